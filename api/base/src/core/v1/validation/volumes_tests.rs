//! Cases for pod volume sources, after upstream's `TestValidateVolumes` (case names, error types and fields) and `TestValidateProjectedVolumeSource`-style inputs, with the paths and messages of upstream's source.

use std::collections::BTreeMap;

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::{ErrorType, Path};

use super::super::affinity::tests::{Case, run_table, spec, strings};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    AzureDataDiskKind, AzureDiskVolumeSource, CSIVolumeSource, ConfigMapProjection, DownwardAPIVolumeFile,
    DownwardAPIVolumeSource, EmptyDirVolumeSource, EphemeralVolumeSource, FCVolumeSource, FlexVolumeSource,
    GCEPersistentDiskVolumeSource, GitRepoVolumeSource, HostPathType, HostPathVolumeSource, ISCSIVolumeSource,
    ImageVolumeSource, KeyToPath, LocalObjectReference, ObjectFieldSelector, PodSpec, ProjectedVolumeSource,
    PullPolicy, ResourceFieldSelector, SecretProjection, SecretVolumeSource, ServiceAccountTokenProjection, Volume,
    VolumeProjection, VolumeSource,
};

fn vol(s: &mut PodSpec, name: &str, source: VolumeSource) {
    s.volumes = vec![Volume { name: name.into(), volume_source: source }];
}

fn iscsi(portal: &str, iqn: &str) -> ISCSIVolumeSource {
    ISCSIVolumeSource {
        target_portal: portal.into(),
        iqn: iqn.into(),
        lun: 1,
        fs_type: "ext4".into(),
        ..Default::default()
    }
}

fn with_iscsi(s: &mut PodSpec, i: ISCSIVolumeSource) {
    vol(s, "iscsi", VolumeSource { iscsi: Some(Box::new(i)), ..Default::default() });
}

fn downward(items: Vec<DownwardAPIVolumeFile>) -> VolumeSource {
    VolumeSource {
        downward_api: Some(Box::new(DownwardAPIVolumeSource { items, ..Default::default() })),
        ..Default::default()
    }
}

fn field_file(path: &str, field: &str) -> DownwardAPIVolumeFile {
    DownwardAPIVolumeFile {
        path: path.into(),
        field_ref: Some(ObjectFieldSelector { api_version: "v1".into(), field_path: field.into() }),
        ..Default::default()
    }
}

fn errors(s: &PodSpec) -> Vec<String> {
    strings(&validate_pod_spec(s, &Path::new("spec")))
}

#[test]
fn volume_sources_from_upstream() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "valid GitRepo",
            Box::new(|s| {
                let g = GitRepoVolumeSource {
                    repository: "my-repo".into(),
                    revision: "hashstring".into(),
                    directory: "target".into(),
                };
                vol(s, "git-repo", VolumeSource { git_repo: Some(Box::new(g)), ..Default::default() });
            }),
            vec![],
        ),
        (
            "GitRepo contains ..",
            Box::new(|s| {
                let g = GitRepoVolumeSource {
                    repository: "foo".into(),
                    directory: "../dots/bar".into(),
                    ..Default::default()
                };
                vol(s, "gitrepo", VolumeSource { git_repo: Some(Box::new(g)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].gitRepo.directory")],
        ),
        (
            "GitRepo absolute target",
            Box::new(|s| {
                let g = GitRepoVolumeSource {
                    repository: "foo".into(),
                    directory: "/abstarget".into(),
                    ..Default::default()
                };
                vol(s, "gitrepo", VolumeSource { git_repo: Some(Box::new(g)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].gitRepo.directory")],
        ),
        ("valid ISCSI", Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "iqn.2015-02.example.com:test"))), vec![]),
        ("valid IQN: eui format", Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "eui.0123456789ABCDEF"))), vec![]),
        (
            "valid IQN: naa format",
            Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "naa.62004567BA64678D0123456789ABCDEF"))),
            vec![],
        ),
        (
            "empty portal",
            Box::new(|s| with_iscsi(s, iscsi("", "iqn.2015-02.example.com:test"))),
            vec![(Required, "spec.volumes[0].iscsi.targetPortal")],
        ),
        (
            "empty iqn",
            Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", ""))),
            vec![(Required, "spec.volumes[0].iscsi.iqn")],
        ),
        (
            "invalid IQN: iqn format",
            Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "iqn.2015-02.example.com:test;ls;"))),
            vec![(Invalid, "spec.volumes[0].iscsi.iqn")],
        ),
        (
            "invalid IQN: eui format",
            Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "eui.0123456789ABCDEFGHIJ"))),
            vec![(Invalid, "spec.volumes[0].iscsi.iqn")],
        ),
        (
            "invalid IQN: naa format",
            Box::new(|s| with_iscsi(s, iscsi("127.0.0.1", "naa.62004567BA_4-78D.123456789ABCDEF"))),
            vec![(Invalid, "spec.volumes[0].iscsi.iqn")],
        ),
        (
            "valid initiatorName",
            Box::new(|s| {
                let mut i = iscsi("127.0.0.1", "iqn.2015-02.example.com:test");
                i.initiator_name = Some("iqn.2015-02.example.com:init".into());
                with_iscsi(s, i);
            }),
            vec![],
        ),
        (
            "invalid initiatorName",
            Box::new(|s| {
                let mut i = iscsi("127.0.0.1", "iqn.2015-02.example.com:test");
                i.initiator_name = Some("invalid".into());
                with_iscsi(s, i);
            }),
            vec![(Invalid, "spec.volumes[0].iscsi.initiatorname")],
        ),
        (
            "empty secret",
            Box::new(|s| {
                let mut i = iscsi("127.0.0.1", "iqn.2015-02.example.com:test");
                i.chap_auth_discovery = true;
                with_iscsi(s, i);
            }),
            vec![(Required, "spec.volumes[0].iscsi.secretRef")],
        ),
        (
            "invalid lun",
            Box::new(|s| {
                let mut i = iscsi("127.0.0.1", "iqn.2015-02.example.com:test");
                i.lun = 256;
                with_iscsi(s, i);
            }),
            vec![(Invalid, "spec.volumes[0].iscsi.lun")],
        ),
        (
            "iscsi name too long with an initiator",
            Box::new(|s| {
                let mut i = iscsi(&"a".repeat(40), "iqn.2015-02.example.com:test");
                i.initiator_name = Some("iqn.2015-02.example.com:init".into());
                s.volumes = vec![Volume {
                    name: "v".repeat(30),
                    volume_source: VolumeSource { iscsi: Some(Box::new(i)), ..Default::default() },
                }];
            }),
            vec![(Invalid, "spec.volumes[0].name")],
        ),
        (
            "downapi valid",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("labels", "metadata.labels")]))),
            vec![],
        ),
        (
            "downapi empty metatada path",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("", "metadata.labels")]))),
            vec![(Required, "spec.volumes[0].downwardAPI.path")],
        ),
        (
            "downapi absolute path",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("/absolutepath", "metadata.labels")]))),
            vec![(Invalid, "spec.volumes[0].downwardAPI.path")],
        ),
        (
            "downapi dot dot path",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("../../passwd", "metadata.labels")]))),
            vec![(Invalid, "spec.volumes[0].downwardAPI.path")],
        ),
        (
            "downapi dot dot file name",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("..badFileName", "metadata.labels")]))),
            vec![(Invalid, "spec.volumes[0].downwardAPI.path")],
        ),
        (
            "downapi unsupported field path",
            Box::new(|s| vol(s, "downapi", downward(vec![field_file("node", "spec.nodeName")]))),
            vec![(NotSupported, "spec.volumes[0].downwardAPI.fieldRef.fieldPath")],
        ),
        (
            "downapi fieldRef and ResourceFieldRef together",
            Box::new(|s| {
                let mut f = field_file("test", "metadata.labels");
                f.resource_field_ref = Some(ResourceFieldSelector {
                    container_name: "test-container".into(),
                    resource: "requests.memory".into(),
                    divisor: Quantity::zero(),
                });
                vol(s, "downapi", downward(vec![f]));
            }),
            vec![(Invalid, "spec.volumes[0].downwardAPI")],
        ),
        (
            "downapi resourceFieldRef without a container",
            Box::new(|s| {
                let f = DownwardAPIVolumeFile {
                    path: "mem".into(),
                    resource_field_ref: Some(ResourceFieldSelector {
                        resource: "limits.memory".into(),
                        ..Default::default()
                    }),
                    ..Default::default()
                };
                vol(s, "downapi", downward(vec![f]));
            }),
            vec![(Required, "spec.volumes[0].downwardAPI.resourceFieldRef.containerName")],
        ),
        (
            "downapi invalid positive defaultMode",
            Box::new(|s| {
                let mut src = downward(vec![]);
                if let Some(d) = &mut src.downward_api {
                    d.default_mode = Some(0o1000);
                }
                vol(s, "downapi", src);
            }),
            vec![(Invalid, "spec.volumes[0].downwardAPI.defaultMode")],
        ),
        (
            "valid FC",
            Box::new(|s| {
                let f = FCVolumeSource {
                    target_wwns: vec!["some_wwn".into()],
                    lun: Some(1),
                    fs_type: "ext4".into(),
                    ..Default::default()
                };
                vol(s, "fc", VolumeSource { fc: Some(Box::new(f)), ..Default::default() });
            }),
            vec![],
        ),
        (
            "fc empty wwn and wwid",
            Box::new(|s| {
                vol(
                    s,
                    "fc",
                    VolumeSource {
                        fc: Some(Box::new(FCVolumeSource { lun: Some(1), ..Default::default() })),
                        ..Default::default()
                    },
                )
            }),
            vec![(Required, "spec.volumes[0].fc.targetWWNs")],
        ),
        (
            "fc invalid: both wwn and wwid",
            Box::new(|s| {
                let f = FCVolumeSource {
                    target_wwns: vec!["some_wwn".into()],
                    wwids: vec!["some_wwid".into()],
                    lun: Some(1),
                    ..Default::default()
                };
                vol(s, "fc", VolumeSource { fc: Some(Box::new(f)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].fc.targetWWNs")],
        ),
        (
            "fc invalid: wwn missing lun",
            Box::new(|s| {
                let f = FCVolumeSource { target_wwns: vec!["wwn".into()], ..Default::default() };
                vol(s, "fc", VolumeSource { fc: Some(Box::new(f)), ..Default::default() });
            }),
            vec![(Required, "spec.volumes[0].fc.lun")],
        ),
        (
            "flexvolume reserved namespace",
            Box::new(|s| {
                let f = FlexVolumeSource {
                    driver: "kubernetes.io/blue".into(),
                    options: BTreeMap::from([("kubernetes.io/secret".to_owned(), "x".to_owned())]),
                    ..Default::default()
                };
                vol(s, "flex", VolumeSource { flex_volume: Some(Box::new(f)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].flexVolume.options[kubernetes.io/secret]")],
        ),
        (
            "gcePersistentDisk reported at persistentDisk",
            Box::new(|s| {
                let d = GCEPersistentDiskVolumeSource { partition: 256, ..Default::default() };
                vol(s, "pd", VolumeSource { gce_persistent_disk: Some(Box::new(d)), ..Default::default() });
            }),
            vec![
                (Required, "spec.volumes[0].persistentDisk.pdName"),
                (Invalid, "spec.volumes[0].persistentDisk.partition"),
            ],
        ),
        (
            "AzureDisk invalid managed disk URI",
            Box::new(|s| {
                let a = AzureDiskVolumeSource {
                    disk_name: "foo".into(),
                    disk_uri: "https://blob/vhds/bar.vhd".into(),
                    kind: Some(AzureDataDiskKind("Managed".into())),
                    ..Default::default()
                };
                vol(s, "azure", VolumeSource { azure_disk: Some(Box::new(a)), ..Default::default() });
            }),
            vec![(NotSupported, "spec.volumes[0].azureDisk.diskURI")],
        ),
        (
            "valid CSI driver name",
            Box::new(|s| {
                let c = CSIVolumeSource { driver: "com.google.gcepd".into(), ..Default::default() };
                vol(s, "csi", VolumeSource { csi: Some(Box::new(c)), ..Default::default() });
            }),
            vec![],
        ),
        (
            "CSI driver name with invalid characters",
            Box::new(|s| {
                let c = CSIVolumeSource { driver: "comgooglegcepd/".into(), ..Default::default() };
                vol(s, "csi", VolumeSource { csi: Some(Box::new(c)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].csi.driver")],
        ),
        (
            "CSI driver name too long",
            Box::new(|s| {
                let c = CSIVolumeSource { driver: "a".repeat(64), ..Default::default() };
                vol(s, "csi", VolumeSource { csi: Some(Box::new(c)), ..Default::default() });
            }),
            vec![(TooLong, "spec.volumes[0].csi.driver")],
        ),
        (
            "CSI nodePublishSecretRef without a name",
            Box::new(|s| {
                let c = CSIVolumeSource {
                    driver: "com.google.gcepd".into(),
                    node_publish_secret_ref: Some(LocalObjectReference { name: String::new() }),
                    ..Default::default()
                };
                vol(s, "csi", VolumeSource { csi: Some(Box::new(c)), ..Default::default() });
            }),
            vec![(Required, "spec.volumes[0].csi.nodePublishSecretRef.name")],
        ),
        (
            "ephemeral without a claim template",
            Box::new(|s| {
                vol(
                    s,
                    "eph",
                    VolumeSource { ephemeral: Some(Box::new(EphemeralVolumeSource::default())), ..Default::default() },
                )
            }),
            vec![(Required, "spec.volumes[0].ephemeral.volumeClaimTemplate")],
        ),
        (
            "ephemeral claim template without access modes or storage",
            Box::new(|s| {
                let e = EphemeralVolumeSource { volume_claim_template: Some(Default::default()) };
                vol(s, "eph", VolumeSource { ephemeral: Some(Box::new(e)), ..Default::default() });
            }),
            vec![
                (Required, "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes"),
                (Required, "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]"),
            ],
        ),
        (
            // Upstream's `ValidateTemplateObjectMeta`: only annotations and labels may be set, the
            // rest is `Forbidden` at the Go field's name with its first letter lowered.
            "ephemeral claim template metadata with a name, a uid and a bad annotation",
            Box::new(|s| {
                let mut t = crate::core::v1::PersistentVolumeClaimTemplate::default();
                t.metadata.name = "claim".into();
                t.metadata.uid = "u-1".into();
                t.metadata.finalizers = vec!["f".into()];
                t.metadata.annotations = BTreeMap::from([("a/b/c".to_owned(), String::new())]);
                t.metadata.labels = BTreeMap::from([("ok".to_owned(), "yes".to_owned())]);
                let e = EphemeralVolumeSource { volume_claim_template: Some(t) };
                vol(s, "eph", VolumeSource { ephemeral: Some(Box::new(e)), ..Default::default() });
            }),
            vec![
                (Invalid, "spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.annotations"),
                (Forbidden, "spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.name"),
                (Forbidden, "spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.uID"),
                (Forbidden, "spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.finalizers"),
                (Required, "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes"),
                (Required, "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]"),
            ],
        ),
        (
            "image volume with an unknown pull policy",
            Box::new(|s| {
                let i = ImageVolumeSource { reference: "img".into(), pull_policy: PullPolicy("Sometimes".into()) };
                vol(s, "img", VolumeSource { image: Some(Box::new(i)), ..Default::default() });
            }),
            vec![(NotSupported, "spec.volumes[0].image.pullPolicy")],
        ),
        (
            "hostPath type unknown and a backstep",
            Box::new(|s| {
                let h = HostPathVolumeSource { path: "/a/../b".into(), r#type: Some(HostPathType("Pipe".into())) };
                vol(s, "host", VolumeSource { host_path: Some(Box::new(h)), ..Default::default() });
            }),
            vec![(Invalid, "spec.volumes[0].hostPath.path"), (NotSupported, "spec.volumes[0].hostPath.type")],
        ),
        (
            "emptyDir first among two sources",
            Box::new(|s| {
                let h = HostPathVolumeSource { path: "/a".into(), r#type: None };
                vol(
                    s,
                    "two",
                    VolumeSource {
                        host_path: Some(Box::new(h)),
                        empty_dir: Some(Box::new(EmptyDirVolumeSource::default())),
                        ..Default::default()
                    },
                );
            }),
            vec![(Forbidden, "spec.volumes[0].hostPath")],
        ),
        (
            "downwardAPI refused at upstream's misspelt path",
            Box::new(|s| {
                let mut src = downward(vec![]);
                src.secret = Some(Box::new(SecretVolumeSource { secret_name: "s".into(), ..Default::default() }));
                vol(s, "two", src);
            }),
            vec![(Forbidden, "spec.volumes[0].downwarAPI")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    vol(
        &mut s,
        "e",
        VolumeSource {
            empty_dir: Some(Box::new(EmptyDirVolumeSource {
                size_limit: Some(Quantity::parse("-1").expect("parses")),
                ..Default::default()
            })),
            ..Default::default()
        },
    );
    assert_eq!(
        errors(&s),
        ["spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity"]
    );
    let mut s = spec();
    with_iscsi(&mut s, iscsi("127.0.0.1", "abc"));
    assert_eq!(
        errors(&s),
        [r#"spec.volumes[0].iscsi.iqn: Invalid value: "abc": must be valid format starting with iqn, eui, or naa"#]
    );
}

fn projection(sources: Vec<VolumeProjection>) -> VolumeSource {
    VolumeSource {
        projected: Some(Box::new(ProjectedVolumeSource { sources: Some(sources), ..Default::default() })),
        ..Default::default()
    }
}

fn secret_projection(name: &str, path: &str) -> SecretProjection {
    SecretProjection {
        local_object_reference: LocalObjectReference { name: name.into() },
        items: vec![KeyToPath { key: "k".into(), path: path.into(), ..Default::default() }],
        optional: None,
    }
}

#[test]
fn projected_volumes() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "valid projection",
            Box::new(|s| {
                vol(
                    s,
                    "p",
                    projection(vec![
                        VolumeProjection { secret: Some(Box::new(secret_projection("s", "a"))), ..Default::default() },
                        VolumeProjection {
                            service_account_token: Some(Box::new(ServiceAccountTokenProjection {
                                path: "token".into(),
                                expiration_seconds: Some(3600),
                                ..Default::default()
                            })),
                            ..Default::default()
                        },
                    ]),
                );
            }),
            vec![],
        ),
        (
            "more than one kind in a source",
            Box::new(|s| {
                vol(
                    s,
                    "p",
                    projection(vec![VolumeProjection {
                        secret: Some(Box::new(secret_projection("s", "a"))),
                        config_map: Some(Box::new(ConfigMapProjection {
                            local_object_reference: LocalObjectReference { name: "c".into() },
                            items: vec![],
                            optional: None,
                        })),
                        ..Default::default()
                    }]),
                );
            }),
            vec![(Forbidden, "spec.volumes[0].projected.sources[0]")],
        ),
        (
            "conflicting duplicate paths",
            Box::new(|s| {
                vol(
                    s,
                    "p",
                    projection(vec![
                        VolumeProjection {
                            secret: Some(Box::new(secret_projection("s", "same"))),
                            ..Default::default()
                        },
                        VolumeProjection {
                            secret: Some(Box::new(secret_projection("t", "same"))),
                            ..Default::default()
                        },
                    ]),
                );
            }),
            vec![(Invalid, "spec.volumes[0].projected")],
        ),
        (
            "token expiring too soon, without a path",
            Box::new(|s| {
                vol(
                    s,
                    "p",
                    projection(vec![VolumeProjection {
                        service_account_token: Some(Box::new(ServiceAccountTokenProjection {
                            expiration_seconds: Some(60),
                            ..Default::default()
                        })),
                        ..Default::default()
                    }]),
                );
            }),
            vec![
                (Invalid, "spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds"),
                (Required, "spec.volumes[0].projected.path"),
            ],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    vol(
        &mut s,
        "p",
        projection(vec![
            VolumeProjection { secret: Some(Box::new(secret_projection("s", "same"))), ..Default::default() },
            VolumeProjection { secret: Some(Box::new(secret_projection("t", "same"))), ..Default::default() },
        ]),
    );
    assert_eq!(errors(&s), [r#"spec.volumes[0].projected: Invalid value: "t": conflicting duplicate paths"#]);
}

fn trust_bundle_by_signer(signer: &str, selector: Option<crate::meta::v1::LabelSelector>) -> VolumeSource {
    projection(vec![VolumeProjection {
        cluster_trust_bundle: Some(Box::new(crate::core::v1::ClusterTrustBundleProjection {
            signer_name: Some(signer.into()),
            label_selector: selector,
            path: "bundle.pem".into(),
            ..Default::default()
        })),
        ..Default::default()
    }])
}

/// Upstream's `validateProjectionSources` for a trust bundle chosen by signer: the signer name
/// as `ValidateSignerName` checks it and the label selector (written from upstream's source).
#[test]
fn projected_trust_bundles_by_signer() {
    let at = "spec.volumes[0].projected.sources[0].clusterTrustBundle";
    let mut s = spec();
    vol(&mut s, "v", trust_bundle_by_signer("example.com/signer", None));
    assert_eq!(errors(&s), Vec::<String>::new());
    vol(&mut s, "v", trust_bundle_by_signer("example.com", None));
    assert_eq!(
        errors(&s),
        [format!(
            "{at}.signerName: Invalid value: \"example.com\": must be a fully qualified domain and path of the form 'example.com/signer-name'"
        )]
    );
    vol(&mut s, "v", trust_bundle_by_signer("example/signer", None));
    assert_eq!(
        errors(&s),
        [format!(
            "{at}.signerName: Invalid value: \"example\": should be a domain with at least two segments separated by dots"
        )]
    );
    // An empty signer is reported twice, as upstream's own check and `ValidateSignerName` both do.
    vol(&mut s, "v", trust_bundle_by_signer("", None));
    assert_eq!(
        errors(&s),
        [
            format!("{at}.signerName: Required value: must be a valid signer name"),
            format!("{at}.signerName: Required value")
        ]
    );
    let selector = crate::meta::v1::LabelSelector {
        match_labels: [("-bad".to_owned(), "v".to_owned())].into(),
        ..Default::default()
    };
    vol(&mut s, "v", trust_bundle_by_signer("example.com/signer", Some(selector)));
    let got = errors(&s);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(got[0].starts_with(&format!("{at}.labelSelector.matchLabels: Invalid value: \"-bad\"")), "{got:#?}");
}

fn image_volume(name: &str, reference: &str, pull_policy: &str) -> Volume {
    let i = ImageVolumeSource { reference: reference.into(), pull_policy: PullPolicy(pull_policy.into()) };
    Volume { name: name.into(), volume_source: VolumeSource { image: Some(Box::new(i)), ..Default::default() } }
}

/// Upstream's `TestValidateVolumes` cases under `// ImageVolumeSource`, for a pod (upstream's
/// `ResourceIsPod`) and for a template.
#[test]
fn image_volumes_from_upstream() {
    use crate::core::v1::validation::{PodValidationOptions, validate_pod_spec_with};
    let cases: [(&str, Volume, bool, &[&str]); 6] = [
        (
            "valid image volume on pod",
            image_volume("image-volume", "quay.io/my/artifact:v1", "IfNotPresent"),
            true,
            &[],
        ),
        (
            "image volume with empty name",
            image_volume("", "quay.io/my/artifact:v1", "IfNotPresent"),
            false,
            &["spec.volumes[0].name: Required value"],
        ),
        (
            "image volume with empty reference on pod",
            image_volume("image-volume", "", "IfNotPresent"),
            true,
            &["spec.volumes[0].image.reference: Required value"],
        ),
        (
            "image volume with empty reference on other object",
            image_volume("image-volume", "", "IfNotPresent"),
            false,
            &[],
        ),
        (
            "image volume with wrong pullPolicy",
            image_volume("image-volume", "quay.io/my/artifact:v1", "wrong"),
            false,
            &[
                r#"spec.volumes[0].image.pullPolicy: Unsupported value: "wrong": supported values: "Always", "IfNotPresent", "Never""#,
            ],
        ),
        (
            "image volume with no pull policy and no reference on pod",
            image_volume("image-volume", "", ""),
            true,
            &["spec.volumes[0].image.reference: Required value", "spec.volumes[0].image.pullPolicy: Required value"],
        ),
    ];
    for (name, volume, for_pod, want) in cases {
        let mut s = spec();
        s.volumes = vec![volume];
        let got = strings(&validate_pod_spec_with(&s, &Path::new("spec"), for_pod, &PodValidationOptions::default()));
        assert_eq!(got, want, "{name}");
    }
}

fn trust_bundle_by_name(name: &str) -> VolumeSource {
    projection(vec![VolumeProjection {
        cluster_trust_bundle: Some(Box::new(crate::core::v1::ClusterTrustBundleProjection {
            name: Some(name.into()),
            path: "bundle.pem".into(),
            ..Default::default()
        })),
        ..Default::default()
    }])
}

/// Upstream's `validateProjectionSources` for a trust bundle chosen by name: the name as
/// `ValidateClusterTrustBundleName` checks it for the signer the name itself points at
/// (`extractSignerNameFromClusterTrustBundleName`; written from upstream's source).
#[test]
fn projected_trust_bundles_by_name() {
    let at = "spec.volumes[0].projected.sources[0].clusterTrustBundle.name";
    let subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    let mut s = spec();
    for good in ["foo", "k8s.io:foo:bar", "example.com:signer:primary-bundle"] {
        vol(&mut s, "v", trust_bundle_by_name(good));
        assert_eq!(errors(&s), Vec::<String>::new(), "{good}");
    }
    vol(&mut s, "v", trust_bundle_by_name("Foo_Bar"));
    assert_eq!(
        errors(&s),
        [format!("{at}: Invalid value: \"Foo_Bar\": not a valid clustertrustbundlename: {subdomain}")]
    );
    // After the last `:` comes a subdomain; before it, the signer with `/` written as `:`.
    vol(&mut s, "v", trust_bundle_by_name("k8s.io:foo:Bar"));
    assert_eq!(
        errors(&s),
        [format!("{at}: Invalid value: \"k8s.io:foo:Bar\": not a valid clustertrustbundlename: {subdomain}")]
    );
    vol(&mut s, "v", trust_bundle_by_name("k8s.io/foo:bar"));
    assert_eq!(
        errors(&s),
        [format!(
            "{at}: Invalid value: \"k8s.io/foo:bar\": not a valid clustertrustbundlename: ClusterTrustBundle for signerName k8s.io/foo must be named with prefix k8s.io:foo:"
        )]
    );
    // A `:` with nothing before it points at no signer, whose bundles may not have one.
    vol(&mut s, "v", trust_bundle_by_name(":bar"));
    assert_eq!(
        errors(&s),
        [format!(
            "{at}: Invalid value: \":bar\": not a valid clustertrustbundlename: ClusterTrustBundle without signer name must not have \":\" in its name"
        )]
    );
    // An empty name is required and, as upstream goes on to check it, not a subdomain.
    vol(&mut s, "v", trust_bundle_by_name(""));
    assert_eq!(
        errors(&s),
        [
            format!("{at}: Required value: must be a valid object name"),
            format!("{at}: Invalid value: \"\": not a valid clustertrustbundlename: {subdomain}"),
        ]
    );
}

/// A projected pod certificate source asking `signer` for an ECDSA P-256 key in one bundle file.
fn pod_certificate(signer: &str) -> crate::core::v1::PodCertificateProjection {
    crate::core::v1::PodCertificateProjection {
        signer_name: signer.into(),
        key_type: "ECDSAP256".into(),
        credential_bundle_path: "credentialbundle.pem".into(),
        ..Default::default()
    }
}

fn with_pod_certificates(s: &mut PodSpec, sources: Vec<crate::core::v1::PodCertificateProjection>) {
    let sources =
        sources.into_iter().map(|c| VolumeProjection { pod_certificate: Some(Box::new(c)), ..Default::default() });
    vol(s, "v", projection(sources.collect()));
}

/// Upstream's `validateProjectionSources` for a pod certificate (written from upstream's source,
/// whose test cases were not available): the signer name, the key type, the expiration bounds,
/// and the files.
#[test]
fn projected_pod_certificates() {
    let at = "spec.volumes[0].projected.sources[0].podCertificate";
    let mut s = spec();
    with_pod_certificates(&mut s, vec![pod_certificate("example.com/signer")]);
    assert_eq!(errors(&s), Vec::<String>::new());
    let split = crate::core::v1::PodCertificateProjection {
        credential_bundle_path: String::new(),
        key_path: "key.pem".into(),
        certificate_chain_path: "chain.pem".into(),
        max_expiration_seconds: Some(91 * 86400),
        ..pod_certificate("example.com/signer")
    };
    with_pod_certificates(&mut s, vec![split]);
    assert_eq!(errors(&s), Vec::<String>::new());

    let bad = crate::core::v1::PodCertificateProjection {
        key_type: "DSA".into(),
        max_expiration_seconds: Some(3599),
        credential_bundle_path: String::new(),
        ..pod_certificate("example")
    };
    with_pod_certificates(&mut s, vec![bad]);
    assert_eq!(
        errors(&s),
        [
            format!(
                "{at}.signerName: Invalid value: \"example\": must be a fully qualified domain and path of the form 'example.com/signer-name'"
            ),
            format!(
                "{at}.keyType: Unsupported value: \"DSA\": supported values: \"RSA3072\", \"RSA4096\", \"ECDSAP256\", \"ECDSAP384\", \"ECDSAP521\", \"ED25519\""
            ),
            format!(
                "{at}.maxExpirationSeconds: Invalid value: 3599: if provided, maxExpirationSeconds must be >= 3600"
            ),
            format!(
                "{at}: Required value: specify at least one of credentialBundlePath, keyPath, and certificateChainPath"
            ),
        ]
    );
    let empty = crate::core::v1::PodCertificateProjection::default();
    with_pod_certificates(&mut s, vec![empty]);
    assert_eq!(
        errors(&s),
        [
            format!("{at}.signerName: Required value"),
            format!(
                "{at}.keyType: Unsupported value: \"\": supported values: \"RSA3072\", \"RSA4096\", \"ECDSAP256\", \"ECDSAP384\", \"ECDSAP521\", \"ED25519\""
            ),
            format!(
                "{at}: Required value: specify at least one of credentialBundlePath, keyPath, and certificateChainPath"
            ),
        ]
    );
}

/// `kubernetes.io` signers (the domain or under it) issue for a day at most, others for 91 days.
#[test]
fn projected_pod_certificate_lifetimes() {
    let at = "spec.volumes[0].projected.sources[0].podCertificate.maxExpirationSeconds";
    let lasting = |signer: &str, seconds: i32| crate::core::v1::PodCertificateProjection {
        max_expiration_seconds: Some(seconds),
        ..pod_certificate(signer)
    };
    let mut s = spec();
    for (signer, seconds) in [
        ("kubernetes.io/a", 86400),
        ("x.kubernetes.io/a", 3600),
        ("example.com/a", 7862400),
        ("kubernetes.iox/a", 86401),
    ] {
        with_pod_certificates(&mut s, vec![lasting(signer, seconds)]);
        assert_eq!(errors(&s), Vec::<String>::new(), "{signer} {seconds}");
    }
    with_pod_certificates(&mut s, vec![lasting("kubernetes.io/a", 86401)]);
    assert_eq!(errors(&s), [format!("{at}: Invalid value: 86401: if provided, maxExpirationSeconds must be <= 86400")]);
    with_pod_certificates(&mut s, vec![lasting("sub.kubernetes.io/a", 86401)]);
    assert_eq!(errors(&s), [format!("{at}: Invalid value: 86401: if provided, maxExpirationSeconds must be <= 86400")]);
    with_pod_certificates(&mut s, vec![lasting("example.com/a", 7862401)]);
    assert_eq!(
        errors(&s),
        [format!("{at}: Invalid value: 7862401: if provided, maxExpirationSeconds must be <= 7862400")]
    );
}

/// Each file a local path, and none used twice in the volume (reported at the volume, with the
/// path), whichever sources name them.
#[test]
fn projected_pod_certificate_files() {
    let at = "spec.volumes[0].projected.sources[0].podCertificate";
    let mut s = spec();
    let files = |bundle: &str, key: &str, chain: &str| crate::core::v1::PodCertificateProjection {
        credential_bundle_path: bundle.into(),
        key_path: key.into(),
        certificate_chain_path: chain.into(),
        ..pod_certificate("example.com/signer")
    };
    with_pod_certificates(&mut s, vec![files("/abs", "../key", "..chain")]);
    assert_eq!(
        errors(&s),
        [
            format!("{at}.credentialBundlePath: Invalid value: \"/abs\": must be a relative path"),
            format!("{at}.keyPath: Invalid value: \"../key\": must not contain '..'"),
            format!("{at}.certificateChainPath: Invalid value: \"..chain\": must not start with '..'"),
        ]
    );
    with_pod_certificates(&mut s, vec![files("same", "same", "")]);
    assert_eq!(errors(&s), [r#"spec.volumes[0].projected: Invalid value: "same": conflicting duplicate paths"#]);
    with_pod_certificates(&mut s, vec![files("a", "", ""), files("", "b", "a")]);
    assert_eq!(errors(&s), [r#"spec.volumes[0].projected: Invalid value: "a": conflicting duplicate paths"#]);
    // A secret's item and a certificate file collide as well, in either order.
    vol(
        &mut s,
        "v",
        projection(vec![
            VolumeProjection { secret: Some(Box::new(secret_projection("s", "a"))), ..Default::default() },
            VolumeProjection { pod_certificate: Some(Box::new(files("a", "", ""))), ..Default::default() },
        ]),
    );
    assert_eq!(errors(&s), [r#"spec.volumes[0].projected: Invalid value: "a": conflicting duplicate paths"#]);
    // With another kind in the same source.
    vol(
        &mut s,
        "v",
        projection(vec![VolumeProjection {
            secret: Some(Box::new(secret_projection("s", "x"))),
            pod_certificate: Some(Box::new(files("a", "", ""))),
            ..Default::default()
        }]),
    );
    assert_eq!(
        errors(&s),
        ["spec.volumes[0].projected.sources[0]: Forbidden: may not specify more than 1 volume type per source"]
    );
}

/// The user annotations, after the signer name and before the key type.
#[test]
fn projected_pod_certificate_user_annotations() {
    let at = "spec.volumes[0].projected.sources[0].podCertificate";
    let mut s = spec();
    let annotated = |keys: &[&str]| crate::core::v1::PodCertificateProjection {
        user_annotations: keys.iter().map(|k| ((*k).to_owned(), "v".to_owned())).collect(),
        key_type: "RSA".into(),
        ..pod_certificate("example.com/signer")
    };
    with_pod_certificates(&mut s, vec![annotated(&["example.com/Role", "a.example/b"])]);
    assert_eq!(
        errors(&s),
        [format!(
            "{at}.keyType: Unsupported value: \"RSA\": supported values: \"RSA3072\", \"RSA4096\", \"ECDSAP256\", \"ECDSAP384\", \"ECDSAP521\", \"ED25519\""
        )]
    );
    with_pod_certificates(&mut s, vec![annotated(&["Role"])]);
    let got = errors(&s);
    assert_eq!(
        got[0],
        format!(
            r#"{at}.userAnnotations: Invalid value: "role": must be a domain-prefixed key (such as "acme.io/foo")"#
        )
    );
    assert!(got[1].starts_with(&format!("{at}.keyType: Unsupported value")), "{got:?}");
}
