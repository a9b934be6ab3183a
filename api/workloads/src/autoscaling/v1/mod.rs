//! `autoscaling/v1`: horizontal pod autoscalers and the scale subresource.
//!
//! +groupName=autoscaling
//! +conversionGen=crate::autoscaling
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use defaults::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/autoscaling/v1/mod.rs"]
mod generated;

pub use generated::*;
