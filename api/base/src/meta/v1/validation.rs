//! Hand-written validation of meta/v1 values other kinds embed (label selectors, conditions), as upstream's `metav1validation`.

use kapi_machinery::types::Time;
use kapi_machinery::validation::content::{is_label_value, regex_error, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{Condition, LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};

const CONDITION_STATUSES: &[&str] = &["False", "True", "Unknown"];
const REASON_FMT: &str = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";
const REASON_MSG: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";
const MAX_REASON_LEN: usize = 1024;
const MAX_MESSAGE_LEN: usize = 32 * 1024;

/// Upstream's `ValidateLabels`: every key a qualified name, every value a label value; errors
/// point at the map (upstream does not add the key to the path).
pub fn validate_labels<'a>(labels: impl IntoIterator<Item = (&'a String, &'a String)>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (k, v) in labels {
        errs.extend(validate_qualified_name(path, k));
        errs.extend(is_label_value(v).into_iter().map(|m| FieldError::invalid(path, v, &m)));
    }
    errs
}

/// Upstream's `ValidateLabelSelector` with `AllowInvalidLabelValueInSelector` off.
pub fn validate_label_selector(selector: &LabelSelector, path: &Path) -> ErrorList {
    validate_label_selector_with(selector, false, path)
}

/// Whether a selector passes [`validate_label_selector`]: what updates test the stored object
/// with, to keep the invalid values it already had.
pub fn is_valid_label_selector(selector: &LabelSelector) -> bool {
    validate_label_selector(selector, &Path::root()).is_empty()
}

/// Upstream's `ValidateLabelSelector`; `allow_invalid_values` is its
/// `AllowInvalidLabelValueInSelector`, which skips the label value check of match expressions
/// only (`matchLabels` values are still checked). Updates turn it on where the stored object
/// already had such values.
pub fn validate_label_selector_with(selector: &LabelSelector, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = validate_labels(&selector.match_labels, &path.child("matchLabels"));
    for (i, req) in selector.match_expressions.iter().enumerate() {
        errs.extend(requirement(req, allow_invalid_values, &path.child("matchExpressions").index(i)));
    }
    errs
}

/// Upstream's `ValidateLabelSelectorRequirement`: the operator and its values, the key, and each
/// value a label value.
pub fn validate_label_selector_requirement(req: &LabelSelectorRequirement, path: &Path) -> ErrorList {
    requirement(req, false, path)
}

fn requirement(req: &LabelSelectorRequirement, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match req.operator.0.as_str() {
        LabelSelectorOperator::IN | LabelSelectorOperator::NOT_IN => {
            if req.values.is_empty() {
                errs.push(FieldError::required(
                    path.child("values"),
                    "must be specified when `operator` is 'In' or 'NotIn'",
                ));
            }
        }
        LabelSelectorOperator::EXISTS | LabelSelectorOperator::DOES_NOT_EXIST => {
            if !req.values.is_empty() {
                errs.push(FieldError::forbidden(
                    path.child("values"),
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
        }
        other => errs.push(FieldError::invalid_value(
            path.child("operator"),
            BadValue::named(other),
            "not a valid selector operator",
        )),
    }
    errs.extend(validate_qualified_name(&path.child("key"), &req.key));
    if !allow_invalid_values {
        for (i, v) in req.values.iter().enumerate() {
            errs.extend(
                is_label_value(v).into_iter().map(|m| FieldError::invalid(path.child("values").index(i), v, &m)),
            );
        }
    }
    errs
}

/// Upstream's `metav1validation.ValidateConditions`: types unique, and each condition's type,
/// status, observed generation, transition time, reason and message.
pub fn validate_conditions(conditions: &[Condition], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in conditions.iter().enumerate() {
        let p = path.index(i);
        if !seen.insert(c.r#type.as_str()) {
            errs.push(FieldError::duplicate(p.child("type"), c.r#type.as_str()));
        }
        errs.extend(validate_condition(c, &p));
    }
    errs
}

/// Upstream's `metav1validation.ValidateCondition` (and the declarative `Validate_Condition`):
/// one condition's type, status, observed generation, transition time, reason and message.
pub fn validate_condition(c: &Condition, p: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(validate_qualified_name(&p.child("type"), &c.r#type));
    if !CONDITION_STATUSES.contains(&c.status.0.as_str()) {
        errs.push(FieldError::not_supported_value(p.child("status"), BadValue::named(&c.status.0), CONDITION_STATUSES));
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
    errs
}

fn is_condition_reason(s: &str) -> bool {
    let b = s.as_bytes();
    let inner = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':');
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(inner)
        && b.last().is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_are_checked() {
        let sel = LabelSelector {
            match_labels: [("app".to_owned(), "-bad".to_owned())].into(),
            match_expressions: vec![
                LabelSelectorRequirement {
                    key: "tier".into(),
                    operator: LabelSelectorOperator("In".into()),
                    values: vec![],
                },
                LabelSelectorRequirement {
                    key: "x".into(),
                    operator: LabelSelectorOperator("Near".into()),
                    values: vec![],
                },
            ],
        };
        let errs: Vec<String> = validate_label_selector(&sel, &Path::new("spec").child("selector"))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errs.len(), 3, "{errs:?}");
        assert!(errs[0].starts_with(r#"spec.selector.matchLabels: Invalid value: "-bad": a valid label must be"#));
        assert_eq!(
            errs[1],
            "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"
        );
        assert_eq!(
            errs[2],
            r#"spec.selector.matchExpressions[1].operator: Invalid value: "Near": not a valid selector operator"#
        );
    }
}
