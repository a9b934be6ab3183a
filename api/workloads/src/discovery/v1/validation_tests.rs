//! Upstream's discovery validation test cases (`TestValidateEndpointSlice`, `TestValidateEndpointSliceCreate`, `TestValidateEndpointSliceUpdate`), inputs and expected error types and fields, pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::core::v1::Protocol;
use crate::discovery::v1::{AddressType, EndpointHints, ForNode, ForZone};
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn endpoint(addresses: &[&str]) -> Endpoint {
    Endpoint { addresses: Some(addresses.iter().map(|a| (*a).to_owned()).collect()), ..Default::default() }
}

fn port(name: &str, protocol: Option<&str>) -> EndpointPort {
    EndpointPort {
        name: Some(name.into()),
        protocol: protocol.map(|p| Protocol(p.into())),
        port: Some(80),
        ..Default::default()
    }
}

fn slice(address_type: &str, endpoints: Vec<Endpoint>, ports: Vec<EndpointPort>) -> EndpointSlice {
    EndpointSlice {
        metadata: ObjectMeta { name: "hello".into(), namespace: "default".into(), ..Default::default() },
        address_type: AddressType(address_type.into()),
        endpoints: Some(endpoints),
        ports: Some(ports),
        ..Default::default()
    }
}

/// The errors' types and fields, in order.
fn shape(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    errs.iter().map(|e| (e.error_type, e.field.clone())).collect()
}

/// Upstream's `generateIPAddresses`.
fn ips(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("10.1.2.{}", i % 255)).collect()
}

/// Upstream's `generatePorts`.
fn ports_n(n: usize) -> Vec<EndpointPort> {
    (0..n).map(|i| port(&format!("http-{i}"), Some("TCP"))).collect()
}

/// Upstream's `generateEndpoints`.
fn endpoints_n(n: usize) -> Vec<Endpoint> {
    (0..n).map(|i| endpoint(&[&format!("10.1.2.{}", i % 255)])).collect()
}

/// An endpoint with upstream's `generateIPAddresses(n)`.
fn with_ips(n: usize) -> Endpoint {
    Endpoint { addresses: Some(ips(n)), ..Default::default() }
}

fn hostname(ep: Endpoint, name: &str) -> Endpoint {
    Endpoint { hostname: Some(name.into()), ..ep }
}

fn zones(names: &[&str]) -> Endpoint {
    let hints = EndpointHints {
        for_zones: names.iter().map(|z| ForZone { name: (*z).into() }).collect(),
        ..Default::default()
    };
    Endpoint { hints: Some(hints), ..with_ips(1) }
}

fn nodes(names: &[&str]) -> Endpoint {
    let hints = EndpointHints {
        for_nodes: names.iter().map(|n| ForNode { name: (*n).into() }).collect(),
        ..Default::default()
    };
    Endpoint { hints: Some(hints), ..with_ips(1) }
}

fn http() -> Vec<EndpointPort> {
    vec![port("http", Some("TCP"))]
}

/// A case: upstream's name, our errors, and the expected types and fields.
type Case<'a> = (&'a str, ErrorList, &'a [(ErrorType, &'a str)]);

/// Checks each case's errors against the expected types and fields, in order (upstream counts
/// them; the fields and types are those its validation makes).
fn check(cases: &[Case<'_>]) {
    for (name, errs, want) in cases {
        let want: Vec<(ErrorType, String)> = want.iter().map(|(t, f)| (*t, (*f).to_owned())).collect();
        assert_eq!(shape(errs), want, "{name}: {errs:?}");
    }
}

const BAD_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// The gates with `StrictIPCIDRValidation` off (it is on by default in 1.36).
fn lenient() -> FeatureGates {
    FeatureGates::default().with(Feature::StrictIPCIDRValidation, false)
}

/// Upstream's `TestValidateEndpointSlice`. Its metadata errors (case "bad-meta", and the name and
/// namespace of "empty-everything") are the test server store's, which checks the name and
/// namespace by the kind's registration before the kind's validation runs.
#[test]
fn validate_endpoint_slice_as_upstream() {
    use ErrorType::{Duplicate, Internal, Invalid, NotSupported, Required, TooMany};
    let v = |s: EndpointSlice| validate_endpoint_slice(&s, None);
    let app = |name: &str, proto: &str| EndpointPort { app_protocol: Some(proto.into()), ..port(name, Some("TCP")) };
    let mut topology = with_ips(1);
    topology.deprecated_topology = (0..16).map(|i| (format!("topology-{i}"), "example".to_owned())).collect();
    let mut too_much_topology = topology.clone();
    too_much_topology.deprecated_topology.insert("topology-16".into(), "example".into());
    let mut bad_topology = with_ips(1);
    bad_topology.deprecated_topology.insert("--INVALID".into(), "example".into());
    let mut zone_topology = with_ips(1);
    zone_topology.deprecated_topology.insert("topology.kubernetes.io/zone".into(), "zone1".into());
    let valid_hints = Endpoint {
        hints: Some(EndpointHints {
            for_zones: vec![ForZone { name: "zone-a".into() }],
            for_nodes: vec![ForNode { name: "node-1".into() }],
        }),
        ..with_ips(1)
    };
    let nine = ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map(|x| format!("zone-{x}"));
    let nine: Vec<&str> = nine.iter().map(String::as_str).collect();
    let nine_nodes: Vec<String> = (1..=9).map(|i| format!("node-{i}")).collect();
    let nine_nodes: Vec<&str> = nine_nodes.iter().map(String::as_str).collect();
    let a1 = "endpoints[0].addresses";
    let a0 = "endpoints[0].addresses[0]";
    check(&[
        ("good-slice", v(slice("IPv4", vec![hostname(with_ips(1), "valid-123")], http())), &[]),
        ("good-ipv6", v(slice("IPv6", vec![hostname(endpoint(&["a00:100::4"]), "valid-123")], http())), &[]),
        (
            "good-fqdns",
            v(slice(
                "FQDN",
                vec![endpoint(&["foo.example.com", "example.com", "example.com.", "hyphens-are-good.example.com"])],
                http(),
            )),
            &[],
        ),
        (
            "all-protocols",
            v(slice(
                "IPv4",
                vec![with_ips(1)],
                vec![port("tcp", Some("TCP")), port("udp", Some("UDP")), port("sctp", Some("SCTP"))],
            )),
            &[],
        ),
        (
            "app-protocols",
            v(slice(
                "IPv4",
                vec![with_ips(1)],
                vec![
                    app("one", "HTTP"),
                    app("two", "https"),
                    app("three", "my-protocol"),
                    app("four", "example.com/custom-protocol"),
                ],
            )),
            &[],
        ),
        (
            "empty-port-name",
            v(slice("IPv4", vec![with_ips(1)], vec![port("", Some("TCP")), port("http", Some("TCP"))])),
            &[],
        ),
        ("long-port-name", v(slice("IPv4", vec![with_ips(1)], vec![port(&"a".repeat(63), Some("TCP"))])), &[]),
        ("empty-ports-and-endpoints", v(slice("IPv4", vec![], vec![])), &[]),
        ("max-endpoints", v(slice("IPv4", endpoints_n(MAX_ENDPOINTS), ports_n(1))), &[]),
        ("max-ports", v(slice("IPv4", vec![], ports_n(MAX_PORTS))), &[]),
        ("max-addresses", v(slice("IPv4", vec![with_ips(MAX_ADDRESSES)], http())), &[]),
        ("max-topology-keys", v(slice("IPv4", vec![topology], http())), &[]),
        ("valid-hints", v(slice("IPv4", vec![valid_hints], http())), &[]),
        (
            "legacy-ip-with-legacy-validation",
            with_gates(lenient(), || v(slice("IPv4", vec![endpoint(&["012.034.056.078"])], http()))),
            &[],
        ),
        // Expected failures.
        (
            "duplicate-port-name",
            v(slice("IPv4", vec![], vec![port("", Some("TCP")), port("", Some("TCP"))])),
            &[(Duplicate, "ports[1].name")],
        ),
        (
            "bad-port-name-caps",
            v(slice("IPv4", vec![], vec![port("aCapital", Some("TCP"))])),
            &[(Invalid, "ports[0].name")],
        ),
        (
            "bad-port-name-chars",
            v(slice("IPv4", vec![], vec![port("almost_valid", Some("TCP"))])),
            &[(Invalid, "ports[0].name")],
        ),
        (
            "bad-port-name-length",
            v(slice("IPv4", vec![], vec![port(&"a".repeat(64), Some("TCP"))])),
            &[(Invalid, "ports[0].name")],
        ),
        (
            "invalid-port-protocol",
            v(slice("IPv4", vec![], vec![port("http", Some("foo"))])),
            &[(NotSupported, "ports[0].protocol")],
        ),
        ("too-many-ports", v(slice("IPv4", vec![], ports_n(MAX_PORTS + 1))), &[(TooMany, "ports")]),
        ("too-many-endpoints", v(slice("IPv4", endpoints_n(MAX_ENDPOINTS + 1), ports_n(1))), &[(TooMany, "endpoints")]),
        ("no-endpoint-addresses", v(slice("IPv4", vec![with_ips(0)], http())), &[(Required, a1)]),
        ("too-many-addresses", v(slice("IPv4", vec![with_ips(MAX_ADDRESSES + 1)], http())), &[(TooMany, a1)]),
        (
            "bad-topology-key",
            v(slice("IPv4", vec![bad_topology], http())),
            &[(Invalid, "endpoints[0].deprecatedTopology")],
        ),
        (
            "too-many-topology-keys",
            v(slice("IPv4", vec![too_much_topology], http())),
            &[(TooMany, "endpoints[0].deprecatedTopology")],
        ),
        (
            "bad-hostname",
            v(slice("IPv4", vec![hostname(with_ips(1), "--INVALID")], http())),
            &[(Invalid, "endpoints[0].hostname")],
        ),
        ("bad-ip", v(slice("IPv4", vec![endpoint(&["123.456.789.012"])], http())), &[(Invalid, a0)]),
        (
            "legacy-ip-with-strict-validation",
            v(slice("IPv4", vec![endpoint(&["012.034.056.078"])], http())),
            &[(Invalid, a0)],
        ),
        (
            "bad-ipv4",
            v(slice("IPv4", vec![endpoint(&["123.456.789.012", "2001:4860:4860::8888"])], http())),
            // Upstream reports the wrong family at the list, not the item.
            &[(Invalid, a0), (Invalid, a1)],
        ),
        (
            "bad-ipv6",
            v(slice("IPv6", vec![endpoint(&["123.456.789.012", "2001:4860:4860:defg"])], http())),
            &[(Invalid, a0), (Invalid, "endpoints[0].addresses[1]")],
        ),
        (
            "bad-fqdns",
            v(slice(
                "FQDN",
                vec![endpoint(&["foo.*", "FOO.example.com", "underscores_are_bad.example.com", "*.example.com"])],
                http(),
            )),
            &[
                (Invalid, a0),
                (Invalid, "endpoints[0].addresses[1]"),
                (Invalid, "endpoints[0].addresses[2]"),
                (Invalid, "endpoints[0].addresses[3]"),
            ],
        ),
        (
            "bad-app-protocol",
            v(slice("IPv4", vec![with_ips(1)], vec![app("http", "--")])),
            &[(Invalid, "ports[0].appProtocol")],
        ),
        (
            "invalid-zone-hint",
            v(slice("IPv4", vec![zones(&["inv@lid"])], http())),
            &[(Invalid, "endpoints[0].hints.forZones[0].name")],
        ),
        (
            "overlapping-zone-hints",
            v(slice("IPv4", vec![zones(&["zone-a", "zone-b", "zone-a"])], http())),
            &[(Duplicate, "endpoints[0].hints.forZones[2].name")],
        ),
        (
            "too-many-zone-hints",
            v(slice("IPv4", vec![zones(&nine)], http())),
            &[(TooMany, "endpoints[0].hints.forZones")],
        ),
        (
            "invalid-node-hints",
            v(slice("IPv4", vec![nodes(&["!@#$!@", ""])], http())),
            &[(Invalid, "endpoints[0].hints.forNodes[0].name"), (Invalid, "endpoints[0].hints.forNodes[1].name")],
        ),
        (
            "overlapping-node-hints",
            v(slice("IPv4", vec![nodes(&["node-1", "node-2", "node-1"])], http())),
            &[(Duplicate, "endpoints[0].hints.forNodes[2].name")],
        ),
        (
            "too-many-node-hints",
            v(slice("IPv4", vec![nodes(&nine_nodes)], http())),
            &[(TooMany, "endpoints[0].hints.forNodes")],
        ),
        (
            "zone-key-topology",
            v(slice("IPv4", vec![zone_topology], http())),
            &[(Internal, "endpoints[0].deprecatedTopology[topology.kubernetes.io/zone]")],
        ),
        (
            "special-ipv4",
            v(slice("IPv4", vec![hostname(endpoint(&["127.0.0.1"]), "valid-123")], http())),
            &[(Invalid, a0)],
        ),
        ("empty-everything", v(EndpointSlice::default()), &[(Required, "addressType")]),
        ("special-ipv6", v(slice("IPv6", vec![endpoint(&["fe80::9656:d028:8652:66b6"])], http())), &[(Invalid, a0)]),
    ]);
}

/// Upstream's `TestValidateEndpointSliceCreate`.
#[test]
fn validate_endpoint_slice_create_as_upstream() {
    use ErrorType::{Invalid, NotSupported};
    let v = |s: EndpointSlice| validate_endpoint_slice(&s, None);
    let named = |node: &str| Endpoint { node_name: Some(node.into()), ..hostname(with_ips(1), "valid-123") };
    check(&[
        ("good-slice", v(slice("IPv4", vec![hostname(with_ips(1), "valid-123")], http())), &[]),
        ("good-slice-node-name", v(slice("IPv4", vec![named("valid-node-name")], http())), &[]),
        // Expected failures.
        (
            "bad-node-name",
            v(slice("IPv4", vec![named("INvalid-node-name")], http())),
            &[(Invalid, "endpoints[0].nodeName")],
        ),
        ("deprecated-address-type", v(slice("IP", vec![with_ips(1)], http())), &[(NotSupported, "addressType")]),
        ("bad-address-type", v(slice("other", vec![with_ips(1)], http())), &[(NotSupported, "addressType")]),
    ]);
}

/// Upstream's `TestValidateEndpointSliceUpdate`.
#[test]
fn validate_endpoint_slice_update_as_upstream() {
    use ErrorType::{Invalid, NotSupported};
    let bare = |address_type: &str| EndpointSlice {
        metadata: ObjectMeta { name: "es1".into(), namespace: "test".into(), ..Default::default() },
        address_type: AddressType(address_type.into()),
        ..Default::default()
    };
    let with = |address_type: &str, ep: Endpoint| EndpointSlice { endpoints: Some(vec![ep]), ..bare(address_type) };
    let u = |new: EndpointSlice, old: EndpointSlice| validate_endpoint_slice(&new, Some(&old));
    check(&[
        ("valid and identical slices", u(bare("IPv6"), bare("IPv6")), &[]),
        (
            "unchanged IPs are not revalidated",
            u(with("IPv4", endpoint(&["10.1.2.04"])), with("IPv4", endpoint(&["10.1.2.04"]))),
            &[],
        ),
        // Expected errors.
        (
            "invalid node name set",
            u(
                with("IPv4", Endpoint { node_name: Some("INVALID foo".into()), ..endpoint(&["10.1.2.3"]) }),
                with("IPv4", endpoint(&["10.1.2.3"])),
            ),
            &[(Invalid, "endpoints[0].nodeName")],
        ),
        ("deprecated address type", u(bare("IP"), bare("IP")), &[(NotSupported, "addressType")]),
        (
            "valid and identical slices with different address types",
            u(bare("IPv4"), bare("other")),
            &[(Invalid, "addressType")],
        ),
        (
            "invalid slices with valid address types",
            u(EndpointSlice { ports: Some(vec![port("", Some("invalid"))]), ..bare("IPv4") }, bare("IPv4")),
            &[(NotSupported, "ports[0].protocol")],
        ),
        (
            "changed IPs are revalidated",
            u(with("IPv4", endpoint(&["10.1.2.03"])), with("IPv4", endpoint(&["10.1.2.3"]))),
            &[(Invalid, "endpoints[0].addresses[0]")],
        ),
    ]);
}

/// The messages of the address checks: IPv4 addresses as a legacy field (by the gate), IPv6
/// ones strictly, the family error at the list, then the special ranges.
#[test]
fn address_messages() {
    let errs = |address_type: &str, addresses: &[&str]| {
        strings(&validate_endpoint_slice(&slice(address_type, vec![endpoint(addresses)], vec![]), None))
    };
    let a0 = "endpoints[0].addresses[0]";
    assert_eq!(errs("IPv4", &["123.456.789.012"]), [format!(r#"{a0}: Invalid value: "123.456.789.012": {BAD_IP}"#)]);
    assert_eq!(
        errs("IPv4", &["10.1.2.03"]),
        [format!(r#"{a0}: Invalid value: "10.1.2.03": must not have leading 0s"#)]
    );
    let mapped = format!(r#"{a0}: Invalid value: "::ffff:10.1.2.3": must not be an IPv4-mapped IPv6 address"#);
    assert_eq!(errs("IPv4", &["::ffff:10.1.2.3"]), std::slice::from_ref(&mapped));
    assert_eq!(
        errs("IPv4", &["2001:db8::1"]),
        [r#"endpoints[0].addresses: Invalid value: "2001:db8::1": must be an IPv4 address"#]
    );
    assert_eq!(
        errs("IPv4", &["0.0.0.0"]),
        [format!(r#"{a0}: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)"#)]
    );
    assert_eq!(
        errs("IPv4", &["169.254.1.2"]),
        [format!(
            r#"{a0}: Invalid value: "169.254.1.2": may not be in the link-local range (169.254.0.0/16, fe80::/10)"#
        )]
    );
    // Off, the legacy forms pass for IPv4 (an IPv4-mapped address counts as IPv4, as Go's `To4`
    // says), and still not for IPv6, which upstream checks strictly whatever the gate.
    with_gates(lenient(), || {
        assert!(errs("IPv4", &["10.1.2.03", "::ffff:10.1.2.3"]).is_empty());
        assert_eq!(errs("IPv6", &["::ffff:10.1.2.3"]), std::slice::from_ref(&mapped));
        assert_eq!(
            errs("IPv6", &["2001:DB8::1"]),
            [format!(r#"{a0}: Invalid value: "2001:DB8::1": must be in canonical form ("2001:db8::1")"#)]
        );
    });
    assert_eq!(
        errs("IPv6", &["2001:db8:0:0::1"]),
        [format!(r#"{a0}: Invalid value: "2001:db8:0:0::1": must be in canonical form ("2001:db8::1")"#)]
    );
    assert_eq!(errs("IPv6", &["1.2.3.4.5"]), [format!(r#"{a0}: Invalid value: "1.2.3.4.5": {BAD_IP}"#)]);
    assert_eq!(
        errs("IPv6", &["10.1.2.3"]),
        [r#"endpoints[0].addresses: Invalid value: "10.1.2.3": must be an IPv6 address"#]
    );
    assert_eq!(
        errs("IPv6", &["::1"]),
        [format!(r#"{a0}: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#)]
    );
    assert_eq!(
        errs("IPv6", &["ff02::1"]),
        [format!(
            r#"{a0}: Invalid value: "ff02::1": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"#
        )]
    );
    // A wrong family and a special range are both reported, the family first.
    assert_eq!(
        errs("IPv6", &["127.0.0.1"]),
        [
            r#"endpoints[0].addresses: Invalid value: "127.0.0.1": must be an IPv6 address"#.to_owned(),
            format!(r#"{a0}: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#),
        ]
    );
    // An IPv4-mapped address written as IPv6 hex is still IPv4-mapped.
    assert_eq!(
        errs("IPv6", &["2001:db8::1", "::ffff:a01:203"]),
        [r#"endpoints[0].addresses[1]: Invalid value: "::ffff:a01:203": must not be an IPv4-mapped IPv6 address"#]
    );
    // Unknown types are not checked.
    assert!(errs("IP", &["not an address"]).len() == 1, "only the address type");
    assert_eq!(errs("FQDN", &["FOO.example.com"])[0].split(": ").next(), Some(a0), "an FQDN's error is at the item");
}

/// Errors come in upstream's order: the address type, the ports, the endpoints, and on update
/// the address type's immutability last.
#[test]
fn errors_in_upstream_order() {
    let s = slice("IPv4", vec![endpoint(&["127.0.0.1"])], vec![port("http", None)]);
    assert_eq!(
        shape(&validate_endpoint_slice(&s, None)),
        [
            (ErrorType::Required, "ports[0].protocol".to_owned()),
            (ErrorType::Invalid, "endpoints[0].addresses[0]".to_owned()),
        ]
    );
    let old = slice("IPv6", vec![], vec![]);
    assert_eq!(
        shape(&validate_endpoint_slice(&s, Some(&old))),
        [
            (ErrorType::Required, "ports[0].protocol".to_owned()),
            (ErrorType::Invalid, "endpoints[0].addresses[0]".to_owned()),
            (ErrorType::Invalid, "addressType".to_owned()),
        ]
    );
}

#[test]
fn address_types_follow_the_declarative_gate() {
    let mut s = Scheme::new();
    crate::discovery::install(&mut s).expect("discovery installs");
    let bad = slice("IP", vec![endpoint(&["10.1.2.3"])], vec![]);
    let no_addresses = slice("IPv4", vec![endpoint(&[])], vec![]);
    // As 1.37 with the gate on (its default) the generated rules answer.
    at_release(Release::new(1, 37), || {
        assert_eq!(
            strings(&s.validate(&bad, None)),
            [r#"addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6""#]
        );
        assert_eq!(strings(&s.validate(&no_addresses, None)), ["endpoints[0].addresses: Required value"]);
    });
    // A 1.36 server, in which they were alpha, and the gate off give the hand-written checks.
    assert_eq!(
        strings(&s.validate(&no_addresses, None)),
        ["endpoints[0].addresses: Required value: must contain at least 1 address"]
    );
    let hand_written = || {
        assert_eq!(
            strings(&validate_endpoint_slice(&no_addresses, None)),
            ["endpoints[0].addresses: Required value: must contain at least 1 address"]
        );
        let old = slice("IPv4", vec![], vec![]);
        let new = slice("IPv6", vec![], vec![]);
        assert_eq!(
            strings(&validate_endpoint_slice(&new, Some(&old))),
            [r#"addressType: Invalid value: "IPv6": field is immutable"#]
        );
        assert_eq!(
            shape(&validate_endpoint_slice(&bad, None)),
            [(ErrorType::NotSupported, "addressType".to_owned())],
            "bad-address-type"
        );
    };
    hand_written();
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), hand_written);
}

/// The update ratchet (upstream's for EndpointSlices, KEP-4858: invalid addresses may stay only
/// while the update leaves `endpoints` unchanged), and upstream's declarative
/// `TestDeclarativeValidateUpdate` case "invalid update missing addresses" (a change is checked).
#[test]
fn unchanged_endpoints_are_not_checked_again() {
    // A stored slice older rules let through: a loopback address, an endpoint with none.
    let stored = slice("IPv4", vec![endpoint(&["127.0.0.1"]), endpoint(&[])], vec![]);
    let mut relabelled = stored.clone();
    relabelled.metadata.labels.insert("a".into(), "b".into());
    assert_eq!(validate_endpoint_slice(&relabelled, Some(&stored)), ErrorList::new());
    // Ports are checked whatever the endpoints.
    let mut bad_port = relabelled.clone();
    bad_port.ports = Some(vec![port("http", None)]);
    assert_eq!(strings(&validate_endpoint_slice(&bad_port, Some(&stored))), ["ports[0].protocol: Required value"]);
    // Any change to the endpoints has them all checked.
    let mut grown = stored.clone();
    grown.endpoints.as_mut().expect("set above").push(endpoint(&["10.0.0.1"]));
    assert_eq!(
        strings(&validate_endpoint_slice(&grown, Some(&stored))),
        [
            r#"endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#,
            "endpoints[1].addresses: Required value: must contain at least 1 address",
        ]
    );
    // "invalid update missing addresses".
    let valid = slice("IPv4", vec![endpoint(&["10.1.2.1"])], vec![]);
    let missing = slice("IPv4", vec![Endpoint { addresses: None, ..Default::default() }], vec![]);
    assert_eq!(
        strings(&validate_endpoint_slice(&missing, Some(&valid))),
        ["endpoints[0].addresses: Required value: must contain at least 1 address"]
    );
    // A missing address list is the same as an empty one, as upstream's semantic equality has
    // it, so the ratchet holds.
    let empty = slice("IPv4", vec![endpoint(&[])], vec![]);
    assert_eq!(validate_endpoint_slice(&missing, Some(&empty)), ErrorList::new());
    assert_eq!(validate_endpoint_slice(&empty, Some(&missing)), ErrorList::new());
}
