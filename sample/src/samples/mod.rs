//! The internal (hub) `samples.example.com` package: every version converts to and from these
//! types. v1 keeps the image as one `repository:tag` string, v2 and the hub as two fields.
//!
//! +groupName=samples.example.com

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v2;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/samples/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

// The group name does not depend on the internal package.
#[cfg(not(feature = "internal"))]
pub use v2::GROUP_NAME;
