//! Upstream's flowcontrol cases as facts: the defaults of each version (`defaults_test.go`), the
//! v1beta3 zero-shares annotation both ways (`v1beta3/conversion_test.go`), the assured/nominal
//! rename of v1beta1 and v1beta2, and minimal objects decoded into the internal version and served
//! back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;

use crate::flowcontrol as internal;
use crate::flowcontrol::{v1, v1beta1, v1beta2, v1beta3};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::flowcontrol::install(&mut s).unwrap();
    s
}

const KEY: &str = v1beta3::PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY;

fn annotations(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn v1_defaults_exempt_and_limited_levels() {
    let mut exempt = v1::PriorityLevelConfiguration {
        spec: v1::PriorityLevelConfigurationSpec {
            r#type: v1::PriorityLevelEnablement(v1::PriorityLevelEnablement::EXEMPT.into()),
            exempt: Some(v1::ExemptPriorityLevelConfiguration::default()),
            ..Default::default()
        },
        ..Default::default()
    };
    v1::set_object_defaults_priority_level_configuration(&mut exempt);
    let e = exempt.spec.exempt.unwrap();
    assert_eq!((e.nominal_concurrency_shares, e.lendable_percent), (Some(0), Some(0)));

    for (shares, want) in [(Some(5), Some(5)), (None, Some(30)), (Some(0), Some(0))] {
        let mut limited = v1::PriorityLevelConfiguration {
            spec: v1::PriorityLevelConfigurationSpec {
                limited: Some(v1::LimitedPriorityLevelConfiguration {
                    nominal_concurrency_shares: shares,
                    limit_response: v1::LimitResponse {
                        r#type: v1::LimitResponseType(v1::LimitResponseType::REJECT.into()),
                        queuing: None,
                    },
                    ..Default::default()
                }),
                ..Default::default()
            },
            ..Default::default()
        };
        v1::set_object_defaults_priority_level_configuration(&mut limited);
        let l = limited.spec.limited.unwrap();
        assert_eq!(l.nominal_concurrency_shares, want, "shares {shares:?}");
        assert_eq!(l.lendable_percent, Some(0));
        assert_eq!(l.borrowing_limit_percent, None);
    }
}

#[test]
fn queuing_and_flow_schema_defaults_are_the_same_in_every_version() {
    let mut q = v1::QueuingConfiguration::default();
    v1::default_queuing_configuration(&mut q);
    assert_eq!((q.hand_size, q.queues, q.queue_length_limit), (8, 64, 50));
    let mut q = v1beta1::QueuingConfiguration { hand_size: 3, ..Default::default() };
    v1beta1::default_queuing_configuration(&mut q);
    assert_eq!((q.hand_size, q.queues, q.queue_length_limit), (3, 64, 50));
    let mut fs = v1beta2::FlowSchema::default();
    v1beta2::set_object_defaults_flow_schema(&mut fs);
    assert_eq!(fs.spec.matching_precedence, 1000);
    let mut fs = v1beta3::FlowSchema::default();
    fs.spec.matching_precedence = 7;
    v1beta3::set_object_defaults_flow_schema(&mut fs);
    assert_eq!(fs.spec.matching_precedence, 7);
}

fn beta3_limited(shares: i32, ann: &[(&str, &str)]) -> v1beta3::PriorityLevelConfiguration {
    let mut o = v1beta3::PriorityLevelConfiguration::default();
    o.metadata.annotations = annotations(ann);
    o.spec.r#type = v1beta3::PriorityLevelEnablement(v1beta3::PriorityLevelEnablement::LIMITED.into());
    o.spec.limited = Some(v1beta3::LimitedPriorityLevelConfiguration {
        nominal_concurrency_shares: shares,
        limit_response: v1beta3::LimitResponse {
            r#type: v1beta3::LimitResponseType(v1beta3::LimitResponseType::REJECT.into()),
            queuing: None,
        },
        ..Default::default()
    });
    o
}

fn internal_limited(shares: Option<i32>, ann: &[(&str, &str)]) -> internal::PriorityLevelConfiguration {
    let mut o = internal::PriorityLevelConfiguration::default();
    o.metadata.annotations = annotations(ann);
    o.spec.r#type = internal::PriorityLevelEnablement(internal::PriorityLevelEnablement::LIMITED.into());
    o.spec.limited = Some(internal::LimitedPriorityLevelConfiguration {
        nominal_concurrency_shares: shares,
        limit_response: internal::LimitResponse {
            r#type: internal::LimitResponseType(internal::LimitResponseType::REJECT.into()),
            queuing: None,
        },
        ..Default::default()
    });
    o
}

#[test]
fn v1beta3_defaults_zero_shares_unless_the_annotation_preserves_them() {
    for (shares, ann, want) in [(0, vec![], 30), (0, vec![(KEY, "")], 0), (5, vec![], 5), (0, vec![("foo", "bar")], 30)]
    {
        let mut o = beta3_limited(shares, &ann);
        v1beta3::set_object_defaults_priority_level_configuration(&mut o);
        let l = o.spec.limited.unwrap();
        assert_eq!(l.nominal_concurrency_shares, want, "shares {shares} annotations {ann:?}");
        assert_eq!(l.lendable_percent, Some(0));
    }
}

#[test]
fn v1beta3_to_internal_drops_the_annotation() {
    let cases = [
        (beta3_limited(0, &[("foo", "bar"), (KEY, "")]), internal_limited(Some(0), &[("foo", "bar")])),
        (beta3_limited(0, &[("foo", "bar")]), internal_limited(Some(0), &[("foo", "bar")])),
    ];
    for (input, want) in cases {
        let before = input.metadata.annotations.clone();
        let got = v1beta3::convert_priority_level_configuration_to_internal(input.clone()).unwrap();
        assert_eq!(got, want);
        assert_eq!(input.metadata.annotations, before);
    }
    // Without a spec: only the annotation goes.
    let mut bare = v1beta3::PriorityLevelConfiguration::default();
    bare.metadata.annotations = annotations(&[("foo", "bar"), (KEY, "")]);
    let got = v1beta3::convert_priority_level_configuration_to_internal(bare).unwrap();
    assert_eq!(got.metadata.annotations, annotations(&[("foo", "bar")]));
    assert_eq!(got.spec.limited, None);
}

#[test]
fn internal_to_v1beta3_adds_the_annotation_for_zero_shares() {
    let cases = [
        (internal_limited(Some(0), &[("foo", "bar")]), beta3_limited(0, &[("foo", "bar"), (KEY, "")])),
        (internal_limited(Some(1), &[("foo", "bar")]), beta3_limited(1, &[("foo", "bar")])),
        (internal_limited(Some(0), &[("foo", "bar"), (KEY, "")]), beta3_limited(0, &[("foo", "bar"), (KEY, "")])),
        (
            internal_limited(Some(0), &[("foo", "bar"), (KEY, "non-empty")]),
            beta3_limited(0, &[("foo", "bar"), (KEY, "non-empty")]),
        ),
        (
            internal_limited(Some(1), &[("foo", "bar"), (KEY, "non-empty")]),
            beta3_limited(1, &[("foo", "bar"), (KEY, "non-empty")]),
        ),
        // Unset shares are 0 in v1beta3, but only an explicit 0 is preserved.
        (internal_limited(None, &[]), beta3_limited(0, &[])),
    ];
    for (input, want) in cases {
        let got = v1beta3::convert_priority_level_configuration_from_internal(input.clone()).unwrap();
        assert_eq!(got, want, "from {input:?}");
    }
}

#[test]
fn assured_shares_are_nominal_shares() {
    let old = v1beta1::LimitedPriorityLevelConfiguration { assured_concurrency_shares: 7, ..Default::default() };
    let got = v1beta1::convert_limited_priority_level_configuration_to_internal(old).unwrap();
    assert_eq!(got.nominal_concurrency_shares, Some(7));
    let back = v1beta2::convert_limited_priority_level_configuration_from_internal(got).unwrap();
    assert_eq!(back.assured_concurrency_shares, 7);
    let unset = internal::LimitedPriorityLevelConfiguration::default();
    assert_eq!(
        v1beta2::convert_limited_priority_level_configuration_from_internal(unset).unwrap().assured_concurrency_shares,
        0
    );
}

#[test]
fn priority_level_is_served_with_defaults_and_the_v1beta3_annotation() {
    let s = scheme();
    let body = r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"PriorityLevelConfiguration","metadata":{"name":"p"},"spec":{"type":"Limited","limited":{"nominalConcurrencyShares":0,"limitResponse":{"type":"Queue","queuing":{}}}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"PriorityLevelConfiguration","apiVersion":"flowcontrol.apiserver.k8s.io/v1","metadata":{"name":"p"},"spec":{"type":"Limited","limited":{"nominalConcurrencyShares":0,"limitResponse":{"type":"Queue","queuing":{"queues":64,"handSize":8,"queueLengthLimit":50}},"lendablePercent":0}},"status":{}}"#
    );
    assert_eq!(
        served_as(&s, body, "v1beta3"),
        r#"{"kind":"PriorityLevelConfiguration","apiVersion":"flowcontrol.apiserver.k8s.io/v1beta3","metadata":{"name":"p","annotations":{"flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares":""}},"spec":{"type":"Limited","limited":{"nominalConcurrencyShares":0,"limitResponse":{"type":"Queue","queuing":{"queues":64,"handSize":8,"queueLengthLimit":50}},"lendablePercent":0}},"status":{}}"#
    );
    // An old client's level without shares gets 30, named the old way.
    let old = r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1beta2","kind":"PriorityLevelConfiguration","metadata":{"name":"p"},"spec":{"type":"Limited","limited":{"limitResponse":{"type":"Reject"}}}}"#;
    assert_eq!(
        served_as(&s, old, "v1beta1"),
        r#"{"kind":"PriorityLevelConfiguration","apiVersion":"flowcontrol.apiserver.k8s.io/v1beta1","metadata":{"name":"p"},"spec":{"type":"Limited","limited":{"assuredConcurrencyShares":30,"limitResponse":{"type":"Reject"},"lendablePercent":0}},"status":{}}"#
    );
}

#[test]
fn flow_schema_is_served_with_its_precedence() {
    let s = scheme();
    let body = r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1beta3","kind":"FlowSchema","metadata":{"name":"f"},"spec":{"priorityLevelConfiguration":{"name":"p"}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"FlowSchema","apiVersion":"flowcontrol.apiserver.k8s.io/v1","metadata":{"name":"f"},"spec":{"priorityLevelConfiguration":{"name":"p"},"matchingPrecedence":1000},"status":{}}"#
    );
}
