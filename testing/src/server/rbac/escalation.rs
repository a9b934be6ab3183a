//! RBAC's escalation checks on writes of roles and bindings: a user may grant only what they hold, unless allowed to `escalate` (roles) or `bind` (bindings).
//!
//! Facts from upstream's `pkg/registry/rbac` (`role/policybased`, `clusterrole/policybased`,
//! `rolebinding/policybased`, `clusterrolebinding/policybased`, `escalation_check.go`) and
//! `pkg/registry/rbac/validation/rule.go` (`ConfirmNoEscalation`, `Covers`, `BreakdownRule`,
//! `CompactRules`, `CompactString`): `system:masters` may do anything; a role's rules are
//! broken down into one verb, group, resource (and name) each, every piece must be covered by
//! one of the user's rules in the namespace; the missing ones are compacted per group and
//! resource and listed sorted, one per line, as `{APIGroups:[""], Resources:["secrets"],
//! Verbs:["get"]}`; an aggregation rule needs every permission (`must have cluster-admin
//! privileges to use the aggregationRule`); a binding needs `bind` on its role, or the role's
//! rules, and a role that does not exist is an internal error. Only under RBAC: with
//! `AlwaysAllow` every user may `escalate` and `bind`.

use std::collections::BTreeSet;

use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::super::call::Call;
use super::super::plugins::forbidden;
use super::{Attributes, AuthorizationMode, RBAC, UserInfo, strings};
use crate::tracker::Result;

/// A policy rule's lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Rule {
    verbs: Vec<String>,
    groups: Vec<String>,
    resources: Vec<String>,
    names: Vec<String>,
    urls: Vec<String>,
}

impl Rule {
    fn of(v: &Value) -> Rule {
        let list = |key: &str| strings(v.get(key)).into_iter().map(str::to_owned).collect();
        Rule {
            verbs: list("verbs"),
            groups: list("apiGroups"),
            resources: list("resources"),
            names: list("resourceNames"),
            urls: list("nonResourceURLs"),
        }
    }

    /// Upstream's `CompactString`.
    fn compact_string(&self) -> String {
        let q = |items: &[String]| {
            let quoted: Vec<String> = items.iter().map(|s| kapi_machinery::validation::go_quote(s)).collect();
            format!("[{}]", quoted.join(" "))
        };
        let mut parts = Vec::new();
        for (name, items) in [
            ("APIGroups", &self.groups),
            ("Resources", &self.resources),
            ("NonResourceURLs", &self.urls),
            ("ResourceNames", &self.names),
            ("Verbs", &self.verbs),
        ] {
            if !items.is_empty() {
                parts.push(format!("{name}:{}", q(items)));
            }
        }
        format!("{{{}}}", parts.join(", "))
    }
}

fn has(set: &[String], want: &str) -> bool {
    set.iter().any(|s| s == want)
}

fn has_all(set: &[String], wants: &[String]) -> bool {
    wants.iter().all(|w| has(set, w))
}

/// Upstream's `BreakdownRule`: one verb, group, resource (and name) per rule.
fn breakdown(rule: &Rule) -> Vec<Rule> {
    let mut out = Vec::new();
    for group in &rule.groups {
        for resource in &rule.resources {
            for verb in &rule.verbs {
                let one = |names: Vec<String>| Rule {
                    verbs: vec![verb.clone()],
                    groups: vec![group.clone()],
                    resources: vec![resource.clone()],
                    names,
                    urls: Vec::new(),
                };
                if rule.names.is_empty() {
                    out.push(one(Vec::new()));
                } else {
                    out.extend(rule.names.iter().map(|n| one(vec![n.clone()])));
                }
            }
        }
    }
    for url in &rule.urls {
        for verb in &rule.verbs {
            out.push(Rule { verbs: vec![verb.clone()], urls: vec![url.clone()], ..Rule::default() });
        }
    }
    out
}

fn resource_covers_all(set: &[String], covers: &[String]) -> bool {
    if has(set, "*") || has_all(set, covers) {
        return true;
    }
    covers
        .iter()
        .all(|path| has(set, path) || path.split_once('/').is_some_and(|(_, sub)| has(set, &format!("*/{sub}"))))
}

fn url_covers(owner: &str, sub: &str) -> bool {
    owner == sub || (owner.ends_with('*') && sub.starts_with(owner.trim_end_matches('*')))
}

/// Upstream's `ruleCovers`.
fn rule_covers(owner: &Rule, sub: &Rule) -> bool {
    let verbs = has(&owner.verbs, "*") || has_all(&owner.verbs, &sub.verbs);
    let groups = has(&owner.groups, "*") || has_all(&owner.groups, &sub.groups);
    let resources = resource_covers_all(&owner.resources, &sub.resources);
    let urls = sub.urls.iter().all(|u| owner.urls.iter().any(|o| url_covers(o, u)));
    let names = if sub.names.is_empty() {
        owner.names.is_empty()
    } else {
        owner.names.is_empty() || has_all(&owner.names, &sub.names)
    };
    verbs && groups && resources && names && urls
}

/// The pieces of `servant` no owner rule covers (upstream's `Covers`).
fn uncovered(owner: &[Rule], servant: &[Rule]) -> Vec<Rule> {
    servant.iter().flat_map(breakdown).filter(|sub| !owner.iter().any(|o| rule_covers(o, sub))).collect()
}

/// Upstream's `CompactRules`: simple rules (one group, one resource, at most one name) of the
/// same group, resource and name merged, their verbs appended.
fn compact(rules: Vec<Rule>) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    let mut simple: Vec<Rule> = Vec::new();
    for rule in rules {
        let is_simple =
            rule.names.len() <= 1 && rule.urls.is_empty() && rule.groups.len() == 1 && rule.resources.len() == 1;
        if !is_simple {
            out.push(rule);
            continue;
        }
        match simple
            .iter_mut()
            .find(|s| s.groups == rule.groups && s.resources == rule.resources && s.names == rule.names)
        {
            Some(existing) => existing.verbs.extend(rule.verbs),
            None => simple.push(rule),
        }
    }
    out.extend(simple);
    out
}

/// Every permission: what an aggregation rule may gather.
fn full_authority() -> Vec<Rule> {
    let all = || vec!["*".to_owned()];
    vec![
        Rule { verbs: all(), groups: all(), resources: all(), ..Rule::default() },
        Rule { verbs: all(), urls: all(), ..Rule::default() },
    ]
}

impl ApiServer {
    /// Whether this write is one of a role or binding that RBAC's escalation checks look at.
    pub(in crate::server) fn escalation_checked(&self, call: &Call<'_>) -> bool {
        let info = call.info;
        let named = call.route.name.is_some();
        let method = call.req.method();
        self.authorization_mode() == AuthorizationMode::Rbac
            && info.group == RBAC
            && matches!(info.resource, "roles" | "clusterroles" | "rolebindings" | "clusterrolebindings")
            && call.route.subresource.is_none()
            && ((*method == http::Method::POST && !named)
                || ((*method == http::Method::PUT || *method == http::Method::PATCH) && named))
    }

    /// RBAC's escalation checks on a role or binding held for validating admission.
    pub(in crate::server) fn check_escalation(&self, call: &Call<'_>, object: &Value) -> Result<()> {
        let user = self.authenticate_request(call.req)?;
        if user.groups.iter().any(|g| g == "system:masters") {
            return Ok(());
        }
        let info = call.info;
        let namespace = call.namespace();
        let name = object.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or_default();
        let allowed = |verb: &str, resource: &str, name: &str| {
            let a = Attributes {
                verb: verb.into(),
                group: RBAC.into(),
                resource: resource.into(),
                subresource: String::new(),
                namespace: namespace.into(),
                name: name.into(),
                path: String::new(),
            };
            self.rbac_allows(&user, &a).is_some()
        };
        let refuse = |why: &str| forbidden(info.group, info.resource, name, why, Vec::new());
        let owner: Vec<Rule> = self.rules_for(&user, namespace).iter().map(Rule::of).collect();
        match info.resource {
            "roles" | "clusterroles" => {
                if allowed("escalate", info.resource, call.route.name.as_deref().unwrap_or_default()) {
                    return Ok(());
                }
                let rules: Vec<Rule> = match object.get("rules") {
                    Some(Value::Array(r)) => r.iter().map(Rule::of).collect(),
                    _ => Vec::new(),
                };
                if let Some(why) = escalation(&user, &owner, &rules) {
                    return Err(refuse(&why));
                }
                let aggregates = object.get("aggregationRule").is_some_and(|a| !matches!(a, Value::Null));
                if aggregates && !uncovered(&owner, &full_authority()).is_empty() {
                    return Err(refuse("must have cluster-admin privileges to use the aggregationRule"));
                }
                Ok(())
            }
            _ => {
                let role_ref = object.get("roleRef");
                let kind = role_ref.and_then(|r| r.get("kind")).and_then(Value::as_str).unwrap_or_default();
                let role = role_ref.and_then(|r| r.get("name")).and_then(Value::as_str).unwrap_or_default();
                let role_resource = if kind == "Role" { "roles" } else { "clusterroles" };
                if allowed("bind", role_resource, role) {
                    return Ok(());
                }
                let Some(found) = self.role_of(kind, if kind == "Role" { namespace } else { "" }, role) else {
                    let singular = if kind == "Role" { "role" } else { "clusterrole" };
                    return Err(kapi_api::meta::errors::internal(&format!("{singular}.{RBAC} {role:?} not found")));
                };
                let rules: Vec<Rule> = match found.get("rules") {
                    Some(Value::Array(r)) => r.iter().map(Rule::of).collect(),
                    _ => Vec::new(),
                };
                match escalation(&user, &owner, &rules) {
                    Some(why) => Err(refuse(&why)),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Upstream's `ConfirmNoEscalation` message, when `rules` grant more than `owner` holds.
fn escalation(user: &UserInfo, owner: &[Rule], rules: &[Rule]) -> Option<String> {
    let missing = uncovered(owner, rules);
    if missing.is_empty() {
        return None;
    }
    let lines: BTreeSet<String> = compact(missing).iter().map(Rule::compact_string).collect();
    let groups: Vec<String> = user.groups.iter().map(|g| kapi_machinery::validation::go_quote(g)).collect();
    Some(format!(
        "user {} (groups=[{}]) is attempting to grant RBAC permissions not currently held:\n{}",
        kapi_machinery::validation::go_quote(&user.username),
        groups.join(" "),
        lines.into_iter().collect::<Vec<_>>().join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(verbs: &[&str], groups: &[&str], resources: &[&str]) -> Rule {
        let v = |x: &[&str]| x.iter().map(|s| (*s).to_owned()).collect();
        Rule { verbs: v(verbs), groups: v(groups), resources: v(resources), ..Rule::default() }
    }

    #[test]
    fn coverage_is_upstreams() {
        let owner = [rule(&["get", "list"], &[""], &["pods", "configmaps"]), rule(&["*"], &["apps"], &["*/scale"])];
        assert!(uncovered(&owner, &[rule(&["get"], &[""], &["pods"])]).is_empty());
        assert!(uncovered(&owner, &[rule(&["update"], &["apps"], &["deployments/scale"])]).is_empty());
        let missing = uncovered(&owner, &[rule(&["get", "delete"], &[""], &["pods", "secrets"])]);
        assert_eq!(missing.len(), 3);
        let compacted: BTreeSet<String> = compact(missing).iter().map(Rule::compact_string).collect();
        assert_eq!(
            compacted.into_iter().collect::<Vec<_>>(),
            [
                r#"{APIGroups:[""], Resources:["pods"], Verbs:["delete"]}"#,
                r#"{APIGroups:[""], Resources:["secrets"], Verbs:["get" "delete"]}"#,
            ]
        );
        // Named owners cover only those names; unnamed pieces need an unnamed owner.
        let mut named = rule(&["get"], &[""], &["secrets"]);
        named.names = vec!["a".into()];
        let mut want = rule(&["get"], &[""], &["secrets"]);
        assert_eq!(uncovered(std::slice::from_ref(&named), std::slice::from_ref(&want)).len(), 1);
        want.names = vec!["a".into()];
        assert!(uncovered(&[named], &[want]).is_empty());
        // Paths: a trailing star covers the rest.
        let paths = Rule { verbs: vec!["get".into()], urls: vec!["/apis/*".into()], ..Rule::default() };
        let sub = Rule { verbs: vec!["get".into()], urls: vec!["/apis/apps".into()], ..Rule::default() };
        assert!(uncovered(&[paths], &[sub]).is_empty());
    }
}
