//! CEL's grammar by recursive descent, with the macros expanded and names checked: one pass, linear in the tokens, refusing nesting deeper than [`MAX_DEPTH`] instead of recursing on.

use super::CompileError;
use super::ast::{BinOp, Expr, Macro, Node};
use super::functions;
use super::lexer::{Tok, Token, tokenize};
use super::value::{TYPE_NAMES, Val};

/// The deepest expression tree accepted, and the deepest nesting of parentheses, lists, maps and
/// calls while parsing. Real rules stay far below; the evaluator recurses once per level, so
/// this is what keeps every walk of the tree within a thread's stack.
pub const MAX_DEPTH: usize = 100;

/// The longest source accepted, in code points (cel-go's default limit).
pub const MAX_CODE_POINTS: usize = 100_000;

/// What the expression refers to, learnt while parsing.
pub(crate) struct Parsed {
    pub(crate) root: Node,
    pub(crate) uses: Vec<String>,
}

/// Parses `src` with `vars` the names it may refer to (besides type names and macro variables)
/// and `messages` the roots of the message types it may construct; `bindings` enables cel-go's
/// `cel.bind(var, init, body)` macro (`ext.Bindings`), which only some environments declare.
pub(crate) fn parse(src: &str, vars: &[&str], messages: &[&str], bindings: bool) -> Result<Parsed, CompileError> {
    let n = src.chars().count();
    if n > MAX_CODE_POINTS {
        return Err(CompileError::plain(format!(
            "expression code point size exceeds limit: size: {n}, limit {MAX_CODE_POINTS}"
        )));
    }
    let toks = tokenize(src)?;
    let mut p = Parser {
        src,
        toks,
        pos: 0,
        nesting: 0,
        vars,
        messages,
        bindings,
        bound: Vec::new(),
        uses: Vec::new(),
        open_then: 0,
    };
    let root = p.expr()?;
    if p.peek() != &Tok::Eof {
        return Err(p.unexpected());
    }
    Ok(Parsed { root, uses: p.uses })
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    nesting: usize,
    vars: &'a [&'a str],
    messages: &'a [&'a str],
    /// Whether `cel.bind` is a macro here.
    bindings: bool,
    /// The macro variables in scope, innermost last.
    bound: Vec<String>,
    uses: Vec<String>,
    /// How many `?:` then-branches are being parsed: a `:` must still follow them.
    open_then: usize,
}

type PResult = Result<Node, CompileError>;

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }

    fn at(&self) -> usize {
        self.toks[self.pos.min(self.toks.len() - 1)].at
    }

    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(q) if *q == p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str) -> Result<(), CompileError> {
        if self.eat(p) { Ok(()) } else { Err(self.unexpected()) }
    }

    /// Expects a closing bracket. At the end of the input, where that bracket is all the
    /// expression still lacks (no other bracket or `?:` open around it), cel-go's parser reports
    /// the token it would insert rather than the one it found.
    fn expect_close(&mut self, close: &str) -> Result<(), CompileError> {
        if self.eat(close) {
            return Ok(());
        }
        if self.peek() == &Tok::Eof && self.nesting == 1 && self.open_then == 0 {
            return Err(self.err(self.at(), format!("Syntax error: missing '{close}' at '<EOF>'")));
        }
        Err(self.unexpected())
    }

    fn err(&self, at: usize, msg: impl Into<String>) -> CompileError {
        CompileError::at(self.src, at, msg.into())
    }

    fn unexpected(&self) -> CompileError {
        let shown = match self.peek() {
            Tok::Eof => "<EOF>".to_owned(),
            _ => {
                let start = self.at();
                let end = self.toks.get(self.pos + 1).map_or(self.src.len(), |t| t.at);
                self.src[start..end].trim_end().to_owned()
            }
        };
        self.err(self.at(), format!("Syntax error: mismatched input '{shown}'"))
    }

    fn mk(&self, expr: Expr, at: usize) -> PResult {
        let node = Node::new(expr, at);
        if node.depth > MAX_DEPTH {
            return Err(self.err(at, format!("expression nesting exceeds the limit of {MAX_DEPTH}")));
        }
        Ok(node)
    }

    fn expr(&mut self) -> PResult {
        self.nesting += 1;
        if self.nesting > MAX_DEPTH {
            return Err(self.err(self.at(), format!("expression nesting exceeds the limit of {MAX_DEPTH}")));
        }
        let out = self.conditional();
        self.nesting -= 1;
        out
    }

    fn conditional(&mut self) -> PResult {
        let cond = self.logical(true)?;
        // cel-go places the conditional at its `?`, where the checker reports it.
        let at = self.at();
        if !self.eat("?") {
            return Ok(cond);
        }
        self.open_then += 1;
        let yes = self.logical(true);
        self.open_then -= 1;
        let yes = yes?;
        self.expect(":")?;
        let no = self.expr()?;
        self.mk(Expr::Cond(Box::new(cond), Box::new(yes), Box::new(no)), at)
    }

    /// `a || b || c` (or `&&` below it) as a balanced tree, as cel-go builds it, so long chains
    /// stay shallow.
    fn logical(&mut self, or: bool) -> PResult {
        let op = if or { "||" } else { "&&" };
        let mut terms = vec![if or { self.logical(false)? } else { self.relation()? }];
        while self.eat(op) {
            terms.push(if or { self.logical(false)? } else { self.relation()? });
        }
        self.balance(terms, or)
    }

    fn balance(&self, mut terms: Vec<Node>, or: bool) -> PResult {
        while terms.len() > 1 {
            let mut next = Vec::with_capacity(terms.len().div_ceil(2));
            let mut it = terms.into_iter();
            while let Some(a) = it.next() {
                match it.next() {
                    Some(b) => {
                        let at = a.at;
                        let (a, b) = (Box::new(a), Box::new(b));
                        next.push(self.mk(if or { Expr::Or(a, b) } else { Expr::And(a, b) }, at)?);
                    }
                    None => next.push(a),
                }
            }
            terms = next;
        }
        terms.pop().ok_or_else(|| self.unexpected())
    }

    fn relation(&mut self) -> PResult {
        let mut left = self.addition()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("==") => BinOp::Eq,
                Tok::Punct("!=") => BinOp::Ne,
                Tok::Punct("<") => BinOp::Lt,
                Tok::Punct("<=") => BinOp::Le,
                Tok::Punct(">") => BinOp::Gt,
                Tok::Punct(">=") => BinOp::Ge,
                Tok::In => BinOp::In,
                _ => return Ok(left),
            };
            let at = self.at();
            self.bump();
            let right = self.addition()?;
            left = self.mk(Expr::Binary(op, Box::new(left), Box::new(right)), at)?;
        }
    }

    fn addition(&mut self) -> PResult {
        let mut left = self.multiplication()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("+") => BinOp::Add,
                Tok::Punct("-") => BinOp::Sub,
                _ => return Ok(left),
            };
            let at = self.at();
            self.bump();
            let right = self.multiplication()?;
            left = self.mk(Expr::Binary(op, Box::new(left), Box::new(right)), at)?;
        }
    }

    fn multiplication(&mut self) -> PResult {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("*") => BinOp::Mul,
                Tok::Punct("/") => BinOp::Div,
                Tok::Punct("%") => BinOp::Rem,
                _ => return Ok(left),
            };
            let at = self.at();
            self.bump();
            let right = self.unary()?;
            left = self.mk(Expr::Binary(op, Box::new(left), Box::new(right)), at)?;
        }
    }

    /// Prefix operators are gathered in a loop and applied innermost first, so `!!!!x` costs no
    /// recursion (the depth check still bounds the tree).
    fn unary(&mut self) -> PResult {
        let mut ops: Vec<(bool, usize)> = Vec::new();
        loop {
            match self.peek() {
                Tok::Punct("!") => ops.push((true, self.at())),
                Tok::Punct("-") => ops.push((false, self.at())),
                _ => break,
            }
            self.bump();
            if ops.len() > MAX_DEPTH {
                return Err(self.err(self.at(), format!("expression nesting exceeds the limit of {MAX_DEPTH}")));
            }
        }
        // A negated int literal is read whole, so that the smallest int can be written.
        let mut node = match (ops.last(), self.peek().clone()) {
            (Some((false, at)), Tok::Int(n)) if n == 1 << 63 => {
                let at = *at;
                ops.pop();
                self.bump();
                let lit = self.mk(Expr::Lit(Val::Int(i64::MIN)), at)?;
                self.macro_suffix(lit)?
            }
            _ => self.member()?,
        };
        while let Some((not, at)) = ops.pop() {
            node = if not {
                self.mk(Expr::Not(Box::new(node)), at)?
            } else {
                match node.expr {
                    Expr::Lit(Val::Int(n)) if n != i64::MIN => self.mk(Expr::Lit(Val::Int(-n)), at)?,
                    Expr::Lit(Val::Double(x)) => self.mk(Expr::Lit(Val::Double(-x)), at)?,
                    expr => {
                        let inner = Node { expr, ..node };
                        self.mk(Expr::Neg(Box::new(inner)), at)?
                    }
                }
            };
        }
        Ok(node)
    }

    fn member(&mut self) -> PResult {
        let primary = self.primary()?;
        self.macro_suffix(primary)
    }

    /// Comma-separated expressions up to `close` (a trailing comma allowed).
    fn args(&mut self, close: &str) -> Result<Vec<Node>, CompileError> {
        let mut out = Vec::new();
        while !self.eat(close) {
            if self.peek() == &Tok::Eof {
                self.expect_close(close)?;
            }
            out.push(self.expr()?);
            if !self.eat(",") {
                self.expect_close(close)?;
                break;
            }
        }
        Ok(out)
    }

    fn method(&mut self, target: Node, name: String, args: Vec<Node>, at: usize) -> PResult {
        if !functions::known(&name, true, args.len()) && !crate::check::declares(&name, true) {
            return Err(self.err(at, format!("undeclared reference to '{name}' (in container '')")));
        }
        self.mk(Expr::Call { target: Some(Box::new(target)), func: name, args }, at)
    }

    fn primary(&mut self) -> PResult {
        let at = self.at();
        let before = self.pos;
        let tok = self.bump();
        let lit = |v: Val| Expr::Lit(v);
        match tok {
            Tok::Int(n) => {
                let n = i64::try_from(n).map_err(|_| self.err(at, "invalid int literal"))?;
                self.mk(lit(Val::Int(n)), at)
            }
            Tok::Uint(n) => self.mk(lit(Val::Uint(n)), at),
            Tok::Double(x) => self.mk(lit(Val::Double(x)), at),
            Tok::Str(s) => self.mk(lit(Val::string(s)), at),
            Tok::Bytes(b) => self.mk(lit(Val::Bytes(b.into())), at),
            Tok::True => self.mk(lit(Val::Bool(true)), at),
            Tok::False => self.mk(lit(Val::Bool(false)), at),
            Tok::Null => self.mk(lit(Val::Null), at),
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.expect_close(")")?;
                Ok(e)
            }
            Tok::Punct("[") => {
                let items = self.args("]")?;
                self.mk(Expr::List(items), at)
            }
            Tok::Punct("{") => {
                let mut entries = Vec::new();
                while !self.eat("}") {
                    let k = self.expr()?;
                    self.expect(":")?;
                    let v = self.expr()?;
                    entries.push((k, v));
                    if !self.eat(",") {
                        self.expect_close("}")?;
                        break;
                    }
                }
                self.mk(Expr::Map(entries), at)
            }
            Tok::Ident(name) => {
                if self.bindings
                    && name == "cel"
                    && !self.bound.contains(&name)
                    && !self.vars.contains(&"cel")
                    && matches!(self.peek(), Tok::Punct("."))
                    && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Ident(b)) if b == "bind")
                    && matches!(self.toks.get(self.pos + 2).map(|t| &t.tok), Some(Tok::Punct("(")))
                {
                    self.bump();
                    self.bump();
                    let open = self.at();
                    self.bump();
                    return self.bind(open);
                }
                // A library function in a namespace (`sets.contains(…)`, `optional.none()`).
                let namespaced = functions::NAMESPACES.contains(&name.as_str())
                    && !self.bound.contains(&name)
                    && !self.vars.contains(&name.as_str())
                    && matches!(self.peek(), Tok::Punct("."))
                    && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Ident(_)))
                    && matches!(self.toks.get(self.pos + 2).map(|t| &t.tok), Some(Tok::Punct("(")));
                if namespaced {
                    self.bump();
                    let Tok::Ident(func) = self.bump() else { return Err(self.unexpected()) };
                    let open = self.at();
                    self.bump();
                    return self.global_call(format!("{name}.{func}"), open);
                }
                if matches!(self.peek(), Tok::Punct("(")) {
                    let open = self.at();
                    self.bump();
                    return self.global_call(name, open);
                }
                if self.messages.contains(&name.as_str())
                    && !self.bound.contains(&name)
                    && !self.vars.contains(&name.as_str())
                {
                    return self.message(name, at);
                }
                // A macro's own variable, then the declared ones, then type names.
                if !self.bound.contains(&name) {
                    if self.vars.contains(&name.as_str()) {
                        if !self.uses.contains(&name) {
                            self.uses.push(name.clone());
                        }
                    } else if let Some(t) = TYPE_NAMES.iter().find(|t| **t == name) {
                        return self.mk(lit(Val::Type(t)), at);
                    } else {
                        return Err(self.err(at, format!("undeclared reference to '{name}' (in container '')")));
                    }
                }
                self.mk(Expr::Ident(name), at)
            }
            Tok::Punct(_) | Tok::In | Tok::Eof => {
                self.pos = before;
                Err(self.unexpected())
            }
        }
    }

    /// The `.field`, `.method(...)` and `[index]` steps after a primary, expanding the macros `all`, `exists`, `exists_one`,
    /// `map` and `filter`, whose first argument is a variable bound in the second.
    fn macro_suffix(&mut self, mut node: Node) -> PResult {
        loop {
            let at = self.at();
            let is_macro = matches!(self.peek(), Tok::Punct("."))
                && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Ident(m)) if matches!(m.as_str(), "all" | "exists" | "exists_one" | "map" | "filter" | "optMap" | "optFlatMap"))
                && matches!(self.toks.get(self.pos + 2).map(|t| &t.tok), Some(Tok::Punct("(")));
            if !is_macro {
                let before = self.pos;
                node = self.member_suffix_once(node)?;
                if self.pos == before {
                    return Ok(node);
                }
                continue;
            }
            self.bump();
            let Tok::Ident(name) = self.bump() else { return Err(self.unexpected()) };
            self.bump();
            let kind = match name.as_str() {
                "all" => Macro::All,
                "exists" => Macro::Exists,
                "exists_one" => Macro::ExistsOne,
                "map" => Macro::Map,
                "optMap" => Macro::OptMap,
                "optFlatMap" => Macro::OptFlatMap,
                _ => Macro::Filter,
            };
            let var_at = self.at();
            let Tok::Ident(var) = self.bump() else {
                return Err(self.err(var_at, format!("{name}() variable name must be a simple identifier")));
            };
            self.expect(",")?;
            self.bound.push(var.clone());
            let first = self.expr();
            let second = match &first {
                Ok(_) if kind == Macro::Map && self.eat(",") => Some(self.expr()),
                _ => None,
            };
            self.bound.pop();
            let first = first?;
            self.expect(")")?;
            let (filter, body) = match second {
                Some(body) => (Some(Box::new(first)), Box::new(body?)),
                None => (None, Box::new(first)),
            };
            node = self.mk(Expr::Comprehension { kind, range: Box::new(node), var, filter, body }, at)?;
        }
    }

    /// One `.field`, `.method(...)` or `[index]` step; none when the next token starts none.
    fn member_suffix_once(&mut self, node: Node) -> PResult {
        let at = self.at();
        if self.eat(".") {
            let optional = self.eat("?");
            let Tok::Ident(name) = self.bump() else { return Err(self.err(at, "Syntax error: expected a field name")) };
            if optional {
                return self.mk(Expr::OptSelect { operand: Box::new(node), field: name }, at);
            }
            // A call is placed at its `(`, as cel-go places it (and the errors about it).
            let open = self.at();
            if self.eat("(") {
                let args = self.args(")")?;
                return self.method(node, name, args, open);
            }
            return self.mk(Expr::Select { operand: Box::new(node), field: name, test: false }, at);
        }
        if self.eat("[") {
            let optional = self.eat("?");
            let index = self.expr()?;
            self.expect_close("]")?;
            if optional {
                return self.mk(Expr::OptIndex(Box::new(node), Box::new(index)), at);
            }
            return self.mk(Expr::Index(Box::new(node), Box::new(index)), at);
        }
        Ok(node)
    }

    /// A message construction after its root type name: the rest of a qualified name
    /// (`.spec.template`), then `{field: value, ?optional: value, …}`.
    fn message(&mut self, root: String, at: usize) -> PResult {
        let mut name = root;
        while matches!(self.peek(), Tok::Punct("."))
            && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Ident(_)))
        {
            self.bump();
            let Tok::Ident(part) = self.bump() else { return Err(self.unexpected()) };
            name.push('.');
            name.push_str(&part);
        }
        if !self.eat("{") {
            return Err(self.err(at, format!("undeclared reference to '{name}' (in container '')")));
        }
        if name.starts_with("JSONPatch.") {
            return Err(self.err(at, format!("undeclared reference to '{name}' (in container '')")));
        }
        let mut fields = Vec::new();
        while !self.eat("}") {
            let field_at = self.at();
            let optional = self.eat("?");
            let Tok::Ident(field) = self.bump() else {
                return Err(self.err(field_at, "Syntax error: expected a field name"));
            };
            if name == "JSONPatch" && !matches!(field.as_str(), "op" | "path" | "from" | "value") {
                return Err(self.err(field_at, format!("undefined field '{field}'")));
            }
            self.expect(":")?;
            let v = self.expr()?;
            fields.push((field, optional, v));
            if !self.eat(",") {
                self.expect("}")?;
                break;
            }
        }
        self.mk(Expr::Message { name, fields }, at)
    }

    /// `cel.bind(var, init, body)` after its opening parenthesis at `at`: `body` with `var` bound
    /// to the value of `init` (evaluated once), kept as a comprehension of its own kind.
    fn bind(&mut self, at: usize) -> PResult {
        let var_at = self.at();
        let var = match self.bump() {
            Tok::Ident(v) if matches!(self.peek(), Tok::Punct(",")) => v,
            _ => return Err(self.err(var_at, "cel.bind() variable names must be simple identifiers")),
        };
        self.expect(",")?;
        let init = self.expr()?;
        self.expect(",")?;
        self.bound.push(var.clone());
        let body = self.expr();
        self.bound.pop();
        let body = body?;
        self.expect(")")?;
        self.mk(
            Expr::Comprehension { kind: Macro::Bind, range: Box::new(init), var, filter: None, body: Box::new(body) },
            at,
        )
    }

    /// A call of a function that takes no receiver, after its `(` at `at`.
    fn global_call(&mut self, name: String, at: usize) -> PResult {
        if name == "has" {
            let arg = self.expr()?;
            self.expect(")")?;
            // The test keeps the selection's place (its `.`), for messages about the field.
            let dot = arg.at;
            let Expr::Select { operand, field, test: false } = arg.expr else {
                // cel-go's macro reports the argument.
                return Err(self.err(dot, "invalid argument to has() macro"));
            };
            return self.mk(Expr::Select { operand, field, test: true }, dot);
        }
        let args = self.args(")")?;
        // A function declared with another number of arguments is the checker's to refuse.
        if !functions::known(&name, false, args.len()) && !crate::check::declares(&name, false) {
            return Err(self.err(at, format!("undeclared reference to '{name}' (in container '')")));
        }
        self.mk(Expr::Call { target: None, func: name, args }, at)
    }
}
