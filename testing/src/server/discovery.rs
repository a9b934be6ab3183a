//! Legacy discovery of the served resources, so that kubectl and other discovery-driven clients
//! can talk to the test server: `GET /api` (`APIVersions`), `/apis` (`APIGroupList`),
//! `/apis/<group>` (`APIGroup`) and `/api/v1`, `/apis/<group>/<version>` (`APIResourceList`, with
//! the subresources as `<resource>/<subresource>` entries naming their kind, as upstream lists
//! `deployments/scale` with autoscaling/v1 `Scale`), and aggregated discovery: `/api` and `/apis`
//! answer an `apidiscovery.k8s.io/v2` `APIGroupDiscoveryList` to a client whose `Accept` asks for
//! `application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`, as upstream does.
//! Both list each resource's short names and categories (`po`, `all`), which kubectl resolves
//! `get po` and `get all` with.

use std::collections::BTreeMap;

use kapi_api::apidiscovery::v2::{
    APIGroupDiscovery, APIGroupDiscoveryList, APIResourceDiscovery, APISubresourceDiscovery, APIVersionDiscovery,
    DiscoveryFreshness, ResourceScope,
};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, GroupVersionForDiscovery, GroupVersionKind,
    ObjectMeta, ServerAddressByClientCIDR, Verbs,
};
use kapi_machinery::{Kind, KindInfo, Object, Subresource, TypeMeta};

use super::versions::{storage_version_hash, version_key};

/// The discovery document of a path, if it is a discovery path. `host` is the address the
/// client reached the server at, which `/api` reports for every client network as upstream
/// reports its external address (clients such as the Python one require the list).
///
/// `storage` names the resource whose store holds a resource's objects, for its
/// `storageVersionHash`; `custom` tells the resources a CustomResourceDefinition serves.
pub(super) fn document(
    path: &str,
    host: Option<&str>,
    resources: &[ResourceInfo],
    storage: &dyn Fn(&ResourceInfo) -> Option<ResourceInfo>,
    custom: &dyn Fn(&ResourceInfo) -> bool,
) -> Option<Box<dyn Object>> {
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segs.as_slice() {
        ["api"] => Some(Box::new(APIVersions {
            type_meta: type_meta::<APIVersions>(),
            versions: Some(versions_of(resources, "").into_iter().map(str::to_owned).collect()),
            server_address_by_client_cidrs: Some(vec![ServerAddressByClientCIDR {
                client_cidr: "0.0.0.0/0".to_owned(),
                server_address: host.unwrap_or("localhost").to_owned(),
            }]),
        })),
        ["apis"] => Some(Box::new(APIGroupList {
            type_meta: type_meta::<APIGroupList>(),
            groups: Some(groups(resources).into_iter().map(|g| group(resources, g)).collect()),
        })),
        ["apis", g] if resources.iter().any(|r| r.group == *g && !g.is_empty()) => {
            Some(Box::new(APIGroup { type_meta: type_meta::<APIGroup>(), ..group(resources, g) }))
        }
        ["api", v] => resource_list(resources, "", v, storage, custom),
        ["apis", g, v] if !g.is_empty() => resource_list(resources, g, v, storage, custom),
        _ => None,
    }
}

/// The media type of aggregated discovery responses.
pub(super) const AGGREGATED_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// Whether an `Accept` header asks for aggregated discovery v2 (with a non-zero quality).
pub(super) fn wants_aggregated(accept: Option<&str>) -> bool {
    accept.is_some_and(|a| {
        a.split(',').any(|range| {
            let mut parts = range.split(';').map(str::trim);
            let essence = parts.next().unwrap_or_default();
            if !essence.eq_ignore_ascii_case("application/json") {
                return false;
            }
            let (mut g, mut v, mut r#as, mut q) = (false, false, false, true);
            for p in parts {
                let (k, val) = p.split_once('=').unwrap_or((p, ""));
                let val = val.trim().trim_matches('"');
                match k.trim().to_ascii_lowercase().as_str() {
                    "g" => g = val == "apidiscovery.k8s.io",
                    "v" => v = val == "v2",
                    "as" => r#as = val == "APIGroupDiscoveryList",
                    "q" => q = val.parse::<f32>().is_ok_and(|q| q > 0.0),
                    _ => {}
                }
            }
            g && v && r#as && q
        })
    })
}

/// The aggregated discovery document of `/api` (the core group) or `/apis` (the others).
/// `custom` tells the resources a CustomResourceDefinition serves.
pub(super) fn aggregated(
    path: &str,
    resources: &[ResourceInfo],
    custom: &dyn Fn(&ResourceInfo) -> bool,
) -> Option<APIGroupDiscoveryList> {
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let names: Vec<&str> = match segs.as_slice() {
        ["api"] => vec![""],
        ["apis"] => groups(resources),
        _ => return None,
    };
    let items = names
        .into_iter()
        .filter(|g| resources.iter().any(|r| r.group == *g))
        .map(|g| APIGroupDiscovery {
            type_meta: TypeMeta::default(),
            metadata: ObjectMeta { name: g.to_owned(), ..ObjectMeta::default() },
            versions: versions_of(resources, g)
                .into_iter()
                .map(|v| {
                    // By resource name: upstream's installer registers a built-in group version's
                    // paths sorted, and apiextensions sorts a custom group version's entries.
                    let mut entries: Vec<APIResourceDiscovery> = resources
                        .iter()
                        .filter(|r| r.group == g && r.version == v)
                        .map(|r| aggregated_resource(r, custom(r)))
                        .collect();
                    entries.sort_by(|a, b| a.resource.cmp(&b.resource));
                    APIVersionDiscovery {
                        version: v.to_owned(),
                        resources: entries,
                        freshness: DiscoveryFreshness(DiscoveryFreshness::CURRENT.to_owned()),
                    }
                })
                .collect(),
        })
        .collect();
    Some(APIGroupDiscoveryList {
        type_meta: TypeMeta {
            kind: APIGroupDiscoveryList::KIND.into(),
            api_version: APIGroupDiscoveryList::static_gvk().api_version(),
        },
        metadata: Default::default(),
        items: Some(items),
    })
}

fn gvk_of(k: &KindInfo) -> GroupVersionKind {
    GroupVersionKind { group: k.group.to_owned(), version: k.version.to_owned(), kind: k.kind.to_owned() }
}

/// A resource's aggregated entry. Upstream builds a built-in group version's entries from its
/// legacy `APIResource`s (`ConvertGroupVersionIntoToDiscovery`), so a response kind carries a
/// group and version only where the legacy entry does (a resource's own kind has none: `{"group":
/// "","version":"","kind":"Deployment"}`; `deployments/scale` names autoscaling/v1); apiextensions
/// writes a custom resource's own entries with the full group and version. Neither fills
/// `acceptedTypes`.
fn aggregated_resource(r: &ResourceInfo, custom: bool) -> APIResourceDiscovery {
    let (group, version) = if custom { (r.group, r.version) } else { ("", "") };
    APIResourceDiscovery {
        resource: r.resource.to_owned(),
        response_kind: Some(GroupVersionKind {
            group: group.to_owned(),
            version: version.to_owned(),
            kind: r.kind.to_owned(),
        }),
        scope: ResourceScope(if r.namespaced { ResourceScope::NAMESPACED } else { ResourceScope::CLUSTER }.to_owned()),
        singular_resource: r.kind.to_ascii_lowercase(),
        verbs: verbs(r.verbs, !custom).map(|v| v.0),
        short_names: owned(r.short_names),
        categories: owned(r.categories),
        subresources: subresources(r, custom)
            .map(|s| {
                let legacy = subresource(r, s);
                APISubresourceDiscovery {
                    subresource: s.name.to_owned(),
                    response_kind: Some(if custom {
                        gvk_of(&s.result)
                    } else {
                        GroupVersionKind { group: legacy.group, version: legacy.version, kind: legacy.kind }
                    }),
                    accepted_types: Vec::new(),
                    verbs: legacy.verbs.map(|v| v.0),
                }
            })
            .collect(),
    }
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}

fn type_meta<K: Kind>() -> TypeMeta {
    TypeMeta { kind: K::KIND.into(), api_version: "v1".into() }
}

/// The served versions of a group, preferred first.
fn versions_of<'a>(resources: &'a [ResourceInfo], group: &str) -> Vec<&'a str> {
    let mut versions: Vec<&str> = resources.iter().filter(|r| r.group == group).map(|r| r.version).collect();
    versions.sort_by_key(|v| version_key(v));
    versions.dedup();
    versions
}

/// The served groups (not core), by name.
fn groups(resources: &[ResourceInfo]) -> Vec<&str> {
    let set: BTreeMap<&str, ()> = resources.iter().filter(|r| !r.group.is_empty()).map(|r| (r.group, ())).collect();
    set.into_keys().collect()
}

fn group(resources: &[ResourceInfo], name: &str) -> APIGroup {
    let versions: Vec<GroupVersionForDiscovery> = versions_of(resources, name)
        .into_iter()
        .map(|v| GroupVersionForDiscovery { group_version: format!("{name}/{v}"), version: v.to_owned() })
        .collect();
    APIGroup {
        type_meta: TypeMeta::default(),
        name: name.to_owned(),
        preferred_version: versions.first().cloned().unwrap_or_default(),
        versions: Some(versions),
        server_address_by_client_cidrs: Vec::new(),
    }
}

/// Discovery verbs: apply is a patch.
/// The verbs discovery lists: sorted for a built-in resource (upstream's installer sorts them),
/// as apiextensions lists them for a custom resource.
fn verbs(verbs: &[&str], sorted: bool) -> Option<Verbs> {
    let mut out: Vec<String> = verbs.iter().filter(|v| **v != "apply").map(|v| (*v).to_owned()).collect();
    if sorted {
        out.sort();
    }
    Some(Verbs(out))
}

/// A resource's subresources in aggregated discovery's order: a built-in group version's paths are
/// registered sorted (`deployments/scale` before `deployments/status`); apiextensions lists a
/// custom resource's `status` before its `scale`.
fn subresources(r: &ResourceInfo, custom: bool) -> impl Iterator<Item = &Subresource> {
    let mut subs: Vec<&Subresource> = r.subresources.iter().collect();
    if !custom {
        subs.sort_by_key(|s| s.name);
    }
    subs.into_iter()
}

fn resource_list(
    resources: &[ResourceInfo],
    group: &str,
    version: &str,
    storage: &dyn Fn(&ResourceInfo) -> Option<ResourceInfo>,
    custom: &dyn Fn(&ResourceInfo) -> bool,
) -> Option<Box<dyn Object>> {
    let served: Vec<&ResourceInfo> = resources.iter().filter(|r| r.group == group && r.version == version).collect();
    if served.is_empty() {
        return None;
    }
    let mut list = Vec::new();
    for r in &served {
        list.push(APIResource {
            name: r.resource.to_owned(),
            singular_name: r.kind.to_ascii_lowercase(),
            namespaced: r.namespaced,
            kind: r.kind.to_owned(),
            verbs: verbs(r.verbs, !custom(r)),
            short_names: owned(r.short_names),
            categories: owned(r.categories),
            storage_version_hash: if stored(r) {
                storage(r).map(|s| storage_version_hash(s.group, s.version, s.kind)).unwrap_or_default()
            } else {
                String::new()
            },
            ..APIResource::default()
        });
        // In the resource's own order: a custom resource's is apiextensions' (`status`, then
        // `scale`), and a built-in group version's list is sorted whole below.
        for s in r.subresources {
            list.push(subresource(r, s));
        }
    }
    // A built-in group version's resources and subresources are listed in the sorted order of
    // their paths, as upstream's installer registers them (`foo-bar` before `foo/status`).
    if !served.iter().any(|r| custom(r)) {
        list.sort_by(|a, b| a.name.cmp(&b.name));
    }
    let group_version = if group.is_empty() { version.to_owned() } else { format!("{group}/{version}") };
    Some(Box::new(APIResourceList {
        type_meta: type_meta::<APIResourceList>(),
        group_version,
        api_resources: Some(list),
    }))
}

/// Whether a resource keeps objects (upstream publishes a `storageVersionHash` only for those):
/// reviews and bindings are only posted, component statuses are computed on each read.
fn stored(r: &ResourceInfo) -> bool {
    r.verbs != ["create"] && (r.group, r.resource) != ("", "componentstatuses")
}

/// A subresource's entry: the kind clients send (for subresources only posted to) or get back,
/// with its group and version when they are not the resource's.
fn subresource(r: &ResourceInfo, s: &Subresource) -> APIResource {
    let kind = if s.verbs == ["create"] { s.input_kinds()[0] } else { s.result };
    let other = (kind.group, kind.version) != (r.group, r.version);
    APIResource {
        name: format!("{}/{}", r.resource, s.name),
        namespaced: r.namespaced,
        group: if other { kind.group.to_owned() } else { String::new() },
        version: if other { kind.version.to_owned() } else { String::new() },
        kind: kind.kind.to_owned(),
        verbs: verbs(s.verbs, true),
        ..APIResource::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_as_upstream() {
        let mut v = vec!["v1alpha1", "v1beta1", "v2", "v1", "v1beta2", "foo", "v2alpha1"];
        v.sort_by_key(|v| version_key(v));
        assert_eq!(v, ["v2", "v1", "v1beta2", "v1beta1", "v2alpha1", "v1alpha1", "foo"]);
    }
}
