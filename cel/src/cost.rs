//! The static cost estimate of a checked expression as cel-go's `checker/cost.go` computes it, with Kubernetes' estimates of its library functions and its schema-based sizes: the range `[min, max]` of what one evaluation can cost, in the units of the runtime cost meter.

use super::ast::{Expr, Macro, Node};
use super::check::{Facts, Sig, Type, node_key};
use super::value::Val;

/// A range of costs (cel-go's `CostEstimate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostEstimate {
    /// The least an evaluation costs.
    pub min: u64,
    /// The most an evaluation can cost.
    pub max: u64,
}

/// The size bounds of a declared value as upstream's schema declarations carry them
/// (`DeclType.MaxElements`): the most characters of a string, bytes of a byte string, elements
/// of a list or entries of a map (`0` where the schema gives none, as upstream's objects and
/// scalars have), and the same for its fields, elements and keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bounds {
    /// The most elements (characters, bytes, items, entries).
    pub max_elements: u64,
    /// An object's fields, by the name a rule selects them with.
    pub fields: Vec<(String, Bounds)>,
    /// A list's items or a map's values.
    pub elem: Option<Box<Bounds>>,
    /// A map's keys.
    pub key: Option<Box<Bounds>>,
    /// Whether a field name the bounds do not declare selects one of the map's values (`elem`),
    /// as upstream's device selector estimator lets `attrs.name` reach a DRA attribute.
    pub undeclared_fields_are_values: bool,
}

impl Bounds {
    /// A leaf (a string, a scalar, an object without declared fields) with `max` elements.
    pub fn leaf(max: u64) -> Bounds {
        Bounds { max_elements: max, ..Bounds::default() }
    }
}

/// cel-go's `SizeEstimate`: the range of `size()` of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Size {
    min: u64,
    max: u64,
}

const UNKNOWN: Size = Size { min: 0, max: u64::MAX };
/// cel-go's `common.StringTraversalCostFactor`.
const STRING_TRAVERSAL: f64 = 0.1;
/// cel-go's `common.RegexStringLengthCostFactor`.
const REGEX_LENGTH: f64 = 0.25;
const LIST_CREATE: u64 = 10;
const MAP_CREATE: u64 = 30;
const STRUCT_CREATE: u64 = 40;
/// Kubernetes turns `has()` off as a cost (`PresenceTestHasCost(false)`), keeping the
/// estimates it accepted before cel-go charged for it.
const PRESENCE_TEST: u64 = 0;

fn fixed(c: u64) -> CostEstimate {
    CostEstimate { min: c, max: c }
}

/// cel-go's `multiplyByCostFactor`: the product rounded up, saturating.
fn factor(x: u64, f: f64) -> u64 {
    let xf = x as f64;
    if xf > 0.0 && f > 0.0 && xf > u64::MAX as f64 / f {
        return u64::MAX;
    }
    let c = (xf * f).ceil();
    // 2^64: the first value a u64 cannot hold.
    if c >= 18_446_744_073_709_551_616.0 { u64::MAX } else { c as u64 }
}

impl CostEstimate {
    fn add(self, o: CostEstimate) -> CostEstimate {
        CostEstimate { min: self.min.saturating_add(o.min), max: self.max.saturating_add(o.max) }
    }

    fn mul(self, o: CostEstimate) -> CostEstimate {
        CostEstimate { min: self.min.saturating_mul(o.min), max: self.max.saturating_mul(o.max) }
    }

    fn union(self, o: CostEstimate) -> CostEstimate {
        CostEstimate { min: self.min.min(o.min), max: self.max.max(o.max) }
    }
}

impl Size {
    fn fixed(n: u64) -> Size {
        Size { min: n, max: n }
    }

    fn add(self, o: Size) -> Size {
        Size { min: self.min.saturating_add(o.min), max: self.max.saturating_add(o.max) }
    }

    fn mul(self, o: Size) -> Size {
        Size { min: self.min.saturating_mul(o.min), max: self.max.saturating_mul(o.max) }
    }

    fn union(self, o: Size) -> Size {
        Size { min: self.min.min(o.min), max: self.max.max(o.max) }
    }

    fn cost(self, f: f64) -> CostEstimate {
        CostEstimate { min: factor(self.min, f), max: factor(self.max, f) }
    }

    fn times(self, c: CostEstimate) -> CostEstimate {
        CostEstimate { min: self.min.saturating_mul(c.min), max: self.max.saturating_mul(c.max) }
    }
}

/// The sizes of a literal list's or map's keys (indices) and values, as cel-go tracks them.
#[derive(Debug, Clone, Copy)]
struct Entry {
    list: bool,
    key: Size,
    val: Size,
}

fn union_entry(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
    let (a, b) = (a?, b?);
    Some(Entry { list: a.list, key: a.key.union(b.key), val: a.val.union(b.val) })
}

/// What the walk knows of a node once costed: its cost, its field path from a variable (empty
/// where it has none), its size (cel-go's `computeSize`) and its entries' sizes.
#[derive(Debug, Clone)]
struct Info {
    cost: CostEstimate,
    path: Vec<String>,
    size: Option<Size>,
    entry: Option<Entry>,
}

impl Info {
    fn size_or_unknown(&self) -> Size {
        self.size.unwrap_or(UNKNOWN)
    }
}

/// A comprehension's variable in scope.
struct Local {
    name: String,
    path: Vec<String>,
    size: Option<Size>,
}

/// The overloads whose cost cel-go's estimator computes from sizes (its overload ids); every
/// other one costs 1 plus its arguments, unless Kubernetes' estimator prices it by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ov {
    AddString,
    AddList,
    Compare,
    InList,
    MatchesString,
    ContainsString,
    StartsEnds,
    StringToBytes,
    BytesToString,
    FormatString,
    QuoteString,
    IndexList,
    IndexMap,
    /// `containsIP`/`containsCIDR` of a string.
    ContainsOfString,
    Other,
}

fn classify(func: &str, sig: &Sig) -> Ov {
    let arg = |i: usize| sig.args.get(i);
    match func {
        "_+_" => match arg(0) {
            Some(Type::String | Type::Bytes) => Ov::AddString,
            Some(Type::List(_)) => Ov::AddList,
            _ => Ov::Other,
        },
        "_==_" | "_!=_" => Ov::Compare,
        "_<_" | "_<=_" | "_>_" | "_>=_" => match (arg(0), arg(1)) {
            (Some(Type::String), Some(Type::String)) | (Some(Type::Bytes), Some(Type::Bytes)) => Ov::Compare,
            _ => Ov::Other,
        },
        "@in" if matches!(arg(1), Some(Type::List(_))) => Ov::InList,
        "matches" if sig.method => Ov::MatchesString,
        "contains" if sig.method => Ov::ContainsString,
        "startsWith" | "endsWith" if sig.method => Ov::StartsEnds,
        "bytes" if matches!(arg(0), Some(Type::String)) => Ov::StringToBytes,
        "string" if matches!(arg(0), Some(Type::Bytes)) => Ov::BytesToString,
        "format" if sig.method => Ov::FormatString,
        "strings.quote" => Ov::QuoteString,
        "_[_]" => match arg(0) {
            Some(Type::List(_)) => Ov::IndexList,
            Some(Type::Map(..)) => Ov::IndexMap,
            _ => Ov::Other,
        },
        "containsIP" | "containsCIDR" if matches!(arg(1), Some(Type::String)) => Ov::ContainsOfString,
        _ => Ov::Other,
    }
}

/// An argument (or receiver) of a call, as the estimators see it.
struct Arg<'n> {
    info: Info,
    ty: Type,
    node: &'n Node,
}

struct Coster<'a> {
    facts: &'a Facts,
    bounds: Option<&'a Bounds>,
    locals: Vec<Local>,
}

/// The cost estimate of `root`, checked into `facts`, with the sizes `bounds` declares.
pub(crate) fn estimate(root: &Node, facts: &Facts, bounds: Option<&Bounds>) -> CostEstimate {
    let mut c = Coster { facts, bounds, locals: Vec::new() };
    c.walk(root).cost
}

/// The size of a literal, a list or a map literal (cel-go's `computeExprSize`).
fn expr_size(n: &Node) -> Option<Size> {
    let len = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    Some(Size::fixed(match &n.expr {
        Expr::Lit(v) => match v {
            Val::Str(s) => len(s.chars().count()),
            Val::Bytes(b) => len(b.len()),
            Val::Bool(_) | Val::Double(_) | Val::Int(_) | Val::Uint(_) | Val::Null => 1,
            _ => return None,
        },
        Expr::List(items) => len(items.len()),
        Expr::Map(entries) => len(entries.len()),
        _ => return None,
    }))
}

/// The size of a value of fixed size (cel-go's `computeTypeSize`).
fn type_size(t: &Type) -> Option<Size> {
    match t {
        Type::Bool | Type::Double | Type::Duration | Type::Int | Type::Timestamp | Type::Uint => Some(Size::fixed(1)),
        Type::Optional(t) => type_size(t),
        _ => None,
    }
}

fn with(path: &[String], seg: &str) -> Vec<String> {
    let mut p = path.to_vec();
    p.push(seg.to_owned());
    p
}

impl Coster<'_> {
    fn ty(&self, n: &Node) -> Type {
        self.facts.types.get(&node_key(n)).cloned().unwrap_or(Type::Dyn)
    }

    /// Upstream's schema size estimator: the path's first element is the variable, the rest
    /// walks the declared bounds.
    fn estimate_size(&self, path: &[String]) -> Option<Size> {
        let (_, rest) = path.split_first()?;
        let mut cur = self.bounds?;
        for seg in rest {
            cur = match seg.as_str() {
                "@items" | "@values" => cur.elem.as_deref()?,
                "@keys" => cur.key.as_deref()?,
                f => match cur.fields.iter().find(|(n, _)| n == f) {
                    Some((_, b)) => b,
                    None if cur.undeclared_fields_are_values => cur.elem.as_deref()?,
                    None => return None,
                },
            };
        }
        Some(Size { min: 0, max: cur.max_elements })
    }

    /// cel-go's `computeSize`: a size computed while costing, a literal's, the schema's, a
    /// fixed-size type's, or a comprehension variable's.
    fn size(&self, n: &Node, computed: Option<Size>, path: &[String], local: Option<Size>) -> Option<Size> {
        computed
            .or_else(|| expr_size(n))
            .or_else(|| self.estimate_size(path))
            .or_else(|| type_size(&self.ty(n)))
            .or(local)
    }

    fn leaf(&self, n: &Node, cost: CostEstimate) -> Info {
        let size = self.size(n, None, &[], None);
        Info { cost, path: Vec::new(), size, entry: None }
    }

    fn walk(&mut self, n: &Node) -> Info {
        match &n.expr {
            // A type name (`int`) is an identifier to cel-go: it costs as one, and has the
            // path of a variable.
            Expr::Lit(Val::Type(name)) => {
                let path = vec![name.to_string()];
                let size = self.size(n, None, &path, None);
                Info { cost: fixed(1), path, size, entry: None }
            }
            Expr::Lit(_) => self.leaf(n, fixed(0)),
            Expr::Ident(name) => {
                let local = self.locals.iter().rev().find(|l| &l.name == name);
                let path = local.map_or_else(|| vec![name.clone()], |l| l.path.clone());
                let local_size = local.and_then(|l| l.size);
                let size = self.size(n, None, &path, local_size);
                Info { cost: fixed(1), path, size, entry: None }
            }
            Expr::Select { operand, field, test } => {
                let op = self.walk(operand);
                if *test {
                    return self.leaf(n, op.cost.add(fixed(PRESENCE_TEST)));
                }
                let select = match self.ty(operand) {
                    Type::Map(..) | Type::Object(_) => 1,
                    _ => 0,
                };
                let path = with(&op.path, field);
                let size = self.size(n, None, &path, None);
                Info { cost: op.cost.add(fixed(select)), path, size, entry: None }
            }
            // `_?._` and `_[?_]` are plain calls to cel-go's estimator.
            Expr::OptSelect { operand, .. } => {
                let op = self.walk(operand);
                self.leaf(n, op.cost.add(fixed(1)))
            }
            Expr::OptIndex(a, b) => self.call(n, "_[?_]", None, &[a, b]),
            Expr::Index(a, b) => self.call(n, "_[_]", None, &[a, b]),
            Expr::Call { target: None, func, args } if func == "dyn" && args.len() == 1 => {
                // `dyn()` only turns type checking off: the argument's cost plus one, and its sizes.
                let a = self.walk(&args[0]);
                Info { cost: a.cost.add(fixed(1)), path: Vec::new(), size: a.size, entry: a.entry }
            }
            Expr::Call { target, func, args } => {
                let args: Vec<&Node> = args.iter().collect();
                self.call(n, func, target.as_deref(), &args)
            }
            Expr::List(items) => {
                let mut cost = fixed(LIST_CREATE);
                let mut val = if items.is_empty() { Size::fixed(0) } else { Size { min: u64::MAX, max: 0 } };
                for item in items {
                    let i = self.walk(item);
                    cost = cost.add(i.cost);
                    val = val.union(i.size_or_unknown());
                }
                let mut info = self.leaf(n, cost);
                info.entry = Some(Entry { list: true, key: Size::fixed(1), val });
                info
            }
            Expr::Map(entries) => {
                let mut cost = fixed(MAP_CREATE);
                let empty = if entries.is_empty() { Size::fixed(0) } else { Size { min: u64::MAX, max: 0 } };
                let (mut key, mut val) = (empty, empty);
                for (k, v) in entries {
                    let (ki, vi) = (self.walk(k), self.walk(v));
                    cost = cost.add(ki.cost).add(vi.cost);
                    key = key.union(ki.size_or_unknown());
                    val = val.union(vi.size_or_unknown());
                }
                let mut info = self.leaf(n, cost);
                info.entry = Some(Entry { list: false, key, val });
                info
            }
            Expr::Message { fields, .. } => {
                let mut cost = fixed(STRUCT_CREATE);
                for (_, _, v) in fields {
                    cost = cost.add(self.walk(v).cost);
                }
                self.leaf(n, cost)
            }
            Expr::Not(a) => self.call(n, "!_", None, &[a]),
            Expr::Neg(a) => self.call(n, "-_", None, &[a]),
            Expr::Binary(op, a, b) => {
                let name = op.function();
                self.call(n, name, None, &[a, b])
            }
            // The right operand may not run: the least is the left's.
            Expr::And(a, b) | Expr::Or(a, b) => {
                let (l, r) = (self.walk(a), self.walk(b));
                self.leaf(n, CostEstimate { min: l.cost.min, max: l.cost.max.saturating_add(r.cost.max) })
            }
            Expr::Cond(c, a, b) => {
                let (ci, ai, bi) = (self.walk(c), self.walk(a), self.walk(b));
                let size = ai.size_or_unknown().union(bi.size_or_unknown());
                let cost = ci.cost.add(ai.cost.union(bi.cost));
                Info { cost, path: Vec::new(), size: Some(size), entry: union_entry(ai.entry, bi.entry) }
            }
            Expr::Comprehension { kind: kind @ (Macro::OptMap | Macro::OptFlatMap), range, var, body, .. } => {
                // cel-go's `optMap`/`optFlatMap`: `opt.hasValue() ? optional.of(cel.bind(var,
                // opt.value(), body)) : optional.none()` (no `optional.of` for `optFlatMap`),
                // the target costed in both `hasValue()` and `value()`, and the bind with the
                // cost of its empty iteration range.
                let t = self.walk(range);
                let has_value = t.cost.add(fixed(1));
                let elem = match self.ty(range) {
                    Type::Optional(e) => *e,
                    _ => Type::Dyn,
                };
                self.locals.push(Local { name: var.clone(), path: Vec::new(), size: type_size(&elem) });
                let b = self.walk(body);
                self.locals.pop();
                let bind = fixed(LIST_CREATE).add(has_value).add(b.cost);
                let some = if *kind == Macro::OptMap { bind.add(fixed(1)) } else { bind };
                self.leaf(n, has_value.add(some.union(fixed(1))))
            }
            Expr::Comprehension { kind: Macro::Bind, range, var, body, .. } => {
                // cel-go's `cel.bind(var, init, body)`: a comprehension over an empty list whose
                // accumulator is `init` and whose result is `body`, so the empty list, `init`
                // and `body` once; `var` has `init`'s size.
                let init = self.walk(range);
                self.locals.push(Local { name: var.clone(), path: init.path.clone(), size: init.size });
                let b = self.walk(body);
                self.locals.pop();
                Info { cost: fixed(LIST_CREATE).add(init.cost).add(b.cost), ..b }
            }
            Expr::Comprehension { kind, range, var, filter, body } => {
                self.comprehension(*kind, range, var, filter.as_deref(), body)
            }
        }
    }

    /// A macro, costed as cel-go costs the comprehension it expands to: the range, the
    /// accumulator's initial value and the result once, the loop condition and step once per
    /// element of the range.
    fn comprehension(&mut self, kind: Macro, range: &Node, var: &str, filter: Option<&Node>, body: &Node) -> Info {
        let r = self.walk(range);
        let count = r.size_or_unknown();
        let list = r.entry.map_or_else(|| matches!(self.ty(range), Type::List(_)), |e| e.list);
        let (seg, size) = if list { ("@items", r.entry.map(|e| e.val)) } else { ("@keys", r.entry.map(|e| e.key)) };
        self.locals.push(Local { name: var.to_owned(), path: with(&r.path, seg), size });
        let f = filter.map(|f| self.walk(f));
        let b = self.walk(body);
        // The filtered element `[x]` of `filter`: its size as its identifier's, for the
        // result's elements.
        let elem_size = self.locals.last().and_then(|l| {
            let elem = match self.ty(range) {
                Type::List(e) => *e,
                Type::Map(k, _) => *k,
                _ => Type::Dyn,
            };
            self.estimate_size(&l.path).or_else(|| type_size(&elem)).or(l.size)
        });
        self.locals.pop();
        // The loop condition, the step, the accumulator's initial value and the result, as
        // cel-go's macros build them (`__result__` costs 1 where read).
        let (init, result, per_element) = match kind {
            // `@not_strictly_false(r)`, then `r && body` (which may stop at `r`).
            Macro::All => (0, 1, CostEstimate { min: 2 + 1, max: (2u64 + 1).saturating_add(b.cost.max) }),
            // `@not_strictly_false(!r)`, then `r || body`.
            Macro::Exists => (0, 1, CostEstimate { min: 3 + 1, max: (3u64 + 1).saturating_add(b.cost.max) }),
            // `body ? r + 1 : r`, and the result `r == 1`.
            Macro::ExistsOne => (0, 2, b.cost.add(CostEstimate { min: 1, max: 2 })),
            // `r + [body]`, or `filter ? r + [body] : r`.
            Macro::Map => {
                let add = fixed(12).add(b.cost);
                let step = match &f {
                    Some(f) => f.cost.add(add.union(fixed(1))),
                    None => add,
                };
                (LIST_CREATE, 1, step)
            }
            // `body ? r + [x] : r`.
            Macro::Filter => (LIST_CREATE, 1, b.cost.add(CostEstimate { min: 1, max: 13 })),
            // Costed in `walk` (they do not loop over their range).
            Macro::OptMap | Macro::OptFlatMap | Macro::Bind => (0, 0, fixed(0)),
        };
        let cost = r.cost.add(fixed(init)).add(fixed(result)).add(count.times(per_element));
        match kind {
            Macro::Map | Macro::Filter => {
                let val_max = match kind {
                    Macro::Map => b.size_or_unknown().max,
                    _ => elem_size.unwrap_or(UNKNOWN).max,
                };
                let entry = Entry { list: true, key: Size::fixed(1), val: Size { min: 0, max: val_max } };
                Info { cost, path: Vec::new(), size: Some(count), entry: Some(entry) }
            }
            _ => Info { cost, path: Vec::new(), size: Some(Size::fixed(1)), entry: None },
        }
    }

    /// A call: its receiver and arguments, and the union of the estimates of each overload the
    /// checker matched.
    fn call(&mut self, n: &Node, func: &str, target: Option<&Node>, args: &[&Node]) -> Info {
        let args: Vec<Arg<'_>> = args.iter().map(|a| Arg { info: self.walk(a), ty: self.ty(a), node: a }).collect();
        let target = target.map(|t| Arg { info: self.walk(t), ty: self.ty(t), node: t });
        let mut sum = target.as_ref().map_or(fixed(0), |t| t.info.cost);
        let sigs = self.facts.overloads.get(&node_key(n));
        let ovs: Vec<Ov> = match sigs {
            Some(sigs) if !sigs.is_empty() => sigs.iter().map(|s| classify(func, s)).collect(),
            _ => vec![Ov::Other],
        };
        let mut fn_cost = CostEstimate { min: u64::MAX, max: 0 };
        let mut result: Option<Size> = None;
        let mut path = Vec::new();
        let mut entry = None;
        for ov in ovs {
            let (c, size, e) = self.function_cost(func, ov, target.as_ref(), &args);
            fn_cost = fn_cost.union(c);
            if let Some(s) = size {
                result = Some(result.map_or(s, |r| r.union(s)));
            }
            if e.is_some() {
                entry = e;
            }
            if let (Ov::IndexList | Ov::IndexMap, Some(a)) = (ov, args.first()) {
                result = a.info.entry.map(|e| e.val);
                path = with(&a.info.path, if ov == Ov::IndexList { "@items" } else { "@values" });
            }
            if result.is_none() {
                result = self.size(n, None, &path, None);
            }
        }
        sum = sum.add(fn_cost);
        Info { cost: sum, path, size: result, entry }
    }

    /// One overload's cost (with its arguments'), its result's size where known, and its
    /// result's entry sizes where it concatenates literals.
    fn function_cost(
        &self,
        func: &str,
        ov: Ov,
        target: Option<&Arg<'_>>,
        args: &[Arg<'_>],
    ) -> (CostEstimate, Option<Size>, Option<Entry>) {
        let arg_sum = args.iter().fold(fixed(0), |s, a| s.add(a.info.cost));
        if let Some((c, size)) = self.kubernetes_cost(func, ov, target, args) {
            return (c.add(arg_sum), size, None);
        }
        let size = |i: usize| args.get(i).map_or(UNKNOWN, |a| a.info.size_or_unknown());
        let t_size = target.map(|t| t.info.size_or_unknown());
        let plain = (fixed(1).add(arg_sum), None, None);
        match ov {
            Ov::FormatString => match t_size {
                Some(t) => (t.cost(STRING_TRAVERSAL).add(arg_sum), None, None),
                None => plain,
            },
            // Upstream multiplies without a guard; kept so (wrapping) for the same sizes.
            Ov::StringToBytes if args.len() == 1 => {
                let s = size(0);
                (s.cost(STRING_TRAVERSAL).add(arg_sum), Some(Size { min: s.min, max: s.max.wrapping_mul(4) }), None)
            }
            Ov::BytesToString if args.len() == 1 => {
                let s = size(0);
                (s.cost(STRING_TRAVERSAL).add(arg_sum), Some(Size { min: s.min / 4, max: s.max }), None)
            }
            Ov::QuoteString if args.len() == 1 => {
                let s = size(0);
                let out = Size { min: s.min.wrapping_add(2), max: s.max.wrapping_mul(2).wrapping_add(2) };
                (s.cost(STRING_TRAVERSAL).add(arg_sum), Some(out), None)
            }
            Ov::StartsEnds if args.len() == 1 => (size(0).cost(STRING_TRAVERSAL).add(arg_sum), None, None),
            Ov::InList if args.len() == 2 => (size(1).cost(1.0).add(arg_sum), None, None),
            Ov::MatchesString if args.len() == 1 => match t_size {
                Some(t) => {
                    let s = t.add(Size::fixed(1)).cost(STRING_TRAVERSAL);
                    let re = size(0).cost(REGEX_LENGTH);
                    (s.mul(re).add(arg_sum), None, None)
                }
                None => plain,
            },
            Ov::ContainsString if args.len() == 1 => match t_size {
                Some(t) => {
                    let c = t.cost(STRING_TRAVERSAL).mul(size(0).cost(STRING_TRAVERSAL));
                    (c.add(arg_sum), None, None)
                }
                None => plain,
            },
            Ov::AddString | Ov::AddList if args.len() == 2 => {
                let out = size(0).add(size(1));
                let entry = union_entry(args[0].info.entry, args[1].info.entry);
                let c = if ov == Ov::AddList { fixed(1) } else { out.cost(STRING_TRAVERSAL) };
                (c.add(arg_sum), Some(out), entry)
            }
            Ov::Compare if args.len() == 2 => {
                let smallest = size(0).max.min(size(1).max);
                let c = Size { min: u64::from(smallest > 0), max: smallest }.cost(STRING_TRAVERSAL);
                (c.add(arg_sum), None, None)
            }
            _ => plain,
        }
    }

    /// Kubernetes' `library.CostEstimator.EstimateCallCost`, by function name, before cel-go's.
    fn kubernetes_cost(
        &self,
        func: &str,
        ov: Ov,
        target: Option<&Arg<'_>>,
        args: &[Arg<'_>],
    ) -> Option<(CostEstimate, Option<Size>)> {
        let size = |i: usize| args.get(i).map_or(UNKNOWN, |a| a.info.size_or_unknown());
        let t = target.map(|t| t.info.size_or_unknown());
        let nominal = Some((fixed(1), None));
        match func {
            // Set so that an expression can make two authorization checks.
            "check" => Some((fixed(350_000), None)),
            "serviceAccount" | "path" | "group" | "resource" | "subresource" | "namespace" | "name" | "allowed"
            | "reason" | "error" | "errored" => nominal,
            "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => {
                let target = target?;
                let t = t?;
                match element_type(&target.ty) {
                    Some(elem) => {
                        let mut el = fixed(1);
                        if matches!(elem, Type::String | Type::Bytes) {
                            el = el.add(self.items_size(&target.info.path).cost(STRING_TRAVERSAL));
                        }
                        Some((t.times(el), None))
                    }
                    // A string's `indexOf`.
                    None => Some((t.cost(STRING_TRAVERSAL), None)),
                }
            }
            "url" if args.len() == 1 => Some((size(0).cost(STRING_TRAVERSAL), None)),
            "lowerAscii" | "upperAscii" | "substring" | "trim" => {
                let t = t?;
                Some((t.cost(STRING_TRAVERSAL), Some(t)))
            }
            "replace" if target.is_some() && args.len() >= 2 => {
                let sz = t?;
                Some((sz.cost(2.0 * STRING_TRAVERSAL), Some(replaced_size(sz, size(0), size(1)))))
            }
            "split" => {
                let sz = t?;
                let mut max = sz.max;
                if let Some(Arg { node: Node { expr: Expr::Lit(v), .. }, .. }) = args.get(1) {
                    match v {
                        Val::Int(n) => max = u64::try_from(*n).unwrap_or(max),
                        Val::Uint(n) => max = *n,
                        _ => {}
                    }
                }
                Some((sz.cost(2.0 * STRING_TRAVERSAL), Some(Size { min: 0, max })))
            }
            "join" => {
                let target = target?;
                let list = target.info.size_or_unknown();
                let mut sz = match element_type(&target.ty) {
                    Some(_) => list.mul(self.items_size(&target.info.path)),
                    None => Size::fixed(0),
                };
                if !args.is_empty() {
                    let seps = Size { min: list.min.saturating_sub(1), max: list.max.saturating_sub(1) };
                    sz = sz.add(size(0).mul(seps));
                }
                Some((sz.cost(STRING_TRAVERSAL), Some(sz)))
            }
            "find" | "findAll" if target.is_some() && !args.is_empty() => {
                let sz = t?;
                let s = sz.add(Size::fixed(1)).cost(STRING_TRAVERSAL);
                let re = size(0).cost(REGEX_LENGTH);
                Some((s.mul(re), Some(Size { min: 0, max: sz.max })))
            }
            // Kubernetes tests these as functions (`isIP(s)`, `cidr(s)`) priced by their
            // argument, as they were before cel-go stopped passing a receiver to functions.
            "cidr" | "isIP" | "isCIDR" | "quantity" | "isQuantity" | "ip" if !args.is_empty() => {
                Some((size(0).cost(STRING_TRAVERSAL), None))
            }
            // A CIDR's address: a field read.
            "ip" => nominal,
            // Parsed, and printed again to compare.
            "ip.isCanonical" if !args.is_empty() => Some((size(0).cost(2.0 * STRING_TRAVERSAL), None)),
            "masked"
            | "prefixLength"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast" => nominal,
            // Comparing 4 or 16 bytes of two addresses; a string argument is parsed first.
            "containsIP" | "containsCIDR" if target.is_some() && !args.is_empty() => {
                let ip = Size { min: 4, max: 16 };
                let mut c = ip.add(ip).cost(STRING_TRAVERSAL);
                if func == "containsCIDR" {
                    c = c.add(ip.cost(STRING_TRAVERSAL)).add(fixed(1));
                }
                if ov == Ov::ContainsOfString {
                    c = c.add(size(0).cost(STRING_TRAVERSAL));
                }
                Some((c, None))
            }
            "sign" | "asInteger" | "isInteger" | "asApproximateFloat" | "isGreaterThan" | "isLessThan"
            | "compareTo" | "add" | "sub" => nominal,
            _ => None,
        }
    }

    /// The size of a list's elements as Kubernetes' estimator finds it: from the schema, by
    /// the list's path, or unknown.
    fn items_size(&self, list_path: &[String]) -> Size {
        if list_path.is_empty() {
            return UNKNOWN;
        }
        self.estimate_size(&with(list_path, "@items")).unwrap_or(UNKNOWN)
    }
}

/// The first type parameter of a type, which Kubernetes' estimator takes for a list's element.
fn element_type(t: &Type) -> Option<&Type> {
    match t {
        Type::List(e) | Type::Optional(e) | Type::Type(e) | Type::Map(e, _) => Some(e),
        _ => None,
    }
}

/// The size of `s.replace(from, to)`: as many replacements as can fit, of the longest
/// replacement for the most and the shortest for the least (Kubernetes' estimate).
fn replaced_size(sz: Size, from: Size, to: Size) -> Size {
    let ceil_div = |a: u64, b: u64| (a as f64 / b as f64).ceil() as u64;
    let (mut count, mut kept) = (Size::fixed(0), Size::fixed(0));
    if from.min == 0 {
        count.max = if sz.max < u64::MAX { sz.max + 1 } else { sz.max };
        kept.max = sz.max;
    } else if to.max <= from.min {
        kept.max = sz.max;
    } else {
        count.max = ceil_div(sz.max, from.min);
    }
    if from.max == 0 {
        count.min = if sz.min < u64::MAX { sz.min + 1 } else { sz.min };
        kept.min = sz.min;
    } else if from.max <= to.min {
        kept.min = sz.min;
    } else {
        count.min = ceil_div(sz.min, from.max);
    }
    count.mul(to).add(kept)
}
