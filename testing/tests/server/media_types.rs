//! The `415` and `406` answers over HTTP, whole bodies: go-restful's router for the built-in kinds (`415: Unsupported Media Type`, `406: Not Acceptable`), the handlers' own negotiation for custom resources, watches and create bodies, each encoded as upstream's `ErrorNegotiated` writes it.

use std::sync::Arc;

use kapi_api::meta::errors::decode_status;
use kapi_api::meta::v1::Status;
use kapi_client::{Client, Config, Transport};
use kapi_testing::{ApiServer, TestServer};

const CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;

const PODS: &str = "/api/v1/namespaces/ns/pods";
const WIDGETS: &str = "/apis/example.com/v1/namespaces/ns/widgets";

/// A server with namespace `ns`, pod `p`, the `Widget` definition and widget `w`, and a client.
async fn serve() -> (Arc<ApiServer>, TestServer, Client) {
    let server = Arc::new(ApiServer::serving_everything());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    server.create_namespace("ns").unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let json = "application/json";
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    let pod = r#"{"metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"i"}]}}"#;
    for (path, body) in [
        (crds, CRD),
        (PODS, pod),
        (WIDGETS, r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"}}"#),
    ] {
        let a = send(&client, http::Method::POST, path, &[("content-type", json), ("accept", json)], body).await;
        assert_eq!(a.code, 201, "{path}: {}", a.text());
    }
    (server, test, client)
}

/// An answer: its code, `Content-Type` and body.
struct Answer {
    code: u16,
    content_type: String,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).trim_end().to_owned()
    }

    fn status(&self) -> Status {
        decode_status(&self.content_type, &self.body).expect("a Status")
    }
}

async fn send(client: &Client, method: http::Method, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut request = http::Request::builder().method(method).uri(format!("{}{path}", client.base_url()));
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = client.service().call(request.body(bytes::Bytes::from(body.to_owned())).unwrap()).await.unwrap();
    let code = response.status().as_u16();
    let content_type =
        response.headers().get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let body = kapi_client::body::collect(response.into_body()).await.unwrap().to_vec();
    Answer { code, content_type, body }
}

/// The body `WriteRawJSON` writes when the client accepts nothing the server can produce:
/// `json.MarshalIndent(status, "", "  ")`, no final newline.
fn indented(message: &str, reason: &str, details: bool, code: u16) -> String {
    let details = if details { "\n  \"details\": {}," } else { "" };
    format!(
        "{{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {{}},\n  \"status\": \"Failure\",\n  \"message\": \"{message}\",\n  \"reason\": \"{reason}\",{details}\n  \"code\": {code}\n}}"
    )
}

const ROUTE_TYPES: &str = "application/json, application/yaml, application/vnd.kubernetes.protobuf";
const LIST_ROUTE_TYPES: &str = "application/json, application/yaml, application/vnd.kubernetes.protobuf, application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch";

/// go-restful matches `Accept` against the route's media types before the handler runs: a
/// type no route of a built-in kind produces is its `406`, through `serviceErrorHandler`
/// (`NewGenericServerResponse`: the router's text, empty details), written as indented JSON
/// when the client accepts nothing, else in the encoding it accepts.
#[tokio::test]
async fn the_router_refuses_what_no_route_of_a_built_in_kind_produces() {
    let (_server, _test, client) = serve().await;
    let get = |path: &'static str, accept: &'static str| {
        let client = client.clone();
        async move { send(&client, http::Method::GET, path, &[("accept", accept)], "").await }
    };
    let a = get("/api/v1/namespaces/ns/pods/p", "text/html").await;
    assert_eq!((a.code, a.content_type.as_str()), (406, "application/json"));
    let message = format!("406: Not Acceptable\\n\\nAvailable representations: {ROUTE_TYPES}");
    assert_eq!(String::from_utf8(a.body).unwrap(), indented(&message, "NotAcceptable", true, 406));

    // A collection's GET is its list-and-watch route, which produces the watch streams too;
    // a watch is that route's.
    let message = format!("406: Not Acceptable\\n\\nAvailable representations: {LIST_ROUTE_TYPES}");
    for path in [PODS, "/api/v1/namespaces/ns/pods?watch=true", "/api/v1/watch/namespaces/ns/pods"] {
        let a = get(path, "application/xml").await;
        assert_eq!(String::from_utf8(a.body).unwrap(), indented(&message, "NotAcceptable", true, 406), "{path}");
    }

    // `application/*` is no wildcard to the router, but the error's own negotiation takes it.
    let a = get("/api/v1/namespaces/ns/pods/p", "application/*").await;
    assert_eq!(a.code, 406);
    assert_eq!(
        a.text(),
        format!(
            r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"406: Not Acceptable\n\nAvailable representations: {ROUTE_TYPES}","reason":"NotAcceptable","details":{{}},"code":406}}"#
        )
    );

    // A write with a body is refused the same way.
    let headers = [("accept", "text/html"), ("content-type", "application/json")];
    let a = send(&client, http::Method::DELETE, "/api/v1/namespaces/ns/pods/p", &headers, "{}").await;
    let message = format!("406: Not Acceptable\\n\\nAvailable representations: {ROUTE_TYPES}");
    assert_eq!(String::from_utf8(a.body).unwrap(), indented(&message, "NotAcceptable", true, 406));
}

/// Only `PATCH` routes name what they consume (the four patch types): another type with a
/// body is the router's bare `415`; a create or update takes any type to its handler, whose
/// negotiation lists the serializers' media types.
#[tokio::test]
async fn unsupported_bodies_are_refused_by_the_router_or_the_handler() {
    let (_server, _test, client) = serve().await;
    let json = "application/json";
    let headers = [("content-type", "text/plain"), ("accept", json)];
    let a = send(&client, http::Method::PATCH, "/api/v1/namespaces/ns/pods/p", &headers, "{}").await;
    assert_eq!(a.code, 415);
    assert_eq!(
        a.text(),
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"415: Unsupported Media Type","reason":"UnsupportedMediaType","details":{},"code":415}"#
    );
    let body = format!(
        r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"the body of the request was in an unknown format - accepted media types include: {ROUTE_TYPES}","reason":"UnsupportedMediaType","code":415}}"#
    );
    let headers = [("content-type", "text/plain"), ("accept", json)];
    let a = send(&client, http::Method::POST, PODS, &headers, "{}").await;
    assert_eq!((a.code, a.text()), (415, body.clone()));
    let headers = [("content-type", "application/xml"), ("accept", json)];
    let a = send(&client, http::Method::PUT, "/api/v1/namespaces/ns/pods/p", &headers, "<pod/>").await;
    assert_eq!((a.code, a.text()), (415, body));
}

/// Custom resources are apiextensions' to serve, never the router's: their refusals are the
/// handler's negotiation, whose lists are its serializer's (protobuf among them, though its
/// endpoint restrictions keep custom objects from it), and a refusal is encoded as the client
/// asks when it can be, protobuf too.
#[tokio::test]
async fn custom_resources_are_refused_by_their_handler() {
    let (_server, _test, client) = serve().await;
    let protobuf = "application/vnd.kubernetes.protobuf";
    let only = format!("only the following media types are accepted: {ROUTE_TYPES}");

    let a = send(&client, http::Method::GET, &format!("{WIDGETS}/w"), &[("accept", protobuf)], "").await;
    assert_eq!((a.code, a.content_type.as_str()), (406, protobuf));
    let status = a.status();
    assert_eq!(
        (status.code, status.status.as_str(), status.reason.as_str(), status.message.as_str(), status.details),
        (406, "Failure", "NotAcceptable", only.as_str(), None)
    );

    let a = send(&client, http::Method::GET, &format!("{WIDGETS}/w"), &[("accept", "text/html")], "").await;
    assert_eq!(String::from_utf8(a.body).unwrap(), indented(&only, "NotAcceptable", false, 406));
    // A watch is negotiated as a list first.
    let a = send(&client, http::Method::GET, &format!("{WIDGETS}?watch=true"), &[("accept", "text/html")], "").await;
    assert_eq!(String::from_utf8(a.body).unwrap(), indented(&only, "NotAcceptable", false, 406));

    let headers = [("content-type", "text/plain"), ("accept", "application/json")];
    let a = send(&client, http::Method::POST, WIDGETS, &headers, "{}").await;
    assert_eq!(
        a.text(),
        format!(
            r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"the body of the request was in an unknown format - accepted media types include: {ROUTE_TYPES}","reason":"UnsupportedMediaType","code":415}}"#
        )
    );
    // A protobuf body is taken by the serializer, whose envelope names a kind no custom object
    // can be decoded into: `400` in `transformDecodeError`'s words.
    let headers = [("content-type", protobuf), ("accept", "application/json")];
    let mut envelope = b"k8s\0\x0a\x14\x0a\x0eexample.com/v1\x12\x02Wx".to_vec();
    envelope.extend_from_slice(b"\x12\x00");
    let body = String::from_utf8(envelope).unwrap();
    let a = send(&client, http::Method::POST, WIDGETS, &headers, &body).await;
    assert_eq!(
        (a.code, a.status().message),
        (400, r#"Wx in version "v1" cannot be handled as a Widget: Object 'Kind' is missing in 'object has no kind field '"#.to_owned())
    );
    let a = send(&client, http::Method::PUT, &format!("{WIDGETS}/w"), &headers, r#"{"kind":"Widget"}"#).await;
    assert_eq!(
        (a.code, a.status().message),
        (400, r#"the object provided is unrecognized (must be of type Widget): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({"kind":"Widget"})"#.to_owned())
    );
    for content_type in ["text/plain", "application/strategic-merge-patch+json"] {
        let headers = [("content-type", content_type), ("accept", "application/json")];
        let a = send(&client, http::Method::PATCH, &format!("{WIDGETS}/w"), &headers, "{}").await;
        assert_eq!(
            a.text(),
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml","reason":"UnsupportedMediaType","code":415}"#,
            "{content_type}"
        );
    }
}

/// A watch whose `Accept` names a type with no stream (YAML) passes the router and the list
/// negotiation and is refused by the stream's, which lists both streams for every resource;
/// the refusal itself is written in YAML, which the client accepts.
#[tokio::test]
async fn watches_without_a_stream_type_are_refused_by_the_stream_negotiation() {
    let (_server, _test, client) = serve().await;
    let streams = "only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch";
    for path in ["/api/v1/namespaces/ns/pods?watch=true", "/apis/example.com/v1/namespaces/ns/widgets?watch=true"] {
        let a = send(&client, http::Method::GET, path, &[("accept", "application/yaml")], "").await;
        assert_eq!((a.code, a.content_type.as_str()), (406, "application/yaml"), "{path}");
        let status = a.status();
        assert_eq!(
            (status.code, status.reason.as_str(), status.message.as_str(), status.details),
            (406, "NotAcceptable", streams, None),
            "{path}"
        );
    }
}

/// Authorization is a filter in front of the router: a user who may not read pods is refused
/// with `403` whatever they accept, and the refusal, like the router's, is indented JSON when
/// they accept nothing the server produces.
#[tokio::test]
async fn authorization_comes_before_the_media_types() {
    use kapi_testing::server::{AuthorizationMode, parse_token_file};
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_static_tokens(parse_token_file("alice-token,alice,1001\n").unwrap());
    server.set_authorization_mode(AuthorizationMode::Rbac);
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    config.auth = kapi_client::Auth::BearerToken("alice-token".into());
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let a = send(&client, http::Method::GET, "/api/v1/namespaces/default/pods/p", &[("accept", "text/html")], "").await;
    assert_eq!((a.code, a.content_type.as_str()), (403, "application/json"));
    let message = r#"pods \"p\" is forbidden: User \"alice\" cannot get resource \"pods\" in API group \"\" in the namespace \"default\""#;
    assert_eq!(
        String::from_utf8(a.body).unwrap(),
        format!(
            "{{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {{}},\n  \"status\": \"Failure\",\n  \"message\": \"{message}\",\n  \"reason\": \"Forbidden\",\n  \"details\": {{\n    \"name\": \"p\",\n    \"kind\": \"pods\"\n  }},\n  \"code\": 403\n}}"
        )
    );
}

/// Errors before a route is known are written by upstream's filters and not-found handler with
/// `ErrorNegotiated` too: a `401` to a client that accepts nothing the server produces is
/// indented JSON, and an unknown path's `404` to a protobuf client a protobuf `Status`.
#[tokio::test]
async fn errors_before_the_route_are_negotiated() {
    use kapi_testing::server::parse_token_file;
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_static_tokens(parse_token_file("alice-token,alice,1001\n").unwrap());
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    config.auth = kapi_client::Auth::BearerToken("wrong-token".into());
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let a = send(&client, http::Method::GET, "/api/v1/namespaces/default/pods", &[("accept", "text/html")], "").await;
    assert_eq!((a.code, a.content_type.as_str()), (401, "application/json"));
    assert_eq!(String::from_utf8(a.body).unwrap(), indented("Unauthorized", "Unauthorized", false, 401));

    config.auth = kapi_client::Auth::BearerToken("alice-token".into());
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let protobuf = "application/vnd.kubernetes.protobuf";
    let a = send(&client, http::Method::GET, "/apis/example.com/v1/widgets", &[("accept", protobuf)], "").await;
    assert_eq!((a.code, a.content_type.as_str()), (404, protobuf));
    let status = a.status();
    assert_eq!((status.code, status.message.as_str()), (404, "the server could not find the requested resource"));
    let a = send(&client, http::Method::GET, "/apis/example.com/v1/widgets", &[("accept", "text/html")], "").await;
    assert_eq!(
        String::from_utf8(a.body).unwrap(),
        indented("the server could not find the requested resource", "NotFound", true, 404)
    );
}

/// go-restful matches the path, then the method, then the media types: a method no route of
/// the path takes is `405` and a path no route serves `404`, whatever the client accepts.
#[tokio::test]
async fn the_router_refuses_a_method_before_media_types() {
    let (_server, _test, client) = serve().await;
    let html = [("accept", "text/html")];
    let not_allowed = "the server does not allow this method on the requested resource";
    for (method, path) in [
        (http::Method::POST, format!("{PODS}/p")),
        (http::Method::PUT, PODS.to_owned()),
        (http::Method::POST, "/api/v1/pods".to_owned()),
        (http::Method::DELETE, "/api/v1/componentstatuses".to_owned()),
        (http::Method::DELETE, format!("{PODS}/p/status")),
    ] {
        let a = send(&client, method.clone(), &path, &html, "").await;
        assert_eq!((a.code, a.content_type.as_str()), (405, "application/json"), "{method} {path}");
        assert_eq!(String::from_utf8(a.body).unwrap(), indented(not_allowed, "MethodNotAllowed", true, 405));
    }
    // A PATCH of a type no patch route consumes, to a resource that cannot be patched.
    let a = send(&client, http::Method::PATCH, "/api/v1/componentstatuses/x", &[("content-type", "text/plain")], "{}")
        .await;
    assert_eq!(a.code, 405, "{}", a.text());
    // A review has only its collection's POST: its object paths are not served.
    let review = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews/x";
    let a = send(&client, http::Method::GET, review, &html, "").await;
    assert_eq!(
        String::from_utf8(a.body).unwrap(),
        indented("the server could not find the requested resource", "NotFound", true, 404)
    );
}
