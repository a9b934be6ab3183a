//! `apps/v1beta2`: workloads: deployments, replica sets, stateful sets, daemon sets and controller revisions.
//!
//! +groupName=apps

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/apps/v1beta2/mod.rs"]
mod generated;

pub use generated::*;
