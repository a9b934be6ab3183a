//! The garbage collector, as kube-controller-manager's: dependents of deleted owners deleted, orphaned or deleted first, by their `ownerReferences`.
//!
//! Facts from upstream's `pkg/controller/garbagecollector`: an owner reference is resolved by the
//! owner's kind and name in the dependent's namespace (cluster-wide for a cluster-scoped kind),
//! and counts only when the uid matches (`attemptToDeleteItem`'s classification into solid,
//! dangling and waiting-for-dependents owners); a dependent with a solid owner loses only its
//! dangling and waiting references; one whose owners are all gone is deleted with the policy its
//! own finalizers ask for (foreground when it has dependents of its own and an owner waits for
//! it, after unblocking that owner); an owner with the `orphan` finalizer has its references
//! removed from every dependent, then the finalizer; one with `foregroundDeletion` loses the
//! finalizer once no dependent with `blockOwnerDeletion` remains. Kinds the server does not
//! serve cannot be resolved and leave their dependents alone, as upstream retries them. An
//! owner that exists in another namespace than its dependent's (or is namespaced while the
//! dependent is not) is missing, and the collector records a `Warning` event
//! `OwnerRefInvalidNamespace` on the dependent (`graph_builder.go`'s
//! `reportInvalidNamespaceOwnerRef`: `ownerRef [v1/ConfigMap, namespace: a, name: o, uid: …]
//! does not exist in namespace "a"`, from `garbage-collector-controller`).

use std::collections::{BTreeSet, HashMap};

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, DeletionPropagation, ListOptions, ObjectMeta, OwnerReference, Preconditions,
};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::{MicroTime, Time};
use kapi_machinery::validation::go_quote;

use crate::tracker::deletion::{FOREGROUND_FINALIZER, ORPHAN_FINALIZER};
use crate::tracker::{EventType, Modify, ObjectTracker, Since, Stored};

/// An object's place: its store's group and resource, namespace and name.
type Key = (&'static str, &'static str, String, String);

fn key_of(s: &Stored) -> Key {
    (s.store.group, s.store.resource, s.meta.namespace.clone(), s.meta.name.clone())
}

/// The collector's view of ownership, kept up to date from the tracker's changes.
#[derive(Default)]
pub(crate) struct Collector {
    /// Owner uid → the objects referring to it.
    dependents: HashMap<String, BTreeSet<Key>>,
    /// Each object with owner references → the uids it refers to.
    owners_of: HashMap<Key, Vec<String>>,
    /// The stores the keys name.
    stores: HashMap<(&'static str, &'static str), ResourceInfo>,
}

/// How one owner reference resolves (upstream's classification).
enum Owner {
    /// Exists with the referenced uid, not waiting for its dependents.
    Solid,
    /// Missing, or a different object under that name.
    Dangling,
    /// Exists and is being deleted in the foreground.
    Waiting,
    /// Its kind is not served: nothing can be decided.
    Unknown,
}

fn group_of(api_version: &str) -> &str {
    api_version.rsplit_once('/').map_or("", |(g, _)| g)
}

fn being_deleted_with(m: &ObjectMeta, finalizer: &str) -> bool {
    m.deletion_timestamp.is_some() && m.finalizers.iter().any(|f| f == finalizer)
}

impl Collector {
    fn forget(&mut self, key: &Key) {
        for uid in self.owners_of.remove(key).unwrap_or_default() {
            if let Some(set) = self.dependents.get_mut(&uid) {
                set.remove(key);
                if set.is_empty() {
                    self.dependents.remove(&uid);
                }
            }
        }
    }

    fn learn(&mut self, s: &Stored) {
        let key = key_of(s);
        self.forget(&key);
        self.stores.insert((s.store.group, s.store.resource), s.store);
        if s.meta.owner_references.is_empty() {
            return;
        }
        let uids: Vec<String> = s.meta.owner_references.iter().map(|r| r.uid.clone()).collect();
        for uid in &uids {
            self.dependents.entry(uid.clone()).or_default().insert(key.clone());
        }
        self.owners_of.insert(key, uids);
    }

    /// One round: takes in what changed, then acts on every object it affects. Its own writes
    /// come back as changes in the next round.
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let mut attempt: BTreeSet<Key> = BTreeSet::new();
        let mut owners: BTreeSet<Key> = BTreeSet::new();
        let mut touched_refs: Vec<(String, OwnerReference)> = Vec::new();
        match since {
            Since::Everything(all) => {
                self.dependents.clear();
                self.owners_of.clear();
                for s in all {
                    self.learn(s);
                }
                for s in all {
                    self.note(s, &mut attempt, &mut owners);
                }
            }
            Since::Changes(changes) => {
                for (event, s, prev) in changes {
                    let key = key_of(s);
                    for r in s.meta.owner_references.iter().chain(prev.iter().flat_map(|p| &p.owner_references)) {
                        touched_refs.push((s.meta.namespace.clone(), r.clone()));
                    }
                    if *event == EventType::Deleted {
                        self.forget(&key);
                        attempt.extend(self.dependents.get(&s.meta.uid).into_iter().flatten().cloned());
                    } else {
                        self.learn(s);
                        self.note(s, &mut attempt, &mut owners);
                    }
                }
            }
        }
        // An owner deleted in the foreground is looked at again whenever one of its dependents
        // changes or goes, so it can drop its finalizer once nothing blocks it.
        for (namespace, r) in touched_refs {
            if let Some(store) = tracker.store_of_kind(group_of(&r.api_version), &r.kind) {
                let ns = if store.namespaced { namespace.as_str() } else { "" };
                if let Some(m) = tracker.stored_meta(&store, ns, &r.name)
                    && m.uid == r.uid
                    && being_deleted_with(&m, FOREGROUND_FINALIZER)
                {
                    self.stores.insert((store.group, store.resource), store);
                    owners.insert((store.group, store.resource, m.namespace, m.name));
                }
            }
        }
        for key in &owners {
            self.process_owner(tracker, key, &mut attempt);
        }
        for key in &attempt {
            self.attempt_to_delete(tracker, key);
        }
    }

    /// What a changed object asks of the collector: a check of its owners, or its own orphaning
    /// or foreground deletion.
    fn note(&self, s: &Stored, attempt: &mut BTreeSet<Key>, owners: &mut BTreeSet<Key>) {
        if being_deleted_with(&s.meta, ORPHAN_FINALIZER) || being_deleted_with(&s.meta, FOREGROUND_FINALIZER) {
            owners.insert(key_of(s));
        }
        if !s.meta.owner_references.is_empty() && s.meta.deletion_timestamp.is_none() {
            attempt.insert(key_of(s));
        }
    }

    fn meta(&self, tracker: &ObjectTracker, key: &Key) -> Option<(ResourceInfo, ObjectMeta)> {
        let store = *self.stores.get(&(key.0, key.1))?;
        tracker.stored_meta(&store, &key.2, &key.3).map(|m| (store, m))
    }

    /// An owner being deleted: orphans its dependents, or deletes them and waits for the
    /// blocking ones.
    fn process_owner(&self, tracker: &ObjectTracker, key: &Key, attempt: &mut BTreeSet<Key>) {
        let Some((store, m)) = self.meta(tracker, key) else { return };
        let deps: Vec<Key> = self.dependents.get(&m.uid).into_iter().flatten().cloned().collect();
        if being_deleted_with(&m, ORPHAN_FINALIZER) {
            for dep in &deps {
                self.edit(tracker, dep, |dm| dm.owner_references.retain(|r| r.uid != m.uid));
            }
            self.edit_meta(tracker, &store, key, |om| om.finalizers.retain(|f| f != ORPHAN_FINALIZER));
            return;
        }
        if !being_deleted_with(&m, FOREGROUND_FINALIZER) {
            return;
        }
        let mut blocking = false;
        for dep in &deps {
            let Some((_, dm)) = self.meta(tracker, dep) else { continue };
            let blocks = dm.owner_references.iter().any(|r| r.uid == m.uid && r.block_owner_deletion == Some(true));
            blocking |= blocks;
            if dm.deletion_timestamp.is_none() {
                attempt.insert(dep.clone());
            }
        }
        if !blocking {
            self.edit_meta(tracker, &store, key, |om| om.finalizers.retain(|f| f != FOREGROUND_FINALIZER));
        }
    }

    fn classify(tracker: &ObjectTracker, dependent: &ObjectMeta, r: &OwnerReference) -> Owner {
        let Some(store) = tracker.store_of_kind(group_of(&r.api_version), &r.kind) else { return Owner::Unknown };
        let ns = if store.namespaced { dependent.namespace.as_str() } else { "" };
        match tracker.stored_meta(&store, ns, &r.name) {
            Some(m) if m.uid == r.uid => {
                if being_deleted_with(&m, FOREGROUND_FINALIZER) {
                    Owner::Waiting
                } else {
                    Owner::Solid
                }
            }
            _ => Owner::Dangling,
        }
    }

    /// Upstream's `attemptToDeleteItem` for a dependent.
    fn attempt_to_delete(&self, tracker: &ObjectTracker, key: &Key) {
        let Some((store, m)) = self.meta(tracker, key) else { return };
        if m.owner_references.is_empty() || m.deletion_timestamp.is_some() {
            return;
        }
        let (mut solid, mut dangling, mut waiting) = (0, Vec::new(), Vec::new());
        for r in &m.owner_references {
            match Self::classify(tracker, &m, r) {
                Owner::Unknown => return,
                Owner::Solid => solid += 1,
                Owner::Dangling => {
                    report_invalid_namespace(tracker, &store, &m, r);
                    dangling.push(r.uid.clone());
                }
                Owner::Waiting => waiting.push(r.uid.clone()),
            }
        }
        if solid > 0 {
            if !dangling.is_empty() || !waiting.is_empty() {
                self.edit_meta(tracker, &store, key, |dm| {
                    dm.owner_references.retain(|r| !dangling.contains(&r.uid) && !waiting.contains(&r.uid));
                });
            }
            return;
        }
        let has_dependents = self.dependents.get(&m.uid).is_some_and(|d| !d.is_empty());
        let policy = if !waiting.is_empty() && has_dependents {
            // Its owner waits for it and it has dependents of its own: unblock the owner, then
            // delete it in the foreground.
            self.edit_meta(tracker, &store, key, |dm| {
                for r in &mut dm.owner_references {
                    if waiting.contains(&r.uid) {
                        r.block_owner_deletion = Some(false);
                    }
                }
            });
            DeletionPropagation::FOREGROUND
        } else if m.finalizers.iter().any(|f| f == ORPHAN_FINALIZER) {
            DeletionPropagation::ORPHAN
        } else if m.finalizers.iter().any(|f| f == FOREGROUND_FINALIZER) {
            DeletionPropagation::FOREGROUND
        } else {
            DeletionPropagation::BACKGROUND
        };
        let opts = DeleteOptions {
            propagation_policy: Some(DeletionPropagation(policy.into())),
            preconditions: Some(Preconditions { uid: Some(m.uid.clone()), resource_version: None }),
            ..DeleteOptions::default()
        };
        // A failure (the object went or changed meanwhile) is seen again as a change.
        let _ = tracker.delete(&store.gvr(), &key.2, &key.3, &opts);
    }

    fn edit(&self, tracker: &ObjectTracker, key: &Key, f: impl FnOnce(&mut ObjectMeta)) {
        if let Some(store) = self.stores.get(&(key.0, key.1)) {
            self.edit_meta(tracker, store, key, f);
        }
    }

    /// Changes an object's metadata as the collector's patches do: without the object's
    /// validation, failing quietly when it is gone (the change that removed it is seen next).
    fn edit_meta(&self, tracker: &ObjectTracker, store: &ResourceInfo, key: &Key, f: impl FnOnce(&mut ObjectMeta)) {
        let target = Modify { namespace: &key.2, name: &key.3, skip_validation: true, ..Modify::default() };
        let _ = tracker.modify(&store.gvr(), &target, |current| {
            let Some(current) = current else { return Err(kapi_api::meta::errors::not_found(store, &key.3)) };
            let mut obj = current.deep_copy_object();
            if let Some(m) = (store.metadata_mut)(obj.as_mut()) {
                f(m);
            }
            Ok(obj)
        });
    }
}

/// Records upstream's `OwnerRefInvalidNamespace` warning on a dependent whose owner reference
/// names an object that exists, with that uid, in another namespace.
fn report_invalid_namespace(tracker: &ObjectTracker, store: &ResourceInfo, dependent: &ObjectMeta, r: &OwnerReference) {
    let Some(owner_store) = tracker.store_of_kind(group_of(&r.api_version), &r.kind) else { return };
    if !owner_store.namespaced {
        return;
    }
    let opts = ListOptions { field_selector: format!("metadata.name={}", r.name), ..ListOptions::default() };
    let Ok((owners, _)) = tracker.list(&owner_store.gvr(), "", &opts) else { return };
    let elsewhere = owners
        .iter()
        .filter_map(|o| (owner_store.metadata)(o.as_ref()))
        .any(|o| o.uid == r.uid && o.namespace != dependent.namespace);
    if !elsewhere {
        return;
    }
    let Some(events) = tracker.store_of_kind("", "Event") else { return };
    let precise = MicroTime::now();
    let now = Time::from_unix(precise.unix_seconds());
    let nanos = i128::from(precise.unix_seconds()) * 1_000_000_000 + i128::from(precise.nanos());
    // Events about cluster-scoped objects go to `default`, as client-go's recorder puts them.
    let namespace = if dependent.namespace.is_empty() { "default" } else { dependent.namespace.as_str() };
    let message = format!(
        "ownerRef [{}/{}, namespace: {}, name: {}, uid: {}] does not exist in namespace {}",
        r.api_version,
        r.kind,
        dependent.namespace,
        r.name,
        r.uid,
        go_quote(&dependent.namespace)
    );
    let api_version =
        if store.group.is_empty() { store.version.to_owned() } else { format!("{}/{}", store.group, store.version) };
    let text = |s: &str| Value::String(s.to_owned());
    let doc = Value::Object(vec![
        ("apiVersion".into(), text("v1")),
        ("kind".into(), text("Event")),
        (
            "metadata".into(),
            Value::Object(vec![
                ("name".into(), Value::String(format!("{}.{nanos:x}", dependent.name))),
                ("namespace".into(), text(namespace)),
            ]),
        ),
        (
            "involvedObject".into(),
            Value::Object(vec![
                ("kind".into(), text(store.kind)),
                ("namespace".into(), text(&dependent.namespace)),
                ("name".into(), text(&dependent.name)),
                ("uid".into(), text(&dependent.uid)),
                ("apiVersion".into(), text(&api_version)),
            ]),
        ),
        ("reason".into(), text("OwnerRefInvalidNamespace")),
        ("message".into(), Value::String(message)),
        ("source".into(), Value::Object(vec![("component".into(), text(COMPONENT))])),
        ("firstTimestamp".into(), Value::String(now.format_rfc3339())),
        ("lastTimestamp".into(), Value::String(now.format_rfc3339())),
        ("count".into(), Value::Number("1".into())),
        ("type".into(), text("Warning")),
        ("eventTime".into(), Value::Null),
        ("reportingComponent".into(), text(COMPONENT)),
        ("reportingInstance".into(), text("")),
    ]);
    if let Ok(event) = crate::tracker::meta::from_value(&events, &doc) {
        // An event that cannot be written is dropped, as the recorder drops it.
        let _ = tracker.create(&events.gvr(), namespace, event, &CreateOptions::default());
    }
}

/// The collector's name in the events it records.
const COMPONENT: &str = "garbage-collector-controller";
