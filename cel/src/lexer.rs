//! CEL's tokens: one linear pass over the source, with positions for error messages.

use super::CompileError;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    /// An int literal's magnitude; the parser applies a leading `-` so that `-9223372036854775808`
    /// is representable.
    Int(u64),
    Uint(u64),
    Double(f64),
    Str(String),
    Bytes(Vec<u8>),
    Ident(String),
    True,
    False,
    Null,
    In,
    /// Punctuation and operators, as written (`&&`, `?`, `.`).
    Punct(&'static str),
    Eof,
}

/// A token and the byte offset where it starts.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) at: usize,
}

/// Words CEL reserves: not usable as identifiers.
const RESERVED: &[&str] = &[
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

const PUNCTS: &[&str] = &[
    "&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", ".", ",", "(", ")", "[", "]",
    "{", "}",
];

pub(crate) fn tokenize(src: &str) -> Result<Vec<Token>, CompileError> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if src[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        // String and bytes literals, with their `r`/`b` prefixes in either order and case.
        let mut j = i;
        let (mut raw, mut bytes) = (false, false);
        while j < b.len() && j - i < 2 {
            match b[j] {
                b'r' | b'R' if !raw => raw = true,
                b'b' | b'B' if !bytes => bytes = true,
                _ => break,
            }
            j += 1;
        }
        if j < b.len() && (b[j] == b'"' || b[j] == b'\'') {
            let (tok, end) = string(src, j, raw, bytes)?;
            out.push(Token { tok, at: start });
            i = end;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &src[start..i];
            let tok = match word {
                "true" => Tok::True,
                "false" => Tok::False,
                "null" => Tok::Null,
                "in" => Tok::In,
                // A reserved word may name a field or method after `.` (the authorizer
                // library's `.namespace(…)`), as cel-go checks only identifiers that stand alone.
                w if RESERVED.contains(&w)
                    && !matches!(out.last(), Some(Token { tok: Tok::Punct("." | ".?"), .. })) =>
                {
                    return Err(CompileError::at(src, start, format!("reserved identifier: {w}")));
                }
                w => Tok::Ident(w.to_owned()),
            };
            out.push(Token { tok, at: start });
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let (tok, end) = number(src, i)?;
            out.push(Token { tok, at: start });
            i = end;
            continue;
        }
        match PUNCTS.iter().find(|p| src[i..].starts_with(**p)) {
            Some(p) => {
                out.push(Token { tok: Tok::Punct(p), at: start });
                i += p.len();
            }
            None => {
                let ch = src[i..].chars().next().unwrap_or('?');
                return Err(CompileError::at(src, start, format!("Syntax error: token recognition error at: '{ch}'")));
            }
        }
    }
    out.push(Token { tok: Tok::Eof, at: src.len() });
    Ok(out)
}

fn number(src: &str, start: usize) -> Result<(Tok, usize), CompileError> {
    let b = src.as_bytes();
    let mut i = start;
    let bad = |msg: &str| CompileError::at(src, start, msg.to_owned());
    if src[i..].starts_with("0x") || src[i..].starts_with("0X") {
        i += 2;
        let digits_start = i;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        let n = u64::from_str_radix(&src[digits_start..i], 16).map_err(|_| bad("invalid int literal"))?;
        if i < b.len() && (b[i] == b'u' || b[i] == b'U') {
            return Ok((Tok::Uint(n), i + 1));
        }
        return Ok((Tok::Int(n), i));
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut float = false;
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        float = true;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut k = i + 1;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            k += 1;
        }
        if k < b.len() && b[k].is_ascii_digit() {
            float = true;
            i = k;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    let text = &src[start..i];
    if float {
        let x: f64 = text.parse().map_err(|_| bad("invalid double literal"))?;
        return Ok((Tok::Double(x), i));
    }
    let n: u64 = text.parse().map_err(|_| bad("invalid int literal"))?;
    if i < b.len() && (b[i] == b'u' || b[i] == b'U') {
        return Ok((Tok::Uint(n), i + 1));
    }
    Ok((Tok::Int(n), i))
}

/// A quoted literal starting at `q` (the quote); returns the token and the offset after it.
fn string(src: &str, q: usize, raw: bool, bytes: bool) -> Result<(Tok, usize), CompileError> {
    let quote = &src[q..q + 1];
    let triple = quote.repeat(3);
    let long = src[q..].starts_with(&triple);
    let delim: &str = if long { &triple } else { quote };
    let mut i = q + delim.len();
    let mut out: Vec<u8> = Vec::new();
    let unterminated = || CompileError::at(src, q, "Syntax error: unterminated string literal".to_owned());
    loop {
        let Some(rest) = src.get(i..).filter(|r| !r.is_empty()) else { return Err(unterminated()) };
        if rest.starts_with(delim) {
            i += delim.len();
            break;
        }
        let ch = rest.chars().next().ok_or_else(unterminated)?;
        if !long && (ch == '\n' || ch == '\r') {
            return Err(unterminated());
        }
        if ch != '\\' || raw {
            let mut buf = [0u8; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            i += ch.len_utf8();
            continue;
        }
        let (esc_len, unit) = escape(&src[i..], bytes).ok_or_else(|| {
            CompileError::at(src, i, "Syntax error: invalid escape sequence in string literal".to_owned())
        })?;
        match unit {
            Unit::Byte(x) => out.push(x),
            Unit::Char(c) => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
        i += esc_len;
    }
    if bytes {
        return Ok((Tok::Bytes(out), i));
    }
    // Escapes in a string literal give code points, so the text stays UTF-8.
    let s =
        String::from_utf8(out).map_err(|_| CompileError::at(src, q, "invalid UTF-8 in string literal".to_owned()))?;
    Ok((Tok::Str(s), i))
}

enum Unit {
    Byte(u8),
    Char(char),
}

/// One escape sequence at the start of `s` (which begins with `\`): its length and what it
/// stands for. In bytes literals `\x`/octal escapes are bytes, in strings code points.
fn escape(s: &str, bytes: bool) -> Option<(usize, Unit)> {
    let b = s.as_bytes();
    let c = *b.get(1)?;
    let simple = |ch: char| Some((2, Unit::Char(ch)));
    match c {
        b'a' => simple('\u{7}'),
        b'b' => simple('\u{8}'),
        b'f' => simple('\u{c}'),
        b'n' => simple('\n'),
        b'r' => simple('\r'),
        b't' => simple('\t'),
        b'v' => simple('\u{b}'),
        b'\\' => simple('\\'),
        b'\'' => simple('\''),
        b'"' => simple('"'),
        b'`' => simple('`'),
        b'?' => simple('?'),
        b'x' | b'X' | b'u' | b'U' => {
            let n = match c {
                b'x' | b'X' => 2,
                b'u' => 4,
                _ => 8,
            };
            let hex = s.get(2..2 + n)?;
            let v = u32::from_str_radix(hex, 16).ok()?;
            if bytes && n == 2 {
                return Some((2 + n, Unit::Byte(v as u8)));
            }
            Some((2 + n, Unit::Char(char::from_u32(v)?)))
        }
        b'0'..=b'3' => {
            let oct = s.get(1..4)?;
            let v = u32::from_str_radix(oct, 8).ok()?;
            if bytes {
                return Some((4, Unit::Byte(v as u8)));
            }
            Some((4, Unit::Char(char::from_u32(v)?)))
        }
        _ => None,
    }
}
