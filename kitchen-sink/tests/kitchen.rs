//! The kitchen sink's generated and derived code, exercised.

use std::collections::BTreeMap;

use kapi_kitchen_sink::widgets::v1::{Colour, Part, Tags, Widget, WidgetSpec, set_object_defaults_widget};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{Fill, FillCtx, Kind, SemanticEq};

#[test]
fn defaults_reach_fields_nested_values_and_inline_structs() {
    let mut w = Widget {
        spec: WidgetSpec {
            parts: vec![Part::default()],
            parts_by_name: BTreeMap::from([("a".to_owned(), Part { port: Some(1), ..Default::default() })]),
            replicas: Some(5),
            ..Default::default()
        },
        ..Default::default()
    };
    set_object_defaults_widget(&mut w);
    assert_eq!(w.spec.colour, Some(Colour::from(Colour::RED)));
    assert_eq!(w.spec.replicas, Some(5), "a set value is kept");
    assert_eq!(w.spec.labels_in_order, ["a", "b"]);
    assert_eq!(w.spec.frame.material, "steel");
    assert_eq!(w.spec.parts[0].port, Some(8080));
    assert_eq!(w.spec.parts_by_name["a"].port, Some(1));
}

#[test]
fn the_scheme_applies_the_registered_defaulters() {
    let scheme = kapi_kitchen_sink::scheme().unwrap();
    let mut w = Widget::default();
    scheme.apply_defaults(&mut w);
    assert_eq!(w.spec.replicas, Some(3));
    assert!(scheme.recognizes(&Widget::static_gvk()));
}

#[test]
fn the_scheme_drops_the_gated_fields_of_registered_kinds() {
    let scheme = kapi_kitchen_sink::scheme().unwrap();
    let mut w =
        Widget { spec: WidgetSpec { payload: Some(b"x".to_vec()), ..Default::default() }, ..Default::default() };
    assert_eq!(scheme.feature_gates_of(&w), ["WidgetPayload", "WidgetPorts"]);
    let old = w.clone();
    // Kept on update while the stored widget uses the gate, dropped on create.
    scheme.drop_disabled_fields(&mut w, Some(&old), &|_| false);
    assert!(w.spec.payload.is_some());
    scheme.drop_disabled_fields(&mut w, None, &|_| false);
    assert_eq!(w.spec.payload, None);
}

#[test]
fn every_feature_round_trips_in_every_format() {
    let scheme = kapi_kitchen_sink::scheme().unwrap();
    let mut w = Widget::default();
    w.fill("", 0, &mut FillCtx::new());
    w.type_meta.set_gvk(&Widget::static_gvk());
    // The recursive `sub_part` stays empty: upstream's fill stops at a type already on the path.
    assert!(w.spec.parts[0].sub_part.is_none());
    w.spec.parts[0].sub_part = Some(Box::new(Part { name: "inner".into(), ..Default::default() }));
    w.spec.tags.insert("t".into(), Tags(vec!["x".into(), "y".into()]));
    w.spec.payload = Some(Vec::new());
    for format in [Format::Json, Format::Yaml, Format::Protobuf] {
        let ser = Serializer::new(&scheme, format, Options { pretty: false, strict: true, ..Options::default() });
        let bytes = ser.encode(&w).unwrap();
        let back = ser.decode(&bytes, None).unwrap();
        assert!(back.object.semantic_eq_dyn(&w), "{format:?}");
        assert_eq!(ser.encode(back.object.as_ref()).unwrap(), bytes, "{format:?}: second encoding differs");
    }
    let json = String::from_utf8(kapi_machinery::json::to_vec(&w.spec).unwrap()).unwrap();
    assert!(json.contains(r#""clusterIPs":["#), "{json}");
    assert!(json.contains(r#""material":"materialValue""#), "inline fields are flattened: {json}");
    assert!(!json.contains("scratch"));
    // A present but empty byte slice survives protobuf.
    let mut back = WidgetSpec::default();
    back.merge_proto(&mut ProtoReader::new(&w.spec.to_proto_bytes())).unwrap();
    assert_eq!(back.payload, Some(Vec::new()));
    assert!(back.semantic_eq(&w.spec));
}

#[test]
fn hand_written_conversions_run_when_decoding_into_the_internal_version() {
    use kapi_kitchen_sink::gadgets;
    use kapi_machinery::serializer::{Format, Options, Serializer};
    use kapi_machinery::{INTERNAL_VERSION, Object};

    let scheme = kapi_kitchen_sink::scheme().unwrap();
    let ser = Serializer::new(&scheme, Format::Json, Options::default());
    let json = br#"{"apiVersion":"gadgets.example.com/v1","kind":"Gadget","metadata":{"name":"g"},
        "spec":{"colour":"red","sizeCm":12,"mode":"fast","aliases":[],"parts":[{"name":"p","count":2}]}}"#;
    let decoded = ser.decode_into(json, None, INTERNAL_VERSION).unwrap();
    let internal = decoded.object.downcast_ref::<gadgets::Gadget>().expect("internal gadget");
    assert_eq!(internal.spec.color, "red");
    assert_eq!(internal.spec.size_mm, 120);
    assert_eq!(internal.spec.mode.as_ref().map(|m| m.0.as_str()), Some("fast"));
    assert_eq!(internal.spec.aliases, None, "an empty list is nil internally");
    assert_eq!(internal.spec.parts[0].count, Some(2));
    assert!(internal.is_internal());
    // Internal objects have no wire form of their own…
    assert!(ser.encode(internal).unwrap_err().to_string().contains("internal type"));
    // …but encode as any version.
    let back = String::from_utf8(ser.encode_as(internal, "v1").unwrap()).unwrap();
    assert!(back.contains(r#""colour":"red","sizeCm":12"#), "{back}");
    assert!(back.starts_with(r#"{"kind":"Gadget","apiVersion":"gadgets.example.com/v1""#), "{back}");

    // A value the hand-written conversion rejects fails with the field path.
    let json = br#"{"apiVersion":"gadgets.example.com/v1","kind":"Gadget","spec":{"colour":"red","sizeCm":9223372036854775807}}"#;
    let err = ser.decode_into(json, None, INTERNAL_VERSION).unwrap_err().to_string();
    assert!(err.contains("spec.sizeCm: too large"), "{err}");
}

#[test]
fn kinds_of_an_old_group_convert_through_hubs_in_two_other_groups() {
    use kapi_kitchen_sink::legacy::v1beta1 as legacy;
    use kapi_kitchen_sink::{gadgets, sprockets};
    let part = |name: &str| gadgets::v1::Part { name: name.into(), count: Some(2), sub: None };
    let g = legacy::Gadget {
        spec: legacy::GadgetSpec {
            color: "red".into(),
            size_mm: 40,
            mode: Some(legacy::Mode("fast".into())),
            parts: vec![part("a")],
            aliases: Some(vec![]),
            ..Default::default()
        },
        ..Default::default()
    };
    // Paired by name with the `gadgets` hub; its parts go through gadgets/v1's conversion.
    let internal: gadgets::Gadget = legacy::convert_gadget_to_internal(g.clone()).unwrap();
    assert_eq!((internal.spec.color.as_str(), internal.spec.size_mm), ("red", 40));
    assert_eq!(internal.spec.mode, Some(gadgets::Mode("fast".into())));
    assert_eq!(internal.spec.parts, [gadgets::Part { name: "a".into(), count: Some(2), sub: None }]);
    let back = legacy::convert_gadget_from_internal(internal).unwrap();
    assert_eq!(back.spec, g.spec);
    // Paired with the `sprockets` hub, whose spec holds the other hub's internal `Part`.
    let s = legacy::Sprocket { spec: legacy::SprocketSpec { teeth: 12, part: part("b") }, ..Default::default() };
    let internal: sprockets::Sprocket = legacy::convert_sprocket_to_internal(s.clone()).unwrap();
    assert_eq!(internal.spec.part.name, "b");
    assert_eq!(legacy::convert_sprocket_from_internal(internal).unwrap().spec, s.spec);
}

#[test]
fn a_json_only_kind_has_json_and_yaml_but_refuses_protobuf() {
    use kapi_kitchen_sink::crontabs::v1::{CronTab, CronTabSpec};
    use kapi_machinery::schema::{HasSchema, ListMerge};
    let scheme = kapi_kitchen_sink::scheme().unwrap();
    let mut tab = CronTab {
        spec: CronTabSpec { cron_spec: "* * * * */5".into(), image: "my-cron-image".into(), ..Default::default() },
        ..Default::default()
    };
    tab.type_meta.set_gvk(&CronTab::static_gvk());
    let json = Serializer::new(&scheme, Format::Json, Options::default());
    let bytes = json.encode(&tab).unwrap();
    assert_eq!(
        String::from_utf8(bytes.clone()).unwrap(),
        "{\"kind\":\"CronTab\",\"apiVersion\":\"stable.example.com/v1\",\"metadata\":{},\"spec\":{\"cronSpec\":\"* * * * */5\",\"image\":\"my-cron-image\"},\"status\":{}}\n"
    );
    let back = json.decode(&bytes, None).unwrap();
    assert_eq!(back.object.downcast_ref::<CronTab>().unwrap().spec, tab.spec);
    let proto = Serializer::new(&scheme, Format::Protobuf, Options::default());
    let err = proto.encode(&tab).unwrap_err();
    assert!(err.to_string().contains("has no protobuf form"), "{err}");
    // Its schema facts are there for patches and apply all the same.
    let spec = CronTab::schema().as_struct().unwrap().field("spec").unwrap().ty.as_struct().unwrap();
    assert_eq!(spec.field("tags").unwrap().apply_merge(), Some(ListMerge::Set));
    assert!(spec.field("cronSpec").unwrap().required && spec.field("replicas").unwrap().optional);
}

/// The kitchen sink's own gates (`WidgetPorts`, `WidgetPayload`), by name: the generated
/// `DropDisabledFields` clears a gate's fields everywhere they are held while it is off, unless
/// the stored object already uses the gate.
#[test]
fn gated_fields_are_dropped_unless_enabled_or_in_use() {
    use kapi_machinery::DropDisabledFields;

    let deep = Part { name: "c".into(), port: Some(3), ..Default::default() };
    let part = Part { name: "a".into(), port: Some(1), sub_part: Some(Box::new(deep)) };
    let with_gated = || Widget {
        spec: WidgetSpec {
            parts: vec![part.clone()],
            parts_by_name: BTreeMap::from([("b".to_owned(), Part { port: Some(2), ..Default::default() })]),
            payload: Some(b"x".to_vec()),
            replicas: Some(2),
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(Widget::FEATURE_GATES, ["WidgetPayload", "WidgetPorts"]);

    // Create with both gates off: every port, however deep, and the payload go; the rest stays.
    let mut w = with_gated();
    w.drop_disabled_fields(None, &|_| false);
    assert_eq!(w.spec.parts[0].port, None);
    assert_eq!(w.spec.parts[0].sub_part.as_ref().and_then(|p| p.port), None);
    assert_eq!(w.spec.parts[0].sub_part.as_ref().map(|p| p.name.as_str()), Some("c"));
    assert_eq!(w.spec.parts_by_name["b"].port, None);
    assert_eq!(w.spec.payload, None);
    assert_eq!(w.spec.replicas, Some(2));
    assert!(!w.uses_feature_gate("WidgetPorts") && !w.uses_feature_gate("WidgetPayload"));

    // One gate on: only the other's fields go.
    let mut w = with_gated();
    w.drop_disabled_fields(None, &|g| g == "WidgetPorts");
    assert_eq!(w.spec.parts[0].port, Some(1));
    assert_eq!(w.spec.payload, None);

    // Update with the gates off: a gate the stored object uses anywhere is kept whole, the
    // other is dropped.
    let old = Widget {
        spec: WidgetSpec {
            parts_by_name: BTreeMap::from([("z".to_owned(), Part { port: Some(9), ..Default::default() })]),
            ..Default::default()
        },
        ..Default::default()
    };
    let mut w = with_gated();
    w.drop_disabled_fields(Some(&old), &|_| false);
    assert_eq!(w.spec.parts[0].port, Some(1));
    assert_eq!(w.spec.parts_by_name["b"].port, Some(2));
    assert_eq!(w.spec.payload, None);
}
