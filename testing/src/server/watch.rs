//! Watch responses: tracker events framed as upstream streams them, sent through
//! [`kapi_client::body::channel`] by a task that ends with the watch, at `timeoutSeconds`, or when the
//! client goes away.
//!
//! - JSON: one `WatchEvent` JSON object per chunk, ending in a newline; the event's `object` is
//!   the object's JSON.
//! - Tables (module `table`): the JSON framing, each object a one-row `Table`.
//! - Metadata (module `metadata`): either framing, each object a `PartialObjectMetadata`.
//! - Protobuf: each `WatchEvent` message (no envelope) behind a 4-byte big-endian length; the
//!   event's `object.raw` is the object in the `k8s\0` protobuf envelope.

use std::time::Duration;

use bytes::Bytes;
use kapi_api::meta::v1::WatchEvent;
use kapi_client::api_errors;
use kapi_client::body::{self, Body};
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
pub(crate) fn error_stream(encoding: Encoding, err: &kapi_client::Error) -> Result<http::Response<Body>> {
    let event = Event { event_type: EventType::Error, object: Box::new(api_errors::status_of(err)) };
    Ok(response(encoding, body::full(frame(encoding, &event)?)))
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
    partial: Option<(kapi_client::ResourceInfo, &'static str)>,
) -> http::Response<Body> {
    let (tx, body) = body::channel(16);
    tokio::spawn(async move {
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
                    // A client that stops reading cannot hold the watch past its deadline.
                    let sent = tokio::select! {
                        r = tx.send(Ok(bytes)) => r.is_ok(),
                        _ = until(deadline) => false,
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
