//! The generated drops of `core/v1`'s gated projected volume sources: `clusterTrustBundle` (`ClusterTrustBundleProjection`) and `podCertificate` (`PodCertificateRequest`), both beta and off in 1.36.

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
