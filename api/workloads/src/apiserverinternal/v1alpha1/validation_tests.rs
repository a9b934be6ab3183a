//! Upstream's storage version validation test cases (`TestValidateServerStorageVersion`, `…StorageVersionStatus`, `TestValidateCommonVersion`, `…StorageVersionCondition`, `…StorageVersionName`), pinned against our validation, and writes through the scheme.

use super::*;
use crate::apiserverinternal::v1alpha1::{ConditionStatus, StorageVersionConditionType};
use crate::meta::v1::ObjectMeta;
use crate::testing::{decoded, printed};

fn ssv(id: &str, encoding: &str, decodable: &[&str], served: &[&str]) -> ServerStorageVersion {
    let owned = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect();
    ServerStorageVersion {
        api_server_id: id.into(),
        encoding_version: encoding.into(),
        decodable_versions: owned(decodable),
        served_versions: owned(served),
    }
}

fn server(s: ServerStorageVersion) -> Vec<String> {
    printed(&validate_server_storage_version(&s, &Path::root()))
}

const NONE: [&str; 0] = [];
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const TOO_MANY_SLASHES: &str = "an apiVersion is a DNS-1035 label, which must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyVersion')";

/// Upstream's `TestValidateServerStorageVersion`: each case's errors in full where upstream pins
/// a part of them (its paths start at an empty root, printed `[]`; ours at the root, printed
/// without it).
#[test]
fn server_storage_versions_as_upstream() {
    let both = ["v1alpha1", "v1"];
    assert_eq!(
        server(ssv("-fea", "v1alpha1", &both, &both)),
        [format!(r#"apiServerID: Invalid value: "-fea": {SUBDOMAIN}"#)]
    );
    assert_eq!(
        server(ssv("fea", "v1alpha1", &["v1beta1", "v1"], &["v1beta1", "v1"])),
        [
            r#"decodableVersions: Invalid value: ["v1beta1","v1"]: decodableVersions must include encodingVersion v1alpha1"#
        ]
    );
    let fea = ["v1alpha1", "v1", "-fea"];
    assert_eq!(
        server(ssv("fea", "v1alpha1", &fea, &fea)),
        [
            format!(r#"decodableVersions[2]: Invalid value: "-fea": version part: {DNS1035}"#),
            format!(r#"servedVersions[2]: Invalid value: "-fea": version part: {DNS1035}"#),
        ]
    );
    assert_eq!(server(ssv("fea", "v1alpha1", &both, &both)), NONE);
    let custom = ["v1alpha1", "v1", "mygroup.com/v2"];
    assert_eq!(server(ssv("fea", "mygroup.com/v2", &custom, &custom)), NONE);
    assert_eq!(
        server(ssv("fea", "v1alpha1", &both, &["/v3"])),
        [
            r#"servedVersions[0]: Invalid value: "/v3": group part: must be non-empty"#,
            r#"servedVersions[0]: Invalid value: "/v3": individual served version : /v3 must be included in decodableVersions : [v1alpha1 v1]"#,
        ]
    );
    let empty_group = ["mygroup.com/v2", "/v3"];
    assert_eq!(
        server(ssv("fea", "mygroup.com/v2", &empty_group, &empty_group)),
        [
            r#"decodableVersions[1]: Invalid value: "/v3": group part: must be non-empty"#,
            r#"servedVersions[1]: Invalid value: "/v3": group part: must be non-empty"#,
        ]
    );
    assert!(
        server(ssv("fea", "mygroup.com/v2", &empty_group, &["mygroup.com/"])).contains(
            &r#"servedVersions[0]: Invalid value: "mygroup.com/": version part: must be non-empty"#.to_owned()
        )
    );
    let empty_version = ["mygroup.com/v2", "mygroup.com/"];
    assert_eq!(
        server(ssv("fea", "mygroup.com/v2", &empty_version, &empty_version))[0],
        r#"decodableVersions[1]: Invalid value: "mygroup.com/": version part: must be non-empty"#
    );
    assert_eq!(
        server(ssv("fea", "/v3", &empty_group, &empty_group))[0],
        r#"encodingVersion: Invalid value: "/v3": group part: must be non-empty"#
    );
    let underscore_group = ["v1", "mygroup_com/v2"];
    assert_eq!(
        server(ssv("fea", "v1", &underscore_group, &underscore_group))[0],
        format!(r#"decodableVersions[1]: Invalid value: "mygroup_com/v2": group part: {SUBDOMAIN}"#)
    );
    assert_eq!(
        server(ssv("fea", "v1", &["v1", "mygroup.com/v2"], &underscore_group))[0],
        format!(r#"servedVersions[1]: Invalid value: "mygroup_com/v2": group part: {SUBDOMAIN}"#)
    );
    let underscore_version = ["v1", "mygroup.com/v2_"];
    assert_eq!(
        server(ssv("fea", "v1", &underscore_version, &underscore_version))[0],
        format!(r#"decodableVersions[1]: Invalid value: "mygroup.com/v2_": version part: {DNS1035}"#)
    );
    assert_eq!(
        server(ssv("fea", "v1", &["v1", "mygroup.com/v2"], &underscore_version))[0],
        format!(r#"servedVersions[1]: Invalid value: "mygroup.com/v2_": version part: {DNS1035}"#)
    );
    let slashes = ["v1", "mygroup.com/v2/myresource"];
    assert_eq!(
        server(ssv("fea", "v1", &slashes, &slashes))[0],
        format!(r#"decodableVersions[1]: Invalid value: "mygroup.com/v2/myresource": {TOO_MANY_SLASHES}"#)
    );
    assert_eq!(
        server(ssv("fea", "v1", &["v1", "mygroup.com/v2"], &slashes))[0],
        format!(r#"servedVersions[1]: Invalid value: "mygroup.com/v2/myresource": {TOO_MANY_SLASHES}"#)
    );
    assert_eq!(
        server(ssv("fea", "v1alpha1", &both, &["v2"])),
        [
            r#"servedVersions[0]: Invalid value: "v2": individual served version : v2 must be included in decodableVersions : [v1alpha1 v1]"#
        ]
    );
}

fn status(servers: Vec<ServerStorageVersion>, common: Option<&str>) -> StorageVersionStatus {
    StorageVersionStatus {
        storage_versions: servers,
        common_encoding_version: common.map(str::to_owned),
        conditions: Vec::new(),
    }
}

/// Upstream's `TestValidateStorageVersionStatus`: server IDs are unique.
#[test]
fn statuses_as_upstream() {
    let both = ["v1alpha1", "v1"];
    let ok = status(vec![ssv("1", "v1alpha1", &both, &[]), ssv("2", "v1alpha1", &both, &[])], Some("v1alpha1"));
    assert_eq!(printed(&validate_status(&ok, &Path::new("status"))), NONE);
    let twice = status(vec![ssv("1", "v1alpha1", &both, &[]), ssv("1", "v1beta1", &both, &[])], Some("v1alpha1"));
    assert_eq!(
        printed(&validate_status(&twice, &Path::new("status"))),
        [
            r#"status.storageVersions[1].apiServerID: Duplicate value: "1""#,
            r#"status.storageVersions[1].decodableVersions: Invalid value: ["v1alpha1","v1"]: decodableVersions must include encodingVersion v1beta1"#,
            r#"status.commonEncodingVersion: Invalid value: "v1alpha1": should be nil if servers do not agree on the same encoding version, or if there is no server reporting the supported versions yet"#,
        ]
    );
}

/// Upstream's `TestValidateCommonVersion`.
#[test]
fn common_versions_as_upstream() {
    let common = |encodings: &[&str], set: Option<&str>| {
        let servers = encodings.iter().enumerate().map(|(i, e)| ssv(&(i + 1).to_string(), e, &[*e], &[])).collect();
        validate_common_version(&status(servers, set), &Path::root()).map(|e| e.to_string())
    };
    let disagree = "commonEncodingVersion: Invalid value: \"v1alpha1\": should be nil if servers do not agree on the same encoding version, or if there is no server reporting the supported versions yet";
    assert_eq!(common(&[], Some("v1alpha1")).as_deref(), Some(disagree));
    assert_eq!(common(&["v1alpha1", "v1"], Some("v1alpha1")).as_deref(), Some(disagree));
    assert_eq!(
        common(&["v1alpha1", "v1alpha1"], None).as_deref(),
        Some(r#"commonEncodingVersion: Invalid value: "null": the common encoding version is v1alpha1"#)
    );
    assert_eq!(
        common(&["v1alpha1", "v1alpha1"], Some("v1")).as_deref(),
        Some(r#"commonEncodingVersion: Invalid value: "v1": the actual common encoding version is v1alpha1"#)
    );
    assert_eq!(common(&["v1alpha1", "v1alpha1"], Some("v1alpha1")), None);
    assert_eq!(common(&["v1alpha1"], Some("v1alpha1")), None);
    assert_eq!(common(&[], None), None);
}

fn condition(ty: &str, status: &str, reason: &str, message: &str) -> StorageVersionCondition {
    StorageVersionCondition {
        r#type: StorageVersionConditionType(ty.into()),
        status: ConditionStatus(status.into()),
        reason: reason.into(),
        message: message.into(),
        ..StorageVersionCondition::default()
    }
}

/// Upstream's `TestValidateStorageVersionCondition`, at the `status[i]` paths upstream reports.
#[test]
fn conditions_as_upstream() {
    let check = |cs: &[StorageVersionCondition]| printed(&validate_conditions(cs, &Path::new("status")));
    let bad_type = check(&[condition("-fea", "True", "unknown", "unknown")]);
    assert_eq!(bad_type.len(), 1, "{bad_type:?}");
    assert!(bad_type[0].starts_with(r#"status[0].type: Invalid value: "-fea": name part "#), "{bad_type:?}");
    let bad_status = check(&[condition("fea", "-True", "unknown", "unknown")]);
    assert_eq!(bad_status.len(), 1, "{bad_status:?}");
    assert!(bad_status[0].starts_with(r#"status[0].status: Invalid value: "-True": name part "#), "{bad_status:?}");
    assert_eq!(
        check(&[condition("fea", "True", "", "unknown")]),
        ["status[0].reason: Required value: reason cannot be empty"]
    );
    assert_eq!(
        check(&[condition("fea", "True", "unknown", "")]),
        ["status[0].message: Required value: message cannot be empty"]
    );
    let fea = condition("fea", "True", "unknown", "unknown");
    assert_eq!(
        check(&[fea.clone(), fea.clone()]),
        [
            r#"status[1].type: Invalid value: "fea": the type of the condition is not unique, it also appears in conditions[0]"#
        ]
    );
    // A third repeat names the latest earlier one.
    assert_eq!(
        check(&[fea.clone(), fea.clone(), fea.clone()])[1],
        r#"status[2].type: Invalid value: "fea": the type of the condition is not unique, it also appears in conditions[1]"#
    );
    assert_eq!(check(&[fea]), NONE);
}

/// Upstream's `TestValidateStorageVersionName`.
#[test]
fn names_as_upstream() {
    let form = ["name must be in the form of <group>.<resource>"];
    assert_eq!(storage_version_name(""), form);
    assert_eq!(storage_version_name("pods"), form);
    assert_eq!(storage_version_name("core.pods"), NONE);
    assert_eq!(storage_version_name("authentication.k8s.io.tokenreviews"), NONE);
    assert_eq!(storage_version_name(&format!("{}.tokenreviews", "x".repeat(253))), NONE);
    assert!(
        storage_version_name(&format!("{}.tokenreviews", "x".repeat(254)))
            .contains(&"the group segment must be no more than 253 characters".to_owned())
    );
    assert_eq!(storage_version_name(&format!("authentication.k8s.io.{}", "x".repeat(63))), NONE);
    assert!(
        storage_version_name(&format!("authentication.k8s.io.{}", "x".repeat(64)))
            .contains(&"the resource segment must be no more than 63 characters".to_owned())
    );
}

/// Create checks the name and the status; an update of the main resource nothing; a status
/// write the status, all through the scheme as the server runs them.
#[test]
fn writes_through_the_scheme() {
    let mut s = kapi_machinery::Scheme::new();
    crate::apiserverinternal::install(&mut s).expect("internal.apiserver.k8s.io installs");
    let sv: StorageVersion = decoded(
        &s,
        r#"{"apiVersion":"internal.apiserver.k8s.io/v1alpha1","kind":"StorageVersion","metadata":{"name":"pods"},"spec":{},"status":{"storageVersions":[{"apiServerID":"a","encodingVersion":"v1","decodableVersions":["v1"]}]}}"#,
    );
    assert_eq!(
        printed(&s.validate(&sv, None)),
        [
            r#"metadata.name: Invalid value: "pods": name must be in the form of <group>.<resource>"#,
            r#"status.commonEncodingVersion: Invalid value: "null": the common encoding version is v1"#,
        ]
    );
    assert_eq!(printed(&s.validate(&sv, Some(&sv))), NONE);
    assert_eq!(
        printed(&s.validate_status(&sv, &sv)),
        [r#"status.commonEncodingVersion: Invalid value: "null": the common encoding version is v1"#]
    );
    let mut fixed = sv.clone();
    fixed.metadata = ObjectMeta { name: "core.pods".into(), ..ObjectMeta::default() };
    fixed.status.common_encoding_version = Some("v1".into());
    assert_eq!(printed(&s.validate(&fixed, None)), NONE);
    assert_eq!(printed(&s.validate_status(&fixed, &sv)), NONE);
}
