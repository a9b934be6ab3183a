//! The parsed form of a CEL expression: nodes that know their depth, so no tree deeper than the limit is ever built (and none is walked or dropped with unbounded recursion).

use super::value::Val;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
}

impl BinOp {
    /// The operator's function name in cel-go's checker and cost estimator (`_+_`, `@in`).
    pub(crate) fn function(self) -> &'static str {
        match self {
            BinOp::Add => "_+_",
            BinOp::Sub => "_-_",
            BinOp::Mul => "_*_",
            BinOp::Div => "_/_",
            BinOp::Rem => "_%_",
            BinOp::Eq => "_==_",
            BinOp::Ne => "_!=_",
            BinOp::Lt => "_<_",
            BinOp::Le => "_<=_",
            BinOp::Gt => "_>_",
            BinOp::Ge => "_>=_",
            BinOp::In => "@in",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Macro {
    All,
    Exists,
    ExistsOne,
    Map,
    Filter,
    /// `opt.optMap(x, body)`: `optional.of(body)` with `x` bound to the value, or none.
    OptMap,
    /// `opt.optFlatMap(x, body)`: `body` (an optional) with `x` bound to the value, or none.
    OptFlatMap,
    /// `cel.bind(x, init, body)`: `body` with `x` bound to `init`'s value (the range).
    Bind,
}

#[derive(Debug)]
pub(crate) enum Expr {
    Lit(Val),
    Ident(String),
    /// `operand.field`; `has(operand.field)` when `test`.
    Select {
        operand: Box<Node>,
        field: String,
        test: bool,
    },
    /// `operand.?field`: an optional, none when the field is absent.
    OptSelect {
        operand: Box<Node>,
        field: String,
    },
    /// `operand[?index]`: an optional, none when the index or key is absent.
    OptIndex(Box<Node>, Box<Node>),
    /// A function (`size(x)`) or method (`x.size()`) call.
    Call {
        target: Option<Box<Node>>,
        func: String,
        args: Vec<Node>,
    },
    List(Vec<Node>),
    Map(Vec<(Node, Node)>),
    /// A message construction, `Object.spec{replicas: 3, ?paused: opt}`: the type name as
    /// written, and each field with whether it is optional (`?field`, set only when the
    /// optional value is present).
    Message {
        name: String,
        fields: Vec<(String, bool, Node)>,
    },
    Index(Box<Node>, Box<Node>),
    Not(Box<Node>),
    Neg(Box<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Cond(Box<Node>, Box<Node>, Box<Node>),
    /// A macro over a list's elements or a map's keys, bound to `var`; `filter` is the
    /// predicate of the three-argument `map`.
    Comprehension {
        kind: Macro,
        range: Box<Node>,
        var: String,
        filter: Option<Box<Node>>,
        body: Box<Node>,
    },
}

#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) expr: Expr,
    /// The height of the tree under this node (a leaf is 1).
    pub(crate) depth: usize,
    /// Byte offset in the source, for messages.
    pub(crate) at: usize,
}

impl Node {
    pub(crate) fn new(expr: Expr, at: usize) -> Node {
        let d = |n: &Node| n.depth;
        let below = match &expr {
            Expr::Lit(_) | Expr::Ident(_) => 0,
            Expr::Select { operand, .. } | Expr::OptSelect { operand, .. } => operand.depth,
            Expr::Call { target, args, .. } => {
                target.as_deref().map_or(0, d).max(args.iter().map(d).max().unwrap_or(0))
            }
            Expr::List(items) => items.iter().map(d).max().unwrap_or(0),
            Expr::Map(entries) => entries.iter().map(|(k, v)| k.depth.max(v.depth)).max().unwrap_or(0),
            Expr::Message { fields, .. } => fields.iter().map(|(_, _, v)| v.depth).max().unwrap_or(0),
            Expr::Not(a) | Expr::Neg(a) => a.depth,
            Expr::Index(a, b) | Expr::OptIndex(a, b) | Expr::Binary(_, a, b) | Expr::And(a, b) | Expr::Or(a, b) => {
                a.depth.max(b.depth)
            }
            Expr::Cond(a, b, c) => a.depth.max(b.depth).max(c.depth),
            Expr::Comprehension { range, filter, body, .. } => {
                range.depth.max(body.depth).max(filter.as_deref().map_or(0, d))
            }
        };
        Node { expr, depth: below + 1, at }
    }
}
