//! Type definitions of `storage.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::{
    PersistentVolumeAccessMode, PersistentVolumeMode, PersistentVolumeReclaimPolicy, PersistentVolumeSpec,
    TopologySelectorTerm,
};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// A kind of dynamically provisioned storage, with the provisioner and parameters to use.
///
/// +genclient
/// +shortNames=sc
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.4
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,StorageClass
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct StorageClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Name of the volume plugin or CSI driver that creates the volumes.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub provisioner: String,
    /// Provisioner-specific settings for new volumes.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub parameters: BTreeMap<String, String>,
    /// What happens to provisioned volumes once released; defaults to `Delete`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reclaim_policy: Option<PersistentVolumeReclaimPolicy>,
    /// Mount options for provisioned volumes, passed on unchecked.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mount_options: Vec<String>,
    /// Whether volumes of the class may be resized.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub allow_volume_expansion: Option<bool>,
    /// When claims get their volume; defaults to `Immediate`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub volume_binding_mode: Option<VolumeBindingMode>,
    /// Topologies where volumes may be provisioned; empty means anywhere.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub allowed_topologies: Vec<TopologySelectorTerm>,
}

/// A list of StorageClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.4
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,StorageClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct StorageClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The StorageClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageClass>>,
}

/// When a claim of a storage class is bound to a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeBindingMode(pub String);

impl VolumeBindingMode {
    /// Bind or provision as soon as the claim exists.
    pub const IMMEDIATE: &'static str = "Immediate";
    /// Wait until a pod that uses the claim is scheduled.
    pub const WAIT_FOR_FIRST_CONSUMER: &'static str = "WaitForFirstConsumer";
}

/// Expresses that a volume should be attached to, or detached from, a node.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.10
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttachment
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttachment {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What to attach and where.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: VolumeAttachmentSpec,
    /// The outcome, written by the attacher.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: VolumeAttachmentStatus,
}

/// A list of VolumeAttachment objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.10
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttachmentList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttachmentList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The VolumeAttachment objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttachment>>,
}

/// Which volume to attach, by which attacher, to which node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSpec {
    /// Name of the attaching driver, as its CSI GetPluginName call reports it.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format="k8s-long-name-caseless"
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub attacher: String,
    /// The volume to attach.
    #[kapi(proto = 2)]
    pub source: VolumeAttachmentSource,
    /// The node to attach the volume to.
    #[kapi(proto = 3)]
    pub node_name: String,
}

/// The volume to attach; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSource {
    /// A PersistentVolume, by name.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_name: Option<String>,
    /// An inline pod volume, translated to a persistent volume spec for CSI migration.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

/// The outcome of attaching or detaching a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentStatus {
    /// Whether the volume is attached.
    #[kapi(proto = 1)]
    pub attached: bool,
    /// Information from a successful attach, passed to later mount calls.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub attachment_metadata: BTreeMap<String, String>,
    /// The last attach failure, if any.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub attach_error: Option<VolumeError>,
    /// The last detach failure, if any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub detach_error: Option<VolumeError>,
}

/// An error from an attach or detach attempt.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeError {
    /// When the error happened.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub time: Time,
    /// Error text; may end up in logs, so keep secrets out of it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Numeric gRPC code of the error, if known.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error_code: Option<i32>,
}

/// A CSI volume driver installed in the cluster and how Kubernetes should work with it.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSIDriver
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIDriver {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is the driver's name.
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    /// How Kubernetes works with the driver.
    #[kapi(proto = 2)]
    pub spec: CSIDriverSpec,
}

/// A list of CSIDriver objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSIDriverList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIDriverList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The CSIDriver objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIDriver>>,
}

/// How Kubernetes works with a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIDriverSpec {
    /// Whether volumes need an attach step (ControllerPublishVolume); defaults to true; immutable.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub attach_required: Option<bool>,
    /// Whether pod details go to NodePublishVolume in the volume context; defaults to false.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pod_info_on_mount: Option<bool>,
    /// Volume kinds the driver serves, `Persistent` (the default) and/or `Ephemeral`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volume_lifecycle_modes: Vec<VolumeLifecycleMode>,
    /// Whether the scheduler should consult the driver's CSIStorageCapacity objects; defaults to false.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub storage_capacity: Option<bool>,
    /// Whether volume ownership follows a pod's fsGroup; defaults to `ReadWriteOnceWithFSType`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_group_policy: Option<FSGroupPolicy>,
    /// Service account tokens kubelet hands to the driver when mounting.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub token_requests: Vec<TokenRequest>,
    /// Whether kubelet repeats NodePublishVolume periodically, for example to refresh tokens.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub requires_republish: Option<bool>,
    /// Whether the driver can mount with an SELinux context option; defaults to false.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub se_linux_mount: Option<bool>,
    /// Seconds between refreshes of the node volume limit, at least 10; unset: never.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub node_allocatable_update_period_seconds: Option<i64>,
    /// Pass tokens in the NodePublishVolume secrets, not the volume context.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub service_account_token_in_secrets: Option<bool>,
    /// Keep pods off nodes where the driver is not registered; defaults to false.
    ///
    /// +featureGate=VolumeLimitScaling
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub prevent_pod_scheduling_if_missing: Option<bool>,
}

/// Whether a driver's volumes get their ownership and permissions changed to a pod's fsGroup.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct VolumeLifecycleMode(pub String);

impl VolumeLifecycleMode {
    /// Through PersistentVolume and PersistentVolumeClaim objects.
    pub const PERSISTENT: &'static str = "Persistent";
    /// Inline in a pod, living as long as the pod.
    pub const EPHEMERAL: &'static str = "Ephemeral";
}

/// A service account token that kubelet should provide to a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenRequest {
    /// Intended audience; empty means the API server's own audiences.
    #[kapi(proto = 1)]
    pub audience: String,
    /// Token lifetime in seconds; defaults as for any token request.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i64>,
}

/// The CSI drivers installed on one node; named after the node.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.17
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSINode
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSINode {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is the node's name.
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    /// The drivers on the node.
    #[kapi(proto = 2)]
    pub spec: CSINodeSpec,
    /// Storage health on the node.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CSINodeStatus,
}

/// The CSI drivers on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeSpec {
    /// One entry per driver on the node; may be empty.
    #[kapi(proto = 1)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub drivers: Option<Vec<CSINodeDriver>>,
}

/// One CSI driver on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeDriver {
    /// Name of the driver, as its GetPluginName call reports it.
    #[kapi(proto = 1)]
    pub name: String,
    /// The node's ID as the storage system knows it.
    #[kapi(proto = 2)]
    pub node_id: String,
    /// Topology label keys the driver supports; empty if none.
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub topology_keys: Option<Vec<String>>,
    /// Volume limits used when scheduling onto the node.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub allocatable: Option<VolumeNodeResources>,
}

/// Limits on the volumes of one driver on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeNodeResources {
    /// Most unique volumes of the driver a node can use; unset means no limit.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub count: Option<i32>,
}

/// A category of storage backend problem.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealthStatusType(pub String);

impl StorageHealthStatusType {
    /// The backend cannot be reached.
    pub const STORAGE_UNREACHABLE: &'static str = "StorageUnreachable";
    /// The backend works with reduced capability.
    pub const STORAGE_DEGRADED: &'static str = "StorageDegraded";
}

/// A storage backend problem that a CSI driver reports on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealthCondition {
    /// The category of problem.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub status: StorageHealthStatusType,
    /// A short CamelCase reason; at most 256 characters.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub reason: String,
    /// Human-readable detail; at most 1024 characters.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// The affected access mode; unset means all.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub access_mode: Option<PersistentVolumeAccessMode>,
    /// The affected volume mode; unset means both.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    /// When the condition entered its current state.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

/// Health of the storage behind one CSI driver on a node, as the driver sees it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealth {
    /// Name of the driver, as in the node's driver list.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Reported problems; at most 16.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub health_conditions: Vec<StorageHealthCondition>,
}

/// Health information about the storage of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeStatus {
    /// Reports per CSI driver on the node.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub storage_health: Vec<StorageHealth>,
}

/// A list of CSINode objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
/// +k8s:prerelease-lifecycle-gen:deprecated=1.17
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSINode
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSINodeList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The CSINode objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSINode>>,
}

/// Capacity a CSI driver reports for one storage class in one topology segment.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
/// +k8s:prerelease-lifecycle-gen:deprecated=1.24
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSIStorageCapacity
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIStorageCapacity {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Nodes that can reach the storage; unset means none, empty means all.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub node_topology: Option<LabelSelector>,
    /// The storage class the numbers apply to.
    #[kapi(proto = 3)]
    pub storage_class_name: String,
    /// Space available for new volumes; unset means unknown.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<Quantity>,
    /// Largest volume that can be created with the class's parameters.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub maximum_volume_size: Option<Quantity>,
}

/// A list of CSIStorageCapacity objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
/// +k8s:prerelease-lifecycle-gen:deprecated=1.24
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,CSIStorageCapacityList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIStorageCapacityList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The CSIStorageCapacity objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIStorageCapacity>>,
}

/// A set of driver-specific volume attributes that claims can select and switch between.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
/// +k8s:prerelease-lifecycle-gen:deprecated=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttributesClass
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttributesClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The CSI driver that applies the attributes; immutable.
    #[kapi(proto = 2)]
    pub driver_name: String,
    /// The attributes, passed to the driver unchanged; immutable.
    #[kapi(proto = 3, omitempty)]
    pub parameters: BTreeMap<String, String>,
}

/// A list of VolumeAttributesClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
/// +k8s:prerelease-lifecycle-gen:deprecated=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttributesClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttributesClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The VolumeAttributesClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttributesClass>>,
}
