//! The Kubernetes API as kapi type definitions. Each API group is a module behind a cargo feature
//! of the same name, so a program compiles only the groups it uses; `meta` is always present.
//!
//! Four features add code a client does not need: `internal` (the internal types of the groups
//! that have them, the conversions between them and each version, and `pod_specs`, the pod
//! spec a typed object holds, for a server's strategies), `validation` (upstream's
//! hand-written and declarative validation, registered for `Scheme::validate`), `printers` (the
//! `kubectl get` columns of each kind) and `testing` (fixture fill, fuzzing and semantic equality
//! for every type, for tests).
//!
//! The groups are compiled in three crates that cargo builds side by side, since rustc checks one
//! crate on one thread: `kapi-api-base` (`meta`, `core`, the feature gates), then
//! `kapi-api-workloads` and `kapi-api-platform` at once. This crate re-exports their modules, so
//! every path is `kapi_api::<group>::…` whichever crate defines it, and keeps what spans every
//! group: registration ([`scheme()`]), the served resources (the traits in [`served`], and with
//! the `resources` feature each kind's implementation and `resources()`), field-label lookup and
//! printers.
#![warn(missing_docs)]

// Generated code names this crate `::kapi_api`, as a user's crate would.
extern crate self as kapi_api;

pub use kapi_api_base::{Kapi, features, machinery, meta};

#[path = "field_label_lookup.rs"]
pub mod field_labels;
// A server's strategies use it; a client build (without `internal`) compiles none of it.
#[cfg(all(feature = "core", feature = "internal"))]
pub mod pod_specs;
pub mod served;

#[cfg(feature = "resources")]
pub use served::resources;
#[cfg(feature = "printers")]
pub mod printers;

#[cfg(all(test, feature = "core"))]
mod declarative_list_tests;
#[cfg(all(
    test,
    feature = "admissionregistration",
    feature = "autoscaling",
    feature = "batch",
    feature = "certificates",
    feature = "flowcontrol",
    feature = "lifecycle",
    feature = "node",
    feature = "rbac"
))]
mod declarative_validation_tests;
#[cfg(test)]
mod schema_tests;

#[cfg(feature = "core")]
pub use kapi_api_base::core;
#[cfg(feature = "admission")]
pub use kapi_api_platform::admission;
#[cfg(feature = "admissionregistration")]
pub use kapi_api_platform::admissionregistration;
#[cfg(feature = "apidiscovery")]
pub use kapi_api_platform::apidiscovery;
#[cfg(feature = "apiextensions")]
pub use kapi_api_platform::apiextensions;
#[cfg(feature = "apiregistration")]
pub use kapi_api_platform::apiregistration;
#[cfg(feature = "authentication")]
pub use kapi_api_platform::authentication;
#[cfg(feature = "authorization")]
pub use kapi_api_platform::authorization;
#[cfg(feature = "clientauthentication")]
pub use kapi_api_platform::clientauthentication;
#[cfg(feature = "flowcontrol")]
pub use kapi_api_platform::flowcontrol;
#[cfg(feature = "imagepolicy")]
pub use kapi_api_platform::imagepolicy;
#[cfg(feature = "lifecycle")]
pub use kapi_api_platform::lifecycle;
#[cfg(feature = "resource")]
pub use kapi_api_platform::resource;
#[cfg(feature = "apiserverinternal")]
pub use kapi_api_workloads::apiserverinternal;
#[cfg(feature = "apps")]
pub use kapi_api_workloads::apps;
#[cfg(feature = "autoscaling")]
pub use kapi_api_workloads::autoscaling;
#[cfg(feature = "batch")]
pub use kapi_api_workloads::batch;
#[cfg(feature = "certificates")]
pub use kapi_api_workloads::certificates;
#[cfg(feature = "coordination")]
pub use kapi_api_workloads::coordination;
#[cfg(feature = "discovery")]
pub use kapi_api_workloads::discovery;
#[cfg(feature = "events")]
pub use kapi_api_workloads::events;
#[cfg(feature = "extensions")]
pub use kapi_api_workloads::extensions;
#[cfg(feature = "networking")]
pub use kapi_api_workloads::networking;
#[cfg(feature = "node")]
pub use kapi_api_workloads::node;
#[cfg(feature = "policy")]
pub use kapi_api_workloads::policy;
#[cfg(feature = "rbac")]
pub use kapi_api_workloads::rbac;
#[cfg(feature = "scheduling")]
pub use kapi_api_workloads::scheduling;
#[cfg(feature = "storage")]
pub use kapi_api_workloads::storage;
#[cfg(feature = "storagemigration")]
pub use kapi_api_workloads::storagemigration;

use kapi_machinery::{Scheme, SchemeError};

/// Registers every kind of every enabled group in a scheme.
#[kapi_macros::where_used]
pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
    meta::add_to_scheme(scheme)?;
    #[cfg(feature = "authentication")]
    authentication::install(scheme)?;
    #[cfg(feature = "admission")]
    admission::install(scheme)?;
    #[cfg(feature = "admissionregistration")]
    admissionregistration::install(scheme)?;
    #[cfg(feature = "apidiscovery")]
    apidiscovery::install(scheme)?;
    #[cfg(feature = "apiextensions")]
    apiextensions::install(scheme)?;
    #[cfg(feature = "apiregistration")]
    apiregistration::install(scheme)?;
    #[cfg(feature = "apiserverinternal")]
    apiserverinternal::install(scheme)?;
    #[cfg(feature = "apps")]
    apps::install(scheme)?;
    #[cfg(feature = "authorization")]
    authorization::install(scheme)?;
    #[cfg(feature = "autoscaling")]
    autoscaling::install(scheme)?;
    #[cfg(feature = "batch")]
    batch::install(scheme)?;
    #[cfg(feature = "certificates")]
    certificates::install(scheme)?;
    #[cfg(feature = "clientauthentication")]
    clientauthentication::install(scheme)?;
    #[cfg(feature = "coordination")]
    coordination::install(scheme)?;
    #[cfg(feature = "core")]
    core::install(scheme)?;
    #[cfg(feature = "discovery")]
    discovery::install(scheme)?;
    #[cfg(feature = "events")]
    events::install(scheme)?;
    #[cfg(feature = "extensions")]
    extensions::install(scheme)?;
    #[cfg(feature = "flowcontrol")]
    flowcontrol::install(scheme)?;
    #[cfg(feature = "imagepolicy")]
    imagepolicy::install(scheme)?;
    #[cfg(feature = "lifecycle")]
    lifecycle::install(scheme)?;
    #[cfg(feature = "networking")]
    networking::install(scheme)?;
    #[cfg(feature = "node")]
    node::install(scheme)?;
    #[cfg(feature = "policy")]
    policy::install(scheme)?;
    #[cfg(feature = "rbac")]
    rbac::install(scheme)?;
    #[cfg(feature = "resource")]
    resource::install(scheme)?;
    #[cfg(feature = "scheduling")]
    scheduling::install(scheme)?;
    #[cfg(feature = "storage")]
    storage::install(scheme)?;
    #[cfg(feature = "storagemigration")]
    storagemigration::install(scheme)?;
    Ok(())
}

/// A scheme with every kind of every enabled group.
#[kapi_macros::where_used]
pub fn scheme() -> Result<Scheme, SchemeError> {
    let mut s = Scheme::new();
    add_to_scheme(&mut s)?;
    Ok(s)
}
