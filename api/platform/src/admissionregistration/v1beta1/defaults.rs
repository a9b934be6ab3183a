//! Hand-written defaults of `admissionregistration.k8s.io/v1beta1`, as upstream's
//! `pkg/apis/admissionregistration/v1beta1/defaults.go` sets them. The generated `defaulters.rs`
//! calls them wherever these types occur.

use super::types::*;
use crate::meta::v1::LabelSelector;

/// v1beta1 webhooks fail open, match exact versions, see every namespace and object, declare
/// unknown side effects, time out after 30 s and speak `v1beta1` reviews.
pub fn set_defaults_validating_webhook(obj: &mut ValidatingWebhook) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::IGNORE));
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EXACT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.side_effects.get_or_insert_with(|| SideEffectClass::from(SideEffectClass::UNKNOWN));
    obj.timeout_seconds.get_or_insert(30);
    if obj.admission_review_versions.is_empty() {
        obj.admission_review_versions = vec!["v1beta1".to_owned()];
    }
}

/// As for validating webhooks, and mutating webhooks are not reinvoked.
pub fn set_defaults_mutating_webhook(obj: &mut MutatingWebhook) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::IGNORE));
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EXACT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.side_effects.get_or_insert_with(|| SideEffectClass::from(SideEffectClass::UNKNOWN));
    obj.timeout_seconds.get_or_insert(30);
    if obj.admission_review_versions.is_empty() {
        obj.admission_review_versions = vec!["v1beta1".to_owned()];
    }
    obj.reinvocation_policy.get_or_insert_with(|| ReinvocationPolicyType::from(ReinvocationPolicyType::NEVER));
}

/// Services are reached on port 443.
pub fn set_defaults_service_reference(obj: &mut ServiceReference) {
    obj.port.get_or_insert(443);
}

/// Admission policies fail closed.
pub fn set_defaults_validating_admission_policy_spec(obj: &mut ValidatingAdmissionPolicySpec) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
}

/// Mutating admission policies fail closed.
pub fn set_defaults_mutating_admission_policy_spec(obj: &mut MutatingAdmissionPolicySpec) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
}

/// Policies match equivalent versions and every namespace and object.
pub fn set_defaults_match_resources(obj: &mut MatchResources) {
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EQUIVALENT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
}
