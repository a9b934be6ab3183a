//! Custom fuzzer functions for the internal `batch` types (upstream's `pkg/apis/batch/fuzzer`): values v1's and v1beta1's defaults leave unchanged.

use kapi_machinery::Fuzzer;

use super::*;

/// A job without labels carries its template's, as defaulting copies them.
pub fn fuzz_job(obj: &mut Job, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.metadata.labels.is_empty() {
        obj.metadata.labels = obj.spec.template.metadata.labels.clone();
    }
}

/// Every field the job defaults fill is set, so a job's spec and a cron job's template read back alike.
pub fn fuzz_job_spec(obj: &mut JobSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.completions = Some(f.below(1 << 31) as i32);
    obj.parallelism = Some(f.below(1 << 31) as i32);
    obj.backoff_limit = Some(f.below(1 << 31) as i32);
    obj.manual_selector = Some(f.bool());
    let mode = if f.bool() { CompletionMode::INDEXED } else { CompletionMode::NON_INDEXED };
    obj.completion_mode = Some(CompletionMode(mode.to_owned()));
    obj.suspend = Some(f.bool());
    let policy = if f.bool() { PodReplacementPolicy::FAILED } else { PodReplacementPolicy::TERMINATING_OR_FAILED };
    obj.pod_replacement_policy = Some(PodReplacementPolicy(policy.to_owned()));
}

/// Every field the cron job defaults fill is set.
pub fn fuzz_cron_job_spec(obj: &mut CronJobSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.suspend = Some(f.bool());
    obj.successful_jobs_history_limit = Some(f.below(1 << 31) as i32);
    obj.failed_jobs_history_limit = Some(f.below(1 << 31) as i32);
}

/// One of the three policies; never empty, which defaulting would replace.
pub fn fuzz_concurrency_policy(obj: &mut ConcurrencyPolicy, f: &mut Fuzzer) {
    let all = [ConcurrencyPolicy::ALLOW, ConcurrencyPolicy::FORBID, ConcurrencyPolicy::REPLACE];
    *obj = ConcurrencyPolicy((*f.pick(&all)).to_owned());
}

/// A pattern always names the status it matches, as defaulting would.
pub fn fuzz_pod_failure_policy_on_pod_conditions_pattern(
    obj: &mut PodFailurePolicyOnPodConditionsPattern,
    f: &mut Fuzzer,
) {
    f.fuzz_no_custom(obj);
    if obj.status.0.is_empty() {
        obj.status = crate::core::ConditionStatus(crate::core::ConditionStatus::TRUE.to_owned());
    }
}
