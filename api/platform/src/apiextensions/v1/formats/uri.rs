//! The `uri` format: whether Go's `url.ParseRequestURI` reads a value (an absolute URI, or an absolute path, with valid escapes, host and port).

/// Go's `url.ParseRequestURI` succeeds.
pub fn is_request_uri(raw: &str) -> bool {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) || raw.is_empty() {
        return false;
    }
    if raw == "*" {
        return true;
    }
    let Some((scheme, rest)) = scheme(raw) else { return false };
    // A lone trailing `?` forces an empty query; otherwise the query starts at the first `?`.
    let rest = match rest.strip_suffix('?') {
        Some(r) if !r.contains('?') => r,
        _ => rest.split_once('?').map_or(rest, |(r, _)| r),
    };
    if !rest.starts_with('/') {
        // Rootless text after a scheme is opaque; without one a request needs a path.
        return !scheme.is_empty();
    }
    let path = match rest.strip_prefix("//") {
        Some(after) if !scheme.is_empty() => {
            let (authority, path) = after.find('/').map_or((after, ""), |i| after.split_at(i));
            if !valid_authority(authority) {
                return false;
            }
            path
        }
        _ => rest,
    };
    unescape_ok(path, Mode::Path)
}

/// Go's `getScheme`: `[a-zA-Z][a-zA-Z0-9+-.]*` before the first `:`; `None` for a `:` first.
fn scheme(raw: &str) -> Option<(&str, &str)> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return None,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => return Some(("", raw)),
        }
    }
    Some(("", raw))
}

fn valid_authority(authority: &str) -> bool {
    let (user, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    valid_host(host)
        && user.is_none_or(|u| {
            u.chars().all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c))
                && unescape_ok(u, Mode::User)
        })
}

/// Go's `parseHost`: a bracketed IP literal (an optional `%25` zone) and an optional port, or a
/// name whose last `:` starts a port of digits; escapes only of non-ASCII bytes (or `%25`).
fn valid_host(host: &str) -> bool {
    if host.starts_with('[') {
        let Some(end) = host.rfind(']') else { return false };
        if !valid_port(&host[end + 1..]) {
            return false;
        }
        return match host[..end].find("%25") {
            Some(zone) => {
                unescape_ok(&host[..zone], Mode::Host)
                    && unescape_ok(&host[zone..end], Mode::Zone)
                    && unescape_ok(&host[end..], Mode::Host)
            }
            None => unescape_ok(host, Mode::Host),
        };
    }
    if let Some(i) = host.rfind(':')
        && !valid_port(&host[i..])
    {
        return false;
    }
    unescape_ok(host, Mode::Host)
}

/// Empty, or `:` and digits.
fn valid_port(p: &str) -> bool {
    p.is_empty() || p.strip_prefix(':').is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()))
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Path,
    User,
    Host,
    Zone,
}

/// Go's `unescape` finds no error: each `%` followed by two hex digits; in a host, escapes only
/// of bytes from 0x80 (or `%25`) and no ASCII byte Go would escape; in a zone, escapes only of
/// bytes a host may hold.
fn unescape_ok(s: &str, mode: Mode) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let (Some(h), Some(l)) = (b.get(i + 1).and_then(hex), b.get(i + 2).and_then(hex)) else { return false };
            let escaped = &s[i..i + 3];
            if mode == Mode::Host && h < 8 && escaped != "%25" {
                return false;
            }
            let v = h << 4 | l;
            if mode == Mode::Zone && escaped != "%25" && v != b' ' && host_escapes(v) {
                return false;
            }
            i += 3;
        } else {
            if matches!(mode, Mode::Host | Mode::Zone) && b[i] < 0x80 && host_escapes(b[i]) {
                return false;
            }
            i += 1;
        }
    }
    true
}

fn hex(c: &u8) -> Option<u8> {
    (*c as char).to_digit(16).map(|d| d as u8)
}

/// Go's `shouldEscape(c, encodeHost)`: all but letters, digits, `-_.~` and the sub-delimiters,
/// `:`, brackets, `<`, `>` and `"`.
fn host_escapes(c: u8) -> bool {
    !(c.is_ascii_alphanumeric() || b"-_.~!$&'()*+,;=:[]<>\"".contains(&c))
}
