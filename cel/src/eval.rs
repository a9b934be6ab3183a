//! The interpreter: walks the tree with every step charged to a [`Meter`], so an evaluation stops with an error once its cost limit is spent, however big its input.

use std::cmp::Ordering;
use std::sync::Arc;

use super::ast::{BinOp, Expr, Macro, Node};
use super::functions;
use super::value::{MapVal, Val};

/// Why an evaluation did not give a value.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalError {
    /// The cost limit was reached; unlike other errors, `&&`, `||` and macros never absorb it.
    Cost,
    /// Any other runtime error, with cel-go's message (`no such key: x`, `division by zero`).
    Msg(String),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Cost => f.write_str("operation cancelled: actual cost limit exceeded"),
            EvalError::Msg(m) => f.write_str(m),
        }
    }
}

pub(crate) fn no_overload() -> EvalError {
    EvalError::Msg("no such overload".into())
}

fn msg(m: impl Into<String>) -> EvalError {
    EvalError::Msg(m.into())
}

/// The cost spent so far and the limit of one evaluation.
#[derive(Debug)]
pub(crate) struct Meter {
    pub(crate) used: u64,
    pub(crate) limit: u64,
    /// The regular expressions `matches()` compiled in this evaluation, so a pattern used for
    /// every element of a list is compiled once.
    pub(crate) regexes: std::collections::HashMap<String, Result<regex::Regex, String>>,
}

impl Meter {
    pub(crate) fn charge(&mut self, n: u64) -> Result<(), EvalError> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit { Err(EvalError::Cost) } else { Ok(()) }
    }
}

/// The variables in scope: the declared ones, then the macros' (innermost last).
pub(crate) struct Scope<'a> {
    pub(crate) vars: &'a [(&'a str, Val)],
    pub(crate) locals: Vec<(&'a str, Val)>,
}

impl Scope<'_> {
    fn lookup(&self, name: &str) -> Option<&Val> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .or_else(|| self.vars.iter().find(|(n, _)| *n == name))
            .map(|(_, v)| v)
    }
}

type R = Result<Val, EvalError>;

pub(crate) fn eval<'a>(n: &'a Node, s: &mut Scope<'a>, m: &mut Meter) -> R {
    m.charge(1)?;
    let v = eval_node(n, s, m)?;
    // An error value fails whatever reads it, as cel-go's error values do.
    match v {
        Val::Err(e) => Err(msg(e.to_string())),
        v => Ok(v),
    }
}

fn eval_node<'a>(n: &'a Node, s: &mut Scope<'a>, m: &mut Meter) -> R {
    match &n.expr {
        Expr::Lit(v) => Ok(v.clone()),
        Expr::Ident(name) => s.lookup(name).cloned().ok_or_else(|| msg(format!("no such attribute(s): {name}"))),
        Expr::Select { operand, field, test } => {
            let v = eval(operand, s, m)?;
            match v {
                // Selecting from an optional keeps it optional (`a.?b.c`).
                Val::Optional(None) if !*test => Ok(v),
                Val::Optional(Some(inner)) if !*test => Ok(opt_select(&inner, field)?),
                Val::Map(mv) => match (mv.get_str(field), *test) {
                    (found, true) => Ok(Val::Bool(found.is_some())),
                    (Some(found), false) => Ok(found.clone()),
                    (None, false) => Err(msg(format!("no such key: {field}"))),
                },
                Val::Authz(a) if !*test => super::authz::select(&a, field),
                _ => Err(no_overload()),
            }
        }
        Expr::OptSelect { operand, field } => match eval(operand, s, m)? {
            Val::Optional(None) => Ok(Val::Optional(None)),
            Val::Optional(Some(inner)) => opt_select(&inner, field),
            v => opt_select(&v, field),
        },
        Expr::OptIndex(a, i) => {
            let (a, i) = (eval(a, s, m)?, eval(i, s, m)?);
            match a {
                Val::Optional(None) => Ok(Val::Optional(None)),
                Val::Optional(Some(inner)) => opt_index(&inner, &i),
                v => opt_index(&v, &i),
            }
        }
        Expr::Call { target, func, args } => {
            let target = match target {
                Some(t) => Some(eval(t, s, m)?),
                None => None,
            };
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(eval(a, s, m)?);
            }
            functions::call(func, target, vals, m)
        }
        Expr::List(items) => {
            m.charge(items.len() as u64)?;
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                out.push(eval(i, s, m)?);
            }
            Ok(Val::List(out.into()))
        }
        Expr::Map(entries) => {
            m.charge(entries.len() as u64)?;
            let mut out = Vec::with_capacity(entries.len());
            for (k, v) in entries {
                out.push((eval(k, s, m)?, eval(v, s, m)?));
            }
            MapVal::new(out).map(|mv| Val::Map(Arc::new(mv))).map_err(EvalError::Msg)
        }
        Expr::Message { name, fields } => {
            m.charge(fields.len() as u64)?;
            let mut out = Vec::with_capacity(fields.len());
            for (field, optional, v) in fields {
                let v = match (eval(v, s, m)?, optional) {
                    (Val::Optional(None), true) => continue,
                    (Val::Optional(Some(inner)), true) => (*inner).clone(),
                    (_, true) => return Err(no_overload()),
                    (v, false) => v,
                };
                if name == "JSONPatch" && field != "value" && !matches!(v, Val::Str(_)) {
                    // Upstream names the Go type of the value.
                    let go = match &v {
                        Val::Int(_) => "int64",
                        Val::Uint(_) => "uint64",
                        Val::Double(_) => "float64",
                        Val::Bool(_) => "bool",
                        Val::Null => "structpb.NullValue",
                        other => other.type_name(),
                    };
                    return Err(msg(format!("unexpected type {go} for JSONPatchType '{field}' field")));
                }
                out.push((field.clone(), v));
            }
            MapVal::message(name, out).map(|mv| Val::Map(Arc::new(mv))).map_err(EvalError::Msg)
        }
        Expr::Index(a, i) => {
            let (a, i) = (eval(a, s, m)?, eval(i, s, m)?);
            match a {
                Val::Optional(None) => Ok(a),
                Val::Optional(Some(inner)) => opt_index(&inner, &i),
                a => index(&a, &i),
            }
        }
        Expr::Not(a) => match eval(a, s, m)? {
            Val::Bool(b) => Ok(Val::Bool(!b)),
            _ => Err(no_overload()),
        },
        Expr::Neg(a) => match eval(a, s, m)? {
            Val::Int(x) => x.checked_neg().map(Val::Int).ok_or_else(|| msg("integer overflow")),
            Val::Double(x) => Ok(Val::Double(-x)),
            Val::Duration(d) => d.checked_neg().map(Val::Duration).ok_or_else(|| msg("integer overflow")),
            _ => Err(no_overload()),
        },
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, s, m)?, eval(b, s, m)?);
            binary(*op, &a, &b, m)
        }
        Expr::And(a, b) => logic(false, eval(a, s, m), || eval(b, s, m)),
        Expr::Or(a, b) => logic(true, eval(a, s, m), || eval(b, s, m)),
        Expr::Cond(c, yes, no) => match eval(c, s, m)? {
            Val::Bool(true) => eval(yes, s, m),
            Val::Bool(false) => eval(no, s, m),
            _ => Err(no_overload()),
        },
        Expr::Comprehension { kind, range, var, filter, body } => {
            let range = eval(range, s, m)?;
            comprehension(*kind, &range, var, filter.as_deref(), body, s, m)
        }
    }
}

/// `&&` (`or` false) and `||` (`or` true) with CEL's commutative semantics: the deciding value
/// (`false` for `&&`, `true` for `||`) on either side wins over an error on the other; otherwise
/// the first error is the result. A spent budget is never absorbed.
fn logic(or: bool, a: R, b: impl FnOnce() -> R) -> R {
    let decided = |r: &R| matches!(r, Ok(Val::Bool(x)) if *x == or);
    if decided(&a) {
        return a;
    }
    if a == Err(EvalError::Cost) {
        return a;
    }
    let b = b();
    if decided(&b) || b == Err(EvalError::Cost) {
        return b;
    }
    match (a, b) {
        (Ok(Val::Bool(_)), Ok(Val::Bool(y))) => Ok(Val::Bool(y)),
        (Err(e), _) | (_, Err(e)) => Err(e),
        _ => Err(no_overload()),
    }
}

impl PartialEq for Val {
    /// [`Val::equals`] without the cost accounting, so that results can be compared with `==`
    /// (the interpreter's `&&` and `||`, and tests); expressions are charged through `equals`.
    fn eq(&self, other: &Val) -> bool {
        self.equals(other, &mut 0)
    }
}

/// `v.?field`: the field's value as an optional.
fn opt_select(v: &Val, field: &str) -> R {
    match v {
        Val::Map(mv) => Ok(Val::Optional(mv.get_str(field).map(|x| Arc::new(x.clone())))),
        _ => Err(no_overload()),
    }
}

/// `v[?i]`: the element or entry as an optional.
fn opt_index(v: &Val, i: &Val) -> R {
    match (v, index(v, i)) {
        (_, Ok(found)) => Ok(Val::Optional(Some(Arc::new(found)))),
        (Val::List(_) | Val::Keyed { .. } | Val::Map(_), Err(EvalError::Msg(e)))
            if e.starts_with("index out of bounds") || e.starts_with("no such key") =>
        {
            Ok(Val::Optional(None))
        }
        (_, Err(e)) => Err(e),
    }
}

fn index(a: &Val, i: &Val) -> R {
    match a {
        Val::List(l) | Val::Keyed { items: l, .. } => {
            let idx = match i {
                Val::Int(n) => *n,
                Val::Uint(n) => i64::try_from(*n).unwrap_or(i64::MAX),
                Val::Double(x) if x.fract() == 0.0 => *x as i64,
                _ => return Err(no_overload()),
            };
            usize::try_from(idx)
                .ok()
                .and_then(|k| l.get(k))
                .cloned()
                .ok_or_else(|| msg(format!("index out of bounds: {}", i.display())))
        }
        Val::Map(mv) => mv.get(i).cloned().ok_or_else(|| msg(format!("no such key: {}", i.display()))),
        _ => Err(no_overload()),
    }
}

fn binary(op: BinOp, a: &Val, b: &Val, m: &mut Meter) -> R {
    let cmp = |want: fn(Ordering) -> bool| match a.compare(b) {
        Some(o) => Ok(Val::Bool(want(o))),
        // NaN compares false with everything; other pairs have no overload.
        None if matches!((a, b), (Val::Double(x), _) | (_, Val::Double(x)) if x.is_nan()) => Ok(Val::Bool(false)),
        None => Err(no_overload()),
    };
    match op {
        BinOp::Eq | BinOp::Ne => {
            let mut steps = 0;
            let eq = a.equals(b, &mut steps);
            m.charge(steps)?;
            Ok(Val::Bool(eq == (op == BinOp::Eq)))
        }
        BinOp::Lt => cmp(|o| o == Ordering::Less),
        BinOp::Le => cmp(|o| o != Ordering::Greater),
        BinOp::Gt => cmp(|o| o == Ordering::Greater),
        BinOp::Ge => cmp(|o| o != Ordering::Less),
        BinOp::In => match b {
            Val::List(l) | Val::Keyed { items: l, .. } => {
                let mut steps = 0;
                let found = l.iter().any(|x| x.equals(a, &mut steps));
                m.charge(steps)?;
                Ok(Val::Bool(found))
            }
            Val::Map(mv) => Ok(Val::Bool(mv.get(a).is_some())),
            _ => Err(no_overload()),
        },
        _ => arith(op, a, b, m),
    }
}

pub(crate) fn arith(op: BinOp, a: &Val, b: &Val, m: &mut Meter) -> R {
    let int_overflow = || msg("integer overflow");
    let uint_overflow = || msg("unsigned integer overflow");
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => {
            let (x, y) = (*x, *y);
            match op {
                BinOp::Add => x.checked_add(y).ok_or_else(int_overflow),
                BinOp::Sub => x.checked_sub(y).ok_or_else(int_overflow),
                BinOp::Mul => x.checked_mul(y).ok_or_else(int_overflow),
                BinOp::Div if y == 0 => Err(msg("division by zero")),
                BinOp::Div => x.checked_div(y).ok_or_else(int_overflow),
                BinOp::Rem if y == 0 => Err(msg("modulus by zero")),
                BinOp::Rem => x.checked_rem(y).ok_or_else(int_overflow),
                _ => Err(no_overload()),
            }
            .map(Val::Int)
        }
        (Val::Uint(x), Val::Uint(y)) => {
            let (x, y) = (*x, *y);
            match op {
                BinOp::Add => x.checked_add(y).ok_or_else(uint_overflow),
                BinOp::Sub => x.checked_sub(y).ok_or_else(uint_overflow),
                BinOp::Mul => x.checked_mul(y).ok_or_else(uint_overflow),
                BinOp::Div if y == 0 => Err(msg("division by zero")),
                BinOp::Div => Ok(x / y),
                BinOp::Rem if y == 0 => Err(msg("modulus by zero")),
                BinOp::Rem => Ok(x % y),
                _ => Err(no_overload()),
            }
            .map(Val::Uint)
        }
        (Val::Double(x), Val::Double(y)) => match op {
            BinOp::Add => Ok(Val::Double(x + y)),
            BinOp::Sub => Ok(Val::Double(x - y)),
            BinOp::Mul => Ok(Val::Double(x * y)),
            BinOp::Div => Ok(Val::Double(x / y)),
            _ => Err(no_overload()),
        },
        (Val::Timestamp(t), Val::Duration(d)) | (Val::Duration(d), Val::Timestamp(t))
            if op == BinOp::Add || (op == BinOp::Sub && matches!(a, Val::Timestamp(_))) =>
        {
            let d = if op == BinOp::Sub { d.checked_neg().ok_or_else(|| msg("timestamp out of range"))? } else { *d };
            t.add(d).map(Val::Timestamp).ok_or_else(|| msg("timestamp out of range"))
        }
        (Val::Timestamp(x), Val::Timestamp(y)) if op == BinOp::Sub => {
            x.since(y).map(Val::Duration).ok_or_else(|| msg("integer overflow"))
        }
        (Val::Duration(x), Val::Duration(y)) => match op {
            BinOp::Add => x.checked_add(*y).map(Val::Duration).ok_or_else(int_overflow),
            BinOp::Sub => x.checked_sub(*y).map(Val::Duration).ok_or_else(int_overflow),
            _ => Err(no_overload()),
        },
        (Val::Str(x), Val::Str(y)) if op == BinOp::Add => {
            m.charge(1 + ((x.len() + y.len()) / 10) as u64)?;
            Ok(Val::string(format!("{x}{y}")))
        }
        (Val::Bytes(x), Val::Bytes(y)) if op == BinOp::Add => {
            m.charge(1 + ((x.len() + y.len()) / 10) as u64)?;
            Ok(Val::Bytes(x.iter().chain(y.iter()).copied().collect()))
        }
        (Val::List(x) | Val::Keyed { items: x, .. }, Val::List(y) | Val::Keyed { items: y, .. })
            if op == BinOp::Add =>
        {
            m.charge(1 + (x.len() + y.len()) as u64)?;
            Ok(Val::List(x.iter().chain(y.iter()).cloned().collect()))
        }
        _ => Err(no_overload()),
    }
}

/// A macro over `range`: a list's elements or a map's keys.
fn comprehension<'a>(
    kind: Macro,
    range: &Val,
    var: &'a str,
    filter: Option<&'a Node>,
    body: &'a Node,
    s: &mut Scope<'a>,
    m: &mut Meter,
) -> R {
    if kind == Macro::Bind {
        s.locals.push((var, range.clone()));
        let r = eval(body, s, m);
        s.locals.pop();
        return r;
    }
    if matches!(kind, Macro::OptMap | Macro::OptFlatMap) {
        let Val::Optional(inner) = range else { return Err(no_overload()) };
        let Some(inner) = inner else { return Ok(Val::Optional(None)) };
        s.locals.push((var, (**inner).clone()));
        let r = eval(body, s, m);
        s.locals.pop();
        return match (kind, r?) {
            (Macro::OptMap, v) => Ok(Val::Optional(Some(Arc::new(v)))),
            (_, v @ Val::Optional(_)) => Ok(v),
            _ => Err(no_overload()),
        };
    }
    // Charged before the elements are copied out.
    let items: Vec<Val> = match range {
        Val::List(l) | Val::Keyed { items: l, .. } => {
            m.charge(l.len() as u64)?;
            l.to_vec()
        }
        Val::Map(mv) => {
            m.charge(mv.len() as u64)?;
            mv.entries.iter().map(|(k, _)| k.clone()).collect()
        }
        _ => return Err(no_overload()),
    };
    // `all` and `exists` keep going past an error, which a later deciding element overrides.
    let mut pending: Option<EvalError> = None;
    let mut count = 0usize;
    let mut out: Vec<Val> = Vec::new();
    for item in items {
        m.charge(1)?;
        s.locals.push((var, item.clone()));
        let r = (|| {
            if let Some(f) = filter {
                match eval(f, s, m)? {
                    Val::Bool(true) => {}
                    Val::Bool(false) => return Ok(None),
                    _ => return Err(no_overload()),
                }
            }
            eval(body, s, m).map(Some)
        })();
        s.locals.pop();
        match (kind, r) {
            (_, Err(EvalError::Cost)) => return Err(EvalError::Cost),
            (Macro::All, Ok(Some(Val::Bool(false)))) => return Ok(Val::Bool(false)),
            (Macro::Exists, Ok(Some(Val::Bool(true)))) => return Ok(Val::Bool(true)),
            (Macro::All | Macro::Exists, Ok(Some(Val::Bool(_)))) => {}
            (Macro::All | Macro::Exists, Ok(_)) => {
                pending.get_or_insert_with(no_overload);
            }
            (Macro::All | Macro::Exists, Err(e)) => {
                pending.get_or_insert(e);
            }
            (Macro::ExistsOne, Ok(Some(Val::Bool(b)))) => count += usize::from(b),
            (Macro::Filter, Ok(Some(Val::Bool(true)))) => out.push(item),
            (Macro::Filter, Ok(Some(Val::Bool(false)))) => {}
            (Macro::Map, Ok(Some(v))) => out.push(v),
            (Macro::Map, Ok(None)) => {}
            (_, Err(e)) => return Err(e),
            (_, Ok(_)) => return Err(no_overload()),
        }
    }
    match kind {
        Macro::All | Macro::Exists => match pending {
            Some(e) => Err(e),
            None => Ok(Val::Bool(kind == Macro::All)),
        },
        Macro::ExistsOne => Ok(Val::Bool(count == 1)),
        Macro::Map | Macro::Filter => Ok(Val::List(out.into())),
        Macro::OptMap | Macro::OptFlatMap | Macro::Bind => Err(no_overload()),
    }
}
