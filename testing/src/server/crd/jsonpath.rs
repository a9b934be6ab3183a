//! A bounded evaluator of the JSONPath subset kubectl's `jsonpath` package understands, for custom resources' printer columns (`additionalPrinterColumns[].jsonPath`).
//!
//! Supported: fields (`.spec.replicas`, `['a.b']`), indexes (`[0]`, `[-1]`), slices
//! (`[1:3]`, `[::2]`), wildcards (`[*]`, `.*`), recursive descent (`..name`) and filters
//! (`[?(@.type=="Ready")]`, `[?(@.port>80)]`, `[?(@.name)]`). A missing key, an index out of
//! range or a step that does not fit the value gives no result, as upstream's evaluator does
//! with `AllowMissingKeys(true)`; the table then shows an empty cell.

use kapi_machinery::json::value::Value;

/// The longest path accepted: column paths are short, and the bound keeps parsing cheap.
const MAX_PATH_LEN: usize = 1024;
/// The most values a step may produce; recursive descent over a large object stops there.
const MAX_RESULTS: usize = 10_000;

/// A parsed path.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct JsonPath {
    steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Field(String),
    /// `.*` or `[*]`: every member or element.
    Wildcard,
    Index(i64),
    Slice(Option<i64>, Option<i64>, Option<i64>),
    /// `..`: the value and everything under it, then the next step.
    Recursive,
    Filter(Filter),
}

#[derive(Debug, Clone, PartialEq)]
struct Filter {
    /// The path under `@`.
    left: Vec<Step>,
    /// The comparison; `None` tests that the path exists.
    cmp: Option<(Op, Literal)>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, PartialEq)]
enum Literal {
    Str(String),
    Num(f64),
    Bool(bool),
}

/// Why a path does not parse: the byte offset in the path and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PathError {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at offset {}: {}", self.offset, self.message)
    }
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, PathError> {
        Err(PathError { offset: self.pos, message: message.into() })
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b == b' ') {
            self.pos += 1;
        }
    }

    /// A bare field name: anything up to the next `.`, `[`, space or operator character.
    fn name(&mut self) -> Result<String, PathError> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if matches!(
                b,
                b'.' | b'[' | b']' | b' ' | b'(' | b')' | b'=' | b'!' | b'<' | b'>' | b'\'' | b'"' | b'{' | b'}' | b','
            ) {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            return self.err("expected a field name");
        }
        Ok(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }

    fn quoted(&mut self) -> Result<String, PathError> {
        let Some(quote) = self.peek().filter(|b| *b == b'\'' || *b == b'"') else {
            return self.err("expected a quoted string");
        };
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return self.err("unterminated string"),
                Some(b) if b == quote => {
                    self.pos += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') if self.src.get(self.pos + 1).is_some() => {
                    out.push(self.src[self.pos + 1]);
                    self.pos += 2;
                }
                Some(b) => {
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
    }

    fn int(&mut self) -> Result<Option<i64>, PathError> {
        self.skip_spaces();
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Ok(None);
        }
        let text = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or_default();
        match text.parse::<i64>() {
            Ok(n) => {
                self.skip_spaces();
                Ok(Some(n))
            }
            Err(_) => {
                self.pos = start;
                self.err(format!("invalid array index {text:?}"))
            }
        }
    }

    /// Steps until the end, or until `stop` (the `)` of a filter).
    fn steps(&mut self, in_filter: bool) -> Result<Vec<Step>, PathError> {
        let mut steps = Vec::new();
        loop {
            if in_filter {
                self.skip_spaces();
            }
            match self.peek() {
                None => break,
                Some(b'.') => {
                    self.pos += 1;
                    if self.eat(b'.') {
                        steps.push(Step::Recursive);
                        if self.peek() == Some(b'[') {
                            continue;
                        }
                    }
                    if self.eat(b'*') {
                        steps.push(Step::Wildcard);
                    } else if self.peek().is_none() && steps.is_empty() {
                        // `.` alone is the whole object.
                    } else {
                        steps.push(Step::Field(self.name()?));
                    }
                }
                Some(b'[') => {
                    self.pos += 1;
                    steps.push(self.bracket()?);
                }
                Some(_) if in_filter => break,
                Some(b) => return self.err(format!("unexpected character {:?}", b as char)),
            }
        }
        Ok(steps)
    }

    /// What follows a `[`, through its `]`.
    fn bracket(&mut self) -> Result<Step, PathError> {
        self.skip_spaces();
        let step = match self.peek() {
            Some(b'*') => {
                self.pos += 1;
                Step::Wildcard
            }
            Some(b'\'' | b'"') => Step::Field(self.quoted()?),
            Some(b'?') => {
                self.pos += 1;
                if !self.eat(b'(') {
                    return self.err("expected `(` after `?`");
                }
                let filter = self.filter()?;
                if !self.eat(b')') {
                    return self.err("expected `)` closing the filter");
                }
                Step::Filter(filter)
            }
            _ => {
                let start = self.int()?;
                if self.eat(b':') {
                    let end = self.int()?;
                    let step = if self.eat(b':') { self.int()? } else { None };
                    if step == Some(0) {
                        return self.err("slice step must not be 0");
                    }
                    Step::Slice(start, end, step)
                } else {
                    match start {
                        Some(i) => Step::Index(i),
                        None => return self.err("expected an index, a slice, `*`, a quoted name or a filter"),
                    }
                }
            }
        };
        self.skip_spaces();
        if !self.eat(b']') {
            return self.err("expected `]`");
        }
        Ok(step)
    }

    fn filter(&mut self) -> Result<Filter, PathError> {
        self.skip_spaces();
        if !self.eat(b'@') {
            return self.err("a filter starts with `@`");
        }
        let left = self.steps(true)?;
        self.skip_spaces();
        let op = match (self.peek(), self.src.get(self.pos + 1).copied()) {
            (Some(b')'), _) => return Ok(Filter { left, cmp: None }),
            (Some(b'='), Some(b'=')) => Op::Eq,
            (Some(b'!'), Some(b'=')) => Op::Ne,
            (Some(b'<'), Some(b'=')) => Op::Le,
            (Some(b'>'), Some(b'=')) => Op::Ge,
            (Some(b'<'), _) => Op::Lt,
            (Some(b'>'), _) => Op::Gt,
            _ => return self.err("expected a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`) or `)`"),
        };
        self.pos += if matches!(op, Op::Lt | Op::Gt) { 1 } else { 2 };
        self.skip_spaces();
        let literal = match self.peek() {
            Some(b'\'' | b'"') => Literal::Str(self.quoted()?),
            _ => {
                let start = self.pos;
                while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.')) {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or_default();
                match text {
                    "true" => Literal::Bool(true),
                    "false" => Literal::Bool(false),
                    _ => match text.parse::<f64>() {
                        Ok(n) if n.is_finite() => Literal::Num(n),
                        _ => {
                            self.pos = start;
                            return self.err("expected a quoted string, a number, `true` or `false`");
                        }
                    },
                }
            }
        };
        self.skip_spaces();
        Ok(Filter { left, cmp: Some((op, literal)) })
    }
}

impl JsonPath {
    /// Parses a column's path, as upstream wraps it: `{<path>}`. Paths start with `.` (or `[`).
    pub(crate) fn parse(path: &str) -> Result<JsonPath, PathError> {
        if path.len() > MAX_PATH_LEN {
            return Err(PathError { offset: MAX_PATH_LEN, message: format!("longer than {MAX_PATH_LEN} bytes") });
        }
        let mut p = Parser { src: path.as_bytes(), pos: 0 };
        if !matches!(p.peek(), Some(b'.' | b'[')) {
            return p.err("a path starts with `.`");
        }
        let steps = p.steps(false)?;
        Ok(JsonPath { steps })
    }

    /// The values the path selects in `doc`, in document order; empty when nothing matches.
    pub(crate) fn find<'a>(&self, doc: &'a Value) -> Vec<&'a Value> {
        eval(&self.steps, vec![doc])
    }
}

fn eval<'a>(steps: &[Step], mut current: Vec<&'a Value>) -> Vec<&'a Value> {
    for step in steps {
        let mut next = Vec::new();
        for v in current {
            apply(step, v, &mut next);
            if next.len() >= MAX_RESULTS {
                next.truncate(MAX_RESULTS);
                break;
            }
        }
        current = next;
        if current.is_empty() {
            break;
        }
    }
    current
}

fn children(v: &Value) -> Vec<&Value> {
    match v {
        Value::Object(members) => members.iter().map(|(_, m)| m).collect(),
        Value::Array(items) => items.iter().collect(),
        _ => Vec::new(),
    }
}

/// Upstream's recursive descent: a value with children, then each child's descent.
fn descend<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    let kids = children(v);
    if kids.is_empty() || out.len() >= MAX_RESULTS {
        return;
    }
    out.push(v);
    for k in kids {
        descend(k, out);
    }
}

fn apply<'a>(step: &Step, v: &'a Value, out: &mut Vec<&'a Value>) {
    match step {
        Step::Field(name) => {
            if let Value::Object(members) = v
                && let Some((_, m)) = members.iter().find(|(k, _)| k == name)
            {
                out.push(m);
            }
        }
        Step::Wildcard => out.extend(children(v)),
        Step::Index(i) => {
            if let Value::Array(items) = v {
                let len = items.len() as i64;
                let idx = if *i < 0 { i + len } else { *i };
                if (0..len).contains(&idx) {
                    out.push(&items[idx as usize]);
                }
            }
        }
        Step::Slice(start, end, step) => {
            if let Value::Array(items) = v {
                let len = items.len() as i64;
                let norm = |x: i64| if x < 0 { (x + len).max(0) } else { x.min(len) };
                let step = step.unwrap_or(1);
                if step > 0 {
                    let (s, e) = (norm(start.unwrap_or(0)), norm(end.unwrap_or(len)));
                    let mut i = s;
                    while i < e {
                        out.push(&items[i as usize]);
                        i += step;
                    }
                } else {
                    let s = start.map_or(len - 1, |x| if x < 0 { x + len } else { x.min(len - 1) });
                    let e = end.map_or(-1, |x| if x < 0 { (x + len).max(-1) } else { x });
                    let mut i = s;
                    while i > e && i >= 0 {
                        out.push(&items[i as usize]);
                        i += step;
                    }
                }
            }
        }
        Step::Recursive => descend(v, out),
        Step::Filter(f) => {
            let items: Vec<&Value> = match v {
                Value::Array(items) => items.iter().collect(),
                _ => Vec::new(),
            };
            for item in items {
                if matches(f, item) {
                    out.push(item);
                }
            }
        }
    }
}

fn matches(f: &Filter, item: &Value) -> bool {
    let found = eval(&f.left, vec![item]);
    let Some((op, lit)) = &f.cmp else { return !found.is_empty() };
    found.first().is_some_and(|v| compare(v, *op, lit))
}

fn compare(v: &Value, op: Op, lit: &Literal) -> bool {
    use std::cmp::Ordering;
    let ord = match (v, lit) {
        (Value::String(s), Literal::Str(l)) => Some(s.as_str().cmp(l.as_str())),
        (Value::Number(n), Literal::Num(l)) => n.parse::<f64>().ok().and_then(|n| n.partial_cmp(l)),
        (Value::Bool(b), Literal::Bool(l)) => Some(b.cmp(l)),
        _ => None,
    };
    match (op, ord) {
        (Op::Eq, Some(o)) => o == Ordering::Equal,
        (Op::Ne, Some(o)) => o != Ordering::Equal,
        (Op::Ne, None) => true,
        (Op::Lt, Some(o)) => o == Ordering::Less,
        (Op::Le, Some(o)) => o != Ordering::Greater,
        (Op::Gt, Some(o)) => o == Ordering::Greater,
        (Op::Ge, Some(o)) => o != Ordering::Less,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn find(path: &str, doc: &str) -> Vec<String> {
        let doc = parse(doc.as_bytes()).expect("valid JSON");
        let p = JsonPath::parse(path).expect("valid path");
        p.find(&doc).iter().map(|v| String::from_utf8(v.to_compact_vec()).expect("utf-8")).collect()
    }

    const DOC: &str = r#"{"spec":{"replicas":3,"ports":[{"name":"http","port":80},{"name":"https","port":443},{"port":8080}],"a.b":"dotted"},
        "status":{"conditions":[{"type":"Ready","status":"True"},{"type":"Synced","status":"False"}]}}"#;

    #[test]
    fn fields_indexes_and_slices() {
        assert_eq!(find(".spec.replicas", DOC), ["3"]);
        assert_eq!(find(".spec.missing", DOC), Vec::<String>::new());
        assert_eq!(find(".spec.replicas.deeper", DOC), Vec::<String>::new());
        assert_eq!(find(".spec['a.b']", DOC), ["\"dotted\""]);
        assert_eq!(find(".spec.ports[0].name", DOC), ["\"http\""]);
        assert_eq!(find(".spec.ports[-1].port", DOC), ["8080"]);
        assert_eq!(find(".spec.ports[5].port", DOC), Vec::<String>::new());
        assert_eq!(find(".spec.ports[*].port", DOC), ["80", "443", "8080"]);
        assert_eq!(find(".spec.ports[1:].port", DOC), ["443", "8080"]);
        assert_eq!(find(".spec.ports[::-1].port", DOC), ["8080", "443", "80"]);
        assert_eq!(find(".status.*", DOC).len(), 1);
        assert_eq!(find(".", DOC).len(), 1);
    }

    #[test]
    fn filters_and_recursive_descent() {
        assert_eq!(find(r#".status.conditions[?(@.type=="Ready")].status"#, DOC), ["\"True\""]);
        assert_eq!(find(".status.conditions[?(@.type != 'Ready')].type", DOC), ["\"Synced\""]);
        assert_eq!(find(".spec.ports[?(@.port>=443)].port", DOC), ["443", "8080"]);
        assert_eq!(find(".spec.ports[?(@.name)].name", DOC), ["\"http\"", "\"https\""]);
        assert_eq!(find("..port", DOC), ["80", "443", "8080"]);
        assert_eq!(find("..type", DOC), ["\"Ready\"", "\"Synced\""]);
    }

    #[test]
    fn bad_paths_name_the_offset() {
        for (path, offset) in [
            ("spec", 0),
            (".spec[", 6),
            (".spec[abc]", 6),
            (".spec[0", 7),
            (".spec[?(@.a ~ 1)]", 12),
            (".spec[?(@.a == nope)]", 15),
            (".spec['x", 8),
            (".spec[::0]", 9),
            (".a..", 4),
        ] {
            let err = JsonPath::parse(path).expect_err(path);
            assert_eq!(err.offset, offset, "{path}: {err}");
        }
        let long = format!(".{}", "a".repeat(MAX_PATH_LEN));
        assert!(JsonPath::parse(&long).is_err());
    }
}
