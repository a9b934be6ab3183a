//! `scheduling.k8s.io/v1alpha3`: priority classes, workloads and pod groups.
//!
//! +groupName=scheduling.k8s.io
//! +conversionGen=crate::scheduling

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/scheduling/v1alpha3/mod.rs"]
mod generated;

pub use generated::*;
