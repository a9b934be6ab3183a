//! The `core` API group: the core group: pods, services, nodes, volumes, config maps, secrets and the rest.
//!
//! +groupName=

// Public under `testing`: the round-trip suites of hubs holding core types (batch's pod templates,
// resource claims' device statuses) register these too, and those groups are compiled in the other
// parts of the API crate, whose tests do not build this crate with `cfg(test)`.
#[cfg(all(feature = "testing", feature = "internal"))]
#[doc(hidden)]
pub mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/core/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: v1 with its defaulting functions and field-label conversions and, with
/// the `internal` feature, the internal kinds and the conversions to and from them (upstream's
/// `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    crate::field_labels::register(scheme, v1::FIELD_LABELS);
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
#[cfg(test)]
mod sizes_tests;
