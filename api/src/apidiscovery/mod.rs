//! The `apidiscovery` API group: aggregated discovery documents.

pub mod v2;
pub mod v2beta1;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v2::add_to_scheme(scheme)?;
    v2beta1::add_to_scheme(scheme)?;
    Ok(())
}
