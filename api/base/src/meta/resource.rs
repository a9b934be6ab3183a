//! A served resource described type-erased ([`ResourceInfo`]): what a server or tracker needs to
//! handle any registered resource by URL, and what `Status` errors name. Clients build it from
//! their static resource traits; the facts themselves belong to neither side.

use kapi_machinery::schema::TypeSchema;
use kapi_machinery::{GroupVersionKind, GroupVersionResource, KindInfo, Object, Subresource};

use crate::meta::v1::{ListMeta, ObjectMeta};

/// Objects of a resource, type-erased.
pub type Objects = Vec<Box<dyn Object>>;

/// A list's items and metadata, type-erased.
pub type ListParts = (Objects, ListMeta);

/// Builds a list object of a resource from its items and metadata.
pub type NewListFn = fn(Objects, ListMeta) -> Box<dyn Object>;

/// Takes a list object of a resource apart.
pub type SplitListFn = fn(Box<dyn Object>) -> Option<ListParts>;

/// A resource's description and operations, type-erased: what the tracker and the test server
/// use to handle any resource registered with them.
#[derive(Clone, Copy)]
pub struct ResourceInfo {
    /// The API group, `""` for core, whose resources are served under `/api` rather than `/apis`.
    pub group: &'static str,
    /// The version served, and the one its objects are encoded in (`v1`).
    pub version: &'static str,
    /// The plural lowercase name in request paths (`pods`); most `Status` errors name this, not
    /// the kind (`pods "x" not found`), as upstream's do.
    pub resource: &'static str,
    /// The kind of its objects (`Pod`), as written in their `kind` field; `Invalid` errors name it.
    pub kind: &'static str,
    /// The list kind (`None` for create-only resources without one).
    pub list_kind: Option<&'static str>,
    /// Whether objects live in a namespace (paths under `/namespaces/{ns}/`) or cluster-wide.
    pub namespaced: bool,
    /// Whether the resource may be read and written as `application/vnd.kubernetes.protobuf`;
    /// false for custom resources, which upstream serves as JSON only.
    pub protobuf: bool,
    /// The verbs served (`get`, `list`, `watch`, `create`, …); a request with another is refused
    /// with 405 Method Not Allowed.
    pub verbs: &'static [&'static str],
    /// The subresources (`status`, `scale`, …) with their own verbs and body kinds.
    pub subresources: &'static [Subresource],
    /// Short names (`po`), published by discovery.
    pub short_names: &'static [&'static str],
    /// Categories (`all`), published by discovery.
    pub categories: &'static [&'static str],
    /// Whether the kind's validation checks `metadata.name` with a rule of its own (RBAC's path
    /// segments, an API service's `<version>.<group>`), set by the group that defines the kind
    /// (its `+ownNameRule` marker): a server then leaves out its DNS-subdomain check of names.
    pub own_name_rule: bool,
    /// A new, empty object of the kind.
    pub new_object: fn() -> Box<dyn Object>,
    /// The object's metadata (`None` if the object is not of this kind).
    pub metadata: fn(&dyn Object) -> Option<&ObjectMeta>,
    /// Mutable access to the object's metadata (`None` if the object is not of this kind).
    pub metadata_mut: fn(&mut dyn Object) -> Option<&mut ObjectMeta>,
    /// Builds a list object from items of this kind (items of another kind are skipped); `None`
    /// without a list kind.
    pub new_list: Option<NewListFn>,
    /// Takes the items and list metadata out of a list object of this resource.
    pub split_list: Option<SplitListFn>,
    /// The kind's schema: how patches and apply merge its lists and maps.
    pub schema: fn() -> &'static TypeSchema,
}

impl std::fmt::Debug for ResourceInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceInfo")
            .field("group", &self.group)
            .field("version", &self.version)
            .field("resource", &self.resource)
            .field("kind", &self.kind)
            .field("namespaced", &self.namespaced)
            .finish_non_exhaustive()
    }
}

impl ResourceInfo {
    /// The group, version and resource.
    pub fn gvr(&self) -> GroupVersionResource {
        GroupVersionResource::new(self.group, self.version, self.resource)
    }

    /// The group, version and kind of the objects.
    pub fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(self.group, self.version, self.kind)
    }

    /// Whether the resource supports a verb.
    pub fn supports(&self, verb: &str) -> bool {
        self.verbs.contains(&verb)
    }

    /// A subresource by name.
    pub fn subresource(&self, name: &str) -> Option<&'static Subresource> {
        self.subresources.iter().find(|s| s.name == name)
    }

    /// The kind of the resource's objects.
    pub fn kind_info(&self) -> KindInfo {
        KindInfo { group: self.group, version: self.version, kind: self.kind, new_object: self.new_object }
    }
}
