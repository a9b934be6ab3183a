//! Upstream's policy validation test cases (`TestValidateMinAvailablePodDisruptionBudgetSpec`, `TestValidateMinAvailablePodAndMaxUnavailableDisruptionBudgetSpec`, `TestValidateUnhealthyPodEvictionPolicyDisruptionBudgetSpec`, `TestValidatePodDisruptionBudgetStatus`), pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::types::Time;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::meta::v1::{Condition, ConditionStatus, LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};
use crate::policy::v1::{PodDisruptionBudgetStatus, UnhealthyPodEvictionPolicyType};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn pdb(min: Option<IntOrString>, max: Option<IntOrString>) -> PodDisruptionBudget {
    PodDisruptionBudget {
        spec: PodDisruptionBudgetSpec { min_available: min, max_unavailable: max, ..Default::default() },
        ..Default::default()
    }
}

#[test]
fn min_available_as_upstream() {
    let ok = [
        IntOrString::int(0),
        IntOrString::int(1),
        IntOrString::int(5),
        IntOrString::string("0%"),
        IntOrString::string("1%"),
        IntOrString::string("50%"),
        IntOrString::string("100%"),
    ];
    for v in ok {
        assert!(validate_pod_disruption_budget(&pdb(Some(v.clone()), None), None).is_empty(), "{v:?}");
        assert!(validate_pod_disruption_budget(&pdb(None, Some(v.clone())), None).is_empty(), "{v:?}");
    }
    let bad =
        [IntOrString::int(-1), IntOrString::string("1.1%"), IntOrString::string("-1%"), IntOrString::string("101%")];
    for v in bad {
        let errs = validate_pod_disruption_budget(&pdb(Some(v.clone()), None), None);
        assert_eq!(errs.len(), 1, "{v:?}: {errs:?}");
        assert_eq!((errs[0].error_type, errs[0].field.as_str()), (ErrorType::Invalid, "spec.minAvailable"));
    }
    assert_eq!(
        strings(&validate_pod_disruption_budget(&pdb(Some(IntOrString::int(-1)), None), None)),
        ["spec.minAvailable: Invalid value: -1: must be greater than or equal to 0"]
    );
    assert_eq!(
        strings(&validate_pod_disruption_budget(&pdb(Some(IntOrString::string("101%")), None), None)),
        [r#"spec.minAvailable: Invalid value: "101%": must not be greater than 100%"#]
    );
    assert_eq!(
        strings(&validate_pod_disruption_budget(&pdb(None, Some(IntOrString::string("1.1%"))), None)),
        [
            r#"spec.maxUnavailable: Invalid value: "1.1%": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"#
        ]
    );
}

#[test]
fn min_available_and_max_unavailable_both_set() {
    let both = pdb(Some(IntOrString::string("10%")), Some(IntOrString::int(1)));
    assert_eq!(
        strings(&validate_pod_disruption_budget(&both, None)),
        [
            r#"spec: Invalid value: {"minAvailable":"10%","maxUnavailable":1}: minAvailable and maxUnavailable cannot be both set"#
        ]
    );
    // Through the scheme, as the server runs it.
    let mut s = Scheme::new();
    crate::policy::install(&mut s).expect("policy installs");
    assert_eq!(s.validate(&both, None).len(), 1);
}

#[test]
fn unhealthy_pod_eviction_policy() {
    for (policy, ok) in
        [(None, true), (Some("IfHealthyBudget"), true), (Some("AlwaysAllow"), true), (Some("Invalid"), false)]
    {
        let mut p = pdb(Some(IntOrString::int(1)), None);
        p.spec.unhealthy_pod_eviction_policy = policy.map(|s| UnhealthyPodEvictionPolicyType(s.into()));
        let errs = strings(&validate_pod_disruption_budget(&p, None));
        if ok {
            assert!(errs.is_empty(), "{policy:?}: {errs:?}");
        } else {
            assert_eq!(
                errs,
                [
                    r#"spec.unhealthyPodEvictionPolicy: Unsupported value: "Invalid": supported values: "AlwaysAllow", "IfHealthyBudget""#
                ]
            );
        }
    }
}

#[test]
fn selectors_keep_stored_values_on_update() {
    let mut p = pdb(Some(IntOrString::int(1)), None);
    p.spec.selector = Some(LabelSelector {
        match_expressions: vec![LabelSelectorRequirement {
            key: "k".into(),
            operator: LabelSelectorOperator("In".into()),
            values: vec!["-bad-".into()],
        }],
        ..Default::default()
    });
    assert_eq!(validate_pod_disruption_budget(&p, None).len(), 1);
    assert!(validate_pod_disruption_budget(&p, Some(&p)).is_empty());
    assert_eq!(validate_pod_disruption_budget(&p, Some(&pdb(None, None))).len(), 1);
}

#[test]
fn status_updates_as_upstream() {
    let old = pdb(None, None);
    let with = |s: PodDisruptionBudgetStatus| PodDisruptionBudget { status: s, ..pdb(None, None) };
    assert!(validate_pod_disruption_budget_status_update(&with(PodDisruptionBudgetStatus::default()), &old).is_empty());
    let cases = [
        ("disruptionsAllowed", PodDisruptionBudgetStatus { disruptions_allowed: -10, ..Default::default() }),
        ("currentHealthy", PodDisruptionBudgetStatus { current_healthy: -5, ..Default::default() }),
        ("desiredHealthy", PodDisruptionBudgetStatus { desired_healthy: -3, ..Default::default() }),
        ("expectedPods", PodDisruptionBudgetStatus { expected_pods: -2, ..Default::default() }),
    ];
    for (field, status) in cases {
        let errs = validate_pod_disruption_budget_status_update(&with(status), &old);
        assert_eq!(errs.len(), 1, "{field}");
        assert_eq!(errs[0].field, format!("status.{field}"));
    }
    let cond = |ty: &str, status: &str, reason: &str| Condition {
        r#type: ty.into(),
        status: ConditionStatus(status.into()),
        reason: reason.into(),
        last_transition_time: Time::from_unix(1),
        ..Default::default()
    };
    let status = PodDisruptionBudgetStatus {
        conditions: vec![
            cond("DisruptionAllowed", "True", "SufficientPods"),
            cond("DisruptionAllowed", "Maybe", "bad reason"),
        ],
        ..Default::default()
    };
    let got = strings(&validate_pod_disruption_budget_status_update(&with(status), &old));
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[0], r#"status.conditions[1].type: Duplicate value: "DisruptionAllowed""#);
    assert_eq!(
        got[1],
        r#"status.conditions[1].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown""#
    );
    assert!(got[2].starts_with(r#"status.conditions[1].reason: Invalid value: "bad reason": a condition reason must start with alphabetic character"#));
    let status = PodDisruptionBudgetStatus {
        conditions: vec![Condition {
            r#type: "A".into(),
            status: ConditionStatus("True".into()),
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(
        strings(&validate_pod_disruption_budget_status_update(&with(status), &old)),
        [
            "status.conditions[0].lastTransitionTime: Required value: must be set",
            "status.conditions[0].reason: Required value: must be set"
        ]
    );
}
