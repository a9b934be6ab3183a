//! `certificates.k8s.io/v1alpha1`: cluster trust bundles.
//!
//! +groupName=certificates.k8s.io
//! +conversionGen=crate::certificates
//! +k8s:prerelease-lifecycle-gen=true

mod field_labels;
mod types;

pub use field_labels::FIELD_LABELS;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/certificates/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
