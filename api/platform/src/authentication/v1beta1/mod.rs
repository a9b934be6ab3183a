//! `authentication.k8s.io/v1beta1`: token review and self subject review.
//!
//! +groupName=authentication.k8s.io
//! +conversionGen=crate::authentication
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/authentication/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
