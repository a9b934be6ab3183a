//! Upstream's deprecated node labels (`pkg/api/node`) and the warnings for selectors that use them, shared by persistent volumes, storage classes, storage capacities and runtime classes.

use kapi_machinery::validation::Path;

use crate::core::v1::NodeSelectorTerm;
use crate::meta::v1::LabelSelector;

/// Upstream's `deprecatedNodeLabels`: each deprecated node label and what to say about it.
const DEPRECATED_NODE_LABELS: &[(&str, &str)] = &[
    ("beta.kubernetes.io/arch", r#"deprecated since v1.14; use "kubernetes.io/arch" instead"#),
    ("beta.kubernetes.io/os", r#"deprecated since v1.14; use "kubernetes.io/os" instead"#),
    (
        "failure-domain.beta.kubernetes.io/region",
        r#"deprecated since v1.17; use "topology.kubernetes.io/region" instead"#,
    ),
    ("failure-domain.beta.kubernetes.io/zone", r#"deprecated since v1.17; use "topology.kubernetes.io/zone" instead"#),
    ("beta.kubernetes.io/instance-type", r#"deprecated since v1.17; use "node.kubernetes.io/instance-type" instead"#),
];

/// Upstream's `GetNodeLabelDeprecatedMessage`: the deprecation message of a node label key.
pub fn deprecated_node_label(key: &str) -> Option<&'static str> {
    DEPRECATED_NODE_LABELS.iter().find(|(k, _)| *k == key).map(|(_, msg)| *msg)
}

/// `<path>.matchExpressions[i].key: <key> is <message>` for each deprecated key.
fn expression_warnings<'a>(keys: impl Iterator<Item = &'a str>, path: &Path) -> Vec<String> {
    keys.enumerate()
        .filter_map(|(i, key)| {
            deprecated_node_label(key)
                .map(|msg| format!("{}: {key} is {msg}", path.child("matchExpressions").index(i).child("key")))
        })
        .collect()
}

/// Upstream's `GetWarningsForNodeSelectorTerm`: the deprecated node labels a term's match
/// expressions use.
pub fn node_selector_term_warnings(term: &NodeSelectorTerm, path: &Path) -> Vec<String> {
    expression_warnings(term.match_expressions.iter().map(|e| e.key.as_str()), path)
}

/// Upstream's `GetWarningsForNodeSelector`: the deprecated node labels a label selector over
/// nodes uses, in its match expressions and then its match labels (`<path>.matchLabels.<key>`).
/// Upstream visits the labels in Go's map order; these come sorted.
pub fn node_selector_warnings(selector: Option<&LabelSelector>, path: &Path) -> Vec<String> {
    let Some(selector) = selector else {
        return Vec::new();
    };
    let mut warnings = expression_warnings(selector.match_expressions.iter().map(|e| e.key.as_str()), path);
    for label in selector.match_labels.keys() {
        if let Some(msg) = deprecated_node_label(label) {
            warnings.push(format!("{}: {msg}", path.child("matchLabels").child(label)));
        }
    }
    warnings
}

#[cfg(test)]
#[path = "node_label_warnings_tests.rs"]
mod tests;
