//! `apps/v1beta1`: workloads: deployments, stateful sets, controller revisions and the scale subresource.
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
#[path = "../../../generated/apps/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
