//! A pod spec's topology spread constraints, as upstream's `validateTopologySpreadConstraints`.

use std::collections::BTreeSet;

use kapi_machinery::validation::content::validate_qualified_name;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use crate::core::v1::TopologySpreadConstraint;
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

const NOT_POSITIVE: &str = "must be greater than zero";
/// Upstream's supported actions and node inclusion policies, sorted as `sets.List` sorts them.
const ACTIONS: &[&str] = &["DoNotSchedule", "ScheduleAnyway"];
const NODE_POLICIES: &[&str] = &["Honor", "Ignore"];

/// Which of upstream's two rules checks a constraint's `matchLabelKeys`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MatchLabelKeysRule {
    /// `ValidateMatchLabelKeysInTopologySpread`: no key the selector names at all.
    Legacy,
    /// `ValidateMatchLabelKeysAndMismatchLabelKeys`, for selectors the keys were merged into: a
    /// key may be in one expression (the merged one) but not in `matchLabels` and an expression
    /// too; reported as upstream does, `matchLabelKeys` errors under the constraint's path.
    Merged,
}

/// Upstream's `validateTopologySpreadConstraints` at `path` (`spec.topologySpreadConstraints`).
/// Label values of the selectors' expressions are checked unless `allow_invalid_values` (set on
/// update when the stored pod already had an invalid selector); `rule` checks `matchLabelKeys`.
pub(super) fn topology_spread_constraints(
    constraints: &[TopologySpreadConstraint],
    allow_invalid_values: bool,
    rule: MatchLabelKeysRule,
    path: &Path,
) -> ErrorList {
    // A constraint is a duplicate when a later one has the same (topologyKey, whenUnsatisfiable);
    // one pass from the end finds them all without comparing every pair.
    let mut repeated = vec![false; constraints.len()];
    let mut later = BTreeSet::new();
    for (i, c) in constraints.iter().enumerate().rev() {
        repeated[i] = !later.insert((c.topology_key.as_str(), c.when_unsatisfiable.0.as_str()));
    }
    let mut errs = ErrorList::new();
    for (i, c) in constraints.iter().enumerate() {
        let p = path.index(i);
        if c.max_skew <= 0 {
            errs.push(FieldError::invalid_value(p.child("maxSkew"), c.max_skew, NOT_POSITIVE));
        }
        if c.topology_key.is_empty() {
            errs.push(FieldError::required(p.child("topologyKey"), "can not be empty"));
        }
        let action = c.when_unsatisfiable.0.as_str();
        if !ACTIONS.contains(&action) {
            errs.push(FieldError::not_supported_value(p.child("whenUnsatisfiable"), BadValue::named(action), ACTIONS));
        }
        if repeated[i] {
            errs.push(FieldError::duplicate(
                p.child("{topologyKey, whenUnsatisfiable}"),
                format!("{{{}, {}}}", c.topology_key, action),
            ));
        }
        if let Some(min) = c.min_domains {
            if min <= 0 {
                errs.push(FieldError::invalid_value(p.child("minDomains"), min, NOT_POSITIVE));
            }
            if action != "DoNotSchedule" {
                errs.push(FieldError::invalid_value(
                    p.child("minDomains"),
                    min,
                    &format!("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {action}"),
                ));
            }
        }
        for (field, policy) in
            [("nodeAffinityPolicy", &c.node_affinity_policy), ("nodeTaintsPolicy", &c.node_taints_policy)]
        {
            if let Some(policy) = policy
                && !NODE_POLICIES.contains(&policy.0.as_str())
            {
                errs.push(FieldError::not_supported_value(p.child(field), BadValue::named(&policy.0), NODE_POLICIES));
            }
        }
        errs.extend(match_label_keys_by(rule, c, &p));
        if let Some(sel) = &c.label_selector {
            errs.extend(validate_label_selector_with(sel, allow_invalid_values, &p.child("labelSelector")));
        }
    }
    errs
}

/// Upstream's `hasInvalidTopologySpreadConstraintLabelSelector`: whether a constraint's selector
/// fails the strict check.
pub(super) fn has_invalid_selector(constraints: &[TopologySpreadConstraint]) -> bool {
    constraints.iter().filter_map(|c| c.label_selector.as_ref()).any(|s| !is_valid_label_selector(s))
}

/// Whether any of the constraints fails `rule` (upstream's
/// `hasInvalidTopologySpreadConstrainMatchLabelKeys` and its legacy twin).
pub(super) fn violates(constraints: &[TopologySpreadConstraint], rule: MatchLabelKeysRule) -> bool {
    constraints.iter().any(|c| !match_label_keys_by(rule, c, &Path::root()).is_empty())
}

/// The errors of `rule` for the constraint at `path`.
fn match_label_keys_by(rule: MatchLabelKeysRule, c: &TopologySpreadConstraint, path: &Path) -> ErrorList {
    match rule {
        MatchLabelKeysRule::Legacy => match_label_keys(c, &path.child("matchLabelKeys")),
        MatchLabelKeysRule::Merged => {
            super::affinity::match_and_mismatch_label_keys(path, &c.match_label_keys, &[], c.label_selector.as_ref())
        }
    }
}

/// Upstream's `validateMatchLabelKeysInTopologySpread`: label names the selector does not
/// already use, and only with a selector.
fn match_label_keys(c: &TopologySpreadConstraint, path: &Path) -> ErrorList {
    if c.match_label_keys.is_empty() {
        return ErrorList::new();
    }
    let mut errs = ErrorList::new();
    let mut selector_keys = BTreeSet::new();
    match &c.label_selector {
        Some(sel) => {
            selector_keys.extend(sel.match_labels.keys().map(String::as_str));
            selector_keys.extend(sel.match_expressions.iter().map(|e| e.key.as_str()));
        }
        None => errs.push(FieldError::forbidden(path, "must not be specified when labelSelector is not set")),
    }
    for (i, key) in c.match_label_keys.iter().enumerate() {
        errs.extend(validate_qualified_name(&path.index(i), key));
        if selector_keys.contains(key.as_str()) {
            errs.push(FieldError::invalid(path.index(i), key, "exists in both matchLabelKeys and labelSelector"));
        }
    }
    errs
}
