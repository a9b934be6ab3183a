//! Custom fuzzer functions for the internal `admissionregistration` types, used by the generated
//! round-trip suite: every field a versioned package defaults when it is unset gets a value, so a
//! random object survives internal → version → decode (with defaulting) → internal unchanged, as
//! upstream's `pkg/apis/admissionregistration/fuzzer` does.

use kapi_machinery::Fuzzer;

use super::*;
use crate::meta::v1::LabelSelector;

/// `scope` defaults to `*`.
pub fn fuzz_rule(obj: &mut Rule, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.scope.get_or_insert_with(|| {
        ScopeType::from(f.pick(&[ScopeType::ALL, ScopeType::CLUSTER, ScopeType::NAMESPACED]).to_owned())
    });
}

/// The webhook defaults of v1 and v1beta1: policies, selectors, side effects, timeout and review
/// versions (v1beta1 defaults an empty list to `["v1beta1"]`).
pub fn fuzz_validating_webhook(obj: &mut ValidatingWebhook, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.failure_policy.get_or_insert_with(|| pick_failure_policy(f));
    obj.match_policy.get_or_insert_with(|| pick_match_policy(f));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.side_effects.get_or_insert_with(|| pick_side_effects(f));
    obj.timeout_seconds.get_or_insert_with(|| 1 + f.below(30) as i32);
    review_versions(&mut obj.admission_review_versions, f);
}

/// As [`fuzz_validating_webhook`], plus the reinvocation policy.
pub fn fuzz_mutating_webhook(obj: &mut MutatingWebhook, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.failure_policy.get_or_insert_with(|| pick_failure_policy(f));
    obj.match_policy.get_or_insert_with(|| pick_match_policy(f));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
    obj.side_effects.get_or_insert_with(|| pick_side_effects(f));
    obj.timeout_seconds.get_or_insert_with(|| 1 + f.below(30) as i32);
    review_versions(&mut obj.admission_review_versions, f);
    obj.reinvocation_policy.get_or_insert_with(|| {
        ReinvocationPolicyType::from(
            f.pick(&[ReinvocationPolicyType::NEVER, ReinvocationPolicyType::IF_NEEDED]).to_owned(),
        )
    });
}

/// `port` defaults to 443.
pub fn fuzz_service_reference(obj: &mut ServiceReference, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.port.get_or_insert_with(|| 1 + f.below(65535) as i32);
}

/// `failurePolicy` defaults to `Fail`.
pub fn fuzz_validating_admission_policy_spec(obj: &mut ValidatingAdmissionPolicySpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.failure_policy.get_or_insert_with(|| pick_failure_policy(f));
}

/// `failurePolicy` defaults to `Fail`.
pub fn fuzz_mutating_admission_policy_spec(obj: &mut MutatingAdmissionPolicySpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.failure_policy.get_or_insert_with(|| pick_failure_policy(f));
}

/// `matchPolicy` defaults to `Equivalent`, the selectors to `{}`.
pub fn fuzz_match_resources(obj: &mut MatchResources, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.match_policy.get_or_insert_with(|| pick_match_policy(f));
    obj.namespace_selector.get_or_insert_with(LabelSelector::default);
    obj.object_selector.get_or_insert_with(LabelSelector::default);
}

fn pick_failure_policy(f: &mut Fuzzer) -> FailurePolicyType {
    FailurePolicyType::from(f.pick(&[FailurePolicyType::FAIL, FailurePolicyType::IGNORE]).to_owned())
}

fn pick_match_policy(f: &mut Fuzzer) -> MatchPolicyType {
    MatchPolicyType::from(f.pick(&[MatchPolicyType::EXACT, MatchPolicyType::EQUIVALENT]).to_owned())
}

fn pick_side_effects(f: &mut Fuzzer) -> SideEffectClass {
    let all =
        [SideEffectClass::UNKNOWN, SideEffectClass::NONE, SideEffectClass::SOME, SideEffectClass::NONE_ON_DRY_RUN];
    SideEffectClass::from(f.pick(&all).to_owned())
}

fn review_versions(v: &mut Option<Vec<String>>, f: &mut Fuzzer) {
    if v.as_ref().is_none_or(Vec::is_empty) {
        *v = Some(vec![f.pick(&["v1", "v1beta1"]).to_string()]);
    }
}

/// `parameterNotFoundAction` defaults to `Deny` in v1alpha1.
pub fn fuzz_param_ref(obj: &mut ParamRef, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.parameter_not_found_action.get_or_insert_with(|| {
        ParameterNotFoundActionType::from(
            f.pick(&[ParameterNotFoundActionType::ALLOW, ParameterNotFoundActionType::DENY]).to_owned(),
        )
    });
}
