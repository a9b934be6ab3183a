//! `gadgets.example.com/v1`.
//!
//! +groupName=gadgets.example.com
//! +conversionGen=crate::gadgets

mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/mod.rs"]
mod generated;

pub use generated::*;
