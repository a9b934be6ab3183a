//! Inputs for the codec benchmarks: upstream fixture bytes, and a larger object made by our own
//! encoder: the filled fixture object repeated, and a realistic large `Pod` built in code.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_api::core::v1::{
    Capabilities, ConfigMapVolumeSource, Container, ContainerPort, ContainerState, ContainerStateRunning,
    ContainerStatus, EmptyDirVolumeSource, EnvVar, EnvVarSource, HTTPGetAction, HostIP, LocalObjectReference,
    ObjectFieldSelector, Pod, PodCondition, PodIP, PodSecurityContext, PodSpec, PodStatus, Probe, ProbeHandler,
    ResourceName, ResourceRequirements, SeccompProfile, SecretKeySelector, SecretVolumeSource, SecurityContext,
    Toleration, Volume, VolumeMount, VolumeSource,
};
use kapi_api::meta::v1::{ManagedFieldsEntry, ObjectMeta, OwnerReference};
use kapi_machinery::proto::{ProtoMessage, decode_envelope};
use kapi_machinery::types::{FieldsV1, IntOrString, Quantity, Time};
use kapi_machinery::{Fill, FillCtx, TypeMeta};

pub mod load;

/// Reads one upstream fixture file (`HEAD/<name>`).
pub fn fixture(name: &str) -> Vec<u8> {
    let path: PathBuf = kapi_tests::default_testdata_root().join("HEAD").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("benchmark input {} is missing: {e}", path.display()))
}

/// The message inside a protobuf fixture's envelope, which is what prost decodes.
pub fn proto_body(envelope: &[u8]) -> Vec<u8> {
    decode_envelope(envelope).expect("fixture has an envelope").raw.to_vec()
}

/// One benchmark input: the bytes both sides read.
pub struct Input {
    /// The benchmark's name for it (criterion's parameter).
    pub name: &'static str,
    /// Its short name on `icount`'s command line.
    pub key: &'static str,
    /// The protobuf message body (without the `k8s\0` envelope).
    pub pb: Vec<u8>,
    /// The JSON document, or empty where the peer has no JSON type for it.
    pub json: Vec<u8>,
}

/// The inputs by short name, in the order the benchmarks report them.
pub const INPUTS: [&str; 7] = ["vwc", "mwc", "review", "vwc64", "pod", "deployment", "pod-large"];

/// Reads or builds one input by its short name (one of [`INPUTS`]).
pub fn input(key: &str) -> Input {
    let from_fixture = |name: &'static str, key: &'static str, file: &str, json: bool| Input {
        name,
        key,
        pb: proto_body(&fixture(&format!("{file}.pb"))),
        json: if json { fixture(&format!("{file}.json")) } else { Vec::new() },
    };
    match key {
        "vwc" => from_fixture(
            "ValidatingWebhookConfiguration",
            "vwc",
            "admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration",
            true,
        ),
        "mwc" => from_fixture(
            "MutatingWebhookConfiguration",
            "mwc",
            "admissionregistration.k8s.io.v1.MutatingWebhookConfiguration",
            true,
        ),
        // k8s-openapi has no admission types.
        "review" => from_fixture("AdmissionReview", "review", "admission.k8s.io.v1.AdmissionReview", false),
        "vwc64" => {
            let v = large_vwc();
            Input {
                name: "ValidatingWebhookConfiguration-64",
                key: "vwc64",
                pb: v.to_proto_bytes(),
                json: kapi_machinery::json::to_vec(&v).expect("encodes"),
            }
        }
        "pod" => from_fixture("Pod", "pod", "core.v1.Pod", true),
        "deployment" => from_fixture("Deployment", "deployment", "apps.v1.Deployment", true),
        "pod-large" => {
            let v = large_pod();
            Input {
                name: "Pod-large",
                key: "pod-large",
                pb: v.to_proto_bytes(),
                json: kapi_machinery::json::to_vec(&v).expect("encodes"),
            }
        }
        _ => panic!("unknown input `{key}`; the inputs are {INPUTS:?}"),
    }
}

/// A `ValidatingWebhookConfiguration` with 64 webhooks: the filled fixture object, its one webhook
/// repeated under distinct names.
pub fn large_vwc() -> ValidatingWebhookConfiguration {
    let mut v = ValidatingWebhookConfiguration::default();
    v.fill("", 0, &mut FillCtx::new());
    v.type_meta.kind = "ValidatingWebhookConfiguration".into();
    v.type_meta.api_version = "admissionregistration.k8s.io/v1".into();
    let one = v.webhooks[0].clone();
    v.webhooks = (0..64)
        .map(|i| {
            let mut w = one.clone();
            w.name = format!("webhook-{i}.example.com");
            w
        })
        .collect();
    v
}

/// A large, realistic `Pod` as a controller-managed workload looks on a server: ten containers with
/// environment, mounts, probes and resources, ten volumes, labels, annotations, an owner,
/// managed fields, and a running status with a status per container. Built with our types; the
/// benchmarks encode it with our encoder to get the bytes both sides read.
pub fn large_pod() -> Pod {
    let time = |min: u8, sec: u8| Time::from_civil(2026, 11, 24, 3, min, sec).expect("valid time");
    let q = |s: &str| Quantity::parse(s).expect("valid quantity");
    let resources = |cpu: &str, mem: &str| -> BTreeMap<ResourceName, Quantity> {
        [("cpu".into(), q(cpu)), ("memory".into(), q(mem))].into_iter().collect()
    };
    let labels: BTreeMap<String, String> = [
        ("app.kubernetes.io/name", "checkout"),
        ("app.kubernetes.io/instance", "checkout-prod"),
        ("app.kubernetes.io/version", "4.12.7"),
        ("app.kubernetes.io/component", "api"),
        ("app.kubernetes.io/part-of", "shop"),
        ("app.kubernetes.io/managed-by", "helm"),
        ("pod-template-hash", "7d9f8b6c5d"),
        ("team", "payments"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    let annotations: BTreeMap<String, String> = [
        ("kubectl.kubernetes.io/restartedAt", "2026-11-24T03:00:00Z"),
        ("prometheus.io/scrape", "true"),
        ("prometheus.io/port", "9090"),
        ("prometheus.io/path", "/metrics"),
        ("checksum/config", "3f1c0a5e9b7d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    let names: Vec<String> = (0..10).map(|i| format!("svc-{i}")).collect();
    // Managed fields in the form the API server writes them: compact JSON with sorted keys.
    let fields = |keys: &[&str]| FieldsV1 {
        raw: format!(
            "{{{}}}",
            keys.iter().map(|k| format!("\"f:{k}\":{{\".\":{{}},\"f:name\":{{}}}}")).collect::<Vec<_>>().join(",")
        )
        .into_bytes(),
    };
    let container_keys: Vec<String> = names.iter().map(|n| format!("k:{{\\\"name\\\":\\\"{n}\\\"}}")).collect();
    let container_keys: Vec<&str> = container_keys.iter().map(String::as_str).collect();
    let managed_fields = vec![
        ManagedFieldsEntry {
            manager: "kube-controller-manager".into(),
            operation: "Update".into(),
            api_version: "v1".into(),
            time: Some(time(0, 1)),
            fields_type: "FieldsV1".into(),
            fields_v1: Some(fields(&container_keys)),
            subresource: String::new(),
        },
        ManagedFieldsEntry {
            manager: "kubelet".into(),
            operation: "Update".into(),
            api_version: "v1".into(),
            time: Some(time(0, 30)),
            fields_type: "FieldsV1".into(),
            fields_v1: Some(fields(&["conditions", "containerStatuses", "hostIP", "phase", "podIP", "startTime"])),
            subresource: "status".into(),
        },
    ];
    let probe = |path: &str, port: &str, delay: i32| Probe {
        probe_handler: ProbeHandler {
            http_get: Some(Box::new(HTTPGetAction {
                path: path.into(),
                port: IntOrString::from(port),
                scheme: "HTTP".into(),
                ..Default::default()
            })),
            ..Default::default()
        },
        initial_delay_seconds: delay,
        timeout_seconds: 1,
        period_seconds: 10,
        success_threshold: 1,
        failure_threshold: 3,
        termination_grace_period_seconds: None,
    };
    let containers: Vec<Container> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut env: Vec<EnvVar> = (0..12)
                .map(|j| EnvVar { name: format!("SETTING_{j}"), value: format!("value-{i}-{j}"), value_from: None })
                .collect();
            env.push(EnvVar {
                name: "POD_NAME".into(),
                value: String::new(),
                value_from: Some(EnvVarSource {
                    field_ref: Some(Box::new(ObjectFieldSelector {
                        api_version: "v1".into(),
                        field_path: "metadata.name".into(),
                    })),
                    ..Default::default()
                }),
            });
            env.push(EnvVar {
                name: "DATABASE_PASSWORD".into(),
                value: String::new(),
                value_from: Some(EnvVarSource {
                    secret_key_ref: Some(Box::new(SecretKeySelector {
                        local_object_reference: LocalObjectReference { name: "checkout-db".into() },
                        key: "password".into(),
                        optional: None,
                    })),
                    ..Default::default()
                }),
            });
            Container {
                name: name.clone(),
                image: format!("registry.example.com/shop/{name}:4.12.7"),
                command: vec!["/app/server".into()],
                args: vec![
                    "--config=/etc/app/config.yaml".into(),
                    format!("--port={}", 8080 + i),
                    "--log-level=info".into(),
                ],
                ports: vec![
                    ContainerPort {
                        name: "http".into(),
                        container_port: 8080 + i as i32,
                        protocol: "TCP".into(),
                        ..Default::default()
                    },
                    ContainerPort {
                        name: "metrics".into(),
                        container_port: 9090,
                        protocol: "TCP".into(),
                        ..Default::default()
                    },
                ],
                env,
                resources: ResourceRequirements {
                    limits: resources("1", "1Gi"),
                    requests: resources("250m", "512Mi"),
                    claims: Vec::new(),
                },
                volume_mounts: ["config", "secrets", "cache", "tmp", "kube-api-access"]
                    .iter()
                    .map(|v| VolumeMount {
                        name: format!("{v}-{i}"),
                        read_only: *v != "cache" && *v != "tmp",
                        mount_path: format!("/var/run/{v}"),
                        ..Default::default()
                    })
                    .collect(),
                liveness_probe: Some(Box::new(probe("/healthz", "http", 10))),
                readiness_probe: Some(Box::new(probe("/readyz", "http", 5))),
                termination_message_path: "/dev/termination-log".into(),
                termination_message_policy: "File".into(),
                image_pull_policy: "IfNotPresent".into(),
                security_context: Some(Box::new(SecurityContext {
                    capabilities: Some(Capabilities { add: Vec::new(), drop: vec!["ALL".into()] }),
                    run_as_non_root: Some(true),
                    read_only_root_filesystem: Some(true),
                    allow_privilege_escalation: Some(false),
                    seccomp_profile: Some(SeccompProfile { r#type: "RuntimeDefault".into(), localhost_profile: None }),
                    ..Default::default()
                })),
                ..Default::default()
            }
        })
        .collect();
    let volumes: Vec<Volume> = (0..10)
        .flat_map(|i| {
            [
                Volume {
                    name: format!("config-{i}"),
                    volume_source: VolumeSource {
                        config_map: Some(Box::new(ConfigMapVolumeSource {
                            local_object_reference: LocalObjectReference { name: format!("checkout-config-{i}") },
                            default_mode: Some(0o644),
                            ..Default::default()
                        })),
                        ..Default::default()
                    },
                },
                Volume {
                    name: format!("secrets-{i}"),
                    volume_source: VolumeSource {
                        secret: Some(Box::new(SecretVolumeSource {
                            secret_name: format!("checkout-secrets-{i}"),
                            default_mode: Some(0o420),
                            ..Default::default()
                        })),
                        ..Default::default()
                    },
                },
                Volume {
                    name: format!("cache-{i}"),
                    volume_source: VolumeSource {
                        empty_dir: Some(Box::new(EmptyDirVolumeSource {
                            size_limit: Some(q("1Gi")),
                            ..Default::default()
                        })),
                        ..Default::default()
                    },
                },
            ]
        })
        .collect();
    let conditions = ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"]
        .iter()
        .enumerate()
        .map(|(i, t)| PodCondition {
            r#type: (*t).into(),
            status: "True".into(),
            last_transition_time: time(0, i as u8 * 5),
            ..Default::default()
        })
        .collect();
    let container_statuses = names
        .iter()
        .enumerate()
        .map(|(i, name)| ContainerStatus {
            name: name.clone(),
            state: ContainerState {
                running: Some(ContainerStateRunning { started_at: time(0, 20) }),
                ..Default::default()
            },
            last_state: ContainerState::default(),
            ready: true,
            restart_count: 0,
            image: format!("registry.example.com/shop/{name}:4.12.7"),
            image_id: format!(
                "registry.example.com/shop/{name}@sha256:{:064x}",
                0x9f8e_7d6c_5b4a_3928_u64 * (i as u64 + 1)
            ),
            container_id: format!("containerd://{:064x}", 0x1234_5678_9abc_def0_u64 * (i as u64 + 7)),
            started: Some(true),
            ..Default::default()
        })
        .collect();
    Pod {
        type_meta: TypeMeta { kind: "Pod".into(), api_version: "v1".into() },
        metadata: ObjectMeta {
            name: "checkout-7d9f8b6c5d-x2k9p".into(),
            generate_name: "checkout-7d9f8b6c5d-".into(),
            namespace: "shop".into(),
            uid: "6f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0".into(),
            resource_version: "123456789".into(),
            creation_timestamp: time(0, 0),
            labels,
            annotations,
            owner_references: vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "ReplicaSet".into(),
                name: "checkout-7d9f8b6c5d".into(),
                uid: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9".into(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }],
            managed_fields,
            ..Default::default()
        },
        spec: PodSpec {
            volumes,
            containers: Some(containers),
            restart_policy: "Always".into(),
            termination_grace_period_seconds: Some(30),
            dns_policy: "ClusterFirst".into(),
            node_selector: [("kubernetes.io/os".to_owned(), "linux".to_owned())].into_iter().collect(),
            service_account_name: "checkout".into(),
            service_account: "checkout".into(),
            node_name: "node-pool-a-3f9c".into(),
            security_context: Some(PodSecurityContext {
                run_as_user: Some(10001),
                run_as_group: Some(10001),
                fs_group: Some(10001),
                ..Default::default()
            }),
            scheduler_name: "default-scheduler".into(),
            tolerations: ["not-ready", "unreachable"]
                .iter()
                .map(|t| Toleration {
                    key: format!("node.kubernetes.io/{t}"),
                    operator: "Exists".into(),
                    effect: "NoExecute".into(),
                    toleration_seconds: Some(300),
                    ..Default::default()
                })
                .collect(),
            priority: Some(0),
            enable_service_links: Some(true),
            preemption_policy: Some("PreemptLowerPriority".into()),
            ..Default::default()
        },
        status: PodStatus {
            phase: "Running".into(),
            conditions,
            host_ip: "10.0.3.17".into(),
            host_ips: vec![HostIP { ip: "10.0.3.17".into() }],
            pod_ip: "10.244.7.23".into(),
            pod_ips: vec![PodIP { ip: "10.244.7.23".into() }],
            start_time: Some(time(0, 0)),
            container_statuses,
            qos_class: "Burstable".into(),
            ..Default::default()
        },
    }
}
