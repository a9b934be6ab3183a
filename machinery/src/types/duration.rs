//! Kubernetes `metav1.Duration`: signed nanoseconds with Go's `time.Duration` text form.

use std::fmt;
use std::str::FromStr;

/// An error from [`Duration::parse_go`]; the messages are those of Go's `time.ParseDuration`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DurationError {
    /// The text is empty, malformed or overflows.
    #[error("time: invalid duration {}", go_quote(.input))]
    Invalid {
        /// The whole input.
        input: String,
    },
    /// A number is not followed by a unit.
    #[error("time: missing unit in duration {}", go_quote(.input))]
    MissingUnit {
        /// The whole input.
        input: String,
    },
    /// A number is followed by something other than `ns`, `us`, `µs`, `μs`, `ms`, `s`, `m` or `h`.
    #[error("time: unknown unit {} in duration {}", go_quote(.unit), go_quote(.input))]
    UnknownUnit {
        /// The unrecognised unit.
        unit: String,
        /// The whole input.
        input: String,
    },
}

/// A `metav1.Duration`: a signed count of nanoseconds, written as Go writes a `time.Duration`
/// (`1h2m3.5s`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration(pub i64);

impl Duration {
    /// One nanosecond.
    pub const NANOSECOND: Duration = Duration(1);
    /// One microsecond.
    pub const MICROSECOND: Duration = Duration(1_000);
    /// One millisecond.
    pub const MILLISECOND: Duration = Duration(1_000_000);
    /// One second.
    pub const SECOND: Duration = Duration(1_000_000_000);
    /// One minute.
    pub const MINUTE: Duration = Duration(60_000_000_000);
    /// One hour.
    pub const HOUR: Duration = Duration(3_600_000_000_000);

    /// The duration of `nanos` nanoseconds.
    pub const fn from_nanos(nanos: i64) -> Self {
        Self(nanos)
    }

    /// The length in nanoseconds.
    pub const fn as_nanos(&self) -> i64 {
        self.0
    }

    /// Formats exactly like Go's `time.Duration.String()`: `0s`, `1ns`, `1.5µs` (with U+00B5),
    /// `2.25ms`, `1h0m0s`, `-1m30s`, `-2562047h47m16.854775808s`.
    pub fn format_go(&self) -> String {
        // The longest output is "-2562047h47m16.854775808s", 25 bytes.
        let mut buf = [0u8; 32];
        let mut w = buf.len();
        let neg = self.0 < 0;
        let mut u = self.0.unsigned_abs();

        if u < Self::SECOND.0 as u64 {
            // Below a second, use the largest unit that keeps the integer part non-zero.
            w -= 1;
            buf[w] = b's';
            w -= 1;
            let prec;
            if u == 0 {
                buf[w] = b'0';
                return String::from_utf8_lossy(&buf[w..]).into_owned();
            } else if u < Self::MICROSECOND.0 as u64 {
                prec = 0;
                buf[w] = b'n';
            } else if u < Self::MILLISECOND.0 as u64 {
                prec = 3;
                // U+00B5 MICRO SIGN is 0xC2 0xB5 in UTF-8.
                w -= 1;
                buf[w] = 0xC2;
                buf[w + 1] = 0xB5;
            } else {
                prec = 6;
                buf[w] = b'm';
            }
            (w, u) = fmt_frac(&mut buf, w, u, prec);
            w = fmt_int(&mut buf, w, u);
        } else {
            w -= 1;
            buf[w] = b's';
            (w, u) = fmt_frac(&mut buf, w, u, 9);
            // Now u is whole seconds.
            w = fmt_int(&mut buf, w, u % 60);
            u /= 60;
            if u > 0 {
                w -= 1;
                buf[w] = b'm';
                w = fmt_int(&mut buf, w, u % 60);
                u /= 60;
                // Hours are the largest unit because days vary in length.
                if u > 0 {
                    w -= 1;
                    buf[w] = b'h';
                    w = fmt_int(&mut buf, w, u);
                }
            }
        }
        if neg {
            w -= 1;
            buf[w] = b'-';
        }
        String::from_utf8_lossy(&buf[w..]).into_owned()
    }

    /// Parses exactly what Go's `time.ParseDuration` accepts: an optional sign, then one or more
    /// decimal numbers (with optional fraction) each followed by a unit among `ns`, `us`, `µs`
    /// (U+00B5), `μs` (U+03BC), `ms`, `s`, `m`, `h`, for example `300ms`, `-1.5h`, `2h45m`.
    ///
    /// `0` alone (optionally signed) is zero; the empty string is an error. Values beyond the
    /// `i64` range are errors, and fractions are computed with Go's `float64` arithmetic, so the
    /// result is bit-for-bit Go's.
    pub fn parse_go(s: &str) -> Result<Self, DurationError> {
        let invalid = || DurationError::Invalid { input: s.to_owned() };
        let mut rest = s.as_bytes();
        let mut d: u64 = 0;
        let mut neg = false;
        if let Some(&c) = rest.first()
            && (c == b'-' || c == b'+')
        {
            neg = c == b'-';
            rest = &rest[1..];
        }
        if rest == b"0" {
            return Ok(Self(0));
        }
        if rest.is_empty() {
            return Err(invalid());
        }
        while !rest.is_empty() {
            // The next character must be a digit or a period.
            if !(rest[0] == b'.' || rest[0].is_ascii_digit()) {
                return Err(invalid());
            }
            let before = rest.len();
            let (mut v, after_int) = leading_int(rest).ok_or_else(invalid)?;
            rest = after_int;
            let pre = before != rest.len();

            let mut f: u64 = 0;
            let mut scale: f64 = 1.0;
            let mut post = false;
            if rest.first() == Some(&b'.') {
                rest = &rest[1..];
                let before = rest.len();
                (f, scale, rest) = leading_fraction(rest);
                post = before != rest.len();
            }
            if !pre && !post {
                // No digits at all, as in ".s" or "-.s".
                return Err(invalid());
            }

            let unit_len = rest.iter().position(|&c| c == b'.' || c.is_ascii_digit()).unwrap_or(rest.len());
            if unit_len == 0 {
                return Err(DurationError::MissingUnit { input: s.to_owned() });
            }
            let (unit_text, after_unit) = rest.split_at(unit_len);
            rest = after_unit;
            let unit: u64 = match unit_text {
                b"ns" => 1,
                // U+00B5 MICRO SIGN and U+03BC GREEK SMALL LETTER MU, in UTF-8.
                b"us" | b"\xc2\xb5s" | b"\xce\xbcs" => 1_000,
                b"ms" => 1_000_000,
                b"s" => 1_000_000_000,
                b"m" => 60_000_000_000,
                b"h" => 3_600_000_000_000,
                _ => {
                    return Err(DurationError::UnknownUnit {
                        unit: String::from_utf8_lossy(unit_text).into_owned(),
                        input: s.to_owned(),
                    });
                }
            };
            if v > (1u64 << 63) / unit {
                return Err(invalid());
            }
            v *= unit;
            if f > 0 {
                // Go uses float64 here to stay nanosecond-accurate for fractions of hours.
                v += (f as f64 * (unit as f64 / scale)) as u64;
                if v > 1 << 63 {
                    return Err(invalid());
                }
            }
            // Go adds in uint64, which can wrap only when both terms are exactly 2^63.
            d = d.wrapping_add(v);
            if d > 1 << 63 {
                return Err(invalid());
            }
        }
        if neg {
            // Go negates in int64, so 2^63 becomes the most negative duration.
            return Ok(Self((d as i64).wrapping_neg()));
        }
        if d > i64::MAX as u64 {
            return Err(invalid());
        }
        Ok(Self(d as i64))
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_go())
    }
}

impl FromStr for Duration {
    type Err = DurationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_go(s)
    }
}

impl From<std::time::Duration> for Duration {
    /// Converts, saturating at `i64::MAX` nanoseconds.
    fn from(d: std::time::Duration) -> Self {
        Self(i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
    }
}

/// Writes the `prec` low decimal digits of `v` as a fraction ending just before `w`, omitting
/// trailing zeros and the point itself when the fraction is zero, like Go's `fmtFrac`.
///
/// Returns the new start index and `v / 10^prec`.
fn fmt_frac(buf: &mut [u8], mut w: usize, mut v: u64, prec: usize) -> (usize, u64) {
    let mut print = false;
    for _ in 0..prec {
        let digit = (v % 10) as u8;
        print = print || digit != 0;
        if print {
            w -= 1;
            buf[w] = digit + b'0';
        }
        v /= 10;
    }
    if print {
        w -= 1;
        buf[w] = b'.';
    }
    (w, v)
}

/// Writes `v` in decimal ending just before `w` and returns the new start index.
fn fmt_int(buf: &mut [u8], mut w: usize, mut v: u64) -> usize {
    if v == 0 {
        w -= 1;
        buf[w] = b'0';
    } else {
        while v > 0 {
            w -= 1;
            buf[w] = (v % 10) as u8 + b'0';
            v /= 10;
        }
    }
    w
}

/// Go's `leadingInt`: the leading digits as a number no larger than 2^63, or `None` on overflow.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let mut x: u64 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(s[i] - b'0');
        if x > 1 << 63 {
            return None;
        }
        i += 1;
    }
    Some((x, &s[i..]))
}

/// Go's `leadingFraction`: the leading digits as a number and its power-of-ten scale, ignoring
/// digits once more precision would overflow.
fn leading_fraction(s: &[u8]) -> (u64, f64, &[u8]) {
    let mut x: u64 = 0;
    let mut scale = 1.0;
    let mut overflow = false;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if !overflow {
            if x > (i64::MAX as u64) / 10 {
                overflow = true;
            } else {
                let y = x * 10 + u64::from(s[i] - b'0');
                if y > 1 << 63 {
                    overflow = true;
                } else {
                    x = y;
                    scale *= 10.0;
                }
            }
        }
        i += 1;
    }
    (x, scale, &s[i..])
}

/// Go's `time.quote`: double quotes, with `"` and `\` escaped and every byte that is a control
/// character or part of a non-ASCII character written as `\xNN`.
fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for &b in s.as_bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7f => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NS: i64 = 1;
    const US: i64 = 1_000;
    const MS: i64 = 1_000_000;
    const S: i64 = 1_000_000_000;
    const M: i64 = 60 * S;
    const H: i64 = 60 * M;

    #[test]
    fn format_matches_go() {
        // Go's durationTests from time_test.go, plus a few more.
        let cases: &[(&str, i64)] = &[
            ("0s", 0),
            ("1ns", NS),
            ("1.1\u{b5}s", 1100 * NS),
            ("2.2ms", 2200 * US),
            ("3.3s", 3300 * MS),
            ("4m5s", 4 * M + 5 * S),
            ("4m5.001s", 4 * M + 5001 * MS),
            ("5h6m7.001s", 5 * H + 6 * M + 7001 * MS),
            ("8m0.000000001s", 8 * M + NS),
            ("2562047h47m16.854775807s", i64::MAX),
            ("-2562047h47m16.854775808s", i64::MIN),
            ("1h0m0s", H),
            ("-1ns", -NS),
            ("999ns", 999),
            ("1\u{b5}s", US),
            ("1.5\u{b5}s", 1500),
            ("999.999\u{b5}s", 999_999),
            ("1ms", MS),
            ("999.999999ms", 999_999_999),
            ("1s", S),
            ("1.000000001s", S + 1),
            ("1m0s", M),
            ("1m0.5s", M + S / 2),
            ("-1m30s", -(M + 30 * S)),
            ("24h0m0s", 24 * H),
            ("-1.5\u{b5}s", -1500),
        ];
        for &(text, nanos) in cases {
            assert_eq!(Duration(nanos).format_go(), text, "{nanos}");
            assert_eq!(Duration(nanos).to_string(), text);
        }
    }

    #[test]
    fn parse_matches_go() {
        // Go's parseDurationTests from time_test.go.
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5 * S),
            ("30s", 30 * S),
            ("1478s", 1478 * S),
            ("-5s", -5 * S),
            ("+5s", 5 * S),
            ("-0", 0),
            ("+0", 0),
            ("5.0s", 5 * S),
            ("5.6s", 5 * S + 600 * MS),
            ("5.s", 5 * S),
            (".5s", 500 * MS),
            ("1.0s", S),
            ("1.00s", S),
            ("1.004s", S + 4 * MS),
            ("1.0040s", S + 4 * MS),
            ("100.00100s", 100 * S + MS),
            ("10ns", 10 * NS),
            ("11us", 11 * US),
            ("12\u{b5}s", 12 * US),
            ("12\u{3bc}s", 12 * US),
            ("13ms", 13 * MS),
            ("14s", 14 * S),
            ("15m", 15 * M),
            ("16h", 16 * H),
            ("3h30m", 3 * H + 30 * M),
            ("10.5s4m", 4 * M + 10 * S + 500 * MS),
            ("-2m3.4s", -(2 * M + 3 * S + 400 * MS)),
            ("1h2m3s4ms5us6ns", H + 2 * M + 3 * S + 4 * MS + 5 * US + 6 * NS),
            ("39h9m14.425s", 39 * H + 9 * M + 14 * S + 425 * MS),
            ("52763797000ns", 52_763_797_000 * NS),
            ("0.3333333333333333333h", 20 * M),
            ("9007199254740993ns", (1 << 53) + 1),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("9223372036s854ms775us807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("-9223372036854775.808us", i64::MIN),
            ("-9223372036s854ms775us808ns", i64::MIN),
            ("-9223372036854775808ns", -1 << 63),
            ("-2562047h47m16.854775808s", -1 << 63),
            ("0.100000000000000000000h", 6 * M),
            ("0.830103483285477580700h", 49 * M + 48 * S + 372_539_827 * NS),
        ];
        for &(text, nanos) in cases {
            assert_eq!(Duration::parse_go(text), Ok(Duration(nanos)), "{text}");
        }
        assert_eq!("1h0m0s".parse::<Duration>(), Ok(Duration(H)));
    }

    #[test]
    fn parse_errors_match_go() {
        // Go's parseDurationErrorTests, with the messages Go produces.
        let cases: &[(&str, &str)] = &[
            ("", r#"time: invalid duration """#),
            ("3", r#"time: missing unit in duration "3""#),
            ("-", r#"time: invalid duration "-""#),
            ("s", r#"time: invalid duration "s""#),
            (".", r#"time: invalid duration ".""#),
            ("-.", r#"time: invalid duration "-.""#),
            (".s", r#"time: invalid duration ".s""#),
            ("+.s", r#"time: invalid duration "+.s""#),
            ("1d", r#"time: unknown unit "d" in duration "1d""#),
            ("\u{85}\u{85}", r#"time: invalid duration "\xc2\x85\xc2\x85""#),
            ("\u{ffff}", r#"time: invalid duration "\xef\xbf\xbf""#),
            ("9223372036854775810ns", r#"time: invalid duration "9223372036854775810ns""#),
            ("9223372036854775808ns", r#"time: invalid duration "9223372036854775808ns""#),
            ("-9223372036854775809ns", r#"time: invalid duration "-9223372036854775809ns""#),
            ("9223372036854776us", r#"time: invalid duration "9223372036854776us""#),
            ("3000000h", r#"time: invalid duration "3000000h""#),
            ("9223372036854775.808us", r#"time: invalid duration "9223372036854775.808us""#),
            ("9223372036854ms775\u{3bc}s808ns", r#"time: invalid duration "9223372036854ms775\xce\xbcs808ns""#),
            ("\u{fffd}", r#"time: invalid duration "\xef\xbf\xbd""#),
            ("\u{fffd} hello \u{fffd} world", r#"time: invalid duration "\xef\xbf\xbd hello \xef\xbf\xbd world""#),
            ("1h-2m", r#"time: unknown unit "h-" in duration "1h-2m""#),
            ("1 s", r#"time: unknown unit " s" in duration "1 s""#),
            ("1S", r#"time: unknown unit "S" in duration "1S""#),
            ("1.5.s", r#"time: missing unit in duration "1.5.s""#),
            ("--1s", r#"time: invalid duration "--1s""#),
            ("1s ", r#"time: unknown unit "s " in duration "1s ""#),
            (" 1s", r#"time: invalid duration " 1s""#),
        ];
        for &(text, message) in cases {
            let err = Duration::parse_go(text).expect_err(text);
            assert_eq!(err.to_string(), message, "{text:?}");
        }
    }

    #[test]
    fn round_trips() {
        let mut values = vec![0, 1, -1, i64::MAX, i64::MIN, i64::MIN + 1, 999, 1000, 1001];
        let mut x: i64 = 1;
        for _ in 0..62 {
            x = x.wrapping_mul(3).wrapping_add(7);
            values.push(x);
            values.push(-x);
            values.push(x / 1000 * 1000);
            values.push(x % 1_000_000_000);
        }
        for v in values {
            let text = Duration(v).format_go();
            assert_eq!(Duration::parse_go(&text), Ok(Duration(v)), "{text}");
        }
    }

    #[test]
    fn go_wraps_at_two_to_the_63rd() {
        // Go's uint64 accumulator wraps when two terms of exactly 2^63 meet; reproduce it.
        assert_eq!(Duration::parse_go("-9223372036854775808ns9223372036854775808ns"), Ok(Duration(0)));
    }

    #[test]
    fn malformed_inputs_do_not_panic() {
        let inputs = [
            "",
            "+",
            "-",
            "0",
            "00",
            "0s0",
            "1",
            "1.",
            ".1",
            "1e3s",
            "1_000s",
            "∞",
            "µs",
            "1µ",
            "1\u{3bc}",
            "99999999999999999999999999s",
            ".99999999999999999999999999999s",
            "1.9999999999999999999999999999999999h",
            "-0.0000000000000000001ns",
            "1ns1",
            "1ns.",
            "\0",
            "1\0s",
        ];
        for s in inputs {
            let _ = Duration::parse_go(s);
        }
        assert_eq!(Duration::parse_go("00"), Err(DurationError::MissingUnit { input: "00".into() }));
        assert_eq!(Duration::parse_go("-0.0000000000000000001ns"), Ok(Duration(0)));
    }

    #[test]
    fn conversions() {
        assert_eq!(Duration::from(std::time::Duration::from_millis(1500)), Duration(1500 * MS));
        assert_eq!(Duration::from(std::time::Duration::MAX), Duration(i64::MAX));
        assert_eq!(Duration::from_nanos(5).as_nanos(), 5);
        assert_eq!(Duration::default(), Duration(0));
        assert!(Duration(-1) < Duration(0));
    }
}
