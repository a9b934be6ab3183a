//! The internal (hub) types of `networking`, which v1, v1beta1 and extensions/v1beta1 convert to and from.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::IntOrString;

use crate::Kapi;
use crate::core::{Protocol, TypedLocalObjectReference};
use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta};

/// Says which network traffic may reach, or leave, a set of pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct NetworkPolicy {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods covered and the traffic allowed.
    pub spec: NetworkPolicySpec,
}

/// A direction of traffic a network policy governs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PolicyType(pub String);

impl PolicyType {
    /// The policy governs traffic into the selected pods.
    pub const INGRESS: &'static str = "Ingress";
    /// The policy governs traffic out of the selected pods.
    pub const EGRESS: &'static str = "Egress";
}

/// The pods a network policy selects and the traffic it lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkPolicySpec {
    /// The pods in this namespace the policy applies to; an empty selector takes them all.
    pub pod_selector: LabelSelector,
    /// Inbound traffic allowed, on top of other policies' rules; empty allows none and only isolates the pods.
    pub ingress: Vec<NetworkPolicyIngressRule>,
    /// Outbound traffic allowed, on top of other policies' rules; empty allows none and only isolates the pods.
    pub egress: Vec<NetworkPolicyEgressRule>,
    /// The directions governed; when unset, `Ingress` always, plus `Egress` if egress rules are given.
    pub policy_types: Vec<PolicyType>,
}

/// Inbound traffic allowed to the selected pods; it must match both the ports and a source.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkPolicyIngressRule {
    /// Ports on the pods that traffic may use; empty means any port.
    pub ports: Vec<NetworkPolicyPort>,
    /// Sources allowed, any one of which suffices; empty means any source.
    pub from: Vec<NetworkPolicyPeer>,
}

/// Outbound traffic allowed from the selected pods; it must match both the ports and a destination.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkPolicyEgressRule {
    /// Destination ports traffic may use; empty means any port.
    pub ports: Vec<NetworkPolicyPort>,
    /// Destinations allowed, any one of which suffices; empty means any destination.
    pub to: Vec<NetworkPolicyPeer>,
}

/// A protocol and port, or port range, that a rule lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkPolicyPort {
    /// TCP, UDP or SCTP; TCP when unset.
    pub protocol: Option<Protocol>,
    /// A port number or a named port on the pod; unset matches every port.
    pub port: Option<IntOrString>,
    /// Last port of an inclusive range starting at `port`, which must then be a number no greater.
    pub end_port: Option<i32>,
}

/// An address range in CIDR form, minus some sub-ranges, that a rule lets through.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IPBlock {
    /// The address range in CIDR form, e.g. `10.0.0.0/16` or `2001:db8::/64`.
    pub cidr: String,
    /// Sub-ranges of `cidr` to leave out.
    pub except: Vec<String>,
}

/// A source or destination of traffic: pods, namespaces or an address range.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkPolicyPeer {
    /// Pods to match, in the namespaces picked by `namespace_selector` or else in the policy's own; empty means all.
    pub pod_selector: Option<LabelSelector>,
    /// Namespaces to match, by their labels; empty means all of them.
    pub namespace_selector: Option<LabelSelector>,
    /// An address range to match; excludes the other two fields.
    pub ip_block: Option<IPBlock>,
}

/// A list of network policies.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct NetworkPolicyList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The network policies.
    pub items: Option<Vec<NetworkPolicy>>,
}

/// Rules that route outside HTTP(S) traffic to services by host and path.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct Ingress {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The routing wanted.
    pub spec: IngressSpec,
    /// The state last observed.
    pub status: IngressStatus,
}

/// A list of ingresses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct IngressList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ingresses.
    pub items: Option<Vec<Ingress>>,
}

/// The routing an ingress asks for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressSpec {
    /// The ingress class that should serve this ingress; preferred over the old class annotation.
    pub ingress_class_name: Option<String>,
    /// Where requests that match no rule go; needed when there are no rules, otherwise up to the controller.
    pub default_backend: Option<IngressBackend>,
    /// TLS settings; all entries share port 443, told apart by SNI if the controller supports it.
    pub tls: Vec<IngressTLS>,
    /// Host rules; traffic no rule matches goes to the default backend.
    pub rules: Vec<IngressRule>,
}

/// TLS termination for some of an ingress's hosts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressTLS {
    /// Hosts the certificate covers, matching the names in the secret; the controller's wildcard host if empty.
    pub hosts: Vec<String>,
    /// The secret that terminates TLS on port 443; may be empty to route on the SNI host alone.
    pub secret_name: String,
}

/// The observed state of an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressStatus {
    /// The state of the load balancer.
    pub load_balancer: IngressLoadBalancerStatus,
}

/// The state of the load balancer that serves an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressLoadBalancerStatus {
    /// Entry points of the load balancer.
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

/// One entry point of an ingress load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressLoadBalancerIngress {
    /// Address of an IP-based entry point.
    pub ip: String,
    /// Name of a DNS-based entry point.
    pub hostname: String,
    /// The ports this entry point exposes.
    pub ports: Vec<IngressPortStatus>,
}

/// A port of a load balancer entry point, with any problem it has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressPortStatus {
    /// The port number.
    pub port: i32,
    /// TCP, UDP or SCTP.
    pub protocol: Protocol,
    /// A problem with the port, as a CamelCase name; provider-specific ones are prefixed with a domain.
    pub error: Option<String>,
}

/// The routing for one host, or for every host.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressRule {
    /// The host to match: a plain DNS name, or a `*.` wildcard covering one label; empty matches any host.
    pub host: String,
    /// How matching requests are routed; a catch-all when unset.
    pub ingress_rule_value: IngressRuleValue,
}

/// How requests that match a rule's host are routed; HTTP is the only kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressRuleValue {
    /// Routing by HTTP path.
    pub http: Option<HTTPIngressRuleValue>,
}

/// HTTP paths and the backends they go to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HTTPIngressRuleValue {
    /// The paths and their backends.
    pub paths: Option<Vec<HTTPIngressPath>>,
}

/// How an ingress path is matched against request paths.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PathType(pub String);

/// A request path and the backend that serves it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HTTPIngressPath {
    /// The path to match; must start with `/` and is required for `Exact` and `Prefix`.
    pub path: String,
    /// `Exact`, `Prefix` (by `/`-separated segments) or `ImplementationSpecific`.
    pub path_type: Option<PathType>,
    /// Where matching requests are sent.
    pub backend: IngressBackend,
}

/// Where matching requests are sent: a service port or another resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressBackend {
    /// A service to send requests to; excludes `resource`.
    pub service: Option<IngressServiceBackend>,
    /// Another object in the ingress's namespace to send requests to; excludes the service.
    pub resource: Option<TypedLocalObjectReference>,
}

/// A service used as an ingress backend.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressServiceBackend {
    /// Name of the service, which must be in the ingress's namespace.
    pub name: String,
    /// The port of the service; a name or a number is required.
    pub port: ServiceBackendPort,
}

/// A port of a service, by name or by number.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceBackendPort {
    /// Name of the service port; excludes `number`.
    pub name: String,
    /// Number of the service port, such as 80; excludes `name`.
    pub number: i32,
}

/// A kind of ingress and the controller that implements it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct IngressClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The controller and its settings.
    pub spec: IngressClassSpec,
}

/// The controller behind an ingress class and its settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressClassSpec {
    /// Domain-prefixed name of the controller, such as `acme.io/ingress-controller`; at most 250 chars, immutable.
    pub controller: String,
    /// Extra settings for the controller, if it needs any.
    pub parameters: Option<IngressClassParametersReference>,
}

/// A pointer to an object that holds an ingress controller's settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IngressClassParametersReference {
    /// API group of the object; empty means the core group.
    pub api_group: Option<String>,
    /// Kind of the object.
    pub kind: String,
    /// Name of the object.
    pub name: String,
    /// `Cluster` (the default) or `Namespace`.
    pub scope: Option<String>,
    /// Namespace of the object; required with scope `Namespace`, forbidden with `Cluster`.
    pub namespace: Option<String>,
}

/// A list of ingress classes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct IngressClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ingress classes.
    pub items: Option<Vec<IngressClass>>,
}

/// One allocated IP address; the object's name is the address in canonical form.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct IPAddress {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What the address belongs to.
    pub spec: IPAddressSpec,
}

/// What an allocated IP address belongs to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IPAddressSpec {
    /// The object holding the address; required.
    pub parent_ref: Option<ParentReference>,
}

/// A pointer to the object that holds an IP address.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ParentReference {
    /// API group of the object.
    pub group: String,
    /// Resource of the object.
    pub resource: String,
    /// Namespace of the object.
    pub namespace: String,
    /// Name of the object.
    pub name: String,
}

/// A list of IP addresses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct IPAddressList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The IP addresses.
    pub items: Option<Vec<IPAddress>>,
}

/// An address range from which services get their cluster IPs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct ServiceCIDR {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The ranges wanted.
    pub spec: ServiceCIDRSpec,
    /// The state last observed.
    pub status: ServiceCIDRStatus,
}

/// The address ranges of a service CIDR.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceCIDRSpec {
    /// Ranges in CIDR form, such as `10.96.0.0/12`; at most two, one per IP family, immutable.
    pub cidrs: Vec<String>,
}

/// The observed state of a service CIDR.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceCIDRStatus {
    /// The latest observations of the range's state.
    pub conditions: Vec<Condition>,
}

/// A list of service CIDRs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", internal)]
pub struct ServiceCIDRList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The service CIDRs.
    pub items: Option<Vec<ServiceCIDR>>,
}
