//! The Kubernetes API as kapi type definitions. Each API group is a module behind a cargo feature
//! of the same name, so a program compiles only the groups it uses; `meta` is always present.
//!
//! Four features add code a client does not need: `internal` (the internal types of the groups
//! that have them, and the conversions between them and each version), `validation` (upstream's
//! hand-written and declarative validation, registered for `Scheme::validate`), `printers` (the
//! `kubectl get` columns of each kind) and `testing` (fixture fill, fuzzing and semantic equality
//! for every type, for tests).

pub use kapi_machinery as machinery;
// Generated code names this crate `::kapi_api`, as a user's crate would.
extern crate self as kapi_api;

pub use kapi_macros::Kapi;

pub mod meta;

pub mod features;
pub mod field_labels;
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
#[cfg(test)]
mod testing;

#[cfg(feature = "admission")]
pub mod admission;
#[cfg(feature = "admissionregistration")]
pub mod admissionregistration;
#[cfg(feature = "apidiscovery")]
pub mod apidiscovery;
#[cfg(feature = "apiextensions")]
pub mod apiextensions;
#[cfg(feature = "apiregistration")]
pub mod apiregistration;
#[cfg(feature = "apiserverinternal")]
pub mod apiserverinternal;
#[cfg(feature = "apps")]
pub mod apps;
#[cfg(feature = "authentication")]
pub mod authentication;
#[cfg(feature = "authorization")]
pub mod authorization;
#[cfg(feature = "autoscaling")]
pub mod autoscaling;
#[cfg(feature = "batch")]
pub mod batch;
#[cfg(feature = "certificates")]
pub mod certificates;
#[cfg(feature = "clientauthentication")]
pub mod clientauthentication;
#[cfg(feature = "coordination")]
pub mod coordination;
#[cfg(feature = "core")]
pub mod core;
#[cfg(feature = "discovery")]
pub mod discovery;
#[cfg(feature = "events")]
pub mod events;
#[cfg(feature = "extensions")]
pub mod extensions;
#[cfg(feature = "flowcontrol")]
pub mod flowcontrol;
#[cfg(feature = "imagepolicy")]
pub mod imagepolicy;
#[cfg(feature = "lifecycle")]
pub mod lifecycle;
#[cfg(feature = "networking")]
pub mod networking;
#[cfg(feature = "node")]
pub mod node;
#[cfg(feature = "policy")]
pub mod policy;
#[cfg(feature = "rbac")]
pub mod rbac;
#[cfg(feature = "resource")]
pub mod resource;
#[cfg(feature = "scheduling")]
pub mod scheduling;
#[cfg(feature = "storage")]
pub mod storage;
#[cfg(feature = "storagemigration")]
pub mod storagemigration;

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
