//! Custom fuzzer functions for the internal `storage.k8s.io` types (upstream's `pkg/apis/storage/fuzzer`): values the versions' defaults leave unchanged.

use kapi_machinery::Fuzzer;

use super::*;
use crate::core::PersistentVolumeReclaimPolicy;

/// A storage class always names one of the known reclaim policies and binding modes.
pub fn fuzz_storage_class(obj: &mut StorageClass, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let policies = [PersistentVolumeReclaimPolicy::DELETE, PersistentVolumeReclaimPolicy::RETAIN];
    obj.reclaim_policy = Some(PersistentVolumeReclaimPolicy((*f.pick(&policies)).to_owned()));
    let modes = [VolumeBindingMode::IMMEDIATE, VolumeBindingMode::WAIT_FOR_FIRST_CONSUMER];
    obj.volume_binding_mode = Some(VolumeBindingMode((*f.pick(&modes)).to_owned()));
}

/// Lifecycle modes in any of the known combinations or an unknown one, and every defaulted field set.
pub fn fuzz_csi_driver(obj: &mut CSIDriver, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let mode = |m: &str| VolumeLifecycleMode(m.to_owned());
    let (p, e) = (VolumeLifecycleMode::PERSISTENT, VolumeLifecycleMode::EPHEMERAL);
    let spec = &mut obj.spec;
    spec.volume_lifecycle_modes = match f.below(6) {
        0 => vec![mode(&f.below(1 << 31).to_string())],
        1 => vec![mode(p)],
        2 => vec![mode(e)],
        3 => vec![mode(p), mode(e)],
        4 => vec![mode(e), mode(p)],
        _ => Vec::new(),
    };
    spec.attach_required.get_or_insert(true);
    spec.pod_info_on_mount.get_or_insert(false);
    spec.storage_capacity.get_or_insert(false);
    spec.fs_group_policy.get_or_insert_with(|| FSGroupPolicy(FSGroupPolicy::READ_WRITE_ONCE_WITH_FS_TYPE.to_owned()));
    spec.requires_republish.get_or_insert(false);
    if spec.volume_lifecycle_modes.is_empty() {
        spec.volume_lifecycle_modes.push(mode(p));
    }
    spec.se_linux_mount.get_or_insert(false);
}
