//! `admissionregistration.k8s.io`: admission webhook configurations and CEL admission policies.

pub mod v1;
pub mod v1alpha1;
pub mod v1beta1;

/// Registers every kind of every `admissionregistration.k8s.io` version.
pub fn add_to_scheme(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    v1alpha1::add_to_scheme(scheme)?;
    Ok(())
}
