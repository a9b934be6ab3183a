//! Cron schedules read as `github.com/robfig/cron/v3`'s `ParseStandard` reads them, for its error messages, and time zone names checked as Go's `time.LoadLocation` checks them.

/// The bounds and names of one schedule field.
struct Bounds {
    min: u64,
    max: u64,
    names: &'static [(&'static str, u64)],
}

const SECONDS: Bounds = Bounds { min: 0, max: 59, names: &[] };
const MINUTES: Bounds = Bounds { min: 0, max: 59, names: &[] };
const HOURS: Bounds = Bounds { min: 0, max: 23, names: &[] };
const DOM: Bounds = Bounds { min: 1, max: 31, names: &[] };
const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
};
const DOW: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &[("sun", 0), ("mon", 1), ("tue", 2), ("wed", 3), ("thu", 4), ("fri", 5), ("sat", 6)],
};

const DESCRIPTORS: &[&str] = &["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"];

/// Checks a standard five-field schedule (with an optional `TZ=`/`CRON_TZ=` prefix, or a
/// descriptor such as `@daily` or `@every 1h`), returning the parser's error text.
pub(super) fn parse_standard(spec: &str) -> Result<(), String> {
    if spec.is_empty() {
        return Err("empty spec string".into());
    }
    let mut spec = spec;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let eq = spec.find('=').expect("the prefix has an equals sign");
        let end = spec.find(' ').unwrap_or(spec.len());
        let name = spec.get(eq + 1..end).unwrap_or_default();
        if let Err(e) = load_location(name) {
            return Err(format!("provided bad location {name}: {e}"));
        }
        spec = spec[end..].trim();
    }
    if spec.starts_with('@') {
        return descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!("expected exactly 5 fields, found {}: [{}]", fields.len(), fields.join(" ")));
    }
    field("0", &SECONDS)?;
    for (f, b) in fields.iter().zip([&MINUTES, &HOURS, &DOM, &MONTHS, &DOW]) {
        field(f, b)?;
    }
    Ok(())
}

fn descriptor(spec: &str) -> Result<(), String> {
    if DESCRIPTORS.contains(&spec) {
        return Ok(());
    }
    if let Some(d) = spec.strip_prefix("@every ") {
        return go_duration(d).map_err(|e| format!("failed to parse duration {spec}: {e}"));
    }
    Err(format!("unrecognized descriptor: {spec}"))
}

/// A comma-separated list of ranges; empty entries are skipped, as `strings.FieldsFunc` skips them.
fn field(f: &str, b: &Bounds) -> Result<(), String> {
    for expr in f.split(',').filter(|e| !e.is_empty()) {
        range(expr, b)?;
    }
    Ok(())
}

/// `number | number "-" number [ "/" number ]`, or `*`/`?` with an optional step.
fn range(expr: &str, b: &Bounds) -> Result<(), String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let single = low_and_high.len() == 1;
    let (start, mut end) = if low_and_high[0] == "*" || low_and_high[0] == "?" {
        (b.min, b.max)
    } else {
        let start = int_or_name(low_and_high[0], b)?;
        let end = match low_and_high.len() {
            1 => start,
            2 => int_or_name(low_and_high[1], b)?,
            _ => return Err(format!("too many hyphens: {expr}")),
        };
        (start, end)
    };
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = parse_int(range_and_step[1])?;
            if single {
                end = b.max;
            }
            step
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < b.min {
        return Err(format!("beginning of range ({start}) below minimum ({}): {expr}", b.min));
    }
    if end > b.max {
        return Err(format!("end of range ({end}) above maximum ({}): {expr}", b.max));
    }
    if start > end {
        return Err(format!("beginning of range ({start}) beyond end of range ({end}): {expr}"));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(())
}

fn int_or_name(expr: &str, b: &Bounds) -> Result<u64, String> {
    let lower = expr.to_ascii_lowercase();
    if let Some((_, n)) = b.names.iter().find(|(name, _)| *name == lower) {
        return Ok(*n);
    }
    parse_int(expr)
}

/// Go's `strconv.Atoi` with the parser's wording around its errors.
fn parse_int(expr: &str) -> Result<u64, String> {
    let quoted = kapi_machinery::validation::go_quote(expr);
    let digits = expr.strip_prefix(['+', '-']).unwrap_or(expr);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(format!("failed to parse int from {expr}: strconv.Atoi: parsing {quoted}: invalid syntax"));
    }
    let n: i64 = expr
        .parse()
        .map_err(|_| format!("failed to parse int from {expr}: strconv.Atoi: parsing {quoted}: value out of range"))?;
    u64::try_from(n).map_err(|_| format!("negative number ({n}) not allowed: {expr}"))
}

/// Go's `time.ParseDuration`, for whether it accepts the text: `[-+]` then one or more
/// `<decimal><unit>`, or `0`.
fn go_duration(s: &str) -> Result<(), String> {
    let bad = || Err(format!("time: invalid duration {}", kapi_machinery::validation::go_quote(s)));
    let rest = s.strip_prefix(['+', '-']).unwrap_or(s);
    if rest == "0" {
        return Ok(());
    }
    if rest.is_empty() {
        return bad();
    }
    let mut r = rest;
    while !r.is_empty() {
        let num_len = r.bytes().take_while(|c| c.is_ascii_digit() || *c == b'.').count();
        let num = &r[..num_len];
        if num.is_empty() || num == "." || num.matches('.').count() > 1 {
            return bad();
        }
        r = &r[num_len..];
        let unit_len = r.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(r.len());
        let unit = &r[..unit_len];
        if unit.is_empty() {
            return Err(format!("time: missing unit in duration {}", kapi_machinery::validation::go_quote(s)));
        }
        if !["ns", "us", "µs", "μs", "ms", "s", "m", "h"].contains(&unit) {
            return Err(format!(
                "time: unknown unit {} in duration {}",
                kapi_machinery::validation::go_quote(unit),
                kapi_machinery::validation::go_quote(s)
            ));
        }
        r = &r[unit_len..];
    }
    Ok(())
}

/// Where the IANA time zone database is read from; Go reads the same directory.
const ZONEINFO: &str = "/usr/share/zoneinfo";

/// Go's `time.LoadLocation`: `""`, `UTC` and `Local` always load; other names must be files of
/// the time zone database. Without a database on this machine, every well-formed name loads.
pub(super) fn load_location(name: &str) -> Result<(), String> {
    if name.is_empty() || name == "UTC" || name == "Local" {
        return Ok(());
    }
    if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
        return Err("time: invalid location name".into());
    }
    let db = std::path::Path::new(ZONEINFO);
    if !db.is_dir() || db.join(name).is_file() { Ok(()) } else { Err(format!("unknown time zone {name}")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robfig_errors() {
        for ok in
            ["* * * * *", "*/5 1-3 1,15 jan-mar MON-FRI", "0 0 * * ?", "@daily", "@every 1h30m", "TZ=UTC 0 * * * *"]
        {
            assert_eq!(parse_standard(ok), Ok(()), "{ok}");
        }
        let cases = [
            ("", "empty spec string"),
            ("* * * *", "expected exactly 5 fields, found 4: [* * * *]"),
            ("60 * * * *", "end of range (60) above maximum (59): 60"),
            ("* * 0 * *", "beginning of range (0) below minimum (1): 0"),
            ("5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"),
            ("*/0 * * * *", "step of range should be a positive number: */0"),
            ("1-2-3 * * * *", "too many hyphens: 1-2-3"),
            ("*/1/2 * * * *", "too many slashes: */1/2"),
            ("x * * * *", "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax"),
            ("-1 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"),
            ("@sometimes", "unrecognized descriptor: @sometimes"),
            ("@every 5x", "failed to parse duration @every 5x: time: unknown unit \"x\" in duration \"5x\""),
        ];
        for (spec, want) in cases {
            assert_eq!(parse_standard(spec), Err(want.to_owned()), "{spec}");
        }
    }

    #[test]
    fn locations() {
        assert_eq!(load_location("UTC"), Ok(()));
        assert_eq!(load_location("../etc/passwd"), Err("time: invalid location name".into()));
        if std::path::Path::new(ZONEINFO).is_dir() {
            assert_eq!(load_location("Europe/Berlin"), Ok(()));
            assert_eq!(load_location("Mars/Olympus"), Err("unknown time zone Mars/Olympus".into()));
        }
    }
}
