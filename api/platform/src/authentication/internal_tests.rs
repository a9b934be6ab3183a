//! Upstream's authentication cases as facts (`v1/conversion_test.go`, the token-request default)
//! and minimal reviews decoded into the internal version and served back out.

use kapi_machinery::Scheme;

use crate::authentication as internal;
use crate::authentication::v1;
use crate::meta::v1::ObjectMeta;
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::authentication::install(&mut s).unwrap();
    s
}

#[test]
fn token_request_converts_both_ways() {
    let hub = internal::TokenRequest {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        spec: internal::TokenRequestSpec { expiration_seconds: 10, ..Default::default() },
        ..Default::default()
    };
    let ext = v1::TokenRequest {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        spec: v1::TokenRequestSpec { expiration_seconds: Some(10), ..Default::default() },
        ..Default::default()
    };
    assert_eq!(v1::convert_token_request_from_internal(hub.clone()).unwrap(), ext);
    assert_eq!(v1::convert_token_request_to_internal(ext).unwrap(), hub);
}

#[test]
fn token_request_validity_defaults_to_an_hour() {
    let mut spec = v1::TokenRequestSpec::default();
    v1::default_token_request_spec(&mut spec);
    assert_eq!(spec.expiration_seconds, Some(3600));
    let mut spec = v1::TokenRequestSpec { expiration_seconds: Some(600), ..Default::default() };
    v1::default_token_request_spec(&mut spec);
    assert_eq!(spec.expiration_seconds, Some(600));
}

#[test]
fn token_request_is_served_with_its_validity() {
    let body = r#"{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","metadata":{"name":"sa","namespace":"ns"},"spec":{"audiences":["api"]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"TokenRequest","apiVersion":"authentication.k8s.io/v1","metadata":{"name":"sa","namespace":"ns"},"spec":{"audiences":["api"],"expirationSeconds":3600,"boundObjectRef":null},"status":{"token":"","expirationTimestamp":null}}"#
    );
}

#[test]
fn token_review_moves_from_beta_to_v1() {
    let body = r#"{"apiVersion":"authentication.k8s.io/v1beta1","kind":"TokenReview","metadata":{},"spec":{"token":"t"},"status":{"authenticated":true,"user":{"username":"u","extra":{"k":["v"]}}}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"TokenReview","apiVersion":"authentication.k8s.io/v1","metadata":{},"spec":{"token":"t"},"status":{"authenticated":true,"user":{"username":"u","extra":{"k":["v"]}}}}"#
    );
}
