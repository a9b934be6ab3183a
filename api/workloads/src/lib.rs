//! Part of kapi-api: the workload, networking, storage, policy and rbac groups, built beside the platform part.
#![warn(missing_docs)]

// Generated code names the API crate `::kapi_api`: here that is this crate, whose root re-exports
// what the other parts define, so the same paths resolve in every part.
extern crate self as kapi_api;

#[cfg(feature = "core")]
pub use kapi_api_base::core;
pub use kapi_api_base::{Kapi, features, field_labels, machinery, meta};

#[cfg(feature = "apiserverinternal")]
pub mod apiserverinternal;
#[cfg(feature = "apps")]
pub mod apps;
#[cfg(feature = "autoscaling")]
pub mod autoscaling;
#[cfg(feature = "batch")]
pub mod batch;
#[cfg(feature = "certificates")]
pub mod certificates;
#[cfg(feature = "coordination")]
pub mod coordination;
#[cfg(feature = "discovery")]
pub mod discovery;
#[cfg(feature = "events")]
pub mod events;
#[cfg(feature = "extensions")]
pub mod extensions;
#[cfg(feature = "networking")]
pub mod networking;
#[cfg(feature = "node")]
pub mod node;
#[cfg(feature = "policy")]
pub mod policy;
#[cfg(feature = "rbac")]
pub mod rbac;
#[cfg(feature = "scheduling")]
pub mod scheduling;
#[cfg(feature = "storage")]
pub mod storage;
#[cfg(feature = "storagemigration")]
pub mod storagemigration;

#[cfg(test)]
use kapi_api_base::test_support as testing;
