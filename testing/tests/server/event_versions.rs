//! Events through both of their groups over HTTP against the test server: one store, validated as upstream's event strategy does by the request's group version (`ValidateEventCreate` and `ValidateEventUpdate` take it): core/v1 runs only the legacy checks, events.k8s.io/v1 the strict ones too, whichever group wrote the stored event.

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
    path.iter().try_fold(v, |v, p| v.get(p)).and_then(Value::as_str).unwrap_or_default()
}

fn json(v: &Value) -> String {
    String::from_utf8(v.to_compact_vec()).unwrap()
}

const CORE: &str = "/api/v1/namespaces/default/events";
const EVENTS: &str = "/apis/events.k8s.io/v1/namespaces/default/events";

/// A legacy event (no `eventTime`) written through core/v1, then changed through each group: the
/// strict update checks of events.k8s.io/v1 refuse a changed note (upstream's `message`), core/v1
/// takes it. The error names the internal kind's group (core's) for both groups.
#[tokio::test]
async fn an_update_is_judged_by_the_group_it_is_sent_to() {
    let server = start().await;
    let body = r#"{"apiVersion":"v1","kind":"Event","metadata":{"name":"e1"},"involvedObject":{"kind":"Pod","name":"p","namespace":"default"},
        "reason":"Started","message":"started","type":"Normal","source":{"component":"kubelet"},"count":1}"#;
    let (status, created) = send(&server, Method::POST, CORE, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(&created));

    let (status, read) = send(&server, Method::GET, &format!("{EVENTS}/e1"), "").await;
    assert_eq!(status, StatusCode::OK, "{}", json(&read));
    let renoted = json(&read).replace(r#""note":"started""#, r#""note":"restarted""#);
    assert_ne!(renoted, json(&read));
    let (status, refused) = send(&server, Method::PUT, &format!("{EVENTS}/e1"), &renoted).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}", json(&refused));
    assert_eq!(
        text(&refused, &["message"]),
        r#"Event "e1" is invalid: message: Invalid value: "restarted": field is immutable"#
    );

    let (status, read) = send(&server, Method::GET, &format!("{CORE}/e1"), "").await;
    assert_eq!(status, StatusCode::OK);
    let remessaged = json(&read).replace(r#""message":"started""#, r#""message":"restarted""#);
    let (status, updated) = send(&server, Method::PUT, &format!("{CORE}/e1"), &remessaged).await;
    assert_eq!(status, StatusCode::OK, "{}", json(&updated));
    assert_eq!(text(&updated, &["message"]), "restarted");
}

/// A create through events.k8s.io/v1 needs what only the strict checks ask for (an `eventTime`,
/// a `Normal` or `Warning` type); the same event through core/v1 is taken.
#[tokio::test]
async fn a_create_is_judged_by_the_group_it_is_sent_to() {
    let server = start().await;
    let strict = r#"{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e2"},"regarding":{"namespace":"default"},"reason":"R","note":"n","type":"Odd"}"#;
    let (status, refused) = send(&server, Method::POST, EVENTS, strict).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}", json(&refused));
    assert_eq!(
        text(&refused, &["message"]),
        r#"Event "e2" is invalid: [eventTime: Required value, type: Invalid value: "": has invalid value: Odd]"#
    );
    let legacy = r#"{"apiVersion":"v1","kind":"Event","metadata":{"name":"e2"},"involvedObject":{"namespace":"default"},"reason":"R","message":"n","type":"Odd"}"#;
    let (status, created) = send(&server, Method::POST, CORE, legacy).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(&created));
}
