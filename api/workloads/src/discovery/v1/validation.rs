//! Hand-written validation of discovery.k8s.io/v1 endpoint slices, with the checks, field paths and messages of upstream's `pkg/apis/discovery/validation`.
//!
//! The address type (required, one of `FQDN`, `IPv4`, `IPv6`, immutable) and each endpoint's
//! addresses (required, at most 100) are generated declarative rules that upstream marks as
//! covering its hand-written ones; they are made here only while beta declarative validation is
//! off.

use std::collections::HashSet;
use std::net::IpAddr;

use kapi_machinery::validation::content::{is_fully_qualified_domain_name, is_label_value, validate_qualified_name};
use kapi_machinery::validation::ip::parse_ip_sloppy;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{Endpoint, EndpointHints, EndpointPort, EndpointSlice};
use crate::core::v1::validation::{
    IMMUTABLE, dns1123_label, dns1123_subdomain, is_valid_ip, legacy_ip, non_special_ip,
};
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
/// The topology key v1beta1's conversion moves to an endpoint's `zone` (`corev1.LabelTopologyZone`).
const ZONE_LABEL: &str = "topology.kubernetes.io/zone";

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

/// Whether `value` is an IPv4 address (`Some(true)`, IPv4-mapped IPv6 ones included) or an
/// IPv6 one (`Some(false)`), as `netutils.IsIPv4String` and `IsIPv6String` read it (the sloppy
/// parse, then Go's `To4`); `None` when it does not parse.
fn ip_family(value: &str) -> Option<bool> {
    parse_ip_sloppy(value).map(|(ip, _)| match ip {
        IpAddr::V4(_) => true,
        IpAddr::V6(v6) => v6.to_ipv4_mapped().is_some(),
    })
}

/// Whether two endpoint lists are equal as upstream's `apiequality.Semantic.DeepEqual` sees
/// them: a missing list or address list equals an empty one.
fn same_endpoints(a: Option<&[Endpoint]>, b: Option<&[Endpoint]>) -> bool {
    let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.addresses.as_deref().unwrap_or_default() == y.addresses.as_deref().unwrap_or_default()
                && Endpoint { addresses: None, ..x.clone() } == Endpoint { addresses: None, ..y.clone() }
        })
}

/// Validates an `EndpointSlice` (upstream's `ValidateEndpointSliceCreate` and
/// `ValidateEndpointSliceUpdate`, less the metadata): the address type, the ports (unique
/// DNS-label names, a protocol, a qualified `appProtocol`), each endpoint's addresses (by the
/// address type), node name, deprecated topology, hostname and hints; on update the endpoints'
/// errors dropped when they equal the stored ones, then an unchanged address type.
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
    errs.extend(ports(obj.ports.as_deref().unwrap_or_default(), &Path::new("ports")));
    let endpoint_errs = endpoints(obj.endpoints.as_deref().unwrap_or_default(), at, beta, &Path::new("endpoints"));
    // Endpoints left as stored may hold addresses older, looser rules accepted, so their errors
    // are dropped: upstream's ratchet, for the whole list (`+listType=atomic`), so any change
    // has every endpoint checked. Compared only when there are errors, as upstream does, since
    // the list may be long.
    let unchanged = || old.is_some_and(|old| same_endpoints(old.endpoints.as_deref(), obj.endpoints.as_deref()));
    if endpoint_errs.is_empty() || !unchanged() {
        errs.extend(endpoint_errs);
    }
    if let Some(old) = old
        && !beta
        && old.address_type != obj.address_type
    {
        errs.push(FieldError::invalid_value("addressType", BadValue::named(at), IMMUTABLE));
    }
    errs
}

/// The checks of one address by the slice's address type. An IPv4 address is a legacy IP field
/// (leading zeros and IPv4-mapped addresses refused only with `StrictIPCIDRValidation`); an
/// IPv6 one gets the strict check, canonical form included. An address that parses is then of
/// the type's family (else `must be an IPv4 address`/`must be an IPv6 address`, which upstream
/// reports at the whole `addresses` list, not the item) and not unspecified, loopback or
/// link-local (upstream's `ValidateEndpointIP`). Unknown types are not checked, as upstream's
/// switch has no default.
fn address(address_type: &str, value: &str, addresses: &Path, item: &Path) -> ErrorList {
    let (parse_errs, v4, family_msg) = match address_type {
        "IPv4" => (legacy_ip::<&str>(item, value, &[]), true, "must be an IPv4 address"),
        "IPv6" => (is_valid_ip(item, value), false, "must be an IPv6 address"),
        "FQDN" => return is_fully_qualified_domain_name(item, value),
        _ => return ErrorList::new(),
    };
    if !parse_errs.is_empty() {
        return parse_errs;
    }
    let mut errs = ErrorList::new();
    if ip_family(value) != Some(v4) {
        errs.push(FieldError::invalid(addresses, value, family_msg));
    }
    errs.extend(non_special_ip(value, item));
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
            errs.extend(address(address_type, a, &ap, &ap.index(j)));
        }
        if let Some(n) = &ep.node_name {
            errs.extend(dns1123_subdomain(n, &idx.child("nodeName")));
        }
        let tp = idx.child("deprecatedTopology");
        if ep.deprecated_topology.len() > MAX_TOPOLOGY_LABELS {
            errs.push(FieldError::too_many(&tp, ep.deprecated_topology.len(), MAX_TOPOLOGY_LABELS));
        }
        errs.extend(validate_labels(&ep.deprecated_topology, &tp));
        // Conversion from v1beta1 moves this key to `zone`, and v1 writes drop the topology, so
        // it is never seen here but through a bug, as upstream's internal error says.
        if ep.deprecated_topology.contains_key(ZONE_LABEL) {
            errs.push(FieldError::internal(tp.key(ZONE_LABEL), "reserved key was not removed in conversion"));
        }
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
/// most 8 nodes, each named once with a node name (a DNS subdomain). Too many zones is the only
/// error, too many nodes the last, as upstream returns early.
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
