//! The conversion webhook over HTTP: every version pair, several objects at once, and a Failure
//! for objects that cannot convert.

use std::net::SocketAddr;

use kapi_machinery::json::value::{self, Value};
use kapi_webhook::{Limits, Router};

use crate::support;

async fn start() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = Router::new().conversion("/convert", kapi_sample::converter().unwrap());
    tokio::spawn(kapi_webhook::serve(listener, None, router, Limits::default()));
    addr
}

/// POSTs a `ConversionReview` of `version` and returns the status code and the parsed answer.
async fn convert(addr: SocketAddr, version: &str, desired: &str, objects: &[&str]) -> (u16, String) {
    let body = format!(
        r#"{{"apiVersion":"apiextensions.k8s.io/{version}","kind":"ConversionReview","request":{{"uid":"r-1","desiredAPIVersion":"{desired}","objects":[{}]}}}}"#,
        objects.join(",")
    );
    support::exchange(&addr.to_string(), "POST", "/convert", &body).await
}

fn response(text: &str) -> Value {
    value::parse(text.as_bytes()).unwrap().get("response").cloned().unwrap()
}

/// The value with every object's members sorted: JSON's meaning, whatever the encoder's order.
fn canonical(v: Value) -> Value {
    match v {
        Value::Object(mut members) => {
            members.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(members.into_iter().map(|(k, v)| (k, canonical(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(canonical).collect()),
        other => other,
    }
}

/// The converted objects of a successful answer, each in canonical form.
fn converted(text: &str) -> Vec<String> {
    let r = response(text);
    assert_eq!(r.get("uid").and_then(Value::as_str), Some("r-1"), "{text}");
    assert_eq!(r.get("result").and_then(|s| s.get("status")).and_then(Value::as_str), Some("Success"), "{text}");
    let Some(Value::Array(objects)) = r.get("convertedObjects") else { panic!("{text}") };
    objects.iter().map(|o| String::from_utf8(canonical(o.clone()).to_compact_vec()).unwrap()).collect()
}

/// `text` in canonical form.
fn c(text: &str) -> String {
    String::from_utf8(canonical(value::parse(text.as_bytes()).unwrap()).to_compact_vec()).unwrap()
}

const V1: &str = r#"{"apiVersion":"samples.example.com/v1","kind":"Foo","metadata":{"name":"web","namespace":"default","uid":"u-1","resourceVersion":"7","generation":2,"labels":{"app":"web"},"annotations":{"note":"kept"},"creationTimestamp":"2026-01-02T03:04:05Z"},"spec":{"deploymentName":"web","replicas":3,"image":"registry:5000/app:1.2"},"status":{"availableReplicas":3}}"#;
const V2: &str = r#"{"apiVersion":"samples.example.com/v2","kind":"Foo","metadata":{"name":"web","namespace":"default","uid":"u-1","resourceVersion":"7","generation":2,"labels":{"app":"web"},"annotations":{"note":"kept"},"creationTimestamp":"2026-01-02T03:04:05Z"},"spec":{"deploymentName":"web","replicas":3,"image":{"repository":"registry:5000/app","tag":"1.2"}},"status":{"availableReplicas":3}}"#;

#[tokio::test]
async fn converts_between_every_pair_of_versions() {
    let addr = start().await;
    for review in ["v1", "v1beta1"] {
        let (code, text) = convert(addr, review, "samples.example.com/v2", &[V1]).await;
        assert_eq!(code, 200, "{text}");
        assert_eq!(converted(&text), [c(V2)]);
        let (_, text) = convert(addr, review, "samples.example.com/v1", &[V2]).await;
        assert_eq!(converted(&text), [c(V1)]);
        // Same version: returned as sent.
        let (_, text) = convert(addr, review, "samples.example.com/v1", &[V1]).await;
        assert_eq!(converted(&text), [c(V1)]);
        let (_, text) = convert(addr, review, "samples.example.com/v2", &[V2]).await;
        assert_eq!(converted(&text), [c(V2)]);
        // Several objects of both versions, in order.
        let (_, text) = convert(addr, review, "samples.example.com/v2", &[V2, V1, V2]).await;
        assert_eq!(converted(&text), [c(V2), c(V2), c(V2)]);
        let doc = value::parse(text.as_bytes()).unwrap();
        assert_eq!(
            doc.get("apiVersion").and_then(Value::as_str),
            Some(format!("apiextensions.k8s.io/{review}").as_str())
        );
    }
}

#[tokio::test]
async fn objects_that_cannot_convert_fail_the_review() {
    let addr = start().await;
    let failure = |text: &str| {
        let r = response(text);
        assert!(matches!(r.get("convertedObjects"), None | Some(Value::Null)), "{text}");
        let result = r.get("result").unwrap();
        assert_eq!(result.get("status").and_then(Value::as_str), Some("Failure"), "{text}");
        result.get("message").and_then(Value::as_str).unwrap().to_owned()
    };
    let bar = V1.replace(r#""kind":"Foo""#, r#""kind":"Bar""#);
    let (code, text) = convert(addr, "v1", "samples.example.com/v2", &[V1, &bar]).await;
    assert_eq!(code, 200);
    let message = failure(&text);
    assert!(
        message.starts_with(r#"converting Bar "default/web" from samples.example.com/v1 to samples.example.com/v2: "#),
        "{message}"
    );

    let malformed = V1.replace(r#""replicas":3"#, r#""replicas":"three""#);
    let (_, text) = convert(addr, "v1beta1", "samples.example.com/v2", &[&malformed]).await;
    let message = failure(&text);
    assert!(
        message.starts_with(r#"converting Foo "default/web" from samples.example.com/v1 to samples.example.com/v2: "#),
        "{message}"
    );
    assert!(message.contains("spec.replicas"), "{message}");

    let (_, text) = convert(addr, "v1", "samples.example.com/v3", &[V1]).await;
    assert!(failure(&text).contains("samples.example.com/v3"), "{text}");
    let (_, text) = convert(addr, "v1", "samples.example.com/v2", &["[1]"]).await;
    assert_eq!(failure(&text), "the object at index 0 is not a JSON object");

    let (code, text) = convert(addr, "v9", "samples.example.com/v2", &[V1]).await;
    assert_eq!(code, 400, "{text}");
}
