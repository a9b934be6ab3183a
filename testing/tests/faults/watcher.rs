//! The self-healing `watcher()` stream against the in-process API server: list then watch,
//! resume after a closed watch, relist after `410 Gone`, back off and retry after failures.

use std::sync::Arc;
use std::time::Duration;

use kapi_api::meta::v1::CreateOptions;
use kapi_client::reflector::Backoff;
use kapi_client::watcher::{Event, WatcherConfig, watcher};
use kapi_client::{Client, Error, Stream, StreamExt};
use kapi_testing::{ApiServer, Fault};

use crate::informer_support;

use informer_support::*;

/// The event as `kind name`, for comparing sequences.
fn show(event: &Event<Vwc>) -> String {
    match event {
        Event::Init => "init".into(),
        Event::InitDone => "init-done".into(),
        Event::InitApply(o) => format!("init-apply {}", o.metadata.name),
        Event::Apply(o) => format!("apply {}", o.metadata.name),
        Event::Delete(o) => format!("delete {}", o.metadata.name),
    }
}

/// The next event, shown; errors fail the test.
async fn next<S: Stream<Item = Result<Event<Vwc>, Error>> + Unpin>(events: &mut S) -> String {
    show(&guard(events.next()).await.expect("the watcher never ends").unwrap())
}

#[tokio::test]
async fn lists_watches_resumes_relists_on_gone_and_backs_off() {
    let server = Arc::new(ApiServer::new());
    server.register::<Vwc>().unwrap();
    let client = Client::new(server.clone(), "https://kapi.test").unwrap();
    let hooks = client.api::<Vwc>();
    let create = |name: &'static str| {
        let hooks = hooks.clone();
        async move {
            let hook = Vwc { metadata: meta("", name, "", &[("app", "web")]), ..Default::default() };
            hooks.create(&hook, &CreateOptions::default()).await.unwrap()
        }
    };
    create("a").await;
    create("b").await;
    let other = Vwc { metadata: meta("", "other", "", &[("app", "db")]), ..Default::default() };
    hooks.create(&other, &CreateOptions::default()).await.unwrap();

    let backoff =
        Backoff { initial: Duration::from_millis(20), max: Duration::from_millis(40), factor: 2.0, jitter: 0.5 };
    let config = WatcherConfig::default().labels("app=web").page_size(1).backoff(backoff);
    let mut events = Box::pin(watcher(client.api::<Vwc>(), config));

    // The initial list, page by page, as one complete state; the selector leaves `other` out.
    for want in ["init", "init-apply a", "init-apply b", "init-done"] {
        assert_eq!(next(&mut events).await, want);
    }
    create("c").await;
    assert_eq!(next(&mut events).await, "apply c");
    hooks.delete("a", &Default::default()).await.unwrap();
    assert_eq!(next(&mut events).await, "delete a");

    // The server ends the watch (a closed connection): the watcher resumes from the last version,
    // so nothing is repeated.
    server.close_watches();
    create("d").await;
    assert_eq!(next(&mut events).await, "apply d");

    // Changes while no watch is open, then the history compacted away: resuming answers 410, so
    // the watcher lists again and announces the new complete state.
    server.close_watches();
    create("e").await;
    server.compact();
    for want in ["init", "init-apply b", "init-apply c", "init-apply d", "init-apply e", "init-done"] {
        assert_eq!(next(&mut events).await, want);
    }

    // Failures are yielded as errors and retried after the back-off until the watch is back.
    server.close_watches();
    server.fail_next(
        Fault::status(500, "InternalError", "the etcd leader changed").on_method(http::Method::GET).times(2),
    );
    let started = std::time::Instant::now();
    for _ in 0..2 {
        let err = guard(events.next()).await.unwrap().unwrap_err();
        assert_eq!(err.status().map(|s| s.code), Some(500), "{err}");
        assert!(err.to_string().contains("the etcd leader changed"), "{err}");
    }
    create("f").await;
    assert_eq!(show(&guard(events.next()).await.unwrap().unwrap()), "apply f");
    // Two failures: the first waits 20..30 ms, the second 40 ms (the cap), before the watch.
    assert!(started.elapsed() >= Duration::from_millis(55), "{:?}", started.elapsed());
}

/// Passes requests to the server, keeping the query of every list (a GET without `watch`).
struct ListLog {
    server: Arc<ApiServer>,
    lists: std::sync::Mutex<Vec<std::collections::BTreeMap<String, String>>>,
}

impl kapi_client::Service for ListLog {
    fn call(&self, request: http::Request<bytes::Bytes>) -> kapi_client::ResponseFuture<'_> {
        let query = request.uri().query().unwrap_or_default();
        let pairs: std::collections::BTreeMap<String, String> =
            query.split('&').filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
        if request.method() == http::Method::GET && !pairs.contains_key("watch") {
            self.lists.lock().unwrap().push(pairs);
        }
        kapi_client::Service::call(&*self.server, request)
    }
}

impl ListLog {
    /// The `resourceVersion`, `resourceVersionMatch` and whether a `continue` token was sent, of
    /// every list since the last call.
    fn take(&self) -> Vec<(String, String, bool)> {
        let get = |q: &std::collections::BTreeMap<String, String>, k: &str| q.get(k).cloned().unwrap_or_default();
        std::mem::take(&mut *self.lists.lock().unwrap())
            .iter()
            .map(|q| (get(q, "resourceVersion"), get(q, "resourceVersionMatch"), q.contains_key("continue")))
            .collect()
    }
}

#[tokio::test]
async fn any_semantic_lists_from_version_zero_and_relists_never_older() {
    let server = Arc::new(ApiServer::new());
    server.register::<Vwc>().unwrap();
    let log = Arc::new(ListLog { server: server.clone(), lists: Default::default() });
    let client = Client::new(log.clone(), "https://kapi.test").unwrap();
    let hooks = client.api::<Vwc>();
    let create = |name: &'static str| {
        let hooks = hooks.clone();
        async move {
            let hook = Vwc { metadata: meta("", name, "", &[]), ..Default::default() };
            hooks.create(&hook, &CreateOptions::default()).await.unwrap()
        }
    };
    for name in ["a", "b", "c"] {
        create(name).await;
    }
    let s = |v: &str| v.to_owned();
    let not_older = s("NotOlderThan");

    // The default reads the most recent state: no resourceVersion at all.
    let mut events = Box::pin(watcher(client.api::<Vwc>(), WatcherConfig::default().page_size(2)));
    for want in ["init", "init-apply a", "init-apply b", "init-apply c", "init-done"] {
        assert_eq!(next(&mut events).await, want);
    }
    drop(events);
    assert_eq!(log.take(), [(s(""), s(""), false), (s(""), s(""), true)]);

    // Any state: the first page asks for resourceVersion 0 (the watch cache on a real server);
    // the continuation carries only its token, which a real server requires.
    let backoff = Backoff::new(Duration::from_millis(10), Duration::from_millis(20));
    let config = WatcherConfig::default().page_size(2).backoff(backoff).any_semantic();
    let mut events = Box::pin(watcher(client.api::<Vwc>(), config));
    for want in ["init", "init-apply a", "init-apply b", "init-apply c", "init-done"] {
        assert_eq!(next(&mut events).await, want);
    }
    assert_eq!(log.take(), [(s("0"), not_older.clone(), false), (s(""), s(""), true)]);
    let d = create("d").await;
    assert_eq!(next(&mut events).await, "apply d");

    // History compacted away while no watch was open: the relist asks for state not older than
    // the last version announced (d's), never any state, so the stream cannot go back in time.
    server.close_watches();
    create("e").await;
    server.compact();
    for want in ["init", "init-apply a", "init-apply b", "init-apply c", "init-apply d", "init-apply e", "init-done"] {
        assert_eq!(next(&mut events).await, want);
    }
    let rv_d = d.metadata.resource_version.clone();
    assert_eq!(log.take(), [(rv_d, not_older.clone(), false), (s(""), s(""), true), (s(""), s(""), true)]);

    // If even that version is gone, the next list reads the most recent state. The faults answer
    // the rewatch and then the relist 410.
    let last = create("f").await;
    assert_eq!(next(&mut events).await, "apply f");
    server.close_watches();
    server.fail_next(Fault::status(410, "Expired", "too old resource version").on_method(http::Method::GET).times(2));
    let err = guard(events.next()).await.unwrap().unwrap_err();
    assert!(err.is_gone(), "{err}");
    assert_eq!(next(&mut events).await, "init");
    let lists = log.take();
    assert_eq!(lists[..2], [(last.metadata.resource_version.clone(), not_older, false), (s(""), s(""), false)]);
}
