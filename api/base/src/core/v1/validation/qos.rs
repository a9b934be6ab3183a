//! A pod's QoS class as upstream's `ComputePodQOS` and `GetPodQOS` (`pkg/apis/core/helper/qos`) give it, for the server's create strategy and the resize rule that the class may not change.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::types::Quantity;

use crate::core::v1::{Pod, PodQOSClass, ResourceRequirements};
use crate::features::{self, Feature};

/// The resources the QoS class is computed from (`isSupportedQoSComputeResource`).
const QOS_RESOURCES: [&str; 2] = ["cpu", "memory"];

/// Upstream's `ComputePodQOS`: `BestEffort` without cpu or memory requests and limits,
/// `Guaranteed` when every container (or the pod, with pod-level resources) limits both and
/// every request equals its limit, else `Burstable`. Ephemeral containers do not count.
pub fn compute_pod_qos(pod: &Pod) -> &'static str {
    let mut totals = Totals::default();
    match &pod.spec.resources {
        Some(r) if features::enabled(Feature::PodLevelResources) => {
            totals.add_requests(r);
            // Pod-level limits decide only when there are some.
            if !r.limits.is_empty() {
                totals.add_limits(r);
            }
        }
        _ => {
            for c in pod.spec.containers.iter().flatten().chain(pod.spec.init_containers.iter()) {
                totals.add_requests(&c.resources);
                totals.add_limits(&c.resources);
            }
        }
    }
    let Totals { requests, limits, guaranteed } = totals;
    if requests.is_empty() && limits.is_empty() {
        return PodQOSClass::BEST_EFFORT;
    }
    if guaranteed && requests.iter().all(|(name, req)| limits.get(name) == Some(req)) && requests.len() == limits.len()
    {
        return PodQOSClass::GUARANTEED;
    }
    PodQOSClass::BURSTABLE
}

/// Upstream's `GetPodQOS`: the class the pod's status records (set on create and immutable
/// since), computed only when the status has none.
pub fn pod_qos(pod: &Pod) -> &str {
    match pod.status.qos_class.0.as_str() {
        "" => compute_pod_qos(pod),
        recorded => recorded,
    }
}

/// The cpu and memory requested and limited, and whether every set of limits had both.
struct Totals {
    requests: BTreeMap<&'static str, Quantity>,
    limits: BTreeMap<&'static str, Quantity>,
    guaranteed: bool,
}

impl Default for Totals {
    fn default() -> Self {
        Totals { requests: BTreeMap::new(), limits: BTreeMap::new(), guaranteed: true }
    }
}

impl Totals {
    fn add_requests(&mut self, r: &ResourceRequirements) {
        for (name, q) in &r.requests {
            sum(&mut self.requests, &name.0, q);
        }
    }

    fn add_limits(&mut self, r: &ResourceRequirements) {
        let mut found = BTreeSet::new();
        for (name, q) in &r.limits {
            if let Some(name) = sum(&mut self.limits, &name.0, q) {
                found.insert(name);
            }
        }
        if found.len() < QOS_RESOURCES.len() {
            self.guaranteed = false;
        }
    }
}

/// Adds a positive cpu or memory quantity to its total; the resource when it counted.
fn sum(totals: &mut BTreeMap<&'static str, Quantity>, name: &str, q: &Quantity) -> Option<&'static str> {
    let name = QOS_RESOURCES.into_iter().find(|r| *r == name)?;
    if q.sign() <= 0 {
        return None;
    }
    totals.entry(name).and_modify(|t| t.add(q)).or_insert_with(|| q.clone());
    Some(name)
}

#[cfg(test)]
#[path = "qos_tests.rs"]
mod tests;
