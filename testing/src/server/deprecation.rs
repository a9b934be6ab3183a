//! Deprecation warnings: every request to a kind its lifecycle calls deprecated in the server's release gets upstream's `Warning: 299 - "<group>/<version> <Kind> is deprecated in v1.X+, unavailable in v1.Y+; use …"`, and every request to a deprecated custom resource version its definition's warning, first among the response's warnings.

use http::header;
use kapi_api::features::SERVED_RELEASE;
use kapi_http::body::Body;
use kapi_machinery::GroupVersionKind;

use super::ApiServer;
use super::route;

impl ApiServer {
    /// The deprecation warning for a request path, if it names a served resource whose kind is
    /// deprecated in [`SERVED_RELEASE`], or a custom resource version its definition marks
    /// deprecated. Subresources carry their resource's warning. Removed
    /// kinds are still served (and warned about): tests use them, where a real server of this
    /// release would answer `404`.
    pub(super) fn deprecation_warning(&self, path: &str) -> Option<String> {
        let (info, _) = route::resolve(path, &self.tracker).ok()?;
        if let Some(w) = self.crd_deprecation(&info) {
            return Some(w);
        }
        let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let lifecycle = scheme.lifecycle(&GroupVersionKind::new(info.group, info.version, info.kind))?;
        if !lifecycle.is_deprecated_in(SERVED_RELEASE) {
            return None;
        }
        lifecycle.warning(info.group, info.version, info.kind)
    }
}

/// Puts a warning before the response's other warnings, as upstream's handler adds it before the
/// request is served.
pub(super) fn warn_first(resp: &mut http::Response<Body>, warning: &str) {
    let Some(value) = super::call::warning_header(warning) else { return };
    let others: Vec<http::HeaderValue> = resp.headers().get_all(header::WARNING).iter().cloned().collect();
    let headers = resp.headers_mut();
    headers.remove(header::WARNING);
    headers.append(header::WARNING, value);
    for v in others {
        headers.append(header::WARNING, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deprecation_warning_comes_first() {
        let mut resp = http::Response::new(kapi_http::body::full(Vec::new()));
        resp.headers_mut().append(header::WARNING, http::HeaderValue::from_static("299 - \"unknown field \\\"x\\\"\""));
        warn_first(&mut resp, "v1 Thing is deprecated in v1.2+");
        let all: Vec<&str> = resp.headers().get_all(header::WARNING).iter().map(|v| v.to_str().unwrap()).collect();
        assert_eq!(all, ["299 - \"v1 Thing is deprecated in v1.2+\"", "299 - \"unknown field \\\"x\\\"\""]);
    }
}
