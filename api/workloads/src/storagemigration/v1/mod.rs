//! `storagemigration.k8s.io/v1`: storage version migrations.
//!
//! +groupName=storagemigration.k8s.io
//! +conversionGen=crate::storagemigration
//! +k8s:prerelease-lifecycle-gen=true

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/storagemigration/v1/mod.rs"]
mod generated;

pub use generated::*;
