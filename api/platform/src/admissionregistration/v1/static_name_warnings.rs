//! The warnings kube-apiserver returns on admission configuration objects named with the suffix reserved for manifest-based configuration (upstream's `WarningsForStaticSuffix` in `pkg/apis/admissionregistration/validation`).

use crate::admissionregistration::v1::{
    MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, MutatingWebhookConfiguration, ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding, ValidatingWebhookConfiguration,
};

/// Upstream's `StaticConfigSuffix`: names ending with it are reserved for configurations the API
/// server loads from manifest files.
const STATIC_CONFIG_SUFFIX: &str = ".static.k8s.io";

/// Upstream's `WarningsForStaticSuffix`. On create upstream's strategies warn only while the
/// `ManifestBasedAdmissionControlConfig` feature gate is off (alpha, off by default in 1.36; on,
/// validation rejects the name instead); on update they always warn.
fn static_suffix_warnings(name: &str) -> Vec<String> {
    if name.ends_with(STATIC_CONFIG_SUFFIX) {
        vec![format!(
            "metadata.name: names ending with \"{STATIC_CONFIG_SUFFIX}\" are reserved for static manifest-based configurations and cannot be managed via the API"
        )]
    } else {
        Vec::new()
    }
}

/// The warnings for a validating webhook configuration written by create (`old` is `None`) or
/// update: a name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_validating_webhook_configuration(
    obj: &ValidatingWebhookConfiguration,
    _old: Option<&ValidatingWebhookConfiguration>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

/// The warnings for a mutating webhook configuration written by create (`old` is `None`) or
/// update: a name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_mutating_webhook_configuration(
    obj: &MutatingWebhookConfiguration,
    _old: Option<&MutatingWebhookConfiguration>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

/// The warnings for a validating admission policy written by create (`old` is `None`) or update:
/// a name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_validating_admission_policy(
    obj: &ValidatingAdmissionPolicy,
    _old: Option<&ValidatingAdmissionPolicy>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

/// The warnings for a validating admission policy binding written by create (`old` is `None`) or
/// update: a name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_validating_admission_policy_binding(
    obj: &ValidatingAdmissionPolicyBinding,
    _old: Option<&ValidatingAdmissionPolicyBinding>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

/// The warnings for a mutating admission policy written by create (`old` is `None`) or update: a
/// name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_mutating_admission_policy(
    obj: &MutatingAdmissionPolicy,
    _old: Option<&MutatingAdmissionPolicy>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

/// The warnings for a mutating admission policy binding written by create (`old` is `None`) or
/// update: a name ending with the reserved `.static.k8s.io` suffix.
pub fn warnings_for_mutating_admission_policy_binding(
    obj: &MutatingAdmissionPolicyBinding,
    _old: Option<&MutatingAdmissionPolicyBinding>,
) -> Vec<String> {
    static_suffix_warnings(&obj.metadata.name)
}

#[cfg(test)]
#[path = "static_name_warnings_tests.rs"]
mod tests;
