//! `certificates.k8s.io/v1beta1`: certificate signing requests, cluster trust bundles and pod certificate requests.
//!
//! +groupName=certificates.k8s.io
//! +conversionGen=crate::certificates
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
pub mod csr;
mod defaults;
mod field_labels;
#[cfg(feature = "validation")]
pub mod pod_certificate_validation;
mod types;

pub use field_labels::FIELD_LABELS;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/certificates/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
