//! The test server's webhook chain as kube-apiserver runs it, through kapi-client against
//! webhooks served by `kapi_webhook::serve`: mutating configurations in name order,
//! `reinvocationPolicy: IfNeeded`, `matchConditions`, validating webhooks in parallel,
//! subresources of another kind (`scale`, `eviction`, `binding`, `token`) reviewed as their
//! kind, a delete-collection reviewed object by object, exec as a `CONNECT`, and validating
//! webhooks called on the object as it is stored (seed 004's create and update flows).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MatchCondition, MutatingWebhook, MutatingWebhookConfiguration, OperationType,
    ReinvocationPolicyType, Rule, RuleWithOperations, SideEffectClass, ValidatingWebhook,
    ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::authentication::v1::TokenRequest;
use kapi_api::core::v1::{
    Binding, ConfigMap, Container, ObjectReference, Pod, PodExecOptions, PodSpec, PodTemplateSpec, ServiceAccount,
};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, LabelSelector, ListOptions, ObjectMeta, PatchOptions,
};
use kapi_api::policy::v1::Eviction;
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Patch, Transport};
use kapi_machinery::json::value::Value;
use kapi_testing::server::{ExecIo, ExecOutcome, ExecRequest};
use kapi_testing::{ApiServer, TestServer};
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits, Operation};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A CA and a server configuration whose certificate names 127.0.0.1.
fn pki() -> (String, Arc<rustls::ServerConfig>) {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "webhook chain test CA");
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let key = KeyPair::generate().unwrap();
    let cert =
        CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap().signed_by(&key, &ca_cert, &ca_key).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], rustls_pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .unwrap();
    (ca_cert.pem(), Arc::new(server))
}

struct Env {
    cs: Clientset,
    server: Arc<ApiServer>,
    warnings: Arc<Mutex<Vec<String>>>,
    ca: String,
    tls: Arc<rustls::ServerConfig>,
    _api: TestServer,
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
    let (ca, tls) = pki();
    Env { cs: Clientset::new(client), server, warnings, ca, tls, _api: api }
}

impl Env {
    /// Serves `handler` over TLS on loopback; the client configuration that reaches it.
    async fn serve(&self, handler: impl kapi_webhook::Handler) -> WebhookClientConfig {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(kapi_webhook::serve(listener, Some(self.tls.clone()), handler, Limits::default()));
        WebhookClientConfig {
            url: Some(format!("https://{addr}/")),
            ca_bundle: Some(self.ca.clone().into_bytes()),
            ..Default::default()
        }
    }

    /// Serves a handler that answers at once.
    async fn serve_sync(
        &self,
        f: impl Fn(AdmissionRequest) -> AdmissionResponse + Send + Sync + 'static,
    ) -> WebhookClientConfig {
        self.serve(move |req| std::future::ready(f(req))).await
    }

    async fn mutating(&self, name: &str, webhooks: Vec<MutatingWebhook>) {
        let config = MutatingWebhookConfiguration {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            webhooks,
            ..Default::default()
        };
        let api = self.cs.admissionregistration_v1().mutating_webhook_configurations();
        let _ = api.delete(name, &DeleteOptions::default()).await;
        api.create(&config, &CreateOptions::default()).await.unwrap();
    }

    async fn validating(&self, name: &str, webhooks: Vec<ValidatingWebhook>) {
        let config = ValidatingWebhookConfiguration {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            webhooks,
            ..Default::default()
        };
        let api = self.cs.admissionregistration_v1().validating_webhook_configurations();
        let _ = api.delete(name, &DeleteOptions::default()).await;
        api.create(&config, &CreateOptions::default()).await.unwrap();
    }
}

fn rule(operations: &[&str], group: &str, resources: &[&str]) -> Vec<RuleWithOperations> {
    vec![RuleWithOperations {
        operations: operations.iter().map(|o| OperationType::from(*o)).collect(),
        rule: Rule {
            api_groups: vec![group.into()],
            api_versions: vec!["*".into()],
            resources: resources.iter().map(|r| r.to_string()).collect(),
            ..Default::default()
        },
    }]
}

fn mutating_hook(name: &str, client_config: WebhookClientConfig, rules: Vec<RuleWithOperations>) -> MutatingWebhook {
    MutatingWebhook {
        name: name.into(),
        client_config,
        rules,
        side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
        admission_review_versions: Some(vec!["v1".into()]),
        ..Default::default()
    }
}

fn validating_hook(
    name: &str,
    client_config: WebhookClientConfig,
    rules: Vec<RuleWithOperations>,
) -> ValidatingWebhook {
    ValidatingWebhook {
        name: name.into(),
        client_config,
        rules,
        side_effects: Some(SideEffectClass::from(SideEffectClass::NONE)),
        admission_review_versions: Some(vec!["v1".into()]),
        ..Default::default()
    }
}

fn config_map(name: &str, data: &[(&str, &str)]) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        data: data.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    }
}

/// A mutating handler on config maps: `f` changes the map's data.
fn edit_data(
    f: impl Fn(&mut std::collections::BTreeMap<String, String>) + Send + Sync + 'static,
) -> impl Fn(AdmissionRequest) -> AdmissionResponse + Send + Sync + 'static {
    move |req| {
        let Ok(Some(mut cm)) = req.object_as::<ConfigMap>() else { return AdmissionResponse::allow() };
        f(&mut cm.data);
        AdmissionResponse::mutate_typed(&req, &cm).unwrap()
    }
}

fn status_of(e: &kapi_client::Error) -> (u16, String) {
    let s = e.status().unwrap_or_else(|| panic!("a status error, got {e}"));
    (s.code, s.status.message.clone())
}

#[tokio::test]
async fn mutating_configurations_chain_by_name_and_their_webhooks_in_order() {
    let env = env().await;
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    let append = |tag: &'static str| {
        edit_data(move |d| {
            let order = d.entry("order".into()).or_default();
            if !order.is_empty() {
                order.push(',');
            }
            order.push_str(tag);
        })
    };
    // Created out of order: the server sorts the configurations by name.
    let c = env.serve_sync(append("c")).await;
    env.mutating("c-last", vec![mutating_hook("c.example.com", c, cms.clone())]).await;
    let (a1, a2) = (env.serve_sync(append("a1")).await, env.serve_sync(append("a2")).await);
    env.mutating(
        "a-first",
        vec![mutating_hook("a1.example.com", a1, cms.clone()), mutating_hook("a2.example.com", a2, cms.clone())],
    )
    .await;
    let b = env.serve_sync(append("b")).await;
    env.mutating("b-middle", vec![mutating_hook("b.example.com", b, cms.clone())]).await;

    let cm = env.cs.core_v1().config_maps("default");
    let created = cm.create(&config_map("chained", &[]), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.data.get("order").map(String::as_str), Some("a1,a2,b,c"));
    let stored = cm.get("chained", &GetOptions::default()).await.unwrap();
    assert_eq!(stored.data.get("order").map(String::as_str), Some("a1,a2,b,c"));
}

#[tokio::test]
async fn audit_events_record_each_mutating_call_and_the_webhooks_annotations() {
    let env = env().await;
    env.server.set_audit(
        kapi_testing::AuditPolicy::parse(b"apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n")
            .unwrap(),
        None,
    );
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    let tag = env
        .serve_sync(|req| {
            let mut resp = edit_data(|d| {
                d.insert("tagged".into(), "yes".into());
            })(req);
            resp.audit_annotations.insert("reason".into(), "tagged by policy".into());
            resp
        })
        .await;
    let idle = env.serve_sync(|_| AdmissionResponse::allow()).await;
    env.mutating(
        "audit-chain",
        vec![mutating_hook("tag.example.com", tag, cms.clone()), mutating_hook("idle.example.com", idle, cms.clone())],
    )
    .await;
    env.cs
        .core_v1()
        .config_maps("default")
        .create(&config_map("audited", &[]), &CreateOptions::default())
        .await
        .unwrap();
    let events = env.server.audit_events();
    let event = events
        .iter()
        .find(|e| {
            e.get("stage").and_then(|s| s.as_str()) == Some("ResponseComplete")
                && e.get("objectRef").and_then(|o| o.get("name")).and_then(|n| n.as_str()) == Some("audited")
        })
        .expect("the create's event");
    let annotation =
        |k: &str| event.get("annotations").and_then(|a| a.get(k)).and_then(|v| v.as_str()).map(str::to_owned);
    assert_eq!(
        annotation("mutation.webhook.admission.k8s.io/round_0_index_0").as_deref(),
        Some(r#"{"configuration":"audit-chain","webhook":"tag.example.com","mutated":true}"#)
    );
    assert_eq!(
        annotation("mutation.webhook.admission.k8s.io/round_0_index_1").as_deref(),
        Some(r#"{"configuration":"audit-chain","webhook":"idle.example.com","mutated":false}"#)
    );
    assert_eq!(annotation("tag.example.com/reason").as_deref(), Some("tagged by policy"));
}

#[tokio::test]
async fn if_needed_webhooks_run_again_after_a_later_change() {
    let env = env().await;
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    let copies = Arc::new(AtomicUsize::new(0));
    let sources = Arc::new(AtomicUsize::new(0));
    // `copy` copies `source` into `copied`; `source`, later in the order, sets `source`.
    let counted = copies.clone();
    let copy = env
        .serve_sync(edit_data(move |d| {
            counted.fetch_add(1, Ordering::SeqCst);
            let source = d.get("source").cloned().unwrap_or_else(|| "none".into());
            d.insert("copied".into(), source);
        }))
        .await;
    let counted = sources.clone();
    let source = env
        .serve_sync(edit_data(move |d| {
            counted.fetch_add(1, Ordering::SeqCst);
            d.insert("source".into(), "set".into());
        }))
        .await;
    let copy_hook = |policy: &str| MutatingWebhook {
        reinvocation_policy: Some(ReinvocationPolicyType::from(policy)),
        ..mutating_hook("copy.example.com", copy.clone(), cms.clone())
    };
    env.mutating("1-copy", vec![copy_hook(ReinvocationPolicyType::IF_NEEDED)]).await;
    env.mutating("2-source", vec![mutating_hook("source.example.com", source, cms.clone())]).await;
    let cm = env.cs.core_v1().config_maps("default");
    let count = |c: &AtomicUsize| c.load(Ordering::SeqCst);

    // `source` changed the object after `copy` ran: `copy` runs once more and sees it;
    // `source`, which made the change, does not.
    let created = cm.create(&config_map("again", &[]), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.data.get("copied").map(String::as_str), Some("set"));
    assert_eq!((count(&copies), count(&sources)), (2, 1));

    // No change after `copy`: no second round.
    let created = cm.create(&config_map("unchanged", &[("source", "set")]), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.data.get("copied").map(String::as_str), Some("set"));
    assert_eq!((count(&copies), count(&sources)), (3, 2));

    // `Never` (the default): one call, which saw the object before `source` changed it.
    env.mutating("1-copy", vec![copy_hook(ReinvocationPolicyType::NEVER)]).await;
    let created = cm.create(&config_map("once", &[]), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.data.get("copied").map(String::as_str), Some("none"));
    assert_eq!(created.data.get("source").map(String::as_str), Some("set"));
    assert_eq!((count(&copies), count(&sources)), (4, 3));
}

#[tokio::test]
async fn match_conditions_decide_and_their_errors_follow_the_failure_policy() {
    let env = env().await;
    let calls = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = calls.clone();
    let deny = env
        .serve_sync(move |req| {
            seen.lock().unwrap().push(req.name.clone());
            AdmissionResponse::deny(403, format!("refused {}", req.name))
        })
        .await;
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    let hook = |conditions: &[(&str, &str)], policy: &str| ValidatingWebhook {
        match_conditions: conditions
            .iter()
            .map(|(n, e)| MatchCondition { name: n.to_string(), expression: e.to_string() })
            .collect(),
        failure_policy: Some(FailurePolicyType::from(policy)),
        ..validating_hook("deny.example.com", deny.clone(), cms.clone())
    };
    let cm = env.cs.core_v1().config_maps("default");

    // Every condition true: called; one false: skipped.
    let conditions = [
        ("not-skipped", "object.metadata.name != 'skip-me'"),
        ("a-create", "request.operation == 'CREATE' && oldObject == null"),
        ("of-config-maps", "request.kind.kind == 'ConfigMap' && request.resource.resource == 'configmaps'"),
    ];
    env.validating("conditions", vec![hook(&conditions, FailurePolicyType::FAIL)]).await;
    cm.create(&config_map("skip-me", &[]), &CreateOptions::default()).await.unwrap();
    let err = cm.create(&config_map("other", &[]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (403, "admission webhook \"deny.example.com\" denied the request: refused other".into())
    );
    assert_eq!(*calls.lock().unwrap(), ["other"]);

    // An error (and no false): `Fail` refuses with upstream's message without calling the
    // webhook; `Ignore` skips the webhook.
    let broken = [("reads-a-missing-key", "object.data.missing == 'x'"), ("true", "true")];
    env.validating("conditions", vec![hook(&broken, FailurePolicyType::FAIL)]).await;
    let err = cm.create(&config_map("e1", &[("k", "v")]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (
            403,
            "configmaps \"e1\" is forbidden: expression 'object.data.missing == 'x'' resulted in error: no such key: missing"
                .into()
        )
    );
    assert_eq!(err.status().unwrap().status.reason.0, "Forbidden");
    env.validating("conditions", vec![hook(&broken, FailurePolicyType::IGNORE)]).await;
    cm.create(&config_map("e2", &[("k", "v")]), &CreateOptions::default()).await.unwrap();
    // An error beside a false condition: skipped, whatever the policy.
    let false_too = [("reads-a-missing-key", "object.data.missing == 'x'"), ("false", "false")];
    env.validating("conditions", vec![hook(&false_too, FailurePolicyType::FAIL)]).await;
    cm.create(&config_map("e3", &[("k", "v")]), &CreateOptions::default()).await.unwrap();
    assert_eq!(*calls.lock().unwrap(), ["other"]);
}

#[tokio::test]
async fn validating_webhooks_are_called_in_parallel() {
    let env = env().await;
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    // Each webhook waits until the other one has been called too: called one after the other,
    // the first would give up and refuse.
    let barrier = Arc::new(tokio::sync::Barrier::new(2));
    let waiting = |tag: &'static str| {
        let barrier = barrier.clone();
        move |_req: AdmissionRequest| {
            let barrier = barrier.clone();
            async move {
                match tokio::time::timeout(Duration::from_secs(5), barrier.wait()).await {
                    Ok(_) => AdmissionResponse::allow().with_warning(format!("allowed by {tag}")),
                    Err(_) => AdmissionResponse::deny(403, format!("{tag} was called alone")),
                }
            }
        }
    };
    let one = env.serve(waiting("one")).await;
    let two = env.serve(waiting("two")).await;
    env.validating("p-1", vec![validating_hook("one.example.com", one, cms.clone())]).await;
    env.validating("p-2", vec![validating_hook("two.example.com", two, cms.clone())]).await;
    let cm = env.cs.core_v1().config_maps("default");
    cm.create(&config_map("together", &[]), &CreateOptions::default()).await.unwrap();
    let warnings = env.warnings.lock().unwrap().clone();
    assert!(warnings.contains(&"allowed by one".to_owned()), "{warnings:?}");
    assert!(warnings.contains(&"allowed by two".to_owned()), "{warnings:?}");

    // Two refusals: the first to arrive is the answer, as upstream's (which waits for all),
    // though the slow webhook comes first in the order.
    let slow_done = Arc::new(AtomicUsize::new(0));
    let done = slow_done.clone();
    let slow = env
        .serve(move |_req: AdmissionRequest| {
            let done = done.clone();
            async move {
                tokio::time::sleep(Duration::from_secs(2)).await;
                done.fetch_add(1, Ordering::SeqCst);
                AdmissionResponse::deny(403, "slow refusal")
            }
        })
        .await;
    let fast = env.serve_sync(|_req| AdmissionResponse::deny(403, "fast refusal")).await;
    env.validating("p-1", vec![validating_hook("slow.example.com", slow, cms.clone())]).await;
    env.validating("p-2", vec![validating_hook("fast.example.com", fast, cms.clone())]).await;
    let err = cm.create(&config_map("refused", &[]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(status_of(&err).1, "admission webhook \"fast.example.com\" denied the request: fast refusal");
    assert_eq!(slow_done.load(Ordering::SeqCst), 1, "the answer came before every webhook had answered");
}

fn pod(name: &str) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "app".into(), image: "nginx".into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn deployment(name: &str, replicas: i32) -> Deployment {
    let labels: std::collections::BTreeMap<String, String> = [("app".to_owned(), name.to_owned())].into();
    Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), ..Default::default() }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels, ..Default::default() }, spec: pod(name).spec },
            ..Default::default()
        },
        ..Default::default()
    }
}

/// `group/version Kind resource/subresource namespace/name`, as a review names its subject.
fn subject(req: &AdmissionRequest) -> String {
    let k = &req.kind;
    let gv = if k.group.is_empty() { k.version.clone() } else { format!("{}/{}", k.group, k.version) };
    format!("{gv} {} {}/{} {}/{}", k.kind, req.resource.resource, req.sub_resource, req.namespace, req.name)
}

#[tokio::test]
async fn subresources_of_another_kind_are_reviewed_as_their_kind() {
    let env = env().await;
    // Scale writes: an `UPDATE` of the `Scale`, the old object the current one; the webhook
    // doubles the replicas asked for, and that is what is written.
    let scales = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = scales.clone();
    let double = env
        .serve_sync(move |req| {
            let replicas = |v: Option<&Value>| {
                let n = v.and_then(|o| o.get("spec")).and_then(|s| s.get("replicas"));
                n.map_or("none".to_owned(), |n| String::from_utf8(n.to_compact_vec()).unwrap())
            };
            let (old, new) = (replicas(req.old_object.as_ref()), replicas(req.object.as_ref()));
            seen.lock().unwrap().push(format!("{} {} {old} -> {new}", subject(&req), req.operation.as_str()));
            let Ok(Some(mut scale)) = req.object_as::<kapi_api::autoscaling::v1::Scale>() else {
                return AdmissionResponse::deny(400, "not a Scale");
            };
            scale.spec.replicas *= 2;
            AdmissionResponse::mutate_typed(&req, &scale).unwrap()
        })
        .await;
    env.mutating(
        "scale",
        vec![mutating_hook("scale.example.com", double, rule(&["UPDATE"], "apps", &["deployments/scale"]))],
    )
    .await;
    // A rule naming the resource alone does not see its subresources.
    let refuse = env.serve_sync(|_req| AdmissionResponse::deny(403, "no deployment updates")).await;
    env.validating(
        "deployments",
        vec![validating_hook("deployments.example.com", refuse, rule(&["UPDATE"], "apps", &["deployments"]))],
    )
    .await;
    let deployments = env.cs.apps_v1().deployments("default");
    deployments.create(&deployment("web", 2), &CreateOptions::default()).await.unwrap();
    let mut scale = deployments.get_scale("web", &GetOptions::default()).await.unwrap();
    scale.spec.replicas = 3;
    let updated = deployments.update_scale("web", &scale, &Default::default()).await.unwrap();
    assert_eq!(updated.spec.replicas, 6);
    assert_eq!(deployments.get("web", &GetOptions::default()).await.unwrap().spec.replicas, Some(6));
    let patched: kapi_api::autoscaling::v1::Scale = deployments
        .patch_subresource(
            "web",
            "scale",
            &Patch::Merge(br#"{"spec":{"replicas":4}}"#.to_vec()),
            &PatchOptions::default(),
        )
        .await
        .unwrap();
    assert_eq!(patched.spec.replicas, 8);
    assert_eq!(deployments.get("web", &GetOptions::default()).await.unwrap().spec.replicas, Some(8));
    assert_eq!(
        *scales.lock().unwrap(),
        [
            "autoscaling/v1 Scale deployments/scale default/web UPDATE 2 -> 3",
            "autoscaling/v1 Scale deployments/scale default/web UPDATE 6 -> 4",
        ]
    );

    // Evictions, bindings and token requests: a `CREATE` of the kind the client sent, named
    // after the pod or service account.
    let creates = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = creates.clone();
    let named = env
        .serve_sync(move |req| {
            let object_kind = req.object.as_ref().and_then(|o| o.get("kind")).and_then(|k| k.as_str()).unwrap_or("");
            let line = format!(
                "{} {} object {object_kind} old {}",
                subject(&req),
                req.operation.as_str(),
                req.old_object.is_some()
            );
            seen.lock().unwrap().push(line.clone());
            AdmissionResponse::deny(403, line)
        })
        .await;
    let rules = vec![
        rule(&["CREATE"], "", &["pods/eviction", "pods/binding"]).remove(0),
        rule(&["CREATE"], "", &["serviceaccounts/token"]).remove(0),
    ];
    env.validating("creates", vec![validating_hook("creates.example.com", named, rules)]).await;
    let pods = env.cs.core_v1().pods("default");
    pods.create(&pod("p"), &CreateOptions::default()).await.unwrap();
    // Upstream's `ToStatusErr`: the webhook's code and message, no resource named.
    let prefix = "admission webhook \"creates.example.com\" denied the request: ".to_owned();
    let eviction = Eviction { metadata: ObjectMeta { name: "p".into(), ..Default::default() }, ..Default::default() };
    let err = pods.evict("p", &eviction, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (403, prefix.clone() + "policy/v1 Eviction pods/eviction default/p CREATE object Eviction old false")
    );
    let binding = Binding {
        metadata: ObjectMeta { name: "p".into(), ..Default::default() },
        target: ObjectReference { kind: "Node".into(), name: "node-1".into(), ..Default::default() },
        ..Default::default()
    };
    let err = pods.bind("p", &binding, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (403, prefix.clone() + "v1 Binding pods/binding default/p CREATE object Binding old false")
    );
    let stored = pods.get("p", &GetOptions::default()).await.unwrap();
    assert!(stored.spec.node_name.is_empty(), "the refused binding bound the pod");
    let accounts = env.cs.core_v1().service_accounts("default");
    let robot =
        ServiceAccount { metadata: ObjectMeta { name: "robot".into(), ..Default::default() }, ..Default::default() };
    accounts.create(&robot, &CreateOptions::default()).await.unwrap();
    let err = accounts.create_token("robot", &TokenRequest::default(), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (
            403,
            prefix
                + "authentication.k8s.io/v1 TokenRequest serviceaccounts/token default/robot CREATE object TokenRequest old false"
        )
    );
    assert_eq!(creates.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn delete_collection_reviews_each_object_and_stops_at_a_refusal() {
    let env = env().await;
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    let guard = env
        .serve_sync(move |req| {
            let old = req.old_object_as::<ConfigMap>().ok().flatten().map(|c| c.metadata.name).unwrap_or_default();
            let options = req.options.as_ref().and_then(|o| o.get("kind")).and_then(|k| k.as_str()).unwrap_or("");
            log.lock().unwrap().push(format!("{} name {:?} old {old} {options}", req.operation.as_str(), req.name));
            if old == "c" { AdmissionResponse::deny(403, "c stays") } else { AdmissionResponse::allow() }
        })
        .await;
    env.validating("guard", vec![validating_hook("guard.example.com", guard, rule(&["DELETE"], "", &["configmaps"]))])
        .await;
    let cm = env.cs.core_v1().config_maps("default");
    for name in ["a", "b", "c", "d", "kept"] {
        let mut m = config_map(name, &[]);
        if name != "kept" {
            m.metadata.labels.insert("batch".into(), "1".into());
        }
        cm.create(&m, &CreateOptions::default()).await.unwrap();
    }
    let err =
        cm.delete_collection(&ListOptions::default().labels("batch=1"), &DeleteOptions::default()).await.unwrap_err();
    assert_eq!(status_of(&err), (403, "admission webhook \"guard.example.com\" denied the request: c stays".into()));
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "DELETE name \"\" old a DeleteOptions",
            "DELETE name \"\" old b DeleteOptions",
            "DELETE name \"\" old c DeleteOptions"
        ]
    );
    // The objects before the refused one were deleted, as upstream's store deletes them one by
    // one; the rest stay.
    let left: Vec<String> =
        cm.list(&ListOptions::default()).await.unwrap().items.into_iter().flatten().map(|c| c.metadata.name).collect();
    assert_eq!(left, ["c", "d", "kept"]);

    // Without the refusal, every selected object goes.
    env.cs
        .admissionregistration_v1()
        .validating_webhook_configurations()
        .delete("guard", &Default::default())
        .await
        .unwrap();
    cm.delete_collection(&ListOptions::default().labels("batch=1"), &DeleteOptions::default()).await.unwrap();
    let left: Vec<String> =
        cm.list(&ListOptions::default()).await.unwrap().items.into_iter().flatten().map(|c| c.metadata.name).collect();
    assert_eq!(left, ["kept"]);
}

#[tokio::test]
async fn exec_is_a_connect_of_its_options() {
    let env = env().await;
    // The "command" prints its argv.
    env.server.on_exec(|req: ExecRequest, mut io: ExecIo| async move {
        if let Some(out) = io.stdout.as_mut() {
            out.write_all(req.command.join(" ").as_bytes()).await.unwrap();
        }
        ExecOutcome::Exited(0)
    });
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    let guard = env
        .serve_sync(move |req| {
            let object =
                req.object.as_ref().map(|o| String::from_utf8(o.to_compact_vec()).unwrap()).unwrap_or_default();
            log.lock().unwrap().push(format!(
                "{} {} old {} options {}",
                subject(&req),
                req.operation.as_str(),
                req.old_object.is_some(),
                req.options.is_some()
            ));
            log.lock().unwrap().push(object.clone());
            if object.contains("\"rm\"") { AdmissionResponse::deny(403, "no rm") } else { AdmissionResponse::allow() }
        })
        .await;
    env.validating("exec", vec![validating_hook("exec.example.com", guard, rule(&["CONNECT"], "", &["pods/exec"]))])
        .await;
    // A mutating webhook adds `-l` to `ls`.
    let long = env
        .serve_sync(|req| {
            let Some(original) = req.object.clone() else { return AdmissionResponse::allow() };
            let mut changed = original.clone();
            if let Value::Object(members) = &mut changed
                && let Some((_, Value::Array(command))) = members.iter_mut().find(|(k, _)| k == "command")
                && command.len() == 1
                && command[0] == Value::String("ls".into())
            {
                command.push(Value::String("-l".into()));
            }
            AdmissionResponse::mutate(&original, &changed)
        })
        .await;
    env.mutating("exec", vec![mutating_hook("long.example.com", long, rule(&["CONNECT"], "", &["pods/exec"]))]).await;
    let pods = env.cs.core_v1().pods("default");
    pods.create(&pod("p"), &CreateOptions::default()).await.unwrap();
    let options = |command: &str| PodExecOptions {
        command: Some(vec![command.to_owned()]),
        stdout: true,
        container: "app".into(),
        ..Default::default()
    };

    let mut proc =
        tokio::time::timeout(Duration::from_secs(30), pods.exec("p", &options("ls"))).await.unwrap().unwrap();
    let mut out = String::new();
    proc.stdout().unwrap().read_to_string(&mut out).await.unwrap();
    assert_eq!(out, "ls -l");
    let err = tokio::time::timeout(Duration::from_secs(30), pods.exec("p", &options("rm"))).await.unwrap().unwrap_err();
    assert_eq!(status_of(&err), (403, "admission webhook \"exec.example.com\" denied the request: no rm".into()));
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "v1 PodExecOptions pods/exec default/p CONNECT old false options false",
            r#"{"kind":"PodExecOptions","apiVersion":"v1","stdout":true,"container":"app","command":["ls","-l"]}"#,
            "v1 PodExecOptions pods/exec default/p CONNECT old false options false",
            r#"{"kind":"PodExecOptions","apiVersion":"v1","stdout":true,"container":"app","command":["rm"]}"#,
        ]
    );
}

/// Reviews carry the requester: the anonymous user without credentials, a static token's user
/// with one.
#[tokio::test]
async fn reviews_name_the_user() {
    let env = env().await;
    env.server.set_static_tokens(kapi_testing::server::parse_token_file("t0k3n,alice,42,dev\n").unwrap());
    let users = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = users.clone();
    let record = env
        .serve_sync(move |req| {
            let u = &req.user_info;
            seen.lock().unwrap().push(format!("{} {} {}", u.username, u.uid, u.groups.join(",")));
            AdmissionResponse::allow()
        })
        .await;
    env.validating("who", vec![validating_hook("who.example.com", record, rule(&["CREATE"], "", &["configmaps"]))])
        .await;
    env.cs.core_v1().config_maps("default").create(&config_map("anon", &[]), &CreateOptions::default()).await.unwrap();
    let mut config = Config::new(env._api.url()).unwrap();
    config.auth = kapi_client::config::Auth::BearerToken("t0k3n".into());
    let alice = Clientset::new(Client::new(Arc::new(Transport::new(&config).unwrap()), env._api.url()).unwrap());
    alice.core_v1().config_maps("default").create(&config_map("hers", &[]), &CreateOptions::default()).await.unwrap();
    assert_eq!(
        *users.lock().unwrap(),
        ["system:anonymous  system:unauthenticated", "alice 42 dev,system:authenticated"]
    );
}

/// Seed 004's create and update flows: mutating webhooks, then the strategy and the system
/// fields (generated name, uid, timestamps, `generation`), then validation, and only then the
/// validating webhooks, on the object exactly as it is stored.
#[tokio::test]
async fn validating_webhooks_see_the_object_as_it_is_stored() {
    let env = env().await;
    let deployments = rule(&["CREATE", "UPDATE"], "apps", &["deployments"]);
    let mutated = Arc::new(AtomicUsize::new(0));
    let count = mutated.clone();
    let m = env
        .serve_sync(move |_req| {
            count.fetch_add(1, Ordering::SeqCst);
            AdmissionResponse::allow()
        })
        .await;
    type Seen = Vec<(Operation, String, Option<Deployment>, Option<Deployment>)>;
    let seen: Arc<Mutex<Seen>> = Arc::default();
    let log = seen.clone();
    let v = env
        .serve_sync(move |req| {
            let (obj, old) = (req.object_as::<Deployment>().unwrap(), req.old_object_as::<Deployment>().unwrap());
            let refuse = obj.as_ref().and_then(|d| d.spec.replicas) == Some(7);
            log.lock().unwrap().push((req.operation, req.name.clone(), obj, old));
            if refuse { AdmissionResponse::deny(403, "seven is refused") } else { AdmissionResponse::allow() }
        })
        .await;
    env.mutating("m", vec![mutating_hook("count.example.com", m, deployments.clone())]).await;
    env.validating("v", vec![validating_hook("see.example.com", v, deployments)]).await;
    let api = env.cs.apps_v1().deployments("default");

    // A create with `generateName`: the webhook sees the generated name (also in the review),
    // the uid, the creation timestamp, generation 1 and the defaults, all as stored.
    let mut d = deployment("web", 1);
    d.metadata.name.clear();
    d.metadata.generate_name = "web-".into();
    let created = api.create(&d, &CreateOptions::default()).await.unwrap();
    assert!(created.metadata.name.starts_with("web-") && created.metadata.name.len() == 9, "{:?}", created.metadata);
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1);
        let (op, name, obj, old) = &seen[0];
        assert_eq!((*op, name.as_str(), old.is_none()), (Operation::Create, created.metadata.name.as_str(), true));
        let obj = obj.as_ref().unwrap();
        assert!(!obj.metadata.uid.is_empty());
        assert_eq!(obj.metadata.uid, created.metadata.uid);
        assert_eq!(obj.metadata.creation_timestamp, created.metadata.creation_timestamp);
        assert_eq!(obj.metadata.generation, 1);
        assert_eq!(obj.spec.strategy, created.spec.strategy, "the webhook sees the defaults");
        assert!(obj.spec.strategy.rolling_update.is_some(), "{:?}", obj.spec.strategy);
    }

    // An invalid object is refused by validation: mutating webhooks have run, validating ones
    // are never called.
    let before = mutated.load(Ordering::SeqCst);
    let err = api.create(&deployment("bad", -1), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(status_of(&err).0, 422);
    assert_eq!(mutated.load(Ordering::SeqCst), before + 1);
    assert_eq!(seen.lock().unwrap().len(), 1, "a validating webhook was called on an invalid object");

    // An update: the webhook sees the strategy's generation bump and the stored object as old.
    let name = created.metadata.name.clone();
    let mut scaled = created.clone();
    scaled.spec.replicas = Some(3);
    let updated = api.update(&scaled, &Default::default()).await.unwrap();
    assert_eq!(updated.metadata.generation, 2);
    {
        let seen = seen.lock().unwrap();
        let (op, seen_name, obj, old) = &seen[1];
        assert_eq!((*op, seen_name.as_str()), (Operation::Update, name.as_str()));
        assert_eq!(obj.as_ref().unwrap().metadata.generation, 2);
        assert_eq!(old.as_ref().unwrap().metadata.generation, 1);
        assert_eq!(old.as_ref().unwrap().metadata.resource_version, created.metadata.resource_version);
    }

    // A refusal stores nothing, and a patch is validated the same way.
    let err = api
        .patch(&name, &Patch::Merge(br#"{"spec":{"replicas":7}}"#.to_vec()), &PatchOptions::default())
        .await
        .unwrap_err();
    assert_eq!(
        status_of(&err),
        (403, "admission webhook \"see.example.com\" denied the request: seven is refused".into())
    );
    let now = api.get(&name, &GetOptions::default()).await.unwrap();
    assert_eq!(
        (now.spec.replicas, now.metadata.resource_version.as_str()),
        (Some(3), updated.metadata.resource_version.as_str())
    );
    assert_eq!(seen.lock().unwrap()[2].2.as_ref().unwrap().metadata.generation, 3, "the patch's object as prepared");
}

/// A PUT to a subresource of a missing object is `404` before admission: no webhook sees it
/// as a create, though the resource allows create on update.
#[tokio::test]
async fn a_put_to_the_status_of_a_missing_object_reaches_no_webhook() {
    let env = env().await;
    let calls = Arc::new(AtomicUsize::new(0));
    let count = calls.clone();
    let hook = env
        .serve_sync(move |_req| {
            count.fetch_add(1, Ordering::SeqCst);
            AdmissionResponse::allow()
        })
        .await;
    let services = rule(&["CREATE", "UPDATE"], "", &["services", "services/status"]);
    env.mutating("m", vec![mutating_hook("m.example.com", hook.clone(), services.clone())]).await;
    env.validating("v", vec![validating_hook("v.example.com", hook, services)]).await;
    let svc = kapi_api::core::v1::Service {
        metadata: ObjectMeta { name: "gone".into(), namespace: "default".into(), ..Default::default() },
        spec: kapi_api::core::v1::ServiceSpec {
            ports: vec![kapi_api::core::v1::ServicePort { port: 80, ..Default::default() }],
            ..Default::default()
        },
        ..Default::default()
    };
    let api = env.cs.core_v1().services("default");
    let err = api.update_status(&svc, &Default::default()).await.unwrap_err();
    assert_eq!(status_of(&err), (404, "services \"gone\" not found".to_owned()));
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    // The object itself is created by a PUT, reviewed as a `CREATE` by both.
    api.update(&svc, &Default::default()).await.unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

/// An update or patch whose object another write changes between its mutating admission and its
/// commit runs again from the start, as upstream's store calls its update function again on the
/// new object: the patch is applied to the object the other write left, the mutating webhook
/// sees that object, and nothing either write made is lost. A conflict with no write in between
/// (a stale `resourceVersion` the client sent) is answered at once, after one webhook call.
#[tokio::test]
async fn a_write_that_loses_a_race_runs_its_mutating_admission_again() {
    let env = env().await;
    let cm = env.cs.core_v1().config_maps("default");
    cm.create(&config_map("raced", &[("a", "1")]), &CreateOptions::default()).await.unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    let (counted, server) = (calls.clone(), env.server.clone());
    let hook = env
        .serve_sync(move |req| {
            let Ok(Some(mut map)) = req.object_as::<ConfigMap>() else { return AdmissionResponse::allow() };
            let call = counted.fetch_add(1, Ordering::SeqCst) + 1;
            if call == 1 {
                // Another writer wins the race while this webhook runs.
                let gvr = kapi_machinery::GroupVersionResource::new("", "v1", "configmaps");
                let tracker = server.tracker();
                let mut stored: ConfigMap = tracker.get_as("default", "raced").unwrap();
                stored.data.insert("raced".into(), "yes".into());
                tracker.update(&gvr, "default", Box::new(stored), &Default::default()).unwrap();
            }
            map.data.insert("seen".into(), format!("{call}:{}", map.data.contains_key("raced")));
            AdmissionResponse::mutate_typed(&req, &map).unwrap()
        })
        .await;
    env.mutating("racer", vec![mutating_hook("racer.example.com", hook, rule(&["UPDATE"], "", &["configmaps"]))]).await;

    let patch = Patch::Merge(br#"{"data":{"b":"2"}}"#.to_vec());
    let patched = cm.patch("raced", &patch, &PatchOptions::default()).await.unwrap();
    let data: Vec<(&str, &str)> = patched.data.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(data, [("a", "1"), ("b", "2"), ("raced", "yes"), ("seen", "2:true")]);
    assert_eq!(calls.load(Ordering::SeqCst), 2, "the webhook ran again on the object the other write left");

    // A stale resourceVersion from the client conflicts with no write in between: one call.
    let mut stale = patched.clone();
    stale.metadata.resource_version = "1".into();
    stale.data.insert("c".into(), "3".into());
    let err = cm.update(&stale, &Default::default()).await.unwrap_err();
    assert_eq!(status_of(&err).0, 409);
    assert_eq!(calls.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn warnings_come_in_the_order_of_the_phases_that_raise_them() {
    // Upstream records warnings as they arise: the mutating webhooks' before the strategy's
    // (`WarningsOnCreate` runs in the store, after mutating admission), the validating
    // webhooks' after it.
    let env = env().await;
    let pods = rule(&["CREATE"], "", &["pods"]);
    let mutating = env.serve_sync(|_req| AdmissionResponse::allow().with_warning("from the mutating webhook")).await;
    let validating =
        env.serve_sync(|_req| AdmissionResponse::allow().with_warning("from the validating webhook")).await;
    env.mutating("m", vec![mutating_hook("m.example.com", mutating, pods.clone())]).await;
    env.validating("v", vec![validating_hook("v.example.com", validating, pods)]).await;
    let mut p = pod("labelled");
    p.spec.node_selector = [("beta.kubernetes.io/arch".to_owned(), "amd64".to_owned())].into();
    env.cs.core_v1().pods("default").create(&p, &CreateOptions::default()).await.unwrap();
    assert_eq!(
        *env.warnings.lock().unwrap(),
        [
            "from the mutating webhook",
            r#"spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead"#,
            "from the validating webhook",
        ]
    );
}

/// Upstream's `VerifyAdmissionResponse` and failure policies: a validating webhook may not
/// send a patch; a failure ignored is recorded in a `failed-open.…` audit annotation; a
/// denial keeps the webhook's reason and has at least code 400 (`ToStatusErr`).
#[tokio::test]
async fn answers_are_checked_and_failures_recorded_as_upstream() {
    let env = env().await;
    env.server.set_audit(
        kapi_testing::AuditPolicy::parse(b"apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n")
            .unwrap(),
        None,
    );
    let cms = rule(&["CREATE"], "", &["configmaps"]);
    let cm = env.cs.core_v1().config_maps("default");
    let patching = env
        .serve_sync(edit_data(|d| {
            d.insert("added".into(), "1".into());
        }))
        .await;
    env.validating("patching", vec![validating_hook("patching.example.com", patching.clone(), cms.clone())]).await;
    let err = cm.create(&config_map("v1", &[]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (
            500,
            "Internal error occurred: failed calling webhook \"patching.example.com\": received invalid webhook \
             response: validating webhook may not return response.patch"
                .into()
        )
    );

    // Under `Ignore` the same failure, and an unreachable mutating webhook, are skipped and
    // recorded with the webhook's name (the validating index counts the webhooks called).
    let ignore = Some(FailurePolicyType::from(FailurePolicyType::IGNORE));
    let allow = env.serve_sync(|_| AdmissionResponse::allow()).await;
    env.validating(
        "patching",
        vec![
            ValidatingWebhook {
                failure_policy: ignore.clone(),
                ..validating_hook("allow.example.com", allow, rule(&["UPDATE"], "", &["configmaps"]))
            },
            ValidatingWebhook {
                failure_policy: ignore.clone(),
                ..validating_hook("patching.example.com", patching, cms.clone())
            },
        ],
    )
    .await;
    let down = WebhookClientConfig { url: Some("https://127.0.0.1:1/".into()), ..Default::default() };
    env.mutating(
        "down",
        vec![MutatingWebhook { failure_policy: ignore, ..mutating_hook("down.example.com", down, cms.clone()) }],
    )
    .await;
    cm.create(&config_map("ignored", &[]), &CreateOptions::default()).await.unwrap();
    let events = env.server.audit_events();
    let event = events
        .iter()
        .find(|e| {
            e.get("stage").and_then(|s| s.as_str()) == Some("ResponseComplete")
                && e.get("objectRef").and_then(|o| o.get("name")).and_then(|n| n.as_str()) == Some("ignored")
        })
        .expect("the create's event");
    let annotation =
        |k: &str| event.get("annotations").and_then(|a| a.get(k)).and_then(|v| v.as_str()).map(str::to_owned);
    assert_eq!(
        annotation("failed-open.mutation.webhook.admission.k8s.io/round_0_index_0").as_deref(),
        Some("down.example.com")
    );
    assert_eq!(
        annotation("failed-open.validating.webhook.admission.k8s.io/round_0_index_0").as_deref(),
        Some("patching.example.com")
    );
    assert_eq!(
        annotation("mutation.webhook.admission.k8s.io/round_0_index_0").as_deref(),
        Some(r#"{"configuration":"down","webhook":"down.example.com","mutated":false}"#)
    );
    env.cs
        .admissionregistration_v1()
        .mutating_webhook_configurations()
        .delete("down", &Default::default())
        .await
        .unwrap();

    // A denial with a reason and no message or code.
    let conflict = env
        .serve_sync(|_| {
            AdmissionResponse::deny_with_status(kapi_api::meta::v1::Status {
                reason: kapi_api::meta::v1::StatusReason("Conflict".into()),
                ..Default::default()
            })
        })
        .await;
    env.validating("patching", vec![validating_hook("conflict.example.com", conflict, cms)]).await;
    let err = cm.create(&config_map("refused", &[]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        status_of(&err),
        (400, "admission webhook \"conflict.example.com\" denied the request: Conflict".into())
    );
    assert_eq!(err.status().unwrap().status.reason.0, "Conflict");
}
