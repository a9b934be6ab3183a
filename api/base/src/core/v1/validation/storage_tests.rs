//! Upstream's persistent volume and claim validation cases (`TestValidatePersistentVolumes`, `TestValidatePersistentVolumeClaim`, `TestValidatePersistentVolumeClaimUpdate`, `TestValidatePersistentVolumeClaimStatusUpdate`), pinned as (case, expected errors) tables.

use std::collections::BTreeMap;

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::core::v1::{
    ClaimResourceStatus, GCEPersistentDiskVolumeSource, HostPathVolumeSource, NodeSelector, NodeSelectorOperator,
    NodeSelectorTerm, PersistentVolumeClaimPhase, PersistentVolumeClaimStatus, PersistentVolumeMode,
    PersistentVolumeReclaimPolicy, PersistentVolumeSpec, VolumeResourceRequirements,
};
use crate::meta::v1::ObjectMeta;

fn q(s: &str) -> Quantity {
    Quantity::parse(s).expect("test quantities parse")
}

fn resources(pairs: &[(&str, &str)]) -> BTreeMap<ResourceName, Quantity> {
    pairs.iter().map(|(k, v)| (ResourceName((*k).into()), q(v))).collect()
}

fn modes(ms: &[&str]) -> Vec<PersistentVolumeAccessMode> {
    ms.iter().map(|m| PersistentVolumeAccessMode((*m).into())).collect()
}

/// Upstream's `testVolume` with a host path `/foo`, 10G and `ReadWriteOnce`.
fn volume(edit: impl FnOnce(&mut PersistentVolumeSpec)) -> PersistentVolume {
    let mut spec = PersistentVolumeSpec {
        capacity: resources(&[("storage", "10G")]),
        access_modes: modes(&["ReadWriteOnce"]),
        persistent_volume_source: PersistentVolumeSource {
            host_path: Some(Box::new(HostPathVolumeSource { path: "/foo".into(), r#type: None })),
            ..PersistentVolumeSource::default()
        },
        ..PersistentVolumeSpec::default()
    };
    edit(&mut spec);
    PersistentVolume {
        metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() },
        spec,
        ..PersistentVolume::default()
    }
}

/// (type, field) of each error, the pairs upstream's tests compare.
fn kinds(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    errs.iter().map(|e| (e.error_type, e.field.clone())).collect()
}

#[test]
fn persistent_volumes_as_upstream_scenarios() {
    use ErrorType::{Forbidden, Invalid, NotSupported, Required};
    let csi = || {
        Some(CSIPersistentVolumeSource {
            driver: "test-driver".into(),
            volume_handle: "test-123".into(),
            ..CSIPersistentVolumeSource::default()
        })
    };
    #[allow(clippy::type_complexity, reason = "a test table")]
    let cases: Vec<(&str, Box<dyn FnOnce(&mut PersistentVolumeSpec)>, Vec<(ErrorType, &str)>)> = vec![
        ("good-volume", Box::new(|_| {}), vec![]),
        ("good-volume-without-capacity-unit", Box::new(|s| s.capacity = resources(&[("storage", "10")])), vec![]),
        ("good-volume-with-storage-class", Box::new(|s| s.storage_class_name = "valid".into()), vec![]),
        (
            "good-volume-with-retain-policy",
            Box::new(|s| s.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("Retain".into())),
            vec![],
        ),
        (
            "good-volume-with-volume-mode",
            Box::new(|s| s.volume_mode = Some(PersistentVolumeMode("Block".into()))),
            vec![],
        ),
        (
            "invalid-accessmode",
            Box::new(|s| s.access_modes = modes(&["fakemode"])),
            vec![(NotSupported, "spec.accessModes")],
        ),
        (
            "invalid-reclaimpolicy",
            Box::new(|s| {
                s.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("fakeReclaimPolicy".into())
            }),
            vec![(NotSupported, "spec.persistentVolumeReclaimPolicy")],
        ),
        (
            "invalid-volume-mode",
            Box::new(|s| s.volume_mode = Some(PersistentVolumeMode("fakeVolumeMode".into()))),
            vec![(NotSupported, "spec.volumeMode")],
        ),
        ("with-read-write-once-pod", Box::new(|s| s.access_modes = modes(&["ReadWriteOncePod"])), vec![]),
        (
            "with-read-write-once-pod-and-others",
            Box::new(|s| s.access_modes = modes(&["ReadWriteOncePod", "ReadWriteMany"])),
            vec![(Forbidden, "spec.accessModes")],
        ),
        (
            "missing-volume-source",
            Box::new(|s| s.persistent_volume_source = PersistentVolumeSource::default()),
            vec![(Required, "spec")],
        ),
        (
            "missing-capacity",
            Box::new(|s| s.capacity.clear()),
            vec![(Required, "spec.capacity"), (NotSupported, "spec.capacity")],
        ),
        (
            "bad-volume-zero-capacity",
            Box::new(|s| s.capacity = resources(&[("storage", "0")])),
            vec![(Invalid, "spec.capacity[storage]")],
        ),
        ("missing-accessmodes", Box::new(|s| s.access_modes.clear()), vec![(Required, "spec.accessModes")]),
        (
            "too-many-sources",
            Box::new(|s| {
                s.access_modes.clear();
                s.persistent_volume_source.gce_persistent_disk = Some(Box::new(GCEPersistentDiskVolumeSource {
                    pd_name: "foo".into(),
                    fs_type: "ext4".into(),
                    ..GCEPersistentDiskVolumeSource::default()
                }));
            }),
            vec![(Required, "spec.accessModes"), (Forbidden, "spec.gcePersistentDisk")],
        ),
        (
            "host mount of / with recycle reclaim policy",
            Box::new(|s| {
                s.persistent_volume_source.host_path.as_mut().expect("set above").path = "/".into();
                s.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("Recycle".into());
            }),
            vec![(Forbidden, "spec.persistentVolumeReclaimPolicy")],
        ),
        (
            "host mount of / with recycle reclaim policy 2",
            Box::new(|s| {
                s.persistent_volume_source.host_path.as_mut().expect("set above").path = "/a/..".into();
                s.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("Recycle".into());
            }),
            vec![(Invalid, "spec.hostPath.path"), (Forbidden, "spec.persistentVolumeReclaimPolicy")],
        ),
        (
            "invalid-storage-class-name",
            Box::new(|s| s.storage_class_name = "-invalid-".into()),
            vec![(Invalid, "spec.storageClassName")],
        ),
        (
            "bad-hostpath-volume-backsteps",
            Box::new(|s| s.persistent_volume_source.host_path.as_mut().expect("set above").path = "/foo/..".into()),
            vec![(Invalid, "spec.hostPath.path")],
        ),
        (
            "volume-empty-node-affinity",
            Box::new(|s| s.node_affinity = Some(VolumeNodeAffinity::default())),
            vec![(Required, "spec.nodeAffinity.required")],
        ),
        (
            "volume-bad-node-affinity",
            Box::new(|s| {
                s.node_affinity = Some(VolumeNodeAffinity {
                    required: Some(NodeSelector {
                        node_selector_terms: Some(vec![NodeSelectorTerm {
                            match_expressions: vec![NodeSelectorRequirement {
                                key: String::new(),
                                operator: NodeSelectorOperator("In".into()),
                                values: vec!["test-label-value".into()],
                            }],
                            match_fields: vec![],
                        }]),
                    }),
                });
            }),
            // An empty key is both empty and not matching the name pattern.
            vec![
                (Invalid, "spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key"),
                (Invalid, "spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key"),
            ],
        ),
        (
            "invalid-volume-attributes-class-name",
            Box::new(|s| {
                s.storage_class_name = "invalid".into();
                s.volume_attributes_class_name = Some("-invalid-".into());
            }),
            vec![(Invalid, "spec.volumeAttributesClassName"), (Required, "spec.csi")],
        ),
        (
            "invalid-empty-volume-attributes-class-name",
            Box::new(|s| {
                s.storage_class_name = "invalid".into();
                s.volume_attributes_class_name = Some(String::new());
            }),
            vec![(Required, "spec.volumeAttributesClassName"), (Required, "spec.csi")],
        ),
        (
            "volume-with-good-volume-attributes-class-and-matched-volume-resource-when-feature-gate-is-on",
            Box::new(move |s| {
                s.persistent_volume_source =
                    PersistentVolumeSource { csi: (csi()).map(Box::new), ..PersistentVolumeSource::default() };
                s.storage_class_name = "valid".into();
                s.volume_attributes_class_name = Some("valid".into());
            }),
            vec![],
        ),
        (
            "volume-with-good-volume-attributes-class-and-mismatched-volume-resource-when-feature-gate-is-on",
            Box::new(|s| {
                s.storage_class_name = "valid".into();
                s.volume_attributes_class_name = Some("valid".into());
            }),
            vec![(Required, "spec.csi")],
        ),
    ];
    for (name, edit, want) in cases {
        let got = kinds(&validate_persistent_volume_for_test(&volume(edit)));
        let want: Vec<(ErrorType, String)> = want.into_iter().map(|(t, f)| (t, f.to_owned())).collect();
        assert_eq!(got, want, "{name}");
    }
}

fn validate_persistent_volume_for_test(pv: &PersistentVolume) -> ErrorList {
    persistent_volume(pv, None)
}

#[test]
fn persistent_volume_messages() {
    let errs = persistent_volume(&volume(|s| s.access_modes = modes(&["fakemode"])), None);
    assert_eq!(
        errs[0].to_string(),
        "spec.accessModes: Unsupported value: \"fakemode\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\""
    );
    let errs = persistent_volume(&volume(|s| s.capacity = resources(&[("storage", "0")])), None);
    assert_eq!(errs[0].to_string(), "spec.capacity[storage]: Invalid value: \"0\": must be greater than zero");
    let errs = persistent_volume(&volume(|s| s.persistent_volume_source = PersistentVolumeSource::default()), None);
    assert_eq!(errs[0].to_string(), "spec: Required value: must specify a volume type");
    let errs = persistent_volume(&volume(|s| s.capacity = resources(&[("storage", "1G"), ("cpu", "1")])), None);
    assert_eq!(
        errs[0].to_string(),
        "spec.capacity: Unsupported value: {\"cpu\":\"1\",\"storage\":\"1G\"}: supported values: \"storage\""
    );
}

#[test]
fn persistent_volume_updates_keep_the_source() {
    let old = volume(|_| {});
    assert!(persistent_volume(&volume(|_| {}), Some(&old)).is_empty());
    let moved = volume(|s| s.persistent_volume_source.host_path.as_mut().expect("set above").path = "/bar".into());
    let errs = persistent_volume(&moved, Some(&old));
    assert_eq!(kinds(&errs), [(ErrorType::Forbidden, "spec.persistentvolumesource".to_owned())]);
    assert!(errs[0].detail.starts_with("spec.persistentvolumesource is immutable after creation\n"));
    // The volume mode's path is upstream's `volumeMode`, without `spec`.
    let block = volume(|s| s.volume_mode = Some(PersistentVolumeMode("Block".into())));
    assert_eq!(
        persistent_volume(&block, Some(&old))[0].to_string(),
        "volumeMode: Invalid value: \"Block\": field is immutable"
    );
    // A CSI volume may gain a controller expand secret.
    let csi = |expand: bool| {
        volume(move |s| {
            s.persistent_volume_source = PersistentVolumeSource {
                csi: Some(Box::new(CSIPersistentVolumeSource {
                    driver: "d".into(),
                    volume_handle: "h".into(),
                    controller_expand_secret_ref: expand
                        .then(|| SecretReference { name: "s".into(), namespace: "ns".into() }),
                    ..CSIPersistentVolumeSource::default()
                })),
                ..PersistentVolumeSource::default()
            };
        })
    };
    assert!(persistent_volume(&csi(true), Some(&csi(false))).is_empty());
    assert_eq!(kinds(&persistent_volume(&csi(false), Some(&csi(true)))).len(), 1);
}

fn affinity(key: &str) -> Option<VolumeNodeAffinity> {
    Some(VolumeNodeAffinity {
        required: Some(NodeSelector {
            node_selector_terms: Some(vec![NodeSelectorTerm {
                match_expressions: vec![NodeSelectorRequirement {
                    key: key.into(),
                    operator: NodeSelectorOperator("In".into()),
                    values: vec!["zone-a".into()],
                }],
                match_fields: vec![],
            }]),
        }),
    })
}

#[test]
fn persistent_volume_node_affinity_moves_only_from_beta_to_ga_labels() {
    // Upstream's `TestValidatePVUpdateWithNodeAffinity` cases, reduced to their keys.
    let old = volume(|s| s.node_affinity = affinity("failure-domain.beta.kubernetes.io/zone"));
    let ga = volume(|s| s.node_affinity = affinity("topology.kubernetes.io/zone"));
    assert!(persistent_volume(&ga, Some(&old)).is_empty());
    let other = volume(|s| s.node_affinity = affinity("foo"));
    let errs = persistent_volume(&other, Some(&old));
    assert_eq!(kinds(&errs), [(ErrorType::Invalid, "nodeAffinity".to_owned())]);
    assert!(errs[0].to_string().ends_with("field is immutable, except for updating from beta label to GA"));
    assert!(errs[0].to_string().contains(r#"{"Required":{"NodeSelectorTerms":[{"MatchExpressions":[{"Key":"foo""#));
    // Back from GA to beta is a change too; setting affinity where there was none is not.
    assert_eq!(persistent_volume(&old, Some(&ga)).len(), 1);
    assert!(persistent_volume(&ga, Some(&volume(|_| {}))).is_empty());
}

fn claim(edit: impl FnOnce(&mut PersistentVolumeClaimSpec)) -> PersistentVolumeClaim {
    let mut spec = PersistentVolumeClaimSpec {
        access_modes: modes(&["ReadWriteOnce", "ReadOnlyMany"]),
        resources: VolumeResourceRequirements { requests: resources(&[("storage", "10G")]), ..Default::default() },
        ..PersistentVolumeClaimSpec::default()
    };
    edit(&mut spec);
    PersistentVolumeClaim {
        metadata: ObjectMeta { name: "foo".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec,
        ..PersistentVolumeClaim::default()
    }
}

#[test]
fn claims_as_upstream_scenarios() {
    use ErrorType::{Forbidden, Invalid, NotSupported, Required};
    #[allow(clippy::type_complexity, reason = "a test table")]
    let cases: Vec<(&str, Box<dyn FnOnce(&mut PersistentVolumeClaimSpec)>, Vec<(ErrorType, &str)>)> = vec![
        ("good-claim", Box::new(|_| {}), vec![]),
        (
            "invalid-claim-zero-capacity",
            Box::new(|s| s.resources.requests = resources(&[("storage", "0G")])),
            vec![(Invalid, "spec.resources[storage]")],
        ),
        (
            "missing-storage-request",
            Box::new(|s| s.resources.requests.clear()),
            vec![(Required, "spec.resources[storage]")],
        ),
        ("missing-accessmodes", Box::new(|s| s.access_modes.clear()), vec![(Required, "spec.accessModes")]),
        (
            "invalid-accessmode",
            Box::new(|s| s.access_modes = modes(&["fakemode"])),
            vec![(NotSupported, "spec.accessModes")],
        ),
        (
            "with-read-write-once-pod-and-others",
            Box::new(|s| s.access_modes = modes(&["ReadWriteOncePod", "ReadWriteMany"])),
            vec![(Forbidden, "spec.accessModes")],
        ),
        (
            "invalid-storage-class-name",
            Box::new(|s| s.storage_class_name = Some("-invalid-".into())),
            vec![(Invalid, "spec.storageClassName")],
        ),
        (
            "invalid-volume-mode",
            Box::new(|s| s.volume_mode = Some(PersistentVolumeMode("fakeVolumeMode".into()))),
            vec![(NotSupported, "spec.volumeMode")],
        ),
        (
            "negative-storage-request",
            Box::new(|s| s.resources.requests = resources(&[("storage", "-10G")])),
            vec![(Invalid, "spec.resources[storage]")],
        ),
        (
            "invalid-data-source-kind",
            Box::new(|s| {
                s.data_source =
                    Some(TypedLocalObjectReference { api_group: None, kind: "Pod".into(), name: "p".into() })
            }),
            vec![(Invalid, "spec.dataSource")],
        ),
        (
            "missing-data-source-name",
            Box::new(|s| {
                s.data_source = Some(TypedLocalObjectReference {
                    api_group: None,
                    kind: "PersistentVolumeClaim".into(),
                    name: String::new(),
                })
            }),
            vec![(Required, "spec.dataSource.name")],
        ),
        (
            "mismatched-data-source-and-ref",
            Box::new(|s| {
                s.data_source = Some(TypedLocalObjectReference {
                    api_group: None,
                    kind: "PersistentVolumeClaim".into(),
                    name: "a".into(),
                });
                s.data_source_ref = Some(TypedObjectReference {
                    api_group: None,
                    kind: "PersistentVolumeClaim".into(),
                    name: "b".into(),
                    namespace: None,
                });
            }),
            vec![(Invalid, "spec")],
        ),
        (
            "data-source-with-cross-namespace-ref",
            Box::new(|s| {
                s.data_source = Some(TypedLocalObjectReference {
                    api_group: None,
                    kind: "PersistentVolumeClaim".into(),
                    name: "a".into(),
                });
                s.data_source_ref = Some(TypedObjectReference {
                    api_group: None,
                    kind: "PersistentVolumeClaim".into(),
                    name: "a".into(),
                    namespace: Some("other".into()),
                });
            }),
            vec![(Invalid, "spec")],
        ),
    ];
    for (name, edit, want) in cases {
        let got = kinds(&persistent_volume_claim(&claim(edit), None));
        let want: Vec<(ErrorType, String)> = want.into_iter().map(|(t, f)| (t, f.to_owned())).collect();
        assert_eq!(got, want, "{name}");
    }
    let errs = persistent_volume_claim(&claim(|s| s.access_modes.clear()), None);
    assert_eq!(errs[0].to_string(), "spec.accessModes: Required value: at least 1 access mode is required");
    let errs = persistent_volume_claim(
        &claim(|s| {
            s.data_source = Some(TypedLocalObjectReference { api_group: None, kind: "Pod".into(), name: "p".into() })
        }),
        None,
    );
    assert_eq!(
        errs[0].to_string(),
        "spec.dataSource: Invalid value: \"Pod\": must be 'PersistentVolumeClaim' when referencing the default apiGroup"
    );
}

fn bound(mut c: PersistentVolumeClaim, capacity: &str) -> PersistentVolumeClaim {
    c.status = PersistentVolumeClaimStatus {
        phase: PersistentVolumeClaimPhase("Bound".into()),
        capacity: resources(&[("storage", capacity)]),
        ..PersistentVolumeClaimStatus::default()
    };
    c
}

#[test]
fn claim_updates_as_upstream() {
    use ErrorType::{Forbidden, Invalid};
    let old = claim(|_| {});
    // The volume name may be set once.
    let named = claim(|s| s.volume_name = "pv".into());
    assert!(persistent_volume_claim(&named, Some(&old)).is_empty());
    let renamed = claim(|s| s.volume_name = "other".into());
    assert_eq!(kinds(&persistent_volume_claim(&renamed, Some(&named))), [(Forbidden, "spec".to_owned())]);
    // Access modes may not change.
    let rwx = claim(|s| s.access_modes = modes(&["ReadWriteMany"]));
    let errs = persistent_volume_claim(&rwx, Some(&old));
    assert_eq!(kinds(&errs), [(Forbidden, "spec".to_owned())]);
    assert!(errs[0].detail.starts_with(
        "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n"
    ));
    // A bound claim may grow, and shrink only to above its recorded capacity.
    let old_bound = bound(claim(|_| {}), "10G");
    let grown = bound(claim(|s| s.resources.requests = resources(&[("storage", "15G")])), "10G");
    assert!(persistent_volume_claim(&grown, Some(&old_bound)).is_empty());
    let old_grown = bound(claim(|s| s.resources.requests = resources(&[("storage", "15G")])), "10G");
    let back = bound(claim(|s| s.resources.requests = resources(&[("storage", "12G")])), "10G");
    assert!(persistent_volume_claim(&back, Some(&old_grown)).is_empty());
    let too_small = bound(claim(|s| s.resources.requests = resources(&[("storage", "10G")])), "10G");
    let errs = persistent_volume_claim(&too_small, Some(&old_grown));
    assert_eq!(
        errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["spec.resources.requests.storage: Forbidden: field can not be less than status.capacity"]
    );
    // An unbound claim may not change its request.
    let unbound_grown = claim(|s| s.resources.requests = resources(&[("storage", "15G")]));
    assert_eq!(kinds(&persistent_volume_claim(&unbound_grown, Some(&old))), [(Forbidden, "spec".to_owned())]);
    // A storage class may be set from nil, but not changed once set.
    let classed = claim(|s| s.storage_class_name = Some("fast".into()));
    assert!(persistent_volume_claim(&classed, Some(&old)).is_empty());
    let reclassed = claim(|s| s.storage_class_name = Some("slow".into()));
    assert_eq!(kinds(&persistent_volume_claim(&reclassed, Some(&classed))), [(Forbidden, "spec".to_owned())]);
    // The beta annotation may not change.
    let mut annotated = claim(|_| {});
    annotated.metadata.annotations.insert(BETA_STORAGE_CLASS.into(), "a".into());
    let mut reannotated = claim(|_| {});
    reannotated.metadata.annotations.insert(BETA_STORAGE_CLASS.into(), "b".into());
    assert_eq!(
        kinds(&persistent_volume_claim(&reannotated, Some(&annotated))),
        [(Invalid, "metadata.annotations.volume.beta.kubernetes.io/storage-class".to_owned())]
    );
    // The class in the annotation may move into the field.
    let upgraded = {
        let mut c = claim(|s| s.storage_class_name = Some("a".into()));
        c.metadata.annotations.insert(BETA_STORAGE_CLASS.into(), "a".into());
        c
    };
    assert!(persistent_volume_claim(&upgraded, Some(&annotated)).is_empty());
    // A volume attributes class, once set, may change but not be removed or emptied.
    let vac = |v: Option<&str>| bound(claim(|s| s.volume_attributes_class_name = v.map(Into::into)), "10G");
    assert!(persistent_volume_claim(&vac(Some("b")), Some(&vac(Some("a")))).is_empty());
    assert_eq!(
        persistent_volume_claim(&vac(None), Some(&vac(Some("a")))).iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n  spec.volumeAttributesClassName: changed\n",
            "spec.volumeAttributesClassName: Forbidden: update from non-nil value to nil is forbidden"
        ]
    );
    assert_eq!(
        persistent_volume_claim(&vac(Some("")), Some(&vac(Some("a"))))
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["spec.volumeAttributesClassName: Forbidden: update from non-nil value to an empty string is forbidden"]
    );
}

#[test]
fn claim_status_updates_as_upstream() {
    use ErrorType::{Invalid, NotSupported, Required};
    let mut c = claim(|_| {});
    assert!(persistent_volume_claim_status(&c).is_empty());
    c.status.capacity = resources(&[("storage", "-5G")]);
    c.status.allocated_resources = resources(&[("storage", "10G"), ("cpu", "1")]);
    c.status.allocated_resource_statuses = [
        (ResourceName("storage".into()), ClaimResourceStatus("NodeResizePending".into())),
        (ResourceName("example.com/foo".into()), ClaimResourceStatus("Bogus".into())),
    ]
    .into_iter()
    .collect();
    let errs = persistent_volume_claim_status(&c);
    assert_eq!(
        kinds(&errs),
        [
            (Invalid, "status.capacity[storage]".to_owned()),
            (NotSupported, "status.allocatedResourceStatus".to_owned()),
            (NotSupported, "status.allocatedResources".to_owned()),
        ]
    );
    assert_eq!(
        errs[0].to_string(),
        "status.capacity[storage]: Invalid value: -5000000000: must be a valid resource quantity"
    );
    c = claim(|s| s.access_modes.clear());
    assert_eq!(kinds(&persistent_volume_claim_status(&c)), [(Required, "Spec.accessModes".to_owned())]);
}

fn affinity_with(values: &[&str], fields: Vec<NodeSelectorRequirement>) -> Option<VolumeNodeAffinity> {
    let mut a = affinity("foo");
    if let Some(term) = a.as_mut().and_then(|a| a.required.as_mut()).and_then(|r| r.node_selector_terms.as_mut()) {
        term[0].match_expressions[0].values = values.iter().map(|v| (*v).into()).collect();
        term[0].match_fields = fields;
    }
    a
}

#[test]
fn persistent_volume_node_affinity_checks_match_fields_as_pod_affinity_does() {
    // Upstream validates a volume's required affinity with the same `ValidateNodeSelector` as a
    // pod's: match fields accept only `In`/`NotIn` on `metadata.name` with one value.
    let field = |key: &str, op: &str, values: &[&str]| NodeSelectorRequirement {
        key: key.into(),
        operator: NodeSelectorOperator(op.into()),
        values: values.iter().map(|v| (*v).into()).collect(),
    };
    let good =
        volume(|s| s.node_affinity = affinity_with(&["zone-a"], vec![field("metadata.name", "In", &["node-1"])]));
    assert!(persistent_volume(&good, None).is_empty());
    let bad = volume(|s| {
        s.node_affinity = affinity_with(
            &["zone-a"],
            vec![field("metadata.name", "In", &["a", "b"]), field("spec.nodeName", "Exists", &[])],
        );
    });
    let at = "spec.nodeAffinity.required.nodeSelectorTerms[0].matchFields";
    assert_eq!(
        kinds(&persistent_volume(&bad, None)),
        [
            (ErrorType::Required, format!("{at}[0].values")),
            (ErrorType::Invalid, format!("{at}[1].operator")),
            (ErrorType::Invalid, format!("{at}[1].key")),
        ]
    );
}

#[test]
fn persistent_volume_update_keeps_invalid_label_values_the_old_volume_had() {
    // Upstream's `ValidationOptionsForPersistentVolume`: a value no longer accepted ("-1") is
    // refused on create, and allowed on update only when the old volume already had one.
    let invalid = volume(|s| s.node_affinity = affinity_with(&["-1"], vec![]));
    let at = "spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]";
    assert_eq!(kinds(&persistent_volume(&invalid, None)), [(ErrorType::Invalid, at.to_owned())]);
    assert!(persistent_volume(&invalid, Some(&invalid)).is_empty());
    let valid = volume(|s| s.node_affinity = affinity_with(&["zone-a"], vec![]));
    let errs = persistent_volume(&invalid, Some(&valid));
    assert!(errs.iter().any(|e| e.field == at), "{errs:?}");
    assert!(has_invalid_label_value(invalid.spec.node_affinity.as_ref()));
    assert!(!has_invalid_label_value(valid.spec.node_affinity.as_ref()));
    assert!(!has_invalid_label_value(None));
}

/// The checks inside each source a persistent volume may have (upstream's
/// `validate…PersistentVolumeSource` and the pod volume checks the volume shares).
#[test]
fn persistent_volume_sources_are_checked_inside() {
    use crate::core::v1::{
        AzureFilePersistentVolumeSource, CephFSPersistentVolumeSource, CinderPersistentVolumeSource,
        FlexPersistentVolumeSource, GlusterfsPersistentVolumeSource, HostPathType, ISCSIPersistentVolumeSource,
        ObjectReference, PhotonPersistentDiskVolumeSource, PortworxVolumeSource, RBDPersistentVolumeSource,
        ScaleIOPersistentVolumeSource, StorageOSPersistentVolumeSource, VsphereVirtualDiskVolumeSource,
    };
    use ErrorType::{Invalid, NotSupported, Required};
    let with = |src: PersistentVolumeSource| volume(move |s| s.persistent_volume_source = src);
    let none = PersistentVolumeSource::default;
    type Case = (&'static str, PersistentVolume, Vec<(ErrorType, &'static str)>);
    let cases: Vec<Case> = vec![
        (
            "host path type",
            with(PersistentVolumeSource {
                host_path: Some(Box::new(HostPathVolumeSource {
                    path: "/a".into(),
                    r#type: Some(HostPathType("Nope".into())),
                })),
                ..none()
            }),
            vec![(NotSupported, "spec.hostPath.type")],
        ),
        (
            "gce partition",
            with(PersistentVolumeSource {
                gce_persistent_disk: Some(Box::new(GCEPersistentDiskVolumeSource {
                    partition: 256,
                    ..Default::default()
                })),
                ..none()
            }),
            vec![(Required, "spec.persistentDisk.pdName"), (Invalid, "spec.persistentDisk.partition")],
        ),
        (
            "glusterfs endpoints namespace",
            with(PersistentVolumeSource {
                glusterfs: Some(Box::new(GlusterfsPersistentVolumeSource {
                    endpoints_namespace: Some(String::new()),
                    ..Default::default()
                })),
                ..none()
            }),
            vec![
                (Required, "spec.glusterfs.endpoints"),
                (Required, "spec.glusterfs.path"),
                (Invalid, "spec.glusterfs.endpointsNamespace"),
            ],
        ),
        (
            "rbd",
            with(PersistentVolumeSource { rbd: Some(Box::new(RBDPersistentVolumeSource::default())), ..none() }),
            vec![(Required, "spec.rbd.monitors"), (Required, "spec.rbd.image")],
        ),
        (
            "cephfs",
            with(PersistentVolumeSource { cephfs: Some(Box::new(CephFSPersistentVolumeSource::default())), ..none() }),
            vec![(Required, "spec.cephfs.monitors")],
        ),
        (
            "cinder secret without namespace",
            with(PersistentVolumeSource {
                cinder: Some(Box::new(CinderPersistentVolumeSource {
                    volume_id: "v".into(),
                    secret_ref: Some(SecretReference { name: "s".into(), namespace: String::new() }),
                    ..Default::default()
                })),
                ..none()
            }),
            vec![(Required, "spec.cinder.secretRef.namespace")],
        ),
        (
            "flex reserved option",
            with(PersistentVolumeSource {
                flex_volume: Some(Box::new(FlexPersistentVolumeSource {
                    driver: "d".into(),
                    options: [("kubernetes.io/x".to_owned(), "y".to_owned())].into_iter().collect(),
                    ..Default::default()
                })),
                ..none()
            }),
            vec![(Invalid, "spec.flexVolume.options[kubernetes.io/x]")],
        ),
        (
            "azure file empty secret namespace",
            with(PersistentVolumeSource {
                azure_file: Some(Box::new(AzureFilePersistentVolumeSource {
                    secret_name: "s".into(),
                    share_name: "sh".into(),
                    secret_namespace: Some(String::new()),
                    ..Default::default()
                })),
                ..none()
            }),
            vec![(Required, "spec.azureFile.secretNamespace")],
        ),
        (
            "vsphere",
            with(PersistentVolumeSource {
                vsphere_volume: Some(Box::new(VsphereVirtualDiskVolumeSource::default())),
                ..none()
            }),
            vec![(Required, "spec.vsphereVolume.volumePath")],
        ),
        (
            "photon",
            with(PersistentVolumeSource {
                photon_persistent_disk: Some(Box::new(PhotonPersistentDiskVolumeSource::default())),
                ..none()
            }),
            vec![(Required, "spec.photonPersistentDisk.pdID")],
        ),
        (
            "portworx",
            with(PersistentVolumeSource { portworx_volume: Some(Box::new(PortworxVolumeSource::default())), ..none() }),
            vec![(Required, "spec.portworxVolume.volumeID")],
        ),
        (
            "scaleio",
            with(PersistentVolumeSource {
                scale_io: Some(Box::new(ScaleIOPersistentVolumeSource::default())),
                ..none()
            }),
            vec![
                (Required, "spec.scaleIO.gateway"),
                (Required, "spec.scaleIO.system"),
                (Required, "spec.scaleIO.volumeName"),
            ],
        ),
        (
            "storageos",
            with(PersistentVolumeSource {
                storageos: Some(Box::new(StorageOSPersistentVolumeSource {
                    volume_name: "Bad_Name".into(),
                    secret_ref: Some(ObjectReference { name: "s".into(), ..Default::default() }),
                    ..Default::default()
                })),
                ..none()
            }),
            vec![(Invalid, "spec.storageos.volumeName"), (Required, "spec.storageos.secretRef.namespace")],
        ),
    ];
    for (name, pv, want) in cases {
        let want: Vec<(ErrorType, String)> = want.into_iter().map(|(t, f)| (t, f.to_owned())).collect();
        assert_eq!(kinds(&persistent_volume(&pv, None)), want, "{name}");
    }

    // iSCSI: the portal with the volume's name is limited when an initiator is named, and a
    // name of the wrong shape is only `must be valid format` (a pod's says how to start it).
    let iscsi = |iqn: &str, initiator: Option<&str>, pv_name: &str| {
        let mut pv = with(PersistentVolumeSource {
            iscsi: Some(Box::new(ISCSIPersistentVolumeSource {
                target_portal: "127.0.0.1:3260".into(),
                iqn: iqn.into(),
                initiator_name: initiator.map(Into::into),
                chap_auth_session: true,
                secret_ref: Some(SecretReference::default()),
                ..Default::default()
            })),
            ..none()
        });
        pv.metadata.name = pv_name.into();
        persistent_volume(&pv, None).iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    assert_eq!(
        iscsi("iqn.2015-02.example.com:test", Some("iqn.2015-02.example.com:init"), "foo"),
        ["spec.iscsi.secretRef.name: Required value"]
    );
    assert_eq!(
        iscsi("x.2015-02.example.com:test", Some("bad"), &"a".repeat(50)),
        [
            "spec.iscsi.targetportal: Invalid value: \"127.0.0.1:3260\": Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.",
            "spec.iscsi.iqn: Invalid value: \"x.2015-02.example.com:test\": must be valid format",
            "spec.iscsi.secretRef.name: Required value",
            "spec.iscsi.initiatorname: Invalid value: \"bad\": must be valid format",
        ]
    );
}
