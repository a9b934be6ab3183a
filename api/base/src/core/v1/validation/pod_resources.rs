//! A pod's resource claims, the claims its containers reference, container resize policies, and pod-level `resources`, as upstream's `validatePodResourceClaims`, `validateResourceClaimNames`, `validateResizePolicy` and `validatePodResources` check them.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::{BadValue, ErrorList, ErrorType, FieldError, Path};

use super::{dns1123_label, json_value, name_is_dns_subdomain};
use crate::core::v1::{
    ContainerResizePolicy, OSName, PodResourceClaim, PodSpec, ResourceClaim, ResourceName, ResourceRequirements,
};

/// The resources pod-level `resources` may name besides huge pages (upstream's
/// `SupportedPodLevelResources`, with the huge pages prefix, sorted).
const POD_LEVEL_RESOURCES: &[&str] = &["cpu", "hugepages-", "memory"];
/// The names of a pod's resource claims (upstream's `gatherPodResourceClaimNames`).
pub(super) fn claim_names(claims: &[PodResourceClaim]) -> BTreeSet<&str> {
    claims.iter().map(|c| c.name.as_str()).filter(|n| !n.is_empty()).collect()
}

/// Upstream's `validatePodResourceClaims`: unique DNS-label names, and exactly one of a claim or
/// a claim template, each a DNS subdomain.
pub(super) fn pod_resource_claims(claims: &[PodResourceClaim], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, claim) in claims.iter().enumerate() {
        let item = path.index(i);
        let name_path = item.child("name");
        if claim.name.is_empty() {
            errs.push(FieldError::required(&name_path, ""));
        } else if seen.contains(claim.name.as_str()) {
            errs.push(FieldError::duplicate(&name_path, claim.name.as_str()));
        } else {
            errs.extend(dns1123_label(&claim.name, &name_path));
            seen.insert(claim.name.as_str());
        }
        match (&claim.resource_claim_name, &claim.resource_claim_template_name) {
            (Some(_), Some(_)) => errs.push(FieldError::invalid_value(
                &item,
                json_value(claim),
                "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified",
            )),
            (None, None) => errs.push(FieldError::invalid_value(
                &item,
                json_value(claim),
                "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`",
            )),
            _ => {}
        }
        for (name, field) in [
            (&claim.resource_claim_name, "resourceClaimName"),
            (&claim.resource_claim_template_name, "resourceClaimTemplateName"),
        ] {
            if let Some(name) = name {
                let p = item.child(field);
                errs.extend(name_is_dns_subdomain(name, false).iter().map(|m| FieldError::invalid(&p, name, m)));
            }
        }
    }
    errs
}

/// Upstream's `validateResourceClaimNames`: each claim a container uses is named, used once
/// (a whole claim or each of its requests once, not both), has a DNS-label request, and names
/// one of the pod's claims.
pub(super) fn resource_claim_names(claims: &[ResourceClaim], pod_claims: &BTreeSet<&str>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    // Whole claims and `claim/request` keys referenced so far, and for each claim how many of
    // its requests were.
    let mut names: BTreeSet<String> = BTreeSet::new();
    let mut requests_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, claim) in claims.iter().enumerate() {
        let item = path.index(i);
        let name = claim.name.as_str();
        if name.is_empty() {
            errs.push(FieldError::required(&item, ""));
            continue;
        }
        if names.contains(name) {
            // Every request of the claim is already referenced.
            errs.push(FieldError::duplicate(&item, name));
        } else {
            let key = if claim.request.is_empty() {
                name.to_owned()
            } else {
                errs.extend(dns1123_label(&claim.request, &item.child("request")));
                format!("{name}/{}", claim.request)
            };
            if names.contains(&key) {
                errs.push(FieldError::duplicate(&item, key.as_str()));
            } else if claim.request.is_empty() {
                // Upstream reports the whole claim once for each of its requests referenced before.
                for _ in 0..requests_of.get(name).copied().unwrap_or(0) {
                    errs.push(FieldError::duplicate(&item, name));
                }
            }
            let request = !claim.request.is_empty();
            if names.insert(key) && request {
                *requests_of.entry(name).or_default() += 1;
            }
        }
        if !pod_claims.contains(name) {
            let listed: Vec<&str> = pod_claims.iter().copied().collect();
            let detail = if listed.is_empty() {
                "must be one of the names in pod.spec.resourceClaims which is empty".to_owned()
            } else {
                format!("must be one of the names in pod.spec.resourceClaims: {}", listed.join(", "))
            };
            errs.push(FieldError::new(ErrorType::NotFound, &item, BadValue::from(name), detail));
        }
    }
    errs
}

/// Upstream's `validateResizePolicy`: each resource (`cpu` or `memory`) once, a known restart
/// policy, and only `NotRequired` in a pod that never restarts.
pub(super) fn resize_policy(policies: &[ContainerResizePolicy], pod_restart_policy: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, p) in policies.iter().enumerate() {
        let resource = p.resource_name.0.as_str();
        if !seen.insert(resource) {
            errs.push(FieldError::duplicate(path.index(i), BadValue::named(resource)));
        }
        match resource {
            "cpu" | "memory" => {}
            "" => errs.push(FieldError::required(path, "")),
            other => errs.push(FieldError::not_supported_value(path, BadValue::named(other), &["cpu", "memory"])),
        }
        let policy = p.restart_policy.0.as_str();
        match policy {
            "NotRequired" | "RestartContainer" => {}
            "" => errs.push(FieldError::required(path, "")),
            other => errs.push(FieldError::not_supported_value(
                path,
                BadValue::named(other),
                &["NotRequired", "RestartContainer"],
            )),
        }
        if pod_restart_policy == "Never" && policy != "NotRequired" {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::named(policy),
                "must be 'NotRequired' when `restartPolicy` is 'Never'",
            ));
        }
    }
    errs
}

/// Upstream's `validatePodResourceName`: a qualified, standard or domain-prefixed name that
/// pod-level resources support.
pub(super) fn pod_resource_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = super::resources::resource_name(name, path);
    if errs.is_empty() && !["cpu", "memory"].contains(&name) && !name.starts_with("hugepages-") {
        errs.push(FieldError::not_supported_value(path, BadValue::named(name), POD_LEVEL_RESOURCES));
    }
    errs
}

fn add_all(total: &mut BTreeMap<ResourceName, Quantity>, more: &BTreeMap<ResourceName, Quantity>) {
    for (name, q) in more {
        match total.get_mut(name) {
            Some(t) => t.add(q),
            None => {
                total.insert(name.clone(), q.clone());
            }
        }
    }
}

fn max_all(total: &mut BTreeMap<ResourceName, Quantity>, other: &BTreeMap<ResourceName, Quantity>) {
    for (name, q) in other {
        match total.get_mut(name) {
            Some(t) if q > t => *t = q.clone(),
            Some(_) => {}
            None => {
                total.insert(name.clone(), q.clone());
            }
        }
    }
}

/// Upstream's `AggregateContainerRequests` (with `requests`) and `AggregateContainerLimits` (with
/// `limits`): the containers' amounts summed with the sidecars', or the largest an init
/// container needs beside the sidecars started before it, if larger.
fn aggregate_containers(
    spec: &PodSpec,
    amounts: fn(&ResourceRequirements) -> &BTreeMap<ResourceName, Quantity>,
) -> BTreeMap<ResourceName, Quantity> {
    let mut total = BTreeMap::new();
    for c in spec.containers.as_deref().unwrap_or_default() {
        add_all(&mut total, amounts(&c.resources));
    }
    let mut sidecars = BTreeMap::new();
    let mut init = BTreeMap::new();
    for c in &spec.init_containers {
        if c.restart_policy.as_ref().is_some_and(|p| p.0 == "Always") {
            add_all(&mut total, amounts(&c.resources));
            add_all(&mut sidecars, amounts(&c.resources));
            max_all(&mut init, &sidecars);
        } else {
            let mut need = amounts(&c.resources).clone();
            add_all(&mut need, &sidecars);
            max_all(&mut init, &need);
        }
    }
    max_all(&mut total, &init);
    total
}

/// Upstream's `validatePodResources` (with `PodLevelResources` on): none on a Windows pod (then
/// the only error), no claims, valid requirements of supported resources, requests (where set)
/// not below what the containers together request, hugepage limits (where set) not below what
/// they together limit, and no container limit above the pod's.
pub(super) fn pod_resources(spec: &PodSpec, pod_claims: &BTreeSet<&str>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(r) = &spec.resources else { return errs };
    if spec.os.as_ref().is_some_and(|os| os.name.0 == OSName::WINDOWS) {
        // Upstream skips the detailed checks of a field the pod's OS may not set.
        return vec![FieldError::forbidden(path, "may not be set for a windows pod")];
    }
    if !r.claims.is_empty() {
        errs.push(FieldError::forbidden(path.child("claims"), "claims may not be set for Resources at pod-level"));
    }
    errs.extend(super::pod::resource_requirements(r, pod_resource_name, pod_claims, path));
    let req_path = path.child("requests");
    for (name, total) in aggregate_containers(spec, |r| &r.requests) {
        // A pod-level request left unset is not compared.
        let Some(pod) = r.requests.get(&name) else { continue };
        if total > *pod {
            errs.push(FieldError::invalid(
                req_path.key(&name.0),
                &pod.to_string(),
                &format!("must be greater than or equal to aggregate container requests of {total}"),
            ));
        }
    }
    // Hugepages are not overcommitted: the pod's limit must hold the containers' together.
    for (name, total) in aggregate_containers(spec, |r| &r.limits) {
        if !name.0.starts_with("hugepages-") {
            continue;
        }
        let Some(pod) = r.limits.get(&name) else { continue };
        if total > *pod {
            errs.push(FieldError::invalid(
                path.child("limits").key(&name.0),
                &pod.to_string(),
                &format!("must be greater than or equal to aggregate container limits of {total}"),
            ));
        }
    }
    for (i, c) in spec.containers.as_deref().unwrap_or_default().iter().enumerate() {
        for (name, limit) in &c.resources.limits {
            let Some(pod) = r.limits.get(name) else { continue };
            if limit > pod {
                errs.push(FieldError::invalid(
                    path.child("containers").index(i).key(&name.0).child("limits"),
                    &limit.to_string(),
                    &format!("must be less than or equal to pod limits of {pod}"),
                ));
            }
        }
    }
    errs
}

#[cfg(test)]
#[path = "pod_resources_tests.rs"]
mod tests;
