//! The generated drops of `core/v1`'s gated fields: the projected volume sources `clusterTrustBundle` (`ClusterTrustBundleProjection`) and `podCertificate` (`PodCertificateRequest`), both beta and off in 1.36, and the pod status fields of `ImageVolumeWithDigest`, `DRANodeAllocatableResources`, `ResourceHealthStatusMessage`, `DRAExtendedResource` and `InPlacePodLevelResourcesVerticalScaling`.

use kapi_machinery::DropDisabledFields;

use super::*;
use crate::features::{Feature, FeatureGates};

fn trust_bundle() -> VolumeProjection {
    VolumeProjection {
        cluster_trust_bundle: Some(Box::new(ClusterTrustBundleProjection {
            signer_name: Some("example.com/signer".into()),
            path: "ca.pem".into(),
            ..Default::default()
        })),
        ..Default::default()
    }
}

fn certificate() -> VolumeProjection {
    VolumeProjection {
        pod_certificate: Some(Box::new(PodCertificateProjection {
            signer_name: "example.com/signer".into(),
            key_type: "ED25519".into(),
            credential_bundle_path: "bundle.pem".into(),
            ..Default::default()
        })),
        ..Default::default()
    }
}

fn config_map() -> VolumeProjection {
    VolumeProjection {
        config_map: Some(Box::new(ConfigMapProjection { optional: Some(true), ..Default::default() })),
        ..Default::default()
    }
}

fn pod(sources: Vec<VolumeProjection>) -> Pod {
    Pod {
        spec: PodSpec {
            volumes: vec![Volume {
                name: "creds".into(),
                volume_source: VolumeSource {
                    projected: Some(Box::new(ProjectedVolumeSource { sources: Some(sources), ..Default::default() })),
                    ..Default::default()
                },
            }],
            ..Default::default()
        },
        ..Default::default()
    }
}

fn sources(pod: &Pod) -> Vec<VolumeProjection> {
    pod.spec.volumes[0].volume_source.projected.as_ref().and_then(|p| p.sources.clone()).unwrap_or_default()
}

/// The gates as a server with the 1.36 defaults answers them.
fn defaults(name: &str) -> bool {
    FeatureGates::default().enabled_by_name(name).unwrap_or(false)
}

#[test]
fn both_gates_are_off_by_default_in_1_36() {
    assert!(!Feature::ClusterTrustBundleProjection.default_enabled());
    assert!(!Feature::PodCertificateRequest.default_enabled());
    // Upstream drops `podCertificate` by `PodCertificateRequest`, not by the name k8s.io/api's
    // marker gives it.
    assert_eq!(Pod::FEATURE_GATES.iter().filter(|g| **g == "PodCertificateProjection").count(), 0);
    assert!(Pod::FEATURE_GATES.contains(&"PodCertificateRequest"));
    assert!(Pod::FEATURE_GATES.contains(&"ClusterTrustBundleProjection"));
}

#[test]
fn a_new_pod_loses_both_sources_with_the_defaults_and_keeps_the_others() {
    let mut p = pod(vec![trust_bundle(), certificate(), config_map()]);
    p.drop_disabled_fields(None, &defaults);
    // The emptied entries stay, as upstream clears the member and leaves the list alone.
    assert_eq!(sources(&p), vec![VolumeProjection::default(), VolumeProjection::default(), config_map()]);
}

#[test]
fn each_gate_keeps_its_own_source() {
    let mut p = pod(vec![trust_bundle(), certificate()]);
    p.drop_disabled_fields(None, &|g| g == "PodCertificateRequest" || defaults(g));
    assert_eq!(sources(&p), vec![VolumeProjection::default(), certificate()]);
    let mut p = pod(vec![trust_bundle(), certificate()]);
    p.drop_disabled_fields(None, &|g| g == "ClusterTrustBundleProjection" || defaults(g));
    assert_eq!(sources(&p), vec![trust_bundle(), VolumeProjection::default()]);
}

#[test]
fn an_update_keeps_a_source_the_stored_pod_uses() {
    let stored = pod(vec![certificate()]);
    let mut p = pod(vec![certificate(), certificate(), trust_bundle()]);
    p.drop_disabled_fields(Some(&stored), &defaults);
    assert_eq!(sources(&p), vec![certificate(), certificate(), VolumeProjection::default()]);
}

#[test]
fn templates_drop_them_too() {
    let mut t = PodTemplate {
        template: PodTemplateSpec { spec: pod(vec![certificate()]).spec, ..Default::default() },
        ..Default::default()
    };
    t.drop_disabled_fields(None, &defaults);
    let left = t.template.spec.volumes[0].volume_source.projected.as_ref().and_then(|p| p.sources.clone());
    assert_eq!(left, Some(vec![VolumeProjection::default()]));
}

/// A pod status holding a field of every gate marked in it.
fn gated_status() -> PodStatus {
    PodStatus {
        container_statuses: vec![ContainerStatus {
            name: "c".into(),
            volume_mounts: vec![VolumeMountStatus {
                name: "img".into(),
                mount_path: "/img".into(),
                volume_status: Some(VolumeStatus {
                    image: Some(ImageVolumeStatus { image_ref: "example.com/img@sha256:0123".into() }),
                }),
                ..Default::default()
            }],
            allocated_resources_status: vec![ResourceStatus {
                name: ResourceName("cpu".into()),
                resources: vec![ResourceHealth {
                    resource_id: ResourceID("cpu-0".into()),
                    message: Some("ok".into()),
                    ..Default::default()
                }],
            }],
            ..Default::default()
        }],
        node_allocatable_resource_claim_statuses: vec![NodeAllocatableResourceClaimStatus {
            resource_claim_name: "claim".into(),
            ..Default::default()
        }],
        extended_resource_claim_status: Some(PodExtendedResourceClaimStatus::default()),
        resources: Some(ResourceRequirements::default()),
        ..Default::default()
    }
}

/// The status gates each marked field follows, with the field's presence in `s`.
fn status_fields(s: &PodStatus) -> [(&'static str, bool); 5] {
    let c = &s.container_statuses[0];
    [
        ("ImageVolumeWithDigest", c.volume_mounts[0].volume_status.as_ref().is_some_and(|v| v.image.is_some())),
        ("DRANodeAllocatableResources", !s.node_allocatable_resource_claim_statuses.is_empty()),
        ("ResourceHealthStatusMessage", c.allocated_resources_status[0].resources[0].message.is_some()),
        ("DRAExtendedResource", s.extended_resource_claim_status.is_some()),
        ("InPlacePodLevelResourcesVerticalScaling", s.resources.is_some()),
    ]
}

#[test]
fn status_gates_have_their_1_36_defaults() {
    for (gate, on) in [
        (Feature::ImageVolumeWithDigest, false),
        (Feature::DRANodeAllocatableResources, false),
        (Feature::ResourceHealthStatus, true),
        (Feature::ResourceHealthStatusMessage, true),
        (Feature::DRAExtendedResource, true),
        (Feature::InPlacePodLevelResourcesVerticalScaling, true),
    ] {
        assert_eq!(gate.default_enabled(), on, "{gate}");
    }
    for (gate, _) in status_fields(&gated_status()) {
        assert!(Pod::FEATURE_GATES.contains(&gate), "{gate}");
    }
    // Upstream clears `allocatedResourcesStatus` whatever the stored pod holds, which the
    // marker rule cannot say: the server drops it by hand.
    assert!(!Pod::FEATURE_GATES.contains(&"ResourceHealthStatus"));
}

#[test]
fn each_status_field_goes_while_its_gate_is_off_and_stays_while_it_is_on() {
    for (gate, _) in status_fields(&gated_status()) {
        let mut p = Pod { status: gated_status(), ..Default::default() };
        p.drop_disabled_fields(None, &|g| g != gate);
        for (g, present) in status_fields(&p.status) {
            assert_eq!(present, g != gate, "{g} with {gate} off");
        }
    }
}

#[test]
fn an_update_keeps_a_status_field_of_a_gate_the_stored_pod_uses() {
    for (gate, _) in status_fields(&gated_status()) {
        // The stored pod uses only this gate's field.
        let mut stored = Pod { status: gated_status(), ..Default::default() };
        stored.drop_disabled_fields(None, &|g| g == gate);
        let mut p = Pod { status: gated_status(), ..Default::default() };
        p.drop_disabled_fields(Some(&stored), &|_| false);
        for (g, present) in status_fields(&p.status) {
            assert_eq!(present, g == gate, "{g} when the stored pod uses {gate}");
        }
    }
}
