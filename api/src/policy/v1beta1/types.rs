//! Type definitions of `policy/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDisruptionBudgetSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub min_available: Option<IntOrString>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub unhealthy_pod_eviction_policy: Option<UnhealthyPodEvictionPolicyType>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UnhealthyPodEvictionPolicyType(pub String);

impl UnhealthyPodEvictionPolicyType {
    pub const IF_HEALTHY_BUDGET: &'static str = "IfHealthyBudget";
    pub const ALWAYS_ALLOW: &'static str = "AlwaysAllow";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDisruptionBudgetStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub disrupted_pods: BTreeMap<String, Time>,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub disruptions_allowed: i32,
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub current_healthy: i32,
    #[kapi(proto = 5)]
    #[kapi(optional)]
    pub desired_healthy: i32,
    #[kapi(proto = 6)]
    #[kapi(optional)]
    pub expected_pods: i32,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1beta1")]
pub struct PodDisruptionBudget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodDisruptionBudgetSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodDisruptionBudgetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1beta1")]
pub struct PodDisruptionBudgetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodDisruptionBudget>>,
}

/// +genclient
/// +genclient:noVerbs
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1beta1")]
pub struct Eviction {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub delete_options: Option<DeleteOptions>,
}
