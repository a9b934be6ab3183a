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

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct Job {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: JobSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: JobStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct JobList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Job>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompletionMode(pub String);

impl CompletionMode {
    pub const NON_INDEXED: &'static str = "NonIndexed";
    pub const INDEXED: &'static str = "Indexed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyAction(pub String);

impl PodFailurePolicyAction {
    pub const FAIL_JOB: &'static str = "FailJob";
    pub const FAIL_INDEX: &'static str = "FailIndex";
    pub const IGNORE: &'static str = "Ignore";
    pub const COUNT: &'static str = "Count";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnExitCodesOperator(pub String);

impl PodFailurePolicyOnExitCodesOperator {
    pub const IN: &'static str = "In";
    pub const NOT_IN: &'static str = "NotIn";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodReplacementPolicy(pub String);

impl PodReplacementPolicy {
    pub const TERMINATING_OR_FAILED: &'static str = "TerminatingOrFailed";
    pub const FAILED: &'static str = "Failed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnExitCodesRequirement {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container_name: Option<String>,
    #[kapi(proto = 2)]
    pub operator: PodFailurePolicyOnExitCodesOperator,
    #[kapi(proto = 3)]
    #[kapi(list_type = "set")]
    pub values: Option<Vec<i32>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyOnPodConditionsPattern {
    #[kapi(proto = 1)]
    pub r#type: PodConditionType,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicyRule {
    #[kapi(proto = 1)]
    pub action: PodFailurePolicyAction,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub on_pod_conditions: Vec<PodFailurePolicyOnPodConditionsPattern>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFailurePolicy {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub rules: Option<Vec<PodFailurePolicyRule>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SuccessPolicy {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub rules: Option<Vec<SuccessPolicyRule>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SuccessPolicyRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub succeeded_indexes: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub succeeded_count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub parallelism: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub completions: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub active_deadline_seconds: Option<i64>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub pod_failure_policy: Option<PodFailurePolicy>,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub success_policy: Option<SuccessPolicy>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub backoff_limit: Option<i32>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub backoff_limit_per_index: Option<i32>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub max_failed_indexes: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub manual_selector: Option<bool>,
    #[kapi(proto = 6)]
    pub template: PodTemplateSpec,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub ttl_seconds_after_finished: Option<i32>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub completion_mode: Option<CompletionMode>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub suspend: Option<bool>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub pod_replacement_policy: Option<PodReplacementPolicy>,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub managed_by: Option<String>,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub scheduling: Option<JobSchedulingConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobSchedulingConfiguration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub scheduling_policy: Option<WorkloadPodGroupSchedulingPolicy>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<WorkloadPodGroupSchedulingConstraints>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<WorkloadPodGroupDisruptionMode>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub resource_claims: Vec<WorkloadPodGroupResourceClaim>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<JobCondition>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub completion_time: Option<Time>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub active: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub succeeded: i32,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub failed: i32,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub terminating: Option<i32>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub completed_indexes: String,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub failed_indexes: Option<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub uncounted_terminated_pods: Option<UncountedTerminatedPods>,
    #[kapi(proto = 9, omitempty)]
    pub ready: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UncountedTerminatedPods {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub succeeded: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub failed: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobConditionType(pub String);

impl JobConditionType {
    pub const SUSPENDED: &'static str = "Suspended";
    pub const COMPLETE: &'static str = "Complete";
    pub const FAILED: &'static str = "Failed";
    pub const FAILURE_TARGET: &'static str = "FailureTarget";
    pub const SUCCESS_CRITERIA_MET: &'static str = "SuccessCriteriaMet";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobCondition {
    #[kapi(proto = 1)]
    pub r#type: JobConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JobTemplateSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: JobSpec,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct CronJob {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: CronJobSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CronJobStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1")]
pub struct CronJobList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CronJob>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CronJobSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub schedule: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub time_zone: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub starting_deadline_seconds: Option<i64>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub concurrency_policy: ConcurrencyPolicy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub suspend: Option<bool>,
    #[kapi(proto = 5)]
    pub job_template: JobTemplateSpec,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub successful_jobs_history_limit: Option<i32>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub failed_jobs_history_limit: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConcurrencyPolicy(pub String);

impl ConcurrencyPolicy {
    pub const ALLOW: &'static str = "Allow";
    pub const FORBID: &'static str = "Forbid";
    pub const REPLACE: &'static str = "Replace";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CronJobStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub active: Vec<ObjectReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_schedule_time: Option<Time>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub last_successful_time: Option<Time>,
}
