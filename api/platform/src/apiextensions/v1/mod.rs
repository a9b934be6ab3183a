//! `apiextensions.k8s.io/v1`: custom resource definitions and conversion reviews.
//!
//! +groupName=apiextensions.k8s.io
//! +conversionGen=crate::apiextensions
//! +protobufGoPackage=k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
#[cfg(feature = "validation")]
pub mod formats;
#[cfg(test)]
mod fuzzer;
mod json;
#[cfg(feature = "validation")]
pub mod rules;
#[cfg(feature = "validation")]
pub mod schema;
mod types;
#[cfg(feature = "validation")]
pub mod validation;
#[cfg(feature = "validation")]
pub mod warnings;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apiextensions/v1/mod.rs"]
mod generated;

pub use generated::*;
