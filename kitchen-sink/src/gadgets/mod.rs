//! The internal `gadgets.example.com` package: its v1 renames a field and keeps another in other
//! units, which hand-written conversions handle.
//!
//! +groupName=gadgets.example.com

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;

#[cfg(feature = "internal")]
pub use types::*;

#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/gadgets/register.rs"]
mod register;

#[cfg(feature = "internal")]
pub use register::{GROUP_NAME, add_known_types, add_to_scheme};
// The group name does not depend on the internal package.
#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

#[cfg(all(test, feature = "internal"))]
#[rustfmt::skip]
#[path = "../../generated/gadgets/roundtrip_test.rs"]
mod roundtrip_test;
