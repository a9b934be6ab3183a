//! The warnings kube-apiserver returns on a storage class's and a CSI storage capacity's create and update (upstream's `GetWarningsForStorageClass` and `GetWarningsForCSIStorageCapacity` in `pkg/api/storage/util.go`): deprecated node labels in their topologies.

use kapi_machinery::validation::Path;

use crate::core::v1::validation::{deprecated_node_label, node_selector_warnings};
use crate::storage::v1::{CSIStorageCapacity, StorageClass};

/// The warnings for a storage class written by create (`old` is `None`) or update; upstream
/// looks at the new object only: each `allowedTopologies` match label expression whose key is a
/// deprecated node label.
pub fn warnings_for_storage_class(obj: &StorageClass, _old: Option<&StorageClass>) -> Vec<String> {
    let mut warnings = Vec::new();
    for (i, term) in obj.allowed_topologies.iter().enumerate() {
        for (j, expression) in term.match_label_expressions.iter().enumerate() {
            if let Some(msg) = deprecated_node_label(&expression.key) {
                let path = Path::new("allowedTopologies").index(i).child("matchLabelExpressions").index(j).child("key");
                warnings.push(format!("{path}: {msg}"));
            }
        }
    }
    warnings
}

/// The warnings for a CSI storage capacity written by create (`old` is `None`) or update;
/// upstream looks at the new object only: deprecated node labels in `nodeTopology`'s match
/// expressions and match labels.
pub fn warnings_for_csi_storage_capacity(obj: &CSIStorageCapacity, _old: Option<&CSIStorageCapacity>) -> Vec<String> {
    node_selector_warnings(obj.node_topology.as_ref(), &Path::new("nodeTopology"))
}

#[cfg(test)]
#[path = "topology_warnings_tests.rs"]
mod tests;
