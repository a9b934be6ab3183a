//! Runtime machinery for kapi, the counterpart of k8s.io/apimachinery: byte-exact JSON, YAML and
//! protobuf codecs, the special types (`Time`, `Quantity`, `IntOrString`, …), objects, schemes and
//! serializers. Generated and derived code calls into this crate.

pub mod base64;
pub mod conversion;
pub mod error;
pub mod fill;
pub mod fuzz;
pub mod json;
mod map_key;
pub mod object;
pub mod proto;
pub mod query;
pub mod roundtrip;
pub mod schema;
pub mod scheme;
pub mod semantic;
pub mod serializer;
pub mod types;
pub mod yaml;

pub use conversion::ConversionError;
pub use error::{DecodeError, DecodeErrorKind, EncodeError};
pub use fill::{Fill, FillCtx};
pub use fuzz::{Fuzz, Fuzzer};
pub use json::{JsonDecode, JsonEncode, JsonFields};
pub use map_key::MapKey;
pub use object::{GroupVersion, GroupVersionKind, INTERNAL_VERSION, Kind, KindCodec, Object, TypeMeta, VersionedKind};
pub use proto::{ProtoField, ProtoMessage, ProtoRepeated};
pub use schema::HasSchema;
pub use scheme::{Scheme, SchemeError};
pub use semantic::SemanticEq;
pub use serializer::{Decoded, Format, Options, Serializer};

/// The deepest nesting any decoder accepts (objects, arrays, protobuf messages, YAML nodes).
pub const MAX_DEPTH: usize = 1000;
