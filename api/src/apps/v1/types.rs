//! Type definitions of `apps/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, RawExtension, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, PersistentVolumeClaim, PodTemplateSpec};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct StatefulSet {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: StatefulSetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: StatefulSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodManagementPolicyType(pub String);

impl PodManagementPolicyType {
    pub const ORDERED_READY: &'static str = "OrderedReady";
    pub const PARALLEL: &'static str = "Parallel";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetUpdateStrategy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: StatefulSetUpdateStrategyType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetUpdateStrategyType(pub String);

impl StatefulSetUpdateStrategyType {
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    pub const ON_DELETE: &'static str = "OnDelete";
    pub const RECREATE: &'static str = "Recreate";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateStatefulSetStrategy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub partition: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimRetentionPolicyType(pub String);

impl PersistentVolumeClaimRetentionPolicyType {
    pub const RETAIN: &'static str = "Retain";
    pub const DELETE: &'static str = "Delete";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub when_deleted: PersistentVolumeClaimRetentionPolicyType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub when_scaled: PersistentVolumeClaimRetentionPolicyType,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetOrdinals {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub start: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volume_claim_templates: Vec<PersistentVolumeClaim>,
    #[kapi(proto = 5)]
    #[kapi(optional)]
    pub service_name: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_management_policy: PodManagementPolicyType,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub update_strategy: StatefulSetUpdateStrategy,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_claim_retention_policy: Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub ordinals: Option<StatefulSetOrdinals>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 2)]
    pub replicas: i32,
    #[kapi(proto = 3, omitempty)]
    pub ready_replicas: i32,
    #[kapi(proto = 4, omitempty)]
    pub current_replicas: i32,
    #[kapi(proto = 5, omitempty)]
    pub updated_replicas: i32,
    #[kapi(proto = 6, omitempty)]
    pub current_revision: String,
    #[kapi(proto = 7, omitempty)]
    pub update_revision: String,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<StatefulSetCondition>,
    #[kapi(proto = 11)]
    #[kapi(optional)]
    pub available_replicas: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetConditionType(pub String);

impl StatefulSetConditionType {
    pub const PROGRESSING: &'static str = "Progressing";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetCondition {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: StatefulSetConditionType,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct StatefulSetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<StatefulSet>>,
}

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct Deployment {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: DeploymentSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DeploymentStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, patch_strategy = "retainKeys")]
    pub strategy: DeploymentStrategy,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub paused: bool,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub progress_deadline_seconds: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStrategy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: DeploymentStrategyType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStrategyType(pub String);

impl DeploymentStrategyType {
    pub const RECREATE: &'static str = "Recreate";
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateDeployment {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_surge: Option<IntOrString>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub replicas: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub updated_replicas: i32,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub unavailable_replicas: i32,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub terminating_replicas: Option<i32>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<DeploymentCondition>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentConditionType(pub String);

impl DeploymentConditionType {
    pub const AVAILABLE: &'static str = "Available";
    pub const PROGRESSING: &'static str = "Progressing";
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentCondition {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: DeploymentConditionType,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub last_update_time: Time,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct DeploymentList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Deployment>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetUpdateStrategy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: DaemonSetUpdateStrategyType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetUpdateStrategyType(pub String);

impl DaemonSetUpdateStrategyType {
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    pub const ON_DELETE: &'static str = "OnDelete";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateDaemonSet {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_surge: Option<IntOrString>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub update_strategy: DaemonSetUpdateStrategy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetStatus {
    #[kapi(proto = 1)]
    pub current_number_scheduled: i32,
    #[kapi(proto = 2)]
    pub number_misscheduled: i32,
    #[kapi(proto = 3)]
    pub desired_number_scheduled: i32,
    #[kapi(proto = 4)]
    pub number_ready: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub updated_number_scheduled: i32,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub number_available: i32,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub number_unavailable: i32,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<DaemonSetCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetConditionType(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetCondition {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: DaemonSetConditionType,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct DaemonSet {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: DaemonSetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DaemonSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct DaemonSetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<DaemonSet>>,
}

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct ReplicaSet {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: ReplicaSetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicaSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct ReplicaSetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ReplicaSet>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub template: PodTemplateSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetStatus {
    #[kapi(proto = 1)]
    pub replicas: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fully_labeled_replicas: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub terminating_replicas: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ReplicaSetCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetConditionType(pub String);

impl ReplicaSetConditionType {
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetCondition {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: ReplicaSetConditionType,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct ControllerRevision {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub data: RawExtension,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub revision: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1")]
pub struct ControllerRevisionList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ControllerRevision>>,
}
