//! `x-kubernetes-validations`: the CEL rules of a structural schema evaluated at their places in a custom object (by the test server) or a schema's default (by the definition's validation), as apiextensions-apiserver does, with its messages and cost budget.

use std::collections::HashMap;
use std::rc::Rc;

use kapi_cel::{self as cel, EvalError, Program, Val};
use kapi_machinery::json::value::Value;
use kapi_machinery::validation::FieldError;

use super::formats;
use super::schema::{Schema, additional, embedded, items, join, property, text};
use super::validation::{Rule, rules_of};

/// The variables a rule may use.
const VARS: &[&str] = &["self", "oldSelf"];

/// Upstream's limit on an evaluated `messageExpression` (`MaxEvaluatedMessageExpressionSizeBytes`).
const MAX_MESSAGE_BYTES: usize = 5 * 1024;

// Whether every rule compiles is checked with the definition, by
// `apiextensions::v1::validation` (run by the scheme's validation of every write).

// ---- The object's side: every rule evaluated at its place. ----

/// Schemas deeper than this are not looked into (requests are bounded the same way).
const MAX_SCHEMA_DEPTH: usize = 64;

/// Evaluates the rules of `s` over the object `new` (and, on update, the stored `old`),
/// returning upstream's field errors.
pub fn validate(new: &Value, old: Option<&Value>, s: &Schema) -> Vec<FieldError> {
    validate_within(new, old, s, true, cel::RUNTIME_BUDGET).errors
}

/// What [`validate_within`] found and what it left of the budget.
#[derive(Debug)]
pub struct Evaluated {
    /// The rules' field errors, paths relative to the value.
    pub errors: Vec<FieldError>,
    /// What is left of the budget.
    pub budget_left: u64,
    /// Whether the budget ran out (or a rule hit the per-call limit): no further rule ran, and
    /// upstream's callers stop evaluating there too.
    pub stopped: bool,
}

/// Evaluates the rules of `s` over `new` (`old` its old value, if any) from a budget of
/// `budget`; `root` is whether `s` is a resource's root (the object, or an embedded resource),
/// where `apiVersion`, `kind` and `metadata` are not looked into.
pub fn validate_within(new: &Value, old: Option<&Value>, s: &Schema, root: bool, budget: u64) -> Evaluated {
    let mut w = Walk { budget, errs: Vec::new(), stopped: false, programs: HashMap::new() };
    w.node(new, old, s, "", root, 0);
    Evaluated { errors: w.errs, budget_left: w.budget, stopped: w.stopped }
}

struct Walk {
    /// What is left of the object's cost budget.
    budget: u64,
    errs: Vec<FieldError>,
    /// Set once the budget is spent or a rule hit its cost limit: no further rules run.
    stopped: bool,
    /// Each rule compiled once per object, however many elements it runs on.
    programs: HashMap<String, Rc<Result<Program, String>>>,
}

impl Walk {
    fn node(&mut self, new: &Value, old: Option<&Value>, s: &Schema, path: &str, root: bool, depth: usize) {
        // Rules validate only values that are there and not null (a rule on the parent can
        // check for presence); nothing past the depth requests are bounded to.
        if self.stopped || *new == Value::Null || depth > MAX_SCHEMA_DEPTH {
            return;
        }
        let old = old.filter(|o| **o != Value::Null);
        let rules = rules_of(s);
        if !rules.is_empty() {
            self.rules(&rules, new, old, s, path, root);
        }
        match new {
            Value::Object(members) => {
                let add = additional(s);
                for (k, v) in members {
                    if root && matches!(k.as_str(), "apiVersion" | "kind" | "metadata") {
                        continue;
                    }
                    let old_v = old.and_then(|o| o.get(k));
                    if let Some(ps) = property(s, k) {
                        self.node(v, old_v, ps, &join(path, k), embedded(ps), depth + 1);
                    } else if let Some(a) = add {
                        self.node(v, old_v, a, &format!("{path}[{k}]"), embedded(a), depth + 1);
                    }
                }
            }
            Value::Array(elems) => {
                let Some(is) = items(s) else { return };
                let old_elems = match old {
                    Some(Value::Array(o)) => o.as_slice(),
                    _ => &[],
                };
                let old_index = Correlation::new(old_elems, s);
                for (i, e) in elems.iter().enumerate() {
                    let old_e = old_index.find(e);
                    self.node(e, old_e, is, &format!("{path}[{i}]"), embedded(is), depth + 1);
                }
            }
            _ => {}
        }
    }

    fn rules(&mut self, rules: &[Rule<'_>], new: &Value, old: Option<&Value>, s: &Schema, path: &str, root: bool) {
        let ty = text(s, "type");
        let invalid = |p: &str, detail: String| FieldError::invalid(p.to_owned(), ty, &detail);
        if self.budget == 0 {
            self.errs.push(invalid(path, OUT_OF_BUDGET.into()));
            self.stopped = true;
            return;
        }
        let self_val = to_val(new, Some(s), root);
        let old_val = old.map(|o| to_val(o, Some(s), root));
        let mut vars = vec![("self", self_val)];
        if let Some(o) = old_val {
            vars.push(("oldSelf", o));
        }
        for r in rules {
            // A rule that does not compile was refused with its definition; one stored before
            // is reported, as upstream reports rules it could not compile.
            let compiled = self.compiled(r.rule);
            let program = match &*compiled {
                Ok(p) => p,
                Err(e) => {
                    self.errs.push(invalid(path, format!("rule compile error: {e}")));
                    continue;
                }
            };
            // Transition rules run only where there is an old value to compare with.
            if program.uses("oldSelf") && old.is_none() {
                continue;
            }
            let shown = rule_shown(r);
            let ev = program.eval(&vars, cel::PER_CALL_LIMIT.min(self.budget));
            if ev.cost > self.budget {
                self.errs.push(invalid(path, OUT_OF_BUDGET.into()));
                self.stopped = true;
                return;
            }
            self.budget -= ev.cost;
            match ev.result {
                Ok(Val::Bool(true)) => {}
                Ok(Val::Bool(false)) => {
                    let at = match r.field_path.trim_start_matches('.') {
                        "" => path.to_owned(),
                        fp => join(path, fp),
                    };
                    let detail = self.message(r, &vars).unwrap_or_else(|| match r.message.trim() {
                        "" => format!("failed rule: {shown}"),
                        m => m.to_owned(),
                    });
                    self.errs.push(match r.reason {
                        "FieldValueForbidden" => FieldError::forbidden(at, &detail),
                        "FieldValueRequired" => FieldError::required(at, &detail),
                        "FieldValueDuplicate" => FieldError::duplicate(at, ty),
                        _ => invalid(&at, detail),
                    });
                }
                Ok(other) => self.errs.push(invalid(
                    path,
                    format!("rule gave {} where a bool is expected evaluating rule: {shown}", other.type_name()),
                )),
                Err(EvalError::Cost) => {
                    self.errs.push(invalid(
                        path,
                        format!("'{}': no further validation rules will be run due to call cost exceeds limit for rule: {shown}", EvalError::Cost),
                    ));
                    self.stopped = true;
                    return;
                }
                Err(EvalError::Msg(m)) if m.starts_with("no such overload") => self.errs.push(invalid(
                    path,
                    format!("'{m}': call arguments did not match a supported operator, function or macro signature for rule: {shown}"),
                )),
                Err(EvalError::Msg(m)) => self.errs.push(invalid(path, format!("{m} evaluating rule: {shown}"))),
            }
        }
    }

    fn compiled(&mut self, src: &str) -> Rc<Result<Program, String>> {
        self.programs
            .entry(src.to_owned())
            .or_insert_with(|| Rc::new(Program::compile(src, VARS).map_err(|e| e.to_string())))
            .clone()
    }

    /// The failure message from the rule's `messageExpression`, when it gives a usable one
    /// (upstream falls back to `message` otherwise).
    fn message(&mut self, r: &Rule<'_>, vars: &[(&str, Val)]) -> Option<String> {
        if r.message_expression.is_empty() || self.budget == 0 {
            return None;
        }
        let compiled = self.compiled(r.message_expression);
        let program = compiled.as_ref().as_ref().ok()?;
        let ev = program.eval(vars, cel::PER_CALL_LIMIT.min(self.budget));
        self.budget = self.budget.saturating_sub(ev.cost);
        match ev.result {
            Ok(Val::Str(m)) => {
                let m = m.trim();
                (!m.is_empty() && !m.contains('\n') && m.len() <= MAX_MESSAGE_BYTES).then(|| m.to_owned())
            }
            _ => None,
        }
    }
}

const OUT_OF_BUDGET: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

/// How a rule is named in messages: its message when it has one, else its text.
fn rule_shown(r: &Rule<'_>) -> String {
    match r.message.trim() {
        "" => r.rule.trim().to_owned(),
        m => m.to_owned(),
    }
}

/// The old elements of a list by what identifies them: in a `map` list the values of its keys,
/// in a `set` the whole element (upstream correlates only these; elements of other lists have
/// no old value). Indexed once per list, so finding each element's costs no scan.
struct Correlation<'a> {
    keys: Vec<&'a str>,
    whole: bool,
    index: HashMap<Vec<u8>, &'a Value>,
}

impl<'a> Correlation<'a> {
    fn new(old: &'a [Value], s: &'a Schema) -> Correlation<'a> {
        let mut c = Correlation { keys: Vec::new(), whole: false, index: HashMap::new() };
        match text(s, "x-kubernetes-list-type") {
            "map" => {
                if let Some(Value::Array(k)) = s.get("x-kubernetes-list-map-keys") {
                    c.keys = k.iter().filter_map(Value::as_str).collect();
                }
                if c.keys.is_empty() {
                    return c;
                }
            }
            "set" => c.whole = true,
            _ => return c,
        }
        for o in old {
            if let Some(id) = c.id(o) {
                c.index.entry(id).or_insert(o);
            }
        }
        c
    }

    /// An element's identity: the compact JSON of its keys' values (or of itself in a set).
    fn id(&self, e: &Value) -> Option<Vec<u8>> {
        if self.whole {
            return Some(e.to_compact_vec());
        }
        if self.keys.is_empty() {
            return None;
        }
        let mut id = Vec::new();
        for k in &self.keys {
            id.extend(e.get(k).map(Value::to_compact_vec).unwrap_or_default());
            id.push(0);
        }
        Some(id)
    }

    fn find(&self, e: &Value) -> Option<&'a Value> {
        self.id(e).and_then(|id| self.index.get(&id).copied())
    }
}

/// A JSON value as CEL sees it under its schema: `integer` as int, `number` as double, objects
/// as maps (so `has()` tests presence and a missing field is `no such key`); at a resource root
/// `metadata` shows only `name` and `generateName`, as upstream's.
fn to_val(v: &Value, s: Option<&Schema>, root: bool) -> Val {
    match v {
        Value::Null => Val::Null,
        Value::Bool(b) => Val::Bool(*b),
        Value::Number(n) => number(n, s.map(|s| text(s, "type")).unwrap_or_default()),
        Value::String(t) => string(t, s.map(|s| text(s, "format")).unwrap_or_default()),
        Value::Array(elems) => {
            let is = s.and_then(|s| items(s));
            let items: std::sync::Arc<[Val]> = elems.iter().map(|e| to_val(e, is, is.is_some_and(embedded))).collect();
            // `set` and `map` lists compare ignoring order, as upstream's.
            match s.map(|s| text(s, "x-kubernetes-list-type")) {
                Some("set") => Val::Keyed { items, keys: None },
                Some("map") => {
                    let keys: Vec<String> = match s.and_then(|s| s.get("x-kubernetes-list-map-keys")) {
                        Some(Value::Array(k)) => k.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                        _ => Vec::new(),
                    };
                    Val::Keyed { items, keys: Some(keys.into()) }
                }
                _ => Val::List(items),
            }
        }
        Value::Object(members) => {
            let add = s.and_then(|s| additional(s));
            // A repeated key keeps its last value, as the JSON reader does.
            let mut seen = std::collections::HashSet::with_capacity(members.len());
            let mut entries = Vec::with_capacity(members.len());
            for (k, val) in members.iter().rev() {
                if !seen.insert(k.as_str()) {
                    continue;
                }
                let child = if root && k == "metadata" {
                    metadata(val)
                } else {
                    let cs = s.and_then(|s| property(s, k)).or(add);
                    to_val(val, cs, cs.is_some_and(embedded))
                };
                entries.push((Val::string(k.as_str()), child));
            }
            entries.reverse();
            cel::map_of(entries).unwrap_or(Val::Null)
        }
    }
}

/// A string as upstream binds it under its format (`UnstructuredToVal`): `duration`, `date`
/// and `date-time` read by strfmt's parsers, `byte` decoded as base64 with the URL alphabet
/// (strfmt's `Base64.UnmarshalText`, whatever alphabet the format check took); a value those
/// refuse is an error value, which fails any rule that reads it.
fn string(t: &str, format: &str) -> Val {
    let failed = |what: &str, e: &dyn std::fmt::Display| Val::Err(format!("Invalid {what} {t}: {e}").into());
    match format {
        "duration" => match formats::parse_duration(t) {
            Some(d) => Val::Duration(d),
            None => failed("duration", &format_args!("unable to parse {t} as duration")),
        },
        "date" => match formats::parse_date(t) {
            Some(d) => Val::Timestamp(d),
            None => failed("date formatted string", &format_args!("parsing time {t:?} as \"2006-01-02\"")),
        },
        "date-time" => match formats::parse_date_time(t) {
            Ok(d) => Val::Timestamp(d),
            Err(e) => failed("date-time formatted string", &e),
        },
        "byte" => match kapi_machinery::base64::decode_url(t.as_bytes()) {
            Ok(b) => Val::Bytes(b.into()),
            Err(e) => failed("byte formatted string", &e),
        },
        _ => Val::string(t),
    }
}

fn metadata(v: &Value) -> Val {
    let Value::Object(members) = v else { return Val::Null };
    let kept: Vec<(Val, Val)> = members
        .iter()
        .filter(|(k, _)| k == "name" || k == "generateName")
        .filter_map(|(k, v)| v.as_str().map(|s| (Val::string(k.as_str()), Val::string(s))))
        .collect();
    cel::map_of(kept).unwrap_or(Val::Null)
}

fn number(n: &str, ty: &str) -> Val {
    let integral = !n.contains(['.', 'e', 'E']);
    match ty {
        "number" => Val::Double(n.parse().unwrap_or(f64::NAN)),
        _ if integral => n.parse::<i64>().map(Val::Int).unwrap_or_else(|_| Val::Double(n.parse().unwrap_or(f64::NAN))),
        // An `integer` written as `2.0` is an int; the schema check has refused fractions.
        "integer" => match n.parse::<f64>() {
            Ok(x) if x.fract() == 0.0 && x.abs() < 9.2e18 => Val::Int(x as i64),
            Ok(x) => Val::Double(x),
            Err(_) => Val::Double(f64::NAN),
        },
        _ => Val::Double(n.parse().unwrap_or(f64::NAN)),
    }
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value;

    use super::*;

    fn v(s: &str) -> Value {
        value::parse(s.as_bytes()).expect("test JSON")
    }

    fn errors(obj: &str, old: Option<&str>, schema: &str) -> Vec<String> {
        let old = old.map(v);
        validate(&v(obj), old.as_ref(), &v(schema)).iter().map(ToString::to_string).collect()
    }

    /// Formatted strings are bound as upstream's `UnstructuredToVal` binds them: timestamps,
    /// durations and bytes (base64 with the URL alphabet); a value their parsers refuse fails
    /// the rules that read it, and only those.
    #[test]
    fn formatted_strings_are_bound_as_their_types() {
        let schema = r#"{"type":"object","properties":{"spec":{"type":"object","properties":{
            "at":{"type":"string","format":"date-time","x-kubernetes-validations":[{"rule":"self < timestamp('2030-01-01T00:00:00Z')"}]},
            "day":{"type":"string","format":"date","x-kubernetes-validations":[{"rule":"self.getFullYear() == 2024"}]},
            "wait":{"type":"string","format":"duration","x-kubernetes-validations":[{"rule":"self >= duration('1h')"}]},
            "key":{"type":"string","format":"byte","x-kubernetes-validations":[{"rule":"size(self) == 3"}]},
            "other":{"type":"string","format":"datetime","x-kubernetes-validations":[{"rule":"self.startsWith('2')"}]}}}}}"#;
        let good = r#"{"spec":{"at":"2029-12-31T23:59:59+01:00","day":"2024-02-29","wait":"2 days","key":"AAAA","other":"2"}}"#;
        assert_eq!(errors(good, None, schema), Vec::<String>::new());
        let bad =
            r#"{"spec":{"at":"2030-01-01T00:00:00Z","day":"2023-12-31","wait":"59m","key":"AAAAAAAA","other":"2"}}"#;
        assert_eq!(
            errors(bad, None, schema),
            [
                r#"spec.at: Invalid value: "string": failed rule: self < timestamp('2030-01-01T00:00:00Z')"#,
                r#"spec.day: Invalid value: "string": failed rule: self.getFullYear() == 2024"#,
                r#"spec.wait: Invalid value: "string": failed rule: self >= duration('1h')"#,
                r#"spec.key: Invalid value: "string": failed rule: size(self) == 3"#,
            ]
        );
        // The standard alphabet's `+` and `/` pass the format check but not strfmt's decoder.
        let unreadable = r#"{"spec":{"at":"2029-12-31t00:00:00z","key":"a+/A"}}"#;
        assert_eq!(
            errors(unreadable, None, schema),
            [
                r#"spec.at: Invalid value: "string": Invalid date-time formatted string 2029-12-31t00:00:00z: parsing time "2029-12-31t00:00:00z" as "2006-01-02T15:04:05": cannot parse "2029-12-31t00:00:00z" as "2006-01-02T15:04:05" evaluating rule: self < timestamp('2030-01-01T00:00:00Z')"#,
                r#"spec.key: Invalid value: "string": Invalid byte formatted string a+/A: illegal base64 data at input byte 1 evaluating rule: size(self) == 3"#,
            ]
        );
    }

    /// Values follow the schema: `integer` is int, `number` double, int-or-string either,
    /// objects maps whose absent fields `has()` tests.
    #[test]
    fn values_follow_the_schema() {
        let schema = r#"{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-validations":[
            {"rule":"type(self.i) == int && type(self.n) == double && type(self.whole) == double"},
            {"rule":"type(self.ios) == int && type(self.ios2) == string"},
            {"rule":"!has(self.absent) && has(self.open.any) && self.open.any.deep == true"},
            {"rule":"self.m.all(k, self.m[k] > 0)"}],
            "properties":{"i":{"type":"integer"},"n":{"type":"number"},"whole":{"type":"number"},
            "ios":{"x-kubernetes-int-or-string":true},"ios2":{"x-kubernetes-int-or-string":true},
            "absent":{"type":"string"},
            "open":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
            "m":{"type":"object","additionalProperties":{"type":"integer"}}}}}}"#;
        let obj =
            r#"{"spec":{"i":1,"n":1.5,"whole":2,"ios":3,"ios2":"50%","open":{"any":{"deep":true}},"m":{"a":1,"b":2}}}"#;
        assert_eq!(errors(obj, None, schema), Vec::<String>::new());
        let bad = r#"{"spec":{"i":1,"n":1.5,"whole":2,"ios":"3","ios2":"50%","open":{},"m":{"a":0}}}"#;
        assert_eq!(
            errors(bad, None, schema),
            [
                r#"spec: Invalid value: "object": failed rule: type(self.ios) == int && type(self.ios2) == string"#,
                // `has()` is false, which decides `&&` over the error of the absent key.
                r#"spec: Invalid value: "object": failed rule: !has(self.absent) && has(self.open.any) && self.open.any.deep == true"#,
                r#"spec: Invalid value: "object": failed rule: self.m.all(k, self.m[k] > 0)"#,
            ]
        );
    }

    /// The object's budget is shared by all its rules: once spent, one error says so and no
    /// further rule runs.
    #[test]
    fn the_objects_budget_bounds_all_rules() {
        // Each item's rule costs about 800,000 (under the per-call limit), so the 10,000,000
        // budget runs out at the 13th item of 20.
        let schema = r#"{"type":"object","properties":{"items":{"type":"array","items":{"type":"array",
            "items":{"type":"integer"},
            "x-kubernetes-validations":[{"rule":"self.all(x, self.exists(y, y == x))"}]}}}}"#;
        let inner: Vec<String> = (0..400).map(|i| i.to_string()).collect();
        let inner = format!("[{}]", inner.join(","));
        let obj = format!(r#"{{"items":[{}]}}"#, vec![inner; 20].join(","));
        let errs = errors(&obj, None, schema);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].ends_with(r#": Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run"#),
            "{}",
            errs[0]
        );
        let at: usize = errs[0]["items[".len()..].split(']').next().and_then(|n| n.parse().ok()).expect("an index");
        assert!((10..20).contains(&at), "{}", errs[0]);
    }

    /// Transition rules need an old value at their place: list items of `map` lists find theirs
    /// by key, of atomic lists none.
    #[test]
    fn transition_rules_need_an_old_value() {
        let schema = r#"{"type":"object","properties":{
            "keyed":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k"],
              "items":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"integer"}},
                "x-kubernetes-validations":[{"rule":"self.v >= oldSelf.v","message":"v only grows"}]}},
            "atomic":{"type":"array","items":{"type":"integer","x-kubernetes-validations":[{"rule":"self == oldSelf"}]}}}}"#;
        let old = r#"{"keyed":[{"k":"a","v":2},{"k":"b","v":5}],"atomic":[1,2]}"#;
        let new = r#"{"keyed":[{"k":"b","v":4},{"k":"c","v":0},{"k":"a","v":3}],"atomic":[9,9]}"#;
        assert_eq!(errors(new, Some(old), schema), [r#"keyed[0]: Invalid value: "object": v only grows"#]);
        assert_eq!(errors(new, None, schema), Vec::<String>::new());
    }

    /// `set` and `map` lists are equal whatever their order, so `self == oldSelf` keeps such a
    /// list immutable without fixing its order; an atomic list's order counts.
    #[test]
    fn set_and_map_lists_compare_ignoring_order() {
        let schema = r#"{"type":"object","properties":{
            "set":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"},
              "x-kubernetes-validations":[{"rule":"self == oldSelf","message":"set is immutable"}]},
            "map":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k"],
              "items":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"integer"}}},
              "x-kubernetes-validations":[{"rule":"self == oldSelf","message":"map is immutable"}]},
            "atomic":{"type":"array","items":{"type":"string"},
              "x-kubernetes-validations":[{"rule":"self == oldSelf","message":"atomic is immutable"}]}}}"#;
        let old = r#"{"set":["a","b"],"map":[{"k":"a","v":1},{"k":"b","v":2}],"atomic":["a","b"]}"#;
        let reordered = r#"{"set":["b","a"],"map":[{"k":"b","v":2},{"k":"a","v":1}],"atomic":["b","a"]}"#;
        assert_eq!(errors(reordered, Some(old), schema), [r#"atomic: Invalid value: "array": atomic is immutable"#]);
        let changed = r#"{"set":["a","c"],"map":[{"k":"b","v":2},{"k":"a","v":3}],"atomic":["a","b"]}"#;
        assert_eq!(
            errors(changed, Some(old), schema),
            [r#"set: Invalid value: "array": set is immutable"#, r#"map: Invalid value: "array": map is immutable"#]
        );
    }
}
