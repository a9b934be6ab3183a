//! API discovery: which groups, versions and resources a server serves, read from aggregated discovery (`apidiscovery.k8s.io/v2`) with the legacy documents as fallback.
//!
//! [`Discovery::run`] asks `/api` and `/apis` for an `APIGroupDiscoveryList` (two requests in
//! all); a server that answers with plain JSON instead is asked the legacy way, as client-go
//! does: `/api` (`APIVersions`), `/apis` (`APIGroupList`), then one `APIResourceList` per group
//! version. A group version whose legacy document fails is recorded in [`Discovery::failed`]
//! and the rest is kept, as upstream's `ErrGroupDiscoveryFailed` does.

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use kapi_api::apidiscovery::v2::{APIGroupDiscoveryList, APIResourceDiscovery, ResourceScope};
use kapi_api::meta::v1::{APIGroupList, APIResource, APIResourceList, APIVersions};
use kapi_machinery::{GroupVersion, GroupVersionKind, JsonDecode};

use crate::dynamic::ApiResource;
use crate::transport::MaxResponseBytes;
use crate::{Client, Error, StatusError, StatusErrorExt, body};

/// The media type of aggregated discovery (`apidiscovery.k8s.io/v2`, kind `APIGroupDiscoveryList`).
pub const AGGREGATED_DISCOVERY_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// The `Accept` header of discovery requests: aggregated discovery first, plain JSON (the legacy
/// documents) as the fallback.
pub const DISCOVERY_ACCEPT: &str =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;q=0.9";

/// The largest discovery document read (a large cluster's aggregated document is a few MiB).
pub const MAX_DISCOVERY_BYTES: u64 = 64 * 1024 * 1024;

/// Where the discovery data came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscoverySource {
    /// `apidiscovery.k8s.io/v2` from `/api` and `/apis`.
    Aggregated,
    /// `/api`, `/apis` and one document per group version.
    Legacy,
}

/// A subresource of a discovered resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredSubresource {
    /// The path segment (`status`, `scale`).
    pub name: String,
    /// The kind it returns, when the server says.
    pub kind: Option<GroupVersionKind>,
    /// The verbs it is served with.
    pub verbs: Vec<String>,
}

/// A resource a server serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredResource {
    /// The API group; empty for the core group.
    pub group: String,
    /// The version it is served in.
    pub version: String,
    /// The kind of its objects.
    pub kind: String,
    /// The plural name (`deployments`).
    pub resource: String,
    /// The singular name (`deployment`); the lower-case kind when the server gives none.
    pub singular: String,
    /// Whether its objects live in namespaces.
    pub namespaced: bool,
    /// The verbs it is served with (`get`, `list`, `watch`, …).
    pub verbs: Vec<String>,
    /// Short names kubectl accepts (`deploy`).
    pub short_names: Vec<String>,
    /// Categories it belongs to (`all`).
    pub categories: Vec<String>,
    /// Its subresources (`status`, `scale`, …).
    pub subresources: Vec<DiscoveredSubresource>,
}

impl DiscoveredResource {
    /// How the dynamic client addresses it.
    pub fn api_resource(&self) -> ApiResource {
        ApiResource {
            group: self.group.clone(),
            version: self.version.clone(),
            kind: self.kind.clone(),
            resource: self.resource.clone(),
            namespaced: self.namespaced,
        }
    }

    /// The group, version and kind.
    pub fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(&self.group, &self.version, &self.kind)
    }

    /// Whether it is served with a verb.
    pub fn supports(&self, verb: &str) -> bool {
        self.verbs.iter().any(|v| v == verb)
    }
}

/// One version of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredVersion {
    /// The version name (`v1`).
    pub version: String,
    /// The resources served in this version.
    pub resources: Vec<DiscoveredResource>,
    /// Aggregated discovery marked it `Stale`: the server could not refresh it.
    pub stale: bool,
}

/// A group and its versions, preferred version first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredGroup {
    /// The group name; empty for the core group.
    pub name: String,
    /// Its versions, the preferred one first.
    pub versions: Vec<DiscoveredVersion>,
}

impl DiscoveredGroup {
    /// The preferred version.
    pub fn preferred_version(&self) -> Option<&str> {
        self.versions.first().map(|v| v.version.as_str())
    }
}

/// What a server serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discovery {
    /// Which discovery documents it was read from.
    pub source: DiscoverySource,
    /// The groups in the server's order (the core group first).
    pub groups: Vec<DiscoveredGroup>,
    /// Group versions whose legacy document could not be read, with the error.
    pub failed: Vec<(GroupVersion, String)>,
}

/// A discovery document read from the server: its content type and body.
struct Document {
    content_type: String,
    data: Bytes,
}

async fn get(client: &Client, path: &str, accept: &str) -> Result<Document, Error> {
    let url = format!("{}{path}", client.base_url());
    let context = format!("GET {url}");
    let request = http::Request::builder()
        .method(http::Method::GET)
        .uri(&url)
        .header(ACCEPT, accept)
        .extension(MaxResponseBytes(MAX_DISCOVERY_BYTES))
        .body(Bytes::new())
        .map_err(|e| Error::InvalidRequest(format!("{context}: {e}")))?;
    let response = client.service().call(request).await?;
    let (parts, body) = response.into_parts();
    client.deliver_warnings(&parts.headers, &mut Vec::new());
    let data = body::collect(body).await.map_err(|e| Error::from_body(&context, e))?;
    if !parts.status.is_success() {
        return Err(Error::Api(Box::new(StatusError::from_response(parts.status.as_u16(), &parts.headers, &data))));
    }
    let content_type = parts.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    Ok(Document { content_type, data })
}

fn decode<T: JsonDecode + Default>(path: &str, data: &[u8]) -> Result<T, Error> {
    kapi_machinery::json::from_slice::<T>(data)
        .map_err(|e| Error::Decode { context: format!("the discovery document {path}"), source: e.into() })
}

/// Whether a content type is aggregated discovery v2: `application/json` with the parameters
/// `g=apidiscovery.k8s.io`, `v=v2` and `as=APIGroupDiscoveryList`.
pub fn is_aggregated_v2(content_type: &str) -> bool {
    let mut parts = content_type.split(';').map(str::trim);
    if !parts.next().is_some_and(|e| e.eq_ignore_ascii_case("application/json")) {
        return false;
    }
    let (mut g, mut v, mut r#as) = (false, false, false);
    for p in parts {
        let (k, val) = p.split_once('=').unwrap_or((p, ""));
        let val = val.trim().trim_matches('"');
        match k.trim().to_ascii_lowercase().as_str() {
            "g" => g = val == "apidiscovery.k8s.io",
            "v" => v = val == "v2",
            "as" => r#as = val == "APIGroupDiscoveryList",
            _ => {}
        }
    }
    g && v && r#as
}

fn strings(v: &Option<Vec<String>>) -> Vec<String> {
    v.clone().unwrap_or_default()
}

fn from_aggregated_resource(group: &str, version: &str, r: &APIResourceDiscovery) -> Option<DiscoveredResource> {
    // Upstream skips resources without a response kind; nothing could be decoded from them.
    let kind = r.response_kind.as_ref()?.kind.clone();
    Some(DiscoveredResource {
        group: group.to_owned(),
        version: version.to_owned(),
        singular: if r.singular_resource.is_empty() { kind.to_ascii_lowercase() } else { r.singular_resource.clone() },
        kind,
        resource: r.resource.clone(),
        namespaced: r.scope.0 == ResourceScope::NAMESPACED,
        verbs: strings(&r.verbs),
        short_names: r.short_names.clone(),
        categories: r.categories.clone(),
        subresources: r
            .subresources
            .iter()
            .map(|s| DiscoveredSubresource {
                name: s.subresource.clone(),
                kind: s.response_kind.as_ref().filter(|k| !k.kind.is_empty()).map(|k| {
                    // Upstream's built-in entries leave the group and version empty where they are
                    // the resource's own (`status`): read as the legacy list's entries are.
                    let group = if k.group.is_empty() { group } else { &k.group };
                    let version = if k.version.is_empty() { version } else { &k.version };
                    GroupVersionKind::new(group, version, &k.kind)
                }),
                verbs: strings(&s.verbs),
            })
            .collect(),
    })
}

/// The legacy resources of one `APIResourceList`, with `<resource>/<subresource>` entries folded
/// into their resource.
fn from_legacy_list(gv: &GroupVersion, list: &APIResourceList) -> Vec<DiscoveredResource> {
    let entries: &[APIResource] = list.api_resources.as_deref().unwrap_or_default();
    let mut out: Vec<DiscoveredResource> = entries
        .iter()
        .filter(|r| !r.name.contains('/'))
        .map(|r| DiscoveredResource {
            group: gv.group.clone(),
            version: gv.version.clone(),
            kind: r.kind.clone(),
            resource: r.name.clone(),
            singular: if r.singular_name.is_empty() { r.kind.to_ascii_lowercase() } else { r.singular_name.clone() },
            namespaced: r.namespaced,
            verbs: r.verbs.as_ref().map(|v| v.0.clone()).unwrap_or_default(),
            short_names: r.short_names.clone(),
            categories: r.categories.clone(),
            subresources: Vec::new(),
        })
        .collect();
    for r in entries {
        let Some((parent, sub)) = r.name.split_once('/') else { continue };
        let Some(p) = out.iter_mut().find(|p| p.resource == parent) else { continue };
        let group = if r.group.is_empty() { gv.group.clone() } else { r.group.clone() };
        let version = if r.version.is_empty() { gv.version.clone() } else { r.version.clone() };
        p.subresources.push(DiscoveredSubresource {
            name: sub.to_owned(),
            kind: (!r.kind.is_empty()).then(|| GroupVersionKind::new(group, version, &r.kind)),
            verbs: r.verbs.as_ref().map(|v| v.0.clone()).unwrap_or_default(),
        });
    }
    out
}

impl Discovery {
    /// Reads what the server serves: aggregated discovery if the server speaks it, else the
    /// legacy documents.
    pub async fn run(client: &Client) -> Result<Discovery, Error> {
        let core = get(client, "/api", DISCOVERY_ACCEPT).await?;
        if is_aggregated_v2(&core.content_type) {
            let apis = get(client, "/apis", DISCOVERY_ACCEPT).await?;
            if is_aggregated_v2(&apis.content_type) {
                let core: APIGroupDiscoveryList = decode("/api", &core.data)?;
                let apis: APIGroupDiscoveryList = decode("/apis", &apis.data)?;
                return Ok(Discovery::from_aggregated(&[core, apis]));
            }
        }
        Discovery::run_legacy(client).await
    }

    /// Reads the legacy documents only.
    pub async fn run_legacy(client: &Client) -> Result<Discovery, Error> {
        let versions: APIVersions = decode("/api", &get(client, "/api", "application/json").await?.data)?;
        let groups: APIGroupList = decode("/apis", &get(client, "/apis", "application/json").await?.data)?;
        let mut wanted: Vec<(String, Vec<String>)> =
            vec![(String::new(), versions.versions.clone().unwrap_or_default())];
        for g in groups.groups.as_deref().unwrap_or_default() {
            let mut vs: Vec<String> =
                g.versions.as_deref().unwrap_or_default().iter().map(|v| v.version.clone()).collect();
            // The preferred version goes first, the others keep the server's order.
            if let Some(i) = vs.iter().position(|v| *v == g.preferred_version.version) {
                let preferred = vs.remove(i);
                vs.insert(0, preferred);
            }
            wanted.push((g.name.clone(), vs));
        }
        let mut out = Discovery { source: DiscoverySource::Legacy, groups: Vec::new(), failed: Vec::new() };
        for (name, versions) in wanted {
            let mut group = DiscoveredGroup { name: name.clone(), versions: Vec::new() };
            for version in versions {
                let gv = GroupVersion::new(&name, &version);
                let path = if name.is_empty() { format!("/api/{version}") } else { format!("/apis/{name}/{version}") };
                let list = match get(client, &path, "application/json").await {
                    Ok(doc) => decode::<APIResourceList>(&path, &doc.data),
                    Err(e) => Err(e),
                };
                match list {
                    Ok(list) => group.versions.push(DiscoveredVersion {
                        version,
                        resources: from_legacy_list(&gv, &list),
                        stale: false,
                    }),
                    Err(e) => out.failed.push((gv, e.to_string())),
                }
            }
            if !group.versions.is_empty() {
                out.groups.push(group);
            }
        }
        Ok(out)
    }

    /// The discovery data of aggregated documents (`/api`'s, then `/apis`'s).
    pub fn from_aggregated(lists: &[APIGroupDiscoveryList]) -> Discovery {
        let mut groups = Vec::new();
        for list in lists {
            for g in list.items.as_deref().unwrap_or_default() {
                let name = g.metadata.name.clone();
                let versions = g
                    .versions
                    .iter()
                    .map(|v| DiscoveredVersion {
                        version: v.version.clone(),
                        resources: v
                            .resources
                            .iter()
                            .filter_map(|r| from_aggregated_resource(&name, &v.version, r))
                            .collect(),
                        stale: v.freshness.0 == kapi_api::apidiscovery::v2::DiscoveryFreshness::STALE,
                    })
                    .collect();
                groups.push(DiscoveredGroup { name, versions });
            }
        }
        Discovery { source: DiscoverySource::Aggregated, groups, failed: Vec::new() }
    }

    /// A group by name (`""` for core).
    pub fn group(&self, name: &str) -> Option<&DiscoveredGroup> {
        self.groups.iter().find(|g| g.name == name)
    }

    /// Every resource, group by group in the server's order, preferred versions first.
    pub fn resources(&self) -> impl Iterator<Item = &DiscoveredResource> {
        self.groups.iter().flat_map(|g| g.versions.iter().flat_map(|v| v.resources.iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_the_aggregated_content_type() {
        assert!(is_aggregated_v2(AGGREGATED_DISCOVERY_V2));
        assert!(is_aggregated_v2("application/json; as=APIGroupDiscoveryList; v=v2; g=apidiscovery.k8s.io"));
        assert!(!is_aggregated_v2("application/json"));
        assert!(!is_aggregated_v2("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList"));
        assert!(!is_aggregated_v2("application/yaml;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"));
    }

    #[test]
    fn legacy_subresources_fold_into_their_resource() {
        let list: APIResourceList = kapi_machinery::json::from_slice(
            br#"{"groupVersion":"apps/v1","resources":[
              {"name":"deployments","singularName":"","namespaced":true,"kind":"Deployment","verbs":["get","list"],"shortNames":["deploy"]},
              {"name":"deployments/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1","kind":"Scale","verbs":["get","update"]},
              {"name":"deployments/status","singularName":"","namespaced":true,"kind":"Deployment","verbs":["get"]}]}"#,
        )
        .unwrap();
        let rs = from_legacy_list(&GroupVersion::new("apps", "v1"), &list);
        assert_eq!(rs.len(), 1);
        let d = &rs[0];
        assert_eq!((d.singular.as_str(), d.short_names.as_slice()), ("deployment", &["deploy".to_owned()][..]));
        assert_eq!(d.subresources[0].kind, Some(GroupVersionKind::new("autoscaling", "v1", "Scale")));
        assert_eq!(d.subresources[1].kind, Some(GroupVersionKind::new("apps", "v1", "Deployment")));
    }
}
