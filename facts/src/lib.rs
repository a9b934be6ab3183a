//! Facts of the wire format and the type language that the derive macro, the generator's front-end and kapi-machinery share: one definition, std only.
#![warn(missing_docs)]

pub mod json_string;
pub mod schema;

pub use json_string::write_json_string;
pub use schema::{Granularity, ListType, PatchStrategy};
