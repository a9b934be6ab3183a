//! `admission.k8s.io/v1beta1`: the AdmissionReview exchanged with admission webhooks.
//!
//! +groupName=admission.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/admission/v1beta1/register.rs"]
mod register;

pub use register::{GROUP_NAME, VERSIONS, add_known_types, add_to_scheme};
