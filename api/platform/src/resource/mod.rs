//! The `resource` API group: dynamic resource allocation: devices, claims, slices and classes.
//!
//! +groupName=resource.k8s.io

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v1alpha3;
pub mod v1beta1;
pub mod v1beta2;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/resource/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and field-label
/// conversions and, with the `internal` feature, the internal kinds (v1's shape, with v1alpha3's
/// pool status requests) and the conversions to and from them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v1beta2::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    v1alpha3::add_to_scheme(scheme)?;
    for labels in [v1::FIELD_LABELS, v1beta2::FIELD_LABELS, v1beta1::FIELD_LABELS] {
        crate::field_labels::register(scheme, labels);
    }
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;

#[cfg(all(test, feature = "internal", feature = "validation"))]
mod served_validation_tests;
