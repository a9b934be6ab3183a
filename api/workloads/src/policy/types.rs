//! The internal (hub) types of `policy`, which v1 and v1beta1 convert to and from, and the selectors that carry v1beta1's empty-selector meaning.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta};

/// The pods a disruption budget covers and how many must stay up.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodDisruptionBudgetSpec {
    /// Pods (count or percentage) that must still be available after an eviction; `100%` blocks all evictions.
    pub min_available: Option<IntOrString>,
    /// The pods covered; a null selector covers none and an empty one covers the whole namespace.
    pub selector: Option<LabelSelector>,
    /// Pods (count or percentage) that may be unavailable after an eviction; 0 blocks all; excludes `min_available`.
    pub max_unavailable: Option<IntOrString>,
    /// When running but not yet ready pods may be evicted; `IfHealthyBudget` when unset.
    pub unhealthy_pod_eviction_policy: Option<UnhealthyPodEvictionPolicyType>,
}

/// When running pods that are not yet healthy may be evicted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UnhealthyPodEvictionPolicyType(pub String);

impl UnhealthyPodEvictionPolicyType {
    /// Unready running pods may be evicted only while the application has its desired healthy count.
    pub const IF_HEALTHY_BUDGET: &'static str = "IfHealthyBudget";
    /// Unready running pods may always be evicted.
    pub const ALWAYS_ALLOW: &'static str = "AlwaysAllow";
}

/// The observed state of a disruption budget; may lag behind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodDisruptionBudgetStatus {
    /// The budget generation this status reflects; the rest is valid only when it matches.
    pub observed_generation: i64,
    /// Pods whose eviction was accepted but not yet seen by the controller, by name, with the time of acceptance.
    pub disrupted_pods: BTreeMap<String, Time>,
    /// How many more pods may be disrupted now.
    pub disruptions_allowed: i32,
    /// Number of covered pods that are healthy.
    pub current_healthy: i32,
    /// Least number of covered pods that must be healthy.
    pub desired_healthy: i32,
    /// Number of pods the budget counts.
    pub expected_pods: i32,
    /// The latest observations, including `DisruptionAllowed` set by the disruption controller.
    pub conditions: Vec<Condition>,
}

/// Caps how many of a set of pods voluntary disruptions such as evictions may take down at once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", internal)]
pub struct PodDisruptionBudget {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods covered and the limit.
    pub spec: PodDisruptionBudgetSpec,
    /// The state last observed.
    pub status: PodDisruptionBudgetStatus,
}

/// A list of pod disruption budgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", internal)]
pub struct PodDisruptionBudgetList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The pod disruption budgets.
    pub items: Option<Vec<PodDisruptionBudget>>,
}

/// A request, posted to a pod's eviction subresource, to remove the pod within disruption budgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "policy", internal)]
pub struct Eviction {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Names the pod to evict.
    pub metadata: ObjectMeta,
    /// Options for deleting the pod.
    pub delete_options: Option<DeleteOptions>,
}

/// The label key of the selectors that keep v1beta1's meaning of an empty selector (no pods) apart
/// from v1's (every pod); no pod carries it.
pub const PDB_V1BETA1_LABEL: &str = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";

fn pdb_v1beta1_requirement(operator: &str) -> LabelSelector {
    LabelSelector {
        match_expressions: vec![crate::meta::v1::LabelSelectorRequirement {
            key: PDB_V1BETA1_LABEL.to_owned(),
            operator: crate::meta::v1::LabelSelectorOperator::from(operator),
            values: Vec::new(),
        }],
        ..Default::default()
    }
}

/// Matches every pod, internally and in v1: the empty selector.
pub fn non_v1beta1_match_all_selector() -> LabelSelector {
    LabelSelector::default()
}

/// Matches no pod, internally and in v1: v1beta1's empty selector, turned into one that requires
/// [`PDB_V1BETA1_LABEL`].
pub fn non_v1beta1_match_none_selector() -> LabelSelector {
    pdb_v1beta1_requirement(crate::meta::v1::LabelSelectorOperator::EXISTS)
}

/// Matches no pod in v1beta1: the empty selector.
pub fn v1beta1_match_none_selector() -> LabelSelector {
    LabelSelector::default()
}

/// Matches every pod in v1beta1: one that requires [`PDB_V1BETA1_LABEL`] to be absent.
pub fn v1beta1_match_all_selector() -> LabelSelector {
    pdb_v1beta1_requirement(crate::meta::v1::LabelSelectorOperator::DOES_NOT_EXIST)
}

/// Removes the requirements on [`PDB_V1BETA1_LABEL`], so the marker label never mixes with what a
/// user selects.
pub fn strip_pdb_v1beta1_label(selector: Option<&mut LabelSelector>) {
    if let Some(s) = selector {
        s.match_expressions.retain(|e| e.key != PDB_V1BETA1_LABEL);
    }
}
