//! CEL's timestamps and durations: RFC 3339 text and Go's duration text read and written as cel-go does, civil calendar arithmetic, and the `get*` accessors in UTC or a fixed offset.

/// A point in time: seconds since the Unix epoch (UTC) and nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    pub secs: i64,
    /// Nanoseconds past `secs`, below 1,000,000,000.
    pub nanos: u32,
}

/// The seconds of 0001-01-01T00:00:00Z and of 9999-12-31T23:59:59Z: cel-go's range.
const MIN_SECS: i64 = -62_135_596_800;
const MAX_SECS: i64 = 253_402_300_799;

const NANOS: i64 = 1_000_000_000;

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Timestamp {
    /// A timestamp within cel-go's range, or `None`.
    pub fn new(secs: i64, nanos: u32) -> Option<Timestamp> {
        (MIN_SECS..=MAX_SECS).contains(&secs).then_some(Timestamp { secs, nanos })
    }

    /// Reads RFC 3339 text as Go's `time.Parse(time.RFC3339, …)` does (a fraction of a second
    /// is accepted, the zone is `Z` or `±hh:mm`).
    pub fn parse(s: &str) -> Result<Timestamp, String> {
        let bad = || format!("parsing time {s:?} as \"2006-01-02T15:04:05Z07:00\": cannot parse {s:?} as RFC 3339");
        let b = s.as_bytes();
        let num = |from: usize, len: usize| -> Option<u32> {
            let part = b.get(from..from + len)?;
            part.iter().all(u8::is_ascii_digit).then(|| part.iter().fold(0, |n, c| n * 10 + u32::from(c - b'0')))
        };
        let at = |i: usize, c: u8| b.get(i) == Some(&c);
        let (Some(year), true, Some(month), true, Some(day), true, Some(hour), true, Some(min), true, Some(sec)) = (
            num(0, 4),
            at(4, b'-'),
            num(5, 2),
            at(7, b'-'),
            num(8, 2),
            at(10, b'T'),
            num(11, 2),
            at(13, b':'),
            num(14, 2),
            at(16, b':'),
            num(17, 2),
        ) else {
            return Err(bad());
        };
        let mut i = 19;
        let mut nanos = 0u32;
        if at(i, b'.') {
            let start = i + 1;
            let mut end = start;
            while b.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            if end == start {
                return Err(bad());
            }
            // Digits past nanoseconds are dropped, as Go does.
            for (k, c) in b[start..end].iter().take(9).enumerate() {
                nanos += u32::from(c - b'0') * 10u32.pow(8 - k as u32);
            }
            i = end;
        }
        let offset: i64 = match b.get(i) {
            Some(b'Z') if i + 1 == b.len() => 0,
            Some(sign @ (b'+' | b'-')) if i + 6 == b.len() && at(i + 3, b':') => {
                let (Some(h), Some(m)) = (num(i + 1, 2), num(i + 4, 2)) else { return Err(bad()) };
                if h > 23 || m > 59 {
                    return Err(format!("parsing time {s:?}: time zone offset out of range"));
                }
                let o = i64::from(h * 3600 + m * 60);
                if *sign == b'-' { -o } else { o }
            }
            _ => return Err(bad()),
        };
        if !(1..=12).contains(&month) {
            return Err(format!("parsing time {s:?}: month out of range"));
        }
        if day < 1 || day > days_in_month(i64::from(year), month) {
            return Err(format!("parsing time {s:?}: day out of range"));
        }
        if hour > 23 || min > 59 || sec > 59 {
            return Err(format!(
                "parsing time {s:?}: {} out of range",
                if hour > 23 {
                    "hour"
                } else if min > 59 {
                    "minute"
                } else {
                    "second"
                }
            ));
        }
        let days = days_from_civil(i64::from(year), month, day);
        let secs = days * 86_400 + i64::from(hour * 3600 + min * 60 + sec) - offset;
        Timestamp::new(secs, nanos).ok_or_else(|| "timestamp out of range".to_owned())
    }

    /// Go's `time.RFC3339Nano` text in UTC (trailing zeros of the fraction dropped).
    pub fn format(&self) -> String {
        let days = self.secs.div_euclid(86_400);
        let rem = self.secs.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        let mut out = format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60);
        if self.nanos > 0 {
            let frac = format!("{:09}", self.nanos);
            out.push('.');
            out.push_str(frac.trim_end_matches('0'));
        }
        out.push('Z');
        out
    }

    /// Adds a duration (nanoseconds); `None` outside the range.
    pub fn add(&self, d: i64) -> Option<Timestamp> {
        let total = i128::from(self.nanos) + i128::from(d.rem_euclid(NANOS));
        let secs = self.secs.checked_add(d.div_euclid(NANOS))?.checked_add((total / i128::from(NANOS)) as i64)?;
        Timestamp::new(secs, (total % i128::from(NANOS)) as u32)
    }

    /// The duration from `other` to `self`; `None` when it does not fit in a duration.
    pub fn since(&self, other: &Timestamp) -> Option<i64> {
        let n = (i128::from(self.secs) - i128::from(other.secs)) * i128::from(NANOS) + i128::from(self.nanos)
            - i128::from(other.nanos);
        i64::try_from(n).ok()
    }

    /// A calendar field in the time zone `tz` (`UTC`, or a fixed offset `+05:30`/`-08:00`).
    pub fn get(&self, field: &str, tz: Option<&str>) -> Result<i64, String> {
        let offset = match tz {
            None => 0,
            Some(tz) => zone_offset(tz)?,
        };
        let local = self.secs + offset;
        let days = local.div_euclid(86_400);
        let rem = local.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        Ok(match field {
            "getFullYear" => y,
            "getMonth" => i64::from(m) - 1,
            "getDate" => i64::from(d),
            "getDayOfMonth" => i64::from(d) - 1,
            "getDayOfYear" => days - days_from_civil(y, 1, 1),
            // 1970-01-01 was a Thursday (4).
            "getDayOfWeek" => (days + 4).rem_euclid(7),
            "getHours" => rem / 3600,
            "getMinutes" => rem / 60 % 60,
            "getSeconds" => rem % 60,
            "getMilliseconds" => i64::from(self.nanos / 1_000_000),
            _ => return Err("no such overload".into()),
        })
    }
}

/// The offset in seconds of a time zone argument. IANA names other than `UTC` need a time zone
/// database, which this evaluator does not carry.
fn zone_offset(tz: &str) -> Result<i64, String> {
    if matches!(tz, "UTC" | "Etc/UTC" | "Z" | "GMT" | "Etc/GMT") {
        return Ok(0);
    }
    let b = tz.as_bytes();
    let sign = match b.first() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => return Err(format!("unknown time zone {tz}: only UTC and fixed offsets (`+05:30`) are supported here")),
    };
    let (h, m) = tz[1..].split_once(':').unwrap_or((&tz[1..], "0"));
    match (h.parse::<i64>(), m.parse::<i64>()) {
        (Ok(h), Ok(m)) if (0..=23).contains(&h) && (0..=59).contains(&m) => Ok(sign * (h * 3600 + m * 60)),
        _ => Err(format!("unknown time zone {tz}")),
    }
}

/// Reads Go's duration text (`1h30m`, `-1.5s`, `300ms`, `0`), as `time.ParseDuration`.
pub fn parse_duration(s: &str) -> Result<i64, String> {
    let bad = || format!("time: invalid duration {s:?}");
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(bad());
    }
    let mut total: u128 = 0;
    while !rest.is_empty() {
        let int_end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let (int_part, after) = rest.split_at(int_end);
        let (frac_part, after) = match after.strip_prefix('.') {
            Some(f) => {
                let e = f.find(|c: char| !c.is_ascii_digit()).unwrap_or(f.len());
                f.split_at(e)
            }
            None => ("", after),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(bad());
        }
        let unit_end = after.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(after.len());
        let (unit, next) = after.split_at(unit_end);
        let scale: u128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            "" => return Err(format!("time: missing unit in duration {s:?}")),
            u => return Err(format!("time: unknown unit {u:?} in duration {s:?}")),
        };
        let whole: u128 = if int_part.is_empty() { 0 } else { int_part.parse().map_err(|_| bad())? };
        let mut v = whole.checked_mul(scale).ok_or_else(bad)?;
        let mut unit_frac = scale;
        for c in frac_part.bytes().take(30) {
            unit_frac /= 10;
            v += u128::from(c - b'0') * unit_frac;
        }
        total = total.checked_add(v).ok_or_else(bad)?;
        if total > i64::MAX as u128 + 1 {
            return Err(bad());
        }
        rest = next;
    }
    let n = total as i128;
    i64::try_from(if neg { -n } else { n }).map_err(|_| bad())
}

/// A duration as cel-go's `string()` writes it: seconds with a fraction, then `s`.
pub fn format_duration(d: i64) -> String {
    let secs = d / NANOS;
    let frac = (d % NANOS).unsigned_abs();
    let sign = if d < 0 && secs == 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{secs}s");
    }
    let f = format!("{frac:09}");
    format!("{sign}{secs}.{}s", f.trim_end_matches('0'))
}

/// The duration accessors: totals in each unit, truncated.
pub fn duration_get(d: i64, field: &str) -> Option<i64> {
    Some(match field {
        "getHours" => d / 3_600_000_000_000,
        "getMinutes" => d / 60_000_000_000,
        "getSeconds" => d / NANOS,
        "getMilliseconds" => d / 1_000_000,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_round_trips() {
        let t = Timestamp::parse("2023-08-26T12:34:56.789Z").expect("valid");
        assert_eq!(t.format(), "2023-08-26T12:34:56.789Z");
        let t = Timestamp::parse("1970-01-01T01:00:00+01:00").expect("valid");
        assert_eq!((t.secs, t.nanos), (0, 0));
        assert_eq!(Timestamp::parse("0001-01-01T00:00:00Z").expect("min").secs, MIN_SECS);
        assert_eq!(Timestamp::parse("9999-12-31T23:59:59Z").expect("max").secs, MAX_SECS);
        assert!(Timestamp::parse("2023-02-29T00:00:00Z").is_err());
        assert!(Timestamp::parse("2023-01-01 00:00:00Z").is_err());
        assert!(Timestamp::parse("2023-01-01T00:00:00").is_err());
    }

    #[test]
    fn durations_read_as_go_reads_them() {
        assert_eq!(parse_duration("1h30m"), Ok(5_400_000_000_000));
        assert_eq!(parse_duration("-1.5s"), Ok(-1_500_000_000));
        assert_eq!(parse_duration("300ms"), Ok(300_000_000));
        assert_eq!(parse_duration("0"), Ok(0));
        assert!(parse_duration("1").is_err());
        assert!(parse_duration("1d").is_err());
        assert!(parse_duration("").is_err());
        assert_eq!(format_duration(5_400_000_000_000), "5400s");
        assert_eq!(format_duration(-1_500_000_000), "-1.5s");
        assert_eq!(format_duration(-500_000_000), "-0.5s");
    }

    #[test]
    fn calendar_fields() {
        // 2023-08-26 was a Saturday, the 238th day of the year.
        let t = Timestamp::parse("2023-08-26T12:34:56Z").expect("valid");
        assert_eq!(t.get("getFullYear", None), Ok(2023));
        assert_eq!(t.get("getMonth", None), Ok(7));
        assert_eq!(t.get("getDate", None), Ok(26));
        assert_eq!(t.get("getDayOfMonth", None), Ok(25));
        assert_eq!(t.get("getDayOfWeek", None), Ok(6));
        assert_eq!(t.get("getDayOfYear", None), Ok(237));
        assert_eq!(t.get("getHours", Some("-08:00")), Ok(4));
        assert!(t.get("getHours", Some("Mars/Base")).is_err());
    }
}
