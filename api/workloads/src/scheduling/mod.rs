//! The `scheduling` API group: priority classes, workloads and pod groups.
//!
//! +groupName=scheduling.k8s.io

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v1alpha3;
pub mod v1beta1;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/scheduling/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and, with the `internal`
/// feature, the internal types and the conversions to and from them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v1alpha3::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
#[cfg(all(test, feature = "internal", feature = "validation"))]
mod served_validation_tests;
