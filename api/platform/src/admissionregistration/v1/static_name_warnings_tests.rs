//! Upstream's `TestWarningsForStaticSuffix` (`pkg/apis/admissionregistration/validation/static_suffix_test.go`), case for case, through each admission kind.

use super::{
    static_suffix_warnings, warnings_for_mutating_admission_policy, warnings_for_mutating_admission_policy_binding,
    warnings_for_mutating_webhook_configuration, warnings_for_validating_admission_policy,
    warnings_for_validating_admission_policy_binding, warnings_for_validating_webhook_configuration,
};
use crate::admissionregistration::v1::{
    MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, MutatingWebhookConfiguration, ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding, ValidatingWebhookConfiguration,
};
use crate::meta::v1::ObjectMeta;

const RESERVED: &str = r#"metadata.name: names ending with ".static.k8s.io" are reserved for static manifest-based configurations and cannot be managed via the API"#;

#[test]
fn static_suffix_warnings_are_upstreams() {
    let cases = [
        ("valid name without suffix", "my-webhook", false),
        ("name with static suffix", "my-webhook.static.k8s.io", true),
        ("valid name with similar suffix", "my-webhook.k8s.io", false),
        // From `TestValidateStaticSuffix`, which uses the same test of the name.
        ("valid name with partial match", "static.k8s.io.my-webhook", false),
        ("invalid name with only static suffix", ".static.k8s.io", true),
        ("valid empty name", "", false),
    ];
    for (name, input, warns) in cases {
        let want: &[&str] = if warns { &[RESERVED] } else { &[] };
        assert_eq!(static_suffix_warnings(input), want, "{name}");
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), ..ObjectMeta::default() }
}

#[test]
fn every_admission_kind_warns_on_create_and_update() {
    let reserved = "deny-all.static.k8s.io";
    let vwc = ValidatingWebhookConfiguration { metadata: meta(reserved), ..Default::default() };
    let mwc = MutatingWebhookConfiguration { metadata: meta(reserved), ..Default::default() };
    let vap = ValidatingAdmissionPolicy { metadata: meta(reserved), ..Default::default() };
    let vapb = ValidatingAdmissionPolicyBinding { metadata: meta(reserved), ..Default::default() };
    let map = MutatingAdmissionPolicy { metadata: meta(reserved), ..Default::default() };
    let mapb = MutatingAdmissionPolicyBinding { metadata: meta(reserved), ..Default::default() };
    let all = [
        warnings_for_validating_webhook_configuration(&vwc, None),
        warnings_for_validating_webhook_configuration(&vwc, Some(&vwc)),
        warnings_for_mutating_webhook_configuration(&mwc, None),
        warnings_for_mutating_webhook_configuration(&mwc, Some(&mwc)),
        warnings_for_validating_admission_policy(&vap, None),
        warnings_for_validating_admission_policy(&vap, Some(&vap)),
        warnings_for_validating_admission_policy_binding(&vapb, None),
        warnings_for_validating_admission_policy_binding(&vapb, Some(&vapb)),
        warnings_for_mutating_admission_policy(&map, None),
        warnings_for_mutating_admission_policy(&map, Some(&map)),
        warnings_for_mutating_admission_policy_binding(&mapb, None),
        warnings_for_mutating_admission_policy_binding(&mapb, Some(&mapb)),
    ];
    for (i, warnings) in all.iter().enumerate() {
        assert_eq!(warnings, &[RESERVED], "call {i}");
    }
    let plain = ValidatingWebhookConfiguration { metadata: meta("deny-all"), ..Default::default() };
    assert!(warnings_for_validating_webhook_configuration(&plain, None).is_empty());
}
