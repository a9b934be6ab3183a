//! `batch/v1beta1`: cron jobs.
//!
//! +groupName=batch

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/batch/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
