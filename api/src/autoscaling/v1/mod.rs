//! `autoscaling/v1`: horizontal pod autoscalers and the scale subresource.
//!
//! +groupName=autoscaling

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/autoscaling/v1/mod.rs"]
mod generated;

pub use generated::*;
