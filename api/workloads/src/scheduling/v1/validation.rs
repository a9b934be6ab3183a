//! Hand-written validation of scheduling.k8s.io/v1 priority classes, with the checks, field paths and messages of upstream's `pkg/apis/scheduling/validation`.

use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::PriorityClass;
use crate::core::v1::validation::{IMMUTABLE, json_value};

const SYSTEM_PREFIX: &str = "system-";
/// Upstream's `HighestUserDefinablePriority`.
const HIGHEST_USER_PRIORITY: i32 = 1_000_000_000;
/// Upstream's system priority classes: name, value and `globalDefault`.
const SYSTEM_CLASSES: &[(&str, i32, bool)] =
    &[("system-node-critical", 2_000_001_000, false), ("system-cluster-critical", 2_000_000_000, false)];
const PREEMPTION_POLICIES: &[&str] = &["PreemptLowerPriority", "Never"];

/// Upstream's `IsKnownSystemPriorityClass`: why a `system-` class is not one of the known ones.
fn system_class_error(name: &str, value: i32, global_default: bool) -> Option<String> {
    let Some(&(_, want_value, want_default)) = SYSTEM_CLASSES.iter().find(|c| c.0 == name) else {
        return Some(format!("{name} is not a known system priority class"));
    };
    if value != want_value {
        return Some(format!("value of {name} PriorityClass must be {want_value}"));
    }
    if global_default != want_default {
        return Some(format!("globalDefault of {name} PriorityClass must be {want_default}"));
    }
    None
}

/// Validates a `PriorityClass` (upstream's `ValidatePriorityClass` on create and
/// `ValidatePriorityClassUpdate` on update): a `system-` name only for the known system
/// classes with their values, other values at most 1000000000, and the preemption policy; on
/// update the value and preemption policy unchanged.
pub fn validate_priority_class(obj: &PriorityClass, old: Option<&PriorityClass>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(old) = old {
        if obj.value != old.value {
            errs.push(FieldError::forbidden("value", "may not be changed in an update."));
        }
        if obj.preemption_policy != old.preemption_policy {
            let v = obj.preemption_policy.as_ref().map_or(BadValue::Json("null".into()), json_value);
            errs.push(FieldError::invalid_value("preemptionPolicy", v, IMMUTABLE));
        }
        return errs;
    }
    let name = &obj.metadata.name;
    if name.starts_with(SYSTEM_PREFIX) {
        if let Some(why) = system_class_error(name, obj.value, obj.global_default) {
            errs.push(FieldError::forbidden(
                Path::new("metadata").child("name"),
                &format!(
                    "priority class names with '{SYSTEM_PREFIX}' prefix are reserved for system use only. error: {why}"
                ),
            ));
        }
    } else if obj.value > HIGHEST_USER_PRIORITY {
        errs.push(FieldError::forbidden(
            "value",
            &format!("maximum allowed value of a user defined priority is {HIGHEST_USER_PRIORITY}"),
        ));
    }
    if let Some(p) = &obj.preemption_policy {
        match p.0.as_str() {
            "PreemptLowerPriority" | "Never" => {}
            "" => errs.push(FieldError::required("preemptionPolicy", "")),
            other => {
                errs.push(FieldError::not_supported_value(
                    "preemptionPolicy",
                    BadValue::named(other),
                    PREEMPTION_POLICIES,
                ));
            }
        }
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
