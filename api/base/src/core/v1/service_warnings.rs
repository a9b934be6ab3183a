//! The warnings kube-apiserver returns on a service's create and update (upstream's `GetWarningsForService` in `pkg/api/service/warnings.go`).

use kapi_machinery::validation::{Path, go_quote};

use super::validation::{cidr_warnings, ip_warnings};
use crate::core::v1::Service;

const DEPRECATED_TOPOLOGY_HINTS: &str = "service.kubernetes.io/topology-aware-hints";
const TOPOLOGY_MODE: &str = "service.kubernetes.io/topology-mode";

/// The warnings for a service written by create (`old` is `None`) or update; upstream ignores the
/// old object. In order: the deprecated topology-aware-hints annotation; non-standard cluster IPs
/// (when set); fields a headless service ignores; non-standard external IPs; the deprecation of
/// `externalIPs` (not for a headless or `ExternalName` service); a non-standard
/// `loadBalancerIP`; non-standard `loadBalancerSourceRanges`; `externalIPs` ignored by an
/// `ExternalName` service and `externalName` by the others; `trafficDistribution: PreferClose`.
pub fn warnings_for_service(obj: &Service, _old: Option<&Service>) -> Vec<String> {
    let spec = &obj.spec;
    let ty = spec.r#type.0.as_str();
    let spec_path = Path::new("spec");
    let mut warnings = Vec::new();
    if obj.metadata.annotations.contains_key(DEPRECATED_TOPOLOGY_HINTS) {
        warnings
            .push(format!("annotation {DEPRECATED_TOPOLOGY_HINTS} is deprecated, please use {TOPOLOGY_MODE} instead"));
    }
    // `helper.IsServiceIPSet`.
    if !spec.cluster_ip.is_empty() && spec.cluster_ip != "None" {
        for (i, ip) in spec.cluster_ips.iter().enumerate() {
            warnings.extend(ip_warnings(&spec_path.child("clusterIPs").index(i), ip));
        }
    }
    let headless = ty == "ClusterIP" && spec.cluster_ip == "None";
    if headless {
        if !spec.load_balancer_ip.is_empty() {
            warnings.push("spec.loadBalancerIP is ignored for headless services".to_owned());
        }
        if !spec.external_ips.is_empty() {
            warnings.push("spec.externalIPs is ignored for headless services".to_owned());
        }
        if spec.session_affinity.0 != "None" {
            warnings.push("spec.SessionAffinity is ignored for headless services".to_owned());
        }
    }
    for (i, ip) in spec.external_ips.iter().enumerate() {
        warnings.extend(ip_warnings(&spec_path.child("externalIPs").index(i), ip));
    }
    if !spec.external_ips.is_empty() && !headless && ty != "ExternalName" {
        warnings.push("spec.externalIPs is deprecated and may no longer be implemented in some clusters".to_owned());
    }
    if !spec.load_balancer_ip.is_empty() {
        warnings.extend(ip_warnings(&spec_path.child("loadBalancerIP"), &spec.load_balancer_ip));
    }
    for (i, cidr) in spec.load_balancer_source_ranges.iter().enumerate() {
        warnings.extend(cidr_warnings(&spec_path.child("loadBalancerSourceRanges").index(i), cidr));
    }
    if ty == "ExternalName" && !spec.external_ips.is_empty() {
        warnings.push(format!("spec.externalIPs is ignored when spec.type is {}", go_quote("ExternalName")));
    }
    if ty != "ExternalName" && !spec.external_name.is_empty() {
        warnings.push(format!("spec.externalName is ignored when spec.type is not {}", go_quote("ExternalName")));
    }
    if spec.traffic_distribution.as_deref() == Some("PreferClose") {
        warnings.push(format!(
            "spec.trafficDistribution: {} is deprecated; use {}",
            go_quote("PreferClose"),
            go_quote("PreferSameZone")
        ));
    }
    warnings
}

#[cfg(test)]
#[path = "service_warnings_tests.rs"]
mod tests;
