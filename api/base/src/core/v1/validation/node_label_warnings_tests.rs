//! Upstream's `TestGetWarningsForNodeSelector` and `TestGetWarningsForNodeSelectorTerm` (`pkg/api/node/util_test.go`), case for case.

use kapi_machinery::validation::Path;

use super::{deprecated_node_label, node_selector_term_warnings, node_selector_warnings};
use crate::core::v1::{NodeSelectorOperator, NodeSelectorRequirement, NodeSelectorTerm};
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};

fn scheduling_node_selector() -> Path {
    Path::new("scheduling").child("nodeSelector")
}

#[test]
fn node_selector_warnings_are_upstreams() {
    assert!(node_selector_warnings(None, &Path::root()).is_empty(), "nil nodeSelector");
    let empty = LabelSelector::default();
    assert!(
        node_selector_warnings(Some(&empty), &Path::root()).is_empty(),
        "test empty matchExpressions and matchLabels"
    );
    let selector = LabelSelector {
        match_expressions: vec![LabelSelectorRequirement {
            key: "beta.kubernetes.io/arch".into(),
            operator: LabelSelectorOperator("In".into()),
            values: vec!["amd64".into()],
        }],
        match_labels: [("beta.kubernetes.io/os".to_owned(), "linux".to_owned())].into(),
    };
    assert_eq!(
        node_selector_warnings(Some(&selector), &scheduling_node_selector()),
        [
            r#"scheduling.nodeSelector.matchExpressions[0].key: beta.kubernetes.io/arch is deprecated since v1.14; use "kubernetes.io/arch" instead"#,
            r#"scheduling.nodeSelector.matchLabels.beta.kubernetes.io/os: deprecated since v1.14; use "kubernetes.io/os" instead"#,
        ],
        "test matchExpressions and matchLabels"
    );
}

fn term(key: &str) -> NodeSelectorTerm {
    NodeSelectorTerm {
        match_expressions: vec![NodeSelectorRequirement {
            key: key.into(),
            operator: NodeSelectorOperator("In".into()),
            values: vec!["amd64".into()],
        }],
        ..NodeSelectorTerm::default()
    }
}

#[test]
fn node_selector_term_warnings_are_upstreams() {
    assert!(
        node_selector_term_warnings(&NodeSelectorTerm::default(), &Path::root()).is_empty(),
        "test filedPath is nil"
    );
    assert!(
        node_selector_term_warnings(&term("kubernetes.io/arch"), &scheduling_node_selector()).is_empty(),
        "test matchExpressions not contains deprecated label"
    );
    assert_eq!(
        node_selector_term_warnings(&term("beta.kubernetes.io/arch"), &scheduling_node_selector()),
        [
            r#"scheduling.nodeSelector.matchExpressions[0].key: beta.kubernetes.io/arch is deprecated since v1.14; use "kubernetes.io/arch" instead"#
        ],
        "test matchExpressions contains deprecated label"
    );
}

#[test]
fn every_deprecated_label_has_its_message() {
    let cases = [
        ("beta.kubernetes.io/arch", r#"deprecated since v1.14; use "kubernetes.io/arch" instead"#),
        ("beta.kubernetes.io/os", r#"deprecated since v1.14; use "kubernetes.io/os" instead"#),
        (
            "failure-domain.beta.kubernetes.io/region",
            r#"deprecated since v1.17; use "topology.kubernetes.io/region" instead"#,
        ),
        (
            "failure-domain.beta.kubernetes.io/zone",
            r#"deprecated since v1.17; use "topology.kubernetes.io/zone" instead"#,
        ),
        (
            "beta.kubernetes.io/instance-type",
            r#"deprecated since v1.17; use "node.kubernetes.io/instance-type" instead"#,
        ),
    ];
    for (key, msg) in cases {
        assert_eq!(deprecated_node_label(key), Some(msg), "{key}");
    }
    for current in ["kubernetes.io/arch", "topology.kubernetes.io/zone", "node.kubernetes.io/instance-type", ""] {
        assert_eq!(deprecated_node_label(current), None, "{current}");
    }
}
