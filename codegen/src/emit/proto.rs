//! go-to-protobuf's IDL: for every package that declares `+groupName=` (or opts in with
//! `+protobufGoPackage=<go import path>`) and has versioned types, a `generated.proto` with one
//! message per struct and per `proto_wrap` newtype, in upstream's layout: `proto2`, the package
//! named after the Go import path, messages sorted by name, fields in declaration order with
//! upstream's labels, names, numbers and types.
//!
//! Type references go through the universe's resolver; machinery's special types map to
//! apimachinery's fixed messages. `json_only` types have no protobuf form and are left out.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{FileId, Resolved, TypeEntry, Universe, special_type};
use kapi_frontend::{Body, Field, Shape};

use super::Emitted;
use crate::output::HEADER;

/// The file every package's IDL is written to, under the package's output directory.
pub const FILE_NAME: &str = "generated.proto";

const META_V1: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";

/// A message with a fixed layout (a special type's), written into its home package's file.
struct FixedMessage {
    go_package: &'static str,
    name: &'static str,
    docs: &'static [&'static str],
    /// (label, type, name, number)
    fields: &'static [(&'static str, &'static str, &'static str, u32)],
}

const TIMESTAMP_FIELDS: &[(&str, &str, &str, u32)] =
    &[("optional", "int64", "seconds", 1), ("optional", "int32", "nanos", 2)];

/// The messages of meta/v1 that have no `Kapi` definition (the special types hand-written in
/// `kapi_machinery`, and `GroupVersion` and `Patch`), as upstream's meta/v1 `generated.proto`
/// declares them.
const FIXED_MESSAGES: &[FixedMessage] = &[
    FixedMessage {
        go_package: META_V1,
        name: "Duration",
        docs: &["Duration is a wrapper around time.Duration which supports correct", "marshaling to YAML and JSON."],
        fields: &[("optional", "int64", "duration", 1)],
    },
    FixedMessage {
        go_package: META_V1,
        name: "FieldsV1",
        docs: &["FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format."],
        fields: &[("optional", "bytes", "Raw", 1)],
    },
    FixedMessage {
        go_package: META_V1,
        name: "GroupVersion",
        docs: &["GroupVersion contains the \"group\" and the \"version\", which uniquely identifies the API."],
        fields: &[("optional", "string", "group", 1), ("optional", "string", "version", 2)],
    },
    FixedMessage {
        go_package: META_V1,
        name: "MicroTime",
        docs: &["MicroTime is version of Time with microsecond level precision."],
        fields: TIMESTAMP_FIELDS,
    },
    FixedMessage {
        go_package: META_V1,
        name: "Patch",
        docs: &["Patch is provided to give a concrete name and type to the Kubernetes PATCH request body."],
        fields: &[],
    },
    FixedMessage {
        go_package: META_V1,
        name: "Time",
        docs: &[
            "Time is a wrapper around time.Time which supports correct",
            "marshaling to YAML and JSON. On the wire it is a Timestamp of whole seconds.",
        ],
        fields: TIMESTAMP_FIELDS,
    },
    FixedMessage {
        go_package: META_V1,
        name: "Timestamp",
        docs: &[
            "Timestamp is a struct that is equivalent to Time, but intended for",
            "protobuf marshalling/unmarshalling.",
        ],
        fields: TIMESTAMP_FIELDS,
    },
    FixedMessage {
        go_package: META_V1,
        name: "TypeMeta",
        docs: &[
            "TypeMeta describes an individual object in an API response or request",
            "with strings representing the type of the object and its API schema version.",
        ],
        fields: &[("optional", "string", "kind", 1), ("optional", "string", "apiVersion", 2)],
    },
];

/// Adds the `generated.proto` of every opted-in package, or reports why it cannot.
pub fn generate(u: &Universe, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for pkg in u.packages.values() {
        if pkg.markers.group_name.is_none() && pkg.markers.protobuf_go_package.is_none() {
            continue;
        }
        let types: Vec<&TypeEntry> =
            u.types_in(&pkg.rel).filter(|t| t.def.is_versioned() && t.def.attrs.json_only.is_none()).collect();
        if types.is_empty() {
            continue;
        }
        if let Some(text) = emit_package(u, &pkg.rel, &types, diagnostics) {
            out.file(pkg.rel.join(FILE_NAME), text);
        }
    }
}

/// The Go import path of a package of the tree: its marker, else `k8s.io/api/<path>` (and meta/v1's
/// upstream home for kapi's own `meta/v1`, when it is referenced from another tree).
pub(crate) fn go_package_of(u: &Universe, pkg: &Path) -> String {
    if let Some(m) = u.packages.get(pkg).and_then(|p| p.markers.protobuf_go_package.as_ref()) {
        return m.value.clone();
    }
    let path = pkg.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
    if path == "meta/v1" { META_V1.to_owned() } else { format!("k8s.io/api/{path}") }
}

/// The protobuf package of a Go import path, as go-to-protobuf names it.
pub fn proto_package(go_package: &str) -> String {
    go_package.replace('/', ".").replace('-', "_")
}

/// A reference to a message: its home Go package and its name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct MessageRef {
    go_package: String,
    name: String,
}

/// A field's value type.
#[derive(Debug, Clone, PartialEq)]
enum Ty {
    Scalar(&'static str),
    Message(MessageRef),
}

/// A field's wire form.
#[derive(Debug, Clone, PartialEq)]
enum FieldKind {
    Singular(Ty),
    Repeated(Ty),
    Map(Ty),
}

/// Newtypes may wrap newtypes; a deeper chain is a newtype that contains itself.
const MAX_NEWTYPE_DEPTH: usize = 16;

/// The wire form of a field of shape `shape` written in `file`.
fn field_kind(u: &Universe, file: FileId, shape: &Shape, depth: usize) -> Result<FieldKind, String> {
    let scalar = |s| Ok(FieldKind::Singular(Ty::Scalar(s)));
    match shape {
        Shape::String => scalar("string"),
        Shape::Bool => scalar("bool"),
        Shape::I32 => scalar("int32"),
        Shape::I64 => scalar("int64"),
        Shape::U32 => scalar("uint32"),
        Shape::U64 => scalar("uint64"),
        Shape::F32 => scalar("float"),
        Shape::F64 => scalar("double"),
        Shape::Bytes => scalar("bytes"),
        Shape::Option(inner) | Shape::Box(inner) => field_kind(u, file, inner, depth),
        Shape::Vec(inner) => match field_kind(u, file, inner, depth)? {
            FieldKind::Singular(ty) => Ok(FieldKind::Repeated(ty)),
            _ => Err("a list of lists or maps has no protobuf form; wrap the inner list in a `proto_wrap` newtype"
                .to_owned()),
        },
        Shape::Map(key, value) => {
            match field_kind(u, file, key, depth)? {
                FieldKind::Singular(Ty::Scalar("string")) => {}
                _ => return Err("map keys must be strings or string newtypes".to_owned()),
            }
            match field_kind(u, file, value, depth)? {
                FieldKind::Singular(ty) => Ok(FieldKind::Map(ty)),
                _ => {
                    Err("a map of lists or maps has no protobuf form; wrap the value in a `proto_wrap` newtype"
                        .to_owned())
                }
            }
        }
        Shape::Named(path) => match u.resolve_path(file, path)? {
            Resolved::Special(name) => {
                let s = special_type(name).ok_or_else(|| format!("`{name}` has no protobuf form"))?;
                Ok(FieldKind::Singular(Ty::Message(MessageRef {
                    go_package: s.go_package.to_owned(),
                    name: s.message.to_owned(),
                })))
            }
            Resolved::External { package, name } => {
                Ok(FieldKind::Singular(Ty::Message(MessageRef { go_package: go_package_of(u, &package), name })))
            }
            Resolved::Def(id) => {
                let t = &u.types[id];
                if t.def.attrs.json_only.is_some() {
                    return Err(format!("`{}` is `json_only`", t.def.ident));
                }
                match &t.def.body {
                    Body::Newtype(inner, _) if t.def.attrs.proto_wrap.is_none() => {
                        if depth > MAX_NEWTYPE_DEPTH {
                            return Err(format!("newtype `{}` refers to itself", t.def.ident));
                        }
                        field_kind(u, t.file, inner, depth + 1)
                    }
                    _ => Ok(FieldKind::Singular(Ty::Message(MessageRef {
                        go_package: go_package_of(u, &t.package),
                        name: t.def.ident.to_string(),
                    }))),
                }
            }
        },
    }
}

/// One field line of a message.
struct FieldLine {
    docs: Vec<String>,
    decl: String,
}

/// One message of the file.
struct Message<'a> {
    name: String,
    docs: Vec<String>,
    fields: Vec<FieldLine>,
    /// The numbers of retired fields (`proto_reserved`), which protoc then refuses to reuse.
    reserved: Vec<u32>,
    /// The type it is written from (none for fixed messages).
    at: Option<&'a TypeEntry>,
}

/// Renders the IDL of one package, or records why it cannot.
fn emit_package(u: &Universe, rel: &Path, types: &[&TypeEntry], diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
    let go_package = go_package_of(u, rel);
    let mut imports: BTreeSet<String> = BTreeSet::new();
    let mut messages: Vec<Message> = Vec::new();
    let mut ok = true;
    let type_name = |ty: &Ty, imports: &mut BTreeSet<String>| -> String {
        match ty {
            Ty::Scalar(s) => (*s).to_owned(),
            Ty::Message(r) if r.go_package == go_package => r.name.clone(),
            Ty::Message(r) => {
                imports.insert(format!("{}/{FILE_NAME}", r.go_package));
                format!(".{}.{}", proto_package(&r.go_package), r.name)
            }
        }
    };
    for t in types {
        let def = &t.def;
        let fields: Vec<FieldLine> = match &def.body {
            Body::Newtype(inner, _) => {
                if def.attrs.proto_wrap.is_none() {
                    // A newtype over a scalar or list is written as its inner value.
                    continue;
                }
                match field_kind(u, t.file, inner, 0) {
                    Ok(FieldKind::Repeated(ty)) => {
                        vec![FieldLine {
                            docs: Vec::new(),
                            decl: format!("repeated {} items = 1;", type_name(&ty, &mut imports)),
                        }]
                    }
                    Ok(_) => {
                        ok = false;
                        diagnostics.push(located(
                            u,
                            t,
                            def.ident.span(),
                            &format!("`proto_wrap` newtype `{}` must wrap a `Vec`", def.ident),
                            "remove `proto_wrap` or make the inner type a `Vec<T>`",
                        ));
                        continue;
                    }
                    Err(e) => {
                        ok = false;
                        diagnostics.push(located(u, t, def.ident.span(), &e, "see docs/type-language.md"));
                        continue;
                    }
                }
            }
            Body::Struct(all) => {
                let wire: Vec<&Field> = all.iter().filter(|f| f.in_proto() && !f.is_type_meta()).collect();
                if wire.is_empty() && all.iter().any(|f| f.attrs.skip_proto) {
                    // Every field is left out of protobuf: upstream's `+protobuf=false`.
                    continue;
                }
                let mut lines = Vec::new();
                for f in wire {
                    let number = f.attrs.proto.expect("in_proto fields have a number");
                    // Upstream's `name=` where it differs from the JSON name.
                    let name = f.attrs.proto_name.as_ref().map_or(f.json_name.as_str(), |(n, _)| n.as_str());
                    let decl = match field_kind(u, t.file, &f.shape, 0) {
                        Ok(FieldKind::Singular(ty)) => {
                            format!("optional {} {name} = {number};", type_name(&ty, &mut imports))
                        }
                        Ok(FieldKind::Repeated(ty)) => {
                            format!("repeated {} {name} = {number};", type_name(&ty, &mut imports))
                        }
                        Ok(FieldKind::Map(ty)) => {
                            format!("map<string, {}> {name} = {number};", type_name(&ty, &mut imports))
                        }
                        Err(e) => {
                            ok = false;
                            diagnostics.push(located(
                                u,
                                t,
                                f.span,
                                &format!("field `{}` of `{}` has no protobuf form: {e}", f.ident, def.ident),
                                "fix the type, or leave the field out with `#[kapi(skip_proto)]`",
                            ));
                            continue;
                        }
                    };
                    lines.push(FieldLine { docs: f.docs.clone(), decl });
                }
                lines
            }
        };
        let mut reserved: Vec<u32> = def.attrs.proto_reserved.iter().map(|(n, _)| *n).collect();
        reserved.sort_unstable();
        messages.push(Message {
            name: def.ident.to_string(),
            docs: message_docs(&def.docs),
            fields,
            reserved,
            at: Some(*t),
        });
    }
    for fixed in FIXED_MESSAGES.iter().filter(|m| m.go_package == go_package) {
        messages.push(Message {
            name: fixed.name.to_owned(),
            docs: fixed.docs.iter().map(|s| (*s).to_owned()).collect(),
            fields: fixed
                .fields
                .iter()
                .map(|(label, ty, name, n)| FieldLine { docs: Vec::new(), decl: format!("{label} {ty} {name} = {n};") })
                .collect(),
            reserved: Vec::new(),
            at: None,
        });
    }
    messages.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in messages.windows(2) {
        if pair[0].name == pair[1].name {
            ok = false;
            let message =
                format!("two messages named `{}` in the protobuf package of `{}`", pair[0].name, rel.display());
            let d = match pair[1].at.or(pair[0].at) {
                Some(t) => Diagnostic::at(&u.file(t.file).path, t.def.ident.span(), message),
                None => Diagnostic::global(message),
            };
            diagnostics.push(d.note("rename one of the types"));
        }
    }
    if !ok {
        return None;
    }
    imports.remove(&format!("{go_package}/{FILE_NAME}"));
    Some(render(&go_package, &imports, &messages))
}

fn located(u: &Universe, t: &TypeEntry, span: proc_macro2::Span, message: &str, note: &str) -> Diagnostic {
    Diagnostic::at(&u.file(t.file).path, span, message).note(note)
}

/// A type's doc lines as its message's comment: without the type's markers (`+genclient`, …),
/// which tell our generators what to do, not a reader of the IDL what the message is; upstream's
/// comments leave them out too, since Go keeps them in a comment group of their own.
fn message_docs(docs: &[String]) -> Vec<String> {
    let mut lines: Vec<String> =
        docs.iter().filter(|l| kapi_frontend::markers::parse_marker(l).is_none()).cloned().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

fn comment(out: &mut String, indent: &str, docs: &[String]) {
    for line in docs {
        if line.is_empty() {
            let _ = writeln!(out, "{indent}//");
        } else {
            let _ = writeln!(out, "{indent}// {line}");
        }
    }
}

fn render(go_package: &str, imports: &BTreeSet<String>, messages: &[Message<'_>]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}\n");
    let _ = writeln!(out, "syntax = \"proto2\";\n");
    let _ = writeln!(out, "package {};\n", proto_package(go_package));
    for import in imports {
        let _ = writeln!(out, "import \"{import}\";");
    }
    if !imports.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(out, "option go_package = \"{go_package}\";");
    for m in messages {
        out.push('\n');
        comment(&mut out, "", &m.docs);
        if m.fields.is_empty() && m.reserved.is_empty() {
            let _ = writeln!(out, "message {} {{\n}}", m.name);
            continue;
        }
        let _ = writeln!(out, "message {} {{", m.name);
        if !m.reserved.is_empty() {
            let numbers: Vec<String> = m.reserved.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "  reserved {};", numbers.join(", "));
            if !m.fields.is_empty() {
                out.push('\n');
            }
        }
        for (idx, f) in m.fields.iter().enumerate() {
            if idx > 0 {
                out.push('\n');
            }
            comment(&mut out, "  ", &f.docs);
            let _ = writeln!(out, "  {}", f.decl);
        }
        out.push_str("}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proto_packages_follow_the_go_import_path() {
        assert_eq!(proto_package("k8s.io/api/admissionregistration/v1"), "k8s.io.api.admissionregistration.v1");
        assert_eq!(proto_package("example.com/my-api/v1"), "example.com.my_api.v1");
        let u = Universe::default();
        assert_eq!(go_package_of(&u, Path::new("admission/v1beta1")), "k8s.io/api/admission/v1beta1");
        assert_eq!(go_package_of(&u, Path::new("meta/v1")), META_V1);
    }
}
