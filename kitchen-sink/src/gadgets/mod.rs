//! The internal `gadgets.example.com` package: its v1 renames a field and keeps another in other
//! units, which hand-written conversions handle.
//!
//! +groupName=gadgets.example.com

#[cfg(test)]
mod fuzzer;
mod types;
pub mod v1;

pub use types::*;

#[rustfmt::skip]
#[path = "../../generated/gadgets/mod.rs"]
mod generated;

pub use generated::*;
