//! Type definitions of `apps/v1beta2`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, RawExtension, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, PersistentVolumeClaim, PodTemplateSpec};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// The replica count asked for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleSpec {
    /// Wanted number of replicas.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[kapi(proto = 1, omitempty, default = "0")]
    #[kapi(optional)]
    pub replicas: i32,
}

/// The replica count last seen, with the selector that finds those replicas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleStatus {
    /// Number of replicas actually observed.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub replicas: i32,
    /// Equality-based label selector for the replicas.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    /// The full label selector, in query-parameter form.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_selector: String,
}

/// The scale subresource: the replica count of a scalable workload.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=autoscaling,v1,Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct Scale {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The replica count asked for.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ScaleSpec,
    /// The replica count last observed; read-only.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ScaleStatus,
}

/// Runs pods that each keep a stable network identity and their own persistent storage.
///
/// +genclient
/// +shortNames=sts
/// +categories=all
/// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,StatefulSet
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct StatefulSet {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods and storage wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: StatefulSetSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: StatefulSetStatus,
}

/// How a stateful set orders pod creation and removal while it scales.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodManagementPolicyType(pub String);

impl PodManagementPolicyType {
    /// One pod at a time, in ordinal order, each waiting for the one before to be ready.
    pub const ORDERED_READY: &'static str = "OrderedReady";
    /// All pods at once, with no waiting on one another.
    pub const PARALLEL: &'static str = "Parallel";
}

/// How a stateful set rolls a new pod template out to its pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetUpdateStrategy {
    /// Which strategy to use; `RollingUpdate` if unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: StatefulSetUpdateStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

/// The name of a stateful set update strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetUpdateStrategyType(pub String);

impl StatefulSetUpdateStrategyType {
    /// Replace pods automatically, respecting the set's ordering.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    /// Replace a pod only once something deletes it.
    pub const ON_DELETE: &'static str = "OnDelete";
}

/// Tuning for the `RollingUpdate` strategy of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateStatefulSetStrategy {
    /// Only pods with an ordinal at or above this are updated, which allows canaries; 0 by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub partition: Option<i32>,
    /// How many pods (count or percentage, rounded up) may be down during the update; at least 1,
    /// default 1 while its gate is on (beta, off by default in 1.36).
    ///
    /// +featureGate=MaxUnavailableStatefulSet
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
}

/// What happens to the claims a stateful set created once their pod goes away.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimRetentionPolicyType(pub String);

impl PersistentVolumeClaimRetentionPolicyType {
    /// Leave the claims in place.
    pub const RETAIN: &'static str = "Retain";
    /// Delete the claims along with the pods.
    pub const DELETE: &'static str = "Delete";
}

/// Whether claims made from the volume claim templates outlive their pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    /// What to do with the claims when the stateful set is deleted; `Retain` by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub when_deleted: PersistentVolumeClaimRetentionPolicyType,
    /// What to do with the claims of pods removed by scaling down; `Retain` by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub when_scaled: PersistentVolumeClaimRetentionPolicyType,
}

/// The numbering of a stateful set's replicas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetOrdinals {
    /// The ordinal given to the first replica; 0 when unset.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub start: i32,
}

/// The desired state of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetSpec {
    /// Wanted number of pods; 1 when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    /// Label query for the pods this set owns; must match the template's labels.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    /// The pod each replica is made from; every pod gets its own ordinal-based name.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    /// Claims made for each pod, one per template, and mounted into it; they win over same-named template volumes.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volume_claim_templates: Vec<PersistentVolumeClaim>,
    /// The governing headless service that gives each pod its network identity.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 5)]
    #[kapi(optional)]
    pub service_name: String,
    /// How pods are created and removed while scaling; `OrderedReady` if unset.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_management_policy: PodManagementPolicyType,
    /// How template changes reach the pods.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub update_strategy: StatefulSetUpdateStrategy,
    /// How many old revisions to keep for rollback; 10 by default.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// Whether claims are kept or removed when pods go away; when unset, claims are always kept.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_claim_retention_policy: Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    /// The numbering of the replicas; when unset, they count from 0.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub ordinals: Option<StatefulSetOrdinals>,
}

/// The observed state of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetStatus {
    /// The stateful set generation this status reflects.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Number of pods the controller has created.
    #[kapi(proto = 2)]
    pub replicas: i32,
    /// Number of pods with a Ready condition.
    #[kapi(proto = 3, omitempty)]
    pub ready_replicas: i32,
    /// Number of pods made from the `current_revision`.
    #[kapi(proto = 4, omitempty)]
    pub current_replicas: i32,
    /// Number of pods made from the `update_revision`.
    #[kapi(proto = 5, omitempty)]
    pub updated_replicas: i32,
    /// The revision that built the lowest `current_replicas` ordinals.
    #[kapi(proto = 6, omitempty)]
    pub current_revision: String,
    /// The revision that builds the highest `updated_replicas` ordinals.
    #[kapi(proto = 7, omitempty)]
    pub update_revision: String,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
    /// The latest observations of the stateful set's state.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<StatefulSetCondition>,
    /// Number of pods ready for at least `min_ready_seconds`.
    #[kapi(proto = 11)]
    #[kapi(optional)]
    pub available_replicas: i32,
}

/// The kind of a stateful set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetConditionType(pub String);

/// One aspect of a stateful set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatefulSetCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: StatefulSetConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A list of stateful sets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,StatefulSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct StatefulSetList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The stateful sets.
    #[kapi(proto = 2)]
    pub items: Option<Vec<StatefulSet>>,
}

/// Declares the desired pods and rolls changes out to them through replica sets.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment
/// +shortNames=deploy
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct Deployment {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods wanted and how to roll changes out.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: DeploymentSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DeploymentStatus,
}

/// The desired state of a deployment.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentSpec {
    /// Wanted number of pods; 1 when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    /// Label query for the pods this deployment owns; must match the template's labels.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    /// The pod that replicas are made from; its restart policy must be `Always`.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, patch_strategy = "retainKeys")]
    pub strategy: DeploymentStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// How many old replica sets to keep for rollback; 10 by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
    /// Whether rollouts are on hold.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub paused: bool,
    /// Seconds without progress before the deployment is reported as failed; 600 by default, not counted while paused.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub progress_deadline_seconds: Option<i32>,
}

/// How a deployment replaces old pods with new ones.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStrategy {
    /// `Recreate` or `RollingUpdate`; `RollingUpdate` if unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: DeploymentStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

/// The name of a deployment strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStrategyType(pub String);

impl DeploymentStrategyType {
    /// Remove all old pods before creating new ones.
    pub const RECREATE: &'static str = "Recreate";
    /// Swap old pods for new ones gradually.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
}

/// Limits that pace a deployment's rolling update.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateDeployment {
    /// How many pods (count or percentage, rounded down) may be down during the update; 25% by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    /// How many pods (count or percentage, rounded up) may run above the wanted count; 25% by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_surge: Option<IntOrString>,
}

/// The observed state of a deployment.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentStatus {
    /// The deployment generation this status reflects.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Number of pods the deployment targets, not counting terminating ones.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub replicas: i32,
    /// Number of pods, not terminating, that run the current template.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub updated_replicas: i32,
    /// Number of pods, not terminating, with a Ready condition.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    /// Number of pods, not terminating, ready for at least `min_ready_seconds`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    /// Number of pods still missing before the deployment is fully available, such as pods not yet created.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub unavailable_replicas: i32,
    /// Number of pods that are shutting down; unset when the feature behind it is off.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub terminating_replicas: Option<i32>,
    /// The latest observations of the deployment's state.
    #[kapi(proto = 6, omitempty)]
    #[kapi(list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<DeploymentCondition>,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
}

/// The kind of a deployment condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentConditionType(pub String);

impl DeploymentConditionType {
    /// At least the minimum number of pods is available.
    pub const AVAILABLE: &'static str = "Available";
    /// A rollout is under way or has finished.
    pub const PROGRESSING: &'static str = "Progressing";
    /// A pod could not be created or deleted.
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

/// One aspect of a deployment's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeploymentCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: DeploymentConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When this condition was last refreshed.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub last_update_time: Time,
    /// When the status last changed.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A list of deployments.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DeploymentList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct DeploymentList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The deployments.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Deployment>>,
}

/// How a daemon set rolls a new pod template out to its nodes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetUpdateStrategy {
    /// `RollingUpdate` or `OnDelete`; `RollingUpdate` if unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub r#type: DaemonSetUpdateStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

/// The name of a daemon set update strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetUpdateStrategyType(pub String);

impl DaemonSetUpdateStrategyType {
    /// Replace pods automatically, node by node.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    /// Replace a pod only once something deletes it.
    pub const ON_DELETE: &'static str = "OnDelete";
}

/// Limits that pace a daemon set's rolling update.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollingUpdateDaemonSet {
    /// How many nodes (count or percentage, rounded up) may lack a ready pod during the update; 1 by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    /// How many nodes (count or percentage, rounded up) may briefly run an old and a new pod; 0 by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max_surge: Option<IntOrString>,
}

/// The desired state of a daemon set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetSpec {
    /// Label query for the pods this daemon set owns; must match the template's labels.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    /// The pod to run on every node that matches its node selector, or on all nodes.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub template: PodTemplateSpec,
    /// How template changes reach the pods.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub update_strategy: DaemonSetUpdateStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// How many old revisions to keep for rollback; 10 by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
}

/// The observed state of a daemon set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetStatus {
    /// Number of nodes that run the pod and are meant to.
    #[kapi(proto = 1)]
    pub current_number_scheduled: i32,
    /// Number of nodes that run the pod but are not meant to.
    #[kapi(proto = 2)]
    pub number_misscheduled: i32,
    /// Number of nodes that are meant to run the pod.
    #[kapi(proto = 3)]
    pub desired_number_scheduled: i32,
    /// Number of nodes meant to run the pod whose pod is ready.
    #[kapi(proto = 4)]
    pub number_ready: i32,
    /// The daemon set generation this status reflects.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Number of nodes that run a pod of the current template.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub updated_number_scheduled: i32,
    /// Number of nodes meant to run the pod whose pod has been ready for at least `min_ready_seconds`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub number_available: i32,
    /// Number of nodes meant to run the pod that have no available pod yet.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub number_unavailable: i32,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub collision_count: Option<i32>,
    /// The latest observations of the daemon set's state.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<DaemonSetCondition>,
}

/// The kind of a daemon set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetConditionType(pub String);

/// One aspect of a daemon set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonSetCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: DaemonSetConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Runs one copy of a pod on each eligible node.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DaemonSet
/// +shortNames=ds
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct DaemonSet {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pod wanted on each node and how to roll changes out.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: DaemonSetSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DaemonSetStatus,
}

/// A list of daemon sets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DaemonSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct DaemonSetList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The daemon sets.
    #[kapi(proto = 2)]
    pub items: Option<Vec<DaemonSet>>,
}

/// Keeps a given number of identical pods running.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ReplicaSet
/// +shortNames=rs
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct ReplicaSet {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: ReplicaSetSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicaSetStatus,
}

/// A list of replica sets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ReplicaSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct ReplicaSetList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The replica sets.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ReplicaSet>>,
}

/// The desired state of a replica set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetSpec {
    /// Wanted number of pods; 1 when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// Label query for the pods this replica set owns; must match the template's labels.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub selector: Option<LabelSelector>,
    /// The pod that new replicas are made from.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub template: PodTemplateSpec,
}

/// The observed state of a replica set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetStatus {
    /// Number of pods the replica set has, not counting terminating ones.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Number of pods, not terminating, whose labels match the template's.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fully_labeled_replicas: i32,
    /// Number of pods, not terminating, with a Ready condition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    /// Number of pods, not terminating, ready for at least `min_ready_seconds`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    /// Number of pods that are shutting down; unset when the feature behind it is off.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub terminating_replicas: Option<i32>,
    /// The replica set generation this status reflects.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// The latest observations of the replica set's state.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ReplicaSetCondition>,
}

/// The kind of a replica set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetConditionType(pub String);

impl ReplicaSetConditionType {
    /// A pod could not be created or deleted.
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

/// One aspect of a replica set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicaSetCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub r#type: ReplicaSetConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A frozen copy of a controller's state, kept so the controller can return to it later.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ControllerRevision
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct ControllerRevision {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The serialized state captured by this revision.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub data: RawExtension,
    /// Where this revision sits in the history; higher is newer.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub revision: i64,
}

/// A list of controller revisions.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ControllerRevisionList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta2")]
pub struct ControllerRevisionList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The controller revisions.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ControllerRevision>>,
}
