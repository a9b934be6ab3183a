//! Upstream's `TestValidateCustomResourceDefinition` cases about defaults inside resources ("embedded metadata defaults", "v1.15 era tests for metadata defaults"), pinned by field path and error type as upstream checks them, with the messages of the metadata checks; then the `x-kubernetes-validations` rules of defaults.

use kapi_machinery::validation::ErrorList;
use kapi_machinery::validation::ErrorType::{self, Forbidden, Invalid, NotSupported, Required};

use super::super::super::{
    CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionVersion, CustomResourceValidation,
    JSONSchemaProps, ResourceScope,
};
use super::super::validate_custom_resource_definition;

const ROOT: &str = "spec.validation.openAPIV3Schema";

fn crd(schema: &str) -> CustomResourceDefinition {
    let props: JSONSchemaProps = kapi_machinery::json::from_slice(schema.as_bytes()).expect("schema JSON");
    let mut c = CustomResourceDefinition::default();
    c.metadata.name = "plural.group.com".into();
    c.spec.group = "group.com".into();
    c.spec.scope = ResourceScope(ResourceScope::NAMESPACED.into());
    c.spec.names = CustomResourceDefinitionNames {
        plural: "plural".into(),
        singular: "singular".into(),
        kind: "Plural".into(),
        list_kind: "PluralList".into(),
        ..Default::default()
    };
    c.spec.versions = Some(vec![CustomResourceDefinitionVersion {
        name: "v1".into(),
        served: true,
        storage: true,
        schema: Some(CustomResourceValidation { open_apiv3_schema: Some(Box::new(props)) }),
        ..Default::default()
    }]);
    c.status.stored_versions = Some(vec!["v1".into()]);
    c
}

/// An object schema with the given `(name, schema)` properties.
fn object(props: &[(&str, String)]) -> String {
    let members: Vec<String> = props.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
    format!(r#"{{"type":"object","properties":{{{}}}}}"#, members.join(","))
}

fn validate(props: &[(&str, String)]) -> ErrorList {
    validate_custom_resource_definition(&crd(&object(props)), None)
}

/// The errors as upstream's tests match them: type and field, sorted.
#[track_caller]
fn expect(errs: &ErrorList, want: &[(ErrorType, String)]) {
    let key = |t: &ErrorType, f: &str| (f.to_owned(), format!("{t:?}"));
    let mut got: Vec<_> = errs.iter().map(|e| key(&e.error_type, &e.field)).collect();
    let mut want: Vec<_> = want.iter().map(|(t, f)| key(t, f)).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "{errs:#?}");
}

fn at(prop: &str, rest: &str) -> String {
    format!("{ROOT}.properties[{prop}]{rest}")
}

const SOMETHING: &str = r#""something":{"type":"string"}"#;
/// The constrained `apiVersion`, `kind`, `name` and `labels` of upstream's constraint cases.
const CONSTRAINED: &str = r#""apiVersion":{"type":"string","enum":["foo/v1"]},"kind":{"type":"string","enum":["Foo"]},
    "metadata":{"type":"object","properties":{"name":{"type":"string","enum":["foo"]},
    "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]}}}}"#;
const POD: &str = r#""apiVersion":"v1","kind":"Pod","metadata":{"name":"foo","unknown":42}"#;

/// An embedded resource with the properties `props` and more schema `extra` (`,"default":…`).
fn embedded(props: &str, extra: &str) -> String {
    format!(r#"{{"type":"object","x-kubernetes-embedded-resource":true,"properties":{{{props}}}{extra}}}"#)
}

/// An object whose `embedded` property is `inner`, with the default `default`.
fn spanning(inner: &str, default: &str) -> String {
    format!(r#"{{"type":"object","properties":{{"embedded":{inner}}},"default":{default}}}"#)
}

#[test]
fn embedded_metadata_defaults() {
    let plain = embedded(SOMETHING, "");
    let preserving = r#"{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,"properties":{}}"#;
    let with_default = |d: &str| embedded(SOMETHING, &format!(r#","default":{d}"#));
    let constrained_default = |d: &str| embedded(CONSTRAINED, &format!(r#","default":{d}"#));
    let props: Vec<(&str, String)> = vec![
        ("embedded", embedded(r#""metadata":{"type":"object","default":{"name":"foo"}}"#, "")),
        (
            "allowed-in-object-defaults",
            embedded(
                r#""apiVersion":{"type":"string","default":"v1"},"kind":{"type":"string","default":"Pod"},
                "metadata":{"type":"object","properties":{"name":{"type":"string","default":"foo"}},"default":{"unknown":42}}"#,
                "",
            ),
        ),
        ("allowed-object-defaults", with_default(&format!("{{{POD}}}"))),
        ("allowed-spanning-object-defaults", spanning(&plain, &format!(r#"{{"embedded":{{{POD}}}}}"#))),
        ("unknown-field-object-defaults", with_default(&format!(r#"{{{POD},"unknown":42}}"#))),
        (
            "unknown-field-spanning-object-defaults",
            spanning(&plain, &format!(r#"{{"embedded":{{{POD},"unknown":42}},"unknown":42}}"#)),
        ),
        (
            "x-preserve-unknown-fields-unknown-field-object-defaults",
            format!(
                r#"{{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,
                "properties":{{}},"default":{{{POD},"unknown":42}}}}"#
            ),
        ),
        (
            "x-preserve-unknown-fields-unknown-field-spanning-object-defaults",
            spanning(preserving, &format!(r#"{{"embedded":{{{POD},"unknown":42}}}}"#)),
        ),
        (
            "x-preserve-unknown-fields-unknown-field-outside",
            spanning(preserving, &format!(r#"{{"embedded":{{{POD},"unknown":42}},"unknown":42}}"#)),
        ),
        (
            "wrongly-typed-in-object-defaults",
            embedded(
                r#""apiVersion":{"type":"string","default":42},"kind":{"type":"string","default":42},
                "metadata":{"type":"object","properties":{"name":{"type":"string","default":42},
                "annotations":{"type":"object","additionalProperties":{"type":"string"},"default":42}}}"#,
                "",
            ),
        ),
        ("wrongly-typed-object-defaults-apiVersion", with_default(r#"{"apiVersion":42}"#)),
        ("wrongly-typed-object-defaults-kind", with_default(r#"{"kind":42}"#)),
        ("wrongly-typed-object-defaults-name", with_default(r#"{"metadata":{"name":42}}"#)),
        ("wrongly-typed-object-defaults-labels", with_default(r#"{"metadata":{"labels":{"foo":42}}}"#)),
        ("wrongly-typed-object-defaults-annotations", with_default(r#"{"metadata":{"annotations":42}}"#)),
        ("wrongly-typed-object-defaults-metadata", with_default(r#"{"metadata":42}"#)),
        ("wrongly-typed-spanning-object-defaults-apiVersion", spanning(&plain, r#"{"embedded":{"apiVersion":42}}"#)),
        ("wrongly-typed-spanning-object-defaults-kind", spanning(&plain, r#"{"embedded":{"kind":42}}"#)),
        ("wrongly-typed-spanning-object-defaults-name", spanning(&plain, r#"{"embedded":{"metadata":{"name":42}}}"#)),
        (
            "wrongly-typed-spanning-object-defaults-labels",
            spanning(&plain, r#"{"embedded":{"metadata":{"labels":{"foo":42}}}}"#),
        ),
        (
            "wrongly-typed-spanning-object-defaults-annotations",
            spanning(&plain, r#"{"embedded":{"metadata":{"annotations":42}}}"#),
        ),
        ("wrongly-typed-spanning-object-defaults-metadata", spanning(&plain, r#"{"embedded":{"metadata":42}}"#)),
        (
            "invalid-in-object-defaults",
            embedded(
                r#""kind":{"type":"string","default":"%"},
                "metadata":{"type":"object","properties":{"name":{"type":"string","default":"%"},
                "labels":{"type":"object","additionalProperties":{"type":"string"},"default":{"foo":"x y"}}}}"#,
                "",
            ),
        ),
        ("invalid-object-defaults-kind", with_default(r#"{"apiVersion":"foo/v1","kind":"%"}"#)),
        (
            "invalid-object-defaults-name",
            with_default(r#"{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"%"}}"#),
        ),
        (
            "invalid-object-defaults-labels",
            with_default(r#"{"apiVersion":"foo/v1","kind":"Foo","metadata":{"labels":{"foo":"x y"}}}"#),
        ),
        (
            "invalid-spanning-object-defaults-kind",
            spanning(&plain, r#"{"embedded":{"apiVersion":"foo/v1","kind":"%"}}"#),
        ),
        (
            "invalid-spanning-object-defaults-name",
            spanning(&plain, r#"{"embedded":{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"%"}}}"#),
        ),
        (
            "invalid-spanning-object-defaults-labels",
            spanning(
                &plain,
                r#"{"embedded":{"apiVersion":"foo/v1","kind":"Foo","metadata":{"labels":{"foo":"x y"}}}}"#,
            ),
        ),
        (
            "in-object-defaults-with-valid-constraints",
            embedded(
                r#""apiVersion":{"type":"string","default":"foo/v1","enum":["foo/v1"]},
                "kind":{"type":"string","default":"Foo","enum":["Foo"]},
                "metadata":{"type":"object","properties":{"name":{"type":"string","default":"foo","enum":["foo"]},
                "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]},"default":{"foo":"foo"}}}}"#,
                "",
            ),
        ),
        (
            "metadata-defaults-with-valid-constraints",
            embedded(
                r#""metadata":{"type":"object","properties":{"name":{"type":"string","enum":["foo"]},
                "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]}}},
                "default":{"name":"foo","labels":{"foo":"foo"}}}"#,
                "",
            ),
        ),
        (
            "object-defaults-with-valid-constraints",
            constrained_default(
                r#"{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"foo","labels":{"foo":"foo"}}}"#,
            ),
        ),
        (
            "spanning-defaults-with-valid-constraints",
            spanning(
                &embedded(CONSTRAINED, ""),
                r#"{"embedded":{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"foo","labels":{"foo":"foo"}}}}"#,
            ),
        ),
        (
            "in-object-defaults-with-invalid-constraints",
            embedded(
                r#""apiVersion":{"type":"string","default":"bar/v1","enum":["foo/v1"]},
                "kind":{"type":"string","default":"Bar","enum":["Foo"]},
                "metadata":{"type":"object","properties":{"name":{"type":"string","default":"bar","enum":["foo"]},
                "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]},"default":{"foo":"bar"}}}}"#,
                "",
            ),
        ),
        (
            "metadata-defaults-with-invalid-constraints-name",
            embedded(
                r#""metadata":{"type":"object","properties":{"name":{"type":"string","enum":["foo"]},
                "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]}}},"default":{"name":"bar"}}"#,
                "",
            ),
        ),
        (
            "metadata-defaults-with-invalid-constraints-labels",
            embedded(
                r#""metadata":{"type":"object","properties":{"name":{"type":"string","enum":["foo"]},
                "labels":{"type":"object","additionalProperties":{"type":"string","enum":["foo"]}}},
                "default":{"name":"foo","labels":{"foo":"bar"}}}"#,
                "",
            ),
        ),
        (
            "object-defaults-with-invalid-constraints-name",
            constrained_default(r#"{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"bar"}}"#),
        ),
        (
            "object-defaults-with-invalid-constraints-labels",
            constrained_default(
                r#"{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"foo","labels":{"foo":"bar"}}}"#,
            ),
        ),
        (
            "object-defaults-with-invalid-constraints-apiVersion",
            constrained_default(r#"{"apiVersion":"bar/v1","kind":"Foo","metadata":{"name":"foo"}}"#),
        ),
        (
            "object-defaults-with-invalid-constraints-kind",
            constrained_default(r#"{"apiVersion":"foo/v1","kind":"Bar","metadata":{"name":"foo"}}"#),
        ),
        (
            "spanning-defaults-with-invalid-constraints-name",
            spanning(
                &embedded(CONSTRAINED, ""),
                r#"{"embedded":{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"bar","labels":{"foo":"foo"}}}}"#,
            ),
        ),
        (
            "spanning-defaults-with-invalid-constraints-labels",
            spanning(
                &embedded(CONSTRAINED, ""),
                r#"{"embedded":{"apiVersion":"foo/v1","kind":"Foo","metadata":{"name":"foo","labels":{"foo":"bar"}}}}"#,
            ),
        ),
        (
            "spanning-defaults-with-invalid-constraints-apiVersion",
            spanning(
                &embedded(CONSTRAINED, ""),
                r#"{"embedded":{"apiVersion":"bar/v1","kind":"Foo","metadata":{"name":"foo","labels":{"foo":"foo"}}}}"#,
            ),
        ),
        (
            "spanning-defaults-with-invalid-constraints-kind",
            spanning(
                &embedded(CONSTRAINED, ""),
                r#"{"embedded":{"apiVersion":"foo/v1","kind":"Bar","metadata":{"name":"foo","labels":{"foo":"foo"}}}}"#,
            ),
        ),
        (
            "object-defaults-with-missing-typemeta",
            embedded(
                r#""apiVersion":{"type":"string","enum":["foo/v1"]},"kind":{"type":"string","enum":["Foo"]}"#,
                r#","default":{"metadata":{"name":"bar"}}"#,
            ),
        ),
        (
            "spanning-defaults-with-missing-typemeta",
            spanning(
                &embedded(
                    r#""apiVersion":{"type":"string","enum":["foo/v1"]},"kind":{"type":"string","enum":["Foo"]}"#,
                    "",
                ),
                r#"{"embedded":{"metadata":{"name":"bar"}}}"#,
            ),
        ),
    ];
    let errs = validate(&props);
    let d = |p: &str, rest: &str| at(p, &format!(".default{rest}"));
    expect(
        &errs,
        &[
            (Invalid, d("unknown-field-object-defaults", "")),
            (Invalid, d("unknown-field-spanning-object-defaults", "")),
            (Invalid, d("x-preserve-unknown-fields-unknown-field-outside", "")),
            (Invalid, at("wrongly-typed-in-object-defaults", ".properties[kind].default")),
            (Invalid, at("wrongly-typed-in-object-defaults", ".properties[apiVersion].default")),
            (Invalid, at("wrongly-typed-in-object-defaults", ".properties[metadata].properties[name].default")),
            (Invalid, at("wrongly-typed-in-object-defaults", ".properties[metadata].properties[annotations].default")),
            (Invalid, d("wrongly-typed-object-defaults-metadata", ".metadata")),
            (Invalid, d("wrongly-typed-object-defaults-apiVersion", ".apiVersion")),
            (Invalid, d("wrongly-typed-object-defaults-kind", ".kind")),
            (Invalid, d("wrongly-typed-object-defaults-name", ".metadata")),
            (Invalid, d("wrongly-typed-object-defaults-labels", ".metadata")),
            (Invalid, d("wrongly-typed-object-defaults-annotations", ".metadata")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-metadata", ".embedded.metadata")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-apiVersion", ".embedded.apiVersion")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-kind", ".embedded.kind")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-name", ".embedded.metadata")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-labels", ".embedded.metadata")),
            (Invalid, d("wrongly-typed-spanning-object-defaults-annotations", ".embedded.metadata")),
            (Invalid, at("invalid-in-object-defaults", ".properties[metadata].properties[name].default")),
            (Invalid, at("invalid-in-object-defaults", ".properties[metadata].properties[labels].default")),
            (Invalid, at("invalid-in-object-defaults", ".properties[kind].default")),
            (Invalid, d("invalid-object-defaults-kind", ".kind")),
            (Invalid, d("invalid-object-defaults-name", ".metadata.name")),
            (Invalid, d("invalid-object-defaults-labels", ".metadata.labels")),
            (Invalid, d("invalid-spanning-object-defaults-kind", ".embedded.kind")),
            (Invalid, d("invalid-spanning-object-defaults-name", ".embedded.metadata.name")),
            (Invalid, d("invalid-spanning-object-defaults-labels", ".embedded.metadata.labels")),
            (NotSupported, at("in-object-defaults-with-invalid-constraints", ".properties[apiVersion].default")),
            (NotSupported, at("in-object-defaults-with-invalid-constraints", ".properties[kind].default")),
            (
                NotSupported,
                at("in-object-defaults-with-invalid-constraints", ".properties[metadata].properties[name].default"),
            ),
            (
                NotSupported,
                at(
                    "in-object-defaults-with-invalid-constraints",
                    ".properties[metadata].properties[labels].default.foo",
                ),
            ),
            (NotSupported, at("metadata-defaults-with-invalid-constraints-name", ".properties[metadata].default.name")),
            (
                NotSupported,
                at("metadata-defaults-with-invalid-constraints-labels", ".properties[metadata].default.labels.foo"),
            ),
            (NotSupported, d("object-defaults-with-invalid-constraints-name", ".metadata.name")),
            (NotSupported, d("object-defaults-with-invalid-constraints-labels", ".metadata.labels.foo")),
            (NotSupported, d("object-defaults-with-invalid-constraints-apiVersion", ".apiVersion")),
            (NotSupported, d("object-defaults-with-invalid-constraints-kind", ".kind")),
            (NotSupported, d("spanning-defaults-with-invalid-constraints-kind", ".embedded.kind")),
            (NotSupported, d("spanning-defaults-with-invalid-constraints-labels", ".embedded.metadata.labels.foo")),
            (NotSupported, d("spanning-defaults-with-invalid-constraints-apiVersion", ".embedded.apiVersion")),
            (NotSupported, d("spanning-defaults-with-invalid-constraints-name", ".embedded.metadata.name")),
            (Required, d("object-defaults-with-missing-typemeta", ".apiVersion")),
            (Required, d("object-defaults-with-missing-typemeta", ".kind")),
            (Required, d("spanning-defaults-with-missing-typemeta", ".embedded.apiVersion")),
            (Required, d("spanning-defaults-with-missing-typemeta", ".embedded.kind")),
        ],
    );
    let messages: Vec<String> = errs.iter().map(ToString::to_string).collect();
    for want in [
        format!(
            "{}: Invalid value: 42: must result in valid metadata: apiVersion: Invalid value: 42: must be a string",
            at("wrongly-typed-in-object-defaults", ".properties[apiVersion].default")
        ),
        format!(
            "{}: Invalid value: 42: must result in valid metadata: metadata: Invalid value: {{\"name\":42}}: \
             json: cannot unmarshal number into Go struct field ObjectMeta.name of type string",
            at("wrongly-typed-in-object-defaults", ".properties[metadata].properties[name].default")
        ),
        format!(
            "{}: Invalid value: {{\"name\":42}}: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string",
            d("wrongly-typed-object-defaults-name", ".metadata")
        ),
        format!(
            "{}: Invalid value: {{\"labels\":{{\"foo\":42}}}}: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string",
            d("wrongly-typed-object-defaults-labels", ".metadata")
        ),
        format!(
            "{}: Invalid value: 42: json: cannot unmarshal number into Go value of type v1.ObjectMeta",
            d("wrongly-typed-object-defaults-metadata", ".metadata")
        ),
        format!("{}: Invalid value: \"%\": may not contain '%'", d("invalid-object-defaults-name", ".metadata.name")),
        format!(
            "{}: Invalid value: \"%\": must result in valid metadata: metadata.name: Invalid value: \"%\": may not contain '%'",
            at("invalid-in-object-defaults", ".properties[metadata].properties[name].default")
        ),
        format!("{}: Required value", d("object-defaults-with-missing-typemeta", ".kind")),
    ] {
        assert!(messages.contains(&want), "{want}\n{messages:#?}");
    }
    let kind =
        messages.iter().find(|m| m.starts_with(&d("invalid-object-defaults-kind", ".kind"))).expect("the kind's error");
    assert!(kind.ends_with(": Invalid value: \"%\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"), "{kind}");
}

/// "v1.15 era tests for metadata defaults": a resource's own metadata takes no defaults; an
/// embedded resource's metadata and kind defaults must make valid metadata, of the right types.
#[test]
fn v1_15_era_metadata_defaults() {
    let errs = validate(&[("metadata", r#"{"type":"object","default":{"name":"foo"}}"#.to_owned())]);
    expect(&errs, &[(Forbidden, format!("{ROOT}.properties[metadata].default"))]);
    let errs = validate(&[(
        "metadata",
        r#"{"type":"object","properties":{"name":{"type":"string","default":"foo"}}}"#.to_owned(),
    )]);
    expect(&errs, &[(Forbidden, format!("{ROOT}.properties[metadata].properties[name].default"))]);
    let errs = validate(&[(
        "embedded",
        embedded(
            r#""kind":{"type":"string","default":"%"},
            "metadata":{"type":"object","default":{"name":"foo","labels":{"bar":"x y"}}}"#,
            "",
        ),
    )]);
    expect(
        &errs,
        &[
            (Invalid, at("embedded", ".properties[metadata].default")),
            (Invalid, at("embedded", ".properties[kind].default")),
        ],
    );
    let errs = validate(&[(
        "embedded",
        embedded(
            r#""metadata":{"type":"object","properties":{"name":{"type":"string","default":42},
            "labels":{"type":"object","properties":{"bar":{"type":"string","default":42}}}}}"#,
            "",
        ),
    )]);
    expect(
        &errs,
        &[
            (Invalid, at("embedded", ".properties[metadata].properties[labels].properties[bar].default")),
            (Invalid, at("embedded", ".properties[metadata].properties[name].default")),
        ],
    );
}

/// "default inside additionalSchema": no default under `additionalProperties` inside a
/// resource's metadata, where pruning could not tell what to default; with its message.
#[test]
fn no_defaults_under_additional_properties_in_metadata() {
    let errs = validate(&[(
        "embedded",
        embedded(
            r#""metadata":{"type":"object","properties":{"annotations":{"type":"object",
            "additionalProperties":{"type":"string","default":"abc"}}}}"#,
            "",
        ),
    )]);
    let at = at("embedded", ".properties[metadata].properties[annotations].additionalProperties.default");
    expect(&errs, &[(Forbidden, at.clone())]);
    assert_eq!(
        errs[0].to_string(),
        format!("{at}: Forbidden: must not be set inside additionalProperties applying to object metadata")
    );
    let errs = validate(&[("kind", r#"{"type":"string","default":"Foo"}"#.to_owned())]);
    assert_eq!(
        errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [format!("{ROOT}.properties[kind].default: Forbidden: must not be set in top-level kind")]
    );
}

/// The rest of object metadata in an embedded default: namespace, generation, annotations,
/// owner references, finalizers, as upstream's `ValidateObjectMetaAccessor` on create.
#[test]
fn embedded_default_metadata_is_object_metadata() {
    let default = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"..","generateName":"a/b","namespace":"Bad_NS",
        "generation":-1,"annotations":{"Bad Key":"v"},"finalizers":["orphan","foregroundDeletion"],
        "ownerReferences":[{"apiVersion":"v1","kind":"Event","name":"e","uid":"1","controller":true},
                           {"apiVersion":"a/b/c","kind":"","name":"","uid":"","controller":true}]}}"#;
    let errs = validate(&[("e", embedded(SOMETHING, &format!(r#","default":{default}"#)))]);
    let m = |rest: &str| at("e", &format!(".default.metadata{rest}"));
    expect(
        &errs,
        &[
            (Invalid, m(".generateName")),
            (Invalid, m(".name")),
            (Invalid, m(".namespace")),
            (Invalid, m(".generation")),
            (Invalid, m(".annotations")),
            (Invalid, m(".ownerReferences")),
            (Invalid, m(".ownerReferences.apiVersion")),
            (Invalid, m(".ownerReferences.kind")),
            (Invalid, m(".ownerReferences.name")),
            (Invalid, m(".ownerReferences.uid")),
            (Invalid, m(".ownerReferences")),
            (Invalid, m(".finalizers")),
        ],
    );
    let messages: Vec<String> = errs.iter().map(ToString::to_string).collect();
    for want in [
        format!("{}: Invalid value: \"..\": may not be '..'", m(".name")),
        format!("{}: Invalid value: \"a/b\": may not contain '/'", m(".generateName")),
        format!("{}: Invalid value: -1: must be greater than or equal to 0", m(".generation")),
        format!("{}: Invalid value: \"a/b/c\": version must not be empty", m(".ownerReferences.apiVersion")),
        format!(
            "{}: Invalid value: [\"orphan\",\"foregroundDeletion\"]: finalizer orphan and foregroundDeletion cannot be both set",
            m(".finalizers")
        ),
    ] {
        assert!(messages.contains(&want), "{want}\n{messages:#?}");
    }
    assert!(
        messages.iter().any(|e| e.ends_with(
            "Only one reference can have Controller set to true. Found \"true\" in references for Event/e and /"
        )),
        "{messages:#?}"
    );
    assert!(messages.iter().any(|e| e.ends_with("/v1, Kind=Event is disallowed from being an owner")), "{messages:#?}");
    // Times must be RFC 3339; other metadata fields keep Go's decoding errors.
    let errs = validate(&[(
        "e",
        embedded(
            SOMETHING,
            r#","default":{"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"yesterday"}}"#,
        ),
    )]);
    expect(&errs, &[(Invalid, at("e", ".default.metadata"))]);
    assert!(errs[0].detail.starts_with("parsing time \"yesterday\" as \"2006-01-02T15:04:05Z07:00\""), "{errs:?}");
    let errs = validate(&[(
        "e",
        embedded(SOMETHING, r#","default":{"apiVersion":"v1","kind":"Pod","metadata":{"generation":1.5}}"#),
    )]);
    assert_eq!(
        errs.iter().map(|e| e.detail.as_str()).collect::<Vec<_>>(),
        ["json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64"]
    );
}

// ---- The rules of defaults ----

#[test]
fn defaults_pass_their_rules() {
    let props = [
        (
            "a",
            r#"{"type":"integer","default":5,"x-kubernetes-validations":[{"rule":"self < 3","message":"must be small"}]}"#
                .to_owned(),
        ),
        (
            "b",
            r#"{"type":"object","properties":{"n":{"type":"integer","x-kubernetes-validations":[{"rule":"self > 0"}]}},
            "default":{"n":0}}"#
                .to_owned(),
        ),
        // The default is its own old value: transition rules run and see it unchanged.
        (
            "c",
            r#"{"type":"string","default":"x","x-kubernetes-validations":[{"rule":"self != oldSelf","message":"must change"}]}"#
                .to_owned(),
        ),
        (
            "fine",
            r#"{"type":"object","properties":{"n":{"type":"integer"}},"default":{"n":2},
            "x-kubernetes-validations":[{"rule":"self.n == 2"},{"rule":"self == oldSelf"}]}"#
                .to_owned(),
        ),
        // An embedded resource's rules see only the names of its metadata.
        (
            "e",
            embedded(
                SOMETHING,
                r#","default":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"foo","labels":{"a":"b"}},"something":"x"},
                "x-kubernetes-validations":[{"rule":"self.metadata.name == 'foo' && !has(self.metadata.labels)"},
                {"rule":"self.something == 'y'","fieldPath":".something","reason":"FieldValueForbidden"}]"#,
            ),
        ),
    ];
    let errs = validate(&props);
    let messages: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            format!("{}: Invalid value: \"integer\": must be small", at("a", ".default")),
            format!("{}: Invalid value: \"integer\": failed rule: self > 0", at("b", ".default.n")),
            format!("{}: Invalid value: \"string\": must change", at("c", ".default")),
            format!("{}: Forbidden: failed rule: self.something == 'y'", at("e", ".default.something")),
        ]
    );
}

/// All defaults' rules share one budget: once spent, one error says so and no further default
/// is looked at.
#[test]
fn defaults_share_the_rules_budget() {
    let list: Vec<String> = (0..400).map(|i| i.to_string()).collect();
    let prop = format!(
        r#"{{"type":"array","items":{{"type":"integer"}},"default":[{}],
        "x-kubernetes-validations":[{{"rule":"self.all(x, self.exists(y, y == x))"}}]}}"#,
        list.join(",")
    );
    let names: Vec<String> = (0..30).map(|i| format!("p{i:02}")).collect();
    let props: Vec<(&str, String)> = names.iter().map(|n| (n.as_str(), prop.clone())).collect();
    let errs = validate(&props);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(
        errs[0].to_string().ends_with(
            ": Invalid value: \"array\": validation failed due to running out of cost budget, no further validation rules will be run"
        ),
        "{}",
        errs[0]
    );
}
