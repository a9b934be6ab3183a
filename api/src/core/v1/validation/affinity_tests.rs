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
                s.affinity = Some(a);
            }),
            vec![],
        ),
        (
            "invalid empty requiredDuringSchedulingIgnoredDuringExecution node selector",
            Box::new(|s| s.affinity = Some(node_affinity(vec![]))),
            vec![(
                Required,
                "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms",
            )],
        ),
        (
            "invalid node selector requirement, missing values and bad key",
            Box::new(|s| {
                s.affinity = Some(node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![req("invalid key ___@#", "In", &[])],
                    ..NodeSelectorTerm::default()
                }]))
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
                s.affinity = Some(node_affinity(vec![NodeSelectorTerm {
                    match_expressions: vec![
                        req("k", "Within", &[]),
                        req("k", "Gt", &["1", "2"]),
                        req("k", "Exists", &["x"]),
                        req("k", "In", &["-bad-"]),
                    ],
                    ..NodeSelectorTerm::default()
                }]))
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
                s.affinity = Some(node_affinity(vec![NodeSelectorTerm {
                    match_fields: vec![
                        req("metadata.name", "In", &["host1", "host2"]),
                        req("metadata.namespace", "Exists", &[]),
                        req("metadata.name", "In", &["Host_1"]),
                    ],
                    ..NodeSelectorTerm::default()
                }]))
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
                s.affinity = Some(Affinity {
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
                })
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
                s.affinity = Some(a);
            }),
            vec![],
        ),
        (
            "invalid labelSelector in podAffinity",
            Box::new(|s| {
                let mut t = term("zone");
                t.label_selector = Some(selector("key2", "NotIn", &[]));
                s.affinity = Some(pod_affinity(vec![t], vec![]));
            }),
            vec![(
                Required,
                "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values",
            )],
        ),
        (
            "invalid weight and empty topologyKey in preferred pod anti-affinity",
            Box::new(|s| {
                s.affinity = Some(Affinity {
                    pod_anti_affinity: Some(PodAntiAffinity {
                        preferred_during_scheduling_ignored_during_execution: vec![WeightedPodAffinityTerm {
                            weight: -1,
                            pod_affinity_term: term(""),
                        }],
                        ..PodAntiAffinity::default()
                    }),
                    ..Affinity::default()
                })
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
                s.affinity = Some(pod_affinity(vec![t], vec![]));
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
                s.affinity = Some(pod_affinity(vec![t], vec![]));
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
                s.affinity = Some(pod_affinity(vec![t], vec![]));
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
            "matchLabelKeys: no selector, a key the selector has, an invalid key",
            Box::new(|s| {
                let mut a = constraint("k8s.io/zone", "DoNotSchedule");
                a.match_label_keys = vec!["foo".into()];
                let mut b = constraint("k8s.io/region", "DoNotSchedule");
                b.label_selector = Some(selector("foo", "Exists", &[]));
                b.match_label_keys = vec!["foo".into(), "/bad".into()];
                s.topology_spread_constraints = vec![a, b];
            }),
            vec![
                (Forbidden, "spec.topologySpreadConstraints[0].matchLabelKeys"),
                (Invalid, "spec.topologySpreadConstraints[1].matchLabelKeys[0]"),
                (Invalid, "spec.topologySpreadConstraints[1].matchLabelKeys[1]"),
            ],
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

#[test]
fn affinity_and_spread_messages() {
    let mut s = spec();
    s.affinity = Some(node_affinity(vec![]));
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
