//! The special types with hand-written wire behaviour.

mod codecs;
pub mod duration;
mod intstr;
pub mod quantity;
mod raw;
pub mod time;
mod unknown;

pub use duration::Duration;
pub use intstr::IntOrString;
pub use quantity::Quantity;
pub use raw::{FIXTURE_RAW_EXTENSION, FieldsV1, RawExtension};
pub use time::{MicroTime, Time};
pub use unknown::Unknown;
