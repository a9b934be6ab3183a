//! Type definitions of `policy/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta};

/// The pods a disruption budget covers and how many must stay up.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDisruptionBudgetSpec {
    /// Pods (count or percentage) that must still be available after an eviction; `100%` blocks all evictions.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub min_available: Option<IntOrString>,
    /// The pods covered; a null selector covers none and an empty one covers the whole namespace.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, patch_strategy = "replace")]
    pub selector: Option<LabelSelector>,
    /// Pods (count or percentage) that may be unavailable after an eviction; 0 blocks all; excludes `min_available`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub max_unavailable: Option<IntOrString>,
    /// When running but not yet ready pods may be evicted; `IfHealthyBudget` when unset.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub unhealthy_pod_eviction_policy: Option<UnhealthyPodEvictionPolicyType>,
}

/// When running pods that are not yet healthy may be evicted.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UnhealthyPodEvictionPolicyType(pub String);

impl UnhealthyPodEvictionPolicyType {
    /// Unready running pods may be evicted only while the application has its desired healthy count.
    pub const IF_HEALTHY_BUDGET: &'static str = "IfHealthyBudget";
    /// Unready running pods may always be evicted.
    pub const ALWAYS_ALLOW: &'static str = "AlwaysAllow";
}

/// The observed state of a disruption budget; may lag behind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDisruptionBudgetStatus {
    /// The budget generation this status reflects; the rest is valid only when it matches.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Pods whose eviction was accepted but not yet seen by the controller, by name, with the time of acceptance.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub disrupted_pods: BTreeMap<String, Time>,
    /// How many more pods may be disrupted now.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub disruptions_allowed: i32,
    /// Number of covered pods that are healthy.
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub current_healthy: i32,
    /// Least number of covered pods that must be healthy.
    #[kapi(proto = 5)]
    #[kapi(optional)]
    pub desired_healthy: i32,
    /// Number of pods the budget counts.
    #[kapi(proto = 6)]
    #[kapi(optional)]
    pub expected_pods: i32,
    /// The latest observations, including `DisruptionAllowed` set by the disruption controller.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// Caps how many of a set of pods voluntary disruptions such as evictions may take down at once.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
/// +shortNames=pdb
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1")]
pub struct PodDisruptionBudget {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods covered and the limit.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodDisruptionBudgetSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodDisruptionBudgetStatus,
}

/// A list of pod disruption budgets.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1")]
pub struct PodDisruptionBudgetList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The pod disruption budgets.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodDisruptionBudget>>,
}

/// A request, posted to a pod's eviction subresource, to remove the pod within disruption budgets.
///
/// +genclient
/// +genclient:noVerbs
/// +k8s:prerelease-lifecycle-gen:introduced=1.22
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", version = "v1")]
pub struct Eviction {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Names the pod to evict.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Options for deleting the pod.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub delete_options: Option<DeleteOptions>,
}
