//! What the kubectl suites share: finding kubectl, running it against a test server's kubeconfig, and normalising its tables.

pub mod every;

use std::path::{Path, PathBuf};
use std::process::Command;

/// kubectl from `KUBECTL`, else the one on the PATH, if it runs.
pub fn kubectl_binary() -> Option<PathBuf> {
    let candidate = std::env::var_os("KUBECTL").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("kubectl"));
    let ok = Command::new(&candidate).args(["version", "--client"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(candidate)
}

/// Runs kubectl with the kubeconfig (off the runtime's thread, so the server keeps serving) and
/// returns stdout; a failure panics with stderr.
pub async fn kubectl(bin: &Path, kubeconfig: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let (ok, stdout, stderr) = kubectl_status(bin, kubeconfig, args, stdin).await;
    assert!(ok, "kubectl {}: failed\n{stdout}{stderr}", args.join(" "));
    stdout
}

/// Runs kubectl and returns whether it succeeded, stdout and stderr. Its discovery and OpenAPI
/// caches live in a `cache` directory next to the kubeconfig, so a test's directory holds all
/// it leaves behind and no run reads another's cache.
pub async fn kubectl_status(
    bin: &Path,
    kubeconfig: &Path,
    args: &[&str],
    stdin: Option<&str>,
) -> (bool, String, String) {
    let bin = bin.to_path_buf();
    let kubeconfig = kubeconfig.to_path_buf();
    let cache = kubeconfig.parent().map_or_else(|| PathBuf::from("cache"), |d| d.join("cache"));
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let stdin = stdin.map(str::to_owned);
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut cmd = Command::new(&bin);
        cmd.arg("--kubeconfig").arg(&kubeconfig).arg("--cache-dir").arg(&cache).args(&args);
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("kubectl starts");
        if let Some(input) = stdin {
            child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("writing stdin");
        }
        drop(child.stdin.take());
        let out = child.wait_with_output().expect("kubectl runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.success(), stdout, String::from_utf8_lossy(&out.stderr).into_owned())
    })
    .await
    .expect("the kubectl task")
}

/// Collapses kubectl's column padding and replaces ages (`5s`, `3m10s`) with `AGE`, so rows
/// compare whatever the clock says.
pub fn normalized(out: &str) -> Vec<String> {
    let is_age = |w: &str| {
        let w = w.trim_end_matches(')');
        !w.is_empty()
            && w.chars().next().is_some_and(|c| c.is_ascii_digit())
            && w.chars().last().is_some_and(|c| "smhdy".contains(c))
            && w.chars().all(|c| c.is_ascii_digit() || "smhdy".contains(c))
    };
    out.lines()
        .map(|l| l.split_whitespace().map(|w| if is_age(w) { "AGE" } else { w }).collect::<Vec<_>>().join(" "))
        .collect()
}
