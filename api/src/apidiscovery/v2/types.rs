//! Type definitions of `apidiscovery.k8s.io/v2`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{GroupVersionKind, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", version = "v2")]
pub struct APIGroupDiscoveryList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub items: Option<Vec<APIGroupDiscovery>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", version = "v2")]
pub struct APIGroupDiscovery {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "version")]
    pub versions: Vec<APIVersionDiscovery>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIVersionDiscovery {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub version: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "resource")]
    pub resources: Vec<APIResourceDiscovery>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub freshness: DiscoveryFreshness,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIResourceDiscovery {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub resource: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response_kind: Option<GroupVersionKind>,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub scope: ResourceScope,
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub singular_resource: String,
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub short_names: Vec<String>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub categories: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "subresource")]
    pub subresources: Vec<APISubresourceDiscovery>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    pub const CLUSTER: &'static str = "Cluster";
    pub const NAMESPACED: &'static str = "Namespaced";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DiscoveryFreshness(pub String);

impl DiscoveryFreshness {
    pub const CURRENT: &'static str = "Current";
    pub const STALE: &'static str = "Stale";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APISubresourceDiscovery {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub subresource: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response_kind: Option<GroupVersionKind>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "group", list_map_key = "version", list_map_key = "kind")]
    pub accepted_types: Vec<GroupVersionKind>,
    #[kapi(proto = 4)]
    #[kapi(optional, list_type = "set")]
    pub verbs: Option<Vec<String>>,
}
