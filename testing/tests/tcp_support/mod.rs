//! One JSON request over TCP to a running `TestServer`, for tests that read an answer's status and parsed body.

use bytes::Bytes;
use http::{Method, StatusCode};
use http_body_util::{BodyExt as _, Full};
use hyper_util::rt::TokioIo;
use kapi_machinery::json::value::{Value, parse};
use kapi_testing::TestServer;
use tokio::net::TcpStream;

/// Sends one JSON request; the status and the parsed body.
pub async fn send(server: &TestServer, method: Method, path: &str, body: &str) -> (StatusCode, Value) {
    let stream = TcpStream::connect(server.addr()).await.unwrap();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.unwrap();
    tokio::spawn(conn);
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("host", server.addr().to_string())
        .header("content-type", "application/json")
        .header("accept", "application/json")
        .body(Full::new(Bytes::from(body.to_owned())))
        .unwrap();
    let resp = sender.send_request(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let value = parse(&bytes).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}
