//! Cases for the strict and legacy IP/CIDR checks, with the inputs and messages of apimachinery's `TestIsValidIP` and `TestIsValidCIDR`, and per legacy field family that `StrictIPCIDRValidation` decides what passes.

use kapi_machinery::validation::ErrorList;

use super::*;
use crate::core::v1::validation::{self, validate_endpoints, validate_node, validate_service};
use crate::core::v1::{
    EndpointAddress, EndpointSubset, Endpoints, HostAlias, LoadBalancerIngress, LoadBalancerStatus, Node, NodeSpec,
    Pod, PodDNSConfig, PodIP, Service, ServiceSpec, ServiceType,
};
use crate::features::{Feature, FeatureGates, with_gates};

/// An upstream table row: input, then the error of the strict check, of the legacy check, and of
/// the legacy check with strict validation ("" for none).
type Row = (&'static str, &'static str, &'static str, &'static str);

const BAD_IP_MSG: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
const BAD_CIDR_MSG: &str = "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)";

const IP_ROWS: &[Row] = &[
    ("1.2.3.4", "", "", ""),
    ("0.0.0.0", "", "", ""),
    ("255.255.255.255", "", "", ""),
    ("1234::abcd", "", "", ""),
    ("::", "", "", ""),
    ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "", "", ""),
    ("0:0:0:0:0:0:0:0", "must be in canonical form (\"::\")", "", ""),
    ("0001:002:03:4::", "must be in canonical form (\"1:2:3:4::\")", "", ""),
    ("1234::ABCD", "must be in canonical form (\"1234::abcd\")", "", ""),
    ("1.1.1.01", "must not have leading 0s", "", "must not have leading 0s"),
    ("::ffff:1.1.1.1", "must not be an IPv4-mapped IPv6 address", "", "must not be an IPv4-mapped IPv6 address"),
    ("", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("aaaaaaa", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("myhost.mydomain", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("1.2.3.0/24", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("1.2.3.400", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("-1.0.0.0", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("2001:db8::10005", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("1.2.3.4:80", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("[2001:db8::1]", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("[2001:db8::1]:80", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("example.com:80", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("1234::abcd%eth0", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
    ("169.254.0.0%eth0", BAD_IP_MSG, BAD_IP_MSG, BAD_IP_MSG),
];

const CIDR_ROWS: &[Row] = &[
    ("1.0.0.0/8", "", "", ""),
    ("0.0.0.0/0", "", "", ""),
    ("1.1.1.1/32", "", "", ""),
    ("2001:4860:4860::/48", "", "", ""),
    ("::/0", "", "", ""),
    ("::1/128", "", "", ""),
    ("2a00:79e0:2:0::/64", "must be in canonical form (\"2a00:79e0:2::/64\")", "", ""),
    ("2001:DB8::/64", "must be in canonical form (\"2001:db8::/64\")", "", ""),
    (
        "1.1.01.0/24",
        "must not have leading 0s in IP or prefix length",
        "",
        "must not have leading 0s in IP or prefix length",
    ),
    ("::ffff:1.1.1.0/24", "must not have an IPv4-mapped IPv6 address", "", "must not have an IPv4-mapped IPv6 address"),
    (
        "::ffff:1.1.1.0/120",
        "must not have an IPv4-mapped IPv6 address",
        "",
        "must not have an IPv4-mapped IPv6 address",
    ),
    (
        "1.2.3.4/24",
        "must not have bits set beyond the prefix length",
        "",
        "must not have bits set beyond the prefix length",
    ),
    (
        "2001:db8::1/64",
        "must not have bits set beyond the prefix length",
        "",
        "must not have bits set beyond the prefix length",
    ),
    (
        "192.168.0.0/016",
        "must not have leading 0s in IP or prefix length",
        "",
        "must not have leading 0s in IP or prefix length",
    ),
    ("", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("aaaaaaa", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("1.2.3.4", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("192.168.0.1/healthz", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("192.168.0.1/0/99", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("192.168.0.0/-16", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
    ("192.168.0.0/+16", BAD_CIDR_MSG, BAD_CIDR_MSG, BAD_CIDR_MSG),
];

/// The one error's detail, or "" for none; more than one fails the test.
fn detail(errs: &ErrorList, what: &str) -> String {
    assert!(errs.len() <= 1, "{what}: {errs:?}");
    errs.first().map(|e| e.detail.clone()).unwrap_or_default()
}

fn strict() -> FeatureGates {
    FeatureGates::default().with(Feature::StrictIPCIDRValidation, true)
}

/// The gates with `StrictIPCIDRValidation` off (it is on by default in 1.36).
fn lenient() -> FeatureGates {
    FeatureGates::default().with(Feature::StrictIPCIDRValidation, false)
}

#[test]
fn ips_as_upstream() {
    let path = Path::new("");
    let bad: Vec<&str> = IP_ROWS.iter().filter(|r| !r.3.is_empty()).map(|r| r.0).collect();
    for &(value, err, legacy, legacy_strict) in IP_ROWS {
        assert_eq!(detail(&is_valid_ip(&path, value), value), err, "strict {value:?}");
        let got = is_valid_ip_for_legacy_field::<&str>(&path, value, false, &[]);
        assert_eq!(detail(&got, value), legacy, "legacy {value:?}");
        let got = is_valid_ip_for_legacy_field::<&str>(&path, value, true, &[]);
        assert_eq!(detail(&got, value), legacy_strict, "legacy strict {value:?}");
        assert!(is_valid_ip_for_legacy_field(&path, value, true, &bad).is_empty(), "old {value:?}");
        // The gate-reading wrapper is the legacy check with the gate's setting (on by default).
        assert_eq!(legacy_ip::<&str>(&path, value, &[]), is_valid_ip_for_legacy_field::<&str>(&path, value, true, &[]));
        let gated = with_gates(lenient(), || legacy_ip::<&str>(&path, value, &[]));
        assert_eq!(gated, is_valid_ip_for_legacy_field::<&str>(&path, value, false, &[]));
    }
}

#[test]
fn cidrs_as_upstream() {
    let path = Path::new("");
    let bad: Vec<&str> = CIDR_ROWS.iter().filter(|r| !r.3.is_empty()).map(|r| r.0).collect();
    for &(value, err, legacy, legacy_strict) in CIDR_ROWS {
        assert_eq!(detail(&is_valid_cidr(&path, value), value), err, "strict {value:?}");
        let got = is_valid_cidr_for_legacy_field::<&str>(&path, value, false, &[]);
        assert_eq!(detail(&got, value), legacy, "legacy {value:?}");
        let got = is_valid_cidr_for_legacy_field::<&str>(&path, value, true, &[]);
        assert_eq!(detail(&got, value), legacy_strict, "legacy strict {value:?}");
        assert!(is_valid_cidr_for_legacy_field(&path, value, true, &bad).is_empty(), "old {value:?}");
        let gated = with_gates(strict(), || legacy_cidr::<&str>(&path, value, &[]));
        assert_eq!(gated, is_valid_cidr_for_legacy_field::<&str>(&path, value, true, &[]));
    }
}

/// Every error's field path, in order.
fn fields(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.field.clone()).collect()
}

/// `check` passes with `StrictIPCIDRValidation` off and fails at `want` with it on, as it is by
/// default.
fn follows_gate(what: &str, check: impl Fn() -> ErrorList, want: &[&str]) {
    assert_eq!(fields(&with_gates(lenient(), &check)), Vec::<String>::new(), "{what}, gate off");
    assert_eq!(fields(&with_gates(strict(), &check)), want, "{what}, gate on");
    assert_eq!(fields(&check()), want, "{what}, default gates");
}

fn service() -> Service {
    let mut s = Service::default();
    s.metadata.name = "svc".into();
    s.metadata.namespace = "default".into();
    s.spec = ServiceSpec {
        r#type: ServiceType("ClusterIP".into()),
        session_affinity: "None".into(),
        internal_traffic_policy: Some(crate::core::v1::ServiceInternalTrafficPolicy("Cluster".into())),
        ..Default::default()
    };
    s.spec.ports = vec![crate::core::v1::ServicePort {
        port: 80,
        protocol: crate::core::v1::Protocol("TCP".into()),
        target_port: kapi_machinery::types::IntOrString::int(80),
        ..Default::default()
    }];
    s
}

#[test]
fn legacy_ip_fields_follow_the_gate() {
    // A service's cluster IPs: non-canonical passes even when strict, a leading zero only when not.
    let with_cluster_ip = |ip: &str| {
        let mut s = service();
        s.spec.cluster_ip = ip.into();
        s.spec.cluster_ips = vec![ip.into()];
        s
    };
    let s = with_cluster_ip("2001:DB8::1");
    assert_eq!(fields(&with_gates(strict(), || validate_service(&s, None))), Vec::<String>::new());
    let s = with_cluster_ip("010.0.0.1");
    follows_gate("clusterIPs", || validate_service(&s, None), &["spec.clusterIPs[0]"]);
    // ... and the stored service's address is kept unchecked.
    assert!(with_gates(strict(), || validate_service(&s, Some(&s))).is_empty());

    // External IPs.
    let mut s = service();
    s.spec.external_traffic_policy = crate::core::v1::ServiceExternalTrafficPolicy("Cluster".into());
    s.spec.external_ips = vec!["1.2.3.04".into()];
    follows_gate("externalIPs", || validate_service(&s, None), &["spec.externalIPs[0]"]);
    assert!(with_gates(strict(), || validate_service(&s, Some(&s))).is_empty());

    // Load balancer status.
    let mut s = service();
    s.spec.r#type = ServiceType("LoadBalancer".into());
    let status = LoadBalancerStatus {
        ingress: vec![LoadBalancerIngress {
            ip: "::ffff:1.2.3.4".into(),
            ip_mode: Some(crate::core::v1::LoadBalancerIPMode("VIP".into())),
            ..Default::default()
        }],
    };
    let path = Path::new("status").child("loadBalancer");
    follows_gate(
        "loadBalancer status",
        || validation::status::load_balancer_status(&status, None, &path, &s.spec),
        &["status.loadBalancer.ingress[0].ip"],
    );
    assert!(
        with_gates(strict(), || validation::status::load_balancer_status(&status, Some(&status), &path, &s.spec))
            .is_empty()
    );

    // A pod's DNS nameservers and host aliases.
    let dns = PodDNSConfig { nameservers: vec!["1.2.3.04".into()], ..Default::default() };
    let dns_path = Path::new("spec").child("dnsConfig");
    follows_gate(
        "nameservers",
        || validation::dns::dns_config(Some(&dns), "ClusterFirst", &dns_path),
        &["spec.dnsConfig.nameservers[0]"],
    );
    let aliases = vec![HostAlias { ip: "::ffff:1.2.3.4".into(), hostnames: vec!["a.example".into()] }];
    let alias_path = Path::new("spec").child("hostAliases");
    follows_gate("hostAliases", || validation::dns::host_aliases(&aliases, &alias_path), &["spec.hostAliases[0].ip"]);

    // Pod status IPs, the stored pod's kept.
    let mut old = Pod::default();
    old.metadata.name = "p".into();
    old.metadata.namespace = "default".into();
    old.metadata.resource_version = "1".into();
    let mut new = old.clone();
    new.status.pod_ips = vec![PodIP { ip: "10.0.0.01".into() }];
    new.status.pod_ip = "10.0.0.01".into();
    let pod_ip_errs = |n: &Pod, o: &Pod| {
        validation::pod_status::pod_status_update(n, o)
            .into_iter()
            .filter(|e| e.field.contains("IP"))
            .collect::<Vec<_>>()
    };
    follows_gate("podIPs", || pod_ip_errs(&new, &old), &["status.podIPs[0]"]);
    let kept = new.clone();
    assert!(with_gates(strict(), || pod_ip_errs(&new, &kept)).is_empty());

    // Endpoints addresses.
    let mut e = Endpoints::default();
    e.metadata.name = "e".into();
    e.metadata.namespace = "default".into();
    e.subsets = vec![EndpointSubset {
        addresses: vec![EndpointAddress { ip: "10.0.0.01".into(), ..Default::default() }],
        ..Default::default()
    }];
    follows_gate("endpoints", || validate_endpoints(&e, None), &["subsets[0].addresses[0].ip"]);
}

#[test]
fn legacy_cidr_fields_follow_the_gate() {
    // Load balancer source ranges: host bits and leading zeros pass unless strict.
    let mut s = service();
    s.spec.r#type = ServiceType("LoadBalancer".into());
    s.spec.allocate_load_balancer_node_ports = Some(true);
    s.spec.external_traffic_policy = crate::core::v1::ServiceExternalTrafficPolicy("Cluster".into());
    s.spec.load_balancer_source_ranges = vec!["10.0.0.1/8".into(), "2001:DB8::/64".into()];
    follows_gate("loadBalancerSourceRanges", || validate_service(&s, None), &["spec.LoadBalancerSourceRanges[0]"]);
    assert!(with_gates(strict(), || validate_service(&s, Some(&s))).is_empty());

    // Node pod CIDRs.
    let mut n = Node::default();
    n.metadata.name = "n".into();
    n.spec = NodeSpec { pod_cidrs: vec!["192.168.0.0/016".into()], ..Default::default() };
    follows_gate("podCIDRs", || validate_node(&n, None), &["spec.podCIDRs[0]"]);
}
