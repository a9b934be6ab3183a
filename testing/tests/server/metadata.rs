//! Reads reduced to metadata, as client-go's metadata client asks for them: `as=PartialObjectMetadata` on a get and a watch, `as=PartialObjectMetadataList` on a list, in JSON and protobuf, and `406` for the wrong one.

use std::sync::Arc;

use bytes::Bytes;
use http::{Method, StatusCode};
use kapi_api::meta::v1::{PartialObjectMetadata, PartialObjectMetadataList};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::{Format, Kind, Options, Scheme, Serializer};
use kapi_testing::ApiServer;

const ITEM_JSON: &str = "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1";
const LIST_JSON: &str = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1";
const LIST_PROTOBUF: &str = "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1";
/// What client-go's metadata client sends for a list: protobuf first, JSON as the fallback.
const CLIENT_GO_LIST: &str = "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";

async fn call(api: &ApiServer, method: Method, path: &str, accept: &str, body: &str) -> (StatusCode, String, Bytes) {
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("accept", accept)
        .body(Bytes::from(body.to_owned()))
        .unwrap();
    let resp = api.handle(req).await;
    let status = resp.status();
    let ct = resp.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, ct, kapi_client::body::collect(resp.into_body()).await.unwrap())
}

async fn server() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    for name in ["a", "b"] {
        let cm = format!(
            r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"{name}","namespace":"ns","labels":{{"app":"x"}}}},"data":{{"big":"{}"}}}}"#,
            "x".repeat(1000)
        );
        let (status, _, body) =
            call(&api, Method::POST, "/api/v1/namespaces/ns/configmaps", "application/json", &cm).await;
        assert_eq!(status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&body));
    }
    api
}

fn json(data: &[u8]) -> Value {
    value::parse(data).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(data)))
}

#[tokio::test]
async fn get_and_list_answer_with_metadata_only() {
    let api = server().await;
    let (status, ct, body) = call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps/a", ITEM_JSON, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ct, "application/json");
    let doc = json(&body);
    assert_eq!(doc.get("kind").and_then(Value::as_str), Some("PartialObjectMetadata"));
    assert_eq!(doc.get("apiVersion").and_then(Value::as_str), Some("meta.k8s.io/v1"));
    assert!(doc.get("data").is_none(), "no data: {doc:?}");
    let meta = doc.get("metadata").unwrap();
    assert_eq!(meta.get("name").and_then(Value::as_str), Some("a"));
    assert!(meta.get("uid").and_then(Value::as_str).is_some_and(|u| !u.is_empty()));

    let (status, _, body) = call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps", LIST_JSON, "").await;
    assert_eq!(status, StatusCode::OK);
    let doc = json(&body);
    assert_eq!(doc.get("kind").and_then(Value::as_str), Some("PartialObjectMetadataList"));
    assert!(doc.get("metadata").and_then(|m| m.get("resourceVersion")).is_some());
    let Some(Value::Array(items)) = doc.get("items") else { panic!("{doc:?}") };
    assert_eq!(items.len(), 2);
    assert!(body.len() < 1500, "the data stayed home: {} bytes", body.len());

    // Protobuf, as client-go's metadata client prefers it.
    for accept in [LIST_PROTOBUF, CLIENT_GO_LIST] {
        let (status, ct, body) = call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps", accept, "").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(ct, "application/vnd.kubernetes.protobuf");
        let mut scheme = Scheme::new();
        scheme.add_known_type::<PartialObjectMetadataList>().unwrap();
        let list = Serializer::new(&scheme, Format::Protobuf, Options::default())
            .decode(&body, Some(&PartialObjectMetadataList::static_gvk()))
            .unwrap()
            .object;
        let list = list.into_any().downcast::<PartialObjectMetadataList>().unwrap();
        let names: Vec<&str> = list.items.iter().flatten().map(|i| i.metadata.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
    }

    // The item kind for a list, or the list kind for a get, is not served.
    let (status, _, _) = call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps", ITEM_JSON, "").await;
    assert_eq!(status, StatusCode::NOT_ACCEPTABLE);
    let (status, _, _) = call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps/a", LIST_JSON, "").await;
    assert_eq!(status, StatusCode::NOT_ACCEPTABLE);
}

#[tokio::test]
async fn watch_events_carry_metadata_only() {
    let api = server().await;
    let (status, _, body) =
        call(&api, Method::GET, "/api/v1/namespaces/ns/configmaps?watch=true&timeoutSeconds=1", ITEM_JSON, "").await;
    assert_eq!(status, StatusCode::OK);
    let events: Vec<Value> = body.split(|b| *b == b'\n').filter(|l| !l.is_empty()).map(json).collect();
    assert_eq!(events.len(), 2, "{}", String::from_utf8_lossy(&body));
    for e in &events {
        assert_eq!(e.get("type").and_then(Value::as_str), Some("ADDED"));
        let object = e.get("object").unwrap();
        assert_eq!(object.get("kind").and_then(Value::as_str), Some(PartialObjectMetadata::KIND));
        assert!(object.get("data").is_none());
    }
}
