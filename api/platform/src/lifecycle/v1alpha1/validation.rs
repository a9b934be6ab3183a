//! Hand-written validation of `EvictionRequest` (upstream's `ValidateEvictionRequest`, `…Update`, `…StatusUpdate` and the `+k8s:customValidation` of `spec.requester`) for what the generated declarative rules leave out.
//!
//! In upstream's shape of these types nearly every rule is declarative, and the generated rules
//! here report them; this adds the two that are not generated: `spec.requester` outside the
//! reserved `k8s.io` and `kubernetes.io` domains (`ValidateCustom_EvictionRequestSpec_Requester`)
//! and each status condition as `Validate_Condition` checks it. Both follow the declarative
//! ratcheting: an unchanged requester, or a condition equal to the stored one of its type, is not
//! checked again.

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::EvictionRequest;
use crate::meta::v1::validation::validate_condition;

/// Domains an eviction requester may not be in, as upstream lists them.
const RESERVED_SUFFIXES: &[&str] = &[".k8s.io", ".kubernetes.io"];

/// Validates an `EvictionRequest` on create (`old` is `None`) or update: the requester's
/// domain.
pub fn validate_eviction_request(obj: &EvictionRequest, old: Option<&EvictionRequest>) -> ErrorList {
    let requester = obj.spec.requester.as_str();
    // Empty is the generated `required` rule's; unchanged is not validated again.
    if requester.is_empty() || old.is_some_and(|o| o.spec.requester == requester) {
        return ErrorList::new();
    }
    forbidden_reserved_domain(&Path::new("spec").child("requester"), requester, RESERVED_SUFFIXES)
}

/// Validates an `EvictionRequest`'s `/status` write: each condition that is new or changed.
pub fn validate_eviction_request_status_update(obj: &EvictionRequest, old: &EvictionRequest) -> ErrorList {
    let cp = Path::new("status").child("conditions");
    let mut errs = ErrorList::new();
    for (i, c) in obj.status.conditions.iter().enumerate() {
        if old.status.conditions.iter().any(|o| o.r#type == c.r#type && o == c) {
            continue;
        }
        errs.extend(validate_condition(c, &cp.index(i)));
    }
    errs
}

/// Upstream's `ValidateForbiddenReservedDomainSuffixes`: the part before the first `/`,
/// trimmed, lower-cased and without trailing dots, neither ends with nor is one of the
/// reserved domains.
fn forbidden_reserved_domain(path: &Path, value: &str, reserved: &[&str]) -> ErrorList {
    let prefix = value.split_once('/').map_or(value, |(p, _)| p);
    let lowered = prefix.to_lowercase();
    let clean = lowered.trim().trim_end_matches('.');
    if !reserved.iter().any(|s| clean.ends_with(s) || clean == s.trim_matches('.')) {
        return ErrorList::new();
    }
    let shown: Vec<String> = reserved.iter().map(|s| format!("*{s}")).collect();
    vec![FieldError::invalid(path, value, &format!("domain names {} are reserved", shown.join(", ")))]
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
