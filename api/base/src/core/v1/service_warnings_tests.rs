//! Upstream's `TestGetWarningsForService` and `TestGetWarningsForServiceClusterIPs` (`pkg/api/service/warnings_test.go`) inputs, with the messages of the `utilvalidation` helpers the current `warnings.go` calls, and a case for each remaining rule.

use super::warnings_for_service;
use crate::core::v1::{Service, ServiceAffinity, ServiceSpec, ServiceType};
use crate::meta::v1::ObjectMeta;

fn annotated(key: &str) -> Service {
    Service {
        metadata: ObjectMeta { annotations: [(key.to_owned(), "foo".to_owned())].into(), ..ObjectMeta::default() },
        ..Service::default()
    }
}

fn with_spec(spec: ServiceSpec) -> Service {
    Service {
        metadata: ObjectMeta { name: "svc-test".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec,
        ..Service::default()
    }
}

fn cluster_ips(ips: &[&str]) -> Service {
    with_spec(ServiceSpec {
        r#type: ServiceType("ClusterIP".into()),
        cluster_ip: ips.first().map(|s| (*s).to_owned()).unwrap_or_default(),
        cluster_ips: ips.iter().map(|s| (*s).to_owned()).collect(),
        ..ServiceSpec::default()
    })
}

#[test]
fn warning_counts_are_upstreams() {
    let external_name_with_ips = Service {
        spec: ServiceSpec {
            r#type: ServiceType("ExternalName".into()),
            external_ips: vec!["1.2.3.4".into()],
            ..ServiceSpec::default()
        },
        ..Service::default()
    };
    let cluster_ip_with_name = Service {
        spec: ServiceSpec {
            r#type: ServiceType("ClusterIP".into()),
            external_name: "example.com".into(),
            ..ServiceSpec::default()
        },
        ..Service::default()
    };
    let cases = [
        ("new topology mode set", annotated("service.kubernetes.io/topology-mode"), 0),
        ("deprecated hints annotation set", annotated("service.kubernetes.io/topology-aware-hints"), 1),
        ("externalIPs set when type is ExternalName", external_name_with_ips, 1),
        ("externalName set when type is not ExternalName", cluster_ip_with_name, 1),
    ];
    for (name, svc, n) in cases {
        let warnings = warnings_for_service(&svc, Some(&svc));
        assert_eq!(warnings.len(), n, "{name}: {warnings:?}");
    }
}

const V4_ZEROS: &str = r#"spec.clusterIPs[0]: non-standard IP address "192.012.2.2" is invalid: use "192.12.2.2""#;
const V4_ZEROS_1: &str = r#"spec.clusterIPs[1]: non-standard IP address "192.012.2.2" is invalid: use "192.12.2.2""#;
const V6_LONG: &str =
    r#"spec.clusterIPs[0]: IPv6 address "2001:db8:0:0::2" should be in RFC 5952 canonical format ("2001:db8::2")"#;
const V6_LONG_1: &str =
    r#"spec.clusterIPs[1]: IPv6 address "2001:db8:0:0::2" should be in RFC 5952 canonical format ("2001:db8::2")"#;

#[test]
fn cluster_ip_warnings_are_upstreams() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("IPv4 No failures", &["192.12.2.2"], &[]),
        ("IPv6 No failures", &["2001:db8::2"], &[]),
        ("IPv4 with leading zeros", &["192.012.2.2"], &[V4_ZEROS]),
        ("Dual Stack IPv4-IPv6 and IPv4 with leading zeros", &["192.012.2.2", "2001:db8::2"], &[V4_ZEROS]),
        ("Dual Stack IPv6-IPv4 and IPv4 with leading zeros", &["2001:db8::2", "192.012.2.2"], &[V4_ZEROS_1]),
        ("IPv6 non canonical format", &["2001:db8:0:0::2"], &[V6_LONG]),
        ("Dual Stack IPv4-IPv6 and IPv6 non-canonical format", &["192.12.2.2", "2001:db8:0:0::2"], &[V6_LONG_1]),
        ("Dual Stack IPv6-IPv4 and IPv6 non-canonical formats", &["2001:db8:0:0::2", "192.12.2.2"], &[V6_LONG]),
        (
            "Dual Stack IPv4-IPv6 and IPv4 with leading zeros and IPv6 non-canonical format",
            &["192.012.2.2", "2001:db8:0:0::2"],
            &[V4_ZEROS, V6_LONG_1],
        ),
        (
            "Dual Stack IPv6-IPv4 and IPv4 with leading zeros and IPv6 non-canonical format",
            &["2001:db8:0:0::2", "192.012.2.2"],
            &[V6_LONG, V4_ZEROS_1],
        ),
    ];
    for (name, ips, want) in cases {
        assert_eq!(warnings_for_service(&cluster_ips(ips), None), *want, "{name}");
    }
}

#[test]
fn every_ip_field_is_checked_in_upstreams_order() {
    let svc = with_spec(ServiceSpec {
        cluster_ip: "2001:db8:0:0::2".into(),
        cluster_ips: vec!["2001:db8:0:0::2".into(), "192.012.2.2".into()],
        external_ips: vec!["2001:db8:1:0::2".into(), "10.012.2.2".into()],
        load_balancer_ip: "10.001.1.1".into(),
        load_balancer_source_ranges: vec!["2001:db8:1:0::/64".into(), "10.012.2.0/24".into()],
        r#type: ServiceType("ClusterIP".into()),
        ..ServiceSpec::default()
    });
    assert_eq!(
        warnings_for_service(&svc, None),
        [
            V6_LONG,
            V4_ZEROS_1,
            r#"spec.externalIPs[0]: IPv6 address "2001:db8:1:0::2" should be in RFC 5952 canonical format ("2001:db8:1::2")"#,
            r#"spec.externalIPs[1]: non-standard IP address "10.012.2.2" is invalid: use "10.12.2.2""#,
            "spec.externalIPs is deprecated and may no longer be implemented in some clusters",
            r#"spec.loadBalancerIP: non-standard IP address "10.001.1.1" is invalid: use "10.1.1.1""#,
            r#"spec.loadBalancerSourceRanges[0]: IPv6 CIDR value "2001:db8:1:0::/64" should be in RFC 5952 canonical format ("2001:db8:1::/64")"#,
            r#"spec.loadBalancerSourceRanges[1]: non-standard CIDR value "10.012.2.0/24" is invalid: use "10.12.2.0/24""#,
        ],
        "Service with all IPs fields with errors"
    );
}

#[test]
fn headless_services_ignore_their_address_fields() {
    let headless = with_spec(ServiceSpec {
        r#type: ServiceType("ClusterIP".into()),
        cluster_ip: "None".into(),
        cluster_ips: vec!["None".into()],
        load_balancer_ip: "1.2.3.4".into(),
        external_ips: vec!["5.6.7.8".into()],
        session_affinity: ServiceAffinity("ClientIP".into()),
        ..ServiceSpec::default()
    });
    assert_eq!(
        warnings_for_service(&headless, None),
        [
            "spec.loadBalancerIP is ignored for headless services",
            "spec.externalIPs is ignored for headless services",
            "spec.SessionAffinity is ignored for headless services",
        ]
    );
    let mut plain =
        with_spec(ServiceSpec { session_affinity: ServiceAffinity("None".into()), ..headless.spec.clone() });
    plain.spec.load_balancer_ip.clear();
    plain.spec.external_ips.clear();
    assert!(warnings_for_service(&plain, None).is_empty());
}

#[test]
fn prefer_close_is_deprecated() {
    let svc = with_spec(ServiceSpec {
        r#type: ServiceType("ClusterIP".into()),
        traffic_distribution: Some("PreferClose".into()),
        ..ServiceSpec::default()
    });
    assert_eq!(
        warnings_for_service(&svc, None),
        [r#"spec.trafficDistribution: "PreferClose" is deprecated; use "PreferSameZone""#]
    );
    let same_zone = with_spec(ServiceSpec { traffic_distribution: Some("PreferSameZone".into()), ..svc.spec });
    assert!(warnings_for_service(&same_zone, None).is_empty());
}

#[test]
fn external_ips_of_an_external_name_service_are_ignored_not_deprecated() {
    let svc = with_spec(ServiceSpec {
        r#type: ServiceType("ExternalName".into()),
        external_name: "example.com".into(),
        external_ips: vec!["1.2.3.4".into()],
        ..ServiceSpec::default()
    });
    assert_eq!(warnings_for_service(&svc, None), [r#"spec.externalIPs is ignored when spec.type is "ExternalName""#]);
}
