//! The internal (hub) types of `apidiscovery.k8s.io`: aggregated discovery documents, which v2 and v2beta1 convert to and from.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{GroupVersionKind, ListMeta, ObjectMeta};

/// The aggregated discovery document served at `/api` and `/apis`: every group the cluster serves.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", internal)]
pub struct APIGroupDiscoveryList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata; `resource_version` is never set.
    pub metadata: ListMeta,
    /// The groups, most preferred first.
    pub items: Option<Vec<APIGroupDiscovery>>,
}

/// The resources an API group serves, per version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apidiscovery.k8s.io", internal)]
pub struct APIGroupDiscovery {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Only `name` is set: the group name, empty for the legacy core group.
    pub metadata: ObjectMeta,
    /// The served versions, preferred version first.
    pub versions: Vec<APIVersionDiscovery>,
}

/// The resources served in one version of a group.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct APIVersionDiscovery {
    /// The version name, such as `v1`.
    pub version: String,
    /// The resources of this group version.
    pub resources: Vec<APIResourceDiscovery>,
    /// `Current`, or `Stale` when the document could not be refreshed and may be outdated.
    pub freshness: DiscoveryFreshness,
}

/// Discovery data for one resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct APIResourceDiscovery {
    /// Plural resource name, used in URL paths and unique within the group.
    pub resource: String,
    /// Group, version and kind usually returned; empty when the parent resource has no operations.
    pub response_kind: Option<GroupVersionKind>,
    /// `Cluster` or `Namespaced`.
    pub scope: ResourceScope,
    /// Singular resource name, for messages and command-line use.
    pub singular_resource: String,
    /// Supported operations, such as `get`, `list`, `watch` or `create`.
    pub verbs: Option<Vec<String>>,
    /// Suggested abbreviations of the resource name.
    pub short_names: Vec<String>,
    /// Groupings the resource belongs to, such as `all`.
    pub categories: Vec<String>,
    /// Subresources of this resource.
    pub subresources: Vec<APISubresourceDiscovery>,
}

/// Whether a resource lives in namespaces or at cluster level.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    /// Cluster-scoped.
    pub const CLUSTER: &'static str = "Cluster";
    /// Namespace-scoped.
    pub const NAMESPACED: &'static str = "Namespaced";
}

/// Whether a group version's discovery data is up to date.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DiscoveryFreshness(pub String);

impl DiscoveryFreshness {
    /// Recently refreshed.
    pub const CURRENT: &'static str = "Current";
    /// Could not be refreshed; may be well out of date.
    pub const STALE: &'static str = "Stale";
}

/// Discovery data for one subresource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct APISubresourceDiscovery {
    /// Subresource name, as used in URL paths.
    pub subresource: String,
    /// Group, version and kind usually returned; empty for subresources returning no regular object.
    pub response_kind: Option<GroupVersionKind>,
    /// Kinds the subresource accepts as input; not necessarily complete.
    pub accepted_types: Vec<GroupVersionKind>,
    /// Supported operations, possibly including custom verbs.
    pub verbs: Option<Vec<String>>,
}
