//! Kubernetes' semver CEL library (`semver()`, `isSemver()`, with the optional normalize argument, and `kubernetes.Semver`'s `major`, `minor`, `patch`, `isLessThan`, `isGreaterThan`, `compareTo`), parsing as github.com/blang/semver/v4 does, with its error texts.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use kapi_machinery::validation::go_quote;

use super::eval::{EvalError, Meter, no_overload};
use super::functions::{charge_text, err, str_arg};
use super::value::Val;

/// The type's name, as `type()` and the checker's messages show it.
pub(crate) const TYPE_NAME: &str = "kubernetes.Semver";

/// A semantic version: `MAJOR.MINOR.PATCH`, prerelease identifiers and build metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Semver {
    /// The major number.
    pub major: u64,
    /// The minor number.
    pub minor: u64,
    /// The patch number.
    pub patch: u64,
    pre: Vec<Pre>,
    /// Kept for display only: build metadata has no precedence.
    build: Vec<String>,
}

/// One prerelease identifier: numeric identifiers sort below alphanumeric ones.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pre {
    Num(u64),
    Text(String),
}

impl Pre {
    fn cmp(&self, other: &Pre) -> Ordering {
        match (self, other) {
            (Pre::Num(a), Pre::Num(b)) => a.cmp(b),
            (Pre::Num(_), Pre::Text(_)) => Ordering::Less,
            (Pre::Text(_), Pre::Num(_)) => Ordering::Greater,
            (Pre::Text(a), Pre::Text(b)) => a.cmp(b),
        }
    }
}

fn numbers_only(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

fn alphanum_only(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn leading_zero(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// Go's `strconv.ParseUint(s, 10, 64)` on digits only, with its error texts.
fn parse_uint(s: &str) -> Result<u64, String> {
    if s.is_empty() {
        return Err(format!("strconv.ParseUint: parsing {}: invalid syntax", go_quote(s)));
    }
    s.parse().map_err(|_| format!("strconv.ParseUint: parsing {}: value out of range", go_quote(s)))
}

impl Semver {
    /// blang/semver's strict `Parse`: exactly three dot-separated numbers without leading
    /// zeros, then `-` prerelease and `+` build identifiers; its error text otherwise.
    pub fn parse(s: &str) -> Result<Semver, String> {
        if s.is_empty() {
            return Err("Version string empty".into());
        }
        let parts: Vec<&str> = s.splitn(3, '.').collect();
        let [major, minor, rest] = parts[..] else {
            return Err("No Major.Minor.Patch elements found".into());
        };
        let number = |part: &str, what: &str, capital: &str| {
            if !numbers_only(part) {
                return Err(format!("Invalid character(s) found in {what} number {}", go_quote(part)));
            }
            if leading_zero(part) {
                return Err(format!("{capital} number must not contain leading zeroes {}", go_quote(part)));
            }
            parse_uint(part)
        };
        let major = number(major, "major", "Major")?;
        let minor = number(minor, "minor", "Minor")?;
        let (rest, build) = match rest.split_once('+') {
            Some((r, b)) => (r, Some(b)),
            None => (rest, None),
        };
        let (patch, pre) = match rest.split_once('-') {
            Some((p, pre)) => (p, Some(pre)),
            None => (rest, None),
        };
        let patch = number(patch, "patch", "Patch")?;
        let mut v = Semver { major, minor, patch, pre: Vec::new(), build: Vec::new() };
        for id in pre.into_iter().flat_map(|p| p.split('.')) {
            v.pre.push(if id.is_empty() {
                return Err("Prerelease is empty".into());
            } else if numbers_only(id) {
                if leading_zero(id) {
                    return Err(format!("Numeric PreRelease version must not contain leading zeroes {}", go_quote(id)));
                }
                Pre::Num(parse_uint(id)?)
            } else if alphanum_only(id) {
                Pre::Text(id.to_owned())
            } else {
                return Err(format!("Invalid character(s) found in prerelease {}", go_quote(id)));
            });
        }
        for id in build.into_iter().flat_map(|b| b.split('.')) {
            if id.is_empty() {
                return Err("Build meta data is empty".into());
            }
            if !alphanum_only(id) {
                return Err(format!("Invalid character(s) found in build meta data {}", go_quote(id)));
            }
            v.build.push(id.to_owned());
        }
        Ok(v)
    }

    /// Upstream's `normalizeAndParse` (the `normalize` argument): a leading `v` dropped, leading
    /// zeros of each of the first three parts dropped, a missing minor or patch filled with 0,
    /// then [`Semver::parse`]. Unlike blang's `ParseTolerant`, white space is not trimmed.
    pub fn parse_normalized(s: &str) -> Result<Semver, String> {
        let s = s.strip_prefix('v').unwrap_or(s);
        let mut parts: Vec<String> = s
            .splitn(3, '.')
            .map(|p| {
                if p.len() <= 1 {
                    return p.to_owned();
                }
                let trimmed = p.trim_start_matches('0');
                if trimmed.is_empty() || !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
                    format!("0{trimmed}")
                } else {
                    trimmed.to_owned()
                }
            })
            .collect();
        if parts.len() < 3 {
            if parts.last().is_some_and(|p| p.contains(['+', '-'])) {
                return Err("short version cannot contain PreRelease/Build meta data".into());
            }
            parts.resize(3, "0".into());
        }
        Semver::parse(&parts.join("."))
    }

    /// Precedence as semver.org defines it (and blang's `Compare`): build metadata ignored, a
    /// version with a prerelease below the same version without.
    pub fn compare(&self, other: &Semver) -> Ordering {
        let core = (self.major, self.minor, self.patch).cmp(&(other.major, other.minor, other.patch));
        if core != Ordering::Equal {
            return core;
        }
        match (self.pre.is_empty(), other.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => {
                for (a, b) in self.pre.iter().zip(&other.pre) {
                    let o = a.cmp(b);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                self.pre.len().cmp(&other.pre.len())
            }
        }
    }
}

impl fmt::Display for Semver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (i, p) in self.pre.iter().enumerate() {
            f.write_str(if i == 0 { "-" } else { "." })?;
            match p {
                Pre::Num(n) => write!(f, "{n}")?,
                Pre::Text(t) => f.write_str(t)?,
            }
        }
        for (i, b) in self.build.iter().enumerate() {
            f.write_str(if i == 0 { "+" } else { "." })?;
            f.write_str(b)?;
        }
        Ok(())
    }
}

/// Whether the library declares the global `name` with `argc` arguments.
pub(crate) fn known_global(name: &str, argc: usize) -> bool {
    matches!((name, argc), ("semver" | "isSemver", 1 | 2))
}

/// Whether the library declares the method `name` with `argc` arguments (besides the receiver).
pub(crate) fn known_method(name: &str, argc: usize) -> bool {
    matches!((name, argc), ("major" | "minor" | "patch", 0) | ("isLessThan" | "isGreaterThan" | "compareTo", 1))
}

/// `semver(s)`, `semver(s, normalize)`, `isSemver(s)` and `isSemver(s, normalize)`; `None`
/// where `name` is not one of them.
pub(crate) fn global(name: &str, args: &[Val], m: &mut Meter) -> Option<Result<Val, EvalError>> {
    if !known_global(name, args.len()) {
        return None;
    }
    Some((|| {
        let s = str_arg(&args[0])?;
        let normalize = match args.get(1) {
            None => false,
            Some(Val::Bool(b)) => *b,
            Some(_) => return Err(no_overload()),
        };
        charge_text(m, s.len())?;
        let parsed = if normalize { Semver::parse_normalized(s) } else { Semver::parse(s) };
        Ok(match (name, parsed) {
            ("isSemver", parsed) => Val::Bool(parsed.is_ok()),
            (_, Ok(v)) => Val::Semver(Arc::new(v)),
            (_, Err(e)) => return Err(err(e)),
        })
    })())
}

/// The methods of a `kubernetes.Semver` receiver.
pub(crate) fn method(v: &Semver, name: &str, args: &[Val]) -> Result<Val, EvalError> {
    let other = |a: &Val| match a {
        Val::Semver(o) => Ok(Arc::clone(o)),
        _ => Err(no_overload()),
    };
    // Upstream converts Go's `uint64` with `types.Int(…)`, which wraps past `int64`'s range.
    let int = |n: u64| Ok(Val::Int(n as i64));
    match (name, args) {
        ("major", []) => int(v.major),
        ("minor", []) => int(v.minor),
        ("patch", []) => int(v.patch),
        ("isLessThan", [o]) => Ok(Val::Bool(v.compare(&*other(o)?) == Ordering::Less)),
        ("isGreaterThan", [o]) => Ok(Val::Bool(v.compare(&*other(o)?) == Ordering::Greater)),
        ("compareTo", [o]) => Ok(Val::Int(v.compare(&*other(o)?) as i64)),
        _ => Err(no_overload()),
    }
}
