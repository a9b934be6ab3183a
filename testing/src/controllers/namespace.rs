//! The namespace controller, as kube-controller-manager's: a terminating namespace's content deleted, its deletion conditions kept, then its `kubernetes` finalizer removed.
//!
//! Facts from upstream's `pkg/controller/namespace/deletion`: content is deleted with the
//! background propagation policy; the five deletion conditions (`NamespaceDeletionDiscoveryFailure`,
//! `NamespaceDeletionGroupVersionParsingFailure`, `NamespaceDeletionContentFailure`,
//! `NamespaceContentRemaining`, `NamespaceFinalizersRemaining`) are set with upstream's reasons and
//! messages, remaining content counted per resource (`pods. has 1 resource instances`) and per
//! finalizer; once nothing remains the finalizer goes through `namespaces/finalize`, and the
//! namespace goes with it when no other finalizer holds it.

use std::collections::{BTreeMap, BTreeSet};

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, DeletionPropagation, GetOptions, Preconditions};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use crate::tracker::deletion::{NAMESPACE_FINALIZER, namespace_finalizers};
use crate::tracker::meta::{from_value, member, set_member, to_value};
use crate::tracker::{EventType, Modify, ObjectTracker, Since};

/// The condition types the controller keeps, in upstream's order, with the reason and message of
/// their `False` (all well) state.
const CONDITIONS: [(&str, &str, &str); 5] = [
    ("NamespaceDeletionDiscoveryFailure", "ResourcesDiscovered", "All resources successfully discovered"),
    ("NamespaceDeletionGroupVersionParsingFailure", "ParsedGroupVersions", "All legacy kube types successfully parsed"),
    (
        "NamespaceDeletionContentFailure",
        "ContentDeleted",
        "All content successfully deleted, may be waiting on finalization",
    ),
    ("NamespaceContentRemaining", "ContentRemoved", "All content successfully removed"),
    ("NamespaceFinalizersRemaining", "ContentRemoved", "All content successfully removed"),
];

/// The namespaces being terminated, looked at again on every change until they are gone.
#[derive(Default)]
pub(crate) struct NamespaceController {
    terminating: BTreeSet<String>,
    namespaces: Option<ResourceInfo>,
}

impl NamespaceController {
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let mut note = |store: &ResourceInfo, name: &str, deleting: bool, gone: bool| {
            if store.group.is_empty() && store.resource == "namespaces" {
                self.namespaces = Some(*store);
                if deleting && !gone {
                    self.terminating.insert(name.to_owned());
                } else {
                    self.terminating.remove(name);
                }
            }
        };
        match since {
            Since::Everything(all) => {
                for s in all {
                    note(&s.store, &s.meta.name, s.meta.deletion_timestamp.is_some(), false);
                }
            }
            Since::Changes(changes) => {
                for (event, s, _) in changes {
                    note(&s.store, &s.meta.name, s.meta.deletion_timestamp.is_some(), *event == EventType::Deleted);
                }
            }
        }
        let Some(store) = self.namespaces else { return };
        for name in self.terminating.clone() {
            if !self.sync(tracker, &store, &name) {
                self.terminating.remove(&name);
            }
        }
    }

    /// Deletes what is left in the namespace and records how far it got; finalizes it when
    /// nothing is left. Returns whether the namespace still needs watching.
    fn sync(&self, tracker: &ObjectTracker, store: &ResourceInfo, name: &str) -> bool {
        let Ok(ns) = tracker.get(&store.gvr(), "", name, &GetOptions::default()) else { return false };
        if !namespace_finalizers(ns.as_ref()).iter().any(|f| f == NAMESPACE_FINALIZER) {
            return false;
        }
        let background = DeletionPropagation(DeletionPropagation::BACKGROUND.into());
        for s in tracker.stored_in_namespace(name) {
            if s.meta.deletion_timestamp.is_none() {
                let opts = DeleteOptions {
                    propagation_policy: Some(background.clone()),
                    preconditions: Some(Preconditions { uid: Some(s.meta.uid.clone()), resource_version: None }),
                    ..DeleteOptions::default()
                };
                let _ = tracker.delete(&s.store.gvr(), name, &s.meta.name, &opts);
            }
        }
        let left = tracker.stored_in_namespace(name);
        let mut by_resource: BTreeMap<String, usize> = BTreeMap::new();
        let mut by_finalizer: BTreeMap<String, usize> = BTreeMap::new();
        for s in &left {
            *by_resource.entry(format!("{}.{}", s.store.resource, s.store.group)).or_default() += 1;
            for f in &s.meta.finalizers {
                *by_finalizer.entry(f.clone()).or_default() += 1;
            }
        }
        let remaining = (!by_resource.is_empty()).then(|| {
            let items: Vec<String> =
                by_resource.iter().map(|(r, n)| format!("{r} has {n} resource instances")).collect();
            ("SomeResourcesRemain", format!("Some resources are remaining: {}", items.join(", ")))
        });
        let finalizers = (!by_finalizer.is_empty()).then(|| {
            let items: Vec<String> =
                by_finalizer.iter().map(|(f, n)| format!("{f} in {n} resource instances")).collect();
            ("SomeFinalizerRemain", format!("Some finalizers are remaining: {}", items.join(", ")))
        });
        update_conditions(tracker, store, name, &[None, None, None, remaining, finalizers]);
        if !left.is_empty() {
            return true;
        }
        let target = Modify { name, subresource: Some("finalize"), skip_validation: true, ..Modify::default() };
        let _ = tracker.modify(&store.gvr(), &target, |current| {
            let Some(current) = current else { return Err(kapi_api::meta::errors::not_found(store, name)) };
            let mut doc = to_value(current)?;
            if let Some(Value::Object(spec)) = doc.get("spec").cloned().as_ref() {
                let mut spec = Value::Object(spec.clone());
                let kept = namespace_finalizers(current).into_iter().filter(|f| f != NAMESPACE_FINALIZER);
                set_member(&mut spec, "finalizers", Some(Value::Array(kept.map(Value::String).collect())));
                set_member(&mut doc, "spec", Some(spec));
            }
            from_value(store, &doc)
        });
        false
    }
}

/// Sets the namespace's deletion conditions (`failures[i]` is the reason and message of the
/// `i`th type's `True` state, `None` for its `False` one) through the `status` subresource;
/// a condition's transition time moves only when its status does.
fn update_conditions(
    tracker: &ObjectTracker,
    store: &ResourceInfo,
    name: &str,
    failures: &[Option<(&str, String)>; 5],
) {
    let target = Modify { name, subresource: Some("status"), skip_validation: true, ..Modify::default() };
    let _ = tracker.modify(&store.gvr(), &target, |current| {
        let Some(current) = current else { return Err(kapi_api::meta::errors::not_found(store, name)) };
        let mut doc = to_value(current)?;
        let mut status = member(&doc, "status").cloned().unwrap_or(Value::Object(Vec::new()));
        let mut conditions = match member(&status, "conditions") {
            Some(Value::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        let now = Value::String(Time::now().format_rfc3339());
        for ((ty, ok_reason, ok_message), failure) in CONDITIONS.iter().zip(failures) {
            let (state, reason, message) = match failure {
                Some((reason, message)) => ("True", *reason, message.as_str()),
                None => ("False", *ok_reason, *ok_message),
            };
            let text = |s: &str| Value::String(s.to_owned());
            match conditions.iter_mut().find(|c| c.get("type").and_then(Value::as_str) == Some(ty)) {
                Some(c) => {
                    if c.get("status").and_then(Value::as_str) != Some(state) {
                        set_member(c, "lastTransitionTime", Some(now.clone()));
                    }
                    set_member(c, "status", Some(text(state)));
                    set_member(c, "reason", Some(text(reason)));
                    set_member(c, "message", Some(text(message)));
                }
                None => conditions.push(Value::Object(vec![
                    ("type".into(), text(ty)),
                    ("status".into(), text(state)),
                    ("lastTransitionTime".into(), now.clone()),
                    ("reason".into(), text(reason)),
                    ("message".into(), text(message)),
                ])),
            }
        }
        set_member(&mut status, "conditions", Some(Value::Array(conditions)));
        set_member(&mut doc, "status", Some(status));
        from_value(store, &doc)
    });
}
