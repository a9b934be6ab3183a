//! Upstream's batch validation test cases (`TestValidateJob`, `TestValidateJobUpdate`, `TestValidateCronJob`, `TestValidateCronJobScheduleTZ`), inputs and expected error text, pinned against our validation.

use super::*;
use crate::batch::v1::{
    CompletionMode, ConcurrencyPolicy, CronJobSpec, PodFailurePolicyAction, PodFailurePolicyOnExitCodesOperator,
    PodFailurePolicyOnExitCodesRequirement, PodFailurePolicyOnPodConditionsPattern, PodFailurePolicyRule,
    SuccessPolicy, SuccessPolicyRule,
};
use crate::core::v1::{
    ConditionStatus, Container, DNSPolicy, PodConditionType, PodSpec, PodTemplateSpec, PullPolicy, RestartPolicy,
    TerminationMessagePolicy,
};
use crate::meta::v1::{LabelSelector, ObjectMeta};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn template(restart: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: [("a".to_owned(), "b".to_owned())].into(), ..ObjectMeta::default() },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "ctr".into(),
                image: "image".into(),
                image_pull_policy: PullPolicy("IfNotPresent".into()),
                termination_message_policy: TerminationMessagePolicy("File".into()),
                ..Container::default()
            }]),
            restart_policy: RestartPolicy(restart.into()),
            dns_policy: DNSPolicy("ClusterFirst".into()),
            ..PodSpec::default()
        },
    }
}

fn job() -> Job {
    Job {
        metadata: ObjectMeta { name: "myjob".into(), ..ObjectMeta::default() },
        spec: JobSpec {
            template: template("OnFailure"),
            backoff_limit: Some(6),
            completion_mode: Some(CompletionMode("NonIndexed".into())),
            ..JobSpec::default()
        },
        ..Job::default()
    }
}

#[test]
fn jobs() {
    assert!(validate_job(&job(), None).is_empty());
    let mut j = job();
    j.spec.parallelism = Some(-1);
    j.spec.completions = Some(-1);
    j.spec.active_deadline_seconds = Some(-1);
    j.spec.backoff_limit = Some(-1);
    j.spec.ttl_seconds_after_finished = Some(-1);
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.parallelism: Invalid value: -1: must be greater than or equal to 0",
            "spec.completions: Invalid value: -1: must be greater than or equal to 0",
            "spec.activeDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0",
            "spec.ttlSecondsAfterFinished: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    let mut j = job();
    j.spec.template = template("Always");
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""]
    );
    let mut j = job();
    j.spec.manual_selector = Some(true);
    j.spec.selector =
        Some(LabelSelector { match_labels: [("a".to_owned(), "c".to_owned())].into(), ..Default::default() });
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.template.metadata.labels: Invalid value: {\"a\":\"b\"}: `selector` does not match template `labels`"]
    );
    j.spec.selector = None;
    let got = strings(&validate_job(&j, None));
    assert_eq!(got[0], "spec.selector: Required value", "{got:?}");
    let mut j = job();
    j.spec.completion_mode = Some(CompletionMode("Indexed".into()));
    assert_eq!(strings(&validate_job(&j, None)), ["spec.completions: Required value: when completion mode is Indexed"]);
    j.spec.completion_mode = Some(CompletionMode("Sometimes".into()));
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.completionMode: Unsupported value: \"Sometimes\": supported values: \"NonIndexed\", \"Indexed\""]
    );
    let mut j = job();
    j.spec.backoff_limit_per_index = Some(1);
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode"]
    );
    let mut j = job();
    j.metadata.name = "a".repeat(62);
    j.spec.completion_mode = Some(CompletionMode("Indexed".into()));
    j.spec.completions = Some(10);
    let got = strings(&validate_job(&j, None));
    assert_eq!(got.len(), 1);
    assert!(
        got[0].ends_with(&format!("will not able to create pod with invalid DNS label: {}-9", "a".repeat(62))),
        "{got:?}"
    );
}

fn rule(action: &str) -> PodFailurePolicyRule {
    PodFailurePolicyRule { action: PodFailurePolicyAction(action.into()), ..PodFailurePolicyRule::default() }
}

#[test]
fn pod_failure_policies() {
    let with = |rules: Vec<PodFailurePolicyRule>| {
        let mut j = job();
        j.spec.template = template("Never");
        j.spec.pod_failure_policy = Some(PodFailurePolicy { rules: Some(rules) });
        j
    };
    let exit = |op: &str, values: Vec<i32>| PodFailurePolicyRule {
        on_exit_codes: Some(PodFailurePolicyOnExitCodesRequirement {
            container_name: None,
            operator: PodFailurePolicyOnExitCodesOperator(op.into()),
            values: Some(values),
        }),
        ..rule("FailJob")
    };
    assert!(validate_job(&with(vec![exit("In", vec![1, 2])]), None).is_empty());
    assert_eq!(
        strings(&validate_job(&with(vec![exit("In", vec![0, 2, 2, 1])]), None)),
        [
            "spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator",
            "spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 2",
            "spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [0,2,2,1]: must be ordered",
        ]
    );
    assert_eq!(
        strings(&validate_job(&with(vec![exit("", vec![])]), None)),
        [
            "spec.podFailurePolicy.rules[0].onExitCodes.operator: Required value: valid values: [\"In\" \"NotIn\"]",
            "spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []: at least one value is required",
        ]
    );
    assert_eq!(
        strings(&validate_job(&with(vec![rule("")]), None)),
        [
            "spec.podFailurePolicy.rules[0].action: Required value: valid values: [\"Count\" \"FailIndex\" \"FailJob\" \"Ignore\"]",
            "spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required",
        ]
    );
    let cond = PodFailurePolicyRule {
        on_pod_conditions: vec![PodFailurePolicyOnPodConditionsPattern {
            r#type: PodConditionType("DisruptionTarget".into()),
            status: ConditionStatus("Maybe".into()),
        }],
        ..rule("Ignore")
    };
    assert_eq!(
        strings(&validate_job(&with(vec![cond]), None)),
        [
            "spec.podFailurePolicy.rules[0].onPodConditions[0].status: Unsupported value: \"Maybe\": supported values: \"False\", \"True\", \"Unknown\""
        ]
    );
    let mut j = with(vec![exit("In", vec![1])]);
    j.spec.template = template("OnFailure");
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.template.spec.restartPolicy: Invalid value: \"OnFailure\": only \"Never\" is supported when podFailurePolicy is specified"
        ]
    );
}

#[test]
fn job_updates() {
    let old = job();
    let mut new = job();
    new.spec.parallelism = Some(3);
    assert!(validate_job(&new, Some(&old)).is_empty());
    new.spec.completions = Some(2);
    new.spec.template.spec.containers.as_mut().unwrap()[0].image = "image:2".into();
    let got = strings(&validate_job(&new, Some(&old)));
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0], "spec.completions: Invalid value: 2: field is immutable");
    assert!(got[1].starts_with("spec.template: Invalid value: {\"metadata\":"), "{got:?}");
    assert!(got[1].ends_with(": field is immutable"), "{got:?}");
}

fn cron_job(schedule: &str) -> CronJob {
    CronJob {
        metadata: ObjectMeta { name: "mycronjob".into(), ..ObjectMeta::default() },
        spec: CronJobSpec {
            schedule: schedule.into(),
            concurrency_policy: ConcurrencyPolicy("Allow".into()),
            job_template: JobTemplateSpec { spec: job().spec, ..JobTemplateSpec::default() },
            ..CronJobSpec::default()
        },
        ..CronJob::default()
    }
}

#[test]
fn cron_jobs() {
    assert!(validate_cron_job(&cron_job("* * * * ?"), None).is_empty());
    assert!(validate_cron_job(&cron_job("@hourly"), None).is_empty());
    assert_eq!(
        strings(&validate_cron_job(&cron_job("error"), None)),
        ["spec.schedule: Invalid value: \"error\": expected exactly 5 fields, found 1: [error]"]
    );
    assert_eq!(strings(&validate_cron_job(&cron_job(""), None)), ["spec.schedule: Required value"]);
    assert_eq!(
        strings(&validate_cron_job(&cron_job("TZ=UTC 0 * * * *"), None)),
        [
            "spec.schedule: Invalid value: \"TZ=UTC 0 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead"
        ]
    );
    // A schedule stored with TZ may keep it, but not together with timeZone.
    let old = cron_job("TZ=UTC 0 * * * *");
    let mut new = cron_job("TZ=UTC 0 * * * *");
    assert!(validate_cron_job(&new, Some(&old)).is_empty());
    new.spec.time_zone = Some("UTC".into());
    assert_eq!(
        strings(&validate_cron_job(&new, Some(&old))),
        [
            "spec.schedule: Invalid value: \"TZ=UTC 0 * * * *\": cannot use both timeZone field and TZ or CRON_TZ in schedule"
        ]
    );
    let mut c = cron_job("* * * * ?");
    c.spec.starting_deadline_seconds = Some(-1);
    c.spec.concurrency_policy = ConcurrencyPolicy("Sometimes".into());
    c.spec.successful_jobs_history_limit = Some(-1);
    c.spec.failed_jobs_history_limit = Some(-1);
    assert_eq!(
        strings(&validate_cron_job(&c, None)),
        [
            "spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.concurrencyPolicy: Unsupported value: \"Sometimes\": supported values: \"Allow\", \"Forbid\", \"Replace\"",
            "spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0",
            "spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    let mut c = cron_job("* * * * ?");
    c.metadata.name = "a".repeat(53);
    assert_eq!(
        strings(&validate_cron_job(&c, None)),
        [format!("metadata.name: Invalid value: \"{}\": must be no more than 52 characters", "a".repeat(53))]
    );
    // Updates keep names that were allowed before the limit.
    assert!(validate_cron_job(&c, Some(&c.clone())).is_empty());
    let mut c = cron_job("* * * * ?");
    c.spec.job_template.spec.selector = Some(LabelSelector::default());
    c.spec.job_template.spec.manual_selector = Some(true);
    assert_eq!(
        strings(&validate_cron_job(&c, None)),
        [
            "spec.jobTemplate.spec.selector: Invalid value: {}: `selector` will be auto-generated",
            "spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: \"nil\", \"false\"",
        ]
    );
    let mut c = cron_job("* * * * ?");
    c.spec.job_template.spec.template = template("Always");
    assert_eq!(
        strings(&validate_cron_job(&c, None)),
        ["spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""]
    );
}

#[test]
fn cron_job_time_zones() {
    let with = |tz: &str| {
        let mut c = cron_job("0 * * * *");
        c.spec.time_zone = Some(tz.into());
        strings(&validate_cron_job(&c, None))
    };
    assert!(with("UTC").is_empty());
    assert_eq!(with(""), ["spec.timeZone: Invalid value: \"\": timeZone must be nil or non-empty string"]);
    assert_eq!(with("../etc"), ["spec.timeZone: Invalid value: \"../etc\": unknown time zone ../etc"]);
    assert_eq!(
        with("Local"),
        [
            "spec.timeZone: Invalid value: \"Local\": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
        ]
    );
    if std::path::Path::new("/usr/share/zoneinfo").is_dir() {
        assert!(with("America/New_York").is_empty());
        assert_eq!(
            with("Continent/Zone"),
            ["spec.timeZone: Invalid value: \"Continent/Zone\": unknown time zone Continent/Zone"]
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Status updates (`TestValidateJobUpdateStatus`, the checks made whatever the options).

fn condition(ty: &str) -> crate::batch::v1::JobCondition {
    crate::batch::v1::JobCondition {
        r#type: crate::batch::v1::JobConditionType(ty.into()),
        status: ConditionStatus("True".into()),
        ..Default::default()
    }
}

#[test]
fn job_status_updates() {
    let old = Job::default();
    let with = |edit: &dyn Fn(&mut Job)| {
        let mut j = old.clone();
        edit(&mut j);
        j
    };
    let good = with(&|j| {
        j.status.active = 1;
        j.status.succeeded = 2;
        j.status.failed = 3;
        j.status.ready = Some(1);
    });
    assert!(validate_job_status_update(&good, &old).is_empty());
    let cases: Vec<(&str, Job, Vec<&str>)> = vec![
        (
            "negative counts",
            with(&|j| {
                j.status.active = -1;
                j.status.succeeded = -2;
                j.status.failed = -3;
                j.status.ready = Some(-1);
                j.status.terminating = Some(-2);
            }),
            vec![
                "status.active: Invalid value: -1: must be greater than or equal to 0",
                "status.succeeded: Invalid value: -2: must be greater than or equal to 0",
                "status.failed: Invalid value: -3: must be greater than or equal to 0",
                "status.ready: Invalid value: -1: must be greater than or equal to 0",
                "status.terminating: Invalid value: -2: must be greater than or equal to 0",
            ],
        ),
        (
            "empty and repeated uncounted pods",
            with(&|j| {
                j.status.uncounted_terminated_pods = Some(crate::batch::v1::UncountedTerminatedPods {
                    succeeded: vec!["a".into(), String::new()],
                    failed: vec!["a".into()],
                });
            }),
            vec![
                "status.uncountedTerminatedPods.succeeded[1]: Invalid value: \"\": must not be empty",
                "status.uncountedTerminatedPods.failed[0]: Duplicate value: \"a\"",
            ],
        ),
        (
            "success criteria met and failed",
            with(&|j| j.status.conditions = vec![condition("SuccessCriteriaMet"), condition("Failed")]),
            vec!["status.conditions: Invalid value: cannot set SuccessCriteriaMet=True and Failed=true conditions"],
        ),
        (
            "success criteria met and failure target",
            with(&|j| j.status.conditions = vec![condition("SuccessCriteriaMet"), condition("FailureTarget")]),
            vec![
                "status.conditions: Invalid value: cannot set SuccessCriteriaMet=True and FailureTarget=true conditions",
            ],
        ),
    ];
    // Upstream's cases pass no options; the server's strategy adds rules (see below).
    let no_options = |new: &Job, old: &Job| job_status_update(new, old, &status_options::StatusOptions::default());
    for (name, j, want) in cases {
        assert_eq!(strings(&no_options(&j, &old)), want, "{name}");
    }
    // Success criteria, once met, stay met; a job complete without them does not gain them.
    let met = with(&|j| j.status.conditions = vec![condition("SuccessCriteriaMet")]);
    assert_eq!(
        strings(&validate_job_status_update(&old, &met)),
        ["status.conditions: Invalid value: cannot disable the SuccessCriteriaMet=True condition"]
    );
    let complete = with(&|j| j.status.conditions = vec![condition("Complete")]);
    assert_eq!(
        strings(&no_options(&met, &complete)),
        [
            "status.conditions: Invalid value: cannot set SuccessCriteriaMet=True for Job already has Complete=true conditions"
        ]
    );
}

/// A job or cron job stored with a topology spread selector value that is no label value can
/// still be updated (upstream derives the template's options from the stored one); a new one
/// cannot be created with it.
#[test]
fn template_updates_keep_what_the_stored_template_had() {
    use crate::core::v1::{TopologySpreadConstraint, UnsatisfiableConstraintAction};
    use crate::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement};
    let spread = |t: &mut PodTemplateSpec| {
        t.spec.topology_spread_constraints = vec![TopologySpreadConstraint {
            max_skew: 1,
            topology_key: "zone".into(),
            when_unsatisfiable: UnsatisfiableConstraintAction("DoNotSchedule".into()),
            label_selector: Some(LabelSelector {
                match_expressions: vec![LabelSelectorRequirement {
                    key: "app".into(),
                    operator: LabelSelectorOperator("In".into()),
                    values: vec!["-bad-".into()],
                }],
                ..LabelSelector::default()
            }),
            ..TopologySpreadConstraint::default()
        }];
    };
    let mut old = job();
    spread(&mut old.spec.template);
    let mut new = old.clone();
    new.spec.parallelism = Some(3);
    assert_eq!(
        validate_job(&new, None).iter().map(|e| e.field.clone()).collect::<Vec<_>>(),
        vec!["spec.template.spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values[0]"],
    );
    assert!(validate_job(&new, Some(&old)).is_empty(), "{:?}", strings(&validate_job(&new, Some(&old))));

    let mut old = cron_job("@hourly");
    spread(&mut old.spec.job_template.spec.template);
    let mut new = old.clone();
    new.spec.schedule = "@daily".into();
    assert_eq!(
        validate_cron_job(&new, None).iter().map(|e| e.field.clone()).collect::<Vec<_>>(),
        vec![
            "spec.jobTemplate.spec.template.spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values[0]"
        ],
    );
    assert!(validate_cron_job(&new, Some(&old)).is_empty());
}

fn indexed(completions: i32) -> Job {
    let mut j = job();
    j.spec.completion_mode = Some(CompletionMode("Indexed".into()));
    j.spec.completions = Some(completions);
    j.spec.template = template("Never");
    j
}

fn success_rule(count: Option<i32>, indexes: Option<&str>) -> SuccessPolicyRule {
    SuccessPolicyRule { succeeded_count: count, succeeded_indexes: indexes.map(str::to_owned) }
}

fn with_rules(mut j: Job, rules: Vec<SuccessPolicyRule>) -> Job {
    j.spec.success_policy = Some(SuccessPolicy { rules: Some(rules) });
    j
}

/// `TestValidateJob`'s success policy cases, named by the error upstream expects.
#[test]
fn success_policies() {
    let ok = with_rules(indexed(10), vec![success_rule(Some(1), Some("0,2,4")), success_rule(None, Some("1,3,5-9"))]);
    assert_eq!(strings(&validate_job(&ok, None)), Vec::<String>::new(), "valid success policy");
    let mut j = job();
    j.spec.template = template("Never");
    j.spec.success_policy = Some(SuccessPolicy { rules: Some(vec![]) });
    assert_eq!(
        strings(&validate_job(&j, None)),
        [r#"spec.successPolicy: Invalid value: {"rules":[]}: requires indexed completion mode"#]
    );
    let cases: &[(Vec<SuccessPolicyRule>, &str)] = &[
        (
            vec![],
            "spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified",
        ),
        (
            vec![success_rule(None, None)],
            "spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified",
        ),
        (
            vec![success_rule(None, Some("invalid-format"))],
            r#"spec.successPolicy.rules[0].succeededIndexes: Invalid value: "invalid-format": error parsing succeededIndexes: cannot convert string to integer for index: "invalid""#,
        ),
        (
            vec![success_rule(Some(-1), None)],
            "spec.successPolicy.rules[0].succeededCount: Invalid value: -1: must be greater than or equal to 0",
        ),
        (
            vec![success_rule(Some(6), None)],
            "spec.successPolicy.rules[0].succeededCount: Invalid value: 6: must be less than or equal to 5 (the number of specified completions)",
        ),
        (
            vec![success_rule(Some(4), Some("0-2"))],
            "spec.successPolicy.rules[0].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of indexes in the specified succeededIndexes field)",
        ),
        (vec![success_rule(Some(5), None); 21], "spec.successPolicy.rules: Too many: 21: must have at most 20 items"),
        (
            vec![success_rule(None, Some("1,0"))],
            "spec.successPolicy.rules[0].succeededIndexes: Invalid value: \"1,0\": error parsing succeededIndexes: non-increasing order, previous: 1, current: 0",
        ),
        (
            vec![success_rule(None, Some("3-2"))],
            "spec.successPolicy.rules[0].succeededIndexes: Invalid value: \"3-2\": error parsing succeededIndexes: non-increasing order, previous: 3, current: 2",
        ),
        (
            vec![success_rule(None, Some("5"))],
            "spec.successPolicy.rules[0].succeededIndexes: Invalid value: \"5\": error parsing succeededIndexes: too large index: \"5\"",
        ),
        (
            vec![success_rule(None, Some("1-2-3"))],
            "spec.successPolicy.rules[0].succeededIndexes: Invalid value: \"1-2-3\": error parsing succeededIndexes: the fragment \"1-2-3\" violates the requirement that an index interval can have at most two parts separated by '-'",
        ),
    ];
    for (rules, want) in cases {
        let got = strings(&validate_job(&with_rules(indexed(5), rules.clone()), None));
        assert_eq!(got, [*want], "{want}");
    }
    // Too long a list is reported, and then fails to parse as well.
    let long = "1".repeat(64 * 1024 + 1);
    let got = strings(&validate_job(&with_rules(indexed(5), vec![success_rule(None, Some(&long))]), None));
    assert_eq!(got[0], "spec.successPolicy.rules[0].succeededIndexes: Too long: may not be more than 65536 bytes");
    assert_eq!(got.len(), 2);
    // A success policy is immutable.
    let old = with_rules(indexed(5), vec![success_rule(Some(1), None)]);
    let new = with_rules(indexed(5), vec![success_rule(Some(2), None)]);
    let got = strings(&validate_job(&new, Some(&old)));
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("spec.successPolicy: Invalid value: ") && got[0].ends_with(": field is immutable"),
        "{got:?}"
    );
}

/// `TestValidateJob`'s `managedBy` cases, and its immutability (`TestValidateJobUpdate`).
#[test]
fn managed_by() {
    let mut j = job();
    j.spec.managed_by = Some("example.com/foo".into());
    assert!(validate_job(&j, None).is_empty(), "valid managedBy field");
    j.spec.managed_by = Some(format!("example.com/{}", "x".repeat(60)));
    assert_eq!(strings(&validate_job(&j, None)), ["spec.managedBy: Too long: may not be more than 63 bytes"]);
    j.spec.managed_by = Some("invalid custom controller name".into());
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            r#"spec.managedBy: Invalid value: "invalid custom controller name": must be a domain-prefixed path (such as "acme.io/foo")"#
        ]
    );
    j.spec.managed_by = Some(String::new());
    assert_eq!(strings(&validate_job(&j, None)), ["spec.managedBy: Required value"]);
    let mut old = job();
    old.spec.managed_by = Some("example.com/foo".into());
    let mut new = old.clone();
    new.spec.managed_by = Some("example.com/bar".into());
    assert_eq!(
        strings(&validate_job(&new, Some(&old))),
        [r#"spec.managedBy: Invalid value: "example.com/bar": field is immutable"#]
    );
}

/// `TestValidateJob`'s `maxFailedIndexes` and indexed-job limit cases.
#[test]
fn max_failed_indexes_and_indexed_limits() {
    let mut j = job();
    j.spec.max_failed_indexes = Some(1);
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified",
            "spec.maxFailedIndexes: Invalid value: 1: requires indexed completion mode",
        ]
    );
    let mut j = indexed(5);
    j.spec.backoff_limit_per_index = Some(1);
    j.spec.max_failed_indexes = Some(6);
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.maxFailedIndexes: Invalid value: 6: must be less than or equal to completions"]
    );
    j.spec.max_failed_indexes = Some(-1);
    assert_eq!(
        strings(&validate_job(&j, None)),
        ["spec.maxFailedIndexes: Invalid value: -1: must be greater than or equal to 0"]
    );
    let mut j = indexed(2);
    j.spec.parallelism = Some(100_001);
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed"
        ]
    );
    // "valid parallelism and maxFailedIndexes for high completions when backoffLimitPerIndex is used"
    let mut j = indexed(100_000);
    j.metadata.name = "j".into();
    j.spec.parallelism = Some(100_000);
    j.spec.max_failed_indexes = Some(100_000);
    j.spec.backoff_limit_per_index = Some(1);
    assert!(validate_job(&j, None).is_empty(), "{:?}", strings(&validate_job(&j, None)));
    // Above 100,000 completions the per-index limits tighten.
    let mut j = indexed(1_000_000_000);
    j.metadata.name = "j".into();
    j.spec.parallelism = Some(10_001);
    j.spec.backoff_limit_per_index = Some(1);
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.maxFailedIndexes: Required value: must be specified when completions is above 100000",
            "spec.parallelism: Invalid value: 10001: must be less than or equal to 10000 when completions are above 100000 and used with backoff limit per index",
        ]
    );
    j.spec.parallelism = Some(10_000);
    j.spec.max_failed_indexes = Some(10_001);
    assert_eq!(
        strings(&validate_job(&j, None)),
        [
            "spec.maxFailedIndexes: Invalid value: 10001: must be less than or equal to 10000 when completions are above 100000 and used with backoff limit per index"
        ]
    );
}

/// Required node affinity for nodes labelled `key=value`, as upstream's fixtures build it.
fn node_affinity(key: &str, value: &str) -> crate::core::v1::Affinity {
    use crate::core::v1::{
        Affinity, NodeAffinity, NodeSelector, NodeSelectorOperator, NodeSelectorRequirement, NodeSelectorTerm,
    };
    Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                node_selector_terms: Some(vec![NodeSelectorTerm {
                    match_expressions: vec![NodeSelectorRequirement {
                        key: key.into(),
                        operator: NodeSelectorOperator("In".into()),
                        values: vec![value.into()],
                    }],
                    ..Default::default()
                }]),
            }),
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn suspended_jobs_that_never_started_may_change_scheduling_directives() {
    use crate::core::v1::{PodSchedulingGate, Toleration, TolerationOperator};
    type Edit = Box<dyn Fn(&mut PodTemplateSpec)>;
    // Upstream's `TestValidateJobUpdate` pairs: each edit is refused (`Invalid` at
    // `spec.template`) unless the stored job allows mutable scheduling directives.
    let cases: Vec<(&str, bool, Edit)> = vec![
        ("add node affinity", false, Box::new(|t| t.spec.affinity = Some(Box::new(node_affinity("foo", "bar"))))),
        ("update node affinity", true, Box::new(|t| t.spec.affinity = Some(Box::new(node_affinity("foo", "baz"))))),
        (
            "remove node affinity",
            true,
            Box::new(|t| t.spec.affinity.as_mut().expect("the case's template has affinity").node_affinity = None),
        ),
        ("remove affinity", true, Box::new(|t| t.spec.affinity = None)),
        (
            "tolerations",
            false,
            Box::new(|t| {
                t.spec.tolerations = vec![Toleration {
                    key: "foo".into(),
                    operator: TolerationOperator("Exists".into()),
                    ..Default::default()
                }];
            }),
        ),
        ("node selector", false, Box::new(|t| t.spec.node_selector = [("foo".into(), "bar".into())].into())),
        ("annotations", false, Box::new(|t| t.metadata.annotations = [("foo".into(), "baz".into())].into())),
        (
            "labels",
            false,
            Box::new(|t| {
                t.metadata.labels.insert("bar".into(), "baz".into());
            }),
        ),
        (
            "schedulingGates",
            false,
            Box::new(|t| t.spec.scheduling_gates.push(PodSchedulingGate { name: "gate".into() })),
        ),
    ];
    for (name, with_affinity, edit) in cases {
        let mut old = job();
        if with_affinity {
            old.spec.template.spec.affinity = Some(Box::new(node_affinity("foo", "bar")));
        }
        let mut new = old.clone();
        edit(&mut new.spec.template);
        let fields = |errs: ErrorList| errs.into_iter().map(|e| (e.error_type, e.field)).collect::<Vec<_>>();
        assert_eq!(
            fields(validate_job(&new, Some(&old))),
            [(kapi_machinery::validation::ErrorType::Invalid, "spec.template".to_owned())],
            "immutable {name}"
        );
        old.spec.suspend = Some(true);
        new.spec.suspend = Some(true);
        assert_eq!(fields(validate_job(&new, Some(&old))), [], "mutable {name}");
        // A job that has started keeps its template, suspended or not.
        old.status.start_time = Some(kapi_machinery::types::Time::now());
        assert_eq!(fields(validate_job(&new, Some(&old))).len(), 1, "started {name}");
    }
    // Affinity other than node affinity stays immutable: clearing it is refused.
    let mut old = job();
    old.spec.suspend = Some(true);
    let mut affinity = node_affinity("foo", "bar");
    affinity.pod_anti_affinity = Some(Default::default());
    old.spec.template.spec.affinity = Some(Box::new(affinity));
    let mut new = old.clone();
    new.spec.template.spec.affinity = None;
    let got = strings(&validate_job(&new, Some(&old)));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("spec.template: Invalid value: ") && got[0].ends_with("field is immutable"), "{got:?}");
}

/// A time `secs` seconds after the epoch.
fn at(secs: i64) -> kapi_machinery::types::Time {
    kapi_machinery::types::Time::from_unix(secs)
}

/// The status rules upstream's strategy switches on (`getStatusValidationOptions` with
/// `JobManagedBy` on), written from its source: each runs when the fields it reads change.
#[test]
fn job_status_rules_the_strategy_switches_on() {
    let base = || {
        let mut j = job();
        j.status.start_time = Some(at(100));
        j
    };
    let with = |edit: &dyn Fn(&mut Job)| {
        let mut j = base();
        edit(&mut j);
        j
    };
    let check = |new: &Job, old: &Job| strings(&validate_job_status_update(new, old));
    let old = base();

    // A finished job: no active pods, a start time, no uncounted pods.
    let finished = with(&|j| {
        j.status.conditions = vec![condition("Failed")];
        j.status.active = 1;
        j.status.start_time = None;
        j.status.uncounted_terminated_pods =
            Some(crate::batch::v1::UncountedTerminatedPods { succeeded: vec!["a".into()], failed: vec![] });
    });
    assert_eq!(
        check(&finished, &old),
        [
            "status.active: Invalid value: 1: active>0 is invalid for finished job",
            "status.startTime: Required value: startTime is required for finished job",
            "status.uncountedTerminatedPods: Invalid value: {\"succeeded\":[\"a\"]}: uncountedTerminatedPods needs to be empty for finished job",
            // Dropping the stored start time of a running job is refused as well.
            "status.startTime: Required value: startTime cannot be removed for unsuspended job",
        ]
    );
    // The same state written again (nothing it reads changed) is not blocked.
    assert_eq!(check(&finished, &finished), Vec::<String>::new());

    // Completion time only with Complete, required with it, not before the start, not mutated.
    let early = with(&|j| j.status.completion_time = Some(at(50)));
    assert_eq!(
        check(&early, &old),
        [
            "status.completionTime: Invalid value: \"1970-01-01T00:00:50Z\": cannot set completionTime when there is no Complete=True condition",
            "status.completionTime: Invalid value: \"1970-01-01T00:00:50Z\": completionTime cannot be set before startTime",
        ]
    );
    let complete = with(&|j| j.status.conditions = vec![condition("Complete"), condition("Failed")]);
    assert_eq!(
        check(&complete, &old),
        [
            "status.conditions: Invalid value: cannot set Complete=True and Failed=true conditions",
            "status.completionTime: Required value: completionTime is required for Complete jobs",
        ]
    );
    let done = with(&|j| {
        j.status.conditions = vec![condition("Complete")];
        j.status.completion_time = Some(at(200));
    });
    assert_eq!(check(&done, &old), Vec::<String>::new());
    let moved = with(&|j| {
        j.status.conditions = vec![condition("Complete")];
        j.status.completion_time = Some(at(300));
    });
    assert_eq!(
        check(&moved, &done),
        ["status.completionTime: Invalid value: \"1970-01-01T00:05:00Z\": completionTime cannot be mutated"]
    );

    // Terminal conditions stay; counters do not go down; an unsuspended job keeps its start time.
    let undone = with(&|j| j.status.completion_time = Some(at(200)));
    let got = check(&undone, &done);
    assert!(
        got.contains(
            &"status.conditions: Invalid value: cannot disable the terminal Complete=True condition".to_owned()
        ),
        "{got:?}"
    );
    let counted = with(&|j| {
        j.status.succeeded = 2;
        j.status.failed = 2;
    });
    assert_eq!(
        check(&old, &counted),
        [
            "status.failed: Invalid value: 0: cannot decrease the failed counter",
            "status.succeeded: Invalid value: 0: cannot decrease the succeeded counter",
        ]
    );
    let restarted = with(&|j| j.status.start_time = Some(at(150)));
    assert_eq!(
        check(&restarted, &old),
        ["status.startTime: Required value: startTime cannot be removed for unsuspended job"]
    );
    let mut suspended = restarted.clone();
    suspended.spec.suspend = Some(true);
    assert_eq!(check(&suspended, &old), Vec::<String>::new());

    // Indexes: only for indexed jobs, parsed, failed ones only with a per-index limit and not
    // overlapping the completed ones. An indexed job with completions equal to parallelism may
    // lose successes (it can be scaled down).
    let completed = with(&|j| j.status.completed_indexes = "0".into());
    assert_eq!(
        check(&completed, &old),
        [
            "status.completedIndexes: Invalid value: \"0\": cannot set non-empty completedIndexes when non-indexed completion mode"
        ]
    );
    let indexed = |edit: &dyn Fn(&mut Job)| {
        let mut j = base();
        j.spec.completion_mode = Some(CompletionMode("Indexed".into()));
        j.spec.completions = Some(4);
        j.spec.parallelism = Some(4);
        edit(&mut j);
        j
    };
    let old_indexed = indexed(&|_| {});
    assert_eq!(
        check(&indexed(&|j| j.status.completed_indexes = "3,1".into()), &old_indexed),
        [
            "status.completedIndexes: Invalid value: \"3,1\": error parsing completedIndexes: non-increasing order, previous: 3, current: 1"
        ]
    );
    assert_eq!(
        check(&indexed(&|j| j.status.failed_indexes = Some("1".into())), &old_indexed),
        [
            "status.failedIndexes: Invalid value: \"1\": cannot set non-null failedIndexes when backoffLimitPerIndex is null"
        ]
    );
    let per_index = |edit: &dyn Fn(&mut Job)| {
        indexed(&|j| {
            j.spec.backoff_limit_per_index = Some(1);
            edit(j);
        })
    };
    assert_eq!(
        check(
            &per_index(&|j| {
                j.status.completed_indexes = "0-2".into();
                j.status.failed_indexes = Some("2-3".into());
            }),
            &per_index(&|_| {})
        ),
        ["status.failedIndexes: Invalid value: \"2-3\": failedIndexes and completedIndexes overlap at index: 2"]
    );
    assert_eq!(
        check(&per_index(&|j| j.status.failed_indexes = Some("7".into())), &per_index(&|_| {})),
        ["status.failedIndexes: Invalid value: \"7\": error parsing failedIndexes: too large index: \"7\""]
    );
    let scaled = indexed(&|j| j.status.succeeded = 3);
    assert_eq!(check(&old_indexed, &scaled), Vec::<String>::new());
}
