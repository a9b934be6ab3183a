//! Upstream's checks of a webhook's address (`k8s.io/apiserver/pkg/util/webhook`'s `ValidateWebhookURL` and `ValidateWebhookService`), shared by the admission webhook configurations and the conversion webhooks of custom resource definitions.

use kapi_machinery::validation::content::{is_dns1123_subdomain, is_valid_port_num};
use kapi_machinery::validation::{ErrorList, FieldError, Path};

const URL_FORM: &str = "; desired format: https://host[/path]";

/// Upstream's `ValidateWebhookURL` with `https` required.
pub(crate) fn validate_webhook_url(path: &Path, raw: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    let u = match GoUrl::parse(raw) {
        Ok(u) => u,
        Err(e) => {
            errs.push(FieldError::required(path, &format!("url must be a valid URL: {e}{URL_FORM}")));
            return errs;
        }
    };
    if u.scheme != "https" {
        errs.push(FieldError::invalid(path, &u.scheme, &format!("'https' is the only allowed URL scheme{URL_FORM}")));
    }
    if u.host.is_empty() {
        errs.push(FieldError::invalid(path, &u.host, &format!("host must be provided{URL_FORM}")));
    }
    if let Some(user) = &u.user {
        errs.push(FieldError::invalid(path, user, "user information is not permitted in the URL"));
    }
    if !u.fragment.is_empty() {
        errs.push(FieldError::invalid(path, &u.fragment, "fragments are not permitted in the URL"));
    }
    if !u.raw_query.is_empty() {
        errs.push(FieldError::invalid(path, &u.raw_query, "query parameters are not permitted in the URL"));
    }
    errs
}

/// Upstream's `ValidateWebhookService`; `namespace` and `name` are as upstream's parameters are
/// named, which its caller fills the other way round.
pub(crate) fn validate_webhook_service(
    path: &Path,
    namespace: &str,
    name: &str,
    url_path: Option<&str>,
    port: i32,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path.child("name"), "service name is required"));
    }
    if namespace.is_empty() {
        errs.push(FieldError::required(path.child("namespace"), "service namespace is required"));
    }
    let port_errs = is_valid_port_num(i64::from(port));
    if !port_errs.is_empty() {
        errs.push(FieldError::invalid_value(
            path.child("port"),
            port,
            &format!("port is not valid: {}", port_errs.join(", ")),
        ));
    }
    let Some(p) = url_path else { return errs };
    if p.is_empty() || p == "/" {
        return errs;
    }
    let pp = path.child("path");
    if p == "//" {
        errs.push(FieldError::invalid(&pp, p, "segment[0] may not be empty"));
        return errs;
    }
    if !p.starts_with('/') {
        errs.push(FieldError::invalid(&pp, p, "must start with a '/'"));
    }
    // Upstream drops the first byte whether or not it is a slash.
    let mut check = p.get(1..).unwrap_or_default();
    check = check.strip_suffix('/').unwrap_or(check);
    for (i, step) in check.split('/').enumerate() {
        if step.is_empty() {
            errs.push(FieldError::invalid(&pp, p, &format!("segment[{i}] may not be empty")));
            continue;
        }
        for failure in is_dns1123_subdomain(step) {
            errs.push(FieldError::invalid(&pp, p, &format!("segment[{i}]: {failure}")));
        }
    }
    errs
}

/// The parts of a URL upstream's webhook checks read, split as Go's `net/url.Parse` splits them.
struct GoUrl {
    scheme: String,
    user: Option<String>,
    host: String,
    raw_query: String,
    fragment: String,
}

impl GoUrl {
    /// Go's `url.Parse`, for what it decides about scheme, userinfo, host, query and fragment;
    /// errors read as Go's (`parse "…": …`).
    fn parse(raw: &str) -> Result<GoUrl, String> {
        let (u, frag) = raw.split_once('#').unwrap_or((raw, ""));
        let fail = |why: &str| Err(format!("parse {}: {why}", kapi_machinery::validation::go_quote(u)));
        if u.bytes().any(|b| b < 0x20 || b == 0x7f) {
            return fail("net/url: invalid control character in URL");
        }
        let fragment = unescape(frag).map_err(|bad| {
            format!("parse {}: invalid URL escape {}", kapi_machinery::validation::go_quote(raw), bad)
        })?;
        let mut out =
            GoUrl { scheme: String::new(), user: None, host: String::new(), raw_query: String::new(), fragment };
        if u == "*" {
            return Ok(out);
        }
        let mut rest = u;
        for (i, c) in u.char_indices() {
            match c {
                'a'..='z' | 'A'..='Z' => {}
                '0'..='9' | '+' | '-' | '.' if i > 0 => {}
                ':' if i == 0 => return fail("missing protocol scheme"),
                ':' => {
                    out.scheme = u[..i].to_ascii_lowercase();
                    rest = &u[i + 1..];
                    break;
                }
                _ => break,
            }
        }
        if rest.ends_with('?') && rest.matches('?').count() == 1 {
            rest = &rest[..rest.len() - 1];
        } else if let Some((r, q)) = rest.split_once('?') {
            rest = r;
            out.raw_query = q.to_owned();
        }
        if !rest.starts_with('/') {
            if !out.scheme.is_empty() {
                // An opaque URL (`https:example.com`) has no host.
                return Ok(out);
            }
            if rest.split('/').next().is_some_and(|seg| seg.contains(':')) {
                return fail("first path segment in URL cannot contain colon");
            }
        }
        if (!out.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
            let after = &rest[2..];
            let authority = after.find('/').map_or(after, |i| &after[..i]);
            let host = match authority.rfind('@') {
                Some(i) => {
                    out.user = Some(authority[..i].to_owned());
                    &authority[i + 1..]
                }
                None => authority,
            };
            if let Some(port) = host.rsplit_once(':').filter(|_| !host.starts_with('[')).map(|(_, p)| p)
                && !port.bytes().all(|b| b.is_ascii_digit())
            {
                return fail(&format!(
                    "invalid port {} after host",
                    kapi_machinery::validation::go_quote(&format!(":{port}"))
                ));
            }
            out.host = host.to_owned();
        }
        Ok(out)
    }
}

/// Percent-decoding as Go's `unescape` does for fragments; the bad escape on failure.
fn unescape(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let Some(h) = hex else {
                let end = (i + 3).min(b.len());
                return Err(kapi_machinery::validation::go_quote(&String::from_utf8_lossy(&b[i..end])));
            };
            let v = u8::from_str_radix(std::str::from_utf8(h).expect("hex digits are ASCII"), 16)
                .expect("two hex digits fit a byte");
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}
