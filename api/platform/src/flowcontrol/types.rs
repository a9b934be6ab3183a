//! The internal (hub) types of `flowcontrol.apiserver.k8s.io`, which v1, v1beta3, v1beta2 and v1beta1 convert to and from.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// Classifies incoming API requests into flows and assigns them to a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", internal)]
pub struct FlowSchema {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Which requests match and where they go.
    pub spec: FlowSchemaSpec,
    /// Observed state of the schema.
    pub status: FlowSchemaStatus,
}

/// A list of `FlowSchema` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", internal)]
pub struct FlowSchemaList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The flow schemas.
    pub items: Option<Vec<FlowSchema>>,
}

/// The matching rules and target priority level of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowSchemaSpec {
    /// The priority level that matching requests are sent to; an unresolvable reference makes the schema invalid.
    pub priority_level_configuration: PriorityLevelConfigurationReference,
    /// Order among matching schemas, lowest number wins; range 1 to 10000, defaults to 1000.
    pub matching_precedence: i32,
    /// How requests are split into flows; when unset every request shares the empty distinguisher.
    pub distinguisher_method: Option<FlowDistinguisherMethod>,
    /// The schema matches when any rule matches; an empty list matches nothing.
    pub rules: Vec<PolicyRulesWithSubjects>,
}

/// How a flow distinguisher is derived from a request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowDistinguisherMethodType(pub String);

impl FlowDistinguisherMethodType {
    /// One flow per requesting user.
    pub const BY_USER: &'static str = "ByUser";
    /// One flow per target namespace.
    pub const BY_NAMESPACE: &'static str = "ByNamespace";
}

/// The rule for computing a flow distinguisher.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowDistinguisherMethod {
    /// `ByUser` or `ByNamespace`.
    pub r#type: FlowDistinguisherMethodType,
}

/// Names the priority level a flow schema points to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelConfigurationReference {
    /// Name of the `PriorityLevelConfiguration`.
    pub name: String,
}

/// A test on who makes a request and what it targets; both parts must match.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PolicyRulesWithSubjects {
    /// Requesters this rule applies to; must hold at least one entry.
    pub subjects: Option<Vec<Subject>>,
    /// Rules on verb and resource; this or `non_resource_rules` must be non-empty.
    pub resource_rules: Vec<ResourcePolicyRule>,
    /// Rules on verb and non-resource URL.
    pub non_resource_rules: Vec<NonResourcePolicyRule>,
}

/// Matches the authenticated originator of a request by user, group or service account.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Subject {
    /// Which of the other fields is set.
    pub kind: SubjectKind,
    /// Match by user name.
    pub user: Option<UserSubject>,
    /// Match by group name.
    pub group: Option<GroupSubject>,
    /// Match by service account.
    pub service_account: Option<ServiceAccountSubject>,
}

/// Which kind of requester a `Subject` names.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SubjectKind(pub String);

impl SubjectKind {
    /// A user name.
    pub const USER: &'static str = "User";
    /// A group name.
    pub const GROUP: &'static str = "Group";
    /// A service account.
    pub const SERVICE_ACCOUNT: &'static str = "ServiceAccount";
}

/// Matches requests by user name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UserSubject {
    /// The user name, or `*` for every user.
    pub name: String,
}

/// Matches requests by group membership.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GroupSubject {
    /// The group name, or `*` for every group.
    pub name: String,
}

/// Matches requests made by a service account.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceAccountSubject {
    /// Namespace of the service account.
    pub namespace: String,
    /// Name of the service account, or `*` for any in the namespace.
    pub name: String,
}

/// Matches resource requests by verb, API group, resource and namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourcePolicyRule {
    /// Verbs to match; `*` alone matches all.
    pub verbs: Option<Vec<String>>,
    /// API groups to match; `*` alone matches all.
    pub api_groups: Option<Vec<String>>,
    /// Lowercase plural resources, optionally with `/subresource`; `*` alone matches all.
    pub resources: Option<Vec<String>>,
    /// Whether requests without a namespace match; if false, `namespaces` must be non-empty.
    pub cluster_scope: bool,
    /// Target namespaces to match; `*` matches any namespace but not cluster-scoped requests.
    pub namespaces: Option<Vec<String>>,
}

/// Matches non-resource requests by verb and URL path.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NonResourcePolicyRule {
    /// Verbs to match; `*` alone matches all.
    pub verbs: Option<Vec<String>>,
    /// URL paths to match, where a trailing `/*` matches a subtree and `*` alone matches all.
    pub non_resource_urls: Option<Vec<String>>,
}

/// Observed state of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowSchemaStatus {
    /// Current conditions of the schema.
    pub conditions: Vec<FlowSchemaCondition>,
}

/// One observed condition of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowSchemaCondition {
    /// The kind of condition.
    pub r#type: FlowSchemaConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    pub reason: String,
    /// A human-readable explanation of the last change.
    pub message: String,
}

/// The kind of a flow schema condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlowSchemaConditionType(pub String);

/// A priority level: how much concurrency its requests get and what happens to the excess.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", internal)]
pub struct PriorityLevelConfiguration {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The limits of this level.
    pub spec: PriorityLevelConfigurationSpec,
    /// Observed state of the level.
    pub status: PriorityLevelConfigurationStatus,
}

/// A list of `PriorityLevelConfiguration` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", internal)]
pub struct PriorityLevelConfigurationList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The priority levels.
    pub items: Option<Vec<PriorityLevelConfiguration>>,
}

/// Whether a priority level is limited, and its settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelConfigurationSpec {
    /// `Limited` to apply concurrency limits, `Exempt` to never limit or queue.
    pub r#type: PriorityLevelEnablement,
    /// Settings of a `Limited` level; set exactly when `type` is `Limited`.
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    /// Settings of an `Exempt` level; must be unset for `Limited`, defaults apply when unset.
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

/// Whether a priority level is subject to concurrency limits.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelEnablement(pub String);

impl PriorityLevelEnablement {
    /// Never limited nor queued.
    pub const EXEMPT: &'static str = "Exempt";
    /// Gets a share of the server's concurrency and may queue or reject.
    pub const LIMITED: &'static str = "Limited";
}

/// How a limited priority level bounds concurrency and treats requests over the bound.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitedPriorityLevelConfiguration {
    /// This level's weight when the server's concurrency limit is divided among limited levels; defaults to 30.
    pub nominal_concurrency_shares: Option<i32>,
    /// What to do with requests that cannot run at once.
    pub limit_response: LimitResponse,
    /// Share of this level's nominal seats, 0 to 100, that others may borrow; defaults to 0.
    pub lendable_percent: Option<i32>,
    /// Cap on seats borrowed from other levels, as a percentage of the nominal limit; unset means no cap.
    pub borrowing_limit_percent: Option<i32>,
}

/// The tunable settings of an exempt priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExemptPriorityLevelConfiguration {
    /// Seats nominally reserved for this level, which affect others via borrowing; defaults to 0.
    pub nominal_concurrency_shares: Option<i32>,
    /// Share of this level's nominal seats, 0 to 100, that others may borrow; defaults to 0.
    pub lendable_percent: Option<i32>,
}

/// What happens to requests that cannot run at once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitResponse {
    /// `Queue` to hold such requests, `Reject` to refuse them.
    pub r#type: LimitResponseType,
    /// Queue settings; only allowed when `type` is `Queue`.
    pub queuing: Option<QueuingConfiguration>,
}

/// How requests over the concurrency limit are handled.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitResponseType(pub String);

impl LimitResponseType {
    /// Hold the request in a queue until it can run or a limit is hit.
    pub const QUEUE: &'static str = "Queue";
    /// Refuse the request immediately.
    pub const REJECT: &'static str = "Reject";
}

/// Parameters of the shuffle-sharded queues of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct QueuingConfiguration {
    /// Number of queues on each API server; positive, defaults to 64, and 1 disables shuffle sharding.
    pub queues: i32,
    /// Queues dealt to each flow by shuffle sharding; at most `queues`, defaults to 8.
    pub hand_size: i32,
    /// Most requests waiting in one queue, beyond which they are rejected; defaults to 50.
    pub queue_length_limit: i32,
}

/// The kind of a priority level condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelConfigurationConditionType(pub String);

/// Observed state of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelConfigurationStatus {
    /// Current conditions of the level.
    pub conditions: Vec<PriorityLevelConfigurationCondition>,
}

/// One observed condition of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PriorityLevelConfigurationCondition {
    /// The kind of condition.
    pub r#type: PriorityLevelConfigurationConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    pub reason: String,
    /// A human-readable explanation of the last change.
    pub message: String,
}

/// The status of a condition: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// Whether the condition holds is not known.
    pub const UNKNOWN: &'static str = "Unknown";
}
