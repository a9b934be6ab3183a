//! The built-in plugins that resolve a class a new object names or lacks: DefaultStorageClass for claims, RuntimeClass for pods.
//!
//! Facts from upstream's `plugin/pkg/admission/storage/storageclass/setdefault` and
//! `plugin/pkg/admission/runtimeclass`: a claim that names no class (an empty name is a choice)
//! gets the default class (annotation `storageclass.kubernetes.io/is-default-class: "true"`, or
//! its beta spelling; the newest when several); a pod's runtime class must exist (`pod rejected:
//! RuntimeClass "x" not found`), gives the pod its overhead (`pod rejected: Pod's Overhead doesn't
//! match RuntimeClass's defined Overhead` when the pod says otherwise) and its scheduling node
//! selector (a conflicting key is refused) and tolerations (added unless the pod has them); a pod
//! with an overhead and no runtime class overhead is refused.

use kapi_api::meta::v1::GetOptions;
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::forbidden;
use crate::tracker::Error;
use crate::tracker::meta::{member_mut, object_member_mut, set_member, to_value};

const DEFAULT_CLASS_ANNOTATIONS: [&str; 2] =
    ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"];

/// The member `key` of an object value as an object, made empty when absent (callers pass
/// objects).
fn object_mut<'a>(v: &'a mut Value, key: &str) -> &'a mut Value {
    object_member_mut(v, key).unwrap_or_else(|| unreachable!("callers pass objects"))
}

impl ApiServer {
    /// DefaultStorageClass: a claim without `storageClassName` gets the default class.
    pub(super) fn admit_default_storage_class(&self, claim: &mut Value) -> Result<(), Error> {
        if claim.get("spec").and_then(|s| s.get("storageClassName")).is_some_and(|v| *v != Value::Null) {
            return Ok(());
        }
        let Some(store) = self.tracker.store_of_kind("storage.k8s.io", "StorageClass") else { return Ok(()) };
        let (items, _) = self.tracker.list(&store.gvr(), "", &Default::default())?;
        let default = items
            .iter()
            .filter_map(|c| to_value(c.as_ref()).ok())
            .filter(|c| {
                DEFAULT_CLASS_ANNOTATIONS.iter().any(|a| {
                    c.get("metadata").and_then(|m| m.get("annotations")).and_then(|x| x.get(a)).and_then(Value::as_str)
                        == Some("true")
                })
            })
            .map(|c| {
                let m = c.get("metadata");
                let text = |k: &str| m.and_then(|m| m.get(k)).and_then(Value::as_str).unwrap_or_default().to_owned();
                (text("creationTimestamp"), text("name"))
            })
            // The newest; RFC 3339 times at second precision sort as text.
            .max();
        if let Some((_, name)) = default {
            set_member(object_mut(claim, "spec"), "storageClassName", Some(Value::String(name)));
        }
        Ok(())
    }

    /// RuntimeClass: the pod's runtime class exists and gives it overhead and scheduling.
    pub(super) fn admit_runtime_class(&self, pod_name: &str, pod: &mut Value) -> Result<(), Error> {
        let refuse = |why: &str| forbidden("", "pods", pod_name, why, Vec::new());
        let class = pod.get("spec").and_then(|s| s.get("runtimeClassName")).and_then(Value::as_str).map(str::to_owned);
        let pod_overhead = pod.get("spec").and_then(|s| s.get("overhead")).filter(|o| **o != Value::Null).cloned();
        let Some(class) = class.filter(|c| !c.is_empty()) else {
            if pod_overhead.is_some() {
                return Err(refuse(
                    "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead",
                ));
            }
            return Ok(());
        };
        let Some(store) = self.tracker.store_of_kind("node.k8s.io", "RuntimeClass") else { return Ok(()) };
        let rc = match self.tracker.get(&store.gvr(), "", &class, &GetOptions::default()) {
            Ok(rc) => to_value(rc.as_ref())?,
            Err(e) if e.is_not_found() => {
                return Err(refuse(&format!("pod rejected: RuntimeClass {class:?} not found")));
            }
            Err(e) => return Err(e),
        };
        let spec = object_mut(pod, "spec");
        match (rc.get("overhead").and_then(|o| o.get("podFixed")), &pod_overhead) {
            (Some(fixed), Some(given)) if fixed != given => {
                return Err(refuse("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead"));
            }
            (Some(fixed), _) => set_member(spec, "overhead", Some(fixed.clone())),
            (None, Some(_)) => {
                return Err(refuse(
                    "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead",
                ));
            }
            (None, None) => {}
        }
        let Some(scheduling) = rc.get("scheduling") else { return Ok(()) };
        if let Some(Value::Object(wanted)) = scheduling.get("nodeSelector")
            && !wanted.is_empty()
        {
            let selector = object_mut(spec, "nodeSelector");
            for (key, value) in wanted {
                match selector.get(key) {
                    Some(have) if have != value => {
                        let show = |v: &Value| v.as_str().unwrap_or_default().to_owned();
                        return Err(refuse(&format!(
                            "conflict: runtimeClass.scheduling.nodeSelector[{key}] = {}; pod.spec.nodeSelector[{key}] = {}",
                            show(value),
                            show(have)
                        )));
                    }
                    Some(_) => {}
                    None => set_member(selector, key, Some(value.clone())),
                }
            }
        }
        if let Some(Value::Array(extra)) = scheduling.get("tolerations") {
            if !matches!(spec.get("tolerations"), Some(Value::Array(_))) {
                set_member(spec, "tolerations", Some(Value::Array(Vec::new())));
            }
            if let Some(Value::Array(have)) = member_mut(spec, "tolerations") {
                for t in extra {
                    if !have.contains(t) {
                        have.push(t.clone());
                    }
                }
            }
        }
        Ok(())
    }
}
