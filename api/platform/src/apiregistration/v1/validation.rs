//! Hand-written validation of apiregistration.k8s.io/v1 API services, with the checks, field paths and messages of upstream's `kube-aggregator/pkg/apis/apiregistration/validation`.
//!
//! Upstream's name rule replaces the usual DNS-subdomain one: a path segment that is exactly
//! `<spec.version>.<spec.group>` (so `v1.` names the legacy group). The name is checked here as
//! that rule says; the server's generic metadata checks stay the server's.

use kapi_machinery::validation::content::{is_dns1035_label, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{APIService, ConditionStatus};
use crate::meta::v1::object_meta_validation::validate_own_names;

/// Upstream's condition statuses, in its (unsorted) order.
const CONDITION_STATUSES: &[&str] = &[ConditionStatus::TRUE, ConditionStatus::FALSE, ConditionStatus::UNKNOWN];

/// Upstream's `path.IsValidPathSegmentName`.
fn path_segment_name(name: &str) -> Vec<String> {
    if name == "." || name == ".." {
        return vec![format!("may not be '{name}'")];
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

/// Validates an `APIService` (upstream's `ValidateAPIService`, which its update runs too): the
/// name `<version>.<group>`, the group (empty only for `v1`) and version, the two priorities,
/// no CA bundle or skipped TLS verification for a local service, and a referenced service's
/// namespace and name, with no skipped verification beside a CA bundle.
pub fn validate_api_service(obj: &APIService, _old: Option<&APIService>) -> ErrorList {
    let spec = &obj.spec;
    // The name is `<version>.<group>` exactly; upstream's rule ignores whether it checks a
    // generate name, so no generate name passes but that one.
    let required_name = format!("{}.{}", spec.version, spec.group);
    let mut errs = validate_own_names(&obj.metadata, |name, _prefix| {
        let mut failures = path_segment_name(name);
        if failures.is_empty() && name != required_name {
            failures.push(format!(
                "must be `spec.version+\".\"+spec.group`: {}",
                kapi_machinery::validation::go_quote(&required_name)
            ));
        }
        failures
    });
    let sp = Path::new("spec");
    if spec.group.is_empty() && spec.version != "v1" {
        errs.push(FieldError::required(
            sp.child("group"),
            "only v1 may have an empty group and it better be legacy kube",
        ));
    }
    if !spec.group.is_empty() {
        let gp = sp.child("group");
        errs.extend(is_dns1123_subdomain(&spec.group).iter().map(|m| FieldError::invalid(&gp, &spec.group, m)));
    }
    let vp = sp.child("version");
    errs.extend(is_dns1035_label(&spec.version).iter().map(|m| FieldError::invalid(&vp, &spec.version, m)));
    if !(1..=20_000).contains(&spec.group_priority_minimum) {
        errs.push(FieldError::invalid_value(
            sp.child("groupPriorityMinimum"),
            spec.group_priority_minimum,
            "must be positive and less than 20000",
        ));
    }
    if !(1..=1000).contains(&spec.version_priority) {
        errs.push(FieldError::invalid_value(
            sp.child("versionPriority"),
            spec.version_priority,
            "must be positive and less than 1000",
        ));
    }
    let Some(service) = &spec.service else {
        if !spec.ca_bundle.is_empty() {
            // Upstream reports the bundle's size, not its bytes.
            errs.push(FieldError::invalid(
                sp.child("caBundle"),
                &format!("{} bytes", spec.ca_bundle.len()),
                "local APIServices may not have a caBundle",
            ));
        }
        if spec.insecure_skip_tls_verify {
            errs.push(FieldError::invalid_value(
                sp.child("insecureSkipTLSVerify"),
                true,
                "local APIServices may not have insecureSkipTLSVerify",
            ));
        }
        return errs;
    };
    if service.namespace.is_empty() {
        errs.push(FieldError::required(sp.child("service").child("namespace"), ""));
    }
    if service.name.is_empty() {
        errs.push(FieldError::required(sp.child("service").child("name"), ""));
    }
    if spec.insecure_skip_tls_verify && !spec.ca_bundle.is_empty() {
        errs.push(FieldError::invalid_value(
            sp.child("insecureSkipTLSVerify"),
            true,
            "may not be true if caBundle is present",
        ));
    }
    errs
}

/// Validates an `APIService` status write (upstream's `ValidateAPIServiceStatusUpdate`): each
/// condition's status is `True`, `False` or `Unknown`.
pub fn validate_api_service_status_update(obj: &APIService, _old: &APIService) -> ErrorList {
    let path = Path::new("status").child("conditions");
    obj.status
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| !CONDITION_STATUSES.contains(&c.status.0.as_str()))
        .map(|(i, c)| {
            FieldError::not_supported_value(
                path.index(i).child("status"),
                BadValue::named(&c.status.0),
                CONDITION_STATUSES,
            )
        })
        .collect()
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
