//! The internal `sprockets.example.com` package. Its only served version lives in another group's
//! package (`legacy/v1beta1`), as upstream's `extensions` kinds convert to `apps` and `networking`.
//!
//! +groupName=sprockets.example.com

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../generated/sprockets/mod.rs"]
mod generated;

pub use generated::*;
