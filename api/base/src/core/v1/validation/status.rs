//! Status-write checks of services, replication controllers and persistent volumes (upstream's `ValidateLoadBalancerStatus`, `ValidateReplicationControllerStatus` and `ValidatePersistentVolumeStatusUpdate`), and the replica count helpers apps/v1's status checks share.

use kapi_machinery::validation::content::is_dns1123_subdomain;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::non_negative;
use super::resources::{legacy_ip, parse_ip_sloppy};
use crate::core::v1::{LoadBalancerStatus, PersistentVolume, ReplicationControllerStatus, ServiceSpec};
use crate::features::{Feature, enabled};

const IP_MODES: &[&str] = &["Proxy", "VIP"];
const NOT_AN_IP: &str = "must be a DNS name, not an IP address";

/// Each count that is set must not be negative (upstream's `ValidateNonnegativeField` on each
/// field in turn, under `path`).
#[doc(hidden)]
pub fn non_negatives(errs: &mut ErrorList, path: &Path, fields: &[(&str, Option<i64>)]) {
    for (field, value) in fields {
        if let Some(v) = value {
            errs.extend(non_negative(*v, &path.child(field)));
        }
    }
}

/// Each `(field, value, bound, bound's name)`: the value must not exceed the bound, reported as
/// upstream's controllers' status checks report it (`cannot be greater than status.replicas`).
#[doc(hidden)]
pub fn not_above(errs: &mut ErrorList, path: &Path, checks: &[(&str, i32, i32, &str)]) {
    for (field, value, bound, what) in checks {
        if value > bound {
            errs.push(FieldError::invalid_value(path.child(field), *value, &format!("cannot be greater than {what}")));
        }
    }
}

/// Upstream's `ValidateReplicationControllerStatus`: counts not negative, none above `replicas`,
/// available not above ready (the same rules and messages as a replica set's).
pub(crate) fn replication_controller_status(s: &ReplicationControllerStatus, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    non_negatives(
        &mut errs,
        path,
        &[
            ("replicas", Some(i64::from(s.replicas))),
            ("fullyLabeledReplicas", Some(i64::from(s.fully_labeled_replicas))),
            ("readyReplicas", Some(i64::from(s.ready_replicas))),
            ("availableReplicas", Some(i64::from(s.available_replicas))),
            ("observedGeneration", Some(s.observed_generation)),
        ],
    );
    not_above(
        &mut errs,
        path,
        &[
            ("fullyLabeledReplicas", s.fully_labeled_replicas, s.replicas, "status.replicas"),
            ("readyReplicas", s.ready_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.ready_replicas, "readyReplicas"),
        ],
    );
    errs
}

/// Upstream's `ValidateLoadBalancerStatus` for a service's `status.loadBalancer`: ingress points
/// only on `type: LoadBalancer` (the `AllowServiceLBStatusOnNonLB` gate that allowed them
/// elsewhere is locked off), each IP a legacy IP field (sloppy parsing unless
/// `StrictIPCIDRValidation`; an IP the stored status already had is kept unchecked), an
/// `ipMode` with every IP while `LoadBalancerIPMode` is on, none without an IP, `VIP` or
/// `Proxy`, and each hostname a DNS subdomain that is not an IP.
pub(crate) fn load_balancer_status(
    status: &LoadBalancerStatus,
    old: Option<&LoadBalancerStatus>,
    path: &Path,
    spec: &ServiceSpec,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let ingress_path = path.child("ingress");
    if spec.r#type.0 != "LoadBalancer" && !status.ingress.is_empty() {
        errs.push(FieldError::forbidden(ingress_path, "may only be used when `spec.type` is 'LoadBalancer'"));
        return errs;
    }
    // Addresses stored before upstream tightened IP parsing stay valid through later writes.
    let old_ips: Vec<&str> =
        old.map_or_else(Vec::new, |o| o.ingress.iter().filter(|i| !i.ip.is_empty()).map(|i| i.ip.as_str()).collect());
    for (i, ingress) in status.ingress.iter().enumerate() {
        let idx = ingress_path.index(i);
        let ip = ingress.ip.as_str();
        if !ip.is_empty() {
            errs.extend(legacy_ip(&idx.child("ip"), ip, &old_ips));
        }
        match &ingress.ip_mode {
            None => {
                if enabled(Feature::LoadBalancerIPMode) && !ip.is_empty() {
                    errs.push(FieldError::required(idx.child("ipMode"), "must be specified when `ip` is set"));
                }
            }
            Some(_) if ip.is_empty() => {
                errs.push(FieldError::forbidden(idx.child("ipMode"), "may not be specified when `ip` is not set"));
            }
            Some(mode) if !IP_MODES.contains(&mode.0.as_str()) => {
                errs.push(FieldError::not_supported_value(idx.child("ipMode"), BadValue::named(&mode.0), IP_MODES));
            }
            Some(_) => {}
        }
        let host = ingress.hostname.as_str();
        if !host.is_empty() {
            let hp = idx.child("hostname");
            errs.extend(is_dns1123_subdomain(host).iter().map(|m| FieldError::invalid(&hp, host, m)));
            if parse_ip_sloppy(host).is_some() {
                errs.push(FieldError::invalid(&hp, host, NOT_AN_IP));
            }
        }
    }
    errs
}

/// Upstream's `ValidatePersistentVolumeStatusUpdate` beyond the metadata: a resource version.
/// The test server always sets the stored one before validating (as upstream's store does for
/// an unconditional update), so through HTTP this never fails; it is kept for callers of the
/// function.
pub(crate) fn persistent_volume_status(obj: &PersistentVolume) -> ErrorList {
    if obj.metadata.resource_version.is_empty() {
        return vec![FieldError::required("resourceVersion", "")];
    }
    ErrorList::new()
}

#[cfg(test)]
#[path = "status_tests.rs"]
mod tests;
