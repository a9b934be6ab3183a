//! The internal (hub) types of `discovery.k8s.io`, which v1 and v1beta1 convert to and from; an endpoint keeps v1beta1's topology map as `deprecated_topology`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::{ObjectReference, Protocol};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A share of the network endpoints behind a service; a service's slices together list them all.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", internal)]
pub struct EndpointSlice {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The kind of every address in the slice; immutable; only `IPv4` and `IPv6` are acted on.
    pub address_type: AddressType,
    /// The endpoints, each unique; at most 1000.
    pub endpoints: Option<Vec<Endpoint>>,
    /// Ports every endpoint offers, each with a unique name; at most 100, possibly none.
    pub ports: Option<Vec<EndpointPort>>,
}

/// The kind of address an endpoint slice holds: `IPv4`, `IPv6` or the deprecated `FQDN`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AddressType(pub String);

impl AddressType {
    /// IPv4 addresses.
    pub const IPV4: &'static str = "IPv4";
    /// IPv6 addresses.
    pub const IPV6: &'static str = "IPv6";
    /// Fully qualified domain names (deprecated).
    pub const FQDN: &'static str = "FQDN";
}

/// The well-known label of a node's zone, which v1beta1 keeps in an endpoint's topology map.
pub const LABEL_TOPOLOGY_ZONE: &str = "topology.kubernetes.io/zone";
/// The well-known label of a node's hostname, which v1beta1 keeps in an endpoint's topology map.
pub const LABEL_HOSTNAME: &str = "kubernetes.io/hostname";

/// One backend of a service, such as a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Endpoint {
    /// Addresses of the endpoint, IPs in canonical form for IP slices; 1 to 100, only the first one used.
    pub addresses: Option<Vec<String>>,
    /// The endpoint's current state.
    pub conditions: EndpointConditions,
    /// A lowercase DNS label naming the endpoint; endpoints sharing one are interchangeable.
    pub hostname: Option<String>,
    /// The object, usually a pod, this endpoint stands for.
    pub target_ref: Option<ObjectReference>,
    /// Topology labels kept from `v1beta1`; read-only here, use `zone` and `node_name`.
    pub deprecated_topology: BTreeMap<String, String>,
    /// Name of the node hosting the endpoint.
    pub node_name: Option<String>,
    /// Name of the zone the endpoint is in.
    pub zone: Option<String>,
    /// Which clients should use this endpoint.
    pub hints: Option<EndpointHints>,
}

/// Whether an endpoint is ready, serving or terminating.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointConditions {
    /// Whether the endpoint should get traffic, normally serving and not terminating; null means true.
    pub ready: Option<bool>,
    /// Whether the endpoint can handle traffic, even while terminating; null means true.
    pub serving: Option<bool>,
    /// Whether the endpoint is shutting down; null means false.
    pub terminating: Option<bool>,
}

/// Hints on which clients should use an endpoint, for topology-aware routing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointHints {
    /// Zones that should use this endpoint; at most 8.
    pub for_zones: Vec<ForZone>,
    /// Nodes that should use this endpoint; at most 8.
    pub for_nodes: Vec<ForNode>,
}

/// A zone that should use an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ForZone {
    /// Name of the zone.
    pub name: String,
}

/// A node that should use an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ForNode {
    /// Name of the node.
    pub name: String,
}

/// A network port offered by the endpoints of a slice.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointPort {
    /// Name of the port, unique in the slice and empty or a DNS label; the service port's name when derived.
    pub name: Option<String>,
    /// TCP, UDP or SCTP; TCP when unset.
    pub protocol: Option<Protocol>,
    /// The port number; the service's target port when derived from a service.
    pub port: Option<i32>,
    /// Application protocol, as an IANA service name or a domain-prefixed name such as `kubernetes.io/h2c`.
    pub app_protocol: Option<String>,
}

/// A list of endpoint slices.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", internal)]
pub struct EndpointSliceList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The endpoint slices.
    pub items: Option<Vec<EndpointSlice>>,
}
