//! Upstream's scheduling validation test cases (`TestValidatePriorityClass`, `TestValidatePriorityClassUpdate`), pinned against our validation.

use super::*;
use crate::core::v1::PreemptionPolicy;
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn class(name: &str, value: i32, policy: Option<&str>) -> PriorityClass {
    PriorityClass {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        value,
        preemption_policy: policy.map(|p| PreemptionPolicy(p.into())),
        ..Default::default()
    }
}

#[test]
fn priority_classes_as_upstream() {
    assert!(validate_priority_class(&class("tier1", 100, Some("Never")), None).is_empty(), "non-system name");
    assert!(
        validate_priority_class(&class("system-node-critical", 2_000_001_000, None), None).is_empty(),
        "system name and value"
    );
    assert_eq!(
        strings(&validate_priority_class(&class("system-something", 100, None), None)),
        [
            "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-something is not a known system priority class"
        ],
        "invalid system name"
    );
    assert_eq!(
        strings(&validate_priority_class(&class("system-node-critical", 100, None), None)),
        [
            "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"
        ],
        "incorrect system class value"
    );
    assert_eq!(
        strings(&validate_priority_class(&class("tier1", 1_000_000_001, None), None)),
        ["value: Forbidden: maximum allowed value of a user defined priority is 1000000000"]
    );
    assert_eq!(
        strings(&validate_priority_class(&class("tier1", 100, Some("Sometimes")), None)),
        [r#"preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never""#]
    );
}

#[test]
fn priority_class_updates_as_upstream() {
    let old = class("tier1", 100, Some("PreemptLowerPriority"));
    let mut new = old.clone();
    new.description = "changed".into();
    assert!(validate_priority_class(&new, Some(&old)).is_empty(), "description may change");
    assert_eq!(
        strings(&validate_priority_class(&class("tier1", 200, Some("Never")), Some(&old))),
        [
            "value: Forbidden: may not be changed in an update.",
            r#"preemptionPolicy: Invalid value: "Never": field is immutable"#
        ]
    );
    let mut s = kapi_machinery::Scheme::new();
    crate::scheduling::install(&mut s).expect("scheduling installs");
    assert_eq!(s.validate(&class("tier1", 200, Some("PreemptLowerPriority")), Some(&old)).len(), 1);
}
