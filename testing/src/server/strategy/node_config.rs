//! The node strategies' drops of the removed dynamic kubelet configuration: `spec.configSource` and `status.config` are kept only where the stored node already has them.

use kapi_api::core::v1::Node;

/// The node strategy's `PrepareForCreate` and `PrepareForUpdate` (`dropDisabledFields`): a new
/// node has neither field (its status is otherwise kept: the kubelet registers with one); an
/// update keeps `spec.configSource` only over a stored one (the status is the stored one).
pub(crate) fn prepare(node: &mut Node, old: Option<&Node>) {
    match old {
        None => {
            node.spec.config_source = None;
            node.status.config = None;
        }
        Some(old) if old.spec.config_source.is_none() => node.spec.config_source = None,
        Some(_) => {}
    }
}

/// The node status strategy's `PrepareForUpdate`: `status.config` only over a stored one.
pub(crate) fn prepare_status(node: &mut Node, old: &Node) {
    if old.status.config.is_none() {
        node.status.config = None;
    }
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{ConfigMapNodeConfigSource, NodeConfigSource, NodeConfigStatus};

    use super::*;

    fn configured() -> Node {
        let mut n = Node::default();
        n.spec.config_source = Some(NodeConfigSource {
            config_map: Some(ConfigMapNodeConfigSource { name: "cm".into(), ..Default::default() }),
        });
        n.status.config = Some(NodeConfigStatus { error: "e".into(), ..Default::default() });
        n
    }

    #[test]
    fn the_kubelet_configuration_is_kept_only_over_a_stored_one() {
        let mut created = configured();
        prepare(&mut created, None);
        assert_eq!((created.spec.config_source, created.status.config), (None, None));
        let mut updated = configured();
        prepare(&mut updated, Some(&Node::default()));
        assert_eq!(updated.spec.config_source, None);
        let mut kept = configured();
        prepare(&mut kept, Some(&configured()));
        assert_eq!(kept.spec.config_source, configured().spec.config_source);
        let mut status = configured();
        prepare_status(&mut status, &Node::default());
        assert_eq!(status.status.config, None);
        let mut status = configured();
        prepare_status(&mut status, &configured());
        assert_eq!(status.status.config, configured().status.config);
    }
}
