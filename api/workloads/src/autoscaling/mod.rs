//! The `autoscaling` API group: horizontal pod autoscalers and the scale subresource.
//!
//! +groupName=autoscaling

#[cfg(all(test, feature = "internal"))]
mod fuzzer;
#[cfg(feature = "internal")]
mod types;
pub mod v1;
pub mod v2;

#[cfg(feature = "internal")]
pub use types::*;

// Everything generated for a hub is internal.
#[cfg(feature = "internal")]
#[rustfmt::skip]
#[path = "../../generated/autoscaling/mod.rs"]
mod generated;

#[cfg(feature = "internal")]
pub use generated::*;

#[cfg(not(feature = "internal"))]
pub use v1::GROUP_NAME;

/// Installs the whole group: every version with its defaulting functions and, with the `internal` feature, the internal kinds and the conversions to and from
/// them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v2::add_to_scheme(scheme)?;
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
#[cfg(all(test, feature = "internal", feature = "validation"))]
mod served_validation_tests;
