//! Leader election end to end: two replicas of a controller campaign for one Lease; only the
//! leader reconciles, and when it stops (releasing the lease, or dying without a word) the other
//! takes over within the lease duration. The reconciles' log shows they never overlap.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use kapi_api::coordination::v1::Lease;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, GetOptions};
use kapi_client::{Api, Client};
use kapi_runtime::leader::{LeaderElectionConfig, LeaderElector, Outcome};
use kapi_runtime::{Action, Config, Controller, backoff_on_error};
use support::*;
use tokio::sync::oneshot;
use tokio::time::Instant;

#[derive(Debug, thiserror::Error)]
#[error("never")]
struct Never;

fn election() -> LeaderElectionConfig {
    LeaderElectionConfig {
        lease_duration: Duration::from_secs(2),
        renew_deadline: Duration::from_millis(1000),
        retry_period: Duration::from_millis(200),
        release_on_cancel: true,
    }
}

/// One replica: campaigns, and while leading runs a controller that logs every reconcile under
/// the replica's name and requeues every 50 ms (so the log is busy while it leads).
fn replica(client: Client, who: &'static str, log: Log) -> (oneshot::Sender<()>, tokio::task::JoinHandle<Outcome>) {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let leases: Api<Lease> = Api::namespaced(client.clone(), "default");
        let elector = LeaderElector::new(leases, "operator-lock", who, election()).unwrap();
        elector
            .run(
                async move {
                    let _ = stopped.await;
                },
                |stop_leading| async move {
                    let controller = Controller::new(
                        Api::<ConfigMap>::all(client.clone()),
                        Config::default().name(who).registry(registry()),
                    )
                    .graceful_shutdown_on(stop_leading.wait());
                    controller
                        .run(
                            move |cm: Arc<ConfigMap>, log: Arc<Log>| async move {
                                let start = Instant::now();
                                tokio::time::sleep(Duration::from_millis(5)).await;
                                log.push(who, &cm.metadata.name, start);
                                Ok::<_, Never>(Action::requeue(Duration::from_millis(50)))
                            },
                            backoff_on_error,
                            Arc::new(log),
                        )
                        .await
                        .unwrap();
                },
            )
            .await
    });
    (stop, task)
}

fn assert_never_both(log: &Log) {
    let entries = log.entries();
    for a in &entries {
        for b in &entries {
            if a.who != b.who {
                assert!(a.end <= b.start || b.end <= a.start, "{a:?} and {b:?} overlap");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_other_replica_takes_over_within_the_lease_duration_and_they_never_both_reconcile() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    maps.create(&config_map("work", &[]), &CreateOptions::default()).await.unwrap();
    let log = Log::default();
    let leases: Api<Lease> = Api::namespaced(client.clone(), "default");

    let (stop_a, a) = replica(client.clone(), "a", log.clone());
    log.until("a leads", |l| l.iter().any(|e| e.who == "a")).await;
    let (stop_b, b) = replica(client.clone(), "b", log.clone());
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(log.entries().iter().all(|e| e.who == "a"), "b reconciled while a leads");
    let lease = leases.get("operator-lock", &GetOptions::default()).await.unwrap();
    assert_eq!(lease.spec.holder_identity.as_deref(), Some("a"));
    assert_eq!(lease.spec.lease_transitions, Some(0));
    assert_eq!(lease.spec.lease_duration_seconds, Some(2));

    // a stops: it finishes, releases the lease, and b takes over at its next try.
    let stopped_at = Instant::now();
    stop_a.send(()).unwrap();
    assert_eq!(guard(a).await.unwrap(), Outcome::Released);
    log.until("b leads", |l| l.iter().any(|e| e.who == "b")).await;
    let takeover = log.entries().iter().find(|e| e.who == "b").unwrap().start - stopped_at;
    assert!(takeover < election().lease_duration, "b took {takeover:?}");
    let lease = leases.get("operator-lock", &GetOptions::default()).await.unwrap();
    assert_eq!(lease.spec.holder_identity.as_deref(), Some("b"));
    assert_eq!(lease.spec.lease_transitions, Some(1));

    // c joins; b dies without releasing (its task is dropped): c waits out the lease, then leads.
    let (_stop_c, c) = replica(client.clone(), "c", log.clone());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(log.entries().iter().all(|e| e.who != "c"), "c reconciled while b leads");
    b.abort();
    let _ = b.await;
    drop(stop_b);
    let died_at = Instant::now();
    log.until("c leads", |l| l.iter().any(|e| e.who == "c")).await;
    let takeover = log.entries().iter().find(|e| e.who == "c").unwrap().start - died_at;
    // The lease runs out two seconds after c last saw it change (at most one retry period
    // before b died, or longer on a loaded machine), and c tries every 200-440 ms: so well over
    // one second and under about three (five allowed for a loaded machine).
    assert!(takeover >= Duration::from_secs(1), "c took the lease of a live holder after {takeover:?}");
    assert!(takeover < Duration::from_secs(5), "c took {takeover:?}");
    let lease = leases.get("operator-lock", &GetOptions::default()).await.unwrap();
    assert_eq!(lease.spec.holder_identity.as_deref(), Some("c"));
    assert_eq!(lease.spec.lease_transitions, Some(2));
    c.abort();
    assert_never_both(&log);
}

#[tokio::test]
async fn contradictory_timings_are_rejected() {
    let (_server, client) = server();
    let leases: Api<Lease> = Api::namespaced(client, "default");
    let bad = LeaderElectionConfig { renew_deadline: Duration::from_secs(20), ..Default::default() };
    let err = LeaderElector::new(leases.clone(), "l", "me", bad).unwrap_err();
    assert_eq!(err.to_string(), "invalid leader election config: lease_duration must be greater than renew_deadline");
    let bad = LeaderElectionConfig { retry_period: Duration::from_secs(9), ..Default::default() };
    assert!(LeaderElector::new(leases.clone(), "l", "me", bad).is_err());
    assert!(LeaderElector::new(leases, "l", "", LeaderElectionConfig::default()).is_err());
}
