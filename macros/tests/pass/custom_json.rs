//! A `custom_json` type: the derive writes protobuf and the rest, the JSON form is written here,
//! and types that hold it use it wherever it appears.

use kapi_macros::Kapi;
use kapi_machinery::json::{JsonReader, JsonWriter};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::schema::{HasSchema, TypeSchema};
use kapi_machinery::{DecodeError, JsonDecode, JsonEncode};

/// A yes or no that JSON writes as a bare boolean and protobuf as a message.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct Answer {
    #[kapi(proto = 1)]
    pub yes: bool,
}

impl JsonEncode for Answer {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.bool(self.yes);
    }
    fn is_json_zero(&self) -> bool {
        !self.yes
    }
}

impl JsonDecode for Answer {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.yes = r.bool()?;
        Ok(())
    }
}

/// A newtype can have a hand-written form too.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct Shout(pub String);

impl JsonEncode for Shout {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.string(&self.0.to_uppercase());
    }
    fn is_json_zero(&self) -> bool {
        self.0.is_empty()
    }
}

impl JsonDecode for Shout {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.0 = r.string()?.to_lowercase();
        Ok(())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Poll {
    #[kapi(proto = 1, omitempty)]
    pub first: Option<Answer>,
    #[kapi(proto = 2)]
    pub all: Vec<Answer>,
    #[kapi(proto = 3)]
    pub shout: Shout,
}

fn main() {
    let poll = Poll {
        first: Some(Answer { yes: true }),
        all: vec![Answer { yes: false }, Answer { yes: true }],
        shout: Shout("hey".into()),
    };
    let mut w = JsonWriter::compact();
    poll.encode_json(&mut w);
    let text = w.finish().unwrap();
    assert_eq!(text, br#"{"first":true,"all":[false,true],"shout":"HEY"}"#);
    let mut back = Poll::default();
    back.decode_json(&mut JsonReader::new(&text, true)).unwrap();
    assert_eq!(back, poll);
    let mut back = Poll::default();
    back.merge_proto(&mut ProtoReader::new(&poll.to_proto_bytes())).unwrap();
    assert_eq!(back, poll);
    // Patches and apply take a hand-written form whole.
    assert!(matches!(Answer::schema(), TypeSchema::Any));
}
