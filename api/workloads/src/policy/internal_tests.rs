//! Upstream's policy conversion cases as facts (`v1/conversion_test.go`, `v1beta1/conversion_test.go`):
//! v1beta1's empty selector selects no pod and the marker label never mixes with user selectors;
//! and minimal objects decoded into the internal version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;

use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};
use crate::policy as internal;
use crate::policy::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::policy::install(&mut s).unwrap();
    s
}

fn user_selector(with_marker: bool) -> LabelSelector {
    let mut s = LabelSelector {
        match_labels: BTreeMap::from([("app".to_owned(), "web".to_owned())]),
        match_expressions: vec![LabelSelectorRequirement {
            key: "tier".into(),
            operator: LabelSelectorOperator::from(LabelSelectorOperator::IN),
            values: vec!["a".into()],
        }],
    };
    if with_marker {
        s.match_expressions.push(LabelSelectorRequirement {
            key: internal::PDB_V1BETA1_LABEL.into(),
            operator: LabelSelectorOperator::from(LabelSelectorOperator::EXISTS),
            values: vec![],
        });
    }
    s
}

fn beta(selector: Option<LabelSelector>) -> v1beta1::PodDisruptionBudget {
    let mut p = v1beta1::PodDisruptionBudget::default();
    p.spec.selector = selector;
    p
}

fn hub(selector: Option<LabelSelector>) -> internal::PodDisruptionBudget {
    let mut p = internal::PodDisruptionBudget::default();
    p.spec.selector = selector;
    p
}

#[test]
fn v1beta1_to_internal_swaps_none_and_all() {
    let cases = [
        (None, None),
        (Some(LabelSelector::default()), Some(internal::non_v1beta1_match_none_selector())),
        (Some(internal::v1beta1_match_all_selector()), Some(LabelSelector::default())),
        (Some(user_selector(true)), Some(user_selector(false))),
        (Some(user_selector(false)), Some(user_selector(false))),
    ];
    for (input, want) in cases {
        let got = v1beta1::convert_pod_disruption_budget_to_internal(beta(input.clone())).unwrap();
        assert_eq!(got.spec.selector, want, "from {input:?}");
    }
}

#[test]
fn internal_to_v1beta1_swaps_none_and_all() {
    let cases = [
        (None, None),
        (Some(internal::non_v1beta1_match_none_selector()), Some(LabelSelector::default())),
        (Some(LabelSelector::default()), Some(internal::v1beta1_match_all_selector())),
        (Some(user_selector(false)), Some(user_selector(false))),
    ];
    for (input, want) in cases {
        let got = v1beta1::convert_pod_disruption_budget_from_internal(hub(input.clone())).unwrap();
        assert_eq!(got.spec.selector, want, "from {input:?}");
    }
}

#[test]
fn v1_to_internal_keeps_the_two_markers_and_strips_the_label_elsewhere() {
    let cases = [
        (Some(internal::non_v1beta1_match_none_selector()), Some(internal::non_v1beta1_match_none_selector())),
        (Some(LabelSelector::default()), Some(LabelSelector::default())),
        (Some(user_selector(true)), Some(user_selector(false))),
        (None, None),
    ];
    for (input, want) in cases {
        let mut p = v1::PodDisruptionBudget::default();
        p.spec.selector = input.clone();
        let got = v1::convert_pod_disruption_budget_to_internal(p).unwrap();
        assert_eq!(got.spec.selector, want, "from {input:?}");
    }
}

#[test]
fn an_empty_v1beta1_selector_is_served_by_v1_as_match_none() {
    let s = scheme();
    let body = r#"{"apiVersion":"policy/v1beta1","kind":"PodDisruptionBudget","metadata":{"name":"p","namespace":"ns"},"spec":{"minAvailable":1,"selector":{}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"PodDisruptionBudget","apiVersion":"policy/v1","metadata":{"name":"p","namespace":"ns"},"spec":{"minAvailable":1,"selector":{"matchExpressions":[{"key":"pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match","operator":"Exists"}]}},"status":{"disruptionsAllowed":0,"currentHealthy":0,"desiredHealthy":0,"expectedPods":0}}"#
    );
    assert_eq!(
        served_as(&s, body, "v1beta1"),
        r#"{"kind":"PodDisruptionBudget","apiVersion":"policy/v1beta1","metadata":{"name":"p","namespace":"ns"},"spec":{"minAvailable":1,"selector":{}},"status":{"disruptionsAllowed":0,"currentHealthy":0,"desiredHealthy":0,"expectedPods":0}}"#
    );
    // And v1's empty selector (every pod) reads back through v1beta1 as its match-all form.
    let all = r#"{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"p","namespace":"ns"},"spec":{"maxUnavailable":"10%","selector":{}}}"#;
    assert_eq!(
        served_as(&s, all, "v1beta1"),
        r#"{"kind":"PodDisruptionBudget","apiVersion":"policy/v1beta1","metadata":{"name":"p","namespace":"ns"},"spec":{"selector":{"matchExpressions":[{"key":"pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match","operator":"DoesNotExist"}]},"maxUnavailable":"10%"},"status":{"disruptionsAllowed":0,"currentHealthy":0,"desiredHealthy":0,"expectedPods":0}}"#
    );
}

#[test]
fn eviction_is_served_back() {
    let body = r#"{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"pod","namespace":"ns"},"deleteOptions":{"gracePeriodSeconds":5}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1beta1"),
        r#"{"kind":"Eviction","apiVersion":"policy/v1beta1","metadata":{"name":"pod","namespace":"ns"},"deleteOptions":{"gracePeriodSeconds":5}}"#
    );
}
