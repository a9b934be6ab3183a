//! Upstream's networking validation test cases (`TestValidateIngressRuleValue` path types, `TestValidateIngressCreate`, `TestValidateIngressUpdate`, `TestValidateNetworkPolicy`, `TestValidateIngressClass`, `TestValidateServiceCIDR`), inputs and expected error text, pinned against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::features::{FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::{LabelSelector, ObjectMeta};
use crate::networking::v1::{
    IngressLoadBalancerIngress, IngressRule, IngressServiceBackend, IngressTLS, NetworkPolicyIngressRule, PathType,
    PolicyType, ServiceBackendPort,
};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::networking::install(&mut s).expect("networking installs");
    s
}

fn service_backend() -> IngressBackend {
    IngressBackend {
        service: Some(IngressServiceBackend {
            name: "defaultbackend".into(),
            port: ServiceBackendPort { number: 80, ..Default::default() },
        }),
        ..Default::default()
    }
}

fn ingress() -> Ingress {
    Ingress {
        metadata: ObjectMeta { name: "test123".into(), namespace: "test123".into(), ..Default::default() },
        spec: IngressSpec { default_backend: Some(service_backend()), ..Default::default() },
        ..Default::default()
    }
}

fn rule(host: &str, path: &str, path_type: &str) -> IngressRule {
    IngressRule {
        host: host.into(),
        ingress_rule_value: IngressRuleValue {
            http: Some(HTTPIngressRuleValue {
                paths: Some(vec![HTTPIngressPath {
                    path: path.into(),
                    path_type: Some(PathType(path_type.into())),
                    backend: service_backend(),
                }]),
            }),
        },
    }
}

#[test]
fn path_types_as_upstream_rule_value_cases() {
    let at = "spec.rules[0].http.paths[0].path";
    let cases: &[(&str, &str, &str, Option<&str>)] = &[
        (
            "implementation specific: no leading slash",
            "ImplementationSpecific",
            "foo",
            Some("must be an absolute path"),
        ),
        ("implementation specific: repeating slashes", "ImplementationSpecific", "/foo//bar/foo", None),
        ("prefix: no leading slash", "Prefix", "foo", Some("must be an absolute path")),
        ("prefix: leading slash", "Prefix", "/foo", None),
        ("prefix: repeating slashes", "Prefix", "/foo//bar/foo", Some("must not contain '//'")),
        ("exact: no leading slash", "Exact", "foo", Some("must be an absolute path")),
        ("exact: many slashes", "Exact", "/foo/bar/foo", None),
        ("prefix: with /./", "Prefix", "/foo/./foo", Some("must not contain '/./'")),
        ("exact: with /../", "Exact", "/foo/../foo", Some("must not contain '/../'")),
        ("prefix: with %2f", "Prefix", "/foo/%2f/foo", Some("must not contain '%2f'")),
        ("exact: with %2F", "Exact", "/foo/%2F/foo", Some("must not contain '%2F'")),
    ];
    for (name, path_type, path, want) in cases {
        let mut ing = ingress();
        ing.spec.rules = vec![rule("foo.bar.com", path, path_type)];
        let want: Vec<String> = want.iter().map(|m| format!("{at}: Invalid value: \"{path}\": {m}")).collect();
        assert_eq!(strings(&validate_ingress(&ing, None)), want, "{name}");
    }
    let mut ing = ingress();
    ing.spec.rules = vec![rule("foo.bar.com", "/x/..", "Prefix")];
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        [format!("{at}: Invalid value: \"/x/..\": cannot end with '/..'")]
    );
    ing.spec.rules = vec![rule("foo.bar.com", "/x", "Regex")];
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        [
            r#"spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix""#
        ]
    );
    ing.spec.rules[0].ingress_rule_value.http.as_mut().unwrap().paths.as_mut().unwrap()[0].path_type = None;
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        ["spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified"]
    );
}

#[test]
fn ingress_create_as_upstream() {
    let mut ing = ingress();
    ing.spec.ingress_class_name = Some("bar".into());
    ing.metadata.annotations = [(INGRESS_CLASS_ANNOTATION.to_owned(), "bar".to_owned())].into();
    assert!(validate_ingress(&ing, None).is_empty(), "class field and annotation set with same value");
    ing.metadata.annotations = [(INGRESS_CLASS_ANNOTATION.to_owned(), "foo".to_owned())].into();
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        [
            "annotations.kubernetes.io/ingress.class: Invalid value: \"foo\": must match `ingressClassName` when both are specified"
        ],
        "class field and annotation set with different value"
    );
    // Only a create compares them.
    assert!(validate_ingress(&ing, Some(&ingress())).is_empty(), "class field and annotation set (update)");

    let mut ing = ingress();
    ing.spec.tls = vec![IngressTLS { secret_name: "invalid name".into(), ..Default::default() }];
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        [
            "spec.tls[0].secretName: Invalid value: \"invalid name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
        ],
        "invalid secret"
    );
    // An update keeps a secret name the stored ingress already had wrong.
    assert!(validate_ingress(&ing, Some(&ing)).is_empty(), "invalid secret -> invalid secret");

    let mut ing = ingress();
    ing.spec.tls = vec![IngressTLS { hosts: vec!["*.bar.com".into()], ..Default::default() }];
    ing.spec.rules = vec![rule("*.foo.com", "/foo", "Exact")];
    assert!(validate_ingress(&ing, None).is_empty(), "valid rules with wildcard host");
    ing.spec.rules = vec![rule("*.foo.com", "foo", "Exact")];
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        ["spec.rules[0].http.paths[0].path: Invalid value: \"foo\": must be an absolute path"],
        "invalid rules with wildcard host"
    );
    assert!(validate_ingress(&ing, Some(&ing)).is_empty(), "invalid wildcard rules kept on update");
}

#[test]
fn ingress_hosts_backends_and_spec() {
    let mut ing = ingress();
    ing.spec.default_backend = None;
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        ["spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"]
    );
    let mut ing = ingress();
    ing.spec.rules = vec![rule("1.2.3.4", "/", "Prefix"), rule("foo.*.bar.com", "/", "Prefix")];
    let got = strings(&validate_ingress(&ing, None));
    assert_eq!(got[0], "spec.rules[0].host: Invalid value: \"1.2.3.4\": must be a DNS name, not an IP address");
    assert!(
        got[1].starts_with(
            "spec.rules[1].host: Invalid value: \"foo.*.bar.com\": a wildcard DNS-1123 subdomain must start with '*.'"
        ),
        "{got:?}"
    );
    assert_eq!(got.len(), 2, "{got:?}");

    let mut ing = ingress();
    let b = ing.spec.default_backend.as_mut().unwrap();
    b.service.as_mut().unwrap().port = ServiceBackendPort { name: "http".into(), number: 80 };
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        ["spec.defaultBackend: Invalid value: \"\": cannot set both port name & port number"]
    );
    let b = ing.spec.default_backend.as_mut().unwrap();
    b.service.as_mut().unwrap().port = ServiceBackendPort::default();
    b.service.as_mut().unwrap().name = "1-backend".into();
    // DNS-1035 service names are what upstream checks with `RelaxedServiceNameValidation` off.
    let off = FeatureGates::default().with(Feature::RelaxedServiceNameValidation, false);
    let got = with_gates(off, || strings(&validate_ingress(&ing, None)));
    assert!(
        got[0].starts_with("spec.defaultBackend.service.name: Invalid value: \"1-backend\": a DNS-1035 label"),
        "{got:?}"
    );
    assert_eq!(got[1], "spec.defaultBackend: Required value: port name or number is required");
    // A DNS label that is no DNS-1035 label is kept when the stored ingress had one.
    let mut old = ingress();
    old.spec.default_backend.as_mut().unwrap().service.as_mut().unwrap().name = "1-backend".into();
    let mut new = old.clone();
    new.spec.rules = vec![rule("foo.com", "/", "Prefix")];
    with_gates(off, || {
        assert!(validate_ingress(&new, Some(&old)).is_empty());
        assert_eq!(validate_ingress(&new, None).len(), 1);
    });

    let mut ing = ingress();
    ing.spec.default_backend = Some(IngressBackend {
        resource: Some(TypedLocalObjectReference { kind: "foo/bar".into(), ..Default::default() }),
        ..Default::default()
    });
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        [
            "spec.defaultBackend.resource.kind: Invalid value: \"foo/bar\": may not contain '/'",
            "spec.defaultBackend.resource.name: Required value",
        ]
    );
    ing.spec.default_backend = Some(IngressBackend::default());
    assert_eq!(
        strings(&validate_ingress(&ing, None)),
        ["spec.defaultBackend: Invalid value: \"\": resource or service backend is required"]
    );
}

#[test]
fn ingress_service_names_follow_the_relaxed_service_name_gate() {
    let gates = |on: bool| FeatureGates::default().with(Feature::RelaxedServiceNameValidation, on);
    let named = |default_name: &str, path_name: &str| {
        let mut ing = ingress();
        ing.spec.default_backend.as_mut().unwrap().service.as_mut().unwrap().name = default_name.into();
        let mut r = rule("foo.com", "/", "Prefix");
        let paths = r.ingress_rule_value.http.as_mut().unwrap().paths.as_mut().unwrap();
        paths[0].backend.service.as_mut().unwrap().name = path_name.into();
        ing.spec.rules = vec![r];
        ing
    };
    let dns1035 = |path: &str, name: &str| {
        format!(
            "{path}: Invalid value: \"{name}\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
        )
    };
    let rule_path = "spec.rules[0].http.paths[0].backend.service.name";
    let relaxed = named("1-default", "2-path");
    with_gates(gates(false), || {
        assert_eq!(
            strings(&validate_ingress(&relaxed, None)),
            [dns1035("spec.defaultBackend.service.name", "1-default"), dns1035(rule_path, "2-path")]
        );
        // An update may keep them when the stored ingress had such a name (here in a path only).
        assert!(validate_ingress(&relaxed, Some(&named("svc", "2-path"))).is_empty());
        assert_eq!(validate_ingress(&relaxed, Some(&named("svc", "path"))).len(), 2);
    });
    with_gates(gates(true), || {
        assert!(validate_ingress(&relaxed, None).is_empty());
        assert!(validate_ingress(&relaxed, Some(&named("svc", "path"))).is_empty());
        // Still a DNS-1123 label: no dots, no upper case.
        let bad = named("Svc", "svc");
        let got = strings(&validate_ingress(&bad, None));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0].starts_with("spec.defaultBackend.service.name: Invalid value: \"Svc\": a lowercase RFC 1123 label"),
            "{got:?}"
        );
    });
}

#[test]
fn ingress_status_updates() {
    let old = ingress();
    let mut new = old.clone();
    new.status.load_balancer.ingress = vec![
        IngressLoadBalancerIngress { ip: "1.2.3".into(), ..Default::default() },
        IngressLoadBalancerIngress { ip: "001.002.003.004".into(), hostname: "10.0.0.1".into(), ..Default::default() },
    ];
    assert_eq!(
        strings(&validate_ingress_status_update(&new, &old)),
        [
            "status.loadBalancer.ingress[0].ip: Invalid value: \"1.2.3\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
            "status.loadBalancer.ingress[1].ip: Invalid value: \"001.002.003.004\": must not have leading 0s",
            "status.loadBalancer.ingress[1].hostname: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address",
        ]
    );
    // An IP the stored status had is accepted again.
    assert_eq!(validate_ingress_status_update(&new, &new).len(), 1);
}

fn policy() -> NetworkPolicy {
    NetworkPolicy {
        metadata: ObjectMeta { name: "foo".into(), namespace: "bar".into(), ..Default::default() },
        spec: super::super::NetworkPolicySpec {
            pod_selector: LabelSelector {
                match_labels: [("a".to_owned(), "b".to_owned())].into(),
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

fn with_peer(peer: NetworkPolicyPeer, port: Option<NetworkPolicyPort>) -> NetworkPolicy {
    let mut p = policy();
    p.spec.ingress = vec![NetworkPolicyIngressRule { from: vec![peer], ports: port.into_iter().collect() }];
    p
}

fn ip_peer(cidr: &str, except: &[&str]) -> NetworkPolicyPeer {
    NetworkPolicyPeer {
        ip_block: Some(IPBlock { cidr: cidr.into(), except: except.iter().map(|s| (*s).to_owned()).collect() }),
        ..Default::default()
    }
}

#[test]
fn network_policies_as_upstream() {
    assert!(validate_network_policy(&policy(), None).is_empty());
    let ok = with_peer(ip_peer("192.168.0.0/16", &["192.168.3.0/24", "192.168.4.0/24"]), None);
    assert!(validate_network_policy(&ok, None).is_empty());
    let bad = with_peer(ip_peer("192.168.0.0/24", &["192.168.1.0/24"]), None);
    assert_eq!(
        strings(&validate_network_policy(&bad, None)),
        [
            "spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: \"192.168.1.0/24\": must be a strict subset of `cidr`"
        ],
        "except IP is outside of CIDR range"
    );
    let bad = with_peer(ip_peer("192.168.0.0/24", &["192.168.0.0/24"]), None);
    assert_eq!(validate_network_policy(&bad, None).len(), 1, "except IP is not strictly within CIDR range");
    let bad = with_peer(ip_peer("192.168.5.6", &[]), None);
    assert_eq!(
        strings(&validate_network_policy(&bad, None)),
        [
            "spec.ingress[0].from[0].ipBlock.cidr: Invalid value: \"192.168.5.6\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"
        ]
    );
    // The stored policy's CIDRs are accepted again on update.
    assert!(validate_network_policy(&bad, Some(&bad)).is_empty());

    let mut both = ip_peer("10.0.0.0/8", &[]);
    both.pod_selector = Some(LabelSelector::default());
    assert_eq!(
        strings(&validate_network_policy(&with_peer(both, None), None)),
        ["spec.ingress[0].from[0]: Forbidden: may not specify both ipBlock and another peer"]
    );
    assert_eq!(
        strings(&validate_network_policy(&with_peer(NetworkPolicyPeer::default(), None), None)),
        ["spec.ingress[0].from[0]: Required value: must specify a peer"]
    );

    let port = |proto: &str, port: IntOrString, end: Option<i32>| NetworkPolicyPort {
        protocol: Some(crate::core::v1::Protocol(proto.into())),
        port: Some(port),
        end_port: end,
    };
    let peer = || NetworkPolicyPeer { pod_selector: Some(LabelSelector::default()), ..Default::default() };
    let p = with_peer(peer(), Some(port("ICMP", IntOrString::int(80), None)));
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        [r#"spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP""#]
    );
    let p = with_peer(peer(), Some(port("TCP", IntOrString::int(30000), Some(29999))));
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        ["spec.ingress[0].ports[0].endPort: Invalid value: 29999: must be greater than or equal to `port`"]
    );
    let p = with_peer(peer(), Some(port("TCP", IntOrString::string("http"), Some(32000))));
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        ["spec.ingress[0].ports[0].endPort: Invalid value: 32000: may not be specified when `port` is non-numeric"]
    );

    let mut p = policy();
    p.spec.policy_types = vec![PolicyType("foo".into())];
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        [r#"spec.policyTypes[0]: Unsupported value: "foo": supported values: "Ingress", "Egress""#]
    );
    p.spec.policy_types = vec![PolicyType("Ingress".into()), PolicyType("Egress".into()), PolicyType("Ingress".into())];
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        [
            r#"spec.policyTypes: Invalid value: ["Ingress","Egress","Ingress"]: may not specify more than two policyTypes"#
        ]
    );
}

fn ingress_class(controller: &str) -> IngressClass {
    IngressClass {
        metadata: ObjectMeta { name: "test123".into(), ..Default::default() },
        spec: super::super::IngressClassSpec { controller: controller.into(), parameters: None },
        ..Default::default()
    }
}

#[test]
fn ingress_classes_as_upstream() {
    assert!(validate_ingress_class(&ingress_class("foo.co/bar"), None).is_empty());
    assert_eq!(
        strings(&validate_ingress_class(&ingress_class("foo.co"), None)),
        ["spec.controller: Invalid value: \"foo.co\": must be a domain-prefixed path (such as \"acme.io/foo\")"],
        "invalid controller"
    );
    let long = format!("foo.co/{}", "a".repeat(250));
    assert_eq!(
        strings(&validate_ingress_class(&ingress_class(&long), None)),
        ["spec.controller: Too long: may not be more than 250 bytes"],
        "controller too long"
    );
    assert_eq!(strings(&validate_ingress_class(&ingress_class(""), None)), ["spec.controller: Required value"]);
    assert_eq!(
        strings(&validate_ingress_class(&ingress_class("foo.co/bar"), Some(&ingress_class("foo.co/baz")))),
        ["spec.controller: Invalid value: \"foo.co/bar\": field is immutable"]
    );
    let mut c = ingress_class("foo.co/bar");
    c.spec.parameters = Some(IngressClassParametersReference {
        kind: "foo".into(),
        name: "bar".into(),
        scope: Some("Cluster".into()),
        namespace: Some("foo".into()),
        ..Default::default()
    });
    assert_eq!(
        strings(&validate_ingress_class(&c, None)),
        ["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'"]
    );
    let params = c.spec.parameters.as_mut().unwrap();
    params.scope = Some("Namespace".into());
    params.namespace = None;
    assert_eq!(
        strings(&validate_ingress_class(&c, None)),
        ["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'"]
    );
    c.spec.parameters.as_mut().unwrap().scope = Some("foo".into());
    assert_eq!(
        strings(&validate_ingress_class(&c, None)),
        [r#"spec.parameters.scope: Unsupported value: "foo": supported values: "Cluster", "Namespace""#]
    );
}

fn cidrs(list: &[&str]) -> ServiceCIDR {
    ServiceCIDR {
        metadata: ObjectMeta { name: "test-name".into(), ..Default::default() },
        spec: ServiceCIDRSpec { cidrs: list.iter().map(|s| (*s).to_owned()).collect() },
        ..Default::default()
    }
}

#[test]
fn service_cidrs_as_upstream() {
    assert!(validate_service_cidr(&cidrs(&["192.168.0.0/24", "fd00:1234::/64"]), None).is_empty());
    assert_eq!(
        strings(&validate_service_cidr(&cidrs(&[]), None)),
        ["spec.cidrs: Required value: at least one CIDR required"]
    );
    assert_eq!(
        strings(&validate_service_cidr(&cidrs(&["10.0.0.0/16", "10.1.0.0/16"]), None)),
        [
            r#"spec.cidrs: Invalid value: ["10.0.0.0/16","10.1.0.0/16"]: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64"#
        ]
    );
    assert_eq!(
        strings(&validate_service_cidr(&cidrs(&["a", "b", "c"]), None)),
        [r#"spec.cidrs: Invalid value: {"cidrs":["a","b","c"]}: may only hold up to 2 values"#]
    );
    let got = strings(&validate_service_cidr(&cidrs(&["192.168.0.1/24"]), None));
    assert_eq!(
        got,
        ["spec.cidrs[0]: Invalid value: \"192.168.0.1/24\": must not have bits set beyond the prefix length"]
    );
    // Updates: the CIDRs are immutable, but a single-stack range may become dual-stack.
    let old = cidrs(&["192.168.0.0/24"]);
    assert!(validate_service_cidr(&cidrs(&["192.168.0.0/24", "fd00:1234::/64"]), Some(&old)).is_empty());
    assert_eq!(
        strings(&validate_service_cidr(&cidrs(&["192.168.1.0/24"]), Some(&old))),
        ["spec.cidrs[0]: Invalid value: \"192.168.1.0/24\": field is immutable"]
    );
    assert_eq!(
        strings(&validate_service_cidr(&cidrs(&[]), Some(&old))),
        [
            "spec.cidrs: Required value: at least one CIDR required",
            "spec.cidrs: Invalid value: null: field is immutable"
        ]
    );
}

#[test]
fn ip_addresses_and_the_scheme() {
    use super::super::{IPAddressSpec, ParentReference};
    let ip = |name: &str, parent: Option<ParentReference>| IPAddress {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: IPAddressSpec { parent_ref: parent },
        ..Default::default()
    };
    let parent = ParentReference {
        resource: "services".into(),
        name: "foo".into(),
        namespace: "bar".into(),
        ..Default::default()
    };
    assert!(validate_ip_address(&ip("192.168.1.1", Some(parent.clone())), None).is_empty());
    assert!(validate_ip_address(&ip("2001:db8::1", Some(parent.clone())), None).is_empty());
    let mut generated = ip("", Some(parent.clone()));
    generated.metadata.generate_name = "10.0.0.".into();
    assert_eq!(
        strings(&validate_ip_address(&generated, None)),
        [
            "metadata.generateName: Invalid value: \"10.0.0.\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
        ]
    );
    assert_eq!(
        strings(&validate_ip_address(&ip("192.168.01.1", Some(parent.clone())), None)),
        ["metadata.name: Invalid value: \"192.168.01.1\": must not have leading 0s"]
    );
    let mut bad = parent.clone();
    bad.name = "foo/bar".into();
    assert_eq!(
        strings(&validate_ip_address(&ip("10.0.0.1", Some(bad)), None)),
        ["spec.parentRef.name: Invalid value: \"foo/bar\": may not contain '/'"]
    );
    // Through the scheme a missing parent reference and a changed one are reported: by the
    // hand-written checks in a 1.36 server, where the generated rules covering them were alpha,
    // and by those rules as 1.37.
    let s = scheme();
    assert_eq!(strings(&s.validate(&ip("10.0.0.1", None), None)), ["spec.parentRef: Required value"]);
    let old = ip("10.0.0.1", Some(parent.clone()));
    let mut changed = parent;
    changed.name = "other".into();
    let changed = ip("10.0.0.1", Some(changed));
    assert_eq!(
        strings(&s.validate(&changed, Some(&old))),
        [
            r#"spec.parentRef: Invalid value: {"resource":"services","namespace":"bar","name":"other"}: field is immutable"#
        ]
    );
    at_release(Release::new(1, 37), || {
        assert_eq!(strings(&s.validate(&ip("10.0.0.1", None), None)), ["spec.parentRef: Required value"]);
        assert_eq!(
            strings(&s.validate(&changed, Some(&old))),
            ["spec.parentRef: Invalid value: null: field is immutable"]
        );
    });
    // And the hand-written rules run through it too.
    let mut ing = ingress();
    ing.spec.rules = vec![rule("foo.com", "foo", "Prefix")];
    assert_eq!(
        strings(&s.validate(&ing, None)),
        ["spec.rules[0].http.paths[0].path: Invalid value: \"foo\": must be an absolute path"]
    );
}

#[test]
fn legacy_ip_and_cidr_fields_follow_the_strict_gate() {
    let strict = || FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, true);
    let lenient = FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, false);
    // An ipBlock's CIDR and exceptions are legacy CIDR fields: host bits, leading zeros and
    // non-canonical text pass with `StrictIPCIDRValidation` off, the first two not with it on
    // (as in 1.36).
    let p = with_peer(ip_peer("192.168.0.1/16", &["192.168.003.0/24", "2001:DB8::/64"]), None);
    assert_eq!(
        strings(&validate_network_policy(&p, None)),
        strings(&with_gates(strict(), || validate_network_policy(&p, None)))
    );
    let errs = with_gates(lenient, || validate_network_policy(&p, None));
    assert_eq!(
        strings(&errs),
        [
            "spec.ingress[0].from[0].ipBlock.except[1]: Invalid value: \"2001:DB8::/64\": must be a strict subset of `cidr`"
        ]
    );
    assert_eq!(
        strings(&with_gates(strict(), || validate_network_policy(&p, None))),
        [
            "spec.ingress[0].from[0].ipBlock.cidr: Invalid value: \"192.168.0.1/16\": must not have bits set beyond the prefix length",
            "spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: \"192.168.003.0/24\": must not have leading 0s in IP or prefix length",
            "spec.ingress[0].from[0].ipBlock.except[1]: Invalid value: \"2001:DB8::/64\": must be a strict subset of `cidr`",
        ]
    );
    // The stored policy's CIDRs are kept unchecked.
    assert_eq!(with_gates(strict(), || validate_network_policy(&p, Some(&p))).len(), 1);

    // An ingress's status IPs are legacy IP fields.
    let old = ingress();
    let mut new = old.clone();
    new.status.load_balancer.ingress = vec![
        IngressLoadBalancerIngress { ip: "001.002.003.004".into(), ..Default::default() },
        IngressLoadBalancerIngress { ip: "2001:DB8::1".into(), ..Default::default() },
    ];
    assert!(with_gates(lenient, || validate_ingress_status_update(&new, &old)).is_empty());
    assert_eq!(
        strings(&validate_ingress_status_update(&new, &old)),
        ["status.loadBalancer.ingress[0].ip: Invalid value: \"001.002.003.004\": must not have leading 0s"]
    );
    assert!(with_gates(strict(), || validate_ingress_status_update(&new, &new)).is_empty());
}
