//! User annotations (a projected pod certificate's `userAnnotations`, a pod certificate request's `unverifiedUserAnnotations`), as upstream's `ValidateUserAnnotations` checks them.

use std::collections::BTreeMap;

use kapi_machinery::validation::content::is_qualified_name;
use kapi_machinery::validation::{ErrorList, FieldError, Path};

use crate::meta::v1::object_meta_validation::TOTAL_ANNOTATION_SIZE_LIMIT;

/// Upstream's `ValidateUserAnnotations`: each key, lower-cased, a domain-prefixed key
/// (`IsDomainPrefixedKey`: a qualified name, and one with a `/`), then keys and values together
/// at most 256 KiB. Every error is at `path` and shows the lower-cased key. Keys are taken in
/// sorted order where upstream ranges over a Go map.
pub fn validate_user_annotations(annotations: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut size = 0usize;
    for (k, v) in annotations {
        errs.extend(domain_prefixed_key(&k.to_lowercase(), path));
        size = size.saturating_add(k.len()).saturating_add(v.len());
    }
    if size > TOTAL_ANNOTATION_SIZE_LIMIT {
        errs.push(FieldError::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT));
    }
    errs
}

/// Upstream's `IsDomainPrefixedKey`: required, a qualified name (only its errors when it is not
/// one), and with exactly one `/`.
fn domain_prefixed_key(key: &str, path: &Path) -> ErrorList {
    if key.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let errs: ErrorList = is_qualified_name(key).iter().map(|m| FieldError::invalid(path, key, m)).collect();
    if !errs.is_empty() {
        return errs;
    }
    if key.split('/').count() != 2 {
        return vec![FieldError::invalid(path, key, r#"must be a domain-prefixed key (such as "acme.io/foo")"#)];
    }
    errs
}

#[cfg(test)]
#[path = "user_annotations_tests.rs"]
mod tests;
