//! Runtime machinery for kapi, the counterpart of k8s.io/apimachinery: byte-exact JSON, YAML and
//! protobuf codecs, the special types (`Time`, `Quantity`, `IntOrString`, …), objects, schemes and
//! serializers. Generated and derived code calls into this crate.
//!
//! The feature `testing` adds what only tests need: upstream's fixture fill (`fill`), seeded
//! random objects (`fuzz`), semantic equality (`semantic`) and the round-trip checks built on
//! them (`roundtrip`). A crate that defines kapi types declares a feature
//! `testing = ["kapi-machinery/testing"]` (forwarding to the crates whose types it uses), and
//! `#[derive(Kapi)]` emits those impls only when it is on.
//!
//! The feature `jsonpath` adds client-go's JSONPath template parser (`jsonpath`), which
//! validation and a server's printer columns use, and its evaluator over JSON values
//! (`jsonpath::eval`), which the printer columns use.
//!
//! The feature `serde` adds `serde::Serialize` and `serde::Deserialize` to every type the derive
//! writes codecs for, in any crate, following the JSON codec's rules (`serde_codec`).

#![warn(missing_docs)]

pub mod apply;
pub mod base64;
pub mod budget;
pub mod conversion;
pub mod error;
pub mod fieldpath;
#[cfg(feature = "testing")]
pub mod fill;
#[cfg(feature = "testing")]
pub mod fuzz;
pub mod gates;
pub mod json;
#[cfg(feature = "jsonpath")]
pub mod jsonpath;
pub mod lifecycle;
mod map_key;
pub mod object;
pub mod proto;
pub mod query;
pub mod resource;
#[cfg(feature = "testing")]
pub mod roundtrip;
pub mod schema;
pub mod scheme;
#[cfg(feature = "testing")]
pub mod semantic;
#[cfg(feature = "serde")]
pub mod serde_codec;
pub mod serializer;
pub mod types;
mod unicode_tables;
pub mod validation;
pub mod yaml;

/// Wraps a function that `#[derive(Kapi)]` or `kapi-codegen` writes (a codec method, a registration,
/// defaulting or conversion function) so that it is `#[inline]`: the crate that defines a thousand
/// types then generates no machine code for them, and a program compiles the codecs of the types
/// it uses, where it uses them, as serde's generic impls are compiled. With this crate's `testing`
/// feature (a workspace that tests its types) debug builds compile them once in the defining crate
/// instead, so that the many test binaries link that code rather than each compiling the API again.
/// Called through `#[kapi_macros::where_used]`; see docs/type-language.md.
#[cfg(not(feature = "testing"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __where_used {
    ($($item:tt)*) => {
        #[inline]
        $($item)*
    };
}

/// Wraps a function that `#[derive(Kapi)]` or `kapi-codegen` writes; with `testing`, debug builds
/// compile it in its own crate (see the other definition).
#[cfg(feature = "testing")]
#[doc(hidden)]
#[macro_export]
macro_rules! __where_used {
    ($($item:tt)*) => {
        #[cfg_attr(not(debug_assertions), inline)]
        $($item)*
    };
}

/// Wraps the serde impls `#[derive(Kapi)]` writes: without this crate's `serde` feature they
/// vanish unparsed, so a build that never asks for serde compiles none of them and needs no serde.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __serde {
    ($($item:tt)*) => {
        $($item)*
    };
}

/// Without the `serde` feature the derive's serde impls are dropped (see the other definition).
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __serde {
    ($($item:tt)*) => {};
}

pub use apply::ApplyConfiguration;
pub use conversion::ConversionError;
pub use error::{DecodeError, DecodeErrorKind, EncodeError};
#[cfg(feature = "testing")]
pub use fill::{Fill, FillCtx};
#[cfg(feature = "testing")]
pub use fuzz::{Fuzz, Fuzzer};
pub use gates::DropDisabledFields;
pub use json::{JsonDecode, JsonEncode, JsonFields};
pub use map_key::MapKey;
pub use object::{GroupVersion, GroupVersionKind, INTERNAL_VERSION, Kind, KindCodec, Object, TypeMeta, VersionedKind};
pub use proto::{ProtoField, ProtoMessage, ProtoRepeated};
pub use resource::{GroupVersionResource, KindInfo, Subresource};
pub use schema::HasSchema;
pub use scheme::{Scheme, SchemeError};
#[cfg(feature = "testing")]
pub use semantic::SemanticEq;
pub use serializer::{Decoded, Format, Options, Serializer};

/// The deepest nesting any decoder accepts (objects, arrays, protobuf messages, YAML nodes).
pub const MAX_DEPTH: usize = 1000;
