//! Hand-written validation of internal.apiserver.k8s.io/v1alpha1 storage versions and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/apiserverinternal/validation`.

use std::collections::{HashMap, HashSet};

use kapi_machinery::validation::content::{
    EMPTY_ERROR, is_dns1035_label, is_dns1123_subdomain, regex_error, validate_qualified_name,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{ServerStorageVersion, StorageVersion, StorageVersionCondition, StorageVersionStatus};
use crate::meta::v1::object_meta_validation::validate_own_names;

/// Validates a `StorageVersion`. On create (upstream's `ValidateStorageVersion`): a name
/// `<group>.<resource>` and the status. On update nothing: upstream's
/// `ValidateStorageVersionUpdate` has no checks, as the spec is empty and a write to the main
/// resource keeps the stored status.
pub fn validate_storage_version(obj: &StorageVersion, old: Option<&StorageVersion>) -> ErrorList {
    if old.is_some() {
        return ErrorList::new();
    }
    // Upstream's `ValidateStorageVersionName` ignores whether it checks a generate name.
    let mut errs = validate_own_names(&obj.metadata, |name, _prefix| storage_version_name(name));
    errs.extend(validate_status(&obj.status, &Path::new("status")));
    errs
}

/// Validates a write to a `StorageVersion`'s `/status` (upstream's
/// `ValidateStorageVersionStatusUpdate`): the new status, whatever the stored one was.
pub fn validate_storage_version_status_update(obj: &StorageVersion, _old: &StorageVersion) -> ErrorList {
    validate_status(&obj.status, &Path::new("status"))
}

/// Upstream's `ValidateStorageVersionName`: split at the last dot, a DNS subdomain then a
/// DNS-1035 label.
fn storage_version_name(name: &str) -> Vec<String> {
    let Some((group, resource)) = name.rsplit_once('.') else {
        return vec!["name must be in the form of <group>.<resource>".to_owned()];
    };
    let group = is_dns1123_subdomain(group).into_iter().map(|m| format!("the group segment {m}"));
    let resource = is_dns1035_label(resource).into_iter().map(|m| format!("the resource segment {m}"));
    group.chain(resource).collect()
}

/// Upstream's `validateStorageVersionStatus`: each server's versions with unique server IDs, the
/// common encoding version, and the conditions.
fn validate_status(status: &StorageVersionStatus, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut ids = HashSet::new();
    let svp = path.child("storageVersions");
    for (i, ssv) in status.storage_versions.iter().enumerate() {
        if !ids.insert(ssv.api_server_id.as_str()) {
            errs.push(FieldError::duplicate(svp.index(i).child("apiServerID"), &ssv.api_server_id));
        }
        errs.extend(validate_server_storage_version(ssv, &svp.index(i)));
    }
    errs.extend(validate_common_version(status, path));
    // Upstream indexes the conditions from the status path itself, so they are reported at
    // `status[i]`, not `status.conditions[i]`; kept, as clients see upstream's paths.
    errs.extend(validate_conditions(&status.conditions, path));
    errs
}

/// Upstream's `validateServerStorageVersion`: the server ID is a DNS subdomain, every version an
/// API version, the decodable versions include the encoding version and the served versions are
/// all decodable.
fn validate_server_storage_version(ssv: &ServerStorageVersion, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let idp = path.child("apiServerID");
    errs.extend(
        is_dns1123_subdomain(&ssv.api_server_id).iter().map(|m| FieldError::invalid(&idp, &ssv.api_server_id, m)),
    );
    api_version(&mut errs, path.child("encodingVersion"), &ssv.encoding_version);
    let dp = path.child("decodableVersions");
    for (i, dv) in ssv.decodable_versions.iter().enumerate() {
        api_version(&mut errs, dp.index(i), dv);
    }
    if !ssv.decodable_versions.contains(&ssv.encoding_version) {
        errs.push(FieldError::invalid_value(
            &dp,
            BadValue::string_list(&ssv.decodable_versions),
            &format!("decodableVersions must include encodingVersion {}", ssv.encoding_version),
        ));
    }
    let sp = path.child("servedVersions");
    for (i, sv) in ssv.served_versions.iter().enumerate() {
        api_version(&mut errs, sp.index(i), sv);
        if !ssv.decodable_versions.contains(sv) {
            errs.push(FieldError::invalid(
                sp.index(i),
                sv,
                // Go's `%s` of a string slice: the items between brackets, separated by spaces.
                &format!(
                    "individual served version : {sv} must be included in decodableVersions : [{}]",
                    ssv.decodable_versions.join(" ")
                ),
            ));
        }
    }
    errs
}

/// Adds an `Invalid` error at `p` with every finding of upstream's `isValidAPIVersion`, joined.
fn api_version(errs: &mut ErrorList, p: Path, v: &str) {
    let found = api_version_errors(v);
    if !found.is_empty() {
        errs.push(FieldError::invalid(p, v, &found.join(",")));
    }
}

const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
/// Upstream's own wording for this check, with a comma the shared DNS-1035 message does not have.
const DNS1035_LABEL_MSG: &str = "a DNS-1035 label, which must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/// Upstream's `isValidAPIVersion`: a DNS-1035 label, optionally after a DNS subdomain and `/`.
fn api_version_errors(v: &str) -> Vec<String> {
    let parts: Vec<&str> = v.split('/').collect();
    let mut errs = Vec::new();
    let version = match parts.as_slice() {
        [version] => *version,
        [group, version] => {
            if group.is_empty() {
                errs.push(format!("group part: {EMPTY_ERROR}"));
            } else {
                errs.extend(is_dns1123_subdomain(group).into_iter().map(|m| format!("group part: {m}")));
            }
            *version
        }
        _ => {
            return vec![format!(
                "an apiVersion is {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyVersion')",
                regex_error(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, &["my-name", "abc-123"])
            )];
        }
    };
    if version.is_empty() {
        errs.push(format!("version part: {EMPTY_ERROR}"));
    } else {
        errs.extend(is_dns1035_label(version).into_iter().map(|m| format!("version part: {m}")));
    }
    errs
}

/// Upstream's `validateCommonVersion`: the common encoding version is set exactly when every
/// server (at least one) reports the same encoding version, and is that version.
fn validate_common_version(status: &StorageVersionStatus, path: &Path) -> Option<FieldError> {
    let actual = status
        .storage_versions
        .first()
        .map(|s| &s.encoding_version)
        .filter(|first| status.storage_versions.iter().all(|s| s.encoding_version == **first));
    let p = path.child("commonEncodingVersion");
    match (actual, &status.common_encoding_version) {
        (None, None) => None,
        (None, Some(set)) => Some(FieldError::invalid(
            p,
            set,
            "should be nil if servers do not agree on the same encoding version, or if there is no server reporting the supported versions yet",
        )),
        // Upstream's bad value is a nil pointer, which it prints as the string "null".
        (Some(actual), None) => {
            Some(FieldError::invalid(p, "null", &format!("the common encoding version is {actual}")))
        }
        (Some(actual), Some(set)) if actual != set => {
            Some(FieldError::invalid(p, set, &format!("the actual common encoding version is {actual}")))
        }
        (Some(_), Some(_)) => None,
    }
}

/// Upstream's `validateStorageVersionCondition`: unique qualified-name types, qualified-name
/// statuses (any name: more types and statuses may come), a reason and a message.
fn validate_conditions(conditions: &[StorageVersionCondition], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, c) in conditions.iter().enumerate() {
        let cp = path.index(i);
        let ty = c.r#type.0.as_str();
        // The message names the type's latest earlier position, as upstream's map keeps the last.
        if let Some(earlier) = seen.insert(ty, i) {
            errs.push(FieldError::invalid(
                cp.child("type"),
                ty,
                &format!("the type of the condition is not unique, it also appears in conditions[{earlier}]"),
            ));
        }
        errs.extend(validate_qualified_name(&cp.child("type"), ty));
        errs.extend(validate_qualified_name(&cp.child("status"), &c.status.0));
        if c.reason.is_empty() {
            errs.push(FieldError::required(cp.child("reason"), "reason cannot be empty"));
        }
        if c.message.is_empty() {
            errs.push(FieldError::required(cp.child("message"), "message cannot be empty"));
        }
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
