//! The validation of a custom resource's structural schema: `+k8s:` declarative tags as the schema keywords and CEL rules that mean the same, kube-openapi's `+k8s:validation:` markers as written, and every CEL rule compiled with kapi-cel (the test server's compiler) so a bad one fails generation at its marker.

use kapi_frontend::diagnostics::{Diagnostic, LineCol};
use kapi_frontend::schema_markers::{MarkerValue, SchemaMarkers, ValueKind};
use kapi_frontend::universe::{FileId, Resolved, TypeId, Universe};
use kapi_frontend::validation_markers::{ListKind, Rule, Stability, Tag};
use kapi_frontend::{Body, Field, Shape};
use kapi_machinery::json::Value;

/// The variables a rule may use.
const VARS: &[&str] = &["self", "oldSelf"];

/// The reasons a rule may give (`x-kubernetes-validations[].reason`).
const REASONS: &[&str] = &["FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"];

/// Newtypes may wrap newtypes; the structural schema has refused deeper chains and cycles, this
/// only bounds the walk.
const MAX_DEPTH: usize = 64;

/// Upstream's message for a changed immutable field (`apimachinery`'s `FieldImmutableErrorMsg`).
pub const IMMUTABLE_MESSAGE: &str = "field is immutable";

/// The `+k8s:format=` names with a CRD `format` of the same meaning.
const FORMATS_AS_KEYWORD: &[(&str, &str)] = &[("k8s-uuid", "uuid")];

/// The `+k8s:format=` names written as a CEL rule with the `format` library, with upstream's
/// message for a value that does not conform.
const FORMATS_AS_RULE: &[(&str, &str, &str)] = &[
    (
        "k8s-short-name",
        "!format.dns1123Label().validate(self).hasValue()",
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
    ),
    (
        "k8s-long-name",
        "!format.dns1123Subdomain().validate(self).hasValue()",
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
    ),
    (
        "k8s-long-name-caseless",
        "!format.dns1123Subdomain().validate(self.lowerAscii()).hasValue()",
        "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
    ),
    (
        "k8s-label-key",
        "!format.qualifiedName().validate(self).hasValue()",
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    ),
    (
        "k8s-prefixed-label-key",
        "self.contains('/') && !format.qualifiedName().validate(self).hasValue()",
        "must be a label key with a DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ),
    (
        "k8s-label-value",
        "!format.labelValue().validate(self).hasValue()",
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    ),
    (
        "k8s-path-segment-name",
        "self != '.' && self != '..' && !self.contains('/') && !self.contains('%')",
        "may not be '.' or '..' and may not contain '/' or '%'",
    ),
];

/// Adds the validation of the kind `id` and the types under it to its inlined structural
/// schema; problems go to `diagnostics`.
pub(super) fn decorate(u: &Universe, id: TypeId, schema: &mut Value, diagnostics: &mut Vec<Diagnostic>) {
    let mut w = Walk { u, diagnostics };
    w.struct_node(id, schema, true, 0);
}

struct Walk<'u, 'd> {
    u: &'u Universe,
    diagnostics: &'d mut Vec<Diagnostic>,
}

/// Sets `key` in a schema object, keeping its members sorted as the schema builder writes them.
fn put(schema: &mut Value, key: &str, value: Value) {
    let Value::Object(members) = schema else { return };
    match members.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
        Ok(i) => members[i].1 = value,
        Err(i) => members.insert(i, (key.to_owned(), value)),
    }
}

fn get_mut<'a>(schema: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    let Value::Object(members) = schema else { return None };
    members.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn has(schema: &Value, key: &str) -> bool {
    schema.get(key).is_some()
}

fn string(s: &str) -> Value {
    Value::String(s.to_owned())
}

/// A rule's `x-kubernetes-validations` entry.
fn rule_entry(rule: &str, message: &str, reason: Option<&str>, field_path: Option<&str>) -> Value {
    let mut o = Value::Object(Vec::new());
    put(&mut o, "rule", string(rule));
    put(&mut o, "message", string(message));
    if let Some(r) = reason {
        put(&mut o, "reason", string(r));
    }
    if let Some(p) = field_path {
        put(&mut o, "fieldPath", string(p));
    }
    o
}

fn push_rule(schema: &mut Value, entry: Value) {
    match get_mut(schema, "x-kubernetes-validations") {
        Some(Value::Array(rules)) => rules.push(entry),
        _ => put(schema, "x-kubernetes-validations", Value::Array(vec![entry])),
    }
}

impl Walk<'_, '_> {
    fn struct_node(&mut self, id: TypeId, schema: &mut Value, root: bool, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let u = self.u;
        let t = &u.types[id];
        self.schema_markers(t.file, &t.def.schema, schema, root);
        let Body::Struct(fields) = &t.def.body else { return };
        for f in fields.iter().filter(|f| f.in_json()) {
            if f.attrs.inline {
                if let Some(Ok(Resolved::Def(inner))) = u.resolve_shape(t.file, &f.shape) {
                    // An inline struct's fields are the object's own; its markers apply here.
                    self.struct_node(inner, schema, root, depth + 1);
                }
                continue;
            }
            let mut parent_rules = Vec::new();
            let mut required = false;
            if let Some(Value::Object(props)) = get_mut(schema, "properties")
                && let Some((_, prop)) = props.iter_mut().find(|(k, _)| *k == f.json_name)
            {
                for tag in f.validation.iter().map(|t| &t.tag) {
                    self.tag(tag, f, prop, &mut parent_rules, &mut required);
                }
                self.schema_markers(t.file, &f.schema, prop, false);
                self.shape_node(t.file, &f.shape, prop, depth + 1);
            }
            for r in parent_rules {
                push_rule(schema, r);
            }
            if required {
                let name = string(&f.json_name);
                match get_mut(schema, "required") {
                    Some(Value::Array(list)) if !list.contains(&name) => list.push(name),
                    Some(_) => {}
                    None => put(schema, "required", Value::Array(vec![name])),
                }
            }
        }
    }

    /// Descends into a field's value: list items, map values, named types.
    fn shape_node(&mut self, file: FileId, shape: &Shape, schema: &mut Value, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        match shape {
            Shape::Option(inner) | Shape::Box(inner) => self.shape_node(file, inner, schema, depth + 1),
            Shape::Vec(inner) => {
                if let Some(items) = get_mut(schema, "items") {
                    self.shape_node(file, inner, items, depth + 1);
                }
            }
            Shape::Map(_, value) => {
                if let Some(values) = get_mut(schema, "additionalProperties") {
                    self.shape_node(file, value, values, depth + 1);
                }
            }
            Shape::Named(path) => {
                let Ok(Resolved::Def(id)) = self.u.resolve_path(file, path) else { return };
                let t = &self.u.types[id];
                match &t.def.body {
                    Body::Struct(_) => self.struct_node(id, schema, false, depth + 1),
                    // `+k8s:enum` needs `+enum`, whose values the schema builder has listed.
                    Body::Newtype(inner, _) => {
                        self.schema_markers(t.file, &t.def.schema, schema, false);
                        self.shape_node(t.file, inner, schema, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }

    /// One declarative tag on a field: a keyword or rule on the field's schema (`prop`), a
    /// rule on the struct's (`parent_rules`), or a required field. Alpha and beta tags are not
    /// enforced by upstream's servers by default, so they are left out; the others without an
    /// equivalent are listed in docs/type-language.md.
    fn tag(&mut self, tag: &Tag, f: &Field, prop: &mut Value, parent_rules: &mut Vec<Value>, required: &mut bool) {
        if tag.stability != Stability::Stable {
            return;
        }
        let json = &f.json_name;
        match &tag.rule {
            Rule::Required => *required = true,
            Rule::Forbidden => parent_rules.push(rule_entry(
                &format!("!has(self.{json})"),
                "Forbidden: may not be specified",
                Some("FieldValueForbidden"),
                Some(&format!(".{json}")),
            )),
            Rule::Minimum(n) => put(prop, "minimum", Value::Number(n.to_string())),
            Rule::Maximum(n) => put(prop, "maximum", Value::Number(n.to_string())),
            Rule::MaxLength(n) => put(prop, "maxLength", Value::Number(n.to_string())),
            Rule::MaxItems(n) => put(prop, "maxItems", Value::Number(n.to_string())),
            Rule::MaxBytes(n) => push_rule(
                prop,
                rule_entry(
                    &format!("size(bytes(self)) <= {n}"),
                    &format!("must be no more than {n} bytes"),
                    None,
                    None,
                ),
            ),
            Rule::Format(name) => {
                if let Some((_, keyword)) = FORMATS_AS_KEYWORD.iter().find(|(k, _)| k == name) {
                    put(prop, "format", string(keyword));
                } else if let Some((_, rule, message)) = FORMATS_AS_RULE.iter().find(|(k, _, _)| k == name) {
                    push_rule(prop, rule_entry(rule, message, None, None));
                }
            }
            Rule::ListType(kind) | Rule::Unique(kind) if !has(prop, "x-kubernetes-list-type") => {
                let k = match kind {
                    ListKind::Atomic => "atomic",
                    ListKind::Set => "set",
                    ListKind::Map => "map",
                };
                put(prop, "x-kubernetes-list-type", string(k));
            }
            Rule::ListMapKey(key) => match get_mut(prop, "x-kubernetes-list-map-keys") {
                Some(Value::Array(keys)) if !keys.contains(&string(key)) => keys.push(string(key)),
                Some(_) => {}
                None => put(prop, "x-kubernetes-list-map-keys", Value::Array(vec![string(key)])),
            },
            Rule::Immutable => push_rule(prop, rule_entry("self == oldSelf", IMMUTABLE_MESSAGE, None, None)),
            Rule::Update(c) => match c.as_str() {
                "NoModify" => push_rule(prop, rule_entry("self == oldSelf", IMMUTABLE_MESSAGE, None, None)),
                "NoSet" => parent_rules.push(rule_entry(
                    &format!("has(oldSelf.{json}) || !has(self.{json})"),
                    "field cannot be set once the object exists",
                    Some("FieldValueForbidden"),
                    Some(&format!(".{json}")),
                )),
                "NoUnset" => parent_rules.push(rule_entry(
                    &format!("!has(oldSelf.{json}) || has(self.{json})"),
                    "field cannot be cleared once set",
                    Some("FieldValueForbidden"),
                    Some(&format!(".{json}")),
                )),
                "NoAddItem" => {
                    push_rule(prop, rule_entry("self.all(x, x in oldSelf)", "items may not be added", None, None))
                }
                "NoRemoveItem" => {
                    push_rule(prop, rule_entry("oldSelf.all(x, x in self)", "items may not be removed", None, None))
                }
                _ => {}
            },
            Rule::EachVal(inner) => {
                let target = get_mut(prop, "items").is_some();
                let key = if target { "items" } else { "additionalProperties" };
                if let Some(elem) = get_mut(prop, key) {
                    let (mut ignored_rules, mut ignored_required) = (Vec::new(), false);
                    self.tag(inner, f, elem, &mut ignored_rules, &mut ignored_required);
                }
            }
            _ => {}
        }
    }

    /// kube-openapi's markers on a field or type: keywords as written, rules compiled.
    fn schema_markers(&mut self, file: FileId, m: &SchemaMarkers, schema: &mut Value, root: bool) {
        for k in &m.keywords {
            match keyword_value(k.kind, &k.value) {
                Ok(v) => put(schema, &k.name, v),
                Err(e) => self.at(file, &k.value, 0, format!("`+k8s:validation:{}`: {e}", k.name)),
            }
        }
        for r in &m.rules {
            let mut entry = Value::Object(Vec::new());
            let mut ok = true;
            for (key, value) in &r.keys {
                let kind = if key == "optionalOldSelf" { ValueKind::Bool } else { ValueKind::String };
                match keyword_value(kind, value) {
                    Ok(v) => put(&mut entry, key, v),
                    Err(e) => {
                        self.at(file, value, 0, format!("`+k8s:validation:cel[{}]:{key}`: {e}", r.index));
                        ok = false;
                    }
                }
            }
            if !ok {
                continue;
            }
            let text = |k: &str| entry.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
            let rule = text("rule");
            if let Some(place) = r.get("rule") {
                self.check_expression(file, place, &rule, schema, root, "rule");
            }
            let message_expression = text("messageExpression");
            if let (Some(place), false) = (r.get("messageExpression"), message_expression.is_empty()) {
                self.check_expression(file, place, &message_expression, schema, root, "messageExpression");
            }
            let reason = text("reason");
            if let (Some(place), false) = (r.get("reason"), reason.is_empty() || REASONS.contains(&reason.as_str())) {
                self.at(file, place, 0, format!("unknown reason `{reason}`; the reasons are: {}", REASONS.join(", ")));
            }
            let message = text("message");
            if message.contains('\n')
                && let Some(place) = r.get("message")
            {
                self.at(file, place, 0, "a rule's message must not contain line breaks".to_owned());
            }
            push_rule(schema, entry);
        }
    }

    /// Compiles a rule or message expression with the server's compiler and checks the fields
    /// it selects from `self` against the schema it sits on.
    fn check_expression(
        &mut self,
        file: FileId,
        place: &MarkerValue,
        src: &str,
        schema: &Value,
        root: bool,
        what: &str,
    ) {
        let quote = usize::from(!place.raw);
        match kapi_cel::Program::compile(src, VARS) {
            Err(e) => {
                let col = e.position().map_or(0, |(_, c)| c - 1);
                self.at(file, place, quote + col, format!("CEL {what} does not compile: {}", e.message()));
            }
            Ok(p) => {
                if let Some((field, offset)) =
                    p.field_paths().iter().find_map(|(_, fs)| undefined_field(schema, root, fs))
                {
                    let col = src[..offset.min(src.len())].chars().count();
                    self.at(
                        file,
                        place,
                        quote + col,
                        format!("CEL {what} does not compile: undefined field '{field}'; the schema here has no such property"),
                    );
                }
            }
        }
    }

    /// An error at a marker's value, `col` characters into it.
    fn at(&mut self, file: FileId, place: &MarkerValue, col: usize, message: String) {
        let mut d = Diagnostic::at(&self.u.file(file).path, place.place.span, message);
        let start = place.place.span.start();
        // `///` comes before the doc text of the attribute's first line.
        let base = if place.place.line == 0 { start.column + 3 } else { 0 };
        d.start = LineCol { line: start.line + place.place.line, column: base + place.place.column + col };
        d.end = LineCol { line: d.start.line, column: d.start.column + 1 };
        self.diagnostics.push(d);
    }
}

/// A marker's value as JSON of the kind the keyword takes.
fn keyword_value(kind: ValueKind, v: &MarkerValue) -> Result<Value, String> {
    if v.raw {
        return Ok(Value::String(v.text.clone()));
    }
    let parsed = kapi_machinery::json::value::parse(v.text.as_bytes())
        .map_err(|e| format!("`{}` is not JSON ({e}); quote strings (`\"…\"`) or write raw text after `>`", v.text))?;
    let fits = match (kind, &parsed) {
        (ValueKind::Number, Value::Number(_)) | (ValueKind::Bool, Value::Bool(_)) => true,
        (ValueKind::String, Value::String(_)) | (ValueKind::Array, Value::Array(_)) => true,
        (ValueKind::Count, Value::Number(n)) => n.parse::<u64>().is_ok(),
        _ => false,
    };
    if !fits {
        let want = match kind {
            ValueKind::Number => "a number",
            ValueKind::Count => "a non-negative integer",
            ValueKind::Bool => "`true` or `false`",
            ValueKind::String => "a JSON string",
            ValueKind::Array => "a JSON array",
        };
        return Err(format!("takes {want}, not `{}`", v.text));
    }
    Ok(parsed)
}

/// The first field of a selection chain the schema has no place for (with its offset), as the
/// server's check: an object with `properties` and without `x-kubernetes-preserve-unknown-fields`
/// that does not list it; at a resource root, a `metadata` field other than `name` and
/// `generateName`.
fn undefined_field<'a>(s: &Value, root: bool, fields: &[(&'a str, usize)]) -> Option<(&'a str, usize)> {
    let (mut cur, mut at_root) = (s, root);
    let mut it = fields.iter();
    while let Some(&(f, offset)) = it.next() {
        if at_root && matches!(f, "apiVersion" | "kind") {
            return None;
        }
        if at_root && f == "metadata" {
            return it.next().filter(|(m, _)| !matches!(*m, "name" | "generateName")).copied();
        }
        let embedded = |v: &Value| v.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true));
        if let Some(p) = cur.get("properties").and_then(|p| p.get(f)) {
            (cur, at_root) = (p, embedded(p));
        } else if let Some(a) = cur.get("additionalProperties").filter(|a| matches!(a, Value::Object(_))) {
            (cur, at_root) = (a, embedded(a));
        } else if cur.get("properties").is_some()
            && cur.get("x-kubernetes-preserve-unknown-fields") != Some(&Value::Bool(true))
        {
            return Some((f, offset));
        } else {
            return None;
        }
    }
    None
}
