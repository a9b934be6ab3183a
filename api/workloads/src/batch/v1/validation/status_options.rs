//! The job status rules upstream's strategy switches on per update (`getStatusValidationOptions` with `JobManagedBy` on, as in the fixtures' release), as `validateJobStatus` and `ValidateJobStatusUpdate` apply them.
//!
//! Most rules run only when the fields they read changed in this write, so that a status the
//! controller has yet to fix after a spec change does not block unrelated status writes.

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::{condition_true, index_interval, indexes_total, invalid_no_value};
use crate::batch::v1::Job;
use crate::core::v1::validation::json_value;

/// Upstream's `JobStatusValidationOptions`, less the ones its strategy never sets.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct StatusOptions {
    reject_decreasing_succeeded_counter: bool,
    reject_decreasing_failed_counter: bool,
    reject_disabling_terminal_condition: bool,
    reject_invalid_completed_indexes: bool,
    reject_invalid_failed_indexes: bool,
    reject_completed_indexes_for_non_indexed_job: bool,
    reject_failed_indexes_for_no_backoff_limit_per_index: bool,
    reject_failed_indexes_overlapping_completed: bool,
    reject_finished_job_with_active_pods: bool,
    reject_finished_job_without_start_time: bool,
    reject_finished_job_with_uncounted_terminated_pods: bool,
    reject_start_time_update_for_unsuspended_job: bool,
    reject_completion_time_before_start_time: bool,
    reject_mutating_completion_time: bool,
    reject_not_complete_job_with_completion_time: bool,
    reject_complete_job_without_completion_time: bool,
    reject_complete_job_with_failed_condition: bool,
    reject_complete_job_with_failure_target_condition: bool,
}

fn is_indexed(job: &Job) -> bool {
    job.spec.completion_mode.as_ref().is_some_and(|m| m.0 == "Indexed")
}

/// Upstream's `IsJobFinished`: `Complete` or `Failed` is true.
fn is_finished(job: &Job) -> bool {
    condition_true(job, "Complete") || condition_true(job, "Failed")
}

impl StatusOptions {
    /// Upstream's `getStatusValidationOptions` for a write of `new` over `old`.
    pub(super) fn for_update(new: &Job, old: &Job) -> StatusOptions {
        let (s, o) = (&new.status, &old.status);
        let changed = |ty: &str| condition_true(old, ty) != condition_true(new, ty);
        let finished = is_finished(old) != is_finished(new);
        let complete = changed("Complete");
        let completed_indexes = s.completed_indexes != o.completed_indexes;
        let failed_indexes = s.failed_indexes != o.failed_indexes;
        let start = s.start_time != o.start_time;
        let completion = s.completion_time != o.completion_time;
        StatusOptions {
            // Indexed jobs with equal completions and parallelism may be scaled down.
            reject_decreasing_succeeded_counter: !is_indexed(new) || new.spec.completions != new.spec.parallelism,
            reject_decreasing_failed_counter: true,
            reject_disabling_terminal_condition: true,
            reject_invalid_completed_indexes: completed_indexes,
            reject_invalid_failed_indexes: failed_indexes,
            reject_completed_indexes_for_non_indexed_job: completed_indexes,
            reject_failed_indexes_for_no_backoff_limit_per_index: failed_indexes,
            reject_failed_indexes_overlapping_completed: failed_indexes || completed_indexes,
            reject_finished_job_with_active_pods: finished || s.active != o.active,
            reject_finished_job_without_start_time: finished || start,
            reject_finished_job_with_uncounted_terminated_pods: finished
                || s.uncounted_terminated_pods != o.uncounted_terminated_pods,
            reject_start_time_update_for_unsuspended_job: start,
            reject_completion_time_before_start_time: start || completion,
            reject_mutating_completion_time: true,
            reject_not_complete_job_with_completion_time: complete || completion,
            reject_complete_job_without_completion_time: complete || completion,
            reject_complete_job_with_failed_condition: complete || changed("Failed"),
            reject_complete_job_with_failure_target_condition: complete || changed("FailureTarget"),
        }
    }
}

/// The option-driven half of upstream's `validateJobStatus`, in its order.
pub(super) fn status_rules(job: &Job, opts: &StatusOptions, path: &Path) -> ErrorList {
    let s = &job.status;
    let mut errs = ErrorList::new();
    let complete = condition_true(job, "Complete");
    let conditions = path.child("conditions");
    if opts.reject_complete_job_with_failed_condition && complete && condition_true(job, "Failed") {
        errs.push(invalid_no_value(&conditions, "cannot set Complete=True and Failed=true conditions"));
    }
    if opts.reject_complete_job_with_failure_target_condition && complete && condition_true(job, "FailureTarget") {
        errs.push(invalid_no_value(&conditions, "cannot set Complete=True and FailureTarget=true conditions"));
    }
    let completion_path = path.child("completionTime");
    if opts.reject_not_complete_job_with_completion_time
        && let Some(t) = &s.completion_time
        && !complete
    {
        errs.push(FieldError::invalid_value(
            &completion_path,
            json_value(t),
            "cannot set completionTime when there is no Complete=True condition",
        ));
    }
    if opts.reject_complete_job_without_completion_time && s.completion_time.is_none() && complete {
        errs.push(FieldError::required(&completion_path, "completionTime is required for Complete jobs"));
    }
    if opts.reject_completion_time_before_start_time
        && let (Some(start), Some(end)) = (&s.start_time, &s.completion_time)
        && end < start
    {
        errs.push(FieldError::invalid_value(
            &completion_path,
            json_value(end),
            "completionTime cannot be set before startTime",
        ));
    }
    let finished = is_finished(job);
    if opts.reject_finished_job_with_active_pods && s.active > 0 && finished {
        errs.push(FieldError::invalid_value(path.child("active"), s.active, "active>0 is invalid for finished job"));
    }
    if opts.reject_finished_job_without_start_time && s.start_time.is_none() && finished {
        errs.push(FieldError::required(path.child("startTime"), "startTime is required for finished job"));
    }
    if opts.reject_finished_job_with_uncounted_terminated_pods
        && finished
        && let Some(u) = &s.uncounted_terminated_pods
        && u.failed.len() + u.succeeded.len() > 0
    {
        errs.push(FieldError::invalid_value(
            path.child("uncountedTerminatedPods"),
            json_value(u),
            "uncountedTerminatedPods needs to be empty for finished job",
        ));
    }
    let completed_path = path.child("completedIndexes");
    let failed_path = path.child("failedIndexes");
    if opts.reject_invalid_completed_indexes
        && let Some(n) = job.spec.completions
        && let Err(e) = indexes_total(&s.completed_indexes, n)
    {
        errs.push(FieldError::invalid(
            &completed_path,
            &s.completed_indexes,
            &format!("error parsing completedIndexes: {e}"),
        ));
    }
    if opts.reject_invalid_failed_indexes
        && let (Some(n), Some(_), Some(failed)) =
            (job.spec.completions, job.spec.backoff_limit_per_index, &s.failed_indexes)
        && let Err(e) = indexes_total(failed, n)
    {
        errs.push(FieldError::invalid(&failed_path, failed, &format!("error parsing failedIndexes: {e}")));
    }
    if opts.reject_completed_indexes_for_non_indexed_job && !s.completed_indexes.is_empty() && !is_indexed(job) {
        errs.push(FieldError::invalid(
            &completed_path,
            &s.completed_indexes,
            "cannot set non-empty completedIndexes when non-indexed completion mode",
        ));
    }
    // Regular jobs have no `backoffLimitPerIndex`, so this also keeps them without failed indexes.
    if opts.reject_failed_indexes_for_no_backoff_limit_per_index
        && job.spec.backoff_limit_per_index.is_none()
        && let Some(failed) = &s.failed_indexes
    {
        errs.push(FieldError::invalid(
            &failed_path,
            failed,
            "cannot set non-null failedIndexes when backoffLimitPerIndex is null",
        ));
    }
    if opts.reject_failed_indexes_overlapping_completed
        && let (Some(n), Some(failed)) = (job.spec.completions, &s.failed_indexes)
        && let Some(at) = first_overlap(&s.completed_indexes, failed, n)
    {
        errs.push(FieldError::invalid(
            &failed_path,
            failed,
            &format!("failedIndexes and completedIndexes overlap at index: {at}"),
        ));
    }
    errs
}

/// Upstream's `validateFailedIndexesNotOverlapCompleted`: walks both interval lists once, as a
/// merge does, skipping intervals that do not parse (their format is reported elsewhere).
fn first_overlap(completed: &str, failed: &str, completions: i32) -> Option<i64> {
    if completed.is_empty() || failed.is_empty() {
        return None;
    }
    let parse = |s: &str| index_interval(s, completions).ok();
    let mut cs = completed.split(',').map(parse).peekable();
    let mut fs = failed.split(',').map(parse).peekable();
    while let (Some(c), Some(f)) = (cs.peek(), fs.peek()) {
        match (c, f) {
            (None, _) => {
                cs.next();
            }
            (_, None) => {
                fs.next();
            }
            (Some((cx, cy)), Some((fx, fy))) => {
                if cx <= fy && fx <= cy {
                    return Some(*cx.max(fx));
                }
                if cx <= fx {
                    cs.next();
                } else {
                    fs.next();
                }
            }
        }
    }
    None
}

/// The option-driven half of upstream's `ValidateJobStatusUpdate`: what a write may not undo.
pub(super) fn transition_rules(job: &Job, old: &Job, opts: &StatusOptions, path: &Path) -> ErrorList {
    let (s, o) = (&job.status, &old.status);
    let mut errs = ErrorList::new();
    if opts.reject_disabling_terminal_condition {
        for ty in ["Failed", "Complete", "FailureTarget"] {
            if condition_true(old, ty) && !condition_true(job, ty) {
                errs.push(invalid_no_value(
                    &path.child("conditions"),
                    &format!("cannot disable the terminal {ty}=True condition"),
                ));
            }
        }
    }
    if opts.reject_decreasing_failed_counter && s.failed < o.failed {
        errs.push(FieldError::invalid_value(path.child("failed"), s.failed, "cannot decrease the failed counter"));
    }
    if opts.reject_decreasing_succeeded_counter && s.succeeded < o.succeeded {
        errs.push(FieldError::invalid_value(
            path.child("succeeded"),
            s.succeeded,
            "cannot decrease the succeeded counter",
        ));
    }
    // Clearing it while the job is unfinished is allowed; a finished job needs one anyway.
    if opts.reject_mutating_completion_time
        && let (Some(new_t), Some(old_t)) = (&s.completion_time, &o.completion_time)
        && new_t != old_t
    {
        errs.push(FieldError::invalid_value(
            path.child("completionTime"),
            json_value(new_t),
            "completionTime cannot be mutated",
        ));
    }
    if opts.reject_start_time_update_for_unsuspended_job
        && o.start_time.is_some()
        && s.start_time != o.start_time
        && job.spec.suspend != Some(true)
    {
        errs.push(FieldError::required(path.child("startTime"), "startTime cannot be removed for unsuspended job"));
    }
    errs
}
