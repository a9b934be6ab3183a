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
#[path = "../../generated/gadgets/register.rs"]
mod register;

pub use register::{GROUP_NAME, add_known_types, add_to_scheme};

#[cfg(test)]
#[rustfmt::skip]
#[path = "../../generated/gadgets/roundtrip_test.rs"]
mod roundtrip_test;
