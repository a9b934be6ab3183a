//! `internal.apiserver.k8s.io/v1alpha1`: storage versions the API servers agree on.
//!
//! +groupName=internal.apiserver.k8s.io
//! +conversionGen=crate::apiserverinternal

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apiserverinternal/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
