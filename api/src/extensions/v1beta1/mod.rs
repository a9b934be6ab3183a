//! `extensions/v1beta1`: the retired extensions group: old forms of apps and networking kinds.
//!
//! +groupName=extensions

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/extensions/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
