//! Custom fuzzer functions for the internal `flowcontrol` types (upstream's
//! `pkg/apis/flowcontrol/fuzzer`): values that survive every version's defaults.

use kapi_machinery::Fuzzer;

use super::*;

/// Shares are never unset or 0 (v1beta1 and v1beta2 cannot tell 0 from unset and default it to 30)
/// and the lendable percent is always set.
pub fn fuzz_limited_priority_level_configuration(obj: &mut LimitedPriorityLevelConfiguration, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.nominal_concurrency_shares.is_none_or(|s| s == 0) {
        obj.nominal_concurrency_shares = Some(1);
    }
    obj.lendable_percent.get_or_insert(0);
}

/// Both optional numbers are always set, as defaulting sets them.
pub fn fuzz_exempt_priority_level_configuration(obj: &mut ExemptPriorityLevelConfiguration, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.nominal_concurrency_shares.get_or_insert(0);
    obj.lendable_percent.get_or_insert(0);
}

/// A precedence of 0 is defaulted to 1000. Upstream's fuzzer needs no function here because its
/// random 32-bit numbers are practically never 0; ours often are.
pub fn fuzz_flow_schema_spec(obj: &mut FlowSchemaSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.matching_precedence == 0 {
        obj.matching_precedence = 1 + f.below(10_000) as i32;
    }
}

/// Zero sizes are defaulted (8, 64, 50); as for [`fuzz_flow_schema_spec`], keep them non-zero.
pub fn fuzz_queuing_configuration(obj: &mut QueuingConfiguration, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    for v in [&mut obj.queues, &mut obj.hand_size, &mut obj.queue_length_limit] {
        if *v == 0 {
            *v = 1 + f.below(128) as i32;
        }
    }
}
