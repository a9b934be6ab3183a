//! `batch/v1beta1`: cron jobs.
//!
//! +groupName=batch
//! +conversionGen=crate::batch
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/batch/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
