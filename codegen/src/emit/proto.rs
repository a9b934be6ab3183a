//! go-to-protobuf's IDL: for every package that declares `+groupName=` (or opts in with
//! `+protobufGoPackage=<go import path>`) and has versioned types, a `generated.proto` with one
//! message per struct and per `proto_wrap` newtype, in upstream's layout: `proto2`, the package
//! named after the Go import path, messages sorted by name, fields in declaration order with
//! upstream's labels, names, numbers and types.
//!
//! Type references are resolved the way rustc would for our trees: through the file's `use` items,
//! the package's own types and its `pub type` aliases, `crate::`/`super::`/`self::` paths, and the
//! special types of `kapi_machinery`, which map to apimachinery's fixed messages.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kapi_frontend::{Body, Field, Shape};

use crate::load::{Loaded, LoadedType, Package};
use crate::output::{HEADER, Outputs};

/// The package marker that opts a package without `+groupName=` in (and overrides the Go import
/// path of one with it): `+protobufGoPackage=k8s.io/apimachinery/pkg/apis/meta/v1`.
pub const GO_PACKAGE_MARKER: &str = "protobufGoPackage";

const GROUP_NAME_MARKER: &str = "groupName";

/// The file every package's IDL is written to, under the package's output directory.
pub const FILE_NAME: &str = "generated.proto";

const META_V1: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";
const RUNTIME: &str = "k8s.io/apimachinery/pkg/runtime";
const INTSTR: &str = "k8s.io/apimachinery/pkg/util/intstr";
const RESOURCE: &str = "k8s.io/apimachinery/pkg/api/resource";

/// A hand-written machinery type and the apimachinery message it is written as.
struct Special {
    rust: &'static str,
    go_package: &'static str,
    message: &'static str,
}

const SPECIALS: &[Special] = &[
    Special { rust: "Time", go_package: META_V1, message: "Time" },
    Special { rust: "MicroTime", go_package: META_V1, message: "MicroTime" },
    Special { rust: "Duration", go_package: META_V1, message: "Duration" },
    Special { rust: "FieldsV1", go_package: META_V1, message: "FieldsV1" },
    Special { rust: "TypeMeta", go_package: META_V1, message: "TypeMeta" },
    Special { rust: "Quantity", go_package: RESOURCE, message: "Quantity" },
    Special { rust: "IntOrString", go_package: INTSTR, message: "IntOrString" },
    Special { rust: "RawExtension", go_package: RUNTIME, message: "RawExtension" },
    Special { rust: "Unknown", go_package: RUNTIME, message: "Unknown" },
];

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

/// Adds the `generated.proto` of every opted-in package to `outputs`, or reports why it cannot.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    outputs: &mut Outputs,
    diagnostics: &mut Vec<String>,
) {
    let index = Index::new(loaded, packages);
    for (rel, pkg) in packages {
        let opted_in = pkg.markers.iter().any(|(k, _)| k == GROUP_NAME_MARKER || k == GO_PACKAGE_MARKER);
        if !opted_in {
            continue;
        }
        let types: Vec<&LoadedType> = loaded.types_in(&pkg.dir).filter(|t| t.def.is_versioned()).collect();
        if types.is_empty() {
            continue;
        }
        if let Some(text) = emit_package(&index, rel, &types, diagnostics) {
            outputs.insert(rel.join(FILE_NAME), text);
        }
    }
}

/// The Go import path of a package of the tree: its marker, else `k8s.io/api/<path>` (and meta/v1's
/// upstream home for kapi's own `meta/v1`, when it is referenced from another tree).
fn go_package_of(packages: &BTreeMap<PathBuf, Package>, pkg: &Path) -> String {
    if let Some((_, v)) = packages.get(pkg).and_then(|p| p.markers.iter().find(|(k, _)| k == GO_PACKAGE_MARKER)) {
        return v.clone();
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

/// What a type path resolves to.
enum Target<'a> {
    Special(&'static Special),
    Def(&'a LoadedType, PathBuf),
    /// A type of a kapi API package outside the tree being generated, assumed to be a message.
    External(MessageRef),
}

/// Every type, alias and `use` of the tree, for resolving paths.
struct Index<'a> {
    root: &'a Path,
    packages: &'a BTreeMap<PathBuf, Package>,
    types: BTreeMap<(PathBuf, String), &'a LoadedType>,
    /// `pub type X = path;` items by package and name, with the file that declares them.
    aliases: BTreeMap<(PathBuf, String), (PathBuf, Vec<String>)>,
    /// The `use` items of every file: the name brought into scope and the full path.
    uses: BTreeMap<PathBuf, BTreeMap<String, Vec<String>>>,
}

impl<'a> Index<'a> {
    fn new(loaded: &'a Loaded, packages: &'a BTreeMap<PathBuf, Package>) -> Self {
        let mut index = Index {
            root: &loaded.root,
            packages,
            types: BTreeMap::new(),
            aliases: BTreeMap::new(),
            uses: BTreeMap::new(),
        };
        let mut files: BTreeSet<PathBuf> = loaded.types.iter().map(|t| t.file.clone()).collect();
        for pkg in packages.values() {
            if let Ok(entries) = std::fs::read_dir(&pkg.dir) {
                files.extend(
                    entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "rs")),
                );
            }
        }
        for t in &loaded.types {
            let pkg = index.package_of(&t.file);
            index.types.entry((pkg, t.def.ident.to_string())).or_insert(t);
        }
        for file in files {
            // Unreadable or unparsable files were reported by the loader already.
            let Ok(source) = std::fs::read_to_string(&file) else { continue };
            let Ok(parsed) = syn::parse_file(&source) else { continue };
            let mut uses = BTreeMap::new();
            for item in &parsed.items {
                match item {
                    syn::Item::Use(u) => flatten_use(&u.tree, &mut Vec::new(), &mut uses),
                    syn::Item::Type(alias) => {
                        if let syn::Type::Path(tp) = alias.ty.as_ref()
                            && tp.qself.is_none()
                        {
                            let segs = tp.path.segments.iter().map(|s| s.ident.to_string()).collect();
                            let key = (index.package_of(&file), alias.ident.to_string());
                            index.aliases.entry(key).or_insert((file.clone(), segs));
                        }
                    }
                    _ => {}
                }
            }
            index.uses.insert(file, uses);
        }
        index
    }

    /// The package (output-relative directory) a file belongs to.
    fn package_of(&self, file: &Path) -> PathBuf {
        super::package_rel(self.root, file.parent().unwrap_or(self.root))
    }

    /// The module path of a file: its package, plus the file's own module unless it is `mod.rs`.
    fn module_of(&self, file: &Path) -> Vec<String> {
        let mut m: Vec<String> =
            self.package_of(file).components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if let Some(stem) = file.file_stem().and_then(|s| s.to_str())
            && stem != "mod"
            && stem != "lib"
        {
            m.push(stem.to_owned());
        }
        m
    }

    fn go_package(&self, pkg: &Path) -> String {
        go_package_of(self.packages, pkg)
    }

    /// Resolves a type path written in `file`.
    fn resolve(&self, file: &Path, segs: &[String], depth: usize) -> Result<Target<'a>, String> {
        let shown = segs.join("::");
        if depth > 16 {
            return Err(format!("`{shown}` does not resolve to a type (a cycle of aliases or imports)"));
        }
        let Some((name, module)) = segs.split_last() else {
            return Err("empty type path".to_owned());
        };
        if module.is_empty() {
            if let Some(full) = self.uses.get(file).and_then(|u| u.get(name)) {
                return self.resolve(file, full, depth + 1);
            }
            let pkg = self.package_of(file);
            return self
                .lookup(&pkg, name, depth)
                .ok_or_else(|| format!("cannot find type `{name}` in the package or the file's `use` items"));
        }
        let special = || {
            SPECIALS
                .iter()
                .find(|s| s.rust == name)
                .map(Target::Special)
                .ok_or_else(|| format!("`{shown}` is not one of the machinery types protobuf knows"))
        };
        let first = module[0].as_str();
        let external = first == "kapi_api";
        let mut base: Vec<String> = match first {
            "kapi_machinery" => return special(),
            "crate" | "kapi_api" if module.get(1).is_some_and(|m| m == "machinery") => return special(),
            "crate" | "kapi_api" => module[1..].to_vec(),
            "super" | "self" => {
                let mut m = self.module_of(file);
                let mut rest = module;
                while let Some((s, tail)) = rest.split_first() {
                    match s.as_str() {
                        "super" => {
                            m.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = tail;
                }
                m.extend(rest.iter().cloned());
                m
            }
            _ => {
                let mut m = self.module_of(file);
                m.extend(module.iter().cloned());
                m
            }
        };
        // `pkg::Name`, else `pkg::file_module::Name`.
        let as_pkg = PathBuf::from(base.join("/"));
        if let Some(t) = self.lookup(&as_pkg, name, depth) {
            return Ok(t);
        }
        base.pop();
        let parent = PathBuf::from(base.join("/"));
        if let Some(t) = self.lookup(&parent, name, depth) {
            return Ok(t);
        }
        if external && !self.packages.contains_key(&as_pkg) {
            return Ok(Target::External(MessageRef { go_package: self.go_package(&as_pkg), name: name.clone() }));
        }
        Err(format!("cannot find type `{shown}` in the tree"))
    }

    /// A type or alias named `name` in package `pkg`.
    fn lookup(&self, pkg: &Path, name: &str, depth: usize) -> Option<Target<'a>> {
        let key = (pkg.to_path_buf(), name.to_owned());
        if let Some(t) = self.types.get(&key) {
            return Some(Target::Def(t, pkg.to_path_buf()));
        }
        let (file, segs) = self.aliases.get(&key)?;
        self.resolve(file, segs, depth + 1).ok()
    }

    /// The wire form of a field of shape `shape` written in `file`.
    fn field_kind(&self, file: &Path, shape: &Shape, depth: usize) -> Result<FieldKind, String> {
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
            Shape::Option(inner) | Shape::Box(inner) => self.field_kind(file, inner, depth),
            Shape::Vec(inner) => match self.field_kind(file, inner, depth)? {
                FieldKind::Singular(ty) => Ok(FieldKind::Repeated(ty)),
                _ => Err("a list of lists or maps has no protobuf form; wrap the inner list in a `proto_wrap` newtype"
                    .to_owned()),
            },
            Shape::Map(key, value) => {
                match self.field_kind(file, key, depth)? {
                    FieldKind::Singular(Ty::Scalar("string")) => {}
                    _ => return Err("map keys must be strings or string newtypes".to_owned()),
                }
                match self.field_kind(file, value, depth)? {
                    FieldKind::Singular(ty) => Ok(FieldKind::Map(ty)),
                    _ => Err("a map of lists or maps has no protobuf form; wrap the value in a `proto_wrap` newtype"
                        .to_owned()),
                }
            }
            Shape::Named(path) => {
                let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
                match self.resolve(file, &segs, depth)? {
                    Target::Special(s) => Ok(FieldKind::Singular(Ty::Message(MessageRef {
                        go_package: s.go_package.to_owned(),
                        name: s.message.to_owned(),
                    }))),
                    Target::External(r) => Ok(FieldKind::Singular(Ty::Message(r))),
                    Target::Def(t, pkg) => match &t.def.body {
                        Body::Newtype(inner, _) if t.def.attrs.proto_wrap.is_none() => {
                            if depth > 16 {
                                return Err(format!("newtype `{}` refers to itself", t.def.ident));
                            }
                            self.field_kind(&t.file, inner, depth + 1)
                        }
                        _ => Ok(FieldKind::Singular(Ty::Message(MessageRef {
                            go_package: self.go_package(&pkg),
                            name: t.def.ident.to_string(),
                        }))),
                    },
                }
            }
        }
    }
}

/// Collects `use` items as name → full path (globs are ignored: they name no single type).
fn flatten_use(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut BTreeMap<String, Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut full = prefix.clone();
            full.push(n.ident.to_string());
            out.insert(n.ident.to_string(), full);
        }
        syn::UseTree::Rename(r) => {
            let mut full = prefix.clone();
            full.push(r.ident.to_string());
            out.insert(r.rename.to_string(), full);
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, out);
            }
        }
        syn::UseTree::Glob(_) => {}
    }
}

/// One field line of a message.
struct FieldLine {
    docs: Vec<String>,
    decl: String,
}

/// One message of the file.
struct Message {
    name: String,
    docs: Vec<String>,
    fields: Vec<FieldLine>,
}

/// Renders the IDL of one package, or records why it cannot.
fn emit_package(index: &Index<'_>, rel: &Path, types: &[&LoadedType], diagnostics: &mut Vec<String>) -> Option<String> {
    let go_package = index.go_package(rel);
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
                match index.field_kind(&t.file, inner, 0) {
                    Ok(FieldKind::Repeated(ty)) => {
                        vec![FieldLine {
                            docs: Vec::new(),
                            decl: format!("repeated {} items = 1;", type_name(&ty, &mut imports)),
                        }]
                    }
                    Ok(_) => {
                        ok = false;
                        diagnostics.push(located(
                            t,
                            def.ident.span(),
                            &format!("`proto_wrap` newtype `{}` must wrap a `Vec`", def.ident),
                            "remove `proto_wrap` or make the inner type a `Vec<T>`",
                        ));
                        continue;
                    }
                    Err(e) => {
                        ok = false;
                        diagnostics.push(located(t, def.ident.span(), &e, "see docs/type-language.md"));
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
                    let decl = match index.field_kind(&t.file, &f.shape, 0) {
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
        messages.push(Message { name: def.ident.to_string(), docs: def.docs.clone(), fields });
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
        });
    }
    messages.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in messages.windows(2) {
        if pair[0].name == pair[1].name {
            ok = false;
            diagnostics.push(format!(
                "error: two messages named `{}` in the protobuf package of `{}`\n  = note: rename one of the types\n",
                pair[0].name,
                rel.display()
            ));
        }
    }
    if !ok {
        return None;
    }
    imports.remove(&format!("{go_package}/{FILE_NAME}"));
    Some(render(&go_package, &imports, &messages))
}

fn located(t: &LoadedType, span: proc_macro2::Span, message: &str, note: &str) -> String {
    let start = span.start();
    format!("error: {message}\n  --> {}:{}:{}\n  = note: {note}\n", t.file.display(), start.line, start.column + 1)
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

fn render(go_package: &str, imports: &BTreeSet<String>, messages: &[Message]) -> String {
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
        if m.fields.is_empty() {
            let _ = writeln!(out, "message {} {{\n}}", m.name);
            continue;
        }
        let _ = writeln!(out, "message {} {{", m.name);
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
        let packages = BTreeMap::new();
        assert_eq!(go_package_of(&packages, Path::new("admission/v1beta1")), "k8s.io/api/admission/v1beta1");
        assert_eq!(go_package_of(&packages, Path::new("meta/v1")), META_V1);
    }

    #[test]
    fn use_trees_flatten_to_full_paths() {
        let file: syn::File = syn::parse_quote! {
            use crate::meta::v1::{Condition, ListMeta as LM};
            use super::{x::Y, *};
        };
        let mut out = BTreeMap::new();
        for item in &file.items {
            if let syn::Item::Use(u) = item {
                flatten_use(&u.tree, &mut Vec::new(), &mut out);
            }
        }
        let got: Vec<(String, String)> = out.into_iter().map(|(k, v)| (k, v.join("::"))).collect();
        assert_eq!(
            got,
            [
                ("Condition".to_owned(), "crate::meta::v1::Condition".to_owned()),
                ("LM".to_owned(), "crate::meta::v1::ListMeta".to_owned()),
                ("Y".to_owned(), "super::x::Y".to_owned()),
            ]
        );
    }
}
