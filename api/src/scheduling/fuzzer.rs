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
