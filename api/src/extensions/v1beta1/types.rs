//! Type definitions of `extensions/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, PodTemplateSpec, Protocol, TypedLocalObjectReference};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleSpec {
    #[kapi(proto = 1, omitempty, default = "0")]
    #[kapi(optional)]
    pub replicas: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleStatus {
    #[kapi(proto = 1)]
    pub replicas: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_selector: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct Scale {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ScaleSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ScaleStatus,
}

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct Deployment {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
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
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 3)]
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
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub rollback_to: Option<RollbackConfig>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub progress_deadline_seconds: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct DeploymentRollback {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub updated_annotations: BTreeMap<String, String>,
    #[kapi(proto = 3)]
    pub rollback_to: RollbackConfig,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RollbackConfig {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub revision: i64,
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
    pub r#type: DeploymentConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 6, omitempty)]
    pub last_update_time: Time,
    #[kapi(proto = 7, omitempty)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 2)]
    pub template: PodTemplateSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub update_strategy: DaemonSetUpdateStrategy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub template_generation: i64,
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
    pub r#type: DaemonSetConditionType,
    #[kapi(proto = 2)]
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
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct DaemonSet {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: DaemonSetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DaemonSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct Ingress {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: IngressStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct IngressList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Ingress>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressSpec {
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ingress_class_name: Option<String>,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub backend: Option<IngressBackend>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tls: Vec<IngressTLS>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<IngressRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressTLS {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub hosts: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: IngressLoadBalancerStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerIngress {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<IngressPortStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressPortStatus {
    #[kapi(proto = 1)]
    pub port: i32,
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host: String,
    #[kapi(proto = 2, inline)]
    #[kapi(optional)]
    pub ingress_rule_value: IngressRuleValue,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRuleValue {
    #[kapi(proto = 1, omitempty)]
    pub http: Option<HTTPIngressRuleValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressRuleValue {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub paths: Option<Vec<HTTPIngressPath>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PathType(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressPath {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    pub path_type: Option<PathType>,
    #[kapi(proto = 2)]
    pub backend: IngressBackend,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressBackend {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub service_port: IntOrString,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource: Option<TypedLocalObjectReference>,
}

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
/// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct ReplicaSet {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ReplicaSetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicaSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
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
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
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
    pub r#type: ReplicaSetConditionType,
    #[kapi(proto = 2)]
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
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct NetworkPolicy {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NetworkPolicySpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyType(pub String);

impl PolicyType {
    pub const INGRESS: &'static str = "Ingress";
    pub const EGRESS: &'static str = "Egress";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicySpec {
    #[kapi(proto = 1)]
    pub pod_selector: LabelSelector,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub egress: Vec<NetworkPolicyEgressRule>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub policy_types: Vec<PolicyType>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyIngressRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<NetworkPolicyPort>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub from: Vec<NetworkPolicyPeer>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyEgressRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<NetworkPolicyPort>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub to: Vec<NetworkPolicyPeer>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyPort {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub protocol: Option<Protocol>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub port: Option<IntOrString>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub end_port: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPBlock {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub cidr: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub except: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkPolicyPeer {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_selector: Option<LabelSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub ip_block: Option<IPBlock>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "extensions", version = "v1beta1")]
pub struct NetworkPolicyList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<NetworkPolicy>>,
}
