//! Custom fuzzer functions for the internal `scheduling.k8s.io` types (upstream's `pkg/apis/scheduling/fuzzer`).

use kapi_machinery::Fuzzer;

use super::*;

/// A priority class always names its preemption policy, as defaulting would.
pub fn fuzz_priority_class(obj: &mut PriorityClass, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.preemption_policy.get_or_insert_with(|| {
        crate::core::PreemptionPolicy(crate::core::v1::PreemptionPolicy::PREEMPT_LOWER_PRIORITY.to_owned())
    });
}

/// A pod group always names its disruption mode, as defaulting would (`single`).
pub fn fuzz_pod_group(obj: &mut PodGroup, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.spec.disruption_mode.get_or_insert(DisruptionMode { single: Some(SingleDisruptionMode {}), all: None });
}

/// A composite pod group always names its disruption mode, as v1alpha3's defaulting would (`single`).
pub fn fuzz_composite_pod_group(obj: &mut CompositePodGroup, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.spec
        .disruption_mode
        .get_or_insert(CompositeDisruptionMode { single: Some(SingleCompositeDisruptionMode {}), all: None });
}
