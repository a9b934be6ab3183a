//! URL routing: `/api/v1/...` and `/apis/<group>/<version>/...` paths to a served resource,
//! with an optional namespace, object name and subresource.

use http::Method;
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::GroupVersionResource;

use super::query::percent_decode;
use crate::tracker::{ObjectTracker, Result};

/// Where a request points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Route {
    /// The namespace from `/namespaces/<ns>/`, if the path has one.
    pub(crate) namespace: Option<String>,
    /// The object name.
    pub(crate) name: Option<String>,
    /// The subresource (`status`).
    pub(crate) subresource: Option<String>,
    /// The path is a deprecated `/watch/…` path (`/apis/<group>/<version>/watch/<resource>`):
    /// a `GET` is the watch of the list, or of the named object, that the path without `watch`
    /// names.
    pub(crate) watch_path: bool,
}

/// What a method on a route asks for: one of the resource's verbs, or a subresource (whose own
/// table says what each method is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Served<'r> {
    /// `get`, `list`, `watch` (a `/watch/` path), `create`, `update`, `patch`, `delete`,
    /// `deletecollection`; a `?watch=true` on a `get` or `list` is the handler's to tell.
    Verb(&'static str),
    /// A method on `…/<name>/<subresource>`.
    Subresource(&'r str),
}

/// The one table of which method on which path serves what, as upstream's installer registers
/// its routes: a create-only resource (a review, the legacy `bindings`) has only its
/// collection's `POST`, a namespaced resource's collection `POST` and `DELETE` are under a
/// namespace, and any other pairing is `405`. The router's check (`restful`) and the handler's
/// dispatch both read it.
pub(crate) fn served<'r>(info: &ResourceInfo, route: &'r Route, method: &Method) -> Result<Served<'r>> {
    let object = route.name.is_some();
    if object && info.verbs == ["create"] {
        return Err(api_errors::path_not_found());
    }
    let under_namespace = !info.namespaced || route.namespace.is_some();
    Ok(Served::Verb(match (object, route.subresource.as_deref(), method.clone()) {
        (true, Some(sub), _) => return Ok(Served::Subresource(sub)),
        (_, _, Method::GET) if route.watch_path => "watch",
        (false, _, Method::GET) => "list",
        (false, _, Method::POST) if under_namespace => "create",
        (false, _, Method::DELETE) if under_namespace => "deletecollection",
        (true, None, Method::GET) => "get",
        (true, None, Method::PUT) => "update",
        (true, None, Method::PATCH) => "patch",
        (true, None, Method::DELETE) => "delete",
        _ => return Err(api_errors::method_not_allowed()),
    }))
}

/// Resolves a path to a registered resource and the rest of the route; unknown paths are
/// `404 NotFound`.
pub(crate) fn resolve(path: &str, tracker: &ObjectTracker) -> Result<(ResourceInfo, Route)> {
    let segments: Vec<String> = path.split('/').filter(|s| !s.is_empty()).map(|s| percent_decode(s, false)).collect();
    let (group, version, rest) = match segments.as_slice() {
        [api, version, rest @ ..] if api == "api" => ("", version.as_str(), rest),
        [apis, group, version, rest @ ..] if apis == "apis" => (group.as_str(), version.as_str(), rest),
        _ => return Err(api_errors::path_not_found()),
    };
    let (watch_path, rest) = match rest {
        [w, rest @ ..] if w == "watch" => (true, rest),
        rest => (false, rest),
    };
    let lookup = |resource: &str| tracker.resource(&GroupVersionResource::new(group, version, resource));
    // `namespaces/<ns>/<resource>/…` for namespaced resources; otherwise the first segment is
    // the resource (which may be `namespaces` itself).
    if let [ns_word, ns, resource, tail @ ..] = rest
        && ns_word == "namespaces"
        && let Some(info) = lookup(resource)
        && info.namespaced
    {
        return finish(info, Some(ns.clone()), tail, watch_path);
    }
    let [resource, tail @ ..] = rest else { return Err(api_errors::path_not_found()) };
    let info = lookup(resource).ok_or_else(api_errors::path_not_found)?;
    if info.namespaced && !tail.is_empty() {
        // Named objects of namespaced resources live under their namespace only.
        return Err(api_errors::path_not_found());
    }
    finish(info, None, tail, watch_path)
}

fn finish(
    info: ResourceInfo,
    namespace: Option<String>,
    tail: &[String],
    watch_path: bool,
) -> Result<(ResourceInfo, Route)> {
    let (name, subresource) = match tail {
        [] => (None, None),
        [name] => (Some(name.clone()), None),
        // Watch paths name no subresource.
        _ if watch_path => return Err(api_errors::path_not_found()),
        [name, sub] if info.subresource(sub).is_some() => (Some(name.clone()), Some(sub.clone())),
        _ => return Err(api_errors::path_not_found()),
    };
    if namespace.as_deref() == Some("") || name.as_deref() == Some("") {
        return Err(api_errors::path_not_found());
    }
    Ok((info, Route { namespace, name, subresource, watch_path }))
}
