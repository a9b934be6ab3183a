//! Hand-written defaults of `admissionregistration.k8s.io/v1alpha1`, as upstream's
//! `pkg/apis/admissionregistration/v1alpha1/defaults.go` sets them. Rules reach v1's `Rule` default
//! (`scope: "*"`) through the type alias.

use super::types::*;
use crate::meta::v1::LabelSelector;

/// Policies fail closed.
pub fn set_defaults_validating_admission_policy_spec(obj: &mut ValidatingAdmissionPolicySpec) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
}

/// Mutating policies fail closed.
pub fn set_defaults_mutating_admission_policy_spec(obj: &mut MutatingAdmissionPolicySpec) {
    obj.failure_policy.get_or_insert_with(|| FailurePolicyType::from(FailurePolicyType::FAIL));
}

/// Match equivalent versions, every namespace and every object.
pub fn set_defaults_match_resources(obj: &mut MatchResources) {
    obj.match_policy.get_or_insert_with(|| MatchPolicyType::from(MatchPolicyType::EQUIVALENT));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
}

/// A missing parameter denies the request (v1alpha1 only; later versions require the field).
pub fn set_defaults_param_ref(obj: &mut ParamRef) {
    obj.parameter_not_found_action
        .get_or_insert_with(|| ParameterNotFoundActionType::from(ParameterNotFoundActionType::DENY));
}
