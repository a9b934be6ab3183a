//! What a delete does before the object goes, as upstream's generic store decides it: graceful deletion, the garbage collector's finalizers, and namespaces' termination.
//!
//! Facts from upstream: `rest.BeforeDelete` (preconditions, grace periods), the generic store's
//! `deletionFinalizersForGarbageCollection`, `shouldOrphanDependents`, `shouldDeleteDependents`
//! and `markAsDeleting`, each strategy's `DefaultGarbageCollectionPolicy` and the pod strategy's
//! `CheckGracefulDelete`, the namespace registry's `Delete`, and the
//! `CustomResourceDefinition` registry's `Delete` (apiextensions-apiserver).

use kapi_api::meta::errors::{self as api_errors, failure, into_error};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, DeletionPropagation, ObjectMeta};
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use super::meta::{member, set_member, to_value};
use crate::tracker::Error;

/// The finalizer the garbage collector acts on by orphaning the object's dependents.
pub const ORPHAN_FINALIZER: &str = "orphan";
/// The finalizer the garbage collector acts on by deleting the dependents first.
pub const FOREGROUND_FINALIZER: &str = "foregroundDeletion";
/// The namespace finalizer (`spec.finalizers`) the namespace controller removes once the
/// namespace is empty.
pub const NAMESPACE_FINALIZER: &str = "kubernetes";

/// The finalizer a deleted `CustomResourceDefinition` gets, which its finalizing controller
/// removes once the definition's objects are gone.
pub const CRD_CLEANUP_FINALIZER: &str = "customresourcecleanup.apiextensions.k8s.io";

/// What happens to a deleted object's dependents when the request names no policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GcPolicy {
    /// They are left, their owner references removed (the `orphan` finalizer).
    OrphanDependents,
    /// They are deleted in the background.
    DeleteDependents,
}

/// A resource's default policy in the version a request names: the versions that predate the
/// garbage collector orphan, for compatibility (`batch/v1` jobs and core replication
/// controllers still do; `apps/v1` workloads and `batch/v1` cron jobs do not).
pub fn default_gc_policy(view: &ResourceInfo) -> GcPolicy {
    const OLD_WORKLOADS: [&str; 4] = ["deployments", "replicasets", "daemonsets", "statefulsets"];
    let orphan = match (view.group, view.version) {
        ("", "v1") => view.resource == "replicationcontrollers",
        ("batch", "v1") => view.resource == "jobs",
        ("batch", "v1beta1" | "v2alpha1") => view.resource == "cronjobs",
        ("extensions", "v1beta1") | ("apps", "v1beta1" | "v1beta2") => OLD_WORKLOADS.contains(&view.resource),
        _ => false,
    };
    if orphan { GcPolicy::OrphanDependents } else { GcPolicy::DeleteDependents }
}

fn policy_is(opts: &DeleteOptions, p: &str) -> Option<bool> {
    opts.propagation_policy.as_ref().map(|given| given.0 == p)
}

/// Upstream's `shouldOrphanDependents`: the request's `orphanDependents`, else its policy, else
/// a finalizer the object already has, else the resource's default.
fn should_orphan(opts: &DeleteOptions, finalizers: &[String], default: GcPolicy) -> bool {
    if let Some(o) = opts.orphan_dependents {
        return o;
    }
    if let Some(p) = &opts.propagation_policy {
        match p.0.as_str() {
            DeletionPropagation::ORPHAN => return true,
            DeletionPropagation::BACKGROUND | DeletionPropagation::FOREGROUND => return false,
            _ => {}
        }
    }
    for f in finalizers {
        match f.as_str() {
            ORPHAN_FINALIZER => return true,
            FOREGROUND_FINALIZER => return false,
            _ => {}
        }
    }
    default == GcPolicy::OrphanDependents
}

/// Upstream's `shouldDeleteDependents`: only the foreground policy or finalizer asks for it.
fn should_delete_dependents(opts: &DeleteOptions, finalizers: &[String]) -> bool {
    if opts.orphan_dependents.is_some() {
        return false;
    }
    if let Some(p) = &opts.propagation_policy {
        match p.0.as_str() {
            DeletionPropagation::FOREGROUND => return true,
            DeletionPropagation::BACKGROUND | DeletionPropagation::ORPHAN => return false,
            _ => {}
        }
    }
    for f in finalizers {
        match f.as_str() {
            FOREGROUND_FINALIZER => return true,
            ORPHAN_FINALIZER => return false,
            _ => {}
        }
    }
    false
}

/// The object's finalizers as the delete leaves them when they change (upstream's
/// `deletionFinalizersForGarbageCollection`): both garbage collector finalizers removed, then the
/// one the options call for added.
pub fn gc_finalizers(finalizers: &[String], opts: &DeleteOptions, default: GcPolicy) -> Option<Vec<String>> {
    let orphan = should_orphan(opts, finalizers, default);
    let foreground = should_delete_dependents(opts, finalizers);
    let mut out: Vec<String> =
        finalizers.iter().filter(|f| *f != ORPHAN_FINALIZER && *f != FOREGROUND_FINALIZER).cloned().collect();
    if orphan {
        out.push(ORPHAN_FINALIZER.to_owned());
    }
    if foreground {
        out.push(FOREGROUND_FINALIZER.to_owned());
    }
    let same = |a: &[String], b: &[String]| a.iter().all(|x| b.contains(x)) && b.iter().all(|x| a.contains(x));
    if same(finalizers, &out) { None } else { Some(out) }
}

/// Upstream's `BeforeDelete` precondition check, made before anything else: a `409` naming the
/// kind (not the resource), with its message.
pub fn check_preconditions(info: &ResourceInfo, m: &ObjectMeta, opts: &DeleteOptions) -> Result<(), Error> {
    let Some(p) = &opts.preconditions else { return Ok(()) };
    let conflict = |why: String| {
        let qualified =
            if info.group.is_empty() { info.kind.to_owned() } else { format!("{}.{}", info.kind, info.group) };
        into_error(failure(
            409,
            kapi_api::meta::v1::StatusReason::CONFLICT,
            format!("Operation cannot be fulfilled on {qualified} {:?}: {why}", m.name),
            Some(kapi_api::meta::v1::StatusDetails {
                name: m.name.clone(),
                group: info.group.into(),
                kind: info.kind.into(),
                ..Default::default()
            }),
        ))
    };
    if let Some(uid) = &p.uid
        && *uid != m.uid
    {
        return Err(conflict(format!(
            "the UID in the precondition ({uid}) does not match the UID in record ({}). The object might have been deleted and then recreated",
            m.uid
        )));
    }
    if let Some(rv) = &p.resource_version
        && *rv != m.resource_version
    {
        return Err(conflict(format!(
            "the ResourceVersion in the precondition ({rv}) does not match the ResourceVersion in record ({}). The object might have been modified",
            m.resource_version
        )));
    }
    Ok(())
}

/// The namespace registry's own precondition check, which runs before the generic one.
pub fn check_namespace_preconditions(info: &ResourceInfo, m: &ObjectMeta, opts: &DeleteOptions) -> Result<(), Error> {
    let Some(p) = &opts.preconditions else { return Ok(()) };
    if let Some(uid) = &p.uid
        && *uid != m.uid
    {
        return Err(api_errors::conflict(
            info,
            &m.name,
            &format!("Precondition failed: UID in precondition: {uid}, UID in object meta: {}", m.uid),
        ));
    }
    if let Some(rv) = &p.resource_version
        && *rv != m.resource_version
    {
        return Err(api_errors::conflict(
            info,
            &m.name,
            &format!(
                "Precondition failed: ResourceVersion in precondition: {rv}, ResourceVersion in object meta: {}",
                m.resource_version
            ),
        ));
    }
    Ok(())
}

/// Whether `info` is core's namespaces.
pub fn is_namespaces(info: &ResourceInfo) -> bool {
    info.group.is_empty() && info.resource == "namespaces"
}

/// Whether `info` is `apiextensions.k8s.io`'s custom resource definitions.
pub fn is_crds(info: &ResourceInfo) -> bool {
    info.group == "apiextensions.k8s.io" && info.resource == "customresourcedefinitions"
}

/// Whether a delete that removes the object answers with it rather than a `Status`: the core
/// registries whose store sets `ReturnDeletedObject`.
pub fn returns_deleted_object(info: &ResourceInfo) -> bool {
    const RETURNS_DELETED_OBJECT: [&str; 6] =
        ["pods", "namespaces", "services", "serviceaccounts", "persistentvolumes", "persistentvolumeclaims"];
    info.group.is_empty() && RETURNS_DELETED_OBJECT.contains(&info.resource)
}

/// Whether `info` is core's pods.
pub fn is_pods(info: &ResourceInfo) -> bool {
    info.group.is_empty() && info.resource == "pods"
}

/// The outcome of [`before_delete`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Graceful {
    /// Not deleted gracefully: now, or once finalizers are gone.
    No,
    /// The object got (or shortened) its deletion timestamp and grace period.
    Started,
    /// A graceful deletion is under way and the request does not shorten it.
    Pending,
}

fn json_str<'a>(doc: &'a Value, path: &[&str]) -> Option<&'a str> {
    let mut at = doc;
    for p in path {
        at = member(at, p)?;
    }
    at.as_str()
}

fn json_i64(doc: &Value, path: &[&str]) -> Option<i64> {
    let mut at = doc;
    for p in path {
        at = member(at, p)?;
    }
    match at {
        Value::Number(n) => n.parse().ok(),
        _ => None,
    }
}

/// The pod strategy's `CheckGracefulDelete`: the request's grace period, else the pod's
/// `terminationGracePeriodSeconds`; zero for a pod not bound to a node or already finished.
fn pod_grace_period(pod: &dyn Object, opts: &DeleteOptions) -> Result<i64, Error> {
    let doc = to_value(pod)?;
    let mut period = match opts.grace_period_seconds {
        Some(p) => p,
        None => json_i64(&doc, &["spec", "terminationGracePeriodSeconds"]).unwrap_or(0),
    };
    if json_str(&doc, &["spec", "nodeName"]).is_none_or(str::is_empty) {
        period = 0;
    }
    if matches!(json_str(&doc, &["status", "phase"]), Some("Failed" | "Succeeded")) {
        period = 0;
    }
    Ok(period)
}

/// Upstream's `BeforeDelete` after its precondition check, on the object to be written: negative
/// grace periods count as one second; for a kind deleted gracefully (pods), the first delete sets
/// the deletion timestamp `grace` seconds ahead and the grace period (and bumps the generation),
/// a later one may only shorten it. `opts.grace_period_seconds` ends up as the period in force.
pub fn before_delete(
    info: &ResourceInfo,
    obj: &mut dyn Object,
    m: &mut ObjectMeta,
    opts: &mut DeleteOptions,
) -> Result<Graceful, Error> {
    if opts.grace_period_seconds.is_some_and(|g| g < 0) {
        opts.grace_period_seconds = Some(1);
    }
    if m.deletion_grace_period_seconds.is_some_and(|g| g < 0) {
        m.deletion_grace_period_seconds = Some(1);
    }
    if !is_pods(info) {
        return Ok(Graceful::No);
    }
    if let Some(at) = m.deletion_timestamp {
        let current = match m.deletion_grace_period_seconds {
            None | Some(0) => return Ok(Graceful::No),
            Some(g) => g,
        };
        return Ok(match opts.grace_period_seconds {
            Some(period) if period < current => {
                m.deletion_timestamp = Some(Time::from_unix(at.unix_seconds() - current + period));
                m.deletion_grace_period_seconds = Some(period);
                Graceful::Started
            }
            Some(_) => Graceful::Pending,
            None => {
                opts.grace_period_seconds = Some(current);
                Graceful::Pending
            }
        });
    }
    let period = pod_grace_period(obj, opts)?;
    opts.grace_period_seconds = Some(period);
    m.deletion_timestamp = Some(Time::from_unix(Time::now().unix_seconds() + period));
    m.deletion_grace_period_seconds = Some(period);
    if m.generation > 0 {
        m.generation = m.generation.saturating_add(1);
    }
    Ok(Graceful::Started)
}

/// Upstream's `markAsDeleting`, for an object kept by finalizers: the deletion timestamp (not
/// moved later), a zero grace period, and a generation bump the first time.
pub fn mark_as_deleting(m: &mut ObjectMeta) {
    let now = Time::now();
    if m.deletion_timestamp.is_none() && m.generation > 0 {
        m.generation = m.generation.saturating_add(1);
    }
    if m.deletion_timestamp.is_none_or(|t| t > now) {
        m.deletion_timestamp = Some(now);
    }
    m.deletion_grace_period_seconds = Some(0);
}

/// Whether an update that clears the last finalizer removes the object (upstream's
/// `ShouldDeleteDuringUpdate`, and for namespaces `ShouldDeleteNamespaceDuringUpdate`): the
/// stored object is being deleted with no grace period left, and a namespace's
/// `spec.finalizers` are empty too.
pub fn delete_during_update(info: &ResourceInfo, old: &ObjectMeta, new: &dyn Object, new_meta: &ObjectMeta) -> bool {
    new_meta.finalizers.is_empty()
        && old.deletion_timestamp.is_some()
        && old.deletion_grace_period_seconds.is_none_or(|g| g == 0)
        && (!is_namespaces(info) || namespace_finalizers(new).is_empty())
}

/// A namespace's `spec.finalizers`.
pub fn namespace_finalizers(ns: &dyn Object) -> Vec<String> {
    let Ok(doc) = to_value(ns) else { return Vec::new() };
    match member(&doc, "spec").and_then(|s| member(s, "finalizers")) {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

/// The namespace registry's first delete: the deletion timestamp, phase `Terminating`, and the
/// garbage collector's finalizers as the request's options ask (kept as they are when it names
/// no policy). Returns the new JSON document of the namespace.
pub fn begin_namespace_termination(ns: &dyn Object, m: &ObjectMeta, opts: &DeleteOptions) -> Result<Value, Error> {
    let mut finalizers = m.finalizers.clone();
    let have = |f: &str| m.finalizers.iter().any(|x| x == f);
    let orphan = opts.orphan_dependents.or_else(|| policy_is(opts, DeletionPropagation::ORPHAN));
    let foreground = opts.orphan_dependents.map(|o| !o).or_else(|| policy_is(opts, DeletionPropagation::FOREGROUND));
    for (finalizer, want) in [(ORPHAN_FINALIZER, orphan), (FOREGROUND_FINALIZER, foreground)] {
        match want {
            Some(true) if !have(finalizer) => finalizers.push(finalizer.to_owned()),
            Some(false) => finalizers.retain(|f| f != finalizer),
            _ => {}
        }
    }
    let mut doc = to_value(ns)?;
    let mut meta = m.clone();
    if meta.deletion_timestamp.is_none() {
        meta.deletion_timestamp = Some(Time::now());
    }
    meta.finalizers = finalizers;
    let meta_doc = kapi_machinery::json::to_vec(&meta)
        .map_err(|e| api_errors::internal(&e.to_string()))
        .and_then(|b| kapi_machinery::json::value::parse(&b).map_err(|e| api_errors::internal(&e.to_string())))?;
    set_member(&mut doc, "metadata", Some(meta_doc));
    let mut status = member(&doc, "status").cloned().unwrap_or(Value::Object(Vec::new()));
    if !matches!(status, Value::Object(_)) {
        status = Value::Object(Vec::new());
    }
    set_member(&mut status, "phase", Some(Value::String("Terminating".into())));
    set_member(&mut doc, "status", Some(status));
    Ok(doc)
}

/// The `CustomResourceDefinition` registry's first delete: the deletion timestamp, the cleanup
/// finalizer (the request's propagation policy is not looked at), and the `Terminating`
/// condition. Returns the new JSON document of the definition.
pub fn begin_crd_termination(crd: &dyn Object, m: &ObjectMeta) -> Result<Value, Error> {
    let mut meta = m.clone();
    if meta.deletion_timestamp.is_none() {
        meta.deletion_timestamp = Some(Time::now());
    }
    if !meta.finalizers.iter().any(|f| f == CRD_CLEANUP_FINALIZER) {
        meta.finalizers.push(CRD_CLEANUP_FINALIZER.to_owned());
    }
    let mut doc = to_value(crd)?;
    let meta_doc = kapi_machinery::json::to_vec(&meta)
        .map_err(|e| api_errors::internal(&e.to_string()))
        .and_then(|b| kapi_machinery::json::value::parse(&b).map_err(|e| api_errors::internal(&e.to_string())))?;
    set_member(&mut doc, "metadata", Some(meta_doc));
    set_crd_condition(
        &mut doc,
        "Terminating",
        "True",
        "InstanceDeletionPending",
        "CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon",
    );
    Ok(doc)
}

/// Upstream's `SetCRDCondition` on a definition's JSON document: the condition of that type is
/// updated (its transition time only when the status changes) or appended.
pub fn set_crd_condition(doc: &mut Value, ty: &str, status: &str, reason: &str, message: &str) {
    let now = Value::String(Time::now().format_rfc3339());
    let mut st =
        member(doc, "status").cloned().filter(|s| matches!(s, Value::Object(_))).unwrap_or(Value::Object(Vec::new()));
    let mut conditions = match member(&st, "conditions") {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    };
    let text = |s: &str| Value::String(s.to_owned());
    match conditions.iter_mut().find(|c| member(c, "type").and_then(Value::as_str) == Some(ty)) {
        Some(c) => {
            let changed = member(c, "status").and_then(Value::as_str) != Some(status);
            if changed || member(c, "lastTransitionTime").is_none_or(|t| matches!(t, Value::Null)) {
                set_member(c, "lastTransitionTime", Some(now));
            }
            set_member(c, "status", Some(text(status)));
            set_member(c, "reason", Some(text(reason)));
            set_member(c, "message", Some(text(message)));
        }
        None => conditions.push(Value::Object(vec![
            ("type".into(), text(ty)),
            ("status".into(), text(status)),
            ("lastTransitionTime".into(), now),
            ("reason".into(), text(reason)),
            ("message".into(), text(message)),
        ])),
    }
    set_member(&mut st, "conditions", Some(Value::Array(conditions)));
    set_member(doc, "status", Some(st));
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_api::served::ResourceInfoExt;

    fn opts(policy: Option<&str>, orphan: Option<bool>) -> DeleteOptions {
        DeleteOptions {
            propagation_policy: policy.map(|p| DeletionPropagation(p.into())),
            orphan_dependents: orphan,
            ..Default::default()
        }
    }

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn the_policy_picks_the_finalizer() {
        let d = GcPolicy::DeleteDependents;
        assert_eq!(gc_finalizers(&[], &opts(Some("Orphan"), None), d), Some(v(&["orphan"])));
        assert_eq!(gc_finalizers(&[], &opts(Some("Foreground"), None), d), Some(v(&["foregroundDeletion"])));
        assert_eq!(gc_finalizers(&[], &opts(Some("Background"), None), d), None);
        assert_eq!(gc_finalizers(&[], &opts(None, None), d), None);
        assert_eq!(gc_finalizers(&[], &opts(None, Some(true)), d), Some(v(&["orphan"])));
        // orphanDependents=false deletes in the background: no finalizer.
        assert_eq!(gc_finalizers(&[], &opts(None, Some(false)), d), None);
    }

    #[test]
    fn an_orphaning_default_applies_only_without_a_policy_or_finalizer() {
        let o = GcPolicy::OrphanDependents;
        assert_eq!(gc_finalizers(&[], &opts(None, None), o), Some(v(&["orphan"])));
        assert_eq!(gc_finalizers(&[], &opts(Some("Background"), None), o), None);
        assert_eq!(gc_finalizers(&v(&["foregroundDeletion"]), &opts(None, None), o), None);
    }

    #[test]
    fn a_new_policy_replaces_the_other_finalizer_and_keeps_the_rest() {
        let d = GcPolicy::DeleteDependents;
        assert_eq!(
            gc_finalizers(&v(&["x", "orphan"]), &opts(Some("Foreground"), None), d),
            Some(v(&["x", "foregroundDeletion"]))
        );
        assert_eq!(gc_finalizers(&v(&["x", "orphan"]), &opts(Some("Background"), None), d), Some(v(&["x"])));
        assert_eq!(gc_finalizers(&v(&["x", "orphan"]), &opts(None, None), d), None);
    }

    #[test]
    fn old_workload_versions_orphan_by_default() {
        use kapi_api::apps::v1::Deployment;
        use kapi_api::batch::v1::Job;
        use kapi_api::meta::resource::ResourceInfo;
        assert_eq!(default_gc_policy(&ResourceInfo::of::<Job>()), GcPolicy::OrphanDependents);
        assert_eq!(default_gc_policy(&ResourceInfo::of::<Deployment>()), GcPolicy::DeleteDependents);
        let mut old = ResourceInfo::of::<Deployment>();
        old.version = "v1beta2";
        assert_eq!(default_gc_policy(&old), GcPolicy::OrphanDependents);
    }

    #[test]
    fn marking_keeps_an_earlier_timestamp_and_bumps_the_generation_once() {
        let mut m = ObjectMeta { generation: 3, ..Default::default() };
        mark_as_deleting(&mut m);
        assert_eq!(m.generation, 4);
        assert_eq!(m.deletion_grace_period_seconds, Some(0));
        let early = Time::from_unix(1_000);
        m.deletion_timestamp = Some(early);
        mark_as_deleting(&mut m);
        assert_eq!((m.generation, m.deletion_timestamp), (4, Some(early)));
    }
}
