//! Go 1.26's `net/url` parsing (`Parse`, `ParseRequestURI`) down to its verdict, its error text and the host, for the `uri` format and the URI alternative names of certificates.
//!
//! Only what a verdict needs is kept: the scheme (lower-cased, as Go keeps it) and the
//! unescaped host. Every step scans its part of the input once, so the reading is linear.

mod netip;

/// What a parsed URL holds that its callers read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Url {
    /// `URL.Scheme`, lower-cased.
    pub scheme: String,
    /// `URL.Host`: host and port, unescaped; empty without an authority.
    pub host: Vec<u8>,
}

/// Go's `url.Parse`: a URI reference (relative or absolute, with an optional fragment), or
/// Go's `*url.Error` text (`parse "…": …`).
pub fn parse(raw: &str) -> Result<Url, String> {
    let (u, frag) = match raw.find('#') {
        Some(i) => (&raw[..i], &raw[i + 1..]),
        None => (raw, ""),
    };
    let url = parse_url(u.as_bytes(), false).map_err(|e| error(u, &e))?;
    // The fragment is only unescaped; a bad one names the whole input.
    unescape(frag.as_bytes(), Mode::Fragment).map_err(|e| error(raw, &e))?;
    Ok(url)
}

/// Go's `url.ParseRequestURI`: an absolute URI or an absolute path, without a fragment.
pub fn parse_request_uri(raw: &str) -> Result<Url, String> {
    parse_url(raw.as_bytes(), true).map_err(|e| error(raw, &e))
}

/// Go's `net.ParseIP` succeeds: an IPv4 or IPv6 address as `netip.ParseAddr` reads it, without
/// a zone.
pub(crate) fn is_ip(s: &[u8]) -> bool {
    !s.contains(&b'%') && netip::parse_addr(s).is_ok()
}

/// `url.Error.Error()` for the `parse` operation.
fn error(url: &str, msg: &str) -> String {
    format!("parse {}: {msg}", quote(url.as_bytes()))
}

/// Go's `strconv.Quote` of bytes: invalid UTF-8 as `\x..`.
pub(crate) use kapi_machinery::validation::go_quote_bytes as quote;

/// Go's `parse`: the URL without its fragment.
fn parse_url(raw: &[u8], via_request: bool) -> Result<Url, String> {
    if raw.iter().any(|&b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    let mut url = Url::default();
    if raw == b"*" {
        return Ok(url);
    }
    let (scheme, rest) = scheme(raw)?;
    url.scheme = String::from_utf8_lossy(scheme).to_ascii_lowercase();
    // A lone trailing `?` forces an empty query; otherwise the query starts at the first `?`.
    let questions = rest.iter().filter(|&&b| b == b'?').count();
    let mut rest = match rest.split_last() {
        Some((b'?', head)) if questions == 1 => head,
        _ => rest.split(|&b| b == b'?').next().unwrap_or(rest),
    };
    if !rest.starts_with(b"/") {
        if !url.scheme.is_empty() {
            // Rootless text after a scheme is opaque.
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        let segment = rest.split(|&b| b == b'/').next().unwrap_or(rest);
        if segment.contains(&b':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    if (!url.scheme.is_empty() || !via_request && !rest.starts_with(b"///")) && rest.starts_with(b"//") {
        let after = &rest[2..];
        let (authority, path) = match after.iter().position(|&b| b == b'/') {
            Some(i) => after.split_at(i),
            None => (after, &b""[..]),
        };
        url.host = authority_host(&url.scheme, authority)?;
        rest = path;
    }
    unescape(rest, Mode::Path)?;
    Ok(url)
}

/// Go's `getScheme`: `[a-zA-Z][a-zA-Z0-9+-.]*` before the first `:`; an error for a `:` first.
fn scheme(raw: &[u8]) -> Result<(&[u8], &[u8]), String> {
    for (i, &c) in raw.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok((b"", raw)),
        }
    }
    Ok((b"", raw))
}

/// Go's `parseAuthority`: the host (checked first), then the user information.
fn authority_host(scheme: &str, authority: &[u8]) -> Result<Vec<u8>, String> {
    let at = authority.iter().rposition(|&b| b == b'@');
    let host = parse_host(scheme, at.map_or(authority, |i| &authority[i + 1..]))?;
    if let Some(i) = at {
        let user = &authority[..i];
        if !std::str::from_utf8(user)
            .is_ok_and(|u| u.chars().all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c)))
        {
            return Err("net/url: invalid userinfo".into());
        }
        // The name and the password are unescaped apart, so an escape cut by the first `:`
        // fails as Go's does.
        match user.iter().position(|&b| b == b':') {
            None => unescape(user, Mode::User)?,
            Some(c) => {
                unescape(&user[..c], Mode::User)?;
                unescape(&user[c + 1..], Mode::User)?
            }
        };
    }
    Ok(host)
}

/// Go 1.26's `parseHost`: a bracketed IPv6 literal (a `%25` zone allowed) with an optional
/// port, or a name with an optional port; colons beyond the port's are refused for `http`
/// and `https` (`urlstrictcolons`), elsewhere the last one starts the port.
fn parse_host(scheme: &str, host: &[u8]) -> Result<Vec<u8>, String> {
    let port_error = |p: &[u8]| format!("invalid port {} after host", quote(p));
    match host.iter().rposition(|&b| b == b'[') {
        Some(i) if i > 0 => return Err("invalid IP-literal".into()),
        Some(_) => {
            let close = host.iter().rposition(|&b| b == b']').ok_or("missing ']' in host")?;
            let colon_port = &host[close + 1..];
            if !valid_optional_port(colon_port) {
                return Err(port_error(colon_port));
            }
            let name = &host[1..close];
            let unescaped = match find(name, b"%25") {
                Some(zone) => {
                    let mut h = unescape(&name[..zone], Mode::Host)?;
                    h.extend(unescape(&name[zone..], Mode::Zone)?);
                    h
                }
                None => unescape(name, Mode::Host)?,
            };
            // Only an IPv6 address may stand in brackets (an IPv4-mapped one included).
            if netip::parse_addr(&unescaped).map_err(|e| format!("invalid host: {e}"))? {
                return Err("invalid IP-literal".into());
            }
            let mut out = Vec::with_capacity(unescaped.len() + 2 + colon_port.len());
            out.push(b'[');
            out.extend(unescaped);
            out.push(b']');
            out.extend(colon_port);
            return Ok(out);
        }
        None => {}
    }
    if let Some(first) = host.iter().position(|&b| b == b':') {
        let last = host.iter().rposition(|&b| b == b':').unwrap_or(first);
        let strict = scheme == "http" || scheme == "https";
        let i = if strict { first } else { last };
        if !valid_optional_port(&host[i..]) {
            return Err(port_error(&host[i..]));
        }
    }
    unescape(host, Mode::Host)
}

/// The first offset where `needle` starts.
fn find(s: &[u8], needle: &[u8]) -> Option<usize> {
    s.windows(needle.len()).position(|w| w == needle)
}

/// Empty, or `:` and digits.
fn valid_optional_port(p: &[u8]) -> bool {
    p.is_empty() || p.strip_prefix(b":").is_some_and(|d| d.iter().all(u8::is_ascii_digit))
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Path,
    User,
    Fragment,
    Host,
    Zone,
}

/// Go's `unescape`: each `%` followed by two hex digits; in a host, escapes only of bytes from
/// 0x80 (or `%25`) and no ASCII byte Go would escape; in a zone, escapes only of bytes a host
/// may hold (or a space).
fn unescape(s: &[u8], mode: Mode) -> Result<Vec<u8>, String> {
    let escape_error = |e: &[u8]| format!("invalid URL escape {}", quote(e));
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            let (Some(h), Some(l)) = (s.get(i + 1).and_then(hex), s.get(i + 2).and_then(hex)) else {
                return Err(escape_error(&s[i..s.len().min(i + 3)]));
            };
            let escaped = &s[i..i + 3];
            if mode == Mode::Host && h < 8 && escaped != b"%25" {
                return Err(escape_error(escaped));
            }
            let v = h << 4 | l;
            if mode == Mode::Zone && escaped != b"%25" && v != b' ' && host_escapes(v) {
                return Err(escape_error(escaped));
            }
            out.push(v);
            i += 3;
        } else {
            if matches!(mode, Mode::Host | Mode::Zone) && s[i] < 0x80 && host_escapes(s[i]) {
                return Err(format!("invalid character {} in host name", quote(&s[i..i + 1])));
            }
            out.push(s[i]);
            i += 1;
        }
    }
    Ok(out)
}

fn hex(c: &u8) -> Option<u8> {
    (*c as char).to_digit(16).map(|d| d as u8)
}

/// Go's `shouldEscape(c, encodeHost)`: all but letters, digits, `-_.~` and the sub-delimiters,
/// `:`, brackets, `<`, `>` and `"`.
fn host_escapes(c: u8) -> bool {
    !(c.is_ascii_alphanumeric() || b"-_.~!$&'()*+,;=:[]<>\"".contains(&c))
}

#[cfg(test)]
#[path = "url/url_tests.rs"]
mod tests;
