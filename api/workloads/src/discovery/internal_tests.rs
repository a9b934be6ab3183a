//! Upstream's discovery cases as facts (`v1beta1/conversion_test.go`, `v1/defaults_test.go`,
//! `v1beta1/defaults_test.go`): v1beta1's topology map against `zone`, `node_name` and the deprecated
//! topology, port defaults, and minimal slices decoded into the internal version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;

use crate::discovery as internal;
use crate::discovery::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::discovery::install(&mut s).unwrap();
    s
}

fn map(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
    entries.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

fn beta(node: Option<&str>, topology: &[(&str, &str)]) -> v1beta1::Endpoint {
    v1beta1::Endpoint { node_name: node.map(str::to_owned), topology: map(topology), ..Default::default() }
}

fn hub(node: Option<&str>, zone: Option<&str>, topology: &[(&str, &str)]) -> internal::Endpoint {
    internal::Endpoint {
        node_name: node.map(str::to_owned),
        zone: zone.map(str::to_owned),
        deprecated_topology: map(topology),
        ..Default::default()
    }
}

const ZONE: &str = internal::LABEL_TOPOLOGY_ZONE;
const HOST: &str = internal::LABEL_HOSTNAME;

#[test]
fn v1beta1_topology_converts_both_ways() {
    let cases = [
        ("no topology", beta(None, &[]), hub(None, None, &[])),
        ("topology without zone", beta(None, &[("key1", "val1")]), hub(None, None, &[("key1", "val1")])),
        (
            "topology with zone",
            beta(None, &[("key1", "val1"), (ZONE, "zone1")]),
            hub(None, Some("zone1"), &[("key1", "val1")]),
        ),
        ("only zone", beta(None, &[(ZONE, "zone1")]), hub(None, Some("zone1"), &[])),
        (
            "node and hostname differ",
            beta(Some("node-1"), &[(HOST, "node-2")]),
            hub(Some("node-1"), None, &[(HOST, "node-2")]),
        ),
        ("node and hostname agree", beta(Some("node-1"), &[(HOST, "node-1")]), hub(Some("node-1"), None, &[])),
        ("only hostname", beta(None, &[(HOST, "node-1")]), hub(None, None, &[(HOST, "node-1")])),
    ];
    for (what, external, hub) in cases {
        assert_eq!(v1beta1::convert_endpoint_to_internal(external.clone()).unwrap(), hub, "{what}: to internal");
        assert_eq!(v1beta1::convert_endpoint_from_internal(hub).unwrap(), external, "{what}: from internal");
    }
}

#[test]
fn v1_keeps_zone_node_and_deprecated_topology_as_they_are() {
    let e = v1::Endpoint {
        node_name: Some("n".into()),
        zone: Some("z".into()),
        deprecated_topology: map(&[("k", "v")]),
        ..Default::default()
    };
    let got = v1::convert_endpoint_to_internal(e.clone()).unwrap();
    assert_eq!(got, hub(Some("n"), Some("z"), &[("k", "v")]));
    assert_eq!(v1::convert_endpoint_from_internal(got).unwrap(), e);
}

#[test]
fn ports_default_to_an_empty_name_and_tcp_in_both_versions() {
    let mut s = v1::EndpointSlice { ports: Some(vec![v1::EndpointPort::default()]), ..Default::default() };
    v1::set_object_defaults_endpoint_slice(&mut s);
    let p = &s.ports.unwrap()[0];
    assert_eq!((p.name.as_deref(), p.protocol.as_ref().map(|p| p.0.as_str())), (Some(""), Some("TCP")));
    let mut s = v1beta1::EndpointSlice {
        ports: Some(vec![v1beta1::EndpointPort {
            name: Some("http".into()),
            protocol: Some(crate::core::v1::Protocol("UDP".into())),
            ..Default::default()
        }]),
        ..Default::default()
    };
    v1beta1::set_object_defaults_endpoint_slice(&mut s);
    let p = &s.ports.unwrap()[0];
    assert_eq!((p.name.as_deref(), p.protocol.as_ref().map(|p| p.0.as_str())), (Some("http"), Some("UDP")));
}

#[test]
fn a_v1beta1_slice_is_served_as_v1_and_back() {
    let s = scheme();
    let body = r#"{"apiVersion":"discovery.k8s.io/v1beta1","kind":"EndpointSlice","metadata":{"name":"web-abc"},"addressType":"IPv4","endpoints":[{"addresses":["10.0.0.1"],"conditions":{"ready":true},"nodeName":"n1","topology":{"kubernetes.io/hostname":"n1","topology.kubernetes.io/zone":"z1","rack":"r7"}}],"ports":[{"port":80}]}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"EndpointSlice","apiVersion":"discovery.k8s.io/v1","metadata":{"name":"web-abc"},"addressType":"IPv4","endpoints":[{"addresses":["10.0.0.1"],"conditions":{"ready":true},"deprecatedTopology":{"rack":"r7"},"nodeName":"n1","zone":"z1"}],"ports":[{"name":"","protocol":"TCP","port":80}]}"#
    );
    assert_eq!(
        served_as(&s, body, "v1beta1"),
        r#"{"kind":"EndpointSlice","apiVersion":"discovery.k8s.io/v1beta1","metadata":{"name":"web-abc"},"addressType":"IPv4","endpoints":[{"addresses":["10.0.0.1"],"conditions":{"ready":true},"topology":{"kubernetes.io/hostname":"n1","rack":"r7","topology.kubernetes.io/zone":"z1"},"nodeName":"n1"}],"ports":[{"name":"","protocol":"TCP","port":80}]}"#
    );
}
