//! Upstream's storage validation test cases (`TestValidateStorageClass`, `TestValidateStorageClassUpdate`, `TestVolumeAttachmentValidation`, `TestCSIDriverValidation`, `TestValidateCSINode`, `TestValidateVolumeAttributesClass`), inputs and expected errors, pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::types::Quantity;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::core::v1::{PersistentVolumeReclaimPolicy, PersistentVolumeSpec, TopologySelectorLabelRequirement};
use crate::features::{FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::ObjectMeta;
use crate::storage::v1::{
    FSGroupPolicy, TokenRequest, VolumeAttachmentSpec, VolumeBindingMode, VolumeLifecycleMode, VolumeNodeResources,
};

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn gate_off() -> FeatureGates {
    FeatureGates::default().with(Feature::DeclarativeValidationBeta, false)
}

fn class(provisioner: &str, reclaim: &str) -> StorageClass {
    StorageClass {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        provisioner: provisioner.into(),
        reclaim_policy: Some(PersistentVolumeReclaimPolicy(reclaim.into())),
        volume_binding_mode: Some(VolumeBindingMode("Immediate".into())),
        ..Default::default()
    }
}

#[test]
fn storage_classes_as_upstream() {
    for reclaim in ["Delete", "Retain"] {
        assert!(validate_storage_class(&class("kubernetes.io/foo-provisioner", reclaim), None).is_empty());
    }
    let got = strings(&validate_storage_class(&class("kubernetes.io/invalid/provisioner", "Delete"), None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with(r#"provisioner: Invalid value: "kubernetes.io/invalid/provisioner": "#),
        "invalid provisioner: {got:?}"
    );
    let mut c = class("kubernetes.io/foo", "Delete");
    c.parameters = [(String::new(), "value".to_owned())].into();
    assert_eq!(
        strings(&validate_storage_class(&c, None)),
        [r#"parameters: Invalid value: "": field can not be empty."#],
        "invalid empty parameter name"
    );
    c.parameters = (0..513).map(|i| (format!("k{i}"), "v".to_owned())).collect();
    assert_eq!(
        strings(&validate_storage_class(&c, None)),
        ["parameters: Too long: may not be more than 512 bytes"],
        "too long parameters"
    );
    assert_eq!(
        strings(&validate_storage_class(&class("kubernetes.io/foo", "invalid"), None)),
        [r#"reclaimPolicy: Unsupported value: "invalid": supported values: "Delete", "Retain""#],
        "invalid reclaimpolicy"
    );
    let mut c = class("kubernetes.io/foo", "Delete");
    c.volume_binding_mode = Some(VolumeBindingMode("foo".into()));
    assert_eq!(
        strings(&validate_storage_class(&c, None)),
        [r#"volumeBindingMode: Unsupported value: "foo": supported values: "Immediate", "WaitForFirstConsumer""#]
    );
    c.volume_binding_mode = None;
    assert_eq!(strings(&validate_storage_class(&c, None)), ["volumeBindingMode: Required value"]);
    // A missing provisioner: the generated rule's error through the scheme, upstream's own
    // message with beta declarative validation off.
    let mut s = Scheme::new();
    crate::storage::install(&mut s).expect("storage installs");
    assert_eq!(strings(&s.validate(&class("", "Delete"), None)), ["provisioner: Required value"]);
    with_gates(gate_off(), || {
        assert_eq!(strings(&validate_storage_class(&class("", "Delete"), None)), ["provisioner: Required value"])
    });
}

#[test]
fn allowed_topologies() {
    let req = |key: &str, values: &[&str]| TopologySelectorLabelRequirement {
        key: key.into(),
        values: Some(values.iter().map(|v| (*v).to_owned()).collect()),
    };
    let term = |reqs: Vec<TopologySelectorLabelRequirement>| TopologySelectorTerm { match_label_expressions: reqs };
    let mut c = class("kubernetes.io/foo", "Delete");
    c.allowed_topologies = vec![term(vec![req("zone", &["a", "b"])]), term(vec![req("region", &["r"])])];
    assert!(validate_storage_class(&c, None).is_empty());
    c.allowed_topologies = vec![
        term(vec![req("zone", &["a", "a"]), req("zone", &["b"]), req("bad key!", &[])]),
        term(vec![req("region", &["r"])]),
        term(vec![req("region", &["r"])]),
    ];
    let got = strings(&validate_storage_class(&c, None));
    assert_eq!(got[0], r#"allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a""#);
    assert_eq!(got[1], r#"allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "zone""#);
    assert_eq!(got[2], "allowedTopologies[0].matchLabelExpressions[2].values: Required value");
    assert!(
        got[3].starts_with(r#"allowedTopologies[0].matchLabelExpressions[2].key: Invalid value: "bad key!""#),
        "{got:?}"
    );
    assert_eq!(got[4], r#"allowedTopologies[2].matchLabelExpressions: Duplicate value: """#);
    assert_eq!(got.len(), 5, "{got:?}");
}

#[test]
fn storage_class_updates() {
    let old = class("kubernetes.io/foo", "Delete");
    assert!(validate_storage_class(&old, Some(&old)).is_empty());
    let mut new = class("kubernetes.io/bar", "Retain");
    new.parameters = [("a".to_owned(), "b".to_owned())].into();
    new.volume_binding_mode = Some(VolumeBindingMode("WaitForFirstConsumer".into()));
    let hand_written = [
        "parameters: Forbidden: updates to parameters are forbidden.",
        "provisioner: Forbidden: updates to provisioner are forbidden.",
        "reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.",
        r#"volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable"#,
    ];
    with_gates(gate_off(), || assert_eq!(strings(&validate_storage_class(&new, Some(&old))), hand_written));
    // A 1.36 server, in which the generated rules covering these were alpha, reports them so too.
    let mut s = Scheme::new();
    crate::storage::install(&mut s).expect("storage installs");
    assert_eq!(strings(&s.validate(&new, Some(&old))), hand_written);
    // As 1.37, with beta declarative validation on, the generated rules report the changes.
    assert_eq!(
        at_release(Release::new(1, 37), || strings(&s.validate(&new, Some(&old)))),
        [
            "provisioner: Invalid value: null: field is immutable",
            "parameters: Invalid value: null: field is immutable",
            "reclaimPolicy: Invalid value: null: field is immutable",
            "volumeBindingMode: Invalid value: null: field is immutable",
        ]
    );
}

fn attachment(source: VolumeAttachmentSource) -> VolumeAttachment {
    VolumeAttachment {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        spec: VolumeAttachmentSpec { attacher: "myattacher".into(), node_name: "mynode".into(), source },
        ..Default::default()
    }
}

fn pv_source(name: &str) -> VolumeAttachmentSource {
    VolumeAttachmentSource { persistent_volume_name: Some(name.into()), ..Default::default() }
}

#[test]
fn volume_attachments_as_upstream() {
    assert!(validate_volume_attachment(&attachment(pv_source("foo")), None).is_empty());
    assert_eq!(
        strings(&validate_volume_attachment(&attachment(VolumeAttachmentSource::default()), None)),
        ["spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName"],
        "no source"
    );
    let both = VolumeAttachmentSource {
        persistent_volume_name: Some("foo".into()),
        inline_volume_spec: Some(PersistentVolumeSpec::default()),
    };
    assert_eq!(
        strings(&validate_volume_attachment(&attachment(both), None)),
        ["spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName"]
    );
    // Upstream's "valid inline spec" and the rules of a volume written inside the attachment.
    let csi = || crate::core::v1::PersistentVolumeSource {
        csi: Some(Box::new(crate::core::v1::CSIPersistentVolumeSource {
            driver: "com.test.foo".into(),
            volume_handle: "foobar".into(),
            ..Default::default()
        })),
        ..Default::default()
    };
    let inline =
        |spec: PersistentVolumeSpec| VolumeAttachmentSource { inline_volume_spec: Some(spec), ..Default::default() };
    let valid = PersistentVolumeSpec {
        persistent_volume_source: csi(),
        access_modes: vec![crate::core::v1::PersistentVolumeAccessMode("ReadWriteOnce".into())],
        ..Default::default()
    };
    assert!(validate_volume_attachment(&attachment(inline(valid.clone())), None).is_empty());
    let mut capacity = std::collections::BTreeMap::new();
    capacity.insert(crate::core::v1::ResourceName("storage".into()), Quantity::parse("10Gi").expect("a quantity"));
    let bad = PersistentVolumeSpec {
        persistent_volume_source: crate::core::v1::PersistentVolumeSource {
            nfs: Some(Box::new(crate::core::v1::NFSVolumeSource {
                server: "s".into(),
                path: "/p".into(),
                ..Default::default()
            })),
            ..Default::default()
        },
        capacity,
        claim_ref: Some(Default::default()),
        persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy("Delete".into()),
        node_affinity: Some(Default::default()),
        storage_class_name: "fast".into(),
        volume_mode: Some(crate::core::v1::PersistentVolumeMode("Block".into())),
        ..Default::default()
    };
    assert_eq!(
        strings(&validate_volume_attachment(&attachment(inline(bad)), None)),
        [
            "spec.source.inlineVolumeSpec.claimRef: Forbidden: may not be specified in the context of inline volumes",
            "spec.source.inlineVolumeSpec.capacity: Forbidden: may not be specified in the context of inline volumes",
            "spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes",
            "spec.source.inlineVolumeSpec.accessModes: Required value",
            "spec.source.inlineVolumeSpec.persistentVolumeReclaimPolicy: Forbidden: may only be Retain in the context of inline volumes",
            "spec.source.inlineVolumeSpec.nodeAffinity: Forbidden: may not be specified in the context of inline volumes",
            "spec.source.inlineVolumeSpec.storageClassName: Forbidden: may not be specified in the context of inline volumes",
            "spec.source.inlineVolumeSpec.volumeMode: Forbidden: may not specify volumeMode other than Filesystem in the context of inline volumes",
        ]
    );
    let mut no_handle = valid;
    if let Some(c) = no_handle.persistent_volume_source.csi.as_mut() {
        c.volume_handle.clear();
    }
    assert_eq!(
        strings(&validate_volume_attachment(&attachment(inline(no_handle)), None)),
        ["spec.source.inlineVolumeSpec.csi.volumeHandle: Required value"]
    );
    let mut a = attachment(pv_source("foo"));
    a.spec.node_name = String::new();
    a.status.attach_error = Some(VolumeError { message: "x".repeat(1025), error_code: Some(-1), ..Default::default() });
    let got = strings(&validate_volume_attachment(&a, None));
    assert!(got[0].starts_with(r#"spec.nodeName: Invalid value: "": a lowercase RFC 1123 subdomain"#), "{got:?}");
    assert_eq!(got[1], "status.attachError.message: Too long: may not be more than 262144 bytes");
    assert_eq!(got[2], "status.attachError.errorCode: Invalid value: -1: must be between 0 and 2147483647, inclusive");
    // Updates may not change the spec.
    let old = attachment(pv_source("foo"));
    let new = attachment(pv_source("bar"));
    with_gates(gate_off(), || {
        let got = strings(&validate_volume_attachment(&new, Some(&old)));
        assert_eq!(
            got,
            [
                r#"spec: Invalid value: {"attacher":"myattacher","source":{"persistentVolumeName":"bar"},"nodeName":"mynode"}: field is immutable"#
            ]
        );
        let mut bad = attachment(pv_source("foo"));
        bad.spec.attacher = "Bad_Attacher".into();
        assert!(
            strings(&validate_volume_attachment(&bad, None))[0]
                .starts_with(r#"spec.attacher: Invalid value: "Bad_Attacher""#)
        );
    });
}

fn driver() -> CSIDriver {
    CSIDriver {
        metadata: ObjectMeta { name: "foo.bar.io".into(), ..Default::default() },
        spec: CSIDriverSpec {
            attach_required: Some(true),
            pod_info_on_mount: Some(false),
            storage_capacity: Some(false),
            se_linux_mount: Some(false),
            fs_group_policy: Some(FSGroupPolicy("File".into())),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[test]
fn csi_drivers_as_upstream() {
    assert!(validate_csi_driver(&driver(), None).is_empty());
    let mut d = driver();
    d.spec.attach_required = None;
    d.spec.pod_info_on_mount = None;
    d.spec.storage_capacity = None;
    d.spec.se_linux_mount = None;
    assert_eq!(
        strings(&validate_csi_driver(&d, None)),
        [
            "spec.attachedRequired: Required value",
            "spec.podInfoOnMount: Required value",
            "spec.storageCapacity: Required value",
            "spec.seLinuxMount: Required value",
        ]
    );
    let mut d = driver();
    d.spec.fs_group_policy = Some(FSGroupPolicy("invalid-mode".into()));
    d.spec.volume_lifecycle_modes = vec![VolumeLifecycleMode("no-such-mode".into())];
    d.spec.node_allocatable_update_period_seconds = Some(9);
    d.spec.token_requests = vec![
        TokenRequest { audience: "a".into(), expiration_seconds: Some(599) },
        TokenRequest { audience: "a".into(), expiration_seconds: None },
        TokenRequest { audience: "b".into(), expiration_seconds: Some((1 << 32) + 1) },
    ];
    assert_eq!(
        strings(&validate_csi_driver(&d, None)),
        [
            r#"spec.fsGroupPolicy: Unsupported value: "invalid-mode": supported values: "File", "None", "ReadWriteOnceWithFSType""#,
            "spec.tokenRequests[0].expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes",
            r#"spec.tokenRequests[1].audience: Duplicate value: "a""#,
            "spec.tokenRequests[2].expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds",
            r#"spec.volumeLifecycleModes: Unsupported value: "no-such-mode": supported values: "Persistent", "Ephemeral""#,
            "spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 9: must be greater than or equal to 10 seconds",
        ]
    );
    let old = driver();
    let mut new = driver();
    new.spec.attach_required = Some(false);
    new.spec.volume_lifecycle_modes = vec![VolumeLifecycleMode("Ephemeral".into())];
    new.spec.pod_info_on_mount = Some(true);
    assert_eq!(
        strings(&validate_csi_driver(&new, Some(&old))),
        [
            "spec.attachedRequired: Invalid value: false: field is immutable",
            r#"spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable"#,
        ]
    );
}

fn node_driver(name: &str, id: &str) -> CSINodeDriver {
    CSINodeDriver {
        name: name.into(),
        node_id: id.into(),
        topology_keys: Some(vec!["company.com/zone1".into()]),
        ..Default::default()
    }
}

fn csi_node(drivers: Vec<CSINodeDriver>) -> CSINode {
    CSINode {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        spec: super::super::CSINodeSpec { drivers: Some(drivers) },
        ..Default::default()
    }
}

#[test]
fn csi_nodes_as_upstream() {
    assert!(
        validate_csi_node(&csi_node(vec![node_driver("io.kubernetes.storage.csi.driver", "node")]), None).is_empty()
    );
    let long = "a".repeat(193);
    let cases: Vec<(&str, CSINodeDriver, ErrorType, &str)> = vec![
        ("invalid driver name", node_driver("$csi-driver@", "node"), ErrorType::Invalid, "spec.drivers[0].name"),
        ("empty node id", node_driver("driver.io", ""), ErrorType::Required, "spec.drivers[0].nodeID"),
        ("too long node id", node_driver("driver.io", &long), ErrorType::Invalid, "spec.drivers[0].nodeID"),
        (
            "negative allocatable count",
            CSINodeDriver {
                allocatable: Some(VolumeNodeResources { count: Some(-1) }),
                ..node_driver("driver.io", "n")
            },
            ErrorType::Invalid,
            "spec.drivers[0].allocatable.count",
        ),
        (
            "invalid topology key",
            CSINodeDriver {
                topology_keys: Some(vec!["company/zone1".into(), "".into()]),
                ..node_driver("driver.io", "n")
            },
            ErrorType::Invalid,
            "spec.drivers[0]",
        ),
    ];
    for (name, d, ty, field) in cases {
        let errs = validate_csi_node(&csi_node(vec![d]), None);
        assert!(errs.iter().any(|e| e.error_type == ty && e.field == field), "{name}: {errs:?}");
    }
    let dup = csi_node(vec![node_driver("driver.io", "a"), node_driver("driver.io", "b")]);
    assert_eq!(strings(&validate_csi_node(&dup, None)), [r#"spec.drivers[1].name: Duplicate value: "driver.io""#]);
    // A stored node with a long ID allows long IDs.
    let old = csi_node(vec![node_driver("driver.io", &long)]);
    assert!(validate_csi_node(&old, Some(&old)).is_empty());
    // A driver's fields other than its allocatable count are immutable.
    let mut changed = node_driver("driver.io", "other");
    changed.allocatable = Some(VolumeNodeResources { count: Some(3) });
    let got =
        strings(&validate_csi_node(&csi_node(vec![changed]), Some(&csi_node(vec![node_driver("driver.io", "n")]))));
    assert_eq!(
        got,
        [
            r#"spec.drivers: Invalid value: {"name":"driver.io","nodeID":"other","topologyKeys":["company.com/zone1"]}: field is immutable"#
        ]
    );
    let mut counted = node_driver("driver.io", "n");
    counted.allocatable = Some(VolumeNodeResources { count: Some(3) });
    assert!(
        validate_csi_node(&csi_node(vec![counted]), Some(&csi_node(vec![node_driver("driver.io", "n")]))).is_empty()
    );
}

#[test]
fn volume_attributes_classes_and_capacities() {
    let vac = |driver: &str, params: &[(&str, &str)]| VolumeAttributesClass {
        metadata: ObjectMeta { name: "foo".into(), ..Default::default() },
        driver_name: driver.into(),
        parameters: params.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
        ..Default::default()
    };
    assert!(validate_volume_attributes_class(&vac("kubernetes.io/foo", &[("foo", "bar")]), None).is_empty());
    assert_eq!(
        strings(&validate_volume_attributes_class(&vac("", &[]), None)),
        ["driverName: Required value", "parameters: Required value: must contain at least one key/value pair"]
    );
    let old = vac("kubernetes.io/foo", &[("foo", "bar")]);
    assert_eq!(
        strings(&validate_volume_attributes_class(&vac("kubernetes.io/bar", &[("foo", "baz")]), Some(&old))),
        [
            "driverName: Forbidden: updates to driverName are forbidden.",
            "parameters: Forbidden: updates to parameters are forbidden."
        ]
    );

    let cap = CSIStorageCapacity {
        metadata: ObjectMeta { name: "c".into(), namespace: "ns".into(), ..Default::default() },
        storage_class_name: "Bad_Class".into(),
        capacity: Some(Quantity::parse("-1Gi").expect("a quantity")),
        ..Default::default()
    };
    let got = strings(&validate_csi_storage_capacity(&cap, None));
    assert!(got[0].starts_with(r#"storageClassName: Invalid value: "Bad_Class""#), "{got:?}");
    assert_eq!(got[1], r#"capacity: Invalid value: "-1Gi": must be greater than or equal to 0"#);
    let mut moved = cap.clone();
    moved.storage_class_name = "other".into();
    moved.capacity = None;
    assert_eq!(
        strings(&validate_csi_storage_capacity(&moved, Some(&cap))),
        [r#"storageClassName: Invalid value: "other": field is immutable"#]
    );
}
