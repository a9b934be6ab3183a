//! Watch responses: tracker events framed as upstream streams them, sent through
//! [`kapi_http::body::channel`] by a task that ends with the watch, at `timeoutSeconds`, or when the
//! client goes away.
//!
//! - JSON: one `WatchEvent` JSON object per chunk, ending in a newline; the event's `object` is
//!   the object's JSON.
//! - Tables (module `table`): the JSON framing, each object a one-row `Table`.
//! - Metadata (module `metadata`): either framing, each object a `PartialObjectMetadata`.
//! - A watcher that leaves [`WATCHER_BUFFER`] events unread while changes keep coming is closed
//!   once a change has waited its budget for room, as upstream's cacher closes unresponsive
//!   watchers; the state at the watch's start is sent at the client's pace.
//! - Protobuf: each `WatchEvent` message (no envelope) behind a 4-byte big-endian length; the
//!   event's `object.raw` is the object in the `k8s\0` protobuf envelope.

use std::time::Duration;

use bytes::Bytes;
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::WatchEvent;
use kapi_http::body::{self, Body};
use kapi_machinery::Format;
use kapi_machinery::types::RawExtension;

use super::codec;
use super::negotiate::Encoding;
use super::table::WatchTables;
use crate::tracker::{Event, EventType, Result, TrackerWatch};

/// One event as it goes on the wire.
pub(crate) fn frame(encoding: Encoding, event: &Event) -> Result<Bytes> {
    let (inner_format, outer_format) = match encoding {
        Encoding::Protobuf => (Format::Protobuf, Format::RawProtobuf),
        _ => (Format::Json, Format::Json),
    };
    let mut raw = codec::encode_format(inner_format, event.object.as_ref())?;
    if inner_format == Format::Json && raw.last() == Some(&b'\n') {
        raw.pop();
    }
    let we = WatchEvent { r#type: event.event_type.as_str().to_owned(), object: RawExtension { raw: Some(raw) } };
    let msg = codec::encode_format(outer_format, &we)?;
    if outer_format == Format::Json {
        return Ok(Bytes::from(msg));
    }
    let len = u32::try_from(msg.len()).map_err(|_| api_errors::internal("watch event larger than 4 GiB"))?;
    let mut out = Vec::with_capacity(4 + msg.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&msg);
    Ok(Bytes::from(out))
}

fn response(encoding: Encoding, body: Body) -> http::Response<Body> {
    let mut resp = http::Response::new(body);
    resp.headers_mut().insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static(encoding.watch_media_type()));
    resp
}

/// A watch stream of a single `ERROR` event, as upstream answers a watch from a resource version
/// it no longer has.
pub(crate) fn error_stream(encoding: Encoding, err: &crate::tracker::Error) -> Result<http::Response<Body>> {
    let event = Event { event_type: EventType::Error, object: Box::new(api_errors::status_of(err)) };
    Ok(response(encoding, body::full(frame(encoding, &event)?)))
}

/// Events a watcher's connection may hold unread before a change waits for room: upstream's
/// channel size for a watch the cache has no index for (`maxWatchChanSizeWithoutIndex`).
pub(crate) const WATCHER_BUFFER: usize = 100;

/// The most a change may wait for room in a slow watcher's buffer, refilled over time: upstream's
/// cacher dispatch budget (`maxBudget` 100 ms, refilled at `refreshPerSecond` 50 ms a second).
/// Upstream shares one budget among a resource's watchers; here each watcher has its own, so one
/// slow watcher cannot spend another's.
const MAX_BUDGET: Duration = Duration::from_millis(100);
const REFRESH_PER_SECOND: Duration = Duration::from_millis(50);

/// A refilling allowance of waiting time.
#[derive(Debug)]
pub(crate) struct TimeBudget {
    available: Duration,
    refreshed: tokio::time::Instant,
}

impl TimeBudget {
    pub(crate) fn new(now: tokio::time::Instant) -> Self {
        TimeBudget { available: MAX_BUDGET, refreshed: now }
    }

    /// Everything available now; what is not spent goes back with [`TimeBudget::give_back`].
    pub(crate) fn take(&mut self, now: tokio::time::Instant) -> Duration {
        let elapsed = now.saturating_duration_since(self.refreshed);
        self.refreshed = now;
        // Two seconds refill an empty budget; capping there keeps the product finite.
        let refill = REFRESH_PER_SECOND.mul_f64(elapsed.as_secs_f64().min(2.0));
        let taken = (self.available + refill).min(MAX_BUDGET);
        self.available = Duration::ZERO;
        taken
    }

    pub(crate) fn give_back(&mut self, unused: Duration) {
        self.available = (self.available + unused).min(MAX_BUDGET);
    }
}

/// Hands a change to a watcher: at once if its buffer has room, else waiting at most what the
/// budget allows. A watcher that cannot take a change in time is closed (`false`), as upstream's
/// cacher forces an unresponsive watcher closed: its stream ends without an `ERROR` event and the
/// client watches again from the last resource version it saw.
async fn deliver(
    tx: &tokio::sync::mpsc::Sender<std::io::Result<Bytes>>,
    bytes: Bytes,
    budget: &mut TimeBudget,
    deadline: Option<tokio::time::Instant>,
) -> bool {
    use tokio::sync::mpsc::error::TrySendError;
    let bytes = match tx.try_send(Ok(bytes)) {
        Ok(()) => return true,
        Err(TrySendError::Closed(_)) => return false,
        Err(TrySendError::Full(item)) => item,
    };
    let start = tokio::time::Instant::now();
    let wait = budget.take(start);
    let sent = tokio::select! {
        r = tx.send(bytes) => r.is_ok(),
        _ = tokio::time::sleep(wait) => false,
        _ = until(deadline) => false,
    };
    budget.give_back(wait.saturating_sub(start.elapsed()));
    sent
}

/// Sleeps until the deadline, or forever without one.
async fn until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Streams a watch.
pub(crate) fn stream(
    mut watch: TrackerWatch,
    encoding: Encoding,
    timeout: Option<Duration>,
    bookmark_interval: Option<Duration>,
    mut tables: Option<WatchTables>,
    partial: Option<(kapi_api::meta::resource::ResourceInfo, &'static str)>,
) -> http::Response<Body> {
    let (tx, body) = body::channel(WATCHER_BUFFER);
    tokio::spawn(async move {
        let mut budget = TimeBudget::new(tokio::time::Instant::now());
        let now = tokio::time::Instant::now();
        // A timeout too large to represent is no timeout.
        let deadline = timeout.and_then(|t| now.checked_add(t));
        let mut ticker = bookmark_interval
            .filter(|d| !d.is_zero())
            .and_then(|d| now.checked_add(d).map(|start| tokio::time::interval_at(start, d)));
        loop {
            tokio::select! {
                _ = tx.closed() => break,
                _ = until(deadline) => break,
                _ = async {
                    match ticker.as_mut() {
                        Some(t) => { t.tick().await; }
                        None => std::future::pending().await,
                    }
                } => watch.request_bookmark(),
                event = watch.next() => {
                    let Some(event) = event else { break };
                    // A client that asked for tables gets each object as a one-row table.
                    let event = match tables.as_mut() {
                        Some(t) => match t.convert(event) {
                            Ok(e) => e,
                            Err(_) => break,
                        },
                        None => event,
                    };
                    // A client that asked for metadata gets each object as `PartialObjectMetadata`.
                    let event = match &partial {
                        Some((info, version)) => super::metadata::partial_event(info, event, version),
                        None => event,
                    };
                    let Ok(bytes) = frame(encoding, &event) else { break };
                    let sent = if watch.last_was_initial() {
                        // The state at the start goes out at the client's pace, as upstream's
                        // watcher sends its initial events without a dispatch deadline; a client
                        // that stops reading cannot hold the watch past its deadline.
                        tokio::select! {
                            r = tx.send(Ok(bytes)) => r.is_ok(),
                            _ = until(deadline) => false,
                        }
                    } else {
                        deliver(&tx, bytes, &mut budget, deadline).await
                    };
                    if !sent || event.event_type == EventType::Error {
                        break;
                    }
                }
            }
        }
    });
    response(encoding, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_spent_returned_and_refilled_up_to_its_cap() {
        let t0 = tokio::time::Instant::now();
        let mut b = TimeBudget::new(t0);
        assert_eq!(b.take(t0), MAX_BUDGET);
        // Spent: nothing left at once.
        assert_eq!(b.take(t0), Duration::ZERO);
        // Half a second refills 25 ms.
        assert_eq!(b.take(t0 + Duration::from_millis(500)), Duration::from_millis(25));
        b.give_back(Duration::from_millis(10));
        assert_eq!(b.take(t0 + Duration::from_millis(500)), Duration::from_millis(10));
        // An hour refills no more than the cap.
        assert_eq!(b.take(t0 + Duration::from_secs(3600)), MAX_BUDGET);
        b.give_back(Duration::from_secs(5));
        assert_eq!(b.take(t0 + Duration::from_secs(3600)), MAX_BUDGET);
    }
}
