//! Hand-written defaults of `certificates.k8s.io/v1beta1` (upstream's `SetDefaults_*`).

use super::csr::default_signer_name;
use super::types::*;
use crate::core::v1::ConditionStatus;

/// Requests without usages (unset: an empty list stays empty, as upstream tells nil from empty)
/// ask for digital signature and key encipherment; requests without a signer get one picked from
/// the request itself ([`default_signer_name`]), after the usages are defaulted.
pub fn set_defaults_certificate_signing_request_spec(obj: &mut CertificateSigningRequestSpec) {
    let usages = obj.usages.get_or_insert_with(|| {
        vec![KeyUsage::from(KeyUsage::USAGE_DIGITAL_SIGNATURE), KeyUsage::from(KeyUsage::USAGE_KEY_ENCIPHERMENT)]
    });
    if obj.signer_name.is_none() {
        obj.signer_name = Some(default_signer_name(obj.request.as_deref(), usages).to_owned());
    }
}

/// A condition without a status is true.
pub fn set_defaults_certificate_signing_request_condition(obj: &mut CertificateSigningRequestCondition) {
    if obj.status.0.is_empty() {
        obj.status = ConditionStatus::from(ConditionStatus::TRUE);
    }
}
