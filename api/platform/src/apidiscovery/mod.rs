//! The `apidiscovery` API group: aggregated discovery documents.
//!
//! +groupName=apidiscovery.k8s.io

#[cfg(feature = "internal")]
mod types;
pub mod v2;
pub mod v2beta1;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/apidiscovery/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v2::GROUP_NAME;

/// Installs the whole group: every version and, with the `internal` feature, the internal
/// discovery documents and the conversions to and from them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v2::add_to_scheme(scheme)?;
    v2beta1::add_to_scheme(scheme)?;
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
