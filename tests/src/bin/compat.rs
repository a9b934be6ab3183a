//! `compat [TESTDATA_ROOT]`: checks our types and codecs against upstream's compatibility fixtures
//! (`HEAD` and every `v*` directory), one line per failing file, then `N passed, M failed`. The root
//! defaults to `$KAPI_TESTDATA`, else `../shared/k8s-testdata` beside the repository.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = std::env::args_os().nth(1).map(PathBuf::from).unwrap_or_else(kapi_tests::default_testdata_root);
    if !root.join("HEAD").is_dir() {
        eprintln!("error: {} has no HEAD directory of fixtures; hack/fetch-testdata.sh fetches them", root.display());
        return ExitCode::from(2);
    }
    let scheme = match kapi_api::scheme() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: building the scheme: {e}");
            return ExitCode::from(2);
        }
    };
    let report = kapi_tests::compat::run(&root, &scheme);
    print!("{}", report.render());
    if report.failed() == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
