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
/// A kind (and the types in it) with a JSON form only, as custom resources have: no protobuf numbers.
pub const JSON_ONLY: &str = "json_only";
/// A struct whose fields are the members of a union (`+union`).
pub const UNION: &str = "union";
/// An option kind that also travels as URL query parameters (`+k8s:conversion-gen:explicit-from=net/url.Values`).
pub const QUERY_PARAMS: &str = "query_params";
/// A type whose JSON form is written by hand: the derive writes every other impl.
pub const CUSTOM_JSON: &str = "custom_json";
/// A type whose fixture fill is written by hand (upstream's fill functions): the derive writes no `Fill`.
pub const CUSTOM_FILL: &str = "custom_fill";
/// How apply treats a struct: `atomic` (replaced whole) or `granular` (`+structType=`); also a field key.
pub const STRUCT_TYPE: &str = "struct_type";
/// The protobuf numbers of retired fields, which no field may take again (`proto_reserved(3, 7)`);
/// the `.proto` file lists them as `reserved`.
pub const PROTO_RESERVED: &str = "proto_reserved";

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
/// How a strategic merge patch treats the field: `merge`, `retainKeys`, `merge,retainKeys`, `replace` (`+patchStrategy=`).
pub const PATCH_STRATEGY: &str = "patch_strategy";
/// The key that identifies elements of a merged list (`+patchMergeKey=`).
pub const PATCH_MERGE_KEY: &str = "patch_merge_key";
/// How apply treats a list: `atomic`, `set` or `map` (`+listType=`).
pub const LIST_TYPE: &str = "list_type";
/// One key of a `list_type = "map"` list; repeat it for several (`+listMapKey=`).
pub const LIST_MAP_KEY: &str = "list_map_key";
/// How apply treats a map: `atomic` or `granular` (`+mapType=`).
pub const MAP_TYPE: &str = "map_type";
/// The field may be left out (`+optional`).
pub const OPTIONAL: &str = "optional";
/// The field must be set (`+required`).
pub const REQUIRED: &str = "required";
/// The field that says which member of a union is set (`+unionDiscriminator`).
pub const UNION_DISCRIMINATOR: &str = "union_discriminator";
/// A field of a `query_params` kind with no query form (`+k8s:conversion-gen=false`).
pub const SKIP_QUERY: &str = "skip_query";

/// Every type-level key.
pub const TYPE_KEYS: &[&str] = &[
    KIND,
    GROUP,
    VERSION,
    INTERNAL,
    PROTO_WRAP,
    JSON_ONLY,
    UNION,
    QUERY_PARAMS,
    STRUCT_TYPE,
    CUSTOM_JSON,
    CUSTOM_FILL,
    PROTO_RESERVED,
];
/// Every field-level key.
pub const FIELD_KEYS: &[&str] = &[
    JSON,
    PROTO,
    PROTO_NAME,
    OMITEMPTY,
    OMITZERO,
    INLINE,
    SKIP_JSON,
    SKIP_PROTO,
    DEFAULT,
    PATCH_STRATEGY,
    PATCH_MERGE_KEY,
    LIST_TYPE,
    LIST_MAP_KEY,
    MAP_TYPE,
    STRUCT_TYPE,
    OPTIONAL,
    REQUIRED,
    UNION_DISCRIMINATOR,
    SKIP_QUERY,
];
