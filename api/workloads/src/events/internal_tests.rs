//! Upstream's events conversion cases as facts (`pkg/apis/events/v1/conversion_test.go`), the
//! field selectors answered with core's names, and events of both versions decoded into core's
//! internal `Event` and back, for single objects and for seeded random ones (the round trip the
//! generated suites cannot run, as the hub belongs to another group).

use kapi_machinery::roundtrip::Settings;
use kapi_machinery::{Format, Fuzzer, INTERNAL_VERSION, Object, Options, Scheme, SemanticEq, Serializer};

use crate::core as internal;
use crate::events::{v1, v1beta1};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::core::install(&mut s).unwrap();
    crate::events::install(&mut s).unwrap();
    s
}

fn reference() -> crate::core::v1::ObjectReference {
    crate::core::v1::ObjectReference {
        kind: "Pod".into(),
        namespace: "default".into(),
        name: "foo".into(),
        ..Default::default()
    }
}

fn hub(message: &str) -> internal::Event {
    let mut e = internal::Event::default();
    e.metadata.name = "foo".into();
    e.metadata.namespace = "default".into();
    e.involved_object = internal::ObjectReference {
        kind: "Pod".into(),
        namespace: "default".into(),
        name: "foo".into(),
        ..Default::default()
    };
    e.source = internal::EventSource { component: "controller-manager".into(), host: "master1".into() };
    e.message = message.into();
    e
}

#[test]
fn v1_event_converts_to_core_event() {
    let mut e = v1::Event::default();
    e.metadata.name = "foo".into();
    e.metadata.namespace = "default".into();
    e.regarding = reference();
    e.deprecated_source =
        crate::core::v1::EventSource { component: "controller-manager".into(), host: "master1".into() };
    e.note = "convert v1 event to core event".into();
    assert_eq!(v1::convert_event_to_internal(e).unwrap(), hub("convert v1 event to core event"));
}

#[test]
fn core_event_converts_to_v1_event() {
    let got = v1::convert_event_from_internal(hub("convert core event to v1 event")).unwrap();
    assert_eq!(got.regarding, reference());
    assert_eq!(got.deprecated_source.component, "controller-manager");
    assert_eq!(got.deprecated_source.host, "master1");
    assert_eq!(got.note, "convert core event to v1 event");
    assert_eq!((got.metadata.name.as_str(), got.metadata.namespace.as_str()), ("foo", "default"));
}

#[test]
fn renamed_fields_move_both_ways_in_v1beta1() {
    let mut e = hub("m");
    e.reporting_component = "kubelet".into();
    e.count = 3;
    e.first_timestamp = kapi_machinery::types::Time::parse_rfc3339("2026-01-02T03:04:05Z").unwrap();
    let b = v1beta1::convert_event_from_internal(e.clone()).unwrap();
    assert_eq!((b.note.as_str(), b.reporting_controller.as_str(), b.deprecated_count), ("m", "kubelet", 3));
    assert_eq!(b.deprecated_first_timestamp, e.first_timestamp);
    assert_eq!(v1beta1::convert_event_to_internal(b).unwrap(), e);
}

#[test]
fn field_selectors_use_core_names() {
    crate::testing::field_label_lookup!(crate::events::v1::FIELD_LABELS);
    let conv = |l: &str| convert_field_label("events.k8s.io", "v1", "Event", l, "x").map(|(l, _)| l);
    assert_eq!(conv("regarding.name").unwrap(), "involvedObject.name");
    assert_eq!(conv("regarding.fieldPath").unwrap(), "involvedObject.fieldPath");
    assert_eq!(conv("reportingController").unwrap(), "reportingComponent");
    assert_eq!(conv("source").unwrap(), "source");
    assert_eq!(conv("type").unwrap(), "type");
    assert_eq!(conv("note").unwrap_err().to_string(), "field label not supported: note");
    let gvk = kapi_machinery::GroupVersionKind::new("events.k8s.io", "v1", "Event");
    let got = scheme().convert_field_label(&gvk, "regarding.uid", "u").unwrap();
    assert_eq!(got, ("involvedObject.uid".to_owned(), "u".to_owned()));
}

#[test]
fn a_v1_event_decodes_into_core_and_serves_as_every_version() {
    let s = scheme();
    let ser = Serializer::new(&s, Format::Json, Options::default());
    let body = r#"{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e","namespace":"ns"},"eventTime":"2026-01-02T03:04:05.000006Z","reportingController":"kubelet","reportingInstance":"n1","action":"Pulling","reason":"Pulling","regarding":{"kind":"Pod","namespace":"ns","name":"p"},"note":"pulling image","type":"Normal"}"#;
    let decoded = ser.decode_into(body.as_bytes(), None, INTERNAL_VERSION).unwrap();
    let core = decoded.object.downcast_ref::<internal::Event>().expect("core's internal event").clone();
    assert_eq!((core.message.as_str(), core.reporting_component.as_str()), ("pulling image", "kubelet"));
    // Core v1 serves it under its own names.
    let as_core = String::from_utf8(ser.encode_as(&core, "v1").unwrap()).unwrap();
    assert_eq!(
        as_core.trim_end(),
        r#"{"kind":"Event","apiVersion":"v1","metadata":{"name":"e","namespace":"ns"},"involvedObject":{"kind":"Pod","namespace":"ns","name":"p"},"reason":"Pulling","message":"pulling image","source":{},"firstTimestamp":null,"lastTimestamp":null,"type":"Normal","eventTime":"2026-01-02T03:04:05.000006Z","action":"Pulling","reportingComponent":"kubelet","reportingInstance":"n1"}"#
    );
    // And v1beta1 under the structured names.
    let mut b = v1beta1::convert_event_from_internal(core).unwrap();
    b.set_registered_type_meta();
    let as_beta = String::from_utf8(ser.encode(&b).unwrap()).unwrap();
    assert_eq!(
        as_beta.trim_end(),
        r#"{"kind":"Event","apiVersion":"events.k8s.io/v1beta1","metadata":{"name":"e","namespace":"ns"},"eventTime":"2026-01-02T03:04:05.000006Z","reportingController":"kubelet","reportingInstance":"n1","action":"Pulling","reason":"Pulling","regarding":{"kind":"Pod","namespace":"ns","name":"p"},"note":"pulling image","type":"Normal","deprecatedSource":{},"deprecatedFirstTimestamp":null,"deprecatedLastTimestamp":null}"#
    );
}

/// Internal → version → JSON and protobuf → decoded, defaulted and converted → internal, over
/// seeded random core events (`KAPI_ROUNDTRIP_ITERS` and `KAPI_ROUNDTRIP_SEED` as in the generated suites).
fn round_trip<V: Object + Default>(to_version: fn(internal::Event) -> Result<V, kapi_machinery::ConversionError>) {
    let s = scheme();
    let settings = Settings::from_env("events.k8s.io/Event");
    for format in [Format::Json, Format::Protobuf] {
        let ser = Serializer::new(&s, format, Options::default());
        for i in 0..settings.iterations {
            let seed = settings.seed.wrapping_add(i as u64);
            let mut f = Fuzzer::new(seed);
            f.nil_chance = 50;
            f.max_elements = 1;
            let obj: internal::Event = f.make();
            let mut versioned = to_version(obj.clone()).unwrap();
            versioned.set_registered_type_meta();
            let bytes = ser.encode(&versioned).unwrap();
            let decoded =
                ser.decode_into(&bytes, None, INTERNAL_VERSION).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let back = decoded.object.downcast_ref::<internal::Event>().expect("core's internal event");
            assert!(back.semantic_eq(&obj), "seed {seed} ({format:?}): {obj:#?}\n!=\n{back:#?}");
        }
    }
}

#[test]
fn random_core_events_round_trip_through_v1() {
    round_trip(v1::convert_event_from_internal);
}

#[test]
fn random_core_events_round_trip_through_v1beta1() {
    round_trip(v1beta1::convert_event_from_internal);
}
