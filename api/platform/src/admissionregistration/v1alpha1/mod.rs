//! `admissionregistration.k8s.io/v1alpha1`: CEL admission policies and their bindings.
//!
//! +groupName=admissionregistration.k8s.io
//! +conversionGen=crate::admissionregistration
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/admissionregistration/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::round_trip;
    use kapi_machinery::Scheme;

    use kapi_machinery::{GroupVersionKind, ProtoMessage, json};

    #[test]
    fn every_kind_round_trips_and_is_registered() {
        let mut scheme = Scheme::new();
        add_to_scheme(&mut scheme).unwrap();
        round_trip::<ValidatingAdmissionPolicy>(&scheme);
        round_trip::<ValidatingAdmissionPolicyList>(&scheme);
        round_trip::<ValidatingAdmissionPolicyBinding>(&scheme);
        round_trip::<ValidatingAdmissionPolicyBindingList>(&scheme);
        round_trip::<MutatingAdmissionPolicy>(&scheme);
        round_trip::<MutatingAdmissionPolicyList>(&scheme);
        round_trip::<MutatingAdmissionPolicyBinding>(&scheme);
        round_trip::<MutatingAdmissionPolicyBindingList>(&scheme);
        let ours = scheme
            .known_kinds()
            .filter(|k| {
                k.group == "admissionregistration.k8s.io" && !k.kind.ends_with("Options") && k.kind != "WatchEvent"
            })
            .count();
        assert_eq!(ours, 8);
        assert!(scheme.recognizes(&GroupVersionKind::new("admissionregistration.k8s.io", "v1alpha1", "DeleteOptions")));
        let g = "admissionregistration.k8s.io";
        for kind in ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicyBindingList"] {
            assert!(scheme.recognizes(&GroupVersionKind::new(g, "v1alpha1", kind)));
        }
    }

    #[test]
    fn named_rule_flattens_both_levels_in_json() {
        let r = NamedRuleWithOperations {
            resource_names: vec!["a".into()],
            rule_with_operations: RuleWithOperations {
                operations: vec![OperationType::from(OperationType::ALL)],
                rule: Rule { resources: vec!["pods".into()], ..Default::default() },
            },
        };
        assert_eq!(json::to_vec(&r).unwrap(), br#"{"resourceNames":["a"],"operations":["*"],"resources":["pods"]}"#);
        assert_eq!(r.to_proto_bytes(), b"\x0a\x01a\x12\x0b\x0a\x01*\x12\x06\x1a\x04pods");
    }
}
