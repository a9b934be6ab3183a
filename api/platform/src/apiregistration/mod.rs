//! The `apiregistration` API group: API services of aggregated API servers.

pub mod v1;
pub mod v1beta1;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}
