//! The helpers end to end: `await_condition` on a pod's phase and on deletion, the
//! managedFields-dropping transform in a controller's cache, and the metrics' text rendering
//! after real reconciles.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use kapi_api::core::v1::{ConfigMap, Container, Pod, PodPhase};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ObjectMeta, UpdateOptions};
use kapi_client::Api;
use kapi_runtime::wait::{WaitError, await_condition_for, conditions};
use kapi_runtime::{Action, Config, Controller, backoff_on_error};
use support::*;
use tokio::sync::oneshot;

#[derive(Debug, thiserror::Error)]
#[error("never")]
struct Never;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn await_condition_sees_a_pod_start_running_and_an_object_go() {
    let (_server, client) = server();
    let pods: Api<Pod> = Api::namespaced(client.clone(), "default");
    let mut pod = Pod {
        metadata: ObjectMeta { name: "p".into(), namespace: "default".into(), ..Default::default() },
        ..Default::default()
    };
    pod.spec.containers = Some(vec![Container { name: "c".into(), image: "busybox".into(), ..Default::default() }]);
    let pod = pods.create(&pod, &CreateOptions::default()).await.unwrap();

    // Not running yet: a short wait times out.
    let early = await_condition_for(pods.clone(), "p", conditions::is_pod_running(), Duration::from_millis(200)).await;
    assert!(matches!(early, Err(WaitError::Timeout(_))), "{early:?}");

    let waiter =
        tokio::spawn(await_condition_for(pods.clone(), "p", conditions::is_pod_running(), Duration::from_secs(20)));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut running = pod.clone();
    running.status.phase = PodPhase("Running".into());
    pods.update_status(&running, &UpdateOptions::default()).await.unwrap();
    let seen = guard(waiter).await.unwrap().unwrap().expect("the pod exists");
    assert_eq!(seen.status.phase.0, "Running");

    let uid = pod.metadata.uid.clone();
    let waiter = tokio::spawn(async move {
        await_condition_for(pods.clone(), "p", conditions::is_deleted::<Pod>(&uid), Duration::from_secs(20)).await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    Api::<Pod>::namespaced(client, "default").delete("p", &DeleteOptions::default()).await.unwrap();
    assert!(guard(waiter).await.unwrap().unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_holds_no_managed_fields_and_metrics_count_reconciles() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let options = CreateOptions { field_manager: "tester".into(), ..Default::default() };
    let created = maps.create(&config_map("m", &[("k", "v")]), &options).await.unwrap();
    assert!(!created.metadata.managed_fields.is_empty(), "the server records managed fields");

    let registry = registry();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller = Controller::new(
        Api::<ConfigMap>::all(client.clone()),
        Config::default().name("maps").registry(registry.clone()),
    )
    .graceful_shutdown_on(async move {
        let _ = stopped.await;
    });
    let store = controller.store();
    let (seen_tx, mut seen) = tokio::sync::mpsc::unbounded_channel();
    let run = tokio::spawn(controller.run(
        move |cm: Arc<ConfigMap>, _: Arc<()>| {
            let seen_tx = seen_tx.clone();
            async move {
                let _ = seen_tx.send(cm.metadata.managed_fields.len());
                Ok::<_, Never>(Action::await_change())
            }
        },
        backoff_on_error,
        Arc::new(()),
    ));
    assert_eq!(guard(seen.recv()).await, Some(0), "the reconciler got the object without managed fields");
    assert!(store.get("default/m").unwrap().metadata.managed_fields.is_empty());
    assert_eq!(store.get("default/m").unwrap().data.get("k").map(String::as_str), Some("v"));
    stop.send(()).unwrap();
    guard(run).await.unwrap().unwrap();

    let text = registry.render();
    assert!(
        text.lines().any(|l| l == "controller_runtime_reconcile_total{controller=\"maps\",result=\"success\"} 1"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l == "controller_runtime_reconcile_time_seconds_count{controller=\"maps\"} 1"),
        "{text}"
    );
    assert!(text.lines().any(|l| l == "workqueue_depth{controller=\"maps\",name=\"maps\"} 0"), "{text}");
}
