//! YAML 1.1 implicit typing of plain scalars as yaml.v2 `resolve.go` does it, with Go's `strconv` grammars.

/// The long form of the core schema tags.
pub(super) const TAG_PREFIX: &str = "tag:yaml.org,2002:";
pub(super) const STR_TAG: &str = "tag:yaml.org,2002:str";
pub(super) const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
pub(super) const INT_TAG: &str = "tag:yaml.org,2002:int";
pub(super) const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
pub(super) const NULL_TAG: &str = "tag:yaml.org,2002:null";
pub(super) const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
pub(super) const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
pub(super) const MERGE_TAG: &str = "tag:yaml.org,2002:merge";

/// What a scalar resolves to. Timestamps are kept apart because yaml.v2 decodes them into
/// `interface{}` as their original text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Resolved {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Timestamp,
    Str,
}

impl Resolved {
    /// The long tag yaml.v2 reports for the value.
    pub(super) fn tag(self) -> &'static str {
        match self {
            Resolved::Null => NULL_TAG,
            Resolved::Bool(_) => BOOL_TAG,
            Resolved::Int(_) | Resolved::Uint(_) => INT_TAG,
            Resolved::Float(_) => FLOAT_TAG,
            Resolved::Timestamp => TIMESTAMP_TAG,
            Resolved::Str => STR_TAG,
        }
    }
}

/// The `!!x` short form of a long core tag, as yaml.v2 writes tags in messages.
pub(super) fn short_tag(tag: &str) -> String {
    match tag.strip_prefix(TAG_PREFIX) {
        Some(rest) => format!("!!{rest}"),
        None => tag.to_owned(),
    }
}

/// Resolves an untagged plain scalar (yaml.v2 `resolve("", s)`).
pub(super) fn resolve_plain(s: &str) -> Resolved {
    resolve_untagged(s, true)
}

/// The resolution shared by the untagged case and resolvable explicit tags. `try_timestamp`
/// is true when there is no tag or the tag is `!!timestamp`.
fn resolve_untagged(s: &str, try_timestamp: bool) -> Resolved {
    let Some(&first) = s.as_bytes().first() else {
        return Resolved::Null;
    };
    let hint = match first {
        b'+' | b'-' => b'S',
        b'0'..=b'9' => b'D',
        b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~' => b'M',
        b'.' => b'.',
        _ => return Resolved::Str,
    };
    if let Some(r) = lookup_map(s) {
        return r;
    }
    match hint {
        b'.' => {
            if let Some(f) = go_parse_float(s) {
                return Resolved::Float(f);
            }
        }
        b'D' | b'S' => {
            if try_timestamp && is_timestamp(s) {
                return Resolved::Timestamp;
            }
            let plain: String = s.chars().filter(|&c| c != '_').collect();
            if let Ok(u) = go_parse_uint_base0(plain.strip_prefix(['+', '-']).unwrap_or(&plain)) {
                let neg = plain.starts_with('-');
                if neg && u <= 1u64 << 63 {
                    return Resolved::Int((u as i64).wrapping_neg());
                }
                if !neg && i64::try_from(u).is_ok() {
                    return Resolved::Int(u as i64);
                }
                // `ParseUint` takes no sign, so only an unsigned value above int64 remains.
                if !plain.starts_with(['+', '-']) {
                    return Resolved::Uint(u);
                }
            }
            if is_yaml_style_float(&plain)
                && let Some(f) = go_parse_float(&plain)
            {
                return Resolved::Float(f);
            }
            // The `0b`/`-0b` fallbacks of resolve.go only repeat what base-0 parsing already did.
        }
        _ => {}
    }
    Resolved::Str
}

/// The fixed words of yaml.v2's resolve table.
fn lookup_map(s: &str) -> Option<Resolved> {
    Some(match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Resolved::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Resolved::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Resolved::Null,
        ".nan" | ".NaN" | ".NAN" => Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Resolved::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Resolved::Float(f64::NEG_INFINITY),
        _ => return None,
    })
}

/// An error from resolving a scalar against an explicit tag.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TagMismatch {
    pub(super) message: String,
}

/// Resolves a scalar carrying an explicit (long-form) tag, as yaml.v2 `resolve(tag, s)` does.
/// Tags outside the core resolvable set leave the text a string.
pub(super) fn resolve_tagged(tag: &str, s: &str) -> Result<Resolved, TagMismatch> {
    let resolvable = matches!(tag, "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG);
    if !resolvable || tag == STR_TAG {
        return Ok(Resolved::Str);
    }
    let r = resolve_untagged(s, tag.is_empty() || tag == TIMESTAMP_TAG);
    let rtag = r.tag();
    if tag.is_empty() || rtag == tag {
        return Ok(r);
    }
    if tag == FLOAT_TAG
        && let Resolved::Int(i) = r
    {
        return Ok(Resolved::Float(i as f64));
    }
    Err(TagMismatch { message: format!("cannot decode {} `{}` as a {}", short_tag(rtag), s, short_tag(tag)) })
}

/// Go `strconv.ParseUint(s, 0, 64)` without a sign: base prefixes `0b`, `0o`, `0x`, a leading `0`
/// for octal, otherwise decimal. Underscores were removed by the caller.
fn go_parse_uint_base0(s: &str) -> Result<u64, ()> {
    let b = s.as_bytes();
    if b.is_empty() {
        return Err(());
    }
    let (base, digits): (u64, &[u8]) = if b[0] == b'0' {
        if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'b') {
            (2, &b[2..])
        } else if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'o') {
            (8, &b[2..])
        } else if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'x') {
            (16, &b[2..])
        } else {
            (8, &b[1..])
        }
    } else {
        (10, b)
    };
    let mut n: u64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => u64::from(c - b'0'),
            b'a'..=b'z' => u64::from(c - b'a') + 10,
            b'A'..=b'Z' => u64::from(c - b'A') + 10,
            _ => return Err(()),
        };
        if d >= base {
            return Err(());
        }
        n = n.checked_mul(base).and_then(|n| n.checked_add(d)).ok_or(())?;
    }
    Ok(n)
}

/// The regular expression `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$` of resolve.go.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go `strconv.ParseFloat(s, 64)` for the inputs resolve.go hands it, which start with `.` or
/// match the YAML float pattern: decimal syntax with underscores allowed between digits. `None`
/// where Go fails, including values out of range.
pub(super) fn go_parse_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut clean = String::with_capacity(b.len());
    if let Some(&c) = b.first()
        && (c == b'+' || c == b'-')
    {
        clean.push(char::from(c));
        i = 1;
    }
    let mut saw_digits = false;
    let mut saw_dot = false;
    let mut underscores = false;
    while i < b.len() {
        match b[i] {
            b'_' => underscores = true,
            b'.' if !saw_dot => {
                saw_dot = true;
                clean.push('.');
            }
            c @ b'0'..=b'9' => {
                saw_digits = true;
                clean.push(char::from(c));
            }
            _ => break,
        }
        i += 1;
    }
    if !saw_digits {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        clean.push('e');
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            clean.push(char::from(b[i]));
            i += 1;
        }
        if i >= b.len() || !b[i].is_ascii_digit() {
            return None;
        }
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            if b[i] == b'_' {
                underscores = true;
            } else {
                clean.push(char::from(b[i]));
            }
            i += 1;
        }
    }
    if i != b.len() || (underscores && !go_underscore_ok(s)) {
        return None;
    }
    let f: f64 = clean.parse().ok()?;
    if f.is_infinite() { None } else { Some(f) }
}

/// Go `strconv.underscoreOK`: underscores only between digits, or after a base prefix.
fn go_underscore_ok(s: &str) -> bool {
    let mut b = s.as_bytes();
    if let Some(&c) = b.first()
        && (c == b'-' || c == b'+')
    {
        b = &b[1..];
    }
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if b.len() >= 2 && b[0] == b'0' && matches!(b[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = b[1].eq_ignore_ascii_case(&b'x');
    }
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// yaml.v2 `isBase60Float`: YAML 1.1 sexagesimal numbers such as `1:20`, which are quoted on output.
pub(super) fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(&c) = b.first() else {
        return false;
    };
    if !(c == b'+' || c == b'-' || c.is_ascii_digit()) || !s.contains(':') {
        return false;
    }
    // ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
    let mut i = 0;
    if c == b'+' || c == b'-' {
        i = 1;
    }
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    i += 1;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        // One or two digits, the first of two at most 5. Regex backtracking cannot help here,
        // because what follows a group is `:`, `.` or the end, never a digit.
        match (b.get(i).copied(), b.get(i + 1).copied()) {
            (Some(b'0'..=b'5'), Some(b'0'..=b'9')) => i += 2,
            (Some(b'0'..=b'9'), _) => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// yaml.v2 `parseTimestamp`: the value starts with four digits and `-`, and Go's `time.Parse`
/// accepts it with one of the layouts `2006-1-2T15:4:5.999999999Z07:00`,
/// `2006-1-2t15:4:5.999999999Z07:00`, `2006-1-2 15:4:5.999999999` or `2006-1-2`.
pub(super) fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    parse_layout(b, Layout::Rfc3339Upper)
        || parse_layout(b, Layout::Rfc3339Lower)
        || parse_layout(b, Layout::Space)
        || parse_layout(b, Layout::DateOnly)
}

#[derive(Clone, Copy, PartialEq)]
enum Layout {
    Rfc3339Upper,
    Rfc3339Lower,
    Space,
    DateOnly,
}

/// Go `getnum(s, false)`: one or two digits.
fn getnum(b: &[u8], i: &mut usize) -> Option<u32> {
    let d0 = *b.get(*i).filter(|c| c.is_ascii_digit())?;
    *i += 1;
    let mut v = u32::from(d0 - b'0');
    if let Some(&d1) = b.get(*i).filter(|c| c.is_ascii_digit()) {
        v = v * 10 + u32::from(d1 - b'0');
        *i += 1;
    }
    Some(v)
}

fn parse_layout(b: &[u8], layout: Layout) -> bool {
    let year: u32 = b[..4].iter().fold(0, |acc, &d| acc * 10 + u32::from(d - b'0'));
    let mut i = 5;
    let Some(month) = getnum(b, &mut i) else {
        return false;
    };
    if !(1..=12).contains(&month) || b.get(i) != Some(&b'-') {
        return false;
    }
    i += 1;
    let Some(day) = getnum(b, &mut i) else {
        return false;
    };
    if layout == Layout::DateOnly {
        return i == b.len() && day_ok(year, month, day);
    }
    match layout {
        Layout::Rfc3339Upper | Layout::Rfc3339Lower => {
            let sep = if layout == Layout::Rfc3339Upper { b'T' } else { b't' };
            if b.get(i) != Some(&sep) {
                return false;
            }
            i += 1;
        }
        _ => {
            // A space in a Go layout matches one or more spaces in the value.
            if b.get(i) != Some(&b' ') {
                return false;
            }
            while b.get(i) == Some(&b' ') {
                i += 1;
            }
        }
    }
    let Some(hour) = getnum(b, &mut i) else {
        return false;
    };
    if hour >= 24 || b.get(i) != Some(&b':') {
        return false;
    }
    i += 1;
    let Some(minute) = getnum(b, &mut i) else {
        return false;
    };
    if minute >= 60 || b.get(i) != Some(&b':') {
        return false;
    }
    i += 1;
    let Some(second) = getnum(b, &mut i) else {
        return false;
    };
    if second >= 60 {
        return false;
    }
    // Optional fraction: a period or comma followed by at least one digit.
    if matches!(b.get(i), Some(b'.' | b',')) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    if layout != Layout::Space {
        // Z07:00: a literal Z, or a sign, two digits, a colon and two digits.
        match b.get(i) {
            Some(b'Z') => i += 1,
            Some(&sign) => {
                if b.len() - i < 6 || b[i + 3] != b':' {
                    return false;
                }
                if sign != b'+' && sign != b'-' {
                    return false;
                }
                let two = |j: usize| {
                    if b[j].is_ascii_digit() && b[j + 1].is_ascii_digit() {
                        Some(u32::from(b[j] - b'0') * 10 + u32::from(b[j + 1] - b'0'))
                    } else {
                        None
                    }
                };
                let (Some(hh), Some(mm)) = (two(i + 1), two(i + 4)) else {
                    return false;
                };
                if hh > 24 || mm > 60 {
                    return false;
                }
                i += 6;
            }
            None => return false,
        }
    }
    i == b.len() && day_ok(year, month, day)
}

fn day_ok(year: u32, month: u32, day: u32) -> bool {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if leap => 29,
        _ => 28,
    };
    day >= 1 && day <= days
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_words() {
        for s in ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"] {
            assert_eq!(resolve_plain(s), Resolved::Bool(true), "{s}");
        }
        for s in ["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"] {
            assert_eq!(resolve_plain(s), Resolved::Bool(false), "{s}");
        }
        for s in ["", "~", "null", "Null", "NULL"] {
            assert_eq!(resolve_plain(s), Resolved::Null, "{s}");
        }
        for s in ["yES", "nO", "oN", "tRUE", "NuLL", "<<", "nan", "inf", "Infinity", ".iNf", "yeah"] {
            assert_eq!(resolve_plain(s), Resolved::Str, "{s}");
        }
        assert_eq!(resolve_plain(".inf"), Resolved::Float(f64::INFINITY));
        assert_eq!(resolve_plain("-.Inf"), Resolved::Float(f64::NEG_INFINITY));
        assert!(matches!(resolve_plain(".NaN"), Resolved::Float(f) if f.is_nan()));
    }

    #[test]
    fn resolves_numbers() {
        assert_eq!(resolve_plain("0"), Resolved::Int(0));
        assert_eq!(resolve_plain("-0"), Resolved::Int(0));
        assert_eq!(resolve_plain("+12"), Resolved::Int(12));
        assert_eq!(resolve_plain("1_000"), Resolved::Int(1000));
        assert_eq!(resolve_plain("0x1F"), Resolved::Int(31));
        assert_eq!(resolve_plain("-0x10"), Resolved::Int(-16));
        assert_eq!(resolve_plain("0o17"), Resolved::Int(15));
        assert_eq!(resolve_plain("0777"), Resolved::Int(511));
        assert_eq!(resolve_plain("0b101"), Resolved::Int(5));
        assert_eq!(resolve_plain("-0b101"), Resolved::Int(-5));
        assert_eq!(resolve_plain("08"), Resolved::Float(8.0));
        assert_eq!(resolve_plain("9223372036854775807"), Resolved::Int(i64::MAX));
        assert_eq!(resolve_plain("-9223372036854775808"), Resolved::Int(i64::MIN));
        assert_eq!(resolve_plain("9223372036854775808"), Resolved::Uint(1 << 63));
        assert_eq!(resolve_plain("18446744073709551615"), Resolved::Uint(u64::MAX));
        assert_eq!(resolve_plain("18446744073709551616"), Resolved::Float(18446744073709551616.0));
        assert_eq!(resolve_plain("-9223372036854775809"), Resolved::Float(-9223372036854775809.0));
        assert_eq!(resolve_plain("1e3"), Resolved::Float(1000.0));
        assert_eq!(resolve_plain("1.0"), Resolved::Float(1.0));
        assert_eq!(resolve_plain("1."), Resolved::Float(1.0));
        assert_eq!(resolve_plain(".5"), Resolved::Float(0.5));
        assert_eq!(resolve_plain("+.5e1"), Resolved::Float(5.0));
        assert_eq!(resolve_plain(".5_5"), Resolved::Float(0.55));
        assert_eq!(resolve_plain("1_0.5"), Resolved::Float(10.5));
        assert_eq!(resolve_plain("1e400"), Resolved::Str);
        assert_eq!(resolve_plain("1e-400"), Resolved::Float(0.0));
        for s in ["0x", "0b", "0b2", "1e", "1.2.3", "+", "-", "1:20", "0x1p3", "12abc", "._5", ".", "-inf", "- 1"] {
            assert_eq!(resolve_plain(s), Resolved::Str, "{s}");
        }
    }

    #[test]
    fn resolves_timestamps() {
        for s in [
            "2008-01-01T01:01:01Z",
            "2001-12-14t21:59:43.10-05:00",
            "2001-12-14 21:59:43.10",
            "2001-12-14  1:2:3",
            "2002-12-14",
            "2002-1-2",
            "2000-02-29",
            "2001-12-14T21:59:43,5+01:00",
        ] {
            assert_eq!(resolve_plain(s), Resolved::Timestamp, "{s}");
        }
        for s in [
            "2001-02-29",
            "2001-13-01",
            "2001-12-14T25:00:00Z",
            "2001-12-14T21:59:43",
            "20011-12-14",
            "2001-12-14 ",
            "2001-12-14Tx",
        ] {
            assert_ne!(resolve_plain(s), Resolved::Timestamp, "{s}");
        }
    }

    #[test]
    fn explicit_tags() {
        assert_eq!(resolve_tagged(STR_TAG, "123"), Ok(Resolved::Str));
        assert_eq!(resolve_tagged(INT_TAG, "0x10"), Ok(Resolved::Int(16)));
        assert_eq!(resolve_tagged(FLOAT_TAG, "3"), Ok(Resolved::Float(3.0)));
        assert_eq!(resolve_tagged(BOOL_TAG, "yes"), Ok(Resolved::Bool(true)));
        assert_eq!(resolve_tagged("!custom", "yes"), Ok(Resolved::Str));
        assert_eq!(resolve_tagged(TIMESTAMP_TAG, "2001-01-01"), Ok(Resolved::Timestamp));
        assert_eq!(resolve_tagged(INT_TAG, "abc").unwrap_err().message, "cannot decode !!str `abc` as a !!int");
        assert!(resolve_tagged(NULL_TAG, "x").is_err());
    }

    #[test]
    fn base60() {
        for s in ["1:20", "-1:20", "190:20:30", "1:20.5", "1_0:59"] {
            assert!(is_base60_float(s), "{s}");
        }
        for s in ["1:60", "a:1", "1:", "1::2", "1:2x", "12", ":1"] {
            assert!(!is_base60_float(s), "{s}");
        }
    }
}
