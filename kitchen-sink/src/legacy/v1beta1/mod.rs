//! `legacy.example.com/v1beta1`: served kinds whose hubs are in two other groups, as upstream's
//! `extensions/v1beta1` converts through `apps`, `networking` and `policy`.
//!
//! +groupName=legacy.example.com
//! +conversionGen=crate::gadgets
//! +conversionGen=crate::sprockets

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/legacy/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
