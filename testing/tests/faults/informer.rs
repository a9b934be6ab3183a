//! Informers, listers and the informer factory over a client talking to the in-process API server.

use std::sync::Arc;

use kapi_api::admissionregistration::v1::ValidatingAdmissionPolicy;
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, UpdateOptions};
use kapi_client::Client;
use kapi_client::factory::SharedInformerFactory;
use kapi_client::informer::SharedInformer;
use kapi_client::labels::Selector;
use kapi_client::reflector::ListSemantic;
use kapi_testing::{ApiServer, Fault};
use tokio::sync::mpsc;

use crate::informer_support;

use informer_support::*;

#[tokio::test]
async fn end_to_end_through_the_client_and_the_in_process_server() {
    let server = Arc::new(ApiServer::new());
    server.register::<Vwc>().unwrap();
    server.register::<ValidatingAdmissionPolicy>().unwrap();
    let client = Client::new(server.clone(), "https://kapi.test").unwrap();
    let hooks = client.api::<Vwc>();
    let hook = |name: &str| Vwc { metadata: meta("", name, "", &[("team", "x")]), ..Default::default() };
    let a = hooks.create(&hook("a"), &CreateOptions::default()).await.unwrap();

    let informer = SharedInformer::new(client.api::<Vwc>(), fast());
    let (errors_tx, mut errors) = mpsc::unbounded_channel();
    informer.set_error_handler(move |e| {
        let _ = errors_tx.send(e.to_string());
    });
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    expect_events(&mut seen, &[&format!("add {}", describe(&a))]).await;

    let b = hooks.create(&hook("b"), &CreateOptions::default()).await.unwrap();
    expect_events(&mut seen, &[&format!("add {}", describe(&b))]).await;
    let mut changed = (*informer.lister().get("a").unwrap()).clone();
    changed.metadata.labels.insert("team".to_string(), "y".to_string());
    let changed = hooks.update(&changed, &UpdateOptions::default()).await.unwrap();
    let update = format!("update {} -> {}", describe(&a), changed.metadata.resource_version);
    expect_events(&mut seen, &[&update]).await;
    hooks.delete("b", &DeleteOptions::default()).await.unwrap();
    let deleted = guard(seen.recv()).await.unwrap();
    assert!(deleted.starts_with("delete b@"), "{deleted}");
    assert_eq!(informer.lister().list(&"team=y".parse().unwrap()).len(), 1);
    assert!(informer.lister().get("b").unwrap_err().is_not_found());

    // A change to another resource moves the server's resource version; a bookmark carries it.
    let policies = client.api::<ValidatingAdmissionPolicy>();
    // A policy upstream's validation accepts: it needs match constraints and a validation.
    let mut policy: ValidatingAdmissionPolicy =
        kapi_machinery::json::from_slice(br#"{"spec":{"failurePolicy":"Fail","matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"]}]},"validations":[{"expression":"true"}]}}"#).expect("a policy");
    policy.metadata = meta("", "p", "", &[]);
    let policy = policies.create(&policy, &CreateOptions::default()).await.unwrap();
    let latest = policy.metadata.resource_version.clone();
    assert_ne!(informer.last_sync_resource_version(), latest);
    server.request_bookmarks();
    until(|| informer.last_sync_resource_version() == latest).await;

    // The server ends the watch: the informer watches again from the bookmark's version.
    server.clear_requests();
    server.close_watches();
    let resumed = format!("resourceVersion={latest}");
    until(|| server.requests().iter().any(|r| r.query.contains("watch=") && r.query.contains(&resumed))).await;
    assert!(server.requests().iter().all(|r| r.query.contains("watch=")), "no re-list: {:?}", server.requests());
    assert!(errors.try_recv().is_err(), "no errors");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn factory_namespace_and_selector_work_against_the_in_process_server() {
    let server = Arc::new(ApiServer::new());
    server.register::<Widget>().unwrap();
    let client = Client::new(server.clone(), "https://kapi.test").unwrap();
    for (ns, name, tier) in [("ns1", "a", "front"), ("ns1", "b", "back"), ("ns2", "c", "front")] {
        let w = labelled("", name, "", &[("tier", tier)]);
        client.namespaced::<Widget>(ns).create(&w, &CreateOptions::default()).await.unwrap();
    }
    let factory = SharedInformerFactory::new(None)
        .with_namespace("ns1")
        .with_label_selector(Selector::parse("tier in (front)").unwrap())
        .with_reflector_config(fast().reflector);
    let informer = factory.informer::<Widget, _>(client.all_namespaces::<Widget>());
    let (errors_tx, mut errors) = mpsc::unbounded_channel();
    informer.set_error_handler(move |e| {
        let _ = errors_tx.send(e.to_string());
    });
    factory.start().unwrap();
    assert!(guard(factory.wait_for_cache_sync()).await.values().all(|synced| *synced));
    assert_eq!(keys(&informer), ["ns1/a"]);

    let list = server
        .requests()
        .into_iter()
        .find(|r| r.method == http::Method::GET && !r.query.contains("watch="))
        .expect("a list request");
    assert!(list.query.contains("fieldSelector=metadata.namespace"), "{}", list.query);
    assert!(list.query.contains("labelSelector=tier"), "{}", list.query);
    let ns2 = client.namespaced::<Widget>("ns2");
    ns2.create(&labelled("", "d", "", &[("tier", "front")]), &CreateOptions::default()).await.unwrap();
    let ns1 = client.namespaced::<Widget>("ns1");
    ns1.create(&labelled("", "e", "", &[("tier", "front")]), &CreateOptions::default()).await.unwrap();
    until(|| informer.store().len() == 2).await;
    assert_eq!(keys(&informer), ["ns1/a", "ns1/e"]);
    assert!(errors.try_recv().is_err(), "no errors");
    guard(factory.shutdown()).await;
}

/// The `resourceVersion` and `resourceVersionMatch` of every list request (a GET without
/// `watch`) since the last call, and whether it carried a `continue` token.
fn take_lists(server: &ApiServer) -> Vec<(String, String, bool)> {
    let lists = server
        .requests()
        .into_iter()
        .filter(|r| r.method == http::Method::GET && !r.query.split('&').any(|kv| kv.starts_with("watch=")))
        .map(|r| {
            let get = |key: &str| {
                r.query.split('&').find_map(|kv| kv.strip_prefix(key)?.strip_prefix('=')).unwrap_or_default().to_owned()
            };
            (get("resourceVersion"), get("resourceVersionMatch"), !get("continue").is_empty())
        })
        .collect();
    server.clear_requests();
    lists
}

#[tokio::test]
async fn any_semantic_informers_list_as_client_go_reflectors_do() {
    let server = Arc::new(ApiServer::new());
    server.register::<Vwc>().unwrap();
    let client = Client::new(server.clone(), "https://kapi.test").unwrap();
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
    let mut config = fast();
    config.reflector.page_size = Some(2);
    config.reflector.list_semantic = ListSemantic::Any;
    server.clear_requests();
    let informer = SharedInformer::new(client.api::<Vwc>(), config);
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    // Any state first (resourceVersion 0: a real server's watch cache); the continuation carries
    // only its token.
    assert_eq!(take_lists(&server), [(s("0"), not_older.clone(), false), (s(""), s(""), true)]);
    assert_eq!(keys(&informer), ["a", "b", "c"]);

    // History compacted while no watch was open: the relist asks for state not older than the
    // cache has reached, never any state, so the cache cannot go back in time.
    let d = create("d").await;
    until(|| informer.last_sync_resource_version() == d.metadata.resource_version).await;
    server.close_watches();
    create("e").await;
    server.compact();
    until(|| informer.lister().get("e").is_ok()).await;
    let lists = take_lists(&server);
    assert_eq!(lists[0], (d.metadata.resource_version.clone(), not_older.clone(), false), "{lists:?}");
    assert!(lists[1..].iter().all(|(rv, _, token)| rv.is_empty() && *token), "{lists:?}");

    // If even that version is gone, the reflector asks again at once for the most recent state,
    // as client-go's does. The faults answer the rewatch and then the relist 410.
    let f = create("f").await;
    until(|| informer.last_sync_resource_version() == f.metadata.resource_version).await;
    server.clear_requests();
    server.fail_next(Fault::status(410, "Expired", "too old resource version").on_method(http::Method::GET).times(2));
    server.close_watches();
    create("g").await;
    until(|| informer.lister().get("g").is_ok()).await;
    let lists = take_lists(&server);
    assert_eq!(
        lists[..2],
        [(f.metadata.resource_version.clone(), not_older, false), (s(""), s(""), false)],
        "{lists:?}"
    );
    guard(informer.shutdown()).await;
}
