//! The EndpointSlice warnings of upstream's strategy: the FQDN address type on create, and non-standard IPs unless a controller wrote the slice.

use super::warnings_for_endpoint_slice;
use crate::discovery::v1::{AddressType, Endpoint, EndpointSlice};
use crate::meta::v1::ObjectMeta;

fn slice(address_type: &str, addresses: &[&[&str]]) -> EndpointSlice {
    EndpointSlice {
        metadata: ObjectMeta { name: "web-abc".into(), namespace: "default".into(), ..ObjectMeta::default() },
        address_type: AddressType(address_type.into()),
        endpoints: Some(
            addresses
                .iter()
                .map(|a| Endpoint {
                    addresses: Some(a.iter().map(|s| (*s).to_owned()).collect()),
                    ..Endpoint::default()
                })
                .collect(),
        ),
        ..EndpointSlice::default()
    }
}

const LEADING_ZERO: &str =
    r#"endpoints[1].addresses[0]: non-standard IP address "10.0.0.02" is invalid: use "10.0.0.2""#;

#[test]
fn non_standard_ips_are_warned_about_on_create_and_update() {
    let eps = slice("IPv4", &[&["10.0.0.1"], &["10.0.0.02", "10.0.0.3"]]);
    assert_eq!(warnings_for_endpoint_slice(&eps, None), [LEADING_ZERO]);
    assert_eq!(warnings_for_endpoint_slice(&eps, Some(&eps)), [LEADING_ZERO]);
    let v6 = slice("IPv6", &[&["2001:db8:0:0::1"]]);
    assert_eq!(
        warnings_for_endpoint_slice(&v6, None),
        [
            r#"endpoints[0].addresses[0]: IPv6 address "2001:db8:0:0::1" should be in RFC 5952 canonical format ("2001:db8::1")"#
        ]
    );
}

#[test]
fn fqdn_is_deprecated_on_create_only() {
    let fqdn = slice("FQDN", &[&["web.example.com"]]);
    assert_eq!(warnings_for_endpoint_slice(&fqdn, None), ["spec.addressType: FQDN endpoints are deprecated"]);
    assert!(warnings_for_endpoint_slice(&fqdn, Some(&fqdn)).is_empty());
}

#[test]
fn controller_slices_are_not_checked_for_ips() {
    for controller in ["endpointslice-controller.k8s.io", "endpointslicemirroring-controller.k8s.io"] {
        let mut eps = slice("IPv4", &[&["10.0.0.1"], &["10.0.0.02"]]);
        eps.metadata.labels.insert("endpointslice.kubernetes.io/managed-by".into(), controller.into());
        assert!(warnings_for_endpoint_slice(&eps, None).is_empty(), "{controller}");
    }
    let mut other = slice("IPv4", &[&["10.0.0.1"], &["10.0.0.02"]]);
    other.metadata.labels.insert("endpointslice.kubernetes.io/managed-by".into(), "my-controller".into());
    assert_eq!(warnings_for_endpoint_slice(&other, None), [LEADING_ZERO]);
}
