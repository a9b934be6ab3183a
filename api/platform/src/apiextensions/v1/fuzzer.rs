//! Custom fuzzer functions of `v1`: schema types only in the forms their JSON can carry.

use kapi_machinery::Fuzzer;

use super::{JSON, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool, JSONSchemaPropsOrStringArray};
use crate::apiextensions::fuzzer::{json_value, random_json_schema_props};

/// Valid JSON in Go's form: random bytes would not survive the JSON codecs.
pub fn fuzz_json(obj: &mut JSON, f: &mut Fuzzer) {
    obj.raw = Some(json_value(f));
}

/// A small random schema.
pub fn fuzz_json_schema_props(obj: &mut JSONSchemaProps, f: &mut Fuzzer) {
    random_json_schema_props!(obj, f);
}

/// A schema (which always allows) or a bare answer; a schema that denies has no JSON form.
pub fn fuzz_json_schema_props_or_bool(obj: &mut JSONSchemaPropsOrBool, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrBool { allows: true, schema: Some(Box::new(f.make())) }
    } else {
        JSONSchemaPropsOrBool { allows: f.bool(), schema: None }
    };
}

/// One schema or one to three of them, never both (JSON carries only one) and never neither
/// (which reads back as no value at all).
pub fn fuzz_json_schema_props_or_array(obj: &mut JSONSchemaPropsOrArray, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrArray { schema: Some(Box::new(f.make())), json_schemas: None }
    } else {
        let n = 1 + f.below(3);
        JSONSchemaPropsOrArray { schema: None, json_schemas: Some((0..n).map(|_| f.make()).collect()) }
    };
}

/// A schema or a property list, never both (JSON carries only one).
pub fn fuzz_json_schema_props_or_string_array(obj: &mut JSONSchemaPropsOrStringArray, f: &mut Fuzzer) {
    *obj = if f.bool() {
        JSONSchemaPropsOrStringArray { schema: Some(Box::new(f.make())), property: None }
    } else {
        JSONSchemaPropsOrStringArray { schema: None, property: f.make() }
    };
}
