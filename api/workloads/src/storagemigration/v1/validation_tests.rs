//! Upstream's storagemigration validation test cases (`TestValidateStorageVersionMigration`, `…Update`, `…StatusUpdate`), inputs and expected error text, pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::types::Time;

use super::*;
use crate::meta::v1::{Condition, ConditionStatus, GroupResource, ObjectMeta};
use crate::storagemigration::v1::StorageVersionMigrationStatus;

fn message(errs: &ErrorList) -> String {
    kapi_machinery::validation::aggregate(errs).unwrap_or_default()
}

fn svm(group: &str, resource: &str) -> StorageVersionMigration {
    StorageVersionMigration {
        metadata: ObjectMeta { name: "test-svm".into(), resource_version: "1".into(), ..ObjectMeta::default() },
        spec: StorageVersionMigrationSpec {
            resource: GroupResource { group: group.into(), resource: resource.into() },
        },
        ..StorageVersionMigration::default()
    }
}

const DNS1035: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const DNS1123: &str = r"a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

#[test]
fn migrations_as_upstream() {
    for (group, resource, want) in [
        ("non-empty", "non-empty", String::new()),
        ("", "", "spec.resource.resource: Required value: resource is required to be set".into()),
        ("non-empty", "", "spec.resource.resource: Required value: resource is required to be set".into()),
        ("non-empty", ".", format!(r#"spec.resource.resource: Invalid value: ".": {DNS1035}"#)),
        ("-", "non-empty", format!(r#"spec.resource.group: Invalid value: "-": {DNS1123}"#)),
    ] {
        assert_eq!(
            message(&validate_storage_version_migration(&svm(group, resource), None)),
            want,
            "{group:?} {resource:?}"
        );
    }
}

#[test]
fn updates_as_upstream() {
    let valid = svm("example.com", "myresources");
    assert_eq!(message(&validate_storage_version_migration(&valid, Some(&valid))), "");
    let mut labelled = valid.clone();
    labelled.metadata.labels.insert("a".into(), "b".into());
    assert_eq!(message(&validate_storage_version_migration(&labelled, Some(&valid))), "");
    let changed = svm("new.example.com", "myresources");
    assert_eq!(
        message(&validate_storage_version_migration(&changed, Some(&valid))),
        r#"spec: Invalid value: {"Resource":{"group":"new.example.com","resource":"myresources"}}: field is immutable"#
    );
    let emptied = svm("example.com", "");
    assert!(
        message(&validate_storage_version_migration(&emptied, Some(&valid)))
            .contains("spec.resource.resource: Required value")
    );
}

fn cond(ty: &str, status: &str, reason: &str) -> Condition {
    Condition {
        r#type: ty.into(),
        status: ConditionStatus(status.into()),
        reason: reason.into(),
        last_transition_time: Time::from_unix(1),
        ..Condition::default()
    }
}

fn with_status(rv: &str, conditions: Vec<Condition>) -> StorageVersionMigration {
    StorageVersionMigration {
        status: StorageVersionMigrationStatus { conditions, resource_version: rv.into() },
        ..svm("example.com", "myresources")
    }
}

#[test]
fn status_updates_as_upstream() {
    let running = || cond("Running", "True", "Running");
    let succeeded = || cond("Succeeded", "True", "Succeeded");
    let failed = || cond("Failed", "True", "Failed");
    let cases = [
        (with_status("123", vec![running()]), with_status("", vec![]), ""),
        (
            with_status("123", vec![cond("Running", "False", "NotRunning"), succeeded()]),
            with_status("123", vec![running()]),
            "",
        ),
        (
            with_status("123", vec![cond("Running", "False", "NotRunning"), failed()]),
            with_status("123", vec![running()]),
            "",
        ),
        (with_status("123", vec![succeeded()]), with_status("123", vec![succeeded()]), ""),
        (with_status("123", vec![failed()]), with_status("123", vec![failed()]), ""),
        (
            with_status("456", vec![running()]),
            with_status("123", vec![running()]),
            r#"status.resourceVersion: Invalid value: "456": field is immutable"#,
        ),
        (
            with_status("abc", vec![running()]),
            with_status("", vec![]),
            r#"status.resourceVersion: Invalid value: "abc": resource version is not well formed: abc"#,
        ),
        (
            with_status("123", vec![succeeded(), failed()]),
            with_status("123", vec![running()]),
            "Both success and failed conditions cannot be true at the same time",
        ),
        (
            with_status("123", vec![cond("Succeeded", "False", "NotSucceeded")]),
            with_status("123", vec![succeeded()]),
            "Success condition cannot be set to false once it is true",
        ),
        (
            with_status("123", vec![cond("Failed", "False", "NotFailed")]),
            with_status("123", vec![failed()]),
            "Failed condition cannot be set to false once it is true",
        ),
    ];
    for (new, old, want) in &cases {
        let got = message(&validate_storage_version_migration_status_update(new, old));
        if want.is_empty() {
            assert_eq!(got, "", "{:?}", new.status);
        } else {
            assert!(got.contains(want), "expected to contain:\n  {want}\ngot:\n  {got}");
        }
    }
}

#[test]
fn status_condition_values_and_versions() {
    let both = with_status("7", vec![cond("Succeeded", "True", "Done"), cond("Running", "True", "Going")]);
    let got = message(&validate_storage_version_migration_status_update(&both, &with_status("", vec![])));
    assert!(
        got.starts_with(r#"status.conditions: Invalid value: [{"type":"Succeeded","status":"True","lastTransitionTime":"1970-01-01T00:00:01Z","reason":"Done","message":""},"#),
        "{got}"
    );
    assert!(got.ends_with(": Running condition cannot be true when success condition is true"), "{got}");
    // Zero, leading zeros and an unset version are not well formed.
    for rv in ["0", "012", ""] {
        let got = message(&validate_storage_version_migration_status_update(
            &with_status(rv, vec![]),
            &with_status("", vec![]),
        ));
        assert_eq!(
            got,
            format!(r#"status.resourceVersion: Invalid value: "{rv}": resource version is not well formed: {rv}"#)
        );
    }
    let bad = with_status("1", vec![cond("Running", "Maybe", "")]);
    let got = message(&validate_storage_version_migration_status_update(&bad, &bad));
    assert!(got.contains(r#"status.conditions[0].status: Unsupported value: "Maybe""#), "{got}");
    assert!(got.contains("status.conditions[0].reason: Required value: must be set"), "{got}");
}

#[test]
fn both_are_registered() {
    // The scheme runs the hand-written checks beside the generated declarative rules.
    let mut scheme = Scheme::new();
    crate::storagemigration::install(&mut scheme).expect("storagemigration installs");
    assert!(!scheme.validate(&svm("", ""), None).is_empty());
    let s = with_status("abc", vec![]);
    assert!(!scheme.validate_status(&s, &s).is_empty());
    assert_eq!(validate_storage_version_migration_status_update(&s, &s).len(), 1);
}
