//! The internal (hub) types of `apps`, which v1, v1beta1, v1beta2 and extensions/v1beta1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, RawExtension, Time};

use crate::Kapi;
use crate::core::{ConditionStatus, PersistentVolumeClaim, PodTemplateSpec};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// Runs pods that each keep a stable network identity and their own persistent storage.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct StatefulSet {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods and storage wanted.
    pub spec: StatefulSetSpec,
    /// The state last observed; may lag behind.
    pub status: StatefulSetStatus,
}

/// How a stateful set orders pod creation and removal while it scales.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodManagementPolicyType(pub String);

impl PodManagementPolicyType {
    /// One pod at a time, in ordinal order, each waiting for the one before to be ready.
    pub const ORDERED_READY: &'static str = "OrderedReady";
    /// All pods at once, with no waiting on one another.
    pub const PARALLEL: &'static str = "Parallel";
}

/// How a stateful set rolls a new pod template out to its pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetUpdateStrategy {
    /// Which strategy to use; `RollingUpdate` if unset.
    pub r#type: StatefulSetUpdateStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

/// The name of a stateful set update strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetUpdateStrategyType(pub String);

impl StatefulSetUpdateStrategyType {
    /// Replace pods automatically, respecting the set's ordering.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    /// Replace a pod only once something deletes it.
    pub const ON_DELETE: &'static str = "OnDelete";
    /// Remove every old pod before creating new ones (alpha, behind a feature gate).
    pub const RECREATE: &'static str = "Recreate";
}

/// Tuning for the `RollingUpdate` strategy of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RollingUpdateStatefulSetStrategy {
    /// Only pods with an ordinal at or above this are updated, which allows canaries.
    pub partition: i32,
    /// How many pods (count or percentage, rounded up) may be down during the update; at least 1, default 1.
    pub max_unavailable: Option<IntOrString>,
}

/// What happens to the claims a stateful set created once their pod goes away.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimRetentionPolicyType(pub String);

impl PersistentVolumeClaimRetentionPolicyType {
    /// Leave the claims in place.
    pub const RETAIN: &'static str = "Retain";
    /// Delete the claims along with the pods.
    pub const DELETE: &'static str = "Delete";
}

/// Whether claims made from the volume claim templates outlive their pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    /// What to do with the claims when the stateful set is deleted; `Retain` by default.
    pub when_deleted: PersistentVolumeClaimRetentionPolicyType,
    /// What to do with the claims of pods removed by scaling down; `Retain` by default.
    pub when_scaled: PersistentVolumeClaimRetentionPolicyType,
}

/// The numbering of a stateful set's replicas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetOrdinals {
    /// The ordinal given to the first replica; 0 when unset.
    pub start: i32,
}

/// The desired state of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetSpec {
    /// Wanted number of pods; always set internally (the versions default an unset count to 1).
    pub replicas: i32,
    /// Label query for the pods this set owns; must match the template's labels.
    pub selector: Option<LabelSelector>,
    /// The pod each replica is made from; every pod gets its own ordinal-based name.
    pub template: PodTemplateSpec,
    /// Claims made for each pod, one per template, and mounted into it; they win over same-named template volumes.
    pub volume_claim_templates: Vec<PersistentVolumeClaim>,
    /// The governing headless service that gives each pod its network identity.
    pub service_name: String,
    /// How pods are created and removed while scaling; `OrderedReady` if unset.
    pub pod_management_policy: PodManagementPolicyType,
    /// How template changes reach the pods.
    pub update_strategy: StatefulSetUpdateStrategy,
    /// How many old revisions to keep for rollback; 10 by default.
    pub revision_history_limit: Option<i32>,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    pub min_ready_seconds: i32,
    /// Whether claims are kept or removed when pods go away; when unset, claims are always kept.
    pub persistent_volume_claim_retention_policy: Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    /// The numbering of the replicas; when unset, they count from 0.
    pub ordinals: Option<StatefulSetOrdinals>,
}

/// The observed state of a stateful set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetStatus {
    /// The stateful set generation this status reflects; a pointer internally, as upstream's.
    pub observed_generation: Option<i64>,
    /// Number of pods the controller has created.
    pub replicas: i32,
    /// Number of pods with a Ready condition.
    pub ready_replicas: i32,
    /// Number of pods made from the `current_revision`.
    pub current_replicas: i32,
    /// Number of pods made from the `update_revision`.
    pub updated_replicas: i32,
    /// The revision that built the lowest `current_replicas` ordinals.
    pub current_revision: String,
    /// The revision that builds the highest `updated_replicas` ordinals.
    pub update_revision: String,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    pub collision_count: Option<i32>,
    /// The latest observations of the stateful set's state.
    pub conditions: Vec<StatefulSetCondition>,
    /// Number of pods ready for at least `min_ready_seconds`.
    pub available_replicas: i32,
}

/// The kind of a stateful set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetConditionType(pub String);

impl StatefulSetConditionType {
    /// An update is under way (alpha, behind a feature gate).
    pub const PROGRESSING: &'static str = "Progressing";
}

/// One aspect of a stateful set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StatefulSetCondition {
    /// Which condition this is.
    pub r#type: StatefulSetConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
}

/// A list of stateful sets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct StatefulSetList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The stateful sets.
    pub items: Option<Vec<StatefulSet>>,
}

/// Declares the desired pods and rolls changes out to them through replica sets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct Deployment {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods wanted and how to roll changes out.
    pub spec: DeploymentSpec,
    /// The state last observed; may lag behind.
    pub status: DeploymentStatus,
}

/// The desired state of a deployment.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeploymentSpec {
    /// Wanted number of pods; always set internally (the versions default an unset count to 1).
    pub replicas: i32,
    /// Label query for the pods this deployment owns; must match the template's labels.
    pub selector: Option<LabelSelector>,
    /// The pod that replicas are made from; its restart policy must be `Always`.
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    pub strategy: DeploymentStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    pub min_ready_seconds: i32,
    /// How many old replica sets to keep for rollback; 10 by default.
    pub revision_history_limit: Option<i32>,
    /// Whether rollouts are on hold.
    pub paused: bool,
    /// Deprecated: the revision to roll back to, cleared once done; a field in v1beta1 and
    /// extensions/v1beta1, the annotation [`DEPRECATED_ROLLBACK_TO`] in v1 and v1beta2.
    pub rollback_to: Option<RollbackConfig>,
    /// Seconds without progress before the deployment is reported as failed; 600 by default, not counted while paused.
    pub progress_deadline_seconds: Option<i32>,
}

/// How a deployment replaces old pods with new ones.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeploymentStrategy {
    /// `Recreate` or `RollingUpdate`; `RollingUpdate` if unset.
    pub r#type: DeploymentStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    pub rolling_update: Option<RollingUpdateDeployment>,
}

/// The name of a deployment strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeploymentStrategyType(pub String);

impl DeploymentStrategyType {
    /// Remove all old pods before creating new ones.
    pub const RECREATE: &'static str = "Recreate";
    /// Swap old pods for new ones gradually.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
}

/// Deprecated: a request to roll a deployment back to an earlier revision (v1beta1 and
/// extensions/v1beta1 only).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct DeploymentRollback {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// The deployment to roll back.
    pub name: String,
    /// Annotations to set on the deployment.
    pub updated_annotations: BTreeMap<String, String>,
    /// The revision to go back to.
    pub rollback_to: RollbackConfig,
}

/// Deprecated: the revision a deployment rolls back to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RollbackConfig {
    /// The revision; 0 means the one before the current.
    pub revision: i64,
}

/// The annotation that carries a deployment's `rollback_to` revision in v1 and v1beta2.
pub const DEPRECATED_ROLLBACK_TO: &str = "deprecated.deployment.rollback.to";

/// The annotation that carries a daemon set's `template_generation` in v1 and v1beta2.
pub const DEPRECATED_TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

/// Limits that pace a deployment's rolling update.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RollingUpdateDeployment {
    /// How many pods (count or percentage, rounded down) may be down during the update.
    pub max_unavailable: IntOrString,
    /// How many pods (count or percentage, rounded up) may run above the wanted count.
    pub max_surge: IntOrString,
}

/// The observed state of a deployment.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeploymentStatus {
    /// The deployment generation this status reflects.
    pub observed_generation: i64,
    /// Number of pods the deployment targets, not counting terminating ones.
    pub replicas: i32,
    /// Number of pods, not terminating, that run the current template.
    pub updated_replicas: i32,
    /// Number of pods, not terminating, with a Ready condition.
    pub ready_replicas: i32,
    /// Number of pods, not terminating, ready for at least `min_ready_seconds`.
    pub available_replicas: i32,
    /// Number of pods still missing before the deployment is fully available, such as pods not yet created.
    pub unavailable_replicas: i32,
    /// Number of pods that are shutting down; unset when the feature behind it is off.
    pub terminating_replicas: Option<i32>,
    /// The latest observations of the deployment's state.
    pub conditions: Vec<DeploymentCondition>,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    pub collision_count: Option<i32>,
}

/// The kind of a deployment condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct DeploymentCondition {
    /// Which condition this is.
    pub r#type: DeploymentConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When this condition was last refreshed.
    pub last_update_time: Time,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
}

/// A list of deployments.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct DeploymentList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The deployments.
    pub items: Option<Vec<Deployment>>,
}

/// How a daemon set rolls a new pod template out to its nodes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetUpdateStrategy {
    /// `RollingUpdate` or `OnDelete`; `RollingUpdate` if unset.
    pub r#type: DaemonSetUpdateStrategyType,
    /// Settings for the `RollingUpdate` strategy.
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

/// The name of a daemon set update strategy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetUpdateStrategyType(pub String);

impl DaemonSetUpdateStrategyType {
    /// Replace pods automatically, node by node.
    pub const ROLLING_UPDATE: &'static str = "RollingUpdate";
    /// Replace a pod only once something deletes it.
    pub const ON_DELETE: &'static str = "OnDelete";
}

/// Limits that pace a daemon set's rolling update.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RollingUpdateDaemonSet {
    /// How many nodes (count or percentage, rounded up) may lack a ready pod during the update.
    pub max_unavailable: IntOrString,
    /// How many nodes (count or percentage, rounded up) may briefly run an old and a new pod.
    pub max_surge: IntOrString,
}

/// The desired state of a daemon set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetSpec {
    /// Label query for the pods this daemon set owns; must match the template's labels.
    pub selector: Option<LabelSelector>,
    /// The pod to run on every node that matches its node selector, or on all nodes.
    pub template: PodTemplateSpec,
    /// How template changes reach the pods.
    pub update_strategy: DaemonSetUpdateStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    pub min_ready_seconds: i32,
    /// Deprecated: the generation of the template, set by the system at creation; a field in
    /// extensions/v1beta1, the annotation [`DEPRECATED_TEMPLATE_GENERATION`] in v1 and v1beta2.
    pub template_generation: i64,
    /// How many old revisions to keep for rollback; 10 by default.
    pub revision_history_limit: Option<i32>,
}

/// The observed state of a daemon set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetStatus {
    /// Number of nodes that run the pod and are meant to.
    pub current_number_scheduled: i32,
    /// Number of nodes that run the pod but are not meant to.
    pub number_misscheduled: i32,
    /// Number of nodes that are meant to run the pod.
    pub desired_number_scheduled: i32,
    /// Number of nodes meant to run the pod whose pod is ready.
    pub number_ready: i32,
    /// The daemon set generation this status reflects.
    pub observed_generation: i64,
    /// Number of nodes that run a pod of the current template.
    pub updated_number_scheduled: i32,
    /// Number of nodes meant to run the pod whose pod has been ready for at least `min_ready_seconds`.
    pub number_available: i32,
    /// Number of nodes meant to run the pod that have no available pod yet.
    pub number_unavailable: i32,
    /// Bumped on hash collisions so the next revision gets a distinct name.
    pub collision_count: Option<i32>,
    /// The latest observations of the daemon set's state.
    pub conditions: Vec<DaemonSetCondition>,
}

/// The kind of a daemon set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetConditionType(pub String);

/// One aspect of a daemon set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonSetCondition {
    /// Which condition this is.
    pub r#type: DaemonSetConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
}

/// Runs one copy of a pod on each eligible node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct DaemonSet {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pod wanted on each node and how to roll changes out.
    pub spec: DaemonSetSpec,
    /// The state last observed; may lag behind.
    pub status: DaemonSetStatus,
}

/// A list of daemon sets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct DaemonSetList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The daemon sets.
    pub items: Option<Vec<DaemonSet>>,
}

/// Keeps a given number of identical pods running.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct ReplicaSet {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods wanted.
    pub spec: ReplicaSetSpec,
    /// The state last observed; may lag behind.
    pub status: ReplicaSetStatus,
}

/// A list of replica sets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct ReplicaSetList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The replica sets.
    pub items: Option<Vec<ReplicaSet>>,
}

/// The desired state of a replica set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicaSetSpec {
    /// Wanted number of pods; always set internally (the versions default an unset count to 1).
    pub replicas: i32,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    pub min_ready_seconds: i32,
    /// Label query for the pods this replica set owns; must match the template's labels.
    pub selector: Option<LabelSelector>,
    /// The pod that new replicas are made from.
    pub template: PodTemplateSpec,
}

/// The observed state of a replica set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicaSetStatus {
    /// Number of pods the replica set has, not counting terminating ones.
    pub replicas: i32,
    /// Number of pods, not terminating, whose labels match the template's.
    pub fully_labeled_replicas: i32,
    /// Number of pods, not terminating, with a Ready condition.
    pub ready_replicas: i32,
    /// Number of pods, not terminating, ready for at least `min_ready_seconds`.
    pub available_replicas: i32,
    /// Number of pods that are shutting down; unset when the feature behind it is off.
    pub terminating_replicas: Option<i32>,
    /// The replica set generation this status reflects.
    pub observed_generation: i64,
    /// The latest observations of the replica set's state.
    pub conditions: Vec<ReplicaSetCondition>,
}

/// The kind of a replica set condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicaSetConditionType(pub String);

impl ReplicaSetConditionType {
    /// A pod could not be created or deleted.
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

/// One aspect of a replica set's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicaSetCondition {
    /// Which condition this is.
    pub r#type: ReplicaSetConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
}

/// A frozen copy of a controller's state, kept so the controller can return to it later.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct ControllerRevision {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The serialized state captured by this revision.
    pub data: RawExtension,
    /// Where this revision sits in the history; higher is newer.
    pub revision: i64,
}

/// A list of controller revisions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apps", internal)]
pub struct ControllerRevisionList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The controller revisions.
    pub items: Option<Vec<ControllerRevision>>,
}

/// Parses an annotation's value as Go's `strconv.ParseInt(value, 10, 64)` does, with its message.
fn parse_int64(value: &str) -> Result<i64, String> {
    value.parse::<i64>().map_err(|e| {
        let why = match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => "value out of range",
            _ => "invalid syntax",
        };
        format!("strconv.ParseInt: parsing {value:?}: {why}")
    })
}

/// Moves the [`DEPRECATED_ROLLBACK_TO`] annotation of a v1 or v1beta2 deployment into the internal
/// `rollback_to` field; an empty value means none and stays an annotation, as upstream's does.
pub fn take_rollback_to_annotation(
    metadata: &mut ObjectMeta,
) -> Result<Option<RollbackConfig>, kapi_machinery::ConversionError> {
    let Some(revision) = metadata.annotations.get(DEPRECATED_ROLLBACK_TO).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let revision = parse_int64(revision).map_err(|e| {
        kapi_machinery::ConversionError::new(format!(
            "failed to parse annotation[{DEPRECATED_ROLLBACK_TO}]={revision} as int64: {e}"
        ))
        .in_key(DEPRECATED_ROLLBACK_TO)
        .in_field("annotations")
        .in_field("metadata")
    })?;
    metadata.annotations.remove(DEPRECATED_ROLLBACK_TO);
    Ok(Some(RollbackConfig { revision }))
}

/// Writes the internal `rollback_to` as the [`DEPRECATED_ROLLBACK_TO`] annotation of a v1 or
/// v1beta2 deployment, removing a stale one when there is none.
pub fn put_rollback_to_annotation(metadata: &mut ObjectMeta, rollback_to: Option<&RollbackConfig>) {
    match rollback_to {
        Some(r) => {
            metadata.annotations.insert(DEPRECATED_ROLLBACK_TO.to_owned(), r.revision.to_string());
        }
        None => {
            metadata.annotations.remove(DEPRECATED_ROLLBACK_TO);
        }
    }
}

/// Moves the [`DEPRECATED_TEMPLATE_GENERATION`] annotation of a v1 or v1beta2 daemon set into the
/// internal `template_generation`; present but not an integer is an error, as upstream's.
pub fn take_template_generation_annotation(metadata: &mut ObjectMeta) -> Result<i64, kapi_machinery::ConversionError> {
    let Some(value) = metadata.annotations.get(DEPRECATED_TEMPLATE_GENERATION) else {
        return Ok(0);
    };
    let generation = parse_int64(value).map_err(|e| {
        kapi_machinery::ConversionError::new(e)
            .in_key(DEPRECATED_TEMPLATE_GENERATION)
            .in_field("annotations")
            .in_field("metadata")
    })?;
    metadata.annotations.remove(DEPRECATED_TEMPLATE_GENERATION);
    Ok(generation)
}

/// Writes the internal `template_generation` as the [`DEPRECATED_TEMPLATE_GENERATION`] annotation of
/// a v1 or v1beta2 daemon set: always, even when 0.
pub fn put_template_generation_annotation(metadata: &mut ObjectMeta, generation: i64) {
    metadata.annotations.insert(DEPRECATED_TEMPLATE_GENERATION.to_owned(), generation.to_string());
}

/// Clears the kind and API version of volume claim templates on the way in, as upstream's
/// conversion does since its reflective conversion stopped setting them (issue 87583).
pub fn clear_claim_template_type_meta(templates: &mut [PersistentVolumeClaim]) {
    for t in templates {
        t.type_meta = TypeMeta::default();
    }
}

/// The label selector of an apps/v1beta1 or v1beta2 `Scale` status, parsed from the internal
/// string form (upstream's `metav1.ParseToLabelSelector`): equality requirements become
/// `match_labels`, the others `match_expressions` with sorted values.
pub fn parse_to_label_selector(selector: &str) -> Result<LabelSelector, String> {
    use crate::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement};
    let mut out = LabelSelector::default();
    for part in split_requirements(selector)? {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let expression = |key: &str, op: &str, mut values: Vec<String>| -> Result<LabelSelectorRequirement, String> {
            check_key(key)?;
            for v in &values {
                check_value(v)?;
            }
            values.sort();
            values.dedup();
            Ok(LabelSelectorRequirement { key: key.to_owned(), operator: LabelSelectorOperator::from(op), values })
        };
        if let Some(key) = part.strip_prefix('!') {
            out.match_expressions.push(expression(key.trim(), LabelSelectorOperator::DOES_NOT_EXIST, Vec::new())?);
        } else if let Some((key, value)) = part.split_once("!=") {
            out.match_expressions.push(expression(
                key.trim(),
                LabelSelectorOperator::NOT_IN,
                vec![value.trim().to_owned()],
            )?);
        } else if let Some((key, value)) = part.split_once("==").or_else(|| part.split_once('=')) {
            let (key, value) = (key.trim(), value.trim());
            check_key(key)?;
            check_value(value)?;
            out.match_labels.insert(key.to_owned(), value.to_owned());
        } else if let Some(open) = part.find('(') {
            let head = part[..open].trim();
            let Some(inner) = part[open + 1..].trim_end().strip_suffix(')') else {
                return Err(format!("found '{}', expected: ')'", &part[open..]));
            };
            let values: Vec<String> = inner.split(',').map(|v| v.trim().to_owned()).collect();
            let (key, op) = if let Some(k) = head.strip_suffix(" notin") {
                (k, LabelSelectorOperator::NOT_IN)
            } else if let Some(k) = head.strip_suffix(" in") {
                (k, LabelSelectorOperator::IN)
            } else {
                return Err(format!("unable to parse requirement: {part:?}"));
            };
            out.match_expressions.push(expression(key.trim(), op, values)?);
        } else if part.contains('>') || part.contains('<') {
            let op = if part.contains('>') { ">" } else { "<" };
            return Err(format!("'{op}' is not a valid label selector operator"));
        } else {
            out.match_expressions.push(expression(part, LabelSelectorOperator::EXISTS, Vec::new())?);
        }
    }
    out.match_expressions.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(out)
}

/// Splits a selector at the commas outside parentheses.
fn split_requirements(selector: &str) -> Result<Vec<&str>, String> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in selector.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or_else(|| format!("unexpected ')' at {i}"))?,
            ',' if depth == 0 => {
                parts.push(&selector[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err("found end of string, expected: ')'".to_owned());
    }
    parts.push(&selector[start..]);
    Ok(parts)
}

fn check_key(key: &str) -> Result<(), String> {
    let (prefix, name) = key.rsplit_once('/').unwrap_or(("", key));
    let name_ok = !name.is_empty()
        && name.len() <= 63
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        && name.as_bytes()[0].is_ascii_alphanumeric()
        && name.as_bytes()[name.len() - 1].is_ascii_alphanumeric();
    let prefix_ok = prefix.len() <= 253
        && prefix.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b));
    if name_ok && prefix_ok && !(key.contains('/') && prefix.is_empty()) {
        Ok(())
    } else {
        Err(format!("invalid label key {key:?}"))
    }
}

fn check_value(value: &str) -> Result<(), String> {
    let ok = value.is_empty()
        || (value.len() <= 63
            && value.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
            && value.as_bytes()[0].is_ascii_alphanumeric()
            && value.as_bytes()[value.len() - 1].is_ascii_alphanumeric());
    if ok { Ok(()) } else { Err(format!("invalid label value: {value:?}")) }
}

/// The string form of an equality selector (upstream's `labels.SelectorFromSet(...).String()`):
/// `key=value` pairs in key order, joined by commas.
pub fn selector_from_set(set: &BTreeMap<String, String>) -> String {
    set.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}
