//! `discovery.k8s.io/v1`: endpoint slices.
//!
//! +groupName=discovery.k8s.io
//! +conversionGen=crate::discovery
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod endpoint_slice_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/discovery/v1/mod.rs"]
mod generated;

pub use generated::*;
