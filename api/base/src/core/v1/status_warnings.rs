//! The warnings kube-apiserver returns on writes to a pod's or a service's `status` (upstream's pod and service status strategies' `WarningsOnUpdate`).

use kapi_machinery::validation::Path;

use super::validation::ip_warnings;
use crate::core::v1::{Pod, Service};

/// The warnings of a pod status write: each pod IP, then each host IP, in a non-standard form
/// (upstream's `GetWarningsForIP` at `status.podIPs[i].ip` and `status.hostIPs[i].ip`); the
/// stored pod plays no part.
pub fn warnings_for_pod_status_update(obj: &Pod, _old: &Pod) -> Vec<String> {
    let status = Path::new("status");
    let pod_ips = obj.status.pod_ips.iter().enumerate().map(|(i, ip)| (status.child("podIPs").index(i), &ip.ip));
    let host_ips = obj.status.host_ips.iter().enumerate().map(|(i, ip)| (status.child("hostIPs").index(i), &ip.ip));
    pod_ips.chain(host_ips).flat_map(|(at, ip)| ip_warnings(&at.child("ip"), ip)).collect()
}

/// The warnings of a service status write: each load-balancer ingress IP in a non-standard form,
/// at `status.loadBalancer.ingress[i]` (upstream names the entry, not its `ip`); the stored
/// service plays no part.
pub fn warnings_for_service_status_update(obj: &Service, _old: &Service) -> Vec<String> {
    let ingress = Path::new("status").child("loadBalancer").child("ingress");
    let entries = obj.status.load_balancer.ingress.iter().enumerate();
    entries.flat_map(|(i, entry)| ip_warnings(&ingress.index(i), &entry.ip)).collect()
}

#[cfg(test)]
#[path = "status_warnings_tests.rs"]
mod tests;
