//! `events.k8s.io/v1`: events, in their structured form.
//!
//! +groupName=events.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/events/v1/mod.rs"]
mod generated;

pub use generated::*;
