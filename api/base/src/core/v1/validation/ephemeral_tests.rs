//! Cases for ephemeral containers, after upstream's `TestValidateEphemeralContainers` (its names, inputs and expected errors) and the rules of `ValidatePodEphemeralContainersUpdate`.

use kapi_machinery::types::{IntOrString, Quantity};
use kapi_machinery::validation::ErrorType::{self, *};
use kapi_machinery::validation::Path;

use super::super::affinity::tests::{spec, strings};
use crate::core::v1::validation::{validate_pod_ephemeral_containers_update, validate_pod_spec};
use crate::core::v1::{
    Capabilities, ConfigMapEnvSource, Container, ContainerPort, ContainerResizePolicy, ContainerRestartPolicy,
    EmptyDirVolumeSource, EnvFromSource, EnvVar, EphemeralContainer, EphemeralContainerCommon, ExecAction, Lifecycle,
    LifecycleHandler, LocalObjectReference, PersistentVolumeClaimVolumeSource, Pod, PodSpec, Probe, ProbeHandler,
    Protocol, PullPolicy, ResourceName, ResourceResizeRestartPolicy, SecurityContext, TCPSocketAction,
    TerminationMessagePolicy, Volume, VolumeDevice, VolumeMount, VolumeSource,
};
use crate::meta::v1::ObjectMeta;

/// Upstream's fixture: a regular container `ctr`, an init container `ictr`, an empty dir `vol`
/// and a claim `blk`, with `restartPolicy` as given.
fn pod_spec(restart_policy: &str, ephemeral: Vec<EphemeralContainer>) -> PodSpec {
    let mut s = spec();
    let ctr = s.containers.as_ref().expect("the test spec has containers")[0].clone();
    s.init_containers = vec![Container { name: "ictr".into(), ..ctr }];
    s.volumes = vec![
        Volume {
            name: "blk".into(),
            volume_source: VolumeSource {
                persistent_volume_claim: Some(Box::new(PersistentVolumeClaimVolumeSource {
                    claim_name: "pvc".into(),
                    ..Default::default()
                })),
                ..Default::default()
            },
        },
        Volume {
            name: "vol".into(),
            volume_source: VolumeSource {
                empty_dir: Some(Box::new(EmptyDirVolumeSource::default())),
                ..Default::default()
            },
        },
    ];
    s.restart_policy.0 = restart_policy.into();
    s.ephemeral_containers = ephemeral;
    s
}

/// An ephemeral container with the fields defaulting sets, edited by `edit`.
fn debug(name: &str, edit: impl FnOnce(&mut EphemeralContainerCommon)) -> EphemeralContainer {
    let mut c = EphemeralContainerCommon {
        name: name.into(),
        image: "image".into(),
        image_pull_policy: PullPolicy("IfNotPresent".into()),
        termination_message_policy: TerminationMessagePolicy("File".into()),
        ..Default::default()
    };
    edit(&mut c);
    EphemeralContainer { ephemeral_container_common: c, target_container_name: String::new() }
}

fn targeting(mut c: EphemeralContainer, target: &str) -> EphemeralContainer {
    c.target_container_name = target.into();
    c
}

fn tcp_probe(success_threshold: i32) -> Option<Box<Probe>> {
    Some(Box::new(Probe {
        probe_handler: ProbeHandler {
            tcp_socket: Some(Box::new(TCPSocketAction { port: IntOrString::int(80), ..Default::default() })),
            ..Default::default()
        },
        success_threshold,
        ..Default::default()
    }))
}

fn restart(policy: &str) -> impl FnOnce(&mut EphemeralContainerCommon) {
    let policy = policy.to_owned();
    move |c| c.restart_policy = Some(ContainerRestartPolicy(policy))
}

fn check(restart_policy: &str, ephemeral: Vec<EphemeralContainer>) -> Vec<(ErrorType, String)> {
    let errs = validate_pod_spec(&pod_spec(restart_policy, ephemeral), &Path::new("spec"));
    errs.iter().map(|e| (e.error_type, e.field.clone())).collect()
}

#[test]
fn valid_ephemeral_containers_from_upstream() {
    let all_allowed = debug("debug", |c| {
        c.command = vec!["bash".into()];
        c.args = vec!["bash".into()];
        c.working_dir = "/".into();
        c.env_from = vec![EnvFromSource {
            config_map_ref: Some(ConfigMapEnvSource {
                local_object_reference: LocalObjectReference { name: "dummy".into() },
                optional: Some(true),
            }),
            ..Default::default()
        }];
        c.env = vec![EnvVar { name: "TEST".into(), value: "TRUE".into(), ..Default::default() }];
        c.volume_mounts = vec![VolumeMount { name: "vol".into(), mount_path: "/vol".into(), ..Default::default() }];
        c.volume_devices = vec![VolumeDevice { name: "blk".into(), device_path: "/dev/block".into() }];
        c.termination_message_path = "/dev/termination-log".into();
        c.security_context = Some(Box::new(SecurityContext {
            capabilities: Some(Capabilities { add: vec!["SYS_ADMIN".into()], ..Default::default() }),
            ..Default::default()
        }));
        c.stdin = true;
        c.stdin_once = true;
        c.tty = true;
    });
    let cases: Vec<(&str, Vec<EphemeralContainer>)> = vec![
        ("Empty Ephemeral Containers", vec![]),
        ("Single Container", vec![debug("debug", |_| {})]),
        ("Multiple Containers", vec![debug("debug1", |_| {}), debug("debug2", |_| {})]),
        ("Single Container with Target", vec![targeting(debug("debug", |_| {}), "ctr")]),
        // Not an upstream case: an init container is a target too.
        ("Init Container Target", vec![targeting(debug("debug", |_| {}), "ictr")]),
        ("All allowed fields", vec![all_allowed]),
    ];
    for (name, ephemeral) in cases {
        for policy in ["Never", "Always", "OnFailure"] {
            assert_eq!(check(policy, ephemeral.clone()), vec![], "{name} ({policy})");
        }
    }
}

/// A case's name, the ephemeral containers and the errors expected (type, path after `spec.ephemeralContainers`).
type FailureCase = (&'static str, Vec<EphemeralContainer>, Vec<(ErrorType, &'static str)>);

#[test]
fn invalid_ephemeral_containers_from_upstream() {
    let at = |f: &str| format!("spec.ephemeralContainers{f}");
    let cases: Vec<FailureCase> = vec![
        (
            "Name Collision with Container.Containers",
            vec![debug("ctr", |_| {}), debug("debug1", |_| {})],
            vec![(Duplicate, "[0].name")],
        ),
        (
            "Name Collision with Container.InitContainers",
            vec![debug("ictr", |_| {}), debug("debug1", |_| {})],
            vec![(Duplicate, "[0].name")],
        ),
        (
            "Name Collision with EphemeralContainers",
            vec![debug("debug1", |_| {}), debug("debug1", |_| {})],
            vec![(Duplicate, "[1].name")],
        ),
        (
            "empty Container",
            vec![EphemeralContainer::default()],
            vec![
                (Required, "[0].name"),
                (Required, "[0].image"),
                (Required, "[0].terminationMessagePolicy"),
                (Required, "[0].imagePullPolicy"),
            ],
        ),
        ("empty Container Name", vec![debug("", |_| {})], vec![(Required, "[0].name")]),
        (
            "whitespace padded image name",
            vec![debug("debug", |c| c.image = " image".into())],
            vec![(Invalid, "[0].image")],
        ),
        (
            "invalid image pull policy",
            vec![debug("debug", |c| c.image_pull_policy.0 = "PullThreeTimes".into())],
            vec![(NotSupported, "[0].imagePullPolicy")],
        ),
        (
            "TargetContainerName doesn't exist",
            vec![targeting(debug("debug", |_| {}), "bogus")],
            vec![(NotFound, "[0].targetContainerName")],
        ),
        (
            "Targets an ephemeral container",
            vec![debug("debug", |_| {}), targeting(debug("debugception", |_| {}), "debug")],
            vec![(NotFound, "[1].targetContainerName")],
        ),
        (
            "Container uses disallowed field: Lifecycle",
            vec![debug("debug", |c| {
                c.lifecycle = Some(Box::new(Lifecycle {
                    pre_stop: Some(LifecycleHandler {
                        exec: Some(Box::new(ExecAction { command: vec!["ls".into(), "-l".into()] })),
                        ..Default::default()
                    }),
                    ..Default::default()
                }));
            })],
            vec![(Forbidden, "[0].lifecycle")],
        ),
        (
            "Container uses disallowed field: LivenessProbe",
            vec![debug("debug", |c| c.liveness_probe = tcp_probe(1))],
            vec![(Forbidden, "[0].livenessProbe")],
        ),
        (
            "Container uses disallowed field: Ports",
            vec![debug("debug", |c| {
                c.ports =
                    vec![ContainerPort { protocol: Protocol("TCP".into()), container_port: 80, ..Default::default() }];
            })],
            vec![(Forbidden, "[0].ports")],
        ),
        (
            "Container uses disallowed field: ReadinessProbe",
            vec![debug("debug", |c| c.readiness_probe = tcp_probe(0))],
            vec![(Forbidden, "[0].readinessProbe")],
        ),
        (
            "Container uses disallowed field: StartupProbe",
            vec![debug("debug", |c| c.startup_probe = tcp_probe(1))],
            vec![(Forbidden, "[0].startupProbe")],
        ),
        (
            "Container uses disallowed field: Resources",
            vec![debug("debug", |c| {
                c.resources.limits.insert(ResourceName("cpu".into()), Quantity::parse("10").expect("a quantity"));
            })],
            vec![(Forbidden, "[0].resources")],
        ),
        (
            "Container uses disallowed field: VolumeMount.SubPath",
            vec![debug("debug", |c| {
                c.volume_mounts = vec![
                    VolumeMount { name: "vol".into(), mount_path: "/vol".into(), ..Default::default() },
                    VolumeMount {
                        name: "vol".into(),
                        mount_path: "/volsub".into(),
                        sub_path: "foo".into(),
                        ..Default::default()
                    },
                ];
            })],
            vec![(Forbidden, "[0].volumeMounts[1].subPath")],
        ),
        (
            "Container uses disallowed field: VolumeMount.SubPathExpr",
            vec![debug("debug", |c| {
                c.volume_mounts = vec![
                    VolumeMount { name: "vol".into(), mount_path: "/vol".into(), ..Default::default() },
                    VolumeMount {
                        name: "vol".into(),
                        mount_path: "/volsub".into(),
                        sub_path_expr: "$(POD_NAME)".into(),
                        ..Default::default()
                    },
                ];
            })],
            vec![(Forbidden, "[0].volumeMounts[1].subPathExpr")],
        ),
        (
            "Disallowed field with other errors should only return a single Forbidden",
            vec![debug("debug", |c| {
                c.lifecycle = Some(Box::new(Lifecycle {
                    pre_stop: Some(LifecycleHandler {
                        exec: Some(Box::new(ExecAction { command: vec![] })),
                        ..Default::default()
                    }),
                    ..Default::default()
                }));
            })],
            vec![(Forbidden, "[0].lifecycle")],
        ),
        (
            "Container uses disallowed field: ResizePolicy",
            vec![debug("resources-resize-policy", |c| {
                c.resize_policy = vec![ContainerResizePolicy {
                    resource_name: ResourceName("cpu".into()),
                    restart_policy: ResourceResizeRestartPolicy("NotRequired".into()),
                }];
            })],
            vec![(Forbidden, "[0].resizePolicy")],
        ),
        (
            "Forbidden RestartPolicy: Always",
            vec![debug("foo", restart("Always"))],
            vec![(Forbidden, "[0].restartPolicy")],
        ),
        (
            "Forbidden RestartPolicy: OnFailure",
            vec![debug("foo", restart("OnFailure"))],
            vec![(Forbidden, "[0].restartPolicy")],
        ),
        (
            "Forbidden RestartPolicy: Never",
            vec![debug("foo", restart("Never"))],
            vec![(Forbidden, "[0].restartPolicy")],
        ),
        (
            "Forbidden RestartPolicy: invalid",
            vec![debug("foo", restart("invalid"))],
            vec![(Forbidden, "[0].restartPolicy")],
        ),
        ("Forbidden RestartPolicy: empty", vec![debug("foo", restart(""))], vec![(Forbidden, "[0].restartPolicy")]),
    ];
    for (name, ephemeral, want) in cases {
        let want: Vec<(ErrorType, String)> = want.into_iter().map(|(t, f)| (t, at(f))).collect();
        for policy in ["Never", "Always"] {
            assert_eq!(check(policy, ephemeral.clone()), want, "{name} ({policy})");
        }
    }
}

#[test]
fn ephemeral_container_messages() {
    let s = pod_spec(
        "Always",
        vec![
            targeting(debug("ctr", |c| c.liveness_probe = tcp_probe(1)), "nope"),
            debug("sub", |c| {
                c.volume_mounts = vec![VolumeMount {
                    name: "vol".into(),
                    mount_path: "/vol".into(),
                    sub_path: "x".into(),
                    ..Default::default()
                }];
            }),
        ],
    );
    assert_eq!(
        strings(&validate_pod_spec(&s, &Path::new("spec"))),
        vec![
            "spec.ephemeralContainers[0].name: Duplicate value: \"ctr\"",
            "spec.ephemeralContainers[0].targetContainerName: Not found: \"nope\"",
            "spec.ephemeralContainers[0].livenessProbe: Forbidden: cannot be set for an Ephemeral Container",
            "spec.ephemeralContainers[1].volumeMounts[0].subPath: Forbidden: cannot be set for an Ephemeral Container",
        ]
    );
}

fn pod(ephemeral: Vec<EphemeralContainer>) -> Pod {
    Pod {
        metadata: ObjectMeta { name: "pod".into(), namespace: "ns".into(), ..Default::default() },
        spec: pod_spec("Always", ephemeral),
        ..Default::default()
    }
}

#[test]
fn ephemeral_containers_update() {
    let old = pod(vec![debug("debugger", |_| {})]);
    // Adding one and keeping the stored one (in another order) is an allowed update.
    let added = pod(vec![debug("debugger2", |_| {}), debug("debugger", |_| {})]);
    assert_eq!(strings(&validate_pod_ephemeral_containers_update(&added, &old)), Vec::<String>::new());
    let removed = pod(vec![debug("debugger2", |_| {})]);
    assert_eq!(
        strings(&validate_pod_ephemeral_containers_update(&removed, &old)),
        vec!["spec.ephemeralContainers: Forbidden: existing ephemeral containers \"debugger\" may not be removed\n"]
    );
    let changed = pod(vec![debug("debugger", |c| c.image = "debian".into())]);
    assert_eq!(
        strings(&validate_pod_ephemeral_containers_update(&changed, &old)),
        vec!["spec.ephemeralContainers: Forbidden: existing ephemeral containers \"debugger\" may not be changed\n"]
    );
    // The new spec is validated too.
    let bad = pod(vec![debug("debugger", |_| {}), debug("debugger", |_| {})]);
    assert_eq!(
        strings(&validate_pod_ephemeral_containers_update(&bad, &old)),
        vec!["spec.ephemeralContainers[1].name: Duplicate value: \"debugger\""]
    );
}

#[test]
fn a_static_pods_mirror_refuses_ephemeral_containers() {
    let mut old = pod(vec![]);
    old.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
    let mut new = pod(vec![debug("debugger", |c| c.ports = vec![ContainerPort::default()])]);
    new.metadata.annotations = old.metadata.annotations.clone();
    // The mirror's error is the only one, even with other faults in the new spec.
    let errs = validate_pod_ephemeral_containers_update(&new, &old);
    assert_eq!(errs.len(), 1, "{:?}", strings(&errs));
    assert_eq!(errs[0].error_type, Forbidden);
    // Upstream's `field.NewPath("")` prints as `[]`.
    assert_eq!(errs[0].field, "[]");
    assert_eq!(errs[0].detail, "static pods do not support ephemeral containers");
}
