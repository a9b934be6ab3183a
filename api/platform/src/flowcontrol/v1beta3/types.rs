//! Type definitions of `flowcontrol.apiserver.k8s.io/v1beta3`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// Classifies incoming API requests into flows and assigns them to a priority level.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:replacement=flowcontrol.apiserver.k8s.io,v1,FlowSchema
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1beta3")]
pub struct FlowSchema {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Which requests match and where they go.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: FlowSchemaSpec,
    /// Observed state of the schema.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: FlowSchemaStatus,
}

/// A list of `FlowSchema` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:replacement=flowcontrol.apiserver.k8s.io,v1,FlowSchemaList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1beta3")]
pub struct FlowSchemaList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The flow schemas.
    #[kapi(proto = 2)]
    pub items: Option<Vec<FlowSchema>>,
}

/// The matching rules and target priority level of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaSpec {
    /// The priority level that matching requests are sent to; an unresolvable reference makes the schema invalid.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub priority_level_configuration: PriorityLevelConfigurationReference,
    /// Order among matching schemas, lowest number wins; range 1 to 10000, defaults to 1000.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub matching_precedence: i32,
    /// How requests are split into flows; when unset every request shares the empty distinguisher.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub distinguisher_method: Option<FlowDistinguisherMethod>,
    /// The schema matches when any rule matches; an empty list matches nothing.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<PolicyRulesWithSubjects>,
}

/// How a flow distinguisher is derived from a request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowDistinguisherMethodType(pub String);

impl FlowDistinguisherMethodType {
    /// One flow per requesting user.
    pub const BY_USER: &'static str = "ByUser";
    /// One flow per target namespace.
    pub const BY_NAMESPACE: &'static str = "ByNamespace";
}

/// The rule for computing a flow distinguisher.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowDistinguisherMethod {
    /// `ByUser` or `ByNamespace`.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub r#type: FlowDistinguisherMethodType,
}

/// Names the priority level a flow schema points to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationReference {
    /// Name of the `PriorityLevelConfiguration`.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

/// A test on who makes a request and what it targets; both parts must match.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyRulesWithSubjects {
    /// Requesters this rule applies to; must hold at least one entry.
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "atomic")]
    pub subjects: Option<Vec<Subject>>,
    /// Rules on verb and resource; this or `non_resource_rules` must be non-empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_rules: Vec<ResourcePolicyRule>,
    /// Rules on verb and non-resource URL.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_rules: Vec<NonResourcePolicyRule>,
}

/// Matches the authenticated originator of a request by user, group or service account.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct Subject {
    /// Which of the other fields is set.
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub kind: SubjectKind,
    /// Match by user name.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user: Option<UserSubject>,
    /// Match by group name.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub group: Option<GroupSubject>,
    /// Match by service account.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub service_account: Option<ServiceAccountSubject>,
}

/// Which kind of requester a `Subject` names.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct UserSubject {
    /// The user name, or `*` for every user.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

/// Matches requests by group membership.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupSubject {
    /// The group name, or `*` for every group.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
}

/// Matches requests made by a service account.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAccountSubject {
    /// Namespace of the service account.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub namespace: String,
    /// Name of the service account, or `*` for any in the namespace.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub name: String,
}

/// Matches resource requests by verb, API group, resource and namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePolicyRule {
    /// Verbs to match; `*` alone matches all.
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    /// API groups to match; `*` alone matches all.
    #[kapi(proto = 2)]
    #[kapi(required, list_type = "set")]
    pub api_groups: Option<Vec<String>>,
    /// Lowercase plural resources, optionally with `/subresource`; `*` alone matches all.
    #[kapi(proto = 3)]
    #[kapi(required, list_type = "set")]
    pub resources: Option<Vec<String>>,
    /// Whether requests without a namespace match; if false, `namespaces` must be non-empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub cluster_scope: bool,
    /// Target namespaces to match; `*` matches any namespace but not cluster-scoped requests.
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "set")]
    pub namespaces: Option<Vec<String>>,
}

/// Matches non-resource requests by verb and URL path.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourcePolicyRule {
    /// Verbs to match; `*` alone matches all.
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    /// URL paths to match, where a trailing `/*` matches a subtree and `*` alone matches all.
    #[kapi(proto = 6)]
    #[kapi(required, list_type = "set")]
    pub non_resource_urls: Option<Vec<String>>,
}

/// Observed state of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaStatus {
    /// Current conditions of the schema.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<FlowSchemaCondition>,
}

/// One observed condition of a flow schema.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaCondition {
    /// The kind of condition.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: FlowSchemaConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable explanation of the last change.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// The kind of a flow schema condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlowSchemaConditionType(pub String);

/// A priority level: how much concurrency its requests get and what happens to the excess.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:replacement=flowcontrol.apiserver.k8s.io,v1,PriorityLevelConfiguration
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1beta3")]
pub struct PriorityLevelConfiguration {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The limits of this level.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: PriorityLevelConfigurationSpec,
    /// Observed state of the level.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PriorityLevelConfigurationStatus,
}

/// A list of `PriorityLevelConfiguration` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:replacement=flowcontrol.apiserver.k8s.io,v1,PriorityLevelConfigurationList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "flowcontrol.apiserver.k8s.io", version = "v1beta3")]
pub struct PriorityLevelConfigurationList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The priority levels.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityLevelConfiguration>>,
}

/// Whether a priority level is limited, and its settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PriorityLevelConfigurationSpec {
    /// `Limited` to apply concurrency limits, `Exempt` to never limit or queue.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub r#type: PriorityLevelEnablement,
    /// Settings of a `Limited` level; set exactly when `type` is `Limited`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    /// Settings of an `Exempt` level; must be unset for `Limited`, defaults apply when unset.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifMode("Exempt")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

/// Whether a priority level is subject to concurrency limits.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelEnablement(pub String);

impl PriorityLevelEnablement {
    /// Never limited nor queued.
    pub const EXEMPT: &'static str = "Exempt";
    /// Gets a share of the server's concurrency and may queue or reject.
    pub const LIMITED: &'static str = "Limited";
}

/// How a limited priority level bounds concurrency and treats requests over the bound.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitedPriorityLevelConfiguration {
    /// This level's weight when the server's concurrency limit is divided among limited levels; defaults to 30.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub nominal_concurrency_shares: i32,
    /// What to do with requests that cannot run at once.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub limit_response: LimitResponse,
    /// Share of this level's nominal seats, 0 to 100, that others may borrow; defaults to 0.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub lendable_percent: Option<i32>,
    /// Cap on seats borrowed from other levels, as a percentage of the nominal limit; unset means no cap.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub borrowing_limit_percent: Option<i32>,
}

/// The tunable settings of an exempt priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExemptPriorityLevelConfiguration {
    /// Seats nominally reserved for this level, which affect others via borrowing; defaults to 0.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub nominal_concurrency_shares: Option<i32>,
    /// Share of this level's nominal seats, 0 to 100, that others may borrow; defaults to 0.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lendable_percent: Option<i32>,
}

/// What happens to requests that cannot run at once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct LimitResponse {
    /// `Queue` to hold such requests, `Reject` to refuse them.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
    #[kapi(proto = 1)]
    #[kapi(required, union_discriminator)]
    pub r#type: LimitResponseType,
    /// Queue settings; only allowed when `type` is `Queue`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifMode("Queue")=+k8s:required
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub queuing: Option<QueuingConfiguration>,
}

/// How requests over the concurrency limit are handled.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitResponseType(pub String);

impl LimitResponseType {
    /// Hold the request in a queue until it can run or a limit is hit.
    pub const QUEUE: &'static str = "Queue";
    /// Refuse the request immediately.
    pub const REJECT: &'static str = "Reject";
}

/// Parameters of the shuffle-sharded queues of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QueuingConfiguration {
    /// Number of queues on each API server; positive, defaults to 64, and 1 disables shuffle sharding.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub queues: i32,
    /// Queues dealt to each flow by shuffle sharding; at most `queues`, defaults to 8.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub hand_size: i32,
    /// Most requests waiting in one queue, beyond which they are rejected; defaults to 50.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub queue_length_limit: i32,
}

/// The kind of a priority level condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationConditionType(pub String);

/// Observed state of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationStatus {
    /// Current conditions of the level.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PriorityLevelConfigurationCondition>,
}

/// One observed condition of a priority level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PriorityLevelConfigurationCondition {
    /// The kind of condition.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: PriorityLevelConfigurationConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable explanation of the last change.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// The status of a condition: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// Whether the condition holds is not known.
    pub const UNKNOWN: &'static str = "Unknown";
}
