//! Hand-written defaults of `batch/v1beta1` (upstream's `SetDefaults_*`): the same cron job defaults as v1.

use super::types::*;

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
