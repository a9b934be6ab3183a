//! The `samples.example.com` API: a custom resource with two versions and an internal hub, the code `kapi-codegen generate` writes for them under `generated/`, and the scheme its conversion webhook converts through.

pub mod samples;

/// A scheme with this crate's kinds, their defaults, (with the `internal` feature) the hub kinds
/// and the conversions through them, and (with the `validation` feature) their validation.
pub fn scheme() -> Result<kapi_machinery::Scheme, kapi_machinery::SchemeError> {
    let mut s = kapi_machinery::Scheme::new();
    #[cfg(feature = "internal")]
    samples::add_to_scheme(&mut s)?;
    samples::v1::add_to_scheme(&mut s)?;
    samples::v2::add_to_scheme(&mut s)?;
    Ok(s)
}

/// The converter the conversion webhook answers with: [`scheme`] behind
/// [`kapi_webhook::SchemeConverter`], converting `v1` ↔ `v2` through the hub.
#[cfg(feature = "internal")]
pub fn converter() -> Result<kapi_webhook::SchemeConverter, kapi_machinery::SchemeError> {
    Ok(kapi_webhook::SchemeConverter::new(scheme()?))
}
