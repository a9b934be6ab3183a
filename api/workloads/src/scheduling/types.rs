//! The internal (hub) types of `scheduling.k8s.io`: priority classes (v1, v1beta1), workloads, pod groups and composite pod groups (v1alpha3, v1beta1).

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// Maps a class name to the integer priority given to pods that name it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PriorityClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The priority; higher values are more important.
    pub value: i32,
    /// Whether pods without a class get this one; at most one class may set it.
    pub global_default: bool,
    /// Free text on when to use the class.
    pub description: String,
    /// `PreemptLowerPriority` (the default) or `Never`.
    pub preemption_policy: Option<crate::core::PreemptionPolicy>,
}

/// A list of PriorityClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PriorityClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The PriorityClass objects.
    pub items: Option<Vec<PriorityClass>>,
}

/// The scheduling shape of a whole workload, described by pod group templates.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct Workload {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The templates.
    pub spec: WorkloadSpec,
}

/// A list of Workload objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct WorkloadList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The Workload objects.
    pub items: Option<Vec<Workload>>,
}

/// The templates that make up a workload.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WorkloadSpec {
    /// The object that owns the workload, such as a Job; immutable.
    pub controller_ref: Option<TypedLocalObjectReference>,
    /// Pod group templates, at most 8; exclusive with the composite templates.
    pub pod_group_templates: Option<Vec<PodGroupTemplate>>,
    /// Composite pod group templates, at most 8; exclusive with the pod group templates.
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

/// Names an object of a given kind in the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TypedLocalObjectReference {
    /// API group of the object; empty for the core group.
    pub api_group: String,
    /// Kind of the object.
    pub kind: String,
    /// Name of the object.
    pub name: String,
}

/// A template for the pod groups made from a workload.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupTemplate {
    /// Name of the template, a DNS label unique in the workload.
    pub name: String,
    /// Basic or gang scheduling for the group.
    pub scheduling_policy: PodGroupSchedulingPolicy,
    /// Placement constraints such as topology.
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    /// Resource claims the group's pods share; at most 4.
    pub resource_claims: Vec<PodGroupResourceClaim>,
    /// Whether members may be disrupted one at a time or only together.
    pub disruption_mode: Option<DisruptionMode>,
    /// Priority class of groups made from the template.
    pub priority_class_name: String,
    /// Priority of groups made from the template; higher is more important.
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` or `Never`.
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// A template for composite groups, which hold further groups.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositePodGroupTemplate {
    /// Name of the template, a DNS label unique in the workload.
    pub name: String,
    /// Whether child groups are scheduled independently or as a gang.
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    /// Placement constraints such as topology.
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    /// Whether child groups may be disrupted one at a time or only together.
    pub disruption_mode: Option<CompositeDisruptionMode>,
    /// Priority class of groups made from the template.
    pub priority_class_name: String,
    /// Priority of groups made from the template; higher is more important.
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` or `Never`.
    pub preemption_policy: Option<PreemptionPolicy>,
    /// Templates of child pod groups; at most 8.
    pub pod_group_templates: Vec<PodGroupTemplate>,
    /// Templates of child composite groups; at most 8.
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

/// How a pod group is scheduled; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupSchedulingPolicy {
    /// Ordinary pod-by-pod scheduling.
    pub basic: Option<BasicSchedulingPolicy>,
    /// All-or-nothing scheduling of the group.
    pub gang: Option<GangSchedulingPolicy>,
}

/// Selects ordinary pod-by-pod scheduling; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct BasicSchedulingPolicy {}

/// Parameters of all-or-nothing scheduling.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GangSchedulingPolicy {
    /// Pods that must fit at once before the group is admitted; positive and mutable.
    pub min_count: i32,
}

/// A resource claim shared by a pod group, named directly or made from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupResourceClaim {
    /// Name of the entry in the group, a DNS label.
    pub name: String,
    /// An existing ResourceClaim in the namespace; exclusive with the template name.
    pub resource_claim_name: Option<String>,
    /// A ResourceClaimTemplate to make the group's claim from; exclusive with the claim name.
    pub resource_claim_template_name: Option<String>,
}

/// How members of a group may be disrupted; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DisruptionMode {
    /// Members may be disrupted independently.
    pub single: Option<SingleDisruptionMode>,
    /// Members are disrupted only together.
    pub all: Option<AllDisruptionMode>,
}

/// Selects independent disruption of members; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SingleDisruptionMode {}

/// Selects disruption of all members together; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AllDisruptionMode {}

/// Whether a group may preempt pods or groups of lower priority.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    /// May preempt lower-priority pods and groups.
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    /// Never preempts.
    pub const NEVER: &'static str = "Never";
}

/// A live set of pods scheduled together, usually made from a workload template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PodGroup {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The desired state.
    pub spec: PodGroupSpec,
    /// The observed state.
    pub status: PodGroupStatus,
}

/// A list of PodGroup objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PodGroupList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The PodGroup objects.
    pub items: Option<Vec<PodGroup>>,
}

/// The desired state of a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupSpec {
    /// The parent composite group in the namespace; unset for a root group.
    pub parent_composite_pod_group_name: Option<String>,
    /// The workload and template the group was made from; immutable.
    pub workload_ref: Option<WorkloadReference>,
    /// Basic or gang scheduling, copied from the template.
    pub scheduling_policy: PodGroupSchedulingPolicy,
    /// Placement constraints, copied from the template; immutable.
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    /// Resource claims the group's pods share; at most 4.
    pub resource_claims: Vec<PodGroupResourceClaim>,
    /// Whether members may be disrupted one at a time or only together; defaults to single.
    pub disruption_mode: Option<DisruptionMode>,
    /// Priority class of the group.
    pub priority_class_name: String,
    /// Priority of the group, usually filled in from the class; higher is more important.
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` (the default) or `Never`.
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// The observed state of a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupStatus {
    /// Conditions such as `PodGroupInitiallyScheduled` and `DisruptionTarget`.
    pub conditions: Vec<Condition>,
    /// Names of the claims made from templates.
    pub resource_claim_statuses: Vec<PodGroupResourceClaimStatus>,
}

/// The claim generated for one of a pod group's template-based claims.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupResourceClaimStatus {
    /// Matches an entry of the group's `resource_claims`.
    pub name: String,
    /// The generated claim; unset when none was needed.
    pub resource_claim_name: Option<String>,
}

/// Names the workload and the template a group was made from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WorkloadReference {
    /// Name of the Workload.
    pub workload_name: String,
    /// Name of the template in the workload.
    pub template_name: String,
}

/// Placement constraints for a pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodGroupSchedulingConstraints {
    /// Topology constraints; currently at most one.
    pub topology: Vec<TopologyConstraint>,
}

/// Keeps a group inside one topology domain.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TopologyConstraint {
    /// Node label key that defines the domain, such as `topology.kubernetes.io/rack`.
    pub key: String,
}

/// How the children of a composite group are scheduled; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositePodGroupSchedulingPolicy {
    /// Child groups are scheduled independently.
    pub basic: Option<CompositeBasicSchedulingPolicy>,
    /// Child groups are scheduled all or nothing.
    pub gang: Option<CompositeGangSchedulingPolicy>,
}

/// Selects independent scheduling of child groups; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositeBasicSchedulingPolicy {}

/// Parameters of all-or-nothing scheduling of child groups.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositeGangSchedulingPolicy {
    /// Child groups that must fit at once before the whole is admitted; positive.
    pub min_group_count: i32,
}

/// How the children of a composite group may be disrupted; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositeDisruptionMode {
    /// Child groups may be disrupted independently.
    pub single: Option<SingleCompositeDisruptionMode>,
    /// Child groups are disrupted only together.
    pub all: Option<AllCompositeDisruptionMode>,
}

/// Selects independent disruption of child groups; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SingleCompositeDisruptionMode {}

/// Selects disruption of all child groups together; it has no fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AllCompositeDisruptionMode {}

/// Placement constraints for a composite pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositePodGroupSchedulingConstraints {
    /// Topology constraints; currently at most one.
    pub topology: Vec<TopologyConstraint>,
}

/// A live group of pod groups, usually made from a workload's composite template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct CompositePodGroup {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The desired state.
    pub spec: CompositePodGroupSpec,
    /// The observed state.
    pub status: CompositePodGroupStatus,
}

/// A list of CompositePodGroup objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct CompositePodGroupList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The CompositePodGroup objects.
    pub items: Option<Vec<CompositePodGroup>>,
}

/// The desired state of a composite pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositePodGroupSpec {
    /// The parent composite group in the namespace; unset for a root group.
    pub parent_composite_pod_group_name: Option<String>,
    /// The workload and template the group was made from; required and immutable.
    pub workload_ref: Option<WorkloadReference>,
    /// Basic or gang scheduling of the child groups; immutable.
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    /// Placement constraints, copied from the template; immutable.
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    /// Whether child groups may be disrupted one at a time or only together; defaults to single.
    pub disruption_mode: Option<CompositeDisruptionMode>,
    /// Priority class of the group.
    pub priority_class_name: String,
    /// Priority of the group, usually filled in from the class; higher is more important.
    pub priority: Option<i32>,
    /// `PreemptLowerPriority` (the default) or `Never`.
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// The observed state of a composite pod group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CompositePodGroupStatus {
    /// Conditions such as `CompositePodGroupInitiallyScheduled` and `DisruptionTarget`.
    pub conditions: Vec<Condition>,
}
