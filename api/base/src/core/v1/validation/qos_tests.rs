//! Cases of upstream's `TestComputePodQOS` (`pkg/apis/core/helper/qos/qos_test.go`) and the recorded class `GetPodQOS` prefers.

use kapi_machinery::types::Quantity;

use super::{compute_pod_qos, pod_qos};
use crate::core::v1::{Container, Pod, ResourceName};

fn container(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> Container {
    let list = |l: &[(&str, &str)]| {
        l.iter().map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).expect("a test quantity"))).collect()
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

#[test]
fn qos_classes_as_upstream_computes_them() {
    assert_eq!(compute_pod_qos(&pod(vec![container(&[], &[])])), "BestEffort");
    let g = container(&[("cpu", "100m"), ("memory", "100Mi")], &[("cpu", "100m"), ("memory", "100Mi")]);
    assert_eq!(compute_pod_qos(&pod(vec![g.clone()])), "Guaranteed");
    assert_eq!(compute_pod_qos(&pod(vec![g.clone(), g.clone()])), "Guaranteed");
    // Limits of cpu alone, or requests below the limits, are burstable.
    assert_eq!(compute_pod_qos(&pod(vec![container(&[("cpu", "100m")], &[("cpu", "100m")])])), "Burstable");
    let lower = container(&[("cpu", "10m"), ("memory", "100Mi")], &[("cpu", "100m"), ("memory", "100Mi")]);
    assert_eq!(compute_pod_qos(&pod(vec![lower])), "Burstable");
    assert_eq!(compute_pod_qos(&pod(vec![g.clone(), container(&[], &[])])), "Burstable");
    // Other resources do not count; zero quantities do not either.
    assert_eq!(
        compute_pod_qos(&pod(vec![container(&[("nvidia.com/gpu", "1")], &[("nvidia.com/gpu", "1")])])),
        "BestEffort"
    );
    assert_eq!(compute_pod_qos(&pod(vec![container(&[("cpu", "0")], &[])])), "BestEffort");
    // Init containers count.
    let mut with_init = pod(vec![g.clone()]);
    with_init.spec.init_containers = vec![container(&[("memory", "1Gi")], &[])];
    assert_eq!(compute_pod_qos(&with_init), "Burstable");
}

#[test]
fn the_recorded_class_wins() {
    let mut p = pod(vec![container(&[], &[])]);
    assert_eq!(pod_qos(&p), "BestEffort");
    p.status.qos_class.0 = "Guaranteed".into();
    assert_eq!(pod_qos(&p), "Guaranteed");
}
