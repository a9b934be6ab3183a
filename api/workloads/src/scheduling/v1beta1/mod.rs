//! `scheduling.k8s.io/v1beta1`: priority classes, workloads and pod groups.
//!
//! +groupName=scheduling.k8s.io
//! +conversionGen=crate::scheduling
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/scheduling/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
