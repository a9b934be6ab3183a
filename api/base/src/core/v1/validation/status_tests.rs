//! Status-write validation of services, replication controllers, volumes and nodes, after upstream's `ValidateLoadBalancerStatus`, `ValidateReplicationControllerStatus(Update)`, `ValidatePersistentVolumeStatusUpdate` and the node status strategy.

use kapi_machinery::Scheme;
use kapi_machinery::validation::{ErrorList, Path};

use super::{load_balancer_status, replication_controller_status};
use crate::core::v1::validation::{
    validate_node_status_update, validate_persistent_volume_status_update,
    validate_replication_controller_status_update, validate_service_status_update,
};
use crate::core::v1::{
    LoadBalancerIPMode, LoadBalancerIngress, LoadBalancerStatus, Node, PersistentVolume, ReplicationController,
    ReplicationControllerStatus, Service, ServiceSpec, ServiceType,
};
use crate::features::{Feature, FeatureGates, with_gates};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn ingress(ip: &str, mode: Option<&str>) -> LoadBalancerIngress {
    LoadBalancerIngress {
        ip: ip.into(),
        ip_mode: mode.map(|m| LoadBalancerIPMode(m.into())),
        ..LoadBalancerIngress::default()
    }
}

fn hostname(host: &str) -> LoadBalancerIngress {
    LoadBalancerIngress { hostname: host.into(), ..LoadBalancerIngress::default() }
}

fn lb_spec(ty: &str) -> ServiceSpec {
    ServiceSpec { r#type: ServiceType(ty.into()), ..ServiceSpec::default() }
}

/// Upstream's test calls the function with the path `status` and a `LoadBalancer` spec.
fn check(ingress: Vec<LoadBalancerIngress>, ty: &str) -> Vec<String> {
    let status = LoadBalancerStatus { ingress };
    strings(&load_balancer_status(&status, None, &Path::new("status"), &lb_spec(ty)))
}

/// Name, `LoadBalancerIPMode` on, the service type, the ingress points, the errors.
type LbCase = (&'static str, bool, &'static str, Vec<LoadBalancerIngress>, Vec<&'static str>);

#[test]
fn load_balancer_status_cases() {
    // Upstream's `TestValidateLoadBalancerStatus`: name, `LoadBalancerIPMode` on, the service
    // type, the ingress points and the number of errors (pinned here as the errors). Its
    // "type is not LB. back-compat" case turns `AllowServiceLBStatusOnNonLB` on, which is
    // locked off since 1.32 and gone from the fixtures' release, so it has no counterpart.
    let vip = "VIP";
    let cases: Vec<LbCase> = vec![
        (
            "type is not LB",
            false,
            "ClusterIP",
            vec![ingress("1.2.3.4", None)],
            vec!["status.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"],
        ),
        ("valid vip ipMode", true, "LoadBalancer", vec![ingress("1.2.3.4", Some(vip))], vec![]),
        ("valid proxy ipMode", true, "LoadBalancer", vec![ingress("1.2.3.4", Some("Proxy"))], vec![]),
        (
            "invalid ipMode",
            true,
            "LoadBalancer",
            vec![ingress("1.2.3.4", Some("dummy"))],
            vec![r#"status.ingress[0].ipMode: Unsupported value: "dummy": supported values: "Proxy", "VIP""#],
        ),
        (
            "missing ipMode with LoadbalancerIPMode enabled",
            true,
            "LoadBalancer",
            vec![ingress("1.2.3.4", None)],
            vec!["status.ingress[0].ipMode: Required value: must be specified when `ip` is set"],
        ),
        (
            "missing ipMode with LoadbalancerIPMode disabled",
            false,
            "LoadBalancer",
            vec![ingress("1.2.3.4", None)],
            vec![],
        ),
        (
            "missing ip with ipMode present",
            true,
            "LoadBalancer",
            vec![ingress("", Some("Proxy"))],
            vec!["status.ingress[0].ipMode: Forbidden: may not be specified when `ip` is not set"],
        ),
    ];
    for (name, ip_mode, ty, points, want) in cases {
        let gates = FeatureGates::default().with(Feature::LoadBalancerIPMode, ip_mode);
        assert_eq!(with_gates(gates, || check(points, ty)), want, "{name}");
    }
}

#[test]
fn load_balancer_status_edges() {
    // Forbidden without an IP wins over an unsupported mode, as upstream's else-if chain has it.
    assert_eq!(
        check(vec![ingress("", Some("dummy"))], "LoadBalancer"),
        ["status.ingress[0].ipMode: Forbidden: may not be specified when `ip` is not set"]
    );
    // An empty status is fine on any type.
    assert!(check(vec![], "ClusterIP").is_empty());
}

#[test]
fn load_balancer_ips_and_hostnames() {
    assert_eq!(
        check(vec![ingress("bad", Some("VIP")), ingress("300.300.300.300", Some("VIP"))], "LoadBalancer"),
        [
            r#"status.ingress[0].ip: Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#,
            r#"status.ingress[1].ip: Invalid value: "300.300.300.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#,
        ]
    );
    // Legacy fields parse sloppily: leading zeros and IPv4-mapped IPv6 pass with
    // `StrictIPCIDRValidation` off, and not with it on, as it is by default in 1.36.
    let sloppy =
        || check(vec![ingress("010.001.002.003", Some("VIP")), ingress("::ffff:1.2.3.4", Some("VIP"))], "LoadBalancer");
    let lenient =
        crate::features::FeatureGates::default().with(crate::features::Feature::StrictIPCIDRValidation, false);
    assert!(crate::features::with_gates(lenient, sloppy).is_empty());
    assert_eq!(
        sloppy(),
        [
            r#"status.ingress[0].ip: Invalid value: "010.001.002.003": must not have leading 0s"#,
            r#"status.ingress[1].ip: Invalid value: "::ffff:1.2.3.4": must not be an IPv4-mapped IPv6 address"#,
        ]
    );
    assert!(check(vec![hostname("lb.example.com")], "LoadBalancer").is_empty());
    assert_eq!(
        check(vec![hostname("1.2.3.4")], "LoadBalancer"),
        [r#"status.ingress[0].hostname: Invalid value: "1.2.3.4": must be a DNS name, not an IP address"#]
    );
    let bad = check(vec![hostname("Invalid_Host")], "LoadBalancer");
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].starts_with(
            r#"status.ingress[0].hostname: Invalid value: "Invalid_Host": a lowercase RFC 1123 subdomain"#
        )
    );
}

#[test]
fn an_ip_the_stored_status_had_is_kept() {
    // Upstream passes the stored status's IPs so that a value accepted before stays valid.
    let status = LoadBalancerStatus { ingress: vec![ingress("bad", Some("VIP"))] };
    let path = Path::new("status").child("loadBalancer");
    let spec = lb_spec("LoadBalancer");
    assert!(load_balancer_status(&status, Some(&status), &path, &spec).is_empty());
    let other = LoadBalancerStatus { ingress: vec![ingress("1.2.3.4", Some("VIP"))] };
    assert_eq!(
        strings(&load_balancer_status(&status, Some(&other), &path, &spec)),
        [
            r#"status.loadBalancer.ingress[0].ip: Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#
        ]
    );
}

#[test]
fn service_status_updates() {
    let mut old = Service::default();
    old.spec.r#type = ServiceType("LoadBalancer".into());
    let mut new = old.clone();
    new.status.load_balancer.ingress = vec![ingress("1.2.3.4", Some("VIP")), hostname("lb.example.com")];
    assert!(validate_service_status_update(&new, &old).is_empty());
    new.status.load_balancer.ingress = vec![ingress("bad", Some("VIP"))];
    assert_eq!(
        strings(&validate_service_status_update(&new, &old)),
        [
            r#"status.loadBalancer.ingress[0].ip: Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#
        ]
    );
    let mut cluster_ip = new.clone();
    cluster_ip.spec.r#type = ServiceType("ClusterIP".into());
    assert_eq!(
        strings(&validate_service_status_update(&cluster_ip, &cluster_ip)),
        ["status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"]
    );
}

fn rc_status(replicas: i32, labeled: i32, ready: i32, available: i32, generation: i64) -> ReplicationControllerStatus {
    ReplicationControllerStatus {
        replicas,
        fully_labeled_replicas: labeled,
        ready_replicas: ready,
        available_replicas: available,
        observed_generation: generation,
        ..ReplicationControllerStatus::default()
    }
}

#[test]
fn replication_controller_status_cases() {
    // Upstream's `TestValidateReplicationControllerStatus`: name, replicas, fully labeled, ready,
    // available, observed generation; upstream checks only whether there are errors, the errors
    // are pinned here.
    let neg = |f: &str, v: i64| format!("status.{f}: Invalid value: {v}: must be greater than or equal to 0");
    let above = |f: &str, v: i32| format!("status.{f}: Invalid value: {v}: cannot be greater than status.replicas");
    let above_ready =
        |v: i32| format!("status.availableReplicas: Invalid value: {v}: cannot be greater than readyReplicas");
    let cases: Vec<(&str, [i32; 4], i64, Vec<String>)> = vec![
        ("valid status", [3, 3, 2, 1], 2, vec![]),
        (
            "invalid replicas",
            [-1, 3, 2, 1],
            2,
            vec![
                neg("replicas", -1),
                above("fullyLabeledReplicas", 3),
                above("readyReplicas", 2),
                above("availableReplicas", 1),
            ],
        ),
        ("invalid fullyLabeledReplicas", [3, -1, 2, 1], 2, vec![neg("fullyLabeledReplicas", -1)]),
        ("invalid readyReplicas", [3, 3, -1, 1], 2, vec![neg("readyReplicas", -1), above_ready(1)]),
        ("invalid availableReplicas", [3, 3, 3, -1], 2, vec![neg("availableReplicas", -1)]),
        ("invalid observedGeneration", [3, 3, 3, 3], -1, vec![neg("observedGeneration", -1)]),
        ("fullyLabeledReplicas greater than replicas", [3, 4, 3, 3], 1, vec![above("fullyLabeledReplicas", 4)]),
        ("readyReplicas greater than replicas", [3, 3, 4, 3], 1, vec![above("readyReplicas", 4)]),
        (
            "availableReplicas greater than replicas",
            [3, 3, 3, 4],
            1,
            vec![above("availableReplicas", 4), above_ready(4)],
        ),
        ("availableReplicas greater than readyReplicas", [3, 3, 2, 3], 1, vec![above_ready(3)]),
    ];
    for (name, [r, l, ready, a], generation, want) in cases {
        let got = strings(&replication_controller_status(&rc_status(r, l, ready, a, generation), &Path::new("status")));
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn replication_controller_status_updates() {
    // Upstream's `TestValidateReplicationControllerStatusUpdate`: the spec's replicas do not
    // bound the status's, and negative status replicas fail.
    let mut old = ReplicationController::default();
    old.status.replicas = 2;
    let mut new = old.clone();
    new.spec.replicas = Some(3);
    new.status.replicas = 4;
    assert!(validate_replication_controller_status_update(&new, &old).is_empty());
    old.status.replicas = 3;
    new.spec.replicas = Some(2);
    new.status.replicas = -3;
    assert_eq!(
        strings(&validate_replication_controller_status_update(&new, &old)),
        [
            "status.replicas: Invalid value: -3: must be greater than or equal to 0",
            "status.fullyLabeledReplicas: Invalid value: 0: cannot be greater than status.replicas",
            "status.readyReplicas: Invalid value: 0: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 0: cannot be greater than status.replicas",
        ]
    );
    // And one over the ready bound, as the server answers it.
    new.status = rc_status(2, 2, 3, 1, 1);
    assert_eq!(
        strings(&validate_replication_controller_status_update(&new, &old)),
        ["status.readyReplicas: Invalid value: 3: cannot be greater than status.replicas"]
    );
}

#[test]
fn persistent_volume_status_updates() {
    // Upstream's `ValidatePersistentVolumeStatusUpdate` checks the metadata (the server's part)
    // and that the object has a resource version.
    let mut pv = PersistentVolume::default();
    pv.metadata.resource_version = "1".into();
    let mut new = pv.clone();
    new.status.phase = crate::core::v1::PersistentVolumePhase("Bound".into());
    assert!(validate_persistent_volume_status_update(&new, &pv).is_empty());
    new.metadata.resource_version.clear();
    assert_eq!(strings(&validate_persistent_volume_status_update(&new, &pv)), ["resourceVersion: Required value"]);
}

#[test]
fn node_status_updates_run_the_update_checks() {
    let mut old = Node::default();
    old.spec.provider_id = "provider".into();
    let mut new = old.clone();
    new.status.addresses = vec![
        crate::core::v1::NodeAddress {
            r#type: crate::core::v1::NodeAddressType("InternalIP".into()),
            address: "10.0.0.1".into(),
        },
        crate::core::v1::NodeAddress {
            r#type: crate::core::v1::NodeAddressType("InternalIP".into()),
            address: "10.0.0.1".into(),
        },
    ];
    assert_eq!(
        strings(&validate_node_status_update(&new, &old)),
        [r#"status.addresses[1]: Duplicate value: {"Type":"InternalIP","Address":"10.0.0.1"}"#]
    );
    new.status.addresses.pop();
    assert!(validate_node_status_update(&new, &old).is_empty());
}

#[test]
fn the_scheme_runs_them_on_status_writes() {
    let mut scheme = Scheme::new();
    crate::core::install(&mut scheme).expect("core installs");
    let mut svc = Service::default();
    svc.spec.r#type = ServiceType("LoadBalancer".into());
    let mut bad_svc = svc.clone();
    bad_svc.status.load_balancer.ingress = vec![ingress("bad", Some("VIP"))];
    assert!(scheme.validate_status(&svc, &svc).is_empty());
    assert_eq!(
        strings(&scheme.validate_status(&bad_svc, &svc)),
        [
            r#"status.loadBalancer.ingress[0].ip: Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#
        ]
    );

    let rc = ReplicationController::default();
    let mut bad_rc = rc.clone();
    bad_rc.status = rc_status(1, 1, 2, 1, 1);
    assert!(!scheme.validate_status(&bad_rc, &rc).is_empty());

    let mut pv = PersistentVolume::default();
    pv.metadata.resource_version = "1".into();
    assert!(scheme.validate_status(&pv, &pv).is_empty());

    let mut node = Node::default();
    node.spec.provider_id = "p".into();
    let mut moved = node.clone();
    moved.spec.provider_id = "q".into();
    assert!(!scheme.validate_status(&moved, &node).is_empty());
}
