//! The `core` API group: the core group: pods, services, nodes, volumes, config maps, secrets and the rest.

pub mod v1;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)?;
    Ok(())
}
