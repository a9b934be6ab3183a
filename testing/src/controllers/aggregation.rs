//! The cluster role aggregation controller, as kube-controller-manager's `clusterrole-aggregation`: a cluster role with an `aggregationRule` gets the rules of every cluster role its selectors match.
//!
//! Facts from upstream's `pkg/controller/clusterroleaggregation`: the matching roles (any
//! selector, never the role itself) are taken in name order and their rules appended, each rule
//! once (equal rules are dropped); the role is written only when its rules differ from that.

use std::collections::BTreeMap;

use kapi_api::meta::labels::Selector;
use kapi_api::meta::v1::{LabelSelector, ListOptions};
use kapi_machinery::json::value::Value;

use crate::tracker::meta::{from_value, to_value};
use crate::tracker::{Modify, ObjectTracker, Since};

const RBAC: &str = "rbac.authorization.k8s.io";

/// Keeps aggregated cluster roles' rules up to date.
#[derive(Default)]
pub(crate) struct Aggregation;

fn labels_of(role: &Value) -> BTreeMap<String, String> {
    match role.get("metadata").and_then(|m| m.get("labels")) {
        Some(Value::Object(members)) => {
            members.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned()))).collect()
        }
        _ => BTreeMap::new(),
    }
}

fn name_of(role: &Value) -> &str {
    role.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or_default()
}

/// The selectors of a role's aggregation rule (`None` when it has none); a selector that does
/// not parse matches nothing.
fn selectors(role: &Value) -> Option<Vec<Option<Selector>>> {
    let Some(Value::Array(items)) = role.get("aggregationRule")?.get("clusterRoleSelectors") else {
        return Some(Vec::new());
    };
    Some(
        items
            .iter()
            .map(|s| {
                let api: LabelSelector = kapi_machinery::json::from_slice(&s.to_compact_vec()).ok()?;
                Selector::try_from(&api).ok()
            })
            .collect(),
    )
}

impl Aggregation {
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let touched = match since {
            Since::Everything(_) => true,
            Since::Changes(changes) => {
                changes.iter().any(|(_, s, _)| s.store.group == RBAC && s.store.resource == "clusterroles")
            }
        };
        if !touched {
            return;
        }
        let Some(store) = tracker.store_of_kind(RBAC, "ClusterRole") else { return };
        let Ok((items, _)) = tracker.list(&store.gvr(), "", &ListOptions::default()) else { return };
        let mut roles: Vec<Value> = items.iter().filter_map(|o| to_value(o.as_ref()).ok()).collect();
        roles.sort_by(|a, b| name_of(a).cmp(name_of(b)));
        for role in &roles {
            let Some(selectors) = selectors(role) else { continue };
            let name = name_of(role);
            let mut rules: Vec<Value> = Vec::new();
            for other in roles.iter().filter(|o| name_of(o) != name) {
                let labels = labels_of(other);
                if !selectors.iter().flatten().any(|s| s.matches(&labels)) {
                    continue;
                }
                if let Some(Value::Array(theirs)) = other.get("rules") {
                    for rule in theirs {
                        if !rules.contains(rule) {
                            rules.push(rule.clone());
                        }
                    }
                }
            }
            let current = match role.get("rules") {
                Some(Value::Array(r)) => r.clone(),
                _ => Vec::new(),
            };
            if current == rules {
                continue;
            }
            let target = Modify { name, ..Modify::default() };
            // A failed write (the role changed meanwhile) comes back as a change.
            let _ = tracker.modify(&store.gvr(), &target, |stored| {
                let Some(stored) = stored else { return Err(kapi_api::meta::errors::not_found(&store, name)) };
                let mut doc = to_value(stored)?;
                if let Value::Object(members) = &mut doc {
                    members.retain(|(k, _)| k != "rules");
                    members.push(("rules".into(), Value::Array(rules.clone())));
                }
                from_value(&store, &doc)
            });
        }
    }
}
