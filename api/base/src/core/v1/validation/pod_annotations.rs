//! The pod-specific annotations and their agreement with the security context fields, as upstream's `ValidatePodSpecificAnnotations`, `ValidatePodSpecificAnnotationUpdates`, `validateSeccompAnnotationsAndFields` and `validateAppArmorAnnotationsAndFieldsMatchOnCreate`.
//!
//! The tolerations annotation is parsed with kapi's JSON decoder, so a value that is not a list
//! of tolerations reports that decoder's error where upstream reports Go's.

use std::collections::BTreeMap;

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use crate::core::v1::{AppArmorProfile, Pod, PodSpec, SeccompProfile, Toleration};

const MIRROR_ANNOTATION: &str = "kubernetes.io/config.mirror";
const APPARMOR_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
const DELETION_COST_ANNOTATION: &str = "controller.kubernetes.io/pod-deletion-cost";
const TOLERATIONS_ANNOTATION: &str = "scheduler.alpha.kubernetes.io/tolerations";
const SECCOMP_POD_ANNOTATION: &str = "seccomp.security.alpha.kubernetes.io/pod";
const SECCOMP_CONTAINER_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";
const LOCALHOST_PREFIX: &str = "localhost/";
const SECCOMP_TYPE_MISMATCH: &str = "seccomp type in annotation and field must match";
const APPARMOR_TYPE_MISMATCH: &str = "apparmor type in annotation and field must match";

/// Upstream's `ValidatePodSpecificAnnotationUpdates`: [`annotation_changes`], then the new
/// annotations as [`pod_annotations`] checks them (with the stored pod's leniency).
pub(super) fn annotation_updates(new: &Pod, old: &Pod, path: &Path) -> ErrorList {
    let mut errs = annotation_changes(new, old, path);
    errs.extend(pod_annotations(&new.metadata.annotations, &new.spec, allow_invalid_cost(old), path));
    errs
}

/// Upstream's strategy lets a pod keep a deletion cost it was stored with, however invalid
/// (`AllowInvalidPodDeletionCost`).
pub(super) fn allow_invalid_cost(old: &Pod) -> bool {
    deletion_cost(&old.metadata.annotations).is_err()
}

/// The first half of upstream's `ValidatePodSpecificAnnotationUpdates`: AppArmor and mirror pod
/// annotations are neither added, changed nor removed.
pub(super) fn annotation_changes(new: &Pod, old: &Pod, path: &Path) -> ErrorList {
    let (new_a, old_a) = (&new.metadata.annotations, &old.metadata.annotations);
    let mut errs = ErrorList::new();
    for (k, v) in old_a {
        if new_a.get(k) == Some(v) {
            continue;
        }
        if k.starts_with(APPARMOR_PREFIX) {
            errs.push(FieldError::forbidden(path.key(k), "may not remove or update AppArmor annotations"));
        }
        if k == MIRROR_ANNOTATION {
            errs.push(FieldError::forbidden(path.key(k), "may not remove or update mirror pod annotation"));
        }
    }
    for k in new_a.keys().filter(|k| !old_a.contains_key(*k)) {
        if k.starts_with(APPARMOR_PREFIX) {
            errs.push(FieldError::forbidden(path.key(k), "may not add AppArmor annotations"));
        }
        if k == MIRROR_ANNOTATION {
            errs.push(FieldError::forbidden(path.key(k), "may not add mirror pod annotation"));
        }
    }
    errs
}

/// Upstream's `ValidatePodSpecificAnnotations`: a mirror pod is bound, the tolerations
/// annotation holds valid tolerations, the deletion cost is a 32-bit integer (unless
/// `allow_invalid_cost`), seccomp annotations name profiles, and AppArmor annotations name a
/// container of the pod and a profile.
pub(super) fn pod_annotations(
    a: &BTreeMap<String, String>,
    spec: &PodSpec,
    allow_invalid_cost: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(v) = a.get(MIRROR_ANNOTATION)
        && spec.node_name.is_empty()
    {
        errs.push(FieldError::invalid(
            path.key(MIRROR_ANNOTATION),
            v,
            "must set spec.nodeName if mirror pod annotation is set",
        ));
    }
    if a.get(TOLERATIONS_ANNOTATION).is_some_and(|v| !v.is_empty()) {
        errs.extend(tolerations(a, path));
    }
    if !allow_invalid_cost && deletion_cost(a).is_err() {
        let v = a.get(DELETION_COST_ANNOTATION).map_or("", String::as_str);
        errs.push(FieldError::invalid(path.key(DELETION_COST_ANNOTATION), v, "must be a 32bit integer"));
    }
    errs.extend(seccomp_annotations(a, path));
    for (k, profile) in a {
        let Some(container) = k.strip_prefix(APPARMOR_PREFIX) else { continue };
        if !has_container(spec, container) {
            errs.push(FieldError::invalid(path.key(k), container, "container not found"));
        }
        let ok = profile.is_empty()
            || profile == "runtime/default"
            || profile == "unconfined"
            || profile.starts_with("localhost/");
        if !ok {
            errs.push(FieldError::invalid(
                path.key(k),
                profile,
                &format!("invalid AppArmor profile name: {}", kapi_machinery::validation::go_quote(profile)),
            ));
        }
    }
    errs
}

/// Upstream's `GetDeletionCostFromPodAnnotations`: absent, or a base-10 32-bit integer without
/// a sign `+` or leading zeros.
fn deletion_cost(a: &BTreeMap<String, String>) -> Result<i32, ()> {
    let Some(v) = a.get(DELETION_COST_ANNOTATION) else { return Ok(0) };
    let first_ok = match v.as_bytes().first() {
        Some(b'-') => true,
        Some(b'0') => v == "0",
        Some(b) => b.is_ascii_digit(),
        None => false,
    };
    if !first_ok {
        return Err(());
    }
    v.parse::<i32>().map_err(|_| ())
}

fn has_container(spec: &PodSpec, name: &str) -> bool {
    spec.containers.as_deref().unwrap_or_default().iter().any(|c| c.name == name)
        || spec.init_containers.iter().any(|c| c.name == name)
        || spec.ephemeral_containers.iter().any(|c| c.ephemeral_container_common.name == name)
}

/// Upstream's `ValidateTolerationsInPodAnnotations`: a JSON list of valid tolerations.
fn tolerations(a: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let raw = a.get(TOLERATIONS_ANNOTATION).map_or("", String::as_str);
    match kapi_machinery::json::from_slice::<Vec<Toleration>>(raw.as_bytes()) {
        Err(e) => vec![FieldError::invalid(path, TOLERATIONS_ANNOTATION, &e.to_string())],
        // Upstream reports these under a child named for the annotation, not a key.
        Ok(list) => super::pod::validate_tolerations(&list, &path.child(TOLERATIONS_ANNOTATION)),
    }
}

/// Upstream's `ValidateSeccompPodAnnotations`: the pod's annotation, then each container's,
/// each a profile name (reported under a child named for the annotation, as upstream does).
fn seccomp_annotations(a: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(p) = a.get(SECCOMP_POD_ANNOTATION) {
        errs.extend(seccomp_profile_name(p, &path.child(SECCOMP_POD_ANNOTATION)));
    }
    for (k, p) in a.iter().filter(|(k, _)| k.starts_with(SECCOMP_CONTAINER_PREFIX)) {
        errs.extend(seccomp_profile_name(p, &path.child(k)));
    }
    errs
}

/// Upstream's `ValidateSeccompProfile`: a profile named in an annotation.
fn seccomp_profile_name(p: &str, path: &Path) -> ErrorList {
    match p {
        "runtime/default" | "docker/default" | "unconfined" => ErrorList::new(),
        _ => match p.strip_prefix(LOCALHOST_PREFIX) {
            Some(local) => super::pod::local_descending_path(local, path),
            None => vec![FieldError::invalid(path, p, "must be a valid seccomp profile")],
        },
    }
}

/// Upstream's `validateSeccompAnnotationsAndFields` and `validateAppArmorAnnotationsAndFieldsMatchOnCreate`:
/// on create, where a profile is set both in an annotation and in a security context (a
/// container's own, or for AppArmor the pod's it inherits), the two must agree. Windows pods
/// skip the AppArmor check.
pub(super) fn annotations_match_fields(pod: &Pod, spec_path: &Path) -> ErrorList {
    let (a, spec) = (&pod.metadata.annotations, &pod.spec);
    let mut errs = ErrorList::new();
    let pod_sc = spec.security_context.as_ref();
    if let Some(field) = pod_sc.and_then(|sc| sc.seccomp_profile.as_ref())
        && let Some(annotation) = a.get(SECCOMP_POD_ANNOTATION)
    {
        let p = spec_path.child("securityContext").child("seccompProfile");
        errs.extend(seccomp_match(annotation, field, &p));
    }
    let containers = super::security::containers(spec, spec_path);
    for (name, sc, cpath) in &containers {
        let Some(field) = sc.and_then(|sc| sc.seccomp_profile.as_ref()) else { continue };
        if let Some(annotation) = a.get(&format!("{SECCOMP_CONTAINER_PREFIX}{name}")) {
            errs.extend(seccomp_match(annotation, field, &cpath.child("securityContext").child("seccompProfile")));
        }
    }
    if spec.os.as_ref().is_some_and(|os| os.name.0 == "windows") {
        return errs;
    }
    let pod_profile = pod_sc.and_then(|sc| sc.app_armor_profile.as_ref());
    for (name, sc, cpath) in &containers {
        let Some(field) = sc.and_then(|sc| sc.app_armor_profile.as_ref()).or(pod_profile) else { continue };
        if let Some(annotation) = a.get(&format!("{APPARMOR_PREFIX}{name}")) {
            errs.extend(app_armor_match(annotation, field, &cpath.child("securityContext").child("appArmorProfile")));
        }
    }
    errs
}

/// Upstream's `validateSeccompAnnotationsAndFieldsMatch`.
fn seccomp_match(annotation: &str, field: &SeccompProfile, path: &Path) -> Option<FieldError> {
    let type_ok = match field.r#type.0.as_str() {
        "Unconfined" => annotation == "unconfined",
        "RuntimeDefault" => annotation == "runtime/default" || annotation == "docker/default",
        "Localhost" => match annotation.strip_prefix(LOCALHOST_PREFIX) {
            None => false,
            Some(local) if field.localhost_profile.as_deref() != Some(local) => {
                return Some(FieldError::forbidden(
                    path.child("localhostProfile"),
                    "seccomp profile in annotation and field must match",
                ));
            }
            Some(_) => true,
        },
        _ => true,
    };
    (!type_ok).then(|| FieldError::forbidden(path.child("type"), SECCOMP_TYPE_MISMATCH))
}

/// The AppArmor half of [`annotations_match_fields`], for one container's effective profile.
fn app_armor_match(annotation: &str, field: &AppArmorProfile, path: &Path) -> Option<FieldError> {
    let type_ok = match field.r#type.0.as_str() {
        "Unconfined" => annotation == "unconfined",
        "RuntimeDefault" => annotation == "runtime/default",
        "Localhost" => match annotation.strip_prefix(LOCALHOST_PREFIX) {
            None => false,
            Some(local) if field.localhost_profile.as_deref() != Some(local) => {
                return Some(FieldError::forbidden(
                    path.child("localhostProfile"),
                    "apparmor profile in annotation and field must match",
                ));
            }
            Some(_) => true,
        },
        _ => true,
    };
    (!type_ok).then(|| FieldError::forbidden(path.child("type"), APPARMOR_TYPE_MISMATCH))
}

#[cfg(test)]
#[path = "pod_annotations_tests.rs"]
mod tests;
