//! Upstream's object metadata checks on create and update, pinned with upstream's messages.

use super::*;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn owner(api_version: &str, kind: &str, name: &str, uid: &str, controller: Option<bool>) -> OwnerReference {
    OwnerReference {
        api_version: api_version.into(),
        kind: kind.into(),
        name: name.into(),
        uid: uid.into(),
        controller,
        ..OwnerReference::default()
    }
}

#[test]
fn annotations_keys_are_qualified_names_in_any_case_and_bounded_in_size() {
    let path = Path::new("metadata").child("annotations");
    let ok: BTreeMap<String, String> = [("Example.com/Key".to_owned(), "v".to_owned())].into_iter().collect();
    assert!(validate_annotations(&ok, &path).is_empty());
    let bad: BTreeMap<String, String> = [("a b".to_owned(), "v".to_owned())].into_iter().collect();
    let got = strings(&validate_annotations(&bad, &path));
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with(r#"metadata.annotations: Invalid value: "a b": name part must consist of"#), "{got:?}");
    let big: BTreeMap<String, String> =
        [("k".to_owned(), "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT))].into_iter().collect();
    assert_eq!(
        strings(&validate_annotations(&big, &path)),
        ["metadata.annotations: Too long: may not be more than 262144 bytes"]
    );
}

#[test]
fn owner_references_as_upstream() {
    let path = Path::new("metadata").child("ownerReferences");
    assert!(validate_owner_references(&[owner("apps/v1", "ReplicaSet", "rs", "u-1", Some(true))], &path).is_empty());
    assert_eq!(
        strings(&validate_owner_references(&[owner("", "", "", "", None)], &path)),
        [
            r#"metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty"#,
            r#"metadata.ownerReferences.kind: Invalid value: "": kind must not be empty"#,
            r#"metadata.ownerReferences.name: Invalid value: "": name must not be empty"#,
            r#"metadata.ownerReferences.uid: Invalid value: "": uid must not be empty"#,
        ]
    );
    // `a/b/c` does not parse as a group version: no version.
    assert_eq!(
        strings(&validate_owner_references(&[owner("a/b/c", "K", "n", "u", None)], &path)),
        [r#"metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty"#]
    );
    let got = strings(&validate_owner_references(&[owner("v1", "Event", "e", "u", None)], &path));
    assert_eq!(
        got,
        [
            r#"metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"u"}: /v1, Kind=Event is disallowed from being an owner"#
        ]
    );
    let two =
        [owner("apps/v1", "ReplicaSet", "a", "u1", Some(true)), owner("apps/v1", "StatefulSet", "b", "u2", Some(true))];
    let got = strings(&validate_owner_references(&two, &path));
    assert_eq!(got.len(), 1);
    assert!(
        got[0].ends_with(r#"Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and StatefulSet/b"#),
        "{got:?}"
    );
}

#[test]
fn finalizers_as_upstream() {
    let path = Path::new("metadata").child("finalizers");
    assert!(validate_finalizers(&["example.com/keep".into(), "orphan".into()], &path).is_empty());
    let got = strings(&validate_finalizers(&["a b".into()], &path));
    assert!(got[0].starts_with(r#"metadata.finalizers: Invalid value: "a b": name part must consist of"#), "{got:?}");
    assert_eq!(
        strings(&validate_finalizers(&["orphan".into(), "foregroundDeletion".into()], &path)),
        [
            r#"metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set"#
        ]
    );
    assert_eq!(
        strings(&validate_no_new_finalizers(&["b".into(), "a".into(), "c".into()], &["a".into()], &path)),
        [
            r#"metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b", "c"}"#
        ]
    );
}

#[test]
fn managed_fields_as_upstream() {
    let path = Path::new("metadata").child("managedFields");
    let entry = |op: &str, ty: &str, manager: &str, sub: &str| ManagedFieldsEntry {
        operation: ManagedFieldsOperationType(op.into()),
        fields_type: ty.into(),
        manager: manager.into(),
        subresource: sub.into(),
        ..ManagedFieldsEntry::default()
    };
    assert!(validate_managed_fields(&[entry("Apply", "FieldsV1", "kubectl", "status")], &path).is_empty());
    assert_eq!(
        strings(&validate_managed_fields(&[entry("Patch", "FieldsV2", "a\u{7}", &"s".repeat(257))], &path)),
        [
            r#"metadata.managedFields[0].operation: Invalid value: "Patch": must be `Apply` or `Update`"#,
            r#"metadata.managedFields[0].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`"#,
            r#"metadata.managedFields[0].manager: Invalid value: "a\a": invalid character U+0007 (at position 1)"#,
            "metadata.managedFields[0].subresource: Too long: may not be more than 256 bytes",
        ]
    );
    assert_eq!(
        strings(&validate_field_manager(&"m".repeat(129), &Path::new("fieldManager"))),
        ["fieldManager: Too long: may not be more than 128 bytes"]
    );
    assert!(validate_field_manager("kube-controller-manager é", &Path::new("fieldManager")).is_empty());
    assert_eq!(validate_field_manager("a\u{200B}b", &Path::new("f")).len(), 1);
}

#[test]
fn updates_check_new_contents_and_no_finalizer_added_while_deleting() {
    let path = Path::new("metadata");
    let old = ObjectMeta {
        finalizers: vec!["a".into()],
        deletion_timestamp: Some(kapi_machinery::types::Time::now()),
        ..ObjectMeta::default()
    };
    let mut new = old.clone();
    new.finalizers.push("b".into());
    new.labels.insert("a b".into(), "v".into());
    let got = strings(&validate_object_meta_update_contents(&new, &old, &path));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with("metadata.finalizers: Forbidden: no new finalizers"), "{got:?}");
    assert!(got[1].starts_with(r#"metadata.labels: Invalid value: "a b""#), "{got:?}");
    // A finalizer name is not checked again on update, as upstream's.
    let live = ObjectMeta { finalizers: vec!["a b".into()], ..ObjectMeta::default() };
    assert!(validate_object_meta_update_contents(&live, &live, &path).is_empty());
    assert_eq!(validate_object_meta_contents(&live, &path).len(), 1);
}

#[test]
fn own_name_rules_check_the_generate_name_then_the_name() {
    let meta = |generate_name: &str, name: &str| ObjectMeta {
        generate_name: generate_name.into(),
        name: name.into(),
        ..ObjectMeta::default()
    };
    // The rule learns which of the two it checks: here a generate name may end in `-`.
    let rule = |value: &str, prefix: bool| {
        let bad = value.contains('_') || (!prefix && value.ends_with('-'));
        if bad { vec![format!("bad {}", if prefix { "prefix" } else { "name" })] } else { Vec::new() }
    };
    assert!(validate_own_names(&meta("a-", "a-xyz"), rule).is_empty());
    assert_eq!(
        strings(&validate_own_names(&meta("a_-", "a-"), rule)),
        ["metadata.generateName: Invalid value: \"a_-\": bad prefix", "metadata.name: Invalid value: \"a-\": bad name"]
    );
    // An empty name is the store's to report.
    assert!(validate_own_names(&meta("", ""), rule).is_empty());
}
