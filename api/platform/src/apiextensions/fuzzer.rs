//! Custom fuzzer functions of the internal types (upstream's `apiextensions/fuzzer`), and what the
//! versions' own share: random JSON in Go's form, small random schemas.

use std::collections::BTreeMap;

use kapi_machinery::{Fuzz, Fuzzer};

#[cfg(feature = "internal")]
use crate::apiextensions::*;

/// Fuzzes a pointer, slice or map field of a schema one time in ten, as upstream does: each
/// schema holds a dozen fields of further schemas, and filling them all would grow a tree far too
/// large to round-trip.
pub(crate) fn rarely<T: Fuzz>(v: &mut T, f: &mut Fuzzer) {
    if f.below(10) == 0 {
        f.fuzz(v);
    }
}

/// A random JSON value (never `null`, which a `JSON` reads as no value) in the form Go writes
/// JSON: compact, keys sorted, strings with Go's escapes, numbers as YAML gives them back. Only
/// that form comes back unchanged from a trip through YAML, which rebuilds embedded JSON.
pub(crate) fn json_value(f: &mut Fuzzer) -> Vec<u8> {
    let mut out = Vec::new();
    write_json_value(f, 2, false, &mut out);
    out
}

fn write_json_value(f: &mut Fuzzer, depth: usize, may_be_null: bool, out: &mut Vec<u8>) {
    let kinds = if depth == 0 { 5 } else { 7 };
    match f.below(kinds) {
        0 => out.extend(kapi_machinery::json::to_vec(&f.string()).expect("a string always encodes")),
        1 => out.extend((f.next_u64() as i64 >> f.below(64)).to_string().bytes()),
        2 => out.extend(if f.bool() { b"true".as_slice() } else { b"false" }),
        // Halves print the same in Go's JSON and YAML forms.
        3 => out.extend(format!("{}.5", f.below(2000) as i64 - 1000).bytes()),
        4 if may_be_null => out.extend(b"null"),
        4 => out.extend(b"0"),
        5 => {
            out.push(b'[');
            for idx in 0..f.below(4) {
                if idx > 0 {
                    out.push(b',');
                }
                write_json_value(f, depth - 1, true, out);
            }
            out.push(b']');
        }
        _ => {
            let mut members = BTreeMap::new();
            for _ in 0..f.below(4) {
                let mut value = Vec::new();
                write_json_value(f, depth - 1, true, &mut value);
                members.insert(f.string(), value);
            }
            out.push(b'{');
            for (idx, (key, value)) in members.into_iter().enumerate() {
                if idx > 0 {
                    out.push(b',');
                }
                out.extend(kapi_machinery::json::to_vec(&key).expect("a string always encodes"));
                out.push(b':');
                out.extend(value);
            }
            out.push(b'}');
        }
    }
}

/// Fills a `JSONSchemaProps` of the version it is expanded in: every plain field, and each
/// pointer, slice or map [`rarely`]; the JSON values half of the time, as upstream does.
macro_rules! random_json_schema_props {
    ($obj:expr, $f:expr) => {{
        use crate::apiextensions::fuzzer::rarely;
        let (obj, f) = ($obj, $f);
        f.fuzz(&mut obj.id);
        f.fuzz(&mut obj.schema);
        f.fuzz(&mut obj.description);
        f.fuzz(&mut obj.r#type);
        f.fuzz(&mut obj.format);
        f.fuzz(&mut obj.title);
        f.fuzz(&mut obj.exclusive_maximum);
        f.fuzz(&mut obj.exclusive_minimum);
        f.fuzz(&mut obj.pattern);
        f.fuzz(&mut obj.unique_items);
        f.fuzz(&mut obj.nullable);
        f.fuzz(&mut obj.x_kubernetes_embedded_resource);
        f.fuzz(&mut obj.x_kubernetes_int_or_string);
        for json in [&mut obj.default, &mut obj.example] {
            *json = if f.bool() { Some(f.make()) } else { None };
        }
        if f.bool() {
            obj.r#enum = (0..3).map(|_| f.make()).collect();
        }
        if f.bool() {
            obj.r#ref = Some(f.string());
        }
        rarely(&mut obj.maximum, f);
        rarely(&mut obj.minimum, f);
        rarely(&mut obj.max_length, f);
        rarely(&mut obj.min_length, f);
        rarely(&mut obj.max_items, f);
        rarely(&mut obj.min_items, f);
        rarely(&mut obj.multiple_of, f);
        rarely(&mut obj.max_properties, f);
        rarely(&mut obj.min_properties, f);
        rarely(&mut obj.required, f);
        rarely(&mut obj.items, f);
        rarely(&mut obj.all_of, f);
        rarely(&mut obj.one_of, f);
        rarely(&mut obj.any_of, f);
        rarely(&mut obj.not, f);
        rarely(&mut obj.properties, f);
        rarely(&mut obj.additional_properties, f);
        rarely(&mut obj.pattern_properties, f);
        rarely(&mut obj.dependencies, f);
        rarely(&mut obj.additional_items, f);
        rarely(&mut obj.definitions, f);
        rarely(&mut obj.external_docs, f);
        rarely(&mut obj.x_kubernetes_preserve_unknown_fields, f);
        rarely(&mut obj.x_kubernetes_list_map_keys, f);
        rarely(&mut obj.x_kubernetes_list_type, f);
        rarely(&mut obj.x_kubernetes_map_type, f);
        rarely(&mut obj.x_kubernetes_validations, f);
    }};
}

pub(crate) use random_json_schema_props;

// The internal fuzzer functions (upstream's `apiextensions/fuzzer`): objects as upstream's
// defaulting and v1's conversion leave them, so that every one survives a trip through every version.

#[cfg(feature = "internal")]
/// A definition whose stored versions, when it has none, are its storage versions.
pub fn fuzz_custom_resource_definition(obj: &mut CustomResourceDefinition, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.status.stored_versions.is_empty() {
        for v in &obj.spec.versions {
            if v.storage && !obj.status.stored_versions.contains(&v.name) {
                obj.status.stored_versions.push(v.name.clone());
            }
        }
    }
}

#[cfg(feature = "internal")]
/// A spec with v1beta1's defaults applied and with what v1 keeps per version in one place:
/// definition-wide when set there or alike in every version (v1 cannot tell the two apart), else
/// per version.
pub fn fuzz_custom_resource_definition_spec(obj: &mut CustomResourceDefinitionSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.scope.0.is_empty() {
        obj.scope = ResourceScope::from(ResourceScope::NAMESPACED);
    }
    if obj.names.singular.is_empty() {
        obj.names.singular = crate::apiextensions::go_lower(&obj.names.kind);
    }
    if obj.names.list_kind.is_empty() && !obj.names.kind.is_empty() {
        obj.names.list_kind = format!("{}List", obj.names.kind);
    }
    if obj.versions.is_empty() {
        if obj.version.is_empty() {
            obj.version = "v1".into();
        }
        obj.versions = vec![CustomResourceDefinitionVersion {
            name: obj.version.clone(),
            served: true,
            storage: true,
            ..Default::default()
        }];
    } else {
        obj.version = obj.versions[0].name.clone();
    }
    if obj.additional_printer_columns.is_empty() {
        obj.additional_printer_columns = vec![CustomResourceColumnDefinition {
            name: "Age".into(),
            r#type: "date".into(),
            json_path: ".metadata.creationTimestamp".into(),
            ..Default::default()
        }];
    }
    let conversion = obj.conversion.get_or_insert_with(|| CustomResourceConversion {
        strategy: ConversionStrategyType::from(ConversionStrategyType::NONE),
        ..Default::default()
    });
    if conversion.strategy.0 == ConversionStrategyType::WEBHOOK && conversion.conversion_review_versions.is_empty() {
        conversion.conversion_review_versions = vec!["v1beta1".into()];
    }
    obj.preserve_unknown_fields.get_or_insert(true);
    gather(&mut obj.validation, &mut obj.versions, |v| &mut v.schema);
    gather(&mut obj.subresources, &mut obj.versions, |v| &mut v.subresources);
    gather(&mut obj.additional_printer_columns, &mut obj.versions, |v| &mut v.additional_printer_columns);
    gather(&mut obj.selectable_fields, &mut obj.versions, |v| &mut v.selectable_fields);
}

#[cfg(feature = "internal")]
/// What v1's conversion makes of a definition-wide value and the versions' own: the
/// definition-wide one when set (v1 copies it over the versions'), else the versions' value
/// when they all agree, else each version's.
fn gather<T: Default + PartialEq + Clone>(
    top: &mut T,
    versions: &mut [CustomResourceDefinitionVersion],
    field: impl Fn(&mut CustomResourceDefinitionVersion) -> &mut T,
) {
    let unset = T::default();
    if *top == unset {
        let Some((first, rest)) = versions.split_first_mut() else { return };
        let first = field(first).clone();
        if rest.iter_mut().any(|v| *field(v) != first) {
            return;
        }
        *top = first;
    }
    versions.iter_mut().for_each(|v| *field(v) = T::default());
}

#[cfg(feature = "internal")]
/// A schema as the versions' fuzzers make one; values in the internal form.
pub fn fuzz_json_schema_props(obj: &mut JSONSchemaProps, f: &mut Fuzzer) {
    random_json_schema_props!(obj, f);
}

#[cfg(feature = "internal")]
/// A value in the canonical form, never nil (which no version can carry inside a pointer).
pub fn fuzz_json(obj: &mut JSON, f: &mut Fuzzer) {
    obj.value = Some(json_value(f));
}

#[cfg(feature = "internal")]
/// A schema (which always allows) or a bare answer.
pub fn fuzz_json_schema_props_or_bool(obj: &mut JSONSchemaPropsOrBool, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrBool { allows: true, schema: Some(Box::new(f.make())) }
    } else {
        JSONSchemaPropsOrBool { allows: f.bool(), schema: None }
    };
}

#[cfg(feature = "internal")]
/// One schema or one to three of them, never both and never neither.
pub fn fuzz_json_schema_props_or_array(obj: &mut JSONSchemaPropsOrArray, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrArray { schema: Some(Box::new(f.make())), json_schemas: None }
    } else {
        let n = 1 + f.below(3);
        JSONSchemaPropsOrArray { schema: None, json_schemas: Some((0..n).map(|_| f.make()).collect()) }
    };
}

#[cfg(feature = "internal")]
/// A schema or a property list, never both.
pub fn fuzz_json_schema_props_or_string_array(obj: &mut JSONSchemaPropsOrStringArray, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrStringArray { schema: Some(Box::new(f.make())), property: None }
    } else {
        JSONSchemaPropsOrStringArray { schema: None, property: f.make() }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values_are_valid_and_in_go_form() {
        let mut f = Fuzzer::new(11);
        for _ in 0..500 {
            let v = json_value(&mut f);
            assert_ne!(v, b"null");
            let compact = kapi_machinery::json::compact(&v).expect("valid JSON");
            assert_eq!(compact, v);
        }
    }
}
