//! A validating, non-recursive JSON tokenizer over bytes, used to copy and skip raw JSON.

use std::borrow::Cow;

use super::scan_bytes::{find_string_stop, skip_ws};
use crate::error::{DecodeError, DecodeErrorKind};

/// One token. String bodies are returned still escaped, exactly as they appear in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// `{`: an object opens; each member follows as a [`Token::Key`] and then its value.
    BeginObject,
    /// `}`: the innermost open object closes.
    EndObject,
    /// `[`: an array opens; its elements follow as values.
    BeginArray,
    /// `]`: the innermost open array closes.
    EndArray,
    /// An object key (escaped body, without quotes).
    Key(&'a [u8]),
    /// A string value (escaped body, without quotes).
    String(&'a [u8]),
    /// A number, `true`, `false` or `null`, verbatim.
    Scalar(&'a [u8]),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A value (top level, or after a colon).
    Value,
    /// After `[`: a value or `]`.
    ValueOrEnd,
    /// After `{`: a key or `}`.
    KeyOrEnd,
    /// After `,` in an object.
    Key,
    /// After a key.
    Colon,
    /// After a value inside a container.
    CommaOrEnd,
    /// After the top-level value.
    Done,
}

/// Tokenizes one JSON value and checks that nothing but whitespace follows it.
pub struct Tokenizer<'a> {
    input: &'a [u8],
    pos: usize,
    /// `true` for objects.
    stack: Vec<bool>,
    expect: Expect,
}

impl<'a> Tokenizer<'a> {
    /// A tokenizer over one JSON document.
    pub fn new(input: &'a [u8]) -> Self {
        Tokenizer { input, pos: 0, stack: Vec::new(), expect: Expect::Value }
    }

    /// Current byte offset.
    pub fn offset(&self) -> usize {
        self.pos
    }

    fn err(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::at_offset(kind, self.pos)
    }

    fn syntax(&self, msg: &str) -> DecodeError {
        if self.pos >= self.input.len() {
            self.err(DecodeErrorKind::Truncated)
        } else {
            self.err(DecodeErrorKind::Syntax(msg.to_owned()))
        }
    }

    fn skip_ws(&mut self) {
        self.pos = skip_ws(self.input, self.pos);
    }

    /// The next token, `None` after the complete value, or an error.
    pub fn next_token(&mut self) -> Result<Option<Token<'a>>, DecodeError> {
        loop {
            self.skip_ws();
            let Some(&b) = self.input.get(self.pos) else {
                return if self.expect == Expect::Done { Ok(None) } else { Err(self.err(DecodeErrorKind::Truncated)) };
            };
            match self.expect {
                Expect::Done => return Err(self.syntax("invalid character after top-level value")),
                Expect::Colon => {
                    if b != b':' {
                        return Err(self.syntax("expected ':' after object key"));
                    }
                    self.pos += 1;
                    self.expect = Expect::Value;
                }
                Expect::CommaOrEnd => {
                    let in_obj = self.stack.last().copied().unwrap_or(false);
                    match b {
                        b',' => {
                            self.pos += 1;
                            self.expect = if in_obj { Expect::Key } else { Expect::Value };
                        }
                        b'}' if in_obj => return Ok(Some(self.close(Token::EndObject))),
                        b']' if !in_obj => return Ok(Some(self.close(Token::EndArray))),
                        _ => return Err(self.syntax("expected ',' or a closing bracket")),
                    }
                }
                Expect::KeyOrEnd | Expect::Key => {
                    if b == b'}' && self.expect == Expect::KeyOrEnd {
                        return Ok(Some(self.close(Token::EndObject)));
                    }
                    if b != b'"' {
                        return Err(self.syntax("expected a string object key"));
                    }
                    let body = self.string_body()?;
                    self.expect = Expect::Colon;
                    return Ok(Some(Token::Key(body)));
                }
                Expect::Value | Expect::ValueOrEnd => {
                    if b == b']' && self.expect == Expect::ValueOrEnd {
                        return Ok(Some(self.close(Token::EndArray)));
                    }
                    return self.value_token(b).map(Some);
                }
            }
        }
    }

    fn after_value(&mut self) {
        self.expect = if self.stack.is_empty() { Expect::Done } else { Expect::CommaOrEnd };
    }

    fn close(&mut self, t: Token<'a>) -> Token<'a> {
        self.pos += 1;
        self.stack.pop();
        self.after_value();
        t
    }

    fn value_token(&mut self, b: u8) -> Result<Token<'a>, DecodeError> {
        match b {
            b'{' | b'[' => {
                if self.stack.len() >= crate::MAX_DEPTH {
                    return Err(self.err(DecodeErrorKind::TooDeep(crate::MAX_DEPTH)));
                }
                self.pos += 1;
                let obj = b == b'{';
                self.stack.push(obj);
                self.expect = if obj { Expect::KeyOrEnd } else { Expect::ValueOrEnd };
                Ok(if obj { Token::BeginObject } else { Token::BeginArray })
            }
            b'"' => {
                let body = self.string_body()?;
                self.after_value();
                Ok(Token::String(body))
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                self.pos = scan_number(self.input, self.pos).map_err(|at| {
                    let kind = if at >= self.input.len() {
                        DecodeErrorKind::Truncated
                    } else {
                        DecodeErrorKind::Syntax("invalid number".into())
                    };
                    DecodeError::at_offset(kind, at)
                })?;
                self.after_value();
                Ok(Token::Scalar(&self.input[start..self.pos]))
            }
            _ => Err(self.syntax("invalid character looking for beginning of value")),
        }
    }

    fn literal(&mut self, word: &'static [u8]) -> Result<Token<'a>, DecodeError> {
        let end = self.pos + word.len();
        if end > self.input.len() {
            if word.starts_with(&self.input[self.pos..]) {
                return Err(DecodeError::at_offset(DecodeErrorKind::Truncated, self.input.len()));
            }
            return Err(self.syntax("invalid literal"));
        }
        if &self.input[self.pos..end] != word {
            return Err(self.syntax("invalid literal"));
        }
        let t = &self.input[self.pos..end];
        self.pos = end;
        self.after_value();
        Ok(Token::Scalar(t))
    }

    /// Scans a string starting at the opening quote; returns the escaped body and moves past it.
    fn string_body(&mut self) -> Result<&'a [u8], DecodeError> {
        let scanned = scan(self.input, self.pos)?;
        let (body, end) = (scanned.body.as_bytes(), scanned.end);
        self.pos = end;
        Ok(body)
    }
}

/// A string scanned by [`scan`]: its still-escaped body, the offset after the closing quote, and
/// whether the body holds any escape.
#[derive(Debug, Clone, Copy)]
pub struct Scanned<'a> {
    pub body: &'a str,
    pub end: usize,
    pub escaped: bool,
}

impl<'a> Scanned<'a> {
    /// The string's value: the body itself, or the body unescaped if it holds escapes. Errors are
    /// at offsets within the body.
    pub fn value(&self) -> Result<Cow<'a, str>, DecodeError> {
        if self.escaped { unescape(self.body.as_bytes()).map(Cow::Owned) } else { Ok(Cow::Borrowed(self.body)) }
    }
}

/// Scans a JSON string whose opening quote is at `start`, validating escapes, control characters
/// and UTF-8.
///
/// Inlined for the common case, a plain ASCII string (every key, most values): one search for the
/// first stop byte, which is the closing quote. Anything else goes on in [`scan_slow`].
#[inline(always)]
pub fn scan(input: &[u8], start: usize) -> Result<Scanned<'_>, DecodeError> {
    if let Some(rest) = input.get(start + 1..)
        && let Some(p) = find_string_stop(rest)
        && rest[p] == b'"'
    {
        // SAFETY: every byte before the first stop byte is ASCII (stop bytes include every byte
        // from 0x80), so the body is valid UTF-8.
        let body = unsafe { std::str::from_utf8_unchecked(&rest[..p]) };
        return Ok(Scanned { body, end: start + 1 + p + 1, escaped: false });
    }
    scan_slow(input, start)
}

/// [`scan`] for a string with escapes, control or non-ASCII bytes, or no closing quote. It scans
/// the plain run before the first such byte a second time: handing that position over instead
/// made the Pod fixture's decode 0.5 % more instructions, plain strings being the common case.
#[inline(never)]
fn scan_slow(input: &[u8], start: usize) -> Result<Scanned<'_>, DecodeError> {
    let mut i = start + 1;
    let mut escaped = false;
    loop {
        // Fast path over plain ASCII.
        match input.get(i..).and_then(find_string_stop) {
            Some(p) => i += p,
            None => return Err(DecodeError::at_offset(DecodeErrorKind::Truncated, input.len())),
        }
        let b = input[i];
        match b {
            b'"' => {
                let body = &input[start + 1..i];
                // SAFETY: every byte of `body` was checked above: runs of bytes below 0x80 (ASCII),
                // escapes made only of ASCII bytes, and multi-byte sequences each accepted by
                // `str::from_utf8`. A concatenation of valid UTF-8 sequences is valid UTF-8.
                let body = unsafe { std::str::from_utf8_unchecked(body) };
                return Ok(Scanned { body, end: i + 1, escaped });
            }
            b'\\' => {
                escaped = true;
                let Some(&e) = input.get(i + 1) else {
                    return Err(DecodeError::at_offset(DecodeErrorKind::Truncated, input.len()));
                };
                match e {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                    b'u' => {
                        if i + 6 > input.len() {
                            return Err(DecodeError::at_offset(DecodeErrorKind::Truncated, input.len()));
                        }
                        if !input[i + 2..i + 6].iter().all(u8::is_ascii_hexdigit) {
                            return Err(DecodeError::at_offset(
                                DecodeErrorKind::Syntax("invalid \\u escape".into()),
                                i,
                            ));
                        }
                        i += 6;
                    }
                    _ => {
                        return Err(DecodeError::at_offset(
                            DecodeErrorKind::Syntax("invalid escape in string".into()),
                            i,
                        ));
                    }
                }
            }
            0x00..=0x1f => {
                return Err(DecodeError::at_offset(DecodeErrorKind::Syntax("control character in string".into()), i));
            }
            _ => {
                // Non-ASCII: validate one UTF-8 sequence.
                let n = match b {
                    0xC2..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF4 => 4,
                    _ => return Err(DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, i)),
                };
                let Some(seq) = input.get(i..i + n) else {
                    return Err(DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, i));
                };
                if std::str::from_utf8(seq).is_err() {
                    return Err(DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, i));
                }
                i += n;
            }
        }
    }
}

/// Scans a JSON number starting at `start`; returns the offset after it, or the offset of the error.
pub fn scan_number(input: &[u8], start: usize) -> Result<usize, usize> {
    let mut i = start;
    let at = |i: usize| input.get(i).copied();
    if at(i) == Some(b'-') {
        i += 1;
    }
    match at(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while matches!(at(i), Some(b'0'..=b'9')) {
                i += 1;
            }
        }
        _ => return Err(i),
    }
    if at(i) == Some(b'.') {
        i += 1;
        if !matches!(at(i), Some(b'0'..=b'9')) {
            return Err(i);
        }
        while matches!(at(i), Some(b'0'..=b'9')) {
            i += 1;
        }
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !matches!(at(i), Some(b'0'..=b'9')) {
            return Err(i);
        }
        while matches!(at(i), Some(b'0'..=b'9')) {
            i += 1;
        }
    }
    Ok(i)
}

/// Decodes an escaped string body (as returned by the tokenizer) into a `String`.
pub fn unescape(body: &[u8]) -> Result<String, DecodeError> {
    if !body.contains(&b'\\') {
        return std::str::from_utf8(body)
            .map(str::to_owned)
            .map_err(|_| DecodeError::new(DecodeErrorKind::InvalidUtf8));
    }
    let mut out = String::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if b != b'\\' {
            let next = body[i..].iter().position(|&c| c == b'\\').map_or(body.len(), |p| i + p);
            let chunk =
                std::str::from_utf8(&body[i..next]).map_err(|_| DecodeError::new(DecodeErrorKind::InvalidUtf8))?;
            out.push_str(chunk);
            i = next;
            continue;
        }
        let e = *body.get(i + 1).ok_or_else(|| DecodeError::new(DecodeErrorKind::Truncated))?;
        i += 2;
        match e {
            b'"' => out.push('"'),
            b'\\' => out.push('\\'),
            b'/' => out.push('/'),
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let cp = hex4(body, i)?;
                i += 4;
                if (0xD800..0xDC00).contains(&cp) {
                    // A high surrogate must be followed by an escaped low surrogate, else U+FFFD.
                    if body.get(i) == Some(&b'\\') && body.get(i + 1) == Some(&b'u') {
                        let lo = hex4(body, i + 2)?;
                        if (0xDC00..0xE000).contains(&lo) {
                            let c = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                            i += 6;
                            continue;
                        }
                    }
                    out.push('\u{FFFD}');
                } else {
                    out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                }
            }
            _ => {
                return Err(DecodeError::new(DecodeErrorKind::Syntax("invalid escape in string".into())));
            }
        }
    }
    Ok(out)
}

fn hex4(body: &[u8], i: usize) -> Result<u32, DecodeError> {
    let digits = body.get(i..i + 4).ok_or_else(|| DecodeError::new(DecodeErrorKind::Truncated))?;
    let mut v = 0u32;
    for &d in digits {
        let n = (d as char)
            .to_digit(16)
            .ok_or_else(|| DecodeError::new(DecodeErrorKind::Syntax("invalid \\u escape".into())))?;
        v = v * 16 + n;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &str) -> Result<Vec<Token<'_>>, DecodeError> {
        let mut t = Tokenizer::new(input.as_bytes());
        let mut v = Vec::new();
        while let Some(tok) = t.next_token()? {
            v.push(tok);
        }
        Ok(v)
    }

    #[test]
    fn tokenizes_and_validates() {
        let toks = all(r#"{"a":[1,"x",null],"b":{}}"#).unwrap();
        assert_eq!(toks.len(), 11);
        for bad in [
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":}",
            "[,1]",
            "[1,]",
            "{,}",
            "tru",
            "01",
            "-",
            "1.",
            "1e",
            "\"\\x\"",
            "\"a",
            "{} {}",
            "\"\u{1}\"",
        ] {
            assert!(all(bad).is_err(), "{bad}");
        }
        assert!(matches!(all("[1").unwrap_err().kind, DecodeErrorKind::Truncated));
        let deep = "[".repeat(crate::MAX_DEPTH + 1);
        assert!(matches!(all(&deep).unwrap_err().kind, DecodeErrorKind::TooDeep(_)));
    }

    #[test]
    fn invalid_utf8_is_reported() {
        let mut t = Tokenizer::new(b"\"\xff\"");
        assert!(matches!(t.next_token().unwrap_err().kind, DecodeErrorKind::InvalidUtf8));
    }

    /// The string scan one byte at a time, as it was before the scan skipped runs: the offset
    /// after the closing quote and whether there was an escape, or the error's kind and offset.
    fn scan_bytewise(input: &[u8], start: usize) -> Result<(usize, bool), (String, Option<usize>)> {
        let err = |kind: DecodeErrorKind, at: usize| Err((format!("{kind:?}"), Some(at)));
        let mut i = start + 1;
        let mut escaped = false;
        loop {
            let Some(&b) = input.get(i) else { return err(DecodeErrorKind::Truncated, input.len()) };
            match b {
                b'"' => return Ok((i + 1, escaped)),
                b'\\' => {
                    escaped = true;
                    match input.get(i + 1) {
                        None => return err(DecodeErrorKind::Truncated, input.len()),
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                        Some(b'u') => {
                            if i + 6 > input.len() {
                                return err(DecodeErrorKind::Truncated, input.len());
                            }
                            if !input[i + 2..i + 6].iter().all(u8::is_ascii_hexdigit) {
                                return err(DecodeErrorKind::Syntax("invalid \\u escape".into()), i);
                            }
                            i += 6;
                        }
                        Some(_) => return err(DecodeErrorKind::Syntax("invalid escape in string".into()), i),
                    }
                }
                0x00..=0x1f => return err(DecodeErrorKind::Syntax("control character in string".into()), i),
                0x20..=0x7f => i += 1,
                _ => {
                    let n = match b {
                        0xC2..=0xDF => 2,
                        0xE0..=0xEF => 3,
                        0xF0..=0xF4 => 4,
                        _ => return err(DecodeErrorKind::InvalidUtf8, i),
                    };
                    match input.get(i..i + n).map(std::str::from_utf8) {
                        Some(Ok(_)) => i += n,
                        _ => return err(DecodeErrorKind::InvalidUtf8, i),
                    }
                }
            }
        }
    }

    fn scan_result(input: &[u8]) -> Result<(usize, bool), (String, Option<usize>)> {
        scan(input, 0)
            .map(|s| {
                assert_eq!(s.body.as_bytes(), &input[1..s.end - 1]);
                (s.end, s.escaped)
            })
            .map_err(|e| (format!("{:?}", e.kind), e.offset))
    }

    #[test]
    fn string_scan_agrees_with_the_bytewise_scan() {
        // An escape, a multi-byte character, a bad byte or the closing quote at every offset of
        // bodies crossing the 8- and 16-byte steps of the run scan, each also cut short.
        let pieces: [&[u8]; 22] = [
            b"\\n",
            b"\\\"",
            b"\\u00e9",
            b"\\uD83D\\uDE00",
            b"\\u12",
            b"\\x",
            b"\\",
            b"\xc3\xa9",
            b"\xe2\x80\xa8",
            b"\xf0\x9f\x98\x80",
            b"\xc3",
            b"\xe2\x80",
            b"\xff",
            b"\x80",
            b"\xc0\x80",
            b"\xed\xa0\x80",
            b"\xf5\x80\x80\x80",
            b"\x00",
            b"\x1f",
            b"\x7f",
            b"\"",
            b" ",
        ];
        for piece in pieces {
            for before in 0..34 {
                for after in [0, 1, 7, 16, 20] {
                    let mut doc = vec![b'"'];
                    doc.extend(std::iter::repeat_n(b'a', before));
                    doc.extend_from_slice(piece);
                    doc.extend(std::iter::repeat_n(b'b', after));
                    doc.push(b'"');
                    for cut in [doc.len(), doc.len() - 1, 1 + before + piece.len() / 2] {
                        let input = &doc[..cut];
                        assert_eq!(scan_result(input), scan_bytewise(input, 0), "{:?}", String::from_utf8_lossy(input));
                    }
                }
            }
        }
    }

    #[test]
    fn unescapes() {
        assert_eq!(unescape(br#"a\"b\\c\/\n\u00e9\ud83d\ude00\ud800x"#).unwrap(), "a\"b\\c/\né😀\u{FFFD}x");
    }
}
