//! The controller under network faults, through the fault-injecting proxy of kapi-testing's fault suites in front of a loopback test server: failed and cut lists, cut watches and a real `410` relist; every object still on the server is last reconciled at its final version.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::core::v1::ConfigMap;
use kapi_client::informer::InformerConfig;
use kapi_client::reflector::{Backoff, ReflectorConfig};
use kapi_runtime::metrics::Registry;
use kapi_runtime::{Action, Config, Controller};

use crate::fault_support;

use fault_support::harness::{Harness, State, WAIT, rv_of};
use fault_support::{Fault, Match, within};

/// The versions reconciled per key, and any reconcile at an older version than the one before.
type Seen = (Arc<Mutex<State>>, Arc<Mutex<Vec<String>>>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_object_is_reconciled_at_its_final_version_across_faults() {
    let h = Harness::start().await;
    for i in 0..5 {
        h.write_step(i).await;
    }
    let lists = || Match::lists("/configmaps");
    h.proxy.inject(lists(), Fault::CutBody { after: 200, reset: false }, 1);
    h.proxy.inject(lists(), Fault::unavailable(None), 1);
    let watches = Match::watches;
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 1, reset: true }, 1);
    h.proxy.inject(watches(), Fault::CutBody { after: 50, reset: false }, 1);
    h.proxy.inject(watches(), Fault::internal_error(), 1);
    h.proxy.inject(watches(), Fault::EndAfterEvents { events: 2 }, 1);

    let backoff =
        Backoff { initial: Duration::from_millis(20), max: Duration::from_millis(80), factor: 2.0, jitter: 0.5 };
    let informer = InformerConfig {
        resync_period: None,
        reflector: ReflectorConfig { page_size: Some(2), backoff, ..Default::default() },
    };
    let config = Config { informer, ..Config::default().registry(Arc::new(Registry::default())).concurrency(2) };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let controller = Controller::new(h.proxied(), config).graceful_shutdown_on(async move {
        let _ = stopped.await;
    });
    // The last version each key was reconciled at, and any reconcile at an older version than
    // the one before (the cache must never go back in time).
    let reconciled: Arc<Mutex<State>> = Arc::default();
    let regressions: Arc<Mutex<Vec<String>>> = Arc::default();
    let ctx = Arc::new((reconciled.clone(), regressions.clone()));
    let run = tokio::spawn(controller.run(
        |cm: Arc<ConfigMap>, ctx: Arc<Seen>| async move {
            let rv = rv_of(&cm.metadata);
            let previous = lock(&ctx.0).insert(cm.metadata.name.clone(), rv);
            if previous.is_some_and(|p| p > rv) {
                lock(&ctx.1).push(format!("{} at {rv} after {previous:?}", cm.metadata.name));
            }
            Ok::<_, std::convert::Infallible>(Action::await_change())
        },
        |_, _, _| Action::await_change(),
        ctx,
    ));

    let mut i = 5;
    within(WAIT, async {
        while i < 200 && (i < 25 || h.proxy.pending() > 0) {
            h.write_step(i).await;
            i += 1;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert_eq!(h.proxy.pending(), 0, "some faults never fired: {:?}", h.proxy.seen());

    // A real 410: the next watch is held back while objects change and the history is
    // compacted. The watch open now may still be on its way to the server, so the close is
    // repeated until the held-back watch has been asked for (closes after that cannot reach it).
    let before = h.proxy.seen().len();
    h.proxy.inject(watches(), Fault::Delay(Duration::from_millis(300)), 1);
    within(WAIT, async {
        while !h.proxy.seen()[before..].iter().any(|s| s.is_watch() && s.fault.is_some()) {
            h.api.close_watches();
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    for j in i..i + 4 {
        h.write_step(j).await;
    }
    h.api.compact();

    let server = h.server_state().await;
    let caught_up = || {
        let seen = lock(&reconciled);
        server.iter().all(|(name, rv)| seen.get(name) == Some(rv))
    };
    let outcome = tokio::time::timeout(WAIT, async {
        while !caught_up() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    let _ = stop.send(());
    assert!(outcome.is_ok(), "reconciled {:?}\nserver {server:?}\nrequests {:?}", lock(&reconciled), h.proxy.seen());
    within(WAIT, run).await.expect("the controller task ends").expect("the controller stops cleanly");
    let first_pages =
        h.proxy.seen().iter().filter(|s| s.method == "GET" && !s.is_watch() && !s.target.contains("continue=")).count();
    assert!(first_pages >= 4, "two failed lists, the list and the relist after the 410: {:?}", h.proxy.seen());
    assert!(lock(&regressions).is_empty(), "reconciled at an older version: {:?}", lock(&regressions));
}
