//! Type definitions of `apidiscovery.k8s.io/v2beta1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{GroupVersionKind, ListMeta, ObjectMeta};

/// The aggregated discovery document served at `/api` and `/apis`: every group the cluster serves.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:deprecated=1.32
/// +k8s:prerelease-lifecycle-gen:removed=1.35
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", version = "v2beta1")]
pub struct APIGroupDiscoveryList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata; `resource_version` is never set.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The groups, most preferred first.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub items: Option<Vec<APIGroupDiscovery>>,
}

/// The resources an API group serves, per version.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:deprecated=1.32
/// +k8s:prerelease-lifecycle-gen:removed=1.35
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", version = "v2beta1")]
pub struct APIGroupDiscovery {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Only `name` is set: the group name, empty for the legacy core group.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The served versions, preferred version first.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "version")]
    pub versions: Vec<APIVersionDiscovery>,
}

/// The resources served in one version of a group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIVersionDiscovery {
    /// The version name, such as `v1`.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub version: String,
    /// The resources of this group version.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "resource")]
    pub resources: Vec<APIResourceDiscovery>,
    /// `Current`, or `Stale` when the document could not be refreshed and may be outdated.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub freshness: DiscoveryFreshness,
}

/// Discovery data for one resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIResourceDiscovery {
    /// Plural resource name, used in URL paths and unique within the group.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub resource: String,
    /// Group, version and kind usually returned; empty when the parent resource has no operations.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response_kind: Option<GroupVersionKind>,
    /// `Cluster` or `Namespaced`.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub scope: ResourceScope,
    /// Singular resource name, for messages and command-line use.
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub singular_resource: String,
    /// Supported operations, such as `get`, `list`, `watch` or `create`.
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "set")]
    pub verbs: Option<Vec<String>>,
    /// Suggested abbreviations of the resource name.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub short_names: Vec<String>,
    /// Groupings the resource belongs to, such as `all`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub categories: Vec<String>,
    /// Subresources of this resource.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "subresource")]
    pub subresources: Vec<APISubresourceDiscovery>,
}

/// Whether a resource lives in namespaces or at cluster level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    /// Cluster-scoped.
    pub const CLUSTER: &'static str = "Cluster";
    /// Namespace-scoped.
    pub const NAMESPACED: &'static str = "Namespaced";
}

/// Whether a group version's discovery data is up to date.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DiscoveryFreshness(pub String);

impl DiscoveryFreshness {
    /// Recently refreshed.
    pub const CURRENT: &'static str = "Current";
    /// Could not be refreshed; may be well out of date.
    pub const STALE: &'static str = "Stale";
}

/// Discovery data for one subresource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APISubresourceDiscovery {
    /// Subresource name, as used in URL paths.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub subresource: String,
    /// Group, version and kind usually returned; empty for subresources returning no regular object.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response_kind: Option<GroupVersionKind>,
    /// Kinds the subresource accepts as input; not necessarily complete.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "group", list_map_key = "version", list_map_key = "kind")]
    pub accepted_types: Vec<GroupVersionKind>,
    /// Supported operations, possibly including custom verbs.
    #[kapi(proto = 4)]
    #[kapi(optional, list_type = "set")]
    pub verbs: Option<Vec<String>>,
}
