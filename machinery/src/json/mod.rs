//! JSON byte-compatible with Go's `encoding/json`: writer, reader, codec traits and a generic value.

pub mod escape;
mod reader;
mod scan_bytes;
mod tokens;
mod traits;
pub mod value;
mod writer;

pub use reader::{ArrayIter, JsonReader, ObjectIter};
pub use tokens::{Token, Tokenizer, unescape};
pub use traits::{JsonDecode, JsonElement, JsonEncode, JsonFields, decode_json_object, encode_json_object};
pub use value::Value;
pub(crate) use writer::fmt_u64;
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

    #[test]
    fn any_run_of_whitespace_reads_as_none() {
        // Runs of every length crossing the 8- and 16-byte steps of the whitespace skip, of spaces
        // alone (indentation) and mixed, between every pair of tokens, read by the tokenizer and
        // by the reader as the compact document.
        let tokens = ["{", "\"a\"", ":", "[", "1", ",", "\"x\"", ",", "{", "}", "]", ",", "\"b\"", ":", "null", "}"];
        let want = tokens.concat();
        for run in ["", " ", "\n", "\t", "\r\n"]
            .iter()
            .flat_map(|head| (0..40).map(move |n| format!("{head}{}", " ".repeat(n))))
        {
            for mixed in [false, true] {
                let gap = if mixed { format!("{run}\t \n") } else { run.clone() };
                let doc = format!("{gap}{}{gap}", tokens.join(&gap));
                assert_eq!(super::compact(doc.as_bytes()).unwrap(), want.as_bytes(), "{doc:?}");
                let mut r = super::JsonReader::new(doc.as_bytes(), true);
                let mut obj = r.begin_object().unwrap();
                assert_eq!(r.next_key(&mut obj).unwrap().as_deref(), Some("a"));
                assert_eq!(r.raw_value().unwrap(), tokens[3..11].join(&gap).as_bytes());
                assert_eq!(r.next_key(&mut obj).unwrap().as_deref(), Some("b"));
                assert!(r.try_null().unwrap());
                assert!(r.next_key(&mut obj).unwrap().is_none());
                assert!(r.finish().unwrap().is_empty());
            }
        }
    }
}
