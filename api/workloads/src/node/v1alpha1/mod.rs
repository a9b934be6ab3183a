//! `node.k8s.io/v1alpha1`: runtime classes.
//!
//! +groupName=node.k8s.io
//! +conversionGen=crate::node

#[cfg(feature = "internal")]
mod conversion;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/node/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
