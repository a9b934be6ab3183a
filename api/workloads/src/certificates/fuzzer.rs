//! Custom fuzzer functions for the internal `certificates` types (upstream's
//! `pkg/apis/certificates/fuzzer`): values the versions' defaults leave alone.

use kapi_machinery::Fuzzer;

use super::*;
use crate::core::v1::ConditionStatus;

/// Usages and signer are set (v1beta1 defaults both), and the requested duration is upstream's
/// one hour, one minute and one second.
pub fn fuzz_certificate_signing_request_spec(obj: &mut CertificateSigningRequestSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.usages = vec![KeyUsage::from(KeyUsage::USAGE_KEY_ENCIPHERMENT)];
    obj.signer_name = "example.com/custom-sample-signer".to_owned();
    obj.expiration_seconds = Some(3661);
}

/// A condition's status is never empty (v1beta1 defaults it to `True`).
pub fn fuzz_certificate_signing_request_condition(obj: &mut CertificateSigningRequestCondition, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.status.0.is_empty() {
        obj.status = ConditionStatus::from(ConditionStatus::TRUE);
    }
}

/// The longest lifetime is always set (its `+default=` is 86400). The deprecated public-key fields
/// stay unset: v1 has none, so they cannot survive the trip through v1 (the v1beta1 trip of them
/// is pinned in `internal_tests`).
pub fn fuzz_pod_certificate_request_spec(obj: &mut PodCertificateRequestSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.max_expiration_seconds.get_or_insert(86400);
    obj.pkix_public_key = None;
    obj.proof_of_possession = None;
}
