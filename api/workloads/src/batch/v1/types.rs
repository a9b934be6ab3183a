//! Type definitions of `batch/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::core::v1::{ConditionStatus, ObjectReference, PodConditionType, PodTemplateSpec};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};
use crate::scheduling::v1alpha3::{
    WorkloadPodGroupDisruptionMode, WorkloadPodGroupResourceClaim, WorkloadPodGroupSchedulingConstraints,
    WorkloadPodGroupSchedulingPolicy,
};

/// Runs pods until a given number of them finish successfully.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct Job {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods to run and when the job is done.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: JobSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: JobStatus,
}

/// A list of jobs.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct JobList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The jobs.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Job>>,
}

/// How a job counts finished pods.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompletionMode(pub String);

impl CompletionMode {
    /// Done after `completions` successes of interchangeable pods.
    pub const NON_INDEXED: &'static str = "NonIndexed";
    /// Each pod gets an index from 0 to `completions` - 1, and each index must succeed once.
    pub const INDEXED: &'static str = "Indexed";
}

/// What a job does with a pod failure that matches a rule.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnExitCodesOperator(pub String);

impl PodFailurePolicyOnExitCodesOperator {
    /// Matches when some exit code is among the values.
    pub const IN: &'static str = "In";
    /// Matches when some exit code is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
}

/// When a job creates a replacement for a pod that is going away.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodReplacementPolicy(pub String);

impl PodReplacementPolicy {
    /// Replace a pod once it is being deleted or has failed.
    pub const TERMINATING_OR_FAILED: &'static str = "TerminatingOrFailed";
    /// Replace a pod only after it has fully terminated.
    pub const FAILED: &'static str = "Failed";
}

/// Matches a failed pod by the exit codes of its containers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnExitCodesRequirement {
    /// Only this container's exit code is checked; every container's when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container_name: Option<String>,
    /// `In` or `NotIn`; an exit code of 0 is never checked, and unknown operators never match.
    #[kapi(proto = 2)]
    pub operator: PodFailurePolicyOnExitCodesOperator,
    /// Exit codes to compare against: sorted, unique, 1 to 255 entries, and no 0 with `In`.
    #[kapi(proto = 3)]
    #[kapi(list_type = "set")]
    pub values: Option<Vec<i32>>,
}

/// Matches a failed pod by one of its conditions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnPodConditionsPattern {
    /// The pod condition type to look for.
    #[kapi(proto = 1)]
    pub r#type: PodConditionType,
    /// The status the condition must have; `True` by default.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
}

/// An action to take on pod failures that match either exit codes or pod conditions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyRule {
    /// What to do when the rule matches; unknown actions skip the rule.
    #[kapi(proto = 1)]
    pub action: PodFailurePolicyAction,
    /// Match by container exit codes; excludes `on_pod_conditions`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    /// Match when any of these patterns fits a pod condition; at most 20; excludes `on_exit_codes`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub on_pod_conditions: Vec<PodFailurePolicyOnPodConditionsPattern>,
}

/// Rules deciding how failed pods count against a job's retry limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicy {
    /// Rules tried in order, the first match winning; at most 20; unmatched failures count normally.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub rules: Option<Vec<PodFailurePolicyRule>>,
}

/// Rules that let an indexed job succeed before every index has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SuccessPolicy {
    /// Alternatives tried in order; the first one met marks the job successful; at most 20.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub rules: Option<Vec<SuccessPolicyRule>>,
}

/// One way an indexed job can be declared successful.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SuccessPolicyRule {
    /// Indexes that must all have succeeded, as ranges like `1,3-5,7` within 0 to `completions` - 1.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub succeeded_indexes: Option<String>,
    /// How many indexes must have succeeded, counting only `succeeded_indexes` when set; positive.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub succeeded_count: Option<i32>,
}

/// What a job runs and when it counts as done.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobSpec {
    /// Most pods to run at once, 1 when unset; fewer run when less work remains.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub parallelism: Option<i32>,
    /// Successful pods needed; if null while `parallelism` is set, any one success finishes the job.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub completions: Option<i32>,
    /// Seconds after `start_time` when a still-running job is stopped; suspending resets the clock.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub active_deadline_seconds: Option<i64>,
    /// How failed pods count against `backoff_limit`; not allowed with restart policy `OnFailure`.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub pod_failure_policy: Option<PodFailurePolicy>,
    /// Ways an indexed job can succeed early; by default only when successes reach `completions`.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub success_policy: Option<SuccessPolicy>,
    /// Retries before the job fails; 6 by default, or the int32 maximum when `backoff_limit_per_index` is set.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub backoff_limit: Option<i32>,
    /// Retries allowed per index before that index fails; indexed jobs with restart policy `Never` only; immutable.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub backoff_limit_per_index: Option<i32>,
    /// Failed indexes tolerated before the whole job fails; needs `backoff_limit_per_index`; unset means no limit.
    ///
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub max_failed_indexes: Option<i32>,
    /// Label query for the job's pods; normally set by the system.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// When true, the user picks the pod labels and selector instead of the system; leave unset unless sure.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub manual_selector: Option<bool>,
    /// The pod to run; its restart policy must be `Never` or `OnFailure`.
    #[kapi(proto = 6)]
    pub template: PodTemplateSpec,
    /// Seconds after the job finishes before it may be deleted automatically; never when unset, at once when 0.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub ttl_seconds_after_finished: Option<i32>,
    /// `NonIndexed` (the default) or `Indexed`, where each index must succeed once.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub completion_mode: Option<CompletionMode>,
    /// When true, no pods are created and running ones are removed; false by default.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub suspend: Option<bool>,
    /// `TerminatingOrFailed`, or `Failed` to wait for full termination (required with a pod failure policy).
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub pod_replacement_policy: Option<PodReplacementPolicy>,
    /// Controller in charge of the job; the built-in one for `kubernetes.io/job-controller` or unset; immutable.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub managed_by: Option<String>,
    /// Workload-aware scheduling settings (alpha, behind a feature gate); plain pod-by-pod scheduling when unset.
    ///
    /// +k8s:ifDisabled(WorkloadWithJob)=+k8s:forbidden
    /// +k8s:optional
    /// +k8s:update=NoSet
    /// +k8s:update=NoUnset
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub scheduling: Option<JobSchedulingConfiguration>,
}

/// Workload-aware scheduling settings for a job's pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobSchedulingConfiguration {
    /// Basic or gang scheduling; whether it is set is fixed at creation.
    ///
    /// +k8s:optional
    /// +k8s:update=NoSet
    /// +k8s:update=NoUnset
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub scheduling_policy: Option<WorkloadPodGroupSchedulingPolicy>,
    /// Constraints such as topology for the pods; immutable.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<WorkloadPodGroupSchedulingConstraints>,
    /// Whether pods may be disrupted one at a time or all together; immutable.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<WorkloadPodGroupDisruptionMode>,
    /// Resource claims the pods may share; at most 4, immutable.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    /// +k8s:immutable
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub resource_claims: Vec<WorkloadPodGroupResourceClaim>,
}

/// The observed state of a job.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobStatus {
    /// The latest observations; a job with a `Complete` or `Failed` condition has finished.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<JobCondition>,
    /// When the controller began running the job; reset on each resume, unset while first suspended.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    /// When the job finished successfully; only ever set then.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub completion_time: Option<Time>,
    /// Number of pending or running pods that are not terminating; 0 once finished.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub active: i32,
    /// Number of pods that reached phase Succeeded.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub succeeded: i32,
    /// Number of pods that reached phase Failed.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub failed: i32,
    /// Number of pending or running pods that are being deleted.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub terminating: Option<i32>,
    /// For indexed jobs, the indexes done, as sorted ranges like `1,3-5,7`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub completed_indexes: String,
    /// With `backoff_limit_per_index`, the indexes that failed, in the same form as `completed_indexes`.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub failed_indexes: Option<String>,
    /// Finished pods not yet added to the counters; empty once the job has finished.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub uncounted_terminated_pods: Option<UncountedTerminatedPods>,
    /// Number of pods, not terminating, with a Ready condition.
    #[kapi(proto = 9, omitempty)]
    pub ready: Option<i32>,
}

/// Pods that have finished but are not yet reflected in the job's counters.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UncountedTerminatedPods {
    /// UIDs of pods that succeeded.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub succeeded: Vec<String>,
    /// UIDs of pods that failed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub failed: Vec<String>,
}

/// The kind of a job condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct JobCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    pub r#type: JobConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the condition was last checked.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    /// When the status last changed.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// The metadata and spec of jobs to create from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobTemplateSpec {
    /// Metadata given to jobs made from this template.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The spec of jobs made from this template.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: JobSpec,
}

/// Starts a job from a template on a repeating schedule.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
/// +shortNames=cj
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct CronJob {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The schedule and the job to start.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: CronJobSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CronJobStatus,
}

/// A list of cron jobs.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct CronJobList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The cron jobs.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CronJob>>,
}

/// The schedule and job template of a cron job.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CronJobSpec {
    /// When to run, in cron syntax.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub schedule: String,
    /// Time zone database name the schedule is read in; the controller manager's zone when unset.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub time_zone: Option<String>,
    /// Seconds after a missed run time during which the run may still start; later ones count as failed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub starting_deadline_seconds: Option<i64>,
    /// `Allow` (the default), `Forbid` or `Replace`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub concurrency_policy: ConcurrencyPolicy,
    /// When true, later runs are not started; running ones go on; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub suspend: Option<bool>,
    /// The job to create on each run.
    #[kapi(proto = 5)]
    pub job_template: JobTemplateSpec,
    /// How many successful finished jobs to keep; 3 by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub successful_jobs_history_limit: Option<i32>,
    /// How many failed finished jobs to keep; 1 by default.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub failed_jobs_history_limit: Option<i32>,
}

/// What a cron job does when a run is due while an earlier one is still going.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct CronJobStatus {
    /// The jobs running now.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub active: Vec<ObjectReference>,
    /// When a job was last started on schedule.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_schedule_time: Option<Time>,
    /// When a job last finished successfully.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub last_successful_time: Option<Time>,
}
