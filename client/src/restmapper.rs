//! A REST mapper over discovery data: kind ↔ resource and scope, and the names kubectl accepts (`deploy`, `deployments.apps`, `deployment.v1.apps`).
//!
//! Where a kind or a name is served by several group versions, the mapper prefers what
//! discovery lists first: groups in the server's order (core first) and, within a group, its
//! preferred version, as upstream's priority mapper over discovery does.

use kapi_machinery::GroupVersionKind;

use crate::discovery::{DiscoveredResource, Discovery};
use crate::dynamic::ApiResource;
use crate::{Error, GroupVersionResource};

/// Nothing the server serves matches the kind or name asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoMatch(pub String);

impl From<NoMatch> for Error {
    fn from(e: NoMatch) -> Error {
        Error::InvalidRequest(e.0)
    }
}

/// Maps kinds and names to resources, from one discovery run.
#[derive(Debug, Clone)]
pub struct RestMapper {
    /// Every resource in preference order.
    resources: Vec<DiscoveredResource>,
}

impl RestMapper {
    /// A mapper over discovery data.
    pub fn new(discovery: &Discovery) -> RestMapper {
        RestMapper { resources: discovery.resources().cloned().collect() }
    }

    /// Every resource the mapper knows, in preference order.
    pub fn resources(&self) -> &[DiscoveredResource] {
        &self.resources
    }

    /// The resource of a kind in exactly its group and version.
    pub fn resource_for(&self, gvk: &GroupVersionKind) -> Result<ApiResource, NoMatch> {
        self.resources
            .iter()
            .find(|r| r.group == gvk.group && r.version == gvk.version && r.kind == gvk.kind)
            .map(DiscoveredResource::api_resource)
            .ok_or_else(|| {
                NoMatch(format!("no matches for kind {:?} in version {:?}", gvk.kind, gvk.group_version().to_string()))
            })
    }

    /// The resource of a kind of a group, in `version` if given, else in the most preferred
    /// version serving it (upstream's `RESTMapping`).
    pub fn mapping(&self, group: &str, kind: &str, version: Option<&str>) -> Result<ApiResource, NoMatch> {
        self.resources
            .iter()
            .find(|r| r.group == group && r.kind == kind && version.is_none_or(|v| v == r.version))
            .map(DiscoveredResource::api_resource)
            .ok_or_else(|| match version {
                Some(v) => NoMatch(format!(
                    "no matches for kind {kind:?} in version {:?}",
                    if group.is_empty() { v.to_owned() } else { format!("{group}/{v}") }
                )),
                None => NoMatch(format!("no matches for kind {kind:?} in group {group:?}")),
            })
    }

    /// The kind a resource serves.
    pub fn kind_for(&self, gvr: &GroupVersionResource) -> Result<GroupVersionKind, NoMatch> {
        self.resources
            .iter()
            .find(|r| r.group == gvr.group && r.version == gvr.version && r.resource == gvr.resource)
            .map(DiscoveredResource::gvk)
            .ok_or_else(|| NoMatch(format!("the server doesn't have a resource type {:?}", gvr.resource)))
    }

    /// Resolves a name as kubectl does: a plural, singular or short name or the kind (any case),
    /// optionally qualified by a group (`deployments.apps`) or a version and group
    /// (`deployments.v1.apps`; a version alone for the core group: `pods.v1`).
    pub fn find(&self, arg: &str) -> Result<ApiResource, NoMatch> {
        let arg = arg.trim();
        let (name, qualifier) = arg.split_once('.').map_or((arg, None), |(n, q)| (n, Some(q)));
        let name = name.to_ascii_lowercase();
        let names = |r: &DiscoveredResource| {
            r.resource == name
                || r.singular == name
                || r.kind.eq_ignore_ascii_case(&name)
                || r.short_names.iter().any(|s| s.eq_ignore_ascii_case(&name))
        };
        let found = match qualifier {
            None => self.resources.iter().find(|r| names(r)),
            Some(q) => {
                // `version.group` (or a bare core version) first, then `group`, as kubectl does.
                let (v, g) = q.split_once('.').map_or((q, ""), |(v, g)| (v, g));
                self.resources
                    .iter()
                    .find(|r| names(r) && r.version == v && r.group == g)
                    .or_else(|| self.resources.iter().find(|r| names(r) && r.group == q))
            }
        };
        found
            .map(DiscoveredResource::api_resource)
            .ok_or_else(|| NoMatch(format!("the server doesn't have a resource type {arg:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discovery::{DiscoveredGroup, DiscoveredVersion, DiscoverySource};

    fn res(group: &str, version: &str, kind: &str, resource: &str, short: &[&str]) -> DiscoveredResource {
        DiscoveredResource {
            group: group.into(),
            version: version.into(),
            kind: kind.into(),
            resource: resource.into(),
            singular: kind.to_ascii_lowercase(),
            namespaced: true,
            verbs: vec!["get".into()],
            short_names: short.iter().map(|s| (*s).to_owned()).collect(),
            categories: Vec::new(),
            subresources: Vec::new(),
        }
    }

    fn mapper() -> RestMapper {
        let version = |v: &str, resources| DiscoveredVersion { version: v.into(), resources, stale: false };
        RestMapper::new(&Discovery {
            source: DiscoverySource::Aggregated,
            failed: Vec::new(),
            groups: vec![
                DiscoveredGroup {
                    name: "".into(),
                    versions: vec![version("v1", vec![res("", "v1", "Pod", "pods", &["po"])])],
                },
                DiscoveredGroup {
                    name: "apps".into(),
                    versions: vec![
                        version("v1", vec![res("apps", "v1", "Deployment", "deployments", &["deploy"])]),
                        version("v1beta1", vec![res("apps", "v1beta1", "Deployment", "deployments", &[])]),
                    ],
                },
                DiscoveredGroup {
                    name: "example.com".into(),
                    versions: vec![version("v1", vec![res("example.com", "v1", "Pod", "pods", &[])])],
                },
            ],
        })
    }

    #[test]
    fn maps_kinds_to_resources() {
        let m = mapper();
        assert_eq!(m.mapping("apps", "Deployment", None).unwrap().version, "v1", "the preferred version");
        assert_eq!(m.mapping("apps", "Deployment", Some("v1beta1")).unwrap().version, "v1beta1");
        assert_eq!(
            m.mapping("apps", "Deployment", Some("v2")).unwrap_err().to_string(),
            r#"no matches for kind "Deployment" in version "apps/v2""#
        );
        let gvk = GroupVersionKind::new("example.com", "v1", "Pod");
        assert_eq!(m.resource_for(&gvk).unwrap().resource, "pods");
        assert_eq!(
            m.kind_for(&GroupVersionResource::new("apps", "v1beta1", "deployments")).unwrap(),
            GroupVersionKind::new("apps", "v1beta1", "Deployment")
        );
        assert!(m.resource_for(&GroupVersionKind::new("", "v1", "Widget")).is_err());
    }

    #[test]
    fn finds_names_as_kubectl() {
        let m = mapper();
        assert_eq!(m.find("po").unwrap().group, "", "core is preferred over a later group with the same name");
        assert_eq!(m.find("Pods").unwrap().group, "");
        assert_eq!(m.find("pods.example.com").unwrap().group, "example.com");
        assert_eq!(m.find("pods.v1").unwrap().group, "");
        assert_eq!(m.find("deploy").unwrap().version, "v1");
        assert_eq!(m.find("deployment.v1beta1.apps").unwrap().version, "v1beta1");
        assert_eq!(m.find("deployments.apps").unwrap().version, "v1");
        assert_eq!(m.find("widgets").unwrap_err().to_string(), r#"the server doesn't have a resource type "widgets""#);
    }
}
