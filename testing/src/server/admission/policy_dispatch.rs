//! The generic dispatcher both admission policy kinds share, as upstream's `policy/generic`.
//!
//! Upstream's `admission/plugin/policy/generic` (`policy_dispatcher.go`, `policy_matcher.go`)
//! serves ValidatingAdmissionPolicy and MutatingAdmissionPolicy alike: for each policy whose
//! `matchConstraints` name the request (or an equivalent resource, in whose version the policy
//! then sees the objects) and whose selectors match, for each of its bindings whose own
//! `matchResources` match, for each parameter object the binding's `paramRef` finds, the
//! policy's `matchConditions` are checked and the kind's evaluator runs (an [`Evaluator`]: the
//! validations of module `policies`, the mutations of module `mutating_policies`). Policies
//! and bindings are matched on the request as it came; the objects in each version are
//! converted from it once and written back once, from the version the last invocation ran in.
//! A selector, `paramKind`, parameter or conversion that cannot be used is a configuration
//! error of the policy or the binding, kept (under `failurePolicy: Fail`) for the kind to
//! report.

use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MatchCondition, MatchPolicyType, MatchResources, MutatingAdmissionPolicyBindingSpec,
    MutatingAdmissionPolicySpec, NamedRuleWithOperations, ParamKind, ParamRef, ValidatingAdmissionPolicyBindingSpec,
    ValidatingAdmissionPolicySpec,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{GetOptions, ListOptions, StatusCause, StatusReason};
use kapi_machinery::KindInfo;
use kapi_machinery::json::value::{self, Value};

use super::{Attributes, Subject, conditions, labels_of, read_configs, selector};
use crate::cel::Val;
use crate::server::ApiServer;
use crate::tracker::meta::to_value;
use crate::tracker::{Error, Result};

/// What the dispatcher reads of a policy's spec (upstream's `PolicyAccessor`).
pub(super) trait PolicySpec {
    fn match_constraints(&self) -> Option<&MatchResources>;
    fn param_kind(&self) -> Option<&ParamKind>;
    fn match_conditions(&self) -> &[MatchCondition];
    fn failure_policy(&self) -> Option<&FailurePolicyType>;
}

/// What the dispatcher reads of a binding's spec (upstream's `BindingAccessor`).
pub(super) trait BindingSpec {
    fn match_resources(&self) -> Option<&MatchResources>;
    fn param_ref(&self) -> Option<&ParamRef>;
}

/// Both kinds' specs have the same fields for what the dispatcher reads.
macro_rules! accessors {
    ($($policy:ty, $binding:ty;)*) => {$(
        impl PolicySpec for $policy {
            fn match_constraints(&self) -> Option<&MatchResources> {
                self.match_constraints.as_ref()
            }
            fn param_kind(&self) -> Option<&ParamKind> {
                self.param_kind.as_ref()
            }
            fn match_conditions(&self) -> &[MatchCondition] {
                &self.match_conditions
            }
            fn failure_policy(&self) -> Option<&FailurePolicyType> {
                self.failure_policy.as_ref()
            }
        }

        impl BindingSpec for $binding {
            fn match_resources(&self) -> Option<&MatchResources> {
                self.match_resources.as_ref()
            }
            fn param_ref(&self) -> Option<&ParamRef> {
                self.param_ref.as_ref()
            }
        }
    )*};
}

accessors! {
    ValidatingAdmissionPolicySpec, ValidatingAdmissionPolicyBindingSpec;
    MutatingAdmissionPolicySpec, MutatingAdmissionPolicyBindingSpec;
}

/// One policy with its bindings, by name.
pub(super) struct Policy<S, B> {
    pub(super) name: String,
    pub(super) spec: S,
    pub(super) bindings: Vec<(String, B)>,
}

impl<S: PolicySpec, B> Policy<S, B> {
    /// Whether the policy's rules name the request or an equivalent resource (before any
    /// object is read).
    pub(super) fn may_match(&self, attrs: &Attributes<'_>, equivalents: &[ResourceInfo]) -> bool {
        let Some(m) = self.spec.match_constraints() else { return false };
        constraints_match(m, attrs)
            || (equivalent(m) && equivalents.iter().any(|e| constraints_match(m, &attrs.through(e))))
    }

    pub(super) fn fails_closed(&self) -> bool {
        self.spec.failure_policy().is_none_or(|p| p.0 != FailurePolicyType::IGNORE)
    }
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

/// Whether one of a match's rules names the request (and its `resourceNames`, the object).
fn rule_matches(rules: &[NamedRuleWithOperations], attrs: &Attributes<'_>) -> bool {
    rules.iter().any(|r| {
        attrs.matches(&r.rule_with_operations)
            && (r.resource_names.is_empty() || r.resource_names.contains(&attrs.name))
    })
}

/// A match's rules: one names the request and no exclusion does.
fn constraints_match(m: &MatchResources, attrs: &Attributes<'_>) -> bool {
    rule_matches(&m.resource_rules, attrs) && !rule_matches(&m.exclude_resource_rules, attrs)
}

/// The resource a match's rules name: the request's own (`Some(None)`) or, unless
/// `matchPolicy: Exact`, an equivalent one, taking the rules in order and for each the
/// equivalents in order, as upstream's `matchesResourceRules`.
fn rules_name(
    rules: &[NamedRuleWithOperations],
    m: &MatchResources,
    attrs: &Attributes<'_>,
    equivalents: &[ResourceInfo],
) -> Option<Option<ResourceInfo>> {
    if rule_matches(rules, attrs) {
        return Some(None);
    }
    if !equivalent(m) {
        return None;
    }
    rules.iter().find_map(|r| {
        equivalents.iter().find(|e| rule_matches(std::slice::from_ref(r), &attrs.through(e))).map(|e| Some(*e))
    })
}

fn equivalent(m: &MatchResources) -> bool {
    m.match_policy.as_ref().is_none_or(|p| p.0 != MatchPolicyType::EXACT)
}

/// What every parameter object of one binding sees of the request, in the version the policy
/// matched.
pub(super) struct Context {
    /// The request as CEL's `request`, as JSON (for the match conditions) and as CEL.
    pub(super) request: Value,
    pub(super) request_val: Val,
    pub(super) old: Val,
    pub(super) namespace: Val,
    pub(super) authorizer: Val,
}

/// One policy, binding and parameter object whose match conditions passed: upstream's
/// `PolicyInvocation`.
pub(super) struct Invocation<'i, S, B> {
    pub(super) policy: &'i Policy<S, B>,
    pub(super) binding_name: &'i str,
    pub(super) binding: &'i B,
    /// The attributes in the version the policy matched.
    pub(super) attrs: &'i Attributes<'i>,
    /// The kind of the object in that version (`None` as in [`Subject`]).
    pub(super) kind: Option<KindInfo>,
    pub(super) param: Option<Value>,
    pub(super) context: &'i Context,
}

/// What one policy kind does with what the dispatcher selects.
pub(super) trait Evaluator {
    type Spec: PolicySpec;
    type Binding: BindingSpec;

    /// Whether upstream runs the kind through its validating dispatcher's own loop rather than
    /// the generic one: that reads the request's namespace for each binding whose parameters
    /// were collected, even none, where the mutating dispatcher reads it only once there is
    /// something to invoke (a namespace that does not exist stops the request with `NotFound`
    /// at that point); and it converts the object once a binding has parameters, a failure
    /// being the binding's, where the generic one converts once a binding matches, a failure
    /// being the policy's.
    const VALIDATING: bool;

    /// A match condition failed to evaluate under `failurePolicy: Fail` (`why` in upstream's
    /// words).
    fn condition_failed(&mut self, inv: &Invocation<'_, Self::Spec, Self::Binding>, why: String);

    /// Runs the policy for one invocation on `object` (the object in the policy's version, as
    /// the invocations before in that version left it). An error stops the request.
    fn invoke(
        &mut self,
        inv: &Invocation<'_, Self::Spec, Self::Binding>,
        object: &mut Option<Value>,
    ) -> Result<Invoked>;
}

/// Whether an invocation ran.
pub(super) enum Invoked {
    /// Not in this round of reinvocation.
    Skipped,
    /// It ran, and changed the object or not.
    Ran { changed: bool },
}

/// The objects in one version a policy sees.
struct Versioned {
    /// The equivalent resource (`None`: the request's own).
    through: Option<ResourceInfo>,
    object: Option<Value>,
    old: Option<Value>,
    /// Whether an invocation changed `object`.
    changed: bool,
}

/// What a dispatch left besides the evaluators' own results.
pub(super) struct Dispatched {
    /// The configuration errors of the policies that fail closed, in upstream's words
    /// ([`config_error`]).
    pub(super) config: Vec<String>,
    /// Whether an invocation changed the object.
    pub(super) changed: bool,
}

impl ApiServer {
    /// Upstream's generic dispatcher over `policies` (by name, their bindings by name): runs
    /// `evaluator` for each policy, binding and parameter object that match. Policies and
    /// bindings are matched on `object` as the request has it; each version a policy sees
    /// starts from it, and the version the last invocation ran in, when changed, becomes
    /// `object` again at the end.
    pub(super) fn dispatch_policies<E: Evaluator>(
        &self,
        policies: &[Policy<E::Spec, E::Binding>],
        subject: &Subject,
        attrs: &Attributes<'_>,
        object: &mut Option<Value>,
        old: Option<&Value>,
        evaluator: &mut E,
    ) -> Result<Dispatched> {
        let original = object.clone();
        let mut config: Vec<String> = Vec::new();
        let mut changed = false;
        // The request's namespace object, read once when first needed.
        let mut namespace: Option<Val> = None;
        // Upstream's versioned attributes: the objects in each version a binding needed,
        // converted from the request's once and then changed in place by the invocations in
        // that version; `last`, the one the last invocation ran in.
        let mut versions: Vec<Versioned> = Vec::new();
        let mut last: Option<usize> = None;
        for policy in policies {
            let Some(m) = policy.spec.match_constraints() else { continue };
            // Upstream's configuration errors: selectors, parameters, conversion.
            let mut misconfigured = |binding: Option<&str>, e: &str| {
                if policy.fails_closed() {
                    config.push(config_error(&policy.name, binding, e));
                }
            };
            // Upstream matches policies and bindings on the request as it came, before any
            // invocation changes it. The version is the request's, or the equivalent one the
            // rules name.
            let through = match self.criteria_match(m, attrs, &subject.equivalents, original.as_ref(), old) {
                Ok(Some(through)) => through,
                Ok(None) => continue,
                Err(e) => {
                    misconfigured(None, &e);
                    continue;
                }
            };
            let pattrs = through.as_ref().map_or_else(|| attrs.clone(), |e| attrs.through(e));
            let kind = through.as_ref().map_or(subject.kind, |e| Some(e.kind_info()));
            let param_resource = match self.param_resource(policy.spec.param_kind()) {
                Ok(r) => r,
                Err(e) => {
                    misconfigured(None, &e);
                    continue;
                }
            };
            let request = review_value(&pattrs)?;
            let request_val = conditions::to_val(&request);
            // Built once per policy: every binding and parameter sees the same request.
            let authorizer = self.request_authorizer(&pattrs);
            for (bname, binding) in &policy.bindings {
                // With the binding's own `matchPolicy`, whatever version the policy sees.
                if let Some(bm) = binding.match_resources() {
                    match self.criteria_match(bm, attrs, &subject.equivalents, original.as_ref(), old) {
                        Ok(Some(_)) => {}
                        Ok(None) => continue,
                        Err(e) => {
                            misconfigured(Some(bname), &e);
                            continue;
                        }
                    }
                }
                let mut version = None;
                if !E::VALIDATING {
                    // The generic dispatcher converts once a binding matches; a failure is
                    // the policy's.
                    match self.version(&mut versions, subject, through.as_ref(), original.as_ref(), old) {
                        Ok(i) => version = Some(i),
                        Err(e) => {
                            misconfigured(None, &e);
                            continue;
                        }
                    }
                }
                let params = match self.params(param_resource.as_ref(), binding.param_ref(), pattrs.namespace) {
                    Ok(p) => p,
                    Err(e) => {
                        misconfigured(Some(bname), &e);
                        continue;
                    }
                };
                if E::VALIDATING && !params.is_empty() {
                    // The validating one once a binding has parameters; a failure is the
                    // binding's.
                    match self.version(&mut versions, subject, through.as_ref(), original.as_ref(), old) {
                        Ok(i) => version = Some(i),
                        Err(e) => {
                            misconfigured(Some(bname), &format!("failed to convert object version: {e}"));
                            continue;
                        }
                    }
                }
                let context_namespace = if E::VALIDATING || !params.is_empty() {
                    match &namespace {
                        Some(ns) => ns.clone(),
                        None => namespace.insert(self.namespace_object(attrs)?).clone(),
                    }
                } else {
                    Val::Null
                };
                let Some(version) = version else { continue };
                let context = Context {
                    request: request.clone(),
                    request_val: request_val.clone(),
                    old: versions[version].old.as_ref().map_or(Val::Null, conditions::to_val),
                    namespace: context_namespace,
                    authorizer: authorizer.clone(),
                };
                for param in params {
                    let inv = Invocation {
                        policy,
                        binding_name: bname,
                        binding,
                        attrs: &pattrs,
                        kind,
                        param,
                        context: &context,
                    };
                    let current = &mut versions[version];
                    // Checked for each binding and parameter, as upstream's evaluators check
                    // them, on the object as the invocations before left it in this version;
                    // an error counts only under `Fail`.
                    let conditions = policy.spec.match_conditions();
                    if !conditions.is_empty() {
                        match conditions::matches(
                            conditions,
                            current.object.as_ref(),
                            current.old.as_ref(),
                            &context.request,
                            context.authorizer.clone(),
                            !policy.fails_closed(),
                        ) {
                            Ok(true) => {}
                            Ok(false) => continue,
                            Err(e) => {
                                evaluator.condition_failed(&inv, e);
                                continue;
                            }
                        }
                    }
                    match evaluator.invoke(&inv, &mut current.object)? {
                        Invoked::Skipped => {}
                        Invoked::Ran { changed: c } => {
                            last = Some(version);
                            current.changed |= c;
                            changed |= c;
                        }
                    }
                }
            }
        }
        // Upstream writes the object back once, from the version the last invocation ran in
        // and only when that changed: what invocations changed in another version is lost.
        if let Some(v) = last.map(|i| &versions[i])
            && v.changed
        {
            *object = match (&v.through, &v.object) {
                (Some(e), Some(o)) => {
                    let back = self.convert_value(e, o, &subject.info)?;
                    Some(match subject.kind {
                        Some(k) => self.normalize_kind(k, &back)?,
                        None => back,
                    })
                }
                (_, o) => o.clone(),
            };
        }
        Ok(Dispatched { config, changed })
    }

    /// The index in `versions` of the objects in the version `through` names (the request's
    /// own with `None`), converted from the request's when first asked for; a failure is the
    /// converter's message.
    fn version(
        &self,
        versions: &mut Vec<Versioned>,
        subject: &Subject,
        through: Option<&ResourceInfo>,
        object: Option<&Value>,
        old: Option<&Value>,
    ) -> std::result::Result<usize, String> {
        let same = |v: &Versioned| v.through.as_ref().map(ResourceInfo::gvr) == through.map(ResourceInfo::gvr);
        if let Some(i) = versions.iter().position(same) {
            return Ok(i);
        }
        let convert = |v: &Value| match through {
            None => Ok(v.clone()),
            // Upstream's message is the converter's own, not wrapped as an internal error.
            Some(e) => self.convert_value(&subject.info, v, e).map_err(|e| {
                let message = api_errors::status_of(&e).message;
                message.strip_prefix("Internal error occurred: ").map_or_else(|| message.clone(), str::to_owned)
            }),
        };
        versions.push(Versioned {
            through: through.copied(),
            object: object.map(convert).transpose()?,
            old: old.map(convert).transpose()?,
            changed: false,
        });
        Ok(versions.len() - 1)
    }

    /// Upstream's `Matcher.Matches` of a policy's `matchConstraints` or a binding's
    /// `matchResources` on the request as it came: the selectors first, then the exclusions and
    /// rules (no rules: any request); a selector's error counts only once the rules match, and
    /// a namespace selector's not at all when the object selector does not match. `Some` with
    /// the resource the rules name ([`rules_name`]); an error is the status's message
    /// (`Internal error occurred: …`), a configuration error of the policy or binding.
    fn criteria_match(
        &self,
        m: &MatchResources,
        attrs: &Attributes<'_>,
        equivalents: &[ResourceInfo],
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> std::result::Result<Option<Option<ResourceInfo>>, String> {
        let namespace = self.namespace_selector_matches(m.namespace_selector.as_ref(), attrs, obj, old);
        if matches!(namespace, Ok(false)) {
            return Ok(None);
        }
        let object = super::object_selector_matches(m.object_selector.as_ref(), obj, old);
        if matches!(object, Ok(false)) {
            return Ok(None);
        }
        if rules_name(&m.exclude_resource_rules, m, attrs, equivalents).is_some() {
            return Ok(None);
        }
        let through =
            if m.resource_rules.is_empty() { Some(None) } else { rules_name(&m.resource_rules, m, attrs, equivalents) };
        let Some(through) = through else { return Ok(None) };
        let message = |e: Error| api_errors::status_of(&e).message;
        namespace.map_err(message)?;
        object.map_err(message)?;
        Ok(Some(through))
    }

    /// The request's namespace as CEL's `namespaceObject`: null for a cluster-scoped request
    /// and for a namespace itself, a `NotFound` error when it does not exist.
    fn namespace_object(&self, attrs: &Attributes<'_>) -> Result<Val> {
        if attrs.namespace.is_empty() || attrs.is_for_a_namespace() {
            return Ok(Val::Null);
        }
        Ok(conditions::to_val(&self.request_namespace(attrs)?))
    }

    /// The resource of a policy's `paramKind` (`None` when it takes no parameters), or why
    /// there is none: upstream's policy source fails the whole policy then.
    fn param_resource(&self, param_kind: Option<&ParamKind>) -> std::result::Result<Option<ResourceInfo>, String> {
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
    fn params(
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
        let found: Vec<Value> = match (param_ref.name.as_str(), param_ref.selector.as_ref()) {
            // Validation refuses both and neither on write; with it off they reach here.
            ("", None) => return Err("one of name or selector must be provided".into()),
            (name, None) => self
                .tracker
                .get(&info.gvr(), ns, name, &GetOptions::default())
                .ok()
                .and_then(|o| to_value(o.as_ref()).ok())
                .into_iter()
                .collect(),
            ("", Some(sel)) => {
                let sel = selector(Some(sel))?;
                let (items, _) =
                    self.tracker.list(&info.gvr(), ns, &ListOptions::default()).map_err(|e| e.to_string())?;
                items
                    .iter()
                    .filter_map(|o| to_value(o.as_ref()).ok())
                    .filter(|v| sel.matches(&labels_of(Some(v))))
                    .collect()
            }
            (_, Some(_)) => {
                return Err("paramRef.name and paramRef.selector are mutually exclusive".into());
            }
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
}

/// The request as CEL's `request`: the review's request.
fn review_value(attrs: &Attributes<'_>) -> Result<Value> {
    value::parse(
        &kapi_machinery::json::to_vec(&super::call::review_request(attrs, String::new(), None, None))
            .map_err(|e| api_errors::internal(&e.to_string()))?,
    )
    .map_err(|e| api_errors::internal(&e.to_string()))
}

/// Upstream's `PolicyError`: `policy 'p' with binding 'b' denied request: …`, or `policy "p"
/// denied request: …` without a binding.
pub(super) fn policy_error(policy: &str, binding: Option<&str>, why: &str) -> String {
    match binding {
        Some(b) => format!("policy '{policy}' with binding '{b}' denied request: {why}"),
        None => format!("policy {policy:?} denied request: {why}"),
    }
}

/// The `PolicyError` of a configuration error: `… failed to configure binding: …`, or `…
/// failed to configure policy: …` without a binding.
fn config_error(policy: &str, binding: Option<&str>, e: &str) -> String {
    let what = if binding.is_some() { "binding" } else { "policy" };
    policy_error(policy, binding, &format!("failed to configure {what}: {e}"))
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
