//! An event recorder for `events.k8s.io/v1` Events with client-go's aggregation
//! (`tools/events`): events that repeat (same type, action, reason, reporting controller and
//! instance, regarding and related object) become one Event with a `series`. The second
//! occurrence patches `series.count: 2` at once; later ones are counted in memory and written by
//! the series timers ([`Recorder::spawn_series_timers`]), as client-go's broadcaster writes them:
//!
//! - every [`SeriesTiming::finish`] (client-go's `finishTime`, 6 minutes), a series quiet for that
//!   long is finished: its final count is written and it leaves the cache, so the next
//!   occurrence starts a new Event; an event that never repeated leaves the cache too;
//! - every [`SeriesTiming::refresh`] (client-go's `refreshTime`, 30 minutes), every series still
//!   going is written with its count and last observed time, so its Event stays fresh.
//!
//! [`Recorder::flush`] writes every series that grew, at once. A per-object token bucket
//! (client-go's spam filter: a burst of 25, then one every 5 minutes) drops floods.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use kapi_api::core::v1::ObjectReference;
use kapi_api::events::v1::{Event as KubeEvent, EventSeries};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, PatchOptions};
use kapi_client::{Api, Client, Patch};
use kapi_machinery::types::MicroTime;
use serde_json::json;

use crate::rate_limit::TokenBucket;

/// client-go's spam filter: a burst of this many events per object ...
pub const SPAM_BURST: u32 = 25;
/// ... refilled at one every five minutes.
pub const SPAM_QPS: f64 = 1.0 / 300.0;
/// A series quiet for this long is finished: its count is final and it leaves the cache
/// (client-go's `finishTime`, also the period of the check).
pub const FINISH_TIME: Duration = Duration::from_secs(6 * 60);
/// Every series still going is written this often (client-go's `refreshTime`).
pub const REFRESH_TIME: Duration = Duration::from_secs(30 * 60);
/// At most this many series and spam-filter buckets are kept (client-go's LRU size).
pub const MAX_CACHED: usize = 4096;
/// Notes longer than this (upstream's limit, 1 KiB) are cut.
pub const MAX_NOTE_BYTES: usize = 1024;

/// `Normal` or `Warning`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventType {
    /// Nothing to worry about.
    Normal,
    /// Something may be wrong.
    Warning,
}

impl EventType {
    fn as_str(self) -> &'static str {
        match self {
            EventType::Normal => "Normal",
            EventType::Warning => "Warning",
        }
    }
}

/// One event to publish.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRecord {
    /// `Normal` or `Warning`.
    pub type_: EventType,
    /// Why the action was taken, UpperCamelCase (`Scaled`), at most 128 characters.
    pub reason: String,
    /// A human-readable description (cut to 1 KiB).
    pub note: Option<String>,
    /// What was done or failed (`Reconciling`), at most 128 characters.
    pub action: String,
    /// A second object involved, if any.
    pub related: Option<ObjectReference>,
}

/// Who reports: the `reportingController` (`example.com/widget-operator`) and
/// `reportingInstance` (default: the controller, `-` and the `HOSTNAME`, as client-go).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reporter {
    /// The controller's name.
    pub controller: String,
    /// This replica's name.
    pub instance: String,
}

impl Reporter {
    /// The reporter `controller` with the instance derived from the host name.
    pub fn new(controller: &str) -> Self {
        let host = std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()).unwrap_or_else(|| "unknown".to_string());
        Reporter { controller: controller.to_string(), instance: format!("{controller}-{host}") }
    }

    /// The reporter `controller` running as `instance`.
    pub fn with_instance(controller: &str, instance: &str) -> Self {
        Reporter { controller: controller.to_string(), instance: instance.to_string() }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct EventKey {
    type_: EventType,
    action: String,
    reason: String,
    regarding: RefKey,
    related: Option<RefKey>,
}

/// The identifying fields of an object reference (a hashable copy).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RefKey([String; 7]);

impl From<&ObjectReference> for RefKey {
    fn from(r: &ObjectReference) -> Self {
        RefKey([
            r.kind.clone(),
            r.namespace.clone(),
            r.name.clone(),
            r.uid.clone(),
            r.api_version.clone(),
            r.resource_version.clone(),
            r.field_path.clone(),
        ])
    }
}

#[derive(Debug)]
struct Cached {
    event: KubeEvent,
    /// The series count last written to the server.
    written: i32,
    last_seen: tokio::time::Instant,
}

impl Cached {
    /// Whether the series has counts the server has not seen.
    fn unwritten(&self) -> bool {
        self.event.series.as_ref().is_some_and(|x| x.count > self.written)
    }
}

#[derive(Debug, Default)]
struct State {
    series: HashMap<EventKey, Cached>,
    spam: HashMap<RefKey, (TokenBucket, tokio::time::Instant)>,
}

/// What publishing an event takes, decided under the lock.
enum Step {
    Done(Published),
    Create(KubeEvent),
    WriteSeries(KubeEvent),
}

/// When the series timers fire: client-go's `finishTime` and `refreshTime` by default, shorter
/// in tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesTiming {
    /// How long a series must be quiet to be finished, and how often that is checked.
    pub finish: Duration,
    /// How often every series still going is written.
    pub refresh: Duration,
}

impl Default for SeriesTiming {
    fn default() -> Self {
        SeriesTiming { finish: FINISH_TIME, refresh: REFRESH_TIME }
    }
}

/// Publishes events; clones share their aggregation state.
#[derive(Debug, Clone)]
pub struct Recorder {
    client: Client,
    reporter: Reporter,
    timing: SeriesTiming,
    state: Arc<Mutex<State>>,
}

/// The series timers of a recorder, running in a task of their own until this is dropped or
/// [`stop`](Self::stop)ped.
#[derive(Debug)]
#[must_use = "the timers stop when this is dropped"]
pub struct SeriesTimers {
    task: tokio::task::JoinHandle<()>,
}

impl SeriesTimers {
    /// Stops the timers (a write in progress is abandoned; counts not yet written stay in the
    /// recorder, for [`Recorder::flush`]).
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for SeriesTimers {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// What [`Recorder::publish`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Published {
    /// A new Event was created.
    Created,
    /// The event repeated: the Event's series was written with this count.
    SeriesWritten(i32),
    /// The event repeated: counted, to be written by [`Recorder::flush`].
    Counted(i32),
    /// Dropped by the spam filter.
    Dropped,
}

impl Recorder {
    /// A recorder writing through `client` as `reporter`.
    pub fn new(client: Client, reporter: Reporter) -> Self {
        Recorder { client, reporter, timing: SeriesTiming::default(), state: Arc::new(Mutex::new(State::default())) }
    }

    /// Finishes and refreshes series on `timing` instead of client-go's 6 and 30 minutes.
    pub fn with_series_timing(mut self, timing: SeriesTiming) -> Self {
        self.timing = timing;
        self
    }

    /// The series timing.
    pub fn series_timing(&self) -> SeriesTiming {
        self.timing
    }

    /// Starts the series timers (see the module documentation) in a task on the current tokio
    /// runtime: [`finish_series`](Self::finish_series) every `finish`,
    /// [`refresh_series`](Self::refresh_series) every `refresh` (each at least a millisecond).
    /// Write failures are logged; what was not written is tried again at the next tick.
    ///
    /// # Panics
    ///
    /// Outside a tokio runtime, as `tokio::spawn`.
    pub fn spawn_series_timers(&self) -> SeriesTimers {
        let recorder = self.clone();
        let finish_every = self.timing.finish.max(Duration::from_millis(1));
        let refresh_every = self.timing.refresh.max(Duration::from_millis(1));
        let task = tokio::spawn(async move {
            let start = tokio::time::Instant::now();
            let mut finish = tokio::time::interval_at(start + finish_every, finish_every);
            let mut refresh = tokio::time::interval_at(start + refresh_every, refresh_every);
            finish.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            refresh.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                let (what, result) = tokio::select! {
                    _ = finish.tick() => ("finish", recorder.finish_series().await),
                    _ = refresh.tick() => ("refresh", recorder.refresh_series().await),
                };
                if let Err(error) = result {
                    tracing::warn!(%error, timer = what, "writing an event series failed; retrying at the next tick");
                }
            }
        });
        SeriesTimers { task }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn api(&self, namespace: &str) -> Api<KubeEvent> {
        Api::namespaced(self.client.clone(), if namespace.is_empty() { "default" } else { namespace })
    }

    /// Publishes `record` about `regarding` (see the module documentation for aggregation).
    pub async fn publish(
        &self,
        record: &EventRecord,
        regarding: &ObjectReference,
    ) -> Result<Published, kapi_client::Error> {
        let now = MicroTime::now();
        let key = EventKey {
            type_: record.type_,
            action: record.action.clone(),
            reason: record.reason.clone(),
            regarding: RefKey::from(regarding),
            related: record.related.as_ref().map(RefKey::from),
        };
        let step = self.aggregate(key.clone(), record, regarding, now);
        let event = match step {
            Step::Done(published) => return Ok(published),
            Step::Create(event) => {
                self.api(&event.metadata.namespace).create(&event, &CreateOptions::default()).await?;
                return Ok(Published::Created);
            }
            Step::WriteSeries(event) => event,
        };
        let count = self.write_series(&event).await?;
        if let Some(c) = self.state().series.get_mut(&key) {
            c.written = c.written.max(count);
        }
        Ok(Published::SeriesWritten(count))
    }

    /// Counts the event under the lock and decides what to write.
    fn aggregate(&self, key: EventKey, record: &EventRecord, regarding: &ObjectReference, now: MicroTime) -> Step {
        let mut s = self.state();
        let tick = tokio::time::Instant::now();
        prune(&mut s, tick, self.timing.finish);
        let bucket =
            s.spam.entry(key.regarding.clone()).or_insert_with(|| (TokenBucket::new(SPAM_QPS, SPAM_BURST), tick));
        bucket.1 = tick;
        if !bucket.0.reserve().is_zero() {
            // The reservation is not kept: a dropped event takes no token.
            bucket.0.refund();
            return Step::Done(Published::Dropped);
        }
        if let Some(cached) = s.series.get_mut(&key) {
            cached.last_seen = tick;
            let series = cached.event.series.get_or_insert(EventSeries { count: 1, last_observed_time: now });
            series.count = series.count.saturating_add(1);
            series.last_observed_time = now;
            if series.count > 2 {
                return Step::Done(Published::Counted(series.count));
            }
            return Step::WriteSeries(cached.event.clone());
        }
        let event = self.new_event(record, regarding, now);
        s.series.insert(key, Cached { event: event.clone(), written: 1, last_seen: tick });
        Step::Create(event)
    }

    fn new_event(&self, record: &EventRecord, regarding: &ObjectReference, now: MicroTime) -> KubeEvent {
        let nanos = i128::from(now.unix_seconds()) * 1_000_000_000 + i128::from(now.nanos());
        let namespace = if regarding.namespace.is_empty() { "default" } else { regarding.namespace.as_str() };
        let mut note = record.note.clone().unwrap_or_default();
        if note.len() > MAX_NOTE_BYTES {
            let mut cut = MAX_NOTE_BYTES;
            while !note.is_char_boundary(cut) {
                cut -= 1;
            }
            note.truncate(cut);
        }
        KubeEvent {
            metadata: ObjectMeta {
                name: format!("{}.{:x}", regarding.name, nanos),
                namespace: namespace.to_string(),
                ..Default::default()
            },
            event_time: now,
            reporting_controller: self.reporter.controller.clone(),
            reporting_instance: self.reporter.instance.clone(),
            action: record.action.clone(),
            reason: record.reason.clone(),
            regarding: regarding.clone(),
            related: record.related.clone(),
            note,
            r#type: record.type_.as_str().to_string(),
            ..Default::default()
        }
    }

    /// Writes an event's series (a strategic merge patch, as client-go), creating the Event again
    /// if it was deleted meanwhile. The count written.
    async fn write_series(&self, event: &KubeEvent) -> Result<i32, kapi_client::Error> {
        let Some(series) = &event.series else { return Ok(1) };
        let api = self.api(&event.metadata.namespace);
        let patch = Patch::strategic_merge_from(&json!({
            "series": {"count": series.count, "lastObservedTime": series.last_observed_time.format_rfc3339_micro()}
        }))?;
        match api.patch(&event.metadata.name, &patch, &PatchOptions::default()).await {
            Ok(_) => Ok(series.count),
            Err(e) if e.is_not_found() => {
                let mut again = event.clone();
                again.metadata.resource_version.clear();
                api.create(&again, &CreateOptions::default()).await?;
                Ok(series.count)
            }
            Err(e) => Err(e),
        }
    }

    /// Writes the counts of series that grew since last written; the first error is returned
    /// after trying them all.
    pub async fn flush(&self) -> Result<(), kapi_client::Error> {
        self.write_all(|c| c.unwritten()).await
    }

    /// Writes every series still going, grown or not (the refresh timer's work): its count and
    /// last observed time. The first error is returned after trying them all.
    pub async fn refresh_series(&self) -> Result<(), kapi_client::Error> {
        self.write_all(|c| c.event.series.is_some()).await
    }

    async fn write_all(&self, which: impl Fn(&Cached) -> bool) -> Result<(), kapi_client::Error> {
        let pending: Vec<(EventKey, KubeEvent)> =
            self.state().series.iter().filter(|(_, c)| which(c)).map(|(k, c)| (k.clone(), c.event.clone())).collect();
        let mut first_error = None;
        for (key, event) in pending {
            match self.write_series(&event).await {
                Ok(count) => {
                    if let Some(c) = self.state().series.get_mut(&key) {
                        c.written = c.written.max(count);
                    }
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Finishes the series quiet for longer than [`SeriesTiming::finish`] (the finish timer's
    /// work): each one's final count is written if it grew since last written, then it leaves
    /// the cache, so the next occurrence creates a new Event; events that never repeated leave
    /// after as long. A series the server refused to write (an API error) leaves too, as
    /// client-go abandons it; one that could not be sent (the connection) stays for the next
    /// tick. The first error is returned after trying them all.
    pub async fn finish_series(&self) -> Result<(), kapi_client::Error> {
        let finish = self.timing.finish;
        let now = tokio::time::Instant::now();
        let quiet = |c: &Cached| now.saturating_duration_since(c.last_seen) > finish;
        let ended: Vec<(EventKey, KubeEvent, bool)> = {
            let mut s = self.state();
            s.series.retain(|_, c| c.event.series.is_some() || !quiet(c));
            s.series
                .iter()
                .filter(|(_, c)| quiet(c))
                .map(|(k, c)| (k.clone(), c.event.clone(), c.unwritten()))
                .collect()
        };
        let mut first_error = None;
        for (key, event, unwritten) in ended {
            let written = if unwritten { self.write_series(&event).await } else { Ok(0) };
            let (leave, count) = match written {
                Ok(count) => (true, count),
                Err(e) => {
                    let refused = matches!(e, kapi_client::Error::Api(_));
                    first_error.get_or_insert(e);
                    (refused, 0)
                }
            };
            let mut s = self.state();
            if let Some(c) = s.series.get_mut(&key) {
                if leave && quiet(c) {
                    // It did not repeat while it was written: it is over.
                    s.series.remove(&key);
                } else {
                    c.written = c.written.max(count);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

/// Drops finished series (quiet for `finish` with nothing unwritten) and bounds both maps.
fn prune(s: &mut State, now: tokio::time::Instant, finish: Duration) {
    if s.series.len() >= MAX_CACHED {
        s.series.retain(|_, c| c.unwritten() || now.saturating_duration_since(c.last_seen) < finish);
        while s.series.len() >= MAX_CACHED {
            let Some(oldest) = s.series.iter().min_by_key(|(_, c)| c.last_seen).map(|(k, _)| k.clone()) else { break };
            s.series.remove(&oldest);
        }
    }
    while s.spam.len() >= MAX_CACHED {
        let Some(oldest) = s.spam.iter().min_by_key(|(_, (_, t))| *t).map(|(k, _)| k.clone()) else { break };
        s.spam.remove(&oldest);
    }
}
