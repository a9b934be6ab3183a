//! A pod's `binding` as upstream's `BindingREST` makes it: the body checked, then the pod assigned to the node under the body's uid and resource version, with the binding's labels and annotations and a true `PodScheduled` condition.
//!
//! Upstream (`pkg/registry/core/pod/storage/storage.go`, `setPodNodeAndMetadata`) answers a
//! body that fails `ValidatePodBinding` with the bare aggregate of its errors, which the handler
//! turns into a `500` without a reason, and a pod it cannot bind with a `409` on `pods/binding`.
//! The binding's labels are copied with `PodTopologyLabelsAdmission` on (the PodTopologyLabels
//! plugin adds the node's topology labels to them first) and the pod's `nominatedNodeName`
//! cleared, as with `ClearingNominatedNodeNameAfterBinding` on (both beta and on since 1.35).
//!
//! The same storage serves the legacy resource `bindings` (`POST
//! /api/v1/namespaces/{ns}/bindings`, upstream's `LegacyBindingREST` in
//! `pkg/registry/core/pod/storage/storage.go`), which binds the pod the body names; its
//! description ([`legacy_resource`]) is the server's own, see there why.

use kapi_api::core::v1::Binding as BindingObject;
use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::StatusDetails;
use kapi_machinery::json::value::Value;
use kapi_machinery::schema::HasSchema;
use kapi_machinery::types::Time;

use crate::tracker::meta::member_mut;
use crate::tracker::put_create::precondition_failed;
use crate::tracker::subresource::{at, set_at};
use crate::tracker::{Error, Result};

/// The legacy `bindings` resource of core v1: namespaced, `create` only, kind `Binding`, as
/// upstream's `storage_core.go` registers the pod storage's `LegacyBinding` and discovery lists it.
///
/// Described here rather than by the generated resource table: that table holds the `Resource`
/// implementations of the `+genclient` kinds, which the clientsets are generated from, and
/// upstream's `Binding` has no `+genclient` (client-go binds through `pods/binding` only), so a
/// table entry would give kapi's clientset a `bindings` client client-go lacks. The resource is
/// a fact of kube-apiserver's registry, so the server adds it (`ApiServer::register_builtin`).
pub(super) fn legacy_resource() -> ResourceInfo {
    ResourceInfo {
        group: "",
        version: "v1",
        resource: LEGACY_RESOURCE,
        kind: "Binding",
        list_kind: None,
        namespaced: true,
        protobuf: true,
        verbs: &["create"],
        subresources: &[],
        short_names: &[],
        categories: &[],
        own_name_rule: false,
        new_object: || Box::new(BindingObject::default()),
        metadata: |o| o.as_any().downcast_ref::<BindingObject>().map(|b| &b.metadata),
        metadata_mut: |o| o.as_any_mut().downcast_mut::<BindingObject>().map(|b| &mut b.metadata),
        new_list: None,
        split_list: None,
        schema: BindingObject::schema,
    }
}

/// The plural name of the legacy resource.
pub(super) const LEGACY_RESOURCE: &str = "bindings";

/// Whether a resource is the legacy `bindings` of core v1.
pub(super) fn is_legacy(info: &ResourceInfo) -> bool {
    (info.group, info.version, info.resource) == ("", "v1", LEGACY_RESOURCE)
}

/// The pod name a legacy binding's body gives, checked as upstream's store checks a key's name
/// (`NamespaceKeyFunc`): `400 Name parameter required.` when empty, `Name parameter invalid`
/// when it cannot be a path segment.
pub(super) fn check_pod_name(name: &str) -> Result<()> {
    if name.is_empty() {
        return Err(api_errors::bad_request("Name parameter required."));
    }
    let why: Vec<String> = if name == "." || name == ".." {
        vec![format!("may not be '{name}'")]
    } else {
        ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
    };
    if why.is_empty() {
        Ok(())
    } else {
        Err(api_errors::bad_request(format!("Name parameter invalid: {name:?}: {}", why.join(";"))))
    }
}

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
    fn a_legacy_bindings_name_is_checked_as_a_store_key() {
        // Upstream's `NamespaceKeyFunc` and `IsPathSegmentName`.
        let message = |name: &str| check_pod_name(name).err().map(|e| (e.code, e.status.message.clone()));
        assert_eq!(message("p"), None);
        assert_eq!(message(""), Some((400, "Name parameter required.".to_owned())));
        assert_eq!(message(".."), Some((400, r#"Name parameter invalid: "..": may not be '..'"#.to_owned())));
        assert_eq!(
            message("a/b%c"),
            Some((400, r#"Name parameter invalid: "a/b%c": may not contain '/';may not contain '%'"#.to_owned()))
        );
    }

    #[test]
    fn the_legacy_resource_is_create_only_binding() {
        let info = legacy_resource();
        assert!(is_legacy(&info));
        assert_eq!((info.kind, info.namespaced, info.verbs, info.list_kind), ("Binding", true, &["create"][..], None));
        let obj = (info.new_object)();
        assert!((info.metadata)(obj.as_ref()).is_some());
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
