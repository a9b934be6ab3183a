//! Type definitions of `networking.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::IntOrString;

use crate::Kapi;
use crate::core::v1::{Protocol, TypedLocalObjectReference};
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct Ingress {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: IngressStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Ingress>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressSpec {
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ingress_class_name: Option<String>,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub backend: Option<IngressBackend>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tls: Vec<IngressTLS>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Vec<IngressRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressTLS {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub hosts: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: IngressLoadBalancerStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressLoadBalancerIngress {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<IngressPortStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressPortStatus {
    #[kapi(proto = 1)]
    pub port: i32,
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host: String,
    #[kapi(proto = 2, inline)]
    #[kapi(optional)]
    pub ingress_rule_value: IngressRuleValue,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressRuleValue {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub http: Option<HTTPIngressRuleValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressRuleValue {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub paths: Option<Vec<HTTPIngressPath>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PathType(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPIngressPath {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    pub path_type: Option<PathType>,
    #[kapi(proto = 2)]
    pub backend: IngressBackend,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressBackend {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub service_port: IntOrString,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource: Option<TypedLocalObjectReference>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: IngressClassSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressClassSpec {
    #[kapi(proto = 1, omitempty)]
    pub controller: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub parameters: Option<IngressClassParametersReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IngressClassParametersReference {
    #[kapi(proto = 1, proto_name = "aPIGroup", omitempty)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 4)]
    pub scope: Option<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub namespace: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IngressClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<IngressClass>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IPAddress {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: IPAddressSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPAddressSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub parent_ref: Option<ParentReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ParentReference {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub group: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub resource: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct IPAddressList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<IPAddress>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct ServiceCIDR {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ServiceCIDRSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ServiceCIDRStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceCIDRSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cidrs: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceCIDRStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "networking.k8s.io", version = "v1beta1")]
pub struct ServiceCIDRList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ServiceCIDR>>,
}
