//! Hand-written validation of flowcontrol.apiserver.k8s.io/v1 flow schemas and priority levels, with the checks, field paths and messages of upstream's `pkg/apis/flowcontrol/validation`.
//!
//! Upstream marks the union checks of a priority level's spec and limit response (`limited`,
//! `exempt` and `queuing` required or forbidden by `type`, and an empty `type`) as covered by
//! its beta declarative rules; they are made here only while beta declarative validation is off.
//! Upstream names the shares field `assuredConcurrencyShares` when the request came through
//! v1beta1 or v1beta2; objects are validated here as the v1 objects the server stores, so the
//! path is always `nominalConcurrencyShares`. Object metadata (names) is the server's.

use std::collections::BTreeSet;

use kapi_machinery::validation::content::{is_dns1123_label, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    ExemptPriorityLevelConfiguration, FlowDistinguisherMethod, FlowDistinguisherMethodType, FlowSchema, FlowSchemaSpec,
    FlowSchemaStatus, GroupSubject, LimitResponse, LimitResponseType, LimitedPriorityLevelConfiguration,
    NonResourcePolicyRule, PolicyRulesWithSubjects, PriorityLevelConfiguration, PriorityLevelConfigurationReference,
    PriorityLevelConfigurationSpec, PriorityLevelConfigurationStatus, PriorityLevelEnablement, QueuingConfiguration,
    ResourcePolicyRule, ServiceAccountSubject, Subject, SubjectKind, UserSubject,
};
use crate::features::{self, Release};
use crate::flowcontrol::v1beta3::PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY;

// The sets below are upstream's, in `sets.List()` order (sorted).
const DISTINGUISHER_METHODS: &[&str] = &["ByNamespace", "ByUser"];
const VERBS: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"];
const SUBJECT_KINDS: &[&str] = &["Group", "ServiceAccount", "User"];
const ENABLEMENTS: &[&str] = &["Exempt", "Limited"];
const LIMIT_RESPONSE_TYPES: &[&str] = &["Queue", "Reject"];
/// Upstream's `FlowSchemaMaxMatchingPrecedence`.
const MAX_MATCHING_PRECEDENCE: i32 = 10_000;
/// Upstream's `priorityLevelConfigurationQueuingMaxQueues` (10^7).
const MAX_QUEUES: i32 = 10_000_000;
/// Upstream's `shufflesharding.MaxHashBits`.
const MAX_HASH_BITS: i64 = 60;
const NAME_EXEMPT: &str = "exempt";
const NAME_CATCH_ALL: &str = "catch-all";
const ALL: &str = "*";
const NS_ERR_INTRO: &str = "each member of this list must be '*' or a DNS-1123 label; ";

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

fn has_wildcard(list: &[String]) -> bool {
    list.iter().any(|s| s == ALL)
}

/// Validates a `FlowSchema` (upstream's `ValidateFlowSchema`, which its update runs unchanged):
/// the spec, the fixed spec of the mandatory `exempt` and `catch-all` schemas, and the status.
pub fn validate_flow_schema(obj: &FlowSchema, _old: Option<&FlowSchema>) -> ErrorList {
    let spec_path = Path::new("spec");
    let mut errs = flow_schema_spec(&obj.metadata.name, &obj.spec, &spec_path);
    if let Some(mandatory) = mandatory_flow_schema_spec(&obj.metadata.name)
        && normalized_flow_schema_spec(&obj.spec) != mandatory
    {
        errs.push(FieldError::invalid_value(
            &spec_path,
            BadValue::Json(go_flow_schema_spec(&obj.spec)),
            &format!("spec of '{}' must equal the fixed value", obj.metadata.name),
        ));
    }
    errs.extend(flow_schema_status(&obj.status, &Path::new("status")));
    errs
}

/// Validates a `FlowSchema` status write (upstream's `ValidateFlowSchemaStatusUpdate`): the
/// conditions only.
pub fn validate_flow_schema_status_update(obj: &FlowSchema, _old: &FlowSchema) -> ErrorList {
    flow_schema_status(&obj.status, &Path::new("status"))
}

fn flow_schema_spec(name: &str, spec: &FlowSchemaSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mp = path.child("matchingPrecedence");
    if spec.matching_precedence <= 0 {
        errs.push(FieldError::invalid_value(&mp, spec.matching_precedence, "must be a positive value"));
    }
    if spec.matching_precedence > MAX_MATCHING_PRECEDENCE {
        errs.push(FieldError::invalid_value(
            &mp,
            spec.matching_precedence,
            &format!("must not be greater than {MAX_MATCHING_PRECEDENCE}"),
        ));
    }
    if spec.matching_precedence == 1 && name != NAME_EXEMPT {
        errs.push(FieldError::invalid_value(
            &mp,
            spec.matching_precedence,
            "only the schema named 'exempt' may have matchingPrecedence 1",
        ));
    }
    if let Some(dm) = &spec.distinguisher_method
        && !DISTINGUISHER_METHODS.contains(&dm.r#type.0.as_str())
    {
        // Upstream reports the whole method, an internal struct without JSON tags.
        errs.push(FieldError::not_supported_value(
            path.child("distinguisherMethod").child("type"),
            BadValue::Json(format!("{{\"Type\":{}}}", go_str(&dm.r#type.0))),
            DISTINGUISHER_METHODS,
        ));
    }
    let plc = &spec.priority_level_configuration.name;
    let plc_path = path.child("priorityLevelConfiguration").child("name");
    if plc.is_empty() {
        errs.push(FieldError::required(&plc_path, "must reference a priority level"));
    } else {
        errs.extend(is_dns1123_subdomain(plc).iter().map(|m| FieldError::invalid(&plc_path, plc, m)));
    }
    for (i, rule) in spec.rules.iter().enumerate() {
        errs.extend(policy_rules_with_subjects(rule, &path.child("rules").index(i)));
    }
    errs
}

fn policy_rules_with_subjects(rule: &PolicyRulesWithSubjects, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let subjects = rule.subjects.as_deref().unwrap_or_default();
    if subjects.is_empty() {
        errs.push(FieldError::required(path.child("subjects"), "subjects must contain at least one value"));
    }
    for (i, s) in subjects.iter().enumerate() {
        errs.extend(subject(s, &path.child("subjects").index(i)));
    }
    if rule.resource_rules.is_empty() && rule.non_resource_rules.is_empty() {
        errs.push(FieldError::required(path, "at least one of resourceRules and nonResourceRules has to be non-empty"));
    }
    for (i, r) in rule.resource_rules.iter().enumerate() {
        errs.extend(resource_rule(r, &path.child("resourceRules").index(i)));
    }
    for (i, r) in rule.non_resource_rules.iter().enumerate() {
        errs.extend(non_resource_rule(r, &path.child("nonResourceRules").index(i)));
    }
    errs
}

fn subject(s: &Subject, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let user_forbidden =
        || FieldError::forbidden(path.child("user"), "user is forbidden when subject kind is not 'User'");
    let group_forbidden =
        || FieldError::forbidden(path.child("group"), "group is forbidden when subject kind is not 'Group'");
    let sa_forbidden = || {
        FieldError::forbidden(
            path.child("serviceAccount"),
            "serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
        )
    };
    match s.kind.0.as_str() {
        SubjectKind::SERVICE_ACCOUNT => {
            errs.extend(service_account_subject(s.service_account.as_ref(), &path.child("serviceAccount")));
            if s.user.is_some() {
                errs.push(user_forbidden());
            }
            if s.group.is_some() {
                errs.push(group_forbidden());
            }
        }
        SubjectKind::USER => {
            errs.extend(user_subject(s.user.as_ref(), &path.child("user")));
            if s.service_account.is_some() {
                errs.push(sa_forbidden());
            }
            if s.group.is_some() {
                errs.push(group_forbidden());
            }
        }
        SubjectKind::GROUP => {
            errs.extend(group_subject(s.group.as_ref(), &path.child("group")));
            if s.service_account.is_some() {
                errs.push(sa_forbidden());
            }
            if s.user.is_some() {
                errs.push(user_forbidden());
            }
        }
        other => errs.push(FieldError::not_supported_value(path.child("kind"), BadValue::named(other), SUBJECT_KINDS)),
    }
    errs
}

fn service_account_subject(s: Option<&ServiceAccountSubject>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(s) = s else {
        errs.push(FieldError::required(path, "serviceAccount is required when subject kind is 'ServiceAccount'"));
        return errs;
    };
    let np = path.child("name");
    if s.name.is_empty() {
        errs.push(FieldError::required(&np, ""));
    } else if s.name != ALL {
        // Upstream's `ValidateServiceAccountName` is `NameIsDNSSubdomain`.
        errs.extend(is_dns1123_subdomain(&s.name).iter().map(|m| FieldError::invalid(&np, &s.name, m)));
    }
    let nsp = path.child("namespace");
    if s.namespace.is_empty() {
        errs.push(FieldError::required(&nsp, "must specify namespace for service account"));
    } else {
        errs.extend(is_dns1123_label(&s.namespace).iter().map(|m| FieldError::invalid(&nsp, &s.namespace, m)));
    }
    errs
}

fn user_subject(s: Option<&UserSubject>, path: &Path) -> ErrorList {
    match s {
        None => vec![FieldError::required(path, "user is required when subject kind is 'User'")],
        Some(s) if s.name.is_empty() => vec![FieldError::required(path.child("name"), "")],
        Some(_) => ErrorList::new(),
    }
}

fn group_subject(s: Option<&GroupSubject>, path: &Path) -> ErrorList {
    match s {
        None => vec![FieldError::required(path, "group is required when subject kind is 'Group'")],
        Some(s) if s.name.is_empty() => vec![FieldError::required(path.child("name"), "")],
        Some(_) => ErrorList::new(),
    }
}

/// Verbs as both rule kinds check them: required, `*` alone, or only known verbs.
fn verbs(verbs: &[String], path: &Path) -> Option<FieldError> {
    let p = path.child("verbs");
    if verbs.is_empty() {
        Some(FieldError::required(p, "verbs must contain at least one value"))
    } else if has_wildcard(verbs) {
        (verbs.len() > 1).then(|| {
            FieldError::invalid_value(
                p,
                BadValue::string_list(verbs),
                "if '*' is present, must not specify other verbs",
            )
        })
    } else if !verbs.iter().all(|v| VERBS.contains(&v.as_str())) {
        Some(FieldError::not_supported_value(p, BadValue::string_list(verbs), VERBS))
    } else {
        None
    }
}

fn non_resource_rule(rule: &NonResourcePolicyRule, path: &Path) -> ErrorList {
    let mut errs: ErrorList = verbs(rule.verbs.as_deref().unwrap_or_default(), path).into_iter().collect();
    let urls = rule.non_resource_urls.as_deref().unwrap_or_default();
    let p = path.child("nonResourceURLs");
    if urls.is_empty() {
        errs.push(FieldError::required(&p, "nonResourceURLs must contain at least one value"));
    } else if has_wildcard(urls) {
        if urls.len() > 1 {
            errs.push(FieldError::invalid_value(
                &p,
                BadValue::string_list(urls),
                "if '*' is present, must not specify other non-resource URLs",
            ));
        }
    } else {
        for (i, u) in urls.iter().enumerate() {
            if let Some(why) = non_resource_url_path(u) {
                errs.push(FieldError::invalid(p.index(i), u, why));
            }
        }
    }
    errs
}

/// Upstream's `ValidateNonResourceURLPath`: `/` or a slash-led path without spaces or double
/// slashes, where one `*` may only end it as `/*`.
fn non_resource_url_path(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("must not be empty");
    }
    if path == "/" {
        return None;
    }
    if !path.starts_with('/') {
        return Some("must start with slash");
    }
    if path.contains(' ') {
        return Some("must not contain white-space");
    }
    if path.contains("//") {
        return Some("must not contain double slash");
    }
    let wildcards = path.matches('*').count();
    if wildcards > 1 || (wildcards == 1 && !path.ends_with("/*")) {
        return Some("wildcard can only do suffix matching");
    }
    None
}

fn resource_rule(rule: &ResourcePolicyRule, path: &Path) -> ErrorList {
    let mut errs: ErrorList = verbs(rule.verbs.as_deref().unwrap_or_default(), path).into_iter().collect();
    let groups = rule.api_groups.as_deref().unwrap_or_default();
    if groups.is_empty() {
        errs.push(FieldError::required(path.child("apiGroups"), "resource rules must supply at least one api group"));
    } else if groups.len() > 1 && has_wildcard(groups) {
        errs.push(FieldError::invalid_value(
            path.child("apiGroups"),
            BadValue::string_list(groups),
            "if '*' is present, must not specify other api groups",
        ));
    }
    let resources = rule.resources.as_deref().unwrap_or_default();
    if resources.is_empty() {
        errs.push(FieldError::required(path.child("resources"), "resource rules must supply at least one resource"));
    } else if resources.len() > 1 && has_wildcard(resources) {
        errs.push(FieldError::invalid_value(
            path.child("resources"),
            BadValue::string_list(resources),
            "if '*' is present, must not specify other resources",
        ));
    }
    let namespaces = rule.namespaces.as_deref().unwrap_or_default();
    let p = path.child("namespaces");
    if namespaces.is_empty() && !rule.cluster_scope {
        errs.push(FieldError::required(
            &p,
            "resource rules that are not cluster scoped must supply at least one namespace",
        ));
    } else if has_wildcard(namespaces) {
        if namespaces.len() > 1 {
            errs.push(FieldError::invalid_value(
                &p,
                BadValue::string_list(namespaces),
                "if '*' is present, must not specify other namespaces",
            ));
        }
    } else {
        for (i, ns) in namespaces.iter().enumerate() {
            for m in is_dns1123_label(ns) {
                errs.push(FieldError::invalid(p.index(i), ns, &format!("{NS_ERR_INTRO}{m}")));
            }
        }
    }
    errs
}

/// Condition types are required and unique (both statuses share the shape).
fn conditions<'a>(types: impl Iterator<Item = &'a str>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, t) in types.enumerate() {
        let p = path.child("conditions").index(i).child("type");
        if !seen.insert(t) {
            errs.push(FieldError::duplicate(&p, BadValue::named(t)));
        }
        if t.is_empty() {
            errs.push(FieldError::required(&p, "must not be empty"));
        }
    }
    errs
}

fn flow_schema_status(status: &FlowSchemaStatus, path: &Path) -> ErrorList {
    conditions(status.conditions.iter().map(|c| c.r#type.0.as_str()), path)
}

fn priority_level_status(status: &PriorityLevelConfigurationStatus, path: &Path) -> ErrorList {
    conditions(status.conditions.iter().map(|c| c.r#type.0.as_str()), path)
}

/// Validates a `PriorityLevelConfiguration` (upstream's `ValidatePriorityLevelConfiguration`,
/// which its update runs unchanged): no v1beta3 round-trip annotation, the spec (with zero
/// shares allowed, as upstream's strategy allows them since 1.30), the fixed spec of the
/// mandatory `exempt` (all but `exempt`) and `catch-all` levels, and the status.
pub fn validate_priority_level_configuration(
    obj: &PriorityLevelConfiguration,
    _old: Option<&PriorityLevelConfiguration>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    // The annotation only carries a zero through v1beta3; its conversion removes it, so one
    // that reaches a stored object was written on purpose.
    if obj.metadata.annotations.contains_key(PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY) {
        errs.push(FieldError::forbidden(
            Path::new("metadata").child("annotations"),
            &format!("annotation '{PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY}' is forbidden"),
        ));
    }
    let spec_path = Path::new("spec");
    let name = obj.metadata.name.as_str();
    errs.extend(priority_level_spec(&obj.spec, name, &spec_path));
    if let Some(mandatory) = mandatory_priority_level_spec(name) {
        let mut have = normalized_priority_level_spec(&obj.spec);
        let detail = if name == NAME_EXEMPT {
            // Admins may tune the exempt level's `exempt` settings, nothing else.
            have.exempt.clone_from(&mandatory.exempt);
            format!("spec of '{name}' except the 'spec.exempt' field must equal the fixed value")
        } else {
            format!("spec of '{name}' must equal the fixed value")
        };
        if have != mandatory {
            errs.push(FieldError::invalid_value(
                &spec_path,
                BadValue::Json(go_priority_level_spec(&obj.spec)),
                &detail,
            ));
        }
    }
    errs.extend(priority_level_status(&obj.status, &Path::new("status")));
    errs
}

/// Validates a `PriorityLevelConfiguration` status write (upstream's
/// `ValidatePriorityLevelConfigurationStatusUpdate`): the conditions only.
pub fn validate_priority_level_configuration_status_update(
    obj: &PriorityLevelConfiguration,
    _old: &PriorityLevelConfiguration,
) -> ErrorList {
    priority_level_status(&obj.status, &Path::new("status"))
}

fn priority_level_spec(spec: &PriorityLevelConfigurationSpec, name: &str, path: &Path) -> ErrorList {
    let beta = declarative_beta();
    let mut errs = ErrorList::new();
    let ty = spec.r#type.0.as_str();
    if (name == NAME_EXEMPT) != (ty == PriorityLevelEnablement::EXEMPT) {
        errs.push(FieldError::invalid_value(
            path.child("type"),
            BadValue::named(ty),
            "type must be 'Exempt' if and only if name is 'exempt'",
        ));
    }
    match ty {
        PriorityLevelEnablement::EXEMPT => {
            if spec.limited.is_some() && !beta {
                errs.push(FieldError::forbidden(path.child("limited"), "must be nil if the type is not Limited"));
            }
            if let Some(e) = &spec.exempt {
                errs.extend(exempt_configuration(e, &path.child("exempt")));
            }
        }
        PriorityLevelEnablement::LIMITED => {
            if spec.exempt.is_some() && !beta {
                errs.push(FieldError::forbidden(path.child("exempt"), "must be nil if the type is Limited"));
            }
            match &spec.limited {
                None if !beta => {
                    errs.push(FieldError::required(path.child("limited"), "must not be empty when type is Limited"));
                }
                None => {}
                Some(l) => errs.extend(limited_configuration(l, &path.child("limited"))),
            }
        }
        "" if !beta => errs.push(FieldError::required(path.child("type"), "")),
        "" => {}
        other => errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(other), ENABLEMENTS)),
    }
    errs
}

fn limited_configuration(l: &LimitedPriorityLevelConfiguration, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let shares = l.nominal_concurrency_shares.unwrap_or(0);
    if shares < 0 {
        errs.push(FieldError::invalid_value(
            path.child("nominalConcurrencyShares"),
            shares,
            "must be a non-negative integer",
        ));
    }
    errs.extend(limit_response(&l.limit_response, &path.child("limitResponse")));
    if let Some(p) = l.lendable_percent.filter(|p| !(0..=100).contains(p)) {
        errs.push(FieldError::invalid_value(path.child("lendablePercent"), p, "must be between 0 and 100, inclusive"));
    }
    if let Some(p) = l.borrowing_limit_percent.filter(|p| *p < 0) {
        errs.push(FieldError::invalid_value(
            path.child("borrowingLimitPercent"),
            p,
            "if specified, must be a non-negative integer",
        ));
    }
    errs
}

fn exempt_configuration(e: &ExemptPriorityLevelConfiguration, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(n) = e.nominal_concurrency_shares.filter(|n| *n < 0) {
        errs.push(FieldError::invalid_value(
            path.child("nominalConcurrencyShares"),
            n,
            "must be a non-negative integer",
        ));
    }
    if let Some(p) = e.lendable_percent.filter(|p| !(0..=100).contains(p)) {
        errs.push(FieldError::invalid_value(path.child("lendablePercent"), p, "must be between 0 and 100, inclusive"));
    }
    errs
}

fn limit_response(lr: &LimitResponse, path: &Path) -> ErrorList {
    let beta = declarative_beta();
    let mut errs = ErrorList::new();
    match lr.r#type.0.as_str() {
        LimitResponseType::REJECT => {
            if lr.queuing.is_some() && !beta {
                errs.push(FieldError::forbidden(
                    path.child("queuing"),
                    "must be nil if limited.limitResponse.type is not Limited",
                ));
            }
        }
        LimitResponseType::QUEUE => match &lr.queuing {
            None if !beta => errs.push(FieldError::required(
                path.child("queuing"),
                "must not be empty if limited.limitResponse.type is Limited",
            )),
            None => {}
            Some(q) => errs.extend(queuing(q, &path.child("queuing"))),
        },
        "" if !beta => errs.push(FieldError::required(path.child("type"), "")),
        "" => {}
        other => {
            errs.push(FieldError::not_supported_value(
                path.child("type"),
                BadValue::named(other),
                LIMIT_RESPONSE_TYPES,
            ));
        }
    }
    errs
}

/// Upstream's `shufflesharding.RequiredEntropyBits`: `ceil(log2(deck) * hand)`.
fn required_entropy_bits(deck: i32, hand: i32) -> i64 {
    // Both are positive here; the product is at most 31 * 2^31, far inside an f64's exact range.
    (f64::from(deck).log2() * f64::from(hand)).ceil() as i64
}

fn queuing(q: &QueuingConfiguration, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if q.queue_length_limit <= 0 {
        errs.push(FieldError::invalid_value(path.child("queueLengthLimit"), q.queue_length_limit, "must be positive"));
    }
    if q.queues <= 0 {
        errs.push(FieldError::invalid_value(path.child("queues"), q.queues, "must be positive"));
    } else if q.queues > MAX_QUEUES {
        errs.push(FieldError::invalid_value(
            path.child("queues"),
            q.queues,
            &format!("must not be greater than {MAX_QUEUES}"),
        ));
    }
    let hp = path.child("handSize");
    if q.hand_size <= 0 {
        errs.push(FieldError::invalid_value(&hp, q.hand_size, "must be positive"));
    } else if q.hand_size > q.queues {
        errs.push(FieldError::invalid_value(
            &hp,
            q.hand_size,
            &format!("should not be greater than queues ({})", q.queues),
        ));
    } else if required_entropy_bits(q.queues, q.hand_size) > MAX_HASH_BITS {
        errs.push(FieldError::invalid_value(
            &hp,
            q.hand_size,
            &format!(
                "required entropy bits of deckSize {} and handSize {} should not be greater than {MAX_HASH_BITS}",
                q.queues, q.hand_size
            ),
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// The mandatory objects (upstream's `internalbootstrap`: the bootstrap configuration defaulted
// as v1 and converted), compared as upstream's semantic equality compares: a nil list equals an
// empty one, and an unset `nominalConcurrencyShares` of a limited level is the internal zero.

fn strings(items: &[&str]) -> Option<Vec<String>> {
    Some(items.iter().map(|s| (*s).to_owned()).collect())
}

fn mandatory_flow_schema_spec(name: &str) -> Option<FlowSchemaSpec> {
    let (level, precedence, method, groups): (&str, i32, Option<&str>, &[&str]) = match name {
        NAME_EXEMPT => (NAME_EXEMPT, 1, None, &["system:masters"]),
        NAME_CATCH_ALL => (
            NAME_CATCH_ALL,
            MAX_MATCHING_PRECEDENCE,
            Some(FlowDistinguisherMethodType::BY_USER),
            &["system:unauthenticated", "system:authenticated"],
        ),
        _ => return None,
    };
    Some(FlowSchemaSpec {
        priority_level_configuration: PriorityLevelConfigurationReference { name: level.into() },
        matching_precedence: precedence,
        distinguisher_method: method.map(|m| FlowDistinguisherMethod { r#type: FlowDistinguisherMethodType(m.into()) }),
        rules: vec![PolicyRulesWithSubjects {
            subjects: Some(
                groups
                    .iter()
                    .map(|g| Subject {
                        kind: SubjectKind(SubjectKind::GROUP.into()),
                        group: Some(GroupSubject { name: (*g).into() }),
                        ..Subject::default()
                    })
                    .collect(),
            ),
            resource_rules: vec![ResourcePolicyRule {
                verbs: strings(&[ALL]),
                api_groups: strings(&[ALL]),
                resources: strings(&[ALL]),
                cluster_scope: true,
                namespaces: strings(&[ALL]),
            }],
            non_resource_rules: vec![NonResourcePolicyRule {
                verbs: strings(&[ALL]),
                non_resource_urls: strings(&[ALL]),
            }],
        }],
    })
}

fn mandatory_priority_level_spec(name: &str) -> Option<PriorityLevelConfigurationSpec> {
    match name {
        NAME_EXEMPT => Some(PriorityLevelConfigurationSpec {
            r#type: PriorityLevelEnablement(PriorityLevelEnablement::EXEMPT.into()),
            limited: None,
            exempt: Some(ExemptPriorityLevelConfiguration {
                nominal_concurrency_shares: Some(0),
                lendable_percent: Some(0),
            }),
        }),
        NAME_CATCH_ALL => Some(PriorityLevelConfigurationSpec {
            r#type: PriorityLevelEnablement(PriorityLevelEnablement::LIMITED.into()),
            limited: Some(LimitedPriorityLevelConfiguration {
                nominal_concurrency_shares: Some(5),
                limit_response: LimitResponse {
                    r#type: LimitResponseType(LimitResponseType::REJECT.into()),
                    queuing: None,
                },
                lendable_percent: Some(0),
                borrowing_limit_percent: None,
            }),
            exempt: None,
        }),
        _ => None,
    }
}

fn non_empty(list: &Option<Vec<String>>) -> Option<Vec<String>> {
    list.clone().filter(|l| !l.is_empty())
}

fn normalized_flow_schema_spec(spec: &FlowSchemaSpec) -> FlowSchemaSpec {
    let mut s = spec.clone();
    for rule in &mut s.rules {
        rule.subjects = rule.subjects.take().filter(|l| !l.is_empty());
        for r in &mut rule.resource_rules {
            r.verbs = non_empty(&r.verbs);
            r.api_groups = non_empty(&r.api_groups);
            r.resources = non_empty(&r.resources);
            r.namespaces = non_empty(&r.namespaces);
        }
        for r in &mut rule.non_resource_rules {
            r.verbs = non_empty(&r.verbs);
            r.non_resource_urls = non_empty(&r.non_resource_urls);
        }
    }
    // The mandatory specs' lists are all non-empty, so the same normal form compares them.
    s
}

fn normalized_priority_level_spec(spec: &PriorityLevelConfigurationSpec) -> PriorityLevelConfigurationSpec {
    let mut s = spec.clone();
    if let Some(l) = &mut s.limited {
        l.nominal_concurrency_shares.get_or_insert(0);
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Upstream reports a mandatory object's wrong spec as its internal Go struct, which has no JSON
// tags: `json.Marshal` writes Go's field names, `null` for nil pointers and lists.

fn go_str(s: &str) -> String {
    match BadValue::named(s) {
        BadValue::Json(j) => j,
        _ => String::from("\"\""),
    }
}

fn go_list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    if items.is_empty() {
        return "null".into();
    }
    format!("[{}]", items.iter().map(f).collect::<Vec<_>>().join(","))
}

fn go_strings(items: &Option<Vec<String>>) -> String {
    match items {
        None => "null".into(),
        Some(l) => format!("[{}]", l.iter().map(|s| go_str(s)).collect::<Vec<_>>().join(",")),
    }
}

fn go_opt<T>(v: Option<&T>, f: impl Fn(&T) -> String) -> String {
    v.map_or_else(|| "null".into(), f)
}

fn go_int(v: Option<i32>) -> String {
    v.map_or_else(|| "null".into(), |n| n.to_string())
}

fn go_flow_schema_spec(spec: &FlowSchemaSpec) -> String {
    let subject = |s: &Subject| {
        format!(
            "{{\"Kind\":{},\"User\":{},\"Group\":{},\"ServiceAccount\":{}}}",
            go_str(&s.kind.0),
            go_opt(s.user.as_ref(), |u| format!("{{\"Name\":{}}}", go_str(&u.name))),
            go_opt(s.group.as_ref(), |g| format!("{{\"Name\":{}}}", go_str(&g.name))),
            go_opt(s.service_account.as_ref(), |a| format!(
                "{{\"Namespace\":{},\"Name\":{}}}",
                go_str(&a.namespace),
                go_str(&a.name)
            )),
        )
    };
    let resource_rule = |r: &ResourcePolicyRule| {
        format!(
            "{{\"Verbs\":{},\"APIGroups\":{},\"Resources\":{},\"ClusterScope\":{},\"Namespaces\":{}}}",
            go_strings(&r.verbs),
            go_strings(&r.api_groups),
            go_strings(&r.resources),
            r.cluster_scope,
            go_strings(&r.namespaces)
        )
    };
    let non_resource_rule = |r: &NonResourcePolicyRule| {
        format!("{{\"Verbs\":{},\"NonResourceURLs\":{}}}", go_strings(&r.verbs), go_strings(&r.non_resource_urls))
    };
    let rule = |r: &PolicyRulesWithSubjects| {
        format!(
            "{{\"Subjects\":{},\"ResourceRules\":{},\"NonResourceRules\":{}}}",
            r.subjects.as_ref().map_or_else(
                || "null".into(),
                |l| format!("[{}]", l.iter().map(subject).collect::<Vec<_>>().join(","))
            ),
            go_list(&r.resource_rules, resource_rule),
            go_list(&r.non_resource_rules, non_resource_rule),
        )
    };
    format!(
        "{{\"PriorityLevelConfiguration\":{{\"Name\":{}}},\"MatchingPrecedence\":{},\"DistinguisherMethod\":{},\"Rules\":{}}}",
        go_str(&spec.priority_level_configuration.name),
        spec.matching_precedence,
        go_opt(spec.distinguisher_method.as_ref(), |m| format!("{{\"Type\":{}}}", go_str(&m.r#type.0))),
        go_list(&spec.rules, rule),
    )
}

fn go_priority_level_spec(spec: &PriorityLevelConfigurationSpec) -> String {
    let queuing = |q: &QueuingConfiguration| {
        format!(
            "{{\"Queues\":{},\"HandSize\":{},\"QueueLengthLimit\":{}}}",
            q.queues, q.hand_size, q.queue_length_limit
        )
    };
    let limited = |l: &LimitedPriorityLevelConfiguration| {
        format!(
            "{{\"NominalConcurrencyShares\":{},\"LimitResponse\":{{\"Type\":{},\"Queuing\":{}}},\"LendablePercent\":{},\"BorrowingLimitPercent\":{}}}",
            l.nominal_concurrency_shares.unwrap_or(0),
            go_str(&l.limit_response.r#type.0),
            go_opt(l.limit_response.queuing.as_ref(), queuing),
            go_int(l.lendable_percent),
            go_int(l.borrowing_limit_percent),
        )
    };
    let exempt = |e: &ExemptPriorityLevelConfiguration| {
        format!(
            "{{\"NominalConcurrencyShares\":{},\"LendablePercent\":{}}}",
            go_int(e.nominal_concurrency_shares),
            go_int(e.lendable_percent)
        )
    };
    format!(
        "{{\"Type\":{},\"Limited\":{},\"Exempt\":{}}}",
        go_str(&spec.r#type.0),
        go_opt(spec.limited.as_ref(), limited),
        go_opt(spec.exempt.as_ref(), exempt),
    )
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
