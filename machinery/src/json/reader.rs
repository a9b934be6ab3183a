//! A pull reader for typed JSON decoding, with field paths in errors and an optional strict mode.

use std::borrow::Cow;

use super::scan_bytes::skip_ws;
use super::tokens::{Tokenizer, scan, scan_number};
use crate::budget::DecodeBudget;
use crate::error::{DecodeError, DecodeErrorKind};

/// At most this many strict-mode errors are kept, as upstream does.
const MAX_STRICT_ERRORS: usize = 100;

/// One step of the field path. A member is kept as the offset of its key's opening quote and read
/// again only for a message: the path changes at every key, and is read only on errors.
#[derive(Debug, Clone, Copy)]
enum PathSeg {
    Key(usize),
    Index(usize),
}

/// Reads JSON values from a byte slice. Keys match case-sensitively. In strict mode unknown and
/// duplicate fields are collected (`unknown field "spec.foo"`) while decoding goes on.
pub struct JsonReader<'a> {
    input: &'a [u8],
    pos: usize,
    depth: usize,
    strict: bool,
    strict_errors: Vec<String>,
    path: Vec<PathSeg>,
    budget: Option<&'a DecodeBudget>,
}

/// Iterates the members of one object; see [`JsonReader::begin_object`].
pub struct ObjectIter<'a> {
    first: bool,
    pushed: bool,
    /// Keys seen so far, kept only in strict mode to report duplicates.
    seen: SeenKeys<'a>,
}

/// The keys of one object seen so far. A short list is scanned (the common case, and cheaper than
/// hashing); past [`SeenKeys::SCAN_LIMIT`] keys they move to a hash set, so an object with many
/// keys (a hostile body, or a large `annotations` map) costs linear time, not quadratic.
#[derive(Default)]
enum SeenKeys<'a> {
    #[default]
    Empty,
    Few(Vec<Cow<'a, str>>),
    Many(std::collections::HashSet<Cow<'a, str>>),
}

impl<'a> SeenKeys<'a> {
    const SCAN_LIMIT: usize = 16;

    /// Records a key; `false` if it was seen before.
    fn insert(&mut self, key: Cow<'a, str>) -> bool {
        match self {
            SeenKeys::Empty => {
                *self = SeenKeys::Few(vec![key]);
                true
            }
            SeenKeys::Few(keys) => {
                #[cfg(test)]
                tests::KEY_COMPARISONS.with(|c| c.set(c.get() + keys.len() as u64));
                if keys.contains(&key) {
                    return false;
                }
                if keys.len() < Self::SCAN_LIMIT {
                    keys.push(key);
                } else {
                    let mut set: std::collections::HashSet<Cow<'a, str>> = keys.drain(..).collect();
                    set.insert(key);
                    *self = SeenKeys::Many(set);
                }
                true
            }
            SeenKeys::Many(set) => {
                #[cfg(test)]
                tests::KEY_COMPARISONS.with(|c| c.set(c.get() + 1));
                set.insert(key)
            }
        }
    }
}

/// Iterates the elements of one array; see [`JsonReader::begin_array`].
pub struct ArrayIter {
    idx: usize,
    pushed: bool,
}

impl<'a> JsonReader<'a> {
    /// A reader over a whole document.
    pub fn new(input: &'a [u8], strict: bool) -> Self {
        JsonReader { input, pos: 0, depth: 0, strict, strict_errors: Vec::new(), path: Vec::new(), budget: None }
    }

    /// A reader over a whole document whose lists, maps and boxes are charged to `budget`.
    pub fn with_budget(input: &'a [u8], strict: bool, budget: &'a DecodeBudget) -> Self {
        JsonReader { budget: Some(budget), ..JsonReader::new(input, strict) }
    }

    /// Charges `bytes` of element storage to the budget, if there is one; past it, an error at
    /// the current path.
    #[inline]
    pub fn charge(&mut self, bytes: usize) -> Result<(), DecodeError> {
        match self.budget {
            Some(b) if !b.charge(bytes) => Err(self.err(DecodeErrorKind::BudgetExceeded(b.limit()))),
            _ => Ok(()),
        }
    }

    /// Whether strict mode is on.
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// Checks that only whitespace follows and returns the strict-mode errors collected.
    pub fn finish(mut self) -> Result<Vec<String>, DecodeError> {
        self.skip_ws();
        if self.pos < self.input.len() {
            return Err(self.syntax("invalid character after top-level value"));
        }
        Ok(self.strict_errors)
    }

    /// The current field path, e.g. `webhooks[0].sideEffects`.
    pub fn path_string(&self) -> String {
        let mut s = String::new();
        for &seg in &self.path {
            match seg {
                PathSeg::Key(at) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(&self.key_at(at));
                }
                PathSeg::Index(i) => {
                    s.push('[');
                    s.push_str(&i.to_string());
                    s.push(']');
                }
            }
        }
        s
    }

    /// The key whose opening quote is at `at`, unescaped; it was scanned once already, so it reads.
    fn key_at(&self, at: usize) -> Cow<'a, str> {
        match scan(self.input, at) {
            Ok(k) => k.value().unwrap_or(Cow::Borrowed(k.body)),
            Err(_) => Cow::Borrowed("?"),
        }
    }

    /// An error at the current position and path.
    pub fn err(&self, kind: DecodeErrorKind) -> DecodeError {
        let mut e = DecodeError::at_offset(kind, self.pos);
        for &seg in self.path.iter().rev() {
            e = match seg {
                PathSeg::Key(at) => e.in_field(&self.key_at(at)),
                PathSeg::Index(i) => e.in_index(i),
            };
        }
        e
    }

    /// Re-anchors an error from a nested parser (offsets relative to `base`) at the current path.
    fn reanchor(&self, e: DecodeError, base: usize) -> DecodeError {
        let offset = e.offset;
        let mut out = self.err(e.into_kind());
        out.offset = offset.map(|o| o + base);
        out
    }

    #[inline]
    fn skip_ws(&mut self) {
        self.pos = skip_ws(self.input, self.pos);
    }

    #[inline]
    fn peek(&mut self) -> Result<u8, DecodeError> {
        self.skip_ws();
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.truncated()),
        }
    }

    /// The error for input that ends early. Out of line and cold, so that the reader's hot paths
    /// (which all peek) keep no registers and no code for it.
    #[cold]
    #[inline(never)]
    fn truncated(&self) -> DecodeError {
        self.err(DecodeErrorKind::Truncated)
    }

    /// A syntax error at the current position and path; cold like [`JsonReader::truncated`].
    #[cold]
    #[inline(never)]
    fn syntax(&self, message: &'static str) -> DecodeError {
        self.err(DecodeErrorKind::Syntax(message.into()))
    }

    fn found(b: u8) -> &'static str {
        match b {
            b'{' => "object",
            b'[' => "array",
            b'"' => "string",
            b't' | b'f' => "bool",
            b'n' => "null",
            b'-' | b'0'..=b'9' => "number",
            _ => "invalid character",
        }
    }

    fn wrong_type(&self, expected: &'static str, b: u8) -> DecodeError {
        if Self::found(b) == "invalid character" {
            return self.syntax("invalid character looking for beginning of value");
        }
        self.err(DecodeErrorKind::WrongType { expected, found: Self::found(b) })
    }

    /// Consumes `null` if it comes next and says so. Go leaves non-pointer values untouched on null.
    #[inline(always)]
    pub fn try_null(&mut self) -> Result<bool, DecodeError> {
        if self.peek()? == b'n' {
            if self.input.get(self.pos..self.pos + 4) == Some(b"null") {
                self.pos += 4;
                return Ok(true);
            }
            return Err(self.syntax("invalid literal"));
        }
        Ok(false)
    }

    /// The first byte of the next value, without consuming it: lets a hand-written decoder pick a
    /// form by the value's type, as upstream's `UnmarshalJSON` methods look at `data[0]`.
    pub fn peek_value_start(&mut self) -> Result<u8, DecodeError> {
        self.peek()
    }

    /// Runs `decode` with strict checks off. A Go `UnmarshalJSON` that calls `json.Unmarshal` on
    /// its input starts a decoder of its own, which reports no unknown or duplicate fields even
    /// when the outer one is strict; hand-written decoders mirror that with this. Errors still
    /// carry the whole field path.
    pub fn lenient<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T, DecodeError>) -> Result<T, DecodeError> {
        let strict = std::mem::replace(&mut self.strict, false);
        let out = decode(self);
        self.strict = strict;
        out
    }

    /// Opens an object; iterate its keys with [`JsonReader::next_key`].
    pub fn begin_object(&mut self) -> Result<ObjectIter<'a>, DecodeError> {
        let b = self.peek()?;
        if b != b'{' {
            return Err(self.wrong_type("object", b));
        }
        self.enter()?;
        self.pos += 1;
        Ok(ObjectIter { first: true, pushed: false, seen: SeenKeys::Empty })
    }

    fn enter(&mut self) -> Result<(), DecodeError> {
        if self.depth >= crate::MAX_DEPTH {
            return Err(self.err(DecodeErrorKind::TooDeep(crate::MAX_DEPTH)));
        }
        self.depth += 1;
        Ok(())
    }

    /// The next key of the object, or `None` at its end. The key becomes part of the error path
    /// until the next call.
    pub fn next_key(&mut self, it: &mut ObjectIter<'a>) -> Result<Option<Cow<'a, str>>, DecodeError> {
        if it.pushed {
            self.path.pop();
            it.pushed = false;
        }
        let mut b = self.peek()?;
        if b == b'}' {
            self.pos += 1;
            self.depth -= 1;
            return Ok(None);
        }
        if !it.first {
            if b != b',' {
                return Err(self.syntax("expected ',' or '}' after object member"));
            }
            self.pos += 1;
            b = self.peek()?;
        }
        it.first = false;
        if b != b'"' {
            return Err(self.syntax("expected a string object key"));
        }
        let key_at = self.pos;
        let scanned = scan(self.input, self.pos).map_err(|e| self.reanchor(e, 0))?;
        let key = scanned.value().map_err(|e| self.reanchor(e, self.pos))?;
        self.pos = scanned.end;
        if self.peek()? != b':' {
            return Err(self.syntax("expected ':' after object key"));
        }
        self.pos += 1;
        self.path.push(PathSeg::Key(key_at));
        it.pushed = true;
        if self.strict && !it.seen.insert(key.clone()) {
            let msg = format!("duplicate field {:?}", self.path_string());
            self.strict_error(msg);
        }
        Ok(Some(key))
    }

    fn strict_error(&mut self, msg: String) {
        if self.strict_errors.len() < MAX_STRICT_ERRORS && !self.strict_errors.contains(&msg) {
            self.strict_errors.push(msg);
        }
    }

    /// Skips the value of a key no field claims; in strict mode records `unknown field "path"`.
    pub fn unknown_field(&mut self) -> Result<(), DecodeError> {
        if self.strict {
            let msg = format!("unknown field {:?}", self.path_string());
            self.strict_error(msg);
        }
        self.skip_value()
    }

    /// Opens an array; iterate with [`JsonReader::next_element`].
    pub fn begin_array(&mut self) -> Result<ArrayIter, DecodeError> {
        let b = self.peek()?;
        if b != b'[' {
            return Err(self.wrong_type("array", b));
        }
        self.enter()?;
        self.pos += 1;
        Ok(ArrayIter { idx: 0, pushed: false })
    }

    /// Moves to the next element; `false` at the end of the array.
    pub fn next_element(&mut self, it: &mut ArrayIter) -> Result<bool, DecodeError> {
        if it.pushed {
            self.path.pop();
            it.pushed = false;
        }
        let b = self.peek()?;
        if b == b']' {
            self.pos += 1;
            self.depth -= 1;
            return Ok(false);
        }
        if it.idx > 0 {
            if b != b',' {
                return Err(self.syntax("expected ',' or ']' after array element"));
            }
            self.pos += 1;
        }
        self.path.push(PathSeg::Index(it.idx));
        it.pushed = true;
        it.idx += 1;
        Ok(true)
    }

    /// Reads a string value (escapes decoded).
    #[inline]
    pub fn str(&mut self) -> Result<Cow<'a, str>, DecodeError> {
        let b = self.peek()?;
        if b != b'"' {
            return Err(self.wrong_type("string", b));
        }
        let start = self.pos;
        let scanned = scan(self.input, self.pos).map_err(|e| self.reanchor(e, 0))?;
        let s = scanned.value().map_err(|e| self.reanchor(e, start))?;
        self.pos = scanned.end;
        Ok(s)
    }

    /// Reads a string value into an owned `String`.
    #[inline]
    pub fn string(&mut self) -> Result<String, DecodeError> {
        self.str().map(Cow::into_owned)
    }

    /// Reads `true` or `false`.
    pub fn bool(&mut self) -> Result<bool, DecodeError> {
        let b = self.peek()?;
        let (word, v): (&[u8], bool) = match b {
            b't' => (b"true", true),
            b'f' => (b"false", false),
            _ => return Err(self.wrong_type("bool", b)),
        };
        if self.input.get(self.pos..self.pos + word.len()) != Some(word) {
            return Err(self.syntax("invalid literal"));
        }
        self.pos += word.len();
        Ok(v)
    }

    /// Reads the text of a number value.
    pub fn number_text(&mut self) -> Result<&'a str, DecodeError> {
        let b = self.peek()?;
        if !(b == b'-' || b.is_ascii_digit()) {
            return Err(self.wrong_type("number", b));
        }
        let start = self.pos;
        let end = scan_number(self.input, start).map_err(|at| {
            let kind = if at >= self.input.len() {
                DecodeErrorKind::Truncated
            } else {
                DecodeErrorKind::Syntax("invalid number".into())
            };
            self.err(kind)
        })?;
        self.pos = end;
        // The scanner accepted only ASCII digits, signs, dots and exponents.
        std::str::from_utf8(&self.input[start..end]).map_err(|_| self.err(DecodeErrorKind::InvalidUtf8))
    }

    /// Reads an integer that must fit an `i64` exactly (no fraction, no exponent), as Go requires.
    pub fn i64(&mut self) -> Result<i64, DecodeError> {
        let text = self.number_text()?;
        text.parse::<i64>().map_err(|_| {
            let reason =
                if text.contains(['.', 'e', 'E']) { "is not an integer" } else { "overflows the integer type" };
            self.err(DecodeErrorKind::Number { text: text.to_owned(), reason })
        })
    }

    /// Reads an integer that must fit an `i32`.
    pub fn i32(&mut self) -> Result<i32, DecodeError> {
        let v = self.i64()?;
        i32::try_from(v)
            .map_err(|_| self.err(DecodeErrorKind::Number { text: v.to_string(), reason: "overflows int32" }))
    }

    /// Reads an unsigned integer that must fit a `u64`.
    pub fn u64(&mut self) -> Result<u64, DecodeError> {
        let text = self.number_text()?;
        text.parse::<u64>().map_err(|_| {
            let reason =
                if text.contains(['.', 'e', 'E']) { "is not an integer" } else { "overflows the integer type" };
            self.err(DecodeErrorKind::Number { text: text.to_owned(), reason })
        })
    }

    /// Reads an unsigned integer that must fit a `u32`.
    pub fn u32(&mut self) -> Result<u32, DecodeError> {
        let v = self.u64()?;
        u32::try_from(v)
            .map_err(|_| self.err(DecodeErrorKind::Number { text: v.to_string(), reason: "overflows uint32" }))
    }

    /// Reads a float.
    pub fn f64(&mut self) -> Result<f64, DecodeError> {
        let text = self.number_text()?;
        let v: f64 = text
            .parse()
            .map_err(|_| self.err(DecodeErrorKind::Number { text: text.to_owned(), reason: "is not a valid float" }))?;
        if !v.is_finite() {
            return Err(self.err(DecodeErrorKind::Number { text: text.to_owned(), reason: "overflows float64" }));
        }
        Ok(v)
    }

    /// Skips one value of any type.
    pub fn skip_value(&mut self) -> Result<(), DecodeError> {
        self.raw_value().map(|_| ())
    }

    /// Returns the raw bytes of the next value (any type), validated, and moves past it.
    pub fn raw_value(&mut self) -> Result<&'a [u8], DecodeError> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.input[start..];
        let mut tok = Tokenizer::new(rest);
        let mut depth = 0usize;
        loop {
            let t = tok.next_token().map_err(|e| self.reanchor(e, start))?;
            use super::tokens::Token;
            match t {
                None => break,
                Some(Token::BeginObject | Token::BeginArray) => {
                    depth += 1;
                    if self.depth + depth > crate::MAX_DEPTH {
                        return Err(self.err(DecodeErrorKind::TooDeep(crate::MAX_DEPTH)));
                    }
                }
                Some(Token::EndObject | Token::EndArray) => depth -= 1,
                Some(_) => {}
            }
            if depth == 0 && !matches!(t, Some(Token::Key(_))) {
                break;
            }
        }
        self.pos = start + tok.offset();
        Ok(&self.input[start..self.pos])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Key comparisons made by strict duplicate detection on this thread.
        pub(super) static KEY_COMPARISONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn strict_duplicate_detection_is_linear_in_the_keys_of_an_object() {
        let n = 100_000u64;
        let mut doc = String::from("{\"k0\":0");
        for i in 0..n {
            doc.push_str(&format!(",\"k{i}\":1"));
        }
        doc.push('}');
        KEY_COMPARISONS.with(|c| c.set(0));
        let mut r = JsonReader::new(doc.as_bytes(), true);
        let mut it = r.begin_object().unwrap();
        while r.next_key(&mut it).unwrap().is_some() {
            r.unknown_field().unwrap();
        }
        let errors = r.finish().unwrap();
        let work = KEY_COMPARISONS.with(|c| c.get());
        // A list scan up to the limit, then one hash probe per key: far below n²/2 = 5·10⁹.
        assert!(work <= (SeenKeys::SCAN_LIMIT as u64 + 1) * (n + 1), "{work} comparisons for {n} keys");
        assert!(errors.contains(&r#"duplicate field "k0""#.to_owned()), "{errors:?}");
        assert_eq!(errors.len(), MAX_STRICT_ERRORS, "the findings are capped");
    }

    #[test]
    fn reads_objects_and_reports_paths() {
        let input = br#"{"a": [1, {"b": "x"}], "c": true, "a": null, "z": {"q": [1,2]}}"#;
        let mut r = JsonReader::new(input, true);
        let mut obj = r.begin_object().unwrap();
        let mut keys = Vec::new();
        while let Some(k) = r.next_key(&mut obj).unwrap() {
            keys.push(k.to_string());
            match k.as_ref() {
                "c" => assert!(r.bool().unwrap()),
                "z" => r.unknown_field().unwrap(),
                _ => r.skip_value().unwrap(),
            }
        }
        assert_eq!(keys, ["a", "c", "a", "z"]);
        let errs = r.finish().unwrap();
        assert_eq!(errs, [r#"duplicate field "a""#, r#"unknown field "z""#]);
    }

    #[test]
    fn integer_errors_name_the_path() {
        let input = br#"{"w": [{"t": 99999999999}]}"#;
        let mut r = JsonReader::new(input, false);
        let mut obj = r.begin_object().unwrap();
        r.next_key(&mut obj).unwrap();
        let mut arr = r.begin_array().unwrap();
        assert!(r.next_element(&mut arr).unwrap());
        let mut inner = r.begin_object().unwrap();
        r.next_key(&mut inner).unwrap();
        let e = r.i32().unwrap_err();
        assert_eq!(e.path(), "w[0].t");
        assert!(matches!(e.kind, DecodeErrorKind::Number { .. }));
    }

    #[test]
    fn paths_name_escaped_and_non_ascii_keys_as_decoded() {
        // The path keeps where each key starts and reads it again for a message, so the key must
        // come out unescaped, as it did when it was matched.
        let input = "{\"sp\\u0065c\": {\"x\\\"y\": [0, {\"gr\u{fc}n\": \"v\", \"t\": 1.5}]}}".as_bytes();
        let mut r = JsonReader::new(input, true);
        let mut outer = r.begin_object().unwrap();
        assert_eq!(r.next_key(&mut outer).unwrap().as_deref(), Some("spec"));
        let mut mid = r.begin_object().unwrap();
        assert_eq!(r.next_key(&mut mid).unwrap().as_deref(), Some("x\"y"));
        let mut arr = r.begin_array().unwrap();
        assert!(r.next_element(&mut arr).unwrap());
        r.skip_value().unwrap();
        assert!(r.next_element(&mut arr).unwrap());
        let mut inner = r.begin_object().unwrap();
        assert_eq!(r.next_key(&mut inner).unwrap().as_deref(), Some("gr\u{fc}n"));
        r.unknown_field().unwrap();
        assert_eq!(r.next_key(&mut inner).unwrap().as_deref(), Some("t"));
        let e = r.i64().unwrap_err();
        assert_eq!(e.path(), "spec.x\"y[1].t");
        assert_eq!(r.strict_errors, ["unknown field \"spec.x\\\"y[1].gr\u{fc}n\""]);
    }

    #[test]
    fn raw_value_spans_one_value() {
        let input = br#"[ {"a":[1,{}]} , 2]"#;
        let mut r = JsonReader::new(input, false);
        let mut arr = r.begin_array().unwrap();
        r.next_element(&mut arr).unwrap();
        assert_eq!(r.raw_value().unwrap(), br#"{"a":[1,{}]}"#);
        r.next_element(&mut arr).unwrap();
        assert_eq!(r.raw_value().unwrap(), b"2");
        assert!(!r.next_element(&mut arr).unwrap());
        r.finish().unwrap();
    }

    #[test]
    fn wrong_types_and_truncation() {
        let mut r = JsonReader::new(b"12", false);
        assert!(matches!(r.string().unwrap_err().kind, DecodeErrorKind::WrongType { .. }));
        let mut r = JsonReader::new(b"\"abc", false);
        assert!(matches!(r.string().unwrap_err().kind, DecodeErrorKind::Truncated));
        let mut r = JsonReader::new(b"1.5", false);
        assert!(matches!(r.i64().unwrap_err().kind, DecodeErrorKind::Number { .. }));
    }

    #[test]
    fn lenient_sections_report_nothing_and_strictness_comes_back() {
        let input = br#"{"a":{"x":1,"x":2},"b":3,"b":4}"#;
        let mut r = JsonReader::new(input, true);
        let mut obj = r.begin_object().unwrap();
        assert_eq!(r.next_key(&mut obj).unwrap().as_deref(), Some("a"));
        assert_eq!(r.peek_value_start().unwrap(), b'{');
        r.lenient(|r| {
            let mut inner = r.begin_object()?;
            while r.next_key(&mut inner)?.is_some() {
                r.unknown_field()?;
            }
            Ok(())
        })
        .unwrap();
        assert!(r.is_strict());
        while r.next_key(&mut obj).unwrap().is_some() {
            r.skip_value().unwrap();
        }
        assert_eq!(r.finish().unwrap(), vec![r#"duplicate field "b""#.to_owned()]);
    }
}
