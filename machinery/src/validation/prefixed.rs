//! Domain-prefixed paths and keys (`acme.io/foo`) as upstream's `k8s.io/apimachinery/pkg/util/validation` checks them, with its field errors.

use super::content::{is_dns1123_subdomain, is_qualified_name, regex_error};
use super::{ErrorList, FieldError, Path};

/// Upstream's `httpPathFmt`: the characters RFC 3986 allows in a path.
const HTTP_PATH_FMT: &str = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";

/// Upstream's `IsDomainPrefixedPath`: required; a DNS subdomain, `/`, and an HTTP path, each
/// part's errors showing that part.
pub fn domain_prefixed_path(path: &Path, value: &str) -> ErrorList {
    if value.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let Some((host, rest)) = value.split_once('/').filter(|(h, r)| !h.is_empty() && !r.is_empty()) else {
        return vec![FieldError::invalid(path, value, "must be a domain-prefixed path (such as \"acme.io/foo\")")];
    };
    let mut errs: ErrorList = is_dns1123_subdomain(host).iter().map(|m| FieldError::invalid(path, host, m)).collect();
    let ok = rest.bytes().all(|c| c.is_ascii_alphanumeric() || b"/-._~%!$&'()*+,;=:".contains(&c));
    if !ok {
        errs.push(FieldError::invalid(path, rest, &regex_error("Invalid path", HTTP_PATH_FMT, &[])));
    }
    errs
}

/// Upstream's `IsDomainPrefixedKey`: required; a label key (only its errors when it is not
/// one), and one with exactly one `/`.
pub fn domain_prefixed_key(path: &Path, key: &str) -> ErrorList {
    if key.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let errs: ErrorList = is_qualified_name(key).iter().map(|m| FieldError::invalid(path, key, m)).collect();
    if !errs.is_empty() {
        return errs;
    }
    if key.split('/').count() != 2 {
        return vec![FieldError::invalid(path, key, "must be a domain-prefixed key (such as \"acme.io/foo\")")];
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn paths_and_keys_need_a_domain() {
        let p = Path::new("x");
        assert!(domain_prefixed_path(&p, "acme.io/foo/bar").is_empty());
        assert_eq!(texts(domain_prefixed_path(&p, "")), ["x: Required value"]);
        assert_eq!(
            texts(domain_prefixed_path(&p, "foo")),
            [r#"x: Invalid value: "foo": must be a domain-prefixed path (such as "acme.io/foo")"#]
        );
        assert_eq!(
            texts(domain_prefixed_path(&p, "acme.io/a b")),
            [
                r#"x: Invalid value: "a b": Invalid path (regex used for validation is '[A-Za-z0-9/\-._~%!$&'()*+,;=:]+')"#
            ]
        );
        assert!(domain_prefixed_key(&p, "acme.io/foo").is_empty());
        assert_eq!(texts(domain_prefixed_key(&p, "")), ["x: Required value"]);
        assert_eq!(
            texts(domain_prefixed_key(&p, "foo")),
            [r#"x: Invalid value: "foo": must be a domain-prefixed key (such as "acme.io/foo")"#]
        );
        assert_eq!(texts(domain_prefixed_key(&p, "a/b/c")).len(), 1);
    }
}
