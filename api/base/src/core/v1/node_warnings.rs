//! The warnings kube-apiserver returns on a node's create and update (upstream's `fieldIsDeprecatedWarnings` in `pkg/registry/core/node/strategy.go`).

use crate::core::v1::Node;

/// The warnings for a node written by create (`old` is `None`) or update: `spec.configSource`
/// (dynamic kubelet configuration, removed) and `spec.externalID` (unused). Upstream's strategy
/// clears `configSource` before it warns, on create always and on update unless the old node
/// had one, so that warning comes only from an update of a node that kept its source.
pub fn warnings_for_node(obj: &Node, old: Option<&Node>) -> Vec<String> {
    let mut warnings = Vec::new();
    let kept_source = old.is_some_and(|old| old.spec.config_source.is_some());
    if obj.spec.config_source.is_some() && kept_source {
        warnings.push("spec.configSource: the feature is removed".to_owned());
    }
    if !obj.spec.external_id.is_empty() {
        warnings.push("spec.externalID: this field is deprecated, and is unused by Kubernetes".to_owned());
    }
    warnings
}

#[cfg(test)]
#[path = "node_warnings_tests.rs"]
mod tests;
