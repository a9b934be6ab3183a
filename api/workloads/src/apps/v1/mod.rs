//! `apps/v1`: workloads: deployments, replica sets, stateful sets, daemon sets and controller revisions.
//!
//! +groupName=apps
//! +conversionGen=crate::apps
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use defaults::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apps/v1/mod.rs"]
mod generated;

pub use generated::*;
