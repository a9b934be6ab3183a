//! Object identity: group/version/kind, `TypeMeta`, and the `Object` trait every top-level kind has.

use std::any::Any;
use std::fmt;

use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
#[cfg(feature = "testing")]
use crate::fill::{Fill, FillCtx};
#[cfg(feature = "testing")]
use crate::fuzz::{Fuzz, Fuzzer};
use crate::json::{JsonDecode, JsonEncode, JsonFields, JsonReader, JsonWriter};
use crate::proto::{ProtoMessage, ProtoReader, ProtoWriter};
#[cfg(feature = "testing")]
use crate::semantic::SemanticEq;

/// The version name of internal (hub) types, as upstream spells it.
pub const INTERNAL_VERSION: &str = "__internal";

/// A group and version, e.g. `admission.k8s.io/v1`; the core group is `""` and prints as `v1`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct GroupVersion {
    /// The API group, a DNS subdomain such as `apps` or `admission.k8s.io`; empty for the core
    /// (legacy) group served under `/api`.
    pub group: String,
    /// The version within the group (`v1`, `v1beta1`, …), or [`INTERNAL_VERSION`] for hub types.
    pub version: String,
}

/// Upstream's `schema.ParseGroupVersion`, borrowing: `""` and `"/"` are empty, no `/` is a bare
/// version in the core group, one `/` splits group from version (either may be empty), more is
/// `unexpected GroupVersion string: <gv>`. Looser than [`GroupVersion::parse`], which refuses
/// empty parts where a decoded object's `apiVersion` is read; validation messages follow this.
pub fn parse_group_version(gv: &str) -> Result<(&str, &str), String> {
    if gv.is_empty() || gv == "/" {
        return Ok(("", ""));
    }
    match gv.split_once('/') {
        None => Ok(("", gv)),
        Some((g, v)) if !v.contains('/') => Ok((g, v)),
        Some(_) => Err(format!("unexpected GroupVersion string: {gv}")),
    }
}

impl GroupVersion {
    /// A group and version.
    pub fn new(group: impl Into<String>, version: impl Into<String>) -> Self {
        GroupVersion { group: group.into(), version: version.into() }
    }

    /// Parses an `apiVersion` string: `group/version` or a bare `version` for the core group.
    pub fn parse(api_version: &str) -> Result<Self, DecodeError> {
        match api_version.split('/').collect::<Vec<_>>()[..] {
            [""] => Ok(GroupVersion::default()),
            [v] => Ok(GroupVersion::new("", v)),
            [g, v] if !g.is_empty() && !v.is_empty() => Ok(GroupVersion::new(g, v)),
            _ => Err(DecodeError::invalid(format!("unexpected GroupVersion string: {api_version}"))),
        }
    }

    /// With a kind.
    pub fn with_kind(&self, kind: impl Into<String>) -> GroupVersionKind {
        GroupVersionKind { group: self.group.clone(), version: self.version.clone(), kind: kind.into() }
    }
}

impl fmt::Display for GroupVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.group.is_empty() { write!(f, "{}", self.version) } else { write!(f, "{}/{}", self.group, self.version) }
    }
}

/// A group, version and kind.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct GroupVersionKind {
    /// The API group; empty for the core group.
    pub group: String,
    /// The version within the group, or [`INTERNAL_VERSION`] for hub types.
    pub version: String,
    /// The CamelCase type name a serialized object carries in `kind` (`Pod`, `DeploymentList`).
    pub kind: String,
}

impl GroupVersionKind {
    /// A group, version and kind.
    pub fn new(group: impl Into<String>, version: impl Into<String>, kind: impl Into<String>) -> Self {
        GroupVersionKind { group: group.into(), version: version.into(), kind: kind.into() }
    }

    /// The `apiVersion` string.
    pub fn api_version(&self) -> String {
        self.group_version().to_string()
    }

    /// The group and version.
    pub fn group_version(&self) -> GroupVersion {
        GroupVersion::new(self.group.clone(), self.version.clone())
    }

    /// Whether group, version and kind are all empty.
    pub fn is_empty(&self) -> bool {
        self.group.is_empty() && self.version.is_empty() && self.kind.is_empty()
    }

    /// Builds a kind from `apiVersion` and `kind` strings.
    pub fn from_api_version_and_kind(api_version: &str, kind: &str) -> Result<Self, DecodeError> {
        Ok(GroupVersion::parse(api_version)?.with_kind(kind))
    }
}

impl fmt::Display for GroupVersionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, Kind={}", self.group_version(), self.kind)
    }
}

/// `metav1.TypeMeta`: inline in JSON (`kind`, `apiVersion`), never in the protobuf message (the
/// envelope carries it).
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct TypeMeta {
    /// The `kind` member, e.g. `Pod`; empty when the sender left it out.
    pub kind: String,
    /// The `apiVersion` member, `group/version` or a bare version for the core group.
    pub api_version: String,
}

impl TypeMeta {
    /// The kind these fields name (empty parts stay empty).
    pub fn gvk(&self) -> GroupVersionKind {
        match GroupVersion::parse(&self.api_version) {
            Ok(gv) => gv.with_kind(self.kind.clone()),
            Err(_) => {
                GroupVersionKind { group: String::new(), version: self.api_version.clone(), kind: self.kind.clone() }
            }
        }
    }

    /// Sets both fields from a kind.
    pub fn set_gvk(&mut self, gvk: &GroupVersionKind) {
        self.kind = gvk.kind.clone();
        self.api_version = gvk.api_version();
    }

    /// Whether either field is empty.
    pub fn is_incomplete(&self) -> bool {
        self.kind.is_empty() || self.api_version.is_empty()
    }

    /// These fields, with each empty one taken from `gvk`.
    pub fn or_gvk(&self, gvk: &GroupVersionKind) -> TypeMeta {
        TypeMeta {
            kind: or_else(&self.kind, &gvk.kind).to_owned(),
            api_version: if self.api_version.is_empty() { gvk.api_version() } else { self.api_version.clone() },
        }
    }
}

fn or_else<'a>(s: &'a str, fallback: &'a str) -> &'a str {
    if s.is_empty() { fallback } else { s }
}

impl JsonFields for TypeMeta {
    fn encode_json_fields(&self, w: &mut JsonWriter) {
        let fallback = w.take_top_level_type_meta();
        let (kind, api_version) = match &fallback {
            Some(f) => (or_else(&self.kind, &f.kind), or_else(&self.api_version, &f.api_version)),
            None => (self.kind.as_str(), self.api_version.as_str()),
        };
        if !kind.is_empty() {
            w.key_static(b"\"kind\":");
            w.string(kind);
        }
        if !api_version.is_empty() {
            w.key_static(b"\"apiVersion\":");
            w.string(api_version);
        }
    }
    fn decode_json_field(&mut self, key: &str, r: &mut JsonReader<'_>) -> Result<bool, DecodeError> {
        match key {
            "kind" => self.kind.decode_json(r)?,
            "apiVersion" => self.api_version.decode_json(r)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl JsonEncode for TypeMeta {
    fn encode_json(&self, w: &mut JsonWriter) {
        crate::json::encode_json_object(self, w);
    }
    fn is_json_zero(&self) -> bool {
        self.kind.is_empty() && self.api_version.is_empty()
    }
}

impl JsonDecode for TypeMeta {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        crate::json::decode_json_object(self, r)
    }
}

#[cfg(feature = "testing")]
impl Fill for TypeMeta {
    /// Upstream's fill function clears nested type meta; the top level is set afterwards.
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = TypeMeta::default();
    }
    /// As a map value no fill function applies, so the fields get the generic fill (protobuf
    /// numbers 1 and 2).
    fn fill_map_value(&mut self, _s: &str, _i: i64, cx: &mut FillCtx) {
        self.kind.fill("kind", 1, cx);
        self.api_version.fill("apiVersion", 2, cx);
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for TypeMeta {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

/// A type registered as a kind: its identity and how to reach its `TypeMeta`.
pub trait Kind: Default + Clone + fmt::Debug + Send + Sync + 'static + KindCodec {
    /// The API group (`""` for core).
    const GROUP: &'static str;
    /// The version (`v1`, …, or [`INTERNAL_VERSION`]).
    const VERSION: &'static str;
    /// The kind name.
    const KIND: &'static str;

    /// The object's `TypeMeta`, if the kind has one (`WatchEvent` does not).
    fn kind_type_meta(&self) -> Option<&TypeMeta>;
    /// Mutable access to the `TypeMeta`.
    fn kind_type_meta_mut(&mut self) -> Option<&mut TypeMeta>;

    /// The kind's test support, reached through `dyn Object` ([`Object::fill_dyn`] and the
    /// others). The derive sets it when the defining crate's `testing` feature is on; it is not a
    /// supertrait bound, so a crate built without that feature still compiles when another crate
    /// in the build turns on `kapi-machinery/testing`.
    #[cfg(feature = "testing")]
    const TEST_FNS: Option<TestFns<Self>> = None;

    /// The registered group/version/kind.
    fn static_gvk() -> GroupVersionKind {
        GroupVersionKind::new(Self::GROUP, Self::VERSION, Self::KIND)
    }
}

/// A kind with a wire form: what round-trip tests and typed clients work with. Protobuf goes
/// through [`KindCodec`], which JSON-only kinds (custom resources) implement by refusing it.
pub trait VersionedKind: Kind + JsonEncode + JsonDecode {}

impl<T: Kind + JsonEncode + JsonDecode> VersionedKind for T {}

/// A kind's fixture fill, fuzzing and semantic equality as plain functions, so that `Object` can
/// offer them without requiring them of every kind.
#[cfg(feature = "testing")]
pub struct TestFns<T> {
    fill: fn(&mut T, &str, i64, &mut FillCtx),
    fuzz: fn(&mut Fuzzer, &mut T),
    semantic_eq: fn(&T, &T) -> bool,
}

#[cfg(feature = "testing")]
impl<T> Clone for TestFns<T> {
    fn clone(&self) -> Self {
        *self
    }
}

#[cfg(feature = "testing")]
impl<T> Copy for TestFns<T> {}

#[cfg(feature = "testing")]
impl<T: Fill + Fuzz + SemanticEq> TestFns<T> {
    /// The functions of a type with all three traits.
    pub const fn new() -> Self {
        TestFns {
            fill: crate::fill::fill_field::<T>,
            fuzz: Fuzzer::fuzz::<T>,
            semantic_eq: <T as SemanticEq>::semantic_eq,
        }
    }
}

#[cfg(feature = "testing")]
impl<T: Fill + Fuzz + SemanticEq> Default for TestFns<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// The test support of a kind; a kind without it is a build set-up mistake that only tests reach.
#[cfg(feature = "testing")]
fn test_fns<T: Kind>() -> TestFns<T> {
    T::TEST_FNS.unwrap_or_else(|| {
        panic!(
            "`{}` has no test support: enable the `testing` feature of the crate that defines it",
            std::any::type_name::<T>()
        )
    })
}

/// How a kind's objects are written and read: versioned kinds through their JSON and protobuf
/// codecs; internal kinds have no wire form and refuse, so they are converted to a version first.
pub trait KindCodec {
    /// Whether this is an internal kind (no wire form).
    const INTERNAL: bool = false;
    /// Writes the object as JSON.
    fn kind_encode_json(&self, w: &mut JsonWriter) -> Result<(), EncodeError>;
    /// Reads JSON into the object.
    fn kind_decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError>;
    /// Writes the protobuf message body.
    fn kind_encode_proto(&self, w: &mut ProtoWriter) -> Result<(), EncodeError>;
    /// Merges a protobuf message body.
    fn kind_merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError>;
}

impl<T: JsonEncode + JsonDecode + ProtoMessage> KindCodec for T {
    #[inline]
    fn kind_encode_json(&self, w: &mut JsonWriter) -> Result<(), EncodeError> {
        self.encode_json(w);
        Ok(())
    }
    #[inline]
    fn kind_decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.decode_json(r)
    }
    #[inline]
    fn kind_encode_proto(&self, w: &mut ProtoWriter) -> Result<(), EncodeError> {
        self.encode_proto(w);
        Ok(())
    }
    #[inline]
    fn kind_merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        self.merge_proto(r)
    }
}

/// The error every codec operation of an internal kind returns.
pub fn internal_encode_error(kind: &str) -> EncodeError {
    EncodeError::Internal(kind.to_owned())
}

/// The error decoding into an internal kind returns.
pub fn internal_decode_error(kind: &str) -> DecodeError {
    DecodeErrorKind::Invalid(format!(
        "{kind} is an internal type and has no wire form; decode a version and convert it"
    ))
    .into()
}

/// The error encoding a JSON-only kind as protobuf returns.
pub fn no_protobuf_encode_error(kind: &str) -> EncodeError {
    EncodeError::NoProtobuf(kind.to_owned())
}

/// The error decoding protobuf into a JSON-only kind returns.
pub fn no_protobuf_decode_error(kind: &str) -> DecodeError {
    DecodeErrorKind::Invalid(format!("{kind} has no protobuf form (it is JSON only)")).into()
}

/// A top-level API object, usable behind `dyn`: identity, deep copy and codecs.
pub trait Object: Any + Send + Sync + fmt::Debug {
    /// The object's `TypeMeta`, if its kind has one.
    fn type_meta(&self) -> Option<&TypeMeta>;
    /// Mutable access to the `TypeMeta`.
    fn type_meta_mut(&mut self) -> Option<&mut TypeMeta>;
    /// The kind this Rust type is registered as.
    fn registered_gvk(&self) -> GroupVersionKind;
    /// The kind the object says it is (its `TypeMeta`), as upstream's `GetObjectKind` returns.
    fn object_gvk(&self) -> GroupVersionKind {
        gvk_of(self.type_meta())
    }
    /// Sets `kind`/`apiVersion` to the registered kind (no-op for kinds without `TypeMeta`).
    fn set_registered_type_meta(&mut self) {
        let gvk = self.registered_gvk();
        set_gvk(self.type_meta_mut(), &gvk);
    }
    /// A deep, independent copy.
    fn deep_copy_object(&self) -> Box<dyn Object>;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// For downcasting by value.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    /// Whether the object is of an internal kind, which has no wire form.
    fn is_internal(&self) -> bool;
    /// Writes the object as JSON (fails for internal kinds).
    fn encode_json_dyn(&self, w: &mut JsonWriter) -> Result<(), EncodeError>;
    /// Reads JSON into the object.
    fn decode_json_dyn(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError>;
    /// Writes the object's protobuf message body (fails for internal kinds).
    fn encode_proto_dyn(&self, w: &mut ProtoWriter) -> Result<(), EncodeError>;
    /// Merges a protobuf message body into the object.
    fn merge_proto_dyn(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError>;
    /// Applies upstream's deterministic fixture fill.
    #[cfg(feature = "testing")]
    fn fill_dyn(&mut self, cx: &mut FillCtx);
    /// Fills the object with seeded random values (custom functions of the fuzzer apply).
    #[cfg(feature = "testing")]
    fn fuzz_dyn(&mut self, f: &mut Fuzzer);
    /// Semantic equality with another object of the same type (`false` for other types).
    #[cfg(feature = "testing")]
    fn semantic_eq_dyn(&self, other: &dyn Object) -> bool;
}

// The default methods of `Object` are instantiated for every kind; their work is done here once.
fn gvk_of(tm: Option<&TypeMeta>) -> GroupVersionKind {
    tm.map(TypeMeta::gvk).unwrap_or_default()
}

fn set_gvk(tm: Option<&mut TypeMeta>, gvk: &GroupVersionKind) {
    if let Some(tm) = tm {
        tm.set_gvk(gvk);
    }
}

impl<T: Kind> Object for T {
    fn type_meta(&self) -> Option<&TypeMeta> {
        self.kind_type_meta()
    }
    fn type_meta_mut(&mut self) -> Option<&mut TypeMeta> {
        self.kind_type_meta_mut()
    }
    fn registered_gvk(&self) -> GroupVersionKind {
        T::static_gvk()
    }
    fn deep_copy_object(&self) -> Box<dyn Object> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn is_internal(&self) -> bool {
        T::INTERNAL
    }
    fn encode_json_dyn(&self, w: &mut JsonWriter) -> Result<(), EncodeError> {
        self.kind_encode_json(w)
    }
    fn decode_json_dyn(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.kind_decode_json(r)
    }
    fn encode_proto_dyn(&self, w: &mut ProtoWriter) -> Result<(), EncodeError> {
        self.kind_encode_proto(w)
    }
    fn merge_proto_dyn(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        self.kind_merge_proto(r)
    }
    #[cfg(feature = "testing")]
    fn fill_dyn(&mut self, cx: &mut FillCtx) {
        (test_fns::<T>().fill)(self, "", 0, cx);
    }
    #[cfg(feature = "testing")]
    fn fuzz_dyn(&mut self, f: &mut Fuzzer) {
        (test_fns::<T>().fuzz)(f, self);
    }
    #[cfg(feature = "testing")]
    fn semantic_eq_dyn(&self, other: &dyn Object) -> bool {
        other.as_any().downcast_ref::<T>().is_some_and(|o| (test_fns::<T>().semantic_eq)(self, o))
    }
}

impl dyn Object {
    /// Downcasts to a concrete kind.
    pub fn downcast_ref<T: Kind>(&self) -> Option<&T> {
        self.as_any().downcast_ref()
    }

    /// Downcasts to a concrete kind.
    pub fn downcast_mut<T: Kind>(&mut self) -> Option<&mut T> {
        self.as_any_mut().downcast_mut()
    }
}

impl Clone for Box<dyn Object> {
    fn clone(&self) -> Self {
        self.deep_copy_object()
    }
}

#[cfg(test)]
mod tests {
    use super::parse_group_version;

    #[test]
    fn group_versions_parse_as_upstream() {
        assert_eq!(parse_group_version(""), Ok(("", "")));
        assert_eq!(parse_group_version("/"), Ok(("", "")));
        assert_eq!(parse_group_version("v1"), Ok(("", "v1")));
        assert_eq!(parse_group_version("rbac/v8"), Ok(("rbac", "v8")));
        assert_eq!(parse_group_version("rbac/"), Ok(("rbac", "")));
        assert_eq!(parse_group_version("a/b/c"), Err("unexpected GroupVersion string: a/b/c".to_owned()));
    }
}
