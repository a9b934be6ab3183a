//! The internal (hub) types of `storage.k8s.io`, which v1, v1beta1 and v1alpha1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::{
    PersistentVolumeAccessMode, PersistentVolumeMode, PersistentVolumeReclaimPolicy, PersistentVolumeSpec,
    TopologySelectorTerm,
};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// A kind of dynamically provisioned storage, with the provisioner and parameters to use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct StorageClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Name of the volume plugin or CSI driver that creates the volumes.
    pub provisioner: String,
    /// Provisioner-specific settings for new volumes.
    pub parameters: BTreeMap<String, String>,
    /// What happens to provisioned volumes once released; defaults to `Delete`.
    pub reclaim_policy: Option<PersistentVolumeReclaimPolicy>,
    /// Mount options for provisioned volumes, passed on unchecked.
    pub mount_options: Vec<String>,
    /// Whether volumes of the class may be resized.
    pub allow_volume_expansion: Option<bool>,
    /// When claims get their volume; defaults to `Immediate`.
    pub volume_binding_mode: Option<VolumeBindingMode>,
    /// Topologies where volumes may be provisioned; empty means anywhere.
    pub allowed_topologies: Vec<TopologySelectorTerm>,
}

/// A list of StorageClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct StorageClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The StorageClass objects.
    pub items: Option<Vec<StorageClass>>,
}

/// When a claim of a storage class is bound to a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeBindingMode(pub String);

impl VolumeBindingMode {
    /// Bind or provision as soon as the claim exists.
    pub const IMMEDIATE: &'static str = "Immediate";
    /// Wait until a pod that uses the claim is scheduled.
    pub const WAIT_FOR_FIRST_CONSUMER: &'static str = "WaitForFirstConsumer";
}

/// Expresses that a volume should be attached to, or detached from, a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct VolumeAttachment {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What to attach and where.
    pub spec: VolumeAttachmentSpec,
    /// The outcome, written by the attacher.
    pub status: VolumeAttachmentStatus,
}

/// A list of VolumeAttachment objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct VolumeAttachmentList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The VolumeAttachment objects.
    pub items: Option<Vec<VolumeAttachment>>,
}

/// Which volume to attach, by which attacher, to which node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeAttachmentSpec {
    /// Name of the attaching driver, as its CSI GetPluginName call reports it.
    pub attacher: String,
    /// The volume to attach.
    pub source: VolumeAttachmentSource,
    /// The node to attach the volume to.
    pub node_name: String,
}

/// The volume to attach; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeAttachmentSource {
    /// A PersistentVolume, by name.
    pub persistent_volume_name: Option<String>,
    /// An inline pod volume, translated to a persistent volume spec for CSI migration.
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

/// The outcome of attaching or detaching a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeAttachmentStatus {
    /// Whether the volume is attached.
    pub attached: bool,
    /// Information from a successful attach, passed to later mount calls.
    pub attachment_metadata: BTreeMap<String, String>,
    /// The last attach failure, if any.
    pub attach_error: Option<VolumeError>,
    /// The last detach failure, if any.
    pub detach_error: Option<VolumeError>,
}

/// An error from an attach or detach attempt.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeError {
    /// When the error happened.
    pub time: Time,
    /// Error text; may end up in logs, so keep secrets out of it.
    pub message: String,
    /// Numeric gRPC code of the error, if known.
    pub error_code: Option<i32>,
}

/// A CSI volume driver installed in the cluster and how Kubernetes should work with it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSIDriver {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is the driver's name.
    pub metadata: ObjectMeta,
    /// How Kubernetes works with the driver.
    pub spec: CSIDriverSpec,
}

/// A list of CSIDriver objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSIDriverList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The CSIDriver objects.
    pub items: Option<Vec<CSIDriver>>,
}

/// How Kubernetes works with a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSIDriverSpec {
    /// Whether volumes need an attach step (ControllerPublishVolume); defaults to true; immutable.
    pub attach_required: Option<bool>,
    /// Whether pod details go to NodePublishVolume in the volume context; defaults to false.
    pub pod_info_on_mount: Option<bool>,
    /// Volume kinds the driver serves, `Persistent` (the default) and/or `Ephemeral`.
    pub volume_lifecycle_modes: Vec<VolumeLifecycleMode>,
    /// Whether the scheduler should consult the driver's CSIStorageCapacity objects; defaults to false.
    pub storage_capacity: Option<bool>,
    /// Whether volume ownership follows a pod's fsGroup; defaults to `ReadWriteOnceWithFSType`.
    pub fs_group_policy: Option<FSGroupPolicy>,
    /// Service account tokens kubelet hands to the driver when mounting.
    pub token_requests: Vec<TokenRequest>,
    /// Whether kubelet repeats NodePublishVolume periodically, for example to refresh tokens.
    pub requires_republish: Option<bool>,
    /// Whether the driver can mount with an SELinux context option; defaults to false.
    pub se_linux_mount: Option<bool>,
    /// Seconds between refreshes of the node volume limit, at least 10; unset: never.
    pub node_allocatable_update_period_seconds: Option<i64>,
    /// Pass tokens in the NodePublishVolume secrets, not the volume context.
    pub service_account_token_in_secrets: Option<bool>,
    /// Keep pods off nodes where the driver is not registered; defaults to false.
    pub prevent_pod_scheduling_if_missing: Option<bool>,
}

/// Whether a driver's volumes get their ownership and permissions changed to a pod's fsGroup.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FSGroupPolicy(pub String);

impl FSGroupPolicy {
    /// Only for read-write-once volumes that have an fsType.
    pub const READ_WRITE_ONCE_WITH_FS_TYPE: &'static str = "ReadWriteOnceWithFSType";
    /// Always, when the pod sets an fsGroup.
    pub const FILE: &'static str = "File";
    /// Never.
    pub const NONE: &'static str = "None";
}

/// A way a CSI driver's volumes can be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeLifecycleMode(pub String);

impl VolumeLifecycleMode {
    /// Through PersistentVolume and PersistentVolumeClaim objects.
    pub const PERSISTENT: &'static str = "Persistent";
    /// Inline in a pod, living as long as the pod.
    pub const EPHEMERAL: &'static str = "Ephemeral";
}

/// A service account token that kubelet should provide to a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TokenRequest {
    /// Intended audience; empty means the API server's own audiences.
    pub audience: String,
    /// Token lifetime in seconds; defaults as for any token request.
    pub expiration_seconds: Option<i64>,
}

/// The CSI drivers installed on one node; named after the node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSINode {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is the node's name.
    pub metadata: ObjectMeta,
    /// The drivers on the node.
    pub spec: CSINodeSpec,
    /// Storage health on the node.
    pub status: CSINodeStatus,
}

/// The CSI drivers on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSINodeSpec {
    /// One entry per driver on the node; may be empty.
    pub drivers: Option<Vec<CSINodeDriver>>,
}

/// One CSI driver on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSINodeDriver {
    /// Name of the driver, as its GetPluginName call reports it.
    pub name: String,
    /// The node's ID as the storage system knows it.
    pub node_id: String,
    /// Topology label keys the driver supports; empty if none.
    pub topology_keys: Option<Vec<String>>,
    /// Volume limits used when scheduling onto the node.
    pub allocatable: Option<VolumeNodeResources>,
}

/// Limits on the volumes of one driver on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeNodeResources {
    /// Most unique volumes of the driver a node can use; unset means no limit.
    pub count: Option<i32>,
}

/// A category of storage backend problem.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageHealthStatusType(pub String);

impl StorageHealthStatusType {
    /// The backend cannot be reached.
    pub const STORAGE_UNREACHABLE: &'static str = "StorageUnreachable";
    /// The backend works with reduced capability.
    pub const STORAGE_DEGRADED: &'static str = "StorageDegraded";
}

/// A storage backend problem that a CSI driver reports on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageHealthCondition {
    /// The category of problem.
    pub status: StorageHealthStatusType,
    /// A short CamelCase reason; at most 256 characters.
    pub reason: String,
    /// Human-readable detail; at most 1024 characters.
    pub message: String,
    /// The affected access mode; unset means all.
    pub access_mode: Option<PersistentVolumeAccessMode>,
    /// The affected volume mode; unset means both.
    pub volume_mode: Option<PersistentVolumeMode>,
    /// When the condition entered its current state.
    pub last_transition_time: Time,
}

/// Health of the storage behind one CSI driver on a node, as the driver sees it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageHealth {
    /// Name of the driver, as in the node's driver list.
    pub name: String,
    /// Reported problems; at most 16.
    pub health_conditions: Vec<StorageHealthCondition>,
}

/// Health information about the storage of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSINodeStatus {
    /// Reports per CSI driver on the node.
    pub storage_health: Vec<StorageHealth>,
}

/// A list of CSINode objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSINodeList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The CSINode objects.
    pub items: Option<Vec<CSINode>>,
}

/// Capacity a CSI driver reports for one storage class in one topology segment.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSIStorageCapacity {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Nodes that can reach the storage; unset means none, empty means all.
    pub node_topology: Option<LabelSelector>,
    /// The storage class the numbers apply to.
    pub storage_class_name: String,
    /// Space available for new volumes; unset means unknown.
    pub capacity: Option<Quantity>,
    /// Largest volume that can be created with the class's parameters.
    pub maximum_volume_size: Option<Quantity>,
}

/// A list of CSIStorageCapacity objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct CSIStorageCapacityList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The CSIStorageCapacity objects.
    pub items: Option<Vec<CSIStorageCapacity>>,
}

/// A set of driver-specific volume attributes that claims can select and switch between.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct VolumeAttributesClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The CSI driver that applies the attributes; immutable.
    pub driver_name: String,
    /// The attributes, passed to the driver unchanged; immutable.
    pub parameters: BTreeMap<String, String>,
}

/// A list of VolumeAttributesClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", internal)]
pub struct VolumeAttributesClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The VolumeAttributesClass objects.
    pub items: Option<Vec<VolumeAttributesClass>>,
}
