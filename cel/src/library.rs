//! The CEL libraries kube-apiserver adds for custom resource rules besides the standard ones: timestamps and durations, optionals, `sets`, `ip`, `cidr`, `url`, `format`, regex `find`/`findAll`, `strings.quote` and string `format`, each charging the work it does.

use std::sync::Arc;

use super::eval::{EvalError, Meter, no_overload};
use super::functions::{charge_text, err, int_arg, regex_for, str_arg};
use super::net::{self, parse_cidr, parse_ip, parse_url};
use super::time::{Timestamp, duration_get, parse_duration};
use super::value::{MapVal, Val, format_double};

/// The namespaces of library functions (`sets.contains`, `optional.none`).
pub(crate) const NAMESPACES: &[&str] = &["sets", "optional", "format", "strings", "ip", "jsonpatch"];

/// The `format` library's named formats (`format.dns1123Label()`).
pub(crate) const FORMATS: &[&str] = &[
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
];

const TIME_GETTERS: &[&str] = &[
    "getFullYear",
    "getMonth",
    "getDate",
    "getDayOfMonth",
    "getDayOfYear",
    "getDayOfWeek",
    "getHours",
    "getMinutes",
    "getSeconds",
    "getMilliseconds",
];

/// Whether the libraries declare `name` with `argc` arguments.
pub(crate) fn known(name: &str, method: bool, argc: usize) -> bool {
    if method {
        return TIME_GETTERS.contains(&name) && argc <= 1
            || super::semver::known_method(name, argc)
            || matches!(
                (name, argc),
                (
                    "hasValue"
                        | "value"
                        | "family"
                        | "isUnspecified"
                        | "isLoopback"
                        | "isLinkLocalMulticast"
                        | "isLinkLocalUnicast"
                        | "isGlobalUnicast"
                        | "ip"
                        | "masked"
                        | "prefixLength"
                        | "getScheme"
                        | "getHost"
                        | "getHostname"
                        | "getPort"
                        | "getEscapedPath"
                        | "getQuery",
                    0
                ) | ("orValue" | "or" | "find" | "format" | "validate" | "containsIP" | "containsCIDR", 1)
                    | ("findAll", 1 | 2)
            );
    }
    if let Some(f) = name.strip_prefix("format.") {
        return (FORMATS.contains(&f) && argc == 0) || (f == "named" && argc == 1);
    }
    super::semver::known_global(name, argc)
        || matches!(
            (name, argc),
            ("timestamp" | "duration" | "optional.of" | "optional.ofNonZeroValue", 1)
                | ("optional.none", 0)
                | ("sets.contains" | "sets.intersects" | "sets.equivalent", 2)
                | ("isURL" | "url" | "isIP" | "ip" | "isCIDR" | "cidr" | "ip.isCanonical" | "strings.quote", 1)
                | ("jsonpatch.escapeKey", 1)
        )
}

fn some(v: Val) -> Val {
    Val::Optional(Some(Arc::new(v)))
}

fn list_arg(v: &Val) -> Result<&[Val], EvalError> {
    v.items().map(|l| &l[..]).ok_or_else(no_overload)
}

/// The library's global functions.
pub(crate) fn global(name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    if let Some(f) = name.strip_prefix("format.") {
        return match (f, args) {
            ("named", [n]) => {
                let n = str_arg(n)?;
                Ok(Val::Optional(FORMATS.iter().find(|k| **k == n).map(|k| Arc::new(Val::Format(k)))))
            }
            (f, []) => FORMATS.iter().find(|k| **k == f).map(|k| Val::Format(k)).ok_or_else(no_overload),
            _ => Err(no_overload()),
        };
    }
    if let Some(r) = super::semver::global(name, args, m) {
        return r;
    }
    match (name, args) {
        ("timestamp", [a]) => match a {
            Val::Timestamp(_) => Ok(a.clone()),
            Val::Str(s) => {
                charge_text(m, s.len())?;
                Timestamp::parse(s).map(Val::Timestamp).map_err(|e| {
                    err(format!("type conversion error from 'string' to 'google.protobuf.Timestamp': {e}"))
                })
            }
            Val::Int(n) => Timestamp::new(*n, 0).map(Val::Timestamp).ok_or_else(|| err("timestamp out of range")),
            _ => Err(no_overload()),
        },
        ("duration", [a]) => match a {
            Val::Duration(_) => Ok(a.clone()),
            Val::Str(s) => {
                charge_text(m, s.len())?;
                parse_duration(s)
                    .map(Val::Duration)
                    .map_err(|e| err(format!("type conversion error from 'string' to 'google.protobuf.Duration': {e}")))
            }
            _ => Err(no_overload()),
        },
        ("optional.of", [a]) => Ok(some(a.clone())),
        // A map key as one JSON Pointer token (RFC 6901): `~` first, so the `~1` made from
        // `/` is not escaped again.
        ("jsonpatch.escapeKey", [a]) => {
            let s = str_arg(a)?;
            charge_text(m, s.len())?;
            Ok(Val::string(s.replace('~', "~0").replace('/', "~1")))
        }
        ("optional.none", []) => Ok(Val::Optional(None)),
        ("optional.ofNonZeroValue", [a]) => Ok(if is_zero(a) { Val::Optional(None) } else { some(a.clone()) }),
        ("sets.contains" | "sets.intersects" | "sets.equivalent", [a, b]) => {
            let (a, b) = (list_arg(a)?, list_arg(b)?);
            m.charge(1 + (a.len() as u64).saturating_mul(b.len() as u64) / 10)?;
            let mut steps = 0;
            let within = |x: &[Val], y: &[Val], steps: &mut u64| x.iter().all(|e| y.iter().any(|f| f.equals(e, steps)));
            let r = match name {
                "sets.contains" => within(b, a, &mut steps),
                "sets.intersects" => b.iter().any(|e| a.iter().any(|f| f.equals(e, &mut steps))),
                _ => within(b, a, &mut steps) && within(a, b, &mut steps),
            };
            m.charge(steps)?;
            Ok(Val::Bool(r))
        }
        ("isURL" | "url" | "isIP" | "ip" | "isCIDR" | "cidr" | "ip.isCanonical", [a]) => {
            let s = str_arg(a)?;
            charge_text(m, s.len())?;
            match name {
                "isURL" => Ok(Val::Bool(parse_url(s).is_ok())),
                "url" => parse_url(s).map(|u| Val::Url(Arc::new(u))).map_err(err),
                "isIP" => Ok(Val::Bool(parse_ip(s).is_ok())),
                "ip" => parse_ip(s).map(Val::Ip).map_err(err),
                "isCIDR" => Ok(Val::Bool(parse_cidr(s).is_ok())),
                "cidr" => parse_cidr(s).map(|(ip, n)| Val::Cidr(ip, n)).map_err(err),
                _ => parse_ip(s).map(|ip| Val::Bool(ip.to_string() == s)).map_err(err),
            }
        }
        ("strings.quote", [a]) => {
            let s = str_arg(a)?;
            charge_text(m, s.len())?;
            Ok(Val::string(quote(s)))
        }
        _ => Err(no_overload()),
    }
}

/// Whether a value is its type's zero value (`optional.ofNonZeroValue`).
fn is_zero(v: &Val) -> bool {
    match v {
        Val::Null => true,
        Val::Bool(b) => !b,
        Val::Int(n) => *n == 0,
        Val::Uint(n) => *n == 0,
        Val::Double(x) => *x == 0.0,
        Val::Str(s) => s.is_empty(),
        Val::Bytes(b) => b.is_empty(),
        Val::List(l) | Val::Keyed { items: l, .. } => l.is_empty(),
        Val::Map(mv) => mv.len() == 0,
        Val::Duration(d) => *d == 0,
        Val::Timestamp(t) => t.secs == 0 && t.nanos == 0,
        Val::Optional(o) => o.is_none(),
        _ => false,
    }
}

/// `strings.quote`: the string in double quotes with CEL's escapes.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Methods of the library's value types.
pub(crate) fn method(name: &str, t: &Val, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    m.charge(1)?;
    match (t, name, args) {
        (Val::Timestamp(ts), _, _) if TIME_GETTERS.contains(&name) => {
            let tz = match args {
                [] => None,
                [z] => Some(str_arg(z)?),
                _ => return Err(no_overload()),
            };
            ts.get(name, tz).map(Val::Int).map_err(err)
        }
        (Val::Duration(d), _, []) => duration_get(*d, name).map(Val::Int).ok_or_else(no_overload),
        (Val::Semver(v), _, _) => super::semver::method(v, name, args),
        (Val::Optional(o), "hasValue", []) => Ok(Val::Bool(o.is_some())),
        (Val::Optional(o), "value", []) => {
            o.as_ref().map(|v| (**v).clone()).ok_or_else(|| err("optional.none() dereference"))
        }
        (Val::Optional(o), "orValue", [d]) => Ok(o.as_ref().map_or_else(|| d.clone(), |v| (**v).clone())),
        (Val::Optional(o), "or", [other @ Val::Optional(_)]) => Ok(if o.is_some() { t.clone() } else { other.clone() }),
        (Val::Ip(ip), _, []) => Ok(match name {
            "family" => Val::Int(if ip.is_ipv4() { 4 } else { 6 }),
            "isUnspecified" => Val::Bool(ip.is_unspecified()),
            "isLoopback" => Val::Bool(ip.is_loopback()),
            "isLinkLocalMulticast" => Val::Bool(net::is_link_local_multicast(*ip)),
            "isLinkLocalUnicast" => Val::Bool(net::is_link_local_unicast(*ip)),
            "isGlobalUnicast" => Val::Bool(net::is_global_unicast(*ip)),
            _ => return Err(no_overload()),
        }),
        (Val::Cidr(ip, n), _, _) => match (name, args) {
            ("ip", []) => Ok(Val::Ip(*ip)),
            ("masked", []) => Ok(Val::Cidr(net::masked(*ip, *n), *n)),
            ("prefixLength", []) => Ok(Val::Int(i64::from(*n))),
            ("containsIP", [other]) => {
                let other = match other {
                    Val::Ip(o) => *o,
                    Val::Str(s) => parse_ip(s).map_err(err)?,
                    _ => return Err(no_overload()),
                };
                Ok(Val::Bool(net::contains((*ip, *n), other)))
            }
            ("containsCIDR", [other]) => {
                let (oip, on) = match other {
                    Val::Cidr(o, k) => (*o, *k),
                    Val::Str(s) => parse_cidr(s).map_err(err)?,
                    _ => return Err(no_overload()),
                };
                Ok(Val::Bool(on >= *n && net::contains((*ip, *n), oip)))
            }
            _ => Err(no_overload()),
        },
        (Val::Url(u), _, []) => Ok(match name {
            "getScheme" => Val::string(u.scheme.as_str()),
            "getHost" => Val::string(u.host.as_str()),
            "getHostname" => Val::string(u.hostname()),
            "getPort" => Val::string(u.port()),
            "getEscapedPath" => Val::string(u.path.as_str()),
            "getQuery" => {
                let pairs = u.query_pairs();
                m.charge(pairs.len() as u64)?;
                let entries = pairs
                    .into_iter()
                    .map(|(k, vs)| (Val::string(k), Val::List(vs.into_iter().map(Val::string).collect())))
                    .collect();
                Val::Map(Arc::new(MapVal::new(entries).map_err(EvalError::Msg)?))
            }
            _ => return Err(no_overload()),
        }),
        (Val::Format(f), "validate", [s]) => {
            let s = str_arg(s)?;
            charge_text(m, s.len())?;
            let errs = validate_format(f, s);
            Ok(if errs.is_empty() {
                Val::Optional(None)
            } else {
                some(Val::List(errs.into_iter().map(Val::string).collect()))
            })
        }
        _ => Err(no_overload()),
    }
}

/// A named format's errors for `s`, as upstream's validators give them.
fn validate_format(f: &str, s: &str) -> Vec<String> {
    use kapi_machinery::validation::content as v;
    // The `…Prefix` formats accept a trailing dash (a `generateName` prefix), as upstream's
    // `maskTrailingDash`.
    let masked = |s: &str| match s.strip_suffix('-') {
        Some(head) if !head.is_empty() => format!("{head}a"),
        _ => s.to_owned(),
    };
    match f {
        "dns1123Label" => v::is_dns1123_label(s),
        "dns1123Subdomain" => v::is_dns1123_subdomain(s),
        "dns1035Label" => v::is_dns1035_label(s),
        "qualifiedName" => v::is_qualified_name(s),
        "dns1123LabelPrefix" => v::is_dns1123_label(&masked(s)),
        "dns1123SubdomainPrefix" => v::is_dns1123_subdomain(&masked(s)),
        "dns1035LabelPrefix" => v::is_dns1035_label(&masked(s)),
        "labelValue" => v::is_label_value(s),
        "uri" => match parse_url(s) {
            Ok(_) => Vec::new(),
            Err(e) => vec![e.trim_start_matches("URL parse error during conversion from string: ").to_owned()],
        },
        "uuid" if !is_uuid(s) => vec!["does not match the UUID format".into()],
        "byte" if !is_base64(s) => vec!["invalid base64".into()],
        "date" if !is_date(s) => vec!["invalid date".into()],
        "datetime" if Timestamp::parse(s).is_err() => vec!["invalid datetime".into()],
        _ => Vec::new(),
    }
}

/// strfmt's UUID: 8-4-4-4-12 hex digits, either case.
fn is_uuid(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Standard base64 with padding.
fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = b.iter().rev().take_while(|c| **c == b'=').count();
    pad <= 2 && b[..b.len() - pad].iter().all(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
}

/// RFC 3339 full-date `2006-01-02`.
fn is_date(s: &str) -> bool {
    s.len() == 10 && Timestamp::parse(&format!("{s}T00:00:00Z")).is_ok()
}

/// String methods of the libraries: `find`, `findAll` and `format`.
pub(crate) fn string_method(s: &str, name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    charge_text(m, s.len())?;
    match (name, args) {
        ("find", [re]) => {
            let re = regex_for(s, str_arg(re)?, m)?;
            Ok(Val::string(re.find(s).map_or("", |x| x.as_str())))
        }
        ("findAll", [re, rest @ ..]) => {
            let limit = match rest {
                [] => -1,
                [n] => int_arg(n)?,
                _ => return Err(no_overload()),
            };
            let re = regex_for(s, str_arg(re)?, m)?;
            let found: Vec<Val> = match limit {
                0 => Vec::new(),
                n if n < 0 => re.find_iter(s).map(|x| Val::string(x.as_str())).collect(),
                n => re.find_iter(s).take(n as usize).map(|x| Val::string(x.as_str())).collect(),
            };
            m.charge(found.len() as u64)?;
            Ok(Val::List(found.into()))
        }
        ("format", [list]) => format_string(s, list_arg(list)?, m).map(Val::string),
        _ => Err(no_overload()),
    }
}

/// cel-go's `string.format(list)`: `%s`, `%d`, `%f`/`%.Nf`, `%e`, `%x`/`%X`, `%o`, `%b`, `%%`.
fn format_string(fmt: &str, args: &[Val], m: &mut Meter) -> Result<String, EvalError> {
    let mut out = String::new();
    let mut it = fmt.chars().peekable();
    let mut next_arg = args.iter();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut precision: Option<usize> = None;
        if it.peek() == Some(&'.') {
            it.next();
            let mut digits = String::new();
            while let Some(d) = it.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                it.next();
            }
            precision = Some(digits.parse().map_err(|_| err("could not parse formatting precision"))?);
        }
        let verb = it.next().ok_or_else(|| err("unexpected end of format string"))?;
        if verb == '%' {
            out.push('%');
            continue;
        }
        let arg = next_arg.next().ok_or_else(|| err(format!("index {} out of range", args.len())))?;
        let text = match (verb, arg) {
            ('s', v) => match v {
                Val::Str(s) => s.to_string(),
                Val::Double(x) => format_double(*x),
                other => other.to_string(),
            },
            ('d', Val::Int(n)) => n.to_string(),
            ('d', Val::Uint(n)) => n.to_string(),
            ('f', Val::Double(x)) => format!("{x:.*}", precision.unwrap_or(6)),
            ('f', Val::Int(n)) => format!("{:.*}", precision.unwrap_or(6), *n as f64),
            ('e', Val::Double(x)) => go_exp(*x, precision.unwrap_or(6)),
            ('x', Val::Int(n)) => hex_signed(*n, false),
            ('X', Val::Int(n)) => hex_signed(*n, true),
            ('x', Val::Uint(n)) => format!("{n:x}"),
            ('X', Val::Uint(n)) => format!("{n:X}"),
            ('x', Val::Str(s)) => s.bytes().map(|b| format!("{b:02x}")).collect(),
            ('X', Val::Str(s)) => s.bytes().map(|b| format!("{b:02X}")).collect(),
            ('o', Val::Int(n)) if *n >= 0 => format!("{n:o}"),
            ('o', Val::Uint(n)) => format!("{n:o}"),
            ('b', Val::Int(n)) if *n >= 0 => format!("{n:b}"),
            ('b', Val::Uint(n)) => format!("{n:b}"),
            ('b', Val::Bool(b)) => b.to_string(),
            (v, a) => {
                return Err(err(format!(
                    "error during formatting: unrecognized formatting clause \"{v}\" for {}",
                    a.type_name()
                )));
            }
        };
        charge_text(m, text.len())?;
        out.push_str(&text);
    }
    Ok(out)
}

fn hex_signed(n: i64, upper: bool) -> String {
    let abs = n.unsigned_abs();
    let digits = if upper { format!("{abs:X}") } else { format!("{abs:x}") };
    if n < 0 { format!("-{digits}") } else { digits }
}

/// Go's `%e`: a two-digit exponent at least, with its sign.
fn go_exp(x: f64, precision: usize) -> String {
    let s = format!("{x:.precision$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    format!("{mant}e{sign}{digits:0>2}")
}
