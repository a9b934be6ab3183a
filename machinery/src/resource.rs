//! Plain facts about served resources that clients and servers share: a kind as a server sees it
//! ([`KindInfo`]), the subresources of a resource ([`Subresource`]) and a resource's name in a
//! group version ([`GroupVersionResource`]). No behaviour of either side lives here.

use crate::{GroupVersionKind, Kind, Object};

/// A kind as servers and trackers see it: its group, version and name, and how to make an empty
/// one (to decode a body into).
#[derive(Clone, Copy)]
pub struct KindInfo {
    /// The API group; empty for the core group.
    pub group: &'static str,
    /// The version within the group.
    pub version: &'static str,
    /// The kind's CamelCase name, as in a serialized object's `kind`.
    pub kind: &'static str,
    /// A new, empty object of the kind.
    pub new_object: fn() -> Box<dyn Object>,
}

fn new_object<K: Kind>() -> Box<dyn Object> {
    Box::new(K::default())
}

impl KindInfo {
    /// The description of kind `K`.
    pub const fn of<K: Kind>() -> KindInfo {
        KindInfo { group: K::GROUP, version: K::VERSION, kind: K::KIND, new_object: new_object::<K> }
    }

    /// The group, version and kind.
    pub fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(self.group, self.version, self.kind)
    }

    /// `group/version`, or `version` for the core group.
    pub fn api_version(&self) -> String {
        self.gvk().api_version()
    }
}

impl std::fmt::Debug for KindInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.gvk())
    }
}

impl PartialEq for KindInfo {
    fn eq(&self, other: &Self) -> bool {
        (self.group, self.version, self.kind) == (other.group, other.version, other.kind)
    }
}

/// The verbs of a subresource whose bodies are the resource's own kind (`status`).
pub const OWN_KIND_SUBRESOURCE_VERBS: &[&str] = &["get", "update", "patch", "apply"];

/// A subresource of a resource: its name, the verbs it is served with and the kinds of request
/// and response bodies (`scale` of apps/v1 `deployments`: get, update, patch and apply of
/// autoscaling/v1 `Scale`; `eviction` of `pods`: create with a policy/v1 `Eviction`, answered
/// with a `Status`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Subresource {
    /// The path segment (`scale`).
    pub name: &'static str,
    /// `get`, `create`, `update`, `patch`, `apply`.
    pub verbs: &'static [&'static str],
    /// The kinds request bodies may be (the first is the one clients send by default).
    pub inputs: &'static [KindInfo],
    /// The kind of responses.
    pub result: KindInfo,
}

impl Subresource {
    /// A subresource whose bodies are of kind `K`, the resource's own (`status`), served with
    /// [`OWN_KIND_SUBRESOURCE_VERBS`].
    pub const fn own_kind<K: Kind>(name: &'static str) -> Subresource {
        let kind = KindInfo::of::<K>();
        Subresource { name, verbs: OWN_KIND_SUBRESOURCE_VERBS, inputs: &[], result: kind }
    }

    /// Whether the subresource is served with a verb.
    pub fn supports(&self, verb: &str) -> bool {
        self.verbs.contains(&verb)
    }

    /// The kinds request bodies may be: the declared inputs, or the result kind for a subresource
    /// of the resource's own kind.
    pub fn input_kinds(&self) -> &[KindInfo] {
        if self.inputs.is_empty() { std::slice::from_ref(&self.result) } else { self.inputs }
    }
}

/// The group, version and plural name of a resource.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupVersionResource {
    /// The API group; empty for the core group, whose resources live under `/api`.
    pub group: String,
    /// The version within the group.
    pub version: String,
    /// The lowercase plural name that appears in URLs (`pods`, `deployments`), without any
    /// subresource.
    pub resource: String,
}

impl GroupVersionResource {
    /// A resource name in a group version.
    pub fn new(group: impl Into<String>, version: impl Into<String>, resource: impl Into<String>) -> Self {
        GroupVersionResource { group: group.into(), version: version.into(), resource: resource.into() }
    }

    /// The URL prefix of the group version: `/api/v1` for core, `/apis/<group>/<version>` otherwise.
    pub fn prefix(&self) -> String {
        if self.group.is_empty() {
            format!("/api/{}", self.version)
        } else {
            format!("/apis/{}/{}", self.group, self.version)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_of_core_and_named_groups() {
        assert_eq!(GroupVersionResource::new("", "v1", "pods").prefix(), "/api/v1");
        assert_eq!(GroupVersionResource::new("apps", "v1", "deployments").prefix(), "/apis/apps/v1");
    }

    #[test]
    fn subresource_inputs_default_to_the_result_kind() {
        let result = KindInfo { group: "g", version: "v1", kind: "K", new_object: unreachable_object };
        let own = Subresource { name: "status", verbs: OWN_KIND_SUBRESOURCE_VERBS, inputs: &[], result };
        assert_eq!(own.input_kinds(), &[result]);
        assert!(own.supports("patch"));
        assert!(!own.supports("create"));
        assert_eq!(result.api_version(), "g/v1");
    }

    fn unreachable_object() -> Box<dyn Object> {
        unreachable!("the test never makes an object")
    }
}
