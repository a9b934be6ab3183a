//! Writes through admissionregistration.k8s.io/v1beta1 get v1's hand-written validation (upstream's `ValidateValidatingAdmissionPolicy`, `…Binding` and webhook configuration checks), as upstream validates the internal object whatever version was written.

use kapi_machinery::Scheme;

use crate::admissionregistration::v1beta1;
use crate::testing::{decoded, printed};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::admissionregistration::install(&mut s).expect("admissionregistration.k8s.io installs");
    s
}

/// Upstream's "validations is required" case of `TestValidateValidatingAdmissionPolicy`.
#[test]
fn a_v1beta1_policy_without_validations_is_refused() {
    let s = scheme();
    let obj: v1beta1::ValidatingAdmissionPolicy = decoded(
        &s,
        r#"{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"ValidatingAdmissionPolicy","metadata":{"name":"config"},"spec":{"matchConstraints":{"resourceRules":[{"operations":["CREATE"],"apiGroups":["a"],"apiVersions":["a"],"resources":["a"]}]}}}"#,
    );
    let want = [
        "spec.validations: Required value: validations or auditAnnotations must contain at least one item",
        "spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item",
    ];
    let declarative = printed(&v1beta1::validate_declarative_validating_admission_policy(&obj, None));
    assert!(want.iter().all(|w| !declarative.contains(&(*w).to_owned())), "{declarative:?}");
    assert_eq!(printed(&s.validate(&obj, None)), want);
}

/// Upstream's "paramRef one of name or selector" case of `TestValidateValidatingAdmissionPolicyBinding`.
#[test]
fn a_v1beta1_binding_param_ref_needs_a_name_or_selector() {
    let s = scheme();
    let obj: v1beta1::ValidatingAdmissionPolicyBinding = decoded(
        &s,
        r#"{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"ValidatingAdmissionPolicyBinding","metadata":{"name":"config"},"spec":{"policyName":"xyzlimit-scale.example.com","paramRef":{"parameterNotFoundAction":"Deny"},"validationActions":["Deny"]}}"#,
    );
    assert_eq!(
        printed(&s.validate(&obj, None)),
        ["spec.paramRef: Required value: one of name or selector must be specified"]
    );
}

/// Upstream's "should fail on invalid webhook name" case of `TestValidateValidatingWebhookConfiguration`.
#[test]
fn a_v1beta1_webhook_name_needs_three_segments() {
    let s = scheme();
    let obj: v1beta1::ValidatingWebhookConfiguration = decoded(
        &s,
        r#"{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"ValidatingWebhookConfiguration","metadata":{"name":"config"},"webhooks":[{"name":"k8s.io","clientConfig":{"url":"https://example.com"},"sideEffects":"None","admissionReviewVersions":["v1"]}]}"#,
    );
    let errs = printed(&s.validate(&obj, None));
    assert_eq!(
        errs,
        [
            "webhooks[0].name: Invalid value: \"k8s.io\": should be a domain with at least three segments separated by dots"
        ]
    );
}

/// A status write through v1beta1 gets v1's `ValidateValidatingAdmissionPolicyStatusUpdate` (a
/// type-checking warning needs its text), with the stored object converted as well.
#[test]
fn a_v1beta1_policy_status_gets_v1s_status_checks() {
    let s = scheme();
    let body = |warning: &str| {
        format!(
            r#"{{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"ValidatingAdmissionPolicy","metadata":{{"name":"config"}},"status":{{"typeChecking":{{"expressionWarnings":[{{"fieldRef":"spec.validations[0].expression","warning":"{warning}"}}]}}}}}}"#
        )
    };
    let old: v1beta1::ValidatingAdmissionPolicy = decoded(&s, &body("no such field"));
    let new: v1beta1::ValidatingAdmissionPolicy = decoded(&s, &body(""));
    assert_eq!(s.validate_status(&old, &old), []);
    assert_eq!(
        printed(&s.validate_status(&new, &old)),
        ["status.typeChecking.expressionWarnings[0].warning: Required value"]
    );
}
