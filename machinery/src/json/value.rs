//! A generic JSON value that keeps object member order and number text, used for YAML and raw JSON.

use crate::error::{DecodeError, DecodeErrorKind};
use crate::json::escape::write_json_string;

/// A JSON value. Numbers keep their original text so integers of any size survive unchanged;
/// object members keep their order (YAML output sorts them itself).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// The number's text as JSON writes it, e.g. `1`, `-3`, `2.5`, `1e+21`.
    Number(String),
    /// A string, its escapes decoded.
    String(String),
    /// An array, its elements in order.
    Array(Vec<Value>),
    /// An object's members in document order. A repeated name is kept twice, as parsed;
    /// [`Value::get`] reads the last, as Go's decoder does.
    Object(Vec<(String, Value)>),
}

/// Parses one strict RFC 8259 JSON document. Whitespace may surround the value; anything else
/// after it is an error. Number text is kept verbatim, string escapes are decoded (a lone
/// surrogate becomes U+FFFD, as Go does), and nesting deeper than [`crate::MAX_DEPTH`] is refused.
pub fn parse(input: &[u8]) -> Result<Value, DecodeError> {
    let mut p = Parser { input, pos: 0 };
    let value = p.parse_document()?;
    p.skip_ws();
    if p.pos < input.len() {
        return Err(p.syntax("invalid character after top-level value"));
    }
    Ok(value)
}

/// JSON equality: objects compare regardless of member order, numbers by value.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y || matches!((x.parse::<f64>(), y.parse::<f64>()), (Ok(p), Ok(q)) if p == q)
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q)),
        (Value::Object(x), Value::Object(y)) if x.len() <= 16 && y.len() <= 16 => {
            let distinct = |m: &[(String, Value)]| {
                let mut keys: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
                keys.sort_unstable();
                keys.dedup();
                keys.len()
            };
            distinct(x) == distinct(y)
                && x.iter().all(|(k, v)| b.get(k).is_some_and(|w| json_eq(a.get(k).unwrap_or(v), w)))
        }
        // Past 16 members each side's first value of every key goes into a map: looking every
        // key up by a scan of the other object was quadratic in the members.
        (Value::Object(x), Value::Object(y)) => {
            let (fx, fy) = (last_members(x), last_members(y));
            fx.len() == fy.len() && fx.iter().all(|(k, v)| fy.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// An object's members by key, the last of each repeated key (the one `Value::get` finds).
fn last_members(m: &[(String, Value)]) -> std::collections::HashMap<&str, &Value> {
    m.iter().map(|(k, v)| (k.as_str(), v)).collect()
}

impl Value {
    /// The name Go's `encoding/json` gives this value's kind in an `UnmarshalTypeError`
    /// (`json: cannot unmarshal number into Go value of type string`).
    pub fn go_kind_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// Appends the value as compact JSON, the way Go's `encoding/json` writes it: no spaces,
    /// HTML-safe string escaping, numbers verbatim and object members in stored order.
    pub fn write_compact(&self, out: &mut Vec<u8>) {
        // An explicit stack keeps deep values from exhausting the call stack.
        enum Item<'a> {
            Value(&'a Value),
            Key(&'a str),
            Byte(u8),
        }
        let mut stack = vec![Item::Value(self)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Byte(b) => out.push(b),
                Item::Key(k) => {
                    write_json_string(out, k);
                    out.push(b':');
                }
                Item::Value(v) => match v {
                    Value::Null => out.extend_from_slice(b"null"),
                    Value::Bool(true) => out.extend_from_slice(b"true"),
                    Value::Bool(false) => out.extend_from_slice(b"false"),
                    Value::Number(n) => out.extend_from_slice(n.as_bytes()),
                    Value::String(s) => write_json_string(out, s),
                    Value::Array(items) => {
                        out.push(b'[');
                        stack.push(Item::Byte(b']'));
                        for (i, item) in items.iter().enumerate().rev() {
                            stack.push(Item::Value(item));
                            if i > 0 {
                                stack.push(Item::Byte(b','));
                            }
                        }
                    }
                    Value::Object(members) => {
                        out.push(b'{');
                        stack.push(Item::Byte(b'}'));
                        for (i, (k, v)) in members.iter().enumerate().rev() {
                            stack.push(Item::Value(v));
                            stack.push(Item::Key(k));
                            if i > 0 {
                                stack.push(Item::Byte(b','));
                            }
                        }
                    }
                },
            }
        }
    }

    /// The value as compact JSON bytes; see [`Value::write_compact`].
    pub fn to_compact_vec(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_compact(&mut out);
        out
    }

    /// The member named `key` of an object (the last one when the name repeats).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string inside a `Value::String`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

/// A container being filled while parsing.
enum Frame {
    Array(Vec<Value>),
    /// Members so far, and the key whose value is being parsed.
    Object(Vec<(String, Value)>, String),
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn syntax(&self, msg: &str) -> DecodeError {
        DecodeError::at_offset(DecodeErrorKind::Syntax(msg.to_owned()), self.pos)
    }

    fn truncated(&self) -> DecodeError {
        DecodeError::at_offset(DecodeErrorKind::Truncated, self.input.len())
    }

    fn skip_ws(&mut self) {
        self.pos = super::scan_bytes::skip_ws(self.input, self.pos);
    }

    /// The next non-whitespace byte, or a truncation error.
    fn peek_non_ws(&mut self) -> Result<u8, DecodeError> {
        self.skip_ws();
        self.input.get(self.pos).copied().ok_or_else(|| self.truncated())
    }

    fn parse_document(&mut self) -> Result<Value, DecodeError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            // Parse one value start; containers push a frame and continue with their contents.
            let b = self.peek_non_ws()?;
            let mut value = match b {
                b'{' => {
                    self.pos += 1;
                    if stack.len() >= crate::MAX_DEPTH {
                        return Err(DecodeError::at_offset(DecodeErrorKind::TooDeep(crate::MAX_DEPTH), self.pos - 1));
                    }
                    if self.peek_non_ws()? == b'}' {
                        self.pos += 1;
                        Value::Object(Vec::new())
                    } else {
                        let key = self.parse_key()?;
                        stack.push(Frame::Object(Vec::new(), key));
                        continue;
                    }
                }
                b'[' => {
                    self.pos += 1;
                    if stack.len() >= crate::MAX_DEPTH {
                        return Err(DecodeError::at_offset(DecodeErrorKind::TooDeep(crate::MAX_DEPTH), self.pos - 1));
                    }
                    if self.peek_non_ws()? == b']' {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue;
                    }
                }
                _ => self.parse_scalar()?,
            };
            // Hand the finished value to its container, closing containers as they end.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return Ok(value);
                };
                let b = self.peek_non_ws()?;
                match frame {
                    Frame::Array(items) => {
                        items.push(value);
                        match b {
                            b',' => {
                                self.pos += 1;
                                break;
                            }
                            b']' => {
                                self.pos += 1;
                                let Some(Frame::Array(items)) = stack.pop() else {
                                    return Err(self.syntax("internal parser state"));
                                };
                                value = Value::Array(items);
                            }
                            _ => return Err(self.syntax("expected ',' or ']' after array element")),
                        }
                    }
                    Frame::Object(members, key) => {
                        members.push((std::mem::take(key), value));
                        match b {
                            b',' => {
                                self.pos += 1;
                                self.peek_non_ws()?;
                                *key = self.parse_key()?;
                                break;
                            }
                            b'}' => {
                                self.pos += 1;
                                let Some(Frame::Object(members, _)) = stack.pop() else {
                                    return Err(self.syntax("internal parser state"));
                                };
                                value = Value::Object(members);
                            }
                            _ => return Err(self.syntax("expected ',' or '}' after object member")),
                        }
                    }
                }
            }
        }
    }

    /// Parses `"key" :` with surrounding whitespace, leaving the position at the value.
    fn parse_key(&mut self) -> Result<String, DecodeError> {
        let b = self.peek_non_ws()?;
        if b != b'"' {
            return Err(self.syntax("expected string for object key"));
        }
        let key = self.parse_string()?;
        if self.peek_non_ws()? != b':' {
            return Err(self.syntax("expected ':' after object key"));
        }
        self.pos += 1;
        Ok(key)
    }

    fn parse_scalar(&mut self) -> Result<Value, DecodeError> {
        match self.input.get(self.pos).copied() {
            None => Err(self.truncated()),
            Some(b'"') => Ok(Value::String(self.parse_string()?)),
            Some(b't') => self.parse_literal(b"true", Value::Bool(true)),
            Some(b'f') => self.parse_literal(b"false", Value::Bool(false)),
            Some(b'n') => self.parse_literal(b"null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.parse_number(),
            Some(_) => Err(self.syntax("invalid character looking for beginning of value")),
        }
    }

    fn parse_literal(&mut self, word: &[u8], value: Value) -> Result<Value, DecodeError> {
        for &expected in word {
            match self.input.get(self.pos) {
                None => return Err(self.truncated()),
                Some(&b) if b == expected => self.pos += 1,
                Some(_) => return Err(self.syntax("invalid character in literal")),
            }
        }
        Ok(value)
    }

    fn parse_number(&mut self) -> Result<Value, DecodeError> {
        let start = self.pos;
        let input = self.input;
        let digit = |pos: usize| input.get(pos).is_some_and(u8::is_ascii_digit);
        if input.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        match input.get(self.pos) {
            None => return Err(self.truncated()),
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                while digit(self.pos) {
                    self.pos += 1;
                }
            }
            Some(_) => return Err(self.syntax("invalid character in numeric literal")),
        }
        if input.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if self.pos >= input.len() {
                return Err(self.truncated());
            }
            if !digit(self.pos) {
                return Err(self.syntax("invalid character after decimal point in numeric literal"));
            }
            while digit(self.pos) {
                self.pos += 1;
            }
        }
        if matches!(input.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(input.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.pos >= input.len() {
                return Err(self.truncated());
            }
            if !digit(self.pos) {
                return Err(self.syntax("invalid character in exponent of numeric literal"));
            }
            while digit(self.pos) {
                self.pos += 1;
            }
        }
        // The grammar above only admits ASCII, so the slice is valid UTF-8.
        let text = String::from_utf8_lossy(&input[start..self.pos]).into_owned();
        Ok(Value::Number(text))
    }

    /// Reads four hex digits at the position, or reports why not.
    fn hex4(&mut self) -> Result<u32, DecodeError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let Some(&b) = self.input.get(self.pos) else {
                return Err(self.truncated());
            };
            let d = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => {
                    return Err(self.syntax("invalid character in \\u hexadecimal character escape"));
                }
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    /// Parses a string starting at the opening quote.
    fn parse_string(&mut self) -> Result<String, DecodeError> {
        self.pos += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            // Copy a run of plain bytes at once.
            let run_start = self.pos;
            while let Some(&b) = self.input.get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            let run = &self.input[run_start..self.pos];
            if let Err(e) = std::str::from_utf8(run) {
                return Err(DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, run_start + e.valid_up_to()));
            }
            out.extend_from_slice(run);
            let Some(&b) = self.input.get(self.pos) else {
                return Err(self.truncated());
            };
            match b {
                b'"' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => {
                    self.pos += 1;
                    let Some(&e) = self.input.get(self.pos) else {
                        return Err(self.truncated());
                    };
                    self.pos += 1;
                    let simple = match e {
                        b'"' => Some(b'"'),
                        b'\\' => Some(b'\\'),
                        b'/' => Some(b'/'),
                        b'b' => Some(0x08),
                        b'f' => Some(0x0c),
                        b'n' => Some(b'\n'),
                        b'r' => Some(b'\r'),
                        b't' => Some(b'\t'),
                        b'u' => None,
                        _ => {
                            self.pos -= 1;
                            return Err(self.syntax("invalid character in string escape code"));
                        }
                    };
                    if let Some(c) = simple {
                        out.push(c);
                        continue;
                    }
                    let first = self.hex4()?;
                    let ch = if (0xD800..0xDC00).contains(&first) {
                        // A high surrogate pairs only with an immediately following low one.
                        let save = self.pos;
                        if self.input.get(self.pos) == Some(&b'\\') && self.input.get(self.pos + 1) == Some(&b'u') {
                            self.pos += 2;
                            match self.hex4() {
                                Ok(second) if (0xDC00..0xE000).contains(&second) => {
                                    char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                                        .unwrap_or('\u{FFFD}')
                                }
                                _ => {
                                    self.pos = save;
                                    '\u{FFFD}'
                                }
                            }
                        } else {
                            '\u{FFFD}'
                        }
                    } else {
                        char::from_u32(first).unwrap_or('\u{FFFD}')
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                _ => return Err(self.syntax("invalid character in string literal")),
            }
        }
        String::from_utf8(out)
            .map_err(|e| DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, e.utf8_error().valid_up_to()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Value {
        Value::String(v.to_owned())
    }

    fn n(v: &str) -> Value {
        Value::Number(v.to_owned())
    }

    #[test]
    fn go_kind_names_are_encoding_json_s() {
        let kinds: Vec<_> =
            [Value::Null, Value::Bool(true), n("1"), s("x"), Value::Array(vec![]), Value::Object(vec![])]
                .iter()
                .map(Value::go_kind_name)
                .collect();
        assert_eq!(kinds, ["null", "bool", "number", "string", "array", "object"]);
    }

    #[test]
    fn parses_scalars_and_containers() {
        assert_eq!(parse(b" null ").unwrap(), Value::Null);
        assert_eq!(parse(b"true").unwrap(), Value::Bool(true));
        assert_eq!(parse(b"false").unwrap(), Value::Bool(false));
        assert_eq!(parse(b"-0").unwrap(), n("-0"));
        assert_eq!(parse(b"1.50e+10").unwrap(), n("1.50e+10"));
        assert_eq!(parse(b"123456789012345678901234567890").unwrap(), n("123456789012345678901234567890"));
        assert_eq!(parse(b"[]").unwrap(), Value::Array(vec![]));
        assert_eq!(parse(b"{}").unwrap(), Value::Object(vec![]));
        assert_eq!(
            parse(b"{\"b\": [1, {\"c\": null}], \"a\": \"x\", \"b\": 2}").unwrap(),
            Value::Object(vec![
                ("b".into(), Value::Array(vec![n("1"), Value::Object(vec![("c".into(), Value::Null)])])),
                ("a".into(), s("x")),
                ("b".into(), n("2")),
            ])
        );
    }

    #[test]
    fn decodes_string_escapes() {
        assert_eq!(parse(br#""a\"b\\c\/d\b\f\n\r\t""#).unwrap(), s("a\"b\\c/d\u{8}\u{c}\n\r\t"));
        assert_eq!(parse(br#""\u00e9\u20AC""#).unwrap(), s("é€"));
        assert_eq!(parse(br#""\ud83d\ude00""#).unwrap(), s("😀"));
        assert_eq!(parse(br#""\ud83dx""#).unwrap(), s("\u{FFFD}x"));
        assert_eq!(parse(br#""\ude00""#).unwrap(), s("\u{FFFD}"));
        assert_eq!(parse(br#""\ud83d\u0041""#).unwrap(), s("\u{FFFD}A"));
        assert_eq!(parse("\"héllo\"".as_bytes()).unwrap(), s("héllo"));
    }

    #[test]
    fn reports_errors() {
        let kind = |input: &[u8]| parse(input).unwrap_err().into_kind();
        assert_eq!(kind(b""), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"[1,"), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"{\"a\""), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"\"abc"), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"tru"), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"1."), DecodeErrorKind::Truncated);
        assert_eq!(kind(b"\"\xff\""), DecodeErrorKind::InvalidUtf8);
        assert!(matches!(kind(b"01"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"[1,]"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"{\"a\":1,}"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"{a:1}"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"1 2"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"\"a\nb\""), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"\"\\x\""), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"+1"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"1.e5"), DecodeErrorKind::Syntax(_)));
        assert!(matches!(kind(b"nul!"), DecodeErrorKind::Syntax(_)));
        assert_eq!(parse(b"[1,]").unwrap_err().offset, Some(3));
    }

    #[test]
    fn limits_depth() {
        let ok = format!("{}{}", "[".repeat(crate::MAX_DEPTH), "]".repeat(crate::MAX_DEPTH));
        assert!(parse(ok.as_bytes()).is_ok());
        let deep = format!("{}{}", "[".repeat(crate::MAX_DEPTH + 1), "]".repeat(crate::MAX_DEPTH + 1));
        assert_eq!(parse(deep.as_bytes()).unwrap_err().kind, DecodeErrorKind::TooDeep(crate::MAX_DEPTH));
        let hostile = "[{\"a\":".repeat(100_000);
        assert_eq!(parse(hostile.as_bytes()).unwrap_err().kind, DecodeErrorKind::TooDeep(crate::MAX_DEPTH));
    }

    #[test]
    fn writes_compact_like_go() {
        let v = parse(br#" { "b" : [ 1 , 2.50 , "<&>" ] , "a" : { } , "c" : [ ] , "d" : null } "#).unwrap();
        assert_eq!(
            String::from_utf8(v.to_compact_vec()).unwrap(),
            r#"{"b":[1,2.50,"\u003c\u0026\u003e"],"a":{},"c":[],"d":null}"#
        );
    }

    #[test]
    fn accessors() {
        let v = parse(br#"{"a":1,"b":"x","a":2}"#).unwrap();
        assert_eq!(v.get("a"), Some(&n("2")));
        assert_eq!(v.get("b").and_then(Value::as_str), Some("x"));
        assert_eq!(v.get("c"), None);
        assert_eq!(Value::Null.get("a"), None);
    }

    #[test]
    fn never_panics_on_garbage() {
        let samples: &[&[u8]] = &[
            b"{",
            b"}",
            b"[",
            b"]",
            b",",
            b":",
            b"\"",
            b"\\",
            b"-",
            b"--1",
            b"1e",
            b"1e+",
            b"0x1",
            b"\"\\u12",
            b"\"\\ud800\\u",
            b"{\"a\" 1}",
            b"{1:2}",
            b"[1 2]",
            b"\xef\xbb\xbf{}",
            b"\x00",
            b"nulll",
            b"[\"\xc3\"]",
        ];
        for s in samples {
            let _ = parse(s);
        }
        // Every prefix of a valid document fails cleanly.
        let doc = br#"{"a":[1,-2.5e-3,"x\u00e9\ud83d\ude00",true,false,null,{}],"b":{"c":[]}}"#;
        for i in 0..doc.len() {
            assert!(parse(&doc[..i]).is_err());
        }
        assert!(parse(doc).is_ok());
    }
}
