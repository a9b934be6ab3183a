//! client-go's JSONPath evaluation (`JSONPath.FindResults`, `Execute`, `PrintResults`) over a JSON value, with upstream's results, error texts and printing.
//!
//! The document is what Go's unstructured decoding gives: objects are `map[string]interface{}`,
//! arrays `[]interface{}`, a number an `int64` when its text is one and a `float64` otherwise, and
//! `null` a nil interface. Evaluation walks a tree from [`parse`](super::parse) as upstream's
//! `walk` does, node for node, with its quirks kept:
//!
//! - a field of something that is not an object, or a missing key, gives nothing (or, without
//!   `allow_missing_keys`, the error `<name> is not found` when no input had it);
//! - an index or slice out of bounds, a start after the end and a step of 0 or below are errors,
//!   and a slice asking for no elements ends the step with what it has so far;
//! - `.*` and `..` also enter strings, whose members are bytes (Go's `uint8`), so `..` lists
//!   every non-empty string along with the objects and arrays;
//! - quoted strings, numbers and booleans in an action stand for themselves;
//! - a filter compares as Go's `text/template` does: an `int64` and a `float64` are
//!   `incompatible types for comparison`, a bool is ordered by nothing, and `[?(@.x)]` keeps an
//!   element whenever its operand gave values, even with an error;
//! - `range` and `end` open and close loops over the following actions.
//!
//! Two departures. Upstream visits an object's members in Go's map order, which is random; here
//! they come in document order. And two bounds hold hostile input: an evaluation that produces
//! more than [`MAX_VALUES`] values in all, or nests `range` deeper than [`MAX_RANGE_DEPTH`], fails
//! with an error of its own, where upstream runs on.

use super::{ArrayParam, Node};
use crate::json::format_go_float;
use crate::json::value::Value;

/// The most values one evaluation produces, over all its steps; unions and nested ranges
/// multiply, so this bounds the work a template can ask for.
pub const MAX_VALUES: usize = 1_000_000;

/// How deeply `range` loops may nest in one evaluation.
pub const MAX_RANGE_DEPTH: usize = 64;

/// One value a template selects or produces: upstream's `reflect.Value` of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Found<'a> {
    /// A value of the document; [`Value::Null`] is a null member or element (a nil interface).
    Json(&'a Value),
    /// A quoted string of the template (a Go `string`).
    Text(&'a str),
    /// An integer of the template (a Go `int`, not the document's `int64`).
    Int(i64),
    /// A number of the template with a `.` (a Go `float64`).
    Float(f64),
    /// `true` or `false` of the template.
    Bool(bool),
    /// One byte of a string, from `.*` or `..` over it (a Go `uint8`).
    Byte(u8),
    /// No value (an invalid `reflect.Value`): what a `range` over nothing evaluates its body on.
    Nothing,
}

/// Why an evaluation failed: upstream's error text, or a panic it would meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalError {
    message: String,
    panic: bool,
}

impl EvalError {
    fn new(message: impl Into<String>) -> EvalError {
        EvalError { message: message.into(), panic: false }
    }

    /// The message, as upstream's `err.Error()` (or the panic's value).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether upstream panics here instead of returning an error (`reflect` called on no
    /// value, as an index into what a `range` over nothing runs on); a server answers `500`.
    pub fn is_panic(&self) -> bool {
        self.panic
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// A failed step: its error, and the values upstream's function returns with it (an `exists`
/// filter keeps an element when these are not empty).
struct Failed<'a> {
    error: EvalError,
    kept: Vec<Found<'a>>,
}

impl<'a> Failed<'a> {
    fn new(message: impl Into<String>, kept: Vec<Found<'a>>) -> Failed<'a> {
        Failed { error: EvalError::new(message), kept }
    }
}

type Step<'a> = Result<Vec<Found<'a>>, Failed<'a>>;

/// Upstream's `FindResults`: one list of values per top-level node of `template` (text, and
/// each action), with `range` loops unrolled, on a fresh `JSONPath` (one that evaluates again
/// is a [`JsonPath`]).
pub fn find_results<'a>(
    template: &'a [Node],
    data: &'a Value,
    allow_missing_keys: bool,
) -> Result<Vec<Vec<Found<'a>>>, EvalError> {
    let mut eval = Eval { root: template, allow_missing_keys, ..Eval::default() };
    eval.find_results(document(data), 0)
}

/// The document as upstream's `reflect.ValueOf` of it: a nil interface for `null`.
fn document(data: &Value) -> Found<'_> {
    if matches!(data, Value::Null) { Found::Nothing } else { Found::Json(data) }
}

/// Upstream's `JSONPath` object, evaluated again and again: each [`JsonPath::find_results`]
/// starts where the one before left the object. After a `range`, client-go's object holds only
/// the template's rest from that loop's body on, so a second call evaluates that rest (for
/// `{.spec range .items[*]}{.name}{end}`, `{.name}{end}` on the whole document); and an error
/// inside a loop leaves its counters raised. apiextensions-apiserver's table convertor keeps one
/// per printer column for every row and read, until the definition changes.
#[derive(Debug, Clone)]
pub struct JsonPath {
    template: Vec<Node>,
    allow_missing_keys: bool,
    carried: Carried,
}

impl JsonPath {
    /// An object for a parsed template, as upstream's `New` then `Parse` then `AllowMissingKeys`.
    pub fn new(template: Vec<Node>, allow_missing_keys: bool) -> JsonPath {
        JsonPath { template, allow_missing_keys, carried: Carried::default() }
    }

    /// Upstream's `FindResults` on this object (see [`find_results`]).
    pub fn find_results<'a>(&'a mut self, data: &'a Value) -> Result<Vec<Vec<Found<'a>>>, EvalError> {
        let start = self.carried.start;
        let mut eval = Eval {
            root: &self.template,
            allow_missing_keys: self.allow_missing_keys,
            carried: self.carried,
            ..Eval::default()
        };
        let found = eval.find_results(document(data), start);
        self.carried = eval.carried;
        found
    }
}

/// Upstream's `Execute`: every list of [`find_results`] printed by [`print_results`], joined.
pub fn execute(template: &[Node], data: &Value, allow_missing_keys: bool) -> Result<String, EvalError> {
    let mut out = String::new();
    for results in find_results(template, data, allow_missing_keys)? {
        out.push_str(&print_results(&results));
    }
    Ok(out)
}

/// Upstream's `PrintResults` (without JSON output): the values separated by spaces, objects
/// and arrays as Go's `json.Marshal` writes them, the rest as Go's `fmt.Fprint` does.
pub fn print_results(results: &[Found<'_>]) -> String {
    let texts: Vec<String> = results.iter().map(Found::print).collect();
    texts.join(" ")
}

impl<'a> Found<'a> {
    /// How upstream's `PrintResults` writes this one value: a null member `null`, no value
    /// `<no value>`, objects and arrays as JSON.
    pub fn print(&self) -> String {
        match self {
            Found::Json(v @ (Value::Object(_) | Value::Array(_))) => {
                let mut out = Vec::new();
                go_marshal(v).write_compact(&mut out);
                String::from_utf8_lossy(&out).into_owned()
            }
            Found::Json(Value::Null) => "null".into(),
            Found::Nothing => "<no value>".into(),
            other => go_fmt_v(other),
        }
    }

    /// The value as upstream's `value.Interface()` hands it on (to a `range` body, or a
    /// table's cell): a null member becomes no value at all.
    pub fn interface(self) -> Found<'a> {
        match self {
            Found::Json(Value::Null) => Found::Nothing,
            other => other,
        }
    }
}

/// A JSON number as Go's unstructured decoding holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An `int64`: the text is an integer that fits.
    Int(i64),
    /// A `float64`: anything else.
    Float(f64),
}

/// A JSON number's text as Go's unstructured decoding holds it: an `int64` when it is one.
pub fn number(text: &str) -> Number {
    match text.parse::<i64>() {
        Ok(i) => Number::Int(i),
        // The decoder refused what does not fit a float64, so this is one.
        Err(_) => Number::Float(text.parse::<f64>().unwrap_or(f64::NAN)),
    }
}

/// What Go's `fmt.Fprint` writes for a `float64` (`%v`, strconv's shortest `'g'`): the shortest
/// digits, in exponent form below 1e-4 and from 1e6 on (`1e+06`; JSON's threshold is 1e21).
pub fn go_fmt_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf".into() } else { "-Inf".into() };
    }
    crate::yaml::format_g(&format!("{f:e}"))
}

/// The value as Go's `json.Marshal` of its decoded form writes it: object keys sorted (the last
/// of duplicates wins, as decoding into a map keeps it), numbers as `int64` or `float64` print.
fn go_marshal(v: &Value) -> Value {
    match v {
        Value::Object(members) => {
            let mut map = std::collections::BTreeMap::new();
            for (k, m) in members {
                map.insert(k.clone(), go_marshal(m));
            }
            Value::Object(map.into_iter().collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(go_marshal).collect()),
        Value::Number(n) => Value::Number(match number(n) {
            Number::Int(i) => i.to_string(),
            Number::Float(f) => format_go_float(f, false).unwrap_or_else(|| n.clone()),
        }),
        other => other.clone(),
    }
}

/// Go's `%v` of a value: maps as `map[k:v …]` with sorted keys, slices as `[a b]`, nil as
/// `<nil>`, strings bare.
fn go_fmt_v(v: &Found<'_>) -> String {
    fn json(v: &Value, out: &mut String) {
        match v {
            Value::Null => out.push_str("<nil>"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(&match number(n) {
                Number::Int(i) => i.to_string(),
                Number::Float(f) => go_fmt_float(f),
            }),
            Value::String(s) => out.push_str(s),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    json(item, out);
                }
                out.push(']');
            }
            Value::Object(members) => {
                let map: std::collections::BTreeMap<&str, &Value> =
                    members.iter().map(|(k, m)| (k.as_str(), m)).collect();
                out.push_str("map[");
                for (i, (k, m)) in map.into_iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push_str(k);
                    out.push(':');
                    json(m, out);
                }
                out.push(']');
            }
        }
    }
    match v {
        Found::Json(j) => {
            let mut out = String::new();
            json(j, &mut out);
            out
        }
        Found::Text(s) => (*s).to_owned(),
        Found::Int(i) => i.to_string(),
        Found::Float(f) => go_fmt_float(*f),
        Found::Bool(b) => b.to_string(),
        Found::Byte(b) => b.to_string(),
        Found::Nothing => "<invalid reflect.Value>".into(),
    }
}

/// The Go type `reflect` names for a value (`value.Type()`); `None` for no value, where
/// upstream's call panics.
fn go_type(v: &Found<'_>) -> Option<&'static str> {
    Some(match v {
        Found::Json(Value::Object(_)) => "map[string]interface {}",
        Found::Json(Value::Array(_)) => "[]interface {}",
        Found::Json(Value::String(_)) | Found::Text(_) => "string",
        Found::Json(Value::Number(n)) => match number(n) {
            Number::Int(_) => "int64",
            Number::Float(_) => "float64",
        },
        Found::Json(Value::Bool(_)) | Found::Bool(_) => "bool",
        Found::Json(Value::Null) => "interface {}",
        Found::Int(_) => "int",
        Found::Float(_) => "float64",
        Found::Byte(_) => "uint8",
        Found::Nothing => return None,
    })
}

/// What upstream's `JSONPath` object keeps from one `FindResults` call to the next, as indexes
/// into the whole template: where the template now starts (a `range` sets the parser's root to
/// the rest of the template after it, and leaves it so) and the loop counters (an error inside a
/// loop returns without lowering them).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Carried {
    start: usize,
    begin_range: usize,
    in_range: usize,
    end_range: usize,
    /// The index of the `end` that closed the latest loop.
    last_end: Option<usize>,
}

/// The state of one evaluation: upstream's `JSONPath` fields, over indexes into the template.
#[derive(Default)]
struct Eval<'a> {
    root: &'a [Node],
    allow_missing_keys: bool,
    carried: Carried,
    /// Values produced so far (see [`MAX_VALUES`]).
    produced: usize,
    /// Open `range` loops (see [`MAX_RANGE_DEPTH`]).
    depth: usize,
}

impl<'a> Eval<'a> {
    /// Upstream's `FindResults` over the template's top-level nodes from `base` on.
    fn find_results(&mut self, data: Found<'a>, base: usize) -> Result<Vec<Vec<Found<'a>>>, EvalError> {
        let nodes = self.root.get(base..).unwrap_or_default();
        let cur = [data];
        let mut full = Vec::new();
        let mut i = 0;
        while let Some(node) = nodes.get(i) {
            let results = self.walk(&cur, node).map_err(|f| f.error)?;
            // An `end` closed the loop this call runs the body of.
            if self.carried.end_range > 0 && self.carried.end_range <= self.carried.in_range {
                self.carried.end_range -= 1;
                self.carried.last_end = Some(base + i);
                break;
            }
            if self.carried.begin_range > 0 {
                self.carried.begin_range -= 1;
                self.carried.in_range += 1;
                self.depth += 1;
                if self.depth > MAX_RANGE_DEPTH {
                    return Err(EvalError::new(format!("JSONPath ranges nested deeper than {MAX_RANGE_DEPTH}")));
                }
                // Upstream points its parser's root at the body before each run of it, and
                // leaves it there: the next call of the same object starts from it.
                if results.is_empty() {
                    // The body still runs once, on no value, so that its `end` is found.
                    self.carried.start = base + i + 1;
                    self.find_results(Found::Nothing, base + i + 1)?;
                } else {
                    for value in results {
                        self.carried.start = base + i + 1;
                        full.extend(self.find_results(value.interface(), base + i + 1)?);
                    }
                }
                self.depth -= 1;
                self.carried.in_range -= 1;
                // Go on after the `end` that closed the loop.
                if let Some(k) = (i + 1..nodes.len()).find(|&k| Some(base + k) == self.carried.last_end) {
                    i = k;
                }
                i += 1;
                continue;
            }
            full.push(results);
            i += 1;
        }
        Ok(full)
    }

    fn charge(&mut self, n: usize) -> Result<(), Failed<'a>> {
        self.produced = self.produced.saturating_add(n);
        if self.produced > MAX_VALUES {
            return Err(Failed::new(format!("JSONPath evaluation produced more than {MAX_VALUES} values"), Vec::new()));
        }
        Ok(())
    }

    /// Upstream's `walk`: one node on every input value.
    fn walk(&mut self, input: &[Found<'a>], node: &'a Node) -> Step<'a> {
        let out = match node {
            Node::List(nodes) => self.list(input, nodes),
            Node::Text(s) => Ok(vec![Found::Text(s)]),
            Node::Field(name) => self.field(input, name),
            Node::Array(params) => array(input, params),
            Node::Filter { left, right, operator } => self.filter(input, left, right, operator),
            Node::Int(i) => Ok(vec![Found::Int(*i); input.len()]),
            Node::Float(f) => Ok(vec![Found::Float(*f); input.len()]),
            Node::Bool(b) => Ok(vec![Found::Bool(*b); input.len()]),
            Node::Wildcard => Ok(wildcard(input)),
            Node::Recursive => self.recursive(input),
            Node::Union(members) => self.union(input, members),
            Node::Identifier(name) => self.identifier(input, name),
        }?;
        self.charge(out.len())?;
        Ok(out)
    }

    /// Upstream's `evalList`: each node on what the one before gave.
    fn list(&mut self, input: &[Found<'a>], nodes: &'a [Node]) -> Step<'a> {
        let mut cur = input.to_vec();
        for node in nodes {
            cur = self.walk(&cur, node)?;
        }
        Ok(cur)
    }

    fn identifier(&mut self, input: &[Found<'a>], name: &str) -> Step<'a> {
        match name {
            "range" => {
                self.carried.begin_range += 1;
                Ok(input.to_vec())
            }
            "end" if self.carried.in_range > 0 => {
                self.carried.end_range += 1;
                Ok(Vec::new())
            }
            "end" => Err(Failed::new("not in range, nothing to end", Vec::new())),
            _ => Err(Failed::new(format!("unrecognized identifier {name}"), input.to_vec())),
        }
    }

    /// Upstream's `evalField`: the member of each object input.
    fn field(&mut self, input: &[Found<'a>], name: &str) -> Step<'a> {
        let mut results = Vec::new();
        if input.is_empty() {
            return Ok(results);
        }
        for value in input {
            // Decoding into a Go map keeps the last of duplicate keys.
            if let Found::Json(Value::Object(members)) = value
                && let Some((_, m)) = members.iter().rev().find(|(k, _)| k == name)
            {
                results.push(Found::Json(m));
            }
        }
        if results.is_empty() && !self.allow_missing_keys {
            return Err(Failed::new(format!("{name} is not found"), results));
        }
        Ok(results)
    }

    /// Upstream's `evalRecursive`: each input with members, then its members' descent, in
    /// pre-order; strings have bytes for members.
    fn recursive(&mut self, input: &[Found<'a>]) -> Step<'a> {
        let mut out = Vec::new();
        let mut stack: Vec<Found<'a>> = input.iter().rev().copied().collect();
        while let Some(value) = stack.pop() {
            match value {
                Found::Json(Value::Object(members)) if !members.is_empty() => {
                    out.push(value);
                    stack.extend(members.iter().rev().map(|(_, m)| Found::Json(m)));
                }
                Found::Json(Value::Array(items)) if !items.is_empty() => {
                    out.push(value);
                    stack.extend(items.iter().rev().map(Found::Json));
                }
                // A string's members are bytes, which have none.
                Found::Json(Value::String(s)) if !s.is_empty() => out.push(value),
                Found::Text(s) if !s.is_empty() => out.push(value),
                _ => {}
            }
            self.charge(1)?;
        }
        Ok(out)
    }

    /// Upstream's `evalUnion`: each member's results on the same input, in turn.
    fn union(&mut self, input: &[Found<'a>], members: &'a [Vec<Node>]) -> Step<'a> {
        let mut result = Vec::new();
        for member in members {
            let found = self.list(input, member).map_err(|f| Failed { error: f.error, kept: input.to_vec() })?;
            result.extend(found);
        }
        Ok(result)
    }

    /// Upstream's `evalFilter`: the elements of each array input whose comparison holds.
    fn filter(&mut self, input: &[Found<'a>], left: &'a [Node], right: &'a [Node], operator: &str) -> Step<'a> {
        let mut results = Vec::new();
        for value in input {
            let Found::Json(Value::Array(items)) = value else {
                let message = format!("{} is not array or slice and cannot be filtered", go_fmt_v(value));
                return Err(Failed::new(message, input.to_vec()));
            };
            for item in items {
                let temp = [Found::Json(item)];
                let lefts = self.list(&temp, left);
                if operator == "exists" {
                    // What the operand gave counts, even when it failed.
                    let found = match &lefts {
                        Ok(v) => !v.is_empty(),
                        Err(f) => !f.error.panic && !f.kept.is_empty(),
                    };
                    if let Err(f) = &lefts
                        && f.error.panic
                    {
                        return Err(Failed { error: f.error.clone(), kept: Vec::new() });
                    }
                    if found {
                        results.push(Found::Json(item));
                    }
                    continue;
                }
                let lefts = lefts.map_err(|f| Failed { error: f.error, kept: input.to_vec() })?;
                let lhs = match lefts.as_slice() {
                    [] => continue,
                    [one] => one.interface(),
                    _ => return Err(Failed::new("can only compare one element at a time", input.to_vec())),
                };
                let rights = self.list(&temp, right).map_err(|f| Failed { error: f.error, kept: input.to_vec() })?;
                let rhs = match rights.as_slice() {
                    [] => continue,
                    [one] => one.interface(),
                    _ => return Err(Failed::new("can only compare one element at a time", input.to_vec())),
                };
                let pass = match operator {
                    "<" => less(lhs, rhs),
                    ">" => less_equal(lhs, rhs).map(|le| !le),
                    "==" => equal(lhs, rhs),
                    "!=" => equal(lhs, rhs).map(|eq| !eq),
                    "<=" => less_equal(lhs, rhs),
                    ">=" => less(lhs, rhs).map(|lt| !lt),
                    _ => return Err(Failed::new(format!("unrecognized filter operator {operator}"), results)),
                };
                match pass {
                    Ok(true) => results.push(Found::Json(item)),
                    Ok(false) => {}
                    Err(message) => return Err(Failed::new(message, results)),
                }
            }
        }
        Ok(results)
    }
}

/// Upstream's `evalWildcard`: every member of each object, array or string (bytes) input.
fn wildcard<'a>(input: &[Found<'a>]) -> Vec<Found<'a>> {
    let mut results = Vec::new();
    for value in input {
        match value {
            Found::Json(Value::Object(members)) => results.extend(members.iter().map(|(_, m)| Found::Json(m))),
            Found::Json(Value::Array(items)) => results.extend(items.iter().map(Found::Json)),
            Found::Json(Value::String(s)) => results.extend(s.bytes().map(Found::Byte)),
            Found::Text(s) => results.extend(s.bytes().map(Found::Byte)),
            _ => {}
        }
    }
    results
}

/// Upstream's `evalArray`: an index or slice of each array input.
fn array<'a>(input: &[Found<'a>], params: &[ArrayParam; 3]) -> Step<'a> {
    let mut result = Vec::new();
    for value in input {
        let items = match value {
            Found::Json(Value::Null) => continue,
            Found::Json(Value::Array(items)) => items,
            other => {
                let Some(ty) = go_type(other) else {
                    return Err(Failed {
                        error: EvalError {
                            message: "reflect: call of reflect.Value.Type on zero Value".into(),
                            panic: true,
                        },
                        kept: Vec::new(),
                    });
                };
                return Err(Failed::new(format!("{ty} is not array or slice"), input.to_vec()));
            }
        };
        // A Go `int` holds any length here.
        let len = i64::try_from(items.len()).unwrap_or(i64::MAX);
        let [s, e, step] = params;
        let mut start = if s.known { s.value } else { 0 };
        if start < 0 {
            start = start.wrapping_add(len);
        }
        let mut end = if e.known { e.value } else { len };
        if end < 0 || (end == 0 && e.derived) {
            end = end.wrapping_add(len);
        }
        if start == end {
            // Asking for no elements ends the step with what earlier inputs gave.
            return Ok(result);
        }
        if start >= len || start < 0 {
            return Err(Failed::new(format!("array index out of bounds: index {start}, length {len}"), input.to_vec()));
        }
        if end > len || end < 0 {
            let index = end.wrapping_sub(1);
            return Err(Failed::new(format!("array index out of bounds: index {index}, length {len}"), input.to_vec()));
        }
        if start > end {
            return Err(Failed::new(
                format!("starting index {start} is greater than ending index {end}"),
                input.to_vec(),
            ));
        }
        let by = if step.known {
            if step.value <= 0 {
                return Err(Failed::new("step must be > 0", input.to_vec()));
            }
            usize::try_from(step.value).unwrap_or(usize::MAX)
        } else {
            1
        };
        // In bounds: checked above.
        let (start, end) = (start as usize, end as usize);
        result.extend(items[start..end].iter().step_by(by).map(Found::Json));
    }
    Ok(result)
}

/// Go's `text/template` kinds that compare.
#[derive(Clone, Copy, PartialEq)]
enum Basic<'a> {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(&'a str),
}

const BAD_TYPE: &str = "invalid type for comparison";
const BAD_COMPARISON: &str = "incompatible types for comparison";

fn basic<'a>(v: Found<'a>) -> Result<Basic<'a>, &'static str> {
    Ok(match v {
        Found::Json(Value::Bool(b)) => Basic::Bool(*b),
        Found::Bool(b) => Basic::Bool(b),
        Found::Json(Value::Number(n)) => match number(n) {
            Number::Int(i) => Basic::Int(i),
            Number::Float(f) => Basic::Float(f),
        },
        Found::Json(Value::String(s)) => Basic::Str(s),
        Found::Text(s) => Basic::Str(s),
        Found::Int(i) => Basic::Int(i),
        Found::Float(f) => Basic::Float(f),
        Found::Byte(b) => Basic::Uint(u64::from(b)),
        Found::Json(Value::Null | Value::Array(_) | Value::Object(_)) | Found::Nothing => return Err(BAD_TYPE),
    })
}

/// Go's `template.Equal`.
fn equal(a: Found<'_>, b: Found<'_>) -> Result<bool, &'static str> {
    let (a, b) = (basic(a)?, basic(b)?);
    Ok(match (a, b) {
        (Basic::Bool(x), Basic::Bool(y)) => x == y,
        (Basic::Int(x), Basic::Int(y)) => x == y,
        (Basic::Uint(x), Basic::Uint(y)) => x == y,
        (Basic::Float(x), Basic::Float(y)) => x == y,
        (Basic::Str(x), Basic::Str(y)) => x == y,
        // Integers compare regardless of sign.
        (Basic::Int(x), Basic::Uint(y)) | (Basic::Uint(y), Basic::Int(x)) => u64::try_from(x).is_ok_and(|x| x == y),
        _ => return Err(BAD_COMPARISON),
    })
}

/// Go's `template.Less`.
fn less(a: Found<'_>, b: Found<'_>) -> Result<bool, &'static str> {
    let (a, b) = (basic(a)?, basic(b)?);
    Ok(match (a, b) {
        (Basic::Bool(_), Basic::Bool(_)) => return Err(BAD_TYPE),
        (Basic::Int(x), Basic::Int(y)) => x < y,
        (Basic::Uint(x), Basic::Uint(y)) => x < y,
        (Basic::Float(x), Basic::Float(y)) => x < y,
        (Basic::Str(x), Basic::Str(y)) => x < y,
        (Basic::Int(x), Basic::Uint(y)) => u64::try_from(x).map_or(true, |x| x < y),
        (Basic::Uint(x), Basic::Int(y)) => u64::try_from(y).is_ok_and(|y| x < y),
        _ => return Err(BAD_COMPARISON),
    })
}

/// Go's `template.LessEqual`: `<` or `==`.
fn less_equal(a: Found<'_>, b: Found<'_>) -> Result<bool, &'static str> {
    if less(a, b)? {
        return Ok(true);
    }
    equal(a, b)
}

#[cfg(test)]
#[path = "jsonpath_eval_tests.rs"]
mod tests;
