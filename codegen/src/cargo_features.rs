//! The cargo features the generated code of a tree is compiled under, checked against the `[features]` of the crate that holds the tree: a feature left undeclared would compile the code out without a word.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use kapi_frontend::diagnostics::Diagnostic;

use crate::emit::MOD_FILE;
use crate::{Outputs, Universe};

/// The features the packages' generated `mod.rs` files name in their `cfg`s: the modules that
/// compile only with them (`internal`, `validation`, `apply`, …).
pub fn required(u: &Universe, outputs: &Outputs) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    // The packages' `mod.rs` files, and the served resources (a feature per group).
    let package_mods = outputs.iter().filter(|(p, _)| {
        (p.file_name().is_some_and(|n| n == MOD_FILE) && p.parent().is_some_and(|pkg| u.packages.contains_key(pkg)))
            || p.as_path() == Path::new(crate::emit::clientset::RESOURCES_FILE)
    });
    for (_, text) in package_mods {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("feature = \"") {
            rest = &rest[at + "feature = \"".len()..];
            let Some(end) = rest.find('"') else { break };
            found.insert(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
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

/// A diagnostic for each required feature the manifest does not declare, with the line to add.
/// Nothing when no manifest is found (a tree outside a crate) or it cannot be read.
pub fn missing(u: &Universe, root: &Path, outputs: &Outputs) -> Vec<Diagnostic> {
    let required = required(u, outputs);
    if required.is_empty() {
        return Vec::new();
    }
    let Some(manifest) = manifest_of(root) else { return Vec::new() };
    let Some(table) = std::fs::read_to_string(&manifest).ok().and_then(|t| t.parse::<toml::Table>().ok()) else {
        return Vec::new();
    };
    let declared: BTreeSet<&str> = match table.get("features").and_then(|f| f.as_table()) {
        Some(f) => f.keys().map(String::as_str).collect(),
        None => BTreeSet::new(),
    };
    required
        .iter()
        .filter(|f| !declared.contains(f.as_str()))
        .map(|f| {
            Diagnostic::global(format!(
                "the generated code needs the cargo feature `{f}`, which {} does not declare: without it that code is compiled out",
                manifest.display()
            ))
            .note(format!("add `{f} = []` under `[features]` in {} ({})", manifest.display(), purpose(f)))
        })
        .collect()
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
