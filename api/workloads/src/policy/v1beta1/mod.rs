//! `policy/v1beta1`: pod disruption budgets and evictions.
//!
//! +groupName=policy
//! +conversionGen=crate::policy
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/policy/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
