//! Hand-written conversions of `authentication.k8s.io/v1`: a token request's validity is optional
//! in v1 and a plain number internally.

use kapi_machinery::ConversionError;

use super::TokenRequestSpec;
use crate::authentication as internal;

/// An unset validity is 0 internally (defaulting has normally set an hour already).
pub fn convert_token_request_spec_to_internal(
    mut from: TokenRequestSpec,
) -> Result<internal::TokenRequestSpec, ConversionError> {
    let seconds = from.expiration_seconds.take().unwrap_or(0);
    let mut out = super::auto_convert_token_request_spec_to_internal(from)?;
    out.expiration_seconds = seconds;
    Ok(out)
}

/// The validity is always written in v1.
pub fn convert_token_request_spec_from_internal(
    from: internal::TokenRequestSpec,
) -> Result<TokenRequestSpec, ConversionError> {
    let seconds = from.expiration_seconds;
    let mut out = super::auto_convert_token_request_spec_from_internal(from)?;
    out.expiration_seconds = Some(seconds);
    Ok(out)
}
