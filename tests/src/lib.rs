//! Test support shared by kapi's integration tests and tools, chiefly the compatibility harness.

pub mod compat;
pub mod fuzz;

use std::path::PathBuf;

/// The default fixture root: `../shared/k8s-testdata` beside the workspace, or `$KAPI_TESTDATA`.
pub fn default_testdata_root() -> PathBuf {
    if let Some(p) = std::env::var_os("KAPI_TESTDATA") {
        return PathBuf::from(p);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/k8s-testdata")
}
