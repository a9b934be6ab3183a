//! Upstream's storage defaulting cases (`pkg/apis/storage/v1/defaults_test.go`, `v1beta1/defaults_test.go`),
//! the volume attachment field selectors, and minimal objects decoded into the internal version and served back out.

use kapi_machinery::Scheme;

use crate::features::{self, Feature, FeatureGates};
use crate::storage::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::storage::install(&mut s).unwrap();
    s
}

#[test]
fn storage_classes_delete_and_bind_immediately_by_default() {
    let mut c = v1::StorageClass::default();
    v1::set_object_defaults_storage_class(&mut c);
    assert_eq!(c.reclaim_policy.map(|p| p.0).as_deref(), Some("Delete"));
    assert_eq!(c.volume_binding_mode.map(|m| m.0).as_deref(), Some("Immediate"));
    let mut b = v1beta1::StorageClass {
        reclaim_policy: Some(crate::core::v1::PersistentVolumeReclaimPolicy("Retain".into())),
        volume_binding_mode: Some(v1beta1::VolumeBindingMode("WaitForFirstConsumer".into())),
        ..Default::default()
    };
    v1beta1::set_object_defaults_storage_class(&mut b);
    assert_eq!(b.reclaim_policy.map(|p| p.0).as_deref(), Some("Retain"));
    assert_eq!(b.volume_binding_mode.map(|m| m.0).as_deref(), Some("WaitForFirstConsumer"));
}

#[test]
fn csi_drivers_get_every_default_in_both_versions() {
    let mut d = v1::CSIDriver::default();
    v1::set_object_defaults_csi_driver(&mut d);
    let s = &d.spec;
    assert_eq!(
        (s.attach_required, s.pod_info_on_mount, s.storage_capacity, s.requires_republish, s.se_linux_mount),
        (Some(true), Some(false), Some(false), Some(false), Some(false))
    );
    assert_eq!(s.fs_group_policy.as_ref().map(|p| p.0.as_str()), Some("ReadWriteOnceWithFSType"));
    assert_eq!(s.volume_lifecycle_modes, [v1::VolumeLifecycleMode("Persistent".into())]);
    let mut b = v1beta1::CSIDriver::default();
    v1beta1::set_object_defaults_csi_driver(&mut b);
    let s = &b.spec;
    assert_eq!(
        (s.attach_required, s.pod_info_on_mount, s.storage_capacity, s.requires_republish, s.se_linux_mount),
        (Some(true), Some(false), Some(false), Some(false), Some(false))
    );
    assert_eq!(s.fs_group_policy.as_ref().map(|p| p.0.as_str()), Some("ReadWriteOnceWithFSType"));
    assert_eq!(s.volume_lifecycle_modes, [v1beta1::VolumeLifecycleMode("Persistent".into())]);
}

#[test]
fn se_linux_mount_is_defaulted_only_with_its_gate() {
    let off = FeatureGates::default().with(Feature::SELinuxMountReadWriteOncePod, false);
    let mut d = v1::CSIDriver::default();
    features::with_gates(off, || v1::set_object_defaults_csi_driver(&mut d));
    assert_eq!(d.spec.se_linux_mount, None);
    let mut b = v1beta1::CSIDriver::default();
    features::with_gates(off, || v1beta1::set_object_defaults_csi_driver(&mut b));
    assert_eq!(b.spec.se_linux_mount, None);
    // Set values are kept with the gate on.
    let mut d = v1::CSIDriver::default();
    d.spec.se_linux_mount = Some(true);
    d.spec.attach_required = Some(false);
    d.spec.fs_group_policy = Some(v1::FSGroupPolicy("File".into()));
    d.spec.volume_lifecycle_modes = vec![v1::VolumeLifecycleMode("Ephemeral".into())];
    v1::set_object_defaults_csi_driver(&mut d);
    assert_eq!(d.spec.se_linux_mount, Some(true));
    assert_eq!(d.spec.attach_required, Some(false));
    assert_eq!(d.spec.fs_group_policy, Some(v1::FSGroupPolicy("File".into())));
    assert_eq!(d.spec.volume_lifecycle_modes, [v1::VolumeLifecycleMode("Ephemeral".into())]);
}

#[test]
fn volume_attachments_are_selected_by_node_attacher_and_volume() {
    crate::testing::field_label_lookup!(crate::storage::v1::FIELD_LABELS);
    for label in ["metadata.name", "spec.nodeName", "spec.attacher", "spec.persistentVolumeName"] {
        let got = convert_field_label("storage.k8s.io", "v1", "VolumeAttachment", label, "x").unwrap();
        assert_eq!(got, (label.to_owned(), "x".to_owned()));
    }
    let err = convert_field_label("storage.k8s.io", "v1", "VolumeAttachment", "metadata.namespace", "x").unwrap_err();
    assert_eq!(err.to_string(), "field label not supported: metadata.namespace");
    let gvk = kapi_machinery::GroupVersionKind::new("storage.k8s.io", "v1", "VolumeAttachment");
    assert!(scheme().convert_field_label(&gvk, "spec.nodeName", "n").is_ok());
    assert!(scheme().convert_field_label(&gvk, "status.attached", "true").is_err());
}

#[test]
fn minimal_storage_class_is_served_with_defaults() {
    let body = r#"{"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"name":"fast"},"provisioner":"ebs.csi.aws.com"}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1beta1"),
        r#"{"kind":"StorageClass","apiVersion":"storage.k8s.io/v1beta1","metadata":{"name":"fast"},"provisioner":"ebs.csi.aws.com","reclaimPolicy":"Delete","volumeBindingMode":"Immediate"}"#
    );
}

#[test]
fn minimal_csi_driver_is_served_with_defaults() {
    let body =
        r#"{"apiVersion":"storage.k8s.io/v1","kind":"CSIDriver","metadata":{"name":"csi.example.com"},"spec":{}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"CSIDriver","apiVersion":"storage.k8s.io/v1","metadata":{"name":"csi.example.com"},"spec":{"attachRequired":true,"podInfoOnMount":false,"volumeLifecycleModes":["Persistent"],"storageCapacity":false,"fsGroupPolicy":"ReadWriteOnceWithFSType","requiresRepublish":false,"seLinuxMount":false}}"#
    );
}

/// The inline volume converts through core's internal spec; the reclaim policy and volume mode are
/// defaults of a `PersistentVolume`, not of its spec, so the attachment's spec stays as written.
#[test]
fn v1alpha1_volume_attachment_with_an_inline_volume_is_served_as_v1() {
    let body = r#"{"apiVersion":"storage.k8s.io/v1alpha1","kind":"VolumeAttachment","metadata":{"name":"va"},"spec":{"attacher":"csi.example.com","nodeName":"n1","source":{"inlineVolumeSpec":{"csi":{"driver":"csi.example.com","volumeHandle":"h"}}}}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"VolumeAttachment","apiVersion":"storage.k8s.io/v1","metadata":{"name":"va"},"spec":{"attacher":"csi.example.com","source":{"inlineVolumeSpec":{"csi":{"driver":"csi.example.com","volumeHandle":"h"}}},"nodeName":"n1"},"status":{"attached":false}}"#
    );
}
