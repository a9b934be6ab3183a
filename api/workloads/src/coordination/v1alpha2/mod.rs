//! `coordination.k8s.io/v1alpha2`: lease candidates.
//!
//! +groupName=coordination.k8s.io
//! +conversionGen=crate::coordination
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/coordination/v1alpha2/mod.rs"]
mod generated;

pub use generated::*;
