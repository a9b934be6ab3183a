//! Printers of persistent volumes and claims and of the `storage.k8s.io` kinds besides `StorageClass` (CSI drivers, nodes and capacities, attachments, volume attributes classes).

use std::any::Any;

use kapi_machinery::types::Quantity;

use super::{AGE, Column, NAME, Printed, age, col, or_unset, wide};
use crate::core::v1::{PersistentVolume, PersistentVolumeAccessMode, PersistentVolumeClaim, ResourceName};

const PERSISTENT_VOLUME: &[Column] = &[
    NAME,
    col("Capacity", "string", "The volume's storage capacity."),
    col("Access Modes", "string", "How the volume can be mounted."),
    col("Reclaim Policy", "string", "What happens to the volume when its claim is released."),
    col("Status", "string", "The volume's phase."),
    col("Claim", "string", "The claim bound to the volume."),
    col("StorageClass", "string", "The volume's storage class."),
    col("VolumeAttributesClass", "string", "The volume's attributes class."),
    col("Reason", "string", "Why the volume is in its phase."),
    AGE,
    wide("VolumeMode", "string", "Whether the volume is a filesystem or a raw block device."),
];

const PERSISTENT_VOLUME_CLAIM: &[Column] = &[
    NAME,
    col("Status", "string", "The claim's phase."),
    col("Volume", "string", "The volume bound to the claim."),
    col("Capacity", "string", "The bound volume's capacity."),
    col("Access Modes", "string", "How the bound volume can be mounted."),
    col("StorageClass", "string", "The claim's storage class."),
    col("VolumeAttributesClass", "string", "The claim's attributes class."),
    AGE,
    wide("VolumeMode", "string", "Whether the claim wants a filesystem or a raw block device."),
];

/// The annotation that named a volume's class before `storageClassName` existed; upstream
/// still prefers it.
const BETA_STORAGE_CLASS: &str = "volume.beta.kubernetes.io/storage-class";

/// Upstream's `GetAccessModesAsString`: the abbreviations in a fixed order, each once.
fn access_modes(modes: &[PersistentVolumeAccessMode]) -> String {
    [("ReadWriteOnce", "RWO"), ("ReadOnlyMany", "ROX"), ("ReadWriteMany", "RWX"), ("ReadWriteOncePod", "RWOP")]
        .iter()
        .filter(|(mode, _)| modes.iter().any(|m| m.0 == *mode))
        .map(|(_, short)| *short)
        .collect::<Vec<_>>()
        .join(",")
}

/// The resource a volume's size is given under.
fn storage() -> ResourceName {
    ResourceName("storage".into())
}

/// A quantity as Go prints a map lookup that may miss: `0` when absent.
fn quantity(q: Option<&Quantity>) -> String {
    q.map_or_else(|| "0".to_owned(), ToString::to_string)
}

/// Upstream's `printPersistentVolume`.
fn persistent_volume(o: &PersistentVolume, now: i64) -> Printed {
    let claim = o.spec.claim_ref.as_ref().map_or_else(String::new, |r| format!("{}/{}", r.namespace, r.name));
    let phase =
        if o.metadata.deletion_timestamp.is_some() { "Terminating".to_owned() } else { o.status.phase.0.clone() };
    let class =
        o.metadata.annotations.get(BETA_STORAGE_CLASS).cloned().unwrap_or_else(|| o.spec.storage_class_name.clone());
    let cells = vec![
        o.metadata.name.clone().into(),
        quantity(o.spec.capacity.get(&storage())).into(),
        access_modes(&o.spec.access_modes).into(),
        o.spec.persistent_volume_reclaim_policy.0.clone().into(),
        phase.into(),
        claim.into(),
        class.into(),
        or_unset(o.spec.volume_attributes_class_name.as_deref()).into(),
        o.status.reason.clone().into(),
        age(&o.metadata, now),
        or_unset(o.spec.volume_mode.as_ref().map(|m| m.0.as_str())).into(),
    ];
    Printed::new(PERSISTENT_VOLUME, cells)
}

/// Upstream's `printPersistentVolumeClaim`: capacity and access modes only once bound.
fn persistent_volume_claim(o: &PersistentVolumeClaim, now: i64) -> Printed {
    let phase =
        if o.metadata.deletion_timestamp.is_some() { "Terminating".to_owned() } else { o.status.phase.0.clone() };
    let (capacity, modes) = if o.spec.volume_name.is_empty() {
        (String::new(), String::new())
    } else {
        (quantity(o.status.capacity.get(&storage())), access_modes(&o.status.access_modes))
    };
    let class = match o.metadata.annotations.get(BETA_STORAGE_CLASS) {
        Some(c) => c.clone(),
        None => o.spec.storage_class_name.clone().unwrap_or_default(),
    };
    let cells = vec![
        o.metadata.name.clone().into(),
        phase.into(),
        o.spec.volume_name.clone().into(),
        capacity.into(),
        modes.into(),
        class.into(),
        or_unset(o.spec.volume_attributes_class_name.as_deref()).into(),
        age(&o.metadata, now),
        or_unset(o.spec.volume_mode.as_ref().map(|m| m.0.as_str())).into(),
    ];
    Printed::new(PERSISTENT_VOLUME_CLAIM, cells)
}

#[cfg(feature = "storage")]
mod storage {
    use super::super::{AGE, Column, NAME, Printed, age, col};

    pub(super) const CSI_DRIVER: &[Column] = &[
        NAME,
        col("AttachRequired", "boolean", "Whether volumes need attaching before mounting."),
        col("PodInfoOnMount", "boolean", "Whether the driver gets the pod's details on mount."),
        col("StorageCapacity", "boolean", "Whether the scheduler considers the driver's capacity."),
        col("TokenRequests", "string", "The audiences of the service account tokens the driver gets."),
        col("RequiresRepublish", "boolean", "Whether the driver wants periodic remounts."),
        col("Modes", "string", "The volume lifecycle modes the driver supports."),
        AGE,
    ];
    pub(super) const CSI_NODE: &[Column] =
        &[NAME, col("Drivers", "integer", "The number of CSI drivers registered on the node."), AGE];
    pub(super) const CSI_STORAGE_CAPACITY: &[Column] = &[
        NAME,
        col("StorageClassName", "string", "The storage class the capacity is for."),
        col("Capacity", "string", "The capacity available."),
    ];
    pub(super) const VOLUME_ATTACHMENT: &[Column] = &[
        NAME,
        // Upstream marks this column as naming the object too.
        super::super::Column { format: "name", ..col("Attacher", "string", "The driver attaching the volume.") },
        col("PV", "string", "The persistent volume attached."),
        col("Node", "string", "The node the volume is attached to."),
        col("Attached", "boolean", "Whether the volume is attached."),
        AGE,
    ];
    pub(super) const VOLUME_ATTRIBUTES_CLASS: &[Column] =
        &[NAME, col("DriverName", "string", "The CSI driver the class is for."), AGE];

    /// The annotation marking the default volume attributes class.
    const DEFAULT_VAC: &str = "volumeattributesclass.alpha.kubernetes.io/is-default-class";

    macro_rules! by_version {
        ($any:ident, $now:ident, $($v:ident),+) => {$(
            if let Some(o) = $any.downcast_ref::<crate::storage::$v::CSIDriver>() {
                let s = &o.spec;
                let modes: Vec<&str> = s.volume_lifecycle_modes.iter().map(|m| m.0.as_str()).collect();
                let tokens = if s.token_requests.is_empty() {
                    "<unset>".to_owned()
                } else {
                    s.token_requests.iter().map(|t| t.audience.as_str()).collect::<Vec<_>>().join(",")
                };
                let cells = vec![
                    o.metadata.name.clone().into(),
                    s.attach_required.unwrap_or(true).into(),
                    s.pod_info_on_mount.unwrap_or(false).into(),
                    s.storage_capacity.unwrap_or(false).into(),
                    tokens.into(),
                    s.requires_republish.unwrap_or(false).into(),
                    (if modes.is_empty() { "<none>".to_owned() } else { modes.join(",") }).into(),
                    age(&o.metadata, $now),
                ];
                return Some(Printed::new(CSI_DRIVER, cells));
            }
            if let Some(o) = $any.downcast_ref::<crate::storage::$v::CSINode>() {
                let cells =
                    vec![o.metadata.name.clone().into(), (o.spec.drivers.as_ref().map_or(0, Vec::len) as i64).into(), age(&o.metadata, $now)];
                return Some(Printed::new(CSI_NODE, cells));
            }
        )+};
    }

    macro_rules! by_version_all {
        ($any:ident, $now:ident, $($v:ident),+) => {$(
            if let Some(o) = $any.downcast_ref::<crate::storage::$v::CSIStorageCapacity>() {
                let capacity = o.capacity.as_ref().map_or_else(|| "<unset>".to_owned(), ToString::to_string);
                let cells =
                    vec![o.metadata.name.clone().into(), o.storage_class_name.clone().into(), capacity.into()];
                return Some(Printed::new(CSI_STORAGE_CAPACITY, cells));
            }
            if let Some(o) = $any.downcast_ref::<crate::storage::$v::VolumeAttachment>() {
                let cells = vec![
                    o.metadata.name.clone().into(),
                    o.spec.attacher.clone().into(),
                    o.spec.source.persistent_volume_name.clone().unwrap_or_default().into(),
                    o.spec.node_name.clone().into(),
                    o.status.attached.into(),
                    age(&o.metadata, $now),
                ];
                return Some(Printed::new(VOLUME_ATTACHMENT, cells));
            }
            if let Some(o) = $any.downcast_ref::<crate::storage::$v::VolumeAttributesClass>() {
                let default = o.metadata.annotations.get(DEFAULT_VAC).is_some_and(|v| v == "true");
                let name =
                    if default { format!("{} (default)", o.metadata.name) } else { o.metadata.name.clone() };
                let cells = vec![name.into(), o.driver_name.clone().into(), age(&o.metadata, $now)];
                return Some(Printed::new(VOLUME_ATTRIBUTES_CLASS, cells));
            }
        )+};
    }

    pub(super) fn print(any: &dyn std::any::Any, now: i64) -> Option<Printed> {
        by_version!(any, now, v1, v1beta1);
        by_version_all!(any, now, v1, v1beta1, v1alpha1);
        None
    }
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    if let Some(o) = any.downcast_ref::<PersistentVolume>() {
        return Some(persistent_volume(o, now));
    }
    if let Some(o) = any.downcast_ref::<PersistentVolumeClaim>() {
        return Some(persistent_volume_claim(o, now));
    }
    #[cfg(feature = "storage")]
    if let Some(p) = storage::print(any, now) {
        return Some(p);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::cell_texts;
    use super::*;
    use crate::core::v1::{
        ObjectReference, PersistentVolumeClaimPhase, PersistentVolumeMode, PersistentVolumePhase,
        PersistentVolumeReclaimPolicy,
    };
    use kapi_machinery::types::Time;

    const NOW: i64 = 1_700_000_000;

    fn q(s: &str) -> Quantity {
        s.parse().expect("a valid quantity")
    }

    #[test]
    fn persistent_volumes_print_as_upstream() {
        let mut pv = PersistentVolume::default();
        pv.metadata.name = "test1".into();
        pv.spec.capacity = [(storage(), q("4Gi"))].into();
        pv.spec.access_modes = vec![
            PersistentVolumeAccessMode("ReadWriteMany".into()),
            PersistentVolumeAccessMode("ReadWriteOnce".into()),
            PersistentVolumeAccessMode("ReadWriteOnce".into()),
        ];
        pv.spec.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("Retain".into());
        pv.spec.claim_ref =
            Some(ObjectReference { namespace: "default".into(), name: "claim".into(), ..Default::default() });
        pv.spec.storage_class_name = "fast".into();
        pv.status.phase = PersistentVolumePhase("Bound".into());
        let p = persistent_volume(&pv, NOW);
        assert_eq!(p.columns.len(), p.cells.len());
        assert_eq!(
            cell_texts(&p),
            [
                "test1",
                "4Gi",
                "RWO,RWX",
                "Retain",
                "Bound",
                "default/claim",
                "fast",
                "<unset>",
                "",
                "<unknown>",
                "<unset>"
            ]
        );
        // The beta annotation wins over the field; deletion shows as Terminating.
        pv.metadata.annotations = [(BETA_STORAGE_CLASS.to_owned(), "old".to_owned())].into();
        pv.metadata.deletion_timestamp = Some(Time::from_unix(NOW));
        pv.metadata.creation_timestamp = Time::from_unix(NOW - 90);
        pv.spec.volume_mode = Some(PersistentVolumeMode("Block".into()));
        pv.spec.volume_attributes_class_name = Some("gold".into());
        pv.spec.capacity.clear();
        let cells = cell_texts(&persistent_volume(&pv, NOW));
        assert_eq!(cells[1], "0");
        assert_eq!(cells[4], "Terminating");
        assert_eq!(cells[6], "old");
        assert_eq!(cells[7], "gold");
        assert_eq!(cells[9], "90s");
        assert_eq!(cells[10], "Block");
    }

    #[test]
    fn claims_show_capacity_once_bound() {
        let mut pvc = PersistentVolumeClaim::default();
        pvc.metadata.name = "data".into();
        pvc.spec.storage_class_name = Some("fast".into());
        pvc.status.phase = PersistentVolumeClaimPhase("Pending".into());
        pvc.status.capacity = [(storage(), q("1Gi"))].into();
        pvc.status.access_modes = vec![PersistentVolumeAccessMode("ReadWriteOncePod".into())];
        let p = persistent_volume_claim(&pvc, NOW);
        assert_eq!(p.columns.len(), p.cells.len());
        assert_eq!(cell_texts(&p), ["data", "Pending", "", "", "", "fast", "<unset>", "<unknown>", "<unset>"]);
        pvc.spec.volume_name = "pv-1".into();
        pvc.status.phase = PersistentVolumeClaimPhase("Bound".into());
        assert_eq!(
            cell_texts(&persistent_volume_claim(&pvc, NOW))[..6],
            ["data", "Bound", "pv-1", "1Gi", "RWOP", "fast"]
        );
    }

    #[cfg(feature = "storage")]
    #[test]
    fn storage_kinds_print_as_upstream() {
        use crate::storage::v1::{
            CSIDriver, CSIStorageCapacity, TokenRequest, VolumeAttachment, VolumeAttributesClass,
        };
        let mut d = CSIDriver::default();
        d.metadata.name = "csi.example.com".into();
        let p = print(&d, NOW).expect("CSIDriver has a printer");
        assert_eq!(p.columns.len(), p.cells.len());
        assert_eq!(
            cell_texts(&p),
            ["csi.example.com", "true", "false", "false", "<unset>", "false", "<none>", "<unknown>"]
        );
        d.spec.token_requests = vec![
            TokenRequest { audience: "a".into(), ..Default::default() },
            TokenRequest { audience: "b".into(), ..Default::default() },
        ];
        d.spec.attach_required = Some(false);
        assert_eq!(cell_texts(&print(&d, NOW).expect("printed"))[1..5], ["false", "false", "false", "a,b"]);

        let mut c = CSIStorageCapacity::default();
        c.metadata.name = "cap".into();
        c.storage_class_name = "fast".into();
        assert_eq!(cell_texts(&print(&c, NOW).expect("printed")), ["cap", "fast", "<unset>"]);
        c.capacity = Some(q("10Gi"));
        assert_eq!(cell_texts(&print(&c, NOW).expect("printed"))[2], "10Gi");

        let mut a = VolumeAttachment::default();
        a.metadata.name = "att".into();
        a.spec.attacher = "csi.example.com".into();
        a.spec.node_name = "node-1".into();
        a.spec.source.persistent_volume_name = Some("pv-1".into());
        a.status.attached = true;
        let p = print(&a, NOW).expect("printed");
        assert_eq!(p.columns[1].format, "name");
        assert_eq!(cell_texts(&p), ["att", "csi.example.com", "pv-1", "node-1", "true", "<unknown>"]);

        let mut v = VolumeAttributesClass::default();
        v.metadata.name = "gold".into();
        v.driver_name = "csi.example.com".into();
        v.metadata.annotations =
            [("volumeattributesclass.alpha.kubernetes.io/is-default-class".to_owned(), "true".to_owned())].into();
        assert_eq!(cell_texts(&print(&v, NOW).expect("printed")), ["gold (default)", "csi.example.com", "<unknown>"]);
    }
}
