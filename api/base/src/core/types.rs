//! The internal (hub) types of the core group, which `core/v1` converts to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, MicroTime, Quantity, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, OwnerReference};

/// A volume of a pod, named so that the pod's containers can mount it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Volume {
    /// DNS label naming the volume; unique within the pod and referenced by volume mounts.
    pub name: String,
    /// Where the volume's data comes from; exactly one source is set.
    pub volume_source: VolumeSource,
}

/// The backing store of a pod volume; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeSource {
    /// A file or directory on the node itself; mostly for system agents, not ordinary workloads.
    pub host_path: Option<Box<HostPathVolumeSource>>,
    /// A scratch directory that lives and dies with the pod.
    pub empty_dir: Option<Box<EmptyDirVolumeSource>>,
    /// Deprecated: a GCE persistent disk, now served by the pd.csi.storage.gke.io CSI driver.
    pub gce_persistent_disk: Option<Box<GCEPersistentDiskVolumeSource>>,
    /// Deprecated: an AWS EBS disk, now served by the ebs.csi.aws.com CSI driver.
    pub aws_elastic_block_store: Option<Box<AWSElasticBlockStoreVolumeSource>>,
    /// Deprecated: a directory cloned from a git repository at pod start.
    pub git_repo: Option<Box<GitRepoVolumeSource>>,
    /// The keys of a secret, written out as files.
    pub secret: Option<Box<SecretVolumeSource>>,
    /// An NFS export on a remote server.
    pub nfs: Option<Box<NFSVolumeSource>>,
    /// An iSCSI disk attached to the node.
    pub iscsi: Option<Box<ISCSIVolumeSource>>,
    /// Deprecated and no longer supported: a GlusterFS volume.
    pub glusterfs: Option<Box<GlusterfsVolumeSource>>,
    /// A persistent volume claim in the pod's namespace.
    pub persistent_volume_claim: Option<Box<PersistentVolumeClaimVolumeSource>>,
    /// Deprecated and no longer supported: a Ceph RADOS block device.
    pub rbd: Option<Box<RBDVolumeSource>>,
    /// Deprecated: a volume mounted by a FlexVolume driver binary.
    pub flex_volume: Option<Box<FlexVolumeSource>>,
    /// Deprecated: an OpenStack Cinder volume, now served by the cinder.csi.openstack.org CSI driver.
    pub cinder: Option<Box<CinderVolumeSource>>,
    /// Deprecated and no longer supported: a CephFS mount.
    pub cephfs: Option<Box<CephFSVolumeSource>>,
    /// Deprecated and no longer supported: a Flocker dataset.
    pub flocker: Option<Box<FlockerVolumeSource>>,
    /// Facts about the pod itself, written out as files.
    pub downward_api: Option<Box<DownwardAPIVolumeSource>>,
    /// A Fibre Channel disk attached to the node.
    pub fc: Option<Box<FCVolumeSource>>,
    /// Deprecated: an Azure File share, now served by the file.csi.azure.com CSI driver.
    pub azure_file: Option<Box<AzureFileVolumeSource>>,
    /// The keys of a config map, written out as files.
    pub config_map: Option<Box<ConfigMapVolumeSource>>,
    /// Deprecated: a vSphere virtual disk, now served by the csi.vsphere.vmware.com CSI driver.
    pub vsphere_volume: Option<Box<VsphereVirtualDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Quobyte volume.
    pub quobyte: Option<Box<QuobyteVolumeSource>>,
    /// Deprecated: an Azure data disk, now served by the disk.csi.azure.com CSI driver.
    pub azure_disk: Option<Box<AzureDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Photon Controller persistent disk.
    pub photon_persistent_disk: Option<Box<PhotonPersistentDiskVolumeSource>>,
    /// Several secrets, config maps, downward API items and tokens merged into one directory.
    pub projected: Option<Box<ProjectedVolumeSource>>,
    /// Deprecated: a Portworx volume, handled by the pxd.portworx.com CSI driver when migration is on.
    pub portworx_volume: Option<Box<PortworxVolumeSource>>,
    /// Deprecated and no longer supported: a ScaleIO volume.
    pub scale_io: Option<Box<ScaleIOVolumeSource>>,
    /// Deprecated and no longer supported: a StorageOS volume.
    pub storageos: Option<Box<StorageOSVolumeSource>>,
    /// An ephemeral volume provided by a CSI driver that supports inline volumes.
    pub csi: Option<Box<CSIVolumeSource>>,
    /// A volume from a claim created for the pod and deleted along with it.
    pub ephemeral: Option<Box<EphemeralVolumeSource>>,
    /// The contents of an OCI image or artifact, mounted read-only.
    pub image: Option<Box<ImageVolumeSource>>,
}

/// Mounts the volume bound to a claim in the pod's namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimVolumeSource {
    /// Name of the claim, which must live in the same namespace as the pod.
    pub claim_name: String,
    /// Forces the mount to be read-only; false by default.
    pub read_only: bool,
}

/// Where a persistent volume's storage lives; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeSource {
    /// Deprecated: a GCE persistent disk; the CSI driver takes over these volumes.
    pub gce_persistent_disk: Option<Box<GCEPersistentDiskVolumeSource>>,
    /// Deprecated: an AWS EBS disk; the CSI driver takes over these volumes.
    pub aws_elastic_block_store: Option<Box<AWSElasticBlockStoreVolumeSource>>,
    /// A directory on one node; only meaningful in single-node test setups.
    pub host_path: Option<Box<HostPathVolumeSource>>,
    /// Deprecated and no longer supported: a GlusterFS volume.
    pub glusterfs: Option<Box<GlusterfsPersistentVolumeSource>>,
    /// An NFS export on a remote server.
    pub nfs: Option<Box<NFSVolumeSource>>,
    /// Deprecated and no longer supported: a Ceph RADOS block device.
    pub rbd: Option<Box<RBDPersistentVolumeSource>>,
    /// An iSCSI disk, attached to the node and handed on to the pod.
    pub iscsi: Option<Box<ISCSIPersistentVolumeSource>>,
    /// Deprecated: an OpenStack Cinder volume; the CSI driver takes over these volumes.
    pub cinder: Option<Box<CinderPersistentVolumeSource>>,
    /// Deprecated and no longer supported: a CephFS mount.
    pub cephfs: Option<Box<CephFSPersistentVolumeSource>>,
    /// A Fibre Channel disk, attached to the node and handed on to the pod.
    pub fc: Option<Box<FCVolumeSource>>,
    /// Deprecated and no longer supported: a Flocker dataset.
    pub flocker: Option<Box<FlockerVolumeSource>>,
    /// Deprecated: a volume mounted by a FlexVolume driver binary.
    pub flex_volume: Option<Box<FlexPersistentVolumeSource>>,
    /// Deprecated: an Azure File share; the CSI driver takes over these volumes.
    pub azure_file: Option<Box<AzureFilePersistentVolumeSource>>,
    /// Deprecated: a vSphere virtual disk; the CSI driver takes over these volumes.
    pub vsphere_volume: Option<Box<VsphereVirtualDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Quobyte volume.
    pub quobyte: Option<Box<QuobyteVolumeSource>>,
    /// Deprecated: an Azure data disk; the CSI driver takes over these volumes.
    pub azure_disk: Option<Box<AzureDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Photon Controller persistent disk.
    pub photon_persistent_disk: Option<Box<PhotonPersistentDiskVolumeSource>>,
    /// Deprecated: a Portworx volume; the CSI driver takes over these volumes when migration is on.
    pub portworx_volume: Option<Box<PortworxVolumeSource>>,
    /// Deprecated and no longer supported: a ScaleIO volume.
    pub scale_io: Option<Box<ScaleIOPersistentVolumeSource>>,
    /// A disk, partition or directory local to one node, which pins users to that node.
    pub local: Option<Box<LocalVolumeSource>>,
    /// Deprecated and no longer supported: a StorageOS volume.
    pub storageos: Option<Box<StorageOSPersistentVolumeSource>>,
    /// Storage provided through a CSI driver.
    pub csi: Option<Box<CSIPersistentVolumeSource>>,
}

/// A piece of cluster storage, provisioned by an administrator or dynamically, that claims bind to.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PersistentVolume {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The volume's storage and how it may be used; set by whoever provisions it.
    pub spec: PersistentVolumeSpec,
    /// What the system currently observes about the volume; read-only.
    pub status: PersistentVolumeStatus,
}

/// The storage behind a persistent volume and the terms under which it can be claimed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeSpec {
    /// How much the volume holds, keyed by resource name (normally `storage`).
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// The actual storage backend.
    pub persistent_volume_source: PersistentVolumeSource,
    /// The ways the volume may be mounted, such as `ReadWriteOnce`.
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// The claim this volume is bound to; may be preset to reserve the volume for one claim.
    pub claim_ref: Option<ObjectReference>,
    /// What happens to the volume once its claim is gone; `Retain` for hand-made volumes, `Delete` for provisioned
    /// ones.
    pub persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy,
    /// The storage class the volume belongs to; empty means it belongs to none.
    pub storage_class_name: String,
    /// Extra mount options, passed through unchecked; a bad option makes the mount fail.
    pub mount_options: Vec<String>,
    /// `Filesystem` (the default) or `Block` for a raw device.
    pub volume_mode: Option<PersistentVolumeMode>,
    /// Limits the nodes from which the volume is reachable; the scheduler honours it.
    pub node_affinity: Option<VolumeNodeAffinity>,
    /// The volume attributes class the volume belongs to; unset means none, empty is invalid.
    pub volume_attributes_class_name: Option<String>,
}

/// The nodes from which a persistent volume can be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeNodeAffinity {
    /// Hard constraint: the volume is only usable on nodes matching it.
    pub required: Option<NodeSelector>,
}

/// What becomes of a persistent volume after its claim is released.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeReclaimPolicy(pub String);

impl PersistentVolumeReclaimPolicy {
    /// Scrub the volume and make it available again; deprecated and only some plugins support it.
    pub const RECYCLE: &'static str = "Recycle";
    /// Remove the volume and its backing storage.
    pub const DELETE: &'static str = "Delete";
    /// Keep the volume as it is for an administrator to handle.
    pub const RETAIN: &'static str = "Retain";
}

/// Whether a volume is used as a raw block device or holds a filesystem.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeMode(pub String);

impl PersistentVolumeMode {
    /// Exposed to containers as a raw block device.
    pub const BLOCK: &'static str = "Block";
    /// Mounted into containers as a filesystem.
    pub const FILESYSTEM: &'static str = "Filesystem";
}

/// The observed state of a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeStatus {
    /// Where the volume is in its lifecycle, such as `Available` or `Bound`.
    pub phase: PersistentVolumePhase,
    /// Human-readable explanation of why the volume is in its state.
    pub message: String,
    /// Short CamelCase reason for a failure, suitable for tools to match.
    pub reason: String,
    /// When the phase last changed; reset whenever the phase is set.
    pub last_phase_transition_time: Option<Time>,
}

/// A list of persistent volumes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PersistentVolumeList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The persistent volumes.
    pub items: Option<Vec<PersistentVolume>>,
}

/// A user's request for storage, satisfied by binding it to a persistent volume.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PersistentVolumeClaim {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What the user asks for.
    pub spec: PersistentVolumeClaimSpec,
    /// What the claim currently has; read-only.
    pub status: PersistentVolumeClaimStatus,
}

/// A list of persistent volume claims.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PersistentVolumeClaimList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The persistent volume claims.
    pub items: Option<Vec<PersistentVolumeClaim>>,
}

/// The storage a claim asks for and the attributes the volume must have.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimSpec {
    /// The access modes the volume must support.
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// Label query narrowing which volumes may be bound.
    pub selector: Option<LabelSelector>,
    /// The least amount of storage the volume must offer; may grow later if the class allows expansion.
    pub resources: VolumeResourceRequirements,
    /// Name of a specific persistent volume to bind to.
    pub volume_name: String,
    /// Storage class required; unset picks the default class and an empty string means no class.
    pub storage_class_name: Option<String>,
    /// `Filesystem` (assumed when unset) or `Block`.
    pub volume_mode: Option<PersistentVolumeMode>,
    /// An existing snapshot, claim or populator object to fill the new volume from; same namespace.
    pub data_source: Option<TypedLocalObjectReference>,
    /// Like `data_source`, but may name any object, possibly in another namespace; preferred over `data_source`.
    pub data_source_ref: Option<TypedObjectReference>,
    /// The volume attributes class to apply; unlike the storage class it may change later; empty means none.
    pub volume_attributes_class_name: Option<String>,
}

/// Points to an object by kind and name, possibly in another namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TypedObjectReference {
    /// Group of the referenced object; empty means the core group.
    pub api_group: Option<String>,
    /// Kind of the referenced object.
    pub kind: String,
    /// Name of the referenced object.
    pub name: String,
    /// Namespace of the object; when it differs from the referrer's, a grant in that namespace must allow it.
    pub namespace: Option<String>,
}

/// The kind of a condition reported on a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimConditionType(pub String);

impl PersistentVolumeClaimConditionType {
    /// An outside resizer is growing the volume.
    pub const RESIZING: &'static str = "Resizing";
    /// The volume grew; the filesystem is waiting for the node to resize it when a pod starts.
    pub const FILE_SYSTEM_RESIZE_PENDING: &'static str = "FileSystemResizePending";
    /// The controller failed to grow the volume.
    pub const CONTROLLER_RESIZE_ERROR: &'static str = "ControllerResizeError";
    /// The node failed to grow the volume's filesystem.
    pub const NODE_RESIZE_ERROR: &'static str = "NodeResizeError";
    /// Applying a new volume attributes class failed.
    pub const MODIFY_VOLUME_ERROR: &'static str = "ModifyVolumeError";
    /// A new volume attributes class is being applied.
    pub const MODIFYING_VOLUME: &'static str = "ModifyingVolume";
    /// The claim is not used by any pod that is not yet finished.
    pub const UNUSED: &'static str = "Unused";
}

/// How far a resize of one resource of a claim has got.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ClaimResourceStatus(pub String);

impl ClaimResourceStatus {
    /// The controller is expanding the volume.
    pub const CONTROLLER_RESIZE_IN_PROGRESS: &'static str = "ControllerResizeInProgress";
    /// The controller refused the expansion as impossible; it will not retry without a change.
    pub const CONTROLLER_RESIZE_INFEASIBLE: &'static str = "ControllerResizeInfeasible";
    /// The controller is done and the node still has to finish the expansion.
    pub const NODE_RESIZE_PENDING: &'static str = "NodeResizePending";
    /// The kubelet is expanding the volume.
    pub const NODE_RESIZE_IN_PROGRESS: &'static str = "NodeResizeInProgress";
    /// The kubelet refused the expansion as impossible; it will not retry without a change.
    pub const NODE_RESIZE_INFEASIBLE: &'static str = "NodeResizeInfeasible";
}

/// How far a change of volume attributes class has got.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimModifyVolumeStatus(pub String);

impl PersistentVolumeClaimModifyVolumeStatus {
    /// Waiting for a condition such as the claim being bound before the change can start.
    pub const PENDING: &'static str = "Pending";
    /// The change is being applied.
    pub const IN_PROGRESS: &'static str = "InProgress";
    /// The driver rejected the requested class as invalid; another class must be chosen.
    pub const INFEASIBLE: &'static str = "Infeasible";
}

/// The state of changing a claim's volume attributes class.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ModifyVolumeStatus {
    /// The class being applied to the volume right now.
    pub target_volume_attributes_class_name: String,
    /// Whether the change is pending, running or infeasible; empty when nothing is going on.
    pub status: PersistentVolumeClaimModifyVolumeStatus,
}

/// One observation about a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimCondition {
    /// Kind of condition, such as `Resizing`.
    pub r#type: PersistentVolumeClaimConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the condition was last checked.
    pub last_probe_time: Time,
    /// When the status last flipped.
    pub last_transition_time: Time,
    /// Short CamelCase code for the last transition; a value such as `Resizing` when resizing.
    pub reason: String,
    /// Human-readable details of the last transition.
    pub message: String,
}

/// A category of trouble reported for a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeHealthStatusType(pub String);

impl VolumeHealthStatusType {
    /// The volume can not be reached.
    pub const INACCESSIBLE: &'static str = "Inaccessible";
    /// Data on the volume was lost.
    pub const DATA_LOSS: &'static str = "DataLoss";
    /// The volume works, but with reduced capability.
    pub const DEGRADED: &'static str = "Degraded";
}

/// One problem that a CSI plugin reports for a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeHealthCondition {
    /// Category of the problem: `Inaccessible`, `DataLoss` or `Degraded`.
    pub status: VolumeHealthStatusType,
    /// Short CamelCase code; together with status it identifies the entry; at most 256 bytes.
    pub reason: String,
    /// Human-readable details; at most 1024 bytes.
    pub message: String,
}

/// Problems the CSI controller plugin reports for a claim's volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeHealthStatus {
    /// Current problems, at most 16; an empty list means the volume is healthy.
    pub health_conditions: Vec<VolumeHealthCondition>,
    /// When the current set of problems first appeared.
    pub last_transition_time: Time,
}

/// Problems the CSI node plugin reports for one volume of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodVolumeHealth {
    /// The entry of the pod's `spec.volumes` this refers to.
    pub name: String,
    /// Current problems on this node, at most 16.
    pub health_conditions: Vec<VolumeHealthCondition>,
    /// When the current set of problems first appeared.
    pub last_transition_time: Time,
}

/// The observed state of a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimStatus {
    /// `Pending`, `Bound` or `Lost`.
    pub phase: PersistentVolumeClaimPhase,
    /// Access modes the bound volume actually offers.
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// Resources the bound volume actually offers.
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// Observations such as an ongoing resize; `Resizing` while a resize is under way.
    pub conditions: Vec<PersistentVolumeClaimCondition>,
    /// Capacity the system has committed to the claim, which can run ahead of `capacity` during a resize.
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Per-resource progress of a resize; only keys with a resize under way appear.
    pub allocated_resource_statuses: BTreeMap<ResourceName, ClaimResourceStatus>,
    /// The volume attributes class the volume currently has; unset when none applies.
    pub current_volume_attributes_class_name: Option<String>,
    /// Progress of changing the volume attributes class; unset when nothing is being changed.
    pub modify_volume_status: Option<ModifyVolumeStatus>,
    /// Problems the CSI controller plugin reports for the volume.
    pub health_status: Option<VolumeHealthStatus>,
}

/// One way a volume may be mounted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeAccessMode(pub String);

impl PersistentVolumeAccessMode {
    /// Read-write by a single node.
    pub const READ_WRITE_ONCE: &'static str = "ReadWriteOnce";
    /// Read-only by many nodes.
    pub const READ_ONLY_MANY: &'static str = "ReadOnlyMany";
    /// Read-write by many nodes.
    pub const READ_WRITE_MANY: &'static str = "ReadWriteMany";
    /// Read-write by a single pod.
    pub const READ_WRITE_ONCE_POD: &'static str = "ReadWriteOncePod";
}

/// Where a persistent volume is in its lifecycle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumePhase(pub String);

impl PersistentVolumePhase {
    /// Not yet available for binding.
    pub const PENDING: &'static str = "Pending";
    /// Ready and not bound to any claim.
    pub const AVAILABLE: &'static str = "Available";
    /// Bound to a claim.
    pub const BOUND: &'static str = "Bound";
    /// Its claim was deleted; the volume awaits reclamation.
    pub const RELEASED: &'static str = "Released";
    /// Reclamation failed.
    pub const FAILED: &'static str = "Failed";
}

/// Where a persistent volume claim is in its lifecycle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimPhase(pub String);

impl PersistentVolumeClaimPhase {
    /// Not yet bound.
    pub const PENDING: &'static str = "Pending";
    /// Bound to a volume.
    pub const BOUND: &'static str = "Bound";
    /// The bound volume disappeared; the data on it is gone.
    pub const LOST: &'static str = "Lost";
}

/// What a host path must be, and whether it may be created.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HostPathType(pub String);

impl HostPathType {
    /// No check is made before mounting, for backward compatibility.
    pub const HOST_PATH_UNSET: &'static str = "";
    /// A directory, created empty with mode 0755 if missing.
    pub const DIRECTORY_OR_CREATE: &'static str = "DirectoryOrCreate";
    /// An existing directory.
    pub const DIRECTORY: &'static str = "Directory";
    /// A file, created empty with mode 0644 if missing.
    pub const FILE_OR_CREATE: &'static str = "FileOrCreate";
    /// An existing file.
    pub const FILE: &'static str = "File";
    /// An existing UNIX socket.
    pub const SOCKET: &'static str = "Socket";
    /// An existing character device.
    pub const CHAR_DEVICE: &'static str = "CharDevice";
    /// An existing block device.
    pub const BLOCK_DEVICE: &'static str = "BlockDevice";
}

/// A file or directory on the node, mapped into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HostPathVolumeSource {
    /// Location on the node; a symlink is followed to its target.
    pub path: String,
    /// What must exist at the path; empty skips the check.
    pub r#type: Option<HostPathType>,
}

/// A fresh empty directory that exists as long as the pod does.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EmptyDirVolumeSource {
    /// What backs the directory: empty for the node's default, or `Memory` for tmpfs.
    pub medium: StorageMedium,
    /// Most local storage the directory may use, also for `Memory`; unset means no limit.
    pub size_limit: Option<Quantity>,
    /// Permission bits of the directory, between 0000 and 01777; 0777 when unset; ignored on Windows.
    pub mode: Option<i32>,
}

/// A GlusterFS mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GlusterfsVolumeSource {
    /// Name of the endpoints object listing the GlusterFS servers.
    pub endpoints: String,
    /// Name of the GlusterFS volume.
    pub path: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A GlusterFS mount used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GlusterfsPersistentVolumeSource {
    /// Name of the endpoints object listing the GlusterFS servers.
    pub endpoints: String,
    /// Name of the GlusterFS volume.
    pub path: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Namespace of the endpoints object; the claim's namespace when empty.
    pub endpoints_namespace: Option<String>,
}

/// A Ceph RADOS block device that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RBDVolumeSource {
    /// Addresses of the Ceph monitors.
    pub monitors: Option<Vec<String>>,
    /// Name of the RADOS image.
    pub image: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// RADOS pool; `rbd` when empty.
    pub pool: String,
    /// RADOS user; `admin` when empty.
    pub user: String,
    /// Path to the keyring file; `/etc/ceph/keyring` when empty.
    pub keyring: String,
    /// Secret with the authentication key; overrides the keyring.
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A Ceph RADOS block device used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RBDPersistentVolumeSource {
    /// Addresses of the Ceph monitors.
    pub monitors: Option<Vec<String>>,
    /// Name of the RADOS image.
    pub image: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// RADOS pool; `rbd` when empty.
    pub pool: String,
    /// RADOS user; `admin` when empty.
    pub user: String,
    /// Path to the keyring file; `/etc/ceph/keyring` when empty.
    pub keyring: String,
    /// Secret with the authentication key; overrides the keyring.
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// An OpenStack Cinder volume, which must exist beforehand in the node's region.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CinderVolumeSource {
    /// Cinder identifier of the volume.
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Secret holding the settings for talking to OpenStack.
    pub secret_ref: Option<LocalObjectReference>,
}

/// An OpenStack Cinder volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CinderPersistentVolumeSource {
    /// Cinder identifier of the volume.
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Secret holding the settings for talking to OpenStack.
    pub secret_ref: Option<SecretReference>,
}

/// A CephFS mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CephFSVolumeSource {
    /// Addresses of the Ceph monitors.
    pub monitors: Option<Vec<String>>,
    /// Subtree to mount instead of the whole filesystem; `/` when empty.
    pub path: String,
    /// RADOS user; `admin` when empty.
    pub user: String,
    /// Path to the key ring for the user; `/etc/ceph/user.secret` when empty.
    pub secret_file: String,
    /// Secret with the authentication key; overrides `secret_file`.
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// Names a secret, possibly in another namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretReference {
    /// Name of the secret; unique within its namespace.
    pub name: String,
    /// Namespace of the secret.
    pub namespace: String,
}

/// A CephFS mount used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CephFSPersistentVolumeSource {
    /// Addresses of the Ceph monitors.
    pub monitors: Option<Vec<String>>,
    /// Subtree to mount instead of the whole filesystem; `/` when empty.
    pub path: String,
    /// RADOS user; `admin` when empty.
    pub user: String,
    /// Path to the key ring for the user; `/etc/ceph/user.secret` when empty.
    pub secret_file: String,
    /// Secret with the authentication key; overrides `secret_file`.
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A Flocker dataset; the Flocker control service must be running.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlockerVolumeSource {
    /// Name of the dataset, kept as metadata; deprecated.
    pub dataset_name: String,
    /// UUID of the dataset, its unique identity.
    pub dataset_uuid: String,
}

/// What backs an emptyDir volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageMedium(pub String);

impl StorageMedium {
    /// Whatever the node uses by default.
    pub const DEFAULT: &'static str = "";
    /// RAM, through tmpfs.
    pub const MEMORY: &'static str = "Memory";
    /// Huge pages.
    pub const HUGE_PAGES: &'static str = "HugePages";
    /// Prefix of media naming a specific huge page size, such as `HugePages-2Mi`.
    pub const HUGE_PAGES_PREFIX: &'static str = "HugePages-";
}

/// A network protocol for ports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Protocol(pub String);

impl Protocol {
    /// TCP.
    pub const TCP: &'static str = "TCP";
    /// UDP.
    pub const UDP: &'static str = "UDP";
    /// SCTP.
    pub const SCTP: &'static str = "SCTP";
}

/// A Google Compute Engine persistent disk; the disk must exist beforehand.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GCEPersistentDiskVolumeSource {
    /// Name of the disk in GCE.
    pub pd_name: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Partition to mount; 0 or unset mounts the whole device.
    pub partition: i32,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A Quobyte mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct QuobyteVolumeSource {
    /// One or more registries as `host:port` pairs, separated by commas.
    pub registry: String,
    /// Name of an existing Quobyte volume.
    pub volume: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// User to map access to; the service account user when empty.
    pub user: String,
    /// Group to map access to; no group when empty.
    pub group: String,
    /// Tenant owning the volume in the backend, needed for dynamic provisioning.
    pub tenant: String,
}

/// A persistent volume handled by a FlexVolume driver binary.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlexPersistentVolumeSource {
    /// Name of the driver binary.
    pub driver: String,
    /// Filesystem to use; the driver's default when empty.
    pub fs_type: String,
    /// Secret passed to the driver's scripts; may be empty.
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Free-form command options for the driver.
    pub options: BTreeMap<String, String>,
}

/// A pod volume handled by a FlexVolume driver binary.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FlexVolumeSource {
    /// Name of the driver binary.
    pub driver: String,
    /// Filesystem to use; the driver's default when empty.
    pub fs_type: String,
    /// Secret passed to the driver's scripts; may be empty.
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Free-form command options for the driver.
    pub options: BTreeMap<String, String>,
}

/// An AWS EBS disk; it must exist and be in the node's availability zone.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AWSElasticBlockStoreVolumeSource {
    /// EBS identifier of the volume.
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Partition to mount; 0 or unset mounts the whole device.
    pub partition: i32,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// Deprecated: a directory filled by cloning a git repository when the pod starts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GitRepoVolumeSource {
    /// URL of the repository.
    pub repository: String,
    /// Commit hash to check out.
    pub revision: String,
    /// Target directory name, without `..`; `.` puts the repository at the volume root.
    pub directory: String,
}

/// Writes the keys of a secret into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretVolumeSource {
    /// Name of a secret in the pod's namespace.
    pub secret_name: String,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    pub items: Vec<KeyToPath>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the secret or a listed key is missing.
    pub optional: Option<bool>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    pub default_user: Option<i64>,
}

/// Puts the keys of a secret into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretProjection {
    /// The secret, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    pub items: Vec<KeyToPath>,
    /// Whether the pod may start when the secret or a listed key is missing.
    pub optional: Option<bool>,
}

/// An NFS export that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NFSVolumeSource {
    /// Host name or IP of the NFS server.
    pub server: String,
    /// Path exported by the server.
    pub path: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// An iSCSI disk, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ISCSIVolumeSource {
    /// Target portal, an IP or `ip:port` (port 3260 by default).
    pub target_portal: String,
    /// iSCSI qualified name of the target.
    pub iqn: String,
    /// Logical unit number of the target.
    pub lun: i32,
    /// iSCSI interface to use; `default` (tcp) when empty.
    pub iscsi_interface: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Additional target portals, each an IP or `ip:port` (port 3260 by default).
    pub portals: Vec<String>,
    /// Use CHAP authentication for discovery.
    pub chap_auth_discovery: bool,
    /// Use CHAP authentication for the session.
    pub chap_auth_session: bool,
    /// Secret holding the CHAP credentials.
    pub secret_ref: Option<LocalObjectReference>,
    /// Custom initiator name; when set, a new interface `<target portal>:<volume name>` is created.
    pub initiator_name: Option<String>,
}

/// An iSCSI disk used as a persistent volume, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ISCSIPersistentVolumeSource {
    /// Target portal, an IP or `ip:port` (port 3260 by default).
    pub target_portal: String,
    /// iSCSI qualified name of the target.
    pub iqn: String,
    /// Logical unit number of the target.
    pub lun: i32,
    /// iSCSI interface to use; `default` (tcp) when empty.
    pub iscsi_interface: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Additional target portals, each an IP or `ip:port` (port 3260 by default).
    pub portals: Vec<String>,
    /// Use CHAP authentication for discovery.
    pub chap_auth_discovery: bool,
    /// Use CHAP authentication for the session.
    pub chap_auth_session: bool,
    /// Secret holding the CHAP credentials.
    pub secret_ref: Option<SecretReference>,
    /// Custom initiator name; when set, a new interface `<target portal>:<volume name>` is created.
    pub initiator_name: Option<String>,
}

/// A Fibre Channel disk, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FCVolumeSource {
    /// World wide names of the targets.
    pub target_wwns: Vec<String>,
    /// Logical unit number of the target.
    pub lun: Option<i32>,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// World wide identifiers of the volume; set either these or target WWNs with a LUN, not both.
    pub wwids: Vec<String>,
}

/// An Azure File share mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AzureFileVolumeSource {
    /// Secret holding the storage account name and key.
    pub secret_name: String,
    /// Name of the share.
    pub share_name: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// An Azure File share used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AzureFilePersistentVolumeSource {
    /// Secret holding the storage account name and key.
    pub secret_name: String,
    /// Name of the share.
    pub share_name: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Namespace of the secret; the pod's namespace when unset.
    pub secret_namespace: Option<String>,
}

/// A vSphere virtual disk.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VsphereVirtualDiskVolumeSource {
    /// Path identifying the disk in vSphere.
    pub volume_path: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Name of the storage policy based management profile.
    pub storage_policy_name: String,
    /// ID of the storage policy based management profile for that name.
    pub storage_policy_id: String,
}

/// A Photon Controller persistent disk.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PhotonPersistentDiskVolumeSource {
    /// ID identifying the disk.
    pub pd_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
}

/// Host caching for an Azure data disk.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AzureDataDiskCachingMode(pub String);

impl AzureDataDiskCachingMode {
    /// No caching.
    pub const NONE: &'static str = "None";
    /// Cache reads only.
    pub const READ_ONLY: &'static str = "ReadOnly";
    /// Cache reads and writes.
    pub const READ_WRITE: &'static str = "ReadWrite";
}

/// How an Azure data disk is stored.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AzureDataDiskKind(pub String);

impl AzureDataDiskKind {
    /// Several blob disks share one storage account.
    pub const SHARED: &'static str = "Shared";
    /// One blob disk per storage account.
    pub const DEDICATED: &'static str = "Dedicated";
    /// An Azure managed disk, only in a managed availability set.
    pub const MANAGED: &'static str = "Managed";
}

/// An Azure data disk mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AzureDiskVolumeSource {
    /// Blob storage name of the data disk.
    pub disk_name: String,
    /// URI of the data disk in blob storage.
    pub disk_uri: String,
    /// Host caching: `None`, `ReadOnly` or `ReadWrite`.
    pub caching_mode: Option<AzureDataDiskCachingMode>,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: Option<String>,
    /// Mount read-only; false by default.
    pub read_only: Option<bool>,
    /// `Shared`, `Dedicated` or `Managed`; `Shared` when unset.
    pub kind: Option<AzureDataDiskKind>,
}

/// A Portworx volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PortworxVolumeSource {
    /// Identifier of the volume in Portworx.
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A ScaleIO volume mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScaleIOVolumeSource {
    /// Where the ScaleIO API gateway is reached.
    pub gateway: String,
    /// Name of the ScaleIO storage system as configured there.
    pub system: String,
    /// Secret with the ScaleIO user's credentials; required.
    pub secret_ref: Option<LocalObjectReference>,
    /// Use SSL when talking to the gateway; false by default.
    pub ssl_enabled: bool,
    /// Protection domain of the storage.
    pub protection_domain: String,
    /// Storage pool within the protection domain.
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`; thin when empty.
    pub storage_mode: String,
    /// Name of a volume already made in the system.
    pub volume_name: String,
    /// Filesystem to mount, such as `ext4`; `xfs` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A ScaleIO volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScaleIOPersistentVolumeSource {
    /// Where the ScaleIO API gateway is reached.
    pub gateway: String,
    /// Name of the ScaleIO storage system as configured there.
    pub system: String,
    /// Secret with the ScaleIO user's credentials; required.
    pub secret_ref: Option<SecretReference>,
    /// Use SSL when talking to the gateway; false by default.
    pub ssl_enabled: bool,
    /// Protection domain of the storage.
    pub protection_domain: String,
    /// Storage pool within the protection domain.
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`; thin when empty.
    pub storage_mode: String,
    /// Name of a volume already made in the system.
    pub volume_name: String,
    /// Filesystem to mount, such as `ext4`; `xfs` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
}

/// A StorageOS volume mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageOSVolumeSource {
    /// Name of the volume, unique within its StorageOS namespace.
    pub volume_name: String,
    /// StorageOS namespace of the volume; the pod's namespace when empty, `default` if that has no match.
    pub volume_namespace: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Secret with the StorageOS API credentials; defaults apply when unset.
    pub secret_ref: Option<LocalObjectReference>,
}

/// A StorageOS volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageOSPersistentVolumeSource {
    /// Name of the volume, unique within its StorageOS namespace.
    pub volume_name: String,
    /// StorageOS namespace of the volume; the pod's namespace when empty, `default` if that has no match.
    pub volume_namespace: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    pub fs_type: String,
    /// Mount read-only; false by default.
    pub read_only: bool,
    /// Secret with the StorageOS API credentials; defaults apply when unset.
    pub secret_ref: Option<ObjectReference>,
}

/// Writes the keys of a config map into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConfigMapVolumeSource {
    /// The config map, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    pub items: Vec<KeyToPath>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the config map or a listed key is missing.
    pub optional: Option<bool>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    pub default_user: Option<i64>,
}

/// Puts the keys of a config map into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConfigMapProjection {
    /// The config map, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    pub items: Vec<KeyToPath>,
    /// Whether the pod may start when the config map or a listed key is missing.
    pub optional: Option<bool>,
}

/// Puts a bound token of the pod's service account into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceAccountTokenProjection {
    /// Audience the token is meant for; the API server's own identifier when empty.
    pub audience: String,
    /// Requested lifetime in seconds, at least 600; one hour by default; the kubelet renews it.
    pub expiration_seconds: Option<i64>,
    /// File name for the token, relative to the mount point.
    pub path: String,
    /// Owner UID of the file; takes precedence over the volume's default; alpha.
    pub user: Option<i64>,
}

/// Puts the certificates of one or more cluster trust bundles into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ClusterTrustBundleProjection {
    /// Picks one bundle by name; excludes `signer_name` and `label_selector`.
    pub name: Option<String>,
    /// Picks every bundle of this signer that matches the label selector.
    pub signer_name: Option<String>,
    /// With `signer_name`, narrows the bundles by label; unset matches none, an empty selector all.
    pub label_selector: Option<LabelSelector>,
    /// Whether the pod may start when the named bundle is missing or the selector matches nothing.
    pub optional: Option<bool>,
    /// File name for the bundle, relative to the volume root.
    pub path: String,
    /// Owner UID of the file; takes precedence over the volume's default; alpha.
    pub user: Option<i64>,
}

/// Puts a key and a certificate issued for the pod into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodCertificateProjection {
    /// Signer the kubelet addresses its certificate requests to.
    pub signer_name: String,
    /// Key pair the kubelet generates: `RSA3072`, `RSA4096`, `ECDSAP256`, `ECDSAP384`, `ECDSAP521` or `ED25519`.
    pub key_type: String,
    /// Longest certificate lifetime allowed; 86400 when unset, between 3600 and 7862400.
    pub max_expiration_seconds: Option<i32>,
    /// File for one PEM bundle with the private key first and the certificate chain after it.
    pub credential_bundle_path: String,
    /// File for the private key alone; prefer `credential_bundle_path`.
    pub key_path: String,
    /// File for the certificate chain alone; prefer `credential_bundle_path`.
    pub certificate_chain_path: String,
    /// Extra domain-prefixed hints for the signer, copied unchecked into each certificate request.
    pub user_annotations: BTreeMap<String, String>,
    /// Owner UID of the files; takes precedence over the volume's default; alpha.
    pub user: Option<i64>,
}

/// Several sources combined into one volume directory.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ProjectedVolumeSource {
    /// The sources to combine.
    pub sources: Option<Vec<VolumeProjection>>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    pub default_mode: Option<i32>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    pub default_user: Option<i64>,
}

/// One source of a projected volume; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeProjection {
    /// Keys of a secret.
    pub secret: Option<Box<SecretProjection>>,
    /// Facts about the pod.
    pub downward_api: Option<Box<DownwardAPIProjection>>,
    /// Keys of a config map.
    pub config_map: Option<Box<ConfigMapProjection>>,
    /// A token of the pod's service account.
    pub service_account_token: Option<Box<ServiceAccountTokenProjection>>,
    /// Certificates of cluster trust bundles; alpha.
    pub cluster_trust_bundle: Option<Box<ClusterTrustBundleProjection>>,
    /// A key and certificate issued for the pod.
    pub pod_certificate: Option<Box<PodCertificateProjection>>,
}

/// Maps one key of a secret or config map to a file.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct KeyToPath {
    /// The key to write.
    pub key: String,
    /// Relative file path for the key; no `..` elements and not starting with `..`.
    pub path: String,
    /// Permission bits of this file, between 0000 and 0777; the volume's default when unset.
    pub mode: Option<i32>,
    /// Owner UID of this file; takes precedence over the volume's default; alpha.
    pub user: Option<i64>,
}

/// A disk, partition or directory on one node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LocalVolumeSource {
    /// Full path on the node.
    pub path: String,
    /// Filesystem of a block device; detected automatically when unset; ignored for directories.
    pub fs_type: Option<String>,
}

/// A persistent volume provided through a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSIPersistentVolumeSource {
    /// Name of the CSI driver.
    pub driver: String,
    /// Identifier the driver gave the volume, passed back in every call.
    pub volume_handle: String,
    /// Publish the volume read-only; false by default.
    pub read_only: bool,
    /// Filesystem to mount, such as `ext4`.
    pub fs_type: String,
    /// Driver-specific attributes of the volume.
    pub volume_attributes: BTreeMap<String, String>,
    /// Secret passed to the driver's controller publish and unpublish calls.
    pub controller_publish_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node stage and unstage calls.
    pub node_stage_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node publish and unpublish calls.
    pub node_publish_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's controller expand call.
    pub controller_expand_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node expand call.
    pub node_expand_secret_ref: Option<SecretReference>,
}

/// An ephemeral pod volume created by an external CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CSIVolumeSource {
    /// Name of the CSI driver.
    pub driver: String,
    /// Mount read-only; false by default.
    pub read_only: Option<bool>,
    /// Filesystem to mount, such as `ext4`; the driver chooses when unset.
    pub fs_type: Option<String>,
    /// Driver-specific settings.
    pub volume_attributes: BTreeMap<String, String>,
    /// Secret in the pod's namespace passed to the driver's node publish and unpublish calls.
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}

/// A volume backed by a claim that is created for the pod and deleted with it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EphemeralVolumeSource {
    /// Template of the claim, named `<pod name>-<volume name>`.
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}

/// The shape of a claim created for an ephemeral volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PersistentVolumeClaimTemplate {
    /// Labels and annotations for the claim; other fields are rejected.
    pub metadata: ObjectMeta,
    /// Spec of the claim, copied unchanged.
    pub spec: PersistentVolumeClaimSpec,
}

/// A network port that a container listens on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerPort {
    /// IANA service name for the port, unique within the pod, so services can refer to it by name.
    pub name: String,
    /// Port to open on the node and forward; must be 1 to 65535, and equal `container_port` with host networking.
    pub host_port: i32,
    /// Port number on the pod's IP address, 1 to 65535.
    pub container_port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    pub protocol: Protocol,
    /// Host address the host port binds to.
    pub host_ip: String,
}

/// Where and how a pod volume appears inside a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeMount {
    /// Name of the pod volume to mount.
    pub name: String,
    /// Mount read-only; read-write when false or unset.
    pub read_only: bool,
    /// Whether a read-only mount also makes submounts read-only; treated as `Disabled` when unset.
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    /// Path inside the container; must not contain `:`.
    pub mount_path: String,
    /// Subdirectory of the volume to mount instead of its root; the root when empty.
    pub sub_path: String,
    /// How mounts spread between host and container; `None` when unset.
    pub mount_propagation: Option<MountPropagationMode>,
    /// Like `sub_path`, but `$(VAR_NAME)` refers to the container's environment; excludes `sub_path`.
    pub sub_path_expr: String,
    /// Extra Linux bind mount options among `noexec`, `nodev` and `nosuid`; alpha, not for image volumes.
    pub bind_mount_options: Vec<String>,
}

/// An extra option for a bind mount.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct BindMountOption(pub String);

impl BindMountOption {
    /// Programs on the mount can not be executed.
    pub const NOEXEC: &'static str = "noexec";
    /// Device files on the mount are not honoured.
    pub const NODEV: &'static str = "nodev";
    /// Set-user-ID and set-group-ID bits are ignored.
    pub const NOSUID: &'static str = "nosuid";
}

/// How mounts made on one side of a volume mount show up on the other.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MountPropagationMode(pub String);

impl MountPropagationMode {
    /// Neither side sees mounts made by the other afterwards (private).
    pub const NONE: &'static str = "None";
    /// Mounts made on the host later appear in the container, not the other way round.
    pub const HOST_TO_CONTAINER: &'static str = "HostToContainer";
    /// Mounts propagate both ways; only privileged containers may use it.
    pub const BIDIRECTIONAL: &'static str = "Bidirectional";
}

/// Whether a read-only mount also covers its submounts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RecursiveReadOnlyMode(pub String);

impl RecursiveReadOnlyMode {
    /// Only the top mount is read-only.
    pub const DISABLED: &'static str = "Disabled";
    /// Submounts are read-only too when the runtime supports it.
    pub const IF_POSSIBLE: &'static str = "IfPossible";
    /// Submounts are read-only too, and the pod fails if the runtime can not do it.
    pub const ENABLED: &'static str = "Enabled";
}

/// Maps a raw block volume to a device path inside a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeDevice {
    /// Name of the persistent volume claim in the pod.
    pub name: String,
    /// Path inside the container where the device appears.
    pub device_path: String,
}

/// An environment variable of a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EnvVar {
    /// Name of the variable; any printable ASCII except `=`.
    pub name: String,
    /// Literal value; `$(VAR_NAME)` expands earlier variables, and `$$(VAR_NAME)` escapes the expansion.
    pub value: String,
    /// Where to read the value instead; only when `value` is empty.
    pub value_from: Option<EnvVarSource>,
}

/// A source for an environment variable's value; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EnvVarSource {
    /// A field of the pod, such as `metadata.name` or `status.podIP`.
    pub field_ref: Option<Box<ObjectFieldSelector>>,
    /// A limit or request of a container, such as `limits.memory`.
    pub resource_field_ref: Option<Box<ResourceFieldSelector>>,
    /// A key of a config map in the pod's namespace.
    pub config_map_key_ref: Option<Box<ConfigMapKeySelector>>,
    /// A key of a secret in the pod's namespace.
    pub secret_key_ref: Option<Box<SecretKeySelector>>,
    /// A key of an env file in a volume; alpha.
    pub file_key_ref: Option<Box<FileKeySelector>>,
}

/// Picks one key from an env file on a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FileKeySelector {
    /// Volume holding the env file.
    pub volume_name: String,
    /// Relative path of the file within the volume; must not contain or begin with `..`.
    pub path: String,
    /// Key inside the file; printable ASCII except `=`, and an invalid key stops the pod from starting.
    pub key: String,
    /// When true a missing file or key leaves the variable unset; when false the pod fails to be created.
    pub optional: Option<bool>,
}

/// Picks one field of an object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ObjectFieldSelector {
    /// Schema version the path refers to; `v1` when empty.
    pub api_version: String,
    /// Path of the field, in that schema version.
    pub field_path: String,
}

/// Picks one resource of a container, such as a CPU or memory limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceFieldSelector {
    /// Container to read from; optional for environment variables, required for volumes.
    pub container_name: String,
    /// Resource to read, such as `limits.cpu` or `requests.memory`.
    pub resource: String,
    /// Unit the value is expressed in; 1 when unset.
    pub divisor: Quantity,
}

/// Picks one key of a config map.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConfigMapKeySelector {
    /// The config map, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Key to read.
    pub key: String,
    /// Whether a missing config map or key is acceptable.
    pub optional: Option<bool>,
}

/// Picks one key of a secret.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretKeySelector {
    /// The secret, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Key to read, which has to be a valid secret key name.
    pub key: String,
    /// Whether a missing secret or key is acceptable.
    pub optional: Option<bool>,
}

/// A whole secret or config map turned into environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EnvFromSource {
    /// Prepended to every key to form the variable name; any printable ASCII except `=`.
    pub prefix: String,
    /// The config map to read.
    pub config_map_ref: Option<ConfigMapEnvSource>,
    /// The secret to read.
    pub secret_ref: Option<SecretEnvSource>,
}

/// A config map whose keys become environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConfigMapEnvSource {
    /// The config map, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Whether the pod may start when the config map is missing.
    pub optional: Option<bool>,
}

/// A secret whose keys become environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretEnvSource {
    /// The secret, in the pod's namespace.
    pub local_object_reference: LocalObjectReference,
    /// Whether the pod may start when the secret is missing.
    pub optional: Option<bool>,
}

/// A header to send with an HTTP probe.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HTTPHeader {
    /// Header name; normalised on output, so names differing only in case are the same header.
    pub name: String,
    /// Header value.
    pub value: String,
}

/// The protocol version an HTTP probe speaks.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HTTPProtocol(pub String);

impl HTTPProtocol {
    /// HTTP/1.1, the default.
    pub const HTTP1: &'static str = "HTTP1";
    /// HTTP/2 in cleartext with prior knowledge (h2c); needs the `HTTP` scheme.
    pub const HTTP2: &'static str = "HTTP2";
}

/// A probe or hook that issues an HTTP GET.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HTTPGetAction {
    /// Path to request.
    pub path: String,
    /// Port number (1 to 65535) or named port of the container.
    pub port: IntOrString,
    /// Host to connect to; the pod's IP when empty, so usually a `Host` header is what you want.
    pub host: String,
    /// `HTTP` (the default) or `HTTPS`.
    pub scheme: URIScheme,
    /// Extra request headers; repeats are allowed.
    pub http_headers: Vec<HTTPHeader>,
    /// Wire protocol; HTTP/1.1 when unset.
    pub protocol: Option<HTTPProtocol>,
}

/// The scheme of an HTTP probe or hook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct URIScheme(pub String);

impl URIScheme {
    /// Plain HTTP.
    pub const HTTP: &'static str = "HTTP";
    /// HTTP over TLS, without certificate verification.
    pub const HTTPS: &'static str = "HTTPS";
}

/// A probe that only opens a TCP connection.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TCPSocketAction {
    /// Port number (1 to 65535) or named port of the container.
    pub port: IntOrString,
    /// Host to connect to; the pod's IP when empty.
    pub host: String,
}

/// A probe that calls the gRPC health checking service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GRPCAction {
    /// Port of the gRPC service, 1 to 65535.
    pub port: i32,
    /// Service name sent in the health check request; gRPC's own default when unset.
    pub service: Option<String>,
    /// `Plaintext` or `TLS` (without certificate checks); plaintext when unset.
    pub mode: Option<GRPCProbeMode>,
}

/// How a gRPC probe connects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GRPCProbeMode(pub String);

impl GRPCProbeMode {
    /// Without encryption.
    pub const PLAINTEXT: &'static str = "Plaintext";
    /// Over TLS, without verifying the certificate.
    pub const TLS: &'static str = "TLS";
}

/// Runs a command inside the container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExecAction {
    /// Command and arguments, run directly without a shell; exit status 0 counts as healthy.
    pub command: Vec<String>,
}

/// Waits a while before going on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SleepAction {
    /// How long to wait, in seconds.
    pub seconds: i64,
}

/// A periodic check of a container's health or readiness.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Probe {
    /// What the check does.
    pub probe_handler: ProbeHandler,
    /// Seconds to wait after the container starts before the first check.
    pub initial_delay_seconds: i32,
    /// Seconds before a check times out; 1 by default and at least 1.
    pub timeout_seconds: i32,
    /// Seconds between checks; 10 by default and at least 1.
    pub period_seconds: i32,
    /// Successes in a row needed after a failure; 1 by default, and only 1 is allowed for liveness and startup probes.
    pub success_threshold: i32,
    /// Failures in a row before giving up; 3 by default and at least 1.
    pub failure_threshold: i32,
    /// Grace period in seconds when a failed probe kills the pod; overrides the pod's value.
    pub termination_grace_period_seconds: Option<i64>,
}

/// When the kubelet pulls a container image.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PullPolicy(pub String);

impl PullPolicy {
    /// Pull on every start, and fail if the pull fails.
    pub const ALWAYS: &'static str = "Always";
    /// Use only a local copy of the image.
    pub const NEVER: &'static str = "Never";
    /// Pull only when no local copy exists.
    pub const IF_NOT_PRESENT: &'static str = "IfNotPresent";
}

/// Whether resizing a resource needs the container restarted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceResizeRestartPolicy(pub String);

impl ResourceResizeRestartPolicy {
    /// Resize in place, without a restart.
    pub const NOT_REQUIRED: &'static str = "NotRequired";
    /// Restart the container to apply the new size.
    pub const RESTART_CONTAINER: &'static str = "RestartContainer";
}

/// How a container reacts to an in-place change of one resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerResizePolicy {
    /// Resource the policy covers, such as `cpu` or `memory`.
    pub resource_name: ResourceName,
    /// What resizing the resource takes; `NotRequired` when unset.
    pub restart_policy: ResourceResizeRestartPolicy,
}

/// Whether a pod may evict lower-priority pods to get scheduled.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    /// May evict pods of lower priority.
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    /// Never evicts other pods; waits instead.
    pub const NEVER: &'static str = "Never";
}

/// Where a container's termination message comes from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TerminationMessagePolicy(pub String);

impl TerminationMessagePolicy {
    /// Only the termination message file.
    pub const FILE: &'static str = "File";
    /// The tail of the log when the file is empty and the container failed.
    pub const FALLBACK_TO_LOGS_ON_ERROR: &'static str = "FallbackToLogsOnError";
}

/// A Linux capability name, such as `NET_ADMIN`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Capability(pub String);

/// Linux capabilities added to or removed from a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Capabilities {
    /// Capabilities to grant on top of the runtime's defaults.
    pub add: Vec<Capability>,
    /// Capabilities to take away.
    pub drop: Vec<Capability>,
}

/// The compute resources a container or pod asks for and may not exceed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceRequirements {
    /// Most of each resource that may be used.
    pub limits: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource needed; defaults to the limits when omitted, and may not exceed them.
    pub requests: BTreeMap<ResourceName, Quantity>,
    /// Dynamic resource claims of the pod that this container uses; alpha.
    pub claims: Vec<ResourceClaim>,
}

/// The storage a claim asks for and may not exceed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeResourceRequirements {
    /// Most of each resource the volume may have.
    pub limits: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource the volume needs; defaults to the limits when omitted.
    pub requests: BTreeMap<ResourceName, Quantity>,
}

/// Points at one claim of the pod that a container uses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceClaim {
    /// Name of an entry of the pod's `resource_claims`.
    pub name: String,
    /// A single request inside that claim; empty means the whole claim.
    pub request: String,
}

/// One container of a pod: an image, how to run it, and what it may use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Container {
    /// DNS label naming the container; unique within the pod.
    pub name: String,
    /// Image to run; may be left empty when a workload controller fills it in.
    pub image: String,
    /// Entry point, run without a shell; the image's entry point when empty; `$(VAR_NAME)` expands variables.
    pub command: Vec<String>,
    /// Arguments to the entry point; the image's command when empty; `$(VAR_NAME)` expands variables.
    pub args: Vec<String>,
    /// Working directory; the runtime's default when empty.
    pub working_dir: String,
    /// Ports the container exposes; informational, any listening port is reachable anyway.
    pub ports: Vec<ContainerPort>,
    /// Secrets and config maps whose keys become variables; `env` wins on conflict, later sources win over earlier.
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables to set.
    pub env: Vec<EnvVar>,
    /// Compute resources the container needs and may use.
    pub resources: ResourceRequirements,
    /// How each resource may be resized in place.
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Overrides the pod's restart policy for this container; `Always` on an init container makes a sidecar.
    pub restart_policy: Option<ContainerRestartPolicy>,
    /// Rules checked in order on exit to decide on a restart; at most 20; needs `restart_policy` set.
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Which pod volumes appear in the container, and where.
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices to expose to the container.
    pub volume_devices: Vec<VolumeDevice>,
    /// Check whose failure restarts the container.
    pub liveness_probe: Option<Box<Probe>>,
    /// Check that decides whether the container receives service traffic.
    pub readiness_probe: Option<Box<Probe>>,
    /// Check that must pass once before the other probes begin.
    pub startup_probe: Option<Box<Probe>>,
    /// Hooks run after start and before stop.
    pub lifecycle: Option<Box<Lifecycle>>,
    /// File whose contents become the termination message; `/dev/termination-log` by default, at most 4096 bytes.
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    pub termination_message_policy: TerminationMessagePolicy,
    /// `Always`, `Never` or `IfNotPresent`; `Always` when the tag is `latest` or missing, else `IfNotPresent`.
    pub image_pull_policy: PullPolicy,
    /// Security settings that override the pod's.
    pub security_context: Option<Box<SecurityContext>>,
    /// Keep a stdin buffer open in the runtime; otherwise reads get EOF.
    pub stdin: bool,
    /// Close stdin after the first attach session ends.
    pub stdin_once: bool,
    /// Allocate a terminal; needs `stdin` too.
    pub tty: bool,
}

/// What a probe does; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ProbeHandler {
    /// Run a command in the container.
    pub exec: Option<Box<ExecAction>>,
    /// Send an HTTP GET.
    pub http_get: Option<Box<HTTPGetAction>>,
    /// Open a TCP connection.
    pub tcp_socket: Option<Box<TCPSocketAction>>,
    /// Call the gRPC health service.
    pub grpc: Option<Box<GRPCAction>>,
}

/// What a lifecycle hook does; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LifecycleHandler {
    /// Run a command in the container.
    pub exec: Option<Box<ExecAction>>,
    /// Send an HTTP GET.
    pub http_get: Option<Box<HTTPGetAction>>,
    /// Deprecated and unsupported; kept for compatibility, and hooks using it fail when run.
    pub tcp_socket: Option<Box<TCPSocketAction>>,
    /// Wait a number of seconds.
    pub sleep: Option<Box<SleepAction>>,
}

/// A POSIX signal name that may be sent to stop a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Signal(pub String);

/// The values of `Lifecycle.stopSignal` (upstream's `Signal` constants): the Linux signals, the
/// real-time ones as `SIGRTMIN+n` and `SIGRTMAX-n`; upstream's validation allows only `SIGTERM`
/// and `SIGKILL` for Windows pods. Each constant holds the name it is called by.
#[allow(missing_docs, reason = "each constant holds the signal name it is called by")]
impl Signal {
    pub const SIGABRT: &'static str = "SIGABRT";
    pub const SIGALRM: &'static str = "SIGALRM";
    pub const SIGBUS: &'static str = "SIGBUS";
    pub const SIGCHLD: &'static str = "SIGCHLD";
    pub const SIGCLD: &'static str = "SIGCLD";
    pub const SIGCONT: &'static str = "SIGCONT";
    pub const SIGFPE: &'static str = "SIGFPE";
    pub const SIGHUP: &'static str = "SIGHUP";
    pub const SIGILL: &'static str = "SIGILL";
    pub const SIGINT: &'static str = "SIGINT";
    pub const SIGIO: &'static str = "SIGIO";
    pub const SIGIOT: &'static str = "SIGIOT";
    pub const SIGKILL: &'static str = "SIGKILL";
    /// `SIGPIPE`, under a mis-split name.
    pub const SIGP_IP_E: &'static str = "SIGPIPE";
    pub const SIGPOLL: &'static str = "SIGPOLL";
    pub const SIGPROF: &'static str = "SIGPROF";
    pub const SIGPWR: &'static str = "SIGPWR";
    pub const SIGQUIT: &'static str = "SIGQUIT";
    pub const SIGSEGV: &'static str = "SIGSEGV";
    pub const SIGSTKFLT: &'static str = "SIGSTKFLT";
    pub const SIGSTOP: &'static str = "SIGSTOP";
    pub const SIGSYS: &'static str = "SIGSYS";
    pub const SIGTERM: &'static str = "SIGTERM";
    pub const SIGTRAP: &'static str = "SIGTRAP";
    pub const SIGTSTP: &'static str = "SIGTSTP";
    pub const SIGTTIN: &'static str = "SIGTTIN";
    pub const SIGTTOU: &'static str = "SIGTTOU";
    pub const SIGURG: &'static str = "SIGURG";
    pub const SIGUSR1: &'static str = "SIGUSR1";
    pub const SIGUSR2: &'static str = "SIGUSR2";
    pub const SIGVTALRM: &'static str = "SIGVTALRM";
    pub const SIGWINCH: &'static str = "SIGWINCH";
    pub const SIGXCPU: &'static str = "SIGXCPU";
    pub const SIGXFSZ: &'static str = "SIGXFSZ";
    pub const SIGRTMIN: &'static str = "SIGRTMIN";
    pub const SIGRTMINPLUS1: &'static str = "SIGRTMIN+1";
    pub const SIGRTMINPLUS2: &'static str = "SIGRTMIN+2";
    pub const SIGRTMINPLUS3: &'static str = "SIGRTMIN+3";
    pub const SIGRTMINPLUS4: &'static str = "SIGRTMIN+4";
    pub const SIGRTMINPLUS5: &'static str = "SIGRTMIN+5";
    pub const SIGRTMINPLUS6: &'static str = "SIGRTMIN+6";
    pub const SIGRTMINPLUS7: &'static str = "SIGRTMIN+7";
    pub const SIGRTMINPLUS8: &'static str = "SIGRTMIN+8";
    pub const SIGRTMINPLUS9: &'static str = "SIGRTMIN+9";
    pub const SIGRTMINPLUS10: &'static str = "SIGRTMIN+10";
    pub const SIGRTMINPLUS11: &'static str = "SIGRTMIN+11";
    pub const SIGRTMINPLUS12: &'static str = "SIGRTMIN+12";
    pub const SIGRTMINPLUS13: &'static str = "SIGRTMIN+13";
    pub const SIGRTMINPLUS14: &'static str = "SIGRTMIN+14";
    pub const SIGRTMINPLUS15: &'static str = "SIGRTMIN+15";
    pub const SIGRTMAXMINUS14: &'static str = "SIGRTMAX-14";
    pub const SIGRTMAXMINUS13: &'static str = "SIGRTMAX-13";
    pub const SIGRTMAXMINUS12: &'static str = "SIGRTMAX-12";
    pub const SIGRTMAXMINUS11: &'static str = "SIGRTMAX-11";
    pub const SIGRTMAXMINUS10: &'static str = "SIGRTMAX-10";
    pub const SIGRTMAXMINUS9: &'static str = "SIGRTMAX-9";
    pub const SIGRTMAXMINUS8: &'static str = "SIGRTMAX-8";
    pub const SIGRTMAXMINUS7: &'static str = "SIGRTMAX-7";
    pub const SIGRTMAXMINUS6: &'static str = "SIGRTMAX-6";
    pub const SIGRTMAXMINUS5: &'static str = "SIGRTMAX-5";
    pub const SIGRTMAXMINUS4: &'static str = "SIGRTMAX-4";
    pub const SIGRTMAXMINUS3: &'static str = "SIGRTMAX-3";
    pub const SIGRTMAXMINUS2: &'static str = "SIGRTMAX-2";
    pub const SIGRTMAXMINUS1: &'static str = "SIGRTMAX-1";
    pub const SIGRTMAX: &'static str = "SIGRTMAX";
}

/// Hooks the runtime runs at container start and stop.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Lifecycle {
    /// Runs right after the container is created; if it fails the container is restarted.
    pub post_start: Option<LifecycleHandler>,
    /// Runs before the container is stopped, within the pod's grace period.
    pub pre_stop: Option<LifecycleHandler>,
    /// Signal used to stop the container; the runtime's default when unset; needs the pod's `os.name`.
    pub stop_signal: Option<Signal>,
}

/// Whether a condition holds: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// It can not be told whether the condition holds.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// A container that has not started yet.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerStateWaiting {
    /// Short reason for waiting, such as `ImagePullBackOff`.
    pub reason: String,
    /// Details of why the container is waiting.
    pub message: String,
}

/// A running container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerStateRunning {
    /// When the container last (re)started.
    pub started_at: Time,
}

/// A container that has exited.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerStateTerminated {
    /// Exit status of the last run.
    pub exit_code: i32,
    /// Signal that ended the last run, if any.
    pub signal: i32,
    /// Short reason for the exit.
    pub reason: String,
    /// Details of the exit.
    pub message: String,
    /// When the last run began.
    pub started_at: Time,
    /// When the last run ended.
    pub finished_at: Time,
    /// Runtime's ID of the container, as `<type>://<container_id>`.
    pub container_id: String,
}

/// The current state of a container; exactly one member is set, waiting if none.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerState {
    /// Not started yet.
    pub waiting: Option<ContainerStateWaiting>,
    /// Running.
    pub running: Option<ContainerStateRunning>,
    /// Exited.
    pub terminated: Option<ContainerStateTerminated>,
}

/// What the kubelet reports about one container of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerStatus {
    /// Name from the pod spec.
    pub name: String,
    /// State right now.
    pub state: ContainerState,
    /// State at the previous exit, used to see why it restarted; empty if it never exited.
    pub last_state: ContainerState,
    /// Whether the container passes its readiness check; true once started when it has no readiness probe.
    pub ready: bool,
    /// Times the container restarted; may fall back to 0 when the kubelet loses its state, say after a node reboot.
    pub restart_count: i32,
    /// Image the container runs; may differ from the spec's, for example after resolving a tag.
    pub image: String,
    /// Image ID as the runtime knows it; may differ from the spec's image.
    pub image_id: String,
    /// Runtime's ID of the container, as `<type>://<container_id>`; empty before creation.
    pub container_id: String,
    /// Whether the startup probe passed, or true when there is none; false while not running.
    pub started: Option<bool>,
    /// Resources the node has set aside for the container.
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Requests and limits actually applied to the running container.
    pub resources: Option<ResourceRequirements>,
    /// Volume mounts in effect in the container.
    pub volume_mounts: Vec<VolumeMountStatus>,
    /// Identity of the container's first process.
    pub user: Option<ContainerUser>,
    /// Health of the devices assigned to the container.
    pub allocated_resources_status: Vec<ResourceStatus>,
    /// Signal used to stop the container, as actually in effect.
    pub stop_signal: Option<Signal>,
}

/// The health of the devices behind one resource of a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceStatus {
    /// Resource name, such as a claim `claim:<claim>/<request>` or an extended resource.
    pub name: ResourceName,
    /// Health of each device; the list is unique by device ID.
    pub resources: Vec<ResourceHealth>,
}

/// How healthy a device assigned to a container is.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceHealthStatus(pub String);

impl ResourceHealthStatus {
    /// Working.
    pub const HEALTHY: &'static str = "Healthy";
    /// Failing.
    pub const UNHEALTHY: &'static str = "Unhealthy";
    /// Health can not be told.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// Identifier of a device within a resource, as its plugin names it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceID(pub String);

/// The health of one device assigned to a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceHealth {
    /// Device's identifier within the resource.
    pub resource_id: ResourceID,
    /// `Healthy`, `Unhealthy` or `Unknown`.
    pub health: ResourceHealthStatus,
    /// Extra details about the health.
    pub message: Option<String>,
}

/// The identity of a container's first process, per operating system.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerUser {
    /// Linux user and groups.
    pub linux: Option<LinuxContainerUser>,
}

/// The Linux identity of a container's first process.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LinuxContainerUser {
    /// Primary user ID.
    pub uid: i64,
    /// Primary group ID.
    pub gid: i64,
    /// Extra group IDs attached to the process.
    pub supplemental_groups: Vec<i64>,
}

/// A coarse summary of where a pod is in its lifecycle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodPhase(pub String);

impl PodPhase {
    /// Accepted, but not every container has started yet.
    pub const PENDING: &'static str = "Pending";
    /// Bound to a node with every container started, and at least one still running.
    pub const RUNNING: &'static str = "Running";
    /// Every container exited successfully and none will restart.
    pub const SUCCEEDED: &'static str = "Succeeded";
    /// Every container exited, and at least one of them failed.
    pub const FAILED: &'static str = "Failed";
    /// Deprecated: the pod's state could not be found out.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// The kind of a condition reported on a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodConditionType(pub String);

impl PodConditionType {
    /// Every container is ready.
    pub const CONTAINERS_READY: &'static str = "ContainersReady";
    /// Every init container has finished.
    pub const INITIALIZED: &'static str = "Initialized";
    /// The pod can serve requests and belongs behind matching services.
    pub const READY: &'static str = "Ready";
    /// The pod was placed on a node.
    pub const POD_SCHEDULED: &'static str = "PodScheduled";
    /// A disruption such as preemption or eviction will soon end the pod.
    pub const DISRUPTION_TARGET: &'static str = "DisruptionTarget";
    /// Sandbox and networking are ready for containers to start.
    pub const POD_READY_TO_START_CONTAINERS: &'static str = "PodReadyToStartContainers";
    /// A requested resize is not yet possible on the node or was rejected.
    pub const POD_RESIZE_PENDING: &'static str = "PodResizePending";
    /// A resize was accepted and is being carried out.
    pub const POD_RESIZE_IN_PROGRESS: &'static str = "PodResizeInProgress";
    /// All of the pod's containers are being restarted.
    pub const ALL_CONTAINERS_RESTARTING: &'static str = "AllContainersRestarting";
}

/// One observation about a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodCondition {
    /// Kind of condition, such as `Ready`.
    pub r#type: PodConditionType,
    /// The pod generation the condition was computed for.
    pub observed_generation: i64,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the condition was last checked.
    pub last_probe_time: Time,
    /// When the status last flipped.
    pub last_transition_time: Time,
    /// Short CamelCase code for the last transition.
    pub reason: String,
    /// Human-readable details of the last transition.
    pub message: String,
}

/// Deprecated: how far an in-place resize of a pod has got; pod conditions replace it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodResizeStatus(pub String);

impl PodResizeStatus {
    /// The resize was accepted and is being applied.
    pub const IN_PROGRESS: &'static str = "InProgress";
    /// The resize can not fit now but may later.
    pub const DEFERRED: &'static str = "Deferred";
    /// The node can never fit the resize.
    pub const INFEASIBLE: &'static str = "Infeasible";
}

/// A volume mount as actually set up in a running container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeMountStatus {
    /// Name of the volume mount.
    pub name: String,
    /// Path inside the container.
    pub mount_path: String,
    /// Whether the mount is read-only.
    pub read_only: bool,
    /// Whether submounts are read-only too: `Disabled` or `Enabled`.
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    /// Extra information on the mounted volume.
    pub volume_status: Option<VolumeStatus>,
}

/// Extra status of a mounted volume, by volume kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct VolumeStatus {
    /// Status of an image volume.
    pub image: Option<ImageVolumeStatus>,
}

/// The status of a mounted image volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ImageVolumeStatus {
    /// Digest of the image that was mounted.
    pub image_ref: String,
}

/// When the kubelet restarts the containers of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RestartPolicy(pub String);

impl RestartPolicy {
    /// After every exit.
    pub const ALWAYS: &'static str = "Always";
    /// Only after a failed exit.
    pub const ON_FAILURE: &'static str = "OnFailure";
    /// Never.
    pub const NEVER: &'static str = "Never";
}

/// When the kubelet restarts one container, overriding the pod's policy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerRestartPolicy(pub String);

impl ContainerRestartPolicy {
    /// After every exit.
    pub const ALWAYS: &'static str = "Always";
    /// Never.
    pub const NEVER: &'static str = "Never";
    /// Only after a failed exit.
    pub const ON_FAILURE: &'static str = "OnFailure";
}

/// A rule deciding what happens when a container exits.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerRestartRule {
    /// What to do when the rule matches.
    pub action: ContainerRestartRuleAction,
    /// Exit codes the rule matches.
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

/// What a matching container restart rule does.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerRestartRuleAction(pub String);

impl ContainerRestartRuleAction {
    /// Restart the container.
    pub const RESTART: &'static str = "Restart";
    /// Restart every container of the pod.
    pub const RESTART_ALL_CONTAINERS: &'static str = "RestartAllContainers";
}

/// Matches a container's exit code against a set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerRestartRuleOnExitCodes {
    /// `In` or `NotIn`.
    pub operator: ContainerRestartRuleOnExitCodesOperator,
    /// Exit codes to compare with; at most 255, order irrelevant.
    pub values: Vec<i32>,
}

/// How an exit code is compared with a set of values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerRestartRuleOnExitCodesOperator(pub String);

impl ContainerRestartRuleOnExitCodesOperator {
    /// Matches when the code is among the values.
    pub const IN: &'static str = "In";
    /// Matches when the code is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
}

/// How the DNS settings of a pod are built.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DNSPolicy(pub String);

impl DNSPolicy {
    /// Cluster DNS first, even when the pod uses host networking.
    pub const CLUSTER_FIRST_WITH_HOST_NET: &'static str = "ClusterFirstWithHostNet";
    /// Cluster DNS first, falling back to the node's; the node's when on host networking.
    pub const CLUSTER_FIRST: &'static str = "ClusterFirst";
    /// The node's DNS settings.
    pub const DEFAULT: &'static str = "Default";
    /// Only what the pod's `dns_config` gives.
    pub const NONE: &'static str = "None";
}

/// A node query made of terms that are ORed together.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSelector {
    /// The terms; a node matching any one of them matches.
    pub node_selector_terms: Option<Vec<NodeSelectorTerm>>,
}

/// A node query whose requirements are ANDed; an empty term matches nothing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSelectorTerm {
    /// Requirements on node labels.
    pub match_expressions: Vec<NodeSelectorRequirement>,
    /// Requirements on node fields.
    pub match_fields: Vec<NodeSelectorRequirement>,
}

/// One condition on a node label or field.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSelectorRequirement {
    /// Label key or field the condition applies to.
    pub key: String,
    /// How the key relates to the values: `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`.
    pub operator: NodeSelectorOperator,
    /// Values to compare with; one integer for `Gt` and `Lt`, none for the existence operators.
    pub values: Vec<String>,
}

/// How a node selector requirement compares its key with its values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSelectorOperator(pub String);

impl NodeSelectorOperator {
    /// The value is among the values.
    pub const IN: &'static str = "In";
    /// The value is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
    /// The key is present.
    pub const EXISTS: &'static str = "Exists";
    /// The key is absent.
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
    /// The value, as an integer, is greater.
    pub const GT: &'static str = "Gt";
    /// The value, as an integer, is smaller.
    pub const LT: &'static str = "Lt";
}

/// A topology query whose label requirements are ANDed; an empty term matches nothing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TopologySelectorTerm {
    /// Requirements on topology labels.
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

/// Requires a topology label to take one of some values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TopologySelectorLabelRequirement {
    /// Label key.
    pub key: String,
    /// Allowed values; the label must equal one of them.
    pub values: Option<Vec<String>>,
}

/// The pod's scheduling rules with respect to nodes and other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Affinity {
    /// Rules on which nodes the pod prefers or needs.
    pub node_affinity: Option<NodeAffinity>,
    /// Pods this one wants to be near.
    pub pod_affinity: Option<PodAffinity>,
    /// Pods this one wants to stay away from.
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

/// Rules that put a pod in the same topology domain as certain other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodAffinity {
    /// Terms that must all hold when scheduling; not rechecked afterwards.
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms the scheduler tries to satisfy; the node with the highest total wins.
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// Rules that keep a pod out of topology domains holding certain other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodAntiAffinity {
    /// Terms that must all hold when scheduling; not rechecked afterwards.
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms the scheduler tries to satisfy; the node with the highest total wins.
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// A pod affinity term with a weight for scoring.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WeightedPodAffinityTerm {
    /// Weight added to a node's score when the term matches, 1 to 100.
    pub weight: i32,
    /// The term.
    pub pod_affinity_term: PodAffinityTerm,
}

/// A set of pods, and the topology key that defines being near them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodAffinityTerm {
    /// Which pods count; unset matches none.
    pub label_selector: Option<LabelSelector>,
    /// Namespaces searched for the pods; with no selector either, the pod's own namespace.
    pub namespaces: Vec<String>,
    /// Node label whose value defines a domain; nodes sharing the value are near each other. Must not be empty.
    pub topology_key: String,
    /// Label query over namespaces to search; combined with `namespaces`; an empty selector means all.
    pub namespace_selector: Option<LabelSelector>,
    /// Labels of the incoming pod whose values are added to the selector as `key in (value)`.
    pub match_label_keys: Vec<String>,
    /// Labels of the incoming pod whose values are added to the selector as `key notin (value)`.
    pub mismatch_label_keys: Vec<String>,
}

/// Rules that steer a pod to nodes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAffinity {
    /// Nodes the pod may go to; not rechecked once running.
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    /// Weighted preferences; the node with the highest total is favoured.
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

/// A node selector term with a weight for scoring.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PreferredSchedulingTerm {
    /// Weight added to a node's score when the term matches, 1 to 100.
    pub weight: i32,
    /// The term.
    pub preference: NodeSelectorTerm,
}

/// A mark on a node that repels pods which do not tolerate it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Taint {
    /// Key of the taint.
    pub key: String,
    /// Value of the taint.
    pub value: String,
    /// What the taint does to non-tolerating pods: `NoSchedule`, `PreferNoSchedule` or `NoExecute`.
    pub effect: TaintEffect,
    /// When the taint was added; only for `NoExecute` taints.
    pub time_added: Option<Time>,
}

/// What a taint does to pods that do not tolerate it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TaintEffect(pub String);

impl TaintEffect {
    /// New pods are not scheduled onto the node; running ones stay.
    pub const NO_SCHEDULE: &'static str = "NoSchedule";
    /// The scheduler avoids the node when it can.
    pub const PREFER_NO_SCHEDULE: &'static str = "PreferNoSchedule";
    /// New pods are not scheduled and running ones are evicted.
    pub const NO_EXECUTE: &'static str = "NoExecute";
}

/// Lets a pod accept taints whose key, value and effect match.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Toleration {
    /// Taint key to match; empty matches every key, and then the operator must be `Exists`.
    pub key: String,
    /// `Equal` (the default), `Exists` (any value), or numeric `Lt` and `Gt`.
    pub operator: TolerationOperator,
    /// Value to match; empty for `Exists`.
    pub value: String,
    /// Effect to match; empty matches every effect.
    pub effect: TaintEffect,
    /// For `NoExecute`, seconds the pod stays once tainted; unset means forever, 0 or less evicts at once.
    pub toleration_seconds: Option<i64>,
}

/// How a toleration compares its value with a taint's.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TolerationOperator(pub String);

impl TolerationOperator {
    /// Any value matches.
    pub const EXISTS: &'static str = "Exists";
    /// The values must be equal.
    pub const EQUAL: &'static str = "Equal";
    /// The taint's value, as an integer, is less than the toleration's.
    pub const LT: &'static str = "Lt";
    /// The taint's value, as an integer, is greater than the toleration's.
    pub const GT: &'static str = "Gt";
}

/// An extra pod condition required before the pod counts as ready.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodReadinessGate {
    /// Condition in the pod's status list to look at.
    pub condition_type: PodConditionType,
}

/// What a pod runs and how: containers, volumes, scheduling and security.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSpec {
    /// Volumes the containers may mount.
    pub volumes: Vec<Volume>,
    /// Containers run one after another, each to completion, before the regular containers start.
    pub init_containers: Vec<Container>,
    /// The regular containers; at least one.
    pub containers: Option<Vec<Container>>,
    /// Debugging containers added to a running pod through the `ephemeralcontainers` subresource.
    pub ephemeral_containers: Vec<EphemeralContainer>,
    /// `Always` (the default), `OnFailure` or `Never`.
    pub restart_policy: RestartPolicy,
    /// Seconds between the stop signal and killing; 30 by default; 0 kills at once.
    pub termination_grace_period_seconds: Option<i64>,
    /// Seconds a pod may be active, counted from its start, before it is stopped.
    pub active_deadline_seconds: Option<i64>,
    /// How the pod's DNS is set up; `ClusterFirst` by default.
    pub dns_policy: DNSPolicy,
    /// Labels a node must carry to run the pod.
    pub node_selector: BTreeMap<String, String>,
    /// Service account the pod runs as.
    pub service_account_name: String,
    /// Whether to mount the service account's API credentials.
    pub automount_service_account_token: Option<bool>,
    /// Node the pod runs on; setting it directly bypasses the scheduler.
    pub node_name: String,
    /// Pod-wide security settings, including the host namespaces the pod shares.
    pub security_context: Option<PodSecurityContext>,
    /// Secrets in the pod's namespace used to pull images.
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Hostname of the pod; chosen by the system when empty.
    pub hostname: String,
    /// Gives the pod a DNS name `<hostname>.<subdomain>.<namespace>.svc.<cluster domain>`.
    pub subdomain: String,
    /// Scheduling rules with respect to nodes and pods.
    pub affinity: Option<Box<Affinity>>,
    /// Scheduler to use; the default scheduler when empty.
    pub scheduler_name: String,
    /// Taints the pod accepts.
    pub tolerations: Vec<Toleration>,
    /// Extra entries for the pod's hosts file.
    pub host_aliases: Vec<HostAlias>,
    /// Priority class giving the pod's priority; the default class, or zero, when empty.
    pub priority_class_name: String,
    /// Priority value, filled in from the priority class by admission; higher goes first.
    pub priority: Option<i32>,
    /// DNS settings merged into those from the DNS policy.
    pub dns_config: Option<Box<PodDNSConfig>>,
    /// Extra conditions required before the pod counts as ready.
    pub readiness_gates: Vec<PodReadinessGate>,
    /// Runtime class to run the pod with; the runtime's default handler when unset.
    pub runtime_class_name: Option<String>,
    /// Whether to add environment variables about services, as docker links did; true by default.
    pub enable_service_links: Option<bool>,
    /// Whether the pod may preempt lower-priority pods; `PreemptLowerPriority` by default.
    pub preemption_policy: Option<PreemptionPolicy>,
    /// Resources used by the pod's sandbox on top of its containers, set from the runtime class.
    pub overhead: BTreeMap<ResourceName, Quantity>,
    /// How the pod should be spread among topology domains.
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    /// Make the pod's hostname its fully qualified domain name; false by default.
    pub set_hostname_as_fqdn: Option<bool>,
    /// Operating system the pod needs; enables OS-specific validation.
    pub os: Option<PodOS>,
    /// Gates that keep the pod from being scheduled until all are removed.
    pub scheduling_gates: Vec<PodSchedulingGate>,
    /// Dynamic resource claims the pod uses, by name.
    pub resource_claims: Vec<PodResourceClaim>,
    /// Pod-wide requests and limits, shared by all containers.
    pub resources: Option<Box<ResourceRequirements>>,
    /// Hostname the pod sees, overriding `hostname` and `subdomain`; DNS is unaffected; at most 64 characters.
    pub hostname_override: Option<String>,
    /// Group object the pod belongs to for group scheduling; immutable.
    pub scheduling_group: Option<PodSchedulingGroup>,
    /// Responders that handle eviction requests for the pod in priority order; at most 10; immutable.
    pub eviction_responders: Vec<EvictionResponder>,
}

/// Names a resource claim that a pod uses, either directly or through a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodResourceClaim {
    /// Name of the entry, used by containers to refer to it; a DNS label.
    pub name: String,
    /// Existing claim in the pod's namespace.
    pub resource_claim_name: Option<String>,
    /// Template in the pod's namespace from which a claim is made for this pod.
    pub resource_claim_template_name: Option<String>,
}

/// The resource claim generated for a pod claim entry.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodResourceClaimStatus {
    /// The entry in the pod's `resource_claims` this belongs to.
    pub name: String,
    /// Name of the generated claim; unset when no claim was needed.
    pub resource_claim_name: Option<String>,
}

/// The resource claim generated for extended resources of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodExtendedResourceClaimStatus {
    /// Which request of the claim serves each container's extended resource.
    pub request_mappings: Option<Vec<ContainerExtendedResourceRequest>>,
    /// Name of the generated claim, in the pod's namespace.
    pub resource_claim_name: String,
}

/// Links a container's extended resource to a request of a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerExtendedResourceRequest {
    /// Container asking for the resource.
    pub container_name: String,
    /// Extended resource that dynamic resource allocation provides.
    pub resource_name: String,
    /// Request in the generated claim matching the resource.
    pub request_name: String,
}

/// The name of an operating system.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct OSName(pub String);

impl OSName {
    /// Linux.
    pub const LINUX: &'static str = "linux";
    /// Windows.
    pub const WINDOWS: &'static str = "windows";
}

/// The operating system a pod runs on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodOS {
    /// `linux` or `windows`.
    pub name: OSName,
}

/// A gate that holds back scheduling of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSchedulingGate {
    /// Name of the gate; unique among the pod's gates.
    pub name: String,
}

/// The scheduling group a pod belongs to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSchedulingGroup {
    /// Name of the pod group object; a DNS subdomain.
    pub pod_group_name: Option<String>,
}

/// What to do with a pod that can not satisfy a spread constraint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UnsatisfiableConstraintAction(pub String);

impl UnsatisfiableConstraintAction {
    /// Leave it unscheduled.
    pub const DO_NOT_SCHEDULE: &'static str = "DoNotSchedule";
    /// Schedule it anyway, favouring nodes that reduce the skew.
    pub const SCHEDULE_ANYWAY: &'static str = "ScheduleAnyway";
}

/// Whether a node attribute is taken into account when computing spread.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeInclusionPolicy(pub String);

impl NodeInclusionPolicy {
    /// Ignore it: count every node.
    pub const IGNORE: &'static str = "Ignore";
    /// Honour it: count only matching nodes.
    pub const HONOR: &'static str = "Honor";
}

/// How evenly matching pods must be spread among topology domains.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TopologySpreadConstraint {
    /// Most the pod count may differ between any domain and the emptiest one; at least 1.
    pub max_skew: i32,
    /// Node label whose values define the domains.
    pub topology_key: String,
    /// `DoNotSchedule` (the default) or `ScheduleAnyway`.
    pub when_unsatisfiable: UnsatisfiableConstraintAction,
    /// Which pods are counted.
    pub label_selector: Option<LabelSelector>,
    /// Fewest eligible domains; below it the global minimum is taken as 0; needs `DoNotSchedule`.
    pub min_domains: Option<i32>,
    /// Whether the pod's node affinity limits the nodes counted; `Honor` by default.
    pub node_affinity_policy: Option<NodeInclusionPolicy>,
    /// Whether node taints limit the nodes counted; `Ignore` by default.
    pub node_taints_policy: Option<NodeInclusionPolicy>,
    /// Labels of the incoming pod whose values are added to the selector.
    pub match_label_keys: Vec<String>,
}

/// An extra entry for the pod's `/etc/hosts`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HostAlias {
    /// IP address of the entry.
    pub ip: String,
    /// Host names for that address.
    pub hostnames: Vec<String>,
}

/// When volume ownership is changed to the pod's fsGroup.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodFSGroupChangePolicy(pub String);

impl PodFSGroupChangePolicy {
    /// Only when the volume root does not already match.
    pub const ON_ROOT_MISMATCH: &'static str = "OnRootMismatch";
    /// On every mount.
    pub const ALWAYS: &'static str = "Always";
}

/// How the supplemental groups of a container's first process are worked out.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SupplementalGroupsPolicy(pub String);

impl SupplementalGroupsPolicy {
    /// Groups from the image's user are added to those given.
    pub const MERGE: &'static str = "Merge";
    /// Only the groups given are used.
    pub const STRICT: &'static str = "Strict";
}

/// How volumes get the pod's SELinux label.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSELinuxChangePolicy(pub String);

impl PodSELinuxChangePolicy {
    /// Relabel every file on the volume.
    pub const RECURSIVE: &'static str = "Recursive";
    /// Mount with the label as a mount option where the volume allows it.
    pub const MOUNT_OPTION: &'static str = "MountOption";
}

/// Security settings for a whole pod; container settings override some of them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSecurityContext {
    /// Use the node's network namespace (v1 keeps this on the pod spec).
    pub host_network: bool,
    /// Use the node's PID namespace (v1 keeps this on the pod spec).
    pub host_pid: bool,
    /// Use the node's IPC namespace (v1 keeps this on the pod spec).
    pub host_ipc: bool,
    /// Put all containers in one PID namespace (v1 keeps this on the pod spec).
    pub share_process_namespace: Option<bool>,
    /// Whether to use the node's user namespace (v1 keeps this on the pod spec).
    pub host_users: Option<bool>,
    /// SELinux context for every container; random when unset.
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings for every container.
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// UID to run container processes as; the image's when unset.
    pub run_as_user: Option<i64>,
    /// GID to run container processes as; the runtime's default when unset.
    pub run_as_group: Option<i64>,
    /// Block any container from starting when it would run as UID 0.
    pub run_as_non_root: Option<bool>,
    /// Extra GIDs for each container's first process, on top of its primary group.
    pub supplemental_groups: Vec<i64>,
    /// `Merge` (the default) or `Strict`.
    pub supplemental_groups_policy: Option<SupplementalGroupsPolicy>,
    /// GID that owns supported volumes, also added to every container's groups.
    pub fs_group: Option<i64>,
    /// Namespaced sysctls to set for the pod.
    pub sysctls: Vec<Sysctl>,
    /// `OnRootMismatch` or `Always` (the default).
    pub fs_group_change_policy: Option<PodFSGroupChangePolicy>,
    /// Seccomp profile for every container.
    pub seccomp_profile: Option<SeccompProfile>,
    /// AppArmor profile for every container.
    pub app_armor_profile: Option<AppArmorProfile>,
    /// `Recursive` or `MountOption`; how volumes get the pod's SELinux label.
    pub se_linux_change_policy: Option<PodSELinuxChangePolicy>,
}

/// The seccomp profile applied to a pod or container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SeccompProfile {
    /// `Unconfined`, `RuntimeDefault` or `Localhost`.
    pub r#type: SeccompProfileType,
    /// Path of a profile file under the kubelet's seccomp directory; only for `Localhost`.
    pub localhost_profile: Option<String>,
}

/// Where a seccomp profile comes from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SeccompProfileType(pub String);

impl SeccompProfileType {
    /// No profile.
    pub const UNCONFINED: &'static str = "Unconfined";
    /// The runtime's default profile.
    pub const RUNTIME_DEFAULT: &'static str = "RuntimeDefault";
    /// A file on the node.
    pub const LOCALHOST: &'static str = "Localhost";
}

/// An AppArmor profile.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AppArmorProfile {
    /// `Unconfined`, `RuntimeDefault` or `Localhost`.
    pub r#type: AppArmorProfileType,
    /// Name of a profile already present on the node; only for `Localhost`.
    pub localhost_profile: Option<String>,
}

/// Where an AppArmor profile comes from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AppArmorProfileType(pub String);

impl AppArmorProfileType {
    /// No profile.
    pub const UNCONFINED: &'static str = "Unconfined";
    /// The runtime's default profile.
    pub const RUNTIME_DEFAULT: &'static str = "RuntimeDefault";
    /// A profile already present on the node.
    pub const LOCALHOST: &'static str = "Localhost";
}

/// A pod's quality of service class, derived from its requests and limits.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodQOSClass(pub String);

impl PodQOSClass {
    /// Every container has equal requests and limits for CPU and memory.
    pub const GUARANTEED: &'static str = "Guaranteed";
    /// Some requests are set, but the pod is not guaranteed.
    pub const BURSTABLE: &'static str = "Burstable";
    /// No requests or limits at all.
    pub const BEST_EFFORT: &'static str = "BestEffort";
}

/// DNS settings for a pod beyond those from the DNS policy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodDNSConfig {
    /// DNS server IPs, added to those from the policy.
    pub nameservers: Vec<String>,
    /// Search domains, added to those from the policy.
    pub searches: Vec<String>,
    /// Resolver options; these override same-named options from the policy.
    pub options: Vec<PodDNSConfigOption>,
}

/// One resolver option.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodDNSConfigOption {
    /// Option name; required.
    pub name: String,
    /// Option value, if it takes one.
    pub value: Option<String>,
}

/// One IP address given to a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodIP {
    /// The address.
    pub ip: String,
}

/// One IP address of the node a pod runs on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HostIP {
    /// The address.
    pub ip: String,
}

/// The container fields that ephemeral containers may use, with the same meanings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EphemeralContainerCommon {
    /// DNS label naming the container; unique among all the pod's containers.
    pub name: String,
    /// Image to run; may be left empty when a workload controller fills it in.
    pub image: String,
    /// Entry point, run without a shell; the image's entry point when empty; `$(VAR_NAME)` expands variables.
    pub command: Vec<String>,
    /// Arguments to the entry point; the image's command when empty; `$(VAR_NAME)` expands variables.
    pub args: Vec<String>,
    /// Working directory; the runtime's default when empty.
    pub working_dir: String,
    /// Not allowed for ephemeral containers.
    pub ports: Vec<ContainerPort>,
    /// Secrets and config maps whose keys become variables; `env` wins on conflict, later sources win over earlier.
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables to set.
    pub env: Vec<EnvVar>,
    /// Not allowed; ephemeral containers use resources the pod already has.
    pub resources: ResourceRequirements,
    /// Not allowed for ephemeral containers.
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Not allowed for ephemeral containers.
    pub restart_policy: Option<ContainerRestartPolicy>,
    /// Not allowed for ephemeral containers.
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Pod volumes to mount; subpaths are not allowed.
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices to expose to the container.
    pub volume_devices: Vec<VolumeDevice>,
    /// Not allowed for ephemeral containers.
    pub liveness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    pub readiness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    pub startup_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    pub lifecycle: Option<Box<Lifecycle>>,
    /// File whose contents become the termination message; `/dev/termination-log` by default, at most 4096 bytes.
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    pub termination_message_policy: TerminationMessagePolicy,
    /// `Always`, `Never` or `IfNotPresent`; `Always` when the tag is `latest` or missing, else `IfNotPresent`.
    pub image_pull_policy: PullPolicy,
    /// Security settings that override the pod's.
    pub security_context: Option<Box<SecurityContext>>,
    /// Keep a stdin buffer open in the runtime; otherwise reads get EOF.
    pub stdin: bool,
    /// Close stdin after the first attach session ends.
    pub stdin_once: bool,
    /// Allocate a terminal; needs `stdin` too.
    pub tty: bool,
}

/// A temporary container added to a running pod, for example to debug it; never restarted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EphemeralContainer {
    /// The container fields.
    pub ephemeral_container_common: EphemeralContainerCommon,
    /// Container whose namespaces (such as IPC and PID) to join; the runtime must support it.
    pub target_container_name: String,
}

/// A party that reacts to eviction requests for a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EvictionResponder {
    /// Domain-prefixed key identifying the responder, unique in the pod; `*.k8s.io` and `*.kubernetes.io` are reserved.
    pub name: String,
    /// Higher goes first; 0 to 100000, with 0 to 999 kept for `*.k8s.io`; a pod's managing controller uses 10000.
    pub priority: Option<i32>,
}

/// The observed state of a pod; may lag behind reality.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodStatus {
    /// The pod's `metadata.generation` this status was computed from.
    pub observed_generation: i64,
    /// Coarse summary of the pod's lifecycle.
    pub phase: PodPhase,
    /// Current observations about the pod.
    pub conditions: Vec<PodCondition>,
    /// Human-readable details of why the pod is in its state.
    pub message: String,
    /// Short CamelCase reason for the pod's state, such as `Evicted`.
    pub reason: String,
    /// Node the pod is expected to go to once preemption there finishes.
    pub nominated_node_name: String,
    /// IPs of the node the pod is on, at most one per family; v1's `hostIP` is the first.
    pub host_ips: Vec<HostIP>,
    /// IPs of the pod, at most one per family; v1's `podIP` is the first.
    pub pod_ips: Vec<PodIP>,
    /// When the kubelet accepted the pod, before images were pulled.
    pub start_time: Option<Time>,
    /// Status of each init container, in spec order.
    pub init_container_statuses: Vec<ContainerStatus>,
    /// Status of each regular container.
    pub container_statuses: Vec<ContainerStatus>,
    /// Quality of service class derived from the resources.
    pub qos_class: PodQOSClass,
    /// Status of each ephemeral container.
    pub ephemeral_container_statuses: Vec<ContainerStatus>,
    /// Deprecated: progress of an in-place resize; the resize pod conditions replace it.
    pub resize: PodResizeStatus,
    /// Names of the resource claims generated for the pod.
    pub resource_claim_statuses: Vec<PodResourceClaimStatus>,
    /// The claim generated for the pod's extended resources.
    pub extended_resource_claim_status: Option<PodExtendedResourceClaimStatus>,
    /// Pod-wide resources the node has set aside.
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Pod-wide requests and limits actually applied.
    pub resources: Option<ResourceRequirements>,
    /// Node-allocatable resources given to the pod through resource claims.
    pub node_allocatable_resource_claim_statuses: Vec<NodeAllocatableResourceClaimStatus>,
    /// Problems the CSI node plugins report for the pod's volumes.
    pub volume_health: Vec<PodVolumeHealth>,
}

/// A group of containers that run together on one node.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Pod {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What the pod should run.
    pub spec: PodSpec,
    /// What the pod is currently doing; may lag behind.
    pub status: PodStatus,
}

/// A list of pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The pods.
    pub items: Option<Vec<Pod>>,
}

/// The pods that a template creates: metadata and spec.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodTemplateSpec {
    /// Metadata given to each pod.
    pub metadata: ObjectMeta,
    /// Spec given to each pod.
    pub spec: PodSpec,
}

/// A stored template for creating pods.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodTemplate {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pods to create.
    pub template: PodTemplateSpec,
}

/// A list of pod templates.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodTemplateList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The pod templates.
    pub items: Option<Vec<PodTemplate>>,
}

/// How many pods a replication controller keeps and what they look like.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicationControllerSpec {
    /// Wanted number of pods; always set internally (v1 defaults an unset count to 1).
    pub replicas: i32,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    pub min_ready_seconds: i32,
    /// Labels that pick out the pods counted; defaults to the template's labels.
    pub selector: BTreeMap<String, String>,
    /// Pods created when there are too few.
    pub template: Option<PodTemplateSpec>,
}

/// The observed state of a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicationControllerStatus {
    /// Number of pods found.
    pub replicas: i32,
    /// Pods whose labels match the template's.
    pub fully_labeled_replicas: i32,
    /// Pods that are ready.
    pub ready_replicas: i32,
    /// Pods ready for at least `min_ready_seconds`.
    pub available_replicas: i32,
    /// Latest generation the controller has seen.
    pub observed_generation: i64,
    /// Current observations about the controller.
    pub conditions: Vec<ReplicationControllerCondition>,
}

/// The kind of a condition reported on a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicationControllerConditionType(pub String);

impl ReplicationControllerConditionType {
    /// Pods could not be created or deleted, for example for lack of quota.
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

/// One observation about a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReplicationControllerCondition {
    /// Kind of condition.
    pub r#type: ReplicationControllerConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the status last flipped.
    pub last_transition_time: Time,
    /// Short reason for the last transition.
    pub reason: String,
    /// Human-readable details of the last transition.
    pub message: String,
}

/// Keeps a given number of copies of a pod running.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ReplicationController {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata; its labels default to the template's.
    pub metadata: ObjectMeta,
    /// How many pods and what they look like.
    pub spec: ReplicationControllerSpec,
    /// What the controller last saw; may lag behind.
    pub status: ReplicationControllerStatus,
}

/// A list of replication controllers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ReplicationControllerList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The replication controllers.
    pub items: Option<Vec<ReplicationController>>,
}

/// Whether a service sends a client's requests to the same endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceAffinity(pub String);

impl ServiceAffinity {
    /// Keep sending a client IP to the same endpoint.
    pub const CLIENT_IP: &'static str = "ClientIP";
    /// No stickiness.
    pub const NONE: &'static str = "None";
}

/// Settings for session affinity of a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SessionAffinityConfig {
    /// Settings for affinity by client IP.
    pub client_ip: Option<ClientIPConfig>,
}

/// Settings for session affinity by client IP.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ClientIPConfig {
    /// How long a sticky session lasts, in seconds; 1 to 86400, 10800 (three hours) by default.
    pub timeout_seconds: Option<i32>,
}

/// How a service is exposed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceType(pub String);

impl ServiceType {
    /// Only on a virtual IP inside the cluster.
    pub const CLUSTER_IP: &'static str = "ClusterIP";
    /// On a port of every node, as well as a cluster IP.
    pub const NODE_PORT: &'static str = "NodePort";
    /// Through an external load balancer, as well as a node port and cluster IP.
    pub const LOAD_BALANCER: &'static str = "LoadBalancer";
    /// As a DNS alias (CNAME) of an external name; no proxying.
    pub const EXTERNAL_NAME: &'static str = "ExternalName";
}

/// How nodes route traffic sent to a service's cluster IP.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceInternalTrafficPolicy(pub String);

impl ServiceInternalTrafficPolicy {
    /// To any ready endpoint in the cluster.
    pub const CLUSTER: &'static str = "Cluster";
    /// Only to endpoints on the receiving node, dropping it when none exist there.
    pub const LOCAL: &'static str = "Local";
}

/// Old name of `ServiceInternalTrafficPolicy`.
pub type ServiceInternalTrafficPolicyType = ServiceInternalTrafficPolicy;

/// How nodes route traffic arriving from outside through node ports and load balancers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceExternalTrafficPolicy(pub String);

impl ServiceExternalTrafficPolicy {
    /// To any ready endpoint, possibly hiding the client's address.
    pub const CLUSTER: &'static str = "Cluster";
    /// Only to endpoints on the receiving node, keeping the client's address.
    pub const LOCAL: &'static str = "Local";
}

/// Old name of `ServiceExternalTrafficPolicy`.
pub type ServiceExternalTrafficPolicyType = ServiceExternalTrafficPolicy;

/// The observed state of a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceStatus {
    /// The load balancer, if any.
    pub load_balancer: LoadBalancerStatus,
    /// Current observations about the service.
    pub conditions: Vec<Condition>,
}

/// The state of a service's load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LoadBalancerStatus {
    /// Entry points of the load balancer.
    pub ingress: Vec<LoadBalancerIngress>,
}

/// One entry point of a load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LoadBalancerIngress {
    /// IP address, for IP-based balancers.
    pub ip: String,
    /// Host name, for DNS-based balancers.
    pub hostname: String,
    /// `VIP` or `Proxy`: how traffic to the IP reaches nodes; only with `ip`.
    pub ip_mode: Option<LoadBalancerIPMode>,
    /// State of each service port on this entry point.
    pub ports: Vec<PortStatus>,
}

/// An IP address family.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IPFamily(pub String);

impl IPFamily {
    /// IPv4.
    pub const I_PV4: &'static str = "IPv4";
    /// IPv6.
    pub const I_PV6: &'static str = "IPv6";
    /// Not known; used internally.
    pub const UNKNOWN: &'static str = "";
}

/// Whether a service gets one IP family or two.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct IPFamilyPolicy(pub String);

impl IPFamilyPolicy {
    /// One family.
    pub const SINGLE_STACK: &'static str = "SingleStack";
    /// Two families where the cluster supports it, else one.
    pub const PREFER_DUAL_STACK: &'static str = "PreferDualStack";
    /// Two families, failing otherwise.
    pub const REQUIRE_DUAL_STACK: &'static str = "RequireDualStack";
}

/// Old name of `IPFamilyPolicy`.
pub type IPFamilyPolicyType = IPFamilyPolicy;

/// How a service is exposed and which pods back it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceSpec {
    /// Ports the service exposes.
    pub ports: Vec<ServicePort>,
    /// Labels of the pods that back the service; empty means endpoints are managed outside; ignored for `ExternalName`.
    pub selector: BTreeMap<String, String>,
    /// Virtual IP of the service; usually picked at random; `None` makes it headless; immutable.
    pub cluster_ip: String,
    /// Virtual IPs, one per family, the first equal to `cluster_ip`; at most two.
    pub cluster_ips: Vec<String>,
    /// `ClusterIP` (the default), `NodePort`, `LoadBalancer` or `ExternalName`.
    pub r#type: ServiceType,
    /// Extra IPs at which nodes accept traffic for the service; not managed by Kubernetes.
    pub external_ips: Vec<String>,
    /// `ClientIP` or `None` (the default).
    pub session_affinity: ServiceAffinity,
    /// Deprecated: requested load balancer IP, if the provider supports it.
    pub load_balancer_ip: String,
    /// Client CIDRs the provider's load balancer lets through; ignored if unsupported.
    pub load_balancer_source_ranges: Vec<String>,
    /// DNS name that a service of type `ExternalName` aliases; a lowercase RFC 1123 hostname.
    pub external_name: String,
    /// How traffic from outside is routed: `Cluster` (the default) or `Local`.
    pub external_traffic_policy: ServiceExternalTrafficPolicy,
    /// Node port for health checks with the `Local` external policy; allocated when unset.
    pub health_check_node_port: i32,
    /// Publish endpoints whether or not their pods are ready.
    pub publish_not_ready_addresses: bool,
    /// Settings of session affinity.
    pub session_affinity_config: Option<SessionAffinityConfig>,
    /// Families of the service's IPs, at most two; chosen from the policy when unset.
    pub ip_families: Vec<IPFamily>,
    /// `SingleStack`, `PreferDualStack` or `RequireDualStack`; single stack when unset.
    pub ip_family_policy: Option<IPFamilyPolicy>,
    /// Whether a load balancer service gets node ports; true by default.
    pub allocate_load_balancer_node_ports: Option<bool>,
    /// Which load balancer implementation handles the service; the default one when unset; immutable.
    pub load_balancer_class: Option<String>,
    /// How traffic to the cluster IP is routed: `Cluster` (the default) or `Local`.
    pub internal_traffic_policy: Option<ServiceInternalTrafficPolicy>,
    /// Hint on where to send traffic, such as `PreferSameZone` or `PreferSameNode`.
    pub traffic_distribution: Option<String>,
}

/// One port that a service exposes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServicePort {
    /// Port name, a DNS label; must be unique when there is more than one port.
    pub name: String,
    /// `TCP` (the default), `UDP` or `SCTP`.
    pub protocol: Protocol,
    /// Application protocol, such as an IANA service name or a domain-prefixed name.
    pub app_protocol: Option<String>,
    /// Port the service listens on.
    pub port: i32,
    /// Port number or name on the pods to send to; the same as `port` when unset.
    pub target_port: IntOrString,
    /// Port on every node for `NodePort` and `LoadBalancer` services; allocated when unset.
    pub node_port: i32,
}

/// A stable name and address for a set of pods, with optional load balancing.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Service {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// How the service is exposed.
    pub spec: ServiceSpec,
    /// The service's current state; may lag behind.
    pub status: ServiceStatus,
}

/// A list of services.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ServiceList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The services.
    pub items: Option<Vec<Service>>,
}

/// An identity that pods run as, with credentials for the API.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ServiceAccount {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Deprecated: secrets the pods may use; token secrets are no longer added automatically.
    pub secrets: Vec<ObjectReference>,
    /// Secrets that pods running as this account use to pull images, unless the pod lists its own.
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Whether pods running as this account get an API token mounted; the pod's setting wins.
    pub automount_service_account_token: Option<bool>,
}

/// A list of service accounts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ServiceAccountList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The service accounts.
    pub items: Option<Vec<ServiceAccount>>,
}

/// Deprecated (use EndpointSlices): the addresses that implement a service.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Endpoints {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Groups of addresses sharing the same ports.
    pub subsets: Vec<EndpointSubset>,
}

/// Addresses that all serve the same ports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointSubset {
    /// Addresses that are ready for traffic.
    pub addresses: Vec<EndpointAddress>,
    /// Addresses that are not ready yet or failed a check.
    pub not_ready_addresses: Vec<EndpointAddress>,
    /// Ports available on every address.
    pub ports: Vec<EndpointPort>,
}

/// A single endpoint of a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointAddress {
    /// IP of the endpoint; loopback, link-local and link-local multicast addresses are refused.
    pub ip: String,
    /// Host name of the endpoint.
    pub hostname: String,
    /// Node hosting the endpoint.
    pub node_name: Option<String>,
    /// Object behind the endpoint, usually a pod.
    pub target_ref: Option<ObjectReference>,
}

/// A port of an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EndpointPort {
    /// Port name, matching the service port's; optional when there is only one port.
    pub name: String,
    /// Port number.
    pub port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    pub protocol: Protocol,
    /// Application protocol, such as an IANA service name or a domain-prefixed name.
    pub app_protocol: Option<String>,
}

/// A list of endpoints objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct EndpointsList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The endpoints objects.
    pub items: Option<Vec<Endpoints>>,
}

/// What a node is configured with when created.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSpec {
    /// IP ranges of pod IPs for the node, at most one per family; v1's `podCIDR` is the first.
    pub pod_cidrs: Vec<String>,
    /// Cloud provider's ID of the node, as `<provider>://<id>`.
    pub provider_id: String,
    /// Keep new pods from being scheduled on the node; false by default.
    pub unschedulable: bool,
    /// Taints of the node.
    pub taints: Vec<Taint>,
    /// Deprecated and unused: the old dynamic kubelet configuration source.
    pub config_source: Option<NodeConfigSource>,
    /// Deprecated; not every kubelet sets it.
    pub external_id: String,
    /// Settings for preempting pods on this node; alpha.
    pub pod_preemption_policy: Option<NodePodPreemptionPolicy>,
}

/// Settings for preempting pods on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodePodPreemptionPolicy {
    /// Parties that asked to turn off preemption for in-place resizes; any entry turns it off.
    pub disable_resize_preemption: Vec<String>,
}

/// Deprecated: where a node used to load its kubelet configuration from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeConfigSource {
    /// A config map holding the configuration.
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

/// Deprecated: a config map holding a node's kubelet configuration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConfigMapNodeConfigSource {
    /// Namespace of the config map.
    pub namespace: String,
    /// Name of the config map.
    pub name: String,
    /// UID of the config map; forbidden in the spec, required in the status.
    pub uid: String,
    /// Resource version of the config map; forbidden in the spec, required in the status.
    pub resource_version: String,
    /// Key of the config map holding the configuration.
    pub kubelet_config_key: String,
}

/// A port where a node daemon listens.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DaemonEndpoint {
    /// Port number.
    pub port: i32,
}

/// Ports where the daemons of a node listen.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeDaemonEndpoints {
    /// Where the kubelet listens.
    pub kubelet_endpoint: DaemonEndpoint,
}

/// What a runtime handler supports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeRuntimeHandlerFeatures {
    /// Whether recursively read-only mounts work.
    pub recursive_read_only_mounts: Option<bool>,
    /// Whether user namespaces work, volumes included.
    pub user_namespaces: Option<bool>,
}

/// A runtime handler available on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeRuntimeHandler {
    /// Name of the handler; empty for the default one.
    pub name: String,
    /// What the handler supports.
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

/// What a node's runtime supports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeFeatures {
    /// Whether the runtime supports the supplemental groups policy and container user reporting.
    pub supplemental_groups_policy: Option<bool>,
}

/// Identifiers and versions that a node reports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSystemInfo {
    /// Machine ID, unique per host.
    pub machine_id: String,
    /// System UUID from the hardware, on some platforms.
    pub system_uuid: String,
    /// ID that changes at each boot.
    pub boot_id: String,
    /// Kernel version as `uname -r` gives it.
    pub kernel_version: String,
    /// Operating system name from `/etc/os-release`.
    pub os_image: String,
    /// Runtime name and version, such as `containerd://1.4.2`.
    pub container_runtime_version: String,
    /// Version of the kubelet.
    pub kubelet_version: String,
    /// Deprecated: version of kube-proxy.
    pub kube_proxy_version: String,
    /// Operating system, such as `linux`.
    pub operating_system: String,
    /// CPU architecture, such as `amd64`.
    pub architecture: String,
    /// Swap memory on the node.
    pub swap: Option<NodeSwapStatus>,
}

/// Swap memory on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeSwapStatus {
    /// Total swap, in bytes.
    pub capacity: Option<i64>,
}

/// Deprecated: the state of dynamic kubelet configuration on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeConfigStatus {
    /// Configuration the node was told to use.
    pub assigned: Option<NodeConfigSource>,
    /// Configuration the node is running with.
    pub active: Option<NodeConfigSource>,
    /// Configuration the node falls back to on errors.
    pub last_known_good: Option<NodeConfigSource>,
    /// Problem with applying the configuration, if any.
    pub error: String,
}

/// The observed state of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeStatus {
    /// Total resources of the node.
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// Resources available to pods; equals capacity by default.
    pub allocatable: BTreeMap<ResourceName, Quantity>,
    /// Deprecated and unset: lifecycle phase of the node.
    pub phase: NodePhase,
    /// Current observations about the node, such as `Ready`.
    pub conditions: Vec<NodeCondition>,
    /// Addresses of the node.
    pub addresses: Vec<NodeAddress>,
    /// Ports of the node's daemons.
    pub daemon_endpoints: NodeDaemonEndpoints,
    /// Identifiers and versions of the node.
    pub node_info: NodeSystemInfo,
    /// Images present on the node.
    pub images: Vec<ContainerImage>,
    /// Attachable volumes currently mounted.
    pub volumes_in_use: Vec<UniqueVolumeName>,
    /// Volumes attached to the node.
    pub volumes_attached: Vec<AttachedVolume>,
    /// Deprecated: state of dynamic kubelet configuration.
    pub config: Option<NodeConfigStatus>,
    /// Runtime handlers available.
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    /// Features the runtime supports.
    pub features: Option<NodeFeatures>,
    /// Features tied to feature gates that the node declares.
    pub declared_features: Vec<String>,
}

/// A name that identifies an attached volume uniquely.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UniqueVolumeName(pub String);

/// A volume the node has attached.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AttachedVolume {
    /// Unique name of the volume.
    pub name: UniqueVolumeName,
    /// Where the device should appear on the node.
    pub device_path: String,
}

/// Pods the scheduler should avoid putting on a node, kept in an annotation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AvoidPods {
    /// The pods to avoid.
    pub prefer_avoid_pods: Vec<PreferAvoidPodsEntry>,
}

/// A class of pods the scheduler should avoid putting on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PreferAvoidPodsEntry {
    /// Which pods.
    pub pod_signature: PodSignature,
    /// When the entry was added.
    pub eviction_time: Time,
    /// Short reason for the entry.
    pub reason: String,
    /// Human-readable details of the entry.
    pub message: String,
}

/// Describes a class of pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodSignature {
    /// The controller that owns the pods.
    pub pod_controller: Option<OwnerReference>,
}

/// An image present on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerImage {
    /// Names the image is known by, such as `registry.k8s.io/hyperkube:v1.0.7`.
    pub names: Option<Vec<String>>,
    /// Image size, in bytes.
    pub size_bytes: i64,
}

/// Deprecated: the lifecycle phase of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodePhase(pub String);

impl NodePhase {
    /// Created but not configured yet.
    pub const PENDING: &'static str = "Pending";
    /// Configured and running pods.
    pub const RUNNING: &'static str = "Running";
    /// Removed from the cluster.
    pub const TERMINATED: &'static str = "Terminated";
}

/// The kind of a condition reported on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeConditionType(pub String);

impl NodeConditionType {
    /// The node's kubelet works and can accept pods.
    pub const READY: &'static str = "Ready";
    /// Memory is running low.
    pub const MEMORY_PRESSURE: &'static str = "MemoryPressure";
    /// Disk space is running low.
    pub const DISK_PRESSURE: &'static str = "DiskPressure";
    /// Process IDs are running low.
    pub const PID_PRESSURE: &'static str = "PIDPressure";
    /// The network is not configured properly.
    pub const NETWORK_UNAVAILABLE: &'static str = "NetworkUnavailable";
    /// The node is shutting down gracefully.
    pub const GRACEFUL_NODE_SHUTDOWN_IN_PROGRESS: &'static str = "GracefulNodeShutdownInProgress";
    /// An administrator is draining the node.
    pub const DRAIN_IN_PROGRESS: &'static str = "DrainInProgress";
    /// The node meets the drain criteria the administrator chose.
    pub const DRAINED: &'static str = "Drained";
    /// An administrator plans maintenance on the node.
    pub const MAINTENANCE_PLANNED: &'static str = "MaintenancePlanned";
    /// An administrator is performing maintenance on the node.
    pub const MAINTENANCE_IN_PROGRESS: &'static str = "MaintenanceInProgress";
}

/// One observation about a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeCondition {
    /// Kind of condition.
    pub r#type: NodeConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the condition was last refreshed.
    pub last_heartbeat_time: Time,
    /// When the status last flipped.
    pub last_transition_time: Time,
    /// Short CamelCase reason for the last transition.
    pub reason: String,
    /// Human-readable details of the last transition.
    pub message: String,
}

/// The kind of a node address.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAddressType(pub String);

impl NodeAddressType {
    /// The node's host name.
    pub const HOSTNAME: &'static str = "Hostname";
    /// An IP reachable inside the cluster.
    pub const INTERNAL_IP: &'static str = "InternalIP";
    /// An IP reachable from outside.
    pub const EXTERNAL_IP: &'static str = "ExternalIP";
    /// A DNS name resolvable inside the cluster.
    pub const INTERNAL_DNS: &'static str = "InternalDNS";
    /// A DNS name resolvable from outside.
    pub const EXTERNAL_DNS: &'static str = "ExternalDNS";
}

/// One address of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAddress {
    /// Kind of address, such as `InternalIP`.
    pub r#type: NodeAddressType,
    /// The address.
    pub address: String,
}

/// The name of a resource, such as `cpu`, `memory` or an extended resource name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceName(pub String);

impl ResourceName {
    /// CPU, in cores (`500m` is half a core).
    pub const CPU: &'static str = "cpu";
    /// Memory, in bytes.
    pub const MEMORY: &'static str = "memory";
    /// Storage, in bytes.
    pub const STORAGE: &'static str = "storage";
    /// Local ephemeral storage, in bytes.
    pub const RESOURCE_EPHEMERAL_STORAGE: &'static str = "ephemeral-storage";
    /// Number of pods (quota).
    pub const PODS: &'static str = "pods";
    /// Number of services (quota).
    pub const SERVICES: &'static str = "services";
    /// Number of replication controllers (quota).
    pub const REPLICATIONCONTROLLERS: &'static str = "replicationcontrollers";
    /// Number of resource quotas (quota).
    pub const RESOURCEQUOTAS: &'static str = "resourcequotas";
    /// Number of secrets (quota).
    pub const SECRETS: &'static str = "secrets";
    /// Number of config maps (quota).
    pub const CONFIGMAPS: &'static str = "configmaps";
    /// Number of persistent volume claims (quota).
    pub const PERSISTENTVOLUMECLAIMS: &'static str = "persistentvolumeclaims";
    /// Number of node port services (quota).
    pub const RESOURCE_SERVICES_NODE_PORTS: &'static str = "services.nodeports";
    /// Number of load balancer services (quota).
    pub const RESOURCE_SERVICES_LOAD_BALANCERS: &'static str = "services.loadbalancers";
    /// Sum of CPU requests (quota).
    pub const RESOURCE_REQUESTS_CPU: &'static str = "requests.cpu";
    /// Sum of memory requests (quota).
    pub const RESOURCE_REQUESTS_MEMORY: &'static str = "requests.memory";
    /// Sum of storage requests (quota).
    pub const RESOURCE_REQUESTS_STORAGE: &'static str = "requests.storage";
    /// Sum of local ephemeral storage requests (quota).
    pub const RESOURCE_REQUESTS_EPHEMERAL_STORAGE: &'static str = "requests.ephemeral-storage";
    /// Sum of CPU limits (quota).
    pub const RESOURCE_LIMITS_CPU: &'static str = "limits.cpu";
    /// Sum of memory limits (quota).
    pub const RESOURCE_LIMITS_MEMORY: &'static str = "limits.memory";
    /// Sum of local ephemeral storage limits (quota).
    pub const RESOURCE_LIMITS_EPHEMERAL_STORAGE: &'static str = "limits.ephemeral-storage";
}

/// Amounts of resources, keyed by resource name.
pub type ResourceList = BTreeMap<ResourceName, Quantity>;

/// A machine that runs pods, registered with the cluster.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Node {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// How the node is configured.
    pub spec: NodeSpec,
    /// What the node last reported; may lag behind.
    pub status: NodeStatus,
}

/// A list of nodes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct NodeList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The nodes.
    pub items: Option<Vec<Node>>,
}

/// A finalizer that must run before a namespace is deleted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FinalizerName(pub String);

impl FinalizerName {
    /// The built-in finalizer that deletes the namespace's contents.
    pub const KUBERNETES: &'static str = "kubernetes";
}

/// What a namespace is configured with.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamespaceSpec {
    /// Finalizers that must finish before the namespace is removed.
    pub finalizers: Vec<FinalizerName>,
}

/// The observed state of a namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamespaceStatus {
    /// `Active` or `Terminating`.
    pub phase: NamespacePhase,
    /// Current observations about the namespace.
    pub conditions: Vec<NamespaceCondition>,
}

/// Where a namespace is in its lifecycle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamespacePhase(pub String);

impl NamespacePhase {
    /// In use.
    pub const ACTIVE: &'static str = "Active";
    /// Being deleted; nothing new may be created in it.
    pub const TERMINATING: &'static str = "Terminating";
}

/// The kind of a condition reported on a namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamespaceConditionType(pub String);

impl NamespaceConditionType {
    /// Discovering the resources to delete failed.
    pub const NAMESPACE_DELETION_DISCOVERY_FAILURE: &'static str = "NamespaceDeletionDiscoveryFailure";
    /// Deleting some of the contents failed.
    pub const NAMESPACE_DELETION_CONTENT_FAILURE: &'static str = "NamespaceDeletionContentFailure";
    /// A discovered group version could not be parsed, so its resources were not deleted
    /// (upstream's `NamespaceDeletionGVParsingFailure`).
    pub const NAMESPACE_DELETION_GROUP_VERSION_PARSING_FAILURE: &'static str =
        "NamespaceDeletionGroupVersionParsingFailure";
    /// Contents are still left.
    pub const NAMESPACE_CONTENT_REMAINING: &'static str = "NamespaceContentRemaining";
    /// Contents with finalizers are still left.
    pub const NAMESPACE_FINALIZERS_REMAINING: &'static str = "NamespaceFinalizersRemaining";
}

/// One observation about a namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamespaceCondition {
    /// Kind of condition.
    pub r#type: NamespaceConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// When the status last flipped.
    pub last_transition_time: Time,
    /// Short reason for the last transition.
    pub reason: String,
    /// Human-readable details of the last transition.
    pub message: String,
}

/// A scope for names, which divides a cluster among users and teams.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Namespace {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Finalizers of the namespace.
    pub spec: NamespaceSpec,
    /// Phase and conditions of the namespace.
    pub status: NamespaceStatus,
}

/// A list of namespaces.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct NamespaceList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The namespaces.
    pub items: Option<Vec<Namespace>>,
}

/// Ties one object to another, such as a pod to a node; deprecated in favour of the `binding` subresource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Binding {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Object to bind to.
    pub target: ObjectReference,
}

/// Conditions an operation requires to go ahead.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Preconditions {
    /// The target object's UID must equal this.
    pub uid: Option<String>,
}

/// Query options for reading a container's logs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodLogOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Container to read; optional when the pod has just one.
    pub container: String,
    /// Keep streaming as new lines arrive.
    pub follow: bool,
    /// Read the logs of the previous, terminated run.
    pub previous: bool,
    /// Only lines newer than this many seconds; excludes `since_time`.
    pub since_seconds: Option<i64>,
    /// Only lines after this time; excludes `since_seconds`.
    pub since_time: Option<Time>,
    /// Prefix every line with an RFC 3339 timestamp.
    pub timestamps: bool,
    /// Only this many lines from the end.
    pub tail_lines: Option<i64>,
    /// Stop after this many bytes, possibly mid-line.
    pub limit_bytes: Option<i64>,
    /// Skip verifying the kubelet's serving certificate; the logs could then be forged.
    pub insecure_skip_tls_verify_backend: bool,
    /// `All` (the default), `Stdout` or `Stderr`; only `All` with `tail_lines`.
    pub stream: Option<String>,
}

/// Query options for attaching to a running container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodAttachOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Send standard input.
    pub stdin: bool,
    /// Receive standard output.
    pub stdout: bool,
    /// Receive standard error.
    pub stderr: bool,
    /// Use a terminal; needs stdin.
    pub tty: bool,
    /// Container to attach to; optional when the pod has just one.
    pub container: String,
}

/// Query options for running a command in a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodExecOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Send standard input.
    pub stdin: bool,
    /// Receive standard output.
    pub stdout: bool,
    /// Receive standard error.
    pub stderr: bool,
    /// Use a terminal.
    pub tty: bool,
    /// Container to run in; optional when the pod has just one.
    pub container: String,
    /// Command and arguments to run.
    pub command: Option<Vec<String>>,
}

/// Query options for forwarding ports of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodPortForwardOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Pod ports to forward.
    pub ports: Vec<i32>,
}

/// Query options for proxying to a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct PodProxyOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Path to request on the pod.
    pub path: String,
}

/// Query options for proxying to a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct NodeProxyOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Path to request on the node.
    pub path: String,
}

/// Query options for proxying to a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ServiceProxyOptions {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Path to request on the service.
    pub path: String,
}

/// Points to any object, possibly a field within it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ObjectReference {
    /// Kind of the object.
    pub kind: String,
    /// Namespace of the object.
    pub namespace: String,
    /// Name of the object.
    pub name: String,
    /// UID of the object.
    pub uid: String,
    /// API version of the object.
    pub api_version: String,
    /// Resource version the reference was taken at.
    pub resource_version: String,
    /// Part of the object meant, such as `spec.containers{name}`; empty means the whole object.
    pub field_path: String,
}

/// Names an object in the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LocalObjectReference {
    /// Name of the object; empty is allowed but almost never what you want.
    pub name: String,
}

/// Points to an object in the same namespace by group, kind and name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TypedLocalObjectReference {
    /// Group of the object; empty means the core group.
    pub api_group: Option<String>,
    /// Kind of the object.
    pub kind: String,
    /// Name of the object.
    pub name: String,
}

/// An object reference wrapped as its own kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct SerializedReference {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// The reference.
    pub reference: ObjectReference,
}

/// The component that reported an event.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EventSource {
    /// Component name.
    pub component: String,
    /// Node name where the event happened.
    pub host: String,
}

/// A report of something that happened in the cluster.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Event {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Object the event is about.
    pub involved_object: ObjectReference,
    /// Short machine-readable reason, in CamelCase.
    pub reason: String,
    /// Human-readable description.
    pub message: String,
    /// Component that reported the event.
    pub source: EventSource,
    /// When the event was first seen.
    pub first_timestamp: Time,
    /// When the event was last seen.
    pub last_timestamp: Time,
    /// How many times the event happened.
    pub count: i32,
    /// `Normal` or `Warning`; more may come.
    pub r#type: String,
    /// When the event first happened, with microsecond precision.
    pub event_time: MicroTime,
    /// Details about repeats of the event; unset for a single event.
    pub series: Option<EventSeries>,
    /// What was done or failed on the object.
    pub action: String,
    /// A second object involved, if any.
    pub related: Option<ObjectReference>,
    /// Controller that emitted the event, such as `kubernetes.io/kubelet`.
    pub reporting_component: String,
    /// Instance of that controller, such as the kubelet's node.
    pub reporting_instance: String,
}

/// Repeats of an event.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct EventSeries {
    /// Times the event was seen up to the last heartbeat.
    pub count: i32,
    /// When the last repeat was seen.
    pub last_observed_time: MicroTime,
}

/// A list of events.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct EventList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The events.
    pub items: Option<Vec<Event>>,
}

/// What a limit range item applies to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitType(pub String);

impl LimitType {
    /// Whole pods.
    pub const POD: &'static str = "Pod";
    /// Each container.
    pub const CONTAINER: &'static str = "Container";
    /// Each persistent volume claim.
    pub const PERSISTENT_VOLUME_CLAIM: &'static str = "PersistentVolumeClaim";
}

/// Resource bounds and defaults for one kind of object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitRangeItem {
    /// Kind of object the bounds apply to.
    pub r#type: LimitType,
    /// Most of each resource allowed.
    pub max: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource allowed.
    pub min: BTreeMap<ResourceName, Quantity>,
    /// Limit applied when none is given.
    pub default: BTreeMap<ResourceName, Quantity>,
    /// Request applied when none is given.
    pub default_request: BTreeMap<ResourceName, Quantity>,
    /// Highest allowed ratio of limit to request for each resource.
    pub max_limit_request_ratio: BTreeMap<ResourceName, Quantity>,
}

/// The bounds a limit range enforces.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LimitRangeSpec {
    /// Bounds, one entry per kind of object.
    pub limits: Option<Vec<LimitRangeItem>>,
}

/// Resource bounds and defaults for objects of one namespace.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct LimitRange {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The bounds and defaults.
    pub spec: LimitRangeSpec,
}

/// A list of limit ranges.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct LimitRangeList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The limit ranges.
    pub items: Option<Vec<LimitRange>>,
}

/// A class of objects that a quota counts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceQuotaScope(pub String);

impl ResourceQuotaScope {
    /// Pods with an active deadline.
    pub const TERMINATING: &'static str = "Terminating";
    /// Pods without an active deadline.
    pub const NOT_TERMINATING: &'static str = "NotTerminating";
    /// Pods of the best effort QoS class.
    pub const BEST_EFFORT: &'static str = "BestEffort";
    /// Pods of any other QoS class.
    pub const NOT_BEST_EFFORT: &'static str = "NotBestEffort";
    /// Pods with certain priority classes.
    pub const PRIORITY_CLASS: &'static str = "PriorityClass";
    /// Pods with affinity terms reaching other namespaces.
    pub const CROSS_NAMESPACE_POD_AFFINITY: &'static str = "CrossNamespacePodAffinity";
    /// Claims with certain volume attributes classes.
    pub const VOLUME_ATTRIBUTES_CLASS: &'static str = "VolumeAttributesClass";
}

/// The limits a quota enforces and the objects it counts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceQuotaSpec {
    /// Most of each resource allowed in the namespace.
    pub hard: BTreeMap<ResourceName, Quantity>,
    /// Classes an object must fall in to be counted; every one must match.
    pub scopes: Vec<ResourceQuotaScope>,
    /// More detailed scope conditions; every one must match.
    pub scope_selector: Option<ScopeSelector>,
}

/// Conditions on quota scopes, ANDed together.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScopeSelector {
    /// The conditions.
    pub match_expressions: Vec<ScopedResourceSelectorRequirement>,
}

/// One condition on a quota scope.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScopedResourceSelectorRequirement {
    /// Scope the condition applies to.
    pub scope_name: ResourceQuotaScope,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    pub operator: ScopeSelectorOperator,
    /// Values to compare with; none for the existence operators.
    pub values: Vec<String>,
}

/// How a scope condition compares its values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScopeSelectorOperator(pub String);

impl ScopeSelectorOperator {
    /// The value is among the values.
    pub const IN: &'static str = "In";
    /// The value is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
    /// The scope applies.
    pub const EXISTS: &'static str = "Exists";
    /// The scope does not apply.
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
}

/// The enforced limits and the current usage of a quota.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceQuotaStatus {
    /// Limits in force.
    pub hard: BTreeMap<ResourceName, Quantity>,
    /// What the namespace currently uses.
    pub used: BTreeMap<ResourceName, Quantity>,
}

/// Limits on the total resources in one namespace.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ResourceQuota {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The limits wanted.
    pub spec: ResourceQuotaSpec,
    /// The limits in force and current usage.
    pub status: ResourceQuotaStatus,
}

/// A list of resource quotas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ResourceQuotaList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The resource quotas.
    pub items: Option<Vec<ResourceQuota>>,
}

/// Sensitive data, such as passwords or keys, kept under a name; values are at most 1 MiB in total.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct Secret {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// When true, the data can no longer change, only the whole secret be deleted.
    pub immutable: Option<bool>,
    /// Keys and their raw values; keys are alphanumerics, `-`, `_` and `.`.
    pub data: BTreeMap<String, Vec<u8>>,
    /// How the data is meant to be used, such as `Opaque` or `kubernetes.io/tls`.
    pub r#type: SecretType,
}

/// How the data of a secret is meant to be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecretType(pub String);

impl SecretType {
    /// Arbitrary data; the default.
    pub const OPAQUE: &'static str = "Opaque";
    /// A service account token, with the account named in annotations.
    pub const SERVICE_ACCOUNT_TOKEN: &'static str = "kubernetes.io/service-account-token";
    /// A serialized `~/.dockercfg` under the key `.dockercfg`.
    pub const DOCKERCFG: &'static str = "kubernetes.io/dockercfg";
    /// A serialized `~/.docker/config.json` under the key `.dockerconfigjson`.
    pub const DOCKER_CONFIG_JSON: &'static str = "kubernetes.io/dockerconfigjson";
    /// Basic authentication, with `username` and `password` keys.
    pub const BASIC_AUTH: &'static str = "kubernetes.io/basic-auth";
    /// SSH authentication, with the key `ssh-privatekey`.
    pub const SSH_AUTH: &'static str = "kubernetes.io/ssh-auth";
    /// A TLS certificate and key under `tls.crt` and `tls.key`.
    pub const TLS: &'static str = "kubernetes.io/tls";
    /// A bootstrap token, used to join nodes.
    pub const BOOTSTRAP_TOKEN: &'static str = "bootstrap.kubernetes.io/token";
}

/// A list of secrets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct SecretList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The secrets.
    pub items: Option<Vec<Secret>>,
}

/// Non-secret configuration data for pods, kept under a name.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ConfigMap {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// When true, the data can no longer change, only the whole config map be deleted.
    pub immutable: Option<bool>,
    /// Keys and UTF-8 string values; keys are alphanumerics, `-`, `_` and `.`, and may not repeat in `binary_data`.
    pub data: BTreeMap<String, String>,
    /// Keys and binary values; keys may not repeat in `data`.
    pub binary_data: BTreeMap<String, Vec<u8>>,
}

/// A list of config maps.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ConfigMapList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The config maps.
    pub items: Option<Vec<ConfigMap>>,
}

/// The kind of a condition reported on a component.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ComponentConditionType(pub String);

impl ComponentConditionType {
    /// The component is healthy.
    pub const HEALTHY: &'static str = "Healthy";
}

/// One observation about a control plane component.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ComponentCondition {
    /// Kind of condition; only `Healthy` exists.
    pub r#type: ComponentConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// Details of the condition, such as a health check's output.
    pub message: String,
    /// Error met while checking; empty on success.
    pub error: String,
}

/// Deprecated: the health of a control plane component.
///
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ComponentStatus {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Current observations about the component.
    pub conditions: Vec<ComponentCondition>,
}

/// Deprecated: a list of component statuses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct ComponentStatusList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The component statuses.
    pub items: Option<Vec<ComponentStatus>>,
}

/// Writes facts about the pod into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DownwardAPIVolumeSource {
    /// Files to write.
    pub items: Vec<DownwardAPIVolumeFile>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    pub default_mode: Option<i32>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    pub default_user: Option<i64>,
}

/// One file holding a fact about the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DownwardAPIVolumeFile {
    /// Relative file path; no `..` elements and not starting with `..`.
    pub path: String,
    /// Pod field to write; only name, namespace, UID, labels and annotations.
    pub field_ref: Option<ObjectFieldSelector>,
    /// Container limit or request to write; only limits and requests of CPU and memory.
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// Permission bits of this file, between 0000 and 0777; the volume's default when unset.
    pub mode: Option<i32>,
    /// Owner UID of this file; takes precedence over the volume's default; alpha.
    pub user: Option<i64>,
}

/// Puts facts about the pod into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DownwardAPIProjection {
    /// Files to write.
    pub items: Vec<DownwardAPIVolumeFile>,
}

/// Security settings for one container, overriding the pod's where both are set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SecurityContext {
    /// Capabilities to add or drop.
    pub capabilities: Option<Capabilities>,
    /// Run privileged, much like root on the host; false by default.
    pub privileged: Option<bool>,
    /// SELinux context for the container; random when unset.
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings for the container.
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// UID to run the process as; the image's when unset.
    pub run_as_user: Option<i64>,
    /// GID to run the process as; the runtime's default when unset.
    pub run_as_group: Option<i64>,
    /// Block the container from starting when it would run as UID 0.
    pub run_as_non_root: Option<bool>,
    /// Make the root filesystem read-only; false by default.
    pub read_only_root_filesystem: Option<bool>,
    /// Whether processes may raise their privileges (no `no_new_privs`); on when privileged or with `CAP_SYS_ADMIN`.
    pub allow_privilege_escalation: Option<bool>,
    /// `Default` or `Unmasked` masking of `/proc`; needs `host_users` false for `Unmasked`.
    pub proc_mount: Option<ProcMountType>,
    /// Seccomp profile; overrides the pod's.
    pub seccomp_profile: Option<SeccompProfile>,
    /// AppArmor profile; overrides the pod's.
    pub app_armor_profile: Option<AppArmorProfile>,
}

/// How much of `/proc` is masked in a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ProcMountType(pub String);

impl ProcMountType {
    /// The runtime's usual read-only and masked paths.
    pub const DEFAULT: &'static str = "Default";
    /// Nothing is masked.
    pub const UNMASKED: &'static str = "Unmasked";
}

/// An SELinux label.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SELinuxOptions {
    /// SELinux user.
    pub user: String,
    /// SELinux role.
    pub role: String,
    /// SELinux type.
    pub r#type: String,
    /// SELinux level.
    pub level: String,
}

/// Windows-specific security settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WindowsSecurityContextOptions {
    /// Name of the GMSA credential spec to use.
    pub gmsa_credential_spec_name: Option<String>,
    /// The full credential spec for `gmsa_credential_spec_name`, inlined by an admission webhook.
    pub gmsa_credential_spec: Option<String>,
    /// User to run the entry point as; the image's when unset.
    pub run_as_user_name: Option<String>,
    /// Whether this is a host process container; if so, every container of the pod must be, with host networking.
    pub host_process: Option<bool>,
}

/// The state of an allocator over a range, such as service IPs or node ports; internal.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct RangeAllocation {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Range being allocated, such as a CIDR or port range.
    pub range: String,
    /// Bitmap of what is allocated.
    pub data: Option<Vec<u8>>,
}

/// A kernel parameter to set for a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Sysctl {
    /// Parameter name.
    pub name: String,
    /// Parameter value.
    pub value: String,
}

/// The state of one service port on a load balancer entry point.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PortStatus {
    /// Port number.
    pub port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    pub protocol: Protocol,
    /// Problem with the port, as a CamelCase reason or `domain/CamelCase`; empty when fine.
    pub error: Option<String>,
}

/// How traffic for a load balancer IP reaches a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LoadBalancerIPMode(pub String);

impl LoadBalancerIPMode {
    /// Packets keep the load balancer's IP and port as destination.
    pub const V_IP: &'static str = "VIP";
    /// Packets are sent to the node or pod address directly, as a proxy would.
    pub const PROXY: &'static str = "Proxy";
}

/// An OCI image or artifact mounted read-only as a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ImageVolumeSource {
    /// Image or artifact reference, as for a container image.
    pub reference: String,
    /// `Always`, `Never` or `IfNotPresent`; `Always` for the `latest` tag, else `IfNotPresent`.
    pub pull_policy: PullPolicy,
}

/// Node resources a pod gets through one resource claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableResourceClaimStatus {
    /// Claim of the pod that led to the allocation.
    pub resource_claim_name: String,
    /// Containers of the pod that use the claim.
    pub containers: Vec<String>,
    /// Amounts from devices mapped to node resources, used by the kubelet for cgroups.
    pub mapping: Vec<NodeAllocatableMappedResources>,
    /// Overhead amounts from devices, used by the kubelet for cgroups.
    pub overhead: Vec<NodeAllocatableOverheadResources>,
}

/// An amount of a node resource allocated for a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableMappedResources {
    /// Resource name, such as `cpu` or `memory`.
    pub name: ResourceName,
    /// Amount for the whole claim, shared by the containers using it.
    pub quantity: Option<Quantity>,
}

/// Overhead of a node resource charged for a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableOverheadResources {
    /// Resource name, such as `cpu` or `memory`.
    pub name: ResourceName,
    /// Fixed amount charged once per pod.
    pub per_pod: Option<Quantity>,
    /// Amount charged for each container using the claim.
    pub per_container: Option<Quantity>,
}

/// A list of objects of any kind, each kept encoded with its own `kind` and `apiVersion`; upstream
/// holds decoded objects here, kapi keeps them raw so that the hub needs no nested scheme.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", internal)]
pub struct List {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The objects, each encoded whole.
    pub items: Option<Vec<kapi_machinery::types::RawExtension>>,
}
