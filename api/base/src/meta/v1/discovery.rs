//! Discovery kinds of `meta/v1`: API versions, groups and resources, and root paths.

use kapi_machinery::TypeMeta;

use crate::Kapi;

/// The versions of the legacy core API served at `/api`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct APIVersions {
    /// Kind and API version, `APIVersions` in `v1`: discovery kinds belong to no group.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The available versions.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub versions: Option<Vec<String>>,
    /// Server addresses by client CIDR.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub server_address_by_client_cidrs: Option<Vec<ServerAddressByClientCIDR>>,
}

/// The API groups served at `/apis`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct APIGroupList {
    /// Kind and API version, `APIGroupList` in `v1`: discovery kinds belong to no group.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The groups.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub groups: Option<Vec<APIGroup>>,
}

/// A group with its versions and its preferred version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct APIGroup {
    /// Kind and API version, `APIGroup` in `v1`: discovery kinds belong to no group.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The group's name.
    #[kapi(proto = 1)]
    pub name: String,
    /// The versions served.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub versions: Option<Vec<GroupVersionForDiscovery>>,
    /// The version the server prefers.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub preferred_version: GroupVersionForDiscovery,
    /// Server addresses by client CIDR.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// The server address to use for clients in a CIDR.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServerAddressByClientCIDR {
    /// The client CIDR.
    #[kapi(proto = 1)]
    pub client_cidr: String,
    /// Host, host:port, IP or IP:port of the server.
    #[kapi(proto = 2)]
    pub server_address: String,
}

/// A version of a group, as `group/version` and as the bare version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupVersionForDiscovery {
    /// `group/version`.
    #[kapi(proto = 1)]
    pub group_version: String,
    /// The version alone.
    #[kapi(proto = 2)]
    pub version: String,
}

/// A resource: its names, scope, kind and verbs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIResource {
    /// Plural name.
    #[kapi(proto = 1)]
    pub name: String,
    /// Singular name.
    #[kapi(proto = 6)]
    pub singular_name: String,
    /// Whether the resource is namespaced.
    #[kapi(proto = 2)]
    pub namespaced: bool,
    /// Preferred group, if other than the list's.
    #[kapi(proto = 8, omitempty)]
    pub group: String,
    /// Preferred version, if other than the list's.
    #[kapi(proto = 9, omitempty)]
    pub version: String,
    /// The kind.
    #[kapi(proto = 3)]
    pub kind: String,
    /// Supported verbs.
    #[kapi(proto = 4)]
    pub verbs: Option<Verbs>,
    /// Short names.
    #[kapi(proto = 5, omitempty)]
    #[kapi(list_type = "atomic")]
    pub short_names: Vec<String>,
    /// Categories the resource belongs to (such as `all`).
    #[kapi(proto = 7, omitempty)]
    #[kapi(list_type = "atomic")]
    pub categories: Vec<String>,
    /// Opaque hash of the storage version.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub storage_version_hash: String,
}

/// A list of verbs; protobuf wraps it in a message.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct Verbs(pub Vec<String>);

/// The resources of one group version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct APIResourceList {
    /// Kind and API version, `APIResourceList` in `v1`: discovery kinds belong to no group.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The group version.
    #[kapi(proto = 1)]
    pub group_version: String,
    /// The resources.
    #[kapi(proto = 2, json = "resources")]
    #[kapi(list_type = "atomic")]
    pub api_resources: Option<Vec<APIResource>>,
}

/// The paths served at the root (`/healthz`, `/apis`, …).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RootPaths {
    /// The paths.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub paths: Option<Vec<String>>,
}
