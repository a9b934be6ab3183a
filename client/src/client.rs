//! The typed client: [`Client`] (a server URL, a [`Service`] that answers requests, content-type
//! preference and a warning handler) and [`Api`], the verbs of one resource in one scope.
//!
//! Every verb has a `*_with_warnings` twin returning a [`Response`] that carries the `Warning`
//! headers of that call beside the value; the plain verb returns the value alone. Warnings are
//! delivered to the client's [`WarningHandler`] either way.

use std::collections::HashSet;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, PoisonError};

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use http::{HeaderMap, Method, StatusCode};
use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, STATUS_FAILURE, Status,
    UpdateOptions,
};
use kapi_machinery::budget::DecodeLimits;
use kapi_machinery::serializer::{MEDIA_TYPE_JSON, MEDIA_TYPE_PROTOBUF};
use kapi_machinery::{
    ApplyConfiguration, Format, GroupVersionKind, Kind, Object, Options, Scheme, Serializer, VersionedKind,
};

use crate::body::{self, Body};
use crate::config::Config;
use crate::metadata::{self, PartialObjectMeta, PartialObjectMetaList};
use crate::options::{Query, QueryParams};
use crate::resource::{ClusterResourceScope, NamespaceResourceScope, ResourceScope};
use crate::service::Service;
use crate::transport::Transport;
use crate::warning::{LogWarnings, WarningHandler, warnings_from_headers};
use crate::{
    Error, EventStream, GroupVersionResource, ListResource, ListWatch, Listable, Resource, StatusError, StatusErrorExt,
};

/// The `Accept` header of requests for resources served in protobuf.
pub const ACCEPT_PROTOBUF_OR_JSON: &str = "application/vnd.kubernetes.protobuf, application/json";
/// The content type of server-side apply patches.
pub const APPLY_PATCH_CONTENT_TYPE: &str = "application/apply-patch+yaml";

/// Which encoding the client prefers for resources that support protobuf.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ContentType {
    /// Protobuf for resources whose `PROTOBUF` is true, JSON otherwise (the default).
    #[default]
    Protobuf,
    /// JSON always.
    Json,
}

/// A connection to an API server: the base URL, the service requests go through, the encoding
/// preference and the warning handler. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    base_url: Arc<str>,
    service: Arc<dyn Service>,
    content_type: ContentType,
    warnings: Arc<dyn WarningHandler>,
    namespace: Arc<str>,
    /// Resources whose server refused protobuf (406/415); they use JSON from then on.
    json_only: Arc<Mutex<HashSet<GroupVersionResource>>>,
    /// The storage each decoded response may allocate for its lists and maps.
    decode_limits: DecodeLimits,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.base_url)
            .field("content_type", &self.content_type)
            .field("namespace", &self.namespace)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A client sending requests for `base_url` (`http(s)://host[:port][/prefix]`) to a service:
    /// the HTTPS [`Transport`] or an in-process server. Warnings go to standard error until
    /// another handler is set.
    pub fn new(service: Arc<dyn Service>, base_url: &str) -> Result<Client, Error> {
        crate::config::parse_base_url(base_url)?;
        Ok(Client {
            base_url: Arc::from(base_url.trim_end_matches('/')),
            service,
            content_type: ContentType::default(),
            warnings: Arc::new(LogWarnings),
            namespace: Arc::from(crate::config::DEFAULT_NAMESPACE),
            json_only: Arc::default(),
            decode_limits: DecodeLimits::DEFAULT,
        })
    }

    /// A client over the HTTPS transport of a configuration; its default namespace is the
    /// configuration's.
    pub fn try_from_config(config: &Config) -> Result<Client, Error> {
        let transport = Transport::new(config)?;
        Ok(Client::new(Arc::new(transport), &config.base_url)?
            .with_default_namespace(&config.namespace)
            .with_decode_limits(config.limits.decode))
    }

    /// A client from [`Config::infer`] (the default kubeconfig, else in-cluster).
    pub fn infer() -> Result<Client, Error> {
        Client::try_from_config(&Config::infer()?)
    }

    /// Sets the encoding preference.
    pub fn with_content_type(mut self, content_type: ContentType) -> Client {
        self.content_type = content_type;
        self
    }

    /// Sets the handler that receives every warning.
    pub fn with_warning_handler(mut self, handler: impl WarningHandler) -> Client {
        self.warnings = Arc::new(handler);
        self
    }

    /// Sets the namespace [`Client::default_namespaced`] uses.
    pub fn with_default_namespace(mut self, namespace: &str) -> Client {
        self.namespace = Arc::from(namespace);
        self
    }

    /// Sets the decoding budget of every response and watch event (see
    /// [`kapi_machinery::budget`]); [`Limits::decode`](crate::config::Limits::decode) for a client
    /// made from a configuration.
    pub fn with_decode_limits(mut self, limits: DecodeLimits) -> Client {
        self.decode_limits = limits;
        self
    }

    /// The base URL (without a trailing slash).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The namespace of [`Client::default_namespaced`].
    pub fn default_namespace(&self) -> &str {
        &self.namespace
    }

    /// The service requests go through.
    pub fn service(&self) -> &Arc<dyn Service> {
        &self.service
    }

    /// The verbs of a cluster-scoped resource ([`Api::all`]); a namespaced resource does not
    /// compile here (use [`Client::namespaced`] or [`Client::all_namespaces`]).
    pub fn api<R: Resource<Scope = ClusterResourceScope>>(&self) -> Api<R> {
        Api::all(self.clone())
    }

    /// The verbs of a namespaced resource in one namespace ([`Api::namespaced`]). The namespace
    /// is checked as a path segment when a request is made.
    pub fn namespaced<R: Resource<Scope = NamespaceResourceScope>>(&self, namespace: &str) -> Api<R> {
        Api::namespaced(self.clone(), namespace)
    }

    /// The verbs of a namespaced resource in the client's default namespace.
    pub fn default_namespaced<R: Resource<Scope = NamespaceResourceScope>>(&self) -> Api<R> {
        Api::default_namespaced(self.clone())
    }

    /// A namespaced resource across all namespaces ([`Api::all`]): only `list` and `watch` (and
    /// `list_all`, `delete_collection` is refused) work.
    pub fn all_namespaces<R: Resource<Scope = NamespaceResourceScope>>(&self) -> Api<R> {
        Api::all(self.clone())
    }

    fn prefers_protobuf(&self, gvr: &GroupVersionResource) -> bool {
        self.content_type == ContentType::Protobuf
            && !self.json_only.lock().unwrap_or_else(PoisonError::into_inner).contains(gvr)
    }

    fn fall_back_to_json(&self, gvr: &GroupVersionResource) {
        self.json_only.lock().unwrap_or_else(PoisonError::into_inner).insert(gvr.clone());
    }

    pub(crate) fn deliver_warnings(&self, headers: &HeaderMap, into: &mut Vec<String>) {
        for w in warnings_from_headers(headers) {
            if w.code == 299 {
                self.warnings.handle_warning(&w.text);
                into.push(w.text);
            }
        }
    }
}

/// A value and the warnings the server sent with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Response<T> {
    /// The decoded response.
    pub value: T,
    /// The texts of the `Warning` headers (code 299), in order.
    pub warnings: Vec<String>,
}

impl<T> Response<T> {
    /// Converts the value, keeping the warnings.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Response<U> {
        Response { value: f(self.value), warnings: self.warnings }
    }
}

/// What a delete returns: the object (when deletion is pending, e.g. on finalizers or a grace
/// period) or a success `Status` (when it is gone).
#[derive(Debug, Clone, PartialEq)]
pub enum DeleteResponse<T> {
    /// The object in its state after the call.
    Object(T),
    /// The server's `Status`.
    Status(Box<Status>),
}

/// A patch document and its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Patch {
    /// RFC 6902 JSON patch (`application/json-patch+json`).
    Json(Vec<u8>),
    /// RFC 7386 JSON merge patch (`application/merge-patch+json`).
    Merge(Vec<u8>),
    /// Strategic merge patch (`application/strategic-merge-patch+json`; built-in types only).
    StrategicMerge(Vec<u8>),
}

impl Patch {
    /// The request content type.
    pub fn content_type(&self) -> &'static str {
        match self {
            Patch::Json(_) => "application/json-patch+json",
            Patch::Merge(_) => "application/merge-patch+json",
            Patch::StrategicMerge(_) => "application/strategic-merge-patch+json",
        }
    }

    /// The patch document.
    pub fn data(&self) -> &[u8] {
        match self {
            Patch::Json(d) | Patch::Merge(d) | Patch::StrategicMerge(d) => d,
        }
    }
}

/// Patch documents from serde data (feature `serde`): a `serde_json::Value` (`json!`), a kapi
/// object, or any other `Serialize` type.
#[cfg(feature = "serde")]
impl Patch {
    /// An RFC 6902 JSON patch, e.g. `json!([{"op": "replace", "path": "/spec/replicas", "value": 3}])`.
    pub fn json_from<T: kapi_machinery::serde_codec::serde::Serialize + ?Sized>(doc: &T) -> Result<Patch, Error> {
        Ok(Patch::Json(patch_bytes(doc)?))
    }

    /// An RFC 7386 JSON merge patch, e.g. `json!({"metadata": {"labels": {"app": null}}})`.
    pub fn merge_from<T: kapi_machinery::serde_codec::serde::Serialize + ?Sized>(doc: &T) -> Result<Patch, Error> {
        Ok(Patch::Merge(patch_bytes(doc)?))
    }

    /// A strategic merge patch (built-in types only).
    pub fn strategic_merge_from<T: kapi_machinery::serde_codec::serde::Serialize + ?Sized>(
        doc: &T,
    ) -> Result<Patch, Error> {
        Ok(Patch::StrategicMerge(patch_bytes(doc)?))
    }
}

/// A patch document's JSON; a value serde_json cannot write (a map with non-string keys, a
/// non-finite float) is the caller's error.
#[cfg(feature = "serde")]
fn patch_bytes<T: kapi_machinery::serde_codec::serde::Serialize + ?Sized>(doc: &T) -> Result<Vec<u8>, Error> {
    serde_json::to_vec(doc)
        .map_err(|e| Error::InvalidRequest(format!("the patch document cannot be written as JSON: {e}")))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    Cluster,
    Namespace(String),
    AllNamespaces,
}

/// The verbs of resource `R` in one scope (cluster, a namespace, or all namespaces).
///
/// The resource's scope is part of its type, so only the constructors that fit it exist:
/// `Api::<Pod>::namespaced(client, "ns")` and `Api::<Node>::all(client)` compile,
/// `Api::<Node>::namespaced(client, "ns")` does not.
pub struct Api<R> {
    client: Client,
    scope: Scope,
    _r: PhantomData<fn() -> R>,
}

impl<R> Clone for Api<R> {
    fn clone(&self) -> Self {
        Api { client: self.client.clone(), scope: self.scope.clone(), _r: PhantomData }
    }
}

impl<R: Resource> std::fmt::Debug for Api<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api").field("resource", &R::RESOURCE).field("scope", &self.scope).finish_non_exhaustive()
    }
}

/// Names in URL paths follow upstream's `IsValidPathSegmentName`.
pub(crate) fn check_segment(what: &str, s: &str) -> Result<(), Error> {
    if s.is_empty() {
        return Err(Error::InvalidRequest(format!("the {what} must not be empty")));
    }
    if s == "." || s == ".." || s.contains('/') || s.contains('%') {
        return Err(Error::InvalidRequest(format!("the {what} {s:?} may not be '.', '..' or contain '/' or '%'")));
    }
    Ok(())
}

/// Percent-encodes a path segment (bytes other than unreserved and sub-delimiters).
pub(crate) fn escape_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

enum Payload<'a> {
    None,
    /// An object, encoded in the negotiated format.
    Object(&'a dyn Object),
    /// Bytes of a fixed content type.
    Raw(&'static str, Bytes),
}

struct Call<'a> {
    /// The answer is a list (a list or a delete-collection), not one object: what a
    /// metadata-only request asks for (`PartialObjectMetadataList` or `PartialObjectMetadata`).
    list: bool,
    method: Method,
    path: String,
    query: Query,
    payload: Payload<'a>,
}

/// A response whose body is not read yet.
struct RawResponse {
    status: StatusCode,
    headers: HeaderMap,
    body: Body,
    warnings: Vec<String>,
    context: String,
}

enum Outcome<T> {
    Object(T),
    Status(Box<Status>),
}

fn encode_object(obj: &dyn Object, protobuf: bool) -> Result<(Bytes, &'static str), Error> {
    let mut copy = obj.deep_copy_object();
    copy.set_registered_type_meta();
    let scheme = Scheme::new();
    let (format, media) =
        if protobuf { (Format::Protobuf, MEDIA_TYPE_PROTOBUF) } else { (Format::Json, MEDIA_TYPE_JSON) };
    let data = Serializer::new(&scheme, format, Options::default())
        .encode(copy.as_ref())
        .map_err(|e| Error::Encode(e.into()))?;
    Ok((Bytes::from(data), media))
}

fn content_type_of(headers: &HeaderMap) -> &str {
    headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// Decodes a 2xx body as `T` or a `Status`, by the response content type.
/// The error a failure `Status` in a 2xx response stands for, with the code it names (the HTTP
/// code when it names none) and the delay it asks for.
fn failure_in_success(mut status: Status, http_code: u16, headers: &HeaderMap) -> Error {
    let code = u16::try_from(status.code).ok().filter(|c| (100..600).contains(c)).unwrap_or(http_code);
    if status.code == 0 {
        status.code = i32::from(code);
    }
    let retry_after = crate::error::retry_after_header(headers).or_else(|| {
        status
            .details
            .as_ref()
            .filter(|d| d.retry_after_seconds > 0)
            .map(|d| std::time::Duration::from_secs(d.retry_after_seconds.unsigned_abs().into()))
    });
    Error::Api(Box::new(StatusError { code, status, retry_after }))
}

fn decode_outcome<T: Kind>(
    headers: &HeaderMap,
    data: &[u8],
    context: &str,
    limits: DecodeLimits,
    also_as: Option<GroupVersionKind>,
) -> Result<Outcome<T>, Error> {
    let fail = |source: crate::error::BoxError| Error::Decode { context: context.to_owned(), source };
    let mut scheme = Scheme::new();
    scheme.add_known_type::<T>().map_err(|e| fail(e.into()))?;
    if let Some(gvk) = also_as {
        scheme.add_known_type_as::<T>(gvk).map_err(|e| fail(e.into()))?;
    }
    scheme.add_known_type::<Status>().map_err(|e| fail(e.into()))?;
    let ct = content_type_of(headers);
    let media = if ct.trim().is_empty() {
        if data.starts_with(kapi_machinery::proto::PROTOBUF_MAGIC) { MEDIA_TYPE_PROTOBUF } else { MEDIA_TYPE_JSON }
    } else {
        ct
    };
    let options = Options { decode_limits: limits, ..Options::default() };
    let ser = Serializer::for_media_type(&scheme, media, options).map_err(|e| fail(e.into()))?;
    let decoded = ser.decode(data, Some(&T::static_gvk())).map_err(|e| fail(e.into()))?;
    let gvk = decoded.gvk;
    let any = decoded.object.into_any();
    let any = match any.downcast::<T>() {
        Ok(obj) => return Ok(Outcome::Object(*obj)),
        Err(any) => any,
    };
    match any.downcast::<Status>() {
        Ok(status) => Ok(Outcome::Status(status)),
        Err(_) => Err(fail(format!("expected kind {}, found {gvk}", T::static_gvk()).into())),
    }
}

impl<R: Resource<Scope = NamespaceResourceScope>> Api<R> {
    /// The objects of one namespace. The namespace is checked as a path segment (not empty, no
    /// `/`, `%`, `.` or `..`) when a request is made, which then fails with
    /// [`Error::InvalidRequest`].
    pub fn namespaced(client: Client, namespace: &str) -> Api<R> {
        Api::new(client, Scope::Namespace(namespace.to_owned()))
    }

    /// The objects of the client's default namespace (the kubeconfig context's, the service
    /// account's, or `default`).
    pub fn default_namespaced(client: Client) -> Api<R> {
        let ns = client.namespace.clone();
        Api::namespaced(client, &ns)
    }
}

impl<R: Resource> Api<R> {
    fn new(client: Client, scope: Scope) -> Api<R> {
        Api { client, scope, _r: PhantomData }
    }

    /// Every object of the resource: a cluster-scoped resource, or a namespaced one across all
    /// namespaces (then only `list`, `list_all` and `watch` work, as objects are addressed in a
    /// namespace).
    pub fn all(client: Client) -> Api<R> {
        let scope = if R::Scope::NAMESPACED { Scope::AllNamespaces } else { Scope::Cluster };
        Api::new(client, scope)
    }

    /// The client.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The namespace, for a namespaced resource in one namespace.
    pub fn namespace(&self) -> Option<&str> {
        match &self.scope {
            Scope::Namespace(ns) => Some(ns),
            _ => None,
        }
    }

    /// The same resource and scope, read metadata-only: gets, lists, watches, patches and
    /// deletes answered with `PartialObjectMetadata` (see [`crate::metadata`]). Informers,
    /// watchers and controllers over it cache only the objects' metadata.
    pub fn metadata(&self) -> Api<PartialObjectMeta<R>> {
        Api { client: self.client.clone(), scope: self.scope.clone(), _r: PhantomData }
    }

    /// Reads an object's metadata only (kube-rs's `get_metadata`; `self.metadata().get(…)`).
    pub async fn get_metadata(&self, name: &str, options: &GetOptions) -> Result<PartialObjectMeta<R>, Error> {
        self.metadata().get(name, options).await
    }

    /// Watches the objects' metadata only (kube-rs's `watch_metadata`; `self.metadata().watch(…)`).
    pub async fn watch_metadata(&self, options: &ListOptions) -> Result<EventStream<PartialObjectMeta<R>>, Error> {
        self.metadata().watch(options).await
    }

    fn gvr() -> GroupVersionResource {
        GroupVersionResource::new(R::GROUP, R::VERSION, R::RESOURCE)
    }

    fn check_verb(verb: &str) -> Result<(), Error> {
        if !R::VERBS.contains(&verb) {
            return Err(Error::InvalidRequest(format!("{} does not support the verb {verb:?}", Self::gvr_text())));
        }
        if R::METADATA_ONLY && !metadata::METADATA_VERBS.contains(&verb) {
            return Err(Self::not_metadata_only(verb));
        }
        Ok(())
    }

    /// A request that sends an object (or reads a subresource) cannot be metadata-only.
    fn not_metadata_only(what: &str) -> Error {
        Error::InvalidRequest(format!(
            "{what} of {} is not a metadata-only request (`Api<PartialObjectMeta<_>>` gets, lists, watches, patches and deletes); use the `Api` of the kind itself",
            Self::gvr_text()
        ))
    }

    /// Checks that a subresource exists and is served with a verb.
    fn check_subresource_verb(subresource: &str, verb: &str) -> Result<(), Error> {
        if R::METADATA_ONLY {
            return Err(Self::not_metadata_only(&format!("{verb} of the subresource {subresource:?}")));
        }
        match R::SUBRESOURCES.iter().find(|s| s.name == subresource) {
            None => Err(Error::InvalidRequest(format!("{} has no subresource {subresource:?}", Self::gvr_text()))),
            Some(s) if !s.supports(verb) => Err(Error::InvalidRequest(format!(
                "the subresource {subresource:?} of {} does not support the verb {verb:?}",
                Self::gvr_text()
            ))),
            Some(_) => Ok(()),
        }
    }

    fn gvr_text() -> String {
        if R::GROUP.is_empty() {
            format!("{}/{}", R::VERSION, R::RESOURCE)
        } else {
            format!("{}/{}/{}", R::GROUP, R::VERSION, R::RESOURCE)
        }
    }

    /// The URL path of the collection, checking the namespace.
    pub fn collection_path(&self) -> Result<String, Error> {
        let mut path = Self::gvr().prefix();
        if let Scope::Namespace(ns) = &self.scope {
            check_segment("namespace", ns)?;
            path.push_str("/namespaces/");
            path.push_str(&escape_segment(ns));
        }
        path.push('/');
        path.push_str(R::RESOURCE);
        Ok(path)
    }

    /// The URL path of one object (and optionally a subresource), checking the names.
    pub fn item_path(&self, name: &str, subresource: Option<&str>) -> Result<String, Error> {
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest(format!(
                "{} objects are addressed in a namespace; this Api spans all namespaces",
                R::RESOURCE
            )));
        }
        check_segment("name", name)?;
        let mut path = self.collection_path()?;
        path.push('/');
        path.push_str(&escape_segment(name));
        if let Some(sub) = subresource {
            check_segment("subresource", sub)?;
            if !R::SUBRESOURCES.iter().any(|s| s.name == sub) {
                return Err(Error::InvalidRequest(format!("{} has no subresource {sub:?}", Self::gvr_text())));
            }
            path.push('/');
            path.push_str(sub);
        }
        Ok(path)
    }

    fn check_object_namespace(&self, meta_namespace: &str) -> Result<(), Error> {
        if let Scope::Namespace(ns) = &self.scope
            && !meta_namespace.is_empty()
            && meta_namespace != ns
        {
            return Err(Error::InvalidRequest(format!(
                "the object's namespace {meta_namespace:?} does not match the namespace {ns:?} of the request"
            )));
        }
        Ok(())
    }

    /// Sends a call, negotiating protobuf: when the server answers 406 to a protobuf `Accept` or
    /// 415 to a protobuf body, the call is repeated in JSON and the resource uses JSON from then
    /// on.
    async fn execute(&self, call: Call<'_>) -> Result<RawResponse, Error> {
        let gvr = Self::gvr();
        let mut protobuf = R::PROTOBUF && self.client.prefers_protobuf(&gvr);
        let mut url = format!("{}{}", self.client.base_url, call.path);
        if !call.query.is_empty() {
            url.push('?');
            url.push_str(&call.query.encode());
        }
        let context = format!("{} {url}", call.method);
        let mut warnings = Vec::new();
        loop {
            let accept = match (R::METADATA_ONLY, call.list, protobuf) {
                (false, _, true) => ACCEPT_PROTOBUF_OR_JSON,
                (false, _, false) => MEDIA_TYPE_JSON,
                (true, false, true) => metadata::ACCEPT_ITEM_PROTOBUF,
                (true, false, false) => metadata::ACCEPT_ITEM_JSON,
                (true, true, true) => metadata::ACCEPT_LIST_PROTOBUF,
                (true, true, false) => metadata::ACCEPT_LIST_JSON,
            };
            let mut builder = http::Request::builder().method(call.method.clone()).uri(&url).header(ACCEPT, accept);
            let (body, sent_protobuf) = match &call.payload {
                Payload::None => (Bytes::new(), false),
                Payload::Object(obj) => {
                    let (data, media) = encode_object(*obj, protobuf)?;
                    builder = builder.header(CONTENT_TYPE, media);
                    (data, protobuf)
                }
                Payload::Raw(media, data) => {
                    builder = builder.header(CONTENT_TYPE, *media);
                    (data.clone(), false)
                }
            };
            let request = builder.body(body).map_err(|e| Error::InvalidRequest(format!("{context}: {e}")))?;
            let response = self.client.service.call(request).await?;
            let (parts, body) = response.into_parts();
            self.client.deliver_warnings(&parts.headers, &mut warnings);
            let refused = parts.status == StatusCode::NOT_ACCEPTABLE
                || (parts.status == StatusCode::UNSUPPORTED_MEDIA_TYPE && sent_protobuf);
            if protobuf && refused {
                self.client.fall_back_to_json(&gvr);
                protobuf = false;
                continue;
            }
            return Ok(RawResponse { status: parts.status, headers: parts.headers, body, warnings, context });
        }
    }

    /// Reads the whole body; non-2xx becomes [`Error::Api`].
    async fn read(&self, raw: RawResponse) -> Result<(HeaderMap, Bytes, Vec<String>, String), Error> {
        let data = body::collect(raw.body).await.map_err(|e| Error::from_body(&raw.context, e))?;
        if !raw.status.is_success() {
            return Err(Error::Api(Box::new(StatusError::from_response(raw.status.as_u16(), &raw.headers, &data))));
        }
        Ok((raw.headers, data, raw.warnings, raw.context))
    }

    /// The error of a non-2xx response (reading its body).
    async fn error_of(&self, raw: RawResponse) -> Error {
        let code = raw.status.as_u16();
        match body::collect(raw.body).await {
            Ok(data) => Error::Api(Box::new(StatusError::from_response(code, &raw.headers, &data))),
            Err(e) => Error::from_body(&raw.context, e),
        }
    }

    /// Runs a call and decodes `T` or a `Status`; a `Failure` status is an error.
    async fn call_outcome<T: Kind>(&self, call: Call<'_>) -> Result<Response<Outcome<T>>, Error> {
        // A metadata-only answer is a `meta.k8s.io` kind, decoded into `T` (which stands for it).
        let also_as = R::METADATA_ONLY.then(|| metadata::partial_gvk(call.list));
        let raw = self.execute(call).await?;
        let http_code = raw.status.as_u16();
        let (headers, data, warnings, context) = self.read(raw).await?;
        let outcome = decode_outcome::<T>(&headers, &data, &context, self.client.decode_limits, also_as)?;
        let failed = match &outcome {
            // A failure `Status` in a 2xx response is still a failure, with the code it names.
            Outcome::Status(status) => Some(&**status),
            // Also when a `Status` is the kind asked for (an eviction's answer), as client-go reads it.
            Outcome::Object(obj) => (obj as &dyn std::any::Any).downcast_ref::<Status>(),
        };
        match failed {
            Some(status) if status.status == STATUS_FAILURE => {
                Err(failure_in_success(status.clone(), http_code, &headers))
            }
            _ => Ok(Response { value: outcome, warnings }),
        }
    }

    /// Runs a call that must return a `T`.
    async fn call_typed<T: Kind>(&self, call: Call<'_>) -> Result<Response<T>, Error> {
        let context = format!("{} {}", call.method, call.path);
        let resp = self.call_outcome::<T>(call).await?;
        match resp.value {
            Outcome::Object(v) => Ok(Response { value: v, warnings: resp.warnings }),
            Outcome::Status(s) => Err(Error::Decode {
                context,
                source: format!("expected kind {}, the server returned a Status: {}", T::static_gvk(), s.message)
                    .into(),
            }),
        }
    }

    /// Creates an object (`POST` to the collection).
    pub async fn create(&self, obj: &R, options: &CreateOptions) -> Result<R, Error> {
        Ok(self.create_with_warnings(obj, options).await?.value)
    }

    /// [`Api::create`] with the call's warnings.
    pub async fn create_with_warnings(&self, obj: &R, options: &CreateOptions) -> Result<Response<R>, Error> {
        Self::check_verb("create")?;
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest("create needs a namespace; this Api spans all namespaces".into()));
        }
        self.check_object_namespace(&obj.metadata().namespace)?;
        let call = Call {
            list: false,
            method: Method::POST,
            path: self.collection_path()?,
            query: query_of(options),
            payload: Payload::Object(obj),
        };
        self.call_typed(call).await
    }

    /// Replaces an object (`PUT`), named by its `metadata.name`.
    pub async fn update(&self, obj: &R, options: &UpdateOptions) -> Result<R, Error> {
        Ok(self.update_with_warnings(obj, options).await?.value)
    }

    /// [`Api::update`] with the call's warnings.
    pub async fn update_with_warnings(&self, obj: &R, options: &UpdateOptions) -> Result<Response<R>, Error> {
        Self::check_verb("update")?;
        self.check_object_namespace(&obj.metadata().namespace)?;
        let path = self.item_path(&obj.metadata().name, None)?;
        let call =
            Call { list: false, method: Method::PUT, path, query: query_of(options), payload: Payload::Object(obj) };
        self.call_typed(call).await
    }

    /// Replaces the `status` subresource of an object, named by its `metadata.name`.
    pub async fn update_status(&self, obj: &R, options: &UpdateOptions) -> Result<R, Error> {
        Ok(self.update_status_with_warnings(obj, options).await?.value)
    }

    /// [`Api::update_status`] with the call's warnings.
    pub async fn update_status_with_warnings(&self, obj: &R, options: &UpdateOptions) -> Result<Response<R>, Error> {
        self.check_object_namespace(&obj.metadata().namespace)?;
        self.update_subresource_with_warnings(&obj.metadata().name, "status", obj, options).await
    }

    /// Replaces a subresource (`PUT …/name/<subresource>`); the body and result are of kind `S`
    /// (`R` itself for `status`, e.g. `Scale` for `scale`).
    pub async fn update_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        obj: &S,
        options: &UpdateOptions,
    ) -> Result<S, Error> {
        Ok(self.update_subresource_with_warnings(name, subresource, obj, options).await?.value)
    }

    /// [`Api::update_subresource`] with the call's warnings.
    pub async fn update_subresource_with_warnings<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        obj: &S,
        options: &UpdateOptions,
    ) -> Result<Response<S>, Error> {
        Self::check_subresource_verb(subresource, "update")?;
        let path = self.item_path(name, Some(subresource))?;
        let call =
            Call { list: false, method: Method::PUT, path, query: query_of(options), payload: Payload::Object(obj) };
        self.call_typed(call).await
    }

    /// Posts a body to a subresource (`POST …/name/<subresource>`): a `TokenRequest` to
    /// `serviceaccounts/<name>/token`, an `Eviction` to `pods/<name>/eviction`. The body is of
    /// kind `I`, the answer of kind `O` (a `Status` for evictions and bindings).
    pub async fn create_subresource<I: Kind, O: Kind>(
        &self,
        name: &str,
        subresource: &str,
        obj: &I,
        options: &CreateOptions,
    ) -> Result<O, Error> {
        Ok(self.create_subresource_with_warnings(name, subresource, obj, options).await?.value)
    }

    /// [`Api::create_subresource`] with the call's warnings.
    pub async fn create_subresource_with_warnings<I: Kind, O: Kind>(
        &self,
        name: &str,
        subresource: &str,
        obj: &I,
        options: &CreateOptions,
    ) -> Result<Response<O>, Error> {
        Self::check_subresource_verb(subresource, "create")?;
        let path = self.item_path(name, Some(subresource))?;
        let call =
            Call { list: false, method: Method::POST, path, query: query_of(options), payload: Payload::Object(obj) };
        self.call_typed(call).await
    }

    /// Patches a subresource (`PATCH …/name/<subresource>`); the patch applies to, and the answer
    /// is, the subresource's kind `S` (`Scale` for `scale`).
    pub async fn patch_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        patch: &Patch,
        options: &PatchOptions,
    ) -> Result<S, Error> {
        Ok(self.patch_subresource_with_warnings(name, subresource, patch, options).await?.value)
    }

    /// [`Api::patch_subresource`] with the call's warnings.
    pub async fn patch_subresource_with_warnings<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        patch: &Patch,
        options: &PatchOptions,
    ) -> Result<Response<S>, Error> {
        Self::check_subresource_verb(subresource, "patch")?;
        let path = self.item_path(name, Some(subresource))?;
        let payload = Payload::Raw(patch.content_type(), Bytes::copy_from_slice(patch.data()));
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }

    /// Server-side apply to a subresource: sends an apply configuration of the subresource's
    /// kind (a `ScaleApplyConfiguration` for `scale`) as an `application/apply-patch+yaml` patch,
    /// only the fields set. `options.field_manager` is required; the configuration's name, if
    /// set, must be `name`.
    pub async fn apply_subresource<A: ApplyConfiguration>(
        &self,
        name: &str,
        subresource: &str,
        config: &A,
        options: &ApplyOptions,
    ) -> Result<A::Kind, Error>
    where
        A::Kind: VersionedKind,
    {
        Ok(self.apply_subresource_with_warnings(name, subresource, config, options).await?.value)
    }

    /// [`Api::apply_subresource`] with the call's warnings.
    pub async fn apply_subresource_with_warnings<A: ApplyConfiguration>(
        &self,
        name: &str,
        subresource: &str,
        config: &A,
        options: &ApplyOptions,
    ) -> Result<Response<A::Kind>, Error>
    where
        A::Kind: VersionedKind,
    {
        Self::check_subresource_verb(subresource, "apply")?;
        if options.field_manager.is_empty() {
            return Err(Error::InvalidRequest("apply needs ApplyOptions.field_manager".into()));
        }
        check_type_meta::<A::Kind>(config)?;
        if let Some(n) = config.name().filter(|n| !n.is_empty() && *n != name) {
            return Err(Error::InvalidRequest(format!(
                "the apply configuration's name {n:?} does not match the name {name:?} of the request"
            )));
        }
        let path = self.item_path(name, Some(subresource))?;
        let data = kapi_machinery::json::to_vec(config).map_err(|e| Error::Encode(e.into()))?;
        let payload = Payload::Raw(APPLY_PATCH_CONTENT_TYPE, Bytes::from(data));
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }

    /// Reads a subresource (`GET …/name/<subresource>`) as kind `S`.
    pub async fn get_subresource<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        options: &GetOptions,
    ) -> Result<S, Error> {
        Ok(self.get_subresource_with_warnings(name, subresource, options).await?.value)
    }

    /// [`Api::get_subresource`] with the call's warnings.
    pub async fn get_subresource_with_warnings<S: Kind>(
        &self,
        name: &str,
        subresource: &str,
        options: &GetOptions,
    ) -> Result<Response<S>, Error> {
        Self::check_subresource_verb(subresource, "get")?;
        let path = self.item_path(name, Some(subresource))?;
        self.call_typed(Call {
            list: false,
            method: Method::GET,
            path,
            query: query_of(options),
            payload: Payload::None,
        })
        .await
    }

    /// Deletes an object. `DeleteOptions` travel as the JSON request body.
    pub async fn delete(&self, name: &str, options: &DeleteOptions) -> Result<DeleteResponse<R>, Error> {
        Ok(self.delete_with_warnings(name, options).await?.value)
    }

    /// [`Api::delete`] with the call's warnings.
    pub async fn delete_with_warnings(
        &self,
        name: &str,
        options: &DeleteOptions,
    ) -> Result<Response<DeleteResponse<R>>, Error> {
        Self::check_verb("delete")?;
        let path = self.item_path(name, None)?;
        let call = Call {
            list: false,
            method: Method::DELETE,
            path,
            query: Query::new(),
            payload: delete_body::<R>(options)?,
        };
        Ok(self.call_outcome::<R>(call).await?.map(delete_response))
    }

    /// Reads an object.
    pub async fn get(&self, name: &str, options: &GetOptions) -> Result<R, Error> {
        Ok(self.get_with_warnings(name, options).await?.value)
    }

    /// [`Api::get`] with the call's warnings.
    pub async fn get_with_warnings(&self, name: &str, options: &GetOptions) -> Result<Response<R>, Error> {
        Self::check_verb("get")?;
        let path = self.item_path(name, None)?;
        self.call_typed(Call {
            list: false,
            method: Method::GET,
            path,
            query: query_of(options),
            payload: Payload::None,
        })
        .await
    }

    /// Starts a watch (`watch=true` is set); the stream ends when the server closes it.
    pub async fn watch(&self, options: &ListOptions) -> Result<EventStream<R>, Error> {
        Ok(self.watch_with_warnings(options).await?.value)
    }

    /// [`Api::watch`] with the warnings of the response headers.
    pub async fn watch_with_warnings(&self, options: &ListOptions) -> Result<Response<EventStream<R>>, Error> {
        Self::check_verb("watch")?;
        let mut options = options.clone();
        options.watch = true;
        let call = Call {
            list: false,
            method: Method::GET,
            path: self.collection_path()?,
            query: query_of(&options),
            payload: Payload::None,
        };
        let raw = self.execute(call).await?;
        if !raw.status.is_success() {
            return Err(self.error_of(raw).await);
        }
        let decoder = crate::watch::WatchDecoder::<R>::for_content_type(content_type_of(&raw.headers))?
            .with_decode_limits(self.client.decode_limits);
        let stream = crate::watch::event_stream_with(decoder, raw.body);
        Ok(Response { value: stream, warnings: raw.warnings })
    }

    /// Patches an object.
    pub async fn patch(&self, name: &str, patch: &Patch, options: &PatchOptions) -> Result<R, Error> {
        Ok(self.patch_with_warnings(name, patch, options).await?.value)
    }

    /// [`Api::patch`] with the call's warnings.
    pub async fn patch_with_warnings(
        &self,
        name: &str,
        patch: &Patch,
        options: &PatchOptions,
    ) -> Result<Response<R>, Error> {
        Self::check_verb("patch")?;
        let path = self.item_path(name, None)?;
        let payload = Payload::Raw(patch.content_type(), Bytes::copy_from_slice(patch.data()));
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }

    /// Server-side apply (client-go's `Apply`): sends an apply configuration — only the fields
    /// the caller set — as an `application/apply-patch+yaml` patch, so the field manager owns
    /// exactly those. The configuration's `metadata.name` names the object and must be set, as
    /// must its `apiVersion` and `kind` (the generated `new` sets all three);
    /// `options.field_manager` is required.
    pub async fn apply<A: ApplyConfiguration<Kind = R>>(&self, config: &A, options: &ApplyOptions) -> Result<R, Error> {
        Ok(self.apply_with_warnings(config, options).await?.value)
    }

    /// [`Api::apply`] with the call's warnings.
    pub async fn apply_with_warnings<A: ApplyConfiguration<Kind = R>>(
        &self,
        config: &A,
        options: &ApplyOptions,
    ) -> Result<Response<R>, Error> {
        Self::check_verb("apply")?;
        let (path, payload) = self.apply_request(config, options, None)?;
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }

    /// Server-side apply to the `status` subresource (client-go's `ApplyStatus`): the
    /// configuration's status (and identity) only, owned by the manager for the subresource.
    pub async fn apply_status<A: ApplyConfiguration<Kind = R>>(
        &self,
        config: &A,
        options: &ApplyOptions,
    ) -> Result<R, Error> {
        Ok(self.apply_status_with_warnings(config, options).await?.value)
    }

    /// [`Api::apply_status`] with the call's warnings.
    pub async fn apply_status_with_warnings<A: ApplyConfiguration<Kind = R>>(
        &self,
        config: &A,
        options: &ApplyOptions,
    ) -> Result<Response<R>, Error> {
        Self::check_subresource_verb("status", "apply")?;
        let (path, payload) = self.apply_request(config, options, Some("status"))?;
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }

    /// Checks an apply configuration against the resource and the request, and encodes it.
    fn apply_request<A: ApplyConfiguration<Kind = R>>(
        &self,
        config: &A,
        options: &ApplyOptions,
        subresource: Option<&str>,
    ) -> Result<(String, Payload<'static>), Error> {
        if options.field_manager.is_empty() {
            return Err(Error::InvalidRequest("apply needs ApplyOptions.field_manager".into()));
        }
        check_type_meta::<R>(config)?;
        let name = match config.name() {
            Some(n) if !n.is_empty() => n,
            _ => return Err(Error::InvalidRequest("the apply configuration must set metadata.name".into())),
        };
        self.check_object_namespace(config.namespace().unwrap_or_default())?;
        let path = self.item_path(name, subresource)?;
        let data = kapi_machinery::json::to_vec(config).map_err(|e| Error::Encode(e.into()))?;
        Ok((path, Payload::Raw(APPLY_PATCH_CONTENT_TYPE, Bytes::from(data))))
    }

    /// Server-side apply of a whole typed object: every field of `obj` is sent, zero values
    /// included (`null` for unset pointers, `{}` for empty structs), and the field manager comes
    /// to own all of them. Prefer [`Api::apply`] with an apply configuration; this is for kinds
    /// without one (custom resources defined in a program). `options.field_manager` is required;
    /// the object's name, if set, must be `name`.
    pub async fn apply_object(&self, name: &str, obj: &R, options: &ApplyOptions) -> Result<R, Error> {
        Ok(self.apply_object_with_warnings(name, obj, options).await?.value)
    }

    /// [`Api::apply_object`] with the call's warnings.
    pub async fn apply_object_with_warnings(
        &self,
        name: &str,
        obj: &R,
        options: &ApplyOptions,
    ) -> Result<Response<R>, Error> {
        Self::check_verb("apply")?;
        if options.field_manager.is_empty() {
            return Err(Error::InvalidRequest("apply needs ApplyOptions.field_manager".into()));
        }
        let meta_name = &obj.metadata().name;
        if !meta_name.is_empty() && meta_name != name {
            return Err(Error::InvalidRequest(format!(
                "the object's name {meta_name:?} does not match the name {name:?} of the request"
            )));
        }
        self.check_object_namespace(&obj.metadata().namespace)?;
        let path = self.item_path(name, None)?;
        let payload = Payload::Raw(APPLY_PATCH_CONTENT_TYPE, Bytes::from(apply_document(obj)?));
        self.call_typed(Call { list: false, method: Method::PATCH, path, query: query_of(options), payload }).await
    }
}

/// The verbs that need the resource's list kind.
impl<R: Listable> Api<R> {
    /// Deletes the objects a list selects (`DELETE` on the collection); returns the deleted
    /// objects or a `Status`.
    pub async fn delete_collection(
        &self,
        list_options: &ListOptions,
        options: &DeleteOptions,
    ) -> Result<DeleteResponse<R::List>, Error> {
        Ok(self.delete_collection_with_warnings(list_options, options).await?.value)
    }

    /// [`Api::delete_collection`] with the call's warnings.
    pub async fn delete_collection_with_warnings(
        &self,
        list_options: &ListOptions,
        options: &DeleteOptions,
    ) -> Result<Response<DeleteResponse<R::List>>, Error> {
        Self::check_verb("deletecollection")?;
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest(
                "deletecollection needs a namespace; this Api spans all namespaces".into(),
            ));
        }
        let call = Call {
            list: true,
            method: Method::DELETE,
            path: self.collection_path()?,
            query: query_of(list_options),
            payload: delete_body::<R>(options)?,
        };
        Ok(self.call_outcome::<R::List>(call).await?.map(delete_response))
    }

    /// Lists the objects' metadata only (kube-rs's `list_metadata`; `self.metadata().list(…)`).
    pub async fn list_metadata(&self, options: &ListOptions) -> Result<PartialObjectMetaList<R>, Error> {
        self.metadata().list(options).await
    }

    /// Lists objects (one page if `limit` is set; see [`Api::list_all`]).
    pub async fn list(&self, options: &ListOptions) -> Result<R::List, Error> {
        Ok(self.list_with_warnings(options).await?.value)
    }

    /// [`Api::list`] with the call's warnings.
    pub async fn list_with_warnings(&self, options: &ListOptions) -> Result<Response<R::List>, Error> {
        Self::check_verb("list")?;
        let mut options = options.clone();
        options.watch = false;
        let call = Call {
            list: true,
            method: Method::GET,
            path: self.collection_path()?,
            query: query_of(&options),
            payload: Payload::None,
        };
        self.call_typed(call).await
    }

    /// Lists every object, following `continue` tokens when `limit` pages the list. The result
    /// has all items and the metadata of the last page (with no `continue`).
    pub async fn list_all(&self, options: &ListOptions) -> Result<R::List, Error> {
        Ok(self.list_all_with_warnings(options).await?.value)
    }

    /// [`Api::list_all`] with the warnings of every page.
    pub async fn list_all_with_warnings(&self, options: &ListOptions) -> Result<Response<R::List>, Error> {
        let mut options = options.clone();
        let mut items = Vec::new();
        let mut warnings = Vec::new();
        loop {
            let page = self.list_with_warnings(&options).await?;
            warnings.extend(page.warnings);
            let mut meta = page.value.list_meta().clone();
            items.extend(page.value.into_items());
            if options.limit <= 0 || meta.continue_.is_empty() {
                meta.continue_.clear();
                meta.remaining_item_count = None;
                let mut list = R::List::default();
                if let Some(tm) = list.kind_type_meta_mut() {
                    tm.set_gvk(&<R::List as Kind>::static_gvk());
                }
                *list.list_meta_mut() = meta;
                list.set_items(items);
                return Ok(Response { value: list, warnings });
            }
            if meta.continue_ == options.continue_ {
                return Err(Error::Decode {
                    context: format!("listing {}", Self::gvr_text()),
                    source: "the server returned the same continue token twice".into(),
                });
            }
            // A continued list is served at the snapshot of its token; a resource version
            // alongside it is rejected.
            options.continue_ = meta.continue_;
            options.resource_version.clear();
            options.resource_version_match.0.clear();
        }
    }
}

/// An apply configuration names the kind it is sent as: the server refuses anything else.
fn check_type_meta<K: Kind>(config: &impl ApplyConfiguration) -> Result<(), Error> {
    let gvk = K::static_gvk();
    let api_version = gvk.api_version();
    if config.api_version() != Some(api_version.as_str()) || config.kind() != Some(gvk.kind.as_str()) {
        return Err(Error::InvalidRequest(format!(
            "the apply configuration must set apiVersion {api_version:?} and kind {:?} (its `new` sets them); it has {:?} and {:?}",
            gvk.kind,
            config.api_version().unwrap_or_default(),
            config.kind().unwrap_or_default()
        )));
    }
    Ok(())
}

/// An object as an apply patch: JSON (which is YAML) with its `apiVersion` and `kind` set.
fn apply_document<S: VersionedKind>(obj: &S) -> Result<Vec<u8>, Error> {
    let mut copy = obj.clone();
    if let Some(tm) = copy.kind_type_meta_mut() {
        tm.set_gvk(&S::static_gvk());
    }
    kapi_machinery::json::to_vec(&copy).map_err(|e| Error::Encode(e.into()))
}

pub(crate) fn query_of(options: &(impl QueryParams + ?Sized)) -> Query {
    let mut q = Query::new();
    q.extend_from(options);
    q
}

fn delete_response<T>(outcome: Outcome<T>) -> DeleteResponse<T> {
    match outcome {
        Outcome::Object(o) => DeleteResponse::Object(o),
        Outcome::Status(s) => DeleteResponse::Status(s),
    }
}

/// `DeleteOptions` as a JSON body, typed in the resource's group version as client-go sends it.
fn delete_body<R: Resource>(options: &DeleteOptions) -> Result<Payload<'static>, Error> {
    let mut options = options.clone();
    options.type_meta.set_gvk(&GroupVersionKind::new(R::GROUP, R::VERSION, "DeleteOptions"));
    let data = kapi_machinery::json::to_vec(&options).map_err(|e| Error::Encode(e.into()))?;
    Ok(Payload::Raw(MEDIA_TYPE_JSON, Bytes::from(data)))
}

impl<R: Listable> ListWatch<R> for Api<R> {
    async fn list(&self, options: ListOptions) -> Result<R::List, Error> {
        Api::list(self, &options).await
    }

    async fn watch(&self, options: ListOptions) -> Result<EventStream<R>, Error> {
        Api::watch(self, &options).await
    }
}
