//! Hand-written validation of `ClusterTrustBundle` (upstream's `ValidateClusterTrustBundle` and `…Update`): the name its signer prescribes, the signer name, and a bundle of distinct CA certificates read as Go reads PEM and X.509.

use std::collections::BTreeMap;

use kapi_api_base::certs::{Pem, parse_certificate};
use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::ClusterTrustBundle;
use super::validation::{cluster_trust_bundle_name, signer_name};
use crate::meta::v1::object_meta_validation::validate_own_names;

/// Upstream's `MaxTrustBundleSize`.
const MAX_TRUST_BUNDLE_SIZE: usize = 1 << 20;
/// What upstream shows in place of a bundle.
const OMITTED: &str = "<value omitted>";

/// Validates a `ClusterTrustBundle` on create (`old` is `None`) or update: the name (prefixed
/// with the signer name, `/` turned into `:`, or without `:` when there is no signer), the
/// signer name, the bundle (not parsed again on an update that keeps it, so bundles stored
/// under older parsers stay updatable) and, on update, the signer name unchanged.
pub fn validate_cluster_trust_bundle(obj: &ClusterTrustBundle, old: Option<&ClusterTrustBundle>) -> ErrorList {
    let signer = obj.spec.signer_name.as_str();
    let mut errs = validate_own_names(&obj.metadata, |name, prefix| cluster_trust_bundle_name(signer, name, prefix));
    let sp = Path::new("spec").child("signerName");
    if !signer.is_empty() {
        errs.extend(signer_name(&sp, signer));
    }
    if old.is_none_or(|o| o.spec.trust_bundle != obj.spec.trust_bundle) {
        errs.extend(trust_bundle(&Path::new("spec").child("trustBundle"), &obj.spec.trust_bundle));
    }
    if let Some(old) = old
        && old.spec.signer_name != obj.spec.signer_name
    {
        errs.push(FieldError::invalid(&sp, signer, "field is immutable"));
    }
    errs
}

/// Upstream's `validateTrustBundle`: every PEM block a `CERTIFICATE` without headers that
/// parses, of a certificate authority with valid basic constraints; then, if all are, at least
/// one and no certificate twice.
fn trust_bundle(path: &Path, bundle: &str) -> ErrorList {
    if bundle.len() > MAX_TRUST_BUNDLE_SIZE {
        return vec![FieldError::too_long(path, MAX_TRUST_BUNDLE_SIZE)];
    }
    let mut errs = ErrorList::new();
    // Each certificate's bytes and the entries that hold them, by first entry.
    let mut seen: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
    let mut blocks = Pem::new(bundle.as_bytes());
    let mut i = 0;
    while let Some(b) = blocks.decode() {
        let problem = if b.kind != b"CERTIFICATE" {
            Some(format!("entry {i} has bad block type: {}", String::from_utf8_lossy(b.kind)))
        } else if b.headers {
            Some(format!("entry {i} has PEM block headers"))
        } else {
            match parse_certificate(&b.bytes) {
                Err(_) => Some(format!("entry {i} does not parse as X.509")),
                Ok(c) if !c.is_ca => Some(format!("entry {i} does not have the CA bit set")),
                Ok(c) if !c.basic_constraints_valid => Some(format!("entry {i} has invalid basic constraints")),
                Ok(_) => None,
            }
        };
        match problem {
            Some(p) => errs.push(FieldError::invalid(path, OMITTED, &p)),
            None => seen.entry(b.bytes).or_default().push(i),
        }
        i += 1;
    }
    // A malformed block says enough: no further findings about duplicates or emptiness.
    if !errs.is_empty() {
        return errs;
    }
    if seen.is_empty() {
        errs.push(FieldError::invalid(path, OMITTED, "at least one trust anchor must be provided"));
    }
    // Upstream walks a Go map here (any order); by first entry, the order is stable.
    let mut repeated: Vec<&Vec<usize>> = seen.values().filter(|e| e.len() > 1).collect();
    repeated.sort();
    for entries in repeated {
        let shown: Vec<String> = entries.iter().map(ToString::to_string).collect();
        errs.push(FieldError::invalid(
            path,
            OMITTED,
            &format!("duplicate trust anchor (indices [{}])", shown.join(" ")),
        ));
    }
    errs
}

#[cfg(test)]
#[path = "trust_bundle_validation_tests.rs"]
mod tests;
