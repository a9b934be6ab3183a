//! A JSON writer that produces exactly what Go's `encoding/json` writes, compact or indented.

use super::escape::write_json_string;
use crate::error::EncodeError;
use crate::object::TypeMeta;

/// Writes JSON in one pass. Compact mode matches `json.Marshal`; pretty mode matches
/// `json.MarshalIndent(v, "", "  ")`. Errors (invalid embedded raw JSON) are sticky and returned by
/// [`JsonWriter::finish`], so encoders need no error plumbing on the hot path.
pub struct JsonWriter {
    out: Vec<u8>,
    pretty: bool,
    depth: usize,
    /// Whether the innermost open object or array has had a member written yet.
    has_members: Vec<bool>,
    error: Option<EncodeError>,
    /// Names of the object keys currently open, for error messages only.
    path: Vec<String>,
    /// What the top-level object's `TypeMeta` writes in place of its empty fields (see
    /// [`JsonWriter::set_top_level_type_meta`]).
    top_level_type_meta: Option<TypeMeta>,
}

impl JsonWriter {
    /// A compact writer (`json.Marshal`).
    pub fn compact() -> Self {
        Self::with_capacity(false, 256)
    }

    /// A pretty writer with a two-space indent (`json.MarshalIndent(v, "", "  ")`).
    pub fn pretty() -> Self {
        Self::with_capacity(true, 256)
    }

    /// A writer with a buffer of the given capacity.
    pub fn with_capacity(pretty: bool, cap: usize) -> Self {
        JsonWriter {
            out: Vec::with_capacity(cap),
            pretty,
            depth: 0,
            has_members: Vec::with_capacity(16),
            error: None,
            path: Vec::new(),
            top_level_type_meta: None,
        }
    }

    /// A writer that appends to `buf`, keeping what it holds: [`JsonWriter::finish`] returns
    /// `buf` with the document after it, so documents can be written one after another into
    /// one buffer (a list's items, each encoded on its own) without a buffer each.
    pub fn appending(pretty: bool, buf: Vec<u8>) -> Self {
        JsonWriter { out: buf, ..Self::with_capacity(pretty, 0) }
    }

    /// Makes the top-level object's `TypeMeta` write `tm`'s `kind`/`apiVersion` where its own are
    /// empty, as upstream's versioning encoder sets the kind it encodes as before encoding. The
    /// serializer uses this so an object built with `Default` still names its kind, without
    /// copying or changing the caller's object. Nested `TypeMeta`s (a list's items) are unaffected.
    pub fn set_top_level_type_meta(&mut self, tm: TypeMeta) {
        self.top_level_type_meta = Some(tm);
    }

    /// Takes what [`JsonWriter::set_top_level_type_meta`] set, when called from inside the
    /// top-level object; the first `TypeMeta` there is the object's own (it is inlined first).
    pub(crate) fn take_top_level_type_meta(&mut self) -> Option<TypeMeta> {
        if self.depth == 1 { self.top_level_type_meta.take() } else { None }
    }

    /// Whether this writer indents.
    pub fn is_pretty(&self) -> bool {
        self.pretty
    }

    /// Returns the bytes written, or the first error recorded.
    pub fn finish(self) -> Result<Vec<u8>, EncodeError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }

    /// Records an error; the first one wins.
    pub fn fail(&mut self, err: EncodeError) {
        if self.error.is_none() {
            self.error = Some(err);
        }
    }

    /// The key path of the value being written, for error messages.
    pub fn current_path(&self) -> String {
        self.path.join(".")
    }

    fn newline_indent(&mut self) {
        self.out.push(b'\n');
        for _ in 0..self.depth {
            self.out.extend_from_slice(b"  ");
        }
    }

    /// Opens an object.
    pub fn begin_object(&mut self) {
        self.out.push(b'{');
        self.depth += 1;
        self.has_members.push(false);
    }

    /// Writes the separator and the key of the next object member.
    pub fn key(&mut self, key: &str) {
        self.member_sep();
        write_json_string(&mut self.out, key);
        if self.pretty {
            self.out.extend_from_slice(b": ");
        } else {
            self.out.push(b':');
        }
    }

    /// Like [`JsonWriter::key`] for keys already known to need no escaping (generated field names).
    pub fn key_static(&mut self, quoted_key_colon: &[u8]) {
        self.member_sep();
        // `quoted_key_colon` is `"name":`; pretty mode adds the space Go's indenter adds.
        self.out.extend_from_slice(quoted_key_colon);
        if self.pretty {
            self.out.push(b' ');
        }
    }

    /// Remembers the key for error paths; only used by values that can fail.
    pub fn push_path(&mut self, key: &str) {
        self.path.push(key.to_owned());
    }

    /// Forgets the last remembered key.
    pub fn pop_path(&mut self) {
        self.path.pop();
    }

    // Inlined into the few writer methods that call it, which every member and element goes through.
    #[inline]
    fn member_sep(&mut self) {
        if let Some(has) = self.has_members.last_mut() {
            if *has {
                self.out.push(b',');
            }
            *has = true;
        }
        if self.pretty {
            self.newline_indent();
        }
    }

    /// Closes an object.
    pub fn end_object(&mut self) {
        self.close(b'}');
    }

    /// Opens an array.
    pub fn begin_array(&mut self) {
        self.out.push(b'[');
        self.depth += 1;
        self.has_members.push(false);
    }

    /// Writes the separator before the next array element.
    pub fn element(&mut self) {
        self.member_sep();
    }

    /// Closes an array.
    pub fn end_array(&mut self) {
        self.close(b']');
    }

    fn close(&mut self, c: u8) {
        self.depth = self.depth.saturating_sub(1);
        let had = self.has_members.pop().unwrap_or(false);
        if had && self.pretty {
            self.newline_indent();
        }
        self.out.push(c);
    }

    /// Writes `null`.
    pub fn null(&mut self) {
        self.out.extend_from_slice(b"null");
    }

    /// Writes `true` or `false`.
    pub fn bool(&mut self, v: bool) {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
    }

    /// Writes a signed integer.
    pub fn i64(&mut self, v: i64) {
        let mut buf = itoa_buf();
        self.out.extend_from_slice(fmt_i64(v, &mut buf));
    }

    /// Writes an unsigned integer.
    pub fn u64(&mut self, v: u64) {
        let mut buf = itoa_buf();
        self.out.extend_from_slice(fmt_u64(v, &mut buf));
    }

    /// Writes a float as Go does: shortest round-trip digits, `e` notation below 1e-6 or from 1e21.
    pub fn f64(&mut self, v: f64, bits32: bool) {
        match format_go_float(v, bits32) {
            Some(s) => self.out.extend_from_slice(s.as_bytes()),
            None => {
                self.fail(EncodeError::UnsupportedValue(format!("{v}")));
                self.out.extend_from_slice(b"null");
            }
        }
    }

    /// Writes a string value.
    pub fn string(&mut self, s: &str) {
        write_json_string(&mut self.out, s);
    }

    /// Writes bytes as a base64 (standard, padded) string.
    pub fn base64(&mut self, bytes: &[u8]) {
        self.out.push(b'"');
        crate::base64::encode_into(bytes, &mut self.out);
        self.out.push(b'"');
    }

    /// Embeds raw JSON produced elsewhere (a `Marshaler`): Go compacts it, HTML-escapes its strings
    /// and then indents it with the rest of the document. Invalid JSON records an error.
    pub fn raw_json(&mut self, raw: &[u8]) {
        let start_len = self.out.len();
        let start_depth = self.depth;
        let start_stack = self.has_members.len();
        if let Err(reason) = self.copy_raw(raw) {
            self.out.truncate(start_len);
            self.depth = start_depth;
            self.has_members.truncate(start_stack);
            self.out.extend_from_slice(b"null");
            let path = self.current_path();
            self.fail(EncodeError::InvalidRawJson { path, reason });
        }
    }

    fn copy_raw(&mut self, raw: &[u8]) -> Result<(), String> {
        use super::tokens::{Token, Tokenizer};
        let mut tok = Tokenizer::new(raw);
        // Whether the next value is an array element (needs a separator) rather than a member value.
        let mut in_array: Vec<bool> = Vec::new();
        while let Some(t) = tok.next_token().map_err(|e| e.to_string())? {
            let element = matches!(t, Token::BeginObject | Token::BeginArray | Token::String(_) | Token::Scalar(_))
                && in_array.last() == Some(&true);
            if element {
                self.element();
            }
            match t {
                Token::BeginObject => {
                    self.begin_object();
                    in_array.push(false);
                }
                Token::BeginArray => {
                    self.begin_array();
                    in_array.push(true);
                }
                Token::EndObject | Token::EndArray => {
                    in_array.pop();
                    self.close(if t == Token::EndObject { b'}' } else { b']' });
                }
                Token::Key(body) => {
                    self.member_sep();
                    self.out.push(b'"');
                    write_json_string_body_raw(&mut self.out, body);
                    self.out.extend_from_slice(if self.pretty { b"\": " } else { b"\":" });
                }
                Token::String(body) => {
                    self.out.push(b'"');
                    write_json_string_body_raw(&mut self.out, body);
                    self.out.push(b'"');
                }
                Token::Scalar(text) => self.out.extend_from_slice(text),
            }
        }
        Ok(())
    }

    /// Bytes written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.out
    }
}

/// Copies the (still escaped) body of a JSON string from raw input, adding Go's HTML escapes.
fn write_json_string_body_raw(out: &mut Vec<u8>, body: &[u8]) {
    // Existing escapes are kept verbatim; only `<`, `>`, `&`, U+2028 and U+2029 are escaped, which
    // is what Go's `compact` with HTML escaping does. Other bytes are already valid in the input.
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        let rep: Option<&[u8]> = match b {
            b'<' => Some(b"\\u003c"),
            b'>' => Some(b"\\u003e"),
            b'&' => Some(b"\\u0026"),
            0xE2 if i + 2 < body.len() && body[i + 1] == 0x80 && body[i + 2] == 0xA8 => Some(b"\\u2028"),
            0xE2 if i + 2 < body.len() && body[i + 1] == 0x80 && body[i + 2] == 0xA9 => Some(b"\\u2029"),
            _ => None,
        };
        if let Some(rep) = rep {
            out.extend_from_slice(&body[start..i]);
            out.extend_from_slice(rep);
            i += if b == 0xE2 { 3 } else { 1 };
            start = i;
        } else {
            i += 1;
        }
    }
    out.extend_from_slice(&body[start..]);
}

fn itoa_buf() -> [u8; 20] {
    [0u8; 20]
}

/// Writes `v` in decimal at the end of `buf` and returns the digits.
pub(crate) fn fmt_u64(mut v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    &buf[i..]
}

fn fmt_i64(v: i64, buf: &mut [u8; 20]) -> &[u8] {
    if v >= 0 {
        return fmt_u64(v as u64, buf);
    }
    // The magnitude of i64::MIN fits 19 digits; one slot remains for the sign.
    let mag = v.unsigned_abs();
    let len = fmt_u64(mag, buf).len();
    let start = buf.len() - len - 1;
    buf[start] = b'-';
    &buf[start..]
}

/// Formats a float like Go's `encoding/json` (`floatEncoder`), or `None` for NaN and infinities.
pub fn format_go_float(v: f64, bits32: bool) -> Option<String> {
    if !v.is_finite() {
        return None;
    }
    let abs = v.abs();
    let use_exp =
        abs != 0.0 && if bits32 { (abs as f32) < 1e-6 || (abs as f32) >= 1e21 } else { !(1e-6..1e21).contains(&abs) };
    // Rust's `{}`/`{:e}` print the shortest digits that round-trip, as Go's 'f'/'e' with -1 do.
    let s = if bits32 {
        let f = v as f32;
        if use_exp { format!("{f:e}") } else { format!("{f}") }
    } else if use_exp {
        format!("{v:e}")
    } else {
        format!("{v}")
    };
    if !use_exp {
        return Some(s);
    }
    // Rust writes `1e-7` / `1e21`; Go writes `1e-07` then trims to `1e-7`, and `1e+21`.
    let (mant, exp) = s.split_once('e')?;
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    Some(format!("{mant}e{sign}{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_nesting_matches_marshal_indent() {
        let mut w = JsonWriter::pretty();
        w.begin_object();
        w.key("a");
        w.i64(-5);
        w.key("b");
        w.begin_array();
        w.element();
        w.string("x<y");
        w.end_array();
        w.key("c");
        w.begin_object();
        w.end_object();
        w.key("d");
        w.begin_array();
        w.end_array();
        w.end_object();
        let out = String::from_utf8(w.finish().unwrap()).unwrap();
        assert_eq!(out, "{\n  \"a\": -5,\n  \"b\": [\n    \"x\\u003cy\"\n  ],\n  \"c\": {},\n  \"d\": []\n}");
    }

    #[test]
    fn appending_writes_after_what_the_buffer_holds() {
        let mut w = JsonWriter::appending(false, b"[{\"a\":1},".to_vec());
        w.begin_object();
        w.key("b");
        w.raw_json(b"[ 2 ]");
        w.end_object();
        assert_eq!(w.finish().unwrap(), br#"[{"a":1},{"b":[2]}"#);
        // The raw JSON's error recovery truncates to where it began, not to the buffer's start.
        let mut w = JsonWriter::appending(false, b"x".to_vec());
        w.raw_json(b"{");
        assert!(w.finish().is_err());
    }

    #[test]
    fn raw_json_is_compacted_reindented_and_escaped() {
        let mut w = JsonWriter::pretty();
        w.begin_object();
        w.key("o");
        w.raw_json(br#" { "k" : [1, {"a":"<&>"}], "e":{} , "n": -1.5e3 } "#);
        w.end_object();
        let out = String::from_utf8(w.finish().unwrap()).unwrap();
        let want = "{\n  \"o\": {\n    \"k\": [\n      1,\n      {\n        \"a\": \"\\u003c\\u0026\\u003e\"\n      }\n    ],\n    \"e\": {},\n    \"n\": -1.5e3\n  }\n}";
        assert_eq!(out, want);
        let mut c = JsonWriter::compact();
        c.raw_json(br#" { "k" : [1, 2] } "#);
        assert_eq!(c.finish().unwrap(), br#"{"k":[1,2]}"#);
    }

    #[test]
    fn invalid_raw_json_is_an_error() {
        for bad in [&b"{"[..], b"[1,]", b"{1:2}", b"", b"1 2", b"{\"a\" 1}", b"]"] {
            let mut w = JsonWriter::compact();
            w.begin_object();
            w.key("x");
            w.push_path("x");
            w.raw_json(bad);
            w.end_object();
            assert!(w.finish().is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn integers_and_floats() {
        let mut w = JsonWriter::compact();
        w.begin_array();
        for v in [0, -1, i64::MIN, i64::MAX] {
            w.element();
            w.i64(v);
        }
        w.end_array();
        assert_eq!(w.finish().unwrap(), b"[0,-1,-9223372036854775808,9223372036854775807]");
        assert_eq!(format_go_float(3.5, false).unwrap(), "3.5");
        assert_eq!(format_go_float(1e21, false).unwrap(), "1e+21");
        assert_eq!(format_go_float(1e-7, false).unwrap(), "1e-7");
        assert_eq!(format_go_float(123456789.0, false).unwrap(), "123456789");
        assert_eq!(format_go_float(0.000001, false).unwrap(), "0.000001");
        assert!(format_go_float(f64::NAN, false).is_none());
    }
}
