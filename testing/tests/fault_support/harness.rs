//! The fault suites' fixture: a `TestServer` behind a [`FaultProxy`], a client through the proxy and one straight to the server, a log of every write with its resource version, and the check that a consumer's history is the server's, with nothing lost or repeated.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, GetOptions, ListOptions, ObjectMeta, UpdateOptions};
use kapi_client::config::{Config, Retry};
use kapi_client::{Api, Client, ListResource};
use kapi_testing::{ApiServer, TestServer};

use super::{FaultProxy, lock};

/// The namespace the suites write in.
pub const NS: &str = "default";

/// What a write did to one object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Created or updated.
    Apply,
    Delete,
}

/// A write and the resource version the server gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    pub change: Change,
    pub name: String,
    pub rv: u64,
}

/// The server's state: names and resource versions.
pub type State = BTreeMap<String, u64>;

/// A step of what a consumer saw: a complete state, or one change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    List(State),
    Event(Write),
}

pub fn rv_of(meta: &ObjectMeta) -> u64 {
    meta.resource_version.parse().expect("the test server's resource versions are integers")
}

/// The server, the proxy in front of it and two clients.
pub struct Harness {
    pub api: Arc<ApiServer>,
    pub server: TestServer,
    pub proxy: FaultProxy,
    /// Through the proxy, with short retry waits.
    pub client: Client,
    /// Straight to the in-process server: the writes never meet a fault.
    pub direct: Client,
    writes: Mutex<Vec<Write>>,
}

/// The proxied client's configuration: requests time out after `timeout`; `Retry-After` and
/// lost connections are retried up to 3 times, each wait cut to 2 s, a `GET` whose connection
/// was lost after 50 ms.
pub fn config(url: &str, timeout: Duration) -> Config {
    let mut config = Config::new(url).expect("a loopback URL is valid");
    config.timeout = Some(timeout);
    config.retry =
        Retry { max_retries: 3, max_delay: Duration::from_secs(2), connection_lost_delay: Duration::from_millis(50) };
    config
}

impl Harness {
    pub async fn start() -> Harness {
        Harness::start_with(|_| {}).await
    }

    /// A harness whose proxied client's configuration `tweak` adjusts.
    pub async fn start_with(tweak: impl FnOnce(&mut Config)) -> Harness {
        let api = Arc::new(ApiServer::new());
        api.register::<ConfigMap>().expect("registers config maps");
        // Only the API server: no control loop writes beside the suites' own writes.
        api.set_controllers(kapi_testing::Controllers::none());
        let server = TestServer::start(api.clone(), None).await.expect("binds a loopback port");
        let proxy = FaultProxy::start(server.addr()).await;
        let mut config = config(&proxy.url(), Duration::from_secs(5));
        tweak(&mut config);
        let client = Client::try_from_config(&config).expect("a valid configuration");
        let direct = Client::new(api.clone(), "https://kapi.test").expect("a valid URL");
        Harness { api, server, proxy, client, direct, writes: Mutex::new(Vec::new()) }
    }

    /// Config maps in the namespace, through the proxy.
    pub fn proxied(&self) -> Api<ConfigMap> {
        self.client.namespaced(NS)
    }

    fn direct_api(&self) -> Api<ConfigMap> {
        self.direct.namespaced(NS)
    }

    /// The server's state now, read straight from it.
    pub async fn server_state(&self) -> State {
        let list = self.direct_api().list(&ListOptions::default()).await.expect("lists straight from the server");
        list.into_items().iter().map(|o| (o.metadata.name.clone(), rv_of(&o.metadata))).collect()
    }

    /// The writes so far.
    pub fn writes(&self) -> Vec<Write> {
        lock(&self.writes).clone()
    }

    /// The resource version of the last write (0 before any).
    pub fn last_rv(&self) -> u64 {
        lock(&self.writes).last().map_or(0, |w| w.rv)
    }

    fn record(&self, change: Change, name: &str, rv: u64) {
        lock(&self.writes).push(Write { change, name: name.into(), rv });
    }

    /// Creates `name`, or updates it when it exists, or deletes it on `delete`.
    pub async fn write(&self, name: &str, value: usize, delete: bool) {
        let api = self.direct_api();
        let existing = match api.get(name, &GetOptions::default()).await {
            Ok(cm) => Some(cm),
            Err(e) if e.is_not_found() => None,
            Err(e) => panic!("reading {name} straight from the server: {e}"),
        };
        match existing {
            Some(_) if delete => {
                api.delete(name, &DeleteOptions::default()).await.expect("deletes");
                // The deletion's own resource version: the server's latest, as only the test writes.
                let list = api.list(&ListOptions::default().limit(1)).await.expect("lists");
                let rv = list.list_meta().resource_version.parse().expect("an integer resource version");
                self.record(Change::Delete, name, rv);
            }
            Some(mut cm) => {
                cm.data.insert("value".into(), value.to_string());
                let cm = api.update(&cm, &UpdateOptions::default()).await.expect("updates");
                self.record(Change::Apply, name, rv_of(&cm.metadata));
            }
            None => {
                let cm = ConfigMap {
                    metadata: ObjectMeta { name: name.into(), namespace: NS.into(), ..Default::default() },
                    data: [("value".to_string(), value.to_string())].into(),
                    ..Default::default()
                };
                let cm = api.create(&cm, &CreateOptions::default()).await.expect("creates");
                self.record(Change::Apply, name, rv_of(&cm.metadata));
            }
        }
    }

    /// Write number `i` of the suites' fixed mix over five names: creates, updates and every
    /// third a delete.
    pub async fn write_step(&self, i: usize) {
        self.write(&format!("cm-{}", i % 5), i, i % 3 == 2).await
    }
}

/// The state after each prefix of the writes: `states[i]` is the state after `writes[..i]`.
fn states(writes: &[Write]) -> Vec<State> {
    let mut out = vec![State::new()];
    let mut s = State::new();
    for w in writes {
        match w.change {
            Change::Apply => s.insert(w.name.clone(), w.rv),
            Change::Delete => s.remove(&w.name),
        };
        out.push(s.clone());
    }
    out
}

/// Checks that a consumer's history is the server's: every complete state is the state after
/// some prefix of the writes, the changes after it are exactly the writes that follow, one by
/// one (none lost, repeated or out of order), and the history ends with every write seen.
pub fn check_history(writes: &[Write], history: &[Step]) -> Result<(), String> {
    let states = states(writes);
    let mut pos: Option<usize> = None;
    for (i, step) in history.iter().enumerate() {
        match step {
            Step::List(state) => {
                let Some(at) = states.iter().position(|s| s == state) else {
                    return Err(format!("step {i}: the listed state {state:?} is no state the server was in"));
                };
                if pos.is_some_and(|p| at < p) {
                    return Err(format!("step {i}: the listed state goes back from write {pos:?} to {at}"));
                }
                pos = Some(at);
            }
            Step::Event(event) => {
                let Some(p) = pos else { return Err(format!("step {i}: a change before the first list")) };
                match writes.get(p) {
                    Some(w) if w == event => pos = Some(p + 1),
                    Some(w) => return Err(format!("step {i}: saw {event:?} where write {p} was {w:?}")),
                    None => return Err(format!("step {i}: saw {event:?} after the last write")),
                }
            }
        }
    }
    match pos {
        Some(p) if p == writes.len() => Ok(()),
        _ => Err(format!("the history ends at write {pos:?} of {}", writes.len())),
    }
}

/// Gaps between consecutive times, in milliseconds.
pub fn gaps_ms(times: &[tokio::time::Instant]) -> Vec<u128> {
    times.windows(2).map(|w| (w[1] - w[0]).as_millis()).collect()
}

/// A guard for one wait in the suites.
pub const WAIT: Duration = Duration::from_secs(15);
