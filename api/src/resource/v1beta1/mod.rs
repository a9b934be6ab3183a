//! `resource.k8s.io/v1beta1`: dynamic resource allocation: devices, claims, slices and classes.
//!
//! +groupName=resource.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/resource/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
