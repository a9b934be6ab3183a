//! The strategies' `AllowUnconditionalUpdate`: which resources refuse an update that names no `resourceVersion`.
//!
//! Upstream's generic store (`Store.Update`) fills in the stored resourceVersion when an update
//! leaves it empty, but only where the resource's strategy allows it; elsewhere the update is
//! refused before the strategy runs. A PUT that creates (`AllowCreateOnUpdate`) needs none.

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;

use crate::tracker::Result;

/// Whether an update of `group`'s `resource` without a `resourceVersion` is made against the
/// stored object (upstream's `AllowUnconditionalUpdate` of the resource's strategy, which its
/// status strategy inherits). The resources listed are those whose strategy says false; custom
/// resources' strategy (`customResourceStrategy`) says false too.
pub(crate) fn allows_unconditional_update(group: &str, resource: &str) -> bool {
    if !super::built_in(group) {
        return false;
    }
    !matches!(
        (group, resource),
        ("storage.k8s.io", "csidrivers" | "csinodes" | "volumeattachments" | "csistoragecapacities")
            | ("node.k8s.io", "runtimeclasses")
            | ("coordination.k8s.io", "leases" | "leasecandidates")
            | ("certificates.k8s.io", "clustertrustbundles" | "podcertificaterequests")
            | ("storagemigration.k8s.io", "storageversionmigrations")
            | (
                "admissionregistration.k8s.io",
                "validatingwebhookconfigurations"
                    | "mutatingwebhookconfigurations"
                    | "validatingadmissionpolicies"
                    | "validatingadmissionpolicybindings"
                    | "mutatingadmissionpolicies"
                    | "mutatingadmissionpolicybindings"
            )
            | ("apiextensions.k8s.io", "customresourcedefinitions")
            | ("apiregistration.k8s.io", "apiservices")
    )
}

/// Refuses an update of a stored object of `info`'s resource that sends no `resourceVersion`
/// where the strategy does not allow it: `422` naming the resource where the kind would be, as
/// upstream's store builds the error from the resource
/// (`csidrivers.storage.k8s.io "d" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`).
pub(crate) fn require_resource_version(info: &ResourceInfo, name: &str, given: &str) -> Result<()> {
    if !given.is_empty() || allows_unconditional_update(info.group, info.resource) {
        return Ok(());
    }
    Err(api_errors::invalid(
        info.group,
        info.resource,
        name,
        &[FieldError::invalid_value("metadata.resourceVersion", 0i64, "must be specified for an update")],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_that_refuse_unconditional_updates() {
        for (group, resource) in [
            ("storage.k8s.io", "csidrivers"),
            ("storage.k8s.io", "volumeattachments"),
            ("coordination.k8s.io", "leases"),
            ("node.k8s.io", "runtimeclasses"),
            ("admissionregistration.k8s.io", "validatingwebhookconfigurations"),
            ("apiextensions.k8s.io", "customresourcedefinitions"),
            ("apiregistration.k8s.io", "apiservices"),
            ("example.com", "widgets"),
        ] {
            assert!(!allows_unconditional_update(group, resource), "{group}/{resource}");
        }
        for (group, resource) in [
            ("", "configmaps"),
            ("", "pods"),
            ("apps", "deployments"),
            ("storage.k8s.io", "storageclasses"),
            ("storage.k8s.io", "volumeattributesclasses"),
            ("certificates.k8s.io", "certificatesigningrequests"),
            ("flowcontrol.apiserver.k8s.io", "flowschemas"),
            ("resource.k8s.io", "resourceslices"),
            ("networking.k8s.io", "ipaddresses"),
        ] {
            assert!(allows_unconditional_update(group, resource), "{group}/{resource}");
        }
    }
}
