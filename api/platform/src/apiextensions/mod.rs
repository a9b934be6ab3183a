//! The `apiextensions` API group: custom resource definitions and conversion reviews.
//!
//! +groupName=apiextensions.k8s.io

#[cfg(test)]
mod fuzzer;
mod json;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v1beta1;
#[cfg(feature = "internal")]
mod value;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/apiextensions/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and, with the `internal`
/// feature, the internal kinds and the conversions to and from them (upstream's `install.Install`).
/// Upstream registers no field-label functions for this group.
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}

/// Lower case rune by rune, as Go's `strings.ToLower` does (no context rules such as a final sigma).
fn go_lower(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
