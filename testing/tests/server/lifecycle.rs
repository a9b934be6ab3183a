//! Object lifecycle as a cluster has it, through kapi-client against the test server: deletion with finalizers and propagation policies, the garbage collector, namespaces' lifecycle admission and termination, pods' graceful deletion.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kapi_api::batch::v1::Job;
use kapi_api::core::v1::{ConfigMap, Container, Namespace, Pod, PodSpec};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, DeletionPropagation, GetOptions, ListOptions, ObjectMeta, OwnerReference,
    UpdateOptions,
};
use kapi_client::clientset::Clientset;
use kapi_client::{Api, Client, Config, DeleteResponse, ResourceInfoExt, Transport};
use kapi_testing::{ApiServer, Controllers, TestServer};

const GUARD: Duration = Duration::from_secs(20);

async fn cluster(controllers: Controllers) -> (Clientset, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_controllers(controllers);
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    (Clientset::new(client), server, test)
}

fn policy(p: &str) -> DeleteOptions {
    DeleteOptions { propagation_policy: Some(DeletionPropagation(p.into())), ..Default::default() }
}

fn cm(name: &str, owners: &[&ConfigMap]) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta {
            name: name.into(),
            owner_references: owners
                .iter()
                .map(|o| OwnerReference {
                    api_version: "v1".into(),
                    kind: "ConfigMap".into(),
                    name: o.metadata.name.clone(),
                    uid: o.metadata.uid.clone(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        },
        ..Default::default()
    }
}

async fn create_cm(api: &Api<ConfigMap>, obj: ConfigMap) -> ConfigMap {
    api.create(&obj, &CreateOptions::default()).await.unwrap()
}

/// Waits until `f` holds, polling.
async fn eventually<F, Fut>(what: &str, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !f().await {
        assert!(start.elapsed() < GUARD, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn exists(api: &Api<ConfigMap>, name: &str) -> bool {
    match api.get(name, &GetOptions::default()).await {
        Ok(_) => true,
        Err(e) if e.is_not_found() => false,
        Err(e) => panic!("{e}"),
    }
}

fn object<T>(r: DeleteResponse<T>) -> T {
    match r {
        DeleteResponse::Object(o) => o,
        DeleteResponse::Status(s) => panic!("a Status, not the object: {s:?}"),
    }
}

#[tokio::test]
async fn background_deletion_removes_dependents() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let cms = cs.core_v1().config_maps("default");
    let owner = create_cm(&cms, cm("owner", &[])).await;
    let other = create_cm(&cms, cm("other", &[])).await;
    create_cm(&cms, cm("only-child", &[&owner])).await;
    create_cm(&cms, cm("two-parents", &[&owner, &other])).await;
    match cms.delete("owner", &policy("Background")).await.unwrap() {
        DeleteResponse::Status(s) => assert_eq!(s.status, "Success"),
        DeleteResponse::Object(o) => panic!("deleted at once, not {o:?}"),
    }
    eventually("the dependent to go", || async { !exists(&cms, "only-child").await }).await;
    // A dependent with another owner stays, without the reference to the deleted one.
    eventually("the dangling reference to go", || async {
        let c = cms.get("two-parents", &GetOptions::default()).await.unwrap();
        c.metadata.owner_references.len() == 1 && c.metadata.owner_references[0].name == "other"
    })
    .await;
}

#[tokio::test]
async fn orphan_keeps_dependents_and_answers_with_the_object() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let cms = cs.core_v1().config_maps("default");
    let owner = create_cm(&cms, cm("owner", &[])).await;
    create_cm(&cms, cm("child", &[&owner])).await;
    let marked = object(cms.delete("owner", &policy("Orphan")).await.unwrap());
    assert_eq!(marked.metadata.finalizers, ["orphan"]);
    assert!(marked.metadata.deletion_timestamp.is_some());
    assert_eq!(marked.metadata.deletion_grace_period_seconds, Some(0));
    eventually("the owner to go", || async { !exists(&cms, "owner").await }).await;
    let child = cms.get("child", &GetOptions::default()).await.unwrap();
    assert!(child.metadata.owner_references.is_empty(), "{child:?}");
}

#[tokio::test]
async fn foreground_deletes_blocking_dependents_first() {
    let (cs, server, _test) = cluster(Controllers::default()).await;
    let cms = cs.core_v1().config_maps("default");
    let owner = create_cm(&cms, cm("owner", &[])).await;
    let mut child = cm("child", &[&owner]);
    child.metadata.owner_references[0].block_owner_deletion = Some(true);
    // The child's own finalizer holds it, and with it the owner.
    child.metadata.finalizers = vec!["example.com/hold".into()];
    create_cm(&cms, child).await;
    let marked = object(cms.delete("owner", &policy("Foreground")).await.unwrap());
    assert_eq!(marked.metadata.finalizers, ["foregroundDeletion"]);
    eventually("the child to be deleted", || async {
        cms.get("child", &GetOptions::default()).await.unwrap().metadata.deletion_timestamp.is_some()
    })
    .await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(exists(&cms, "owner").await, "the owner waits for its blocking dependent");
    let mut c = cms.get("child", &GetOptions::default()).await.unwrap();
    c.metadata.finalizers.clear();
    cms.update(&c, &UpdateOptions::default()).await.unwrap();
    eventually("the owner to go", || async { !exists(&cms, "owner").await }).await;
    assert!(!exists(&cms, "child").await);
    drop(server);
}

#[tokio::test]
async fn invalid_owner_references_are_dangling() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let cms = cs.core_v1().config_maps("default");
    let owner = create_cm(&cms, cm("owner", &[])).await;
    // The right name with another uid, and an owner in another namespace, are both missing.
    let mut wrong_uid = cm("wrong-uid", &[&owner]);
    wrong_uid.metadata.owner_references[0].uid = "00000000-0000-0000-0000-000000000000".into();
    create_cm(&cms, wrong_uid).await;
    let kube_system = cs.core_v1().config_maps("kube-system");
    let elsewhere = create_cm(&kube_system, cm("elsewhere", &[])).await;
    create_cm(&cms, cm("cross-namespace", &[&elsewhere])).await;
    create_cm(&cms, cm("valid", &[&owner])).await;
    eventually("dependents of missing owners to go", || async {
        !exists(&cms, "wrong-uid").await && !exists(&cms, "cross-namespace").await
    })
    .await;
    assert!(exists(&cms, "valid").await);
    assert!(exists(&kube_system, "elsewhere").await);
    // The owner found in another namespace is reported on the dependent, as upstream's
    // collector records it.
    let events = cs.core_v1().events("default");
    let opts = ListOptions { field_selector: "reason=OwnerRefInvalidNamespace".into(), ..Default::default() };
    let found = events.list(&opts).await.unwrap().items.unwrap_or_default();
    assert_eq!(found.len(), 1, "{found:?}");
    let e = &found[0];
    assert_eq!(
        e.message,
        format!(
            "ownerRef [v1/ConfigMap, namespace: default, name: elsewhere, uid: {}] does not exist in namespace \"default\"",
            elsewhere.metadata.uid
        )
    );
    assert_eq!((e.r#type.as_str(), e.involved_object.name.as_str()), ("Warning", "cross-namespace"));
    assert_eq!(e.source.component, "garbage-collector-controller");
}

#[tokio::test]
async fn jobs_orphan_by_default_and_warn() {
    let (cs, _server, _test) = cluster(Controllers::none()).await;
    let jobs = cs.batch_v1().jobs("default");
    let job = Job {
        metadata: ObjectMeta { name: "pi".into(), ..Default::default() },
        spec: kapi_api::batch::v1::JobSpec {
            template: kapi_api::core::v1::PodTemplateSpec {
                spec: PodSpec {
                    containers: Some(vec![Container {
                        name: "c".into(),
                        image: "busybox".into(),
                        ..Default::default()
                    }]),
                    restart_policy: kapi_api::core::v1::RestartPolicy("Never".into()),
                    ..Default::default()
                },
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    jobs.create(&job, &CreateOptions::default()).await.unwrap();
    // Without a collector, deletes add no collector finalizers (the job goes at once).
    let r = jobs.delete_with_warnings("pi", &DeleteOptions::default()).await.unwrap();
    assert!(matches!(r.value, DeleteResponse::Status(_)));
    assert_eq!(
        r.warnings,
        [
            "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning"
        ]
    );
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let jobs = cs.batch_v1().jobs("default");
    jobs.create(&job, &CreateOptions::default()).await.unwrap();
    let marked = object(jobs.delete("pi", &DeleteOptions::default()).await.unwrap());
    assert_eq!(marked.metadata.finalizers, ["orphan"]);
    let r = jobs.delete_with_warnings("pi", &policy("Background")).await;
    // Already being deleted: the finalizers may still change, so Background drops `orphan`.
    let gone = match r {
        Ok(r) => r.warnings.is_empty(),
        Err(e) => e.is_not_found(),
    };
    assert!(gone);
}

fn pod(name: &str, node: Option<&str>) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: PodSpec {
            node_name: node.unwrap_or_default().into(),
            termination_grace_period_seconds: Some(1),
            containers: Some(vec![Container { name: "c".into(), image: "busybox".into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// PodTopologyLabels: a pod created on a node, or bound to one, gets the node's
/// `topology.k8s.io/zone` and `region` labels where it has none of its own; other node labels
/// and a missing node give nothing.
#[tokio::test]
async fn pods_on_a_node_take_its_topology_labels() {
    use kapi_api::core::v1::{Binding, Node, ObjectReference};
    use std::collections::BTreeMap;
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let labels = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    };
    let node = Node {
        metadata: ObjectMeta {
            name: "n1".into(),
            labels: labels(&[
                ("topology.k8s.io/zone", "z1"),
                ("topology.k8s.io/region", "r1"),
                ("topology.kubernetes.io/zone", "other"),
            ]),
            ..Default::default()
        },
        ..Default::default()
    };
    cs.core_v1().nodes().create(&node, &CreateOptions::default()).await.unwrap();
    let pods = cs.core_v1().pods("default");
    let mut placed = pod("placed", Some("n1"));
    placed.metadata.labels = labels(&[("topology.k8s.io/zone", "mine")]);
    let created = pods.create(&placed, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.metadata.labels, labels(&[("topology.k8s.io/region", "r1"), ("topology.k8s.io/zone", "mine")]));
    let elsewhere = pods.create(&pod("elsewhere", Some("missing")), &CreateOptions::default()).await.unwrap();
    assert!(elsewhere.metadata.labels.is_empty());

    pods.create(&pod("waiting", None), &CreateOptions::default()).await.unwrap();
    let binding = Binding {
        metadata: ObjectMeta { name: "waiting".into(), ..Default::default() },
        target: ObjectReference { kind: "Node".into(), name: "n1".into(), ..Default::default() },
        ..Default::default()
    };
    pods.bind("waiting", &binding, &CreateOptions::default()).await.unwrap();
    let bound = pods.get("waiting", &GetOptions::default()).await.unwrap();
    assert_eq!(bound.spec.node_name, "n1");
    assert_eq!(bound.metadata.labels, labels(&[("topology.k8s.io/region", "r1"), ("topology.k8s.io/zone", "z1")]));
}

#[tokio::test]
async fn bound_pods_terminate_gracefully() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let pods = cs.core_v1().pods("default");
    pods.create(&pod("unbound", None), &CreateOptions::default()).await.unwrap();
    pods.create(&pod("bound", Some("node-1")), &CreateOptions::default()).await.unwrap();
    pods.create(&pod("forced", Some("node-1")), &CreateOptions::default()).await.unwrap();
    // Not on a node: deleted at once, the pod returned.
    let gone = object(pods.delete("unbound", &DeleteOptions::default()).await.unwrap());
    assert!(gone.metadata.deletion_timestamp.is_none());
    assert!(pods.get("unbound", &GetOptions::default()).await.unwrap_err().is_not_found());
    // On a node: Terminating for its grace period, then removed.
    let t = object(pods.delete("bound", &DeleteOptions::default()).await.unwrap());
    assert_eq!(t.metadata.deletion_grace_period_seconds, Some(1));
    assert!(t.metadata.deletion_timestamp.is_some());
    assert_eq!(t.metadata.generation, 2);
    assert!(pods.get("bound", &GetOptions::default()).await.is_ok());
    // A longer grace period does not extend it.
    let again = object(
        pods.delete("bound", &DeleteOptions { grace_period_seconds: Some(30), ..Default::default() }).await.unwrap(),
    );
    assert_eq!(again.metadata.deletion_grace_period_seconds, Some(1));
    // Grace 0 deletes at once.
    pods.delete("forced", &DeleteOptions { grace_period_seconds: Some(0), ..Default::default() }).await.unwrap();
    assert!(pods.get("forced", &GetOptions::default()).await.unwrap_err().is_not_found());
    let start = Instant::now();
    eventually("the grace period to end", || async {
        pods.get("bound", &GetOptions::default()).await.is_err_and(|e| e.is_not_found())
    })
    .await;
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn namespace_lifecycle() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let names: Vec<String> = cs
        .core_v1()
        .namespaces()
        .list(&ListOptions::default())
        .await
        .unwrap()
        .items
        .unwrap_or_default()
        .into_iter()
        .map(|n| n.metadata.name)
        .collect();
    assert_eq!(names, ["default", "kube-node-lease", "kube-public", "kube-system"]);
    // Writes into a missing namespace name it.
    let err = cs.core_v1().config_maps("no-such-namespace").create(&cm("c", &[]), &CreateOptions::default()).await;
    let err = err.unwrap_err();
    assert!(err.is_not_found());
    assert_eq!(err.status().unwrap().status.message, r#"namespaces "no-such-namespace" not found"#);
    // System namespaces stay.
    let err = cs.core_v1().namespaces().delete("kube-system", &DeleteOptions::default()).await.unwrap_err();
    assert!(err.is_forbidden());
    assert_eq!(
        err.status().unwrap().status.message,
        r#"namespaces "kube-system" is forbidden: this namespace may not be deleted"#
    );

    let ns = Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() };
    let created = cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.finalizers.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["kubernetes"]);
    assert_eq!(created.status.phase.0, "Active");
    let cms = cs.core_v1().config_maps("team");
    create_cm(&cms, cm("plain", &[])).await;
    let mut held = cm("held", &[]);
    held.metadata.finalizers = vec!["example.com/hold".into()];
    create_cm(&cms, held).await;

    let terminating = object(cs.core_v1().namespaces().delete("team", &DeleteOptions::default()).await.unwrap());
    assert_eq!(terminating.status.phase.0, "Terminating");
    assert!(terminating.metadata.deletion_timestamp.is_some());
    // No new content while it terminates.
    let err = cms.create(&cm("late", &[]), &CreateOptions::default()).await.unwrap_err();
    assert!(err.is_forbidden());
    let status = &err.status().unwrap().status;
    assert_eq!(
        status.message,
        r#"configmaps "late" is forbidden: unable to create new content in namespace team because it is being terminated"#
    );
    assert_eq!(status.details.as_ref().unwrap().causes[0].r#type.0, "NamespaceTerminating");
    // The content goes, but for what a finalizer holds, which the conditions report.
    eventually("the conditions to name what remains", || async {
        let ns = cs.core_v1().namespaces().get("team", &GetOptions::default()).await.unwrap();
        ns.status.conditions.iter().any(|c| {
            c.r#type.0 == "NamespaceFinalizersRemaining"
                && c.status.0 == "True"
                && c.message == "Some finalizers are remaining: example.com/hold in 1 resource instances"
        }) && ns.status.conditions.iter().any(|c| {
            c.r#type.0 == "NamespaceContentRemaining"
                && c.reason == "SomeResourcesRemain"
                && c.message == "Some resources are remaining: configmaps. has 1 resource instances"
        })
    })
    .await;
    assert!(!exists(&cms, "plain").await);
    let mut h = cms.get("held", &GetOptions::default()).await.unwrap();
    h.metadata.finalizers.clear();
    cms.update(&h, &UpdateOptions::default()).await.unwrap();
    eventually("the namespace to go", || async {
        cs.core_v1().namespaces().get("team", &GetOptions::default()).await.is_err_and(|e| e.is_not_found())
    })
    .await;
}

#[tokio::test]
async fn a_thousand_dependents_go_within_a_second() {
    let (cs, server, _test) = cluster(Controllers::default()).await;
    let cms = cs.core_v1().config_maps("default");
    let owner = create_cm(&cms, cm("owner", &[])).await;
    // Created straight in the tracker: the HTTP round trips are not what is measured.
    let gvr = kapi_client::ResourceInfo::of::<ConfigMap>().gvr();
    for i in 0..1000 {
        server
            .tracker()
            .create(&gvr, "default", Box::new(cm(&format!("child-{i}"), &[&owner])), &CreateOptions::default())
            .unwrap();
    }
    let start = Instant::now();
    cms.delete("owner", &policy("Background")).await.unwrap();
    eventually("every dependent to go", || async {
        cms.list(&ListOptions::default()).await.unwrap().items.unwrap_or_default().is_empty()
    })
    .await;
    eprintln!("1000 dependents collected in {:?}", start.elapsed());
}

#[tokio::test]
async fn pods_are_filled_in_as_a_cluster_fills_them() {
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let pods = cs.core_v1().pods("default");
    let created = pods.create(&pod("web", None), &CreateOptions::default()).await.unwrap();
    let spec = &created.spec;
    assert_eq!(spec.service_account_name, "default");
    assert_eq!(spec.priority, Some(0));
    assert_eq!(spec.preemption_policy.as_ref().map(|p| p.0.as_str()), Some("PreemptLowerPriority"));
    let tolerations: Vec<String> = spec
        .tolerations
        .iter()
        .map(|t| format!("{}:{}:{}:{:?}", t.key, t.operator.0, t.effect.0, t.toleration_seconds))
        .collect();
    assert_eq!(
        tolerations,
        [
            "node.kubernetes.io/not-ready:Exists:NoExecute:Some(300)",
            "node.kubernetes.io/unreachable:Exists:NoExecute:Some(300)"
        ]
    );
    let volumes = &spec.volumes;
    assert_eq!(volumes.len(), 1);
    let token = &volumes[0];
    assert!(token.name.starts_with("kube-api-access-"), "{}", token.name);
    let projected = token.volume_source.projected.as_ref().expect("projected");
    assert_eq!(projected.default_mode, Some(420));
    assert_eq!(projected.sources.as_ref().map(Vec::len), Some(3));
    let mounts = &spec.containers.as_ref().unwrap()[0].volume_mounts;
    assert_eq!(mounts.len(), 1);
    assert_eq!(
        (mounts[0].name.as_str(), mounts[0].mount_path.as_str(), mounts[0].read_only),
        (token.name.as_str(), "/var/run/secrets/kubernetes.io/serviceaccount", true)
    );

    // A named priority class gives its value; a missing one or a contradicting value is refused.
    let mut critical = pod("critical", None);
    critical.spec.priority_class_name = "system-cluster-critical".into();
    let created = pods.create(&critical, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.priority, Some(2_000_000_000));
    let mut missing = pod("missing", None);
    missing.spec.priority_class_name = "gold".into();
    let err = pods.create(&missing, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        r#"pods "missing" is forbidden: no PriorityClass with name gold was found"#
    );
    let mut contradicting = pod("contradicting", None);
    contradicting.spec.priority = Some(7);
    let err = pods.create(&contradicting, &CreateOptions::default()).await.unwrap_err();
    assert!(err.status().unwrap().status.message.contains("the integer value of priority (7) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name"));
    // A service account that does not exist is refused.
    let mut other = pod("other", None);
    other.spec.service_account_name = "robot".into();
    let err = pods.create(&other, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        r#"pods "other" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found"#
    );
    // No automount: no volume.
    let mut quiet = pod("quiet", None);
    quiet.spec.automount_service_account_token = Some(false);
    let created = pods.create(&quiet, &CreateOptions::default()).await.unwrap();
    assert!(created.spec.volumes.is_empty());
    // Every new namespace gets its default service account.
    let ns = Namespace { metadata: ObjectMeta { name: "fresh".into(), ..Default::default() }, ..Default::default() };
    cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap();
    cs.core_v1().pods("fresh").create(&pod("first", None), &CreateOptions::default()).await.unwrap();
    assert!(cs.core_v1().service_accounts("fresh").get("default", &GetOptions::default()).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_namespace_of_a_thousand_objects_goes_while_requests_are_served() {
    let (cs, server, _test) = cluster(Controllers::default()).await;
    server.create_namespace("big").unwrap();
    let gvr = kapi_client::ResourceInfo::of::<ConfigMap>().gvr();
    for i in 0..1000 {
        let mut c = cm(&format!("c-{i}"), &[]);
        c.metadata.namespace = "big".into();
        server.tracker().create(&gvr, "big", Box::new(c), &CreateOptions::default()).unwrap();
    }
    let start = Instant::now();
    cs.core_v1().namespaces().delete("big", &DeleteOptions::default()).await.unwrap();
    // Reads elsewhere go on while the namespace controller works.
    let mut slowest = Duration::ZERO;
    let reads = cs.core_v1().namespaces();
    loop {
        let t = Instant::now();
        let gone = reads.get("big", &GetOptions::default()).await.is_err_and(|e| e.is_not_found());
        reads.get("default", &GetOptions::default()).await.unwrap();
        slowest = slowest.max(t.elapsed());
        if gone {
            break;
        }
        assert!(start.elapsed() < GUARD, "the namespace is still there");
    }
    eprintln!(
        "namespace with 1000 objects deleted in {:?}; slowest pair of reads meanwhile {slowest:?}",
        start.elapsed()
    );
}

/// A client that floods the server gets upstream's `429`s past the in-flight limits, while
/// reads and watches, counted apart, go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_flight_limits_refuse_a_flood_of_writes() {
    use kapi_testing::server::InFlightLimits;
    let (cs, server, test) = cluster(Controllers::none()).await;
    server.set_max_in_flight(InFlightLimits { read_only: 400, mutating: 2 });
    // Two slow writes hold both mutating slots. They hold them far longer than the requests
    // below take on a loaded machine (the 800 ms this once was ran out under parallel builds,
    // letting the third write in), and start well before those.
    server.fail_next(
        kapi_testing::Fault::status(500, "InternalError", "slow")
            .on_method(http::Method::POST)
            .after(Duration::from_secs(5))
            .times(2),
    );
    let slow: Vec<_> = (0..2)
        .map(|i| {
            let cms = cs.core_v1().config_maps("default");
            tokio::spawn(async move { cms.create(&cm(&format!("slow-{i}"), &[]), &CreateOptions::default()).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // A third write is refused as kube-apiserver refuses it: plain text, Retry-After 1.
    let url = format!("{}/api/v1/namespaces/default/configmaps", test.url());
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"third"}}"#;
    let out = std::process::Command::new("curl")
        .args(["-s", "-i", "-X", "POST", "-H", "Content-Type: application/json", "-d", body, &url])
        .output();
    if let Ok(out) = out {
        let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
        assert!(text.starts_with("HTTP/1.1 429"), "{text}");
        assert!(text.contains("\nretry-after: 1\n"), "{text}");
        assert!(text.ends_with("\n\nToo many requests, please try again later.\n"), "{text}");
    }
    let err = cs.core_v1().config_maps("default").create(&cm("fourth", &[]), &CreateOptions::default()).await;
    assert!(err.is_err_and(|e| e.status().is_some_and(|s| s.code == 429)));
    // Reads have their own limit.
    assert!(cs.core_v1().namespaces().get("default", &GetOptions::default()).await.is_ok());
    for s in slow {
        assert!(s.await.unwrap().is_err(), "the slow writes end in their fault");
    }
    // The slots come back.
    create_cm(&cs.core_v1().config_maps("default"), cm("after", &[])).await;
}

/// A body over kube-apiserver's 3 MiB limit is refused with its `413` whether or not the client
/// says how long it is, without the server reading the rest; the server then serves on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_bodies_over_the_limit_are_refused() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (cs, _server, test) = cluster(Controllers::none()).await;
    let addr = test.url().trim_start_matches("http://").to_owned();
    let limit = kapi_testing::server::MAX_BODY_BYTES;
    let body = vec![b' '; limit + 1024 * 1024];
    for chunked in [false, true] {
        let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let (mut rd, mut wr) = stream.into_split();
        let length =
            if chunked { "transfer-encoding: chunked".to_owned() } else { format!("content-length: {}", body.len()) };
        let head = format!(
            "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n{length}\r\n\r\n"
        );
        let payload = body.clone();
        // Written while the answer is read: the server stops reading at the limit, so a writer
        // that waited for the whole body to go out first could wait for ever.
        let writer = tokio::spawn(async move {
            wr.write_all(head.as_bytes()).await?;
            if chunked {
                for piece in payload.chunks(64 * 1024) {
                    wr.write_all(format!("{:x}\r\n", piece.len()).as_bytes()).await?;
                    wr.write_all(piece).await?;
                    wr.write_all(b"\r\n").await?;
                }
                wr.write_all(b"0\r\n\r\n").await?;
            } else {
                wr.write_all(&payload).await?;
            }
            Ok::<_, std::io::Error>(())
        });
        let mut answer = Vec::new();
        let mut buf = [0u8; 4096];
        let deadline = Instant::now() + Duration::from_secs(15);
        while !String::from_utf8_lossy(&answer).contains("Request entity too large") {
            assert!(Instant::now() < deadline, "no answer: {}", String::from_utf8_lossy(&answer));
            match tokio::time::timeout(Duration::from_secs(15), rd.read(&mut buf)).await {
                Ok(Ok(0)) | Err(_) => break,
                Ok(Ok(n)) => answer.extend_from_slice(&buf[..n]),
                Ok(Err(e)) => panic!("reading the answer: {e}"),
            }
        }
        let text = String::from_utf8_lossy(&answer);
        assert!(text.starts_with("HTTP/1.1 413"), "chunked {chunked}: {text}");
        assert!(text.contains(r#""reason":"RequestEntityTooLarge""#), "{text}");
        assert!(text.contains(&format!(r#""message":"Request entity too large: limit is {limit}""#)), "{text}");
        writer.abort();
    }
    // Nothing was stored, and the server goes on serving.
    let cms = cs.core_v1().config_maps("default");
    assert!(cms.list(&ListOptions::default()).await.unwrap().items.is_none_or(|i| i.is_empty()));
    create_cm(&cms, cm("after", &[])).await;
}

#[tokio::test]
async fn claims_get_the_default_class_and_pods_their_runtime_class() {
    use kapi_api::core::v1::{PersistentVolumeClaim, Toleration};
    use kapi_api::node::v1::{RuntimeClass, Scheduling};
    use kapi_api::storage::v1::StorageClass;
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let classes = cs.storage_v1().storage_classes();
    for (name, default) in [("slow", false), ("fast", true)] {
        let mut c = StorageClass {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            provisioner: "example.com/disk".into(),
            ..Default::default()
        };
        if default {
            c.metadata.annotations.insert("storageclass.kubernetes.io/is-default-class".into(), "true".into());
        }
        classes.create(&c, &CreateOptions::default()).await.unwrap();
    }
    let claims = cs.core_v1().persistent_volume_claims("default");
    let mut claim = PersistentVolumeClaim {
        metadata: ObjectMeta { name: "data".into(), ..Default::default() },
        ..Default::default()
    };
    claim.spec.access_modes = vec![kapi_api::core::v1::PersistentVolumeAccessMode("ReadWriteOnce".into())];
    claim.spec.resources.requests.insert(kapi_api::core::v1::ResourceName("storage".into()), "1Gi".parse().unwrap());
    let created = claims.create(&claim, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.storage_class_name.as_deref(), Some("fast"));
    // An empty class name is a choice, left alone.
    claim.metadata.name = "static".into();
    claim.spec.storage_class_name = Some(String::new());
    let created = claims.create(&claim, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.storage_class_name.as_deref(), Some(""));

    let rc = RuntimeClass {
        metadata: ObjectMeta { name: "gvisor".into(), ..Default::default() },
        handler: "runsc".into(),
        scheduling: Some(Scheduling {
            node_selector: [("sandbox".to_owned(), "true".to_owned())].into(),
            tolerations: vec![Toleration {
                key: "sandbox".into(),
                operator: kapi_api::core::v1::TolerationOperator("Exists".into()),
                ..Default::default()
            }],
        }),
        ..Default::default()
    };
    cs.node_v1().runtime_classes().create(&rc, &CreateOptions::default()).await.unwrap();
    let pods = cs.core_v1().pods("default");
    let mut p = pod("sandboxed", None);
    p.spec.runtime_class_name = Some("gvisor".into());
    let created = pods.create(&p, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.node_selector.get("sandbox").map(String::as_str), Some("true"));
    assert!(created.spec.tolerations.iter().any(|t| t.key == "sandbox"));
    let mut missing = pod("missing-class", None);
    missing.spec.runtime_class_name = Some("kata".into());
    let err = pods.create(&missing, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        r#"pods "missing-class" is forbidden: pod rejected: RuntimeClass "kata" not found"#
    );
    let mut conflicting = pod("conflicting", None);
    conflicting.spec.runtime_class_name = Some("gvisor".into());
    conflicting.spec.node_selector.insert("sandbox".into(), "false".into());
    let err = pods.create(&conflicting, &CreateOptions::default()).await.unwrap_err();
    assert!(err.status().unwrap().status.message.ends_with(
        "conflict: runtimeClass.scheduling.nodeSelector[sandbox] = true; pod.spec.nodeSelector[sandbox] = false"
    ));
}

/// A watcher that stops reading while changes keep coming is closed once its buffer is full, as
/// upstream's cacher closes unresponsive watchers: its stream ends cleanly (no `ERROR` event),
/// short of the changes made, and the server holds nothing more for it. A `watcher()` reading at
/// its own pace through the same burst still ends with every object.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_that_stops_reading_is_closed_and_the_others_see_every_change() {
    use futures_util::StreamExt;
    use kapi_client::watcher::{Event, WatcherConfig, watcher};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const CHANGES: usize = 300;
    let (cs, _server, test) = cluster(Controllers::none()).await;
    let cms = cs.core_v1().config_maps("default");
    let start_rv = cms.list(&ListOptions::default()).await.unwrap().metadata.resource_version;

    // The stalled client: a raw watch it never reads until the burst is over.
    let addr = test.url().trim_start_matches("http://").trim_end_matches('/').to_owned();
    let mut stalled = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let request = format!(
        "GET /api/v1/namespaces/default/configmaps?watch=true&resourceVersion={start_rv} HTTP/1.1\r\n\
         Host: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    );
    stalled.write_all(request.as_bytes()).await.unwrap();

    // The reader: kapi-client's watcher from the same point.
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let api: Api<ConfigMap> = client.namespaced("default");
    let reader = tokio::spawn(async move {
        let mut seen = std::collections::BTreeSet::new();
        let mut events = std::pin::pin!(watcher(api, WatcherConfig::default()));
        while seen.len() < CHANGES {
            match events.next().await {
                Some(Ok(Event::Apply(o) | Event::InitApply(o))) if o.metadata.name.starts_with("big-") => {
                    seen.insert(o.metadata.name);
                }
                Some(_) => {}
                None => break,
            }
        }
        seen.len()
    });

    // A burst of large changes: far more than the stalled connection's socket buffers and the
    // server's per-watcher buffer hold.
    let filler = "x".repeat(64 * 1024);
    for i in 0..CHANGES {
        let mut c = cm(&format!("big-{i}"), &[]);
        c.data.insert("filler".into(), filler.clone());
        create_cm(&cms, c).await;
    }
    assert_eq!(tokio::time::timeout(GUARD, reader).await.expect("the reader caught up").unwrap(), CHANGES);

    // Now the stalled client reads: a complete response that ends without every change.
    let mut bytes = Vec::new();
    tokio::time::timeout(GUARD, stalled.read_to_end(&mut bytes)).await.expect("the closed watch ends").unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("HTTP/1.1 200"), "{}", &text[..text.len().min(200)]);
    assert!(text.ends_with("0\r\n\r\n"), "the stream ends with its last chunk, not a reset");
    assert!(!text.contains(r#""type":"ERROR""#), "closed without an ERROR event");
    let delivered = text.matches(r#""type":"ADDED""#).count();
    assert!(delivered < CHANGES, "the stalled watcher was closed: {delivered} of {CHANGES} changes");
}

#[tokio::test]
async fn limit_ranges_default_and_bound_pods_and_claims() {
    use kapi_api::core::v1::{
        LimitRange, LimitRangeItem, LimitRangeSpec, LimitType, PersistentVolumeClaim, ResourceName,
        ResourceRequirements,
    };
    use kapi_machinery::types::Quantity;
    use std::collections::BTreeMap;
    let list = |pairs: &[(&str, &str)]| -> BTreeMap<ResourceName, Quantity> {
        pairs.iter().map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).unwrap())).collect()
    };
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let ranges = cs.core_v1().limit_ranges("default");
    let range = LimitRange {
        metadata: ObjectMeta { name: "limits".into(), ..Default::default() },
        spec: LimitRangeSpec {
            limits: Some(vec![
                LimitRangeItem {
                    r#type: LimitType("Container".into()),
                    default: list(&[("cpu", "500m"), ("memory", "256Mi")]),
                    default_request: list(&[("cpu", "100m"), ("memory", "128Mi")]),
                    min: list(&[("cpu", "50m")]),
                    max: list(&[("cpu", "1")]),
                    ..Default::default()
                },
                LimitRangeItem {
                    r#type: LimitType("PersistentVolumeClaim".into()),
                    max: list(&[("storage", "10Gi")]),
                    ..Default::default()
                },
            ]),
        },
        ..Default::default()
    };
    ranges.create(&range, &CreateOptions::default()).await.unwrap();
    let pods = cs.core_v1().pods("default");

    // A container without resources gets the defaults, named in the annotation.
    let created = pods.create(&pod("plain", None), &CreateOptions::default()).await.unwrap();
    let res = &created.spec.containers.as_ref().unwrap()[0].resources;
    assert_eq!(res.requests, list(&[("cpu", "100m"), ("memory", "128Mi")]));
    assert_eq!(res.limits, list(&[("cpu", "500m"), ("memory", "256Mi")]));
    assert_eq!(
        created.metadata.annotations.get("kubernetes.io/limit-ranger").map(String::as_str),
        Some("LimitRanger plugin set: cpu, memory request for container c; cpu, memory limit for container c")
    );

    // What the pod sets is kept; beyond the bounds is refused with upstream's messages, and a
    // dry run is checked the same.
    let mut greedy = pod("greedy", None);
    greedy.spec.containers.as_mut().unwrap()[0].resources =
        ResourceRequirements { requests: list(&[("cpu", "20m")]), limits: list(&[("cpu", "2")]), ..Default::default() };
    for dry_run in [vec!["All".to_owned()], vec![]] {
        let err = pods.create(&greedy, &CreateOptions { dry_run, ..Default::default() }).await.unwrap_err();
        let status = err.status().unwrap().status.clone();
        assert_eq!(status.code, 403);
        assert_eq!(
            status.message,
            "pods \"greedy\" is forbidden: [minimum cpu usage per Container is 50m, but request is 20m, \
             maximum cpu usage per Container is 1, but limit is 2]"
        );
    }
    assert!(pods.get("greedy", &GetOptions::default()).await.unwrap_err().is_not_found());

    // Claims: their requests are bounded on create and on update.
    let claims = cs.core_v1().persistent_volume_claims("default");
    let mut claim = PersistentVolumeClaim {
        metadata: ObjectMeta { name: "data".into(), ..Default::default() },
        ..Default::default()
    };
    claim.spec.access_modes = vec![kapi_api::core::v1::PersistentVolumeAccessMode("ReadWriteOnce".into())];
    claim.spec.resources.requests = list(&[("storage", "20Gi")]);
    let err = claims.create(&claim, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        "persistentvolumeclaims \"data\" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi"
    );
    claim.spec.resources.requests = list(&[("storage", "5Gi")]);
    claim.spec.volume_name = "pv-1".into();
    let mut stored = claims.create(&claim, &CreateOptions::default()).await.unwrap();
    // A bound claim may grow its request.
    stored.status.phase = kapi_api::core::v1::PersistentVolumeClaimPhase("Bound".into());
    let mut stored = claims.update_status(&stored, &UpdateOptions::default()).await.unwrap();
    stored.spec.resources.requests = list(&[("storage", "11Gi")]);
    let err = claims.update(&stored, &UpdateOptions::default()).await.unwrap_err();
    assert!(err.status().unwrap().status.message.ends_with("but request is 11Gi"), "{err}");

    // Without limit ranges in the namespace, nothing is filled in.
    ranges.delete("limits", &DeleteOptions::default()).await.unwrap();
    let created = pods.create(&pod("after", None), &CreateOptions::default()).await.unwrap();
    assert!(created.spec.containers.as_ref().unwrap()[0].resources.requests.is_empty());
    assert!(!created.metadata.annotations.contains_key("kubernetes.io/limit-ranger"));
}

/// Creates that together fill a quota exactly are all admitted, whatever the controller's
/// recounts do meanwhile: a recount between one create's reservation and its charge used to count
/// that create twice (once reserved, once charged) and refuse a later one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_creates_fill_a_quota_exactly() {
    use kapi_api::core::v1::{ResourceName, ResourceQuota, ResourceQuotaSpec};
    use kapi_machinery::types::Quantity;
    const N: usize = 24;
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let quotas = cs.core_v1().resource_quotas("default");
    let key = ResourceName("count/configmaps".into());
    let hard = [(key.clone(), Quantity::parse(&N.to_string()).unwrap())].into_iter().collect();
    let quota = ResourceQuota {
        metadata: ObjectMeta { name: "objects".into(), ..Default::default() },
        spec: ResourceQuotaSpec { hard, ..Default::default() },
        ..Default::default()
    };
    quotas.create(&quota, &CreateOptions::default()).await.unwrap();
    let used = || async {
        let q = quotas.get("objects", &GetOptions::default()).await.unwrap();
        q.status.used.get(&key).map(|q| q.to_string())
    };
    eventually("the quota's status", || async { used().await.as_deref() == Some("0") }).await;
    let creates: Vec<_> = (0..N)
        .map(|i| {
            let cms = cs.core_v1().config_maps("default");
            tokio::spawn(async move { cms.create(&cm(&format!("c-{i}"), &[]), &CreateOptions::default()).await })
        })
        .collect();
    for (i, create) in creates.into_iter().enumerate() {
        if let Err(e) = create.await.unwrap() {
            panic!("create {i} of {N} against a quota of {N}: {e}");
        }
    }
    eventually("the recount", || async { used().await == Some(N.to_string()) }).await;
    let err = cs.core_v1().config_maps("default").create(&cm("one-more", &[]), &CreateOptions::default()).await;
    assert!(err.unwrap_err().to_string().contains("exceeded quota: objects"));
}

#[tokio::test]
async fn resource_quotas_count_charge_and_refuse() {
    use kapi_api::core::v1::{ResourceName, ResourceQuota, ResourceQuotaSpec, ResourceRequirements};
    use kapi_machinery::types::Quantity;
    use std::collections::BTreeMap;
    let list = |pairs: &[(&str, &str)]| -> BTreeMap<ResourceName, Quantity> {
        pairs.iter().map(|(k, v)| (ResourceName((*k).into()), Quantity::parse(v).unwrap())).collect()
    };
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let quota = |name: &str, hard: &[(&str, &str)]| ResourceQuota {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: ResourceQuotaSpec { hard: list(hard), ..Default::default() },
        ..Default::default()
    };
    let used = |q: &ResourceQuota, name: &str| {
        q.status.used.get(&ResourceName(name.into())).map(|q| q.to_string()).unwrap_or_default()
    };
    let quotas = cs.core_v1().resource_quotas("default");
    quotas
        .create(&quota("objects", &[("pods", "2"), ("count/configmaps", "1")]), &CreateOptions::default())
        .await
        .unwrap();
    // The controller fills in the status.
    eventually("the quota's status", || async {
        let q = quotas.get("objects", &GetOptions::default()).await.unwrap();
        q.status.hard == q.spec.hard && used(&q, "pods") == "0" && used(&q, "count/configmaps") == "0"
    })
    .await;

    let pods = cs.core_v1().pods("default");
    for name in ["a", "b"] {
        pods.create(&pod(name, None), &CreateOptions::default()).await.unwrap();
    }
    // Charged at admission, before the controller recounts.
    let q = quotas.get("objects", &GetOptions::default()).await.unwrap();
    assert_eq!(used(&q, "pods"), "2");
    for dry_run in [vec!["All".to_owned()], vec![]] {
        let err = pods.create(&pod("c", None), &CreateOptions { dry_run, ..Default::default() }).await.unwrap_err();
        let status = err.status().unwrap().status.clone();
        assert_eq!(status.code, 403);
        assert_eq!(
            status.message,
            r#"pods "c" is forbidden: exceeded quota: objects, requested: pods=1, used: pods=2, limited: pods=2"#
        );
    }
    let cms = cs.core_v1().config_maps("default");
    let cm = |name: &str| ConfigMap {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        ..Default::default()
    };
    cms.create(&cm("one"), &CreateOptions::default()).await.unwrap();
    let err = cms.create(&cm("two"), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        r#"configmaps "two" is forbidden: exceeded quota: objects, requested: count/configmaps=1, used: count/configmaps=1, limited: count/configmaps=1"#
    );
    // A server-side apply that would create one more is refused the same.
    let apply = kapi_api::core::v1::ConfigMapApplyConfiguration::default()
        .with_api_version("v1")
        .with_kind("ConfigMap")
        .with_metadata(kapi_api::meta::v1::ObjectMetaApplyConfiguration::default().with_name("three"));
    let opts = kapi_api::meta::v1::ApplyOptions { field_manager: "test".into(), ..Default::default() };
    let err = cms.apply(&apply, &opts).await.unwrap_err();
    assert!(err.status().unwrap().status.message.contains("exceeded quota: objects"), "{err}");
    // A delete frees the quota once the controller recounts; a dry run charges nothing.
    pods.delete("a", &DeleteOptions::default()).await.unwrap();
    eventually("the recount after the delete", || async {
        used(&quotas.get("objects", &GetOptions::default()).await.unwrap(), "pods") == "1"
    })
    .await;
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    pods.create(&pod("c", None), &dry).await.unwrap();
    assert_eq!(used(&quotas.get("objects", &GetOptions::default()).await.unwrap(), "pods"), "1");

    // Compute quotas: every container must name what is limited, and totals are bounded.
    let ns = Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() };
    cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap();
    let team_quotas = cs.core_v1().resource_quotas("team");
    team_quotas
        .create(&quota("compute", &[("requests.cpu", "1"), ("limits.cpu", "1")]), &CreateOptions::default())
        .await
        .unwrap();
    eventually("the compute quota's status", || async {
        let q = team_quotas.get("compute", &GetOptions::default()).await.unwrap();
        used(&q, "requests.cpu") == "0"
    })
    .await;
    let team = cs.core_v1().pods("team");
    let err = team.create(&pod("bare", None), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        r#"pods "bare" is forbidden: failed quota: compute: must specify limits.cpu for: c; requests.cpu for: c"#
    );
    let sized = |name: &str| {
        let mut p = pod(name, None);
        p.spec.containers.as_mut().unwrap()[0].resources = ResourceRequirements {
            requests: list(&[("cpu", "600m")]),
            limits: list(&[("cpu", "600m")]),
            ..Default::default()
        };
        p
    };
    team.create(&sized("first"), &CreateOptions::default()).await.unwrap();
    let err = team.create(&sized("second"), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.status().unwrap().status.message,
        "pods \"second\" is forbidden: exceeded quota: compute, requested: limits.cpu=600m,requests.cpu=600m, \
         used: limits.cpu=600m,requests.cpu=600m, limited: limits.cpu=1,requests.cpu=1"
    );
}

#[tokio::test]
async fn validating_admission_policies_deny_and_warn() {
    use kapi_api::admissionregistration::v1::{ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
    use kapi_api::apps::v1::Deployment;
    fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
        kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
    }
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let vaps = cs.admissionregistration_v1().validating_admission_policies();
    let bindings = cs.admissionregistration_v1().validating_admission_policy_bindings();
    let policy: ValidatingAdmissionPolicy = from(
        r#"{"metadata":{"name":"replica-limit"},"spec":{
            "paramKind":{"apiVersion":"v1","kind":"ConfigMap"},
            "matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE","UPDATE"],"resources":["deployments"]}]},
            "variables":[{"name":"max","expression":"int(params.data.max)"}],
            "validations":[
              {"expression":"object.spec.replicas <= variables.max","messageExpression":"'replicas must be at most ' + params.data.max","reason":"Forbidden"},
              {"expression":"!object.metadata.name.startsWith('tmp-')"}]}}"#,
    );
    vaps.create(&policy, &CreateOptions::default()).await.unwrap();
    let binding: ValidatingAdmissionPolicyBinding = from(
        r#"{"metadata":{"name":"replica-limit-binding"},"spec":{"policyName":"replica-limit",
            "paramRef":{"name":"limits","namespace":"default","parameterNotFoundAction":"Deny"},
            "validationActions":["Deny"]}}"#,
    );
    bindings.create(&binding, &CreateOptions::default()).await.unwrap();
    let deployment = |name: &str, replicas: i32| -> Deployment {
        from(&format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{"replicas":{replicas},"selector":{{"matchLabels":{{"app":"web"}}}},
                "template":{{"metadata":{{"labels":{{"app":"web"}}}},"spec":{{"containers":[{{"name":"c","image":"nginx"}}]}}}}}}}}"#
        ))
    };
    let deployments = cs.apps_v1().deployments("default");
    let refused = |err: kapi_client::Error| err.status().unwrap().status.clone();

    // The parameter is missing: a configuration error of the binding, refused by upstream's
    // generic policy dispatcher (403, its message bare, each error a cause).
    let st = refused(deployments.create(&deployment("web", 5), &CreateOptions::default()).await.unwrap_err());
    let why = "policy 'replica-limit' with binding 'replica-limit-binding' denied request: failed to configure \
               binding: no params found for policy binding with `Deny` parameterNotFoundAction";
    assert_eq!((st.code, st.reason.0.as_str()), (403, "Forbidden"));
    assert_eq!(st.message, why);
    let details = st.details.as_ref().unwrap();
    assert_eq!((details.kind.as_str(), details.name.as_str()), ("deployments", "web"));
    assert_eq!(details.causes.iter().map(|c| c.message.as_str()).collect::<Vec<_>>(), [why]);

    let limits = ConfigMap {
        metadata: ObjectMeta { name: "limits".into(), ..Default::default() },
        data: [("max".to_owned(), "3".to_owned())].into(),
        ..Default::default()
    };
    cs.core_v1().config_maps("default").create(&limits, &CreateOptions::default()).await.unwrap();
    // Over the limit: the message expression's text and the validation's reason (403); a dry
    // run is refused the same.
    for dry_run in [vec!["All".to_owned()], vec![]] {
        let opts = CreateOptions { dry_run, ..Default::default() };
        let st = refused(deployments.create(&deployment("web", 5), &opts).await.unwrap_err());
        let why = "ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-binding' denied request: \
                   replicas must be at most 3";
        assert_eq!((st.code, st.reason.0.as_str()), (403, "Forbidden"));
        assert_eq!(st.message, format!("deployments.apps \"web\" is forbidden: {why}"));
        assert_eq!(st.details.as_ref().unwrap().causes.last().unwrap().message, why);
    }
    // Without a message, the expression is named.
    let st = refused(deployments.create(&deployment("tmp-web", 1), &CreateOptions::default()).await.unwrap_err());
    assert!(
        st.message.ends_with("denied request: failed expression: !object.metadata.name.startsWith('tmp-')"),
        "{}",
        st.message
    );
    let mut web = deployments.create(&deployment("web", 2), &CreateOptions::default()).await.unwrap();
    // Updates are checked on the object as it will be stored.
    web.spec.replicas = Some(4);
    assert_eq!(refused(deployments.update(&web, &UpdateOptions::default()).await.unwrap_err()).code, 403);

    // A binding that warns: the write goes through with the warning.
    let labels: ValidatingAdmissionPolicy = from(
        r#"{"metadata":{"name":"team-label"},"spec":{
            "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}]},
            "validations":[{"expression":"has(object.metadata.labels) && 'team' in object.metadata.labels","message":"every config map needs a team label"}]}}"#,
    );
    vaps.create(&labels, &CreateOptions::default()).await.unwrap();
    let warn: ValidatingAdmissionPolicyBinding = from(
        r#"{"metadata":{"name":"team-label-warn"},"spec":{"policyName":"team-label","validationActions":["Warn"]}}"#,
    );
    bindings.create(&warn, &CreateOptions::default()).await.unwrap();
    let cm =
        ConfigMap { metadata: ObjectMeta { name: "unlabelled".into(), ..Default::default() }, ..Default::default() };
    let created =
        cs.core_v1().config_maps("default").create_with_warnings(&cm, &CreateOptions::default()).await.unwrap();
    assert_eq!(
        created.warnings,
        [
            "Validation failed for ValidatingAdmissionPolicy 'team-label' with binding 'team-label-warn': every config map needs a team label"
        ]
    );
}

/// Upstream's generic policy dispatcher: a binding without `paramRef` is evaluated with
/// `params` null; a `paramKind` no resource serves fails the policy (`failed to configure
/// policy`), refused as a bare `403` message when no validation denies; a mutating policy's
/// missing parameter reads the same.
#[tokio::test]
async fn admission_policy_configuration_errors_read_as_upstream() {
    use kapi_api::admissionregistration::v1::{ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
    use kapi_api::core::v1::Secret;
    fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
        kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
    }
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let vaps = cs.admissionregistration_v1().validating_admission_policies();
    let bindings = cs.admissionregistration_v1().validating_admission_policy_bindings();
    let add = |name: &str, param_kind: &str, param_ref: &str| {
        let policy: ValidatingAdmissionPolicy = from(&format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{"paramKind":{param_kind},
                "matchConstraints":{{"resourceRules":[{{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["secrets"]}}]}},
                "validations":[{{"expression":"params == null","message":"params given"}}]}}}}"#
        ));
        let binding: ValidatingAdmissionPolicyBinding = from(&format!(
            r#"{{"metadata":{{"name":"{name}-binding"}},"spec":{{"policyName":"{name}",{param_ref}"validationActions":["Deny"]}}}}"#
        ));
        let (vaps, bindings) = (vaps.clone(), bindings.clone());
        async move {
            vaps.create(&policy, &CreateOptions::default()).await.unwrap();
            bindings.create(&binding, &CreateOptions::default()).await.unwrap();
        }
    };
    let secrets = cs.core_v1().secrets("default");
    let secret =
        |name: &str| Secret { metadata: ObjectMeta { name: name.into(), ..Default::default() }, ..Default::default() };
    add("no-ref", r#"{"apiVersion":"v1","kind":"ConfigMap"}"#, "").await;
    secrets.create(&secret("s1"), &CreateOptions::default()).await.unwrap();

    add(
        "unknown-kind",
        r#"{"apiVersion":"example.com/v1","kind":"Nope"}"#,
        r#""paramRef":{"name":"p","parameterNotFoundAction":"Allow"},"#,
    )
    .await;
    let st =
        secrets.create(&secret("s2"), &CreateOptions::default()).await.unwrap_err().status().unwrap().status.clone();
    let why = "policy \"unknown-kind\" denied request: failed to configure policy: failed to find resource \
               referenced by paramKind: 'example.com/v1, Kind=Nope'";
    assert_eq!((st.code, st.reason.0.as_str(), st.message.as_str()), (403, "Forbidden", why));
    let details = st.details.unwrap();
    assert_eq!((details.kind.as_str(), details.name.as_str()), ("secrets", "s2"));
    assert_eq!(details.causes.iter().map(|c| c.message.as_str()).collect::<Vec<_>>(), [why]);

    // A mutating policy's missing parameter is the same configuration error.
    use kapi_api::admissionregistration::v1::{MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding};
    let policy: MutatingAdmissionPolicy = from(
        r#"{"metadata":{"name":"tagger"},"spec":{"paramKind":{"apiVersion":"v1","kind":"ConfigMap"},
            "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}]},
            "reinvocationPolicy":"Never",
            "mutations":[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":"Object{metadata: Object.metadata{labels: {'tagged': 'yes'}}}"}}]}}"#,
    );
    cs.admissionregistration_v1()
        .mutating_admission_policies()
        .create(&policy, &CreateOptions::default())
        .await
        .unwrap();
    let binding: MutatingAdmissionPolicyBinding = from(
        r#"{"metadata":{"name":"tagger-binding"},"spec":{"policyName":"tagger",
            "paramRef":{"name":"missing","parameterNotFoundAction":"Deny"}}}"#,
    );
    cs.admissionregistration_v1()
        .mutating_admission_policy_bindings()
        .create(&binding, &CreateOptions::default())
        .await
        .unwrap();
    let cm = ConfigMap { metadata: ObjectMeta { name: "c".into(), ..Default::default() }, ..Default::default() };
    let st = cs
        .core_v1()
        .config_maps("default")
        .create(&cm, &CreateOptions::default())
        .await
        .unwrap_err()
        .status()
        .unwrap()
        .status
        .clone();
    let why = "policy 'tagger' with binding 'tagger-binding' denied request: failed to configure binding: no params \
               found for policy binding with `Deny` parameterNotFoundAction";
    assert_eq!((st.code, st.reason.0.as_str(), st.message.as_str()), (403, "Forbidden", why));
}

#[tokio::test]
async fn mutating_admission_policies_patch_apply_and_reinvoke() {
    use kapi_api::admissionregistration::v1::{MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding};
    use kapi_api::apps::v1::Deployment;
    fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
        kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
    }
    let (cs, _server, _test) = cluster(Controllers::default()).await;
    let policies = cs.admissionregistration_v1().mutating_admission_policies();
    let bindings = cs.admissionregistration_v1().mutating_admission_policy_bindings();
    // `extra` sets the reinvocation policy, which upstream requires; `Never` where it is empty.
    let add = |name: &str, resource: &str, group: &str, extra: &str, mutations: &str| {
        let extra = if extra.is_empty() { r#""reinvocationPolicy":"Never","# } else { extra };
        let policy: MutatingAdmissionPolicy = from(&format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{
                "matchConstraints":{{"resourceRules":[{{"apiGroups":["{group}"],"apiVersions":["v1"],"operations":["CREATE","UPDATE"],"resources":["{resource}"]}}]}},
                {extra}"mutations":{mutations}}}}}"#
        ));
        let binding: MutatingAdmissionPolicyBinding =
            from(&format!(r#"{{"metadata":{{"name":"{name}-binding"}},"spec":{{"policyName":"{name}"}}}}"#));
        let (policies, bindings) = (policies.clone(), bindings.clone());
        async move {
            policies.create(&policy, &CreateOptions::default()).await.unwrap();
            bindings.create(&binding, &CreateOptions::default()).await.unwrap();
        }
    };
    let deployment = |name: &str| -> Deployment {
        from(&format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{"selector":{{"matchLabels":{{"app":"web"}}}},
                "template":{{"metadata":{{"labels":{{"app":"web"}}}},"spec":{{"containers":[{{"name":"app","image":"nginx"}}]}}}}}}}}"#
        ))
    };
    let deployments = cs.apps_v1().deployments("default");
    let configmaps = cs.core_v1().config_maps("default");
    let refused = |err: kapi_client::Error| err.status().unwrap().status.clone();

    // An apply configuration: a sidecar merged into the containers by name, a label into the
    // labels; the defaults of what it added are filled in.
    add(
        "sidecar",
        "deployments",
        "apps",
        "",
        r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":
            "Object{metadata: Object.metadata{labels: {'mesh': 'on'}}, spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: 'proxy', image: 'mesh/proxy:v1'}]}}}}"}}]"#,
    )
    .await;
    let web = deployments.create(&deployment("web"), &CreateOptions::default()).await.unwrap();
    let containers = web.spec.template.spec.containers.as_deref().unwrap_or_default();
    let names: Vec<&str> = containers.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["app", "proxy"]);
    assert_eq!(containers[1].termination_message_path, "/dev/termination-log");
    assert_eq!(web.metadata.labels.get("mesh").map(String::as_str), Some("on"));
    // A dry run answers with the mutated object and stores nothing.
    let opts = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let dry = deployments.create(&deployment("dry"), &opts).await.unwrap();
    assert_eq!(dry.spec.template.spec.containers.as_deref().unwrap_or_default().len(), 2);
    assert!(deployments.get("dry", &GetOptions::default()).await.is_err());

    // A JSON patch with a parameter-free expression: the key escaped as one pointer token; a
    // failed `test` leaves the object as it was.
    add(
        "team",
        "configmaps",
        "",
        "",
        r#"[{"patchType":"JSONPatch","jsonPatch":{"expression":
            "has(object.metadata.labels) ? [JSONPatch{op: 'add', path: '/metadata/labels/' + jsonpatch.escapeKey('example.com/team'), value: 'platform'}] : [JSONPatch{op: 'add', path: '/metadata/labels', value: {'example.com/team': 'platform'}}]"}},
           {"patchType":"JSONPatch","jsonPatch":{"expression":
            "[JSONPatch{op: 'test', path: '/data/mode', value: 'debug'}, JSONPatch{op: 'add', path: '/data/verbose', value: 'true'}]"}}]"#,
    )
    .await;
    let cm = |name: &str, labels: &[(&str, &str)], data: &[(&str, &str)]| ConfigMap {
        metadata: ObjectMeta {
            name: name.into(),
            labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Default::default()
        },
        data: data.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    };
    let plain = configmaps.create(&cm("plain", &[], &[("mode", "quiet")]), &CreateOptions::default()).await.unwrap();
    assert_eq!(plain.metadata.labels.get("example.com/team").map(String::as_str), Some("platform"));
    assert_eq!(plain.data.get("verbose"), None);
    let debug = configmaps
        .create(&cm("debug", &[("app", "x")], &[("mode", "debug")]), &CreateOptions::default())
        .await
        .unwrap();
    assert_eq!(debug.metadata.labels.len(), 2);
    assert_eq!(debug.data.get("verbose").map(String::as_str), Some("true"));

    // Refusals: an atomic list in an apply configuration (403, reason Invalid, upstream's
    // words); the same under `failurePolicy: Ignore` is skipped.
    add(
        "args",
        "deployments",
        "apps",
        "",
        r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":
            "Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: 'app', args: ['-v']}]}}}}"}}]"#,
    )
    .await;
    let st = refused(deployments.create(&deployment("args"), &CreateOptions::default()).await.unwrap_err());
    let why = "policy 'args' with binding 'args-binding' denied request: error applying patch: invalid \
               ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.template.spec.containers[0].args";
    assert_eq!((st.code, st.reason.0.as_str(), st.message.as_str()), (403, "Invalid", why));
    assert_eq!(st.details.as_ref().unwrap().causes[0].message, why);
    let mut ignoring = policies.get("args", &GetOptions::default()).await.unwrap();
    ignoring.spec.failure_policy = Some(kapi_api::admissionregistration::v1::FailurePolicyType("Ignore".into()));
    policies.update(&ignoring, &UpdateOptions::default()).await.unwrap();
    let args = deployments.create(&deployment("args"), &CreateOptions::default()).await.unwrap();
    assert!(args.spec.template.spec.containers.as_deref().unwrap_or_default()[0].args.is_empty());

    // A nested construction must name its field path; an unknown field is refused.
    add(
        "misnamed",
        "deployments",
        "apps",
        "",
        r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":
            "Object{spec: Object.spec{template: Object.spec.wrong{}}}"}}]"#,
    )
    .await;
    let st = refused(deployments.create(&deployment("misnamed"), &CreateOptions::default()).await.unwrap_err());
    assert_eq!(
        st.message,
        "policy 'misnamed' with binding 'misnamed-binding' denied request: type mismatch: unexpected type name \
         \"Object.spec.wrong\", expected \"Object.spec.template\", which matches field name path from root Object type"
    );
    policies.delete("misnamed", &DeleteOptions::default()).await.unwrap();
    add(
        "undeclared",
        "deployments",
        "apps",
        "",
        r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":"Object{spec: Object.spec{color: 'blue'}}"}}]"#,
    )
    .await;
    let st = refused(deployments.create(&deployment("undeclared"), &CreateOptions::default()).await.unwrap_err());
    assert!(
        st.message.ends_with(
            "error applying patch: failed to convert patch object to typed object: .spec.color: field not declared in schema"
        ),
        "{}",
        st.message
    );
    policies.delete("undeclared", &DeleteOptions::default()).await.unwrap();

    // Reinvocation: `a-reads-b` runs before `b-writes` (by name) and sees no `b` label; with
    // `reinvocationPolicy: IfNeeded` it runs again after `b-writes` changed the object.
    let reads = |policy: &str| format!(r#""reinvocationPolicy":"{policy}","#);
    let a_mutation = r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":
        "Object{metadata: Object.metadata{labels: {'a': has(object.metadata.labels) && 'b' in object.metadata.labels ? 'saw-b' : 'no-b'}}}"}}]"#;
    add("a-reads-b", "secrets", "", &reads("Never"), a_mutation).await;
    add(
        "b-writes",
        "secrets",
        "",
        "",
        r#"[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":"Object{metadata: Object.metadata{labels: {'b': 'here'}}}"}}]"#,
    )
    .await;
    let secrets = cs.core_v1().secrets("default");
    let secret = |name: &str| kapi_api::core::v1::Secret {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        ..Default::default()
    };
    let once = secrets.create(&secret("once"), &CreateOptions::default()).await.unwrap();
    assert_eq!(once.metadata.labels.get("a").map(String::as_str), Some("no-b"));
    assert_eq!(once.metadata.labels.get("b").map(String::as_str), Some("here"));
    let mut again = policies.get("a-reads-b", &GetOptions::default()).await.unwrap();
    again.spec.reinvocation_policy = kapi_api::admissionregistration::v1::ReinvocationPolicyType("IfNeeded".into());
    policies.update(&again, &UpdateOptions::default()).await.unwrap();
    let twice = secrets.create(&secret("twice"), &CreateOptions::default()).await.unwrap();
    assert_eq!(twice.metadata.labels.get("a").map(String::as_str), Some("saw-b"));
}

#[tokio::test]
async fn audit_events_follow_the_policy_and_carry_admissions_annotations() {
    use kapi_api::admissionregistration::v1::{ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
    use kapi_machinery::json::value::Value;
    fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
        kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
    }
    let (cs, server, _test) = cluster(Controllers::default()).await;
    let policy = kapi_testing::AuditPolicy::parse(
        br#"
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: None
  resources: [{group: "admissionregistration.k8s.io"}]
- level: RequestResponse
  resources: [{group: "", resources: [configmaps]}]
- level: Metadata
"#,
    )
    .unwrap();
    server.set_audit(policy, None);
    let vap: ValidatingAdmissionPolicy = from(
        r#"{"metadata":{"name":"no-tmp"},"spec":{
            "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}]},
            "validations":[{"expression":"true"},{"expression":"!object.metadata.name.startsWith('tmp-')","message":"no temporary names"}],
            "auditAnnotations":[{"key":"name","valueExpression":"string(object.metadata.name)"}]}}"#,
    );
    cs.admissionregistration_v1()
        .validating_admission_policies()
        .create(&vap, &CreateOptions::default())
        .await
        .unwrap();
    let binding: ValidatingAdmissionPolicyBinding =
        from(r#"{"metadata":{"name":"no-tmp-audit"},"spec":{"policyName":"no-tmp","validationActions":["Audit"]}}"#);
    cs.admissionregistration_v1()
        .validating_admission_policy_bindings()
        .create(&binding, &CreateOptions::default())
        .await
        .unwrap();
    let cms = cs.core_v1().config_maps("default");
    let cm = ConfigMap {
        metadata: ObjectMeta { name: "tmp-1".into(), ..Default::default() },
        data: [("k".to_owned(), "v".to_owned())].into(),
        ..Default::default()
    };
    cms.create(&cm, &CreateOptions::default()).await.unwrap();
    assert!(cms.get("missing", &GetOptions::default()).await.is_err());
    cs.core_v1().secrets("default").list(&ListOptions::default()).await.unwrap();
    // A watch the server ends after a second.
    {
        use futures_util::StreamExt;
        let opts = ListOptions { timeout_seconds: Some(1), ..Default::default() };
        let mut watch = cs.core_v1().secrets("default").watch(&opts).await.unwrap();
        while tokio::time::timeout(GUARD, watch.next()).await.unwrap().is_some() {}
    }

    let events = server.audit_events();
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_owned();
    // The policy's own group is at level None; RequestReceived is omitted everywhere; a watch
    // has ResponseStarted, then ResponseComplete once it ended.
    let watch_stages: Vec<String> =
        events.iter().filter(|e| text(e.get("verb")) == "watch").map(|e| text(e.get("stage"))).collect();
    assert_eq!(watch_stages, ["ResponseStarted", "ResponseComplete"]);
    assert!(
        events.iter().filter(|e| text(e.get("verb")) != "watch").all(|e| text(e.get("stage")) == "ResponseComplete")
    );
    assert!(
        events
            .iter()
            .all(|e| text(e.get("objectRef").and_then(|o| o.get("apiGroup"))) != "admissionregistration.k8s.io")
    );
    let find = |verb: &str, resource: &str| {
        events
            .iter()
            .find(|e| {
                text(e.get("verb")) == verb && text(e.get("objectRef").and_then(|o| o.get("resource"))) == resource
            })
            .unwrap_or_else(|| panic!("no {verb} {resource} event in {events:?}"))
    };
    let create = find("create", "configmaps");
    assert_eq!(text(create.get("kind")), "Event");
    assert_eq!(text(create.get("apiVersion")), "audit.k8s.io/v1");
    assert_eq!(text(create.get("level")), "RequestResponse");
    assert_eq!(text(create.get("requestURI")), "/api/v1/namespaces/default/configmaps");
    let r = create.get("objectRef").unwrap();
    assert_eq!(
        (text(r.get("namespace")), text(r.get("name")), text(r.get("apiVersion"))),
        ("default".into(), "tmp-1".into(), "v1".into())
    );
    assert_eq!(
        String::from_utf8(create.get("responseStatus").unwrap().to_compact_vec()).unwrap(),
        r#"{"metadata":{},"code":201}"#
    );
    assert_eq!(text(create.get("requestObject").and_then(|o| o.get("data")).and_then(|d| d.get("k"))), "v");
    assert!(!text(create.get("responseObject").and_then(|o| o.get("metadata")).and_then(|m| m.get("uid"))).is_empty());
    assert!(create.get("user").and_then(|u| u.get("username")).is_some());
    assert!(create.get("requestReceivedTimestamp").is_some() && create.get("stageTimestamp").is_some());
    let annotations = create.get("annotations").unwrap();
    assert_eq!(text(annotations.get("authorization.k8s.io/decision")), "allow");
    assert_eq!(text(annotations.get("no-tmp/name")), "tmp-1");
    assert_eq!(
        text(annotations.get("validation.policy.admission.k8s.io/validation_failure")),
        r#"[{"message":"no temporary names","policy":"no-tmp","binding":"no-tmp-audit","expressionIndex":1,"validationActions":["Audit"]}]"#
    );
    // A failure keeps the status's reason, message and details.
    let get = find("get", "configmaps");
    let st = get.get("responseStatus").unwrap();
    assert_eq!(
        (text(st.get("status")), text(st.get("reason")), text(st.get("message"))),
        ("Failure".into(), "NotFound".into(), "configmaps \"missing\" not found".into())
    );
    // Everything else at Metadata: no bodies.
    let list = find("list", "secrets");
    assert_eq!(text(list.get("level")), "Metadata");
    assert!(list.get("requestObject").is_none() && list.get("responseObject").is_none());
}

#[tokio::test]
async fn every_namespace_gets_the_root_ca() {
    const CA: &str = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_root_ca(Some(CA.into()));
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let cs = Clientset::new(Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap());
    let ns = Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() };
    cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap();
    let ca_of = |namespace: &'static str| {
        let cms = cs.core_v1().config_maps(namespace);
        async move { cms.get("kube-root-ca.crt", &GetOptions::default()).await.ok() }
    };
    for namespace in ["default", "kube-system", "team"] {
        eventually("the root CA to be published", || async { ca_of(namespace).await.is_some() }).await;
    }
    let cm = ca_of("team").await.unwrap();
    assert_eq!(cm.data.get("ca.crt").map(String::as_str), Some(CA));
    assert!(cm.metadata.annotations["kubernetes.io/description"].starts_with("Contains a CA bundle"));
    // Changed or deleted, it comes back as it was.
    let mut changed = cm.clone();
    changed.data.insert("ca.crt".into(), "forged".into());
    cs.core_v1().config_maps("team").update(&changed, &UpdateOptions::default()).await.unwrap();
    eventually("the CA to be written back", || async {
        ca_of("team").await.is_some_and(|c| c.data.get("ca.crt").map(String::as_str) == Some(CA))
    })
    .await;
    cs.core_v1().config_maps("team").delete("kube-root-ca.crt", &DeleteOptions::default()).await.unwrap();
    eventually("the CA to be made again", || async { ca_of("team").await.is_some() }).await;
}
