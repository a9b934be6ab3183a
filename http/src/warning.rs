//! `Warning:` response headers as the API server writes them (RFC 7234 §5.5: `299 - "text"`): read by clients, and by a server reading back what it wrote.

/// One warning of a `Warning` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The three-digit code; the API server uses 299 ("miscellaneous persistent warning").
    pub code: u16,
    /// The agent (`-` for the API server itself).
    pub agent: String,
    /// The unquoted warning text.
    pub text: String,
}

/// Why a `Warning` header value could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarningParseError(pub String);

impl std::fmt::Display for WarningParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid warning header: {}", self.0)
    }
}

impl std::error::Error for WarningParseError {}

/// Reads a quoted string with backslash escapes; returns the text and the rest after the quote.
fn quoted(s: &str) -> Result<(String, &str), WarningParseError> {
    let Some(body) = s.strip_prefix('"') else {
        return Err(WarningParseError("the text is not a quoted string".into()));
    };
    let mut text = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((text, &body[i + 1..])),
            '\\' => match chars.next() {
                Some((_, e)) => text.push(e),
                None => break,
            },
            c => text.push(c),
        }
    }
    Err(WarningParseError("unterminated quoted text".into()))
}

/// Parses the first warning of a header value; returns it and the remaining warnings' text.
pub fn parse_warning(value: &str) -> Result<(Warning, &str), WarningParseError> {
    let value = value.trim();
    let mut parts = value.splitn(3, ' ');
    let (Some(code), Some(agent), Some(rest)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(WarningParseError("fewer than 3 segments".into()));
    };
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WarningParseError(format!("bad code {code:?}")));
    }
    let code = code.parse::<u16>().map_err(|_| WarningParseError(format!("bad code {code:?}")))?;
    if agent.is_empty() || agent.chars().any(char::is_control) {
        return Err(WarningParseError(format!("bad agent {agent:?}")));
    }
    if rest.is_empty() {
        return Err(WarningParseError("empty text".into()));
    }
    let (text, after) = quoted(rest)?;
    if text.chars().any(char::is_control) {
        return Err(WarningParseError("the text contains control characters".into()));
    }
    let mut remainder = after.trim_start();
    if let Some(date) = remainder.strip_prefix('"') {
        let end = date.find('"').ok_or_else(|| WarningParseError("unterminated date".into()))?;
        remainder = date[end + 1..].trim();
    }
    if !remainder.is_empty() {
        match remainder.strip_prefix(',') {
            Some(r) => remainder = r.trim(),
            None => return Err(WarningParseError(format!("unexpected {remainder:?} after the warning"))),
        }
    }
    Ok((Warning { code, agent: agent.to_owned(), text }, remainder))
}

/// Parses every warning of one header value (possibly several, comma-separated). Parsing stops
/// at the first malformed warning, whose error is returned beside the warnings before it.
pub fn parse_warning_value(value: &str) -> (Vec<Warning>, Option<WarningParseError>) {
    let mut out = Vec::new();
    let mut rest = value.trim();
    while !rest.is_empty() {
        match parse_warning(rest) {
            Ok((w, r)) => {
                out.push(w);
                rest = r;
            }
            Err(e) => return (out, Some(e)),
        }
    }
    (out, None)
}

/// The warnings of all `Warning` headers of a response, in order; malformed values are skipped
/// from the point where they stop parsing.
pub fn warnings_from_headers(headers: &http::HeaderMap) -> Vec<Warning> {
    let mut out = Vec::new();
    for value in headers.get_all(http::header::WARNING) {
        // Header values are bytes; the API server writes UTF-8 text.
        let Ok(s) = std::str::from_utf8(value.as_bytes()) else { continue };
        out.extend(parse_warning_value(s).0);
    }
    out
}
