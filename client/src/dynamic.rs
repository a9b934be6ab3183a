//! The dynamic client: objects of any kind as JSON ([`DynamicObject`]) and the verbs of any group, version and resource ([`DynamicApi`]), for kinds a program was not compiled with.
//!
//! Everything travels as JSON (custom resources have no protobuf form). The verbs take the typed
//! [`Api`](crate::Api)'s option kinds and send them as the same query parameters; apply sends the
//! object as an `application/apply-patch+yaml` patch.

use std::collections::HashMap;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use http::{HeaderMap, Method, StatusCode};
use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, ListMeta, ListOptions, ObjectMeta, PatchOptions,
    STATUS_FAILURE, Status, UpdateOptions,
};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::serializer::MEDIA_TYPE_JSON;
use kapi_machinery::yaml::StreamError;
use kapi_machinery::{DecodeError, DecodeErrorKind, GroupVersion, GroupVersionKind};

use crate::body::{self, Body};
use crate::client::{APPLY_PATCH_CONTENT_TYPE, check_segment, escape_segment, query_of};
use crate::options::Query;
use crate::resource::ResourceScope;
use crate::transport::MaxResponseBytes;
use crate::watch::DEFAULT_MAX_FRAME_SIZE;
use crate::{
    Client, DeleteResponse, Error, EventStream, GroupVersionResource, Patch, StatusError, StatusErrorExt, WatchEvent,
};

/// A resource as the dynamic client addresses it: group, version, kind, plural name and scope
/// (what a [`RestMapper`](crate::restmapper::RestMapper) finds for a kind).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ApiResource {
    /// The API group; empty for the core group.
    pub group: String,
    /// The version to address it in.
    pub version: String,
    /// The kind of its objects.
    pub kind: String,
    /// The plural name in URLs (`widgets`).
    pub resource: String,
    /// Whether objects live in namespaces.
    pub namespaced: bool,
}

impl ApiResource {
    /// A resource of a kind.
    pub fn new(gvk: &GroupVersionKind, resource: impl Into<String>, namespaced: bool) -> ApiResource {
        ApiResource {
            group: gvk.group.clone(),
            version: gvk.version.clone(),
            kind: gvk.kind.clone(),
            resource: resource.into(),
            namespaced,
        }
    }

    /// The resource of a kind compiled into the program.
    pub fn of<R: crate::Resource>() -> ApiResource {
        ApiResource::new(&R::static_gvk(), R::RESOURCE, R::Scope::NAMESPACED)
    }

    /// The group, version and kind.
    pub fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(&self.group, &self.version, &self.kind)
    }

    /// The group, version and plural name.
    pub fn gvr(&self) -> GroupVersionResource {
        GroupVersionResource::new(&self.group, &self.version, &self.resource)
    }

    /// `group/version`, or `version` for the core group.
    pub fn api_version(&self) -> String {
        GroupVersion::new(&self.group, &self.version).to_string()
    }
}

/// An object of any kind: its `apiVersion`, `kind` and `metadata`, and every other top-level
/// member (`spec`, `status`, `data`, …) as JSON, in the order received.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DynamicObject {
    /// `apiVersion`: the group and version (`apps/v1`, or `v1` for the core group).
    pub api_version: String,
    /// `kind`.
    pub kind: String,
    /// `metadata`, decoded as every kind's.
    pub metadata: ObjectMeta,
    /// The other top-level members, one per name.
    pub fields: Vec<(String, Value)>,
}

fn wrong_type(expected: &'static str, found: &Value) -> DecodeError {
    DecodeError::new(DecodeErrorKind::WrongType { expected, found: found.go_kind_name() })
}

fn string_member(name: &str, v: Value) -> Result<String, DecodeError> {
    match v {
        Value::String(s) => Ok(s),
        Value::Null => Ok(String::new()),
        other => Err(wrong_type("string", &other).in_field(name)),
    }
}

/// Decodes a typed member (`metadata`) from its JSON value.
fn typed_member<T: kapi_machinery::JsonDecode + Default>(name: &str, v: &Value) -> Result<T, DecodeError> {
    if *v == Value::Null {
        return Ok(T::default());
    }
    kapi_machinery::json::from_slice::<T>(&v.to_compact_vec()).map_err(|mut e| {
        e.offset = None;
        e.in_field(name)
    })
}

fn typed_value<T: kapi_machinery::JsonEncode>(v: &T) -> Result<Value, Error> {
    let data = kapi_machinery::json::to_vec(v).map_err(|e| Error::Encode(e.into()))?;
    value::parse(&data).map_err(|e| Error::Encode(e.into()))
}

impl DynamicObject {
    /// An empty object of a kind, named `name`.
    pub fn new(gvk: &GroupVersionKind, name: &str) -> DynamicObject {
        DynamicObject {
            api_version: gvk.api_version(),
            kind: gvk.kind.clone(),
            metadata: ObjectMeta { name: name.to_owned(), ..ObjectMeta::default() },
            fields: Vec::new(),
        }
    }

    /// The group, version and kind its `apiVersion` and `kind` name.
    pub fn gvk(&self) -> Result<GroupVersionKind, DecodeError> {
        GroupVersionKind::from_api_version_and_kind(&self.api_version, &self.kind)
    }

    /// A top-level member other than `apiVersion`, `kind` and `metadata`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Sets a top-level member (other than `apiVersion`, `kind` and `metadata`), replacing it.
    pub fn set(&mut self, name: &str, v: Value) {
        match self.fields.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = v,
            None => self.fields.push((name.to_owned(), v)),
        }
    }

    /// A member at a path of object keys (`["spec", "replicas"]`).
    pub fn pointer(&self, path: &[&str]) -> Option<&Value> {
        let (first, rest) = path.split_first()?;
        rest.iter().try_fold(self.get(first)?, |v, k| v.get(k))
    }

    /// Reads an object from a JSON value; a repeated member keeps its last value, as Go's
    /// decoder does.
    pub fn from_value(v: Value) -> Result<DynamicObject, DecodeError> {
        let members = match v {
            Value::Object(m) => m,
            other => return Err(wrong_type("object", &other)),
        };
        let mut obj = DynamicObject::default();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (k, v) in members {
            match k.as_str() {
                "apiVersion" => obj.api_version = string_member("apiVersion", v)?,
                "kind" => obj.kind = string_member("kind", v)?,
                "metadata" => obj.metadata = typed_member("metadata", &v)?,
                _ => match index.get(&k) {
                    Some(&i) => obj.fields[i].1 = v,
                    None => {
                        index.insert(k.clone(), obj.fields.len());
                        obj.fields.push((k, v));
                    }
                },
            }
        }
        Ok(obj)
    }

    /// Reads an object from JSON.
    pub fn from_json(data: &[u8]) -> Result<DynamicObject, DecodeError> {
        DynamicObject::from_value(value::parse(data)?)
    }

    /// The object as a JSON value: `apiVersion`, `kind`, `metadata`, then the other members.
    pub fn to_value(&self) -> Result<Value, Error> {
        let mut members = Vec::with_capacity(self.fields.len() + 3);
        if !self.api_version.is_empty() {
            members.push(("apiVersion".to_owned(), Value::String(self.api_version.clone())));
        }
        if !self.kind.is_empty() {
            members.push(("kind".to_owned(), Value::String(self.kind.clone())));
        }
        members.push(("metadata".to_owned(), typed_value(&self.metadata)?));
        members.extend(self.fields.iter().cloned());
        Ok(Value::Object(members))
    }

    /// The object as compact JSON.
    pub fn to_json(&self) -> Result<Vec<u8>, Error> {
        Ok(self.to_value()?.to_compact_vec())
    }

    /// The objects of a multi-document YAML stream (a manifest file), skipping empty documents
    /// as kubectl does. Every document must be an object naming its `apiVersion` and `kind`;
    /// errors name the document and the line of the stream.
    pub fn from_yaml_stream(input: &[u8]) -> Result<Vec<DynamicObject>, StreamError> {
        let mut out = Vec::new();
        for item in kapi_machinery::yaml::values(input, false) {
            let (doc, v) = item?;
            if v == Value::Null {
                continue;
            }
            let json = v.to_compact_vec();
            let obj = DynamicObject::from_value(v).map_err(|e| StreamError::in_document(&doc, e))?;
            if obj.api_version.is_empty() || obj.kind.is_empty() {
                let what = if obj.kind.is_empty() { "Kind" } else { "apiVersion" };
                let shown = String::from_utf8_lossy(&json[..json.len().min(200)]).into_owned();
                let error = if what == "Kind" {
                    DecodeError::new(DecodeErrorKind::MissingKind(shown))
                } else {
                    DecodeError::invalid(format!("Object 'apiVersion' is missing in '{shown}'"))
                };
                return Err(StreamError::in_document(&doc, error));
            }
            obj.gvk().map_err(|e| StreamError::in_document(&doc, e.in_field("apiVersion")))?;
            out.push(obj);
        }
        Ok(out)
    }
}

/// A list of objects of any kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DynamicObjectList {
    /// `apiVersion` of the list.
    pub api_version: String,
    /// `kind` of the list (`WidgetList`).
    pub kind: String,
    /// The list's `metadata`: resource version and continue token.
    pub metadata: ListMeta,
    /// The objects.
    pub items: Vec<DynamicObject>,
}

impl DynamicObjectList {
    /// Reads a list from JSON. Items without `apiVersion` or `kind` (typed lists leave them out)
    /// take the list's `apiVersion` and its kind without the `List` suffix, as upstream's
    /// unstructured decoder does.
    pub fn from_json(data: &[u8]) -> Result<DynamicObjectList, DecodeError> {
        let members = match value::parse(data)? {
            Value::Object(m) => m,
            other => return Err(wrong_type("object", &other)),
        };
        let mut list = DynamicObjectList::default();
        let mut items = Value::Null;
        for (k, v) in members {
            match k.as_str() {
                "apiVersion" => list.api_version = string_member("apiVersion", v)?,
                "kind" => list.kind = string_member("kind", v)?,
                "metadata" => list.metadata = typed_member("metadata", &v)?,
                "items" => items = v,
                _ => {}
            }
        }
        let item_kind = list.kind.strip_suffix("List").unwrap_or_default().to_owned();
        match items {
            Value::Null => {}
            Value::Array(values) => {
                for (i, v) in values.into_iter().enumerate() {
                    let mut obj = DynamicObject::from_value(v).map_err(|e| e.in_index(i).in_field("items"))?;
                    if obj.api_version.is_empty() {
                        obj.api_version = list.api_version.clone();
                    }
                    if obj.kind.is_empty() {
                        obj.kind = item_kind.clone();
                    }
                    list.items.push(obj);
                }
            }
            other => return Err(wrong_type("array", &other).in_field("items")),
        }
        Ok(list)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    Cluster,
    Namespace(String),
    AllNamespaces,
}

/// The verbs of any resource in one scope, over JSON.
#[derive(Debug, Clone)]
pub struct DynamicApi {
    client: Client,
    resource: ApiResource,
    scope: Scope,
    /// A response size limit below the transport's, if set.
    max_response: Option<u64>,
}

/// A response whose body is not read yet.
struct Raw {
    status: StatusCode,
    headers: HeaderMap,
    body: Body,
    context: String,
}

impl DynamicApi {
    /// A cluster-scoped resource.
    pub fn cluster(client: &Client, resource: &ApiResource) -> Result<DynamicApi, Error> {
        if resource.namespaced {
            return Err(Error::InvalidRequest(format!(
                "{} is namespaced: use DynamicApi::namespaced (or all_namespaces to list and watch)",
                resource.resource
            )));
        }
        Ok(Self::with_scope(client, resource, Scope::Cluster))
    }

    /// A namespaced resource in one namespace.
    pub fn namespaced(client: &Client, resource: &ApiResource, namespace: &str) -> Result<DynamicApi, Error> {
        if !resource.namespaced {
            return Err(Error::InvalidRequest(format!(
                "{} is cluster-scoped: use DynamicApi::cluster",
                resource.resource
            )));
        }
        check_segment("namespace", namespace)?;
        Ok(Self::with_scope(client, resource, Scope::Namespace(namespace.to_owned())))
    }

    /// A namespaced resource across all namespaces: only `list` and `watch` work.
    pub fn all_namespaces(client: &Client, resource: &ApiResource) -> Result<DynamicApi, Error> {
        if !resource.namespaced {
            return Err(Error::InvalidRequest(format!(
                "{} is cluster-scoped: use DynamicApi::cluster",
                resource.resource
            )));
        }
        Ok(Self::with_scope(client, resource, Scope::AllNamespaces))
    }

    /// The resource in the scope an object names: its namespace (or `default_namespace` when it
    /// names none) for a namespaced resource, the cluster otherwise. This is how a manifest's
    /// objects are addressed.
    pub fn for_object(
        client: &Client,
        resource: &ApiResource,
        obj: &DynamicObject,
        default_namespace: &str,
    ) -> Result<DynamicApi, Error> {
        if resource.namespaced {
            let ns = if obj.metadata.namespace.is_empty() { default_namespace } else { &obj.metadata.namespace };
            Self::namespaced(client, resource, ns)
        } else {
            Self::cluster(client, resource)
        }
    }

    fn with_scope(client: &Client, resource: &ApiResource, scope: Scope) -> DynamicApi {
        DynamicApi { client: client.clone(), resource: resource.clone(), scope, max_response: None }
    }

    /// Sets the largest response body (and watch event) read, in bytes; it can only lower the
    /// client's [`crate::config::Limits::max_response_bytes`]. A larger body fails with
    /// [`Error::ResponseTooLarge`].
    pub fn with_max_response_bytes(mut self, max: u64) -> DynamicApi {
        self.max_response = Some(max);
        self
    }

    /// The resource.
    pub fn resource(&self) -> &ApiResource {
        &self.resource
    }

    /// The namespace, for a namespaced resource in one namespace.
    pub fn namespace(&self) -> Option<&str> {
        match &self.scope {
            Scope::Namespace(ns) => Some(ns),
            _ => None,
        }
    }

    /// The URL path of the collection.
    pub fn collection_path(&self) -> String {
        let mut path = self.resource.gvr().prefix();
        if let Scope::Namespace(ns) = &self.scope {
            path.push_str("/namespaces/");
            path.push_str(&escape_segment(ns));
        }
        path.push('/');
        path.push_str(&escape_segment(&self.resource.resource));
        path
    }

    /// The URL path of one object (and optionally a subresource).
    pub fn item_path(&self, name: &str, subresource: Option<&str>) -> Result<String, Error> {
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest(format!(
                "{} objects are addressed in a namespace; this DynamicApi spans all namespaces",
                self.resource.resource
            )));
        }
        check_segment("name", name)?;
        let mut path = self.collection_path();
        path.push('/');
        path.push_str(&escape_segment(name));
        if let Some(sub) = subresource {
            check_segment("subresource", sub)?;
            path.push('/');
            path.push_str(&escape_segment(sub));
        }
        Ok(path)
    }

    async fn send(
        &self,
        method: Method,
        path: String,
        query: Query,
        body: Option<(&str, Bytes)>,
    ) -> Result<Raw, Error> {
        let mut url = format!("{}{}", self.client.base_url(), path);
        if !query.is_empty() {
            url.push('?');
            url.push_str(&query.encode());
        }
        let context = format!("{method} {url}");
        let mut builder = http::Request::builder().method(method).uri(&url).header(ACCEPT, MEDIA_TYPE_JSON);
        if let Some(max) = self.max_response {
            builder = builder.extension(MaxResponseBytes(max));
        }
        let data = match body {
            Some((media, data)) => {
                builder = builder.header(CONTENT_TYPE, media);
                data
            }
            None => Bytes::new(),
        };
        let request = builder.body(data).map_err(|e| Error::InvalidRequest(format!("{context}: {e}")))?;
        let response = self.client.service().call(request).await?;
        let (parts, body) = response.into_parts();
        self.client.deliver_warnings(&parts.headers, &mut Vec::new());
        Ok(Raw { status: parts.status, headers: parts.headers, body, context })
    }

    /// The error of a non-2xx response.
    async fn error_of(&self, raw: Raw) -> Error {
        let code = raw.status.as_u16();
        match body::collect(raw.body).await {
            Ok(data) => Error::Api(Box::new(StatusError::from_response(code, &raw.headers, &data))),
            Err(e) => Error::from_body(&raw.context, e),
        }
    }

    async fn read(&self, raw: Raw) -> Result<(Bytes, String), Error> {
        let data = body::collect(raw.body).await.map_err(|e| Error::from_body(&raw.context, e))?;
        if !raw.status.is_success() {
            return Err(Error::Api(Box::new(StatusError::from_response(raw.status.as_u16(), &raw.headers, &data))));
        }
        Ok((data, raw.context))
    }

    /// Runs a call whose answer is an object or a `Status`; a `Failure` status is an error.
    async fn call(
        &self,
        method: Method,
        path: String,
        query: Query,
        body: Option<(&str, Bytes)>,
    ) -> Result<(Value, String), Error> {
        let raw = self.send(method, path, query, body).await?;
        let code = raw.status.as_u16();
        let headers = raw.headers.clone();
        let (data, context) = self.read(raw).await?;
        let v = value::parse(&data).map_err(|e| Error::Decode { context: context.clone(), source: e.into() })?;
        if v.get("kind").and_then(Value::as_str) == Some("Status")
            && v.get("status").and_then(Value::as_str) == Some(STATUS_FAILURE)
        {
            return Err(Error::Api(Box::new(StatusError::from_response(code.max(400), &headers, &data))));
        }
        Ok((v, context))
    }

    async fn call_object(
        &self,
        method: Method,
        path: String,
        query: Query,
        body: Option<(&str, Bytes)>,
    ) -> Result<DynamicObject, Error> {
        let (v, context) = self.call(method, path, query, body).await?;
        DynamicObject::from_value(v).map_err(|e| Error::Decode { context, source: e.into() })
    }

    /// Checks an object sent in a body against the resource and the scope, filling in its
    /// `apiVersion` and `kind` when it leaves them out.
    fn body_of(&self, obj: &DynamicObject) -> Result<Bytes, Error> {
        let mut obj = obj.clone();
        if obj.api_version.is_empty() {
            obj.api_version = self.resource.api_version();
        }
        if obj.kind.is_empty() {
            obj.kind = self.resource.kind.clone();
        }
        if obj.api_version != self.resource.api_version() || obj.kind != self.resource.kind {
            return Err(Error::InvalidRequest(format!(
                "the object is a {} {} but this DynamicApi serves {} {}",
                obj.api_version,
                obj.kind,
                self.resource.api_version(),
                self.resource.kind
            )));
        }
        if let Scope::Namespace(ns) = &self.scope
            && !obj.metadata.namespace.is_empty()
            && obj.metadata.namespace != *ns
        {
            return Err(Error::InvalidRequest(format!(
                "the object's namespace {:?} does not match the namespace {ns:?} of the request",
                obj.metadata.namespace
            )));
        }
        Ok(Bytes::from(obj.to_json()?))
    }

    /// Reads an object.
    pub async fn get(&self, name: &str, options: &GetOptions) -> Result<DynamicObject, Error> {
        let path = self.item_path(name, None)?;
        self.call_object(Method::GET, path, query_of(options), None).await
    }

    /// Reads a subresource of an object (`status`, `scale`) as an object of any kind.
    pub async fn get_subresource(
        &self,
        name: &str,
        subresource: &str,
        options: &GetOptions,
    ) -> Result<DynamicObject, Error> {
        let path = self.item_path(name, Some(subresource))?;
        self.call_object(Method::GET, path, query_of(options), None).await
    }

    /// Lists objects (one page if `limit` is set).
    pub async fn list(&self, options: &ListOptions) -> Result<DynamicObjectList, Error> {
        let mut options = options.clone();
        options.watch = false;
        let (v, context) = self.call(Method::GET, self.collection_path(), query_of(&options), None).await?;
        DynamicObjectList::from_json(&v.to_compact_vec()).map_err(|e| Error::Decode { context, source: e.into() })
    }

    /// Lists every object, following `continue` tokens when `limit` pages the list.
    pub async fn list_all(&self, options: &ListOptions) -> Result<DynamicObjectList, Error> {
        let mut options = options.clone();
        let mut items = Vec::new();
        loop {
            let mut page = self.list(&options).await?;
            items.append(&mut page.items);
            if options.limit <= 0 || page.metadata.continue_.is_empty() {
                page.metadata.continue_.clear();
                page.metadata.remaining_item_count = None;
                page.items = items;
                return Ok(page);
            }
            if page.metadata.continue_ == options.continue_ {
                return Err(Error::Decode {
                    context: format!("listing {}", self.resource.resource),
                    source: "the server returned the same continue token twice".into(),
                });
            }
            options.continue_ = page.metadata.continue_;
            options.resource_version.clear();
            options.resource_version_match.0.clear();
        }
    }

    /// Starts a watch (`watch=true` is set); the stream ends when the server closes it.
    pub async fn watch(&self, options: &ListOptions) -> Result<EventStream<DynamicObject>, Error> {
        let mut options = options.clone();
        options.watch = true;
        let raw = self.send(Method::GET, self.collection_path(), query_of(&options), None).await?;
        if !raw.status.is_success() {
            return Err(self.error_of(raw).await);
        }
        let ct = raw.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
        let base = ct.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        if !base.is_empty() && base != MEDIA_TYPE_JSON {
            return Err(Error::Decode {
                context: raw.context,
                source: format!("a dynamic watch reads JSON streams, the server sent {ct:?}").into(),
            });
        }
        let max = self
            .max_response
            .map_or(DEFAULT_MAX_FRAME_SIZE, |m| usize::try_from(m).unwrap_or(usize::MAX).min(DEFAULT_MAX_FRAME_SIZE));
        Ok(Box::pin(DynamicEvents { body: Some(raw.body), frames: JsonFrames::new(max), index: 0 }))
    }

    /// Creates an object (`POST` to the collection).
    pub async fn create(&self, obj: &DynamicObject, options: &CreateOptions) -> Result<DynamicObject, Error> {
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest("create needs a namespace; this DynamicApi spans all namespaces".into()));
        }
        let body = self.body_of(obj)?;
        let path = self.collection_path();
        self.call_object(Method::POST, path, query_of(options), Some((MEDIA_TYPE_JSON, body))).await
    }

    /// Replaces an object (`PUT`), named by its `metadata.name`.
    pub async fn update(&self, obj: &DynamicObject, options: &UpdateOptions) -> Result<DynamicObject, Error> {
        let body = self.body_of(obj)?;
        let path = self.item_path(&obj.metadata.name, None)?;
        self.call_object(Method::PUT, path, query_of(options), Some((MEDIA_TYPE_JSON, body))).await
    }

    /// Replaces the `status` subresource of an object, named by its `metadata.name`.
    pub async fn update_status(&self, obj: &DynamicObject, options: &UpdateOptions) -> Result<DynamicObject, Error> {
        let body = self.body_of(obj)?;
        let path = self.item_path(&obj.metadata.name, Some("status"))?;
        self.call_object(Method::PUT, path, query_of(options), Some((MEDIA_TYPE_JSON, body))).await
    }

    /// Patches an object. A strategic merge patch works only for kinds the server knows the
    /// schema of (not custom resources, as upstream).
    pub async fn patch(&self, name: &str, patch: &Patch, options: &PatchOptions) -> Result<DynamicObject, Error> {
        let path = self.item_path(name, None)?;
        let body = Some((patch.content_type(), Bytes::copy_from_slice(patch.data())));
        self.call_object(Method::PATCH, path, query_of(options), body).await
    }

    /// Server-side apply: sends the object as an `application/apply-patch+yaml` patch.
    /// `options.field_manager` is required; the object's name, if set, must be `name`.
    pub async fn apply(&self, name: &str, obj: &DynamicObject, options: &ApplyOptions) -> Result<DynamicObject, Error> {
        if options.field_manager.is_empty() {
            return Err(Error::InvalidRequest("apply needs ApplyOptions.field_manager".into()));
        }
        if !obj.metadata.name.is_empty() && obj.metadata.name != name {
            return Err(Error::InvalidRequest(format!(
                "the object's name {:?} does not match the name {name:?} of the request",
                obj.metadata.name
            )));
        }
        let body = self.body_of(obj)?;
        let path = self.item_path(name, None)?;
        self.call_object(Method::PATCH, path, query_of(options), Some((APPLY_PATCH_CONTENT_TYPE, body))).await
    }

    fn delete_body(&self, options: &DeleteOptions) -> Result<Bytes, Error> {
        let mut options = options.clone();
        options.type_meta.set_gvk(&GroupVersionKind::new(
            &self.resource.group,
            &self.resource.version,
            "DeleteOptions",
        ));
        Ok(Bytes::from(kapi_machinery::json::to_vec(&options).map_err(|e| Error::Encode(e.into()))?))
    }

    /// Deletes an object; returns it (when deletion is pending) or the server's `Status`.
    pub async fn delete(&self, name: &str, options: &DeleteOptions) -> Result<DeleteResponse<DynamicObject>, Error> {
        let path = self.item_path(name, None)?;
        let body = Some((MEDIA_TYPE_JSON, self.delete_body(options)?));
        let (v, context) = self.call(Method::DELETE, path, Query::new(), body).await?;
        let decode = |e: DecodeError| Error::Decode { context: context.clone(), source: e.into() };
        if v.get("kind").and_then(Value::as_str) == Some("Status") {
            let status = kapi_machinery::json::from_slice::<Status>(&v.to_compact_vec()).map_err(decode)?;
            return Ok(DeleteResponse::Status(Box::new(status)));
        }
        Ok(DeleteResponse::Object(DynamicObject::from_value(v).map_err(decode)?))
    }

    /// Deletes the objects a list selects; returns the deleted objects or a `Status`.
    pub async fn delete_collection(
        &self,
        list_options: &ListOptions,
        options: &DeleteOptions,
    ) -> Result<DeleteResponse<DynamicObjectList>, Error> {
        if self.scope == Scope::AllNamespaces {
            return Err(Error::InvalidRequest(
                "deletecollection needs a namespace; this DynamicApi spans all namespaces".into(),
            ));
        }
        let body = Some((MEDIA_TYPE_JSON, self.delete_body(options)?));
        let (v, context) = self.call(Method::DELETE, self.collection_path(), query_of(list_options), body).await?;
        let data = v.to_compact_vec();
        let decode = |e: DecodeError| Error::Decode { context: context.clone(), source: e.into() };
        if v.get("kind").and_then(Value::as_str) == Some("Status") {
            let status = kapi_machinery::json::from_slice::<Status>(&data).map_err(decode)?;
            return Ok(DeleteResponse::Status(Box::new(status)));
        }
        Ok(DeleteResponse::Object(DynamicObjectList::from_json(&data).map_err(decode)?))
    }
}

/// What applying one object of a manifest gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The resource the object went to.
    pub resource: ApiResource,
    /// The object as the server stored it.
    pub object: DynamicObject,
}

/// A failure to apply an object of a manifest, naming it.
#[derive(Debug, thiserror::Error)]
#[error("object {index} ({kind} {name:?}): {error}")]
pub struct ApplyError {
    /// The object's index among the manifest's objects.
    pub index: usize,
    /// The object's kind.
    pub kind: String,
    /// The object's name.
    pub name: String,
    /// Why it failed.
    pub error: Error,
}

/// Server-side applies objects (a manifest's, from [`DynamicObject::from_yaml_stream`]) in
/// order, as `kubectl apply --server-side` does: each object's kind is mapped to its resource,
/// namespaced objects without a namespace go to `default_namespace`. Stops at the first failure.
pub async fn apply_all(
    client: &Client,
    mapper: &crate::RestMapper,
    objects: &[DynamicObject],
    default_namespace: &str,
    options: &ApplyOptions,
) -> Result<Vec<Applied>, ApplyError> {
    let mut out = Vec::with_capacity(objects.len());
    for (index, obj) in objects.iter().enumerate() {
        let fail = |error: Error| ApplyError { index, kind: obj.kind.clone(), name: obj.metadata.name.clone(), error };
        let gvk = obj.gvk().map_err(|e| fail(Error::InvalidRequest(e.to_string())))?;
        let resource = mapper.resource_for(&gvk).map_err(|e| fail(e.into()))?;
        if obj.metadata.name.is_empty() {
            return Err(fail(Error::InvalidRequest("apply needs metadata.name".into())));
        }
        let api = DynamicApi::for_object(client, &resource, obj, default_namespace).map_err(fail)?;
        let object = api.apply(&obj.metadata.name, obj, options).await.map_err(fail)?;
        out.push(Applied { resource, object });
    }
    Ok(out)
}

/// Splits a byte stream of concatenated JSON objects into whole objects, each at most `max` bytes.
struct JsonFrames {
    buf: Vec<u8>,
    pos: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    max: usize,
}

impl JsonFrames {
    fn new(max: usize) -> JsonFrames {
        JsonFrames { buf: Vec::new(), pos: 0, depth: 0, in_string: false, escaped: false, max }
    }

    /// The next whole object, `Ok(None)` when more bytes are needed.
    fn next_frame(&mut self) -> Result<Option<Vec<u8>>, String> {
        if self.depth == 0 {
            let lead = self.buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
            self.buf.drain(..lead);
            self.pos = 0;
            match self.buf.first() {
                None => return Ok(None),
                Some(b'{') => {}
                Some(_) => {
                    let shown = String::from_utf8_lossy(&self.buf[..self.buf.len().min(16)]).into_owned();
                    return Err(format!("expected a JSON object, found {shown:?}"));
                }
            }
        }
        while self.pos < self.buf.len() {
            let b = self.buf[self.pos];
            self.pos += 1;
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        let end = self.pos;
                        if end > self.max {
                            return Err(format!("event of {end} bytes is larger than the limit of {} bytes", self.max));
                        }
                        let frame = self.buf.drain(..end).collect();
                        self.pos = 0;
                        return Ok(Some(frame));
                    }
                }
                _ => {}
            }
        }
        if self.buf.len() > self.max {
            return Err(format!("event is larger than the limit of {} bytes", self.max));
        }
        Ok(None)
    }
}

/// Dynamic watch events read from a JSON watch stream.
struct DynamicEvents {
    body: Option<Body>,
    frames: JsonFrames,
    index: usize,
}

fn decode_event(frame: &[u8]) -> Result<WatchEvent<DynamicObject>, String> {
    let v = value::parse(frame).map_err(|e| e.to_string())?;
    let Value::Object(members) = v else { return Err("the event is not an object".into()) };
    let mut kind = String::new();
    let mut object = Value::Null;
    for (k, v) in members {
        match (k.as_str(), v) {
            ("type", Value::String(s)) => kind = s,
            ("object", v) => object = v,
            _ => {}
        }
    }
    if kind == "ERROR" {
        let status =
            kapi_machinery::json::from_slice::<Status>(&object.to_compact_vec()).map_err(|e| format!("object: {e}"))?;
        return Ok(WatchEvent::Error(Box::new(status)));
    }
    let obj = DynamicObject::from_value(object).map_err(|e| format!("object: {e}"))?;
    match kind.as_str() {
        "ADDED" => Ok(WatchEvent::Added(obj)),
        "MODIFIED" => Ok(WatchEvent::Modified(obj)),
        "DELETED" => Ok(WatchEvent::Deleted(obj)),
        "BOOKMARK" => Ok(WatchEvent::Bookmark(obj)),
        other => Err(format!("unknown event type {other:?}")),
    }
}

impl futures_core::Stream for DynamicEvents {
    type Item = Result<WatchEvent<DynamicObject>, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if this.body.is_none() && this.frames.buf.is_empty() {
                return Poll::Ready(None);
            }
            let fail = |this: &mut DynamicEvents, message: String| {
                this.body = None;
                this.frames.buf.clear();
                Poll::Ready(Some(Err(Error::Decode {
                    context: format!("watch event {}", this.index),
                    source: message.into(),
                })))
            };
            match this.frames.next_frame() {
                Ok(Some(frame)) => {
                    let ev = decode_event(&frame);
                    match ev {
                        Ok(ev) => {
                            this.index += 1;
                            return Poll::Ready(Some(Ok(ev)));
                        }
                        Err(m) => return fail(this, m),
                    }
                }
                Ok(None) => {}
                Err(m) => return fail(this, m),
            }
            let Some(body) = this.body.as_mut() else {
                let n = this.frames.buf.len();
                return fail(this, format!("the stream ended inside an event ({n} bytes left over)"));
            };
            match hyper::body::Body::poll_frame(Pin::new(body), cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(frame))) => {
                    if let Ok(data) = frame.into_data() {
                        this.frames.buf.extend_from_slice(&data);
                    }
                }
                Poll::Ready(Some(Err(e))) => {
                    return fail(this, format!("reading the watch stream: {e}"));
                }
                Poll::Ready(None) => {
                    this.body = None;
                    if this.frames.buf.iter().all(u8::is_ascii_whitespace) {
                        return Poll::Ready(None);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_round_trip_and_keep_unknown_members() {
        let json = br#"{"kind":"Widget","apiVersion":"example.com/v1","metadata":{"name":"w","namespace":"ns"},"spec":{"size":3},"spec":{"size":4},"extra":[1,"x"]}"#;
        let obj = DynamicObject::from_json(json).unwrap();
        assert_eq!(obj.gvk().unwrap(), GroupVersionKind::new("example.com", "v1", "Widget"));
        assert_eq!(obj.metadata.name, "w");
        assert_eq!(obj.pointer(&["spec", "size"]), Some(&Value::Number("4".into())), "the last repeated member wins");
        let back = String::from_utf8(obj.to_json().unwrap()).unwrap();
        assert!(
            back.starts_with(
                r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"ns""#
            ),
            "{back}"
        );
        assert!(back.ends_with(r#""spec":{"size":4},"extra":[1,"x"]}"#), "{back}");
        let e = DynamicObject::from_json(br#"{"kind":3}"#).unwrap_err();
        assert_eq!(e.to_string(), "kind: cannot unmarshal number into a value of type string");
        let e = DynamicObject::from_json(br#"{"metadata":{"name":5}}"#).unwrap_err();
        assert!(e.to_string().starts_with("metadata.name:"), "{e}");
    }

    #[test]
    fn list_items_take_the_list_kind() {
        let json = br#"{"kind":"WidgetList","apiVersion":"example.com/v1","metadata":{"resourceVersion":"7"},"items":[{"metadata":{"name":"a"}},{"kind":"Other","metadata":{"name":"b"}}]}"#;
        let list = DynamicObjectList::from_json(json).unwrap();
        assert_eq!(list.metadata.resource_version, "7");
        assert_eq!((list.items[0].kind.as_str(), list.items[0].api_version.as_str()), ("Widget", "example.com/v1"));
        assert_eq!(list.items[1].kind, "Other");
        let e = DynamicObjectList::from_json(br#"{"items":[{},3]}"#).unwrap_err();
        assert!(e.to_string().starts_with("items[1]:"), "{e}");
    }

    #[test]
    fn manifests_decode_to_objects() {
        let yaml = b"# a manifest\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n---\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  on: yes\n";
        let objs = DynamicObject::from_yaml_stream(yaml).unwrap();
        assert_eq!(objs.len(), 2);
        assert_eq!(objs[0].pointer(&["data", "k"]), Some(&Value::String("v".into())));
        // YAML 1.1 as yaml.v2: `on` and `yes` are booleans, and the key becomes the string "true".
        assert_eq!(objs[1].pointer(&["spec", "true"]), Some(&Value::Bool(true)));

        let e = DynamicObject::from_yaml_stream(b"apiVersion: v1\nkind: A\n---\napiVersion: v1\nmetadata: {}\n")
            .unwrap_err();
        assert_eq!((e.index, e.line), (1, 4));
        assert!(e.to_string().contains("Object 'Kind' is missing"), "{e}");
        let e = DynamicObject::from_yaml_stream(b"kind: A\napiVersion: a/b/c\n").unwrap_err();
        assert!(e.to_string().contains("apiVersion: unexpected GroupVersion string"), "{e}");
        let e = DynamicObject::from_yaml_stream(b"- 1\n").unwrap_err();
        assert!(e.to_string().contains("cannot unmarshal array into a value of type object"), "{e}");
    }

    #[test]
    fn json_frames_split_at_any_byte() {
        let stream = br#"{"type":"ADDED","object":{"kind":"W","metadata":{"name":"a}"}}}
 {"type":"DELETED","object":{"kind":"W","metadata":{"name":"\"b"}}}"#;
        for split in 0..stream.len() {
            let mut f = JsonFrames::new(1024);
            let mut events = Vec::new();
            for part in [&stream[..split], &stream[split..]] {
                f.buf.extend_from_slice(part);
                while let Some(frame) = f.next_frame().unwrap() {
                    events.push(decode_event(&frame).unwrap());
                }
            }
            assert_eq!(events.len(), 2, "split at {split}");
            assert!(matches!(&events[1], WatchEvent::Deleted(o) if o.metadata.name == "\"b"));
        }
        let mut f = JsonFrames::new(8);
        f.buf.extend_from_slice(br#"{"type":"ADDED","#);
        assert!(f.next_frame().unwrap_err().contains("larger than the limit of 8 bytes"));
        let mut f = JsonFrames::new(8);
        f.buf.extend_from_slice(b"[1]");
        assert!(f.next_frame().is_err());
    }
}
