//! The sample's definition served by the test server, converting through `sample-conversion-webhook`: an object written in v1 is stored in v2 and read in either; kubectl reads and writes both.

use std::process::Command;
use std::sync::Arc;

use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};

use crate::support;

use support::{exchange, start_program};

/// One request to the test server: the status code and the body as JSON.
async fn call(base: &str, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (code, data) = exchange(base.trim_start_matches("http://"), method, path, body).await;
    (code, value::parse(data.as_bytes()).unwrap_or(Value::Null))
}

fn text<'a>(v: &'a Value, path: &[&str]) -> &'a str {
    path.iter().try_fold(v, |v, k| v.get(k)).and_then(Value::as_str).unwrap_or_default()
}

#[tokio::test]
async fn v1_and_v2_convert_through_the_webhook() {
    // The program, serving the certificate of its service's name.
    let dir = std::env::temp_dir().join(format!("kapi-sample-test-server-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_running, addr, cert) = start_program(&dir, "sample-conversion-webhook.samples-system.svc");

    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    server.set_webhook_service("samples-system", "sample-conversion-webhook", 443, &addr);
    let base = test.url().trim_end_matches('/').to_owned();

    // The generated definition, with the webhook's CA.
    let yaml =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/crds/foos.samples.example.com.yaml")).unwrap();
    let crd = String::from_utf8(kapi_machinery::yaml::yaml_to_json(&yaml, false).unwrap()).unwrap();
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(cert.pem().as_bytes(), &mut b64);
    let crd = crd.replacen(
        r#""clientConfig":{"#,
        &format!(r#""clientConfig":{{"caBundle":"{}","#, String::from_utf8(b64).unwrap()),
        1,
    );
    let (code, created) = call(&base, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd).await;
    assert_eq!(code, 201, "{created:?}");

    // Written in v1, stored in v2, read in both.
    let v1 = r#"{"apiVersion":"samples.example.com/v1","kind":"Foo","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"image":"registry:5000/nginx:1.27","replicas":2}}"#;
    let (code, written) = call(&base, "POST", "/apis/samples.example.com/v1/namespaces/default/foos", v1).await;
    assert_eq!(code, 201, "{written:?}");
    assert_eq!(text(&written, &["apiVersion"]), "samples.example.com/v1");
    assert_eq!(text(&written, &["spec", "image"]), "registry:5000/nginx:1.27");
    let (code, v2) = call(&base, "GET", "/apis/samples.example.com/v2/namespaces/default/foos/web", "").await;
    assert_eq!(code, 200, "{v2:?}");
    assert_eq!(text(&v2, &["apiVersion"]), "samples.example.com/v2");
    assert_eq!(text(&v2, &["spec", "image", "repository"]), "registry:5000/nginx");
    assert_eq!(text(&v2, &["spec", "image", "tag"]), "1.27");
    // The metadata the webhook may not change is the stored object's.
    assert_eq!(text(&v2, &["metadata", "uid"]), text(&written, &["metadata", "uid"]));
    assert_eq!(text(&v2, &["metadata", "labels", "app"]), "web");
    let (_, listed) = call(&base, "GET", "/apis/samples.example.com/v1/namespaces/default/foos", "").await;
    let Some(Value::Array(items)) = listed.get("items") else { panic!("no items in {listed:?}") };
    assert_eq!(text(&items[0], &["spec", "image"]), "registry:5000/nginx:1.27");

    // An update through v2 is read back through v1.
    let mut updated = String::from_utf8(v2.to_compact_vec()).unwrap();
    updated = updated.replace(r#""tag":"1.27""#, r#""tag":"1.28""#);
    let (code, _) = call(&base, "PUT", "/apis/samples.example.com/v2/namespaces/default/foos/web", &updated).await;
    assert_eq!(code, 200);
    let (_, back) = call(&base, "GET", "/apis/samples.example.com/v1/namespaces/default/foos/web", "").await;
    assert_eq!(text(&back, &["spec", "image"]), "registry:5000/nginx:1.28");
    // A watch in v1 sees the stored object converted.
    let (code, events) = exchange(
        base.trim_start_matches("http://"),
        "GET",
        "/apis/samples.example.com/v1/namespaces/default/foos?watch=true&timeoutSeconds=1",
        "",
    )
    .await;
    assert_eq!(code, 200);
    let first = value::parse(events.lines().next().unwrap_or_default().as_bytes()).unwrap();
    assert_eq!(text(&first, &["type"]), "ADDED");
    assert_eq!(text(&first, &["object", "spec", "image"]), "registry:5000/nginx:1.28");

    // kubectl, when there is one: applies v1 and reads v2.
    let kubectl = std::env::var_os("KUBECTL").unwrap_or_else(|| "kubectl".into());
    if Command::new(&kubectl).args(["version", "--client"]).output().is_ok_and(|o| o.status.success()) {
        let kc = dir.join("kubeconfig");
        std::fs::write(&kc, kapi_testing::kubeconfig(&base)).unwrap();
        let manifest = dir.join("foo.yaml");
        std::fs::write(
            &manifest,
            "apiVersion: samples.example.com/v1\nkind: Foo\nmetadata:\n  name: cli\nspec:\n  image: busybox:1.36\n",
        )
        .unwrap();
        // kubectl runs beside the server's runtime, which must go on serving it.
        let run = |args: &[&str]| {
            let mut cmd = Command::new(&kubectl);
            cmd.arg("--kubeconfig").arg(&kc).args(args);
            let args = format!("{args:?}");
            async move {
                let out = tokio::task::spawn_blocking(move || cmd.output().unwrap()).await.unwrap();
                assert!(out.status.success(), "kubectl {args}: {}", String::from_utf8_lossy(&out.stderr));
                String::from_utf8(out.stdout).unwrap()
            }
        };
        run(&["apply", "-f", manifest.to_str().unwrap()]).await;
        let tag = run(&["get", "foos.v2.samples.example.com", "cli", "-o", "jsonpath={.spec.image.tag}"]).await;
        assert_eq!(tag, "1.36");
        let image = run(&["get", "foos.v1.samples.example.com", "cli", "-o", "jsonpath={.spec.image}"]).await;
        assert_eq!(image, "busybox:1.36");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
