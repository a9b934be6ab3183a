//! Upstream's `ValidateDefaults` (apiextensions-apiserver's `schema/defaulting`, with `schema/objectmeta`'s coercion and checks of embedded object metadata): each default of a structural schema pruned, its resources' `apiVersion`, `kind` and `metadata` valid, valid against its node's schema and passing the node's `x-kubernetes-validations` rules.

use kapi_machinery::json::value::Value;
use kapi_machinery::object::parse_group_version;
use kapi_machinery::types::Time;
use kapi_machinery::validation::content::{is_dns1035_label, is_dns1123_label, is_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path, aggregate};

use super::super::rules;
use super::super::schema::{additional, embedded, items, property, validate_value};
use super::{MAX_SCHEMA_DEPTH, Schema, default_is_pruned, flag, go_json, properties, sub_schema};
use crate::meta::v1::validation::validate_labels;

/// The `TypeMeta` upstream gives the object it builds around a default inside a resource's
/// `metadata`, `apiVersion` or `kind`, where the default does not set them itself.
const SURROUNDING_API_VERSION: &str = "validation/v1";
const SURROUNDING_KIND: &str = "Validation";

/// Upstream's `TotalAnnotationSizeLimitB`.
const MAX_ANNOTATIONS_BYTES: usize = 256 * 1024;

/// Validates every default of the structural schema `s` (a version's root, which counts as a
/// resource root) under `path` (`…openAPIV3Schema`). `require_pruned`: a default that pruning
/// would change is an error (not where the stored definition already had such defaults). The
/// rules of all defaults share upstream's per-object cost budget; once it is spent no further
/// default is looked at, as upstream stops there.
pub(super) fn validate_defaults(s: &Schema, path: &Path, require_pruned: bool, errs: &mut ErrorList) {
    let mut w = Walk { require_pruned, budget: kapi_cel::RUNTIME_BUDGET, stopped: false, errs };
    w.node(s, s, true, path, &[], false, 0);
}

/// One step from a resource root down to a schema node.
#[derive(Clone, Copy)]
enum Step<'a> {
    Child(&'a str),
    Index,
}

struct Walk<'e> {
    require_pruned: bool,
    /// What is left of the rules' cost budget.
    budget: u64,
    /// Set once the budget is spent: upstream returns at that point.
    stopped: bool,
    errs: &'e mut ErrorList,
}

impl Walk<'_> {
    /// `s` is the node, `root` the resource root it belongs to (the schema's root or the nearest
    /// embedded resource above it), `steps` the way from `root` to `s`; `inside_meta` whether `s`
    /// is at or below a root's `metadata`, `apiVersion` or `kind`.
    #[allow(clippy::too_many_arguments)]
    fn node<'a>(
        &mut self,
        s: &'a Schema,
        root: &'a Schema,
        schema_root: bool,
        path: &Path,
        steps: &[Step<'a>],
        inside_meta: bool,
        depth: usize,
    ) {
        if self.stopped || depth > MAX_SCHEMA_DEPTH {
            return;
        }
        // An embedded resource starts a resource of its own (the schema's root is one too).
        let resource_root = schema_root || embedded(s);
        let (root, steps, inside_meta) = if resource_root { (s, &[][..], false) } else { (root, steps, inside_meta) };
        if let Some(d) = s.get("default").filter(|d| !matches!(d, Value::Null)) {
            if inside_meta {
                self.inside_meta(d, s, root, steps, path);
            } else {
                self.elsewhere(d, s, resource_root, path);
            }
            if self.stopped {
                return;
            }
        }
        // additionalProperties is not followed: defaults are forbidden there.
        if let Some(is) = sub_schema(s, "items") {
            let mut next = steps.to_vec();
            next.push(Step::Index);
            self.node(is, root, false, &path.child("items"), &next, inside_meta, depth + 1);
        }
        for (k, ps) in properties(s) {
            let meta = inside_meta || (resource_root && matches!(k.as_str(), "metadata" | "apiVersion" | "kind"));
            let mut next = steps.to_vec();
            next.push(Step::Child(k));
            self.node(ps, root, false, &path.child("properties").key(k), &next, meta, depth + 1);
            if self.stopped {
                return;
            }
        }
    }

    /// A default inside a resource's `metadata`, `apiVersion` or `kind`: the resource it makes
    /// (the default at its place in an otherwise empty object of upstream's placeholder type)
    /// must have valid metadata, reported as one error at the default; then the schema and rules.
    fn inside_meta(&mut self, d: &Value, s: &Schema, root: &Schema, steps: &[Step<'_>], path: &Path) {
        let at = path.child("default");
        let Some(obj) = surround(d, steps) else { return };
        let bad = |why: String| {
            FieldError::invalid_value(&at, BadValue::Json(go_json(d)), &format!("must result in valid metadata: {why}"))
        };
        if let Some(e) = coerce(&Path::root(), &obj, Some(root), true, 0) {
            self.errs.push(bad(e.to_string()));
        } else if let Some(why) = aggregate(&validate_meta(&Path::root(), &obj, Some(root), true, 0)) {
            self.errs.push(bad(why));
        } else if !self.schema(d, s, &at) {
            self.rules(d, s, false, &at);
        }
    }

    /// Any other default: pruned, its resources' type and object metadata valid, then the
    /// schema and rules.
    fn elsewhere(&mut self, d: &Value, s: &Schema, resource_root: bool, path: &Path) {
        let at = path.child("default");
        if self.require_pruned && !default_is_pruned(s, d) {
            self.errs.push(FieldError::invalid_value(&at, BadValue::Json(go_json(d)), "must not have unknown fields"));
        }
        if let Some(e) = coerce(&at, d, Some(s), resource_root, 0) {
            self.errs.push(e);
            return;
        }
        let meta = validate_meta(&at, d, Some(s), resource_root, 0);
        if !meta.is_empty() {
            self.errs.extend(meta);
        } else if !self.schema(d, s, &at) {
            self.rules(d, s, resource_root, &at);
        }
    }

    /// The default against its node's schema; whether it found errors.
    fn schema(&mut self, d: &Value, s: &Schema, at: &Path) -> bool {
        let found = validate_value(d, s);
        let any = !found.is_empty();
        self.errs.extend(found.into_iter().map(|e| FieldError { field: under(at, &e.field), ..e }));
        any
    }

    /// The node's `x-kubernetes-validations` rules (and those below it) over the default, with
    /// the default as its own old value (so transition rules run); when that passes, once more
    /// without an old value, as upstream does with ratcheting on (the default, so that rules
    /// reading an optional old value hold for a create too). The budget left is the smaller.
    fn rules(&mut self, d: &Value, s: &Schema, resource_root: bool, at: &Path) {
        if !has_rules(s, 0) {
            return;
        }
        let first = rules::validate_within(d, Some(d), s, resource_root, self.budget);
        let mut left = first.budget_left;
        let mut stopped = first.stopped;
        let passed = first.errors.is_empty();
        self.push_under(at, first.errors);
        if passed {
            let second = rules::validate_within(d, None, s, resource_root, self.budget);
            left = left.min(second.budget_left);
            stopped |= second.stopped;
            self.push_under(at, second.errors);
        }
        self.budget = left;
        self.stopped = stopped;
    }

    fn push_under(&mut self, at: &Path, found: Vec<FieldError>) {
        self.errs.extend(found.into_iter().map(|e| FieldError { field: under(at, &e.field), ..e }));
    }
}

/// A field path relative to a default, under the default's own path.
fn under(at: &Path, field: &str) -> String {
    match field {
        "" => at.as_str().to_owned(),
        f if f.starts_with('[') => format!("{}{f}", at.as_str()),
        f => format!("{}.{f}", at.as_str()),
    }
}

/// Whether the node or any below it has `x-kubernetes-validations` rules (upstream builds no
/// validator otherwise).
fn has_rules(s: &Schema, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return false;
    }
    matches!(s.get("x-kubernetes-validations"), Some(Value::Array(r)) if !r.is_empty())
        || properties(s).iter().any(|(_, p)| has_rules(p, depth + 1))
        || ["items", "additionalProperties"].iter().any(|k| sub_schema(s, k).is_some_and(|p| has_rules(p, depth + 1)))
}

/// The resource a default inside its root's metadata makes: the default at its place (`steps`
/// from the root), with upstream's placeholder `apiVersion` and `kind` where it sets none.
fn surround(d: &Value, steps: &[Step<'_>]) -> Option<Value> {
    let mut v = d.clone();
    for step in steps.iter().rev() {
        v = match step {
            Step::Child(k) => Value::Object(vec![((*k).to_owned(), v)]),
            Step::Index => Value::Array(vec![v]),
        };
    }
    let Value::Object(members) = &mut v else { return None };
    for (k, val) in [("kind", SURROUNDING_KIND), ("apiVersion", SURROUNDING_API_VERSION)] {
        if !members.iter().any(|(m, _)| m == k) {
            members.push((k.to_owned(), Value::String(val.to_owned())));
        }
    }
    Some(v)
}

/// Whether pruning `v` (a value of schema `s`) keeps all of it. As upstream's pruning, a
/// resource's `apiVersion`, `kind` and `metadata` are not looked into: object metadata is
/// coerced, not pruned, so unknown fields there are dropped without complaint.
pub(super) fn pruning_keeps(v: &Value, s: &Schema, resource_root: bool, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return true;
    }
    match v {
        Value::Object(members) => {
            let keep_unknown = flag(s, "x-kubernetes-preserve-unknown-fields")
                || matches!(s.get("additionalProperties"), Some(Value::Bool(true)));
            members.iter().all(|(k, val)| {
                if resource_root && matches!(k.as_str(), "apiVersion" | "kind" | "metadata") {
                    true
                } else if let Some(ps) = property(s, k) {
                    pruning_keeps(val, ps, embedded(ps), depth + 1)
                } else if let Some(a) = additional(s) {
                    pruning_keeps(val, a, embedded(a), depth + 1)
                } else {
                    keep_unknown
                }
            })
        }
        Value::Array(elems) => match items(s) {
            Some(is) => elems.iter().all(|e| pruning_keeps(e, is, embedded(is), depth + 1)),
            None => true,
        },
        _ => true,
    }
}

/// Upstream's defaults forbidden by place (its OpenAPI schema walk, which runs whatever else
/// is wrong): in a resource's own `metadata`, `apiVersion` and `kind` (`in top-level …`), and
/// under `additionalProperties` inside any resource's metadata, where pruning could not tell
/// what to default.
pub(super) fn forbidden_defaults(
    s: &Schema,
    path: &Path,
    schema_root: bool,
    inside_meta: bool,
    reason: Option<&str>,
    depth: usize,
    errs: &mut ErrorList,
) {
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    if let Some(reason) = reason
        && s.get("default").is_some_and(|d| !matches!(d, Value::Null))
    {
        errs.push(FieldError::forbidden(path.child("default"), &format!("must not be set {reason}")));
    }
    if let Some(a) = sub_schema(s, "additionalProperties") {
        let reason = if inside_meta { Some("inside additionalProperties applying to object metadata") } else { reason };
        forbidden_defaults(a, &path.child("additionalProperties"), false, inside_meta, reason, depth + 1, errs);
    }
    for (k, ps) in properties(s) {
        let (mut meta, mut why) = (inside_meta, reason.map(str::to_owned));
        if (schema_root || embedded(s)) && matches!(k.as_str(), "metadata" | "apiVersion" | "kind") {
            meta = true;
            if schema_root {
                why = Some(format!("in top-level {k}"));
            }
        }
        forbidden_defaults(ps, &path.child("properties").key(k), false, meta, why.as_deref(), depth + 1, errs);
    }
    if let Some(is) = sub_schema(s, "items") {
        forbidden_defaults(is, &path.child("items"), false, inside_meta, reason, depth + 1, errs);
    }
    if let Some(n) = sub_schema(s, "not") {
        forbidden_defaults(n, &path.child("not"), false, inside_meta, reason, depth + 1, errs);
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(Value::Array(list)) = s.get(key) {
            for (i, j) in list.iter().enumerate() {
                forbidden_defaults(j, &path.child(key).index(i), false, inside_meta, reason, depth + 1, errs);
            }
        }
    }
}

// ---- Coercion (upstream's `objectmeta.Coerce`): types only, the first failure. ----

/// The first type failure of a resource's `apiVersion`, `kind` or `metadata` in `x` (a value
/// of schema `s`), at `x` itself when `resource_root` and in any embedded resource below.
fn coerce(path: &Path, x: &Value, s: Option<&Schema>, resource_root: bool, depth: usize) -> Option<FieldError> {
    let s = s?;
    if depth > MAX_SCHEMA_DEPTH {
        return None;
    }
    match x {
        Value::Object(members) => {
            let is_resource = resource_root || embedded(s);
            for (k, v) in members {
                if is_resource {
                    match k.as_str() {
                        "apiVersion" | "kind" if !matches!(v, Value::String(_)) => {
                            return Some(FieldError::invalid_value(
                                path.child(k),
                                BadValue::Json(go_json(v)),
                                "must be a string",
                            ));
                        }
                        "metadata" => {
                            if let Some(why) = object_meta_error(v) {
                                return Some(FieldError::invalid_value(
                                    path.child("metadata"),
                                    BadValue::Json(go_json(v)),
                                    &why,
                                ));
                            }
                        }
                        _ => {}
                    }
                }
                let found = if let Some(ps) = property(s, k) {
                    coerce(&path.child(k), v, Some(ps), false, depth + 1)
                } else {
                    additional(s).and_then(|a| coerce(&path.key(k), v, Some(a), false, depth + 1))
                };
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        Value::Array(elems) => {
            elems.iter().enumerate().find_map(|(i, e)| coerce(&path.index(i), e, items(s), false, depth + 1))
        }
        _ => None,
    }
}

/// Why decoding `v` as an `ObjectMeta` fails, with Go's JSON decoding message (the first
/// failure in document order; unknown fields are dropped, `null` is no value).
fn object_meta_error(v: &Value) -> Option<String> {
    let members = match v {
        Value::Null => return None,
        Value::Object(m) => m,
        other => return Some(unmarshal_value(other, "v1.ObjectMeta")),
    };
    let field = |name: &str, ty: &str, v: &Value| unmarshal_field(v, "ObjectMeta", name, ty);
    members.iter().find_map(|(k, v)| match k.as_str() {
        "name" | "generateName" | "namespace" | "selfLink" | "uid" | "resourceVersion" => {
            string_error(v).then(|| field(k, "string", v))
        }
        "generation" | "deletionGracePeriodSeconds" => {
            int_error(v).map(|shown| field_shown(&shown, "ObjectMeta", k, "int64"))
        }
        "creationTimestamp" | "deletionTimestamp" => time_error(v),
        "labels" | "annotations" => match v {
            Value::Null => None,
            Value::Object(m) => m.iter().find(|(_, x)| string_error(x)).map(|(_, x)| field(k, "string", x)),
            other => Some(field(k, "map[string]string", other)),
        },
        "finalizers" => match v {
            Value::Null => None,
            Value::Array(a) => a.iter().find(|x| string_error(x)).map(|x| field(k, "string", x)),
            other => Some(field(k, "[]string", other)),
        },
        "ownerReferences" => list_error(v, k, "v1.OwnerReference", "OwnerReference", &|name| match name {
            "apiVersion" | "kind" | "name" | "uid" => Some("string"),
            "controller" | "blockOwnerDeletion" => Some("bool"),
            _ => None,
        }),
        "managedFields" => list_error(v, k, "v1.ManagedFieldsEntry", "ManagedFieldsEntry", &|name| match name {
            "manager" | "apiVersion" | "fieldsType" | "subresource" => Some("string"),
            "operation" => Some("v1.ManagedFieldsOperationType"),
            "time" => Some("time"),
            _ => None,
        }),
        _ => None,
    })
}

/// A list of structs (`ownerReferences`, `managedFields`): its items objects, their fields of
/// the types `field_type` names (`time` for a `metav1.Time`).
fn list_error(
    v: &Value,
    list: &str,
    item_type: &str,
    item_struct: &str,
    field_type: &dyn Fn(&str) -> Option<&'static str>,
) -> Option<String> {
    let elems = match v {
        Value::Null => return None,
        Value::Array(a) => a,
        other => return Some(unmarshal_field(other, "ObjectMeta", list, &format!("[]{item_type}"))),
    };
    elems.iter().find_map(|e| match e {
        Value::Null => None,
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            let nested = format!("{list}.{k}");
            match field_type(k)? {
                "time" => time_error(x),
                "bool" => (!matches!(x, Value::Null | Value::Bool(_)))
                    .then(|| unmarshal_field(x, item_struct, &nested, "bool")),
                ty => string_error(x).then(|| unmarshal_field(x, item_struct, &nested, ty)),
            }
        }),
        other => Some(unmarshal_field(other, "ObjectMeta", list, item_type)),
    })
}

/// Whether a value cannot decode into a Go string (`null` leaves it empty).
fn string_error(v: &Value) -> bool {
    !matches!(v, Value::Null | Value::String(_))
}

/// How Go names a value that cannot decode into an `int64`, if it cannot: its JSON kind, or
/// `number <text>` for a number that is no `int64`.
fn int_error(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::Number(n) => n.parse::<i64>().is_err().then(|| format!("number {n}")),
        other => Some(other.go_kind_name().to_owned()),
    }
}

/// Why a `metav1.Time` does not decode: not a string (Go's decoding into a string), or not
/// RFC 3339 (Go's parse error).
fn time_error(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(t) => Time::parse_rfc3339(t).err().map(|e| e.to_string()),
        other => Some(unmarshal_value(other, "string")),
    }
}

/// Go's `UnmarshalTypeError` for a value that is not inside a struct.
fn unmarshal_value(v: &Value, ty: &str) -> String {
    format!("json: cannot unmarshal {} into Go value of type {ty}", v.go_kind_name())
}

/// Go's `UnmarshalTypeError` for a struct's field.
fn unmarshal_field(v: &Value, strukt: &str, field: &str, ty: &str) -> String {
    field_shown(v.go_kind_name(), strukt, field, ty)
}

fn field_shown(shown: &str, strukt: &str, field: &str, ty: &str) -> String {
    format!("json: cannot unmarshal {shown} into Go struct field {strukt}.{field} of type {ty}")
}

// ---- Validation (upstream's `objectmeta.Validate`): every failure. ----

/// The failures of the resources in `x` (a value of schema `s`, already coerced): `apiVersion`
/// and `kind` set and well-formed, `metadata` valid object metadata as on create.
fn validate_meta(path: &Path, x: &Value, s: Option<&Schema>, resource_root: bool, depth: usize) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(s) = s else { return errs };
    if depth > MAX_SCHEMA_DEPTH {
        return errs;
    }
    match x {
        Value::Object(members) => {
            if resource_root || embedded(s) {
                embedded_resource(path, members, &mut errs);
            }
            for (k, v) in members {
                if let Some(ps) = property(s, k) {
                    errs.extend(validate_meta(&path.child(k), v, Some(ps), false, depth + 1));
                } else if let Some(a) = additional(s) {
                    errs.extend(validate_meta(&path.key(k), v, Some(a), false, depth + 1));
                }
            }
        }
        Value::Array(elems) => {
            for (i, e) in elems.iter().enumerate() {
                errs.extend(validate_meta(&path.index(i), e, items(s), false, depth + 1));
            }
        }
        _ => {}
    }
    errs
}

/// Upstream's `validateEmbeddedResource`.
fn embedded_resource(path: &Path, members: &[(String, Value)], errs: &mut ErrorList) {
    let has = |k: &str| members.iter().any(|(m, _)| m == k);
    if !has("apiVersion") {
        errs.push(FieldError::required(path.child("apiVersion"), ""));
    }
    if !has("kind") {
        errs.push(FieldError::required(path.child("kind"), ""));
    }
    for (k, v) in members {
        match (k.as_str(), v) {
            ("apiVersion" | "kind", Value::String(t)) if t.is_empty() => {
                errs.push(FieldError::invalid(path.child(k), t, "must not be empty"));
            }
            ("apiVersion" | "kind", v) if !matches!(v, Value::String(_)) => {
                errs.push(FieldError::invalid_value(path.child(k), BadValue::Json(go_json(v)), "must be a string"));
            }
            ("apiVersion", Value::String(t)) => {
                if let Err(why) = parse_group_version(t) {
                    errs.push(FieldError::invalid(path.child(k), t, &why));
                }
            }
            ("kind", Value::String(t)) => {
                let found = is_dns1035_label(&t.to_lowercase());
                if !found.is_empty() {
                    let detail = format!("may have mixed case, but should otherwise match: {}", found.join(","));
                    errs.push(FieldError::invalid(path.child(k), t, &detail));
                }
            }
            ("metadata", Value::Object(meta)) => object_meta(&path.child("metadata"), meta, errs),
            _ => {}
        }
    }
}

/// A string member of decoded metadata (`null` and absent read as empty).
fn text<'a>(meta: &'a [(String, Value)], key: &str) -> &'a str {
    // A repeated member keeps its last value, as decoding does.
    meta.iter().rev().find(|(k, _)| k == key).and_then(|(_, v)| v.as_str()).unwrap_or_default()
}

fn member<'a>(meta: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    meta.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// A `map[string]string` member as its pairs (each key's last value, as decoding keeps it).
fn string_map(v: Option<&Value>) -> Vec<(String, String)> {
    let Some(Value::Object(m)) = v else { return Vec::new() };
    let mut out: Vec<(String, String)> = Vec::with_capacity(m.len());
    for (k, val) in m {
        let val = val.as_str().unwrap_or_default().to_owned();
        match out.iter_mut().find(|(ok, _)| ok == k) {
            Some(slot) => slot.1 = val,
            None => out.push((k.clone(), val)),
        }
    }
    out
}

/// Upstream's `ValidateObjectMetaAccessor` as the embedded resource check runs it: names as
/// path segments, a missing name taken as set, the namespace checked only when set.
fn object_meta(path: &Path, meta: &[(String, Value)], errs: &mut ErrorList) {
    let generate_name = text(meta, "generateName");
    if !generate_name.is_empty() {
        for msg in path_segment(generate_name, true) {
            errs.push(FieldError::invalid(path.child("generateName"), generate_name, &msg));
        }
    }
    // Upstream names a nameless resource `fakename` before checking it.
    let name = text(meta, "name");
    for msg in path_segment(name, false) {
        errs.push(FieldError::invalid(path.child("name"), name, &msg));
    }
    let namespace = text(meta, "namespace");
    if !namespace.is_empty() {
        for msg in is_dns1123_label(namespace) {
            errs.push(FieldError::invalid(path.child("namespace"), namespace, &msg));
        }
    }
    if let Some(Value::Number(n)) = member(meta, "generation")
        && let Ok(g) = n.parse::<i64>()
        && g < 0
    {
        errs.push(FieldError::invalid_value(path.child("generation"), g, "must be greater than or equal to 0"));
    }
    let labels = string_map(member(meta, "labels"));
    errs.extend(validate_labels(labels.iter().map(|(k, v)| (k, v)), &path.child("labels")));
    let annotations = string_map(member(meta, "annotations"));
    let ap = path.child("annotations");
    let mut size = 0usize;
    for (k, v) in &annotations {
        for msg in is_qualified_name(&k.to_lowercase()) {
            errs.push(FieldError::invalid(&ap, k, &msg));
        }
        size = size.saturating_add(k.len()).saturating_add(v.len());
    }
    if size > MAX_ANNOTATIONS_BYTES {
        errs.push(FieldError::too_long(&ap, MAX_ANNOTATIONS_BYTES));
    }
    owner_references(&path.child("ownerReferences"), member(meta, "ownerReferences"), errs);
    finalizers(&path.child("finalizers"), member(meta, "finalizers"), errs);
}

/// Upstream's `IsPathSegmentName` / `IsPathSegmentPrefix`.
fn path_segment(name: &str, prefix: bool) -> Vec<String> {
    let mut out = Vec::new();
    if !prefix && (name == "." || name == "..") {
        out.push(format!("may not be '{name}'"));
    }
    for c in ["/", "%"] {
        if name.contains(c) {
            out.push(format!("may not contain '{c}'"));
        }
    }
    out
}

/// Upstream's `ValidateOwnerReferences` (errors at the list, not the item, as upstream's).
fn owner_references(path: &Path, refs: Option<&Value>, errs: &mut ErrorList) {
    let Some(Value::Array(refs)) = refs else { return };
    let mut first_controller: Option<String> = None;
    for r in refs {
        let Value::Object(m) = r else { continue };
        let (api_version, kind, name, uid) = (text(m, "apiVersion"), text(m, "kind"), text(m, "name"), text(m, "uid"));
        // `FromAPIVersionAndKind`: an apiVersion that does not parse leaves group and version empty.
        let (group, version) = parse_group_version(api_version).unwrap_or(("", ""));
        if version.is_empty() {
            errs.push(FieldError::invalid(path.child("apiVersion"), api_version, "version must not be empty"));
        }
        for (field, value) in [("kind", kind), ("name", name), ("uid", uid)] {
            if value.is_empty() {
                errs.push(FieldError::invalid(path.child(field), value, &format!("{field} must not be empty")));
            }
        }
        if group.is_empty() && version == "v1" && kind == "Event" {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::Json(go_json(r)),
                "/v1, Kind=Event is disallowed from being an owner",
            ));
        }
        if matches!(member(m, "controller"), Some(Value::Bool(true))) {
            let current = format!("{kind}/{name}");
            match &first_controller {
                Some(first) => errs.push(FieldError::invalid_value(
                    path,
                    BadValue::Json(go_json(&Value::Array(refs.clone()))),
                    &format!(
                        "Only one reference can have Controller set to true. Found \"true\" in references for {first} and {current}"
                    ),
                )),
                None => first_controller = Some(current),
            }
        }
    }
}

/// Upstream's `ValidateFinalizers`.
fn finalizers(path: &Path, list: Option<&Value>, errs: &mut ErrorList) {
    let Some(Value::Array(list)) = list else { return };
    let names: Vec<&str> = list.iter().map(|f| f.as_str().unwrap_or_default()).collect();
    for f in &names {
        for msg in is_qualified_name(f) {
            errs.push(FieldError::invalid(path, f, &msg));
        }
    }
    if names.contains(&"orphan") && names.contains(&"foregroundDeletion") {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(&names),
            "finalizer orphan and foregroundDeletion cannot be both set",
        ));
    }
}

#[cfg(test)]
#[path = "default_values_tests.rs"]
mod tests;
