//! Metadata-only requests (`Api<PartialObjectMeta<K>>`) against a scripted service: the
//! `Accept` header client-go's metadata client sends for each verb, in protobuf and JSON,
//! decoding `PartialObjectMetadata(List)` answers and whole objects from servers without
//! metadata support, watch events, and the verbs that cannot be metadata-only.

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::Method;
use http::header::{ACCEPT, CONTENT_TYPE};
use kapi_api::core::v1::{ConfigMap, ConfigMapList};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, ListMeta, ListOptions, ObjectMeta, PartialObjectMetadata,
    PartialObjectMetadataList, PatchOptions, UpdateOptions, WatchEvent as RawWatchEvent,
};
use kapi_client::body::{self, Body};
use kapi_client::metadata::{ACCEPT_ITEM_JSON, ACCEPT_ITEM_PROTOBUF, ACCEPT_LIST_JSON, ACCEPT_LIST_PROTOBUF};
use kapi_client::{
    Api, Client, ContentType, DeleteResponse, Error, ListResource, PartialObjectMeta, Patch, ResponseFuture, Service,
    StreamExt, WatchEvent,
};
use kapi_machinery::types::RawExtension;
use kapi_machinery::{Format, Kind, Object, Options, Scheme, Serializer};

type Reply = Box<dyn Fn(&http::Request<Bytes>) -> http::Response<Body> + Send + Sync>;

/// Records each request's method, path and `Accept` header, and answers with a script.
struct Mock {
    log: Mutex<Vec<(Method, String, String)>>,
    reply: Reply,
}

impl Mock {
    fn new(reply: impl Fn(&http::Request<Bytes>) -> http::Response<Body> + Send + Sync + 'static) -> Arc<Mock> {
        Arc::new(Mock { log: Mutex::default(), reply: Box::new(reply) })
    }

    fn requests(&self) -> Vec<(Method, String, String)> {
        self.log.lock().unwrap().clone()
    }
}

impl Service for Mock {
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        let accept = request.headers().get(ACCEPT).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
        self.log.lock().unwrap().push((request.method().clone(), request.uri().path().to_owned(), accept));
        let resp = (self.reply)(&request);
        Box::pin(async move { Ok(resp) })
    }
}

fn client(mock: &Arc<Mock>, content_type: ContentType) -> Client {
    Client::new(mock.clone(), "http://api.test").unwrap().with_content_type(content_type)
}

fn reply(content_type: &str, data: Vec<u8>) -> http::Response<Body> {
    http::Response::builder().status(200).header(CONTENT_TYPE, content_type).body(body::full(data)).unwrap()
}

fn encode(obj: &dyn Object, format: Format) -> Vec<u8> {
    let mut copy = obj.deep_copy_object();
    copy.set_registered_type_meta();
    Serializer::new(&Scheme::new(), format, Options::default()).encode(copy.as_ref()).unwrap()
}

/// Answers in the format the request puts first.
fn answer(req: &http::Request<Bytes>, obj: &dyn Object) -> http::Response<Body> {
    let accept = req.headers().get(ACCEPT).unwrap().to_str().unwrap();
    if accept.starts_with("application/vnd.kubernetes.protobuf") {
        reply("application/vnd.kubernetes.protobuf", encode(obj, Format::Protobuf))
    } else {
        reply("application/json", encode(obj, Format::Json))
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "ns".into(), uid: format!("uid-{name}"), ..Default::default() }
}

fn partial(name: &str) -> PartialObjectMetadata {
    PartialObjectMetadata { metadata: meta(name), ..Default::default() }
}

fn partial_list(names: &[&str]) -> PartialObjectMetadataList {
    PartialObjectMetadataList {
        metadata: ListMeta { resource_version: "42".into(), ..Default::default() },
        items: Some(names.iter().map(|n| partial(n)).collect()),
        ..Default::default()
    }
}

#[tokio::test]
async fn each_verb_asks_for_metadata_in_the_preferred_format() {
    for (content_type, item, list) in [
        (ContentType::Protobuf, ACCEPT_ITEM_PROTOBUF, ACCEPT_LIST_PROTOBUF),
        (ContentType::Json, ACCEPT_ITEM_JSON, ACCEPT_LIST_JSON),
    ] {
        let mock = Mock::new(|req| {
            if req.method() == Method::GET && req.uri().path().ends_with("/configmaps") {
                answer(req, &partial_list(&["a", "b"]))
            } else {
                answer(req, &partial("a"))
            }
        });
        let api: Api<ConfigMap> = Api::namespaced(client(&mock, content_type), "ns");

        let listed = api.list_metadata(&ListOptions::default()).await.unwrap();
        let names: Vec<&str> = listed.items().iter().map(|i| i.metadata.name.as_str()).collect();
        assert_eq!(names, ["a", "b"], "{content_type:?}");
        assert_eq!(listed.metadata.resource_version, "42");
        assert_eq!(listed.type_meta.kind, "PartialObjectMetadataList");

        let got = api.get_metadata("a", &GetOptions::default()).await.unwrap();
        assert_eq!(got.metadata, meta("a"));
        assert_eq!(got.type_meta.kind, "PartialObjectMetadata");

        let patched = api
            .metadata()
            .patch("a", &Patch::Merge(br#"{"metadata":{"labels":{"x":"y"}}}"#.to_vec()), &PatchOptions::default())
            .await
            .unwrap();
        assert_eq!(patched.metadata.name, "a");

        let deleted = api.metadata().delete("a", &DeleteOptions::default()).await.unwrap();
        assert!(matches!(deleted, DeleteResponse::Object(o) if o.metadata.name == "a"));

        let log = mock.requests();
        let accepts: Vec<(Method, &str)> = log.iter().map(|(m, _, a)| (m.clone(), a.as_str())).collect();
        assert_eq!(
            accepts,
            [(Method::GET, list), (Method::GET, item), (Method::PATCH, item), (Method::DELETE, item)],
            "{content_type:?}"
        );
        assert_eq!(log[0].1, "/api/v1/namespaces/ns/configmaps");
        assert_eq!(log[1].1, "/api/v1/namespaces/ns/configmaps/a");
    }
}

#[tokio::test]
async fn whole_objects_from_a_server_without_metadata_support_keep_their_metadata() {
    let mock = Mock::new(|req| {
        let whole = ConfigMapList {
            metadata: ListMeta { resource_version: "5".into(), ..Default::default() },
            items: Some(vec![ConfigMap {
                metadata: meta("a"),
                data: [("big".to_string(), "x".repeat(1000))].into(),
                ..Default::default()
            }]),
            ..Default::default()
        };
        answer(req, &whole)
    });
    for content_type in [ContentType::Protobuf, ContentType::Json] {
        let api: Api<ConfigMap> = Api::namespaced(client(&mock, content_type), "ns");
        let listed = api.list_metadata(&ListOptions::default()).await.unwrap();
        assert_eq!(listed.metadata.resource_version, "5");
        assert_eq!(listed.items().len(), 1, "{content_type:?}");
        assert_eq!(listed.items()[0].metadata, meta("a"));
        assert_eq!(listed.type_meta.kind, "ConfigMapList");
    }
}

fn watch_event(event_type: &str, obj: &dyn Object) -> Vec<u8> {
    let raw =
        RawWatchEvent { r#type: event_type.into(), object: RawExtension { raw: Some(encode(obj, Format::Json)) } };
    kapi_machinery::json::to_vec(&raw).unwrap()
}

#[tokio::test]
async fn watch_events_carry_partial_object_metadata() {
    let mock = Mock::new(|_| {
        let mut stream = watch_event("ADDED", &partial("a"));
        stream.push(b'\n');
        stream.extend(watch_event("DELETED", &partial("b")));
        reply("application/json;stream=watch", stream)
    });
    let api: Api<ConfigMap> = Api::namespaced(client(&mock, ContentType::Json), "ns");
    let events: Vec<WatchEvent<PartialObjectMeta<ConfigMap>>> =
        api.watch_metadata(&ListOptions::default()).await.unwrap().map(Result::unwrap).collect().await;
    let names: Vec<(&str, &str)> = events
        .iter()
        .map(|e| match e {
            WatchEvent::Added(o) => ("added", o.metadata.name.as_str()),
            WatchEvent::Deleted(o) => ("deleted", o.metadata.name.as_str()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(names, [("added", "a"), ("deleted", "b")]);
    assert_eq!(mock.requests()[0].2, ACCEPT_ITEM_JSON);
}

#[tokio::test]
async fn verbs_that_send_objects_are_refused_before_any_request() {
    let mock = Mock::new(|req| answer(req, &partial("a")));
    let api: Api<PartialObjectMeta<ConfigMap>> = Api::namespaced(client(&mock, ContentType::Protobuf), "ns");
    let obj = PartialObjectMeta::<ConfigMap>::new(meta("a"));
    let refusals = [
        api.create(&obj, &CreateOptions::default()).await.unwrap_err(),
        api.update(&obj, &UpdateOptions::default()).await.unwrap_err(),
        api.update_status(&obj, &UpdateOptions::default()).await.unwrap_err(),
        api.get_subresource::<ConfigMap>("a", "status", &GetOptions::default()).await.unwrap_err(),
    ];
    for e in refusals {
        assert!(matches!(&e, Error::InvalidRequest(m) if m.contains("not a metadata-only request")), "{e}");
    }
    assert!(mock.requests().is_empty());
    assert_eq!(<PartialObjectMeta<ConfigMap> as Kind>::KIND, "ConfigMap");
}
