//! CEL's functions: the standard ones rules use (`size`, conversions, string tests, `matches`), Kubernetes' string and list libraries and its `quantity`, each charging the work it does.

use std::cmp::Ordering;
use std::sync::Arc;

use kapi_machinery::types::Quantity;

use super::eval::{EvalError, Meter, no_overload};
use super::value::{MapVal, Val, format_double};

pub(crate) use super::library::NAMESPACES;

/// The largest compiled regular expression `matches()` builds: small enough that compiling one
/// is quick, large enough for any pattern a rule writes.
const REGEX_SIZE_LIMIT: usize = 1 << 16;

/// What compiling a pattern costs besides a step per byte of it, so that an evaluation compiles
/// at most a thousand patterns.
const REGEX_COMPILE_COST: u64 = 1_000;

/// How many compiled patterns an evaluation keeps for reuse.
const REGEX_CACHE: usize = 16;

/// Whether `name` called with `argc` arguments (besides the receiver of a method) exists, for
/// the compile-time check.
pub(crate) fn known(name: &str, method: bool, argc: usize) -> bool {
    if super::library::known(name, method, argc) || (method && super::authz::known(name, argc)) {
        return true;
    }
    if method {
        matches!(
            (name, argc),
            ("size" | "lowerAscii" | "upperAscii" | "trim" | "isSorted" | "sum" | "min" | "max", 0)
                | ("asInteger" | "asApproximateFloat" | "sign" | "isInteger", 0)
                | ("contains" | "startsWith" | "endsWith" | "matches" | "charAt", 1)
                | ("isLessThan" | "isGreaterThan" | "compareTo" | "add" | "sub", 1)
                | ("split" | "indexOf" | "lastIndexOf" | "substring", 1 | 2)
                | ("join", 0 | 1)
                | ("replace", 2 | 3)
        )
    } else {
        matches!(
            (name, argc),
            ("size" | "int" | "uint" | "double" | "string" | "bytes" | "bool" | "dyn" | "type", 1)
                | ("quantity" | "isQuantity", 1)
                | ("matches", 2)
        )
    }
}

pub(crate) fn str_arg(v: &Val) -> Result<&str, EvalError> {
    match v {
        Val::Str(s) => Ok(s),
        _ => Err(no_overload()),
    }
}

pub(crate) fn int_arg(v: &Val) -> Result<i64, EvalError> {
    match v {
        Val::Int(n) => Ok(*n),
        _ => Err(no_overload()),
    }
}

pub(crate) fn err(msg: impl Into<String>) -> EvalError {
    EvalError::Msg(msg.into())
}

/// Charges a tenth of the bytes an operation reads or writes (cel-go's string cost factor).
pub(crate) fn charge_text(m: &mut Meter, len: usize) -> Result<(), EvalError> {
    m.charge(1 + (len / 10) as u64)
}

pub(crate) fn call(name: &str, target: Option<Val>, args: Vec<Val>, m: &mut Meter) -> Result<Val, EvalError> {
    match target {
        Some(t) => method(name, t, &args, m),
        None => global(name, &args, m),
    }
}

fn global(name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    let [a, rest @ ..] = args else { return super::library::global(name, args, m) };
    match (name, rest) {
        ("size", []) => size(a),
        ("matches", [re]) => matches(str_arg(a)?, str_arg(re)?, m),
        ("int", []) => to_int(a, m),
        ("uint", []) => to_uint(a, m),
        ("double", []) => to_double(a, m),
        ("string", []) => to_string(a, m),
        ("bytes", []) => match a {
            Val::Bytes(_) => Ok(a.clone()),
            Val::Str(s) => {
                charge_text(m, s.len())?;
                Ok(Val::Bytes(s.as_bytes().into()))
            }
            _ => Err(no_overload()),
        },
        ("bool", []) => match a {
            Val::Bool(_) => Ok(a.clone()),
            Val::Str(s) => match &**s {
                "1" | "t" | "true" | "TRUE" | "True" => Ok(Val::Bool(true)),
                "0" | "f" | "false" | "FALSE" | "False" => Ok(Val::Bool(false)),
                _ => Err(err("type conversion error from 'string' to 'bool'")),
            },
            _ => Err(no_overload()),
        },
        ("dyn", []) => Ok(a.clone()),
        ("type", []) => Ok(Val::Type(a.type_name())),
        ("isQuantity", []) => {
            let s = str_arg(a)?;
            charge_text(m, s.len())?;
            Ok(Val::Bool(Quantity::parse(s).is_ok()))
        }
        ("quantity", []) => {
            let s = str_arg(a)?;
            charge_text(m, s.len())?;
            let q = Quantity::parse(s).map_err(|e| {
                err(format!(
                    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$': {e}"
                ))
            })?;
            Ok(Val::Quantity(Arc::new(q)))
        }
        _ => super::library::global(name, args, m),
    }
}

fn size(v: &Val) -> Result<Val, EvalError> {
    let n = match v {
        Val::Str(s) => s.chars().count(),
        Val::Bytes(b) => b.len(),
        Val::List(l) | Val::Keyed { items: l, .. } => l.len(),
        Val::Map(mp) => mp.len(),
        _ => return Err(no_overload()),
    };
    Ok(Val::Int(n as i64))
}

pub(crate) fn matches(s: &str, re: &str, m: &mut Meter) -> Result<Val, EvalError> {
    Ok(Val::Bool(regex_for(s, re, m)?.is_match(s)))
}

/// The compiled pattern for matching `s`: matching (RE2) is linear in the text times the
/// pattern, charged here; compiling, linear in the pattern, is charged a step per byte the first
/// time a pattern is seen.
pub(crate) fn regex_for(s: &str, re: &str, m: &mut Meter) -> Result<regex::Regex, EvalError> {
    m.charge(1 + ((s.len() as u64 / 10 + 1) * (re.len() as u64 / 10 + 1)))?;
    let compile = |m: &mut Meter| {
        m.charge(REGEX_COMPILE_COST + re.len() as u64)?;
        Ok::<_, EvalError>(
            regex::RegexBuilder::new(re)
                .size_limit(REGEX_SIZE_LIMIT)
                .build()
                .map_err(|e| format!("invalid regular expression: {e}")),
        )
    };
    let fresh;
    let built = match m.regexes.get(re) {
        Some(cached) => cached,
        None => {
            fresh = compile(m)?;
            if m.regexes.len() < REGEX_CACHE {
                m.regexes.insert(re.to_owned(), fresh.clone());
            }
            &fresh
        }
    };
    built.clone().map_err(err)
}

fn to_int(v: &Val, m: &mut Meter) -> Result<Val, EvalError> {
    match v {
        Val::Int(_) => Ok(v.clone()),
        Val::Uint(n) => i64::try_from(*n).map(Val::Int).map_err(|_| err("integer overflow")),
        Val::Timestamp(t) => Ok(Val::Int(t.secs)),
        Val::Double(x) => {
            // Doubles outside int's range (and NaN) do not convert.
            if x.is_nan() || *x <= -9.223_372_036_854_776e18 || *x >= 9.223_372_036_854_776e18 {
                return Err(err("integer overflow"));
            }
            Ok(Val::Int(x.trunc() as i64))
        }
        Val::Str(s) => {
            charge_text(m, s.len())?;
            s.parse().map(Val::Int).map_err(|_| err(format!("cannot parse '{s}' as int")))
        }
        _ => Err(no_overload()),
    }
}

fn to_uint(v: &Val, m: &mut Meter) -> Result<Val, EvalError> {
    match v {
        Val::Uint(_) => Ok(v.clone()),
        Val::Int(n) => u64::try_from(*n).map(Val::Uint).map_err(|_| err("unsigned integer overflow")),
        Val::Double(x) => {
            if x.is_nan() || *x < 0.0 || *x >= 1.844_674_407_370_955_2e19 {
                return Err(err("unsigned integer overflow"));
            }
            Ok(Val::Uint(x.trunc() as u64))
        }
        Val::Str(s) => {
            charge_text(m, s.len())?;
            s.parse().map(Val::Uint).map_err(|_| err(format!("cannot parse '{s}' as uint")))
        }
        _ => Err(no_overload()),
    }
}

fn to_double(v: &Val, m: &mut Meter) -> Result<Val, EvalError> {
    match v {
        Val::Double(_) => Ok(v.clone()),
        Val::Int(n) => Ok(Val::Double(*n as f64)),
        Val::Uint(n) => Ok(Val::Double(*n as f64)),
        Val::Str(s) => {
            charge_text(m, s.len())?;
            s.parse().map(Val::Double).map_err(|_| err(format!("cannot parse '{s}' as double")))
        }
        _ => Err(no_overload()),
    }
}

fn to_string(v: &Val, m: &mut Meter) -> Result<Val, EvalError> {
    match v {
        Val::Str(_) => Ok(v.clone()),
        Val::Int(_) | Val::Uint(_) | Val::Bool(_) => Ok(Val::string(v.display())),
        Val::Double(x) => Ok(Val::string(format_double(*x))),
        Val::Timestamp(_) | Val::Duration(_) | Val::Ip(_) | Val::Cidr(..) => Ok(Val::string(v.display())),
        Val::Bytes(b) => {
            charge_text(m, b.len())?;
            std::str::from_utf8(b).map(Val::string).map_err(|_| err("invalid UTF-8 in bytes, cannot convert to string"))
        }
        _ => Err(no_overload()),
    }
}

fn method(name: &str, t: Val, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    match (&t, name, args) {
        (_, "size", []) => size(&t),
        (Val::Str(s), "find" | "findAll" | "format", _) => super::library::string_method(s, name, args, m),
        (Val::Str(s), _, _) => string_method(s, name, args, m),
        (Val::List(l) | Val::Keyed { items: l, .. }, _, _) => list_method(l, name, args, m),
        (Val::Quantity(q), _, _) => quantity_method(q, name, args),
        (Val::Authz(a), _, _) => super::authz::method(a, name, args, m),
        _ => super::library::method(name, &t, args, m),
    }
}

fn string_method(s: &str, name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    charge_text(m, s.len())?;
    let chars = || s.chars();
    match (name, args) {
        ("contains", [x]) => Ok(Val::Bool(s.contains(str_arg(x)?))),
        ("startsWith", [x]) => Ok(Val::Bool(s.starts_with(str_arg(x)?))),
        ("endsWith", [x]) => Ok(Val::Bool(s.ends_with(str_arg(x)?))),
        ("matches", [re]) => matches(s, str_arg(re)?, m),
        ("lowerAscii", []) => Ok(Val::string(s.to_ascii_lowercase())),
        ("upperAscii", []) => Ok(Val::string(s.to_ascii_uppercase())),
        // Kubernetes' `trim` removes Unicode white space from both ends, as Go's TrimSpace.
        ("trim", []) => Ok(Val::string(s.trim())),
        ("charAt", [i]) => {
            let i = int_arg(i)?;
            let n = chars().count() as i64;
            if i < 0 || i > n {
                return Err(err(format!("index out of range: {i}")));
            }
            Ok(Val::string(chars().nth(i as usize).map(String::from).unwrap_or_default()))
        }
        ("indexOf" | "lastIndexOf", [x, rest @ ..]) => {
            let needle: Vec<char> = str_arg(x)?.chars().collect();
            let hay: Vec<char> = chars().collect();
            m.charge((hay.len() as u64 / 10 + 1) * (needle.len() as u64 / 10 + 1))?;
            let from = match rest {
                [] if name == "indexOf" => 0,
                [] => hay.len() as i64,
                [i] => int_arg(i)?,
                _ => return Err(no_overload()),
            };
            if from < 0 || from > hay.len() as i64 {
                return Err(err(format!("index out of range: {from}")));
            }
            let from = from as usize;
            let at = |i: &usize| hay.get(*i..*i + needle.len()) == Some(&needle[..]);
            let found = if name == "indexOf" {
                (from..=hay.len()).find(at)
            } else {
                (0..=from.min(hay.len().saturating_sub(needle.len()))).rev().find(at)
            };
            Ok(Val::Int(found.map_or(-1, |i| i as i64)))
        }
        ("substring", [a, rest @ ..]) => {
            let hay: Vec<char> = chars().collect();
            let start = int_arg(a)?;
            let end = match rest {
                [] => hay.len() as i64,
                [b] => int_arg(b)?,
                _ => return Err(no_overload()),
            };
            if start < 0 || start > hay.len() as i64 {
                return Err(err(format!("index out of range: {start}")));
            }
            if end < 0 || end > hay.len() as i64 {
                return Err(err(format!("index out of range: {end}")));
            }
            if end < start {
                return Err(err(format!("invalid substring range. start: {start}, end: {end}")));
            }
            Ok(Val::string(hay[start as usize..end as usize].iter().collect::<String>()))
        }
        ("replace", [from, to, rest @ ..]) => {
            let (from, to) = (str_arg(from)?, str_arg(to)?);
            let limit = match rest {
                [] => -1,
                [n] => int_arg(n)?,
                _ => return Err(no_overload()),
            };
            // The result may grow by `to` per match: charge for it before building it.
            let matches = if from.is_empty() { chars().count() + 1 } else { s.matches(from).count() };
            let n = if limit < 0 { matches } else { matches.min(limit as usize) };
            charge_text(m, n.saturating_mul(to.len()))?;
            let out = if limit < 0 { s.replace(from, to) } else { s.replacen(from, to, n) };
            Ok(Val::string(out))
        }
        ("split", [sep, rest @ ..]) => {
            let sep = str_arg(sep)?;
            let limit = match rest {
                [] => -1,
                [n] => int_arg(n)?,
                _ => return Err(no_overload()),
            };
            m.charge(s.len() as u64 / 10 + 1)?;
            let parts: Vec<Val> = match limit {
                0 => Vec::new(),
                1 => vec![Val::string(s)],
                n if sep.is_empty() => {
                    let all: Vec<Val> = chars().map(|c| Val::string(String::from(c))).collect();
                    if n > 0 && all.len() > n as usize {
                        let n = n as usize;
                        let head: String = chars().skip(n - 1).collect();
                        all.into_iter().take(n - 1).chain([Val::string(head)]).collect()
                    } else {
                        all
                    }
                }
                n if n < 0 => s.split(sep).map(Val::string).collect(),
                n => s.splitn(n as usize, sep).map(Val::string).collect(),
            };
            m.charge(parts.len() as u64)?;
            Ok(Val::List(parts.into()))
        }
        _ => Err(no_overload()),
    }
}

fn list_method(l: &[Val], name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    m.charge(1 + l.len() as u64)?;
    match (name, args) {
        ("join", sep) => {
            let sep = match sep {
                [] => "",
                [s] => str_arg(s)?,
                _ => return Err(no_overload()),
            };
            let mut out = String::new();
            for (i, v) in l.iter().enumerate() {
                let Val::Str(s) = v else { return Err(no_overload()) };
                if i > 0 {
                    out.push_str(sep);
                }
                out.push_str(s);
                charge_text(m, s.len() + sep.len())?;
            }
            Ok(Val::string(out))
        }
        ("isSorted", []) => {
            for w in l.windows(2) {
                match w[0].compare(&w[1]) {
                    Some(Ordering::Greater) => return Ok(Val::Bool(false)),
                    Some(_) => {}
                    None => return Err(no_overload()),
                }
            }
            Ok(Val::Bool(true))
        }
        ("sum", []) => {
            let mut acc = match l.first() {
                Some(Val::Uint(_)) => Val::Uint(0),
                Some(Val::Double(_)) => Val::Double(0.0),
                _ => Val::Int(0),
            };
            for v in l {
                acc = super::eval::arith(super::ast::BinOp::Add, &acc, v, m)?;
            }
            Ok(acc)
        }
        ("min" | "max", []) => {
            let Some(mut best) = l.first() else { return Err(err(format!("{name}(list) argument must not be empty"))) };
            for v in &l[1..] {
                let ord = v.compare(best).ok_or_else(no_overload)?;
                if (name == "min" && ord == Ordering::Less) || (name == "max" && ord == Ordering::Greater) {
                    best = v;
                }
            }
            Ok(best.clone())
        }
        ("indexOf" | "lastIndexOf", [x]) => {
            let mut steps = 0;
            let mut found = -1;
            for (i, v) in l.iter().enumerate() {
                if v.equals(x, &mut steps) {
                    found = i as i64;
                    if name == "indexOf" {
                        break;
                    }
                }
            }
            m.charge(steps)?;
            Ok(Val::Int(found))
        }
        _ => Err(no_overload()),
    }
}

fn quantity_method(q: &Quantity, name: &str, args: &[Val]) -> Result<Val, EvalError> {
    let other = |v: &Val| match v {
        Val::Quantity(o) => Ok(o.clone()),
        _ => Err(no_overload()),
    };
    match (name, args) {
        ("isLessThan", [o]) => Ok(Val::Bool(*q < *other(o)?)),
        ("isGreaterThan", [o]) => Ok(Val::Bool(*q > *other(o)?)),
        ("compareTo", [o]) => Ok(Val::Int(q.cmp(&*other(o)?) as i64)),
        ("add" | "sub", [o]) => {
            let o = match o {
                Val::Int(n) => Arc::new(Quantity::from(*n)),
                v => other(v)?,
            };
            let mut out = q.clone();
            if name == "add" {
                out.add(&o);
            } else {
                out.sub(&o);
            }
            Ok(Val::Quantity(Arc::new(out)))
        }
        ("sign", []) => Ok(Val::Int(i64::from(q.sign()))),
        ("isInteger", []) => Ok(Val::Bool(q.as_i64().is_some())),
        ("asInteger", []) => {
            q.as_i64().map(Val::Int).ok_or_else(|| err("cannot convert value to integer: value too large or not whole"))
        }
        ("asApproximateFloat", []) => Ok(Val::Double(q.as_approximate_f64())),
        _ => Err(no_overload()),
    }
}

/// A map value of entries already checked unique (an object's members).
pub fn map_of(entries: Vec<(Val, Val)>) -> Result<Val, EvalError> {
    MapVal::new(entries).map(|mv| Val::Map(Arc::new(mv))).map_err(EvalError::Msg)
}
