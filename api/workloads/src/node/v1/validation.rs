//! Hand-written validation of node.k8s.io/v1 runtime classes, with the checks, field paths and messages of upstream's `pkg/apis/node/validation`.
//!
//! The handler (required, a DNS label, immutable) is a generated declarative rule upstream marks
//! as covering its hand-written one; it is checked here only while beta declarative validation
//! is off.

use std::collections::HashSet;

use kapi_machinery::validation::content::is_dns1123_label;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::RuntimeClass;
use crate::core::v1::validation::{
    IMMUTABLE, container_resource_name, json_value, quantity_value, validate_tolerations,
};
use crate::features::{Release, declarative_beta};
use crate::meta::v1::validation::validate_labels;

pub use super::runtime_class_warnings::warnings_for_runtime_class;

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

/// Validates a `RuntimeClass` (upstream's `ValidateRuntimeClass`, and on update also
/// `ValidateRuntimeClassUpdate`, as upstream's strategy runs both): the handler, the pod
/// overhead (resource names and quantities, hugepages only with CPU or memory), and the
/// scheduling node selector and tolerations (valid and unique); on update an unchanged handler.
pub fn validate_runtime_class(obj: &RuntimeClass, old: Option<&RuntimeClass>) -> ErrorList {
    let beta = declarative_beta(COVERED_SINCE);
    let mut errs = ErrorList::new();
    if !beta {
        errs.extend(is_dns1123_label(&obj.handler).iter().map(|m| FieldError::invalid("handler", &obj.handler, m)));
    }
    if let Some(o) = &obj.overhead {
        // Upstream reuses its resource requirements check, whose path ends in `limits`.
        let path = Path::new("overhead").child("limits");
        let mut cpu_or_memory = false;
        let mut hugepages = false;
        for (name, q) in &o.pod_fixed {
            let p = path.key(&name.0);
            errs.extend(container_resource_name(&name.0, &p));
            errs.extend(quantity_value(&name.0, q, &p));
            cpu_or_memory |= name.0 == "cpu" || name.0 == "memory";
            hugepages |= name.0.starts_with("hugepages-");
        }
        if hugepages && !cpu_or_memory {
            errs.push(FieldError::forbidden(&path, "HugePages require cpu or memory"));
        }
    }
    if let Some(s) = &obj.scheduling {
        let path = Path::new("scheduling");
        errs.extend(validate_labels(&s.node_selector, &path.child("nodeSelector")));
        let tp = path.child("tolerations");
        // Upstream adds `tolerations` once more before the core checks.
        errs.extend(validate_tolerations(&s.tolerations, &tp.child("tolerations")));
        let mut seen = HashSet::new();
        for (i, t) in s.tolerations.iter().enumerate() {
            if !seen.insert((t.key.as_str(), t.operator.0.as_str(), t.value.as_str(), t.effect.0.as_str())) {
                errs.push(FieldError::duplicate(tp.index(i), json_value(t)));
            }
        }
    }
    if let Some(old) = old
        && !beta
        && old.handler != obj.handler
    {
        errs.push(FieldError::invalid_value("handler", BadValue::Str(obj.handler.clone()), IMMUTABLE));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
