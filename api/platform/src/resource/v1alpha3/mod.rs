//! `resource.k8s.io/v1alpha3`: dynamic resource allocation: devices, claims, slices and classes.
//!
//! +groupName=resource.k8s.io
//! +conversionGen=crate::resource
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/resource/v1alpha3/mod.rs"]
mod generated;

pub use generated::*;
