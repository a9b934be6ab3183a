//! Upstream's admissionregistration defaults, pinned per version, applied through the scheme as the
//! generated defaulters register them.

use kapi_api::admissionregistration::{v1, v1beta1};
use kapi_api::meta::v1::LabelSelector;
use kapi_machinery::Scheme;

fn scheme() -> Scheme {
    kapi_api::scheme().unwrap()
}

#[test]
fn v1_webhook_defaults() {
    let s = scheme();
    let mut cfg = v1::ValidatingWebhookConfiguration {
        webhooks: vec![v1::ValidatingWebhook {
            client_config: v1::WebhookClientConfig {
                service: Some(v1::ServiceReference {
                    name: "svc".into(),
                    namespace: "ns".into(),
                    ..Default::default()
                }),
                ..Default::default()
            },
            rules: vec![v1::RuleWithOperations::default()],
            ..Default::default()
        }],
        ..Default::default()
    };
    s.apply_defaults(&mut cfg);
    let w = &cfg.webhooks[0];
    assert_eq!(w.failure_policy.as_ref().unwrap().as_str(), "Fail");
    assert_eq!(w.match_policy.as_ref().unwrap().as_str(), "Equivalent");
    assert_eq!(w.namespace_selector, Some(LabelSelector::default()));
    assert_eq!(w.object_selector, Some(LabelSelector::default()));
    assert_eq!(w.timeout_seconds, Some(10));
    // Required in v1: no default.
    assert_eq!(w.side_effects, None);
    assert_eq!(w.admission_review_versions, None);
    assert_eq!(w.client_config.service.as_ref().unwrap().port, Some(443));
    assert_eq!(w.rules[0].rule.scope.as_ref().unwrap().as_str(), "*");

    let mut m = v1::MutatingWebhookConfiguration { webhooks: vec![Default::default()], ..Default::default() };
    s.apply_defaults(&mut m);
    assert_eq!(m.webhooks[0].reinvocation_policy.as_ref().unwrap().as_str(), "Never");
    assert_eq!(m.webhooks[0].timeout_seconds, Some(10));
}

#[test]
fn v1beta1_webhook_defaults() {
    let s = scheme();
    let mut cfg = v1beta1::ValidatingWebhookConfiguration {
        webhooks: vec![v1beta1::ValidatingWebhook {
            client_config: v1beta1::WebhookClientConfig {
                service: Some(v1beta1::ServiceReference::default()),
                ..Default::default()
            },
            rules: vec![v1beta1::RuleWithOperations::default()],
            ..Default::default()
        }],
        ..Default::default()
    };
    s.apply_defaults(&mut cfg);
    let w = &cfg.webhooks[0];
    assert_eq!(w.failure_policy.as_ref().unwrap().as_str(), "Ignore");
    assert_eq!(w.match_policy.as_ref().unwrap().as_str(), "Exact");
    assert_eq!(w.namespace_selector, Some(LabelSelector::default()));
    assert_eq!(w.object_selector, Some(LabelSelector::default()));
    assert_eq!(w.side_effects.as_ref().unwrap().as_str(), "Unknown");
    assert_eq!(w.timeout_seconds, Some(30));
    assert_eq!(w.admission_review_versions, ["v1beta1"]);
    assert_eq!(w.client_config.service.as_ref().unwrap().port, Some(443));
    // v1beta1's Rule is v1's (a type alias), defaulted by v1's defaulter.
    assert_eq!(w.rules[0].rule.scope.as_ref().unwrap().as_str(), "*");

    let mut m = v1beta1::MutatingWebhookConfiguration { webhooks: vec![Default::default()], ..Default::default() };
    s.apply_defaults(&mut m);
    let w = &m.webhooks[0];
    assert_eq!(w.reinvocation_policy.as_ref().unwrap().as_str(), "Never");
    assert_eq!(w.side_effects.as_ref().unwrap().as_str(), "Unknown");
    assert_eq!(w.failure_policy.as_ref().unwrap().as_str(), "Ignore");
}

#[test]
fn defaults_never_overwrite_set_values() {
    let s = scheme();
    let set = v1beta1::ValidatingWebhook {
        failure_policy: Some("Fail".into()),
        match_policy: Some("Equivalent".into()),
        side_effects: Some("None".into()),
        timeout_seconds: Some(5),
        admission_review_versions: vec!["v1".into()],
        namespace_selector: Some(LabelSelector {
            match_labels: [("a".to_owned(), "b".to_owned())].into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let mut cfg = v1beta1::ValidatingWebhookConfiguration { webhooks: vec![set.clone()], ..Default::default() };
    s.apply_defaults(&mut cfg);
    let w = &cfg.webhooks[0];
    assert_eq!(w.failure_policy, set.failure_policy);
    assert_eq!(w.match_policy, set.match_policy);
    assert_eq!(w.side_effects, set.side_effects);
    assert_eq!(w.timeout_seconds, Some(5));
    assert_eq!(w.admission_review_versions, ["v1"]);
    assert_eq!(w.namespace_selector, set.namespace_selector);
}

#[test]
fn policy_defaults_in_both_versions() {
    let s = scheme();
    let mut p = v1::ValidatingAdmissionPolicy {
        spec: v1::ValidatingAdmissionPolicySpec { match_constraints: Some(Default::default()), ..Default::default() },
        ..Default::default()
    };
    s.apply_defaults(&mut p);
    assert_eq!(p.spec.failure_policy.as_ref().unwrap().as_str(), "Fail");
    let mc = p.spec.match_constraints.as_ref().unwrap();
    assert_eq!(mc.match_policy.as_ref().unwrap().as_str(), "Equivalent");
    assert_eq!(mc.namespace_selector, Some(LabelSelector::default()));

    let mut p = v1beta1::MutatingAdmissionPolicy::default();
    s.apply_defaults(&mut p);
    assert_eq!(p.spec.failure_policy.as_ref().unwrap().as_str(), "Fail");
}

#[test]
fn lists_default_every_item() {
    let s = scheme();
    let mut list = v1::ValidatingWebhookConfigurationList {
        // `items` has no omitempty upstream, so it is an `Option` (nil encodes as `null`).
        items: Some(vec![
            v1::ValidatingWebhookConfiguration { webhooks: vec![Default::default()], ..Default::default() },
            v1::ValidatingWebhookConfiguration {
                webhooks: vec![Default::default(), Default::default()],
                ..Default::default()
            },
        ]),
        ..Default::default()
    };
    s.apply_defaults(&mut list);
    let items = list.items.as_ref().unwrap();
    assert!(items.iter().flat_map(|c| &c.webhooks).all(|w| w.timeout_seconds == Some(10)));
    assert_eq!(items.iter().flat_map(|c| &c.webhooks).count(), 3);
}

/// Decoding into the internal version applies the decoded version's defaults first, as an API
/// server does with every request body: the same bytes give different internal objects per version.
#[test]
fn decoding_into_the_internal_version_applies_each_versions_defaults() {
    use kapi_api::admissionregistration as internal;
    use kapi_machinery::INTERNAL_VERSION;
    use kapi_machinery::serializer::{Format, Options, Serializer};

    let s = scheme();
    let ser = Serializer::new(&s, Format::Json, Options::default());
    let body = |version: &str| {
        format!(
            r#"{{"apiVersion":"admissionregistration.k8s.io/{version}","kind":"MutatingWebhookConfiguration",
            "metadata":{{"name":"m"}},"webhooks":[{{"name":"w.example.com","clientConfig":{{"service":{{"namespace":"ns","name":"svc"}}}},
            "rules":[{{"operations":["CREATE"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods"]}}]}}]}}"#
        )
    };
    let decode = |version: &str| {
        let d = ser.decode_into(body(version).as_bytes(), None, INTERNAL_VERSION).unwrap();
        d.object.downcast_ref::<internal::MutatingWebhookConfiguration>().expect("internal kind").clone()
    };
    let v1 = decode("v1");
    let w = &v1.webhooks[0];
    assert_eq!(w.failure_policy.as_ref().map(|p| p.as_str()), Some("Fail"));
    assert_eq!(w.match_policy.as_ref().map(|p| p.as_str()), Some("Equivalent"));
    assert_eq!(w.timeout_seconds, Some(10));
    assert_eq!(w.side_effects, None, "v1 requires sideEffects and does not default it");
    assert_eq!(w.admission_review_versions, None);
    assert_eq!(w.reinvocation_policy.as_ref().map(|p| p.as_str()), Some("Never"));
    assert_eq!(w.namespace_selector, Some(LabelSelector::default()));
    assert_eq!(w.client_config.service.as_ref().and_then(|s| s.port), Some(443));
    assert_eq!(w.rules[0].rule.scope.as_ref().map(|s| s.as_str()), Some("*"));

    let beta = decode("v1beta1");
    let w = &beta.webhooks[0];
    assert_eq!(w.failure_policy.as_ref().map(|p| p.as_str()), Some("Ignore"));
    assert_eq!(w.match_policy.as_ref().map(|p| p.as_str()), Some("Exact"));
    assert_eq!(w.timeout_seconds, Some(30));
    assert_eq!(w.side_effects.as_ref().map(|p| p.as_str()), Some("Unknown"));
    assert_eq!(w.admission_review_versions.as_deref(), Some(&["v1beta1".to_owned()][..]));
    assert_eq!(w.client_config.service.as_ref().and_then(|s| s.port), Some(443));
    assert_eq!(w.rules[0].rule.scope.as_ref().map(|s| s.as_str()), Some("*"));
}

/// `dryRun` of an admission request survives every conversion: v1 → internal → v1beta1 and back.
#[test]
fn dry_run_is_carried_through_every_conversion() {
    use kapi_api::admission::{self as internal, v1 as adm_v1, v1beta1 as adm_v1beta1};
    use kapi_machinery::INTERNAL_VERSION;

    let s = scheme();
    for dry_run in [Some(true), Some(false), None] {
        let review = adm_v1::AdmissionReview {
            request: Some(adm_v1::AdmissionRequest { uid: "u".into(), dry_run, ..Default::default() }),
            ..Default::default()
        };
        let hub = s.convert_to_version(&review, INTERNAL_VERSION).unwrap();
        let hub = hub.downcast_ref::<internal::AdmissionReview>().unwrap();
        assert_eq!(hub.request.as_ref().unwrap().dry_run, dry_run);
        let beta = s.convert_to_version(hub, "v1beta1").unwrap();
        let beta = beta.downcast_ref::<adm_v1beta1::AdmissionReview>().unwrap();
        assert_eq!(beta.request.as_ref().unwrap().dry_run, dry_run);
        assert_eq!(beta.type_meta.api_version, "admission.k8s.io/v1beta1");
        // Straight from v1 to v1beta1 goes through the hub too.
        let direct = s.convert_to_version(&review, "v1beta1").unwrap();
        assert_eq!(direct.downcast_ref::<adm_v1beta1::AdmissionReview>().unwrap(), beta);
        let back = s.convert_to_version(beta, "v1").unwrap();
        assert_eq!(back.downcast_ref::<adm_v1::AdmissionReview>().unwrap().request.as_ref().unwrap().dry_run, dry_run);
    }
}

#[test]
fn v1alpha1_policy_defaults() {
    use kapi_api::admissionregistration::v1alpha1;
    let s = scheme();
    let mut p = v1alpha1::ValidatingAdmissionPolicy {
        spec: v1alpha1::ValidatingAdmissionPolicySpec {
            match_constraints: Some(v1alpha1::MatchResources {
                resource_rules: vec![v1alpha1::NamedRuleWithOperations::default()],
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    s.apply_defaults(&mut p);
    assert_eq!(p.spec.failure_policy.as_ref().unwrap().as_str(), "Fail");
    let mc = p.spec.match_constraints.as_ref().unwrap();
    assert_eq!(mc.match_policy.as_ref().unwrap().as_str(), "Equivalent");
    assert_eq!(mc.namespace_selector, Some(LabelSelector::default()));
    assert_eq!(mc.object_selector, Some(LabelSelector::default()));
    // Rules are v1's through the alias, and get v1's scope default.
    assert_eq!(mc.resource_rules[0].rule_with_operations.rule.scope.as_ref().unwrap().as_str(), "*");

    let mut b = v1alpha1::ValidatingAdmissionPolicyBinding {
        spec: v1alpha1::ValidatingAdmissionPolicyBindingSpec {
            param_ref: Some(v1alpha1::ParamRef::default()),
            ..Default::default()
        },
        ..Default::default()
    };
    s.apply_defaults(&mut b);
    assert_eq!(b.spec.param_ref.as_ref().unwrap().parameter_not_found_action.as_ref().unwrap().as_str(), "Deny");

    let mut m = v1alpha1::MutatingAdmissionPolicy::default();
    s.apply_defaults(&mut m);
    assert_eq!(m.spec.failure_policy.as_ref().unwrap().as_str(), "Fail");

    // v1 leaves parameterNotFoundAction to the user.
    let mut b = v1::ValidatingAdmissionPolicyBinding {
        spec: v1::ValidatingAdmissionPolicyBindingSpec {
            param_ref: Some(v1::ParamRef::default()),
            ..Default::default()
        },
        ..Default::default()
    };
    s.apply_defaults(&mut b);
    assert_eq!(b.spec.param_ref.as_ref().unwrap().parameter_not_found_action, None);
}
