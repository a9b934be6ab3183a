//! Hand-written validation of v1 webhook configurations, with the checks, field paths and messages of upstream's `pkg/apis/admissionregistration/validation`.
//!
//! CEL expressions in `matchConditions` are checked for emptiness only: there is no CEL compiler
//! here, so syntax and type errors (`compilation failed: …`, `must evaluate to bool`) are not found.

use std::collections::BTreeSet;

use kapi_machinery::validation::content::{
    is_dns1035_label, is_dns1123_subdomain, is_fully_qualified_name, is_valid_port_num, validate_qualified_name,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    MatchCondition, MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhook,
    ValidatingWebhookConfiguration, WebhookClientConfig,
};
use crate::meta::v1::LabelSelector;
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

/// The AdmissionReview versions the server accepts (upstream's `AcceptedAdmissionReviewVersions`).
const ACCEPTED_REVIEW_VERSIONS: [&str; 2] = ["v1", "v1beta1"];
// The sets below are upstream's, in `sets.List()` order (sorted).
const FAILURE_POLICIES: &[&str] = &["Fail", "Ignore"];
const MATCH_POLICIES: &[&str] = &["Equivalent", "Exact"];
const NO_SIDE_EFFECT_CLASSES: &[&str] = &["None", "NoneOnDryRun"];
const SIDE_EFFECT_CLASSES: &[&str] = &["None", "NoneOnDryRun", "Some", "Unknown"];
const OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const REINVOCATION_POLICIES: &[&str] = &["IfNeeded", "Never"];
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
    let opts = match old {
        None => CREATE,
        Some(old) => {
            let old_hooks: Vec<Hook<'_>> = old.webhooks.iter().map(Hook::from).collect();
            let same_conditions = obj.webhooks.len() == old.webhooks.len()
                && obj.webhooks.iter().zip(&old.webhooks).all(|(a, b)| a.match_conditions == b.match_conditions);
            update_options(&old_hooks, same_conditions)
        }
    };
    validate_hooks(&hooks, opts)
}

/// Validates a `MutatingWebhookConfiguration` on create (`old` is `None`) or update.
pub fn validate_mutating_webhook_configuration(
    obj: &MutatingWebhookConfiguration,
    old: Option<&MutatingWebhookConfiguration>,
) -> ErrorList {
    let hooks: Vec<Hook<'_>> = obj.webhooks.iter().map(Hook::from).collect();
    let opts = match old {
        None => CREATE,
        Some(old) => {
            let old_hooks: Vec<Hook<'_>> = old.webhooks.iter().map(Hook::from).collect();
            let same_conditions = obj.webhooks.len() == old.webhooks.len()
                && obj.webhooks.iter().zip(&old.webhooks).all(|(a, b)| a.match_conditions == b.match_conditions);
            update_options(&old_hooks, same_conditions)
        }
    };
    validate_hooks(&hooks, opts)
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

fn validate_hooks(hooks: &[Hook<'_>], opts: Options) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, hook) in hooks.iter().enumerate() {
        let path = Path::new("webhooks").index(i);
        errs.extend(validate_hook(hook, opts, &path));
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

fn validate_hook(hook: &Hook<'_>, opts: Options, path: &Path) -> ErrorList {
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
        (Some(url), None) => errs.extend(validate_webhook_url(&cc_path.child("url"), url)),
        (None, Some(svc)) => errs.extend(validate_webhook_service(
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
        errs.extend(validate_match_conditions(hook.match_conditions, &path.child("matchConditions")));
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

fn validate_match_conditions(conditions: &[MatchCondition], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if conditions.len() > MAX_MATCH_CONDITIONS {
        errs.push(FieldError::too_many(path, conditions.len(), MAX_MATCH_CONDITIONS));
    }
    let mut names = BTreeSet::new();
    for (i, c) in conditions.iter().enumerate() {
        let item = path.index(i);
        if c.expression.trim().is_empty() {
            errs.push(FieldError::required(item.child("expression"), ""));
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

const URL_FORM: &str = "; desired format: https://host[/path]";

/// Upstream's `ValidateWebhookURL` with `https` required.
fn validate_webhook_url(path: &Path, raw: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    let u = match GoUrl::parse(raw) {
        Ok(u) => u,
        Err(e) => {
            errs.push(FieldError::required(path, &format!("url must be a valid URL: {e}{URL_FORM}")));
            return errs;
        }
    };
    if u.scheme != "https" {
        errs.push(FieldError::invalid(path, &u.scheme, &format!("'https' is the only allowed URL scheme{URL_FORM}")));
    }
    if u.host.is_empty() {
        errs.push(FieldError::invalid(path, &u.host, &format!("host must be provided{URL_FORM}")));
    }
    if let Some(user) = &u.user {
        errs.push(FieldError::invalid(path, user, "user information is not permitted in the URL"));
    }
    if !u.fragment.is_empty() {
        errs.push(FieldError::invalid(path, &u.fragment, "fragments are not permitted in the URL"));
    }
    if !u.raw_query.is_empty() {
        errs.push(FieldError::invalid(path, &u.raw_query, "query parameters are not permitted in the URL"));
    }
    errs
}

/// Upstream's `ValidateWebhookService`; `namespace` and `name` are as upstream's parameters are
/// named, which its caller fills the other way round.
fn validate_webhook_service(path: &Path, namespace: &str, name: &str, url_path: Option<&str>, port: i32) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path.child("name"), "service name is required"));
    }
    if namespace.is_empty() {
        errs.push(FieldError::required(path.child("namespace"), "service namespace is required"));
    }
    let port_errs = is_valid_port_num(i64::from(port));
    if !port_errs.is_empty() {
        errs.push(FieldError::invalid_value(
            path.child("port"),
            port,
            &format!("port is not valid: {}", port_errs.join(", ")),
        ));
    }
    let Some(p) = url_path else { return errs };
    if p.is_empty() || p == "/" {
        return errs;
    }
    let pp = path.child("path");
    if p == "//" {
        errs.push(FieldError::invalid(&pp, p, "segment[0] may not be empty"));
        return errs;
    }
    if !p.starts_with('/') {
        errs.push(FieldError::invalid(&pp, p, "must start with a '/'"));
    }
    // Upstream drops the first byte whether or not it is a slash.
    let mut check = p.get(1..).unwrap_or_default();
    check = check.strip_suffix('/').unwrap_or(check);
    for (i, step) in check.split('/').enumerate() {
        if step.is_empty() {
            errs.push(FieldError::invalid(&pp, p, &format!("segment[{i}] may not be empty")));
            continue;
        }
        for failure in is_dns1123_subdomain(step) {
            errs.push(FieldError::invalid(&pp, p, &format!("segment[{i}]: {failure}")));
        }
    }
    errs
}

/// The parts of a URL upstream's webhook checks read, split as Go's `net/url.Parse` splits them.
struct GoUrl {
    scheme: String,
    user: Option<String>,
    host: String,
    raw_query: String,
    fragment: String,
}

impl GoUrl {
    /// Go's `url.Parse`, for what it decides about scheme, userinfo, host, query and fragment;
    /// errors read as Go's (`parse "…": …`).
    fn parse(raw: &str) -> Result<GoUrl, String> {
        let (u, frag) = raw.split_once('#').unwrap_or((raw, ""));
        let fail = |why: &str| Err(format!("parse {}: {why}", kapi_machinery::validation::go_quote(u)));
        if u.bytes().any(|b| b < 0x20 || b == 0x7f) {
            return fail("net/url: invalid control character in URL");
        }
        let fragment = unescape(frag).map_err(|bad| {
            format!("parse {}: invalid URL escape {}", kapi_machinery::validation::go_quote(raw), bad)
        })?;
        let mut out =
            GoUrl { scheme: String::new(), user: None, host: String::new(), raw_query: String::new(), fragment };
        if u == "*" {
            return Ok(out);
        }
        let mut rest = u;
        for (i, c) in u.char_indices() {
            match c {
                'a'..='z' | 'A'..='Z' => {}
                '0'..='9' | '+' | '-' | '.' if i > 0 => {}
                ':' if i == 0 => return fail("missing protocol scheme"),
                ':' => {
                    out.scheme = u[..i].to_ascii_lowercase();
                    rest = &u[i + 1..];
                    break;
                }
                _ => break,
            }
        }
        if rest.ends_with('?') && rest.matches('?').count() == 1 {
            rest = &rest[..rest.len() - 1];
        } else if let Some((r, q)) = rest.split_once('?') {
            rest = r;
            out.raw_query = q.to_owned();
        }
        if !rest.starts_with('/') {
            if !out.scheme.is_empty() {
                // An opaque URL (`https:example.com`) has no host.
                return Ok(out);
            }
            if rest.split('/').next().is_some_and(|seg| seg.contains(':')) {
                return fail("first path segment in URL cannot contain colon");
            }
        }
        if (!out.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
            let after = &rest[2..];
            let authority = after.find('/').map_or(after, |i| &after[..i]);
            let host = match authority.rfind('@') {
                Some(i) => {
                    out.user = Some(authority[..i].to_owned());
                    &authority[i + 1..]
                }
                None => authority,
            };
            if let Some(port) = host.rsplit_once(':').filter(|_| !host.starts_with('[')).map(|(_, p)| p)
                && !port.bytes().all(|b| b.is_ascii_digit())
            {
                return fail(&format!(
                    "invalid port {} after host",
                    kapi_machinery::validation::go_quote(&format!(":{port}"))
                ));
            }
            out.host = host.to_owned();
        }
        Ok(out)
    }
}

/// Percent-decoding as Go's `unescape` does for fragments; the bad escape on failure.
fn unescape(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let Some(h) = hex else {
                let end = (i + 3).min(b.len());
                return Err(kapi_machinery::validation::go_quote(&String::from_utf8_lossy(&b[i..end])));
            };
            let v = u8::from_str_radix(std::str::from_utf8(h).expect("hex digits are ASCII"), 16)
                .expect("two hex digits fit a byte");
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
