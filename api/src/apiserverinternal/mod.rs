//! The `apiserverinternal` API group: storage versions the API servers agree on.

pub mod v1alpha1;

/// Installs every version of the group (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1alpha1::add_to_scheme(scheme)?;
    Ok(())
}
