//! Type definitions of `networking.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::IntOrString;

use crate::Kapi;
use crate::core::v1::{Protocol, TypedLocalObjectReference};
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// Rules that route outside HTTP(S) traffic to services by host and path.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,Ingress
/// +shortNames=ing
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct Ingress {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The routing wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: IngressStatus,
}

/// A list of ingresses.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,IngressList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ingresses.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Ingress>>,
}

/// The routing an ingress asks for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressSpec {
    /// The ingress class that should serve this ingress; preferred over the old class annotation.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ingress_class_name: Option<String>,
    /// Where requests that match no rule go; needed when there are no rules, otherwise up to the controller.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub backend: Option<IngressBackend>,
    /// TLS settings; all entries share port 443, told apart by SNI if the controller supports it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tls: Vec<IngressTLS>,
    /// Host rules; traffic no rule matches goes to the default backend.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<IngressRule>,
}

/// TLS termination for some of an ingress's hosts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressTLS {
    /// Hosts the certificate covers, matching the names in the secret; the controller's wildcard host if empty.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub hosts: Vec<String>,
    /// The secret that terminates TLS on port 443; may be empty to route on the SNI host alone.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
}

/// The observed state of an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressStatus {
    /// The state of the load balancer.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: IngressLoadBalancerStatus,
}

/// The state of the load balancer that serves an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerStatus {
    /// Entry points of the load balancer.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

/// One entry point of an ingress load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerIngress {
    /// Address of an IP-based entry point.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    /// Name of a DNS-based entry point.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    /// The ports this entry point exposes.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<IngressPortStatus>,
}

/// A port of a load balancer entry point, with any problem it has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressPortStatus {
    /// The port number.
    #[kapi(proto = 1)]
    pub port: i32,
    /// TCP, UDP or SCTP.
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    /// A problem with the port, as a CamelCase name; provider-specific ones are prefixed with a domain.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

/// The routing for one host, or for every host.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRule {
    /// The host to match: a plain DNS name, or a `*.` wildcard covering one label; empty matches any host.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host: String,
    /// How matching requests are routed; a catch-all when unset.
    #[kapi(proto = 2, inline)]
    #[kapi(optional)]
    pub ingress_rule_value: IngressRuleValue,
}

/// How requests that match a rule's host are routed; HTTP is the only kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRuleValue {
    /// Routing by HTTP path.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub http: Option<HTTPIngressRuleValue>,
}

/// HTTP paths and the backends they go to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressRuleValue {
    /// The paths and their backends.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub paths: Option<Vec<HTTPIngressPath>>,
}

/// How an ingress path is matched against request paths.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PathType(pub String);

/// A request path and the backend that serves it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressPath {
    /// The path to match; must start with `/` and is required for `Exact` and `Prefix`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// `Exact`, `Prefix` (by `/`-separated segments) or `ImplementationSpecific`, the default.
    #[kapi(proto = 3, omitempty)]
    pub path_type: Option<PathType>,
    /// Where matching requests are sent.
    #[kapi(proto = 2)]
    pub backend: IngressBackend,
}

/// Where matching requests are sent: a service port or another resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressBackend {
    /// Name of the service to send requests to.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service_name: String,
    /// The port of that service, by number or name.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub service_port: IntOrString,
    /// Another object in the ingress's namespace to send requests to; excludes the service.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource: Option<TypedLocalObjectReference>,
}

/// A kind of ingress and the controller that implements it.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.18
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,IngressClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The controller and its settings.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressClassSpec,
}

/// The controller behind an ingress class and its settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressClassSpec {
    /// Domain-prefixed name of the controller, such as `acme.io/ingress-controller`; at most 250 chars, immutable.
    #[kapi(proto = 1, omitempty)]
    pub controller: String,
    /// Extra settings for the controller, if it needs any.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub parameters: Option<IngressClassParametersReference>,
}

/// A pointer to an object that holds an ingress controller's settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressClassParametersReference {
    /// API group of the object; empty means the core group.
    #[kapi(proto = 1, proto_name = "aPIGroup", omitempty)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    /// Kind of the object.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    /// Name of the object.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
    /// `Cluster` (the default) or `Namespace`.
    #[kapi(proto = 4)]
    pub scope: Option<String>,
    /// Namespace of the object; required with scope `Namespace`, forbidden with `Cluster`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub namespace: Option<String>,
}

/// A list of ingress classes.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.18
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=networking.k8s.io,v1,IngressClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ingress classes.
    #[kapi(proto = 2)]
    pub items: Option<Vec<IngressClass>>,
}

/// One allocated IP address; the object's name is the address in canonical form.
///
/// +genclient
/// +genclient:nonNamespaced
/// +ownNameRule
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IPAddress {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What the address belongs to.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: IPAddressSpec,
}

/// What an allocated IP address belongs to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPAddressSpec {
    /// The object holding the address; required.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub parent_ref: Option<ParentReference>,
}

/// A pointer to the object that holds an IP address.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ParentReference {
    /// API group of the object.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub group: String,
    /// Resource of the object.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub resource: String,
    /// Namespace of the object.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// Name of the object.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub name: String,
}

/// A list of IP addresses.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IPAddressList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The IP addresses.
    #[kapi(proto = 2)]
    pub items: Option<Vec<IPAddress>>,
}

/// An address range from which services get their cluster IPs.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct ServiceCIDR {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The ranges wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ServiceCIDRSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ServiceCIDRStatus,
}

/// The address ranges of a service CIDR.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceCIDRSpec {
    /// Ranges in CIDR form, such as `10.96.0.0/12`; at most two, one per IP family, immutable.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cidrs: Vec<String>,
}

/// The observed state of a service CIDR.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceCIDRStatus {
    /// The latest observations of the range's state.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// A list of service CIDRs.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct ServiceCIDRList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The service CIDRs.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ServiceCIDR>>,
}
