//! The warnings kube-apiserver returns on a persistent volume's and a claim's create and update (upstream's `GetWarningsForPersistentVolume` and `GetWarningsForPersistentVolumeClaim`).

use kapi_machinery::validation::Path;

use super::validation::node_selector_term_warnings;
use crate::core::v1::{PersistentVolume, PersistentVolumeClaim};

const BETA_STORAGE_CLASS: &str = "volume.beta.kubernetes.io/storage-class";
const DEPRECATED_STORAGE_CLASS: &str = r#"deprecated since v1.8; use "storageClassName" attribute instead"#;
const MOUNT_OPTIONS: &str = "volume.beta.kubernetes.io/mount-options";
const DEPRECATED_MOUNT_OPTIONS: &str = r#"deprecated since v1.31; use "mountOptions" attribute instead"#;

fn annotation_path(key: &str) -> Path {
    Path::new("metadata").child("annotations").key(key)
}

/// The warnings for a persistent volume written by create (`old` is `None`) or update; upstream
/// looks at the new object only. In order: the beta storage class and mount options
/// annotations; the `Recycle` reclaim policy; deprecated node labels in the required node
/// affinity; and each deprecated volume plugin (`cephfs`, `photonPersistentDisk`, `scaleIO`,
/// `storageOS`, `glusterfs`, `rbd`) with the releases that deprecated it and made it
/// non-functional.
pub fn warnings_for_persistent_volume(obj: &PersistentVolume, _old: Option<&PersistentVolume>) -> Vec<String> {
    let annotations = &obj.metadata.annotations;
    let spec = &obj.spec;
    let mut warnings = Vec::new();
    if annotations.contains_key(BETA_STORAGE_CLASS) {
        warnings.push(format!("{}: {DEPRECATED_STORAGE_CLASS}", annotation_path(BETA_STORAGE_CLASS)));
    }
    if annotations.contains_key(MOUNT_OPTIONS) {
        warnings.push(format!("{}: {DEPRECATED_MOUNT_OPTIONS}", annotation_path(MOUNT_OPTIONS)));
    }
    if spec.persistent_volume_reclaim_policy.0 == "Recycle" {
        warnings.push(
            "spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning."
                .to_owned(),
        );
    }
    if let Some(required) = spec.node_affinity.as_ref().and_then(|a| a.required.as_ref()) {
        let terms_path = Path::new("spec").child("nodeAffinity").child("required").child("nodeSelectorTerms");
        for (i, term) in required.node_selector_terms.iter().flatten().enumerate() {
            warnings.extend(node_selector_term_warnings(term, &terms_path.index(i)));
        }
    }
    let source = &spec.persistent_volume_source;
    let plugins = [
        ("cephfs", source.cephfs.is_some(), "v1.28", "v1.31"),
        ("photonPersistentDisk", source.photon_persistent_disk.is_some(), "v1.11", "v1.16"),
        ("scaleIO", source.scale_io.is_some(), "v1.16", "v1.22"),
        ("storageOS", source.storageos.is_some(), "v1.22", "v1.25"),
        ("glusterfs", source.glusterfs.is_some(), "v1.25", "v1.26"),
        ("rbd", source.rbd.is_some(), "v1.28", "v1.31"),
    ];
    for (field, set, deprecated, gone) in plugins {
        if set {
            warnings.push(format!("spec.{field}: deprecated in {deprecated}, non-functional in {gone}+"));
        }
    }
    warnings
}

/// The warnings for a persistent volume claim written by create (`old` is `None`) or update;
/// upstream looks at the new object only: the beta storage class annotation, then a storage
/// request and a storage limit that are not a whole number of bytes.
pub fn warnings_for_persistent_volume_claim(
    obj: &PersistentVolumeClaim,
    _old: Option<&PersistentVolumeClaim>,
) -> Vec<String> {
    let mut warnings = Vec::new();
    if obj.metadata.annotations.contains_key(BETA_STORAGE_CLASS) {
        warnings.push(format!("{}: {DEPRECATED_STORAGE_CLASS}", annotation_path(BETA_STORAGE_CLASS)));
    }
    warnings.extend(super::validation::warnings_for_persistent_volume_claim_spec(&Path::new("spec"), &obj.spec));
    warnings
}

#[cfg(test)]
#[path = "volume_warnings_tests.rs"]
mod tests;
