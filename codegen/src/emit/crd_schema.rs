//! The validation of a custom resource's structural schema: `+k8s:` declarative tags as the schema keywords and CEL rules that mean the same, kube-openapi's `+k8s:validation:` markers as written, and every CEL rule checked as the server checks it when the definition is written (kapi-cel's `check_rules`: typed from the schema, within the cost limits) so a bad one fails generation at its marker.

use kapi_cel::schema::{Problem, RuleField, RulePlace, Step};
use kapi_frontend::diagnostics::{Diagnostic, LineCol};
use kapi_frontend::schema_markers::{CelMarkers, MarkerValue, Place, SchemaMarkers, ValueKind};
use kapi_frontend::universe::{FileId, Resolved, TypeId, Universe};
use kapi_frontend::validation_markers::{ListKind, Rule, SpannedTag, Stability, Tag};
use kapi_frontend::{Body, Field, Shape};
use kapi_machinery::json::Value;
use kapi_machinery::validation::Path;

/// The member of a rule entry that says, while the schema is built, which marker or tag wrote
/// the rule (an index into `Walk::origins`), so that the server's problems with the finished
/// schema's rules are reported there; removed before the schema is written.
const ORIGIN: &str = "x-kapi-origin";

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
    let mut w = Walk { u, diagnostics, origins: Vec::new() };
    w.struct_node(id, schema, 0);
    // A rule's cost counts as often as its node can occur, from the lists and maps above it, and
    // the schema's rules share one budget: so they are checked once the schema is whole.
    w.check_rules(id, schema);
    strip_origins(schema, 0);
}

struct Walk<'u, 'd> {
    u: &'u Universe,
    diagnostics: &'d mut Vec<Diagnostic>,
    /// What wrote each rule of the schema, indexed by its entry's [`ORIGIN`].
    origins: Vec<Origin<'u>>,
}

/// What wrote a rule of the schema.
enum Origin<'u> {
    /// kube-openapi's `+k8s:validation:cel[N]:` markers.
    Markers(FileId, &'u CelMarkers),
    /// A declarative tag the generator writes as a rule.
    Tag(FileId, &'u SpannedTag),
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

/// Removes the [`ORIGIN`] of every rule entry.
fn strip_origins(schema: &mut Value, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let Value::Object(members) = schema else { return };
    for (key, value) in members {
        match (key.as_str(), value) {
            ("x-kubernetes-validations", Value::Array(rules)) => {
                for rule in rules {
                    if let Value::Object(m) = rule {
                        m.retain(|(k, _)| k != ORIGIN);
                    }
                }
            }
            ("properties", Value::Object(props)) => {
                props.iter_mut().for_each(|(_, p)| strip_origins(p, depth + 1));
            }
            ("items" | "additionalProperties", sub) => strip_origins(sub, depth + 1),
            _ => {}
        }
    }
}

/// How upstream names a schema node below a version's `openAPIV3Schema`.
fn node_path(steps: &[Step<'_>]) -> String {
    let path = steps.iter().fold(Path::new("openAPIV3Schema"), |p, step| match step {
        Step::Property(k) => p.child("properties").key(k),
        Step::Items => p.child("items"),
        Step::AdditionalProperties => p.child("additionalProperties"),
    });
    path.as_str().to_owned()
}

impl<'u> Walk<'u, '_> {
    fn struct_node(&mut self, id: TypeId, schema: &mut Value, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let u = self.u;
        let t = &u.types[id];
        self.schema_markers(t.file, &t.def.schema, schema);
        let Body::Struct(fields) = &t.def.body else { return };
        for f in fields.iter().filter(|f| f.in_json()) {
            if f.attrs.inline {
                if let Some(Ok(Resolved::Def(inner))) = u.resolve_shape(t.file, &f.shape) {
                    // An inline struct's fields are the object's own; its markers apply here.
                    self.struct_node(inner, schema, depth + 1);
                }
                continue;
            }
            let mut parent_rules = Vec::new();
            let mut required = false;
            if let Some(Value::Object(props)) = get_mut(schema, "properties")
                && let Some((_, prop)) = props.iter_mut().find(|(k, _)| *k == f.json_name)
            {
                for tag in &f.validation {
                    self.tag(t.file, tag, &tag.tag, f, prop, &mut parent_rules, &mut required);
                }
                self.schema_markers(t.file, &f.schema, prop);
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
                    Body::Struct(_) => self.struct_node(id, schema, depth + 1),
                    // `+k8s:enum` needs `+enum`, whose values the schema builder has listed.
                    Body::Newtype(inner, _) => {
                        self.schema_markers(t.file, &t.def.schema, schema);
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
    /// `written` is the tag as written (an `eachVal` tag's, for the tag inside it): its rules'
    /// problems are reported there.
    #[allow(clippy::too_many_arguments, reason = "the walk's state for one tag; a struct would only rename it")]
    fn tag(
        &mut self,
        file: FileId,
        written: &'u SpannedTag,
        tag: &Tag,
        f: &Field,
        prop: &mut Value,
        parent_rules: &mut Vec<Value>,
        required: &mut bool,
    ) {
        if tag.stability != Stability::Stable {
            return;
        }
        let origin = self.origins.len();
        self.origins.push(Origin::Tag(file, written));
        // Shadows the entry builder, so that every rule the tag writes names the tag.
        let rule_entry = |rule: &str, message: &str, reason: Option<&str>, field_path: Option<&str>| {
            let mut entry = rule_entry(rule, message, reason, field_path);
            put(&mut entry, ORIGIN, Value::Number(origin.to_string()));
            entry
        };
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
                    self.tag(file, written, inner, f, elem, &mut ignored_rules, &mut ignored_required);
                }
            }
            _ => {}
        }
    }

    /// kube-openapi's markers on a field or type: keywords as written, rules compiled.
    fn schema_markers(&mut self, file: FileId, m: &'u SchemaMarkers, schema: &mut Value) {
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
            put(&mut entry, ORIGIN, Value::Number(self.origins.len().to_string()));
            self.origins.push(Origin::Markers(file, r));
            push_rule(schema, entry);
        }
    }

    /// Checks every rule of the kind `id`'s finished schema as the server checks them when the
    /// definition is written, each problem reported where its rule was written, with the
    /// server's message.
    fn check_rules(&mut self, id: TypeId, schema: &Value) {
        let checked = kapi_cel::schema::check_rules(schema, &|_| true);
        for p in &checked.problems {
            let detail = match &p.problem {
                // The diagnostic shows the place, so the message leaves out cel-go's.
                Problem::Compile(e) if p.at.field == RuleField::MessageExpression => {
                    format!("messageExpression compilation failed: {}", e.message())
                }
                Problem::Compile(e) => format!("compilation failed: {}", e.message()),
                Problem::Uncorrelatable(within) => format!(
                    "oldSelf cannot be used on the uncorrelatable portion of the schema within {}; old and new items pair up only in a `map` list",
                    node_path(within)
                ),
                Problem::OptionalOldSelfUnused(_) => "may not be set if oldSelf is not used in rule".to_owned(),
                other => other.detail(p.at.field).unwrap_or_default(),
            };
            let col = match &p.problem {
                Problem::Compile(e) => e.position().map_or(0, |(_, c)| c - 1),
                _ => 0,
            };
            self.rule_problem(&p.at, col, &detail);
        }
        if let Some(total) = &checked.total {
            for at in &total.most_expensive {
                self.rule_problem(at, 0, kapi_cel::schema::CONTRIBUTED_TO_TOTAL);
            }
            let t = &self.u.types[id];
            let message = format!("the schema of `{}`: {}", t.name(), total.message);
            self.diagnostics.push(Diagnostic::at(&self.u.file(t.file).path, t.def.ident.span(), message));
        }
    }

    /// A problem with a rule of the finished schema, at what wrote it: the marker of the rule's
    /// field, `col` characters into its value, or the tag.
    fn rule_problem(&mut self, at: &RulePlace<'_>, col: usize, detail: &str) {
        let origin = match at.entry.get(ORIGIN) {
            Some(Value::Number(n)) => n.parse::<usize>().ok(),
            _ => None,
        };
        let field = at.field.json_name();
        let written = || match at.entry.get(field) {
            Some(Value::String(text)) => format!("`{text}`"),
            Some(Value::Bool(b)) => format!("`{b}`"),
            _ => String::new(),
        };
        match origin.and_then(|i| self.origins.get(i)) {
            Some(&Origin::Markers(file, r)) => {
                let message = format!("`+k8s:validation:cel[{}]:{field}`: {detail}", r.index);
                match r.get(field) {
                    Some(value) => self.at(file, value, usize::from(!value.raw) + col, message),
                    None => self.at_place(file, &r.place, 0, message),
                }
            }
            Some(&Origin::Tag(file, tag)) => {
                let message = format!("`+{}` writes the CEL {field} {}: {detail}", tag.tag.text, written());
                self.diagnostics.push(Diagnostic::at(&self.u.file(file).path, tag.span, message));
            }
            // The walk gives every rule it writes an origin; without one, the problem is still
            // the server's.
            None => self.diagnostics.push(Diagnostic::global(format!("the CEL {field} {}: {detail}", written()))),
        }
    }

    /// An error at a marker's value, `col` characters into it.
    fn at(&mut self, file: FileId, value: &MarkerValue, col: usize, message: String) {
        self.at_place(file, &value.place, col, message);
    }

    /// An error `col` characters after a place in a doc comment.
    fn at_place(&mut self, file: FileId, place: &Place, col: usize, message: String) {
        let mut d = Diagnostic::at(&self.u.file(file).path, place.span, message);
        let start = place.span.start();
        // `///` comes before the doc text of the attribute's first line.
        let base = if place.line == 0 { start.column + 3 } else { 0 };
        d.start = LineCol { line: start.line + place.line, column: base + place.column + col };
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
