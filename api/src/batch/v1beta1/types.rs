//! Type definitions of `batch/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::batch::v1::JobSpec;
use crate::core::v1::ObjectReference;
use crate::meta::v1::{ListMeta, ObjectMeta};

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
#[kapi(kind, group = "batch", version = "v1beta1")]
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
#[kapi(kind, group = "batch", version = "v1beta1")]
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
