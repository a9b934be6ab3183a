//! The `internal.apiserver.k8s.io` API group: storage versions the API servers agree on.
//!
//! +groupName=internal.apiserver.k8s.io

#[cfg(feature = "internal")]
mod types;
pub mod v1alpha1;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/apiserverinternal/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1alpha1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and, with the `internal`
/// feature, the internal kinds and the conversions to and from them (upstream's `install.Install`).
/// Upstream has no defaults, hand-written conversions or custom fuzzers for this group.
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1alpha1::add_to_scheme(scheme)?;
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
