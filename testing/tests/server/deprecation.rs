//! Deprecation warnings from the test server: requests to a kind deprecated in the server's release (1.36) carry upstream's `Warning: 299` text, which kapi-client hands to its warning handler and kubectl prints on stderr; current versions carry none.

use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};

use kapi_api::apps::v1::Deployment;
use kapi_api::extensions::v1beta1::{Ingress, IngressBackend, IngressSpec};
use kapi_api::meta::v1::{CreateOptions, GetOptions, ListOptions, ObjectMeta};
use kapi_client::{Api, Client, Config, Transport};
use kapi_machinery::lifecycle::ApiLifecycle;
use kapi_machinery::types::IntOrString;
use kapi_testing::{ApiServer, TestServer};

const INGRESS_WARNING: &str =
    "extensions/v1beta1 Ingress is deprecated in v1.14+, unavailable in v1.22+; use networking.k8s.io/v1 Ingress";

async fn served() -> (Arc<ApiServer>, TestServer) {
    let api = Arc::new(ApiServer::serving_everything());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    (api, server)
}

/// A client of the server, and the warnings its handler has seen.
fn client_seeing_warnings(server: &TestServer) -> (Client, Arc<Mutex<Vec<String>>>) {
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = seen.clone();
    let transport = Arc::new(Transport::new(&Config::new(server.url()).unwrap()).unwrap());
    let client = Client::new(transport, server.url())
        .unwrap()
        .with_warning_handler(move |w: &str| sink.lock().unwrap().push(w.to_owned()));
    (client, seen)
}

#[test]
fn lifecycles_are_upstreams() {
    assert_eq!(Ingress::deprecation_warning().as_deref(), Some(INGRESS_WARNING));
    assert_eq!(
        kapi_api::apps::v1beta1::Deployment::deprecation_warning().as_deref(),
        Some("apps/v1beta1 Deployment is deprecated in v1.8+, unavailable in v1.16+; use apps/v1 Deployment")
    );
    // A GA kind deprecated by hand upstream, never removed.
    assert_eq!(
        kapi_api::core::v1::Endpoints::deprecation_warning().as_deref(),
        Some("v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice")
    );
    assert_eq!(
        kapi_api::core::v1::ComponentStatus::deprecation_warning().as_deref(),
        Some("v1 ComponentStatus is deprecated in v1.19+")
    );
    assert_eq!(Deployment::deprecation_warning(), None);
    // The scheme records every kind's lifecycle, for servers.
    let scheme = kapi_api::scheme().unwrap();
    let gvk = kapi_machinery::GroupVersionKind::new("batch", "v1beta1", "CronJob");
    let cron = scheme.lifecycle(&gvk).expect("batch/v1beta1 CronJob has a lifecycle");
    assert_eq!(cron.to_owned(), kapi_api::batch::v1beta1::CronJob::LIFECYCLE);
    assert_eq!((cron.introduced.to_string(), cron.removed.map(|r| r.to_string())), ("1.8".into(), Some("1.25".into())));
}

#[tokio::test]
async fn the_client_receives_deprecation_warnings() {
    let (_api, server) = served().await;
    let (client, seen) = client_seeing_warnings(&server);

    let ingresses: Api<Ingress> = Api::namespaced(client.clone(), "default");
    // Old versions are validated through the store's (networking.k8s.io/v1), as upstream
    // validates every version: an ingress needs a backend or rules.
    let ing = Ingress {
        metadata: ObjectMeta { name: "web".into(), ..Default::default() },
        spec: IngressSpec {
            backend: Some(IngressBackend {
                service_name: "web".into(),
                service_port: IntOrString::int(80),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = ingresses.create_with_warnings(&ing, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.warnings, [INGRESS_WARNING]);
    let listed = ingresses.list_with_warnings(&ListOptions::default()).await.unwrap();
    assert_eq!(listed.warnings, [INGRESS_WARNING]);
    // Errors carry it too: upstream adds it before the request is served.
    let err = ingresses.get("missing", &GetOptions::default()).await.unwrap_err();
    assert!(err.to_string().contains("not found"), "{err}");
    assert_eq!(seen.lock().unwrap().len(), 3, "{:?}", seen.lock().unwrap());
    assert!(seen.lock().unwrap().iter().all(|w| w == INGRESS_WARNING));

    // A current version: nothing.
    seen.lock().unwrap().clear();
    let deployments: Api<Deployment> = Api::namespaced(client, "default");
    let listed = deployments.list_with_warnings(&ListOptions::default()).await.unwrap();
    assert!(listed.warnings.is_empty(), "{:?}", listed.warnings);
    assert!(seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn the_deprecation_warning_comes_before_field_warnings() {
    let api = ApiServer::serving_everything();
    api.register_builtin();
    let body = r#"{"apiVersion":"extensions/v1beta1","kind":"Ingress","metadata":{"name":"x"},"spec":{"backend":{"serviceName":"web","servicePort":80},"bogus":1}}"#;
    let req = http::Request::builder()
        .method(http::Method::POST)
        .uri("/apis/extensions/v1beta1/namespaces/default/ingresses")
        .header(http::header::CONTENT_TYPE, "application/json")
        .body(bytes::Bytes::from_static(body.as_bytes()))
        .unwrap();
    let resp = api.handle(req).await;
    assert_eq!(resp.status(), 201);
    let warnings: Vec<&str> =
        resp.headers().get_all(http::header::WARNING).iter().map(|v| v.to_str().unwrap()).collect();
    assert_eq!(
        warnings,
        [format!("299 - \"{INGRESS_WARNING}\""), r#"299 - "unknown field \"spec.bogus\"""#.to_owned()]
    );
    // Discovery of the deprecated group version is not a request to the kind: no warning.
    let req = http::Request::get("/apis/extensions/v1beta1").body(bytes::Bytes::new()).unwrap();
    let resp = api.handle(req).await;
    assert_eq!(resp.status(), 200);
    assert!(resp.headers().get(http::header::WARNING).is_none());
}

fn kubectl_binary() -> Option<PathBuf> {
    let candidate = std::env::var_os("KUBECTL").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("kubectl"));
    let ok = Command::new(&candidate).args(["version", "--client"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(candidate)
}

#[tokio::test]
async fn kubectl_prints_the_deprecation_warning() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let (_api, server) = served().await;
    let dir = std::env::temp_dir().join(format!("kapi-deprecation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let run = |args: &'static [&'static str]| {
        let (bin, kc) = (bin.clone(), kc.clone());
        tokio::task::spawn_blocking(move || Command::new(bin).arg("--kubeconfig").arg(kc).args(args).output().unwrap())
    };
    let out = run(&["get", "ingresses.v1beta1.extensions"]).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains(&format!("Warning: {INGRESS_WARNING}")), "{stderr}");
    let out = run(&["get", "deployments.v1.apps"]).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !stderr.contains("Warning:"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A definition with a deprecated version that has its own warning (UTF-8, as upstream's
/// validation allows), one that gets upstream's default text, and the current version.
const DEPRECATED_CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"gizmos.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"gizmos","singular":"gizmo","kind":"Gizmo"},
 "versions":[
  {"name":"v1alpha1","served":true,"storage":false,"deprecated":true,"deprecationWarning":"Iñtërnâtiônàlizætiøn,💝🐹🌇⛔ \"quoted\" \\ done",
   "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
  {"name":"v1beta1","served":true,"storage":false,"deprecated":true,
   "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
  {"name":"v1","served":true,"storage":true,
   "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;

#[tokio::test]
async fn deprecated_custom_resource_versions_warn_on_every_request() {
    let (api, server) = served().await;
    let req = http::Request::builder()
        .method(http::Method::POST)
        .uri("/apis/apiextensions.k8s.io/v1/customresourcedefinitions")
        .header("content-type", "application/json")
        .body(bytes::Bytes::from_static(DEPRECATED_CRD.as_bytes()))
        .unwrap();
    assert_eq!(api.handle(req).await.status(), 201);
    let (client, seen) = client_seeing_warnings(&server);
    let gizmos = |version: &str| {
        let gvk = kapi_machinery::GroupVersionKind::new("example.com", version, "Gizmo");
        let resource = kapi_client::dynamic::ApiResource::new(&gvk, "gizmos", true);
        kapi_client::dynamic::DynamicApi::namespaced(&client, &resource, "default").unwrap()
    };
    // The version's own warning, sent as upstream sends it (raw UTF-8) and read back whole.
    gizmos("v1alpha1").list(&ListOptions::default()).await.unwrap();
    // Upstream's default text names the newest undeprecated served version.
    gizmos("v1beta1").list(&ListOptions::default()).await.unwrap();
    gizmos("v1").list(&ListOptions::default()).await.unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "Iñtërnâtiônàlizætiøn,💝🐹🌇⛔ \"quoted\" \\ done",
            "example.com/v1beta1 Gizmo is deprecated; use example.com/v1 Gizmo"
        ]
    );
}
