//! Which requests kapi-client retries under faults, through a fault-injecting proxy in front of the test server: as client-go, a `GET` whose connection was lost before the response is sent again, a `POST` that may have reached the server never is; `Retry-After` is honoured on `429` for any method and on `503` for reads only; a cut body is an error, never a shorter result.

use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, GetOptions, ListOptions, ObjectMeta};
use kapi_client::ListResource;

use crate::fault_support;

use fault_support::harness::{Harness, NS, WAIT, gaps_ms};
use fault_support::{Fault, Match, within};

fn config_map(name: &str) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta { name: name.into(), namespace: NS.into(), ..Default::default() },
        data: [("k".to_string(), "v".to_string())].into(),
        ..Default::default()
    }
}

/// How many requests with `method` whose target contains `text` the proxy received.
fn count(h: &Harness, method: &str, text: &str) -> usize {
    h.proxy.seen().iter().filter(|s| s.method == method && s.target.contains(text)).count()
}

async fn exists(h: &Harness, name: &str) -> bool {
    match h.direct.namespaced::<ConfigMap>(NS).get(name, &GetOptions::default()).await {
        Ok(_) => true,
        Err(e) if e.is_not_found() => false,
        Err(e) => panic!("reading {name}: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_whose_connection_is_lost_is_never_sent_again() {
    let h = Harness::start().await;
    let api = h.proxied();
    // The server created the object, then the connection was reset before the answer: sending
    // the POST again would create it twice (or fail with 409); the caller must decide.
    h.proxy.inject(Match::method("POST"), Fault::ResetAfterForward, 1);
    let err = within(WAIT, api.create(&config_map("a"), &CreateOptions::default())).await.unwrap_err();
    assert!(err.status().is_none(), "a transport error, not a status: {err}");
    assert_eq!(count(&h, "POST", "/configmaps"), 1);
    assert!(exists(&h, "a").await);

    // Reset, or closed, once the request was read but before the server saw it: still not sent
    // again, since the client cannot tell the two apart.
    h.proxy.inject(Match::method("POST"), Fault::ResetBeforeForward, 1);
    let err = within(WAIT, api.create(&config_map("b"), &CreateOptions::default())).await.unwrap_err();
    assert!(err.status().is_none(), "{err}");
    h.proxy.inject(Match::method("POST"), Fault::CloseBeforeForward, 1);
    let err = within(WAIT, api.create(&config_map("c"), &CreateOptions::default())).await.unwrap_err();
    assert!(err.status().is_none(), "{err}");
    assert_eq!(count(&h, "POST", "/configmaps"), 3);
    assert!(!exists(&h, "b").await && !exists(&h, "c").await);

    // A 500 and a 503 with Retry-After to a POST are not retried either (the server may have
    // acted); a 429 is, as the server refused it before doing anything.
    h.proxy.inject(Match::method("POST"), Fault::internal_error(), 1);
    let err = within(WAIT, api.create(&config_map("d"), &CreateOptions::default())).await.unwrap_err();
    assert_eq!(err.status().map(|s| s.code), Some(500), "{err}");
    h.proxy.inject(Match::method("POST"), Fault::unavailable(Some(1)), 1);
    let err = within(WAIT, api.create(&config_map("d"), &CreateOptions::default())).await.unwrap_err();
    assert_eq!(err.status().map(|s| s.code), Some(503), "{err}");
    assert_eq!(count(&h, "POST", "/configmaps"), 5);
    h.proxy.inject(Match::method("POST"), Fault::too_many_requests(1), 1);
    within(WAIT, api.create(&config_map("d"), &CreateOptions::default())).await.expect("created on the retry");
    let posts: Vec<_> = h.proxy.seen().iter().filter(|s| s.method == "POST").map(|s| s.at).collect();
    assert_eq!(posts.len(), 7);
    let gap = gaps_ms(&posts)[5];
    assert!((1000..3000).contains(&gap), "retried {gap} ms after a Retry-After of 1 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_get_whose_connection_is_lost_before_the_response_is_sent_again() {
    let h = Harness::start().await;
    h.direct.namespaced::<ConfigMap>(NS).create(&config_map("a"), &CreateOptions::default()).await.unwrap();
    let api = h.proxied();
    h.proxy.inject(Match::method("GET"), Fault::ResetBeforeForward, 1);
    h.proxy.inject(Match::method("GET"), Fault::CloseBeforeForward, 1);
    let got = within(WAIT, api.get("a", &GetOptions::default())).await.expect("read on the third try");
    assert_eq!(got.metadata.name, "a");
    let gets: Vec<_> = h.proxy.seen().iter().filter(|s| s.method == "GET").map(|s| s.at).collect();
    assert_eq!(gets.len(), 3, "{:?}", h.proxy.seen());
    for gap in gaps_ms(&gets) {
        assert!((45..1500).contains(&gap), "resent {gap} ms after the loss, want the 50 ms retry wait");
    }

    // Retries are bounded: the fourth loss in a row is the caller's.
    h.proxy.inject(Match::method("GET"), Fault::ResetBeforeForward, 4);
    let err = within(WAIT, api.get("a", &GetOptions::default())).await.unwrap_err();
    assert!(err.status().is_none(), "{err}");
    assert_eq!(count(&h, "GET", "/configmaps/a"), 3 + 4);
    assert_eq!(h.proxy.pending(), 0);

    // A 503 with Retry-After to a GET is retried; a 500 without one is not.
    h.proxy.inject(Match::method("GET"), Fault::unavailable(Some(1)), 1);
    within(WAIT, api.get("a", &GetOptions::default())).await.expect("read on the retry");
    h.proxy.inject(Match::method("GET"), Fault::internal_error(), 1);
    let err = within(WAIT, api.get("a", &GetOptions::default())).await.unwrap_err();
    assert_eq!(err.status().map(|s| s.code), Some(500));
    assert_eq!(count(&h, "GET", "/configmaps/a"), 7 + 2 + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_or_slow_body_is_an_error_never_a_shorter_list() {
    let h = Harness::start().await;
    let direct = h.direct.namespaced::<ConfigMap>(NS);
    for i in 0..20 {
        direct.create(&config_map(&format!("cm-{i:02}")), &CreateOptions::default()).await.unwrap();
    }
    let api = h.proxied();
    for after in [0, 1, 100, 1000] {
        for reset in [false, true] {
            h.proxy.inject(Match::lists("/configmaps"), Fault::CutBody { after, reset }, 1);
            let err = within(WAIT, api.list(&ListOptions::default())).await.unwrap_err();
            assert!(err.status().is_none(), "cut after {after} bytes: {err}");
        }
    }
    // A body cut after its headers is not sent again (the response had begun), as client-go.
    assert_eq!(count(&h, "GET", "/configmaps"), 8);
    let list = within(WAIT, api.list(&ListOptions::default())).await.expect("a whole list");
    assert_eq!(list.into_items().len(), 20);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_whose_connection_is_lost_before_the_response_is_sent_again() {
    let h = Harness::start().await;
    let api = h.proxied();
    h.proxy.inject(Match::watches(), Fault::ResetBeforeForward, 2);
    let options = ListOptions { watch: true, resource_version: "0".into(), ..Default::default() };
    let stream = within(WAIT, api.watch(&options)).await;
    assert!(stream.is_ok(), "the watch started on the third try");
    assert_eq!(h.proxy.seen().iter().filter(|s| s.is_watch()).count(), 3);
}
