//! `discovery.k8s.io/v1beta1`: endpoint slices.
//!
//! +groupName=discovery.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/discovery/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
