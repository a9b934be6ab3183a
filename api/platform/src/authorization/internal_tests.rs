//! Minimal access reviews decoded into the internal version and served back out: v1beta1's
//! `group` is v1's `groups`, and everything else converts field by field (upstream has no defaults
//! for this group).

use kapi_machinery::Scheme;

use crate::authorization::v1beta1;
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::authorization::install(&mut s).unwrap();
    s
}

#[test]
fn v1beta1_group_is_internal_groups() {
    let spec = v1beta1::SubjectAccessReviewSpec {
        user: "u".into(),
        group: vec!["g1".into(), "g2".into()],
        ..Default::default()
    };
    let hub = v1beta1::convert_subject_access_review_spec_to_internal(spec.clone()).unwrap();
    assert_eq!(hub.groups, ["g1", "g2"]);
    assert_eq!(hub.user, "u");
    assert_eq!(v1beta1::convert_subject_access_review_spec_from_internal(hub).unwrap(), spec);
}

#[test]
fn subject_access_review_is_served_across_versions() {
    let body = r#"{"apiVersion":"authorization.k8s.io/v1beta1","kind":"SubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"pods"},"user":"alice","group":["devs"]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"SubjectAccessReview","apiVersion":"authorization.k8s.io/v1","metadata":{},"spec":{"resourceAttributes":{"verb":"get","resource":"pods"},"user":"alice","groups":["devs"]},"status":{"allowed":false}}"#
    );
}

#[test]
fn self_subject_rules_review_is_served_back() {
    let body = r#"{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectRulesReview","spec":{"namespace":"ns"}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1beta1"),
        r#"{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1beta1","metadata":{},"spec":{"namespace":"ns"},"status":{"resourceRules":null,"nonResourceRules":null,"incomplete":false}}"#
    );
}
