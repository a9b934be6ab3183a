//! `gadgets.example.com/v1`.
//!
//! +groupName=gadgets.example.com
//! +conversionGen=crate::gadgets

// Conversions to and from the internal types, which only the `internal` feature compiles.
#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/gadgets/v1/mod.rs"]
mod generated;

pub use generated::*;
