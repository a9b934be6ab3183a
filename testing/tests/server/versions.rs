//! The test server as a v1.36 control plane serves it: the default group versions and `--runtime-config`, one store per group-resource read and written in every served version through the internal types, watches across versions, discovery's storage version hashes, and upstream's Job strategy.

use std::collections::BTreeSet;
use std::sync::Arc;

use bytes::Bytes;
use http::{Method, StatusCode};
use kapi_api::meta::v1::ListOptions;
use kapi_client::{GroupVersionResource, ResourceInfo};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::{Format, Options, Serializer};
use kapi_testing::tracker::EventType;
use kapi_testing::{ApiServer, RuntimeConfig};

fn server() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    api
}

async fn call(api: &ApiServer, method: Method, path: &str, body: &str) -> (StatusCode, Value) {
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("accept", "application/json")
        .body(Bytes::from(body.to_owned()))
        .unwrap();
    let resp = api.handle(req).await;
    let status = resp.status();
    let data = kapi_client::body::collect(resp.into_body()).await.unwrap();
    let doc = value::parse(&data).unwrap_or_else(|e| panic!("{path}: {e}: {}", String::from_utf8_lossy(&data)));
    (status, doc)
}

fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, k| v.get(k))
}

fn text(v: &Value, path: &[&str]) -> String {
    match at(v, path) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.clone(),
        Some(other) => String::from_utf8(other.to_compact_vec()).unwrap(),
        None => String::new(),
    }
}

/// The group versions `/apis` lists, with each group's preferred version.
async fn group_versions(api: &ApiServer) -> (BTreeSet<String>, BTreeSet<String>) {
    let (status, doc) = call(api, Method::GET, "/apis", "").await;
    assert_eq!(status, StatusCode::OK);
    let mut versions = BTreeSet::new();
    let mut preferred = BTreeSet::new();
    let Some(Value::Array(groups)) = doc.get("groups") else { panic!("no groups: {doc:?}") };
    for g in groups {
        preferred.insert(text(g, &["preferredVersion", "groupVersion"]));
        if let Some(Value::Array(vs)) = g.get("versions") {
            versions.extend(vs.iter().map(|v| text(v, &["groupVersion"])));
        }
    }
    (versions, preferred)
}

/// What a v1.36 kube-apiserver serves with its default runtime configuration (its stable group
/// versions, plus apiextensions' and apiregistration's from the servers it aggregates).
const V1_36_DEFAULT: &[&str] = &[
    "admissionregistration.k8s.io/v1",
    "apiextensions.k8s.io/v1",
    "apiregistration.k8s.io/v1",
    "apps/v1",
    "authentication.k8s.io/v1",
    "authorization.k8s.io/v1",
    "autoscaling/v1",
    "autoscaling/v2",
    "batch/v1",
    "certificates.k8s.io/v1",
    "coordination.k8s.io/v1",
    "discovery.k8s.io/v1",
    "events.k8s.io/v1",
    "flowcontrol.apiserver.k8s.io/v1",
    "networking.k8s.io/v1",
    "node.k8s.io/v1",
    "policy/v1",
    "rbac.authorization.k8s.io/v1",
    "resource.k8s.io/v1",
    "scheduling.k8s.io/v1",
    "storage.k8s.io/v1",
];

#[tokio::test]
async fn discovery_is_a_v1_36_servers_by_default() {
    let api = server();
    let (versions, preferred) = group_versions(&api).await;
    let want: BTreeSet<String> = V1_36_DEFAULT.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(versions, want);
    assert!(preferred.contains("autoscaling/v2"), "{preferred:?}");
    let (_, core) = call(&api, Method::GET, "/api", "").await;
    assert_eq!(text(&core, &["versions"]), r#"["v1"]"#);
    // extensions has served nothing since 1.22: kubectl sees no second `deploy`.
    let (status, _) = call(&api, Method::GET, "/apis/extensions/v1beta1", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn runtime_config_turns_versions_on_and_off() {
    let api = server();
    api.set_runtime_config(RuntimeConfig::parse("resource.k8s.io/v1beta2=true,apps/v1/daemonsets=false").unwrap())
        .unwrap();
    let (versions, _) = group_versions(&api).await;
    assert!(versions.contains("resource.k8s.io/v1beta2"));
    assert!(!versions.contains("resource.k8s.io/v1beta1"));
    let (_, apps) = call(&api, Method::GET, "/apis/apps/v1", "").await;
    let names = text(&apps, &["resources"]);
    assert!(names.contains("\"deployments\"") && !names.contains("\"daemonsets\""), "{names}");

    api.set_runtime_config(RuntimeConfig::parse("api/beta=true").unwrap()).unwrap();
    let (versions, _) = group_versions(&api).await;
    assert!(versions.contains("resource.k8s.io/v1beta1") && versions.contains("storage.k8s.io/v1beta1"));
    assert!(!versions.iter().any(|v| v.contains("alpha")), "{versions:?}");
    // Removed kinds stay removed, as upstream drops them whatever the configuration says.
    assert!(!versions.contains("extensions/v1beta1") && !versions.contains("batch/v1beta1"), "{versions:?}");

    api.set_runtime_config(RuntimeConfig::parse("api/all=true").unwrap()).unwrap();
    let (versions, _) = group_versions(&api).await;
    assert!(versions.iter().any(|v| v.contains("alpha")));

    let err = api.set_runtime_config(RuntimeConfig::parse("example.com/v9=true").unwrap()).unwrap_err();
    assert!(err.contains("example.com/v9"), "{err}");
    assert!(RuntimeConfig::parse("api/all=perhaps").is_err());
}

const HPA_V2: &str = r#"{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"name":"web","namespace":"default"},"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"minReplicas":1,"maxReplicas":5,"metrics":[{"type":"Resource","resource":{"name":"cpu","target":{"type":"Utilization","averageUtilization":50}}}]}}"#;

#[tokio::test]
async fn a_hpa_written_in_v2_reads_back_in_v1() {
    let api = server();
    let v1 = "/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers";
    let v2 = "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers";
    let gvr = GroupVersionResource::new("autoscaling", "v1", "horizontalpodautoscalers");
    let mut watch = api.tracker().watch(&gvr, "default", &ListOptions::default()).unwrap();

    let (status, created) = call(&api, Method::POST, v2, HPA_V2).await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let (status, old) = call(&api, Method::GET, &format!("{v1}/web"), "").await;
    assert_eq!(status, StatusCode::OK, "{old:?}");
    assert_eq!(text(&old, &["apiVersion"]), "autoscaling/v1");
    assert_eq!(text(&old, &["spec", "targetCPUUtilizationPercentage"]), "50");
    assert_eq!(text(&old, &["metadata", "uid"]), text(&created, &["metadata", "uid"]));
    assert_eq!(text(&old, &["metadata", "resourceVersion"]), text(&created, &["metadata", "resourceVersion"]));

    // The v1 watch saw the v2 write, in v1.
    let event = watch.try_next().expect("an event");
    assert_eq!(event.event_type, EventType::Added);
    assert_eq!(event.object.registered_gvk().version, "v1");

    // A write through v1 is seen in v2, and the v2-only fields v1 keeps in annotations survive.
    let mut update = old.clone();
    if let Value::Object(m) = &mut update
        && let Some((_, Value::Object(spec))) = m.iter_mut().find(|(k, _)| k == "spec")
        && let Some((_, n)) = spec.iter_mut().find(|(k, _)| k == "maxReplicas")
    {
        *n = Value::Number("7".into());
    }
    let (status, updated) =
        call(&api, Method::PUT, &format!("{v1}/web"), &String::from_utf8(update.to_compact_vec()).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{updated:?}");
    let (_, new) = call(&api, Method::GET, &format!("{v2}/web"), "").await;
    assert_eq!(text(&new, &["spec", "maxReplicas"]), "7");
    assert_eq!(text(&new, &["spec", "metrics"]), text(&created, &["spec", "metrics"]));
    assert_eq!(watch.try_next().expect("the update").event_type, EventType::Modified);

    // One object: listed once in each version, deleted through either.
    let (_, list) = call(&api, Method::GET, v1, "").await;
    let Some(Value::Array(items)) = list.get("items") else { panic!("{list:?}") };
    assert_eq!(items.len(), 1);
    let (status, _) = call(&api, Method::DELETE, &format!("{v1}/web"), "").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&api, Method::GET, &format!("{v2}/web"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn core_events_and_events_k8s_io_are_one_store() {
    let api = server();
    let core = r#"{"apiVersion":"v1","kind":"Event","metadata":{"name":"e1","namespace":"default"},"involvedObject":{"kind":"Pod","name":"p","namespace":"default"},"reason":"Started","message":"started the container","type":"Normal","source":{"component":"kubelet"},"firstTimestamp":"2026-01-01T00:00:00Z","lastTimestamp":"2026-01-01T00:00:00Z","count":1}"#;
    let (status, created) = call(&api, Method::POST, "/api/v1/namespaces/default/events", core).await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let (status, ev) = call(&api, Method::GET, "/apis/events.k8s.io/v1/namespaces/default/events/e1", "").await;
    assert_eq!(status, StatusCode::OK, "{ev:?}");
    assert_eq!(text(&ev, &["apiVersion"]), "events.k8s.io/v1");
    assert_eq!(text(&ev, &["note"]), "started the container");
    assert_eq!(text(&ev, &["regarding", "name"]), "p");
    assert_eq!(text(&ev, &["deprecatedSource", "component"]), "kubelet");
}

/// The `apiVersion` and `kind` the `k8s\0` envelope of stored bytes names, and its message.
fn envelope(bytes: &[u8]) -> (String, String, Vec<u8>) {
    let env = kapi_machinery::proto::decode_envelope(bytes).expect("stored bytes in the k8s\\0 envelope");
    (env.api_version, env.kind, env.raw.to_vec())
}

/// What upstream's etcd storage test (`test/integration/etcd/data.go`) expects under each key:
/// the object in its group-resource's storage version for 1.36, whatever version wrote it, as
/// protobuf in the envelope, and no resource version in the bytes (etcd's revision is that).
#[tokio::test]
async fn objects_are_stored_as_upstreams_etcd_holds_them() {
    let api = server();
    api.set_runtime_config(RuntimeConfig::parse("networking.k8s.io/v1beta1=true").unwrap()).unwrap();
    let ns = "etcdstoragepathtestnamespace";
    let (status, _) =
        call(&api, Method::POST, "/api/v1/namespaces", &format!(r#"{{"metadata":{{"name":"{ns}"}}}}"#)).await;
    assert_eq!(status, StatusCode::CREATED);
    // (path written through, body, resource read back, name, storage apiVersion and kind)
    let cases = [
        (
            format!("/apis/autoscaling/v1/namespaces/{ns}/horizontalpodautoscalers"),
            r#"{"metadata": {"name": "hpa2"}, "spec": {"maxReplicas": 3, "scaleTargetRef": {"kind": "something", "name": "cross", "apiVersion": "apps/v1"}}}"#.to_owned(),
            GroupVersionResource::new("autoscaling", "v1", "horizontalpodautoscalers"),
            "hpa2",
            ("autoscaling/v2", "HorizontalPodAutoscaler"),
        ),
        (
            format!("/apis/events.k8s.io/v1/namespaces/{ns}/events"),
            format!(r#"{{"metadata": {{"name": "event3"}}, "regarding": {{"namespace": "{ns}"}}, "note": "some data here", "eventTime": "2017-08-09T15:04:05.000000Z", "reportingInstance": "node-xyz", "reportingController": "k8s.io/my-controller", "action": "DidNothing", "reason": "Laziness", "type": "Normal"}}"#),
            GroupVersionResource::new("events.k8s.io", "v1", "events"),
            "event3",
            ("v1", "Event"),
        ),
        (
            "/apis/networking.k8s.io/v1beta1/ipaddresses".to_owned(),
            r#"{"metadata": {"name": "192.168.1.3"}, "spec": {"parentRef": {"resource": "services","name": "test", "namespace": "ns"}}}"#.to_owned(),
            GroupVersionResource::new("networking.k8s.io", "v1beta1", "ipaddresses"),
            "192.168.1.3",
            ("networking.k8s.io/v1", "IPAddress"),
        ),
        (
            format!("/api/v1/namespaces/{ns}/configmaps"),
            r#"{"data": {"foo": "bar"}, "metadata": {"name": "cm1"}}"#.to_owned(),
            GroupVersionResource::new("", "v1", "configmaps"),
            "cm1",
            ("v1", "ConfigMap"),
        ),
    ];
    for (path, body, gvr, name, (api_version, kind)) in cases {
        let (status, created) = call(&api, Method::POST, &path, &body).await;
        assert_eq!(status, StatusCode::CREATED, "{path}: {created:?}");
        let namespace = if gvr.resource == "ipaddresses" { "" } else { ns };
        let bytes = api.tracker().stored_bytes(&gvr, namespace, name).expect("stored");
        assert!(bytes.starts_with(b"k8s\0"), "{path}");
        let (stored_version, stored_kind, _) = envelope(&bytes);
        assert_eq!((stored_version.as_str(), stored_kind.as_str()), (api_version, kind), "{path}");
        // The object reads back with the resource version the store keeps beside the bytes.
        let (_, got) = call(&api, Method::GET, &format!("{path}/{name}"), "").await;
        assert_eq!(text(&got, &["metadata", "resourceVersion"]), text(&created, &["metadata", "resourceVersion"]));
    }
    let bytes = api.tracker().stored_bytes(&GroupVersionResource::new("", "v1", "configmaps"), ns, "cm1").unwrap();
    let (_, _, raw) = envelope(&bytes);
    let mut stored = kapi_api::core::v1::ConfigMap::default();
    kapi_machinery::proto::ProtoMessage::merge_proto(&mut stored, &mut kapi_machinery::proto::ProtoReader::new(&raw))
        .unwrap();
    assert_eq!(stored.data.get("foo").map(String::as_str), Some("bar"));
    assert_eq!((stored.metadata.name.as_str(), stored.metadata.resource_version.as_str()), ("cm1", ""));
    assert!(!stored.metadata.uid.is_empty());
}

/// Upstream's fixtures (`KAPI_TESTDATA`, else `../shared/k8s-testdata`), if present.
fn fixtures() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("KAPI_TESTDATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/k8s-testdata"))
        .join("HEAD");
    dir.is_dir().then_some(dir)
}

/// Every resource served in more than one version: each version's upstream fixture (every field
/// set) is written through that version, then read through every other version, listed and
/// watched there; what each version reads is the written object converted to it by the scheme,
/// which runs the generated and hand-written conversions through the internal type.
#[tokio::test]
async fn every_multi_version_resource_reads_and_writes_one_store() {
    let Some(dir) = fixtures() else {
        eprintln!("upstream's fixtures are missing (set KAPI_TESTDATA or see hack/fetch-testdata.sh): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    // Removed versions too: their conversions are the oldest and the most hand-written.
    api.set_runtime_config(RuntimeConfig::everything()).unwrap();
    // Fixtures fill every field with values no validation accepts; conversion is what is tested.
    api.set_validation(false);
    let scheme = kapi_api::scheme().unwrap();
    let json = Serializer::new(&scheme, Format::Json, Options::default());
    let resources = api.tracker().resources();
    let mut groups: std::collections::BTreeMap<(String, String), Vec<ResourceInfo>> = Default::default();
    for r in &resources {
        if let Some(store) = api.tracker().storage_of(&r.gvr()) {
            groups.entry((store.group.to_owned(), store.resource.to_owned())).or_default().push(*r);
        }
    }
    let mut checked = BTreeSet::new();
    for ((group, resource), versions) in groups.iter().filter(|(_, v)| v.len() > 1) {
        for (n, w) in versions.iter().enumerate() {
            let file = dir.join(format!(
                "{}.{}.{}.json",
                if w.group.is_empty() { "core" } else { w.group },
                w.version,
                w.kind
            ));
            let Ok(data) = std::fs::read(&file) else { continue };
            let mut obj = json.decode(&data, None).unwrap().object;
            let name = format!("{}-{}-{n}", w.kind.to_ascii_lowercase(), w.version.replace('.', "-"));
            let m = (w.metadata_mut)(obj.as_mut()).unwrap();
            m.name = name.clone();
            m.namespace = if w.namespaced { "default".into() } else { String::new() };
            m.resource_version.clear();
            m.finalizers.clear();
            m.deletion_timestamp = None;
            m.generate_name.clear();
            let ns = m.namespace.clone();
            let from_now = ListOptions { resource_version: api.tracker().resource_version(), ..ListOptions::default() };
            let watches: Vec<_> =
                versions.iter().map(|r| api.tracker().watch(&r.gvr(), &ns, &from_now).unwrap()).collect();
            let written = api.tracker().create(&w.gvr(), &ns, obj, &Default::default()).unwrap();
            for (r, mut watch) in versions.iter().zip(watches) {
                let read = api.tracker().get(&r.gvr(), &ns, &name, &Default::default()).unwrap();
                assert_eq!(read.registered_gvk().version, r.version, "{group}/{resource}");
                let want = scheme.convert_into_group_version(written.deep_copy_object(), r.group, r.version).unwrap();
                let (want_json, read_json) = (json.encode(want.as_ref()).unwrap(), json.encode(read.as_ref()).unwrap());
                if want_json != read_json {
                    let (a, b) = (String::from_utf8_lossy(&want_json), String::from_utf8_lossy(&read_json));
                    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
                    panic!(
                        "{group}/{resource}: written as {}, read as {}: they differ from byte {at}: {:?} against {:?}",
                        w.version,
                        r.version,
                        &a[at.saturating_sub(120)..(at + 80).min(a.len())],
                        &b[at.saturating_sub(120)..(at + 80).min(b.len())],
                    );
                }
                let event = watch.try_next().unwrap_or_else(|| panic!("{group}/{resource} {}: no event", r.version));
                assert_eq!(event.event_type, EventType::Added);
                assert!(
                    json.encode(want.as_ref()).unwrap() == json.encode(event.object.as_ref()).unwrap(),
                    "{group}/{resource}"
                );
            }
            checked.insert(format!("{group}/{resource}"));
        }
    }
    let shared: Vec<String> =
        groups.iter().filter(|(_, v)| v.len() > 1).map(|((g, r), v)| format!("{g}/{r} {}", v.len())).collect();
    assert!(checked.len() > 30, "{} multi-version resources checked: {checked:?} of {shared:?}", checked.len());
    for must in [
        "autoscaling/horizontalpodautoscalers",
        "/events",
        "apps/deployments",
        "batch/cronjobs",
        "networking.k8s.io/ingresses",
    ] {
        assert!(checked.contains(must), "{must} not checked: {checked:?} of {shared:?}");
    }
    // Stores are the preferred versions: apps' deployments in v1, autoscaling's in v2.
    let store = |g: &str, v: &str, r: &str| api.tracker().storage_of(&GroupVersionResource::new(g, v, r)).unwrap();
    assert_eq!(store("apps", "v1beta2", "deployments").version, "v1");
    assert_eq!(store("autoscaling", "v1", "horizontalpodautoscalers").version, "v2");
    assert_eq!(store("events.k8s.io", "v1", "events").group, "");
}

#[tokio::test]
async fn discovery_names_the_storage_version() {
    let api = server();
    let (_, apps) = call(&api, Method::GET, "/apis/apps/v1", "").await;
    let list = text(&apps, &["resources"]);
    assert!(list.contains(r#""name":"deployments""#));
    assert!(list.contains(r#""storageVersionHash":"8aSe+NMegvE=""#), "{list}");
    let (_, hpa) = call(&api, Method::GET, "/apis/autoscaling/v1", "").await;
    let hashes = text(&hpa, &["resources"]);
    // Both versions name the one storage version, v2 (upstream's hash of autoscaling/v2).
    let (_, hpa2) = call(&api, Method::GET, "/apis/autoscaling/v2", "").await;
    let hash_of = |doc: &str| doc.split("\"storageVersionHash\":\"").nth(1).map(|s| s[..12].to_owned());
    assert_eq!(hash_of(&hashes), hash_of(&text(&hpa2, &["resources"])));
}

#[tokio::test]
async fn a_job_gets_its_generated_selector_and_labels() {
    let api = server();
    let job = r#"{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi","namespace":"default"},"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"pi","image":"busybox"}]}}}}"#;
    let (status, created) = call(&api, Method::POST, "/apis/batch/v1/namespaces/default/jobs", job).await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let uid = text(&created, &["metadata", "uid"]);
    assert!(!uid.is_empty());
    assert_eq!(text(&created, &["spec", "selector", "matchLabels", "batch.kubernetes.io/controller-uid"]), uid);
    for (label, want) in [
        ("batch.kubernetes.io/controller-uid", uid.as_str()),
        ("controller-uid", uid.as_str()),
        ("batch.kubernetes.io/job-name", "pi"),
        ("job-name", "pi"),
    ] {
        assert_eq!(text(&created, &["spec", "template", "metadata", "labels", label]), want, "{label}");
    }
    // A selector of the user's own with `manualSelector` is kept as written.
    let manual = r#"{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"m","namespace":"default"},"spec":{"manualSelector":true,"selector":{"matchLabels":{"app":"m"}},"template":{"metadata":{"labels":{"app":"m"}},"spec":{"restartPolicy":"Never","containers":[{"name":"m","image":"busybox"}]}}}}"#;
    let (status, created) = call(&api, Method::POST, "/apis/batch/v1/namespaces/default/jobs", manual).await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    assert_eq!(text(&created, &["spec", "selector"]), r#"{"matchLabels":{"app":"m"}}"#);
}

#[tokio::test]
async fn openapi_lists_write_operations_with_field_validation() {
    let api = server();
    let (status, root) = call(&api, Method::GET, "/openapi/v3", "").await;
    assert_eq!(status, StatusCode::OK);
    let url = text(&root, &["paths", "apis/apps/v1", "serverRelativeURL"]);
    let (status, doc) = call(&api, Method::GET, &url, "").await;
    assert_eq!(status, StatusCode::OK);
    let item =
        at(&doc, &["paths", "/apis/apps/v1/namespaces/{namespace}/deployments/{name}"]).expect("the object path");
    let patch = item.get("patch").expect("a patch operation");
    assert_eq!(text(patch, &["operationId"]), "patchAppsV1NamespacedDeployment");
    assert_eq!(text(patch, &["x-kubernetes-action"]), "patch");
    assert_eq!(
        text(patch, &["x-kubernetes-group-version-kind"]),
        r#"{"group":"apps","kind":"Deployment","version":"v1"}"#
    );
    let params = text(patch, &["parameters"]);
    for name in ["dryRun", "fieldManager", "fieldValidation", "force"] {
        assert!(params.contains(&format!("\"name\":\"{name}\"")), "{name}: {params}");
    }
    let collection = at(&doc, &["paths", "/apis/apps/v1/namespaces/{namespace}/deployments"]).unwrap();
    assert_eq!(text(collection, &["get", "operationId"]), "listAppsV1NamespacedDeployment");
    assert_eq!(text(collection, &["post", "operationId"]), "createAppsV1NamespacedDeployment");
    assert_eq!(text(collection, &["delete", "operationId"]), "deleteAppsV1CollectionNamespacedDeployment");
    let all = at(&doc, &["paths", "/apis/apps/v1/deployments"]).unwrap();
    assert_eq!(text(all, &["get", "operationId"]), "listAppsV1DeploymentForAllNamespaces");
    let scale = at(&doc, &["paths", "/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale"]).unwrap();
    assert_eq!(text(scale, &["put", "operationId"]), "replaceAppsV1NamespacedDeploymentScale");
    assert_eq!(text(scale, &["get", "x-kubernetes-group-version-kind", "group"]), "autoscaling");
}

/// `coordination.k8s.io/v1`'s paths and their operations as upstream's published document
/// (`api/openapi-spec/v3/apis__coordination.k8s.io__v1_openapi.json`) has them: the same six
/// paths, the deprecated watch paths among them, and each operation's answers and request body
/// naming upstream's schemas in upstream's media types.
#[tokio::test]
async fn openapi_paths_answer_as_upstreams_coordination_document() {
    let api = server();
    let (_, root) = call(&api, Method::GET, "/openapi/v3", "").await;
    let url = text(&root, &["paths", "apis/coordination.k8s.io/v1", "serverRelativeURL"]);
    let (status, doc) = call(&api, Method::GET, &url, "").await;
    assert_eq!(status, StatusCode::OK);
    let Some(Value::Object(paths)) = doc.get("paths") else { panic!("no paths") };
    let ids: Vec<(String, Vec<String>)> = paths
        .iter()
        .map(|(path, item)| {
            let Value::Object(ops) = item else { panic!("{path}") };
            (
                path.clone(),
                ops.iter().filter(|(m, _)| m != "parameters").map(|(_, op)| text(op, &["operationId"])).collect(),
            )
        })
        .collect();
    let want = |p: &str, ids: &[&str]| {
        (format!("/apis/coordination.k8s.io/v1{p}"), ids.iter().map(|s| s.to_string()).collect())
    };
    assert_eq!(
        ids,
        vec![
            want("/leases", &["listCoordinationV1LeaseForAllNamespaces"]),
            want(
                "/namespaces/{namespace}/leases",
                &[
                    "deleteCoordinationV1CollectionNamespacedLease",
                    "listCoordinationV1NamespacedLease",
                    "createCoordinationV1NamespacedLease"
                ]
            ),
            want(
                "/namespaces/{namespace}/leases/{name}",
                &[
                    "deleteCoordinationV1NamespacedLease",
                    "readCoordinationV1NamespacedLease",
                    "patchCoordinationV1NamespacedLease",
                    "replaceCoordinationV1NamespacedLease"
                ]
            ),
            want("/watch/leases", &["watchCoordinationV1LeaseListForAllNamespaces"]),
            want("/watch/namespaces/{namespace}/leases", &["watchCoordinationV1NamespacedLeaseList"]),
            want("/watch/namespaces/{namespace}/leases/{name}", &["watchCoordinationV1NamespacedLease"]),
        ]
    );
    let op = |path: &str, method: &str| {
        at(&doc, &["paths", &format!("/apis/coordination.k8s.io/v1{path}"), method]).unwrap().clone()
    };
    let schema = "#/components/schemas/";
    // Which codes answer, and the schema each media type names.
    let answers = |op: &Value| -> Vec<(String, Vec<(String, String)>)> {
        let Some(Value::Object(codes)) = op.get("responses") else { panic!("no responses") };
        codes
            .iter()
            .map(|(code, r)| {
                let Some(Value::Object(types)) = r.get("content") else { panic!("{code}: no content") };
                (
                    code.clone(),
                    types.iter().map(|(t, s)| (t.clone(), text(s, &["schema", "$ref"]).replace(schema, ""))).collect(),
                )
            })
            .collect()
    };
    let plain = |s: &str| {
        ["application/json", "application/vnd.kubernetes.protobuf", "application/yaml"]
            .map(|t| (t.to_owned(), s.to_owned()))
            .to_vec()
    };
    let streams = |s: &str| {
        [
            "application/json",
            "application/json;stream=watch",
            "application/vnd.kubernetes.protobuf",
            "application/vnd.kubernetes.protobuf;stream=watch",
            "application/yaml",
        ]
        .map(|t| (t.to_owned(), s.to_owned()))
        .to_vec()
    };
    let lease = "io.k8s.api.coordination.v1.Lease";
    let status_schema = "io.k8s.apimachinery.pkg.apis.meta.v1.Status";
    let item = "/namespaces/{namespace}/leases/{name}";
    assert_eq!(answers(&op(item, "get")), vec![("200".into(), plain(lease))]);
    assert_eq!(answers(&op(item, "put")), vec![("200".into(), plain(lease)), ("201".into(), plain(lease))]);
    assert_eq!(answers(&op(item, "patch")), vec![("200".into(), plain(lease)), ("201".into(), plain(lease))]);
    assert_eq!(
        answers(&op(item, "delete")),
        vec![("200".into(), plain(status_schema)), ("202".into(), plain(status_schema))]
    );
    let collection = "/namespaces/{namespace}/leases";
    assert_eq!(answers(&op(collection, "get")), vec![("200".into(), streams("io.k8s.api.coordination.v1.LeaseList"))]);
    assert_eq!(
        answers(&op(collection, "post")),
        vec![("200".into(), plain(lease)), ("201".into(), plain(lease)), ("202".into(), plain(lease))]
    );
    assert_eq!(answers(&op(collection, "delete")), vec![("200".into(), plain(status_schema))]);
    let event = "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent";
    assert_eq!(
        answers(&op("/watch/namespaces/{namespace}/leases/{name}", "get")),
        vec![("200".into(), streams(event))]
    );
    // Request bodies: the kind for replace and create, `Patch` and `DeleteOptions`.
    let body = |path: &str, method: &str| {
        text(&op(path, method), &["requestBody", "content", "application/json", "schema", "$ref"]).replace(schema, "")
    };
    assert_eq!(body(item, "put"), lease);
    assert_eq!(body(collection, "post"), lease);
    assert_eq!(body(item, "patch"), "io.k8s.apimachinery.pkg.apis.meta.v1.Patch");
    assert_eq!(body(item, "delete"), "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions");
    assert_eq!(body(collection, "delete"), "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions");
    // Every schema named is in the document.
    let listed = text(&doc, &["components", "schemas"]);
    for name in [lease, status_schema, event, "io.k8s.apimachinery.pkg.apis.meta.v1.Patch"] {
        assert!(listed.contains(&format!("\"{name}\":")), "{name}");
    }
    // A read takes no parameters of its own; a watch path's are the whole path's.
    assert!(op(item, "get").get("parameters").is_none());
    let watch =
        at(&doc, &["paths", "/apis/coordination.k8s.io/v1/watch/namespaces/{namespace}/leases/{name}"]).unwrap();
    let names: Vec<String> = match watch.get("parameters") {
        Some(Value::Array(ps)) => ps.iter().map(|p| text(p, &["name"])).collect(),
        _ => panic!("no path parameters"),
    };
    for n in ["fieldSelector", "labelSelector", "name", "namespace", "resourceVersion", "timeoutSeconds", "watch"] {
        assert!(names.contains(&n.to_owned()), "{n}: {names:?}");
    }
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "sorted: {names:?}");
    assert_eq!(text(watch, &["get", "x-kubernetes-action"]), "watch");
    assert_eq!(text(&op("/watch/leases", "get"), &["x-kubernetes-action"]), "watchlist");
}

/// The deprecated `/watch/…` paths are served: the watch of the list, or of one object, that
/// the path without `watch` names; only `GET`.
#[tokio::test]
async fn deprecated_watch_paths_are_served() {
    let api = server();
    for name in ["a", "b"] {
        let lease =
            format!(r#"{{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{{"name":"{name}"}}}}"#);
        let (status, _) =
            call(&api, Method::POST, "/apis/coordination.k8s.io/v1/namespaces/default/leases", &lease).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let events = |path: &'static str| {
        let api = api.clone();
        async move {
            let req = http::Request::builder()
                .method(Method::GET)
                .uri(format!("/apis/coordination.k8s.io/v1/watch/{path}?timeoutSeconds=1"))
                .body(Bytes::new())
                .unwrap();
            let resp = api.handle(req).await;
            assert_eq!(resp.status(), StatusCode::OK, "{path}");
            let data = kapi_client::body::collect(resp.into_body()).await.unwrap();
            String::from_utf8(data.to_vec())
                .unwrap()
                .lines()
                .map(|l| {
                    let e = value::parse(l.as_bytes()).unwrap();
                    format!("{} {}", text(&e, &["type"]), text(&e, &["object", "metadata", "name"]))
                })
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(events("namespaces/default/leases").await, ["ADDED a", "ADDED b"]);
    assert_eq!(events("namespaces/default/leases/b").await, ["ADDED b"]);
    assert_eq!(events("leases").await, ["ADDED a", "ADDED b"]);
    let (status, refused) =
        call(&api, Method::POST, "/apis/coordination.k8s.io/v1/watch/namespaces/default/leases", "{}").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{refused:?}");
    let (status, _) =
        call(&api, Method::GET, "/apis/coordination.k8s.io/v1/watch/namespaces/default/leases/a/status", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
