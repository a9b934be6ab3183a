//! The create and update rules of the job and cron job strategies' warnings and upstream's `WarningsForJobSpec`, as `pkg/api/job/warnings.go` and the strategies have them.

use crate::batch::v1::validation::{warnings_for_cron_job, warnings_for_job};
use crate::batch::v1::{CronJob, Job};

fn job(json: &str, generation: i64) -> Job {
    let mut j: Job = match kapi_machinery::json::from_slice(json.as_bytes()) {
        Ok(j) => j,
        Err(e) => panic!("test JSON does not decode: {e}: {json}"),
    };
    j.metadata.generation = generation;
    j
}

fn cron_job(json: &str, generation: i64) -> CronJob {
    let mut c: CronJob = match kapi_machinery::json::from_slice(json.as_bytes()) {
        Ok(c) => c,
        Err(e) => panic!("test JSON does not decode: {e}: {json}"),
    };
    c.metadata.generation = generation;
    c
}

const NAME: &str = "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]";
const LARGE: &str = "In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail";

/// A job spec with a gitRepo volume in its template, with extra members.
fn job_spec(extra: &str) -> String {
    format!(r#"{{{extra}"template":{{"spec":{{"volumes":[{{"name":"g","gitRepo":{{}}}}]}}}}}}"#)
}

#[test]
fn jobs_warn_about_the_name_a_large_indexed_job_and_the_template() {
    let indexed = r#""completionMode":"Indexed","completions":100001,"parallelism":10001,"#;
    let created = job(&format!(r#"{{"metadata":{{"name":"a.b"}},"spec":{}}}"#, job_spec(indexed)), 1);
    assert_eq!(
        warnings_for_job(&created, None),
        [
            NAME.to_owned(),
            format!("spec: {LARGE}"),
            "spec.template.spec.volumes[0].gitRepo: deprecated in v1.11".into()
        ]
    );
    assert_eq!(warnings_for_job(&created.clone(), Some(&created)), Vec::<String>::new());
    let mut bumped = created.clone();
    bumped.metadata.generation = 2;
    assert_eq!(warnings_for_job(&bumped, Some(&created)).len(), 2);

    // At the limits, or not indexed, there is no warning about the size.
    for extra in [
        r#""completionMode":"Indexed","completions":100000,"parallelism":10001,"#,
        r#""completionMode":"Indexed","completions":100001,"parallelism":10000,"#,
        r#""completionMode":"NonIndexed","completions":100001,"parallelism":10001,"#,
    ] {
        let j = job(&format!(r#"{{"metadata":{{"name":"j"}},"spec":{}}}"#, job_spec(extra)), 1);
        assert_eq!(
            warnings_for_job(&j, None),
            ["spec.template.spec.volumes[0].gitRepo: deprecated in v1.11"],
            "{extra}"
        );
    }
}

#[test]
fn cron_jobs_warn_about_the_job_template_and_a_tz_schedule_on_update() {
    let cron = |schedule: &str| {
        format!(
            r#"{{"metadata":{{"name":"a.b"}},"spec":{{"schedule":"{schedule}","jobTemplate":{{"spec":{}}}}}}}"#,
            job_spec("")
        )
    };
    let git = "spec.jobTemplate.spec.template.spec.volumes[0].gitRepo: deprecated in v1.11";
    let created = cron_job(&cron("*/5 * * * *"), 1);
    assert_eq!(warnings_for_cron_job(&created, None), [NAME, git]);
    assert_eq!(warnings_for_cron_job(&cron_job(&cron("*/5 * * * *"), 1), Some(&created)), Vec::<String>::new());
    assert_eq!(warnings_for_cron_job(&cron_job(&cron("*/5 * * * *"), 2), Some(&created)), [git]);

    let tz = "cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details";
    let stored = cron_job(&cron("CRON_TZ=UTC */5 * * * *"), 1);
    assert_eq!(warnings_for_cron_job(&cron_job(&cron("CRON_TZ=UTC */5 * * * *"), 1), Some(&stored)), [tz]);
    assert_eq!(warnings_for_cron_job(&cron_job(&cron("TZ=UTC 0 * * * *"), 2), Some(&stored)), [git, tz]);
    // Creation refuses such a schedule in validation; the warning is the update's only.
    assert_eq!(warnings_for_cron_job(&stored, None), [NAME, git]);
}
