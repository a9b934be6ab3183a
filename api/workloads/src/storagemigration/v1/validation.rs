//! Hand-written validation of storagemigration.k8s.io/v1 storage version migrations and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/storagemigration/validation`.

use kapi_machinery::json;
use kapi_machinery::validation::content::{is_dns1035_label, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{MigrationConditionType, StorageVersionMigration, StorageVersionMigrationSpec};
use crate::meta::v1::validation::validate_conditions;

/// Validates a `StorageVersionMigration` (upstream's `ValidateStorageVersionMigration`, and on
/// update `…Update`): a resource that is a DNS-1035 label, a group that is empty or a DNS
/// subdomain (as an API service's), and on update an unchanged spec.
pub fn validate_storage_version_migration(
    obj: &StorageVersionMigration,
    old: Option<&StorageVersionMigration>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let r = &obj.spec.resource;
    let path = Path::new("spec").child("resource");
    if r.resource.is_empty() {
        errs.push(FieldError::required(path.child("resource"), "resource is required to be set"));
    } else {
        let e = is_dns1035_label(&r.resource);
        if !e.is_empty() {
            errs.push(FieldError::invalid(path.child("resource"), &r.resource, &e.join(",")));
        }
    }
    if !r.group.is_empty() {
        let e = is_dns1123_subdomain(&r.group);
        if !e.is_empty() {
            errs.push(FieldError::invalid(path.child("group"), &r.group, &e.join(",")));
        }
    }
    if let Some(old) = old
        && old.spec != obj.spec
    {
        errs.push(FieldError::invalid_value("spec", BadValue::Json(go_spec(&obj.spec)), "field is immutable"));
    }
    errs
}

/// Upstream reports the spec as its internal Go struct, which has no JSON tags around the
/// tagged `metav1.GroupResource`.
fn go_spec(spec: &StorageVersionMigrationSpec) -> String {
    let r = &spec.resource;
    match (json::to_vec(&r.group), json::to_vec(&r.resource)) {
        (Ok(g), Ok(res)) => format!(
            "{{\"Resource\":{{\"group\":{},\"resource\":{}}}}}",
            String::from_utf8_lossy(&g),
            String::from_utf8_lossy(&res)
        ),
        _ => String::from("null"),
    }
}

/// Upstream's `resourceversion` well-formedness: a positive decimal integer without leading zeros.
fn is_well_formed_resource_version(rv: &str) -> bool {
    !rv.is_empty() && !rv.starts_with('0') && rv.bytes().all(|b| b.is_ascii_digit())
}

fn condition_true(obj: &StorageVersionMigration, ty: &str) -> bool {
    obj.status.conditions.iter().find(|c| c.r#type == ty).is_some_and(|c| c.status.0 == "True")
}

/// Validates a `StorageVersionMigration` status write (upstream's
/// `ValidateStorageVersionMigrationStatusUpdate`): a well-formed resource version that does not
/// change once set, valid conditions, never both `Succeeded` and `Failed`, not `Running` beside
/// either, and neither taken back once true.
pub fn validate_storage_version_migration_status_update(
    obj: &StorageVersionMigration,
    old: &StorageVersionMigration,
) -> ErrorList {
    let path = Path::new("status");
    let rv = &obj.status.resource_version;
    let mut errs = ErrorList::new();
    // Upstream compares the version with itself, which fails only when it is not well formed.
    if !is_well_formed_resource_version(rv) {
        errs.push(FieldError::invalid(
            path.child("resourceVersion"),
            rv,
            &format!("resource version is not well formed: {rv}"),
        ));
    }
    let cp = path.child("conditions");
    errs.extend(validate_conditions(&obj.status.conditions, &cp));
    let old_rv = &old.status.resource_version;
    if !old_rv.is_empty() && old_rv != rv {
        errs.push(FieldError::invalid(path.child("resourceVersion"), rv, "field is immutable"));
    }
    let conditions = || match json::to_vec(&obj.status.conditions) {
        Ok(b) => BadValue::Json(String::from_utf8_lossy(&b).into_owned()),
        Err(_) => BadValue::Omitted,
    };
    let succeeded = condition_true(obj, MigrationConditionType::SUCCEEDED);
    let failed = condition_true(obj, MigrationConditionType::FAILED);
    let running = condition_true(obj, MigrationConditionType::RUNNING);
    let mut invalid = |detail: &str| errs.push(FieldError::invalid_value(&cp, conditions(), detail));
    if succeeded && failed {
        invalid("Both success and failed conditions cannot be true at the same time");
    }
    if succeeded && running {
        invalid("Running condition cannot be true when success condition is true");
    }
    if failed && running {
        invalid("Running condition cannot be true when failed condition is true");
    }
    if condition_true(old, MigrationConditionType::SUCCEEDED) && !succeeded {
        invalid("Success condition cannot be set to false once it is true");
    }
    if condition_true(old, MigrationConditionType::FAILED) && !failed {
        invalid("Failed condition cannot be set to false once it is true");
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
