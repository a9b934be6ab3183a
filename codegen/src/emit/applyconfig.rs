//! applyconfiguration-gen: for every type reachable from a `+genclient` kind (or a kind a `+genclient:method=` line takes), an apply configuration with every field optional, `with_*` builders, a constructor and `extract_<kind>` per kind, encoded with only the fields set; compiled with the owning crate's `apply` feature.
//
// Field shapes map as upstream's generator maps them: scalars, newtypes, special types and
// hand-written JSON forms become `Option<T>`; structs become `Option<<Type>ApplyConfiguration>`
// (`Box`ed where the type is); slices become `Vec` of the element's configuration (a nil and an
// empty list are alike, as `omitempty` makes them upstream); maps keep their keys and map their
// values. An `inline` struct stays inline as its configuration; a kind's `TypeMeta` becomes
// `kind` and `apiVersion`. Every member is written only when set.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use heck::ToSnakeCase;
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{Resolved, TypeEntry, Universe};
use kapi_frontend::{Body, Field, Shape};

use super::text::{RustText, path_text, str_literal};
use super::{Emitted, Export, Part, WHERE_USED};

/// The cargo feature of the crate owning a tree that compiles the apply configurations.
pub const APPLY_FEATURE: &str = "apply";

/// Fields of `ObjectMeta` that the server owns: upstream's configuration leaves them out.
const SERVER_META_FIELDS: &[&str] = &["managedFields", "selfLink"];

/// The name of a type's apply configuration.
fn config_name(name: &str) -> String {
    format!("{name}ApplyConfiguration")
}

/// A type gets an apply configuration when it is a versioned struct with a derived JSON form.
fn configurable(t: &TypeEntry) -> bool {
    matches!(t.def.body, Body::Struct(_)) && !t.def.attrs.is_internal() && t.def.attrs.custom_json.is_none()
}

/// The roots: `+genclient` kinds (those a client applies) and the input kinds of their
/// `+genclient:method=` lines (`Scale` for `apply_scale`).
fn roots(u: &Universe) -> Vec<usize> {
    let mut out = Vec::new();
    for (id, t) in u.types.iter().enumerate() {
        let Some(gc) = &t.def.markers.genclient else { continue };
        if t.def.attrs.kind.is_none() || t.def.attrs.is_internal() || gc.no_verbs {
            continue;
        }
        out.push(id);
        for m in &gc.methods {
            let Some(input) = &m.input else { continue };
            if let Ok(path) = syn::parse_str::<syn::Path>(input)
                && let Some(target) = u.resolve_def(t.file, &path)
            {
                out.push(target);
            }
        }
    }
    out
}

/// Every type reachable from the roots through fields that have a JSON form.
fn reachable(u: &Universe) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut queue: Vec<usize> = roots(u).into_iter().filter(|&id| configurable(&u.types[id])).collect();
    while let Some(id) = queue.pop() {
        if !seen.insert(id) {
            continue;
        }
        let t = &u.types[id];
        for f in t.def.fields().iter().filter(|f| f.in_json()) {
            if let Some(Ok(Resolved::Def(target))) = u.resolve_shape(t.file, &f.shape)
                && configurable(&u.types[target])
                && !seen.contains(&target)
            {
                queue.push(target);
            }
        }
    }
    seen
}

/// Writes `applyconfigurations.rs` for every package holding a reachable type.
/// Only the packages of `part` are written; every part finds the same reachable types.
pub fn generate(u: &Universe, part: Part, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    let chosen = reachable(u);
    let mut by_package: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for &id in &chosen {
        by_package.entry(&u.types[id].package).or_default().push(id);
    }
    // A kind's configuration holds the delegating metadata builders besides its own members.
    let weight = |(_, ids): &(&Path, Vec<usize>)| {
        ids.iter()
            .map(|&id| u.types[id].def.fields().len() + if u.types[id].def.attrs.kind.is_some() { 20 } else { 1 })
            .sum()
    };
    for (pkg, ids) in part.select(by_package, weight) {
        let mut w = RustText::new();
        w.line(&format!(
            "//! Apply configurations of `{}`: every field optional, written only when set.",
            pkg.display()
        ));
        // Declaration order, as the package's own files have them.
        for id in u.type_ids_in(pkg).filter(|id| ids.contains(id)) {
            config_type(&mut w, u, &u.types[id], pkg, &chosen, diagnostics);
        }
        out.module_text(pkg, "applyconfigurations", w.finish(), Export::Glob, false, &[APPLY_FEATURE]);
    }
}

/// A builder: `pub fn <name>(mut self, <param>) -> Self { <body> self }`.
struct Builder {
    doc: String,
    name: String,
    param: String,
    body: String,
}

impl Builder {
    fn write(&self, w: &mut RustText) {
        w.doc(&self.doc);
        w.open_fn(&format!("pub fn {}", self.name), &["mut self", &self.param], " -> Self");
        w.line(&self.body);
        w.line("self");
        w.close();
    }
}

/// How one field of a configuration is typed and built.
struct Member {
    ident: String,
    json: String,
    /// The field's type in the configuration.
    ty: String,
    /// The builder that sets it; its parameter is what delegating builders of an outer
    /// configuration take, and `args` what they pass on.
    builder: Builder,
    args: &'static str,
    inline: bool,
}

/// The path of a special type of machinery.
fn special_path(name: &str) -> String {
    format!("::kapi_machinery::types::{name}")
}

/// What a shape (without its outer `Option`) becomes as a value inside a configuration: the
/// configuration of a struct, else the type itself. `Err` names what cannot be resolved.
fn value_type(
    u: &Universe,
    t: &TypeEntry,
    from: &Path,
    shape: &Shape,
    chosen: &BTreeSet<usize>,
) -> Result<String, String> {
    Ok(match shape {
        Shape::String => STRING.to_owned(),
        Shape::Bool => "bool".to_owned(),
        Shape::I32 => "i32".to_owned(),
        Shape::I64 => "i64".to_owned(),
        Shape::U32 => "u32".to_owned(),
        Shape::U64 => "u64".to_owned(),
        Shape::F32 => "f32".to_owned(),
        Shape::F64 => "f64".to_owned(),
        Shape::Bytes => "::std::vec::Vec<u8>".to_owned(),
        Shape::Option(inner) => return value_type(u, t, from, inner, chosen),
        Shape::Box(inner) => format!("::std::boxed::Box<{}>", value_type(u, t, from, inner, chosen)?),
        Shape::Vec(inner) => format!("::std::vec::Vec<{}>", value_type(u, t, from, inner, chosen)?),
        Shape::Map(key, value) => format!(
            "::std::collections::BTreeMap<{}, {}>",
            value_type(u, t, from, key, chosen)?,
            value_type(u, t, from, value, chosen)?
        ),
        Shape::Named(path) => match u.resolve_path(t.file, path)? {
            Resolved::Special(name) => special_path(name),
            Resolved::Def(id) if chosen.contains(&id) => {
                let target = &u.types[id];
                format!("{}::{}", path_text(&u.module_path(&target.package)), config_name(&target.name()))
            }
            Resolved::Def(id) => path_text(&u.type_path(&u.types[id], from)),
            Resolved::External { package, name } => {
                // A struct of kapi-api seen from another tree: its configuration, which kapi-api
                // generates with its own `apply` feature.
                let mut p = "::kapi_api".to_owned();
                for seg in package.iter().filter_map(|s| s.to_str()) {
                    p.push_str("::");
                    p.push_str(seg);
                }
                format!("{p}::{}", config_name(&name))
            }
        },
    })
}

/// `::std::string::String`.
const STRING: &str = "::std::string::String";

/// The member of a configuration for one field.
fn member(u: &Universe, t: &TypeEntry, from: &Path, f: &Field, chosen: &BTreeSet<usize>) -> Result<Member, String> {
    let ident = f.ident.to_string();
    let bare = ident.trim_start_matches("r#").trim_end_matches('_');
    let name = format!("with_{bare}");
    let json = &f.json_name;
    let set = format!(" Sets `{json}`.");
    // The shape without the pointer that makes it optional in the type: everything is optional here.
    let shape = match &f.shape {
        Shape::Option(inner) => inner.as_ref(),
        s => s,
    };
    let (ty, doc, param, body, args) = match shape {
        Shape::Vec(elem) => {
            let e = value_type(u, t, from, elem, chosen)?;
            (
                format!("::std::vec::Vec<{e}>"),
                format!(" Appends to `{json}`."),
                format!("items: impl IntoIterator<Item = impl Into<{e}>>"),
                format!("self.{ident}.extend(items.into_iter().map(Into::into));"),
                "items",
            )
        }
        Shape::Map(key, value) => {
            let k = value_type(u, t, from, key, chosen)?;
            let v = value_type(u, t, from, value, chosen)?;
            (
                format!("::std::collections::BTreeMap<{k}, {v}>"),
                format!(" Puts entries into `{json}`, replacing those with the same keys."),
                format!("entries: impl IntoIterator<Item = (impl Into<{k}>, impl Into<{v}>)>"),
                format!("self.{ident}.extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));"),
                "entries",
            )
        }
        _ if f.attrs.inline => {
            let v = value_type(u, t, from, shape, chosen)?;
            let param = format!("value: {v}");
            (v, set, param, format!("self.{ident} = value;"), "value")
        }
        Shape::Box(inner) => {
            let v = value_type(u, t, from, inner, chosen)?;
            (
                format!("::std::option::Option<::std::boxed::Box<{v}>>"),
                set,
                format!("value: impl Into<{v}>"),
                format!("self.{ident} = Some(::std::boxed::Box::new(value.into()));"),
                "value",
            )
        }
        _ => {
            let v = value_type(u, t, from, shape, chosen)?;
            (
                format!("::std::option::Option<{v}>"),
                set,
                format!("value: impl Into<{v}>"),
                format!("self.{ident} = Some(value.into());"),
                "value",
            )
        }
    };
    Ok(Member {
        ident,
        json: json.clone(),
        ty,
        builder: Builder { doc, name, param, body },
        args,
        inline: f.attrs.inline,
    })
}

/// A JSON member name as the bytes `"name":`, escaped as Go escapes keys, as a byte-string
/// literal.
fn key_literal(name: &str) -> String {
    let mut out = Vec::with_capacity(name.len() + 3);
    out.push(b'"');
    for c in name.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' | '\0'..='\u{1f}' => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.extend_from_slice(b"\":");
    proc_macro2::Literal::byte_string(&out).to_string()
}

/// `::kapi_machinery`, the crate every configuration's codec comes from.
const M: &str = "::kapi_machinery";

/// Writes the configuration of one type: the struct, its builders, its JSON form, and for a kind
/// the constructor, the delegating metadata builders, `ApplyConfiguration` and `extract_<kind>`.
/// Writes nothing, and reports the field, when a field has no configuration.
fn config_type(
    w: &mut RustText,
    u: &Universe,
    t: &TypeEntry,
    pkg: &Path,
    chosen: &BTreeSet<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let name = config_name(&t.name());
    let is_kind = t.def.attrs.kind.is_some();
    let mut members = Vec::new();
    let mut has_type_meta = false;
    for f in t.def.fields().iter().filter(|f| f.in_json()) {
        if f.is_type_meta() {
            has_type_meta = true;
            continue;
        }
        if t.name() == "ObjectMeta" && SERVER_META_FIELDS.contains(&f.json_name.as_str()) {
            continue;
        }
        match member(u, t, pkg, f, chosen) {
            Ok(mb) => members.push(mb),
            Err(e) => {
                diagnostics.push(Diagnostic::at(
                    &u.file(t.file).path,
                    f.span,
                    format!("field `{}` of `{}` has no apply configuration: {e}", f.ident, t.name()),
                ));
                return;
            }
        }
    }
    // `kind` and `apiVersion` for a kind's `TypeMeta`, then the members.
    let type_meta: &[(&str, &str)] =
        if has_type_meta { &[("kind", "kind"), ("api_version", "apiVersion")] } else { &[] };

    w.doc(&format!(" The apply configuration of `{}`: only the fields set are sent.", t.name()));
    w.line("#[derive(Clone, Debug, Default, PartialEq)]");
    w.open(&format!("pub struct {name}"));
    for (id, json) in type_meta {
        w.doc(&format!(" `{json}`."));
        w.line(&format!("pub {id}: ::std::option::Option<{STRING}>,"));
    }
    for mb in &members {
        if mb.inline {
            w.doc(" Inlined: its members are this object's.");
        } else {
            w.doc(&format!(" `{}`.", mb.json));
        }
        w.line(&format!("pub {}: {},", mb.ident, mb.ty));
    }
    w.close();

    // Builders: `TypeMeta`'s, the members', and those Go promotes from an embedded struct, which
    // store through the inline field.
    let mut own_builders: BTreeSet<String> = BTreeSet::new();
    let mut builders = Vec::new();
    for (id, json) in type_meta {
        builders.push(Builder {
            doc: format!(" Sets `{json}`."),
            name: format!("with_{id}"),
            param: format!("value: impl Into<{STRING}>"),
            body: format!("self.{id} = Some(value.into());"),
        });
    }
    for mb in &members {
        own_builders.insert(mb.builder.name.clone());
    }
    for f in t.def.fields().iter().filter(|f| f.in_json() && f.attrs.inline && !f.is_type_meta()) {
        if let Some(Ok(Resolved::Def(id))) = u.resolve_shape(t.file, &f.shape)
            && chosen.contains(&id)
        {
            let field = &f.ident;
            builders.extend(delegates(u, &u.types[id], pkg, chosen, &mut own_builders, "", |with, args| {
                format!("self.{field} = ::std::mem::take(&mut self.{field}).{with}({args});")
            }));
        }
    }
    w.open(&format!("impl {name}"));
    for b in builders.iter().take(type_meta.len()) {
        b.write(w);
    }
    for mb in &members {
        mb.builder.write(w);
    }
    for b in builders.iter().skip(type_meta.len()) {
        b.write(w);
    }
    w.close();

    let (wr, key, r) = if members.is_empty() && !has_type_meta { ("_w", "_key", "_r") } else { ("w", "key", "r") };
    w.open(&format!("impl {M}::json::JsonFields for {name}"));
    w.line(WHERE_USED);
    w.open_fn("fn encode_json_fields", &["&self", &format!("{wr}: &mut {M}::json::JsonWriter")], "");
    for (id, json) in type_meta {
        w.open(&format!("if let ::std::option::Option::Some(v) = &self.{id}"));
        w.line(&format!("w.key_static({});", key_literal(json)));
        w.line(&format!("{M}::json::JsonEncode::encode_json(v, w);"));
        w.close();
    }
    for mb in &members {
        if mb.inline {
            w.line(&format!("{M}::json::JsonFields::encode_json_fields(&self.{}, w);", mb.ident));
        } else {
            w.open(&format!("if !{M}::json::JsonEncode::is_json_empty(&self.{})", mb.ident));
            w.line(&format!("w.key_static({});", key_literal(&mb.json)));
            w.line(&format!("{M}::json::JsonEncode::encode_json(&self.{}, w);", mb.ident));
            w.close();
        }
    }
    w.close();
    w.line(WHERE_USED);
    w.open_fn(
        "fn decode_json_field",
        &["&mut self", &format!("{key}: &str"), &format!("{r}: &mut {M}::json::JsonReader<'_>")],
        &format!(" -> ::core::result::Result<bool, {M}::DecodeError>"),
    );
    let decode_inline = |w: &mut RustText| {
        for mb in members.iter().filter(|mb| mb.inline) {
            w.open(&format!("if {M}::json::JsonFields::decode_json_field(&mut self.{}, key, r)?", mb.ident));
            w.line("return ::core::result::Result::Ok(true);");
            w.close();
        }
    };
    let arms: Vec<(&str, &str)> = type_meta
        .iter()
        .map(|&(id, json)| (id, json))
        .chain(members.iter().filter(|mb| !mb.inline).map(|mb| (mb.ident.as_str(), mb.json.as_str())))
        .collect();
    if arms.is_empty() {
        decode_inline(w);
        w.line("::core::result::Result::Ok(false)");
    } else {
        w.open("let decoded = match key");
        for (id, json) in &arms {
            w.line(&format!("{} => {M}::json::JsonDecode::decode_json(&mut self.{id}, r),", str_literal(json)));
        }
        w.open("_ =>");
        decode_inline(w);
        w.line("return ::core::result::Result::Ok(false);");
        w.close();
        w.close_with(";");
        w.line("decoded?;");
        w.line("::core::result::Result::Ok(true)");
    }
    w.close();
    w.close();

    w.open(&format!("impl {M}::json::JsonEncode for {name}"));
    w.line(WHERE_USED);
    w.open(&format!("fn encode_json(&self, w: &mut {M}::json::JsonWriter)"));
    w.line(&format!("{M}::json::encode_json_object(self, w);"));
    w.close();
    w.line(WHERE_USED);
    w.open("fn is_json_zero(&self) -> bool");
    let mut zero: Vec<String> = type_meta.iter().map(|(id, _)| format!("self.{id}.is_none()")).collect();
    zero.extend(members.iter().map(|mb| format!("{M}::json::JsonEncode::is_json_zero(&self.{})", mb.ident)));
    match zero.split_first() {
        None => w.line("true"),
        Some((first, rest)) => w.chain(first, " && ", "&& ", rest),
    }
    w.close();
    w.close();

    w.open(&format!("impl {M}::json::JsonDecode for {name}"));
    w.line(WHERE_USED);
    w.open_fn(
        "fn decode_json",
        &["&mut self", &format!("r: &mut {M}::json::JsonReader<'_>")],
        &format!(" -> ::core::result::Result<(), {M}::DecodeError>"),
    );
    w.line(&format!("{M}::json::decode_json_object(self, r)"));
    w.close();
    w.close();
    w.line(&format!("impl {M}::json::JsonElement for {name} {{}}"));

    if is_kind && has_type_meta {
        kind_extras(w, u, t, pkg, &name, &own_builders, chosen);
    }
}

/// What a kind's configuration has besides its fields: the constructor that sets `apiVersion`
/// and `kind` (and the name, and namespace for namespaced kinds), builders for the metadata's
/// fields, `ApplyConfiguration`, and the extraction of a manager's configuration.
fn kind_extras(
    w: &mut RustText,
    u: &Universe,
    t: &TypeEntry,
    pkg: &Path,
    name: &str,
    own: &BTreeSet<String>,
    chosen: &BTreeSet<usize>,
) {
    let kind = t.kind().unwrap_or_else(|| t.name());
    let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
    let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
    let api_version = if group.is_empty() { version } else { format!("{group}/{version}") };
    let ty = path_text(&u.type_path(t, pkg));
    let gc = t.def.markers.genclient.as_ref();
    // The metadata's configuration, when the kind has one: name, namespace and its builders.
    let meta_type = t
        .def
        .fields()
        .iter()
        .find(|f| f.ident == "metadata")
        .and_then(|f| u.resolve_shape(t.file, &f.shape))
        .and_then(Result::ok);
    let meta_def = match &meta_type {
        Some(Resolved::Def(id)) if chosen.contains(id) => Some(&u.types[*id]),
        _ => None,
    };
    // kapi-api's `ObjectMeta` seen from another tree: its configuration's fields are not in this
    // universe, but its identity fields and maps are known.
    let external_meta = matches!(&meta_type, Some(Resolved::External { name, .. }) if name == "ObjectMeta");
    let has_meta = meta_def.is_some() || external_meta;
    let string = format!("impl Into<{STRING}>");
    let (ctor_params, ctor_calls, ctor_doc) = match (gc, has_meta) {
        (Some(gc), true) if !gc.non_namespaced => (
            vec![format!("name: {string}"), format!("namespace: {string}")],
            &[".with_name(name)", ".with_namespace(namespace)"][..],
            format!(" A `{kind}` configuration with `apiVersion`, `kind`, name and namespace set."),
        ),
        (Some(_), true) => (
            vec![format!("name: {string}")],
            &[".with_name(name)"][..],
            format!(" A `{kind}` configuration with `apiVersion`, `kind` and name set."),
        ),
        _ => (Vec::new(), &[][..], format!(" A `{kind}` configuration with `apiVersion` and `kind` set.")),
    };
    let mut delegated = Vec::new();
    let mut own = own.clone();
    own.insert("with_kind".to_owned());
    own.insert("with_api_version".to_owned());
    let store = |with: &str, args: &str| {
        format!("self.metadata = Some(self.metadata.take().unwrap_or_default().{with}({args}));")
    };
    if let Some(meta_def) = meta_def {
        delegated = delegates(u, meta_def, pkg, chosen, &mut own, "metadata.", store);
    } else if external_meta {
        let entries = format!("entries: impl IntoIterator<Item = ({string}, {string})>");
        for (field, param, args) in [
            ("name", format!("value: {string}"), "value"),
            ("namespace", format!("value: {string}"), "value"),
            ("labels", entries.clone(), "entries"),
            ("annotations", entries.clone(), "entries"),
        ] {
            let with = format!("with_{field}");
            if !own.insert(with.clone()) {
                continue;
            }
            delegated.push(Builder {
                doc: format!(" Sets `metadata.{field}` (through its own builder)."),
                body: store(&with, args),
                name: with,
                param,
            });
        }
    }
    let (name_fn, namespace_fn) = if has_meta {
        ("self.metadata.as_ref()?.name.as_deref()", "self.metadata.as_ref()?.namespace.as_deref()")
    } else {
        ("None", "None")
    };
    let kind_lit = str_literal(&kind);
    let api_version_lit = str_literal(&api_version);

    w.open(&format!("impl {name}"));
    w.doc(&ctor_doc);
    let params: Vec<&str> = ctor_params.iter().map(String::as_str).collect();
    w.open_fn("pub fn new", &params, " -> Self");
    let mut calls = vec![format!(".with_kind({kind_lit})"), format!(".with_api_version({api_version_lit})")];
    calls.extend(ctor_calls.iter().map(|c| (*c).to_owned()));
    w.chain("Self::default()", "", "", &calls);
    w.close();
    for b in &delegated {
        b.write(w);
    }
    w.close();

    w.open(&format!("impl {M}::ApplyConfiguration for {name}"));
    w.line(&format!("type Kind = {ty};"));
    for (f, body) in [
        ("name", name_fn),
        ("namespace", namespace_fn),
        ("api_version", "self.api_version.as_deref()"),
        ("kind", "self.kind.as_deref()"),
    ] {
        w.line(WHERE_USED);
        w.open(&format!("fn {f}(&self) -> ::std::option::Option<&str>"));
        w.line(body);
        w.close();
    }
    w.close();

    let snake = kind.to_snake_case();
    let extract = |w: &mut RustText, f: &str, doc: &str, subresource: &str| {
        w.doc(doc);
        w.line(WHERE_USED);
        w.open_fn(
            &format!("pub fn {f}"),
            &[&format!("obj: &{ty}"), "field_manager: &str"],
            &format!(" -> ::core::result::Result<{name}, {M}::fieldpath::ExtractError>"),
        );
        w.line(&format!("{M}::fieldpath::extract(obj, field_manager, {subresource}, {api_version_lit}, {kind_lit})"));
        w.close();
    };
    extract(
        w,
        &format!("extract_{snake}"),
        &format!(
            " The configuration `field_manager` applied to a `{kind}` (its `Apply` entry in `metadata.managedFields`): exactly the fields that entry names, with the object's name and namespace."
        ),
        "None",
    );
    let has_status = t.def.fields().iter().any(|f| f.ident == "status");
    if has_status && gc.is_some_and(|g| !g.no_status) {
        extract(
            w,
            &format!("extract_{snake}_status"),
            &format!(" The configuration `field_manager` applied to the `status` subresource of a `{kind}`."),
            "Some(\"status\")",
        );
    }
}

/// Builders on an outer configuration that store through an inner one (the metadata of a kind,
/// an inlined struct, whose builders Go promotes): one per builder of the inner type that the
/// outer does not define itself. `store` writes the statement given the builder's name and
/// arguments.
fn delegates(
    u: &Universe,
    inner: &TypeEntry,
    pkg: &Path,
    chosen: &BTreeSet<usize>,
    own: &mut BTreeSet<String>,
    path: &str,
    store: impl Fn(&str, &str) -> String,
) -> Vec<Builder> {
    let mut out = Vec::new();
    for f in inner.def.fields().iter().filter(|f| f.in_json() && !f.is_type_meta()) {
        if inner.name() == "ObjectMeta" && SERVER_META_FIELDS.contains(&f.json_name.as_str()) {
            continue;
        }
        let Ok(mb) = member(u, inner, pkg, f, chosen) else { continue };
        if !own.insert(mb.builder.name.clone()) {
            continue;
        }
        out.push(Builder {
            doc: format!(" Sets `{path}{}` (through its own builder).", mb.json),
            body: store(&mb.builder.name, mb.args),
            name: mb.builder.name,
            param: mb.builder.param,
        });
    }
    out
}
