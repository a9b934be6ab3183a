//! Upstream's apps validation test cases (`TestValidateDeployment`, `TestValidateReplicaSet`, `TestValidateDaemonSet`, `TestValidateStatefulSet` and their updates), inputs and expected error text, pinned against our validation.

use kapi_machinery::types::IntOrString;

use super::*;
use crate::apps::v1::{
    DaemonSetSpec, DaemonSetUpdateStrategyType, DeploymentSpec, DeploymentStrategyType, PodManagementPolicyType,
    ReplicaSetSpec, RollingUpdateDaemonSet, RollingUpdateStatefulSetStrategy, StatefulSetSpec,
    StatefulSetUpdateStrategy, StatefulSetUpdateStrategyType,
};
use crate::core::v1::{
    Container, DNSPolicy, PersistentVolumeClaim, PodSpec, PullPolicy, RestartPolicy, TerminationMessagePolicy,
    VolumeMount,
};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn labels(pairs: &[(&str, &str)]) -> std::collections::BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

fn selector(pairs: &[(&str, &str)]) -> Option<LabelSelector> {
    Some(LabelSelector { match_labels: labels(pairs), ..LabelSelector::default() })
}

/// A defaulted template labelled `app: web`.
fn template() -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(&[("app", "web")]), ..ObjectMeta::default() },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "ctr".into(),
                image: "image".into(),
                image_pull_policy: PullPolicy("IfNotPresent".into()),
                termination_message_policy: TerminationMessagePolicy("File".into()),
                ..Container::default()
            }]),
            restart_policy: RestartPolicy("Always".into()),
            dns_policy: DNSPolicy("ClusterFirst".into()),
            ..PodSpec::default()
        },
    }
}

fn deployment() -> Deployment {
    Deployment {
        spec: DeploymentSpec {
            replicas: Some(1),
            selector: selector(&[("app", "web")]),
            template: template(),
            strategy: DeploymentStrategy {
                r#type: DeploymentStrategyType("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDeployment {
                    max_unavailable: Some(IntOrString::string("25%")),
                    max_surge: Some(IntOrString::string("25%")),
                }),
            },
            revision_history_limit: Some(10),
            progress_deadline_seconds: Some(600),
            ..DeploymentSpec::default()
        },
        ..Deployment::default()
    }
}

#[test]
fn deployments() {
    assert!(validate_deployment(&deployment(), None).is_empty());
    let mut d = deployment();
    d.spec.template.metadata.labels = labels(&[("app", "api")]);
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        [
            "spec.template.metadata.labels: Invalid value: {\"app\":\"api\"}: `selector` does not match template `labels`"
        ]
    );
    let mut d = deployment();
    d.spec.selector = None;
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        [
            "spec.selector: Required value",
            "spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
        ]
    );
    let mut d = deployment();
    d.spec.selector = Some(LabelSelector::default());
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        ["spec.selector: Invalid value: {}: empty selector is invalid for deployment"]
    );
    let mut d = deployment();
    d.spec.replicas = Some(-1);
    d.spec.min_ready_seconds = -1;
    d.spec.revision_history_limit = Some(-2);
    d.spec.progress_deadline_seconds = Some(0);
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        [
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0",
        ]
    );
    let mut d = deployment();
    d.spec.min_ready_seconds = 600;
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        ["spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds"]
    );
    let mut d = deployment();
    d.spec.template.spec.restart_policy = RestartPolicy("Never".into());
    d.spec.template.spec.active_deadline_seconds = Some(10);
    assert_eq!(
        strings(&validate_deployment(&d, None)),
        [
            "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"",
            "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported",
        ]
    );
}

#[test]
fn deployment_strategies() {
    let with = |r: Option<RollingUpdateDeployment>, ty: &str| {
        let mut d = deployment();
        d.spec.strategy = DeploymentStrategy { r#type: DeploymentStrategyType(ty.into()), rolling_update: r };
        d
    };
    let ru =
        |u: IntOrString, s: IntOrString| Some(RollingUpdateDeployment { max_unavailable: Some(u), max_surge: Some(s) });
    assert_eq!(
        strings(&validate_deployment(&with(ru(IntOrString::int(0), IntOrString::int(0)), "RollingUpdate"), None)),
        ["spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"]
    );
    assert_eq!(
        strings(&validate_deployment(
            &with(ru(IntOrString::string("110%"), IntOrString::int(1)), "RollingUpdate"),
            None
        )),
        ["spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"110%\": must not be greater than 100%"]
    );
    assert_eq!(
        strings(&validate_deployment(
            &with(ru(IntOrString::string("ten"), IntOrString::int(-1)), "RollingUpdate"),
            None
        )),
        [
            "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"ten\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
            "spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    assert_eq!(
        strings(&validate_deployment(&with(ru(IntOrString::int(1), IntOrString::int(1)), "Recreate"), None)),
        ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]
    );
    assert!(validate_deployment(&with(None, "Recreate"), None).is_empty());
    let got = strings(&validate_deployment(&with(None, "Blue"), None));
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with("spec.strategy: Unsupported value: {"), "{got:?}");
    assert!(got[0].ends_with(": supported values: \"Recreate\", \"RollingUpdate\""), "{got:?}");
}

#[test]
fn deployment_selectors_are_immutable() {
    let old = deployment();
    let mut new = deployment();
    new.spec.selector = selector(&[("app", "web"), ("tier", "a")]);
    new.spec.template.metadata.labels.insert("tier".into(), "a".into());
    assert_eq!(
        strings(&validate_deployment(&new, Some(&old))),
        ["spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"web\",\"tier\":\"a\"}}: field is immutable"]
    );
    let mut scaled = deployment();
    scaled.spec.replicas = Some(5);
    assert!(validate_deployment(&scaled, Some(&old)).is_empty());
}

#[test]
fn replica_sets() {
    let rs = |sel: Option<LabelSelector>| ReplicaSet {
        spec: ReplicaSetSpec { replicas: Some(1), selector: sel, template: template(), ..ReplicaSetSpec::default() },
        ..ReplicaSet::default()
    };
    assert!(validate_replica_set(&rs(selector(&[("app", "web")])), None).is_empty());
    assert_eq!(
        strings(&validate_replica_set(&rs(selector(&[("app", "db")])), None)),
        [
            "spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`"
        ]
    );
    assert_eq!(
        strings(&validate_replica_set(&rs(Some(LabelSelector::default())), None)),
        ["spec.selector: Invalid value: {}: empty selector is invalid for deployment"]
    );
}

fn daemon_set() -> DaemonSet {
    DaemonSet {
        spec: DaemonSetSpec {
            selector: selector(&[("app", "web")]),
            template: template(),
            update_strategy: DaemonSetUpdateStrategy {
                r#type: DaemonSetUpdateStrategyType("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDaemonSet {
                    max_unavailable: Some(IntOrString::int(1)),
                    max_surge: Some(IntOrString::int(0)),
                }),
            },
            revision_history_limit: Some(10),
            ..DaemonSetSpec::default()
        },
        ..DaemonSet::default()
    }
}

#[test]
fn daemon_sets() {
    assert!(validate_daemon_set(&daemon_set(), None).is_empty());
    let mut d = daemon_set();
    d.spec.selector = None;
    assert_eq!(
        strings(&validate_daemon_set(&d, None)),
        [
            "spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`"
        ]
    );
    let mut d = daemon_set();
    d.spec.template.spec.active_deadline_seconds = Some(5);
    assert_eq!(
        strings(&validate_daemon_set(&d, None)),
        [
            "spec.template.spec.activeDeadlineSeconds: Invalid value: 5: activeDeadlineSeconds must be nil for DaemonSets"
        ]
    );
    let mut d = daemon_set();
    d.spec.update_strategy.rolling_update = Some(RollingUpdateDaemonSet {
        max_unavailable: Some(IntOrString::int(1)),
        max_surge: Some(IntOrString::int(1)),
    });
    assert_eq!(
        strings(&validate_daemon_set(&d, None)),
        [
            "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero"
        ]
    );
    d.spec.update_strategy.rolling_update =
        Some(RollingUpdateDaemonSet { max_unavailable: Some(IntOrString::int(0)), max_surge: None });
    assert_eq!(
        strings(&validate_daemon_set(&d, None)),
        ["spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0"]
    );
    d.spec.update_strategy.rolling_update = None;
    assert_eq!(strings(&validate_daemon_set(&d, None)), ["spec.updateStrategy.rollingUpdate: Required value"]);
}

fn stateful_set() -> StatefulSet {
    StatefulSet {
        spec: StatefulSetSpec {
            replicas: Some(1),
            selector: selector(&[("app", "web")]),
            template: template(),
            service_name: "web".into(),
            pod_management_policy: PodManagementPolicyType("OrderedReady".into()),
            update_strategy: StatefulSetUpdateStrategy {
                r#type: StatefulSetUpdateStrategyType("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateStatefulSetStrategy { partition: Some(0), max_unavailable: None }),
            },
            revision_history_limit: Some(10),
            ..StatefulSetSpec::default()
        },
        ..StatefulSet::default()
    }
}

#[test]
fn stateful_sets() {
    assert!(validate_stateful_set(&stateful_set(), None).is_empty());
    let mut s = stateful_set();
    s.spec.pod_management_policy = PodManagementPolicyType("Random".into());
    s.spec.update_strategy.rolling_update =
        Some(RollingUpdateStatefulSetStrategy { partition: Some(-1), max_unavailable: Some(IntOrString::int(0)) });
    assert_eq!(
        strings(&validate_stateful_set(&s, None)),
        [
            "spec.podManagementPolicy: Invalid value: \"Random\": must be 'OrderedReady' or 'Parallel'",
            "spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0",
            "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0",
        ]
    );
    let mut s = stateful_set();
    s.spec.selector = Some(LabelSelector::default());
    assert_eq!(
        strings(&validate_stateful_set(&s, None)),
        ["spec.selector: Invalid value: {}: empty selector is invalid for statefulset"]
    );
    // Mounts may name a volume claim template.
    let mut s = stateful_set();
    s.spec.volume_claim_templates = vec![PersistentVolumeClaim {
        metadata: ObjectMeta { name: "data".into(), ..ObjectMeta::default() },
        ..Default::default()
    }];
    s.spec.template.spec.containers.as_mut().unwrap()[0].volume_mounts =
        vec![VolumeMount { name: "data".into(), mount_path: "/data".into(), ..VolumeMount::default() }];
    assert!(validate_stateful_set(&s, None).is_empty(), "{:?}", strings(&validate_stateful_set(&s, None)));
}

/// Claim templates join the template's volumes through a set of names: 20,000 of each, a claim
/// named as a volume and a claim given twice add no duplicate volume, and a mount finds the last
/// claim.
#[test]
fn many_claim_templates_join_the_volumes() {
    let n = 20_000;
    let claim = |name: String| PersistentVolumeClaim {
        metadata: ObjectMeta { name, ..ObjectMeta::default() },
        ..Default::default()
    };
    let mut s = stateful_set();
    s.spec.template.spec.volumes = (0..n)
        .map(|i| crate::core::v1::Volume {
            name: format!("v{i}"),
            volume_source: crate::core::v1::VolumeSource { empty_dir: Some(Default::default()), ..Default::default() },
        })
        .collect();
    s.spec.volume_claim_templates = (0..n).map(|i| claim(format!("c{i}"))).collect();
    s.spec.volume_claim_templates.push(claim("v5".into()));
    s.spec.volume_claim_templates.push(claim("c0".into()));
    s.spec.template.spec.containers.as_mut().unwrap()[0].volume_mounts =
        vec![VolumeMount { name: format!("c{}", n - 1), mount_path: "/data".into(), ..VolumeMount::default() }];
    assert!(validate_stateful_set(&s, None).is_empty(), "{:?}", strings(&validate_stateful_set(&s, None)));
}

#[test]
fn stateful_set_updates() {
    let old = stateful_set();
    let mut new = stateful_set();
    new.spec.replicas = Some(3);
    new.spec.template.spec.containers.as_mut().unwrap()[0].image = "image:2".into();
    assert!(validate_stateful_set(&new, Some(&old)).is_empty());
    new.spec.service_name = "other".into();
    assert_eq!(
        strings(&validate_stateful_set(&new, Some(&old))),
        [
            "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Controller revisions and status updates (`TestValidateControllerRevision`,
// `TestValidateControllerRevisionUpdate`, `TestValidateDeploymentStatusUpdate`,
// `TestValidateReplicaSetStatusUpdate`, `TestValidateDaemonSetStatusUpdate`,
// `TestValidateStatefulSetStatusUpdate`).

fn revision(data: Option<&[u8]>, number: i64) -> ControllerRevision {
    ControllerRevision {
        metadata: ObjectMeta { name: "rev".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        data: kapi_machinery::types::RawExtension { raw: data.map(<[u8]>::to_vec) },
        revision: number,
        ..ControllerRevision::default()
    }
}

#[test]
fn controller_revisions() {
    let good = revision(Some(br#"{"a":1}"#), 1);
    assert!(validate_controller_revision(&good, None).is_empty());
    assert_eq!(
        strings(&validate_controller_revision(&revision(None, 1), None)),
        ["data: Required value: data is mandatory"]
    );
    assert_eq!(
        strings(&validate_controller_revision(&revision(Some(b"null"), 1), None)),
        ["data: Required value: data is mandatory"]
    );
    assert_eq!(
        strings(&validate_controller_revision(&revision(Some(br#"{"a":1}"#), -1), None)),
        ["revision: Invalid value: -1: must be greater than or equal to 0"]
    );
    // The revision number may change on update; the data may not.
    assert!(validate_controller_revision(&revision(Some(br#"{"a":1}"#), 2), Some(&good)).is_empty());
    let errs = validate_controller_revision(&revision(Some(br#"{"a":2}"#), 1), Some(&good));
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].field, "data");
    assert!(errs[0].to_string().ends_with("field is immutable"));
}

#[test]
fn deployment_status_updates() {
    let mut old = Deployment::default();
    old.status.collision_count = Some(2);
    let with = |edit: &dyn Fn(&mut Deployment)| {
        let mut d = old.clone();
        edit(&mut d);
        d
    };
    let good = with(&|d| {
        d.status.replicas = 3;
        d.status.updated_replicas = 3;
        d.status.ready_replicas = 2;
        d.status.available_replicas = 1;
        d.status.collision_count = Some(3);
    });
    assert!(validate_deployment_status_update(&good, &old).is_empty());
    let cases: Vec<(&str, Deployment, Vec<&str>)> = vec![
        (
            "invalid (negative) replicas",
            with(&|d| d.status.replicas = -1),
            // Zero counts are then above the negative total, as upstream also reports.
            vec![
                "status.replicas: Invalid value: -1: must be greater than or equal to 0",
                "status.updatedReplicas: Invalid value: 0: cannot be greater than status.replicas",
                "status.readyReplicas: Invalid value: 0: cannot be greater than status.replicas",
                "status.availableReplicas: Invalid value: 0: cannot be greater than status.replicas",
            ],
        ),
        (
            "invalid (negative) observedGeneration",
            with(&|d| d.status.observed_generation = -3),
            vec!["status.observedGeneration: Invalid value: -3: must be greater than or equal to 0"],
        ),
        (
            "updatedReplicas greater than replicas",
            with(&|d| {
                d.status.replicas = 2;
                d.status.updated_replicas = 3;
            }),
            vec!["status.updatedReplicas: Invalid value: 3: cannot be greater than status.replicas"],
        ),
        (
            "availableReplicas greater than readyReplicas",
            with(&|d| {
                d.status.replicas = 3;
                d.status.ready_replicas = 1;
                d.status.available_replicas = 2;
            }),
            vec!["status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas"],
        ),
        (
            "collisionCount decremented",
            with(&|d| d.status.collision_count = Some(1)),
            vec!["status.collisionCount: Invalid value: 1: cannot be decremented"],
        ),
        (
            "collisionCount unset",
            with(&|d| d.status.collision_count = None),
            vec!["status.collisionCount: Invalid value: 0: cannot be decremented"],
        ),
    ];
    for (name, d, want) in cases {
        assert_eq!(strings(&validate_deployment_status_update(&d, &old)), want, "{name}");
    }
}

#[test]
fn replica_set_status_updates() {
    let old = ReplicaSet::default();
    let with = |edit: &dyn Fn(&mut ReplicaSet)| {
        let mut r = old.clone();
        edit(&mut r);
        r
    };
    let good = with(&|r| {
        r.status.replicas = 3;
        r.status.fully_labeled_replicas = 3;
        r.status.ready_replicas = 2;
        r.status.available_replicas = 1;
    });
    assert!(validate_replica_set_status_update(&good, &old).is_empty());
    assert_eq!(
        strings(&validate_replica_set_status_update(
            &with(&|r| {
                r.status.replicas = 2;
                r.status.fully_labeled_replicas = 3;
                r.status.ready_replicas = -1;
            }),
            &old
        )),
        [
            "status.readyReplicas: Invalid value: -1: must be greater than or equal to 0",
            "status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 0: cannot be greater than readyReplicas",
        ]
    );
}

#[test]
fn daemon_set_status_updates() {
    let mut old = DaemonSet::default();
    old.status.collision_count = Some(1);
    let mut new = old.clone();
    new.status.number_ready = -1;
    new.status.collision_count = Some(0);
    assert_eq!(
        strings(&validate_daemon_set_status_update(&new, &old)),
        [
            "status.numberReady: Invalid value: -1: must be greater than or equal to 0",
            "status.collisionCount: Invalid value: 0: cannot be decremented",
        ]
    );
    new = old.clone();
    new.status.collision_count = Some(2);
    assert!(validate_daemon_set_status_update(&new, &old).is_empty());
}

#[test]
fn stateful_set_status_updates() {
    let old = StatefulSet::default();
    let mut new = old.clone();
    new.status.replicas = 2;
    new.status.ready_replicas = 2;
    new.status.current_replicas = 3;
    new.status.available_replicas = 3;
    assert_eq!(
        strings(&validate_stateful_set_status_update(&new, &old)),
        [
            "status.currentReplicas: Invalid value: 3: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 3: cannot be greater than status.readyReplicas",
        ]
    );
    new.status.current_replicas = 2;
    new.status.available_replicas = 1;
    assert!(validate_stateful_set_status_update(&new, &old).is_empty());
}

/// An update keeps an invalid required node affinity value the stored template already had
/// (upstream's `GetValidationOptionsFromPodTemplate` in each controller's update), for every
/// controller.
#[test]
fn template_updates_keep_what_the_stored_template_had() {
    use crate::core::v1::{
        Affinity, NodeAffinity, NodeSelector, NodeSelectorOperator, NodeSelectorRequirement, NodeSelectorTerm,
    };
    let with_value = |t: &mut PodTemplateSpec, v: &str| {
        t.spec.affinity = Some(Box::new(Affinity {
            node_affinity: Some(NodeAffinity {
                required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                    node_selector_terms: Some(vec![NodeSelectorTerm {
                        match_expressions: vec![NodeSelectorRequirement {
                            key: "zone".into(),
                            operator: NodeSelectorOperator("In".into()),
                            values: vec![v.into()],
                        }],
                        ..NodeSelectorTerm::default()
                    }]),
                }),
                ..NodeAffinity::default()
            }),
            ..Affinity::default()
        }));
    };
    let field = "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]";
    let fields = |errs: ErrorList| errs.iter().map(|e| e.field.clone()).collect::<Vec<_>>();

    let deployment_with = |v: &str| {
        let mut d = deployment();
        with_value(&mut d.spec.template, v);
        d
    };
    let new = deployment_with("-bad-");
    assert_eq!(fields(validate_deployment(&new, None)), vec![field]);
    assert_eq!(fields(validate_deployment(&new, Some(&deployment_with("good")))), vec![field]);
    assert!(validate_deployment(&new, Some(&deployment_with("-old-"))).is_empty());

    let replica_set_with = |v: &str| {
        let d = deployment_with(v);
        ReplicaSet {
            spec: ReplicaSetSpec {
                replicas: Some(1),
                selector: d.spec.selector,
                template: d.spec.template,
                ..ReplicaSetSpec::default()
            },
            ..ReplicaSet::default()
        }
    };
    let new = replica_set_with("-bad-");
    assert_eq!(fields(validate_replica_set(&new, Some(&replica_set_with("good")))), vec![field]);
    assert!(validate_replica_set(&new, Some(&replica_set_with("-old-"))).is_empty());
}

/// `serviceName` becomes each pod's `subdomain`, so it must be a DNS label (upstream's
/// `TestValidateStatefulSet` cases "invalid service name" and the empty, optional one).
#[test]
fn stateful_set_service_name() {
    let mut s = stateful_set();
    s.spec.service_name = String::new();
    assert!(validate_stateful_set(&s, None).is_empty());
    s.spec.service_name = "Nope.Service".into();
    assert_eq!(
        strings(&validate_stateful_set(&s, None)),
        [
            "spec.serviceName: Invalid value: \"Nope.Service\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
        ]
    );
    // A stored set keeps the name it was created with (the field is immutable).
    let old = s.clone();
    let mut new = s.clone();
    new.spec.replicas = Some(2);
    assert!(validate_stateful_set(&new, Some(&old)).is_empty());
}
