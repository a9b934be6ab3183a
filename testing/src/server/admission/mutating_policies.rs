//! MutatingAdmissionPolicy: the stored policies and their bindings (`admissionregistration.k8s.io/v1`) run in CEL on each create and update they match, their JSON patches and apply configurations applied in order, before the mutating webhooks, as kube-apiserver's plugin runs them.
//!
//! Facts from upstream's `admission/plugin/policy/mutating` and its `patch` package. Matching,
//! bindings, parameters and `matchConditions` are the shared dispatcher's (module
//! `policy_dispatch`), `variables` those of ValidatingAdmissionPolicy (module `policies`). For
//! each binding and parameter object the mutations run in order, each on the object the one
//! before left:
//! - `JSONPatch`: the expression gives a list of `JSONPatch{op, path, from, value}`, applied
//!   as a JSON Patch; a failed `test` operation leaves the object as it was; any other failure is
//!   `JSONPath: <why>`.
//! - `ApplyConfiguration`: the expression gives an `Object{…}`, merged into the object as
//!   server-side apply merges (maps and structs field by field, list maps by key, sets by
//!   value), without recording field managers. It may not contain atomic lists, maps or structs
//!   (`invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.x`) nor
//!   fields the kind does not declare (`.spec.x: field not declared in schema`).
//!
//! Nested `Object.a.b{…}` constructions must name their field path (`type mismatch: unexpected
//! type name …`). The result is decoded as the kind (strictly after a JSON patch: an unknown
//! field is a `500`) and defaulted. A failing mutation, match condition or configuration is,
//! under `failurePolicy: Fail` (the default), a `403` whose message is the first failure,
//! `policy '<policy>' with binding '<binding>' denied request: <why>`, every failure a cause;
//! configuration errors (`failed to configure binding: …`, upstream's generic dispatcher's)
//! come first and make the reason `Forbidden`, else it is `Invalid`; under `Ignore` it is
//! skipped.
//!
//! `reinvocationPolicy: IfNeeded` runs a policy again, once, when a later policy or a mutating
//! webhook changed the object after it ran (upstream's reinvocation context, keyed by policy,
//! binding and parameter object).
//!
//! Order: policies by name, then their bindings by name (upstream's order comes from a map and
//! is not defined). Simplifications: those of the validating policies (no check when the
//! policy is written, match conditions see no `params` or `variables`);
//! `CONNECT` requests are not mutated; variables are evaluated again for each mutation.

use std::collections::BTreeSet;

use kapi_api::admissionregistration::v1::{
    MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBindingSpec,
    MutatingAdmissionPolicySpec, Mutation, PatchType, ReinvocationPolicyType,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::StatusReason;
use kapi_machinery::KindInfo;
use kapi_machinery::json::value::Value;
use kapi_machinery::schema::{FieldSchema, HasSchema, TypeSchema};

use super::policies::{VARIABLES, compose};
use super::policy_dispatch::{self, Evaluator, Invocation, Invoked, bound, policy_error, policy_errors};
use super::{Attributes, Subject, conditions};
use crate::cel::{PER_CALL_LIMIT, Program, Val};
use crate::server::patch::{self, MergeRules, PatchError};
use crate::server::{ApiServer, MAX_BODY_BYTES};
use crate::tracker::meta::to_value;
use crate::tracker::{Error, Result};

/// The message types a mutation may construct.
const MESSAGES: &[&str] = &["Object", "JSONPatch"];

/// One mutating policy with its bindings, by name.
pub(super) type MutatingPolicy =
    policy_dispatch::Policy<MutatingAdmissionPolicySpec, MutatingAdmissionPolicyBindingSpec>;

/// Upstream's invocation key: policy, binding, and the parameter object's namespace and name.
type Key = (String, String, Option<(String, String)>);

/// Upstream's reinvocation context of the policies: those with `reinvocationPolicy: IfNeeded`
/// run since the object last changed, those to run again, and the object as the policies
/// last left it.
#[derive(Default)]
pub(super) struct Reinvocation {
    invoked: BTreeSet<Key>,
    reinvoke: BTreeSet<Key>,
    last_output: Option<Value>,
}

impl Reinvocation {
    fn require_reinvoking(&mut self) {
        self.reinvoke.append(&mut self.invoked);
    }
}

/// Why a mutation did not apply: a failure the policy's `failurePolicy` decides on, or a
/// status that stops the request whatever it says (upstream's `StatusError`s).
enum Failure {
    Policy(String),
    Status(Error),
}

impl From<String> for Failure {
    fn from(s: String) -> Self {
        Failure::Policy(s)
    }
}

/// The mutating policies' evaluator in one pass: the failures their `failurePolicy` keeps,
/// and the reinvocation context it reads and records.
struct Mutator<'a> {
    api: &'a ApiServer,
    state: &'a mut Reinvocation,
    /// The second round: only the invocations the context says to run again run.
    reinvoking: bool,
    failures: Vec<String>,
}

impl Mutator<'_> {
    fn fail(&mut self, policy: &MutatingPolicy, binding: &str, why: String) {
        if policy.fails_closed() {
            self.failures.push(policy_error(&policy.name, Some(binding), &why));
        }
    }
}

impl Evaluator for Mutator<'_> {
    type Spec = MutatingAdmissionPolicySpec;
    type Binding = MutatingAdmissionPolicyBindingSpec;
    const VALIDATING: bool = false;

    fn condition_failed(&mut self, inv: &Invocation<'_, Self::Spec, Self::Binding>, why: String) {
        self.fail(inv.policy, inv.binding_name, why);
    }

    /// The mutations in order, each on the object the one before left.
    fn invoke(&mut self, inv: &Invocation<'_, Self::Spec, Self::Binding>, obj: &mut Option<Value>) -> Result<Invoked> {
        let policy = inv.policy;
        let key: Key = (policy.name.clone(), inv.binding_name.to_owned(), inv.param.as_ref().map(param_key));
        if self.reinvoking && !self.state.reinvoke.contains(&key) {
            return Ok(Invoked::Skipped);
        }
        let before = obj.clone();
        for mutation in &policy.spec.mutations {
            let Some(current) = &*obj else { continue };
            let mut vars: Vec<(&str, Val)> = vec![
                ("object", conditions::to_val(current)),
                ("oldObject", inv.context.old.clone()),
                ("request", inv.context.request_val.clone()),
                ("params", inv.param.as_ref().map_or(Val::Null, conditions::to_val)),
                ("namespaceObject", inv.context.namespace.clone()),
                ("authorizer", inv.context.authorizer.clone()),
            ];
            let variables = compose(&policy.spec.variables, &vars);
            vars.push(("variables", variables));
            match self.api.mutate(mutation, current, &vars, inv.kind, inv.attrs) {
                Ok(next) => *obj = Some(next),
                Err(Failure::Policy(why)) => self.fail(policy, inv.binding_name, why),
                Err(Failure::Status(e)) => return Err(e),
            }
        }
        let changed = *obj != before;
        if changed {
            self.state.require_reinvoking();
        }
        if policy.spec.reinvocation_policy.0 == ReinvocationPolicyType::IF_NEEDED {
            self.state.invoked.insert(key);
        }
        Ok(Invoked::Ran { changed })
    }
}

impl ApiServer {
    /// The mutating admission policies that have bindings, by name, each with its bindings by
    /// name.
    pub(super) fn mutating_policies(&self) -> Vec<MutatingPolicy> {
        bound::<MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding>(
            self,
            "mutatingadmissionpolicies",
            "mutatingadmissionpolicybindings",
            |b| &b.spec.policy_name,
        )
        .into_iter()
        .map(|(name, p, bindings)| MutatingPolicy {
            name,
            spec: p.spec,
            bindings: bindings.into_iter().map(|(n, b)| (n, b.spec)).collect(),
        })
        .collect()
    }

    /// One pass of the policies over the object, as upstream's dispatcher makes it in each
    /// round of the mutating chain (`reinvoking` in the second): whether it changed the object.
    #[allow(clippy::too_many_arguments, reason = "the dispatcher's inputs, each from a different layer")]
    pub(super) fn run_mutating_policies(
        &self,
        policies: &[MutatingPolicy],
        subject: &Subject,
        attrs: &Attributes<'_>,
        object: &mut Option<Value>,
        old: Option<&Value>,
        state: &mut Reinvocation,
        reinvoking: bool,
    ) -> Result<bool> {
        // Upstream's plugin handles creates, updates and connections; there is nothing to
        // mutate in a delete.
        if !matches!(attrs.operation, "CREATE" | "UPDATE") || object.is_none() {
            return Ok(false);
        }
        if reinvoking && state.last_output.as_ref() != object.as_ref() {
            state.require_reinvoking();
        }
        let mut mutator = Mutator { api: self, state: &mut *state, reinvoking, failures: Vec::new() };
        let dispatched = self.dispatch_policies(policies, subject, attrs, object, old, &mut mutator)?;
        let failures = mutator.failures;
        state.last_output = object.clone();
        if failures.is_empty() && dispatched.config.is_empty() {
            Ok(dispatched.changed)
        } else {
            Err(refusal(attrs, object.as_ref(), dispatched.config, failures))
        }
    }

    /// One mutation on `current`: the patched object, decoded as `kind` and defaulted.
    fn mutate(
        &self,
        mutation: &Mutation,
        current: &Value,
        vars: &[(&str, Val)],
        kind: Option<KindInfo>,
        attrs: &Attributes<'_>,
    ) -> std::result::Result<Value, Failure> {
        match mutation.patch_type.0.as_str() {
            PatchType::JSON_PATCH => {
                let Some(p) = &mutation.json_patch else { return Ok(current.clone()) };
                let ops = json_patch_of(run(&p.expression, vars)?)?;
                match patch::json_patch(current, &ops.to_compact_vec(), MAX_BODY_BYTES) {
                    Ok(next) => self.normalize_mutated(kind, next, true),
                    // A failed test leaves the object as it was.
                    Err(PatchError::TestFailed(_)) => Ok(current.clone()),
                    Err(PatchError::Malformed(why) | PatchError::NotApplicable(why)) => {
                        Err(Failure::Policy(format!("JSONPath: {why}")))
                    }
                }
            }
            PatchType::APPLY_CONFIGURATION => {
                let Some(a) = &mutation.apply_configuration else { return Ok(current.clone()) };
                let applied = apply_configuration_of(run(&a.expression, vars)?, current)?;
                let rules = self.apply_rules(attrs, kind);
                check_apply_configuration(&applied, &rules)
                    .map_err(|why| Failure::Policy(format!("error applying patch: {why}")))?;
                let next = patch::apply_merge(current.clone(), &applied, &rules).map_err(|e| {
                    let (PatchError::Malformed(why) | PatchError::NotApplicable(why) | PatchError::TestFailed(why)) = e;
                    Failure::Policy(format!("error applying patch: failed to merge patch: {why}"))
                })?;
                self.normalize_mutated(kind, next, false)
            }
            // Validation admits no other patch type.
            _ => Ok(current.clone()),
        }
    }

    /// How the kind's lists merge, and its schema: the resource's, or the subresource
    /// kind's (`Scale`).
    fn apply_rules(&self, attrs: &Attributes<'_>, kind: Option<KindInfo>) -> MergeRules {
        match kind {
            Some(k) if k.kind == "Scale" => MergeRules::of(<kapi_api::autoscaling::v1::Scale as HasSchema>::schema()),
            _ => self.merge_rules_for(&attrs.gvr),
        }
    }

    /// A mutated object as the server holds it: decoded as its kind (strictly, after a JSON
    /// patch, as upstream's decoder reads it) and defaulted.
    fn normalize_mutated(&self, kind: Option<KindInfo>, v: Value, strict: bool) -> std::result::Result<Value, Failure> {
        let Some(kind) = kind else { return Ok(v) };
        let internal = |why: String| Failure::Status(api_errors::internal(&why));
        let (obj, findings) = self.decode_defaulted(kind, &v, strict).map_err(internal)?;
        if strict && !findings.is_empty() {
            return Err(internal(format!("strict decoding error: {}", findings.join(", "))));
        }
        to_value(obj.as_ref()).map_err(Failure::Status)
    }
}

/// A parameter object's namespace and name, for the invocation key.
fn param_key(param: &Value) -> (String, String) {
    let meta =
        |k: &str| param.get("metadata").and_then(|m| m.get(k)).and_then(Value::as_str).unwrap_or_default().to_owned();
    (meta("namespace"), meta("name"))
}

/// Compiles and runs one mutation's expression.
fn run(expr: &str, vars: &[(&str, Val)]) -> std::result::Result<Val, String> {
    let program = Program::compile_with_messages(expr, VARIABLES, MESSAGES)
        .map_err(|e| format!("compilation error: compilation failed: {e}"))?;
    program.eval(vars, PER_CALL_LIMIT).result.map_err(|e| format!("expression '{expr}' resulted in error: {e}"))
}

/// The JSON Patch document a `JSONPatch` expression's list stands for.
fn json_patch_of(v: Val) -> std::result::Result<Value, String> {
    let Some(items) = v.items() else {
        return Err("type mismatch: JSONPatchType.expression should evaluate to array".into());
    };
    let mut ops = Vec::with_capacity(items.len());
    for item in items.iter() {
        let op = match item {
            Val::Map(m) if m.message_type() == Some("JSONPatch") => m,
            other => {
                return Err(format!(
                    "type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch, got element of {}",
                    other.type_name()
                ));
            }
        };
        let text = |f: &str| match op.get_str(f) {
            Some(Val::Str(s)) => s.to_string(),
            _ => String::new(),
        };
        let mut members =
            vec![("op".to_owned(), Value::String(text("op"))), ("path".to_owned(), Value::String(text("path")))];
        let from = text("from");
        if !from.is_empty() {
            members.push(("from".into(), Value::String(from)));
        }
        if let Some(value) = op.get_str("value") {
            if let Val::Map(m) = value
                && let Some(root) = m.message_type()
            {
                type_names(value, root).map_err(|e| format!("type mismatch: {e}"))?;
            }
            let json = to_json(value).map_err(|e| {
                format!("JSONPath valueExpression evaluated to a type that could not marshal to JSON: {e}")
            })?;
            members.push(("value".into(), json));
        }
        ops.push(Value::Object(members));
    }
    Ok(Value::Array(ops))
}

/// The object an `ApplyConfiguration` expression gives, with the live object's `apiVersion`
/// and `kind`.
fn apply_configuration_of(v: Val, current: &Value) -> std::result::Result<Value, String> {
    match &v {
        Val::Map(m) if m.message_type() == Some("Object") => {}
        other => {
            return Err(format!("unsupported return type from ApplyConfiguration expression: {}", other.type_name()));
        }
    }
    type_names(&v, "Object").map_err(|e| format!("type mismatch: {e}"))?;
    let Value::Object(mut members) = to_json(&v).map_err(|e| format!("invalid return type: {e}"))? else {
        return Err(format!("invalid return type: {}", v.type_name()));
    };
    members.retain(|(k, _)| k != "apiVersion" && k != "kind");
    for k in ["kind", "apiVersion"] {
        if let Some(t) = current.get(k) {
            members.insert(0, (k.to_owned(), t.clone()));
        }
    }
    Ok(Value::Object(members))
}

/// Upstream's check that each nested `Object.a.b{…}` names the field path it is written at
/// (lists and maps in between add no name); every mismatch, one per line.
fn type_names(v: &Val, root: &str) -> std::result::Result<(), String> {
    fn walk(v: &Val, path: &mut Vec<String>, errs: &mut Vec<String>) {
        match v {
            Val::Map(m) => {
                let named = m.message_type();
                if let Some(t) = named {
                    let want = path.join(".");
                    if t != want {
                        errs.push(format!(
                            "unexpected type name {t:?}, expected {want:?}, which matches field name path from root Object type"
                        ));
                    }
                }
                for (k, f) in &m.entries {
                    match (named, k) {
                        (Some(_), Val::Str(k)) => {
                            path.push(k.to_string());
                            walk(f, path, errs);
                            path.pop();
                        }
                        _ => walk(f, path, errs),
                    }
                }
            }
            Val::List(items) | Val::Keyed { items, .. } => items.iter().for_each(|i| walk(i, path, errs)),
            _ => {}
        }
    }
    let mut errs = Vec::new();
    walk(v, &mut vec![root.to_owned()], &mut errs);
    if errs.is_empty() { Ok(()) } else { Err(errs.join("\n")) }
}

/// A CEL value as JSON, as upstream converts data literals (through `structpb.Value`): maps
/// need string keys; timestamps, durations and quantities become their strings, bytes base64.
fn to_json(v: &Val) -> std::result::Result<Value, String> {
    Ok(match v {
        Val::Null => Value::Null,
        Val::Bool(b) => Value::Bool(*b),
        Val::Int(n) => Value::Number(n.to_string()),
        Val::Uint(n) => Value::Number(n.to_string()),
        Val::Double(x) if x.is_finite() => Value::Number(format!("{x}")),
        Val::Double(x) => return Err(format!("{x} is not a JSON number")),
        Val::Str(s) => Value::String(s.to_string()),
        Val::Bytes(b) => {
            let mut out = Vec::new();
            kapi_machinery::base64::encode_into(b, &mut out);
            Value::String(String::from_utf8_lossy(&out).into_owned())
        }
        Val::List(items) | Val::Keyed { items, .. } => {
            Value::Array(items.iter().map(to_json).collect::<std::result::Result<_, _>>()?)
        }
        Val::Map(m) => {
            let mut members = Vec::with_capacity(m.len());
            for (k, f) in &m.entries {
                let Val::Str(k) = k else {
                    return Err(format!("map key {} is of type {}, not string", k.display(), k.type_name()));
                };
                members.push((k.to_string(), to_json(f)?));
            }
            Value::Object(members)
        }
        Val::Optional(_) | Val::Type(_) => return Err(format!("unsupported type: {}", v.type_name())),
        other => Value::String(other.display()),
    })
}

/// Upstream's checks of an apply configuration against the kind's schema: every field
/// declared (`.spec.x: field not declared in schema`, one line each when several), then no
/// atomic list, map or struct anywhere in it.
fn check_apply_configuration(applied: &Value, rules: &MergeRules) -> std::result::Result<(), String> {
    let Some(root) = rules.root() else { return Ok(()) };
    let mut walk = Walk { rules, undeclared: Vec::new(), atomics: Vec::new() };
    walk.value(applied, root, None, &mut String::new(), &mut Vec::new(), true);
    match walk.undeclared.len() {
        0 => {}
        1 => {
            return Err(format!(
                "failed to convert patch object to typed object: {}: field not declared in schema",
                walk.undeclared[0]
            ));
        }
        _ => {
            let lines: Vec<String> =
                walk.undeclared.iter().map(|p| format!("  {p}: field not declared in schema")).collect();
            return Err(format!("failed to convert patch object to typed object: errors:\n{}", lines.join("\n")));
        }
    }
    if !walk.atomics.is_empty() {
        return Err(format!(
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: {}",
            walk.atomics.join(", ")
        ));
    }
    Ok(())
}

/// A walk of an apply configuration beside its schema.
struct Walk<'r> {
    rules: &'r MergeRules,
    undeclared: Vec<String>,
    atomics: Vec<String>,
}

impl Walk<'_> {
    /// `path` as upstream prints field paths (`.spec.ports[0]`), `keys` the object keys
    /// leading here (how list strategies are looked up).
    fn value(
        &mut self,
        v: &Value,
        ty: &'static TypeSchema,
        field: Option<&'static FieldSchema>,
        path: &mut String,
        keys: &mut Vec<String>,
        root: bool,
    ) {
        match (v, ty.resolve()) {
            (Value::Object(members), TypeSchema::Struct(s)) => {
                if !root && (s.atomic || field.is_some_and(|f| f.struct_atomic)) {
                    self.atomics.push(path.clone());
                }
                for (k, x) in members {
                    let at = path.len();
                    path.push('.');
                    path.push_str(k);
                    keys.push(k.clone());
                    match s.field(k) {
                        Some(f) => self.value(x, f.ty, Some(f), path, keys, false),
                        // Every object has these, whatever a custom resource's schema lists.
                        None if root && matches!(k.as_str(), "apiVersion" | "kind") => {}
                        None if root && k == "metadata" => self.value(
                            x,
                            <kapi_api::meta::v1::ObjectMeta as HasSchema>::schema(),
                            None,
                            path,
                            keys,
                            false,
                        ),
                        None => self.undeclared.push(path.clone()),
                    }
                    keys.pop();
                    path.truncate(at);
                }
            }
            (Value::Object(members), TypeSchema::Map(item)) => {
                if field.is_some_and(|f| f.map_atomic) {
                    self.atomics.push(path.clone());
                }
                for (k, x) in members {
                    let at = path.len();
                    path.push('.');
                    path.push_str(k);
                    keys.push(k.clone());
                    self.value(x, item, None, path, keys, false);
                    keys.pop();
                    path.truncate(at);
                }
            }
            (Value::Array(items), TypeSchema::List(item)) => {
                if self.rules.strategy(keys, true).is_none() {
                    self.atomics.push(path.clone());
                }
                for (i, x) in items.iter().enumerate() {
                    let at = path.len();
                    path.push_str(&format!("[{i}]"));
                    self.value(x, item, None, path, keys, false);
                    path.truncate(at);
                }
            }
            _ => {}
        }
    }
}

/// The refusal of the failures: upstream's generic dispatcher's, the configuration errors
/// (collected before any policy runs, reason `Forbidden`) before the evaluations' (reason
/// `Invalid`); the reason is the first failure's.
fn refusal(attrs: &Attributes<'_>, object: Option<&Value>, config: Vec<String>, failures: Vec<String>) -> Error {
    let reason = if config.is_empty() { StatusReason::INVALID } else { StatusReason::FORBIDDEN };
    let errors = config.into_iter().chain(failures).collect();
    policy_errors(attrs, object, errors, reason)
}
