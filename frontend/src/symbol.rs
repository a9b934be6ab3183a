//! Attribute keys of the type-definition language, as constants.

/// The attribute path: `#[kapi(...)]`.
pub const KAPI: &str = "kapi";

// Type-level keys.
/// Marks a top-level kind.
pub const KIND: &str = "kind";
/// The API group of a kind.
pub const GROUP: &str = "group";
/// The version of a kind.
pub const VERSION: &str = "version";
/// An internal (hub) type: no wire tags.
pub const INTERNAL: &str = "internal";
/// A slice newtype that protobuf wraps in a message with `items = 1`.
pub const PROTO_WRAP: &str = "proto_wrap";

// Field-level keys.
/// The JSON name.
pub const JSON: &str = "json";
/// The protobuf field number.
pub const PROTO: &str = "proto";
/// Go's `omitempty`.
pub const OMITEMPTY: &str = "omitempty";
/// Go's `omitzero`.
pub const OMITZERO: &str = "omitzero";
/// An embedded struct: flattened in JSON, a nested message in protobuf.
pub const INLINE: &str = "inline";
/// Left out of JSON (`json:"-"`).
pub const SKIP_JSON: &str = "skip_json";
/// Left out of protobuf (`protobuf:"-"`).
pub const SKIP_PROTO: &str = "skip_proto";
/// A default value as a JSON literal (`+default=`).
pub const DEFAULT: &str = "default";
/// The protobuf field name where it differs from the JSON name (`name=` in the protobuf tag).
pub const PROTO_NAME: &str = "proto_name";

/// Every type-level key.
pub const TYPE_KEYS: &[&str] = &[KIND, GROUP, VERSION, INTERNAL, PROTO_WRAP];
/// Every field-level key.
pub const FIELD_KEYS: &[&str] = &[JSON, PROTO, PROTO_NAME, OMITEMPTY, OMITZERO, INLINE, SKIP_JSON, SKIP_PROTO, DEFAULT];
