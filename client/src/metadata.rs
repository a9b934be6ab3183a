//! Objects reduced to their metadata, as client-go's metadata client and kube-rs's
//! `PartialObjectMeta` read them: [`PartialObjectMeta<K>`] is an object of resource `K` as the
//! server answers a request with `Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`
//! (a `meta.k8s.io/v1` `PartialObjectMetadata`: `metadata` only, no spec or status), and
//! [`PartialObjectMetaList<K>`] a list of them (`as=PartialObjectMetadataList`).
//!
//! Both are resources of their own, standing for `K` (its group, version, kind, plural name and
//! scope), so everything built on [`Resource`] and [`Listable`] works on them: an
//! `Api<PartialObjectMeta<K>>` ([`crate::Api::metadata`]) sends metadata-only gets, lists,
//! watches, patches and deletes; [`crate::watcher()`], reflectors, informers, stores and listers
//! over it cache metadata only; kapi-runtime's `Controller` runs on it. Their wire form is
//! upstream's `PartialObjectMetadata(List)` (JSON and protobuf, byte for byte), only their Rust
//! identity is `K`'s.
//!
//! A server too old to serve `PartialObjectMetadata` answers the plain `application/json` the
//! requests also accept with whole objects; those decode as well, keeping only their metadata
//! (and their own `kind`), as client-go's metadata client falls back.

use std::marker::PhantomData;

use kapi_api::meta::v1::{ListMeta, ObjectMeta, PartialObjectMetadata, PartialObjectMetadataList};
use kapi_machinery::json::{JsonDecode, JsonElement, JsonEncode, JsonFields, JsonReader, JsonWriter};
use kapi_machinery::proto::{ProtoField, ProtoMessage, ProtoReader, ProtoRepeated, ProtoWriter};
use kapi_machinery::schema::{HasSchema, TypeSchema};
use kapi_machinery::{DecodeError, GroupVersionKind, Kind, TypeMeta};

use crate::resource::{ListResource, Listable, Resource, Subresource};

/// The `Accept` header of a metadata-only get, watch, patch or delete when the client prefers
/// protobuf (client-go's metadata client sends the same: protobuf, JSON, then whole objects).
pub const ACCEPT_ITEM_PROTOBUF: &str = "application/vnd.kubernetes.protobuf;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";
/// The `Accept` header of a metadata-only get, watch, patch or delete in JSON.
pub const ACCEPT_ITEM_JSON: &str = "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";
/// The `Accept` header of a metadata-only list (or delete-collection) when the client prefers
/// protobuf.
pub const ACCEPT_LIST_PROTOBUF: &str = "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";
/// The `Accept` header of a metadata-only list (or delete-collection) in JSON.
pub const ACCEPT_LIST_JSON: &str = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";

/// The verbs an `Api<PartialObjectMeta<K>>` sends: the reads, and the writes whose body is not
/// an object (a patch is sent as given; a delete's body is `DeleteOptions`).
pub const METADATA_VERBS: &[&str] = &["get", "list", "watch", "patch", "delete", "deletecollection"];

/// An object of resource `K` reduced to its metadata (a `meta.k8s.io/v1`
/// `PartialObjectMetadata` on the wire); see the module documentation.
pub struct PartialObjectMeta<K> {
    /// `meta.k8s.io/v1` `PartialObjectMetadata` as the server answers (the kind of `K` when a
    /// server without metadata support answered with the whole object).
    pub type_meta: TypeMeta,
    /// The object's metadata.
    pub metadata: ObjectMeta,
    _k: PhantomData<fn() -> K>,
}

impl<K> PartialObjectMeta<K> {
    /// The metadata of an object of `K`, typed as the server answers metadata-only reads.
    pub fn new(metadata: ObjectMeta) -> Self {
        PartialObjectMeta { type_meta: partial_type_meta(false), metadata, _k: PhantomData }
    }

    /// The object as kapi-api's untyped `PartialObjectMetadata`.
    pub fn into_partial(self) -> PartialObjectMetadata {
        PartialObjectMetadata { type_meta: self.type_meta, metadata: self.metadata }
    }
}

impl<K> From<PartialObjectMetadata> for PartialObjectMeta<K> {
    fn from(p: PartialObjectMetadata) -> Self {
        PartialObjectMeta { type_meta: p.type_meta, metadata: p.metadata, _k: PhantomData }
    }
}

/// A list of objects of resource `K` reduced to their metadata (a `meta.k8s.io/v1`
/// `PartialObjectMetadataList` on the wire).
pub struct PartialObjectMetaList<K> {
    /// `meta.k8s.io/v1` `PartialObjectMetadataList` as the server answers.
    pub type_meta: TypeMeta,
    /// The list's metadata (its `resourceVersion`, `continue`).
    pub metadata: ListMeta,
    /// The items (`null` on the wire when unset, as upstream's).
    pub items: Option<Vec<PartialObjectMeta<K>>>,
}

impl<K> PartialObjectMetaList<K> {
    /// The list as kapi-api's untyped `PartialObjectMetadataList`.
    pub fn into_partial(self) -> PartialObjectMetadataList {
        PartialObjectMetadataList {
            type_meta: self.type_meta,
            metadata: self.metadata,
            items: self.items.map(|items| items.into_iter().map(PartialObjectMeta::into_partial).collect()),
        }
    }
}

impl<K> From<PartialObjectMetadataList> for PartialObjectMetaList<K> {
    fn from(p: PartialObjectMetadataList) -> Self {
        PartialObjectMetaList {
            type_meta: p.type_meta,
            metadata: p.metadata,
            items: p.items.map(|items| items.into_iter().map(PartialObjectMeta::from).collect()),
        }
    }
}

/// `meta.k8s.io/v1` `PartialObjectMetadata` or `PartialObjectMetadataList`.
pub(crate) fn partial_gvk(list: bool) -> GroupVersionKind {
    if list { PartialObjectMetadataList::static_gvk() } else { PartialObjectMetadata::static_gvk() }
}

fn partial_type_meta(list: bool) -> TypeMeta {
    let gvk = partial_gvk(list);
    TypeMeta { kind: gvk.kind.clone(), api_version: gvk.api_version() }
}

// The derives of kapi's types need no bound on the phantom parameter, so these are written out.

impl<K> Default for PartialObjectMeta<K> {
    fn default() -> Self {
        PartialObjectMeta { type_meta: TypeMeta::default(), metadata: ObjectMeta::default(), _k: PhantomData }
    }
}

impl<K> Clone for PartialObjectMeta<K> {
    fn clone(&self) -> Self {
        PartialObjectMeta { type_meta: self.type_meta.clone(), metadata: self.metadata.clone(), _k: PhantomData }
    }
}

impl<K> PartialEq for PartialObjectMeta<K> {
    fn eq(&self, other: &Self) -> bool {
        self.type_meta == other.type_meta && self.metadata == other.metadata
    }
}

impl<K> std::fmt::Debug for PartialObjectMeta<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartialObjectMeta")
            .field("of", &std::any::type_name::<K>())
            .field("type_meta", &self.type_meta)
            .field("metadata", &self.metadata)
            .finish()
    }
}

impl<K> Default for PartialObjectMetaList<K> {
    fn default() -> Self {
        PartialObjectMetaList { type_meta: TypeMeta::default(), metadata: ListMeta::default(), items: None }
    }
}

impl<K> Clone for PartialObjectMetaList<K> {
    fn clone(&self) -> Self {
        PartialObjectMetaList {
            type_meta: self.type_meta.clone(),
            metadata: self.metadata.clone(),
            items: self.items.clone(),
        }
    }
}

impl<K> PartialEq for PartialObjectMetaList<K> {
    fn eq(&self, other: &Self) -> bool {
        self.type_meta == other.type_meta && self.metadata == other.metadata && self.items == other.items
    }
}

impl<K> std::fmt::Debug for PartialObjectMetaList<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartialObjectMetaList")
            .field("of", &std::any::type_name::<K>())
            .field("type_meta", &self.type_meta)
            .field("metadata", &self.metadata)
            .field("items", &self.items)
            .finish()
    }
}

// The codecs: upstream's `PartialObjectMetadata` (`metadata`, protobuf field 1) and
// `PartialObjectMetadataList` (`metadata` 1, `items` 2), with the type meta inlined.

impl<K> JsonFields for PartialObjectMeta<K> {
    fn encode_json_fields(&self, w: &mut JsonWriter) {
        self.type_meta.encode_json_fields(w);
        if !self.metadata.is_json_empty() {
            w.key_static(b"\"metadata\":");
            self.metadata.encode_json(w);
        }
    }

    fn decode_json_field(&mut self, key: &str, r: &mut JsonReader<'_>) -> Result<bool, DecodeError> {
        match key {
            "metadata" => self.metadata.decode_json(r).map(|()| true),
            _ => self.type_meta.decode_json_field(key, r),
        }
    }
}

impl<K> JsonEncode for PartialObjectMeta<K> {
    fn encode_json(&self, w: &mut JsonWriter) {
        kapi_machinery::json::encode_json_object(self, w);
    }

    fn is_json_zero(&self) -> bool {
        self.type_meta.is_json_zero() && self.metadata.is_json_zero()
    }
}

impl<K> JsonDecode for PartialObjectMeta<K> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        kapi_machinery::json::decode_json_object(self, r)
    }
}

impl<K> JsonElement for PartialObjectMeta<K> {}

impl<K> ProtoMessage for PartialObjectMeta<K> {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.metadata.encode_field(1, w);
    }

    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => self.metadata.merge_field(wire, r).map_err(|e| e.in_field("metadata"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl<K> ProtoField for PartialObjectMeta<K> {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        kapi_machinery::proto::encode_message_field(self, field, w);
    }

    fn merge_field(
        &mut self,
        wire: kapi_machinery::proto::WireType,
        r: &mut ProtoReader<'_>,
    ) -> Result<(), DecodeError> {
        kapi_machinery::proto::merge_message_field(self, wire, r)
    }
}

impl<K> ProtoRepeated for PartialObjectMeta<K> {}

impl<K> JsonFields for PartialObjectMetaList<K> {
    fn encode_json_fields(&self, w: &mut JsonWriter) {
        self.type_meta.encode_json_fields(w);
        if !self.metadata.is_json_empty() {
            w.key_static(b"\"metadata\":");
            self.metadata.encode_json(w);
        }
        w.key_static(b"\"items\":");
        self.items.encode_json(w);
    }

    fn decode_json_field(&mut self, key: &str, r: &mut JsonReader<'_>) -> Result<bool, DecodeError> {
        match key {
            "metadata" => self.metadata.decode_json(r).map(|()| true),
            "items" => self.items.decode_json(r).map(|()| true),
            _ => self.type_meta.decode_json_field(key, r),
        }
    }
}

impl<K> JsonEncode for PartialObjectMetaList<K> {
    fn encode_json(&self, w: &mut JsonWriter) {
        kapi_machinery::json::encode_json_object(self, w);
    }

    fn is_json_zero(&self) -> bool {
        self.type_meta.is_json_zero() && self.metadata.is_json_zero() && self.items.is_json_zero()
    }
}

impl<K> JsonDecode for PartialObjectMetaList<K> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        kapi_machinery::json::decode_json_object(self, r)
    }
}

impl<K> ProtoMessage for PartialObjectMetaList<K> {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.items.encode_field(2, w);
        self.metadata.encode_field(1, w);
    }

    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => self.metadata.merge_field(wire, r).map_err(|e| e.in_field("metadata"))?,
                2 => self.items.merge_field(wire, r).map_err(|e| e.in_field("items"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl<K> HasSchema for PartialObjectMeta<K> {
    fn schema() -> &'static TypeSchema {
        PartialObjectMetadata::schema()
    }
}

impl<K> HasSchema for PartialObjectMetaList<K> {
    fn schema() -> &'static TypeSchema {
        PartialObjectMetadataList::schema()
    }
}

/// The kind of `K`: URLs, owner references and caches name `K`, not `meta.k8s.io`.
impl<K: Kind> Kind for PartialObjectMeta<K> {
    const GROUP: &'static str = K::GROUP;
    const VERSION: &'static str = K::VERSION;
    const KIND: &'static str = K::KIND;

    fn kind_type_meta(&self) -> Option<&TypeMeta> {
        Some(&self.type_meta)
    }

    fn kind_type_meta_mut(&mut self) -> Option<&mut TypeMeta> {
        Some(&mut self.type_meta)
    }
}

/// The list kind of `K` (`PodList`).
impl<K: Listable> Kind for PartialObjectMetaList<K> {
    const GROUP: &'static str = <K::List as Kind>::GROUP;
    const VERSION: &'static str = <K::List as Kind>::VERSION;
    const KIND: &'static str = <K::List as Kind>::KIND;

    fn kind_type_meta(&self) -> Option<&TypeMeta> {
        Some(&self.type_meta)
    }

    fn kind_type_meta_mut(&mut self) -> Option<&mut TypeMeta> {
        Some(&mut self.type_meta)
    }
}

/// `K`'s resource, read and written metadata-only: `K`'s name, scope, verbs and wire
/// preference (an `Api` over it sends only the verbs of [`METADATA_VERBS`]); no subresources.
impl<K: Resource> Resource for PartialObjectMeta<K> {
    const RESOURCE: &'static str = K::RESOURCE;
    type Scope = K::Scope;
    const PROTOBUF: bool = K::PROTOBUF;
    const VERBS: &'static [&'static str] = K::VERBS;
    const SUBRESOURCES: &'static [Subresource] = &[];
    const SHORT_NAMES: &'static [&'static str] = K::SHORT_NAMES;
    const CATEGORIES: &'static [&'static str] = K::CATEGORIES;
    const METADATA_ONLY: bool = true;

    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }

    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

impl<K: Listable> Listable for PartialObjectMeta<K> {
    type List = PartialObjectMetaList<K>;
}

impl<K: Listable> ListResource for PartialObjectMetaList<K> {
    type Item = PartialObjectMeta<K>;

    fn list_meta(&self) -> &ListMeta {
        &self.metadata
    }

    fn list_meta_mut(&mut self) -> &mut ListMeta {
        &mut self.metadata
    }

    fn items(&self) -> &[PartialObjectMeta<K>] {
        self.items.as_deref().unwrap_or_default()
    }

    fn into_items(self) -> Vec<PartialObjectMeta<K>> {
        self.items.unwrap_or_default()
    }

    fn set_items(&mut self, items: Vec<PartialObjectMeta<K>>) {
        self.items = Some(items);
    }
}

#[cfg(all(test, feature = "core"))]
mod tests {
    use std::collections::BTreeMap;

    use kapi_api::core::v1::{ConfigMap, ConfigMapList};
    use kapi_api::meta::v1::OwnerReference;
    use kapi_machinery::{Format, Object, Options, Scheme, Serializer};

    use super::*;
    use crate::KindInfo;

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta {
            name: name.into(),
            namespace: "ns".into(),
            uid: format!("uid-{name}"),
            resource_version: "7".into(),
            labels: BTreeMap::from([("app".to_string(), "web".to_string())]),
            owner_references: vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "Deployment".into(),
                name: "web".into(),
                uid: "d-1".into(),
                controller: Some(true),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    fn encode(obj: &dyn Object, format: Format) -> Vec<u8> {
        Serializer::new(&Scheme::new(), format, Options::default()).encode(obj).expect("encodes")
    }

    fn decode<T: Kind>(data: &[u8], format: Format, also_as: GroupVersionKind) -> T {
        let mut scheme = Scheme::new();
        scheme.add_known_type::<T>().expect("registers");
        scheme.add_known_type_as::<T>(also_as).expect("registers");
        let decoded = Serializer::new(&scheme, format, Options::default()).decode(data, None).expect("decodes");
        *decoded.object.into_any().downcast::<T>().expect("decodes as T")
    }

    #[test]
    fn writes_the_bytes_of_upstreams_partial_object_metadata() {
        let theirs = PartialObjectMetadata { type_meta: partial_type_meta(false), metadata: meta("a") };
        let ours = PartialObjectMeta::<ConfigMap>::new(meta("a"));
        for format in [Format::Json, Format::Protobuf, Format::Yaml] {
            assert_eq!(encode(&ours, format), encode(&theirs, format), "{format:?}");
        }
        for items in [None, Some(vec![]), Some(vec![meta("a"), meta("b")])] {
            let theirs = PartialObjectMetadataList {
                type_meta: partial_type_meta(true),
                metadata: ListMeta { resource_version: "9".into(), continue_: "c".into(), ..Default::default() },
                items: items.map(|i| {
                    i.into_iter()
                        .map(|m| PartialObjectMetadata { type_meta: partial_type_meta(false), metadata: m })
                        .collect()
                }),
            };
            let ours = PartialObjectMetaList::<ConfigMap>::from(theirs.clone());
            for format in [Format::Json, Format::Protobuf] {
                assert_eq!(encode(&ours, format), encode(&theirs, format), "{format:?}");
            }
            assert_eq!(ours.into_partial(), theirs);
        }
    }

    #[test]
    fn reads_partial_object_metadata_and_whole_objects() {
        let theirs = PartialObjectMetadataList {
            type_meta: partial_type_meta(true),
            metadata: ListMeta { resource_version: "9".into(), ..Default::default() },
            // Items carry no type meta: protobuf has no place for it in a nested message.
            items: Some(vec![PartialObjectMetadata { type_meta: TypeMeta::default(), metadata: meta("a") }]),
        };
        for format in [Format::Json, Format::Protobuf] {
            let ours: PartialObjectMetaList<ConfigMap> = decode(&encode(&theirs, format), format, partial_gvk(true));
            assert_eq!(ours, PartialObjectMetaList::from(theirs.clone()), "{format:?}");
        }

        // A server without metadata support answers whole objects: their metadata is kept.
        let whole = ConfigMapList {
            type_meta: TypeMeta { kind: "ConfigMapList".into(), api_version: "v1".into() },
            metadata: ListMeta { resource_version: "9".into(), ..Default::default() },
            items: Some(vec![ConfigMap {
                metadata: meta("a"),
                data: BTreeMap::from([("big".to_string(), "x".repeat(100))]),
                ..Default::default()
            }]),
        };
        for format in [Format::Json, Format::Protobuf] {
            let ours: PartialObjectMetaList<ConfigMap> = decode(&encode(&whole, format), format, partial_gvk(true));
            assert_eq!(ours.metadata.resource_version, "9");
            assert_eq!(ours.items().len(), 1, "{format:?}");
            assert_eq!(ours.items()[0].metadata, meta("a"), "{format:?}");
        }
    }

    #[test]
    fn stands_for_the_kind_it_reduces() {
        assert_eq!(KindInfo::of::<PartialObjectMeta<ConfigMap>>().gvk(), ConfigMap::static_gvk());
        assert_eq!(<PartialObjectMetaList<ConfigMap> as Kind>::static_gvk(), ConfigMapList::static_gvk());
        assert_eq!(<PartialObjectMeta<ConfigMap> as Resource>::RESOURCE, "configmaps");
        const { assert!(<PartialObjectMeta<ConfigMap> as Resource>::METADATA_ONLY) };
        const { assert!(!<ConfigMap as Resource>::METADATA_ONLY) };
        assert_eq!(PartialObjectMeta::<ConfigMap>::new(meta("a")).metadata().name, "a");
    }
}
