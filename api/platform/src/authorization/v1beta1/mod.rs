//! `authorization.k8s.io/v1beta1`: access reviews: may this subject do that.
//!
//! +groupName=authorization.k8s.io
//! +conversionGen=crate::authorization
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/authorization/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
