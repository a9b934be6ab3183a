//! kubectl against the test server: discovery, `get` across groups, `scale` (a merge patch on
//! `deployments/scale`, found through discovery) with and without server dry run, `create token`,
//! `certificate approve`, `debug` (ephemeral containers), `logs` (with `--tail`, `--timestamps`
//! and `-f`) and `apply --server-side` of a multi-document manifest; kubectl reads aggregated
//! discovery; `version`, the health checks, `explain` (OpenAPI v3) and `apply` with client-side
//! validation (OpenAPI v2 in protobuf), and the server's `Invalid` errors as kubectl prints them;
//! `drain` under a disruption budget; custom resources; tables from `get`; `label`, `patch` of
//! each type and server dry runs of `create` and `delete`; PodSecurity's refusals and warnings
//! as kubectl prints them. Runs when `kubectl` is on the PATH
//! (or `KUBECTL` names it); without one it says so and checks nothing.

use crate::kubectl_support;

use std::sync::Arc;

use kapi_testing::{ApiServer, TestServer};
use kubectl_support::{kubectl, kubectl_binary, kubectl_status, normalized};

const DEPLOYMENT: &str = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},
"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[{"name":"web","image":"nginx"}]}}}}"#;

const CSR: &str = r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{"name":"c"},
"spec":{"request":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFROTJ3RGFvZlBrSXUwdnJYUy93Y216TTF4NEw0SXVFSHB5bVkxOC9PUUdxeFh1SXd2RXM2eTFjUm4rClJQZXBsWGtFWTlDYU9ML1Q3aXFxVEhoYWkwWDNvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUlnWldZQS9CVVQKTVc2ZmlnVXBsYWdqM0JYVkp3elBCMThBZU9Yekx3N0NaN3dDSVFEN3lraEVnd0ppRUl3OFVNaWhPSUVoS0p3TgpRK1h4S2U4VW5tNXFrYW1nckE9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K","signerName":"example.com/signer","usages":["client auth"]}}"#;

#[tokio::test]
async fn kubectl_drives_the_test_server() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
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
    api.register_builtin();
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

    // The v3 document's `patch` operation offers `fieldValidation`, so kubectl (validation on by
    // default) sends `fieldValidation=Strict` and the server refuses, as a cluster does: an
    // unknown field with upstream's strict decoding error, a wrong type as a bad request; nothing
    // is stored.
    let bad = APPLIED.replace("\"replicas\":REPLICAS", "\"replicaz\":2");
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(&bad)).await;
    assert_eq!(
        stderr.trim(),
        "Error from server (BadRequest): error when creating \"STDIN\": Deployment in version \"v1\" cannot be \
         handled as a Deployment: strict decoding error: unknown field \"spec.replicaz\"",
        "{stdout}"
    );
    assert!(!ok);
    let bad = APPLIED.replace("REPLICAS", "\"three\"");
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(&bad)).await;
    assert!(
        !ok && stderr.contains("Error from server (BadRequest)") && stderr.contains("spec.replicas"),
        "{stdout}{stderr}"
    );
    assert!(
        api.requests().iter().any(|r| r.path.ends_with("/deployments") && r.query.contains("fieldValidation=Strict")),
        "kubectl asked the server to validate"
    );
    let (ok, _, _) = kubectl_status(&bin, &kc, &["get", "deployment", "applied"], None).await;
    assert!(!ok, "nothing was stored");

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
    api.register_builtin();
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

const MANIFEST: &str = include_str!("../../../client/examples/manifest.yaml");

/// `kubectl drain`: cordons the node, lists its pods by `spec.nodeName`, and evicts them through
/// `pods/eviction`, retrying while the pod disruption budget allows no disruption.
#[tokio::test]
async fn kubectl_drain_waits_for_the_disruption_budget() {
    use kapi_api::core::v1::{ConditionStatus, PodCondition, PodConditionType, PodPhase};
    use kapi_api::meta::v1::{GetOptions, UpdateOptions};
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-drain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let cs =
        kapi_client::clientset::Clientset::new(kapi_client::Client::new(api.clone(), "http://in-process").unwrap());

    kubectl(
        &bin,
        &kc,
        &["create", "--validate=false", "-f", "-"],
        Some(r#"{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1"}}"#),
    )
    .await;
    let pod = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","namespace":"default","labels":{"app":"web"}},
"spec":{"nodeName":"n1","containers":[{"name":"web","image":"nginx"}]}}"#;
    kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(pod)).await;
    // A running, ready pod (no kubelet here: the test writes the status).
    let pods = cs.core_v1().pods("default");
    let mut web = pods.get("web", &GetOptions::default()).await.unwrap();
    web.status.phase = PodPhase("Running".into());
    web.status.conditions = vec![PodCondition {
        r#type: PodConditionType(PodConditionType::READY.into()),
        status: ConditionStatus(ConditionStatus::TRUE.into()),
        ..Default::default()
    }];
    pods.update_status(&web, &UpdateOptions::default()).await.unwrap();
    let pdb = r#"{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"web","namespace":"default"},
"spec":{"minAvailable":1,"selector":{"matchLabels":{"app":"web"}}}}"#;
    kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(pdb)).await;
    let budgets = cs.policy_v1().pod_disruption_budgets("default");
    let set_allowed = |allowed: i32| {
        let budgets = budgets.clone();
        async move {
            let mut b = budgets.get("web", &GetOptions::default()).await.unwrap();
            b.status.observed_generation = b.metadata.generation;
            (b.status.disruptions_allowed, b.status.current_healthy, b.status.desired_healthy) = (allowed, 1, 1);
            budgets.update_status(&b, &UpdateOptions::default()).await.unwrap();
        }
    };
    set_allowed(0).await;

    // No disruption allowed: kubectl retries the eviction until its timeout, and gives up.
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["drain", "n1", "--force", "--timeout=7s"], None).await;
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("Cannot evict pod as it would violate the pod's disruption budget."), "{stderr}");
    pods.get("web", &GetOptions::default()).await.unwrap();
    let cordoned = kubectl(&bin, &kc, &["get", "node", "n1", "-o", "jsonpath={.spec.unschedulable}"], None).await;
    assert_eq!(cordoned, "true");

    // One allowed: the pod is evicted, the budget spent, the node drained.
    set_allowed(1).await;
    let out = kubectl(&bin, &kc, &["drain", "n1", "--force", "--timeout=60s"], None).await;
    assert!(out.contains("pod/web evicted") && out.contains("node/n1 drained"), "{out}");
    assert!(pods.get("web", &GetOptions::default()).await.unwrap_err().is_not_found());
    let spent = budgets.get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(spent.status.disruptions_allowed, 0);
    assert!(spent.status.disrupted_pods.contains_key("web"));
    std::fs::remove_dir_all(&dir).ok();
}

const WIDGET_CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            description: What the widget should be.
            required: [size]
            properties:
              size: {type: integer, minimum: 1, maximum: 10, description: How big the widget is.}
              color: {type: string, default: blue}
              replicas: {type: integer}
          status:
            type: object
            properties:
              replicas: {type: integer}
"#;

/// kubectl with custom resources: the definition by `apply`, `wait` for `Established`, `apply`
/// of a custom object (defaulted and pruned by the server), the server's `Invalid` error line,
/// `get`, `explain` from the published schema, `scale` through the `scale` subresource, and
/// deleting the definition.
#[tokio::test]
async fn kubectl_drives_custom_resources() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-crd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    let out = kubectl(&bin, &kc, &["apply", "-f", "-"], Some(WIDGET_CRD)).await;
    assert_eq!(out.trim(), "customresourcedefinition.apiextensions.k8s.io/widgets.example.com created");
    let out = kubectl(
        &bin,
        &kc,
        &["wait", "--for", "condition=Established", "customresourcedefinitions/widgets.example.com", "--timeout=10s"],
        None,
    )
    .await;
    assert_eq!(out.trim(), "customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met");

    let widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n";
    let out = kubectl(&bin, &kc, &["apply", "-f", "-"], Some(widget)).await;
    assert_eq!(out.trim(), "widget.example.com/w created");
    let color = kubectl(&bin, &kc, &["get", "widget", "w", "-o", "jsonpath={.spec.color}"], None).await;
    assert_eq!(color, "blue", "defaulted from the schema");

    // Client-side validation knows the schema too; without it the server answers `Invalid`.
    let invalid = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: big}\nspec: {size: 11}\n";
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["apply", "--validate=false", "-f", "-"], Some(invalid)).await;
    assert!(!ok);
    assert_eq!(
        stderr.trim(),
        "The Widget \"big\" is invalid: spec.size: Invalid value: 11: spec.size in body should be less than or equal to 10"
    );
    let unknown = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: u}\nspec: {size: 1, shape: round}\n";
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(unknown)).await;
    assert!(!ok, "validation finds the unknown field");
    assert_eq!(
        stderr.trim(),
        "Error from server (BadRequest): error when creating \"STDIN\": Widget in version \"v1\" cannot be handled \
         as a Widget: strict decoding error: unknown field \"spec.shape\"",
        "the custom resource's OpenAPI v3 paths offer `fieldValidation`, so kubectl leaves the check to the server"
    );

    // Short names (`wd`) wait for discovery to carry them.
    let listed = kubectl(&bin, &kc, &["get", "widgets"], None).await;
    let first: Vec<&str> = listed.lines().map(|l| l.split_whitespace().next().unwrap_or_default()).collect();
    assert_eq!(first, ["NAME", "w"], "{listed}");

    let explained = kubectl(&bin, &kc, &["explain", "widgets.spec"], None).await;
    assert!(explained.contains("KIND:       Widget"), "{explained}");
    assert!(explained.contains("What the widget should be."), "{explained}");
    assert!(
        explained.contains("size\t<integer> -required-") && explained.contains("How big the widget is."),
        "{explained}"
    );

    let out = kubectl(&bin, &kc, &["scale", "widget", "w", "--replicas=4"], None).await;
    assert_eq!(out.trim(), "widget.example.com/w scaled");
    let replicas = kubectl(&bin, &kc, &["get", "widget", "w", "-o", "jsonpath={.spec.replicas}"], None).await;
    assert_eq!(replicas, "4");

    let out = kubectl(&bin, &kc, &["delete", "customresourcedefinitions", "widgets.example.com"], None).await;
    assert_eq!(out.trim(), "customresourcedefinition.apiextensions.k8s.io \"widgets.example.com\" deleted");
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["get", "widgets"], None).await;
    assert!(!ok);
    // kubectl's discovery cache may still name the resource; the server no longer serves it.
    assert!(
        stderr.contains("the server doesn't have a resource type \"widgets\"")
            || stderr.trim()
                == "Error from server (NotFound): Unable to list \"example.com/v1, Resource=widgets\": the server \
                    could not find the requested resource",
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

const BAD_WEBHOOK: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: bad
webhooks:
- name: hook.example.com
  clientConfig:
    url: https://hook.example.com/
  sideEffects: Sometimes
  admissionReviewVersions: [v1]
";

/// `kubectl apply` (client-side and server-side) of an invalid webhook configuration, and of a
/// deployment whose selector misses its template, prints upstream's field error as kubectl shows
/// a kube-apiserver `Invalid`, and nothing is stored.
#[tokio::test]
async fn kubectl_apply_of_an_invalid_object_prints_the_field_error() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-invalid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    // kubectl rebuilds the line from the status details: the kind and each cause.
    let line = r#"The ValidatingWebhookConfiguration "bad" is invalid: webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#;
    for args in [&["apply", "-f", "-"][..], &["apply", "--server-side", "-f", "-"][..]] {
        let (ok, stdout, stderr) = kubectl_status(&bin, &kc, args, Some(BAD_WEBHOOK)).await;
        assert!(!ok && stderr.contains(line), "kubectl {}:\n{stdout}{stderr}", args.join(" "));
    }
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["get", "validatingwebhookconfiguration", "bad"], None).await;
    assert!(!ok && stderr.contains("not found"), "{stderr}");
    // A deployment whose selector misses its template, refused by apps/v1's validation.
    let line = r#"The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`"#;
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(MISMATCHED_DEPLOYMENT)).await;
    assert!(!ok && stderr.contains(line), "{stdout}{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

const MISMATCHED_DEPLOYMENT: &str = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},
"spec":{"selector":{"matchLabels":{"app":"api"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[{"name":"web","image":"nginx"}]}}}}"#;

const SERVICE: &str = r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"default"},
"spec":{"type":"NodePort","clusterIP":"10.96.0.10","clusterIPs":["10.96.0.10"],"selector":{"app":"web"},
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
    api.register_builtin();
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
    assert_eq!(
        svc,
        [
            "NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE",
            "kubernetes ClusterIP 10.96.0.1 <none> 443/TCP AGE",
            "web NodePort 10.96.0.10 <none> 80:30080/TCP AGE"
        ]
    );

    // The `all` category: every kind in it, each table under its own header.
    let all = normalized(&kubectl(&bin, &kc, &["get", "all"], None).await);
    assert_eq!(
        all,
        [
            "NAME READY STATUS RESTARTS AGE",
            "pod/web-1 1/2 CrashLoopBackOff 2 AGE",
            "",
            "NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE",
            "service/kubernetes ClusterIP 10.96.0.1 <none> 443/TCP AGE",
            "service/web NodePort 10.96.0.10 <none> 80:30080/TCP AGE",
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

/// kubectl's everyday writes: `create` and `delete` with `--dry-run=server` (nothing stored, the
/// server's answer printed), `label` (add, overwrite refused then forced, remove), and `patch`
/// of each type (strategic merge by a container's name, merge, JSON patch).
#[tokio::test]
async fn kubectl_labels_patches_and_dry_runs() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-writes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let get = |path: &'static str| ["get", "deployment", "web", "-o", path];

    // Dry-run create: printed as created, not stored.
    let out = kubectl(&bin, &kc, &["create", "--dry-run=server", "-f", "-"], Some(DEPLOYMENT)).await;
    assert_eq!(out, "deployment.apps/web created (server dry run)\n");
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["get", "deployment", "web"], None).await;
    assert!(!ok && stderr.contains("\"web\" not found"), "{stderr}");
    assert!(api.requests().iter().any(|r| r.method == http::Method::POST && r.query.contains("dryRun=All")));
    kubectl(&bin, &kc, &["create", "-f", "-"], Some(DEPLOYMENT)).await;

    // Labels.
    assert_eq!(
        kubectl(&bin, &kc, &["label", "deployment", "web", "tier=front"], None).await,
        "deployment.apps/web labeled\n"
    );
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["label", "deployment", "web", "tier=back"], None).await;
    assert!(!ok && stderr.contains("already has a value (front)"), "{stderr}");
    kubectl(&bin, &kc, &["label", "deployment", "web", "tier=back", "--overwrite"], None).await;
    assert_eq!(kubectl(&bin, &kc, &get("jsonpath={.metadata.labels.tier}"), None).await, "back");
    kubectl(&bin, &kc, &["label", "deployment", "web", "tier-"], None).await;
    assert_eq!(kubectl(&bin, &kc, &get("jsonpath={.metadata.labels.tier}"), None).await, "");

    // Patches of each type.
    let strategic = r#"{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"nginx:1.27"}]}}}}"#;
    let out = kubectl(&bin, &kc, &["patch", "deployment", "web", "-p", strategic], None).await;
    assert_eq!(out, "deployment.apps/web patched\n");
    assert_eq!(
        kubectl(&bin, &kc, &get("jsonpath={.spec.template.spec.containers[*].image}"), None).await,
        "nginx:1.27",
        "the strategic merge patch replaced the container by name, keeping one"
    );
    kubectl(&bin, &kc, &["patch", "deployment", "web", "--type=merge", "-p", r#"{"spec":{"replicas":4}}"#], None).await;
    assert_eq!(kubectl(&bin, &kc, &get("jsonpath={.spec.replicas}"), None).await, "4");
    let json = r#"[{"op":"replace","path":"/spec/replicas","value":6},{"op":"add","path":"/metadata/annotations","value":{"a":"b"}}]"#;
    kubectl(&bin, &kc, &["patch", "deployment", "web", "--type=json", "-p", json], None).await;
    assert_eq!(kubectl(&bin, &kc, &get("jsonpath={.spec.replicas} {.metadata.annotations.a}"), None).await, "6 b");
    let types: Vec<String> = api
        .requests()
        .into_iter()
        .filter(|r| r.method == http::Method::PATCH)
        .map(|r| r.content_type.clone().unwrap_or_default())
        .collect();
    for t in ["application/strategic-merge-patch+json", "application/merge-patch+json", "application/json-patch+json"] {
        assert!(types.iter().any(|c| c == t), "{t} not among {types:?}");
    }
    // A patch the server cannot apply is its error, printed by kubectl.
    let bad = r#"[{"op":"remove","path":"/spec/nothing"}]"#;
    let (ok, _, stderr) =
        kubectl_status(&bin, &kc, &["patch", "deployment", "web", "--type=json", "-p", bad], None).await;
    assert!(!ok, "{stderr}");
    assert_eq!(
        stderr,
        "The request is invalid: remove operation does not apply: doc is missing path: \"/spec/nothing\"\n"
    );

    // Dry-run delete: printed as deleted, still there.
    let out = kubectl(&bin, &kc, &["delete", "deployment", "web", "--dry-run=server"], None).await;
    assert_eq!(out, "deployment.apps \"web\" deleted (server dry run)\n");
    assert_eq!(kubectl(&bin, &kc, &get("jsonpath={.metadata.name}"), None).await, "web");
    std::fs::remove_dir_all(&dir).ok();
}

/// A certificate signing request for `CN=alice` (a P-256 key), base64 as the API carries it.
const CSR_REQUEST: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFROTJ3RGFvZlBrSXUwdnJYUy93Y216TTF4NEw0SXVFSHB5bVkxOC9PUUdxeFh1SXd2RXM2eTFjUm4rClJQZXBsWGtFWTlDYU9ML1Q3aXFxVEhoYWkwWDNvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUlnWldZQS9CVVQKTVc2ZmlnVXBsYWdqM0JYVkp3elBCMThBZU9Yekx3N0NaN3dDSVFEN3lraEVnd0ppRUl3OFVNaWhPSUVoS0p3TgpRK1h4S2U4VW5tNXFrYW1nckE9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K";

/// `kubectl get` of persistent volumes and claims, quotas and signing requests prints
/// upstream's columns for them, and custom resources print their definition's
/// `additionalPrinterColumns` (priority 1 only with `-o wide`).
#[tokio::test]
async fn kubectl_get_prints_storage_quota_csr_and_custom_columns() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-tables2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    let pv = r#"{"apiVersion":"v1","kind":"PersistentVolume","metadata":{"name":"pv-1"},
"spec":{"capacity":{"storage":"5Gi"},"accessModes":["ReadWriteOnce","ReadOnlyMany"],"persistentVolumeReclaimPolicy":"Retain",
"storageClassName":"fast","hostPath":{"path":"/data"},"claimRef":{"namespace":"default","name":"data"}}}"#;
    let pvc = r#"{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data","namespace":"default"},
"spec":{"accessModes":["ReadWriteOnce"],"storageClassName":"fast","volumeName":"pv-1","resources":{"requests":{"storage":"1Gi"}}}}"#;
    let quota = r#"{"apiVersion":"v1","kind":"ResourceQuota","metadata":{"name":"compute","namespace":"default"},
"spec":{"hard":{"pods":"10","limits.cpu":"2"}}}"#;
    let csr = format!(
        r#"{{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{{"name":"csr-1"}},
"spec":{{"request":"{CSR_REQUEST}","signerName":"example.com/signer","usages":["digital signature"],"expirationSeconds":86400}}}}"#
    );
    for doc in [pv, pvc, quota, &csr] {
        kubectl(&bin, &kc, &["create", "--validate=false", "-f", "-"], Some(doc)).await;
    }
    // What the volume binder would report (the quota controller runs: its status is counted).
    for (kind, name, status) in [
        ("pv", "pv-1", r#"{"status":{"phase":"Bound"}}"#),
        (
            "pvc",
            "data",
            r#"{"status":{"phase":"Bound","accessModes":["ReadWriteOnce","ReadOnlyMany"],"capacity":{"storage":"5Gi"}}}"#,
        ),
    ] {
        kubectl(&bin, &kc, &["patch", kind, name, "--subresource=status", "--type=merge", "-p", status], None).await;
    }

    let got = normalized(&kubectl(&bin, &kc, &["get", "pv"], None).await);
    assert_eq!(
        got,
        [
            "NAME CAPACITY ACCESS MODES RECLAIM POLICY STATUS CLAIM STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE",
            "pv-1 5Gi RWO,ROX Retain Bound default/data fast <unset> AGE"
        ]
    );
    let got = normalized(&kubectl(&bin, &kc, &["get", "pvc", "-o", "wide"], None).await);
    assert_eq!(
        got,
        [
            "NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE VOLUMEMODE",
            "data Bound pv-1 5Gi RWO,ROX fast <unset> AGE Filesystem"
        ]
    );
    let want = ["NAME REQUEST LIMIT AGE", "compute pods: 0/10 limits.cpu: 0/2 AGE"];
    let started = std::time::Instant::now();
    loop {
        let got = normalized(&kubectl(&bin, &kc, &["get", "quota"], None).await);
        if got == want || started.elapsed() > std::time::Duration::from_secs(10) {
            assert_eq!(got, want, "the quota controller's count");
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // The requestor is who created it: this kubeconfig has no credentials, so anonymous.
    let raw = kubectl(&bin, &kc, &["get", "csr"], None).await;
    assert_eq!(
        normalized(&raw),
        [
            "NAME AGE SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION",
            "csr-1 AGE example.com/signer system:anonymous AGE Pending"
        ]
    );
    assert!(raw.contains(" 24h "), "the requested duration: {raw}");

    // A custom resource: the definition's columns, `Image` only in the wide output.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kitchen-sink/generated/crds/crontabs.stable.example.com.yaml");
    let yaml = std::fs::read_to_string(&path).expect("the generated definition");
    kubectl(&bin, &kc, &["apply", "-f", "-"], Some(&yaml)).await;
    kubectl(
        &bin,
        &kc,
        &[
            "wait",
            "--for",
            "condition=Established",
            "customresourcedefinitions/crontabs.stable.example.com",
            "--timeout=10s",
        ],
        None,
    )
    .await;
    let tab = "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: nightly}\nspec: {cronSpec: '0 3 * * *', image: backup, replicas: 2}\n";
    kubectl(&bin, &kc, &["apply", "-f", "-"], Some(tab)).await;
    let got = normalized(&kubectl(&bin, &kc, &["get", "crontabs"], None).await);
    assert_eq!(got, ["NAME SPEC REPLICAS AGE", "nightly 0 3 * * * 2 AGE"]);
    let got = normalized(&kubectl(&bin, &kc, &["get", "ct", "-o", "wide"], None).await);
    assert_eq!(got, ["NAME SPEC REPLICAS IMAGE AGE", "nightly 0 3 * * * 2 backup AGE"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn kubectl_prints_pod_security_refusals_and_warnings() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-psa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();

    kubectl(&bin, &kc, &["create", "namespace", "locked"], None).await;
    let (ok, out, err) = kubectl_status(
        &bin,
        &kc,
        &[
            "label",
            "namespace",
            "locked",
            "pod-security.kubernetes.io/enforce=baseline",
            "pod-security.kubernetes.io/warn=restricted",
        ],
        None,
    )
    .await;
    assert!(ok, "{out}{err}");
    // A privileged pod is refused under baseline, as kubectl prints a cluster's refusal.
    let (ok, _, err) = kubectl_status(
        &bin,
        &kc,
        &["run", "p", "-n", "locked", "--image=nginx", "--overrides", r#"{"spec":{"hostNetwork":true}}"#],
        None,
    )
    .await;
    assert!(!ok);
    assert_eq!(
        err.trim(),
        r#"Error from server (Forbidden): pods "p" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true)"#
    );
    // One baseline allows is created, with the restricted level's warning.
    let (ok, out, err) = kubectl_status(&bin, &kc, &["run", "q", "-n", "locked", "--image=nginx"], None).await;
    assert!(ok, "{out}{err}");
    assert!(
        err.starts_with(r#"Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "q" must set securityContext.allowPrivilegeEscalation=false)"#),
        "{err}"
    );
    assert_eq!(out.trim(), "pod/q created");
}
