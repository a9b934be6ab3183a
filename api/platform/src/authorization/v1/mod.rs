//! `authorization.k8s.io/v1`: access reviews: may this subject do that.
//!
//! +groupName=authorization.k8s.io
//! +conversionGen=crate::authorization
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/authorization/v1/mod.rs"]
mod generated;

pub use generated::*;
