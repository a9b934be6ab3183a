//! `samples.example.com/v2`: the image as repository and tag; the stored version.
//!
//! +groupName=samples.example.com
//! +conversionGen=crate::samples

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/samples/v2/mod.rs"]
mod generated;

pub use generated::*;
