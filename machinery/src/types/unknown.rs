//! `runtime.Unknown`: an object of a kind the reader does not know, kept encoded.

use crate::error::DecodeError;
use crate::json::{JsonDecode, JsonEncode, JsonReader, JsonWriter};
use crate::proto::{ProtoField, ProtoMessage, ProtoReader, ProtoWriter, WireType};
#[cfg(feature = "testing")]
use crate::semantic::SemanticEq;

/// Raw data of some kind with its type and content type, as the protobuf envelope carries it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Unknown {
    /// `typeMeta.apiVersion` of the kept object; only the protobuf form carries it.
    pub api_version: String,
    /// `typeMeta.kind` of the kept object; only the protobuf form carries it.
    pub kind: String,
    /// The object's encoded bytes, in the form `content_type` names. JSON writes them as they
    /// are, so in JSON only JSON content survives.
    pub raw: Vec<u8>,
    /// How `raw` is compressed; empty (none) in everything upstream writes.
    pub content_encoding: String,
    /// The media type of `raw`: empty for protobuf, `application/json` after a JSON decode.
    pub content_type: String,
}

impl ProtoMessage for Unknown {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.content_type.encode_field(4, w);
        self.content_encoding.encode_field(3, w);
        w.put_bytes_field(2, &self.raw);
        let mark = w.len();
        self.kind.encode_field(2, w);
        self.api_version.encode_field(1, w);
        w.put_len_since(mark);
        w.put_tag(1, WireType::Len);
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => {
                    r.expect(wire, WireType::Len).map_err(|e| e.in_field("typeMeta"))?;
                    let mut tm = r.message().map_err(|e| e.in_field("typeMeta"))?;
                    while !tm.is_empty() {
                        let (f, w) = tm.key()?;
                        match f {
                            1 => self
                                .api_version
                                .merge_field(w, &mut tm)
                                .map_err(|e| e.in_field("apiVersion").in_field("typeMeta"))?,
                            2 => self
                                .kind
                                .merge_field(w, &mut tm)
                                .map_err(|e| e.in_field("kind").in_field("typeMeta"))?,
                            _ => tm.skip(w)?,
                        }
                    }
                }
                2 => self.raw.merge_field(wire, r).map_err(|e| e.in_field("raw"))?,
                3 => self.content_encoding.merge_field(wire, r).map_err(|e| e.in_field("contentEncoding"))?,
                4 => self.content_type.merge_field(wire, r).map_err(|e| e.in_field("contentType"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl JsonEncode for Unknown {
    /// Upstream writes the raw bytes (JSON content) as they are.
    fn encode_json(&self, w: &mut JsonWriter) {
        if self.raw.is_empty() {
            w.null();
        } else {
            w.raw_json(&self.raw);
        }
    }
    fn is_json_zero(&self) -> bool {
        *self == Unknown::default()
    }
}

impl JsonDecode for Unknown {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        let raw = r.raw_value()?;
        if raw != b"null" {
            self.raw = raw.to_vec();
            self.content_type = crate::serializer::MEDIA_TYPE_JSON.to_owned();
        }
        Ok(())
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for Unknown {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proto_round_trip() {
        let u = Unknown { api_version: "v1".into(), kind: "Pod".into(), raw: vec![1, 2], ..Default::default() };
        let b = u.to_proto_bytes();
        assert!(b.ends_with(&[0x1a, 0, 0x22, 0]));
        let mut back = Unknown::default();
        back.merge_proto(&mut ProtoReader::new(&b)).unwrap();
        assert_eq!(back, u);
    }
}
