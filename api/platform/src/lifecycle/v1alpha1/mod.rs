//! `lifecycle.k8s.io/v1alpha1`: eviction requests and evictions.
//!
//! +groupName=lifecycle.k8s.io
//! +conversionGen=crate::lifecycle
//! +k8s:prerelease-lifecycle-gen=true

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/lifecycle/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
