//! The resource quota controller, as kube-controller-manager's: each quota's `status.hard` is its `spec.hard`, and `status.used` what the namespace's objects use of each hard resource, recounted whenever something in the namespace changes.

use std::collections::BTreeSet;

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{ListOptions, UpdateOptions};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Quantity;

use crate::quota::{self, Resources};
use crate::tracker::meta::{from_value, set_member, to_value};
use crate::tracker::{ObjectTracker, Since};

/// Recounts the quotas of the namespaces where something changed.
#[derive(Default)]
pub(crate) struct QuotaController {
    /// The `PodLevelResources` gate of the server the loop runs for.
    pub(crate) pod_level: bool,
}

fn as_value(list: &Resources) -> Value {
    Value::Object(list.iter().map(|(k, q)| (k.clone(), Value::String(q.to_string()))).collect())
}

impl QuotaController {
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let Some(store) = tracker.store_of_kind("", "ResourceQuota") else { return };
        let namespaces: BTreeSet<String> = match since {
            Since::Everything(all) => all.iter().map(|s| s.meta.namespace.clone()).collect(),
            Since::Changes(changes) => changes.iter().map(|(_, s, _)| s.meta.namespace.clone()).collect(),
        };
        for ns in namespaces.iter().filter(|ns| !ns.is_empty()) {
            self.sync_namespace(tracker, &store, ns);
        }
    }

    /// Recounts the quotas of one namespace, writing the status of those that changed.
    fn sync_namespace(&self, tracker: &ObjectTracker, store: &ResourceInfo, ns: &str) {
        let _accounting = tracker.quota_accounting();
        let Ok((quotas, _)) = tracker.list(&store.gvr(), ns, &ListOptions::default()) else { return };
        if quotas.is_empty() {
            return;
        }
        let resources = tracker.resources();
        for q in quotas {
            let Ok(mut doc) = to_value(q.as_ref()) else { continue };
            let hard = quota::resources_at(&doc, &["spec", "hard"]);
            let used = self.used(tracker, &resources, ns, &doc, &hard);
            let status = doc.get("status");
            if quota::resources(status.and_then(|s| s.get("hard"))) == hard
                && quota::resources(status.and_then(|s| s.get("used"))) == used
            {
                continue;
            }
            let mut new_status = Value::Object(Vec::new());
            set_member(&mut new_status, "hard", (!hard.is_empty()).then(|| as_value(&hard)));
            set_member(&mut new_status, "used", (!used.is_empty()).then(|| as_value(&used)));
            set_member(&mut doc, "status", Some(new_status));
            let Ok(obj) = from_value(store, &doc) else { continue };
            // A conflict means someone else (a client writing the status) wrote it meanwhile;
            // that write wakes this loop again. Admission's charges wait for the accounting lock.
            let _ = tracker.update_subresource(&store.gvr(), "status", ns, obj, &UpdateOptions::default());
        }
    }

    /// What the namespace's objects use of each of the quota's hard resources (zero for those
    /// nothing uses).
    fn used(
        &self,
        tracker: &ObjectTracker,
        resources: &[ResourceInfo],
        ns: &str,
        quota: &Value,
        hard: &Resources,
    ) -> Resources {
        let mut used: Resources = hard.keys().map(|k| (k.clone(), Quantity::zero())).collect();
        let mut count = |group: &str, resource: &str, obj: &Value| {
            if !quota::matches(quota, hard, group, resource, obj) {
                return;
            }
            for (name, q) in quota::usage(group, resource, obj, self.pod_level) {
                if let Some(total) = used.get_mut(&name)
                    && quota::tracks(group, resource, &name)
                {
                    total.add(&q);
                }
            }
        };
        let counted: BTreeSet<(String, String)> = hard.keys().filter_map(|k| quota::counted_by(k)).collect();
        let reserved = tracker.reservations(ns);
        for (group, resource) in counted {
            // One store per group-resource: any served version lists the same objects.
            let Some(info) = resources.iter().find(|i| i.group == group && i.resource == resource && i.namespaced)
            else {
                continue;
            };
            let Ok((items, _)) = tracker.list(&info.gvr(), ns, &ListOptions::default()) else { continue };
            let mut listed = BTreeSet::new();
            for item in items {
                let Ok(obj) = to_value(item.as_ref()) else { continue };
                if let Some(name) = obj.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str) {
                    listed.insert(name.to_owned());
                }
                count(&group, &resource, &obj);
            }
            // Objects admitted and charged but not in this listing count as stored (checked
            // against the listing itself: an object stored after it was taken is counted here).
            for r in reserved.iter().filter(|r| r.group == group && r.resource == resource) {
                if !listed.contains(&r.name) {
                    count(&group, &resource, &r.object);
                }
            }
        }
        used
    }
}
