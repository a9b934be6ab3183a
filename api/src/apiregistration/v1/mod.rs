//! `apiregistration.k8s.io/v1`: API services of aggregated API servers.
//!
//! +groupName=apiregistration.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/apiregistration/v1/mod.rs"]
mod generated;

pub use generated::*;
