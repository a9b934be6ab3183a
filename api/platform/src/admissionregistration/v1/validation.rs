//! Hand-written validation of v1 webhook configurations and validating admission policies and bindings, with the checks, field paths and messages of upstream's `pkg/apis/admissionregistration/validation`.
//!
//! CEL expressions are compiled when written, with kapi-cel, in the variables upstream declares
//! for each (`object`, `oldObject`, `request`, `namespaceObject`; `params` where the policy has
//! a parameter kind; `authorizer` everywhere but a validation's message expression; `variables`
//! where a validating policy has variables and in every mutating policy, except in match
//! conditions; the `Object` and `JSONPatch` message types in mutations): match conditions
//! (trimmed), variables, validations and their message expressions (as written), audit
//! annotation values (trimmed), and mutations' patch expressions (trimmed). Found: syntax
//! errors (`compilation failed: ERROR: <input>:1:19: Syntax error: …`, cel-go's text where
//! kapi-cel's parser gives the same, its prefix where cel-go lists the tokens it expected),
//! references to undeclared variables and functions, calls with the
//! wrong number of arguments, and what kapi-cel's type checker finds against upstream's
//! declarations: fields `request`, `namespaceObject` and `variables` do not have, operands of
//! the wrong type, and a result of the wrong type (`must evaluate to bool but got int` for `6`,
//! `must evaluate to string but got bool` for `0 == 0`, `must evaluate to Object but got …` for
//! a mutation). Not found: a result kapi's checker typed `dyn` by guess, and upstream's cost
//! estimate. An update does not compile again an expression the
//! stored object already had while what it may refer to is unchanged (whether there is a
//! parameter kind and, where it sees `variables`, the variable names): upstream compiles those in
//! a wider environment, and objects stored before kapi compiled anything must stay updatable.
//! Match conditions are skipped whole where upstream skips them (unchanged, with the same
//! parameter kind for a policy).
//!
//! `MutatingAdmissionPolicy` and its binding are validated in mutating_policy_validation.rs.

use std::collections::BTreeSet;

use kapi_machinery::object::parse_group_version;
use kapi_machinery::validation::content::{
    is_dns1035_label, is_dns1123_subdomain, is_fully_qualified_name, validate_qualified_name,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::cel_checks::{self, Env, Want};
use super::{
    AuditAnnotation, MatchCondition, MatchResources, MutatingWebhook, MutatingWebhookConfiguration,
    NamedRuleWithOperations, ParamKind, ParamRef, RuleWithOperations, ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicySpec, ValidatingWebhook, ValidatingWebhookConfiguration,
    Validation, ValidationAction, Variable, WebhookClientConfig,
};
use crate::features::{Release, declarative_beta};
use crate::meta::v1::LabelSelector;
use crate::meta::v1::validation::{
    is_valid_label_selector, validate_conditions, validate_label_selector, validate_label_selector_with,
};

pub use super::static_name_warnings::{
    warnings_for_mutating_admission_policy, warnings_for_mutating_admission_policy_binding,
    warnings_for_mutating_webhook_configuration, warnings_for_validating_admission_policy,
    warnings_for_validating_admission_policy_binding, warnings_for_validating_webhook_configuration,
};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

/// The AdmissionReview versions the server accepts (upstream's `AcceptedAdmissionReviewVersions`).
const ACCEPTED_REVIEW_VERSIONS: [&str; 2] = ["v1", "v1beta1"];
// The sets below are upstream's, in `sets.List()` order (sorted).
pub(super) const FAILURE_POLICIES: &[&str] = &["Fail", "Ignore"];
const MATCH_POLICIES: &[&str] = &["Equivalent", "Exact"];
const NO_SIDE_EFFECT_CLASSES: &[&str] = &["None", "NoneOnDryRun"];
const SIDE_EFFECT_CLASSES: &[&str] = &["None", "NoneOnDryRun", "Some", "Unknown"];
const OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
pub(super) const REINVOCATION_POLICIES: &[&str] = &["IfNeeded", "Never"];
const SCOPES: &[&str] = &["*", "Cluster", "Namespaced"];
const MAX_MATCH_CONDITIONS: usize = 64;

/// What an update relaxes: upstream validates an update with the rules the stored object already
/// met, so that objects stored under older rules stay updatable.
#[derive(Clone, Copy)]
struct Options {
    ignore_match_conditions: bool,
    require_no_side_effects: bool,
    require_recognized_review_version: bool,
    require_unique_webhook_names: bool,
    allow_invalid_label_value_in_selector: bool,
}

const CREATE: Options = Options {
    ignore_match_conditions: false,
    require_no_side_effects: true,
    require_recognized_review_version: true,
    require_unique_webhook_names: true,
    allow_invalid_label_value_in_selector: false,
};

/// The parts of a webhook both kinds share, so one function checks either.
struct Hook<'a> {
    name: &'a str,
    client_config: &'a WebhookClientConfig,
    rules: &'a [RuleWithOperations],
    failure_policy: Option<&'a str>,
    match_policy: Option<&'a str>,
    namespace_selector: Option<&'a LabelSelector>,
    object_selector: Option<&'a LabelSelector>,
    side_effects: Option<&'a str>,
    timeout_seconds: Option<i32>,
    review_versions: &'a [String],
    reinvocation_policy: Option<&'a str>,
    match_conditions: &'a [MatchCondition],
}

impl<'a> From<&'a ValidatingWebhook> for Hook<'a> {
    fn from(h: &'a ValidatingWebhook) -> Self {
        Hook {
            name: &h.name,
            client_config: &h.client_config,
            rules: &h.rules,
            failure_policy: h.failure_policy.as_ref().map(|p| p.0.as_str()),
            match_policy: h.match_policy.as_ref().map(|p| p.0.as_str()),
            namespace_selector: h.namespace_selector.as_ref(),
            object_selector: h.object_selector.as_ref(),
            side_effects: h.side_effects.as_ref().map(|s| s.0.as_str()),
            timeout_seconds: h.timeout_seconds,
            review_versions: h.admission_review_versions.as_deref().unwrap_or_default(),
            reinvocation_policy: None,
            match_conditions: &h.match_conditions,
        }
    }
}

impl<'a> From<&'a MutatingWebhook> for Hook<'a> {
    fn from(h: &'a MutatingWebhook) -> Self {
        Hook {
            name: &h.name,
            client_config: &h.client_config,
            rules: &h.rules,
            failure_policy: h.failure_policy.as_ref().map(|p| p.0.as_str()),
            match_policy: h.match_policy.as_ref().map(|p| p.0.as_str()),
            namespace_selector: h.namespace_selector.as_ref(),
            object_selector: h.object_selector.as_ref(),
            side_effects: h.side_effects.as_ref().map(|s| s.0.as_str()),
            timeout_seconds: h.timeout_seconds,
            review_versions: h.admission_review_versions.as_deref().unwrap_or_default(),
            reinvocation_policy: h.reinvocation_policy.as_ref().map(|p| p.0.as_str()),
            match_conditions: &h.match_conditions,
        }
    }
}

/// Validates a `ValidatingWebhookConfiguration` on create (`old` is `None`) or update.
pub fn validate_validating_webhook_configuration(
    obj: &ValidatingWebhookConfiguration,
    old: Option<&ValidatingWebhookConfiguration>,
) -> ErrorList {
    let hooks: Vec<Hook<'_>> = obj.webhooks.iter().map(Hook::from).collect();
    let old_hooks: Vec<Hook<'_>> = old.iter().flat_map(|o| &o.webhooks).map(Hook::from).collect();
    let opts = match old {
        None => CREATE,
        Some(old) => {
            let same_conditions = obj.webhooks.len() == old.webhooks.len()
                && obj.webhooks.iter().zip(&old.webhooks).all(|(a, b)| a.match_conditions == b.match_conditions);
            update_options(&old_hooks, same_conditions)
        }
    };
    validate_hooks(&hooks, opts, &stored_conditions(&old_hooks))
}

/// Validates a `MutatingWebhookConfiguration` on create (`old` is `None`) or update.
pub fn validate_mutating_webhook_configuration(
    obj: &MutatingWebhookConfiguration,
    old: Option<&MutatingWebhookConfiguration>,
) -> ErrorList {
    let hooks: Vec<Hook<'_>> = obj.webhooks.iter().map(Hook::from).collect();
    let old_hooks: Vec<Hook<'_>> = old.iter().flat_map(|o| &o.webhooks).map(Hook::from).collect();
    let opts = match old {
        None => CREATE,
        Some(old) => {
            let same_conditions = obj.webhooks.len() == old.webhooks.len()
                && obj.webhooks.iter().zip(&old.webhooks).all(|(a, b)| a.match_conditions == b.match_conditions);
            update_options(&old_hooks, same_conditions)
        }
    };
    validate_hooks(&hooks, opts, &stored_conditions(&old_hooks))
}

/// The match condition expressions of the stored object, which an update does not compile again
/// (see the module docs).
fn stored_conditions<'a>(old: &[Hook<'a>]) -> BTreeSet<&'a str> {
    old.iter().flat_map(|h| h.match_conditions).map(|c| c.expression.as_str()).collect()
}

fn update_options(old: &[Hook<'_>], same_conditions: bool) -> Options {
    let all_accepted = old.iter().all(|h| {
        h.review_versions.is_empty() || h.review_versions.iter().any(|v| ACCEPTED_REVIEW_VERSIONS.contains(&v.as_str()))
    });
    let mut names = BTreeSet::new();
    let unique = old.iter().all(|h| names.insert(h.name));
    let no_side_effects = old.iter().all(|h| h.side_effects.is_some_and(|s| NO_SIDE_EFFECT_CLASSES.contains(&s)));
    let invalid_selector_values = old
        .iter()
        .any(|h| [h.namespace_selector, h.object_selector].into_iter().flatten().any(|s| !is_valid_label_selector(s)));
    Options {
        ignore_match_conditions: same_conditions,
        require_no_side_effects: no_side_effects,
        require_recognized_review_version: all_accepted,
        require_unique_webhook_names: unique,
        allow_invalid_label_value_in_selector: invalid_selector_values,
    }
}

fn validate_hooks(hooks: &[Hook<'_>], opts: Options, stored: &BTreeSet<&str>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, hook) in hooks.iter().enumerate() {
        let path = Path::new("webhooks").index(i);
        errs.extend(validate_hook(hook, opts, stored, &path));
        errs.extend(validate_review_versions(
            hook.review_versions,
            opts.require_recognized_review_version,
            &path.child("admissionReviewVersions"),
        ));
        if opts.require_unique_webhook_names && !hook.name.is_empty() && !names.insert(hook.name) {
            errs.push(FieldError::duplicate(path.child("name"), hook.name));
        }
    }
    errs
}

fn validate_hook(hook: &Hook<'_>, opts: Options, stored: &BTreeSet<&str>, path: &Path) -> ErrorList {
    let mut errs = is_fully_qualified_name(&path.child("name"), hook.name);
    for (i, rule) in hook.rules.iter().enumerate() {
        errs.extend(validate_rule_with_operations(rule, &path.child("rules").index(i)));
    }
    if let Some(p) = hook.failure_policy.filter(|p| !FAILURE_POLICIES.contains(p)) {
        errs.push(FieldError::not_supported_value(path.child("failurePolicy"), BadValue::named(p), FAILURE_POLICIES));
    }
    if let Some(p) = hook.match_policy.filter(|p| !MATCH_POLICIES.contains(p)) {
        errs.push(FieldError::not_supported_value(path.child("matchPolicy"), BadValue::named(p), MATCH_POLICIES));
    }
    let allowed = if opts.require_no_side_effects { NO_SIDE_EFFECT_CLASSES } else { SIDE_EFFECT_CLASSES };
    match hook.side_effects {
        None => errs.push(FieldError::required(
            path.child("sideEffects"),
            &format!("must specify one of {}", allowed.join(", ")),
        )),
        Some(s) if !allowed.contains(&s) => {
            errs.push(FieldError::not_supported_value(path.child("sideEffects"), BadValue::named(s), allowed));
        }
        Some(_) => {}
    }
    if let Some(t) = hook.timeout_seconds.filter(|t| !(1..=30).contains(t)) {
        errs.push(FieldError::invalid_value(
            path.child("timeoutSeconds"),
            t,
            "the timeout value must be between 1 and 30 seconds",
        ));
    }
    for (sel, name) in [(hook.namespace_selector, "namespaceSelector"), (hook.object_selector, "objectSelector")] {
        if let Some(sel) = sel {
            errs.extend(validate_label_selector_with(
                sel,
                opts.allow_invalid_label_value_in_selector,
                &path.child(name),
            ));
        }
    }
    if let Some(p) = hook.reinvocation_policy.filter(|p| !REINVOCATION_POLICIES.contains(p)) {
        errs.push(FieldError::not_supported_value(
            path.child("reinvocationPolicy"),
            BadValue::named(p),
            REINVOCATION_POLICIES,
        ));
    }
    let cc = hook.client_config;
    let cc_path = path.child("clientConfig");
    match (&cc.url, &cc.service) {
        (Some(url), None) => errs.extend(crate::webhook::validate_webhook_url(&cc_path.child("url"), url)),
        (None, Some(svc)) => errs.extend(crate::webhook::validate_webhook_service(
            &cc_path.child("service"),
            // Upstream passes the name where the namespace goes and the reverse; the messages
            // and paths below follow it.
            &svc.name,
            &svc.namespace,
            svc.path.as_deref(),
            svc.port.unwrap_or(0),
        )),
        _ => errs.push(FieldError::required(cc_path, "exactly one of url or service is required")),
    }
    if !opts.ignore_match_conditions {
        // A webhook has no parameters.
        errs.extend(validate_match_conditions(hook.match_conditions, false, stored, &path.child("matchConditions")));
    }
    errs
}

fn validate_review_versions(versions: &[String], require_recognized: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if versions.is_empty() {
        errs.push(FieldError::required(path, &format!("must specify one of {}", ACCEPTED_REVIEW_VERSIONS.join(", "))));
        return errs;
    }
    let mut seen = BTreeSet::new();
    let mut accepted = false;
    for (i, v) in versions.iter().enumerate() {
        if !seen.insert(v.as_str()) {
            errs.push(FieldError::invalid(path.index(i), v, "duplicate version"));
            continue;
        }
        errs.extend(is_dns1035_label(v).into_iter().map(|m| FieldError::invalid(path.index(i), v, &m)));
        accepted |= ACCEPTED_REVIEW_VERSIONS.contains(&v.as_str());
    }
    if require_recognized && !accepted {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(versions),
            &format!("must include at least one of {}", ACCEPTED_REVIEW_VERSIONS.join(", ")),
        ));
    }
    errs
}

fn validate_rule_with_operations(rule: &RuleWithOperations, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let ops: Vec<&str> = rule.operations.iter().map(|o| o.0.as_str()).collect();
    if ops.is_empty() {
        errs.push(FieldError::required(path.child("operations"), ""));
    }
    if ops.len() > 1 && ops.contains(&"*") {
        errs.push(FieldError::invalid_value(
            path.child("operations"),
            BadValue::string_list(&ops),
            "if '*' is present, must not specify other operations",
        ));
    }
    for (i, op) in ops.iter().enumerate() {
        if !OPERATIONS.contains(op) {
            errs.push(FieldError::not_supported_value(
                path.child("operations").index(i),
                BadValue::named(op),
                OPERATIONS,
            ));
        }
    }
    let r = &rule.rule;
    if r.api_groups.is_empty() {
        errs.push(FieldError::required(path.child("apiGroups"), ""));
    }
    if r.api_groups.len() > 1 && r.api_groups.iter().any(|g| g == "*") {
        errs.push(FieldError::invalid_value(
            path.child("apiGroups"),
            BadValue::string_list(&r.api_groups),
            "if '*' is present, must not specify other API groups",
        ));
    }
    if r.api_versions.is_empty() {
        errs.push(FieldError::required(path.child("apiVersions"), ""));
    }
    if r.api_versions.len() > 1 && r.api_versions.iter().any(|v| v == "*") {
        errs.push(FieldError::invalid_value(
            path.child("apiVersions"),
            BadValue::string_list(&r.api_versions),
            "if '*' is present, must not specify other API versions",
        ));
    }
    for (i, v) in r.api_versions.iter().enumerate() {
        if v.is_empty() {
            errs.push(FieldError::required(path.child("apiVersions").index(i), ""));
        }
    }
    errs.extend(validate_resources(&r.resources, &path.child("resources")));
    if let Some(scope) = r.scope.as_ref().map(|s| s.0.as_str()).filter(|s| !SCOPES.contains(s)) {
        errs.push(FieldError::not_supported_value(path.child("scope"), BadValue::named(scope), SCOPES));
    }
    errs
}

/// Resources with subresources: `*` and `x` exclude each other, `*/*` stands alone, and `x/*`
/// or `*/y` make later `x/...` or `.../y` redundant.
fn validate_resources(resources: &[String], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if resources.is_empty() {
        errs.push(FieldError::required(path, ""));
    }
    let mut wildcard_sub_of = BTreeSet::new();
    let mut wildcard_res_of = BTreeSet::new();
    let (mut double, mut single, mut plain) = (false, false, false);
    for (i, rs) in resources.iter().enumerate() {
        if rs.is_empty() {
            errs.push(FieldError::required(path.index(i), ""));
            continue;
        }
        double |= rs == "*/*";
        single |= rs == "*";
        let Some((res, sub)) = rs.split_once('/') else {
            // Upstream keeps only the last such entry's answer, not whether any had one.
            plain = rs != "*";
            continue;
        };
        if wildcard_sub_of.contains(res) {
            errs.push(FieldError::invalid(
                path.index(i),
                rs,
                &format!("if '{res}/*' is present, must not specify {rs}"),
            ));
        }
        if wildcard_res_of.contains(sub) {
            errs.push(FieldError::invalid(
                path.index(i),
                rs,
                &format!("if '*/{sub}' is present, must not specify {rs}"),
            ));
        }
        if sub == "*" {
            wildcard_sub_of.insert(res);
        }
        if res == "*" {
            wildcard_res_of.insert(sub);
        }
    }
    if resources.len() > 1 && double {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(resources),
            "if '*/*' is present, must not specify other resources",
        ));
    }
    if single && plain {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(resources),
            "if '*' is present, must not specify other resources without subresources",
        ));
    }
    errs
}

/// Match conditions of a webhook or policy: `params` says whether they may use `params`, and
/// `stored` holds the stored object's expressions, which are not compiled again.
pub(super) fn validate_match_conditions(
    conditions: &[MatchCondition],
    params: bool,
    stored: &BTreeSet<&str>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if conditions.len() > MAX_MATCH_CONDITIONS {
        errs.push(FieldError::too_many(path, conditions.len(), MAX_MATCH_CONDITIONS));
    }
    let mut names = BTreeSet::new();
    for (i, c) in conditions.iter().enumerate() {
        let item = path.index(i);
        let trimmed = c.expression.trim();
        if trimmed.is_empty() {
            errs.push(FieldError::required(item.child("expression"), ""));
        } else if !stored.contains(c.expression.as_str()) {
            // Upstream compiles (and reports) the trimmed expression, without `variables`.
            let env = Env { params, authorizer: true, variables: None, patch_types: false };
            if let Err(detail) = cel_checks::check(trimmed, env, Want::Bool) {
                errs.push(FieldError::invalid(item.child("expression"), trimmed, &detail));
            }
        }
        if c.name.is_empty() {
            errs.push(FieldError::required(item.child("name"), ""));
        } else {
            errs.extend(validate_qualified_name(&item.child("name"), &c.name));
            if !names.insert(c.name.as_str()) {
                errs.push(FieldError::duplicate(item.child("name"), c.name.as_str()));
            }
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding.

const VALIDATION_REASONS: &[&str] = &["Forbidden", "Invalid", "RequestEntityTooLarge"];
const VALIDATION_ACTIONS: &[&str] = &["Audit", "Deny", "Warn"];
/// Upstream's order, not sorted.
const NOT_FOUND_ACTIONS: &[&str] = &["Deny", "Allow"];
const MAX_AUDIT_ANNOTATIONS: usize = 20;
/// Upstream keeps an annotation's expression under half of the 10 KiB value limit.
const MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LEN: usize = 5 * 1024;
const CEL_RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];
const AT_LEAST_ONE: &str = "validations or auditAnnotations must contain at least one item";
const MUTUALLY_EXCLUSIVE: &str = "name and selector are mutually exclusive";

/// Upstream's `path.IsValidPathSegmentName`.
fn path_segment_name(name: &str) -> Vec<String> {
    if name == "." || name == ".." {
        return vec![format!("may not be '{name}'")];
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

/// A CEL identifier (`[_a-zA-Z][_a-zA-Z0-9]*`) that is not a reserved word.
fn is_cel_identifier(name: &str) -> bool {
    let b = name.as_bytes();
    b.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
        && !CEL_RESERVED.contains(&name)
}

/// The expressions of the stored object, by field. Upstream compiles these with its stored
/// expressions' environment, which also accepts library functions newer than the server's
/// compatibility version; kapi has one environment and objects stored before it compiled
/// anything, so it does not compile them again (see the module docs) while they would be
/// compiled with the same declarations: the same presence of a parameter kind and, for the
/// expressions that see `variables`, the same variable names.
#[derive(Default)]
pub(super) struct Stored<'a> {
    pub(super) match_conditions: BTreeSet<&'a str>,
    pub(super) variables: BTreeSet<&'a str>,
    pub(super) validations: BTreeSet<&'a str>,
    pub(super) messages: BTreeSet<&'a str>,
    pub(super) annotations: BTreeSet<&'a str>,
    pub(super) mutations: BTreeSet<&'a str>,
}

impl<'a> Stored<'a> {
    /// Whether `old` declared what `new` declares: parameters, and (`with_variables`) the same
    /// variable names.
    pub(super) fn same_declarations(
        old: (&Option<ParamKind>, &[Variable]),
        new: (&Option<ParamKind>, &[Variable]),
        with_variables: bool,
    ) -> bool {
        let names = |vars: &[Variable]| vars.iter().map(|v| v.name.clone()).collect::<Vec<_>>();
        old.0.is_some() == new.0.is_some() && (!with_variables || names(old.1) == names(new.1))
    }

    fn of_validating(old: Option<&'a ValidatingAdmissionPolicy>, new: &ValidatingAdmissionPolicySpec) -> Stored<'a> {
        let Some(spec) = old.map(|o| &o.spec) else { return Stored::default() };
        let same = |with_variables| {
            Stored::same_declarations(
                (&spec.param_kind, &spec.variables),
                (&new.param_kind, &new.variables),
                with_variables,
            )
        };
        let mut stored = Stored::default();
        if same(false) {
            stored.match_conditions = spec.match_conditions.iter().map(|c| c.expression.as_str()).collect();
        }
        if same(true) {
            // Upstream looks a variable's expression up among the stored validations' expressions
            // (`preexistingExpressions.validationExpressions`), not the stored variables, so an
            // unchanged variable is compiled again unless a validation has the same text.
            stored.variables = spec.validations.iter().map(|v| v.expression.as_str()).collect();
            stored.validations = spec.validations.iter().map(|v| v.expression.as_str()).collect();
            stored.messages = spec.validations.iter().map(|v| v.message_expression.as_str()).collect();
            stored.annotations = spec.audit_annotations.iter().map(|a| a.value_expression.as_str()).collect();
        }
        stored
    }
}

/// A policy's variables: a name that is a CEL identifier and an expression that compiles with
/// the variables before it (upstream composes them in order).
/// `failed` is each one's compile failure, from [`cel_checks::typed_variables`], which compiles
/// every variable to type it.
pub(super) fn validate_variables(
    variables: &[Variable],
    failed: &[Option<String>],
    stored: &BTreeSet<&str>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, v) in variables.iter().enumerate() {
        let vp = path.index(i);
        if v.name.trim().is_empty() {
            errs.push(FieldError::required(vp.child("name"), "name is not specified"));
        } else if !is_cel_identifier(&v.name) {
            errs.push(FieldError::invalid(vp.child("name"), &v.name, "must be a valid CEL identifier"));
        }
        if v.expression.trim().is_empty() {
            errs.push(FieldError::required(vp.child("expression"), "expression is not specified"));
        } else if !stored.contains(v.expression.as_str())
            && let Some(Some(detail)) = failed.get(i)
        {
            errs.push(FieldError::invalid(vp.child("expression"), &v.expression, detail));
        }
    }
    errs
}

/// What both kinds of admission policy have, read from either.
pub(super) struct PolicyParts<'a> {
    pub(super) failure_policy: Option<&'a super::FailurePolicyType>,
    pub(super) param_kind: Option<&'a ParamKind>,
    pub(super) match_constraints: Option<&'a MatchResources>,
    pub(super) match_conditions: &'a [MatchCondition],
    pub(super) variables: &'a [Variable],
}

impl PolicyParts<'_> {
    /// Whether an update keeps the match conditions and what they are typed against (the
    /// parameter kind): upstream then skips compiling them again.
    pub(super) fn keeps_conditions(&self, old: &PolicyParts<'_>) -> bool {
        self.param_kind == old.param_kind && self.match_conditions == old.match_conditions
    }
}

impl<'a> From<&'a ValidatingAdmissionPolicySpec> for PolicyParts<'a> {
    fn from(spec: &'a ValidatingAdmissionPolicySpec) -> Self {
        PolicyParts {
            failure_policy: spec.failure_policy.as_ref(),
            param_kind: spec.param_kind.as_ref(),
            match_constraints: spec.match_constraints.as_ref(),
            match_conditions: &spec.match_conditions,
            variables: &spec.variables,
        }
    }
}

/// The checks upstream makes alike for both kinds of policy: the failure policy, parameter
/// kind, match constraints (required, with at least one resource rule, and what `constraints`
/// adds for the kind), match conditions (unless an update keeps them and the parameter kind)
/// and variables.
pub(super) fn validate_policy_parts(
    parts: &PolicyParts<'_>,
    keeps_conditions: bool,
    stored: &Stored<'_>,
    variable_failures: &[Option<String>],
    path: &Path,
    constraints: impl Fn(&MatchResources, &Path) -> ErrorList,
) -> ErrorList {
    let mut errs = ErrorList::new();
    match parts.failure_policy.map(|p| p.0.as_str()) {
        None => errs.push(FieldError::required(path.child("failurePolicy"), "")),
        Some(p) if !FAILURE_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(
                path.child("failurePolicy"),
                BadValue::named(p),
                FAILURE_POLICIES,
            ));
        }
        Some(_) => {}
    }
    if let Some(pk) = parts.param_kind {
        errs.extend(validate_param_kind(pk, &path.child("paramKind")));
    }
    let mp = path.child("matchConstraints");
    match parts.match_constraints {
        None => errs.push(FieldError::required(&mp, "")),
        Some(mc) => {
            errs.extend(validate_match_resources(mc, &mp));
            // The resource rules give the expressions their types.
            if mc.resource_rules.is_empty() {
                errs.push(FieldError::required(mp.child("resourceRules"), ""));
            }
            errs.extend(constraints(mc, &mp));
        }
    }
    let params = parts.param_kind.is_some();
    if !keeps_conditions {
        errs.extend(validate_match_conditions(
            parts.match_conditions,
            params,
            &stored.match_conditions,
            &path.child("matchConditions"),
        ));
    }
    errs.extend(validate_variables(parts.variables, variable_failures, &stored.variables, &path.child("variables")));
    errs
}

/// Validates a `ValidatingAdmissionPolicy` on create (`old` is `None`) or update (upstream's
/// `ValidateValidatingAdmissionPolicy` and `…Update`): the failure policy, parameter kind, match
/// constraints (required, with at least one resource rule), match conditions (skipped on an
/// update that keeps them and the parameter kind), variables, validations and audit
/// annotations.
pub fn validate_validating_admission_policy(
    obj: &ValidatingAdmissionPolicy,
    old: Option<&ValidatingAdmissionPolicy>,
) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let params = spec.param_kind.is_some();
    let stored = Stored::of_validating(old, spec);
    let parts = PolicyParts::from(spec);
    let keeps_conditions = old.is_some_and(|o| parts.keeps_conditions(&PolicyParts::from(&o.spec)));
    let (typed, failed) = cel_checks::typed_variables(&spec.variables, params);
    let mut errs = validate_policy_parts(&parts, keeps_conditions, &stored, &failed, &path, |_, _| ErrorList::new());
    // Upstream declares `variables` only for a policy that has some.
    let variables = (!typed.is_empty()).then_some(typed.as_slice());
    if spec.validations.is_empty() && spec.audit_annotations.is_empty() {
        errs.push(FieldError::required(path.child("validations"), AT_LEAST_ONE));
        errs.push(FieldError::required(path.child("auditAnnotations"), AT_LEAST_ONE));
        return errs;
    }
    for (i, v) in spec.validations.iter().enumerate() {
        errs.extend(validate_validation(v, params, variables, &stored, &path.child("validations").index(i)));
    }
    let ap = path.child("auditAnnotations");
    if spec.audit_annotations.len() > MAX_AUDIT_ANNOTATIONS {
        errs.push(FieldError::invalid_value(
            &ap,
            BadValue::Json(go_audit_annotations(&spec.audit_annotations)),
            &format!("must not have more than {MAX_AUDIT_ANNOTATIONS} auditAnnotations"),
        ));
    }
    let mut keys = BTreeSet::new();
    for (i, a) in spec.audit_annotations.iter().enumerate() {
        let env = Env { params, authorizer: true, variables, patch_types: false };
        errs.extend(validate_audit_annotation(&obj.metadata.name, a, env, &stored, &ap.index(i)));
        if !keys.insert(a.key.as_str()) {
            errs.push(FieldError::duplicate(ap.index(i).child("key"), a.key.as_str()));
        }
    }
    errs
}

/// Upstream reports too many audit annotations as the internal Go list, which has no JSON tags.
fn go_audit_annotations(list: &[AuditAnnotation]) -> String {
    let quote = |s: &str| match BadValue::named(s) {
        BadValue::Json(j) => j,
        _ => String::from("\"\""),
    };
    let items: Vec<String> = list
        .iter()
        .map(|a| format!("{{\"Key\":{},\"ValueExpression\":{}}}", quote(&a.key), quote(&a.value_expression)))
        .collect();
    format!("[{}]", items.join(","))
}

pub(super) fn validate_param_kind(pk: &ParamKind, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let vp = path.child("apiVersion");
    if pk.api_version.is_empty() {
        errs.push(FieldError::required(&vp, ""));
    } else {
        match parse_group_version(&pk.api_version) {
            Err(e) => errs.push(FieldError::invalid(&vp, &pk.api_version, &e)),
            Ok((group, version)) => {
                // As the API service's group and version are checked.
                let group_errs = is_dns1123_subdomain(group);
                if !group.is_empty() && !group_errs.is_empty() {
                    errs.push(FieldError::invalid(&vp, group, &group_errs.join(",")));
                }
                if version.is_empty() {
                    errs.push(FieldError::invalid(&vp, &pk.api_version, "version must be specified"));
                } else {
                    let version_errs = is_dns1035_label(version);
                    if !version_errs.is_empty() {
                        errs.push(FieldError::invalid(&vp, version, &version_errs.join(",")));
                    }
                }
            }
        }
    }
    let kp = path.child("kind");
    if pk.kind.is_empty() {
        errs.push(FieldError::required(&kp, ""));
    } else {
        let kind_errs = is_dns1035_label(&pk.kind.to_lowercase());
        if !kind_errs.is_empty() {
            errs.push(FieldError::invalid(
                &kp,
                &pk.kind,
                &format!("may have mixed case, but should otherwise match: {}", kind_errs.join(",")),
            ));
        }
    }
    errs
}

/// Upstream's `validateMatchResources`: match policy and both selectors are required (defaulting
/// sets them), selectors are checked strictly, and each (excluded) rule names resources.
pub(super) fn validate_match_resources(mc: &MatchResources, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match mc.match_policy.as_ref().map(|p| p.0.as_str()) {
        None => errs.push(FieldError::required(path.child("matchPolicy"), "")),
        Some(p) if !MATCH_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(path.child("matchPolicy"), BadValue::named(p), MATCH_POLICIES));
        }
        Some(_) => {}
    }
    for (sel, name) in [(&mc.namespace_selector, "namespaceSelector"), (&mc.object_selector, "objectSelector")] {
        match sel {
            None => errs.push(FieldError::required(path.child(name), "")),
            // This type came after upstream stopped tolerating invalid values in selectors.
            Some(sel) => errs.extend(validate_label_selector(sel, &path.child(name))),
        }
    }
    for (i, r) in mc.resource_rules.iter().enumerate() {
        errs.extend(validate_named_rule(r, &path.child("resourceRules").index(i)));
    }
    for (i, r) in mc.exclude_resource_rules.iter().enumerate() {
        errs.extend(validate_named_rule(r, &path.child("excludeResourceRules").index(i)));
    }
    errs
}

fn validate_named_rule(r: &NamedRuleWithOperations, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, name) in r.resource_names.iter().enumerate() {
        let np = path.child("resourceNames").index(i);
        errs.extend(path_segment_name(name).iter().map(|m| FieldError::invalid(&np, name, m)));
        if !names.insert(name.as_str()) {
            errs.push(FieldError::duplicate(&np, name.as_str()));
        }
    }
    errs.extend(validate_rule_with_operations(&r.rule_with_operations, path));
    errs
}

/// A validation's expression, message expression, message and reason. Both expressions are
/// compiled as written (not trimmed), so that columns count from the field's first character.
fn validate_validation(
    v: &Validation,
    params: bool,
    variables: Option<&[cel_checks::Var<'_>]>,
    stored: &Stored<'_>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if v.expression.trim().is_empty() {
        errs.push(FieldError::required(path.child("expression"), "expression is not specified"));
    } else if !stored.validations.contains(v.expression.as_str()) {
        let env = Env { params, authorizer: true, variables, patch_types: false };
        if let Err(detail) = cel_checks::check(&v.expression, env, Want::Bool) {
            errs.push(FieldError::invalid(path.child("expression"), &v.expression, &detail));
        }
    }
    if !v.message_expression.is_empty() && v.message_expression.trim().is_empty() {
        errs.push(FieldError::invalid(
            path.child("messageExpression"),
            &v.message_expression,
            "must be non-empty if specified",
        ));
    } else if !v.message_expression.is_empty() && !stored.messages.contains(v.message_expression.as_str()) {
        // Upstream declares no `authorizer` for message expressions.
        let env = Env { params, authorizer: false, variables, patch_types: false };
        if let Err(detail) = cel_checks::check(&v.message_expression, env, Want::String) {
            errs.push(FieldError::invalid(path.child("messageExpression"), &v.message_expression, &detail));
        }
    }
    let trimmed = v.message.trim();
    if !v.message.is_empty() && trimmed.is_empty() {
        errs.push(FieldError::invalid(path.child("message"), &v.message, "must be non-empty if specified"));
    } else if trimmed.contains(['\n', '\r']) {
        errs.push(FieldError::invalid(path.child("message"), &v.message, "must not contain line breaks"));
    }
    if let Some(r) = v.reason.as_ref().map(|r| r.0.as_str()).filter(|r| !VALIDATION_REASONS.contains(r)) {
        errs.push(FieldError::not_supported_value(path.child("reason"), BadValue::named(r), VALIDATION_REASONS));
    }
    errs
}

fn validate_audit_annotation(
    policy: &str,
    a: &AuditAnnotation,
    env: Env<'_>,
    stored: &Stored<'_>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let kp = path.child("key");
    if policy.is_empty() {
        errs.push(FieldError::invalid(&kp, &a.key, "requires metadata.name be non-empty"));
    } else {
        // The key becomes `<policy>/<key>` in the audit event.
        errs.extend(validate_qualified_name(&kp, &format!("{policy}/{}", a.key)));
    }
    let vp = path.child("valueExpression");
    let trimmed = a.value_expression.trim();
    if trimmed.is_empty() {
        errs.push(FieldError::required(&vp, "valueExpression is not specified"));
    } else if trimmed.len() > MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LEN {
        errs.push(FieldError::required(
            &vp,
            &format!("must not exceed {MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LEN} bytes in length"),
        ));
    } else if !stored.annotations.contains(a.value_expression.as_str())
        && let Err(detail) = cel_checks::check(trimmed, env, Want::StringOrNull)
    {
        // Compiled trimmed, reported as written.
        errs.push(FieldError::invalid(&vp, &a.value_expression, &detail));
    }
    errs
}

/// Validates a `ValidatingAdmissionPolicy` status write (upstream's
/// `ValidateValidatingAdmissionPolicyStatusUpdate`): each type-checking warning has a message
/// and a field reference that parses, trimmed and in braces, as client-go's JSONPath
/// (kapi-machinery's `jsonpath`, upstream's `invalid JSONPath: <its error>`), and the
/// conditions are valid conditions.
pub fn validate_validating_admission_policy_status_update(
    obj: &ValidatingAdmissionPolicy,
    _old: &ValidatingAdmissionPolicy,
) -> ErrorList {
    let path = Path::new("status");
    let mut errs = ErrorList::new();
    if let Some(tc) = &obj.status.type_checking {
        for (i, w) in tc.expression_warnings.iter().enumerate() {
            let wp = path.child("typeChecking").child("expressionWarnings").index(i);
            if w.warning.is_empty() {
                errs.push(FieldError::required(wp.child("warning"), ""));
            }
            let fp = wp.child("fieldRef");
            // Upstream trims with Go's `strings.TrimSpace` (Unicode white space, as `trim`) and
            // reports the trimmed reference.
            let field_ref = w.field_ref.trim();
            if field_ref.is_empty() {
                errs.push(FieldError::required(fp, ""));
            } else if let Err(e) = kapi_machinery::jsonpath::parse(&format!("{{{field_ref}}}")) {
                errs.push(FieldError::invalid(fp, field_ref, &format!("invalid JSONPath: {e}")));
            }
        }
    }
    errs.extend(validate_conditions(&obj.status.conditions, &path.child("conditions")));
    errs
}

/// Validates a `ValidatingAdmissionPolicyBinding` on create or update (upstream's
/// `ValidateValidatingAdmissionPolicyBinding`, which its update runs unchanged): the policy name,
/// parameter reference, match resources and validation actions. A missing policy name or no
/// actions are the generated beta rules' while beta declarative validation is on, as upstream
/// marks them covered.
pub fn validate_validating_admission_policy_binding(
    obj: &ValidatingAdmissionPolicyBinding,
    _old: Option<&ValidatingAdmissionPolicyBinding>,
) -> ErrorList {
    let beta = declarative_beta(COVERED_SINCE);
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    let pp = path.child("policyName");
    if spec.policy_name.is_empty() {
        if !beta {
            errs.push(FieldError::required(&pp, ""));
        }
    } else {
        errs.extend(
            is_dns1123_subdomain(&spec.policy_name).iter().map(|m| FieldError::invalid(&pp, &spec.policy_name, m)),
        );
    }
    if let Some(pr) = &spec.param_ref {
        errs.extend(validate_param_ref(pr, &path.child("paramRef")));
    }
    if let Some(mr) = &spec.match_resources {
        errs.extend(validate_match_resources(mr, &path.child("matchResources")));
    }
    errs.extend(validate_validation_actions(&spec.validation_actions, beta, &path.child("validationActions")));
    errs
}

pub(super) fn validate_param_ref(pr: &ParamRef, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !pr.name.is_empty() {
        let np = path.child("name");
        errs.extend(path_segment_name(&pr.name).iter().map(|m| FieldError::invalid(&np, &pr.name, m)));
        if pr.selector.is_some() {
            errs.push(FieldError::forbidden(&np, MUTUALLY_EXCLUSIVE));
        }
    }
    if let Some(sel) = &pr.selector {
        errs.extend(validate_label_selector(sel, &path.child("selector")));
        if !pr.name.is_empty() {
            errs.push(FieldError::forbidden(path.child("selector"), MUTUALLY_EXCLUSIVE));
        }
    }
    if pr.name.is_empty() && pr.selector.is_none() {
        errs.push(FieldError::required(path, "one of name or selector must be specified"));
    }
    let ap = path.child("parameterNotFoundAction");
    match pr.parameter_not_found_action.as_ref().map(|a| a.0.as_str()) {
        None | Some("") => errs.push(FieldError::required(&ap, "")),
        Some(a) if !NOT_FOUND_ACTIONS.contains(&a) => {
            errs.push(FieldError::not_supported_value(&ap, BadValue::named(a), NOT_FOUND_ACTIONS));
        }
        Some(_) => {}
    }
    errs
}

fn validate_validation_actions(actions: &[ValidationAction], beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, a) in actions.iter().enumerate() {
        let a = a.0.as_str();
        if !VALIDATION_ACTIONS.contains(&a) {
            errs.push(FieldError::not_supported_value(path.index(i), BadValue::named(a), VALIDATION_ACTIONS));
        }
        if !seen.insert(a) {
            errs.push(FieldError::duplicate(path.index(i), BadValue::named(a)));
        }
    }
    if seen.contains(ValidationAction::DENY) && seen.contains(ValidationAction::WARN) {
        let list: Vec<&str> = actions.iter().map(|a| a.0.as_str()).collect();
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(&list),
            "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
        ));
    }
    if seen.is_empty() && !beta {
        errs.push(FieldError::required(path, "at least one validation action is required"));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "compilation_tests.rs"]
mod compilation_tests;
