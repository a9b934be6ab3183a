//! The warnings kube-apiserver returns on a runtime class's create and update (upstream's `GetWarningsForRuntimeClass` in `pkg/api/node/util.go`).

use kapi_machinery::validation::Path;

use crate::core::v1::validation::deprecated_node_label;
use crate::node::v1::RuntimeClass;

/// The warnings for a runtime class written by create (`old` is `None`) or update; upstream looks
/// at the new object only: one `scheduling.nodeSelector: <message>` for each deprecated node
/// label in the scheduling node selector. Upstream visits them in Go's map order; these come
/// sorted by key.
pub fn warnings_for_runtime_class(obj: &RuntimeClass, _old: Option<&RuntimeClass>) -> Vec<String> {
    let path = Path::new("scheduling").child("nodeSelector");
    obj.scheduling
        .iter()
        .flat_map(|s| s.node_selector.keys())
        .filter_map(|key| deprecated_node_label(key).map(|msg| format!("{path}: {msg}")))
        .collect()
}

#[cfg(test)]
#[path = "runtime_class_warnings_tests.rs"]
mod tests;
