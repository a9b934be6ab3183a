//! Printers of jobs and cron jobs (`batch/v1`, and cron jobs of `batch/v1beta1`).

use std::any::Any;

use super::core::containers;
use super::{AGE, Column, NAME, Printed, age, col, format_label_selector, human_duration, since, wide};
use crate::batch::v1::{Job, JobCondition};

const JOB: &[Column] = &[
    NAME,
    col("Status", "string", "The job's state, from its conditions."),
    col("Completions", "string", "Succeeded pods out of the completions wanted."),
    col("Duration", "string", "How long the job ran, or has been running."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
    wide("Selector", "string", "The label selector of the pods."),
];

const CRON_JOB: &[Column] = &[
    NAME,
    col("Schedule", "string", "The cron schedule."),
    col("Timezone", "string", "The time zone of the schedule."),
    col("Suspend", "boolean", "Whether runs are suspended."),
    col("Active", "integer", "The number of running jobs."),
    col("Last Schedule", "string", "How long ago a job was last scheduled."),
    AGE,
    wide("Containers", "string", "The names of the job template's containers."),
    wide("Images", "string", "The images of the job template's containers."),
    wide("Selector", "string", "The label selector of the job template."),
];

fn has(conditions: &[JobCondition], ty: &str) -> bool {
    conditions.iter().any(|c| c.r#type.0 == ty && c.status.0 == "True")
}

/// Upstream's `printJob`.
fn job(o: &Job, now: i64) -> Printed {
    let conditions = &o.status.conditions;
    let status = if has(conditions, "Complete") {
        "Complete"
    } else if has(conditions, "Failed") {
        "Failed"
    } else if o.metadata.deletion_timestamp.is_some() {
        "Terminating"
    } else if has(conditions, "Suspended") {
        "Suspended"
    } else if has(conditions, "FailureTarget") {
        "FailureTarget"
    } else {
        "Running"
    };
    let succeeded = o.status.succeeded;
    let completions = match (o.spec.completions, o.spec.parallelism) {
        (Some(c), _) => format!("{succeeded}/{c}"),
        (None, Some(p)) if p > 1 => format!("{succeeded}/1 of {p}"),
        _ => format!("{succeeded}/1"),
    };
    let duration = match (&o.status.start_time, &o.status.completion_time) {
        (None, _) => String::new(),
        (Some(start), None) => human_duration(now.saturating_sub(start.unix_seconds())),
        (Some(start), Some(end)) => human_duration(end.unix_seconds().saturating_sub(start.unix_seconds())),
    };
    let (names, images) = containers(o.spec.template.spec.containers.as_deref());
    Printed::new(
        JOB,
        vec![
            o.metadata.name.clone().into(),
            status.into(),
            completions.into(),
            duration.into(),
            age(&o.metadata, now),
            names.into(),
            images.into(),
            format_label_selector(o.spec.selector.as_ref()).into(),
        ],
    )
}

/// Upstream's `printBoolPtr`.
fn bool_ptr(b: Option<bool>) -> String {
    match b {
        Some(true) => "True".into(),
        Some(false) => "False".into(),
        None => "<unset>".into(),
    }
}

macro_rules! cron_job {
    ($o:ident, $now:ident) => {{
        let last = $o.status.last_schedule_time.as_ref().map_or_else(|| "<none>".to_owned(), |t| since(t, $now));
        let spec = &$o.spec.job_template.spec;
        let (names, images) = containers(spec.template.spec.containers.as_deref());
        Printed::new(
            CRON_JOB,
            vec![
                $o.metadata.name.clone().into(),
                $o.spec.schedule.clone().into(),
                $o.spec.time_zone.clone().unwrap_or_else(|| "<none>".into()).into(),
                bool_ptr($o.spec.suspend).into(),
                ($o.status.active.len() as i64).into(),
                last.into(),
                age(&$o.metadata, $now),
                names.into(),
                images.into(),
                format_label_selector(spec.selector.as_ref()).into(),
            ],
        )
    }};
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    if let Some(o) = any.downcast_ref::<Job>() {
        return Some(job(o, now));
    }
    if let Some(o) = any.downcast_ref::<crate::batch::v1::CronJob>() {
        return Some(cron_job!(o, now));
    }
    if let Some(o) = any.downcast_ref::<crate::batch::v1beta1::CronJob>() {
        return Some(cron_job!(o, now));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::v1::{JobConditionType, JobSpec, JobStatus};
    use crate::core::v1::ConditionStatus;
    use crate::meta::v1::ObjectMeta;
    use crate::printers::Cell;
    use kapi_machinery::types::Time;

    #[test]
    fn jobs_print_as_upstream() {
        // Upstream's printers_test.go `TestPrintJob` cases: completions, parallelism, durations.
        let now = 1_700_000_000;
        let created = Time::from_unix(now);
        let base = |name: &str| Job {
            metadata: ObjectMeta { name: name.into(), creation_timestamp: created, ..Default::default() },
            ..Default::default()
        };
        let mut j = base("job1");
        j.spec = JobSpec { completions: Some(2), ..Default::default() };
        j.status = JobStatus { succeeded: 1, ..Default::default() };
        let p = print(&j, now).unwrap();
        assert_eq!(p.cells[..5], [Cell::from("job1"), "Running".into(), "1/2".into(), "".into(), "0s".into()]);
        let mut j = base("job2");
        j.status = JobStatus { succeeded: 1, ..Default::default() };
        assert_eq!(print(&j, now).unwrap().cells[2], Cell::from("1/1"));
        let mut j = base("job3");
        j.spec.parallelism = Some(2);
        j.status = JobStatus {
            succeeded: 0,
            start_time: Some(Time::from_unix(now - 10 * 60)),
            completion_time: Some(Time::from_unix(now - 10 * 60 + 31 * 60)),
            conditions: vec![JobCondition {
                r#type: JobConditionType("Complete".into()),
                status: ConditionStatus("True".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let p = print(&j, now).unwrap();
        assert_eq!(p.cells[1..4], [Cell::from("Complete"), "0/1 of 2".into(), "31m".into()]);
        let mut j = base("job4");
        j.status.start_time = Some(Time::from_unix(now - 20 * 60));
        assert_eq!(print(&j, now).unwrap().cells[3], Cell::from("20m"));
    }
}
