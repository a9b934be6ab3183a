//! Type definitions of `batch/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::batch::v1::JobSpec;
use crate::core::v1::ObjectReference;
use crate::meta::v1::{ListMeta, ObjectMeta};

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
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:removed=1.25
/// +k8s:prerelease-lifecycle-gen:replacement=batch,v1,CronJob
/// +shortNames=cj
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1beta1")]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:removed=1.25
/// +k8s:prerelease-lifecycle-gen:replacement=batch,v1,CronJobList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "batch", version = "v1beta1")]
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
