//! CEL's values, with its heterogeneous equality (numbers compare by value across `int`, `uint` and `double`) and its orderings.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use kapi_machinery::types::Quantity;
use std::net::IpAddr;

use super::net::Url;
use super::time::{Timestamp, format_duration};

/// The type names an expression may use as values (`type(x) == string`).
pub const TYPE_NAMES: &[&str] =
    &["int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type", "type"];

/// A CEL value: what a variable is bound to and what an expression evaluates to. Containers
/// share their contents through `Arc`, so cloning is cheap however large the object.
#[derive(Debug, Clone)]
pub enum Val {
    /// `null`, of type `null_type`.
    Null,
    /// `bool`.
    Bool(bool),
    /// `int`, signed 64-bit; arithmetic that overflows is an error, not a wrap.
    Int(i64),
    /// `uint`, written `1u`; overflow and going below zero are errors.
    Uint(u64),
    /// `double`, IEEE 754 64-bit.
    Double(f64),
    /// `string`; `size()` and the string functions count code points, not bytes.
    Str(Arc<str>),
    /// `bytes`.
    Bytes(Arc<[u8]>),
    /// `list`, ordered; equality compares element by element.
    List(Arc<[Val]>),
    /// A list of a schema's `x-kubernetes-list-type: set` (`keys` `None`) or `map` (its
    /// `x-kubernetes-list-map-keys`): a list whose equality ignores order, as upstream's.
    Keyed {
        /// The elements, in the object's order.
        items: Arc<[Val]>,
        /// The map list's key fields; `None` for a set, whose elements are compared whole.
        keys: Option<Arc<[String]>>,
    },
    /// `map`, or an object of a schema with properties (whose fields are its string keys).
    Map(Arc<MapVal>),
    /// A type as a value, by its CEL name (`int`, `string`, `kubernetes.Quantity`): what
    /// `type(x)` returns and what a bare type name such as `string` evaluates to.
    Type(&'static str),
    /// `kubernetes.Quantity` from Kubernetes' `quantity()` library.
    Quantity(Arc<Quantity>),
    /// `google.protobuf.Timestamp`, from `timestamp()`.
    Timestamp(Timestamp),
    /// Nanoseconds, as Go's `time.Duration` that cel-go uses.
    Duration(i64),
    /// An optional value (`optional.of(x)`, `self.?field`); `None` is `optional.none()`.
    Optional(Option<Arc<Val>>),
    /// `net.IP` from Kubernetes' `ip()` library.
    Ip(IpAddr),
    /// An address and a prefix length, as written (`masked()` clears the host bits).
    Cidr(IpAddr, u8),
    /// `kubernetes.URL` from Kubernetes' `url()` library.
    Url(Arc<Url>),
    /// One of the `format` library's named formats.
    Format(&'static str),
    /// The authorizer library's authorizer, checks and decisions.
    Authz(Arc<super::authz::AuthzVal>),
    /// `kubernetes.Semver` from Kubernetes' `semver()` library (and DRA's `version` attributes).
    Semver(Arc<super::semver::Semver>),
    /// A value that could not be made (upstream's error values, such as a custom resource's
    /// `date-time` string Go's parser refuses): reading it is an evaluation error with this message.
    Err(Arc<str>),
}

/// A map (or an object of a schema with properties) in insertion order, with an index by key.
#[derive(Debug, Default)]
pub struct MapVal {
    /// The entries (a message's fields), in the order written.
    pub entries: Vec<(Val, Val)>,
    index: HashMap<Key, usize>,
    /// The message type a construction such as `Object.spec{…}` named; `None` for a map.
    message: Option<Arc<str>>,
}

/// The keys a map may have; numbers are keyed by value so that `m[1]` finds `1u`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Bool(bool),
    Num(i128),
    Str(Arc<str>),
}

fn key_of(v: &Val) -> Option<Key> {
    match v {
        Val::Bool(b) => Some(Key::Bool(*b)),
        Val::Int(n) => Some(Key::Num(i128::from(*n))),
        Val::Uint(n) => Some(Key::Num(i128::from(*n))),
        Val::Double(x) if x.fract() == 0.0 && x.abs() < 1.8e19 => Some(Key::Num(*x as i128)),
        Val::Str(s) => Some(Key::Str(s.clone())),
        _ => None,
    }
}

impl MapVal {
    /// A map of the entries; a repeated key is an error, as in CEL map literals.
    pub fn new(entries: Vec<(Val, Val)>) -> Result<MapVal, String> {
        let mut index = HashMap::with_capacity(entries.len());
        for (i, (k, _)) in entries.iter().enumerate() {
            let key = match (k, key_of(k)) {
                (Val::Double(_), _) | (_, None) => return Err(format!("unsupported key type: {}", k.type_name())),
                (_, Some(key)) => key,
            };
            if index.insert(key, i).is_some() {
                return Err(format!("Failed with repeated key: {}", k.display()));
            }
        }
        Ok(MapVal { entries, index, message: None })
    }

    /// A constructed message (`Object.spec{replicas: 3}`, `JSONPatch{op: "add", …}`): its
    /// fields as string keys, and the type name it was written with.
    pub fn message(name: &str, fields: Vec<(String, Val)>) -> Result<MapVal, String> {
        let mut m = MapVal::new(fields.into_iter().map(|(k, v)| (Val::string(k), v)).collect())?;
        m.message = Some(name.into());
        Ok(m)
    }

    /// The message type this value was constructed as, if it was.
    pub fn message_type(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The value under a key (numbers by value).
    pub fn get(&self, k: &Val) -> Option<&Val> {
        key_of(k).and_then(|key| self.index.get(&key)).map(|i| &self.entries[*i].1)
    }

    /// The value under a string key (a message's field).
    pub fn get_str(&self, k: &str) -> Option<&Val> {
        self.index.get(&Key::Str(k.into())).map(|i| &self.entries[*i].1)
    }

    /// How many entries there are.
    #[allow(clippy::len_without_is_empty, reason = "no caller asks whether a map is empty")]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

impl Val {
    /// The elements of a list, of either kind.
    pub fn items(&self) -> Option<&Arc<[Val]>> {
        match self {
            Val::List(l) | Val::Keyed { items: l, .. } => Some(l),
            _ => None,
        }
    }

    /// A CEL string from any owned or borrowed text.
    pub fn string(s: impl Into<Arc<str>>) -> Val {
        Val::Str(s.into())
    }

    /// The value's CEL type name, as `type(x)` gives it and as error messages name it
    /// (`null_type`, `int`, `google.protobuf.Timestamp`, …); both list forms are `list`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Val::Null => "null_type",
            Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::Uint(_) => "uint",
            Val::Double(_) => "double",
            Val::Str(_) => "string",
            Val::Bytes(_) => "bytes",
            Val::List(_) | Val::Keyed { .. } => "list",
            Val::Map(_) => "map",
            Val::Type(_) => "type",
            Val::Quantity(_) => "kubernetes.Quantity",
            Val::Timestamp(_) => "google.protobuf.Timestamp",
            Val::Duration(_) => "google.protobuf.Duration",
            Val::Optional(_) => "optional_type",
            Val::Ip(_) => "net.IP",
            Val::Cidr(..) => "net.CIDR",
            Val::Url(_) => "kubernetes.URL",
            Val::Format(_) => "kubernetes.NamedFormat",
            Val::Authz(a) => a.type_name(),
            Val::Semver(_) => super::semver::TYPE_NAME,
            Val::Err(_) => "*types.Err",
        }
    }

    /// Equality, as CEL's `==`: numbers by value across types, lists and maps element-wise,
    /// values of different types unequal. `steps` grows by the work done (elements visited,
    /// tenths of bytes compared), for the caller to charge.
    pub fn equals(&self, other: &Val, steps: &mut u64) -> bool {
        *steps += 1;
        // Past any evaluation's limit the answer no longer matters: the caller's charge fails.
        if *steps > EQUALITY_STEP_CAP {
            return false;
        }
        if let (Some(a), Some(b)) = (self.items(), other.items()) {
            return match (self, other) {
                (Val::Keyed { keys, .. }, _) | (_, Val::Keyed { keys, .. }) => {
                    unordered_eq(a, b, keys.as_deref(), steps)
                }
                _ => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.equals(y, steps)),
            };
        }
        match (self, other) {
            (Val::Null, Val::Null) => true,
            (Val::Bool(a), Val::Bool(b)) => a == b,
            (Val::Str(a), Val::Str(b)) => {
                *steps += (a.len().min(b.len()) / 10) as u64;
                a == b
            }
            (Val::Bytes(a), Val::Bytes(b)) => {
                *steps += (a.len().min(b.len()) / 10) as u64;
                a == b
            }
            (Val::Type(a), Val::Type(b)) => a == b,
            (Val::Quantity(a), Val::Quantity(b)) => a == b,
            (Val::Timestamp(a), Val::Timestamp(b)) => a == b,
            (Val::Duration(a), Val::Duration(b)) => a == b,
            (Val::Optional(a), Val::Optional(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x.equals(y, steps),
                _ => false,
            },
            (Val::Ip(a), Val::Ip(b)) => a == b,
            (Val::Cidr(a, n), Val::Cidr(b, m)) => a == b && n == m,
            (Val::Url(a), Val::Url(b)) => a.text == b.text,
            (Val::Format(a), Val::Format(b)) => a == b,
            // By precedence, as upstream's `EQ`: build metadata does not count.
            (Val::Semver(a), Val::Semver(b)) => a.compare(b) == Ordering::Equal,
            (Val::Map(a), Val::Map(b)) => {
                a.len() == b.len() && a.entries.iter().all(|(k, v)| b.get(k).is_some_and(|w| v.equals(w, steps)))
            }
            (a, b) => num_cmp(a, b) == Some(Ordering::Equal),
        }
    }

    /// The ordering of `<` and friends: numbers across types, strings, bytes, bools; `None`
    /// for the pairs CEL has no overload for (and for NaN).
    pub fn compare(&self, other: &Val) -> Option<Ordering> {
        match (self, other) {
            (Val::Bool(a), Val::Bool(b)) => Some(a.cmp(b)),
            (Val::Str(a), Val::Str(b)) => Some(a.cmp(b)),
            (Val::Bytes(a), Val::Bytes(b)) => Some(a.cmp(b)),
            (Val::Timestamp(a), Val::Timestamp(b)) => Some(a.cmp(b)),
            (Val::Duration(a), Val::Duration(b)) => Some(a.cmp(b)),
            (a, b) => num_cmp(a, b),
        }
    }

    /// The value as CEL's `string()` and error messages show it.
    pub fn display(&self) -> String {
        match self {
            Val::Null => "null".into(),
            Val::Bool(b) => b.to_string(),
            Val::Int(n) => n.to_string(),
            Val::Uint(n) => n.to_string(),
            Val::Double(x) => format_double(*x),
            Val::Str(s) => s.to_string(),
            Val::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            Val::Type(t) => (*t).to_owned(),
            Val::Quantity(q) => q.to_string(),
            Val::Timestamp(t) => t.format(),
            Val::Duration(d) => format_duration(*d),
            Val::Optional(None) => "optional.none()".into(),
            Val::Optional(Some(v)) => format!("optional.of({v})"),
            Val::Ip(ip) => ip.to_string(),
            Val::Cidr(ip, n) => format!("{ip}/{n}"),
            Val::Url(u) => u.text.clone(),
            Val::Format(f) => (*f).to_owned(),
            Val::Authz(a) => a.type_name().to_owned(),
            Val::Semver(v) => v.to_string(),
            Val::Err(e) => e.to_string(),
            Val::List(_) | Val::Keyed { .. } | Val::Map(_) => format!("{self}"),
        }
    }
}

/// The bounded quoted form of a value in messages.
impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Str(s) => write!(f, "{s:?}"),
            Val::List(l) | Val::Keyed { items: l, .. } => {
                f.write_str("[")?;
                for (i, v) in l.iter().take(16).enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                if l.len() > 16 {
                    f.write_str(", ...")?;
                }
                f.write_str("]")
            }
            Val::Map(m) => {
                f.write_str("{")?;
                for (i, (k, v)) in m.entries.iter().take(16).enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                if m.len() > 16 {
                    f.write_str(", ...")?;
                }
                f.write_str("}")
            }
            other => f.write_str(&other.display()),
        }
    }
}

/// Equality of lists where one is a `set` or `map` list: the same size, and each element of
/// `a` equal to an element of `b` (in a `map` list, the one with the same keys).
fn unordered_eq(a: &[Val], b: &[Val], keys: Option<&[String]>, steps: &mut u64) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let key_of = |v: &Val, k: &str| match v {
        Val::Map(m) => m.get_str(k).cloned(),
        _ => None,
    };
    a.iter().all(|x| match keys {
        Some(keys) => {
            let same_keys = |y: &&Val| {
                keys.iter().all(|k| match (key_of(x, k), key_of(y, k)) {
                    (Some(p), Some(q)) => p.equals(&q, steps),
                    (None, None) => true,
                    _ => false,
                })
            };
            // `same_keys` counts its steps; the element found is then compared whole.
            let found = b.iter().find(same_keys);
            found.is_some_and(|y| x.equals(y, steps))
        }
        None => b.iter().any(|y| x.equals(y, steps)),
    })
}

/// More steps than any evaluation may take; an equality stops counting there.
const EQUALITY_STEP_CAP: u64 = super::PER_CALL_LIMIT + 1;

fn num_cmp(a: &Val, b: &Val) -> Option<Ordering> {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => Some(x.cmp(y)),
        (Val::Uint(x), Val::Uint(y)) => Some(x.cmp(y)),
        (Val::Int(x), Val::Uint(y)) => Some(i128::from(*x).cmp(&i128::from(*y))),
        (Val::Uint(x), Val::Int(y)) => Some(i128::from(*x).cmp(&i128::from(*y))),
        (Val::Double(x), Val::Double(y)) => x.partial_cmp(y),
        (Val::Double(x), Val::Int(_) | Val::Uint(_)) => cmp_double(*x, b),
        (Val::Int(_) | Val::Uint(_), Val::Double(y)) => cmp_double(*y, a).map(Ordering::reverse),
        _ => None,
    }
}

/// A double against an integer, exactly: through `i128` when the double is whole and in range.
fn cmp_double(x: f64, n: &Val) -> Option<Ordering> {
    let n = match n {
        Val::Int(v) => i128::from(*v),
        Val::Uint(v) => i128::from(*v),
        _ => return None,
    };
    if x.is_nan() {
        return None;
    }
    if x >= 1.8e19 {
        return Some(Ordering::Greater);
    }
    if x <= -9.3e18 {
        return Some(Ordering::Less);
    }
    let whole = x.trunc() as i128;
    match whole.cmp(&n) {
        Ordering::Equal if x.fract() > 0.0 => Some(Ordering::Greater),
        Ordering::Equal if x.fract() < 0.0 => Some(Ordering::Less),
        o => Some(o),
    }
}

/// A double as Go's `strconv.FormatFloat(x, 'g', -1, 64)` writes it, which cel-go's `string()`
/// uses: the shortest text that reads back, with an exponent from 1e21 up and below 1e-4.
pub fn format_double(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "+Inf".into() } else { "-Inf".into() };
    }
    let a = x.abs();
    if a != 0.0 && !(1e-4..1e21).contains(&a) {
        let s = format!("{x:e}");
        // Rust writes `1e21` and `1.5e-7`; Go writes `1e+21` and `1.5e-07`.
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exp),
        };
        return format!("{mant}e{sign}{digits:0>2}");
    }
    format!("{x}")
}
