//! Upstream's batch defaulting cases (`pkg/apis/batch/v1/defaults_test.go`, `v1beta1/defaults_test.go`),
//! the job field selectors, and minimal jobs and cron jobs decoded into the internal version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;

use crate::batch::{v1, v1beta1};
use crate::features::{self, Feature, FeatureGates};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::batch::install(&mut s).unwrap();
    s
}

fn labels(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
    entries.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

/// A job whose template carries labels, as upstream's cases start from.
fn job() -> v1::Job {
    let mut j = v1::Job::default();
    j.spec.template.metadata.labels = labels(&[("t", "b")]);
    j
}

fn defaulted(mut j: v1::Job) -> v1::Job {
    v1::set_object_defaults_job(&mut j);
    j
}

fn replacement(p: &str) -> Option<v1::PodReplacementPolicy> {
    Some(v1::PodReplacementPolicy(p.to_owned()))
}

#[test]
fn all_unspecified_job_fields_get_their_defaults() {
    let got = defaulted(job());
    assert_eq!(got.metadata.labels, labels(&[("t", "b")]), "labels come from the template");
    assert_eq!(got.spec.completions, Some(1));
    assert_eq!(got.spec.parallelism, Some(1));
    assert_eq!(got.spec.backoff_limit, Some(6));
    assert_eq!(got.spec.completion_mode, Some(v1::CompletionMode(v1::CompletionMode::NON_INDEXED.into())));
    assert_eq!(got.spec.suspend, Some(false));
    assert_eq!(got.spec.pod_replacement_policy, replacement(v1::PodReplacementPolicy::TERMINATING_OR_FAILED));
    assert_eq!(got.spec.manual_selector, Some(false));
}

#[test]
fn a_pod_failure_policy_makes_replacement_wait_for_failure_and_patterns_match_true() {
    let mut j = job();
    j.spec.pod_failure_policy = Some(v1::PodFailurePolicy {
        rules: Some(vec![v1::PodFailurePolicyRule {
            action: v1::PodFailurePolicyAction(v1::PodFailurePolicyAction::IGNORE.into()),
            on_pod_conditions: vec![
                v1::PodFailurePolicyOnPodConditionsPattern {
                    r#type: crate::core::v1::PodConditionType("DisruptionTarget".into()),
                    ..Default::default()
                },
                v1::PodFailurePolicyOnPodConditionsPattern {
                    r#type: crate::core::v1::PodConditionType("MemoryPressure".into()),
                    status: crate::core::v1::ConditionStatus("False".into()),
                },
            ],
            ..Default::default()
        }]),
    });
    let got = defaulted(j);
    assert_eq!(got.spec.pod_replacement_policy, replacement(v1::PodReplacementPolicy::FAILED));
    let statuses: Vec<String> = got.spec.pod_failure_policy.unwrap().rules.unwrap()[0]
        .on_pod_conditions
        .iter()
        .map(|p| p.status.0.clone())
        .collect();
    assert_eq!(statuses, ["True", "False"]);
}

#[test]
fn replacement_policy_is_left_unset_without_its_gate_and_kept_when_given() {
    let off = FeatureGates::default().with(Feature::JobPodReplacementPolicy, false);
    let got = features::with_gates(off, || defaulted(job()));
    assert_eq!(got.spec.pod_replacement_policy, None);
    let mut j = job();
    j.spec.pod_replacement_policy = replacement(v1::PodReplacementPolicy::FAILED);
    assert_eq!(defaulted(j).spec.pod_replacement_policy, replacement(v1::PodReplacementPolicy::FAILED));
}

#[test]
fn completions_and_parallelism_default_together_or_not_at_all() {
    let mut j = job();
    j.spec.parallelism = Some(11);
    let got = defaulted(j);
    assert_eq!((got.spec.completions, got.spec.parallelism), (None, Some(11)), "work queue: completions stay unset");
    let mut j = job();
    j.spec.completions = Some(11);
    let got = defaulted(j);
    assert_eq!((got.spec.completions, got.spec.parallelism), (Some(11), Some(1)));
    let mut j = job();
    j.spec.completions = Some(0);
    j.spec.parallelism = Some(0);
    let got = defaulted(j);
    assert_eq!((got.spec.completions, got.spec.parallelism), (Some(0), Some(0)), "explicit zeros are kept");
}

#[test]
fn backoff_limit_is_unlimited_with_a_per_index_limit() {
    let mut j = job();
    j.spec.completion_mode = Some(v1::CompletionMode(v1::CompletionMode::INDEXED.into()));
    j.spec.backoff_limit_per_index = Some(2);
    assert_eq!(defaulted(j).spec.backoff_limit, Some(i32::MAX));
    let mut j = job();
    j.spec.backoff_limit_per_index = Some(2);
    j.spec.backoff_limit = Some(3);
    assert_eq!(defaulted(j).spec.backoff_limit, Some(3));
}

#[test]
fn explicit_job_fields_and_labels_are_kept() {
    let mut j = job();
    j.metadata.labels = labels(&[("mine", "x")]);
    j.spec.backoff_limit = Some(5);
    j.spec.completion_mode = Some(v1::CompletionMode(v1::CompletionMode::INDEXED.into()));
    j.spec.suspend = Some(true);
    j.spec.manual_selector = Some(true);
    let got = defaulted(j);
    assert_eq!(got.metadata.labels, labels(&[("mine", "x")]));
    assert_eq!(got.spec.backoff_limit, Some(5));
    assert_eq!(got.spec.completion_mode, Some(v1::CompletionMode(v1::CompletionMode::INDEXED.into())));
    assert_eq!(got.spec.suspend, Some(true));
    assert_eq!(got.spec.manual_selector, Some(true));
    // A template without labels leaves the job's alone.
    let got = defaulted(v1::Job::default());
    assert!(got.metadata.labels.is_empty());
}

#[test]
fn cron_job_defaults_in_both_versions() {
    let mut c = v1::CronJob::default();
    v1::set_object_defaults_cron_job(&mut c);
    assert_eq!(c.spec.concurrency_policy.0, "Allow");
    assert_eq!(c.spec.suspend, Some(false));
    assert_eq!(c.spec.successful_jobs_history_limit, Some(3));
    assert_eq!(c.spec.failed_jobs_history_limit, Some(1));
    let mut b = v1beta1::CronJob::default();
    v1beta1::set_object_defaults_cron_job(&mut b);
    assert_eq!(b.spec.concurrency_policy.0, "Allow");
    assert_eq!(b.spec.suspend, Some(false));
    assert_eq!(b.spec.successful_jobs_history_limit, Some(3));
    assert_eq!(b.spec.failed_jobs_history_limit, Some(1));
    // Set values are kept, including zero limits.
    let mut c = v1::CronJob::default();
    c.spec.concurrency_policy = v1::ConcurrencyPolicy("Forbid".into());
    c.spec.suspend = Some(true);
    c.spec.successful_jobs_history_limit = Some(0);
    c.spec.failed_jobs_history_limit = Some(0);
    v1::set_object_defaults_cron_job(&mut c);
    assert_eq!(
        (
            c.spec.concurrency_policy.0.as_str(),
            c.spec.suspend,
            c.spec.successful_jobs_history_limit,
            c.spec.failed_jobs_history_limit
        ),
        ("Forbid", Some(true), Some(0), Some(0))
    );
}

#[test]
fn jobs_are_selected_by_success_count_and_other_labels_name_the_kind() {
    crate::testing::field_label_lookup!(crate::batch::v1::FIELD_LABELS);
    let ok = convert_field_label("batch", "v1", "Job", "status.successful", "1").unwrap();
    assert_eq!(ok, ("status.successful".to_owned(), "1".to_owned()));
    let err = convert_field_label("batch", "v1", "Job", "spec.parallelism", "1").unwrap_err();
    assert_eq!(err.to_string(), r#"field label "spec.parallelism" not supported for batchv1.Job"#);
    let gvk = kapi_machinery::GroupVersionKind::new("batch", "v1", "Job");
    assert_eq!(
        scheme().convert_field_label(&gvk, "metadata.namespace", "ns").unwrap(),
        ("metadata.namespace".to_owned(), "ns".to_owned())
    );
    // Cron jobs have no function of their own.
    assert!(convert_field_label("batch", "v1", "CronJob", "status.successful", "1").is_err());
}

/// A template's pod spec with core's template defaults (`enableServiceLinks` is defaulted on pods only).
const POD_SPEC: &str = r#""spec":{"containers":[{"name":"c","image":"busybox","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"Always"}],"restartPolicy":"Never","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}"#;

#[test]
fn minimal_job_is_served_with_defaults() {
    let body = r#"{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"metadata":{"labels":{"app":"pi"}},"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox"}]}}}}"#;
    let want = format!(
        r#"{{"kind":"Job","apiVersion":"batch/v1","metadata":{{"name":"pi","labels":{{"app":"pi"}}}},"spec":{{"parallelism":1,"completions":1,"backoffLimit":6,"manualSelector":false,"template":{{"metadata":{{"labels":{{"app":"pi"}}}},{POD_SPEC}}},"completionMode":"NonIndexed","suspend":false,"podReplacementPolicy":"TerminatingOrFailed"}},"status":{{}}}}"#
    );
    assert_eq!(served_as(&scheme(), body, "v1"), want);
}

#[test]
fn minimal_v1beta1_cron_job_is_served_as_v1() {
    let body = r#"{"apiVersion":"batch/v1beta1","kind":"CronJob","metadata":{"name":"hello"},"spec":{"schedule":"*/1 * * * *","jobTemplate":{"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox"}]}}}}}}"#;
    let want = format!(
        r#"{{"kind":"CronJob","apiVersion":"batch/v1","metadata":{{"name":"hello"}},"spec":{{"schedule":"*/1 * * * *","concurrencyPolicy":"Allow","suspend":false,"jobTemplate":{{"metadata":{{}},"spec":{{"template":{{"metadata":{{}},{POD_SPEC}}}}}}},"successfulJobsHistoryLimit":3,"failedJobsHistoryLimit":1}},"status":{{}}}}"#
    );
    assert_eq!(served_as(&scheme(), body, "v1"), want);
}
