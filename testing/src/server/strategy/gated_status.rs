//! Upstream's drops of a pod status's gated fields whose rule a `+featureGate=` marker cannot say (`dropDisabledPodStatusFields`), run on every pod write: a create or update of the pod and its `status`, `ephemeralcontainers` and `resize` subresources, each of whose strategies calls `DropDisabledPodFields`.
//!
//! The marker rule keeps a gate's fields when the stored object uses the gate anywhere. These
//! differ from it:
//!
//! - `ResourceHealthStatus`: every container status's `allocatedResourcesStatus` is cleared
//!   while the gate is off, whatever the stored pod holds;
//! - `InPlacePodVerticalScaling`: every container status's `resources` and
//!   `allocatedResources` are cleared while the gate is off, unless the stored pod's containers
//!   or init containers set a `resizePolicy` (the spec, not the status, keeps them).
//!
//! An update of the pod itself carries the stored status (the tracker puts it back), so with
//! `ResourceHealthStatus` off any write of a pod clears the stored health, as upstream's.

use kapi_api::core::v1::{ContainerStatus, Pod, PodSpec, PodStatus};
use kapi_api::features::Feature;
use kapi_machinery::Object;

/// The gate of a container status's `allocatedResourcesStatus` (beta and on in 1.36).
const RESOURCE_HEALTH_STATUS: &str = Feature::ResourceHealthStatus.name();
/// The gate of a container status's `resources` and `allocatedResources` (on in 1.36).
const IN_PLACE_POD_VERTICAL_SCALING: &str = Feature::InPlacePodVerticalScaling.name();

/// Drops the hand-ruled gated fields of a pod's status whose gates `enabled` says are off;
/// `old` is the stored pod on update. An object that is not a typed pod is left alone (pods
/// are served in `core/v1` only).
pub(crate) fn drop_disabled(obj: &mut dyn Object, old: Option<&dyn Object>, enabled: &dyn Fn(&str) -> bool) {
    let Some(pod) = obj.as_any_mut().downcast_mut::<Pod>() else { return };
    let old = old.and_then(|o| o.as_any().downcast_ref::<Pod>());
    if !enabled(RESOURCE_HEALTH_STATUS) {
        drop_resource_health(&mut pod.status);
    }
    if !enabled(IN_PLACE_POD_VERTICAL_SCALING) && !old.is_some_and(|o| resize_policy_in_use(&o.spec)) {
        drop_container_resources(&mut pod.status);
    }
}

/// Every container status of a pod's status: init, regular and ephemeral.
fn statuses_mut(status: &mut PodStatus) -> impl Iterator<Item = &mut ContainerStatus> {
    status
        .init_container_statuses
        .iter_mut()
        .chain(status.container_statuses.iter_mut())
        .chain(status.ephemeral_container_statuses.iter_mut())
}

/// `ResourceHealthStatus` off: no container status keeps `allocatedResourcesStatus`.
fn drop_resource_health(status: &mut PodStatus) {
    for s in statuses_mut(status) {
        s.allocated_resources_status.clear();
    }
}

/// `InPlacePodVerticalScaling` off and not in use: no container status keeps `resources` or
/// `allocatedResources`.
fn drop_container_resources(status: &mut PodStatus) {
    for s in statuses_mut(status) {
        s.resources = None;
        s.allocated_resources.clear();
    }
}

/// Whether a container or init container of the spec sets a `resizePolicy` (upstream's
/// `inPlacePodVerticalScalingInUse`, which leaves ephemeral containers out).
fn resize_policy_in_use(spec: &PodSpec) -> bool {
    spec.init_containers.iter().chain(spec.containers.iter().flatten()).any(|c| !c.resize_policy.is_empty())
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{
        Container, ContainerResizePolicy, ResourceHealth, ResourceID, ResourceRequirements, ResourceStatus,
    };

    use super::*;

    fn health() -> Vec<ResourceStatus> {
        vec![ResourceStatus {
            name: kapi_api::core::v1::ResourceName("claim:c/r".into()),
            resources: vec![ResourceHealth { resource_id: ResourceID("dev-0".into()), ..Default::default() }],
        }]
    }

    fn status(s: ContainerStatus) -> PodStatus {
        PodStatus {
            init_container_statuses: vec![s.clone()],
            container_statuses: vec![s.clone()],
            ephemeral_container_statuses: vec![s],
            ..Default::default()
        }
    }

    fn pod_with(s: ContainerStatus) -> Pod {
        Pod { status: status(s), ..Default::default() }
    }

    fn off(gate: &'static str) -> impl Fn(&str) -> bool {
        move |g| g != gate
    }

    #[test]
    fn resource_health_goes_from_every_status_while_off_even_when_stored() {
        let with = ContainerStatus { allocated_resources_status: health(), ..Default::default() };
        let stored = pod_with(with.clone());
        let mut pod = pod_with(with.clone());
        drop_disabled(&mut pod, Some(&stored), &off(RESOURCE_HEALTH_STATUS));
        assert_eq!(pod.status, status(ContainerStatus::default()));
        let mut pod = pod_with(with.clone());
        drop_disabled(&mut pod, None, &|_| true);
        assert_eq!(pod.status, status(with));
    }

    #[test]
    fn container_resources_go_unless_the_stored_spec_sets_a_resize_policy() {
        let with = ContainerStatus {
            resources: Some(ResourceRequirements::default()),
            allocated_resources: [(kapi_api::core::v1::ResourceName("cpu".into()), "1".parse().expect("a quantity"))]
                .into(),
            ..Default::default()
        };
        // The stored status holding them does not keep them: upstream asks the spec.
        let stored = pod_with(with.clone());
        let mut pod = pod_with(with.clone());
        drop_disabled(&mut pod, Some(&stored), &off(IN_PLACE_POD_VERTICAL_SCALING));
        assert_eq!(pod.status, status(ContainerStatus::default()));
        let mut stored = Pod::default();
        stored.spec.containers =
            Some(vec![Container { resize_policy: vec![ContainerResizePolicy::default()], ..Default::default() }]);
        let mut pod = pod_with(with.clone());
        drop_disabled(&mut pod, Some(&stored), &off(IN_PLACE_POD_VERTICAL_SCALING));
        assert_eq!(pod.status, status(with));
    }
}
