//! The `certificates.k8s.io` API group: certificate signing requests, cluster trust bundles and pod certificate requests.
//!
//! +groupName=certificates.k8s.io

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v1alpha1;
pub mod v1beta1;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/certificates/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and field-label
/// conversions and, with the `internal`
/// feature, the internal kinds and the conversions to and from them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    v1alpha1::add_to_scheme(scheme)?;
    for labels in [v1::FIELD_LABELS, v1beta1::FIELD_LABELS, v1alpha1::FIELD_LABELS] {
        crate::field_labels::register(scheme, labels);
    }
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
#[cfg(all(test, feature = "internal", feature = "validation"))]
mod served_validation_tests;
