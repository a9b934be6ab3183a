//! The string formats a custom resource's values are checked against: those apiextensions-apiserver keeps in a schema at 1.36, each checked as kube-openapi's registry checks it.
//!
//! Most checks are regular expressions in Go; the ones here are the same expressions (with Go's
//! ASCII `\s` and `\d` written out, as the `regex` crate's are Unicode) or the same logic by
//! hand where Go calls a parser (`net/url`, `net/mail`, `time`).

mod time;

use std::sync::LazyLock;

use kapi_machinery::validation::content::{is_dns1123_label, is_dns1123_subdomain};
use kapi_machinery::validation::email;
use kapi_machinery::validation::ip::parse_ip_sloppy;
use regex::Regex;

pub use time::{parse_date, parse_date_time, parse_duration};

/// The string formats apiextensions keeps in a schema at the 1.36 server's compatibility version
/// (1.35), with their dashes removed as upstream compares them; [`is_valid`] checks values
/// against each.
pub const SUPPORTED: &[&str] = &[
    "bsonobjectid",
    "uri",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "hexcolor",
    "rgbcolor",
    "byte",
    "password",
    "date",
    "duration",
    "datetime",
    // Since 1.34.
    "k8sshortname",
    "k8slongname",
];

/// Whether apiextensions keeps `format` in a string schema: one of [`SUPPORTED`], dashes aside.
pub fn is_supported(format: &str) -> bool {
    SUPPORTED.contains(&undashed(format).as_str())
}

/// A format's name as upstream compares it: without dashes.
fn undashed(format: &str) -> String {
    format.chars().filter(|&c| c != '-').collect()
}

/// Whether `value` is valid for `format`. A format apiextensions does not support at 1.36 is
/// dropped from the schema, so every value passes it. Names are compared with their dashes
/// removed, as go-openapi's registry and apiextensions' list compare them (`date-time` is
/// `datetime`, `uu-id` is `uuid`).
pub fn is_valid(format: &str, value: &str) -> bool {
    match undashed(format).as_str() {
        "bsonobjectid" => value.len() == 24 && value.bytes().all(|b| b.is_ascii_hexdigit()),
        "uri" => kapi_api_base::url::parse_request_uri(value).is_ok(),
        "email" => email::is_address(value),
        "hostname" => is_hostname(value),
        "ipv4" => parse_ip_sloppy(value).is_some() && value.contains('.'),
        "ipv6" => value.parse::<std::net::IpAddr>().is_ok() && value.contains(':'),
        "cidr" => is_cidr_sloppy(value),
        "mac" => is_mac(value),
        "uuid" => is_uuid(value, None),
        "uuid3" => is_uuid(value, Some(b'3')),
        "uuid4" => is_uuid(value, Some(b'4')),
        "uuid5" => is_uuid(value, Some(b'5')),
        "isbn" => is_isbn10(value) || is_isbn13(value),
        "isbn10" => is_isbn10(value),
        "isbn13" => is_isbn13(value),
        "creditcard" => is_credit_card(value),
        "ssn" => is_ssn(value),
        "hexcolor" => matches(&HEX_COLOR, value),
        "rgbcolor" => matches(&RGB_COLOR, value),
        "byte" => is_base64(value),
        "date" => time::is_date(value),
        "duration" => parse_duration(value).is_some(),
        "datetime" => time::is_date_time(value),
        // Upstream's patterns are a DNS-1123 label's and subdomain's (no limit per part).
        "k8sshortname" => is_dns1123_label(value).is_empty(),
        "k8slongname" => is_dns1123_subdomain(value).is_empty(),
        // `password` takes anything; other names are not kept in a schema.
        _ => true,
    }
}

fn regex(pattern: &str) -> Regex {
    #[allow(clippy::expect_used, reason = "the patterns are constants, compiled by the tests")]
    Regex::new(pattern).expect("a valid pattern")
}

fn matches(re: &LazyLock<Regex>, value: &str) -> bool {
    re.is_match(value)
}

static HEX_COLOR: LazyLock<Regex> = LazyLock::new(|| regex("^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"));
static RGB_COLOR: LazyLock<Regex> = LazyLock::new(|| {
    let n = "(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])";
    let s = "[\t\n\x0c\r ]*";
    regex(&format!(r"^rgb\({s}{n}{s},{s}{n}{s},{s}{n}{s}\)$"))
});
static CREDIT_CARD: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        "^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}\
         |3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$",
    )
});
/// A hostname character: an ASCII letter or digit, or any Unicode letter or symbol.
static HOST_CHAR: LazyLock<Regex> = LazyLock::new(|| regex(r"^[a-zA-Z0-9\p{S}\p{L}]$"));

/// govalidator's `IsBase64`: whole quanta of the standard alphabet, padded, at least one.
fn is_base64(value: &str) -> bool {
    let b = value.as_bytes();
    let alpha = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    if b.is_empty() || !b.len().is_multiple_of(4) {
        return false;
    }
    let (body, last) = b.split_at(b.len() - 4);
    body.iter().all(alpha)
        && match last {
            [a, b2, b'=', b'='] => alpha(a) && alpha(b2),
            [a, b2, c, b'='] => alpha(a) && alpha(b2) && alpha(c),
            quad => quad.iter().all(alpha),
        }
}

/// The UUID patterns: 32 hex digits in groups of 8-4-4-4-12, each dash optional; a version
/// digit first in the third group and, for versions 4 and 5, `8`, `9`, `a` or `b` first in the
/// fourth.
fn is_uuid(value: &str, version: Option<u8>) -> bool {
    let mut groups = [&[][..]; 5];
    let mut rest = value.as_bytes();
    for (i, len) in [8, 4, 4, 4, 12].into_iter().enumerate() {
        if i > 0 && rest.first() == Some(&b'-') {
            rest = &rest[1..];
        }
        let Some((g, r)) = rest.split_at_checked(len) else { return false };
        if !g.iter().all(u8::is_ascii_hexdigit) {
            return false;
        }
        groups[i] = g;
        rest = r;
    }
    if !rest.is_empty() {
        return false;
    }
    match version {
        None => true,
        Some(v) => {
            groups[2][0] == v && (v == b'3' || matches!(groups[3][0].to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b'))
        }
    }
}

/// govalidator's ISBN checks read the number with whitespace and dashes removed.
fn isbn_digits(value: &str) -> Vec<u8> {
    value.bytes().filter(|b| !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ' | b'-')).collect()
}

fn is_isbn10(value: &str) -> bool {
    let s = isbn_digits(value);
    let shape = s.len() == 10 && s[..9].iter().all(u8::is_ascii_digit) && (s[9].is_ascii_digit() || s[9] == b'X');
    if !shape {
        return false;
    }
    let body: u32 = s[..9].iter().enumerate().map(|(i, d)| (i as u32 + 1) * u32::from(d - b'0')).sum();
    let check = if s[9] == b'X' { 10 } else { u32::from(s[9] - b'0') };
    (body + 10 * check).is_multiple_of(11)
}

fn is_isbn13(value: &str) -> bool {
    let s = isbn_digits(value);
    if s.len() != 13 || !s.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = s[..12].iter().enumerate().map(|(i, d)| if i % 2 == 0 { 1 } else { 3 } * u32::from(d - b'0')).sum();
    u32::from(s[12] - b'0') == (10 - sum % 10) % 10
}

/// govalidator's `IsCreditCard`: the digits (anything else dropped) of a known issuer's
/// pattern, with a good Luhn checksum.
fn is_credit_card(value: &str) -> bool {
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    if !CREDIT_CARD.is_match(&digits) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            match (i % 2 == 1, d * 2) {
                (false, _) => d,
                (true, x) if x >= 10 => x % 10 + 1,
                (true, x) => x,
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// govalidator's `IsSSN`: 11 bytes, `ddd-dd-dddd` with each dash a dash or a space.
fn is_ssn(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 11
        && b.iter().enumerate().all(|(i, c)| match i {
            3 | 6 => *c == b'-' || *c == b' ',
            _ => c.is_ascii_digit(),
        })
}

/// kube-openapi's hostname pattern, by hand: a single label of a character and up to 62 more
/// after at most one dash; or labels (a character, then up to 61 characters or dashes and a
/// character) each followed by a dot, then a last label of a character and 1 to 62 more, each
/// after at most one dash. Then at most 255 bytes, and no dot-separated part over 63 bytes.
fn is_hostname(value: &str) -> bool {
    let is_c = |c: char| {
        let mut buf = [0; 4];
        c.is_ascii_alphanumeric() || (!c.is_ascii() && HOST_CHAR.is_match(c.encode_utf8(&mut buf))) || {
            // ASCII symbols (`$`, `+`, `<`, `=`, `>`, `^`, `` ` ``, `|`, `~`) are in `\p{S}`.
            matches!(c, '$' | '+' | '<' | '=' | '>' | '^' | '`' | '|' | '~')
        }
    };
    let labels: Vec<&str> = value.split('.').collect();
    let shape = match labels.as_slice() {
        // One label: a character, then at most one dash and up to 62 characters.
        [only] => {
            let mut cs = only.chars();
            cs.next().is_some_and(is_c) && {
                let rest = cs.as_str();
                let rest = rest.strip_prefix('-').unwrap_or(rest);
                rest.chars().all(is_c) && rest.chars().count() <= 62
            }
        }
        [inner @ .., last] => {
            let inner_ok = |l: &&str| {
                let (first, end) = (l.chars().next(), l.chars().last());
                first.is_some_and(is_c)
                    && end.is_some_and(is_c)
                    && l.chars().count() <= 63
                    && l.chars().all(|c| c == '-' || is_c(c))
            };
            // The last: a character, then 1 to 62 more, each after at most one dash.
            let mut cs = last.chars();
            let (mut n, mut dash) = (0, false);
            let last_ok = cs.next().is_some_and(is_c)
                && cs.all(|c| match c {
                    '-' if !dash => {
                        dash = true;
                        true
                    }
                    c if is_c(c) => {
                        n += 1;
                        dash = false;
                        true
                    }
                    _ => false,
                })
                && !dash
                && (1..=62).contains(&n);
            inner.iter().all(inner_ok) && last_ok
        }
        [] => false,
    };
    shape && value.len() <= 255 && value.split('.').all(|p| p.len() <= 63)
}

/// `ParseCIDRSloppy`: a sloppy address, `/`, and a prefix length in decimal (leading zeros
/// allowed) no longer than the address.
fn is_cidr_sloppy(value: &str) -> bool {
    let Some((ip, bits)) = value.split_once('/') else { return false };
    let Some((ip, _)) = parse_ip_sloppy(ip) else { return false };
    if bits.is_empty() || !bits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let n = bits.trim_start_matches('0');
    let max = if ip.is_ipv4() { 32 } else { 128 };
    n.len() <= 3 && n.parse::<u32>().unwrap_or(0) <= max
}

/// Go's `net.ParseMAC`: 6, 8 or 20 octets as `xx:xx:…`, `xx-xx-…` or `xxxx.xxxx.…`.
fn is_mac(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() < 14 {
        return false;
    }
    let (group, sep) = match (b[2], b[4]) {
        (s @ (b':' | b'-'), _) => (2, s),
        (_, b'.') => (4, b'.'),
        _ => return false,
    };
    let step = group + 1;
    if !(b.len() + 1).is_multiple_of(step) {
        return false;
    }
    let octets = (b.len() + 1) / step * group / 2;
    matches!(octets, 6 | 8 | 20)
        && b.chunks(step).all(|c| c[..group].iter().all(u8::is_ascii_hexdigit) && (c.len() == group || c[group] == sep))
}

#[cfg(test)]
#[path = "formats_tests.rs"]
mod tests;
