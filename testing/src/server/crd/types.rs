//! A custom resource's structural schema as the `TypeSchema` patches and server-side apply read (list types, map keys, atomic maps).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use kapi_api::apiextensions::v1::schema::{
    Schema, additional, embedded, flag, items, preserves_unknown, properties, root_member, text,
};
use kapi_machinery::json::value::Value;
use kapi_machinery::schema::{FieldSchema, HasSchema, ListType, StructSchema, TypeSchema};

/// The schema patches and server-side apply read (list types, map keys, atomic maps), built
/// from a structural schema. `TypeSchema`s are `'static`, so each distinct schema is leaked once
/// and shared, as [`super::object::intern`] does names.
pub(crate) fn type_schema(s: &Schema) -> &'static TypeSchema {
    static SCHEMAS: OnceLock<Mutex<HashMap<Vec<u8>, &'static TypeSchema>>> = OnceLock::new();
    let key = s.to_compact_vec();
    let mut schemas = SCHEMAS.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = schemas.get(&key) {
        return found;
    }
    let built = build_type(s, true, 0);
    schemas.insert(key, built);
    built
}

/// Deeper schemas than this are taken as unknown content (requests are bounded the same way).
const MAX_SCHEMA_DEPTH: usize = 64;

fn leak(t: TypeSchema) -> &'static TypeSchema {
    Box::leak(Box::new(t))
}

fn build_type(s: &Schema, resource_root: bool, depth: usize) -> &'static TypeSchema {
    if depth > MAX_SCHEMA_DEPTH {
        return &TypeSchema::Any;
    }
    if flag(s, "x-kubernetes-int-or-string") {
        return &TypeSchema::IntOrString;
    }
    match text(s, "type") {
        "array" => match items(s) {
            Some(is) => leak(TypeSchema::List(build_type(is, embedded(is), depth + 1))),
            None => leak(TypeSchema::List(&TypeSchema::Any)),
        },
        "object" | "" if properties(s).is_some() || resource_root => {
            let mut fields: Vec<FieldSchema> = Vec::new();
            if resource_root {
                fields.push(FieldSchema::plain(
                    "metadata",
                    leak(TypeSchema::Named(<kapi_api::meta::v1::ObjectMeta as HasSchema>::schema)),
                ));
            }
            for (k, ps) in properties(s).unwrap_or_default() {
                if resource_root && root_member(k) {
                    continue;
                }
                fields.push(field_schema(k, ps, depth));
            }
            leak(TypeSchema::Struct(StructSchema {
                name: "CustomObject",
                fields: Box::leak(fields.into_boxed_slice()),
                atomic: text(s, "x-kubernetes-map-type") == "atomic",
                union: false,
            }))
        }
        "object" => match additional(s) {
            Some(a) => leak(TypeSchema::Map(build_type(a, embedded(a), depth + 1))),
            None if preserves_unknown(s) => leak(TypeSchema::Map(&TypeSchema::Any)),
            None => &TypeSchema::Any,
        },
        "" if preserves_unknown(s) => &TypeSchema::Any,
        _ => &TypeSchema::Scalar,
    }
}

fn field_schema(name: &str, ps: &Schema, depth: usize) -> FieldSchema {
    let ty = build_type(ps, embedded(ps), depth + 1);
    let list_type = match text(ps, "x-kubernetes-list-type") {
        "set" => Some(ListType::Set),
        "map" => Some(ListType::Map),
        _ if matches!(ty, TypeSchema::List(_)) => Some(ListType::Atomic),
        _ => None,
    };
    let keys: Vec<&'static str> = match ps.get("x-kubernetes-list-map-keys") {
        Some(Value::Array(k)) => k.iter().filter_map(Value::as_str).map(super::object::intern).collect(),
        _ => Vec::new(),
    };
    let atomic = text(ps, "x-kubernetes-map-type") == "atomic";
    FieldSchema {
        list_type,
        list_map_keys: Box::leak(keys.into_boxed_slice()),
        map_atomic: atomic && matches!(ty, TypeSchema::Map(_)),
        struct_atomic: atomic && matches!(ty, TypeSchema::Struct(_)),
        ..FieldSchema::plain(super::object::intern(name), ty)
    }
}
