//! The generator's library: generators that are pure functions of the front-end's universe (one model of the whole tree, read once), and the writer that keeps `generated/` in step. The binary (`kapi-codegen`) is a thin command-line layer over this.

pub mod emit;
pub mod output;

use std::path::Path;

pub use kapi_frontend::diagnostics::Diagnostic;
pub use kapi_frontend::universe::Universe;
pub use output::{Changes, Outputs};

/// The generators, by name, in the order they run.
pub const GENERATORS: &[&str] = &[
    "defaults",
    "conversion",
    "register",
    "lifecycle",
    "proto",
    "roundtrip",
    "clientset",
    "openapi",
    "applyconfig",
    "crd",
    "validation",
];

/// Runs the named generators (all when `only` is empty) over a universe. Returns every output
/// file, or every diagnostic (the universe's own and the generators') if there is any. Reads and
/// writes no file.
pub fn generate(u: &Universe, only: &[String]) -> Result<Outputs, Vec<Diagnostic>> {
    let mut diagnostics = u.diagnostics.clone();
    for name in only {
        if !GENERATORS.contains(&name.as_str()) {
            diagnostics.push(Diagnostic::global(format!(
                "unknown generator `{name}`; the generators are: {}",
                GENERATORS.join(", ")
            )));
        }
    }
    let wanted = |g: &str| only.is_empty() || only.iter().any(|o| o == g);
    let mut outputs = emit::Emitted::default();
    // What one generator's output depends on in another's (which packages get defaulters or
    // conversions) is analysis of the universe, computed once and shared.
    let plan = emit::Plan::new(u);
    if wanted("defaults") {
        emit::defaults::generate(u, &plan, &mut outputs, &mut diagnostics);
    }
    if wanted("conversion") {
        emit::conversion::generate(u, &plan, &mut outputs, &mut diagnostics);
    }
    if wanted("validation") {
        emit::validation::generate(u, &plan.needs_validation, &mut outputs, &mut diagnostics);
    }
    if wanted("register") {
        emit::register::generate(u, &plan, &mut outputs, &mut diagnostics);
    }
    if wanted("lifecycle") {
        emit::lifecycle::generate(u, &mut outputs, &mut diagnostics);
    }
    if wanted("proto") {
        emit::proto::generate(u, &mut outputs, &mut diagnostics);
    }
    if wanted("roundtrip") {
        emit::roundtrip::generate(u, &plan, &mut outputs, &mut diagnostics);
    }
    if wanted("clientset") {
        emit::clientset::generate(u, &mut outputs, &mut diagnostics);
    }
    if wanted("openapi") {
        emit::openapi::generate(u, &mut outputs, &mut diagnostics);
    }
    if wanted("applyconfig") {
        emit::applyconfig::generate(u, &mut outputs, &mut diagnostics);
    }
    if wanted("crd") {
        emit::crd::generate(u, &mut outputs, &mut diagnostics);
    }
    if diagnostics.is_empty() { Ok(outputs.finish(only.is_empty())) } else { Err(diagnostics) }
}

/// Loads the tree at `root` and runs every generator without writing anything: exactly the
/// problems `generate` would report.
pub fn check(root: &Path) -> (Universe, Result<Outputs, Vec<Diagnostic>>) {
    let u = Universe::load(root);
    let result = generate(&u, &[]);
    (u, result)
}

/// Loads the tree at `root` and runs the named generators: the outputs, or every diagnostic
/// rendered rustc-style in position order.
pub fn generate_tree(root: &Path, only: &[String]) -> Result<Outputs, String> {
    let u = Universe::load(root);
    generate(&u, only).map_err(|d| u.render(&d))
}
