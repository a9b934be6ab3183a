//! JSON byte-compatible with Go's `encoding/json`: writer, reader, codec traits and a generic value.

pub mod escape;
mod escape_str;
mod reader;
mod tokens;
mod traits;
pub mod value;
mod writer;

pub use reader::{ArrayIter, JsonReader, ObjectIter};
pub use tokens::{Token, Tokenizer, unescape};
pub use traits::{JsonDecode, JsonElement, JsonEncode, JsonFields, decode_json_object, encode_json_object};
pub use value::Value;
pub use writer::{JsonWriter, format_go_float};

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

/// Decodes a value from JSON (non-strict), with no decoding budget: for trusted input (see
/// [`from_slice_limited`]).
pub fn from_slice<T: JsonDecode + Default>(data: &[u8]) -> Result<T, DecodeError> {
    let mut v = T::default();
    let mut r = JsonReader::new(data, false);
    v.decode_json(&mut r)?;
    r.finish()?;
    Ok(v)
}

/// Decodes a value from JSON (non-strict) under a decoding budget (see [`crate::budget`]): what a
/// reader of untrusted input uses, since [`from_slice`] has none.
pub fn from_slice_limited<T: JsonDecode + Default>(
    data: &[u8],
    limits: &crate::budget::DecodeLimits,
) -> Result<T, DecodeError> {
    let budget = crate::budget::DecodeBudget::for_input(limits, data.len());
    let mut v = T::default();
    let mut r = JsonReader::with_budget(data, false, &budget);
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

/// Removes insignificant whitespace from JSON, keeping every token verbatim, as Go's
/// `json.Compact` does. Fails on invalid JSON.
pub fn compact(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::with_capacity(input.len());
    let mut tok = Tokenizer::new(input);
    let mut prev_was_value = false;
    while let Some(t) = tok.next_token()? {
        let is_close = matches!(t, Token::EndObject | Token::EndArray);
        if prev_was_value && !is_close {
            out.push(b',');
        }
        match t {
            Token::BeginObject => out.push(b'{'),
            Token::BeginArray => out.push(b'['),
            Token::EndObject => out.push(b'}'),
            Token::EndArray => out.push(b']'),
            Token::Key(k) => {
                out.push(b'"');
                out.extend_from_slice(k);
                out.extend_from_slice(b"\":");
            }
            Token::String(s) => {
                out.push(b'"');
                out.extend_from_slice(s);
                out.push(b'"');
            }
            Token::Scalar(s) => out.extend_from_slice(s),
        }
        prev_was_value = matches!(t, Token::EndObject | Token::EndArray | Token::String(_) | Token::Scalar(_));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn compact_keeps_tokens() {
        let c = super::compact(b" { \"a\" : [ 1 , \"x\\u003c\" , { } ] , \"b\" : null } ").unwrap();
        assert_eq!(c, br#"{"a":[1,"x\u003c",{}],"b":null}"#);
        assert!(super::compact(b"{").is_err());
    }
}
