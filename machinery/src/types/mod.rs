//! The special types with hand-written wire behaviour.

mod intstr;
mod raw;
mod unknown;

pub use intstr::IntOrString;
pub use raw::{FieldsV1, RawExtension, FIXTURE_RAW_EXTENSION};
pub use unknown::Unknown;
