//! Upstream's node validation test cases (`TestValidateRuntimeClass`, `TestValidateRuntimeUpdate`, `TestValidateOverhead`, `TestValidateScheduling`), pinned against our validation.

use kapi_machinery::types::Quantity;

use super::*;
use crate::core::v1::{ResourceName, Toleration, TolerationOperator};
use crate::features::{Feature, FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;
use crate::node::v1::{Overhead, Scheduling};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn rc(handler: &str) -> RuntimeClass {
    RuntimeClass {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        handler: handler.into(),
        ..Default::default()
    }
}

#[test]
fn handlers_as_upstream() {
    assert!(validate_runtime_class(&rc("bar"), None).is_empty());
    let mut s = kapi_machinery::Scheme::new();
    crate::node::install(&mut s).expect("node installs");
    assert!(!s.validate(&rc("BAR"), None).is_empty(), "invalid handler through the generated rule");
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), || {
        let got = strings(&validate_runtime_class(&rc("BAR"), None));
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with(r#"handler: Invalid value: "BAR": a lowercase RFC 1123 label"#), "{got:?}");
        assert_eq!(
            strings(&validate_runtime_class(&rc("other"), Some(&rc("bar")))),
            [r#"handler: Invalid value: "other": field is immutable"#]
        );
    });
}

#[test]
fn overhead_as_upstream() {
    let with = |pairs: &[(&str, &str)]| {
        let mut r = rc("bar");
        r.overhead = Some(Overhead {
            pod_fixed: pairs
                .iter()
                .map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).expect("a quantity")))
                .collect(),
        });
        r
    };
    assert!(validate_runtime_class(&with(&[("cpu", "10"), ("memory", "10G")]), None).is_empty());
    assert_eq!(
        strings(&validate_runtime_class(&with(&[("cpu", "-10")]), None)),
        [r#"overhead.limits[cpu]: Invalid value: "-10": must be greater than or equal to 0"#],
        "invalid negative overhead"
    );
    assert_eq!(
        strings(&validate_runtime_class(&with(&[("hugepages-2Mi", "1Gi")]), None)),
        ["overhead.limits: Forbidden: HugePages require cpu or memory"]
    );
}

#[test]
fn scheduling_as_upstream() {
    let toleration = |key: &str, op: &str| Toleration {
        key: key.into(),
        operator: TolerationOperator(op.into()),
        ..Default::default()
    };
    let mut r = rc("bar");
    r.scheduling = Some(Scheduling {
        node_selector: [("valid".to_owned(), "label".to_owned())].into(),
        tolerations: vec![toleration("valid", "Exists"), toleration("valid", "Exists"), toleration("", "Equal")],
    });
    let got = strings(&validate_runtime_class(&r, None));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[0].starts_with(
            r#"scheduling.tolerations.tolerations[2].operator: Invalid value: "Equal": operator must be Exists"#
        ),
        "{got:?}"
    );
    assert!(
        got[1].starts_with(r#"scheduling.tolerations[1]: Duplicate value: {"key":"valid","operator":"Exists"}"#),
        "{got:?}"
    );
    r.scheduling = Some(Scheduling {
        node_selector: [("not a valid key".to_owned(), "x".to_owned())].into(),
        tolerations: vec![],
    });
    let got = strings(&validate_runtime_class(&r, None));
    assert!(got[0].starts_with(r#"scheduling.nodeSelector: Invalid value: "not a valid key""#), "{got:?}");
}
