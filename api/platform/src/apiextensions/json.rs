//! The hand-written JSON forms of the schema types (`#[kapi(custom_json)]`), written once for both versions.

// Upstream keeps a copy of `marshal.go` in each version; the types and their JSON forms are the
// same there, so one macro writes the impls into `v1` and `v1beta1`. Everything else about these
// types (protobuf, semantic equality, fuzzing) is derived.

/// Implements `JsonEncode` and `JsonDecode` for `JSON`, `JSONSchemaPropsOrArray`,
/// `JSONSchemaPropsOrBool` and `JSONSchemaPropsOrStringArray` of the module it is expanded in
/// (which must see those types and `JSONSchemaProps`), `JSON`'s fixture fill, and their tests.
macro_rules! json_forms {
    () => {
        use kapi_machinery::json::{JsonDecode, JsonEncode, JsonReader, JsonWriter};
        use kapi_machinery::{DecodeError, DecodeErrorKind};

        use super::{
            JSON, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool, JSONSchemaPropsOrStringArray,
        };

        /// Decodes a schema object with strict checks off: upstream's `UnmarshalJSON` hands the
        /// value to a fresh `json.Unmarshal`, which never reports unknown or duplicate fields.
        fn decode_schema(r: &mut JsonReader<'_>) -> Result<Box<JSONSchemaProps>, DecodeError> {
            let mut schema = Box::<JSONSchemaProps>::default();
            r.lenient(|r| schema.decode_json(r))?;
            Ok(schema)
        }

        /// Decodes an array with strict checks off, for the same reason as [`decode_schema`].
        fn decode_array<T: JsonDecode + kapi_machinery::json::JsonElement + Default>(
            r: &mut JsonReader<'_>,
        ) -> Result<Vec<T>, DecodeError> {
            let mut items = Vec::new();
            r.lenient(|r| items.decode_json(r))?;
            Ok(items)
        }

        /// Any JSON value, kept as bytes; empty is `null`, as upstream writes it.
        impl JsonEncode for JSON {
            fn encode_json(&self, w: &mut JsonWriter) {
                match self.raw.as_deref() {
                    // Go compacts and checks what a `MarshalJSON` returns; `raw_json` does the same.
                    Some(raw) if !raw.is_empty() => w.raw_json(raw),
                    _ => w.null(),
                }
            }
            fn is_json_zero(&self) -> bool {
                self.raw.is_none()
            }
        }

        impl JsonDecode for JSON {
            /// Keeps the value's bytes as they came; `null` leaves the value untouched, as upstream does.
            fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
                let raw = r.raw_value()?;
                if raw != b"null" {
                    self.raw = Some(raw.to_vec());
                }
                Ok(())
            }
        }

        /// The list when it has items, else the single schema (`null` without one): a list of
        /// none would read back as no list, so it is not written.
        impl JsonEncode for JSONSchemaPropsOrArray {
            fn encode_json(&self, w: &mut JsonWriter) {
                match (&self.json_schemas, &self.schema) {
                    (Some(list), _) if !list.is_empty() => list.encode_json(w),
                    (_, Some(schema)) => schema.encode_json(w),
                    _ => w.null(),
                }
            }
            fn is_json_zero(&self) -> bool {
                self.schema.is_none() && self.json_schemas.is_none()
            }
        }

        impl JsonDecode for JSONSchemaPropsOrArray {
            /// An object is the schema, an array the list; upstream ignores anything else and
            /// leaves both unset.
            fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
                *self = match r.peek_value_start()? {
                    b'{' => JSONSchemaPropsOrArray { schema: Some(decode_schema(r)?), json_schemas: None },
                    b'[' => JSONSchemaPropsOrArray { schema: None, json_schemas: Some(decode_array(r)?) },
                    _ => {
                        r.skip_value()?;
                        JSONSchemaPropsOrArray::default()
                    }
                };
                Ok(())
            }
        }

        /// The schema when there is one, else the bare answer: a schema always allows, so a
        /// schema that does not allow cannot be written.
        impl JsonEncode for JSONSchemaPropsOrBool {
            fn encode_json(&self, w: &mut JsonWriter) {
                match &self.schema {
                    Some(schema) => schema.encode_json(w),
                    None => w.bool(self.allows),
                }
            }
            fn is_json_zero(&self) -> bool {
                !self.allows && self.schema.is_none()
            }
        }

        impl JsonDecode for JSONSchemaPropsOrBool {
            /// An object is a schema that allows, `true` or `false` the answer alone; anything
            /// else, `null` included, is an error, as upstream has it.
            fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
                *self = match r.peek_value_start()? {
                    b'{' => JSONSchemaPropsOrBool { allows: true, schema: Some(decode_schema(r)?) },
                    b't' | b'f' => JSONSchemaPropsOrBool { allows: r.bool()?, schema: None },
                    _ => return Err(r.err(DecodeErrorKind::Invalid("boolean or JSON schema expected".into()))),
                };
                Ok(())
            }
        }

        /// The property list when it has items, else the schema, else `null`.
        impl JsonEncode for JSONSchemaPropsOrStringArray {
            fn encode_json(&self, w: &mut JsonWriter) {
                match (&self.property, &self.schema) {
                    (Some(list), _) if !list.is_empty() => list.encode_json(w),
                    (_, Some(schema)) => schema.encode_json(w),
                    _ => w.null(),
                }
            }
            fn is_json_zero(&self) -> bool {
                self.schema.is_none() && self.property.is_none()
            }
        }

        impl JsonDecode for JSONSchemaPropsOrStringArray {
            /// An object is the schema, an array the property list; upstream ignores anything else
            /// and leaves both unset.
            fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
                *self = match r.peek_value_start()? {
                    b'{' => JSONSchemaPropsOrStringArray { schema: Some(decode_schema(r)?), property: None },
                    b'[' => JSONSchemaPropsOrStringArray { schema: None, property: Some(decode_array(r)?) },
                    _ => {
                        r.skip_value()?;
                        JSONSchemaPropsOrStringArray::default()
                    }
                };
                Ok(())
            }
        }

        #[cfg(feature = "testing")]
        impl kapi_machinery::fill::Fill for JSON {
            /// The fill function upstream's apiextensions compatibility test registers for `*JSON`:
            /// the JSON string `s + "Value"`. Upstream quotes with `strconv.Quote`, which agrees
            /// with a JSON string for the ASCII field names `s` comes from.
            fn fill(&mut self, s: &str, _i: i64, _cx: &mut kapi_machinery::fill::FillCtx) {
                let quoted = kapi_machinery::json::to_vec(&format!("{s}Value"));
                self.raw = Some(quoted.expect("a string always encodes"));
            }
            /// Upstream looks fill functions up by the bare type for map values, so its function
            /// does not fire there, and `Raw` has no JSON name: nothing is set.
            fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut kapi_machinery::fill::FillCtx) {}
        }

        #[cfg(test)]
        mod tests {
            use std::collections::BTreeMap;

            use kapi_machinery::json::{from_slice, from_slice_strict, to_vec};

            use super::*;

            fn schema(description: &str) -> Box<JSONSchemaProps> {
                Box::new(JSONSchemaProps { description: description.into(), ..Default::default() })
            }

            fn encode<T: JsonEncode>(v: &T) -> String {
                String::from_utf8(to_vec(v).expect("encodes")).expect("JSON is UTF-8")
            }

            #[test]
            fn json_is_kept_as_it_came() {
                let v: JSON = from_slice(br#"{"b": [1, 2.50, "x"], "a": null}"#).unwrap();
                assert_eq!(v.raw.as_deref(), Some(&br#"{"b": [1, 2.50, "x"], "a": null}"#[..]));
                // Written compact, with Go's HTML escapes, keys in their order.
                assert_eq!(encode(&v), r#"{"b":[1,2.50,"x"],"a":null}"#);
                assert_eq!(encode(&JSON { raw: Some(br#""<a>""#.to_vec()) }), r#""\u003ca\u003e""#);
                for scalar in ["1", "-0.5e3", "true", "\"s\"", "[]", "{}"] {
                    let v: JSON = from_slice(scalar.as_bytes()).unwrap();
                    assert_eq!(encode(&v), scalar);
                }
            }

            #[test]
            fn empty_json_is_null_and_null_is_no_json() {
                assert_eq!(encode(&JSON::default()), "null");
                assert_eq!(encode(&JSON { raw: Some(Vec::new()) }), "null");
                assert_eq!(from_slice::<JSON>(b"null").unwrap(), JSON::default());
                let list: Vec<JSON> = from_slice(b"[null, 3]").unwrap();
                assert_eq!(list, vec![JSON::default(), JSON { raw: Some(b"3".to_vec()) }]);
                let props: JSONSchemaProps = from_slice(br#"{"default": null}"#).unwrap();
                assert_eq!(props.default, None);
            }

            #[test]
            fn invalid_json_is_an_error_both_ways() {
                assert!(from_slice::<JSON>(b"{").is_err());
                assert!(from_slice::<JSON>(b"[1,]").is_err());
                assert!(to_vec(&JSON { raw: Some(b"{".to_vec()) }).is_err());
            }

            #[test]
            fn or_array_both_forms() {
                let one = JSONSchemaPropsOrArray { schema: Some(schema("one")), json_schemas: None };
                assert_eq!(encode(&one), r#"{"description":"one"}"#);
                assert_eq!(from_slice::<JSONSchemaPropsOrArray>(encode(&one).as_bytes()).unwrap(), one);
                let many =
                    JSONSchemaPropsOrArray { schema: None, json_schemas: Some(vec![*schema("a"), *schema("b")]) };
                assert_eq!(encode(&many), r#"[{"description":"a"},{"description":"b"}]"#);
                assert_eq!(from_slice::<JSONSchemaPropsOrArray>(encode(&many).as_bytes()).unwrap(), many);
                // The list wins when both are set; an empty list gives way to the schema.
                let both = JSONSchemaPropsOrArray { schema: Some(schema("x")), json_schemas: many.json_schemas };
                assert_eq!(encode(&both), r#"[{"description":"a"},{"description":"b"}]"#);
                let empty = JSONSchemaPropsOrArray { schema: Some(schema("x")), json_schemas: Some(Vec::new()) };
                assert_eq!(encode(&empty), r#"{"description":"x"}"#);
                assert_eq!(encode(&JSONSchemaPropsOrArray::default()), "null");
                let none: JSONSchemaPropsOrArray = from_slice(b"[]").unwrap();
                assert_eq!(none, JSONSchemaPropsOrArray { schema: None, json_schemas: Some(Vec::new()) });
            }

            #[test]
            fn or_array_ignores_other_values() {
                for other in ["true", "1", "\"s\"", "null"] {
                    let v: JSONSchemaPropsOrArray = from_slice(other.as_bytes()).unwrap();
                    assert_eq!(v, JSONSchemaPropsOrArray::default(), "{other}");
                }
                let props: JSONSchemaProps = from_slice(br#"{"items": 5, "title": "t"}"#).unwrap();
                assert_eq!(props.items, Some(JSONSchemaPropsOrArray::default()));
                assert_eq!(props.title, "t");
            }

            #[test]
            fn or_bool_both_forms() {
                for allows in [true, false] {
                    let v = JSONSchemaPropsOrBool { allows, schema: None };
                    assert_eq!(encode(&v), allows.to_string());
                    assert_eq!(from_slice::<JSONSchemaPropsOrBool>(encode(&v).as_bytes()).unwrap(), v);
                }
                let v = JSONSchemaPropsOrBool { allows: true, schema: Some(schema("s")) };
                assert_eq!(encode(&v), r#"{"description":"s"}"#);
                assert_eq!(from_slice::<JSONSchemaPropsOrBool>(encode(&v).as_bytes()).unwrap(), v);
                // A schema always allows: what does not is lost on the way.
                let denying = JSONSchemaPropsOrBool { allows: false, schema: Some(schema("s")) };
                assert_eq!(from_slice::<JSONSchemaPropsOrBool>(encode(&denying).as_bytes()).unwrap(), v);
                let empty: JSONSchemaPropsOrBool = from_slice(b"{}").unwrap();
                assert_eq!(empty, JSONSchemaPropsOrBool { allows: true, schema: Some(Box::default()) });
            }

            #[test]
            fn or_bool_rejects_other_values_naming_the_field() {
                for other in ["1", "\"true\"", "[]", "null"] {
                    let e = from_slice::<JSONSchemaPropsOrBool>(other.as_bytes()).unwrap_err();
                    assert!(e.to_string().contains("boolean or JSON schema expected"), "{other}: {e}");
                }
                let e = from_slice::<JSONSchemaProps>(br#"{"properties": {"p": {"additionalItems": 3}}}"#).unwrap_err();
                assert!(e.to_string().starts_with("properties.p.additionalItems: "), "{e}");
                // A pointer field takes `null` as unset before the value is looked at.
                let props: JSONSchemaProps = from_slice(br#"{"additionalProperties": null}"#).unwrap();
                assert_eq!(props.additional_properties, None);
            }

            #[test]
            fn or_string_array_both_forms() {
                let list = JSONSchemaPropsOrStringArray { schema: None, property: Some(vec!["a".into(), "b".into()]) };
                assert_eq!(encode(&list), r#"["a","b"]"#);
                assert_eq!(from_slice::<JSONSchemaPropsOrStringArray>(encode(&list).as_bytes()).unwrap(), list);
                let one = JSONSchemaPropsOrStringArray { schema: Some(schema("s")), property: None };
                assert_eq!(encode(&one), r#"{"description":"s"}"#);
                assert_eq!(from_slice::<JSONSchemaPropsOrStringArray>(encode(&one).as_bytes()).unwrap(), one);
                assert_eq!(encode(&JSONSchemaPropsOrStringArray::default()), "null");
                for other in ["true", "7", "\"s\"", "null"] {
                    let v: JSONSchemaPropsOrStringArray = from_slice(other.as_bytes()).unwrap();
                    assert_eq!(v, JSONSchemaPropsOrStringArray::default(), "{other}");
                }
                let e = from_slice::<JSONSchemaProps>(br#"{"dependencies": {"d": ["a", 1]}}"#).unwrap_err();
                assert!(e.to_string().starts_with("dependencies.d[1]: "), "{e}");
            }

            #[test]
            fn a_schema_round_trips_through_every_form() {
                let text = concat!(
                    r#"{"type":"object","default":{"a":1},"enum":["x",2,null],"#,
                    r#""items":[{"type":"string"},{"type":"integer"}],"#,
                    r#""additionalProperties":false,"dependencies":{"a":["b"],"c":{"title":"t"}},"#,
                    r#""additionalItems":{"items":{"type":"boolean"}}}"#
                );
                let v: JSONSchemaProps = from_slice(text.as_bytes()).unwrap();
                let mut deps = BTreeMap::new();
                deps.insert(
                    "a".to_owned(),
                    JSONSchemaPropsOrStringArray { schema: None, property: Some(vec!["b".into()]) },
                );
                deps.insert(
                    "c".to_owned(),
                    JSONSchemaPropsOrStringArray {
                        schema: Some(Box::new(JSONSchemaProps { title: "t".into(), ..Default::default() })),
                        property: None,
                    },
                );
                assert_eq!(v.dependencies, deps);
                assert_eq!(v.additional_properties, Some(JSONSchemaPropsOrBool { allows: false, schema: None }));
                assert_eq!(v.r#enum.len(), 3);
                assert_eq!(v.r#enum[2], JSON::default());
                // `null` in the enum is read as no value, which is written as `null` again.
                assert_eq!(encode(&v), text);
                let back: JSONSchemaProps = from_slice(&to_vec(&v).unwrap()).unwrap();
                assert_eq!(back, v);
            }

            #[test]
            fn nested_schemas_are_read_leniently_as_upstream_does() {
                let text = br#"{"unknown": 1, "additionalProperties": {"alsoUnknown": 2, "title": "t", "title": "u"}}"#;
                let (v, findings) = from_slice_strict::<JSONSchemaProps>(text).unwrap();
                assert_eq!(findings, vec![r#"unknown field "unknown""#.to_owned()]);
                let inner = v.additional_properties.and_then(|p| p.schema).unwrap();
                assert_eq!(inner.title, "u");
            }

            #[test]
            fn bad_input_is_an_error_not_a_panic() {
                let inputs: &[&[u8]] = &[
                    b"",
                    b"{",
                    br#"{"items": {"#,
                    br#"{"items": [{"type": 1}]}"#,
                    br#"{"additionalItems": tru}"#,
                    br#"{"dependencies": {"a": [1"#,
                    br#"{"default": }"#,
                    b"\xff",
                ];
                for input in inputs {
                    assert!(from_slice::<JSONSchemaProps>(input).is_err(), "{:?}", String::from_utf8_lossy(input));
                }
                let e = from_slice::<JSONSchemaProps>(br#"{"items": [{"type": 1}]}"#).unwrap_err();
                assert!(e.to_string().starts_with("items[0].type: "), "{e}");
            }

            #[test]
            fn deep_nesting_stops_at_the_limit_without_overflowing() {
                // Each level is an object inside `not` or inside the schema of `additionalItems`.
                let depth = kapi_machinery::MAX_DEPTH + 10;
                let mut text = String::new();
                for i in 0..depth {
                    text.push_str(if i % 2 == 0 { r#"{"not":"# } else { r#"{"additionalItems":"# });
                }
                text.push_str("{}");
                text.push_str(&"}".repeat(depth));
                let e = std::thread::Builder::new()
                    .stack_size(2 << 20)
                    .spawn(move || from_slice::<JSONSchemaProps>(text.as_bytes()).map(|_| ()))
                    .unwrap()
                    .join()
                    .unwrap()
                    .unwrap_err();
                assert!(e.to_string().contains("nesting deeper"), "{e}");
            }

            #[test]
            fn decoding_is_linear() {
                // Many members and many sibling schemas: a quadratic decoder would take minutes.
                let mut text = String::from(r#"{"properties":{"#);
                for i in 0..20_000 {
                    if i > 0 {
                        text.push(',');
                    }
                    text.push_str(&format!(r#""p{i}":{{"additionalProperties":{{"items":[{{}},{{}}]}}}}"#));
                }
                text.push_str("}}");
                let start = std::time::Instant::now();
                let v: JSONSchemaProps = from_slice(text.as_bytes()).unwrap();
                assert_eq!(v.properties.len(), 20_000);
                assert!(start.elapsed() < std::time::Duration::from_secs(20));
            }
        }
    };
}

pub(crate) use json_forms;
