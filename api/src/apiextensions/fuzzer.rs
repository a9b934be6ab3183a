//! What the custom fuzzer functions of both versions share: random JSON in Go's form, small random schemas.

use std::collections::BTreeMap;

use kapi_machinery::{Fuzz, Fuzzer};

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
