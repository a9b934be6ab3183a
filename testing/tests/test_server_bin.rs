//! The `kapi-test-server` program: it writes a kubeconfig that kapi-client and kubectl use, serves every resource with nothing seeded, serves HTTPS with the certificate it is given, refuses bad flags, and exits 0 on SIGINT and SIGTERM.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use kapi_api::core::v1::{ConfigMap, Container, Namespace, Pod, PodSchedulingGroup, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::{Api, Client, Config};

const BIN: &str = env!("CARGO_BIN_EXE_kapi-test-server");

/// A scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kapi-test-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts the program and waits (at most 60 s) for its kubeconfig; returns the child and the URL
/// it printed.
fn start(kubeconfig: &Path, extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["--port", "0", "--write-kubeconfig"])
        .arg(kubeconfig)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kapi-test-server starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the first line");
    let url = line.trim().rsplit(" at ").next().unwrap_or_default().to_owned();
    assert!(url.starts_with("http"), "unexpected first line {line:?}");
    // Keep reading stdout, so the program never writes to a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let deadline = Instant::now() + Duration::from_secs(60);
    while !kubeconfig.exists() {
        assert!(Instant::now() < deadline, "no kubeconfig after 60s");
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, url)
}

/// Sends a signal and waits (at most 30 s) for the exit; returns the status and stderr.
fn stop(mut child: Child, signal: &str) -> (std::process::ExitStatus, String) {
    let ok = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(ok.success());
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kapi-test-server did not stop within 30s of {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr).unwrap();
    (status, stderr)
}

fn kubectl_binary() -> Option<PathBuf> {
    let candidate = std::env::var_os("KUBECTL").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("kubectl"));
    let ok = Command::new(&candidate).args(["version", "--client"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(candidate)
}

async fn client_of(kubeconfig: &Path) -> Client {
    Client::try_from_config(&Config::from_kubeconfig_file(kubeconfig, None).unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_clients_and_kubectl_and_stops_on_sigint() {
    let dir = scratch("plain");
    let kc = dir.join("kubeconfig");
    let (child, url) = start(&kc, &[]);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    // Only the system namespaces are there, as on a new cluster.
    let client = client_of(&kc).await;
    let namespaces = Api::<Namespace>::all(client.clone()).list(&ListOptions::default()).await.unwrap();
    let names: Vec<String> = namespaces.items.unwrap_or_default().into_iter().map(|n| n.metadata.name).collect();
    assert_eq!(names, ["default", "kube-node-lease", "kube-public", "kube-system"]);
    let cms: Api<ConfigMap> = Api::namespaced(client, "default");
    let cm = ConfigMap {
        metadata: ObjectMeta { name: "settings".into(), ..Default::default() },
        data: [("mode".to_owned(), "fast".to_owned())].into(),
        ..Default::default()
    };
    cms.create(&cm, &CreateOptions::default()).await.unwrap();

    if let Some(bin) = kubectl_binary() {
        let kubectl = |args: &[&str]| Command::new(&bin).arg("--kubeconfig").arg(&kc).args(args).output().unwrap();
        let out = kubectl(&["get", "configmap", "settings", "-o", "jsonpath={.data.mode}"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "fast");
        // Every group of the build is served.
        let out = kubectl(&["api-resources", "-o", "name"]);
        let names = String::from_utf8_lossy(&out.stdout);
        for r in ["pods", "deployments.apps", "leases.coordination.k8s.io", "ingresses.networking.k8s.io"] {
            assert!(names.lines().any(|l| l == r), "{r} missing from:\n{names}");
        }
    } else {
        eprintln!("kubectl not found (set KUBECTL to its path): the kubectl part is skipped");
    }

    let (status, stderr) = stop(child, "-INT");
    assert!(status.success(), "{status}: {stderr}");
    assert!(stderr.contains("SIGINT received, stopping"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_https_with_the_given_certificate_and_stops_on_sigterm() {
    let dir = scratch("tls");
    let cert = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned(), "localhost".to_owned()]).unwrap();
    std::fs::write(dir.join("tls.crt"), cert.cert.pem()).unwrap();
    std::fs::write(dir.join("tls.key"), cert.key_pair.serialize_pem()).unwrap();
    let kc = dir.join("kubeconfig");
    let crt = dir.join("tls.crt").display().to_string();
    let key = dir.join("tls.key").display().to_string();
    let (child, url) = start(&kc, &["--tls-cert-file", &crt, "--tls-private-key-file", &key]);
    assert!(url.starts_with("https://127.0.0.1:"), "{url}");
    // The kubeconfig trusts the serving certificate.
    let client = client_of(&kc).await;
    let cms = Api::<ConfigMap>::namespaced(client, "default");
    // The serving certificate is what every namespace's `kube-root-ca.crt` publishes, once the
    // publisher loop has run; nothing else is there.
    let deadline = Instant::now() + Duration::from_secs(10);
    let listed = loop {
        let items = cms.list(&ListOptions::default()).await.unwrap().items.unwrap_or_default();
        if !items.is_empty() || Instant::now() > deadline {
            break items;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let names: Vec<&str> = listed.iter().map(|c| c.metadata.name.as_str()).collect();
    assert_eq!(names, ["kube-root-ca.crt"]);
    assert_eq!(listed[0].data.get("ca.crt"), Some(&cert.cert.pem()));
    let (status, stderr) = stop(child, "-TERM");
    assert!(status.success(), "{status}: {stderr}");
    assert!(stderr.contains("SIGTERM received, stopping"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_flags_and_files_fail_with_a_message() {
    let out = Command::new(BIN).args(["--tls-cert-file", "x.crt"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tls-private-key-file"), "{out:?}");
    let dir = scratch("bad");
    std::fs::write(dir.join("empty.crt"), "").unwrap();
    let crt = dir.join("empty.crt");
    let out =
        Command::new(BIN).arg("--tls-cert-file").arg(&crt).arg("--tls-private-key-file").arg(&crt).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("empty.crt: no PEM CERTIFICATE block found"), "{stderr}");
    let out = Command::new(BIN).args(["--address", "not-an-ip"]).output().unwrap();
    assert!(!out.status.success());
    // kube-apiserver's words for a gate it does not know and for a value that is not a bool.
    feature_gates_refused(&["--feature-gates", "GenericWorkload=true,Nope=true"], "unrecognized feature gate: Nope");
    feature_gates_refused(
        &["--feature-gates=GenericWorkload=yes"],
        r#"invalid value of GenericWorkload=yes, err: strconv.ParseBool: parsing "yes": invalid syntax"#,
    );
    feature_gates_refused(&["--feature-gates=GenericWorkload"], "missing bool value for GenericWorkload");
    // kube-apiserver's bounds of the token cap; `0` is no cap.
    for cap in ["30m", "-2h", "1193047h"] {
        feature_gates_refused(
            &[&format!("--service-account-max-token-expiration={cap}")],
            "the service-account-max-token-expiration must be between 1 hour and 2^32 seconds",
        );
    }
    let out = Command::new(BIN).args(["--service-account-max-token-expiration", "soon"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--service-account-max-token-expiration"), "{out:?}");
    // A gate locked to its default in 1.36 cannot be set against it (component-base's text).
    feature_gates_refused(
        &["--feature-gates=InPlacePodVerticalScaling=false"],
        "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true",
    );
    // Every gate 1.36 locks is refused against its default, also one kapi does not read.
    feature_gates_refused(
        &["--feature-gates=APIServerTracing=false"],
        "cannot set feature gate APIServerTracing to false, feature is locked to true",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the server with `args`, which it must refuse at once, printing `message` (the whole
/// error, as kube-apiserver prints it after `Error: `).
fn feature_gates_refused(args: &[&str], message: &str) {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} were accepted");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.lines().any(|l| l == format!("kapi-test-server: {message}")), "{args:?}: {stderr}");
}

/// `--feature-gates`' `component:` prefix and `--emulated-version` as component-base reads them:
/// `kube` is the only component, and 1.36 the only version kapi serves.
#[test]
fn component_flags_name_the_kube_component() {
    feature_gates_refused(
        &["--feature-gates=kube:GenericWorkload=true,kube:Nope=true"],
        "unrecognized feature gate: Nope",
    );
    feature_gates_refused(&["--feature-gates=wardle:FeatureA=true"], "component not registered: wardle");
    feature_gates_refused(
        &["--feature-gates=GenericWorkload=true", "--feature-gates=kube:HostnameOverride=false"],
        "set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use",
    );
    feature_gates_refused(&["--emulated-version=1.30"], "emulation version 1.30 is not between [1.33, 1.36]");
    feature_gates_refused(&["--emulated-version=wardle=1.2"], "component not registered: wardle");
    feature_gates_refused(&["--emulated-version=1.36.1"], "patch version not allowed, got: kube=1.36.1");
    feature_gates_refused(
        &["--emulated-version=1.35"],
        "--emulated-version: kapi-test-server serves v1.36 only and cannot emulate 1.35 \
         (its feature gate defaults and served APIs are 1.36's)",
    );
}

/// A gate on whose dependencies are off stops the server with component-base's text, judged on
/// all `--feature-gates` flags together; naming the dependencies too starts it.
#[test]
fn feature_gate_dependencies_are_checked_at_start_up() {
    feature_gates_refused(
        &["--feature-gates=ResourceHealthStatus=false"],
        "ResourceHealthStatusMessage is enabled, but depends on features that are disabled: [ResourceHealthStatus]",
    );
    feature_gates_refused(
        &["--feature-gates", "AllAlpha=true", "--feature-gates", "GenericWorkload=false"],
        "[DRAWorkloadResourceClaims is enabled, but depends on features that are disabled: [GenericWorkload], \
         TopologyAwareWorkloadScheduling is enabled, but depends on features that are disabled: [GenericWorkload], \
         WorkloadWithJob is enabled, but depends on features that are disabled: [GenericWorkload]]",
    );
    feature_gates_refused(
        &["--feature-gates", "ClusterTrustBundleProjection=true"],
        "ClusterTrustBundleProjection is enabled, but depends on features that are disabled: [ClusterTrustBundle]",
    );
    // The second flag supplies what the first one needs.
    let dir = scratch("gate-deps");
    let kc = dir.join("kubeconfig");
    let (child, _) = start(
        &kc,
        &["--feature-gates=ResourceHealthStatus=false", "--feature-gates", "ResourceHealthStatusMessage=false"],
    );
    let (status, stderr) = stop(child, "-TERM");
    assert!(status.success(), "{status}: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feature_gates_flag_decides_what_writes_keep() {
    let dir = scratch("gates");
    let kc = dir.join("kubeconfig");
    // Gates a v1.36 kube-apiserver knows but kapi does not read are taken and change nothing.
    let (child, _) = start(
        &kc,
        &[
            "--feature-gates=kube:GenericWorkload=true",
            "--feature-gates",
            "kube:HostnameOverride=false,kube:APIResponseCompression=false,kube:LoggingAlphaOptions=true,kube:APIServerTracing=true",
            "--emulated-version=kube=1.36",
        ],
    );
    let pods: Api<Pod> = Api::namespaced(client_of(&kc).await, "default");
    let pod = Pod {
        metadata: ObjectMeta { name: "p".into(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "c".into(), image: "nginx".into(), ..Default::default() }]),
            scheduling_group: Some(PodSchedulingGroup { pod_group_name: Some("g".into()) }),
            hostname_override: Some("h".into()),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = pods.create(&pod, &CreateOptions::default()).await.unwrap();
    // GenericWorkload (alpha, off by default) was turned on; HostnameOverride (beta) off.
    assert_eq!(created.spec.scheduling_group, pod.spec.scheduling_group);
    assert_eq!(created.spec.hostname_override, None);
    let (status, stderr) = stop(child, "-TERM");
    assert!(status.success(), "{status}: {stderr}");
    // A generally available gate set draws kube-apiserver's warning.
    assert!(
        stderr.contains(
            r#""Warning: setting GA feature gate. It will be removed in a future release." featureGate="APIServerTracing" value=true"#
        ),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn audit_flags_write_the_events_the_policy_asks_for() {
    let dir = scratch("audit");
    let kc = dir.join("kubeconfig");
    let policy = dir.join("policy.yaml");
    std::fs::write(
        &policy,
        "apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n\
         - level: Request\n  resources:\n  - group: \"\"\n    resources: [configmaps]\n",
    )
    .unwrap();
    let log = dir.join("audit.log");
    let (child, _) =
        start(&kc, &["--audit-policy-file", policy.to_str().unwrap(), "--audit-log-path", log.to_str().unwrap()]);
    let cms: Api<ConfigMap> = Api::namespaced(client_of(&kc).await, "default");
    let cm = ConfigMap { metadata: ObjectMeta { name: "audited".into(), ..Default::default() }, ..Default::default() };
    cms.create(&cm, &CreateOptions::default()).await.unwrap();
    let (status, stderr) = stop(child, "-TERM");
    assert!(status.success(), "{status}: {stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    // Only the config maps' request, at its completion, with its body.
    let events: Vec<kapi_machinery::json::value::Value> =
        text.lines().map(|l| kapi_machinery::json::value::parse(l.as_bytes()).unwrap()).collect();
    let creates: Vec<_> = events.iter().filter(|e| e.get("verb").and_then(|v| v.as_str()) == Some("create")).collect();
    assert_eq!(creates.len(), 1, "{text}");
    let e = creates[0];
    let text_of =
        |v: Option<&kapi_machinery::json::value::Value>| v.and_then(|v| v.as_str()).unwrap_or_default().to_owned();
    assert_eq!(text_of(e.get("stage")), "ResponseComplete");
    assert_eq!(text_of(e.get("level")), "Request");
    assert_eq!(text_of(e.get("objectRef").and_then(|o| o.get("name"))), "audited");
    assert!(e.get("requestObject").is_some() && e.get("responseObject").is_none(), "{text}");
    assert!(
        events
            .iter()
            .all(|e| e.get("objectRef").and_then(|o| o.get("resource")).and_then(|r| r.as_str()) == Some("configmaps"))
    );
    // A bad policy stops the program with the field at fault.
    std::fs::write(&policy, "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Loud\n").unwrap();
    let out =
        Command::new(BIN).args(["--port", "0", "--audit-policy-file", policy.to_str().unwrap()]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules[0].level: Unsupported value: \"Loud\""));
    let _ = std::fs::remove_dir_all(&dir);
}
