//! The `x-kubernetes-validations` rules of a custom resource's structural schema checked as apiextensions-apiserver checks them when a definition is written: `self` and `oldSelf` typed from the schema (upstream's `SchemaDeclType`), each rule and message expression type-checked, and their estimated costs held to upstream's limits; shared by the test server's definition validation and the generator.
//!
//! A schema is its JSON form (what a `JSONSchemaProps` encodes to). [`check_rules`] walks one
//! as upstream's `validateCustomResourceDefinitionValidation` compiles its rules and gives what
//! upstream refuses, in upstream's order, each with its place in the schema; a caller words
//! them as its own errors (the server as field errors, the generator at the marker that wrote
//! the rule).

use kapi_machinery::json::value::Value;

use crate::{Bounds, CompileError, Env, Program, Type};

/// The variables a rule may use.
pub const RULE_VARS: &[&str] = &["self", "oldSelf"];

/// Upstream's `StaticEstimatedCostLimit`: the most one rule (times its cardinality) or one
/// message expression may be estimated to cost.
pub const STATIC_COST_LIMIT: u64 = 10_000_000;

/// Upstream's `StaticEstimatedCRDCostLimit`: the most all of a schema's rules may.
pub const STATIC_CRD_COST_LIMIT: u64 = 100_000_000;

/// Upstream's `DefaultMaxRequestSizeBytes`, which bounds what a schema does not.
pub const MAX_REQUEST_BYTES: i64 = 3 * 1024 * 1024;

/// Upstream's detail for a rule or message expression among the most expensive of a schema
/// whose total is over [`STATIC_CRD_COST_LIMIT`].
pub const CONTRIBUTED_TO_TOTAL: &str =
    "contributed to estimated rule & messageExpression cost total exceeding cost limit for entire OpenAPIv3 schema";

/// How deep the walks go; a structural schema this deep has been refused already, this only
/// bounds the recursion.
const MAX_SCHEMA_DEPTH: usize = 64;

/// A string keyword of a node (`type`, `format`), empty when unset.
pub fn text<'a>(s: &'a Value, key: &str) -> &'a str {
    s.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Whether a boolean keyword of a node is `true`.
pub fn flag(s: &Value, key: &str) -> bool {
    matches!(s.get(key), Some(Value::Bool(true)))
}

/// An integer keyword of a node (`maxLength`).
pub fn int(s: &Value, key: &str) -> Option<i64> {
    match s.get(key) {
        Some(Value::Number(n)) => n.parse().ok(),
        _ => None,
    }
}

/// The `properties` of a node, none when it has none.
pub fn properties(s: &Value) -> &[(String, Value)] {
    match s.get("properties") {
        Some(Value::Object(m)) => m,
        _ => &[],
    }
}

/// `additionalProperties` or `items` when it is a schema (`true` alone says nothing).
pub fn sub_schema<'a>(s: &'a Value, key: &str) -> Option<&'a Value> {
    s.get(key).filter(|a| matches!(a, Value::Object(_)))
}

fn embedded(s: &Value) -> bool {
    flag(s, "x-kubernetes-embedded-resource")
}

/// One rule of `x-kubernetes-validations`, as its JSON holds it (absent texts empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<'a> {
    /// The CEL expression.
    pub rule: &'a str,
    /// The message on failure.
    pub message: &'a str,
    /// The CEL expression that makes the message.
    pub message_expression: &'a str,
    /// The field the failure is reported at, relative to the node.
    pub field_path: &'a str,
    /// The failure's reason (`FieldValueInvalid` and the like).
    pub reason: &'a str,
    /// Whether `oldSelf` is an optional.
    pub optional_old_self: Option<bool>,
}

/// The `x-kubernetes-validations` rules of a schema node (a JSON schema object).
pub fn rules_of(s: &Value) -> Vec<Rule<'_>> {
    rule_entries(s).iter().map(rule_of).collect()
}

fn rule_entries(s: &Value) -> &[Value] {
    match s.get("x-kubernetes-validations") {
        Some(Value::Array(rules)) => rules,
        _ => &[],
    }
}

fn rule_of(r: &Value) -> Rule<'_> {
    let t = |k: &str| r.get(k).and_then(Value::as_str).unwrap_or_default();
    Rule {
        rule: t("rule"),
        message: t("message"),
        message_expression: t("messageExpression"),
        field_path: t("fieldPath"),
        reason: t("reason"),
        optional_old_self: match r.get("optionalOldSelf") {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        },
    }
}

/// Upstream's `multiplyWithOverflowGuard`.
pub fn times(cost: u64, cardinality: u64) -> u64 {
    if cost == 0 { 0 } else { cost.saturating_mul(cardinality) }
}

/// Upstream's `extractMaxElements`: how many times each child of a node can occur per
/// occurrence of the node; `None` for a list or map without `maxItems` or `maxProperties`.
pub fn children_per_node(s: &Value) -> Option<u64> {
    let bound = |key: &str| int(s, key).map(|n| u64::try_from(n.max(0)).unwrap_or(0));
    match text(s, "type") {
        "object" if s.get("additionalProperties").is_some() => bound("maxProperties"),
        "array" => bound("maxItems"),
        _ => Some(1),
    }
}

/// Upstream's `getCostErrorMessage`.
pub fn cost_message(what: &str, cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    let factor = if factor > 100.0 {
        "more than 100x".to_owned()
    } else if factor < 1.5 {
        // Go's `%f`: six decimals, so that a factor just above 1 does not read `1.0x`.
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    };
    format!(
        "{what} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
    )
}

/// The environments of a node's rules and what their cost estimate needs.
#[derive(Debug)]
pub struct RuleEnv {
    /// `self` and `oldSelf` of the node's type, with the node's size bounds.
    pub plain: Env,
    /// The same with `oldSelf` an optional (for `optionalOldSelf`).
    pub optional: Env,
    /// How many of the node's smallest value fit in a request (upstream's `maxCardinality`),
    /// the cardinality of a node below an unbounded list or map.
    pub max_cardinality: u64,
}

/// The environment of the rules of the node `s`; `root` is whether it is a resource's root (the
/// object, or an embedded resource). A node upstream gives no type is `dyn`.
pub fn rule_types(s: &Value, root: bool) -> RuleEnv {
    let t = decl_type(s, root, "selfType", 0).unwrap_or(Type::Dyn);
    let (bounds, min_size) = decl_bounds(s, root, 0).unwrap_or((Bounds::default(), 1));
    let plain = Env::new().var("self", t.clone()).var("oldSelf", t.clone()).bounds(bounds.clone());
    let optional = Env::new().var("self", t.clone()).var("oldSelf", Type::optional(t)).bounds(bounds);
    let max_cardinality = u64::try_from(MAX_REQUEST_BYTES / min_size.saturating_add(1).max(1)).unwrap_or(0);
    RuleEnv { plain, optional, max_cardinality }
}

/// The size bounds upstream's `SchemaDeclType` gives a schema's values, and the smallest size
/// of one serialized (`MinSerializedSize`), or `None` where it exposes nothing (as
/// `decl_type`): a string's `maxLength` times 4 (bytes for runes), or the longest of its enum,
/// or what fits in a request; a list's `maxItems` or how many of its smallest items fit; a
/// map's `maxProperties` or how many of its smallest entries fit; the formats upstream types
/// as bytes, durations or timestamps their own limits; objects and scalars none.
fn decl_bounds(s: &Value, root: bool, depth: usize) -> Option<(Bounds, i64)> {
    let unbounded_string = MAX_REQUEST_BYTES - 2;
    let non_negative = |n: i64| u64::try_from(n.max(0)).unwrap_or(0);
    let leaf = |n: i64| Bounds::leaf(non_negative(n));
    if depth > MAX_SCHEMA_DEPTH {
        return Some((Bounds::default(), 1));
    }
    if flag(s, "x-kubernetes-int-or-string") {
        let max = int(s, "maxLength").map_or(unbounded_string, |m| m.max(0).saturating_mul(4));
        return Some((leaf(max), 1));
    }
    match text(s, "type") {
        "array" => {
            let items = sub_schema(s, "items")?;
            let (elem, min) = decl_bounds(items, embedded(items), depth + 1)?;
            let max = int(s, "maxItems").unwrap_or((MAX_REQUEST_BYTES - 2) / min.saturating_add(1).max(1));
            Some((Bounds { elem: Some(Box::new(elem)), ..leaf(max) }, 2))
        }
        "object" => {
            if let Some(add) = sub_schema(s, "additionalProperties") {
                let (elem, min) = decl_bounds(add, embedded(add), depth + 1)?;
                let max = int(s, "maxProperties").unwrap_or((MAX_REQUEST_BYTES - 2) / min.saturating_add(6).max(1));
                let b = Bounds { elem: Some(Box::new(elem)), key: Some(Box::new(Bounds::default())), ..leaf(max) };
                return Some((b, 2));
            }
            let required: Vec<&str> = match s.get("required") {
                Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            let replaced = root && !has_type_and_object_meta(s);
            let mut fields = Vec::new();
            let mut min: i64 = 2;
            let mut add = |name: &str, b: Bounds, field_min: i64, defaulted: bool| {
                // A required property without a default is in every serialized object.
                if required.contains(&name) && !defaulted {
                    let len = i64::try_from(name.len()).unwrap_or(i64::MAX);
                    min = min.saturating_add(len).saturating_add(field_min).saturating_add(4);
                }
                fields.push((name.to_owned(), b));
            };
            for (k, p) in properties(s) {
                if replaced && matches!(k.as_str(), "apiVersion" | "kind" | "metadata") {
                    continue;
                }
                if let Some((b, m)) = decl_bounds(p, embedded(p), depth + 1) {
                    add(k, b, m, p.get("default").is_some());
                }
            }
            if replaced {
                // Upstream's `WithTypeAndObjectMeta`: plain strings, and `metadata` of two.
                add("kind", leaf(unbounded_string), 2, false);
                add("apiVersion", leaf(unbounded_string), 2, false);
                let meta_fields =
                    vec![("name".into(), leaf(unbounded_string)), ("generateName".into(), leaf(unbounded_string))];
                add("metadata", Bounds { fields: meta_fields, ..Bounds::default() }, 2, false);
            }
            Some((Bounds { fields, ..Bounds::default() }, min))
        }
        "string" => Some(match text(s, "format") {
            "byte" => (leaf(int(s, "maxLength").unwrap_or(unbounded_string)), 2),
            // Upstream's `MaxDurationSizeJSON`, `JSONDateSize` and `MaxDatetimeSizeJSON`, and
            // the smallest of each serialized.
            "duration" => (leaf(32), 3),
            "date" => (leaf(12), 12),
            "date-time" => (leaf(32), 21),
            _ => {
                let max = match (int(s, "maxLength"), s.get("enum")) {
                    (Some(m), _) => m.max(0).saturating_mul(4),
                    (None, Some(Value::Array(e))) if !e.is_empty() => e
                        .iter()
                        .filter_map(Value::as_str)
                        .map(|v| i64::try_from(v.len()).unwrap_or(i64::MAX))
                        .max()
                        .unwrap_or(0),
                    _ => unbounded_string,
                };
                (leaf(max), 2)
            }
        }),
        "boolean" => Some((Bounds::default(), 4)),
        "number" | "integer" => Some((Bounds::default(), 1)),
        _ => None,
    }
}

/// A schema's CEL type as upstream's `SchemaDeclType` gives it, or `None` where upstream
/// exposes nothing (no type, an array without `items`, a map of such): `int-or-string` is
/// `dyn`; an object with `additionalProperties` a `map(string, T)`; other objects an object
/// type with the properties that have a type (a resource root always with `apiVersion`,
/// `kind` and `metadata` of `name` and `generateName`), so any other field is undefined,
/// `x-kubernetes-preserve-unknown-fields` or not; arrays lists. Object types are named as
/// upstream names them (`selfType.spec`, without its per-write number); strings of format
/// `byte` are `bytes`, `duration` a duration, `date` and `date-time` timestamps (the formats
/// written exactly so, as upstream's), and the test server binds their values so.
fn decl_type(s: &Value, root: bool, name: &str, depth: usize) -> Option<Type> {
    if depth > MAX_SCHEMA_DEPTH {
        return Some(Type::Dyn);
    }
    if flag(s, "x-kubernetes-int-or-string") {
        return Some(Type::Dyn);
    }
    match text(s, "type") {
        "array" => {
            let items = sub_schema(s, "items")?;
            decl_type(items, embedded(items), &format!("{name}.@idx"), depth + 1).map(Type::list)
        }
        "object" => {
            if let Some(add) = sub_schema(s, "additionalProperties") {
                let v = decl_type(add, embedded(add), &format!("{name}.@elem"), depth + 1)?;
                return Some(Type::map(Type::String, v));
            }
            let mut fields: Vec<(String, Type)> = properties(s)
                .iter()
                .filter_map(|(k, p)| {
                    let t = decl_type(p, embedded(p), &format!("{name}.{k}"), depth + 1)?;
                    Some((k.clone(), t))
                })
                .collect();
            if root && !has_type_and_object_meta(s) {
                // Upstream's `WithTypeAndObjectMeta`: these replace whatever the schema says.
                fields.retain(|(k, _)| !matches!(k.as_str(), "apiVersion" | "kind" | "metadata"));
                let meta = Type::object(
                    format!("{name}.metadata"),
                    vec![("name".into(), Type::String), ("generateName".into(), Type::String)],
                );
                fields.extend([("apiVersion".into(), Type::String), ("kind".into(), Type::String)]);
                fields.push(("metadata".into(), meta));
            }
            Some(Type::object(name, fields))
        }
        "string" => match text(s, "format") {
            "byte" => Some(Type::Bytes),
            "duration" => Some(Type::Duration),
            "date" | "date-time" => Some(Type::Timestamp),
            _ => Some(Type::String),
        },
        "boolean" => Some(Type::Bool),
        "number" => Some(Type::Double),
        "integer" => Some(Type::Int),
        _ => None,
    }
}

/// Whether a root's schema already declares `kind`, `apiVersion` and `metadata` with `name`
/// and `generateName` as upstream's `WithTypeAndObjectMeta` requires to leave it as it is.
fn has_type_and_object_meta(s: &Value) -> bool {
    fn prop<'a>(s: &'a Value, k: &str) -> Option<&'a Value> {
        properties(s).iter().find(|(n, _)| n == k).map(|(_, p)| p)
    }
    let is = |p: Option<&Value>, t: &str| p.is_some_and(|p| text(p, "type") == t);
    let meta = prop(s, "metadata");
    is(prop(s, "kind"), "string")
        && is(prop(s, "apiVersion"), "string")
        && is(meta, "object")
        && meta.is_some_and(|m| is(prop(m, "name"), "string") && is(prop(m, "generateName"), "string"))
}

/// One step from a schema node to a node below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'s> {
    /// `properties[name]`.
    Property(&'s str),
    /// `items`.
    Items,
    /// `additionalProperties`.
    AdditionalProperties,
}

/// Which field of a rule entry a problem is at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleField {
    /// `rule`.
    Rule,
    /// `messageExpression`.
    MessageExpression,
    /// `optionalOldSelf`.
    OptionalOldSelf,
}

impl RuleField {
    /// The field's name in the rule's JSON.
    pub fn json_name(self) -> &'static str {
        match self {
            RuleField::Rule => "rule",
            RuleField::MessageExpression => "messageExpression",
            RuleField::OptionalOldSelf => "optionalOldSelf",
        }
    }
}

/// Where in a schema a problem is: a field of one rule entry of one node.
#[derive(Debug, Clone)]
pub struct RulePlace<'s> {
    /// The steps from the schema's root to the node.
    pub node: Vec<Step<'s>>,
    /// The rule's index in the node's `x-kubernetes-validations`.
    pub index: usize,
    /// The rule entry's field.
    pub field: RuleField,
    /// The rule entry itself (its JSON object), for a caller that marked its entries.
    pub entry: &'s Value,
}

/// What upstream refuses in one rule.
#[derive(Debug, Clone)]
pub enum Problem<'s> {
    /// The rule or message expression does not compile or type-check.
    Compile(CompileError),
    /// The rule's type is not bool, or the message expression's not string.
    ResultType,
    /// The estimated cost is over [`STATIC_COST_LIMIT`]; the message is upstream's.
    Cost(String),
    /// A transition rule (one using `oldSelf`) below the list at these steps, whose old and new
    /// items cannot be paired (it is not a `map` list), so it could never run.
    Uncorrelatable(Vec<Step<'s>>),
    /// `optionalOldSelf` is set (to the value) on a rule that does not use `oldSelf`.
    OptionalOldSelfUnused(bool),
}

impl Problem<'_> {
    /// Upstream's detail for the problem at a rule entry's `field`, where it has one of its
    /// own: the compile errors (`compilation failed: …`, `messageExpression compilation failed:
    /// …`, cel-go's position and message), the result types and the costs; `None` for the two
    /// whose detail names a place or a value ([`Problem::Uncorrelatable`],
    /// [`Problem::OptionalOldSelfUnused`]), which a caller words with its own paths.
    pub fn detail(&self, field: RuleField) -> Option<String> {
        let expression = field == RuleField::MessageExpression;
        Some(match self {
            Problem::Compile(e) if expression => format!("messageExpression compilation failed: {e}"),
            Problem::Compile(e) => format!("compilation failed: {e}"),
            Problem::ResultType if expression => "messageExpression must evaluate to a string".to_owned(),
            Problem::ResultType => "cel expression must evaluate to a bool".to_owned(),
            Problem::Cost(message) => message.clone(),
            Problem::Uncorrelatable(_) | Problem::OptionalOldSelfUnused(_) => return None,
        })
    }
}

/// One problem of a rule and where it is.
#[derive(Debug, Clone)]
pub struct RuleProblem<'s> {
    /// The rule entry's field it is at.
    pub at: RulePlace<'s>,
    /// The rule as its entry holds it.
    pub rule: Rule<'s>,
    /// What is wrong.
    pub problem: Problem<'s>,
}

/// A schema whose rules' estimated costs add up to more than [`STATIC_CRD_COST_LIMIT`].
#[derive(Debug, Clone)]
pub struct TotalOverLimit<'s> {
    /// The (at most four) most expensive rules and message expressions that reach 1% of the
    /// limit, most expensive first: upstream reports each with [`CONTRIBUTED_TO_TOTAL`].
    pub most_expensive: Vec<RulePlace<'s>>,
    /// Upstream's message for the schema's root.
    pub message: String,
}

/// What [`check_rules`] found in a schema.
#[derive(Debug, Clone, Default)]
pub struct Checked<'s> {
    /// Each rule's problems, in the order upstream reports them.
    pub problems: Vec<RuleProblem<'s>>,
    /// The schema's total cost when it is over the limit, reported after the problems.
    pub total: Option<TotalOverLimit<'s>>,
}

/// Checks every rule of the structural schema `s` (a version's `openAPIV3Schema`, a resource's
/// root) as upstream does when a definition is written: each rule compiles and type-checks
/// against the types of its node with a bool result, its message expression (compiled only for
/// a rule that did) with a string one; a rule's estimated cost, times how often its node can
/// occur, and a message expression's, each within [`STATIC_COST_LIMIT`], and all of them within
/// [`STATIC_CRD_COST_LIMIT`]; a transition rule only where old and new values pair up, and
/// `optionalOldSelf` only on a transition rule.
///
/// `compile_node` says whether to compile a node's rules: upstream compiles none of a node
/// whose rule entries have errors of their own (a blank rule, a bad message), which its
/// caller reports.
pub fn check_rules<'s>(s: &'s Value, compile_node: &dyn Fn(&Value) -> bool) -> Checked<'s> {
    let mut w = Walker { compile_node, total: TotalCost::default(), problems: Vec::new() };
    let mut path = Vec::new();
    w.node(s, &mut path, true, None, Some(1), 0);
    let total = w.total.over_limit();
    Checked { problems: w.problems, total }
}

struct Walker<'s, 'f> {
    compile_node: &'f dyn Fn(&Value) -> bool,
    total: TotalCost<'s>,
    problems: Vec<RuleProblem<'s>>,
}

impl<'s> Walker<'s, '_> {
    /// The rules of node `s` at `path` and below. `root` is whether the node is a resource's
    /// root. `uncorrelatable` is the highest node above whose old and new values cannot be
    /// paired (a list that is not a `map` list). `cardinality` is how many times the node can
    /// occur, from the `maxItems` and `maxProperties` above it (`None` where a list or map above
    /// has none); each rule's estimated cost counts that many times.
    fn node(
        &mut self,
        s: &'s Value,
        path: &mut Vec<Step<'s>>,
        root: bool,
        uncorrelatable: Option<&[Step<'s>]>,
        cardinality: Option<u64>,
        depth: usize,
    ) {
        if depth > MAX_SCHEMA_DEPTH {
            return;
        }
        if (self.compile_node)(s) {
            self.rules(s, path, root, uncorrelatable, cardinality);
        }
        // Old and new items pair up only in `map` lists (by their keys); the first node that
        // loses the pairing is the one named.
        let items_uncorrelatable: Option<Vec<Step<'s>>> = match uncorrelatable {
            Some(p) => Some(p.to_vec()),
            None if text(s, "x-kubernetes-list-type") != "map" => Some(path.clone()),
            None => None,
        };
        let child_cardinality = cardinality.and_then(|c| children_per_node(s).map(|n| times(c, n)));
        for (k, ps) in properties(s) {
            path.push(Step::Property(k));
            self.node(ps, path, embedded(ps), uncorrelatable, child_cardinality, depth + 1);
            path.pop();
        }
        if let Some(sub) = sub_schema(s, "items") {
            path.push(Step::Items);
            let within = items_uncorrelatable.as_deref();
            self.node(sub, path, embedded(sub), within, child_cardinality, depth + 1);
            path.pop();
        }
        if let Some(sub) = sub_schema(s, "additionalProperties") {
            path.push(Step::AdditionalProperties);
            self.node(sub, path, embedded(sub), uncorrelatable, child_cardinality, depth + 1);
            path.pop();
        }
    }

    fn rules(
        &mut self,
        s: &'s Value,
        path: &[Step<'s>],
        root: bool,
        uncorrelatable: Option<&[Step<'s>]>,
        cardinality: Option<u64>,
    ) {
        // The variables' types, built once for the node's rules and only where it has any.
        let mut rule_env: Option<RuleEnv> = None;
        for (index, entry) in rule_entries(s).iter().enumerate() {
            let r = rule_of(entry);
            let place = |field| RulePlace { node: path.to_vec(), index, field, entry };
            let mut problem = |field, problem| self.problems.push(RuleProblem { at: place(field), rule: r, problem });
            let p = match Program::compile(r.rule, RULE_VARS) {
                Ok(p) => p,
                Err(e) => {
                    problem(RuleField::Rule, Problem::Compile(e));
                    // Upstream takes a rule that does not compile for one without `oldSelf`.
                    if let Some(optional) = r.optional_old_self {
                        problem(RuleField::OptionalOldSelf, Problem::OptionalOldSelfUnused(optional));
                    }
                    continue;
                }
            };
            // Typed as upstream declares `self` and `oldSelf` (an optional with
            // `optionalOldSelf`); the checker finds undefined fields and operand type errors,
            // and the result must be a bool. A `dyn` result is let through only where the
            // checker guessed.
            let renv = rule_env.get_or_insert_with(|| rule_types(s, root));
            let env = if r.optional_old_self == Some(true) { &renv.optional } else { &renv.plain };
            let checked = p.check_costed(r.rule, env);
            // Upstream estimates a rule that compiled to a bool, and counts it as often as its
            // node can occur: bounded by the lists and maps above, or by how many of the node's
            // smallest value fit in a request.
            if let Ok((t, estimate)) = &checked
                && t.ty.is_bool()
            {
                let cost = times(estimate.max, cardinality.unwrap_or(renv.max_cardinality));
                if let Some(over) = self.total.charge(place(RuleField::Rule), "estimated rule cost", cost) {
                    self.problems.push(RuleProblem { at: place(RuleField::Rule), rule: r, problem: over });
                }
            }
            let mut problem = |field, problem| self.problems.push(RuleProblem { at: place(field), rule: r, problem });
            match checked.map(|(t, _)| t) {
                Err(e) => problem(RuleField::Rule, Problem::Compile(e)),
                Ok(t) if !t.may_be(Type::is_bool) => problem(RuleField::Rule, Problem::ResultType),
                // Upstream compiles the message expression only for a rule that compiled.
                Ok(_) if !r.message_expression.is_empty() => {
                    let compiled = Program::compile(r.message_expression, RULE_VARS);
                    let field = RuleField::MessageExpression;
                    match compiled.and_then(|m| m.check_costed(r.message_expression, env)) {
                        Err(e) => problem(field, Problem::Compile(e)),
                        Ok((t, _)) if !t.may_be(Type::is_string) => problem(field, Problem::ResultType),
                        // A message expression's cost counts once, whatever its node's
                        // cardinality, as upstream counts it.
                        Ok((t, estimate)) => {
                            let cost = if t.ty.is_string() { estimate.max } else { 0 };
                            let what = "estimated messageExpression cost";
                            if let Some(over) = self.total.charge(place(field), what, cost) {
                                problem(field, over);
                            }
                        }
                    }
                }
                Ok(_) => {}
            }
            if p.uses("oldSelf") {
                if let Some(within) = uncorrelatable {
                    problem(RuleField::Rule, Problem::Uncorrelatable(within.to_vec()));
                }
            } else if let Some(optional) = r.optional_old_self {
                problem(RuleField::OptionalOldSelf, Problem::OptionalOldSelfUnused(optional));
            }
        }
    }
}

/// Upstream's `TotalCost`: the sum of a schema's estimated rule and message expression costs,
/// and the (at most four) most expensive of them that reach 1% of the limit.
#[derive(Debug, Default)]
struct TotalCost<'s> {
    total: u64,
    most_expensive: Vec<(RulePlace<'s>, u64)>,
}

impl<'s> TotalCost<'s> {
    /// One expression's estimate, counted in the total; the problem when it is over the
    /// per-expression limit (`what` names it in the message).
    fn charge(&mut self, at: RulePlace<'s>, what: &str, cost: u64) -> Option<Problem<'s>> {
        self.total = self.total.saturating_add(cost);
        if cost >= STATIC_CRD_COST_LIMIT / 100 {
            self.most_expensive.push((at, cost));
            // Stable, so that of equal costs the first found stays first, as upstream's.
            self.most_expensive.sort_by_key(|e| std::cmp::Reverse(e.1));
            self.most_expensive.truncate(4);
        }
        (cost > STATIC_COST_LIMIT).then(|| Problem::Cost(cost_message(what, cost, STATIC_COST_LIMIT)))
    }

    fn over_limit(self) -> Option<TotalOverLimit<'s>> {
        if self.total <= STATIC_CRD_COST_LIMIT {
            return None;
        }
        Some(TotalOverLimit {
            most_expensive: self.most_expensive.into_iter().map(|(at, _)| at).collect(),
            message: cost_message(
                "x-kubernetes-validations estimated rule & messageExpression cost total for entire OpenAPIv3 schema",
                self.total,
                STATIC_CRD_COST_LIMIT,
            ),
        })
    }
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;
