//! `PodCertificateRequest` validation for v1beta1, which alone keeps the deprecated `pkixPublicKey` and `proofOfPossession`: v1's rules with the key rules on those fields (see `v1::pod_certificate_validation`).

use kapi_machinery::validation::ErrorList;

use super::PodCertificateRequest;
use crate::certificates::v1::pod_certificate_validation::{create_errors, immutable_spec, spec_fields};

/// Validates a v1beta1 `PodCertificateRequest` on create (`old` is `None`) or update, as v1's
/// `validate_pod_certificate_request` does, and on create also its public key. Its status writes
/// go through v1's status rules, after conversion.
pub fn validate_pod_certificate_request(obj: &PodCertificateRequest, old: Option<&PodCertificateRequest>) -> ErrorList {
    let s = &obj.spec;
    if let Some(old) = old {
        return immutable_spec(s, &old.spec);
    }
    create_errors(&spec_fields!(s, s.pkix_public_key.as_deref(), s.proof_of_possession.as_deref()))
}
