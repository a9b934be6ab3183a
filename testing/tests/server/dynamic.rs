//! Discovery, the REST mapper and the dynamic client over HTTP against the test server: aggregated
//! discovery and the legacy fallback, CRUD and watch of a kind only the server was compiled with,
//! and server-side apply of a multi-document manifest.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use kapi_api::apps::v1::Deployment;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, ListMeta, ListOptions, ObjectMeta, PatchOptions,
    UpdateOptions,
};
use kapi_client::discovery::{DISCOVERY_ACCEPT, DiscoverySource};
use kapi_client::dynamic::{ApiResource, DynamicApi, DynamicObject, apply_all};
use kapi_client::{
    Client, Config, DeleteResponse, Discovery, Patch, ResponseFuture, RestMapper, Service, Transport, WatchEvent,
};
use kapi_machinery::json::value::Value;
use kapi_machinery::{GroupVersionKind, TypeMeta};
use kapi_macros::Kapi;
use kapi_testing::{ApiServer, TestServer};

const GUARD: Duration = Duration::from_secs(20);

/// A custom resource the server serves; the client side of these tests never names the type.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "stable.example.com", version = "v1", json_only)]
pub struct CronTab {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: CronTabSpec,
}

/// What to run and when.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct CronTabSpec {
    #[kapi(omitempty)]
    pub cron_spec: String,
    #[kapi(omitempty)]
    pub image: String,
    #[kapi(omitempty, optional)]
    pub replicas: Option<i32>,
}

/// A list of cron tabs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "stable.example.com", version = "v1", json_only)]
pub struct CronTabList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<CronTab>,
}

kapi_client::resource!(
    CronTab,
    CronTabList,
    resource = "crontabs",
    namespaced = true,
    protobuf = false,
    verbs = ["create", "update", "delete", "deletecollection", "get", "list", "watch", "patch", "apply"],
    subresources = [],
);

/// A server with every built-in resource and `crontabs`, on loopback, and a client over HTTP.
async fn serve() -> (Client, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.register::<CronTab>().unwrap();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let config = Config::new(test.url()).unwrap();
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    (client, server, test)
}

/// A service that answers as a server without aggregated discovery: every `Accept` becomes
/// plain JSON before the request reaches the test server.
struct LegacyOnly(Arc<ApiServer>);

impl Service for LegacyOnly {
    fn call(&self, mut request: http::Request<Bytes>) -> ResponseFuture<'_> {
        request.headers_mut().insert(http::header::ACCEPT, http::HeaderValue::from_static("application/json"));
        self.0.call(request)
    }
}

type Entry = (String, String, String, String, bool, Vec<String>, BTreeSet<String>);

fn entries(d: &Discovery) -> BTreeSet<Entry> {
    d.resources()
        .map(|r| {
            (
                r.group.clone(),
                r.version.clone(),
                r.kind.clone(),
                r.resource.clone(),
                r.namespaced,
                r.verbs.clone(),
                r.subresources.iter().map(|s| s.name.clone()).collect(),
            )
        })
        .collect()
}

#[tokio::test]
async fn aggregated_discovery_and_the_legacy_fallback_agree() {
    let (client, server, _test) = serve().await;
    server.clear_requests();
    let aggregated = Discovery::run(&client).await.unwrap();
    assert_eq!(aggregated.source, DiscoverySource::Aggregated);
    let requests = server.requests();
    assert_eq!(requests.iter().map(|r| r.path.as_str()).collect::<Vec<_>>(), ["/api", "/apis"], "two requests in all");
    assert!(requests.iter().all(|r| r.accept.as_deref() == Some(DISCOVERY_ACCEPT)));
    assert_eq!(aggregated.groups[0].name, "", "the core group comes first");
    let apps = aggregated.group("apps").unwrap();
    assert_eq!(apps.preferred_version(), Some("v1"));
    let deployments = apps.versions[0].resources.iter().find(|r| r.resource == "deployments").unwrap();
    let scale = deployments.subresources.iter().find(|s| s.name == "scale").unwrap();
    assert_eq!(scale.kind, Some(GroupVersionKind::new("autoscaling", "v1", "Scale")));
    assert!(deployments.supports("watch") && !deployments.supports("apply"), "apply is a patch in discovery");
    let crontabs = aggregated.resources().find(|r| r.resource == "crontabs").unwrap();
    assert_eq!(
        (crontabs.group.as_str(), crontabs.kind.as_str(), crontabs.namespaced),
        ("stable.example.com", "CronTab", true)
    );

    let legacy = Discovery::run_legacy(&client).await.unwrap();
    assert_eq!(legacy.source, DiscoverySource::Legacy);
    assert!(legacy.failed.is_empty(), "{:?}", legacy.failed);
    assert_eq!(entries(&legacy), entries(&aggregated));
    let order = |d: &Discovery| {
        d.groups.iter().map(|g| (g.name.clone(), g.preferred_version().map(str::to_owned))).collect::<Vec<_>>()
    };
    assert_eq!(order(&legacy), order(&aggregated));

    // A server that answers plain JSON to the aggregated Accept gets the legacy walk.
    let old = Client::new(Arc::new(LegacyOnly(server.clone())), "http://legacy.invalid").unwrap();
    let fallback = Discovery::run(&old).await.unwrap();
    assert_eq!(fallback.source, DiscoverySource::Legacy);
    assert_eq!(entries(&fallback), entries(&aggregated));
}

#[tokio::test]
async fn the_rest_mapper_resolves_kinds_and_names() {
    let (client, _server, _test) = serve().await;
    let mapper = RestMapper::new(&Discovery::run(&client).await.unwrap());
    let cm = mapper.resource_for(&GroupVersionKind::new("", "v1", "ConfigMap")).unwrap();
    assert_eq!((cm.resource.as_str(), cm.namespaced), ("configmaps", true));
    let ns = mapper.mapping("", "Namespace", None).unwrap();
    assert_eq!((ns.resource.as_str(), ns.namespaced), ("namespaces", false));
    assert_eq!(mapper.find("deployments.apps").unwrap(), ApiResource::of::<Deployment>());
    assert_eq!(mapper.find("crontab").unwrap().resource, "crontabs");
    assert_eq!(mapper.find("CronTab.v1.stable.example.com").unwrap().group, "stable.example.com");
    let err = mapper.mapping("stable.example.com", "CronTab", Some("v2")).unwrap_err();
    assert_eq!(err.to_string(), r#"no matches for kind "CronTab" in version "stable.example.com/v2""#);
}

fn crontab(name: &str, image: &str) -> DynamicObject {
    let mut obj = DynamicObject::new(&GroupVersionKind::new("stable.example.com", "v1", "CronTab"), name);
    obj.set(
        "spec",
        Value::Object(vec![
            ("cronSpec".into(), Value::String("* * * * */5".into())),
            ("image".into(), Value::String(image.into())),
        ]),
    );
    obj
}

async fn next_event(stream: &mut kapi_client::EventStream<DynamicObject>) -> WatchEvent<DynamicObject> {
    use std::future::poll_fn;
    use std::pin::Pin;
    let ev = tokio::time::timeout(GUARD, poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut *stream), cx)))
        .await
        .expect("an event before the guard");
    ev.expect("the stream is open").expect("the event decodes")
}

#[tokio::test]
async fn dynamic_crud_and_watch_of_a_kind_the_client_does_not_know() {
    let (client, server, _test) = serve().await;
    let mapper = RestMapper::new(&Discovery::run(&client).await.unwrap());
    let resource = mapper.find("crontabs").unwrap();
    let api = DynamicApi::namespaced(&client, &resource, "default").unwrap();
    let all = DynamicApi::all_namespaces(&client, &resource).unwrap();
    let mut events = all.watch(&ListOptions::default()).await.unwrap();

    let created = api.create(&crontab("a", "img:1"), &CreateOptions::default()).await.unwrap();
    assert!(!created.metadata.uid.is_empty());
    assert_eq!(created.pointer(&["spec", "image"]), Some(&Value::String("img:1".into())));
    assert!(api.create(&crontab("a", "img:1"), &CreateOptions::default()).await.unwrap_err().is_already_exists());
    assert!(
        matches!(next_event(&mut events).await, WatchEvent::Added(o) if o.metadata.name == "a" && o.kind == "CronTab")
    );

    let mut changed = api.get("a", &GetOptions::default()).await.unwrap();
    assert_eq!(changed, created);
    changed.set("spec", Value::Object(vec![("image".into(), Value::String("img:2".into()))]));
    let updated = api.update(&changed, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.pointer(&["spec", "image"]), Some(&Value::String("img:2".into())));
    assert!(updated.pointer(&["spec", "cronSpec"]).is_none(), "update replaces the object");
    assert!(
        matches!(next_event(&mut events).await, WatchEvent::Modified(o) if o.metadata.resource_version == updated.metadata.resource_version)
    );

    // A stale resourceVersion conflicts, as for typed clients.
    assert!(api.update(&changed, &UpdateOptions::default()).await.unwrap_err().is_conflict());

    let patched =
        api.patch("a", &Patch::Merge(br#"{"spec":{"replicas":3}}"#.to_vec()), &PatchOptions::default()).await.unwrap();
    assert_eq!(patched.pointer(&["spec", "replicas"]), Some(&Value::Number("3".into())));
    assert!(matches!(next_event(&mut events).await, WatchEvent::Modified(_)));

    let apply = ApplyOptions { field_manager: "dyn-test".into(), force: true, ..Default::default() };
    let applied = api.apply("b", &crontab("b", "img:9"), &apply).await.unwrap();
    assert_eq!(applied.pointer(&["spec", "image"]), Some(&Value::String("img:9".into())));
    assert!(applied.metadata.managed_fields.iter().any(|m| m.manager == "dyn-test"));
    assert!(matches!(next_event(&mut events).await, WatchEvent::Added(o) if o.metadata.name == "b"));

    let list = api.list(&ListOptions::default()).await.unwrap();
    assert_eq!(list.items.iter().map(|o| o.metadata.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    assert!(list.items.iter().all(|o| o.kind == "CronTab" && o.api_version == "stable.example.com/v1"));
    let paged = api.list_all(&ListOptions { limit: 1, ..Default::default() }).await.unwrap();
    assert_eq!(paged.items.len(), 2);

    // The body's kind and namespace are checked before anything is sent.
    let mut wrong = crontab("c", "x");
    wrong.kind = "Other".into();
    assert!(api.create(&wrong, &CreateOptions::default()).await.is_err());
    let mut elsewhere = crontab("c", "x");
    elsewhere.metadata.namespace = "kube-system".into();
    assert!(api.create(&elsewhere, &CreateOptions::default()).await.is_err());

    match api.delete("a", &DeleteOptions::default()).await.unwrap() {
        DeleteResponse::Object(o) => assert_eq!(o.metadata.name, "a"),
        DeleteResponse::Status(s) => assert_eq!(s.status, "Success"),
    }
    assert!(matches!(next_event(&mut events).await, WatchEvent::Deleted(o) if o.metadata.name == "a"));
    assert!(api.get("a", &GetOptions::default()).await.unwrap_err().is_not_found());

    // Every dynamic request was JSON.
    assert!(
        server
            .requests()
            .iter()
            .filter(|r| r.path.contains("crontabs"))
            .all(|r| r.accept.as_deref() == Some("application/json"))
    );
}

const MANIFEST: &str = "\
# Applied with server-side apply, one object per document.
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: fast
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: prod
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
---
# an empty document is skipped
---
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: nightly
spec:
  cronSpec: 0 3 * * *
  image: backup:2
...
";

#[tokio::test]
async fn applies_a_multi_document_manifest() {
    let (client, server, _test) = serve().await;
    // The manifest's deployment goes into a namespace of its own, which must exist.
    server.create_namespace("prod").unwrap();
    let mapper = RestMapper::new(&Discovery::run(&client).await.unwrap());
    let objects = DynamicObject::from_yaml_stream(MANIFEST.as_bytes()).unwrap();
    assert_eq!(objects.len(), 3);
    let options = ApplyOptions { field_manager: "kapi-apply".into(), force: true, ..Default::default() };
    for round in 0..2 {
        let applied = apply_all(&client, &mapper, &objects, "default", &options).await.unwrap();
        let names: Vec<_> =
            applied.iter().map(|a| (a.resource.resource.as_str(), a.object.metadata.namespace.as_str())).collect();
        assert_eq!(
            names,
            [("configmaps", "default"), ("deployments", "prod"), ("crontabs", "default")],
            "round {round}"
        );
    }
    // The typed clients see what the manifest said.
    let cm: ConfigMap =
        client.namespaced::<ConfigMap>("default").get("settings", &GetOptions::default()).await.unwrap();
    assert_eq!(cm.data.get("mode").map(String::as_str), Some("fast"));
    let web: Deployment = client.namespaced::<Deployment>("prod").get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(web.spec.replicas, Some(2));
    let nightly = DynamicApi::namespaced(&client, &mapper.find("crontabs").unwrap(), "default")
        .unwrap()
        .get("nightly", &GetOptions::default())
        .await
        .unwrap();
    assert_eq!(nightly.pointer(&["spec", "cronSpec"]), Some(&Value::String("0 3 * * *".into())));

    // A kind the server does not serve fails in the mapper, naming it.
    let bad =
        DynamicObject::from_yaml_stream(b"apiVersion: example.com/v9\nkind: Gadget\nmetadata: {name: g}\n").unwrap();
    let err =
        apply_all(&client, &mapper, &[objects[0].clone(), bad[0].clone()], "default", &options).await.unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(
        err.to_string(),
        r#"object 1 (Gadget "g"): invalid request: no matches for kind "Gadget" in version "example.com/v9""#
    );
}

/// The manifest of kapi-client's `apply` example applies as the example does it.
#[tokio::test]
async fn the_apply_examples_manifest_applies() {
    let (client, _server, _test) = serve().await;
    let mapper = RestMapper::new(&Discovery::run(&client).await.unwrap());
    let objects = DynamicObject::from_yaml_stream(include_bytes!("../../../client/examples/manifest.yaml")).unwrap();
    let options = ApplyOptions { field_manager: "kapi-apply".into(), ..Default::default() };
    let applied = apply_all(&client, &mapper, &objects, "default", &options).await.unwrap();
    let what: Vec<_> =
        applied.iter().map(|a| (a.resource.resource.as_str(), a.object.metadata.name.as_str())).collect();
    assert_eq!(what, [("namespaces", "kapi-demo"), ("configmaps", "web-config"), ("deployments", "web")]);
    let web: Deployment =
        client.namespaced::<Deployment>("kapi-demo").get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(web.spec.replicas, Some(2));
}

/// The typed decode of a manifest: each document becomes the registered kind it names.
#[test]
fn manifests_decode_into_registered_kinds() {
    use kapi_machinery::yaml::decode_objects;
    use kapi_machinery::{DecodeErrorKind, Options};
    let mut scheme = kapi_api::scheme().unwrap();
    let objects = decode_objects(&scheme, MANIFEST.as_bytes(), Options::default());
    let err = objects.unwrap_err();
    assert_eq!((err.index, err.line), (3, 28), "the CronTab is not registered: {err}");
    assert!(matches!(err.error.kind, DecodeErrorKind::UnregisteredKind { .. }), "{err}");
    scheme.add_known_type::<CronTab>().unwrap();
    let objects = decode_objects(&scheme, MANIFEST.as_bytes(), Options::default()).unwrap();
    let cm = objects[0].object.downcast_ref::<ConfigMap>().unwrap();
    assert_eq!(cm.data.get("mode").map(String::as_str), Some("fast"));
    let web = objects[1].object.downcast_ref::<Deployment>().unwrap();
    assert_eq!((web.metadata.namespace.as_str(), web.spec.replicas), ("prod", Some(2)));
    let cron = objects[2].object.downcast_ref::<CronTab>().unwrap();
    assert_eq!(cron.spec.image, "backup:2");

    // Strict: an unknown field, and a key repeated in the YAML, name their document.
    let strict = Options { strict: true, ..Options::default() };
    let bad = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {}\ndata: {}\nbogus: 1\n";
    let err = decode_objects(&scheme, bad.as_bytes(), strict).unwrap_err();
    assert_eq!((err.index, err.line), (1, 5));
    let DecodeErrorKind::Strict(found) = &err.error.kind else { panic!("{err}") };
    assert!(found.iter().any(|f| f.contains("\"data\" already set")), "{found:?}");
    assert!(found.iter().any(|f| f.contains("unknown field \"bogus\"")), "{found:?}");
    assert_eq!(decode_objects(&scheme, bad.as_bytes(), Options::default()).unwrap().len(), 2);
}

/// A group version whose legacy document fails is reported, and the rest is kept.
#[tokio::test]
async fn legacy_discovery_keeps_what_it_could_read() {
    let (client, server, _test) = serve().await;
    server.fail_next(kapi_testing::Fault::status(503, "ServiceUnavailable", "apps is down").on_path("/apis/apps/v1"));
    let d = Discovery::run_legacy(&client).await.unwrap();
    assert_eq!(d.failed.len(), 1, "{:?}", d.failed);
    assert_eq!(d.failed[0].0, kapi_machinery::GroupVersion::new("apps", "v1"));
    assert!(d.failed[0].1.contains("apps is down"), "{}", d.failed[0].1);
    assert!(d.resources().all(|r| r.group != "apps" || r.version != "v1"));
    assert!(d.resources().any(|r| r.resource == "crontabs"));
    // A failure of `/api` itself is the caller's error.
    server.fail_next(kapi_testing::Fault::status(500, "InternalError", "boom").on_path("/api"));
    assert_eq!(Discovery::run(&client).await.unwrap_err().to_string(), "boom");
}

/// A watch from a compacted resource version ends with an `ERROR` event carrying `410 Gone`.
#[tokio::test]
async fn dynamic_watch_reports_gone() {
    let (client, server, _test) = serve().await;
    let api = DynamicApi::namespaced(&client, &ApiResource::of::<CronTab>(), "default").unwrap();
    let first = api.create(&crontab("a", "x"), &CreateOptions::default()).await.unwrap();
    api.create(&crontab("b", "x"), &CreateOptions::default()).await.unwrap();
    server.compact();
    let options = ListOptions { resource_version: first.metadata.resource_version.clone(), ..Default::default() };
    let mut events = api.watch(&options).await.unwrap();
    match next_event(&mut events).await {
        WatchEvent::Error(status) => assert_eq!(status.code, 410, "{status:?}"),
        other => panic!("expected an ERROR event, got {other:?}"),
    }
}
