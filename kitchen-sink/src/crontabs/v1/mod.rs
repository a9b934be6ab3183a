//! `stable.example.com/v1`: the `CronTab` custom resource of upstream's CRD walkthrough, JSON only.
//!
//! +groupName=stable.example.com

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/crontabs/v1/mod.rs"]
mod generated;

pub use generated::*;
