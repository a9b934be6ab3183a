//! An event recorder for `events.k8s.io/v1` Events with client-go's aggregation
//! (`tools/events`): events that repeat (same type, action, reason, reporting controller and
//! instance, regarding and related object) become one Event with a `series`. The second
//! occurrence patches `series.count: 2` at once; later ones are counted in memory and written by
//! [`Recorder::flush`] (client-go writes them every 30 minutes and when a series has been quiet
//! for 6). A per-object token bucket (client-go's spam filter: a burst of 25, then one every 5
//! minutes) drops floods.

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
/// A series quiet for this long is finished: its count is final and it leaves the cache.
pub const FINISH_TIME: Duration = Duration::from_secs(6 * 60);
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

/// Publishes events; clones share their aggregation state.
#[derive(Debug, Clone)]
pub struct Recorder {
    client: Client,
    reporter: Reporter,
    state: Arc<Mutex<State>>,
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
        Recorder { client, reporter, state: Arc::new(Mutex::new(State::default())) }
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
        prune(&mut s, tick);
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
        let pending: Vec<(EventKey, KubeEvent)> = self
            .state()
            .series
            .iter()
            .filter(|(_, c)| c.event.series.as_ref().is_some_and(|s| s.count > c.written))
            .map(|(k, c)| (k.clone(), c.event.clone()))
            .collect();
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
}

/// Drops finished series (quiet for [`FINISH_TIME`] with nothing unwritten) and bounds both maps.
fn prune(s: &mut State, now: tokio::time::Instant) {
    if s.series.len() >= MAX_CACHED {
        s.series.retain(|_, c| {
            let unwritten = c.event.series.as_ref().is_some_and(|x| x.count > c.written);
            unwritten || now.saturating_duration_since(c.last_seen) < FINISH_TIME
        });
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
