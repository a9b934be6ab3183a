//! `coordination.k8s.io/v1beta1`: leases and lease candidates.
//!
//! +groupName=coordination.k8s.io
//! +conversionGen=crate::coordination
//! +k8s:prerelease-lifecycle-gen=true

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/coordination/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
