//! The generators, one module per kind of output, and what they share: the plan (analysis one generator's output depends on in another's) and the collection of outputs with one `mod.rs` per package.

pub mod applyconfig;
pub mod clientset;
pub mod conversion;
pub mod crd;
mod crd_schema;
pub mod defaults;
pub mod gates;
pub mod lifecycle;
pub mod openapi;
pub mod proto;
pub mod register;
pub mod roundtrip;
pub mod text;
pub mod validation;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::Universe;
use proc_macro2::TokenStream;
use quote::quote;

use crate::output::{HEADER, Outputs};

/// The name of the generated module file of each package, and of the module the package's
/// `mod.rs` declares for it.
pub const MOD_FILE: &str = "mod.rs";

/// A type of the tree by package and name.
pub(crate) type TypeKey = (PathBuf, String);

/// The versioned (not internal) types of group packages: those the defaulters and the
/// feature-gate drops are generated for.
pub(crate) fn versioned_types(u: &Universe) -> impl Iterator<Item = &kapi_frontend::universe::TypeEntry> {
    u.group_packages().flat_map(|p| u.types_in(&p.rel)).filter(|t| !t.def.attrs.is_internal())
}

/// The versioned type of a group package a field shape leads to (through options, boxes,
/// slices and map values), wherever it is defined.
pub(crate) fn versioned_target(
    u: &Universe,
    t: &kapi_frontend::universe::TypeEntry,
    shape: &kapi_frontend::Shape,
) -> Option<TypeKey> {
    match u.resolve_shape(t.file, shape)? {
        Ok(kapi_frontend::universe::Resolved::Def(id)) => {
            let target = &u.types[id];
            let grouped = u.packages.get(&target.package).is_some_and(|p| p.markers.group_name.is_some());
            (grouped && !target.def.attrs.is_internal()).then(|| (target.package.clone(), target.name()))
        }
        _ => None,
    }
}

/// The attribute on generated functions that register kinds or walk objects: `#[inline]` (through
/// machinery's `__where_used!`), so that they, and the codecs they reach, are compiled in the
/// program that calls them rather than in the API crate; see `compiled_where_used` in kapi-macros.
pub fn where_used() -> proc_macro2::TokenStream {
    quote::quote!(#[::kapi_macros::where_used])
}

/// [`where_used`] as source text, for generators that write text.
pub const WHERE_USED: &str = "#[::kapi_macros::where_used]";

/// Formats generated Rust and puts the header in front.
pub fn render_rust(file: &syn::File) -> String {
    format!("{HEADER}\n{}", prettyplease::unparse(file))
}

/// The share of a generator's packages that one job covers: the `index`-th of `count` runs of
/// consecutive packages, cut so that the runs weigh about the same. The runs in index order are
/// all the packages in order, so the outputs and diagnostics of the parts, put together in index
/// order, are those of the whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// Which run this part is, from 0.
    pub index: usize,
    /// How many runs the packages are cut into; at most 1 means one job does everything.
    pub count: usize,
}

impl Part {
    /// Everything, in one job.
    pub const WHOLE: Part = Part { index: 0, count: 1 };

    /// The items of this part: an item belongs to the part in whose share of the total weight its
    /// first unit of weight falls (weights are estimates of the work, at least 1 each).
    pub fn select<T>(self, items: impl IntoIterator<Item = T>, weight: impl Fn(&T) -> usize) -> Vec<T> {
        if self.count <= 1 {
            return items.into_iter().collect();
        }
        let weighed: Vec<(T, usize)> = items
            .into_iter()
            .map(|item| {
                let w = weight(&item).max(1);
                (item, w)
            })
            .collect();
        let total: usize = weighed.iter().map(|(_, w)| w).sum();
        let (lo, hi) = (total * self.index / self.count, total * (self.index + 1) / self.count);
        let mut start = 0;
        let mut out = Vec::new();
        for (item, w) in weighed {
            if start >= lo && start < hi {
                out.push(item);
            }
            start += w;
        }
        out
    }
}

/// Analysis of the universe that several generators need: which packages get defaulters and
/// conversions. Computed once, before any generator runs, so generators never call each other.
pub struct Plan {
    /// Packages that get a `defaulters.rs`.
    pub defaulted: BTreeSet<PathBuf>,
    /// Versioned packages that convert to a hub, each with the hubs they pair types with.
    pub converted: BTreeSet<PathBuf>,
    /// Every type that needs a defaulting walker: (package, type name).
    pub needs_defaulting: BTreeSet<(PathBuf, String)>,
    /// Every type that needs a declarative validation walker: (package, type name).
    pub needs_validation: BTreeSet<(PathBuf, String)>,
    /// Packages whose `featuregates.rs` registers kinds with feature-gated fields.
    pub gated: BTreeSet<PathBuf>,
}

/// Whether a package is a hub: it holds internal types and no versioned ones. Everything
/// generated for it is compiled only with the owning crate's `internal` feature.
pub fn is_hub(u: &Universe, package: &Path) -> bool {
    let mut types = u.types_in(package).peekable();
    types.peek().is_some() && u.types_in(package).all(|t| t.def.attrs.is_internal())
}

impl Plan {
    /// Works out the plan of a universe.
    pub fn new(u: &Universe) -> Plan {
        let needs_defaulting = defaults::needs_defaulting(u);
        let defaulted = needs_defaulting
            .iter()
            .filter(|(pkg, _)| u.packages.get(pkg).is_some_and(|p| p.markers.group_name.is_some()))
            .map(|(pkg, _)| pkg.clone())
            .collect();
        let converted = u
            .packages
            .values()
            .filter(|p| u.types_in(&p.rel).any(|t| !t.def.attrs.is_internal() && u.hub_type_of(t).is_some()))
            .map(|p| p.rel.clone())
            .collect();
        let needs_validation = validation::needs_validation(u);
        let gates = gates::gates_of_types(u);
        let gated =
            u.group_packages().filter(|p| gates::registers_gates(u, &gates, &p.rel)).map(|p| p.rel.clone()).collect();
        Plan { defaulted, converted, needs_defaulting, needs_validation, gated }
    }
}

/// How a package's `mod.rs` brings in one generated module.
#[derive(Debug, Clone)]
pub enum Export {
    /// `pub use module::*;`
    Glob,
    /// `pub use module::{a, b};`
    Items(Vec<&'static str>),
}

/// One generated module of a package.
#[derive(Debug, Clone)]
struct Module {
    name: &'static str,
    export: Export,
    /// Compiled only into tests.
    test_only: bool,
    /// Compiled only with every one of these cargo features of the crate that owns the types.
    features: &'static [&'static str],
}

/// The cargo feature of the crate owning a tree that compiles its internal (hub) types and the
/// conversions to and from them: servers need them, clients do not.
pub const INTERNAL_FEATURE: &str = "internal";

/// The cargo feature of the crate owning a tree that compiles its validation (the hand-written
/// `validate_<kind>` functions and the generated declarative validators) and registers it in the
/// scheme: servers and admission webhooks need it, clients do not.
pub const VALIDATION_FEATURE: &str = "validation";

/// Everything the generators produce: files, and the modules each package's generated `mod.rs`
/// declares.
#[derive(Debug, Default)]
pub struct Emitted {
    files: Outputs,
    modules: BTreeMap<PathBuf, Vec<Module>>,
}

impl Emitted {
    /// Adds a Rust module of a package (`<package>/<name>.rs`), printed by prettyplease.
    pub fn module(
        &mut self,
        package: &Path,
        name: &'static str,
        file: &syn::File,
        export: Export,
        test_only: bool,
        features: &'static [&'static str],
    ) {
        self.module_text(package, name, prettyplease::unparse(file), export, test_only, features);
    }

    /// Adds a Rust module of a package written as text (without the header, which this adds).
    pub fn module_text(
        &mut self,
        package: &Path,
        name: &'static str,
        text: String,
        export: Export,
        test_only: bool,
        features: &'static [&'static str],
    ) {
        self.files.insert(package.join(format!("{name}.rs")), format!("{HEADER}\n{text}"));
        self.modules.entry(package.to_path_buf()).or_default().push(Module { name, export, test_only, features });
    }

    /// Adds a file that is not a package module (`generated.proto`, the clientset).
    pub fn file(&mut self, path: PathBuf, text: String) {
        self.files.insert(path, text);
    }

    /// Adds what another job produced, after what this one holds: merging the jobs' outputs in
    /// their order gives what one run of them all in that order gives.
    pub fn append(&mut self, other: Emitted) {
        self.files.extend(other.files);
        for (package, modules) in other.modules {
            self.modules.entry(package).or_default().extend(modules);
        }
    }

    /// The output files, with a `mod.rs` per package that declares its generated modules (only
    /// when every generator ran: a partial run would leave modules out).
    pub fn finish(mut self, complete: bool) -> Outputs {
        if complete {
            for (package, modules) in &self.modules {
                let mut sorted = modules.clone();
                sorted.sort_by_key(|m| m.name);
                let items = sorted.iter().map(|m| {
                    let name = quote::format_ident!("{}", m.name);
                    let path = format!("{}.rs", m.name);
                    let features: Vec<TokenStream> = m.features.iter().map(|f| quote!(feature = #f)).collect();
                    let cfg = match (m.test_only, features.as_slice()) {
                        (false, []) => quote!(),
                        (true, []) => quote!(#[cfg(test)]),
                        (false, [f]) => quote!(#[cfg(#f)]),
                        (false, fs) => quote!(#[cfg(all(#(#fs),*))]),
                        (true, fs) => quote!(#[cfg(all(test, #(#fs),*))]),
                    };
                    let export_cfg = match features.as_slice() {
                        [] => quote!(),
                        [f] => quote!(#[cfg(#f)]),
                        fs => quote!(#[cfg(all(#(#fs),*))]),
                    };
                    let export = match (&m.export, m.test_only) {
                        (_, true) => quote!(),
                        (Export::Glob, false) => quote!(#export_cfg pub use #name::*;),
                        (Export::Items(items), false) => {
                            let items = items.iter().map(|i| quote::format_ident!("{}", i));
                            quote!(#export_cfg pub use #name::{#(#items),*};)
                        }
                    };
                    quote! {
                        #cfg
                        #[path = #path]
                        mod #name;
                        #export
                    }
                });
                let doc = format!(" Generated code of the package `{}`.", package.display());
                let file: syn::File = syn::parse_quote! {
                    #![doc = #doc]
                    #(#items)*
                };
                self.files.insert(package.join(MOD_FILE), render_rust(&file));
            }
        }
        self.files
    }
}

/// Every package whose generated `mod.rs` exists must include it with one `#[path]` module in its
/// own `mod.rs`; a generated file nothing compiles is an error naming the line to add.
pub fn check_included(u: &Universe, layout: &crate::Layout, outputs: &Outputs) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    // Both sides absolute, so a relative root and output directory compare with each other.
    let cwd = std::env::current_dir().unwrap_or_default();
    let abs = |p: &Path| if p.is_absolute() { p.to_path_buf() } else { cwd.join(p) };
    for rel in outputs.keys().filter(|p| p.file_name().is_some_and(|n| n == MOD_FILE)) {
        let Some(package) = rel.parent() else { continue };
        let Some(pkg) = u.packages.get(package) else { continue };
        let file = u.file(pkg.mod_file);
        let written = layout.path_of(rel);
        let want = normalize(&abs(&written));
        let included = file.module_paths.iter().any(|(p, _)| normalize(&abs(&pkg.dir).join(p)) == want);
        if !included {
            let relative = relative_path(&abs(&pkg.dir), &abs(&written));
            found.push(
                Diagnostic::global(format!(
                    "the generated code of package `{}` is not compiled: `{}` does not include `{}`",
                    package.display(),
                    file.path.display(),
                    written.display()
                ))
                .note(format!("add `#[rustfmt::skip] #[path = \"{relative}\"] mod generated; pub use generated::*;` to the package's `mod.rs`")),
            );
        }
    }
    found
}

/// A path with `.` and `..` components folded, for comparing paths that do not exist yet.
fn normalize(p: &Path) -> PathBuf {
    let mut out: Vec<std::path::Component<'_>> = Vec::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if matches!(out.last(), Some(std::path::Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out.iter().collect()
}

/// `to` relative to the directory `from`, with `..` where needed.
fn relative_path(from: &Path, to: &Path) -> String {
    let (from, to) = (normalize(from), normalize(to));
    let common = from.components().zip(to.components()).take_while(|(a, b)| a == b).count();
    let ups = from.components().count() - common;
    let mut parts: Vec<String> = vec!["..".to_owned(); ups];
    parts.extend(to.components().skip(common).map(|c| c.as_os_str().to_string_lossy().into_owned()));
    parts.join("/")
}
