//! `admission.k8s.io/v1beta1`: the AdmissionReview exchanged with admission webhooks.
//!
//! +groupName=admission.k8s.io
//! +conversionGen=crate::admission
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/admission/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
