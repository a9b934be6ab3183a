//! `samples.example.com/v1`: the image as one `repository:tag` string.
//!
//! +groupName=samples.example.com
//! +conversionGen=crate::samples

// Conversions to and from the hub, which only the `internal` feature compiles.
#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/samples/v1/mod.rs"]
mod generated;

pub use generated::*;
