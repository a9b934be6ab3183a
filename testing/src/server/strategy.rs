//! Per-resource strategies: what upstream's registries do to an object on create and update before it is validated (`PrepareForCreate`, `PrepareForUpdate`), beyond what the tracker does for every resource.
//!
//! The tracker already does, for every resource, what upstream's generic store and most
//! strategies share: system fields, status reset on create and kept on update for resources with
//! a `status` subresource, `metadata.generation` bumped when the spec changes. This module adds
//! what single resources do, working on the object's JSON form so it serves whichever kinds the
//! build enables.

mod ip_addresses;
mod pods;
mod services;

pub use services::ServiceRanges;

use kapi_api::core::v1::Service;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;

use crate::tracker::deletion::NAMESPACE_FINALIZER;
use crate::tracker::meta::{from_value, object_member_mut, set_member, to_value};
use crate::tracker::{PrepareCtx, Result, SideWritesFn};

/// Upstream's label of a job's pods naming the job (`batch.kubernetes.io/job-name`), and its
/// older spelling, both set on the pod template.
const JOB_NAME_LABELS: [&str; 2] = ["job-name", "batch.kubernetes.io/job-name"];
/// The label naming the job's uid, and its older spelling; the selector matches the first.
const CONTROLLER_UID_LABELS: [&str; 2] = ["controller-uid", "batch.kubernetes.io/controller-uid"];
const CONTROLLER_UID_LABEL: &str = "batch.kubernetes.io/controller-uid";

/// The strategy of a write to `info`'s resource, services allocated from `ranges`.
pub(crate) fn prepare(
    ranges: &ServiceRanges,
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    ctx: &PrepareCtx<'_>,
) -> Result<()> {
    match (info.group, info.resource, ctx.old) {
        ("", "services", old) => {
            let Some(svc) = obj.as_mut().as_any_mut().downcast_mut::<Service>() else { return Ok(()) };
            let old = old.and_then(|o| o.as_any().downcast_ref::<Service>());
            let write = services::ServiceWrite { old, others: ctx.others(), dry_run: ctx.dry_run };
            services::allocate(ranges, svc, write)
        }
        ("", "pods", None) => {
            if let Some(pod) = obj.as_mut().as_any_mut().downcast_mut::<kapi_api::core::v1::Pod>() {
                pods::prepare_for_create(pod);
            }
            Ok(())
        }
        ("batch", "jobs", None) => edit(info, obj, generate_job_selector),
        ("", "namespaces", None) => edit(info, obj, namespace_for_create),
        ("", "namespaces", Some(old)) => {
            let old = to_value(old)?;
            let mut doc = to_value(obj.as_ref())?;
            namespace_for_update(&mut doc, &old);
            *obj = from_value(info, &doc)?;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What a committed write makes the server write besides it: the `IPAddress` objects of the
/// cluster IPs services take and give back (upstream's allocator writes them while the service's
/// create, update or delete is served).
pub(crate) fn side_writes() -> SideWritesFn {
    std::sync::Arc::new(|info: &ResourceInfo, old: Option<&dyn Object>, new: Option<&dyn Object>| {
        match (info.group, info.resource) {
            ("", "services") => ip_addresses::writes(as_service(old), as_service(new)),
            _ => Vec::new(),
        }
    })
}

fn as_service(o: Option<&dyn Object>) -> Option<&Service> {
    o.and_then(|o| o.as_any().downcast_ref::<Service>())
}

/// The namespace strategy's `PrepareForCreate`: phase `Active`, and the `kubernetes` finalizer
/// the namespace controller removes once the namespace is emptied (added after any others).
fn namespace_for_create(ns: &mut Value) {
    set_member(ns, "status", Some(Value::Object(vec![("phase".into(), Value::String("Active".into()))])));
    let Some(spec) = object_member_mut(ns, "spec") else { return };
    let mut finalizers = match spec.get("finalizers") {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    };
    if !finalizers.iter().any(|f| f.as_str() == Some(NAMESPACE_FINALIZER)) {
        finalizers.push(Value::String(NAMESPACE_FINALIZER.into()));
    }
    set_member(spec, "finalizers", Some(Value::Array(finalizers)));
}

/// The namespace strategy's `PrepareForUpdate`: the spec's finalizers change only through the
/// `finalize` subresource, the status only through `status`.
fn namespace_for_update(ns: &mut Value, old: &Value) {
    let old_finalizers = old.get("spec").and_then(|s| s.get("finalizers")).cloned();
    if let Some(spec) = object_member_mut(ns, "spec") {
        set_member(spec, "finalizers", old_finalizers);
    }
    set_member(ns, "status", old.get("status").cloned());
}

fn edit(info: &ResourceInfo, obj: &mut Box<dyn Object>, f: fn(&mut Value)) -> Result<()> {
    let mut doc = to_value(obj.as_ref())?;
    f(&mut doc);
    *obj = from_value(info, &doc)?;
    Ok(())
}

/// Upstream's job `generateSelector`, unless `spec.manualSelector` is true: the pod template
/// gets the job-name and controller-uid labels (each only when the template does not set it,
/// so a conflicting value is left for validation to refuse) and the selector matches the uid.
fn generate_job_selector(job: &mut Value) {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_owned();
    let name = text(job.get("metadata").and_then(|m| m.get("name")));
    let uid = text(job.get("metadata").and_then(|m| m.get("uid")));
    let Some(spec) = object_member_mut(job, "spec") else { return };
    if matches!(spec.get("manualSelector"), Some(Value::Bool(true))) {
        return;
    }
    if let Some(template) = object_member_mut(spec, "template")
        && let Some(meta) = object_member_mut(template, "metadata")
        && let Some(labels) = object_member_mut(meta, "labels")
    {
        for key in JOB_NAME_LABELS {
            add_if_missing(labels, key, &name);
        }
        for key in CONTROLLER_UID_LABELS {
            add_if_missing(labels, key, &uid);
        }
    }
    if let Some(selector) = object_member_mut(spec, "selector")
        && let Some(match_labels) = object_member_mut(selector, "matchLabels")
    {
        add_if_missing(match_labels, CONTROLLER_UID_LABEL, &uid);
    }
}

fn add_if_missing(map: &mut Value, key: &str, value: &str) {
    if map.get(key).is_none() {
        set_member(map, key, Some(Value::String(value.to_owned())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn labels(v: &Value, path: &[&str]) -> String {
        let mut at = v;
        for p in path {
            at = at.get(p).expect("present");
        }
        String::from_utf8(at.to_compact_vec()).expect("JSON is UTF-8")
    }

    #[test]
    fn a_job_gets_upstreams_selector_and_labels() {
        let mut job = parse(br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"template":{"spec":{}}}}"#).unwrap();
        generate_job_selector(&mut job);
        assert_eq!(
            labels(&job, &["spec", "template", "metadata", "labels"]),
            r#"{"job-name":"pi","batch.kubernetes.io/job-name":"pi","controller-uid":"u-1","batch.kubernetes.io/controller-uid":"u-1"}"#
        );
        assert_eq!(
            labels(&job, &["spec", "selector"]),
            r#"{"matchLabels":{"batch.kubernetes.io/controller-uid":"u-1"}}"#
        );
    }

    #[test]
    fn labels_the_user_set_stay_for_validation_to_judge() {
        let mut job = parse(
            br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"selector":{"matchLabels":{"batch.kubernetes.io/controller-uid":"other"}},"template":{"metadata":{"labels":{"job-name":"mine"}}}}}"#,
        )
        .unwrap();
        generate_job_selector(&mut job);
        let template = labels(&job, &["spec", "template", "metadata", "labels"]);
        assert!(template.starts_with(r#"{"job-name":"mine","batch.kubernetes.io/job-name":"pi""#), "{template}");
        assert_eq!(
            labels(&job, &["spec", "selector", "matchLabels"]),
            r#"{"batch.kubernetes.io/controller-uid":"other"}"#
        );
    }

    #[test]
    fn a_namespace_is_created_active_with_the_kubernetes_finalizer_last() {
        let mut ns =
            parse(br#"{"metadata":{"name":"a"},"spec":{"finalizers":["x"]},"status":{"phase":"Terminating"}}"#)
                .unwrap();
        namespace_for_create(&mut ns);
        assert_eq!(labels(&ns, &["spec"]), r#"{"finalizers":["x","kubernetes"]}"#);
        assert_eq!(labels(&ns, &["status"]), r#"{"phase":"Active"}"#);
        let mut ns = parse(br#"{"metadata":{"name":"a"}}"#).unwrap();
        namespace_for_create(&mut ns);
        assert_eq!(labels(&ns, &["spec"]), r#"{"finalizers":["kubernetes"]}"#);
    }

    #[test]
    fn a_namespace_update_keeps_the_finalizers_and_status() {
        let old = parse(br#"{"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}"#).unwrap();
        let mut ns = parse(br#"{"metadata":{"labels":{"a":"b"}},"spec":{"finalizers":[]},"status":{}}"#).unwrap();
        namespace_for_update(&mut ns, &old);
        assert_eq!(
            String::from_utf8(ns.to_compact_vec()).unwrap(),
            r#"{"metadata":{"labels":{"a":"b"}},"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}"#
        );
    }

    #[test]
    fn a_manual_selector_is_left_alone() {
        let text = br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"manualSelector":true,"template":{}}}"#;
        let mut job = parse(text).unwrap();
        generate_job_selector(&mut job);
        assert_eq!(job, parse(text).unwrap());
    }
}
