//! The typed client against a scripted in-process service: URLs, scopes, verb checks, content
//! negotiation and protobuf fallback, request bodies of every verb, paging, watch, status
//! errors and warnings.

use std::pin::Pin;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE, WARNING};
use http::{HeaderMap, Method};
use kapi_api::admissionregistration::v1::{
    ValidatingWebhook, ValidatingWebhookConfiguration, ValidatingWebhookConfigurationList,
};
use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, ListMeta, ListOptions, ObjectMeta, PatchOptions,
    ResourceVersionMatch, Status, UpdateOptions, WatchEvent as RawWatchEvent,
};
use kapi_client::body::{self, Body};
use kapi_client::client::ACCEPT_PROTOBUF_OR_JSON;
use kapi_client::labels::Selector;
use kapi_client::{
    Api, Client, ContentType, DeleteResponse, Error, ListResource, ListWatch, Patch, ResponseFuture, Service,
    WatchEvent,
};
use kapi_machinery::proto::frame_length_delimited;
use kapi_machinery::types::RawExtension;
use kapi_machinery::{Format, Kind, Object, Options, Scheme, Serializer, TypeMeta};
use kapi_macros::Kapi;

type Vwc = ValidatingWebhookConfiguration;
type VwcList = ValidatingWebhookConfigurationList;

/// A namespaced JSON-only kind with a restricted verb set and a status subresource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.com", version = "v1")]
pub struct Widget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub color: String,
}

/// A list of widgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.com", version = "v1")]
pub struct WidgetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Vec<Widget>,
}

kapi_client::resource!(
    Widget,
    WidgetList,
    resource = "widgets",
    namespaced = true,
    protobuf = false,
    verbs = ["create", "get", "list", "watch", "delete", "update"],
    subresources = ["status"],
);

#[derive(Debug, Clone)]
struct Recorded {
    method: Method,
    uri: String,
    headers: HeaderMap,
    body: Bytes,
}

impl Recorded {
    fn header(&self, name: http::header::HeaderName) -> &str {
        self.headers.get(name).map(|v| v.to_str().unwrap()).unwrap_or("")
    }
}

type Reply = Box<dyn Fn(&Recorded, usize) -> http::Response<Body> + Send + Sync>;

/// Records requests and answers them with a script.
struct Mock {
    log: Mutex<Vec<Recorded>>,
    reply: Reply,
}

impl Mock {
    fn new(reply: impl Fn(&Recorded, usize) -> http::Response<Body> + Send + Sync + 'static) -> Arc<Mock> {
        Arc::new(Mock { log: Mutex::default(), reply: Box::new(reply) })
    }
    fn requests(&self) -> Vec<Recorded> {
        self.log.lock().unwrap().clone()
    }
}

impl Service for Mock {
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        let (parts, body) = request.into_parts();
        let rec = Recorded { method: parts.method, uri: parts.uri.to_string(), headers: parts.headers, body };
        let n = {
            let mut log = self.log.lock().unwrap();
            log.push(rec.clone());
            log.len() - 1
        };
        let resp = (self.reply)(&rec, n);
        Box::pin(async move { Ok(resp) })
    }
}

const BASE: &str = "http://api.test";

fn client(mock: &Arc<Mock>) -> Client {
    Client::new(mock.clone(), BASE).unwrap().with_warning_handler(kapi_client::warning::IgnoreWarnings)
}

fn reply(status: u16, content_type: &str, data: impl Into<Bytes>) -> http::Response<Body> {
    let mut b = http::Response::builder().status(status);
    if !content_type.is_empty() {
        b = b.header(CONTENT_TYPE, content_type);
    }
    b.body(body::full(data.into())).unwrap()
}

fn encode(obj: &dyn Object, format: Format) -> Vec<u8> {
    let mut copy = obj.deep_copy_object();
    copy.set_registered_type_meta();
    Serializer::new(&Scheme::new(), format, Options::default()).encode(copy.as_ref()).unwrap()
}

fn json(obj: &dyn Object) -> http::Response<Body> {
    reply(200, "application/json", encode(obj, Format::Json))
}

fn protobuf(obj: &dyn Object) -> http::Response<Body> {
    reply(200, "application/vnd.kubernetes.protobuf", encode(obj, Format::Protobuf))
}

fn typed<T: Kind>(mut o: T) -> T {
    if let Some(tm) = o.kind_type_meta_mut() {
        tm.set_gvk(&T::static_gvk());
    }
    o
}

fn vwc(name: &str, rv: &str) -> Vwc {
    Vwc {
        metadata: ObjectMeta { name: name.into(), resource_version: rv.into(), ..ObjectMeta::default() },
        webhooks: vec![ValidatingWebhook { name: "w.example.com".into(), ..ValidatingWebhook::default() }],
        ..Vwc::default()
    }
}

fn widget(ns: &str, name: &str) -> Widget {
    Widget {
        metadata: ObjectMeta { name: name.into(), namespace: ns.into(), ..ObjectMeta::default() },
        color: "blue".into(),
        ..Widget::default()
    }
}

fn status(code: i32, st: &str, reason: &str) -> Status {
    let mut s = Status {
        status: st.into(),
        code,
        reason: reason.into(),
        message: format!("{st} {reason}"),
        ..Status::default()
    };
    s.type_meta.set_gvk(&Status::static_gvk());
    s
}

fn vwc_list(items: Vec<Vwc>, rv: &str, cont: &str) -> VwcList {
    let mut l = VwcList::default();
    l.set_items(items);
    l.list_meta_mut().resource_version = rv.into();
    l.list_meta_mut().continue_ = cont.into();
    typed(l)
}

const VWC_PATH: &str = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";

#[tokio::test]
async fn create_in_protobuf() {
    let mock = Mock::new(|req, _| {
        let decoded = Serializer::new(&kapi_client_scheme(), Format::Protobuf, Options::default())
            .decode(&req.body, None)
            .unwrap();
        let mut obj = *decoded.object.into_any().downcast::<Vwc>().unwrap();
        obj.metadata.resource_version = "1".into();
        protobuf(&obj)
    });
    let api = client(&mock).api::<Vwc>();
    let created =
        api.create(&vwc("a", ""), &CreateOptions { field_manager: "m".into(), ..Default::default() }).await.unwrap();
    assert_eq!(created, typed(vwc("a", "1")));
    let req = &mock.requests()[0];
    assert_eq!(req.method, Method::POST);
    assert_eq!(req.uri, format!("{BASE}{VWC_PATH}?fieldManager=m"));
    assert_eq!(req.header(ACCEPT), ACCEPT_PROTOBUF_OR_JSON);
    assert_eq!(req.header(CONTENT_TYPE), "application/vnd.kubernetes.protobuf");
    assert!(req.body.starts_with(b"k8s\0"));
}

fn kapi_client_scheme() -> Scheme {
    let mut s = Scheme::new();
    s.add_known_type::<Vwc>().unwrap();
    s.add_known_type::<VwcList>().unwrap();
    s.add_known_type::<Status>().unwrap();
    s
}

#[tokio::test]
async fn json_preference_and_json_answers_to_protobuf_requests() {
    let mock = Mock::new(|req, _| {
        let obj: Vwc = kapi_machinery::json::from_slice(&req.body).unwrap_or_else(|_| vwc("from-json", "2"));
        json(&obj)
    });
    let api = client(&mock).with_content_type(ContentType::Json).api::<Vwc>();
    let created = api.create(&vwc("a", ""), &CreateOptions::default()).await.unwrap();
    assert_eq!(created, typed(vwc("a", "")));
    let req = &mock.requests()[0];
    assert_eq!(req.header(ACCEPT), "application/json");
    assert_eq!(req.header(CONTENT_TYPE), "application/json");
    assert!(req.body.starts_with(
        br#"{"kind":"ValidatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1","metadata":{"name":"a"}"#
    ));

    // Asked for protobuf, the server may answer JSON: the response content type decides.
    let api = client(&mock).api::<Vwc>();
    let got = api.get("from-json", &GetOptions::default()).await.unwrap();
    assert_eq!(got, typed(vwc("from-json", "2")));
    assert_eq!(mock.requests()[1].header(ACCEPT), ACCEPT_PROTOBUF_OR_JSON);
}

#[tokio::test]
async fn unsupported_media_type_falls_back_to_json_for_good() {
    let mock = Mock::new(|req, _| {
        if req.header(CONTENT_TYPE).contains("protobuf") {
            return reply(
                415,
                "application/json",
                encode(&status(415, "Failure", "UnsupportedMediaType"), Format::Json),
            );
        }
        json(&vwc("a", "1"))
    });
    let c = client(&mock);
    let api = c.api::<Vwc>();
    api.create(&vwc("a", ""), &CreateOptions::default()).await.unwrap();
    api.get("a", &GetOptions::default()).await.unwrap();
    let reqs = mock.requests();
    assert_eq!(reqs.len(), 3);
    assert_eq!(reqs[0].header(CONTENT_TYPE), "application/vnd.kubernetes.protobuf");
    assert_eq!(reqs[1].header(CONTENT_TYPE), "application/json");
    assert_eq!(reqs[1].header(ACCEPT), "application/json");
    assert_eq!(reqs[2].header(ACCEPT), "application/json", "the fallback is remembered");
    // Another client is not affected.
    client(&mock).api::<Vwc>().get("a", &GetOptions::default()).await.unwrap();
    assert_eq!(mock.requests()[3].header(ACCEPT), ACCEPT_PROTOBUF_OR_JSON);
}

#[tokio::test]
async fn not_acceptable_falls_back_to_json() {
    let mock =
        Mock::new(
            |req, _| {
                if req.header(ACCEPT).contains("protobuf") { reply(406, "", "") } else { json(&vwc("a", "1")) }
            },
        );
    let api = client(&mock).api::<Vwc>();
    assert_eq!(api.get("a", &GetOptions::default()).await.unwrap(), typed(vwc("a", "1")));
    assert_eq!(mock.requests().len(), 2);

    // A JSON-only resource that gets a 406 reports it.
    let mock = Mock::new(|_, _| reply(406, "", ""));
    let api = client(&mock).namespaced::<Widget>("ns");
    let err = api.get("w", &GetOptions::default()).await.unwrap_err();
    assert_eq!(err.status().unwrap().reason(), "NotAcceptable");
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn scopes_and_paths() {
    let mock = Mock::new(|req, _| {
        if req.uri.ends_with("/widgets") || req.uri.contains("/widgets?") {
            let mut l = WidgetList::default();
            l.set_items(vec![widget("ns1", "w1")]);
            json(&l)
        } else {
            json(&widget("ns1", "w1"))
        }
    });
    let c = client(&mock);
    // A wrong scope does not compile (tests/ui/scope); a bad namespace fails before any request.
    for bad in ["", "a/b", ".."] {
        let api = Api::<Widget>::namespaced(c.clone(), bad);
        assert!(matches!(api.get("w1", &GetOptions::default()).await, Err(Error::InvalidRequest(_))), "{bad:?}");
        assert!(matches!(api.list(&ListOptions::default()).await, Err(Error::InvalidRequest(_))), "{bad:?}");
        assert!(matches!(api.collection_path(), Err(Error::InvalidRequest(_))), "{bad:?}");
    }
    assert_eq!(
        Api::<Vwc>::all(c.clone()).collection_path().unwrap(),
        "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations"
    );
    assert_eq!(Api::<Widget>::all(c.clone()).collection_path().unwrap(), "/apis/example.com/v1/widgets");

    let api = c.namespaced::<Widget>("ns1");
    assert_eq!(api.namespace(), Some("ns1"));
    api.get("w1", &GetOptions { resource_version: "0".into(), ..Default::default() }).await.unwrap();
    let all = c.all_namespaces::<Widget>();
    assert_eq!(all.list(&ListOptions::default()).await.unwrap().items.len(), 1);
    assert!(matches!(all.get("w1", &GetOptions::default()).await, Err(Error::InvalidRequest(_))));
    assert!(matches!(all.create(&widget("", "x"), &CreateOptions::default()).await, Err(Error::InvalidRequest(_))));
    let def = c.clone().with_default_namespace("team").default_namespaced::<Widget>();
    assert_eq!(def.collection_path().unwrap(), "/apis/example.com/v1/namespaces/team/widgets");

    let reqs = mock.requests();
    assert_eq!(reqs.len(), 2);
    assert_eq!(reqs[0].uri, format!("{BASE}/apis/example.com/v1/namespaces/ns1/widgets/w1?resourceVersion=0"));
    assert_eq!(reqs[0].header(ACCEPT), "application/json");
    assert_eq!(reqs[1].uri, format!("{BASE}/apis/example.com/v1/widgets"));
}

#[tokio::test]
async fn base_url_prefix() {
    let mock = Mock::new(|_, _| json(&vwc("a", "1")));
    let c = Client::new(mock.clone(), "https://h.example:8443/k8s/clusters/c1/").unwrap();
    assert_eq!(c.base_url(), "https://h.example:8443/k8s/clusters/c1");
    c.api::<Vwc>().get("a", &GetOptions::default()).await.unwrap();
    assert_eq!(mock.requests()[0].uri, format!("https://h.example:8443/k8s/clusters/c1{VWC_PATH}/a"));
    assert!(Client::new(mock.clone(), "ftp://x").is_err());
}

#[tokio::test]
async fn requests_that_cannot_be_valid_are_refused_before_sending() {
    let mock = Mock::new(|_, _| json(&widget("ns", "w")));
    let api = client(&mock).namespaced::<Widget>("ns");
    let merge = Patch::Merge(b"{}".to_vec());
    let invalid = [
        api.patch("w", &merge, &PatchOptions::default()).await.map(drop),
        api.apply_object("w", &widget("ns", "w"), &ApplyOptions { field_manager: "m".into(), ..Default::default() })
            .await
            .map(drop),
        api.delete_collection(&ListOptions::default(), &DeleteOptions::default()).await.map(drop),
        api.get("a/b", &GetOptions::default()).await.map(drop),
        api.get("", &GetOptions::default()).await.map(drop),
        api.get("..", &GetOptions::default()).await.map(drop),
        api.create(&widget("other", "w"), &CreateOptions::default()).await.map(drop),
        api.update(&widget("ns", ""), &UpdateOptions::default()).await.map(drop),
        api.update_subresource("w", "scale", &widget("ns", "w"), &UpdateOptions::default()).await.map(drop),
        api.get_subresource::<Widget>("w", "../x", &GetOptions::default()).await.map(drop),
    ];
    for (i, r) in invalid.into_iter().enumerate() {
        assert!(matches!(r, Err(Error::InvalidRequest(_))), "case {i}: {r:?}");
    }
    assert!(mock.requests().is_empty());
    let vwc_api = client(&mock).api::<Vwc>();
    let no_manager = vwc_api.apply_object("a", &vwc("a", ""), &ApplyOptions::default()).await;
    assert!(matches!(no_manager, Err(Error::InvalidRequest(m)) if m.contains("field_manager")));
    let wrong_name = vwc_api
        .apply_object("b", &vwc("a", ""), &ApplyOptions { field_manager: "m".into(), ..Default::default() })
        .await;
    assert!(matches!(wrong_name, Err(Error::InvalidRequest(_))));
    assert!(mock.requests().is_empty());
}

#[tokio::test]
async fn update_and_subresources() {
    let mock = Mock::new(|req, _| {
        let mut w: Widget = kapi_machinery::json::from_slice(&req.body).unwrap_or_default();
        w.metadata.resource_version = "9".into();
        json(&w)
    });
    let api = client(&mock).namespaced::<Widget>("ns");
    let opts = UpdateOptions { field_validation: "Strict".into(), dry_run: vec!["All".into()], ..Default::default() };
    let updated = api.update(&widget("ns", "w1"), &opts).await.unwrap();
    assert_eq!(updated.metadata.resource_version, "9");
    api.update_status(&widget("", "w1"), &UpdateOptions::default()).await.unwrap();
    api.get_subresource::<Widget>("w1", "status", &GetOptions::default()).await.unwrap();
    let reqs = mock.requests();
    assert_eq!(reqs[0].method, Method::PUT);
    assert_eq!(
        reqs[0].uri,
        format!("{BASE}/apis/example.com/v1/namespaces/ns/widgets/w1?dryRun=All&fieldValidation=Strict")
    );
    assert_eq!(reqs[1].method, Method::PUT);
    assert_eq!(reqs[1].uri, format!("{BASE}/apis/example.com/v1/namespaces/ns/widgets/w1/status"));
    assert_eq!(reqs[2].method, Method::GET);
    assert_eq!(reqs[2].uri, format!("{BASE}/apis/example.com/v1/namespaces/ns/widgets/w1/status"));
}

#[tokio::test]
async fn delete_returns_the_object_or_a_status() {
    let mock = Mock::new(|_, n| if n == 0 { json(&status(200, "Success", "")) } else { json(&widget("ns", "w1")) });
    let api = client(&mock).namespaced::<Widget>("ns");
    let opts = DeleteOptions { grace_period_seconds: Some(0), dry_run: vec!["All".into()], ..Default::default() };
    match api.delete("w1", &opts).await.unwrap() {
        DeleteResponse::Status(s) => assert_eq!(s.status, "Success"),
        other => panic!("{other:?}"),
    }
    match api.delete("w1", &DeleteOptions::default()).await.unwrap() {
        DeleteResponse::Object(w) => assert_eq!(w.metadata.name, "w1"),
        other => panic!("{other:?}"),
    }
    let req = &mock.requests()[0];
    assert_eq!(req.method, Method::DELETE);
    assert_eq!(req.uri, format!("{BASE}/apis/example.com/v1/namespaces/ns/widgets/w1"));
    assert_eq!(req.header(CONTENT_TYPE), "application/json");
    assert_eq!(
        req.body.as_ref(),
        br#"{"kind":"DeleteOptions","apiVersion":"example.com/v1","gracePeriodSeconds":0,"dryRun":["All"]}"#
    );
}

#[tokio::test]
async fn delete_collection() {
    let mock = Mock::new(|_, _| json(&vwc_list(vec![vwc("a", "1")], "5", "")));
    let api = client(&mock).api::<Vwc>();
    let lo = ListOptions { label_selector: "a=b".into(), ..Default::default() };
    match api.delete_collection(&lo, &DeleteOptions::default()).await.unwrap() {
        DeleteResponse::Object(l) => assert_eq!(l.items()[0].metadata.name, "a"),
        other => panic!("{other:?}"),
    }
    let req = &mock.requests()[0];
    assert_eq!(req.method, Method::DELETE);
    assert_eq!(req.uri, format!("{BASE}{VWC_PATH}?labelSelector=a%3Db"));
    assert_eq!(req.body.as_ref(), br#"{"kind":"DeleteOptions","apiVersion":"admissionregistration.k8s.io/v1"}"#);
}

#[tokio::test]
async fn builder_options_and_typed_selectors_travel_as_query_parameters() {
    let mock = Mock::new(|req, _| {
        if req.method == Method::DELETE {
            json(&status(200, "Success", ""))
        } else if req.method == Method::PATCH {
            json(&vwc("a", "2"))
        } else {
            json(&vwc_list(vec![vwc("a", "1")], "5", ""))
        }
    });
    let api = client(&mock).api::<Vwc>();
    let selector = Selector::new().eq("app", "web").in_("tier", ["b", "a"]).not_exists("canary");
    let lo = ListOptions::default().labels(&selector).fields("metadata.name!=x").limit(100).at_least("7");
    api.list(&lo).await.unwrap();
    let patch = PatchOptions::default().dry_run().field_manager("me").field_validation("Strict").force();
    api.patch("a", &Patch::Merge(b"{}".to_vec()), &patch).await.unwrap();
    let delete = DeleteOptions::default().grace_period(0).propagation_policy("Foreground").dry_run();
    api.delete("a", &delete).await.unwrap();
    let reqs = mock.requests();
    assert_eq!(
        reqs[0].uri,
        format!(
            "{BASE}{VWC_PATH}?fieldSelector=metadata.name%21%3Dx&labelSelector=app%3Dweb%2C%21canary%2Ctier+in+%28a%2Cb%29\
             &limit=100&resourceVersion=7&resourceVersionMatch=NotOlderThan"
        )
    );
    assert_eq!(reqs[1].uri, format!("{BASE}{VWC_PATH}/a?dryRun=All&fieldManager=me&fieldValidation=Strict&force=true"));
    assert_eq!(
        reqs[2].body.as_ref(),
        br#"{"kind":"DeleteOptions","apiVersion":"admissionregistration.k8s.io/v1","gracePeriodSeconds":0,"propagationPolicy":"Foreground","dryRun":["All"]}"#
    );
    let apply = ApplyOptions::new("me").force().dry_run();
    assert_eq!(
        (apply.field_manager.as_str(), apply.force, apply.dry_run.as_slice()),
        ("me", true, &["All".to_string()][..])
    );
    assert_eq!(CreateOptions::default().field_manager("m").dry_run().dry_run, ["All"]);
    assert_eq!(UpdateOptions::default().field_validation("Warn").field_validation, "Warn");

    // A selector error converts into the client's error and stays reachable as its source.
    let bad = Selector::new().eq("bad key", "x").validate().unwrap_err();
    let err = Error::from(bad.clone());
    assert!(matches!(&err, Error::Selector(_)));
    let source = std::error::Error::source(&err).and_then(|s| s.downcast_ref::<kapi_client::labels::SelectorError>());
    assert_eq!(source, Some(&bad));
}

fn query_param(uri: &str, key: &str) -> Option<String> {
    let q = uri.split_once('?')?.1;
    q.split('&').find_map(|kv| kv.strip_prefix(&format!("{key}=")).map(str::to_owned))
}

#[tokio::test]
async fn list_all_follows_continue_tokens() {
    let mock = Mock::new(|req, _| match query_param(&req.uri, "continue").as_deref() {
        None => protobuf(&vwc_list(vec![vwc("a", "1"), vwc("b", "2")], "100", "t1")),
        Some("t1") => protobuf(&vwc_list(vec![vwc("c", "3")], "100", "")),
        Some(other) => panic!("unexpected token {other}"),
    });
    let api = client(&mock).api::<Vwc>();
    let opts = ListOptions {
        limit: 2,
        resource_version: "0".into(),
        resource_version_match: ResourceVersionMatch(ResourceVersionMatch::NOT_OLDER_THAN.into()),
        ..Default::default()
    };
    let all = api.list_all(&opts).await.unwrap();
    let names: Vec<_> = all.items().iter().map(|o| o.metadata.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(all.list_meta().resource_version, "100");
    assert_eq!(all.list_meta().continue_, "");
    assert_eq!(all.type_meta.kind, "ValidatingWebhookConfigurationList");
    let reqs = mock.requests();
    assert_eq!(reqs[0].uri, format!("{BASE}{VWC_PATH}?limit=2&resourceVersion=0&resourceVersionMatch=NotOlderThan"));
    assert_eq!(reqs[1].uri, format!("{BASE}{VWC_PATH}?continue=t1&limit=2"));

    // A single list returns one page.
    let page = api.list(&opts).await.unwrap();
    assert_eq!(page.items().len(), 2);
    assert_eq!(page.list_meta().continue_, "t1");

    // Without a limit there is one request.
    let n = mock.requests().len();
    api.list_all(&ListOptions::default()).await.unwrap();
    assert_eq!(mock.requests().len(), n + 1);
}

#[tokio::test]
async fn list_all_stops_on_a_repeated_token() {
    let mock = Mock::new(|_, _| json(&vwc_list(vec![vwc("a", "1")], "1", "same")));
    let api = client(&mock).api::<Vwc>();
    let err = api.list_all(&ListOptions { limit: 1, ..Default::default() }).await.unwrap_err();
    assert!(
        matches!(&err, Error::Decode { source, .. } if source.to_string().contains("same continue token")),
        "{err:?}"
    );
    assert_eq!(mock.requests().len(), 2);
}

async fn next<R>(stream: &mut kapi_client::EventStream<R>) -> Option<Result<WatchEvent<R>, Error>> {
    std::future::poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut *stream), cx)).await
}

#[tokio::test]
async fn watch_in_json_and_protobuf() {
    let mock = Mock::new(|req, _| {
        let events = [("ADDED", vwc("a", "1")), ("MODIFIED", vwc("a", "2"))];
        if req.header(ACCEPT).contains("protobuf") {
            let scheme = Scheme::new();
            let raw = Serializer::new(&scheme, Format::RawProtobuf, Options::default());
            let mut out = Vec::new();
            for (t, o) in events {
                let ev = RawWatchEvent {
                    r#type: t.into(),
                    object: RawExtension { raw: Some(encode(&o, Format::Protobuf)) },
                };
                out.extend(frame_length_delimited(&raw.encode(&ev).unwrap()).unwrap());
            }
            reply(200, "application/vnd.kubernetes.protobuf;stream=watch", out)
        } else {
            let mut out = Vec::new();
            for (t, o) in events {
                let mut obj = encode(&o, Format::Json);
                obj.pop();
                let ev = RawWatchEvent { r#type: t.into(), object: RawExtension::from_json(obj) };
                out.extend(kapi_machinery::json::to_vec(&ev).unwrap());
                out.push(b'\n');
            }
            reply(200, "application/json", out)
        }
    });
    for c in [client(&mock), client(&mock).with_content_type(ContentType::Json)] {
        let api = c.api::<Vwc>();
        let opts = ListOptions { allow_watch_bookmarks: true, resource_version: "7".into(), ..Default::default() };
        let mut stream = api.watch(&opts).await.unwrap();
        assert_eq!(next(&mut stream).await.unwrap().unwrap(), WatchEvent::Added(typed(vwc("a", "1"))));
        assert_eq!(next(&mut stream).await.unwrap().unwrap(), WatchEvent::Modified(typed(vwc("a", "2"))));
        assert!(next(&mut stream).await.is_none());
    }
    let reqs = mock.requests();
    assert_eq!(reqs[0].uri, format!("{BASE}{VWC_PATH}?allowWatchBookmarks=true&resourceVersion=7&watch=true"));
    assert_eq!(reqs[1].header(ACCEPT), "application/json");
}

#[tokio::test]
async fn watch_errors() {
    let mock =
        Mock::new(|_, _| reply(410, "application/json", encode(&status(410, "Failure", "Expired"), Format::Json)));
    let api = client(&mock).api::<Vwc>();
    let err = api.watch(&ListOptions::default()).await.err().unwrap();
    assert!(err.is_gone(), "{err:?}");

    let mock = Mock::new(|_, _| reply(200, "text/plain", "hello"));
    let api = client(&mock).api::<Vwc>();
    assert!(matches!(api.watch(&ListOptions::default()).await, Err(Error::Decode { .. })));
}

#[tokio::test]
async fn patch_and_apply_bodies() {
    let mock = Mock::new(|_, _| json(&vwc("a", "3")));
    let api = client(&mock).api::<Vwc>();
    let opts = PatchOptions { field_manager: "m".into(), ..Default::default() };
    for (patch, ct) in [
        (Patch::Json(br#"[{"op":"remove","path":"/webhooks/0"}]"#.to_vec()), "application/json-patch+json"),
        (Patch::Merge(br#"{"metadata":{"labels":{"a":"b"}}}"#.to_vec()), "application/merge-patch+json"),
        (Patch::StrategicMerge(br#"{"webhooks":[]}"#.to_vec()), "application/strategic-merge-patch+json"),
    ] {
        api.patch("a", &patch, &opts).await.unwrap();
        let req = mock.requests().pop().unwrap();
        assert_eq!(req.method, Method::PATCH);
        assert_eq!(req.uri, format!("{BASE}{VWC_PATH}/a?fieldManager=m"));
        assert_eq!(req.header(CONTENT_TYPE), ct);
        assert_eq!(req.body.as_ref(), patch.data());
    }

    let applied = api
        .apply_object(
            "a",
            &vwc("a", ""),
            &ApplyOptions { field_manager: "ctl".into(), force: true, ..Default::default() },
        )
        .await
        .unwrap();
    assert_eq!(applied.metadata.resource_version, "3");
    let req = mock.requests().pop().unwrap();
    assert_eq!(req.method, Method::PATCH);
    assert_eq!(req.uri, format!("{BASE}{VWC_PATH}/a?fieldManager=ctl&force=true"));
    assert_eq!(req.header(CONTENT_TYPE), "application/apply-patch+yaml");
    assert!(req.body.starts_with(
        br#"{"kind":"ValidatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1","metadata":{"name":"a"}"#
    ));
}

/// With `serde`, patch documents come from serde data: a `json!` value or a typed object, written
/// as serde_json writes them and sent with their patch type's content type.
#[cfg(feature = "serde")]
#[tokio::test]
async fn patch_bodies_from_serde_values() {
    let mock = Mock::new(|_, _| json(&vwc("a", "3")));
    let api = client(&mock).api::<Vwc>();
    let labels = serde_json::json!({"metadata": {"labels": {"a": "b", "gone": null}}});
    let mut typed = Vwc::default();
    typed.metadata.labels.insert("a".into(), "b".into());
    let ops = serde_json::json!([{"op": "replace", "path": "/metadata/labels/a", "value": "c"}]);
    // The typed object as the JSON codec writes it.
    let typed_body = kapi_machinery::json::to_vec(&typed).unwrap();
    assert!(typed_body.starts_with(br#"{"metadata":{"#), "{}", String::from_utf8_lossy(&typed_body));
    for (patch, ct, body) in [
        (
            Patch::json_from(&ops).unwrap(),
            "application/json-patch+json",
            &br#"[{"op":"replace","path":"/metadata/labels/a","value":"c"}]"#[..],
        ),
        (
            Patch::merge_from(&labels).unwrap(),
            "application/merge-patch+json",
            br#"{"metadata":{"labels":{"a":"b","gone":null}}}"#,
        ),
        (Patch::strategic_merge_from(&typed).unwrap(), "application/strategic-merge-patch+json", &typed_body),
    ] {
        assert_eq!(patch.data(), body, "{}", String::from_utf8_lossy(patch.data()));
        api.patch("a", &patch, &PatchOptions::default()).await.unwrap();
        let req = mock.requests().pop().unwrap();
        assert_eq!(req.method, Method::PATCH);
        assert_eq!(req.header(CONTENT_TYPE), ct);
        assert_eq!(req.body.as_ref(), body);
    }
    // A map whose keys are not strings has no JSON form: the caller's error, before any request.
    let bad: std::collections::BTreeMap<Vec<u8>, i32> = [(vec![1], 1)].into();
    assert!(matches!(Patch::merge_from(&bad), Err(Error::InvalidRequest(m)) if m.contains("key must be a string")));
}

/// The issue's probe: an apply configuration with one webhook sends exactly what was set, where
/// the whole typed object sent `"clientConfig":{}`, `"sideEffects":null` and
/// `"admissionReviewVersions":null` for the manager to own.
#[tokio::test]
async fn apply_sends_only_the_fields_set() {
    use kapi_api::admissionregistration::v1::{
        MutatingWebhookApplyConfiguration, MutatingWebhookConfiguration, MutatingWebhookConfigurationApplyConfiguration,
    };
    let mock = Mock::new(|_, _| {
        let mut out = MutatingWebhookConfiguration::default();
        out.metadata.name = "probe".into();
        json(&out)
    });
    let api = client(&mock).api::<MutatingWebhookConfiguration>();
    let config = MutatingWebhookConfigurationApplyConfiguration::new("probe")
        .with_labels([("team", "a")])
        .with_webhooks([MutatingWebhookApplyConfiguration::default().with_name("w.example.com")]);
    let opts = ApplyOptions { field_manager: "probe".into(), ..Default::default() };
    assert_eq!(api.apply(&config, &opts).await.unwrap().metadata.name, "probe");
    let req = mock.requests().pop().unwrap();
    assert_eq!(req.method, Method::PATCH);
    assert_eq!(
        req.uri,
        format!("{BASE}/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/probe?fieldManager=probe")
    );
    assert_eq!(req.header(CONTENT_TYPE), "application/apply-patch+yaml");
    assert_eq!(
        std::str::from_utf8(&req.body).unwrap(),
        r#"{"kind":"MutatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1","metadata":{"name":"probe","labels":{"team":"a"}},"webhooks":[{"name":"w.example.com"}]}"#
    );

    // What a configuration must carry is checked before anything is sent.
    let no_name = MutatingWebhookConfigurationApplyConfiguration::default()
        .with_kind("MutatingWebhookConfiguration")
        .with_api_version("admissionregistration.k8s.io/v1");
    assert!(matches!(api.apply(&no_name, &opts).await, Err(Error::InvalidRequest(m)) if m.contains("metadata.name")));
    let no_kind = MutatingWebhookConfigurationApplyConfiguration::default().with_name("x");
    assert!(matches!(api.apply(&no_kind, &opts).await, Err(Error::InvalidRequest(m)) if m.contains("apiVersion")));
    assert!(matches!(api.apply(&config, &ApplyOptions::default()).await, Err(Error::InvalidRequest(_))));
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn error_responses() {
    let mock = Mock::new(|_, n| match n {
        0 => reply(404, "application/json", encode(&status(404, "Failure", "NotFound"), Format::Json)),
        1 => json(&status(409, "Failure", "AlreadyExists")),
        2 => json(&status(200, "Success", "")),
        3 => reply(200, "application/json", "{not json"),
        4 => reply(200, "application/json", encode(&widget("ns", "w"), Format::Json)),
        _ => reply(500, "text/plain", "boom"),
    });
    let api = client(&mock).api::<Vwc>();
    let opts = GetOptions::default();
    let get = || api.get("a", &opts);
    assert!(get().await.unwrap_err().is_not_found());
    let err = get().await.unwrap_err();
    assert!(err.is_already_exists());
    assert_eq!(err.status().unwrap().code, 409);
    assert!(
        matches!(get().await, Err(Error::Decode { source, .. }) if source.to_string().contains("returned a Status"))
    );
    let err = get().await.unwrap_err();
    assert!(matches!(&err, Error::Decode { context, .. } if context.contains(VWC_PATH)), "{err:?}");
    // The codec's error is the source, and its text is in the message too.
    let source = std::error::Error::source(&err).expect("a decode error has a source");
    let cause = source.downcast_ref::<kapi_machinery::DecodeError>().expect("the codec's own error");
    assert!(err.to_string().ends_with(&cause.to_string()), "{err}");
    assert!(matches!(get().await, Err(Error::Decode { source, .. }) if source.to_string().contains("Widget")));
    let err = get().await.unwrap_err();
    assert_eq!(err.status().unwrap().reason(), "InternalError");

    struct Down;
    impl Service for Down {
        fn call(&self, _r: http::Request<Bytes>) -> ResponseFuture<'_> {
            Box::pin(async { Err(Error::Transport("connection refused".into())) })
        }
    }
    let down = Client::new(Arc::new(Down), BASE).unwrap();
    let err = down.api::<Vwc>().get("a", &GetOptions::default()).await.unwrap_err();
    assert!(matches!(err, Error::Transport(_)));
}

#[tokio::test]
async fn warnings_reach_the_handler_and_the_caller() {
    let mock = Mock::new(|_, n| {
        let mut resp = if n < 2 {
            json(&vwc("a", "1"))
        } else {
            reply(400, "application/json", encode(&status(400, "Failure", "BadRequest"), Format::Json))
        };
        let h = resp.headers_mut();
        h.append(WARNING, r#"299 - "unknown field \"spec.x\"""#.parse().unwrap());
        h.append(WARNING, r#"299 - "duplicate field \"a\"", 199 - "not for us""#.parse().unwrap());
        resp
    });
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let s = seen.clone();
    let c = Client::new(mock.clone(), BASE)
        .unwrap()
        .with_warning_handler(move |w: &str| s.lock().unwrap().push(w.to_owned()));
    let api = c.api::<Vwc>();
    let resp = api.create_with_warnings(&vwc("a", ""), &CreateOptions::default()).await.unwrap();
    assert_eq!(resp.value.metadata.name, "a");
    assert_eq!(resp.warnings, [r#"unknown field "spec.x""#, r#"duplicate field "a""#]);
    api.get("a", &GetOptions::default()).await.unwrap();
    assert!(api.update(&vwc("a", "1"), &UpdateOptions::default()).await.unwrap_err().is_bad_request());
    assert_eq!(seen.lock().unwrap().len(), 6, "three calls, two warnings each: {:?}", seen.lock().unwrap());
}

async fn via_list_watch<L: ListWatch<Vwc>>(lw: &L) -> (usize, bool) {
    let list = lw.list(ListOptions::default()).await.unwrap();
    let mut stream = lw.watch(ListOptions::default()).await.unwrap();
    (list.items().len(), next(&mut stream).await.is_none())
}

#[tokio::test]
async fn api_implements_list_watch() {
    let mock = Mock::new(|req, _| {
        if req.uri.contains("watch=true") {
            reply(200, "application/json", "")
        } else {
            json(&vwc_list(vec![vwc("a", "1"), vwc("b", "1")], "1", ""))
        }
    });
    let api = client(&mock).api::<Vwc>();
    assert_eq!(via_list_watch(&api).await, (2, true));
    let reqs = mock.requests();
    assert_eq!(reqs[0].uri, format!("{BASE}{VWC_PATH}"));
    assert_eq!(reqs[1].uri, format!("{BASE}{VWC_PATH}?watch=true"));
}
