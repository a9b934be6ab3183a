//! Walks an API tree, parses every Rust file with the shared front-end, and collects the type
//! definitions together with every diagnostic, rendered rustc-style.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_frontend::TypeDef;
use kapi_frontend::diagnostics;

/// One type definition and the file it came from.
#[derive(Debug, Clone)]
pub struct LoadedType {
    pub file: PathBuf,
    pub def: TypeDef,
}

/// A package: a directory with a `mod.rs`, and the markers its module docs declare.
#[derive(Debug, Clone, Default)]
pub struct Package {
    pub dir: PathBuf,
    /// `+name=value` lines of the `mod.rs` inner docs.
    pub markers: Vec<(String, String)>,
}

/// A hand-written function the generators may call, with the file it is in.
#[derive(Debug, Clone)]
pub struct LoadedFn {
    pub file: PathBuf,
    pub def: kapi_frontend::universe::FnDef,
}

/// The result of loading a tree: the types found and every diagnostic, already rendered.
#[derive(Debug, Default)]
pub struct Loaded {
    pub root: PathBuf,
    pub types: Vec<LoadedType>,
    /// Hand-written `set_defaults_*` functions.
    pub defaulters: Vec<LoadedFn>,
    /// Hand-written `convert_*` functions (conversion overrides).
    pub conversions: Vec<LoadedFn>,
    /// Hand-written `fuzz_*` functions (custom fuzzer functions for round-trip tests).
    pub fuzzers: Vec<LoadedFn>,
    /// Type aliases: the file, the alias name and its target path.
    pub aliases: Vec<(PathBuf, syn::Ident, syn::Path)>,
    /// Packages keyed by their path relative to the root (without a leading `src/`).
    pub packages: BTreeMap<PathBuf, Package>,
    pub diagnostics: Vec<String>,
    pub files_read: usize,
    /// Indexes into `types` by the directory of their file.
    by_dir: BTreeMap<PathBuf, Vec<usize>>,
}

impl Loaded {
    /// The types defined in the files of one directory (a package), in load order.
    pub fn types_in<'a>(&'a self, dir: &Path) -> impl Iterator<Item = &'a LoadedType> + 'a {
        self.by_dir.get(dir).into_iter().flatten().map(|&i| &self.types[i])
    }
}

/// Loads every `.rs` file under `root` (in sorted order, so output is deterministic).
pub fn load_tree(root: &Path) -> Loaded {
    let mut out = Loaded { root: root.to_path_buf(), ..Loaded::default() };
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| match e {
            Ok(e) => Some(e),
            Err(err) => {
                out.diagnostics.push(format!(
                    "error: cannot read {}: {err}\n",
                    err.path().map(|p| p.display().to_string()).unwrap_or_default()
                ));
                None
            }
        })
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    for file in files {
        let display = file.display().to_string();
        let source = match std::fs::read_to_string(&file) {
            Ok(s) => s,
            Err(e) => {
                out.diagnostics.push(format!("error: cannot read {display}: {e}\n"));
                continue;
            }
        };
        out.files_read += 1;
        // One parse per file serves every lookup below.
        let file_ast = match syn::parse_file(&source) {
            Ok(f) => f,
            Err(e) => {
                out.diagnostics.push(diagnostics::render(&display, &source, &e));
                continue;
            }
        };
        if file.file_name().is_some_and(|n| n == "mod.rs")
            && let Some(dir) = file.parent()
        {
            let markers = kapi_frontend::universe::package_markers_in_file(&file_ast);
            let rel = crate::emit::package_rel(root, dir);
            out.packages.insert(rel, Package { dir: dir.to_path_buf(), markers });
        }
        for (prefix, list) in
            [("set_defaults_", &mut out.defaulters), ("convert_", &mut out.conversions), ("fuzz_", &mut out.fuzzers)]
        {
            list.extend(
                kapi_frontend::universe::functions_in_file(&file_ast, prefix)
                    .into_iter()
                    .map(|def| LoadedFn { file: file.clone(), def }),
            );
        }
        out.aliases
            .extend(kapi_frontend::universe::aliases_in_file(&file_ast).into_iter().map(|(a, p)| (file.clone(), a, p)));
        let (defs, errors) = kapi_frontend::universe::types_in_file(&file_ast);
        out.types.extend(defs.into_iter().map(|def| LoadedType { file: file.clone(), def }));
        for e in errors {
            out.diagnostics.push(diagnostics::render(&display, &source, &e));
        }
    }
    check_duplicate_kinds(&mut out);
    for (i, t) in out.types.iter().enumerate() {
        if let Some(dir) = t.file.parent() {
            out.by_dir.entry(dir.to_path_buf()).or_default().push(i);
        }
    }
    out
}

/// A kind defined by two types is an error naming both places.
fn check_duplicate_kinds(out: &mut Loaded) {
    let mut seen: BTreeMap<(String, String, String), (String, String)> = BTreeMap::new();
    for t in &out.types {
        let Some((name, _)) = &t.def.attrs.kind else {
            continue;
        };
        let kind = name.clone().unwrap_or_else(|| t.def.ident.to_string());
        let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
        let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_else(|| "__internal".into());
        let start = t.def.ident.span().start();
        let here = format!("{}:{}:{}", t.file.display(), start.line, start.column + 1);
        let key = (group.clone(), version.clone(), kind.clone());
        if let Some((first_type, first_at)) = seen.get(&key) {
            let gv = if group.is_empty() { version.clone() } else { format!("{group}/{version}") };
            out.diagnostics.push(format!(
                "error: kind `{kind}` of `{gv}` is registered twice: by `{}` here and by `{first_type}` at {first_at}\n  --> {here}\n  = note: rename one of them with `kind = \"...\"` or remove one definition\n",
                t.def.ident
            ));
        } else {
            seen.insert(key, (t.def.ident.to_string(), here));
        }
    }
}
