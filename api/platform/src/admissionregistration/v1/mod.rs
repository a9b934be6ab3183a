//! `admissionregistration.k8s.io/v1`: webhook configurations and CEL admission policies.
//!
//! +groupName=admissionregistration.k8s.io
//! +conversionGen=crate::admissionregistration
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "validation")]
mod cel_checks;
mod defaults;
#[cfg(feature = "validation")]
pub mod mutating_policy_validation;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod static_name_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/admissionregistration/v1/mod.rs"]
mod generated;

pub use generated::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::round_trip;
    use kapi_machinery::Scheme;
    use kapi_machinery::proto::ProtoReader;
    use kapi_machinery::{GroupVersionKind, ProtoMessage, json};

    #[test]
    fn every_kind_round_trips_and_is_registered() {
        let mut scheme = Scheme::new();
        add_to_scheme(&mut scheme).unwrap();
        round_trip::<ValidatingWebhookConfiguration>(&scheme);
        round_trip::<ValidatingWebhookConfigurationList>(&scheme);
        round_trip::<MutatingWebhookConfiguration>(&scheme);
        round_trip::<MutatingWebhookConfigurationList>(&scheme);
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
        assert_eq!(ours, 12);
        assert!(scheme.recognizes(&GroupVersionKind::new("admissionregistration.k8s.io", "v1", "DeleteOptions")));
        let g = "admissionregistration.k8s.io";
        for kind in ["ValidatingWebhookConfiguration", "MutatingAdmissionPolicyBindingList"] {
            assert!(scheme.recognizes(&GroupVersionKind::new(g, "v1", kind)));
        }
    }

    #[test]
    fn unset_side_effects_is_written_as_null() {
        let w = ValidatingWebhook::default();
        let s = String::from_utf8(json::to_vec(&w).unwrap()).unwrap();
        assert!(s.contains(r#""sideEffects":null"#), "{s}");
        // admissionReviewVersions has no omitempty either.
        assert!(s.contains(r#""admissionReviewVersions":null"#), "{s}");
        let back: ValidatingWebhook = json::from_slice(s.as_bytes()).unwrap();
        assert_eq!(back.side_effects, None);
        // Protobuf leaves a nil pointer out.
        assert!(!w.to_proto_bytes().contains(&0x32));
        let m = MutatingWebhook::default();
        let s = String::from_utf8(json::to_vec(&m).unwrap()).unwrap();
        assert!(s.contains(r#""sideEffects":null"#), "{s}");
    }

    #[test]
    fn side_effect_classes_round_trip() {
        for v in
            [SideEffectClass::UNKNOWN, SideEffectClass::NONE, SideEffectClass::SOME, SideEffectClass::NONE_ON_DRY_RUN]
        {
            let w = ValidatingWebhook { side_effects: Some(SideEffectClass(v.into())), ..Default::default() };
            let s = String::from_utf8(json::to_vec(&w).unwrap()).unwrap();
            assert!(s.contains(&format!(r#""sideEffects":"{v}""#)), "{s}");
            let back: ValidatingWebhook = json::from_slice(s.as_bytes()).unwrap();
            assert_eq!(back.side_effects.as_ref().map(|c| c.0.as_str()), Some(v));
            let mut back = ValidatingWebhook::default();
            back.merge_proto(&mut ProtoReader::new(&w.to_proto_bytes())).unwrap();
            assert_eq!(back.side_effects.as_ref().map(|c| c.0.as_str()), Some(v));
        }
    }

    #[test]
    fn ca_bundle_survives_protobuf() {
        let all: Vec<u8> = (0..=255).collect();
        for bundle in [Some(all), Some(b"-----BEGIN CERTIFICATE-----\n".to_vec()), None] {
            let client_config = WebhookClientConfig { ca_bundle: bundle.clone(), ..Default::default() };
            let v = ValidatingWebhook { client_config: client_config.clone(), ..Default::default() };
            let mut back = ValidatingWebhook::default();
            back.merge_proto(&mut ProtoReader::new(&v.to_proto_bytes())).unwrap();
            assert_eq!(back.client_config.ca_bundle, bundle);
            let m = MutatingWebhook { client_config, ..Default::default() };
            let mut back = MutatingWebhook::default();
            back.merge_proto(&mut ProtoReader::new(&m.to_proto_bytes())).unwrap();
            assert_eq!(back.client_config.ca_bundle, bundle);
        }
    }

    #[test]
    fn rule_is_flattened_in_json_and_nested_in_protobuf() {
        let r = RuleWithOperations {
            operations: vec![OperationType(OperationType::CREATE.into())],
            rule: Rule { api_groups: vec!["apps".into()], ..Default::default() },
        };
        assert_eq!(json::to_vec(&r).unwrap(), br#"{"operations":["CREATE"],"apiGroups":["apps"]}"#);
        assert_eq!(r.to_proto_bytes(), b"\x0a\x06CREATE\x12\x06\x0a\x04apps");
    }
}
