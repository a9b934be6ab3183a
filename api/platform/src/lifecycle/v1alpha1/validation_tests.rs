//! Upstream's `TestValidateEvictionRequestStatusUpdate` cases and the reserved requester domains of `ValidateForbiddenReservedDomainSuffixes`, pinned against our validation.

use kapi_machinery::types::Time;

use super::*;
use crate::lifecycle::v1alpha1::{EvictionRequestSpec, EvictionRequestStatus};
use crate::meta::v1::{Condition, ConditionStatus};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn request(requester: &str) -> EvictionRequest {
    EvictionRequest {
        spec: EvictionRequestSpec { requester: requester.into(), ..Default::default() },
        ..Default::default()
    }
}

#[test]
fn requester_outside_the_reserved_domains() {
    for ok in ["acme.io/foo", "foo.example.com/bar", "k8s.io.example.com/x", "notk8s.io/x"] {
        assert_eq!(validate_eviction_request(&request(ok), None), [], "{ok}");
    }
    for bad in ["k8s.io/x", "foo.k8s.io/bar", "kubernetes.io/x", "Foo.Kubernetes.IO./x", " k8s.io /x"] {
        assert_eq!(
            strings(&validate_eviction_request(&request(bad), None)),
            [format!(r#"spec.requester: Invalid value: "{bad}": domain names *.k8s.io, *.kubernetes.io are reserved"#)],
            "{bad}"
        );
    }
    // An empty requester is the generated `required` rule's; an unchanged one is not checked again.
    assert_eq!(validate_eviction_request(&request(""), None), []);
    let stored = request("foo.k8s.io/bar");
    assert_eq!(validate_eviction_request(&stored, Some(&stored)), []);
}

fn cond(ty: &str, status: &str, reason: &str) -> Condition {
    Condition {
        r#type: ty.into(),
        status: ConditionStatus(status.into()),
        reason: reason.into(),
        last_transition_time: Time::from_unix(1_700_000_000),
        ..Default::default()
    }
}

fn with_status(conditions: Vec<Condition>, generation: Option<i64>) -> EvictionRequest {
    EvictionRequest {
        status: EvictionRequestStatus { conditions, observed_generation: generation },
        ..request("acme.io/foo")
    }
}

#[test]
fn status_updates_as_upstream() {
    let update =
        |new: &EvictionRequest, old: &EvictionRequest| strings(&validate_eviction_request_status_update(new, old));
    for ty in ["Evicted", "Failed"] {
        let old = with_status(vec![cond(ty, "True", "Done")], Some(1));
        let new = with_status(vec![cond(ty, "False", "Done")], Some(1));
        assert_eq!(update(&new, &old), Vec::<String>::new(), "{ty} condition can be reverted to false");
    }
    assert_eq!(
        update(&with_status(vec![], Some(1)), &with_status(vec![], None)),
        Vec::<String>::new(),
        "set initial generation"
    );
    assert_eq!(
        update(&with_status(vec![], Some(5)), &with_status(vec![], Some(1))),
        Vec::<String>::new(),
        "update generation"
    );

    let bad = with_status(vec![cond("-bad-name", "True", "-Reason")], Some(1));
    let errs = update(&bad, &with_status(vec![], Some(1)));
    assert_eq!(errs.len(), 2, "add invalid condition: {errs:?}");
    assert!(
        errs[0].starts_with(r#"status.conditions[0].type: Invalid value: "-bad-name": name part must consist of alphanumeric characters, '-', '_' or '.', and "#),
        "{errs:?}"
    );
    assert!(
        errs[1].starts_with(r#"status.conditions[0].reason: Invalid value: "-Reason": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and "#),
        "{errs:?}"
    );
    // A stored invalid condition written again unchanged is not checked again.
    assert_eq!(update(&bad, &bad), Vec::<String>::new());
}
