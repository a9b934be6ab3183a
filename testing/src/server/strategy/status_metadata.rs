//! What a write to `status` (and the other subresources of a resource's own kind) takes from the body's `metadata`, per resource, as upstream's subresource strategies' `PrepareForUpdate` decide.
//!
//! Most of upstream's status strategies put back only the spec, so the client's labels,
//! annotations, finalizers and owner references stand; some put back part of the metadata
//! (pods their owner references, deployments their labels), those calling
//! `metav1.ResetObjectMetaForStatus` the labels, annotations, finalizers and owner references,
//! and a few the whole of it (the flow-control kinds, and custom resources, whose strategy keeps
//! only the new status). What every update keeps (uid, timestamps, generation) the tracker keeps.

use crate::tracker::SubresourceMetadata::{self, Body, Stored};

/// Only the spec is put back (or, for `finalize`, the status): the body's metadata stands.
const ALL: SubresourceMetadata = Body { kept: &[] };
/// `metav1.ResetObjectMetaForStatus` (k8s.io/apimachinery `pkg/apis/meta/v1/helpers.go`): the
/// labels, annotations, finalizers and owner references are put back (its deletion timestamp,
/// generation and self link every update keeps anyway).
const RESET_FOR_STATUS: SubresourceMetadata =
    Body { kept: &["labels", "annotations", "finalizers", "ownerReferences"] };

/// What each subresource of `group`/`resource` whose body is the resource's own kind takes from
/// the body's metadata; a resource or subresource not listed (custom resources, and kinds a
/// test registers) takes none of it.
pub(crate) fn of(group: &str, resource: &str) -> &'static [(&'static str, SubresourceMetadata)] {
    match (group, resource) {
        // `podStatusStrategy` puts back the owner references ("old kubelets corrupt them") and
        // clears the deletion timestamp, which `BeforeUpdate` then restores; the ephemeral
        // containers and resize strategies call `ResetObjectMetaForStatus`.
        ("", "pods") => &[
            ("status", Body { kept: &["ownerReferences"] }),
            ("ephemeralcontainers", RESET_FOR_STATUS),
            ("resize", RESET_FOR_STATUS),
        ],
        // The namespace status strategy puts back the spec, its finalize strategy the status.
        ("", "namespaces") => &[("status", ALL), ("finalize", ALL)],
        ("", "nodes" | "services" | "persistentvolumes" | "persistentvolumeclaims")
        | ("", "replicationcontrollers" | "resourcequotas")
        | ("apps" | "extensions", "replicasets" | "daemonsets")
        | ("apps", "statefulsets")
        | ("batch", "jobs" | "cronjobs")
        | ("autoscaling", "horizontalpodautoscalers")
        | ("policy", "poddisruptionbudgets")
        | ("networking.k8s.io" | "extensions", "ingresses")
        // Its status strategy calls `ResetObjectMetaForStatus` with the new object's metadata on
        // both sides, which resets nothing.
        | ("apiextensions.k8s.io", "customresourcedefinitions") => &[("status", ALL)],
        // The approval strategy puts back the spec and the status but for its conditions.
        ("certificates.k8s.io", "certificatesigningrequests") => &[("status", ALL), ("approval", ALL)],
        // Their annotations are copied onto their replica sets; the labels are put back.
        ("apps" | "extensions", "deployments") => &[("status", Body { kept: &["labels"] })],
        ("networking.k8s.io", "servicecidrs")
        | ("certificates.k8s.io", "podcertificaterequests")
        | ("storage.k8s.io", "volumeattachments" | "csinodes")
        | ("storagemigration.k8s.io", "storageversionmigrations")
        | ("internal.apiserver.k8s.io", "storageversions")
        | ("resource.k8s.io", "resourceclaims" | "devicetaintrules" | "resourcepoolstatusrequests")
        | ("scheduling.k8s.io", "podgroups" | "compositepodgroups")
        | ("admissionregistration.k8s.io", "validatingadmissionpolicies") => &[("status", RESET_FOR_STATUS)],
        // kube-aggregator's status strategy puts back the same four members by name.
        ("apiregistration.k8s.io", "apiservices") => &[("status", RESET_FOR_STATUS)],
        // Their status strategies put back the whole stored metadata but the managed fields.
        ("flowcontrol.apiserver.k8s.io", "flowschemas" | "prioritylevelconfigurations") => &[("status", Stored)],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracker::Rules;

    fn status_of(group: &str, resource: &str) -> SubresourceMetadata {
        Rules { subresource_metadata: of(group, resource), ..Rules::default() }.metadata_of("status")
    }

    #[test]
    fn status_strategies_keep_what_upstream_keeps() {
        assert_eq!(status_of("", "pods"), Body { kept: &["ownerReferences"] });
        assert_eq!(status_of("apps", "deployments"), Body { kept: &["labels"] });
        assert_eq!(status_of("", "nodes"), ALL);
        assert_eq!(status_of("apiextensions.k8s.io", "customresourcedefinitions"), ALL);
        assert_eq!(status_of("resource.k8s.io", "resourceclaims"), RESET_FOR_STATUS);
        assert_eq!(status_of("apiregistration.k8s.io", "apiservices"), RESET_FOR_STATUS);
        assert_eq!(status_of("flowcontrol.apiserver.k8s.io", "flowschemas"), Stored);
        // Custom resources: only the status is taken.
        assert_eq!(status_of("example.com", "widgets"), Stored);
    }

    #[test]
    fn other_subresources() {
        let rules = |g, r| Rules { subresource_metadata: of(g, r), ..Rules::default() };
        assert_eq!(rules("", "pods").metadata_of("resize"), RESET_FOR_STATUS);
        assert_eq!(rules("", "pods").metadata_of("ephemeralcontainers"), RESET_FOR_STATUS);
        assert_eq!(rules("", "namespaces").metadata_of("finalize"), ALL);
        assert_eq!(rules("certificates.k8s.io", "certificatesigningrequests").metadata_of("approval"), ALL);
        // A subresource not listed takes none of it.
        assert_eq!(rules("", "pods").metadata_of("binding"), Stored);
    }

    #[test]
    fn every_served_status_subresource_is_decided() {
        // Each resource kapi serves with a `status` subresource has an entry (custom resources
        // aside), so that a new one is a decision rather than a silent default.
        let mut missing = Vec::new();
        for info in kapi_api::resources() {
            if info.subresource("status").is_some()
                && !of(info.group, info.resource).iter().any(|(s, _)| *s == "status")
                && !matches!((info.group, info.resource), ("lifecycle.k8s.io", "evictions" | "evictionrequests"))
            {
                missing.push(format!("{}/{}", info.group, info.resource));
            }
        }
        assert!(missing.is_empty(), "status subresources without a metadata rule: {missing:?}");
    }
}
