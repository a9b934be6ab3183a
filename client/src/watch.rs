//! Decoding watch responses into typed events: the JSON stream (a sequence of `WatchEvent`
//! objects, split across chunks at any byte) and the protobuf stream (`WatchEvent` messages, each
//! framed by a 4-byte big-endian length, whose objects carry the `k8s\0` envelope).

use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

use kapi_api::meta::v1::{Status, WatchEvent as RawWatchEvent};
use kapi_machinery::budget::DecodeLimits;
use kapi_machinery::proto::{PROTOBUF_MAGIC, read_frame};
use kapi_machinery::serializer::{MEDIA_TYPE_JSON, MEDIA_TYPE_PROTOBUF};
use kapi_machinery::{Format, Kind, Options, Scheme, Serializer};

use crate::body::Body;
use crate::{Error, EventStream, Resource, WatchEvent};

/// The largest event a decoder accepts unless told otherwise (upstream's limit for a single
/// object read from a stream is of the same order).
pub const DEFAULT_MAX_FRAME_SIZE: usize = 16 * 1024 * 1024;

/// The framing of a watch response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFormat {
    /// Concatenated JSON `WatchEvent` objects (`application/json`, with or without
    /// `;stream=watch`).
    Json,
    /// Length-delimited protobuf `WatchEvent` messages
    /// (`application/vnd.kubernetes.protobuf;stream=watch`).
    Protobuf,
}

impl StreamFormat {
    /// The framing for a response `Content-Type`.
    pub fn for_content_type(content_type: &str) -> Result<StreamFormat, Error> {
        let base = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match base.as_str() {
            MEDIA_TYPE_JSON => Ok(StreamFormat::Json),
            MEDIA_TYPE_PROTOBUF => Ok(StreamFormat::Protobuf),
            _ => Err(Error::Decode {
                context: "the watch response".into(),
                source: format!("unsupported content type {content_type:?}").into(),
            }),
        }
    }
}

/// Tracks where the JSON value at the start of the buffer ends, across pushes.
#[derive(Debug, Default)]
struct JsonScan {
    /// Bytes of the current value already scanned.
    pos: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    started: bool,
}

/// A scheme with the kinds a watch of `R` can carry: `R`, `Status` and `WatchEvent`.
fn watch_scheme<R: Resource>() -> Result<Scheme, Error> {
    let mut scheme = Scheme::new();
    let fail = |e: kapi_machinery::SchemeError| Error::Decode { context: "the watch scheme".into(), source: e.into() };
    scheme.add_known_type::<R>().map_err(fail)?;
    if R::METADATA_ONLY {
        // Each event's object is a `meta.k8s.io` `PartialObjectMetadata`, which `R` stands for.
        scheme.add_known_type_as::<R>(crate::metadata::partial_gvk(false)).map_err(fail)?;
    }
    scheme.add_known_type::<Status>().map_err(fail)?;
    scheme.add_known_type::<RawWatchEvent>().map_err(fail)?;
    Ok(scheme)
}

/// Decodes a watch stream incrementally: push bytes as they arrive and take events out.
/// A malformed event is reported once, naming its index; the decoder then stays failed.
pub struct WatchDecoder<R> {
    format: StreamFormat,
    scheme: Scheme,
    buf: Vec<u8>,
    scan: JsonScan,
    index: usize,
    max_frame: usize,
    decode_limits: DecodeLimits,
    failed: bool,
    _r: PhantomData<fn() -> R>,
}

impl<R> std::fmt::Debug for WatchDecoder<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WatchDecoder")
            .field("format", &self.format)
            .field("buffered", &self.buf.len())
            .field("index", &self.index)
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}

impl<R: Resource> WatchDecoder<R> {
    /// A decoder for a framing.
    pub fn new(format: StreamFormat) -> Result<Self, Error> {
        Ok(WatchDecoder {
            format,
            scheme: watch_scheme::<R>()?,
            buf: Vec::new(),
            scan: JsonScan::default(),
            index: 0,
            max_frame: DEFAULT_MAX_FRAME_SIZE,
            decode_limits: DecodeLimits::DEFAULT,
            failed: false,
            _r: PhantomData,
        })
    }

    /// A decoder for a response `Content-Type`.
    pub fn for_content_type(content_type: &str) -> Result<Self, Error> {
        Self::new(StreamFormat::for_content_type(content_type)?)
    }

    /// Sets the decoding budget of each event (see [`kapi_machinery::budget`]).
    pub fn with_decode_limits(mut self, limits: DecodeLimits) -> Self {
        self.decode_limits = limits;
        self
    }

    /// Sets the largest event (in bytes) accepted.
    pub fn with_max_frame_size(mut self, max: usize) -> Self {
        self.max_frame = max;
        self
    }

    /// The number of events decoded so far (the index of the next one).
    pub fn events_decoded(&self) -> usize {
        self.index
    }

    /// Appends received bytes.
    pub fn push(&mut self, chunk: &[u8]) {
        if !self.failed {
            self.buf.extend_from_slice(chunk);
        }
    }

    fn error(&mut self, source: impl Into<crate::error::BoxError>) -> Error {
        self.failed = true;
        self.buf = Vec::new();
        Error::Decode { context: format!("watch event {}", self.index), source: source.into() }
    }

    /// The next complete event, `None` if more bytes are needed (or the decoder has failed).
    pub fn next_event(&mut self) -> Option<Result<WatchEvent<R>, Error>> {
        if self.failed {
            return None;
        }
        let frame = match self.format {
            StreamFormat::Json => self.next_json_frame(),
            StreamFormat::Protobuf => self.next_protobuf_frame(),
        };
        let (start, end, consumed) = match frame {
            Ok(Some(f)) => f,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        let result = self.decode_event(start, end);
        self.buf.drain(..consumed);
        match result {
            Ok(ev) => {
                self.index += 1;
                Some(Ok(ev))
            }
            Err(msg) => Some(Err(self.error(msg))),
        }
    }

    /// Checks that the stream ended between events.
    pub fn finish(&mut self) -> Result<(), Error> {
        if self.failed {
            return Ok(());
        }
        let rest_is_blank = self.buf.iter().all(u8::is_ascii_whitespace);
        if self.format == StreamFormat::Json && rest_is_blank || self.buf.is_empty() {
            return Ok(());
        }
        let n = self.buf.len();
        Err(self.error(format!("the stream ended inside an event ({n} bytes left over)")))
    }

    /// The byte range of the next JSON value and how many bytes it (and whitespace before it)
    /// uses.
    fn next_json_frame(&mut self) -> Result<Option<(usize, usize, usize)>, Error> {
        let lead = self.buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if lead > 0 && !self.scan.started {
            self.buf.drain(..lead);
            self.scan.pos = 0;
        }
        if self.buf.is_empty() {
            return Ok(None);
        }
        if !self.scan.started {
            if self.buf[0] != b'{' {
                let shown = String::from_utf8_lossy(&self.buf[..self.buf.len().min(16)]).into_owned();
                return Err(self.error(format!("expected a JSON object, found {shown:?}")));
            }
            self.scan = JsonScan { pos: 0, depth: 0, in_string: false, escaped: false, started: true };
        }
        let s = &mut self.scan;
        while s.pos < self.buf.len() {
            let b = self.buf[s.pos];
            s.pos += 1;
            if s.in_string {
                if s.escaped {
                    s.escaped = false;
                } else if b == b'\\' {
                    s.escaped = true;
                } else if b == b'"' {
                    s.in_string = false;
                }
                continue;
            }
            match b {
                b'"' => s.in_string = true,
                b'{' | b'[' => s.depth += 1,
                b'}' | b']' => {
                    s.depth = s.depth.saturating_sub(1);
                    if s.depth == 0 {
                        let end = s.pos;
                        self.scan = JsonScan::default();
                        if end > self.max_frame {
                            let max = self.max_frame;
                            return Err(
                                self.error(format!("event of {end} bytes is larger than the limit of {max} bytes"))
                            );
                        }
                        return Ok(Some((0, end, end)));
                    }
                }
                _ => {}
            }
        }
        if self.scan.pos > self.max_frame {
            let max = self.max_frame;
            return Err(self.error(format!("event is larger than the limit of {max} bytes")));
        }
        Ok(None)
    }

    fn next_protobuf_frame(&mut self) -> Result<Option<(usize, usize, usize)>, Error> {
        match read_frame(&self.buf, self.max_frame) {
            Ok(Some((frame, used))) => Ok(Some((4, 4 + frame.len(), used))),
            Ok(None) => Ok(None),
            Err(e) => Err(self.error(e)),
        }
    }

    fn decode_event(&self, start: usize, end: usize) -> Result<WatchEvent<R>, String> {
        let frame = &self.buf[start..end];
        let (format, embedded) = match self.format {
            StreamFormat::Json => (Format::Json, Format::Json),
            StreamFormat::Protobuf => (Format::RawProtobuf, Format::Protobuf),
        };
        let decoded =
            Serializer::new(&self.scheme, format, Options { decode_limits: self.decode_limits, ..Options::default() })
                .decode(frame, Some(&RawWatchEvent::static_gvk()))
                .map_err(|e| e.to_string())?;
        let event = decoded
            .object
            .into_any()
            .downcast::<RawWatchEvent>()
            .map_err(|_| format!("expected a WatchEvent, found {}", decoded.gvk))?;
        let raw = event.object.raw.as_deref().ok_or("the event has no object")?;
        // The embedded object is JSON in a JSON stream and enveloped protobuf in a protobuf
        // stream; a JSON object inside a protobuf frame is accepted too.
        let embedded =
            if embedded == Format::Protobuf && !raw.starts_with(PROTOBUF_MAGIC) { Format::Json } else { embedded };
        let ser = Serializer::new(
            &self.scheme,
            embedded,
            Options { decode_limits: self.decode_limits, ..Options::default() },
        );
        match event.r#type.as_str() {
            "ERROR" => {
                let status = ser
                    .decode(raw, Some(&Status::static_gvk()))
                    .map_err(|e| format!("object: {e}"))?
                    .object
                    .into_any()
                    .downcast::<Status>()
                    .map_err(|_| "the object of an ERROR event is not a Status".to_owned())?;
                Ok(WatchEvent::Error(status))
            }
            t @ ("ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK") => {
                let decoded = ser.decode(raw, Some(&R::static_gvk())).map_err(|e| format!("object: {e}"))?;
                let gvk = decoded.gvk;
                let obj = decoded
                    .object
                    .into_any()
                    .downcast::<R>()
                    .map_err(|_| format!("object: expected kind {}, found {gvk}", R::static_gvk()))?;
                Ok(match t {
                    "ADDED" => WatchEvent::Added(*obj),
                    "MODIFIED" => WatchEvent::Modified(*obj),
                    "DELETED" => WatchEvent::Deleted(*obj),
                    _ => WatchEvent::Bookmark(*obj),
                })
            }
            other => Err(format!("unknown event type {other:?}")),
        }
    }
}

/// A stream of typed events read from a watch response body.
struct BodyEvents<R> {
    body: Option<Body>,
    decoder: WatchDecoder<R>,
}

impl<R: Resource> futures_core::Stream for BodyEvents<R> {
    type Item = Result<WatchEvent<R>, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(ev) = this.decoder.next_event() {
                if ev.is_err() {
                    this.body = None;
                }
                return Poll::Ready(Some(ev));
            }
            let Some(body) = this.body.as_mut() else {
                return Poll::Ready(None);
            };
            match hyper::body::Body::poll_frame(Pin::new(body), cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(frame))) => {
                    if let Ok(data) = frame.into_data() {
                        this.decoder.push(&data);
                    }
                }
                Poll::Ready(Some(Err(e))) => {
                    this.body = None;
                    return Poll::Ready(Some(Err(Error::from_body("reading the watch stream", e))));
                }
                Poll::Ready(None) => {
                    this.body = None;
                    return Poll::Ready(this.decoder.finish().err().map(Err));
                }
            }
        }
    }
}

/// Turns a watch response body into a typed event stream, framed by the response `Content-Type`.
pub fn event_stream<R: Resource>(content_type: &str, body: Body) -> Result<EventStream<R>, Error> {
    Ok(Box::pin(BodyEvents { body: Some(body), decoder: WatchDecoder::<R>::for_content_type(content_type)? }))
}

/// [`event_stream`] with a decoder configured by the caller (e.g. a smaller frame limit).
pub fn event_stream_with<R: Resource>(decoder: WatchDecoder<R>, body: Body) -> EventStream<R> {
    Box::pin(BodyEvents { body: Some(body), decoder })
}
