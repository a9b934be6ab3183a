//! `flowcontrol.apiserver.k8s.io/v1beta1`: API priority and fairness: flow schemas and priority levels.
//!
//! +groupName=flowcontrol.apiserver.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/flowcontrol/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
