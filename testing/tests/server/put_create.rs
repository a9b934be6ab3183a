//! PUT to a name that does not exist, over HTTP against the test server: `201 Created` for the resources whose upstream strategy allows create-on-update (events among them), `404` for the rest, the UID precondition first.

use std::sync::Arc;

use http::{Method, StatusCode};
use kapi_machinery::json::value::Value;
use kapi_testing::{ApiServer, TestServer};

use crate::tcp_support;
use tcp_support::send;

async fn start() -> TestServer {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    TestServer::start(api, None).await.unwrap()
}

fn text<'a>(v: &'a Value, path: &[&str]) -> &'a str {
    let mut at = v;
    for p in path {
        match at.get(p) {
            Some(next) => at = next,
            None => return "",
        }
    }
    at.as_str().unwrap_or_default()
}

const LEASES: &str = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";

#[tokio::test]
async fn resources_that_allow_it_create_on_put() {
    let server = start().await;
    let cases = [
        (format!("{LEASES}/l"), r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"l"}}"#),
        (
            "/api/v1/namespaces/default/endpoints/e".to_owned(),
            r#"{"apiVersion":"v1","kind":"Endpoints","metadata":{"name":"e"}}"#,
        ),
        (
            "/api/v1/namespaces/default/limitranges/lr".to_owned(),
            r#"{"apiVersion":"v1","kind":"LimitRange","metadata":{"name":"lr"},"spec":{"limits":[]}}"#,
        ),
        // The event strategy (`pkg/registry/core/event`) allows it, and serves both groups.
        (
            "/api/v1/namespaces/default/events/ev".to_owned(),
            r#"{"apiVersion":"v1","kind":"Event","metadata":{"name":"ev"},"involvedObject":{"namespace":"default"}}"#,
        ),
        (
            "/apis/events.k8s.io/v1/namespaces/default/events/ev2".to_owned(),
            r#"{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"ev2"},"regarding":{"namespace":"default"},"eventTime":"2026-01-01T00:00:00.000000Z","reportingController":"k8s.io/c","reportingInstance":"i","action":"Did","reason":"Because","type":"Normal"}"#,
        ),
        (
            "/apis/rbac.authorization.k8s.io/v1/clusterroles/cr".to_owned(),
            r#"{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","metadata":{"name":"cr"}}"#,
        ),
        (
            "/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles/r".to_owned(),
            // A resourceVersion on a PUT that creates is not checked: storage writes the object.
            r#"{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"r","resourceVersion":"999999"}}"#,
        ),
    ];
    for (path, body) in cases {
        let (status, created) = send(&server, Method::PUT, &path, body).await;
        assert_eq!(status, StatusCode::CREATED, "PUT {path}: {created:?}");
        assert!(!text(&created, &["metadata", "uid"]).is_empty(), "{path}: {created:?}");
        assert!(!text(&created, &["metadata", "creationTimestamp"]).is_empty());
        assert_ne!(text(&created, &["metadata", "resourceVersion"]), "999999");
        let (status, read) = send(&server, Method::GET, &path, "").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(text(&read, &["metadata", "uid"]), text(&created, &["metadata", "uid"]));
        // Now it exists: a PUT naming its resourceVersion replaces it (leases' strategy refuses
        // an update without one).
        let rv = text(&created, &["metadata", "resourceVersion"]);
        let again = body.replace(r#","resourceVersion":"999999""#, "").replacen(
            r#""metadata":{"#,
            &format!(r#""metadata":{{"resourceVersion":"{rv}","#),
            1,
        );
        let (status, _) = send(&server, Method::PUT, &path, &again).await;
        assert_eq!(status, StatusCode::OK, "second PUT {path}");
    }
    // A service created by PUT is allocated an address as by POST.
    let svc = r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"ports":[{"port":80}]}}"#;
    let (status, created) = send(&server, Method::PUT, "/api/v1/namespaces/default/services/s", svc).await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    assert!(text(&created, &["spec", "clusterIP"]).starts_with("10."), "{created:?}");
    // A dry run creates nothing.
    let body = r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"dry"}}"#;
    let (status, _) = send(&server, Method::PUT, &format!("{LEASES}/dry?dryRun=All"), body).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = send(&server, Method::GET, &format!("{LEASES}/dry"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn other_resources_answer_not_found() {
    let server = start().await;
    let cases = [
        (
            format!("{CONFIGMAPS}/c"),
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#,
            r#"configmaps "c" not found"#,
        ),
        (
            "/api/v1/namespaces/default/serviceaccounts/sa".to_owned(),
            r#"{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"sa"}}"#,
            r#"serviceaccounts "sa" not found"#,
        ),
        (
            "/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/es".to_owned(),
            r#"{"apiVersion":"discovery.k8s.io/v1","kind":"EndpointSlice","metadata":{"name":"es"},"addressType":"IPv4","endpoints":[]}"#,
            r#"endpointslices.discovery.k8s.io "es" not found"#,
        ),
    ];
    for (path, body, message) in cases {
        let (status, reply) = send(&server, Method::PUT, &path, body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "PUT {path}: {reply:?}");
        assert_eq!(text(&reply, &["message"]), message);
        let (status, _) = send(&server, Method::GET, &path, "").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "nothing was created at {path}");
    }
}

#[tokio::test]
async fn a_uid_on_a_put_to_a_missing_name_is_a_failed_precondition() {
    let server = start().await;
    let body = r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"l","uid":"u-1"}}"#;
    let (status, reply) = send(&server, Method::PUT, &format!("{LEASES}/l"), body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply:?}");
    assert_eq!(
        text(&reply, &["message"]),
        r#"Operation cannot be fulfilled on leases.coordination.k8s.io "l": StorageError: invalid object, Code: 4, Key: /registry/leases/default/l, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: u-1, UID in object meta: "#
    );
    // Before the strategy's answer: a config map is refused the same way, not with 404.
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","uid":"u-2"}}"#;
    let (status, reply) = send(&server, Method::PUT, &format!("{CONFIGMAPS}/c"), body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply:?}");
    assert!(text(&reply, &["message"]).contains("Key: /registry/configmaps/default/c,"), "{reply:?}");
}
