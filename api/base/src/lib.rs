//! Part of kapi-api: `meta`, `core`, the feature gates and field labels, which every other part builds on.
#![warn(missing_docs)]

// Generated code names the API crate `::kapi_api`: here that is this crate, whose root re-exports
// what the other parts define, so the same paths resolve in every part.
extern crate self as kapi_api;

pub use kapi_machinery as machinery;
pub use kapi_macros::Kapi;

#[cfg(feature = "validation")]
pub mod certs;
#[cfg(feature = "validation")]
pub mod feature_registry;
pub mod features;
pub mod field_labels;
pub mod meta;
#[cfg(feature = "validation")]
pub mod url;

#[cfg(feature = "core")]
pub mod core;

#[cfg(feature = "testing")]
#[doc(hidden)]
pub mod test_support;
#[cfg(test)]
use test_support as testing;
