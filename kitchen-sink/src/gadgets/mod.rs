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

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/gadgets/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

// The group name does not depend on the internal package.
#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;
