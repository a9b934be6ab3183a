//! `resource.k8s.io/v1`: dynamic resource allocation: devices, claims, slices and classes.
//!
//! +groupName=resource.k8s.io
//! +conversionGen=crate::resource
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
#[cfg(test)]
mod featuregates_tests;
mod field_labels;
#[cfg(feature = "validation")]
mod selector_cel;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use field_labels::FIELD_LABELS;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/resource/v1/mod.rs"]
mod generated;

pub use generated::*;
