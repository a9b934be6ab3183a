//! `apidiscovery.k8s.io/v2`: aggregated discovery documents.
//!
//! +groupName=apidiscovery.k8s.io
//! +conversionGen=crate::apidiscovery
//! +k8s:prerelease-lifecycle-gen=true

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/apidiscovery/v2/mod.rs"]
mod generated;

pub use generated::*;
