//! The cargo features the generated code of a tree is compiled under, checked against the `[features]` of the crate that holds the tree: a feature left undeclared would compile the code out without a word.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kapi_frontend::diagnostics::Diagnostic;

use crate::emit::MOD_FILE;
use crate::{Outputs, Universe};

/// The features the packages' generated `mod.rs` files name in their `cfg`s (the modules that
/// compile only with them: `internal`, `validation`, `apply`, …), by the folder of the crate that
/// compiles them: `root` itself, or a crate inside the tree (see [`crate::Layout`]).
pub fn required(u: &Universe, root: &Path, outputs: &Outputs) -> BTreeMap<PathBuf, BTreeSet<String>> {
    let mut found: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    // The packages' `mod.rs` files, and the served resources (a feature per group).
    for (path, text) in outputs {
        let krate = if path.as_path() == Path::new(crate::emit::clientset::RESOURCES_FILE) {
            root.to_path_buf()
        } else if path.file_name().is_some_and(|n| n == MOD_FILE)
            && let Some(pkg) = path.parent().and_then(|p| u.packages.get(p))
        {
            root.join(&pkg.krate)
        } else {
            continue;
        };
        let features = found.entry(krate).or_default();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("feature = \"") {
            rest = &rest[at + "feature = \"".len()..];
            let Some(end) = rest.find('"') else { break };
            features.insert(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    found.retain(|_, f| !f.is_empty());
    found
}

/// The manifest of the crate that holds `root`: the nearest `Cargo.toml` with a `[package]` at
/// or above it (a workspace's own manifest is passed over).
pub fn manifest_of(root: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(root).ok()?;
    start.ancestors().map(|d| d.join("Cargo.toml")).find(|m| {
        std::fs::read_to_string(m)
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .is_some_and(|t| t.contains_key("package"))
    })
}

/// A diagnostic for each required feature the manifest of the crate that compiles it does not
/// declare, with the line to add. Nothing for a crate whose manifest is not found (a tree outside
/// a crate) or cannot be read.
pub fn missing(u: &Universe, root: &Path, outputs: &Outputs) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (krate, required) in required(u, root, outputs) {
        let Some(manifest) = manifest_of(&krate) else { continue };
        let Some(table) = std::fs::read_to_string(&manifest).ok().and_then(|t| t.parse::<toml::Table>().ok()) else {
            continue;
        };
        let declared: BTreeSet<&str> = match table.get("features").and_then(|f| f.as_table()) {
            Some(f) => f.keys().map(String::as_str).collect(),
            None => BTreeSet::new(),
        };
        found.extend(required.iter().filter(|f| !declared.contains(f.as_str())).map(|f| {
            Diagnostic::global(format!(
                "the generated code needs the cargo feature `{f}`, which {} does not declare: without it that code is compiled out",
                manifest.display()
            ))
            .note(format!("add `{f} = []` under `[features]` in {} ({})", manifest.display(), purpose(f)))
        }));
    }
    found
}

/// What the code behind a feature is, for the note.
fn purpose(feature: &str) -> &'static str {
    match feature {
        crate::emit::INTERNAL_FEATURE => "the hub types' conversions and registration",
        crate::emit::VALIDATION_FEATURE => {
            "the rules of the `+k8s:` validation tags; forward it to `kapi-api/validation`"
        }
        crate::emit::applyconfig::APPLY_FEATURE => "the apply configurations",
        _ => "a group's generated code",
    }
}
