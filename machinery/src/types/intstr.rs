//! `intstr.IntOrString`: a JSON number or string; in protobuf a message with all three fields.

use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
#[cfg(feature = "testing")]
use crate::fill::{Fill, FillCtx};
use crate::json::{JsonDecode, JsonElement, JsonEncode, JsonReader, JsonWriter};
use crate::proto::{
    ProtoField, ProtoMessage, ProtoReader, ProtoRepeated, ProtoWriter, WireType, encode_message_field,
    merge_message_field,
};
#[cfg(feature = "testing")]
use crate::semantic::SemanticEq;

/// An int32 or a string, laid out as upstream lays it out so every wire form survives a round trip.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct IntOrString {
    /// [`IntOrString::INT`] or [`IntOrString::STRING`]; other values cannot be encoded as JSON.
    pub ty: i64,
    /// The integer, meaningful when `ty` is [`IntOrString::INT`]. Protobuf encodes it (field 2)
    /// whatever `ty` says, so a value set beside a string is kept for the round trip.
    pub int_val: i32,
    /// The string, meaningful when `ty` is [`IntOrString::STRING`]; like `int_val`, protobuf
    /// encodes it (field 3) either way.
    pub str_val: String,
}

impl IntOrString {
    /// The type value of an integer.
    pub const INT: i64 = 0;
    /// The type value of a string.
    pub const STRING: i64 = 1;

    /// An integer value.
    pub fn int(v: i32) -> Self {
        IntOrString { ty: Self::INT, int_val: v, str_val: String::new() }
    }

    /// A string value.
    pub fn string(s: impl Into<String>) -> Self {
        IntOrString { ty: Self::STRING, int_val: 0, str_val: s.into() }
    }

    /// The integer, if this holds one.
    pub fn as_int(&self) -> Option<i32> {
        (self.ty == Self::INT).then_some(self.int_val)
    }

    /// The string, if this holds one.
    pub fn as_str(&self) -> Option<&str> {
        (self.ty == Self::STRING).then_some(self.str_val.as_str())
    }
}

impl From<i32> for IntOrString {
    fn from(v: i32) -> Self {
        Self::int(v)
    }
}

impl From<&str> for IntOrString {
    fn from(s: &str) -> Self {
        Self::string(s)
    }
}

impl JsonEncode for IntOrString {
    fn encode_json(&self, w: &mut JsonWriter) {
        match self.ty {
            Self::INT => w.i64(i64::from(self.int_val)),
            Self::STRING => w.string(&self.str_val),
            other => {
                let path = w.current_path();
                w.fail(EncodeError::UnsupportedValue(format!("{path}: impossible IntOrString.Type {other}")));
                w.null();
            }
        }
    }
    fn is_json_zero(&self) -> bool {
        *self == IntOrString::default()
    }
}

impl JsonDecode for IntOrString {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            return Ok(());
        }
        // A leading quote means a string, anything else an int32, as upstream decides.
        match r.str() {
            Ok(s) => *self = IntOrString::string(s.into_owned()),
            Err(e) if matches!(e.kind, DecodeErrorKind::WrongType { .. }) => *self = IntOrString::int(r.i32()?),
            Err(e) => return Err(e),
        }
        Ok(())
    }
}

impl JsonElement for IntOrString {}

impl ProtoMessage for IntOrString {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.str_val.encode_field(3, w);
        self.int_val.encode_field(2, w);
        self.ty.encode_field(1, w);
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => self.ty.merge_field(wire, r).map_err(|e| e.in_field("type"))?,
                2 => self.int_val.merge_field(wire, r).map_err(|e| e.in_field("intVal"))?,
                3 => self.str_val.merge_field(wire, r).map_err(|e| e.in_field("strVal"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl ProtoField for IntOrString {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        encode_message_field(self, field, w);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        merge_message_field(self, wire, r)
    }
}

impl ProtoRepeated for IntOrString {}

#[cfg(feature = "testing")]
impl Fill for IntOrString {
    /// Upstream's fill function: a string `s + "Value"`.
    fn fill(&mut self, s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = IntOrString::string(format!("{s}Value"));
    }
    /// As a map value the generic fill applies: each field from its own name and number.
    fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = IntOrString { ty: 1, int_val: 2, str_val: "strValValue".into() };
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for IntOrString {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_forms() {
        assert_eq!(crate::json::to_vec(&IntOrString::int(5)).unwrap(), b"5");
        assert_eq!(crate::json::to_vec(&IntOrString::string("50%")).unwrap(), b"\"50%\"");
        assert_eq!(crate::json::from_slice::<IntOrString>(b"7").unwrap(), IntOrString::int(7));
        assert_eq!(crate::json::from_slice::<IntOrString>(b"\"x\"").unwrap(), IntOrString::string("x"));
        assert!(crate::json::from_slice::<IntOrString>(b"1.5").is_err());
        assert!(crate::json::from_slice::<IntOrString>(b"4294967296").is_err());
        assert!(crate::json::to_vec(&IntOrString { ty: 7, ..Default::default() }).is_err());
    }

    #[test]
    fn proto_writes_all_fields() {
        let v = IntOrString::string("maxUnavailableValue");
        let b = v.to_proto_bytes();
        let mut want = vec![0x08, 0x01, 0x10, 0x00, 0x1a, 0x13];
        want.extend_from_slice(b"maxUnavailableValue");
        assert_eq!(b, want);
        let mut back = IntOrString::default();
        back.merge_proto(&mut ProtoReader::new(&b)).unwrap();
        assert_eq!(back, v);
    }
}
