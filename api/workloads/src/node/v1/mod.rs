//! `node.k8s.io/v1`: runtime classes.
//!
//! +groupName=node.k8s.io
//! +conversionGen=crate::node
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod runtime_class_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/node/v1/mod.rs"]
mod generated;

pub use generated::*;
