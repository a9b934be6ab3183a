//! Type definitions of `extensions/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, PodTemplateSpec, Protocol, TypedLocalObjectReference};
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.2
/// +k8s:prerelease-lifecycle-gen:removed=1.16
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct Scale {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
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

/// Declares the desired pods and rolls changes out to them through replica sets.
///
/// +genclient
/// +shortNames=deploy
/// +categories=all
/// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    #[kapi(optional)]
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
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, patch_strategy = "retainKeys")]
    pub strategy: DeploymentStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// How many old replica sets to keep for rollback; all of them by default (the int32 maximum).
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
    /// Seconds without progress before the deployment is reported as failed; by default (the int32 maximum) never.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub progress_deadline_seconds: Option<i32>,
}

/// Asks a deployment to go back to an earlier revision (deprecated).
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct DeploymentRollback {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Name of the deployment to roll back.
    #[kapi(proto = 1)]
    pub name: String,
    /// Annotations to set on the deployment as part of the rollback.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub updated_annotations: BTreeMap<String, String>,
    /// The revision to return to.
    #[kapi(proto = 3)]
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
    /// How many pods (count or percentage, rounded down) may be down during the update; 1 by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    /// How many pods (count or percentage, rounded up) may run above the wanted count; 1 by default.
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
    pub r#type: DeploymentConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When this condition was last refreshed.
    #[kapi(proto = 6, omitempty)]
    pub last_update_time: Time,
    /// When the status last changed.
    #[kapi(proto = 7, omitempty)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    pub message: String,
}

/// A list of deployments.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DeploymentList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    /// `RollingUpdate` or `OnDelete`; `OnDelete` if unset.
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
    /// Label query for the pods this daemon set owns; the template's labels if empty.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// The pod to run on every node that matches its node selector, or on all nodes.
    #[kapi(proto = 2)]
    pub template: PodTemplateSpec,
    /// How template changes reach the pods.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub update_strategy: DaemonSetUpdateStrategy,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// Deprecated generation number of the template, filled in by the system and settable only at creation.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub template_generation: i64,
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
    pub r#type: DaemonSetConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DaemonSet
/// +shortNames=ds
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    #[kapi(optional)]
    pub spec: DaemonSetSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DaemonSetStatus,
}

/// A list of daemon sets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,DaemonSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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

/// Rules that route outside HTTP(S) traffic to services by host and path.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.14
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,Ingress
/// +shortNames=ing
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct Ingress {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The routing wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: IngressStatus,
}

/// A list of ingresses.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
/// +k8s:prerelease-lifecycle-gen:deprecated=1.14
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,IngressList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct IngressList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ingresses.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Ingress>>,
}

/// The routing an ingress asks for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressSpec {
    /// The ingress class that should serve this ingress; preferred over the old class annotation.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ingress_class_name: Option<String>,
    /// Where requests that match no rule go; needed when there are no rules, otherwise up to the controller.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub backend: Option<IngressBackend>,
    /// TLS settings; all entries share port 443, told apart by SNI if the controller supports it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tls: Vec<IngressTLS>,
    /// Host rules; traffic no rule matches goes to the default backend.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<IngressRule>,
}

/// TLS termination for some of an ingress's hosts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressTLS {
    /// Hosts the certificate covers, matching the names in the secret; the controller's wildcard host if empty.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub hosts: Vec<String>,
    /// The secret that terminates TLS on port 443; may be empty to route on the SNI host alone.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
}

/// The observed state of an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressStatus {
    /// The state of the load balancer.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: IngressLoadBalancerStatus,
}

/// The state of the load balancer that serves an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerStatus {
    /// Entry points of the load balancer.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

/// One entry point of an ingress load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerIngress {
    /// Address of an IP-based entry point.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    /// Name of a DNS-based entry point.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    /// The ports this entry point exposes.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<IngressPortStatus>,
}

/// A port of a load balancer entry point, with any problem it has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressPortStatus {
    /// The port number.
    #[kapi(proto = 1)]
    pub port: i32,
    /// TCP, UDP or SCTP.
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    /// A problem with the port, as a CamelCase name; provider-specific ones are prefixed with a domain.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

/// The routing for one host, or for every host.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRule {
    /// The host to match: a plain DNS name, or a `*.` wildcard covering one label; empty matches any host.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host: String,
    /// How matching requests are routed; a catch-all when unset.
    #[kapi(proto = 2, inline)]
    #[kapi(optional)]
    pub ingress_rule_value: IngressRuleValue,
}

/// How requests that match a rule's host are routed; HTTP is the only kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRuleValue {
    /// Routing by HTTP path.
    #[kapi(proto = 1, omitempty)]
    pub http: Option<HTTPIngressRuleValue>,
}

/// HTTP paths and the backends they go to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressRuleValue {
    /// The paths and their backends.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub paths: Option<Vec<HTTPIngressPath>>,
}

/// How an ingress path is matched against request paths.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PathType(pub String);

/// A request path and the backend that serves it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressPath {
    /// The path to match; must start with `/` and is required for `Exact` and `Prefix`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// `Exact`, `Prefix` (by `/`-separated segments) or `ImplementationSpecific`, the default.
    #[kapi(proto = 3, omitempty)]
    pub path_type: Option<PathType>,
    /// Where matching requests are sent.
    #[kapi(proto = 2)]
    pub backend: IngressBackend,
}

/// Where matching requests are sent: a service port or another resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressBackend {
    /// Name of the service to send requests to.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service_name: String,
    /// The port of that service, by number or name.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub service_port: IntOrString,
    /// Another object in the ingress's namespace to send requests to; excludes the service.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource: Option<TypedLocalObjectReference>,
}

/// Keeps a given number of identical pods running.
///
/// +genclient
/// +shortNames=rs
/// +categories=all
/// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ReplicaSet
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    #[kapi(optional)]
    pub spec: ReplicaSetSpec,
    /// The state last observed; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicaSetStatus,
}

/// A list of replica sets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +k8s:prerelease-lifecycle-gen:deprecated=1.8
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,ReplicaSetList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    /// Label query for the pods this replica set owns; the template's labels if empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
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
    pub r#type: ReplicaSetConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
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

/// Says which network traffic may reach, or leave, a set of pods.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.3
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,NetworkPolicy
/// +shortNames=netpol
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct NetworkPolicy {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods covered and the traffic allowed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NetworkPolicySpec,
}

/// A direction of traffic a network policy governs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyType(pub String);

impl PolicyType {
    /// The policy governs traffic into the selected pods.
    pub const INGRESS: &'static str = "Ingress";
    /// The policy governs traffic out of the selected pods.
    pub const EGRESS: &'static str = "Egress";
}

/// The pods a network policy selects and the traffic it lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicySpec {
    /// The pods in this namespace the policy applies to; an empty selector takes them all.
    #[kapi(proto = 1)]
    pub pod_selector: LabelSelector,
    /// Inbound traffic allowed, on top of other policies' rules; empty allows none and only isolates the pods.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    /// Outbound traffic allowed, on top of other policies' rules; empty allows none and only isolates the pods.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub egress: Vec<NetworkPolicyEgressRule>,
    /// The directions governed; when unset, `Ingress` always, plus `Egress` if egress rules are given.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub policy_types: Vec<PolicyType>,
}

/// Inbound traffic allowed to the selected pods; it must match both the ports and a source.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyIngressRule {
    /// Ports on the pods that traffic may use; empty means any port.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<NetworkPolicyPort>,
    /// Sources allowed, any one of which suffices; empty means any source.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub from: Vec<NetworkPolicyPeer>,
}

/// Outbound traffic allowed from the selected pods; it must match both the ports and a destination.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyEgressRule {
    /// Destination ports traffic may use; empty means any port.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<NetworkPolicyPort>,
    /// Destinations allowed, any one of which suffices; empty means any destination.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub to: Vec<NetworkPolicyPeer>,
}

/// A protocol and port, or port range, that a rule lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyPort {
    /// TCP, UDP or SCTP; TCP when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub protocol: Option<Protocol>,
    /// A port number or a named port on the pod; unset matches every port.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub port: Option<IntOrString>,
    /// Last port of an inclusive range starting at `port`, which must then be a number no greater.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub end_port: Option<i32>,
}

/// An address range in CIDR form, minus some sub-ranges, that a rule lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPBlock {
    /// The address range in CIDR form, e.g. `10.0.0.0/16` or `2001:db8::/64`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub cidr: String,
    /// Sub-ranges of `cidr` to leave out.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub except: Vec<String>,
}

/// A source or destination of traffic: pods, namespaces or an address range.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyPeer {
    /// Pods to match, in the namespaces picked by `namespace_selector` or else in the policy's own; empty means all.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_selector: Option<LabelSelector>,
    /// Namespaces to match, by their labels; empty means all of them.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    /// An address range to match; excludes the other two fields.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub ip_block: Option<IPBlock>,
}

/// A list of network policies.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.3
/// +k8s:prerelease-lifecycle-gen:deprecated=1.9
/// +k8s:prerelease-lifecycle-gen:removed=1.16
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,NetworkPolicyList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct NetworkPolicyList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The network policies.
    #[kapi(proto = 2)]
    pub items: Option<Vec<NetworkPolicy>>,
}
