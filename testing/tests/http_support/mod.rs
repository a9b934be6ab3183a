//! One request straight to an `ApiServer`'s handler, for tests that read an answer's status, `Warning` headers and body.

use bytes::Bytes;
use http::Method;
use http_body_util::BodyExt as _;
use kapi_testing::ApiServer;

/// An answer: its status code, its `Warning` header values as sent (`299 - "…"`), its body.
pub struct Answer {
    pub code: u16,
    pub warnings: Vec<String>,
    pub body: Bytes,
}

/// Sends `body` as `content_type` with `method` to `path` and reads the whole answer.
pub async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Answer {
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", content_type)
        .body(Bytes::from(body.to_owned()))
        .unwrap();
    let resp = api.handle(req).await;
    let code = resp.status().as_u16();
    let warnings = resp.headers().get_all("warning").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    Answer { code, warnings, body }
}
