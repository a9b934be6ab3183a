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

/// Every error of a failing case has upstream's type and field (their tests' shape).
fn assert_case(name: &str, errs: &ErrorList, ty: ErrorType, field: &str) {
    assert!(!errs.is_empty(), "{name}: expected a failure");
    assert!(errs.iter().all(|e| e.error_type == ty && e.field == field), "{name}: {errs:?}");
}

#[test]
fn endpoint_slices_as_upstream() {
    let good = slice("IPv4", vec![endpoint(&["10.1.2.3"])], vec![port("http", Some("TCP")), port("", Some("UDP"))]);
    assert!(validate_endpoint_slice(&good, None).is_empty(), "good-slice");
    assert!(
        validate_endpoint_slice(&slice("FQDN", vec![endpoint(&["foo.example.com"])], vec![]), None).is_empty(),
        "fqdn"
    );
    assert!(validate_endpoint_slice(&slice("IPv6", vec![endpoint(&["a00:100::4"])], vec![]), None).is_empty(), "ipv6");

    let cases: Vec<(&str, EndpointSlice, ErrorType, &str)> = vec![
        (
            "duplicate-port-name",
            slice("IPv4", vec![], vec![port("http", Some("TCP")), port("http", Some("UDP"))]),
            ErrorType::Duplicate,
            "ports[1].name",
        ),
        (
            "bad-port-name-caps",
            slice("IPv4", vec![], vec![port("aCapital", Some("TCP"))]),
            ErrorType::Invalid,
            "ports[0].name",
        ),
        (
            "bad-port-protocol",
            slice("IPv4", vec![], vec![port("http", Some("foo"))]),
            ErrorType::NotSupported,
            "ports[0].protocol",
        ),
        (
            "empty-port-protocol",
            slice("IPv4", vec![], vec![port("http", None)]),
            ErrorType::Required,
            "ports[0].protocol",
        ),
        (
            "bad-ipv4",
            slice("IPv4", vec![endpoint(&["123.456.789.012"])], vec![]),
            ErrorType::Invalid,
            "endpoints[0].addresses[0]",
        ),
        (
            "bad-ipv6",
            slice("IPv6", vec![endpoint(&["123.456.789.012"])], vec![]),
            ErrorType::Invalid,
            "endpoints[0].addresses[0]",
        ),
        (
            "bad-fqdn",
            slice("FQDN", vec![endpoint(&["foo.*"])], vec![]),
            ErrorType::Invalid,
            "endpoints[0].addresses[0]",
        ),
        (
            "bad-hostname",
            slice("IPv4", vec![Endpoint { hostname: Some("--INVALID".into()), ..endpoint(&["10.1.2.3"]) }], vec![]),
            ErrorType::Invalid,
            "endpoints[0].hostname",
        ),
        (
            "bad-node-name",
            slice("IPv4", vec![Endpoint { node_name: Some("INVALID-NODE".into()), ..endpoint(&["10.1.2.3"]) }], vec![]),
            ErrorType::Invalid,
            "endpoints[0].nodeName",
        ),
        (
            "bad-app-protocol",
            slice("IPv4", vec![], vec![EndpointPort { app_protocol: Some("--".into()), ..port("http", Some("TCP")) }]),
            ErrorType::Invalid,
            "ports[0].appProtocol",
        ),
        (
            "special-ipv4",
            slice("IPv4", vec![endpoint(&["127.0.0.1"])], vec![]),
            ErrorType::Invalid,
            "endpoints[0].addresses[0]",
        ),
        (
            "ipv4-in-ipv6",
            slice("IPv6", vec![endpoint(&["10.1.2.3"])], vec![]),
            ErrorType::Invalid,
            "endpoints[0].addresses[0]",
        ),
    ];
    for (name, obj, ty, field) in &cases {
        assert_case(name, &validate_endpoint_slice(obj, None), *ty, field);
    }
    assert_eq!(
        strings(&validate_endpoint_slice(&slice("IPv4", vec![endpoint(&["127.0.0.1"])], vec![]), None)),
        [
            r#"endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#
        ]
    );
    assert_eq!(
        strings(&validate_endpoint_slice(&slice("IPv4", vec![], vec![port("http", Some("foo"))]), None)),
        [r#"ports[0].protocol: Unsupported value: "foo": supported values: "SCTP", "TCP", "UDP""#]
    );

    let hinted = |zones: &[&str]| {
        let ep = Endpoint {
            hints: Some(EndpointHints {
                for_zones: zones.iter().map(|z| ForZone { name: (*z).into() }).collect(),
                ..Default::default()
            }),
            ..endpoint(&["10.1.2.3"])
        };
        slice("IPv4", vec![ep], vec![])
    };
    assert!(validate_endpoint_slice(&hinted(&["zone-a"]), None).is_empty());
    assert_case(
        "duplicate-zone-hints",
        &validate_endpoint_slice(&hinted(&["zone-a", "zone-a"]), None),
        ErrorType::Duplicate,
        "endpoints[0].hints.forZones[1].name",
    );
    assert_case(
        "too-many-zone-hints",
        &validate_endpoint_slice(&hinted(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]), None),
        ErrorType::TooMany,
        "endpoints[0].hints.forZones",
    );
    let node_hinted = |nodes: &[&str]| {
        let ep = Endpoint {
            hints: Some(EndpointHints {
                for_nodes: nodes.iter().map(|n| ForNode { name: (*n).into() }).collect(),
                ..Default::default()
            }),
            ..endpoint(&["10.1.2.3"])
        };
        slice("IPv4", vec![ep], vec![])
    };
    assert!(validate_endpoint_slice(&node_hinted(&["node-1", "node-2.example"]), None).is_empty());
    assert_case(
        "duplicate-node-hints",
        &validate_endpoint_slice(&node_hinted(&["node-1", "node-1"]), None),
        ErrorType::Duplicate,
        "endpoints[0].hints.forNodes[1].name",
    );
    assert_case(
        "too-many-node-hints",
        &validate_endpoint_slice(&node_hinted(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]), None),
        ErrorType::TooMany,
        "endpoints[0].hints.forNodes",
    );
    assert_eq!(
        strings(&validate_endpoint_slice(&node_hinted(&["Node_1"]), None)),
        [concat!(
            r#"endpoints[0].hints.forNodes[0].name: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must "#,
            r#"consist of lower case alphanumeric characters, '-' or '.', and must start and end with an "#,
            r#"alphanumeric character (e.g. 'example.com', regex used for validation is "#,
            r#"'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"#
        )]
    );
    let mut topo = endpoint(&["10.1.2.3"]);
    topo.deprecated_topology = (0..17).map(|i| (format!("k{i}"), "v".to_owned())).collect();
    assert_case(
        "too-many-topology-labels",
        &validate_endpoint_slice(&slice("IPv4", vec![topo], vec![]), None),
        ErrorType::TooMany,
        "endpoints[0].deprecatedTopology",
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
        assert_case("bad-address-type", &validate_endpoint_slice(&bad, None), ErrorType::NotSupported, "addressType");
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
}
