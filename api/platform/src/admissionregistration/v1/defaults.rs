//! Hand-written defaults of `admissionregistration.k8s.io/v1`, as upstream's
//! `pkg/apis/admissionregistration/v1/defaults.go` sets them. The generated `defaulters.rs` calls
//! them wherever these types occur.

use super::types::*;
use crate::meta::v1::LabelSelector;

/// Webhooks fail closed, match equivalent versions, see every namespace and object, and time out
/// after 10 s. `sideEffects` and `admissionReviewVersions` are required in v1 and get no default.
pub fn set_defaults_validating_webhook(obj: &mut ValidatingWebhook) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EQUIVALENT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.timeout_seconds.get_or_insert(10);
}

/// As for validating webhooks, and mutating webhooks are not reinvoked.
pub fn set_defaults_mutating_webhook(obj: &mut MutatingWebhook) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EQUIVALENT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.timeout_seconds.get_or_insert(10);
    obj.reinvocation_policy.get_or_insert_with(|| ReinvocationPolicyType::from(ReinvocationPolicyType::NEVER));
}

/// A rule without a scope matches every scope.
pub fn set_defaults_rule(obj: &mut Rule) {
    obj.scope.get_or_insert_with(|| ScopeType::from(ScopeType::ALL));
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
