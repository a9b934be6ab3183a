//! JSON byte-compatible with Go's `encoding/json`: writer, reader, codec traits and a generic value.

pub mod escape;
mod reader;
mod tokens;
mod traits;
pub mod value;
mod writer;

pub use reader::{ArrayIter, JsonReader, ObjectIter};
pub use tokens::{unescape, Token, Tokenizer};
pub use traits::{decode_json_object, encode_json_object, JsonDecode, JsonElement, JsonEncode, JsonFields};
pub use value::Value;
pub use writer::{format_go_float, JsonWriter};

use crate::error::{DecodeError, EncodeError};

/// Encodes a value as compact JSON (no trailing newline).
pub fn to_vec<T: JsonEncode + ?Sized>(v: &T) -> Result<Vec<u8>, EncodeError> {
    let mut w = JsonWriter::compact();
    v.encode_json(&mut w);
    w.finish()
}

/// Encodes a value as indented JSON (`json.MarshalIndent(v, "", "  ")`).
pub fn to_vec_pretty<T: JsonEncode + ?Sized>(v: &T) -> Result<Vec<u8>, EncodeError> {
    let mut w = JsonWriter::pretty();
    v.encode_json(&mut w);
    w.finish()
}

/// Decodes a value from JSON (non-strict).
pub fn from_slice<T: JsonDecode + Default>(data: &[u8]) -> Result<T, DecodeError> {
    let mut v = T::default();
    let mut r = JsonReader::new(data, false);
    v.decode_json(&mut r)?;
    r.finish()?;
    Ok(v)
}

/// Decodes a value from JSON in strict mode, returning the unknown/duplicate field findings.
pub fn from_slice_strict<T: JsonDecode + Default>(data: &[u8]) -> Result<(T, Vec<String>), DecodeError> {
    let mut v = T::default();
    let mut r = JsonReader::new(data, true);
    v.decode_json(&mut r)?;
    let errs = r.finish()?;
    Ok((v, errs))
}
