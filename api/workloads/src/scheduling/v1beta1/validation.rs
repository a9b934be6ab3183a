//! Hand-written validation of `Workload` and `PodGroup` (upstream's `ValidateWorkload`, `ValidateWorkloadUpdate`, `ValidatePodGroupStatusUpdate`), for the rules across a workload's template tree and a group's status that the generated declarative rules do not express.
//!
//! Ported from the upstream source with composite pod group templates (1.36's shape, as these
//! types have it). Upstream's `ValidatePodGroup` and `…Update` check only metadata, which the
//! server checks for every kind, but for the name: a pod group's is a DNS label (the kind is
//! marked `+ownNameRule`, so the server leaves its name to [`validate_pod_group`]). A workload's
//! and a composite pod group's names are DNS subdomains, the server's own check.

use std::collections::HashSet;

use kapi_machinery::validation::declarative::json_value;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{CompositePodGroupTemplate, PodGroup, PodGroupTemplate, Workload, WorkloadSpec};
use crate::core::v1::validation::name_is_dns_label;
use crate::meta::v1::object_meta_validation::validate_own_names;
use crate::meta::v1::validation::validate_conditions;

/// Upstream's `WorkloadMaxTemplateDepth`: how deep composite templates may nest.
const MAX_TEMPLATE_DEPTH: usize = 4;

/// Validates a `Workload` on create and update (upstream checks the spec the same way on
/// both): template names unique across the tree, composite templates nested at most
/// 4 levels deep (upstream's `WorkloadMaxTemplateDepth`), one priority for all templates, and no composite template
/// without children.
pub fn validate_workload(obj: &Workload, _old: Option<&Workload>) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let cp = path.child("compositePodGroupTemplates");
    let mut errs = template_names(spec, &path);
    for (i, c) in spec.composite_pod_group_templates.iter().enumerate() {
        if too_deep(c, 1) {
            errs.push(FieldError::invalid_value(
                cp.index(i),
                json_value(&c.composite_pod_group_templates),
                &format!("maximum template hierarchy depth is {MAX_TEMPLATE_DEPTH}"),
            ));
        }
    }
    errs.extend(priority(spec, &path));
    for (i, c) in spec.composite_pod_group_templates.iter().enumerate() {
        errs.extend(has_children(c, &cp.index(i)));
    }
    errs
}

/// Validates a `PodGroup` on create (upstream's `ValidatePodGroup`): its name and generate name
/// DNS labels (upstream's `ValidatePodGroupName`, taken to be `NameIsDNSLabel` as every other
/// `NameIs…` rule: a generate name may end in `-`). The update (`ValidatePodGroupUpdate`) checks
/// only what the server checks for every kind; names are immutable.
pub fn validate_pod_group(obj: &PodGroup, old: Option<&PodGroup>) -> ErrorList {
    if old.is_some() {
        return ErrorList::new();
    }
    validate_own_names(&obj.metadata, name_is_dns_label)
}

/// Validates a `PodGroup`'s `/status` write (upstream's `ValidatePodGroupStatusUpdate`): the
/// conditions as `metav1.ValidateConditions`, and each claim status naming a claim of the spec.
pub fn validate_pod_group_status_update(obj: &PodGroup, _old: &PodGroup) -> ErrorList {
    let sp = Path::new("status");
    let mut errs = validate_conditions(&obj.status.conditions, &sp.child("conditions"));
    let rp = sp.child("resourceClaimStatuses");
    for (i, s) in obj.status.resource_claim_statuses.iter().enumerate() {
        if !obj.spec.resource_claims.iter().any(|c| c.name == s.name) {
            errs.push(FieldError::invalid(
                rp.index(i).child("name"),
                &s.name,
                "must match the name of an entry in `spec.resourceClaims`",
            ));
        }
    }
    errs
}

/// Upstream's `validateWorkloadTemplateNamesUniqueness`: a name already used elsewhere in the
/// tree (seen in upstream's walk order, one set shared by all branches) is a duplicate. Repeats
/// within one list are the generated `listType=map` rule's, so a list's names join the set only
/// after the whole list is checked.
fn template_names(spec: &WorkloadSpec, path: &Path) -> ErrorList {
    let mut names: HashSet<&str> = spec.pod_group_templates.iter().flatten().map(|t| t.name.as_str()).collect();
    let mut errs = ErrorList::new();
    composite_list_names(&spec.composite_pod_group_templates, path, &mut names, &mut errs);
    errs
}

fn composite_list_names<'a>(
    list: &'a [CompositePodGroupTemplate],
    path: &Path,
    names: &mut HashSet<&'a str>,
    errs: &mut ErrorList,
) {
    let lp = path.child("compositePodGroupTemplates");
    duplicates(list.iter().map(|c| c.name.as_str()), &lp, names, errs);
    for (i, c) in list.iter().enumerate() {
        let cp = lp.index(i);
        let pod_groups: &[PodGroupTemplate] = &c.pod_group_templates;
        duplicates(pod_groups.iter().map(|t| t.name.as_str()), &cp.child("podGroupTemplates"), names, errs);
        composite_list_names(&c.composite_pod_group_templates, &cp, names, errs);
    }
}

/// Reports each name of one list already in `names`, then adds the list's names.
fn duplicates<'a>(
    list: impl Iterator<Item = &'a str> + Clone,
    lp: &Path,
    names: &mut HashSet<&'a str>,
    errs: &mut ErrorList,
) {
    for (i, name) in list.clone().enumerate() {
        if names.contains(name) {
            errs.push(FieldError::duplicate(lp.index(i).child("name"), name));
        }
    }
    names.extend(list);
}

/// Whether a composite template at `depth` (a top-level one is 1) nests one at
/// [`MAX_TEMPLATE_DEPTH`] or deeper.
fn too_deep(c: &CompositePodGroupTemplate, depth: usize) -> bool {
    depth >= MAX_TEMPLATE_DEPTH || c.composite_pod_group_templates.iter().any(|child| too_deep(child, depth + 1))
}

/// Upstream's `validateWorkloadPriority`: every template's priority class name and priority
/// equal the first one's, pod group templates first, then each composite tree (the composite,
/// its composite children, then its pod group templates). Upstream shows no value (`nil`).
fn priority(spec: &WorkloadSpec, path: &Path) -> ErrorList {
    let mut first = FirstPriority::default();
    let null = || BadValue::Str("null".into());
    for t in spec.pod_group_templates.iter().flatten() {
        if !first.same(&t.priority_class_name, t.priority) {
            return vec![FieldError::invalid_value(path, null(), "detected multiple priority configurations")];
        }
    }
    for c in &spec.composite_pod_group_templates {
        if !first.same_in_tree(c) {
            return vec![FieldError::invalid_value(
                path,
                null(),
                "all priority and priorityClassName values must be identical, detected multiple values",
            )];
        }
    }
    ErrorList::new()
}

/// The first template's priority class name and priority, once one was seen.
#[derive(Default)]
struct FirstPriority<'a>(Option<(&'a str, Option<i32>)>);

impl<'a> FirstPriority<'a> {
    fn same(&mut self, class: &'a str, priority: Option<i32>) -> bool {
        *self.0.get_or_insert((class, priority)) == (class, priority)
    }

    fn same_in_tree(&mut self, c: &'a CompositePodGroupTemplate) -> bool {
        self.same(&c.priority_class_name, c.priority)
            && c.composite_pod_group_templates.iter().all(|child| self.same_in_tree(child))
            && c.pod_group_templates.iter().all(|t| self.same(&t.priority_class_name, t.priority))
    }
}

/// Upstream's `validateCompositePodGroupTemplateHasAtLeastOneChild`, down the composite tree.
fn has_children(c: &CompositePodGroupTemplate, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if c.pod_group_templates.is_empty() && c.composite_pod_group_templates.is_empty() {
        errs.push(FieldError::invalid(
            path,
            &c.name,
            "must have at least one child PodGroupTemplate or CompositePodGroupTemplate",
        ));
    }
    for (i, child) in c.composite_pod_group_templates.iter().enumerate() {
        errs.extend(has_children(child, &path.child("compositePodGroupTemplates").index(i)));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
