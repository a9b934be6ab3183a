//! Upstream's `TestValidateCustomResourceDefinition`, `TestValidateCustomResourceDefinitionUpdate` and `TestValidateCustomResourceDefinitionStoredVersions` cases (names as upstream's; inputs written in v1, where upstream's internal `spec.validation` is every version's same schema), pinned by field path and error type as upstream checks them, and the messages of the checks the test server used to make.

use kapi_machinery::validation::ErrorType::{self, Forbidden, Invalid, NotSupported, Required};

use super::*;
use crate::apiextensions::v1::{
    CustomResourceConversion, CustomResourceDefinitionCondition, CustomResourceDefinitionStatus,
    CustomResourceSubresourceScale, CustomResourceValidation, ServiceReference, WebhookClientConfig, WebhookConversion,
};

fn props(json: &str) -> JSONSchemaProps {
    kapi_machinery::json::from_slice(json.as_bytes()).expect("schema JSON")
}

fn version(name: &str, storage: bool, schema: Option<&str>) -> CustomResourceDefinitionVersion {
    CustomResourceDefinitionVersion {
        name: name.into(),
        served: true,
        storage,
        schema: schema.map(|s| CustomResourceValidation { open_apiv3_schema: Some(Box::new(props(s))) }),
        ..Default::default()
    }
}

/// Upstream's usual valid definition: `plural.group.com`, cluster-scoped, one stored version
/// `version` with an object schema.
fn crd() -> CustomResourceDefinition {
    let mut c = CustomResourceDefinition::default();
    c.metadata.name = "plural.group.com".into();
    c.spec.group = "group.com".into();
    c.spec.scope = ResourceScope(ResourceScope::CLUSTER.into());
    c.spec.names = CustomResourceDefinitionNames {
        plural: "plural".into(),
        singular: "singular".into(),
        kind: "Plural".into(),
        list_kind: "PluralList".into(),
        ..Default::default()
    };
    c.spec.versions = Some(vec![version("version", true, Some(r#"{"type":"object"}"#))]);
    c.status.stored_versions = Some(vec!["version".into()]);
    c
}

/// Two served versions (the first stored) sharing an object schema, as upstream's webhook cases.
fn two_versions() -> CustomResourceDefinition {
    let mut c = crd();
    c.spec.versions = Some(vec![
        version("version", true, Some(r#"{"type":"object"}"#)),
        version("version2", false, Some(r#"{"type":"object"}"#)),
    ]);
    c
}

fn webhook(c: &mut CustomResourceDefinition, config: Option<WebhookClientConfig>, review: Option<&[&str]>) {
    c.spec.conversion = Some(CustomResourceConversion {
        strategy: ConversionStrategyType(ConversionStrategyType::WEBHOOK.into()),
        webhook: Some(WebhookConversion {
            client_config: config,
            conversion_review_versions: review.map(|r| r.iter().map(|s| (*s).to_owned()).collect()),
        }),
    });
}

fn url(u: &str) -> Option<WebhookClientConfig> {
    Some(WebhookClientConfig { url: Some(u.into()), ..Default::default() })
}

fn versions_mut(c: &mut CustomResourceDefinition) -> &mut Vec<CustomResourceDefinitionVersion> {
    c.spec.versions.get_or_insert_default()
}

/// The errors as upstream's tests match them: type and field, in any order.
fn found(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    let mut out: Vec<_> = errs.iter().map(|e| (e.error_type, e.field.clone())).collect();
    out.sort_by(|a, b| a.1.cmp(&b.1).then(format!("{:?}", a.0).cmp(&format!("{:?}", b.0))));
    out
}

#[track_caller]
fn expect(errs: &ErrorList, want: &[(ErrorType, &str)]) {
    let mut want: Vec<_> = want.iter().map(|(t, f)| (*t, (*f).to_owned())).collect();
    want.sort_by(|a, b| a.1.cmp(&b.1).then(format!("{:?}", a.0).cmp(&format!("{:?}", b.0))));
    assert_eq!(found(errs), want, "{errs:#?}");
}

#[track_caller]
fn create(c: &CustomResourceDefinition, want: &[(ErrorType, &str)]) {
    expect(&validate_custom_resource_definition(c, None), want);
}

fn messages(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

// ---- TestValidateCustomResourceDefinition ----

#[test]
fn a_valid_definition_passes() {
    create(&crd(), &[]);
    create(&two_versions(), &[]);
}

#[test]
fn invalid_types_disallowed() {
    let mut c = crd();
    versions_mut(&mut c)[0] =
        version("version", true, Some(r#"{"type":"object","properties":{"foo":{"type":"bogus"}}}"#));
    create(&c, &[(NotSupported, "spec.validation.openAPIV3Schema.properties[foo].type")]);
}

#[test]
fn webhookconfig_both_service_and_url_provided() {
    let mut c = two_versions();
    let both = WebhookClientConfig {
        url: Some("https://example.com/webhook".into()),
        service: Some(ServiceReference { name: "n".into(), namespace: "ns".into(), ..Default::default() }),
        ..Default::default()
    };
    webhook(&mut c, Some(both), Some(&["v1beta1"]));
    create(&c, &[(Required, "spec.conversion.webhookClientConfig")]);
}

#[test]
fn webhookconfig_invalid_port_0_and_65536() {
    for port in [0, 65536] {
        let mut c = two_versions();
        let svc = ServiceReference { name: "n".into(), namespace: "ns".into(), port: Some(port), ..Default::default() };
        webhook(&mut c, Some(WebhookClientConfig { service: Some(svc), ..Default::default() }), Some(&["v1beta1"]));
        create(&c, &[(Invalid, "spec.conversion.webhookClientConfig.service.port")]);
    }
}

#[test]
fn webhookconfig_invalid_ca_bundle_should_be_allowed_on_create() {
    let mut c = two_versions();
    let svc = ServiceReference { name: "n".into(), namespace: "ns".into(), port: Some(443), ..Default::default() };
    let cc = WebhookClientConfig { service: Some(svc), ca_bundle: b"Cg==".to_vec(), ..Default::default() };
    webhook(&mut c, Some(cc), Some(&["v1beta1"]));
    create(&c, &[]);
}

#[test]
fn webhookconfig_blank_url() {
    let mut c = two_versions();
    webhook(&mut c, url(""), Some(&["v1beta1"]));
    create(
        &c,
        &[(Invalid, "spec.conversion.webhookClientConfig.url"), (Invalid, "spec.conversion.webhookClientConfig.url")],
    );
    assert_eq!(
        messages(&validate_custom_resource_definition(&c, None)),
        [
            r#"spec.conversion.webhookClientConfig.url: Invalid value: "": 'https' is the only allowed URL scheme; desired format: https://host[/path]"#,
            r#"spec.conversion.webhookClientConfig.url: Invalid value: "": host must be provided; desired format: https://host[/path]"#,
        ]
    );
}

#[test]
fn webhookconfig_should_not_be_set() {
    let mut c = two_versions();
    webhook(&mut c, url("https://example.com/webhook"), None);
    if let Some(conv) = c.spec.conversion.as_mut() {
        conv.strategy = ConversionStrategyType(ConversionStrategyType::NONE.into());
    }
    create(&c, &[(Forbidden, "spec.conversion.webhookClientConfig")]);
}

#[test]
fn conversion_review_versions_should_not_be_set() {
    let mut c = two_versions();
    webhook(&mut c, None, Some(&["v1beta1"]));
    if let Some(conv) = c.spec.conversion.as_mut() {
        conv.strategy = ConversionStrategyType(ConversionStrategyType::NONE.into());
    }
    create(&c, &[(Forbidden, "spec.conversion.conversionReviewVersions")]);
}

#[test]
fn webhookconfig_invalid_conversion_review_version() {
    let mut c = two_versions();
    webhook(&mut c, url("https://example.com/webhook"), Some(&["invalid-version"]));
    create(&c, &[(Invalid, "spec.conversion.conversionReviewVersions")]);
    assert_eq!(
        messages(&validate_custom_resource_definition(&c, None)),
        [
            r#"spec.conversion.conversionReviewVersions: Invalid value: ["invalid-version"]: must include at least one of v1, v1beta1"#
        ]
    );
}

#[test]
fn webhookconfig_invalid_conversion_review_version_string() {
    let mut c = two_versions();
    webhook(&mut c, url("https://example.com/webhook"), Some(&["0v"]));
    create(
        &c,
        &[
            (Invalid, "spec.conversion.conversionReviewVersions[0]"),
            (Invalid, "spec.conversion.conversionReviewVersions"),
        ],
    );
}

#[test]
fn webhookconfig_at_least_one_valid_conversion_review_version() {
    let mut c = two_versions();
    webhook(&mut c, url("https://example.com/webhook"), Some(&["invalid-version", "v1beta1"]));
    create(&c, &[]);
}

#[test]
fn webhookconfig_duplicate_conversion_review_version() {
    let mut c = two_versions();
    webhook(&mut c, url("https://example.com/webhook"), Some(&["v1beta1", "v1beta1"]));
    create(&c, &[(Invalid, "spec.conversion.conversionReviewVersions[1]")]);
}

#[test]
fn missing_webhookconfig() {
    let mut c = two_versions();
    webhook(&mut c, None, Some(&["v1beta1"]));
    create(&c, &[(Required, "spec.conversion.webhookClientConfig")]);
}

#[test]
fn invalid_conversion_strategy() {
    let mut c = two_versions();
    c.spec.conversion = Some(CustomResourceConversion {
        strategy: ConversionStrategyType("non_existing_conversion".into()),
        webhook: None,
    });
    create(&c, &[(NotSupported, "spec.conversion.strategy")]);
}

#[test]
fn webhook_conversion_with_review_versions_v1_or_v1beta1() {
    for review in ["v1beta1", "v1"] {
        let mut c = two_versions();
        webhook(&mut c, url("https://example.com/webhook"), Some(&[review]));
        create(&c, &[]);
    }
}

#[test]
fn no_storage_version() {
    let mut c = two_versions();
    versions_mut(&mut c)[0].storage = false;
    create(&c, &[(Invalid, "spec.versions")]);
}

#[test]
fn multiple_storage_version() {
    let mut c = two_versions();
    versions_mut(&mut c)[1].storage = true;
    create(&c, &[(Invalid, "spec.versions"), (Invalid, "status.storedVersions")]);
}

#[test]
fn missing_storage_version_in_stored_versions() {
    let mut c = two_versions();
    versions_mut(&mut c)[0].storage = false;
    versions_mut(&mut c)[1].storage = true;
    create(&c, &[(Invalid, "status.storedVersions")]);
}

#[test]
fn empty_stored_version() {
    let mut c = crd();
    c.status.stored_versions = Some(Vec::new());
    create(&c, &[(Invalid, "status.storedVersions")]);
}

#[test]
fn mismatched_name() {
    let mut c = CustomResourceDefinition::default();
    c.metadata.name = "plural.not.group.com".into();
    c.spec.group = "group.com".into();
    c.spec.names.plural = "plural".into();
    create(
        &c,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.versions"),
            (Required, "spec.scope"),
            (Required, "spec.names.singular"),
            (Required, "spec.names.kind"),
            (Required, "spec.names.listKind"),
        ],
    );
}

#[test]
fn missing_values() {
    let mut c = CustomResourceDefinition::default();
    c.metadata.name = "plural.group.com".into();
    create(
        &c,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.versions"),
            (Required, "spec.group"),
            (Required, "spec.scope"),
            (Required, "spec.names.plural"),
            (Required, "spec.names.singular"),
            (Required, "spec.names.kind"),
            (Required, "spec.names.listKind"),
        ],
    );
}

#[test]
fn bad_names_02() {
    let mut c = crd();
    c.metadata.name = "plural.group".into();
    c.spec.group = "group.c(*&om".into();
    c.spec.scope = ResourceScope(String::new());
    c.spec.names.kind = "matching".into();
    c.spec.names.list_kind = "matching".into();
    c.status.accepted_names = c.spec.names.clone();
    create(
        &c,
        &[
            (Invalid, "metadata.name"),
            (Invalid, "spec.group"),
            (Required, "spec.scope"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "status.acceptedNames.listKind"),
        ],
    );
}

/// Upstream's "bad names 01" without its v1beta1-only `spec.version`: every name malformed.
#[test]
fn bad_names_01() {
    let mut c = crd();
    c.metadata.name = "plural.group".into();
    c.spec.group = "group".into();
    c.spec.scope = ResourceScope("foo".into());
    c.spec.names = CustomResourceDefinitionNames {
        plural: "pl()*ural".into(),
        singular: "value()*a".into(),
        kind: "value()*a".into(),
        list_kind: "value()*a".into(),
        ..Default::default()
    };
    c.status.accepted_names = c.spec.names.clone();
    c.spec.versions = None;
    c.status.stored_versions = None;
    create(
        &c,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.group"),
            (NotSupported, "spec.scope"),
            (Invalid, "spec.names.plural"),
            (Invalid, "spec.names.singular"),
            (Invalid, "spec.names.kind"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "status.acceptedNames.plural"),
            (Invalid, "status.acceptedNames.singular"),
            (Invalid, "status.acceptedNames.kind"),
            (Invalid, "status.acceptedNames.listKind"),
            (Invalid, "status.acceptedNames.listKind"),
            (Invalid, "spec.versions"),
        ],
    );
}

#[test]
fn additional_properties_and_properties_forbidden() {
    let mut c = crd();
    versions_mut(&mut c)[0] = version(
        "version",
        true,
        Some(
            r#"{"type":"object","properties":{"foo":{"type":"object","properties":{"bar":{"type":"object"}},
            "additionalProperties":{"type":"object"}}}}"#,
        ),
    );
    create(&c, &[(Forbidden, "spec.validation.openAPIV3Schema.properties[foo].additionalProperties")]);
}

#[test]
fn additional_properties_without_properties_allowed() {
    let mut c = crd();
    versions_mut(&mut c)[0] = version(
        "version",
        true,
        Some(r#"{"type":"object","properties":{"foo":{"type":"object","additionalProperties":{"type":"string"}}}}"#),
    );
    create(&c, &[]);
}

#[test]
fn x_kubernetes_preserve_unknown_field_false() {
    let mut c = crd();
    versions_mut(&mut c)[0] =
        version("version", true, Some(r#"{"type":"object","x-kubernetes-preserve-unknown-fields":false}"#));
    create(&c, &[(Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-preserve-unknown-fields")]);
}

/// Upstream's "preserveUnknownFields with unstructural schema in one version": in v1 the
/// definition-wide flag cannot be set, so only the schema errors are pinned.
#[test]
fn unstructural_schema_in_one_version() {
    let mut c = two_versions();
    versions_mut(&mut c)[1] = version(
        "version2",
        false,
        Some(
            r#"{"type":"object","properties":{"spec":{"description":"x"},"status":{"description":"x"}},"items":{"description":"x"}}"#,
        ),
    );
    create(
        &c,
        &[
            (Required, "spec.versions[1].schema.openAPIV3Schema.properties[spec].type"),
            (Required, "spec.versions[1].schema.openAPIV3Schema.properties[status].type"),
            (Required, "spec.versions[1].schema.openAPIV3Schema.items.type"),
        ],
    );
}

#[test]
fn schema_is_required() {
    let mut c = two_versions();
    for v in versions_mut(&mut c) {
        v.schema = None;
    }
    create(
        &c,
        &[(Required, "spec.versions[0].schema.openAPIV3Schema"), (Required, "spec.versions[1].schema.openAPIV3Schema")],
    );
}

#[test]
fn preserve_unknown_fields_true() {
    let mut c = crd();
    c.spec.preserve_unknown_fields = true;
    create(&c, &[(Invalid, "spec.preserveUnknownFields")]);
}

#[test]
fn label_selector_path_outside_of_spec_and_status() {
    let mut c = crd();
    let scale = |selector: &str| {
        Some(CustomResourceSubresources {
            scale: Some(CustomResourceSubresourceScale {
                spec_replicas_path: ".spec.replicas".into(),
                status_replicas_path: ".status.replicas".into(),
                label_selector_path: Some(selector.into()),
            }),
            ..Default::default()
        })
    };
    let schema = Some(r#"{"type":"object"}"#);
    let mut versions = Vec::new();
    for (i, sel) in
        [".status.labelSelector", ".spec.labelSelector", ".spec.labelSelector", ".labelSelector"].iter().enumerate()
    {
        let mut v = version(&format!("version{i}"), i == 0, schema);
        v.subresources = scale(sel);
        versions.push(v);
    }
    c.spec.versions = Some(versions);
    c.status.stored_versions = Some(vec!["version0".into()]);
    create(&c, &[(Invalid, "spec.versions[3].subresources.scale.labelSelectorPath")]);
}

#[test]
fn additional_properties_at_resource_root() {
    let mut c = crd();
    versions_mut(&mut c)[0] =
        version("version", true, Some(r#"{"type":"object","additionalProperties":{"type":"string"}}"#));
    create(&c, &[(Forbidden, "spec.validation.openAPIV3Schema.additionalProperties")]);
}

// ---- TestValidateCustomResourceDefinitionStoredVersions ----

#[test]
fn stored_versions() {
    let check = |stored: &[&str], versions: &[(&str, bool)], want: &[(ErrorType, &str)]| {
        let mut c = crd();
        c.spec.versions = Some(versions.iter().map(|(n, s)| version(n, *s, Some(r#"{"type":"object"}"#))).collect());
        c.status.stored_versions = Some(stored.iter().map(|s| (*s).to_owned()).collect());
        let mut errs = ErrorList::new();
        validate_stored_versions(&c, &Path::new("status").child("storedVersions"), &mut errs);
        expect(&errs, want);
    };
    // "one version", "many versions", "missing storedVersion", "storedVersion not in versions",
    // "storage version not in storedVersions", "empty storedVersions".
    check(&["v1"], &[("v1", true)], &[]);
    check(&["v1alpha", "v1beta1", "v1"], &[("v1alpha", false), ("v1beta1", false), ("v1", true)], &[]);
    check(&["v1alpha", "v1"], &[("v1alpha", false), ("v1beta1", false), ("v1", true)], &[]);
    check(&["v1alpha", "v1beta1", "v1"], &[("v1alpha", false), ("v1", true)], &[(Invalid, "status.storedVersions[1]")]);
    check(
        &["v1alpha", "v1beta1"],
        &[("v1alpha", false), ("v1beta1", false), ("v1", true)],
        &[(Invalid, "status.storedVersions")],
    );
    check(&[], &[("v1", true)], &[(Invalid, "status.storedVersions")]);
}

// ---- TestValidateCustomResourceDefinitionUpdate ----

fn established(mut c: CustomResourceDefinition) -> CustomResourceDefinition {
    c.status = CustomResourceDefinitionStatus {
        conditions: Some(vec![CustomResourceDefinitionCondition {
            r#type: CustomResourceDefinitionConditionType(CustomResourceDefinitionConditionType::ESTABLISHED.into()),
            status: ConditionStatus(ConditionStatus::TRUE.into()),
            ..Default::default()
        }]),
        ..c.status
    };
    c
}

#[test]
fn update_unchanged_established_passes() {
    let old = established(crd());
    expect(&validate_custom_resource_definition(&old, Some(&old)), &[]);
}

#[test]
fn update_changes_of_an_established_definition() {
    let old = established(crd());
    let mut new = old.clone();
    new.spec.scope = ResourceScope(ResourceScope::NAMESPACED.into());
    new.spec.names.kind = "Plural2".into();
    new.spec.group = "abc.com".into();
    new.spec.names.plural = "plurals".into();
    expect(
        &validate_custom_resource_definition(&new, Some(&old)),
        &[
            (Invalid, "spec.scope"),
            (Invalid, "spec.names.kind"),
            (Invalid, "spec.group"),
            (Invalid, "spec.names.plural"),
        ],
    );
}

/// Before the definition is established its scope and kind may still change; the group and
/// plural never.
#[test]
fn update_changes_of_a_definition_not_established() {
    let old = crd();
    let mut new = old.clone();
    new.spec.scope = ResourceScope(ResourceScope::NAMESPACED.into());
    new.spec.names.kind = "Plural2".into();
    new.spec.names.list_kind = "Plural2List".into();
    expect(&validate_custom_resource_definition(&new, Some(&old)), &[]);
    new.spec.group = "abc.com".into();
    assert_eq!(
        messages(&validate_custom_resource_definition(&new, Some(&old))),
        [r#"spec.group: Invalid value: "abc.com": field is immutable"#]
    );
}

#[test]
fn update_may_not_drop_a_stored_version() {
    let old = established(two_versions());
    let mut old = old;
    old.status.stored_versions = Some(vec!["version".into(), "version2".into()]);
    let mut new = old.clone();
    versions_mut(&mut new).truncate(1);
    expect(&validate_custom_resource_definition(&new, Some(&old)), &[(Invalid, "status.storedVersions[1]")]);
}

/// A definition stored with `preserveUnknownFields` keeps it.
#[test]
fn update_keeps_preserve_unknown_fields() {
    let mut old = crd();
    old.spec.preserve_unknown_fields = true;
    expect(&validate_custom_resource_definition(&old, Some(&old)), &[]);
}

// ---- Kubernetes' own groups ----

#[test]
fn protected_groups_need_an_api_review() {
    let mut c = crd();
    c.metadata.name = "plural.group.k8s.io".into();
    c.spec.group = "group.k8s.io".into();
    create(&c, &[(Required, "metadata.annotations[api-approved.kubernetes.io]")]);
    c.metadata.annotations.insert(API_APPROVED.into(), "bad".into());
    create(&c, &[(Invalid, "metadata.annotations[api-approved.kubernetes.io]")]);
    c.metadata.annotations.insert(API_APPROVED.into(), "https://github.com/kubernetes/kubernetes/pull/78458".into());
    create(&c, &[]);
    c.metadata.annotations.insert(API_APPROVED.into(), "unapproved, experimental-only".into());
    create(&c, &[]);
}

// ---- Status writes ----

#[test]
fn status_update_checks_the_accepted_names() {
    let old = crd();
    let mut new = old.clone();
    new.status.accepted_names.plural = "Pl()*ural".into();
    expect(&validate_custom_resource_definition_status_update(&new, &old), &[(Invalid, "status.acceptedNames.plural")]);
}

// ---- Messages (the test server's former checks) ----

#[test]
fn structural_messages() {
    let mut c = crd();
    versions_mut(&mut c)[0] = version(
        "version",
        true,
        Some(
            r#"{"type":"object","properties":{"spec":{"properties":{"a":{"type":"string"}}},"x":{"type":"object","x-kubernetes-preserve-unknown-fields":false}}}"#,
        ),
    );
    assert_eq!(
        messages(&validate_custom_resource_definition(&c, None)),
        [
            "spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields",
            "spec.validation.openAPIV3Schema.properties[x].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined",
        ]
    );
}

#[test]
fn name_and_storage_messages() {
    let mut c = crd();
    c.metadata.name = "gadgets.group.com".into();
    versions_mut(&mut c)[0].storage = false;
    assert_eq!(
        messages(&validate_custom_resource_definition(&c, None)),
        [
            r#"metadata.name: Invalid value: "gadgets.group.com": must be spec.names.plural+"."+spec.group"#,
            r#"spec.versions: Invalid value: "": must have exactly one version marked as storage version"#,
        ]
    );
}

/// Fields selected from `self` must be in the schema, as upstream's type check requires:
/// maps take any key, a resource root has `apiVersion`, `kind` and `metadata.name` and
/// `generateName` only; an object with `x-kubernetes-preserve-unknown-fields` exposes only its
/// declared properties (upstream's `SchemaDeclType`), and a macro over a map binds its keys.
#[test]
fn undefined_fields_do_not_compile() {
    let check = |rule: &str| {
        let schema = format!(
            r#"{{"type":"object","x-kubernetes-validations":[{{"rule":{rule:?}}}],"properties":{{
            "spec":{{"type":"object","properties":{{"a":{{"type":"string"}},
              "m":{{"type":"object","additionalProperties":{{"type":"object","properties":{{"x":{{"type":"integer"}}}}}}}},
              "open":{{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}}}}}}"#
        );
        let mut c = crd();
        versions_mut(&mut c)[0] = version("version", true, Some(&schema));
        validate_custom_resource_definition(&c, None).iter().map(|e| e.detail.clone()).collect::<Vec<_>>()
    };
    for fine in [
        "self.spec.a == 'x'",
        "self.spec.m.k.x > 0",
        "self.metadata.name == 'n' && self.kind == 'K'",
        "self.spec.m.all(k, self.spec.m[k].x > 0)",
    ] {
        assert_eq!(check(fine), Vec::<String>::new(), "{fine}");
    }
    assert_eq!(check("self.spec.b == 1"), ["compilation failed: ERROR: <input>:1:10: undefined field 'b'"]);
    assert_eq!(check("has(self.spec.m.k.y)"), ["compilation failed: ERROR: <input>:1:18: undefined field 'y'"]);
    assert_eq!(
        check("self.metadata.labels.size() > 0"),
        ["compilation failed: ERROR: <input>:1:14: undefined field 'labels'"]
    );
    assert_eq!(check("self.spec.open.any == 1"), ["compilation failed: ERROR: <input>:1:15: undefined field 'any'"]);
    assert_eq!(
        check("self.spec.m.all(k, k.x > 0)"),
        ["compilation failed: ERROR: <input>:1:21: type 'string' does not support field selection"]
    );
}

/// The details of the definition whose version schema has `spec` as the schema of its `spec`.
fn spec_rule_errors(spec: &str) -> Vec<String> {
    let schema = format!(r#"{{"type":"object","properties":{{"spec":{spec}}}}}"#);
    let mut c = crd();
    versions_mut(&mut c)[0] = version("version", true, Some(&schema));
    validate_custom_resource_definition(&c, None).iter().map(|e| e.detail.clone()).collect()
}

/// A schema node with the rules `rules` (each `{"rule": …}` or with more) and `rest` of its
/// schema.
fn with_rules(rest: &str, rules: &[&str]) -> String {
    format!(r#"{{{rest},"x-kubernetes-validations":[{}]}}"#, rules.join(","))
}

/// Upstream's `compilation_test.go` (`TestCelCompilation`): rules type-check against the
/// node's schema; one result per rule.
#[test]
fn rules_type_check_as_upstreams_compilation_tests() {
    let ok = |rest: &str, rule: &str| {
        let spec = with_rules(rest, &[&format!(r#"{{"rule":{rule:?}}}"#)]);
        assert_eq!(spec_rule_errors(&spec), Vec::<String>::new(), "{rule}");
    };
    let bad = |rest: &str, rule: &str| -> String {
        let spec = with_rules(rest, &[&format!(r#"{{"rule":{rule:?}}}"#)]);
        let errs = spec_rule_errors(&spec);
        assert_eq!(errs.len(), 1, "{rule}: {errs:?}");
        errs[0].clone()
    };
    let obj = r#""type":"object","properties":{"minReplicas":{"type":"integer"},"maxReplicas":{"type":"integer"},
        "nested":{"type":"array","items":{"type":"array","items":{"type":"string"}}},
        "namespace":{"type":"array","items":{"type":"array","items":{"type":"string"}}},"if":{"type":"integer"},"self":{"type":"integer"}}"#;
    ok(obj, "self.minReplicas < self.maxReplicas");
    ok(r#""type":"string""#, "self.startsWith('s')");
    ok(r#""type":"string","format":"byte""#, "string(self).endsWith('s')");
    ok(r#""type":"boolean""#, "self == true");
    ok(r#""type":"integer""#, "self > 0");
    ok(r#""type":"number""#, "self > 1.0");
    ok(obj, "size(self.nested[0]) == 10");
    ok(
        r#""type":"array","items":{"type":"array","items":{"type":"array","items":{"type":"string"}}}"#,
        "size(self[0][0]) == 10",
    );
    ok(r#""type":"object","additionalProperties":{"type":"boolean"}"#, "size(self) > 0");
    // Property names that are CEL reserved words are selected as written or escaped.
    ok(obj, "size(self.namespace[0]) == 10");
    ok(obj, "size(self.__namespace__[0]) == 10");
    ok(obj, "self.if == 10");
    ok(obj, "self.self == 10");
    assert_eq!(
        bad(r#""type":"number""#, "size(self) == 10"),
        "compilation failed: ERROR: <input>:1:5: found no matching overload for 'size' applied to '(double)'"
    );
    assert_eq!(
        bad(r#""type":"integer""#, "size(self) == 10"),
        "compilation failed: ERROR: <input>:1:5: found no matching overload for 'size' applied to '(int)'"
    );
    assert_eq!(
        bad(obj, "self == 10"),
        "compilation failed: ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(selfType, int)'"
    );
    assert_eq!(bad(r#""type":"object""#, "42"), "cel expression must evaluate to a bool");
    // An int-or-string is `dyn` to upstream too, which it refuses as a rule's result.
    assert_eq!(bad(r#""x-kubernetes-int-or-string":true"#, "self"), "cel expression must evaluate to a bool");
    ok(r#""x-kubernetes-int-or-string":true"#, "self == 1 || self == 'a'");
    // Upstream's test asks only that the message name the function.
    assert!(
        bad(r#""type":"object""#, "fakeFunction('abc') == 'ABC'").contains("undeclared reference to 'fakeFunction'")
    );
}

/// Upstream's optional `oldSelf` (`optionalOldSelf: true`): an `optional_type` of the node's
/// type, so it must be unwrapped.
#[test]
fn an_optional_old_self_is_typed_optional() {
    let rules = |rest: &str, rules: &[&str]| {
        let rules: Vec<String> = rules.iter().map(|r| format!(r#"{{"rule":{r:?},"optionalOldSelf":true}}"#)).collect();
        let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
        spec_rule_errors(&with_rules(rest, &rules))
    };
    assert_eq!(
        rules(
            r#""type":"integer""#,
            &[
                "self >= oldSelf.value()",
                "self >= oldSelf.orValue(1)",
                "oldSelf.hasValue() ? self >= oldSelf.value() : true"
            ]
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        rules(r#""type":"integer""#, &["self >= oldSelf", "self >= oldSelf.orValue('')"]),
        [
            "compilation failed: ERROR: <input>:1:6: found no matching overload for '_>=_' applied to '(int, optional_type(int))'",
            "compilation failed: ERROR: <input>:1:24: found no matching overload for 'orValue' applied to 'optional_type(int).(string)'",
        ]
    );
    let obj = r#""type":"object","properties":{"i":{"type":"integer"},"s":{"type":"string"},
        "o":{"type":"object","properties":{"i":{"type":"integer"},"s":{"type":"string"},"o":{"type":"object"}}}}"#;
    assert_eq!(
        rules(
            obj,
            &[
                "self.i >= oldSelf.i.value()",
                "self.o == oldSelf.o.value()",
                "self.o.o == oldSelf.o.o.value()",
                "self.o.i >= oldSelf.o.i.orValue(1)",
                "oldSelf.hasValue() ? self.o.i >= oldSelf.o.i.value() : true",
            ]
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        rules(obj, &["self.o.i >= oldSelf.o.i", "self.o.i >= oldSelf.o.s.orValue(0)"]),
        [
            "compilation failed: ERROR: <input>:1:10: found no matching overload for '_>=_' applied to '(int, optional_type(int))'",
            "compilation failed: ERROR: <input>:1:32: found no matching overload for 'orValue' applied to 'optional_type(string).(int)'",
        ]
    );
}

/// A message expression must give a string, and is compiled only for a rule that compiled.
#[test]
fn a_message_expression_must_give_a_string() {
    let one = |rest: &str, rule: &str, message: &str| {
        spec_rule_errors(&with_rules(rest, &[&format!(r#"{{"rule":{rule:?},"messageExpression":{message:?}}}"#)]))
    };
    assert_eq!(one(r#""type":"string""#, "self.startsWith('s')", r#""should start with 's'""#), Vec::<String>::new());
    assert_eq!(one(r#""type":"integer""#, "self == 5", "42"), ["messageExpression must evaluate to a string"]);
    assert_eq!(
        one(r#""type":"integer""#, "self == 5", "'is ' + self"),
        [
            "messageExpression compilation failed: ERROR: <input>:1:7: found no matching overload for '_+_' applied to '(string, int)'"
        ]
    );
    let syntax = one(r#""type":"number""#, "self < 32.0", r#""abc"#);
    assert!(syntax.len() == 1 && syntax[0].starts_with("messageExpression compilation failed: "), "{syntax:?}");
    // The rule's own error only.
    assert_eq!(one(r#""type":"integer""#, "self == 'a'", "42").len(), 1);
}

/// Strings of format `byte`, `duration`, `date` and `date-time` (written exactly so) are typed
/// `bytes`, durations and timestamps, as upstream's `SchemaDeclType` types them.
#[test]
fn formatted_strings_have_their_cel_types() {
    for (rest, rule) in [
        (r#""type":"string","format":"date-time""#, "self < timestamp('2030-01-01T00:00:00Z')"),
        (r#""type":"string","format":"date""#, "self.getFullYear() > 2000"),
        (r#""type":"string","format":"duration""#, "self < duration('1h') && duration(self) > duration('1s')"),
        (r#""type":"string","format":"byte""#, "size(self) < 10 && string(self) != ''"),
        (r#""type":"string","format":"datetime""#, "self.startsWith('2')"),
    ] {
        let spec = with_rules(rest, &[&format!(r#"{{"rule":{rule:?}}}"#)]);
        assert_eq!(spec_rule_errors(&spec), Vec::<String>::new(), "{rule}");
    }
    let spec = with_rules(r#""type":"string","format":"date-time""#, &[r#"{"rule":"self.startsWith('2')"}"#]);
    assert_eq!(
        spec_rule_errors(&spec),
        [
            "compilation failed: ERROR: <input>:1:16: found no matching overload for 'startsWith' applied to 'google.protobuf.Timestamp.(string)'"
        ]
    );
}

/// Where upstream's types leave a value open, nothing is refused: `int-or-string` is `dyn`, and
/// so is an embedded resource that keeps unknown fields.
#[test]
fn values_of_open_type_take_any_rule() {
    for (rest, rule) in [
        (r#""x-kubernetes-int-or-string":true"#, "type(self) == int ? self < 5 : double(self.replace('%', '')) < 0.5"),
        (
            r#""type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true"#,
            "self.kind == 'Pod' && self.metadata.name != ''",
        ),
    ] {
        let spec = with_rules(rest, &[&format!(r#"{{"rule":{rule:?}}}"#)]);
        assert_eq!(spec_rule_errors(&spec), Vec::<String>::new(), "{rule}");
    }
}

/// As upstream, rules compile when the schema is structural and its defaults valid, whatever
/// its other OpenAPI errors; not where it is not structural, nor at a node whose rule entries
/// are wrong.
#[test]
fn rules_compile_beside_other_schema_errors() {
    let bad_rule = r#"{"rule":"self.x == 'a'"}"#;
    // `uniqueItems` is refused, but the schema is structural: the rule is still compiled.
    let spec = format!(
        r#"{{"type":"object","properties":{{"x":{{"type":"integer"}},"l":{{"type":"array","uniqueItems":true,"items":{{"type":"string"}}}}}},"x-kubernetes-validations":[{bad_rule}]}}"#
    );
    assert_eq!(
        spec_rule_errors(&spec),
        [
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
            "compilation failed: ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(int, string)'",
        ]
    );
    // A property without a type: not structural, so nothing is compiled.
    let spec = format!(
        r#"{{"type":"object","properties":{{"x":{{"type":"integer"}},"n":{{"description":"no type"}}}},"x-kubernetes-validations":[{bad_rule}]}}"#
    );
    assert_eq!(spec_rule_errors(&spec), ["must not be empty for specified object fields"]);
    // A node's bad rule entry keeps its own rules from compiling, not the others'.
    let spec = format!(
        r#"{{"type":"object","properties":{{"x":{{"type":"integer","x-kubernetes-validations":[{{"rule":"self == 'a'","message":" "}}]}}}},"x-kubernetes-validations":[{bad_rule}]}}"#
    );
    assert_eq!(
        spec_rule_errors(&spec),
        [
            "must be non-empty if specified",
            "compilation failed: ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(int, string)'",
        ]
    );
}

/// Schemas that differ per version are reported under each version.
#[test]
fn per_version_rules_are_reported_per_version() {
    let mut c = two_versions();
    versions_mut(&mut c)[1] =
        version("version2", false, Some(r#"{"type":"object","x-kubernetes-validations":[{"rule":"self.x <"}]}"#));
    let errs = validate_custom_resource_definition(&c, None);
    assert_eq!(
        found(&errs),
        [(Invalid, "spec.versions[1].schema.openAPIV3Schema.x-kubernetes-validations[0].rule".to_owned())]
    );
}

/// The scheme runs these functions for the kind, as the server's validation does.
#[test]
fn the_scheme_runs_them() {
    let mut scheme = kapi_machinery::Scheme::new();
    crate::apiextensions::v1::add_to_scheme(&mut scheme).expect("registers");
    let mut c = crd();
    c.spec.group = String::new();
    let errs = scheme.validate(&c, None);
    assert!(found(&errs).contains(&(Required, "spec.group".to_owned())), "{errs:#?}");
}

/// A v1beta1 definition is validated by these functions through the scheme (converted through
/// the internal form into v1), so its definition-wide schema is reported where upstream reports
/// it: upstream's "invalid types disallowed", written in v1beta1.
#[test]
fn v1beta1_definitions_are_validated_as_v1() {
    use crate::apiextensions::v1beta1 as beta;
    let mut scheme = kapi_machinery::Scheme::new();
    crate::apiextensions::install(&mut scheme).expect("installs");
    let mut c = beta::CustomResourceDefinition::default();
    c.metadata.name = "plural.group.com".into();
    c.spec.group = "group.com".into();
    c.spec.scope = beta::ResourceScope(beta::ResourceScope::CLUSTER.into());
    c.spec.names = beta::CustomResourceDefinitionNames {
        plural: "plural".into(),
        singular: "singular".into(),
        kind: "Plural".into(),
        list_kind: "PluralList".into(),
        ..Default::default()
    };
    c.spec.versions = vec![beta::CustomResourceDefinitionVersion {
        name: "version".into(),
        served: true,
        storage: true,
        ..Default::default()
    }];
    c.spec.validation = Some(beta::CustomResourceValidation {
        open_apiv3_schema: Some(Box::new(
            kapi_machinery::json::from_slice(br#"{"type":"object","properties":{"foo":{"type":"bogus"}}}"#)
                .expect("schema JSON"),
        )),
    });
    c.spec.preserve_unknown_fields = Some(false);
    c.status.stored_versions = Some(vec!["version".into()]);
    expect(&scheme.validate(&c, None), &[(NotSupported, "spec.validation.openAPIV3Schema.properties[foo].type")]);
}

// ---- TestValidateCustomResourceDefinitionValidation (the list and rule checks) ----
//
// Upstream runs these cases through `validateCustomResourceDefinitionValidation` alone, without
// the structural checks and with the options each case names; here the functions that make
// those checks are called on the same schemas.

fn node(json: &str) -> Schema {
    value::parse(json.as_bytes()).expect("schema JSON")
}

fn at_root() -> Path {
    Path::new("spec").child("validation").child("openAPIV3Schema")
}

fn map_list(json: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    map_list_errors(&node(json), &at_root(), &mut errs);
    errs
}

#[test]
fn map_lists() {
    // "no items schema with list type extension map"
    expect(
        &map_list(r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"]}"#),
        &[(Required, "spec.validation.openAPIV3Schema.items")],
    );
    // "multiple schema items with list type extension map" (upstream's structural check adds a
    // Forbidden at the same path).
    expect(
        &map_list(
            r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":[{"type":"string"},{"type":"integer"}]}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items")],
    );
    // "non object item with list type extension map"
    expect(
        &map_list(
            r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":{"type":"string"}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items.type")],
    );
    // "items with key missing from properties with list type extension map"
    expect(
        &map_list(
            r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":{"type":"object"}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-list-map-keys")],
    );
    // "items with non scalar key property type with list type extension map"
    expect(
        &map_list(
            r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":{"type":"object","properties":{"key":{"type":"object"}}}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items.properties[key].type")],
    );
    // "duplicate map keys with list type extension map"
    let dup = map_list(
        r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key","key"],"items":{"type":"object","properties":{"key":{"type":"string"}}}}"#,
    );
    expect(&dup, &[(Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-list-map-keys")]);
    assert_eq!(
        messages(&dup),
        [
            r#"spec.validation.openAPIV3Schema.x-kubernetes-list-map-keys: Invalid value: ["key","key"]: must not contain duplicate entries"#
        ]
    );
    // "allowed schema with list type extension map"
    expect(
        &map_list(
            r#"{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["keyA","keyB"],"items":{"type":"object","properties":{"keyA":{"type":"string"},"keyB":{"type":"integer"}}}}"#,
        ),
        &[],
    );
}

#[test]
fn set_items_are_atomic() {
    let check = |json: &str| atomic_set_errors(&node(json), &at_root());
    // "invalid list-type set with non-atomic map items"
    expect(
        &check(
            r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object","x-kubernetes-map-type":"granular","properties":{"foo":{"type":"string"}}}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items.x-kubernetes-map-type")],
    );
    // "invalid list-type set with unspecified map-type for map items"
    expect(
        &check(
            r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object","properties":{"foo":{"type":"string"}}}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items.x-kubernetes-map-type")],
    );
    // "allowed list-type set with atomic map items", "... atomic list items", "... unspecified
    // list-type in list items", "... scalar items"
    for fine in [
        r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object","x-kubernetes-map-type":"atomic","properties":{"foo":{"type":"string"}}}}"#,
        r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array","x-kubernetes-list-type":"atomic","items":{"type":"string"}}}"#,
        r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array","items":{"type":"string"}}}"#,
        r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}"#,
    ] {
        expect(&check(fine), &[]);
    }
    // "invalid list-type set with with non-atomic list items"
    expect(
        &check(
            r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}"#,
        ),
        &[(Invalid, "spec.validation.openAPIV3Schema.items.x-kubernetes-list-type")],
    );
}

#[test]
fn map_list_keys_and_set_items() {
    let check = |json: &str| map_set_errors(&node(json), &at_root());
    let map = |items: &str| {
        format!(
            r#"{{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":{items}}}"#
        )
    };
    // "invalid map with non-required key and no default"
    expect(
        &check(&map(r#"{"type":"object","properties":{"key":{"type":"string"}}}"#)),
        &[(Required, "spec.validation.openAPIV3Schema.items.properties[key].default")],
    );
    // "allowed map with required key and no default", "allowed map with non-required key and
    // default"
    expect(&check(&map(r#"{"type":"object","required":["key"],"properties":{"key":{"type":"string"}}}"#)), &[]);
    expect(&check(&map(r#"{"type":"object","properties":{"key":{"type":"string","default":"stuff"}}}"#)), &[]);
    // "invalid map with nullable key"
    expect(
        &check(&map(r#"{"type":"object","properties":{"key":{"type":"string","nullable":true}}}"#)),
        &[
            (Required, "spec.validation.openAPIV3Schema.items.properties[key].default"),
            (Forbidden, "spec.validation.openAPIV3Schema.items.properties[key].nullable"),
        ],
    );
    // "invalid map with nullable items"
    expect(
        &check(&map(r#"{"type":"object","nullable":true,"properties":{"key":{"type":"string"}}}"#)),
        &[
            (Forbidden, "spec.validation.openAPIV3Schema.items.nullable"),
            (Required, "spec.validation.openAPIV3Schema.items.properties[key].default"),
        ],
    );
    // "invalid set with nullable items", "allowed set with non-nullable items"
    expect(
        &check(r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string","nullable":true}}"#),
        &[(Forbidden, "spec.validation.openAPIV3Schema.items.nullable")],
    );
    expect(
        &check(r#"{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string","nullable":false}}"#),
        &[],
    );
}

/// A definition stored with a non-atomic `set` item keeps being accepted on update; a new one
/// is refused.
#[test]
fn set_items_ratchet_on_update() {
    let schema = r#"{"type":"object","properties":{"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object","properties":{"foo":{"type":"string"}}}}}}"#;
    let mut c = crd();
    versions_mut(&mut c)[0] = version("version", true, Some(schema));
    let errs = validate_custom_resource_definition(&c, None);
    expect(&errs, &[(Invalid, "spec.validation.openAPIV3Schema.properties[s].items.x-kubernetes-map-type")]);
    expect(&validate_custom_resource_definition(&c, Some(&c)), &[]);
    expect(
        &validate_custom_resource_definition(&c, Some(&crd())),
        &[(Invalid, "spec.validation.openAPIV3Schema.properties[s].items.x-kubernetes-map-type")],
    );
}

#[test]
fn rule_field_checks() {
    let check = |rules: &str| {
        let mut errs = ErrorList::new();
        rule_fields(
            &node(&format!(r#"{{"type":"string","x-kubernetes-validations":{rules}}}"#)),
            &at_root(),
            &mut errs,
        );
        errs
    };
    // "invalid x-kubernetes-validations with empty rule"
    let empty = check(r#"[{"rule":""}]"#);
    expect(&empty, &[(Required, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule")]);
    assert_eq!(
        messages(&empty),
        ["spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Required value: rule is not specified"]
    );
    // "invalid and required messages": a multi-line rule without a message, a blank message,
    // a message with a line break.
    expect(
        &check(
            r#"[{"rule":"self.size() < 10 &&\n self.size() > 1"},{"rule":"self == 'x'","message":"   "},{"rule":"self == 'x'","message":"a\nb"}]"#,
        ),
        &[
            (Required, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].message"),
            (Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-validations[1].message"),
            (Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-validations[2].message"),
        ],
    );
    // A blank message expression, an unknown reason, a blank field path (blank, and no path).
    expect(
        &check(r#"[{"rule":"true","messageExpression":" ","reason":"Other","fieldPath":" "}]"#),
        &[
            (Required, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].messageExpression"),
            (NotSupported, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].reason"),
            (Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].fieldPath"),
            (Invalid, "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].fieldPath"),
        ],
    );
}

/// Rules are compiled only for a schema without other errors, as upstream skips them for a
/// schema that is not structural.
#[test]
fn rules_of_a_broken_schema_are_not_compiled() {
    let mut c = crd();
    versions_mut(&mut c)[0] = version(
        "version",
        true,
        Some(r#"{"type":"object","x-kubernetes-validations":[{"rule":"self.x <"}],"properties":{"a":{}}}"#),
    );
    expect(
        &validate_custom_resource_definition(&c, None),
        &[(Required, "spec.validation.openAPIV3Schema.properties[a].type")],
    );
}

// ---- TestValidateCustomResourceDefinitionUpdate: what the stored definition allows ----

fn with_schema(schema: &str) -> CustomResourceDefinition {
    let mut c = crd();
    versions_mut(&mut c)[0] = version("version", true, Some(schema));
    c
}

#[test]
fn invalid_types_updates_disallowed_unless_the_old_object_has_them() {
    let bogus = with_schema(r#"{"type":"object","properties":{"foo":{"type":"bogus"}}}"#);
    // "invalid types updates disallowed"
    expect(
        &validate_custom_resource_definition(&bogus, Some(&crd())),
        &[(NotSupported, "spec.validation.openAPIV3Schema.properties[foo].type")],
    );
    // "invalid types updates allowed if old object has invalid types"
    let old = with_schema(r#"{"type":"object","properties":{"bar":{"type":"bogus"}}}"#);
    expect(&validate_custom_resource_definition(&bogus, Some(&old)), &[]);
}

#[test]
fn map_list_keys_ratchet_on_update() {
    let keyed = |key: &str| {
        with_schema(&format!(
            r#"{{"type":"object","properties":{{"bar":{{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["key"],"items":{{"type":"object","properties":{{"key":{key}}}}}}}}}}}"#
        ))
    };
    let no_default = keyed(r#"{"type":"string"}"#);
    let nullable = keyed(r#"{"type":"string","nullable":true,"default":"x"}"#);
    // "reject non-required key with no default in list of type map if not pre-existing" and
    // "allow ... if pre-existing"
    expect(
        &validate_custom_resource_definition(&no_default, Some(&crd())),
        &[(Required, "spec.validation.openAPIV3Schema.properties[bar].items.properties[key].default")],
    );
    expect(&validate_custom_resource_definition(&no_default, Some(&no_default)), &[]);
    // "reject nullable key in list of type map if not pre-existing" and "allow ... if pre-existing"
    expect(
        &validate_custom_resource_definition(&nullable, Some(&crd())),
        &[(Forbidden, "spec.validation.openAPIV3Schema.properties[bar].items.properties[key].nullable")],
    );
    expect(&validate_custom_resource_definition(&nullable, Some(&nullable)), &[]);
}

#[test]
fn schema_required_unless_the_old_object_misses_one() {
    let mut new = two_versions();
    for v in versions_mut(&mut new) {
        v.schema = None;
    }
    // "schema required if all versions of old object have schema"
    expect(
        &validate_custom_resource_definition(&new, Some(&two_versions())),
        &[(Required, "spec.versions[0].schema.openAPIV3Schema"), (Required, "spec.versions[1].schema.openAPIV3Schema")],
    );
    // "schema not required if old object is missing schema for some versions" (both keeping
    // preserveUnknownFields)
    let mut old = two_versions();
    versions_mut(&mut old)[1].schema = None;
    old.spec.preserve_unknown_fields = true;
    let mut kept = new.clone();
    kept.spec.preserve_unknown_fields = true;
    expect(&validate_custom_resource_definition(&kept, Some(&old)), &[]);
    // Without preserveUnknownFields a served version still needs one, or every field would be
    // pruned.
    old.spec.preserve_unknown_fields = false;
    versions_mut(&mut new)[1].served = false;
    expect(
        &validate_custom_resource_definition(&new, Some(&old)),
        &[(Required, "spec.versions[0].schema.openAPIV3Schema")],
    );
}

#[test]
fn conversion_review_versions_ratchet_on_update() {
    let with_review = |versions: Option<&[&str]>| {
        let mut c = two_versions();
        webhook(&mut c, url("https://example.com/webhook"), versions);
        c
    };
    let invalid = with_review(Some(&["invalid-version"]));
    // "webhookconfig: should pass on invalid ConversionReviewVersion with old invalid versions"
    expect(&validate_custom_resource_definition(&invalid, Some(&with_review(Some(&["invalid-version2"])))), &[]);
    // "webhookconfig: should fail on invalid ConversionReviewVersion with old valid versions"
    expect(
        &validate_custom_resource_definition(&invalid, Some(&with_review(Some(&["v1beta1", "invalid-version"])))),
        &[(Invalid, "spec.conversion.conversionReviewVersions")],
    );
}

#[test]
fn switch_to_preserve_unknown_fields_true_is_forbidden() {
    let mut new = crd();
    new.spec.preserve_unknown_fields = true;
    expect(&validate_custom_resource_definition(&new, Some(&crd())), &[(Invalid, "spec.preserveUnknownFields")]);
}

// ---- TestSelectableFields (in v1, where lists all versions share are definition-wide) ----

fn selectable(schema: &str, fields: &[&str]) -> CustomResourceDefinitionVersion {
    let mut v = version("version", true, Some(schema));
    v.selectable_fields =
        fields.iter().map(|p| crate::apiextensions::v1::SelectableField { json_path: (*p).into() }).collect();
    v
}

#[test]
fn selectable_fields_that_do_not_refer_to_a_field_are_invalid() {
    let mut c = crd();
    let mut v2 = selectable(
        r#"{"type":"object","required":["foo"],"properties":{"foo":{"type":"integer"}}}"#,
        &[".xyz", ".foo", ".abc"],
    );
    v2.name = "version2".into();
    v2.storage = false;
    c.spec.versions = Some(vec![
        selectable(r#"{"type":"object","required":["foo"],"properties":{"foo":{"type":"string"}}}"#, &[".foo", ".xyz"]),
        v2,
    ]);
    let errs = validate_custom_resource_definition(&c, None);
    expect(
        &errs,
        &[
            (Invalid, "spec.versions[0].selectableFields[1].jsonPath"),
            (Invalid, "spec.versions[1].selectableFields[0].jsonPath"),
            (Invalid, "spec.versions[1].selectableFields[2].jsonPath"),
        ],
    );
    assert_eq!(
        messages(&errs)[0],
        r#"spec.versions[0].selectableFields[1].jsonPath: Invalid value: ".xyz": is an invalid path: does not refer to a valid field"#
    );
}

#[test]
fn selectable_fields_in_the_top_level_schema() {
    let mut c = crd();
    c.spec.versions = Some(vec![selectable(
        r#"{"type":"object","properties":{"spec":{"type":"object","required":["foo"],"properties":{"foo":{"type":"string"}}},
            "status":{"type":"object","required":["phase"],"properties":{"phase":{"type":"string"}}}}}"#,
        &[".spec.foo", ".spec.xyz", ".status.phase"],
    )]);
    expect(&validate_custom_resource_definition(&c, None), &[(Invalid, "spec.selectableFields[1].jsonPath")]);
}

#[test]
fn selectable_fields_must_be_strings_booleans_or_integers() {
    let mut c = crd();
    let mut v2 = selectable(
        r#"{"type":"object","properties":{"foo":{"type":"integer"},"obj":{"type":"object"},"bool":{"type":"boolean"}}}"#,
        &[".obj", ".foo", ".bool"],
    );
    v2.name = "version2".into();
    v2.storage = false;
    c.spec.versions = Some(vec![
        selectable(
            r#"{"type":"object","properties":{"foo":{"type":"string"},"obj":{"type":"object"}}}"#,
            &[".foo", ".obj"],
        ),
        v2,
    ]);
    expect(
        &validate_custom_resource_definition(&c, None),
        &[
            (Invalid, "spec.versions[0].selectableFields[1].jsonPath"),
            (Invalid, "spec.versions[1].selectableFields[0].jsonPath"),
        ],
    );
}

#[test]
fn selectable_fields_with_duplicate_json_paths_are_invalid() {
    let mut c = crd();
    c.spec.versions =
        Some(vec![selectable(r#"{"type":"object","properties":{"foo":{"type":"string"}}}"#, &[".foo", ".foo"])]);
    expect(
        &validate_custom_resource_definition(&c, None),
        &[(ErrorType::Duplicate, "spec.selectableFields[1].jsonPath")],
    );
}

#[test]
fn too_many_selectable_fields_are_not_allowed_unless_stored_so() {
    let props: Vec<String> = (0..9).map(|i| format!(r#""f{i}":{{"type":"string"}}"#)).collect();
    let schema = format!(r#"{{"type":"object","properties":{{{}}}}}"#, props.join(","));
    let paths: Vec<String> = (0..9).map(|i| format!(".f{i}")).collect();
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    let mut c = crd();
    c.spec.versions = Some(vec![selectable(&schema, &paths)]);
    expect(&validate_custom_resource_definition(&c, None), &[(ErrorType::TooMany, "spec.selectableFields")]);
    // "ratcheting: top level schema: too many selectableFields are allowed if existing CRD has
    // same selectableFields", and not with different ones.
    expect(&validate_custom_resource_definition(&c, Some(&c)), &[]);
    let mut fewer = c.clone();
    versions_mut(&mut fewer)[0].selectable_fields.pop();
    let mut other = c.clone();
    versions_mut(&mut other)[0].selectable_fields.swap(0, 1);
    expect(&validate_custom_resource_definition(&other, Some(&c)), &[(ErrorType::TooMany, "spec.selectableFields")]);
    expect(&validate_custom_resource_definition(&fewer, Some(&c)), &[]);
}

#[test]
fn selectable_field_paths() {
    let mut c = crd();
    c.spec.versions = Some(vec![selectable(
        r#"{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"string"}}},
            "m":{"type":"object","additionalProperties":{"type":"string"}}}}"#,
        &[".metadata.name", ".m.key", ".m['key']", "m"],
    )]);
    assert_eq!(
        messages(&validate_custom_resource_definition(&c, None)),
        [
            r#"spec.selectableFields[0].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata"#,
            r#"spec.selectableFields[2].jsonPath: Invalid value: ".m['key']": is an invalid path: array notation is not allowed"#,
            r#"spec.selectableFields[3].jsonPath: Invalid value: "m": is an invalid path: expected [ or . but got: m"#,
        ]
    );
}

// ---- A conversion webhook's CA bundle (upstream's `allowInvalidCABundle` cases) ----

use crate::cabundle::tests::EXAMPLE_CERT;

/// Two versions converted by a service webhook trusting `bundle`.
fn with_bundle(bundle: &[u8]) -> CustomResourceDefinition {
    let mut c = two_versions();
    let svc = ServiceReference { name: "n".into(), namespace: "ns".into(), port: Some(443), ..Default::default() };
    let cc = WebhookClientConfig { service: Some(svc), ca_bundle: bundle.to_vec(), ..Default::default() };
    webhook(&mut c, Some(cc), Some(&["v1beta1"]));
    c
}

#[test]
fn webhookconfig_valid_ca_bundle() {
    create(&with_bundle(EXAMPLE_CERT), &[]);
    let old = established(with_bundle(EXAMPLE_CERT));
    expect(&validate_custom_resource_definition(&old, Some(&old)), &[]);
}

#[test]
fn webhookconfig_existing_invalid_ca_bundle_update_should_pass() {
    let old = established(with_bundle(b"Cg=="));
    expect(&validate_custom_resource_definition(&old, Some(&old)), &[]);
}

#[test]
fn webhookconfig_existing_valid_ca_bundle_may_turn_invalid_pre_serving() {
    let old = with_bundle(EXAMPLE_CERT);
    expect(&validate_custom_resource_definition(&with_bundle(b"Cg=="), Some(&old)), &[]);
}

#[test]
fn webhookconfig_update_to_invalid_ca_bundle_fails_if_existing_is_valid() {
    let new = established(with_bundle(b"Cg=="));
    for old in [established(with_bundle(EXAMPLE_CERT)), established(with_bundle(b""))] {
        assert_eq!(
            messages(&validate_custom_resource_definition(&new, Some(&old))),
            ["spec.conversion.webhookClientConfig.caBundle: Invalid value: \"Q2c9PQ==\": unable to load root \
                 certificates: unable to parse bytes as PEM block"]
        );
    }
}

// ---- `anyOf`, `allOf`, `oneOf` and `not` (upstream's structural junctor rules) ----

#[test]
fn x_kubernetes_validations_should_be_forbidden_under_junctors() {
    let rule = r#"{"x-kubernetes-validations":[{"rule":"should be forbidden"}]}"#;
    let schema = format!(
        r#"{{"type":"object","properties":{{"a":{{"type":"number","not":{rule},"anyOf":[{rule}],"allOf":[{rule}],"oneOf":[{rule}]}}}}}}"#
    );
    create(
        &with_schema(&schema),
        &[
            (Forbidden, "spec.validation.openAPIV3Schema.properties[a].not.x-kubernetes-validations"),
            (Forbidden, "spec.validation.openAPIV3Schema.properties[a].allOf[0].x-kubernetes-validations"),
            (Forbidden, "spec.validation.openAPIV3Schema.properties[a].anyOf[0].x-kubernetes-validations"),
            (Forbidden, "spec.validation.openAPIV3Schema.properties[a].oneOf[0].x-kubernetes-validations"),
        ],
    );
}

/// Every structural keyword is refused under a junctor, at any depth below it, with upstream's
/// texts; value validations (`minimum`, `pattern`, `enum`, ...) and examples are allowed.
#[test]
fn junctors_hold_value_validations_only() {
    let nested = r#"{"type":"string","title":"t","description":"d","nullable":true,"default":"x",
        "additionalProperties":true,"x-kubernetes-preserve-unknown-fields":true,
        "x-kubernetes-embedded-resource":true,"x-kubernetes-int-or-string":true,
        "x-kubernetes-list-type":"atomic","x-kubernetes-map-type":"atomic","x-kubernetes-list-map-keys":["k"]}"#;
    let schema = format!(
        r#"{{"type":"object","properties":{{"a":{{"type":"object","properties":{{"b":{{"type":"string"}}}},
        "anyOf":[{{"properties":{{"b":{nested}}}}}]}}}}}}"#
    );
    let errs = validate_custom_resource_definition(&with_schema(&schema), None);
    let at = "spec.validation.openAPIV3Schema.properties[a].anyOf[0].properties[b]";
    let mut got = messages(&errs);
    got.sort();
    let mut want: Vec<String> = [
        "additionalProperties: Forbidden: must be undefined to be structural",
        "default: Forbidden: must be undefined to be structural",
        "description: Forbidden: must be empty to be structural",
        "nullable: Forbidden: must be false to be structural",
        "title: Forbidden: must be empty to be structural",
        "type: Forbidden: must be empty to be structural",
        "x-kubernetes-embedded-resource: Forbidden: must be false to be structural",
        "x-kubernetes-int-or-string: Forbidden: must be false to be structural",
        "x-kubernetes-list-map-keys: Forbidden: must be empty to be structural",
        "x-kubernetes-list-type: Forbidden: must be undefined to be structural",
        "x-kubernetes-map-type: Forbidden: must be undefined to be structural",
        "x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural",
    ]
    .iter()
    .map(|m| format!("{at}.{m}"))
    .collect();
    want.sort();
    assert_eq!(got, want);
    let fine = r#"{"type":"object","properties":{"a":{"type":"integer","anyOf":[{"minimum":1},{"enum":[0]}],
        "allOf":[{"maximum":9,"example":3}],"oneOf":[{"multipleOf":2}],"not":{"enum":[4]}}}}"#;
    create(&with_schema(fine), &[]);
}

#[test]
fn int_or_string_junctors_may_name_their_types() {
    let any_of = r#"{"type":"object","properties":{"port":{"x-kubernetes-int-or-string":true,
        "anyOf":[{"type":"integer"},{"type":"string"}]}}}"#;
    create(&with_schema(any_of), &[]);
    let all_of = r#"{"type":"object","properties":{"port":{"x-kubernetes-int-or-string":true,
        "allOf":[{"anyOf":[{"type":"integer"},{"type":"string"}]},{"pattern":"^[0-9a-z]+$"}]}}}"#;
    create(&with_schema(all_of), &[]);
    // Only exactly that pattern: a third type, or the types elsewhere, are structural keywords.
    let other = r#"{"type":"object","properties":{"port":{"x-kubernetes-int-or-string":true,
        "allOf":[{"pattern":"x"},{"anyOf":[{"type":"integer"},{"type":"string"}]}]}}}"#;
    create(
        &with_schema(other),
        &[
            (Forbidden, "spec.validation.openAPIV3Schema.properties[port].allOf[1].anyOf[0].type"),
            (Forbidden, "spec.validation.openAPIV3Schema.properties[port].allOf[1].anyOf[1].type"),
        ],
    );
}

#[test]
fn metadata_may_not_be_constrained_under_a_junctor() {
    let schema = r#"{"type":"object","properties":{"metadata":{"type":"object"}},
        "anyOf":[{"properties":{"metadata":{"minProperties":1}}}]}"#;
    create(&with_schema(schema), &[(Forbidden, "spec.validation.openAPIV3Schema.anyOf[0].properties[metadata]")]);
}

/// Upstream's `TestValidateStructuralCompleteness` cases (without its options, which
/// definitions never get), from the root.
#[test]
fn junctors_constrain_only_what_the_structure_has() {
    let errs = |schema: &str| messages(&validate_custom_resource_definition(&with_schema(schema), None));
    let root = "spec.validation.openAPIV3Schema";
    // Properties valued through `additionalProperties` are not enough.
    assert_eq!(
        errs(
            r#"{"type":"object","properties":{"m":{"type":"object",
            "additionalProperties":{"type":"object","properties":{"bar":{"type":"string"}}}}},
            "allOf":[{"properties":{"m":{"properties":{"foo":{"minLength":2}}}}}]}"#
        ),
        [format!(
            "{root}.properties[m].properties[foo]: Required value: because it is defined in \
             {root}.allOf[0].properties[m].properties[foo]"
        )]
    );
    assert!(errs(r#"{"type":"object","properties":{"foo":{"type":"string"}},"allOf":[{"properties":{"foo":{"minLength":2}}}]}"#).is_empty());
    assert_eq!(
        errs(
            r#"{"type":"object","properties":{"foo":{"type":"string"}},"allOf":[{"properties":{"notfoo":{"minLength":2}}}]}"#
        ),
        [format!(
            "{root}.properties[notfoo]: Required value: because it is defined in {root}.allOf[0].properties[notfoo]"
        )]
    );
    assert_eq!(
        errs(r#"{"type":"object","properties":{"foo":{"type":"string"}},"allOf":[{"items":{"minLength":2}}]}"#),
        [format!("{root}.items: Required value: because it is defined in {root}.allOf[0].items")]
    );
    // Deeper: a property's items, through `not`.
    assert_eq!(
        errs(
            r#"{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"}}},
            "not":{"properties":{"l":{"items":{"properties":{"x":{"enum":["a"]}}}}}}}"#
        ),
        [format!(
            "{root}.properties[l].items.properties[x]: Required value: because it is defined in \
             {root}.not.properties[l].items.properties[x]"
        )]
    );
}

// ---- The fields every resource has, at the root and in embedded resources ----

/// Upstream's `TestValidateStructuralMetadataInvariants`, in schema form: `metadata` must be an
/// object, and at the root may say nothing but `name` and `generateName`.
#[test]
fn root_metadata_says_only_name_and_generate_name() {
    let meta = |m: &str| with_schema(&format!(r#"{{"type":"object","properties":{{"metadata":{m}}}}}"#));
    let at = "spec.validation.openAPIV3Schema.properties[metadata]";
    create(&meta(r#"{"type":"object"}"#), &[]);
    for ty in ["array", "number", "integer", "boolean", "string"] {
        let m = format!(r#"{{"type":"{ty}"{}}}"#, if ty == "array" { r#","items":{"type":"string"}"# } else { "" });
        let errs = validate_custom_resource_definition(&meta(&m), None);
        assert!(messages(&errs).contains(&format!("{at}.type: Invalid value: \"{ty}\": must be object")), "{errs:#?}");
    }
    create(&meta(r#"{"type":"object","properties":{"name":{"type":"string"},"generateName":{"type":"string"}}}"#), &[]);
    create(&meta(r#"{"type":"object","properties":{"name":{"type":"string","maxLength":20}}}"#), &[]);
    for (field, value) in [
        ("properties", r#"{"labels":{"type":"object"}}"#),
        ("properties", r#"{"name":{"type":"string"},"namespace":{"type":"string"}}"#),
        ("description", r#""the object's metadata""#),
        ("maxProperties", "3"),
        ("x-kubernetes-preserve-unknown-fields", "true"),
        ("x-kubernetes-validations", r#"[{"rule":"true"}]"#),
    ] {
        let errs =
            validate_custom_resource_definition(&meta(&format!(r#"{{"type":"object","{field}":{value}}}"#)), None);
        assert_eq!(
            messages(&errs),
            [format!(
                "{at}: Forbidden: must not specify anything other than name and generateName, but metadata is \
                 implicitly specified"
            )],
            "{field}"
        );
    }
}

#[test]
fn embedded_resources_keep_the_resource_fields() {
    let root = "spec.validation.openAPIV3Schema";
    let embedded = |inner: &str| {
        with_schema(&format!(
            r#"{{"type":"object","properties":{{"template":{{"type":"object","x-kubernetes-embedded-resource":true,{inner}}}}}}}"#
        ))
    };
    create(
        &embedded(
            r#""properties":{"kind":{"type":"string"},"metadata":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}}"#,
        ),
        &[],
    );
    create(&embedded(r#""x-kubernetes-preserve-unknown-fields":true"#), &[]);
    let at = format!("{root}.properties[template]");
    assert_eq!(
        messages(&validate_custom_resource_definition(
            &embedded(
                r#""properties":{"kind":{"type":"integer"},"apiVersion":{"type":"string"},"metadata":{"type":"string"}}"#
            ),
            None
        )),
        [
            format!("{at}.properties[kind].type: Invalid value: \"integer\": must be string"),
            format!("{at}.properties[metadata].type: Invalid value: \"string\": must be object"),
        ]
    );
    assert_eq!(
        messages(&validate_custom_resource_definition(&embedded(r#""additionalProperties":{"type":"string"}"#), None)),
        [
            format!("{at}.additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set"),
            format!(
                "{at}.properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without \
                 x-kubernetes-preserve-unknown-fields"
            ),
        ]
    );
    // The same fields elsewhere are anybody's.
    create(
        &with_schema(
            r#"{"type":"object","properties":{"spec":{"type":"object","properties":{"kind":{"type":"integer"},"metadata":{"type":"string"}}}}}"#,
        ),
        &[],
    );
}

// ---- A rule's `fieldPath` ----

/// Upstream's "x-kubernetes-validations should have valid fieldPath for array" and "... have
/// invalid fieldPath" cases: the path must lead to a field of the node's schema, with quoted
/// segments and their escapes, and no list indexes.
#[test]
fn x_kubernetes_validations_field_paths_lead_to_fields() {
    let rules = |paths: &[&str], rule: &str| {
        paths
            .iter()
            .map(|p| format!(r#"{{"rule":"{rule}","fieldPath":"{}"}}"#, p.replace('\\', "\\\\")))
            .collect::<Vec<_>>()
            .join(",")
    };
    let list = r#""list":{"type":"array","items":{"type":"object","properties":{"a":{"type":"number"}}}}"#;
    let schema = format!(
        r#"{{"type":"object","x-kubernetes-validations":[{}],"properties":{{"a.c":{{"type":"number"}},
        "foo":{{"type":"object","properties":{{"b.c":{{"type":"object","properties":{{"c\u0007":{{"type":"number"}}}}}}}}}},{list}}}}}"#,
        rules(&[r".foo['b.c']['c\a']", "['a.c']", ".a.c", ".list[0]", "   ", ".", ".."], "true")
    );
    let at = |i: usize| format!("spec.validation.openAPIV3Schema.x-kubernetes-validations[{i}].fieldPath");
    let errs = validate_custom_resource_definition(&with_schema(&schema), None);
    expect(
        &errs,
        &[
            (Invalid, &at(2)),
            (Invalid, &at(3)),
            (Invalid, &at(4)),
            (Invalid, &at(4)),
            (Invalid, &at(5)),
            (Invalid, &at(6)),
        ],
    );
    assert!(messages(&errs).contains(&format!(r#"{}: Invalid value: ".list[0]": must be a valid path"#, at(3))));
    let schema = format!(
        r#"{{"type":"object","x-kubernetes-validations":[{}],"properties":{{
        "a":{{"type":"object","properties":{{"b":{{"type":"object","properties":{{"c":{{"type":"number"}}}}}}}}}},{list}}}}}"#,
        rules(&[".list[0].b", ".list[0.b", ".list0].b", ".a.c", ".a.b.d"], "self.a.b.c > 0.0")
    );
    expect(
        &validate_custom_resource_definition(&with_schema(&schema), None),
        &[(Invalid, &at(0)), (Invalid, &at(1)), (Invalid, &at(2)), (Invalid, &at(3)), (Invalid, &at(4))],
    );
    // Map keys through `additionalProperties`, quoted or not.
    let map = r#"{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"object",
        "properties":{"x":{"type":"string"}}},"x-kubernetes-validations":[{"rule":"true","fieldPath":".k.x"},
        {"rule":"true","fieldPath":"['k 1'].x"}]}}}"#;
    create(&with_schema(map), &[]);
}

// ---- Transition rules where old and new values cannot be paired ----

/// Upstream's "forbid/allow transition rule on element of list of type ..." cases: a rule using
/// `oldSelf` under the items of a list that is not a `map` list can never run, so it is
/// refused; on the list itself, on map-list items and on map entries it is allowed.
#[test]
fn transition_rules_need_correlatable_values() {
    let at = "spec.validation.openAPIV3Schema.properties[value]";
    let list = |list_type: &str, items_rule: bool, list_rule: bool| {
        let lt =
            if list_type.is_empty() { String::new() } else { format!(r#""x-kubernetes-list-type":"{list_type}","#) };
        let keys = if list_type == "map" { r#""x-kubernetes-list-map-keys":["k"],"# } else { "" };
        let item = if list_type == "map" {
            r#"{"type":"object","required":["k"],"properties":{"k":{"type":"string"}}RULE}"#
        } else {
            r#"{"type":"string","maxLength":10RULE}"#
        };
        let rule = r#","x-kubernetes-validations":[{"rule":"self == oldSelf"}]"#;
        let item = item.replace("RULE", if items_rule { rule } else { "" });
        with_schema(&format!(
            r#"{{"type":"object","properties":{{"value":{{"type":"array",{lt}{keys}"maxItems":10,"items":{item}{}}}}}}}"#,
            if list_rule { rule } else { "" }
        ))
    };
    for list_type in ["atomic", "", "set"] {
        let errs = validate_custom_resource_definition(&list(list_type, true, false), None);
        assert_eq!(
            messages(&errs),
            [format!(
                "{at}.items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be \
                 used on the uncorrelatable portion of the schema within {at}"
            )],
            "{list_type:?}"
        );
        create(&list(list_type, false, true), &[]);
    }
    create(&list("map", true, true), &[]);
    let map = r#"{"type":"object","properties":{"value":{"type":"object","maxProperties":10,"additionalProperties":
        {"type":"string","maxLength":10,"x-kubernetes-validations":[{"rule":"self == oldSelf"}]}}}}"#;
    create(&with_schema(map), &[]);
}

#[test]
fn optional_old_self_needs_a_transition_rule() {
    let schema = r#"{"type":"object","x-kubernetes-validations":[{"rule":"true","optionalOldSelf":true},
        {"rule":"oldSelf.hasValue()","optionalOldSelf":true}]}"#;
    assert_eq!(
        messages(&validate_custom_resource_definition(&with_schema(schema), None)),
        [
            "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be \
          set if oldSelf is not used in rule"
        ]
    );
}

// ---- Defaults ----

/// Upstream's "invalid defaults with enabled feature gate, structural schema": a default with a
/// field its schema drops, one of the wrong type, one breaking a pattern, and defaults under a
/// schema that keeps no fields; an embedded resource's default may carry its type, kind and
/// metadata (unknown metadata fields too, pruned only when stored).
#[test]
fn invalid_defaults_structural_schema() {
    let foo = r#""properties":{"foo":{"type":"string"}}"#;
    let schema = format!(
        r#"{{"type":"object","properties":{{
        "a":{{"type":"object",{foo},"default":{{"foo":"abc","bar":42}}}},
        "b":{{"type":"object",{foo},"default":{{"foo":"abc"}}}},
        "c":{{"type":"object",{foo},"default":{{"foo":42}}}},
        "d":{{"type":"object","properties":{{"good":{{"type":"string","pattern":"a"}},"bad":{{"type":"string","pattern":"b"}}}},
              "default":{{"good":"a","bad":"a"}}}},
        "e":{{"type":"object","properties":{{
              "preserveUnknownFields":{{"type":"object","default":{{"foo":"abc","bar":42}}}},
              "nestedProperties":{{"type":"object",{foo},"default":{{"foo":"abc","bar":42}}}}}}}},
        "embedded-fine":{{"type":"object","x-kubernetes-embedded-resource":true,{foo},
              "default":{{"foo":"abc","apiVersion":"foo/v1","kind":"v1","metadata":{{"name":"foo"}}}}}},
        "embedded-preserve":{{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,{foo},
              "default":{{"foo":"abc","apiVersion":"foo/v1","kind":"v1","metadata":{{"name":"foo"}},"bar":42}}}},
        "embedded-preserve-unpruned-objectmeta":{{"type":"object","x-kubernetes-embedded-resource":true,
              "x-kubernetes-preserve-unknown-fields":true,{foo},
              "default":{{"foo":"abc","apiVersion":"foo/v1","kind":"v1","metadata":{{"name":"foo","unspecified":"bar"}},"bar":42}}}}}}}}"#
    );
    let c = with_schema(&schema);
    let errs = validate_custom_resource_definition(&c, None);
    let root = "spec.validation.openAPIV3Schema";
    expect(
        &errs,
        &[
            (Invalid, &format!("{root}.properties[a].default")),
            (ErrorType::TypeInvalid, &format!("{root}.properties[c].default.foo")),
            (Invalid, &format!("{root}.properties[d].default.bad")),
            (Invalid, &format!("{root}.properties[e].properties[preserveUnknownFields].default")),
            (Invalid, &format!("{root}.properties[e].properties[nestedProperties].default")),
        ],
    );
    let got = messages(&errs);
    assert!(
        got.contains(&format!(
            r#"{root}.properties[a].default: Invalid value: {{"bar":42,"foo":"abc"}}: must not have unknown fields"#
        )),
        "{got:#?}"
    );
    // A definition stored with such defaults keeps them on update; one without may not add them.
    expect(
        &validate_custom_resource_definition(&c, Some(&c)),
        &[
            (ErrorType::TypeInvalid, &format!("{root}.properties[c].default.foo")),
            (Invalid, &format!("{root}.properties[d].default.bad")),
        ],
    );
    let clean = with_schema(&format!(
        r#"{{"type":"object","properties":{{"b":{{"type":"object",{foo},"default":{{"foo":"abc"}}}}}}}}"#
    ));
    expect(
        &validate_custom_resource_definition(&c, Some(&clean)),
        &[
            (Invalid, &format!("{root}.properties[a].default")),
            (ErrorType::TypeInvalid, &format!("{root}.properties[c].default.foo")),
            (Invalid, &format!("{root}.properties[d].default.bad")),
            (Invalid, &format!("{root}.properties[e].properties[preserveUnknownFields].default")),
            (Invalid, &format!("{root}.properties[e].properties[nestedProperties].default")),
        ],
    );
}

/// Upstream's `Test_validateDeprecationWarning`, case for case (a warning that is not UTF-8
/// cannot be a Rust string).
#[test]
fn deprecation_warnings_as_upstreams() {
    let cases: &[(&str, bool, Option<&str>, &[&str])] = &[
        ("not deprecated, nil warning", false, None, &[]),
        ("not deprecated, empty warning", false, Some(""), &["can only be set for deprecated versions"]),
        ("not deprecated, set warning", false, Some("foo"), &["can only be set for deprecated versions"]),
        ("utf-8", true, Some("Iñtërnâtiônàlizætiøn,💝🐹🌇⛔"), &[]),
        ("long warning", true, Some(&"x".repeat(256)), &[]),
        ("too long warning", true, Some(&"x".repeat(257)), &["must be <= 256 characters long"]),
        (
            "newline",
            true,
            Some("Test message\nfoo"),
            &["must only contain printable UTF-8 characters; non-printable character found at index 12"],
        ),
        (
            "non-printable character",
            true,
            Some("Test message\u{8}"),
            &["must only contain printable UTF-8 characters; non-printable character found at index 12"],
        ),
        (
            "null character",
            true,
            Some("Test message\u{0}"),
            &["must only contain printable UTF-8 characters; non-printable character found at index 12"],
        ),
    ];
    for (name, deprecated, warning, want) in cases {
        assert_eq!(deprecation_warning(*deprecated, *warning), *want, "{name}");
    }
    // What Go's tables tell beyond control characters: a format character, at its byte offset.
    assert_eq!(
        deprecation_warning(true, Some("ünused\u{200b}")),
        ["must only contain printable UTF-8 characters; non-printable character found at index 7"]
    );
}
