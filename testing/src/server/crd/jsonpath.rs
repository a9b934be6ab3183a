//! A bounded evaluator of client-go's JSONPath for custom resources' printer columns (`additionalPrinterColumns[].jsonPath`), over the tree of kapi-machinery's port of its parser.
//!
//! A column's path is parsed as upstream's table convertor parses it, `{<path>}` with client-go's
//! parser, so a path is refused with upstream's own error text. Evaluated: fields (`.spec.replicas`,
//! `.a\.b`; `['a.b']` is upstream's path `.a.b`), indexes (`[0]`, `[-1]`), slices (`[1:3]`, `[::2]`, `[*]`), `.*`, recursive
//! descent (`..name`), unions (`[0,2]`) and filters comparing with a string, number or boolean
//! (`[?(@.type=="Ready")]`, `[?(@.port>80)]`, `[?(@.name)]`). A missing key, an index out of
//! range, a step that does not fit the value or a slice step of 0 gives no result, where
//! upstream's evaluator (with `AllowMissingKeys(true)`) gives none or fails: either way the table
//! shows an empty cell. `.` alone is the field named "", as upstream's tree has it. Not
//! evaluated, and refused when the columns are read: identifiers (`range`), literals as steps,
//! other filter operands (`@.a == @.b`) and operators. Unlike upstream, a negative slice step
//! walks backwards.

use kapi_machinery::json::value::Value;
use kapi_machinery::jsonpath::{self, Node};

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
    /// `[a,b]`: each member's results from the same value, in turn.
    Union(Vec<Vec<Step>>),
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

/// Why a path cannot be served: client-go's parse error, word for word, or a construct this
/// evaluator does not implement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PathError {
    pub(crate) message: String,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn unsupported<T>(what: &str) -> Result<T, PathError> {
    Err(PathError { message: format!("{what} is not supported in a printer column") })
}

/// The steps of an action's nodes (a filter's left operand too).
fn steps(nodes: &[Node]) -> Result<Vec<Step>, PathError> {
    nodes.iter().map(step).collect()
}

fn step(node: &Node) -> Result<Step, PathError> {
    Ok(match node {
        Node::Field(name) => Step::Field(name.clone()),
        Node::Wildcard => Step::Wildcard,
        Node::Recursive => Step::Recursive,
        // `[i]`: upstream's end is derived from the start (`i + 1`), an index by another name.
        Node::Array([start, end, _]) if end.derived => Step::Index(if start.known { start.value } else { 0 }),
        Node::Array(params) => {
            let [start, end, step] = params.map(|p| p.known.then_some(p.value));
            Step::Slice(start, end, step)
        }
        Node::Union(members) => Step::Union(members.iter().map(|m| steps(m)).collect::<Result<_, _>>()?),
        Node::Filter { left, right, operator } => {
            let left = steps(left)?;
            let cmp = match operator.as_str() {
                "exists" => None,
                op => {
                    let op = match op {
                        "==" => Op::Eq,
                        "!=" => Op::Ne,
                        "<" => Op::Lt,
                        "<=" => Op::Le,
                        ">" => Op::Gt,
                        ">=" => Op::Ge,
                        _ => return unsupported(&format!("the filter operator {op:?}")),
                    };
                    let literal = match right.as_slice() {
                        [Node::Text(s)] => Literal::Str(s.clone()),
                        // Go's `int` compares with a JSON number as a number.
                        [Node::Int(i)] => Literal::Num(*i as f64),
                        [Node::Float(f)] => Literal::Num(*f),
                        [Node::Bool(b)] => Literal::Bool(*b),
                        _ => return unsupported("a filter operand other than a string, number or boolean"),
                    };
                    Some((op, literal))
                }
            };
            Step::Filter(Filter { left, cmp })
        }
        Node::Identifier(name) => return unsupported(&format!("the identifier {name:?}")),
        Node::Text(_) | Node::Int(_) | Node::Float(_) | Node::Bool(_) => return unsupported("a literal"),
        Node::List(_) => return unsupported("a nested action"),
    })
}

impl JsonPath {
    /// Parses a column's path as upstream's table convertor does: client-go's parser on
    /// `{<path>}`. The first action is the column (upstream shows the first result list's first
    /// value); text or actions after a `}` in the path are parsed and not evaluated.
    pub(crate) fn parse(path: &str) -> Result<JsonPath, PathError> {
        if path.len() > MAX_PATH_LEN {
            return Err(PathError { message: format!("longer than {MAX_PATH_LEN} bytes") });
        }
        let root = jsonpath::parse(&format!("{{{path}}}")).map_err(|e| PathError { message: e.to_string() })?;
        // The template starts with `{`, so its first node is that action.
        let nodes = match root.first() {
            Some(Node::List(nodes)) => nodes.as_slice(),
            _ => &[],
        };
        Ok(JsonPath { steps: steps(nodes)? })
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
                if step == 0 {
                    // Upstream's "step must be > 0" is an evaluation error: an empty cell.
                    return;
                }
                if step > 0 {
                    let (s, e) = (norm(start.unwrap_or(0)), norm(end.unwrap_or(len)));
                    let mut i = s;
                    while i < e {
                        out.push(&items[i as usize]);
                        i = i.saturating_add(step);
                    }
                } else {
                    let s = start.map_or(len - 1, |x| if x < 0 { x + len } else { x.min(len - 1) });
                    let e = end.map_or(-1, |x| if x < 0 { (x + len).max(-1) } else { x });
                    let mut i = s;
                    while i > e && i >= 0 {
                        out.push(&items[i as usize]);
                        i = i.saturating_add(step);
                    }
                }
            }
        }
        Step::Recursive => descend(v, out),
        Step::Union(members) => {
            for m in members {
                if out.len() >= MAX_RESULTS {
                    break;
                }
                out.extend(eval(m, vec![v]));
            }
        }
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
        // Upstream reads a quoted key as a path, dots and all; a backslash escapes a dot.
        assert_eq!(find(".spec['a.b']", DOC), Vec::<String>::new());
        assert_eq!(find(r".spec.a\.b", DOC), ["\"dotted\""]);
        assert_eq!(find(".spec['replicas']", DOC), ["3"]);
        assert_eq!(find(".spec.ports[0].name", DOC), ["\"http\""]);
        assert_eq!(find(".spec.ports[-1].port", DOC), ["8080"]);
        assert_eq!(find(".spec.ports[5].port", DOC), Vec::<String>::new());
        assert_eq!(find(".spec.ports[*].port", DOC), ["80", "443", "8080"]);
        assert_eq!(find(".spec.ports[1:].port", DOC), ["443", "8080"]);
        assert_eq!(find(".spec.ports[::-1].port", DOC), ["8080", "443", "80"]);
        assert_eq!(find(".status.*", DOC).len(), 1);
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
    fn paths_upstream_parses_and_this_evaluator_does_not_are_errors() {
        for (path, message) in [
            (".spec[", "unterminated array"),
            (".spec[abc]", "invalid array index abc"),
            (".spec[0", "unterminated array"),
            (".spec[?(@.a ~ 1)]", "unrecognized character in action: U+007E '~'"),
            (".spec['x", "unterminated array"),
            (".spec..*", "unrecognized character in action: U+002A '*'"),
            ("spec", r#"the identifier "spec" is not supported in a printer column"#),
            (
                ".spec[?(@.a == nope)]",
                "a filter operand other than a string, number or boolean is not supported in a printer column",
            ),
            (".spec[?(@.a =< 1)]", r#"the filter operator "=<" is not supported in a printer column"#),
        ] {
            let err = JsonPath::parse(path).expect_err(path);
            assert_eq!(err.message, message, "{path}");
        }
        let long = format!(".{}", "a".repeat(MAX_PATH_LEN));
        assert!(JsonPath::parse(&long).is_err());
    }

    #[test]
    fn what_upstream_parses_and_evaluates_to_nothing() {
        // Upstream's evaluator fails on a step of 0 and a wildcard index of an object; the cell is empty.
        assert_eq!(find(".spec.ports[::0].port", DOC), Vec::<String>::new());
        assert_eq!(find(".spec[*]", DOC), Vec::<String>::new());
        assert_eq!(find(".", DOC), Vec::<String>::new());
        // A `}` ends the action; the rest is text upstream does not show in the cell.
        assert_eq!(find(".spec.replicas}x", DOC), ["3"]);
        assert_eq!(find(".spec..", DOC).len(), 5);
        assert_eq!(find(".spec.ports[0,2].port", DOC), ["80", "8080"]);
        assert_eq!(find("$.spec.ports[?(.port < 100)].name", DOC), ["\"http\""]);
    }
}
