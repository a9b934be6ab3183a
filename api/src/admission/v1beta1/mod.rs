//! `admission.k8s.io/v1beta1`: the AdmissionReview exchanged with admission webhooks.
//!
//! +groupName=admission.k8s.io
//! +conversionGen=crate::admission

mod types;

pub use types::*;

// Conversions to and from the internal types, which only the `internal` feature compiles.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../../../generated/admission/v1beta1/conversions.rs"]
mod conversions;

#[cfg(feature = "internal")]
pub use conversions::*;

#[cfg(test)]
#[rustfmt::skip]
#[path = "../../../../generated/admission/v1beta1/roundtrip_test.rs"]
mod roundtrip_test;

#[rustfmt::skip]
#[path = "../../../../generated/admission/v1beta1/register.rs"]
mod register;

pub use register::{GROUP_NAME, VERSIONS, add_known_types, add_to_scheme};
