//! The PodSecurity admission plugin through kapi-client against the test server: enforce refuses, warn warns, workloads only warn, namespace labels are checked, a tightened namespace names the pods that break it.

use std::sync::Arc;

use kapi_api::apps::v1::Deployment;
use kapi_api::core::v1::{Namespace, Pod};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, PatchOptions, UpdateOptions};
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Error, Patch, Transport};
use kapi_testing::server::{AdmissionPlugins, PodSecurityConfig};
use kapi_testing::{ApiServer, TestServer};

async fn cluster() -> (Clientset, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    (Clientset::new(client), server, test)
}

fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
    kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
}

async fn namespace(cs: &Clientset, name: &str, labels: &[(&str, &str)]) -> Namespace {
    let ns = Namespace {
        metadata: ObjectMeta {
            name: name.into(),
            labels: labels.iter().map(|(k, v)| (format!("pod-security.kubernetes.io/{k}"), (*v).to_owned())).collect(),
            ..Default::default()
        },
        ..Default::default()
    };
    cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap()
}

/// A pod with one container and nothing hardened.
fn bare(name: &str) -> Pod {
    from(&format!(r#"{{"metadata":{{"name":"{name}"}},"spec":{{"containers":[{{"name":"app","image":"nginx"}}]}}}}"#))
}

/// A pod that meets the restricted level.
fn hardened(name: &str) -> Pod {
    from(&format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{"securityContext":{{"runAsNonRoot":true,"seccompProfile":{{"type":"RuntimeDefault"}}}},
        "containers":[{{"name":"app","image":"nginx","securityContext":{{"allowPrivilegeEscalation":false,"capabilities":{{"drop":["ALL"]}}}}}}]}}}}"#
    ))
}

fn refusal(e: Error) -> (u16, String) {
    let s = e.status().unwrap_or_else(|| panic!("a Status error, got {e}"));
    (s.code, s.status.message.clone())
}

const RESTRICTED_FINDINGS: &str = concat!(
    r#"allowPrivilegeEscalation != false (container "app" must set securityContext.allowPrivilegeEscalation=false), "#,
    r#"unrestricted capabilities (container "app" must set securityContext.capabilities.drop=["ALL"]), "#,
    r#"runAsNonRoot != true (pod or container "app" must set securityContext.runAsNonRoot=true), "#,
    r#"seccompProfile (pod or container "app" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")"#,
);

#[tokio::test]
async fn enforce_refuses_and_warn_warns() {
    let (cs, _server, _test) = cluster().await;
    namespace(&cs, "locked", &[("enforce", "restricted")]).await;
    let pods = cs.core_v1().pods("locked");
    let e = pods.create(&bare("p"), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        refusal(e),
        (403, format!(r#"pods "p" is forbidden: violates PodSecurity "restricted:latest": {RESTRICTED_FINDINGS}"#))
    );
    // A dry run is refused the same way.
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    assert_eq!(refusal(pods.create(&bare("p"), &dry).await.unwrap_err()).0, 403);
    // The service account token volume the ServiceAccount plugin adds is a projected volume,
    // which the restricted level allows.
    let ok = pods.create_with_warnings(&hardened("ok"), &CreateOptions::default()).await.unwrap();
    assert!(ok.warnings.is_empty(), "{:?}", ok.warnings);
    assert!(ok.value.spec.volumes.iter().any(|v| v.volume_source.projected.is_some()));

    // Baseline enforced, restricted warned about.
    namespace(&cs, "mixed", &[("enforce", "baseline"), ("warn", "restricted")]).await;
    let pods = cs.core_v1().pods("mixed");
    let created = pods.create_with_warnings(&bare("p"), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.warnings, [format!(r#"would violate PodSecurity "restricted:latest": {RESTRICTED_FINDINGS}"#)]);
    let mut host = bare("host");
    host.spec.host_network = true;
    assert_eq!(
        refusal(pods.create(&host, &CreateOptions::default()).await.unwrap_err()),
        (
            403,
            r#"pods "host" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true)"#
                .into()
        )
    );

    // A pinned version evaluates that version's checks: probe hosts are checked from v1.34.
    namespace(&cs, "old", &[("enforce", "baseline"), ("enforce-version", "v1.33")]).await;
    let probing: Pod = from(
        r#"{"metadata":{"name":"probing"},"spec":{"containers":[{"name":"app","image":"nginx",
        "livenessProbe":{"httpGet":{"host":"10.0.0.1","port":80}}}]}}"#,
    );
    cs.core_v1().pods("old").create(&probing, &CreateOptions::default()).await.unwrap();
    namespace(&cs, "new", &[("enforce", "baseline")]).await;
    assert_eq!(
        refusal(cs.core_v1().pods("new").create(&probing, &CreateOptions::default()).await.unwrap_err()).1,
        r#"pods "probing" is forbidden: violates PodSecurity "baseline:latest": probe or lifecycle host (container "app" uses probe or lifecycle host "10.0.0.1")"#
    );
}

#[tokio::test]
async fn workloads_are_warned_about_not_refused() {
    let (cs, _server, _test) = cluster().await;
    namespace(&cs, "locked", &[("enforce", "restricted")]).await;
    let web: Deployment = from(
        r#"{"metadata":{"name":"web"},"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{
        "metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx"}]}}}}"#,
    );
    let created =
        cs.apps_v1().deployments("locked").create_with_warnings(&web, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.warnings, [format!(r#"would violate PodSecurity "restricted:latest": {RESTRICTED_FINDINGS}"#)]);
    // Every update of the deployment itself is judged again (upstream has no "significant
    // change" test for workloads).
    let patch = Patch::Merge(br#"{"spec":{"replicas":3}}"#.to_vec());
    let scaled = cs.apps_v1().deployments("locked").patch_with_warnings("web", &patch, &PatchOptions::default()).await;
    assert_eq!(scaled.unwrap().warnings.len(), 1);
}

#[tokio::test]
async fn namespace_labels_are_checked_and_tightening_names_the_pods_in_the_way() {
    let (cs, server, _test) = cluster().await;
    let namespaces = cs.core_v1().namespaces();
    let bad = Namespace {
        metadata: ObjectMeta {
            name: "bad".into(),
            labels: [("pod-security.kubernetes.io/enforce".to_owned(), "strict".to_owned())].into(),
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(
        refusal(namespaces.create(&bad, &CreateOptions::default()).await.unwrap_err()),
        (
            422,
            r#"Namespace "bad" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted"#
                .into()
        )
    );

    namespace(&cs, "team", &[]).await;
    let pods = cs.core_v1().pods("team");
    for name in ["b", "a"] {
        pods.create(&bare(name), &CreateOptions::default()).await.unwrap();
    }
    let mut host = bare("c");
    host.spec.host_pid = true;
    pods.create(&host, &CreateOptions::default()).await.unwrap();
    pods.create(&hardened("d"), &CreateOptions::default()).await.unwrap();
    let mut team = namespaces.get("team", &Default::default()).await.unwrap();
    team.metadata.labels.insert("pod-security.kubernetes.io/enforce".into(), "restricted".into());
    let updated = namespaces.update_with_warnings(&team, &UpdateOptions::default()).await.unwrap();
    assert_eq!(
        updated.warnings,
        [
            r#"existing pods in namespace "team" violate the new PodSecurity enforce level "restricted:latest""#,
            "a (and 1 other pod): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile",
            "c: host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile",
        ]
    );
    // Loosening again says nothing.
    let mut team = updated.value;
    team.metadata.labels.insert("pod-security.kubernetes.io/enforce".into(), "baseline".into());
    assert!(namespaces.update_with_warnings(&team, &UpdateOptions::default()).await.unwrap().warnings.is_empty());

    // An update of a pod that keeps its images is not judged again; one that changes an image is.
    let mut team = namespaces.get("team", &Default::default()).await.unwrap();
    team.metadata.labels.insert("pod-security.kubernetes.io/enforce".into(), "restricted".into());
    namespaces.update(&team, &UpdateOptions::default()).await.unwrap();
    let mut a = pods.get("a", &Default::default()).await.unwrap();
    a.metadata.labels.insert("touched".into(), "yes".into());
    let a = pods.update(&a, &UpdateOptions::default()).await.unwrap();
    let mut a2 = a.clone();
    if let Some(cs) = a2.spec.containers.as_mut() {
        cs[0].image = "nginx:2".into();
    }
    assert_eq!(refusal(pods.update(&a2, &UpdateOptions::default()).await.unwrap_err()).0, 403);

    // Exempt namespaces pass, and the plugin can be turned off.
    server.set_pod_security(PodSecurityConfig { exempt_namespaces: vec!["team".into()], ..Default::default() });
    pods.create(&bare("exempt"), &CreateOptions::default()).await.unwrap();
    server.set_pod_security(PodSecurityConfig::default());
    assert_eq!(refusal(pods.create(&bare("e"), &CreateOptions::default()).await.unwrap_err()).0, 403);
    let mut plugins = AdmissionPlugins::default();
    plugins.set("PodSecurity", false).unwrap();
    server.set_admission_plugins(plugins);
    pods.create(&bare("e"), &CreateOptions::default()).await.unwrap();
}

#[tokio::test]
async fn the_admission_configuration_sets_defaults_and_exemptions() {
    let config = PodSecurityConfig::parse(
        br#"apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
- name: PodSecurity
  configuration:
    apiVersion: pod-security.admission.config.k8s.io/v1
    kind: PodSecurityConfiguration
    defaults:
      enforce: baseline
      warn: restricted
    exemptions:
      namespaces: [kube-system]
"#,
    )
    .unwrap();
    assert_eq!(config.defaults.enforce.to_string(), "baseline:latest");
    assert_eq!(config.defaults.audit.to_string(), "privileged:latest");
    let (cs, server, _test) = cluster().await;
    server.set_pod_security(config);
    namespace(&cs, "plain", &[]).await;
    let mut host = bare("host");
    host.spec.host_network = true;
    assert_eq!(
        refusal(cs.core_v1().pods("plain").create(&host, &CreateOptions::default()).await.unwrap_err()).1,
        r#"pods "host" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true)"#
    );
    let warned = cs.core_v1().pods("plain").create_with_warnings(&bare("p"), &CreateOptions::default()).await.unwrap();
    assert_eq!(warned.warnings.len(), 1);
    cs.core_v1().pods("kube-system").create(&host, &CreateOptions::default()).await.unwrap();

    let bad = PodSecurityConfig::parse(
        br#"{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration",
        "defaults":{"enforce":"strict","warn-version":"1.30"},"exemptions":{"namespaces":["a","a","Bad"]}}"#,
    )
    .unwrap_err();
    assert_eq!(
        bad,
        concat!(
            r#"defaults.enforce: Invalid value: "strict": must be one of privileged, baseline, restricted, "#,
            r#"defaults.warn-version: Invalid value: "1.30": must be "latest" or "v1.x", "#,
            r#"exemptions.namespaces[1]: Duplicate value: "a", "#,
            r#"exemptions.namespaces[2]: Invalid value: "Bad": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#,
        )
    );
}

#[tokio::test]
async fn audit_mode_annotates_the_audit_event() {
    let (cs, server, _test) = cluster().await;
    server.set_audit(
        kapi_testing::AuditPolicy::parse(b"apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n")
            .unwrap(),
        None,
    );
    namespace(&cs, "watched", &[("audit", "restricted")]).await;
    // Admitted (enforce is privileged), with the audit level's findings in the event.
    cs.core_v1().pods("watched").create(&bare("p"), &CreateOptions::default()).await.unwrap();
    cs.core_v1().pods("watched").create(&hardened("q"), &CreateOptions::default()).await.unwrap();
    let events = server.audit_events();
    let completed = |name: &str| {
        events
            .iter()
            .find(|e| {
                e.get("stage").and_then(|s| s.as_str()) == Some("ResponseComplete")
                    && e.get("verb").and_then(|s| s.as_str()) == Some("create")
                    && e.get("objectRef").and_then(|o| o.get("name")).and_then(|n| n.as_str()) == Some(name)
            })
            .unwrap_or_else(|| panic!("no event for {name}"))
            .clone()
    };
    let annotation = |e: &kapi_machinery::json::value::Value, k: &str| {
        e.get("annotations").and_then(|a| a.get(k)).and_then(|v| v.as_str()).map(str::to_owned)
    };
    let p = completed("p");
    assert_eq!(annotation(&p, "pod-security.kubernetes.io/enforce-policy").as_deref(), Some("privileged:latest"));
    assert_eq!(
        annotation(&p, "pod-security.kubernetes.io/audit-violations"),
        Some(format!("would violate PodSecurity \"restricted:latest\": {RESTRICTED_FINDINGS}"))
    );
    let q = completed("q");
    assert_eq!(annotation(&q, "pod-security.kubernetes.io/audit-violations"), None);
    assert_eq!(annotation(&q, "authorization.k8s.io/decision").as_deref(), Some("allow"));
}
