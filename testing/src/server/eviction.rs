//! Pod eviction under pod disruption budgets, decided as upstream's eviction subresource decides.
//!
//! - A pod that is terminal (`Succeeded`, `Failed`), `Pending` or already being deleted is
//!   deleted at once; budgets are not consulted.
//! - Otherwise the `policy/v1` budgets of the pod's namespace whose selector matches its labels
//!   are found (a budget without a selector matches nothing, an empty one everything; an
//!   invalid one nothing). More than one is a failure `Status` with code `500` in a `201`
//!   answer, as upstream returns it (clients turn it into an error).
//! - A pod that is not ready is deleted without spending the budget when the budget's
//!   `unhealthyPodEvictionPolicy` is `AlwaysAllow`, or when it has its desired healthy pods.
//! - Else the budget must allow a disruption: an unobserved generation is `429` with
//!   `Retry-After: 10`; a negative allowance or more than 2000 disrupted pods is `403`; none left
//!   is `429` naming the healthy pods needed and present. The budget's status is then written
//!   (one disruption fewer, the pod under `disruptedPods`, `DisruptionAllowed` turned false at
//!   zero) unless the eviction is a dry run.
//! - The pod gets the `DisruptionTarget` condition (through its status) and is deleted; a
//!   deletion the server guarded with the pod's resource version that meets a newer pod is `429`.
//!
//! No PDB controller runs here: budgets' statuses are whatever the test wrote.

use kapi_api::meta::errors::{self as api_errors, failure, into_error};
use kapi_api::meta::labels::Selector;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    CauseType, DeleteOptions, LabelSelector, Preconditions, Status, StatusCause, StatusDetails, StatusReason,
};
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;
use std::collections::BTreeMap;

use super::ApiServer;
use crate::tracker::meta;
use crate::tracker::subresource::{at, set_at};
use crate::tracker::{Modify, Result};

/// upstream's `MaxDisruptedPodSize`: evictions refused while more are unconfirmed.
const MAX_DISRUPTED_PODS: usize = 2000;
/// The message of every `429` an eviction answers.
const WOULD_VIOLATE: &str = "Cannot evict pod as it would violate the pod's disruption budget.";
/// The cause type of those answers (`policyv1.DisruptionBudgetCause`).
const DISRUPTION_BUDGET_CAUSE: &str = "DisruptionBudget";

/// What an eviction that did not fail answers: success, or a failure `Status` to send as the
/// body of a `201` (upstream's answer to a pod under several budgets).
pub(super) enum Evicted {
    Deleted,
    Refused(Box<Status>),
}

impl ApiServer {
    /// Evicts the pod `namespace/name` (of the pods resource `pods`) with the eviction's delete
    /// options, consulting the disruption budgets.
    pub(super) fn evict_pod(
        &self,
        pods: &ResourceInfo,
        namespace: &str,
        name: &str,
        delete: &DeleteOptions,
    ) -> Result<Evicted> {
        let dry_run = !delete.dry_run.is_empty();
        let current = self.tracker.get(&pods.gvr(), namespace, name, &Default::default())?;
        let pod = meta::to_value(current.as_ref())?;
        let rv = at(&pod, &["metadata", "resourceVersion"]).and_then(Value::as_str).unwrap_or_default().to_owned();
        let phase = at(&pod, &["status", "phase"]).and_then(Value::as_str).unwrap_or_default();
        let deleting = at(&pod, &["metadata", "deletionTimestamp"]).is_some_and(|t| *t != Value::Null);
        let rv_unset = rv_unset(delete);

        if can_ignore_budgets(phase, deleting) {
            let mut opts = delete.clone();
            // Terminal pods need no guard; others could become ready under us.
            let terminal = matches!(phase, "Succeeded" | "Failed") || deleting;
            if !terminal && rv_unset {
                set_precondition_rv(&mut opts, rv);
            }
            self.add_condition_and_delete(pods, namespace, name, opts, dry_run)?;
            return Ok(Evicted::Deleted);
        }

        let labels = string_map(at(&pod, &["metadata", "labels"]));
        let budgets = self.budgets_for(namespace, &labels)?;
        if budgets.len() > 1 {
            let status = failure(
                500,
                StatusReason::UNKNOWN,
                "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.",
                None,
            );
            return Ok(Evicted::Refused(Box::new(status)));
        }
        let mut guarded = false;
        let mut budget_name = String::new();
        if let Some((pdb_info, pdb)) = budgets.into_iter().next() {
            budget_name = at(&pdb, &["metadata", "name"]).and_then(Value::as_str).unwrap_or_default().to_owned();
            if !is_ready(&pod) {
                let always =
                    at(&pdb, &["spec", "unhealthyPodEvictionPolicy"]).and_then(Value::as_str) == Some("AlwaysAllow");
                let current_healthy = int(&pdb, &["status", "currentHealthy"]);
                let desired_healthy = int(&pdb, &["status", "desiredHealthy"]);
                // An unready pod counts towards neither: deleting it disrupts nothing.
                guarded = always || (current_healthy >= desired_healthy && desired_healthy > 0);
            }
            if !guarded {
                self.spend_budget(&pdb_info, namespace, &budget_name, name, dry_run)?;
            }
        }
        let mut opts = delete.clone();
        if guarded {
            set_precondition_rv(&mut opts, rv);
        }
        match self.add_condition_and_delete(pods, namespace, name, opts, dry_run) {
            Err(e) if guarded && rv_unset && e.code == 409 => Err(still_processing(&budget_name)),
            Err(e) => Err(e),
            Ok(()) => Ok(Evicted::Deleted),
        }
    }

    /// The `policy/v1` budgets of the namespace whose selectors match the labels, each with the
    /// resource they were read from (none when budgets are not served).
    fn budgets_for(&self, namespace: &str, labels: &BTreeMap<String, String>) -> Result<Vec<(ResourceInfo, Value)>> {
        let gvr = GroupVersionResource::new("policy", "v1", "poddisruptionbudgets");
        let Some(info) = self.tracker.resource(&gvr) else { return Ok(Vec::new()) };
        let (items, _) = self.tracker.list(&gvr, namespace, &Default::default())?;
        let mut out = Vec::new();
        for item in items {
            let pdb = meta::to_value(item.as_ref())?;
            if selects(at(&pdb, &["spec", "selector"]), labels) {
                out.push((info, pdb));
            }
        }
        Ok(out)
    }

    /// Takes one disruption from the budget (`checkAndDecrement`); a dry run writes nothing.
    fn spend_budget(&self, info: &ResourceInfo, namespace: &str, budget: &str, pod: &str, dry_run: bool) -> Result<()> {
        let modify = Modify { namespace, name: budget, subresource: Some("status"), dry_run, ..Default::default() };
        self.tracker.modify(&info.gvr(), &modify, |current| {
            let current = current.ok_or_else(|| api_errors::not_found(info, budget))?;
            let mut pdb = meta::to_value(current)?;
            let generation = int(&pdb, &["metadata", "generation"]);
            if int(&pdb, &["status", "observedGeneration"]) < generation {
                return Err(still_processing(budget));
            }
            let allowed = int(&pdb, &["status", "disruptionsAllowed"]);
            if allowed < 0 {
                return Err(forbidden(budget, "pdb disruptions allowed is negative"));
            }
            let disrupted = match at(&pdb, &["status", "disruptedPods"]) {
                Some(Value::Object(m)) => m.len(),
                _ => 0,
            };
            if disrupted > MAX_DISRUPTED_PODS {
                return Err(forbidden(
                    budget,
                    "DisruptedPods map too big - too many evictions not confirmed by PDB controller",
                ));
            }
            if allowed == 0 {
                let needs = format!(
                    "The disruption budget {budget} needs {} healthy pods and has {} currently",
                    int(&pdb, &["status", "desiredHealthy"]),
                    int(&pdb, &["status", "currentHealthy"]),
                );
                return Err(too_many_requests(0, needs));
            }
            set_at(&mut pdb, &["status", "disruptionsAllowed"], Some(Value::Number((allowed - 1).to_string())));
            if allowed == 1 {
                let observed = int(&pdb, &["status", "observedGeneration"]);
                set_condition(
                    &mut pdb,
                    &[
                        ("type", "DisruptionAllowed"),
                        ("status", "False"),
                        ("reason", "InsufficientPods"),
                        ("message", ""),
                    ],
                    Some(observed),
                );
            }
            set_at(&mut pdb, &["status", "disruptedPods", pod], Some(Value::String(Time::now().format_rfc3339())));
            meta::from_value(info, &pdb)
        })?;
        Ok(())
    }

    /// Marks the pod with the `DisruptionTarget` condition and deletes it (`addConditionAndDeletePod`).
    fn add_condition_and_delete(
        &self,
        pods: &ResourceInfo,
        namespace: &str,
        name: &str,
        mut opts: DeleteOptions,
        dry_run: bool,
    ) -> Result<()> {
        if !dry_run {
            let modify = Modify { namespace, name, subresource: Some("status"), ..Default::default() };
            let preconditions = opts.preconditions.clone();
            let (updated, _) = self.tracker.modify(&pods.gvr(), &modify, |current| {
                let current = current.ok_or_else(|| api_errors::not_found(pods, name))?;
                let mut pod = meta::to_value(current)?;
                if let Some(p) = &preconditions {
                    check_precondition(&pod, name, p)?;
                }
                set_condition(
                    &mut pod,
                    &[
                        ("type", "DisruptionTarget"),
                        ("status", "True"),
                        ("reason", "EvictionByEvictionAPI"),
                        ("message", "Eviction API: evicting"),
                    ],
                    None,
                );
                meta::from_value(pods, &pod)
            })?;
            // The condition bumped the version the caller's precondition named.
            if !rv_unset(&opts)
                && let Some(m) = (pods.metadata)(updated.as_ref())
            {
                set_precondition_rv(&mut opts, m.resource_version.clone());
            }
        }
        self.tracker.delete(&pods.gvr(), namespace, name, &opts)?;
        Ok(())
    }
}

/// upstream's `canIgnorePDB`. An unset phase counts as `Pending`: upstream's pod strategy sets
/// `Pending` on create, which this server does not.
fn can_ignore_budgets(phase: &str, deleting: bool) -> bool {
    matches!(phase, "Succeeded" | "Failed" | "Pending" | "") || deleting
}

fn rv_unset(opts: &DeleteOptions) -> bool {
    opts.preconditions.as_ref().is_none_or(|p| p.resource_version.is_none())
}

fn set_precondition_rv(opts: &mut DeleteOptions, rv: String) {
    opts.preconditions.get_or_insert_with(Preconditions::default).resource_version = Some(rv);
}

/// The eviction's own precondition check before it writes the condition (a `409` naming
/// `Pod`, as upstream's message does).
fn check_precondition(pod: &Value, name: &str, p: &Preconditions) -> Result<()> {
    let field = |path: &[&str]| at(pod, path).and_then(Value::as_str).unwrap_or_default().to_owned();
    let conflict = |why: String| {
        into_error(failure(
            409,
            StatusReason::CONFLICT,
            format!("Operation cannot be fulfilled on Pod {name:?}: {why}"),
            Some(StatusDetails { name: name.into(), kind: "Pod".into(), ..StatusDetails::default() }),
        ))
    };
    if let Some(uid) = p.uid.as_deref().filter(|u| !u.is_empty()) {
        let have = field(&["metadata", "uid"]);
        if uid != have {
            return Err(conflict(format!(
                "the UID in the precondition ({uid}) does not match the UID in record ({have}). The object might have been deleted and then recreated"
            )));
        }
    }
    if let Some(rv) = p.resource_version.as_deref().filter(|r| !r.is_empty()) {
        let have = field(&["metadata", "resourceVersion"]);
        if rv != have {
            return Err(conflict(format!(
                "the ResourceVersion in the precondition ({rv}) does not match the ResourceVersion in record ({have}). The object might have been modified"
            )));
        }
    }
    Ok(())
}

/// Whether a budget's selector matches the labels: no selector matches nothing, an invalid one
/// nothing, an empty one everything.
fn selects(selector: Option<&Value>, labels: &BTreeMap<String, String>) -> bool {
    let Some(selector) = selector.filter(|s| **s != Value::Null) else { return false };
    let Ok(typed) = kapi_machinery::json::from_slice::<LabelSelector>(&selector.to_compact_vec()) else {
        return false;
    };
    Selector::try_from(&typed).is_ok_and(|s| s.matches(labels))
}

/// The pod is ready: its `Ready` condition is `True`.
fn is_ready(pod: &Value) -> bool {
    match at(pod, &["status", "conditions"]) {
        Some(Value::Array(conditions)) => conditions.iter().any(|c| {
            c.get("type").and_then(Value::as_str) == Some("Ready")
                && c.get("status").and_then(Value::as_str) == Some("True")
        }),
        _ => false,
    }
}

/// Sets the condition of the given type under `status.conditions`: a new one gets the current
/// time as its transition time, an existing one keeps its time unless its status changes.
fn set_condition(obj: &mut Value, fields: &[(&str, &str)], observed_generation: Option<i64>) {
    let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map_or("", |(_, v)| *v);
    let now = Value::String(Time::now().format_rfc3339());
    let mut conditions = match at(obj, &["status", "conditions"]) {
        Some(Value::Array(a)) => a.clone(),
        _ => Vec::new(),
    };
    let existing = conditions.iter().position(|c| c.get("type").and_then(Value::as_str) == Some(get("type")));
    let transition = existing
        .map(|i| &conditions[i])
        .filter(|c| c.get("status").and_then(Value::as_str) == Some(get("status")))
        .and_then(|c| c.get("lastTransitionTime").cloned())
        .unwrap_or(now);
    let mut members: Vec<(String, Value)> = existing
        .and_then(|i| match &conditions[i] {
            Value::Object(m) => Some(m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            _ => None,
        })
        .unwrap_or_default();
    let mut put = |k: &str, v: Option<Value>| {
        members.retain(|(m, _)| m != k);
        if let Some(v) = v {
            members.push((k.to_owned(), v));
        }
    };
    for (k, v) in fields {
        put(k, (!v.is_empty()).then(|| Value::String((*v).to_owned())));
    }
    put("lastTransitionTime", Some(transition));
    if let Some(g) = observed_generation {
        put("observedGeneration", (g != 0).then(|| Value::Number(g.to_string())));
    }
    let condition = Value::Object(members.into_iter().collect());
    match existing {
        Some(i) => conditions[i] = condition,
        None => conditions.push(condition),
    }
    set_at(obj, &["status", "conditions"], Some(Value::Array(conditions)));
}

fn int(v: &Value, path: &[&str]) -> i64 {
    match at(v, path) {
        Some(Value::Number(n)) => n.parse().unwrap_or(0),
        _ => 0,
    }
}

fn string_map(v: Option<&Value>) -> BTreeMap<String, String> {
    match v {
        Some(Value::Object(m)) => m.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned()))).collect(),
        _ => BTreeMap::new(),
    }
}

/// `429` with one `DisruptionBudget` cause.
fn too_many_requests(retry_after_seconds: i32, cause: String) -> crate::tracker::Error {
    let details = StatusDetails {
        retry_after_seconds,
        causes: vec![StatusCause {
            r#type: CauseType(DISRUPTION_BUDGET_CAUSE.into()),
            message: cause,
            ..StatusCause::default()
        }],
        ..StatusDetails::default()
    };
    into_error(failure(429, StatusReason::TOO_MANY_REQUESTS, WOULD_VIOLATE, Some(details)))
}

/// upstream's `createTooManyRequestsError`: the budget's status is behind its spec.
fn still_processing(budget: &str) -> crate::tracker::Error {
    too_many_requests(10, format!("The disruption budget {budget} is still being processed by the server."))
}

/// `403` on the budget, as upstream's `NewForbidden` writes it.
fn forbidden(budget: &str, why: &str) -> crate::tracker::Error {
    into_error(failure(
        403,
        StatusReason::FORBIDDEN,
        format!("poddisruptionbudget.policy {budget:?} is forbidden: {why}"),
        Some(StatusDetails {
            name: budget.into(),
            group: "policy".into(),
            kind: "poddisruptionbudget".into(),
            ..StatusDetails::default()
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn selectors_match_as_upstream_reads_them() {
        let l = labels(&[("app", "web")]);
        let parse = |s: &str| kapi_machinery::json::value::parse(s.as_bytes()).unwrap();
        assert!(!selects(None, &l), "no selector matches nothing");
        assert!(!selects(Some(&Value::Null), &l));
        assert!(selects(Some(&parse("{}")), &l), "an empty selector matches everything");
        assert!(selects(Some(&parse(r#"{"matchLabels":{"app":"web"}}"#)), &l));
        assert!(!selects(Some(&parse(r#"{"matchLabels":{"app":"db"}}"#)), &l));
        assert!(!selects(Some(&parse(r#"{"matchExpressions":[{"key":"app","operator":"Bogus"}]}"#)), &l));
    }

    #[test]
    fn terminal_pending_and_deleting_pods_skip_the_budgets() {
        for phase in ["Succeeded", "Failed", "Pending", ""] {
            assert!(can_ignore_budgets(phase, false), "{phase}");
        }
        assert!(!can_ignore_budgets("Running", false));
        assert!(can_ignore_budgets("Running", true));
    }

    #[test]
    fn a_condition_keeps_its_transition_time_while_its_status_holds() {
        let mut obj = kapi_machinery::json::value::parse(
            br#"{"status":{"conditions":[{"type":"DisruptionAllowed","status":"False","reason":"X","lastTransitionTime":"2020-01-01T00:00:00Z"}]}}"#,
        )
        .unwrap();
        set_condition(
            &mut obj,
            &[("type", "DisruptionAllowed"), ("status", "False"), ("reason", "InsufficientPods")],
            Some(3),
        );
        let Some(Value::Array(cs)) = at(&obj, &["status", "conditions"]) else { panic!("no conditions") };
        let c = &cs[0];
        assert_eq!(c.get("lastTransitionTime").and_then(Value::as_str), Some("2020-01-01T00:00:00Z"));
        assert_eq!(c.get("reason").and_then(Value::as_str), Some("InsufficientPods"));
        assert_eq!(c.get("observedGeneration"), Some(&Value::Number("3".into())));
        set_condition(
            &mut obj,
            &[("type", "DisruptionAllowed"), ("status", "True"), ("reason", "SufficientPods")],
            Some(3),
        );
        let Some(Value::Array(cs)) = at(&obj, &["status", "conditions"]) else { panic!("no conditions") };
        let c = &cs[0];
        assert_ne!(c.get("lastTransitionTime").and_then(Value::as_str), Some("2020-01-01T00:00:00Z"));
    }
}
