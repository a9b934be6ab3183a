//! `storage.k8s.io/v1`: storage classes, CSI drivers and nodes, volume attachments and capacity.
//!
//! +groupName=storage.k8s.io
//! +conversionGen=crate::storage
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
#[cfg(test)]
mod featuregates_tests;
mod field_labels;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod topology_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use field_labels::FIELD_LABELS;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/storage/v1/mod.rs"]
mod generated;

pub use generated::*;
