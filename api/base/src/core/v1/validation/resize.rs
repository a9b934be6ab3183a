//! Writes to a pod's `resize` subresource, as upstream's `ValidatePodResize` (v1.36) checks them after the pod's spec: only cpu and memory of the containers (and of the pod itself) may change, nothing may be removed, and the QoS class stays.
//!
//! Checked rule by rule against `pkg/apis/core/validation/validation.go` of a post-1.36
//! development tree (the fork `AIAgentSandox/kubernetes`, commit `64149d12`, whose API types
//! already drop v1.36's `PodStatusResult`); none of its resize rules (pod-level resize, container
//! order, init containers, node allocatable claims) was found to be newer than v1.36, so they are
//! taken as v1.36's (`docs/test-server.md` says more). That tree's `TestValidatePodResize` cases
//! are pinned in `resize_tests.rs`.

use std::collections::BTreeMap;

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::ephemeral::MIRROR_POD_ANNOTATION;
use super::qos::{compute_pod_qos, pod_qos};
use crate::core::v1::{
    Container, ContainerRestartPolicy, OSName, Pod, PodSpec, ResourceName, ResourceRequirements,
    ResourceResizeRestartPolicy,
};
use crate::features::{self, Feature};

/// The resources a resize may change.
const RESIZABLE: [&str; 2] = ["cpu", "memory"];
const ONLY_CPU_MEMORY: &str = "only cpu and memory resources are mutable";

/// Upstream's `ValidatePodResize` after `validatePodMetadataAndSpec`, whose errors come in as
/// `errs`: a refusal of the whole pod (a static pod's mirror, a Windows pod) is the only error;
/// otherwise the QoS class, the node's support, then pod-level resources (with their resize off,
/// a refusal that ends the checks with the errors so far), node allocatable claims, the
/// per-container changes, and last, when nothing else failed, that the spec differs from the
/// stored one in cpu and memory alone.
pub(super) fn pod_resize(new: &Pod, old: &Pod, mut errs: ErrorList) -> ErrorList {
    if old.metadata.annotations.contains_key(MIRROR_POD_ANNOTATION) {
        return vec![FieldError::forbidden(super::whole_object(), "static pods cannot be resized")];
    }
    if old.spec.os.as_ref().is_some_and(|os| os.name.0 == OSName::WINDOWS) {
        return vec![FieldError::forbidden(super::whole_object(), "windows pods cannot be resized")];
    }

    let spec = Path::new("spec");
    // The stored class, not the one the old spec gives: it was fixed when the pod was created.
    if pod_qos(old) != compute_pod_qos(new) {
        errs.push(FieldError::invalid(
            &spec,
            &new.status.qos_class.0,
            "Pod QOS Class may not change as a result of resizing",
        ));
    }
    if !node_supports_resize(old) {
        errs.push(FieldError::forbidden(&spec, "Pod running on node without support for resize"));
    }
    let mut munged = new.spec.clone();
    if pod_level_set(&old.spec) || pod_level_set(&new.spec) {
        if !features::enabled(Feature::InPlacePodLevelResourcesVerticalScaling) {
            // Upstream names the gate with its options field's name.
            errs.push(FieldError::forbidden(
                super::whole_object(),
                "resize of pods with pod-level resources is forbidden when InPlacePodLevelResourcesVerticalScalingEnabled feature gate is disabled",
            ));
            return errs;
        }
        errs.extend(pod_level_changes(&new.spec, &old.spec, &mut munged));
    }
    if !old.status.node_allocatable_resource_claim_statuses.is_empty() {
        errs.push(FieldError::forbidden(&spec, "pods with node allocatable resource claims cannot be resized"));
    }

    let order = container_order(&new.spec, &old.spec, &spec);
    if !order.is_empty() {
        errs.extend(order);
        return errs;
    }
    let init_resize = features::enabled(Feature::InPlacePodVerticalScalingInitContainers);
    let (new_init, old_init) = (&new.spec.init_containers, &old.spec.init_containers);
    for (i, (n, o)) in new_init.iter().zip(old_init).enumerate() {
        if init_resize || is_sidecar(o) {
            errs.extend(removed_resources(n, o, &spec.child("initContainers").index(i).child("resources")));
        }
    }
    let (new_ctrs, old_ctrs) = (containers(&new.spec), containers(&old.spec));
    for (i, (n, o)) in new_ctrs.iter().zip(old_ctrs).enumerate() {
        errs.extend(removed_resources(n, o, &spec.child("containers").index(i).child("resources")));
    }

    let mut kept = Vec::with_capacity(new_ctrs.len());
    for (n, o) in new_ctrs.iter().zip(old_ctrs) {
        let c = with_old_cpu_memory(n, o);
        if c != *o {
            errs.push(FieldError::forbidden(&spec, ONLY_CPU_MEMORY));
        }
        kept.push(c);
    }
    if munged.containers.is_some() {
        munged.containers = Some(kept);
    }
    munged.init_containers = new_init
        .iter()
        .zip(old_init)
        .enumerate()
        .map(|(i, (n, o))| init_container(n, o, init_resize, &spec.child("initContainers").index(i), &mut errs))
        .collect();

    if !errs.is_empty() {
        return errs;
    }
    if munged != old.spec {
        errs.push(FieldError::forbidden(&spec, ONLY_CPU_MEMORY));
    }
    errs
}

/// Whether a spec sets any pod-level request or limit.
fn pod_level_set(spec: &PodSpec) -> bool {
    spec.resources.as_ref().is_some_and(|r| !r.requests.is_empty() || !r.limits.is_empty())
}

/// Upstream's `isPodResizeRequestSupported`: the first running container reports its resources
/// when its node can resize; with none running the node is given the benefit of the doubt.
fn node_supports_resize(pod: &Pod) -> bool {
    pod.status.container_statuses.iter().find(|s| s.state.running.is_some()).is_none_or(|s| s.resources.is_some())
}

/// The pod-level half (upstream's `validatePodLevelResourcesResize`): pod-level resources,
/// requests or limits may not be removed, and only their cpu and memory may change; `munged`
/// gets the pod-level resources with the stored cpu and memory put back.
fn pod_level_changes(new: &PodSpec, old: &PodSpec, munged: &mut PodSpec) -> ErrorList {
    let path = Path::new("spec").child("resources");
    let (Some(new_res), old_res) = (&new.resources, &old.resources) else {
        munged.resources = None;
        return vec![FieldError::forbidden(&path, "pod-level resources cannot be removed")];
    };
    let mut errs = ErrorList::new();
    if let Some(old_res) = old_res {
        if removed(&new_res.requests, &old_res.requests) {
            errs.push(FieldError::forbidden(path.child("requests"), "pod-level resource requests cannot be removed"));
        }
        if removed(&new_res.limits, &old_res.limits) {
            errs.push(FieldError::forbidden(path.child("limits"), "pod-level resource limits cannot be removed"));
        }
    }
    let empty = ResourceRequirements::default();
    let base = old_res.as_deref().unwrap_or(&empty);
    let kept = ResourceRequirements {
        requests: keep_old_cpu_memory(&new_res.requests, &base.requests),
        limits: keep_old_cpu_memory(&new_res.limits, &base.limits),
        claims: new_res.claims.clone(),
    };
    // Where there were none, only cpu and memory added is the same as nothing.
    munged.resources = if old_res.is_none() && kept == empty { None } else { Some(Box::new(kept)) };
    if munged.resources != *old_res {
        errs.push(FieldError::forbidden("spec", "only cpu and memory resources are mutable at pod-level"));
    }
    errs
}

/// Containers may not be added, removed, renamed or reordered on resize: a changed count is
/// reported for the list, a changed name for its index.
fn container_order(new: &PodSpec, old: &PodSpec, spec: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (field, n, o) in [
        ("containers", containers(new), containers(old)),
        ("initContainers", new.init_containers.as_slice(), old.init_containers.as_slice()),
    ] {
        let list = spec.child(field);
        if n.len() != o.len() {
            errs.push(FieldError::forbidden(&list, &format!("{field} may not be added or removed on resize")));
            continue;
        }
        for (i, (n, o)) in n.iter().zip(o).enumerate() {
            if n.name != o.name {
                errs.push(FieldError::forbidden(
                    list.index(i).child("name"),
                    &format!("{field} may not be renamed or reordered on resize"),
                ));
            }
        }
    }
    errs
}

/// Upstream's `validateContainerResize`: requests and limits may change but not be removed
/// (since v1.34 a memory limit may also go down).
fn removed_resources(new: &Container, old: &Container, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if removed(&new.resources.requests, &old.resources.requests) {
        errs.push(FieldError::forbidden(path.child("requests"), "resource requests cannot be removed"));
    }
    if removed(&new.resources.limits, &old.resources.limits) {
        errs.push(FieldError::forbidden(path.child("limits"), "resource limits cannot be removed"));
    }
    errs
}

/// Upstream's `resourcesRemoved`: a stored resource that the new list lacks.
fn removed(new: &BTreeMap<ResourceName, Quantity>, old: &BTreeMap<ResourceName, Quantity>) -> bool {
    old.keys().any(|name| !new.contains_key(name))
}

/// An init container with the allowed changes undone, and its errors: a sidecar, or with
/// non-sidecar init containers resizable any init container, changes as a regular one (but a
/// changed non-sidecar gets an error for each resize policy that restarts it); without, another
/// init container may not change at all.
fn init_container(new: &Container, old: &Container, init_resize: bool, path: &Path, errs: &mut ErrorList) -> Container {
    let sidecar = is_sidecar(new);
    let modified = new != old;
    if sidecar || init_resize {
        let kept = with_old_cpu_memory(new, old);
        if kept != *old {
            errs.push(FieldError::forbidden(
                path,
                "only cpu and memory resources for init or sidecar containers are mutable",
            ));
        }
        if modified && !sidecar {
            for _ in new.resize_policy.iter().filter(|p| restarts(&p.restart_policy)) {
                errs.push(FieldError::forbidden(
                    path,
                    "non-sidecar init containers with a resize policy of RestartContainer cannot be resized",
                ));
            }
        }
        return kept;
    }
    if modified {
        errs.push(FieldError::forbidden("spec", "resources for non-sidecar init containers are immutable"));
    }
    new.clone()
}

/// Whether a resize policy restarts the container.
fn restarts(policy: &ResourceResizeRestartPolicy) -> bool {
    policy.0 == ResourceResizeRestartPolicy::RESTART_CONTAINER
}

/// An init container that restarts always: a sidecar.
fn is_sidecar(c: &Container) -> bool {
    c.restart_policy.as_ref().is_some_and(|p| p.0 == ContainerRestartPolicy::ALWAYS)
}

/// The container as written but with the stored cpu and memory (upstream's
/// `dropCPUMemoryResourcesFromContainer`). As upstream, the resources keep only requests and
/// limits: a container's resource claims make every resize differ from the stored spec.
fn with_old_cpu_memory(new: &Container, old: &Container) -> Container {
    Container {
        resources: ResourceRequirements {
            limits: keep_old_cpu_memory(&new.resources.limits, &old.resources.limits),
            requests: keep_old_cpu_memory(&new.resources.requests, &old.resources.requests),
            claims: Vec::new(),
        },
        ..new.clone()
    }
}

/// A resource list with cpu and memory as stored (present or absent) and the rest as written.
fn keep_old_cpu_memory(
    new: &BTreeMap<ResourceName, Quantity>,
    old: &BTreeMap<ResourceName, Quantity>,
) -> BTreeMap<ResourceName, Quantity> {
    let resizable = |name: &ResourceName| RESIZABLE.contains(&name.0.as_str());
    let written = new.iter().filter(|(name, _)| !resizable(name));
    let stored = old.iter().filter(|(name, _)| resizable(name));
    written.chain(stored).map(|(name, q)| (name.clone(), q.clone())).collect()
}

/// A spec's regular containers (none when absent).
fn containers(spec: &PodSpec) -> &[Container] {
    spec.containers.as_deref().unwrap_or_default()
}

#[cfg(test)]
#[path = "resize_tests.rs"]
mod tests;
