//! Type definitions of `flowcontrol.apiserver.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1")]
pub struct FlowSchema {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: FlowSchemaSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: FlowSchemaStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1")]
pub struct FlowSchemaList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<FlowSchema>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub priority_level_configuration: PriorityLevelConfigurationReference,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub matching_precedence: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub distinguisher_method: Option<FlowDistinguisherMethod>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<PolicyRulesWithSubjects>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowDistinguisherMethodType(pub String);

impl FlowDistinguisherMethodType {
    pub const BY_USER: &'static str = "ByUser";
    pub const BY_NAMESPACE: &'static str = "ByNamespace";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowDistinguisherMethod {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub r#type: FlowDistinguisherMethodType,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationReference {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyRulesWithSubjects {
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "atomic")]
    pub subjects: Option<Vec<Subject>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_rules: Vec<ResourcePolicyRule>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_rules: Vec<NonResourcePolicyRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct Subject {
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub kind: SubjectKind,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user: Option<UserSubject>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub group: Option<GroupSubject>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub service_account: Option<ServiceAccountSubject>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectKind(pub String);

impl SubjectKind {
    pub const USER: &'static str = "User";
    pub const GROUP: &'static str = "Group";
    pub const SERVICE_ACCOUNT: &'static str = "ServiceAccount";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UserSubject {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupSubject {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAccountSubject {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub namespace: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePolicyRule {
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 2)]
    #[kapi(required, list_type = "set")]
    pub api_groups: Option<Vec<String>>,
    #[kapi(proto = 3)]
    #[kapi(required, list_type = "set")]
    pub resources: Option<Vec<String>>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub cluster_scope: bool,
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "set")]
    pub namespaces: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourcePolicyRule {
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 6)]
    #[kapi(required, list_type = "set")]
    pub non_resource_urls: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<FlowSchemaCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaCondition {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: FlowSchemaConditionType,
    #[kapi(proto = 2, omitempty)]
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
pub struct FlowSchemaConditionType(pub String);

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1")]
pub struct PriorityLevelConfiguration {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: PriorityLevelConfigurationSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PriorityLevelConfigurationStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1")]
pub struct PriorityLevelConfigurationList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityLevelConfiguration>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PriorityLevelConfigurationSpec {
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub r#type: PriorityLevelEnablement,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelEnablement(pub String);

impl PriorityLevelEnablement {
    pub const EXEMPT: &'static str = "Exempt";
    pub const LIMITED: &'static str = "Limited";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitedPriorityLevelConfiguration {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub nominal_concurrency_shares: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub limit_response: LimitResponse,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub lendable_percent: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub borrowing_limit_percent: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExemptPriorityLevelConfiguration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub nominal_concurrency_shares: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lendable_percent: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct LimitResponse {
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub r#type: LimitResponseType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub queuing: Option<QueuingConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitResponseType(pub String);

impl LimitResponseType {
    pub const QUEUE: &'static str = "Queue";
    pub const REJECT: &'static str = "Reject";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QueuingConfiguration {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub queues: i32,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub hand_size: i32,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub queue_length_limit: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationConditionType(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PriorityLevelConfigurationCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationCondition {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: PriorityLevelConfigurationConditionType,
    #[kapi(proto = 2, omitempty)]
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
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    pub const TRUE: &'static str = "True";
    pub const FALSE: &'static str = "False";
    pub const UNKNOWN: &'static str = "Unknown";
}
