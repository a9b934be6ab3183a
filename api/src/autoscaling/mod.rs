//! The `autoscaling` API group: horizontal pod autoscalers and the scale subresource.

pub mod v1;
pub mod v2;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)?;
    v2::add_to_scheme(scheme)?;
    Ok(())
}
