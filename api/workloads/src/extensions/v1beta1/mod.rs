//! `extensions/v1beta1`: the retired extensions group: old forms of apps and networking kinds.
//!
//! +groupName=extensions
//! +conversionGen=crate::apps
//! +conversionGen=crate::autoscaling
//! +conversionGen=crate::networking
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use defaults::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/extensions/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
