//! The `extensions` API group: the retired extensions group: old forms of apps and networking kinds.

pub mod v1beta1;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}
