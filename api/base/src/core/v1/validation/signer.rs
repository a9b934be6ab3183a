//! Signer names (`<domain>/<path>`) and the cluster trust bundle names they prescribe, as upstream's `ValidateSignerName` and `ValidateClusterTrustBundleName` in `pkg/apis/certificates/validation` check them; certificate signing requests, cluster trust bundles and projected trust bundle sources share them.

use kapi_machinery::validation::content::{is_dns1123_label, is_dns1123_subdomain};
use kapi_machinery::validation::{ErrorList, FieldError, Path};

const DOMAIN_MAX: usize = 253;
/// A domain, `/`, and a path of a label, `.` and a subdomain.
const SIGNER_MAX: usize = DOMAIN_MAX + (253 + 63 + 1) + 1;

/// Upstream's `IsKubernetesSignerName`: a signer the Kubernetes project reserves, its domain
/// `kubernetes.io` or under it.
pub fn is_kubernetes_signer_name(name: &str) -> bool {
    let host = name.split_once('/').map_or(name, |(h, _)| h);
    host == "kubernetes.io" || host.ends_with(".kubernetes.io")
}

/// Upstream's `ValidateSignerName`: `<domain>/<path>`, the domain of DNS labels with at least
/// one dot, the path of DNS subdomains separated by dots, within the length limits.
pub fn signer_name(path: &Path, name: &str) -> ErrorList {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let segments: Vec<&str> = name.split('/').collect();
    let [domain, rest] = segments.as_slice() else {
        return vec![FieldError::invalid(
            path,
            name,
            "must be a fully qualified domain and path of the form 'example.com/signer-name'",
        )];
    };
    let mut errs = ErrorList::new();
    if domain.len() > DOMAIN_MAX {
        errs.push(FieldError::too_long(path, DOMAIN_MAX));
    }
    let labels: Vec<&str> = domain.split('.').collect();
    for l in &labels {
        let found = is_dns1123_label(l);
        if !found.is_empty() {
            errs.push(FieldError::invalid(path, domain, &found.join(",")));
        }
    }
    if labels.len() < 2 {
        errs.push(FieldError::invalid(path, domain, "should be a domain with at least two segments separated by dots"));
    }
    for l in rest.split('.') {
        let found = is_dns1123_subdomain(l);
        if !found.is_empty() {
            errs.push(FieldError::invalid(path, rest, &found.join(",")));
        }
    }
    if name.len() > SIGNER_MAX {
        errs.push(FieldError::too_long(path, SIGNER_MAX));
    }
    errs
}

/// Upstream's `ValidateClusterTrustBundleName`: the messages for a bundle named `name` (a generate
/// name when `is_prefix`) whose signer is `signer` (empty: none). A signer's bundles are named
/// `<signer, '/' as ':'>:<subdomain>`; a bundle without a signer has a subdomain name without `:`.
pub fn cluster_trust_bundle_name(signer: &str, name: &str, is_prefix: bool) -> Vec<String> {
    if signer.is_empty() {
        if name.contains(':') {
            return vec!["ClusterTrustBundle without signer name must not have \":\" in its name".into()];
        }
        return super::name_is_dns_subdomain(name, is_prefix);
    }
    let prefix = format!("{}:", signer.replace('/', ":"));
    match name.strip_prefix(&prefix) {
        Some(rest) => super::name_is_dns_subdomain(rest, is_prefix),
        None => vec![format!("ClusterTrustBundle for signerName {signer} must be named with prefix {prefix}")],
    }
}

/// Upstream's `extractSignerNameFromClusterTrustBundleName`: the signer a bundle's name points
/// at (what precedes its last `:`, with `:` as `/`), if it has a `:`.
pub(super) fn signer_of_cluster_trust_bundle(name: &str) -> Option<String> {
    name.rfind(':').map(|i| name[..i].replace(':', "/"))
}
