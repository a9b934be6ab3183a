//! A webhook's `matchConditions`: CEL expressions over `object`, `oldObject` and `request` that
//! must all be true for the webhook to be called, evaluated as upstream's matcher
//! (`admission/plugin/webhook/matchconditions`) evaluates them.

use kapi_api::admissionregistration::v1::MatchCondition;
use kapi_machinery::json::value::Value;

use crate::cel::{PER_CALL_LIMIT, Program, Val, map_of};

/// Upstream's cost budget for one evaluation of a webhook's match conditions
/// (`RuntimeCELCostBudgetMatchConditions`).
const BUDGET: u64 = 7_000_000;

/// The variables a match condition may use (`authorizer` is kapi-cel's authorizer library,
/// answered by the server's authorization).
const VARIABLES: &[&str] = &["object", "oldObject", "request", "authorizer"];

/// Whether the webhook is to be called: `Ok(true)` when every condition is true, `Ok(false)`
/// when one is false (whatever the others gave), and otherwise the evaluation errors as
/// upstream words them, which the failure policy decides on: `ignore` skips the webhook, else
/// the error is returned.
pub(super) fn matches(
    conditions: &[MatchCondition],
    object: Option<&Value>,
    old: Option<&Value>,
    request: &Value,
    authorizer: Val,
    ignore: bool,
) -> Result<bool, String> {
    let vars = [
        ("object", object.map_or(Val::Null, to_val)),
        ("oldObject", old.map_or(Val::Null, to_val)),
        ("request", to_val(request)),
        ("authorizer", authorizer),
    ];
    // All conditions are evaluated first (upstream's filter), so that running out of the
    // budget fails the match even when an earlier condition was false.
    let mut left = BUDGET;
    let mut results = Vec::with_capacity(conditions.len());
    for c in conditions {
        let expr = c.expression.as_str();
        let program = match Program::compile(expr, VARIABLES) {
            Ok(p) => p,
            Err(e) => {
                results.push(Err(format!("compilation error: compilation failed: {e}")));
                continue;
            }
        };
        let evaluation = program.eval(&vars, PER_CALL_LIMIT);
        if evaluation.cost > left {
            let e = "validation failed due to running out of cost budget, no further validation rules will be run";
            return if ignore { Ok(false) } else { Err(e.to_owned()) };
        }
        left -= evaluation.cost;
        results.push(match evaluation.result {
            Ok(Val::Bool(b)) => Ok(b),
            // Upstream's compiler refuses a condition of another type; without static types
            // this one finds out when it runs.
            Ok(v) => Err(not_bool(&v)),
            Err(e) => Err(format!("expression '{expr}' resulted in error: {e}")),
        });
    }
    let mut errors: Vec<String> = Vec::new();
    for r in results {
        match r {
            Ok(false) => return Ok(false),
            Ok(true) => {}
            Err(e) => {
                if !errors.contains(&e) {
                    errors.push(e);
                }
            }
        }
    }
    match errors.len() {
        0 => Ok(true),
        _ if ignore => Ok(false),
        // Upstream's `utilerrors.NewAggregate`: one message alone, several in brackets.
        1 => Err(errors.remove(0)),
        _ => Err(format!("[{}]", errors.join(", "))),
    }
}

/// The error of a condition or validation that gave something else than a bool: what
/// upstream's compiler says of an expression of another type (`CompileCELExpression`), as its
/// evaluation reports it (`compilation error: must evaluate to bool but got int`).
pub(super) fn not_bool(v: &Val) -> String {
    format!("compilation error: must evaluate to bool but got {}", v.type_name())
}

/// A JSON document as CEL sees it without a schema: integers as `int` (larger ones as
/// `double`), other numbers as `double`, objects as maps.
pub(super) fn to_val(v: &Value) -> Val {
    match v {
        Value::Null => Val::Null,
        Value::Bool(b) => Val::Bool(*b),
        Value::Number(n) if !n.contains(['.', 'e', 'E']) => {
            n.parse::<i64>().map(Val::Int).unwrap_or_else(|_| Val::Double(n.parse().unwrap_or(f64::NAN)))
        }
        Value::Number(n) => Val::Double(n.parse().unwrap_or(f64::NAN)),
        Value::String(s) => Val::string(s.as_str()),
        Value::Array(items) => Val::List(items.iter().map(to_val).collect()),
        Value::Object(members) => {
            // A repeated key keeps its last value, as the JSON reader does.
            let mut seen = std::collections::HashSet::with_capacity(members.len());
            let mut entries: Vec<(Val, Val)> = Vec::with_capacity(members.len());
            for (k, val) in members.iter().rev() {
                if seen.insert(k.as_str()) {
                    entries.push((Val::string(k.as_str()), to_val(val)));
                }
            }
            entries.reverse();
            map_of(entries).unwrap_or(Val::Null)
        }
    }
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value;

    use super::*;

    fn cond(name: &str, expression: &str) -> MatchCondition {
        MatchCondition { name: name.into(), expression: expression.into() }
    }

    fn json(s: &str) -> Value {
        value::parse(s.as_bytes()).expect("test JSON")
    }

    #[test]
    fn all_true_matches_and_any_false_skips_even_beside_an_error() {
        let obj = json(r#"{"metadata":{"name":"a","labels":{"env":"prod"}},"spec":{"replicas":3}}"#);
        let req = json(r#"{"operation":"CREATE","namespace":"default"}"#);
        let m = |cs: &[MatchCondition], ignore| matches(cs, Some(&obj), None, &req, Val::Null, ignore);
        assert_eq!(
            m(&[cond("a", "object.spec.replicas > 2"), cond("b", "request.operation == 'CREATE'")], false),
            Ok(true)
        );
        assert_eq!(m(&[cond("a", "object.metadata.labels.env == 'dev'")], false), Ok(false));
        assert_eq!(m(&[cond("a", "oldObject == null")], false), Ok(true));
        // An error and a false: the false wins, under either policy.
        assert_eq!(m(&[cond("e", "object.nope"), cond("f", "false")], false), Ok(false));
        assert_eq!(
            m(&[cond("e", "object.nope"), cond("t", "true")], false),
            Err("expression 'object.nope' resulted in error: no such key: nope".into())
        );
        assert_eq!(m(&[cond("e", "object.nope")], true), Ok(false));
        assert_eq!(
            m(&[cond("e", "object.nope"), cond("e2", "1 / 0 == 1")], false),
            Err("[expression 'object.nope' resulted in error: no such key: nope, expression '1 / 0 == 1' resulted in error: division by zero]".into())
        );
        let err = m(&[cond("c", "object.(")], false).unwrap_err();
        assert!(err.starts_with("compilation error: compilation failed: ERROR: <input>:1:"), "{err}");
        let err = m(&[cond("z", "object.authorizers(")], false).unwrap_err();
        assert!(err.starts_with("compilation error: "), "{err}");
        assert_eq!(
            m(&[cond("n", "object.spec.replicas")], false),
            Err("compilation error: must evaluate to bool but got int".into())
        );
    }

    /// Allows `get` only.
    struct OnlyGet;

    impl kapi_cel::authz::Authorizer for OnlyGet {
        fn authorize(&self, c: &kapi_cel::authz::Check) -> kapi_cel::authz::Decision {
            kapi_cel::authz::Decision { allowed: c.verb == "get", ..Default::default() }
        }
    }

    #[test]
    fn conditions_ask_the_authorizer() {
        let obj = json(r#"{"metadata":{"name":"a"}}"#);
        let req = json(r#"{"operation":"CREATE"}"#);
        let authz = kapi_cel::authz::authorizer(std::sync::Arc::new(OnlyGet), Default::default());
        let m = |expr: &str| matches(&[cond("z", expr)], Some(&obj), None, &req, authz.clone(), false);
        assert_eq!(m("authorizer.group('').resource('pods').check('get').allowed()"), Ok(true));
        assert_eq!(m("authorizer.group('').resource('pods').check('delete').allowed()"), Ok(false));
        assert_eq!(m("!authorizer.path('/metrics').check('post').allowed()"), Ok(true));
    }
}
