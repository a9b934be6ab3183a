//! `apps/v1beta2`: workloads: deployments, replica sets, stateful sets, daemon sets and controller revisions.
//!
//! +groupName=apps
//! +conversionGen=crate::apps
//! +conversionGen=crate::autoscaling
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod field_labels;
mod types;

pub use defaults::*;
pub use field_labels::FIELD_LABELS;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apps/v1beta2/mod.rs"]
mod generated;

pub use generated::*;
