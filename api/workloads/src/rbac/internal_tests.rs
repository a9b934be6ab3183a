//! Upstream's rbac conversion cases (`v1alpha1/conversion_test.go`), its defaults as facts, and
//! minimal objects decoded into the internal version and served back out.

use kapi_machinery::Scheme;

use crate::rbac as internal;
use crate::rbac::{v1, v1alpha1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::rbac::install(&mut s).unwrap();
    s
}

fn alpha_subject(kind: &str, api_version: &str, name: &str, namespace: &str) -> v1alpha1::Subject {
    v1alpha1::Subject {
        kind: kind.into(),
        api_version: api_version.into(),
        name: name.into(),
        namespace: namespace.into(),
    }
}

fn subject(kind: &str, api_group: &str, name: &str, namespace: &str) -> internal::Subject {
    internal::Subject { kind: kind.into(), api_group: api_group.into(), name: name.into(), namespace: namespace.into() }
}

/// Converts a v1alpha1 role binding without defaulting, as upstream's test calls `Scheme.Convert`.
fn alpha_binding_to_internal(subjects: Vec<v1alpha1::Subject>) -> internal::RoleBinding {
    let old = v1alpha1::RoleBinding {
        role_ref: v1alpha1::RoleRef {
            name: "foo".into(),
            api_group: "rbac.authorization.k8s.io".into(),
            ..Default::default()
        },
        subjects,
        ..Default::default()
    };
    v1alpha1::convert_role_binding_to_internal(old).unwrap()
}

const G: &str = "rbac.authorization.k8s.io";
const ALPHA: &str = "rbac.authorization.k8s.io/v1alpha1";

#[test]
fn v1alpha1_specific_user() {
    let got = alpha_binding_to_internal(vec![alpha_subject("User", ALPHA, "bob", "")]);
    assert_eq!(got.subjects, vec![subject("User", G, "bob", "")]);
    assert_eq!(got.role_ref, internal::RoleRef { name: "foo".into(), api_group: G.into(), kind: String::new() });
}

#[test]
fn v1alpha1_wildcard_user_matches_authenticated() {
    let got = alpha_binding_to_internal(vec![alpha_subject("User", ALPHA, "*", "")]);
    assert_eq!(got.subjects, vec![subject("Group", G, "system:authenticated", "")]);
}

#[test]
fn v1alpha1_missing_api_group_gets_defaulted() {
    let got = alpha_binding_to_internal(vec![
        alpha_subject("User", "", "myuser", ""),
        alpha_subject("Group", "", "mygroup", ""),
        alpha_subject("ServiceAccount", "", "mysa", "myns"),
    ]);
    assert_eq!(
        got.subjects,
        vec![
            subject("User", G, "myuser", ""),
            subject("Group", G, "mygroup", ""),
            subject("ServiceAccount", "", "mysa", "myns")
        ]
    );
}

#[test]
fn v1alpha1_bad_api_group_gets_defaulted() {
    let mut old = Vec::new();
    for v in ["rbac", "rbac/v8"] {
        old.push(alpha_subject("User", v, "myuser", ""));
        old.push(alpha_subject("Group", v, "mygroup", ""));
        old.push(alpha_subject("ServiceAccount", v, "mysa", "myns"));
    }
    let want = [
        subject("User", G, "myuser", ""),
        subject("Group", G, "mygroup", ""),
        subject("ServiceAccount", "", "mysa", "myns"),
    ];
    assert_eq!(alpha_binding_to_internal(old.clone()).subjects, [want.clone(), want].concat());
}

#[test]
fn v1alpha1_other_kinds_take_the_group_of_their_api_version() {
    let got = alpha_binding_to_internal(vec![
        alpha_subject("Robot", "robots.example.com/v2", "r2", ""),
        alpha_subject("Robot", "a/b/c", "r3", ""),
    ]);
    assert_eq!(got.subjects, vec![subject("Robot", "robots.example.com", "r2", ""), subject("Robot", "", "r3", "")]);
    // And back: a group with no version, as upstream's GroupVersion{Group: g}.String() prints it.
    let back = v1alpha1::convert_subject_from_internal(subject("Robot", "robots.example.com", "r2", "")).unwrap();
    assert_eq!(back.api_version, "robots.example.com/");
    let back = v1alpha1::convert_subject_from_internal(subject("ServiceAccount", "", "sa", "ns")).unwrap();
    assert_eq!(back.api_version, "v1");
    let back = v1alpha1::convert_subject_from_internal(subject("Group", G, "g", "")).unwrap();
    assert_eq!(back.api_version, ALPHA);
    let back = v1alpha1::convert_subject_from_internal(subject("Thing", "", "t", "")).unwrap();
    assert_eq!(back.api_version, "");
}

#[test]
fn defaults_fill_role_ref_group_and_subject_groups() {
    let mut b = v1::RoleBinding {
        subjects: vec![
            v1::Subject { kind: "User".into(), name: "u".into(), ..Default::default() },
            v1::Subject { kind: "Group".into(), name: "g".into(), ..Default::default() },
            v1::Subject { kind: "ServiceAccount".into(), name: "s".into(), ..Default::default() },
            v1::Subject { kind: "Other".into(), name: "o".into(), ..Default::default() },
            v1::Subject { kind: "User".into(), api_group: "x".into(), name: "kept".into(), ..Default::default() },
        ],
        ..Default::default()
    };
    v1::set_object_defaults_role_binding(&mut b);
    assert_eq!(b.role_ref.api_group, G);
    let groups: Vec<&str> = b.subjects.iter().map(|s| s.api_group.as_str()).collect();
    assert_eq!(groups, [G, G, "", "", "x"]);

    let mut c = v1beta1::ClusterRoleBinding::default();
    v1beta1::set_object_defaults_cluster_role_binding(&mut c);
    assert_eq!(c.role_ref.api_group, G);

    let mut a = v1alpha1::ClusterRoleBinding {
        subjects: vec![
            v1alpha1::Subject { kind: "ServiceAccount".into(), ..Default::default() },
            v1alpha1::Subject { kind: "User".into(), ..Default::default() },
            v1alpha1::Subject { kind: "Other".into(), ..Default::default() },
        ],
        ..Default::default()
    };
    v1alpha1::set_object_defaults_cluster_role_binding(&mut a);
    let versions: Vec<&str> = a.subjects.iter().map(|s| s.api_version.as_str()).collect();
    assert_eq!(versions, ["v1", ALPHA, ""]);
}

#[test]
fn role_binding_is_served_with_defaults() {
    let s = scheme();
    let body = r#"{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"RoleBinding","metadata":{"name":"b","namespace":"ns"},"subjects":[{"kind":"User","name":"alice"}],"roleRef":{"kind":"Role","name":"r"}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"RoleBinding","apiVersion":"rbac.authorization.k8s.io/v1","metadata":{"name":"b","namespace":"ns"},"subjects":[{"kind":"User","apiGroup":"rbac.authorization.k8s.io","name":"alice"}],"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"r"}}"#
    );
    // The same binding read through v1alpha1 names API versions.
    assert_eq!(
        served_as(&s, body, "v1alpha1"),
        r#"{"kind":"RoleBinding","apiVersion":"rbac.authorization.k8s.io/v1alpha1","metadata":{"name":"b","namespace":"ns"},"subjects":[{"kind":"User","apiVersion":"rbac.authorization.k8s.io/v1alpha1","name":"alice"}],"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"r"}}"#
    );
}

#[test]
fn cluster_role_is_served_back() {
    let s = scheme();
    let body = r#"{"apiVersion":"rbac.authorization.k8s.io/v1beta1","kind":"ClusterRole","metadata":{"name":"view"},"rules":[{"verbs":["get"],"apiGroups":[""],"resources":["pods"]}],"aggregationRule":{"clusterRoleSelectors":[{"matchLabels":{"a":"b"}}]}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"ClusterRole","apiVersion":"rbac.authorization.k8s.io/v1","metadata":{"name":"view"},"rules":[{"verbs":["get"],"apiGroups":[""],"resources":["pods"]}],"aggregationRule":{"clusterRoleSelectors":[{"matchLabels":{"a":"b"}}]}}"#
    );
}
