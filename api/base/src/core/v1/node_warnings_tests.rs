//! The node warnings of upstream's `fieldIsDeprecatedWarnings`, with the strategy's clearing of `spec.configSource` before it warns.

use super::warnings_for_node;
use crate::core::v1::{ConfigMapNodeConfigSource, Node, NodeConfigSource, NodeSpec};

fn node(config_source: bool, external_id: &str) -> Node {
    let source = NodeConfigSource {
        config_map: Some(ConfigMapNodeConfigSource {
            namespace: "kube-system".into(),
            name: "kubelet".into(),
            kubelet_config_key: "kubelet".into(),
            ..ConfigMapNodeConfigSource::default()
        }),
    };
    Node {
        spec: NodeSpec {
            config_source: config_source.then_some(source),
            external_id: external_id.into(),
            ..NodeSpec::default()
        },
        ..Node::default()
    }
}

#[test]
fn external_id_is_deprecated_on_create_and_update() {
    let want = ["spec.externalID: this field is deprecated, and is unused by Kubernetes"];
    assert_eq!(warnings_for_node(&node(false, "i-123"), None), want);
    assert_eq!(warnings_for_node(&node(false, "i-123"), Some(&node(false, ""))), want);
    assert!(warnings_for_node(&node(false, ""), None).is_empty());
}

#[test]
fn config_source_warns_only_where_the_strategy_keeps_it() {
    let removed = "spec.configSource: the feature is removed";
    // Create drops the field; so does an update of a node that had none.
    assert!(warnings_for_node(&node(true, ""), None).is_empty());
    assert!(warnings_for_node(&node(true, ""), Some(&node(false, ""))).is_empty());
    assert_eq!(warnings_for_node(&node(true, ""), Some(&node(true, ""))), [removed]);
    assert_eq!(
        warnings_for_node(&node(true, "i-1"), Some(&node(true, ""))),
        [removed, "spec.externalID: this field is deprecated, and is unused by Kubernetes"]
    );
}
