//! `autoscaling/v2`: horizontal pod autoscalers with multiple metrics and scaling behavior.
//!
//! +groupName=autoscaling
//! +conversionGen=crate::autoscaling
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
#[path = "../../../generated/autoscaling/v2/mod.rs"]
mod generated;

pub use generated::*;
