//! Upstream's coordination validation test cases (`TestValidateLeaseSpec`, `TestValidateCoordinatedLeaseStrategy`), pinned against our validation.

use super::*;
use crate::coordination::v1::LeaseSpec;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn lease(spec: LeaseSpec) -> Lease {
    Lease { spec, ..Default::default() }
}

/// Upstream's `TestValidateLeaseSpec`: a negative duration and negative transitions.
#[test]
fn lease_spec_as_upstream() {
    assert!(
        validate_lease(&lease(LeaseSpec { lease_duration_seconds: Some(15), ..Default::default() }), None).is_empty()
    );
    let bad = lease(LeaseSpec { lease_duration_seconds: Some(-1), lease_transitions: Some(-1), ..Default::default() });
    assert_eq!(
        strings(&validate_lease(&bad, None)),
        [
            "spec.leaseDurationSeconds: Invalid value: -1: must be greater than 0",
            "spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    let zero = lease(LeaseSpec { lease_duration_seconds: Some(0), ..Default::default() });
    assert_eq!(
        strings(&validate_lease(&zero, Some(&zero))),
        ["spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0"]
    );
    // Through the scheme, as the server runs it.
    let mut s = kapi_machinery::Scheme::new();
    crate::coordination::install(&mut s).expect("coordination installs");
    assert_eq!(s.validate(&bad, None).len(), 2);
}

/// Upstream's `TestValidateCoordinatedLeaseStrategy` and the preferred holder rule.
#[test]
fn strategies_and_preferred_holders() {
    let with = |s: Option<&str>, holder: Option<&str>| {
        lease(LeaseSpec {
            strategy: s.map(|s| CoordinatedLeaseStrategy(s.into())),
            preferred_holder: holder.map(str::to_owned),
            ..Default::default()
        })
    };
    assert!(validate_lease(&with(Some("OldestEmulationVersion"), Some("a")), None).is_empty());
    assert!(validate_lease(&with(Some("example.com/custom"), None), None).is_empty());
    assert_eq!(
        strings(&validate_lease(&with(Some("foo"), None), None)),
        [r#"spec.strategy.strategy: Unsupported value: "foo": supported values: "OldestEmulationVersion""#]
    );
    let got = strings(&validate_lease(&with(Some("/foo"), None), None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with(r#"spec.strategy.strategy: Invalid value: "/foo": prefix part "#), "{got:?}");
    assert_eq!(
        strings(&validate_lease(&with(None, Some("holder")), None)),
        ["spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined"]
    );
}
