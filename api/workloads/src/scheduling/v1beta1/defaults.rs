//! Hand-written defaults of `scheduling.k8s.io/v1beta1` (upstream's `SetDefaults_*`).

use super::types::*;
use crate::core::v1::PreemptionPolicy;

/// Pods of a class without a preemption policy may preempt pods of lower priority.
pub fn set_defaults_priority_class(obj: &mut PriorityClass) {
    obj.preemption_policy.get_or_insert_with(|| PreemptionPolicy(PreemptionPolicy::PREEMPT_LOWER_PRIORITY.to_owned()));
}
