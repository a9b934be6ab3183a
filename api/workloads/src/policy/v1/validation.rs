//! Hand-written validation of policy/v1 pod disruption budgets and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/policy/validation`.

use kapi_machinery::json::{self, JsonEncode};
use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::content::regex_error;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{PodDisruptionBudget, PodDisruptionBudgetSpec};
use crate::meta::v1::validation::{is_valid_label_selector, validate_conditions, validate_label_selector_with};

const EVICTION_POLICIES: &[&str] = &["AlwaysAllow", "IfHealthyBudget"];
const NEGATIVE: &str = "must be greater than or equal to 0";
const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_MSG: &str = "a valid percent string must be a numeric string followed by an ending '%'";

/// A struct or list bad value as upstream renders it: its JSON.
fn json_value<T: JsonEncode + ?Sized>(v: &T) -> BadValue {
    json::to_vec(v).map_or(BadValue::Omitted, |b| BadValue::Json(String::from_utf8_lossy(&b).into_owned()))
}

fn non_negative(value: i64, path: &Path) -> ErrorList {
    if value < 0 { vec![FieldError::invalid_value(path, value, NEGATIVE)] } else { Vec::new() }
}

/// Upstream's `ValidatePositiveIntOrPercent` and `IsNotMoreThan100Percent`.
fn int_or_percent(v: &IntOrString, path: &Path) -> ErrorList {
    match v.ty {
        IntOrString::STRING => {
            let digits = v.str_val.strip_suffix('%').filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
            match digits {
                None => vec![FieldError::invalid_value(
                    path,
                    json_value(v),
                    &regex_error(PERCENT_MSG, PERCENT_FMT, &["1%", "93%"]),
                )],
                Some(d) if d.parse::<u64>().map_or(true, |n| n > 100) => {
                    vec![FieldError::invalid_value(path, json_value(v), "must not be greater than 100%")]
                }
                Some(_) => Vec::new(),
            }
        }
        IntOrString::INT => non_negative(i64::from(v.int_val), path),
        _ => vec![FieldError::invalid_value(path, json_value(v), "must be an integer or percentage (e.g '5%')")],
    }
}

fn spec_errors(spec: &PodDisruptionBudgetSpec, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.min_available.is_some() && spec.max_unavailable.is_some() {
        errs.push(FieldError::invalid_value(
            path,
            json_value(spec),
            "minAvailable and maxUnavailable cannot be both set",
        ));
    }
    if let Some(v) = &spec.min_available {
        errs.extend(int_or_percent(v, &path.child("minAvailable")));
    }
    if let Some(v) = &spec.max_unavailable {
        errs.extend(int_or_percent(v, &path.child("maxUnavailable")));
    }
    if let Some(s) = &spec.selector {
        errs.extend(validate_label_selector_with(s, allow_invalid_values, &path.child("selector")));
    }
    if let Some(p) = &spec.unhealthy_pod_eviction_policy
        && !EVICTION_POLICIES.contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("unhealthyPodEvictionPolicy"),
            BadValue::named(&p.0),
            EVICTION_POLICIES,
        ));
    }
    errs
}

/// Validates a `PodDisruptionBudget` (upstream's `ValidatePodDisruptionBudget`, for create and
/// update): not both `minAvailable` and `maxUnavailable`, each a non-negative integer or a
/// percentage of at most 100%, the selector, and the unhealthy pod eviction policy. An update
/// keeps selector expression values the stored budget already had.
pub fn validate_pod_disruption_budget(obj: &PodDisruptionBudget, old: Option<&PodDisruptionBudget>) -> ErrorList {
    let allow_invalid_values = old.and_then(|o| o.spec.selector.as_ref()).is_some_and(|s| !is_valid_label_selector(s));
    spec_errors(&obj.spec, allow_invalid_values, &Path::new("spec"))
}

/// Validates a pod disruption budget's `/status` update (upstream's
/// `ValidatePodDisruptionBudgetStatusUpdate` for policy/v1): the conditions, and the counts not
/// negative.
pub fn validate_pod_disruption_budget_status_update(
    obj: &PodDisruptionBudget,
    _old: &PodDisruptionBudget,
) -> ErrorList {
    let s = &obj.status;
    let path = Path::new("status");
    let mut errs = validate_conditions(&s.conditions, &path.child("conditions"));
    for (field, v) in [
        ("disruptionsAllowed", s.disruptions_allowed),
        ("currentHealthy", s.current_healthy),
        ("desiredHealthy", s.desired_healthy),
        ("expectedPods", s.expected_pods),
    ] {
        errs.extend(non_negative(i64::from(v), &path.child(field)));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
