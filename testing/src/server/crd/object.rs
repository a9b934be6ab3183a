//! Custom objects as the server stores them (JSON with typed metadata), and the `ResourceInfo` of a served custom resource version.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use kapi_api::autoscaling::v1::Scale;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::json::{JsonDecode, JsonEncode, JsonReader, JsonWriter};
use kapi_machinery::proto::{ProtoReader, ProtoWriter};
use kapi_machinery::resource::Subresource;
use kapi_machinery::schema::{HasSchema, TypeSchema};
use kapi_machinery::{DecodeError, EncodeError, Kind, KindCodec, KindInfo, Object, TypeMeta};

/// The name a custom object is registered under in messages; its real kind is in its own `kind`.
const PLACEHOLDER_KIND: &str = "CustomObject";

/// One custom object: `apiVersion` and `kind` as it says, `metadata` typed (so unknown metadata
/// fields are dropped, as upstream prunes `metadata` to `ObjectMeta`), every other member as JSON.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomObject {
    pub type_meta: TypeMeta,
    pub metadata: ObjectMeta,
    /// The members besides `apiVersion`, `kind` and `metadata`, in order.
    pub fields: Vec<(String, Value)>,
}

/// A list of custom objects; its `kind` and `apiVersion` are set by the server from the
/// definition, since one Rust type serves every custom list kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomObjectList {
    pub type_meta: TypeMeta,
    pub metadata: ListMeta,
    pub items: Vec<CustomObject>,
}

impl CustomObject {
    /// The object as one JSON value.
    pub fn to_value(&self) -> Value {
        let bytes = kapi_machinery::json::to_vec(self).unwrap_or_default();
        value::parse(&bytes).unwrap_or(Value::Object(Vec::new()))
    }

    /// The object of a JSON value (`metadata` decoded as `ObjectMeta`).
    pub fn from_value(v: &Value) -> Result<CustomObject, DecodeError> {
        let mut obj = CustomObject::default();
        let data = v.to_compact_vec();
        obj.decode_json(&mut JsonReader::new(&data, false))?;
        Ok(obj)
    }
}

impl JsonEncode for CustomObject {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.begin_object();
        if !self.type_meta.api_version.is_empty() {
            w.key("apiVersion");
            w.string(&self.type_meta.api_version);
        }
        if !self.type_meta.kind.is_empty() {
            w.key("kind");
            w.string(&self.type_meta.kind);
        }
        w.key("metadata");
        self.metadata.encode_json(w);
        for (k, v) in &self.fields {
            w.key(k);
            w.raw_json(&v.to_compact_vec());
        }
        w.end_object();
    }

    fn is_json_zero(&self) -> bool {
        *self == CustomObject::default()
    }
}

impl JsonDecode for CustomObject {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            return Ok(());
        }
        let mut it = r.begin_object()?;
        while let Some(key) = r.next_key(&mut it)? {
            match key.as_ref() {
                "apiVersion" => self.type_meta.api_version.decode_json(r)?,
                "kind" => self.type_meta.kind.decode_json(r)?,
                "metadata" => self.metadata.decode_json(r)?,
                other => {
                    let other = other.to_owned();
                    let raw = r.raw_value()?;
                    let v =
                        value::parse(raw).map_err(|e| r.err(kapi_machinery::DecodeErrorKind::Syntax(e.to_string())))?;
                    match self.fields.iter_mut().find(|(k, _)| *k == other) {
                        Some(slot) => slot.1 = v,
                        None => self.fields.push((other, v)),
                    }
                }
            }
        }
        Ok(())
    }
}

impl KindCodec for CustomObject {
    fn kind_encode_json(&self, w: &mut JsonWriter) -> Result<(), EncodeError> {
        self.encode_json(w);
        Ok(())
    }
    fn kind_decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.decode_json(r)
    }
    fn kind_encode_proto(&self, _w: &mut ProtoWriter) -> Result<(), EncodeError> {
        Err(kapi_machinery::object::no_protobuf_encode_error(&self.type_meta.kind))
    }
    fn kind_merge_proto(&mut self, _r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        Err(kapi_machinery::object::no_protobuf_decode_error(&self.type_meta.kind))
    }
}

impl Kind for CustomObject {
    const GROUP: &'static str = "";
    const VERSION: &'static str = "";
    const KIND: &'static str = PLACEHOLDER_KIND;
    fn kind_type_meta(&self) -> Option<&TypeMeta> {
        Some(&self.type_meta)
    }
    /// None: the tracker and the decoder stamp the registered kind on what they store, and one
    /// Rust type stands for every custom kind, so the object keeps the `apiVersion` and `kind`
    /// the server set (see `crd::prepare`).
    fn kind_type_meta_mut(&mut self) -> Option<&mut TypeMeta> {
        None
    }
}

impl JsonEncode for CustomObjectList {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.begin_object();
        w.key("apiVersion");
        w.string(&self.type_meta.api_version);
        w.key("items");
        w.begin_array();
        for item in &self.items {
            w.element();
            item.encode_json(w);
        }
        w.end_array();
        w.key("kind");
        w.string(&self.type_meta.kind);
        w.key("metadata");
        self.metadata.encode_json(w);
        w.end_object();
    }

    fn is_json_zero(&self) -> bool {
        *self == CustomObjectList::default()
    }
}

impl JsonDecode for CustomObjectList {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            return Ok(());
        }
        let mut it = r.begin_object()?;
        while let Some(key) = r.next_key(&mut it)? {
            match key.as_ref() {
                "apiVersion" => self.type_meta.api_version.decode_json(r)?,
                "kind" => self.type_meta.kind.decode_json(r)?,
                "metadata" => self.metadata.decode_json(r)?,
                "items" => {
                    if r.try_null()? {
                        continue;
                    }
                    let mut items = r.begin_array()?;
                    while r.next_element(&mut items)? {
                        let mut item = CustomObject::default();
                        item.decode_json(r)?;
                        self.items.push(item);
                    }
                }
                _ => r.skip_value()?,
            }
        }
        Ok(())
    }
}

impl KindCodec for CustomObjectList {
    fn kind_encode_json(&self, w: &mut JsonWriter) -> Result<(), EncodeError> {
        self.encode_json(w);
        Ok(())
    }
    fn kind_decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.decode_json(r)
    }
    fn kind_encode_proto(&self, _w: &mut ProtoWriter) -> Result<(), EncodeError> {
        Err(kapi_machinery::object::no_protobuf_encode_error(&self.type_meta.kind))
    }
    fn kind_merge_proto(&mut self, _r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        Err(kapi_machinery::object::no_protobuf_decode_error(&self.type_meta.kind))
    }
}

impl Kind for CustomObjectList {
    const GROUP: &'static str = "";
    const VERSION: &'static str = "";
    const KIND: &'static str = "CustomObjectList";
    fn kind_type_meta(&self) -> Option<&TypeMeta> {
        Some(&self.type_meta)
    }
    /// None, for the reason [`CustomObject`]'s is.
    fn kind_type_meta_mut(&mut self) -> Option<&mut TypeMeta> {
        None
    }
}

/// Process-wide interned names: `ResourceInfo` holds `&'static str`s, and custom resources are
/// defined at run time, so each distinct name is leaked once and shared by every server and
/// every later definition that uses it. The set only grows with distinct names tests define.
pub(crate) fn intern(s: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = names.get(s) {
        return found;
    }
    let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
    names.insert(leaked);
    leaked
}

/// A list of names, interned as [`intern`] does names: each distinct list is allocated once.
pub(crate) fn intern_list(items: &[String]) -> &'static [&'static str] {
    static LISTS: OnceLock<Mutex<HashSet<&'static [&'static str]>>> = OnceLock::new();
    let interned: Vec<&'static str> = items.iter().map(|s| intern(s)).collect();
    let mut lists = LISTS.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = lists.get(interned.as_slice()) {
        return found;
    }
    let leaked: &'static [&'static str] = Box::leak(interned.into_boxed_slice());
    lists.insert(leaked);
    leaked
}

/// Interned subresource tables, by group, version, kind and which subresources (leaked once
/// each, as [`intern`] does names).
fn subresources(kind: KindInfo, status: bool, scale: bool) -> &'static [Subresource] {
    type Key = (&'static str, &'static str, &'static str, bool, bool);
    static TABLES: OnceLock<Mutex<std::collections::HashMap<Key, &'static [Subresource]>>> = OnceLock::new();
    let key = (kind.group, kind.version, kind.kind, status, scale);
    let mut tables = TABLES.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    tables.entry(key).or_insert_with(|| {
        const SCALE_VERBS: &[&str] = &["get", "update", "patch"];
        const SCALE_INPUTS: &[KindInfo] = &[KindInfo::of::<Scale>()];
        let mut subs = Vec::new();
        if status {
            subs.push(Subresource {
                name: "status",
                verbs: kapi_machinery::resource::OWN_KIND_SUBRESOURCE_VERBS,
                inputs: &[],
                result: kind,
            });
        }
        if scale {
            subs.push(Subresource {
                name: "scale",
                verbs: SCALE_VERBS,
                inputs: SCALE_INPUTS,
                result: KindInfo::of::<Scale>(),
            });
        }
        Box::leak(subs.into_boxed_slice())
    })
}

/// The verbs every custom resource is served with (upstream's, plus `apply`).
pub(crate) const VERBS: &[&str] =
    &["delete", "deletecollection", "get", "list", "patch", "create", "update", "watch", "apply"];

/// The schema patches fall back on when a definition gives none: metadata only.
fn any_schema() -> &'static TypeSchema {
    <ObjectMeta as HasSchema>::schema()
}

/// What a served version of a definition amounts to as a resource.
#[allow(clippy::too_many_arguments, reason = "one call site, each argument a fact of the definition")]
pub(crate) fn resource_info(
    group: &str,
    version: &str,
    plural: &str,
    kind: &str,
    list_kind: &str,
    namespaced: bool,
    status: bool,
    scale: bool,
) -> ResourceInfo {
    let (group, version, kind) = (intern(group), intern(version), intern(kind));
    let kind_info = KindInfo { group, version, kind, new_object: || Box::new(CustomObject::default()) };
    ResourceInfo {
        group,
        version,
        resource: intern(plural),
        kind,
        list_kind: Some(intern(list_kind)),
        namespaced,
        protobuf: false,
        verbs: VERBS,
        subresources: subresources(kind_info, status, scale),
        new_object: || Box::new(CustomObject::default()),
        metadata: |o| o.as_any().downcast_ref::<CustomObject>().map(|c| &c.metadata),
        metadata_mut: |o| o.as_any_mut().downcast_mut::<CustomObject>().map(|c| &mut c.metadata),
        new_list: Some(|items, meta| {
            let items =
                items.into_iter().filter_map(|o| o.into_any().downcast::<CustomObject>().ok().map(|b| *b)).collect();
            Box::new(CustomObjectList { type_meta: TypeMeta::default(), metadata: meta, items })
        }),
        split_list: Some(|obj| {
            let list = obj.into_any().downcast::<CustomObjectList>().ok()?;
            let items = list.items.into_iter().map(|i| Box::new(i) as Box<dyn Object>).collect();
            Some((items, list.metadata))
        }),
        // The merge rules of a custom resource come from its schema (see `crd::merge_rules`);
        // this is what a bare registration would fall back on.
        schema: any_schema,
        // Set from the definition's accepted names by the caller.
        short_names: &[],
        categories: &[],
        // Custom objects' names are DNS subdomains (upstream's `customResourceStrategy`).
        own_name_rule: false,
    }
}

/// Sets a custom list's `apiVersion` and `kind`.
pub(crate) fn set_list_type(list: &mut dyn Object, api_version: &str, list_kind: &str) {
    if let Some(l) = list.as_any_mut().downcast_mut::<CustomObjectList>() {
        l.type_meta = TypeMeta { api_version: api_version.to_owned(), kind: list_kind.to_owned() };
    }
}

/// A custom object as read through a version of its resource: the same object with that
/// version's `apiVersion` (all versions share storage under conversion `None`).
pub(crate) fn show_version(obj: &mut dyn Object, info: &ResourceInfo) {
    if let Some(c) = as_custom(obj) {
        c.type_meta.api_version = format!("{}/{}", info.group, info.version);
    }
}

/// The custom object in a boxed object, if it is one.
pub(crate) fn as_custom(obj: &mut dyn Object) -> Option<&mut CustomObject> {
    obj.as_any_mut().downcast_mut::<CustomObject>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_keep_members_and_drop_unknown_metadata() {
        let data =
            br#"{"apiVersion":"x.io/v1","kind":"W","metadata":{"name":"a","bogus":1},"spec":{"b":[1,2]},"z":null}"#;
        let mut obj = CustomObject::default();
        obj.decode_json(&mut JsonReader::new(data, false)).expect("decodes");
        assert_eq!(obj.metadata.name, "a");
        assert_eq!(obj.type_meta.kind, "W");
        let out = String::from_utf8(kapi_machinery::json::to_vec(&obj).expect("encodes")).expect("utf-8");
        assert_eq!(out, r#"{"apiVersion":"x.io/v1","kind":"W","metadata":{"name":"a"},"spec":{"b":[1,2]},"z":null}"#);
    }

    #[test]
    fn names_are_interned_once() {
        let a = intern(&String::from("widgets"));
        let b = intern("widgets");
        assert!(std::ptr::eq(a, b));
    }
}
