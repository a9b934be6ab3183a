//! Static type checking of a parsed expression as cel-go's checker does it: each node's type inferred from the declared variables, operators and functions resolved against their overloads (`dyn` matching anything), and cel-go's messages for what does not type.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use super::ast::{Expr, Macro, Node};
use super::value::Val;

/// A CEL type, named as cel-go's checker names it in its messages (`list(int)`,
/// `map(string, dyn)`, `timestamp`).
#[derive(Debug, Clone)]
pub enum Type {
    /// Any value: checked at run time. Also what the checker gives where it cannot know.
    Dyn,
    /// `null`.
    Null,
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `uint`.
    Uint,
    /// `double`.
    Double,
    /// `string`.
    String,
    /// `bytes`.
    Bytes,
    /// `google.protobuf.Timestamp`.
    Timestamp,
    /// `google.protobuf.Duration`.
    Duration,
    /// A list of the element type.
    List(Box<Type>),
    /// A map of the key and value types.
    Map(Box<Type>, Box<Type>),
    /// An object with named fields (a schema's object, an admission request).
    Object(Arc<ObjectType>),
    /// The type of a type value (`type(1)` is `type(int)`).
    Type(Box<Type>),
    /// `optional_type(T)`.
    Optional(Box<Type>),
    /// A library's opaque type (`kubernetes.Quantity`, `net.IP`).
    Opaque(&'static str),
    /// A type parameter of an overload (`A`, `B`); never a node's type.
    Param(u8),
    /// A node that failed to type: matches anything, so one mistake is reported once.
    Error,
}

/// An object type: its name and fields.
#[derive(Debug)]
pub struct ObjectType {
    name: String,
    fields: Vec<(String, Type)>,
    /// Whether a field not listed is still allowed (as `dyn`): the checker does not know all
    /// the fields (a message a mutation constructs).
    open: bool,
}

impl Type {
    /// `list(t)`.
    pub fn list(t: Type) -> Type {
        Type::List(Box::new(t))
    }

    /// `map(k, v)`.
    pub fn map(k: Type, v: Type) -> Type {
        Type::Map(Box::new(k), Box::new(v))
    }

    /// `optional_type(t)`.
    pub fn optional(t: Type) -> Type {
        Type::Optional(Box::new(t))
    }

    /// An object type named `name` with exactly the `fields` given.
    pub fn object(name: impl Into<String>, fields: Vec<(String, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType { name: name.into(), fields, open: false }))
    }

    /// An object type named `name` whose fields the checker knows only in part: others are `dyn`.
    pub fn open_object(name: impl Into<String>, fields: Vec<(String, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType { name: name.into(), fields, open: true }))
    }

    /// `google.protobuf.Any`, which cel-go's checker treats as `dyn` but names `any` in its
    /// messages (the values of DRA's `device.attributes`).
    pub fn any() -> Type {
        Type::Opaque(ANY)
    }

    /// Whether nothing is known of the type (`dyn`, `any`, or a node that failed to type).
    pub fn is_dyn(&self) -> bool {
        matches!(self, Type::Dyn | Type::Error | Type::Opaque(ANY))
    }

    /// Whether this is `bool`.
    pub fn is_bool(&self) -> bool {
        matches!(self, Type::Bool)
    }

    /// Whether this is `string`.
    pub fn is_string(&self) -> bool {
        matches!(self, Type::String)
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Type::Null)
    }
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        use Type as T;
        match (self, other) {
            (T::List(a), T::List(b)) | (T::Type(a), T::Type(b)) | (T::Optional(a), T::Optional(b)) => a == b,
            (T::Map(a, b), T::Map(c, d)) => a == c && b == d,
            (T::Object(a), T::Object(b)) => Arc::ptr_eq(a, b) || a.name == b.name,
            (T::Opaque(a), T::Opaque(b)) => a == b,
            (T::Param(a), T::Param(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Dyn => f.write_str("dyn"),
            Type::Null => f.write_str("null"),
            Type::Bool => f.write_str("bool"),
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("string"),
            Type::Bytes => f.write_str("bytes"),
            // cel-go names these by their protobuf messages, in messages too.
            Type::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Type::Duration => f.write_str("google.protobuf.Duration"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(k, v) => write!(f, "map({k}, {v})"),
            Type::Object(o) => f.write_str(&o.name),
            Type::Type(t) => write!(f, "type({t})"),
            Type::Optional(t) => write!(f, "optional_type({t})"),
            Type::Opaque(n) => f.write_str(n),
            // Unbound parameters are shown as cel-go shows them after substitution.
            Type::Param(_) => f.write_str("dyn"),
            Type::Error => f.write_str("!error!"),
        }
    }
}

impl Type {
    /// The name cel-go's `Type.String()` gives the type, as upstream prints an expression's
    /// output type (`must evaluate to bool but got null_type`): the checker's names but
    /// `null_type` for `null`, at any depth (`list(null_type)`).
    pub fn output_name(&self) -> String {
        match self {
            Type::Null => "null_type".into(),
            Type::List(t) => format!("list({})", t.output_name()),
            Type::Map(k, v) => format!("map({}, {})", k.output_name(), v.output_name()),
            Type::Type(t) => format!("type({})", t.output_name()),
            Type::Optional(t) => format!("optional_type({})", t.output_name()),
            t => t.to_string(),
        }
    }
}

/// The declared variables an expression is checked against.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: Vec<(String, Type)>,
    /// The size bounds of the declared data, for the cost estimate.
    pub(crate) bounds: Option<Arc<super::cost::Bounds>>,
}

impl Env {
    /// An environment without variables: a variable the program uses but `Env` does not
    /// declare is `dyn`.
    pub fn new() -> Env {
        Env::default()
    }

    /// Declares `name` with type `t`.
    pub fn var(mut self, name: impl Into<String>, t: Type) -> Env {
        self.vars.push((name.into(), t));
        self
    }

    /// Declares the size bounds of the data the variables hold, for
    /// [`Program::estimate_cost`](super::Program::estimate_cost). As upstream's schema-based
    /// estimator does, a value reached from any variable (`self.spec.items`, `oldSelf.name`,
    /// an element `x` of `self.items`) is looked up along its path below the variable, from
    /// these bounds.
    pub fn bounds(mut self, b: super::cost::Bounds) -> Env {
        self.bounds = Some(Arc::new(b));
        self
    }
}

/// The value of a literal type name (`int`) as a type.
fn named_type(name: &str) -> Type {
    match name {
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "bool" => Type::Bool,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "list" => Type::list(Type::Dyn),
        "map" => Type::map(Type::Dyn, Type::Dyn),
        "null_type" => Type::Null,
        "type" => Type::Type(Box::new(Type::Dyn)),
        _ => Type::Dyn,
    }
}

/// One overload: the argument types (the receiver first for a method) and the result.
#[derive(Debug)]
pub(crate) struct Sig {
    pub(crate) method: bool,
    pub(crate) args: Vec<Type>,
    result: Type,
}

/// The overloads of cel-go's standard functions and of the libraries kube-apiserver adds, by
/// function name, written as cel-go declares them (`A`, `B` type parameters;
/// `recv.(args) -> result` for a method).
const OVERLOADS: &[(&str, &str)] = &[
    (
        "_+_",
        "(int, int) -> int; (uint, uint) -> uint; (double, double) -> double; (string, string) -> string; (bytes, bytes) -> bytes; (list(A), list(A)) -> list(A); (timestamp, duration) -> timestamp; (duration, timestamp) -> timestamp; (duration, duration) -> duration",
    ),
    (
        "_-_",
        "(int, int) -> int; (uint, uint) -> uint; (double, double) -> double; (timestamp, timestamp) -> duration; (timestamp, duration) -> timestamp; (duration, duration) -> duration",
    ),
    ("_*_", "(int, int) -> int; (uint, uint) -> uint; (double, double) -> double"),
    ("_/_", "(int, int) -> int; (uint, uint) -> uint; (double, double) -> double"),
    ("_%_", "(int, int) -> int; (uint, uint) -> uint"),
    ("-_", "(int) -> int; (double) -> double"),
    ("!_", "(bool) -> bool"),
    ("_==_", "(A, A) -> bool"),
    ("_!=_", "(A, A) -> bool"),
    ("_<_", ORDERED),
    ("_<=_", ORDERED),
    ("_>_", ORDERED),
    ("_>=_", ORDERED),
    ("@in", "(A, list(A)) -> bool; (A, map(A, B)) -> bool"),
    (
        "_[_]",
        "(list(A), int) -> A; (map(A, B), A) -> B; (optional(list(A)), int) -> optional(A); (optional(map(A, B)), A) -> optional(B)",
    ),
    (
        "_[?_]",
        "(list(A), int) -> optional(A); (map(A, B), A) -> optional(B); (optional(list(A)), int) -> optional(A); (optional(map(A, B)), A) -> optional(B)",
    ),
    ("_?_:_", "(bool, A, A) -> A"),
    (
        "size",
        "(string) -> int; (bytes) -> int; (list(A)) -> int; (map(A, B)) -> int; string.() -> int; bytes.() -> int; list(A).() -> int; map(A, B).() -> int",
    ),
    ("int", "(int) -> int; (uint) -> int; (double) -> int; (string) -> int; (timestamp) -> int; (duration) -> int"),
    ("uint", "(int) -> uint; (uint) -> uint; (double) -> uint; (string) -> uint"),
    ("double", "(int) -> double; (uint) -> double; (double) -> double; (string) -> double"),
    (
        "string",
        "(int) -> string; (uint) -> string; (double) -> string; (bool) -> string; (bytes) -> string; (string) -> string; (timestamp) -> string; (duration) -> string; (IP) -> string; (CIDR) -> string",
    ),
    ("bytes", "(bytes) -> bytes; (string) -> bytes"),
    ("bool", "(bool) -> bool; (string) -> bool"),
    ("dyn", "(A) -> dyn"),
    ("type", "(A) -> type(A)"),
    ("timestamp", "(string) -> timestamp; (timestamp) -> timestamp; (int) -> timestamp"),
    ("duration", "(string) -> duration; (duration) -> duration"),
    ("matches", "(string, string) -> bool; string.(string) -> bool"),
    ("contains", "string.(string) -> bool"),
    ("startsWith", "string.(string) -> bool"),
    ("endsWith", "string.(string) -> bool"),
    ("getFullYear", TS_GETTER),
    ("getMonth", TS_GETTER),
    ("getDate", TS_GETTER),
    ("getDayOfMonth", TS_GETTER),
    ("getDayOfYear", TS_GETTER),
    ("getDayOfWeek", TS_GETTER),
    ("getHours", TS_DUR_GETTER),
    ("getMinutes", TS_DUR_GETTER),
    ("getSeconds", TS_DUR_GETTER),
    ("getMilliseconds", TS_DUR_GETTER),
    // Kubernetes' string library.
    ("charAt", "string.(int) -> string"),
    ("indexOf", "string.(string) -> int; string.(string, int) -> int; list(A).(A) -> int"),
    ("lastIndexOf", "string.(string) -> int; string.(string, int) -> int; list(A).(A) -> int"),
    ("lowerAscii", "string.() -> string"),
    ("upperAscii", "string.() -> string"),
    ("trim", "string.() -> string"),
    ("replace", "string.(string, string) -> string; string.(string, string, int) -> string"),
    ("split", "string.(string) -> list(string); string.(string, int) -> list(string)"),
    ("substring", "string.(int) -> string; string.(int, int) -> string"),
    ("join", "list(string).() -> string; list(string).(string) -> string"),
    ("format", "string.(list(dyn)) -> string"),
    ("strings.quote", "(string) -> string"),
    ("find", "string.(string) -> string"),
    ("findAll", "string.(string) -> list(string); string.(string, int) -> list(string)"),
    // Kubernetes' list library.
    ("isSorted", "list(A).() -> bool"),
    ("sum", "list(A).() -> A"),
    ("min", "list(A).() -> A"),
    ("max", "list(A).() -> A"),
    // Quantities.
    ("quantity", "(string) -> Q"),
    ("isQuantity", "(string) -> bool"),
    ("isInteger", "Q.() -> bool"),
    ("asInteger", "Q.() -> int"),
    ("asApproximateFloat", "Q.() -> double"),
    ("sign", "Q.() -> int"),
    ("add", "Q.(Q) -> Q; Q.(int) -> Q"),
    ("sub", "Q.(Q) -> Q; Q.(int) -> Q"),
    ("isLessThan", "Q.(Q) -> bool; SV.(SV) -> bool"),
    ("isGreaterThan", "Q.(Q) -> bool; SV.(SV) -> bool"),
    ("compareTo", "Q.(Q) -> int; SV.(SV) -> int"),
    // Semantic versions.
    ("semver", "(string) -> SV; (string, bool) -> SV"),
    ("isSemver", "(string) -> bool; (string, bool) -> bool"),
    ("major", "SV.() -> int"),
    ("minor", "SV.() -> int"),
    ("patch", "SV.() -> int"),
    // URLs.
    ("url", "(string) -> URL"),
    ("isURL", "(string) -> bool"),
    ("getScheme", "URL.() -> string"),
    ("getHost", "URL.() -> string"),
    ("getHostname", "URL.() -> string"),
    ("getPort", "URL.() -> string"),
    ("getEscapedPath", "URL.() -> string"),
    ("getQuery", "URL.() -> map(string, list(string))"),
    // IPs and CIDRs.
    ("ip", "(string) -> IP; CIDR.() -> IP"),
    ("isIP", "(string) -> bool"),
    ("ip.isCanonical", "(string) -> bool"),
    ("family", "IP.() -> int"),
    ("isUnspecified", "IP.() -> bool"),
    ("isLoopback", "IP.() -> bool"),
    ("isLinkLocalMulticast", "IP.() -> bool"),
    ("isLinkLocalUnicast", "IP.() -> bool"),
    ("isGlobalUnicast", "IP.() -> bool"),
    ("cidr", "(string) -> CIDR"),
    ("isCIDR", "(string) -> bool"),
    ("containsIP", "CIDR.(IP) -> bool; CIDR.(string) -> bool"),
    ("containsCIDR", "CIDR.(CIDR) -> bool; CIDR.(string) -> bool"),
    ("masked", "CIDR.() -> CIDR"),
    ("prefixLength", "CIDR.() -> int"),
    // Named formats.
    ("format.named", "(string) -> optional(FMT)"),
    ("validate", "FMT.(string) -> optional(list(string))"),
    // Sets.
    ("sets.contains", "(list(A), list(A)) -> bool"),
    ("sets.intersects", "(list(A), list(A)) -> bool"),
    ("sets.equivalent", "(list(A), list(A)) -> bool"),
    // Optionals.
    ("optional.of", "(A) -> optional(A)"),
    ("optional.ofNonZeroValue", "(A) -> optional(A)"),
    ("optional.none", "() -> optional(dyn)"),
    ("hasValue", "optional(A).() -> bool"),
    ("value", "optional(A).() -> A"),
    ("orValue", "optional(A).(A) -> A"),
    ("or", "optional(A).(optional(A)) -> optional(A)"),
    ("jsonpatch.escapeKey", "(string) -> string"),
    // The authorizer library.
    ("path", "AUTHZ.(string) -> PATHCHECK"),
    ("group", "AUTHZ.(string) -> GROUPCHECK"),
    ("serviceAccount", "AUTHZ.(string, string) -> AUTHZ"),
    ("resource", "GROUPCHECK.(string) -> RESOURCECHECK"),
    ("subresource", "RESOURCECHECK.(string) -> RESOURCECHECK"),
    ("namespace", "RESOURCECHECK.(string) -> RESOURCECHECK"),
    ("name", "RESOURCECHECK.(string) -> RESOURCECHECK"),
    ("check", "PATHCHECK.(string) -> DECISION; RESOURCECHECK.(string) -> DECISION"),
    ("allowed", "DECISION.() -> bool"),
    ("errored", "DECISION.() -> bool"),
    ("reason", "DECISION.() -> string"),
    ("error", "DECISION.() -> string"),
];

const ORDERED: &str = "(bool, bool) -> bool; (int, int) -> bool; (uint, uint) -> bool; (double, double) -> bool; (string, string) -> bool; (bytes, bytes) -> bool; (timestamp, timestamp) -> bool; (duration, duration) -> bool; (int, uint) -> bool; (int, double) -> bool; (uint, int) -> bool; (uint, double) -> bool; (double, int) -> bool; (double, uint) -> bool";
const TS_GETTER: &str = "timestamp.() -> int; timestamp.(string) -> int";
const TS_DUR_GETTER: &str = "timestamp.() -> int; timestamp.(string) -> int; duration.() -> int";

/// The opaque types' short names in [`OVERLOADS`] and the names cel-go shows.
const OPAQUE: &[(&str, &str)] = &[
    ("Q", "kubernetes.Quantity"),
    ("SV", "kubernetes.Semver"),
    ("URL", "kubernetes.URL"),
    ("IP", "net.IP"),
    ("CIDR", "net.CIDR"),
    ("FMT", "kubernetes.NamedFormat"),
    ("AUTHZ", "kubernetes.authorization.Authorizer"),
    ("PATHCHECK", "kubernetes.authorization.PathCheck"),
    ("GROUPCHECK", "kubernetes.authorization.GroupCheck"),
    ("RESOURCECHECK", "kubernetes.authorization.ResourceCheck"),
    ("DECISION", "kubernetes.authorization.Decision"),
];

/// [`Type::any`]'s name.
const ANY: &str = "any";

/// The authorizer's type, for declaring `authorizer`.
pub const AUTHORIZER: &str = "kubernetes.authorization.Authorizer";

/// Parses one type of the table's notation; `None` on a mistake in the table.
fn parse_type(s: &str) -> Option<(Type, &str)> {
    let s = s.trim_start();
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    let (word, rest) = s.split_at(end);
    Some(match word {
        "list" | "optional" | "type" => {
            let (mut ps, rest) = params(rest, 1)?;
            let t = Box::new(ps.pop()?);
            (
                match word {
                    "list" => Type::List(t),
                    "optional" => Type::Optional(t),
                    _ => Type::Type(t),
                },
                rest,
            )
        }
        "map" => {
            let (mut ps, rest) = params(rest, 2)?;
            let v = ps.pop()?;
            let k = ps.pop()?;
            (Type::map(k, v), rest)
        }
        "A" => (Type::Param(0), rest),
        "B" => (Type::Param(1), rest),
        "timestamp" => (Type::Timestamp, rest),
        "duration" => (Type::Duration, rest),
        "dyn" => (Type::Dyn, rest),
        "null" => (Type::Null, rest),
        w => match OPAQUE.iter().find(|(k, _)| *k == w) {
            Some((_, name)) => (Type::Opaque(name), rest),
            None => match named_type(w) {
                Type::Dyn => return None,
                t => (t, rest),
            },
        },
    })
}

/// Parses `(t1, …, tn)` after a parameterized type's name.
fn params(rest: &str, n: usize) -> Option<(Vec<Type>, &str)> {
    let mut rest = rest.strip_prefix('(')?;
    let mut out = Vec::new();
    for i in 0..n {
        let (t, r) = parse_type(rest)?;
        out.push(t);
        rest = r.trim_start();
        rest = if i + 1 < n { rest.strip_prefix(',')? } else { rest.strip_prefix(')')? };
    }
    Some((out, rest))
}

/// Parses `recv.(a, b) -> r` or `(a, b) -> r`.
fn parse_sig(s: &str) -> Option<Sig> {
    let s = s.trim();
    let (method, recv, rest) = if s.starts_with('(') {
        (false, None, s)
    } else {
        let (t, rest) = parse_type(s)?;
        (true, Some(t), rest.strip_prefix('.')?)
    };
    let (params, result) = rest.split_once("->")?;
    let inner = params.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut args: Vec<Type> = recv.into_iter().collect();
    if !inner.trim().is_empty() {
        let mut rest = inner;
        loop {
            let (t, r) = parse_type(rest)?;
            args.push(t);
            let r = r.trim_start();
            if r.is_empty() {
                break;
            }
            rest = r.strip_prefix(',')?;
        }
    }
    let (result, tail) = parse_type(result)?;
    tail.trim().is_empty().then_some(Sig { method, args, result })
}

/// Whether the checker's table declares `name` in this call style (a method or not), with any
/// number of arguments: a call with another number is then cel-go's `found no matching
/// overload`, not an unknown function.
pub(crate) fn declares(name: &str, method: bool) -> bool {
    overloads().get(name).is_some_and(|sigs| sigs.iter().any(|s| s.method == method))
}

fn overloads() -> &'static HashMap<String, Vec<Sig>> {
    static TABLE: OnceLock<HashMap<String, Vec<Sig>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut m: HashMap<String, Vec<Sig>> = HashMap::new();
        for (name, sigs) in OVERLOADS {
            // A mistake in the table drops its overload (the tests parse every one), so a call
            // of it is typed `dyn` rather than refused.
            m.entry((*name).to_owned()).or_default().extend(sigs.split(';').filter_map(parse_sig));
        }
        // The named formats (`format.dns1123Label()`).
        for f in super::library::FORMATS {
            m.entry(format!("format.{f}")).or_default().push(Sig {
                method: false,
                args: Vec::new(),
                result: Type::Opaque("kubernetes.NamedFormat"),
            });
        }
        m
    })
}

/// Binding of an overload's type parameters while matching one call.
type Subst = [Option<Type>; 2];

/// Whether a value of type `arg` may be passed where `param` is declared, binding parameters.
fn assignable(param: &Type, arg: &Type, subst: &mut Subst) -> bool {
    if let Type::Param(i) = param {
        let slot = &mut subst[usize::from(*i).min(1)];
        return match slot.take() {
            None => {
                *slot = Some(arg.clone());
                true
            }
            Some(bound) => {
                let mut inner: Subst = [None, None];
                let ok = assignable(&bound, arg, &mut inner) || assignable(arg, &bound, &mut inner);
                // The more general of the two stays bound, as cel-go's `mostGeneral`.
                *slot = Some(if bound.is_dyn() || arg.is_dyn() { Type::Dyn } else { bound });
                ok
            }
        };
    }
    if param.is_dyn() || arg.is_dyn() || matches!(arg, Type::Param(_)) {
        return true;
    }
    match (param, arg) {
        (Type::List(p), Type::List(a)) | (Type::Optional(p), Type::Optional(a)) => assignable(p, a, subst),
        (Type::Map(pk, pv), Type::Map(ak, av)) => assignable(pk, ak, subst) && assignable(pv, av, subst),
        // Type values compare at run time.
        (Type::Type(_), Type::Type(_)) => true,
        // Messages and the well-known types may be null.
        (Type::Object(_) | Type::Timestamp | Type::Duration, Type::Null) => true,
        _ => param == arg,
    }
}

/// The type with the overload's parameters replaced by their bindings (`dyn` where unbound).
fn substitute(t: &Type, subst: &Subst) -> Type {
    match t {
        Type::Param(i) => subst[usize::from(*i).min(1)].clone().unwrap_or(Type::Dyn),
        Type::List(e) => Type::list(substitute(e, subst)),
        Type::Optional(e) => Type::optional(substitute(e, subst)),
        Type::Type(e) => Type::Type(Box::new(substitute(e, subst))),
        Type::Map(k, v) => Type::map(substitute(k, subst), substitute(v, subst)),
        other => other.clone(),
    }
}

/// The most general of two types an aggregate literal's elements have, or `None` where they
/// differ (cel-go's `joinTypes`).
fn join(prev: &Type, cur: &Type) -> Option<Type> {
    let mut s: Subst = [None, None];
    if !assignable(prev, cur, &mut s) {
        return None;
    }
    Some(if prev.is_dyn() || cur.is_dyn() { Type::Dyn } else { prev.clone() })
}

/// The checker's state: the first error found (by position) and the comprehension variables
/// in scope.
struct Checker<'a> {
    env: &'a Env,
    src: &'a str,
    scopes: Vec<(String, Type)>,
    error: Option<(usize, String)>,
    /// What the cost estimate needs of the check, when it is wanted.
    facts: Option<Facts>,
    /// Whether some node was typed `dyn` for want of a model (see [`Checked::guessed`]).
    guessed: bool,
}

/// What the checker gives an expression: its type, and whether it had to guess on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The expression's type.
    pub ty: Type,
    /// Whether the checker met something it does not model and typed it `dyn` where cel-go may
    /// know the type: a function outside its table or in a call style it does not declare, a
    /// field of an open (constructed) object, a field name in upstream's escaped form, an
    /// indexed object, an optional macro over a non-optional range.
    pub guessed: bool,
}

impl Checked {
    /// Whether a caller wanting a result `wanted` approves of should accept this one: a type it
    /// approves, or a `dyn` that may be a guess (refusing a valid expression is worse than
    /// missing a bad one). A `dyn` cel-go gives too (a field of `object`, `dyn(…)`) is not
    /// accepted, as upstream accepts it nowhere a bool or string is wanted.
    pub fn may_be(&self, wanted: impl Fn(&Type) -> bool) -> bool {
        wanted(&self.ty) || (self.guessed && self.ty.is_dyn())
    }
}

/// Each node's type and each call's matching overloads, keyed by the node's address (the tree
/// is not changed while they are used), for the cost estimate.
#[derive(Debug, Default)]
pub(crate) struct Facts {
    pub(crate) types: HashMap<usize, Type>,
    pub(crate) overloads: HashMap<usize, Vec<&'static Sig>>,
}

/// The key of a node in [`Facts`].
pub(crate) fn node_key(n: &Node) -> usize {
    std::ptr::from_ref(n) as usize
}

impl Checker<'_> {
    fn report(&mut self, at: usize, msg: String) {
        // cel-go lists its errors by position; the first is the one kapi shows.
        if self.error.as_ref().is_none_or(|(prev, _)| at < *prev) {
            self.error = Some((at, msg));
        }
    }

    /// `dyn` for what the checker does not model, noted so a caller can tell it from a `dyn`
    /// cel-go gives too ([`Checked::guessed`]).
    fn guess(&mut self) -> Type {
        self.guessed = true;
        Type::Dyn
    }

    fn lookup(&self, name: &str) -> Type {
        if let Some((_, t)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
            return t.clone();
        }
        self.env.vars.iter().find(|(n, _)| n == name).map_or(Type::Dyn, |(_, t)| t.clone())
    }

    /// Resolves `name` applied to `args` (the receiver first for a method) as cel-go does:
    /// every overload whose parameters accept the arguments matches; the result is the
    /// matches' common result type, or `dyn` where they differ.
    fn resolve(&mut self, node: &Node, at: usize, name: &str, method: bool, args: &[Type]) -> Type {
        if args.iter().any(|a| matches!(a, Type::Error)) {
            return Type::Error;
        }
        let Some(sigs) = overloads().get(name) else { return self.guess() };
        let mut result: Option<Type> = None;
        for sig in sigs.iter().filter(|s| s.method == method && s.args.len() == args.len()) {
            let mut subst: Subst = [None, None];
            if sig.args.iter().zip(args).all(|(p, a)| assignable(p, a, &mut subst)) {
                if let Some(f) = &mut self.facts {
                    f.overloads.entry(node_key(node)).or_default().push(sig);
                }
                let r = substitute(&sig.result, &subst);
                result = Some(match result {
                    None => r,
                    Some(prev) if prev == r => prev,
                    Some(_) => Type::Dyn,
                });
            }
        }
        if let Some(r) = result {
            return r;
        }
        if !sigs.iter().any(|s| s.method == method) {
            // Declared only in the other call style: the parser has accepted it, so it is a
            // function the table does not cover; unknown rather than refused.
            return self.guess();
        }
        let shown: Vec<String> = args.iter().map(Type::to_string).collect();
        let signature = if method && !shown.is_empty() {
            format!("{}.({})", shown[0], shown[1..].join(", "))
        } else {
            format!("({})", shown.join(", "))
        };
        self.report(at, format!("found no matching overload for '{name}' applied to '{signature}'"));
        Type::Error
    }

    fn select(&mut self, at: usize, operand: &Type, field: &str) -> Type {
        let (target, was_opt) = match operand {
            Type::Optional(t) => (&**t, true),
            t => (t, false),
        };
        let t = match target {
            Type::Map(_, v) => (**v).clone(),
            Type::Object(o) => match o.fields.iter().find(|(n, _)| n == field) {
                Some((_, t)) => t.clone(),
                // A name in upstream's escaped form (`foo__dash__bar`, `__namespace__`) names a
                // property kapi keeps under its plain name; not judged.
                None if o.open || field.contains("__") => self.guess(),
                None => {
                    self.report(at, format!("undefined field '{field}'"));
                    Type::Error
                }
            },
            Type::Opaque("kubernetes.authorization.Authorizer") if field == "requestResource" => {
                Type::Opaque("kubernetes.authorization.ResourceCheck")
            }
            t if t.is_dyn() || matches!(t, Type::Param(_)) => Type::Dyn,
            t => {
                self.report(at, format!("type '{t}' does not support field selection"));
                Type::Error
            }
        };
        if was_opt { Type::optional(t) } else { t }
    }

    fn expect_bool(&mut self, at: usize, t: &Type) {
        let mut s: Subst = [None, None];
        if !assignable(&Type::Bool, t, &mut s) {
            self.report(at, format!("expected type 'bool' but found '{t}'"));
        }
    }

    fn check(&mut self, n: &Node) -> Type {
        let t = self.check_node(n);
        if let Some(f) = &mut self.facts {
            f.types.insert(node_key(n), t.clone());
        }
        t
    }

    fn check_node(&mut self, n: &Node) -> Type {
        match &n.expr {
            Expr::Lit(v) => match v {
                Val::Null => Type::Null,
                Val::Bool(_) => Type::Bool,
                Val::Int(_) => Type::Int,
                Val::Uint(_) => Type::Uint,
                Val::Double(_) => Type::Double,
                Val::Str(_) => Type::String,
                Val::Bytes(_) => Type::Bytes,
                Val::Type(name) => Type::Type(Box::new(named_type(name))),
                _ => self.guess(),
            },
            Expr::Ident(name) => self.lookup(name),
            Expr::Select { operand, field, test } => {
                let t = self.check(operand);
                let r = self.select(n.at, &t, field);
                if *test { Type::Bool } else { r }
            }
            Expr::OptSelect { operand, field } => {
                let t = self.check(operand);
                match self.select(n.at, &t, field) {
                    r @ Type::Optional(_) => r,
                    Type::Error => Type::Error,
                    r => Type::optional(r),
                }
            }
            Expr::Index(a, i) | Expr::OptIndex(a, i) => {
                let (ta, ti) = (self.check(a), self.check(i));
                let name = if matches!(n.expr, Expr::Index(..)) { "_[_]" } else { "_[?_]" };
                // Upstream declares no indexing of objects; kapi lets it through as `dyn`
                // rather than refuse on a guess.
                if matches!(ta, Type::Object(_)) {
                    return self.guess();
                }
                self.resolve(n, n.at, name, false, &[ta, ti])
            }
            Expr::Call { target, func, args } => {
                let recv = target.as_deref().map(|t| self.check(t));
                let mut types: Vec<Type> = recv.into_iter().collect();
                types.extend(args.iter().map(|a| self.check(a)));
                // The parser placed the call at its `(`, as cel-go does.
                self.resolve(n, n.at, func, target.is_some(), &types)
            }
            Expr::List(items) => {
                let mut elem: Option<Type> = None;
                for item in items {
                    let t = self.check(item);
                    elem = Some(match elem {
                        None => t,
                        Some(prev) => self.join_or_report(item.at, &prev, &t),
                    });
                }
                Type::list(elem.unwrap_or(Type::Dyn))
            }
            Expr::Map(entries) => {
                let (mut key, mut val): (Option<Type>, Option<Type>) = (None, None);
                for (k, v) in entries {
                    let tk = self.check(k);
                    key = Some(match key {
                        None => tk,
                        Some(prev) => self.join_or_report(k.at, &prev, &tk),
                    });
                    let tv = self.check(v);
                    val = Some(match val {
                        None => tv,
                        Some(prev) => self.join_or_report(v.at, &prev, &tv),
                    });
                }
                Type::map(key.unwrap_or(Type::Dyn), val.unwrap_or(Type::Dyn))
            }
            Expr::Message { name, fields } => {
                for (_, _, v) in fields {
                    self.check(v);
                }
                Type::open_object(name.clone(), Vec::new())
            }
            Expr::Not(a) => {
                let t = self.check(a);
                self.resolve(n, n.at, "!_", false, &[t])
            }
            Expr::Neg(a) => {
                let t = self.check(a);
                self.resolve(n, n.at, "-_", false, &[t])
            }
            Expr::Binary(op, a, b) => {
                let (ta, tb) = (self.check(a), self.check(b));
                let name = op.function();
                self.resolve(n, n.at, name, false, &[ta, tb])
            }
            // cel-go checks each operand of the logical operators against `bool` on its own.
            Expr::And(a, b) | Expr::Or(a, b) => {
                let (ta, tb) = (self.check(a), self.check(b));
                self.expect_bool(a.at, &ta);
                self.expect_bool(b.at, &tb);
                Type::Bool
            }
            Expr::Cond(c, a, b) => {
                let (tc, ta, tb) = (self.check(c), self.check(a), self.check(b));
                // `cond ? 'x' : null` (an audit annotation that is sometimes absent) is let
                // through with the other branch's type: whether cel-go accepts a null beside a
                // non-nullable type here is not pinned, and refusing it wrongly is worse.
                match (&ta, &tb) {
                    (Type::Null, t) | (t, Type::Null) if !t.is_null() => {
                        let t = t.clone();
                        self.resolve(n, n.at, "_?_:_", false, &[tc, t.clone(), t])
                    }
                    _ => self.resolve(n, n.at, "_?_:_", false, &[tc, ta, tb]),
                }
            }
            Expr::Comprehension { kind, range, var, filter, body } => {
                let tr = self.check(range);
                let elem = match (&tr, kind) {
                    (t, Macro::Bind) => t.clone(),
                    (Type::Optional(t), Macro::OptMap | Macro::OptFlatMap) => (**t).clone(),
                    (_, Macro::OptMap | Macro::OptFlatMap) => self.guess(),
                    (Type::List(t), _) => (**t).clone(),
                    (Type::Map(k, _), _) => (**k).clone(),
                    // cel-go ranges over `dyn` but not over `any`, for all its likeness to `dyn`.
                    (t, _) if t.is_dyn() && *t != Type::any() => Type::Dyn,
                    (t, _) => {
                        let msg = format!(
                            "expression of type '{t}' cannot be range of a comprehension (must be list, map, or dynamic)"
                        );
                        self.report(range.at, msg);
                        Type::Error
                    }
                };
                self.scopes.push((var.clone(), elem.clone()));
                let tf = filter.as_deref().map(|f| (f.at, self.check(f)));
                let tb = self.check(body);
                self.scopes.pop();
                if let Some((at, tf)) = tf {
                    self.expect_bool(at, &tf);
                }
                match kind {
                    Macro::Bind => tb,
                    Macro::All | Macro::Exists | Macro::ExistsOne => {
                        self.expect_bool(body.at, &tb);
                        Type::Bool
                    }
                    Macro::Map => Type::list(tb),
                    Macro::Filter => {
                        self.expect_bool(body.at, &tb);
                        Type::list(elem)
                    }
                    Macro::OptMap => Type::optional(tb),
                    Macro::OptFlatMap => match tb {
                        t @ Type::Optional(_) => t,
                        t if t.is_dyn() => Type::optional(Type::Dyn),
                        t => {
                            self.report(body.at, format!("expected type 'optional_type(dyn)' but found '{t}'"));
                            Type::Error
                        }
                    },
                }
            }
        }
    }

    /// cel-go's `joinTypes` with kube-apiserver's homogeneous aggregate literals: elements of
    /// one literal must share a type (`dyn` joins any).
    fn join_or_report(&mut self, at: usize, prev: &Type, cur: &Type) -> Type {
        match join(prev, cur) {
            Some(t) => t,
            None => {
                self.report(at, format!("expected type '{prev}' but found '{cur}'"));
                Type::Error
            }
        }
    }
}

/// Checks the parsed expression `root` of `src` against `env`: its type, or the first error.
pub(crate) fn check(root: &Node, src: &str, env: &Env) -> Result<Checked, super::CompileError> {
    check_with(root, src, env, None).map(|(t, _)| t)
}

/// Checks as [`check`] does and also gives each node's type and each call's overloads.
pub(crate) fn check_facts(root: &Node, src: &str, env: &Env) -> Result<(Checked, Facts), super::CompileError> {
    check_with(root, src, env, Some(Facts::default())).map(|(t, f)| (t, f.unwrap_or_default()))
}

fn check_with(
    root: &Node,
    src: &str,
    env: &Env,
    facts: Option<Facts>,
) -> Result<(Checked, Option<Facts>), super::CompileError> {
    let mut c = Checker { env, src, scopes: Vec::new(), error: None, facts, guessed: false };
    let ty = c.check(root);
    match c.error {
        Some((at, msg)) => Err(super::CompileError::at(c.src, at, msg)),
        None => Ok((Checked { ty, guessed: c.guessed }, c.facts)),
    }
}

#[cfg(test)]
pub(crate) fn table_parses() -> bool {
    OVERLOADS.iter().all(|(_, sigs)| sigs.split(';').all(|s| parse_sig(s).is_some()))
}
