//! The `widgets.example.com` API: its types, and the code `kapi-codegen generate` writes for them under `generated/`.

pub mod widgets;

/// A scheme with this crate's kinds, their defaults and (with the `validation` feature) their
/// validation.
pub fn scheme() -> Result<kapi_machinery::Scheme, kapi_machinery::SchemeError> {
    let mut s = kapi_machinery::Scheme::new();
    widgets::v1alpha1::add_to_scheme(&mut s)?;
    Ok(s)
}
