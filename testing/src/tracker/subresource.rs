//! What an update of a subresource whose body is the resource's own kind takes from the body, as
//! upstream's strategies for those subresources do: `status` the status; pods' `ephemeralcontainers`
//! the ephemeral containers and `resize` the containers' resources and resize policies and the
//! pod-level resources;
//! certificate signing requests' `approval` the status conditions; namespaces' `finalize` the spec's
//! finalizers. Besides, each takes the body's metadata but for the members its strategy puts back
//! (`take_metadata`, as the resource's rules say), or none of it; a deletion timestamp or grace
//! period left from the body that `BeforeUpdate` would not put back is refused as immutable
//! (`deletion_field_errors`). Everything else stays as stored.

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;
use kapi_machinery::validation::BadValue;

use super::meta;
use crate::tracker::Error;

/// The subresources of the resource's own kind whose writes the tracker knows.
pub const SAME_KIND_SUBRESOURCES: &[&str] = &["status", "ephemeralcontainers", "resize", "approval", "finalize"];

/// The object `stored` with what an update of `subresource` takes from `incoming`.
pub(crate) fn merge(info: &ResourceInfo, subresource: &str, stored: &Value, incoming: &Value) -> Result<Value, Error> {
    let mut out = stored.clone();
    match subresource {
        "status" => copy_path(&mut out, incoming, &["status"]),
        // A namespace's `finalize` writes only its `spec.finalizers`.
        "finalize" => copy_path(&mut out, incoming, &["spec", "finalizers"]),
        "ephemeralcontainers" => copy_path(&mut out, incoming, &["spec", "ephemeralContainers"]),
        // Upstream's approval rules run on the result, as the server's `approval` validator.
        "approval" => copy_path(&mut out, incoming, &["status", "conditions"]),
        "resize" => {
            // Upstream's `dropNonResizeUpdates`: a write that adds or removes containers is kept
            // as written (its spec), so that validation refuses it.
            let lists = ["containers", "initContainers"];
            if lists.iter().any(|l| list_len(incoming, l) != list_len(stored, l)) {
                copy_path(&mut out, incoming, &["spec"]);
            } else {
                for list in lists {
                    resize_containers(&mut out, incoming, list);
                }
            }
            // Kept only with pod-level resize on: the strategy puts the stored ones back otherwise.
            copy_path(&mut out, incoming, &["spec", "resources"]);
        }
        other => return Err(api_errors::method_not_supported(info, &format!("update of {other}"))),
    }
    Ok(out)
}

/// Takes `body`'s `metadata` into `out` but for the `kept` members and the managed fields, which
/// stay as `stored` has them (the managed fields are the field manager's to compute).
pub(crate) fn take_metadata(out: &mut Value, stored: &Value, body: &Value, kept: &[&str]) {
    let mut metadata = meta::member(body, "metadata").cloned().unwrap_or(Value::Object(Vec::new()));
    for member in kept.iter().copied().chain(["managedFields"]) {
        let from_stored = at(stored, &["metadata", member]).cloned();
        meta::set_member(&mut metadata, member, from_stored);
    }
    meta::set_member(out, "metadata", Some(metadata));
}

/// What upstream's `BeforeUpdate` answers for the deletion fields a subresource write left in
/// the metadata (those its strategy took from the body): a deleting object's deletion timestamp
/// is put back, and its grace period when the write has none; `ValidateObjectMetaAccessorUpdate`
/// (k8s.io/apimachinery `pkg/api/validation/objectmeta.go`) then refuses any other value of
/// either as immutable, so a deletion timestamp sent to an object not being deleted is an error
/// unless the strategy put the stored one back (`ResetObjectMetaForStatus`, pods' status).
pub(crate) fn deletion_field_errors(new: &ObjectMeta, old: &ObjectMeta) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let timestamp = old.deletion_timestamp.or(new.deletion_timestamp);
    if timestamp != old.deletion_timestamp
        && let Some(t) = timestamp
    {
        errs.push(FieldError::invalid_value("metadata.deletionTimestamp", go_time(t), IMMUTABLE));
    }
    let grace = new.deletion_grace_period_seconds.or(old.deletion_grace_period_seconds);
    if grace != old.deletion_grace_period_seconds
        && let Some(g) = grace
    {
        errs.push(FieldError::invalid_value("metadata.deletionGracePeriodSeconds", g, IMMUTABLE));
    }
    errs
}

/// `apivalidation.FieldImmutableErrorMsg`.
const IMMUTABLE: &str = "field is immutable";

/// A time as Go's `time.Time.String` prints a UTC one, as a `*metav1.Time` bad value shows.
fn go_time(t: Time) -> BadValue {
    let (y, mo, d, h, mi, s) = t.to_civil();
    BadValue::Json(format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} +0000 UTC"))
}

/// The value at a path of object members.
pub(crate) fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, k| meta::member(v, k))
}

/// Sets (or with `None` removes) the value at a path of object members, creating the objects
/// on the way.
pub(crate) fn set_at(v: &mut Value, path: &[&str], new: Option<Value>) {
    let Some((last, parents)) = path.split_last() else { return };
    let mut cur = v;
    for k in parents {
        if !matches!(meta::member(cur, k), Some(Value::Object(_))) {
            if new.is_none() {
                return;
            }
            meta::set_member(cur, k, Some(Value::Object(Vec::new())));
        }
        let Value::Object(members) = cur else { return };
        let Some((_, next)) = members.iter_mut().rev().find(|(n, _)| n == k) else { return };
        cur = next;
    }
    meta::set_member(cur, last, new);
}

fn copy_path(into: &mut Value, from: &Value, path: &[&str]) {
    set_at(into, path, at(from, path).cloned());
}

/// The number of containers in one of a pod's lists.
fn list_len(pod: &Value, list: &str) -> usize {
    match at(pod, &["spec", list]) {
        Some(Value::Array(a)) => a.len(),
        _ => 0,
    }
}

/// Takes `resources` and `resizePolicy` of each stored container from the incoming container at
/// the same index (upstream's resize strategy keeps every other field); a list whose names do
/// not match the stored ones in order is kept as written, for validation to refuse the renaming
/// or reordering.
fn resize_containers(out: &mut Value, incoming: &Value, list: &str) {
    let Some(Value::Array(new)) = at(incoming, &["spec", list]).cloned() else { return };
    let Some(Value::Array(mut stored)) = at(out, &["spec", list]).cloned() else { return };
    let name = |c: &Value| c.get("name").and_then(Value::as_str).map(str::to_owned);
    if new.len() != stored.len() || new.iter().zip(&stored).any(|(n, s)| name(n) != name(s)) {
        set_at(out, &["spec", list], Some(Value::Array(new)));
        return;
    }
    for (c, from) in stored.iter_mut().zip(&new) {
        for field in ["resources", "resizePolicy"] {
            meta::set_member(c, field, from.get(field).cloned());
        }
    }
    set_at(out, &["spec", list], Some(Value::Array(stored)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value;

    #[test]
    fn paths_are_created_and_removed() {
        let mut v = value::parse(br#"{"a":{"b":1}}"#).unwrap();
        set_at(&mut v, &["a", "c", "d"], Some(Value::Bool(true)));
        assert_eq!(v.to_compact_vec(), br#"{"a":{"b":1,"c":{"d":true}}}"#);
        set_at(&mut v, &["a", "b"], None);
        set_at(&mut v, &["x", "y"], None);
        assert_eq!(v.to_compact_vec(), br#"{"a":{"c":{"d":true}}}"#);
        assert_eq!(at(&v, &["a", "c", "d"]), Some(&Value::Bool(true)));
    }

    #[test]
    fn metadata_is_the_body_s_but_for_the_kept_members() {
        let stored = value::parse(
            br#"{"metadata":{"name":"a","labels":{"x":"1"},"annotations":{"y":"1"},"managedFields":[{"manager":"m"}]},"status":{}}"#,
        )
        .unwrap();
        let body = value::parse(
            br#"{"metadata":{"name":"a","labels":{"x":"2"},"annotations":{"y":"2"},"finalizers":["f"]},"status":{"s":1}}"#,
        )
        .unwrap();
        let mut out = stored.clone();
        take_metadata(&mut out, &stored, &body, &["labels"]);
        assert_eq!(
            out.to_compact_vec(),
            br#"{"metadata":{"name":"a","labels":{"x":"1"},"annotations":{"y":"2"},"finalizers":["f"],"managedFields":[{"manager":"m"}]},"status":{}}"#
        );
        // A kept member the stored object lacks is removed from the body's.
        let mut out = stored.clone();
        take_metadata(&mut out, &stored, &body, &["finalizers"]);
        assert_eq!(at(&out, &["metadata", "finalizers"]), None);
        assert_eq!(at(&out, &["metadata", "labels", "x"]), Some(&Value::String("2".into())));
    }

    #[test]
    fn deletion_fields_sent_to_an_object_not_being_deleted_are_immutable() {
        let at = Time::from_civil(2020, 1, 2, 3, 4, 5).unwrap();
        let old = ObjectMeta::default();
        let new = ObjectMeta { deletion_timestamp: Some(at), deletion_grace_period_seconds: Some(30), ..old.clone() };
        let errs: Vec<String> = deletion_field_errors(&new, &old).iter().map(ToString::to_string).collect();
        assert_eq!(
            errs,
            [
                "metadata.deletionTimestamp: Invalid value: 2020-01-02 03:04:05 +0000 UTC: field is immutable",
                "metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable",
            ]
        );
        assert!(deletion_field_errors(&old, &old).is_empty());
        // A deleting object's timestamp is put back, and its grace period when none is sent; a
        // grace period sent in place of its own is refused.
        let deleting =
            ObjectMeta { deletion_timestamp: Some(at), deletion_grace_period_seconds: Some(30), ..old.clone() };
        let other = ObjectMeta { deletion_timestamp: Some(Time::from_unix(0)), ..old.clone() };
        assert!(deletion_field_errors(&other, &deleting).is_empty());
        let shorter = ObjectMeta { deletion_grace_period_seconds: Some(5), ..old.clone() };
        let errs: Vec<String> = deletion_field_errors(&shorter, &deleting).iter().map(ToString::to_string).collect();
        assert_eq!(errs, ["metadata.deletionGracePeriodSeconds: Invalid value: 5: field is immutable"]);
    }

    #[test]
    fn resize_takes_resources_only() {
        let stored = value::parse(
            br#"{"spec":{"containers":[{"name":"a","image":"x","resources":{"limits":{"cpu":"1"}}},{"name":"b","image":"y"}]}}"#,
        )
        .unwrap();
        // Matched by index: everything but the resources and resize policy stays as stored.
        let incoming = value::parse(
            br#"{"spec":{"containers":[{"name":"a","image":"changed","resources":{"limits":{"cpu":"2"}}},{"name":"b","image":"y"}]}}"#,
        )
        .unwrap();
        let mut out = stored.clone();
        resize_containers(&mut out, &incoming, "containers");
        assert_eq!(
            out.to_compact_vec(),
            br#"{"spec":{"containers":[{"name":"a","image":"x","resources":{"limits":{"cpu":"2"}}},{"name":"b","image":"y"}]}}"#
        );
        // Another length, or names out of order: the list as written, for validation to refuse.
        for written in [
            &br#"{"spec":{"containers":[{"name":"a","image":"x"}]}}"#[..],
            br#"{"spec":{"containers":[{"name":"b","image":"y"},{"name":"a","image":"x"}]}}"#,
        ] {
            let incoming = value::parse(written).unwrap();
            let mut out = stored.clone();
            resize_containers(&mut out, &incoming, "containers");
            assert_eq!(out.to_compact_vec(), written);
        }
    }
}
