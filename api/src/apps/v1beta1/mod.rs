//! `apps/v1beta1`: workloads: deployments, stateful sets, controller revisions and the scale subresource.
//!
//! +groupName=apps

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/apps/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
