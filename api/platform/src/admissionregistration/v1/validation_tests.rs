//! Upstream's `TestValidateValidatingWebhookConfiguration`, `…Update`, `TestValidateValidatingAdmissionPolicy`, `…Binding` and `…Status` cases (inputs and expected error text) pinned against our validation.

use super::*;
use crate::admissionregistration::v1::{
    FailurePolicyType, OperationType, ReinvocationPolicyType, Rule, ScopeType, ServiceReference, SideEffectClass,
};
use crate::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement, ObjectMeta};

fn url(u: &str) -> WebhookClientConfig {
    WebhookClientConfig { url: Some(u.into()), ..WebhookClientConfig::default() }
}

fn service(path: Option<&str>, port: i32) -> WebhookClientConfig {
    WebhookClientConfig {
        service: Some(ServiceReference {
            namespace: "ns".into(),
            name: "n".into(),
            path: path.map(Into::into),
            port: Some(port),
        }),
        ..WebhookClientConfig::default()
    }
}

fn hook(name: &str, cc: WebhookClientConfig, side_effects: Option<&str>) -> ValidatingWebhook {
    ValidatingWebhook {
        name: name.into(),
        client_config: cc,
        side_effects: side_effects.map(|s| SideEffectClass(s.into())),
        ..ValidatingWebhook::default()
    }
}

fn valid(name: &str) -> ValidatingWebhook {
    hook(name, url("https://example.com"), Some("None"))
}

fn rule(ops: &[&str], resources: &[&str]) -> RuleWithOperations {
    RuleWithOperations {
        operations: ops.iter().map(|o| OperationType((*o).into())).collect(),
        rule: Rule {
            api_groups: vec!["a".into()],
            api_versions: vec!["a".into()],
            resources: resources.iter().map(|r| (*r).into()).collect(),
            scope: None,
        },
    }
}

/// The configuration upstream's `newValidatingWebhookConfiguration` builds: named `config`, and
/// with `default_versions` every hook without review versions gets `v1beta1`.
fn config(mut hooks: Vec<ValidatingWebhook>, default_versions: bool) -> ValidatingWebhookConfiguration {
    for h in &mut hooks {
        if default_versions && h.admission_review_versions.as_ref().is_none_or(Vec::is_empty) {
            h.admission_review_versions = Some(vec!["v1beta1".into()]);
        }
    }
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
        webhooks: hooks,
        ..ValidatingWebhookConfiguration::default()
    }
}

fn message(errs: &ErrorList) -> String {
    kapi_machinery::validation::aggregate(errs).unwrap_or_default()
}

/// Upstream's check: the aggregate contains the expected text, or there are no errors when it is empty.
#[track_caller]
fn expect(cfg: &ValidatingWebhookConfiguration, old: Option<&ValidatingWebhookConfiguration>, want: &str) {
    let got = message(&validate_validating_webhook_configuration(cfg, old));
    if want.is_empty() {
        assert_eq!(got, "", "expected no errors");
    } else {
        assert!(got.contains(want), "expected to contain:\n  {want}\ngot:\n  {got}");
    }
}

#[test]
fn review_versions() {
    let mut h = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
    expect(
        &config(vec![h.clone()], false),
        None,
        "webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1",
    );
    h.admission_review_versions = Some(vec!["0v".into()]);
    expect(&config(vec![h.clone()], true), None, r#"Invalid value: "0v": a DNS-1035 label"#);
    let mut ok = valid("webhook.k8s.io");
    ok.admission_review_versions = Some(vec!["v1beta1".into()]);
    expect(&config(vec![ok.clone()], true), None, "");
    ok.admission_review_versions = Some(vec!["v1beta1".into(), "invalid-version".into()]);
    expect(&config(vec![ok], true), None, "");
    h.admission_review_versions = Some(vec!["invalidVersion".into()]);
    // Upstream's test was written when lists printed with %#v; the current error formatting
    // renders them as JSON.
    expect(&config(vec![h.clone()], true), None, r#"Invalid value: ["invalidVersion"]"#);
    h.admission_review_versions = Some(vec!["v1beta1".into(), "v1beta1".into()]);
    expect(&config(vec![h], true), None, r#"Invalid value: "v1beta1": duplicate version"#);
}

#[test]
fn names() {
    let cfg = config(vec![valid("webhook.k8s.io"), valid("k8s.io"), valid("")], true);
    expect(
        &cfg,
        None,
        r#"webhooks[1].name: Invalid value: "k8s.io": should be a domain with at least three segments separated by dots, webhooks[2].name: Required value"#,
    );
    let h = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
    expect(&config(vec![h.clone(), h], true), None, r#"webhooks[1].name: Duplicate value: "webhook.k8s.io""#);
}

#[test]
fn rules_and_operations() {
    let mut h = hook("webhook.k8s.io", WebhookClientConfig::default(), None);
    h.rules = vec![rule(&[], &["a"]), rule(&[], &["a"])];
    expect(
        &config(vec![h.clone()], true),
        None,
        "webhooks[0].rules[0].operations: Required value, webhooks[0].rules[1].operations: Required value",
    );
    h.rules = vec![rule(&["CREATE", ""], &["a"])];
    expect(&config(vec![h.clone()], true), None, r#"Unsupported value: """#);
    h.rules = vec![rule(&["PATCH"], &["a"])];
    expect(&config(vec![h.clone()], true), None, r#"Unsupported value: "PATCH""#);
    h.rules = vec![rule(&["CREATE", "*"], &["a"])];
    expect(&config(vec![h], true), None, "if '*' is present, must not specify other operations");

    let mut ok = valid("webhook.k8s.io");
    ok.rules = vec![rule(&["CREATE"], &["*", "a/b", "a/*", "*/b"])];
    expect(&config(vec![ok.clone()], true), None, "");
    ok.rules = vec![rule(&["CREATE"], &["a/*", "a"])];
    expect(&config(vec![ok], true), None, "");

    let mut h = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
    h.rules = vec![rule(&["CREATE"], &["*", "a"])];
    expect(
        &config(vec![h.clone()], true),
        None,
        "if '*' is present, must not specify other resources without subresources",
    );
    h.rules = vec![rule(&["CREATE"], &["a/*", "a/x"])];
    expect(
        &config(vec![h.clone()], true),
        None,
        r#"webhooks[0].rules[0].resources[1]: Invalid value: "a/x": if 'a/*' is present, must not specify a/x"#,
    );
    h.rules = vec![rule(&["CREATE"], &["*/a", "x/a"])];
    expect(
        &config(vec![h.clone()], true),
        None,
        r#"webhooks[0].rules[0].resources[1]: Invalid value: "x/a": if '*/a' is present, must not specify x/a"#,
    );
    h.rules = vec![rule(&["CREATE"], &["*/*", "a"])];
    expect(
        &config(vec![h.clone()], true),
        None,
        r#"webhooks[0].rules[0].resources: Invalid value: ["*/*","a"]: if '*/*' is present, must not specify other resources"#,
    );
    let mut r = rule(&["CREATE"], &["a"]);
    r.rule.scope = Some(ScopeType("Galaxy".into()));
    h.rules = vec![r];
    expect(
        &config(vec![h], true),
        None,
        r#"webhooks[0].rules[0].scope: Unsupported value: "Galaxy": supported values: "*", "Cluster", "Namespaced""#,
    );
}

#[test]
fn policies_and_side_effects() {
    let mut h = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
    h.failure_policy = Some(FailurePolicyType("other".into()));
    expect(
        &config(vec![h], true),
        None,
        r#"webhooks[0].failurePolicy: Unsupported value: "other": supported values: "Fail", "Ignore""#,
    );
    let h = hook("webhook.k8s.io", url("https://example.com"), None);
    expect(
        &config(vec![h], true),
        None,
        "webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun",
    );
    let h = hook("webhook.k8s.io", url("https://example.com"), Some("other"));
    expect(
        &config(vec![h], true),
        None,
        r#"webhooks[0].sideEffects: Unsupported value: "other": supported values: "None", "NoneOnDryRun""#,
    );
    // The issue's example: `Sometimes` in v1.
    let h = hook("webhook.k8s.io", url("https://example.com"), Some("Sometimes"));
    expect(
        &config(vec![h], true),
        None,
        r#"webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#,
    );
}

#[test]
fn client_config() {
    let h = |cc| hook("webhook.k8s.io", cc, None);
    expect(&config(vec![h(WebhookClientConfig::default())], true), None, "exactly one of");
    let mut both = service(None, 443);
    both.url = Some("example.com/k8s/webhook".into());
    expect(
        &config(vec![h(both)], true),
        None,
        "[0].clientConfig: Required value: exactly one of url or service is required",
    );
    // Upstream's older test text says "specified"; its code says "provided".
    expect(&config(vec![h(url(""))], true), None, r#"[0].clientConfig.url: Invalid value: "": host must be provided"#);
    expect(&config(vec![h(url("http://example.com"))], true), None, "https");
    expect(&config(vec![h(url("https:///fancy/webhook"))], true), None, "host must be provided");
    expect(
        &config(vec![h(url("https://example.com/#bookmark"))], true),
        None,
        r#""bookmark": fragments are not permitted"#,
    );
    expect(
        &config(vec![h(url("https://example.com?arg=value"))], true),
        None,
        r#""arg=value": query parameters are not permitted"#,
    );
    expect(
        &config(vec![h(url("https://harry.potter@example.com/"))], true),
        None,
        r#""harry.potter": user information is not permitted"#,
    );
    expect(
        &config(vec![h(url("arg#backwards=thisis?html.index/port:host//:https"))], true),
        None,
        "host must be provided",
    );
    expect(
        &config(vec![h(url(":no-scheme"))], true),
        None,
        r#"webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse ":no-scheme": missing protocol scheme; desired format: https://host[/path]"#,
    );
}

#[test]
fn service_paths_and_ports() {
    let h = |p: &str, port| hook("webhook.k8s.io", service(Some(p), port), Some("Unknown"));
    expect(
        &config(vec![h("foo/", 443)], true),
        None,
        r#"clientConfig.service.path: Invalid value: "foo/": must start with a '/'"#,
    );
    let ok = |p: &str| hook("webhook.k8s.io", service(Some(p), 443), Some("None"));
    expect(&config(vec![ok("/")], true), None, "");
    expect(&config(vec![ok("/foo")], true), None, "");
    expect(
        &config(vec![ok("//")], true),
        None,
        r#"clientConfig.service.path: Invalid value: "//": segment[0] may not be empty"#,
    );
    expect(
        &config(vec![h("/foo//bar/", 443)], true),
        None,
        r#"clientConfig.service.path: Invalid value: "/foo//bar/": segment[1] may not be empty"#,
    );
    expect(
        &config(vec![h("/foo/bar//", 443)], true),
        None,
        r#"clientConfig.service.path: Invalid value: "/foo/bar//": segment[2] may not be empty"#,
    );
    expect(
        &config(vec![h("/apis/foo.bar/v1alpha1/--bad", 443)], true),
        None,
        r#"clientConfig.service.path: Invalid value: "/apis/foo.bar/v1alpha1/--bad": segment[3]: a lowercase RFC 1123 subdomain"#,
    );
    expect(
        &config(vec![h("https://apis/foo.bar", 0)], true),
        None,
        "Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive",
    );
    expect(
        &config(vec![h("https://apis/foo.bar", 65536)], true),
        None,
        "Invalid value: 65536: port is not valid: must be between 1 and 65535, inclusive",
    );
    // Upstream's caller swaps name and namespace; an empty name is reported as the namespace.
    let mut cc = service(None, 443);
    cc.service.as_mut().unwrap().name.clear();
    expect(
        &config(vec![hook("webhook.k8s.io", cc, Some("None"))], true),
        None,
        "webhooks[0].clientConfig.service.namespace: Required value: service namespace is required",
    );
}

#[test]
fn timeouts() {
    for (t, want) in [
        (31, "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds"),
        (0, "webhooks[0].timeoutSeconds: Invalid value: 0: the timeout value must be between 1 and 30 seconds"),
        (-1, "webhooks[0].timeoutSeconds: Invalid value: -1: the timeout value must be between 1 and 30 seconds"),
    ] {
        let mut h = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
        h.timeout_seconds = Some(t);
        expect(&config(vec![h], true), None, want);
    }
    let hooks = [("webhook.k8s.io", 1), ("webhook2.k8s.io", 15), ("webhook3.k8s.io", 30)]
        .map(|(n, t)| ValidatingWebhook { timeout_seconds: Some(t), ..valid(n) });
    expect(&config(hooks.to_vec(), true), None, "");
}

fn with_conditions(name: &str, conds: &[(&str, &str)]) -> ValidatingWebhook {
    ValidatingWebhook {
        match_conditions: conds
            .iter()
            .map(|(n, e)| MatchCondition { name: (*n).into(), expression: (*e).into() })
            .collect(),
        ..valid(name)
    }
}

#[test]
fn match_conditions() {
    expect(
        &config(vec![with_conditions("webhook.k8s.io", &[("", "true")])], true),
        None,
        "webhooks[0].matchConditions[0].name: Required value",
    );
    expect(
        &config(
            vec![
                with_conditions("webhook.k8s.io", &[("", "true"), ("", "true")]),
                with_conditions("webhook.k8s.io", &[("", "true")]),
            ],
            true,
        ),
        None,
        "webhooks[0].matchConditions[0].name: Required value, webhooks[0].matchConditions[1].name: Required value, webhooks[1].matchConditions[0].name: Required value",
    );
    expect(
        &config(vec![with_conditions("webhook.k8s.io", &[("-hello", "true")])], true),
        None,
        r#"webhooks[0].matchConditions[0].name: Invalid value: "-hello": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#,
    );
    expect(
        &config(
            vec![
                with_conditions("webhook.k8s.io", &[(".io", "true"), ("thing.test.com", "true")]),
                with_conditions("webhook2.k8s.io", &[("some name", "true")]),
            ],
            true,
        ),
        None,
        r#"[webhooks[0].matchConditions[0].name: Invalid value: ".io": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), webhooks[1].matchConditions[0].name: Invalid value: "some name": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"#,
    );
    expect(
        &config(vec![with_conditions("webhook.k8s.io", &[("webhook.k8s.io", "")])], true),
        None,
        "webhooks[0].matchConditions[0].expression: Required value",
    );
    expect(
        &config(
            vec![with_conditions("webhook.k8s.io", &[("webhook.k8s.io", "true"), ("webhook.k8s.io", "true")])],
            true,
        ),
        None,
        r#"matchConditions[1].name: Duplicate value: "webhook.k8s.io""#,
    );
    expect(
        &config(
            vec![
                with_conditions("webhook.k8s.io", &[("webhook.k8s.io", "true")]),
                with_conditions("webhook2.k8s.io", &[("webhook.k8s.io", "true")]),
            ],
            true,
        ),
        None,
        "",
    );
    let names: Vec<String> = (0..65).map(|i| format!("test{i}")).collect();
    let conds: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "true")).collect();
    expect(
        &config(vec![with_conditions("webhook.k8s.io", &conds)], true),
        None,
        "webhooks[0].matchConditions: Too many: 65: must have at most 64 items",
    );
}

#[test]
fn selectors() {
    let mut h = valid("webhook.k8s.io");
    h.namespace_selector = Some(LabelSelector {
        match_expressions: vec![LabelSelectorRequirement {
            key: "a".into(),
            operator: LabelSelectorOperator("In".into()),
            values: vec!["-bad".into()],
        }],
        ..LabelSelector::default()
    });
    let cfg = config(vec![h], true);
    expect(&cfg, None, r#"webhooks[0].namespaceSelector.matchExpressions[0].values[0]: Invalid value: "-bad""#);
    // An update of an object whose selector already had an invalid value keeps being allowed.
    expect(&cfg, Some(&cfg), "");
}

#[test]
fn updates_keep_what_the_stored_object_had() {
    // Stored with an unknown side effect class, names and versions: still updatable.
    let old_hook = hook("webhook.k8s.io", url("https://example.com"), Some("Unknown"));
    let old = config(vec![old_hook.clone()], true);
    let mut new_hook = old_hook.clone();
    new_hook.admission_review_versions = Some(vec!["v1beta1".into()]);
    expect(&config(vec![new_hook], true), Some(&old), "");

    let mut bad_versions = old_hook.clone();
    bad_versions.admission_review_versions = Some(vec!["invalid-v1".into(), "invalid-v2".into()]);
    let old_bad = config(vec![bad_versions.clone()], true);
    expect(&config(vec![bad_versions.clone()], true), Some(&old_bad), "");
    // …but not when the stored object had an accepted version.
    expect(&config(vec![bad_versions], true), Some(&old), r#"must include at least one of v1, v1beta1"#);

    let dup = config(vec![old_hook.clone(), old_hook.clone()], true);
    expect(&dup, Some(&dup), "");
    expect(&dup, Some(&old), r#"webhooks[1].name: Duplicate value: "webhook.k8s.io""#);

    // Unchanged match conditions are not checked again.
    let stored = config(vec![with_conditions("webhook.k8s.io", &[("", "true")])], true);
    expect(&stored, Some(&stored), "");
}

#[test]
fn mutating_webhooks_check_reinvocation() {
    let cfg = MutatingWebhookConfiguration {
        metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
        webhooks: vec![MutatingWebhook {
            name: "webhook.k8s.io".into(),
            client_config: url("https://example.com"),
            side_effects: Some(SideEffectClass("None".into())),
            admission_review_versions: Some(vec!["v1".into()]),
            reinvocation_policy: Some(ReinvocationPolicyType("Always".into())),
            ..MutatingWebhook::default()
        }],
        ..MutatingWebhookConfiguration::default()
    };
    assert_eq!(
        message(&validate_mutating_webhook_configuration(&cfg, None)),
        r#"webhooks[0].reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never""#
    );
}

#[test]
fn the_scheme_runs_the_registered_validators() {
    let mut scheme = kapi_machinery::Scheme::new();
    crate::admissionregistration::v1::add_to_scheme(&mut scheme).unwrap();
    let bad = config(vec![hook("webhook.k8s.io", url("https://example.com"), Some("Sometimes"))], true);
    assert!(scheme.validates(&bad));
    let errs = scheme.validate(&bad, None);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].field, "webhooks[0].sideEffects");
    // On update the stored object reaches the validator too.
    let ok = config(vec![valid("webhook.k8s.io")], true);
    assert!(scheme.validate(&ok, Some(&bad)).is_empty());
    assert!(scheme.validate(&ok, None).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Validating admission policies and bindings.

mod policies {
    use super::super::*;
    use super::message;
    use crate::admissionregistration::v1::{
        ExpressionWarning, FailurePolicyType, MatchPolicyType, OperationType, ParamKind, ParameterNotFoundActionType,
        Rule, TypeChecking, ValidatingAdmissionPolicyBindingSpec, ValidatingAdmissionPolicySpec,
        ValidatingAdmissionPolicyStatus, Variable,
    };
    use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
    use crate::meta::v1::{LabelSelector, ObjectMeta, StatusReason};

    fn named_rule(ops: &[&str], resources: &[&str]) -> NamedRuleWithOperations {
        NamedRuleWithOperations {
            resource_names: vec![],
            rule_with_operations: RuleWithOperations {
                operations: ops.iter().map(|o| OperationType((*o).into())).collect(),
                rule: Rule {
                    api_groups: vec!["a".into()],
                    api_versions: vec!["a".into()],
                    resources: resources.iter().map(|r| (*r).into()).collect(),
                    scope: None,
                },
            },
        }
    }

    fn selector() -> Option<LabelSelector> {
        Some(LabelSelector { match_labels: [("a".to_owned(), "b".to_owned())].into(), ..LabelSelector::default() })
    }

    /// Match resources as upstream's valid cases write them (`Exact`, both selectors set).
    fn match_resources(rules: Vec<NamedRuleWithOperations>) -> MatchResources {
        MatchResources {
            namespace_selector: selector(),
            object_selector: selector(),
            resource_rules: rules,
            exclude_resource_rules: vec![],
            match_policy: Some(MatchPolicyType("Exact".into())),
        }
    }

    fn validation(expression: &str) -> Validation {
        Validation { expression: expression.into(), ..Validation::default() }
    }

    /// Upstream's `validatingAdmissionPolicyWithExpressions`: a valid policy around `spec`.
    fn policy(spec: impl FnOnce(&mut ValidatingAdmissionPolicySpec)) -> ValidatingAdmissionPolicy {
        let mut p = ValidatingAdmissionPolicy {
            metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
            spec: ValidatingAdmissionPolicySpec {
                match_constraints: Some(match_resources(vec![named_rule(&["*"], &["a"])])),
                failure_policy: Some(FailurePolicyType("Ignore".into())),
                validations: vec![validation("object.x < 100")],
                ..ValidatingAdmissionPolicySpec::default()
            },
            ..ValidatingAdmissionPolicy::default()
        };
        spec(&mut p.spec);
        p
    }

    /// Upstream's check: the aggregate contains `want`, or there are no errors when it is empty.
    #[track_caller]
    fn expect(p: &ValidatingAdmissionPolicy, want: &str) {
        let got = message(&validate_validating_admission_policy(p, None));
        if want.is_empty() {
            assert_eq!(got, "", "expected no errors");
        } else {
            assert!(got.contains(want), "expected to contain:\n  {want}\ngot:\n  {got}");
        }
    }

    #[test]
    fn policies_as_upstream() {
        expect(&policy(|_| {}), "");
        expect(
            &policy(|s| s.failure_policy = Some(FailurePolicyType("other".into()))),
            r#"spec.failurePolicy: Unsupported value: "other": supported values: "Fail", "Ignore""#,
        );
        let kind = |v: &str, k: &str| Some(ParamKind { api_version: v.into(), kind: k.into() });
        expect(
            &policy(|s| s.param_kind = kind("test.example.com", "Example")),
            r#"spec.paramKind.apiVersion: Invalid value: "test.example.com""#,
        );
        expect(&policy(|s| s.param_kind = kind("test.example.com/v1", "")), "spec.paramKind.kind: Required value");
        expect(
            &policy(|s| s.param_kind = kind("test.example.com/!!!", "Example")),
            r#"spec.paramKind.apiVersion: Invalid value: "!!!":"#,
        );
        expect(
            &policy(|s| s.param_kind = kind("!!!/v1", "ReplicaLimit")),
            r#"spec.paramKind.apiVersion: Invalid value: "!!!":"#,
        );
        expect(
            &policy(|s| s.param_kind = kind("a/b/c", "Example")),
            r#"spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c"#,
        );
        expect(
            &policy(|s| s.param_kind = kind("/", "Example")),
            r#"spec.paramKind.apiVersion: Invalid value: "/": version must be specified"#,
        );
        expect(
            &policy(|s| s.param_kind = kind("example.com/v1", "Bad_Kind")),
            r#"spec.paramKind.kind: Invalid value: "Bad_Kind": may have mixed case, but should otherwise match: a DNS-1035 label"#,
        );
        expect(&policy(|s| s.param_kind = kind("example.com/v1", "ReplicaLimit")), "");
        expect(
            &policy(|s| {
                s.validations.clear();
                s.match_constraints = None;
                s.failure_policy = None;
            }),
            "[spec.failurePolicy: Required value, spec.matchConstraints: Required value, spec.validations: Required value: validations or auditAnnotations must contain at least one item, spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item]",
        );
        expect(
            &policy(|s| s.validations[0].reason = Some(StatusReason("other".into()))),
            r#"spec.validations[0].reason: Unsupported value: "other": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge""#,
        );
        expect(&policy(|s| s.match_constraints = None), "spec.matchConstraints: Required value");
        expect(
            &policy(|s| s.match_constraints = Some(MatchResources::default())),
            "spec.matchConstraints.matchPolicy: Required value, spec.matchConstraints.namespaceSelector: Required value, spec.matchConstraints.objectSelector: Required value, spec.matchConstraints.resourceRules: Required value",
        );
        let mut empty_rule = named_rule(&[], &[]);
        empty_rule.rule_with_operations.rule = Rule::default();
        empty_rule.resource_names = vec!["/./.".into()];
        expect(
            &policy(|s| s.match_constraints = Some(match_resources(vec![empty_rule.clone()]))),
            "spec.matchConstraints.resourceRules[0].apiVersions: Required value",
        );
        expect(
            &policy(|s| s.match_constraints = Some(match_resources(vec![empty_rule]))),
            r#"spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: "/./.": may not contain '/'"#,
        );
        let mut dup = named_rule(&["*"], &["a"]);
        dup.resource_names = vec!["test".into(), "test".into()];
        expect(
            &policy(|s| s.match_constraints = Some(match_resources(vec![dup]))),
            r#"spec.matchConstraints.resourceRules[0].resourceNames[1]: Duplicate value: "test""#,
        );
        expect(
            &policy(|s| s.validations = vec![Validation::default()]),
            "spec.validations[0].expression: Required value: expression is not specified",
        );
        expect(
            &policy(|s| {
                s.match_constraints.as_mut().expect("set").match_policy = Some(MatchPolicyType("other".into()))
            }),
            r#"spec.matchConstraints.matchPolicy: Unsupported value: "other": supported values: "Equivalent", "Exact""#,
        );
        let mut mc = match_resources(vec![named_rule(&[], &["a"]), named_rule(&[], &["a"])]);
        mc.exclude_resource_rules = vec![named_rule(&[], &["a"]), named_rule(&[], &["a"])];
        expect(
            &policy(|s| s.match_constraints = Some(mc)),
            "spec.matchConstraints.resourceRules[0].operations: Required value, spec.matchConstraints.resourceRules[1].operations: Required value, spec.matchConstraints.excludeResourceRules[0].operations: Required value, spec.matchConstraints.excludeResourceRules[1].operations: Required value",
        );
        for (ops, want) in [
            (&["CREATE", ""][..], r#"Unsupported value: """#),
            (&["PATCH"][..], r#"Unsupported value: "PATCH""#),
            (&["CREATE", "*"][..], "if '*' is present, must not specify other operations"),
        ] {
            expect(&policy(|s| s.match_constraints = Some(match_resources(vec![named_rule(ops, &["a"])]))), want);
        }
        for (resources, want) in [
            (&["*", "a/b", "a/*", "*/b"][..], ""),
            (&["*", "a"][..], "if '*' is present, must not specify other resources without subresources"),
            (
                &["a/*", "a/x"][..],
                r#"spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "a/x": if 'a/*' is present, must not specify a/x"#,
            ),
            (&["a/*", "a"][..], ""),
        ] {
            expect(
                &policy(|s| s.match_constraints = Some(match_resources(vec![named_rule(&["CREATE"], resources)]))),
                want,
            );
        }
    }

    #[test]
    fn messages_variables_and_audit_annotations() {
        expect(
            &policy(|s| s.validations[0].message = "   ".into()),
            r#"spec.validations[0].message: Invalid value: "   ": must be non-empty if specified"#,
        );
        expect(
            &policy(|s| s.validations[0].message = "hello\nworld".into()),
            r#"spec.validations[0].message: Invalid value: "hello\nworld": must not contain line breaks"#,
        );
        expect(&policy(|s| s.validations[0].message = " trailing newline\n".into()), "");
        expect(
            &policy(|s| s.validations[0].message_expression = " ".into()),
            r#"spec.validations[0].messageExpression: Invalid value: " ": must be non-empty if specified"#,
        );
        let var = |name: &str, expression: &str| Variable { name: name.into(), expression: expression.into() };
        expect(&policy(|s| s.variables = vec![var("foo", "1")]), "");
        expect(
            &policy(|s| s.variables = vec![var(" ", " ")]),
            "[spec.variables[0].name: Required value: name is not specified, spec.variables[0].expression: Required value: expression is not specified]",
        );
        for bad in ["1foo", "foo-bar", "in", "namespace"] {
            expect(
                &policy(|s| s.variables = vec![var(bad, "1")]),
                &format!(r#"spec.variables[0].name: Invalid value: "{bad}": must be a valid CEL identifier"#),
            );
        }
        let ann = |key: &str, value: &str| AuditAnnotation { key: key.into(), value_expression: value.into() };
        expect(&policy(|s| s.audit_annotations = vec![ann("good-key", "'value'")]), "");
        // Audit annotations alone satisfy upstream's "at least one".
        expect(
            &policy(|s| {
                s.validations.clear();
                s.audit_annotations = vec![ann("a", "'x'")];
            }),
            "",
        );
        expect(
            &policy(|s| s.audit_annotations = vec![ann("@", "'value'")]),
            r#"spec.auditAnnotations[0].key: Invalid value: "config/@": name part must consist of alphanumeric characters"#,
        );
        expect(
            &policy(|s| s.audit_annotations = vec![ann("a", "'x'"), ann("a", "'y'")]),
            r#"spec.auditAnnotations[1].key: Duplicate value: "a""#,
        );
        expect(
            &policy(|s| s.audit_annotations = vec![ann("a", " ")]),
            "spec.auditAnnotations[0].valueExpression: Required value: valueExpression is not specified",
        );
        expect(
            &policy(|s| s.audit_annotations = vec![ann("a", &"x".repeat(5 * 1024 + 1))]),
            "spec.auditAnnotations[0].valueExpression: Required value: must not exceed 5120 bytes in length",
        );
        let mut nameless = policy(|s| s.audit_annotations = vec![ann("a", "'x'")]);
        nameless.metadata.name.clear();
        assert_eq!(
            message(&validate_validating_admission_policy(&nameless, None)),
            r#"spec.auditAnnotations[0].key: Invalid value: "a": requires metadata.name be non-empty"#
        );
        let many: Vec<AuditAnnotation> = (0..21).map(|i| ann(&format!("k{i}"), "'v'")).collect();
        let got = message(&validate_validating_admission_policy(&policy(|s| s.audit_annotations = many), None));
        assert!(
            got.starts_with(r#"spec.auditAnnotations: Invalid value: [{"Key":"k0","ValueExpression":"'v'"},"#),
            "{got}"
        );
        assert!(got.ends_with(": must not have more than 20 auditAnnotations"), "{got}");
    }

    #[test]
    fn match_conditions_are_skipped_on_updates_that_keep_them() {
        let cond = |name: &str| MatchCondition { name: name.into(), expression: "true".into() };
        let bad = policy(|s| s.match_conditions = vec![cond("a"), cond("a")]);
        let want = r#"spec.matchConditions[1].name: Duplicate value: "a""#;
        assert_eq!(message(&validate_validating_admission_policy(&bad, None)), want);
        assert_eq!(message(&validate_validating_admission_policy(&bad, Some(&bad))), "");
        // Changing the parameter kind checks them again.
        let mut changed = bad.clone();
        changed.spec.param_kind = Some(ParamKind { api_version: "v1".into(), kind: "ConfigMap".into() });
        assert_eq!(message(&validate_validating_admission_policy(&changed, Some(&bad))), want);
        let many: Vec<MatchCondition> = (0..65).map(|i| cond(&format!("test{i}"))).collect();
        assert_eq!(
            message(&validate_validating_admission_policy(&policy(|s| s.match_conditions = many), None)),
            "spec.matchConditions: Too many: 65: must have at most 64 items"
        );
    }

    /// Upstream decides whether an unchanged variable is a stored expression by looking it up
    /// among the stored policy's validation expressions, not its variables.
    #[test]
    fn stored_variables_are_looked_up_among_the_stored_validations() {
        let var = |expression: &str| Variable { name: "v".into(), expression: expression.into() };
        let old = policy(|s| s.variables = vec![var("nope")]);
        let got = message(&validate_validating_admission_policy(&old, Some(&old)));
        assert!(got.starts_with(r#"spec.variables[0].expression: Invalid value: "nope": compilation failed"#), "{got}");
        let also_validated = policy(|s| {
            s.variables = vec![var("nope")];
            s.validations.push(validation("nope"));
        });
        assert_eq!(message(&validate_validating_admission_policy(&also_validated, Some(&also_validated))), "");
    }

    #[test]
    fn status_as_upstream() {
        let status = |field_ref: &str, warning: &str| ValidatingAdmissionPolicyStatus {
            type_checking: Some(TypeChecking {
                expression_warnings: vec![ExpressionWarning { field_ref: field_ref.into(), warning: warning.into() }],
            }),
            ..ValidatingAdmissionPolicyStatus::default()
        };
        let mut p = policy(|_| {});
        p.status = status("spec.validations[0].expression", "message");
        assert_eq!(message(&validate_validating_admission_policy_status_update(&p, &p)), "");
        p.status = status("spec.validations[0].expression", "");
        assert_eq!(
            message(&validate_validating_admission_policy_status_update(&p, &p)),
            "status.typeChecking.expressionWarnings[0].warning: Required value"
        );
        p.status = status(" ", "message");
        assert_eq!(
            message(&validate_validating_admission_policy_status_update(&p, &p)),
            "status.typeChecking.expressionWarnings[0].fieldRef: Required value"
        );
        // "type checking bad json path": the reference is parsed as client-go's JSONPath, in braces.
        p.status = status("spec[foo]", "message");
        assert_eq!(
            message(&validate_validating_admission_policy_status_update(&p, &p)),
            r#"status.typeChecking.expressionWarnings[0].fieldRef: Invalid value: "spec[foo]": invalid JSONPath: invalid array index foo"#
        );
        // Trimmed before parsing and shown trimmed; both checks of a warning are reported.
        p.status = status("\t spec.x[?(@.a)x] \n", "");
        assert_eq!(
            message(&validate_validating_admission_policy_status_update(&p, &p)),
            "[status.typeChecking.expressionWarnings[0].warning: Required value, \
             status.typeChecking.expressionWarnings[0].fieldRef: Invalid value: \"spec.x[?(@.a)x]\": \
             invalid JSONPath: unclosed array expect ]]"
        );
        for (field_ref, detail) in [
            ("spec.x{", "unrecognized character in action: U+007B '{'"),
            ("{x}", "unrecognized character in action: U+007B '{'"),
            ("spec['a", "unterminated array"),
            ("'spec", "unterminated quoted string"),
            ("spec.validations[1:x]", "invalid array index 1:x"),
            ("spec.validations[1:-]", "array index - is not a number"),
            ("spec....x", "invalid multiple recursive descent"),
        ] {
            p.status = status(field_ref, "message");
            assert_eq!(
                message(&validate_validating_admission_policy_status_update(&p, &p)),
                format!(
                    "status.typeChecking.expressionWarnings[0].fieldRef: Invalid value: {}: invalid JSONPath: {detail}",
                    kapi_machinery::validation::go_quote(field_ref)
                ),
                "{field_ref}"
            );
        }
        // A `}` closes the action early and what follows is text; `!` is part of a field name.
        for field_ref in ["spec.validations[0].expression", "spec.x}", "spec.x}y", "spec.x!", "..x", "spec['a.b'][*]"] {
            p.status = status(field_ref, "message");
            assert_eq!(message(&validate_validating_admission_policy_status_update(&p, &p)), "", "{field_ref}");
        }
        p.status = ValidatingAdmissionPolicyStatus {
            conditions: vec![crate::meta::v1::Condition { r#type: "Ready".into(), ..Default::default() }],
            ..ValidatingAdmissionPolicyStatus::default()
        };
        let got = message(&validate_validating_admission_policy_status_update(&p, &p));
        assert!(
            got.contains(
                r#"status.conditions[0].status: Unsupported value: "": supported values: "False", "True", "Unknown""#
            ),
            "{got}"
        );
        assert!(got.contains("status.conditions[0].reason: Required value: must be set"), "{got}");
    }

    fn binding(spec: impl FnOnce(&mut ValidatingAdmissionPolicyBindingSpec)) -> ValidatingAdmissionPolicyBinding {
        let mut b = ValidatingAdmissionPolicyBinding {
            metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
            spec: ValidatingAdmissionPolicyBindingSpec {
                policy_name: "xyzlimit-scale.example.com".into(),
                param_ref: Some(ParamRef {
                    name: "xyzlimit-scale-setting.example.com".into(),
                    parameter_not_found_action: Some(ParameterNotFoundActionType("Deny".into())),
                    ..ParamRef::default()
                }),
                match_resources: None,
                validation_actions: vec![ValidationAction("Deny".into())],
            },
            ..ValidatingAdmissionPolicyBinding::default()
        };
        spec(&mut b.spec);
        b
    }

    #[track_caller]
    fn expect_binding(b: &ValidatingAdmissionPolicyBinding, want: &str) {
        let got = message(&validate_validating_admission_policy_binding(b, None));
        if want.is_empty() {
            assert_eq!(got, "", "expected no errors");
        } else {
            assert!(got.contains(want), "expected to contain:\n  {want}\ngot:\n  {got}");
        }
    }

    fn gate_off<R>(f: impl FnOnce() -> R) -> R {
        with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), f)
    }

    #[test]
    fn bindings_as_upstream() {
        expect_binding(&binding(|_| {}), "");
        // Covered by the generated rules as 1.37 while beta declarative validation is on; a 1.36
        // server, in which they were alpha, and the gate off answer with these.
        let empty = binding(|s| *s = ValidatingAdmissionPolicyBindingSpec::default());
        let check = || message(&validate_validating_admission_policy_binding(&empty, None));
        assert_eq!(at_release(Release::new(1, 37), check), "");
        let hand_written = "[spec.policyName: Required value, spec.validationActions: Required value: at least one validation action is required]";
        assert_eq!(check(), hand_written);
        assert_eq!(gate_off(check), hand_written);
        let mr = |rules: Vec<NamedRuleWithOperations>| Some(match_resources(rules));
        // Upstream's expected messages say `matchResouces`, a typo the contains-check never meets.
        expect_binding(
            &binding(|s| {
                s.match_resources = Some(MatchResources {
                    match_policy: Some(MatchPolicyType("other".into())),
                    ..match_resources(vec![])
                })
            }),
            r#"spec.matchResources.matchPolicy: Unsupported value: "other": supported values: "Equivalent", "Exact""#,
        );
        let mut m = match_resources(vec![named_rule(&[], &["a"]), named_rule(&[], &["a"])]);
        m.exclude_resource_rules = vec![named_rule(&[], &["a"]), named_rule(&[], &["a"])];
        expect_binding(
            &binding(|s| s.match_resources = Some(m)),
            "spec.matchResources.resourceRules[0].operations: Required value, spec.matchResources.resourceRules[1].operations: Required value, spec.matchResources.excludeResourceRules[0].operations: Required value, spec.matchResources.excludeResourceRules[1].operations: Required value",
        );
        expect_binding(
            &binding(|s| s.match_resources = mr(vec![named_rule(&["CREATE", ""], &["a"])])),
            r#"Unsupported value: """#,
        );
        expect_binding(
            &binding(|s| s.match_resources = mr(vec![named_rule(&["PATCH"], &["a"])])),
            r#"Unsupported value: "PATCH""#,
        );
        expect_binding(
            &binding(|s| s.match_resources = mr(vec![named_rule(&["CREATE", "*"], &["a"])])),
            "if '*' is present, must not specify other operations",
        );
        expect_binding(
            &binding(|s| s.match_resources = mr(vec![named_rule(&["CREATE"], &["*", "a/b", "a/*", "*/b"])])),
            "",
        );
        expect_binding(
            &binding(|s| s.match_resources = mr(vec![named_rule(&["CREATE"], &["a/*", "a/x"])])),
            r#"spec.matchResources.resourceRules[0].resources[1]: Invalid value: "a/x": if 'a/*' is present, must not specify a/x"#,
        );
        expect_binding(
            &binding(|s| s.policy_name = "Bad_Name".into()),
            r#"spec.policyName: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain"#,
        );
    }

    #[test]
    fn param_refs_and_actions() {
        let pr = |name: &str, sel: Option<LabelSelector>, action: Option<&str>| ParamRef {
            name: name.into(),
            namespace: String::new(),
            selector: sel,
            parameter_not_found_action: action.map(|a| ParameterNotFoundActionType(a.into())),
        };
        expect_binding(&binding(|s| s.param_ref = Some(pr("", selector(), Some("Allow")))), "");
        expect_binding(
            &binding(|s| s.param_ref = Some(pr("n", selector(), Some("Deny")))),
            "[spec.paramRef.name: Forbidden: name and selector are mutually exclusive, spec.paramRef.selector: Forbidden: name and selector are mutually exclusive]",
        );
        expect_binding(
            &binding(|s| s.param_ref = Some(pr("", None, None))),
            "[spec.paramRef: Required value: one of name or selector must be specified, spec.paramRef.parameterNotFoundAction: Required value]",
        );
        expect_binding(
            &binding(|s| s.param_ref = Some(pr("a/b", None, Some("Maybe")))),
            r#"[spec.paramRef.name: Invalid value: "a/b": may not contain '/', spec.paramRef.parameterNotFoundAction: Unsupported value: "Maybe": supported values: "Deny", "Allow"]"#,
        );
        let actions = |list: &[&str]| list.iter().map(|a| ValidationAction((*a).into())).collect::<Vec<_>>();
        expect_binding(&binding(|s| s.validation_actions = actions(&["Warn", "Audit"])), "");
        expect_binding(
            &binding(|s| s.validation_actions = actions(&["Deny", "Warn"])),
            r#"spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"#,
        );
        expect_binding(
            &binding(|s| s.validation_actions = actions(&["Audit", "Audit", "Block"])),
            r#"[spec.validationActions[1]: Duplicate value: "Audit", spec.validationActions[2]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"]"#,
        );
    }

    #[test]
    fn the_scheme_runs_the_binding_and_status_validators() {
        let mut scheme = kapi_machinery::Scheme::new();
        crate::admissionregistration::v1::add_to_scheme(&mut scheme).unwrap();
        let b = binding(|s| s.validation_actions = vec![ValidationAction("Block".into())]);
        assert_eq!(scheme.validate(&b, None).len(), 1);
        let mut p = policy(|_| {});
        p.status.type_checking = Some(TypeChecking { expression_warnings: vec![ExpressionWarning::default()] });
        assert_eq!(scheme.validate_status(&p, &p).len(), 2);
    }
}
