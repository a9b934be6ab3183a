//! The warnings kube-apiserver returns on an Endpoints object's create and update (upstream's `endpointsWarnings` in `pkg/registry/core/endpoint/strategy.go`).

use kapi_machinery::validation::Path;

use super::validation::ip_warnings;
use crate::core::v1::Endpoints;

/// The label the endpoints controller marks its objects with, and its value there.
const MANAGED_BY: (&str, &str) = ("endpoints.kubernetes.io/managed-by", "endpoint-controller");

/// The warnings for an Endpoints object written by create (`old` is `None`) or update: each
/// ready and not-ready address whose IP is in a non-standard form. Objects the endpoints
/// controller manages are not looked at (it writes standard forms). The deprecation of the
/// whole kind is a separate warning, sent for every request (`ApiLifecycle`).
pub fn warnings_for_endpoints(obj: &Endpoints, _old: Option<&Endpoints>) -> Vec<String> {
    if obj.metadata.labels.get(MANAGED_BY.0).map(String::as_str) == Some(MANAGED_BY.1) {
        return Vec::new();
    }
    let mut warnings = Vec::new();
    for (i, subset) in obj.subsets.iter().enumerate() {
        let subset_path = Path::new("subsets").index(i);
        for (j, address) in subset.addresses.iter().enumerate() {
            warnings.extend(ip_warnings(&subset_path.child("addresses").index(j).child("ip"), &address.ip));
        }
        for (j, address) in subset.not_ready_addresses.iter().enumerate() {
            warnings.extend(ip_warnings(&subset_path.child("notReadyAddresses").index(j).child("ip"), &address.ip));
        }
    }
    warnings
}

#[cfg(test)]
#[path = "endpoints_warnings_tests.rs"]
mod tests;
