//! Type definitions of `scheduling.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// Maps a class name to the integer priority given to pods that name it.
///
/// +genclient
/// +shortNames=pc
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.11
/// +k8s:prerelease-lifecycle-gen:deprecated=1.14
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=scheduling.k8s.io,v1,PriorityClass
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PriorityClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The priority; higher values are more important.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub value: i32,
    /// Whether pods without a class get this one; at most one class may set it.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub global_default: bool,
    /// Free text on when to use the class.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    /// `PreemptLowerPriority` (the default) or `Never`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<crate::core::v1::PreemptionPolicy>,
}

/// A list of PriorityClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.11
/// +k8s:prerelease-lifecycle-gen:deprecated=1.14
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=scheduling.k8s.io,v1,PriorityClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PriorityClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The PriorityClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityClass>>,
}

/// The scheduling shape of a whole workload, described by pod group templates.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct Workload {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The templates.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: WorkloadSpec,
}

/// A list of Workload objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct WorkloadList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The Workload objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Workload>>,
}

/// The templates that make up a workload.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadSpec {
    /// The object that owns the workload, such as a Job; immutable.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub controller_ref: Option<TypedLocalObjectReference>,
    /// Pod group templates, at most 8; exclusive with the composite templates.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub pod_group_templates: Option<Vec<PodGroupTemplate>>,
    /// Composite pod group templates, at most 8; exclusive with the pod group templates.
    ///
    /// +k8s:ifDisabled("CompositePodGroup")=+k8s:forbidden
    /// +k8s:ifEnabled("CompositePodGroup")=+k8s:optional
    /// +k8s:unionMember
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

/// Names an object of a given kind in the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TypedLocalObjectReference {
    /// API group of the object; empty for the core group.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_group: String,
    /// Kind of the object.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-path-segment-name
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    /// Name of the object.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-path-segment-name
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
}

/// A template for the pod groups made from a workload.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupTemplate {
    /// Name of the template, a DNS label unique in the workload.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Basic or gang scheduling for the group.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    /// Placement constraints such as topology.
    ///
    /// +k8s:ifDisabled(TopologyAwareWorkloadScheduling)=+k8s:forbidden
    /// +k8s:ifEnabled(TopologyAwareWorkloadScheduling)=+k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    /// Resource claims the group's pods share; at most 4.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    /// +k8s:immutable
    #[kapi(proto = 4, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    /// Whether members may be disrupted one at a time or only together.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<DisruptionMode>,
    /// Priority class of groups made from the template.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-long-name
    /// +k8s:immutable
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    /// Priority of groups made from the template; higher is more important.
    ///
    /// +k8s:optional
    /// +k8s:maximum=1000000000
    /// +k8s:immutable
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` or `Never`.
    ///
    /// +k8s:immutable
    /// +k8s:ifDisabled("PodGroupPreemptionPolicy")=+k8s:forbidden
    /// +k8s:ifEnabled("PodGroupPreemptionPolicy")=+k8s:optional
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// A template for composite groups, which hold further groups.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupTemplate {
    /// Name of the template, a DNS label unique in the workload.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Whether child groups are scheduled independently or as a gang.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    /// Placement constraints such as topology.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    /// Whether child groups may be disrupted one at a time or only together.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<CompositeDisruptionMode>,
    /// Priority class of groups made from the template.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-long-name
    /// +k8s:immutable
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    /// Priority of groups made from the template; higher is more important.
    ///
    /// +k8s:optional
    /// +k8s:maximum=1000000000
    /// +k8s:immutable
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` or `Never`.
    ///
    /// +k8s:immutable
    /// +k8s:ifDisabled("PodGroupPreemptionPolicy")=+k8s:forbidden
    /// +k8s:ifEnabled("PodGroupPreemptionPolicy")=+k8s:optional
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
    /// Templates of child pod groups; at most 8.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub pod_group_templates: Vec<PodGroupTemplate>,
    /// Templates of child composite groups; at most 8.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

/// How a pod group is scheduled; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PodGroupSchedulingPolicy {
    /// Ordinary pod-by-pod scheduling.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:immutable
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<BasicSchedulingPolicy>,
    /// All-or-nothing scheduling of the group.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:update=NoSet
    /// +k8s:update=NoUnset
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<GangSchedulingPolicy>,
}

/// Selects ordinary pod-by-pod scheduling; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BasicSchedulingPolicy {}

/// Parameters of all-or-nothing scheduling.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GangSchedulingPolicy {
    /// Pods that must fit at once before the group is admitted; positive and mutable.
    ///
    /// +k8s:required
    /// +k8s:minimum=1
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub min_count: i32,
}

/// A resource claim shared by a pod group, named directly or made from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupResourceClaim {
    /// Name of the entry in the group, a DNS label.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// An existing ResourceClaim in the namespace; exclusive with the template name.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
    /// A ResourceClaimTemplate to make the group's claim from; exclusive with the claim name.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource_claim_template_name: Option<String>,
}

/// How members of a group may be disrupted; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct DisruptionMode {
    /// Members may be disrupted independently.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<SingleDisruptionMode>,
    /// Members are disrupted only together.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<AllDisruptionMode>,
}

/// Selects independent disruption of members; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SingleDisruptionMode {}

/// Selects disruption of all members together; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllDisruptionMode {}

/// Whether a group may preempt pods or groups of lower priority.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    /// May preempt lower-priority pods and groups.
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    /// Never preempts.
    pub const NEVER: &'static str = "Never";
}

/// A live set of pods scheduled together, usually made from a workload template.
///
/// +genclient
/// +ownNameRule
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PodGroup {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: PodGroupSpec,
    /// The observed state.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodGroupStatus,
}

/// A list of PodGroup objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PodGroupList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The PodGroup objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodGroup>>,
}

/// The desired state of a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupSpec {
    /// The parent composite group in the namespace; unset for a root group.
    ///
    /// +k8s:ifDisabled(CompositePodGroup)=+k8s:forbidden
    /// +k8s:ifEnabled(CompositePodGroup)=+k8s:optional
    /// +k8s:immutable
    /// +k8s:format=k8s-long-name
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("workloadRef")
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub parent_composite_pod_group_name: Option<String>,
    /// The workload and template the group was made from; immutable.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub workload_ref: Option<WorkloadReference>,
    /// Basic or gang scheduling, copied from the template.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    /// Placement constraints, copied from the template; immutable.
    ///
    /// +k8s:ifDisabled(TopologyAwareWorkloadScheduling)=+k8s:forbidden
    /// +k8s:ifEnabled(TopologyAwareWorkloadScheduling)=+k8s:optional
    /// +k8s:ifEnabled(TopologyAwareWorkloadScheduling)=+k8s:immutable
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    /// Resource claims the group's pods share; at most 4.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    /// +k8s:immutable
    #[kapi(proto = 5, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    /// Whether members may be disrupted one at a time or only together; defaults to single.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    #[kapi(proto = 6, omitempty, default = "{\"single\": {}}")]
    #[kapi(optional)]
    pub disruption_mode: Option<DisruptionMode>,
    /// Priority class of the group.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    /// Priority of the group, usually filled in from the class; higher is more important.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    /// +k8s:maximum=1000000000
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` (the default) or `Never`.
    ///
    /// +k8s:immutable
    /// +k8s:ifDisabled("PodGroupPreemptionPolicy")=+k8s:forbidden
    /// +k8s:ifEnabled("PodGroupPreemptionPolicy")=+k8s:optional
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// The observed state of a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupStatus {
    /// Conditions such as `PodGroupInitiallyScheduled` and `DisruptionTarget`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    /// Names of the claims made from templates.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    #[kapi(proto = 2, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claim_statuses: Vec<PodGroupResourceClaimStatus>,
}

/// The claim generated for one of a pod group's template-based claims.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupResourceClaimStatus {
    /// Matches an entry of the group's `resource_claims`.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// The generated claim; unset when none was needed.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
}

/// Names the workload and the template a group was made from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadReference {
    /// Name of the Workload.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub workload_name: String,
    /// Name of the template in the workload.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub template_name: String,
}

/// Placement constraints for a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupSchedulingConstraints {
    /// Topology constraints; currently at most one.
    ///
    /// +k8s:optional
    /// +k8s:maxItems=1
    /// +k8s:listType=atomic
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}

/// Keeps a group inside one topology domain.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologyConstraint {
    /// Node label key that defines the domain, such as `topology.kubernetes.io/rack`.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-label-key
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub key: String,
}

/// How the children of a composite group are scheduled; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct CompositePodGroupSchedulingPolicy {
    /// Child groups are scheduled independently.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    /// +k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<CompositeBasicSchedulingPolicy>,
    /// Child groups are scheduled all or nothing.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:update=NoSet
    /// +k8s:update=NoUnset
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<CompositeGangSchedulingPolicy>,
}

/// Selects independent scheduling of child groups; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositeBasicSchedulingPolicy {}

/// Parameters of all-or-nothing scheduling of child groups.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositeGangSchedulingPolicy {
    /// Child groups that must fit at once before the whole is admitted; positive.
    ///
    /// +k8s:required
    /// +k8s:minimum=1
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub min_group_count: i32,
}

/// How the children of a composite group may be disrupted; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct CompositeDisruptionMode {
    /// Child groups may be disrupted independently.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<SingleCompositeDisruptionMode>,
    /// Child groups are disrupted only together.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<AllCompositeDisruptionMode>,
}

/// Selects independent disruption of child groups; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SingleCompositeDisruptionMode {}

/// Selects disruption of all child groups together; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllCompositeDisruptionMode {}

/// Placement constraints for a composite pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupSchedulingConstraints {
    /// Topology constraints; currently at most one.
    ///
    /// +k8s:optional
    /// +k8s:maxItems=1
    /// +k8s:listType=atomic
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}
