//! kube-apiserver's max-in-flight filter: at most so many read-only and so many mutating requests served at once, long-running ones not counted; the rest answered `429`.
//!
//! Facts from upstream's `server/filters/maxinflight.go` and `endpoints/filters` long-running
//! check: defaults 400 read-only (`--max-requests-inflight`) and 200 mutating
//! (`--max-mutating-requests-inflight`), 0 for no limit; `get`, `list` and `watch` are read-only;
//! watches and the `attach`, `exec`, `log`, `portforward` and `proxy` subresources are
//! long-running; a refusal is `429` with `Retry-After: 1` and the plain-text body
//! `Too many requests, please try again later.` (not a `Status`).

use std::sync::RwLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use bytes::Bytes;
use http::{Method, header};
use kapi_http::body::Body;

/// The limits (0: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InFlightLimits {
    /// Read-only requests (`--max-requests-inflight`).
    pub read_only: usize,
    /// Mutating requests (`--max-mutating-requests-inflight`).
    pub mutating: usize,
}

impl Default for InFlightLimits {
    /// kube-apiserver's defaults: 400 and 200.
    fn default() -> Self {
        InFlightLimits { read_only: 400, mutating: 200 }
    }
}

/// The counters of requests being served.
#[derive(Debug, Default)]
pub(super) struct InFlight {
    limits: RwLock<InFlightLimits>,
    read_only: AtomicUsize,
    mutating: AtomicUsize,
}

/// A request's place among those in flight, given back when dropped.
pub(super) struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The subresources whose requests run as long as the client wants.
const LONG_RUNNING_SUBRESOURCES: [&str; 5] = ["attach", "exec", "log", "portforward", "proxy"];

/// Whether upstream's long-running check exempts the request: watches (`?watch=true` or a
/// `/watch/` path) and streaming subresources.
fn is_long_running(req: &http::Request<Bytes>) -> bool {
    let path = req.uri().path();
    let watch = req.uri().query().unwrap_or_default().split('&').any(|kv| kv == "watch=true" || kv == "watch=1");
    let watch_path = path.starts_with("/api/v1/watch/") || (path.starts_with("/apis/") && path.contains("/watch/"));
    let last = path.rsplit('/').next().unwrap_or_default();
    (req.method() == Method::GET && (watch || watch_path))
        || LONG_RUNNING_SUBRESOURCES.contains(&last)
        || path.contains("/proxy/")
}

impl InFlight {
    pub(super) fn set_limits(&self, limits: InFlightLimits) {
        *self.limits.write().unwrap_or_else(std::sync::PoisonError::into_inner) = limits;
    }

    pub(super) fn limits(&self) -> InFlightLimits {
        *self.limits.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes a slot for the request, `Ok(None)` for a long-running one, or refuses it (answer
    /// with [`too_many_requests`]).
    pub(super) fn admit(&self, req: &http::Request<Bytes>) -> Result<Option<Slot<'_>>, Refused> {
        if is_long_running(req) {
            return Ok(None);
        }
        let limits = self.limits();
        let read_only = matches!(*req.method(), Method::GET | Method::HEAD);
        let (counter, limit) =
            if read_only { (&self.read_only, limits.read_only) } else { (&self.mutating, limits.mutating) };
        let taken = counter.fetch_add(1, Ordering::AcqRel);
        let slot = Slot(counter);
        if limit != 0 && taken >= limit {
            return Err(Refused);
        }
        Ok(Some(slot))
    }
}

/// A request over the limit.
#[derive(Debug)]
pub(super) struct Refused;

/// Upstream's refusal: Go's `http.Error` text with `Retry-After: 1`.
pub(super) fn too_many_requests() -> http::Response<Body> {
    let mut resp = super::call::plain_text_error(
        http::StatusCode::TOO_MANY_REQUESTS,
        "Too many requests, please try again later.",
    );
    resp.headers_mut().insert(header::RETRY_AFTER, http::HeaderValue::from_static("1"));
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(method: Method, uri: &str) -> http::Request<Bytes> {
        http::Request::builder().method(method).uri(uri).body(Bytes::new()).unwrap()
    }

    #[test]
    fn long_running_requests_are_not_counted() {
        for uri in [
            "/api/v1/pods?watch=true",
            "/api/v1/watch/pods",
            "/apis/apps/v1/watch/namespaces/a/deployments",
            "/api/v1/namespaces/a/pods/p/log",
            "/api/v1/namespaces/a/pods/p/exec",
        ] {
            assert!(is_long_running(&req(Method::GET, uri)), "{uri}");
        }
        assert!(is_long_running(&req(Method::POST, "/api/v1/namespaces/a/pods/p/portforward")));
        assert!(!is_long_running(&req(Method::GET, "/api/v1/pods?watch=false")));
        assert!(!is_long_running(&req(Method::POST, "/api/v1/namespaces/a/pods")));
    }

    #[test]
    fn each_kind_has_its_own_limit_and_slots_come_back() {
        let f = InFlight::default();
        f.set_limits(InFlightLimits { read_only: 1, mutating: 2 });
        let get = req(Method::GET, "/api/v1/pods");
        let post = req(Method::POST, "/api/v1/namespaces/a/pods");
        let held = f.admit(&get).ok().flatten().expect("a slot");
        assert!(f.admit(&get).is_err());
        let refused = too_many_requests();
        assert_eq!(refused.status(), 429);
        assert_eq!(refused.headers()[header::RETRY_AFTER], "1");
        let a = f.admit(&post).ok().flatten();
        let b = f.admit(&post).ok().flatten();
        assert!(a.is_some() && b.is_some());
        assert!(f.admit(&post).is_err());
        drop(held);
        assert!(f.admit(&get).ok().flatten().is_some());
        // Watches pass whatever is in flight.
        let _again = f.admit(&get).ok().flatten();
        assert!(matches!(f.admit(&req(Method::GET, "/api/v1/pods?watch=true")), Ok(None)));
        f.set_limits(InFlightLimits { read_only: 0, mutating: 0 });
        assert!(f.admit(&post).ok().flatten().is_some());
    }
}
