//! Cases for pod resizes after the themes of upstream's `TestValidatePodResize` (QoS class kept, requests and limits not removed, cpu and memory alone mutable, static and Windows pods, node support, sidecars) and the v1.36 pod-level, container order and init container rules.

use kapi_machinery::types::Quantity;

use super::super::affinity::tests::{spec, strings};
use crate::core::v1::validation::{compute_pod_qos, validate_pod_resize};
use crate::core::v1::{
    Container, ContainerResizePolicy, ContainerRestartPolicy, ContainerStateRunning, ContainerStatus,
    NodeAllocatableResourceClaimStatus, OSName, Pod, PodOS, ResourceName, ResourceRequirements,
    ResourceResizeRestartPolicy,
};
use crate::features::{self, Feature, FeatureGates};

/// A resource list from `(name, quantity)` pairs.
fn list(items: &[(&str, &str)]) -> std::collections::BTreeMap<ResourceName, Quantity> {
    items.iter().map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).expect("a test quantity"))).collect()
}

fn resources(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> ResourceRequirements {
    ResourceRequirements { requests: list(requests), limits: list(limits), claims: Vec::new() }
}

/// A running pod of one container `ctr` with these resources, its QoS class recorded as the
/// create strategy records it.
fn pod(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = "p".into();
    p.spec = spec();
    p.spec.containers.as_mut().expect("the test spec has containers")[0].resources = resources(requests, limits);
    p.status.qos_class.0 = compute_pod_qos(&p).into();
    p
}

fn ctr(p: &mut Pod) -> &mut Container {
    &mut p.spec.containers.as_mut().expect("the test spec has containers")[0]
}

/// The old pod resized by `edit`, as the subresource hands it over (the stored status kept).
fn resized(old: &Pod, edit: impl FnOnce(&mut Pod)) -> Pod {
    let mut new = old.clone();
    edit(&mut new);
    new
}

#[track_caller]
fn check(new: &Pod, old: &Pod, want: &[&str]) {
    assert_eq!(strings(&validate_pod_resize(new, old)), want);
}

/// Requests and limits, as `(name, quantity)` pairs.
type Resources = (&'static [(&'static str, &'static str)], &'static [(&'static str, &'static str)]);

const GUARANTEED: Resources = (&[("cpu", "100m"), ("memory", "100Mi")], &[("cpu", "100m"), ("memory", "100Mi")]);
const BURSTABLE: Resources = (&[("cpu", "100m"), ("memory", "100Mi")], &[("cpu", "200m"), ("memory", "200Mi")]);

#[test]
fn cpu_and_memory_may_change_within_the_qos_class() {
    let old = pod(GUARANTEED.0, GUARANTEED.1);
    let both = resources(&[("cpu", "200m"), ("memory", "200Mi")], &[("cpu", "200m"), ("memory", "200Mi")]);
    check(&resized(&old, |p| ctr(p).resources = both), &old, &[]);
    // Memory limits may go down without a restart since v1.34.
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    let lower = resources(BURSTABLE.0, &[("cpu", "200m"), ("memory", "150Mi")]);
    check(&resized(&old, |p| ctr(p).resources = lower), &old, &[]);
    // Adding a request or a limit keeps a burstable pod burstable.
    let old = pod(&[("cpu", "100m")], &[]);
    let added = resources(&[("cpu", "100m"), ("memory", "1Gi")], &[("memory", "2Gi")]);
    check(&resized(&old, |p| ctr(p).resources = added), &old, &[]);
    // Nothing changed is a valid resize too.
    check(&old.clone(), &old, &[]);
}

#[test]
fn the_qos_class_may_not_change() {
    let old = pod(GUARANTEED.0, GUARANTEED.1);
    let burstable = resources(&[("cpu", "100m"), ("memory", "100Mi")], &[("cpu", "200m"), ("memory", "100Mi")]);
    // The value is the new pod's recorded class, which a resize keeps as stored.
    check(
        &resized(&old, |p| ctr(p).resources = burstable),
        &old,
        &["spec: Invalid value: \"Guaranteed\": Pod QOS Class may not change as a result of resizing"],
    );
    let old = pod(&[], &[]);
    check(
        &resized(&old, |p| ctr(p).resources = resources(&[("cpu", "100m")], &[])),
        &old,
        &["spec: Invalid value: \"BestEffort\": Pod QOS Class may not change as a result of resizing"],
    );
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    check(
        &resized(&old, |p| ctr(p).resources = resources(GUARANTEED.0, GUARANTEED.1)),
        &old,
        &["spec: Invalid value: \"Burstable\": Pod QOS Class may not change as a result of resizing"],
    );
}

#[test]
fn requests_and_limits_may_not_be_removed() {
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    let fewer = resources(&[("cpu", "100m")], &[("memory", "200Mi")]);
    check(
        &resized(&old, |p| ctr(p).resources = fewer),
        &old,
        &[
            "spec.containers[0].resources.requests: Forbidden: resource requests cannot be removed",
            "spec.containers[0].resources.limits: Forbidden: resource limits cannot be removed",
        ],
    );
}

#[test]
fn only_cpu_and_memory_are_mutable() {
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    let storage = resources(&[("cpu", "100m"), ("memory", "100Mi"), ("ephemeral-storage", "1Gi")], BURSTABLE.1);
    check(
        &resized(&old, |p| ctr(p).resources = storage),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable"],
    );
    // A container without resources may not gain other ones either (upstream's fix #135084).
    let old = pod(&[], &[]);
    check(
        &resized(&old, |p| ctr(p).resources = resources(&[], &[("ephemeral-storage", "1Gi")])),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable"],
    );
    // The resize policy is no longer mutable, nor is anything else of a container.
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    let policy = ContainerResizePolicy {
        resource_name: ResourceName("memory".into()),
        restart_policy: ResourceResizeRestartPolicy("RestartContainer".into()),
    };
    check(
        &resized(&old, |p| ctr(p).resize_policy = vec![policy]),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable"],
    );
    check(
        &resized(&old, |p| ctr(p).image = "other".into()),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable"],
    );
    // Other spec fields are caught by the last comparison, once nothing else failed.
    check(
        &resized(&old, |p| p.spec.active_deadline_seconds = Some(10)),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable"],
    );
}

#[test]
fn static_and_windows_pods_refuse_any_resize() {
    let mut old = pod(BURSTABLE.0, BURSTABLE.1);
    old.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
    old.spec.node_name = "node".into();
    // The refusal is the only error, even with a removed request beside it.
    let errs = validate_pod_resize(&resized(&old, |p| ctr(p).resources = resources(&[], BURSTABLE.1)), &old);
    assert_eq!(
        (errs.len(), errs[0].field.as_str(), errs[0].detail.as_str()),
        (1, "[]", "static pods cannot be resized")
    );
    let mut old = pod(BURSTABLE.0, BURSTABLE.1);
    old.spec.os = Some(PodOS { name: OSName("windows".into()) });
    let errs = validate_pod_resize(&old.clone(), &old);
    assert_eq!((errs.len(), errs[0].detail.as_str()), (1, "windows pods cannot be resized"));
}

#[test]
fn a_running_container_must_report_its_resources() {
    let mut old = pod(BURSTABLE.0, BURSTABLE.1);
    let mut status = ContainerStatus { name: "ctr".into(), ..Default::default() };
    status.state.running = Some(ContainerStateRunning::default());
    old.status.container_statuses = vec![status];
    check(&old.clone(), &old, &["spec: Forbidden: Pod running on node without support for resize"]);
    old.status.container_statuses[0].resources = Some(resources(BURSTABLE.0, BURSTABLE.1));
    check(&old.clone(), &old, &[]);
}

#[test]
fn containers_keep_their_names_and_order() {
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    let renamed = resized(&old, |p| ctr(p).name = "other".into());
    check(
        &renamed,
        &old,
        &["spec.containers[0].name: Forbidden: containers may not be renamed or reordered on resize"],
    );
    let added = resized(&old, |p| {
        let mut c = ctr(p).clone();
        c.name = "second".into();
        p.spec.containers.as_mut().expect("the test spec has containers").push(c);
    });
    check(&added, &old, &["spec.containers: Forbidden: containers may not be added or removed on resize"]);
}

#[test]
fn pod_level_resources_resize_in_cpu_and_memory() {
    // The container's request keeps the pod burstable without its pod-level resources.
    let mut old = pod(&[("cpu", "50m")], &[]);
    old.spec.resources = Some(Box::new(resources(&[("cpu", "100m"), ("memory", "1Gi")], &[("cpu", "200m")])));
    old.status.qos_class.0 = compute_pod_qos(&old).into();
    let more = resources(&[("cpu", "150m"), ("memory", "2Gi")], &[("cpu", "300m")]);
    check(&resized(&old, |p| p.spec.resources = Some(Box::new(more))), &old, &[]);
    check(
        &resized(&old, |p| p.spec.resources = None),
        &old,
        &["spec.resources: Forbidden: pod-level resources cannot be removed"],
    );
    check(
        &resized(&old, |p| p.spec.resources = Some(Box::new(resources(&[("cpu", "100m")], &[("cpu", "200m")])))),
        &old,
        &["spec.resources.requests: Forbidden: pod-level resource requests cannot be removed"],
    );
    let huge = resources(
        &[("cpu", "100m"), ("memory", "1Gi"), ("hugepages-2Mi", "2Mi")],
        &[("cpu", "200m"), ("hugepages-2Mi", "2Mi")],
    );
    check(
        &resized(&old, |p| p.spec.resources = Some(Box::new(huge))),
        &old,
        &["spec: Forbidden: only cpu and memory resources are mutable at pod-level"],
    );
    // Without pod-level resize, such a pod may not be resized at all.
    let off = FeatureGates::default().with(Feature::InPlacePodLevelResourcesVerticalScaling, false);
    let errs = features::with_gates(off, || validate_pod_resize(&old.clone(), &old));
    assert_eq!(strings(&errs), ["[]: Forbidden: pods with pod-level resources cannot be resized"]);
}

/// The old pod with an init container `init` (a sidecar when `sidecar`) of these resources.
fn with_init(sidecar: bool) -> Pod {
    let mut p = pod(BURSTABLE.0, BURSTABLE.1);
    let mut init = p.spec.containers.as_ref().expect("the test spec has containers")[0].clone();
    init.name = "init".into();
    if sidecar {
        init.restart_policy = Some(ContainerRestartPolicy("Always".into()));
    }
    p.spec.init_containers = vec![init];
    p
}

#[test]
fn init_containers_resize_as_regular_ones() {
    let more = resources(&[("cpu", "150m"), ("memory", "100Mi")], BURSTABLE.1);
    for sidecar in [true, false] {
        let old = with_init(sidecar);
        check(&resized(&old, |p| p.spec.init_containers[0].resources = more.clone()), &old, &[]);
        check(
            &resized(&old, |p| p.spec.init_containers[0].resources = resources(&[("cpu", "100m")], BURSTABLE.1)),
            &old,
            &["spec.initContainers[0].resources.requests: Forbidden: resource requests cannot be removed"],
        );
        check(
            &resized(&old, |p| p.spec.init_containers[0].image = "other".into()),
            &old,
            &[
                "spec.initContainers[0]: Forbidden: only cpu and memory resources for init or sidecar containers are mutable",
            ],
        );
    }
    // Without non-sidecar init container resize, only sidecars change.
    let off = FeatureGates::default().with(Feature::InPlacePodVerticalScalingInitContainers, false);
    let old = with_init(false);
    let errs = features::with_gates(off, || {
        validate_pod_resize(&resized(&old, |p| p.spec.init_containers[0].resources = more.clone()), &old)
    });
    assert_eq!(strings(&errs), ["spec: Forbidden: resources for non-sidecar init containers are immutable"]);
    let old = with_init(true);
    let errs = features::with_gates(off, || {
        validate_pod_resize(&resized(&old, |p| p.spec.init_containers[0].resources = more.clone()), &old)
    });
    assert_eq!(strings(&errs), Vec::<String>::new());
}

#[test]
fn node_allocatable_claims_refuse_a_resize() {
    let mut old = pod(BURSTABLE.0, BURSTABLE.1);
    old.status.node_allocatable_resource_claim_statuses = vec![NodeAllocatableResourceClaimStatus::default()];
    check(&old.clone(), &old, &["spec: Forbidden: pods with node allocatable resource claims cannot be resized"]);
}

#[test]
fn spec_errors_come_first_and_skip_the_last_comparison() {
    let old = pod(BURSTABLE.0, BURSTABLE.1);
    // A request above its limit fails the spec; the changed deadline is then not reported.
    let over = resources(&[("cpu", "300m"), ("memory", "100Mi")], BURSTABLE.1);
    let errs = validate_pod_resize(
        &resized(&old, |p| {
            ctr(p).resources = over;
            p.spec.active_deadline_seconds = Some(10);
        }),
        &old,
    );
    assert_eq!(errs.len(), 1, "{:?}", strings(&errs));
    assert_eq!(errs[0].field, "spec.containers[0].resources.requests");
}
