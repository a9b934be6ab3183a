//! `gadgets.example.com/v1`.
//!
//! +groupName=gadgets.example.com
//! +conversionGen=crate::gadgets

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

// Conversions to and from the internal types, which only the `internal` feature compiles.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/conversions.rs"]
mod conversions;

#[cfg(feature = "internal")]
pub use conversions::*;

#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/register.rs"]
mod register;

pub use register::{GROUP_NAME, VERSIONS, add_known_types, add_to_scheme};

#[cfg(test)]
#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/roundtrip_test.rs"]
mod roundtrip_test;
