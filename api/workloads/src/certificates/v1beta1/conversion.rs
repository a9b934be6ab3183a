//! Hand-written conversions of `certificates.k8s.io/v1beta1`: its signer name is optional where
//! the internal one is a plain string.

use kapi_machinery::ConversionError;

use super::CertificateSigningRequestSpec;
use crate::certificates as internal;

/// An unset signer name is empty internally (defaulting has normally set one already).
pub fn convert_certificate_signing_request_spec_to_internal(
    mut from: CertificateSigningRequestSpec,
) -> Result<internal::CertificateSigningRequestSpec, ConversionError> {
    let signer_name = from.signer_name.take().unwrap_or_default();
    let mut out = super::auto_convert_certificate_signing_request_spec_to_internal(from)?;
    out.signer_name = signer_name;
    Ok(out)
}

/// The signer name is always set in v1beta1, even when empty.
pub fn convert_certificate_signing_request_spec_from_internal(
    mut from: internal::CertificateSigningRequestSpec,
) -> Result<CertificateSigningRequestSpec, ConversionError> {
    let signer_name = std::mem::take(&mut from.signer_name);
    let mut out = super::auto_convert_certificate_signing_request_spec_from_internal(from)?;
    out.signer_name = Some(signer_name);
    Ok(out)
}
