//! `storagemigration.k8s.io/v1beta1`: storage version migrations.
//!
//! +groupName=storagemigration.k8s.io
//! +conversionGen=crate::storagemigration
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/storagemigration/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
