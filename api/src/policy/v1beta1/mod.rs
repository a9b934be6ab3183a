//! `policy/v1beta1`: pod disruption budgets and evictions.
//!
//! +groupName=policy

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/policy/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
