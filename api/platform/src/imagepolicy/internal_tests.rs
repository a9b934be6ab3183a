//! A minimal image review decoded into the internal version and served back out: upstream converts
//! it field by field, with no defaults.

use kapi_machinery::Scheme;

use crate::testing::served_as;

#[test]
fn image_review_is_served_back_unchanged() {
    let mut s = Scheme::new();
    crate::imagepolicy::install(&mut s).unwrap();
    let body = r#"{"apiVersion":"imagepolicy.k8s.io/v1alpha1","kind":"ImageReview","spec":{"containers":[{"image":"nginx"}],"namespace":"ns"}}"#;
    assert_eq!(
        served_as(&s, body, "v1alpha1"),
        r#"{"kind":"ImageReview","apiVersion":"imagepolicy.k8s.io/v1alpha1","metadata":{},"spec":{"containers":[{"image":"nginx"}],"namespace":"ns"},"status":{"allowed":false}}"#
    );
}
