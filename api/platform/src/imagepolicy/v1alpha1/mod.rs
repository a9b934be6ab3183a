//! `imagepolicy.k8s.io/v1alpha1`: image reviews for admission backends.
//!
//! +groupName=imagepolicy.k8s.io
//! +conversionGen=crate::imagepolicy

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/imagepolicy/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
