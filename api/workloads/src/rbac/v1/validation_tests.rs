//! Upstream's rbac validation test cases (`TestValidateClusterRoleBinding`, `TestValidateRoleBinding`, `TestValidateRoleBindingUpdate`, `TestValidateRole*`), inputs and expected error types and fields, pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement, ObjectMeta};
use crate::rbac::v1::AggregationRule;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::rbac::install(&mut s).expect("rbac installs");
    s
}

/// Every error of a failing case has upstream's type and field (their tests' shape).
fn assert_all(name: &str, errs: &ErrorList, ty: ErrorType, field: &str) {
    assert!(!errs.is_empty(), "{name}: expected a failure");
    for e in errs {
        assert_eq!((e.error_type, e.field.as_str()), (ty, field), "{name}: {e}");
    }
}

fn role_ref(group: &str, kind: &str, name: &str) -> RoleRef {
    RoleRef { api_group: group.into(), kind: kind.into(), name: name.into() }
}

fn subject(kind: &str, name: &str, namespace: &str) -> Subject {
    let api_group = if kind == "ServiceAccount" { "" } else { GROUP };
    Subject { kind: kind.into(), api_group: api_group.into(), name: name.into(), namespace: namespace.into() }
}

fn crb(r: RoleRef, subjects: Vec<Subject>) -> ClusterRoleBinding {
    ClusterRoleBinding {
        metadata: ObjectMeta { name: "master".into(), ..Default::default() },
        role_ref: r,
        subjects,
        ..Default::default()
    }
}

fn rb(r: RoleRef, subjects: Vec<Subject>) -> RoleBinding {
    RoleBinding {
        metadata: ObjectMeta { name: "master".into(), namespace: "default".into(), ..Default::default() },
        role_ref: r,
        subjects,
        ..Default::default()
    }
}

#[test]
fn cluster_role_bindings_as_upstream() {
    let good = crb(
        role_ref(GROUP, "ClusterRole", "valid"),
        vec![
            subject("ServiceAccount", "validsaname", "foo"),
            subject("User", "valid@username", ""),
            subject("Group", "valid@groupname", ""),
        ],
    );
    assert!(validate_cluster_role_binding(&good, None).is_empty());
    let valid = || role_ref(GROUP, "ClusterRole", "valid");
    let cases: Vec<(&str, ClusterRoleBinding, ErrorType, &str)> = vec![
        (
            "bad group",
            crb(role_ref("rbac.GroupName", "ClusterRole", "valid"), vec![]),
            ErrorType::NotSupported,
            "roleRef.apiGroup",
        ),
        ("bad kind", crb(role_ref(GROUP, "Type", "valid"), vec![]), ErrorType::NotSupported, "roleRef.kind"),
        ("reference role", crb(role_ref(GROUP, "Role", "valid"), vec![]), ErrorType::NotSupported, "roleRef.kind"),
        (
            "bad subject kind",
            crb(valid(), vec![Subject { name: "subject".into(), ..Default::default() }]),
            ErrorType::NotSupported,
            "subjects[0].kind",
        ),
        (
            "bad subject name",
            crb(valid(), vec![subject("ServiceAccount", "subject:bad", "foo")]),
            ErrorType::Invalid,
            "subjects[0].name",
        ),
        (
            "missing SA namespace",
            crb(valid(), vec![subject("ServiceAccount", "good", "")]),
            ErrorType::Required,
            "subjects[0].namespace",
        ),
    ];
    for (name, obj, ty, field) in &cases {
        assert_all(name, &validate_cluster_role_binding(obj, None), *ty, field);
    }
    assert_eq!(
        strings(&validate_cluster_role_binding(&crb(role_ref(GROUP, "Role", "valid"), vec![]), None)),
        [r#"roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole""#]
    );
}

#[test]
fn role_bindings_as_upstream() {
    let good = rb(
        role_ref(GROUP, "Role", "valid"),
        vec![
            subject("ServiceAccount", "validsaname", ""),
            subject("User", "valid@username", ""),
            subject("Group", "valid@groupname", ""),
        ],
    );
    assert!(validate_role_binding(&good, None).is_empty());
    let valid = || role_ref(GROUP, "Role", "valid");
    let cases: Vec<(&str, RoleBinding, ErrorType, &str)> = vec![
        (
            "bad group",
            rb(role_ref("rbac.GroupName", "ClusterRole", "valid"), vec![]),
            ErrorType::NotSupported,
            "roleRef.apiGroup",
        ),
        ("bad kind", rb(role_ref(GROUP, "Type", "valid"), vec![]), ErrorType::NotSupported, "roleRef.kind"),
        (
            "bad subject kind",
            rb(valid(), vec![Subject { name: "subject".into(), ..Default::default() }]),
            ErrorType::NotSupported,
            "subjects[0].kind",
        ),
        (
            "bad subject name",
            rb(valid(), vec![subject("ServiceAccount", "subject:bad", "")]),
            ErrorType::Invalid,
            "subjects[0].name",
        ),
    ];
    for (name, obj, ty, field) in &cases {
        assert_all(name, &validate_role_binding(obj, None), *ty, field);
    }
    // A user or group subject must name the rbac group; a service account none.
    let mut s = subject("User", "u", "");
    s.api_group = String::new();
    let mut sa = subject("ServiceAccount", "sa", "");
    sa.api_group = "v1".into();
    assert_eq!(
        strings(&validate_role_binding(&rb(valid(), vec![s, sa]), None)),
        [
            r#"subjects[0].apiGroup: Unsupported value: "": supported values: "rbac.authorization.k8s.io""#,
            r#"subjects[1].apiGroup: Unsupported value: "v1": supported values: """#,
        ]
    );
}

#[test]
fn role_binding_updates_keep_the_role_ref() {
    let old = rb(role_ref(GROUP, "Role", "valid"), vec![]);
    assert!(validate_role_binding(&old, Some(&old)).is_empty());
    let changed = rb(role_ref(GROUP, "Role", "changed"), vec![]);
    assert_eq!(
        strings(&validate_role_binding(&changed, Some(&old))),
        [
            r#"roleRef: Invalid value: {"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"changed"}: cannot change roleRef"#
        ],
        "changedRef"
    );
    let old = crb(role_ref(GROUP, "ClusterRole", "valid"), vec![]);
    let changed = crb(role_ref(GROUP, "ClusterRole", "other"), vec![]);
    assert_all("changedRef", &validate_cluster_role_binding(&changed, Some(&old)), ErrorType::Invalid, "roleRef");
}

fn rule(verbs: &[&str], groups: &[&str], resources: &[&str], urls: &[&str]) -> PolicyRule {
    let own = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    PolicyRule {
        verbs: Some(own(verbs)),
        api_groups: own(groups),
        resources: own(resources),
        non_resource_urls: own(urls),
        ..Default::default()
    }
}

fn role(rules: Vec<PolicyRule>) -> Role {
    Role {
        metadata: ObjectMeta { name: "default".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(rules),
        ..Default::default()
    }
}

fn cluster_role(rules: Vec<PolicyRule>) -> ClusterRole {
    ClusterRole {
        metadata: ObjectMeta { name: "default".into(), ..Default::default() },
        rules: Some(rules),
        ..Default::default()
    }
}

#[test]
fn roles_as_upstream() {
    assert!(validate_role(&role(vec![]), None).is_empty(), "TestValidateRoleValidRole");
    assert!(
        validate_cluster_role(&cluster_role(vec![rule(&["get"], &[], &[], &["/*"])]), None).is_empty(),
        "TestValidateRoleNonResourceURL"
    );
    assert!(
        validate_role(&role(vec![rule(&["get"], &["v1"], &["pods"], &[])]), None).is_empty(),
        "TestValidateRoleValidResource"
    );
    let cases: Vec<(&str, Role, ErrorType, &str)> = vec![
        (
            "TestValidateRoleNamespacedNonResourceURL",
            role(vec![rule(&["get"], &[], &[], &["/*"])]),
            ErrorType::Invalid,
            "rules[0].nonResourceURLs",
        ),
        (
            "TestValidateRoleMixedNonResourceAndResource",
            role(vec![rule(&["get"], &["v1"], &["pods"], &["/*"])]),
            ErrorType::Invalid,
            "rules[0].nonResourceURLs",
        ),
        (
            "TestValidateRoleNoAPIGroup",
            role(vec![rule(&["get"], &[], &["pods"], &[])]),
            ErrorType::Required,
            "rules[0].apiGroups",
        ),
        (
            "TestValidateRoleNoResources",
            role(vec![rule(&["get"], &["v1"], &[], &[])]),
            ErrorType::Required,
            "rules[0].resources",
        ),
    ];
    for (name, obj, ty, field) in &cases {
        assert_all(name, &validate_role(obj, None), *ty, field);
    }
    assert_eq!(
        strings(&validate_role(&role(vec![rule(&["get"], &["v1"], &["pods"], &["/*"])]), None)),
        [
            r#"rules[0].nonResourceURLs: Invalid value: ["/*"]: namespaced rules cannot apply to non-resource URLs"#,
            r#"rules[0].nonResourceURLs: Invalid value: ["/*"]: rules cannot apply to both regular resources and non-resource URLs"#,
        ]
    );
}

#[test]
fn covered_rules_follow_the_declarative_gate() {
    // TestValidateRoleNonResourceURLNoVerbs: through the scheme as 1.37 the generated rule
    // reports it.
    let no_verbs = cluster_role(vec![rule(&[], &[], &[], &["/*"])]);
    assert_eq!(
        at_release(Release::new(1, 37), || strings(&scheme().validate(&no_verbs, None))),
        ["rules[0].verbs: Required value"]
    );
    // A 1.36 server, in which that rule was alpha, and beta declarative validation off give
    // upstream's hand-written message.
    assert_eq!(
        strings(&scheme().validate(&no_verbs, None)),
        ["rules[0].verbs: Required value: verbs must contain at least one value"]
    );
    let off = FeatureGates::default().with(Feature::DeclarativeValidationBeta, false);
    with_gates(off, || {
        assert_eq!(
            strings(&validate_cluster_role(&no_verbs, None)),
            ["rules[0].verbs: Required value: verbs must contain at least one value"]
        );
        let b = crb(role_ref(GROUP, "ClusterRole", ""), vec![subject("ServiceAccount", "", "ns")]);
        assert_eq!(
            strings(&validate_cluster_role_binding(&b, None)),
            ["roleRef.name: Required value", "subjects[0].name: Required value"]
        );
    });
}

#[test]
fn aggregation_rules() {
    let mut r = cluster_role(vec![]);
    r.aggregation_rule = Some(AggregationRule { cluster_role_selectors: vec![] });
    assert_eq!(
        strings(&validate_cluster_role(&r, None)),
        [
            "aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil"
        ]
    );
    let bad = LabelSelector {
        match_expressions: vec![LabelSelectorRequirement {
            key: "k".into(),
            operator: LabelSelectorOperator("In".into()),
            values: vec!["-bad-".into()],
        }],
        ..Default::default()
    };
    r.aggregation_rule = Some(AggregationRule { cluster_role_selectors: vec![bad] });
    let got = strings(&validate_cluster_role(&r, None));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with(
        "aggregationRule.clusterRoleSelectors[0].matchExpressions[0].values[0]: Invalid value: \"-bad-\""
    ));
    assert_eq!(got[1], "aggregationRule.clusterRoleSelectors[0]: Invalid value: null: invalid label selector.");
    // The stored role's invalid values are kept on update, but the selector still does not convert.
    assert_eq!(strings(&validate_cluster_role(&r, Some(&r))), [got[1].clone()]);
}

#[test]
fn names_in_role_refs_are_path_segments() {
    let b = rb(role_ref(GROUP, "Role", "a/b"), vec![]);
    assert_eq!(
        strings(&validate_role_binding(&b, None)),
        [r#"roleRef.name: Invalid value: "a/b": may not contain '/'"#]
    );
    let b = rb(role_ref(GROUP, "Role", ".."), vec![]);
    assert_eq!(strings(&validate_role_binding(&b, None)), [r#"roleRef.name: Invalid value: "..": may not be '..'"#]);
}

/// Upstream's `ValidateRBACName` on every RBAC kind's own name: path segments, so `:` is fine
/// and `/`, `%`, `.` and `..` are not.
#[test]
fn names_are_path_segments() {
    let mut role = Role::default();
    role.metadata.name = "system:basic-user".into();
    assert!(validate_role(&role, None).is_empty());
    role.metadata.name = "a/b%c".into();
    assert_eq!(
        strings(&validate_role(&role, None)),
        [
            r#"metadata.name: Invalid value: "a/b%c": may not contain '/'"#,
            r#"metadata.name: Invalid value: "a/b%c": may not contain '%'"#
        ]
    );
    let mut binding = ClusterRoleBinding::default();
    binding.metadata.name = "..".into();
    binding.role_ref = RoleRef { api_group: GROUP.into(), kind: "ClusterRole".into(), name: "admin".into() };
    assert_eq!(
        strings(&validate_cluster_role_binding(&binding, None)),
        [r#"metadata.name: Invalid value: "..": may not be '..'"#]
    );
    // A generate name is held to the same rule, before the name made from it.
    role.metadata.generate_name = "ops/".into();
    role.metadata.name = "ops/x7k2p".into();
    assert_eq!(
        strings(&validate_role(&role, None)),
        [
            r#"metadata.generateName: Invalid value: "ops/": may not contain '/'"#,
            r#"metadata.name: Invalid value: "ops/x7k2p": may not contain '/'"#
        ]
    );
}
