//! A custom resource definition's structural schema applied to objects, as apiextensions-apiserver does: pruning of unknown fields, defaulting, and validation with kube-openapi's messages (the test server runs it on every write; a webhook can too).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hash, Hasher, RandomState};

use kapi_machinery::json::value::{self, Value};
use kapi_machinery::validation::{ErrorType as FieldErrorType, FieldError};

/// The largest compiled `pattern` accepted; a bigger one fails validation instead of using
/// unbounded memory.
const PATTERN_SIZE_LIMIT: usize = 1 << 20;

/// A schema node: the JSON of a `JSONSchemaProps`.
pub type Schema = Value;

// The accessors the rules' typing shares with the rest of the schema code.
pub use kapi_cel::schema::{flag, text};

fn number(s: &Schema, key: &str) -> Option<f64> {
    match s.get(key) {
        Some(Value::Number(n)) => n.parse().ok(),
        _ => None,
    }
}

/// The `properties` of a node, when it has them.
pub fn properties(s: &Schema) -> Option<&[(String, Value)]> {
    match s.get("properties") {
        Some(Value::Object(m)) => Some(m),
        _ => None,
    }
}

/// The schema of the property `name`.
pub fn property<'a>(s: &'a Schema, name: &str) -> Option<&'a Schema> {
    properties(s)?.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// `additionalProperties` when it is a schema (`true` alone says nothing about the values).
pub fn additional(s: &Schema) -> Option<&Schema> {
    s.get("additionalProperties").filter(|a| matches!(a, Value::Object(_)))
}

/// The schema of an array's items.
pub fn items(s: &Schema) -> Option<&Schema> {
    s.get("items").filter(|a| matches!(a, Value::Object(_)))
}

/// Whether the node keeps fields its schema does not name.
pub fn preserves_unknown(s: &Schema) -> bool {
    flag(s, "x-kubernetes-preserve-unknown-fields")
}

/// Whether the node is an embedded resource (it has `apiVersion`, `kind` and `metadata`).
pub fn embedded(s: &Schema) -> bool {
    flag(s, "x-kubernetes-embedded-resource")
}

/// `path.key`, or `key` at the root: field paths as kube-openapi writes them.
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") }
}

/// The members an object at a resource root (the object, or an embedded resource) keeps
/// whatever its schema says.
pub fn root_member(key: &str) -> bool {
    matches!(key, "apiVersion" | "kind" | "metadata")
}

/// Removes the fields the schema does not know (those not under
/// `x-kubernetes-preserve-unknown-fields: true`), returning their paths (`spec.foo`,
/// `spec.items[0].bar`) in document order, as upstream reports them for `fieldValidation`.
pub fn prune(v: &mut Value, s: &Schema, found: &mut Vec<String>) {
    prune_at(v, s, "", true, found);
}

fn prune_at(v: &mut Value, s: &Schema, path: &str, resource_root: bool, found: &mut Vec<String>) {
    match v {
        Value::Object(members) => {
            let add = additional(s);
            let keep_unknown = preserves_unknown(s) || matches!(s.get("additionalProperties"), Some(Value::Bool(true)));
            members.retain_mut(|(k, val)| {
                if resource_root && root_member(k) {
                    // The object's own metadata is decoded as `ObjectMeta`, which drops what
                    // that does not know; an embedded object's is pruned to it here.
                    if k == "metadata" && !path.is_empty() {
                        prune_metadata(val, &join(path, k), found);
                    }
                    return true;
                }
                let child = join(path, k);
                if let Some(ps) = property(s, k) {
                    prune_at(val, ps, &child, embedded(ps), found);
                    true
                } else if let Some(a) = add {
                    prune_at(val, a, &child, embedded(a), found);
                    true
                } else if keep_unknown {
                    true
                } else {
                    found.push(child);
                    false
                }
            });
        }
        Value::Array(elems) => {
            if let Some(is) = items(s) {
                for (i, e) in elems.iter_mut().enumerate() {
                    prune_at(e, is, &format!("{path}[{i}]"), embedded(is), found);
                }
            }
        }
        _ => {}
    }
}

/// [`prune`] from a node of the schema (a default's), the node a resource root when it is an
/// embedded resource; its own `metadata` is left as it is.
pub fn prune_value(v: &mut Value, s: &Schema, found: &mut Vec<String>) {
    prune_at(v, s, "", embedded(s), found);
}

/// Prunes an embedded object's `metadata` to the fields of `ObjectMeta` (whatever its schema
/// says, as upstream does), reporting the removed members.
fn prune_metadata(v: &mut Value, path: &str, found: &mut Vec<String>) {
    let Value::Object(members) = &*v else { return };
    let Ok(meta) = kapi_machinery::json::from_slice::<kapi_api::meta::v1::ObjectMeta>(&v.to_compact_vec()) else {
        return;
    };
    let Some(kept) = kapi_machinery::json::to_vec(&meta).ok().and_then(|b| value::parse(&b).ok()) else { return };
    for (k, _) in members.iter().filter(|(k, _)| kept.get(k).is_none()) {
        found.push(join(path, k));
    }
    *v = kept;
}

fn default_of(s: &Schema) -> Option<&Value> {
    s.get("default")
}

/// Sets the schema's `default`s of absent fields (and of `null`s where null is not allowed), then
/// drops the remaining `null`s of fields that may not be null, as upstream's structural
/// defaulting does.
pub fn default(v: &mut Value, s: &Schema) {
    match v {
        Value::Object(members) => {
            for (k, ps) in properties(s).unwrap_or_default() {
                let Some(d) = default_of(ps) else { continue };
                match members.iter_mut().find(|(m, _)| m == k) {
                    Some((_, slot)) if *slot == Value::Null && !flag(ps, "nullable") => *slot = d.clone(),
                    Some(_) => {}
                    None => members.push((k.clone(), d.clone())),
                }
            }
            let add = additional(s);
            for (k, val) in members.iter_mut() {
                if let Some(ps) = property(s, k).or(add) {
                    default(val, ps);
                }
            }
            members.retain(|(k, val)| {
                let Some(ps) = property(s, k).or(add) else { return true };
                !(*val == Value::Null && !flag(ps, "nullable") && default_of(ps).is_none())
            });
        }
        Value::Array(elems) => {
            if let Some(is) = items(s) {
                for e in elems {
                    default(e, is);
                }
            }
        }
        _ => {}
    }
}

/// Sorts every object's members by name, as upstream stores custom objects (Go's maps encode
/// sorted).
pub fn sort_members(v: &mut Value) {
    match v {
        Value::Object(members) => {
            members.sort_by(|a, b| a.0.cmp(&b.0));
            for (_, m) in members {
                sort_members(m);
            }
        }
        Value::Array(elems) => elems.iter_mut().for_each(sort_members),
        _ => {}
    }
}

/// The JSON type name of a value, as kube-openapi infers it.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if is_integer_text(n) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_integer_text(n: &str) -> bool {
    !n.contains(['.', 'e', 'E'])
}

/// A value as Go's `field.Error` prints it: strings quoted, numbers and booleans as they are.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        Value::Null => "null".into(),
        Value::Number(n) => n.clone(),
        Value::Bool(b) => b.to_string(),
        other => String::from_utf8_lossy(&other.to_compact_vec()).into_owned(),
    }
}

/// Go's `%v` of a float the schema holds (`1`, `2.5`).
fn shown_f64(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e21 { format!("{}", x as i64) } else { format!("{x}") }
}

fn err(field: &str, error_type: FieldErrorType, value: Option<String>, detail: String) -> FieldError {
    FieldError { field: field.trim_start_matches('.').to_owned(), error_type, value, detail }
}

/// kube-openapi's name of the value at `path` in messages (`spec.x in body`).
fn in_body(path: &str) -> String {
    format!("{path} in body")
}

/// Validates an object against the schema with upstream's findings: field paths as kube-openapi
/// builds them (`spec.items[0].name`) and messages as apiextensions-apiserver turns them into
/// field errors. `x-kubernetes-validations` (CEL) rules are not evaluated.
pub fn validate(v: &Value, s: &Schema) -> Vec<FieldError> {
    let mut errs = Vec::new();
    validate_at(v, s, "", &mut errs);
    errs
}

/// [`validate`] from a node of the schema (a default's); field paths are relative to the value.
pub fn validate_value(v: &Value, s: &Schema) -> Vec<FieldError> {
    let mut errs = Vec::new();
    validate_at(v, s, "", &mut errs);
    errs
}

fn validate_at(v: &Value, s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    let ty = text(s, "type");
    let int_or_string = flag(s, "x-kubernetes-int-or-string");
    let expected = if int_or_string { "integer,string" } else { ty };
    if *v == Value::Null {
        if !expected.is_empty() && !flag(s, "nullable") {
            let msg = format!("{} must be of type {expected}: \"null\"", in_body(path));
            errs.push(err(path, FieldErrorType::TypeInvalid, Some("\"null\"".into()), msg));
        }
        return;
    }
    let actual = type_name(v);
    let fits = |t: &str| {
        t == actual
            || (t == "number" && actual == "integer")
            || (t == "integer"
                && actual == "number"
                && matches!(v, Value::Number(n) if n.parse::<f64>().is_ok_and(|x| x.fract() == 0.0)))
    };
    let type_ok = if int_or_string { fits("integer") || fits("string") } else { ty.is_empty() || fits(ty) };
    if !type_ok {
        let msg = format!("{} must be of type {expected}: \"{actual}\"", in_body(path));
        errs.push(err(path, FieldErrorType::TypeInvalid, Some(format!("{actual:?}")), msg));
        return;
    }
    if let Some(Value::Array(allowed)) = s.get("enum")
        && !allowed.is_empty()
        && !allowed.iter().any(|a| value::json_eq(a, v))
    {
        let values: Vec<String> = allowed
            .iter()
            .map(|a| match a {
                Value::String(s) => s.clone(),
                other => String::from_utf8_lossy(&other.to_compact_vec()).into_owned(),
            })
            .collect();
        let refs: Vec<&str> = values.iter().map(String::as_str).collect();
        errs.push(FieldError::not_supported(path.trim_start_matches('.'), shown(v), &refs));
    }
    match v {
        Value::Number(n) => validate_number(n, s, path, errs),
        Value::String(text) => validate_string(text, s, path, errs),
        Value::Array(elems) => validate_array(elems, s, path, errs),
        Value::Object(members) => validate_object(members, s, path, errs),
        _ => {}
    }
}

fn validate_number(n: &str, s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    let Ok(x) = n.parse::<f64>() else { return };
    let invalid = |detail: String| err(path, FieldErrorType::Invalid, Some(n.to_owned()), detail);
    if let Some(max) = number(s, "maximum") {
        let exclusive = flag(s, "exclusiveMaximum");
        if x > max || (exclusive && x == max) {
            let rel = if exclusive { "less than" } else { "less than or equal to" };
            errs.push(invalid(format!("{} should be {rel} {}", in_body(path), shown_f64(max))));
        }
    }
    if let Some(min) = number(s, "minimum") {
        let exclusive = flag(s, "exclusiveMinimum");
        if x < min || (exclusive && x == min) {
            let rel = if exclusive { "greater than" } else { "greater than or equal to" };
            errs.push(invalid(format!("{} should be {rel} {}", in_body(path), shown_f64(min))));
        }
    }
    if let Some(m) = number(s, "multipleOf")
        && m > 0.0
        && (x / m).fract() != 0.0
    {
        errs.push(invalid(format!("{} should be a multiple of {}", in_body(path), shown_f64(m))));
    }
}

fn validate_string(t: &str, s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    let len = t.chars().count();
    let invalid = |detail: String| err(path, FieldErrorType::Invalid, Some(format!("{t:?}")), detail);
    if let Some(max) = number(s, "maxLength")
        && len as f64 > max
    {
        errs.push(FieldError::too_long(path.trim_start_matches('.'), max as usize));
    }
    if let Some(min) = number(s, "minLength")
        && (len as f64) < min
    {
        errs.push(invalid(format!("{} should be at least {} chars long", in_body(path), min as i64)));
    }
    let pattern = text(s, "pattern");
    if !pattern.is_empty() {
        match regex::RegexBuilder::new(pattern).size_limit(PATTERN_SIZE_LIMIT).build() {
            Ok(re) if re.is_match(t) => {}
            Ok(_) => errs.push(invalid(format!("{} should match '{pattern}'", in_body(path)))),
            Err(e) => {
                errs.push(invalid(format!("{} should match '{pattern}, but pattern is invalid: {e}'", in_body(path))))
            }
        }
    }
    let format = text(s, "format");
    if !format.is_empty() && !super::formats::is_valid(format, t) {
        let msg = format!("{} must be of type {format}: {t:?}", in_body(path));
        errs.push(err(path, FieldErrorType::TypeInvalid, Some(format!("{t:?}")), msg));
    }
}

fn validate_array(elems: &[Value], s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    let n = elems.len();
    if let Some(max) = number(s, "maxItems")
        && n as f64 > max
    {
        errs.push(err(
            path,
            FieldErrorType::TooMany,
            Some(n.to_string()),
            format!("must have at most {} items", max as i64),
        ));
    }
    if let Some(min) = number(s, "minItems")
        && (n as f64) < min
    {
        errs.push(err(
            path,
            FieldErrorType::Invalid,
            Some(n.to_string()),
            format!("{} should have at least {} items", in_body(path), min as i64),
        ));
    }
    if flag(s, "uniqueItems") && has_duplicates(elems) {
        errs.push(err(
            path,
            FieldErrorType::Invalid,
            Some("\"\"".into()),
            format!("{} shouldn't contain duplicates", in_body(path)),
        ));
    }
    if let Some(is) = items(s) {
        for (i, e) in elems.iter().enumerate() {
            validate_at(e, is, &format!("{path}[{i}]"), errs);
        }
    }
    validate_list_type(elems, s, path, errs);
}

fn has_duplicates(elems: &[Value]) -> bool {
    let hasher = RandomState::new();
    !later_repeats(elems, |e| json_hash(e, &hasher), value::json_eq).is_empty()
}

/// The indexes of the items equal (by `same`) to an earlier one, in order. Items are bucketed by
/// `hash`, which must agree with `same` (equal items hash alike), and compared only within their
/// bucket, so a list costs linear time where comparing every pair was quadratic; a bucket holds
/// only items unequal to each other, so it grows only on true hash collisions.
fn later_repeats<T>(items: &[T], hash: impl Fn(&T) -> u64, same: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::with_capacity(items.len());
    let mut repeats = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let bucket = buckets.entry(hash(item)).or_default();
        if bucket.iter().any(|&j| same(&items[j], item)) {
            repeats.push(i);
        } else {
            bucket.push(i);
        }
    }
    repeats
}

/// A hash of a JSON value that agrees with `json_eq` (and so with `==`): numbers by their
/// `f64` value, objects by their distinct keys' last values (those `Value::get` finds) in any
/// order. Keyed per call by
/// `hasher`, so crafted input cannot choose collisions.
fn json_hash(v: &Value, hasher: &RandomState) -> u64 {
    let mut h = hasher.build_hasher();
    feed_json(v, hasher, &mut h);
    h.finish()
}

fn feed_json(v: &Value, hasher: &RandomState, h: &mut impl Hasher) {
    match v {
        Value::Null => h.write_u8(0),
        Value::Bool(b) => h.write_u8(1 + u8::from(*b)),
        Value::Number(n) => {
            h.write_u8(3);
            match n.parse::<f64>() {
                // `0` and `-0` are equal numbers, so they hash alike.
                Ok(f) => h.write_u64(if f == 0.0 { 0 } else { f.to_bits() }),
                Err(_) => n.hash(h),
            }
        }
        Value::String(s) => {
            h.write_u8(4);
            s.hash(h);
        }
        Value::Array(items) => {
            h.write_u8(5);
            h.write_usize(items.len());
            for e in items {
                feed_json(e, hasher, h);
            }
        }
        Value::Object(members) => {
            // Member order does not matter: each distinct key's entry is hashed alone and the
            // hashes are summed.
            let mut seen = HashSet::with_capacity(members.len());
            let mut sum = 0u64;
            for (k, e) in members.iter().rev() {
                if seen.insert(k.as_str()) {
                    let mut eh = hasher.build_hasher();
                    k.hash(&mut eh);
                    feed_json(e, hasher, &mut eh);
                    sum = sum.wrapping_add(eh.finish());
                }
            }
            h.write_u8(6);
            h.write_usize(seen.len());
            h.write_u64(sum);
        }
    }
}

/// `x-kubernetes-list-type: set` and `map` uniqueness, as upstream's listtype validation reports
/// it: `Duplicate value` at the element's index, with the element (set) or its keys (map).
fn validate_list_type(elems: &[Value], s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    match text(s, "x-kubernetes-list-type") {
        "set" => {
            let hasher = RandomState::new();
            for i in later_repeats(elems, |e| json_hash(e, &hasher), value::json_eq) {
                let e = &elems[i];
                errs.push(err(&format!("{path}[{i}]"), FieldErrorType::Duplicate, Some(shown(e)), String::new()));
            }
        }
        "map" => {
            let keys: Vec<&str> = match s.get("x-kubernetes-list-map-keys") {
                Some(Value::Array(k)) => k.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            // Each element's keys once, compared within hash buckets: a scan of the earlier
            // elements per element (rebuilding their keys) was quadratic.
            let key_values: Vec<Vec<&Value>> =
                elems.iter().map(|e| keys.iter().map(|k| e.get(k).unwrap_or(&Value::Null)).collect()).collect();
            let hasher = RandomState::new();
            let hash = |vs: &Vec<&Value>| {
                let mut h = hasher.build_hasher();
                for v in vs {
                    h.write_u64(json_hash(v, &hasher));
                }
                h.finish()
            };
            for i in later_repeats(&key_values, hash, |a, b| a == b) {
                let shown_keys: Vec<String> =
                    keys.iter().zip(&key_values[i]).map(|(k, v)| format!("\"{k}\":{}", shown(v))).collect();
                let value = format!("map[string]interface {{}}{{{}}}", shown_keys.join(", "));
                errs.push(err(&format!("{path}[{i}]"), FieldErrorType::Duplicate, Some(value), String::new()));
            }
        }
        _ => {}
    }
}

fn validate_object(members: &[(String, Value)], s: &Schema, path: &str, errs: &mut Vec<FieldError>) {
    let count = members.len();
    if let Some(max) = number(s, "maxProperties")
        && count as f64 > max
    {
        errs.push(err(
            path,
            FieldErrorType::TooMany,
            Some(count.to_string()),
            format!("must have at most {} items", max as i64),
        ));
    }
    if let Some(min) = number(s, "minProperties")
        && (count as f64) < min
    {
        errs.push(err(
            path,
            FieldErrorType::Invalid,
            Some(count.to_string()),
            format!("{} should have at least {} properties", in_body(path), min as i64),
        ));
    }
    let add = additional(s);
    // A resource's `apiVersion`, `kind` and `metadata` are validated too: upstream's validator
    // sees the whole object, so a schema may restrict a resource's name or kind.
    for (k, val) in members {
        let child = join(path, k);
        if let Some(ps) = property(s, k) {
            validate_at(val, ps, &child, errs);
        } else if let Some(a) = add {
            validate_at(val, a, &child, errs);
        }
    }
    if let Some(Value::Array(required)) = s.get("required") {
        for k in required.iter().filter_map(Value::as_str) {
            if !members.iter().any(|(m, _)| m == k) {
                errs.push(err(&format!("{path}.{k}"), FieldErrorType::Required, None, String::new()));
            }
        }
    }
}

/// The schema as a JSON value, from its typed form.
pub fn to_schema(props: &super::JSONSchemaProps) -> Option<Schema> {
    let bytes = kapi_machinery::json::to_vec(props).ok()?;
    value::parse(&bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        value::parse(s.as_bytes()).expect("test JSON")
    }

    fn schema() -> Schema {
        v(r#"{"type":"object","properties":{
            "spec":{"type":"object","required":["prop2"],"properties":{
                "prop1":{"type":"string","default":"one"},
                "prop2":{"type":"array","items":{"type":"string"}},
                "n":{"type":"integer","minimum":1,"maximum":5},
                "e":{"type":"string","enum":["a","b"]},
                "open":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
                "set":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}},
            "status":{"type":"object","properties":{"replicas":{"type":"integer"}}}}}"#)
    }

    #[test]
    fn pruning_reports_paths_and_keeps_preserved_fields() {
        let mut obj = v(
            r#"{"apiVersion":"x/v1","kind":"W","metadata":{},"spec":{"prop2":[],"foo":1,"open":{"any":2}},"bar":true}"#,
        );
        let mut found = Vec::new();
        prune(&mut obj, &schema(), &mut found);
        assert_eq!(found, ["spec.foo", "bar"]);
        assert_eq!(
            String::from_utf8(obj.to_compact_vec()).expect("utf-8"),
            r#"{"apiVersion":"x/v1","kind":"W","metadata":{},"spec":{"prop2":[],"open":{"any":2}}}"#
        );
    }

    #[test]
    fn embedded_resources_keep_their_type_and_prune_their_metadata() {
        let s = v(r#"{"type":"object","properties":{"spec":{"type":"object","properties":{
            "template":{"type":"object","x-kubernetes-embedded-resource":true,"properties":{"spec":{"type":"object"}}}}}}}"#);
        let mut obj = v(
            r#"{"spec":{"template":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","foo":1},"spec":{"x":1},"bar":2}}}"#,
        );
        let mut found = Vec::new();
        prune(&mut obj, &s, &mut found);
        assert_eq!(found, ["spec.template.metadata.foo", "spec.template.spec.x", "spec.template.bar"]);
        assert_eq!(
            String::from_utf8(obj.to_compact_vec()).expect("utf-8"),
            r#"{"spec":{"template":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{}}}}"#
        );
    }

    /// Cases of upstream's pruning tests (pkg/apiserver/schema/pruning/algorithm_test.go), with
    /// their objects and pruned paths.
    #[test]
    fn upstream_pruning_cases() {
        let cases = [
            (
                "object array",
                r#"{"items":{"properties":{"a":{},"c":{}}}}"#,
                r#"[{"a":1},{"b":1},{"a":1,"b":2,"c":3}]"#,
                r#"[{"a":1},{},{"a":1,"c":3}]"#,
                vec!["[1].b", "[2].b"],
            ),
            (
                "object array object",
                r#"{"properties":{"array":{"items":{"properties":{"a":{},"c":{}}}},"specified":{"properties":{"a":{},"c":{}}}}}"#,
                r#"{"array":[{"a":1},{"b":1},{"a":1,"b":2,"c":3}],"unspecified":{"a":1},"specified":{"a":1,"b":2,"c":3}}"#,
                r#"{"array":[{"a":1},{},{"a":1,"c":3}],"specified":{"a":1,"c":3}}"#,
                vec!["array[1].b", "array[2].b", "unspecified", "specified.b"],
            ),
            (
                "additionalProperties with schema",
                r#"{"properties":{"a":{},"c":{"additionalProperties":{"type":"integer"}}}}"#,
                r#"{"a":1,"b":1,"c":{"a":1,"b":2,"c":{"a":1}}}"#,
                r#"{"a":1,"c":{"a":1,"b":2,"c":{}}}"#,
                vec!["b", "c.c.a"],
            ),
        ];
        for (name, schema, input, want, pruned) in cases {
            let mut obj = v(input);
            let mut found = Vec::new();
            prune(&mut obj, &v(schema), &mut found);
            assert_eq!(String::from_utf8(obj.to_compact_vec()).expect("utf-8"), want, "{name}");
            // Upstream sorts the paths it reports; these are in document order.
            assert_eq!(found, pruned, "{name}");
        }
    }

    #[test]
    fn defaults_fill_absent_fields() {
        let mut obj = v(r#"{"spec":{"prop2":[]}}"#);
        default(&mut obj, &schema());
        assert_eq!(obj.get("spec").and_then(|s| s.get("prop1")), Some(&Value::String("one".into())));
    }

    #[test]
    fn validation_messages_are_upstreams() {
        let obj = v(r#"{"spec":{"prop2":"x","n":9,"e":"c","set":["a","a"]}}"#);
        let errs: Vec<String> = validate(&obj, &schema()).iter().map(ToString::to_string).collect();
        assert_eq!(
            errs,
            [
                r#"spec.prop2: Invalid value: "string": spec.prop2 in body must be of type array: "string""#,
                "spec.n: Invalid value: 9: spec.n in body should be less than or equal to 5",
                r#"spec.e: Unsupported value: "c": supported values: "a", "b""#,
                r#"spec.set[1]: Duplicate value: "a""#,
            ]
        );
        let missing: Vec<String> = validate(&v(r#"{"spec":{}}"#), &schema()).iter().map(ToString::to_string).collect();
        assert_eq!(missing, ["spec.prop2: Required value"]);
    }

    /// Repeats are found through hash buckets: 100,000 distinct items need no comparison at all,
    /// and each repeat one comparison with the first of its kind (a pairwise scan needed
    /// n(n-1)/2 = 4,999,950,000 for the distinct ones).
    #[test]
    fn repeats_are_found_in_linear_work() {
        let n = 100_000u64;
        let items: Vec<u64> = (0..n).chain([7, 7, n - 1]).collect();
        let calls = std::cell::Cell::new(0u64);
        let repeats = later_repeats(
            &items,
            |x| *x,
            |a, b| {
                calls.set(calls.get() + 1);
                a == b
            },
        );
        assert_eq!(repeats, [n as usize, n as usize + 1, n as usize + 2]);
        assert_eq!(calls.get(), 3);
    }

    /// The hash agrees with `json_eq`: numbers by value, objects in any member order, the last of
    /// a repeated key.
    #[test]
    fn json_hashes_agree_with_json_equality() {
        let h = RandomState::new();
        for (a, b) in [("1", "1.0"), ("0", "-0"), (r#"{"a":1,"b":[true,null]}"#, r#"{"b":[true,null],"a":1e0}"#)] {
            let (a, b) = (v(a), v(b));
            assert!(super::value::json_eq(&a, &b));
            assert_eq!(json_hash(&a, &h), json_hash(&b, &h), "{a:?} {b:?}");
        }
        // Of a repeated key, `Value::get` and so `json_eq` read the last.
        let num = |n: &str| Value::Number(n.into());
        let repeated = Value::Object(vec![("a".into(), num("2")), ("a".into(), num("1"))]);
        let once = Value::Object(vec![("a".into(), num("1"))]);
        assert!(super::value::json_eq(&repeated, &once));
        assert_eq!(json_hash(&repeated, &h), json_hash(&once, &h));
        assert_ne!(json_hash(&v(r#"{"a":1}"#), &h), json_hash(&v(r#"{"a":2}"#), &h));
        assert_ne!(json_hash(&v("[1,2]"), &h), json_hash(&v("[2,1]"), &h));
    }

    /// Long `set` and `map` lists and `uniqueItems` report every later duplicate, at its index.
    #[test]
    fn long_lists_report_each_duplicate() {
        let n = 50_000;
        let schema = v(r#"{"type":"object","properties":{
            "set":{"type":"array","x-kubernetes-list-type":"set","uniqueItems":true,"items":{"type":"integer"}},
            "map":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
                "items":{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"integer"}}}}}}"#);
        let set: Vec<String> = (0..n).map(|i| (i % (n - 2)).to_string()).collect();
        let map: Vec<String> = (0..n).map(|i| format!(r#"{{"name":"m{}","n":{i}}}"#, i % (n - 1))).collect();
        let obj = v(&format!(r#"{{"set":[{}],"map":[{}]}}"#, set.join(","), map.join(",")));
        let got: Vec<String> = validate(&obj, &schema).iter().map(ToString::to_string).collect();
        assert_eq!(
            got,
            [
                "set: Invalid value: \"\": set in body shouldn't contain duplicates".to_owned(),
                format!("set[{}]: Duplicate value: 0", n - 2),
                format!("set[{}]: Duplicate value: 1", n - 1),
                format!(r#"map[{}]: Duplicate value: map[string]interface {{}}{{"name":"m0"}}"#, n - 1),
            ]
        );
    }
}
