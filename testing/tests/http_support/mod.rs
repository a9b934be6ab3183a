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

/// An answer read as JSON (a body that is none is kept as one JSON string).
pub struct JsonReply {
    pub code: u16,
    pub body: kapi_machinery::json::value::Value,
}

impl JsonReply {
    /// The value at a path of object members.
    pub fn at(&self, path: &[&str]) -> Option<&kapi_machinery::json::value::Value> {
        path.iter().try_fold(&self.body, |v, k| v.get(k))
    }

    /// The string at a path of object members.
    pub fn text(&self, path: &[&str]) -> Option<&str> {
        self.at(path).and_then(kapi_machinery::json::value::Value::as_str)
    }

    /// The causes' `(field, message)` of an error answer.
    pub fn causes(&self) -> Vec<(String, String)> {
        use kapi_machinery::json::value::Value;
        let Some(Value::Array(causes)) = self.at(&["details", "causes"]) else { return Vec::new() };
        let text = |c: &Value, k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        causes.iter().map(|c| (text(c, "field"), text(c, "message"))).collect()
    }

    /// The body as compact JSON, for assertion messages.
    pub fn json(&self) -> String {
        String::from_utf8(self.body.to_compact_vec()).unwrap()
    }
}

/// [`call`], its body read as JSON.
pub async fn call_json(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> JsonReply {
    use kapi_machinery::json::value::{self, Value};
    let answer = call(api, method, path, content_type, body).await;
    let body = value::parse(&answer.body).unwrap_or(Value::String(String::from_utf8_lossy(&answer.body).into_owned()));
    JsonReply { code: answer.code, body }
}
