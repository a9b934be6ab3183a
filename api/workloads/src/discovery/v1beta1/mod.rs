//! `discovery.k8s.io/v1beta1`: endpoint slices.
//!
//! +groupName=discovery.k8s.io
//! +conversionGen=crate::discovery
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/discovery/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
