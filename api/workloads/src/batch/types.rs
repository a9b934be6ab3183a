//! The internal (hub) types of `batch`, which v1 and v1beta1 convert to and from.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::core::{ConditionStatus, ObjectReference, PodConditionType, PodTemplateSpec};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};
// The scheduling building blocks a job embeds exist only in scheduling/v1alpha3 (scheduling's
// internal package has no counterparts), so they are held as they are and convert as themselves.
use crate::scheduling::v1alpha3::{
    WorkloadPodGroupDisruptionMode, WorkloadPodGroupResourceClaim, WorkloadPodGroupSchedulingConstraints,
    WorkloadPodGroupSchedulingPolicy,
};

/// Runs pods until a given number of them finish successfully.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", internal)]
pub struct Job {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods to run and when the job is done.
    pub spec: JobSpec,
    /// The state last observed.
    pub status: JobStatus,
}

/// A list of jobs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", internal)]
pub struct JobList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The jobs.
    pub items: Option<Vec<Job>>,
}

/// How a job counts finished pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompletionMode(pub String);

impl CompletionMode {
    /// Done after `completions` successes of interchangeable pods.
    pub const NON_INDEXED: &'static str = "NonIndexed";
    /// Each pod gets an index from 0 to `completions` - 1, and each index must succeed once.
    pub const INDEXED: &'static str = "Indexed";
}

/// What a job does with a pod failure that matches a rule.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicyAction(pub String);

impl PodFailurePolicyAction {
    /// Fail the whole job and stop its running pods.
    pub const FAIL_JOB: &'static str = "FailJob";
    /// Fail the pod's index and do not retry it.
    pub const FAIL_INDEX: &'static str = "FailIndex";
    /// Do not count the failure; just replace the pod.
    pub const IGNORE: &'static str = "Ignore";
    /// Count the failure against `backoff_limit`, as usual.
    pub const COUNT: &'static str = "Count";
}

/// How container exit codes are compared with a rule's values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicyOnExitCodesOperator(pub String);

impl PodFailurePolicyOnExitCodesOperator {
    /// Matches when some exit code is among the values.
    pub const IN: &'static str = "In";
    /// Matches when some exit code is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
}

/// When a job creates a replacement for a pod that is going away.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodReplacementPolicy(pub String);

impl PodReplacementPolicy {
    /// Replace a pod once it is being deleted or has failed.
    pub const TERMINATING_OR_FAILED: &'static str = "TerminatingOrFailed";
    /// Replace a pod only after it has fully terminated.
    pub const FAILED: &'static str = "Failed";
}

/// Matches a failed pod by the exit codes of its containers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicyOnExitCodesRequirement {
    /// Only this container's exit code is checked; every container's when unset.
    pub container_name: Option<String>,
    /// `In` or `NotIn`; an exit code of 0 is never checked, and unknown operators never match.
    pub operator: PodFailurePolicyOnExitCodesOperator,
    /// Exit codes to compare against: sorted, unique, 1 to 255 entries, and no 0 with `In`.
    pub values: Option<Vec<i32>>,
}

/// Matches a failed pod by one of its conditions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicyOnPodConditionsPattern {
    /// The pod condition type to look for.
    pub r#type: PodConditionType,
    /// The status the condition must have; `True` by default.
    pub status: ConditionStatus,
}

/// An action to take on pod failures that match either exit codes or pod conditions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicyRule {
    /// What to do when the rule matches; unknown actions skip the rule.
    pub action: PodFailurePolicyAction,
    /// Match by container exit codes; excludes `on_pod_conditions`.
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    /// Match when any of these patterns fits a pod condition; at most 20; excludes `on_exit_codes`.
    pub on_pod_conditions: Vec<PodFailurePolicyOnPodConditionsPattern>,
}

/// Rules deciding how failed pods count against a job's retry limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFailurePolicy {
    /// Rules tried in order, the first match winning; at most 20; unmatched failures count normally.
    pub rules: Option<Vec<PodFailurePolicyRule>>,
}

/// Rules that let an indexed job succeed before every index has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SuccessPolicy {
    /// Alternatives tried in order; the first one met marks the job successful; at most 20.
    pub rules: Option<Vec<SuccessPolicyRule>>,
}

/// One way an indexed job can be declared successful.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SuccessPolicyRule {
    /// Indexes that must all have succeeded, as ranges like `1,3-5,7` within 0 to `completions` - 1.
    pub succeeded_indexes: Option<String>,
    /// How many indexes must have succeeded, counting only `succeeded_indexes` when set; positive.
    pub succeeded_count: Option<i32>,
}

/// What a job runs and when it counts as done.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobSpec {
    /// Most pods to run at once, 1 when unset; fewer run when less work remains.
    pub parallelism: Option<i32>,
    /// Successful pods needed; if null while `parallelism` is set, any one success finishes the job.
    pub completions: Option<i32>,
    /// Seconds after `start_time` when a still-running job is stopped; suspending resets the clock.
    pub active_deadline_seconds: Option<i64>,
    /// How failed pods count against `backoff_limit`; not allowed with restart policy `OnFailure`.
    pub pod_failure_policy: Option<PodFailurePolicy>,
    /// Ways an indexed job can succeed early; by default only when successes reach `completions`.
    pub success_policy: Option<SuccessPolicy>,
    /// Retries before the job fails; 6 by default, or the int32 maximum when `backoff_limit_per_index` is set.
    pub backoff_limit: Option<i32>,
    /// Retries allowed per index before that index fails; indexed jobs with restart policy `Never` only; immutable.
    pub backoff_limit_per_index: Option<i32>,
    /// Failed indexes tolerated before the whole job fails; needs `backoff_limit_per_index`; unset means no limit.
    pub max_failed_indexes: Option<i32>,
    /// Label query for the job's pods; normally set by the system.
    pub selector: Option<LabelSelector>,
    /// When true, the user picks the pod labels and selector instead of the system; leave unset unless sure.
    pub manual_selector: Option<bool>,
    /// The pod to run; its restart policy must be `Never` or `OnFailure`.
    pub template: PodTemplateSpec,
    /// Seconds after the job finishes before it may be deleted automatically; never when unset, at once when 0.
    pub ttl_seconds_after_finished: Option<i32>,
    /// `NonIndexed` (the default) or `Indexed`, where each index must succeed once.
    pub completion_mode: Option<CompletionMode>,
    /// When true, no pods are created and running ones are removed; false by default.
    pub suspend: Option<bool>,
    /// `TerminatingOrFailed`, or `Failed` to wait for full termination (required with a pod failure policy).
    pub pod_replacement_policy: Option<PodReplacementPolicy>,
    /// Controller in charge of the job; the built-in one for `kubernetes.io/job-controller` or unset; immutable.
    pub managed_by: Option<String>,
    /// Workload-aware scheduling settings (alpha, behind a feature gate); plain pod-by-pod scheduling when unset.
    pub scheduling: Option<JobSchedulingConfiguration>,
}

/// Workload-aware scheduling settings for a job's pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobSchedulingConfiguration {
    /// Basic or gang scheduling; whether it is set is fixed at creation.
    pub scheduling_policy: Option<WorkloadPodGroupSchedulingPolicy>,
    /// Constraints such as topology for the pods; immutable.
    pub scheduling_constraints: Option<WorkloadPodGroupSchedulingConstraints>,
    /// Whether pods may be disrupted one at a time or all together; immutable.
    pub disruption_mode: Option<WorkloadPodGroupDisruptionMode>,
    /// Resource claims the pods may share; at most 4, immutable.
    pub resource_claims: Vec<WorkloadPodGroupResourceClaim>,
}

/// The observed state of a job.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobStatus {
    /// The latest observations; a job with a `Complete` or `Failed` condition has finished.
    pub conditions: Vec<JobCondition>,
    /// When the controller began running the job; reset on each resume, unset while first suspended.
    pub start_time: Option<Time>,
    /// When the job finished successfully; only ever set then.
    pub completion_time: Option<Time>,
    /// Number of pending or running pods that are not terminating; 0 once finished.
    pub active: i32,
    /// Number of pods that reached phase Succeeded.
    pub succeeded: i32,
    /// Number of pods that reached phase Failed.
    pub failed: i32,
    /// Number of pending or running pods that are being deleted.
    pub terminating: Option<i32>,
    /// For indexed jobs, the indexes done, as sorted ranges like `1,3-5,7`.
    pub completed_indexes: String,
    /// With `backoff_limit_per_index`, the indexes that failed, in the same form as `completed_indexes`.
    pub failed_indexes: Option<String>,
    /// Finished pods not yet added to the counters; empty once the job has finished.
    pub uncounted_terminated_pods: Option<UncountedTerminatedPods>,
    /// Number of pods, not terminating, with a Ready condition.
    pub ready: Option<i32>,
}

/// Pods that have finished but are not yet reflected in the job's counters.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UncountedTerminatedPods {
    /// UIDs of pods that succeeded.
    pub succeeded: Vec<String>,
    /// UIDs of pods that failed.
    pub failed: Vec<String>,
}

/// The kind of a job condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobConditionType(pub String);

impl JobConditionType {
    /// The job is suspended.
    pub const SUSPENDED: &'static str = "Suspended";
    /// The job finished successfully.
    pub const COMPLETE: &'static str = "Complete";
    /// The job failed.
    pub const FAILED: &'static str = "Failed";
    /// The job will fail once its remaining pods have terminated.
    pub const FAILURE_TARGET: &'static str = "FailureTarget";
    /// The job has met its success criteria.
    pub const SUCCESS_CRITERIA_MET: &'static str = "SuccessCriteriaMet";
}

/// One aspect of a job's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobCondition {
    /// Which condition this is.
    pub r#type: JobConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When the condition was last checked.
    pub last_probe_time: Time,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
}

/// The metadata and spec of jobs to create from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JobTemplateSpec {
    /// Metadata given to jobs made from this template.
    pub metadata: ObjectMeta,
    /// The spec of jobs made from this template.
    pub spec: JobSpec,
}

/// Starts a job from a template on a repeating schedule.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", internal)]
pub struct CronJob {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The schedule and the job to start.
    pub spec: CronJobSpec,
    /// The state last observed.
    pub status: CronJobStatus,
}

/// A list of cron jobs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", internal)]
pub struct CronJobList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The cron jobs.
    pub items: Option<Vec<CronJob>>,
}

/// The schedule and job template of a cron job.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CronJobSpec {
    /// When to run, in cron syntax.
    pub schedule: String,
    /// Time zone database name the schedule is read in; the controller manager's zone when unset.
    pub time_zone: Option<String>,
    /// Seconds after a missed run time during which the run may still start; later ones count as failed.
    pub starting_deadline_seconds: Option<i64>,
    /// `Allow` (the default), `Forbid` or `Replace`.
    pub concurrency_policy: ConcurrencyPolicy,
    /// When true, later runs are not started; running ones go on; false by default.
    pub suspend: Option<bool>,
    /// The job to create on each run.
    pub job_template: JobTemplateSpec,
    /// How many successful finished jobs to keep; 3 by default.
    pub successful_jobs_history_limit: Option<i32>,
    /// How many failed finished jobs to keep; 1 by default.
    pub failed_jobs_history_limit: Option<i32>,
}

/// What a cron job does when a run is due while an earlier one is still going.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConcurrencyPolicy(pub String);

impl ConcurrencyPolicy {
    /// Runs may overlap.
    pub const ALLOW: &'static str = "Allow";
    /// Skip a run while the previous one is still going.
    pub const FORBID: &'static str = "Forbid";
    /// Stop the running job and start the new one.
    pub const REPLACE: &'static str = "Replace";
}

/// The observed state of a cron job.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CronJobStatus {
    /// The jobs running now.
    pub active: Vec<ObjectReference>,
    /// When a job was last started on schedule.
    pub last_schedule_time: Option<Time>,
    /// When a job last finished successfully.
    pub last_successful_time: Option<Time>,
}
