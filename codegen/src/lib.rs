//! The generator's library: loading an API tree with the shared front-end into one model, the
//! generators that emit code from it, and the writer that keeps `generated/` in step. The binary
//! (`kapi-codegen`) is a thin command-line layer over this.

pub mod emit;
pub mod load;
pub mod output;

use std::path::Path;

pub use load::{Loaded, LoadedType, Package, load_tree};
pub use output::{Changes, Outputs};

/// The generators, by name, in the order they run.
pub const GENERATORS: &[&str] = &["defaults", "conversion", "register", "proto", "roundtrip", "clientset"];

/// Runs the named generators (all when `only` is empty) over the tree at `root`. Returns every
/// output file, or every diagnostic if there is any.
pub fn generate(root: &Path, only: &[String]) -> Result<Outputs, Vec<String>> {
    let loaded = load_tree(root);
    let mut diagnostics = loaded.diagnostics.clone();
    for name in only {
        if !GENERATORS.contains(&name.as_str()) {
            diagnostics
                .push(format!("error: unknown generator `{name}`; the generators are: {}\n", GENERATORS.join(", ")));
        }
    }
    let wanted = |g: &str| only.is_empty() || only.iter().any(|o| o == g);
    let mut outputs = Outputs::new();
    // Registration calls the defaulters, so which packages have them is needed either way.
    let defaulted = emit::defaults::generate(
        &loaded,
        &loaded.packages,
        wanted("defaults").then_some(&mut outputs),
        &mut diagnostics,
    );
    // Registration and the round-trip suites call the conversions, so they are computed either way.
    let converted = emit::conversion::generate(
        &loaded,
        &loaded.packages,
        wanted("conversion").then_some(&mut outputs),
        &mut diagnostics,
    );
    if wanted("register") {
        emit::register::generate(&loaded, &loaded.packages, &defaulted, &converted, &mut outputs, &mut diagnostics);
    }
    if wanted("proto") {
        emit::proto::generate(&loaded, &loaded.packages, &mut outputs, &mut diagnostics);
    }
    if wanted("clientset") {
        emit::clientset::generate(&loaded, &loaded.packages, &mut outputs, &mut diagnostics);
    }
    if wanted("roundtrip") {
        emit::roundtrip::generate(&loaded, &loaded.packages, &converted, &mut outputs, &mut diagnostics);
    }
    if diagnostics.is_empty() { Ok(outputs) } else { Err(diagnostics) }
}
