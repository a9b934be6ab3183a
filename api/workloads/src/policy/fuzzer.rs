//! Custom fuzzer functions for the internal `policy` types (upstream's `pkg/apis/policy/fuzzer`).

use kapi_machinery::Fuzzer;

use super::*;

/// Disruptions allowed is 0 or 1, as upstream's fuzzer keeps it.
pub fn fuzz_pod_disruption_budget_status(obj: &mut PodDisruptionBudgetStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.disruptions_allowed = f.below(2) as i32;
}
