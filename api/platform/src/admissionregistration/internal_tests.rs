//! Field-by-field checks that the internal webhook types have a counterpart for every field of
//! v1 and v1beta1 `ValidatingWebhook`, `MutatingWebhook`, `WebhookClientConfig` and
//! `ServiceReference` (and the rule and match-condition types they hold).
//!
//! Each conversion below takes a value apart with a pattern that names every field (no `..`) and
//! builds the other side with a struct literal that names every field, so the compiler proves the
//! two field lists are the same; the tests then prove each value lands in the field of the same
//! name and survives the way back.

use std::collections::BTreeMap;

use kapi_machinery::semantic::SemanticEq;

use crate::admissionregistration as internal;
use crate::admissionregistration::{v1, v1beta1};
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};

// ---- types v1 and v1beta1 share (v1beta1 aliases them to v1) ----

fn rule_in(r: v1::Rule) -> internal::Rule {
    let v1::Rule { api_groups, api_versions, resources, scope } = r;
    internal::Rule { api_groups, api_versions, resources, scope: scope.map(|s| internal::ScopeType(s.0)) }
}

fn rule_out(r: internal::Rule) -> v1::Rule {
    let internal::Rule { api_groups, api_versions, resources, scope } = r;
    v1::Rule { api_groups, api_versions, resources, scope: scope.map(|s| v1::ScopeType(s.0)) }
}

fn rule_with_operations_in(r: v1::RuleWithOperations) -> internal::RuleWithOperations {
    let v1::RuleWithOperations { operations, rule } = r;
    internal::RuleWithOperations {
        operations: operations.into_iter().map(|o| internal::OperationType(o.0)).collect(),
        rule: rule_in(rule),
    }
}

fn rule_with_operations_out(r: internal::RuleWithOperations) -> v1::RuleWithOperations {
    let internal::RuleWithOperations { operations, rule } = r;
    v1::RuleWithOperations {
        operations: operations.into_iter().map(|o| v1::OperationType(o.0)).collect(),
        rule: rule_out(rule),
    }
}

// ---- v1 ----

fn v1_service_in(s: v1::ServiceReference) -> internal::ServiceReference {
    let v1::ServiceReference { namespace, name, path, port } = s;
    internal::ServiceReference { namespace, name, path, port }
}

fn v1_service_out(s: internal::ServiceReference) -> v1::ServiceReference {
    let internal::ServiceReference { namespace, name, path, port } = s;
    v1::ServiceReference { namespace, name, path, port }
}

fn v1_client_config_in(c: v1::WebhookClientConfig) -> internal::WebhookClientConfig {
    let v1::WebhookClientConfig { url, service, ca_bundle } = c;
    internal::WebhookClientConfig { url, service: service.map(v1_service_in), ca_bundle }
}

fn v1_client_config_out(c: internal::WebhookClientConfig) -> v1::WebhookClientConfig {
    let internal::WebhookClientConfig { url, service, ca_bundle } = c;
    v1::WebhookClientConfig { url, service: service.map(v1_service_out), ca_bundle }
}

fn v1_match_condition_in(m: v1::MatchCondition) -> internal::MatchCondition {
    let v1::MatchCondition { name, expression } = m;
    internal::MatchCondition { name, expression }
}

fn v1_match_condition_out(m: internal::MatchCondition) -> v1::MatchCondition {
    let internal::MatchCondition { name, expression } = m;
    v1::MatchCondition { name, expression }
}

fn v1_validating_in(w: v1::ValidatingWebhook) -> internal::ValidatingWebhook {
    let v1::ValidatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        match_conditions,
    } = w;
    internal::ValidatingWebhook {
        name,
        client_config: v1_client_config_in(client_config),
        rules: rules.into_iter().map(rule_with_operations_in).collect(),
        failure_policy: failure_policy.map(|p| internal::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| internal::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| internal::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions,
        match_conditions: match_conditions.into_iter().map(v1_match_condition_in).collect(),
    }
}

fn v1_validating_out(w: internal::ValidatingWebhook) -> v1::ValidatingWebhook {
    let internal::ValidatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        match_conditions,
    } = w;
    v1::ValidatingWebhook {
        name,
        client_config: v1_client_config_out(client_config),
        rules: rules.into_iter().map(rule_with_operations_out).collect(),
        failure_policy: failure_policy.map(|p| v1::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| v1::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| v1::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions,
        match_conditions: match_conditions.into_iter().map(v1_match_condition_out).collect(),
    }
}

fn v1_mutating_in(w: v1::MutatingWebhook) -> internal::MutatingWebhook {
    let v1::MutatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy,
        match_conditions,
    } = w;
    internal::MutatingWebhook {
        name,
        client_config: v1_client_config_in(client_config),
        rules: rules.into_iter().map(rule_with_operations_in).collect(),
        failure_policy: failure_policy.map(|p| internal::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| internal::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| internal::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy: reinvocation_policy.map(|p| internal::ReinvocationPolicyType(p.0)),
        match_conditions: match_conditions.into_iter().map(v1_match_condition_in).collect(),
    }
}

fn v1_mutating_out(w: internal::MutatingWebhook) -> v1::MutatingWebhook {
    let internal::MutatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy,
        match_conditions,
    } = w;
    v1::MutatingWebhook {
        name,
        client_config: v1_client_config_out(client_config),
        rules: rules.into_iter().map(rule_with_operations_out).collect(),
        failure_policy: failure_policy.map(|p| v1::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| v1::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| v1::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy: reinvocation_policy.map(|p| v1::ReinvocationPolicyType(p.0)),
        match_conditions: match_conditions.into_iter().map(v1_match_condition_out).collect(),
    }
}

// ---- v1beta1 ----

/// v1beta1 leaves an empty list out of the wire, so empty and unset are one value there; the
/// internal type keeps v1's distinction and gets `None` for it.
fn beta_review_versions_in(v: Vec<String>) -> Option<Vec<String>> {
    (!v.is_empty()).then_some(v)
}

fn beta_service_in(s: v1beta1::ServiceReference) -> internal::ServiceReference {
    let v1beta1::ServiceReference { namespace, name, path, port } = s;
    internal::ServiceReference { namespace, name, path, port }
}

fn beta_service_out(s: internal::ServiceReference) -> v1beta1::ServiceReference {
    let internal::ServiceReference { namespace, name, path, port } = s;
    v1beta1::ServiceReference { namespace, name, path, port }
}

fn beta_client_config_in(c: v1beta1::WebhookClientConfig) -> internal::WebhookClientConfig {
    let v1beta1::WebhookClientConfig { url, service, ca_bundle } = c;
    internal::WebhookClientConfig { url, service: service.map(beta_service_in), ca_bundle }
}

fn beta_client_config_out(c: internal::WebhookClientConfig) -> v1beta1::WebhookClientConfig {
    let internal::WebhookClientConfig { url, service, ca_bundle } = c;
    v1beta1::WebhookClientConfig { url, service: service.map(beta_service_out), ca_bundle }
}

fn beta_match_condition_in(m: v1beta1::MatchCondition) -> internal::MatchCondition {
    let v1beta1::MatchCondition { name, expression } = m;
    internal::MatchCondition { name, expression }
}

fn beta_match_condition_out(m: internal::MatchCondition) -> v1beta1::MatchCondition {
    let internal::MatchCondition { name, expression } = m;
    v1beta1::MatchCondition { name, expression }
}

fn beta_validating_in(w: v1beta1::ValidatingWebhook) -> internal::ValidatingWebhook {
    let v1beta1::ValidatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        match_conditions,
    } = w;
    internal::ValidatingWebhook {
        name,
        client_config: beta_client_config_in(client_config),
        rules: rules.into_iter().map(rule_with_operations_in).collect(),
        failure_policy: failure_policy.map(|p| internal::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| internal::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| internal::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions: beta_review_versions_in(admission_review_versions),
        match_conditions: match_conditions.into_iter().map(beta_match_condition_in).collect(),
    }
}

fn beta_validating_out(w: internal::ValidatingWebhook) -> v1beta1::ValidatingWebhook {
    let internal::ValidatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        match_conditions,
    } = w;
    v1beta1::ValidatingWebhook {
        name,
        client_config: beta_client_config_out(client_config),
        rules: rules.into_iter().map(rule_with_operations_out).collect(),
        failure_policy: failure_policy.map(|p| v1beta1::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| v1beta1::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| v1beta1::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions: admission_review_versions.unwrap_or_default(),
        match_conditions: match_conditions.into_iter().map(beta_match_condition_out).collect(),
    }
}

fn beta_mutating_in(w: v1beta1::MutatingWebhook) -> internal::MutatingWebhook {
    let v1beta1::MutatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy,
        match_conditions,
    } = w;
    internal::MutatingWebhook {
        name,
        client_config: beta_client_config_in(client_config),
        rules: rules.into_iter().map(rule_with_operations_in).collect(),
        failure_policy: failure_policy.map(|p| internal::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| internal::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| internal::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions: beta_review_versions_in(admission_review_versions),
        reinvocation_policy: reinvocation_policy.map(|p| internal::ReinvocationPolicyType(p.0)),
        match_conditions: match_conditions.into_iter().map(beta_match_condition_in).collect(),
    }
}

fn beta_mutating_out(w: internal::MutatingWebhook) -> v1beta1::MutatingWebhook {
    let internal::MutatingWebhook {
        name,
        client_config,
        rules,
        failure_policy,
        match_policy,
        namespace_selector,
        object_selector,
        side_effects,
        timeout_seconds,
        admission_review_versions,
        reinvocation_policy,
        match_conditions,
    } = w;
    v1beta1::MutatingWebhook {
        name,
        client_config: beta_client_config_out(client_config),
        rules: rules.into_iter().map(rule_with_operations_out).collect(),
        failure_policy: failure_policy.map(|p| v1beta1::FailurePolicyType(p.0)),
        match_policy: match_policy.map(|p| v1beta1::MatchPolicyType(p.0)),
        namespace_selector,
        object_selector,
        side_effects: side_effects.map(|s| v1beta1::SideEffectClass(s.0)),
        timeout_seconds,
        admission_review_versions: admission_review_versions.unwrap_or_default(),
        reinvocation_policy: reinvocation_policy.map(|p| v1beta1::ReinvocationPolicyType::from(p.0)),
        match_conditions: match_conditions.into_iter().map(beta_match_condition_out).collect(),
    }
}

// ---- sample values: every field set, and to a value no other field has ----

fn selector(label: &str) -> LabelSelector {
    LabelSelector {
        match_labels: BTreeMap::from([(label.to_owned(), format!("{label}-value"))]),
        match_expressions: vec![LabelSelectorRequirement {
            key: format!("{label}-key"),
            operator: LabelSelectorOperator(LabelSelectorOperator::NOT_IN.into()),
            values: vec![format!("{label}-excluded")],
        }],
    }
}

fn internal_service() -> internal::ServiceReference {
    internal::ServiceReference {
        namespace: "hooks".into(),
        name: "policy-svc".into(),
        path: Some("/validate".into()),
        port: Some(8443),
    }
}

fn internal_client_config() -> internal::WebhookClientConfig {
    internal::WebhookClientConfig {
        url: Some("https://hooks.example.com/admit".into()),
        service: Some(internal_service()),
        ca_bundle: Some(b"-----BEGIN CERTIFICATE-----\n".to_vec()),
    }
}

fn internal_rules() -> Vec<internal::RuleWithOperations> {
    vec![internal::RuleWithOperations {
        operations: vec![
            internal::OperationType(internal::OperationType::CREATE.into()),
            internal::OperationType(internal::OperationType::UPDATE.into()),
        ],
        rule: internal::Rule {
            api_groups: vec!["apps".into()],
            api_versions: vec!["v1".into()],
            resources: vec!["deployments".into(), "deployments/scale".into()],
            scope: Some(internal::ScopeType(internal::ScopeType::NAMESPACED.into())),
        },
    }]
}

fn internal_match_conditions() -> Vec<internal::MatchCondition> {
    vec![internal::MatchCondition { name: "not-system".into(), expression: "!request.userInfo.isSystem".into() }]
}

fn internal_validating() -> internal::ValidatingWebhook {
    internal::ValidatingWebhook {
        name: "validate.example.com".into(),
        client_config: internal_client_config(),
        rules: internal_rules(),
        failure_policy: Some(internal::FailurePolicyType(internal::FailurePolicyType::IGNORE.into())),
        match_policy: Some(internal::MatchPolicyType(internal::MatchPolicyType::EXACT.into())),
        namespace_selector: Some(selector("namespace")),
        object_selector: Some(selector("object")),
        side_effects: Some(internal::SideEffectClass(internal::SideEffectClass::NONE_ON_DRY_RUN.into())),
        timeout_seconds: Some(7),
        admission_review_versions: Some(vec!["v1".into(), "v1beta1".into()]),
        match_conditions: internal_match_conditions(),
    }
}

fn internal_mutating() -> internal::MutatingWebhook {
    internal::MutatingWebhook {
        name: "mutate.example.com".into(),
        client_config: internal_client_config(),
        rules: internal_rules(),
        failure_policy: Some(internal::FailurePolicyType(internal::FailurePolicyType::IGNORE.into())),
        match_policy: Some(internal::MatchPolicyType(internal::MatchPolicyType::EXACT.into())),
        namespace_selector: Some(selector("namespace")),
        object_selector: Some(selector("object")),
        side_effects: Some(internal::SideEffectClass(internal::SideEffectClass::SOME.into())),
        timeout_seconds: Some(3),
        admission_review_versions: Some(vec!["v1".into()]),
        reinvocation_policy: Some(internal::ReinvocationPolicyType(internal::ReinvocationPolicyType::IF_NEEDED.into())),
        match_conditions: internal_match_conditions(),
    }
}

fn v1_rules() -> Vec<v1::RuleWithOperations> {
    vec![v1::RuleWithOperations {
        operations: vec![
            v1::OperationType(v1::OperationType::CREATE.into()),
            v1::OperationType(v1::OperationType::UPDATE.into()),
        ],
        rule: v1::Rule {
            api_groups: vec!["apps".into()],
            api_versions: vec!["v1".into()],
            resources: vec!["deployments".into(), "deployments/scale".into()],
            scope: Some(v1::ScopeType(v1::ScopeType::NAMESPACED.into())),
        },
    }]
}

fn v1_validating() -> v1::ValidatingWebhook {
    v1::ValidatingWebhook {
        name: "validate.example.com".into(),
        client_config: v1::WebhookClientConfig {
            url: Some("https://hooks.example.com/admit".into()),
            service: Some(v1::ServiceReference {
                namespace: "hooks".into(),
                name: "policy-svc".into(),
                path: Some("/validate".into()),
                port: Some(8443),
            }),
            ca_bundle: Some(b"-----BEGIN CERTIFICATE-----\n".to_vec()),
        },
        rules: v1_rules(),
        failure_policy: Some(v1::FailurePolicyType::from(v1::FailurePolicyType::IGNORE)),
        match_policy: Some(v1::MatchPolicyType::from(v1::MatchPolicyType::EXACT)),
        namespace_selector: Some(selector("namespace")),
        object_selector: Some(selector("object")),
        side_effects: Some(v1::SideEffectClass::from(v1::SideEffectClass::NONE_ON_DRY_RUN)),
        timeout_seconds: Some(7),
        admission_review_versions: Some(vec!["v1".into(), "v1beta1".into()]),
        match_conditions: vec![v1::MatchCondition {
            name: "not-system".into(),
            expression: "!request.userInfo.isSystem".into(),
        }],
    }
}

fn v1_mutating() -> v1::MutatingWebhook {
    let v = v1_validating();
    v1::MutatingWebhook {
        name: "mutate.example.com".into(),
        client_config: v.client_config,
        rules: v.rules,
        failure_policy: v.failure_policy,
        match_policy: v.match_policy,
        namespace_selector: v.namespace_selector,
        object_selector: v.object_selector,
        side_effects: Some(v1::SideEffectClass::from(v1::SideEffectClass::SOME)),
        timeout_seconds: Some(3),
        admission_review_versions: Some(vec!["v1".into()]),
        reinvocation_policy: Some(v1::ReinvocationPolicyType::from(v1::ReinvocationPolicyType::IF_NEEDED)),
        match_conditions: v.match_conditions,
    }
}

fn beta_validating() -> v1beta1::ValidatingWebhook {
    v1beta1::ValidatingWebhook {
        name: "validate.example.com".into(),
        client_config: v1beta1::WebhookClientConfig {
            url: Some("https://hooks.example.com/admit".into()),
            service: Some(v1beta1::ServiceReference {
                namespace: "hooks".into(),
                name: "policy-svc".into(),
                path: Some("/validate".into()),
                port: Some(8443),
            }),
            ca_bundle: Some(b"-----BEGIN CERTIFICATE-----\n".to_vec()),
        },
        rules: v1_rules(),
        failure_policy: Some(v1beta1::FailurePolicyType::from(v1beta1::FailurePolicyType::IGNORE)),
        match_policy: Some(v1beta1::MatchPolicyType::from(v1beta1::MatchPolicyType::EXACT)),
        namespace_selector: Some(selector("namespace")),
        object_selector: Some(selector("object")),
        side_effects: Some(v1beta1::SideEffectClass::from(v1beta1::SideEffectClass::NONE_ON_DRY_RUN)),
        timeout_seconds: Some(7),
        admission_review_versions: vec!["v1".into(), "v1beta1".into()],
        match_conditions: vec![v1beta1::MatchCondition {
            name: "not-system".into(),
            expression: "!request.userInfo.isSystem".into(),
        }],
    }
}

fn beta_mutating() -> v1beta1::MutatingWebhook {
    let v = beta_validating();
    v1beta1::MutatingWebhook {
        name: "mutate.example.com".into(),
        client_config: v.client_config,
        rules: v.rules,
        failure_policy: v.failure_policy,
        match_policy: v.match_policy,
        namespace_selector: v.namespace_selector,
        object_selector: v.object_selector,
        side_effects: Some(v1beta1::SideEffectClass::from(v1beta1::SideEffectClass::SOME)),
        timeout_seconds: Some(3),
        admission_review_versions: vec!["v1".into()],
        reinvocation_policy: Some(v1beta1::ReinvocationPolicyType::from(v1beta1::ReinvocationPolicyType::IF_NEEDED)),
        match_conditions: v.match_conditions,
    }
}

// ---- tests ----

#[test]
fn internal_defaults_are_all_unset() {
    assert_eq!(
        internal::ServiceReference::default(),
        internal::ServiceReference { namespace: String::new(), name: String::new(), path: None, port: None }
    );
    assert_eq!(
        internal::WebhookClientConfig::default(),
        internal::WebhookClientConfig { url: None, service: None, ca_bundle: None }
    );
    assert_eq!(
        internal::ValidatingWebhook::default(),
        internal::ValidatingWebhook {
            name: String::new(),
            client_config: internal::WebhookClientConfig::default(),
            rules: Vec::new(),
            failure_policy: None,
            match_policy: None,
            namespace_selector: None,
            object_selector: None,
            side_effects: None,
            timeout_seconds: None,
            admission_review_versions: None,
            match_conditions: Vec::new(),
        }
    );
    assert_eq!(
        internal::MutatingWebhook::default(),
        internal::MutatingWebhook {
            name: String::new(),
            client_config: internal::WebhookClientConfig::default(),
            rules: Vec::new(),
            failure_policy: None,
            match_policy: None,
            namespace_selector: None,
            object_selector: None,
            side_effects: None,
            timeout_seconds: None,
            admission_review_versions: None,
            reinvocation_policy: None,
            match_conditions: Vec::new(),
        }
    );
}

#[test]
fn versioned_defaults_map_to_internal_defaults_and_back() {
    assert_eq!(v1_validating_in(v1::ValidatingWebhook::default()), internal::ValidatingWebhook::default());
    assert_eq!(v1_mutating_in(v1::MutatingWebhook::default()), internal::MutatingWebhook::default());
    assert_eq!(beta_validating_in(v1beta1::ValidatingWebhook::default()), internal::ValidatingWebhook::default());
    assert_eq!(beta_mutating_in(v1beta1::MutatingWebhook::default()), internal::MutatingWebhook::default());
    assert_eq!(v1_validating_out(internal::ValidatingWebhook::default()), v1::ValidatingWebhook::default());
    assert_eq!(v1_mutating_out(internal::MutatingWebhook::default()), v1::MutatingWebhook::default());
    assert_eq!(beta_validating_out(internal::ValidatingWebhook::default()), v1beta1::ValidatingWebhook::default());
    assert_eq!(beta_mutating_out(internal::MutatingWebhook::default()), v1beta1::MutatingWebhook::default());
}

#[test]
fn v1_fields_land_in_the_internal_fields_of_the_same_name() {
    assert_eq!(v1_validating_in(v1_validating()), internal_validating());
    assert_eq!(v1_mutating_in(v1_mutating()), internal_mutating());
    assert_eq!(v1_validating_out(internal_validating()), v1_validating());
    assert_eq!(v1_mutating_out(internal_mutating()), v1_mutating());
    let service = v1_validating().client_config.service.expect("sample has a service");
    assert_eq!(v1_service_in(service.clone()), internal_service());
    assert_eq!(v1_service_out(internal_service()), service);
}

#[test]
fn v1beta1_fields_land_in_the_internal_fields_of_the_same_name() {
    assert_eq!(beta_validating_in(beta_validating()), internal_validating());
    assert_eq!(beta_mutating_in(beta_mutating()), internal_mutating());
    assert_eq!(beta_validating_out(internal_validating()), beta_validating());
    assert_eq!(beta_mutating_out(internal_mutating()), beta_mutating());
    let service = beta_validating().client_config.service.expect("sample has a service");
    assert_eq!(beta_service_in(service.clone()), internal_service());
    assert_eq!(beta_service_out(internal_service()), service);
}

#[test]
fn v1_keeps_unset_and_empty_review_versions_apart_and_v1beta1_merges_them() {
    let unset = v1::ValidatingWebhook { admission_review_versions: None, ..v1_validating() };
    let empty = v1::ValidatingWebhook { admission_review_versions: Some(Vec::new()), ..v1_validating() };
    let (unset_in, empty_in) = (v1_validating_in(unset.clone()), v1_validating_in(empty.clone()));
    assert_eq!(unset_in.admission_review_versions, None);
    assert_eq!(empty_in.admission_review_versions, Some(Vec::new()));
    assert_eq!(v1_validating_out(unset_in.clone()), unset);
    assert_eq!(v1_validating_out(empty_in.clone()), empty);
    // The two differ structurally but mean the same.
    assert_ne!(unset_in, empty_in);
    assert!(unset_in.semantic_eq(&empty_in));
    // v1beta1 has one value for both, and it reaches the internal type as unset.
    let beta_empty = v1beta1::MutatingWebhook { admission_review_versions: Vec::new(), ..beta_mutating() };
    assert_eq!(beta_mutating_in(beta_empty).admission_review_versions, None);
    assert_eq!(
        beta_mutating_out(internal::MutatingWebhook { admission_review_versions: None, ..internal_mutating() })
            .admission_review_versions,
        Vec::<String>::new()
    );
}

#[test]
fn internal_types_compare_semantically_field_by_field() {
    let a = internal_mutating();
    assert!(a.semantic_eq(&a.clone()));
    let other_port = internal::MutatingWebhook {
        client_config: internal::WebhookClientConfig {
            service: Some(internal::ServiceReference { port: Some(443), ..internal_service() }),
            ..internal_client_config()
        },
        ..internal_mutating()
    };
    assert!(!a.semantic_eq(&other_port));
    let other_reinvocation = internal::MutatingWebhook {
        reinvocation_policy: Some(internal::ReinvocationPolicyType(internal::ReinvocationPolicyType::NEVER.into())),
        ..internal_mutating()
    };
    assert!(!a.semantic_eq(&other_reinvocation));
}
