//! The generated clientset end to end: typed clients over real HTTP on loopback against the test
//! server (and the same clients in-process as the fake), covering content negotiation in both
//! directions, watch in both framings with bookmarks and 410, chunked lists, dry-run, field
//! validation, typed errors and informer convergence.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::admissionregistration::v1::{
    MutatingWebhookConfiguration, SideEffectClass, ValidatingWebhook, ValidatingWebhookConfiguration,
    WebhookClientConfig,
};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, ObjectMeta, PatchOptions, UpdateOptions,
};
use kapi_client::clientset::{Clientset, InformerFactory};
use kapi_client::factory::SharedInformerFactory;
use kapi_client::{Client, Config, ContentType, Patch, Transport, WatchEvent};
use kapi_testing::{ApiServer, Fault, TestServer};

const GUARD: Duration = Duration::from_secs(20);

fn webhook_config(name: &str) -> ValidatingWebhookConfiguration {
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        webhooks: vec![ValidatingWebhook {
            name: format!("{name}.example.com"),
            client_config: WebhookClientConfig { url: Some("https://hook.example.com/".into()), ..Default::default() },
            side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// A clientset over HTTP to a fresh test server.
async fn http_clientset(content: ContentType) -> (Clientset, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    // These tests look at the errors the server sends, so the client does not retry them.
    config.retry.max_retries = 0;
    let transport = Arc::new(Transport::new(&config).unwrap());
    let client = Client::new(transport, test.url()).unwrap().with_content_type(content);
    (Clientset::new(client), server, test)
}

async fn next_event<R>(stream: &mut kapi_client::EventStream<R>) -> WatchEvent<R> {
    use std::future::poll_fn;
    use std::pin::Pin;
    let ev = tokio::time::timeout(GUARD, poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut *stream), cx)))
        .await
        .expect("an event before the guard");
    ev.expect("the stream is open").expect("the event decodes")
}

#[tokio::test]
async fn crud_over_http_in_protobuf_and_json() {
    for content in [ContentType::Protobuf, ContentType::Json] {
        let (cs, server, test) = http_clientset(content).await;
        let api = cs.admissionregistration_v1().validating_webhook_configurations();
        let created = api.create(&webhook_config("a"), &CreateOptions::default()).await.unwrap();
        assert!(!created.metadata.uid.is_empty());
        assert!(!created.metadata.resource_version.is_empty());
        // The server applied v1's defaults on the way in.
        assert_eq!(created.webhooks[0].timeout_seconds, Some(10));
        assert_eq!(created.webhooks[0].failure_policy.as_ref().map(|p| p.as_str()), Some("Fail"));

        let got = api.get("a", &GetOptions::default()).await.unwrap();
        assert_eq!(got, created);
        let mut changed = got.clone();
        changed.webhooks[0].timeout_seconds = Some(5);
        let updated = api.update(&changed, &UpdateOptions::default()).await.unwrap();
        assert_eq!(updated.webhooks[0].timeout_seconds, Some(5));

        // The wire format in both directions follows the preference.
        let records = server.requests();
        let post = records.iter().find(|r| r.method == http::Method::POST).unwrap();
        let put = records.iter().find(|r| r.method == http::Method::PUT).unwrap();
        match content {
            ContentType::Protobuf => {
                assert_eq!(post.content_type.as_deref(), Some("application/vnd.kubernetes.protobuf"));
                assert!(put.accept.as_deref().unwrap().starts_with("application/vnd.kubernetes.protobuf"));
            }
            ContentType::Json => {
                assert_eq!(post.content_type.as_deref(), Some("application/json"));
                assert_eq!(put.accept.as_deref(), Some("application/json"));
            }
        }

        let patched = api
            .patch("a", &Patch::Merge(br#"{"metadata":{"labels":{"team":"x"}}}"#.to_vec()), &PatchOptions::default())
            .await
            .unwrap();
        assert_eq!(patched.metadata.labels.get("team").map(String::as_str), Some("x"));
        api.delete("a", &DeleteOptions::default()).await.unwrap();
        assert!(api.get("a", &GetOptions::default()).await.unwrap_err().is_not_found());
        test.shutdown().await;
    }
}

#[tokio::test]
async fn typed_errors_come_from_status_bodies() {
    let (cs, server, test) = http_clientset(ContentType::Protobuf).await;
    let api = cs.admissionregistration_v1().validating_webhook_configurations();
    api.create(&webhook_config("dup"), &CreateOptions::default()).await.unwrap();
    let err = api.create(&webhook_config("dup"), &CreateOptions::default()).await.unwrap_err();
    assert!(err.is_already_exists(), "{err}");
    assert_eq!(err.to_string(), r#"validatingwebhookconfigurations.admissionregistration.k8s.io "dup" already exists"#);

    let mut stale = api.get("dup", &GetOptions::default()).await.unwrap();
    api.update(&stale, &UpdateOptions::default()).await.unwrap();
    stale.webhooks[0].timeout_seconds = Some(3);
    stale.metadata.resource_version = "1".into();
    assert!(api.update(&stale, &UpdateOptions::default()).await.unwrap_err().is_conflict());

    let invalid = webhook_config("Not_A_Name");
    let err = api.create(&invalid, &CreateOptions::default()).await.unwrap_err();
    assert!(err.is_invalid(), "{err}");
    assert!(!err.status().unwrap().causes().is_empty());

    server.fail_next(Fault::too_many_requests(7));
    let err = api.get("dup", &GetOptions::default()).await.unwrap_err();
    assert!(err.is_too_many_requests(), "{err}");
    assert_eq!(err.retry_after(), Some(Duration::from_secs(7)));

    // A client that retries (the default) waits as told and gets the object.
    let retrying = Transport::new(&Config::new(test.url()).unwrap()).unwrap();
    let client = Client::new(Arc::new(retrying), test.url()).unwrap();
    let api2 = Clientset::new(client).admissionregistration_v1().validating_webhook_configurations();
    server.clear_requests();
    server.fail_next(Fault::too_many_requests(1));
    assert_eq!(api2.get("dup", &GetOptions::default()).await.unwrap().metadata.name, "dup");
    assert_eq!(server.requests().len(), 2);
    test.shutdown().await;
}

#[tokio::test]
async fn dry_run_returns_the_object_and_stores_nothing() {
    let (cs, _server, test) = http_clientset(ContentType::Protobuf).await;
    let api = cs.admissionregistration_v1().validating_webhook_configurations();
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let mut obj = webhook_config("");
    obj.metadata.generate_name = "gen-".into();
    // The webhook's own name must be a valid domain, which `.example.com` is not.
    obj.webhooks[0].name = "gen.example.com".into();
    let out = api.create(&obj, &dry).await.unwrap();
    // Upstream's store fills the UID and generates the name before the storage step a dry run
    // skips.
    assert_eq!(out.metadata.uid.len(), 36, "a UID on a dry-run create: {:?}", out.metadata.uid);
    assert!(out.metadata.name.starts_with("gen-"), "a generated name on a dry-run create: {:?}", out.metadata.name);
    assert_eq!(out.metadata.resource_version, "");
    assert_eq!(out.webhooks[0].timeout_seconds, Some(10), "defaults are applied as on a real create");
    assert!(api.list(&ListOptions::default()).await.unwrap().items.unwrap_or_default().is_empty());

    // Errors are those of a real request.
    api.create(&webhook_config("real"), &CreateOptions::default()).await.unwrap();
    let err = api.create(&webhook_config("real"), &dry).await.unwrap_err();
    assert!(err.is_already_exists());
    // A dry-run delete leaves the object.
    let dry_delete = DeleteOptions { dry_run: vec!["All".into()], ..Default::default() };
    api.delete("real", &dry_delete).await.unwrap();
    assert!(api.get("real", &GetOptions::default()).await.is_ok());
    test.shutdown().await;
}

#[tokio::test]
async fn field_validation_warns_or_rejects() {
    let (cs, _server, test) = http_clientset(ContentType::Json).await;
    let v1 = cs.admissionregistration_v1().validating_webhook_configurations();
    v1.create(&webhook_config("fv"), &CreateOptions::default()).await.unwrap();
    let patch = Patch::Merge(br#"{"metadata":{"labels":{"a":"b"}},"spec":{"bogus":1}}"#.to_vec());
    let warn = PatchOptions { field_validation: "Warn".into(), ..Default::default() };
    let response = v1.patch_with_warnings("fv", &patch, &warn).await.unwrap();
    assert_eq!(response.warnings, [r#"unknown field "spec""#]);
    let strict = PatchOptions { field_validation: "Strict".into(), ..Default::default() };
    let err = v1.patch("fv", &patch, &strict).await.unwrap_err();
    assert!(err.is_bad_request(), "{err}");
    assert!(err.to_string().contains(r#"strict decoding error: unknown field "spec""#), "{err}");
    test.shutdown().await;
}

#[tokio::test]
async fn chunked_lists_are_followed_transparently() {
    let (cs, server, test) = http_clientset(ContentType::Protobuf).await;
    let api = cs.admissionregistration_v1().mutating_webhook_configurations();
    for i in 0..7 {
        let obj = MutatingWebhookConfiguration {
            metadata: ObjectMeta { name: format!("m{i}"), ..Default::default() },
            ..Default::default()
        };
        api.create(&obj, &CreateOptions::default()).await.unwrap();
    }
    server.clear_requests();
    let page = api.list(&ListOptions { limit: 3, ..Default::default() }).await.unwrap();
    assert_eq!(page.items.as_ref().map(Vec::len), Some(3));
    assert!(!page.metadata.continue_.is_empty());
    let all = api.list_all(&ListOptions { limit: 3, ..Default::default() }).await.unwrap();
    let names: Vec<String> = all.items.unwrap_or_default().into_iter().map(|m| m.metadata.name).collect();
    assert_eq!(names, ["m0", "m1", "m2", "m3", "m4", "m5", "m6"]);
    let lists = server.requests().iter().filter(|r| r.method == http::Method::GET).count();
    assert_eq!(lists, 1 + 3, "one page, then three pages for list_all");
    test.shutdown().await;
}

#[tokio::test]
async fn watch_in_both_framings_with_bookmarks_and_gone() {
    for content in [ContentType::Protobuf, ContentType::Json] {
        let (cs, server, test) = http_clientset(content).await;
        let api = cs.admissionregistration_v1().validating_webhook_configurations();
        let start = api.list(&ListOptions::default()).await.unwrap().metadata.resource_version;
        let mut stream = api
            .watch(&ListOptions { resource_version: start, allow_watch_bookmarks: true, ..Default::default() })
            .await
            .unwrap();
        api.create(&webhook_config("w"), &CreateOptions::default()).await.unwrap();
        match next_event(&mut stream).await {
            WatchEvent::Added(o) => assert_eq!(o.metadata.name, "w"),
            other => panic!("expected ADDED, got {other:?}"),
        }
        api.delete("w", &DeleteOptions::default()).await.unwrap();
        assert!(matches!(next_event(&mut stream).await, WatchEvent::Deleted(_)));
        server.request_bookmarks();
        match next_event(&mut stream).await {
            WatchEvent::Bookmark(o) => assert!(!o.metadata.resource_version.is_empty()),
            other => panic!("expected BOOKMARK, got {other:?}"),
        }
        let watch = server.requests().into_iter().rfind(|r| r.query.contains("watch=")).unwrap();
        if content == ContentType::Protobuf {
            assert!(watch.accept.unwrap().starts_with("application/vnd.kubernetes.protobuf"));
        }
        // A resource version older than the history: an ERROR event with 410.
        server.compact();
        let mut old = api.watch(&ListOptions { resource_version: "1".into(), ..Default::default() }).await.unwrap();
        match next_event(&mut old).await {
            WatchEvent::Error(status) => assert_eq!(status.code, 410),
            other => panic!("expected ERROR 410, got {other:?}"),
        }
        drop(stream);
        test.shutdown().await;
    }
}

#[tokio::test]
async fn informers_converge_after_a_burst_and_relist_after_gone() {
    let (cs, server, test) = http_clientset(ContentType::Protobuf).await;
    let api = cs.admissionregistration_v1().validating_webhook_configurations();
    api.create(&webhook_config("before"), &CreateOptions::default()).await.unwrap();

    let factory = InformerFactory::new(&cs, SharedInformerFactory::new(None));
    let informer = factory.admissionregistration_v1().validating_webhook_configurations();
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    informer.add_handler(kapi_client::informer::HandlerFns::new().on_add(
        move |o: &Arc<ValidatingWebhookConfiguration>| log.lock().unwrap().push(format!("add {}", o.metadata.name)),
    ));
    factory.factory().start().unwrap();
    assert!(tokio::time::timeout(GUARD, informer.wait_for_sync()).await.unwrap());

    // A burst of changes.
    for i in 0..20 {
        api.create(&webhook_config(&format!("x{i}")), &CreateOptions::default()).await.unwrap();
    }
    for i in 0..20 {
        if i % 2 == 0 {
            api.delete(&format!("x{i}"), &DeleteOptions::default()).await.unwrap();
        } else {
            let mut o = api.get(&format!("x{i}"), &GetOptions::default()).await.unwrap();
            o.webhooks[0].timeout_seconds = Some(i);
            api.update(&o, &UpdateOptions::default()).await.unwrap();
        }
    }
    let lister = factory.admissionregistration_v1().validating_webhook_configuration_lister();
    let expected: BTreeSet<String> =
        std::iter::once("before".to_owned()).chain((1..20).step_by(2).map(|i| format!("x{i}"))).collect();
    let converged = |lister: &kapi_client::lister::Lister<ValidatingWebhookConfiguration>| {
        let items = lister.list(&kapi_client::labels::Selector::everything());
        let names: BTreeSet<String> = items.iter().map(|o| o.metadata.name.clone()).collect();
        names == expected
            && items.iter().filter(|o| o.metadata.name.starts_with('x')).all(|o| {
                let i: i32 = o.metadata.name[1..].parse().unwrap();
                o.webhooks[0].timeout_seconds == Some(i)
            })
    };
    tokio::time::timeout(GUARD, async {
        while !converged(&lister) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the cache converges");
    assert_eq!(lister.get("x3").unwrap().webhooks[0].timeout_seconds, Some(3));

    // The history is compacted and watches closed: the informer must re-list (410) and still
    // see a change made while it was away.
    server.compact();
    server.close_watches();
    api.create(&webhook_config("after"), &CreateOptions::default()).await.unwrap();
    tokio::time::timeout(GUARD, async {
        while lister.get("after").is_err() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the informer recovers");
    assert!(seen.lock().unwrap().contains(&"add after".to_owned()));
    factory.factory().shutdown().await;
    test.shutdown().await;
}

#[tokio::test]
async fn the_fake_clientset_has_the_same_semantics_in_process() {
    let (cs, server) = kapi_testing::fake_clientset().unwrap();
    let api = cs.admissionregistration_v1().validating_webhook_configurations();
    api.create(&webhook_config("f"), &CreateOptions::default()).await.unwrap();
    assert!(api.create(&webhook_config("f"), &CreateOptions::default()).await.unwrap_err().is_already_exists());
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let out = api.create(&webhook_config("g"), &dry).await.unwrap();
    assert_eq!(out.metadata.resource_version, "");
    assert!(api.get("g", &GetOptions::default()).await.unwrap_err().is_not_found());
    // Every resource of the API crate, and the legacy `bindings` beside pods.
    assert_eq!(server.tracker().resources().len(), kapi_api::resources().len() + 1);
    // Policies in every version the group serves.
    let beta = cs.admissionregistration_v1beta1().validating_admission_policies();
    assert!(beta.list(&ListOptions::default()).await.unwrap().items.unwrap_or_default().is_empty());
}

/// The server learns what to serve from the API crate (`register_builtin`, from
/// `kapi_api::resources()`); a generated clientset's `register_all` tells it the same.
#[test]
fn the_clientset_registers_what_the_api_crate_lists() {
    type Gvr = (&'static str, &'static str, &'static str);
    type Facts = (Gvr, &'static str, bool, Vec<&'static str>, Vec<(&'static str, Vec<&'static str>)>);
    let facts = |s: &ApiServer| -> Vec<Facts> {
        let mut v: Vec<Facts> = s
            .tracker()
            .resources()
            .iter()
            .map(|i| {
                let subs = i.subresources.iter().map(|s| (s.name, s.inputs.iter().map(|k| k.kind).collect())).collect();
                ((i.group, i.version, i.resource), i.kind, i.namespaced, i.verbs.to_vec(), subs)
            })
            .collect();
        v.sort();
        v
    };
    let builtin = ApiServer::serving_everything();
    builtin.register_builtin();
    let through_clientset = ApiServer::serving_everything();
    kapi_client::clientset::register_all(&through_clientset).unwrap();
    let (a, b) = (facts(&builtin), facts(&through_clientset));
    assert_eq!(a, b);
    // And the legacy `bindings`, which kube-apiserver serves beside pods from their storage.
    assert_eq!(a.len(), kapi_api::resources().len() + 1);
    let pods = a.iter().find(|f| f.0 == ("", "v1", "pods")).expect("pods are served");
    assert!(pods.4.contains(&("eviction", vec!["Eviction", "Eviction"])), "{pods:?}");
}

#[tokio::test]
async fn create_only_kinds_have_clients_without_a_list_kind() {
    use kapi_api::authentication::v1::{TokenReview, TokenReviewSpec};
    let (cs, _server, test) = http_clientset(ContentType::Protobuf).await;
    let reviews = cs.authentication_v1().token_reviews();
    let review = TokenReview {
        metadata: ObjectMeta { name: "r".into(), ..Default::default() },
        spec: TokenReviewSpec { token: "t0k3n".into(), ..Default::default() },
        ..Default::default()
    };
    let out = reviews.create(&review, &CreateOptions::default()).await.unwrap();
    assert_eq!(out.spec.token, "t0k3n");
    // Only `create` is served: other verbs fail before any request.
    let err = reviews.get("r", &GetOptions::default()).await.unwrap_err();
    assert!(matches!(err, kapi_client::Error::InvalidRequest(_)), "{err}");
    test.shutdown().await;
}
