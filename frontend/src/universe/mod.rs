//! The universe: one model of a whole API tree, built once (packages with typed markers, files, types, hand-written functions, aliases and `use` items), with the one resolver and the diagnostics every generator shares.

mod depth;
mod handwritten;
mod outline;
mod resolve;
pub mod scan;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::ctxt::Ctxt;
use crate::diagnostics::Diagnostic;
use crate::enums::{self, EnumValues};
use crate::markers::{self, PackageMarkers};
use crate::model::TypeDef;

pub use handwritten::{Convention, Direction, HandWritten};
pub use resolve::{Resolved, SPECIAL_TYPES, SpecialType, special_type};
pub use scan::{FnDef, derives_kapi, types_in_file, types_in_source};

/// An index into [`Universe::files`].
pub type FileId = usize;
/// An index into [`Universe::types`].
pub type TypeId = usize;

/// One source file of the tree.
#[derive(Debug)]
pub struct SourceFile {
    /// The path under the tree's root, as read; diagnostics name the file by it.
    pub path: PathBuf,
    /// The file's text as read; diagnostics quote their source lines from it.
    pub source: String,
    /// The package (directory relative to the root, without a leading `src/`) the file is in.
    pub package: PathBuf,
    /// The file's module path below the crate root (`["admissionregistration", "v1", "types"]`).
    pub module: Vec<String>,
    /// The `#[path = "..."]` of each top-level `mod` item, as written, with its span.
    pub module_paths: Vec<(String, proc_macro2::Span)>,
    uses: BTreeMap<String, Vec<String>>,
}

impl SourceFile {
    /// The file name without `.rs` (`types`, `mod`).
    pub fn stem(&self) -> &str {
        self.path.file_stem().and_then(|s| s.to_str()).unwrap_or_default()
    }
}

/// A package: a directory with a `mod.rs`.
#[derive(Debug)]
pub struct Package {
    /// The module path below the crate root (the directory below the crate's `src/`, see
    /// [`package_rel`]); also the path of its generated code under its output folder.
    pub rel: PathBuf,
    /// The folder, relative to the root, of the crate inside the tree whose `src/` holds the
    /// package (`workloads` for `workloads/src/apps`); empty when the package belongs to the crate
    /// of the root itself. Its generated code goes to that crate's own output folder.
    pub krate: PathBuf,
    /// The directory on disk (the `mod.rs`'s parent, under the tree's root).
    pub dir: PathBuf,
    /// The `mod.rs`.
    pub mod_file: FileId,
    /// The `//!` markers of the `mod.rs` (`+groupName=`, `+conversionGen=`).
    pub markers: PackageMarkers,
    /// The hub packages `+conversionGen=` names, resolved (those that do not resolve are reported).
    pub hubs: Vec<PathBuf>,
}

impl Package {
    /// The API group, if the package declares one.
    pub fn group(&self) -> Option<&str> {
        self.markers.group_name.as_ref().map(|m| m.value.as_str())
    }
}

/// One API type and where it is.
#[derive(Debug)]
pub struct TypeEntry {
    /// The file the type is defined in.
    pub file: FileId,
    /// The package the file is in, a key of [`Universe::packages`] (its [`Package::rel`]).
    pub package: PathBuf,
    /// The type's model, built and checked by the front-end.
    pub def: TypeDef,
}

impl TypeEntry {
    /// The type's name.
    pub fn name(&self) -> String {
        self.def.ident.to_string()
    }

    /// The kind name, if the type is a kind.
    pub fn kind(&self) -> Option<String> {
        self.def.attrs.kind.as_ref().map(|(k, _)| k.clone().unwrap_or_else(|| self.name()))
    }
}

/// A `pub type X = path;` item.
#[derive(Debug)]
struct Alias {
    file: FileId,
    target: Vec<String>,
}

/// The whole tree, read and checked once.
#[derive(Debug, Default)]
pub struct Universe {
    /// The directory the tree was read from; package paths are relative to it.
    pub root: PathBuf,
    /// Every `.rs` file, in sorted path order (files that failed to parse included, with no
    /// types), indexed by [`FileId`].
    pub files: Vec<SourceFile>,
    /// The packages by [`Package::rel`], sorted so that output follows path order.
    pub packages: BTreeMap<PathBuf, Package>,
    /// Every `#[derive(Kapi)]` type, file by file in path order and within a file in
    /// declaration order, indexed by [`TypeId`].
    pub types: Vec<TypeEntry>,
    /// The hand-written functions that follow a convention, checked.
    pub hand_written: Vec<HandWritten>,
    /// Every problem found while loading.
    pub diagnostics: Vec<Diagnostic>,
    /// The name of the crate the tree belongs to (from `Cargo.toml` at the root or above it), as
    /// a Rust identifier; generated code that lives outside the crate names it.
    pub crate_name: Option<String>,
    /// By package, then name: looked up without building a key.
    aliases: BTreeMap<PathBuf, BTreeMap<String, Alias>>,
    /// The values of every `+enum` type.
    enums: BTreeMap<TypeId, EnumValues>,
    by_name: BTreeMap<PathBuf, BTreeMap<String, TypeId>>,
    by_package: BTreeMap<PathBuf, Vec<TypeId>>,
}

/// The start of the first line of every file kapi-codegen writes.
pub const GENERATED_MARK: &str = "// @generated by kapi-codegen";

/// Whether a file is one kapi-codegen wrote: output, never read as part of a tree (a crate's
/// `generated/` folder may lie inside the tree, as kapi-api's parts have theirs).
pub fn is_generated(source: &str) -> bool {
    source.starts_with(GENERATED_MARK)
}

/// Whether a walk of a tree has reached a build output folder: a crate inside the tree may have
/// built into its own `target/`, which is never part of the tree.
pub fn is_build_output(entry: &walkdir::DirEntry) -> bool {
    entry.depth() > 0 && entry.file_type().is_dir() && entry.file_name() == "target"
}

/// A package's module path: its directory relative to the root, after the first `src`
/// component when there is one. A tree is a crate's `src/` itself (`--root src`), a crate whose
/// modules are under `src/` (`--root api`), or a folder of crates each with its `src/`
/// (`workloads/src/apps/v1` is the package `apps/v1` of the crate in `workloads/`).
pub fn package_rel(root: &Path, dir: &Path) -> PathBuf {
    split_package(root, dir).1
}

/// The crate folder (see [`Package::krate`]) and the module path of a package directory.
pub fn split_package(root: &Path, dir: &Path) -> (PathBuf, PathBuf) {
    let rel = dir.strip_prefix(root).unwrap_or(dir);
    let parts: Vec<_> = rel.components().collect();
    match parts.iter().position(|c| c.as_os_str() == "src") {
        Some(at) => (parts[..at].iter().collect(), parts[at + 1..].iter().collect()),
        None => (PathBuf::new(), rel.to_path_buf()),
    }
}

/// `crate::<module>::...[::<item>]`, built as the parser would build it from that text (these
/// paths are made for every type reference the generators write, so they are not parsed).
fn crate_path<'a>(module: impl Iterator<Item = std::borrow::Cow<'a, str>>, item: Option<&syn::Ident>) -> syn::Path {
    let span = proc_macro2::Span::call_site();
    let mut segments: syn::punctuated::Punctuated<syn::PathSegment, syn::Token![::]> =
        std::iter::once(syn::PathSegment::from(syn::Ident::new("crate", span))).collect();
    segments.extend(module.map(|m| syn::PathSegment::from(quote::format_ident!("{}", m.as_ref()))));
    segments.extend(item.cloned().map(syn::PathSegment::from));
    syn::Path { leading_colon: None, segments }
}

fn components(p: &Path) -> Vec<String> {
    p.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect()
}

/// The files of a tree as read from disk, before anything is parsed: what every thread that
/// builds its own [`Universe`] of the same tree starts from, so that all of them see the same
/// bytes even if a file changes while they work.
#[derive(Debug, Clone, Default)]
pub struct SourceTree {
    /// The directory that was read.
    pub root: PathBuf,
    /// Every `.rs` file under the root with its text, in sorted path order.
    pub sources: Vec<(PathBuf, String)>,
    /// What could not be read.
    pub diagnostics: Vec<Diagnostic>,
    /// The crate name, from `Cargo.toml` at the root or above it.
    pub crate_name: Option<String>,
}

impl SourceTree {
    /// Reads every `.rs` file under `root` in sorted order (so everything built from it is
    /// deterministic) and the crate's name.
    pub fn read(root: &Path) -> SourceTree {
        let mut diagnostics = Vec::new();
        let mut paths: Vec<PathBuf> = Vec::new();
        for entry in walkdir::WalkDir::new(root).sort_by_file_name().into_iter().filter_entry(|e| !is_build_output(e)) {
            match entry {
                Ok(e) if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs") => {
                    paths.push(e.into_path())
                }
                Ok(_) => {}
                Err(err) => diagnostics.push(Diagnostic::global(format!(
                    "cannot read {}: {err}",
                    err.path().map(|p| p.display().to_string()).unwrap_or_default()
                ))),
            }
        }
        paths.sort();
        let mut sources = Vec::new();
        for path in paths {
            match std::fs::read_to_string(&path) {
                Ok(s) if is_generated(&s) => {}
                Ok(s) => sources.push((path, s)),
                Err(e) => diagnostics.push(Diagnostic::global(format!("cannot read {}: {e}", path.display()))),
            }
        }
        let crate_name = [root.join("Cargo.toml"), root.join("../Cargo.toml")].iter().find_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let package = text.split("[package]").nth(1)?;
            let line = package.lines().find(|l| l.trim_start().starts_with("name"))?;
            Some(line.split('"').nth(1)?.replace('-', "_"))
        });
        SourceTree { root: root.to_path_buf(), sources, diagnostics, crate_name }
    }
}

impl Universe {
    /// Reads every `.rs` file under `root` (in sorted order, so everything built from it is
    /// deterministic) and builds the universe.
    pub fn load(root: &Path) -> Universe {
        Universe::from_tree(&SourceTree::read(root))
    }

    /// Builds the universe of a tree already read. Each call parses the sources anew: syntax
    /// trees cannot cross threads, so each thread that needs the universe builds its own.
    pub fn from_tree(tree: &SourceTree) -> Universe {
        let mut u = Universe::from_sources(&tree.root, tree.sources.clone());
        u.crate_name = tree.crate_name.clone();
        let mut diagnostics = tree.diagnostics.clone();
        diagnostics.append(&mut u.diagnostics);
        u.diagnostics = diagnostics;
        u
    }

    /// Builds the universe from files already read (paths under `root`).
    pub fn from_sources(root: &Path, sources: Vec<(PathBuf, String)>) -> Universe {
        let mut u = Universe { root: root.to_path_buf(), ..Universe::default() };
        let mut fns: Vec<(FileId, FnDef)> = Vec::new();
        for (path, source) in sources {
            let id = u.files.len();
            if is_generated(&source) {
                continue;
            }
            let (krate, package) = split_package(root, path.parent().unwrap_or(root));
            let mut module = components(&package);
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            if stem != "mod" && stem != "lib" {
                module.push(stem.clone());
            }
            let parsed = if let Some((line, column)) = depth::too_deep(&source, depth::MAX_NESTING) {
                let at = crate::diagnostics::LineCol { line, column };
                u.diagnostics.push(Diagnostic {
                    file: Some(path.clone()),
                    start: at,
                    end: crate::diagnostics::LineCol { line, column: column + 1 },
                    message: format!("nesting deeper than {} levels; the file is not read further", depth::MAX_NESTING),
                    label: Some("too deep".into()),
                    notes: vec!["API definitions nest a few levels; split the type or the expression".into()],
                    level: crate::diagnostics::Level::Error,
                    related: Vec::new(),
                });
                None
            } else {
                match outline::parse_outline(&source) {
                    Ok(f) => Some(f),
                    Err(e) => {
                        u.diagnostics.extend(Diagnostic::from_syn(&path, &e));
                        None
                    }
                }
            };
            let mut uses = BTreeMap::new();
            let mut module_paths = Vec::new();
            if let Some(file) = &parsed {
                module_paths = scan::module_paths_in_file(file);
                let cx = Ctxt::new();
                let marks = markers::parse_package_markers(&cx, &file.attrs);
                let is_mod = stem == "mod";
                if !is_mod
                    && (marks.group_name.is_some()
                        || !marks.conversion_gen.is_empty()
                        || marks.protobuf_go_package.is_some())
                {
                    cx.error_at(
                        file.attrs
                            .first()
                            .map(syn::spanned::Spanned::span)
                            .unwrap_or_else(proc_macro2::Span::call_site),
                        "package markers belong in the package's `mod.rs`",
                    );
                }
                if let Err(errors) = cx.check() {
                    for e in errors {
                        u.diagnostics.extend(Diagnostic::from_syn(&path, &e));
                    }
                }
                if is_mod && let Some(other) = u.packages.get(&package) {
                    u.diagnostics.push(
                        Diagnostic::global(format!(
                            "`{}` and `{}` are the same package `{}` of two crates of the tree",
                            u.files[other.mod_file].path.display(),
                            path.display(),
                            package.display()
                        ))
                        .note("the generators read one tree as one API: give each group one crate"),
                    );
                } else if is_mod {
                    u.packages.insert(
                        package.clone(),
                        Package {
                            rel: package.clone(),
                            krate,
                            dir: path.parent().unwrap_or(root).to_path_buf(),
                            mod_file: id,
                            markers: marks,
                            hubs: Vec::new(),
                        },
                    );
                }
                uses = scan::uses_in_file(file);
                for (ident, target) in scan::aliases_in_file(file) {
                    u.aliases
                        .entry(package.clone())
                        .or_default()
                        .entry(ident.to_string())
                        .or_insert(Alias { file: id, target });
                }
                fns.extend(scan::functions_in_file(file).into_iter().map(|f| (id, f)));
                let (defs, errors) = scan::types_in_file(file);
                for e in errors {
                    u.diagnostics.extend(Diagnostic::from_syn(&path, &e));
                }
                for def in defs {
                    let tid = u.types.len();
                    let cx = Ctxt::new();
                    if let Some(values) = enums::enum_values_in_file(&cx, file, &def) {
                        u.enums.insert(tid, values);
                    }
                    if let Err(errors) = cx.check() {
                        for e in errors {
                            u.diagnostics.extend(Diagnostic::from_syn(&path, &e));
                        }
                    }
                    u.by_name.entry(package.clone()).or_default().entry(def.ident.to_string()).or_insert(tid);
                    u.by_package.entry(package.clone()).or_default().push(tid);
                    u.types.push(TypeEntry { file: id, package: package.clone(), def });
                }
            }
            u.files.push(SourceFile { path, source, package, module, module_paths, uses });
        }
        u.resolve_hubs();
        u.check_duplicate_kinds();
        u.check_infinite_size();
        u.hand_written = handwritten::check(&mut u, fns);
        u
    }

    /// The values of an `+enum` type (see [`crate::enums`]); `None` for any other type.
    pub fn enum_values(&self, id: TypeId) -> Option<&EnumValues> {
        self.enums.get(&id)
    }

    /// The file a type or function is in.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    /// The types of a package, in file and declaration order.
    pub fn types_in<'a>(&'a self, package: &Path) -> impl Iterator<Item = &'a TypeEntry> + 'a {
        self.by_package.get(package).into_iter().flatten().map(|&i| &self.types[i])
    }

    /// The ids of the types of a package, in file and declaration order.
    pub fn type_ids_in<'a>(&'a self, package: &Path) -> impl Iterator<Item = TypeId> + 'a {
        self.by_package.get(package).into_iter().flatten().copied()
    }

    /// The type of a package with this name.
    pub fn type_named(&self, package: &Path, name: &str) -> Option<&TypeEntry> {
        self.by_name.get(package).and_then(|names| names.get(name)).map(|&i| &self.types[i])
    }

    /// The packages that declare `+groupName=`.
    pub fn group_packages(&self) -> impl Iterator<Item = &Package> {
        self.packages.values().filter(|p| p.markers.group_name.is_some())
    }

    /// The module path of a package (`crate::admissionregistration::v1`).
    pub fn module_path(&self, package: &Path) -> syn::Path {
        crate_path(package.components().map(|c| c.as_os_str().to_string_lossy()), None)
    }

    /// The path of an item defined at the top level of a file, from anywhere in the crate:
    /// `crate::<package>::<file module>::Item` (`mod.rs` items sit in the package module itself).
    pub fn item_path(&self, file: FileId, ident: &syn::Ident) -> syn::Path {
        crate_path(self.files[file].module.iter().map(|s| s.as_str().into()), Some(ident))
    }

    /// The path of an API type from generated code of package `from`: through its file's module
    /// when `from` is inside the type's package (private modules are visible there), else
    /// through the package's public re-export (`pub use types::*;`, the tree's convention).
    pub fn type_path(&self, t: &TypeEntry, from: &Path) -> syn::Path {
        if from.starts_with(&t.package) {
            self.item_path(t.file, &t.def.ident)
        } else {
            let mut path = self.module_path(&t.package);
            path.segments.push(t.def.ident.clone().into());
            path
        }
    }

    /// The hand-written functions of one convention in a package.
    pub fn hand_written_in<'a>(
        &'a self,
        package: &'a Path,
        convention: Convention,
    ) -> impl Iterator<Item = &'a HandWritten> + 'a {
        self.hand_written.iter().filter(move |h| h.package == package && h.convention == convention)
    }

    /// The versioned packages that convert to a hub, in package order.
    pub fn versions_of_hub<'a>(&'a self, hub: &'a Path) -> impl Iterator<Item = &'a Package> + 'a {
        self.packages.values().filter(move |p| p.hubs.iter().any(|h| h == hub))
    }

    /// The internal counterpart of a versioned type: the first hub of its package that has an
    /// internal type of the same name.
    pub fn hub_type_of(&self, t: &TypeEntry) -> Option<&TypeEntry> {
        let pkg = self.packages.get(&t.package)?;
        pkg.hubs.iter().find_map(|h| self.type_named(h, &t.def.ident.to_string()).filter(|i| i.def.attrs.is_internal()))
    }

    /// Renders diagnostics against the universe's sources, sorted by position.
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        crate::diagnostics::render_all(diagnostics, |p| {
            self.files.iter().find(|f| f.path == p).map(|f| f.source.as_str())
        })
    }

    fn resolve_hubs(&mut self) {
        let mut found = Vec::new();
        let mut resolved: Vec<(PathBuf, Vec<PathBuf>)> = Vec::new();
        for pkg in self.packages.values() {
            let path = &self.files[pkg.mod_file].path;
            let mut hubs = Vec::new();
            for m in &pkg.markers.conversion_gen {
                let marker = format!("`+{}={}`", markers::CONVERSION_GEN, m.value);
                let rel = syn::parse_str::<syn::Path>(&m.value).ok().and_then(|p| {
                    let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
                    (segs.len() > 1 && segs[0] == "crate").then(|| segs[1..].iter().collect::<PathBuf>())
                });
                let problem = match &rel {
                    None => Some((
                        format!("{marker} does not name a package of this crate"),
                        format!(
                            "write the internal package's module path, e.g. `+{}=crate::admissionregistration`",
                            markers::CONVERSION_GEN
                        ),
                    )),
                    Some(rel) if !self.packages.contains_key(rel) => Some((
                        format!("{marker}: there is no package `{}` in this tree", rel.display()),
                        "the internal package is a directory with a `mod.rs` holding `#[kapi(internal)]` types"
                            .to_owned(),
                    )),
                    Some(rel) if !self.types_in(rel).any(|t| t.def.attrs.is_internal()) => Some((
                        format!("{marker}: package `{}` has no internal types", rel.display()),
                        "mark the hub types `#[kapi(internal)]`".to_owned(),
                    )),
                    Some(_) => None,
                };
                match (problem, rel) {
                    (Some((message, note)), _) => found.push(Diagnostic::at(path, m.span, message).note(note)),
                    (None, Some(rel)) => hubs.push(rel),
                    (None, None) => {}
                }
            }
            resolved.push((pkg.rel.clone(), hubs));
        }
        for (rel, hubs) in resolved {
            if let Some(p) = self.packages.get_mut(&rel) {
                p.hubs = hubs;
            }
        }
        self.diagnostics.extend(found);
    }

    /// A struct that holds itself by value (directly, through `Option`, or through other structs
    /// held by value) would have infinite size; it is an error at the field that starts the cycle.
    fn check_infinite_size(&mut self) {
        use crate::model::Shape;
        fn by_value(shape: &Shape) -> Option<&syn::Path> {
            match shape {
                Shape::Named(p) => Some(p),
                Shape::Option(inner) => by_value(inner),
                _ => None,
            }
        }
        // The types each type holds by value, with the field that holds them.
        let edges: Vec<Vec<(TypeId, usize)>> = self
            .types
            .iter()
            .map(|t| {
                t.def
                    .fields()
                    .iter()
                    .enumerate()
                    .filter_map(|(i, f)| by_value(&f.shape).and_then(|p| self.resolve_def(t.file, p)).map(|id| (id, i)))
                    .collect()
            })
            .collect();
        let mut found = Vec::new();
        // One pair of arrays for every search: an entry counts only when it carries the current
        // search's stamp, so nothing is cleared between searches and each costs what it reaches.
        let mut parent: Vec<Option<TypeId>> = vec![None; self.types.len()];
        let mut stamp: Vec<usize> = vec![usize::MAX; self.types.len()];
        for start in 0..self.types.len() {
            if edges[start].is_empty() {
                continue;
            }
            // Depth-first search for a path back to `start`, each type visited once; the path is
            // read back through the parent of each type reached.
            let mut stack: Vec<(TypeId, TypeId)> = edges[start].iter().map(|&(id, _)| (id, start)).collect();
            let mut cycle = None;
            while let Some((at, from)) = stack.pop() {
                if at == start {
                    let mut chain = vec![from];
                    let mut cur = from;
                    while let Some(p) = parent[cur] {
                        chain.push(p);
                        cur = p;
                    }
                    chain.reverse();
                    let mut path = vec![start];
                    if from != start {
                        path.extend(chain);
                    }
                    path.push(start);
                    cycle = Some(path);
                    break;
                }
                if std::mem::replace(&mut stamp[at], start) == start {
                    continue;
                }
                parent[at] = (from != start).then_some(from);
                stack.extend(edges[at].iter().map(|&(next, _)| (next, at)));
            }
            let Some(cycle) = cycle else { continue };
            let t = &self.types[start];
            let first = cycle[1];
            let Some(&(_, field)) = edges[start].iter().find(|(id, _)| *id == first) else { continue };
            let f = &t.def.fields()[field];
            let names: Vec<String> = cycle.iter().map(|&id| self.types[id].name()).collect();
            found.push(
                Diagnostic::at(
                    &self.files[t.file].path,
                    f.ident.span(),
                    format!(
                        "`{}` contains itself by value ({}), so it would have infinite size",
                        t.name(),
                        names.join(" → ")
                    ),
                )
                .label("starts the cycle")
                .note(format!(
                    "hold the value in a `Box` (`Option<Box<{}>>` for a Go pointer)",
                    self.types[first].name()
                )),
            );
        }
        self.diagnostics.extend(found);
    }

    /// A kind defined by two types is an error naming both places.
    fn check_duplicate_kinds(&mut self) {
        let mut seen: BTreeMap<(String, String, String), &TypeEntry> = BTreeMap::new();
        let mut found = Vec::new();
        for t in &self.types {
            let Some(kind) = t.kind() else { continue };
            let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
            let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_else(|| "__internal".into());
            let key = (group.clone(), version.clone(), kind.clone());
            match seen.get(&key) {
                Some(first) => {
                    let gv = if group.is_empty() { version } else { format!("{group}/{version}") };
                    let first_at = Diagnostic::at(&self.files[first.file].path, first.def.ident.span(), "").location();
                    found.push(
                        Diagnostic::at(
                            &self.files[t.file].path,
                            t.def.ident.span(),
                            format!("kind `{kind}` of `{gv}` is registered twice"),
                        )
                        .label(format!("also registered by `{}` at {first_at}", first.def.ident))
                        .note("rename one of them with `kind = \"...\"` or remove one definition"),
                    );
                }
                None => {
                    seen.insert(key, t);
                }
            }
        }
        self.diagnostics.extend(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_is_named_by_its_path_below_its_crates_src() {
        let split = |dir: &str| {
            let (krate, rel) = split_package(Path::new("api"), &Path::new("api").join(dir));
            (krate.display().to_string(), rel.display().to_string())
        };
        assert_eq!(split("src/apps/v1"), ("".into(), "apps/v1".into()));
        assert_eq!(split("workloads/src/apps/v1"), ("workloads".into(), "apps/v1".into()));
        assert_eq!(split("base/src/core"), ("base".into(), "core".into()));
        // A tree that is a crate's `src/` itself.
        assert_eq!(split("apps/v1"), ("".into(), "apps/v1".into()));
    }

    #[test]
    fn generated_files_are_not_read_and_one_package_in_two_crates_is_an_error() {
        let root = Path::new("api");
        let marked = |group: &str| format!("//! +groupName={group}\n");
        let sources = vec![
            (root.join("base/src/core/mod.rs"), marked("")),
            (root.join("workloads/src/apps/mod.rs"), marked("apps")),
            (root.join("workloads/generated/apps/mod.rs"), format!("{GENERATED_MARK}. DO NOT EDIT\nstruct {{")),
        ];
        let u = Universe::from_sources(root, sources.clone());
        assert!(u.diagnostics.is_empty(), "{:?}", u.diagnostics);
        assert_eq!(u.packages.keys().map(|p| p.display().to_string()).collect::<Vec<_>>(), ["apps", "core"]);
        assert_eq!(u.packages[Path::new("apps")].krate, Path::new("workloads"));

        let mut twice = sources;
        twice.push((root.join("platform/src/apps/mod.rs"), marked("apps")));
        let u = Universe::from_sources(root, twice);
        let messages: Vec<&str> = u.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert!(messages.iter().any(|m| m.contains("the same package `apps` of two crates")), "{messages:?}");
    }
}
