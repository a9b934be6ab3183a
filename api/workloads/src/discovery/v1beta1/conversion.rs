//! Hand-written conversions of `discovery.k8s.io/v1beta1`: an endpoint's topology map holds what
//! the internal version (and v1) keeps in `zone` and `node_name`, plus the rest as `deprecated_topology`.

use kapi_machinery::ConversionError;

use super::Endpoint;
use crate::discovery as internal;

/// The zone label leaves the map for `zone`; the hostname label leaves it only when it equals
/// `node_name` (v1beta1 lets the two differ, and v1 shows no duplicate); what is left is the
/// deprecated topology.
pub fn convert_endpoint_to_internal(mut from: Endpoint) -> Result<internal::Endpoint, ConversionError> {
    let mut topology = std::mem::take(&mut from.topology);
    let mut out = super::auto_convert_endpoint_to_internal(from)?;
    if let Some(zone) = topology.remove(internal::LABEL_TOPOLOGY_ZONE) {
        out.zone = Some(zone);
    }
    if out.node_name.is_some() && topology.get(internal::LABEL_HOSTNAME) == out.node_name.as_ref() {
        topology.remove(internal::LABEL_HOSTNAME);
    }
    out.deprecated_topology = topology;
    Ok(out)
}

/// The deprecated topology, with the zone label from `zone` and, unless the map already names a
/// hostname, the hostname label from `node_name`.
pub fn convert_endpoint_from_internal(mut from: internal::Endpoint) -> Result<Endpoint, ConversionError> {
    let mut topology = std::mem::take(&mut from.deprecated_topology);
    let (zone, node_name) = (from.zone.clone(), from.node_name.clone());
    let mut out = super::auto_convert_endpoint_from_internal(from)?;
    if let Some(zone) = zone {
        topology.insert(internal::LABEL_TOPOLOGY_ZONE.to_owned(), zone);
    }
    if let Some(node) = node_name
        && topology.get(internal::LABEL_HOSTNAME).is_none_or(String::is_empty)
    {
        topology.insert(internal::LABEL_HOSTNAME.to_owned(), node);
    }
    out.topology = topology;
    Ok(out)
}
