//! The endpoint slice strategy's `dropTopologyOnV1`: a write through any version but `v1beta1` clears each endpoint's `deprecatedTopology`, keeping a node name the stored slice's topology already held.

use std::collections::BTreeSet;

use kapi_machinery::json::value::Value;
use kapi_machinery::validation::content::is_dns1123_subdomain;

use crate::tracker::meta::{member_mut, set_member};

/// The topology label that named an endpoint's node before `nodeName` did.
const LABEL_HOSTNAME: &str = "kubernetes.io/hostname";

/// The version whose `topology` map the strategy leaves alone: there it is the client's own field.
const V1BETA1: &str = "v1beta1";

/// Whether a write through `version` drops the topology: every version but `v1beta1` does.
/// Asked before the slice is turned into JSON, as the endpoint slice controller writes often.
pub(crate) fn drops_topology(version: &str) -> bool {
    version != V1BETA1
}

/// Upstream's `dropTopologyOnV1` for a write (through a version that `drops_topology`) of a
/// slice in its stored form (`discovery.k8s.io/v1`, as JSON), `old` being the stored slice on
/// update. An update that leaves the endpoints as they were keeps the topology; otherwise every
/// endpoint loses it, and one without a `nodeName` whose topology names a node the stored
/// slice's topology also named (a valid node name) takes it as its `nodeName`, so a partial
/// update keeps what `v1beta1` wrote.
pub(crate) fn drop_topology_on_v1(slice: &mut Value, old: Option<&Value>) {
    // Upstream compares with semantic equality, to which a missing list equals an empty one.
    if let Some(old) = old
        && endpoints(old) == endpoints(slice)
    {
        return;
    }
    let previous = old.map(topology_node_names).unwrap_or_default();
    let Some(Value::Array(eps)) = member_mut(slice, "endpoints") else { return };
    for ep in eps {
        let node = ep.get("deprecatedTopology").and_then(|t| t.get(LABEL_HOSTNAME)).and_then(Value::as_str);
        let moved = match node {
            Some(node)
                if is_absent(ep.get("nodeName"))
                    && previous.contains(node)
                    && is_dns1123_subdomain(node).is_empty() =>
            {
                Some(node.to_owned())
            }
            _ => None,
        };
        if let Some(node) = moved {
            set_member(ep, "nodeName", Some(Value::String(node)));
        }
        set_member(ep, "deprecatedTopology", None);
    }
}

/// The slice's endpoints, none when the list is missing.
fn endpoints(slice: &Value) -> &[Value] {
    match slice.get("endpoints") {
        Some(Value::Array(eps)) => eps,
        _ => &[],
    }
}

fn is_absent(v: Option<&Value>) -> bool {
    matches!(v, None | Some(Value::Null))
}

/// The non-empty node names in the hostname label of the slice's endpoints' topologies
/// (upstream's `getDeprecatedTopologyNodeNames`).
fn topology_node_names(slice: &Value) -> BTreeSet<String> {
    endpoints(slice)
        .iter()
        .filter_map(|ep| ep.get("deprecatedTopology")?.get(LABEL_HOSTNAME)?.as_str())
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    fn v(text: &str) -> Value {
        parse(text.as_bytes()).unwrap()
    }

    /// An endpoint with `hostname`, an optional `nodeName` and the topology's hostname label.
    fn hosted(host: &str, node: Option<&str>, topology_node: Option<&str>) -> String {
        let node = node.map(|n| format!(r#","nodeName":"{n}""#)).unwrap_or_default();
        let topology =
            topology_node.map(|n| format!(r#","deprecatedTopology":{{"{LABEL_HOSTNAME}":"{n}"}}"#)).unwrap_or_default();
        format!(r#"{{"addresses":["10.0.0.1"],"hostname":"{host}"{node}{topology}}}"#)
    }

    fn slice(endpoints: &[String]) -> Value {
        v(&format!(r#"{{"metadata":{{"name":"s"}},"addressType":"IPv4","endpoints":[{}]}}"#, endpoints.join(",")))
    }

    fn nodes(s: &Value) -> Vec<Option<&str>> {
        endpoints(s).iter().map(|e| e.get("nodeName").and_then(Value::as_str)).collect()
    }

    fn topologies(s: &Value) -> usize {
        endpoints(s).iter().filter(|e| e.get("deprecatedTopology").is_some()).count()
    }

    #[test]
    fn a_v1_create_drops_the_topology_and_sets_no_node() {
        let mut s = slice(&[hosted("h", None, Some("node-1"))]);
        drop_topology_on_v1(&mut s, None);
        assert_eq!((topologies(&s), nodes(&s)), (0, vec![None]));
    }

    #[test]
    fn an_update_that_keeps_the_endpoints_keeps_the_topology() {
        let old = slice(&[hosted("h", None, Some("node-1"))]);
        let mut s = old.clone();
        set_member(&mut s, "metadata", Some(v(r#"{"name":"s","labels":{"a":"b"}}"#)));
        drop_topology_on_v1(&mut s, Some(&old));
        assert_eq!(topologies(&s), 1);
        // A missing list and an empty one are the same endpoints.
        let mut s = slice(&[]);
        drop_topology_on_v1(&mut s, Some(&v(r#"{"metadata":{"name":"s"}}"#)));
        assert_eq!(endpoints(&s).len(), 0);
    }

    /// Cases of upstream's `Test_dropTopologyOnV1` (`pkg/registry/discovery/endpointslice`).
    #[test]
    fn upstreams_cases() {
        // "v1beta1 request, with deprecated topology"
        assert!(!drops_topology("v1beta1"));
        assert!(drops_topology("v1"));
        // "v1 request, updated endpoints with topology node names swapped"
        let old = slice(&[hosted("h", None, Some("node-1")), hosted("h", None, Some("node-2"))]);
        let mut s = slice(&[hosted("h-a", None, Some("node-2")), hosted("h-b", None, Some("node-1"))]);
        drop_topology_on_v1(&mut s, Some(&old));
        assert_eq!((topologies(&s), nodes(&s)), (0, vec![Some("node-2"), Some("node-1")]));
        // "v1 request, updated endpoints with new topology node name"
        let mut s = slice(&[hosted("h-a", None, Some("node-3")), hosted("h-b", None, Some("node-1"))]);
        drop_topology_on_v1(&mut s, Some(&old));
        assert_eq!(nodes(&s), [None, Some("node-1")]);
        // "v1 request, updated endpoints with topology node names + new node names"
        let old = slice(&[hosted("h", None, Some("node-1")), hosted("h", None, Some("node-1"))]);
        let mut s =
            slice(&[hosted("h-a", Some("node-1"), Some("node-1")), hosted("h-b", Some("node-2"), Some("node-1"))]);
        drop_topology_on_v1(&mut s, Some(&old));
        assert_eq!(nodes(&s), [Some("node-1"), Some("node-2")]);
        // "v1 request, invalid node name label"
        let old = slice(&[
            hosted("h1", None, Some("valid-node-1")),
            hosted("h2", None, Some("invalid node-2")),
            hosted("h3", None, Some("valid-node-3")),
        ]);
        let mut s = slice(&[
            hosted("h1", None, Some("valid-node-1")),
            hosted("h2", None, Some("invalid node-2")),
            hosted("h3", Some("node-3"), None),
        ]);
        drop_topology_on_v1(&mut s, Some(&old));
        assert_eq!((topologies(&s), nodes(&s)), (0, vec![Some("valid-node-1"), None, Some("node-3")]));
        // "v1beta1 request, updated endpoints": the strategy does not call the drop for v1beta1
        // (`drops_topology` above).
    }
}
