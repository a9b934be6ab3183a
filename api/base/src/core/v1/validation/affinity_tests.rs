//! Cases for affinity and topology spread constraints in a pod spec, after upstream's `TestValidatePodSpec` affinity cases, `TestValidateAffinity`-style inputs and `TestValidateTopologySpreadConstraints`, with the paths and messages of upstream's source.

use kapi_machinery::validation::ErrorType;

use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    Affinity, Container, DNSPolicy, NodeAffinity, NodeInclusionPolicy, NodeSelector, NodeSelectorOperator,
    NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm, PodAntiAffinity, PodSpec,
    PreferredSchedulingTerm, PullPolicy, RestartPolicy, TerminationMessagePolicy, TopologySpreadConstraint,
    UnsatisfiableConstraintAction, WeightedPodAffinityTerm,
};
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};
use kapi_machinery::validation::{ErrorList, Path};

/// A table row: the case's name, the edit to a valid spec, and the (type, field) of each error.
pub(crate) type Case = (&'static str, Box<dyn Fn(&mut PodSpec)>, Vec<(ErrorType, &'static str)>);

/// A pod spec as it is after defaulting, which validates cleanly.
pub(crate) fn spec() -> PodSpec {
    PodSpec {
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
    }
}

pub(crate) fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// Runs each case against a valid spec edited as the case says.
#[track_caller]
pub(crate) fn run_table(cases: Vec<Case>) {
    for (name, edit, want) in cases {
        let mut s = spec();
        edit(&mut s);
        let errs = validate_pod_spec(&s, &Path::new("spec"));
        let got: Vec<(ErrorType, String)> = errs.iter().map(|e| (e.error_type, e.field.clone())).collect();
        let want: Vec<(ErrorType, String)> = want.iter().map(|(t, f)| (*t, (*f).to_owned())).collect();
        assert_eq!(got, want, "{name}: {:#?}", strings(&errs));
    }
}

fn req(key: &str, op: &str, values: &[&str]) -> NodeSelectorRequirement {
    NodeSelectorRequirement {
        key: key.into(),
        operator: NodeSelectorOperator(op.into()),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    }
}

fn node_affinity(terms: Vec<NodeSelectorTerm>) -> Affinity {
    Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                node_selector_terms: Some(terms),
            }),
            ..NodeAffinity::default()
        }),
        ..Affinity::default()
    }
}

fn selector(key: &str, op: &str, values: &[&str]) -> LabelSelector {
    LabelSelector {
        match_expressions: vec![LabelSelectorRequirement {
            key: key.into(),
            operator: LabelSelectorOperator(op.into()),
            values: values.iter().map(|v| (*v).to_owned()).collect(),
        }],
        ..LabelSelector::default()
    }
}

fn term(topology_key: &str) -> PodAffinityTerm {
    PodAffinityTerm {
        label_selector: Some(selector("key2", "In", &["value1", "value2"])),
        namespaces: vec!["ns".into()],
        topology_key: topology_key.into(),
        ..PodAffinityTerm::default()
    }
}

fn pod_affinity(required: Vec<PodAffinityTerm>, preferred: Vec<WeightedPodAffinityTerm>) -> Affinity {
    Affinity {
        pod_affinity: Some(PodAffinity {
            required_during_scheduling_ignored_during_execution: required,
            preferred_during_scheduling_ignored_during_execution: preferred,
        }),
        ..Affinity::default()
    }
}

#[test]
fn affinity_table() {
    use ErrorType::{Forbidden, Invalid, Required};
    let cases: Vec<Case> = vec![
        (
            "valid node affinity",
            Box::new(|s| {
                let mut a = node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![req("key2", "In", &["value1", "value2"])],
                    match_fields: vec![req("metadata.name", "NotIn", &["host1"])],
                }]);
                if let Some(na) = a.node_affinity.as_mut() {
                    na.preferred_during_scheduling_ignored_during_execution = vec![PreferredSchedulingTerm {
                        weight: 10,
                        preference: NodeSelectorTerm {
                            match_expressions: vec![req("foo", "In", &["bar"])],
                            ..NodeSelectorTerm::default()
                        },
                    }];
                }
                s.affinity = Some(Box::new(a));
            }),
            vec![],
        ),
        (
            "invalid empty requiredDuringSchedulingIgnoredDuringExecution node selector",
            Box::new(|s| s.affinity = Some(Box::new(node_affinity(vec![])))),
            vec![(
                Required,
                "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms",
            )],
        ),
        (
            "invalid node selector requirement, missing values and bad key",
            Box::new(|s| {
                s.affinity = Some(Box::new(node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![req("invalid key ___@#", "In", &[])],
                    ..NodeSelectorTerm::default()
                }])))
            }),
            vec![
                (
                    Required,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values",
                ),
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key",
                ),
            ],
        ),
        (
            "invalid node selector operator, Gt with two values, Exists with values, bad label value",
            Box::new(|s| {
                s.affinity = Some(Box::new(node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![
                        req("k", "Within", &[]),
                        req("k", "Gt", &["1", "2"]),
                        req("k", "Exists", &["x"]),
                        req("k", "In", &["-bad-"]),
                    ],
                    ..NodeSelectorTerm::default()
                }])))
            }),
            vec![
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator",
                ),
                (
                    Required,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].values",
                ),
                (
                    Forbidden,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[2].values",
                ),
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[3].values[0]",
                ),
            ],
        ),
        (
            "invalid node field selector requirement",
            Box::new(|s| {
                s.affinity = Some(Box::new(node_affinity(vec![NodeSelectorTerm {
                    match_fields: vec![
                        req("metadata.name", "In", &["host1", "host2"]),
                        req("metadata.namespace", "Exists", &[]),
                        req("metadata.name", "In", &["Host_1"]),
                    ],
                    ..NodeSelectorTerm::default()
                }])))
            }),
            vec![
                (
                    Required,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values",
                ),
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[1].operator",
                ),
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[1].key",
                ),
                (
                    Invalid,
                    "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[2].values[0]",
                ),
            ],
        ),
        (
            "invalid preferredSchedulingTerm weight; its label values may be anything",
            Box::new(|s| {
                s.affinity = Some(Box::new(Affinity {
                    node_affinity: Some(NodeAffinity {
                        preferred_during_scheduling_ignored_during_execution: vec![PreferredSchedulingTerm {
                            weight: 199,
                            preference: NodeSelectorTerm {
                                match_expressions: vec![req("foo", "In", &["-bad-"])],
                                ..NodeSelectorTerm::default()
                            },
                        }],
                        ..NodeAffinity::default()
                    }),
                    ..Affinity::default()
                }))
            }),
            vec![(Invalid, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight")],
        ),
        (
            "valid pod affinity and anti-affinity",
            Box::new(|s| {
                let mut a = pod_affinity(
                    vec![term("zone")],
                    vec![WeightedPodAffinityTerm { weight: 10, pod_affinity_term: term("region") }],
                );
                a.pod_anti_affinity = Some(PodAntiAffinity {
                    required_during_scheduling_ignored_during_execution: vec![term("zone")],
                    ..PodAntiAffinity::default()
                });
                s.affinity = Some(Box::new(a));
            }),
            vec![],
        ),
        (
            "invalid labelSelector in podAffinity",
            Box::new(|s| {
                let mut t = term("zone");
                t.label_selector = Some(selector("key2", "NotIn", &[]));
                s.affinity = Some(Box::new(pod_affinity(vec![t], vec![])));
            }),
            vec![(
                Required,
                "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values",
            )],
        ),
        (
            "invalid weight and empty topologyKey in preferred pod anti-affinity",
            Box::new(|s| {
                s.affinity = Some(Box::new(Affinity {
                    pod_anti_affinity: Some(PodAntiAffinity {
                        preferred_during_scheduling_ignored_during_execution: vec![WeightedPodAffinityTerm {
                            weight: -1,
                            pod_affinity_term: term(""),
                        }],
                        ..PodAntiAffinity::default()
                    }),
                    ..Affinity::default()
                }))
            }),
            vec![
                (Invalid, "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"),
                (
                    Required,
                    "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey",
                ),
                // An empty name part is both empty and not of the label key's shape.
                (
                    Invalid,
                    "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey",
                ),
                (
                    Invalid,
                    "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey",
                ),
            ],
        ),
        (
            "invalid namespace in pod affinity term",
            Box::new(|s| {
                let mut t = term("zone");
                t.namespaces = vec!["INVALID_NAMESPACE".into()];
                s.affinity = Some(Box::new(pod_affinity(vec![t], vec![])));
            }),
            vec![(Invalid, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace")],
        ),
        (
            "matchLabelKeys and mismatchLabelKeys without a labelSelector",
            Box::new(|s| {
                let mut t = term("zone");
                t.label_selector = None;
                t.match_label_keys = vec!["a".into()];
                t.mismatch_label_keys = vec!["b".into()];
                s.affinity = Some(Box::new(pod_affinity(vec![t], vec![])));
            }),
            vec![
                (
                    Forbidden,
                    "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys",
                ),
                (
                    Forbidden,
                    "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].mismatchLabelKeys",
                ),
            ],
        ),
        (
            "matchLabelKeys: invalid key, in both lists, and in the selector twice",
            Box::new(|s| {
                let mut t = term("zone");
                let mut sel = selector("key", "In", &["value1"]);
                sel.match_labels.insert("key".into(), "value1".into());
                t.label_selector = Some(sel);
                t.match_label_keys = vec!["/simple".into(), "key".into(), "both".into()];
                t.mismatch_label_keys = vec!["both".into()];
                s.affinity = Some(Box::new(pod_affinity(vec![t], vec![])));
            }),
            vec![
                (
                    Invalid,
                    "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]",
                ),
                (Invalid, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][1]"),
                (
                    Invalid,
                    "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[2]",
                ),
            ],
        ),
    ];
    run_table(cases);
}

fn constraint(key: &str, action: &str) -> TopologySpreadConstraint {
    TopologySpreadConstraint {
        max_skew: 1,
        topology_key: key.into(),
        when_unsatisfiable: UnsatisfiableConstraintAction(action.into()),
        ..TopologySpreadConstraint::default()
    }
}

#[test]
fn topology_spread_constraints_table() {
    use ErrorType::{Duplicate, Forbidden, Invalid, NotSupported, Required};
    let cases: Vec<Case> = vec![
        (
            "all required fields ok",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "DoNotSchedule");
                c.min_domains = Some(3);
                c.node_affinity_policy = Some(NodeInclusionPolicy("Honor".into()));
                c.node_taints_policy = Some(NodeInclusionPolicy("Ignore".into()));
                c.label_selector = Some(selector("foo", "Exists", &[]));
                c.match_label_keys = vec!["bar".into()];
                s.topology_spread_constraints = vec![c, constraint("k8s.io/zone", "ScheduleAnyway")];
            }),
            vec![],
        ),
        (
            "missing MaxSkew",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "DoNotSchedule");
                c.max_skew = 0;
                s.topology_spread_constraints = vec![c];
            }),
            vec![(Invalid, "spec.topologySpreadConstraints[0].maxSkew")],
        ),
        (
            "missing TopologyKey",
            Box::new(|s| s.topology_spread_constraints = vec![constraint("", "DoNotSchedule")]),
            vec![(Required, "spec.topologySpreadConstraints[0].topologyKey")],
        ),
        (
            "unsupported WhenUnsatisfiable",
            Box::new(|s| s.topology_spread_constraints = vec![constraint("k8s.io/zone", "N/A")]),
            vec![(NotSupported, "spec.topologySpreadConstraints[0].whenUnsatisfiable")],
        ),
        (
            "duplicate constraints",
            Box::new(|s| {
                s.topology_spread_constraints =
                    vec![constraint("k8s.io/zone", "DoNotSchedule"), constraint("k8s.io/zone", "DoNotSchedule")];
            }),
            vec![(Duplicate, "spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}")],
        ),
        (
            "negative minDomains with ScheduleAnyway",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "ScheduleAnyway");
                c.min_domains = Some(-1);
                s.topology_spread_constraints = vec![c];
            }),
            vec![
                (Invalid, "spec.topologySpreadConstraints[0].minDomains"),
                (Invalid, "spec.topologySpreadConstraints[0].minDomains"),
            ],
        ),
        (
            "invalid node affinity and taints policies",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "DoNotSchedule");
                c.node_affinity_policy = Some(NodeInclusionPolicy("Mystery".into()));
                c.node_taints_policy = Some(NodeInclusionPolicy("Mystery".into()));
                s.topology_spread_constraints = vec![c];
            }),
            vec![
                (NotSupported, "spec.topologySpreadConstraints[0].nodeAffinityPolicy"),
                (NotSupported, "spec.topologySpreadConstraints[0].nodeTaintsPolicy"),
            ],
        ),
        (
            // The merged form's rule (the 1.36 default): a key in one expression is the merged one.
            "matchLabelKeys: no selector, a key the selector has in an expression, an invalid key",
            Box::new(|s| s.topology_spread_constraints = label_key_constraints()),
            vec![
                (Forbidden, "spec.topologySpreadConstraints[0].matchLabelKeys"),
                (Invalid, "spec.topologySpreadConstraints[1].matchLabelKeys[1]"),
            ],
        ),
        (
            "matchLabelKeys: a key the selector has in matchLabels and an expression",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "DoNotSchedule");
                let mut sel = selector("foo", "In", &["a"]);
                sel.match_labels.insert("foo".into(), "a".into());
                c.label_selector = Some(sel);
                c.match_label_keys = vec!["foo".into()];
                s.topology_spread_constraints = vec![c];
            }),
            vec![(Invalid, "spec.topologySpreadConstraints[0][0]")],
        ),
        (
            "invalid label selector",
            Box::new(|s| {
                let mut c = constraint("k8s.io/zone", "DoNotSchedule");
                c.label_selector = Some(selector("foo", "In", &[]));
                s.topology_spread_constraints = vec![c];
            }),
            vec![(Required, "spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values")],
        ),
    ];
    run_table(cases);
}

/// A constraint with `matchLabelKeys` and no selector, and one whose selector has the key in an
/// expression beside an invalid key.
fn label_key_constraints() -> Vec<TopologySpreadConstraint> {
    let mut a = constraint("k8s.io/zone", "DoNotSchedule");
    a.match_label_keys = vec!["foo".into()];
    let mut b = constraint("k8s.io/region", "DoNotSchedule");
    b.label_selector = Some(selector("foo", "Exists", &[]));
    b.match_label_keys = vec!["foo".into(), "/bad".into()];
    vec![a, b]
}

/// With `MatchLabelKeysInPodTopologySpreadSelectorMerge` off, or `MatchLabelKeysInPodTopologySpread`
/// off, the legacy rule: no key the selector names at all.
#[test]
fn spread_match_label_keys_take_the_legacy_rule_without_the_merge() {
    use crate::features::{Feature, FeatureGates, with_gates};
    use ErrorType::{Forbidden, Invalid};
    let legacy = vec![
        (Forbidden, "spec.topologySpreadConstraints[0].matchLabelKeys"),
        (Invalid, "spec.topologySpreadConstraints[1].matchLabelKeys[0]"),
        (Invalid, "spec.topologySpreadConstraints[1].matchLabelKeys[1]"),
    ];
    for gate in [Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge, Feature::MatchLabelKeysInPodTopologySpread] {
        let want = legacy.clone();
        with_gates(FeatureGates::default().with(gate, false), || {
            let case: Case = ("legacy", Box::new(|s| s.topology_spread_constraints = label_key_constraints()), want);
            run_table(vec![case]);
        });
    }
}

/// An update keeps the rule the stored pod passes (upstream's
/// `OldPodViolatesMatchLabelKeysValidation` and its legacy twin).
#[test]
fn an_update_keeps_the_spread_rule_the_stored_pod_passes() {
    use super::super::spread::MatchLabelKeysRule;
    use crate::core::v1::validation::PodValidationOptions;
    use crate::features::{Feature, FeatureGates, with_gates};
    let mut fails_merged = spec();
    let mut c = constraint("k8s.io/zone", "DoNotSchedule");
    let mut sel = selector("foo", "In", &["a"]);
    sel.match_labels.insert("foo".into(), "a".into());
    c.label_selector = Some(sel);
    c.match_label_keys = vec!["foo".into()];
    fails_merged.topology_spread_constraints = vec![c];
    let opts = PodValidationOptions::from_old_spec(Some(&fails_merged));
    assert!(opts.old_pod_violates_match_label_keys_validation);
    assert_eq!(opts.match_label_keys_rule(), MatchLabelKeysRule::Legacy);
    assert_eq!(PodValidationOptions::from_old_spec(None).match_label_keys_rule(), MatchLabelKeysRule::Merged);
    // With the merge off, a stored pod failing the legacy rule keeps the merged form's.
    let mut fails_legacy = spec();
    fails_legacy.topology_spread_constraints = label_key_constraints()[1..].to_vec();
    let off = FeatureGates::default().with(Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge, false);
    with_gates(off, || {
        let opts = PodValidationOptions::from_old_spec(Some(&fails_legacy));
        assert!(opts.old_pod_violates_legacy_match_label_keys_validation);
        assert_eq!(opts.match_label_keys_rule(), MatchLabelKeysRule::Merged);
        assert_eq!(PodValidationOptions::from_old_spec(None).match_label_keys_rule(), MatchLabelKeysRule::Legacy);
    });
}

#[test]
fn affinity_and_spread_messages() {
    let mut s = spec();
    s.affinity = Some(Box::new(node_affinity(vec![])));
    let mut c = constraint("k8s.io/zone", "ScheduleAnyway");
    c.min_domains = Some(2);
    s.topology_spread_constraints = vec![c.clone(), c];
    let mut t = term("zone");
    t.namespaces = vec!["Bad".into()];
    s.affinity.as_mut().expect("set above").pod_affinity =
        Some(PodAffinity { required_during_scheduling_ignored_during_execution: vec![t], ..PodAffinity::default() });
    assert_eq!(
        strings(&validate_pod_spec(&s, &Path::new("spec"))),
        [
            "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term",
            "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{k8s.io/zone, ScheduleAnyway}\"",
            "spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway",
            "spec.topologySpreadConstraints[1].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway",
        ]
    );
}

/// A pod whose spec is edited as given.
fn pod_with(edit: impl Fn(&mut PodSpec)) -> crate::core::v1::Pod {
    let mut s = spec();
    edit(&mut s);
    crate::core::v1::Pod { spec: s, ..crate::core::v1::Pod::default() }
}

/// A new image for the first container: the one change a pod update may make here.
fn new_image(p: &crate::core::v1::Pod) -> crate::core::v1::Pod {
    let mut p = p.clone();
    p.spec.containers.as_mut().expect("containers")[0].image = "image:2".into();
    p
}

/// Each relaxation of an update, after upstream's `GetValidationOptionsFromPodSpecAndMeta`: the
/// invalid value is an error on create, and allowed on an update of a pod that already had it
/// (upstream's options come from the stored spec; a pod's spec may not change these fields).
#[test]
fn updates_keep_what_the_stored_pod_already_had() {
    use crate::core::v1::validation::{PodValidationOptions, validate_pod, validate_pod_spec_with};
    use crate::core::v1::{PodSecurityContext, Sysctl};
    type Edit = Box<dyn Fn(&mut PodSpec, &str)>;
    let fields = |errs: ErrorList| errs.iter().map(|e| e.field.clone()).collect::<Vec<_>>();
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "pod affinity selector",
            Box::new(|s, v| {
                s.affinity = Some(Box::new(pod_affinity(
                    vec![PodAffinityTerm { label_selector: Some(selector("key", "In", &[v])), ..term("zone") }],
                    vec![],
                )))
            }),
            "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values[0]",
        ),
        (
            "pod anti-affinity namespace selector",
            Box::new(|s, v| {
                s.affinity = Some(Box::new(Affinity {
                    pod_anti_affinity: Some(PodAntiAffinity {
                        preferred_during_scheduling_ignored_during_execution: vec![WeightedPodAffinityTerm {
                            weight: 1,
                            pod_affinity_term: PodAffinityTerm {
                                namespace_selector: Some(selector("key", "NotIn", &[v])),
                                ..term("zone")
                            },
                        }],
                        ..PodAntiAffinity::default()
                    }),
                    ..Affinity::default()
                }))
            }),
            "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.namespaceSelector.matchExpressions[0].values[0]",
        ),
        (
            "required node affinity",
            Box::new(|s, v| {
                s.affinity = Some(Box::new(node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![req("key", "In", &[v])],
                    ..NodeSelectorTerm::default()
                }])))
            }),
            "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]",
        ),
        (
            "topology spread selector",
            Box::new(|s, v| {
                s.topology_spread_constraints = vec![TopologySpreadConstraint {
                    label_selector: Some(selector("key", "In", &[v])),
                    ..constraint("zone", "DoNotSchedule")
                }]
            }),
            "spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values[0]",
        ),
    ];
    for (name, edit, field) in &cases {
        let invalid = pod_with(|s| edit(s, "-bad-"));
        let valid = pod_with(|s| edit(s, "good"));
        assert_eq!(fields(validate_pod(&invalid, None)), vec![field.to_string()], "{name}: create");
        assert_eq!(fields(validate_pod(&new_image(&invalid), Some(&invalid))), Vec::<String>::new(), "{name}: update");
        // From a valid stored pod nothing is relaxed; from an invalid one, only this rule.
        assert_eq!(PodValidationOptions::from_old_spec(Some(&valid.spec)), PodValidationOptions::default(), "{name}");
        let opts = PodValidationOptions::from_old_spec(Some(&invalid.spec));
        let on = [
            opts.allow_invalid_label_value_in_selector,
            opts.allow_invalid_label_value_in_required_node_affinity,
            opts.allow_invalid_topology_spread_constraint_label_selector,
            opts.allow_namespaced_sysctls_for_host_net_and_host_ipc,
        ];
        assert_eq!(on.iter().filter(|b| **b).count(), 1, "{name}: {opts:?}");
        // Another invalid value passes under the stored pod's options too (upstream keys them
        // on the stored spec, not on the value).
        let other = pod_with(|s| edit(s, "-other-"));
        assert!(validate_pod_spec_with(&other.spec, &Path::new("spec"), true, &opts).is_empty(), "{name}");
    }

    // `matchLabels` values stay checked: the relaxation is for expression values only.
    let invalid = pod_with(|s| {
        s.affinity = Some(Box::new(pod_affinity(
            vec![PodAffinityTerm { label_selector: Some(selector("key", "In", &["-bad-"])), ..term("zone") }],
            vec![],
        )))
    });
    let opts = PodValidationOptions::from_old_spec(Some(&invalid.spec));
    let mut with_labels = invalid.spec.clone();
    let sel = with_labels.affinity.as_mut().and_then(|a| a.pod_affinity.as_mut()).expect("pod affinity");
    let sel = sel.required_during_scheduling_ignored_during_execution[0].label_selector.as_mut().expect("selector");
    sel.match_labels.insert("app".into(), "-bad-".into());
    assert_eq!(
        fields(validate_pod_spec_with(&with_labels, &Path::new("spec"), true, &opts)),
        vec!["spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchLabels"],
    );

    // A network sysctl in a host-network pod.
    let sysctl_pod = |name: &str, host_network: bool, host_ipc: bool| {
        pod_with(|s| {
            s.host_network = host_network;
            s.host_ipc = host_ipc;
            s.security_context = Some(PodSecurityContext {
                sysctls: vec![Sysctl { name: name.into(), value: "1".into() }],
                ..PodSecurityContext::default()
            });
        })
    };
    let old = sysctl_pod("net.ipv4.ip_forward", true, false);
    assert_eq!(fields(validate_pod(&old, None)), vec!["spec.securityContext.sysctls[0].name"]);
    assert!(validate_pod(&new_image(&old), Some(&old)).is_empty());
    assert!(PodValidationOptions::from_old_spec(Some(&old.spec)).allow_namespaced_sysctls_for_host_net_and_host_ipc);
    // Not derived from a sysctl of another namespace, nor from an IPC sysctl without `hostIPC`.
    let relaxed = |p: &crate::core::v1::Pod| {
        PodValidationOptions::from_old_spec(Some(&p.spec)).allow_namespaced_sysctls_for_host_net_and_host_ipc
    };
    assert!(!relaxed(&sysctl_pod("kernel.domainname", true, true)));
    assert!(!relaxed(&sysctl_pod("kernel.shmmax", true, false)));
    assert!(relaxed(&sysctl_pod("kernel.shmmax", false, true)));
}
