//! Hand-written validation of discovery.k8s.io/v1 endpoint slices, with the checks, field paths and messages of upstream's `pkg/apis/discovery/validation`.
//!
//! The address type (required, one of `FQDN`, `IPv4`, `IPv6`, immutable) and each endpoint's
//! addresses (required, at most 100) are generated declarative rules that upstream marks as
//! covering its hand-written ones; they are made here only while beta declarative validation is
//! off.

use std::collections::HashSet;

use kapi_machinery::validation::content::{is_fully_qualified_name, is_label_value, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{Endpoint, EndpointHints, EndpointPort, EndpointSlice};
use crate::core::v1::validation::{IMMUTABLE, dns1123_label, dns1123_subdomain, non_special_ip, parse_cidr_sloppy};
use crate::features::{self, Release};
use crate::meta::v1::validation::validate_labels;

pub use super::endpoint_slice_warnings::warnings_for_endpoint_slice;

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const ADDRESS_TYPES: &[&str] = &["FQDN", "IPv4", "IPv6"];
const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];
const MAX_TOPOLOGY_LABELS: usize = 16;
const MAX_ADDRESSES: usize = 100;
const MAX_PORTS: usize = 20000;
const MAX_ENDPOINTS: usize = 1000;
const MAX_ZONE_HINTS: usize = 8;
const MAX_NODE_HINTS: usize = 8;

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

/// Whether `value` parses as an IPv4 address (`Some(true)`), an IPv6 one (`Some(false)`), or
/// not at all, as `netutils.ParseIPSloppy` and `To4` see it.
fn ip_family(value: &str) -> Option<bool> {
    if value.contains('/') {
        return None;
    }
    parse_cidr_sloppy(&format!("{value}/0")).map(|c| c.is_v4())
}

/// Validates an `EndpointSlice` (upstream's `ValidateEndpointSliceCreate` and
/// `ValidateEndpointSliceUpdate`): the address type, each endpoint's addresses (by the address
/// type), node name, deprecated topology, hostname and hints, and the ports (unique DNS-label
/// names, a protocol, a qualified `appProtocol`); on update an unchanged address type, and the
/// endpoints checked only when they differ from the stored ones.
pub fn validate_endpoint_slice(obj: &EndpointSlice, old: Option<&EndpointSlice>) -> ErrorList {
    let beta = declarative_beta();
    let mut errs = ErrorList::new();
    let at = &obj.address_type.0;
    if !beta {
        if at.is_empty() {
            errs.push(FieldError::required("addressType", ""));
        } else if !ADDRESS_TYPES.contains(&at.as_str()) {
            errs.push(FieldError::not_supported_value("addressType", BadValue::named(at), ADDRESS_TYPES));
        }
    }
    // Unchanged endpoints are not checked again on update, since they may hold addresses older,
    // looser rules accepted: upstream's ratchet, for the whole list (`+listType=atomic`), so any
    // change has every endpoint checked.
    if old.is_none_or(|old| old.endpoints != obj.endpoints) {
        errs.extend(endpoints(obj.endpoints.as_deref().unwrap_or_default(), at, beta, &Path::new("endpoints")));
    }
    errs.extend(ports(obj.ports.as_deref().unwrap_or_default(), &Path::new("ports")));
    if let Some(old) = old
        && !beta
        && old.address_type != obj.address_type
    {
        errs.push(FieldError::invalid_value("addressType", BadValue::named(at), IMMUTABLE));
    }
    errs
}

fn endpoints(list: &[Endpoint], address_type: &str, beta: bool, path: &Path) -> ErrorList {
    if list.len() > MAX_ENDPOINTS {
        return vec![FieldError::too_many(path, list.len(), MAX_ENDPOINTS)];
    }
    let mut errs = ErrorList::new();
    for (i, ep) in list.iter().enumerate() {
        let idx = path.index(i);
        let ap = idx.child("addresses");
        let addresses = ep.addresses.as_deref().unwrap_or_default();
        if !beta {
            if addresses.is_empty() {
                errs.push(FieldError::required(&ap, "must contain at least 1 address"));
            } else if addresses.len() > MAX_ADDRESSES {
                errs.push(FieldError::too_many(&ap, addresses.len(), MAX_ADDRESSES));
            }
        }
        for (j, a) in addresses.iter().enumerate() {
            let p = ap.index(j);
            match address_type {
                "IPv4" => {
                    if ip_family(a) != Some(true) {
                        errs.push(FieldError::invalid(&p, a, "must be a valid IPv4 address"));
                    }
                    errs.extend(non_special_ip(a, &p));
                }
                "IPv6" => {
                    if ip_family(a) != Some(false) {
                        errs.push(FieldError::invalid(&p, a, "must be a valid IPv6 address"));
                    }
                    errs.extend(non_special_ip(a, &p));
                }
                "FQDN" => errs.extend(is_fully_qualified_name(&p, a)),
                // Unknown types are not checked, as upstream's switch has no default.
                _ => {}
            }
        }
        if let Some(n) = &ep.node_name {
            errs.extend(dns1123_subdomain(n, &idx.child("nodeName")));
        }
        let tp = idx.child("deprecatedTopology");
        if ep.deprecated_topology.len() > MAX_TOPOLOGY_LABELS {
            errs.push(FieldError::too_many(&tp, ep.deprecated_topology.len(), MAX_TOPOLOGY_LABELS));
        }
        errs.extend(validate_labels(&ep.deprecated_topology, &tp));
        if let Some(h) = &ep.hostname {
            errs.extend(dns1123_label(h, &idx.child("hostname")));
        }
        if let Some(h) = &ep.hints {
            errs.extend(hints(h, &idx.child("hints")));
        }
    }
    errs
}

/// Upstream's `validateHints`: at most 8 zones, each named once with a label value; then at
/// most 8 nodes, each named once with a node name (a DNS subdomain). Too many zones or nodes is
/// the only error of its list, as upstream returns early.
fn hints(h: &EndpointHints, path: &Path) -> ErrorList {
    let zp = path.child("forZones");
    if h.for_zones.len() > MAX_ZONE_HINTS {
        return vec![FieldError::too_many(&zp, h.for_zones.len(), MAX_ZONE_HINTS)];
    }
    let mut errs = ErrorList::new();
    let mut seen = HashSet::new();
    for (i, z) in h.for_zones.iter().enumerate() {
        let p = zp.index(i).child("name");
        if !seen.insert(z.name.as_str()) {
            errs.push(FieldError::duplicate(&p, z.name.as_str()));
        }
        errs.extend(is_label_value(&z.name).iter().map(|m| FieldError::invalid(&p, &z.name, m)));
    }
    // The node hints (`PreferSameTrafficDistribution`, 1.33) follow the zones' pattern; the
    // upstream source this package was ported from predates them, so the rule is the field's
    // documented limit of 8 and the node name check `ValidateNodeName` makes elsewhere.
    let np = path.child("forNodes");
    if h.for_nodes.len() > MAX_NODE_HINTS {
        errs.push(FieldError::too_many(&np, h.for_nodes.len(), MAX_NODE_HINTS));
        return errs;
    }
    let mut seen = HashSet::new();
    for (i, n) in h.for_nodes.iter().enumerate() {
        let p = np.index(i).child("name");
        if !seen.insert(n.name.as_str()) {
            errs.push(FieldError::duplicate(&p, n.name.as_str()));
        }
        errs.extend(dns1123_subdomain(&n.name, &p));
    }
    errs
}

fn ports(list: &[EndpointPort], path: &Path) -> ErrorList {
    if list.len() > MAX_PORTS {
        return vec![FieldError::too_many(path, list.len(), MAX_PORTS)];
    }
    let mut errs = ErrorList::new();
    let mut names = HashSet::new();
    for (i, port) in list.iter().enumerate() {
        let idx = path.index(i);
        let name = port.name.as_deref().unwrap_or_default();
        if !name.is_empty() {
            errs.extend(dns1123_label(name, &idx.child("name")));
        }
        if !names.insert(name) {
            errs.push(FieldError::duplicate(idx.child("name"), name));
        }
        match &port.protocol {
            None => errs.push(FieldError::required(idx.child("protocol"), "")),
            Some(p) if !PROTOCOLS.contains(&p.0.as_str()) => {
                errs.push(FieldError::not_supported_value(idx.child("protocol"), BadValue::named(&p.0), PROTOCOLS));
            }
            Some(_) => {}
        }
        if let Some(a) = &port.app_protocol {
            errs.extend(validate_qualified_name(&idx.child("appProtocol"), a));
        }
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
