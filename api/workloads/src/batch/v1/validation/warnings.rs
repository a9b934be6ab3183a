//! The `Warning` texts upstream's API server returns on writes of jobs and cron jobs (`pkg/api/job/warnings.go` and the two strategies' `WarningsOnCreate`/`WarningsOnUpdate`).
//!
//! A job spec warns about a large indexed job and about its pod template as pods' templates are
//! warned about ([`warnings_for_pod_template_spec`]); on update only when the generation changed,
//! as upstream does, so the functions expect the new object as it will be stored, after the
//! strategy's generation bump.
//!
//! The `warnings_for_<kind>` entry points are in `validation.rs` beside each `validate_<kind>`,
//! where the generator looks for them.

use kapi_machinery::validation::Path;

use super::super::{CronJob, Job, JobSpec};
// Upstream's `completionsSoftLimit` and `parallelismSoftLimitForUnlimitedCompletions`, which
// validation uses too.
use super::{COMPLETIONS_SOFT_LIMIT, PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS};
use crate::core::v1::validation::{controller_name_warnings, warnings_for_pod_template_spec};

/// See [`super::warnings_for_job`].
pub(super) fn job(obj: &Job, old: Option<&Job>) -> Vec<String> {
    let path = Path::new("spec");
    match old {
        None => {
            let mut warnings = controller_name_warnings(&obj.metadata.name);
            warnings.extend(job_spec(&path, &obj.spec, None));
            warnings
        }
        Some(old) if obj.metadata.generation != old.metadata.generation => job_spec(&path, &obj.spec, Some(&old.spec)),
        Some(_) => Vec::new(),
    }
}

/// See [`super::warnings_for_cron_job`].
pub(super) fn cron_job(obj: &CronJob, old: Option<&CronJob>) -> Vec<String> {
    let path = Path::new("spec").child("jobTemplate").child("spec");
    let spec = &obj.spec.job_template.spec;
    let Some(old) = old else {
        let mut warnings = controller_name_warnings(&obj.metadata.name);
        warnings.extend(job_spec(&path, spec, None));
        return warnings;
    };
    let mut warnings = Vec::new();
    if obj.metadata.generation != old.metadata.generation {
        warnings = job_spec(&path, spec, Some(&old.spec.job_template.spec));
    }
    if obj.spec.schedule.contains("TZ") {
        warnings.push(format!(
            "cannot use TZ or CRON_TZ in {}, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details",
            Path::new("spec").child("spec").child("schedule")
        ));
    }
    warnings
}

/// Upstream's `WarningsForJobSpec`.
fn job_spec(path: &Path, spec: &JobSpec, old: Option<&JobSpec>) -> Vec<String> {
    let mut warnings = Vec::new();
    if spec.completion_mode.as_ref().is_some_and(|m| m.0 == "Indexed")
        && spec.completions.unwrap_or(0) > COMPLETIONS_SOFT_LIMIT
        && spec.parallelism.unwrap_or(0) > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS
    {
        warnings.push(format!(
            "{path}: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail"
        ));
    }
    let old_template = old.map(|o| &o.template);
    warnings.extend(warnings_for_pod_template_spec(&path.child("template"), Some(&spec.template), old_template));
    warnings
}

#[cfg(test)]
#[path = "warnings_tests.rs"]
mod tests;
