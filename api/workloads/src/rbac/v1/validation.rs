//! Hand-written validation of rbac.authorization.k8s.io/v1 kinds (roles, cluster roles and their bindings), with the checks, field paths and messages of upstream's `pkg/apis/rbac/validation`.
//!
//! Upstream marks `verbs`, a subject's `name` and `roleRef.name` being required as covered by
//! declarative validation; while the beta declarative rules are enforced those errors come from
//! the generated `validate_declarative_*` functions (which skip unchanged fields on update), so
//! they are made here only when the gate is off.

use kapi_machinery::validation::content::is_dns1123_subdomain;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject};
use crate::features::{self, Release};
use crate::meta::v1::ObjectMeta;
use crate::meta::v1::object_meta_validation::validate_own_names;
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const GROUP: &str = "rbac.authorization.k8s.io";

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

/// Upstream's `ValidateRBACName` (`path.IsValidPathSegmentName`).
fn rbac_name(name: &str) -> Vec<String> {
    for bad in [".", ".."] {
        if name == bad {
            return vec![format!("may not be '{bad}'")];
        }
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

/// Upstream's `ValidatePolicyRule`.
fn policy_rule(rule: &PolicyRule, namespaced: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if rule.verbs.as_ref().is_none_or(Vec::is_empty) && !declarative_beta() {
        errs.push(FieldError::required(path.child("verbs"), "verbs must contain at least one value"));
    }
    if !rule.non_resource_urls.is_empty() {
        let p = path.child("nonResourceURLs");
        let urls = || BadValue::string_list(&rule.non_resource_urls);
        if namespaced {
            errs.push(FieldError::invalid_value(&p, urls(), "namespaced rules cannot apply to non-resource URLs"));
        }
        if !rule.api_groups.is_empty() || !rule.resources.is_empty() || !rule.resource_names.is_empty() {
            errs.push(FieldError::invalid_value(
                &p,
                urls(),
                "rules cannot apply to both regular resources and non-resource URLs",
            ));
        }
        return errs;
    }
    if rule.api_groups.is_empty() {
        errs.push(FieldError::required(path.child("apiGroups"), "resource rules must supply at least one api group"));
    }
    if rule.resources.is_empty() {
        errs.push(FieldError::required(path.child("resources"), "resource rules must supply at least one resource"));
    }
    errs
}

fn rules(list: Option<&Vec<PolicyRule>>, namespaced: bool) -> ErrorList {
    let path = Path::new("rules");
    list.into_iter().flatten().enumerate().flat_map(|(i, r)| policy_rule(r, namespaced, &path.index(i))).collect()
}

/// Validates a `Role` (upstream's `ValidateRole`, also its update): every rule has verbs, and
/// either resources with API groups or, never in a namespaced role, non-resource URLs.
pub fn validate_role(obj: &Role, _old: Option<&Role>) -> ErrorList {
    let mut errs = name_errors(&obj.metadata);
    errs.extend(rules(obj.rules.as_ref(), true));
    errs
}

/// Upstream's `ValidateObjectMeta` with `ValidateRBACName`: RBAC objects are named by path
/// segments (`system:basic-user`), not DNS subdomains; the server leaves their names (a generate
/// name too, held to the same rule) to this.
fn name_errors(meta: &ObjectMeta) -> ErrorList {
    validate_own_names(meta, |name, _prefix| rbac_name(name))
}

/// Validates a `ClusterRole` (upstream's `ValidateClusterRole` and its update): the rules, and
/// an aggregation rule's selectors (at least one, each valid). An update keeps selector
/// expression values the stored role's aggregation selectors already had.
pub fn validate_cluster_role(obj: &ClusterRole, old: Option<&ClusterRole>) -> ErrorList {
    let mut errs = name_errors(&obj.metadata);
    errs.extend(rules(obj.rules.as_ref(), false));
    let allow_invalid_values = old
        .and_then(|o| o.aggregation_rule.as_ref())
        .is_some_and(|a| a.cluster_role_selectors.iter().any(|s| !is_valid_label_selector(s)));
    if let Some(agg) = &obj.aggregation_rule {
        let path = Path::new("aggregationRule").child("clusterRoleSelectors");
        if agg.cluster_role_selectors.is_empty() {
            errs.push(FieldError::required(
                &path,
                "at least one clusterRoleSelector required if aggregationRule is non-nil",
            ));
        }
        for (i, s) in agg.cluster_role_selectors.iter().enumerate() {
            let p = path.index(i);
            errs.extend(validate_label_selector_with(s, allow_invalid_values, &p));
            if !is_valid_label_selector(s) {
                // Upstream shows the nil selector its failed conversion returned.
                errs.push(FieldError::invalid_value(&p, BadValue::Json("null".into()), "invalid label selector."));
            }
        }
    }
    errs
}

fn role_ref(r: &RoleRef, kinds: &[&str]) -> ErrorList {
    let path = Path::new("roleRef");
    let mut errs = ErrorList::new();
    if r.api_group != GROUP {
        errs.push(FieldError::not_supported_value(
            path.child("apiGroup"),
            BadValue::Str(r.api_group.clone()),
            &[GROUP],
        ));
    }
    if !kinds.contains(&r.kind.as_str()) {
        errs.push(FieldError::not_supported_value(path.child("kind"), BadValue::Str(r.kind.clone()), kinds));
    }
    let np = path.child("name");
    if r.name.is_empty() {
        if !declarative_beta() {
            errs.push(FieldError::required(&np, ""));
        }
    } else {
        errs.extend(rbac_name(&r.name).iter().map(|m| FieldError::invalid(&np, &r.name, m)));
    }
    errs
}

/// Upstream's `ValidateRoleBindingSubject`.
fn subject(s: &Subject, namespaced: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let np = path.child("name");
    if s.name.is_empty() && !declarative_beta() {
        errs.push(FieldError::required(&np, ""));
    }
    let ap = path.child("apiGroup");
    match s.kind.as_str() {
        "ServiceAccount" => {
            if !s.name.is_empty() {
                errs.extend(is_dns1123_subdomain(&s.name).iter().map(|m| FieldError::invalid(&np, &s.name, m)));
            }
            if !s.api_group.is_empty() {
                errs.push(FieldError::not_supported_value(&ap, BadValue::Str(s.api_group.clone()), &[""]));
            }
            if !namespaced && s.namespace.is_empty() {
                errs.push(FieldError::required(path.child("namespace"), ""));
            }
        }
        "User" | "Group" => {
            if s.api_group != GROUP {
                errs.push(FieldError::not_supported_value(&ap, BadValue::Str(s.api_group.clone()), &[GROUP]));
            }
        }
        other => errs.push(FieldError::not_supported_value(
            path.child("kind"),
            BadValue::Str(other.to_owned()),
            &["ServiceAccount", "User", "Group"],
        )),
    }
    errs
}

fn binding(r: &RoleRef, subjects: &[Subject], old: Option<&RoleRef>, namespaced: bool) -> ErrorList {
    let kinds: &[&str] = if namespaced { &["Role", "ClusterRole"] } else { &["ClusterRole"] };
    let mut errs = role_ref(r, kinds);
    let path = Path::new("subjects");
    for (i, s) in subjects.iter().enumerate() {
        errs.extend(subject(s, namespaced, &path.index(i)));
    }
    if let Some(old) = old
        && old != r
    {
        // Upstream shows the internal `RoleRef` struct, whose JSON is the v1 one's.
        errs.push(FieldError::invalid_value("roleRef", role_ref_value(r), "cannot change roleRef"));
    }
    errs
}

fn role_ref_value(r: &RoleRef) -> BadValue {
    match kapi_machinery::json::to_vec(r) {
        Ok(b) => BadValue::Json(String::from_utf8_lossy(&b).into_owned()),
        Err(_) => BadValue::Omitted,
    }
}

/// Validates a `RoleBinding` (upstream's `ValidateRoleBinding` and `ValidateRoleBindingUpdate`):
/// the role reference (group `rbac.authorization.k8s.io`, kind `Role` or `ClusterRole`, a name),
/// each subject by its kind, and on update an unchanged role reference.
pub fn validate_role_binding(obj: &RoleBinding, old: Option<&RoleBinding>) -> ErrorList {
    let mut errs = name_errors(&obj.metadata);
    errs.extend(binding(&obj.role_ref, &obj.subjects, old.map(|o| &o.role_ref), true));
    errs
}

/// Validates a `ClusterRoleBinding` (upstream's `ValidateClusterRoleBinding` and its update): as
/// a role binding, but the role must be a `ClusterRole` and service accounts need a namespace.
pub fn validate_cluster_role_binding(obj: &ClusterRoleBinding, old: Option<&ClusterRoleBinding>) -> ErrorList {
    let mut errs = name_errors(&obj.metadata);
    errs.extend(binding(&obj.role_ref, &obj.subjects, old.map(|o| &o.role_ref), false));
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
