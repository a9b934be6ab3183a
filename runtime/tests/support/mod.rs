//! What the end-to-end suites share: an in-process API server with the kinds they use, object
//! builders, a log of reconciles and time limits for waits.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::coordination::v1::Lease;
use kapi_api::core::v1::{ConfigMap, Pod, Secret};
use kapi_api::events::v1::Event;
use kapi_api::meta::v1::ObjectMeta;
use kapi_client::Client;
use kapi_runtime::metrics::Registry;
use kapi_testing::ApiServer;
use tokio::time::Instant;

/// A server with config maps, secrets, pods, leases and events, and a client to it.
pub fn server() -> (Arc<ApiServer>, Client) {
    let server = Arc::new(ApiServer::new());
    server.register::<ConfigMap>().expect("registers");
    server.register::<Secret>().expect("registers");
    server.register::<Pod>().expect("registers");
    server.register::<Lease>().expect("registers");
    server.register::<Event>().expect("registers");
    let client = Client::new(server.clone(), "https://kapi.test").expect("a valid URL");
    (server, client)
}

/// A config map in `default`.
pub fn config_map(name: &str, data: &[(&str, &str)]) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        data: data.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    }
}

/// A fresh metrics registry, so that suites running at once do not share counters.
pub fn registry() -> Arc<Registry> {
    Arc::new(Registry::default())
}

/// Fails the test when `f` takes more than 20 seconds.
pub async fn guard<T>(f: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), f).await.expect("timed out after 20 s")
}

/// One reconcile: who ran it, for which key, from when to when.
#[derive(Debug, Clone)]
pub struct Entry {
    pub who: String,
    pub key: String,
    pub start: Instant,
    pub end: Instant,
}

/// A shared log of reconciles.
#[derive(Debug, Clone, Default)]
pub struct Log(Arc<Mutex<Vec<Entry>>>);

impl Log {
    pub fn push(&self, who: &str, key: &str, start: Instant) {
        let e = Entry { who: who.into(), key: key.into(), start, end: Instant::now() };
        self.0.lock().unwrap().push(e);
    }

    pub fn entries(&self) -> Vec<Entry> {
        self.0.lock().unwrap().clone()
    }

    pub fn count(&self, key: &str) -> usize {
        self.entries().iter().filter(|e| e.key == key).count()
    }

    /// Waits until `f` holds over the log (checked every 10 ms, at most 20 s).
    pub async fn until(&self, what: &str, f: impl Fn(&[Entry]) -> bool) {
        let start = Instant::now();
        while !f(&self.entries()) {
            assert!(start.elapsed() < Duration::from_secs(20), "timed out waiting for {what}: {:?}", self.entries());
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}
