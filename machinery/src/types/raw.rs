//! `runtime.RawExtension` and `metav1.FieldsV1`: embedded raw JSON kept verbatim.

use crate::error::DecodeError;
#[cfg(feature = "testing")]
use crate::fill::{Fill, FillCtx};
use crate::json::{JsonDecode, JsonElement, JsonEncode, JsonReader, JsonWriter};
use crate::proto::{
    ProtoField, ProtoMessage, ProtoReader, ProtoRepeated, ProtoWriter, WireType, encode_message_field,
    merge_message_field,
};
#[cfg(feature = "testing")]
use crate::semantic::SemanticEq;

/// The raw JSON upstream's fixture fill puts into every `RawExtension`.
pub const FIXTURE_RAW_EXTENSION: &[u8] =
    br#"{"apiVersion":"example.com/v1","kind":"CustomType","spec":{"replicas":1},"status":{"available":1}}"#;

/// An embedded object kept as raw bytes (JSON, or whatever the enclosing encoding carried).
/// `None` is upstream's nil `Raw`: JSON `null`, absent from protobuf.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct RawExtension {
    /// The embedded object's bytes, copied verbatim from the input (protobuf field 1); JSON
    /// output writes them compacted in place, so they must be valid JSON to encode as JSON.
    pub raw: Option<Vec<u8>>,
}

impl RawExtension {
    /// Raw JSON bytes.
    pub fn from_json(raw: impl Into<Vec<u8>>) -> Self {
        RawExtension { raw: Some(raw.into()) }
    }
}

impl JsonEncode for RawExtension {
    fn encode_json(&self, w: &mut JsonWriter) {
        match &self.raw {
            Some(raw) => w.raw_json(raw),
            None => w.null(),
        }
    }
    fn is_json_zero(&self) -> bool {
        self.raw.is_none()
    }
}

impl JsonDecode for RawExtension {
    /// Stores the value's bytes verbatim; `null` leaves the extension untouched, as upstream does.
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        let raw = r.raw_value()?;
        if raw != b"null" {
            self.raw = Some(raw.to_vec());
        }
        Ok(())
    }
}

impl JsonElement for RawExtension {}

impl ProtoMessage for RawExtension {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        if let Some(raw) = &self.raw {
            w.put_bytes_field(1, raw);
        }
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => {
                    r.expect(wire, WireType::Len).map_err(|e| e.in_field("raw"))?;
                    self.raw = Some(r.bytes().map_err(|e| e.in_field("raw"))?.to_vec());
                }
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl ProtoField for RawExtension {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        encode_message_field(self, field, w);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        merge_message_field(self, wire, r)
    }
}

impl ProtoRepeated for RawExtension {}

#[cfg(feature = "testing")]
impl Fill for RawExtension {
    /// Upstream's fill function: a fixed custom object.
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        self.raw = Some(FIXTURE_RAW_EXTENSION.to_vec());
    }
    /// As a map value the generic fill applies, and every field is `json:"-"`: nothing is set.
    fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {}
}

#[cfg(feature = "testing")]
impl SemanticEq for RawExtension {
    fn semantic_eq(&self, other: &Self) -> bool {
        // Nil and empty byte slices are equal, as for any slice.
        self.raw.as_deref().unwrap_or_default() == other.raw.as_deref().unwrap_or_default()
    }
}

/// Managed fields in the `FieldsV1` format: raw JSON. Empty encodes as `null`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FieldsV1 {
    /// The `FieldsV1` JSON document as the server wrote it (see [`crate::fieldpath::Set::parse`]
    /// to read it as a field set); empty means none.
    pub raw: Vec<u8>,
}

impl JsonEncode for FieldsV1 {
    fn encode_json(&self, w: &mut JsonWriter) {
        if self.raw.is_empty() {
            w.null();
        } else {
            w.raw_json(&self.raw);
        }
    }
    fn is_json_zero(&self) -> bool {
        self.raw.is_empty()
    }
}

impl JsonDecode for FieldsV1 {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        let raw = r.raw_value()?;
        if raw != b"null" {
            self.raw = raw.to_vec();
        }
        Ok(())
    }
}

impl JsonElement for FieldsV1 {}

impl ProtoMessage for FieldsV1 {
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.raw.encode_field(1, w);
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => self.raw.merge_field(wire, r).map_err(|e| e.in_field("Raw"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

impl ProtoField for FieldsV1 {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        encode_message_field(self, field, w);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        merge_message_field(self, wire, r)
    }
}

impl ProtoRepeated for FieldsV1 {}

#[cfg(feature = "testing")]
impl Fill for FieldsV1 {
    /// Upstream's fill function: `{}`.
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        self.raw = b"{}".to_vec();
    }
    fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {}
}

#[cfg(feature = "testing")]
impl SemanticEq for FieldsV1 {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}
