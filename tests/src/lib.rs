//! Test support shared by kapi's integration tests and tools, chiefly the compatibility harness.

pub mod compat;
pub mod fuzz;

// The README's quick starts, compiled (and, where they need no cluster, run) as doctests of this
// crate, so `cargo test --workspace` keeps them true; absent from every other build.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
mod readme {}

// The docs' pages, likewise: every `rust` block is a doctest; `rust,ignore` blocks are excerpts of
// compiled files, which tests/workspace/docs_code.rs checks against them.
#[cfg(doctest)]
#[doc = include_str!("../../docs/migrating-from-kube-rs.md")]
mod migrating_from_kube_rs {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/changing-the-api.md")]
mod changing_the_api {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/clients.md")]
mod clients {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/runtime.md")]
mod runtime {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/test-server.md")]
mod test_server {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/type-language.md")]
mod type_language {}
#[cfg(doctest)]
#[doc = include_str!("../../docs/webhooks.md")]
mod webhooks {}

use std::io::Write;
use std::path::PathBuf;

/// The environment variable naming the fixture root (a directory with `HEAD/` in it).
pub const TESTDATA_VAR: &str = "KAPI_TESTDATA";

/// The fixture root: `$KAPI_TESTDATA` when set, else `../shared/k8s-testdata` beside the workspace.
/// It may not exist; [`testdata_root_or_skip`] is what a test that needs the fixtures calls.
pub fn default_testdata_root() -> PathBuf {
    if let Some(p) = std::env::var_os(TESTDATA_VAR) {
        return PathBuf::from(p);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/k8s-testdata")
}

/// The fixture root for a test that reads upstream's fixtures, or `None` when there are none, after
/// one line on stderr (shown even when the test's output is captured) saying how to get them, so
/// `cargo test` passes on a clone without them. A `KAPI_TESTDATA` that names no fixtures is a
/// mistake rather than an absence: the test fails, which is how CI (it sets the variable) never
/// skips them.
pub fn testdata_root_or_skip(test: &str) -> Option<PathBuf> {
    let root = default_testdata_root();
    if root.join("HEAD").is_dir() {
        return Some(root);
    }
    if std::env::var_os(TESTDATA_VAR).is_some() {
        panic!(
            "{TESTDATA_VAR}={} has no HEAD directory of fixtures; run hack/fetch-testdata.sh {0} or unset {TESTDATA_VAR}",
            root.display()
        );
    }
    let line = format!(
        "{test}: skipped, upstream's fixtures are not in ../shared/k8s-testdata; run hack/fetch-testdata.sh (or set {TESTDATA_VAR})\n"
    );
    // Written to the stream itself, not through `eprintln!`, which the test harness captures.
    let _ = std::io::stderr().write_all(line.as_bytes());
    None
}
