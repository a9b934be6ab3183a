//! `certificates.k8s.io/v1`: certificate signing requests, cluster trust bundles and pod certificate requests.
//!
//! +groupName=certificates.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/certificates/v1/mod.rs"]
mod generated;

pub use generated::*;
