//! The runtime machinery on real API types: deep copies, the scheme's defaulting and conversion
//! hooks, serializers by media type, watch framing and semantic equality.

use kapi_api::admission::{v1 as adm_v1, v1beta1 as adm_v1beta1};
use kapi_api::admissionregistration::v1::{SideEffectClass, ValidatingWebhook, ValidatingWebhookConfiguration};
use kapi_api::meta::v1::{DeleteOptions, Status, WatchEvent};
use kapi_machinery::proto::{frame_length_delimited, read_frame};
use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::types::{MicroTime, Quantity, RawExtension, Time};
use kapi_machinery::{ConversionError, Fill, FillCtx, GroupVersionKind, Kind, Object, Scheme, SemanticEq};

fn filled<T: Kind + Fill>() -> T {
    let mut v = T::default();
    v.fill("", 0, &mut FillCtx::new());
    if let Some(tm) = v.kind_type_meta_mut() {
        tm.set_gvk(&T::static_gvk());
    }
    v
}

#[test]
fn deep_copies_are_independent() {
    let original: ValidatingWebhookConfiguration = filled();
    let boxed: Box<dyn Object> = Box::new(original.clone());
    let mut copy = boxed.deep_copy_object();
    assert!(copy.semantic_eq_dyn(boxed.as_ref()));
    let c = copy.downcast_mut::<ValidatingWebhookConfiguration>().unwrap();
    c.webhooks[0].name.push_str("-changed");
    c.webhooks[0].client_config.ca_bundle.as_mut().unwrap()[0] ^= 0xff;
    c.metadata.labels.insert("new".into(), "label".into());
    let b = boxed.downcast_ref::<ValidatingWebhookConfiguration>().unwrap();
    assert_eq!(b, &original, "changing the copy changed the original");
    assert!(!copy.semantic_eq_dyn(boxed.as_ref()));
}

#[test]
fn scheme_creates_defaults_and_converts() {
    let mut scheme = kapi_api::scheme().unwrap();
    let gvk = GroupVersionKind::new("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration");
    let obj = scheme.new_object(&gvk).unwrap();
    assert_eq!(obj.registered_gvk(), gvk);
    assert!(scheme.new_object(&GroupVersionKind::new("example.com", "v1", "Nope")).is_err());

    fn default_side_effects(v: &mut ValidatingWebhookConfiguration) {
        for w in &mut v.webhooks {
            w.side_effects.get_or_insert_with(|| SideEffectClass::from("None"));
        }
    }
    scheme.add_defaulting_func(default_side_effects);
    let mut v = ValidatingWebhookConfiguration { webhooks: vec![ValidatingWebhook::default()], ..Default::default() };
    scheme.apply_defaults(&mut v);
    assert_eq!(v.webhooks[0].side_effects.as_ref().map(SideEffectClass::as_str), Some("None"));

    fn review_to_v1beta1(a: adm_v1::AdmissionReview) -> Result<adm_v1beta1::AdmissionReview, ConversionError> {
        let req = a.request.ok_or_else(|| ConversionError::new("no request").in_field("request"))?;
        let request = Some(adm_v1beta1::AdmissionRequest { uid: req.uid, dry_run: req.dry_run, ..Default::default() });
        Ok(adm_v1beta1::AdmissionReview { request, ..Default::default() })
    }
    scheme.add_conversion_func(review_to_v1beta1);
    let review = adm_v1::AdmissionReview {
        request: Some(adm_v1::AdmissionRequest { uid: "u1".into(), dry_run: Some(true), ..Default::default() }),
        ..Default::default()
    };
    let out = scheme.convert_to_version(&review, "v1beta1").unwrap();
    let out = out.downcast_ref::<adm_v1beta1::AdmissionReview>().unwrap();
    assert_eq!(out.request.as_ref().unwrap().dry_run, Some(true));
    assert_eq!(out.type_meta.api_version, "admission.k8s.io/v1beta1");
    assert!(scheme.convert_to_version(&review, "v2").is_err());
    let err = scheme.convert_to_version(&adm_v1::AdmissionReview::default(), "v1beta1").unwrap_err();
    assert!(err.to_string().ends_with("request: no request"), "{err}");
}

#[test]
fn registering_a_kind_twice_with_another_type_fails() {
    let mut scheme = Scheme::new();
    scheme.add_known_type::<Status>().unwrap();
    scheme.add_known_type::<Status>().unwrap();
    let err = scheme.add_known_type_as::<DeleteOptions>(Status::static_gvk()).unwrap_err();
    assert!(err.to_string().contains("registered twice"), "{err}");
}

#[test]
fn serializers_are_chosen_by_media_type() {
    let scheme = kapi_api::scheme().unwrap();
    let obj: ValidatingWebhookConfiguration = filled();
    for (mt, format) in [
        ("application/json", Format::Json),
        ("application/yaml", Format::Yaml),
        ("application/vnd.kubernetes.protobuf", Format::Protobuf),
        ("application/vnd.kubernetes.protobuf;stream=watch", Format::RawProtobuf),
        ("application/json; charset=utf-8", Format::Json),
    ] {
        let ser = Serializer::for_media_type(&scheme, mt, Options::default()).unwrap();
        assert_eq!(ser.format(), format, "{mt}");
        let bytes = ser.encode(&obj).unwrap();
        let default = ValidatingWebhookConfiguration::static_gvk();
        let back = ser.decode(&bytes, Some(&default)).unwrap();
        assert!(back.object.semantic_eq_dyn(&obj), "{mt}");
    }
    assert!(Serializer::for_media_type(&scheme, "text/plain", Options::default()).is_err());
    // Compact JSON ends with a newline, pretty JSON does not.
    let compact = Serializer::new(&scheme, Format::Json, Options::default()).encode(&obj).unwrap();
    assert!(compact.ends_with(b"}\n"));
    let pretty = Serializer::new(&scheme, Format::Json, Options { pretty: true, strict: false, ..Options::default() })
        .encode(&obj)
        .unwrap();
    assert!(pretty.ends_with(b"}") && pretty.starts_with(b"{\n  \"kind\": "));
}

#[test]
fn watch_stream_frames_carry_raw_protobuf() {
    let scheme = kapi_api::scheme().unwrap();
    let raw = Serializer::new(&scheme, Format::RawProtobuf, Options::default());
    let envelope = Serializer::new(&scheme, Format::Protobuf, Options::default());
    let obj: ValidatingWebhookConfiguration = filled();
    let mut stream = Vec::new();
    for kind in ["ADDED", "MODIFIED", "DELETED"] {
        let event = WatchEvent { r#type: kind.into(), object: RawExtension::from_json(envelope.encode(&obj).unwrap()) };
        stream.extend(frame_length_delimited(&raw.encode(&event).unwrap()).unwrap());
    }
    let mut rest = &stream[..];
    let mut kinds = Vec::new();
    let watch_gvk = GroupVersionKind::new("", "v1", "WatchEvent");
    while let Some((frame, used)) = read_frame(rest, 1 << 20).unwrap() {
        let ev = raw.decode(frame, Some(&watch_gvk)).unwrap();
        let ev = ev.object.downcast_ref::<WatchEvent>().unwrap().clone();
        let inner = envelope.decode(ev.object.raw.as_deref().unwrap(), None).unwrap();
        assert!(inner.object.semantic_eq_dyn(&obj));
        kinds.push(ev.r#type);
        rest = &rest[used..];
    }
    assert_eq!(kinds, ["ADDED", "MODIFIED", "DELETED"]);
    assert!(rest.is_empty());
}

#[test]
fn semantic_equality_follows_upstream() {
    assert!(Quantity::parse("1k").unwrap().semantic_eq(&Quantity::parse("1000").unwrap()));
    assert!(!Quantity::parse("1k").unwrap().semantic_eq(&Quantity::parse("1001").unwrap()));
    let a = Time::parse_rfc3339("2008-01-01T01:01:01Z").unwrap();
    let b = Time::parse_rfc3339("2008-01-01T02:01:01+01:00").unwrap();
    assert!(a.semantic_eq(&b), "the same instant in another zone");
    let m1 = MicroTime::parse_rfc3339_micro("2008-01-01T01:01:01.000001Z").unwrap();
    let m2 = MicroTime::parse_rfc3339_micro("2008-01-01T01:01:01.000002Z").unwrap();
    assert!(!m1.semantic_eq(&m2));
    let mut x: ValidatingWebhook = filled_webhook();
    let y = x.clone();
    x.match_conditions = Vec::new();
    let mut z = y.clone();
    z.match_conditions.clear();
    assert!(x.semantic_eq(&z));
    assert!(!x.semantic_eq(&y));
    // A nil slice equals an empty one.
    let mut n = y.clone();
    n.admission_review_versions = None;
    let mut e = y.clone();
    e.admission_review_versions = Some(Vec::new());
    assert!(n.semantic_eq(&e));
}

fn filled_webhook() -> ValidatingWebhook {
    let mut w = ValidatingWebhook::default();
    w.fill("", 0, &mut FillCtx::new());
    w
}

#[test]
fn dry_run_flows_through_every_codec() {
    let scheme = kapi_api::scheme().unwrap();
    let opts = DeleteOptions { dry_run: vec!["All".into()], ..filled::<DeleteOptions>() };
    let mut review: adm_v1::AdmissionReview = filled();
    review.request.as_mut().unwrap().dry_run = Some(true);
    for format in [Format::Json, Format::Yaml, Format::Protobuf] {
        let ser = Serializer::new(&scheme, format, Options::default());
        let back = ser.decode(&ser.encode(&opts).unwrap(), None).unwrap();
        assert_eq!(back.object.downcast_ref::<DeleteOptions>().unwrap().dry_run, ["All"], "{format:?}");
        let back = ser.decode(&ser.encode(&review).unwrap(), None).unwrap();
        let r = back.object.downcast_ref::<adm_v1::AdmissionReview>().unwrap();
        assert_eq!(r.request.as_ref().unwrap().dry_run, Some(true), "{format:?}");
    }
}

#[test]
fn strict_yaml_reports_duplicate_keys_and_unknown_fields() {
    let scheme = kapi_api::scheme().unwrap();
    let yaml = b"apiVersion: v1\nkind: Status\nmessage: a\nmessage: b\nbogus: 1\n";
    let strict = Serializer::new(&scheme, Format::Yaml, Options { pretty: false, strict: true, ..Options::default() });
    let d = strict.decode_reporting(yaml, None).unwrap();
    assert_eq!(d.strict_errors.len(), 2, "{:?}", d.strict_errors);
    assert!(d.strict_errors[0].contains(r#"key "message" already set in map"#), "{:?}", d.strict_errors);
    assert_eq!(d.strict_errors[1], r#"unknown field "bogus""#);
    assert_eq!(d.object.downcast_ref::<Status>().unwrap().message, "b");
    assert!(strict.decode(yaml, None).is_err());
    let lenient = Serializer::new(&scheme, Format::Yaml, Options::default());
    assert!(lenient.decode(yaml, None).is_ok());
}
