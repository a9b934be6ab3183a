//! serde on a user crate's own derived types (`--features serde`), each case against the JSON codec.

// Covered: JSON names, omitempty and omitzero, flattened inline fields, newtypes, the special
// types, `null`, unknown members, `serde_json::json!` and bad input.
#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use kapi_kitchen_sink::widgets::v1::{Colour, Frame, Part, Tags, Widget, WidgetSpec};
use kapi_machinery::types::{IntOrString, Quantity, Time};
use kapi_machinery::{Kind, json};
use serde_json::json;

fn widget() -> Widget {
    let mut w = Widget::default();
    w.type_meta.set_gvk(&Widget::static_gvk());
    w.metadata.name = "w".into();
    w.spec = WidgetSpec {
        colour: Some(Colour::from("Blue")),
        replicas: Some(0),
        parts: vec![Part { name: "p".into(), port: None, sub_part: Some(Box::new(Part::default())) }],
        parts_by_name: BTreeMap::from([("b".to_owned(), Part::default()), ("a".to_owned(), Part::default())]),
        tags: BTreeMap::from([("t".to_owned(), Tags(vec!["x".into()]))]),
        cluster_addresses: vec!["10.0.0.1".into()],
        size: Some(Quantity::parse("1500m").unwrap()),
        max_surge: Some(IntOrString::string("25%")),
        built: Time::from_civil(2025, 6, 1, 12, 0, 0).unwrap(),
        payload: Some(vec![1, 2, 3]),
        frame: Frame { material: "oak".into() },
        scratch: "never on the wire".into(),
        ..Default::default()
    };
    w
}

#[test]
fn serialize_writes_what_the_codec_writes() {
    let w = widget();
    let ours: serde_json::Value = serde_json::from_slice(&json::to_vec(&w).unwrap()).unwrap();
    let value = serde_json::to_value(&w).unwrap();
    assert_eq!(value, ours);
    // serde_json writes the members in the codec's order, so the bytes agree too where no string
    // needs escaping (the codec escapes `<`, `>` and `&` as Go does; serde_json does not).
    assert_eq!(serde_json::to_vec(&w).unwrap(), json::to_vec(&w).unwrap());
    assert_eq!(
        value,
        json!({
            "kind": "Widget",
            "apiVersion": "widgets.kitchen.example.com/v1",
            "metadata": {"name": "w"},
            "spec": {
                "colour": "Blue",
                "replicas": 0,
                "parts": [{"name": "p", "subPart": {"name": ""}}],
                "partsByName": {"a": {"name": ""}, "b": {"name": ""}},
                "tags": {"t": ["x"]},
                "clusterIPs": ["10.0.0.1"],
                "size": "1500m",
                "maxSurge": "25%",
                "built": "2025-06-01T12:00:00Z",
                "payload": "AQID",
                "material": "oak"
            }
        })
    );
    // Empty values are left out where the codec leaves them out; a zero `Time` under omitzero too.
    let empty = serde_json::to_value(WidgetSpec::default()).unwrap();
    assert_eq!(empty, json!({}));
}

#[test]
fn deserialize_reads_what_the_codec_reads() {
    let w = widget();
    let bytes = json::to_vec(&w).unwrap();
    let mut expected = w.clone();
    expected.spec.scratch.clear();
    let back: Widget = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(back, expected);
    let back: Widget = serde_json::from_value(serde_json::to_value(&w).unwrap()).unwrap();
    assert_eq!(back, expected);
    // `json!` builds objects; unknown members are skipped and `null` means absent, as in the codec.
    let v = json!({
        "apiVersion": "widgets.kitchen.example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "x", "labels": null, "unknown": [1, 2]},
        "spec": {"replicas": 2, "parts": null, "material": "iron", "size": "2Gi", "maxSurge": 3, "extra": {}}
    });
    let from_serde: Widget = serde_json::from_value(v.clone()).unwrap();
    let from_codec: Widget = json::from_slice(&serde_json::to_vec(&v).unwrap()).unwrap();
    assert_eq!(from_serde, from_codec);
    assert_eq!(from_serde.spec.frame.material, "iron");
    assert_eq!(from_serde.spec.max_surge, Some(IntOrString::int(3)));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for bad in [
        json!({"spec": {"replicas": "three"}}),
        json!({"spec": {"size": "lots"}}),
        json!({"spec": {"payload": "!!"}}),
        json!({"spec": {"built": "noon"}}),
        json!({"spec": []}),
        json!([]),
    ] {
        let err = serde_json::from_value::<Widget>(bad.clone()).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
        assert!(json::from_slice::<Widget>(&serde_json::to_vec(&bad).unwrap()).is_err(), "the codec accepts {bad}");
    }
    let err = serde_json::from_str::<Widget>(r#"{"spec": {"replicas": 1.5}}"#).unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
}
