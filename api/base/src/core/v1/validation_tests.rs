//! Upstream's core validation test cases (`TestValidateConfigMap`, `TestValidateSecret`, `TestValidateService`, `TestValidatePodSpec`, `TestValidatePodUpdate`, …), inputs and expected error text, pinned against our validation.

use std::collections::BTreeMap;

use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::aggregate;

use super::*;
use crate::core::v1::{
    ClientIPConfig, Container, ContainerPort, DNSPolicy, EnvVar, EnvVarSource, FinalizerName, HTTPGetAction,
    NamespaceSpec, ObjectFieldSelector, PodSpec, Probe, ProbeHandler, Protocol, PullPolicy, ReplicationControllerSpec,
    ResourceName, ResourceRequirements, RestartPolicy, SecretType, ServiceAffinity, ServiceExternalTrafficPolicy,
    ServiceInternalTrafficPolicy, ServiceSpec, ServiceType, SessionAffinityConfig, TerminationMessagePolicy,
    Toleration, TolerationOperator, URIScheme, Volume, VolumeMount, VolumeSource,
};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

#[track_caller]
fn expect_one(errs: &ErrorList, want: &str) {
    let got = strings(errs);
    assert!(got.iter().any(|g| g == want), "expected\n  {want}\namong\n  {got:#?}");
}

fn container(name: &str) -> Container {
    Container {
        name: name.into(),
        image: "image".into(),
        image_pull_policy: PullPolicy("IfNotPresent".into()),
        termination_message_policy: TerminationMessagePolicy("File".into()),
        ..Container::default()
    }
}

/// An ephemeral container as defaulting leaves it, whose fields validate cleanly.
fn debug_container() -> crate::core::v1::EphemeralContainer {
    let c = container("debug");
    crate::core::v1::EphemeralContainer {
        ephemeral_container_common: crate::core::v1::EphemeralContainerCommon {
            name: c.name,
            image: c.image,
            image_pull_policy: c.image_pull_policy,
            termination_message_policy: c.termination_message_policy,
            ..Default::default()
        },
        target_container_name: String::new(),
    }
}

/// A pod spec as it is after defaulting, which validates cleanly.
fn spec(containers: Vec<Container>) -> PodSpec {
    PodSpec {
        containers: Some(containers),
        restart_policy: RestartPolicy("Always".into()),
        dns_policy: DNSPolicy("ClusterFirst".into()),
        ..PodSpec::default()
    }
}

fn pod(spec: PodSpec) -> Pod {
    Pod {
        metadata: ObjectMeta { name: "p".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec,
        ..Pod::default()
    }
}

fn config_map(data: &[(&str, &str)]) -> ConfigMap {
    ConfigMap { data: data.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(), ..ConfigMap::default() }
}

#[test]
fn config_map_keys_duplicates_and_size() {
    assert!(validate_config_map(&config_map(&[("key1", "v"), ("a.b-c_D", "v")]), None).is_empty());
    expect_one(
        &validate_config_map(&config_map(&[("a*b", "v")]), None),
        "data[a*b]: Invalid value: \"a*b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
    expect_one(
        &validate_config_map(&config_map(&[("..", "v")]), None),
        "data[..]: Invalid value: \"..\": must not be '..'",
    );
    expect_one(
        &validate_config_map(&config_map(&[("..a", "v")]), None),
        "data[..a]: Invalid value: \"..a\": must not start with '..'",
    );
    let mut both = config_map(&[("k", "v")]);
    both.binary_data.insert("k".into(), b"v".to_vec());
    assert_eq!(
        strings(&validate_config_map(&both, None)),
        ["binaryData[k]: Invalid value: \"k\": duplicate of key present in data"]
    );
    let big = "x".repeat(MAX_SECRET_SIZE + 1);
    assert_eq!(
        strings(&validate_config_map(&config_map(&[("k", &big)]), None)),
        [": Too long: may not be more than 1048576 bytes"]
    );
}

#[test]
fn immutable_config_maps_keep_their_data() {
    let mut old = config_map(&[("k", "v")]);
    old.immutable = Some(true);
    let mut new = config_map(&[("k", "w")]);
    new.immutable = Some(true);
    assert_eq!(
        strings(&validate_config_map(&new, Some(&old))),
        ["data: Forbidden: field is immutable when `immutable` is set"]
    );
    new = config_map(&[("k", "v")]);
    assert_eq!(
        strings(&validate_config_map(&new, Some(&old))),
        ["immutable: Forbidden: field is immutable when `immutable` is set"]
    );
    // A mutable config map may become immutable, and change at the same time.
    let mut open = config_map(&[("k", "v")]);
    open.immutable = Some(false);
    let mut closing = config_map(&[("k", "w")]);
    closing.immutable = Some(true);
    assert!(validate_config_map(&closing, Some(&open)).is_empty());
}

fn secret(ty: &str, data: &[(&str, &[u8])]) -> Secret {
    Secret {
        r#type: SecretType(ty.into()),
        data: data.iter().map(|(k, v)| ((*k).to_owned(), v.to_vec())).collect(),
        ..Secret::default()
    }
}

#[test]
fn secrets_by_type() {
    assert!(validate_secret(&secret("Opaque", &[("a", b"b")]), None).is_empty());
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/tls", &[("tls.crt", b"c")]), None)),
        ["data[tls.key]: Required value"]
    );
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/basic-auth", &[]), None)),
        ["data[username]: Required value", "data[password]: Required value"]
    );
    assert!(validate_secret(&secret("kubernetes.io/basic-auth", &[("password", b"")]), None).is_empty());
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/ssh-auth", &[("ssh-privatekey", b"")]), None)),
        ["data[ssh-privatekey]: Required value"]
    );
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/service-account-token", &[]), None)),
        ["metadata.annotations[kubernetes.io/service-account.name]: Required value"]
    );
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/dockerconfigjson", &[]), None)),
        ["data[.dockerconfigjson]: Required value"]
    );
    assert!(validate_secret(&secret("kubernetes.io/dockercfg", &[(".dockercfg", b"{}")]), None).is_empty());
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/dockercfg", &[(".dockercfg", b"[]")]), None)),
        [
            "data[.dockercfg]: Invalid value: \"<secret contents redacted>\": json: cannot unmarshal array into Go value of type map[string]interface {}"
        ]
    );
    // stringData counts as data.
    let mut s = secret("kubernetes.io/tls", &[("tls.crt", b"c")]);
    s.string_data.insert("tls.key".into(), "k".into());
    assert!(validate_secret(&s, None).is_empty());
    let big = vec![0u8; MAX_SECRET_SIZE + 1];
    assert_eq!(
        strings(&validate_secret(&secret("Opaque", &[("k", &big)]), None)),
        ["data: Too long: may not be more than 1048576 bytes"]
    );
}

#[test]
fn secret_updates() {
    let old = secret("Opaque", &[("a", b"b")]);
    assert_eq!(
        strings(&validate_secret(&secret("kubernetes.io/tls", &[("tls.crt", b"c"), ("tls.key", b"k")]), Some(&old))),
        ["type: Invalid value: \"kubernetes.io/tls\": field is immutable"]
    );
    let mut frozen = old.clone();
    frozen.immutable = Some(true);
    let mut changed = secret("Opaque", &[("a", b"c")]);
    changed.immutable = Some(true);
    assert_eq!(
        strings(&validate_secret(&changed, Some(&frozen))),
        ["data: Forbidden: field is immutable when `immutable` is set"]
    );
}

#[test]
fn namespace_finalizers() {
    let ns = |f: &str| Namespace {
        spec: NamespaceSpec { finalizers: vec![FinalizerName(f.into())] },
        ..Namespace::default()
    };
    assert!(validate_namespace(&ns("kubernetes"), None).is_empty());
    assert!(validate_namespace(&ns("example.com/cleanup"), None).is_empty());
    assert_eq!(
        strings(&validate_namespace(&ns("cleanup"), None)),
        [
            "spec.finalizers: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified"
        ]
    );
    // The `finalize` subresource reports each entry at its index (`ValidateNamespaceFinalizeUpdate`).
    let mut two = ns("kubernetes");
    two.spec.finalizers.push(FinalizerName("cleanup".into()));
    assert_eq!(
        strings(&validate_namespace_finalize_update(&two, &ns("kubernetes"))),
        [
            "spec.finalizers[1]: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified"
        ]
    );
}

fn port(name: &str, port: i32) -> ServicePort {
    ServicePort {
        name: name.into(),
        protocol: Protocol("TCP".into()),
        port,
        target_port: IntOrString::int(port),
        ..ServicePort::default()
    }
}

/// A service of a type as defaulting leaves it: traffic policies `Cluster` where they apply,
/// node ports allocated for a load balancer.
fn service(ty: &str, ports: Vec<ServicePort>) -> Service {
    let external = matches!(ty, "NodePort" | "LoadBalancer");
    Service {
        spec: ServiceSpec {
            r#type: ServiceType(ty.into()),
            ports,
            session_affinity: ServiceAffinity("None".into()),
            selector: [("app".to_owned(), "web".to_owned())].into(),
            external_traffic_policy: ServiceExternalTrafficPolicy(if external { "Cluster" } else { "" }.into()),
            internal_traffic_policy: (ty != "ExternalName").then(|| ServiceInternalTrafficPolicy("Cluster".into())),
            allocate_load_balancer_node_ports: (ty == "LoadBalancer").then_some(true),
            ..ServiceSpec::default()
        },
        ..Service::default()
    }
}

#[test]
fn service_names_follow_the_relaxed_service_name_gate() {
    use crate::features::{Feature, FeatureGates, with_gates};
    let named = |name: &str| {
        let mut s = service("ClusterIP", vec![port("", 80)]);
        s.metadata.name = name.into();
        s
    };
    let gates = |on: bool| FeatureGates::default().with(Feature::RelaxedServiceNameValidation, on);
    // Upstream's TestPreAllocIPs cases: `1-test` is a DNS label, not a DNS-1035 label.
    let dns1035 = "metadata.name: Invalid value: \"1-test\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    with_gates(gates(false), || {
        assert_eq!(strings(&validate_service(&named("1-test"), None)), [dns1035]);
        assert!(validate_service(&named("my-svc"), None).is_empty());
        // The name is immutable: an update does not check it again.
        assert!(validate_service(&named("1-test"), Some(&named("1-test"))).is_empty());
    });
    with_gates(gates(true), || {
        assert!(validate_service(&named("1-test"), None).is_empty());
        assert_eq!(
            strings(&validate_service(&named("a.b"), None)),
            ["metadata.name: Invalid value: \"a.b\": must not contain dots"]
        );
        assert_eq!(
            strings(&validate_service(&named("Svc"), None)),
            [
                "metadata.name: Invalid value: \"Svc\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
            ]
        );
    });
    // The gate is on by default (beta in v1.36).
    assert!(validate_service(&named("1-test"), None).is_empty());
    // A generate name is held to the same rule, a trailing dash allowed (the server has already
    // put the generated name in place, which is checked too).
    let generated = |prefix: &str, name: &str| {
        let mut s = named(name);
        s.metadata.generate_name = prefix.into();
        s
    };
    assert!(validate_service(&generated("web-", "web-x7k2p"), None).is_empty());
    assert_eq!(
        strings(&validate_service(&generated("a.b-", "a.b-x7k2p"), None)),
        [
            "metadata.generateName: Invalid value: \"a.b-\": must not contain dots",
            "metadata.name: Invalid value: \"a.b-x7k2p\": must not contain dots"
        ]
    );
}

#[test]
fn service_ports() {
    assert!(validate_service(&service("ClusterIP", vec![port("", 80)]), None).is_empty());
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![port("", 80), port("b", 81)]), None)),
        ["spec.ports[0].name: Required value"]
    );
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![port("a", 80), port("a", 81)]), None)),
        ["spec.ports[1].name: Duplicate value: \"a\""]
    );
    assert_eq!(strings(&validate_service(&service("ClusterIP", vec![]), None)), ["spec.ports: Required value"]);
    let mut p = port("", 80);
    p.protocol = Protocol("HTTP".into());
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![p]), None)),
        ["spec.ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\""]
    );
    let mut p = port("", 65536);
    p.target_port = IntOrString::int(80);
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![p]), None)),
        ["spec.ports[0].port: Invalid value: 65536: must be between 1 and 65535, inclusive"]
    );
    let mut p = port("", 80);
    p.target_port = IntOrString::string("-http");
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![p]), None)),
        ["spec.ports[0].targetPort: Invalid value: \"-http\": must not begin or end with a hyphen"]
    );
    let mut p = port("", 80);
    p.node_port = 30001;
    assert_eq!(
        strings(&validate_service(&service("ClusterIP", vec![p.clone()]), None)),
        ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]
    );
    assert!(validate_service(&service("NodePort", vec![p.clone()]), None).is_empty());
    let mut q = port("b", 81);
    q.node_port = 30001;
    p.name = "a".into();
    assert_eq!(
        strings(&validate_service(&service("NodePort", vec![p, q]), None)),
        ["spec.ports[1].nodePort: Duplicate value: 30001"]
    );
    let dup = validate_service(&service("ClusterIP", vec![port("a", 80), port("b", 80)]), None);
    assert_eq!(dup.len(), 1);
    assert!(dup[0].to_string().starts_with("spec.ports[1]: Duplicate value: "), "{dup:?}");
    // Upstream no longer refuses the kubelet's port on load balancers.
    assert!(validate_service(&service("LoadBalancer", vec![port("", 10250)]), None).is_empty());
}

#[test]
fn service_types_affinity_and_external_names() {
    assert_eq!(
        strings(&validate_service(&service("Balanced", vec![port("", 80)]), None)),
        [
            "spec.type: Unsupported value: \"Balanced\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\""
        ]
    );
    let mut s = service("ExternalName", vec![]);
    assert_eq!(strings(&validate_service(&s, None)), ["spec.externalName: Required value"]);
    s.spec.external_name = "foo.bar.example.com.".into();
    assert!(validate_service(&s, None).is_empty());
    s.spec.external_name = "foo_bar".into();
    assert_eq!(validate_service(&s, None).len(), 1);
    s.spec.external_name = "x.com".into();
    s.spec.cluster_ip = "10.0.0.1".into();
    s.spec.cluster_ips = vec!["10.0.0.1".into()];
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.clusterIPs: Forbidden: may not be set for ExternalName services"]
    );
    let mut s = service("ClusterIP", vec![port("", 80)]);
    s.spec.session_affinity = ServiceAffinity("ClientIP".into());
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.sessionAffinityConfig: Required value: when session affinity type is ClientIP"]
    );
    s.spec.session_affinity_config =
        Some(SessionAffinityConfig { client_ip: Some(ClientIPConfig { timeout_seconds: Some(86401) }) });
    assert_eq!(
        strings(&validate_service(&s, None)),
        [
            "spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 86401: must be greater than 0 and less than 86400"
        ]
    );
    s.spec.session_affinity = ServiceAffinity("None".into());
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.sessionAffinityConfig: Forbidden: must not be set when session affinity is None"]
    );
    s.spec.session_affinity = ServiceAffinity("Sticky".into());
    s.spec.session_affinity_config = None;
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.sessionAffinity: Unsupported value: \"Sticky\": supported values: \"ClientIP\", \"None\""]
    );
    let mut s = service("NodePort", vec![port("", 80)]);
    s.spec.cluster_ip = "None".into();
    s.spec.cluster_ips = vec!["None".into()];
    assert_eq!(
        strings(&validate_service(&s, None)),
        ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"]
    );
    let mut s = service("ClusterIP", vec![port("", 80)]);
    s.spec.selector.insert("bad key!".into(), "v".into());
    assert_eq!(validate_service(&s, None).len(), 1);
}

#[test]
fn service_cluster_ip_is_immutable() {
    let mut old = service("ClusterIP", vec![port("", 80)]);
    old.spec.cluster_ip = "10.0.0.1".into();
    old.spec.cluster_ips = vec!["10.0.0.1".into()];
    let mut new = old.clone();
    new.spec.cluster_ip = "10.0.0.2".into();
    new.spec.cluster_ips = vec!["10.0.0.2".into()];
    assert_eq!(
        strings(&validate_service(&new, Some(&old))),
        ["spec.clusterIPs[0]: Invalid value: [\"10.0.0.2\"]: may not change once set"]
    );
    // The server's strategy copies the stored IPs into an update that leaves them out; one that
    // clears `clusterIPs` is refused.
    new.spec.cluster_ip = String::new();
    new.spec.cluster_ips.clear();
    assert_eq!(
        strings(&validate_service(&new, Some(&old))),
        ["spec.clusterIPs[0]: Invalid value: null: primary clusterIP can not be unset"]
    );
}

#[test]
fn pod_spec_containers() {
    assert!(validate_pod(&pod(spec(vec![container("ctr")])), None).is_empty());
    assert_eq!(strings(&validate_pod(&pod(spec(vec![])), None)), ["spec.containers: Required value"]);
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![container("ctr"), container("ctr")])), None)),
        ["spec.containers[1].name: Duplicate value: \"ctr\""]
    );
    let mut s = spec(vec![container("ctr")]);
    s.init_containers = vec![container("ctr")];
    assert_eq!(strings(&validate_pod(&pod(s), None)), ["spec.initContainers[0].name: Duplicate value: \"ctr\""]);
    let mut c = container("Ctr");
    c.image = String::new();
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].name: Invalid value: \"Ctr\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.containers[0].image: Required value",
        ]
    );
    let mut c = container("ctr");
    c.image = " image ".into();
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c.clone()])), None)),
        ["spec.containers[0].image: Invalid value: \" image \": must not have leading or trailing whitespace"]
    );
    // An init container's image too (upstream checks both lists, regular containers first).
    let mut s = spec(vec![c.clone()]);
    let mut init = c.clone();
    init.name = "init".into();
    s.init_containers = vec![init];
    assert_eq!(
        strings(&validate_pod(&pod(s.clone()), None)),
        [
            "spec.containers[0].image: Invalid value: \" image \": must not have leading or trailing whitespace",
            "spec.initContainers[0].image: Invalid value: \" image \": must not have leading or trailing whitespace",
        ]
    );
    // Templates keep upstream's old tolerance of whitespace.
    assert!(validate_pod_spec(&s, &Path::new("spec")).is_empty());
    let mut c = container("ctr");
    c.image_pull_policy = PullPolicy("Sometimes".into());
    c.termination_message_policy = TerminationMessagePolicy(String::new());
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].terminationMessagePolicy: Required value",
            "spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"",
        ]
    );
}

#[test]
fn pod_spec_ports_env_and_mounts() {
    let mut c = container("ctr");
    c.ports = vec![
        ContainerPort {
            name: "http".into(),
            container_port: 80,
            protocol: Protocol("TCP".into()),
            ..Default::default()
        },
        ContainerPort {
            name: "http".into(),
            container_port: 0,
            protocol: Protocol("TCPX".into()),
            ..Default::default()
        },
    ];
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].ports[1].name: Duplicate value: \"http\"",
            "spec.containers[0].ports[1].containerPort: Required value",
            "spec.containers[0].ports[1].protocol: Unsupported value: \"TCPX\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
        ]
    );
    let mut c = container("ctr");
    c.env = vec![
        EnvVar { name: "A=B".into(), ..Default::default() },
        EnvVar { name: String::new(), ..Default::default() },
        EnvVar { name: "C".into(), value_from: Some(EnvVarSource::default()), ..Default::default() },
        EnvVar {
            name: "D".into(),
            value_from: Some(EnvVarSource {
                field_ref: Some(Box::new(ObjectFieldSelector {
                    api_version: "v1".into(),
                    field_path: "metadata.labels".into(),
                })),
                ..Default::default()
            }),
            ..Default::default()
        },
    ];
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='",
            "spec.containers[0].env[1].name: Required value",
            "spec.containers[0].env[2].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
            "spec.containers[0].env[3].valueFrom.fieldRef.fieldPath: Unsupported value: \"metadata.labels\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\"",
        ]
    );
    let mut c = container("ctr");
    c.volume_mounts = vec![
        VolumeMount { name: "data".into(), mount_path: "/data".into(), ..Default::default() },
        VolumeMount {
            name: "missing".into(),
            mount_path: "/data".into(),
            sub_path: "../x".into(),
            ..Default::default()
        },
    ];
    let mut s = spec(vec![c]);
    s.volumes = vec![Volume {
        name: "data".into(),
        volume_source: VolumeSource { empty_dir: Some(Default::default()), ..Default::default() },
    }];
    assert_eq!(
        strings(&validate_pod(&pod(s), None)),
        [
            "spec.containers[0].volumeMounts[1].name: Not found: \"missing\"",
            "spec.containers[0].volumeMounts[1].mountPath: Invalid value: \"/data\": must be unique",
            "spec.containers[0].volumeMounts.subPath: Invalid value: \"../x\": must not contain '..'",
        ]
    );
}

#[test]
fn pod_spec_volumes() {
    let mut s = spec(vec![container("ctr")]);
    s.volumes = vec![
        Volume { name: "a".into(), volume_source: VolumeSource::default() },
        Volume {
            name: "b".into(),
            volume_source: VolumeSource {
                empty_dir: Some(Default::default()),
                host_path: Some(Default::default()),
                ..Default::default()
            },
        },
        Volume {
            name: "c".into(),
            volume_source: VolumeSource { empty_dir: Some(Default::default()), ..Default::default() },
        },
        Volume {
            name: "c".into(),
            volume_source: VolumeSource { empty_dir: Some(Default::default()), ..Default::default() },
        },
    ];
    assert_eq!(
        strings(&validate_pod(&pod(s), None)),
        [
            "spec.volumes[0]: Required value: must specify a volume type",
            // Upstream checks `emptyDir` first: the host path is the second source, and unchecked.
            "spec.volumes[1].hostPath: Forbidden: may not specify more than 1 volume type",
            "spec.volumes[3].name: Duplicate value: \"c\"",
        ]
    );
}

#[test]
fn pod_spec_resources_and_probes() {
    let q = |s: &str| kapi_machinery::types::Quantity::parse(s).unwrap();
    let mut c = container("ctr");
    c.resources = ResourceRequirements {
        limits: [(ResourceName("cpu".into()), q("1"))].into(),
        requests: [(ResourceName("cpu".into()), q("2")), (ResourceName("memory".into()), q("-1"))].into(),
        ..Default::default()
    };
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1",
            "spec.containers[0].resources.requests[memory]: Invalid value: \"-1\": must be greater than or equal to 0",
        ]
    );
    let mut c = container("ctr");
    c.resources.requests = [(ResourceName("disk".into()), q("1"))].into();
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].resources.requests[disk]: Invalid value: \"disk\": must be a standard resource for containers"
        ]
    );
    let mut c = container("ctr");
    c.resources.requests = [(ResourceName("example.com/gpu".into()), q("1"))].into();
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        ["spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"]
    );
    let mut c = container("ctr");
    let http = HTTPGetAction {
        path: "/".into(),
        port: IntOrString::int(0),
        scheme: URIScheme("HTTP".into()),
        ..Default::default()
    };
    c.liveness_probe = Some(Box::new(Probe {
        probe_handler: ProbeHandler { http_get: Some(Box::new(http)), ..Default::default() },
        success_threshold: 2,
        timeout_seconds: -1,
        ..Default::default()
    }));
    c.readiness_probe = Some(Box::new(Probe { success_threshold: 1, ..Default::default() }));
    assert_eq!(
        strings(&validate_pod(&pod(spec(vec![c])), None)),
        [
            "spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive",
            "spec.containers[0].livenessProbe.timeoutSeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
            "spec.containers[0].readinessProbe: Required value: must specify a handler type",
        ]
    );
    let mut s = spec(vec![container("ctr")]);
    let mut init = container("init");
    init.readiness_probe = Some(Box::new(Probe::default()));
    s.init_containers = vec![init];
    assert_eq!(
        strings(&validate_pod(&pod(s), None)),
        [
            "spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always"
        ]
    );
}

#[test]
fn pod_spec_policies_and_scheduling() {
    let mut s = spec(vec![container("ctr")]);
    s.restart_policy = RestartPolicy("Sometimes".into());
    s.dns_policy = DNSPolicy(String::new());
    s.active_deadline_seconds = Some(0);
    s.hostname = "Host".into();
    s.node_selector = [("a".to_owned(), "-b".to_owned())].into();
    let got = strings(&validate_pod(&pod(s), None));
    assert_eq!(got.len(), 5, "{got:#?}");
    assert_eq!(
        got[0],
        "spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\""
    );
    assert_eq!(got[1], "spec.dnsPolicy: Required value");
    assert!(got[2].starts_with("spec.nodeSelector: Invalid value: \"-b\": a valid label must be"), "{got:#?}");
    assert_eq!(got[3], "spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive");
    assert!(got[4].starts_with("spec.hostname: Invalid value: \"Host\": a lowercase RFC 1123 label"), "{got:#?}");
    let mut s = spec(vec![container("ctr")]);
    s.tolerations = vec![
        Toleration { operator: TolerationOperator("Equal".into()), value: "v".into(), ..Default::default() },
        Toleration {
            key: "k".into(),
            operator: TolerationOperator("Exists".into()),
            toleration_seconds: Some(1),
            effect: crate::core::v1::TaintEffect("NoSchedule".into()),
            ..Default::default()
        },
    ];
    assert_eq!(
        strings(&validate_pod(&pod(s), None)),
        [
            "spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            "spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
        ]
    );
    let mut s = spec(vec![container("ctr")]);
    s.ephemeral_containers = vec![debug_container()];
    assert_eq!(strings(&validate_pod(&pod(s), None)), ["spec.ephemeralContainers: Forbidden: cannot be set on create"]);
}

/// Tolerations on update are matched through a set of the new ones, not old against new: 50,000
/// kept in reverse order with new `tolerationSeconds` pass, and one left out is found.
#[test]
fn many_tolerations_are_matched_on_update() {
    let n = 50_000;
    let toleration = |i: i64, seconds: i64| Toleration {
        key: format!("k{i}"),
        operator: TolerationOperator("Equal".into()),
        value: "v".into(),
        effect: crate::core::v1::TaintEffect("NoExecute".into()),
        toleration_seconds: Some(seconds),
    };
    let mut old = pod(spec(vec![container("ctr")]));
    old.spec.tolerations = (0..n).map(|i| toleration(i, 1)).collect();
    let mut new = old.clone();
    new.spec.tolerations = (0..n).rev().map(|i| toleration(i, i)).collect();
    new.spec.tolerations.push(toleration(n, 1));
    assert!(validate_pod(&new, Some(&old)).is_empty(), "{:?}", strings(&validate_pod(&new, Some(&old))));
    new.spec.tolerations.remove(n as usize / 2);
    assert_eq!(
        strings(&validate_pod(&new, Some(&old))),
        ["spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds"]
    );
}

#[test]
fn pod_updates_change_only_mutable_fields() {
    let old = pod(spec(vec![container("ctr")]));
    let mut new = old.clone();
    new.spec.containers.as_mut().unwrap()[0].image = "image:2".into();
    new.spec.active_deadline_seconds = Some(30);
    new.spec.tolerations =
        vec![Toleration { key: "k".into(), operator: TolerationOperator("Exists".into()), ..Default::default() }];
    assert!(validate_pod(&new, Some(&old)).is_empty(), "{:?}", strings(&validate_pod(&new, Some(&old))));
    let mut bad = new.clone();
    bad.spec.containers.as_mut().unwrap()[0].ports =
        vec![ContainerPort { container_port: 80, protocol: Protocol("TCP".into()), ..Default::default() }];
    let got = aggregate(&validate_pod(&bad, Some(&new))).unwrap();
    assert!(
        got.starts_with("spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n"),
        "{got}"
    );
    let mut longer = new.clone();
    longer.spec.active_deadline_seconds = Some(60);
    assert_eq!(
        strings(&validate_pod(&longer, Some(&new))),
        ["spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value"]
    );
    let mut unset = new.clone();
    unset.spec.active_deadline_seconds = None;
    assert_eq!(
        strings(&validate_pod(&unset, Some(&new))),
        ["spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value"]
    );
    let mut removed = new.clone();
    removed.spec.tolerations.clear();
    assert_eq!(
        strings(&validate_pod(&removed, Some(&new))),
        ["spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds"]
    );
    let mut more = new.clone();
    more.spec.containers.as_mut().unwrap().push(container("two"));
    assert_eq!(
        strings(&validate_pod(&more, Some(&new))),
        ["spec.containers: Forbidden: pod updates may not add or remove containers"]
    );
}

fn template(labels: &[(&str, &str)]) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta {
            labels: labels.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
            ..ObjectMeta::default()
        },
        spec: spec(vec![container("ctr")]),
    }
}

#[test]
fn replication_controllers() {
    let rc = |selector: &[(&str, &str)], t: PodTemplateSpec| ReplicationController {
        spec: ReplicationControllerSpec {
            replicas: Some(1),
            selector: selector.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect::<BTreeMap<_, _>>(),
            template: Some(t),
            ..Default::default()
        },
        ..Default::default()
    };
    assert!(validate_replication_controller(&rc(&[("a", "b")], template(&[("a", "b")])), None).is_empty());
    assert_eq!(
        strings(&validate_replication_controller(&rc(&[("a", "b")], template(&[("a", "c")])), None)),
        ["spec.template.metadata.labels: Invalid value: {\"a\":\"c\"}: `selector` does not match template `labels`"]
    );
    assert_eq!(
        strings(&validate_replication_controller(&rc(&[], template(&[("a", "c")])), None)),
        ["spec.selector: Required value"]
    );
    let mut t = template(&[("a", "b")]);
    t.spec.restart_policy = RestartPolicy("OnFailure".into());
    t.spec.active_deadline_seconds = Some(5);
    assert_eq!(
        strings(&validate_replication_controller(&rc(&[("a", "b")], t), None)),
        [
            "spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"",
            "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported",
        ]
    );
    let mut r = rc(&[("a", "b")], template(&[("a", "b")]));
    r.spec.replicas = Some(-1);
    assert_eq!(
        strings(&validate_replication_controller(&r, None)),
        ["spec.replicas: Invalid value: -1: must be greater than or equal to 0"]
    );
}

#[test]
fn pod_templates() {
    let mut t = template(&[("a", "b")]);
    t.metadata.labels.insert("-bad".into(), "v".into());
    t.spec.ephemeral_containers = vec![debug_container()];
    let pt = PodTemplate { template: t, ..Default::default() };
    let got = strings(&validate_pod_template(&pt, None));
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(got[0].starts_with("template.labels: Invalid value: \"-bad\": name part must consist of"), "{got:#?}");
    assert_eq!(
        got[1],
        "template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template"
    );
}

#[test]
fn a_name_prefix_is_masked_as_upstream_masks_it() {
    // maskTrailingDash replaces the last two bytes with `a`: `a-.-` is checked as `a-a`.
    assert_eq!(mask_trailing_dash("a-.-"), "a-a");
    assert!(name_is_dns_subdomain("a-.-", true).is_empty());
    assert!(!name_is_dns_subdomain("a-.-", false).is_empty());
    assert_eq!(mask_trailing_dash("ab-"), "aa");
    assert!(name_is_dns_subdomain("events-demo-", true).is_empty());
    // A lone dash is not masked, and a dash-free prefix is checked as written.
    assert_eq!(mask_trailing_dash("-"), "-");
    assert!(!name_is_dns_subdomain("-", true).is_empty());
    assert!(!name_is_dns_subdomain("events-demo.", true).is_empty());
    // 254 bytes ending in a dash are 253 once masked, as in Go.
    let long = format!("{}-", "x".repeat(253));
    assert!(name_is_dns_subdomain(&long, true).is_empty());
    // A cut inside a multi-byte character keeps Go's length and stays invalid.
    let masked = mask_trailing_dash("aé-");
    assert_eq!(masked.len(), "aé-".len() - 1);
    assert!(!name_is_dns_subdomain("aé-", true).is_empty());
}
