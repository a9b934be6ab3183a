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

#[test]
fn load_balancer_status_cases() {
    // Upstream's `TestValidateLoadBalancerStatus`; `AllowServiceLBStatusOnNonLB` is locked off
    // now, so its "back-compat" case (the gate on) has no counterpart.
    assert_eq!(
        check(vec![ingress("1.2.3.4", Some("VIP"))], "ClusterIP"),
        ["status.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"],
        "type is not LB"
    );
    assert!(check(vec![ingress("1.2.3.4", Some("VIP"))], "LoadBalancer").is_empty(), "valid vip ipMode");
    assert!(check(vec![ingress("1.2.3.4", Some("Proxy"))], "LoadBalancer").is_empty(), "valid proxy ipMode");
    assert_eq!(
        check(vec![ingress("1.2.3.4", Some("dummy"))], "LoadBalancer"),
        [r#"status.ingress[0].ipMode: Unsupported value: "dummy": supported values: "Proxy", "VIP""#],
        "invalid ipMode"
    );
    assert_eq!(
        check(vec![ingress("1.2.3.4", None)], "LoadBalancer"),
        ["status.ingress[0].ipMode: Required value: must be specified when `ip` is set"],
        "missing ipMode with LoadbalancerIPMode enabled"
    );
    let off = FeatureGates::default().with(Feature::LoadBalancerIPMode, false);
    assert!(
        with_gates(off, || check(vec![ingress("1.2.3.4", None)], "LoadBalancer")).is_empty(),
        "missing ipMode with LoadbalancerIPMode disabled"
    );
    assert_eq!(
        check(vec![ingress("", Some("Proxy"))], "LoadBalancer"),
        ["status.ingress[0].ipMode: Forbidden: may not be specified when `ip` is not set"],
        "missing ip with ipMode present"
    );
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
    // Legacy fields parse sloppily: leading zeros and IPv4-mapped IPv6 pass (`StrictIPCIDRValidation` off).
    assert!(
        check(vec![ingress("010.001.002.003", Some("VIP")), ingress("::ffff:1.2.3.4", Some("VIP"))], "LoadBalancer")
            .is_empty()
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
    // After upstream's `TestValidateReplicationControllerStatus`: each count negative alone,
    // each above `replicas`, available above ready.
    let run = |s: ReplicationControllerStatus| strings(&replication_controller_status(&s, &Path::new("status")));
    assert!(run(rc_status(3, 3, 2, 1, 2)).is_empty(), "valid status");
    assert!(run(rc_status(0, 0, 0, 0, 0)).is_empty(), "all zero");
    assert_eq!(
        run(rc_status(-1, 0, 0, 0, 0)),
        [
            "status.replicas: Invalid value: -1: must be greater than or equal to 0",
            "status.fullyLabeledReplicas: Invalid value: 0: cannot be greater than status.replicas",
            "status.readyReplicas: Invalid value: 0: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 0: cannot be greater than status.replicas",
        ]
    );
    assert_eq!(
        run(rc_status(3, -1, 3, 3, 2)),
        ["status.fullyLabeledReplicas: Invalid value: -1: must be greater than or equal to 0"]
    );
    assert_eq!(
        run(rc_status(3, 3, -1, -1, 2)),
        [
            "status.readyReplicas: Invalid value: -1: must be greater than or equal to 0",
            "status.availableReplicas: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    assert_eq!(
        run(rc_status(3, 3, 3, 3, -1)),
        ["status.observedGeneration: Invalid value: -1: must be greater than or equal to 0"]
    );
    assert_eq!(
        run(rc_status(3, 4, 3, 3, 2)),
        ["status.fullyLabeledReplicas: Invalid value: 4: cannot be greater than status.replicas"]
    );
    assert_eq!(
        run(rc_status(3, 3, 4, 3, 2)),
        ["status.readyReplicas: Invalid value: 4: cannot be greater than status.replicas"]
    );
    assert_eq!(
        run(rc_status(3, 3, 3, 4, 2)),
        [
            "status.availableReplicas: Invalid value: 4: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 4: cannot be greater than readyReplicas",
        ]
    );
    assert_eq!(
        run(rc_status(3, 3, 2, 3, 2)),
        ["status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas"]
    );
}

#[test]
fn replication_controller_status_updates() {
    let old = ReplicationController::default();
    let mut new = old.clone();
    new.status = rc_status(2, 2, 3, 1, 1);
    assert_eq!(
        strings(&validate_replication_controller_status_update(&new, &old)),
        ["status.readyReplicas: Invalid value: 3: cannot be greater than status.replicas"]
    );
    new.status = rc_status(2, 2, 2, 1, 1);
    assert!(validate_replication_controller_status_update(&new, &old).is_empty());
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
