//! Decoding of watch streams: JSON and length-framed protobuf, split across chunks at every byte,
//! ERROR and BOOKMARK events, malformed input reported by event index, frame limits, and the
//! async stream over a body.

use std::collections::BTreeMap;
use std::pin::Pin;

use bytes::Bytes;
use kapi_api::admissionregistration::v1::{ValidatingWebhook, ValidatingWebhookConfiguration};
use kapi_api::meta::v1::{ObjectMeta, Status, StatusDetails, StatusReason, WatchEvent as RawWatchEvent};
use kapi_client::watch::{StreamFormat, WatchDecoder, event_stream};
use kapi_client::{Error, EventStream, WatchEvent};
use kapi_machinery::proto::frame_length_delimited;
use kapi_machinery::types::RawExtension;
use kapi_machinery::{Format, Kind, Options, Scheme, Serializer};

type Vwc = ValidatingWebhookConfiguration;

fn vwc(name: &str, rv: &str) -> Vwc {
    let mut o = Vwc {
        metadata: ObjectMeta { name: name.into(), resource_version: rv.into(), ..ObjectMeta::default() },
        webhooks: vec![ValidatingWebhook { name: format!("{name}.example.com"), ..ValidatingWebhook::default() }],
        ..Vwc::default()
    };
    o.type_meta.set_gvk(&Vwc::static_gvk());
    o
}

fn bookmark(rv: &str) -> Vwc {
    let mut o = Vwc::default();
    o.metadata.resource_version = rv.into();
    o.metadata.annotations = BTreeMap::from([("k8s.io/initial-events-end".to_owned(), "true".to_owned())]);
    o.type_meta.set_gvk(&Vwc::static_gvk());
    o
}

fn gone() -> Status {
    let mut s = Status {
        status: "Failure".into(),
        message: "too old resource version: 1 (5)".into(),
        reason: StatusReason(StatusReason::EXPIRED.into()),
        code: 410,
        details: Some(StatusDetails { retry_after_seconds: 0, ..StatusDetails::default() }),
        ..Status::default()
    };
    s.type_meta.set_gvk(&Status::static_gvk());
    s
}

fn expected() -> Vec<WatchEvent<Vwc>> {
    vec![
        WatchEvent::Added(vwc("a", "10")),
        WatchEvent::Modified(vwc("a", "11")),
        WatchEvent::Bookmark(bookmark("12")),
        WatchEvent::Deleted(vwc("a", "13")),
        WatchEvent::Error(Box::new(gone())),
    ]
}

fn parts(ev: &WatchEvent<Vwc>) -> (&'static str, &dyn kapi_machinery::Object) {
    match ev {
        WatchEvent::Added(o) => ("ADDED", o),
        WatchEvent::Modified(o) => ("MODIFIED", o),
        WatchEvent::Deleted(o) => ("DELETED", o),
        WatchEvent::Bookmark(o) => ("BOOKMARK", o),
        WatchEvent::Error(s) => ("ERROR", s.as_ref()),
    }
}

fn json_stream(events: &[WatchEvent<Vwc>]) -> Vec<u8> {
    let scheme = Scheme::new();
    let ser = Serializer::new(&scheme, Format::Json, Options::default());
    let mut out = Vec::new();
    for ev in events {
        let (t, obj) = parts(ev);
        let mut raw = ser.encode(obj).unwrap();
        raw.pop(); // the encoder's trailing newline
        let event = RawWatchEvent { r#type: t.into(), object: RawExtension::from_json(raw) };
        out.extend(ser.encode(&event).unwrap());
    }
    out
}

fn protobuf_stream(events: &[WatchEvent<Vwc>]) -> Vec<u8> {
    let scheme = Scheme::new();
    let embedded = Serializer::new(&scheme, Format::Protobuf, Options::default());
    let raw = Serializer::new(&scheme, Format::RawProtobuf, Options::default());
    let mut out = Vec::new();
    for ev in events {
        let (t, obj) = parts(ev);
        let event =
            RawWatchEvent { r#type: t.into(), object: RawExtension { raw: Some(embedded.encode(obj).unwrap()) } };
        out.extend(frame_length_delimited(&raw.encode(&event).unwrap()).unwrap());
    }
    out
}

fn drain(d: &mut WatchDecoder<Vwc>, out: &mut Vec<WatchEvent<Vwc>>) {
    while let Some(ev) = d.next_event() {
        out.push(ev.unwrap());
    }
}

fn check_all_splits(format: StreamFormat, data: &[u8]) {
    let want = expected();
    for split in 0..=data.len() {
        let mut d = WatchDecoder::<Vwc>::new(format).unwrap();
        let mut got = Vec::new();
        d.push(&data[..split]);
        drain(&mut d, &mut got);
        d.push(&data[split..]);
        drain(&mut d, &mut got);
        d.finish().unwrap();
        assert_eq!(got, want, "split at byte {split}");
    }
    let mut d = WatchDecoder::<Vwc>::new(format).unwrap();
    let mut got = Vec::new();
    for b in data {
        d.push(std::slice::from_ref(b));
        drain(&mut d, &mut got);
    }
    d.finish().unwrap();
    assert_eq!(got, want, "byte by byte");
    assert_eq!(d.events_decoded(), want.len());
}

#[test]
fn json_stream_split_at_every_byte() {
    let data = json_stream(&expected());
    assert!(data.starts_with(b"{\"type\":\"ADDED\",\"object\":{\"kind\":\"ValidatingWebhookConfiguration\""));
    check_all_splits(StreamFormat::Json, &data);
}

#[test]
fn json_stream_tolerates_whitespace_and_braces_in_strings() {
    let mut o = vwc("we}ird\"{[", "1");
    o.metadata.labels = BTreeMap::from([("k".to_owned(), "\\\"}}".to_owned())]);
    let events = vec![WatchEvent::Added(o)];
    let mut data = b"  \r\n".to_vec();
    data.extend(json_stream(&events));
    data.extend(b"\n\n   ");
    let mut d = WatchDecoder::<Vwc>::new(StreamFormat::Json).unwrap();
    for chunk in data.chunks(3) {
        d.push(chunk);
    }
    let mut got = Vec::new();
    drain(&mut d, &mut got);
    d.finish().unwrap();
    assert_eq!(got, events);
}

#[test]
fn protobuf_stream_split_at_every_byte() {
    let data = protobuf_stream(&expected());
    let first_len = u32::from_be_bytes([data[0], data[1], data[2], data[3]]) as usize;
    assert!(first_len > 0 && first_len < data.len());
    check_all_splits(StreamFormat::Protobuf, &data);
}

fn first_error(format: StreamFormat, data: &[u8]) -> (String, String) {
    let mut d = WatchDecoder::<Vwc>::new(format).unwrap();
    d.push(data);
    loop {
        match d.next_event() {
            Some(Ok(_)) => continue,
            Some(Err(Error::Decode { context, source })) => {
                let message = source.to_string();
                // The decoder stays failed: no more events, and finishing adds nothing.
                assert!(d.next_event().is_none());
                d.push(b"{}");
                assert!(d.next_event().is_none());
                d.finish().unwrap();
                return (context, message);
            }
            Some(Err(e)) => panic!("unexpected error {e:?}"),
            None => match d.finish() {
                Err(Error::Decode { context, source }) => return (context, source.to_string()),
                other => panic!("expected an error, got {other:?}"),
            },
        }
    }
}

#[test]
fn malformed_json_events_name_their_index() {
    let good = json_stream(&[WatchEvent::Added(vwc("a", "1"))]);
    let cases: &[(&str, &str)] = &[
        (
            r#"{"type":"ADDED","object":{"kind":"ValidatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1","metadata":{"name":5}}}"#,
            "metadata.name",
        ),
        (r#"[1,2]"#, "expected a JSON object"),
        (r#"{"type":"EXPLODED","object":{}}"#, "unknown event type \"EXPLODED\""),
        (r#"{"type":"ADDED"}"#, "the event has no object"),
        (r#"{"type":"ADDED","object":{"kind":"Status","apiVersion":"v1"}}"#, "expected kind"),
        (r#"{"type":"ADDED","object":{"kind":"Secret","apiVersion":"v1"}}"#, "Secret"),
        (r#"{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","code":"x"}}"#, "code"),
        (r#"{"type":"ADDED","object":nope}"#, ""),
        (r#"{"type":"ADDED","object":{"kind":"Val"#, "ended inside an event"),
    ];
    for (bad, needle) in cases {
        let mut data = good.clone();
        data.extend_from_slice(bad.as_bytes());
        let (context, message) = first_error(StreamFormat::Json, &data);
        assert_eq!(context, "watch event 1", "{bad}: {message}");
        assert!(message.contains(needle), "{bad}: {message}");
    }
}

#[test]
fn malformed_protobuf_frames_name_their_index() {
    let good = protobuf_stream(&[WatchEvent::Added(vwc("a", "1"))]);
    // A frame that is not a WatchEvent message.
    let mut data = good.clone();
    data.extend(frame_length_delimited(&[0xff, 0xff, 0xff]).unwrap());
    let (context, _) = first_error(StreamFormat::Protobuf, &data);
    assert_eq!(context, "watch event 1");

    // A WatchEvent whose object is garbage.
    let scheme = Scheme::new();
    let raw = Serializer::new(&scheme, Format::RawProtobuf, Options::default());
    let ev = RawWatchEvent { r#type: "ADDED".into(), object: RawExtension { raw: Some(b"k8s\0\x0a\x05".to_vec()) } };
    let mut data = good.clone();
    data.extend(frame_length_delimited(&raw.encode(&ev).unwrap()).unwrap());
    let (context, message) = first_error(StreamFormat::Protobuf, &data);
    assert_eq!(context, "watch event 1");
    assert!(message.starts_with("object: "), "{message}");

    // A truncated last frame.
    let mut data = good.clone();
    data.extend(&good[..good.len() - 1]);
    let (context, message) = first_error(StreamFormat::Protobuf, &data);
    assert_eq!(context, "watch event 1");
    assert!(message.contains("ended inside an event"), "{message}");
}

#[test]
fn frame_size_limits() {
    let data = protobuf_stream(&[WatchEvent::Added(vwc("a", "1"))]);
    let mut d = WatchDecoder::<Vwc>::new(StreamFormat::Protobuf).unwrap().with_max_frame_size(8);
    d.push(&data);
    match d.next_event() {
        Some(Err(Error::Decode { context, source })) => {
            let message = source.to_string();
            assert_eq!(context, "watch event 0");
            assert!(message.contains("exceeds the limit of 8"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // A huge declared length fails as soon as the header is read.
    let mut d = WatchDecoder::<Vwc>::new(StreamFormat::Protobuf).unwrap();
    d.push(&[0xff, 0xff, 0xff, 0xff]);
    assert!(matches!(d.next_event(), Some(Err(Error::Decode { .. }))));

    let data = json_stream(&[WatchEvent::Added(vwc("a", "1"))]);
    let mut d = WatchDecoder::<Vwc>::new(StreamFormat::Json).unwrap().with_max_frame_size(32);
    d.push(&data[..40]);
    assert!(
        matches!(d.next_event(), Some(Err(Error::Decode { source, .. })) if source.to_string().contains("larger than the limit"))
    );
    let mut d = WatchDecoder::<Vwc>::new(StreamFormat::Json).unwrap().with_max_frame_size(32);
    d.push(&data);
    assert!(
        matches!(d.next_event(), Some(Err(Error::Decode { source, .. })) if source.to_string().contains("larger than the limit"))
    );
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let json = json_stream(&expected());
    let proto = protobuf_stream(&expected());
    for round in 0..400 {
        for (format, base) in [(StreamFormat::Json, &json), (StreamFormat::Protobuf, &proto)] {
            let mut data = base.clone();
            for _ in 0..(1 + round % 5) {
                let i = (next() as usize) % data.len();
                data[i] = next() as u8;
            }
            let cut = (next() as usize) % (data.len() + 1);
            let mut d = WatchDecoder::<Vwc>::new(format).unwrap();
            d.push(&data[..cut]);
            while d.next_event().is_some() {}
            let _ = d.finish();
        }
    }
}

#[test]
fn content_types_select_the_framing() {
    let f = |ct| StreamFormat::for_content_type(ct);
    assert_eq!(f("application/json").unwrap(), StreamFormat::Json);
    assert_eq!(f("application/json;stream=watch").unwrap(), StreamFormat::Json);
    assert_eq!(f("application/vnd.kubernetes.protobuf;stream=watch").unwrap(), StreamFormat::Protobuf);
    assert_eq!(f("Application/Vnd.Kubernetes.Protobuf ; stream=watch").unwrap(), StreamFormat::Protobuf);
    assert!(f("text/plain").is_err());
}

async fn next(stream: &mut EventStream<Vwc>) -> Option<Result<WatchEvent<Vwc>, Error>> {
    std::future::poll_fn(|cx| Pin::new(&mut *stream).poll_next(cx)).await
}

use futures_core::Stream;

#[tokio::test]
async fn event_stream_over_a_streamed_body() {
    let data = protobuf_stream(&expected());
    let (tx, body) = kapi_client::body::channel(4);
    let mut stream = event_stream::<Vwc>("application/vnd.kubernetes.protobuf;stream=watch", body).unwrap();
    let want = expected();
    // Deliver the bytes in uneven chunks and read events as they complete.
    let mut got = Vec::new();
    let sender = tokio::spawn(async move {
        for chunk in data.chunks(7) {
            tx.send(Ok(Bytes::copy_from_slice(chunk))).await.unwrap();
        }
    });
    while let Some(ev) = next(&mut stream).await {
        got.push(ev.unwrap());
    }
    sender.await.unwrap();
    assert_eq!(got, want);
    assert!(next(&mut stream).await.is_none());
}

#[tokio::test]
async fn event_stream_reports_a_truncated_stream_and_body_errors() {
    let data = json_stream(&expected());
    let (tx, body) = kapi_client::body::channel(4);
    let mut stream = event_stream::<Vwc>("application/json", body).unwrap();
    tx.send(Ok(Bytes::copy_from_slice(&data[..data.len() - 3]))).await.unwrap();
    drop(tx);
    for _ in 0..4 {
        next(&mut stream).await.unwrap().unwrap();
    }
    assert!(matches!(next(&mut stream).await, Some(Err(Error::Decode { .. }))));
    assert!(next(&mut stream).await.is_none());

    let (tx, body) = kapi_client::body::channel(4);
    let mut stream = event_stream::<Vwc>("application/json", body).unwrap();
    tx.send(Err(std::io::Error::other("connection reset"))).await.unwrap();
    assert!(matches!(next(&mut stream).await, Some(Err(Error::Transport(m))) if m.contains("connection reset")));
    assert!(next(&mut stream).await.is_none());
}
