//! The `date`, `date-time` and `duration` formats: kube-openapi's checks, and the values CEL reads from them (strfmt's parsers, Go's `time.Parse`).

use std::sync::LazyLock;

use kapi_cel::Timestamp;
use regex::Regex;

use super::regex;

/// Go's `time.Parse("2006-01-02", …)`: four-digit year, two-digit month and day, the day within
/// its month. The timestamp is that day's midnight in UTC; `None` for a date Go refuses or one
/// outside CEL's years 1 to 9999 (Go's year 0 is a valid date to the format check).
pub fn parse_date(value: &str) -> Option<Timestamp> {
    if !is_date(value) {
        return None;
    }
    Timestamp::parse(&format!("{value}T00:00:00Z")).ok()
}

/// Whether Go's `time.Parse("2006-01-02", …)` reads `value`.
pub fn is_date(value: &str) -> bool {
    let b = value.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return false;
    }
    let num = |r: std::ops::Range<usize>| value[r].parse::<u32>().unwrap_or(0);
    let (year, month, day) = (num(0..4), num(5..7), num(8..10));
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return false,
    };
    (1..=days).contains(&day)
}

static TIME_OF_DAY: LazyLock<Regex> =
    LazyLock::new(|| regex("^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$"));

/// strfmt's `IsDateTime`: lower-cased and split at each `t`, a date before the first and a
/// time of day with a zone (any one character before the fraction, as its pattern says) after
/// it; text after a second `t` is not read.
pub fn is_date_time(value: &str) -> bool {
    if value.len() < 4 {
        return false;
    }
    let lower = value.to_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else { return false };
    if !is_date(date) {
        return false;
    }
    TIME_OF_DAY.captures(time).is_some_and(|c| &c[1] <= "23" && &c[2] <= "59" && &c[3] <= "59")
}

/// strfmt's `ParseDateTime`, as upstream reads a `date-time` value for CEL: RFC 3339 with or
/// without a fraction, or the same without a zone (read as UTC); the empty string is the Unix
/// epoch. The error is Go's for the last layout tried.
pub fn parse_date_time(value: &str) -> Result<Timestamp, String> {
    if value.is_empty() {
        return Timestamp::new(0, 0).ok_or_else(String::new);
    }
    if let Ok(t) = Timestamp::parse(value) {
        return Ok(t);
    }
    // ISO 8601 local time: no zone, so the `Z` added cannot clash with one written.
    let b = value.as_bytes();
    let zoned = b.last().is_some_and(|c| *c == b'Z') || (b.len() > 6 && matches!(b[b.len() - 6], b'+' | b'-'));
    if !zoned && let Ok(t) = Timestamp::parse(&format!("{value}Z")) {
        return Ok(t);
    }
    Err(format!("parsing time {value:?} as \"2006-01-02T15:04:05\": cannot parse {value:?} as \"2006-01-02T15:04:05\""))
}

static SCALA_DURATION: LazyLock<Regex> =
    LazyLock::new(|| regex("^[\t\n\x0c\r ]*(?:[0-9]+[\t\n\x0c\r ]*[A-Za-zµ]+[\t\n\x0c\r ]*)+$"));
static SCALA_PART: LazyLock<Regex> = LazyLock::new(|| regex("([0-9]+)[\t\n\x0c\r ]*([A-Za-zµ]+)"));

/// strfmt's `ParseDuration`: Go's `time.ParseDuration`, else Scala's duration text
/// (`3 days`, `1h 30min`, `2 weeks`): each number and unit, a unit matching a spelling or
/// starting with the longest one; units no spelling matches are skipped, but one must match.
/// Nanoseconds; sums wrap as Go's do.
pub fn parse_duration(value: &str) -> Option<i64> {
    if let Ok(d) = kapi_cel::parse_duration(value) {
        return Some(d);
    }
    if !SCALA_DURATION.is_match(value) {
        return None;
    }
    const UNITS: &[(&[&str], i64)] = &[
        (&["ns", "nano"], 1),
        (&["us", "µs", "micro"], 1_000),
        (&["ms", "milli"], 1_000_000),
        (&["s", "sec"], 1_000_000_000),
        (&["m", "min"], 60_000_000_000),
        (&["h", "hr", "hour"], 3_600_000_000_000),
        (&["d", "day"], 86_400_000_000_000),
        (&["w", "wk", "week"], 604_800_000_000_000),
    ];
    let mut total = 0i64;
    let mut matched = false;
    for c in SCALA_PART.captures_iter(value) {
        // Go's `strconv.Atoi`: a number past 64 bits is an error.
        let factor: i64 = c[1].parse().ok()?;
        let unit = c[2].to_lowercase();
        for (spellings, scale) in UNITS {
            let last = spellings.len() - 1;
            for (i, s) in spellings.iter().enumerate() {
                if (i == last && unit.starts_with(s)) || s.eq_ignore_ascii_case(&unit) {
                    matched = true;
                    total = total.wrapping_add(factor.wrapping_mul(*scale));
                }
            }
        }
    }
    matched.then_some(total)
}
