//! Upstream's `TestValidateWorkload` cases of the template tree (children, names, depth) and the rules of `validateWorkloadPriority` and `ValidatePodGroupStatusUpdate`, pinned against our validation.

use kapi_machinery::types::Time;

use super::*;
use crate::meta::v1::{Condition, ConditionStatus, ObjectMeta};
use crate::scheduling::v1beta1::{PodGroupResourceClaim, PodGroupResourceClaimStatus, PodGroupSpec, PodGroupStatus};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn pg(name: &str) -> PodGroupTemplate {
    PodGroupTemplate { name: name.into(), ..Default::default() }
}

fn cpg(name: &str, pgs: Vec<PodGroupTemplate>, cpgs: Vec<CompositePodGroupTemplate>) -> CompositePodGroupTemplate {
    CompositePodGroupTemplate {
        name: name.into(),
        pod_group_templates: pgs,
        composite_pod_group_templates: cpgs,
        ..Default::default()
    }
}

/// Upstream's `mkWorkload`: two pod group templates, `group1` and `group2`.
fn workload(pgs: Option<Vec<PodGroupTemplate>>, cpgs: Vec<CompositePodGroupTemplate>) -> Workload {
    Workload {
        metadata: ObjectMeta { name: "workload".into(), namespace: "ns".into(), ..Default::default() },
        spec: WorkloadSpec { pod_group_templates: pgs, composite_pod_group_templates: cpgs, ..Default::default() },
        ..Default::default()
    }
}

fn mk_workload() -> Workload {
    workload(Some(vec![pg("group1"), pg("group2")]), vec![])
}

fn check(w: &Workload) -> Vec<String> {
    strings(&validate_workload(w, None))
}

#[test]
fn workload_tree_as_upstream() {
    assert_eq!(check(&mk_workload()), Vec::<String>::new(), "basic and gang policies");
    let old = mk_workload();
    assert_eq!(validate_workload(&old, Some(&old)), [], "no change");

    let mut w = mk_workload();
    w.spec.composite_pod_group_templates = vec![cpg("main", vec![], vec![])];
    assert_eq!(
        check(&w),
        [
            r#"spec.compositePodGroupTemplates[0]: Invalid value: "main": must have at least one child PodGroupTemplate or CompositePodGroupTemplate"#
        ],
        "composite pod group template has no children"
    );
    w.spec.composite_pod_group_templates = vec![cpg("main", vec![], vec![cpg("sub", vec![], vec![])])];
    assert_eq!(
        check(&w),
        [
            r#"spec.compositePodGroupTemplates[0].compositePodGroupTemplates[0]: Invalid value: "sub": must have at least one child PodGroupTemplate or CompositePodGroupTemplate"#
        ],
        "composite pod group template nested child has no children"
    );

    let deep = workload(None, vec![cpg("main", vec![], vec![cpg("main", vec![pg("leaf")], vec![])])]);
    assert_eq!(
        check(&deep),
        [r#"spec.compositePodGroupTemplates[0].compositePodGroupTemplates[0].name: Duplicate value: "main""#],
        "duplicate names deep in tree"
    );
    let tree = workload(None, vec![cpg("cpg1", vec![pg("group1")], vec![cpg("cpg2", vec![pg("group1")], vec![])])]);
    assert_eq!(
        check(&tree),
        [
            r#"spec.compositePodGroupTemplates[0].compositePodGroupTemplates[0].podGroupTemplates[0].name: Duplicate value: "group1""#
        ],
        "duplicate names in tree"
    );

    let cpg4 = cpg("cpg4", vec![pg("leaf")], vec![]);
    let tall =
        workload(None, vec![cpg("cpg1", vec![], vec![cpg("cpg2", vec![], vec![cpg("cpg3", vec![], vec![cpg4])])])]);
    let errs = check(&tall);
    assert_eq!(errs.len(), 1, "exceeds max tree height: {errs:?}");
    assert!(errs[0].starts_with("spec.compositePodGroupTemplates[0]: Invalid value: "), "{errs:?}");
    assert!(errs[0].ends_with(": maximum template hierarchy depth is 4"), "{errs:?}");
    // Three levels are allowed.
    let three = workload(
        None,
        vec![cpg("cpg1", vec![], vec![cpg("cpg2", vec![], vec![cpg("cpg3", vec![pg("leaf")], vec![])])])],
    );
    assert_eq!(check(&three), Vec::<String>::new());
}

#[test]
fn one_priority_for_every_template() {
    let with = |name: &str, class: &str, prio: Option<i32>| PodGroupTemplate {
        priority_class_name: class.into(),
        priority: prio,
        ..pg(name)
    };
    let same = workload(Some(vec![with("a", "high", Some(10)), with("b", "high", Some(10))]), vec![]);
    assert_eq!(check(&same), Vec::<String>::new());
    let groups = workload(Some(vec![with("a", "high", Some(10)), with("b", "high", None)]), vec![]);
    assert_eq!(check(&groups), [r#"spec: Invalid value: "null": detected multiple priority configurations"#]);
    let mut nested = cpg("c", vec![with("b", "low", Some(10))], vec![]);
    nested.priority_class_name = "high".into();
    nested.priority = Some(10);
    let tree = workload(Some(vec![with("a", "high", Some(10))]), vec![nested]);
    assert_eq!(
        check(&tree),
        [
            r#"spec: Invalid value: "null": all priority and priorityClassName values must be identical, detected multiple values"#
        ]
    );
}

fn group(claims: &[&str], statuses: &[&str], conditions: Vec<Condition>) -> PodGroup {
    PodGroup {
        spec: PodGroupSpec {
            resource_claims: claims
                .iter()
                .map(|n| PodGroupResourceClaim { name: (*n).into(), ..Default::default() })
                .collect(),
            ..Default::default()
        },
        status: PodGroupStatus {
            conditions,
            resource_claim_statuses: statuses
                .iter()
                .map(|n| PodGroupResourceClaimStatus { name: (*n).into(), ..Default::default() })
                .collect(),
        },
        ..Default::default()
    }
}

#[test]
fn pod_group_status_as_upstream() {
    let old = group(&["a"], &[], vec![]);
    assert_eq!(validate_pod_group_status_update(&group(&["a"], &["a"], vec![]), &old), []);
    assert_eq!(
        strings(&validate_pod_group_status_update(&group(&["a"], &["a", "b"], vec![]), &old)),
        [
            "status.resourceClaimStatuses[1].name: Invalid value: \"b\": must match the name of an entry in `spec.resourceClaims`"
        ]
    );
    let scheduled = Condition {
        r#type: "PodGroupInitiallyScheduled".into(),
        status: ConditionStatus("True".into()),
        reason: "Scheduled".into(),
        last_transition_time: Time::from_unix(1_700_000_000),
        ..Default::default()
    };
    assert_eq!(validate_pod_group_status_update(&group(&[], &[], vec![scheduled.clone()]), &old), []);
    let unset = Condition { reason: String::new(), ..scheduled };
    assert_eq!(
        strings(&validate_pod_group_status_update(&group(&[], &[], vec![unset]), &old)),
        ["status.conditions[0].reason: Required value: must be set"]
    );
}
