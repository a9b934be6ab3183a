//! Upstream's `TestWarningsOnCreate` and `TestWarningsOnUpdate` (apiextensions-apiserver's `pkg/registry/customresourcedefinition/strategy_test.go`, v0.36.3), case for case, and the rules of `GetUnrecognizedFormats` they rest on.

use std::collections::BTreeMap;

use super::warnings_for_custom_resource_definition;
use crate::apiextensions::v1::formats::SUPPORTED;
use crate::apiextensions::v1::formats::is_valid;
use crate::apiextensions::v1::{
    CustomResourceDefinition, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion, CustomResourceValidation,
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

fn typed(ty: &str, format: &str) -> JSONSchemaProps {
    JSONSchemaProps { r#type: ty.into(), format: format.into(), ..JSONSchemaProps::default() }
}

fn object(properties: &[(&str, JSONSchemaProps)]) -> JSONSchemaProps {
    JSONSchemaProps {
        r#type: "object".into(),
        properties: properties.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect::<BTreeMap<_, _>>(),
        ..JSONSchemaProps::default()
    }
}

fn version(name: &str, schema: JSONSchemaProps) -> CustomResourceDefinitionVersion {
    CustomResourceDefinitionVersion {
        name: name.into(),
        served: true,
        storage: name == "v1",
        schema: Some(CustomResourceValidation { open_apiv3_schema: Some(Box::new(schema)) }),
        ..CustomResourceDefinitionVersion::default()
    }
}

fn crd(versions: Vec<CustomResourceDefinitionVersion>) -> CustomResourceDefinition {
    CustomResourceDefinition {
        spec: CustomResourceDefinitionSpec {
            group: "example.com".into(),
            versions: Some(versions),
            ..Default::default()
        },
        ..CustomResourceDefinition::default()
    }
}

fn one_field(format: &str) -> CustomResourceDefinition {
    crd(vec![version("v1", object(&[("field1", typed("string", format))]))])
}

fn sorted(mut warnings: Vec<String>) -> Vec<String> {
    warnings.sort();
    warnings
}

#[test]
fn warnings_on_create_are_upstreams() {
    assert!(
        warnings_for_custom_resource_definition(&one_field("date-time"), None).is_empty(),
        "no unrecognized formats"
    );
    assert_eq!(
        warnings_for_custom_resource_definition(&one_field("invalidformat"), None),
        [r#"unrecognized format "invalidformat""#],
        "unrecognized format in version schema"
    );
    let embedded =
        crd(vec![version("v1", object(&[("nested", object(&[("embeddedField", typed("string", "invalidformat"))]))]))]);
    assert_eq!(
        warnings_for_custom_resource_definition(&embedded, None),
        [r#"unrecognized format "invalidformat""#],
        "unrecognized format in embedded schema"
    );
    let multiple = crd(vec![version(
        "v1",
        object(&[
            ("field1", typed("string", "unknownformat1")),
            ("field2", typed("string", "unknownformat2")),
            ("nested", object(&[("field3", typed("string", "unknownformat3"))])),
        ]),
    )]);
    assert_eq!(
        sorted(warnings_for_custom_resource_definition(&multiple, None)),
        [
            r#"unrecognized format "unknownformat1""#,
            r#"unrecognized format "unknownformat2""#,
            r#"unrecognized format "unknownformat3""#,
        ],
        "multiple unrecognized formats"
    );
}

#[test]
fn warnings_on_update_are_upstreams() {
    let date_time = one_field("date-time");
    assert!(
        warnings_for_custom_resource_definition(&date_time, Some(&date_time)).is_empty(),
        "no unrecognized formats"
    );
    assert_eq!(
        warnings_for_custom_resource_definition(&one_field("invalidformat"), Some(&date_time)),
        [r#"unrecognized format "invalidformat""#],
        "newly introduced unrecognized format"
    );
    let invalid = one_field("invalidformat");
    assert!(
        warnings_for_custom_resource_definition(&invalid, Some(&invalid)).is_empty(),
        "existing unrecognized format - no warning (ratcheting)"
    );
    let two = crd(vec![version(
        "v1",
        object(&[("field1", typed("string", "unknownformat1")), ("field2", typed("string", "unknownformat2"))]),
    )]);
    assert_eq!(
        sorted(warnings_for_custom_resource_definition(&two, Some(&date_time))),
        [r#"unrecognized format "unknownformat1""#, r#"unrecognized format "unknownformat2""#],
        "multiple newly introduced unrecognized formats"
    );
}

#[test]
fn formats_are_judged_by_type() {
    let schema = object(&[
        ("a", typed("integer", "int32")),
        ("b", typed("integer", "int16")),
        ("c", typed("number", "double")),
        ("d", typed("number", "decimal")),
        ("e", typed("boolean", "bool")),
        ("f", typed("", "k8s-short-name")),
        ("g", typed("string", "u-u-i-d")),
        ("h", typed("string", "int32")),
    ]);
    assert_eq!(
        warnings_for_custom_resource_definition(&crd(vec![version("v1", schema)]), None),
        [
            r#"unrecognized format "int16""#,
            r#"unrecognized format "decimal""#,
            r#"unrecognized format "bool""#,
            r#"unrecognized format "int32""#
        ]
    );
}

#[test]
fn nested_schemas_are_all_walked() {
    let odd = |f: &str| typed("string", f);
    let schema = JSONSchemaProps {
        items: Some(JSONSchemaPropsOrArray { schema: Some(Box::new(odd("in-items"))), json_schemas: None }),
        all_of: vec![odd("in-all-of")],
        any_of: vec![odd("in-any-of")],
        one_of: vec![odd("in-one-of")],
        not: Some(Box::new(odd("in-not"))),
        additional_properties: Some(JSONSchemaPropsOrBool {
            allows: true,
            schema: Some(Box::new(odd("in-additional"))),
        }),
        ..object(&[("p", odd("in-properties"))])
    };
    assert_eq!(
        warnings_for_custom_resource_definition(&crd(vec![version("v1", schema)]), None),
        [
            r#"unrecognized format "in-items""#,
            r#"unrecognized format "in-all-of""#,
            r#"unrecognized format "in-any-of""#,
            r#"unrecognized format "in-one-of""#,
            r#"unrecognized format "in-not""#,
            r#"unrecognized format "in-properties""#,
            r#"unrecognized format "in-additional""#,
        ]
    );
}

#[test]
fn a_schema_all_versions_share_is_walked_once() {
    let schema = object(&[("field1", typed("string", "invalidformat"))]);
    let shared = crd(vec![version("v1", schema.clone()), version("v2", schema.clone())]);
    assert_eq!(warnings_for_custom_resource_definition(&shared, None), [r#"unrecognized format "invalidformat""#]);
    let differing =
        crd(vec![version("v1", schema), version("v2", object(&[("other", typed("string", "invalidformat"))]))]);
    assert_eq!(
        warnings_for_custom_resource_definition(&differing, None),
        [r#"unrecognized format "invalidformat""#, r#"unrecognized format "invalidformat""#]
    );
}

#[test]
fn the_list_matches_the_formats_values_are_checked_against() {
    // Every listed format but `password` rejects a control character; a format off the list
    // accepts anything (it is dropped from the schema).
    for format in SUPPORTED.iter().filter(|f| **f != "password") {
        assert!(!is_valid(format, "\u{1}"), "{format} is checked");
    }
    assert!(is_valid("password", "\u{1}"));
    assert!(is_valid("invalidformat", "\u{1}"));
}
