//! User annotations (a projected pod certificate's `userAnnotations`, a pod certificate request's `unverifiedUserAnnotations`), as upstream's `ValidateUserAnnotations` checks them.

use std::collections::BTreeMap;

use kapi_machinery::validation::prefixed::domain_prefixed_key;
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
        errs.extend(domain_prefixed_key(path, &k.to_lowercase()));
        size = size.saturating_add(k.len()).saturating_add(v.len());
    }
    if size > TOTAL_ANNOTATION_SIZE_LIMIT {
        errs.push(FieldError::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT));
    }
    errs
}

#[cfg(test)]
#[path = "user_annotations_tests.rs"]
mod tests;
