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
//!
//! `authorizer` is kapi-cel's authorizer library, its checks answered by the server's
//! authorization for the requester (or the service account an expression names).
//!
//! Simplifications: expressions are checked when they run, not when the policy is written (so a
//! policy's `status.typeChecking` stays empty); the CEL cost is bounded per expression only.

use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MatchPolicyType, MatchResources, NamedRuleWithOperations, ParamKind, ParamRef,
    ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicySpec, Validation, Variable,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{GetOptions, ListOptions, StatusCause, StatusReason};
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::{self, Value};

use super::{Attributes, Subject, conditions, labels_of, read_configs, selector};
use crate::cel::{PER_CALL_LIMIT, Program, Val, map_of};
use crate::server::ApiServer;
use crate::tracker::meta::to_value;
use crate::tracker::{Error, Result};

/// The variables a policy's expressions may use.
pub(super) const VARIABLES: &[&str] =
    &["object", "oldObject", "request", "params", "namespaceObject", "variables", "authorizer"];
/// Those of a validation's `messageExpression`: upstream declares no `authorizer` there.
const MESSAGE_VARIABLES: &[&str] = &["object", "oldObject", "request", "params", "namespaceObject", "variables"];

/// One policy with its bindings, by name.
pub(super) struct Policy {
    name: String,
    spec: ValidatingAdmissionPolicySpec,
    bindings: Vec<(String, kapi_api::admissionregistration::v1::ValidatingAdmissionPolicyBindingSpec)>,
}

/// A validation's outcome that is not an admission.
struct Denial {
    message: String,
    reason: String,
    /// The index of the validation it comes from (0 for the others), for audit annotations.
    index: usize,
}

/// Whether one of a match's rules names the request (and its `resourceNames`, the object).
pub(super) fn rule_matches(rules: &[NamedRuleWithOperations], attrs: &Attributes<'_>) -> bool {
    rules.iter().any(|r| {
        attrs.matches(&r.rule_with_operations)
            && (r.resource_names.is_empty() || r.resource_names.contains(&attrs.name))
    })
}

/// A match's rules: one names the request and no exclusion does.
pub(super) fn constraints_match(m: &MatchResources, attrs: &Attributes<'_>) -> bool {
    rule_matches(&m.resource_rules, attrs) && !rule_matches(&m.exclude_resource_rules, attrs)
}

pub(super) fn equivalent(m: &MatchResources) -> bool {
    m.match_policy.as_ref().is_none_or(|p| p.0 != MatchPolicyType::EXACT)
}

/// A policy by name, with its bindings by name.
pub(super) type Bound<P, B> = (String, P, Vec<(String, B)>);

/// The stored policies of one kind that have bindings (upstream evaluates no other), by name,
/// each with its bindings by name; `policy_of` names a binding's policy.
pub(super) fn bound<P, B>(
    api: &ApiServer,
    policies: &str,
    bindings: &str,
    policy_of: impl Fn(&B) -> &str,
) -> Vec<Bound<P, B>>
where
    P: kapi_machinery::json::JsonDecode + Default,
    B: kapi_machinery::json::JsonDecode + Default + Clone,
{
    let bindings = read_configs::<B>(api, bindings);
    if bindings.is_empty() {
        return Vec::new();
    }
    read_configs::<P>(api, policies)
        .into_iter()
        .filter_map(|(name, p)| {
            let bound: Vec<_> = bindings.iter().filter(|(_, b)| policy_of(b) == name).cloned().collect();
            (!bound.is_empty()).then_some((name, p, bound))
        })
        .collect()
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

impl Policy {
    /// Whether the policy's rules name the request or an equivalent resource (before any
    /// object is read).
    pub(super) fn may_match(&self, attrs: &Attributes<'_>, equivalents: &[ResourceInfo]) -> bool {
        let Some(m) = &self.spec.match_constraints else { return false };
        constraints_match(m, attrs)
            || (equivalent(m) && equivalents.iter().any(|e| constraints_match(m, &attrs.through(e))))
    }

    fn fails_closed(&self) -> bool {
        self.spec.failure_policy.as_ref().is_none_or(|p| p.0 != FailurePolicyType::IGNORE)
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

    /// The namespace and object selectors of a match, as a webhook's are read; an error is
    /// the status's message (`Internal error occurred: …`), a configuration error of the policy
    /// or binding.
    pub(super) fn match_selectors(
        &self,
        m: &MatchResources,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> std::result::Result<bool, String> {
        self.selectors_match(m.namespace_selector.as_ref(), m.object_selector.as_ref(), attrs, obj, old)
            .map_err(|e| api_errors::status_of(&e).message)
    }

    pub(super) fn namespace_object(&self, name: &str) -> Option<Value> {
        let ns = GroupVersionResource::new("", "v1", "namespaces");
        self.tracker.get(&ns, "", name, &GetOptions::default()).ok().and_then(|o| to_value(o.as_ref()).ok())
    }

    /// The resource of a policy's `paramKind` (`None` when it takes no parameters), or why
    /// there is none: upstream's policy source fails the whole policy then.
    pub(super) fn param_resource(
        &self,
        param_kind: Option<&ParamKind>,
    ) -> std::result::Result<Option<ResourceInfo>, String> {
        let Some(kind) = param_kind else { return Ok(None) };
        let (group, version) = match kind.api_version.split_once('/') {
            Some((g, v)) => (g, v),
            None => ("", kind.api_version.as_str()),
        };
        match self
            .tracker
            .resources()
            .into_iter()
            .find(|r| r.group == group && r.version == version && r.kind == kind.kind)
        {
            Some(info) => Ok(Some(info)),
            // Go's `GroupVersionKind.String()`: `group/version, Kind=kind`.
            None => {
                Err(format!("failed to find resource referenced by paramKind: '{group}/{version}, Kind={}'", kind.kind))
            }
        }
    }

    /// The parameter objects of a binding (`None` when there are none to look up: the policy
    /// takes no parameters, or the binding names no `paramRef`), as upstream's `CollectParams`,
    /// or why there are none to evaluate with.
    pub(super) fn params(
        &self,
        param: Option<&ResourceInfo>,
        param_ref: Option<&ParamRef>,
        namespace: &str,
    ) -> std::result::Result<Vec<Option<Value>>, String> {
        let (Some(info), Some(param_ref)) = (param, param_ref) else { return Ok(vec![None]) };
        let ns = match (info.namespaced, param_ref.namespace.as_str()) {
            (false, "") => "",
            (false, _) => return Err("paramRef.namespace must not be provided for a cluster-scoped `paramKind`".into()),
            (true, "") => namespace,
            (true, n) => n,
        };
        if info.namespaced && ns.is_empty() {
            return Err("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources".into());
        }
        let found: Vec<Value> = if !param_ref.name.is_empty() {
            self.tracker
                .get(&info.gvr(), ns, &param_ref.name, &GetOptions::default())
                .ok()
                .and_then(|o| to_value(o.as_ref()).ok())
                .into_iter()
                .collect()
        } else {
            let sel = selector(param_ref.selector.as_ref())?;
            let (items, _) = self.tracker.list(&info.gvr(), ns, &ListOptions::default()).map_err(|e| e.to_string())?;
            items
                .iter()
                .filter_map(|o| to_value(o.as_ref()).ok())
                .filter(|v| sel.matches(&labels_of(Some(v))))
                .collect()
        };
        if found.is_empty() {
            // Only a `Deny` refuses; an unset action allows, as upstream reads it.
            if param_ref.parameter_not_found_action.as_ref().is_some_and(|a| a.0 == "Deny") {
                return Err("no params found for policy binding with `Deny` parameterNotFoundAction".into());
            }
            return Ok(Vec::new());
        }
        Ok(found.into_iter().map(Some).collect())
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
        let mut denied: Option<(String, Option<String>, Denial)> = None;
        // Upstream's generic dispatcher's configuration errors (selectors, parameters), reported
        // only when no validation denies.
        let mut config: Vec<String> = Vec::new();
        // What the `Audit` actions and the policies' audit annotations record.
        let mut audited: Vec<Value> = Vec::new();
        let mut annotations: Vec<(String, Vec<String>)> = Vec::new();
        for policy in policies {
            let Some(m) = &policy.spec.match_constraints else { continue };
            // The request's version, or the first equivalent one a rule names.
            let (attrs, object, old) = if constraints_match(m, attrs) {
                (attrs.clone(), object.cloned(), old.cloned())
            } else if equivalent(m)
                && let Some(e) = subject.equivalents.iter().find(|e| constraints_match(m, &attrs.through(e)))
            {
                (
                    attrs.through(e),
                    object.map(|o| self.convert_value(&subject.info, o, e)).transpose()?,
                    old.map(|o| self.convert_value(&subject.info, o, e)).transpose()?,
                )
            } else {
                continue;
            };
            let (object, old) = (object.as_ref(), old.as_ref());
            let mut deny = |binding: Option<&str>, d: Denial| {
                if denied.is_none() {
                    denied = Some((policy.name.clone(), binding.map(str::to_owned), d));
                }
            };
            let mut misconfigured = |binding: Option<&str>, e: &str| {
                if policy.fails_closed() {
                    config.push(config_error(&policy.name, binding, e));
                }
            };
            match self.match_selectors(m, &attrs, object, old) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    misconfigured(None, &e);
                    continue;
                }
            }
            let param_resource = match self.param_resource(policy.spec.param_kind.as_ref()) {
                Ok(r) => r,
                Err(e) => {
                    misconfigured(None, &e);
                    continue;
                }
            };
            let request = review_value(&attrs)?;
            // Built once per policy: every binding and parameter sees the same request.
            let authorizer = self.request_authorizer(&attrs);
            let namespace_object =
                if attrs.namespace.is_empty() || (attrs.gvr.group.is_empty() && attrs.gvr.resource == "namespaces") {
                    None
                } else {
                    self.namespace_object(attrs.namespace)
                };
            let object_val = object.map_or(Val::Null, conditions::to_val);
            let old_val = old.map_or(Val::Null, conditions::to_val);
            let request_val = conditions::to_val(&request);
            let namespace_val = namespace_object.as_ref().map_or(Val::Null, conditions::to_val);
            for (bname, binding) in &policy.bindings {
                if let Some(bm) = &binding.match_resources {
                    let rules_ok = bm.resource_rules.is_empty() || rule_matches(&bm.resource_rules, &attrs);
                    if !rules_ok || rule_matches(&bm.exclude_resource_rules, &attrs) {
                        continue;
                    }
                    match self.match_selectors(bm, &attrs, object, old) {
                        Ok(true) => {}
                        Ok(false) => continue,
                        Err(e) => {
                            misconfigured(Some(bname), &e);
                            continue;
                        }
                    }
                }
                let params = match self.params(param_resource.as_ref(), binding.param_ref.as_ref(), attrs.namespace) {
                    Ok(p) => p,
                    Err(e) => {
                        misconfigured(Some(bname), &e);
                        continue;
                    }
                };
                for param in params {
                    // Upstream's validator checks the match conditions of each binding and
                    // parameter; an error under `Fail` is denied through the binding's actions.
                    if !policy.spec.match_conditions.is_empty() {
                        match conditions::matches(
                            &policy.spec.match_conditions,
                            object,
                            old,
                            &request,
                            authorizer.clone(),
                            !policy.fails_closed(),
                        ) {
                            Ok(true) => {}
                            Ok(false) => continue,
                            Err(e) => {
                                let d = Denial { message: e, reason: String::new(), index: 0 };
                                Self::act(policy, bname, binding, d, warnings, &mut audited, &mut deny);
                                continue;
                            }
                        }
                    }
                    let vars = Vars {
                        object: object_val.clone(),
                        old: old_val.clone(),
                        request: request_val.clone(),
                        params: param.as_ref().map_or(Val::Null, conditions::to_val),
                        namespace: namespace_val.clone(),
                        authorizer: authorizer.clone(),
                    };
                    let evaluation = evaluate(&policy.spec, &vars);
                    for d in evaluation.denials {
                        Self::act(policy, bname, binding, d, warnings, &mut audited, &mut deny);
                    }
                    // An audit annotation's error denies whatever the binding's actions say.
                    for message in evaluation.annotation_errors {
                        deny(Some(bname), Denial { message, reason: String::new(), index: 0 });
                    }
                    for (key, value) in evaluation.annotations {
                        let key = format!("{}/{key}", policy.name);
                        match annotations.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, vs)) if !vs.contains(&value) => vs.push(value),
                            Some(_) => {}
                            None => annotations.push((key, vec![value])),
                        }
                    }
                }
            }
        }
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
        match denied {
            Some((policy, binding, d)) => Err(refusal(attrs, object, &policy, binding.as_deref(), d)),
            None if config.is_empty() => Ok(()),
            None => Err(policy_errors(attrs, object, config, StatusReason::FORBIDDEN)),
        }
    }

    /// Where one denial goes, as the binding's `validationActions` say.
    fn act(
        policy: &Policy,
        binding_name: &str,
        binding: &kapi_api::admissionregistration::v1::ValidatingAdmissionPolicyBindingSpec,
        d: Denial,
        warnings: &mut Vec<String>,
        audited: &mut Vec<Value>,
        deny: &mut impl FnMut(Option<&str>, Denial),
    ) {
        for action in &binding.validation_actions {
            match action.0.as_str() {
                "Audit" => audited.push(Value::Object(vec![
                    ("message".into(), Value::String(d.message.clone())),
                    ("policy".into(), Value::String(policy.name.clone())),
                    ("binding".into(), Value::String(binding_name.to_owned())),
                    ("expressionIndex".into(), Value::Number(d.index.to_string())),
                    (
                        "validationActions".into(),
                        Value::Array(binding.validation_actions.iter().map(|a| Value::String(a.0.clone())).collect()),
                    ),
                ])),
                "Deny" => deny(
                    Some(binding_name),
                    Denial { message: d.message.clone(), reason: d.reason.clone(), index: d.index },
                ),
                "Warn" => warnings.push(format!(
                    "Validation failed for ValidatingAdmissionPolicy '{}' with binding '{binding_name}': {}",
                    policy.name, d.message
                )),
                _ => {}
            }
        }
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

/// The request as CEL's `request`: the review's request.
pub(super) fn review_value(attrs: &Attributes<'_>) -> Result<Value> {
    value::parse(
        &kapi_machinery::json::to_vec(&super::call::review_request(attrs, String::new(), None, None))
            .map_err(|e| api_errors::internal(&e.to_string()))?,
    )
    .map_err(|e| api_errors::internal(&e.to_string()))
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
fn refusal(attrs: &Attributes<'_>, object: Option<&Value>, policy: &str, binding: Option<&str>, d: Denial) -> Error {
    let message = match binding {
        Some(b) => format!("ValidatingAdmissionPolicy '{policy}' with binding '{b}' denied request: {}", d.message),
        None => format!("ValidatingAdmissionPolicy '{policy}' denied request: {}", d.message),
    };
    let reason = if d.reason.is_empty() { "Invalid".to_owned() } else { d.reason };
    let mut status = api_errors::status_of(&super::admission_forbidden(attrs, object, &message));
    status.code = code_of(&reason);
    status.reason = StatusReason(reason);
    if let Some(details) = status.details.as_mut() {
        details.causes.push(StatusCause { message, ..Default::default() });
    }
    api_errors::into_error(status)
}

/// Upstream's `PolicyError` of a configuration error: `policy 'p' with binding 'b' denied
/// request: failed to configure binding: …`, or `policy "p" denied request: failed to configure
/// policy: …`.
pub(super) fn config_error(policy: &str, binding: Option<&str>, e: &str) -> String {
    match binding {
        Some(b) => format!("policy '{policy}' with binding '{b}' denied request: failed to configure binding: {e}"),
        None => format!("policy {policy:?} denied request: failed to configure policy: {e}"),
    }
}

/// The refusal of upstream's generic policy dispatcher: `admission.NewForbidden` whose message
/// is the first error's, with `reason` (the first error's own, else `Forbidden`, which keeps
/// the code `403`), every error a cause.
pub(super) fn policy_errors(
    attrs: &Attributes<'_>,
    object: Option<&Value>,
    errors: Vec<String>,
    reason: &str,
) -> Error {
    let mut status =
        api_errors::status_of(&super::admission_forbidden(attrs, object, "admission request denied by policy"));
    status.message = errors[0].clone();
    status.reason = StatusReason(reason.into());
    if let Some(details) = status.details.as_mut() {
        details.causes = errors.into_iter().map(|message| StatusCause { message, ..Default::default() }).collect();
    }
    api_errors::into_error(status)
}

#[cfg(test)]
mod tests {
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
