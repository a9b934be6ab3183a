//! `events.k8s.io/v1beta1`: events, in their structured form.
//!
//! +groupName=events.k8s.io
//! +conversionGen=crate::core
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/events/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
