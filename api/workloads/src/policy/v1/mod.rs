//! `policy/v1`: pod disruption budgets and evictions.
//!
//! +groupName=policy
//! +conversionGen=crate::policy
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/policy/v1/mod.rs"]
mod generated;

pub use generated::*;
