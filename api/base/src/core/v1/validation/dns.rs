//! A pod spec's DNS settings and host aliases, as upstream's `validatePodDNSConfig` and `ValidateHostAliases`.

use kapi_machinery::validation::content::{max_len_error, regex_error};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::dns1123_subdomain;
use super::resources::legacy_ip;
use crate::core::v1::{HostAlias, PodDNSConfig};

const MAX_NAMESERVERS: usize = 3;
const MAX_SEARCH_PATHS: usize = 32;
const MAX_SEARCH_LIST_CHARS: usize = 2048;
const SUBDOMAIN_WITH_UNDERSCORE_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";
const SUBDOMAIN_WITH_UNDERSCORE_FMT: &str = r"_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*";

/// Upstream's `validatePodDNSConfig` at `path` (`spec.dnsConfig`): with policy `None` a config
/// with a name server is required; at most 3 valid name servers, at most 32 search domains of
/// at most 2048 characters in all, each a subdomain that may hold underscores
/// (`RelaxedDNSSearchValidation`, on at the fixtures' release), and named options.
pub(super) fn dns_config(config: Option<&PodDNSConfig>, policy: &str, path: &Path) -> ErrorList {
    if policy == "None" {
        let Some(c) = config else {
            return vec![FieldError::required(path, "must provide `dnsConfig` when `dnsPolicy` is None")];
        };
        if c.nameservers.is_empty() {
            return vec![FieldError::required(
                path.child("nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            )];
        }
    }
    let Some(c) = config else { return ErrorList::new() };
    let mut errs = ErrorList::new();
    let servers = path.child("nameservers");
    if c.nameservers.len() > MAX_NAMESERVERS {
        errs.push(FieldError::invalid_value(
            &servers,
            BadValue::string_list(&c.nameservers),
            &format!("must not have more than {MAX_NAMESERVERS} nameservers"),
        ));
    }
    for (i, ns) in c.nameservers.iter().enumerate() {
        errs.extend(legacy_ip::<&str>(&servers.index(i), ns, &[]));
    }
    let searches = path.child("searches");
    if c.searches.len() > MAX_SEARCH_PATHS {
        errs.push(FieldError::invalid_value(
            &searches,
            BadValue::string_list(&c.searches),
            &format!("must not have more than {MAX_SEARCH_PATHS} search paths"),
        ));
    }
    // The list is joined with single spaces, which count too.
    let joined = c.searches.iter().map(String::len).sum::<usize>() + c.searches.len().saturating_sub(1);
    if joined > MAX_SEARCH_LIST_CHARS {
        errs.push(FieldError::invalid_value(
            &searches,
            BadValue::string_list(&c.searches),
            &format!(
                "must not have more than {MAX_SEARCH_LIST_CHARS} characters (including spaces) in the search list"
            ),
        ));
    }
    for (i, search) in c.searches.iter().enumerate() {
        if search == "." {
            continue;
        }
        let name = search.strip_suffix('.').unwrap_or(search);
        errs.extend(
            subdomain_with_underscore(name).into_iter().map(|m| FieldError::invalid(searches.index(i), name, &m)),
        );
    }
    for (i, option) in c.options.iter().enumerate() {
        if option.name.is_empty() {
            errs.push(FieldError::required(path.child("options").index(i), "must not be empty"));
        }
    }
    errs
}

/// Upstream's `IsDNS1123SubdomainWithUnderscore`: a DNS subdomain whose labels may start with
/// an underscore and hold underscores inside.
fn subdomain_with_underscore(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    let label_ok = |l: &str| {
        let l = l.strip_prefix('_').unwrap_or(l);
        let b = l.as_bytes();
        let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        match (b.first(), b.last()) {
            (Some(f), Some(e)) => alnum(f) && alnum(e) && b.iter().all(|c| alnum(c) || *c == b'-' || *c == b'_'),
            _ => false,
        }
    };
    if !value.split('.').all(label_ok) {
        errs.push(regex_error(SUBDOMAIN_WITH_UNDERSCORE_MSG, SUBDOMAIN_WITH_UNDERSCORE_FMT, &["example.com"]));
    }
    errs
}

/// Upstream's `ValidateHostAliases` at `path` (`spec.hostAliases`): a valid IP and subdomain
/// host names.
pub(super) fn host_aliases(aliases: &[HostAlias], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, a) in aliases.iter().enumerate() {
        errs.extend(legacy_ip::<&str>(&path.index(i).child("ip"), &a.ip, &[]));
        for (j, host) in a.hostnames.iter().enumerate() {
            errs.extend(dns1123_subdomain(host, &path.index(i).child("hostnames").index(j)));
        }
    }
    errs
}

#[cfg(test)]
#[path = "dns_tests.rs"]
mod tests;
