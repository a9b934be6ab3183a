//! The webhook server and the test server together: a `MutatingWebhookConfiguration` registered
//! through the client, served over TLS by `kapi_webhook::serve`, mutates, denies, sees dry runs
//! (and keeps its side effects out of them); a webhook with `sideEffects: Some` is refused on a
//! dry run; failure policies decide what an unreachable webhook does.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MutatingWebhook, MutatingWebhookConfiguration, OperationType, Rule, RuleWithOperations,
    ServiceReference, SideEffectClass, ValidatingWebhook, ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kapi_api::core::v1::{Container, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, GetOptions, LabelSelector, ObjectMeta};
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Transport};
use kapi_testing::{ApiServer, TestServer};
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits, Operation};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};

/// A CA and a server certificate for the webhook's service name and loopback.
struct Pki {
    ca_pem: String,
    server: Arc<rustls::ServerConfig>,
}

fn new_pki(names: &[&str]) -> Pki {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "webhook test CA");
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(names.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap();
    let cert = params.signed_by(&key, &ca_cert, &ca_key).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], rustls_pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .unwrap();
    Pki { ca_pem: ca_cert.pem(), server: Arc::new(server) }
}

/// What the webhook saw and did.
#[derive(Default)]
struct Seen {
    /// `(operation, name, dry_run)` of each call.
    calls: Mutex<Vec<(Operation, String, bool)>>,
    /// Side effects performed (only outside dry runs).
    effects: AtomicUsize,
}

/// Labels every pod `mutated=true` and annotates it (a key with `/` and `~` to exercise the
/// patch's escaping); refuses pods labelled `deny=yes`.
async fn admit(seen: Arc<Seen>, req: AdmissionRequest) -> AdmissionResponse {
    let pod: Pod = match req.object_as::<Pod>() {
        Ok(Some(p)) => p,
        Ok(None) => return AdmissionResponse::allow(),
        Err(e) => return AdmissionResponse::deny(400, e.to_string()),
    };
    seen.calls.lock().unwrap().push((req.operation, pod.metadata.name.clone(), req.dry_run));
    if pod.metadata.labels.get("deny").map(String::as_str) == Some("yes") {
        return AdmissionResponse::deny(400, "pods labelled deny=yes are refused");
    }
    if !req.dry_run {
        seen.effects.fetch_add(1, Ordering::SeqCst);
    }
    let mut mutated = pod.clone();
    mutated.metadata.labels.insert("mutated".into(), "true".into());
    // A key with `/`, which the patch must escape (`~1`); the server refuses keys that are not
    // qualified names, so the `~0` escape is left to the patch module's own tests.
    mutated.metadata.annotations.insert("example.com/seen-by".into(), "kapi-webhook".into());
    AdmissionResponse::mutate_typed(&req, &mutated).unwrap().with_warning("pod mutated by the test webhook")
}

fn pod(name: &str, labels: &[(&str, &str)]) -> Pod {
    Pod {
        metadata: ObjectMeta {
            name: name.into(),
            namespace: "default".into(),
            labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Default::default()
        },
        spec: PodSpec {
            containers: Some(vec![Container { name: "app".into(), image: "nginx".into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn pod_rule() -> Vec<RuleWithOperations> {
    vec![RuleWithOperations {
        operations: vec![OperationType::from(OperationType::CREATE), OperationType::from(OperationType::UPDATE)],
        rule: Rule {
            api_groups: vec!["".into()],
            api_versions: vec!["v1".into()],
            resources: vec!["pods".into()],
            ..Default::default()
        },
    }]
}

struct Env {
    cs: Clientset,
    server: Arc<ApiServer>,
    warnings: Arc<Mutex<Vec<String>>>,
    api: TestServer,
}

async fn env() -> Env {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let api = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(api.url()).unwrap();
    config.retry.max_retries = 0;
    let warnings = Arc::new(Mutex::new(Vec::new()));
    let sink = warnings.clone();
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), api.url())
        .unwrap()
        .with_warning_handler(move |w: &str| sink.lock().unwrap().push(w.to_owned()));
    Env { cs: Clientset::new(client), server, warnings, api }
}

/// Starts the webhook over TLS on loopback and returns its address.
async fn start_webhook(tls: Arc<rustls::ServerConfig>, seen: Arc<Seen>) -> String {
    start_handler(tls, move |req: AdmissionRequest| admit(seen.clone(), req)).await
}

async fn start_handler(tls: Arc<rustls::ServerConfig>, handler: impl kapi_webhook::Handler) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(kapi_webhook::serve(listener, Some(tls), handler, Limits::default()));
    addr
}

fn status_of(e: &kapi_client::Error) -> (u16, String) {
    let s = e.status().unwrap_or_else(|| panic!("a status error, got {e}"));
    (s.code, s.status.message.clone())
}

#[tokio::test]
async fn mutates_denies_and_keeps_side_effects_out_of_dry_runs() {
    let env = env().await;
    let pki = new_pki(&["pod-hook.webhooks.svc"]);
    let seen = Arc::new(Seen::default());
    let addr = start_webhook(pki.server.clone(), seen.clone()).await;
    env.server.set_webhook_service("webhooks", "pod-hook", 8443, &addr);

    let hooks = env.cs.admissionregistration_v1().mutating_webhook_configurations();
    hooks
        .create(
            &MutatingWebhookConfiguration {
                metadata: ObjectMeta { name: "pods".into(), ..Default::default() },
                webhooks: vec![MutatingWebhook {
                    name: "pods.example.com".into(),
                    client_config: WebhookClientConfig {
                        service: Some(ServiceReference {
                            namespace: "webhooks".into(),
                            name: "pod-hook".into(),
                            path: Some("/mutate".into()),
                            port: Some(8443),
                        }),
                        ca_bundle: Some(pki.ca_pem.clone().into_bytes()),
                        ..Default::default()
                    },
                    rules: pod_rule(),
                    side_effects: Some(SideEffectClass::from(SideEffectClass::NONE_ON_DRY_RUN)),
                    admission_review_versions: Some(vec!["v1".into(), "v1beta1".into()]),
                    ..Default::default()
                }],
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .unwrap();
    let pods = env.cs.core_v1().pods("default");

    // The mutation reaches the stored object and the answer; the warning reaches the client.
    let created = pods.create(&pod("web", &[("app", "web")]), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.metadata.labels.get("mutated").map(String::as_str), Some("true"));
    assert_eq!(created.metadata.labels.get("app").map(String::as_str), Some("web"));
    assert_eq!(created.metadata.annotations.get("example.com/seen-by").map(String::as_str), Some("kapi-webhook"));
    let stored = pods.get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(stored.metadata.labels, created.metadata.labels);
    assert!(env.warnings.lock().unwrap().iter().any(|w| w == "pod mutated by the test webhook"));
    assert_eq!(seen.effects.load(Ordering::SeqCst), 1);

    // A deny carries the webhook's code and upstream's message form.
    let err = pods.create(&pod("bad", &[("deny", "yes")]), &CreateOptions::default()).await.unwrap_err();
    let (code, message) = status_of(&err);
    assert_eq!(code, 400);
    assert_eq!(
        message,
        "admission webhook \"pods.example.com\" denied the request: pods labelled deny=yes are refused"
    );
    assert!(pods.get("bad", &GetOptions::default()).await.is_err());

    // A dry run: the webhook is told, mutates the answer, performs no side effect, nothing is stored.
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let answered = pods.create(&pod("dry", &[]), &dry).await.unwrap();
    assert_eq!(answered.metadata.labels.get("mutated").map(String::as_str), Some("true"));
    assert!(seen.calls.lock().unwrap().contains(&(Operation::Create, "dry".into(), true)));
    assert_eq!(seen.effects.load(Ordering::SeqCst), 1);
    assert!(pods.get("dry", &GetOptions::default()).await.is_err());

    // Updates go through the webhook too (the label removed by the client comes back).
    let mut changed = stored.clone();
    changed.metadata.labels.remove("mutated");
    let updated = pods.update(&changed, &Default::default()).await.unwrap();
    assert_eq!(updated.metadata.labels.get("mutated").map(String::as_str), Some("true"));
    assert!(seen.calls.lock().unwrap().contains(&(Operation::Update, "web".into(), false)));

    // A webhook with side effects is refused on a dry run, with upstream's error, before it is
    // called; outside dry runs it is called.
    let some_seen = Arc::new(Seen::default());
    let pki2 = new_pki(&["127.0.0.1"]);
    let addr2 = start_webhook(pki2.server.clone(), some_seen.clone()).await;
    // v1 validation rejects `sideEffects: Some` on create; such webhooks exist only as objects
    // older servers stored, so this one is stored with validation off.
    env.server.set_validation(false);
    env.cs
        .admissionregistration_v1()
        .validating_webhook_configurations()
        .create(
            &ValidatingWebhookConfiguration {
                metadata: ObjectMeta { name: "audited".into(), ..Default::default() },
                webhooks: vec![ValidatingWebhook {
                    name: "some.example.com".into(),
                    client_config: WebhookClientConfig {
                        url: Some(format!("https://{addr2}/validate")),
                        ca_bundle: Some(pki2.ca_pem.clone().into_bytes()),
                        ..Default::default()
                    },
                    rules: pod_rule(),
                    object_selector: Some(LabelSelector {
                        match_labels: BTreeMap::from([("audit".to_owned(), "yes".to_owned())]),
                        ..Default::default()
                    }),
                    side_effects: Some(SideEffectClass::from(SideEffectClass::SOME)),
                    admission_review_versions: Some(vec!["v1beta1".into()]),
                    ..Default::default()
                }],
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .unwrap();
    env.server.set_validation(true);
    let err = pods.create(&pod("audited-dry", &[("audit", "yes")]), &dry).await.unwrap_err();
    assert_eq!(status_of(&err), (400, "admission webhook \"some.example.com\" does not support dry run".into()));
    assert!(some_seen.calls.lock().unwrap().is_empty());
    // Unlabelled pods are outside its object selector, so a dry run of one goes through.
    pods.create(&pod("plain-dry", &[]), &dry).await.unwrap();
    pods.create(&pod("audited", &[("audit", "yes")]), &CreateOptions::default()).await.unwrap();
    // The validating webhook sees the object after the mutating one changed it.
    assert_eq!(some_seen.calls.lock().unwrap().as_slice(), &[(Operation::Create, "audited".to_owned(), false)]);
}

#[tokio::test]
async fn failure_policy_decides_for_an_unreachable_webhook() {
    let env = env().await;
    // A port nothing listens on any more.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let hooks = env.cs.admissionregistration_v1().validating_webhook_configurations();
    let config = |policy: &str| ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: "down".into(), ..Default::default() },
        webhooks: vec![ValidatingWebhook {
            name: "down.example.com".into(),
            client_config: WebhookClientConfig { url: Some(format!("https://{closed}/")), ..Default::default() },
            rules: pod_rule(),
            failure_policy: Some(FailurePolicyType::from(policy)),
            side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
            timeout_seconds: Some(2),
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    };
    hooks.create(&config(FailurePolicyType::IGNORE), &CreateOptions::default()).await.unwrap();
    let pods = env.cs.core_v1().pods("default");
    pods.create(&pod("ignored", &[]), &CreateOptions::default()).await.unwrap();

    hooks.delete("down", &Default::default()).await.unwrap();
    hooks.create(&config(FailurePolicyType::FAIL), &CreateOptions::default()).await.unwrap();
    let err = pods.create(&pod("failed", &[]), &CreateOptions::default()).await.unwrap_err();
    let (code, message) = status_of(&err);
    assert_eq!(code, 500);
    // The URL as upstream's REST client posts to it, the webhook's timeout in the query.
    let prefix = format!(
        "Internal error occurred: failed calling webhook \"down.example.com\": failed to call webhook: Post \
         \"https://{closed}/?timeout=2s\": "
    );
    assert!(message.starts_with(&prefix), "{message}");
}

/// What the patch-and-delete webhook saw: operation, name, whether it had the old object.
type Calls = Arc<Mutex<Vec<(Operation, String, bool)>>>;

#[tokio::test]
async fn patches_deletes_and_namespace_selectors_are_admitted() {
    use kapi_api::core::v1::Namespace;
    use kapi_client::Patch;

    let env = env().await;
    let pki = new_pki(&["127.0.0.1"]);
    let calls: Calls = Arc::default();
    let record = calls.clone();
    // Mutating: keeps `spec.activeDeadlineSeconds` at 600 whatever a patch says; refuses the
    // deletion of pods labelled `keep` (silently, to see upstream's "without explanation").
    let addr = start_handler(pki.server.clone(), move |req: AdmissionRequest| {
        let record = record.clone();
        async move {
            record.lock().unwrap().push((req.operation, req.name.clone(), req.old_object.is_some()));
            match req.operation {
                Operation::Delete => {
                    let old: Pod = req.old_object_as().unwrap().unwrap();
                    if old.metadata.labels.contains_key("keep") {
                        return AdmissionResponse::deny_with_status(Default::default());
                    }
                    AdmissionResponse::allow()
                }
                _ => {
                    let mut pod: Pod = req.object_as().unwrap().unwrap();
                    pod.spec.active_deadline_seconds = Some(600);
                    AdmissionResponse::mutate_typed(&req, &pod).unwrap()
                }
            }
        }
    })
    .await;
    env.cs
        .core_v1()
        .namespaces()
        .create(
            &Namespace {
                metadata: ObjectMeta {
                    name: "watched".into(),
                    labels: BTreeMap::from([("webhooks".to_owned(), "on".to_owned())]),
                    ..Default::default()
                },
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .unwrap();
    let mut rules = pod_rule();
    rules[0].operations.push(OperationType::from(OperationType::DELETE));
    rules[0].rule.resources.push("pods/status".into());
    env.cs
        .admissionregistration_v1()
        .mutating_webhook_configurations()
        .create(
            &MutatingWebhookConfiguration {
                metadata: ObjectMeta { name: "deadline".into(), ..Default::default() },
                webhooks: vec![MutatingWebhook {
                    name: "deadline.example.com".into(),
                    client_config: WebhookClientConfig {
                        url: Some(format!("https://{addr}/")),
                        ca_bundle: Some(pki.ca_pem.clone().into_bytes()),
                        ..Default::default()
                    },
                    rules,
                    namespace_selector: Some(LabelSelector {
                        match_labels: BTreeMap::from([("webhooks".to_owned(), "on".to_owned())]),
                        ..Default::default()
                    }),
                    side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
                    admission_review_versions: Some(vec!["v1".into()]),
                    ..Default::default()
                }],
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .unwrap();

    // Outside the selected namespace nothing is called.
    let elsewhere = env.cs.core_v1().pods("default");
    let mut p = pod("free", &[]);
    p.metadata.namespace = "default".into();
    let free = elsewhere.create(&p, &CreateOptions::default()).await.unwrap();
    assert_eq!(free.spec.active_deadline_seconds, None);
    assert!(calls.lock().unwrap().is_empty());

    let pods = env.cs.core_v1().pods("watched");
    let mut p = pod("kept", &[("keep", "yes")]);
    p.metadata.namespace = "watched".into();
    let created = pods.create(&p, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.active_deadline_seconds, Some(600));

    // A merge patch is admitted as the update it amounts to, and the webhook's change wins.
    let patched = pods
        .patch(
            "kept",
            &Patch::Merge(br#"{"spec":{"activeDeadlineSeconds":5},"metadata":{"labels":{"x":"1"}}}"#.to_vec()),
            &Default::default(),
        )
        .await
        .unwrap();
    assert_eq!(patched.spec.active_deadline_seconds, Some(600));
    assert_eq!(patched.metadata.labels.get("x").map(String::as_str), Some("1"));
    assert!(calls.lock().unwrap().contains(&(Operation::Update, "kept".into(), true)));

    // The status subresource matches `pods/status`.
    let mut status = patched.clone();
    status.spec.active_deadline_seconds = Some(7);
    status.status.message = "hello".into();
    let after = pods.update_status(&status, &Default::default()).await.unwrap();
    assert_eq!(after.status.message, "hello");
    let n_status = calls.lock().unwrap().iter().filter(|c| c.0 == Operation::Update).count();
    assert_eq!(n_status, 2);

    // Deletes carry the old object; a deny without a message or code reads as upstream's
    // `ToStatusErr` (`400`).
    let err = pods.delete("kept", &Default::default()).await.unwrap_err();
    let (code, message) = status_of(&err);
    assert_eq!(code, 400);
    assert_eq!(message, "admission webhook \"deadline.example.com\" denied the request without explanation");
    assert!(calls.lock().unwrap().contains(&(Operation::Delete, "kept".into(), true)));
    pods.get("kept", &GetOptions::default()).await.unwrap();

    // Field validation still applies to what the client sent, though the webhooks see (and the
    // server stores) the decoded object: strict refuses an unknown field, warn reports it.
    let raw = |validation: &str| {
        let body = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"raw","namespace":"watched"},"spec":{"bogus":1,"containers":[{"name":"a","image":"b"}]}}"#;
        http::Request::post(format!("{}/api/v1/namespaces/watched/pods?fieldValidation={validation}", env.api.url()))
            .header(http::header::CONTENT_TYPE, "application/json")
            .body(bytes::Bytes::from(body))
            .unwrap()
    };
    let transport = Transport::new(&Config::new(env.api.url()).unwrap()).unwrap();
    use kapi_client::Service;
    let resp = transport.call(raw("Strict")).await.unwrap();
    assert_eq!(resp.status(), 400);
    let resp = transport.call(raw("Warn")).await.unwrap();
    assert_eq!(resp.status(), 201);
    let warnings = kapi_client::warning::warnings_from_headers(resp.headers());
    assert!(warnings.iter().any(|w| w.text == "unknown field \"spec.bogus\""), "{warnings:?}");
    assert!(calls.lock().unwrap().contains(&(Operation::Create, "raw".into(), false)));

    // A JSON patch, and an apply that creates its object, are admitted too.
    let patched = pods
        .patch(
            "raw",
            &Patch::Json(br#"[{"op":"replace","path":"/spec/activeDeadlineSeconds","value":1}]"#.to_vec()),
            &Default::default(),
        )
        .await
        .unwrap();
    assert_eq!(patched.spec.active_deadline_seconds, Some(600));
    let apply = http::Request::patch(format!(
        "{}/api/v1/namespaces/watched/pods/applied?fieldManager=test",
        env.api.url()
    ))
    .header(http::header::CONTENT_TYPE, "application/apply-patch+yaml")
    .body(bytes::Bytes::from_static(
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: applied\nspec:\n  containers:\n  - name: a\n    image: b\n",
    ))
    .unwrap();
    let resp = transport.call(apply).await.unwrap();
    assert_eq!(resp.status(), 201);
    let applied = pods.get("applied", &GetOptions::default()).await.unwrap();
    assert_eq!(applied.spec.active_deadline_seconds, Some(600));
    assert!(applied.metadata.managed_fields.iter().any(|m| m.manager == "test" && m.operation.0 == "Apply"));
    assert!(calls.lock().unwrap().contains(&(Operation::Create, "applied".into(), false)));
}

/// `matchPolicy: Equivalent` (the default): a webhook registered for `autoscaling/v2`
/// HorizontalPodAutoscalers is called for one created through `autoscaling/v1`, with the object
/// in v2 and `requestKind` naming v1, and its patch reaches the stored object; with `Exact` it is
/// not called.
#[tokio::test]
async fn equivalent_match_policy_converts_to_the_webhooks_version() {
    use kapi_api::admissionregistration::v1::MatchPolicyType;
    use kapi_api::autoscaling::v1::{
        CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec,
    };
    use kapi_api::autoscaling::v2::HorizontalPodAutoscaler as HpaV2;

    let env = env().await;
    let pki = new_pki(&["hpa-hook.webhooks.svc"]);
    let seen: Arc<Mutex<Vec<(String, String, String)>>> = Arc::default();
    let sink = seen.clone();
    let addr = start_handler(pki.server.clone(), move |req: AdmissionRequest| {
        let sink = sink.clone();
        async move {
            let request_version = req.request_kind.as_ref().map(|k| k.version.clone()).unwrap_or_default();
            let hpa = match req.object_as::<HpaV2>() {
                Ok(Some(h)) => h,
                Ok(None) => return AdmissionResponse::allow(),
                Err(e) => return AdmissionResponse::deny(400, e.to_string()),
            };
            let metric = hpa.spec.metrics.first().map(|m| m.r#type.0.clone()).unwrap_or_default();
            sink.lock().unwrap().push((req.kind.version.clone(), request_version, metric));
            let mut mutated = hpa.clone();
            mutated.metadata.labels.insert("seen-in".into(), "v2".into());
            AdmissionResponse::mutate_typed(&req, &mutated).unwrap()
        }
    })
    .await;
    env.server.set_webhook_service("webhooks", "hpa-hook", 8443, &addr);
    let hook = |name: &str, policy: Option<&str>| MutatingWebhookConfiguration {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        webhooks: vec![MutatingWebhook {
            name: format!("{name}.example.com"),
            client_config: WebhookClientConfig {
                service: Some(ServiceReference {
                    namespace: "webhooks".into(),
                    name: "hpa-hook".into(),
                    path: Some("/mutate".into()),
                    port: Some(8443),
                }),
                ca_bundle: Some(pki.ca_pem.clone().into_bytes()),
                ..Default::default()
            },
            rules: vec![RuleWithOperations {
                operations: vec![OperationType::from(OperationType::CREATE)],
                rule: Rule {
                    api_groups: vec!["autoscaling".into()],
                    api_versions: vec!["v2".into()],
                    resources: vec!["horizontalpodautoscalers".into()],
                    ..Default::default()
                },
            }],
            match_policy: policy.map(MatchPolicyType::from),
            side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    };
    let hooks = env.cs.admissionregistration_v1().mutating_webhook_configurations();
    hooks.create(&hook("exact", Some(MatchPolicyType::EXACT)), &CreateOptions::default()).await.unwrap();
    let hpa = |name: &str| HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: HorizontalPodAutoscalerSpec {
            scale_target_ref: CrossVersionObjectReference {
                api_version: "apps/v1".into(),
                kind: "Deployment".into(),
                name: "web".into(),
            },
            min_replicas: Some(1),
            max_replicas: 3,
            target_cpu_utilization_percentage: Some(60),
        },
        ..Default::default()
    };
    let hpas = env.cs.autoscaling_v1().horizontal_pod_autoscalers("default");
    let created = hpas.create(&hpa("exact"), &CreateOptions::default()).await.unwrap();
    assert!(seen.lock().unwrap().is_empty(), "an Exact rule for v2 does not match a v1 request");
    assert!(!created.metadata.labels.contains_key("seen-in"));

    hooks.create(&hook("equivalent", None), &CreateOptions::default()).await.unwrap();
    let created = hpas.create(&hpa("equivalent"), &CreateOptions::default()).await.unwrap();
    assert_eq!(
        seen.lock().unwrap().as_slice(),
        [("v2".to_owned(), "v1".to_owned(), "Resource".to_owned())],
        "called with the object in v2 (its CPU target a Resource metric) and requestKind v1"
    );
    assert_eq!(created.metadata.labels.get("seen-in").map(String::as_str), Some("v2"));
    assert_eq!(created.spec.target_cpu_utilization_percentage, Some(60), "the v1 fields survive the round trip");
    let stored = hpas.get("equivalent", &GetOptions::default()).await.unwrap();
    assert_eq!(stored.metadata.labels, created.metadata.labels);
}
