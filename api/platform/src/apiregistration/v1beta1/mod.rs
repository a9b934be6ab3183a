//! `apiregistration.k8s.io/v1beta1`: API services of aggregated API servers.
//!
//! +groupName=apiregistration.k8s.io
//! +protobufGoPackage=k8s.io/kube-aggregator/pkg/apis/apiregistration/v1beta1

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apiregistration/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
