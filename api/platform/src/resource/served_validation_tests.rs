//! Writes through resource.k8s.io's beta versions get v1's hand-written validation with the internal type's field paths, as upstream validates the internal object whatever version was written.

use kapi_machinery::Scheme;

use crate::resource::{v1beta1, v1beta2};
use crate::testing::{decoded, printed};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::resource::install(&mut s).expect("resource.k8s.io installs");
    s
}

const BAD_CLASS: &str = r#"spec.devices.requests[0].exactly.deviceClassName: Invalid value: "Class_A": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"#;

#[test]
fn a_v1beta1_claim_gets_v1s_checks_at_the_internal_exactly_path() {
    let s = scheme();
    let claim: v1beta1::ResourceClaim = decoded(
        &s,
        r#"{"apiVersion":"resource.k8s.io/v1beta1","kind":"ResourceClaim","metadata":{"name":"c","namespace":"ns"},"spec":{"devices":{"requests":[{"name":"req-0","deviceClassName":"Class_A"}]}}}"#,
    );
    // v1beta1's declarative rules alone do not check the class name: the error comes from v1's
    // hand-written validation, reported at the internal (v1) path under `exactly`.
    assert!(!printed(&v1beta1::validate_declarative_resource_claim(&claim, None)).contains(&BAD_CLASS.to_owned()));
    assert_eq!(printed(&s.validate(&claim, None)), [BAD_CLASS]);
    assert!(s.validates(&claim));
}

#[test]
fn a_v1beta2_claim_gets_v1s_checks_on_create_and_update() {
    let s = scheme();
    let body = |class: &str| {
        format!(
            r#"{{"apiVersion":"resource.k8s.io/v1beta2","kind":"ResourceClaim","metadata":{{"name":"c","namespace":"ns","resourceVersion":"1"}},"spec":{{"devices":{{"requests":[{{"name":"req-0","exactly":{{"deviceClassName":"{class}"}}}}]}}}}}}"#
        )
    };
    let bad: v1beta2::ResourceClaim = decoded(&s, &body("Class_A"));
    assert!(!printed(&v1beta2::validate_declarative_resource_claim(&bad, None)).contains(&BAD_CLASS.to_owned()));
    assert_eq!(printed(&s.validate(&bad, None)), [BAD_CLASS]);
    // On update the stored object is converted too: v1 checks only the spec's immutability
    // then, so the create-time error is not repeated (without the stored object it would be).
    assert_eq!(s.validate(&bad, Some(&bad)), []);
}

#[test]
fn a_v1beta1_device_class_gets_v1s_selector_checks() {
    let s = scheme();
    let class: v1beta1::DeviceClass = decoded(
        &s,
        r#"{"apiVersion":"resource.k8s.io/v1beta1","kind":"DeviceClass","metadata":{"name":"c"},"spec":{"selectors":[{}]}}"#,
    );
    let want = "spec.selectors[0].cel: Required value";
    assert!(!printed(&v1beta1::validate_declarative_device_class(&class, None)).contains(&want.to_owned()));
    assert_eq!(printed(&s.validate(&class, None)), [want]);
}
