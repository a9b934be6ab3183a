//! Hand-written defaults of `batch/v1` (upstream's `SetDefaults_*`); the pod replacement policy reads a feature gate.

use super::types::*;
use crate::core::v1::ConditionStatus;
use crate::features::{self, Feature};

/// Completions and parallelism (both 1 when neither is set), the retry limit (6, or unlimited when
/// each index has its own), the template's labels on the job, the completion mode, `suspend`,
/// `manualSelector` and, with `JobPodReplacementPolicy`, the replacement policy (`Failed` when a pod
/// failure policy needs terminated pods, else `TerminatingOrFailed`).
pub fn set_defaults_job(obj: &mut Job) {
    let spec = &mut obj.spec;
    if spec.completions.is_none() && spec.parallelism.is_none() {
        spec.completions = Some(1);
        spec.parallelism = Some(1);
    }
    spec.parallelism.get_or_insert(1);
    if spec.backoff_limit.is_none() {
        spec.backoff_limit = Some(if spec.backoff_limit_per_index.is_some() { i32::MAX } else { 6 });
    }
    if !spec.template.metadata.labels.is_empty() && obj.metadata.labels.is_empty() {
        obj.metadata.labels = spec.template.metadata.labels.clone();
    }
    spec.completion_mode.get_or_insert_with(|| CompletionMode(CompletionMode::NON_INDEXED.to_owned()));
    spec.suspend.get_or_insert(false);
    if features::enabled(Feature::JobPodReplacementPolicy) && spec.pod_replacement_policy.is_none() {
        let policy = if spec.pod_failure_policy.is_some() {
            PodReplacementPolicy::FAILED
        } else {
            PodReplacementPolicy::TERMINATING_OR_FAILED
        };
        spec.pod_replacement_policy = Some(PodReplacementPolicy(policy.to_owned()));
    }
    spec.manual_selector.get_or_insert(false);
}

/// Concurrent runs allowed, not suspended, and history limits of 3 successful and 1 failed job.
pub fn set_defaults_cron_job(obj: &mut CronJob) {
    let spec = &mut obj.spec;
    if spec.concurrency_policy.0.is_empty() {
        spec.concurrency_policy = ConcurrencyPolicy(ConcurrencyPolicy::ALLOW.to_owned());
    }
    spec.suspend.get_or_insert(false);
    spec.successful_jobs_history_limit.get_or_insert(3);
    spec.failed_jobs_history_limit.get_or_insert(1);
}

/// A pod-condition pattern without a status matches the condition being `True`.
pub fn set_defaults_pod_failure_policy_on_pod_conditions_pattern(obj: &mut PodFailurePolicyOnPodConditionsPattern) {
    if obj.status.0.is_empty() {
        obj.status = ConditionStatus(ConditionStatus::TRUE.to_owned());
    }
}
