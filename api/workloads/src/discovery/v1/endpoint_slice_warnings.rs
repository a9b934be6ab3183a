//! The warnings kube-apiserver returns on an EndpointSlice's create and update (upstream's `warnOnDeprecatedAddressType` and `warnOnBadIPs` in `pkg/registry/discovery/endpointslice/strategy.go`).

use kapi_machinery::validation::Path;

use crate::core::v1::validation::ip_warnings;
use crate::discovery::v1::EndpointSlice;

/// The label EndpointSlice controllers mark their slices with.
const MANAGED_BY: &str = "endpointslice.kubernetes.io/managed-by";
/// The EndpointSlice and EndpointSlice mirroring controllers' names in that label.
const CONTROLLERS: &[&str] = &["endpointslice-controller.k8s.io", "endpointslicemirroring-controller.k8s.io"];

/// The warnings for an EndpointSlice written by create (`old` is `None`) or update: on create,
/// the deprecated `FQDN` address type; on both, each endpoint address that is an IP in a
/// non-standard form (addresses that are not IPs get none). Slices the EndpointSlice
/// controllers manage are not checked for IPs (they write standard forms).
pub fn warnings_for_endpoint_slice(obj: &EndpointSlice, old: Option<&EndpointSlice>) -> Vec<String> {
    let mut warnings = Vec::new();
    if old.is_none() && obj.address_type.0 == "FQDN" {
        warnings.push(format!("{}: FQDN endpoints are deprecated", Path::new("spec").child("addressType")));
    }
    let managed = obj.metadata.labels.get(MANAGED_BY).is_some_and(|by| CONTROLLERS.contains(&by.as_str()));
    if managed {
        return warnings;
    }
    for (i, endpoint) in obj.endpoints.iter().flatten().enumerate() {
        let addresses_path = Path::new("endpoints").index(i).child("addresses");
        for (j, address) in endpoint.addresses.iter().flatten().enumerate() {
            warnings.extend(ip_warnings(&addresses_path.index(j), address));
        }
    }
    warnings
}

#[cfg(test)]
#[path = "endpoint_slice_warnings_tests.rs"]
mod tests;
