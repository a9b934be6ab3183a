//! What a write to `status` (and the other subresources of a resource's own kind) takes from the body's `metadata`, per resource, as upstream's subresource strategies' `PrepareForUpdate` decide.
//!
//! Most of upstream's status strategies put back only the spec, so the client's labels,
//! annotations, finalizers and owner references stand; some put back part of the metadata
//! (pods their owner references, deployments their labels), those calling
//! `metav1.ResetObjectMetaForStatus` the deletion timestamp, labels, annotations, finalizers and
//! owner references, and a few the whole of it (the flow-control kinds, and custom resources,
//! whose strategy keeps only the new status). What every update keeps (uid, timestamps,
//! generation) the tracker keeps. `reset_metadata` is the other half: what of the metadata the
//! field manager leaves out of a subresource write's ownership (the strategies' reset fields).

use crate::tracker::SubresourceMetadata::{self, Body, Stored};

/// Only the spec is put back (or, for `finalize`, the status): the body's metadata stands.
const ALL: SubresourceMetadata = Body { kept: &[] };
/// `metav1.ResetObjectMetaForStatus` (k8s.io/apimachinery `pkg/apis/meta/v1/helpers.go`): the
/// deletion timestamp, labels, annotations, finalizers and owner references are put back (its
/// generation and self link every update keeps anyway).
const RESET_FOR_STATUS: SubresourceMetadata =
    Body { kept: &["deletionTimestamp", "labels", "annotations", "finalizers", "ownerReferences"] };

/// What each subresource of `group`/`resource` whose body is the resource's own kind takes from
/// the body's metadata; a resource or subresource not listed (custom resources, and kinds a
/// test registers) takes none of it.
pub(crate) fn of(group: &str, resource: &str) -> &'static [(&'static str, SubresourceMetadata)] {
    match (group, resource) {
        // `podStatusStrategy` puts back the owner references ("old kubelets corrupt them") and
        // clears the deletion timestamp, which `BeforeUpdate` then restores (so the stored one
        // stands); the ephemeral containers and resize strategies call
        // `ResetObjectMetaForStatus`.
        ("", "pods") => &[
            ("status", Body { kept: &["ownerReferences", "deletionTimestamp"] }),
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

/// What of `metadata` upstream's field manager leaves out of what a write to a subresource owns:
/// the metadata paths among the subresource strategy's reset fields (`GetResetFields`), which the
/// field manager's `IgnoreFilter` (an exclude filter, so a path's children go with it) drops
/// from the applier's set and from what an update changed. The strategy stores what it stores
/// either way: a member reset here but taken from the body is stored and owned by no one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResetMetadata {
    /// The whole of `metadata` is a reset field.
    All,
    /// These members of `metadata` are.
    Members(&'static [&'static str]),
}

/// The reset metadata of a write to `subresource` of `group`/`resource` (`None`: the main
/// resource, whose strategies reset none of it).
pub(crate) fn reset_metadata(group: &str, resource: &str, subresource: Option<&str>) -> ResetMetadata {
    let Some(subresource) = subresource else { return ResetMetadata::Members(&[]) };
    let rule = of(group, resource).iter().find(|(s, _)| *s == subresource).map(|(_, m)| *m);
    match ((group, resource, subresource), rule) {
        // `podStatusStrategy.GetResetFields`: the spec, the deletion timestamp (which its
        // `PrepareForUpdate` clears) and the owner references.
        (("", "pods", "status"), _) => ResetMetadata::Members(&["deletionTimestamp", "ownerReferences"]),
        // The definition status strategy resets `metadata` whole, though its
        // `ResetObjectMetaForStatus` call (the new object's metadata on both sides) keeps the
        // body's.
        (("apiextensions.k8s.io", "customresourcedefinitions", "status"), _) => ResetMetadata::All,
        // The strategies that call `ResetObjectMetaForStatus` list `metadata` whole among their
        // reset fields (the pods' `ephemeralcontainers` and `resize` strategies include only
        // what they write, which is none of the metadata).
        (_, Some(r)) if r == RESET_FOR_STATUS => ResetMetadata::All,
        (_, Some(Body { kept })) => ResetMetadata::Members(kept),
        // The flow-control kinds' status strategies reset `metadata` whole. Custom resources'
        // resets only the spec, so upstream records an apply's metadata members although the
        // strategy stores none of them; kapi records none (not modelled).
        ((_, _, "status"), Some(Stored) | None) | (_, Some(Stored)) => ResetMetadata::All,
        // A view of another kind (`scale`) is recorded as its own handler maps it.
        (_, None) => ResetMetadata::Members(&[]),
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
        assert_eq!(status_of("", "pods"), Body { kept: &["ownerReferences", "deletionTimestamp"] });
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
    fn reset_metadata_follows_the_strategies_reset_fields() {
        use ResetMetadata::{All, Members};
        let status = |g, r| reset_metadata(g, r, Some("status"));
        assert_eq!(status("", "pods"), Members(&["deletionTimestamp", "ownerReferences"]));
        assert_eq!(status("apps", "deployments"), Members(&["labels"]));
        assert_eq!(status("", "nodes"), Members(&[]));
        assert_eq!(status("resource.k8s.io", "resourceclaims"), All);
        assert_eq!(status("admissionregistration.k8s.io", "validatingadmissionpolicies"), All);
        assert_eq!(status("apiextensions.k8s.io", "customresourcedefinitions"), All);
        assert_eq!(status("flowcontrol.apiserver.k8s.io", "flowschemas"), All);
        assert_eq!(status("example.com", "widgets"), All);
        assert_eq!(reset_metadata("", "pods", Some("ephemeralcontainers")), All);
        assert_eq!(reset_metadata("", "pods", Some("resize")), All);
        assert_eq!(reset_metadata("", "namespaces", Some("finalize")), Members(&[]));
        assert_eq!(reset_metadata("apps", "deployments", Some("scale")), Members(&[]));
        assert_eq!(reset_metadata("", "pods", None), Members(&[]));
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
