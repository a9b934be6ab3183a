//! `batch/v1`: jobs and cron jobs.
//!
//! +groupName=batch
//! +conversionGen=crate::batch
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod field_labels;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use field_labels::FIELD_LABELS;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/batch/v1/mod.rs"]
mod generated;

pub use generated::*;
