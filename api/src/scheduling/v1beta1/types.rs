//! Type definitions of `scheduling.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PriorityClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub value: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub global_default: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<crate::core::v1::PreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
pub struct PriorityClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityClass>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
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
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
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
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
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
#[kapi(kind, group = "scheduling.k8s.io", version = "v1beta1")]
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
pub struct CompositePodGroupSchedulingConstraints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub topology: Vec<TopologyConstraint>,
}
