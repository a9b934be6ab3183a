//! Upstream's `TestValidateServiceCreate` cases for IP families and cluster IPs (same names, numbers of errors) and cases for `ValidateServiceUpdate`'s upgrade and downgrade rules, with the paths and messages of upstream's source.

use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::ErrorList;

use crate::core::v1::validation::validate_service;
use crate::core::v1::{
    IPFamily, IPFamilyPolicy, Protocol, Service, ServiceAffinity, ServiceExternalTrafficPolicy,
    ServiceInternalTrafficPolicy, ServicePort, ServiceSpec, ServiceType,
};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// Upstream's `makeValidService`: one TCP port, a selector, the internal traffic policy, no
/// cluster IPs or families.
fn valid() -> Service {
    Service {
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

fn policy(s: &mut Service, p: &str) {
    s.spec.ip_family_policy = Some(IPFamilyPolicy(p.into()));
}

fn families(s: &mut Service, f: &[&str]) {
    s.spec.ip_families = f.iter().map(|f| IPFamily((*f).into())).collect();
}

fn ips(s: &mut Service, cluster_ip: &str, ips: &[&str]) {
    s.spec.cluster_ip = cluster_ip.into();
    s.spec.cluster_ips = ips.iter().map(|s| (*s).to_owned()).collect();
}

/// A load balancer as defaulting leaves it: `Cluster` policy, node ports allocated.
fn load_balancer(s: &mut Service) {
    s.spec.r#type = ServiceType("LoadBalancer".into());
    s.spec.external_traffic_policy = ServiceExternalTrafficPolicy("Cluster".into());
    s.spec.allocate_load_balancer_node_ports = Some(true);
}

/// External IPs, with the external traffic policy they make defaulting set.
fn external_ips(s: &mut Service, ip: &str) {
    s.spec.external_ips = vec![ip.into()];
    s.spec.external_traffic_policy = ServiceExternalTrafficPolicy("Cluster".into());
}

type Tweak = fn(&mut Service);

/// `TestValidateServiceCreate`'s IP family and cluster IP cases: name, tweak, number of errors.
const CREATE_CASES: &[(&str, Tweak, usize)] = &[
    ("invalid, service with invalid ipFamilies", |s| families(s, &["not-a-valid-ip-family"]), 1),
    (
        "invalid, service with invalid ipFamilies (2nd)",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv4", "not-a-valid-ip-family"]);
        },
        1,
    ),
    (
        "IPFamilyPolicy(singleStack) is set for two families",
        |s| {
            policy(s, "SingleStack");
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "valid, IPFamilyPolicy(preferDualStack) is set for two families (note: alloc sets families)",
        |s| {
            policy(s, "PreferDualStack");
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "invalid, service with 2+ ipFamilies",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv4", "IPv6", "IPv4"]);
        },
        1,
    ),
    (
        "invalid, service with same ip families",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv6", "IPv6"]);
        },
        1,
    ),
    ("valid, nil service ipFamilies", |s| s.spec.ip_families.clear(), 0),
    ("valid, service with valid ipFamilies (v4)", |s| families(s, &["IPv4"]), 0),
    ("valid, service with valid ipFamilies (v6)", |s| families(s, &["IPv6"]), 0),
    (
        "valid, service with valid ipFamilies(v4,v6)",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "valid, service with valid ipFamilies(v6,v4)",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv6", "IPv4"]);
        },
        0,
    ),
    (
        "valid, service preferred dual stack with single family",
        |s| {
            policy(s, "PreferDualStack");
            families(s, &["IPv6"]);
        },
        0,
    ),
    ("invalid, garbage single ip", |s| ips(s, "garbage-ip", &["garbage-ip"]), 1),
    (
        "invalid, garbage ips",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "garbage-ip", &["garbage-ip", "garbage-second-ip"]);
        },
        2,
    ),
    (
        "invalid, garbage first ip",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "garbage-ip", &["garbage-ip", "2001::1"]);
        },
        1,
    ),
    (
        "invalid, garbage second ip",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", "garbage-ip"]);
        },
        1,
    ),
    (
        "invalid, NONE + IP",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "None", &["None", "2001::1"]);
        },
        1,
    ),
    (
        "invalid, IP + NONE",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", "None"]);
        },
        1,
    ),
    (
        "invalid, EMPTY STRING + IP",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "", &["", "2001::1"]);
        },
        2,
    ),
    (
        "invalid, IP + EMPTY STRING",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", ""]);
        },
        1,
    ),
    (
        "invalid, same ip family (v6)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", "2001::4"]);
            families(s, &["IPv4", "IPv6"]);
        },
        2,
    ),
    (
        "invalid, same ip family (v4)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "10.0.0.10"]);
            families(s, &["IPv4", "IPv6"]);
        },
        2,
    ),
    (
        "invalid, more than two ips",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1", "10.0.0.10"]);
            families(s, &["IPv4", "IPv6"]);
        },
        1,
    ),
    (
        " multi ip, dualstack not set (request for downgrade)",
        |s| {
            policy(s, "SingleStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1"]);
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "valid, headless-no-selector + multi family + gate off",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "None", &["None"]);
            families(s, &["IPv4", "IPv6"]);
            s.spec.selector.clear();
        },
        0,
    ),
    (
        "valid, multi ip, single ipfamilies preferDualStack",
        |s| {
            policy(s, "PreferDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1"]);
            families(s, &["IPv4"]);
        },
        0,
    ),
    (
        "valid, multi ip, single ipfamilies (must match when provided) + requireDualStack",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1"]);
            families(s, &["IPv4"]);
        },
        0,
    ),
    (
        "invalid, families don't match (v4=>v6)",
        |s| {
            ips(s, "10.0.0.1", &["10.0.0.1"]);
            families(s, &["IPv6"]);
        },
        1,
    ),
    (
        "invalid, families don't match (v6=>v4)",
        |s| {
            ips(s, "2001::1", &["2001::1"]);
            families(s, &["IPv4"]);
        },
        1,
    ),
    ("valid. no field set", |_| {}, 0),
    (
        "valid, single ip",
        |s| {
            policy(s, "SingleStack");
            ips(s, "10.0.0.1", &["10.0.0.1"]);
        },
        0,
    ),
    (
        "valid, single family",
        |s| {
            policy(s, "SingleStack");
            families(s, &["IPv6"]);
        },
        0,
    ),
    (
        "valid, single ip + single family",
        |s| {
            policy(s, "SingleStack");
            ips(s, "2001::1", &["2001::1"]);
            families(s, &["IPv6"]);
        },
        0,
    ),
    (
        "valid, single ip + single family (dual stack requested)",
        |s| {
            policy(s, "PreferDualStack");
            ips(s, "2001::1", &["2001::1"]);
            families(s, &["IPv6"]);
        },
        0,
    ),
    (
        "valid, single ip, multi ipfamilies",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1"]);
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "valid, multi ips, multi ipfamilies (4,6)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1"]);
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    (
        "valid, ips, multi ipfamilies (6,4)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", "10.0.0.1"]);
            families(s, &["IPv6", "IPv4"]);
        },
        0,
    ),
    (
        "valid, multi ips (6,4)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "2001::1", &["2001::1", "10.0.0.1"]);
        },
        0,
    ),
    (
        "valid, multi ipfamilies (6,4)",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv6", "IPv4"]);
        },
        0,
    ),
    (
        "valid, multi ips (4,6)",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.1", &["10.0.0.1", "2001::1"]);
        },
        0,
    ),
    (
        "valid,  multi ipfamilies (4,6)",
        |s| {
            policy(s, "RequireDualStack");
            families(s, &["IPv4", "IPv6"]);
        },
        0,
    ),
    ("valid, dual stack", |s| policy(s, "RequireDualStack"), 0),
    (
        "invalid cluster ip != clusterIP in multi ip service",
        |s| {
            policy(s, "RequireDualStack");
            ips(s, "10.0.0.10", &["10.0.0.1", "2001::1"]);
        },
        1,
    ),
    ("invalid cluster ip != clusterIP in single ip service", |s| ips(s, "10.0.0.10", &["10.0.0.1"]), 1),
    (
        "invalid ExternalName clusterIP (valid IP)",
        |s| {
            s.spec.r#type = ServiceType("ExternalName".into());
            ips(s, "1.2.3.4", &["1.2.3.4"]);
            s.spec.external_name = "foo.bar.example.com".into();
        },
        1,
    ),
    (
        "invalid ExternalName clusterIP (None)",
        |s| {
            s.spec.r#type = ServiceType("ExternalName".into());
            ips(s, "None", &["None"]);
            s.spec.external_name = "foo.bar.example.com".into();
        },
        1,
    ),
    (
        "LoadBalancer type cannot have None ClusterIP",
        |s| {
            ips(s, "None", &["None"]);
            load_balancer(s);
        },
        1,
    ),
    // Upstream dropped its refusal of the kubelet port on load balancers.
    (
        "valid port type=LoadBalancer",
        |s| {
            load_balancer(s);
            s.spec.ports.push(ServicePort {
                name: "kubelet".into(),
                port: 10250,
                protocol: Protocol("TCP".into()),
                target_port: IntOrString::int(12345),
                ..ServicePort::default()
            });
        },
        0,
    ),
    ("valid publicIPs host", |s| external_ips(s, "1.2.3.4"), 0),
    ("invalid publicIPs localhost", |s| external_ips(s, "127.0.0.1"), 1),
    ("invalid publicIPs unspecified", |s| external_ips(s, "0.0.0.0"), 1),
    ("invalid publicIPs", |s| external_ips(s, "1.2.3.4.5"), 1),
];

#[test]
fn create_cases_from_upstream() {
    let mut failures = Vec::new();
    for (name, tweak, want) in CREATE_CASES {
        let mut s = valid();
        tweak(&mut s);
        let errs = validate_service(&s, None);
        if errs.len() != *want {
            failures.push(format!("{name}: want {want} errors, got {:?}", strings(&errs)));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn create_messages() {
    let check = |tweak: Tweak, want: &[&str]| {
        let mut s = valid();
        tweak(&mut s);
        assert_eq!(strings(&validate_service(&s, None)), want);
    };
    check(
        |s| ips(s, "10.0.0.10", &["10.0.0.1"]),
        &[r#"spec.clusterIPs: Invalid value: ["10.0.0.1"]: first value must match `clusterIP`"#],
    );
    check(|s| ips(s, "10.0.0.1", &[]), &["spec.clusterIPs: Required value"]);
    check(
        |s| ips(s, "", &["10.0.0.1"]),
        &[r#"spec.clusterIPs: Invalid value: ["10.0.0.1"]: must be empty when `clusterIP` is not specified"#],
    );
    check(
        |s| families(s, &["IPv6", "IPv6", "IPv5"]),
        &[
            r#"spec.ipFamilies[1]: Duplicate value: "IPv6""#,
            r#"spec.ipFamilies[2]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6""#,
        ],
    );
    check(
        |s| policy(s, "DualStack"),
        &[
            r#"spec.ipFamilyPolicy: Unsupported value: "DualStack": supported values: "PreferDualStack", "RequireDualStack", "SingleStack""#,
        ],
    );
    check(
        |s| ips(s, "None", &["None", "2001::1"]),
        &[r#"spec.clusterIPs: Invalid value: ["None","2001::1"]: 'None' must be the first and only value"#],
    );
    check(
        |s| ips(s, "10.0.0.1", &["10.0.0.1", "10.0.0.2", "2001::1"]),
        &[r#"spec.clusterIPs: Invalid value: ["10.0.0.1","10.0.0.2","2001::1"]: may only hold up to 2 values"#],
    );
    check(
        |s| ips(s, "10.0.0.1", &["10.0.0.1", "garbage"]),
        &[
            r#"spec.clusterIPs[1]: Invalid value: "garbage": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#,
        ],
    );
    check(
        |s| {
            ips(s, "2001::1", &["2001::1", "2001::4"]);
            families(s, &["IPv4", "IPv6"]);
        },
        &[
            r#"spec.clusterIPs: Invalid value: ["2001::1","2001::4"]: may specify no more than one IP for each IP family"#,
            r#"spec.clusterIPs[0]: Invalid value: "2001::1": expected an IPv4 value as indicated by `ipFamilies[0]`"#,
        ],
    );
    check(
        |s| {
            ips(s, "10.0.0.1", &["10.0.0.1"]);
            families(s, &["IPv6"]);
        },
        &[r#"spec.clusterIPs[0]: Invalid value: "10.0.0.1": expected an IPv6 value as indicated by `ipFamilies[0]`"#],
    );
    check(
        |s| external_ips(s, "127.0.0.1"),
        &[
            r#"spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#,
        ],
    );
}

fn dual(cluster_ips: &[&str], fams: &[&str], p: &str) -> Service {
    let mut s = valid();
    ips(&mut s, cluster_ips.first().copied().unwrap_or(""), cluster_ips);
    families(&mut s, fams);
    policy(&mut s, p);
    s
}

#[test]
fn update_upgrade_and_downgrade() {
    let single = dual(&["10.0.0.1"], &["IPv4"], "SingleStack");
    let both = dual(&["10.0.0.1", "2001::1"], &["IPv4", "IPv6"], "RequireDualStack");
    // Upgrading to dual stack and downgrading with `SingleStack` are allowed.
    assert_eq!(strings(&validate_service(&both, Some(&single))), Vec::<String>::new());
    assert_eq!(strings(&validate_service(&single, Some(&both))), Vec::<String>::new());
    // Downgrading without `SingleStack`.
    let mut down = single.clone();
    policy(&mut down, "PreferDualStack");
    assert_eq!(
        strings(&validate_service(&down, Some(&both))),
        [
            r#"spec.ipFamilyPolicy: Invalid value: "PreferDualStack": must be set to 'SingleStack' when releasing the secondary clusterIP"#,
            r#"spec.ipFamilyPolicy: Invalid value: "PreferDualStack": must be set to 'SingleStack' when releasing the secondary ipFamily"#,
        ]
    );
    down.spec.ip_family_policy = None;
    assert_eq!(strings(&validate_service(&down, Some(&both)))[0], {
        r#"spec.ipFamilyPolicy: Invalid value: "null": must be set to 'SingleStack' when releasing the secondary clusterIP"#
    });
    // Changing the primary IP or family.
    let moved = dual(&["10.0.0.2"], &["IPv4"], "SingleStack");
    assert_eq!(
        strings(&validate_service(&moved, Some(&single))),
        [r#"spec.clusterIPs[0]: Invalid value: ["10.0.0.2"]: may not change once set"#,]
    );
    let swapped = dual(&["2001::1", "10.0.0.1"], &["IPv6", "IPv4"], "RequireDualStack");
    assert_eq!(
        strings(&validate_service(&swapped, Some(&both))),
        [
            r#"spec.clusterIPs[0]: Invalid value: ["2001::1","10.0.0.1"]: may not change once set"#,
            r#"spec.clusterIPs[1]: Invalid value: ["2001::1","10.0.0.1"]: may not change once set"#,
            r#"spec.ipFamilies[0]: Invalid value: ["IPv6","IPv4"]: may not change once set"#,
            r#"spec.ipFamilies[0]: Invalid value: ["IPv6","IPv4"]: may not change once set"#,
        ]
    );
    let upgraded_elsewhere = dual(&["10.0.0.2", "2001::1"], &["IPv4", "IPv6"], "RequireDualStack");
    assert_eq!(
        strings(&validate_service(&upgraded_elsewhere, Some(&single))),
        [r#"spec.clusterIPs[0]: Invalid value: ["10.0.0.2","2001::1"]: may not change once set"#,]
    );
    let mut released = single.clone();
    ips(&mut released, "", &[]);
    assert_eq!(
        strings(&validate_service(&released, Some(&single))),
        [r#"spec.clusterIPs[0]: Invalid value: null: primary clusterIP can not be unset"#,]
    );
    // Headless services may change families; ExternalName changes are not checked here.
    let headless = dual(&["None"], &["IPv4"], "SingleStack");
    let headless6 = dual(&["None"], &["IPv6"], "SingleStack");
    assert_eq!(strings(&validate_service(&headless6, Some(&headless))), Vec::<String>::new());
    let mut ext = valid();
    ext.spec.r#type = ServiceType("ExternalName".into());
    ext.spec.external_name = "x.example.com".into();
    assert_eq!(strings(&validate_service(&ext, Some(&single))), Vec::<String>::new());
}
