//! Part of kapi-api: the admission, extension, resource, flow-control and authentication groups, built beside the workloads part.
#![warn(missing_docs)]

// Generated code names the API crate `::kapi_api`: here that is this crate, whose root re-exports
// what the other parts define, so the same paths resolve in every part.
extern crate self as kapi_api;

#[cfg(feature = "core")]
pub use kapi_api_base::core;
pub use kapi_api_base::{Kapi, features, field_labels, machinery, meta};

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
#[cfg(feature = "authentication")]
pub mod authentication;
#[cfg(feature = "authorization")]
pub mod authorization;
#[cfg(all(feature = "validation", feature = "apiextensions"))]
mod cabundle;
#[cfg(feature = "clientauthentication")]
pub mod clientauthentication;
#[cfg(feature = "flowcontrol")]
pub mod flowcontrol;
#[cfg(feature = "imagepolicy")]
pub mod imagepolicy;
#[cfg(feature = "lifecycle")]
pub mod lifecycle;
#[cfg(feature = "resource")]
pub mod resource;
#[cfg(all(feature = "validation", any(feature = "admissionregistration", feature = "apiextensions")))]
mod webhook;

#[cfg(test)]
use kapi_api_base::test_support as testing;
