//! Cases for a pod's `/status` update, after upstream's `TestValidatePodStatusUpdate`, `TestValidateContainerStateTransition`, `TestValidatePodStatusUpdateWithSupplementalGroupsPolicy` and `TestValidateResourceHealthStatus` themes, with the paths and messages of upstream's source.

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::core::v1::{
    ContainerRestartPolicy, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting,
    ContainerUser, EphemeralContainer, EphemeralContainerCommon, HostIP, LinuxContainerUser, OSName, PodCondition,
    PodConditionType, PodIP, PodOS, PodQOSClass, PodResourceClaim, PodResourceClaimStatus, ResourceClaim,
    ResourceHealth, ResourceHealthStatus, ResourceID, ResourceName, ResourceRequirements, ResourceStatus,
    RestartPolicy,
};
use crate::meta::v1::ObjectMeta;

/// A table row: the case's name, the edits to the stored and the new pod, and the (type, field)
/// of each expected error.
type Case = (&'static str, Box<dyn Fn(&mut Pod, &mut Pod)>, Vec<(ErrorType, &'static str)>);

fn container(name: &str) -> Container {
    Container { name: name.into(), image: "image".into(), ..Container::default() }
}

fn base() -> Pod {
    let mut p = Pod {
        metadata: ObjectMeta { name: "foo".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        ..Pod::default()
    };
    p.spec.containers = Some(vec![container("c1"), container("c2")]);
    p.spec.restart_policy = RestartPolicy("Always".into());
    p.spec.node_name = "node1".into();
    p
}

fn running(name: &str) -> ContainerStatus {
    ContainerStatus {
        name: name.into(),
        state: ContainerState { running: Some(ContainerStateRunning::default()), ..ContainerState::default() },
        ..ContainerStatus::default()
    }
}

fn waiting(name: &str) -> ContainerStatus {
    ContainerStatus {
        name: name.into(),
        state: ContainerState { waiting: Some(ContainerStateWaiting::default()), ..ContainerState::default() },
        ..ContainerStatus::default()
    }
}

fn terminated(name: &str, exit_code: i32) -> ContainerStatus {
    ContainerStatus {
        name: name.into(),
        state: ContainerState {
            terminated: Some(ContainerStateTerminated { exit_code, ..ContainerStateTerminated::default() }),
            ..ContainerState::default()
        },
        ..ContainerStatus::default()
    }
}

fn pod_ips(ips: &[&str]) -> Vec<PodIP> {
    ips.iter().map(|ip| PodIP { ip: (*ip).into() }).collect()
}

fn host_ips(ips: &[&str]) -> Vec<HostIP> {
    ips.iter().map(|ip| HostIP { ip: (*ip).into() }).collect()
}

fn health(id: &str, h: &str) -> ResourceHealth {
    ResourceHealth { resource_id: ResourceID(id.into()), health: ResourceHealthStatus(h.into()), message: None }
}

fn restart(p: &mut Pod, policy: &str) {
    p.spec.restart_policy = RestartPolicy(policy.into());
}

fn kinds(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    errs.iter().map(|e| (e.error_type, e.field.clone())).collect()
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn run(old_edit: impl Fn(&mut Pod), new_edit: impl Fn(&mut Pod)) -> ErrorList {
    let (mut old, mut new) = (base(), base());
    old_edit(&mut old);
    new_edit(&mut new);
    pod_status_update(&new, &old)
}

#[test]
fn pod_status_update_table() {
    use ErrorType::{Duplicate, Forbidden, Internal, Invalid, NotSupported};
    let cases: Vec<Case> = vec![
        ("no change", Box::new(|_, _| {}), vec![]),
        ("set valid nominatedNodeName", Box::new(|_, n| n.status.nominated_node_name = "node1".into()), vec![]),
        ("remove valid nominatedNodeName", Box::new(|o, _| o.status.nominated_node_name = "node1".into()), vec![]),
        (
            "set invalid nominatedNodeName",
            Box::new(|_, n| n.status.nominated_node_name = "Node1".into()),
            vec![(Invalid, "status.nominatedNodeName")],
        ),
        (
            "an invalid nominatedNodeName already stored is not checked again",
            Box::new(|o, n| {
                o.status.nominated_node_name = "Node1".into();
                n.status.nominated_node_name = "Node1".into();
            }),
            vec![],
        ),
        ("nodeName changed", Box::new(|_, n| n.spec.node_name = "node2".into()), vec![(Forbidden, "status.nodeName")]),
        (
            "qosClass changed",
            Box::new(|o, n| {
                o.status.qos_class = PodQOSClass("Burstable".into());
                n.status.qos_class = PodQOSClass("Guaranteed".into());
            }),
            vec![(Invalid, "status.qosClass")],
        ),
        (
            "system and qualified custom conditions",
            Box::new(|_, n| {
                n.status.conditions = ["Ready", "PodScheduled", "Initialized", "example.com/custom"]
                    .iter()
                    .map(|t| PodCondition { r#type: PodConditionType((*t).into()), ..PodCondition::default() })
                    .collect();
            }),
            vec![],
        ),
        (
            "invalid custom condition type",
            Box::new(|_, n| {
                n.status.conditions = vec![
                    PodCondition { r#type: PodConditionType("Ready".into()), ..PodCondition::default() },
                    PodCondition { r#type: PodConditionType("bad type".into()), ..PodCondition::default() },
                ];
            }),
            vec![(Invalid, "metadata.conditions[1].Type")],
        ),
        // Container state transitions.
        (
            "terminated container restarts under restartPolicy Always",
            Box::new(|o, n| {
                o.status.container_statuses = vec![terminated("c1", 0)];
                n.status.container_statuses = vec![running("c1")];
            }),
            vec![],
        ),
        (
            "terminated container may not run again under restartPolicy Never",
            Box::new(|o, n| {
                restart(o, "Never");
                restart(n, "Never");
                o.status.container_statuses = vec![running("c2"), terminated("c1", 1)];
                n.status.container_statuses = vec![running("c2"), waiting("c1")];
            }),
            vec![(Forbidden, "status.containerStatuses[1].state")],
        ),
        (
            "failed container restarts under restartPolicy OnFailure",
            Box::new(|o, n| {
                restart(o, "OnFailure");
                o.status.container_statuses = vec![terminated("c1", 2)];
                n.status.container_statuses = vec![running("c1")];
            }),
            vec![],
        ),
        (
            "succeeded container may not run again under restartPolicy OnFailure",
            Box::new(|o, n| {
                restart(o, "OnFailure");
                o.status.container_statuses = vec![terminated("c1", 0)];
                n.status.container_statuses = vec![running("c1")];
            }),
            vec![(Forbidden, "status.containerStatuses[0].state")],
        ),
        (
            "the stored pod's restart policy decides",
            Box::new(|o, n| {
                restart(n, "Never");
                o.status.container_statuses = vec![terminated("c1", 0)];
                n.status.container_statuses = vec![running("c1")];
            }),
            vec![],
        ),
        (
            "terminated container stays terminated",
            Box::new(|o, n| {
                restart(o, "Never");
                o.status.container_statuses = vec![terminated("c1", 0)];
                n.status.container_statuses = vec![terminated("c1", 0)];
            }),
            vec![],
        ),
        (
            "terminated init container may not run again",
            Box::new(|o, n| {
                restart(o, "Never");
                o.spec.init_containers = vec![container("init")];
                o.status.init_container_statuses = vec![terminated("init", 0)];
                n.status.init_container_statuses = vec![running("init")];
            }),
            vec![(Forbidden, "status.initContainerStatuses[0].state")],
        ),
        (
            "restartable init container restarts",
            Box::new(|o, n| {
                restart(o, "Never");
                let mut sidecar = container("init");
                sidecar.restart_policy = Some(ContainerRestartPolicy("Always".into()));
                o.spec.init_containers = vec![sidecar];
                o.status.init_container_statuses = vec![terminated("init", 0)];
                n.status.init_container_statuses = vec![running("init")];
            }),
            vec![],
        ),
        (
            "terminated ephemeral container may not run again even under restartPolicy Always",
            Box::new(|o, n| {
                o.status.ephemeral_container_statuses = vec![terminated("debug", 1)];
                n.status.ephemeral_container_statuses = vec![running("debug")];
            }),
            vec![(Forbidden, "status.ephemeralContainerStatuses[0].state")],
        ),
        // Resource claims.
        (
            "resource claim statuses",
            Box::new(|_, n| {
                n.spec.resource_claims =
                    vec![PodResourceClaim { name: "my-claim".into(), ..PodResourceClaim::default() }];
                n.status.resource_claim_statuses = vec![PodResourceClaimStatus {
                    name: "my-claim".into(),
                    resource_claim_name: Some("foo-my-claim-12345".into()),
                }];
            }),
            vec![],
        ),
        (
            "resource claim statuses: unknown, duplicate and invalid",
            Box::new(|_, n| {
                n.spec.resource_claims =
                    vec![PodResourceClaim { name: "my-claim".into(), ..PodResourceClaim::default() }];
                n.status.resource_claim_statuses = vec![
                    PodResourceClaimStatus { name: "no-such-claim".into(), resource_claim_name: None },
                    PodResourceClaimStatus { name: "my-claim".into(), resource_claim_name: Some("%$!#".into()) },
                    PodResourceClaimStatus { name: "my-claim".into(), resource_claim_name: None },
                ];
            }),
            vec![
                (Invalid, "status.resourceClaimStatuses[0].name"),
                (Invalid, "status.resourceClaimStatuses[1].name"),
                (Duplicate, "status.resourceClaimStatuses[2].name"),
            ],
        ),
        // Pod IPs.
        ("one pod IP", Box::new(|_, n| n.status.pod_ips = pod_ips(&["1.1.1.1"])), vec![]),
        ("dual-stack pod IPs", Box::new(|_, n| n.status.pod_ips = pod_ips(&["1.1.1.1", "::1"])), vec![]),
        (
            "invalid pod IP",
            Box::new(|_, n| n.status.pod_ips = pod_ips(&["1.1.1.1", "not-an-ip"])),
            vec![(Invalid, "status.podIPs[1]"), (Internal, "status.podIPs"), (Invalid, "status.podIPs")],
        ),
        (
            "two pod IPs of one family",
            Box::new(|_, n| n.status.pod_ips = pod_ips(&["1.1.1.1", "1.1.1.2"])),
            vec![(Invalid, "status.podIPs")],
        ),
        (
            "three pod IPs",
            Box::new(|_, n| n.status.pod_ips = pod_ips(&["1.1.1.1", "::1", "1.1.1.2"])),
            vec![(Invalid, "status.podIPs")],
        ),
        (
            "duplicate pod IPs",
            Box::new(|_, n| n.status.pod_ips = pod_ips(&["::1", "::1"])),
            vec![(Invalid, "status.podIPs"), (Duplicate, "status.podIPs[1]")],
        ),
        // Host IPs.
        (
            "host IPs that start with hostIP",
            Box::new(|_, n| {
                n.status.host_ip = "1.1.1.1".into();
                n.status.host_ips = host_ips(&["1.1.1.1", "::1"]);
            }),
            vec![],
        ),
        (
            "hostIP not equal to hostIPs[0]",
            Box::new(|_, n| {
                n.status.host_ip = "1.1.1.2".into();
                n.status.host_ips = host_ips(&["1.1.1.1"]);
            }),
            vec![(Invalid, "status.hostIPs[0].ip")],
        ),
        (
            "duplicate and same-family host IPs",
            Box::new(|_, n| {
                n.status.host_ip = "1.1.1.1".into();
                n.status.host_ips = host_ips(&["1.1.1.1", "1.1.1.1"]);
            }),
            vec![(Duplicate, "status.hostIPs[1]"), (Invalid, "status.hostIPs")],
        ),
        (
            // A legacy IP field: the leading zero is refused only with `StrictIPCIDRValidation`
            // on (on in 1.36; `legacy_ip_fields_follow_the_gate` pins the answer with it off).
            "host IP with leading zero",
            Box::new(|_, n| {
                n.status.host_ip = "1.1.1.01".into();
                n.status.host_ips = host_ips(&["1.1.1.01"]);
            }),
            vec![(Invalid, "status.hostIPs[0]")],
        ),
        // Container users.
        (
            "valid linux container user",
            Box::new(|_, n| {
                n.status.container_statuses = vec![ContainerStatus {
                    user: Some(ContainerUser {
                        linux: Some(LinuxContainerUser { uid: 1000, gid: 1000, supplemental_groups: vec![1000, 2000] }),
                    }),
                    ..running("c1")
                }];
            }),
            vec![],
        ),
        (
            "invalid linux container user",
            Box::new(|_, n| {
                n.status.init_container_statuses = vec![ContainerStatus {
                    user: Some(ContainerUser {
                        linux: Some(LinuxContainerUser { uid: -1, gid: -1, supplemental_groups: vec![-1] }),
                    }),
                    ..running("c1")
                }];
            }),
            vec![
                (Invalid, "status.initContainerStatuses[0].linux.uid"),
                (Invalid, "status.initContainerStatuses[0].linux.gid"),
                (Invalid, "status.initContainerStatuses[0].linux.supplementalGroups[0]"),
            ],
        ),
        (
            "linux container user in a windows pod",
            Box::new(|_, n| {
                n.spec.os = Some(PodOS { name: OSName("windows".into()) });
                n.status.container_statuses = vec![ContainerStatus {
                    user: Some(ContainerUser { linux: Some(LinuxContainerUser::default()) }),
                    ..running("c1")
                }];
            }),
            vec![(Forbidden, "status.containerStatuses[0].linux")],
        ),
        // Allocated resource health.
        (
            "allocated resources status matching requests and claims",
            Box::new(|_, n| {
                let c = n.spec.containers.as_mut().and_then(|c| c.first_mut()).expect("two containers");
                c.resources = ResourceRequirements {
                    requests: [(ResourceName("test.device/test".into()), Quantity::parse("1").expect("a quantity"))]
                        .into(),
                    claims: vec![ResourceClaim { name: "claim1".into(), request: "req1".into() }],
                    ..ResourceRequirements::default()
                };
                n.status.container_statuses = vec![ContainerStatus {
                    allocated_resources_status: vec![
                        ResourceStatus {
                            name: ResourceName("test.device/test".into()),
                            resources: vec![health("id1", "Healthy"), health("id2", "Unknown")],
                        },
                        ResourceStatus { name: ResourceName("claim:claim1/req1".into()), resources: vec![] },
                    ],
                    ..running("c1")
                }];
            }),
            vec![],
        ),
        (
            "allocated resources status: unknown name, bad health, duplicate id",
            Box::new(|_, n| {
                n.status.container_statuses = vec![
                    ContainerStatus {
                        allocated_resources_status: vec![
                            ResourceStatus {
                                name: ResourceName("test.device/test".into()),
                                resources: vec![health("id1", "Sick"), health("id1", "Healthy")],
                            },
                            ResourceStatus { name: ResourceName("claim:claim1".into()), resources: vec![] },
                        ],
                        ..running("c1")
                    },
                    // A status of a container the spec does not have is let through.
                    ContainerStatus {
                        allocated_resources_status: vec![ResourceStatus {
                            name: ResourceName("test.device/test".into()),
                            resources: vec![],
                        }],
                        ..running("nope")
                    },
                ];
            }),
            vec![
                (Invalid, "status.containerStatuses[0].allocatedResourcesStatus[0].name"),
                (NotSupported, "status.containerStatuses[0].allocatedResourcesStatus[0].resources[0].health"),
                (Duplicate, "status.containerStatuses[0].allocatedResourcesStatus[0].resources[1].resourceID"),
                (Invalid, "status.containerStatuses[0].allocatedResourcesStatus[1].name"),
            ],
        ),
        (
            "allocated resources status on an ephemeral container",
            Box::new(|_, n| {
                n.spec.ephemeral_containers = vec![EphemeralContainer {
                    ephemeral_container_common: EphemeralContainerCommon { name: "debug".into(), ..Default::default() },
                    ..EphemeralContainer::default()
                }];
                n.status.ephemeral_container_statuses = vec![ContainerStatus {
                    allocated_resources_status: vec![ResourceStatus::default()],
                    ..running("debug")
                }];
            }),
            vec![(Forbidden, "status.ephemeralContainerStatuses[0].allocatedResourcesStatus")],
        ),
        // Pod-specific annotations.
        (
            "mirror pod annotation may not be added",
            Box::new(|_, n| {
                n.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
            }),
            vec![(Forbidden, "metadata.annotations[kubernetes.io/config.mirror]")],
        ),
        (
            "mirror pod annotation may not be removed",
            Box::new(|o, _| {
                o.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
            }),
            vec![(Forbidden, "metadata.annotations[kubernetes.io/config.mirror]")],
        ),
        (
            "mirror pod without a node",
            Box::new(|o, n| {
                for p in [o, n] {
                    p.spec.node_name.clear();
                    p.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
                }
            }),
            vec![(Invalid, "metadata.annotations[kubernetes.io/config.mirror]")],
        ),
        (
            "AppArmor annotation may not be added, and names a container with a valid profile",
            Box::new(|_, n| {
                n.metadata
                    .annotations
                    .insert("container.apparmor.security.beta.kubernetes.io/nope".into(), "bad-profile".into());
            }),
            vec![
                (Forbidden, "metadata.annotations[container.apparmor.security.beta.kubernetes.io/nope]"),
                (Invalid, "metadata.annotations[container.apparmor.security.beta.kubernetes.io/nope]"),
                (Invalid, "metadata.annotations[container.apparmor.security.beta.kubernetes.io/nope]"),
            ],
        ),
        (
            "AppArmor annotation may not be updated",
            Box::new(|o, n| {
                let key = "container.apparmor.security.beta.kubernetes.io/c1";
                o.metadata.annotations.insert(key.into(), "runtime/default".into());
                n.metadata.annotations.insert(key.into(), "localhost/foo".into());
            }),
            vec![(Forbidden, "metadata.annotations[container.apparmor.security.beta.kubernetes.io/c1]")],
        ),
        (
            "invalid pod deletion cost",
            Box::new(|_, n| {
                n.metadata.annotations.insert("controller.kubernetes.io/pod-deletion-cost".into(), "+10".into());
            }),
            vec![(Invalid, "metadata.annotations[controller.kubernetes.io/pod-deletion-cost]")],
        ),
        (
            "an invalid pod deletion cost already stored is allowed",
            Box::new(|o, n| {
                for p in [o, n] {
                    p.metadata.annotations.insert("controller.kubernetes.io/pod-deletion-cost".into(), "08".into());
                }
            }),
            vec![],
        ),
        (
            "valid pod deletion costs",
            Box::new(|_, n| {
                n.metadata
                    .annotations
                    .insert("controller.kubernetes.io/pod-deletion-cost".into(), "-2147483648".into());
            }),
            vec![],
        ),
    ];
    for (name, edit, want) in cases {
        let (mut old, mut new) = (base(), base());
        edit(&mut old, &mut new);
        let got = pod_status_update(&new, &old);
        let want: Vec<(ErrorType, String)> = want.iter().map(|(t, f)| (*t, (*f).to_owned())).collect();
        assert_eq!(kinds(&got), want, "{name}: {:#?}", strings(&got));
    }
}

#[test]
fn pod_status_update_messages() {
    let errs = run(|_| {}, |n| n.status.nominated_node_name = "Node1".into());
    assert_eq!(
        strings(&errs),
        [
            "status.nominatedNodeName: Invalid value: \"Node1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
        ]
    );
    let errs = run(
        |o| {
            restart(o, "Never");
            o.status.container_statuses = vec![terminated("c1", 0)];
        },
        |n| n.status.container_statuses = vec![running("c1")],
    );
    assert_eq!(
        strings(&errs),
        ["status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"]
    );
    let errs = run(
        |o| o.status.qos_class = PodQOSClass("Burstable".into()),
        |n| n.status.qos_class = PodQOSClass("BestEffort".into()),
    );
    assert_eq!(strings(&errs), ["status.qosClass: Invalid value: \"BestEffort\": field is immutable"]);
    let errs = run(|_| {}, |n| n.status.pod_ips = pod_ips(&["1.1.1.1", "1.1.1.1"]));
    assert_eq!(
        strings(&errs),
        [
            r#"status.podIPs: Invalid value: [{"IP":"1.1.1.1"},{"IP":"1.1.1.1"}]: may specify no more than one IP for each IP family"#,
            r#"status.podIPs[1]: Duplicate value: {"IP":"1.1.1.1"}"#,
        ]
    );
    let errs = run(|_| {}, |n| n.status.pod_ips = pod_ips(&["::1", "x"]));
    assert_eq!(
        strings(&errs)[1],
        "status.podIPs: Internal error: failed to check for dual stack with error:failed to parse x as an IP"
    );
    let errs = run(
        |_| {},
        |n| {
            n.status.host_ip = "1.1.1.2".into();
            n.status.host_ips = host_ips(&["1.1.1.1"]);
        },
    );
    assert_eq!(strings(&errs), ["status.hostIPs[0].ip: Invalid value: \"1.1.1.1\": must be equal to `hostIP`"]);
    let errs = run(
        |_| {},
        |n| {
            n.status.container_statuses = vec![ContainerStatus {
                user: Some(ContainerUser { linux: Some(LinuxContainerUser { uid: -1, ..Default::default() }) }),
                ..running("c1")
            }];
        },
    );
    assert_eq!(
        strings(&errs),
        ["status.containerStatuses[0].linux.uid: Invalid value: -1: must be between 0 and 2147483647, inclusive"]
    );
    let errs = run(
        |_| {},
        |n| {
            n.status.container_statuses = vec![ContainerStatus {
                allocated_resources_status: vec![ResourceStatus {
                    name: ResourceName("claim:c".into()),
                    resources: vec![health("a", "Sick"), health("a", "Healthy")],
                }],
                ..running("c1")
            }];
        },
    );
    assert_eq!(
        strings(&errs),
        [
            r#"status.containerStatuses[0].allocatedResourcesStatus[0].name: Invalid value: "claim:c": must match one of the container's resource claims in a format 'claim:<claimName>/<request>' or 'claim:<claimName>' if request is empty"#,
            r#"status.containerStatuses[0].allocatedResourcesStatus[0].resources[0].health: Unsupported value: "Sick": supported values: "Healthy", "Unhealthy", "Unknown""#,
            r#"status.containerStatuses[0].allocatedResourcesStatus[0].resources[1].resourceID: Duplicate value: "a""#,
        ]
    );
    let errs = run(
        |_| {},
        |n| {
            n.status.resource_claim_statuses =
                vec![PodResourceClaimStatus { name: "x".into(), resource_claim_name: None }];
        },
    );
    assert_eq!(
        strings(&errs),
        [
            "status.resourceClaimStatuses[0].name: Invalid value: \"x\": must match the name of an entry in `spec.resourceClaims`"
        ]
    );
    let errs = run(
        |_| {},
        |n| {
            n.metadata.annotations.insert("container.apparmor.security.beta.kubernetes.io/c1".into(), "bad".into());
        },
    );
    assert_eq!(
        strings(&errs),
        [
            "metadata.annotations[container.apparmor.security.beta.kubernetes.io/c1]: Forbidden: may not add AppArmor annotations",
            r#"metadata.annotations[container.apparmor.security.beta.kubernetes.io/c1]: Invalid value: "bad": invalid AppArmor profile name: "bad""#,
        ]
    );
    let errs = run(
        |_| {},
        |n| {
            n.status.conditions =
                vec![PodCondition { r#type: PodConditionType("a/b/c".into()), ..PodCondition::default() }];
        },
    );
    assert_eq!(errs.len(), 1);
    assert!(strings(&errs)[0].starts_with("metadata.conditions[0].Type: Invalid value: \"a/b/c\": "), "{errs:?}");
}

#[test]
fn many_container_statuses_are_checked_in_linear_time() {
    // Upstream compares every old status with every new one; ten thousand of each must not
    // take the quadratic path.
    let errs = run(
        |o| {
            restart(o, "Never");
            o.status.container_statuses = (0..10_000).map(|i| terminated(&format!("c{i}"), 0)).collect();
        },
        |n| n.status.container_statuses = (0..10_000).map(|i| running(&format!("c{i}"))).collect(),
    );
    assert_eq!(errs.len(), 10_000);
    assert_eq!(errs[9_999].field, "status.containerStatuses[9999].state");
}
