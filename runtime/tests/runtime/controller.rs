//! The controller end to end against the in-process API server: reconciles on create, on a
//! change of an owned object and on requeue; per-key back-off after errors; predicates; resync;
//! one reconcile per key at a time; graceful shutdown; finalizers.

use crate::support;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::apps::v1::Deployment;
use kapi_api::core::v1::{ConfigMap, Secret};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, GetOptions, ObjectMeta, UpdateOptions};
use kapi_client::Api;
use kapi_client::informer::InformerConfig;
use kapi_runtime::finalizer::{Event, finalizer};
use kapi_runtime::metrics::ReconcileResult;
use kapi_runtime::wait::{await_condition_for, conditions};
use kapi_runtime::{Action, Config, Controller, ObjectRef, ResourceExt, backoff_on_error, predicates};
use support::*;
use tokio::sync::oneshot;
use tokio::time::Instant;

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Failed(String);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconciles_on_create_on_owned_change_and_on_requeue() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let secrets: Api<Secret> = Api::namespaced(client.clone(), "default");
    let log = Log::default();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::new(Api::<ConfigMap>::all(client.clone()), Config::default().registry(registry()))
        .owns(Api::<Secret>::all(client.clone()), InformerConfig::default())
        .graceful_shutdown_on(async move {
            let _ = stopped.await;
        });
    let metrics = controller.metrics();
    let store = controller.store();
    let run = tokio::spawn(controller.run(
        |cm: Arc<ConfigMap>, log: Arc<Log>| async move {
            let start = Instant::now();
            log.push("op", &ObjectRef::from_obj(cm.as_ref()).to_string(), start);
            if cm.metadata.name == "ticker" {
                return Ok::<_, Failed>(Action::requeue(Duration::from_millis(200)));
            }
            Ok(Action::await_change())
        },
        backoff_on_error,
        Arc::new(log.clone()),
    ));

    let owner = maps.create(&config_map("a", &[]), &CreateOptions::default()).await.unwrap();
    log.until("the reconcile on create", |l| l.iter().any(|e| e.key == "default/a")).await;
    assert!(store.get("default/a").is_some(), "the reconciler reads the cache");

    // An owned secret: created, then changed; each reconciles its owner.
    let mut secret = Secret {
        metadata: ObjectMeta {
            name: "a-creds".into(),
            namespace: "default".into(),
            owner_references: vec![owner.controller_owner_ref().unwrap()],
            ..Default::default()
        },
        ..Default::default()
    };
    let before = log.count("default/a");
    secret = secrets.create(&secret, &CreateOptions::default()).await.unwrap();
    log.until("the reconcile on the owned object's creation", |l| {
        l.iter().filter(|e| e.key == "default/a").count() > before
    })
    .await;
    let before = log.count("default/a");
    secret.data.insert("k".into(), b"v".to_vec());
    secrets.update(&secret, &UpdateOptions::default()).await.unwrap();
    log.until("the reconcile on the owned object's change", |l| {
        l.iter().filter(|e| e.key == "default/a").count() > before
    })
    .await;
    // An unowned secret triggers nothing.
    let before = log.count("default/a");
    let stray = Secret {
        metadata: ObjectMeta { name: "stray".into(), namespace: "default".into(), ..Default::default() },
        ..Default::default()
    };
    secrets.create(&stray, &CreateOptions::default()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(log.count("default/a"), before, "{:?}", log.entries());

    // Requeue after 200 ms: again and again, never sooner.
    maps.create(&config_map("ticker", &[]), &CreateOptions::default()).await.unwrap();
    log.until("four requeued reconciles", |l| l.iter().filter(|e| e.key == "default/ticker").count() >= 4).await;
    let ticks: Vec<Instant> = log.entries().iter().filter(|e| e.key == "default/ticker").map(|e| e.start).collect();
    for pair in ticks.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(gap >= Duration::from_millis(200), "requeued after {gap:?}");
    }

    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();
    assert!(metrics.reconcile_total(ReconcileResult::RequeueAfter) >= 4);
    assert!(metrics.reconcile_total(ReconcileResult::Success) >= 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_back_off_per_key() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let log = Log::default();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller =
        Controller::new(Api::<ConfigMap>::all(client.clone()), Config::default().registry(registry()).concurrency(2))
            .graceful_shutdown_on(async move {
                let _ = stopped.await;
            });
    let metrics = controller.metrics();
    let run = tokio::spawn(controller.run(
        |cm: Arc<ConfigMap>, log: Arc<Log>| async move {
            log.push("op", &cm.metadata.name, Instant::now());
            if cm.metadata.name == "bad" { Err(Failed("always fails".into())) } else { Ok(Action::await_change()) }
        },
        backoff_on_error,
        Arc::new(log.clone()),
    ));
    maps.create(&config_map("good", &[]), &CreateOptions::default()).await.unwrap();
    maps.create(&config_map("bad", &[]), &CreateOptions::default()).await.unwrap();
    log.until("eight tries of the failing key", |l| l.iter().filter(|e| e.key == "bad").count() >= 8).await;
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();

    let tries: Vec<Instant> = log.entries().iter().filter(|e| e.key == "bad").map(|e| e.start).collect();
    // The n-th retry waits at least 5 ms * 2^n (client-go's per-item exponential back-off).
    for (n, pair) in tries.windows(2).enumerate() {
        let gap = pair[1] - pair[0];
        let floor = Duration::from_millis(5 << n);
        assert!(gap >= floor, "retry {n} after {gap:?}, less than {floor:?}");
    }
    // Seven retries wait 5+10+...+640 ms = 635 ms in all; well under two seconds however loaded.
    let total = tries[7] - tries[0];
    assert!(total >= Duration::from_millis(635) && total < Duration::from_secs(5), "{total:?}");
    assert_eq!(log.count("good"), 1, "the key that succeeded is not retried");
    assert!(metrics.retries() >= 7);
    assert!(metrics.reconcile_errors() >= 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn predicates_filter_updates_and_resync_queues_everything() {
    let (server, client) = server();
    server.register::<Deployment>().expect("registers");
    // A kind whose strategy keeps a generation (config maps have none: every update passes).
    let deployments: Api<Deployment> = Api::namespaced(client.clone(), "default");
    let log = Log::default();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::new(Api::<Deployment>::all(client.clone()), Config::default().registry(registry()))
        .with_predicate(predicates::generation_changed)
        .graceful_shutdown_on(async move {
            let _ = stopped.await;
        });
    let run = tokio::spawn(controller.run(
        |d: Arc<Deployment>, log: Arc<Log>| async move {
            log.push("op", &d.metadata.name, Instant::now());
            Ok::<_, Failed>(Action::await_change())
        },
        backoff_on_error,
        Arc::new(log.clone()),
    ));
    let mut d = deployments.create(&deployment("p"), &CreateOptions::default()).await.unwrap();
    log.until("the reconcile on create", |l| l.len() == 1).await;
    // A label change keeps the generation: filtered out.
    d.metadata.labels.insert("team".into(), "x".into());
    d = deployments.update(&d, &UpdateOptions::default()).await.unwrap();
    assert_eq!(d.metadata.generation, 1, "the server keeps the generation on label changes");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(log.count("p"), 1, "{:?}", log.entries());
    // A spec change bumps it.
    d.spec.replicas = Some(2);
    deployments.update(&d, &UpdateOptions::default()).await.unwrap();
    log.until("the reconcile on the spec change", |l| l.len() == 2).await;
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();

    // Resync: every cached object again every period, changes or not.
    let log = Log::default();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::new(
        Api::<Deployment>::all(client.clone()),
        Config::default().registry(registry()).resync(Duration::from_millis(200)),
    )
    .graceful_shutdown_on(async move {
        let _ = stopped.await;
    });
    let run = tokio::spawn(controller.run(
        |d: Arc<Deployment>, log: Arc<Log>| async move {
            log.push("op", &d.metadata.name, Instant::now());
            Ok::<_, Failed>(Action::await_change())
        },
        backoff_on_error,
        Arc::new(log.clone()),
    ));
    log.until("three resyncs", |l| l.len() >= 4).await;
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_reconcile_per_key_at_a_time_within_the_concurrency_limit_and_shutdown_waits() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    for i in 0..12 {
        maps.create(&config_map(&format!("m{i}"), &[]), &CreateOptions::default()).await.unwrap();
    }
    struct Ctx {
        active: Mutex<HashMap<String, usize>>,
        running: AtomicUsize,
        max_running: AtomicUsize,
        overlaps: AtomicUsize,
        finished: AtomicUsize,
        in_flight_done: AtomicBool,
        log: Log,
    }
    let ctx = Arc::new(Ctx {
        active: Mutex::new(HashMap::new()),
        running: AtomicUsize::new(0),
        max_running: AtomicUsize::new(0),
        overlaps: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        in_flight_done: AtomicBool::new(false),
        log: Log::default(),
    });
    let (stop, stopped) = oneshot::channel::<()>();
    let controller =
        Controller::new(Api::<ConfigMap>::all(client.clone()), Config::default().registry(registry()).concurrency(3))
            .graceful_shutdown_on(async move {
                let _ = stopped.await;
            });
    let queue = controller.queue();
    let run = tokio::spawn(controller.run(
        |cm: Arc<ConfigMap>, ctx: Arc<Ctx>| async move {
            let name = cm.metadata.name.clone();
            {
                let mut active = ctx.active.lock().unwrap();
                let n = active.entry(name.clone()).or_default();
                *n += 1;
                if *n > 1 {
                    ctx.overlaps.fetch_add(1, Ordering::SeqCst);
                }
            }
            let now = ctx.running.fetch_add(1, Ordering::SeqCst) + 1;
            ctx.max_running.fetch_max(now, Ordering::SeqCst);
            let start = Instant::now();
            tokio::time::sleep(Duration::from_millis(50)).await;
            ctx.running.fetch_sub(1, Ordering::SeqCst);
            *ctx.active.lock().unwrap().get_mut(&name).unwrap() -= 1;
            ctx.log.push("op", &name, start);
            ctx.finished.fetch_add(1, Ordering::SeqCst);
            if name == "slow" {
                tokio::time::sleep(Duration::from_millis(400)).await;
                ctx.in_flight_done.store(true, Ordering::SeqCst);
            }
            Ok::<_, Failed>(Action::await_change())
        },
        backoff_on_error,
        ctx.clone(),
    ));
    ctx.log.until("every object once", |l| l.len() >= 12).await;
    // Hammer one key while it is being reconciled: it never runs twice at once, and the adds
    // made while it runs collapse into one more reconcile.
    let adding = Instant::now();
    for _ in 0..50 {
        queue.add(ObjectRef::new("default", "m0"));
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let window = adding.elapsed();
    ctx.log.until("m0 again", |l| l.iter().filter(|e| e.key == "m0").count() >= 2).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Each reconcile takes at least 50 ms, and the adds made during one collapse into one more:
    // at most one reconcile per 50 ms of adding, plus the one running when they started and the
    // one queued when they stopped.
    let again = ctx.log.count("m0") - 1;
    let most = usize::try_from(window.as_millis() / 50).unwrap() + 2;
    assert!(again >= 1 && again <= most, "50 adds over {window:?}: {again} more reconciles, at most {most}");
    assert_eq!(ctx.overlaps.load(Ordering::SeqCst), 0, "a key reconciled twice at once");
    assert!(ctx.max_running.load(Ordering::SeqCst) <= 3, "more than the concurrency limit ran");
    assert!(ctx.max_running.load(Ordering::SeqCst) >= 2, "the workers ran in parallel");

    // Graceful shutdown: a reconcile in flight finishes before run returns.
    maps.create(&config_map("slow", &[]), &CreateOptions::default()).await.unwrap();
    ctx.log.until("the slow reconcile started", |l| l.iter().any(|e| e.key == "slow")).await;
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();
    assert!(ctx.in_flight_done.load(Ordering::SeqCst), "run returned before the reconcile in flight finished");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finalizer_cleanup_runs_before_the_object_goes() {
    const FINALIZER: &str = "example.com/cleanup";
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let log = Log::default();
    struct Ctx {
        client: kapi_client::Client,
        log: Log,
        /// What the server held when cleanup ran: (exists, deletionTimestamp set, finalizer kept).
        seen_at_cleanup: Mutex<Vec<(bool, bool, bool)>>,
    }
    let ctx = Arc::new(Ctx { client: client.clone(), log: log.clone(), seen_at_cleanup: Mutex::new(Vec::new()) });
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::new(Api::<ConfigMap>::all(client.clone()), Config::default().registry(registry()))
        .graceful_shutdown_on(async move {
            let _ = stopped.await;
        });
    let run = tokio::spawn(controller.run(
        |cm: Arc<ConfigMap>, ctx: Arc<Ctx>| async move {
            let client = ctx.client.clone();
            finalizer(&client, FINALIZER, cm, |event| async {
                match event {
                    Event::Apply(cm) => ctx.log.push("apply", &cm.metadata.name, Instant::now()),
                    Event::Cleanup(cm) => {
                        let api: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
                        let live = api.get(&cm.metadata.name, &GetOptions::default()).await;
                        let seen = match &live {
                            Ok(o) => (true, o.metadata.deletion_timestamp.is_some(), o.has_finalizer(FINALIZER)),
                            Err(_) => (false, false, false),
                        };
                        ctx.seen_at_cleanup.lock().unwrap().push(seen);
                        ctx.log.push("cleanup", &cm.metadata.name, Instant::now());
                    }
                }
                Ok::<_, Failed>(Action::await_change())
            })
            .await
        },
        backoff_on_error,
        ctx.clone(),
    ));
    maps.create(&config_map("f", &[]), &CreateOptions::default()).await.unwrap();
    log.until("the apply after the finalizer was added", |l| l.iter().any(|e| e.who == "apply")).await;
    let live = maps.get("f", &GetOptions::default()).await.unwrap();
    assert_eq!(live.metadata.finalizers, [FINALIZER], "added before the first apply");

    let uid = live.metadata.uid.clone();
    maps.delete("f", &DeleteOptions::default()).await.unwrap();
    let gone = await_condition_for(maps.clone(), "f", conditions::is_deleted(&uid), Duration::from_secs(20)).await;
    assert!(gone.unwrap().is_none());
    assert_eq!(log.entries().iter().filter(|e| e.who == "cleanup").count(), 1);
    assert_eq!(*ctx.seen_at_cleanup.lock().unwrap(), [(true, true, true)], "cleanup ran while the object was held");
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();
}

/// A deployment of one nginx container, which validation accepts.
fn deployment(name: &str) -> Deployment {
    let doc = format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{"replicas":1,"selector":{{"matchLabels":{{"app":"{name}"}}}},
"template":{{"metadata":{{"labels":{{"app":"{name}"}}}},"spec":{{"containers":[{{"name":"web","image":"nginx:1.27"}}]}}}}}}}}"#
    );
    kapi_machinery::json::from_slice(doc.as_bytes()).expect("a deployment")
}
