//! Upstream's `TestWarnings` for persistent volumes (`pkg/api/persistentvolume/util_test.go`), case for case, and the claim warnings of `pkg/api/persistentvolumeclaim/util.go`.

use kapi_machinery::types::Quantity;

use super::{warnings_for_persistent_volume, warnings_for_persistent_volume_claim};
use crate::core::v1::{
    CephFSPersistentVolumeSource, GlusterfsPersistentVolumeSource, NodeSelector, NodeSelectorOperator,
    NodeSelectorRequirement, NodeSelectorTerm, PersistentVolume, PersistentVolumeClaim, PersistentVolumeClaimSpec,
    PersistentVolumeReclaimPolicy, PersistentVolumeSource, PersistentVolumeSpec, PhotonPersistentDiskVolumeSource,
    RBDPersistentVolumeSource, ResourceName, ScaleIOPersistentVolumeSource, StorageOSPersistentVolumeSource,
    VolumeNodeAffinity, VolumeResourceRequirements,
};
use crate::meta::v1::ObjectMeta;

fn pv_with_source(source: PersistentVolumeSource) -> PersistentVolume {
    PersistentVolume {
        spec: PersistentVolumeSpec { persistent_volume_source: source, ..PersistentVolumeSpec::default() },
        ..PersistentVolume::default()
    }
}

#[test]
fn persistent_volume_warnings_are_upstreams() {
    let named = PersistentVolume {
        metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() },
        ..PersistentVolume::default()
    };
    assert!(warnings_for_persistent_volume(&named, None).is_empty(), "no warning");

    let warning = PersistentVolume {
        metadata: ObjectMeta {
            name: "foo".into(),
            annotations: [
                ("volume.beta.kubernetes.io/storage-class".to_owned(), String::new()),
                ("volume.beta.kubernetes.io/mount-options".to_owned(), String::new()),
            ]
            .into(),
            ..ObjectMeta::default()
        },
        spec: PersistentVolumeSpec {
            node_affinity: Some(VolumeNodeAffinity {
                required: Some(NodeSelector {
                    node_selector_terms: Some(vec![NodeSelectorTerm {
                        match_expressions: vec![NodeSelectorRequirement {
                            key: "beta.kubernetes.io/os".into(),
                            operator: NodeSelectorOperator("Equal".into()),
                            values: vec!["windows".into()],
                        }],
                        ..NodeSelectorTerm::default()
                    }]),
                }),
            }),
            ..PersistentVolumeSpec::default()
        },
        ..PersistentVolume::default()
    };
    assert_eq!(
        warnings_for_persistent_volume(&warning, None),
        [
            r#"metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead"#,
            r#"metadata.annotations[volume.beta.kubernetes.io/mount-options]: deprecated since v1.31; use "mountOptions" attribute instead"#,
            r#"spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key: beta.kubernetes.io/os is deprecated since v1.14; use "kubernetes.io/os" instead"#,
        ],
        "warning"
    );

    let recycle = PersistentVolume {
        spec: PersistentVolumeSpec {
            persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy("Recycle".into()),
            ..PersistentVolumeSpec::default()
        },
        ..PersistentVolume::default()
    };
    assert_eq!(
        warnings_for_persistent_volume(&recycle, None),
        [
            "spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning."
        ],
        "PersistentVolumeReclaimRecycle deprecation warning"
    );

    let plugins = [
        (
            "PV CephFS deprecation warning",
            PersistentVolumeSource {
                cephfs: Some(Box::new(CephFSPersistentVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.cephfs: deprecated in v1.28, non-functional in v1.31+",
        ),
        (
            "PV PhotonPersistentDisk deprecation warning",
            PersistentVolumeSource {
                photon_persistent_disk: Some(Box::new(PhotonPersistentDiskVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.photonPersistentDisk: deprecated in v1.11, non-functional in v1.16+",
        ),
        (
            "PV RBD deprecation warning",
            PersistentVolumeSource {
                rbd: Some(Box::new(RBDPersistentVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.rbd: deprecated in v1.28, non-functional in v1.31+",
        ),
        (
            "PV ScaleIO deprecation warning",
            PersistentVolumeSource {
                scale_io: Some(Box::new(ScaleIOPersistentVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.scaleIO: deprecated in v1.16, non-functional in v1.22+",
        ),
        (
            "PV StorageOS deprecation warning",
            PersistentVolumeSource {
                storageos: Some(Box::new(StorageOSPersistentVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.storageOS: deprecated in v1.22, non-functional in v1.25+",
        ),
        (
            "PV GlusterFS deprecation warning",
            PersistentVolumeSource {
                glusterfs: Some(Box::new(GlusterfsPersistentVolumeSource::default())),
                ..PersistentVolumeSource::default()
            },
            "spec.glusterfs: deprecated in v1.25, non-functional in v1.26+",
        ),
    ];
    for (name, source, want) in plugins {
        assert_eq!(warnings_for_persistent_volume(&pv_with_source(source), None), [want], "{name}");
    }
}

fn storage(q: &str) -> std::collections::BTreeMap<ResourceName, Quantity> {
    [(ResourceName("storage".into()), Quantity::parse(q).expect("a quantity"))].into()
}

fn claim(requests: &str, limits: &str) -> PersistentVolumeClaim {
    PersistentVolumeClaim {
        spec: PersistentVolumeClaimSpec {
            resources: VolumeResourceRequirements { requests: storage(requests), limits: storage(limits) },
            ..PersistentVolumeClaimSpec::default()
        },
        ..PersistentVolumeClaim::default()
    }
}

#[test]
fn claim_warnings_name_the_annotation_and_fractional_bytes() {
    assert!(warnings_for_persistent_volume_claim(&claim("1Gi", "2Gi"), None).is_empty());
    let mut annotated = claim("1Gi", "2Gi");
    annotated.metadata.annotations.insert("volume.beta.kubernetes.io/storage-class".into(), "fast".into());
    assert_eq!(
        warnings_for_persistent_volume_claim(&annotated, None),
        [
            r#"metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead"#
        ]
    );
    assert_eq!(
        warnings_for_persistent_volume_claim(&claim("1.5", "2500m"), None),
        [
            r#"spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer"#,
            r#"spec.resources.limits[storage]: fractional byte value "2500m" is invalid, must be an integer"#,
        ]
    );
    // Whole bytes written with a milli suffix are fine; other resources are not looked at.
    let mut whole = claim("2000m", "1Gi");
    whole.spec.resources.requests.insert(ResourceName("example.com/thing".into()), Quantity::parse("500m").expect("q"));
    assert!(warnings_for_persistent_volume_claim(&whole, None).is_empty());
}
