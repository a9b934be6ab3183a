//! `flowcontrol.apiserver.k8s.io/v1beta1`: API priority and fairness: flow schemas and priority levels.
//!
//! +groupName=flowcontrol.apiserver.k8s.io
//! +conversionGen=crate::flowcontrol
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use defaults::{
    FLOW_SCHEMA_DEFAULT_MATCHING_PRECEDENCE, PRIORITY_LEVEL_CONFIGURATION_DEFAULT_ASSURED_CONCURRENCY_SHARES,
    PRIORITY_LEVEL_CONFIGURATION_DEFAULT_HAND_SIZE, PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUE_LENGTH_LIMIT,
    PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUES,
};

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/flowcontrol/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
