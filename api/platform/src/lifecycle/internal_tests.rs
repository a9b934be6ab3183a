//! Minimal eviction requests and evictions decoded into the internal version and served back out.

use kapi_machinery::Scheme;

use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::lifecycle::install(&mut s).unwrap();
    s
}

#[test]
fn a_minimal_eviction_request_is_served_back_with_an_empty_status() {
    let spec = r#""spec":{"target":{"pod":{"name":"web-0","uid":"8c1f5a02-6a4e-4b8e-9a39-2f0e6f4b9d11"}},"requester":"acme.io/drainer","intent":"Eviction"}"#;
    let body = format!(
        r#"{{"apiVersion":"lifecycle.k8s.io/v1alpha1","kind":"EvictionRequest","metadata":{{"name":"drain-web-0","namespace":"shop"}},{spec}}}"#
    );
    assert_eq!(
        served_as(&scheme(), &body, "v1alpha1"),
        format!(
            r#"{{"kind":"EvictionRequest","apiVersion":"lifecycle.k8s.io/v1alpha1","metadata":{{"name":"drain-web-0","namespace":"shop"}},{spec},"status":{{}}}}"#
        )
    );
}

#[test]
fn an_eviction_keeps_its_responders() {
    let body = r#"{"apiVersion":"lifecycle.k8s.io/v1alpha1","kind":"Eviction","metadata":{"name":"web-0"},"spec":{"target":{"pod":{"name":"web-0","uid":"8c1f5a02-6a4e-4b8e-9a39-2f0e6f4b9d11"}}},"status":{"observedGeneration":1,"requesters":[{"name":"acme.io/drainer"}]}}"#;
    let out = served_as(&scheme(), body, "v1alpha1");
    assert!(
        out.contains(r#""observedGeneration":1"#) && out.contains(r#""requesters":[{"name":"acme.io/drainer""#),
        "{out}"
    );
}
