//! go-restful's route selection, which answers before kube-apiserver's handlers for the built-in kinds: `404` for a path no route serves, `405` for a method none takes, `415` for a `Content-Type` no route consumes, `406` for an `Accept` no route produces, in that order.
//!
//! kube-apiserver installs the built-in kinds as go-restful routes (custom resources are served
//! by apiextensions' own handler, which go-restful never sees), one per verb the storage
//! implements. The router matches the path, then the method, then the media types. Every route consumes `*/*`
//! except `PATCH`'s, which consume the four patch types; every route produces JSON, YAML and
//! protobuf, and the list-and-watch routes the two watch streams too. go-restful compares the
//! bare media types (parameters dropped), exactly, with `*/*` the only wildcard, and its
//! refusal reaches the client through the server's `serviceErrorHandler` as
//! `NewGenericServerResponse` words it: the router's own text as the message, empty details.

use http::{HeaderMap, Method, header};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{StatusDetails, StatusReason};

use super::negotiate::{MEDIA_TYPES, STREAM_MEDIA_TYPES};
use super::patch::PATCH_MEDIA_TYPES;
use super::route::{self, Route, Served};
use crate::tracker::Result;

/// Whether the router has a route for the method on this path, before it looks at media types:
/// upstream's installer registers a create-only resource's (a review's) collection `POST` only,
/// a collection's `POST` and `DELETE` only on a cluster-scoped resource or under a namespace,
/// and otherwise a route per verb the storage (or the subresource's) implements. The handlers
/// check the verbs again, and answer a `?watch` of a resource that cannot watch as upstream's
/// list handler does.
pub(super) fn route_method(info: &ResourceInfo, route: &Route, method: &Method) -> Result<()> {
    let supported = match route::served(info, route, method)? {
        Served::Subresource(sub) => {
            let Some(sub) = info.subresource(sub) else { return Err(api_errors::path_not_found()) };
            subresource_verb(method).is_some_and(|verb| sub.supports(verb))
        }
        Served::Verb(verb) => info.supports(verb),
    };
    if supported { Ok(()) } else { Err(api_errors::method_not_allowed()) }
}

/// The verb a subresource's route serves for a method.
fn subresource_verb(method: &Method) -> Option<&'static str> {
    Some(match *method {
        Method::GET => "get",
        Method::POST => "create",
        Method::PUT => "update",
        Method::PATCH => "patch",
        Method::DELETE => "delete",
        _ => return None,
    })
}

/// The route a request reaches.
pub(super) struct RouteMedia {
    /// The route lists and watches (a collection's `GET`, or a `/watch/` path).
    pub(super) lists: bool,
}

/// go-restful's checks of `Content-Type` and `Accept` against the route, for a request whose
/// method the route serves; `body_len` is the body's length.
pub(super) fn check(method: &Method, headers: &HeaderMap, body_len: usize, route: &RouteMedia) -> Result<()> {
    let header = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
    // Only `PATCH` routes name what they consume; a missing type is `application/octet-stream`
    // for a `PATCH`, which is no patch type either.
    let mut consumed = true;
    if method == Method::PATCH {
        consumed = any_media_type(header(header::CONTENT_TYPE), |m| PATCH_MEDIA_TYPES.contains(&m));
        // With a body the router refuses at once; without one it goes on with no route left.
        if !consumed && body_len > 0 {
            return Err(refusal(415, StatusReason::UNSUPPORTED_MEDIA_TYPE, "415: Unsupported Media Type".into()));
        }
    }
    // What the route produces: every route the three encodings, the list-and-watch routes (a
    // collection's `GET`, the `/watch/` paths) the two watch streams too.
    let streams: &[&str] = if route.lists { &STREAM_MEDIA_TYPES } else { &[] };
    let available: Vec<&str> = if consumed { MEDIA_TYPES.iter().chain(streams).copied().collect() } else { Vec::new() };
    let accept = match header(header::ACCEPT) {
        "" => "*/*",
        a => a,
    };
    if consumed && any_media_type(accept, |m| m == "*/*" || available.contains(&m)) {
        return Ok(());
    }
    let available = available.join(", ");
    // A write that declares no body (no `Content-Length`, or `0`) is told its body is the problem.
    let length = header(header::CONTENT_LENGTH);
    if matches!(*method, Method::POST | Method::PUT | Method::PATCH) && matches!(length, "" | "0") {
        let message = format!("415: Unsupported Media Type\n\nAvailable representations: {available}");
        return Err(refusal(415, StatusReason::UNSUPPORTED_MEDIA_TYPE, message));
    }
    let message = format!("406: Not Acceptable\n\nAvailable representations: {available}");
    Err(refusal(406, StatusReason::NOT_ACCEPTABLE, message))
}

/// Whether one of a header's comma-separated media types, without parameters and spaces, passes.
fn any_media_type(value: &str, mut pass: impl FnMut(&str) -> bool) -> bool {
    value.split(',').any(|m| pass(m.split(';').next().unwrap_or_default().trim_matches(' ')))
}

/// `NewGenericServerResponse(code, "", GroupResource{}, "", message, 0, false)` for a 406 or 415.
fn refusal(code: u16, reason: &str, message: String) -> Box<kapi_api::meta::errors::StatusError> {
    api_errors::into_error(api_errors::failure(code, reason, message, Some(StatusDetails::default())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (k.clone(), http::HeaderValue::from_str(v).unwrap())).collect()
    }

    fn refused(method: Method, h: &[(header::HeaderName, &str)], body_len: usize, lists: bool) -> (i32, String) {
        let err = check(&method, &headers(h), body_len, &RouteMedia { lists }).unwrap_err();
        let status = api_errors::status_of(&err);
        (status.code, status.message)
    }

    #[test]
    fn accept_is_matched_exactly_with_only_the_full_wildcard() {
        let get =
            |accept: &str, lists| check(&Method::GET, &headers(&[(header::ACCEPT, accept)]), 0, &RouteMedia { lists });
        assert!(get("application/json;as=Table;v=v1;g=meta.k8s.io", false).is_ok());
        assert!(get("text/html, */*;q=0.1", false).is_ok());
        assert!(get("application/json;stream=watch", true).is_ok());
        assert!(check(&Method::GET, &HeaderMap::new(), 0, &RouteMedia { lists: false }).is_ok());
        assert_eq!(
            refused(Method::GET, &[(header::ACCEPT, "application/*")], 0, false),
            (
                406,
                "406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf".into()
            )
        );
        assert_eq!(
            refused(Method::GET, &[(header::ACCEPT, "text/html")], 0, true).1,
            "406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch"
        );
    }

    #[test]
    fn patches_must_name_a_patch_type() {
        let patch = [(header::CONTENT_TYPE, "application/merge-patch+json; charset=utf-8")];
        assert!(check(&Method::PATCH, &headers(&patch), 2, &RouteMedia { lists: false }).is_ok());
        assert_eq!(
            refused(Method::PATCH, &[(header::CONTENT_TYPE, "application/json")], 2, false),
            (415, "415: Unsupported Media Type".into())
        );
        assert_eq!(refused(Method::PATCH, &[], 2, false), (415, "415: Unsupported Media Type".into()));
        // Without a body no route is left to produce anything.
        assert_eq!(
            refused(Method::PATCH, &[(header::CONTENT_TYPE, "text/plain"), (header::CONTENT_LENGTH, "0")], 0, false),
            (415, "415: Unsupported Media Type\n\nAvailable representations: ".into())
        );
        // Other writes consume anything.
        assert!(
            check(&Method::POST, &headers(&[(header::CONTENT_TYPE, "text/plain")]), 2, &RouteMedia { lists: false })
                .is_ok()
        );
    }

    #[test]
    fn writes_without_a_declared_body_are_refused_as_unsupported_media() {
        let h = [(header::ACCEPT, "text/html"), (header::CONTENT_LENGTH, "12")];
        assert_eq!(refused(Method::POST, &h, 12, false).0, 406);
        let h = [(header::ACCEPT, "text/html")];
        assert_eq!(
            refused(Method::PUT, &h, 12, false).1,
            "415: Unsupported Media Type\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf"
        );
        assert_eq!(refused(Method::DELETE, &h, 0, false).0, 406);
    }
}
