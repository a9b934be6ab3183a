//! Type definitions of `apps/v1beta1`.

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
    #[kapi(optional)]
    pub selector: BTreeMap<String, String>,
    /// The full label selector, in query-parameter form.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_selector: String,
}

/// The scale subresource: the replica count of a scalable workload.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=autoscaling,v1,Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.5
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,StatefulSet
/// +shortNames=sts
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
    /// Which strategy to use; `OnDelete` if unset.
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
    #[kapi(proto = 2, omitempty)]
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
    pub observed_generation: Option<i64>,
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.5
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,StatefulSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment
/// +shortNames=deploy
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
    /// Label query for the pods this deployment owns; the template's labels if empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
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
    /// How many old replica sets to keep for rollback; 2 by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub revision_history_limit: Option<i32>,
    /// Whether rollouts are on hold.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub paused: bool,
    /// The revision to return to; deprecated, and cleared once the rollback is done.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub rollback_to: Option<RollbackConfig>,
    /// Seconds without progress before the deployment is reported as failed; 600 by default, not counted while paused.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub progress_deadline_seconds: Option<i32>,
}

/// Asks a deployment to go back to an earlier revision (deprecated).
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DeploymentRollback
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
pub struct DeploymentRollback {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Name of the deployment to roll back.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Annotations to set on the deployment as part of the rollback.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub updated_annotations: BTreeMap<String, String>,
    /// The revision to return to.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub rollback_to: RollbackConfig,
}

/// The revision a deployment should return to (deprecated).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollbackConfig {
    /// The revision to return to; 0 means the one before the current.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub revision: i64,
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DeploymentList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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

/// A frozen copy of a controller's state, kept so the controller can return to it later.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.7
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ControllerRevision
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.7
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ControllerRevisionList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", version = "v1beta1")]
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
