//! `apiregistration.k8s.io/v1`: API services of aggregated API servers.
//!
//! +groupName=apiregistration.k8s.io
//! +protobufGoPackage=k8s.io/kube-aggregator/pkg/apis/apiregistration/v1

mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apiregistration/v1/mod.rs"]
mod generated;

pub use generated::*;
