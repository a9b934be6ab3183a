//! A pod's `/status` update, as upstream's `ValidatePodStatusUpdate` and the helpers it calls.
//!
//! Read from kubernetes/kubernetes `pkg/apis/core/validation/validation.go` (commit `000f2605`).
//! Covered: the pod-specific annotations (`pod_annotations.rs`), custom condition types,
//! `nodeName` unchanged, `nominatedNodeName`, `qosClass` unchanged, the terminated-container rule
//! for regular, init and ephemeral containers, resource claim statuses, pod and host IPs (format,
//! `hostIP` first, duplicates, one per family), container users, and allocated resource health.
//! Object metadata (`ValidateObjectMetaUpdate`) is the server's, as for every kind.
//! Upstream does not check that a container status names a container of the spec, nor
//! duplicate names (its source says so), so neither is checked here.

use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;

use kapi_machinery::validation::content::{inclusive_range_error, is_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::name_is_dns_subdomain;
use super::resources::{legacy_ip, parse_ip_sloppy};
use crate::core::v1::{Container, ContainerStatus, Pod};

/// The condition types the system owns; any other must be a qualified name.
const SYSTEM_CONDITIONS: &[&str] = &["PodScheduled", "Ready", "Initialized"];
/// Upstream's supported `ResourceHealthStatus` values, sorted as `sets.List` sorts them.
const HEALTH_VALUES: &[&str] = &["Healthy", "Unhealthy", "Unknown"];
const NOT_TERMINATED: &str = "may not be transitioned to non-terminated state";
const ONE_PER_FAMILY: &str = "may specify no more than one IP for each IP family";

/// Upstream's `ValidatePodStatusUpdate`: what a `/status` write of a pod may not do.
pub(super) fn pod_status_update(new: &Pod, old: &Pod) -> ErrorList {
    let meta = Path::new("metadata");
    let mut errs = super::pod_annotations::annotation_updates(new, old, &meta.child("annotations"));
    // Upstream passes the `metadata` path here, so custom conditions are reported under it.
    errs.extend(conditions(new, &meta.child("conditions")));

    let status = Path::new("status");
    if new.spec.node_name != old.spec.node_name {
        errs.push(FieldError::forbidden(status.child("nodeName"), "may not be changed directly"));
    }
    let nominated = &new.status.nominated_node_name;
    if nominated != &old.status.nominated_node_name && !nominated.is_empty() {
        let p = status.child("nominatedNodeName");
        errs.extend(
            name_is_dns_subdomain(nominated, false).into_iter().map(|m| FieldError::invalid(&p, nominated, &m)),
        );
    }
    if new.status.qos_class != old.status.qos_class {
        errs.push(FieldError::invalid_value(
            status.child("qosClass"),
            BadValue::named(&new.status.qos_class.0),
            super::IMMUTABLE,
        ));
    }

    let (s, o) = (&new.status, &old.status);
    let restart = old.spec.restart_policy.0.as_str();
    let init_restartable = |name: &str| {
        old.spec.init_containers.iter().find(|c| c.name == name).is_some_and(is_restartable_init_container)
    };
    errs.extend(state_transitions(
        &s.container_statuses,
        &o.container_statuses,
        restart,
        |_| false,
        &status.child("containerStatuses"),
    ));
    errs.extend(state_transitions(
        &s.init_container_statuses,
        &o.init_container_statuses,
        restart,
        init_restartable,
        &status.child("initContainerStatuses"),
    ));
    // The kubelet never restarts an ephemeral container: as if its policy were `Never`.
    errs.extend(state_transitions(
        &s.ephemeral_container_statuses,
        &o.ephemeral_container_statuses,
        "Never",
        |_| false,
        &status.child("ephemeralContainerStatuses"),
    ));
    errs.extend(resource_claim_statuses(new, &status.child("resourceClaimStatuses")));
    errs.extend(pod_ips(new, old));
    errs.extend(host_ips(new, old));

    let windows = new.spec.os.as_ref().is_some_and(|os| os.name.0 == "windows");
    errs.extend(users(&s.container_statuses, windows, &status.child("containerStatuses")));
    errs.extend(users(&s.init_container_statuses, windows, &status.child("initContainerStatuses")));
    errs.extend(users(&s.ephemeral_container_statuses, windows, &status.child("ephemeralContainerStatuses")));

    let containers = new.spec.containers.as_deref().unwrap_or_default();
    errs.extend(allocated_resources_status(&s.container_statuses, containers, &status.child("containerStatuses")));
    errs.extend(allocated_resources_status(
        &s.init_container_statuses,
        &new.spec.init_containers,
        &status.child("initContainerStatuses"),
    ));
    // Ephemeral containers have no resources, so nothing can be allocated to them.
    for (i, c) in s.ephemeral_container_statuses.iter().enumerate() {
        if !c.allocated_resources_status.is_empty() {
            errs.push(FieldError::forbidden(
                status.child("ephemeralContainerStatuses").index(i).child("allocatedResourcesStatus"),
                "must not be specified in container status",
            ));
        }
    }
    errs
}

fn is_restartable_init_container(c: &Container) -> bool {
    c.restart_policy.as_ref().is_some_and(|p| p.0 == "Always")
}

// ---------------------------------------------------------------------------------------------
// Conditions.

/// Upstream's `validatePodConditions`: a custom condition type is a qualified name.
fn conditions(pod: &Pod, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, c) in pod.status.conditions.iter().enumerate() {
        let ty = c.r#type.0.as_str();
        if SYSTEM_CONDITIONS.contains(&ty) {
            continue;
        }
        let p = path.index(i).child("Type");
        errs.extend(is_qualified_name(ty).into_iter().map(|m| FieldError::invalid(&p, ty, &m)));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Containers.

/// Upstream's `ValidateContainerStateTransition` and `ValidateInitContainerStateTransition`:
/// unless the pod restarts `Always`, a terminated container stays terminated, except one that
/// failed under `OnFailure` or (`restartable`) a sidecar init container.
fn state_transitions(
    new: &[ContainerStatus],
    old: &[ContainerStatus],
    restart_policy: &str,
    restartable: impl Fn(&str) -> bool,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if restart_policy == "Always" {
        return errs;
    }
    // Upstream compares every old status with every new one; the new ones that are not
    // terminated are counted by name once, so this stays linear.
    let mut running: BTreeMap<&str, usize> = BTreeMap::new();
    for s in new.iter().filter(|s| s.state.terminated.is_none()) {
        *running.entry(s.name.as_str()).or_default() += 1;
    }
    for (i, o) in old.iter().enumerate() {
        let Some(t) = &o.state.terminated else { continue };
        if t.exit_code != 0 && restart_policy == "OnFailure" {
            continue;
        }
        if restartable(&o.name) {
            continue;
        }
        let n = running.get(o.name.as_str()).copied().unwrap_or(0);
        for _ in 0..n {
            errs.push(FieldError::forbidden(path.index(i).child("state"), NOT_TERMINATED));
        }
    }
    errs
}

/// Upstream's `validateContainerStatusUsers`: a Windows pod reports no Linux user; a Linux one
/// reports ids in range.
fn users(statuses: &[ContainerStatus], windows: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let id = |v: i64, p: &Path, errs: &mut ErrorList| {
        if !(0..=i64::from(i32::MAX)).contains(&v) {
            errs.push(FieldError::invalid_value(p, v, &inclusive_range_error(0, i64::from(i32::MAX))));
        }
    };
    for (i, s) in statuses.iter().enumerate() {
        let Some(linux) = s.user.as_ref().and_then(|u| u.linux.as_ref()) else { continue };
        let p = path.index(i).child("linux");
        if windows {
            errs.push(FieldError::forbidden(p, "cannot be set for a windows pod"));
            continue;
        }
        id(linux.uid, &p.child("uid"), &mut errs);
        id(linux.gid, &p.child("gid"), &mut errs);
        for (g, gid) in linux.supplemental_groups.iter().enumerate() {
            id(*gid, &p.child("supplementalGroups").index(g), &mut errs);
        }
    }
    errs
}

/// Upstream's `validateContainerStatusAllocatedResourcesStatus`: each entry names one of the
/// container's requests or claims (statuses of unknown containers are let through, as upstream
/// does), with known health values and unique resource ids.
fn allocated_resources_status(statuses: &[ContainerStatus], containers: &[Container], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, s) in statuses.iter().enumerate() {
        let container = containers.iter().find(|c| c.name == s.name);
        for (j, allocated) in s.allocated_resources_status.iter().enumerate() {
            let p = path.index(i).child("allocatedResourcesStatus").index(j);
            let name = allocated.name.0.as_str();
            if let Some(c) = container {
                let r = &c.resources;
                let (found, msg) = if name.starts_with("claim:") {
                    let found = r.claims.iter().any(|cl| {
                        let want = if cl.request.is_empty() {
                            format!("claim:{}", cl.name)
                        } else {
                            format!("claim:{}/{}", cl.name, cl.request)
                        };
                        want == name
                    });
                    (
                        found,
                        "must match one of the container's resource claims in a format 'claim:<claimName>/<request>' or 'claim:<claimName>' if request is empty",
                    )
                } else {
                    let found = r.requests.keys().any(|k| k.0 == name);
                    (found, "must match one of the container's resource requests")
                };
                if !found {
                    errs.push(FieldError::invalid_value(p.child("name"), BadValue::named(name), msg));
                }
            }
            let mut ids = BTreeSet::new();
            for (k, r) in allocated.resources.iter().enumerate() {
                let rp = p.child("resources").index(k);
                if !HEALTH_VALUES.contains(&r.health.0.as_str()) {
                    errs.push(FieldError::not_supported_value(
                        rp.child("health"),
                        BadValue::named(&r.health.0),
                        HEALTH_VALUES,
                    ));
                }
                if !ids.insert(r.resource_id.0.as_str()) {
                    errs.push(FieldError::duplicate(rp.child("resourceID"), BadValue::named(&r.resource_id.0)));
                }
            }
        }
    }
    errs
}

/// Upstream's `validatePodResourceClaimStatuses`: each names an entry of `spec.resourceClaims`,
/// once, and a claim name, when set, is a DNS subdomain (reported at `name`, as upstream does).
fn resource_claim_statuses(pod: &Pod, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let claims: BTreeSet<&str> = pod.spec.resource_claims.iter().map(|c| c.name.as_str()).collect();
    let mut seen = BTreeSet::new();
    for (i, s) in pod.status.resource_claim_statuses.iter().enumerate() {
        let p = path.index(i).child("name");
        if !claims.contains(s.name.as_str()) {
            errs.push(FieldError::invalid(&p, &s.name, "must match the name of an entry in `spec.resourceClaims`"));
        }
        if !seen.insert(s.name.as_str()) {
            errs.push(FieldError::duplicate(&p, s.name.as_str()));
        }
        if let Some(claim) = &s.resource_claim_name {
            errs.extend(name_is_dns_subdomain(claim, false).into_iter().map(|m| FieldError::invalid(&p, claim, &m)));
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Pod and host IPs.

/// An internal `PodIP` or `HostIP` as upstream prints it: a struct without JSON tags.
fn ip_struct(ip: &str) -> String {
    let BadValue::Json(q) = BadValue::named(ip) else { unreachable!("named values are JSON") };
    format!(r#"{{"IP":{q}}}"#)
}

fn ip_list(ips: &[&str]) -> BadValue {
    BadValue::Json(format!("[{}]", ips.iter().map(|ip| ip_struct(ip)).collect::<Vec<_>>().join(",")))
}

/// `netutils.IsDualStackIPStrings`: whether there is an IPv4 and an IPv6 address, or the first
/// text that does not parse. An IPv4-mapped address counts as IPv4, as Go's `To4` makes it.
fn dual_stack<'a>(ips: &[&'a str]) -> Result<bool, &'a str> {
    let (mut v4, mut v6) = (false, false);
    for ip in ips {
        match parse_ip_sloppy(ip) {
            None => return Err(ip),
            Some((IpAddr::V6(a), _)) if a.to_ipv4_mapped().is_none() => v6 = true,
            Some(_) => v4 = true,
        }
    }
    Ok(v4 && v6)
}

/// Several IPs: one per family at most, both families present; reported at the list.
fn one_per_family(ips: &[&str], path: &Path, errs: &mut ErrorList) {
    let dual = match dual_stack(ips) {
        Ok(d) => d,
        Err(bad) => {
            errs.push(FieldError::internal(
                path,
                &format!("failed to check for dual stack with error:failed to parse {bad} as an IP"),
            ));
            false
        }
    };
    if !dual || ips.len() > 2 {
        errs.push(FieldError::invalid_value(path, ip_list(ips), ONE_PER_FAMILY));
    }
}

fn duplicates(ips: &[&str], path: &Path, errs: &mut ErrorList) {
    let mut seen = BTreeSet::new();
    for (i, ip) in ips.iter().enumerate() {
        if !seen.insert(*ip) {
            errs.push(FieldError::duplicate(path.index(i), BadValue::Json(ip_struct(ip))));
        }
    }
}

/// Upstream's `validatePodIPs`: each a legacy IP field, an address the stored pod had kept
/// unchecked.
fn pod_ips(pod: &Pod, old: &Pod) -> ErrorList {
    let path = Path::new("status").child("podIPs");
    let ips: Vec<&str> = pod.status.pod_ips.iter().map(|p| p.ip.as_str()).collect();
    let existing: Vec<&str> = old.status.pod_ips.iter().map(|p| p.ip.as_str()).collect();
    let mut errs = ErrorList::new();
    for (i, ip) in ips.iter().enumerate() {
        errs.extend(legacy_ip(&path.index(i), ip, &existing));
    }
    if ips.len() > 1 {
        one_per_family(&ips, &path, &mut errs);
        duplicates(&ips, &path, &mut errs);
    }
    errs
}

/// Upstream's `validateHostIPs`: as the pod IPs, and the first one is `hostIP`.
fn host_ips(pod: &Pod, old: &Pod) -> ErrorList {
    let path = Path::new("status").child("hostIPs");
    let ips: Vec<&str> = pod.status.host_ips.iter().map(|p| p.ip.as_str()).collect();
    let mut errs = ErrorList::new();
    let Some(first) = ips.first() else { return errs };
    if pod.status.host_ip != *first {
        errs.push(FieldError::invalid(path.index(0).child("ip"), first, "must be equal to `hostIP`"));
    }
    let existing: Vec<&str> = old.status.host_ips.iter().map(|p| p.ip.as_str()).collect();
    for (i, ip) in ips.iter().enumerate() {
        errs.extend(legacy_ip(&path.index(i), ip, &existing));
    }
    if ips.len() > 1 {
        duplicates(&ips, &path, &mut errs);
        one_per_family(&ips, &path, &mut errs);
    }
    errs
}

#[cfg(test)]
#[path = "pod_status_tests.rs"]
mod tests;
