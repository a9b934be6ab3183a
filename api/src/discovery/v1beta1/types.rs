//! Type definitions of `discovery.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::v1::{ObjectReference, Protocol};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", version = "v1beta1")]
pub struct EndpointSlice {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub address_type: AddressType,
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub endpoints: Option<Vec<Endpoint>>,
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Option<Vec<EndpointPort>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AddressType(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Endpoint {
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "set")]
    pub addresses: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    pub conditions: EndpointConditions,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hostname: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_ref: Option<ObjectReference>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub topology: BTreeMap<String, String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub hints: Option<EndpointHints>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointConditions {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ready: Option<bool>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub serving: Option<bool>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub terminating: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointHints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(list_type = "atomic")]
    pub for_zones: Vec<ForZone>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "atomic")]
    pub for_nodes: Vec<ForNode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ForZone {
    #[kapi(proto = 1)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ForNode {
    #[kapi(proto = 1)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointPort {
    #[kapi(proto = 1, omitempty)]
    pub name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    pub protocol: Option<Protocol>,
    #[kapi(proto = 3, omitempty)]
    pub port: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "discovery.k8s.io", version = "v1beta1")]
pub struct EndpointSliceList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<EndpointSlice>>,
}
