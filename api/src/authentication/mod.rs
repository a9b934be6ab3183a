//! The `authentication.k8s.io` API group: token review, token request and self subject review.

pub mod v1;
pub mod v1beta1;

/// Registers every kind of every version of `authentication.k8s.io`.
pub fn add_to_scheme(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}
