//! Hand-written conversions of `certificates.k8s.io/v1`: v1 pod certificate requests have no
//! deprecated public-key fields.

use kapi_machinery::ConversionError;

use super::PodCertificateRequestSpec;
use crate::certificates as internal;

/// `pkixPublicKey` and `proofOfPossession` exist only in v1beta1 and are dropped, as upstream's
/// conversion drops them.
pub fn convert_pod_certificate_request_spec_from_internal(
    mut from: internal::PodCertificateRequestSpec,
) -> Result<PodCertificateRequestSpec, ConversionError> {
    from.pkix_public_key = None;
    from.proof_of_possession = None;
    super::auto_convert_pod_certificate_request_spec_from_internal(from)
}
