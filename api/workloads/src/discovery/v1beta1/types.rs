//! Type definitions of `discovery.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::v1::{ObjectReference, Protocol};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A share of the network endpoints behind a service; a service's slices together list them all.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.16
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:removed=1.25
/// +k8s:prerelease-lifecycle-gen:replacement=discovery.k8s.io,v1,EndpointSlice
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", version = "v1beta1")]
pub struct EndpointSlice {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The kind of every address in the slice; immutable; only `IPv4` and `IPv6` are acted on.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub address_type: AddressType,
    /// The endpoints, each unique; at most 1000.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub endpoints: Option<Vec<Endpoint>>,
    /// Ports every endpoint offers, each with a unique name; at most 100, possibly none.
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Option<Vec<EndpointPort>>,
}

/// The kind of address an endpoint slice holds: `IPv4`, `IPv6` or the deprecated `FQDN`.
///
/// +enum
/// +k8s:beta(since: "1.37")=+k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AddressType(pub String);

impl AddressType {
    /// An IPv4 address.
    pub const IPV4: &'static str = "IPv4";
    /// An IPv6 address.
    pub const IPV6: &'static str = "IPv6";
    /// A fully qualified domain name; deprecated.
    pub const FQDN: &'static str = "FQDN";
}

/// One backend of a service, such as a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Endpoint {
    /// Addresses of the endpoint, IPs in canonical form for IP slices; 1 to 100, only the first one used.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=100
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub addresses: Option<Vec<String>>,
    /// The endpoint's current state.
    #[kapi(proto = 2, omitempty)]
    pub conditions: EndpointConditions,
    /// A lowercase DNS label naming the endpoint; endpoints sharing one are interchangeable.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hostname: Option<String>,
    /// The object, usually a pod, this endpoint stands for.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_ref: Option<ObjectReference>,
    /// Topology labels such as the node's hostname, zone and region; at most 16; deprecated.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub topology: BTreeMap<String, String>,
    /// Name of the node hosting the endpoint.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    /// Which clients should use this endpoint.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub hints: Option<EndpointHints>,
}

/// Whether an endpoint is ready, serving or terminating.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointConditions {
    /// Whether the endpoint should get traffic, normally serving and not terminating; null means true.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ready: Option<bool>,
    /// Whether the endpoint can handle traffic, even while terminating; null means true.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub serving: Option<bool>,
    /// Whether the endpoint is shutting down; null means false.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub terminating: Option<bool>,
}

/// Hints on which clients should use an endpoint, for topology-aware routing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointHints {
    /// Zones that should use this endpoint; at most 8.
    #[kapi(proto = 1, omitempty)]
    #[kapi(list_type = "atomic")]
    pub for_zones: Vec<ForZone>,
    /// Nodes that should use this endpoint; at most 8.
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "atomic")]
    pub for_nodes: Vec<ForNode>,
}

/// A zone that should use an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ForZone {
    /// Name of the zone.
    #[kapi(proto = 1)]
    pub name: String,
}

/// A node that should use an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ForNode {
    /// Name of the node.
    #[kapi(proto = 1)]
    pub name: String,
}

/// A network port offered by the endpoints of a slice.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointPort {
    /// Name of the port, unique in the slice and empty or a DNS label; the service port's name when derived.
    #[kapi(proto = 1, omitempty)]
    pub name: Option<String>,
    /// TCP, UDP or SCTP; TCP when unset.
    #[kapi(proto = 2, omitempty)]
    pub protocol: Option<Protocol>,
    /// The port number; the service's target port when derived from a service.
    #[kapi(proto = 3, omitempty)]
    pub port: Option<i32>,
    /// Application protocol, as an IANA service name or a domain-prefixed name such as `kubernetes.io/h2c`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
}

/// A list of endpoint slices.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.16
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:removed=1.25
/// +k8s:prerelease-lifecycle-gen:replacement=discovery.k8s.io,v1,EndpointSlice
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", version = "v1beta1")]
pub struct EndpointSliceList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The endpoint slices.
    #[kapi(proto = 2)]
    pub items: Option<Vec<EndpointSlice>>,
}
