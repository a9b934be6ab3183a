//! Leader election on a Lease: two candidates campaign, one leads; when it shuts down it releases the lease and the other takes over at its next try.
//!
//! Runs against an in-process test server, with timings shortened from controller-runtime's
//! defaults (15 s lease, 10 s renew deadline, 2 s retry) so that it finishes in a few seconds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kapi_api::coordination::v1::Lease;
use kapi_api::meta::v1::GetOptions;
use kapi_client::{Api, Client};
use kapi_runtime::leader::{LeaderElectionConfig, LeaderElector};
use kapi_testing::ApiServer;
use tokio::sync::oneshot;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Arc::new(ApiServer::new());
    server.register::<Lease>()?;
    let client = Client::new(server, "https://kapi.test")?;
    let leases: Api<Lease> = Api::namespaced(client, "default");
    let config = LeaderElectionConfig {
        lease_duration: Duration::from_millis(1500),
        renew_deadline: Duration::from_millis(1000),
        retry_period: Duration::from_millis(200),
        release_on_cancel: true,
    };
    let start = Instant::now();

    let mut candidates = Vec::new();
    let mut stops = Vec::new();
    for identity in ["replica-a", "replica-b"] {
        let elector = LeaderElector::new(leases.clone(), "example-operator", identity, config.clone())?;
        let (stop, stopped) = oneshot::channel::<()>();
        let (led, leading) = oneshot::channel::<()>();
        stops.push(stop);
        candidates.push((
            leading,
            tokio::spawn(async move {
                let shutdown = async move {
                    let _ = stopped.await;
                };
                // The work runs only while leading; a controller would take `stop` as its
                // graceful shutdown signal.
                let outcome = elector
                    .run(shutdown, |stop| async move {
                        println!("{identity} leads (after {:?})", start.elapsed());
                        let _ = led.send(());
                        stop.wait().await;
                        println!("{identity} stops leading");
                    })
                    .await;
                (identity, outcome)
            }),
        ));
        // Let the first candidate win, so the demonstration is the same each run.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let (leading_a, task_a) = candidates.remove(0);
    let (leading_b, task_b) = candidates.remove(0);
    leading_a.await?;
    let lease = leases.get("example-operator", &GetOptions::default()).await?;
    println!("lease holder: {:?}", lease.spec.holder_identity);

    // Shutting the leader down releases the lease; the other candidate does not have to wait
    // out the lease duration.
    stops.remove(0).send(()).map_err(|()| "replica-a ended early")?;
    let (identity, outcome) = task_a.await?;
    println!("{identity} ended: {outcome:?}");
    leading_b.await?;
    let lease = leases.get("example-operator", &GetOptions::default()).await?;
    println!("lease holder: {:?}, transitions: {:?}", lease.spec.holder_identity, lease.spec.lease_transitions);
    stops.remove(0).send(()).map_err(|()| "replica-b ended early")?;
    let (identity, outcome) = task_b.await?;
    println!("{identity} ended: {outcome:?}");
    Ok(())
}
