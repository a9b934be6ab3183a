//! kubectl against the test server: discovery, `get` across groups, `scale` (a merge patch on
//! `deployments/scale`, found through discovery) with and without server dry run, `create token`,
//! `certificate approve`, `debug` (ephemeral containers), `logs` (with `--tail`, `--timestamps`
//! and `-f`) and `apply --server-side` of a multi-document manifest; kubectl reads aggregated
//! discovery; `version`, the health checks, `explain` (OpenAPI v3) and `apply` with client-side
//! validation (OpenAPI v2 in protobuf). Runs when `kubectl` is on the PATH
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
    let (ok, stdout, stderr) = kubectl_status(bin, kubeconfig, args, stdin).await;
    assert!(ok, "kubectl {}: failed\n{stdout}{stderr}", args.join(" "));
    stdout
}

/// Runs kubectl and returns whether it succeeded, stdout and stderr.
async fn kubectl_status(bin: &Path, kubeconfig: &Path, args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
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
        (out.status.success(), stdout, String::from_utf8_lossy(&out.stderr).into_owned())
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

const APPLIED: &str = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"applied","namespace":"default"},
"spec":{"replicas":REPLICAS,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},
"spec":{"containers":[{"name":"a","image":"nginx"}]}}}}"#;

#[tokio::test]
async fn kubectl_reads_version_health_and_the_openapi_documents() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api).unwrap();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-openapi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    let version = kubectl(&bin, &kc, &["version", "-o", "json"], None).await;
    assert!(version.contains("\"serverVersion\"") && version.contains("v1.36.0-kapi"), "{version}");
    for path in ["/healthz", "/livez", "/readyz", "/readyz/ping"] {
        assert_eq!(kubectl(&bin, &kc, &["get", "--raw", path], None).await.trim(), "ok", "{path}");
    }
    let verbose = kubectl(&bin, &kc, &["get", "--raw", "/livez?verbose"], None).await;
    assert!(verbose.contains("[+]ping ok") && verbose.contains("livez check passed"), "{verbose}");

    // `explain` reads the v3 document of apps/v1 through the hash URL `/openapi/v3` lists.
    let explained = kubectl(&bin, &kc, &["explain", "deployment.spec.replicas"], None).await;
    assert!(explained.contains("replicas") && explained.contains("<integer>"), "{explained}");
    assert!(explained.contains("Wanted number of pods"), "our doc comment is the description: {explained}");
    assert!(
        api.requests().iter().any(|r| r.path == "/openapi/v3/apis/apps/v1" && r.query.contains("hash=")),
        "explain fetched the group version's document by its hash URL"
    );
    let explained = kubectl(&bin, &kc, &["explain", "pods.spec.containers.ports"], None).await;
    assert!(
        explained.contains("containerPort") && explained.contains("<integer>") && explained.contains("-required-"),
        "{explained}"
    );

    // Client-side validation (on by default) checks the object against the v2 document, which
    // kubectl downloads in protobuf: an unknown field and a wrong type are refused before any
    // request is made.
    let bad = APPLIED.replace("\"replicas\":REPLICAS", "\"replicaz\":2");
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(&bad)).await;
    assert!(!ok && stderr.contains("unknown field") && stderr.contains("replicaz"), "{stdout}{stderr}");
    let bad = APPLIED.replace("REPLICAS", "\"three\"");
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(&bad)).await;
    assert!(!ok && stderr.contains("replicas") && stderr.contains("integer"), "{stdout}{stderr}");
    assert!(api.requests().iter().any(|r| r.path == "/openapi/v2"), "kubectl validated against the v2 document");
    assert!(!api.requests().iter().any(|r| r.path.contains("/deployments/applied")), "nothing was sent");

    // A valid object is created, then changed by a second apply (a strategic merge patch
    // computed with the documents' patch strategies and merge keys).
    kubectl(&bin, &kc, &["apply", "-f", "-"], Some(&APPLIED.replace("REPLICAS", "2"))).await;
    kubectl(&bin, &kc, &["apply", "-f", "-"], Some(&APPLIED.replace("REPLICAS", "4"))).await;
    let replicas = kubectl(&bin, &kc, &["get", "deployment", "applied", "-o", "jsonpath={.spec.replicas}"], None).await;
    assert_eq!(replicas, "4");
    std::fs::remove_dir_all(&dir).ok();
}

/// `kubectl apply --server-side`: conflicts as kubectl shows them, `--force-conflicts`, and the
/// managers the server records.
#[tokio::test]
async fn kubectl_server_side_apply_conflicts_and_force() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api).unwrap();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-ssa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let ssa = ["apply", "--server-side", "--validate=false", "-f", "-"];

    kubectl(&bin, &kc, &ssa, Some(&APPLIED.replace("REPLICAS", "2"))).await;
    let other = [&ssa[..], &["--field-manager=scaler"]].concat();
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &other, Some(&APPLIED.replace("REPLICAS", "3"))).await;
    assert!(!ok, "{stdout}{stderr}");
    assert!(
        stderr.contains(r#"Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas"#),
        "{stdout}{stderr}"
    );
    let get = ["get", "deployment", "applied", "-o", "jsonpath={.spec.replicas}"];
    assert_eq!(kubectl(&bin, &kc, &get, None).await, "2");

    let forced = [&other[..], &["--force-conflicts"]].concat();
    kubectl(&bin, &kc, &forced, Some(&APPLIED.replace("REPLICAS", "3"))).await;
    assert_eq!(kubectl(&bin, &kc, &get, None).await, "3");
    let managers = ["get", "deployment", "applied", "-o", "jsonpath={.metadata.managedFields[*].manager}"];
    assert_eq!(kubectl(&bin, &kc, &managers, None).await, "kubectl scaler");
    // kubectl's own applies no longer own the replicas: the scaler's value stays.
    kubectl(&bin, &kc, &ssa, Some(&APPLIED.replace("\"replicas\":REPLICAS,", ""))).await;
    assert_eq!(kubectl(&bin, &kc, &get, None).await, "3");
    std::fs::remove_dir_all(&dir).ok();
}

const MANIFEST: &str = include_str!("../../client/examples/manifest.yaml");

/// Collapses kubectl's column padding and replaces ages (`5s`, `3m10s`) with `AGE`, so rows
/// compare whatever the clock says.
fn normalized(out: &str) -> Vec<String> {
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

const SERVICE: &str = r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"default"},
"spec":{"type":"NodePort","clusterIP":"10.0.0.10","clusterIPs":["10.0.0.10"],"selector":{"app":"web"},
"ports":[{"port":80,"protocol":"TCP","nodePort":30080}]}}"#;

const POD: &str = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"default","labels":{"app":"web"}},
"spec":{"nodeName":"node-a","containers":[{"name":"web","image":"nginx"},{"name":"log","image":"busybox"}]}}"#;

/// `kubectl get` prints tables of upstream's columns: short names, categories (`get all`),
/// `-o wide`, `-o yaml`/`jsonpath` (no table asked for) and `-w` (tables in the watch stream).
#[tokio::test]
async fn kubectl_get_prints_upstream_tables() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api).unwrap();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    for doc in [DEPLOYMENT, SERVICE, POD] {
        kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(doc)).await;
    }
    // The pod's status as a kubelet would report it: one container ready, one restarting.
    let status = r#"{"status":{"phase":"Running","podIP":"10.1.0.7","podIPs":[{"ip":"10.1.0.7"}],
"containerStatuses":[{"name":"web","ready":true,"restartCount":0,"image":"nginx","imageID":"","state":{"running":{"startedAt":"2024-01-01T00:00:00Z"}}},
{"name":"log","ready":false,"restartCount":2,"image":"busybox","imageID":"","state":{"waiting":{"reason":"CrashLoopBackOff"}}}]}}"#;
    kubectl(&bin, &kc, &["patch", "pod", "web-1", "--subresource=status", "--type=merge", "-p", status], None).await;

    let pods = normalized(&kubectl(&bin, &kc, &["get", "pods"], None).await);
    assert_eq!(pods, ["NAME READY STATUS RESTARTS AGE", "web-1 1/2 CrashLoopBackOff 2 AGE"]);
    // A short name, resolved through discovery.
    let po = normalized(&kubectl(&bin, &kc, &["get", "po", "-o", "wide"], None).await);
    assert_eq!(
        po,
        [
            "NAME READY STATUS RESTARTS AGE IP NODE NOMINATED NODE READINESS GATES",
            "web-1 1/2 CrashLoopBackOff 2 AGE 10.1.0.7 node-a <none> <none>"
        ]
    );
    let deploy = normalized(&kubectl(&bin, &kc, &["get", "deploy", "-o", "wide"], None).await);
    assert_eq!(
        deploy,
        ["NAME READY UP-TO-DATE AVAILABLE AGE CONTAINERS IMAGES SELECTOR", "web 0/2 0 0 AGE web nginx app=web"]
    );
    let svc = normalized(&kubectl(&bin, &kc, &["get", "svc"], None).await);
    assert_eq!(svc, ["NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE", "web NodePort 10.0.0.10 <none> 80:30080/TCP AGE"]);

    // The `all` category: every kind in it, each table under its own header.
    let all = normalized(&kubectl(&bin, &kc, &["get", "all"], None).await);
    assert_eq!(
        all,
        [
            "NAME READY STATUS RESTARTS AGE",
            "pod/web-1 1/2 CrashLoopBackOff 2 AGE",
            "",
            "NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE",
            "service/web NodePort 10.0.0.10 <none> 80:30080/TCP AGE",
            "",
            "NAME READY UP-TO-DATE AVAILABLE AGE",
            "deployment.apps/web 0/2 0 0 AGE",
        ]
    );
    let table_reads =
        api.requests().into_iter().filter(|r| r.accept.as_deref().is_some_and(|a| a.contains("as=Table")));
    assert!(table_reads.count() > 0, "kubectl asked for tables");

    // Output formats that need the objects ask for them, not for tables.
    let yaml = kubectl(&bin, &kc, &["get", "svc", "web", "-o", "yaml"], None).await;
    assert!(yaml.starts_with("apiVersion: v1\nkind: Service\n") && yaml.contains("nodePort: 30080"), "{yaml}");
    let names = kubectl(&bin, &kc, &["get", "pods", "-o", "jsonpath={.items[*].spec.containers[*].name}"], None).await;
    assert_eq!(names, "web log");

    // `get -w`: the first table comes from a list, the next rows from the watch stream.
    let child = std::process::Command::new(&bin)
        .arg("--kubeconfig")
        .arg(&kc)
        .args(["get", "deploy", "-w", "--request-timeout=20s"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kubectl starts");
    let watched = tokio::task::spawn_blocking(move || {
        use std::io::{BufRead, BufReader};
        let mut child = child;
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let mut seen = Vec::new();
        for line in lines.by_ref() {
            let Ok(line) = line else { break };
            seen.push(line);
            if seen.iter().any(|l| l.starts_with("second")) {
                break;
            }
        }
        child.kill().ok();
        child.wait().ok();
        seen
    });
    // Give kubectl time to list and start watching, then create an object it must show.
    let mut started = false;
    for _ in 0..100 {
        if api.requests().iter().any(|r| r.path.ends_with("/deployments") && r.query.contains("watch=true")) {
            started = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(started, "kubectl started watching");
    kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(&DEPLOYMENT.replace("\"web\"", "\"second\"")))
        .await;
    let watched = normalized(&watched.await.unwrap().join("\n"));
    assert_eq!(watched, ["NAME READY UP-TO-DATE AVAILABLE AGE", "web 0/2 0 0 AGE", "second 0/2 0 0 AGE"]);
    std::fs::remove_dir_all(&dir).ok();
}
