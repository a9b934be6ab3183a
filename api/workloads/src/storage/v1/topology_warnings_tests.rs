//! The storage class and CSI storage capacity warnings of upstream's `pkg/api/storage/util.go`.

use super::{warnings_for_csi_storage_capacity, warnings_for_storage_class};
use crate::core::v1::{TopologySelectorLabelRequirement, TopologySelectorTerm};
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};
use crate::storage::v1::{CSIStorageCapacity, StorageClass};

fn term(keys: &[&str]) -> TopologySelectorTerm {
    TopologySelectorTerm {
        match_label_expressions: keys
            .iter()
            .map(|k| TopologySelectorLabelRequirement { key: (*k).into(), values: Some(vec!["a".into()]) })
            .collect(),
    }
}

#[test]
fn storage_class_topologies_with_deprecated_labels() {
    let sc = StorageClass {
        provisioner: "example.com/csi".into(),
        allowed_topologies: vec![
            term(&["topology.kubernetes.io/zone"]),
            term(&["topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/zone"]),
        ],
        ..StorageClass::default()
    };
    assert_eq!(
        warnings_for_storage_class(&sc, None),
        [
            r#"allowedTopologies[1].matchLabelExpressions[1].key: deprecated since v1.17; use "topology.kubernetes.io/zone" instead"#
        ]
    );
    let current = StorageClass { allowed_topologies: vec![term(&["topology.kubernetes.io/zone"])], ..sc };
    assert!(warnings_for_storage_class(&current, Some(&current)).is_empty());
}

#[test]
fn storage_capacity_topology_with_deprecated_labels() {
    let capacity = CSIStorageCapacity {
        storage_class_name: "fast".into(),
        node_topology: Some(LabelSelector {
            match_labels: [("beta.kubernetes.io/instance-type".to_owned(), "big".to_owned())].into(),
            match_expressions: vec![LabelSelectorRequirement {
                key: "failure-domain.beta.kubernetes.io/region".into(),
                operator: LabelSelectorOperator("In".into()),
                values: vec!["eu".into()],
            }],
        }),
        ..CSIStorageCapacity::default()
    };
    assert_eq!(
        warnings_for_csi_storage_capacity(&capacity, None),
        [
            r#"nodeTopology.matchExpressions[0].key: failure-domain.beta.kubernetes.io/region is deprecated since v1.17; use "topology.kubernetes.io/region" instead"#,
            r#"nodeTopology.matchLabels.beta.kubernetes.io/instance-type: deprecated since v1.17; use "node.kubernetes.io/instance-type" instead"#,
        ]
    );
    let none = CSIStorageCapacity { node_topology: None, ..capacity };
    assert!(warnings_for_csi_storage_capacity(&none, None).is_empty());
}
