//! `networking.k8s.io/v1beta1`: ingresses, ingress classes, IP addresses and service CIDRs.
//!
//! +groupName=networking.k8s.io
//! +conversionGen=crate::networking
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/networking/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
