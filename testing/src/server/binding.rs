//! A pod's `binding` as upstream's `BindingREST` makes it: the body checked, then the pod assigned to the node under the body's uid and resource version, with the binding's labels and annotations and a true `PodScheduled` condition.
//!
//! Upstream (`pkg/registry/core/pod/storage/storage.go`, `setPodNodeAndMetadata`) answers a
//! body that fails `ValidatePodBinding` with the bare aggregate of its errors, which the handler
//! turns into a `500` without a reason, and a pod it cannot bind with a `409` on `pods/binding`.
//! The binding's labels are copied with `PodTopologyLabelsAdmission` on (the PodTopologyLabels
//! plugin adds the node's topology labels to them first) and the pod's `nominatedNodeName`
//! cleared, as with `ClearingNominatedNodeNameAfterBinding` on (both beta and on since 1.35).

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::StatusDetails;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use crate::tracker::meta::member_mut;
use crate::tracker::put_create::precondition_failed;
use crate::tracker::subresource::{at, set_at};
use crate::tracker::{Error, Result};

/// What a `Binding` asks of its pod.
pub(super) struct Binding {
    node: String,
    uid: String,
    resource_version: String,
    labels: Vec<(String, Value)>,
    annotations: Vec<(String, Value)>,
}

impl Binding {
    /// The binding in `body` (its JSON form, its name checked against the URL's): upstream's
    /// `ValidatePodBinding` must pass (a `500` with the errors' aggregate, as upstream returns
    /// them unwrapped). Its labels reach the pod only with `copy_labels`
    /// (`PodTopologyLabelsAdmission`).
    pub(super) fn read(body: &Value, copy_labels: bool) -> Result<Binding> {
        let kind = text(body, &["target", "kind"]);
        let node = text(body, &["target", "name"]);
        let mut errs = Vec::new();
        if !kind.is_empty() && kind != "Node" {
            errs.push(FieldError::not_supported("target.kind", format!("{kind:?}"), &["Node", "<empty>"]));
        }
        if node.is_empty() {
            errs.push(FieldError::required("target.name", ""));
        }
        if let Some(message) = kapi_machinery::validation::aggregate(&errs) {
            return Err(api_errors::into_error(api_errors::failure(500, "", message, None)));
        }
        let members = |path: &[&str]| match at(body, path) {
            Some(Value::Object(m)) => m.clone(),
            _ => Vec::new(),
        };
        Ok(Binding {
            node: node.to_owned(),
            uid: text(body, &["metadata", "uid"]).to_owned(),
            resource_version: text(body, &["metadata", "resourceVersion"]).to_owned(),
            labels: if copy_labels { members(&["metadata", "labels"]) } else { Vec::new() },
            annotations: members(&["metadata", "annotations"]),
        })
    }

    /// Binds `pod` (its JSON form, in namespace `namespace`) as upstream's storage does: the
    /// body's uid and resource version are preconditions (`409` on `pods` with the storage
    /// error), then a pod being deleted, already bound or with scheduling gates is a `409` on
    /// `pods/binding`; otherwise the node, the binding's annotations and labels (overwriting),
    /// no nominated node, and `PodScheduled` true as of `now`.
    pub(super) fn assign(&self, info: &ResourceInfo, namespace: &str, pod: &mut Value, now: Time) -> Result<()> {
        let name = text(pod, &["metadata", "name"]).to_owned();
        for (field, wanted, path) in [
            ("UID", &self.uid, ["metadata", "uid"]),
            ("ResourceVersion", &self.resource_version, ["metadata", "resourceVersion"]),
        ] {
            let actual = text(pod, &path);
            if !wanted.is_empty() && wanted != actual {
                return Err(precondition_failed(info, namespace, &name, field, wanted, actual));
            }
        }
        if at(pod, &["metadata", "deletionTimestamp"]).is_some_and(|t| *t != Value::Null) {
            return Err(binding_conflict(&name, &format!("pod {name} is being deleted, cannot be assigned to a host")));
        }
        let bound = text(pod, &["spec", "nodeName"]);
        if !bound.is_empty() {
            return Err(binding_conflict(&name, &format!("pod {name} is already assigned to node {bound:?}")));
        }
        if matches!(at(pod, &["spec", "schedulingGates"]), Some(Value::Array(g)) if !g.is_empty()) {
            return Err(binding_conflict(&name, &format!("pod {name} has non-empty .spec.schedulingGates")));
        }
        set_at(pod, &["spec", "nodeName"], Some(Value::String(self.node.clone())));
        set_at(pod, &["status", "nominatedNodeName"], None);
        for (member, pairs) in [("annotations", &self.annotations), ("labels", &self.labels)] {
            for (k, v) in pairs {
                set_at(pod, &["metadata", member, k], Some(v.clone()));
            }
        }
        set_pod_scheduled(pod, now);
        Ok(())
    }
}

fn text<'a>(v: &'a Value, path: &[&str]) -> &'a str {
    at(v, path).and_then(Value::as_str).unwrap_or_default()
}

/// Upstream's `NewConflict` on `pods/binding`, where its storage's own error is not a status.
fn binding_conflict(name: &str, why: &str) -> Error {
    let details = StatusDetails { name: name.into(), kind: "pods/binding".into(), ..StatusDetails::default() };
    api_errors::into_error(api_errors::failure(
        409,
        "Conflict",
        format!("Operation cannot be fulfilled on pods/binding {name:?}: {why}"),
        Some(details),
    ))
}

/// Upstream's `UpdatePodCondition` with `PodScheduled` `True`: the condition replaces any of
/// its type (so its reason, message and probe time go), keeping the transition time when the
/// status was already `True`; a new one is appended.
fn set_pod_scheduled(pod: &mut Value, now: Time) {
    const TYPE: &str = "PodScheduled";
    if !matches!(at(pod, &["status", "conditions"]), Some(Value::Array(_))) {
        set_at(pod, &["status", "conditions"], Some(Value::Array(Vec::new())));
    }
    let Some(Value::Array(conditions)) = member_mut(pod, "status").and_then(|s| member_mut(s, "conditions")) else {
        return;
    };
    let old = conditions.iter().position(|c| c.get("type").and_then(Value::as_str) == Some(TYPE));
    let since = old
        .map(|i| &conditions[i])
        .filter(|c| c.get("status").and_then(Value::as_str) == Some("True"))
        .and_then(|c| c.get("lastTransitionTime").cloned())
        .unwrap_or_else(|| Value::String(now.format_rfc3339()));
    let condition = Value::Object(vec![
        ("type".to_owned(), Value::String(TYPE.into())),
        ("status".to_owned(), Value::String("True".into())),
        ("lastTransitionTime".to_owned(), since),
    ]);
    match old {
        Some(i) => conditions[i] = condition,
        None => conditions.push(condition),
    }
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    fn v(text: &str) -> Value {
        parse(text.as_bytes()).unwrap()
    }

    #[test]
    fn a_body_is_checked_as_upstreams_validate_pod_binding() {
        let err = Binding::read(&v(r#"{"metadata":{"name":"p"},"target":{"kind":"Pod"}}"#), true).err().unwrap();
        let status = &err.status;
        assert_eq!((err.code, status.reason.0.as_str()), (500, ""));
        assert_eq!(
            status.message,
            r#"[target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]"#
        );
    }

    #[test]
    fn the_condition_replaces_its_type_and_keeps_a_true_ones_time() {
        let now = Time::from_unix(1_000_000);
        let mut pod = v(
            r#"{"status":{"conditions":[{"type":"PodScheduled","status":"False","reason":"Unschedulable","lastTransitionTime":"1970-01-01T00:00:01Z"}]}}"#,
        );
        set_pod_scheduled(&mut pod, now);
        assert_eq!(
            String::from_utf8(pod.to_compact_vec()).unwrap(),
            r#"{"status":{"conditions":[{"type":"PodScheduled","status":"True","lastTransitionTime":"1970-01-12T13:46:40Z"}]}}"#
        );
        let mut pod = v(
            r#"{"status":{"conditions":[{"type":"PodScheduled","status":"True","lastTransitionTime":"1970-01-01T00:00:01Z"}]}}"#,
        );
        set_pod_scheduled(&mut pod, now);
        assert_eq!(
            String::from_utf8(pod.to_compact_vec()).unwrap(),
            r#"{"status":{"conditions":[{"type":"PodScheduled","status":"True","lastTransitionTime":"1970-01-01T00:00:01Z"}]}}"#
        );
        let mut pod = v(r#"{"metadata":{"name":"p"}}"#);
        set_pod_scheduled(&mut pod, now);
        assert_eq!(
            String::from_utf8(pod.to_compact_vec()).unwrap(),
            r#"{"metadata":{"name":"p"},"status":{"conditions":[{"type":"PodScheduled","status":"True","lastTransitionTime":"1970-01-12T13:46:40Z"}]}}"#
        );
    }
}
