//! The HTTP side of `kapi_webhook::serve`: reviews answered, other methods and media types
//! refused, and bodies that are too large or too slow cut off.

use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use kapi_client::{Config, Service, Transport, body};
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const REVIEW: &str = r#"{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","request":{"uid":"abc",
"kind":{"group":"","version":"v1","kind":"ConfigMap"},"resource":{"group":"","version":"v1","resource":"configmaps"},
"operation":"DELETE","oldObject":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}}}"#;

async fn start(limits: Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let handler = |req: AdmissionRequest| async move {
        if req.operation == kapi_webhook::Operation::Delete && req.old_object.is_some() {
            AdmissionResponse::deny(409, "configmaps stay")
        } else {
            AdmissionResponse::allow()
        }
    };
    tokio::spawn(kapi_webhook::serve(listener, None, handler, limits));
    addr
}

async fn post(addr: SocketAddr, method: http::Method, content_type: &str, body: Vec<u8>) -> (u16, String) {
    let mut config = Config::new(format!("http://{addr}")).unwrap();
    config.retry.max_retries = 0;
    let t = Transport::new(&config).unwrap();
    let req = http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}/review"))
        .header(http::header::CONTENT_TYPE, content_type)
        .body(Bytes::from(body))
        .unwrap();
    let resp = t.call(req).await.unwrap();
    let code = resp.status().as_u16();
    let data = body::collect(resp.into_body()).await.unwrap();
    (code, String::from_utf8_lossy(&data).into_owned())
}

#[tokio::test]
async fn answers_reviews_in_their_version() {
    let addr = start(Limits::default()).await;
    let (code, text) = post(addr, http::Method::POST, "application/json", REVIEW.into()).await;
    assert_eq!(code, 200, "{text}");
    assert!(text.starts_with(r#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1beta1","response":{"uid":"abc","allowed":false"#), "{text}");
    assert!(text.contains(r#""message":"configmaps stay""#) && text.contains(r#""code":409"#), "{text}");
}

#[tokio::test]
async fn refuses_what_is_not_a_review() {
    let addr = start(Limits::default()).await;
    assert_eq!(post(addr, http::Method::GET, "application/json", Vec::new()).await.0, 405);
    assert_eq!(post(addr, http::Method::POST, "text/plain", REVIEW.into()).await.0, 415);
    let (code, text) =
        post(addr, http::Method::POST, "application/json", REVIEW.replace("DELETE", "ERASE").into()).await;
    assert_eq!(
        (code, text.as_str()),
        (
            400,
            "invalid AdmissionReview: request.operation: unknown operation \"ERASE\"; expected CREATE, UPDATE, DELETE or CONNECT"
        )
    );
}

#[tokio::test]
async fn cuts_off_large_and_slow_bodies() {
    let limits = Limits { max_body_bytes: 1024, read_timeout: Duration::from_millis(300), ..Limits::default() };
    let addr = start(limits).await;
    let (code, _) = post(addr, http::Method::POST, "application/json", vec![b' '; 4096]).await;
    assert_eq!(code, 413);

    // Headers promise a body that never comes: the answer is 408 once the deadline passes.
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    tcp.write_all(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut buf = vec![0; 256];
    let n = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut buf)).await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 408"), "{}", String::from_utf8_lossy(&buf[..n]));
    assert!(started.elapsed() >= Duration::from_millis(250));
}

#[tokio::test]
async fn shutdown_stops_serving_even_with_every_slot_taken() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let limits = Limits { max_connections: 1, read_timeout: Duration::from_secs(30), ..Limits::default() };
    let handler = |_: AdmissionRequest| async { AdmissionResponse::allow() };
    let server = tokio::spawn(kapi_webhook::serve_with_shutdown(listener, None, handler, limits, async {
        let _ = stopped.await;
    }));
    // One idle connection holds the only slot.
    let _idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server).await.expect("shutdown within the guard").unwrap();
}
