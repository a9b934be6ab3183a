//! The API server over real HTTP on loopback, with a minimal hyper client: encodings in both
//! directions, watches in both framings, chunked lists, patches, field validation, dry run,
//! status errors, fault injection, TLS and shutdown.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderMap, Method, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use kapi_api::admissionregistration::v1::{
    ValidatingAdmissionPolicy, ValidatingWebhookConfiguration, ValidatingWebhookConfigurationList,
};
use kapi_api::meta::v1::{Status, WatchEvent};
use kapi_client::Service;
use kapi_machinery::{Format, GroupVersionKind, Kind, Object, Options, Scheme, Serializer};
use kapi_testing::{ApiServer, Fault, REQUEST_LOG_LIMIT, TestServer};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

type Vwc = ValidatingWebhookConfiguration;

const VWC: &str = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
const VAP: &str = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies";
const JSON: &str = "application/json";
const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";

fn scheme() -> Scheme {
    kapi_api::scheme().expect("scheme")
}

fn decode_as<T: Kind>(format: Format, data: &[u8]) -> T {
    let scheme = scheme();
    let d = Serializer::new(&scheme, format, Options::default())
        .decode(data, Some(&T::static_gvk()))
        .unwrap_or_else(|e| panic!("decoding {}: {e}: {}", T::KIND, String::from_utf8_lossy(data)));
    *d.object.into_any().downcast::<T>().expect("kind")
}

fn encode(format: Format, obj: &dyn Object) -> Vec<u8> {
    Serializer::new(&scheme(), format, Options::default()).encode(obj).expect("encode")
}

fn hook_json(name: &str, extra: &str) -> String {
    format!(
        r#"{{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{{"name":"{name}","labels":{{"app":"web"}}}},"webhooks":[{{"name":"w1.example.com","clientConfig":{{"url":"https://hook.example.com"}},"sideEffects":"None","admissionReviewVersions":["v1"]}}]{extra}}}"#
    )
}

async fn start() -> (Arc<ApiServer>, TestServer) {
    let api = Arc::new(ApiServer::new());
    api.register::<Vwc>().unwrap();
    api.register::<ValidatingAdmissionPolicy>().unwrap();
    let server = TestServer::start(Arc::clone(&api), None).await.unwrap();
    (api, server)
}

/// Sends one request on a new connection; the response body may still be streaming.
async fn send_on<S>(
    io: S,
    host: &str,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Vec<u8>,
) -> http::Response<Incoming>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(io)).await.unwrap();
    tokio::spawn(conn);
    let mut req = http::Request::builder().method(method).uri(path).header("host", host);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    sender.send_request(req.body(Full::new(Bytes::from(body))).unwrap()).await.unwrap()
}

async fn send(
    server: &TestServer,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Vec<u8>>,
) -> http::Response<Incoming> {
    let stream = TcpStream::connect(server.addr()).await.unwrap();
    send_on(stream, &server.addr().to_string(), method, path, headers, body.into()).await
}

struct Reply {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl Reply {
    fn content_type(&self) -> &str {
        self.headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default()
    }

    fn json_status(&self) -> Status {
        assert_eq!(self.content_type(), JSON, "{}", String::from_utf8_lossy(&self.body));
        decode_as::<Status>(Format::Json, &self.body)
    }

    fn warnings(&self) -> Vec<String> {
        self.headers.get_all("warning").iter().map(|v| v.to_str().unwrap().to_owned()).collect()
    }
}

async fn call(
    server: &TestServer,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Vec<u8>>,
) -> Reply {
    let resp = send(server, method, path, headers, body).await;
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, body }
}

async fn post_json(server: &TestServer, path: &str, body: &str) -> Reply {
    call(server, Method::POST, path, &[("content-type", JSON)], body).await
}

async fn get(server: &TestServer, path: &str) -> Reply {
    call(server, Method::GET, path, &[], "").await
}

#[tokio::test]
async fn json_round_trip_and_status_errors() {
    let (api, server) = start().await;
    // Read-only: served with `get` and `list` alone.
    api.register::<kapi_api::core::v1::ComponentStatus>().unwrap();
    let created = post_json(&server, VWC, &hook_json("hook", "")).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&created.body));
    assert_eq!(created.content_type(), JSON);
    let hook = decode_as::<Vwc>(Format::Json, &created.body);
    assert_eq!(hook.metadata.name, "hook");
    assert!(!hook.metadata.uid.is_empty());
    // Request bodies are defaulted.
    assert_eq!(hook.webhooks[0].timeout_seconds, Some(10));
    assert_eq!(hook.webhooks[0].failure_policy.as_ref().map(|f| f.0.as_str()), Some("Fail"));

    let got = get(&server, &format!("{VWC}/hook")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(decode_as::<Vwc>(Format::Json, &got.body), hook);

    let list = get(&server, VWC).await;
    assert_eq!(list.status, StatusCode::OK);
    let list = decode_as::<ValidatingWebhookConfigurationList>(Format::Json, &list.body);
    assert_eq!(list.type_meta.kind, "ValidatingWebhookConfigurationList");
    assert_eq!(list.items.as_deref().map(<[Vwc]>::len), Some(1));
    assert_eq!(list.metadata.resource_version, hook.metadata.resource_version);

    let dup = post_json(&server, VWC, &hook_json("hook", "")).await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    let st = dup.json_status();
    assert_eq!((st.type_meta.kind.as_str(), st.type_meta.api_version.as_str()), ("Status", "v1"));
    assert_eq!((st.status.as_str(), st.reason.0.as_str(), st.code), ("Failure", "AlreadyExists", 409));
    assert_eq!(st.message, "validatingwebhookconfigurations.admissionregistration.k8s.io \"hook\" already exists");

    let missing = get(&server, &format!("{VWC}/missing")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let st = missing.json_status();
    assert_eq!(st.message, "validatingwebhookconfigurations.admissionregistration.k8s.io \"missing\" not found");
    let d = st.details.unwrap();
    assert_eq!(
        (d.name.as_str(), d.group.as_str(), d.kind.as_str()),
        ("missing", "admissionregistration.k8s.io", "validatingwebhookconfigurations")
    );

    // A stale resourceVersion conflicts; a name that differs from the URL is a bad request.
    let mut stale = hook.clone();
    stale.metadata.resource_version = "1".into();
    let put =
        call(&server, Method::PUT, &format!("{VWC}/hook"), &[("content-type", JSON)], encode(Format::Json, &stale))
            .await;
    assert_eq!(put.status, StatusCode::CONFLICT);
    assert_eq!(put.json_status().reason.0, "Conflict");
    let put =
        call(&server, Method::PUT, &format!("{VWC}/other"), &[("content-type", JSON)], encode(Format::Json, &hook))
            .await;
    assert_eq!(put.status, StatusCode::BAD_REQUEST);
    assert_eq!(put.json_status().message, "the name of the object (hook) does not match the name on the URL (other)");
    let mut fresh = hook.clone();
    fresh.metadata.labels.insert("v".into(), "2".into());
    let put =
        call(&server, Method::PUT, &format!("{VWC}/hook"), &[("content-type", JSON)], encode(Format::Json, &fresh))
            .await;
    assert_eq!(put.status, StatusCode::OK);
    assert_eq!(decode_as::<Vwc>(Format::Json, &put.body).metadata.labels["v"], "2");

    // Routing, methods and media types.
    assert_eq!(get(&server, "/apis/example.com/v1/things").await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&server, "/healthz").await.status, StatusCode::OK);
    assert_eq!(get(&server, "/healthz/nonsense").await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&server, "/metrics").await.status, StatusCode::NOT_FOUND);
    let wrong =
        call(&server, Method::POST, &format!("{VWC}/hook"), &[("content-type", JSON)], hook_json("hook", "")).await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    // Upstream's router has no `POST` route there; its service error handler answers a generic
    // server response naming neither the method nor the resource.
    assert_eq!(
        String::from_utf8_lossy(&wrong.body),
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server does not allow this method on the requested resource","reason":"MethodNotAllowed","details":{},"code":405}
"#
    );
    // A verb the storage lacks has no route either (component statuses are read-only) …
    let cs = "/api/v1/componentstatuses";
    let create = call(
        &server,
        Method::POST,
        cs,
        &[("content-type", JSON)],
        r#"{"kind":"ComponentStatus","apiVersion":"v1","metadata":{"name":"x"}}"#,
    )
    .await;
    assert_eq!(create.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(create.json_status().message, "the server does not allow this method on the requested resource");
    let delete = call(&server, Method::DELETE, &format!("{cs}/x"), &[], "").await;
    assert_eq!(delete.json_status().message, "the server does not allow this method on the requested resource");
    // … except a watch through the list path, which the list handler refuses.
    let watch = get(&server, &format!("{cs}?watch=true")).await;
    assert_eq!(watch.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(watch.json_status().message, r#"watch is not supported on resources of kind "componentstatuses""#);
    let text = call(&server, Method::POST, VWC, &[("content-type", "text/plain")], "hi").await;
    assert_eq!(text.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        text.json_status().message,
        "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf"
    );
    let html = call(&server, Method::GET, VWC, &[("accept", "text/html")], "").await;
    assert_eq!(html.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(html.json_status().reason.0, "NotAcceptable");
    let broken = post_json(&server, VWC, "{\"metadata\": ").await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    let other_version = post_json(&server, VWC, &hook_json("x", "").replace("/v1\"", "/v1beta1\"")).await;
    assert_eq!(other_version.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        other_version.json_status().message,
        "the API version in the data (admissionregistration.k8s.io/v1beta1) does not match the expected API version (admissionregistration.k8s.io/v1)"
    );
    let other_kind =
        post_json(&server, VWC, &hook_json("x", "").replace("\"ValidatingWebhookConfiguration\"", "\"Pod\"")).await;
    assert_eq!(other_kind.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn protobuf_and_yaml_in_both_directions() {
    let (_api, server) = start().await;
    let mut obj = Vwc::default();
    obj.set_registered_type_meta();
    obj.metadata.name = "pb".into();
    let body = encode(Format::Protobuf, &obj);
    assert!(body.starts_with(b"k8s\0"));
    let created = call(&server, Method::POST, VWC, &[("content-type", PROTOBUF), ("accept", PROTOBUF)], body).await;
    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!(created.content_type(), PROTOBUF);
    let created = decode_as::<Vwc>(Format::Protobuf, &created.body);
    assert_eq!(created.metadata.name, "pb");
    assert!(!created.metadata.uid.is_empty());

    // YAML in, JSON out.
    let yaml =
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata:\n  name: yml\n";
    let r = call(&server, Method::POST, VWC, &[("content-type", "application/yaml")], yaml).await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(decode_as::<Vwc>(Format::Json, &r.body).metadata.name, "yml");
    // JSON in, YAML out.
    let r = call(&server, Method::GET, &format!("{VWC}/pb"), &[("accept", "application/yaml")], "").await;
    assert_eq!(r.content_type(), "application/yaml");
    assert_eq!(decode_as::<Vwc>(Format::Yaml, &r.body).metadata.uid, created.metadata.uid);

    // Lists and errors in protobuf too; a preference list picks the first acceptable type.
    let r = call(&server, Method::GET, VWC, &[("accept", "application/vnd.kubernetes.protobuf, application/json")], "")
        .await;
    assert_eq!(r.content_type(), PROTOBUF);
    let list = decode_as::<ValidatingWebhookConfigurationList>(Format::Protobuf, &r.body);
    assert_eq!(list.items.unwrap_or_default().len(), 2);
    let r = call(&server, Method::GET, &format!("{VWC}/nope"), &[("accept", PROTOBUF)], "").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.content_type(), PROTOBUF);
    let st = decode_as::<Status>(Format::Protobuf, &r.body);
    assert_eq!((st.code, st.reason.0.as_str()), (404, "NotFound"));

    // Garbage protobuf is a bad request.
    let r = call(&server, Method::POST, VWC, &[("content-type", PROTOBUF)], b"k8s\0\x0a\xff\xff".to_vec()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn field_validation_warns_or_rejects() {
    let (_api, server) = start().await;
    let body = hook_json("a", r#","bogus":true"#).replace(r#""sideEffects":"None""#, r#""sideEffects":"None","foo":1"#);
    let r = post_json(&server, VWC, &body).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let mut warnings = r.warnings();
    warnings.sort();
    assert_eq!(warnings, [r#"299 - "unknown field \"bogus\"""#, r#"299 - "unknown field \"webhooks[0].foo\"""#]);

    let body_b = body.replace("\"name\":\"a\"", "\"name\":\"b\"");
    let r = post_json(&server, &format!("{VWC}?fieldValidation=Strict"), &body_b).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let st = r.json_status();
    assert_eq!(st.reason.0, "BadRequest");
    assert!(
        st.message.starts_with(
            r#"ValidatingWebhookConfiguration in version "v1" cannot be handled as a ValidatingWebhookConfiguration: strict decoding error: unknown field "#
        ),
        "{}",
        st.message
    );
    assert!(
        st.message.contains(r#"unknown field "bogus""#) && st.message.contains(r#"unknown field "webhooks[0].foo""#)
    );
    assert_eq!(get(&server, &format!("{VWC}/b")).await.status, StatusCode::NOT_FOUND);

    let r = post_json(&server, &format!("{VWC}?fieldValidation=Ignore"), &body_b).await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert!(r.warnings().is_empty());

    let dup = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{"name":"c","name":"c"}}"#;
    let r = post_json(&server, &format!("{VWC}?fieldValidation=Strict"), dup).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json_status().message,
        r#"ValidatingWebhookConfiguration in version "v1" cannot be handled as a ValidatingWebhookConfiguration: strict decoding error: duplicate field "metadata.name""#
    );

    let r = post_json(&server, &format!("{VWC}?fieldValidation=Loud"), &hook_json("d", "")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.json_status().message,
        r#"CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "Loud": supported values: "", "Ignore", "Strict", "Warn""#
    );
}

#[tokio::test]
async fn dry_run_over_http() {
    let (api, server) = start().await;
    let rv = api.tracker().resource_version();
    let r = post_json(&server, &format!("{VWC}?dryRun=All"), &hook_json("dry", "")).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let out = decode_as::<Vwc>(Format::Json, &r.body);
    // A UID as upstream's store fills it before the storage step a dry run skips; no version.
    assert_eq!((out.metadata.uid.len(), out.metadata.resource_version.as_str()), (36, ""));
    assert_eq!(get(&server, &format!("{VWC}/dry")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(api.tracker().resource_version(), rv);

    let r = post_json(&server, &format!("{VWC}?dryRun=Bogus"), &hook_json("dry", "")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.json_status().message,
        r#"CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Bogus"}: supported values: "All""#
    );

    post_json(&server, VWC, &hook_json("real", "")).await;
    let r = call(&server, Method::DELETE, &format!("{VWC}/real?dryRun=All"), &[], "").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json_status().status, "Success");
    assert_eq!(get(&server, &format!("{VWC}/real")).await.status, StatusCode::OK);
    let r = call(
        &server,
        Method::PATCH,
        &format!("{VWC}/real?dryRun=All"),
        &[("content-type", "application/merge-patch+json")],
        r#"{"metadata":{"labels":{"x":"1"}}}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(decode_as::<Vwc>(Format::Json, &r.body).metadata.labels["x"], "1");
    assert!(
        !decode_as::<Vwc>(Format::Json, &get(&server, &format!("{VWC}/real")).await.body)
            .metadata
            .labels
            .contains_key("x")
    );
}

/// Reads watch events from a streaming body, whatever the chunking.
struct WatchReader {
    body: Incoming,
    buf: Vec<u8>,
    protobuf: bool,
}

impl WatchReader {
    fn new(resp: http::Response<Incoming>) -> Self {
        let protobuf = resp.headers()["content-type"].to_str().unwrap().starts_with(PROTOBUF);
        WatchReader { body: resp.into_body(), buf: Vec::new(), protobuf }
    }

    fn take_frame(&mut self) -> Option<Vec<u8>> {
        if self.protobuf {
            if self.buf.len() < 4 {
                return None;
            }
            let len = u32::from_be_bytes(self.buf[..4].try_into().unwrap()) as usize;
            if self.buf.len() < 4 + len {
                return None;
            }
            let frame = self.buf[4..4 + len].to_vec();
            self.buf.drain(..4 + len);
            Some(frame)
        } else {
            let end = self.buf.iter().position(|b| *b == b'\n')?;
            let line = self.buf[..end].to_vec();
            self.buf.drain(..=end);
            Some(line)
        }
    }

    /// The next event (type and the object's encoded bytes), or `None` when the stream ends.
    async fn next(&mut self) -> Option<(String, Vec<u8>)> {
        loop {
            if let Some(frame) = self.take_frame() {
                let gvk = GroupVersionKind::new("", "v1", "WatchEvent");
                let format = if self.protobuf { Format::RawProtobuf } else { Format::Json };
                let scheme = scheme();
                let d = Serializer::new(&scheme, format, Options::default())
                    .decode(&frame, Some(&gvk))
                    .expect("watch event");
                let ev = d.object.into_any().downcast::<WatchEvent>().expect("WatchEvent");
                return Some((ev.r#type, ev.object.raw.unwrap_or_default()));
            }
            match tokio::time::timeout(Duration::from_secs(10), self.body.frame()).await.expect("watch stalled") {
                Some(Ok(f)) => {
                    if let Ok(data) = f.into_data() {
                        self.buf.extend_from_slice(&data);
                    }
                }
                _ => return None,
            }
        }
    }

    async fn next_object<T: Kind>(&mut self) -> (String, T) {
        let (t, raw) = self.next().await.expect("an event");
        let format = if self.protobuf { Format::Protobuf } else { Format::Json };
        (t, decode_as::<T>(format, &raw))
    }
}

#[tokio::test]
async fn json_watch_stream() {
    let (api, server) = start().await;
    let rv = api.tracker().resource_version();
    let resp = send(&server, Method::GET, &format!("{VWC}?watch=true&resourceVersion={rv}"), &[], "").await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], JSON);
    let mut w = WatchReader::new(resp);
    post_json(&server, VWC, &hook_json("w", "")).await;
    call(
        &server,
        Method::PATCH,
        &format!("{VWC}/w"),
        &[("content-type", "application/merge-patch+json")],
        r#"{"metadata":{"labels":{"v":"2"}}}"#,
    )
    .await;
    call(&server, Method::DELETE, &format!("{VWC}/w"), &[], "").await;
    let (t, o) = w.next_object::<Vwc>().await;
    assert_eq!(
        (t.as_str(), o.metadata.name.as_str(), o.type_meta.kind.as_str()),
        ("ADDED", "w", "ValidatingWebhookConfiguration")
    );
    let (t, o) = w.next_object::<Vwc>().await;
    assert_eq!((t.as_str(), o.metadata.labels["v"].as_str()), ("MODIFIED", "2"));
    let (t, _) = w.next_object::<Vwc>().await;
    assert_eq!(t, "DELETED");

    // `watch=1` and a watch on one name.
    post_json(&server, VWC, &hook_json("x", "")).await;
    post_json(&server, VWC, &hook_json("y", "")).await;
    let resp = send(&server, Method::GET, &format!("{VWC}/y?watch=1"), &[], "").await;
    let mut w = WatchReader::new(resp);
    let (t, o) = w.next_object::<Vwc>().await;
    assert_eq!((t.as_str(), o.metadata.name.as_str()), ("ADDED", "y"));
}

#[tokio::test]
async fn protobuf_watch_stream() {
    let (api, server) = start().await;
    let rv = api.tracker().resource_version();
    let resp =
        send(&server, Method::GET, &format!("{VWC}?watch=true&resourceVersion={rv}"), &[("accept", PROTOBUF)], "")
            .await;
    assert_eq!(resp.headers()["content-type"], "application/vnd.kubernetes.protobuf;stream=watch");
    let mut w = WatchReader::new(resp);
    post_json(&server, VWC, &hook_json("pw", "")).await;
    let (t, raw) = w.next().await.unwrap();
    assert_eq!(t, "ADDED");
    assert!(raw.starts_with(b"k8s\0"), "the object is enveloped");
    let o = decode_as::<Vwc>(Format::Protobuf, &raw);
    assert_eq!(o.metadata.name, "pw");
    // YAML cannot stream.
    let r = call(&server, Method::GET, &format!("{VWC}?watch=true"), &[("accept", "application/yaml")], "").await;
    assert_eq!(r.status, StatusCode::NOT_ACCEPTABLE);
}

#[tokio::test]
async fn chunked_lists_and_expired_versions() {
    let (api, server) = start().await;
    for n in ["a", "b", "c", "d", "e"] {
        post_json(&server, VWC, &hook_json(n, "")).await;
    }
    let old_rv = api.tracker().resource_version();
    let first = decode_as::<ValidatingWebhookConfigurationList>(
        Format::Json,
        &get(&server, &format!("{VWC}?limit=2")).await.body,
    );
    let names = |l: &ValidatingWebhookConfigurationList| {
        l.items.iter().flatten().map(|i| i.metadata.name.clone()).collect::<Vec<_>>()
    };
    assert_eq!(names(&first), ["a", "b"]);
    assert_eq!(first.metadata.remaining_item_count, Some(3));
    let token = first.metadata.continue_.clone();
    assert!(!token.is_empty());
    let second = get(&server, &format!("{VWC}?limit=2&continue={token}")).await;
    let second = decode_as::<ValidatingWebhookConfigurationList>(Format::Json, &second.body);
    assert_eq!(names(&second), ["c", "d"]);
    assert_eq!(second.metadata.resource_version, first.metadata.resource_version);

    // A change, then the history is dropped: the snapshot of the token cannot be rebuilt.
    post_json(&server, VWC, &hook_json("f", "")).await;
    api.compact();
    let expired = get(&server, &format!("{VWC}?limit=2&continue={token}")).await;
    assert_eq!(expired.status, StatusCode::GONE);
    let st = expired.json_status();
    assert_eq!((st.reason.0.as_str(), st.code), ("Expired", 410));
    assert!(!st.metadata.continue_.is_empty());

    // A watch from before the compaction gets one ERROR event and ends.
    let resp = send(&server, Method::GET, &format!("{VWC}?watch=true&resourceVersion={old_rv}"), &[], "").await;
    assert_eq!(resp.status(), StatusCode::OK);
    let mut w = WatchReader::new(resp);
    let (t, st) = w.next_object::<Status>().await;
    assert_eq!((t.as_str(), st.code, st.reason.0.as_str()), ("ERROR", 410, "Expired"));
    assert!(w.next().await.is_none());

    // Malformed numbers are bad requests; invalid matches are invalid.
    assert_eq!(get(&server, &format!("{VWC}?limit=ten")).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get(&server, &format!("{VWC}?resourceVersionMatch=Exact")).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

fn merge_patch() -> (&'static str, &'static str) {
    ("content-type", "application/merge-patch+json")
}

#[tokio::test]
async fn patch_types() {
    let (_api, server) = start().await;
    post_json(&server, VWC, &hook_json("p", "")).await;
    let path = format!("{VWC}/p");
    let patch = |ct: &'static str, body: &'static str| {
        let path = path.clone();
        let server = &server;
        async move { call(server, Method::PATCH, &path, &[("content-type", ct)], body).await }
    };

    let r = patch("application/json-patch+json", r#"[{"op":"add","path":"/metadata/labels/tier","value":"front"},{"op":"replace","path":"/webhooks/0/timeoutSeconds","value":5}]"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let o = decode_as::<Vwc>(Format::Json, &r.body);
    assert_eq!((o.metadata.labels["tier"].as_str(), o.webhooks[0].timeout_seconds), ("front", Some(5)));
    let r =
        patch("application/json-patch+json", r#"[{"op":"test","path":"/metadata/labels/tier","value":"back"}]"#).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = patch("application/json-patch+json", r#"{"op":"add"}"#).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    let r = patch("application/merge-patch+json", r#"{"metadata":{"labels":{"tier":null}}}"#).await;
    assert!(!decode_as::<Vwc>(Format::Json, &r.body).metadata.labels.contains_key("tier"));
    let r = patch("application/merge-patch+json", r#"{"bogus":1}"#).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.warnings(), [r#"299 - "unknown field \"bogus\"""#]);

    // Strategic merge: webhooks merge by name.
    let r = patch(
        "application/strategic-merge-patch+json",
        r#"{"webhooks":[{"name":"w2.example.com","clientConfig":{"url":"https://two"},"sideEffects":"None","admissionReviewVersions":["v1"]},{"name":"w1.example.com","timeoutSeconds":7}]}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let o = decode_as::<Vwc>(Format::Json, &r.body);
    let hooks: Vec<(&str, Option<i32>)> = o.webhooks.iter().map(|w| (w.name.as_str(), w.timeout_seconds)).collect();
    assert_eq!(hooks, [("w1.example.com", Some(7)), ("w2.example.com", Some(10))]);
    let r = patch(
        "application/strategic-merge-patch+json",
        r#"{"webhooks":[{"name":"w2.example.com","$patch":"delete"}]}"#,
    )
    .await;
    assert_eq!(decode_as::<Vwc>(Format::Json, &r.body).webhooks.len(), 1);

    // Unsupported patch types (go-restful's router refuses them before the patch handler does),
    // missing objects, strict validation.
    let r = patch("application/json", "{}").await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(r.json_status().message, "415: Unsupported Media Type");
    let r = call(&server, Method::PATCH, &format!("{VWC}/absent"), &[merge_patch()], "{}").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = call(&server, Method::PATCH, &format!("{path}?fieldValidation=Strict"), &[merge_patch()], r#"{"bogus":1}"#)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json_status().message, r#"strict decoding error: unknown field "bogus""#);
    // A stale resourceVersion in a patch conflicts.
    let r = call(&server, Method::PATCH, &path, &[merge_patch()], r#"{"metadata":{"resourceVersion":"1"}}"#).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn server_side_apply() {
    let (api, server) = start().await;
    let apply = |path: String, body: &'static str| {
        let server = &server;
        async move { call(server, Method::PATCH, &path, &[("content-type", "application/apply-patch+yaml")], body).await }
    };
    let config = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata:\n  name: ssa\n  labels:\n    a: \"1\"\nwebhooks:\n- name: w1.example.com\n  clientConfig:\n    url: https://one\n  sideEffects: None\n  admissionReviewVersions: [v1]\n";
    let r = apply(format!("{VWC}/ssa"), config).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "fieldManager is required");
    assert_eq!(
        r.json_status().message,
        r#"PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply requests"#
    );
    let r = apply(format!("{VWC}/ssa?fieldManager=me"), config).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let o = decode_as::<Vwc>(Format::Json, &r.body);
    assert_eq!(o.webhooks.len(), 1);
    let mf = &o.metadata.managed_fields;
    assert_eq!(mf.len(), 1);
    assert_eq!((mf[0].manager.as_str(), mf[0].operation.0.as_str()), ("me", "Apply"));
    let fields = String::from_utf8(mf[0].fields_v1.as_ref().unwrap().raw.clone()).unwrap();
    assert!(
        fields.contains(r#""f:labels":{"f:a":{}}"#) && fields.contains(r#""k:{\"name\":\"w1.example.com\"}""#),
        "{fields}"
    );

    // Dropping the client config leaves a webhook that validation refuses; this test is about
    // ownership, so the result is stored unvalidated.
    api.set_validation(false);
    let second = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata:\n  name: ssa\n  labels:\n    b: \"2\"\nwebhooks:\n- name: w1.example.com\n  timeoutSeconds: 3\n";
    let r = apply(format!("{VWC}/ssa?fieldManager=me"), second).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let o = decode_as::<Vwc>(Format::Json, &r.body);
    // Fields the manager applied before and leaves out now, and no one else owns, are removed.
    assert_eq!(o.metadata.labels.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(o.webhooks[0].timeout_seconds, Some(3));
    assert_eq!(o.webhooks[0].client_config.url, None);
    assert_eq!(o.metadata.managed_fields.len(), 1, "the manager's entry is replaced");
    let fields = String::from_utf8(o.metadata.managed_fields[0].fields_v1.as_ref().unwrap().raw.clone()).unwrap();
    assert_eq!(
        fields,
        r#"{"f:metadata":{"f:labels":{"f:b":{}}},"f:webhooks":{"k:{\"name\":\"w1.example.com\"}":{".":{},"f:name":{},"f:timeoutSeconds":{}}}}"#
    );

    let wrong_kind = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: ssa\n";
    assert_eq!(apply(format!("{VWC}/ssa?fieldManager=me"), wrong_kind).await.status, StatusCode::BAD_REQUEST);
    let other_name =
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata:\n  name: other\n";
    assert_eq!(apply(format!("{VWC}/ssa?fieldManager=me"), other_name).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn status_subresource_and_deletes() {
    let (_api, server) = start().await;
    let vap = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicy","metadata":{"name":"p"},"spec":{"failurePolicy":"Fail","matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"]}]},"validations":[{"expression":"true"}]}}"#;
    let r = post_json(&server, VAP, vap).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let p = decode_as::<ValidatingAdmissionPolicy>(Format::Json, &r.body);
    let mut s = p.clone();
    s.status.observed_generation = 4;
    let r = call(&server, Method::PUT, &format!("{VAP}/p/status"), &[("content-type", JSON)], encode(Format::Json, &s))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(decode_as::<ValidatingAdmissionPolicy>(Format::Json, &r.body).status.observed_generation, 4);
    let r = get(&server, &format!("{VAP}/p/status")).await;
    assert_eq!(decode_as::<ValidatingAdmissionPolicy>(Format::Json, &r.body).status.observed_generation, 4);
    assert_eq!(get(&server, &format!("{VWC}/x/status")).await.status, StatusCode::NOT_FOUND);

    // Delete with preconditions in a DeleteOptions body.
    let r = post_json(&server, VWC, &hook_json("d", "")).await;
    let d = decode_as::<Vwc>(Format::Json, &r.body);
    let opts = r#"{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"wrong"}}"#;
    let r = call(&server, Method::DELETE, &format!("{VWC}/d"), &[("content-type", JSON)], opts).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert!(r.json_status().message.contains("the UID in the precondition (wrong) does not match the UID in record"));
    let r = call(&server, Method::DELETE, &format!("{VWC}/d?propagationPolicy=Sideways"), &[], "").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r =
        call(&server, Method::DELETE, &format!("{VWC}/d?gracePeriodSeconds=0&propagationPolicy=Background"), &[], "")
            .await;
    assert_eq!(r.status, StatusCode::OK);
    let st = r.json_status();
    assert_eq!(st.status, "Success");
    let details = st.details.unwrap();
    assert_eq!(
        (details.name.as_str(), details.kind.as_str(), details.uid.as_str()),
        ("d", "validatingwebhookconfigurations", d.metadata.uid.as_str())
    );

    // Delete a collection by label.
    post_json(&server, VWC, &hook_json("keep", "").replace("\"app\":\"web\"", "\"app\":\"db\"")).await;
    post_json(&server, VWC, &hook_json("gone", "")).await;
    let r = call(&server, Method::DELETE, &format!("{VWC}?labelSelector=app%3Dweb"), &[], "").await;
    assert_eq!(r.status, StatusCode::OK);
    let deleted = decode_as::<ValidatingWebhookConfigurationList>(Format::Json, &r.body);
    assert_eq!(
        deleted.items.unwrap_or_default().iter().map(|i| i.metadata.name.as_str()).collect::<Vec<_>>(),
        ["gone"]
    );
    let left = decode_as::<ValidatingWebhookConfigurationList>(Format::Json, &get(&server, VWC).await.body);
    assert_eq!(left.items.unwrap_or_default().len(), 1);
}

#[tokio::test]
async fn injected_faults() {
    let (api, server) = start().await;
    api.fail_next(Fault::too_many_requests(3));
    let r = get(&server, VWC).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.headers["retry-after"], "3");
    let st = r.json_status();
    assert_eq!((st.reason.0.as_str(), st.details.unwrap().retry_after_seconds), ("TooManyRequests", 3));
    assert_eq!(get(&server, VWC).await.status, StatusCode::OK);

    api.fail_next(Fault::status(500, "InternalError", "boom").on_method(Method::POST).times(2));
    assert_eq!(get(&server, VWC).await.status, StatusCode::OK);
    assert_eq!(post_json(&server, VWC, &hook_json("f", "")).await.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(post_json(&server, VWC, &hook_json("f", "")).await.json_status().message, "boom");
    assert_eq!(post_json(&server, VWC, &hook_json("f", "")).await.status, StatusCode::CREATED);

    let log = api.requests();
    assert!(log.iter().any(|r| r.method == Method::POST && r.path == VWC));
    api.clear_requests();
    assert!(api.requests().is_empty());
}

#[tokio::test]
async fn the_request_log_keeps_the_most_recent_requests() {
    let (api, server) = start().await;
    for i in 0..=REQUEST_LOG_LIMIT {
        assert_eq!(get(&server, &format!("{VWC}/h{i}")).await.status, StatusCode::NOT_FOUND);
    }
    let log = api.requests();
    // One more than the limit: the oldest went, the rest stay in order.
    assert_eq!(log.len(), REQUEST_LOG_LIMIT);
    assert_eq!(log[0].path, format!("{VWC}/h1"));
    assert_eq!(log[REQUEST_LOG_LIMIT - 1].path, format!("{VWC}/h{REQUEST_LOG_LIMIT}"));
}

#[tokio::test]
async fn watch_timeouts_bookmarks_and_initial_events() {
    let (api, server) = start().await;
    post_json(&server, VWC, &hook_json("a", "")).await;
    let started = std::time::Instant::now();
    let resp = send(
        &server,
        Method::GET,
        &format!("{VWC}?watch=true&resourceVersion={}&timeoutSeconds=1", api.tracker().resource_version()),
        &[],
        "",
    )
    .await;
    let mut w = WatchReader::new(resp);
    assert!(w.next().await.is_none());
    assert!(started.elapsed() >= Duration::from_millis(900) && started.elapsed() < Duration::from_secs(8));

    // A timeout too large for the clock is no timeout.
    let huge = send(&server, Method::GET, &format!("{VWC}?watch=true&timeoutSeconds={}", i64::MAX), &[], "").await;
    assert_eq!(huge.status(), StatusCode::OK);
    drop(huge);

    let q = "watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true";
    let resp = send(&server, Method::GET, &format!("{VWC}?{q}"), &[], "").await;
    let mut w = WatchReader::new(resp);
    let (t, o) = w.next_object::<Vwc>().await;
    assert_eq!((t.as_str(), o.metadata.name.as_str()), ("ADDED", "a"));
    let (t, o) = w.next_object::<Vwc>().await;
    assert_eq!(t, "BOOKMARK");
    assert_eq!(o.metadata.annotations["k8s.io/initial-events-end"], "true");
    assert_eq!(o.metadata.resource_version, api.tracker().resource_version());
    api.request_bookmarks();
    let (t, _) = w.next_object::<Vwc>().await;
    assert_eq!(t, "BOOKMARK");

    api.set_bookmark_interval(Some(Duration::from_millis(50)));
    let resp = send(
        &server,
        Method::GET,
        &format!("{VWC}?watch=true&allowWatchBookmarks=true&resourceVersion={}", api.tracker().resource_version()),
        &[],
        "",
    )
    .await;
    let mut w = WatchReader::new(resp);
    let (t, _) = w.next_object::<Vwc>().await;
    assert_eq!(t, "BOOKMARK");

    let r = get(&server, &format!("{VWC}?watch=true&sendInitialEvents=true")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    api.close_watches();
    while let Some((t, _)) = w.next().await {
        assert_eq!(t, "BOOKMARK", "only bookmarks may still arrive before the watch ends");
    }
}

#[tokio::test]
async fn in_process_service() {
    let api = Arc::new(ApiServer::new());
    api.register::<Vwc>().unwrap();
    let svc: Arc<dyn Service> = api.clone();
    let req = http::Request::builder()
        .method(Method::POST)
        .uri(VWC)
        .header("content-type", JSON)
        .body(Bytes::from(hook_json("svc", "")))
        .unwrap();
    let resp = svc.call(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
    let body = kapi_client::body::collect(resp.into_body()).await.unwrap();
    assert_eq!(decode_as::<Vwc>(Format::Json, &body).metadata.name, "svc");
    assert_eq!(api.tracker().get_as::<Vwc>("", "svc").unwrap().metadata.name, "svc");
}

#[tokio::test]
async fn tls_and_shutdown() {
    let api = Arc::new(ApiServer::new());
    api.register::<Vwc>().unwrap();
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let cert_der = cert.cert.der().clone();
    let key = rustls_pki_types::PrivateKeyDer::Pkcs8(cert.key_pair.serialize_der().into());
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert_der.clone()], key)
        .unwrap();
    let server = TestServer::start(Arc::clone(&api), Some(Arc::new(config))).await.unwrap();
    assert!(server.url().starts_with("https://127.0.0.1:"));

    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert_der).unwrap();
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client));
    let connect = || async {
        let tcp = TcpStream::connect(server.addr()).await.unwrap();
        let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
        connector.connect(name, tcp).await.unwrap()
    };
    let resp = send_on(
        connect().await,
        "localhost",
        Method::POST,
        VWC,
        &[("content-type", JSON)],
        hook_json("tls", "").into_bytes(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CREATED);

    // An open watch ends when the server shuts down, and nothing listens afterwards.
    let watch = send_on(connect().await, "localhost", Method::GET, &format!("{VWC}?watch=true"), &[], Vec::new()).await;
    let mut w = WatchReader::new(watch);
    let (t, _) = w.next().await.unwrap();
    assert_eq!(t, "ADDED");
    let addr = server.addr();
    tokio::time::timeout(Duration::from_secs(10), server.shutdown()).await.expect("shutdown finishes");
    assert!(w.next().await.is_none());
    assert!(TcpStream::connect(addr).await.is_err());
}

#[tokio::test]
async fn dropping_the_server_closes_connections() {
    let (_api, server) = start().await;
    let resp = send(&server, Method::GET, &format!("{VWC}?watch=true"), &[], "").await;
    let mut w = WatchReader::new(resp);
    let addr = server.addr();
    drop(server);
    assert!(w.next().await.is_none());
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(TcpStream::connect(addr).await.is_err());
}

/// A request: method, path, headers and body.
type Case = (Method, String, Vec<(&'static str, &'static str)>, Vec<u8>);

#[tokio::test]
async fn hostile_requests_get_error_statuses() {
    let (_api, server) = start().await;
    post_json(&server, VWC, &hook_json("h", "")).await;
    let cases: Vec<Case> = vec![
        (Method::GET, "/apis/no.such.group/v1/things".into(), vec![], vec![]),
        (Method::GET, "/api/v1/namespaces/x/validatingwebhookconfigurations".into(), vec![], vec![]),
        (Method::GET, format!("{VWC}/h/status/extra"), vec![], vec![]),
        (Method::GET, format!("{VWC}/%ff%fe"), vec![], vec![]),
        (Method::GET, format!("{VWC}?limit=99999999999999999999"), vec![], vec![]),
        (Method::GET, format!("{VWC}?labelSelector=a%20in%20(((("), vec![], vec![]),
        (Method::GET, format!("{VWC}?fieldSelector=%5C"), vec![], vec![]),
        (Method::GET, format!("{VWC}?continue=%00%01"), vec![], vec![]),
        (Method::GET, format!("{VWC}?watch=true&timeoutSeconds=x"), vec![], vec![]),
        (Method::GET, format!("{VWC}?resourceVersion=-1"), vec![], vec![]),
        (Method::GET, format!("{VWC}/h"), vec![("accept", "application/json;q=abc")], vec![]),
        (Method::POST, VWC.into(), vec![("content-type", JSON)], vec![0xff, 0xfe, 0x00]),
        (Method::POST, VWC.into(), vec![("content-type", JSON)], b"[]".to_vec()),
        (Method::POST, VWC.into(), vec![("content-type", JSON)], b"{\"kind\":7}".to_vec()),
        (Method::POST, VWC.into(), vec![("content-type", "application/yaml")], b"- a\n- : b\n  c".to_vec()),
        (Method::POST, VWC.into(), vec![("content-type", PROTOBUF)], b"k8s\0".to_vec()),
        (Method::POST, VWC.into(), vec![("content-type", PROTOBUF)], vec![0; 64]),
        (
            Method::PUT,
            format!("{VWC}/h"),
            vec![("content-type", JSON)],
            b"{\"metadata\":{\"name\":\"h\",\"uid\":3}}".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/json-patch+json")],
            b"[{\"op\":\"move\",\"from\":\"/x\",\"path\":\"/y\"}]".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/json-patch+json")],
            b"[{\"op\":\"add\",\"path\":\"metadata\",\"value\":1}]".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/json-patch+json")],
            b"[{\"op\":\"replace\",\"path\":\"\",\"value\":[]}]".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/merge-patch+json")],
            b"{\"webhooks\":7}".to_vec(),
        ),
        (Method::PATCH, format!("{VWC}/h"), vec![("content-type", "application/merge-patch+json")], b"[1]".to_vec()),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/strategic-merge-patch+json")],
            b"{\"$patch\":\"delete\"}".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h"),
            vec![("content-type", "application/strategic-merge-patch+json")],
            b"{\"webhooks\":[1]}".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h?fieldManager=m"),
            vec![("content-type", "application/apply-patch+yaml")],
            b"[".to_vec(),
        ),
        (
            Method::PATCH,
            format!("{VWC}/h?fieldManager=m&force=maybe"),
            vec![("content-type", "application/apply-patch+yaml")],
            b"3".to_vec(),
        ),
        (Method::DELETE, format!("{VWC}/h"), vec![("content-type", JSON)], b"{\"kind\":\"Pod\"}".to_vec()),
        (Method::DELETE, format!("{VWC}/h?gracePeriodSeconds=soon"), vec![], vec![]),
        (Method::OPTIONS, VWC.into(), vec![], vec![]),
        (Method::POST, VWC.into(), vec![("content-type", JSON)], vec![b' '; 4 * 1024 * 1024]),
    ];
    for (method, path, headers, body) in cases {
        let r = call(&server, method.clone(), &path, &headers, body).await;
        assert!(r.status.is_client_error(), "{method} {path}: {} {}", r.status, String::from_utf8_lossy(&r.body));
        let st = decode_as::<Status>(Format::Json, &r.body);
        assert_eq!(i32::from(r.status.as_u16()), st.code, "{method} {path}");
    }
    // The object survived all of that.
    assert_eq!(get(&server, &format!("{VWC}/h")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn version_health_and_openapi_documents() {
    use kapi_machinery::json::value::{self, Value};
    let (_api, server) = start().await;
    let json =
        |r: &Reply| value::parse(&r.body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&r.body)));

    let version = get(&server, "/version").await;
    assert_eq!(version.status, StatusCode::OK);
    assert_eq!(json(&version).get("gitVersion").and_then(Value::as_str), Some("v1.36.0-kapi"));
    let ready = get(&server, "/readyz?verbose").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert!(
        String::from_utf8_lossy(&ready.body).ends_with("[+]poststarthook/start-informers ok\nreadyz check passed\n")
    );
    assert_eq!(get(&server, "/livez/ping").await.body.as_ref(), b"ok");

    // The v3 list names only the group versions with registered resources, each by a hash URL.
    let root = get(&server, "/openapi/v3").await;
    assert_eq!(root.status, StatusCode::OK);
    let root = json(&root);
    let Some(Value::Object(paths)) = root.get("paths") else { panic!("no paths") };
    let listed: Vec<&str> = paths.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(listed, ["apis/admissionregistration.k8s.io/v1"]);
    let url = paths[0].1.get("serverRelativeURL").and_then(Value::as_str).unwrap().to_owned();
    assert!(url.starts_with("/openapi/v3/apis/admissionregistration.k8s.io/v1?hash="), "{url}");

    let doc = get(&server, &url).await;
    assert_eq!(doc.status, StatusCode::OK);
    assert_eq!(doc.headers["cache-control"], "public, immutable");
    let doc = json(&doc);
    let schemas = doc.get("components").and_then(|c| c.get("schemas")).unwrap();
    let vwc = schemas.get("io.k8s.api.admissionregistration.v1.ValidatingWebhookConfiguration").unwrap();
    let gvk = vwc.get("x-kubernetes-group-version-kind").unwrap();
    assert_eq!(
        String::from_utf8(gvk.to_compact_vec()).unwrap(),
        r#"[{"group":"admissionregistration.k8s.io","kind":"ValidatingWebhookConfiguration","version":"v1"}]"#
    );
    let path = doc
        .get("paths")
        .and_then(|p| p.get("/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/{name}"))
        .expect("the registered resource's object path");
    assert!(path.get("get").and_then(|g| g.get("x-kubernetes-group-version-kind")).is_some());

    // An old hash redirects to the current URL; no hash is served uncached.
    let moved = get(&server, "/openapi/v3/apis/admissionregistration.k8s.io/v1?hash=0123").await;
    assert_eq!(moved.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(moved.headers["location"], url.as_str());
    let plain = get(&server, "/openapi/v3/apis/admissionregistration.k8s.io/v1").await;
    assert_eq!((plain.status, plain.headers["cache-control"].to_str().unwrap()), (StatusCode::OK, "no-cache, private"));
    assert_eq!(get(&server, "/openapi/v3/apis/apps/v1").await.status, StatusCode::NOT_FOUND);

    // v2: JSON by default, gnostic's protobuf when asked for it.
    let v2 = get(&server, "/openapi/v2").await;
    assert_eq!(v2.content_type(), "application/json");
    let v2 = json(&v2);
    assert_eq!(v2.get("swagger").and_then(Value::as_str), Some("2.0"));
    let defs = v2.get("definitions").unwrap();
    let spec = defs.get("io.k8s.api.apps.v1.DeploymentSpec").expect("every group is in the v2 document");
    assert_eq!(
        spec.get("properties").and_then(|p| p.get("selector")).and_then(|s| s.get("$ref")).and_then(Value::as_str),
        Some("#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector")
    );
    let pb = call(
        &server,
        Method::GET,
        "/openapi/v2",
        &[("accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf")],
        "",
    )
    .await;
    assert_eq!(pb.status, StatusCode::OK);
    assert_eq!(pb.content_type(), kapi_testing::server::OPENAPI_V2_PROTOBUF);
    assert!(pb.body.starts_with(b"\x0a\x032.0\x12"), "{:?}", &pb.body[..8]);
    // A `NamedSchema`: the name (field 1), then the schema (field 2, tag 0x12).
    let named: &[u8] = b"io.k8s.api.apps.v1.DeploymentSpec\x12";
    assert!(pb.body.windows(named.len()).any(|w| w == named));
}

const TABLE_V1: &str = "application/json;as=Table;v=v1;g=meta.k8s.io, application/json";

fn json(data: &[u8]) -> kapi_machinery::json::value::Value {
    kapi_machinery::json::value::parse(data).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(data)))
}

fn text(v: &kapi_machinery::json::value::Value) -> String {
    String::from_utf8(v.to_compact_vec()).unwrap()
}

/// Gets, lists and watches asked for as tables: the default columns of a kind without a
/// printer, `includeObject`, `v1beta1`, the list's metadata, headers only on the first watch
/// event, and the `400` for an unknown `includeObject`.
#[tokio::test]
async fn table_responses() {
    let (_api, server) = start().await;
    post_json(&server, VWC, &hook_json("a", "")).await;
    post_json(&server, VWC, &hook_json("b", "")).await;
    let list = call(&server, Method::GET, VWC, &[("accept", TABLE_V1)], "").await;
    assert_eq!(list.status, StatusCode::OK);
    let t = json(&list.body);
    assert_eq!(text(t.get("kind").unwrap()), r#""Table""#);
    assert_eq!(text(t.get("apiVersion").unwrap()), r#""meta.k8s.io/v1""#);
    assert!(t.get("metadata").unwrap().get("resourceVersion").is_some());
    assert_eq!(
        text(t.get("columnDefinitions").unwrap()),
        r#"[{"name":"Name","type":"string","format":"name","description":"The object's name, unique within its namespace.","priority":0},{"name":"Webhooks","type":"integer","format":"","description":"The number of webhooks in the configuration.","priority":0},{"name":"Age","type":"string","format":"","description":"The time since the object was created.","priority":0}]"#
    );
    let kapi_machinery::json::value::Value::Array(rows) = t.get("rows").unwrap() else { panic!("rows") };
    assert_eq!(rows.len(), 2);
    let cells = text(rows[0].get("cells").unwrap());
    assert!(cells.starts_with(r#"["a",1,""#) && cells.ends_with(r#"s"]"#), "{cells}");
    let object = rows[0].get("object").unwrap();
    assert_eq!(text(object.get("kind").unwrap()), r#""PartialObjectMetadata""#);
    assert_eq!(text(object.get("metadata").unwrap().get("name").unwrap()), r#""a""#);
    assert!(object.get("webhooks").is_none());

    // One object, in v1beta1, with the whole object or none.
    let beta = "application/json;as=Table;v=v1beta1;g=meta.k8s.io";
    let one = call(&server, Method::GET, &format!("{VWC}/b?includeObject=Object"), &[("accept", beta)], "").await;
    let t = json(&one.body);
    assert_eq!(text(t.get("apiVersion").unwrap()), r#""meta.k8s.io/v1beta1""#);
    let kapi_machinery::json::value::Value::Array(rows) = t.get("rows").unwrap() else { panic!("rows") };
    assert_eq!(text(rows[0].get("object").unwrap().get("kind").unwrap()), r#""ValidatingWebhookConfiguration""#);
    assert!(rows[0].get("object").unwrap().get("webhooks").is_some());
    let none = call(&server, Method::GET, &format!("{VWC}/b?includeObject=None"), &[("accept", TABLE_V1)], "").await;
    let t = json(&none.body);
    let kapi_machinery::json::value::Value::Array(rows) = t.get("rows").unwrap() else { panic!("rows") };
    assert_eq!(text(rows[0].get("object").unwrap()), "null");
    let bad = call(&server, Method::GET, &format!("{VWC}?includeObject=All"), &[("accept", TABLE_V1)], "").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json_status().message, r#"unrecognized includeObject value: "All""#);
    // Plain JSON first: the list itself.
    let plain = call(
        &server,
        Method::GET,
        VWC,
        &[("accept", "application/json, application/json;as=Table;v=v1;g=meta.k8s.io")],
        "",
    )
    .await;
    assert_eq!(text(json(&plain.body).get("kind").unwrap()), r#""ValidatingWebhookConfigurationList""#);

    // A watch: every object is a one-row table, the column definitions only in the first.
    let resp = send(&server, Method::GET, &format!("{VWC}?watch=true"), &[("accept", TABLE_V1)], "").await;
    assert_eq!(resp.status(), StatusCode::OK);
    let mut w = WatchReader::new(resp);
    let mut seen = Vec::new();
    for _ in 0..2 {
        let (t, raw) = w.next().await.expect("an event");
        let table = json(&raw);
        let kapi_machinery::json::value::Value::Array(rows) = table.get("rows").unwrap() else { panic!("rows") };
        let name = text(rows[0].get("cells").unwrap()).split(',').next().unwrap().to_owned();
        seen.push((t, name, text(table.get("columnDefinitions").unwrap()).len() > 4));
    }
    assert_eq!(
        seen,
        [("ADDED".to_owned(), r#"["a""#.to_owned(), true), ("ADDED".to_owned(), r#"["b""#.to_owned(), false)]
    );
}

/// Discovery lists the kinds' short names and categories, legacy and aggregated.
#[tokio::test]
async fn discovery_lists_short_names_and_categories() {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(Arc::clone(&api), None).await.unwrap();
    let core = get(&server, "/api/v1").await;
    let body = String::from_utf8_lossy(&core.body).into_owned();
    assert!(
        body.contains(r#""kind":"Pod","verbs":"#) && body.contains(r#""shortNames":["po"],"categories":["all"]"#),
        "{body}"
    );
    let apps = String::from_utf8_lossy(&get(&server, "/apis/apps/v1").await.body).into_owned();
    assert!(
        apps.contains(r#""name":"deployments""#) && apps.contains(r#""shortNames":["deploy"],"categories":["all"]"#),
        "{apps}"
    );
    let accept = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    let agg = call(&server, Method::GET, "/apis", &[("accept", accept)], "").await;
    let agg = String::from_utf8_lossy(&agg.body).into_owned();
    assert!(agg.contains(r#""shortNames":["crd","crds"],"categories":["api-extensions"]"#), "{agg}");
}
