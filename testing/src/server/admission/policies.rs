//! ValidatingAdmissionPolicy: the stored policies and their bindings (`admissionregistration.k8s.io/v1`) evaluated in CEL on each write they match, before the validating webhooks, as kube-apiserver's plugin evaluates them.
//!
//! Facts from upstream's `admission/plugin/policy/validating`: a policy matches by its
//! `matchConstraints` (rules with `resourceNames`, `excludeResourceRules`, namespace and object
//! selectors, `matchPolicy`), then its `matchConditions`; each of its bindings (by name) by
//! its own `matchResources`, then is evaluated once per parameter object (`paramKind` with the
//! binding's `paramRef`: by name, or by selector, in the request's namespace unless the
//! reference names one; none found is allowed or, with `parameterNotFoundAction: Deny`,
//! refused; a binding without `paramRef` is evaluated with `params` null). The variables are `object`, `oldObject`, `request`, `params`, `namespaceObject`
//! and `variables`. A validation that is false is denied with its `messageExpression`'s
//! result, else its `message`, else `failed expression: <expression>`, and its `reason`
//! (`Invalid`, `422`, by default); one that fails to evaluate is denied under `failurePolicy:
//! Fail` (the default) with the evaluation's error, admitted under `Ignore`. Each denial goes
//! where the binding's `validationActions` say: `Deny` refuses the request (the first such
//! denial: `<resource> "<name>" is forbidden: ValidatingAdmissionPolicy '<policy>' with binding
//! '<binding>' denied request: <message>`, with that message as a cause), `Warn` adds the
//! warning `Validation failed for ValidatingAdmissionPolicy '<policy>' with binding
//! '<binding>': <message>`, `Audit` records it in the request's audit annotation
//! `validation.policy.admission.k8s.io/validation_failure` (a JSON list of the failures with
//! their policy, binding, expression index and actions), seen in the audit log (module
//! `audit`). The policy's `auditAnnotations` become annotations `<policy>/<key>` (each key's
//! distinct values joined by `, `); one that gives neither a string nor null denies. A
//! configuration error (a selector, the `paramKind`, the parameters) is refused, when no
//! validation denies, as the generic dispatcher refuses it: `403 Forbidden`, the bare message
//! `policy '<policy>' with binding '<binding>' denied request: failed to configure binding: …`.
//! The matching, bindings, parameters and match conditions are the shared dispatcher's (module
//! `policy_dispatch`); this module is the evaluator of the validations.
//!
//! `authorizer` is kapi-cel's authorizer library, its checks answered by the server's
//! authorization for the requester (or the service account an expression names).
//!
//! Simplifications: expressions are checked when they run, not when the policy is written (so a
//! policy's `status.typeChecking` stays empty); the CEL cost is bounded per expression only.

use kapi_api::admissionregistration::v1::{
    FailurePolicyType, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding,
    ValidatingAdmissionPolicyBindingSpec, ValidatingAdmissionPolicySpec, Validation, Variable,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{StatusCause, StatusReason};
use kapi_machinery::json::value::Value;

use super::policy_dispatch::{self, Evaluator, Invocation, Invoked, bound, policy_errors};
use super::{Attributes, Subject, conditions};
use crate::cel::{PER_CALL_LIMIT, Program, Val, map_of};
use crate::server::ApiServer;
use crate::tracker::{Error, Result};

/// The variables a policy's expressions may use.
pub(super) const VARIABLES: &[&str] =
    &["object", "oldObject", "request", "params", "namespaceObject", "variables", "authorizer"];
/// Those of a validation's `messageExpression`: upstream declares no `authorizer` there.
const MESSAGE_VARIABLES: &[&str] = &["object", "oldObject", "request", "params", "namespaceObject", "variables"];

/// One validating policy with its bindings, by name.
pub(super) type Policy = policy_dispatch::Policy<ValidatingAdmissionPolicySpec, ValidatingAdmissionPolicyBindingSpec>;

/// A validation's outcome that is not an admission.
struct Denial {
    message: String,
    reason: String,
    /// The index of the validation it comes from (0 for the others), for audit annotations.
    index: usize,
}

/// Upstream's `reasonToCode`.
fn code_of(reason: &str) -> i32 {
    match reason {
        "Unauthorized" => 401,
        "Forbidden" => 403,
        "RequestEntityTooLarge" => 413,
        _ => 422,
    }
}

impl ApiServer {
    /// The validating admission policies that have bindings, by name, each with its bindings
    /// by name.
    pub(super) fn policies(&self) -> Vec<Policy> {
        bound::<ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding>(
            self,
            "validatingadmissionpolicies",
            "validatingadmissionpolicybindings",
            |b| &b.spec.policy_name,
        )
        .into_iter()
        .map(|(name, p, bindings)| Policy {
            name,
            spec: p.spec,
            bindings: bindings.into_iter().map(|(n, b)| (n, b.spec)).collect(),
        })
        .collect()
    }

    /// Evaluates the matching policies on a create, update or delete; refuses with the first
    /// denial a binding says to deny, after adding the warnings of those it says to warn of.
    pub(super) fn run_policies(
        &self,
        policies: &[Policy],
        subject: &Subject,
        attrs: &Attributes<'_>,
        object: Option<&Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<()> {
        let mut validator = Validator { warnings, denied: None, audited: Vec::new(), annotations: Vec::new() };
        // Validations leave the object as it is: the copy is only read.
        let dispatched = self.dispatch_policies(policies, subject, attrs, &mut object.cloned(), old, &mut validator)?;
        let Validator { denied, mut audited, annotations, .. } = validator;
        // Upstream's audit annotations: each key's distinct values, and every failure an
        // `Audit` action recorded.
        for (key, values) in annotations {
            crate::server::audit::annotate(key, values.join(", "));
        }
        if !audited.is_empty() {
            // Upstream's `maxValidationFailures`: the audit log keeps the first 50.
            audited.truncate(50);
            crate::server::audit::annotate(
                "validation.policy.admission.k8s.io/validation_failure",
                String::from_utf8_lossy(&Value::Array(audited).to_compact_vec()).into_owned(),
            );
        }
        // Upstream's generic dispatcher's configuration errors are reported only when no
        // validation denies.
        match denied {
            Some((policy, binding, d)) => Err(refusal(attrs, object, &policy, &binding, d)),
            None if dispatched.config.is_empty() => Ok(()),
            None => Err(policy_errors(attrs, object, dispatched.config, StatusReason::FORBIDDEN)),
        }
    }
}

/// The validating policies' evaluator: the first denial a binding says to deny, the warnings
/// of those it says to warn of, and what the `Audit` actions and the policies' audit
/// annotations record.
struct Validator<'w> {
    warnings: &'w mut Vec<String>,
    /// The policy and binding of the first denial, with it.
    denied: Option<(String, String, Denial)>,
    audited: Vec<Value>,
    annotations: Vec<(String, Vec<String>)>,
}

impl Validator<'_> {
    fn deny(&mut self, policy: &str, binding: &str, d: Denial) {
        if self.denied.is_none() {
            self.denied = Some((policy.to_owned(), binding.to_owned(), d));
        }
    }

    /// Where one denial goes, as the binding's `validationActions` say.
    fn act(&mut self, policy: &str, binding_name: &str, binding: &ValidatingAdmissionPolicyBindingSpec, d: Denial) {
        for action in &binding.validation_actions {
            match action.0.as_str() {
                "Audit" => self.audited.push(Value::Object(vec![
                    ("message".into(), Value::String(d.message.clone())),
                    ("policy".into(), Value::String(policy.to_owned())),
                    ("binding".into(), Value::String(binding_name.to_owned())),
                    ("expressionIndex".into(), Value::Number(d.index.to_string())),
                    (
                        "validationActions".into(),
                        Value::Array(binding.validation_actions.iter().map(|a| Value::String(a.0.clone())).collect()),
                    ),
                ])),
                "Deny" => self.deny(
                    policy,
                    binding_name,
                    Denial { message: d.message.clone(), reason: d.reason.clone(), index: d.index },
                ),
                "Warn" => self.warnings.push(format!(
                    "Validation failed for ValidatingAdmissionPolicy '{policy}' with binding '{binding_name}': {}",
                    d.message
                )),
                _ => {}
            }
        }
    }
}

impl Evaluator for Validator<'_> {
    type Spec = ValidatingAdmissionPolicySpec;
    type Binding = ValidatingAdmissionPolicyBindingSpec;
    const VALIDATING: bool = true;

    /// Upstream's validator denies it through the binding's actions.
    fn condition_failed(&mut self, inv: &Invocation<'_, Self::Spec, Self::Binding>, why: String) {
        let d = Denial { message: why, reason: String::new(), index: 0 };
        self.act(&inv.policy.name, inv.binding_name, inv.binding, d);
    }

    fn invoke(
        &mut self,
        inv: &Invocation<'_, Self::Spec, Self::Binding>,
        object: &mut Option<Value>,
    ) -> Result<Invoked> {
        let (policy, binding_name) = (&inv.policy.name, inv.binding_name);
        let vars = Vars {
            object: object.as_ref().map_or(Val::Null, conditions::to_val),
            old: inv.context.old.clone(),
            request: inv.context.request_val.clone(),
            params: inv.param.as_ref().map_or(Val::Null, conditions::to_val),
            namespace: inv.context.namespace.clone(),
            authorizer: inv.context.authorizer.clone(),
        };
        let evaluation = evaluate(&inv.policy.spec, &vars);
        for d in evaluation.denials {
            self.act(policy, binding_name, inv.binding, d);
        }
        // An audit annotation's error denies whatever the binding's actions say.
        for message in evaluation.annotation_errors {
            self.deny(policy, binding_name, Denial { message, reason: String::new(), index: 0 });
        }
        for (key, value) in evaluation.annotations {
            let key = format!("{policy}/{key}");
            match self.annotations.iter_mut().find(|(k, _)| *k == key) {
                Some((_, vs)) if !vs.contains(&value) => vs.push(value),
                Some(_) => {}
                None => self.annotations.push((key, vec![value])),
            }
        }
        Ok(Invoked::Ran { changed: false })
    }
}

/// The values an evaluation sees.
struct Vars {
    object: Val,
    old: Val,
    request: Val,
    params: Val,
    namespace: Val,
    authorizer: Val,
}

/// A policy's `variables` as CEL's `variables`: in order, each seeing those before it. One that
/// fails is an error value that fails whatever reads it, in the words of upstream's
/// composition (`composited variable "max" fails to evaluate: …`).
pub(super) fn compose(variables: &[Variable], vars: &[(&str, Val)]) -> Val {
    let mut composed: Vec<(Val, Val)> = Vec::new();
    for var in variables {
        let mut with = vars.to_vec();
        with.push(("variables", map_of(composed.clone()).unwrap_or(Val::Null)));
        let val = match Program::compile(&var.expression, VARIABLES) {
            Err(e) => {
                Val::Err(format!("composited variable {:?} fails to compile: compilation failed: {e}", var.name).into())
            }
            Ok(program) => match program.eval(&with, PER_CALL_LIMIT).result {
                Ok(v) => v,
                Err(e) => Val::Err(format!("composited variable {:?} fails to evaluate: {e}", var.name).into()),
            },
        };
        composed.push((Val::string(var.name.as_str()), val));
    }
    map_of(composed).unwrap_or(Val::Null)
}

/// Compiles and runs one expression.
fn run(expr: &str, vars: &[(&str, Val)]) -> std::result::Result<Val, String> {
    run_in(expr, VARIABLES, vars)
}

/// Compiles `expr` with the variables `declared` and runs it.
fn run_in(expr: &str, declared: &[&str], vars: &[(&str, Val)]) -> std::result::Result<Val, String> {
    let program =
        Program::compile(expr, declared).map_err(|e| format!("compilation error: compilation failed: {e}"))?;
    program.eval(vars, PER_CALL_LIMIT).result.map_err(|e| format!("expression '{expr}' resulted in error: {e}"))
}

/// What one evaluation of a policy's validations and audit annotations gave.
struct Evaluation {
    /// The validations' denials (an error counts as one only under `failurePolicy: Fail`).
    denials: Vec<Denial>,
    /// The audit annotations' errors, which deny whatever the binding's actions.
    annotation_errors: Vec<String>,
    /// The audit annotations' values by key (an empty or `null` value gives none).
    annotations: Vec<(String, String)>,
}

/// Upstream's `maxAuditAnnotationValueLength`: a longer value is cut.
const MAX_AUDIT_ANNOTATION_VALUE: usize = 10 * 1024;

fn evaluate(spec: &ValidatingAdmissionPolicySpec, v: &Vars) -> Evaluation {
    let fails_closed = spec.failure_policy.as_ref().is_none_or(|p| p.0 != FailurePolicyType::IGNORE);
    let mut vars: Vec<(&str, Val)> = vec![
        ("object", v.object.clone()),
        ("oldObject", v.old.clone()),
        ("request", v.request.clone()),
        ("params", v.params.clone()),
        ("namespaceObject", v.namespace.clone()),
        ("authorizer", v.authorizer.clone()),
    ];
    vars.push(("variables", compose(&spec.variables, &vars)));
    let mut out = Evaluation { denials: Vec::new(), annotation_errors: Vec::new(), annotations: Vec::new() };
    for (index, validation) in spec.validations.iter().enumerate() {
        match run(&validation.expression, &vars) {
            Ok(Val::Bool(true)) => {}
            Ok(Val::Bool(false)) => out.denials.push(Denial {
                message: message(validation, &vars),
                reason: validation.reason.as_ref().map_or_else(|| "Invalid".to_owned(), |r| r.0.clone()),
                index,
            }),
            // Upstream's compiler refuses an expression of another type (`CompileCELExpression`),
            // and the evaluation reports that error; without static types this one finds out
            // when it runs.
            Ok(other) => {
                if fails_closed {
                    out.denials.push(Denial { message: conditions::not_bool(&other), reason: String::new(), index });
                }
            }
            Err(e) => {
                if fails_closed {
                    out.denials.push(Denial { message: e, reason: String::new(), index });
                }
            }
        }
    }
    // Audit annotations (upstream's validator): a string, trimmed, or `null` for none; another
    // type is an error under either failure policy, an evaluation error only under `Fail`.
    for a in &spec.audit_annotations {
        match run(&a.value_expression, &vars) {
            Ok(Val::Str(v)) => {
                let mut v = v.trim();
                if v.len() > MAX_AUDIT_ANNOTATION_VALUE {
                    let mut end = MAX_AUDIT_ANNOTATION_VALUE;
                    while !v.is_char_boundary(end) {
                        end -= 1;
                    }
                    v = &v[..end];
                }
                if !v.is_empty() {
                    out.annotations.push((a.key.clone(), v.to_owned()));
                }
            }
            Ok(Val::Null) => {}
            Ok(other) => out.annotation_errors.push(format!(
                "valueExpression '{}' resulted in unsupported return type: {}. Return type must be either string or null.",
                a.value_expression,
                other.type_name()
            )),
            Err(e) if fails_closed => out.annotation_errors.push(e),
            Err(_) => {}
        }
    }
    out
}

/// A false validation's message: its `messageExpression`'s (a string of one line), else its
/// `message`, else the expression.
fn message(validation: &Validation, vars: &[(&str, Val)]) -> String {
    if !validation.message_expression.is_empty()
        && let Ok(Val::Str(s)) = run_in(&validation.message_expression, MESSAGE_VARIABLES, vars)
    {
        let s = s.trim();
        if !s.is_empty() && !s.contains('\n') && s.len() <= 5 * 1024 {
            return s.to_owned();
        }
    }
    let m = validation.message.trim();
    if !m.is_empty() {
        return m.to_owned();
    }
    format!("failed expression: {}", validation.expression.trim())
}

/// The refusal of the first denial: upstream's `admission.NewForbidden` with the denial's
/// reason and code, the message also as a cause.
fn refusal(attrs: &Attributes<'_>, object: Option<&Value>, policy: &str, binding: &str, d: Denial) -> Error {
    let message =
        format!("ValidatingAdmissionPolicy '{policy}' with binding '{binding}' denied request: {}", d.message);
    let reason = if d.reason.is_empty() { "Invalid".to_owned() } else { d.reason };
    let mut status = api_errors::status_of(&super::admission_forbidden(attrs, object, &message));
    status.code = code_of(&reason);
    status.reason = StatusReason(reason);
    if let Some(details) = status.details.as_mut() {
        details.causes.push(StatusCause { message, ..Default::default() });
    }
    api_errors::into_error(status)
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value;

    use super::*;

    fn spec(json: &str) -> ValidatingAdmissionPolicySpec {
        kapi_machinery::json::from_slice(json.as_bytes()).expect("test spec")
    }

    fn vars() -> Vars {
        let object = value::parse(br#"{"metadata":{"name":"web"},"spec":{"replicas":3}}"#).expect("test JSON");
        Vars {
            object: conditions::to_val(&object),
            old: Val::Null,
            request: Val::Null,
            params: Val::Null,
            namespace: Val::Null,
            authorizer: Val::Null,
        }
    }

    /// Upstream's validator: an audit annotation of another type than string or null is an
    /// error under either failure policy; a value is trimmed and an empty one left out.
    #[test]
    fn audit_annotations_read_as_upstream() {
        for policy in ["Fail", "Ignore"] {
            let e = evaluate(
                &spec(&format!(
                    r#"{{"failurePolicy":"{policy}","auditAnnotations":[
                        {{"key":"n","valueExpression":"object.spec.replicas"}},
                        {{"key":"name","valueExpression":"'  ' + object.metadata.name + ' '"}},
                        {{"key":"blank","valueExpression":"' '"}},
                        {{"key":"none","valueExpression":"null"}}]}}"#
                )),
                &vars(),
            );
            assert_eq!(
                e.annotation_errors,
                [
                    "valueExpression 'object.spec.replicas' resulted in unsupported return type: int. Return type must be either string or null."
                ],
                "{policy}"
            );
            assert_eq!(e.annotations, [("name".to_owned(), "web".to_owned())]);
            assert!(e.denials.is_empty());
        }
        let e = evaluate(
            &spec(r#"{"failurePolicy":"Ignore","auditAnnotations":[{"key":"k","valueExpression":"object.nope"}]}"#),
            &vars(),
        );
        assert!(e.annotation_errors.is_empty());
    }

    /// Upstream's composition: reading a variable that failed fails with its name.
    #[test]
    fn a_failed_variable_fails_what_reads_it() {
        let e = evaluate(
            &spec(
                r#"{"variables":[{"name":"max","expression":"object.spec.nope"}],
                    "validations":[{"expression":"object.spec.replicas <= variables.max"},{"expression":"true"}]}"#,
            ),
            &vars(),
        );
        let messages: Vec<_> = e.denials.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            ["expression 'object.spec.replicas <= variables.max' resulted in error: composited variable \"max\" \
                 fails to evaluate: no such key: nope"]
        );
    }

    #[test]
    fn a_validation_that_gives_no_bool_reads_as_a_compilation_error() {
        let e = evaluate(&spec(r#"{"validations":[{"expression":"object.spec.replicas"}]}"#), &vars());
        let messages: Vec<_> = e.denials.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["compilation error: must evaluate to bool but got int"]);
    }
}
