//! Type definitions of `scheduling.k8s.io/v1alpha3`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct Workload {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: WorkloadSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct WorkloadList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Workload>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub controller_ref: Option<TypedLocalObjectReference>,
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub pod_group_templates: Option<Vec<PodGroupTemplate>>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TypedLocalObjectReference {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_group: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupTemplate {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<DisruptionMode>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupTemplate {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub disruption_mode: Option<CompositeDisruptionMode>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub pod_group_templates: Vec<PodGroupTemplate>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PodGroupSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<BasicSchedulingPolicy>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<GangSchedulingPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BasicSchedulingPolicy {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GangSchedulingPolicy {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub min_count: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupResourceClaim {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct DisruptionMode {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<SingleDisruptionMode>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<AllDisruptionMode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SingleDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    pub const NEVER: &'static str = "Never";
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct PodGroup {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: PodGroupSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodGroupStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct PodGroupList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodGroup>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub parent_composite_pod_group_name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub workload_ref: Option<WorkloadReference>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    #[kapi(proto = 6, omitempty, default = "{\"single\": {}}")]
    #[kapi(optional)]
    pub disruption_mode: Option<DisruptionMode>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
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

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupResourceClaimStatus {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadReference {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub workload_name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub template_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodGroupSchedulingConstraints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologyConstraint {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub key: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct WorkloadPodGroupSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<WorkloadPodGroupBasicSchedulingPolicy>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<WorkloadPodGroupGangSchedulingPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupBasicSchedulingPolicy {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupGangSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub min_count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupSchedulingConstraints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupResourceClaim {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct WorkloadPodGroupDisruptionMode {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<WorkloadPodGroupSingleDisruptionMode>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<WorkloadPodGroupAllDisruptionMode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupSingleDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadPodGroupAllDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct WorkloadCompositePodGroupSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<WorkloadCompositePodGroupBasicSchedulingPolicy>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<WorkloadCompositePodGroupGangSchedulingPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadCompositePodGroupBasicSchedulingPolicy {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadCompositePodGroupGangSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub min_group_count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadCompositePodGroupSchedulingConstraints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct WorkloadCompositePodGroupDisruptionMode {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<WorkloadCompositePodGroupSingleDisruptionMode>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<WorkloadCompositePodGroupAllDisruptionMode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadCompositePodGroupSingleDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WorkloadCompositePodGroupAllDisruptionMode {}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct CompositePodGroup {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: CompositePodGroupSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CompositePodGroupStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1alpha3")]
pub struct CompositePodGroupList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CompositePodGroup>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub parent_composite_pod_group_name: Option<String>,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub workload_ref: Option<WorkloadReference>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    #[kapi(proto = 5, omitempty, default = "{\"single\": {}}")]
    #[kapi(optional)]
    pub disruption_mode: Option<CompositeDisruptionMode>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct CompositePodGroupSchedulingPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub basic: Option<CompositeBasicSchedulingPolicy>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gang: Option<CompositeGangSchedulingPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositeBasicSchedulingPolicy {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositeGangSchedulingPolicy {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub min_group_count: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct CompositeDisruptionMode {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub single: Option<SingleCompositeDisruptionMode>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub all: Option<AllCompositeDisruptionMode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SingleCompositeDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllCompositeDisruptionMode {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CompositePodGroupSchedulingConstraints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}
