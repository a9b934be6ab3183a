//! Hand-written validation of coordination.k8s.io/v1 leases, with the checks, field paths and messages of upstream's `pkg/apis/coordination/validation`.

use kapi_machinery::validation::content::is_qualified_name;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{CoordinatedLeaseStrategy, Lease};

/// The strategies Kubernetes defines (upstream's `validLeaseStrategies`).
const STRATEGIES: &[&str] = &["OldestEmulationVersion"];

/// Upstream's `ValidateCoordinatedLeaseStrategy`: a name without `/` must be one Kubernetes
/// defines, one with `/` a qualified name. Upstream adds `strategy` to the path it is given,
/// which already ends in `strategy`, so its errors are at `spec.strategy.strategy`. Lease
/// candidates share it (v1beta1's validation).
pub(crate) fn strategy(s: &CoordinatedLeaseStrategy, path: &Path) -> ErrorList {
    let p = path.child("strategy");
    if !s.0.contains('/') {
        if STRATEGIES.contains(&s.0.as_str()) {
            return Vec::new();
        }
        return vec![FieldError::not_supported_value(p, BadValue::named(&s.0), STRATEGIES)];
    }
    is_qualified_name(&s.0).iter().map(|m| FieldError::invalid_value(&p, BadValue::named(&s.0), m)).collect()
}

/// Validates a `Lease` (upstream's `ValidateLease` and `ValidateLeaseUpdate`, which check the
/// same spec): a duration above 0, transitions not negative, the coordination strategy, and a
/// preferred holder only with a strategy.
pub fn validate_lease(obj: &Lease, _old: Option<&Lease>) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    if let Some(d) = spec.lease_duration_seconds
        && d <= 0
    {
        errs.push(FieldError::invalid_value(path.child("leaseDurationSeconds"), d, "must be greater than 0"));
    }
    if let Some(t) = spec.lease_transitions
        && t < 0
    {
        errs.push(FieldError::invalid_value(path.child("leaseTransitions"), t, "must be greater than or equal to 0"));
    }
    let sp = path.child("strategy");
    if let Some(s) = &spec.strategy {
        errs.extend(strategy(s, &sp));
    }
    let has_strategy = spec.strategy.as_ref().is_some_and(|s| !s.0.is_empty());
    if spec.preferred_holder.as_ref().is_some_and(|h| !h.is_empty()) && !has_strategy {
        errs.push(FieldError::forbidden(
            path.child("preferredHolder"),
            "may only be specified if `strategy` is defined",
        ));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
