//! `gadgets.example.com/v1`.
//!
//! +groupName=gadgets.example.com
//! +conversionGen=crate::gadgets

mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/conversions.rs"]
mod conversions;

pub use conversions::*;

#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/register.rs"]
mod register;

pub use register::{GROUP_NAME, VERSIONS, add_known_types, add_to_scheme};

#[cfg(test)]
#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/roundtrip_test.rs"]
mod roundtrip_test;
