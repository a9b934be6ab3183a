//! The warnings kube-apiserver returns on a custom resource definition's create and update: schema formats apiextensions does not recognize (upstream's `getUnrecognizedFormatsInCRD` in `pkg/registry/customresourcedefinition/strategy.go` and `GetUnrecognizedFormats` in `pkg/apiserver/validation/formats.go`).

use std::collections::BTreeSet;

use kapi_machinery::validation::go_quote;

use super::{CustomResourceDefinition, CustomResourceDefinitionSpec, JSONSchemaProps};

/// Upstream's `GetUnrecognizedFormats` for one schema node: its format when its type does not
/// take it (a string or untyped node: the formats above; an integer: `int32`, `int64`; a number:
/// `float`, `double`; any other type: none).
fn unrecognized_format(s: &JSONSchemaProps) -> Option<&str> {
    if s.format.is_empty() {
        return None;
    }
    let known = match s.r#type.as_str() {
        "" | "string" => super::formats::is_supported(&s.format),
        "integer" => matches!(s.format.as_str(), "int32" | "int64"),
        "number" => matches!(s.format.as_str(), "float" | "double"),
        _ => false,
    };
    (!known).then_some(s.format.as_str())
}

/// Collects the unrecognized formats of a schema and the schemas in it, in the order of
/// upstream's `SchemaHas` (map members sorted by name, where Go's map order is random).
fn collect<'a>(s: &'a JSONSchemaProps, out: &mut Vec<&'a str>) {
    out.extend(unrecognized_format(s));
    if let Some(items) = &s.items {
        if let Some(schema) = &items.schema {
            collect(schema, out);
        }
        for schema in items.json_schemas.iter().flatten() {
            collect(schema, out);
        }
    }
    for schema in s.all_of.iter().chain(&s.any_of).chain(&s.one_of) {
        collect(schema, out);
    }
    if let Some(not) = &s.not {
        collect(not, out);
    }
    for schema in s.properties.values() {
        collect(schema, out);
    }
    if let Some(schema) = s.additional_properties.as_ref().and_then(|a| a.schema.as_deref()) {
        collect(schema, out);
    }
    for schema in s.pattern_properties.values() {
        collect(schema, out);
    }
    if let Some(schema) = s.additional_items.as_ref().and_then(|a| a.schema.as_deref()) {
        collect(schema, out);
    }
    for schema in s.definitions.values() {
        collect(schema, out);
    }
    for schema in s.dependencies.values().filter_map(|d| d.schema.as_deref()) {
        collect(schema, out);
    }
}

/// Upstream's `getUnrecognizedFormatsInCRD` on the internal form of a v1 spec: when every
/// version has the same schema, conversion moves it to the spec and it is walked once;
/// otherwise each version's is walked.
fn unrecognized_formats(spec: &CustomResourceDefinitionSpec) -> Vec<&str> {
    let mut out = Vec::new();
    let versions = spec.versions.as_deref().unwrap_or_default();
    let schemas: Vec<_> = match versions.split_first() {
        Some((first, rest)) if rest.iter().all(|v| v.schema == first.schema) => vec![&first.schema],
        _ => versions.iter().map(|v| &v.schema).collect(),
    };
    for schema in schemas.into_iter().flatten().filter_map(|s| s.open_apiv3_schema.as_deref()) {
        collect(schema, &mut out);
    }
    out
}

/// The warnings for a custom resource definition written by create (`old` is `None`) or update:
/// `unrecognized format "<format>"` for each use of a format its type does not support (such a
/// format is dropped when values are validated); on update only for formats the old definition
/// did not already use.
pub fn warnings_for_custom_resource_definition(
    obj: &CustomResourceDefinition,
    old: Option<&CustomResourceDefinition>,
) -> Vec<String> {
    let old_formats: BTreeSet<&str> =
        old.map(|o| unrecognized_formats(&o.spec).into_iter().collect()).unwrap_or_default();
    unrecognized_formats(&obj.spec)
        .into_iter()
        .filter(|f| !old_formats.contains(f))
        .map(|f| format!("unrecognized format {}", go_quote(f)))
        .collect()
}

#[cfg(test)]
#[path = "warnings_tests.rs"]
mod tests;
