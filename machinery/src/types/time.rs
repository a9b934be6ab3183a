//! Kubernetes `metav1.Time` and `metav1.MicroTime`: UTC instants with the RFC 3339 text forms Go uses.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// Go's `time.RFC3339` layout, which `metav1.Time` uses for text.
pub const RFC3339_LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

/// The `metav1.RFC3339Micro` layout, which `metav1.MicroTime` uses for text.
pub const RFC3339_MICRO_LAYOUT: &str = "2006-01-02T15:04:05.000000Z07:00";

/// Unix seconds of Go's zero time, 0001-01-01T00:00:00Z.
pub const ZERO_UNIX_SECONDS: i64 = -62_135_596_800;

const SECS_PER_DAY: i64 = 86_400;
const NANOS_PER_SEC: u32 = 1_000_000_000;

/// An error from parsing or strictly formatting a timestamp.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeError {
    /// The text is not accepted by Go's `time.Parse` for the layout; the message is Go's `ParseError` text.
    #[error("{0}")]
    Parse(String),
    /// The year cannot be written with exactly four digits, as strict RFC 3339 requires.
    #[error("year outside of range [0,9999]")]
    YearOutOfRange(i64),
}

/// A `metav1.Time`: an instant at second precision, in UTC.
///
/// Upstream wraps a Go `time.Time`, which keeps nanoseconds in memory after parsing; every wire form
/// (JSON, YAML, protobuf, query parameters) only carries whole seconds, so this type stores whole
/// seconds and truncates on parse.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time {
    secs: i64,
}

impl Default for Time {
    fn default() -> Self {
        Self::ZERO
    }
}

impl Time {
    /// Go's zero time, 0001-01-01T00:00:00Z, which serializes as JSON `null`.
    pub const ZERO: Time = Time { secs: ZERO_UNIX_SECONDS };

    /// The instant `secs` seconds after 1970-01-01T00:00:00Z.
    pub const fn from_unix(secs: i64) -> Self {
        Self { secs }
    }

    /// The UTC instant for a civil date and time, or `None` if a field is out of range.
    ///
    /// Months run 1..=12, days 1..=the month's length, hours 0..=23, minutes and seconds 0..=59.
    /// Unlike Go's `time.Date`, out-of-range fields are rejected rather than normalized.
    pub fn from_civil(year: i64, month: u8, day: u8, hour: u8, min: u8, sec: u8) -> Option<Self> {
        civil_to_unix(year, month, day, hour, min, sec).map(Self::from_unix)
    }

    /// The current time, truncated to whole seconds.
    pub fn now() -> Self {
        Self::from_unix(MicroTime::now().secs)
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    pub const fn unix_seconds(&self) -> i64 {
        self.secs
    }

    /// The civil UTC fields `(year, month, day, hour, minute, second)`.
    pub fn to_civil(&self) -> (i64, u8, u8, u8, u8, u8) {
        unix_to_civil(self.secs)
    }

    /// Whether this is Go's zero time (0001-01-01T00:00:00Z).
    pub const fn is_zero(&self) -> bool {
        self.secs == ZERO_UNIX_SECONDS
    }

    /// Formats as `2006-01-02T15:04:05Z`, exactly as `metav1.Time.MarshalJSON` writes it.
    ///
    /// Like Go's `AppendFormat`, a year outside 0..=9999 is written as is (`-0001`, `10000`), which
    /// is not valid RFC 3339; see [`Time::try_format_rfc3339`] for the strict form.
    pub fn format_rfc3339(&self) -> String {
        let mut out = String::with_capacity(20);
        push_date_time(&mut out, self.secs);
        out.push('Z');
        out
    }

    /// Formats like [`Time::format_rfc3339`], but fails for a year outside 0..=9999.
    ///
    /// This is the check Go's own `time.Time.MarshalJSON` makes; `metav1.Time.MarshalJSON` does
    /// not make it and writes such years unchanged.
    pub fn try_format_rfc3339(&self) -> Result<String, TimeError> {
        check_year(self.secs)?;
        Ok(self.format_rfc3339())
    }

    /// Parses what Go's `time.Parse(time.RFC3339, s)` accepts, converts it to UTC and drops any
    /// fractional second.
    ///
    /// Go accepts more than strict RFC 3339: a one-digit hour, a comma before the fraction, any
    /// number of fraction digits, and zone offsets up to `±24:60`. Lowercase `t` and `z` are
    /// rejected. Errors carry Go's `ParseError` message.
    pub fn parse_rfc3339(s: &str) -> Result<Self, TimeError> {
        let parsed = go_parse(s.as_bytes(), Layout::Rfc3339)?;
        Ok(Self::from_unix(parsed.secs))
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_rfc3339())
    }
}

impl FromStr for Time {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_rfc3339(s)
    }
}

impl From<MicroTime> for Time {
    /// Drops the sub-second part, as formatting a `MicroTime` with the RFC 3339 layout does.
    fn from(t: MicroTime) -> Self {
        Self::from_unix(t.secs)
    }
}

/// A `metav1.MicroTime`: an instant in UTC that keeps nanoseconds in memory and microseconds on
/// the wire.
///
/// Ordering and equality compare instants.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime {
    secs: i64,
    nanos: u32,
}

impl Default for MicroTime {
    fn default() -> Self {
        Self::ZERO
    }
}

impl MicroTime {
    /// Go's zero time, 0001-01-01T00:00:00Z, which serializes as JSON `null`.
    pub const ZERO: MicroTime = MicroTime { secs: ZERO_UNIX_SECONDS, nanos: 0 };

    /// The instant `secs` seconds plus `nanos` nanoseconds after the Unix epoch.
    ///
    /// Whole seconds in `nanos` carry into `secs` (saturating at `i64::MAX`), as Go's `time.Unix`
    /// normalizes them.
    pub const fn from_unix(secs: i64, nanos: u32) -> Self {
        Self { secs: secs.saturating_add((nanos / NANOS_PER_SEC) as i64), nanos: nanos % NANOS_PER_SEC }
    }

    /// The UTC instant for a civil date and time plus nanoseconds, or `None` if a field is out of
    /// range (see [`Time::from_civil`]; `nanos` must be below one billion).
    pub fn from_civil(year: i64, month: u8, day: u8, hour: u8, min: u8, sec: u8, nanos: u32) -> Option<Self> {
        if nanos >= NANOS_PER_SEC {
            return None;
        }
        civil_to_unix(year, month, day, hour, min, sec).map(|secs| Self { secs, nanos })
    }

    /// The current time with the clock's full precision.
    pub fn now() -> Self {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => Self::from_unix(i64::try_from(d.as_secs()).unwrap_or(i64::MAX), d.subsec_nanos()),
            Err(before) => {
                // The clock is before 1970: negate the offset, borrowing a second for any fraction.
                let d = before.duration();
                let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
                match d.subsec_nanos() {
                    0 => Self::from_unix(-secs, 0),
                    n => Self::from_unix(-secs - 1, NANOS_PER_SEC - n),
                }
            }
        }
    }

    /// Whole seconds since 1970-01-01T00:00:00Z (the floor of the instant).
    pub const fn unix_seconds(&self) -> i64 {
        self.secs
    }

    /// The nanoseconds past [`MicroTime::unix_seconds`], in `0..1_000_000_000`.
    pub const fn nanos(&self) -> u32 {
        self.nanos
    }

    /// This instant with the nanoseconds truncated to whole microseconds, as the JSON and protobuf
    /// round trips of upstream leave it.
    pub const fn truncate_to_micros(&self) -> Self {
        Self { secs: self.secs, nanos: self.nanos - self.nanos % 1000 }
    }

    /// The civil UTC fields `(year, month, day, hour, minute, second)`; see [`MicroTime::nanos`]
    /// for the rest.
    pub fn to_civil(&self) -> (i64, u8, u8, u8, u8, u8) {
        unix_to_civil(self.secs)
    }

    /// Whether this is Go's zero time (0001-01-01T00:00:00Z with no nanoseconds).
    pub const fn is_zero(&self) -> bool {
        self.secs == ZERO_UNIX_SECONDS && self.nanos == 0
    }

    /// Formats as `2006-01-02T15:04:05.000000Z` (always six fraction digits, truncated, in UTC),
    /// exactly as `metav1.MicroTime.MarshalJSON` writes it.
    ///
    /// A year outside 0..=9999 is written as is; see [`MicroTime::try_format_rfc3339_micro`].
    pub fn format_rfc3339_micro(&self) -> String {
        let mut out = String::with_capacity(27);
        push_date_time(&mut out, self.secs);
        out.push('.');
        let micros = self.nanos / 1000;
        push_padded(&mut out, u64::from(micros), 6);
        out.push('Z');
        out
    }

    /// Formats like [`MicroTime::format_rfc3339_micro`], but fails for a year outside 0..=9999.
    pub fn try_format_rfc3339_micro(&self) -> Result<String, TimeError> {
        check_year(self.secs)?;
        Ok(self.format_rfc3339_micro())
    }

    /// Parses what Go's `time.Parse(RFC3339Micro, s)` accepts and converts it to UTC.
    ///
    /// That layout demands exactly six fraction digits after `.` or `,` (Go's integer scan lets
    /// the first of the six be a sign, so `.+12345` reads as 123450 microseconds), then `Z` or a
    /// `±hh:mm` offset. The hour may have one digit. Errors carry Go's `ParseError` message.
    pub fn parse_rfc3339_micro(s: &str) -> Result<Self, TimeError> {
        let parsed = go_parse(s.as_bytes(), Layout::Rfc3339Micro)?;
        Ok(Self { secs: parsed.secs, nanos: parsed.nanos })
    }
}

impl fmt::Display for MicroTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_rfc3339_micro())
    }
}

impl FromStr for MicroTime {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_rfc3339_micro(s)
    }
}

impl From<Time> for MicroTime {
    fn from(t: Time) -> Self {
        Self::from_unix(t.secs, 0)
    }
}

/// Whether `year` is a leap year in the proleptic Gregorian calendar.
fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The number of days in `month` (1..=12) of `year`.
fn days_in_month(month: u8, year: i64) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given civil date, after Howard Hinnant's `days_from_civil`.
///
/// The arithmetic is done in `i128` so that every `i64` year is safe.
fn days_from_civil(year: i64, month: u8, day: u8) -> i128 {
    let y = i128::from(year) - i128::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i128::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i128::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date `(year, month, day)` for a count of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    // Every i64 day count divided by 86400 fits comfortably, but widen anyway for the shift.
    let z = i128::from(days) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i128::from(month <= 2);
    // The year of any i64 second count is within ±3e11, so the narrowing cannot fail.
    (year as i64, month as u8, day as u8)
}

/// Unix seconds for a validated civil UTC date and time.
fn civil_to_unix(year: i64, month: u8, day: u8, hour: u8, min: u8, sec: u8) -> Option<i64> {
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(month, year) || hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    let secs = days_from_civil(year, month, day) * i128::from(SECS_PER_DAY)
        + i128::from(hour) * 3600
        + i128::from(min) * 60
        + i128::from(sec);
    i64::try_from(secs).ok()
}

/// The civil UTC fields for Unix seconds.
fn unix_to_civil(secs: i64) -> (i64, u8, u8, u8, u8, u8) {
    let days = secs.div_euclid(SECS_PER_DAY);
    let rem = secs.rem_euclid(SECS_PER_DAY);
    let (year, month, day) = civil_from_days(days);
    (year, month, day, (rem / 3600) as u8, (rem % 3600 / 60) as u8, (rem % 60) as u8)
}

/// Fails if the year of `secs` is outside the four-digit range strict RFC 3339 allows.
fn check_year(secs: i64) -> Result<(), TimeError> {
    let year = unix_to_civil(secs).0;
    if (0..=9999).contains(&year) { Ok(()) } else { Err(TimeError::YearOutOfRange(year)) }
}

/// Appends `2006-01-02T15:04:05` for `secs` in UTC, padding the year like Go's `appendInt(year, 4)`.
fn push_date_time(out: &mut String, secs: i64) {
    let (year, month, day, hour, min, sec) = unix_to_civil(secs);
    if year < 0 {
        out.push('-');
    }
    push_padded(out, year.unsigned_abs(), 4);
    for (sep, v) in [('-', month), ('-', day), ('T', hour), (':', min), (':', sec)] {
        out.push(sep);
        push_padded(out, u64::from(v), 2);
    }
}

/// Appends `v` in decimal with leading zeros up to `width` digits, as `{v:0width$}` does, without
/// the formatting machinery (this runs for every timestamp encoded).
fn push_padded(out: &mut String, v: u64, width: usize) {
    let mut buf = [0u8; 20];
    let digits = crate::json::fmt_u64(v, &mut buf);
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(std::str::from_utf8(digits).expect("ASCII digits"));
}

/// The two layouts this module parses.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Layout {
    Rfc3339,
    Rfc3339Micro,
}

impl Layout {
    fn text(self) -> &'static str {
        match self {
            Layout::Rfc3339 => RFC3339_LAYOUT,
            Layout::Rfc3339Micro => RFC3339_MICRO_LAYOUT,
        }
    }

    /// The layout split as Go's `nextStdChunk` splits it: literal prefix, element, element text.
    fn chunks(self) -> &'static [(&'static str, Std, &'static str)] {
        const RFC3339: &[(&str, Std, &str)] = &[
            ("", Std::LongYear, "2006"),
            ("-", Std::ZeroMonth, "01"),
            ("-", Std::ZeroDay, "02"),
            ("T", Std::Hour, "15"),
            (":", Std::ZeroMinute, "04"),
            (":", Std::ZeroSecond, "05"),
            ("", Std::Iso8601ColonTz, "Z07:00"),
        ];
        const RFC3339_MICRO: &[(&str, Std, &str)] = &[
            ("", Std::LongYear, "2006"),
            ("-", Std::ZeroMonth, "01"),
            ("-", Std::ZeroDay, "02"),
            ("T", Std::Hour, "15"),
            (":", Std::ZeroMinute, "04"),
            (":", Std::ZeroSecond, "05"),
            ("", Std::FracSecond0, ".000000"),
            ("", Std::Iso8601ColonTz, "Z07:00"),
        ];
        match self {
            Layout::Rfc3339 => RFC3339,
            Layout::Rfc3339Micro => RFC3339_MICRO,
        }
    }
}

/// The layout elements of Go's `time` package that the two layouts use.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Std {
    LongYear,
    ZeroMonth,
    ZeroDay,
    Hour,
    ZeroMinute,
    ZeroSecond,
    /// Exactly six fraction digits.
    FracSecond0,
    Iso8601ColonTz,
}

/// A successfully parsed instant.
struct Parsed {
    secs: i64,
    nanos: u32,
}

/// The marker for a malformed element, like Go's `errBad`.
struct Bad;

/// Go's `time.quote`: double quotes, with `"` and `\` escaped and every byte that is a control
/// character or part of a non-ASCII character written as `\xNN`.
fn go_quote(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for &b in s {
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

fn is_digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two leading digits (two when `fixed`), and the rest of the input.
fn getnum(s: &[u8], fixed: bool) -> Result<(i64, &[u8]), Bad> {
    if !is_digit(s, 0) {
        return Err(Bad);
    }
    if !is_digit(s, 1) {
        if fixed {
            return Err(Bad);
        }
        return Ok((i64::from(s[0] - b'0'), &s[1..]));
    }
    Ok((i64::from(s[0] - b'0') * 10 + i64::from(s[1] - b'0'), &s[2..]))
}

/// Go's `time.atoi`: an optional sign, then only digits (at least zero of them), without overflow.
fn atoi(s: &[u8]) -> Result<i64, Bad> {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut x: u64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return Err(Bad);
        }
        if x > (1 << 63) / 10 {
            return Err(Bad);
        }
        x = x * 10 + u64::from(c - b'0');
        if x > 1 << 63 {
            return Err(Bad);
        }
    }
    // Go converts the magnitude with int(q), which wraps 2^63 to the most negative value.
    let v = x as i64;
    Ok(if neg { v.wrapping_neg() } else { v })
}

/// Go's `parseNanoseconds` over the first `nbytes` bytes of `value` (separator included).
///
/// Returns the nanoseconds, or a range error text, or a malformed-element error.
fn parse_nanoseconds(value: &[u8], nbytes: usize) -> Result<Result<u32, &'static str>, Bad> {
    if !matches!(value.first(), Some(b'.' | b',')) {
        return Err(Bad);
    }
    let nbytes = nbytes.min(10);
    let mut ns = atoi(&value[1..nbytes])?;
    if ns < 0 {
        return Ok(Err("fractional second"));
    }
    for _ in nbytes..10 {
        ns *= 10;
    }
    // At most nine digits were read, so the value is below one billion.
    Ok(Ok(ns as u32))
}

/// Go's general `time.parse` specialised to the two layouts, with UTC as the default location.
///
/// Go's fast RFC 3339 path accepts a subset of what this accepts and gives the same instants, so
/// only the general parser is reproduced.
fn go_parse(input: &[u8], layout: Layout) -> Result<Parsed, TimeError> {
    let layout_text = layout.text();
    let element_error = |layout_elem: &str, value_elem: &[u8]| {
        TimeError::Parse(format!(
            "parsing time {} as {}: cannot parse {} as {}",
            go_quote(input),
            go_quote(layout_text.as_bytes()),
            go_quote(value_elem),
            go_quote(layout_elem.as_bytes())
        ))
    };
    let message_error = |message: &str| TimeError::Parse(format!("parsing time {}{message}", go_quote(input)));

    let (mut year, mut month, mut day, mut hour, mut min, mut sec) = (0i64, 0i64, 0i64, 0, 0, 0);
    let mut nanos: u32 = 0;
    let mut zone_offset: i64 = 0;
    let mut value = input;
    let chunks = layout.chunks();
    for (index, &(prefix, std, std_text)) in chunks.iter().enumerate() {
        match value.strip_prefix(prefix.as_bytes()) {
            Some(rest) => value = rest,
            None => return Err(element_error(prefix, value)),
        }
        let hold = value;
        let mut range_error: Option<&str> = None;
        let result: Result<(), Bad> = (|| {
            match std {
                Std::LongYear => {
                    if value.len() < 4 || !is_digit(value, 0) {
                        return Err(Bad);
                    }
                    let (p, rest) = value.split_at(4);
                    value = rest;
                    year = atoi(p)?;
                }
                Std::ZeroMonth => {
                    let (m, rest) = getnum(value, true)?;
                    value = rest;
                    month = m;
                    if !(1..=12).contains(&month) {
                        range_error = Some("month");
                    }
                }
                Std::ZeroDay => {
                    // Any two-digit day is allowed here; the date is validated at the end.
                    let (d, rest) = getnum(value, true)?;
                    value = rest;
                    day = d;
                }
                Std::Hour => {
                    let (h, rest) = getnum(value, false)?;
                    value = rest;
                    hour = h;
                    if hour >= 24 {
                        range_error = Some("hour");
                    }
                }
                Std::ZeroMinute => {
                    let (m, rest) = getnum(value, true)?;
                    value = rest;
                    min = m;
                    if min >= 60 {
                        range_error = Some("minute");
                    }
                }
                Std::ZeroSecond => {
                    let (s, rest) = getnum(value, true)?;
                    value = rest;
                    sec = s;
                    if sec >= 60 {
                        range_error = Some("second");
                        return Ok(());
                    }
                    // A fraction the layout does not mention is still accepted, in any length.
                    let next_is_fraction = matches!(chunks.get(index + 1), Some((_, Std::FracSecond0, _)));
                    if value.len() >= 2 && matches!(value[0], b'.' | b',') && is_digit(value, 1) && !next_is_fraction {
                        let mut n = 2;
                        while is_digit(value, n) {
                            n += 1;
                        }
                        match parse_nanoseconds(value, n)? {
                            Ok(ns) => nanos = ns,
                            Err(what) => range_error = Some(what),
                        }
                        value = &value[n..];
                    }
                }
                Std::FracSecond0 => {
                    let ndigit = 7;
                    if value.len() < ndigit {
                        return Err(Bad);
                    }
                    match parse_nanoseconds(value, ndigit)? {
                        Ok(ns) => nanos = ns,
                        Err(what) => range_error = Some(what),
                    }
                    value = &value[ndigit..];
                }
                Std::Iso8601ColonTz => {
                    if value.first() == Some(&b'Z') {
                        value = &value[1..];
                        zone_offset = 0;
                        return Ok(());
                    }
                    if value.len() < 6 || value[3] != b':' {
                        return Err(Bad);
                    }
                    let (sign, hh, mm) = (value[0], &value[1..3], &value[4..6]);
                    value = &value[6..];
                    // Go reads both numbers before reporting a bad one, so that an
                    // out-of-range hour wins over a malformed minute.
                    let (hr, mn, bad) = match getnum(hh, true) {
                        Ok((hr, _)) => match getnum(mm, true) {
                            Ok((mn, _)) => (hr, mn, false),
                            Err(Bad) => (hr, 0, true),
                        },
                        Err(Bad) => (0, 0, true),
                    };
                    // Go allows offsets of 24 hours or 60 minutes.
                    if hr > 24 {
                        range_error = Some("time zone offset hour");
                    }
                    if mn > 60 {
                        range_error = Some("time zone offset minute");
                    }
                    let offset = (hr * 60 + mn) * 60;
                    zone_offset = match sign {
                        b'+' => offset,
                        b'-' => -offset,
                        _ => return Err(Bad),
                    };
                    if bad {
                        return Err(Bad);
                    }
                }
            }
            Ok(())
        })();
        if let Some(what) = range_error {
            return Err(message_error(&format!(": {what} out of range")));
        }
        if result.is_err() {
            return Err(element_error(std_text, hold));
        }
    }
    if !value.is_empty() {
        return Err(message_error(&format!(": extra text: {}", go_quote(value))));
    }
    // The month was range-checked above, so the narrowing is exact.
    let month = month as u8;
    if day < 1 || day > i64::from(days_in_month(month, year)) {
        return Err(message_error(": day out of range"));
    }
    // Every field is now in range, and the year has four digits, so nothing can overflow.
    let local = days_from_civil(year, month, day as u8) as i64 * SECS_PER_DAY + hour * 3600 + min * 60 + sec;
    Ok(Parsed { secs: local - zone_offset, nanos })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_time_digits_match_the_formatter() {
        // Every field's width and padding, years of every length and negative years, against
        // what `format!` writes.
        let mut secs: Vec<i64> =
            vec![-1_000_000_000_000_000, -62_135_596_800 - 86_400, 0, 1, 253_402_300_799, 253_402_300_800];
        secs.extend((0..2000).map(|k| k * 7_777_777_777_i64 - 7_000_000_000_000));
        for s in secs {
            let (year, month, day, hour, min, sec) = unix_to_civil(s);
            let sign = if year < 0 { "-" } else { "" };
            let abs_year = year.unsigned_abs();
            let want = format!("{sign}{abs_year:04}-{month:02}-{day:02}T{hour:02}:{min:02}:{sec:02}");
            let mut got = String::new();
            push_date_time(&mut got, s);
            assert_eq!(got, want, "{s}");
        }
        for micros in [0u64, 5, 999_999, 123_456, 1_000] {
            let mut got = String::new();
            push_padded(&mut got, micros, 6);
            assert_eq!(got, format!("{micros:06}"));
        }
    }

    fn civil(y: i64, mo: u8, d: u8, h: u8, mi: u8, s: u8) -> Time {
        Time::from_civil(y, mo, d, h, mi, s).expect("valid civil date")
    }

    #[test]
    fn known_dates() {
        assert_eq!(civil(1970, 1, 1, 0, 0, 0).unix_seconds(), 0);
        assert_eq!(civil(2000, 1, 1, 0, 0, 0).unix_seconds(), 946_684_800);
        assert_eq!(civil(2000, 2, 29, 0, 0, 0).unix_seconds(), 951_782_400);
        assert_eq!(civil(2000, 3, 1, 0, 0, 0).unix_seconds(), 951_868_800);
        assert_eq!(civil(1900, 3, 1, 0, 0, 0).unix_seconds(), -2_203_891_200);
        assert_eq!(civil(1900, 2, 28, 0, 0, 0).unix_seconds(), -2_203_977_600);
        assert_eq!(civil(1, 1, 1, 0, 0, 0).unix_seconds(), ZERO_UNIX_SECONDS);
        assert_eq!(civil(9999, 12, 31, 23, 59, 59).unix_seconds(), 253_402_300_799);
        assert_eq!(civil(2038, 1, 19, 3, 14, 8).unix_seconds(), 1 << 31);
        assert_eq!(civil(1998, 5, 5, 5, 5, 5).unix_seconds(), 894_344_705);
        assert_eq!(civil(1960, 1, 1, 0, 0, 0).unix_seconds(), -315_619_200);
        assert_eq!(civil(0, 1, 1, 0, 0, 0).unix_seconds(), -62_167_219_200);
    }

    #[test]
    fn invalid_civil_fields() {
        assert_eq!(Time::from_civil(1900, 2, 29, 0, 0, 0), None);
        assert_eq!(Time::from_civil(2001, 2, 29, 0, 0, 0), None);
        assert!(Time::from_civil(2004, 2, 29, 0, 0, 0).is_some());
        assert!(Time::from_civil(2000, 2, 29, 0, 0, 0).is_some());
        assert_eq!(Time::from_civil(2000, 0, 1, 0, 0, 0), None);
        assert_eq!(Time::from_civil(2000, 13, 1, 0, 0, 0), None);
        assert_eq!(Time::from_civil(2000, 4, 31, 0, 0, 0), None);
        assert_eq!(Time::from_civil(2000, 1, 0, 0, 0, 0), None);
        assert_eq!(Time::from_civil(2000, 1, 1, 24, 0, 0), None);
        assert_eq!(Time::from_civil(2000, 1, 1, 0, 60, 0), None);
        assert_eq!(Time::from_civil(2000, 1, 1, 0, 0, 60), None);
        assert_eq!(Time::from_civil(i64::MAX, 1, 1, 0, 0, 0), None);
        assert_eq!(Time::from_civil(i64::MIN, 1, 1, 0, 0, 0), None);
        assert_eq!(MicroTime::from_civil(2000, 1, 1, 0, 0, 0, 1_000_000_000), None);
    }

    #[test]
    fn to_civil_matches_from_civil() {
        assert_eq!(Time::from_unix(0).to_civil(), (1970, 1, 1, 0, 0, 0));
        assert_eq!(Time::from_unix(-1).to_civil(), (1969, 12, 31, 23, 59, 59));
        assert_eq!(Time::ZERO.to_civil(), (1, 1, 1, 0, 0, 0));
        assert_eq!(Time::from_unix(951_782_400).to_civil(), (2000, 2, 29, 0, 0, 0));
        // Every day of a 1600-year span including both century rules.
        let mut secs = civil(1599, 12, 31, 0, 0, 0).unix_seconds();
        let end = civil(3201, 1, 1, 0, 0, 0).unix_seconds();
        let (mut y, mut m, mut d) = (1599i64, 12u8, 31u8);
        while secs <= end {
            let t = Time::from_unix(secs + 3661);
            assert_eq!(t.to_civil(), (y, m, d, 1, 1, 1));
            assert_eq!(civil(y, m, d, 1, 1, 1), t);
            d += 1;
            if d > days_in_month(m, y) {
                d = 1;
                m += 1;
                if m > 12 {
                    m = 1;
                    y += 1;
                }
            }
            secs += SECS_PER_DAY;
        }
    }

    #[test]
    fn extreme_seconds_do_not_panic() {
        for secs in [i64::MIN, i64::MIN + 1, i64::MAX, i64::MAX - 1, -1, 0, 1] {
            let t = Time::from_unix(secs);
            let (y, mo, d, h, mi, s) = t.to_civil();
            assert_eq!(Time::from_civil(y, mo, d, h, mi, s), Some(t));
            let text = t.format_rfc3339();
            assert!(text.ends_with('Z'));
            let _ = t.try_format_rfc3339();
            let _ = MicroTime::from_unix(secs, 999_999_999).format_rfc3339_micro();
        }
        assert_eq!(MicroTime::from_unix(i64::MAX, 2_000_000_000).unix_seconds(), i64::MAX);
    }

    #[test]
    fn zero_time() {
        assert!(Time::default().is_zero());
        assert!(Time::ZERO.is_zero());
        assert!(!Time::from_unix(0).is_zero());
        assert_eq!(Time::default().format_rfc3339(), "0001-01-01T00:00:00Z");
        assert!(MicroTime::default().is_zero());
        assert!(!MicroTime::from_unix(ZERO_UNIX_SECONDS, 1).is_zero());
        assert_eq!(MicroTime::default().format_rfc3339_micro(), "0001-01-01T00:00:00.000000Z");
        assert!(Time::parse_rfc3339("0001-01-01T00:00:00Z").unwrap().is_zero());
    }

    #[test]
    fn format_known() {
        assert_eq!(civil(1998, 5, 5, 5, 5, 5).format_rfc3339(), "1998-05-05T05:05:05Z");
        assert_eq!(civil(2008, 1, 1, 1, 1, 1).format_rfc3339(), "2008-01-01T01:01:01Z");
        assert_eq!(Time::from_unix(0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(civil(1960, 1, 1, 0, 0, 0).format_rfc3339(), "1960-01-01T00:00:00Z");
        assert_eq!(civil(9999, 12, 31, 23, 59, 59).format_rfc3339(), "9999-12-31T23:59:59Z");
        assert_eq!(civil(0, 1, 1, 0, 0, 0).format_rfc3339(), "0000-01-01T00:00:00Z");
        assert_eq!(civil(-1, 12, 31, 23, 0, 0).format_rfc3339(), "-0001-12-31T23:00:00Z");
        assert_eq!(civil(10000, 1, 1, 0, 0, 0).format_rfc3339(), "10000-01-01T00:00:00Z");
        assert_eq!(civil(12, 3, 4, 5, 6, 7).format_rfc3339(), "0012-03-04T05:06:07Z");
    }

    #[test]
    fn strict_format_rejects_wide_years() {
        assert_eq!(civil(9999, 12, 31, 23, 59, 59).try_format_rfc3339().unwrap(), "9999-12-31T23:59:59Z");
        assert_eq!(civil(0, 1, 1, 0, 0, 0).try_format_rfc3339().unwrap(), "0000-01-01T00:00:00Z");
        assert_eq!(civil(10000, 1, 1, 0, 0, 0).try_format_rfc3339(), Err(TimeError::YearOutOfRange(10000)));
        assert_eq!(civil(-1, 1, 1, 0, 0, 0).try_format_rfc3339(), Err(TimeError::YearOutOfRange(-1)));
        assert_eq!(TimeError::YearOutOfRange(-1).to_string(), "year outside of range [0,9999]");
        assert!(MicroTime::from(civil(10000, 1, 1, 0, 0, 0)).try_format_rfc3339_micro().is_err());
    }

    #[test]
    fn micro_format() {
        let base = civil(1998, 5, 5, 5, 5, 5).unix_seconds();
        assert_eq!(MicroTime::from_unix(base, 0).format_rfc3339_micro(), "1998-05-05T05:05:05.000000Z");
        assert_eq!(MicroTime::from_unix(base, 50).format_rfc3339_micro(), "1998-05-05T05:05:05.000000Z");
        assert_eq!(MicroTime::from_unix(base, 5050).format_rfc3339_micro(), "1998-05-05T05:05:05.000005Z");
        assert_eq!(MicroTime::from_unix(123, 123_123_123).format_rfc3339_micro(), "1970-01-01T00:02:03.123123Z");
        assert_eq!(MicroTime::from_unix(-1, 999_999_999).to_string(), "1969-12-31T23:59:59.999999Z");
    }

    #[test]
    fn micro_accessors() {
        let t = MicroTime::from_unix(123, 123_123_123);
        assert_eq!(t.unix_seconds(), 123);
        assert_eq!(t.nanos(), 123_123_123);
        assert_eq!(t.truncate_to_micros(), MicroTime::from_unix(123, 123_123_000));
        assert_eq!(MicroTime::from_unix(1, 1_500_000_000), MicroTime::from_unix(2, 500_000_000));
        assert!(MicroTime::from_unix(-1, 999_999_999) < MicroTime::from_unix(0, 0));
        assert!(MicroTime::from_unix(5, 1) > MicroTime::from_unix(5, 0));
        assert_eq!(Time::from(MicroTime::from_unix(-1, 5)), Time::from_unix(-1));
        assert_eq!(MicroTime::from(Time::from_unix(7)), MicroTime::from_unix(7, 0));
        let c = MicroTime::from_civil(2000, 2, 29, 1, 2, 3, 4).unwrap();
        assert_eq!(c.to_civil(), (2000, 2, 29, 1, 2, 3));
        assert_eq!(c.nanos(), 4);
    }

    #[test]
    fn now_is_plausible() {
        let t = Time::now();
        assert!(t.unix_seconds() > 1_600_000_000);
        let m = MicroTime::now();
        assert!(m.unix_seconds() >= t.unix_seconds());
        assert!(m.nanos() < NANOS_PER_SEC);
    }

    #[test]
    fn parse_known() {
        let p = |s: &str| Time::parse_rfc3339(s).map(|t| t.unix_seconds());
        assert_eq!(p("1998-05-05T05:05:05Z"), Ok(894_344_705));
        assert_eq!(p("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(p("2000-02-29T00:00:00Z"), Ok(951_782_400));
        assert_eq!(p("0000-01-01T00:00:00Z"), Ok(-62_167_219_200));
        assert_eq!(p("9999-12-31T23:59:59Z"), Ok(253_402_300_799));
        // Offsets are converted to UTC.
        assert_eq!(p("1998-05-05T01:05:05-04:00"), Ok(894_344_705));
        assert_eq!(p("1998-05-05T10:35:05+05:30"), Ok(894_344_705));
        assert_eq!(p("1970-01-01T00:00:00+00:00"), Ok(0));
        assert_eq!(p("1970-01-01T00:00:00-00:00"), Ok(0));
        assert_eq!(p("0000-01-01T00:00:00+01:00"), Ok(-62_167_219_200 - 3600));
        assert_eq!(p("1970-01-01T00:00:00+24:00"), Ok(-86_400));
        assert_eq!(p("1970-01-01T00:00:00-23:60"), Ok(86_400));
        // Fractions of any length are accepted and dropped.
        assert_eq!(p("1998-05-05T05:05:05.123456789Z"), Ok(894_344_705));
        assert_eq!(p("1998-05-05T05:05:05.9Z"), Ok(894_344_705));
        assert_eq!(p("1998-05-05T05:05:05.1234567890123Z"), Ok(894_344_705));
        assert_eq!(p("1998-05-05T05:05:05,5Z"), Ok(894_344_705));
        assert_eq!(p("1969-12-31T23:59:59.999Z"), Ok(-1));
        // Go's general parser takes a one-digit hour.
        assert_eq!(p("1970-01-01T1:00:00Z"), Ok(3600));
        let round = Time::parse_rfc3339("2024-02-29T12:34:56.5+02:00").unwrap();
        assert_eq!(round.format_rfc3339(), "2024-02-29T10:34:56Z");
        assert_eq!("2024-02-29T10:34:56Z".parse::<Time>(), Ok(round));
    }

    #[test]
    fn parse_errors_match_go() {
        let e = |s: &str| match Time::parse_rfc3339(s) {
            Err(TimeError::Parse(m)) => m,
            other => panic!("{s}: unexpected {other:?}"),
        };
        assert_eq!(
            e("hello"),
            r#"parsing time "hello" as "2006-01-02T15:04:05Z07:00": cannot parse "hello" as "2006""#
        );
        assert_eq!(e("1998-13-05T05:05:05Z"), r#"parsing time "1998-13-05T05:05:05Z": month out of range"#);
        assert_eq!(e("1998-02-30T05:05:05Z"), r#"parsing time "1998-02-30T05:05:05Z": day out of range"#);
        assert_eq!(e("1998-05-05T24:05:05Z"), r#"parsing time "1998-05-05T24:05:05Z": hour out of range"#);
        assert_eq!(e("1998-05-05T05:60:05Z"), r#"parsing time "1998-05-05T05:60:05Z": minute out of range"#);
        assert_eq!(e("1998-05-05T05:05:60Z"), r#"parsing time "1998-05-05T05:05:60Z": second out of range"#);
        assert_eq!(
            e("1998-05-05T05:05:05"),
            r#"parsing time "1998-05-05T05:05:05" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05z"),
            r#"parsing time "1998-05-05T05:05:05z" as "2006-01-02T15:04:05Z07:00": cannot parse "z" as "Z07:00""#
        );
        assert_eq!(
            e("1998-05-05t05:05:05Z"),
            r#"parsing time "1998-05-05t05:05:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse "t05:05:05Z" as "T""#
        );
        assert_eq!(e("1998-05-05T05:05:05Zjunk"), r#"parsing time "1998-05-05T05:05:05Zjunk": extra text: "junk""#);
        assert_eq!(
            e("1998-05-05T05:05:05+25:00"),
            r#"parsing time "1998-05-05T05:05:05+25:00": time zone offset hour out of range"#
        );
        assert_eq!(
            e("1998-5-05T05:05:05Z"),
            r#"parsing time "1998-5-05T05:05:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse "5-05T05:05:05Z" as "01""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05.Z"),
            r#"parsing time "1998-05-05T05:05:05.Z" as "2006-01-02T15:04:05Z07:00": cannot parse ".Z" as "Z07:00""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05Z\u{e9}"),
            r#"parsing time "1998-05-05T05:05:05Z\xc3\xa9": extra text: "\xc3\xa9""#
        );
        assert_eq!(e(""), r#"parsing time "" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "2006""#);
    }

    #[test]
    fn malformed_times_are_rejected() {
        let bad = [
            "",
            "0",
            "null",
            "1998",
            "1998-05-05",
            "1998-05-05T",
            "1998-05-05T05:05Z",
            "-001-05-05T05:05:05Z",
            "+998-05-05T05:05:05Z",
            "19980-05-05T05:05:05Z",
            "1998-05-05 05:05:05Z",
            "1998-05-05T05:05:05+0500",
            "1998-05-05T05:05:05+05",
            "1998-05-05T05:05:05+5:00",
            "1998-05-05T05:05:05+05:0a",
            "1998-05-05T05:05:05*05:00",
            "1998-05-05T05:05:05+05:61",
            "1998-05-05T05:05:05.Z",
            "1998-05-05T05:05:05.-1Z",
            "1998-05-05T05:05:05ZZ",
            " 1998-05-05T05:05:05Z",
            "1998-05-05T05:05:05Z ",
            "1998-00-05T05:05:05Z",
            "1998-05-00T05:05:05Z",
            "1998-04-31T05:05:05Z",
            "1900-02-29T00:00:00Z",
            "1998-05-05T123:05:05Z",
            "\u{e9}\u{e9}\u{e9}\u{e9}",
            "1998-05-05T05:05:05\u{e9}",
            "1998-05-05T05:05:05.\u{e9}",
        ];
        for s in bad {
            assert!(Time::parse_rfc3339(s).is_err(), "{s:?} parsed");
            assert!(MicroTime::parse_rfc3339_micro(s).is_err(), "{s:?} parsed as micro");
        }
    }

    #[test]
    fn round_trips_over_a_range() {
        let mut secs = -62_167_219_200i64; // 0000-01-01
        let end = 253_402_300_799i64; // 9999-12-31T23:59:59
        let step = 7_919_993; // A prime near three months, so fields vary.
        while secs <= end {
            let t = Time::from_unix(secs);
            let text = t.format_rfc3339();
            assert_eq!(Time::parse_rfc3339(&text), Ok(t), "{text}");
            let m = MicroTime::from_unix(secs, (secs.rem_euclid(1_000_000) * 1000) as u32);
            let text = m.format_rfc3339_micro();
            assert_eq!(MicroTime::parse_rfc3339_micro(&text), Ok(m), "{text}");
            secs += step;
        }
    }

    #[test]
    fn micro_parse() {
        let p = |s: &str| MicroTime::parse_rfc3339_micro(s).map(|t| (t.unix_seconds(), t.nanos()));
        assert_eq!(p("1998-05-05T05:05:05.000000Z"), Ok((894_344_705, 0)));
        assert_eq!(p("1970-01-01T00:02:03.123123Z"), Ok((123, 123_123_000)));
        assert_eq!(p("1970-01-01T00:02:03,123123Z"), Ok((123, 123_123_000)));
        assert_eq!(p("1970-01-01T01:02:03.123123+01:00"), Ok((123, 123_123_000)));
        assert_eq!(p("1970-01-01T0:02:03.000001-00:00"), Ok((123, 1000)));
        // Go's integer scan lets a sign take the first digit's place.
        assert_eq!(p("1970-01-01T00:00:00.+12345Z"), Ok((0, 12_345_000)));
        assert_eq!(p("1970-01-01T00:00:00.-00000Z"), Ok((0, 0)));
        let e = |s: &str| MicroTime::parse_rfc3339_micro(s).unwrap_err().to_string();
        assert_eq!(
            e("hello"),
            r#"parsing time "hello" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "hello" as "2006""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05Z"),
            r#"parsing time "1998-05-05T05:05:05Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05.123Z"),
            r#"parsing time "1998-05-05T05:05:05.123Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".123Z" as ".000000""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05.1234567Z"),
            r#"parsing time "1998-05-05T05:05:05.1234567Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "7Z" as "Z07:00""#
        );
        assert_eq!(
            e("1998-05-05T05:05:05.-12345Z"),
            r#"parsing time "1998-05-05T05:05:05.-12345Z": fractional second out of range"#
        );
        assert_eq!("1998-05-05T05:05:05.000000Z".parse::<MicroTime>().map(|t| t.nanos()), Ok(0));
    }

    #[test]
    fn quote_escapes_like_go() {
        assert_eq!(go_quote(b"a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(go_quote(b"\x01\xff"), r#""\x01\xff""#);
        assert_eq!(go_quote(b"\x7f"), "\"\x7f\"");
    }
}
