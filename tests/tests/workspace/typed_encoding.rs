//! Encoding a typed object names its kind even when its `TypeMeta` is empty, so its decoder accepts the bytes.

use kapi_api::admission::v1::AdmissionReview;
use kapi_api::admissionregistration::v1::{ValidatingWebhookConfiguration, ValidatingWebhookConfigurationList};
use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{EncodeError, Kind};

const FORMATS: [(Format, Options); 5] = [
    (Format::Json, Options { pretty: false, strict: false, ..Options::DEFAULT }),
    (Format::Json, Options { pretty: true, strict: false, ..Options::DEFAULT }),
    (Format::Yaml, Options { pretty: false, strict: false, ..Options::DEFAULT }),
    (Format::Protobuf, Options { pretty: false, strict: false, ..Options::DEFAULT }),
    (Format::RawProtobuf, Options { pretty: false, strict: false, ..Options::DEFAULT }),
];

#[test]
fn every_kind_built_with_default_encodes_to_bytes_its_decoder_accepts() {
    let scheme = kapi_api::scheme().expect("the API registers without conflicts");
    let (mut versioned, mut internal, mut without_type_meta) = (0, 0, Vec::new());
    for gvk in scheme.known_kinds() {
        let obj = scheme.new_object(gvk).expect("every known kind can be created");
        let home = obj.registered_gvk();
        if obj.is_internal() {
            internal += 1;
            for (format, options) in FORMATS {
                let err = Serializer::new(&scheme, format, options).encode(obj.as_ref()).unwrap_err();
                assert!(matches!(err, EncodeError::Internal(_)), "{gvk}: {err}");
            }
            continue;
        }
        versioned += 1;
        let Some(own) = obj.type_meta() else {
            without_type_meta.push(gvk.kind.clone());
            continue;
        };
        assert!(own.kind.is_empty() && own.api_version.is_empty(), "{gvk}: a new object has an empty TypeMeta");
        let mut expected = obj.clone();
        expected.set_registered_type_meta();
        for (format, options) in FORMATS {
            let ser = Serializer::new(&scheme, format, options);
            let bytes = match ser.encode(obj.as_ref()) {
                // A JSON-only kind (`ExecCredential`) refuses protobuf, by name.
                Err(EncodeError::NoProtobuf(kind)) if matches!(format, Format::Protobuf | Format::RawProtobuf) => {
                    assert_eq!(kind, gvk.kind, "{gvk}");
                    continue;
                }
                other => other.unwrap_or_else(|e| panic!("{gvk} as {format:?}: {e}")),
            };
            // The watch form carries no kind; its reader always supplies one.
            let default = (format == Format::RawProtobuf).then_some(&home);
            let back = ser.decode(&bytes, default).unwrap_or_else(|e| {
                panic!("{gvk} as {format:?} does not decode: {e}\n{}", String::from_utf8_lossy(&bytes))
            });
            assert_eq!(back.gvk, home, "{gvk} as {format:?}");
            assert_eq!(back.object.object_gvk(), home, "{gvk} as {format:?}");
            assert!(back.object.semantic_eq_dyn(expected.as_ref()), "{gvk} as {format:?}: {:?}", back.object);
            let again = ser.encode_as(obj.as_ref(), &home.version).unwrap_or_else(|e| panic!("{gvk}: {e}"));
            assert_eq!(again, bytes, "{gvk} as {format:?}: encoding to its own version differs");
        }
        assert!(obj.object_gvk().is_empty(), "{gvk}: encoding changed the object");
    }
    assert!(versioned > 50 && internal > 0, "{versioned} versioned and {internal} internal kinds");
    // Upstream's watch event has no TypeMeta either; the stream's reader knows what it reads.
    assert!(without_type_meta.iter().all(|k| k == "WatchEvent"), "{without_type_meta:?}");
}

#[test]
fn a_default_admission_review_is_written_as_upstream_writes_it() {
    let scheme = kapi_api::scheme().unwrap();
    let review = AdmissionReview::default();
    let encode = |format, pretty| {
        Serializer::new(&scheme, format, Options { pretty, strict: false, ..Options::default() })
            .encode(&review)
            .unwrap()
    };
    assert_eq!(
        String::from_utf8(encode(Format::Json, false)).unwrap(),
        "{\"kind\":\"AdmissionReview\",\"apiVersion\":\"admission.k8s.io/v1\"}\n"
    );
    assert_eq!(
        String::from_utf8(encode(Format::Json, true)).unwrap(),
        "{\n  \"kind\": \"AdmissionReview\",\n  \"apiVersion\": \"admission.k8s.io/v1\"\n}"
    );
    assert_eq!(
        String::from_utf8(encode(Format::Yaml, false)).unwrap(),
        "apiVersion: admission.k8s.io/v1\nkind: AdmissionReview\n"
    );
    // `k8s\0`, then `runtime.Unknown`: typeMeta {apiVersion, kind} (the same 0x26 bytes that open
    // upstream's fixture), an empty raw message (request and response are unset), and the empty
    // contentEncoding and contentType.
    let mut pb = b"k8s\0\x0a\x26\x0a\x13admission.k8s.io/v1\x12\x0fAdmissionReview".to_vec();
    pb.extend_from_slice(&[0x12, 0x00, 0x1a, 0x00, 0x22, 0x00]);
    assert_eq!(encode(Format::Protobuf, false), pb);
}

#[test]
fn a_set_type_meta_is_written_as_set_and_list_items_keep_theirs() {
    let scheme = kapi_api::scheme().unwrap();
    let json = Serializer::new(&scheme, Format::Json, Options::default());
    let mut moved = ValidatingWebhookConfiguration::default();
    moved.type_meta.api_version = "admissionregistration.k8s.io/v1beta1".into();
    let out = String::from_utf8(json.encode(&moved).unwrap()).unwrap();
    assert!(
        out.starts_with(
            r#"{"kind":"ValidatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1beta1","#
        ),
        "only the empty field is filled in: {out}"
    );

    let list = ValidatingWebhookConfigurationList {
        items: Some(vec![ValidatingWebhookConfiguration::default()]),
        ..Default::default()
    };
    let out = String::from_utf8(json.encode(&list).unwrap()).unwrap();
    let list_kind = ValidatingWebhookConfigurationList::KIND;
    assert!(out.starts_with(&format!(r#"{{"kind":"{list_kind}","apiVersion":"admissionregistration.k8s.io/v1","#)));
    assert_eq!(out.matches("\"kind\"").count(), 1, "an item gained a kind: {out}");
}
