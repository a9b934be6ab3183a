//! The pod strategy's `PrepareForCreate`: a new pod's status is `Pending` with its QoS class, and a `PodScheduled` condition when scheduling gates hold it.

use std::collections::{BTreeMap, BTreeSet};

use kapi_api::core::v1::{
    ConditionStatus, Pod, PodCondition, PodConditionType, PodPhase, PodQOSClass, ResourceRequirements,
};
use kapi_api::features::{self, Feature};
use kapi_machinery::types::Quantity;

/// The resources the QoS class is computed from (`isSupportedQoSComputeResource`).
const QOS_RESOURCES: [&str; 2] = ["cpu", "memory"];

/// What upstream's pod strategy does on create, after the status the client sent is dropped:
/// `phase: Pending`, the QoS class, and the scheduling-gated condition.
pub(crate) fn prepare_for_create(pod: &mut Pod) {
    pod.status.phase.0 = PodPhase::PENDING.into();
    pod.status.qos_class.0 = qos_class(pod).into();
    if !pod.spec.scheduling_gates.is_empty()
        && !pod.status.conditions.iter().any(|c| c.r#type.0 == PodConditionType::POD_SCHEDULED)
    {
        let mut c = PodCondition::default();
        c.r#type.0 = PodConditionType::POD_SCHEDULED.into();
        c.status.0 = ConditionStatus::FALSE.into();
        c.reason = "SchedulingGated".into();
        c.message = "Scheduling is blocked due to non-empty scheduling gates".into();
        pod.status.conditions.push(c);
    }
}

/// Upstream's `ComputePodQOS`: `BestEffort` without cpu or memory requests and limits,
/// `Guaranteed` when every container (or the pod, with pod-level resources) limits both and
/// every request equals its limit, else `Burstable`. Ephemeral containers do not count.
fn qos_class(pod: &Pod) -> &'static str {
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
mod tests {
    use kapi_api::core::v1::{Container, PodSchedulingGate, ResourceName};

    use super::*;

    fn container(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> Container {
        let list = |l: &[(&str, &str)]| {
            l.iter().map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).unwrap())).collect()
        };
        let mut c = Container { name: "c".into(), image: "busybox".into(), ..Default::default() };
        c.resources.requests = list(requests);
        c.resources.limits = list(limits);
        c
    }

    fn pod(containers: Vec<Container>) -> Pod {
        let mut p = Pod::default();
        p.spec.containers = Some(containers);
        p
    }

    /// Cases of upstream's `TestComputePodQOS` (`pkg/apis/core/helper/qos/qos_test.go`).
    #[test]
    fn qos_classes_as_upstream_computes_them() {
        assert_eq!(qos_class(&pod(vec![container(&[], &[])])), "BestEffort");
        let g = container(&[("cpu", "100m"), ("memory", "100Mi")], &[("cpu", "100m"), ("memory", "100Mi")]);
        assert_eq!(qos_class(&pod(vec![g.clone()])), "Guaranteed");
        assert_eq!(qos_class(&pod(vec![g.clone(), g.clone()])), "Guaranteed");
        // Limits of cpu alone, or requests below the limits, are burstable.
        assert_eq!(qos_class(&pod(vec![container(&[("cpu", "100m")], &[("cpu", "100m")])])), "Burstable");
        let lower = container(&[("cpu", "10m"), ("memory", "100Mi")], &[("cpu", "100m"), ("memory", "100Mi")]);
        assert_eq!(qos_class(&pod(vec![lower])), "Burstable");
        assert_eq!(qos_class(&pod(vec![g.clone(), container(&[], &[])])), "Burstable");
        // Other resources do not count; zero quantities do not either.
        assert_eq!(
            qos_class(&pod(vec![container(&[("nvidia.com/gpu", "1")], &[("nvidia.com/gpu", "1")])])),
            "BestEffort"
        );
        assert_eq!(qos_class(&pod(vec![container(&[("cpu", "0")], &[])])), "BestEffort");
        // Init containers count.
        let mut with_init = pod(vec![g.clone()]);
        with_init.spec.init_containers = vec![container(&[("memory", "1Gi")], &[])];
        assert_eq!(qos_class(&with_init), "Burstable");
    }

    #[test]
    fn a_new_pod_is_pending_and_gated_pods_say_why() {
        let mut p = pod(vec![container(&[], &[])]);
        p.spec.scheduling_gates = vec![PodSchedulingGate { name: "example.com/wait".into() }];
        prepare_for_create(&mut p);
        assert_eq!((p.status.phase.0.as_str(), p.status.qos_class.0.as_str()), ("Pending", "BestEffort"));
        let c = &p.status.conditions[0];
        assert_eq!(
            (c.r#type.0.as_str(), c.status.0.as_str(), c.reason.as_str()),
            ("PodScheduled", "False", "SchedulingGated")
        );
        assert_eq!(c.message, "Scheduling is blocked due to non-empty scheduling gates");
    }
}
