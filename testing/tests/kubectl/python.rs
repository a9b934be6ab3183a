//! The official Python client (`pip install kubernetes`) against the test server: create, read, list, strategic merge, merge and JSON patches, the scale subresource, watches (from a resource version with bookmarks, and one the server times out) and deletes, run by testing/tests/python/client.py. Uses `KAPI_PYTHON` (else `python3`); without the client it says so and checks nothing, except in CI (`CI` set), where that is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kapi_testing::{ApiServer, TestServer};

/// The longest the script may run.
const DEADLINE: Duration = Duration::from_secs(120);

/// The interpreter with the `kubernetes` package, or why there is none.
fn python() -> Result<PathBuf, String> {
    let python = std::env::var_os("KAPI_PYTHON").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("python3"));
    let out = Command::new(&python)
        .args(["-c", "import kubernetes; print(kubernetes.__version__)"])
        .output()
        .map_err(|e| format!("{}: {e}", python.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} has no `kubernetes` package: {}",
            python.display(),
            String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or_default()
        ));
    }
    eprintln!("the Python client {}", String::from_utf8_lossy(&out.stdout).trim());
    Ok(python)
}

/// Runs the script with the kubeconfig off the runtime's thread (the server keeps serving), under
/// the deadline; returns its stdout, or panics with its output.
async fn run_script(python: PathBuf, kubeconfig: PathBuf) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/client.py");
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(&python)
            .arg(&script)
            .arg(&kubeconfig)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python starts");
        // Drain both pipes while waiting, so a chatty script never blocks on a full pipe.
        let mut stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let out = std::thread::spawn(move || std::io::read_to_string(&mut stdout).unwrap_or_default());
        let err = std::thread::spawn(move || std::io::read_to_string(&mut stderr).unwrap_or_default());
        let started = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("waiting for python") {
                break s;
            }
            if started.elapsed() > DEADLINE {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the Python client ran longer than {DEADLINE:?}:\n{}", out.join().unwrap_or_default());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        assert!(status.success(), "the Python client failed ({status}):\n{stdout}\n{stderr}");
        stdout
    })
    .await
    .expect("the python task")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_client_creates_lists_patches_watches_and_deletes() {
    let python = match python() {
        Ok(p) => p,
        Err(why) if std::env::var_os("CI").is_some() => panic!("CI needs the Python client: {why}"),
        Err(why) => {
            eprintln!("skipped: {why} (`python3 -m pip install kubernetes`, or set KAPI_PYTHON)");
            return;
        }
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-python-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    let out = run_script(python, kc).await;
    let lines: Vec<&str> = out.lines().collect();
    for want in [
        "VERSIONS v1 0.0.0.0/0",
        "GROUPS True",
        "SERVER v1.36.0-kapi",
        "CREATED settings default True",
        "READ fast True",
        "LISTED settings True",
        "STRATEGIC fast large",
        "MERGE size",
        "JSONPATCH small",
        "DEPLOYMENT 2 nginx:2 1",
        "SCALE 5",
        "DEPLOYMENTS web 5",
        "INITIAL settings",
        "DELETED Status Success settings configmaps",
        "REMAINING 0 0",
        "MISSING 404 Not Found",
        "DONE",
    ] {
        assert!(lines.contains(&want), "missing {want:?} in:\n{out}");
    }
    let watched: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("WATCH ")).collect();
    assert_eq!(watched, ["WATCH ADDED watched 1", "WATCH MODIFIED watched 2", "WATCH DELETED watched 2"], "{out}");

    // The script's patches reached the server with the content types the client chose.
    let patches: Vec<String> = api
        .requests()
        .into_iter()
        .filter(|r| r.method == http::Method::PATCH && r.path.ends_with("/configmaps/settings"))
        .map(|r| r.content_type.unwrap_or_default())
        .collect();
    assert_eq!(
        patches,
        ["application/strategic-merge-patch+json", "application/merge-patch+json", "application/json-patch+json"]
    );
    let watches = api.requests().into_iter().filter(|r| r.query.contains("watch=true")).count();
    assert_eq!(watches, 2);
    let _ = std::fs::remove_dir_all(&dir);
}
