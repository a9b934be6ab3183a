//! The `admission.k8s.io` API group: the review messages exchanged with admission webhooks.
//!
//! +groupName=admission.k8s.io

mod types;
pub mod v1;
pub mod v1beta1;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/admission/mod.rs"]
mod generated;

pub use generated::*;

/// Installs the whole group: the internal kinds and every version, with their defaulting and
/// conversion functions (upstream's `install.Install`).
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    add_to_scheme(scheme)?;
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}

#[cfg(test)]
mod tests;
