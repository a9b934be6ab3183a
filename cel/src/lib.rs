//! kapi's CEL (Common Expression Language) compiler and evaluator, shared by the generator (which checks a custom resource's rules when it writes them) and the test server (which runs them) for the `x-kubernetes-validations` rules of custom resource schemas: the subset such rules use, with cel-go's error messages, every evaluation bounded by a cost limit and parsing bounded in depth.

#![warn(missing_docs)]

mod ast;
pub mod authz;
mod check;
mod cost;
mod eval;
mod functions;
mod lexer;
mod library;
mod net;
mod parser;
pub mod schema;
mod semver;
mod time;
mod value;

pub use check::{AUTHORIZER, Checked, Env, ObjectType, Type};
pub use cost::{Bounds, CostEstimate};
pub use eval::EvalError;
pub use functions::map_of;
pub use parser::{MAX_CODE_POINTS, MAX_DEPTH};
pub use semver::Semver;
pub use time::{Timestamp, parse_duration};
pub use value::{MapVal, Val};

/// Upstream's cost limit of one evaluation of one expression (`PerCallLimit`).
pub const PER_CALL_LIMIT: u64 = 1_000_000;

/// Upstream's budget of all rules evaluated for one object (`RuntimeCELCostBudget`).
pub const RUNTIME_BUDGET: u64 = 10_000_000;

/// Why an expression does not compile, as cel-go reports it (`ERROR: <input>:1:5: ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError(Box<CompileErrorInner>);

/// Boxed, so that the parser's results stay small: it recurses once per nesting level.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CompileErrorInner {
    text: String,
    /// The 1-based line and column the message points at, and the message alone.
    at: Option<(usize, usize)>,
    message: String,
}

impl CompileError {
    /// An error at byte `offset` of the expression `src`, shown as cel-go shows it: 1-based line,
    /// and column counted in characters. Callers that check a compiled program further (the
    /// test server, against a schema's fields) use it to report in the same form.
    pub fn at(src: &str, offset: usize, msg: String) -> CompileError {
        let before = &src[..offset.min(src.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
        CompileError(Box::new(CompileErrorInner {
            text: format!("ERROR: <input>:{line}:{col}: {msg}"),
            at: Some((line, col)),
            message: msg,
        }))
    }

    fn plain(msg: String) -> CompileError {
        CompileError(Box::new(CompileErrorInner { text: msg.clone(), at: None, message: msg }))
    }

    /// The 1-based line and column in the expression the error points at, if any.
    pub fn position(&self) -> Option<(usize, usize)> {
        self.0.at
    }

    /// The message without its position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The error as cel-go's compile issues print it for the expression `src`: after the
    /// message, the line it points into and a caret under its column, with a `.` for each
    /// character before it (a wide `．` for a multi-byte one), as upstream's API errors quote it.
    pub fn with_snippet(&self, src: &str) -> String {
        let mut out = self.0.text.clone();
        let Some((line, col)) = self.0.at else { return out };
        let Some(text) = src.split('\n').nth(line - 1) else { return out };
        let text = text.replace('\t', " ");
        out.push_str("\n | ");
        out.push_str(&text);
        out.push_str("\n | ");
        let mut chars = text.chars();
        for c in chars.by_ref().take(col - 1) {
            out.push(if c.len_utf8() > 1 { '\u{ff0e}' } else { '.' });
        }
        out.push(if chars.next().is_some_and(|c| c.len_utf8() > 1) { '\u{ff3e}' } else { '^' });
        out
    }
}

impl CompileError {
    /// The detail kube-apiserver's API errors give for an expression `src` that does not
    /// compile (an `apiservercel.Error`'s): `compilation failed: ` and [`CompileError::with_snippet`].
    pub fn compilation_failed(&self, src: &str) -> String {
        format!("compilation failed: {}", self.with_snippet(src))
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.text)
    }
}

/// A compiled expression.
///
/// Supported: literals (int, `1u`, double, strings with escapes, raw and triple-quoted, bytes,
/// bool, null, lists, maps); variables (`self`, `oldSelf`); field selection, indexing, `has()`;
/// arithmetic with overflow errors; comparisons across numeric types; `&&`/`||` with CEL's
/// commutative error semantics; `!`, `?:`, `in`; the macros `all`, `exists`, `exists_one`, `map`
/// (2 and 3 arguments), `filter`; `size`, `int`, `uint`, `double`, `string`, `bytes`, `bool`,
/// `dyn`, `type`; the string functions `contains`, `startsWith`, `endsWith`, `matches` (RE2),
/// and Kubernetes' `lowerAscii`, `upperAscii`, `trim`, `split`, `join`, `indexOf`,
/// `lastIndexOf`, `substring`, `replace`, `charAt`; its list functions `isSorted`, `sum`, `min`,
/// `max`, `indexOf`, `lastIndexOf`; and its `quantity()`/`isQuantity()` with their methods.
/// Lists of a schema's `set` and `map` list types compare equal ignoring order.
///
/// Also timestamps and durations, optionals, the `url`/`ip`/`cidr`/`format`/`sets`/`semver`
/// libraries, the message construction of mutating policies
/// ([`Program::compile_with_messages`]) and `cel.bind` where an environment declares it
/// ([`Program::compile_with_bindings`]).
///
/// Static type checking is [`Program::check`], against variables declared with their types;
/// the static cost estimate upstream checks when a definition is written is
/// [`Program::estimate_cost`], with the size bounds a schema declares ([`Env::bounds`]).
#[derive(Debug)]
pub struct Program {
    root: ast::Node,
    uses: Vec<String>,
}

impl Program {
    /// Parses and checks `src`, which may refer to the variables `vars`.
    pub fn compile(src: &str, vars: &[&str]) -> Result<Program, CompileError> {
        Program::compile_with_messages(src, vars, &[])
    }

    /// Parses and checks `src`, which may refer to the variables `vars` and construct the
    /// message types rooted at `messages`: `Object` (with any field path below it,
    /// `Object.spec.template{…}`) or `JSONPatch` (fields `op`, `path`, `from`, `value`), as
    /// a MutatingAdmissionPolicy's expressions do. A constructed message evaluates to a
    /// [`Val::Map`] whose [`MapVal::message_type`] is the name written.
    pub fn compile_with_messages(src: &str, vars: &[&str], messages: &[&str]) -> Result<Program, CompileError> {
        let parsed = parser::parse(src, vars, messages, false)?;
        Ok(Program { root: parsed.root, uses: parsed.uses })
    }

    /// Parses and checks `src`, which may refer to the variables `vars` and use cel-go's
    /// `cel.bind(var, init, body)` macro (`ext.Bindings`), as the environment of dynamic
    /// resource allocation's device selectors declares it.
    pub fn compile_with_bindings(src: &str, vars: &[&str]) -> Result<Program, CompileError> {
        let parsed = parser::parse(src, vars, &[], true)?;
        Ok(Program { root: parsed.root, uses: parsed.uses })
    }

    /// Type-checks the expression against `env` as cel-go's checker does: its result type, or
    /// the first error in cel-go's words at cel-go's position (`undefined field 'x'`,
    /// `found no matching overload for '_+_' applied to '(string, int)'`). A variable `env`
    /// does not declare is `dyn`; where the checker cannot know a type it is `dyn` too, so it
    /// refuses nothing a run could accept ([`Program::type_check`] says whether it guessed).
    pub fn check(&self, src: &str, env: &Env) -> Result<Type, CompileError> {
        self.type_check(src, env).map(|c| c.ty)
    }

    /// [`Program::check`], with whether the checker typed anything `dyn` for want of a model,
    /// so that a caller can refuse a `dyn` result only where cel-go would give `dyn` too.
    pub fn type_check(&self, src: &str, env: &Env) -> Result<Checked, CompileError> {
        check::check(&self.root, src, env)
    }

    /// Type-checks the expression against `env` (as [`Program::check`]) and estimates what one
    /// evaluation can cost as cel-go's `EstimateCost` does in kube-apiserver's environment:
    /// cel-go's costs of its operators, literals, selections and macros (a macro's body once
    /// per element of its range), Kubernetes' estimates of its library functions, `has()` free,
    /// and the sizes of strings, lists and maps from the literals, or from the bounds `env`
    /// declares, or unknown (the largest) where neither tells.
    pub fn estimate_cost(&self, src: &str, env: &Env) -> Result<CostEstimate, CompileError> {
        self.check_costed(src, env).map(|(_, cost)| cost)
    }

    /// [`Program::check`] and [`Program::estimate_cost`] from one walk of the checker: the
    /// result type (as [`Program::type_check`] gives it) and the estimate, for callers that
    /// need both.
    pub fn check_costed(&self, src: &str, env: &Env) -> Result<(Checked, CostEstimate), CompileError> {
        let (t, facts) = check::check_facts(&self.root, src, env)?;
        Ok((t, cost::estimate(&self.root, &facts, env.bounds.as_deref())))
    }

    /// Whether the expression refers to the variable `name` (a rule using `oldSelf` is a
    /// transition rule).
    pub fn uses(&self, name: &str) -> bool {
        self.uses.iter().any(|u| u == name)
    }

    /// The type the expression evaluates to where its outermost form alone decides it, as
    /// cel-go names types (`bool`, `int`, `uint`, `double`, `string`, `bytes`, `null_type`,
    /// `list`, `map`): a literal, a comparison, `in`, `!`, `&&`, `||`, `has()`, `all`,
    /// `exists`, `exists_one`, `map`, `filter`, a type conversion (`string(x)`, `int(x)`, …) or
    /// `size()`. `None` wherever only a type checker could tell (a variable, a field, an index,
    /// arithmetic, `?:`, any other call), so a caller that refuses a wrong result type on this
    /// answer refuses nothing a type checker would accept.
    pub fn fixed_type(&self) -> Option<&'static str> {
        use ast::{Expr, Macro};
        Some(match &self.root.expr {
            // Literals are scalars, each named as `type()` names its value.
            Expr::Lit(v) => v.type_name(),
            Expr::List(_) => "list",
            Expr::Map(_) => "map",
            Expr::Select { test: true, .. }
            | Expr::Not(_)
            | Expr::And(..)
            | Expr::Or(..)
            | Expr::Binary(
                ast::BinOp::Eq
                | ast::BinOp::Ne
                | ast::BinOp::Lt
                | ast::BinOp::Le
                | ast::BinOp::Gt
                | ast::BinOp::Ge
                | ast::BinOp::In,
                ..,
            ) => "bool",
            Expr::Comprehension { kind: Macro::All | Macro::Exists | Macro::ExistsOne, .. } => "bool",
            Expr::Comprehension { kind: Macro::Map | Macro::Filter, .. } => "list",
            Expr::Call { target: None, func, args } if args.len() == 1 => match func.as_str() {
                "string" => "string",
                "int" | "size" => "int",
                "uint" => "uint",
                "double" => "double",
                "bytes" => "bytes",
                "bool" => "bool",
                _ => return None,
            },
            Expr::Call { target: Some(_), func, args } if args.is_empty() && func == "size" => "int",
            _ => return None,
        })
    }

    /// The chains of field selections rooted at a declared variable (`self.spec.replicas`,
    /// also under `has()`): the variable and each field with its offset in the source, for
    /// checking them against a schema.
    pub fn field_paths(&self) -> Vec<(&str, Vec<(&str, usize)>)> {
        let mut out = Vec::new();
        collect_paths(&self.root, &self.uses, &mut out);
        out
    }

    /// Evaluates with the variables bound, spending at most `limit`; returns the value and the
    /// cost spent (the cost is also known after an error, through [`Evaluation::cost`]).
    pub fn eval(&self, vars: &[(&str, Val)], limit: u64) -> Evaluation {
        let mut meter = eval::Meter { used: 0, limit, regexes: Default::default() };
        let mut scope = eval::Scope { vars, locals: Vec::new() };
        let result = eval::eval(&self.root, &mut scope, &mut meter);
        Evaluation { result, cost: meter.used.min(limit.saturating_add(1)) }
    }
}

/// Walks the tree (no deeper than the parser's limit) for selections rooted at `vars`.
fn collect_paths<'a>(n: &'a ast::Node, vars: &[String], out: &mut Vec<(&'a str, Vec<(&'a str, usize)>)>) {
    use ast::Expr;
    if let Expr::Select { .. } | Expr::OptSelect { .. } = &n.expr {
        let mut fields = Vec::new();
        let mut cur = n;
        while let Expr::Select { operand, field, .. } | Expr::OptSelect { operand, field } = &cur.expr {
            fields.push((field.as_str(), cur.at));
            cur = operand;
        }
        if let Expr::Ident(var) = &cur.expr
            && vars.contains(var)
        {
            fields.reverse();
            out.push((var.as_str(), fields));
        }
    }
    let mut visit = |c: &'a ast::Node| collect_paths(c, vars, out);
    match &n.expr {
        Expr::Lit(_) | Expr::Ident(_) => {}
        Expr::Select { operand, .. } | Expr::OptSelect { operand, .. } => visit(operand),
        Expr::Call { target, args, .. } => {
            target.iter().for_each(|t| visit(t));
            args.iter().for_each(visit);
        }
        Expr::List(items) => items.iter().for_each(visit),
        Expr::Map(entries) => entries.iter().for_each(|(k, v)| {
            visit(k);
            visit(v);
        }),
        Expr::Message { fields, .. } => fields.iter().for_each(|(_, _, v)| visit(v)),
        Expr::Not(a) | Expr::Neg(a) => visit(a),
        Expr::Index(a, b) | Expr::OptIndex(a, b) | Expr::Binary(_, a, b) | Expr::And(a, b) | Expr::Or(a, b) => {
            visit(a);
            visit(b);
        }
        Expr::Cond(a, b, c) => {
            visit(a);
            visit(b);
            visit(c);
        }
        Expr::Comprehension { range, filter, body, .. } => {
            visit(range);
            filter.iter().for_each(|f| visit(f));
            visit(body);
        }
    }
}

/// What an evaluation gave and what it cost.
#[derive(Debug)]
pub struct Evaluation {
    /// The expression's value, or why it has none.
    pub result: Result<Val, EvalError>,
    /// The cost spent, in the units of [`PER_CALL_LIMIT`], known even after an error so that a
    /// caller can charge it to a shared budget such as [`RUNTIME_BUDGET`]. It stops at one above
    /// the limit: a cost over the limit means the evaluation was cut off.
    pub cost: u64,
}

#[cfg(test)]
mod construction_tests;

#[cfg(test)]
mod authz_tests;

#[cfg(test)]
mod compile_tests;

#[cfg(test)]
mod check_tests;

#[cfg(test)]
mod semver_tests;

#[cfg(test)]
mod cost_tests;
