//! `events.k8s.io/v1`: events, in their structured form.
//!
//! +groupName=events.k8s.io
//! +conversionGen=crate::core
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod field_labels;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use field_labels::FIELD_LABELS;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/events/v1/mod.rs"]
mod generated;

pub use generated::*;
