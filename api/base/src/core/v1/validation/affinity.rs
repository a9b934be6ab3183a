//! Node affinity, pod affinity and pod anti-affinity of a pod spec, as upstream's `validateAffinity` and the helpers it calls.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::validation::content::{is_dns1123_label, is_label_value, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::name_is_dns_subdomain;
use super::pod::PodValidationOptions;
use crate::core::v1::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinityTerm,
    WeightedPodAffinityTerm,
};
use crate::meta::v1::LabelSelector;
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

const WEIGHT_RANGE: &str = "must be in the range 1-100";
const NOT_AN_OPERATOR: &str = "not a valid selector operator";
const NO_SELECTOR: &str = "must not be specified when labelSelector is not set";
/// The only node field a node selector may match (`metav1.ObjectNameField`).
const NODE_NAME_FIELD: &str = "metadata.name";

/// Upstream's `validateAffinity` at `path` (`spec.affinity`). Label values of required node
/// affinity and of pod affinity selectors are checked strictly unless `opts` (from the stored
/// object, on update) allows the invalid ones it already had.
pub(super) fn affinity(a: &Affinity, opts: &PodValidationOptions, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(na) = &a.node_affinity {
        let allow = opts.allow_invalid_label_value_in_required_node_affinity;
        errs.extend(node_affinity(na, allow, &path.child("nodeAffinity")));
    }
    let allow = opts.allow_invalid_label_value_in_selector;
    if let Some(pa) = &a.pod_affinity {
        let p = path.child("podAffinity");
        errs.extend(pod_affinity_terms(&pa.required_during_scheduling_ignored_during_execution, allow, &p));
        errs.extend(weighted_terms(&pa.preferred_during_scheduling_ignored_during_execution, allow, &p));
    }
    if let Some(pa) = &a.pod_anti_affinity {
        let p = path.child("podAntiAffinity");
        errs.extend(pod_affinity_terms(&pa.required_during_scheduling_ignored_during_execution, allow, &p));
        errs.extend(weighted_terms(&pa.preferred_during_scheduling_ignored_during_execution, allow, &p));
    }
    errs
}

/// Upstream's `hasInvalidLabelValueInAffinitySelector`: whether a pod affinity or anti-affinity
/// term has a label or namespace selector that fails the strict check.
pub(super) fn has_invalid_affinity_selector(a: Option<&Affinity>) -> bool {
    let Some(a) = a else { return false };
    // Affinity and anti-affinity are two types with the same two lists.
    let lists = [
        a.pod_affinity.as_ref().map(|p| {
            (
                &p.required_during_scheduling_ignored_during_execution,
                &p.preferred_during_scheduling_ignored_during_execution,
            )
        }),
        a.pod_anti_affinity.as_ref().map(|p| {
            (
                &p.required_during_scheduling_ignored_during_execution,
                &p.preferred_during_scheduling_ignored_during_execution,
            )
        }),
    ];
    let mut terms = lists
        .into_iter()
        .flatten()
        .flat_map(|(required, preferred)| required.iter().chain(preferred.iter().map(|w| &w.pod_affinity_term)));
    terms.any(|t| [&t.label_selector, &t.namespace_selector].into_iter().flatten().any(|s| !is_valid_label_selector(s)))
}

/// Upstream's `HasInvalidLabelValueInNodeSelectorTerms`: whether a label expression of the terms
/// has a value that is not a label value.
pub(in crate::core::v1) fn has_invalid_label_value_in_terms(terms: &[NodeSelectorTerm]) -> bool {
    terms.iter().any(|t| t.match_expressions.iter().any(|e| e.values.iter().any(|v| !is_label_value(v).is_empty())))
}

/// Upstream's `hasInvalidLabelValueInRequiredNodeAffinity`.
pub(super) fn has_invalid_required_node_affinity(a: Option<&Affinity>) -> bool {
    let required = a
        .and_then(|a| a.node_affinity.as_ref())
        .and_then(|n| n.required_during_scheduling_ignored_during_execution.as_ref());
    required.and_then(|r| r.node_selector_terms.as_deref()).is_some_and(has_invalid_label_value_in_terms)
}

fn node_affinity(na: &NodeAffinity, allow_invalid_required_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(required) = &na.required_during_scheduling_ignored_during_execution {
        errs.extend(node_selector(
            required,
            allow_invalid_required_values,
            &path.child("requiredDuringSchedulingIgnoredDuringExecution"),
        ));
    }
    let preferred = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (i, term) in na.preferred_during_scheduling_ignored_during_execution.iter().enumerate() {
        if !(1..=100).contains(&term.weight) {
            errs.push(FieldError::invalid_value(preferred.index(i).child("weight"), term.weight, WEIGHT_RANGE));
        }
        // A preferred term may name label values no node has: it can still match nothing.
        errs.extend(node_selector_term(&term.preference, true, &preferred.index(i).child("preference")));
    }
    errs
}

/// Upstream's `ValidateNodeSelector`: at least one term, each valid.
pub fn node_selector(sel: &NodeSelector, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let terms_path = path.child("nodeSelectorTerms");
    let terms = sel.node_selector_terms.as_deref().unwrap_or_default();
    if terms.is_empty() {
        return vec![FieldError::required(terms_path, "must have at least one node selector term")];
    }
    let mut errs = ErrorList::new();
    for (i, term) in terms.iter().enumerate() {
        errs.extend(node_selector_term(term, allow_invalid_values, &terms_path.index(i)));
    }
    errs
}

/// Upstream's `ValidateNodeSelectorTerm`: label expressions and field expressions.
fn node_selector_term(term: &NodeSelectorTerm, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (j, req) in term.match_expressions.iter().enumerate() {
        errs.extend(node_selector_requirement(req, allow_invalid_values, &path.child("matchExpressions").index(j)));
    }
    for (j, req) in term.match_fields.iter().enumerate() {
        errs.extend(node_field_requirement(req, &path.child("matchFields").index(j)));
    }
    errs
}

/// Upstream's `ValidateNodeSelectorRequirement`.
fn node_selector_requirement(req: &NodeSelectorRequirement, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let values = path.child("values");
    match req.operator.0.as_str() {
        "In" | "NotIn" => {
            if req.values.is_empty() {
                errs.push(FieldError::required(&values, "must be specified when `operator` is 'In' or 'NotIn'"));
            }
        }
        "Exists" | "DoesNotExist" => {
            if !req.values.is_empty() {
                errs.push(FieldError::forbidden(
                    &values,
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
        }
        "Gt" | "Lt" => {
            if req.values.len() != 1 {
                errs.push(FieldError::required(
                    &values,
                    "must be specified single value when `operator` is 'Lt' or 'Gt'",
                ));
            }
        }
        op => {
            errs.push(FieldError::invalid_value(path.child("operator"), BadValue::named(op), NOT_AN_OPERATOR));
        }
    }
    errs.extend(validate_qualified_name(&path.child("key"), &req.key));
    if !allow_invalid_values {
        for (k, v) in req.values.iter().enumerate() {
            errs.extend(is_label_value(v).into_iter().map(|m| FieldError::invalid(values.index(k), v, &m)));
        }
    }
    errs
}

/// Upstream's `ValidateNodeFieldSelectorRequirement`: `In` or `NotIn` one node name.
fn node_field_requirement(req: &NodeSelectorRequirement, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match req.operator.0.as_str() {
        "In" | "NotIn" => {
            if req.values.len() != 1 {
                errs.push(FieldError::required(
                    path.child("values"),
                    "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
                ));
            }
        }
        op => {
            errs.push(FieldError::invalid_value(path.child("operator"), BadValue::named(op), NOT_AN_OPERATOR));
        }
    }
    if req.key != NODE_NAME_FIELD {
        errs.push(FieldError::invalid(path.child("key"), &req.key, "not a valid field selector key"));
    } else {
        for (i, v) in req.values.iter().enumerate() {
            let p = path.child("values").index(i);
            errs.extend(name_is_dns_subdomain(v, false).into_iter().map(|m| FieldError::invalid(&p, v, &m)));
        }
    }
    errs
}

fn pod_affinity_terms(terms: &[PodAffinityTerm], allow_invalid_values: bool, path: &Path) -> ErrorList {
    let p = path.child("requiredDuringSchedulingIgnoredDuringExecution");
    terms.iter().enumerate().flat_map(|(i, t)| pod_affinity_term(t, allow_invalid_values, &p.index(i))).collect()
}

fn weighted_terms(terms: &[WeightedPodAffinityTerm], allow_invalid_values: bool, path: &Path) -> ErrorList {
    let p = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    let mut errs = ErrorList::new();
    for (j, t) in terms.iter().enumerate() {
        if !(1..=100).contains(&t.weight) {
            errs.push(FieldError::invalid_value(p.index(j).child("weight"), t.weight, WEIGHT_RANGE));
        }
        errs.extend(pod_affinity_term(
            &t.pod_affinity_term,
            allow_invalid_values,
            &p.index(j).child("podAffinityTerm"),
        ));
    }
    errs
}

/// Upstream's `validatePodAffinityTerm`: both selectors, namespace names (reported at
/// `namespace`, as upstream does), the label keys, and a topology key that is a label name.
fn pod_affinity_term(t: &PodAffinityTerm, allow_invalid_values: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(sel) = &t.label_selector {
        errs.extend(validate_label_selector_with(sel, allow_invalid_values, &path.child("labelSelector")));
    }
    if let Some(sel) = &t.namespace_selector {
        errs.extend(validate_label_selector_with(sel, allow_invalid_values, &path.child("namespaceSelector")));
    }
    for name in &t.namespaces {
        errs.extend(is_dns1123_label(name).into_iter().map(|m| FieldError::invalid(path.child("namespace"), name, &m)));
    }
    errs.extend(match_and_mismatch_label_keys(
        path,
        &t.match_label_keys,
        &t.mismatch_label_keys,
        t.label_selector.as_ref(),
    ));
    if t.topology_key.is_empty() {
        errs.push(FieldError::required(path.child("topologyKey"), "can not be empty"));
    }
    errs.extend(validate_qualified_name(&path.child("topologyKey"), &t.topology_key));
    errs
}

/// Upstream's `validateLabelKeys`: label names, and only with a selector.
fn label_keys(path: &Path, keys: &[String], selector: Option<&LabelSelector>) -> ErrorList {
    if keys.is_empty() {
        return ErrorList::new();
    }
    if selector.is_none() {
        return vec![FieldError::forbidden(path, NO_SELECTOR)];
    }
    keys.iter().enumerate().flat_map(|(i, k)| validate_qualified_name(&path.index(i), k)).collect()
}

/// Upstream's `validateMatchLabelKeysAndMismatchLabelKeys`. A match label key that the selector
/// has both in `matchLabels` and in an expression is reported at the term's own path indexed by
/// the key's position, as upstream reports it. Topology spread constraints take it too, without
/// mismatch keys, when their `matchLabelKeys` are merged into the selector (see
/// [`super::spread`]).
pub(super) fn match_and_mismatch_label_keys(
    path: &Path,
    match_keys: &[String],
    mismatch_keys: &[String],
    selector: Option<&LabelSelector>,
) -> ErrorList {
    let mut errs = label_keys(&path.child("matchLabelKeys"), match_keys, selector);
    errs.extend(label_keys(&path.child("mismatchLabelKeys"), mismatch_keys, selector));
    if let Some(sel) = selector {
        // The last position of each key wins, as upstream's map does.
        let positions: BTreeMap<&str, usize> = match_keys.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
        let mut selector_keys: BTreeSet<&str> = sel.match_labels.keys().map(String::as_str).collect();
        for expr in &sel.match_expressions {
            let key = expr.key.as_str();
            if let Some(i) = positions.get(key)
                && selector_keys.contains(key)
            {
                errs.push(FieldError::invalid(path.index(*i), key, "exists in both matchLabelKeys and labelSelector"));
            }
            selector_keys.insert(key);
        }
    }
    let mismatch: BTreeSet<&str> = mismatch_keys.iter().map(String::as_str).collect();
    for (i, k) in match_keys.iter().enumerate() {
        if mismatch.contains(k.as_str()) {
            errs.push(FieldError::invalid(
                path.child("matchLabelKeys").index(i),
                k,
                "exists in both matchLabelKeys and mismatchLabelKeys",
            ));
        }
    }
    errs
}

#[cfg(test)]
#[path = "affinity_tests.rs"]
pub(super) mod tests;
