//! `certificates.k8s.io/v1`: certificate signing requests, cluster trust bundles and pod certificate requests.
//!
//! +groupName=certificates.k8s.io
//! +conversionGen=crate::certificates
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
#[cfg(feature = "validation")]
mod csr_signature;
#[cfg(all(test, feature = "validation"))]
pub(crate) mod csr_vectors;
#[cfg(feature = "validation")]
mod der;
mod field_labels;
#[cfg(feature = "validation")]
pub mod pod_certificate_validation;
#[cfg(feature = "validation")]
mod pss_parameters;
#[cfg(feature = "validation")]
mod rsa;
#[cfg(feature = "validation")]
pub mod trust_bundle_validation;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use field_labels::FIELD_LABELS;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/certificates/v1/mod.rs"]
mod generated;

pub use generated::*;
