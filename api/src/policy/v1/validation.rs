//! Hand-written validation of policy/v1 pod disruption budgets and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/policy/validation`.

use kapi_machinery::json::{self, JsonEncode};
use kapi_machinery::types::{IntOrString, Time};
use kapi_machinery::validation::content::{regex_error, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{PodDisruptionBudget, PodDisruptionBudgetSpec};
use crate::meta::v1::Condition;
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

const EVICTION_POLICIES: &[&str] = &["AlwaysAllow", "IfHealthyBudget"];
const NEGATIVE: &str = "must be greater than or equal to 0";
const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_MSG: &str = "a valid percent string must be a numeric string followed by an ending '%'";
const CONDITION_STATUSES: &[&str] = &["False", "True", "Unknown"];
const REASON_FMT: &str = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";
const REASON_MSG: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";
const MAX_REASON_LEN: usize = 1024;
const MAX_MESSAGE_LEN: usize = 32 * 1024;

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

/// Upstream's `metav1validation.ValidateConditions`: types unique, and each condition's type,
/// status, observed generation, transition time, reason and message.
pub(crate) fn validate_conditions(conditions: &[Condition], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in conditions.iter().enumerate() {
        let p = path.index(i);
        if !seen.insert(c.r#type.as_str()) {
            errs.push(FieldError::duplicate(p.child("type"), c.r#type.as_str()));
        }
        errs.extend(validate_qualified_name(&p.child("type"), &c.r#type));
        if !CONDITION_STATUSES.contains(&c.status.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                p.child("status"),
                BadValue::named(&c.status.0),
                CONDITION_STATUSES,
            ));
        }
        if c.observed_generation < 0 {
            errs.push(FieldError::invalid_value(
                p.child("observedGeneration"),
                c.observed_generation,
                "must be greater than or equal to zero",
            ));
        }
        if c.last_transition_time == Time::ZERO {
            errs.push(FieldError::required(p.child("lastTransitionTime"), "must be set"));
        }
        let rp = p.child("reason");
        if c.reason.is_empty() {
            errs.push(FieldError::required(&rp, "must be set"));
        } else {
            if !is_condition_reason(&c.reason) {
                let examples = ["my_name", "MY_NAME", "MyName", "ReasonA,ReasonB", "ReasonA:ReasonB"];
                errs.push(FieldError::invalid(&rp, &c.reason, &regex_error(REASON_MSG, REASON_FMT, &examples)));
            }
            if c.reason.len() > MAX_REASON_LEN {
                errs.push(FieldError::too_long(&rp, MAX_REASON_LEN));
            }
        }
        if c.message.len() > MAX_MESSAGE_LEN {
            errs.push(FieldError::too_long(p.child("message"), MAX_MESSAGE_LEN));
        }
    }
    errs
}

fn is_condition_reason(s: &str) -> bool {
    let b = s.as_bytes();
    let inner = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':');
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(inner)
        && b.last().is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
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
