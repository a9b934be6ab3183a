//! Go's `netip.ParseAddr` verdicts and messages, for the bracketed hosts of URLs.

/// Go's `ParseAddr`: whether the address is IPv4 (`Is4`), or Go's error text
/// (`ParseAddr("…"): …`). The first `.`, `:` or `%` decides the family.
pub(super) fn parse_addr(s: &[u8]) -> Result<bool, String> {
    for &c in s {
        match c {
            b'.' => return ipv4_fields(s, 0, s.len()).map(|()| true),
            b':' => return ipv6(s).map(|()| false),
            b'%' => return Err(error(s, "missing IPv6 address", None)),
            _ => {}
        }
    }
    Err(error(s, "unable to parse IP", None))
}

/// `parseAddrError.Error()`.
fn error(input: &[u8], msg: &str, at: Option<&[u8]>) -> String {
    let q = super::quote;
    match at {
        Some(at) if !at.is_empty() => format!("ParseAddr({}): {msg} (at {})", q(input), q(at)),
        _ => format!("ParseAddr({}): {msg}", q(input)),
    }
}

/// Go's `parseIPv4Fields` on `input[off..end]`: four decimal fields without leading zeros.
fn ipv4_fields(input: &[u8], off: usize, end: usize) -> Result<(), String> {
    let s = &input[off..end];
    let (mut val, mut pos, mut digits) = (0u32, 0, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(error(input, "IPv4 field has octet with leading zero", None));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(error(input, "IPv4 field has value >255", None));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                return Err(error(input, "IPv4 field must have at least one digit", Some(&s[i..])));
            }
            if pos == 3 {
                return Err(error(input, "IPv4 address too long", None));
            }
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            return Err(error(input, "unexpected character", Some(&s[i..])));
        }
    }
    if pos < 3 {
        return Err(error(input, "IPv4 address too short", None));
    }
    Ok(())
}

/// Go's `parseIPv6`: hex groups, at most one `::`, an optional trailing IPv4 address and an
/// optional non-empty `%zone`.
fn ipv6(input: &[u8]) -> Result<(), String> {
    let (mut s, zone) = match input.iter().position(|&b| b == b'%') {
        Some(i) => {
            if i + 1 == input.len() {
                return Err(error(input, "zone must be a non-empty string", None));
            }
            (&input[..i], &input[i + 1..])
        }
        None => (input, &b""[..]),
    };
    let mut ellipsis = None;
    if s.starts_with(b"::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(());
        }
    }
    let mut i = 0;
    while i < 16 {
        let mut off = 0;
        let mut acc = 0u32;
        while off < s.len() {
            let Some(d) = (s[off] as char).to_digit(16) else { break };
            acc = (acc << 4) + d;
            if off > 3 {
                return Err(error(input, "each group must have 4 or less digits", Some(s)));
            }
            if acc > 0xffff {
                return Err(error(input, "IPv6 field has value >=2^16", Some(s)));
            }
            off += 1;
        }
        if off == 0 {
            return Err(error(input, "each colon-separated field must have at least one digit", Some(s)));
        }
        if s.get(off) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return Err(error(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    Some(s),
                ));
            }
            if i + 4 > 16 {
                return Err(error(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    Some(s),
                ));
            }
            let end = input.len() - if zone.is_empty() { 0 } else { zone.len() + 1 };
            ipv4_fields(input, end - s.len(), end)?;
            s = b"";
            i += 4;
            break;
        }
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' {
            return Err(error(input, "unexpected character, want colon", Some(s)));
        } else if s.len() == 1 {
            return Err(error(input, "colon must be followed by more characters", Some(s)));
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(error(input, "multiple :: in address", Some(s)));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(error(input, "trailing garbage after address", Some(s)));
    }
    match ellipsis {
        None if i < 16 => Err(error(input, "address string too short", None)),
        Some(_) if i >= 16 => Err(error(input, "the :: must expand to at least one field of zeros", Some(s))),
        _ => Ok(()),
    }
}
