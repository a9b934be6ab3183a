//! `widgets.kitchen.example.com/v1`.
//!
//! +groupName=widgets.kitchen.example.com

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/widgets/v1/mod.rs"]
mod generated;

pub use generated::*;
