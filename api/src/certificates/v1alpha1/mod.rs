//! `certificates.k8s.io/v1alpha1`: cluster trust bundles.
//!
//! +groupName=certificates.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/certificates/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
