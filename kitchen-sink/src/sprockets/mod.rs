//! The internal `sprockets.example.com` package. Its only served version lives in another group's
//! package (`legacy/v1beta1`), as upstream's `extensions` kinds convert to `apps` and `networking`.
//!
//! +groupName=sprockets.example.com

#[cfg(feature = "internal")]
mod types;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/sprockets/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;
