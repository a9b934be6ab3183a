//! Upstream's `TestValidateServiceCreate`, `TestValidateServiceExternalTrafficPolicy` and `TestValidateServiceUpdate` cases for the load balancer and traffic fields (same names, numbers of errors), and the paths and messages of upstream's source for each rule, on create and update.

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::ErrorList;

use super::external_traffic_policy;
use crate::core::v1::validation::validate_service;
use crate::core::v1::{
    Protocol, Service, ServiceAffinity, ServiceExternalTrafficPolicy, ServiceInternalTrafficPolicy, ServicePort,
    ServiceSpec, ServiceType,
};
use crate::features::{Feature, FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;

const SOURCE_RANGES: &str = "service.beta.kubernetes.io/load-balancer-source-ranges";

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// Upstream's `makeValidService`: a cluster IP service with one TCP port, a selector and the
/// internal traffic policy defaulting sets.
fn valid() -> Service {
    Service {
        metadata: ObjectMeta { name: "valid".into(), namespace: "default".into(), ..ObjectMeta::default() },
        spec: ServiceSpec {
            r#type: ServiceType("ClusterIP".into()),
            selector: [("key".to_owned(), "val".to_owned())].into(),
            session_affinity: ServiceAffinity("None".into()),
            ports: vec![ServicePort {
                name: "p".into(),
                protocol: Protocol("TCP".into()),
                port: 8675,
                target_port: IntOrString::int(8675),
                ..ServicePort::default()
            }],
            internal_traffic_policy: Some(ServiceInternalTrafficPolicy("Cluster".into())),
            ..ServiceSpec::default()
        },
        ..Service::default()
    }
}

fn ty(s: &mut Service, t: &str) {
    s.spec.r#type = ServiceType(t.into());
}

fn etp(s: &mut Service, p: &str) {
    s.spec.external_traffic_policy = ServiceExternalTrafficPolicy(p.into());
}

/// A load balancer as defaulting leaves it: `Cluster` policy, node ports allocated.
fn load_balancer(s: &mut Service) {
    ty(s, "LoadBalancer");
    etp(s, "Cluster");
    s.spec.allocate_load_balancer_node_ports = Some(true);
}

fn annotate(s: &mut Service, key: &str, value: &str) {
    s.metadata.annotations.insert(key.into(), value.into());
}

fn ranges(s: &mut Service, r: &[&str]) {
    s.spec.load_balancer_source_ranges = r.iter().map(|r| (*r).to_owned()).collect();
}

fn itp(s: &mut Service, p: Option<&str>) {
    s.spec.internal_traffic_policy = p.map(|p| ServiceInternalTrafficPolicy(p.into()));
}

type Tweak = fn(&mut Service);

/// `TestValidateServiceCreate`'s cases for these fields: name, tweak, number of errors.
const CREATE_CASES: &[(&str, Tweak, usize)] = &[
    ("valid type - cluster", |s| ty(s, "ClusterIP"), 0),
    (
        "valid type - nodeport",
        |s| {
            ty(s, "NodePort");
            etp(s, "Cluster");
        },
        0,
    ),
    ("valid type - loadbalancer with allocateLoadBalancerNodePorts=true", load_balancer, 0),
    (
        "valid LoadBalancer source range annotation",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "1.2.3.0/24,  5.6.0.0/16");
        },
        0,
    ),
    (
        "valid empty LoadBalancer source range annotation",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "");
        },
        0,
    ),
    (
        "valid whitespace-only LoadBalancer source range annotation",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "  ");
        },
        0,
    ),
    (
        "invalid LoadBalancer source range annotation (hostname)",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "foo.bar");
        },
        1,
    ),
    (
        "invalid LoadBalancer source range annotation (invalid CIDR)",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "1.2.3.4/33");
        },
        1,
    ),
    (
        "invalid LoadBalancer source range annotation for non LoadBalancer type service",
        |s| annotate(s, SOURCE_RANGES, "1.2.3.0/24"),
        1,
    ),
    (
        "invalid empty-but-set LoadBalancer source range annotation for non LoadBalancer type service",
        |s| annotate(s, SOURCE_RANGES, ""),
        1,
    ),
    (
        "valid LoadBalancer source range",
        |s| {
            load_balancer(s);
            ranges(s, &["1.2.3.0/24", "5.6.0.0/16"]);
        },
        0,
    ),
    (
        "valid LoadBalancer source range with whitespace",
        |s| {
            load_balancer(s);
            ranges(s, &["1.2.3.0/24  ", " 5.6.0.0/16"]);
        },
        0,
    ),
    (
        "invalid empty LoadBalancer source range",
        |s| {
            load_balancer(s);
            ranges(s, &["   "]);
        },
        1,
    ),
    (
        "invalid LoadBalancer source range (hostname)",
        |s| {
            load_balancer(s);
            ranges(s, &["foo.bar"]);
        },
        1,
    ),
    (
        "invalid LoadBalancer source range (invalid CIDR)",
        |s| {
            load_balancer(s);
            ranges(s, &["1.2.3.4/33"]);
        },
        1,
    ),
    ("invalid source range for non LoadBalancer type service", |s| ranges(s, &["1.2.3.0/24", "5.6.0.0/16"]), 1),
    (
        "invalid source range annotation ignored with valid source range field",
        |s| {
            load_balancer(s);
            annotate(s, SOURCE_RANGES, "foo.bar");
            ranges(s, &["1.2.3.0/24", "5.6.0.0/16"]);
        },
        0,
    ),
    (
        "invalid externalTraffic field",
        |s| {
            load_balancer(s);
            etp(s, "invalid");
        },
        1,
    ),
    ("nil internalTraffic field when feature gate is on", |s| itp(s, None), 1),
    (
        "internalTrafficPolicy field nil when type is ExternalName",
        |s| {
            itp(s, None);
            ty(s, "ExternalName");
            s.spec.external_name = "foo.bar.com".into();
        },
        0,
    ),
    (
        "internalTrafficPolicy field is set when type is ExternalName",
        |s| {
            itp(s, Some("Cluster"));
            ty(s, "ExternalName");
            s.spec.external_name = "foo.bar.com".into();
        },
        0,
    ),
    ("invalid internalTraffic field", |s| itp(s, Some("invalid")), 1),
    ("internalTrafficPolicy field set to Cluster", |s| itp(s, Some("Cluster")), 0),
    ("internalTrafficPolicy field set to Local", |s| itp(s, Some("Local")), 0),
    (
        "negative healthCheckNodePort field",
        |s| {
            load_balancer(s);
            etp(s, "Local");
            s.spec.health_check_node_port = -1;
        },
        1,
    ),
    (
        "negative healthCheckNodePort field",
        |s| {
            load_balancer(s);
            etp(s, "Local");
            s.spec.health_check_node_port = 31100;
        },
        0,
    ),
    (
        "Use AllocateLoadBalancerNodePorts when type is not LoadBalancer",
        |s| s.spec.allocate_load_balancer_node_ports = Some(true),
        1,
    ),
    (
        "valid LoadBalancerClass when type is LoadBalancer",
        |s| {
            load_balancer(s);
            s.spec.load_balancer_class = Some("test.com/test-load-balancer-class".into());
        },
        0,
    ),
    (
        "invalid LoadBalancerClass",
        |s| {
            load_balancer(s);
            s.spec.load_balancer_class = Some("Bad/LoadBalancerClass".into());
        },
        1,
    ),
    (
        "invalid: set LoadBalancerClass when type is not LoadBalancer",
        |s| {
            ty(s, "ClusterIP");
            s.spec.load_balancer_class = Some("test.com/test-load-balancer-class".into());
        },
        1,
    ),
    (
        "topology annotations are mismatched",
        |s| {
            annotate(s, "service.kubernetes.io/topology-aware-hints", "original");
            annotate(s, "service.kubernetes.io/topology-mode", "different");
        },
        1,
    ),
    (
        "valid: trafficDistribution field set to PreferClose",
        |s| s.spec.traffic_distribution = Some("PreferClose".into()),
        0,
    ),
    (
        "valid: trafficDistribution field set to PreferSameZone with feature gate",
        |s| s.spec.traffic_distribution = Some("PreferSameZone".into()),
        0,
    ),
    (
        "valid: trafficDistribution field set to PreferSameNode with feature gate",
        |s| s.spec.traffic_distribution = Some("PreferSameNode".into()),
        0,
    ),
    ("invalid: trafficDistribution field set to Random", |s| s.spec.traffic_distribution = Some("Random".into()), 1),
];

#[test]
fn upstream_create_cases() {
    for (name, tweak, want) in CREATE_CASES {
        let mut s = valid();
        tweak(&mut s);
        let errs = validate_service(&s, None);
        assert_eq!(errs.len(), *want, "{name}: {:#?}", strings(&errs));
    }
}

/// `TestValidateServiceExternalTrafficPolicy`, which calls the policy check alone.
const EXTERNAL_TRAFFIC_POLICY_CASES: &[(&str, Tweak, usize)] = &[
    (
        "valid loadBalancer service with externalTrafficPolicy and healthCheckNodePort set",
        |s| {
            load_balancer(s);
            etp(s, "Local");
            s.spec.health_check_node_port = 34567;
        },
        0,
    ),
    (
        "valid nodePort service with externalTrafficPolicy set",
        |s| {
            ty(s, "NodePort");
            etp(s, "Local");
        },
        0,
    ),
    (
        "valid clusterIP service with none of externalTrafficPolicy and healthCheckNodePort set",
        |s| ty(s, "ClusterIP"),
        0,
    ),
    (
        "cannot set healthCheckNodePort field on loadBalancer service with externalTrafficPolicy!=Local",
        |s| {
            load_balancer(s);
            s.spec.health_check_node_port = 34567;
        },
        1,
    ),
    (
        "cannot set healthCheckNodePort field on nodePort service",
        |s| {
            ty(s, "NodePort");
            etp(s, "Local");
            s.spec.health_check_node_port = 34567;
        },
        1,
    ),
    (
        "cannot set externalTrafficPolicy or healthCheckNodePort fields on clusterIP service",
        |s| {
            ty(s, "ClusterIP");
            etp(s, "Local");
            s.spec.health_check_node_port = 34567;
        },
        2,
    ),
    (
        "cannot set externalTrafficPolicy field on ExternalName service",
        |s| {
            ty(s, "ExternalName");
            etp(s, "Local");
        },
        1,
    ),
    ("externalTrafficPolicy is required on NodePort service", |s| ty(s, "NodePort"), 1),
    ("externalTrafficPolicy is required on LoadBalancer service", |s| ty(s, "LoadBalancer"), 1),
    (
        "externalTrafficPolicy is required on ClusterIP service with externalIPs",
        |s| {
            ty(s, "ClusterIP");
            s.spec.external_ips = vec!["1.2.3,4".into()];
        },
        1,
    ),
];

#[test]
fn upstream_external_traffic_policy_cases() {
    for (name, tweak, want) in EXTERNAL_TRAFFIC_POLICY_CASES {
        let mut s = valid();
        tweak(&mut s);
        let errs = external_traffic_policy(&s);
        assert_eq!(errs.len(), *want, "{name}: {:#?}", strings(&errs));
    }
}

type UpdateTweak = fn(&mut Service, &mut Service);

fn class(s: &mut Service, c: Option<&str>) {
    s.spec.load_balancer_class = c.map(str::to_owned);
}

/// An old load balancer as upstream's update cases store it: type and node ports only.
fn old_load_balancer(s: &mut Service) {
    ty(s, "LoadBalancer");
    s.spec.allocate_load_balancer_node_ports = Some(true);
}

/// `TestValidateServiceUpdate`'s cases for these fields: name, tweak of (old, new), number of
/// errors. Upstream checks the class in both `ValidateServiceUpdate` and `ValidateService`, so a
/// bad class counts twice.
const UPDATE_CASES: &[(&str, UpdateTweak, usize)] = &[
    (
        "Service with LoadBalancer type can change its AllocateLoadBalancerNodePorts from true to false",
        |old, new| {
            old_load_balancer(old);
            load_balancer(new);
            new.spec.allocate_load_balancer_node_ports = Some(false);
        },
        0,
    ),
    (
        "Service with LoadBalancer type can change its AllocateLoadBalancerNodePorts from false to true",
        |old, new| {
            old_load_balancer(old);
            old.spec.allocate_load_balancer_node_ports = Some(false);
            load_balancer(new);
        },
        0,
    ),
    (
        "Set AllocateLoadBalancerNodePorts when type is not LoadBalancer",
        |_, new| new.spec.allocate_load_balancer_node_ports = Some(true),
        1,
    ),
    (
        "update LoadBalancer type of service without change LoadBalancerClass",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-old"));
            load_balancer(new);
            class(new, Some("test.com/test-old"));
        },
        0,
    ),
    (
        "invalid: change LoadBalancerClass when update service",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-old"));
            load_balancer(new);
            class(new, Some("test.com/test-new"));
        },
        1,
    ),
    (
        "invalid: unset LoadBalancerClass when update service",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-old"));
            load_balancer(new);
            class(new, None);
        },
        1,
    ),
    (
        "invalid: set LoadBalancerClass when update service",
        |old, new| {
            old_load_balancer(old);
            load_balancer(new);
            class(new, Some("test.com/test-new"));
        },
        1,
    ),
    (
        "update to LoadBalancer type of service with valid LoadBalancerClass",
        |_, new| {
            load_balancer(new);
            class(new, Some("test.com/test-load-balancer-class"));
        },
        0,
    ),
    ("update to LoadBalancer type of service without LoadBalancerClass", |_, new| load_balancer(new), 0),
    (
        "invalid: set invalid LoadBalancerClass when update service to LoadBalancer",
        |_, new| {
            load_balancer(new);
            class(new, Some("Bad/LoadBalancerclass"));
        },
        2,
    ),
    (
        "invalid: set LoadBalancerClass when update service to non LoadBalancer type of service",
        |_, new| class(new, Some("test.com/test-load-balancer-class")),
        2,
    ),
    (
        "invalid: set LoadBalancerClass when update service to non LoadBalancer type of service",
        |old, new| {
            ty(old, "ExternalName");
            ty(new, "ExternalName");
            class(new, Some("test.com/test-load-balancer-class"));
        },
        3,
    ),
    (
        "invalid: set LoadBalancerClass when update service to non LoadBalancer type of service",
        |old, new| {
            ty(old, "NodePort");
            ty(new, "NodePort");
            etp(new, "Cluster");
            class(new, Some("test.com/test-load-balancer-class"));
        },
        2,
    ),
    (
        "invalid: set LoadBalancerClass when update from LoadBalancer service to non LoadBalancer type of service",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-load-balancer-class"));
            class(new, Some("test.com/test-load-balancer-class"));
        },
        2,
    ),
    (
        "invalid: set LoadBalancerClass when update from LoadBalancer service to non LoadBalancer type of service",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-load-balancer-class"));
            ty(new, "ExternalName");
            class(new, Some("test.com/test-load-balancer-class"));
        },
        3,
    ),
    (
        "invalid: set LoadBalancerClass when update from LoadBalancer service to non LoadBalancer type of service",
        |old, new| {
            old_load_balancer(old);
            class(old, Some("test.com/test-load-balancer-class"));
            ty(new, "NodePort");
            etp(new, "Cluster");
            class(new, Some("test.com/test-load-balancer-class"));
        },
        2,
    ),
    (
        "update internalTrafficPolicy from Cluster to Local",
        |old, new| {
            itp(old, Some("Cluster"));
            itp(new, Some("Local"));
        },
        0,
    ),
    (
        "update internalTrafficPolicy from Local to Cluster",
        |old, new| {
            itp(old, Some("Local"));
            itp(new, Some("Cluster"));
        },
        0,
    ),
    (
        "topology annotations are mismatched",
        |_, new| {
            annotate(new, "service.kubernetes.io/topology-aware-hints", "original");
            annotate(new, "service.kubernetes.io/topology-mode", "different");
        },
        1,
    ),
    // Upstream's IP validation ratcheting cases (post-1.36 tree `AIAgentSandox/kubernetes` at
    // `64149d12`): a stored value that the stricter checks reject may stay, not be added.
    (
        "pre-existing invalid clusterIP ignored when updating other fields",
        |old, new| {
            for s in [old, new] {
                cluster_ips(s, &["1.2.3.04"]);
            }
        },
        0,
    ),
    (
        "pre-existing invalid clusterIP ignored when adding clusterIPs",
        |old, new| {
            cluster_ips(old, &["1.2.3.04"]);
            families(old, "SingleStack", &["IPv4"]);
            cluster_ips(new, &["1.2.3.04", "2001:db8::4"]);
            families(new, "RequireDualStack", &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "pre-existing invalid clusterIP ignored when removing clusterIPs",
        |old, new| {
            cluster_ips(old, &["1.2.3.04", "2001:db::4"]);
            families(old, "RequireDualStack", &["IPv4", "IPv6"]);
            cluster_ips(new, &["1.2.3.04"]);
            families(new, "SingleStack", &["IPv4"]);
        },
        0,
    ),
    (
        "pre-existing invalid externalIP ignored",
        |old, new| {
            external_ips(old, &["1.2.3.04"]);
            external_ips(new, &["1.2.3.04"]);
        },
        0,
    ),
    (
        "pre-existing invalid externalIP ignored when adding externalIPs",
        |old, new| {
            external_ips(old, &["1.2.3.04"]);
            external_ips(new, &["5.6.7.8", "1.2.3.04"]);
        },
        0,
    ),
    (
        "pre-existing invalid externalIP ignored when removing externalIPs",
        |old, new| {
            external_ips(old, &["5.6.7.8", "1.2.3.04"]);
            external_ips(new, &["1.2.3.04"]);
        },
        0,
    ),
    (
        "can fix invalid externalIP",
        |old, new| {
            external_ips(old, &["1.2.3.04"]);
            external_ips(new, &["1.2.3.4"]);
        },
        0,
    ),
    (
        "can't add invalid externalIP",
        |old, new| {
            etp(old, "Cluster");
            external_ips(new, &["1.2.3.04"]);
        },
        1,
    ),
    (
        "pre-existing invalid loadBalancerSourceRanges ignored when updating other fields",
        |old, new| {
            old_load_balancer(old);
            ranges(old, &["010.0.0.0/8"]);
            load_balancer(new);
            ranges(new, &["010.0.0.0/8"]);
        },
        0,
    ),
    (
        "pre-existing invalid loadBalancerSourceRanges ignored when adding source ranges",
        |old, new| {
            old_load_balancer(old);
            ranges(old, &["010.0.0.0/8"]);
            load_balancer(new);
            ranges(new, &["1.2.3.0/24", "010.0.0.0/8"]);
        },
        0,
    ),
    (
        // Upstream's case sets the old ranges twice and leaves the new service without any.
        "pre-existing invalid loadBalancerSourceRanges ignored when removing source ranges",
        |old, new| {
            old_load_balancer(old);
            ranges(old, &["010.0.0.0/8"]);
            load_balancer(new);
        },
        0,
    ),
    (
        "can fix invalid loadBalancerSourceRanges",
        |old, new| {
            old_load_balancer(old);
            ranges(old, &["010.0.0.0/8"]);
            load_balancer(new);
            ranges(new, &["10.0.0.0/8"]);
        },
        0,
    ),
    (
        "can't add invalid loadBalancerSourceRanges",
        |old, new| {
            old_load_balancer(old);
            load_balancer(new);
            ranges(new, &["010.0.0.0/8"]);
        },
        1,
    ),
    (
        "pre-existing invalid source ranges ignored when updating other fields",
        |old, new| {
            old_load_balancer(old);
            annotate(old, SOURCE_RANGES, "010.0.0.0/8");
            load_balancer(new);
            annotate(new, SOURCE_RANGES, "010.0.0.0/8");
        },
        0,
    ),
    (
        "can fix invalid source ranges annotation",
        |old, new| {
            old_load_balancer(old);
            annotate(old, SOURCE_RANGES, "010.0.0.0/8");
            load_balancer(new);
            annotate(new, SOURCE_RANGES, "10.0.0.0/8");
        },
        0,
    ),
    (
        "can't modify pre-existing invalid source ranges annotation without fixing it",
        |old, new| {
            old_load_balancer(old);
            annotate(old, SOURCE_RANGES, "010.0.0.0/8");
            load_balancer(new);
            annotate(new, SOURCE_RANGES, "010.0.0.0/8, 1.2.3.0/24");
        },
        1,
    ),
    (
        "can't add invalid source ranges annotation",
        |old, new| {
            old_load_balancer(old);
            load_balancer(new);
            annotate(new, SOURCE_RANGES, "010.0.0.0/8, 1.2.3.0/24");
        },
        1,
    ),
    (
        // The name is not checked again on update (`ValidateServiceUpdate` checks only that
        // the metadata update is allowed), so a name only the relaxed rule accepts may stay.
        "can modify a pre-existing relaxed service name without error",
        |old, new| {
            old.metadata.name = "1-test-service".into();
            new.metadata.name = "1-test-service".into();
            new.metadata.labels.insert("foo".into(), "bar".into());
        },
        0,
    ),
];

/// `clusterIP` and `clusterIPs` set together, as upstream's cases set them.
fn cluster_ips(s: &mut Service, ips: &[&str]) {
    s.spec.cluster_ip = ips[0].into();
    s.spec.cluster_ips = ips.iter().map(|ip| (*ip).to_owned()).collect();
}

fn families(s: &mut Service, policy: &str, families: &[&str]) {
    s.spec.ip_family_policy = Some(crate::core::v1::IPFamilyPolicy(policy.into()));
    s.spec.ip_families = families.iter().map(|f| crate::core::v1::IPFamily((*f).into())).collect();
}

/// External IPs on a service with the `Cluster` policy they need.
fn external_ips(s: &mut Service, ips: &[&str]) {
    etp(s, "Cluster");
    s.spec.external_ips = ips.iter().map(|ip| (*ip).to_owned()).collect();
}

/// The cases whose only error is a leading zero in a legacy IP or CIDR field, refused only with
/// `StrictIPCIDRValidation` on (as it is by default in 1.36).
const STRICT_ONLY: &[&str] = &[
    "can't add invalid externalIP",
    "can't add invalid loadBalancerSourceRanges",
    "can't modify pre-existing invalid source ranges annotation without fixing it",
    "can't add invalid source ranges annotation",
];

#[test]
fn upstream_update_cases() {
    // Upstream's invalid values here (leading zeros) are invalid only under strict parsing of
    // legacy fields, which `StrictIPCIDRValidation` (on by default in 1.36) asks for.
    let lenient = FeatureGates::default().with(Feature::StrictIPCIDRValidation, false);
    for (name, tweak, want) in UPDATE_CASES {
        let (mut old, mut new) = (valid(), valid());
        tweak(&mut old, &mut new);
        let errs = validate_service(&new, Some(&old));
        assert_eq!(errs.len(), *want, "{name}: {:#?}", strings(&errs));
        if STRICT_ONLY.contains(name) {
            let errs = with_gates(lenient, || validate_service(&new, Some(&old)));
            assert!(errs.is_empty(), "{name} with the gate off: {:#?}", strings(&errs));
        }
    }
}

#[test]
fn source_ranges_name_the_field_or_the_annotation() {
    let mut s = valid();
    ranges(&mut s, &["1.2.3.4/33", " 10.0.0.1/8 "]);
    // A legacy CIDR field: host bits are refused only with `StrictIPCIDRValidation` on.
    let lenient = FeatureGates::default().with(Feature::StrictIPCIDRValidation, false);
    assert_eq!(
        strings(&with_gates(lenient, || validate_service(&s, None))),
        [
            "spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'",
            "spec.LoadBalancerSourceRanges[0]: Invalid value: \"1.2.3.4/33\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        ]
    );
    assert_eq!(
        strings(&validate_service(&s, None))[2..],
        [
            "spec.LoadBalancerSourceRanges[1]: Invalid value: \"10.0.0.1/8\": must not have bits set beyond the prefix length"
        ]
    );
    let mut s = valid();
    load_balancer(&mut s);
    annotate(&mut s, SOURCE_RANGES, "10.0.0.0/8,foo, ");
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Invalid value: \"foo\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
            "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Invalid value: \"\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        ]
    );
    ty(&mut s, "NodePort");
    s.spec.allocate_load_balancer_node_ports = None;
    annotate(&mut s, SOURCE_RANGES, "10.0.0.0/8");
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Forbidden: may only be used when `type` is 'LoadBalancer'"
        ]
    );
}

#[test]
fn load_balancer_only_fields() {
    let mut s = valid();
    s.spec.allocate_load_balancer_node_ports = Some(false);
    s.spec.load_balancer_class = Some("example.com/lb".into());
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'",
            "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
        ]
    );
    let mut s = valid();
    load_balancer(&mut s);
    s.spec.allocate_load_balancer_node_ports = None;
    s.spec.load_balancer_class = Some("Bad/LoadBalancerClass".into());
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "allocateLoadBalancerNodePorts: Required value",
            "spec.loadBalancerClass: Invalid value: \"Bad/LoadBalancerClass\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ]
    );
}

#[test]
fn traffic_policies_and_distribution() {
    let mut s = valid();
    ty(&mut s, "NodePort");
    assert_eq!(strings(&validate_service(&s, None)), ["spec.externalTrafficPolicy: Required value"]);
    etp(&mut s, "Nearby");
    itp(&mut s, Some("Nearby"));
    s.spec.traffic_distribution = Some("Anywhere".into());
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "spec.externalTrafficPolicy: Unsupported value: \"Nearby\": supported values: \"Cluster\", \"Local\"",
            "spec.internalTrafficPolicy: Unsupported value: \"Nearby\": supported values: \"Cluster\", \"Local\"",
            "spec.trafficDistribution: Unsupported value: \"Anywhere\": supported values: \"PreferClose\", \"PreferSameZone\", \"PreferSameNode\"",
        ]
    );
    for d in ["PreferClose", "PreferSameZone", "PreferSameNode"] {
        let mut s = valid();
        s.spec.traffic_distribution = Some(d.into());
        assert_eq!(strings(&validate_service(&s, None)), Vec::<String>::new(), "{d}");
    }
    let mut s = valid();
    etp(&mut s, "Local");
    itp(&mut s, None);
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "spec.externalTrafficPolicy: Invalid value: \"Local\": may only be set for externally-accessible services",
            "spec.internalTrafficPolicy: Required value",
        ]
    );
    // External IPs make a cluster IP service externally accessible.
    s.spec.external_ips = vec!["1.2.3.4".into()];
    itp(&mut s, Some("Cluster"));
    assert_eq!(strings(&validate_service(&s, None)), Vec::<String>::new());
}

#[test]
fn health_check_node_port() {
    let mut s = valid();
    load_balancer(&mut s);
    etp(&mut s, "Local");
    assert_eq!(strings(&validate_service(&s, None)), ["spec.healthCheckNodePort: Required value"]);
    s.spec.health_check_node_port = 65536;
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.healthCheckNodePort: Invalid value: 65536: must be between 1 and 65535, inclusive"]
    );
    etp(&mut s, "Cluster");
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "spec.healthCheckNodePort: Invalid value: 65536: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"
        ]
    );
}

#[test]
fn topology_annotations_must_agree() {
    let mut s = valid();
    annotate(&mut s, "service.kubernetes.io/topology-aware-hints", "Auto");
    annotate(&mut s, "service.kubernetes.io/topology-mode", "Auto");
    assert!(validate_service(&s, None).is_empty());
    annotate(&mut s, "service.kubernetes.io/topology-mode", "auto");
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: \"auto\": must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified"
        ]
    );
}

#[test]
fn updates_keep_the_class_and_the_health_check_port() {
    let mut old = valid();
    load_balancer(&mut old);
    old.spec.load_balancer_class = Some("example.com/a".into());
    let mut new = old.clone();
    new.spec.load_balancer_class = Some("example.com/b".into());
    assert_eq!(
        strings(&validate_service(&new, Some(&old))),
        ["spec.loadBalancerClass: Invalid value: \"example.com/b\": may not change once set"]
    );
    new.spec.load_balancer_class = None;
    assert_eq!(
        strings(&validate_service(&new, Some(&old))),
        ["spec.loadBalancerClass: Invalid value: null: may not change once set"]
    );
    // Leaving the load balancer type, the class is only forbidden (the strategy drops an
    // unchanged one); becoming a load balancer, any class may be set.
    let mut cluster = new.clone();
    ty(&mut cluster, "ClusterIP");
    etp(&mut cluster, "");
    cluster.spec.allocate_load_balancer_node_ports = None;
    cluster.spec.load_balancer_class = Some("example.com/a".into());
    let forbidden = "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'";
    // Upstream runs the class checks in both `ValidateServiceUpdate` and `ValidateService`.
    assert_eq!(strings(&validate_service(&cluster, Some(&old))), [forbidden, forbidden]);
    assert!(validate_service(&new, Some(&cluster)).is_empty());

    let mut old = valid();
    load_balancer(&mut old);
    etp(&mut old, "Local");
    old.spec.health_check_node_port = 30001;
    let mut new = old.clone();
    new.spec.health_check_node_port = 30002;
    assert_eq!(
        strings(&validate_service(&new, Some(&old))),
        ["spec.healthCheckNodePort: Forbidden: field is immutable"]
    );
    // Switching to `Cluster` and back frees the port, so a new one may be allocated.
    let mut cluster = old.clone();
    etp(&mut cluster, "Cluster");
    cluster.spec.health_check_node_port = 0;
    assert!(validate_service(&cluster, Some(&old)).is_empty());
    assert!(validate_service(&new, Some(&cluster)).is_empty());
}

#[test]
fn the_scheme_runs_these_checks() {
    let mut scheme = Scheme::new();
    crate::core::install(&mut scheme).expect("core installs");
    let mut old = valid();
    load_balancer(&mut old);
    old.spec.load_balancer_class = Some("example.com/a".into());
    let mut new = old.clone();
    new.spec.load_balancer_class = Some("Bad/Class".into());
    new.spec.traffic_distribution = Some("Random".into());
    let got = strings(&scheme.validate(&new, Some(&old)));
    assert_eq!(got[0], "spec.loadBalancerClass: Invalid value: \"Bad/Class\": may not change once set");
    assert!(got[1].starts_with("spec.loadBalancerClass: Invalid value: \"Bad/Class\": prefix part"), "{got:#?}");
    // The scheme reports the class's format once, as upstream's message does.
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(got[2].starts_with("spec.trafficDistribution: Unsupported value: \"Random\""), "{got:#?}");
}
