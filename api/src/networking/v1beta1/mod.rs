//! `networking.k8s.io/v1beta1`: ingresses, ingress classes, IP addresses and service CIDRs.
//!
//! +groupName=networking.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/networking/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
