//! A controller runtime on kapi-client's informers: controllers with a deduplicating,
//! rate-limited work queue, finalizers, an events.k8s.io recorder, leader election on Leases,
//! wait helpers, metadata helpers, cache transforms and controller-runtime's metrics. The
//! kube-rs → kapi-runtime mapping is in `docs/runtime.md`.
#![warn(missing_docs)]

pub mod controller;
pub mod events;
pub mod ext;
pub mod finalizer;
pub mod leader;
pub mod metrics;
pub mod predicates;
pub mod queue;
pub mod rate_limit;
pub mod transform;
pub mod wait;

pub use controller::{Action, Config, Controller, ControllerError, ObjectRef, backoff_on_error};
pub use events::{EventRecord, EventType, Recorder, Reporter};
pub use ext::ResourceExt;
pub use finalizer::finalizer;
pub use leader::{LeaderElectionConfig, LeaderElector};
pub use queue::WorkQueue;
pub use wait::{await_condition, await_condition_for, conditions};
