//! Upstream's checks of an object's metadata contents on create and update (`ValidateObjectMetaAccessor`, `ValidateObjectMetaAccessorUpdate`): labels, annotations, owner references, finalizers and managed fields.
//!
//! The name, namespace and generation checks, which depend on the kind (its name rule, its
//! scope), are the caller's: the test server's store makes them with the kind's registration.

use std::collections::BTreeMap;

use kapi_machinery::json;
use kapi_machinery::validation::content::{is_qualified_name, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path, go_quote, is_go_print};

use super::validation::validate_labels;
use super::{ManagedFieldsEntry, ManagedFieldsOperationType, ObjectMeta, OwnerReference};

/// Upstream's `TotalAnnotationSizeLimitB`: keys and values of all annotations together.
pub const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * 1024;
/// Upstream's `FieldManagerMaxLength`.
pub const FIELD_MANAGER_MAX_LENGTH: usize = 128;
/// Upstream's `MaxSubresourceNameLength` for a managed fields entry's subresource.
const MAX_SUBRESOURCE_NAME_LENGTH: usize = 256;

/// The name checks of `ValidateObjectMetaAccessor` for a kind with a name rule of its own
/// (`+ownNameRule`: the server leaves both names to the kind): the generate name with
/// `rule(generate_name, true)`, then the name with `rule(name, false)`, each message an
/// `Invalid` of `metadata.generateName` or `metadata.name`. An empty name is the server's `name or
/// generateName is required`, as the store reports it before the kind's validation runs.
pub fn validate_own_names(meta: &ObjectMeta, rule: impl Fn(&str, bool) -> Vec<String>) -> ErrorList {
    let path = Path::new("metadata");
    let mut errs = ErrorList::new();
    for (value, field, prefix) in [(&meta.generate_name, "generateName", true), (&meta.name, "name", false)] {
        if !value.is_empty() {
            let at = path.child(field);
            errs.extend(rule(value, prefix).iter().map(|m| FieldError::invalid(&at, value, m)));
        }
    }
    errs
}

/// The checks of `ValidateObjectMetaAccessor` after the name, namespace and generation: labels,
/// annotations, owner references, finalizers and managed fields, at `path` (`metadata`).
pub fn validate_object_meta_contents(meta: &ObjectMeta, path: &Path) -> ErrorList {
    let mut errs = validate_labels(&meta.labels, &path.child("labels"));
    errs.extend(validate_annotations(&meta.annotations, &path.child("annotations")));
    errs.extend(validate_owner_references(&meta.owner_references, &path.child("ownerReferences")));
    errs.extend(validate_finalizers(&meta.finalizers, &path.child("finalizers")));
    errs.extend(validate_managed_fields(&meta.managed_fields, &path.child("managedFields")));
    errs
}

/// The checks of `ValidateObjectMetaAccessorUpdate` on what an update may change: no finalizer
/// added to an object being deleted, then labels, annotations, owner references and managed
/// fields (finalizer names are not checked again on update, as upstream's). The fields a store
/// keeps from the stored object (uid, creation and deletion times) are the store's.
pub fn validate_object_meta_update_contents(new: &ObjectMeta, old: &ObjectMeta, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if old.deletion_timestamp.is_some() {
        errs.extend(validate_no_new_finalizers(&new.finalizers, &old.finalizers, &path.child("finalizers")));
    }
    errs.extend(validate_labels(&new.labels, &path.child("labels")));
    errs.extend(validate_annotations(&new.annotations, &path.child("annotations")));
    errs.extend(validate_owner_references(&new.owner_references, &path.child("ownerReferences")));
    errs.extend(validate_managed_fields(&new.managed_fields, &path.child("managedFields")));
    errs
}

/// Upstream's `ValidateAnnotations`: each key a qualified name once lower-cased (the error shows
/// the key as written), and keys and values together at most 256 KiB.
pub fn validate_annotations(annotations: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut size = 0usize;
    for (k, v) in annotations {
        errs.extend(is_qualified_name(&k.to_lowercase()).iter().map(|m| FieldError::invalid(path, k, m)));
        size = size.saturating_add(k.len()).saturating_add(v.len());
    }
    if size > TOTAL_ANNOTATION_SIZE_LIMIT {
        errs.push(FieldError::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT));
    }
    errs
}

/// Upstream's `ValidateOwnerReferences`: each reference with a version, kind, name and uid, not
/// to a core `Event`, and at most one controller. Errors are reported at the list, as upstream's.
pub fn validate_owner_references(refs: &[OwnerReference], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut first_controller: Option<String> = None;
    for r in refs {
        // `schema.FromAPIVersionAndKind`: an apiVersion that does not parse as `group/version`
        // or `version` has no version.
        let (group, version) = match r.api_version.split_once('/') {
            Some((g, v)) if !v.contains('/') => (g, v),
            Some(_) => ("", ""),
            None => ("", r.api_version.as_str()),
        };
        if version.is_empty() {
            errs.push(FieldError::invalid(path.child("apiVersion"), &r.api_version, "version must not be empty"));
        }
        if r.kind.is_empty() {
            errs.push(FieldError::invalid(path.child("kind"), &r.kind, "kind must not be empty"));
        }
        if r.name.is_empty() {
            errs.push(FieldError::invalid(path.child("name"), &r.name, "name must not be empty"));
        }
        if r.uid.is_empty() {
            errs.push(FieldError::invalid(path.child("uid"), &r.uid, "uid must not be empty"));
        }
        if group.is_empty() && version == "v1" && r.kind == "Event" {
            errs.push(FieldError::invalid_value(path, json_of(r), "/v1, Kind=Event is disallowed from being an owner"));
        }
        if r.controller == Some(true) {
            let current = format!("{}/{}", r.kind, r.name);
            match &first_controller {
                Some(first) => errs.push(FieldError::invalid_value(
                    path,
                    json_of(&refs.to_vec()),
                    &format!(
                        "Only one reference can have Controller set to true. Found \"true\" in references for {first} and {current}"
                    ),
                )),
                None => first_controller = Some(current),
            }
        }
    }
    errs
}

/// Upstream's `ValidateFinalizers`: each a qualified name, and not both `orphan` and
/// `foregroundDeletion`.
pub fn validate_finalizers(finalizers: &[String], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for f in finalizers {
        errs.extend(validate_qualified_name(path, f));
    }
    if finalizers.iter().any(|f| f == "orphan") && finalizers.iter().any(|f| f == "foregroundDeletion") {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(finalizers),
            "finalizer orphan and foregroundDeletion cannot be both set",
        ));
    }
    errs
}

/// Upstream's `ValidateNoNewFinalizers`: what an update of an object being deleted may not add,
/// listed sorted as Go's `%#v` of a sorted string list prints it.
pub fn validate_no_new_finalizers(new: &[String], old: &[String], path: &Path) -> ErrorList {
    let mut extra: Vec<&str> = new.iter().map(String::as_str).filter(|f| !old.iter().any(|o| o == f)).collect();
    if extra.is_empty() {
        return ErrorList::new();
    }
    extra.sort_unstable();
    extra.dedup();
    let listed: Vec<String> = extra.iter().map(|f| go_quote(f)).collect();
    vec![FieldError::forbidden(
        path,
        &format!(
            "no new finalizers can be added if the object is being deleted, found new finalizers []string{{{}}}",
            listed.join(", ")
        ),
    )]
}

/// Upstream's `ValidateManagedFields`: each entry an `Apply` or `Update`, of type `FieldsV1`
/// when typed, by a valid manager, with a subresource name of at most 256 bytes.
pub fn validate_managed_fields(entries: &[ManagedFieldsEntry], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, e) in entries.iter().enumerate() {
        let p = path.index(i);
        let op = e.operation.0.as_str();
        if op != ManagedFieldsOperationType::APPLY && op != ManagedFieldsOperationType::UPDATE {
            errs.push(FieldError::invalid_value(
                p.child("operation"),
                BadValue::named(op),
                "must be `Apply` or `Update`",
            ));
        }
        if !e.fields_type.is_empty() && e.fields_type != "FieldsV1" {
            errs.push(FieldError::invalid(p.child("fieldsType"), &e.fields_type, "must be `FieldsV1`"));
        }
        errs.extend(validate_field_manager(&e.manager, &p.child("manager")));
        if e.subresource.len() > MAX_SUBRESOURCE_NAME_LENGTH {
            errs.push(FieldError::too_long(p.child("subresource"), MAX_SUBRESOURCE_NAME_LENGTH));
        }
    }
    errs
}

/// Upstream's `ValidateFieldManager`: at most 128 bytes, every character printable (the error
/// names it as Go's `%#U` does, with its byte position).
pub fn validate_field_manager(manager: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if manager.len() > FIELD_MANAGER_MAX_LENGTH {
        errs.push(FieldError::too_long(path, FIELD_MANAGER_MAX_LENGTH));
    }
    for (i, c) in manager.char_indices() {
        if !is_go_print(c) {
            errs.push(FieldError::invalid(
                path,
                manager,
                &format!("invalid character U+{:04X} (at position {i})", u32::from(c)),
            ));
        }
    }
    errs
}

/// A value as upstream renders a struct or list in an error (`json.Marshal`).
fn json_of<T: json::JsonEncode + ?Sized>(v: &T) -> BadValue {
    match json::to_vec(v) {
        Ok(b) => BadValue::Json(String::from_utf8_lossy(&b).into_owned()),
        Err(_) => BadValue::Omitted,
    }
}

#[cfg(test)]
#[path = "object_meta_validation_tests.rs"]
mod tests;
