//! Hand-written defaults of `storage.k8s.io/v1beta1` (upstream's `SetDefaults_*`); a CSI driver's `seLinuxMount` reads a feature gate.

use super::types::*;
use crate::core::v1::PersistentVolumeReclaimPolicy;
use crate::features::{self, Feature};

/// Provisioned volumes are deleted with their claim and bound as soon as they are created.
pub fn set_defaults_storage_class(obj: &mut StorageClass) {
    obj.reclaim_policy
        .get_or_insert_with(|| PersistentVolumeReclaimPolicy(PersistentVolumeReclaimPolicy::DELETE.to_owned()));
    obj.volume_binding_mode.get_or_insert_with(|| VolumeBindingMode(VolumeBindingMode::IMMEDIATE.to_owned()));
}

/// A driver needs attaching, gets no pod information, publishes no capacity, changes ownership of
/// ReadWriteOnce volumes with a file system type, serves persistent volumes, is not republished and,
/// with `SELinuxMountReadWriteOncePod`, does not take SELinux mount options.
pub fn set_defaults_csi_driver(obj: &mut CSIDriver) {
    let spec = &mut obj.spec;
    spec.attach_required.get_or_insert(true);
    spec.pod_info_on_mount.get_or_insert(false);
    spec.storage_capacity.get_or_insert(false);
    spec.fs_group_policy.get_or_insert_with(|| FSGroupPolicy(FSGroupPolicy::READ_WRITE_ONCE_WITH_FS_TYPE.to_owned()));
    if spec.volume_lifecycle_modes.is_empty() {
        spec.volume_lifecycle_modes.push(VolumeLifecycleMode(VolumeLifecycleMode::PERSISTENT.to_owned()));
    }
    spec.requires_republish.get_or_insert(false);
    if features::enabled(Feature::SELinuxMountReadWriteOncePod) {
        spec.se_linux_mount.get_or_insert(false);
    }
}
