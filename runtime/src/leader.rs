//! Leader election on `coordination.k8s.io/v1` Leases with client-go's `leaderelection`
//! semantics, so that of several replicas of an operator one reconciles at a time.
//!
//! - A candidate takes the lease when nobody holds it, or when the holder's record has not
//!   changed for `lease_duration` as this candidate observed it (local time, not the clocks of
//!   others); taking it from another holder counts one more `leaseTransitions`.
//! - The leader renews every `retry_period`; when it cannot renew for `renew_deadline` it stops
//!   leading (its work is told to stop) before anyone else may take the lease.
//! - On shutdown the leader lets its work finish and releases the lease (holder cleared, duration
//!   one second), so the next candidate takes over at its next try.
//!
//! Writes are updates with the lease's `resourceVersion`, so two candidates never both win.

use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use kapi_api::coordination::v1::{Lease, LeaseSpec};
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta, UpdateOptions};
use kapi_client::Api;
use kapi_machinery::types::MicroTime;
use tokio::sync::watch;
use tokio::time::Instant;

/// client-go's `JitterFactor`: tries are spread over `retry_period` to 2.2 times it.
const JITTER_FACTOR: f64 = 1.2;

/// The timings of an election.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderElectionConfig {
    /// How long others wait after the leader's last observed renewal before taking the lease.
    pub lease_duration: Duration,
    /// How long the leader keeps trying to renew before it stops leading.
    pub renew_deadline: Duration,
    /// The time between tries, to acquire or to renew.
    pub retry_period: Duration,
    /// Release the lease when leading ends by shutdown.
    pub release_on_cancel: bool,
}

impl Default for LeaderElectionConfig {
    /// controller-runtime's defaults: 15 s lease, 10 s renew deadline, 2 s retry period.
    fn default() -> Self {
        LeaderElectionConfig {
            lease_duration: Duration::from_secs(15),
            renew_deadline: Duration::from_secs(10),
            retry_period: Duration::from_secs(2),
            release_on_cancel: true,
        }
    }
}

/// An election cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LeaderElectionError {
    /// The timings contradict each other, as client-go's `NewLeaderElector` checks them.
    #[error("invalid leader election config: {0}")]
    InvalidConfig(String),
}

/// How [`LeaderElector::run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Shut down before ever leading.
    NeverLed,
    /// Led, then shut down (the lease released if so configured).
    Released,
    /// Led, then could not renew in time.
    Lost,
}

#[derive(Debug)]
struct Observed {
    /// The last lease read or written (its resourceVersion is what the next update sends).
    lease: Option<Lease>,
    /// When the record last changed, by this process's clock.
    at: Instant,
}

/// A candidate in the election for one lease.
#[derive(Debug)]
pub struct LeaderElector {
    api: Api<Lease>,
    name: String,
    identity: String,
    config: LeaderElectionConfig,
    observed: Mutex<Observed>,
}

/// Completes when the work started by [`LeaderElector::run`] must stop: leadership was lost or
/// shutdown was asked for.
#[derive(Debug, Clone)]
pub struct StopLeading(watch::Receiver<bool>);

impl StopLeading {
    /// Waits for the stop.
    pub async fn wait(mut self) {
        let _ = self.0.wait_for(|s| *s).await;
    }

    /// Whether the stop has come.
    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }
}

impl IntoFuture for StopLeading {
    type Output = ();
    type IntoFuture = std::pin::Pin<Box<dyn Future<Output = ()> + Send>>;
    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.wait())
    }
}

fn spec_of(lease: &Lease) -> &LeaseSpec {
    &lease.spec
}

impl LeaderElector {
    /// A candidate named `identity` for the lease `name` of `api`'s namespace.
    pub fn new(
        api: Api<Lease>,
        name: &str,
        identity: &str,
        config: LeaderElectionConfig,
    ) -> Result<Arc<Self>, LeaderElectionError> {
        let invalid = |m: &str| Err(LeaderElectionError::InvalidConfig(m.to_string()));
        if config.lease_duration <= config.renew_deadline {
            return invalid("lease_duration must be greater than renew_deadline");
        }
        if config.renew_deadline <= config.retry_period.mul_f64(JITTER_FACTOR) {
            return invalid("renew_deadline must be greater than retry_period*1.2");
        }
        if config.retry_period.is_zero() {
            return invalid("retry_period must be greater than zero");
        }
        if config.lease_duration < Duration::from_secs(1) {
            return invalid("lease_duration must be at least one second (leases count whole seconds)");
        }
        if identity.is_empty() {
            return invalid("identity must not be empty; use the pod name or hostname");
        }
        if name.is_empty() {
            return invalid("the lease name must not be empty");
        }
        Ok(Arc::new(LeaderElector {
            api,
            name: name.to_string(),
            identity: identity.to_string(),
            config,
            observed: Mutex::new(Observed { lease: None, at: Instant::now() }),
        }))
    }

    fn observed(&self) -> MutexGuard<'_, Observed> {
        self.observed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// This candidate's identity.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// The holder of the lease as last observed (`None`: nobody).
    pub fn leader(&self) -> Option<String> {
        self.observed().lease.as_ref().and_then(|l| spec_of(l).holder_identity.clone()).filter(|h| !h.is_empty())
    }

    /// Whether this candidate held the lease when last observed.
    pub fn is_leader(&self) -> bool {
        self.leader().as_deref() == Some(self.identity.as_str())
    }

    fn lease_valid(&self, now: Instant) -> bool {
        self.observed().at + self.config.lease_duration > now
    }

    fn set_observed(&self, lease: Lease) {
        let mut o = self.observed();
        o.lease = Some(lease);
        o.at = Instant::now();
    }

    fn record(&self, acquire_time: MicroTime, transitions: i32) -> LeaseSpec {
        let seconds = i32::try_from(self.config.lease_duration.as_secs()).unwrap_or(i32::MAX);
        LeaseSpec {
            holder_identity: Some(self.identity.clone()),
            lease_duration_seconds: Some(seconds),
            acquire_time: Some(acquire_time),
            renew_time: Some(MicroTime::now()),
            lease_transitions: Some(transitions),
            ..Default::default()
        }
    }

    /// One try to take or renew the lease (client-go's `tryAcquireOrRenew`); whether this
    /// candidate holds it afterwards.
    pub async fn try_acquire_or_renew(&self) -> bool {
        let now = MicroTime::now();
        // The leader's fast path: renew over the lease it wrote last.
        if self.is_leader() && self.lease_valid(Instant::now()) {
            let mine = self.observed().lease.clone();
            if let Some(mut lease) = mine {
                let old = spec_of(&lease).clone();
                lease.spec = self.record(old.acquire_time.unwrap_or(now), old.lease_transitions.unwrap_or(0));
                if let Ok(updated) = self.api.update(&lease, &UpdateOptions::default()).await {
                    self.set_observed(updated);
                    return true;
                }
            }
        }
        let current = match self.api.get(&self.name, &GetOptions::default()).await {
            Ok(lease) => lease,
            Err(e) if e.is_not_found() => {
                let lease = Lease {
                    metadata: ObjectMeta { name: self.name.clone(), ..Default::default() },
                    spec: self.record(now, 0),
                    ..Default::default()
                };
                return match self.api.create(&lease, &CreateOptions::default()).await {
                    Ok(created) => {
                        self.set_observed(created);
                        true
                    }
                    Err(e) => {
                        tracing::debug!(lease = %self.name, error = %e, "failed to create the lease");
                        false
                    }
                };
            }
            Err(e) => {
                tracing::debug!(lease = %self.name, error = %e, "failed to read the lease");
                return false;
            }
        };
        let changed = self.observed().lease.as_ref().map(spec_of) != Some(spec_of(&current));
        if changed {
            self.set_observed(current.clone());
        } else {
            // Same record: keep the time it was first observed, take the newer resourceVersion.
            self.observed().lease = Some(current.clone());
        }
        let old = spec_of(&current).clone();
        let held_by_other = old.holder_identity.as_deref().is_some_and(|h| !h.is_empty());
        if held_by_other && self.lease_valid(Instant::now()) && !self.is_leader() {
            return false;
        }
        let (acquire, transitions) = if self.is_leader() {
            (old.acquire_time.unwrap_or(now), old.lease_transitions.unwrap_or(0))
        } else {
            (now, old.lease_transitions.unwrap_or(0).saturating_add(1))
        };
        let mut lease = current;
        lease.spec = self.record(acquire, transitions);
        match self.api.update(&lease, &UpdateOptions::default()).await {
            Ok(updated) => {
                self.set_observed(updated);
                true
            }
            Err(e) => {
                tracing::debug!(lease = %self.name, error = %e, "failed to update the lease");
                false
            }
        }
    }

    /// Gives the lease up if this candidate holds it: the holder is cleared and the duration set
    /// to one second (client-go's `release`). Whether the lease is free of this candidate.
    pub async fn release(&self) -> bool {
        if !self.is_leader() {
            return true;
        }
        let Some(mut lease) = self.observed().lease.clone() else { return true };
        let now = MicroTime::now();
        lease.spec = LeaseSpec {
            holder_identity: Some(String::new()),
            lease_duration_seconds: Some(1),
            acquire_time: Some(now),
            renew_time: Some(now),
            lease_transitions: spec_of(&lease).lease_transitions,
            ..Default::default()
        };
        match self.api.update(&lease, &UpdateOptions::default()).await {
            Ok(updated) => {
                self.set_observed(updated);
                true
            }
            Err(e) => {
                tracing::warn!(lease = %self.name, error = %e, "failed to release the lease");
                false
            }
        }
    }

    fn jittered(&self) -> Duration {
        self.config.retry_period.mul_f64(1.0 + JITTER_FACTOR * random_fraction())
    }

    /// Campaigns until this candidate leads, then runs `lead` until leadership is lost or
    /// `shutdown` completes; `lead` gets a [`StopLeading`] that completes then, and must return
    /// soon after (a controller's `graceful_shutdown_on`). Renewal goes on while `lead` winds
    /// down; afterwards the lease is released on shutdown if configured.
    pub async fn run<F, Fut>(&self, shutdown: impl Future<Output = ()>, lead: F) -> Outcome
    where
        F: FnOnce(StopLeading) -> Fut,
        Fut: Future<Output = ()>,
    {
        let mut shutdown = std::pin::pin!(shutdown);
        // Campaign.
        loop {
            if self.try_acquire_or_renew().await {
                break;
            }
            tokio::select! {
                _ = &mut shutdown => return Outcome::NeverLed,
                _ = tokio::time::sleep(self.jittered()) => {}
            }
        }
        tracing::info!(lease = %self.name, identity = %self.identity, "became leader");
        let (stop_tx, stop_rx) = watch::channel(false);
        let work = lead(StopLeading(stop_rx));
        let mut work = std::pin::pin!(work);
        let mut lost = false;
        let mut stopping = false;
        let mut last_renew = Instant::now();
        loop {
            tokio::select! {
                _ = &mut work => break,
                _ = &mut shutdown, if !stopping => {
                    stopping = true;
                    stop_tx.send_replace(true);
                }
                _ = tokio::time::sleep(self.config.retry_period), if !lost => {
                    // Renew; past the deadline without a renewal, leadership is over.
                    let renewed = tokio::time::timeout_at(
                        last_renew + self.config.renew_deadline,
                        self.try_acquire_or_renew(),
                    ).await;
                    match renewed {
                        Ok(true) => last_renew = Instant::now(),
                        Ok(false) | Err(_) if Instant::now() >= last_renew + self.config.renew_deadline
                            || self.leader().is_some_and(|l| l != self.identity) => {
                            tracing::warn!(lease = %self.name, identity = %self.identity, "leadership lost");
                            lost = true;
                            stopping = true;
                            stop_tx.send_replace(true);
                        }
                        _ => {}
                    }
                }
            }
        }
        if lost {
            return Outcome::Lost;
        }
        if self.config.release_on_cancel {
            self.release().await;
        }
        Outcome::Released
    }
}

/// A random number in `[0, 1)` from the standard library's randomly keyed hasher.
fn random_fraction() -> f64 {
    use std::hash::BuildHasher;
    let bits = std::collections::hash_map::RandomState::new().hash_one(std::time::Instant::now()) >> 11;
    bits as f64 / (1u64 << 53) as f64
}
