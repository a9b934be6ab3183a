//! Structs at the edges of what the derive expands: no members at all, members on one wire only.

use kapi_macros::Kapi;
use kapi_machinery::json::{JsonReader, JsonWriter};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::{JsonDecode, JsonEncode};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Empty {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProtoOnly {
    #[kapi(proto = 1, skip_json)]
    pub a: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JsonOnly {
    #[kapi(skip_proto)]
    pub a: String,
}

fn json<T: JsonEncode + JsonDecode + Default>(v: &T, text: &[u8]) -> T {
    let mut w = JsonWriter::compact();
    v.encode_json(&mut w);
    assert_eq!(w.finish().unwrap(), text);
    let mut back = T::default();
    back.decode_json(&mut JsonReader::new(text, true)).unwrap();
    back
}

fn main() {
    assert_eq!(json(&Empty {}, b"{}"), Empty {});
    let p = ProtoOnly { a: "x".into() };
    assert_eq!(json(&p, b"{}"), ProtoOnly::default());
    let mut back = ProtoOnly::default();
    back.merge_proto(&mut ProtoReader::new(&p.to_proto_bytes())).unwrap();
    assert_eq!(back, p);
    let j = JsonOnly { a: "x".into() };
    assert_eq!(json(&j, br#"{"a":"x"}"#), j);
    assert!(j.to_proto_bytes().is_empty());
}
