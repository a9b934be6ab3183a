//! The rules of `compat`: types paired by package and name, fields by Rust name, then JSON name, and each pair checked for the changes seed 003 ("Changing the API") calls incompatible.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kapi_frontend::diagnostics::{Diagnostic, Level, LineCol};
use kapi_frontend::model::{Body, Field, Shape};
use kapi_frontend::universe::{TypeEntry, TypeId, Universe};
use kapi_frontend::validation_markers::{Rule, Tag};
use proc_macro2::Span;

use super::*;

/// A place in one of the two trees: a file and a span there, or the start of a file.
#[derive(Clone, Copy)]
enum At<'a> {
    Span(&'a Path, Span),
    FileStart(&'a Path),
}

impl<'a> At<'a> {
    fn file(self) -> &'a Path {
        match self {
            At::Span(p, _) | At::FileStart(p) => p,
        }
    }

    fn range(self) -> (LineCol, LineCol) {
        match self {
            At::Span(_, s) => {
                let (a, b) = (s.start(), s.end());
                (LineCol { line: a.line, column: a.column }, LineCol { line: b.line, column: b.column })
            }
            At::FileStart(_) => (LineCol { line: 1, column: 0 }, LineCol { line: 1, column: 0 }),
        }
    }
}

/// The types each universe reaches from its kinds' `status` fields and from their other fields,
/// by package and name: validation may tighten on what only status reaches (writers are
/// controllers), and must not loosen on what status reaches (readers rely on it).
#[derive(Default)]
struct Reach {
    status: BTreeSet<(PathBuf, String)>,
    other: BTreeSet<(PathBuf, String)>,
}

impl Reach {
    fn of(u: &Universe) -> Reach {
        let mut reach = Reach::default();
        let mut status: Vec<TypeId> = Vec::new();
        let mut other: Vec<TypeId> = Vec::new();
        for t in u.types.iter().filter(|t| t.def.is_versioned() && t.def.attrs.kind.is_some()) {
            for f in t.def.fields() {
                let into = if f.json_name == "status" { &mut status } else { &mut other };
                named_in(&f.shape, &mut |p| into.extend(u.resolve_def(t.file, p)));
            }
        }
        for (start, set) in [(status, &mut reach.status), (other, &mut reach.other)] {
            let mut seen: BTreeSet<TypeId> = BTreeSet::new();
            let mut stack = start;
            while let Some(id) = stack.pop() {
                if !seen.insert(id) {
                    continue;
                }
                let t = &u.types[id];
                set.insert((t.package.clone(), t.name()));
                let shapes: Vec<&Shape> = match &t.def.body {
                    Body::Struct(fields) => fields.iter().map(|f| &f.shape).collect(),
                    Body::Newtype(shape, _) => vec![&**shape],
                };
                for s in shapes {
                    named_in(s, &mut |p| stack.extend(u.resolve_def(t.file, p)));
                }
            }
        }
        reach
    }

    fn key(t: &TypeEntry) -> (PathBuf, String) {
        (t.package.clone(), t.name())
    }

    fn status_only(&self, t: &TypeEntry) -> bool {
        let k = Reach::key(t);
        self.status.contains(&k) && !self.other.contains(&k)
    }

    fn in_status(&self, t: &TypeEntry) -> bool {
        self.status.contains(&Reach::key(t))
    }
}

/// Every named type a shape holds.
fn named_in(shape: &Shape, found: &mut impl FnMut(&syn::Path)) {
    match shape {
        Shape::Option(s) | Shape::Box(s) | Shape::Vec(s) => named_in(s, found),
        Shape::Map(k, v) => {
            named_in(k, found);
            named_in(v, found);
        }
        Shape::Named(p) => found(p),
        _ => {}
    }
}

/// A shape with `Option` and `Box` removed everywhere and named types by their last segment:
/// what the wire carries (`[]string`, `map[string]Quantity`).
fn wire_type(shape: &Shape) -> String {
    match shape {
        Shape::Option(s) | Shape::Box(s) => wire_type(s),
        Shape::Vec(s) => format!("[]{}", wire_type(s)),
        Shape::Map(k, v) => format!("map[{}]{}", wire_type(k), wire_type(v)),
        Shape::Named(p) => p.segments.last().map(|s| s.ident.to_string()).unwrap_or_default(),
        Shape::String => "string".into(),
        Shape::Bool => "bool".into(),
        Shape::I32 => "int32".into(),
        Shape::I64 => "int64".into(),
        Shape::U32 => "uint32".into(),
        Shape::U64 => "uint64".into(),
        Shape::F32 => "float32".into(),
        Shape::F64 => "float64".into(),
        Shape::Bytes => "[]byte".into(),
    }
}

/// The field's label: `repeated` (a list or map), `optional` (a pointer: `Option`) or `singular`.
fn label(shape: &Shape) -> &'static str {
    match shape {
        Shape::Box(s) => label(s),
        Shape::Option(s) if !matches!(s.peeled(), Shape::Vec(_) | Shape::Map(..)) => "optional",
        s if matches!(s.peeled(), Shape::Vec(_) | Shape::Map(..)) => "repeated",
        _ => "singular",
    }
}

/// A validation tag flattened to the rules it applies, each with where it applies
/// (`eachVal:`, `subfield(name):`, `ifEnabled(Gate):` …; empty for the value itself).
fn flatten<'t>(tag: &'t Tag, ctx: String, out: &mut Vec<(String, &'t Rule)>) {
    match &tag.rule {
        Rule::EachVal(t) => flatten(t, format!("{ctx}eachVal:"), out),
        Rule::EachKey(t) => flatten(t, format!("{ctx}eachKey:"), out),
        Rule::Subfield(name, t) => flatten(t, format!("{ctx}subfield({name}):"), out),
        Rule::Item(keys, t) => {
            let keys: Vec<String> = keys.iter().map(|(k, v)| format!("{k}: {v:?}")).collect();
            flatten(t, format!("{ctx}item({}):", keys.join(", ")), out)
        }
        Rule::IfEnabled(gate, t) => flatten(t, format!("{ctx}ifEnabled({gate}):"), out),
        Rule::IfDisabled(gate, t) => flatten(t, format!("{ctx}ifDisabled({gate}):"), out),
        Rule::IfMode(mode, t) => flatten(t, format!("{ctx}ifMode({mode}):"), out),
        rule => out.push((ctx, rule)),
    }
}

fn flat(tags: &[kapi_frontend::validation_markers::SpannedTag]) -> Vec<(String, &Rule)> {
    let mut out = Vec::new();
    for t in tags {
        flatten(&t.tag, String::new(), &mut out);
    }
    out
}

/// How a validation rule limits values, for telling tighter from looser.
#[derive(Debug, Clone, PartialEq)]
enum Limit {
    /// A lower bound: a larger one is tighter.
    Lower(i128),
    /// An upper bound: a smaller one is tighter.
    Upper(i128),
    /// A value that must match (a format): any change is tighter for some values.
    Exact(String),
    /// A rule that is on or off: on is tighter.
    Flag,
}

/// The constraint a rule puts on values, by a name unique within its context; `None` for rules
/// that are not constraints or that other rules report (required, list semantics, unions).
fn constraint(rule: &Rule) -> Option<(String, Limit)> {
    Some(match rule {
        Rule::Forbidden => ("forbidden".into(), Limit::Flag),
        Rule::Minimum(n) => ("minimum".into(), Limit::Lower(i128::from(*n))),
        Rule::Maximum(n) => ("maximum".into(), Limit::Upper(i128::from(*n))),
        Rule::MaxLength(n) => ("maxLength".into(), Limit::Upper(i128::from(*n))),
        Rule::MaxBytes(n) => ("maxBytes".into(), Limit::Upper(i128::from(*n))),
        Rule::MaxItems(n) => ("maxItems".into(), Limit::Upper(i128::from(*n))),
        Rule::Format(f) => ("format".into(), Limit::Exact(f.clone())),
        Rule::Enum => ("enum".into(), Limit::Flag),
        Rule::Immutable => ("immutable".into(), Limit::Flag),
        Rule::Update(c) => (format!("update={c}"), Limit::Flag),
        Rule::Monotonic => ("monotonic".into(), Limit::Flag),
        Rule::Unique(k) => ("unique".into(), Limit::Exact(format!("{k:?}").to_lowercase())),
        Rule::CustomValidation => ("customValidation".into(), Limit::Flag),
        Rule::DependentRequired(names) => (format!("dependentRequired({})", names.join(", ")), Limit::Flag),
        Rule::DependentForbidden(names) => (format!("dependentForbidden({})", names.join(", ")), Limit::Flag),
        _ => return None,
    })
}

fn describe(key: &str, limit: &Limit) -> String {
    match limit {
        Limit::Lower(n) | Limit::Upper(n) => format!("`+k8s:{key}={n}`"),
        Limit::Exact(v) => format!("`+k8s:{key}={v}`"),
        Limit::Flag => format!("`+k8s:{key}`"),
    }
}

/// The validation changes between two tag lists: (tightened, loosened), each described.
fn validation_changes(
    base: &[kapi_frontend::validation_markers::SpannedTag],
    head: &[kapi_frontend::validation_markers::SpannedTag],
) -> (Vec<String>, Vec<String>) {
    let collect = |tags| -> BTreeMap<(String, String), Limit> {
        flat(tags)
            .into_iter()
            .filter_map(|(ctx, rule)| constraint(rule).map(|(key, limit)| ((ctx, key), limit)))
            .collect()
    };
    let (b, h) = (collect(base), collect(head));
    let (mut tighter, mut looser) = (Vec::new(), Vec::new());
    for ((ctx, key), hl) in &h {
        let at = |s: String| if ctx.is_empty() { s } else { format!("{s} (on {})", ctx.trim_end_matches(':')) };
        match b.get(&(ctx.clone(), key.clone())) {
            None => tighter.push(at(format!("adds {}", describe(key, hl)))),
            Some(bl) if bl == hl => {}
            Some(bl) => {
                let tightened = match (bl, hl) {
                    (Limit::Lower(a), Limit::Lower(b)) => b > a,
                    (Limit::Upper(a), Limit::Upper(b)) => b < a,
                    _ => true,
                };
                let text = at(format!("changes {} to {}", describe(key, bl), describe(key, hl)));
                if tightened { tighter.push(text) } else { looser.push(text) }
            }
        }
    }
    for ((ctx, key), bl) in &b {
        if !h.contains_key(&(ctx.clone(), key.clone())) {
            let s = format!("drops {}", describe(key, bl));
            looser.push(if ctx.is_empty() { s } else { format!("{s} (on {})", ctx.trim_end_matches(':')) });
        }
    }
    (tighter, looser)
}

/// The apply and strategic-merge facts of a field, unset ones at their defaults (a list is
/// atomic, a map or struct granular), so that writing the default out is no change. A
/// `+k8s:listType`/`+k8s:listMapKey` tag says the same as the attribute and stands in for it.
fn list_facts(f: &Field) -> Vec<(&'static str, String)> {
    let a = &f.attrs;
    let tags = flat(&f.validation);
    let top = || tags.iter().filter(|(ctx, _)| ctx.is_empty()).map(|(_, r)| *r);
    let tag_list_type = top().find_map(|r| match r {
        Rule::ListType(k) => Some(format!("{k:?}").to_lowercase()),
        _ => None,
    });
    let tag_keys: Vec<String> = top()
        .filter_map(|r| match r {
            Rule::ListMapKey(k) => Some(k.clone()),
            _ => None,
        })
        .collect();
    let list_type =
        tag_list_type.unwrap_or_else(|| a.list_type.as_ref().map_or("atomic", |(t, _)| t.as_str()).to_owned());
    // Keys mean apply semantics only on a map list; on an atomic one (`+k8s:unique=map`) they
    // say what validation compares, which the `unique` constraint covers.
    let keys = match (list_type.as_str(), tag_keys.is_empty()) {
        ("map", true) => a.list_map_keys.iter().map(|(k, _)| k.clone()).collect(),
        ("map", false) => tag_keys,
        _ => Vec::new(),
    };
    vec![
        ("listType", list_type),
        ("listMapKey", keys.join(",")),
        ("mapType", a.map_type.as_ref().map_or("granular", |(t, _)| t.as_str()).to_owned()),
        ("structType", a.struct_type.as_ref().map_or("granular", |(t, _)| t.as_str()).to_owned()),
        ("patchStrategy", a.patch_strategy.as_ref().map_or("", |(s, _)| s.as_str()).to_owned()),
        ("patchMergeKey", a.patch_merge_key.as_ref().map_or("", |(k, _)| k.as_str()).to_owned()),
    ]
}

fn is_required(f: &Field) -> bool {
    f.attrs.required.is_some() || f.validation.iter().any(|t| matches!(t.tag.rule, Rule::Required))
}

/// Whether a field is a member of its struct's union (`#[kapi(union)]` on the struct, or a
/// `+k8s:unionMember`/`+k8s:zeroOrOneOfMember` tag on the field).
fn is_union_member(union_type: bool, f: &Field) -> bool {
    (union_type && f.attrs.union_discriminator.is_none())
        || f.validation.iter().any(|t| matches!(t.tag.rule, Rule::UnionMember { .. } | Rule::ZeroOrOneOfMember { .. }))
}

/// Whether a field is on the wire at all (fields with neither JSON nor protobuf form are not).
fn on_wire(f: &Field) -> bool {
    f.in_json() || f.in_proto()
}

/// The version a package serves: its kinds' `version`, else its last path component.
fn version_of(u: &Universe, package: &Path) -> String {
    u.types_in(package)
        .find_map(|t| t.def.attrs.version.as_ref().map(|(v, _)| v.clone()))
        .or_else(|| package.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default()
}

fn type_id(u: &Universe, package: &Path, name: &str) -> Option<TypeId> {
    u.type_ids_in(package).find(|&id| u.types[id].name() == name)
}

/// The package as findings name it: `/`-separated whatever the platform.
fn package_name(p: &Path) -> String {
    p.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// The versions of each kind of each group: group → kind → versions.
fn group_versions(u: &Universe) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let mut out: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for t in u.types.iter().filter(|t| t.def.is_versioned()) {
        let (Some(kind), Some((group, _)), Some((version, _))) = (t.kind(), &t.def.attrs.group, &t.def.attrs.version)
        else {
            continue;
        };
        out.entry(group.clone()).or_default().entry(kind).or_default().insert(version.clone());
    }
    out
}

pub(super) struct Comparison<'a> {
    base: &'a Universe,
    head: &'a Universe,
    head_reach: Reach,
    findings: Vec<Finding>,
}

impl<'a> Comparison<'a> {
    pub(super) fn new(base: &'a Universe, head: &'a Universe) -> Self {
        Comparison { base, head, head_reach: Reach::of(head), findings: Vec::new() }
    }

    pub(super) fn run(mut self) -> Vec<Finding> {
        let removed = self.removed_versions();
        for tb in self.base.types.iter().filter(|t| t.def.is_versioned()) {
            if removed.contains(&tb.package) {
                continue;
            }
            match self.head.type_named(&tb.package, &tb.name()) {
                Some(th) if th.def.is_versioned() => self.compare_types(tb, th),
                _ => self.kind_gone(tb, None),
            }
        }
        self.defaults_across_versions();
        self.new_versions();
        self.findings
    }

    fn level(&self, package: &Path) -> Level {
        let u = if self.head.packages.contains_key(package) { self.head } else { self.base };
        Stability::of_version(&version_of(u, package)).level()
    }

    fn push(&mut self, rule: &'static str, subject: String, level: Level, message: String, places: Places<'_>) {
        let (primary, label) = places.primary;
        let (start, end) = primary.range();
        let mut d = Diagnostic { file: Some(primary.file().to_path_buf()), start, end, ..Diagnostic::global(message) }
            .label(label);
        d.level = level;
        if let Some((at, label)) = places.related {
            let (start, end) = at.range();
            d.related.push(kapi_frontend::diagnostics::Related {
                file: at.file().to_path_buf(),
                start,
                end,
                label: Some(label),
            });
        }
        d.notes.extend(places.notes);
        self.findings.push(Finding { rule, subject, diagnostic: d });
    }

    fn at_type(u: &'a Universe, t: &TypeEntry) -> At<'a> {
        At::Span(&u.file(t.file).path, t.def.ident.span())
    }

    /// Versions (packages with versioned kinds) that the head no longer has: each must have had
    /// every kind's removal written in its lifecycle markers.
    fn removed_versions(&mut self) -> BTreeSet<PathBuf> {
        let mut removed = BTreeSet::new();
        for pkg in self.base.packages.values() {
            let kinds: Vec<&TypeEntry> =
                self.base.types_in(&pkg.rel).filter(|t| t.def.is_versioned() && t.kind().is_some()).collect();
            if kinds.is_empty() || self.head.types_in(&pkg.rel).next().is_some() {
                continue;
            }
            removed.insert(pkg.rel.clone());
            let version = version_of(self.base, &pkg.rel);
            let unmarked: Vec<String> = kinds
                .iter()
                .filter(|t| t.def.markers.lifecycle.resolve(&version).and_then(|l| l.removed).is_none())
                .filter_map(|t| t.kind())
                .collect();
            if unmarked.is_empty() {
                continue;
            }
            let base_file = &self.base.file(pkg.mod_file).path;
            let at = pkg.markers.group_name.as_ref().map_or(At::FileStart(base_file), |g| At::Span(base_file, g.span));
            let name = package_name(&pkg.rel);
            let level = Stability::of_version(&version).level();
            self.push(
                VERSION_REMOVED,
                name.clone(),
                level,
                format!("version `{name}` was removed, but {} kind(s) say nothing of their removal: {}", unmarked.len(), unmarked.join(", ")),
                Places {
                    primary: (at, "the version was here".into()),
                    related: None,
                    notes: vec![format!(
                        "a version is removed on the deprecation schedule: mark each kind `+k8s:prerelease-lifecycle-gen:introduced=`/`deprecated=`/`removed=` (prerelease versions get `removed` three releases after deprecation) and remove it in that release"
                    )],
                },
            );
        }
        removed
    }

    /// A base type the head does not have (or no longer has as a kind of that name): a finding
    /// if it was a kind whose removal its lifecycle does not announce. `renamed` is the head's
    /// kind name when the type is still there under another kind name.
    fn kind_gone(&mut self, tb: &TypeEntry, renamed: Option<(&TypeEntry, String)>) {
        let Some(kind) = tb.kind() else { return };
        let version = version_of(self.base, &tb.package);
        if tb.def.markers.lifecycle.resolve(&version).and_then(|l| l.removed).is_some() {
            return;
        }
        let pkg = package_name(&tb.package);
        let base_at = Self::at_type(self.base, tb);
        let head_mod = self.head.packages.get(&tb.package).map(|p| &self.head.file(p.mod_file).path);
        let (message, primary) = match (&renamed, head_mod) {
            (Some((th, new)), _) => (
                format!("kind `{kind}` of `{pkg}` was renamed to `{new}`"),
                (Self::at_type(self.head, th), format!("now kind `{new}`")),
            ),
            (None, Some(path)) => (
                format!("kind `{kind}` was removed from `{pkg}`"),
                (At::FileStart(path), format!("no `{kind}` here any more")),
            ),
            (None, None) => (format!("kind `{kind}` was removed from `{pkg}`"), (base_at, "was here".into())),
        };
        let level = self.level(&tb.package);
        self.push(
            KIND_REMOVED,
            format!("{pkg}/{}", tb.name()),
            level,
            message,
            Places {
                primary,
                related: Some((base_at, "the kind at the base".into())),
                notes: vec![format!(
                    "clients and stored objects use `{kind}` of this version; keep it until its lifecycle markers (`+k8s:prerelease-lifecycle-gen:removed=`) say it is removed"
                )],
            },
        );
    }

    fn compare_types(&mut self, tb: &TypeEntry, th: &TypeEntry) {
        match (tb.kind(), th.kind()) {
            (Some(a), Some(b)) if a != b => self.kind_gone(tb, Some((th, b))),
            (Some(_), None) => self.kind_gone(tb, Some((th, format!("{} (not a kind)", th.name())))),
            _ => {}
        }
        let pkg = package_name(&tb.package);
        let subject = format!("{pkg}/{}", tb.name());
        let level = self.level(&tb.package);
        let (bat, hat) = (Self::at_type(self.base, tb), Self::at_type(self.head, th));
        match (&tb.def.body, &th.def.body) {
            (Body::Newtype(bs, _), Body::Newtype(hs, _)) => {
                let (bw, hw) = (wire_type(bs), wire_type(hs));
                if bw != hw || label(bs) != label(hs) {
                    self.push(
                        TYPE_CHANGED,
                        subject.clone(),
                        level,
                        format!("`{}` changed from a newtype over `{bw}` to one over `{hw}`", th.name()),
                        Places::both(hat, bat, "now", "at the base")
                            .note("values already stored and sent no longer decode"),
                    );
                }
            }
            (Body::Struct(_), Body::Struct(_)) => self.compare_fields(tb, th),
            _ => self.push(
                TYPE_CHANGED,
                subject.clone(),
                level,
                format!("`{}` changed between a struct and a newtype", th.name()),
                Places::both(hat, bat, "now", "at the base").note("values already stored and sent no longer decode"),
            ),
        }
        self.compare_enums(tb, th, &subject, level);
        let (tighter, looser) = validation_changes(&tb.def.validation, &th.def.validation);
        self.validation_findings(th, tighter, looser, subject, level, Places::both(hat, bat, "now", "at the base"));
    }

    fn validation_findings(
        &mut self,
        th: &TypeEntry,
        tighter: Vec<String>,
        looser: Vec<String>,
        subject: String,
        level: Level,
        places: Places<'_>,
    ) {
        if !tighter.is_empty() && !self.head_reach.status_only(th) {
            self.push(
                VALIDATION_TIGHTENED,
                subject.clone(),
                level,
                format!("validation of `{subject}` tightened: {}", tighter.join("; ")),
                places
                    .clone()
                    .note("requests that were valid must stay valid; only status that controllers write may tighten"),
            );
        }
        if !looser.is_empty() && self.head_reach.in_status(th) {
            self.push(
                VALIDATION_LOOSENED,
                subject.clone(),
                level,
                format!("validation of `{subject}`, which clients read in status, loosened: {}", looser.join("; ")),
                places.note("clients that read status rely on values staying within the old rules"),
            );
        }
    }

    fn compare_enums(&mut self, tb: &TypeEntry, th: &TypeEntry, subject: &str, level: Level) {
        let (Some(bid), Some(hid)) =
            (type_id(self.base, &tb.package, &tb.name()), type_id(self.head, &th.package, &th.name()))
        else {
            return;
        };
        let (Some(bv), Some(hv)) = (self.base.enum_values(bid), self.head.enum_values(hid)) else { return };
        let open = tb.def.markers.enum_marker.as_ref().is_some_and(|m| m.open.is_some());
        let (base_file, head_file) = (&self.base.file(tb.file).path, &self.head.file(th.file).path);
        for v in &hv.values {
            if !open && !bv.values.iter().any(|b| b.value == v.value) {
                self.push(
                    ENUM_VALUE_ADDED,
                    format!("{subject}={}", v.value),
                    level,
                    format!("value `{}` was added to enum `{}`, whose set of values is closed", v.value, th.name()),
                    Places::both(At::Span(head_file, v.span), Self::at_type(self.base, tb), "new value", "the enum at the base")
                        .note("clients that handle every known value fail on a new one; an enum that expects new values says so from its first release with `+enum:open`"),
                );
            }
        }
        for v in &bv.values {
            if !hv.values.iter().any(|h| h.value == v.value) {
                self.push(
                    ENUM_VALUE_REMOVED,
                    format!("{subject}={}", v.value),
                    level,
                    format!("value `{}` was removed from enum `{}`", v.value, th.name()),
                    Places::both(
                        Self::at_type(self.head, th),
                        At::Span(base_file, v.span),
                        "no longer has it",
                        "the value at the base",
                    )
                    .note("stored objects and clients still use it; keep it as a deprecated but accepted value"),
                );
            }
        }
    }

    fn compare_fields(&mut self, tb: &TypeEntry, th: &TypeEntry) {
        let bf: Vec<&Field> = tb.def.fields().iter().filter(|f| on_wire(f)).collect();
        let hf: Vec<&Field> = th.def.fields().iter().filter(|f| on_wire(f)).collect();
        let mut partner: Vec<Option<usize>> = vec![None; bf.len()];
        let mut taken = vec![false; hf.len()];
        // By Rust name, then by JSON name. Not by protobuf number: a field renamed in both is a
        // field removed and another that takes its number, and is reported as such.
        let passes: [fn(&Field, &Field) -> bool; 2] =
            [|b, h| b.ident == h.ident, |b, h| b.in_json() && h.in_json() && b.json_name == h.json_name];
        for same in passes {
            for (i, b) in bf.iter().enumerate() {
                if partner[i].is_some() {
                    continue;
                }
                if let Some(j) = (0..hf.len()).find(|&j| !taken[j] && same(b, hf[j])) {
                    partner[i] = Some(j);
                    taken[j] = true;
                }
            }
        }
        let pkg = package_name(&tb.package);
        let level = self.level(&tb.package);
        let (base_file, head_file) = (&self.base.file(tb.file).path, &self.head.file(th.file).path);
        let (bunion, hunion) = (tb.def.attrs.union.is_some(), th.def.attrs.union.is_some());
        for (i, b) in bf.iter().enumerate() {
            let subject = format!("{pkg}/{}.{}", tb.name(), b.json_name);
            let bat = At::Span(base_file, b.ident.span());
            let Some(j) = partner[i] else {
                let member = is_union_member(bunion, b);
                let (rule, what) =
                    if member { (UNION_MEMBER_REMOVED, "union member") } else { (FIELD_REMOVED, "field") };
                self.push(
                    rule,
                    subject,
                    level,
                    format!("{what} `{}` of `{}` was removed or renamed", b.json_name, tb.name()),
                    Places::both(Self::at_type(self.head, th), bat, &format!("no `{}` any more", b.json_name), "the field at the base").note(if member {
                        "clients that set this member lose their way to say it; removing a union member follows the deprecation process"
                    } else {
                        "clients that send or read it break and stored values are dropped; keep the field (deprecate it in its docs) or allow the break with a reason"
                    }),
                );
                continue;
            };
            let h = hf[j];
            let hat = At::Span(head_file, h.ident.span());
            let places = Places::both(hat, bat, "now", "at the base");
            let name = &b.json_name;
            let ty = tb.name();
            if b.in_json() != h.in_json() || (b.in_json() && b.json_name != h.json_name) {
                let message = if h.in_json() {
                    format!("the JSON name of field `{name}` of `{ty}` changed to `{}`", h.json_name)
                } else {
                    format!("field `{name}` of `{ty}` is no longer in JSON")
                };
                self.push(
                    JSON_NAME_CHANGED,
                    subject.clone(),
                    level,
                    message,
                    places.clone().note(
                        "JSON clients and stored objects use the old name; add a field under the new name instead",
                    ),
                );
            }
            let proto_types = tb.def.attrs.json_only.is_none() && th.def.attrs.json_only.is_none();
            if proto_types && let Some(n) = b.attrs.proto.filter(|_| b.in_proto()) {
                let now = h.attrs.proto.filter(|_| h.in_proto());
                if now != Some(n) {
                    let message = match now {
                        Some(m) => format!("the protobuf number of field `{name}` of `{ty}` changed from {n} to {m}"),
                        None => format!("field `{name}` of `{ty}` (protobuf number {n}) is no longer in protobuf"),
                    };
                    self.push(
                        PROTO_NUMBER_CHANGED,
                        subject.clone(),
                        level,
                        message,
                        places.clone().note("protobuf clients and stored objects carry the field under its old number"),
                    );
                }
            }
            let (bl, hl) = (label(&b.shape), label(&h.shape));
            let (bw, hw) = (wire_type(&b.shape), wire_type(&h.shape));
            if bl != hl {
                self.push(
                    LABEL_CHANGED,
                    subject.clone(),
                    level,
                    format!("field `{name}` of `{ty}` changed from {bl} to {hl}"),
                    places.clone().note(
                        "the wire form and the meaning of unset change with it; add a field of the new form instead",
                    ),
                );
            } else if bw != hw {
                self.push(
                    TYPE_CHANGED,
                    subject.clone(),
                    level,
                    format!("the type of field `{name}` of `{ty}` changed from `{bw}` to `{hw}`"),
                    places
                        .clone()
                        .note("values already stored and sent no longer decode; add a field of the new type instead"),
                );
            }
            let changed: Vec<String> = list_facts(b)
                .into_iter()
                .zip(list_facts(h))
                .filter(|((_, x), (_, y))| x != y)
                .map(|((fact, x), (_, y))| format!("{fact} `{x}` → `{y}`"))
                .collect();
            if !changed.is_empty() {
                self.push(
                    LIST_SEMANTICS_CHANGED,
                    subject.clone(),
                    level,
                    format!("the merge semantics of field `{name}` of `{ty}` changed: {}", changed.join(", ")),
                    places
                        .clone()
                        .note("server-side apply and strategic merge patches that worked merge differently or fail"),
                );
            }
            if !is_required(b) && is_required(h) {
                self.push(
                    FIELD_MADE_REQUIRED,
                    subject.clone(),
                    level,
                    format!("field `{name}` of `{ty}` was made required"),
                    places.clone().note("requests that left it out were valid and must stay valid"),
                );
            }
            let (bd, hd) = (b.attrs.default.as_ref().map(|d| d.0.trim()), h.attrs.default.as_ref().map(|d| d.0.trim()));
            if bd != hd {
                let message = match (bd, hd) {
                    (None, Some(v)) => format!("field `{name}` of `{ty}` got a default, {v}"),
                    (Some(v), None) => format!("field `{name}` of `{ty}` lost its default, {v}"),
                    (Some(a), Some(v)) => format!("the default of field `{name}` of `{ty}` changed from {a} to {v}"),
                    (None, None) => unreachable!("the defaults differ"),
                };
                self.push(DEFAULT_CHANGED, subject.clone(), level, message, places.clone().note("objects written without the field now mean something else; the meaning of unset is part of the API"));
            }
            if is_union_member(bunion, b) && !is_union_member(hunion, h) {
                self.push(
                    UNION_MEMBER_REMOVED,
                    subject.clone(),
                    level,
                    format!("field `{name}` of `{ty}` is no longer a member of its union"),
                    places.clone().note("removing a union member follows the deprecation process"),
                );
            }
            let (tighter, looser) = validation_changes(&b.validation, &h.validation);
            self.validation_findings(th, tighter, looser, subject.clone(), level, places);
        }
        for (j, h) in hf.iter().enumerate() {
            if !taken[j] && is_required(h) {
                self.push(
                    REQUIRED_FIELD_ADDED,
                    format!("{pkg}/{}.{}", th.name(), h.json_name),
                    level,
                    format!("new field `{}` of `{}` is required", h.json_name, th.name()),
                    Places::both(
                        At::Span(head_file, h.ident.span()),
                        Self::at_type(self.base, tb),
                        "new and required",
                        "the type at the base",
                    )
                    .note("requests from clients that do not know the field fail; add it as optional with a default"),
                );
            }
        }
        if tb.def.attrs.json_only.is_none() && th.def.attrs.json_only.is_none() {
            self.proto_numbers(tb, th, &bf, &hf, &partner);
        }
    }

    /// Protobuf numbers: a number the base used (by a field or `proto_reserved`) is never taken
    /// by another field, and one no field carries on stays reserved.
    fn proto_numbers(
        &mut self,
        tb: &TypeEntry,
        th: &TypeEntry,
        bf: &[&Field],
        hf: &[&Field],
        partner: &[Option<usize>],
    ) {
        let pkg = package_name(&tb.package);
        let level = self.level(&tb.package);
        let (base_file, head_file) = (&self.base.file(tb.file).path, &self.head.file(th.file).path);
        let base_numbers: BTreeMap<u32, &Field> =
            bf.iter().filter(|f| f.in_proto()).filter_map(|f| f.attrs.proto.map(|n| (n, *f))).collect();
        let base_reserved: BTreeMap<u32, Span> = tb.def.attrs.proto_reserved.iter().copied().collect();
        let head_reserved: BTreeSet<u32> = th.def.attrs.proto_reserved.iter().map(|(n, _)| *n).collect();
        let continuing: BTreeSet<u32> = partner
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|j| (bf[i], hf[j])))
            .filter(|(b, h)| b.in_proto() && h.in_proto() && b.attrs.proto == h.attrs.proto)
            .filter_map(|(b, _)| b.attrs.proto)
            .collect();
        let mut reused = BTreeSet::new();
        for h in hf.iter().filter(|h| h.in_proto()) {
            let Some(n) = h.attrs.proto else { continue };
            if continuing.contains(&n) {
                continue;
            }
            let was = match (base_numbers.get(&n), base_reserved.get(&n)) {
                (Some(b), _) => (At::Span(base_file, b.ident.span()), format!("field `{}` had {n}", b.json_name)),
                (None, Some(span)) => (At::Span(base_file, *span), format!("{n} reserved at the base")),
                (None, None) => continue,
            };
            reused.insert(n);
            self.push(
                PROTO_NUMBER_REUSED,
                format!("{pkg}/{}#{n}", th.name()),
                level,
                format!("field `{}` of `{}` takes protobuf number {n}, which the base gave another field", h.json_name, th.name()),
                Places {
                    primary: (At::Span(head_file, h.attrs.proto_span.unwrap_or_else(|| h.ident.span())), "reused".into()),
                    related: Some(was),
                    notes: vec![format!(
                        "old clients and stored objects read number {n} as the old field; give this field a number never used in `{}`",
                        th.name()
                    )],
                },
            );
        }
        let retired: BTreeSet<u32> = base_numbers.keys().chain(base_reserved.keys()).copied().collect();
        for n in retired {
            if continuing.contains(&n) || head_reserved.contains(&n) || reused.contains(&n) {
                continue;
            }
            let was = match base_numbers.get(&n) {
                Some(b) => (At::Span(base_file, b.ident.span()), format!("field `{}` had {n}", b.json_name)),
                None => (At::Span(base_file, base_reserved[&n]), format!("{n} reserved at the base")),
            };
            self.push(
                PROTO_NUMBER_NOT_RESERVED,
                format!("{pkg}/{}#{n}", th.name()),
                level,
                format!("protobuf number {n} of `{}` is retired but not reserved", th.name()),
                Places {
                    primary: (Self::at_type(self.head, th), format!("add `#[kapi(proto_reserved({n}))]`")),
                    related: Some(was),
                    notes: vec![
                        "a reserved number is never handed out again (`check` refuses it and skips it when naming the next free number)".into(),
                    ],
                },
            );
        }
    }

    /// Fields of one internal type's versions that some versions default and others do not,
    /// where the base had no such disagreement.
    fn defaults_across_versions(&mut self) {
        /// (hub package, type, field).
        type FieldKey = (PathBuf, String, String);
        /// Every version's type and field.
        type Versions<'u> = Vec<(&'u TypeEntry, &'u Field)>;
        /// (hub package, type, field) → every version's (type, field) with its default.
        fn table(u: &Universe) -> BTreeMap<FieldKey, Versions<'_>> {
            let mut out: BTreeMap<_, Vec<_>> = BTreeMap::new();
            for t in u.types.iter().filter(|t| t.def.is_versioned()) {
                let Some(hub) = u.hub_type_of(t) else { continue };
                for f in t.def.fields() {
                    out.entry((hub.package.clone(), hub.name(), f.ident.to_string())).or_default().push((t, f));
                }
            }
            out.retain(|_, v| {
                v.len() > 1
                    && v.iter().any(|(_, f)| f.attrs.default.is_some())
                    && v.iter().any(|(_, f)| f.attrs.default.is_none())
            });
            out
        }
        let before = table(self.base);
        let mut found = Vec::new();
        for (key, versions) in table(self.head) {
            if before.contains_key(&key) {
                continue;
            }
            let Some((dt, df)) = versions.iter().find(|(_, f)| f.attrs.default.is_some()) else { continue };
            for (t, f) in versions.iter().filter(|(_, f)| f.attrs.default.is_none()) {
                found.push((
                    format!("{}/{}.{}", package_name(&t.package), t.name(), f.json_name),
                    self.level(&t.package).min(self.level(&dt.package)),
                    format!(
                        "field `{}` of `{}` has no default in `{}` but has one in `{}`",
                        f.json_name,
                        t.name(),
                        package_name(&t.package),
                        package_name(&dt.package)
                    ),
                    (&self.head.file(t.file).path, f.ident.span()),
                    (&self.head.file(dt.file).path, df.ident.span()),
                ));
            }
        }
        for (subject, level, message, (hp, hs), (dp, ds)) in found {
            self.push(
                DEFAULT_NOT_IN_ALL_VERSIONS,
                subject,
                level,
                message,
                Places {
                    primary: (At::Span(hp, hs), "no default here".into()),
                    related: Some((At::Span(dp, ds), "defaulted here".into())),
                    notes: vec!["a field defaulted in one version needs a default meaning the same in every version (an unset value would change meaning across a round trip)".into()],
                },
            );
        }
    }

    /// A version added in this change must not become the group's preferred version, nor any
    /// kind's storage version.
    fn new_versions(&mut self) {
        let (before, after) = (group_versions(self.base), group_versions(self.head));
        let mut found = Vec::new();
        for (group, kinds) in &after {
            let Some(old_kinds) = before.get(group) else { continue };
            let old: BTreeSet<&String> = old_kinds.values().flatten().collect();
            let now: BTreeSet<&String> = kinds.values().flatten().collect();
            let (Some(preferred), Some(old_preferred)) = (
                now.iter().min_by_key(|v| crate::emit::crd::version_order(v)),
                old.iter().min_by_key(|v| crate::emit::crd::version_order(v)),
            ) else {
                continue;
            };
            if old.contains(preferred) {
                continue;
            }
            let in_version = |u: &'a Universe, v: &str| {
                u.types.iter().find(|t| {
                    t.def.is_versioned()
                        && t.kind().is_some()
                        && t.def.attrs.group.as_ref().is_some_and(|g| &g.0 == group)
                        && t.def.attrs.version.as_ref().is_some_and(|x| x.0 == v)
                })
            };
            if let (Some(h), Some(b)) = (in_version(self.head, preferred), in_version(self.base, old_preferred)) {
                found.push((
                    NEW_VERSION_PREFERRED,
                    package_name(&h.package),
                    Stability::of_version(preferred).level(),
                    format!("new version `{preferred}` becomes the preferred version of group `{group}` in the change that adds it"),
                    (Self::at_type(self.head, h), format!("`{preferred}` is new")),
                    (Self::at_type(self.base, b), format!("`{old_preferred}` was preferred")),
                ));
            }
        }
        for t in self.head.types.iter().filter(|t| t.def.is_versioned()) {
            let (Some(kind), Some(crd), Some((group, _)), Some((version, _))) =
                (t.kind(), &t.def.markers.crd, &t.def.attrs.group, &t.def.attrs.version)
            else {
                continue;
            };
            if !crd.storage_version {
                continue;
            }
            let Some(old) = before.get(group).and_then(|k| k.get(&kind)) else { continue };
            if old.contains(version) {
                continue;
            }
            let Some(b) = self.base.types.iter().find(|b| {
                b.kind().as_deref() == Some(kind.as_str())
                    && b.def.attrs.group.as_ref().is_some_and(|g| &g.0 == group)
                    && b.def.markers.crd.as_ref().is_some_and(|c| c.storage_version)
            }) else {
                continue;
            };
            found.push((
                NEW_VERSION_STORAGE,
                format!("{}/{}", package_name(&t.package), t.name()),
                Level::Error,
                format!("new version `{version}` of `{kind}` becomes its storage version in the change that adds it"),
                (At::Span(&self.head.file(t.file).path, crd.span), "storage in its first release".into()),
                (Self::at_type(self.base, b), "the storage version at the base".into()),
            ));
        }
        for (rule, subject, level, message, primary, related) in found {
            let note = if rule == NEW_VERSION_STORAGE {
                "a server rolled back to the previous release cannot read objects stored in a version it does not know; store the new version one release later"
            } else {
                "clients that follow the preferred version would use one the previous release does not serve; prefer it one release later"
            };
            self.push(
                rule,
                subject,
                level,
                message,
                Places { primary, related: Some(related), notes: vec![note.into()] },
            );
        }
    }
}

/// Where a finding points: the primary place with its label, the related one, the notes.
#[derive(Clone)]
struct Places<'a> {
    primary: (At<'a>, String),
    related: Option<(At<'a>, String)>,
    notes: Vec<String>,
}

impl<'a> Places<'a> {
    fn both(head: At<'a>, base: At<'a>, head_label: &str, base_label: &str) -> Self {
        Places {
            primary: (head, head_label.to_owned()),
            related: Some((base, base_label.to_owned())),
            notes: Vec::new(),
        }
    }

    fn note(mut self, note: &str) -> Self {
        self.notes.push(note.to_owned());
        self
    }
}
