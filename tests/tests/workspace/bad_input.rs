//! Every decoder returns a typed error naming the place, never panics, on malformed input.

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{DecodeErrorKind, GroupVersionKind, Kind, Scheme};
use kapi_tests::compat::filled_object;
use kapi_tests::fuzz::{Rng, decode_all, mutate};

fn scheme() -> Scheme {
    kapi_api::scheme().expect("the API registers cleanly")
}

fn vwc() -> GroupVersionKind {
    ValidatingWebhookConfiguration::static_gvk()
}

fn ser(scheme: &Scheme, format: Format) -> Serializer<'_> {
    Serializer::new(scheme, format, Options::default())
}

fn encoded(scheme: &Scheme, format: Format) -> Vec<u8> {
    let obj = filled_object(scheme, &vwc()).unwrap();
    ser(scheme, format).encode(obj.as_ref()).unwrap()
}

#[test]
fn truncated_data_is_an_error() {
    let s = scheme();
    // JSON: every prefix short of the whole document (compact JSON ends with a newline, so the
    // document without it is complete).
    let full = encoded(&s, Format::Json);
    for len in 0..full.len() - 1 {
        assert!(
            ser(&s, Format::Json).decode(&full[..len], Some(&vwc())).is_err(),
            "JSON prefix of {len} bytes decoded"
        );
    }
    // Protobuf: a prefix that ends between two fields is a valid (shorter) message, as in any
    // protobuf; every cut inside the object's length-delimited body must fail.
    let full = encoded(&s, Format::Protobuf);
    let env = kapi_machinery::proto::decode_envelope(&full).unwrap();
    let raw_start = env.raw.as_ptr() as usize - full.as_ptr() as usize;
    for len in raw_start..raw_start + env.raw.len() {
        assert!(
            ser(&s, Format::Protobuf).decode(&full[..len], Some(&vwc())).is_err(),
            "protobuf prefix of {len} bytes decoded"
        );
    }
}

#[test]
fn wrong_magic_is_rejected() {
    let s = scheme();
    let mut data = encoded(&s, Format::Protobuf);
    data[0] = b'K';
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::BadMagic);
}

#[test]
fn unregistered_envelope_kind_is_named() {
    let s = scheme();
    let data = kapi_machinery::proto::encode_envelope("example.com/v9", "Gizmo", |_| {});
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert_eq!(
        err.kind,
        DecodeErrorKind::UnregisteredKind { api_version: "example.com/v9".into(), kind: "Gizmo".into() }
    );
    let json = br#"{"apiVersion":"example.com/v9","kind":"Gizmo"}"#;
    assert!(matches!(
        ser(&s, Format::Json).decode(json, None).unwrap_err().kind,
        DecodeErrorKind::UnregisteredKind { .. }
    ));
    let nokind = br#"{"apiVersion":"v1"}"#;
    assert!(matches!(ser(&s, Format::Json).decode(nokind, None).unwrap_err().kind, DecodeErrorKind::MissingKind(_)));
}

#[test]
fn length_prefix_past_the_end_is_named() {
    let s = scheme();
    // A ValidatingWebhookConfiguration body whose `webhooks` (field 2) claims 100 bytes but has 2.
    let data = kapi_machinery::proto::encode_envelope(
        "admissionregistration.k8s.io/v1",
        "ValidatingWebhookConfiguration",
        |w| {
            w.put_slice(&[0x12, 100, 0x0a, 0x00]);
        },
    );
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::LengthPastEnd { len: 100, remaining: 2 }), "{err}");
    assert_eq!(err.path(), "webhooks[0]");
}

#[test]
fn invalid_utf8_in_strings_is_named() {
    let s = scheme();
    // webhooks[0].name (field 1) holding 0xff.
    let data = kapi_machinery::proto::encode_envelope(
        "admissionregistration.k8s.io/v1",
        "ValidatingWebhookConfiguration",
        |w| {
            w.put_slice(&[0x12, 0x03, 0x0a, 0x01, 0xff]);
        },
    );
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::InvalidUtf8);
    assert_eq!(err.path(), "webhooks[0].name");
    let json = b"{\"apiVersion\":\"admissionregistration.k8s.io/v1\",\"kind\":\"ValidatingWebhookConfiguration\",\"webhooks\":[{\"name\":\"\xff\"}]}";
    let err = ser(&s, Format::Json).decode(json, None).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::InvalidUtf8);
    assert_eq!(err.path(), "webhooks[0].name");
}

#[test]
fn wire_type_contradicting_the_schema_is_named() {
    let s = scheme();
    // webhooks[0].timeoutSeconds is a varint (field 7); send it length-delimited.
    let data = kapi_machinery::proto::encode_envelope(
        "admissionregistration.k8s.io/v1",
        "ValidatingWebhookConfiguration",
        |w| {
            w.put_slice(&[0x12, 0x03, 0x3a, 0x01, 0x00]);
        },
    );
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::WireType { expected: 0, found: 2 }), "{err}");
    assert_eq!(err.path(), "webhooks[0].timeoutSeconds");
}

#[test]
fn nesting_deeper_than_the_limit_is_rejected() {
    let s = scheme();
    let depth = kapi_machinery::MAX_DEPTH + 10;
    // Raw JSON inside a RawExtension is skipped without recursion but still bounded.
    let json = format!(
        "{{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{{\"object\":{}{}}}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let err = ser(&s, Format::Json).decode(json.as_bytes(), None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::TooDeep(_)), "{err}");
    assert_eq!(err.path(), "request.object");
    let yaml = format!("apiVersion: v1\nkind: Status\ndetails: {}{}\n", "[".repeat(depth), "]".repeat(depth));
    let err = ser(&s, Format::Yaml).decode(yaml.as_bytes(), None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::TooDeep(_)), "{err}");
    // Nested protobuf groups in an unknown field.
    // Field 99 is unknown to Status: start-group keys (0x9b 0x06), then end-group keys.
    let mut body: Vec<u8> = std::iter::repeat_n([0x9b_u8, 0x06], depth).flatten().collect();
    body.extend(std::iter::repeat_n([0x9c_u8, 0x06], depth).flatten());
    let data = kapi_machinery::proto::encode_envelope("v1", "Status", |w| w.put_slice(&body));
    let err = ser(&s, Format::Protobuf).decode(&data, None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::TooDeep(_)), "{err}");
}

#[test]
fn integer_overflow_in_json_is_named() {
    let s = scheme();
    let json = br#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","webhooks":[{"name":"a","timeoutSeconds":2147483648}]}"#;
    let err = ser(&s, Format::Json).decode(json, None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::Number { .. }), "{err}");
    assert_eq!(err.path(), "webhooks[0].timeoutSeconds");
    let frac = br#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","webhooks":[{"timeoutSeconds":1.5}]}"#;
    assert!(matches!(ser(&s, Format::Json).decode(frac, None).unwrap_err().kind, DecodeErrorKind::Number { .. }));
}

#[test]
fn malformed_time_is_named() {
    let s = scheme();
    let json = br#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{"creationTimestamp":"yesterday"}}"#;
    let err = ser(&s, Format::Json).decode(json, None).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::Invalid(_)), "{err}");
    assert_eq!(err.path(), "metadata.creationTimestamp");
}

#[test]
fn malformed_quantity_is_rejected() {
    // No kind of this milestone carries a Quantity, so the codec is checked directly.
    for bad in [&b"\"1.2.3\""[..], b"\"12Zi\"", b"\"\"", b"true"] {
        let res = kapi_machinery::json::from_slice::<kapi_machinery::types::Quantity>(bad);
        assert!(res.is_err(), "{}", String::from_utf8_lossy(bad));
    }
    assert_eq!(
        kapi_machinery::json::from_slice::<kapi_machinery::types::Quantity>(b"\"1000\"").unwrap().to_canonical_string(),
        "1k"
    );
}

#[test]
fn strict_mode_names_unknown_and_duplicate_fields() {
    let s = scheme();
    let json = br#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{"name":"a","name":"b","foo":1},"webhooks":[{"sideEffects":"None","bar":true}]}"#;
    let strict = Serializer::new(&s, Format::Json, Options { pretty: false, strict: true, ..Options::default() });
    let err = strict.decode(json, None).unwrap_err();
    let DecodeErrorKind::Strict(msgs) = err.kind.clone() else { panic!("{err}") };
    assert_eq!(
        msgs,
        [r#"duplicate field "metadata.name""#, r#"unknown field "metadata.foo""#, r#"unknown field "webhooks[0].bar""#]
    );
    // Non-strict decoding drops the unknown fields and keeps the last duplicate.
    let d = ser(&s, Format::Json).decode(json, None).unwrap();
    let obj = d.object.downcast_ref::<ValidatingWebhookConfiguration>().unwrap();
    assert_eq!(obj.metadata.name, "b");
}

#[test]
fn mutated_encodings_never_panic() {
    let s = scheme();
    let seed: u64 = std::env::var("KAPI_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5eed);
    let iterations: usize = std::env::var("KAPI_FUZZ_ITERS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let kinds = kapi_tests::compat::tested_kinds(&s);
    let mut rng = Rng::new(seed);
    for gvk in &kinds {
        let obj = filled_object(&s, gvk).unwrap();
        for format in [Format::Json, Format::Yaml, Format::Protobuf] {
            let base = ser(&s, format).encode(obj.as_ref()).unwrap();
            for _ in 0..iterations / 10 {
                let mut data = base.clone();
                for _ in 0..=rng.below(4) {
                    mutate(&mut rng, &mut data);
                }
                decode_all(&s, format, &data, std::slice::from_ref(gvk));
            }
        }
    }
    println!("mutation seed {seed}");
}
