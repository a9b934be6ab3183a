//! Upstream's core conversion and defaulting cases (`pkg/apis/core/v1/conversion_test.go`,
//! `defaults_test.go`) and minimal objects decoded into the internal version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;
use kapi_machinery::types::{IntOrString, Quantity};

use crate::core as internal;
use crate::core::v1;
use crate::features::{self, Feature, FeatureGates};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::core::install(&mut s).unwrap();
    s
}

fn q(s: &str) -> Quantity {
    Quantity::parse(s).unwrap()
}

fn list(entries: &[(&str, &str)]) -> BTreeMap<v1::ResourceName, Quantity> {
    entries.iter().map(|(k, v)| (v1::ResourceName((*k).into()), q(v))).collect()
}

fn labels(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
    entries.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect()
}

// ---- Conversions (conversion_test.go) ----

#[test]
fn service_account_alias_reads_when_the_name_is_empty() {
    for (name, alias, want) in [("", "foo", "foo"), ("foo", "bar", "foo"), ("foo", "", "foo"), ("", "", "")] {
        let spec =
            v1::PodSpec { service_account_name: name.into(), service_account: alias.into(), ..Default::default() };
        let got = v1::convert_pod_spec_to_internal(spec).unwrap();
        assert_eq!(got.service_account_name, want, "name {name:?}, alias {alias:?}");
    }
    let back = v1::convert_pod_spec_from_internal(internal::PodSpec {
        service_account_name: "foo".into(),
        ..Default::default()
    })
    .unwrap();
    assert_eq!((back.service_account_name.as_str(), back.service_account.as_str()), ("foo", "foo"));
}

#[test]
fn host_namespaces_move_into_the_security_context() {
    let spec = v1::PodSpec {
        host_network: true,
        host_ipc: true,
        share_process_namespace: Some(true),
        host_users: Some(false),
        ..Default::default()
    };
    let got = v1::convert_pod_spec_to_internal(spec).unwrap();
    let sc = got.security_context.clone().expect("always present internally");
    assert!(sc.host_network && sc.host_ipc && !sc.host_pid);
    assert_eq!((sc.share_process_namespace, sc.host_users), (Some(true), Some(false)));
    let back = v1::convert_pod_spec_from_internal(got).unwrap();
    assert!(back.host_network && back.host_ipc && !back.host_pid);
    assert_eq!((back.share_process_namespace, back.host_users), (Some(true), Some(false)));
    assert_eq!(back.security_context, Some(v1::PodSecurityContext::default()));
    // Without a security context the pod spec has no host namespaces.
    let back = v1::convert_pod_spec_from_internal(internal::PodSpec::default()).unwrap();
    assert!(!back.host_network && back.security_context.is_none());
}

fn pod_ips(ips: &[&str]) -> Vec<v1::PodIP> {
    ips.iter().map(|ip| v1::PodIP { ip: (*ip).into() }).collect()
}

fn internal_pod_ips(ips: &[&str]) -> Vec<internal::PodIP> {
    ips.iter().map(|ip| internal::PodIP { ip: (*ip).into() }).collect()
}

#[test]
fn pod_ip_is_authoritative_over_pod_ips() {
    let cases: [(&str, &[&str], &[&str]); 5] = [
        ("1.1.1.1", &["1.1.1.1"], &["1.1.1.1"]),
        ("1.1.1.1", &[], &["1.1.1.1"]),
        ("1.1.1.1", &["1.1.1.1", "2000::"], &["1.1.1.1", "2000::"]),
        ("1.1.1.1", &["2.2.2.2", "2000::"], &["1.1.1.1"]),
        ("", &["2.2.2.2"], &["2.2.2.2"]),
    ];
    for (pod_ip, ips, want) in cases {
        let status = v1::PodStatus { pod_ip: pod_ip.into(), pod_ips: pod_ips(ips), ..Default::default() };
        let got = v1::convert_pod_status_to_internal(status).unwrap();
        assert_eq!(got.pod_ips, internal_pod_ips(want), "podIP {pod_ip:?}, podIPs {ips:?}");
    }
    let host = v1::PodStatus { host_ip: "10.0.0.1".into(), ..Default::default() };
    let got = v1::convert_pod_status_to_internal(host).unwrap();
    assert_eq!(got.host_ips, vec![internal::HostIP { ip: "10.0.0.1".into() }]);
}

#[test]
fn pod_ip_is_the_first_of_pod_ips() {
    let status = internal::PodStatus {
        pod_ips: internal_pod_ips(&["1.1.1.1", "2000::"]),
        host_ips: vec![internal::HostIP { ip: "10.0.0.1".into() }, internal::HostIP { ip: "fd00::1".into() }],
        ..Default::default()
    };
    let got = v1::convert_pod_status_from_internal(status).unwrap();
    assert_eq!((got.pod_ip.as_str(), got.host_ip.as_str()), ("1.1.1.1", "10.0.0.1"));
    assert_eq!(got.pod_ips, pod_ips(&["1.1.1.1", "2000::"]));
    let empty = v1::convert_pod_status_from_internal(internal::PodStatus::default()).unwrap();
    assert_eq!((empty.pod_ip.as_str(), empty.host_ip.as_str()), ("", ""));
}

#[test]
fn pod_cidr_is_authoritative_over_pod_cidrs() {
    let cases: [(&str, &[&str], &[&str]); 4] = [
        ("10.0.1.0/24", &["10.0.1.0/24"], &["10.0.1.0/24"]),
        ("10.0.1.0/24", &[], &["10.0.1.0/24"]),
        ("10.0.1.0/24", &["10.0.1.0/24", "ace:cab:deca::/8"], &["10.0.1.0/24", "ace:cab:deca::/8"]),
        ("10.0.1.0/24", &["10.0.2.0/24", "ace:cab:deca::/8"], &["10.0.1.0/24"]),
    ];
    for (cidr, cidrs, want) in cases {
        let spec = v1::NodeSpec {
            pod_cidr: cidr.into(),
            pod_cidrs: cidrs.iter().map(|s| (*s).into()).collect(),
            ..Default::default()
        };
        let got = v1::convert_node_spec_to_internal(spec).unwrap();
        assert_eq!(got.pod_cidrs, want.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    }
    let back = v1::convert_node_spec_from_internal(internal::NodeSpec {
        pod_cidrs: vec!["10.0.1.0/24".into(), "ace:cab:deca::/8".into()],
        ..Default::default()
    })
    .unwrap();
    assert_eq!(back.pod_cidr, "10.0.1.0/24");
}

#[test]
fn secret_string_data_overwrites_data() {
    let secret = v1::Secret {
        data: [("a".to_owned(), b"old".to_vec()), ("b".to_owned(), b"kept".to_vec())].into(),
        string_data: labels(&[("a", "new"), ("c", "added")]),
        ..Default::default()
    };
    let got = v1::convert_secret_to_internal(secret).unwrap();
    let want: BTreeMap<String, Vec<u8>> =
        [("a".into(), b"new".to_vec()), ("b".into(), b"kept".to_vec()), ("c".into(), b"added".to_vec())].into();
    assert_eq!(got.data, want);
    let back = v1::convert_secret_from_internal(got).unwrap();
    assert!(back.string_data.is_empty());
    assert_eq!(back.data, want);
}

#[test]
fn replication_controller_replicas_become_a_plain_count() {
    let unset = v1::convert_replication_controller_spec_to_internal(Default::default()).unwrap();
    assert_eq!(unset.replicas, 0);
    let three = v1::ReplicationControllerSpec { replicas: Some(3), ..Default::default() };
    assert_eq!(v1::convert_replication_controller_spec_to_internal(three).unwrap().replicas, 3);
    let back = v1::convert_replication_controller_spec_from_internal(internal::ReplicationControllerSpec {
        replicas: 0,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(back.replicas, Some(0));
}

#[test]
fn init_container_annotations_are_dropped_and_a_negative_grace_period_clamped() {
    let annotations = labels(&[("pod.beta.kubernetes.io/init-containers", "[]"), ("keep", "me")]);
    let mut pod = v1::Pod::default();
    pod.metadata.annotations = annotations.clone();
    pod.spec.termination_grace_period_seconds = Some(-1);
    let got = v1::convert_pod_to_internal(pod).unwrap();
    assert_eq!(got.metadata.annotations, labels(&[("keep", "me")]));
    assert_eq!(got.spec.termination_grace_period_seconds, Some(1));

    let mut back = got.clone();
    back.metadata.annotations = annotations.clone();
    back.spec.termination_grace_period_seconds = Some(-5);
    let back = v1::convert_pod_from_internal(back).unwrap();
    assert_eq!(back.metadata.annotations, labels(&[("keep", "me")]));
    assert_eq!(back.spec.termination_grace_period_seconds, Some(1));

    // A template drops the annotations but keeps its grace period as written.
    let mut template = v1::PodTemplateSpec::default();
    template.metadata.annotations = annotations;
    template.spec.termination_grace_period_seconds = Some(-1);
    let got = v1::convert_pod_template_spec_to_internal(template).unwrap();
    assert_eq!(got.metadata.annotations, labels(&[("keep", "me")]));
    assert_eq!(got.spec.termination_grace_period_seconds, Some(-1));
}

#[test]
fn scheme_converts_between_v1_and_internal() {
    let s = scheme();
    let mut pod = v1::Pod::default();
    pod.metadata.name = "p".into();
    pod.spec.service_account = "legacy".into();
    pod.status.pod_ip = "10.1.2.3".into();
    let obj = s.convert_to_version(&pod, kapi_machinery::INTERNAL_VERSION).unwrap();
    let internal = obj.downcast_ref::<internal::Pod>().expect("an internal pod");
    assert_eq!(internal.spec.service_account_name, "legacy");
    assert_eq!(internal.status.pod_ips, internal_pod_ips(&["10.1.2.3"]));
}

// ---- Defaults (defaults_test.go) ----

fn container(name: &str, image: &str) -> v1::Container {
    v1::Container { name: name.into(), image: image.into(), ..Default::default() }
}

#[test]
fn pull_policy_follows_the_image_tag() {
    for (image, want) in [
        ("nginx", "Always"),
        ("nginx:latest", "Always"),
        ("registry.example.com:5000/team/app", "Always"),
        ("registry.example.com:5000/team/app:latest", "Always"),
        ("nginx:1.25", "IfNotPresent"),
        ("registry.example.com:5000/team/app:v2", "IfNotPresent"),
        ("nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "IfNotPresent"),
        ("nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "Always"),
        ("", "IfNotPresent"),
        ("Nginx", "IfNotPresent"),
    ] {
        let mut c = container("c", image);
        v1::set_defaults_container(&mut c);
        assert_eq!(c.image_pull_policy.0, want, "image {image:?}");
    }
    let mut c = container("c", "nginx");
    c.image_pull_policy = v1::PullPolicy("Never".into());
    v1::set_defaults_container(&mut c);
    assert_eq!(c.image_pull_policy.0, "Never");
    assert_eq!(c.termination_message_path, "/dev/termination-log");
    assert_eq!(c.termination_message_policy.0, "File");
}

#[test]
fn pod_spec_defaults_apply_to_templates_too() {
    let mut t = v1::PodTemplate::default();
    t.template.spec.containers = Some(vec![container("c", "nginx:1")]);
    v1::set_object_defaults_pod_template(&mut t);
    let spec = &t.template.spec;
    assert_eq!(spec.dns_policy.0, "ClusterFirst");
    assert_eq!(spec.restart_policy.0, "Always");
    assert_eq!(spec.termination_grace_period_seconds, Some(30));
    assert_eq!(spec.scheduler_name, "default-scheduler");
    assert_eq!(spec.security_context, Some(v1::PodSecurityContext::default()));
    // Pod-only defaults stay out of templates.
    assert_eq!(spec.enable_service_links, None);
}

#[test]
fn pod_requests_default_to_limits_only_in_pods() {
    let mut c = container("c", "nginx:1");
    c.resources.limits = list(&[("cpu", "100m"), ("memory", "1Gi")]);
    c.resources.requests = list(&[("cpu", "50m")]);
    let mut pod = v1::Pod::default();
    pod.spec.containers = Some(vec![c.clone()]);
    pod.spec.init_containers = vec![c.clone()];
    v1::set_object_defaults_pod(&mut pod);
    let want = list(&[("cpu", "50m"), ("memory", "1Gi")]);
    assert_eq!(pod.spec.containers.as_ref().unwrap()[0].resources.requests, want);
    assert_eq!(pod.spec.init_containers[0].resources.requests, want);
    assert_eq!(pod.spec.enable_service_links, Some(true));

    let mut t = v1::PodTemplate::default();
    t.template.spec.containers = Some(vec![c]);
    v1::set_object_defaults_pod_template(&mut t);
    assert_eq!(t.template.spec.containers.unwrap()[0].resources.requests, list(&[("cpu", "50m")]));
}

fn resize(entries: &[(&str, &str)]) -> Vec<v1::ContainerResizePolicy> {
    entries
        .iter()
        .map(|(r, p)| v1::ContainerResizePolicy {
            resource_name: v1::ResourceName((*r).into()),
            restart_policy: v1::ResourceResizeRestartPolicy((*p).into()),
        })
        .collect()
}

fn defaulted_resize_policy(c: v1::Container) -> Vec<v1::ContainerResizePolicy> {
    let mut pod = v1::Pod::default();
    pod.spec.containers = Some(vec![c]);
    v1::set_object_defaults_pod(&mut pod);
    pod.spec.containers.unwrap().remove(0).resize_policy
}

#[test]
fn resize_policy_defaults_to_not_required() {
    let with = |limits: &[(&str, &str)], requests: &[(&str, &str)], policy: &[(&str, &str)]| v1::Container {
        resources: v1::ResourceRequirements { limits: list(limits), requests: list(requests), claims: vec![] },
        resize_policy: resize(policy),
        ..container("c", "nginx:1")
    };
    let nr = "NotRequired";
    let rc = "RestartContainer";
    let cases = [
        (with(&[("cpu", "100m"), ("memory", "200Mi")], &[], &[]), resize(&[("cpu", nr), ("memory", nr)])),
        (with(&[], &[("cpu", "100m")], &[]), resize(&[("cpu", nr)])),
        (with(&[("memory", "200Mi")], &[], &[]), resize(&[("memory", nr)])),
        (with(&[], &[], &[]), vec![]),
        (with(&[("cpu", "100m"), ("memory", "200Mi")], &[], &[("memory", rc)]), resize(&[("memory", rc), ("cpu", nr)])),
        (with(&[("memory", "200Mi")], &[("cpu", "100m")], &[("cpu", rc)]), resize(&[("cpu", rc), ("memory", nr)])),
        (with(&[("ephemeral-storage", "500Mi")], &[], &[]), vec![]),
        (with(&[("cpu", "100m")], &[("ephemeral-storage", "500Mi")], &[]), resize(&[("cpu", nr)])),
    ];
    for (i, (c, want)) in cases.into_iter().enumerate() {
        assert_eq!(defaulted_resize_policy(c), want, "case {i}");
    }
    // With the gate off nothing is added.
    let off = FeatureGates::default().with(Feature::InPlacePodVerticalScaling, false);
    let got = features::with_gates(off, || defaulted_resize_policy(with(&[("cpu", "1")], &[], &[])));
    assert_eq!(got, vec![]);
}

#[test]
fn sidecars_get_a_resize_policy_only_with_the_sidecar_gate() {
    let sidecar = v1::Container {
        restart_policy: Some(v1::ContainerRestartPolicy("Always".into())),
        resources: v1::ResourceRequirements { requests: list(&[("memory", "1Gi")]), ..Default::default() },
        ..container("s", "proxy:1")
    };
    let plain_init = v1::Container { restart_policy: None, ..sidecar.clone() };
    let run = || {
        let mut pod = v1::Pod::default();
        pod.spec.init_containers = vec![sidecar.clone(), plain_init.clone()];
        v1::set_object_defaults_pod(&mut pod);
        pod.spec.init_containers.into_iter().map(|c| c.resize_policy).collect::<Vec<_>>()
    };
    assert_eq!(run(), vec![resize(&[("memory", "NotRequired")]), vec![]]);
    let off = FeatureGates::default().with(Feature::SidecarContainers, false);
    assert_eq!(features::with_gates(off, run), vec![vec![], vec![]]);
}

#[test]
fn pod_level_requests_default_from_containers_then_limits() {
    let pod = || {
        let mut pod = v1::Pod::default();
        pod.spec.resources = Some(Box::new(v1::ResourceRequirements {
            limits: list(&[("cpu", "2"), ("memory", "1Gi"), ("ephemeral-storage", "1Gi")]),
            ..Default::default()
        }));
        let mut a = container("a", "app:1");
        a.resources.requests = list(&[("cpu", "500m")]);
        let mut b = container("b", "app:1");
        b.resources.requests = list(&[("cpu", "250m")]);
        // An init container that needs more CPU than the others together sets the pod's peak.
        let mut init = container("init", "setup:1");
        init.resources.requests = list(&[("cpu", "1")]);
        pod.spec.containers = Some(vec![a, b]);
        pod.spec.init_containers = vec![init];
        pod
    };
    let mut on = pod();
    v1::set_object_defaults_pod(&mut on);
    // CPU from the containers' peak (the init container), memory from the pod limit, and
    // ephemeral storage not at all (it is not a pod-level resource).
    assert_eq!(on.spec.resources.unwrap().requests, list(&[("cpu", "1"), ("memory", "1Gi")]));

    let off = FeatureGates::default().with(Feature::PodLevelResources, false);
    let mut off_pod = pod();
    features::with_gates(off, || v1::set_object_defaults_pod(&mut off_pod));
    assert!(off_pod.spec.resources.unwrap().requests.is_empty());

    // Sidecars add to the regular containers.
    let mut p = pod();
    p.spec.init_containers[0].restart_policy = Some(v1::ContainerRestartPolicy("Always".into()));
    v1::set_object_defaults_pod(&mut p);
    assert_eq!(p.spec.resources.unwrap().requests, list(&[("cpu", "1750m"), ("memory", "1Gi")]));
}

#[test]
fn host_network_pods_get_host_ports() {
    let mut c = container("c", "nginx:1");
    c.ports = vec![
        v1::ContainerPort { container_port: 8080, ..Default::default() },
        v1::ContainerPort { container_port: 9090, host_port: 9999, ..Default::default() },
    ];
    let mut pod = v1::Pod::default();
    pod.spec.host_network = true;
    pod.spec.containers = Some(vec![c.clone()]);
    v1::set_object_defaults_pod(&mut pod);
    let ports = &pod.spec.containers.as_ref().unwrap()[0].ports;
    assert_eq!(ports.iter().map(|p| p.host_port).collect::<Vec<_>>(), [8080, 9999]);
    assert_eq!(ports[0].protocol.0, "TCP");

    let mut t = v1::PodTemplate::default();
    t.template.spec.host_network = true;
    t.template.spec.containers = Some(vec![c]);
    v1::set_object_defaults_pod_template(&mut t);
    assert_eq!(t.template.spec.containers.unwrap()[0].ports[0].host_port, 0);
}

fn service(ty: &str, affinity: &str) -> v1::Service {
    let mut s = v1::Service::default();
    s.spec.r#type = v1::ServiceType(ty.into());
    s.spec.session_affinity = v1::ServiceAffinity(affinity.into());
    s.spec.ports = vec![v1::ServicePort { port: 80, ..Default::default() }];
    s
}

#[test]
fn service_defaults() {
    let mut s = service("", "");
    v1::set_object_defaults_service(&mut s);
    assert_eq!(s.spec.r#type.0, "ClusterIP");
    assert_eq!(s.spec.session_affinity.0, "None");
    assert_eq!(s.spec.session_affinity_config, None);
    assert_eq!(s.spec.ports[0].protocol.0, "TCP");
    assert_eq!(s.spec.ports[0].target_port, IntOrString::int(80));
    assert_eq!(s.spec.internal_traffic_policy, Some(v1::ServiceInternalTrafficPolicy("Cluster".into())));
    assert_eq!(s.spec.external_traffic_policy.0, "");
    assert_eq!(s.spec.allocate_load_balancer_node_ports, None);

    let mut s = service("NodePort", "ClientIP");
    s.spec.ports[0].target_port = IntOrString::string("http");
    v1::set_object_defaults_service(&mut s);
    assert_eq!(s.spec.external_traffic_policy.0, "Cluster");
    assert_eq!(s.spec.ports[0].target_port, IntOrString::string("http"));
    let timeout = s.spec.session_affinity_config.and_then(|c| c.client_ip).and_then(|c| c.timeout_seconds);
    assert_eq!(timeout, Some(10800));

    let mut s = service("ExternalName", "");
    v1::set_object_defaults_service(&mut s);
    assert_eq!(s.spec.internal_traffic_policy, None);

    // External IPs make a cluster IP service externally accessible, so it gets the policy too.
    let mut s = service("ClusterIP", "");
    s.spec.external_ips = vec!["1.2.3.4".into()];
    v1::set_object_defaults_service(&mut s);
    assert_eq!(s.spec.external_traffic_policy.0, "Cluster");
}

#[test]
fn load_balancers_allocate_node_ports_and_name_the_ip_mode() {
    let lb = || {
        let mut s = service("LoadBalancer", "");
        s.status.load_balancer.ingress = vec![
            v1::LoadBalancerIngress { ip: "1.2.3.4".into(), ..Default::default() },
            v1::LoadBalancerIngress { hostname: "lb.example.com".into(), ..Default::default() },
        ];
        s
    };
    let mut s = lb();
    v1::set_object_defaults_service(&mut s);
    assert_eq!(s.spec.allocate_load_balancer_node_ports, Some(true));
    let modes: Vec<_> = s.status.load_balancer.ingress.iter().map(|i| i.ip_mode.clone()).collect();
    assert_eq!(modes, [Some(v1::LoadBalancerIPMode("VIP".into())), None]);

    let off = FeatureGates::default().with(Feature::LoadBalancerIPMode, false);
    let mut s = lb();
    features::with_gates(off, || v1::set_object_defaults_service(&mut s));
    assert!(s.status.load_balancer.ingress.iter().all(|i| i.ip_mode.is_none()));
}

#[test]
fn replication_controller_takes_template_labels_and_one_replica() {
    let mut rc = v1::ReplicationController::default();
    let mut template = v1::PodTemplateSpec::default();
    template.metadata.labels = labels(&[("app", "web")]);
    rc.spec.template = Some(template);
    v1::set_object_defaults_replication_controller(&mut rc);
    assert_eq!(rc.spec.selector, labels(&[("app", "web")]));
    assert_eq!(rc.metadata.labels, labels(&[("app", "web")]));
    assert_eq!(rc.spec.replicas, Some(1));

    let mut rc = v1::ReplicationController::default();
    rc.metadata.labels = labels(&[("own", "x")]);
    rc.spec.replicas = Some(0);
    let mut template = v1::PodTemplateSpec::default();
    template.metadata.labels = labels(&[("app", "web")]);
    rc.spec.template = Some(template);
    v1::set_object_defaults_replication_controller(&mut rc);
    assert_eq!(rc.metadata.labels, labels(&[("own", "x")]));
    assert_eq!(rc.spec.replicas, Some(0));
}

#[test]
fn resource_lists_round_up_to_milli_units() {
    let mut c = container("c", "nginx:1");
    c.resources.limits = list(&[("cpu", "0.0001"), ("memory", "1.5m"), ("storage", "10Gi")]);
    let mut t = v1::PodTemplate::default();
    t.template.spec.containers = Some(vec![c]);
    v1::set_object_defaults_pod_template(&mut t);
    let limits = &t.template.spec.containers.as_ref().unwrap()[0].resources.limits;
    let shown: Vec<String> = limits.values().map(|q| q.to_string()).collect();
    assert_eq!(shown, ["1m", "2m", "10Gi"]);

    let mut node = v1::Node::default();
    node.status.capacity = list(&[("cpu", "4"), ("memory", "0.5m")]);
    v1::set_object_defaults_node(&mut node);
    assert_eq!(node.status.allocatable, list(&[("cpu", "4"), ("memory", "1m")]));
}

#[test]
fn volume_and_storage_defaults() {
    let mut pod = v1::Pod::default();
    pod.spec.volumes = vec![
        v1::Volume { name: "scratch".into(), ..Default::default() },
        v1::Volume {
            name: "s".into(),
            volume_source: v1::VolumeSource { secret: Some(Default::default()), ..Default::default() },
        },
    ];
    v1::set_object_defaults_pod(&mut pod);
    assert_eq!(pod.spec.volumes[0].volume_source.empty_dir, Some(Default::default()));
    assert_eq!(pod.spec.volumes[1].volume_source.secret.as_ref().unwrap().default_mode, Some(0o644));

    let mut pv = v1::PersistentVolume::default();
    v1::set_object_defaults_persistent_volume(&mut pv);
    assert_eq!(pv.status.phase.0, "Pending");
    assert_eq!(pv.spec.persistent_volume_reclaim_policy.0, "Retain");
    assert_eq!(pv.spec.volume_mode, Some(v1::PersistentVolumeMode("Filesystem".into())));

    let mut pvc = v1::PersistentVolumeClaim::default();
    v1::set_object_defaults_persistent_volume_claim(&mut pvc);
    assert_eq!(pvc.status.phase.0, "Pending");
    assert_eq!(pvc.spec.volume_mode, Some(v1::PersistentVolumeMode("Filesystem".into())));
}

#[test]
fn namespace_secret_probe_and_limit_range_defaults() {
    let mut ns = v1::Namespace::default();
    ns.metadata.name = "team-a".into();
    v1::set_object_defaults_namespace(&mut ns);
    assert_eq!(ns.metadata.labels, labels(&[("kubernetes.io/metadata.name", "team-a")]));
    assert_eq!(ns.status.phase.0, "Active");

    let mut secret = v1::Secret::default();
    v1::set_object_defaults_secret(&mut secret);
    assert_eq!(secret.r#type.0, "Opaque");

    let mut c = container("c", "nginx:1");
    c.liveness_probe = Some(Box::new(v1::Probe {
        probe_handler: v1::ProbeHandler { http_get: Some(Default::default()), ..Default::default() },
        ..Default::default()
    }));
    v1::set_defaults_container(&mut c);
    let mut pod = v1::Pod::default();
    pod.spec.containers = Some(vec![c]);
    v1::set_object_defaults_pod(&mut pod);
    let probe = pod.spec.containers.unwrap().remove(0).liveness_probe.unwrap();
    assert_eq!(
        (probe.timeout_seconds, probe.period_seconds, probe.success_threshold, probe.failure_threshold),
        (1, 10, 1, 3)
    );
    let get = probe.probe_handler.http_get.unwrap();
    assert_eq!((get.path.as_str(), get.scheme.0.as_str()), ("/", "HTTP"));

    let mut lr = v1::LimitRange::default();
    lr.spec.limits = Some(vec![v1::LimitRangeItem {
        r#type: v1::LimitType("Container".into()),
        max: list(&[("cpu", "2")]),
        min: list(&[("memory", "100Mi")]),
        ..Default::default()
    }]);
    v1::set_object_defaults_limit_range(&mut lr);
    let item = &lr.spec.limits.as_ref().unwrap()[0];
    assert_eq!(item.default, list(&[("cpu", "2")]));
    assert_eq!(item.default_request, list(&[("cpu", "2"), ("memory", "100Mi")]));
}

// ---- Served objects ----

#[test]
fn minimal_pod_is_served_with_defaults() {
    let body = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx"}]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"Always"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler","enableServiceLinks":true},"status":{}}"#
    );
}

#[test]
fn minimal_service_is_served_with_defaults() {
    let body = r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"ports":[{"port":80}]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"Service","apiVersion":"v1","metadata":{"name":"s"},"spec":{"ports":[{"protocol":"TCP","port":80,"targetPort":80}],"type":"ClusterIP","sessionAffinity":"None","internalTrafficPolicy":"Cluster"},"status":{"loadBalancer":{}}}"#
    );
}

#[test]
fn config_map_and_secret_are_served_back() {
    let s = scheme();
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"k":"v"}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"},"data":{"k":"v"}}"#
    );
    let body =
        r#"{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"data":{"a":"b2xk"},"stringData":{"a":"new"}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"Secret","apiVersion":"v1","metadata":{"name":"s"},"data":{"a":"bmV3"},"type":"Opaque"}"#
    );
}

#[test]
fn remaining_volume_endpoint_and_container_defaults() {
    let mut pod = v1::Pod::default();
    let env = v1::EnvVar {
        name: "NODE".into(),
        value_from: Some(v1::EnvVarSource {
            field_ref: Some(Box::new(v1::ObjectFieldSelector {
                field_path: "spec.nodeName".into(),
                ..Default::default()
            })),
            ..Default::default()
        }),
        ..Default::default()
    };
    pod.spec.containers = Some(vec![v1::Container { env: vec![env], ..container("c", "nginx:1") }]);
    pod.spec.ephemeral_containers = vec![v1::EphemeralContainer {
        ephemeral_container_common: v1::EphemeralContainerCommon {
            name: "debug".into(),
            image: "busybox".into(),
            ..Default::default()
        },
        ..Default::default()
    }];
    let source = |vs: v1::VolumeSource| v1::Volume { name: "v".into(), volume_source: vs };
    pod.spec.volumes = vec![
        source(v1::VolumeSource { config_map: Some(Default::default()), ..Default::default() }),
        source(v1::VolumeSource { downward_api: Some(Default::default()), ..Default::default() }),
        source(v1::VolumeSource { host_path: Some(Default::default()), ..Default::default() }),
        source(v1::VolumeSource {
            projected: Some(Box::new(v1::ProjectedVolumeSource {
                sources: Some(vec![v1::VolumeProjection {
                    service_account_token: Some(Default::default()),
                    ..Default::default()
                }]),
                ..Default::default()
            })),
            ..Default::default()
        }),
    ];
    v1::set_object_defaults_pod(&mut pod);
    let env = &pod.spec.containers.as_ref().unwrap()[0].env[0];
    assert_eq!(env.value_from.as_ref().unwrap().field_ref.as_ref().unwrap().api_version, "v1");
    let debug = &pod.spec.ephemeral_containers[0].ephemeral_container_common;
    assert_eq!(
        (
            debug.image_pull_policy.0.as_str(),
            debug.termination_message_path.as_str(),
            debug.termination_message_policy.0.as_str()
        ),
        ("Always", "/dev/termination-log", "File")
    );
    let v = &pod.spec.volumes;
    assert_eq!(v[0].volume_source.config_map.as_ref().unwrap().default_mode, Some(0o644));
    assert_eq!(v[1].volume_source.downward_api.as_ref().unwrap().default_mode, Some(0o644));
    assert_eq!(v[2].volume_source.host_path.as_ref().unwrap().r#type, Some(v1::HostPathType(String::new())));
    let projected = v[3].volume_source.projected.as_ref().unwrap();
    assert_eq!(projected.default_mode, Some(0o644));
    assert_eq!(
        projected.sources.as_ref().unwrap()[0].service_account_token.as_ref().unwrap().expiration_seconds,
        Some(3600)
    );

    let mut ep = v1::Endpoints {
        subsets: vec![v1::EndpointSubset {
            ports: vec![v1::EndpointPort { port: 80, ..Default::default() }],
            ..Default::default()
        }],
        ..Default::default()
    };
    v1::set_object_defaults_endpoints(&mut ep);
    assert_eq!(ep.subsets[0].ports[0].protocol.0, "TCP");
}
