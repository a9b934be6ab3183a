//! `client.authentication.k8s.io/v1beta1`: exec credential plugins of clients.
//!
//! +groupName=client.authentication.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/clientauthentication/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
