//! Custom fuzzer functions for the internal `discovery.k8s.io` types (upstream's `pkg/apis/discovery/fuzzer`): values the versions' defaults and v1beta1's topology map leave unchanged.

use kapi_machinery::Fuzzer;

use super::*;

/// One of the three address types; ports always carry a name and one of the three protocols.
pub fn fuzz_endpoint_slice(obj: &mut EndpointSlice, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let types = [AddressType::IPV4, AddressType::IPV6, AddressType::FQDN];
    obj.address_type = AddressType((*f.pick(&types)).to_owned());
    for port in obj.ports.iter_mut().flatten() {
        port.name.get_or_insert_with(String::new);
        if port.protocol.is_none() {
            let protocols = [crate::core::Protocol::TCP, crate::core::Protocol::UDP, crate::core::Protocol::SCTP];
            port.protocol = Some(crate::core::Protocol((*f.pick(&protocols)).to_owned()));
        }
    }
}

/// The deprecated topology never holds the zone or hostname labels, which v1beta1 shares with
/// `zone` and `node_name`.
pub fn fuzz_endpoint(obj: &mut Endpoint, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.deprecated_topology.remove(LABEL_TOPOLOGY_ZONE);
    obj.deprecated_topology.remove(LABEL_HOSTNAME);
}
