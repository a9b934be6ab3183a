//! The Kubernetes API as kapi type definitions. Each API group is a module behind a cargo feature
//! of the same name, so a program compiles only the groups it uses; `meta` is always present.
//!
//! Two features add code a client does not need: `internal` (the internal types of the groups that
//! have them, and the conversions between them and each version) and `testing` (fixture fill,
//! fuzzing and semantic equality for every type, for tests).

pub use kapi_machinery as machinery;
// Generated code names this crate `::kapi_api`, as a user's crate would.
extern crate self as kapi_api;

pub use kapi_macros::Kapi;

pub mod meta;

#[cfg(test)]
mod schema_tests;
#[cfg(test)]
mod testing;

#[cfg(feature = "admission")]
pub mod admission;
#[cfg(feature = "admissionregistration")]
pub mod admissionregistration;
#[cfg(feature = "authentication")]
pub mod authentication;

use kapi_machinery::{Scheme, SchemeError};

/// Registers every kind of every enabled group in a scheme.
pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
    meta::add_to_scheme(scheme)?;
    #[cfg(feature = "authentication")]
    authentication::add_to_scheme(scheme)?;
    #[cfg(feature = "admission")]
    admission::install(scheme)?;
    #[cfg(feature = "admissionregistration")]
    admissionregistration::install(scheme)?;
    Ok(())
}

/// A scheme with every kind of every enabled group.
pub fn scheme() -> Result<Scheme, SchemeError> {
    let mut s = Scheme::new();
    add_to_scheme(&mut s)?;
    Ok(s)
}
