//! `autoscaling/v2`: horizontal pod autoscalers with multiple metrics and scaling behavior.
//!
//! +groupName=autoscaling

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/autoscaling/v2/mod.rs"]
mod generated;

pub use generated::*;
