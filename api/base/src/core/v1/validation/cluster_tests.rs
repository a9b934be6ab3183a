//! Cases for node, endpoints, resource quota, limit range, event and namespace status validation, with the inputs of upstream's `TestValidateNode*`, `TestValidateEndpoints*`, `TestValidateResourceQuota`, `TestValidateLimitRange`, `TestValidateEvent*` and `TestValidateNamespaceStatusUpdate` tables and the (type, field) pairs and messages upstream's source gives them.

use std::collections::BTreeMap;

use kapi_machinery::types::{MicroTime, Quantity, Time};
use kapi_machinery::validation::ErrorType;

use super::node as node_validation;
use super::*;
use crate::core::v1::validation::validate_endpoints;
use crate::core::v1::{
    EndpointSubset, LimitRangeItem, LimitRangeSpec, LimitType, NamespacePhase, NamespaceStatus, NodeAddress,
    NodeAddressType, ObjectReference, Protocol, ResourceName, ResourceQuotaScope, ResourceQuotaStatus, ScopeSelector,
    ScopeSelectorOperator, ScopedResourceSelectorRequirement, TaintEffect,
};
use crate::meta::v1::ObjectMeta;

/// A table row: the case's name, its input and the (type, field) of each expected error.
type Case<T> = (&'static str, T, Vec<(ErrorType, &'static str)>);

fn q(s: &str) -> Quantity {
    Quantity::parse(s).expect("test quantities parse")
}

fn list(pairs: &[(&str, &str)]) -> BTreeMap<ResourceName, Quantity> {
    pairs.iter().map(|(k, v)| (ResourceName((*k).into()), q(v))).collect()
}

fn kinds(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    errs.iter().map(|e| (e.error_type, e.field.clone())).collect()
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn pairs(want: &[(ErrorType, &str)]) -> Vec<(ErrorType, String)> {
    want.iter().map(|(t, f)| (*t, (*f).to_owned())).collect()
}

// ---------------------------------------------------------------------------------------------
// Node.

fn node(edit: impl FnOnce(&mut Node)) -> Node {
    let mut n = Node { metadata: ObjectMeta { name: "abc".into(), ..ObjectMeta::default() }, ..Node::default() };
    edit(&mut n);
    n
}

fn taint(key: &str, value: &str, effect: &str) -> Taint {
    Taint { key: key.into(), value: value.into(), effect: TaintEffect(effect.into()), time_added: None }
}

#[test]
fn nodes_on_create() {
    use ErrorType::{Duplicate, Invalid, NotSupported, Required};
    let good = node(|n| {
        n.spec.taints = vec![taint("dedicated", "special-user-1", "NoSchedule")];
        n.status.capacity = list(&[("cpu", "10"), ("memory", "10G"), ("my.org/gpu", "2")]);
        n.spec.pod_cidrs = vec!["192.168.0.0/16".into(), "2001:db8::/64".into()];
    });
    assert!(node_for_test(&good, None).is_empty());
    let cases: Vec<Case<Node>> = vec![
        (
            "missing-taint-key",
            node(|n| n.spec.taints = vec![taint("", "special-user-1", "NoSchedule")]),
            vec![(Invalid, "metadata.taints[0].key"), (Invalid, "metadata.taints[0].key")],
        ),
        (
            "bad-taint-key",
            node(|n| n.spec.taints = vec![taint("NoUppercaseOrSpecialCharsLike=Equals", "v", "NoSchedule")]),
            vec![(Invalid, "metadata.taints[0].key")],
        ),
        (
            "bad-taint-value",
            node(|n| n.spec.taints = vec![taint("dedicated", "some\\bad\\value", "NoSchedule")]),
            vec![(Invalid, "metadata.taints[0].value")],
        ),
        (
            "missing-taint-effect",
            node(|n| n.spec.taints = vec![taint("dedicated", "special-user-3", "")]),
            vec![(Required, "metadata.taints[0].effect")],
        ),
        (
            "invalid-taint-effect",
            node(|n| {
                n.spec.taints =
                    vec![taint("dedicated", "special-user-3", "NoExecute"), taint("k", "v", "NoScheduleNoAdmit")]
            }),
            vec![(NotSupported, "metadata.taints[1].effect")],
        ),
        (
            "duplicated-taints-with-same-key-effect",
            node(|n| {
                n.spec.taints = vec![
                    taint("dedicated", "special-user-1", "NoSchedule"),
                    taint("dedicated", "special-user-2", "NoSchedule"),
                ]
            }),
            vec![(Duplicate, "metadata.taints[1]")],
        ),
        (
            "negative-capacity",
            node(|n| n.status.capacity = list(&[("cpu", "-1")])),
            vec![(Invalid, "status.capacity.cpu")],
        ),
        (
            "fractional-extended-resource",
            node(|n| n.status.allocatable = list(&[("my.org/gpu", "500m")])),
            vec![(Invalid, "status.allocatable.my.org/gpu")],
        ),
        (
            "invalid-pod-cidr",
            node(|n| n.spec.pod_cidrs = vec!["192.168.0.0".into()]),
            vec![(Invalid, "spec.podCIDRs[0]")],
        ),
        (
            // Host bits in a legacy CIDR field pass while `StrictIPCIDRValidation` is off.
            "duplicate-pod-cidrs",
            node(|n| n.spec.pod_cidrs = vec!["10.0.0.1/16".into(), "10.0.0.1/16".into()]),
            vec![(Invalid, "spec.podCIDRs"), (Duplicate, "spec.podCIDRs[1]")],
        ),
        (
            "not-dual-stack",
            node(|n| n.spec.pod_cidrs = vec!["10.0.0.0/16".into(), "10.1.0.0/16".into()]),
            vec![(Invalid, "spec.podCIDRs")],
        ),
        (
            "too-many-pod-cidrs",
            node(|n| n.spec.pod_cidrs = vec!["10.0.0.0/16".into(), "2000::/10".into(), "10.1.0.0/16".into()]),
            vec![(Invalid, "spec.podCIDRs")],
        ),
    ];
    // With host bits allowed, as "duplicate-pod-cidrs" needs.
    let lenient =
        || crate::features::FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, false);
    for (name, n, want) in cases {
        assert_eq!(kinds(&crate::features::with_gates(lenient(), || node_for_test(&n, None))), pairs(&want), "{name}");
    }
    let errs = node_for_test(
        &node(|n| {
            n.spec.taints = vec![
                taint("dedicated", "special-user-1", "NoSchedule"),
                taint("dedicated", "special-user-2", "NoSchedule"),
            ]
        }),
        None,
    );
    assert_eq!(
        strings(&errs),
        [
            r#"metadata.taints[1]: Duplicate value: {"Key":"dedicated","Value":"special-user-2","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair"#
        ]
    );
    assert_eq!(
        strings(&node_for_test(&node(|n| n.spec.pod_cidrs = vec!["192.168.0.0".into()]), None)),
        [
            "spec.podCIDRs[0]: Invalid value: \"192.168.0.0\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"
        ]
    );
    // A legacy CIDR field: host bits are refused only with `StrictIPCIDRValidation` on, as it is
    // by default in 1.36.
    let host_bits = node(|n| n.spec.pod_cidrs = vec!["10.0.0.1/16".into()]);
    assert_eq!(
        strings(&crate::features::with_gates(lenient(), || node_for_test(&host_bits, None))),
        Vec::<String>::new()
    );
    assert_eq!(
        strings(&node_for_test(&host_bits, None)),
        ["spec.podCIDRs[0]: Invalid value: \"10.0.0.1/16\": must not have bits set beyond the prefix length"]
    );
    assert_eq!(
        strings(&node_for_test(&node(|n| n.status.capacity = list(&[("cpu", "-1")])), None)),
        ["status.capacity.cpu: Invalid value: \"-1\": must be greater than or equal to 0"]
    );
}

fn node_for_test(n: &Node, old: Option<&Node>) -> ErrorList {
    node_validation(n, old)
}

#[test]
fn node_updates() {
    use ErrorType::{Duplicate, Forbidden};
    let with_cidr = node(|n| n.spec.pod_cidrs = vec!["192.168.0.0/16".into()]);
    // A pod CIDR may be assigned once, and not changed or removed after.
    assert!(node_for_test(&with_cidr, Some(&node(|_| {}))).is_empty());
    let moved = node(|n| n.spec.pod_cidrs = vec!["192.123.0.0/16".into()]);
    assert_eq!(
        strings(&node_for_test(&moved, Some(&with_cidr))),
        ["spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid"]
    );
    assert_eq!(kinds(&node_for_test(&node(|_| {}), Some(&with_cidr))), pairs(&[(Forbidden, "spec.podCIDRs")]));
    // The provider ID likewise.
    let provided = node(|n| n.spec.provider_id = "provider:///new".into());
    assert!(node_for_test(&provided, Some(&node(|_| {}))).is_empty());
    let reprovided = node(|n| n.spec.provider_id = "provider:///other".into());
    assert_eq!(kinds(&node_for_test(&reprovided, Some(&provided))), pairs(&[(Forbidden, "spec.providerID")]));
    // The external ID never.
    let external = node(|n| n.spec.external_id = "x".into());
    assert_eq!(
        strings(&node_for_test(&external, Some(&node(|_| {})))),
        ["spec.externalID: Forbidden: may not be updated"]
    );
    // Addresses must be unique.
    let addr = |t: &str, a: &str| NodeAddress { r#type: NodeAddressType(t.into()), address: a.into() };
    let twice = node(|n| {
        n.status.addresses =
            vec![addr("ExternalIP", "1.1.1.1"), addr("ExternalIP", "1.1.1.1"), addr("InternalIP", "1.1.1.1")]
    });
    let errs = node_for_test(&twice, Some(&node(|_| {})));
    assert_eq!(kinds(&errs), pairs(&[(Duplicate, "status.addresses[1]")]));
    assert_eq!(
        errs[0].to_string(),
        r#"status.addresses[1]: Duplicate value: {"Type":"ExternalIP","Address":"1.1.1.1"}"#
    );
    // A config source must name exactly one reference, without uid or resourceVersion.
    let sourced = node(|n| {
        n.spec.config_source = Some(NodeConfigSource {
            config_map: Some(ConfigMapNodeConfigSource {
                namespace: "ns".into(),
                name: "cm".into(),
                uid: "u".into(),
                resource_version: String::new(),
                kubelet_config_key: "kubelet".into(),
            }),
        })
    });
    assert_eq!(
        strings(&node_for_test(&sourced, Some(&node(|_| {})))),
        ["spec.configSource.configMap.uid: Forbidden: uid must not be set in spec"]
    );
    let empty_source = node(|n| n.spec.config_source = Some(NodeConfigSource { config_map: None }));
    assert_eq!(
        strings(&node_for_test(&empty_source, Some(&node(|_| {})))),
        [r#"spec.configSource: Invalid value: {"ConfigMap":null}: exactly one reference subfield must be non-nil"#]
    );
}

// ---------------------------------------------------------------------------------------------
// Endpoints.

fn endpoints_with(subsets: Vec<EndpointSubset>) -> Endpoints {
    Endpoints {
        metadata: ObjectMeta { name: "mysvc".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        subsets,
        ..Endpoints::default()
    }
}

fn address(ip: &str) -> EndpointAddress {
    EndpointAddress { ip: ip.into(), ..EndpointAddress::default() }
}

fn eport(name: &str, port: i32, proto: &str) -> EndpointPort {
    EndpointPort { name: name.into(), port, protocol: Protocol(proto.into()), app_protocol: None }
}

#[test]
fn endpoints_as_upstream() {
    use ErrorType::{Invalid, NotSupported, Required};
    let good = endpoints_with(vec![EndpointSubset {
        addresses: vec![address("10.10.1.1"), address("2001:db8::1")],
        not_ready_addresses: vec![],
        ports: vec![eport("a", 8675, "TCP"), eport("b", 309, "TCP")],
    }]);
    assert!(endpoints(&good).is_empty());
    let subset = |addrs: Vec<EndpointAddress>, ports: Vec<EndpointPort>| {
        endpoints_with(vec![EndpointSubset { addresses: addrs, not_ready_addresses: vec![], ports }])
    };
    let cases: Vec<Case<Endpoints>> = vec![
        ("empty addresses", subset(vec![], vec![eport("a", 93, "TCP")]), vec![(Required, "subsets[0]")]),
        (
            "invalid IP",
            subset(vec![address("[2001:0db8:85a3:0042:1000:8a2e:0370:7334]")], vec![eport("a", 93, "TCP")]),
            vec![(Invalid, "subsets[0].addresses[0].ip"), (Invalid, "subsets[0].addresses[0].ip")],
        ),
        (
            "Multiple ports, one without name",
            subset(vec![address("10.10.1.1")], vec![eport("", 8675, "TCP"), eport("b", 309, "TCP")]),
            vec![(Required, "subsets[0].ports[0].name")],
        ),
        (
            "Invalid port number",
            subset(vec![address("10.10.1.1")], vec![eport("a", 66000, "TCP")]),
            vec![(Invalid, "subsets[0].ports[0].port")],
        ),
        (
            "Invalid protocol",
            subset(vec![address("10.10.1.1")], vec![eport("a", 93, "Protocol")]),
            vec![(NotSupported, "subsets[0].ports[0].protocol")],
        ),
        (
            "Address missing IP",
            subset(vec![address("")], vec![eport("a", 93, "TCP")]),
            vec![(Invalid, "subsets[0].addresses[0].ip"), (Invalid, "subsets[0].addresses[0].ip")],
        ),
        (
            "Port missing number",
            subset(vec![address("10.10.1.1")], vec![eport("a", 0, "TCP")]),
            vec![(Invalid, "subsets[0].ports[0].port")],
        ),
        (
            "Port missing protocol",
            subset(vec![address("10.10.1.1")], vec![eport("a", 93, "")]),
            vec![(Required, "subsets[0].ports[0].protocol")],
        ),
        (
            "Address is loopback",
            subset(vec![address("127.0.0.1")], vec![eport("p", 93, "TCP")]),
            vec![(Invalid, "subsets[0].addresses[0].ip")],
        ),
        (
            "Address is link-local",
            subset(vec![address("169.254.169.254")], vec![eport("p", 93, "TCP")]),
            vec![(Invalid, "subsets[0].addresses[0].ip")],
        ),
        (
            "Address is link-local multicast",
            subset(vec![address("224.0.0.1")], vec![eport("p", 93, "TCP")]),
            vec![(Invalid, "subsets[0].addresses[0].ip")],
        ),
        (
            "Invalid AppProtocol",
            subset(
                vec![address("10.10.1.1")],
                vec![EndpointPort { app_protocol: Some("lots-of[invalid]-{chars}".into()), ..eport("p", 93, "TCP") }],
            ),
            vec![(Invalid, "subsets[0].ports[0].appProtocol")],
        ),
    ];
    for (name, e, want) in cases {
        assert_eq!(kinds(&endpoints(&e)), pairs(&want), "{name}");
    }
    assert_eq!(
        strings(&endpoints(&subset(vec![address("127.0.0.1")], vec![]))),
        [
            "subsets[0].addresses[0].ip: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)"
        ]
    );
    assert_eq!(
        strings(&endpoints(&subset(vec![address("")], vec![]))),
        [
            "subsets[0].addresses[0].ip: Invalid value: \"\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
            "subsets[0].addresses[0].ip: Invalid value: \"\": must be a valid IP address",
        ]
    );
    // A legacy IP field: never a canonical-form check, and leading zeros and IPv4-mapped
    // addresses refused only with `StrictIPCIDRValidation` on (on in 1.36, so with the defaults).
    let lenient =
        || crate::features::FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, false);
    for ip in ["2001:DB8::1", "010.0.0.1", "::ffff:1.2.3.4"] {
        let errs = crate::features::with_gates(lenient(), || endpoints(&subset(vec![address(ip)], vec![])));
        assert_eq!(strings(&errs), Vec::<String>::new(), "{ip}");
    }
    let strict_endpoints = |ip: &str| endpoints(&subset(vec![address(ip)], vec![]));
    assert_eq!(strings(&strict_endpoints("2001:DB8::1")), Vec::<String>::new());
    assert_eq!(
        strings(&strict_endpoints("010.0.0.1")),
        ["subsets[0].addresses[0].ip: Invalid value: \"010.0.0.1\": must not have leading 0s"]
    );
    assert_eq!(
        strings(&strict_endpoints("::ffff:1.2.3.4")),
        ["subsets[0].addresses[0].ip: Invalid value: \"::ffff:1.2.3.4\": must not be an IPv4-mapped IPv6 address"]
    );
}

/// Upstream's `TestValidateEndpointsCreate` cases on legacy IPs: "legacy IPs with legacy
/// validation" passes with `StrictIPCIDRValidation` off, and "invalid legacy IP with strict
/// validation" is one `Invalid` at the address's `ip` with it on.
#[test]
fn endpoints_create_legacy_ips_as_upstream() {
    let legacy = endpoints_with(vec![
        EndpointSubset {
            addresses: vec![address("010.010.001.001"), address("10.10.2.2")],
            not_ready_addresses: vec![],
            ports: vec![eport("a", 8675, "TCP"), eport("b", 309, "TCP")],
        },
        EndpointSubset {
            addresses: vec![address("::ffff:10.10.3.3")],
            not_ready_addresses: vec![],
            ports: vec![eport("a", 93, "TCP"), eport("b", 76, "TCP")],
        },
    ]);
    let off = crate::features::FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, false);
    let on = crate::features::FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, true);
    assert_eq!(crate::features::with_gates(off, || validate_endpoints(&legacy, None)), ErrorList::new());
    let strict = endpoints_with(vec![EndpointSubset {
        addresses: vec![address("001.002.003.004")],
        not_ready_addresses: vec![],
        ports: vec![eport("a", 93, "TCP")],
    }]);
    assert_eq!(
        strings(&crate::features::with_gates(on, || validate_endpoints(&strict, None))),
        ["subsets[0].addresses[0].ip: Invalid value: \"001.002.003.004\": must not have leading 0s"]
    );
}

/// Upstream's `TestValidateEndpointsUpdate` ("update to valid app protocol": no error; "update
/// to invalid app protocol": one) and `ValidateEndpoints`' ratchet: an update whose subsets equal
/// the stored ones is not refused for them, any change to the subsets has them all checked.
#[test]
fn endpoints_update_as_upstream() {
    let base = |app_protocol: Option<&str>| {
        endpoints_with(vec![EndpointSubset {
            addresses: vec![address("10.1.2.3")],
            not_ready_addresses: vec![],
            ports: vec![EndpointPort { app_protocol: app_protocol.map(Into::into), ..eport("a", 8675, "TCP") }],
        }])
    };
    assert_eq!(validate_endpoints(&base(Some("https")), Some(&base(None))), ErrorList::new());
    assert_eq!(
        kinds(&validate_endpoints(&base(Some("~https")), Some(&base(None)))),
        pairs(&[(ErrorType::Invalid, "subsets[0].ports[0].appProtocol")])
    );

    // A stored object older rules let through (a loopback address, no addresses at all).
    let stored = endpoints_with(vec![
        EndpointSubset { addresses: vec![address("127.0.0.1")], not_ready_addresses: vec![], ports: vec![] },
        EndpointSubset { addresses: vec![], not_ready_addresses: vec![], ports: vec![eport("p", 80, "TCP")] },
    ]);
    let mut relabelled = stored.clone();
    relabelled.metadata.labels.insert("a".into(), "b".into());
    assert_eq!(validate_endpoints(&relabelled, Some(&stored)), ErrorList::new());
    // Adding a valid address elsewhere is a change: every subset is checked again.
    let mut grown = stored.clone();
    grown.subsets[0].addresses.push(address("10.0.0.1"));
    assert_eq!(
        strings(&validate_endpoints(&grown, Some(&stored))),
        [
            "subsets[0].addresses[0].ip: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)",
            "subsets[1]: Required value: must specify `addresses` or `notReadyAddresses`",
        ]
    );
    // Create has nothing to ratchet against.
    assert_eq!(validate_endpoints(&stored, None).len(), 2);
}

// ---------------------------------------------------------------------------------------------
// ResourceQuota.

fn quota(edit: impl FnOnce(&mut ResourceQuotaSpec)) -> ResourceQuota {
    let mut spec = ResourceQuotaSpec {
        hard: list(&[
            ("cpu", "100"),
            ("memory", "10000"),
            ("requests.cpu", "100"),
            ("requests.memory", "10000"),
            ("limits.cpu", "100"),
            ("limits.memory", "10000"),
            ("pods", "5"),
            ("services", "0"),
            ("replicationcontrollers", "10"),
            ("resourcequotas", "10"),
            ("configmaps", "10"),
            ("secrets", "10"),
        ]),
        ..ResourceQuotaSpec::default()
    };
    edit(&mut spec);
    ResourceQuota {
        metadata: ObjectMeta { name: "abc".into(), namespace: "foo".into(), ..ObjectMeta::default() },
        spec,
        ..ResourceQuota::default()
    }
}

fn scopes(names: &[&str]) -> Vec<ResourceQuotaScope> {
    names.iter().map(|s| ResourceQuotaScope((*s).into())).collect()
}

fn scope_req(scope: &str, op: &str, values: &[&str]) -> ScopedResourceSelectorRequirement {
    ScopedResourceSelectorRequirement {
        scope_name: ResourceQuotaScope(scope.into()),
        operator: ScopeSelectorOperator(op.into()),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    }
}

#[test]
fn resource_quotas_as_upstream() {
    use ErrorType::{Invalid, Required};
    let pods_only = |s: &mut ResourceQuotaSpec| s.hard = list(&[("pods", "5")]);
    let good: Vec<(&str, ResourceQuota)> = vec![
        ("success", quota(|_| {})),
        (
            "success-with-scopes",
            quota(|s| {
                s.hard = list(&[("cpu", "100"), ("pods", "5")]);
                s.scopes = scopes(&["NotBestEffort"]);
            }),
        ),
        (
            "success-best-effort",
            quota(|s| {
                pods_only(s);
                s.scopes = scopes(&["BestEffort"]);
            }),
        ),
        (
            "success-scope-selector-priority-class",
            quota(|s| {
                s.scope_selector = Some(ScopeSelector {
                    match_expressions: vec![scope_req("PriorityClass", "In", &["cluster-services"])],
                });
            }),
        ),
        (
            "success-cross-namespace-affinity",
            quota(|s| {
                s.scope_selector = Some(ScopeSelector {
                    match_expressions: vec![scope_req("CrossNamespacePodAffinity", "Exists", &[])],
                });
            }),
        ),
        ("extended-resource", quota(|s| s.hard = list(&[("requests.my.org/gpu", "2")]))),
    ];
    for (name, rq) in good {
        assert!(resource_quota(&rq, None).is_empty(), "{name}: {:?}", strings(&resource_quota(&rq, None)));
    }
    let bad: Vec<Case<ResourceQuota>> = vec![
        ("negative-limits", quota(|s| s.hard = list(&[("cpu", "-100")])), vec![(Invalid, "spec.hard[cpu]")]),
        ("fractional-api-resource", quota(|s| s.hard = list(&[("pods", "0.5")])), vec![(Invalid, "spec.hard[pods]")]),
        (
            "invalid-quota-resource",
            quota(|s| s.hard = list(&[("invalid", "10")])),
            vec![(Invalid, "spec.hard[invalid]"), (Invalid, "spec.hard[invalid]")],
        ),
        (
            "invalid-quota-terminating-pair",
            quota(|s| {
                pods_only(s);
                s.scopes = scopes(&["Terminating", "NotTerminating"]);
            }),
            vec![(Invalid, "spec.scopes")],
        ),
        // Every resource a scope cannot limit is reported, once per scope and resource.
        (
            "invalid-scope-for-object-counts",
            quota(|s| {
                s.hard = list(&[("pods", "5"), ("services", "1"), ("secrets", "1")]);
                s.scopes = scopes(&["NotTerminating"]);
            }),
            vec![(Invalid, "spec.scopes"), (Invalid, "spec.scopes")],
        ),
        (
            "invalid-quota-scope-name",
            quota(|s| {
                pods_only(s);
                s.scopes = scopes(&["foo"]);
            }),
            vec![(Invalid, "spec.scopes")],
        ),
        (
            "invalid-best-effort-for-compute",
            quota(|s| {
                s.hard = list(&[("cpu", "100")]);
                s.scopes = scopes(&["BestEffort"]);
            }),
            vec![(Invalid, "spec.scopes")],
        ),
        (
            "invalid-scope-selector-operator",
            quota(|s| {
                s.scope_selector =
                    Some(ScopeSelector { match_expressions: vec![scope_req("PriorityClass", "BadOperator", &["a"])] });
            }),
            vec![(Invalid, "spec.scopeSelector.matchExpressions.operator")],
        ),
        (
            "invalid-scope-selector-values-with-exists",
            quota(|s| {
                pods_only(s);
                s.scope_selector =
                    Some(ScopeSelector { match_expressions: vec![scope_req("BestEffort", "Exists", &["a"])] });
            }),
            vec![(Invalid, "spec.scopeSelector.matchExpressions.values")],
        ),
        (
            "invalid-scope-selector-missing-values",
            quota(|s| {
                s.scope_selector =
                    Some(ScopeSelector { match_expressions: vec![scope_req("PriorityClass", "In", &[])] });
            }),
            vec![(Required, "spec.scopeSelector.matchExpressions.values")],
        ),
        (
            "invalid-scope-selector-best-effort-in",
            quota(|s| {
                pods_only(s);
                s.scope_selector =
                    Some(ScopeSelector { match_expressions: vec![scope_req("BestEffort", "In", &["a"])] });
            }),
            vec![(Invalid, "spec.scopeSelector.matchExpressions.operator")],
        ),
        (
            "invalid-cross-namespace-affinity-operator",
            quota(|s| {
                s.scope_selector = Some(ScopeSelector {
                    match_expressions: vec![scope_req("CrossNamespacePodAffinity", "In", &["cluster-services"])],
                });
            }),
            vec![(Invalid, "spec.scopeSelector.matchExpressions.operator")],
        ),
        (
            "invalid-conflicting-scope-selectors",
            quota(|s| {
                pods_only(s);
                s.scope_selector = Some(ScopeSelector {
                    match_expressions: vec![
                        scope_req("BestEffort", "Exists", &[]),
                        scope_req("NotBestEffort", "Exists", &[]),
                    ],
                });
            }),
            vec![(Invalid, "spec.scopeSelector.matchExpressions")],
        ),
    ];
    for (name, rq, want) in bad {
        assert_eq!(kinds(&resource_quota(&rq, None)), pairs(&want), "{name}");
    }
    assert_eq!(
        strings(&resource_quota(&quota(|s| s.hard = list(&[("pods", "0.5")])), None)),
        ["spec.hard[pods]: Invalid value: \"500m\": must be an integer"]
    );
    assert_eq!(
        strings(&resource_quota(&quota(|s| s.hard = list(&[("invalid", "10")])), None)),
        [
            "spec.hard[invalid]: Invalid value: \"invalid\": must be a standard resource type or fully qualified",
            "spec.hard[invalid]: Invalid value: \"invalid\": must be a standard resource for quota",
        ]
    );
    assert_eq!(
        strings(&resource_quota(
            &quota(|s| {
                pods_only(s);
                s.scopes = scopes(&["Terminating", "NotTerminating"]);
            }),
            None
        )),
        [r#"spec.scopes: Invalid value: ["Terminating","NotTerminating"]: conflicting scopes"#]
    );
    let errs = resource_quota(
        &quota(|s| {
            s.hard = list(&[("cpu", "1")]);
            s.scope_selector = Some(ScopeSelector { match_expressions: vec![scope_req("BestEffort", "Exists", &[])] });
        }),
        None,
    );
    assert_eq!(
        strings(&errs),
        [
            r#"spec.scopeSelector.matchExpressions: Invalid value: {"MatchExpressions":[{"ScopeName":"BestEffort","Operator":"Exists","Values":null}]}: unsupported scope applied to resource"#
        ]
    );
}

#[test]
fn resource_quota_updates_and_status() {
    use ErrorType::Invalid;
    let scoped = |names: &[&str]| {
        quota(|s| {
            s.hard = list(&[("pods", "5")]);
            s.scopes = scopes(names);
        })
    };
    let old = scoped(&["NotBestEffort"]);
    assert!(resource_quota(&scoped(&["NotBestEffort"]), Some(&old)).is_empty());
    assert_eq!(
        strings(&resource_quota(&scoped(&["NotTerminating"]), Some(&old))),
        [r#"spec.scopes: Invalid value: ["NotTerminating"]: field is immutable"#]
    );
    let mut with_status = quota(|_| {});
    with_status.status = ResourceQuotaStatus { hard: list(&[("cpu", "-1")]), used: list(&[("pods", "1.5")]) };
    // On create the status is validated too; the status update checks it alone.
    assert_eq!(
        kinds(&resource_quota(&with_status, None)),
        pairs(&[(Invalid, "status.hard[cpu]"), (Invalid, "status.used[pods]")])
    );
    assert_eq!(
        kinds(&quota_status(&with_status)),
        pairs(&[(Invalid, "status.hard[cpu]"), (Invalid, "status.used[pods]")])
    );
    assert!(resource_quota(&with_status, Some(&with_status)).is_empty());
}

// ---------------------------------------------------------------------------------------------
// LimitRange.

fn item(
    ty: &str,
    max: &[(&str, &str)],
    min: &[(&str, &str)],
    def: &[(&str, &str)],
    req: &[(&str, &str)],
    ratio: &[(&str, &str)],
) -> LimitRangeItem {
    LimitRangeItem {
        r#type: LimitType(ty.into()),
        max: list(max),
        min: list(min),
        default: list(def),
        default_request: list(req),
        max_limit_request_ratio: list(ratio),
    }
}

fn limit_range_of(items: Vec<LimitRangeItem>) -> LimitRange {
    LimitRange {
        metadata: ObjectMeta { name: "abc".into(), namespace: "foo".into(), ..ObjectMeta::default() },
        spec: LimitRangeSpec { limits: Some(items) },
        ..LimitRange::default()
    }
}

#[test]
fn limit_ranges_as_upstream() {
    use ErrorType::{Duplicate, Forbidden, Invalid, Required};
    fn cpu_mem(v: &str) -> Vec<(&'static str, &str)> {
        vec![("cpu", v), ("memory", v)]
    }
    let good: Vec<(&str, Vec<LimitRangeItem>)> = vec![
        (
            "all-fields-valid",
            vec![
                item(
                    "Pod",
                    &[("cpu", "100m"), ("memory", "10000Mi")],
                    &[("cpu", "5m"), ("memory", "100Mi")],
                    &[],
                    &[],
                    &[("cpu", "10")],
                ),
                item(
                    "Container",
                    &[("cpu", "100m")],
                    &[("cpu", "5m")],
                    &[("cpu", "50m")],
                    &[("cpu", "10m")],
                    &[("cpu", "10")],
                ),
            ],
        ),
        ("pvc-min-only", vec![item("PersistentVolumeClaim", &[], &[("storage", "5Gi")], &[], &[], &[])]),
        ("pvc-max-only", vec![item("PersistentVolumeClaim", &[("storage", "10Gi")], &[], &[], &[], &[])]),
        (
            "all-fields-valid-big-numbers",
            vec![item(
                "Container",
                &[("cpu", "100m")],
                &[("cpu", "0m")],
                &[("cpu", "50m")],
                &[("cpu", "10m")],
                &[("cpu", "20")],
            )],
        ),
        (
            "thirdparty-fields-all-valid-standard-container-resources",
            vec![item("thirdparty.com/foo", &cpu_mem("100m"), &cpu_mem("5m"), &cpu_mem("50m"), &cpu_mem("10m"), &[])],
        ),
        (
            "thirdparty-fields-all-valid-storage-resources",
            vec![item(
                "thirdparty.com/foo",
                &[("storage", "10Gi")],
                &[("storage", "1Gi")],
                &[("storage", "5Gi")],
                &[("storage", "2Gi")],
                &[],
            )],
        ),
    ];
    for (name, items) in good {
        let errs = limit_range(&limit_range_of(items));
        assert!(errs.is_empty(), "{name}: {:?}", strings(&errs));
    }
    let bad: Vec<Case<Vec<LimitRangeItem>>> = vec![
        (
            "duplicate-limit-type",
            vec![item("Pod", &[], &[], &[], &[], &[]), item("Pod", &[], &[], &[], &[], &[])],
            vec![(Duplicate, "spec.limits[1].type")],
        ),
        (
            "default-limit-type-pod",
            vec![item("Pod", &[("cpu", "100m")], &[("cpu", "0m")], &[("cpu", "10m")], &[], &[])],
            vec![(Forbidden, "spec.limits[0].default")],
        ),
        (
            "default-request-limit-type-pod",
            vec![item("Pod", &[], &[], &[], &[("cpu", "10m")], &[])],
            vec![(Forbidden, "spec.limits[0].defaultRequest")],
        ),
        (
            "min value 100m is greater than max value 10m",
            vec![item("Pod", &[("cpu", "10m")], &[("cpu", "100m")], &[], &[], &[])],
            vec![(Invalid, "spec.limits[0].min[cpu]")],
        ),
        (
            "invalid spec default outside range",
            vec![item("Container", &[("cpu", "1")], &[("cpu", "100m")], &[("cpu", "2")], &[], &[])],
            vec![(Invalid, "spec.limits[0].default[cpu]")],
        ),
        (
            "invalid spec default request outside range",
            vec![item("Container", &[("cpu", "1")], &[("cpu", "100m")], &[], &[("cpu", "2")], &[])],
            vec![(Invalid, "spec.limits[0].defaultRequest[cpu]")],
        ),
        (
            "invalid spec default request more than default",
            vec![item("Container", &[("cpu", "2")], &[("cpu", "100m")], &[("cpu", "500m")], &[("cpu", "800m")], &[])],
            vec![(Invalid, "spec.limits[0].defaultRequest[cpu]")],
        ),
        (
            "invalid spec maxLimitRequestRatio less than 1",
            vec![item("Pod", &[], &[], &[], &[], &[("memory", "800m")])],
            vec![(Invalid, "spec.limits[0].maxLimitRequestRatio[memory]")],
        ),
        (
            "invalid spec maxLimitRequestRatio greater than max/min",
            vec![item("Container", &[("memory", "10Gi")], &[("memory", "1Gi")], &[], &[], &[("memory", "20")])],
            vec![(Invalid, "spec.limits[0].maxLimitRequestRatio[memory]")],
        ),
        (
            "invalid non standard limit type",
            vec![item("foo", &[], &[], &[], &[], &[])],
            vec![(Invalid, "spec.limits[0].type")],
        ),
        (
            "min and max values missing, one required",
            vec![item("PersistentVolumeClaim", &[], &[], &[], &[], &[])],
            vec![(Required, "spec.limits[0].limits")],
        ),
        (
            "invalid min greater than max",
            vec![item("PersistentVolumeClaim", &[("storage", "1Gi")], &[("storage", "2Gi")], &[], &[], &[])],
            vec![(Invalid, "spec.limits[0].min[storage]")],
        ),
        (
            "invalid-container-resource-name",
            vec![item("Container", &[("storage", "1Gi")], &[], &[], &[], &[])],
            vec![(Invalid, "spec.limits[0].max[storage]")],
        ),
        (
            "hugepages default must equal default request",
            vec![item("Container", &[], &[], &[("hugepages-2Mi", "4Mi")], &[("hugepages-2Mi", "2Mi")], &[])],
            vec![(Invalid, "spec.limits[0].defaultRequest[hugepages-2Mi]")],
        ),
    ];
    for (name, items, want) in bad {
        assert_eq!(kinds(&limit_range(&limit_range_of(items))), pairs(&want), "{name}");
    }
    let msg = |items| strings(&limit_range(&limit_range_of(items)));
    assert_eq!(
        msg(vec![item("Pod", &[("cpu", "10m")], &[("cpu", "100m")], &[], &[], &[])]),
        [r#"spec.limits[0].min[cpu]: Invalid value: "100m": min value 100m is greater than max value 10m"#]
    );
    assert_eq!(
        msg(vec![item("Container", &[("cpu", "1")], &[("cpu", "100m")], &[("cpu", "2")], &[], &[])]),
        [r#"spec.limits[0].default[cpu]: Invalid value: "1": default value 2 is greater than max value 1"#]
    );
    assert_eq!(
        msg(vec![item("Container", &[("memory", "10Gi")], &[("memory", "1Gi")], &[], &[], &[("memory", "20")])]),
        [
            r#"spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "20": ratio 20 is greater than max/min = 10.000000"#
        ]
    );
    assert_eq!(
        msg(vec![item("Pod", &[], &[], &[], &[], &[("memory", "800m")])]),
        [r#"spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "800m": ratio 800m is less than 1"#]
    );
    assert_eq!(
        msg(vec![item("foo", &[], &[], &[], &[], &[])]),
        [r#"spec.limits[0].type: Invalid value: "foo": must be a standard limit type or fully qualified"#]
    );
}

// ---------------------------------------------------------------------------------------------
// Event.

fn ev(ns: &str, involved_ns: &str, edit: impl FnOnce(&mut Event)) -> Event {
    let mut e = Event {
        metadata: ObjectMeta { name: "test1".into(), namespace: ns.into(), ..ObjectMeta::default() },
        involved_object: ObjectReference { namespace: involved_ns.into(), ..ObjectReference::default() },
        ..Event::default()
    };
    edit(&mut e);
    e
}

#[test]
fn events_as_upstream_legacy_checks() {
    use ErrorType::{Invalid, Required};
    let now = MicroTime::from_civil(2024, 1, 2, 3, 4, 5, 0).expect("a valid time");
    let reported = |e: &mut Event| {
        e.event_time = now;
        e.reporting_component = "k8s.io/kubelet".into();
        e.reporting_instance = "node-xyz".into();
        e.action = "Create".into();
        e.reason = "Pulled".into();
    };
    let cases: Vec<Case<Event>> = vec![
        ("no namespace, involved in none", ev("", "", |_| {}), vec![(Invalid, "namespace")]),
        ("default namespace, involved in none", ev("default", "", |_| {}), vec![]),
        ("namespaces match", ev("test", "test", |_| {}), vec![]),
        ("namespaces differ", ev("test", "other", |_| {}), vec![(Invalid, "involvedObject.namespace")]),
        (
            "non-default namespace, involved in none",
            ev("test", "", |_| {}),
            vec![(Invalid, "involvedObject.namespace")],
        ),
        ("new event in kube-system about a cluster object", ev("kube-system", "", reported), vec![]),
        (
            "new event elsewhere about a cluster object",
            ev("test", "", reported),
            vec![(Invalid, "involvedObject.namespace")],
        ),
        (
            "new event missing its reporter",
            ev("default", "", |e| e.event_time = now),
            vec![
                (Required, "reportingController"),
                (Invalid, "reportingController"),
                (Invalid, "reportingController"),
                (Required, "reportingInstance"),
                (Required, "action"),
                (Required, "reason"),
            ],
        ),
        (
            "new event with a long action",
            ev("default", "", |e| {
                reported(e);
                e.action = "a".repeat(129);
            }),
            vec![(Invalid, "action")],
        ),
        (
            "new event with a long message",
            ev("default", "", |e| {
                reported(e);
                e.message = "m".repeat(1025);
            }),
            vec![(Invalid, "message")],
        ),
    ];
    for (name, e, want) in cases {
        assert_eq!(kinds(&event(&e)), pairs(&want), "{name}");
    }
    assert_eq!(
        strings(&event(&ev("test", "other", |_| {}))),
        ["involvedObject.namespace: Invalid value: \"other\": does not match event.namespace"]
    );
    assert_eq!(
        strings(&event(&ev("default", "", |e| {
            reported(e);
            e.reason = "r".repeat(129);
        }))),
        ["reason: Invalid value: \"\": can have at most 128 characters"]
    );
}

// ---------------------------------------------------------------------------------------------
// Namespace status.

#[test]
fn namespace_status_updates_as_upstream() {
    let ns = |phase: &str, deleting: bool| Namespace {
        metadata: ObjectMeta {
            name: "foo".into(),
            deletion_timestamp: deleting.then(|| Time::from_unix(1_700_000_000)),
            ..ObjectMeta::default()
        },
        status: NamespaceStatus { phase: NamespacePhase(phase.into()), ..NamespaceStatus::default() },
        ..Namespace::default()
    };
    assert!(namespace_status(&ns("Active", false)).is_empty());
    assert!(namespace_status(&ns("Terminating", true)).is_empty());
    assert_eq!(
        strings(&namespace_status(&ns("Terminating", false))),
        ["status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty"]
    );
    assert_eq!(
        strings(&namespace_status(&ns("Active", true))),
        ["status.Phase: Invalid value: \"Active\": may only be 'Terminating' if `deletionTimestamp` is not empty"]
    );
}
