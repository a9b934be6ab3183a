//! ResourceQuota admission: a write that would take a namespace's usage past a quota is refused, and an admitted one is charged to the quotas at once (the controller recounts later).
//!
//! Facts from upstream's `plugin/pkg/admission/resourcequota` (`CheckRequest`): it runs last
//! among the validating plugins, on creates (and on updates of services and claims, charged the
//! growth only); a quota counts once the controller has written its `status.hard`; with `cpu`
//! or `memory` quota'd, a pod whose containers do not name them is refused (`failed quota: q:
//! must specify limits.cpu for: app`); a quota without usage for a limited resource refuses
//! (`status unknown for quota: q, resources: pods`); going over refuses with `exceeded quota: q,
//! requested: pods=1, used: pods=2, limited: pods=2`; a dry run is checked and charges nothing.

use http::Method;
use kapi_api::meta::v1::{GetOptions, ListOptions, UpdateOptions};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Quantity;

use super::super::ApiServer;
use super::super::call::Call;
use super::forbidden;
use crate::quota::{self, Resources, resources_at};
use crate::tracker::Result;
use crate::tracker::meta::{from_value, set_member, to_value};
use crate::tracker::reservations::{Reservation, ReservationGuard};

/// How often a charge is tried again when a quota changed under it.
const CHARGE_TRIES: usize = 3;

fn mask(list: &Resources, names: &[&String]) -> Resources {
    list.iter().filter(|(k, _)| names.contains(k)).map(|(k, q)| (k.clone(), q.clone())).collect()
}

impl ApiServer {
    /// Whether ResourceQuota looks at this write: a create (an apply or PUT that creates
    /// included), or an update of a service or a claim, of a stored namespaced resource in a
    /// namespace with a quota limiting what it uses.
    pub(in crate::server) fn quota_applies(&self, call: &Call<'_>) -> Result<bool> {
        let info = call.info;
        let method = call.req.method();
        if !self.cluster_plugins().resource_quota
            || !info.namespaced
            || call.namespace().is_empty()
            || call.route.subresource.is_some()
        {
            return Ok(false);
        }
        let named_write = (*method == Method::PUT || *method == Method::PATCH) && call.route.name.is_some();
        let update =
            named_write && info.group.is_empty() && matches!(info.resource, "services" | "persistentvolumeclaims");
        let post = *method == Method::POST && call.route.name.is_none();
        // Only what is stored is counted (not reviews), and only where a quota limits something
        // the resource uses.
        if !(post || named_write) || !info.supports("list") {
            return Ok(false);
        }
        let Some(store) = self.tracker.store_of_kind("", "ResourceQuota") else { return Ok(false) };
        let (quotas, _) = self.tracker.list(&store.gvr(), call.namespace(), &ListOptions::default())?;
        let mut limited = false;
        for q in quotas {
            let doc = to_value(q.as_ref())?;
            let limits = resources_at(&doc, &["spec", "hard"]);
            if limits.keys().any(|k| quota::tracks(info.group, info.resource, k)) {
                limited = true;
                break;
            }
        }
        // A create, or an apply (or a PUT) that creates the object. The lookup comes last, so a
        // write in a namespace without a quota on the resource never pays for it.
        Ok(limited
            && (post
                || update
                || self.tracker.get(&info.gvr(), call.namespace(), call.name(), &GetOptions::default()).is_err()))
    }

    /// Checks a write held back for validating admission against the namespace's quotas and,
    /// unless it is a dry run, charges them with what it adds. A charged create comes with a
    /// reservation to hold until its commit, so the quota controller counts the object before
    /// it is stored.
    pub(in crate::server) fn charge_quota(
        &self,
        call: &Call<'_>,
        object: &Value,
        old: Option<&Value>,
    ) -> Result<Option<ReservationGuard>> {
        let Some(store) = self.tracker.store_of_kind("", "ResourceQuota") else { return Ok(None) };
        let (group, resource, ns) = (call.info.group, call.info.resource, call.namespace());
        let name = object.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or("Unknown");
        let refuse = |why: String| forbidden(group, resource, name, &why, Vec::new());
        let dry_run = !call.query.all("dryRun").is_empty();
        let pod_level = super::super::gates::with(&self.gates, |g| g.enabled("PodLevelResources"));
        let mut delta = quota::usage(group, resource, object, pod_level);
        // An update is charged its growth (a "create on update" the whole object).
        if let Some(old) = old.filter(|o| o.get("metadata").and_then(|m| m.get("resourceVersion")).is_some()) {
            let before = quota::usage(group, resource, old, pod_level);
            for (k, q) in delta.iter_mut() {
                if let Some(b) = before.get(k) {
                    q.sub(b);
                    if q.sign() < 0 {
                        *q = Quantity::zero();
                    }
                }
            }
        }
        delta.retain(|_, q| !q.is_zero());
        let _accounting = self.tracker.quota_accounting();
        // Taken before the charge, so that no recount can see the charge without the object.
        let reservation = (old.is_none() && !dry_run).then(|| {
            self.tracker.reserve(Reservation {
                group: group.to_owned(),
                resource: resource.to_owned(),
                namespace: ns.to_owned(),
                name: name.to_owned(),
                object: object.clone(),
            })
        });
        // The quotas charged already: a retry after a conflict charges only the others.
        let mut done: Vec<String> = Vec::new();
        for _ in 0..CHARGE_TRIES {
            let (quotas, _) = self.tracker.list(&store.gvr(), ns, &ListOptions::default())?;
            let mut charged: Vec<(String, Value, Resources)> = Vec::new();
            for q in quotas {
                let doc = to_value(q.as_ref())?;
                let qname = doc
                    .get("metadata")
                    .and_then(|m| m.get("name"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                if done.contains(&qname) {
                    continue;
                }
                let hard = resources_at(&doc, &["status", "hard"]);
                if !quota::matches(&doc, &hard, group, resource, object) {
                    continue;
                }
                let tracked: Vec<&String> = hard.keys().filter(|k| quota::tracks(group, resource, k)).collect();
                if old.is_none()
                    && group.is_empty()
                    && resource == "pods"
                    && let Some(why) = quota::pod_constraints(&tracked, object)
                {
                    return Err(refuse(format!("failed quota: {qname}: {why}")));
                }
                let used = resources_at(&doc, &["status", "used"]);
                if tracked.iter().any(|k| !used.contains_key(*k)) {
                    let names: Vec<&str> = tracked.iter().map(|k| k.as_str()).collect();
                    return Err(refuse(format!("status unknown for quota: {qname}, resources: {}", names.join(","))));
                }
                let hard_names: Vec<&String> = hard.keys().collect();
                let requested = mask(&delta, &hard_names);
                if requested.is_empty() {
                    continue;
                }
                let mut new_usage = used.clone();
                quota::add(&mut new_usage, &requested);
                let exceeded: Vec<&String> = requested
                    .keys()
                    .filter(|k| hard.get(*k).is_some_and(|h| new_usage.get(*k).is_some_and(|n| n > h)))
                    .collect();
                if !exceeded.is_empty() {
                    return Err(refuse(format!(
                        "exceeded quota: {qname}, requested: {}, used: {}, limited: {}",
                        quota::pretty(&mask(&requested, &exceeded)),
                        quota::pretty(&mask(&used, &exceeded)),
                        quota::pretty(&mask(&hard, &exceeded)),
                    )));
                }
                charged.push((qname, doc, new_usage));
            }
            if dry_run || charged.is_empty() {
                return Ok(None);
            }
            let mut conflict = false;
            for (qname, mut doc, new_usage) in charged {
                let used =
                    Value::Object(new_usage.iter().map(|(k, q)| (k.clone(), Value::String(q.to_string()))).collect());
                if let Some(status) = crate::tracker::meta::object_member_mut(&mut doc, "status") {
                    set_member(status, "used", Some(used));
                }
                let obj = from_value(&store, &doc)?;
                match self.tracker.update_subresource(&store.gvr(), "status", ns, obj, &UpdateOptions::default()) {
                    Ok(_) => done.push(qname),
                    Err(e) if e.is_conflict() => conflict = true,
                    Err(e) => return Err(e),
                }
            }
            if !conflict {
                return Ok(reservation);
            }
        }
        Err(kapi_api::meta::errors::internal(&format!(
            "charging the quotas of namespace {ns}: too many concurrent changes"
        )))
    }
}
