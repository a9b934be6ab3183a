//! The body's namespace checked as upstream's create and update handlers check it, right after decoding and before any admission plugin: a namespace the request does not name is `400`, even where `NamespaceLifecycle` would refuse the request first.

use crate::http_support;

use http::Method;
use kapi_testing::ApiServer;

const MISMATCH: &str = r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the namespace of the provided object does not match the namespace sent on the request","reason":"BadRequest","code":400}"#;

/// A server running as a cluster, so that its built-in admission plugins act.
fn server() -> (ApiServer, Option<kapi_testing::ControllerHandle>) {
    let server = ApiServer::new();
    server.register_builtin();
    let loops = server.start_cluster().unwrap();
    (server, loops)
}

async fn send(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> (u16, String) {
    let answer = http_support::call(api, method, path, content_type, body).await;
    (answer.code, String::from_utf8(answer.body.to_vec()).unwrap().trim_end().to_owned())
}

/// In a namespace that does not exist, NamespaceLifecycle answers `404`; a body naming another
/// namespace is refused before it, whichever way the body spells the member.
#[tokio::test]
async fn a_create_naming_another_namespace_is_refused_before_admission() {
    let (api, _loops) = server();
    let path = "/api/v1/namespaces/missing/configmaps";
    for body in [
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"other"}}"#,
        // An escaped member name is the same member to Go's decoder.
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","n\u0061mespace":"other"}}"#,
    ] {
        assert_eq!(
            send(&api, Method::POST, path, "application/json", body).await,
            (400, MISMATCH.to_owned()),
            "{body}"
        );
    }
    let yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: other\n";
    assert_eq!(send(&api, Method::POST, path, "application/yaml", yaml).await, (400, MISMATCH.to_owned()));
    // Naming the request's namespace, or none, the request reaches admission.
    for body in [
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"missing"}}"#,
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}"#,
    ] {
        let (code, text) = send(&api, Method::POST, path, "application/json", body).await;
        assert_eq!(code, 404, "{text}");
        assert!(text.contains(r#"namespaces \"missing\" not found"#), "{text}");
    }
}

#[tokio::test]
async fn updates_and_subresource_writes_are_checked_before_admission() {
    let (api, _loops) = server();
    let put = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"other"}}"#;
    let path = "/api/v1/namespaces/missing/configmaps/a";
    assert_eq!(send(&api, Method::PUT, path, "application/json", put).await, (400, MISMATCH.to_owned()));
    // An eviction's body is an Eviction, checked as the subresource's input kind.
    let eviction = r#"{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"p","namespace":"other"}}"#;
    let path = "/api/v1/namespaces/missing/pods/p/eviction";
    assert_eq!(send(&api, Method::POST, path, "application/json", eviction).await, (400, MISMATCH.to_owned()));
    let eviction = r#"{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"p"}}"#;
    let (code, text) = send(&api, Method::POST, path, "application/json", eviction).await;
    assert_eq!(code, 404, "{text}");
}

/// A body naming a namespace that does not decode is refused as the decoder words it, before
/// admission too.
#[tokio::test]
async fn a_body_that_does_not_decode_is_refused_for_that_first() {
    let (api, _loops) = server();
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"other"},"data":7}"#;
    let path = "/api/v1/namespaces/missing/configmaps";
    let (code, text) = send(&api, Method::POST, path, "application/json", body).await;
    assert_eq!(code, 400, "{text}");
    assert!(text.contains("cannot unmarshal number"), "{text}");
}
