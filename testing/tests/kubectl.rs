//! kubectl against the test server: discovery, `get` across groups, `scale` (a merge patch on
//! `deployments/scale`, found through discovery) with and without server dry run, `create token`,
//! `certificate approve`, `debug` (ephemeral containers), `logs` (with `--tail`, `--timestamps`
//! and `-f`) and `apply --server-side` of a multi-document manifest; kubectl reads aggregated
//! discovery. Runs when `kubectl` is on the PATH
//! (or `KUBECTL` names it); without one it says so and checks nothing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use kapi_testing::{ApiServer, TestServer};

fn kubectl_binary() -> Option<PathBuf> {
    let candidate = std::env::var_os("KUBECTL").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("kubectl"));
    let ok = Command::new(&candidate).args(["version", "--client"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(candidate)
}

/// Runs kubectl with the kubeconfig (off the runtime's thread, so the server keeps serving) and
/// returns stdout; a failure panics with stderr.
async fn kubectl(bin: &Path, kubeconfig: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let bin = bin.to_path_buf();
    let kubeconfig = kubeconfig.to_path_buf();
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let stdin = stdin.map(str::to_owned);
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut cmd = Command::new(&bin);
        cmd.arg("--kubeconfig").arg(&kubeconfig).args(&args);
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
        assert!(
            out.status.success(),
            "kubectl {}: {}\n{stdout}{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    })
    .await
    .expect("the kubectl task")
}

const DEPLOYMENT: &str = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},
"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[{"name":"web","image":"nginx"}]}}}}"#;

const CSR: &str = r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{"name":"c"},
"spec":{"request":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K","signerName":"example.com/signer","usages":["client auth"]}}"#;

#[tokio::test]
async fn kubectl_drives_the_test_server() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api).unwrap();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    let resources = kubectl(&bin, &kc, &["api-resources", "-o", "name"], None).await;
    for r in
        ["deployments.apps", "pods", "certificatesigningrequests.certificates.k8s.io", "leases.coordination.k8s.io"]
    {
        assert!(resources.lines().any(|l| l == r), "{r} missing from:\n{resources}");
    }
    // Without an OpenAPI document kubectl cannot validate on the client side.
    kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(DEPLOYMENT)).await;
    kubectl(&bin, &kc, &["create", "service", "clusterip", "svc", "--tcp=80"], None).await;
    let listed = kubectl(&bin, &kc, &["get", "pods,deployments,services", "-A"], None).await;
    assert!(listed.contains("deployment.apps/web") && listed.contains("service/svc"), "{listed}");

    kubectl(&bin, &kc, &["scale", "deployment", "web", "--replicas=5"], None).await;
    let replicas = kubectl(&bin, &kc, &["get", "deployment", "web", "-o", "jsonpath={.spec.replicas}"], None).await;
    assert_eq!(replicas, "5");
    kubectl(&bin, &kc, &["scale", "deployment", "web", "--replicas=9", "--dry-run=server"], None).await;
    let replicas = kubectl(&bin, &kc, &["get", "deployment", "web", "-o", "jsonpath={.spec.replicas}"], None).await;
    assert_eq!(replicas, "5");
    let scale_requests: Vec<_> =
        api.requests().into_iter().filter(|r| r.path.ends_with("/deployments/web/scale")).collect();
    assert!(scale_requests.iter().any(|r| r.query.contains("dryRun=All")), "{scale_requests:?}");

    kubectl(&bin, &kc, &["create", "serviceaccount", "robot"], None).await;
    let token = kubectl(&bin, &kc, &["create", "token", "robot", "--duration=2h"], None).await;
    assert_eq!(token.trim().split('.').count(), 3, "{token}");

    kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(CSR)).await;
    kubectl(&bin, &kc, &["certificate", "approve", "c"], None).await;
    let conditions = kubectl(
        &bin,
        &kc,
        &["get", "certificatesigningrequests", "c", "-o", "jsonpath={.status.conditions[*].type}"],
        None,
    )
    .await;
    assert_eq!(conditions, "Approved");

    kubectl(&bin, &kc, &["run", "p", "--image=nginx"], None).await;
    kubectl(&bin, &kc, &["debug", "p", "--image=busybox", "-c", "dbg", "--profile=general"], None).await;
    let ephemeral =
        kubectl(&bin, &kc, &["get", "pod", "p", "-o", "jsonpath={.spec.ephemeralContainers[*].name}"], None).await;
    assert_eq!(ephemeral, "dbg");

    // Pod logs: what the test writes, through `kubectl logs` with its options.
    api.append_pod_log("default", "p", "p", "first\nsecond\nthird\n");
    assert_eq!(kubectl(&bin, &kc, &["logs", "p", "--tail=2"], None).await, "second\nthird\n");
    let stamped = kubectl(&bin, &kc, &["logs", "p", "-c", "p", "--timestamps", "--tail=1"], None).await;
    assert!(stamped.ends_with("Z third\n"), "{stamped}");
    api.end_pod_log("default", "p", "p");
    assert_eq!(kubectl(&bin, &kc, &["logs", "-f", "p"], None).await, "first\nsecond\nthird\n");

    // Server-side apply of the apply example's multi-document manifest.
    let applied = kubectl(&bin, &kc, &["apply", "--server-side", "--validate=false", "-f", "-"], Some(MANIFEST)).await;
    assert_eq!(
        applied,
        "namespace/kapi-demo serverside-applied\nconfigmap/web-config serverside-applied\n\
         deployment.apps/web serverside-applied\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

const MANIFEST: &str = include_str!("../../client/examples/manifest.yaml");
