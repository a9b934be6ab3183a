//! Conversion webhooks over HTTP(S): `ConversionReview`s of both versions answered in theirs,
//! failures as a `Failure` result, malformed reviews refused, and a `Router` serving a conversion
//! webhook beside an admission handler.

use std::net::SocketAddr;
use std::sync::Arc;

use kapi_machinery::GroupVersion;
use kapi_machinery::json::value::{self, Value};
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits, Router};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// A converter of `Frobber`s between `example.com/v1` (`spec.size` in text) and `v2` (a number),
/// refusing sizes that are not numbers.
fn frobber(object: &Value, to: &GroupVersion) -> Result<Value, String> {
    let Value::Object(members) = object else { return Err("not an object".into()) };
    let mut out = Vec::new();
    for (k, v) in members {
        let v = match (k.as_str(), v) {
            ("apiVersion", _) => Value::String(to.to_string()),
            ("spec", spec) => {
                let size = spec.get("size").cloned().unwrap_or(Value::Null);
                let size = match (to.version.as_str(), size) {
                    ("v2", Value::String(s)) => {
                        let n: i64 = s.parse().map_err(|_| format!("spec.size: {s:?} is not a number"))?;
                        Value::Number(n.to_string())
                    }
                    ("v1", Value::Number(n)) => Value::String(n),
                    (_, other) => other,
                };
                Value::Object(vec![("size".into(), size)])
            }
            // A converter may not change metadata but for labels and annotations: the webhook
            // restores the rest.
            ("metadata", _) => value::parse(br#"{"name":"renamed","labels":{"converted":"yes"}}"#).unwrap(),
            _ => v.clone(),
        };
        out.push((k.clone(), v));
    }
    Ok(Value::Object(out))
}

async fn start(tls: Option<Arc<rustls::ServerConfig>>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = Router::new()
        .admission("/validate", |_: AdmissionRequest| async { AdmissionResponse::deny(403, "no") })
        .conversion("/convert", frobber);
    tokio::spawn(kapi_webhook::serve(listener, tls, router, Limits::default()));
    addr
}

/// Sends one HTTP/1.1 request and reads the whole answer: status and body.
async fn exchange<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    stream.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let code = head.split(' ').nth(1).unwrap().parse().unwrap();
    (code, body.to_owned())
}

async fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    exchange(tokio::net::TcpStream::connect(addr).await.unwrap(), "POST", path, body).await
}

fn review(version: &str, desired: &str, objects: &[&str]) -> String {
    format!(
        r#"{{"apiVersion":"apiextensions.k8s.io/{version}","kind":"ConversionReview","request":{{"uid":"u-7","desiredAPIVersion":"{desired}","objects":[{}]}}}}"#,
        objects.join(",")
    )
}

const V1: &str = r#"{"apiVersion":"example.com/v1","kind":"Frobber","metadata":{"name":"f","namespace":"ns","uid":"id-1","resourceVersion":"5","labels":{"a":"b"}},"spec":{"size":"3"}}"#;
const V2: &str = r#"{"apiVersion":"example.com/v2","kind":"Frobber","metadata":{"name":"g","namespace":"ns","uid":"id-2"},"spec":{"size":4}}"#;

#[tokio::test]
async fn converts_every_object_in_order_and_answers_in_the_review_version() {
    let addr = start(None).await;
    for version in ["v1", "v1beta1"] {
        let (code, text) = post(addr, "/convert", &review(version, "example.com/v2", &[V1, V2])).await;
        assert_eq!(code, 200, "{text}");
        let doc = value::parse(text.as_bytes()).unwrap();
        assert_eq!(doc.get("kind").and_then(Value::as_str), Some("ConversionReview"));
        let want_version = format!("apiextensions.k8s.io/{version}");
        assert_eq!(doc.get("apiVersion").and_then(Value::as_str), Some(want_version.as_str()));
        let response = doc.get("response").unwrap();
        assert_eq!(response.get("uid").and_then(Value::as_str), Some("u-7"));
        let status = response.get("result").unwrap().get("status").and_then(Value::as_str);
        assert_eq!(status, Some("Success"), "{text}");
        let Some(Value::Array(objects)) = response.get("convertedObjects") else { panic!("{text}") };
        // The first was converted; its metadata is the original's but for the converter's labels.
        assert_eq!(
            String::from_utf8(objects[0].to_compact_vec()).unwrap(),
            r#"{"apiVersion":"example.com/v2","kind":"Frobber","metadata":{"name":"f","namespace":"ns","uid":"id-1","resourceVersion":"5","labels":{"converted":"yes"}},"spec":{"size":3}}"#
        );
        // The second was in the desired version already: returned as it came.
        assert_eq!(String::from_utf8(objects[1].to_compact_vec()).unwrap(), V2);
    }
}

#[tokio::test]
async fn a_failure_names_the_object_and_returns_no_objects() {
    let addr = start(None).await;
    let bad = V1.replace(r#""size":"3""#, r#""size":"three""#);
    let (code, text) = post(addr, "/convert", &review("v1", "example.com/v2", &[V2, &bad])).await;
    assert_eq!(code, 200, "{text}");
    let response = value::parse(text.as_bytes()).unwrap().get("response").cloned().unwrap();
    let result = response.get("result").unwrap();
    assert_eq!(result.get("status").and_then(Value::as_str), Some("Failure"));
    assert_eq!(
        result.get("message").and_then(Value::as_str),
        Some(r#"converting Frobber "ns/f" from example.com/v1 to example.com/v2: spec.size: "three" is not a number"#)
    );
    assert!(matches!(response.get("convertedObjects"), None | Some(Value::Null)), "{text}");

    for (objects, message) in [
        (vec!["null"], "the object at index 0 is not a JSON object"),
        (vec![r#"{"metadata":{"name":"x"}}"#], "the object at index 0 names no apiVersion and kind"),
    ] {
        let (_, text) = post(addr, "/convert", &review("v1beta1", "example.com/v2", &objects)).await;
        let doc = value::parse(text.as_bytes()).unwrap();
        let result = doc.get("response").unwrap().get("result").unwrap();
        assert_eq!(result.get("message").and_then(Value::as_str), Some(message), "{text}");
    }
    let (_, text) = post(addr, "/convert", &review("v1", "v2/", &[V1])).await;
    assert!(text.contains(r#"invalid desiredAPIVersion \"v2/\""#), "{text}");
}

#[tokio::test]
async fn malformed_reviews_and_other_paths_are_refused() {
    let addr = start(None).await;
    let (code, text) =
        post(addr, "/convert", r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}"#).await;
    assert_eq!((code, text.as_str()), (400, "invalid ConversionReview: request: missing"));
    let (code, text) = post(addr, "/convert", &review("v2", "example.com/v2", &[V1])).await;
    assert_eq!(code, 400, "{text}");
    assert!(text.starts_with("invalid ConversionReview: apiVersion: expected apiextensions.k8s.io/v1"), "{text}");
    let (code, text) = post(addr, "/convert", "{").await;
    assert_eq!(code, 400, "{text}");
    let (code, _) = post(addr, "/convert", &review("v1", "example.com/v2", &[V1]).replace("u-7", "")).await;
    assert_eq!(code, 400);
    let (code, text) = post(addr, "/elsewhere", &review("v1", "example.com/v2", &[V1])).await;
    assert_eq!((code, text.as_str()), (404, "no webhook is served at /elsewhere; served: /validate, /convert"));
    let (code, text) = exchange(tokio::net::TcpStream::connect(addr).await.unwrap(), "GET", "/convert", "").await;
    assert_eq!((code, text.as_str()), (405, "conversion reviews are POSTed"));
    // The admission handler beside it answers admission reviews.
    let admission = r#"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"a",
"kind":{"group":"","version":"v1","kind":"ConfigMap"},"resource":{"group":"","version":"v1","resource":"configmaps"},
"operation":"CREATE","object":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}}}"#;
    let (code, text) = post(addr, "/validate", admission).await;
    assert_eq!(code, 200);
    assert!(text.contains(r#""allowed":false"#), "{text}");
}

#[tokio::test]
async fn serves_over_tls() {
    use rcgen::{CertificateParams, KeyPair};
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["localhost".to_owned()]).unwrap().self_signed(&key).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], rustls_pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .unwrap();
    let addr = start(Some(Arc::new(server))).await;
    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.der().clone()).unwrap();
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
    let tls = tokio_rustls::TlsConnector::from(Arc::new(client)).connect(name, tcp).await.unwrap();
    let (code, text) = exchange(tls, "POST", "/convert", &review("v1", "example.com/v1", &[V2])).await;
    assert_eq!(code, 200, "{text}");
    assert!(text.contains(r#""convertedObjects":[{"apiVersion":"example.com/v1","kind":"Frobber""#), "{text}");
    assert!(text.contains(r#""size":"4""#), "{text}");
}

#[test]
fn converted_labels_must_be_strings_and_cluster_scoped_objects_are_named_by_name() {
    let request = kapi_webhook::ConversionRequest {
        uid: "u".into(),
        desired_api_version: "example.com/v2".into(),
        objects: vec![
            value::parse(br#"{"apiVersion":"example.com/v1","kind":"Frobber","metadata":{"name":"c"}}"#).unwrap(),
        ],
    };
    let numeric_label = |o: &Value, to: &GroupVersion| -> Result<Value, String> {
        let mut out = frobber(o, to)?;
        if let Value::Object(members) = &mut out {
            members.push(("metadata".into(), value::parse(br#"{"labels":{"n":1}}"#).unwrap()));
        }
        Ok(out)
    };
    assert_eq!(
        kapi_webhook::convert_request(&numeric_label, &request).unwrap_err(),
        r#"converting Frobber "c" from example.com/v1 to example.com/v2: metadata.labels[n] of the converted object is not a string"#
    );
}
