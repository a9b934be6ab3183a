//! The Endpoints warnings of upstream's `endpointsWarnings`: every address's IP, skipped for the endpoints controller's objects.

use super::warnings_for_endpoints;
use crate::core::v1::{EndpointAddress, EndpointSubset, Endpoints};
use crate::meta::v1::ObjectMeta;

fn address(ip: &str) -> EndpointAddress {
    EndpointAddress { ip: ip.into(), ..EndpointAddress::default() }
}

fn endpoints() -> Endpoints {
    Endpoints {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..ObjectMeta::default() },
        subsets: vec![
            EndpointSubset { addresses: vec![address("10.0.0.1")], ..EndpointSubset::default() },
            EndpointSubset {
                addresses: vec![address("10.0.0.2"), address("010.0.0.3")],
                not_ready_addresses: vec![address("fd00:0:0::1")],
                ..EndpointSubset::default()
            },
        ],
        ..Endpoints::default()
    }
}

#[test]
fn non_standard_addresses_are_warned_about() {
    assert_eq!(
        warnings_for_endpoints(&endpoints(), None),
        [
            r#"subsets[1].addresses[1].ip: non-standard IP address "010.0.0.3" is invalid: use "10.0.0.3""#,
            r#"subsets[1].notReadyAddresses[0].ip: IPv6 address "fd00:0:0::1" should be in RFC 5952 canonical format ("fd00::1")"#,
        ]
    );
}

#[test]
fn the_controllers_objects_are_skipped() {
    let mut managed = endpoints();
    managed.metadata.labels.insert("endpoints.kubernetes.io/managed-by".into(), "endpoint-controller".into());
    assert!(warnings_for_endpoints(&managed, None).is_empty());
    let mut other = endpoints();
    other.metadata.labels.insert("endpoints.kubernetes.io/managed-by".into(), "someone-else".into());
    assert_eq!(warnings_for_endpoints(&other, Some(&endpoints())).len(), 2);
}
