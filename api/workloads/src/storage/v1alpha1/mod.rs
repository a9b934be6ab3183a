//! `storage.k8s.io/v1alpha1`: storage classes, CSI drivers and nodes, volume attachments and capacity.
//!
//! +groupName=storage.k8s.io
//! +conversionGen=crate::storage
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/storage/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
