//! Ephemeral containers in a pod spec and their update through `pods/ephemeralcontainers`, as upstream's `validateEphemeralContainers` and `ValidatePodEphemeralContainersUpdate`.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::pod::{PodCtx, container_common};
use crate::core::v1::{Container, EphemeralContainer, EphemeralContainerCommon, Pod, ResourceRequirements};

const NOT_FOR_EPHEMERAL: &str = "cannot be set for an Ephemeral Container";
/// The annotation that marks a static pod's mirror (upstream's `MirrorPodAnnotationKey`).
pub(super) const MIRROR_POD_ANNOTATION: &str = "kubernetes.io/config.mirror";

/// Upstream's `validateEphemeralContainers`: each container's common checks (and, pod or
/// template, no whitespace around its image), a name unique across every container of the pod,
/// a `targetContainerName` naming a regular or init container, none of the fields that make a
/// container part of the workload, and no sub-path mounts.
pub(super) fn ephemeral_containers(
    ephemeral: &[EphemeralContainer],
    containers: &[Container],
    init: &[Container],
    ctx: &PodCtx<'_>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if ephemeral.is_empty() {
        return errs;
    }
    let others: BTreeSet<&str> = containers.iter().chain(init).map(|c| c.name.as_str()).collect();
    let mut names = others.clone();
    for (i, ec) in ephemeral.iter().enumerate() {
        let item = path.index(i);
        let common = &ec.ephemeral_container_common;
        errs.extend(container_common(&as_container(common), ctx, &item));
        if common.image.trim() != common.image {
            errs.push(FieldError::invalid(
                item.child("image"),
                &common.image,
                "must not have leading or trailing whitespace",
            ));
        }
        if !names.insert(common.name.as_str()) {
            errs.push(FieldError::duplicate(item.child("name"), common.name.as_str()));
        }
        if !ec.target_container_name.is_empty() && !others.contains(ec.target_container_name.as_str()) {
            errs.push(FieldError::not_found(item.child("targetContainerName"), ec.target_container_name.as_str()));
        }
        for field in workload_fields(common) {
            errs.push(FieldError::forbidden(item.child(field), NOT_FOR_EPHEMERAL));
        }
        // Sub-path mounts are bind mounts that outlive the container until the pod ends.
        for (j, m) in common.volume_mounts.iter().enumerate() {
            let mount = item.child("volumeMounts").index(j);
            if !m.sub_path.is_empty() {
                errs.push(FieldError::forbidden(mount.child("subPath"), NOT_FOR_EPHEMERAL));
            }
            if !m.sub_path_expr.is_empty() {
                errs.push(FieldError::forbidden(mount.child("subPathExpr"), NOT_FOR_EPHEMERAL));
            }
        }
    }
    errs
}

/// The fields set that upstream's allow list (`allowedEphemeralContainerFields`) leaves out, in
/// the struct's order. The struct is taken apart in full, so a new field has to be placed here.
fn workload_fields(c: &EphemeralContainerCommon) -> Vec<&'static str> {
    let EphemeralContainerCommon {
        name: _,
        image: _,
        command: _,
        args: _,
        working_dir: _,
        ports,
        env_from: _,
        env: _,
        resources,
        resize_policy,
        restart_policy,
        restart_policy_rules,
        volume_mounts: _,
        volume_devices: _,
        liveness_probe,
        readiness_probe,
        startup_probe,
        lifecycle,
        termination_message_path: _,
        termination_message_policy: _,
        image_pull_policy: _,
        security_context: _,
        stdin: _,
        stdin_once: _,
        tty: _,
    } = c;
    [
        (!ports.is_empty(), "ports"),
        (*resources != ResourceRequirements::default(), "resources"),
        (!resize_policy.is_empty(), "resizePolicy"),
        (restart_policy.is_some(), "restartPolicy"),
        (!restart_policy_rules.is_empty(), "restartPolicyRules"),
        (liveness_probe.is_some(), "livenessProbe"),
        (readiness_probe.is_some(), "readinessProbe"),
        (startup_probe.is_some(), "startupProbe"),
        (lifecycle.is_some(), "lifecycle"),
    ]
    .into_iter()
    .filter_map(|(set, name)| set.then_some(name))
    .collect()
}

/// The container an ephemeral container's common fields describe (upstream converts the one
/// type into the other, as they have the same fields).
fn as_container(c: &EphemeralContainerCommon) -> Container {
    let c = c.clone();
    Container {
        name: c.name,
        image: c.image,
        command: c.command,
        args: c.args,
        working_dir: c.working_dir,
        ports: c.ports,
        env_from: c.env_from,
        env: c.env,
        resources: c.resources,
        resize_policy: c.resize_policy,
        restart_policy: c.restart_policy,
        restart_policy_rules: c.restart_policy_rules,
        volume_mounts: c.volume_mounts,
        volume_devices: c.volume_devices,
        liveness_probe: c.liveness_probe,
        readiness_probe: c.readiness_probe,
        startup_probe: c.startup_probe,
        lifecycle: c.lifecycle,
        termination_message_path: c.termination_message_path,
        termination_message_policy: c.termination_message_policy,
        image_pull_policy: c.image_pull_policy,
        security_context: c.security_context,
        stdin: c.stdin,
        stdin_once: c.stdin_once,
        tty: c.tty,
    }
}

/// The second half of upstream's `ValidatePodEphemeralContainersUpdate`: not on a static pod's
/// mirror (then that is the only error), and every stored ephemeral container still there,
/// unchanged. Order is not kept by a patch, so containers are matched by name.
pub(super) fn ephemeral_containers_changes(new: &Pod, old: &Pod) -> Result<ErrorList, FieldError> {
    if old.metadata.annotations.contains_key(MIRROR_POD_ANNOTATION) {
        return Err(FieldError::forbidden(super::whole_object(), "static pods do not support ephemeral containers"));
    }
    let path = Path::new("spec").child("ephemeralContainers");
    let by_name: BTreeMap<&str, &EphemeralContainer> =
        new.spec.ephemeral_containers.iter().map(|c| (c.ephemeral_container_common.name.as_str(), c)).collect();
    let mut errs = ErrorList::new();
    for o in &old.spec.ephemeral_containers {
        let name = o.ephemeral_container_common.name.as_str();
        match by_name.get(name) {
            None => errs.push(FieldError::forbidden(
                &path,
                &format!("existing ephemeral containers {} may not be removed\n", quoted(name)),
            )),
            Some(n) if *n != o => errs.push(FieldError::forbidden(
                &path,
                &format!("existing ephemeral containers {} may not be changed\n", quoted(name)),
            )),
            Some(_) => {}
        }
    }
    Ok(errs)
}

/// A name as Go's `%q` writes it (container names are DNS labels, so escaping is rare).
fn quoted(s: &str) -> String {
    format!("{s:?}")
}

#[cfg(test)]
#[path = "ephemeral_tests.rs"]
mod tests;
