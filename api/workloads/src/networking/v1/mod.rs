//! `networking.k8s.io/v1`: ingresses, network policies, IP addresses and service CIDRs.
//!
//! +groupName=networking.k8s.io
//! +conversionGen=crate::networking
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod ingress_warnings;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod network_policy_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use defaults::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/networking/v1/mod.rs"]
mod generated;

pub use generated::*;
