//! openapi-gen: OpenAPI v3 documents, one per group version (`openapi/v3/apis__apps__v1.json`), and one OpenAPI v2 document for the whole tree (`openapi/v2.json`), with schemas named and shaped as upstream's (`io.k8s.api.apps.v1.Deployment`), our doc comments as descriptions, and the `x-kubernetes-*` extensions patches, apply and kubectl read.
//!
//! Each file is the generated header line followed by compact JSON with one schema per line, so
//! diffs stay readable; readers skip the first line. Newtypes are written as the value they wrap
//! (upstream's aliases are not named schemas either); machinery's special types map to
//! apimachinery's fixed schemas.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{FileId, Resolved, TypeEntry, TypeId, Universe, special_type};
use kapi_frontend::{Body, Field, Shape};
use kapi_machinery::json::Value;

use super::Emitted;
use crate::output::HEADER;

/// The directory of the OpenAPI documents under the output root.
pub const DIR: &str = "openapi";

/// The file of the v2 document under [`DIR`].
pub const V2_FILE: &str = "v2.json";

/// The Rust file that embeds the documents, under [`DIR`].
pub const DOCUMENTS_FILE: &str = "documents.rs";

/// Newtypes may wrap newtypes; a deeper chain is a newtype that contains itself.
const MAX_NEWTYPE_DEPTH: usize = 16;

/// Which OpenAPI version a special type's schema is written for: quantities and int-or-strings
/// are `oneOf` in v3 only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flavor {
    V2,
    V3,
}

/// Where v3 and v2 documents keep their schemas, as references name them.
const V3_PREFIX: &str = "#/components/schemas/";
const V2_PREFIX: &str = "#/definitions/";

/// The file of a group version's v3 document under [`DIR`]: upstream's discovery path with `/`
/// written as `__` (`api__v1.json`, `apis__apps__v1.json`).
pub fn v3_file(group: &str, version: &str) -> String {
    format!("v3/{}.json", v3_path(group, version).replace('/', "__"))
}

/// The path a group version's v3 document is listed under in `/openapi/v3` (`apis/apps/v1`).
pub fn v3_path(group: &str, version: &str) -> String {
    if group.is_empty() { format!("api/{version}") } else { format!("apis/{group}/{version}") }
}

/// An OpenAPI schema name from a Go import path and a type name: the host reversed, then the
/// path, dot-separated (`k8s.io/api/apps/v1` → `io.k8s.api.apps.v1.Deployment`).
pub fn schema_name(go_package: &str, name: &str) -> String {
    let (host, path) = go_package.split_once('/').unwrap_or((go_package, ""));
    let mut parts: Vec<&str> = host.split('.').rev().collect();
    parts.extend(path.split('/').filter(|s| !s.is_empty()));
    parts.push(name);
    parts.join(".")
}

/// Builds JSON objects with members sorted by key, as Go writes maps.
#[derive(Default)]
struct Obj(BTreeMap<String, Value>);

impl Obj {
    fn set(mut self, key: &str, value: Value) -> Obj {
        self.0.insert(key.to_owned(), value);
        self
    }

    fn put(&mut self, key: &str, value: Value) {
        self.0.insert(key.to_owned(), value);
    }

    fn value(self) -> Value {
        Value::Object(self.0.into_iter().collect())
    }
}

fn string(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn typed(ty: &str, format: Option<&str>) -> Obj {
    let o = Obj::default().set("type", string(ty));
    match format {
        Some(f) => o.set("format", string(f)),
        None => o,
    }
}

/// A doc comment as a description: lines of a paragraph joined by spaces, paragraphs by a blank
/// line, `+marker` lines left out.
pub fn description(docs: &[String]) -> Option<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in docs {
        let line = line.trim();
        if line.starts_with('+') {
            continue;
        }
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(std::mem::take(&mut current));
            }
            continue;
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(line);
    }
    if !current.is_empty() {
        paragraphs.push(current);
    }
    (!paragraphs.is_empty()).then(|| paragraphs.join("\n\n"))
}

/// The schema of a value, before a description or default is attached.
enum Node {
    /// An inline schema.
    Inline(Obj),
    /// A reference to a named schema, and whether the zero value is an empty object (a struct).
    Ref { name: String, is_struct: bool },
}

/// What a shape is at its core, for the default upstream writes for a field that is always
/// serialized.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zero {
    None,
    String,
    Integer,
    Number,
    Bool,
    Object,
}

impl Zero {
    fn value(self) -> Option<Value> {
        Some(match self {
            Zero::None => return None,
            Zero::String => string(""),
            Zero::Integer | Zero::Number => Value::Number("0".into()),
            Zero::Bool => Value::Bool(false),
            Zero::Object => Value::Object(Vec::new()),
        })
    }
}

/// The v3 schemas, built once per type, with the names each refers to.
struct Builder<'u> {
    u: &'u Universe,
    schemas: BTreeMap<String, Value>,
    refs: BTreeMap<String, BTreeSet<String>>,
    /// The schema name of every struct type of the tree, and the other way round.
    names: BTreeMap<TypeId, String>,
    ids: BTreeMap<String, TypeId>,
    /// Write the zero value as the default of fields that are always serialized, as upstream's
    /// documents do; a custom resource's schema gets only the defaults the types declare (the
    /// server would apply each one). Off for custom resources, which also keep enums on list
    /// items and map values.
    zero_defaults: bool,
}

impl<'u> Builder<'u> {
    fn new(u: &'u Universe) -> Builder<'u> {
        let names = (0..u.types.len())
            .filter(|&id| matches!(u.types[id].def.body, Body::Struct(_)))
            .map(|id| {
                let t = &u.types[id];
                (id, schema_name(&super::proto::go_package_of(u, &t.package), &t.name()))
            })
            .collect();
        let names: BTreeMap<TypeId, String> = names;
        let ids = names.iter().map(|(id, n)| (n.clone(), *id)).collect();
        Builder { u, schemas: BTreeMap::new(), refs: BTreeMap::new(), names, ids, zero_defaults: true }
    }

    /// Adds the schema of a struct type and everything it refers to; returns its name.
    fn add_type(&mut self, id: TypeId, diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
        let name = self.names.get(&id)?.clone();
        if self.refs.contains_key(&name) {
            return Some(name);
        }
        self.refs.insert(name.clone(), BTreeSet::new());
        let t = &self.u.types[id];
        let mut refs = BTreeSet::new();
        let schema = self.struct_schema(t, &mut refs, diagnostics);
        self.schemas.insert(name.clone(), schema);
        self.refs.insert(name.clone(), refs.clone());
        for r in refs {
            self.add_named(&r, diagnostics);
        }
        Some(name)
    }

    /// Adds a referenced schema by name (a type of the tree or a special type).
    fn add_named(&mut self, name: &str, diagnostics: &mut Vec<Diagnostic>) {
        if self.refs.contains_key(name) {
            return;
        }
        if let Some(&id) = self.ids.get(name) {
            self.add_type(id, diagnostics);
            return;
        }
        if let Some(schema) = special_schema(name, Flavor::V3) {
            self.schemas.insert(name.to_owned(), schema);
        }
        self.refs.insert(name.to_owned(), BTreeSet::new());
    }

    fn struct_schema(&self, t: &TypeEntry, refs: &mut BTreeSet<String>, diagnostics: &mut Vec<Diagnostic>) -> Value {
        let mut schema = Obj::default();
        if let Some(d) = description(&t.def.docs) {
            schema.put("description", Value::String(d));
        }
        // A type with a hand-written JSON form (any JSON value, a schema or a list of them)
        // has no fixed shape: upstream describes it and leaves the type open.
        if t.def.attrs.custom_json.is_some() {
            return schema.value();
        }
        let mut properties = Obj::default();
        let mut required = Vec::new();
        self.fields_into(t, &mut properties, &mut required, refs, diagnostics, 0);
        schema.put("type", string("object"));
        if !properties.0.is_empty() {
            schema.put("properties", properties.value());
        }
        if !required.is_empty() {
            schema.put("required", Value::Array(required));
        }
        if t.def.attrs.union.is_some() {
            schema.put("x-kubernetes-unions", Value::Array(vec![union(t)]));
        }
        if let Some((g, _)) = &t.def.attrs.struct_type {
            schema.put("x-kubernetes-map-type", string(g.as_str()));
        }
        if let Some(kind) = t.kind()
            && t.def.is_versioned()
        {
            let group = t.def.attrs.group.as_ref().map(|g| g.0.as_str()).unwrap_or_default();
            let version = t.def.attrs.version.as_ref().map(|v| v.0.as_str()).unwrap_or_default();
            let gvk =
                Obj::default().set("group", string(group)).set("kind", string(&kind)).set("version", string(version));
            schema.put("x-kubernetes-group-version-kind", Value::Array(vec![gvk.value()]));
        }
        schema.value()
    }

    /// The properties of a struct's JSON fields, with inline structs' fields merged in.
    fn fields_into(
        &self,
        t: &TypeEntry,
        properties: &mut Obj,
        required: &mut Vec<Value>,
        refs: &mut BTreeSet<String>,
        diagnostics: &mut Vec<Diagnostic>,
        depth: usize,
    ) {
        for f in t.def.fields().iter().filter(|f| f.in_json()) {
            if f.attrs.inline {
                match self.u.resolve_shape(t.file, &f.shape) {
                    Some(Ok(Resolved::Special("TypeMeta"))) => {
                        for (name, docs) in TYPE_META_FIELDS {
                            let p = typed("string", None).set("description", string(docs));
                            properties.put(name, p.value());
                        }
                    }
                    Some(Ok(Resolved::Def(id))) if depth < MAX_NEWTYPE_DEPTH => {
                        let inner = &self.u.types[id];
                        self.fields_into(inner, properties, required, refs, diagnostics, depth + 1);
                    }
                    _ => {
                        diagnostics.push(self.error(t, f, "an inline field must be `TypeMeta` or a struct of the tree"))
                    }
                }
                continue;
            }
            let node = match self.node(t.file, &f.shape, 0, refs) {
                Ok(n) => n,
                Err(e) => {
                    diagnostics.push(self.error(t, f, &e));
                    continue;
                }
            };
            let zero = if matches!(f.shape, Shape::Option(_)) { Zero::None } else { self.zero(t.file, &f.shape, 0) };
            let mut extra = Obj::default();
            if let Some(d) = description(&f.docs) {
                extra.put("description", Value::String(d));
            }
            let default = match &f.attrs.default {
                Some((text, _)) => match kapi_machinery::json::value::parse(text.as_bytes()) {
                    Ok(v) => Some(v),
                    Err(e) => {
                        diagnostics.push(self.error(t, f, &format!("`default` is not JSON: {e}")));
                        None
                    }
                },
                // Fields that are always written (no `omitempty`) default to their zero value;
                // struct values always do.
                None if !self.zero_defaults => None,
                None if zero == Zero::Object => zero.value(),
                None if !f.attrs.omitempty && !f.attrs.omitzero => zero.value(),
                None => None,
            };
            if let Some(d) = default {
                extra.put("default", d);
            }
            field_extensions(f, &mut extra);
            properties.put(&f.json_name, self.attach(node, extra, refs));
            // Upstream's rule: required when marked so (even with `omitempty`), otherwise unless
            // the JSON tag may leave the field out or the field is marked optional.
            if f.attrs.required.is_some() || (!f.attrs.omitempty && !f.attrs.omitzero && f.attrs.optional.is_none()) {
                required.push(string(&f.json_name));
            }
        }
    }

    fn error(&self, t: &TypeEntry, f: &Field, message: &str) -> Diagnostic {
        Diagnostic::at(
            &self.u.file(t.file).path,
            f.ident.span(),
            format!("field `{}` of `{}` has no OpenAPI schema: {message}", f.ident, t.name()),
        )
    }

    /// A node with its description, default and extensions: references with anything beside
    /// them are wrapped in `allOf`, as upstream's v3 documents write them.
    fn attach(&self, node: Node, extra: Obj, refs: &mut BTreeSet<String>) -> Value {
        match node {
            Node::Inline(mut o) => {
                o.0.extend(extra.0);
                o.value()
            }
            Node::Ref { name, .. } => {
                let reference = Obj::default().set("$ref", Value::String(format!("{V3_PREFIX}{name}")));
                refs.insert(name);
                if extra.0.is_empty() {
                    return reference.value();
                }
                let mut o = extra;
                o.put("allOf", Value::Array(vec![reference.value()]));
                o.value()
            }
        }
    }

    /// The schema of an element of a list or a value of a map: with its zero value as default.
    fn element(&self, file: FileId, shape: &Shape, refs: &mut BTreeSet<String>, depth: usize) -> Result<Value, String> {
        let mut node = self.node(file, shape, depth, refs)?;
        // kube-openapi lists an enum's values on fields only; controller-gen puts a type's
        // `Enum` on its schema, so a custom resource's list items and map values keep it.
        if self.zero_defaults
            && let Node::Inline(o) = &mut node
        {
            o.0.remove("enum");
        }
        let mut extra = Obj::default();
        if self.zero_defaults
            && !matches!(shape, Shape::Option(_))
            && let Some(z) = self.zero(file, shape, depth).value()
        {
            extra.put("default", z);
        }
        Ok(self.attach(node, extra, refs))
    }

    fn node(&self, file: FileId, shape: &Shape, depth: usize, refs: &mut BTreeSet<String>) -> Result<Node, String> {
        let inline = |ty, format| Ok(Node::Inline(typed(ty, format)));
        match shape {
            Shape::String => inline("string", None),
            Shape::Bool => inline("boolean", None),
            Shape::I32 | Shape::U32 => inline("integer", Some("int32")),
            Shape::I64 | Shape::U64 => inline("integer", Some("int64")),
            Shape::F32 => inline("number", Some("float")),
            Shape::F64 => inline("number", Some("double")),
            Shape::Bytes => inline("string", Some("byte")),
            Shape::Option(inner) | Shape::Box(inner) => self.node(file, inner, depth, refs),
            Shape::Vec(inner) => {
                let items = self.element(file, inner, refs, depth)?;
                Ok(Node::Inline(typed("array", None).set("items", items)))
            }
            Shape::Map(_, value) => {
                let values = self.element(file, value, refs, depth)?;
                Ok(Node::Inline(typed("object", None).set("additionalProperties", values)))
            }
            Shape::Named(path) => match self.u.resolve_path(file, path)? {
                Resolved::Special(name) => {
                    let s = special_type(name).ok_or_else(|| format!("`{name}` has no schema"))?;
                    Ok(Node::Ref { name: schema_name(s.go_package, s.message), is_struct: false })
                }
                Resolved::External { package, name } => Ok(Node::Ref {
                    name: schema_name(&super::proto::go_package_of(self.u, &package), &name),
                    is_struct: true,
                }),
                Resolved::Def(id) => {
                    let t = &self.u.types[id];
                    match &t.def.body {
                        Body::Newtype(inner, _) => {
                            if depth > MAX_NEWTYPE_DEPTH {
                                return Err(format!("newtype `{}` refers to itself", t.def.ident));
                            }
                            let node = self.node(t.file, inner, depth + 1, refs)?;
                            // Upstream lists an enum's values where a field (or a pointer) has
                            // its type; list items and map values go without (`element` strips).
                            match (node, self.u.enum_values(id)) {
                                (Node::Inline(o), Some(values)) => {
                                    let list = values.sorted().into_iter().map(string).collect();
                                    Ok(Node::Inline(o.set("enum", Value::Array(list))))
                                }
                                (node, _) => Ok(node),
                            }
                        }
                        Body::Struct(_) => Ok(Node::Ref {
                            name: self.names.get(&id).cloned().unwrap_or_default(),
                            is_struct: t.def.attrs.custom_json.is_none(),
                        }),
                    }
                }
            },
        }
    }

    /// The zero value class of a shape, looking through newtypes.
    fn zero(&self, file: FileId, shape: &Shape, depth: usize) -> Zero {
        match shape {
            Shape::String => Zero::String,
            Shape::Bool => Zero::Bool,
            Shape::I32 | Shape::U32 | Shape::I64 | Shape::U64 => Zero::Integer,
            Shape::F32 | Shape::F64 => Zero::Number,
            Shape::Box(inner) => self.zero(file, inner, depth),
            Shape::Option(_) | Shape::Vec(_) | Shape::Map(..) | Shape::Bytes => Zero::None,
            Shape::Named(_) if depth > MAX_NEWTYPE_DEPTH => Zero::None,
            Shape::Named(_) => match self.node(file, shape, depth, &mut BTreeSet::new()) {
                Ok(Node::Ref { is_struct: true, .. }) => Zero::Object,
                Ok(Node::Ref { .. }) | Err(_) => Zero::None,
                Ok(Node::Inline(_)) => match shape {
                    Shape::Named(path) => match self.u.resolve_path(file, path) {
                        Ok(Resolved::Def(id)) => match &self.u.types[id].def.body {
                            Body::Newtype(inner, _) => self.zero(self.u.types[id].file, inner, depth + 1),
                            Body::Struct(_) => Zero::None,
                        },
                        _ => Zero::None,
                    },
                    _ => Zero::None,
                },
            },
        }
    }

    /// The references of the schemas named, and of what those refer to.
    fn closure(&self, roots: impl IntoIterator<Item = String>) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> = roots.into_iter().collect();
        while let Some(name) = stack.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            if let Some(r) = self.refs.get(&name) {
                stack.extend(r.iter().filter(|n| !seen.contains(*n)).cloned());
            }
        }
        seen
    }
}

/// The schema name of `ObjectMeta`, which a custom resource's schema leaves to the server.
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// Extensions of upstream's documents that a `CustomResourceDefinition`'s schema has no field for.
const NOT_IN_CRDS: &[&str] = &[
    "x-kubernetes-group-version-kind",
    "x-kubernetes-patch-strategy",
    "x-kubernetes-patch-merge-key",
    "x-kubernetes-unions",
];

/// The structural schema of a kind, as a `CustomResourceDefinition` carries it: every reference
/// inlined, `metadata` left to the server (`type: object`), int-or-string values and quantities as
/// `x-kubernetes-int-or-string`, embedded objects and free-form JSON preserving unknown fields,
/// defaults only where the types declare them. A type that contains itself cannot be written
/// structurally: that is an error naming the cycle.
pub(super) fn structural_schema(u: &Universe, id: TypeId, diagnostics: &mut Vec<Diagnostic>) -> Option<Value> {
    let mut b = Builder::new(u);
    b.zero_defaults = false;
    let name = b.add_type(id, diagnostics)?;
    let root = b.schemas.get(&name)?.clone();
    let mut path = vec![name];
    match inline_schema(&b, &root, &mut path) {
        Ok(v) => Some(v),
        Err(cycle) => {
            let t = &u.types[id];
            diagnostics.push(Diagnostic::at(
                &u.file(t.file).path,
                t.def.ident.span(),
                format!("`{}` has no structural schema: it contains itself ({cycle})", t.name()),
            ));
            None
        }
    }
}

/// A schema with its references replaced by what they name; `path` holds the schemas being
/// inlined, to catch a type that contains itself.
fn inline_schema(b: &Builder<'_>, node: &Value, path: &mut Vec<String>) -> Result<Value, String> {
    let Value::Object(members) = node else { return Ok(node.clone()) };
    let reference = members.iter().find_map(|(k, v)| match (k.as_str(), v) {
        ("$ref", Value::String(r)) => Some(r.clone()),
        ("allOf", Value::Array(a)) if a.len() == 1 => match a[0].get("$ref") {
            Some(Value::String(r)) => Some(r.clone()),
            _ => None,
        },
        _ => None,
    });
    let mut out = Obj::default();
    if let Some(r) = reference {
        let name = r.strip_prefix(V3_PREFIX).unwrap_or(&r).to_owned();
        let Value::Object(target) = referenced_schema(b, &name, path)? else { unreachable!("schemas are objects") };
        out.0.extend(target);
    }
    for (k, v) in members {
        match k.as_str() {
            "$ref" | "allOf" => {}
            k if NOT_IN_CRDS.contains(&k) => {}
            "properties" => {
                let Value::Object(props) = v else { continue };
                let mut inlined = Vec::with_capacity(props.len());
                for (name, schema) in props {
                    inlined.push((name.clone(), inline_schema(b, schema, path)?));
                }
                out.put("properties", Value::Object(inlined));
            }
            "items" | "additionalProperties" => {
                out.put(k, inline_schema(b, v, path)?);
            }
            _ => out.put(k, v.clone()),
        }
    }
    // A type with a hand-written JSON form has no `type`: any JSON value, kept as it is.
    if !out.0.contains_key("type") && !out.0.contains_key("x-kubernetes-int-or-string") {
        out.put("x-kubernetes-preserve-unknown-fields", Value::Bool(true));
    }
    Ok(out.value())
}

/// The inlined schema a reference names: machinery's special types in a custom resource's
/// spelling, `ObjectMeta` as a plain object, anything else from the tree.
fn referenced_schema(b: &Builder<'_>, name: &str, path: &mut Vec<String>) -> Result<Value, String> {
    if name == OBJECT_META {
        return Ok(typed("object", None).value());
    }
    let message = name.rsplit_once('.').map_or(name, |(_, m)| m);
    if special_schema(name, Flavor::V3).is_some() {
        let int_or_string = || {
            Obj::default()
                .set("anyOf", Value::Array(vec![typed("integer", None).value(), typed("string", None).value()]))
                .set("x-kubernetes-int-or-string", Value::Bool(true))
        };
        let schema = match message {
            "Time" | "MicroTime" => typed("string", Some("date-time")),
            "Duration" => typed("string", None),
            "IntOrString" | "Quantity" => int_or_string(),
            _ => typed("object", None).set("x-kubernetes-preserve-unknown-fields", Value::Bool(true)),
        };
        return Ok(schema.value());
    }
    if path.iter().any(|p| p == name) {
        let start = path.iter().position(|p| p == name).unwrap_or(0);
        let mut cycle: Vec<&str> = path[start..].iter().map(String::as_str).collect();
        cycle.push(name);
        return Err(cycle.join(" → "));
    }
    let Some(schema) = b.schemas.get(name) else {
        return Err(format!("`{name}` has no schema in the tree"));
    };
    path.push(name.to_owned());
    let out = inline_schema(b, schema, path);
    path.pop();
    out
}

/// One schema per line, `"name":{...}`, comma-separated.
fn render_schemas(schemas: &BTreeMap<String, Value>, names: &BTreeSet<String>) -> String {
    let mut out = String::new();
    for name in names {
        let Some(schema) = schemas.get(name) else { continue };
        if !out.is_empty() {
            out.push_str(",\n");
        }
        let mut line = Vec::new();
        Value::String(name.clone()).write_compact(&mut line);
        line.push(b':');
        schema.write_compact(&mut line);
        out.push_str(&String::from_utf8_lossy(&line));
    }
    out
}

/// The v2 form of a v3 schema node: a reference beside other keys is a sibling `$ref` rather than
/// an `allOf`, and references point into `definitions`. Only schema keywords are read: property
/// names, defaults and extensions are kept as they are (a schema may have a property named `$ref`).
fn to_v2(node: &Value) -> Value {
    let Value::Object(members) = node else { return node.clone() };
    let mut out: Vec<(String, Value)> = Vec::with_capacity(members.len());
    for (key, v) in members {
        let converted = match (key.as_str(), v) {
            ("allOf", Value::Array(items))
                if items.len() == 1 && matches!(&items[0], Value::Object(m) if m.len() == 1 && m[0].0 == "$ref") =>
            {
                if let Some(r) = items[0].get("$ref") {
                    out.push(("$ref".into(), to_v2_reference(r)));
                }
                continue;
            }
            ("$ref", r) => to_v2_reference(r),
            ("properties", Value::Object(props)) => {
                Value::Object(props.iter().map(|(name, p)| (name.clone(), to_v2(p))).collect())
            }
            ("items" | "additionalProperties", v) => to_v2(v),
            ("allOf" | "oneOf", Value::Array(items)) => Value::Array(items.iter().map(to_v2).collect()),
            (_, v) => v.clone(),
        };
        out.push((key.clone(), converted));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Value::Object(out)
}

fn to_v2_reference(r: &Value) -> Value {
    match r.as_str().and_then(|s| s.strip_prefix(V3_PREFIX)) {
        Some(name) => Value::String(format!("{V2_PREFIX}{name}")),
        None => r.clone(),
    }
}

/// `TypeMeta`'s two fields, as every kind's schema lists them.
const TYPE_META_FIELDS: &[(&str, &str)] = &[
    (
        "apiVersion",
        "The versioned schema of this representation of an object: `<group>/<version>`, or `v1` for the core group.",
    ),
    ("kind", "The REST resource this object represents, in CamelCase; servers may infer it from the endpoint."),
];

/// A union's members: the discriminator's JSON name, and each other member's JSON name with the
/// Go field name the discriminator's values are spelt as.
fn union(t: &TypeEntry) -> Value {
    let mut o = Obj::default();
    let mut members = Obj::default();
    for f in t.def.fields().iter().filter(|f| f.in_json()) {
        if f.attrs.union_discriminator.is_some() {
            o.put("discriminator", string(&f.json_name));
        } else {
            members.put(&f.json_name, string(&f.go_name));
        }
    }
    o.set("fields-to-discriminateBy", members.value()).value()
}

/// The extensions of a field: patch strategy and merge key, list type and keys, map type.
fn field_extensions(f: &Field, extra: &mut Obj) {
    if let Some((s, _)) = &f.attrs.patch_strategy {
        extra.put("x-kubernetes-patch-strategy", string(s.as_str()));
    }
    if let Some((k, _)) = &f.attrs.patch_merge_key {
        extra.put("x-kubernetes-patch-merge-key", string(k));
    }
    if let Some((l, _)) = &f.attrs.list_type {
        extra.put("x-kubernetes-list-type", string(l.as_str()));
    }
    if !f.attrs.list_map_keys.is_empty() {
        let keys = f.attrs.list_map_keys.iter().map(|(k, _)| string(k)).collect();
        extra.put("x-kubernetes-list-map-keys", Value::Array(keys));
    }
    if let Some((g, _)) = f.attrs.map_type.as_ref().or(f.attrs.struct_type.as_ref()) {
        extra.put("x-kubernetes-map-type", string(g.as_str()));
    }
}

/// The fixed schema of one of machinery's special types, by schema name.
fn special_schema(name: &str, flavor: Flavor) -> Option<Value> {
    let (_, message) = name.rsplit_once('.')?;
    let s = kapi_frontend::universe::SPECIAL_TYPES
        .iter()
        .find(|s| s.message == message && schema_name(s.go_package, s.message) == name)?;
    let (schema, docs) = match s.name {
        "Time" => {
            (typed("string", Some("date-time")), "A point in time, serialized as RFC 3339 in UTC with whole seconds.")
        }
        "MicroTime" => {
            (typed("string", Some("date-time")), "A point in time with microsecond precision, serialized as RFC 3339.")
        }
        "Duration" => (typed("string", None), "A span of time written as Go writes durations (`1h2m3s`)."),
        "FieldsV1" => {
            (typed("object", None), "A set of fields as a trie in JSON, as managed-field entries record them.")
        }
        "RawExtension" | "Unknown" => (typed("object", None), "A complete object of any kind, embedded as JSON."),
        "Quantity" => {
            let schema = match flavor {
                Flavor::V2 => typed("string", None),
                Flavor::V3 => Obj::default()
                    .set("oneOf", Value::Array(vec![typed("string", None).value(), typed("number", None).value()])),
            };
            (schema, "A fixed-point number with a suffix (`100m`, `1Gi`, `2e3`), in JSON a string or a number.")
        }
        "IntOrString" => {
            let schema = match flavor {
                Flavor::V2 => typed("string", Some("int-or-string")),
                Flavor::V3 => Obj::default()
                    .set("format", string("int-or-string"))
                    .set("oneOf", Value::Array(vec![typed("integer", None).value(), typed("string", None).value()])),
            };
            (schema, "An int32 or a string, written as whichever it holds.")
        }
        _ => return None,
    };
    Some(schema.set("description", string(docs)).value())
}

/// The group versions of the tree's versioned kinds, each with the packages that define them.
fn group_versions(u: &Universe) -> BTreeMap<(String, String), BTreeSet<&Path>> {
    let mut out: BTreeMap<(String, String), BTreeSet<&Path>> = BTreeMap::new();
    for pkg in u.group_packages() {
        for t in u.types_in(&pkg.rel) {
            if t.kind().is_none() || !t.def.is_versioned() || !matches!(t.def.body, Body::Struct(_)) {
                continue;
            }
            let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
            let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
            out.entry((group, version)).or_default().insert(&t.package);
        }
    }
    out
}

/// The package of the common kinds every group version serves.
const META_V1: &str = "meta/v1";

/// The kinds of `meta/v1` each group version's document carries: what its operations send and
/// answer besides its own kinds.
const COMMON_KINDS: &[&str] = &["APIResourceList", "DeleteOptions", "Status", "WatchEvent"];

/// The common kinds registered in every group version, whose schemas list every one.
const REGISTERED_EVERYWHERE: &[&str] = &["DeleteOptions", "WatchEvent"];

/// The schema of `Patch` (any patch document), which has no type of its own.
const PATCH: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch";

/// The schemas a group version's document needs beyond its packages' types: the common kinds of
/// `meta/v1` (when the tree has it) and the kinds of the subresources its `+genclient:method=`
/// markers name (`autoscaling/v1` `Scale` for `apps/v1`).
fn extra_roots<'u>(
    u: &'u Universe,
    v3: &mut Builder<'u>,
    package_types: &[TypeId],
    common: &[TypeId],
    found: &mut Vec<Diagnostic>,
) -> BTreeSet<String> {
    let mut ids = common.to_vec();
    for &id in package_types {
        let t = &u.types[id];
        let Some(g) = &t.def.markers.genclient else { continue };
        for m in &g.methods {
            for path in m.input.iter().chain(&m.result) {
                let Ok(p) = syn::parse_str::<syn::Path>(path) else { continue };
                if let Some(target) = u.resolve_def(t.file, &p) {
                    ids.push(target);
                }
            }
        }
    }
    let mut roots = BTreeSet::new();
    for id in ids {
        if let Some(name) = v3.add_type(id, found) {
            roots.insert(name);
        }
    }
    if u.packages.contains_key(Path::new(META_V1)) {
        let schema = Obj::default()
            .set(
                "description",
                string("A patch document: JSON patch, merge patch, strategic merge patch or apply configuration."),
            )
            .set("type", string("object"));
        v3.schemas.insert(PATCH.to_owned(), schema.value());
        v3.refs.insert(PATCH.to_owned(), BTreeSet::new());
        roots.insert(PATCH.to_owned());
    }
    roots
}

/// Adds the v3 document of every group version and the v2 document of the whole tree.
pub fn generate(u: &Universe, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    let gvs = group_versions(u);
    if gvs.is_empty() {
        return;
    }
    let mut v3 = Builder::new(u);
    let mut found = Vec::new();
    let mut all_roots = BTreeSet::new();
    // The versioned types of each package, and the common kinds, found in one pass: comparing
    // paths per group version and type would cost more than building the schemas.
    let mut by_package: BTreeMap<&Path, Vec<TypeId>> = BTreeMap::new();
    let mut common = Vec::new();
    let meta = Path::new(META_V1);
    for (id, t) in u.types.iter().enumerate() {
        if t.def.is_versioned() {
            by_package.entry(t.package.as_path()).or_default().push(id);
        }
        if t.package == meta && COMMON_KINDS.contains(&t.name().as_str()) {
            common.push(id);
        }
    }
    // `DeleteOptions` and `WatchEvent` are registered in every group version (upstream's
    // `metav1.AddToGroupVersion`), so their schemas name them all.
    for &id in &common {
        let Some(name) = v3.add_type(id, &mut found) else { continue };
        let kind = u.types[id].name();
        if !REGISTERED_EVERYWHERE.contains(&kind.as_str()) {
            continue;
        }
        let mut all: BTreeSet<(&str, &str)> = gvs.keys().map(|(g, v)| (g.as_str(), v.as_str())).collect();
        all.insert(("", "v1"));
        let list = all.into_iter().map(|(g, v)| {
            Obj::default().set("group", string(g)).set("kind", string(&kind)).set("version", string(v)).value()
        });
        if let Some(Value::Object(members)) = v3.schemas.get_mut(&name) {
            members.retain(|(k, _)| k != "x-kubernetes-group-version-kind");
            members.push(("x-kubernetes-group-version-kind".to_owned(), Value::Array(list.collect())));
            members.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }
    for ((group, version), packages) in &gvs {
        // Every struct of the packages that define the group version's kinds, and what they
        // refer to.
        let ids: Vec<TypeId> = packages.iter().flat_map(|p| by_package.get(p).into_iter().flatten().copied()).collect();
        let mut roots = BTreeSet::new();
        for &id in &ids {
            if let Some(name) = v3.add_type(id, &mut found) {
                roots.insert(name);
            }
        }
        roots.extend(extra_roots(u, &mut v3, &ids, &common, &mut found));
        all_roots.extend(roots.iter().cloned());
        let names = v3.closure(roots);
        let text = format!(
            "{HEADER}\n{{\"components\":{{\"schemas\":{{\n{}\n}}}},\"info\":{{\"title\":\"Kubernetes\",\"version\":\"unversioned\"}},\"openapi\":\"3.0.0\",\"paths\":{{}}}}\n",
            render_schemas(&v3.schemas, &names)
        );
        out.file(Path::new(DIR).join(v3_file(group, version)), text);
    }
    // The v2 document holds every schema once, converted from its v3 form.
    let names = v3.closure(all_roots);
    let v2: BTreeMap<String, Value> = names
        .iter()
        .filter_map(|n| {
            let schema = special_schema(n, Flavor::V2).or_else(|| v3.schemas.get(n).map(to_v2))?;
            Some((n.clone(), schema))
        })
        .collect();
    let text = format!(
        "{HEADER}\n{{\"definitions\":{{\n{}\n}},\"info\":{{\"title\":\"Kubernetes\",\"version\":\"unversioned\"}},\"paths\":{{}},\"swagger\":\"2.0\"}}\n",
        render_schemas(&v2, &names)
    );
    out.file(Path::new(DIR).join(V2_FILE), text);
    // The table servers embed the documents through: one `include_str!` per file, no code per
    // schema.
    let entries = gvs.keys().map(|(group, version)| {
        let path = v3_path(group, version);
        let file = v3_file(group, version);
        quote::quote!((#group, #version, #path, include_str!(#file)))
    });
    let file: syn::File = syn::parse_quote! {
        //! The OpenAPI documents of the tree, embedded. Each text starts with the generated
        //! header line; the JSON follows it.

        /// The v2 document of the whole tree.
        pub const V2: &str = include_str!(#V2_FILE);

        /// The v3 documents: group, version, discovery path and text.
        pub const V3: &[(&str, &str, &str, &str)] = &[#(#entries),*];
    };
    out.file(Path::new(DIR).join(DOCUMENTS_FILE), super::render_rust(&file));
    // One report per field, not one per group version.
    let mut seen = BTreeSet::new();
    diagnostics.extend(found.into_iter().filter(|d| seen.insert(format!("{d:?}"))));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_reverse_the_host() {
        assert_eq!(schema_name("k8s.io/api/apps/v1", "Deployment"), "io.k8s.api.apps.v1.Deployment");
        assert_eq!(
            schema_name("k8s.io/apimachinery/pkg/api/resource", "Quantity"),
            "io.k8s.apimachinery.pkg.api.resource.Quantity"
        );
        assert_eq!(
            schema_name("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", "JSON"),
            "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON"
        );
        assert_eq!(v3_file("", "v1"), "v3/api__v1.json");
        assert_eq!(v3_file("apps", "v1"), "v3/apis__apps__v1.json");
    }

    #[test]
    fn descriptions_join_lines_and_drop_markers() {
        let docs: Vec<String> =
            ["First line", "goes on.", "", "Second.", "+optional"].iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(description(&docs).as_deref(), Some("First line goes on.\n\nSecond."));
        assert_eq!(description(&["+k8s:x".to_owned()]), None);
    }
}
