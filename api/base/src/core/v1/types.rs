//! Type definitions of `core/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, MicroTime, Quantity, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, OwnerReference};

/// A volume of a pod, named so that the pod's containers can mount it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Volume {
    /// DNS label naming the volume; unique within the pod and referenced by volume mounts.
    #[kapi(proto = 1)]
    pub name: String,
    /// Where the volume's data comes from; exactly one source is set.
    #[kapi(proto = 2, inline)]
    pub volume_source: VolumeSource,
}

/// The backing store of a pod volume; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeSource {
    /// A file or directory on the node itself; mostly for system agents, not ordinary workloads.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host_path: Option<Box<HostPathVolumeSource>>,
    /// A scratch directory that lives and dies with the pod.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub empty_dir: Option<Box<EmptyDirVolumeSource>>,
    /// Deprecated: a GCE persistent disk, now served by the pd.csi.storage.gke.io CSI driver.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub gce_persistent_disk: Option<Box<GCEPersistentDiskVolumeSource>>,
    /// Deprecated: an AWS EBS disk, now served by the ebs.csi.aws.com CSI driver.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub aws_elastic_block_store: Option<Box<AWSElasticBlockStoreVolumeSource>>,
    /// Deprecated: a directory cloned from a git repository at pod start.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub git_repo: Option<Box<GitRepoVolumeSource>>,
    /// The keys of a secret, written out as files.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub secret: Option<Box<SecretVolumeSource>>,
    /// An NFS export on a remote server.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub nfs: Option<Box<NFSVolumeSource>>,
    /// An iSCSI disk attached to the node.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub iscsi: Option<Box<ISCSIVolumeSource>>,
    /// Deprecated and no longer supported: a GlusterFS volume.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub glusterfs: Option<Box<GlusterfsVolumeSource>>,
    /// A persistent volume claim in the pod's namespace.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_claim: Option<Box<PersistentVolumeClaimVolumeSource>>,
    /// Deprecated and no longer supported: a Ceph RADOS block device.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub rbd: Option<Box<RBDVolumeSource>>,
    /// Deprecated: a volume mounted by a FlexVolume driver binary.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub flex_volume: Option<Box<FlexVolumeSource>>,
    /// Deprecated: an OpenStack Cinder volume, now served by the cinder.csi.openstack.org CSI driver.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub cinder: Option<Box<CinderVolumeSource>>,
    /// Deprecated and no longer supported: a CephFS mount.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub cephfs: Option<Box<CephFSVolumeSource>>,
    /// Deprecated and no longer supported: a Flocker dataset.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub flocker: Option<Box<FlockerVolumeSource>>,
    /// Facts about the pod itself, written out as files.
    #[kapi(proto = 16, json = "downwardAPI", omitempty)]
    #[kapi(optional)]
    pub downward_api: Option<Box<DownwardAPIVolumeSource>>,
    /// A Fibre Channel disk attached to the node.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub fc: Option<Box<FCVolumeSource>>,
    /// Deprecated: an Azure File share, now served by the file.csi.azure.com CSI driver.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub azure_file: Option<Box<AzureFileVolumeSource>>,
    /// The keys of a config map, written out as files.
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub config_map: Option<Box<ConfigMapVolumeSource>>,
    /// Deprecated: a vSphere virtual disk, now served by the csi.vsphere.vmware.com CSI driver.
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub vsphere_volume: Option<Box<VsphereVirtualDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Quobyte volume.
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub quobyte: Option<Box<QuobyteVolumeSource>>,
    /// Deprecated: an Azure data disk, now served by the disk.csi.azure.com CSI driver.
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub azure_disk: Option<Box<AzureDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Photon Controller persistent disk.
    #[kapi(proto = 23, omitempty)]
    pub photon_persistent_disk: Option<Box<PhotonPersistentDiskVolumeSource>>,
    /// Several secrets, config maps, downward API items and tokens merged into one directory.
    #[kapi(proto = 26, omitempty)]
    pub projected: Option<Box<ProjectedVolumeSource>>,
    /// Deprecated: a Portworx volume, handled by the pxd.portworx.com CSI driver when migration is on.
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub portworx_volume: Option<Box<PortworxVolumeSource>>,
    /// Deprecated and no longer supported: a ScaleIO volume.
    #[kapi(proto = 25, json = "scaleIO", omitempty)]
    #[kapi(optional)]
    pub scale_io: Option<Box<ScaleIOVolumeSource>>,
    /// Deprecated and no longer supported: a StorageOS volume.
    #[kapi(proto = 27, omitempty)]
    #[kapi(optional)]
    pub storageos: Option<Box<StorageOSVolumeSource>>,
    /// An ephemeral volume provided by a CSI driver that supports inline volumes.
    #[kapi(proto = 28, omitempty)]
    #[kapi(optional)]
    pub csi: Option<Box<CSIVolumeSource>>,
    /// A volume from a claim created for the pod and deleted along with it.
    #[kapi(proto = 29, omitempty)]
    #[kapi(optional)]
    pub ephemeral: Option<Box<EphemeralVolumeSource>>,
    /// The contents of an OCI image or artifact, mounted read-only.
    #[kapi(proto = 30, omitempty)]
    #[kapi(optional)]
    pub image: Option<Box<ImageVolumeSource>>,
}

/// Mounts the volume bound to a claim in the pod's namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimVolumeSource {
    /// Name of the claim, which must live in the same namespace as the pod.
    #[kapi(proto = 1)]
    pub claim_name: String,
    /// Forces the mount to be read-only; false by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// Where a persistent volume's storage lives; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeSource {
    /// Deprecated: a GCE persistent disk; the CSI driver takes over these volumes.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub gce_persistent_disk: Option<Box<GCEPersistentDiskVolumeSource>>,
    /// Deprecated: an AWS EBS disk; the CSI driver takes over these volumes.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub aws_elastic_block_store: Option<Box<AWSElasticBlockStoreVolumeSource>>,
    /// A directory on one node; only meaningful in single-node test setups.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub host_path: Option<Box<HostPathVolumeSource>>,
    /// Deprecated and no longer supported: a GlusterFS volume.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub glusterfs: Option<Box<GlusterfsPersistentVolumeSource>>,
    /// An NFS export on a remote server.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub nfs: Option<Box<NFSVolumeSource>>,
    /// Deprecated and no longer supported: a Ceph RADOS block device.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub rbd: Option<Box<RBDPersistentVolumeSource>>,
    /// An iSCSI disk, attached to the node and handed on to the pod.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub iscsi: Option<Box<ISCSIPersistentVolumeSource>>,
    /// Deprecated: an OpenStack Cinder volume; the CSI driver takes over these volumes.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub cinder: Option<Box<CinderPersistentVolumeSource>>,
    /// Deprecated and no longer supported: a CephFS mount.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub cephfs: Option<Box<CephFSPersistentVolumeSource>>,
    /// A Fibre Channel disk, attached to the node and handed on to the pod.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub fc: Option<Box<FCVolumeSource>>,
    /// Deprecated and no longer supported: a Flocker dataset.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub flocker: Option<Box<FlockerVolumeSource>>,
    /// Deprecated: a volume mounted by a FlexVolume driver binary.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub flex_volume: Option<Box<FlexPersistentVolumeSource>>,
    /// Deprecated: an Azure File share; the CSI driver takes over these volumes.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub azure_file: Option<Box<AzureFilePersistentVolumeSource>>,
    /// Deprecated: a vSphere virtual disk; the CSI driver takes over these volumes.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub vsphere_volume: Option<Box<VsphereVirtualDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Quobyte volume.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub quobyte: Option<Box<QuobyteVolumeSource>>,
    /// Deprecated: an Azure data disk; the CSI driver takes over these volumes.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub azure_disk: Option<Box<AzureDiskVolumeSource>>,
    /// Deprecated and no longer supported: a Photon Controller persistent disk.
    #[kapi(proto = 17, omitempty)]
    pub photon_persistent_disk: Option<Box<PhotonPersistentDiskVolumeSource>>,
    /// Deprecated: a Portworx volume; the CSI driver takes over these volumes when migration is on.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub portworx_volume: Option<Box<PortworxVolumeSource>>,
    /// Deprecated and no longer supported: a ScaleIO volume.
    #[kapi(proto = 19, json = "scaleIO", omitempty)]
    #[kapi(optional)]
    pub scale_io: Option<Box<ScaleIOPersistentVolumeSource>>,
    /// A disk, partition or directory local to one node, which pins users to that node.
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub local: Option<Box<LocalVolumeSource>>,
    /// Deprecated and no longer supported: a StorageOS volume.
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub storageos: Option<Box<StorageOSPersistentVolumeSource>>,
    /// Storage provided through a CSI driver.
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub csi: Option<Box<CSIPersistentVolumeSource>>,
}

/// A piece of cluster storage, provisioned by an administrator or dynamically, that claims bind to.
///
/// +genclient
/// +shortNames=pv
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolume {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The volume's storage and how it may be used; set by whoever provisions it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PersistentVolumeSpec,
    /// What the system currently observes about the volume; read-only.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PersistentVolumeStatus,
}

/// The storage behind a persistent volume and the terms under which it can be claimed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeSpec {
    /// How much the volume holds, keyed by resource name (normally `storage`).
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// The actual storage backend.
    #[kapi(proto = 2, inline)]
    pub persistent_volume_source: PersistentVolumeSource,
    /// The ways the volume may be mounted, such as `ReadWriteOnce`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// The claim this volume is bound to; may be preset to reserve the volume for one claim.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, struct_type = "granular")]
    pub claim_ref: Option<ObjectReference>,
    /// What happens to the volume once its claim is gone; `Retain` for hand-made volumes, `Delete` for provisioned
    /// ones.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy,
    /// The storage class the volume belongs to; empty means it belongs to none.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_class_name: String,
    /// Extra mount options, passed through unchecked; a bad option makes the mount fail.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mount_options: Vec<String>,
    /// `Filesystem` (the default) or `Block` for a raw device.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    /// Limits the nodes from which the volume is reachable; the scheduler honours it.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub node_affinity: Option<VolumeNodeAffinity>,
    /// The volume attributes class the volume belongs to; unset means none, empty is invalid.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub volume_attributes_class_name: Option<String>,
}

/// The nodes from which a persistent volume can be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeNodeAffinity {
    /// Hard constraint: the volume is only usable on nodes matching it.
    #[kapi(proto = 1, omitempty)]
    pub required: Option<NodeSelector>,
}

/// What becomes of a persistent volume after its claim is released.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeMode(pub String);

impl PersistentVolumeMode {
    /// Exposed to containers as a raw block device.
    pub const BLOCK: &'static str = "Block";
    /// Mounted into containers as a filesystem.
    pub const FILESYSTEM: &'static str = "Filesystem";
}

/// The observed state of a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeStatus {
    /// Where the volume is in its lifecycle, such as `Available` or `Bound`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PersistentVolumePhase,
    /// Human-readable explanation of why the volume is in its state.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Short CamelCase reason for a failure, suitable for tools to match.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// When the phase last changed; reset whenever the phase is set.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_phase_transition_time: Option<Time>,
}

/// A list of persistent volumes.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The persistent volumes.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PersistentVolume>>,
}

/// A user's request for storage, satisfied by binding it to a persistent volume.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +shortNames=pvc
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeClaim {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What the user asks for.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PersistentVolumeClaimSpec,
    /// What the claim currently has; read-only.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PersistentVolumeClaimStatus,
}

/// A list of persistent volume claims.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeClaimList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The persistent volume claims.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PersistentVolumeClaim>>,
}

/// The storage a claim asks for and the attributes the volume must have.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimSpec {
    /// The access modes the volume must support.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// Label query narrowing which volumes may be bound.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// The least amount of storage the volume must offer; may grow later if the class allows expansion.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resources: VolumeResourceRequirements,
    /// Name of a specific persistent volume to bind to.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub volume_name: String,
    /// Storage class required; unset picks the default class and an empty string means no class.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub storage_class_name: Option<String>,
    /// `Filesystem` (assumed when unset) or `Block`.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    /// An existing snapshot, claim or populator object to fill the new volume from; same namespace.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub data_source: Option<TypedLocalObjectReference>,
    /// Like `data_source`, but may name any object, possibly in another namespace; preferred over `data_source`.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub data_source_ref: Option<TypedObjectReference>,
    /// The volume attributes class to apply; unlike the storage class it may change later; empty means none.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub volume_attributes_class_name: Option<String>,
}

/// Points to an object by kind and name, possibly in another namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TypedObjectReference {
    /// Group of the referenced object; empty means the core group.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    /// Kind of the referenced object.
    #[kapi(proto = 2)]
    pub kind: String,
    /// Name of the referenced object.
    #[kapi(proto = 3)]
    pub name: String,
    /// Namespace of the object; when it differs from the referrer's, a grant in that namespace must allow it.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace: Option<String>,
}

/// The kind of a condition reported on a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ModifyVolumeStatus {
    /// The class being applied to the volume right now.
    #[kapi(proto = 1, omitempty)]
    pub target_volume_attributes_class_name: String,
    /// Whether the change is pending, running or infeasible; empty when nothing is going on.
    #[kapi(proto = 2)]
    pub status: PersistentVolumeClaimModifyVolumeStatus,
}

/// One observation about a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimCondition {
    /// Kind of condition, such as `Resizing`.
    #[kapi(proto = 1)]
    pub r#type: PersistentVolumeClaimConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the condition was last checked.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    /// When the status last flipped.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// Short CamelCase code for the last transition; a value such as `Resizing` when resizing.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A category of trouble reported for a volume.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct VolumeHealthCondition {
    /// Category of the problem: `Inaccessible`, `DataLoss` or `Degraded`.
    ///
    /// +k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub status: VolumeHealthStatusType,
    /// Short CamelCase code; together with status it identifies the entry; at most 256 bytes.
    ///
    /// +k8s:required
    /// +k8s:maxBytes=256
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub reason: String,
    /// Human-readable details; at most 1024 bytes.
    ///
    /// +k8s:optional
    /// +k8s:maxBytes=1024
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Problems the CSI controller plugin reports for a claim's volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeHealthStatus {
    /// Current problems, at most 16; an empty list means the volume is healthy.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=status
    /// +k8s:listMapKey=reason
    /// +k8s:maxItems=16
    #[kapi(proto = 1, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "status",
        list_map_key = "reason",
        patch_strategy = "merge",
        patch_merge_key = "status"
    )]
    pub health_conditions: Vec<VolumeHealthCondition>,
    /// When the current set of problems first appeared.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

/// Problems the CSI node plugin reports for one volume of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodVolumeHealth {
    /// The entry of the pod's `spec.volumes` this refers to.
    ///
    /// +k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Current problems on this node, at most 16.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=status
    /// +k8s:listMapKey=reason
    /// +k8s:maxItems=16
    #[kapi(proto = 2, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "status",
        list_map_key = "reason",
        patch_strategy = "merge",
        patch_merge_key = "status"
    )]
    pub health_conditions: Vec<VolumeHealthCondition>,
    /// When the current set of problems first appeared.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

/// The observed state of a persistent volume claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimStatus {
    /// `Pending`, `Bound` or `Lost`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PersistentVolumeClaimPhase,
    /// Access modes the bound volume actually offers.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    /// Resources the bound volume actually offers.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// Observations such as an ongoing resize; `Resizing` while a resize is under way.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PersistentVolumeClaimCondition>,
    /// Capacity the system has committed to the claim, which can run ahead of `capacity` during a resize.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Per-resource progress of a resize; only keys with a resize under way appear.
    #[kapi(proto = 7, omitempty)]
    #[kapi(map_type = "granular", optional)]
    pub allocated_resource_statuses: BTreeMap<ResourceName, ClaimResourceStatus>,
    /// The volume attributes class the volume currently has; unset when none applies.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub current_volume_attributes_class_name: Option<String>,
    /// Progress of changing the volume attributes class; unset when nothing is being changed.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub modify_volume_status: Option<ModifyVolumeStatus>,
    /// Problems the CSI controller plugin reports for the volume.
    ///
    /// +k8s:optional
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub health_status: Option<VolumeHealthStatus>,
}

/// One way a volume may be mounted.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct HostPathVolumeSource {
    /// Location on the node; a symlink is followed to its target.
    #[kapi(proto = 1)]
    pub path: String,
    /// What must exist at the path; empty skips the check.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub r#type: Option<HostPathType>,
}

/// A fresh empty directory that exists as long as the pod does.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EmptyDirVolumeSource {
    /// What backs the directory: empty for the node's default, or `Memory` for tmpfs.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub medium: StorageMedium,
    /// Most local storage the directory may use, also for `Memory`; unset means no limit.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub size_limit: Option<Quantity>,
    /// Permission bits of the directory, between 0000 and 01777; 0777 when unset; ignored on Windows.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
}

/// A GlusterFS mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GlusterfsVolumeSource {
    /// Name of the endpoints object listing the GlusterFS servers.
    #[kapi(proto = 1)]
    pub endpoints: String,
    /// Name of the GlusterFS volume.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A GlusterFS mount used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GlusterfsPersistentVolumeSource {
    /// Name of the endpoints object listing the GlusterFS servers.
    #[kapi(proto = 1)]
    pub endpoints: String,
    /// Name of the GlusterFS volume.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Namespace of the endpoints object; the claim's namespace when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub endpoints_namespace: Option<String>,
}

/// A Ceph RADOS block device that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RBDVolumeSource {
    /// Addresses of the Ceph monitors.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    /// Name of the RADOS image.
    #[kapi(proto = 2)]
    pub image: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// RADOS pool; `rbd` when empty.
    #[kapi(proto = 4, omitempty, default = "\"rbd\"")]
    #[kapi(optional)]
    pub pool: String,
    /// RADOS user; `admin` when empty.
    #[kapi(proto = 5, omitempty, default = "\"admin\"")]
    #[kapi(optional)]
    pub user: String,
    /// Path to the keyring file; `/etc/ceph/keyring` when empty.
    #[kapi(proto = 6, omitempty, default = "\"/etc/ceph/keyring\"")]
    #[kapi(optional)]
    pub keyring: String,
    /// Secret with the authentication key; overrides the keyring.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A Ceph RADOS block device used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RBDPersistentVolumeSource {
    /// Addresses of the Ceph monitors.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    /// Name of the RADOS image.
    #[kapi(proto = 2)]
    pub image: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// RADOS pool; `rbd` when empty.
    #[kapi(proto = 4, omitempty, default = "\"rbd\"")]
    #[kapi(optional)]
    pub pool: String,
    /// RADOS user; `admin` when empty.
    #[kapi(proto = 5, omitempty, default = "\"admin\"")]
    #[kapi(optional)]
    pub user: String,
    /// Path to the keyring file; `/etc/ceph/keyring` when empty.
    #[kapi(proto = 6, omitempty, default = "\"/etc/ceph/keyring\"")]
    #[kapi(optional)]
    pub keyring: String,
    /// Secret with the authentication key; overrides the keyring.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// An OpenStack Cinder volume, which must exist beforehand in the node's region.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CinderVolumeSource {
    /// Cinder identifier of the volume.
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Secret holding the settings for talking to OpenStack.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
}

/// An OpenStack Cinder volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CinderPersistentVolumeSource {
    /// Cinder identifier of the volume.
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Secret holding the settings for talking to OpenStack.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
}

/// A CephFS mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CephFSVolumeSource {
    /// Addresses of the Ceph monitors.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    /// Subtree to mount instead of the whole filesystem; `/` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// RADOS user; `admin` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    /// Path to the key ring for the user; `/etc/ceph/user.secret` when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_file: String,
    /// Secret with the authentication key; overrides `secret_file`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// Names a secret, possibly in another namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct SecretReference {
    /// Name of the secret; unique within its namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// Namespace of the secret.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

/// A CephFS mount used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CephFSPersistentVolumeSource {
    /// Addresses of the Ceph monitors.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    /// Subtree to mount instead of the whole filesystem; `/` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// RADOS user; `admin` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    /// Path to the key ring for the user; `/etc/ceph/user.secret` when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_file: String,
    /// Secret with the authentication key; overrides `secret_file`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A Flocker dataset; the Flocker control service must be running.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlockerVolumeSource {
    /// Name of the dataset, kept as metadata; deprecated.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub dataset_name: String,
    /// UUID of the dataset, its unique identity.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub dataset_uuid: String,
}

/// What backs an emptyDir volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct GCEPersistentDiskVolumeSource {
    /// Name of the disk in GCE.
    #[kapi(proto = 1)]
    pub pd_name: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Partition to mount; 0 or unset mounts the whole device.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub partition: i32,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A Quobyte mount that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QuobyteVolumeSource {
    /// One or more registries as `host:port` pairs, separated by commas.
    #[kapi(proto = 1)]
    pub registry: String,
    /// Name of an existing Quobyte volume.
    #[kapi(proto = 2)]
    pub volume: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// User to map access to; the service account user when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: String,
    /// Group to map access to; no group when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub group: String,
    /// Tenant owning the volume in the backend, needed for dynamic provisioning.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub tenant: String,
}

/// A persistent volume handled by a FlexVolume driver binary.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlexPersistentVolumeSource {
    /// Name of the driver binary.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Filesystem to use; the driver's default when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Secret passed to the driver's scripts; may be empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Free-form command options for the driver.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub options: BTreeMap<String, String>,
}

/// A pod volume handled by a FlexVolume driver binary.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlexVolumeSource {
    /// Name of the driver binary.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Filesystem to use; the driver's default when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Secret passed to the driver's scripts; may be empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Free-form command options for the driver.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub options: BTreeMap<String, String>,
}

/// An AWS EBS disk; it must exist and be in the node's availability zone.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AWSElasticBlockStoreVolumeSource {
    /// EBS identifier of the volume.
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Partition to mount; 0 or unset mounts the whole device.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub partition: i32,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// Deprecated: a directory filled by cloning a git repository when the pod starts.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GitRepoVolumeSource {
    /// URL of the repository.
    #[kapi(proto = 1)]
    pub repository: String,
    /// Commit hash to check out.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub revision: String,
    /// Target directory name, without `..`; `.` puts the repository at the volume root.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub directory: String,
}

/// Writes the keys of a secret into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretVolumeSource {
    /// Name of a secret in the pod's namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the secret or a listed key is missing.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

/// Puts the keys of a secret into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretProjection {
    /// The secret, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    /// Whether the pod may start when the secret or a listed key is missing.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// An NFS export that lives as long as the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NFSVolumeSource {
    /// Host name or IP of the NFS server.
    #[kapi(proto = 1)]
    pub server: String,
    /// Path exported by the server.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// An iSCSI disk, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ISCSIVolumeSource {
    /// Target portal, an IP or `ip:port` (port 3260 by default).
    #[kapi(proto = 1)]
    pub target_portal: String,
    /// iSCSI qualified name of the target.
    #[kapi(proto = 2)]
    pub iqn: String,
    /// Logical unit number of the target.
    #[kapi(proto = 3)]
    pub lun: i32,
    /// iSCSI interface to use; `default` (tcp) when empty.
    #[kapi(proto = 4, omitempty, default = "\"default\"")]
    #[kapi(optional)]
    pub iscsi_interface: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Additional target portals, each an IP or `ip:port` (port 3260 by default).
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub portals: Vec<String>,
    /// Use CHAP authentication for discovery.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub chap_auth_discovery: bool,
    /// Use CHAP authentication for the session.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub chap_auth_session: bool,
    /// Secret holding the CHAP credentials.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Custom initiator name; when set, a new interface `<target portal>:<volume name>` is created.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub initiator_name: Option<String>,
}

/// An iSCSI disk used as a persistent volume, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ISCSIPersistentVolumeSource {
    /// Target portal, an IP or `ip:port` (port 3260 by default).
    #[kapi(proto = 1)]
    pub target_portal: String,
    /// iSCSI qualified name of the target.
    #[kapi(proto = 2)]
    pub iqn: String,
    /// Logical unit number of the target.
    #[kapi(proto = 3)]
    pub lun: i32,
    /// iSCSI interface to use; `default` (tcp) when empty.
    #[kapi(proto = 4, omitempty, default = "\"default\"")]
    #[kapi(optional)]
    pub iscsi_interface: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Additional target portals, each an IP or `ip:port` (port 3260 by default).
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub portals: Vec<String>,
    /// Use CHAP authentication for discovery.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub chap_auth_discovery: bool,
    /// Use CHAP authentication for the session.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub chap_auth_session: bool,
    /// Secret holding the CHAP credentials.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    /// Custom initiator name; when set, a new interface `<target portal>:<volume name>` is created.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub initiator_name: Option<String>,
}

/// A Fibre Channel disk, attached read-write at most once.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FCVolumeSource {
    /// World wide names of the targets.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub target_wwns: Vec<String>,
    /// Logical unit number of the target.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lun: Option<i32>,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// World wide identifiers of the volume; set either these or target WWNs with a LUN, not both.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub wwids: Vec<String>,
}

/// An Azure File share mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureFileVolumeSource {
    /// Secret holding the storage account name and key.
    #[kapi(proto = 1)]
    pub secret_name: String,
    /// Name of the share.
    #[kapi(proto = 2)]
    pub share_name: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// An Azure File share used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureFilePersistentVolumeSource {
    /// Secret holding the storage account name and key.
    #[kapi(proto = 1)]
    pub secret_name: String,
    /// Name of the share.
    #[kapi(proto = 2)]
    pub share_name: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Namespace of the secret; the pod's namespace when unset.
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub secret_namespace: Option<String>,
}

/// A vSphere virtual disk.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VsphereVirtualDiskVolumeSource {
    /// Path identifying the disk in vSphere.
    #[kapi(proto = 1)]
    pub volume_path: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Name of the storage policy based management profile.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub storage_policy_name: String,
    /// ID of the storage policy based management profile for that name.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub storage_policy_id: String,
}

/// A Photon Controller persistent disk.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PhotonPersistentDiskVolumeSource {
    /// ID identifying the disk.
    #[kapi(proto = 1)]
    pub pd_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    pub fs_type: String,
}

/// Host caching for an Azure data disk.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct AzureDiskVolumeSource {
    /// Blob storage name of the data disk.
    #[kapi(proto = 1)]
    pub disk_name: String,
    /// URI of the data disk in blob storage.
    #[kapi(proto = 2)]
    pub disk_uri: String,
    /// Host caching: `None`, `ReadOnly` or `ReadWrite`.
    #[kapi(proto = 3, omitempty, default = "\"ReadWrite\"")]
    #[kapi(optional)]
    pub caching_mode: Option<AzureDataDiskCachingMode>,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 4, omitempty, default = "\"ext4\"")]
    #[kapi(optional)]
    pub fs_type: Option<String>,
    /// Mount read-only; false by default.
    #[kapi(proto = 5, omitempty, default = "false")]
    #[kapi(optional)]
    pub read_only: Option<bool>,
    /// `Shared`, `Dedicated` or `Managed`; `Shared` when unset.
    #[kapi(proto = 6, omitempty, default = "\"Shared\"")]
    pub kind: Option<AzureDataDiskKind>,
}

/// A Portworx volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PortworxVolumeSource {
    /// Identifier of the volume in Portworx.
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 2, omitempty)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A ScaleIO volume mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleIOVolumeSource {
    /// Where the ScaleIO API gateway is reached.
    #[kapi(proto = 1)]
    pub gateway: String,
    /// Name of the ScaleIO storage system as configured there.
    #[kapi(proto = 2)]
    pub system: String,
    /// Secret with the ScaleIO user's credentials; required.
    #[kapi(proto = 3)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Use SSL when talking to the gateway; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ssl_enabled: bool,
    /// Protection domain of the storage.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub protection_domain: String,
    /// Storage pool within the protection domain.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`; thin when empty.
    #[kapi(proto = 7, omitempty, default = "\"ThinProvisioned\"")]
    #[kapi(optional)]
    pub storage_mode: String,
    /// Name of a volume already made in the system.
    #[kapi(proto = 8, omitempty)]
    pub volume_name: String,
    /// Filesystem to mount, such as `ext4`; `xfs` when empty.
    #[kapi(proto = 9, omitempty, default = "\"xfs\"")]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A ScaleIO volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleIOPersistentVolumeSource {
    /// Where the ScaleIO API gateway is reached.
    #[kapi(proto = 1)]
    pub gateway: String,
    /// Name of the ScaleIO storage system as configured there.
    #[kapi(proto = 2)]
    pub system: String,
    /// Secret with the ScaleIO user's credentials; required.
    #[kapi(proto = 3)]
    pub secret_ref: Option<SecretReference>,
    /// Use SSL when talking to the gateway; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ssl_enabled: bool,
    /// Protection domain of the storage.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub protection_domain: String,
    /// Storage pool within the protection domain.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`; thin when empty.
    #[kapi(proto = 7, omitempty, default = "\"ThinProvisioned\"")]
    #[kapi(optional)]
    pub storage_mode: String,
    /// Name of a volume already made in the system.
    #[kapi(proto = 8, omitempty)]
    pub volume_name: String,
    /// Filesystem to mount, such as `ext4`; `xfs` when empty.
    #[kapi(proto = 9, omitempty, default = "\"xfs\"")]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

/// A StorageOS volume mounted into the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageOSVolumeSource {
    /// Name of the volume, unique within its StorageOS namespace.
    #[kapi(proto = 1, omitempty)]
    pub volume_name: String,
    /// StorageOS namespace of the volume; the pod's namespace when empty, `default` if that has no match.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub volume_namespace: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Secret with the StorageOS API credentials; defaults apply when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
}

/// A StorageOS volume used as a persistent volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageOSPersistentVolumeSource {
    /// Name of the volume, unique within its StorageOS namespace.
    #[kapi(proto = 1, omitempty)]
    pub volume_name: String,
    /// StorageOS namespace of the volume; the pod's namespace when empty, `default` if that has no match.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub volume_namespace: String,
    /// Filesystem to mount, such as `ext4`; `ext4` when empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Secret with the StorageOS API credentials; defaults apply when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<ObjectReference>,
}

/// Writes the keys of a config map into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapVolumeSource {
    /// The config map, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the config map or a listed key is missing.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

/// Puts the keys of a config map into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapProjection {
    /// The config map, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write and where; when empty every key becomes a file named after the key.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    /// Whether the pod may start when the config map or a listed key is missing.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// Puts a bound token of the pod's service account into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAccountTokenProjection {
    /// Audience the token is meant for; the API server's own identifier when empty.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub audience: String,
    /// Requested lifetime in seconds, at least 600; one hour by default; the kubelet renews it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i64>,
    /// File name for the token, relative to the mount point.
    #[kapi(proto = 3)]
    pub path: String,
    /// Owner UID of the file; takes precedence over the volume's default; alpha.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

/// Puts the certificates of one or more cluster trust bundles into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClusterTrustBundleProjection {
    /// Picks one bundle by name; excludes `signer_name` and `label_selector`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: Option<String>,
    /// Picks every bundle of this signer that matches the label selector.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub signer_name: Option<String>,
    /// With `signer_name`, narrows the bundles by label; unset matches none, an empty selector all.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    /// Whether the pod may start when the named bundle is missing or the selector matches nothing.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    /// File name for the bundle, relative to the volume root.
    #[kapi(proto = 4)]
    pub path: String,
    /// Owner UID of the file; takes precedence over the volume's default; alpha.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

/// Puts a key and a certificate issued for the pod into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateProjection {
    /// Signer the kubelet addresses its certificate requests to.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub signer_name: String,
    /// Key pair the kubelet generates: `RSA3072`, `RSA4096`, `ECDSAP256`, `ECDSAP384`, `ECDSAP521` or `ED25519`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub key_type: String,
    /// Longest certificate lifetime allowed; 86400 when unset, between 3600 and 7862400.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub max_expiration_seconds: Option<i32>,
    /// File for one PEM bundle with the private key first and the certificate chain after it.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub credential_bundle_path: String,
    /// File for the private key alone; prefer `credential_bundle_path`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub key_path: String,
    /// File for the certificate chain alone; prefer `credential_bundle_path`.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub certificate_chain_path: String,
    /// Extra domain-prefixed hints for the signer, copied unchecked into each certificate request.
    #[kapi(proto = 7, omitempty)]
    pub user_annotations: BTreeMap<String, String>,
    /// Owner UID of the files; takes precedence over the volume's default; alpha.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

/// Several sources combined into one volume directory.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProjectedVolumeSource {
    /// The sources to combine.
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub sources: Option<Vec<VolumeProjection>>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

/// One source of a projected volume; exactly one member should be set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeProjection {
    /// Keys of a secret.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub secret: Option<Box<SecretProjection>>,
    /// Facts about the pod.
    #[kapi(proto = 2, json = "downwardAPI", omitempty)]
    #[kapi(optional)]
    pub downward_api: Option<Box<DownwardAPIProjection>>,
    /// Keys of a config map.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub config_map: Option<Box<ConfigMapProjection>>,
    /// A token of the pod's service account.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub service_account_token: Option<Box<ServiceAccountTokenProjection>>,
    /// Certificates of cluster trust bundles; beta, off by default.
    ///
    /// +featureGate=ClusterTrustBundleProjection
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub cluster_trust_bundle: Option<Box<ClusterTrustBundleProjection>>,
    /// A key and certificate issued for the pod; beta, off by default.
    ///
    /// +featureGate=PodCertificateRequest
    // k8s.io/api marks this field `PodCertificateProjection`, a gate kube-apiserver does not
    // have; upstream's pod strategy drops it by `PodCertificateRequest`, which is what a cluster
    // does, so kapi's marker names that gate.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_certificate: Option<Box<PodCertificateProjection>>,
}

/// Maps one key of a secret or config map to a file.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct KeyToPath {
    /// The key to write.
    #[kapi(proto = 1)]
    pub key: String,
    /// Relative file path for the key; no `..` elements and not starting with `..`.
    #[kapi(proto = 2)]
    pub path: String,
    /// Permission bits of this file, between 0000 and 0777; the volume's default when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
    /// Owner UID of this file; takes precedence over the volume's default; alpha.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

/// A disk, partition or directory on one node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LocalVolumeSource {
    /// Full path on the node.
    #[kapi(proto = 1)]
    pub path: String,
    /// Filesystem of a block device; detected automatically when unset; ignored for directories.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: Option<String>,
}

/// A persistent volume provided through a CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIPersistentVolumeSource {
    /// Name of the CSI driver.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Identifier the driver gave the volume, passed back in every call.
    #[kapi(proto = 2)]
    pub volume_handle: String,
    /// Publish the volume read-only; false by default.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Filesystem to mount, such as `ext4`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    /// Driver-specific attributes of the volume.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_attributes: BTreeMap<String, String>,
    /// Secret passed to the driver's controller publish and unpublish calls.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub controller_publish_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node stage and unstage calls.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_stage_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node publish and unpublish calls.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub node_publish_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's controller expand call.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub controller_expand_secret_ref: Option<SecretReference>,
    /// Secret passed to the driver's node expand call.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub node_expand_secret_ref: Option<SecretReference>,
}

/// An ephemeral pod volume created by an external CSI driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIVolumeSource {
    /// Name of the CSI driver.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Mount read-only; false by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: Option<bool>,
    /// Filesystem to mount, such as `ext4`; the driver chooses when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: Option<String>,
    /// Driver-specific settings.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub volume_attributes: BTreeMap<String, String>,
    /// Secret in the pod's namespace passed to the driver's node publish and unpublish calls.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}

/// A volume backed by a claim that is created for the pod and deleted with it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralVolumeSource {
    /// Template of the claim, named `<pod name>-<volume name>`.
    #[kapi(proto = 1, omitempty)]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}

/// The shape of a claim created for an ephemeral volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimTemplate {
    /// Labels and annotations for the claim; other fields are rejected.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Spec of the claim, copied unchanged.
    #[kapi(proto = 2)]
    pub spec: PersistentVolumeClaimSpec,
}

/// A network port that a container listens on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerPort {
    /// IANA service name for the port, unique within the pod, so services can refer to it by name.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// Port to open on the node and forward; must be 1 to 65535, and equal `container_port` with host networking.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host_port: i32,
    /// Port number on the pod's IP address, 1 to 65535.
    #[kapi(proto = 3)]
    pub container_port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[kapi(proto = 4, omitempty, default = "\"TCP\"")]
    #[kapi(optional)]
    pub protocol: Protocol,
    /// Host address the host port binds to.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub host_ip: String,
}

/// Where and how a pod volume appears inside a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeMount {
    /// Name of the pod volume to mount.
    #[kapi(proto = 1)]
    pub name: String,
    /// Mount read-only; read-write when false or unset.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Whether a read-only mount also makes submounts read-only; treated as `Disabled` when unset.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    /// Path inside the container; must not contain `:`.
    #[kapi(proto = 3)]
    pub mount_path: String,
    /// Subdirectory of the volume to mount instead of its root; the root when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub sub_path: String,
    /// How mounts spread between host and container; `None` when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub mount_propagation: Option<MountPropagationMode>,
    /// Like `sub_path`, but `$(VAR_NAME)` refers to the container's environment; excludes `sub_path`.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub sub_path_expr: String,
    /// Extra Linux bind mount options among `noexec`, `nodev` and `nosuid`; alpha, not for image volumes.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub bind_mount_options: Vec<String>,
}

/// An extra option for a bind mount.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct VolumeDevice {
    /// Name of the persistent volume claim in the pod.
    #[kapi(proto = 1)]
    pub name: String,
    /// Path inside the container where the device appears.
    #[kapi(proto = 2)]
    pub device_path: String,
}

/// An environment variable of a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvVar {
    /// Name of the variable; any printable ASCII except `=`.
    #[kapi(proto = 1)]
    pub name: String,
    /// Literal value; `$(VAR_NAME)` expands earlier variables, and `$$(VAR_NAME)` escapes the expansion.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    /// Where to read the value instead; only when `value` is empty.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value_from: Option<EnvVarSource>,
}

/// A source for an environment variable's value; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvVarSource {
    /// A field of the pod, such as `metadata.name` or `status.podIP`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub field_ref: Option<Box<ObjectFieldSelector>>,
    /// A limit or request of a container, such as `limits.memory`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_field_ref: Option<Box<ResourceFieldSelector>>,
    /// A key of a config map in the pod's namespace.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub config_map_key_ref: Option<Box<ConfigMapKeySelector>>,
    /// A key of a secret in the pod's namespace.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_key_ref: Option<Box<SecretKeySelector>>,
    /// A key of an env file in a volume; alpha.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub file_key_ref: Option<Box<FileKeySelector>>,
}

/// Picks one key from an env file on a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct FileKeySelector {
    /// Volume holding the env file.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub volume_name: String,
    /// Relative path of the file within the volume; must not contain or begin with `..`.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub path: String,
    /// Key inside the file; printable ASCII except `=`, and an invalid key stops the pod from starting.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub key: String,
    /// When true a missing file or key leaves the variable unset; when false the pod fails to be created.
    #[kapi(proto = 4, omitempty, default = "false")]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// Picks one field of an object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ObjectFieldSelector {
    /// Schema version the path refers to; `v1` when empty.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    /// Path of the field, in that schema version.
    #[kapi(proto = 2)]
    pub field_path: String,
}

/// Picks one resource of a container, such as a CPU or memory limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ResourceFieldSelector {
    /// Container to read from; optional for environment variables, required for volumes.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container_name: String,
    /// Resource to read, such as `limits.cpu` or `requests.memory`.
    #[kapi(proto = 2)]
    pub resource: String,
    /// Unit the value is expressed in; 1 when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub divisor: Quantity,
}

/// Picks one key of a config map.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ConfigMapKeySelector {
    /// The config map, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Key to read.
    #[kapi(proto = 2)]
    pub key: String,
    /// Whether a missing config map or key is acceptable.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// Picks one key of a secret.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct SecretKeySelector {
    /// The secret, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Key to read, which has to be a valid secret key name.
    #[kapi(proto = 2)]
    pub key: String,
    /// Whether a missing secret or key is acceptable.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// A whole secret or config map turned into environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvFromSource {
    /// Prepended to every key to form the variable name; any printable ASCII except `=`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub prefix: String,
    /// The config map to read.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    /// The secret to read.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretEnvSource>,
}

/// A config map whose keys become environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapEnvSource {
    /// The config map, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Whether the pod may start when the config map is missing.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// A secret whose keys become environment variables.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretEnvSource {
    /// The secret, in the pod's namespace.
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    /// Whether the pod may start when the secret is missing.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

/// A header to send with an HTTP probe.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPHeader {
    /// Header name; normalised on output, so names differing only in case are the same header.
    #[kapi(proto = 1)]
    pub name: String,
    /// Header value.
    #[kapi(proto = 2)]
    pub value: String,
}

/// The protocol version an HTTP probe speaks.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPProtocol(pub String);

impl HTTPProtocol {
    /// HTTP/1.1, the default.
    pub const HTTP1: &'static str = "HTTP1";
    /// HTTP/2 in cleartext with prior knowledge (h2c); needs the `HTTP` scheme.
    pub const HTTP2: &'static str = "HTTP2";
}

/// A probe or hook that issues an HTTP GET.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPGetAction {
    /// Path to request.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// Port number (1 to 65535) or named port of the container.
    #[kapi(proto = 2)]
    pub port: IntOrString,
    /// Host to connect to; the pod's IP when empty, so usually a `Host` header is what you want.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub host: String,
    /// `HTTP` (the default) or `HTTPS`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheme: URIScheme,
    /// Extra request headers; repeats are allowed.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub http_headers: Vec<HTTPHeader>,
    /// Wire protocol; HTTP/1.1 when unset.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub protocol: Option<HTTPProtocol>,
}

/// The scheme of an HTTP probe or hook.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct URIScheme(pub String);

impl URIScheme {
    /// Plain HTTP.
    pub const HTTP: &'static str = "HTTP";
    /// HTTP over TLS, without certificate verification.
    pub const HTTPS: &'static str = "HTTPS";
}

/// A probe that only opens a TCP connection.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TCPSocketAction {
    /// Port number (1 to 65535) or named port of the container.
    #[kapi(proto = 1)]
    pub port: IntOrString,
    /// Host to connect to; the pod's IP when empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host: String,
}

/// A probe that calls the gRPC health checking service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GRPCAction {
    /// Port of the gRPC service, 1 to 65535.
    #[kapi(proto = 1)]
    pub port: i32,
    /// Service name sent in the health check request; gRPC's own default when unset.
    #[kapi(proto = 2, default = "\"\"")]
    #[kapi(optional)]
    pub service: Option<String>,
    /// `Plaintext` or `TLS` (without certificate checks); plaintext when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<GRPCProbeMode>,
}

/// How a gRPC probe connects.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GRPCProbeMode(pub String);

impl GRPCProbeMode {
    /// Without encryption.
    pub const PLAINTEXT: &'static str = "Plaintext";
    /// Over TLS, without verifying the certificate.
    pub const TLS: &'static str = "TLS";
}

/// Runs a command inside the container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExecAction {
    /// Command and arguments, run directly without a shell; exit status 0 counts as healthy.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
}

/// Waits a while before going on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SleepAction {
    /// How long to wait, in seconds.
    #[kapi(proto = 1)]
    pub seconds: i64,
}

/// A periodic check of a container's health or readiness.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Probe {
    /// What the check does.
    #[kapi(proto = 1, inline, proto_name = "handler")]
    pub probe_handler: ProbeHandler,
    /// Seconds to wait after the container starts before the first check.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub initial_delay_seconds: i32,
    /// Seconds before a check times out; 1 by default and at least 1.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: i32,
    /// Seconds between checks; 10 by default and at least 1.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub period_seconds: i32,
    /// Successes in a row needed after a failure; 1 by default, and only 1 is allowed for liveness and startup probes.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub success_threshold: i32,
    /// Failures in a row before giving up; 3 by default and at least 1.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub failure_threshold: i32,
    /// Grace period in seconds when a failed probe kills the pod; overrides the pod's value.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub termination_grace_period_seconds: Option<i64>,
}

/// When the kubelet pulls a container image.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ResourceResizeRestartPolicy(pub String);

impl ResourceResizeRestartPolicy {
    /// Resize in place, without a restart.
    pub const NOT_REQUIRED: &'static str = "NotRequired";
    /// Restart the container to apply the new size.
    pub const RESTART_CONTAINER: &'static str = "RestartContainer";
}

/// How a container reacts to an in-place change of one resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResizePolicy {
    /// Resource the policy covers, such as `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub resource_name: ResourceName,
    /// What resizing the resource takes; `NotRequired` when unset.
    #[kapi(proto = 2)]
    pub restart_policy: ResourceResizeRestartPolicy,
}

/// Whether a pod may evict lower-priority pods to get scheduled.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    /// May evict pods of lower priority.
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    /// Never evicts other pods; waits instead.
    pub const NEVER: &'static str = "Never";
}

/// Where a container's termination message comes from.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TerminationMessagePolicy(pub String);

impl TerminationMessagePolicy {
    /// Only the termination message file.
    pub const FILE: &'static str = "File";
    /// The tail of the log when the file is empty and the container failed.
    pub const FALLBACK_TO_LOGS_ON_ERROR: &'static str = "FallbackToLogsOnError";
}

/// A Linux capability name, such as `NET_ADMIN`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Capability(pub String);

/// Linux capabilities added to or removed from a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Capabilities {
    /// Capabilities to grant on top of the runtime's defaults.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub add: Vec<Capability>,
    /// Capabilities to take away.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub drop: Vec<Capability>,
}

/// The compute resources a container or pod asks for and may not exceed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceRequirements {
    /// Most of each resource that may be used.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub limits: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource needed; defaults to the limits when omitted, and may not exceed them.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<ResourceName, Quantity>,
    /// Dynamic resource claims of the pod that this container uses; alpha.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub claims: Vec<ResourceClaim>,
}

/// The storage a claim asks for and may not exceed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeResourceRequirements {
    /// Most of each resource the volume may have.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub limits: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource the volume needs; defaults to the limits when omitted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<ResourceName, Quantity>,
}

/// Points at one claim of the pod that a container uses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaim {
    /// Name of an entry of the pod's `resource_claims`.
    #[kapi(proto = 1)]
    pub name: String,
    /// A single request inside that claim; empty means the whole claim.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub request: String,
}

/// One container of a pod: an image, how to run it, and what it may use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Container {
    /// DNS label naming the container; unique within the pod.
    #[kapi(proto = 1)]
    pub name: String,
    /// Image to run; may be left empty when a workload controller fills it in.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub image: String,
    /// Entry point, run without a shell; the image's entry point when empty; `$(VAR_NAME)` expands variables.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
    /// Arguments to the entry point; the image's command when empty; `$(VAR_NAME)` expands variables.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub args: Vec<String>,
    /// Working directory; the runtime's default when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub working_dir: String,
    /// Ports the container exposes; informational, any listening port is reachable anyway.
    #[kapi(proto = 6, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "containerPort",
        list_map_key = "protocol",
        patch_strategy = "merge",
        patch_merge_key = "containerPort"
    )]
    pub ports: Vec<ContainerPort>,
    /// Secrets and config maps whose keys become variables; `env` wins on conflict, later sources win over earlier.
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables to set.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub env: Vec<EnvVar>,
    /// Compute resources the container needs and may use.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resources: ResourceRequirements,
    /// How each resource may be resized in place.
    ///
    /// +featureGate=InPlacePodVerticalScaling
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Overrides the pod's restart policy for this container; `Always` on an init container makes a sidecar.
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub restart_policy: Option<ContainerRestartPolicy>,
    /// Rules checked in order on exit to decide on a restart; at most 20; needs `restart_policy` set.
    ///
    /// +featureGate=ContainerRestartRules
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Which pod volumes appear in the container, and where.
    #[kapi(proto = 9, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices to expose to the container.
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "devicePath",
        patch_strategy = "merge",
        patch_merge_key = "devicePath"
    )]
    pub volume_devices: Vec<VolumeDevice>,
    /// Check whose failure restarts the container.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub liveness_probe: Option<Box<Probe>>,
    /// Check that decides whether the container receives service traffic.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub readiness_probe: Option<Box<Probe>>,
    /// Check that must pass once before the other probes begin.
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub startup_probe: Option<Box<Probe>>,
    /// Hooks run after start and before stop.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub lifecycle: Option<Box<Lifecycle>>,
    /// File whose contents become the termination message; `/dev/termination-log` by default, at most 4096 bytes.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub termination_message_policy: TerminationMessagePolicy,
    /// `Always`, `Never` or `IfNotPresent`; `Always` when the tag is `latest` or missing, else `IfNotPresent`.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub image_pull_policy: PullPolicy,
    /// Security settings that override the pod's.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<Box<SecurityContext>>,
    /// Keep a stdin buffer open in the runtime; otherwise reads get EOF.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    /// Close stdin after the first attach session ends.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub stdin_once: bool,
    /// Allocate a terminal; needs `stdin` too.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
}

/// What a probe does; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProbeHandler {
    /// Run a command in the container.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub exec: Option<Box<ExecAction>>,
    /// Send an HTTP GET.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub http_get: Option<Box<HTTPGetAction>>,
    /// Open a TCP connection.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub tcp_socket: Option<Box<TCPSocketAction>>,
    /// Call the gRPC health service.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub grpc: Option<Box<GRPCAction>>,
}

/// What a lifecycle hook does; set exactly one member.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LifecycleHandler {
    /// Run a command in the container.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub exec: Option<Box<ExecAction>>,
    /// Send an HTTP GET.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub http_get: Option<Box<HTTPGetAction>>,
    /// Deprecated and unsupported; kept for compatibility, and hooks using it fail when run.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub tcp_socket: Option<Box<TCPSocketAction>>,
    /// Wait a number of seconds.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub sleep: Option<Box<SleepAction>>,
}

/// A POSIX signal name that may be sent to stop a container.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct Lifecycle {
    /// Runs right after the container is created; if it fails the container is restarted.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub post_start: Option<LifecycleHandler>,
    /// Runs before the container is stopped, within the pod's grace period.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pre_stop: Option<LifecycleHandler>,
    /// Signal used to stop the container; the runtime's default when unset; needs the pod's `os.name`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stop_signal: Option<Signal>,
}

/// Whether a condition holds: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ContainerStateWaiting {
    /// Short reason for waiting, such as `ImagePullBackOff`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Details of why the container is waiting.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A running container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStateRunning {
    /// When the container last (re)started.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub started_at: Time,
}

/// A container that has exited.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStateTerminated {
    /// Exit status of the last run.
    #[kapi(proto = 1)]
    pub exit_code: i32,
    /// Signal that ended the last run, if any.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub signal: i32,
    /// Short reason for the exit.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Details of the exit.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// When the last run began.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub started_at: Time,
    /// When the last run ended.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub finished_at: Time,
    /// Runtime's ID of the container, as `<type>://<container_id>`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_id: String,
}

/// The current state of a container; exactly one member is set, waiting if none.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerState {
    /// Not started yet.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub waiting: Option<ContainerStateWaiting>,
    /// Running.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub running: Option<ContainerStateRunning>,
    /// Exited.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub terminated: Option<ContainerStateTerminated>,
}

/// What the kubelet reports about one container of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStatus {
    /// Name from the pod spec.
    #[kapi(proto = 1)]
    pub name: String,
    /// State right now.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub state: ContainerState,
    /// State at the previous exit, used to see why it restarted; empty if it never exited.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_state: ContainerState,
    /// Whether the container passes its readiness check; true once started when it has no readiness probe.
    #[kapi(proto = 4)]
    pub ready: bool,
    /// Times the container restarted; may fall back to 0 when the kubelet loses its state, say after a node reboot.
    #[kapi(proto = 5)]
    pub restart_count: i32,
    /// Image the container runs; may differ from the spec's, for example after resolving a tag.
    #[kapi(proto = 6)]
    pub image: String,
    /// Image ID as the runtime knows it; may differ from the spec's image.
    #[kapi(proto = 7)]
    pub image_id: String,
    /// Runtime's ID of the container, as `<type>://<container_id>`; empty before creation.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub container_id: String,
    /// Whether the startup probe passed, or true when there is none; false while not running.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub started: Option<bool>,
    /// Resources the node has set aside for the container.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Requests and limits actually applied to the running container.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub resources: Option<ResourceRequirements>,
    /// Volume mounts in effect in the container.
    #[kapi(proto = 12, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMountStatus>,
    /// Identity of the container's first process.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub user: Option<ContainerUser>,
    /// Health of the devices assigned to the container.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub allocated_resources_status: Vec<ResourceStatus>,
    /// Signal used to stop the container, as actually in effect.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub stop_signal: Option<Signal>,
}

/// The health of the devices behind one resource of a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceStatus {
    /// Resource name, such as a claim `claim:<claim>/<request>` or an extended resource.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    /// Health of each device; the list is unique by device ID.
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "map", list_map_key = "resourceID")]
    pub resources: Vec<ResourceHealth>,
}

/// How healthy a device assigned to a container is.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ResourceID(pub String);

/// The health of one device assigned to a container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceHealth {
    /// Device's identifier within the resource.
    #[kapi(proto = 1)]
    pub resource_id: ResourceID,
    /// `Healthy`, `Unhealthy` or `Unknown`.
    #[kapi(proto = 2, omitempty)]
    pub health: ResourceHealthStatus,
    /// Extra details about the health; beta, on by default in 1.36.
    ///
    /// +featureGate=ResourceHealthStatusMessage
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: Option<String>,
}

/// The identity of a container's first process, per operating system.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerUser {
    /// Linux user and groups.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub linux: Option<LinuxContainerUser>,
}

/// The Linux identity of a container's first process.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LinuxContainerUser {
    /// Primary user ID.
    #[kapi(proto = 1)]
    pub uid: i64,
    /// Primary group ID.
    #[kapi(proto = 2)]
    pub gid: i64,
    /// Extra group IDs attached to the process.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub supplemental_groups: Vec<i64>,
}

/// A coarse summary of where a pod is in its lifecycle.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct PodCondition {
    /// Kind of condition, such as `Ready`.
    #[kapi(proto = 1)]
    pub r#type: PodConditionType,
    /// The pod generation the condition was computed for.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the condition was last checked.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    /// When the status last flipped.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// Short CamelCase code for the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Deprecated: how far an in-place resize of a pod has got; pod conditions replace it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct VolumeMountStatus {
    /// Name of the volume mount.
    #[kapi(proto = 1)]
    pub name: String,
    /// Path inside the container.
    #[kapi(proto = 2)]
    pub mount_path: String,
    /// Whether the mount is read-only.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    /// Whether submounts are read-only too: `Disabled` or `Enabled`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    /// Extra information on the mounted volume.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_status: Option<VolumeStatus>,
}

/// Extra status of a mounted volume, by volume kind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeStatus {
    /// Status of an image volume; alpha, off by default in 1.36.
    ///
    /// +featureGate=ImageVolumeWithDigest
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub image: Option<ImageVolumeStatus>,
}

/// The status of a mounted image volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageVolumeStatus {
    /// Digest of the image that was mounted.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub image_ref: String,
}

/// When the kubelet restarts the containers of a pod.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ContainerRestartRule {
    /// What to do when the rule matches.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub action: ContainerRestartRuleAction,
    /// Exit codes the rule matches.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

/// What a matching container restart rule does.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleAction(pub String);

impl ContainerRestartRuleAction {
    /// Restart the container.
    pub const RESTART: &'static str = "Restart";
    /// Restart every container of the pod.
    pub const RESTART_ALL_CONTAINERS: &'static str = "RestartAllContainers";
}

/// Matches a container's exit code against a set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleOnExitCodes {
    /// `In` or `NotIn`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub operator: ContainerRestartRuleOnExitCodesOperator,
    /// Exit codes to compare with; at most 255, order irrelevant.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub values: Vec<i32>,
}

/// How an exit code is compared with a set of values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleOnExitCodesOperator(pub String);

impl ContainerRestartRuleOnExitCodesOperator {
    /// Matches when the code is among the values.
    pub const IN: &'static str = "In";
    /// Matches when the code is not among the values.
    pub const NOT_IN: &'static str = "NotIn";
}

/// How the DNS settings of a pod are built.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
#[kapi(struct_type = "atomic")]
pub struct NodeSelector {
    /// The terms; a node matching any one of them matches.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub node_selector_terms: Option<Vec<NodeSelectorTerm>>,
}

/// A node query whose requirements are ANDed; an empty term matches nothing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct NodeSelectorTerm {
    /// Requirements on node labels.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    /// Requirements on node fields.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_fields: Vec<NodeSelectorRequirement>,
}

/// One condition on a node label or field.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSelectorRequirement {
    /// Label key or field the condition applies to.
    #[kapi(proto = 1)]
    pub key: String,
    /// How the key relates to the values: `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`.
    #[kapi(proto = 2)]
    pub operator: NodeSelectorOperator,
    /// Values to compare with; one integer for `Gt` and `Lt`, none for the existence operators.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

/// How a node selector requirement compares its key with its values.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
#[kapi(struct_type = "atomic")]
pub struct TopologySelectorTerm {
    /// Requirements on topology labels.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

/// Requires a topology label to take one of some values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologySelectorLabelRequirement {
    /// Label key.
    #[kapi(proto = 1)]
    pub key: String,
    /// Allowed values; the label must equal one of them.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub values: Option<Vec<String>>,
}

/// The pod's scheduling rules with respect to nodes and other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Affinity {
    /// Rules on which nodes the pod prefers or needs.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub node_affinity: Option<NodeAffinity>,
    /// Pods this one wants to be near.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pod_affinity: Option<PodAffinity>,
    /// Pods this one wants to stay away from.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

/// Rules that put a pod in the same topology domain as certain other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAffinity {
    /// Terms that must all hold when scheduling; not rechecked afterwards.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms the scheduler tries to satisfy; the node with the highest total wins.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// Rules that keep a pod out of topology domains holding certain other pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAntiAffinity {
    /// Terms that must all hold when scheduling; not rechecked afterwards.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms the scheduler tries to satisfy; the node with the highest total wins.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// A pod affinity term with a weight for scoring.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WeightedPodAffinityTerm {
    /// Weight added to a node's score when the term matches, 1 to 100.
    #[kapi(proto = 1)]
    pub weight: i32,
    /// The term.
    #[kapi(proto = 2)]
    pub pod_affinity_term: PodAffinityTerm,
}

/// A set of pods, and the topology key that defines being near them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAffinityTerm {
    /// Which pods count; unset matches none.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    /// Namespaces searched for the pods; with no selector either, the pod's own namespace.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub namespaces: Vec<String>,
    /// Node label whose value defines a domain; nodes sharing the value are near each other. Must not be empty.
    #[kapi(proto = 3)]
    pub topology_key: String,
    /// Label query over namespaces to search; combined with `namespaces`; an empty selector means all.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    /// Labels of the incoming pod whose values are added to the selector as `key in (value)`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_keys: Vec<String>,
    /// Labels of the incoming pod whose values are added to the selector as `key notin (value)`.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mismatch_label_keys: Vec<String>,
}

/// Rules that steer a pod to nodes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAffinity {
    /// Nodes the pod may go to; not rechecked once running.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    /// Weighted preferences; the node with the highest total is favoured.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

/// A node selector term with a weight for scoring.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreferredSchedulingTerm {
    /// Weight added to a node's score when the term matches, 1 to 100.
    #[kapi(proto = 1)]
    pub weight: i32,
    /// The term.
    #[kapi(proto = 2)]
    pub preference: NodeSelectorTerm,
}

/// A mark on a node that repels pods which do not tolerate it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Taint {
    /// Key of the taint.
    #[kapi(proto = 1)]
    pub key: String,
    /// Value of the taint.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    /// What the taint does to non-tolerating pods: `NoSchedule`, `PreferNoSchedule` or `NoExecute`.
    #[kapi(proto = 3)]
    pub effect: TaintEffect,
    /// When the taint was added; only for `NoExecute` taints.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub time_added: Option<Time>,
}

/// What a taint does to pods that do not tolerate it.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct Toleration {
    /// Taint key to match; empty matches every key, and then the operator must be `Exists`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:format=k8s-label-key
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub key: String,
    /// `Equal` (the default), `Exists` (any value), or numeric `Lt` and `Gt`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub operator: TolerationOperator,
    /// Value to match; empty for `Exists`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value: String,
    /// Effect to match; empty matches every effect.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub effect: TaintEffect,
    /// For `NoExecute`, seconds the pod stays once tainted; unset means forever, 0 or less evicts at once.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub toleration_seconds: Option<i64>,
}

/// How a toleration compares its value with a taint's.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct PodReadinessGate {
    /// Condition in the pod's status list to look at.
    #[kapi(proto = 1)]
    pub condition_type: PodConditionType,
}

/// What a pod runs and how: containers, volumes, scheduling and security.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSpec {
    /// Volumes the containers may mount.
    #[kapi(proto = 1, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub volumes: Vec<Volume>,
    /// Containers run one after another, each to completion, before the regular containers start.
    #[kapi(proto = 20, omitempty)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub init_containers: Vec<Container>,
    /// The regular containers; at least one.
    #[kapi(proto = 2)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub containers: Option<Vec<Container>>,
    /// Debugging containers added to a running pod through the `ephemeralcontainers` subresource.
    #[kapi(proto = 34, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub ephemeral_containers: Vec<EphemeralContainer>,
    /// `Always` (the default), `OnFailure` or `Never`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub restart_policy: RestartPolicy,
    /// Seconds between the stop signal and killing; 30 by default; 0 kills at once.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub termination_grace_period_seconds: Option<i64>,
    /// Seconds a pod may be active, counted from its start, before it is stopped.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub active_deadline_seconds: Option<i64>,
    /// How the pod's DNS is set up; `ClusterFirst` by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub dns_policy: DNSPolicy,
    /// Labels a node must carry to run the pod.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub node_selector: BTreeMap<String, String>,
    /// Service account the pod runs as.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub service_account_name: String,
    /// Deprecated alias of `service_account_name`.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub service_account: String,
    /// Whether to mount the service account's API credentials.
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub automount_service_account_token: Option<bool>,
    /// Node the pod runs on; setting it directly bypasses the scheduler.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub node_name: String,
    /// Use the node's network namespace; list the ports so the scheduler knows about them.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub host_network: bool,
    /// Use the node's PID namespace.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub host_pid: bool,
    /// Use the node's IPC namespace.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub host_ipc: bool,
    /// Put all containers in one PID namespace so they see each other's processes.
    #[kapi(proto = 27, omitempty)]
    #[kapi(optional)]
    pub share_process_namespace: Option<bool>,
    /// Pod-wide security settings.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<PodSecurityContext>,
    /// Secrets in the pod's namespace used to pull images.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Hostname of the pod; chosen by the system when empty.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    /// Gives the pod a DNS name `<hostname>.<subdomain>.<namespace>.svc.<cluster domain>`.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub subdomain: String,
    /// Scheduling rules with respect to nodes and pods.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub affinity: Option<Box<Affinity>>,
    /// Scheduler to use; the default scheduler when empty.
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub scheduler_name: String,
    /// Taints the pod accepts.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<Toleration>,
    /// Extra entries for the pod's hosts file.
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "ip", patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_aliases: Vec<HostAlias>,
    /// Priority class giving the pod's priority; the default class, or zero, when empty.
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    /// Priority value, filled in from the priority class by admission; higher goes first.
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    /// DNS settings merged into those from the DNS policy.
    #[kapi(proto = 26, omitempty)]
    #[kapi(optional)]
    pub dns_config: Option<Box<PodDNSConfig>>,
    /// Extra conditions required before the pod counts as ready.
    #[kapi(proto = 28, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub readiness_gates: Vec<PodReadinessGate>,
    /// Runtime class to run the pod with; the runtime's default handler when unset.
    #[kapi(proto = 29, omitempty)]
    #[kapi(optional)]
    pub runtime_class_name: Option<String>,
    /// Whether to add environment variables about services, as docker links did; true by default.
    #[kapi(proto = 30, omitempty)]
    #[kapi(optional)]
    pub enable_service_links: Option<bool>,
    /// Whether the pod may preempt lower-priority pods; `PreemptLowerPriority` by default.
    #[kapi(proto = 31, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
    /// Resources used by the pod's sandbox on top of its containers, set from the runtime class.
    #[kapi(proto = 32, omitempty)]
    #[kapi(optional)]
    pub overhead: BTreeMap<ResourceName, Quantity>,
    /// How the pod should be spread among topology domains.
    #[kapi(proto = 33, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "topologyKey",
        list_map_key = "whenUnsatisfiable",
        patch_strategy = "merge",
        patch_merge_key = "topologyKey"
    )]
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    /// Make the pod's hostname its fully qualified domain name; false by default.
    #[kapi(proto = 35, json = "setHostnameAsFQDN", omitempty)]
    #[kapi(optional)]
    pub set_hostname_as_fqdn: Option<bool>,
    /// Operating system the pod needs; enables OS-specific validation.
    #[kapi(proto = 36, omitempty)]
    #[kapi(optional)]
    pub os: Option<PodOS>,
    /// Whether to use the node's user namespace; true by default, false gives the pod its own.
    #[kapi(proto = 37, omitempty)]
    #[kapi(optional)]
    pub host_users: Option<bool>,
    /// Gates that keep the pod from being scheduled until all are removed.
    #[kapi(proto = 38, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub scheduling_gates: Vec<PodSchedulingGate>,
    /// Dynamic resource claims the pod uses, by name.
    #[kapi(proto = 39, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodResourceClaim>,
    /// Pod-wide requests and limits, shared by all containers.
    ///
    /// +featureGate=PodLevelResources
    #[kapi(proto = 40, omitempty)]
    #[kapi(optional)]
    pub resources: Option<Box<ResourceRequirements>>,
    /// Hostname the pod sees, overriding `hostname` and `subdomain`; DNS is unaffected; at most 64 characters.
    ///
    /// +featureGate=HostnameOverride
    #[kapi(proto = 41, omitempty)]
    #[kapi(optional)]
    pub hostname_override: Option<String>,
    /// Group object the pod belongs to for group scheduling; immutable.
    ///
    /// +featureGate=GenericWorkload
    #[kapi(proto = 43, omitempty)]
    #[kapi(optional)]
    pub scheduling_group: Option<PodSchedulingGroup>,
    /// Responders that handle eviction requests for the pod in priority order; at most 10; immutable.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=10
    /// +k8s:alpha(since: "1.37")=+k8s:dependentForbidden("schedulingGroup")
    #[kapi(proto = 44, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub eviction_responders: Vec<EvictionResponder>,
}

/// Names a resource claim that a pod uses, either directly or through a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodResourceClaim {
    /// Name of the entry, used by containers to refer to it; a DNS label.
    #[kapi(proto = 1)]
    pub name: String,
    /// Existing claim in the pod's namespace.
    #[kapi(proto = 3, omitempty)]
    pub resource_claim_name: Option<String>,
    /// Template in the pod's namespace from which a claim is made for this pod.
    #[kapi(proto = 4, omitempty)]
    pub resource_claim_template_name: Option<String>,
}

/// The resource claim generated for a pod claim entry.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodResourceClaimStatus {
    /// The entry in the pod's `resource_claims` this belongs to.
    #[kapi(proto = 1)]
    pub name: String,
    /// Name of the generated claim; unset when no claim was needed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
}

/// The resource claim generated for extended resources of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodExtendedResourceClaimStatus {
    /// Which request of the claim serves each container's extended resource.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub request_mappings: Option<Vec<ContainerExtendedResourceRequest>>,
    /// Name of the generated claim, in the pod's namespace.
    #[kapi(proto = 2)]
    pub resource_claim_name: String,
}

/// Links a container's extended resource to a request of a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerExtendedResourceRequest {
    /// Container asking for the resource.
    #[kapi(proto = 1)]
    pub container_name: String,
    /// Extended resource that dynamic resource allocation provides.
    #[kapi(proto = 2)]
    pub resource_name: String,
    /// Request in the generated claim matching the resource.
    #[kapi(proto = 3)]
    pub request_name: String,
}

/// The name of an operating system.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct OSName(pub String);

impl OSName {
    /// Linux.
    pub const LINUX: &'static str = "linux";
    /// Windows.
    pub const WINDOWS: &'static str = "windows";
}

/// The operating system a pod runs on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodOS {
    /// `linux` or `windows`.
    #[kapi(proto = 1)]
    pub name: OSName,
}

/// A gate that holds back scheduling of a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSchedulingGate {
    /// Name of the gate; unique among the pod's gates.
    #[kapi(proto = 1)]
    pub name: String,
}

/// The scheduling group a pod belongs to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PodSchedulingGroup {
    /// Name of the pod group object; a DNS subdomain.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_group_name: Option<String>,
}

/// What to do with a pod that can not satisfy a spread constraint.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UnsatisfiableConstraintAction(pub String);

impl UnsatisfiableConstraintAction {
    /// Leave it unscheduled.
    pub const DO_NOT_SCHEDULE: &'static str = "DoNotSchedule";
    /// Schedule it anyway, favouring nodes that reduce the skew.
    pub const SCHEDULE_ANYWAY: &'static str = "ScheduleAnyway";
}

/// Whether a node attribute is taken into account when computing spread.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeInclusionPolicy(pub String);

impl NodeInclusionPolicy {
    /// Ignore it: count every node.
    pub const IGNORE: &'static str = "Ignore";
    /// Honour it: count only matching nodes.
    pub const HONOR: &'static str = "Honor";
}

/// How evenly matching pods must be spread among topology domains.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologySpreadConstraint {
    /// Most the pod count may differ between any domain and the emptiest one; at least 1.
    #[kapi(proto = 1)]
    pub max_skew: i32,
    /// Node label whose values define the domains.
    #[kapi(proto = 2)]
    pub topology_key: String,
    /// `DoNotSchedule` (the default) or `ScheduleAnyway`.
    #[kapi(proto = 3)]
    pub when_unsatisfiable: UnsatisfiableConstraintAction,
    /// Which pods are counted.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    /// Fewest eligible domains; below it the global minimum is taken as 0; needs `DoNotSchedule`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub min_domains: Option<i32>,
    /// Whether the pod's node affinity limits the nodes counted; `Honor` by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub node_affinity_policy: Option<NodeInclusionPolicy>,
    /// Whether node taints limit the nodes counted; `Ignore` by default.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_taints_policy: Option<NodeInclusionPolicy>,
    /// Labels of the incoming pod whose values are added to the selector.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_keys: Vec<String>,
}

/// An extra entry for the pod's `/etc/hosts`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostAlias {
    /// IP address of the entry.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
    /// Host names for that address.
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "atomic")]
    pub hostnames: Vec<String>,
}

/// When volume ownership is changed to the pod's fsGroup.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFSGroupChangePolicy(pub String);

impl PodFSGroupChangePolicy {
    /// Only when the volume root does not already match.
    pub const ON_ROOT_MISMATCH: &'static str = "OnRootMismatch";
    /// On every mount.
    pub const ALWAYS: &'static str = "Always";
}

/// How the supplemental groups of a container's first process are worked out.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SupplementalGroupsPolicy(pub String);

impl SupplementalGroupsPolicy {
    /// Groups from the image's user are added to those given.
    pub const MERGE: &'static str = "Merge";
    /// Only the groups given are used.
    pub const STRICT: &'static str = "Strict";
}

/// How volumes get the pod's SELinux label.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSELinuxChangePolicy(pub String);

impl PodSELinuxChangePolicy {
    /// Relabel every file on the volume.
    pub const RECURSIVE: &'static str = "Recursive";
    /// Mount with the label as a mount option where the volume allows it.
    pub const MOUNT_OPTION: &'static str = "MountOption";
}

/// Security settings for a whole pod; container settings override some of them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSecurityContext {
    /// SELinux context for every container; random when unset.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings for every container.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// UID to run container processes as; the image's when unset.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub run_as_user: Option<i64>,
    /// GID to run container processes as; the runtime's default when unset.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub run_as_group: Option<i64>,
    /// Block any container from starting when it would run as UID 0.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub run_as_non_root: Option<bool>,
    /// Extra GIDs for each container's first process, on top of its primary group.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub supplemental_groups: Vec<i64>,
    /// `Merge` (the default) or `Strict`.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub supplemental_groups_policy: Option<SupplementalGroupsPolicy>,
    /// GID that owns supported volumes, also added to every container's groups.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_group: Option<i64>,
    /// Namespaced sysctls to set for the pod.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub sysctls: Vec<Sysctl>,
    /// `OnRootMismatch` or `Always` (the default).
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub fs_group_change_policy: Option<PodFSGroupChangePolicy>,
    /// Seccomp profile for every container.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub seccomp_profile: Option<SeccompProfile>,
    /// AppArmor profile for every container.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub app_armor_profile: Option<AppArmorProfile>,
    /// `Recursive` or `MountOption`; how volumes get the pod's SELinux label.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub se_linux_change_policy: Option<PodSELinuxChangePolicy>,
}

/// The seccomp profile applied to a pod or container.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct SeccompProfile {
    /// `Unconfined`, `RuntimeDefault` or `Localhost`.
    #[kapi(proto = 1)]
    #[kapi(union_discriminator)]
    pub r#type: SeccompProfileType,
    /// Path of a profile file under the kubelet's seccomp directory; only for `Localhost`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub localhost_profile: Option<String>,
}

/// Where a seccomp profile comes from.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
#[kapi(union)]
pub struct AppArmorProfile {
    /// `Unconfined`, `RuntimeDefault` or `Localhost`.
    #[kapi(proto = 1)]
    #[kapi(union_discriminator)]
    pub r#type: AppArmorProfileType,
    /// Name of a profile already present on the node; only for `Localhost`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub localhost_profile: Option<String>,
}

/// Where an AppArmor profile comes from.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct PodDNSConfig {
    /// DNS server IPs, added to those from the policy.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub nameservers: Vec<String>,
    /// Search domains, added to those from the policy.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub searches: Vec<String>,
    /// Resolver options; these override same-named options from the policy.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub options: Vec<PodDNSConfigOption>,
}

/// One resolver option.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDNSConfigOption {
    /// Option name; required.
    #[kapi(proto = 1, omitempty)]
    pub name: String,
    /// Option value, if it takes one.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: Option<String>,
}

/// One IP address given to a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodIP {
    /// The address.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
}

/// One IP address of the node a pod runs on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostIP {
    /// The address.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
}

/// The container fields that ephemeral containers may use, with the same meanings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralContainerCommon {
    /// DNS label naming the container; unique among all the pod's containers.
    #[kapi(proto = 1)]
    pub name: String,
    /// Image to run; may be left empty when a workload controller fills it in.
    #[kapi(proto = 2, omitempty)]
    pub image: String,
    /// Entry point, run without a shell; the image's entry point when empty; `$(VAR_NAME)` expands variables.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
    /// Arguments to the entry point; the image's command when empty; `$(VAR_NAME)` expands variables.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub args: Vec<String>,
    /// Working directory; the runtime's default when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub working_dir: String,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 6, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "containerPort",
        list_map_key = "protocol",
        patch_strategy = "merge",
        patch_merge_key = "containerPort"
    )]
    pub ports: Vec<ContainerPort>,
    /// Secrets and config maps whose keys become variables; `env` wins on conflict, later sources win over earlier.
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables to set.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub env: Vec<EnvVar>,
    /// Not allowed; ephemeral containers use resources the pod already has.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resources: ResourceRequirements,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub restart_policy: Option<ContainerRestartPolicy>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Pod volumes to mount; subpaths are not allowed.
    #[kapi(proto = 9, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices to expose to the container.
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "devicePath",
        patch_strategy = "merge",
        patch_merge_key = "devicePath"
    )]
    pub volume_devices: Vec<VolumeDevice>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub liveness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub readiness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub startup_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub lifecycle: Option<Box<Lifecycle>>,
    /// File whose contents become the termination message; `/dev/termination-log` by default, at most 4096 bytes.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub termination_message_policy: TerminationMessagePolicy,
    /// `Always`, `Never` or `IfNotPresent`; `Always` when the tag is `latest` or missing, else `IfNotPresent`.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub image_pull_policy: PullPolicy,
    /// Security settings that override the pod's.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<Box<SecurityContext>>,
    /// Keep a stdin buffer open in the runtime; otherwise reads get EOF.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    /// Close stdin after the first attach session ends.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub stdin_once: bool,
    /// Allocate a terminal; needs `stdin` too.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
}

/// A temporary container added to a running pod, for example to debug it; never restarted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralContainer {
    /// The container fields.
    #[kapi(proto = 1, inline)]
    pub ephemeral_container_common: EphemeralContainerCommon,
    /// Container whose namespaces (such as IPC and PID) to join; the runtime must support it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_container_name: String,
}

/// A party that reacts to eviction requests for a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EvictionResponder {
    /// Domain-prefixed key identifying the responder, unique in the pod; `*.k8s.io` and `*.kubernetes.io` are reserved.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-prefixed-label-key
    /// +k8s:customValidation
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Higher goes first; 0 to 100000, with 0 to 999 kept for `*.k8s.io`; a pod's managing controller uses 10000.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:maximum=100000
    /// +k8s:customValidation
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub priority: Option<i32>,
}

/// The observed state of a pod; may lag behind reality.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodStatus {
    /// The pod's `metadata.generation` this status was computed from.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Coarse summary of the pod's lifecycle.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PodPhase,
    /// Current observations about the pod.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PodCondition>,
    /// Human-readable details of why the pod is in its state.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Short CamelCase reason for the pod's state, such as `Evicted`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Node the pod is expected to go to once preemption there finishes.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub nominated_node_name: String,
    /// Main IP of the node the pod is on; empty until the pod starts.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub host_ip: String,
    /// IPs of the node the pod is on, at most one per family, the first equal to `host_ip`.
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional, list_type = "atomic", patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_ips: Vec<HostIP>,
    /// Main IP of the pod; empty until allocated.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_ip: String,
    /// IPs of the pod, at most one per family, the first equal to `pod_ip`.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "ip", patch_strategy = "merge", patch_merge_key = "ip")]
    pub pod_ips: Vec<PodIP>,
    /// When the kubelet accepted the pod, before images were pulled.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    /// Status of each init container, in spec order.
    #[kapi(proto = 10, omitempty)]
    #[kapi(list_type = "atomic")]
    pub init_container_statuses: Vec<ContainerStatus>,
    /// Status of each regular container.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub container_statuses: Vec<ContainerStatus>,
    /// Quality of service class derived from the resources.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub qos_class: PodQOSClass,
    /// Status of each ephemeral container.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ephemeral_container_statuses: Vec<ContainerStatus>,
    /// Deprecated: progress of an in-place resize; the resize pod conditions replace it.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub resize: PodResizeStatus,
    /// Names of the resource claims generated for the pod.
    #[kapi(proto = 15, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claim_statuses: Vec<PodResourceClaimStatus>,
    /// The claim generated for the pod's extended resources; beta, on by default in 1.36.
    ///
    /// +featureGate=DRAExtendedResource
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub extended_resource_claim_status: Option<PodExtendedResourceClaimStatus>,
    /// Pod-wide resources the node has set aside.
    ///
    /// +featureGate=InPlacePodLevelResourcesVerticalScaling
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    /// Pod-wide requests and limits actually applied.
    ///
    /// +featureGate=InPlacePodLevelResourcesVerticalScaling
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub resources: Option<ResourceRequirements>,
    /// Node-allocatable resources given to the pod through resource claims; alpha, off by default
    /// in 1.36.
    ///
    /// +featureGate=DRANodeAllocatableResources
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=resourceClaimName
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "resourceClaimName",
        patch_strategy = "merge",
        patch_merge_key = "resourceClaimName"
    )]
    pub node_allocatable_resource_claim_statuses: Vec<NodeAllocatableResourceClaimStatus>,
    /// Problems the CSI node plugins report for the pod's volumes.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub volume_health: Vec<PodVolumeHealth>,
}

/// A group of containers that run together on one node.
///
/// +genclient
/// +shortNames=po
/// +categories=all
/// +genclient:method=UpdateEphemeralContainers,verb=update,subresource=ephemeralcontainers
/// +genclient:method=UpdateResize,verb=update,subresource=resize
/// +genclient:method=Bind,verb=create,subresource=binding,input=Binding,result=crate::meta::v1::Status
/// +genclient:method=Evict,verb=create,subresource=eviction,input=crate::policy::v1::Eviction,result=crate::meta::v1::Status
/// +genclient:method=EvictV1beta1,verb=create,subresource=eviction,input=crate::policy::v1beta1::Eviction,result=crate::meta::v1::Status
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Pod {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What the pod should run.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodSpec,
    /// What the pod is currently doing; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodStatus,
}

/// A list of pods.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The pods.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Pod>>,
}

/// The pods that a template creates: metadata and spec.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodTemplateSpec {
    /// Metadata given to each pod.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Spec given to each pod.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodSpec,
}

/// A stored template for creating pods.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodTemplate {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pods to create.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub template: PodTemplateSpec,
}

/// A list of pod templates.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodTemplateList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The pod templates.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodTemplate>>,
}

/// How many pods a replication controller keeps and what they look like.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerSpec {
    /// Wanted number of pods; 1 by default.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[kapi(proto = 1, omitempty, default = "1")]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    /// Seconds a new pod must stay ready, with no container crashing, to count as available; 0 by default.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[kapi(proto = 4, omitempty, default = "0")]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    /// Labels that pick out the pods counted; defaults to the template's labels.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    /// Pods created when there are too few.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub template: Option<PodTemplateSpec>,
}

/// The observed state of a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerStatus {
    /// Number of pods found.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Pods whose labels match the template's.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fully_labeled_replicas: i32,
    /// Pods that are ready.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    /// Pods ready for at least `min_ready_seconds`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    /// Latest generation the controller has seen.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// Current observations about the controller.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ReplicationControllerCondition>,
}

/// The kind of a condition reported on a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerConditionType(pub String);

impl ReplicationControllerConditionType {
    /// Pods could not be created or deleted, for example for lack of quota.
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

/// One observation about a replication controller.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerCondition {
    /// Kind of condition.
    #[kapi(proto = 1)]
    pub r#type: ReplicationControllerConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the status last flipped.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// Short reason for the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Keeps a given number of copies of a pod running.
///
/// +genclient
/// +shortNames=rc
/// +categories=all
/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ReplicationController {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; its labels default to the template's.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// How many pods and what they look like.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ReplicationControllerSpec,
    /// What the controller last saw; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicationControllerStatus,
}

/// A list of replication controllers.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ReplicationControllerList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The replication controllers.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ReplicationController>>,
}

/// Whether a service sends a client's requests to the same endpoint.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAffinity(pub String);

impl ServiceAffinity {
    /// Keep sending a client IP to the same endpoint.
    pub const CLIENT_IP: &'static str = "ClientIP";
    /// No stickiness.
    pub const NONE: &'static str = "None";
}

/// Settings for session affinity of a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SessionAffinityConfig {
    /// Settings for affinity by client IP.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub client_ip: Option<ClientIPConfig>,
}

/// Settings for session affinity by client IP.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClientIPConfig {
    /// How long a sticky session lasts, in seconds; 1 to 86400, 10800 (three hours) by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: Option<i32>,
}

/// How a service is exposed.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ServiceStatus {
    /// The load balancer, if any.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: LoadBalancerStatus,
    /// Current observations about the service.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// The state of a service's load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerStatus {
    /// Entry points of the load balancer.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<LoadBalancerIngress>,
}

/// One entry point of a load balancer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerIngress {
    /// IP address, for IP-based balancers.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    /// Host name, for DNS-based balancers.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    /// `VIP` or `Proxy`: how traffic to the IP reaches nodes; only with `ip`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub ip_mode: Option<LoadBalancerIPMode>,
    /// State of each service port on this entry point.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<PortStatus>,
}

/// An IP address family.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ServiceSpec {
    /// Ports the service exposes.
    #[kapi(proto = 1, omitempty)]
    #[kapi(
        list_type = "map",
        list_map_key = "port",
        list_map_key = "protocol",
        patch_strategy = "merge",
        patch_merge_key = "port"
    )]
    pub ports: Vec<ServicePort>,
    /// Labels of the pods that back the service; empty means endpoints are managed outside; ignored for `ExternalName`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    /// Virtual IP of the service; usually picked at random; `None` makes it headless; immutable.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub cluster_ip: String,
    /// Virtual IPs, one per family, the first equal to `cluster_ip`; at most two.
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cluster_ips: Vec<String>,
    /// `ClusterIP` (the default), `NodePort`, `LoadBalancer` or `ExternalName`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub r#type: ServiceType,
    /// Extra IPs at which nodes accept traffic for the service; not managed by Kubernetes.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub external_ips: Vec<String>,
    /// `ClientIP` or `None` (the default).
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub session_affinity: ServiceAffinity,
    /// Deprecated: requested load balancer IP, if the provider supports it.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub load_balancer_ip: String,
    /// Client CIDRs the provider's load balancer lets through; ignored if unsupported.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub load_balancer_source_ranges: Vec<String>,
    /// DNS name that a service of type `ExternalName` aliases; a lowercase RFC 1123 hostname.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub external_name: String,
    /// How traffic from outside is routed: `Cluster` (the default) or `Local`.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub external_traffic_policy: ServiceExternalTrafficPolicy,
    /// Node port for health checks with the `Local` external policy; allocated when unset.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub health_check_node_port: i32,
    /// Publish endpoints whether or not their pods are ready.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub publish_not_ready_addresses: bool,
    /// Settings of session affinity.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    /// Families of the service's IPs, at most two; chosen from the policy when unset.
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ip_families: Vec<IPFamily>,
    /// `SingleStack`, `PreferDualStack` or `RequireDualStack`; single stack when unset.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub ip_family_policy: Option<IPFamilyPolicy>,
    /// Whether a load balancer service gets node ports; true by default.
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub allocate_load_balancer_node_ports: Option<bool>,
    /// Which load balancer implementation handles the service; the default one when unset; immutable.
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub load_balancer_class: Option<String>,
    /// How traffic to the cluster IP is routed: `Cluster` (the default) or `Local`.
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub internal_traffic_policy: Option<ServiceInternalTrafficPolicy>,
    /// Hint on where to send traffic, such as `PreferSameZone` or `PreferSameNode`.
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional)]
    pub traffic_distribution: Option<String>,
}

/// One port that a service exposes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServicePort {
    /// Port name, a DNS label; must be unique when there is more than one port.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[kapi(proto = 2, omitempty, default = "\"TCP\"")]
    #[kapi(optional)]
    pub protocol: Protocol,
    /// Application protocol, such as an IANA service name or a domain-prefixed name.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
    /// Port the service listens on.
    #[kapi(proto = 3)]
    pub port: i32,
    /// Port number or name on the pods to send to; the same as `port` when unset.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_port: IntOrString,
    /// Port on every node for `NodePort` and `LoadBalancer` services; allocated when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_port: i32,
}

/// A stable name and address for a set of pods, with optional load balancing.
///
/// +genclient
/// +shortNames=svc
/// +categories=all
/// +ownNameRule
/// +genclient:skipVerbs=deleteCollection
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Service {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// How the service is exposed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ServiceSpec,
    /// The service's current state; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ServiceStatus,
}

/// A list of services.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The services.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Service>>,
}

/// An identity that pods run as, with credentials for the API.
///
/// +genclient
/// +shortNames=sa
/// +genclient:method=CreateToken,verb=create,subresource=token,input=crate::authentication::v1::TokenRequest,result=crate::authentication::v1::TokenRequest
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceAccount {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Deprecated: secrets the pods may use; token secrets are no longer added automatically.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub secrets: Vec<ObjectReference>,
    /// Secrets that pods running as this account use to pull images, unless the pod lists its own.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Whether pods running as this account get an API token mounted; the pod's setting wins.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub automount_service_account_token: Option<bool>,
}

/// A list of service accounts.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceAccountList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The service accounts.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ServiceAccount>>,
}

/// Deprecated (use EndpointSlices): the addresses that implement a service.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +k8s:prerelease-lifecycle-gen:deprecated=1.33
/// +k8s:prerelease-lifecycle-gen:replacement=discovery.k8s.io,v1,EndpointSlice
/// +shortNames=ep
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Endpoints {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Groups of addresses sharing the same ports.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subsets: Vec<EndpointSubset>,
}

/// Addresses that all serve the same ports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointSubset {
    /// Addresses that are ready for traffic.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub addresses: Vec<EndpointAddress>,
    /// Addresses that are not ready yet or failed a check.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub not_ready_addresses: Vec<EndpointAddress>,
    /// Ports available on every address.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<EndpointPort>,
}

/// A single endpoint of a service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EndpointAddress {
    /// IP of the endpoint; loopback, link-local and link-local multicast addresses are refused.
    #[kapi(proto = 1)]
    pub ip: String,
    /// Host name of the endpoint.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    /// Node hosting the endpoint.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    /// Object behind the endpoint, usually a pod.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_ref: Option<ObjectReference>,
}

/// A port of an endpoint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EndpointPort {
    /// Port name, matching the service port's; optional when there is only one port.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// Port number.
    #[kapi(proto = 2)]
    pub port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub protocol: Protocol,
    /// Application protocol, such as an IANA service name or a domain-prefixed name.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
}

/// A list of endpoints objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +k8s:prerelease-lifecycle-gen:deprecated=1.33
/// +k8s:prerelease-lifecycle-gen:replacement=discovery.k8s.io,v1,EndpointSliceList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct EndpointsList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The endpoints objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Endpoints>>,
}

/// What a node is configured with when created.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSpec {
    /// IP range of pod IPs for the node.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_cidr: String,
    /// IP ranges of pod IPs for the node, at most one per family, the first equal to `pod_cidr`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "set", patch_strategy = "merge")]
    pub pod_cidrs: Vec<String>,
    /// Cloud provider's ID of the node, as `<provider>://<id>`.
    ///
    /// +k8s:alpha(since: "1.36")=+k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:update=NoModify
    /// +k8s:alpha(since: "1.36")=+k8s:update=NoUnset
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub provider_id: String,
    /// Keep new pods from being scheduled on the node; false by default.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub unschedulable: bool,
    /// Taints of the node.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub taints: Vec<Taint>,
    /// Deprecated and unused: the old dynamic kubelet configuration source.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub config_source: Option<NodeConfigSource>,
    /// Deprecated; not every kubelet sets it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub external_id: String,
    /// Settings for preempting pods on this node; alpha.
    ///
    /// +k8s:optional
    /// +k8s:ifDisabled(InPlacePodVerticalScalingSchedulerPreemption)=+k8s:forbidden
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub pod_preemption_policy: Option<NodePodPreemptionPolicy>,
}

/// Settings for preempting pods on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodePodPreemptionPolicy {
    /// Parties that asked to turn off preemption for in-place resizes; any entry turns it off.
    ///
    /// +k8s:listType=set
    /// +k8s:maxItems=20
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:format=k8s-label-key
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub disable_resize_preemption: Vec<String>,
}

/// Deprecated: where a node used to load its kubelet configuration from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeConfigSource {
    /// A config map holding the configuration.
    #[kapi(proto = 2, omitempty)]
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

/// Deprecated: a config map holding a node's kubelet configuration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapNodeConfigSource {
    /// Namespace of the config map.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// Name of the config map.
    #[kapi(proto = 2)]
    pub name: String,
    /// UID of the config map; forbidden in the spec, required in the status.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// Resource version of the config map; forbidden in the spec, required in the status.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    /// Key of the config map holding the configuration.
    #[kapi(proto = 5)]
    pub kubelet_config_key: String,
}

/// A port where a node daemon listens.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonEndpoint {
    /// Port number.
    #[kapi(proto = 1, json = "Port")]
    pub port: i32,
}

/// Ports where the daemons of a node listen.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeDaemonEndpoints {
    /// Where the kubelet listens.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub kubelet_endpoint: DaemonEndpoint,
}

/// What a runtime handler supports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeRuntimeHandlerFeatures {
    /// Whether recursively read-only mounts work.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only_mounts: Option<bool>,
    /// Whether user namespaces work, volumes included.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user_namespaces: Option<bool>,
}

/// A runtime handler available on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeRuntimeHandler {
    /// Name of the handler; empty for the default one.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub name: String,
    /// What the handler supports.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

/// What a node's runtime supports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeFeatures {
    /// Whether the runtime supports the supplemental groups policy and container user reporting.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub supplemental_groups_policy: Option<bool>,
}

/// Identifiers and versions that a node reports.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSystemInfo {
    /// Machine ID, unique per host.
    #[kapi(proto = 1)]
    pub machine_id: String,
    /// System UUID from the hardware, on some platforms.
    #[kapi(proto = 2)]
    pub system_uuid: String,
    /// ID that changes at each boot.
    #[kapi(proto = 3)]
    pub boot_id: String,
    /// Kernel version as `uname -r` gives it.
    #[kapi(proto = 4)]
    pub kernel_version: String,
    /// Operating system name from `/etc/os-release`.
    #[kapi(proto = 5)]
    pub os_image: String,
    /// Runtime name and version, such as `containerd://1.4.2`.
    #[kapi(proto = 6)]
    pub container_runtime_version: String,
    /// Version of the kubelet.
    #[kapi(proto = 7)]
    pub kubelet_version: String,
    /// Deprecated: version of kube-proxy.
    #[kapi(proto = 8)]
    pub kube_proxy_version: String,
    /// Operating system, such as `linux`.
    #[kapi(proto = 9)]
    pub operating_system: String,
    /// CPU architecture, such as `amd64`.
    #[kapi(proto = 10)]
    pub architecture: String,
    /// Swap memory on the node.
    #[kapi(proto = 11, omitempty)]
    pub swap: Option<NodeSwapStatus>,
}

/// Swap memory on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSwapStatus {
    /// Total swap, in bytes.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<i64>,
}

/// Deprecated: the state of dynamic kubelet configuration on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeConfigStatus {
    /// Configuration the node was told to use.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub assigned: Option<NodeConfigSource>,
    /// Configuration the node is running with.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub active: Option<NodeConfigSource>,
    /// Configuration the node falls back to on errors.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_known_good: Option<NodeConfigSource>,
    /// Problem with applying the configuration, if any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

/// The observed state of a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeStatus {
    /// Total resources of the node.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    /// Resources available to pods; equals capacity by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub allocatable: BTreeMap<ResourceName, Quantity>,
    /// Deprecated and unset: lifecycle phase of the node.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub phase: NodePhase,
    /// Current observations about the node, such as `Ready`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<NodeCondition>,
    /// Addresses of the node.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub addresses: Vec<NodeAddress>,
    /// Ports of the node's daemons.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    /// Identifiers and versions of the node.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_info: NodeSystemInfo,
    /// Images present on the node.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub images: Vec<ContainerImage>,
    /// Attachable volumes currently mounted.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volumes_in_use: Vec<UniqueVolumeName>,
    /// Volumes attached to the node.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volumes_attached: Vec<AttachedVolume>,
    /// Deprecated: state of dynamic kubelet configuration.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub config: Option<NodeConfigStatus>,
    /// Runtime handlers available.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    /// Features the runtime supports.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub features: Option<NodeFeatures>,
    /// Features tied to feature gates that the node declares.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub declared_features: Vec<String>,
}

/// A name that identifies an attached volume uniquely.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UniqueVolumeName(pub String);

/// A volume the node has attached.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AttachedVolume {
    /// Unique name of the volume.
    #[kapi(proto = 1)]
    pub name: UniqueVolumeName,
    /// Where the device should appear on the node.
    #[kapi(proto = 2)]
    pub device_path: String,
}

/// Pods the scheduler should avoid putting on a node, kept in an annotation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AvoidPods {
    /// The pods to avoid.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub prefer_avoid_pods: Vec<PreferAvoidPodsEntry>,
}

/// A class of pods the scheduler should avoid putting on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreferAvoidPodsEntry {
    /// Which pods.
    #[kapi(proto = 1)]
    pub pod_signature: PodSignature,
    /// When the entry was added.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub eviction_time: Time,
    /// Short reason for the entry.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the entry.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Describes a class of pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSignature {
    /// The controller that owns the pods.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_controller: Option<OwnerReference>,
}

/// An image present on a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerImage {
    /// Names the image is known by, such as `registry.k8s.io/hyperkube:v1.0.7`.
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub names: Option<Vec<String>>,
    /// Image size, in bytes.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub size_bytes: i64,
}

/// Deprecated: the lifecycle phase of a node.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct NodeCondition {
    /// Kind of condition.
    #[kapi(proto = 1)]
    pub r#type: NodeConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the condition was last refreshed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_heartbeat_time: Time,
    /// When the status last flipped.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// Short CamelCase reason for the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// The kind of a node address.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct NodeAddress {
    /// Kind of address, such as `InternalIP`.
    #[kapi(proto = 1)]
    pub r#type: NodeAddressType,
    /// The address.
    #[kapi(proto = 2)]
    pub address: String,
}

/// The name of a resource, such as `cpu`, `memory` or an extended resource name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
/// +genclient
/// +shortNames=no
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Node {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// How the node is configured.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NodeSpec,
    /// What the node last reported; may lag behind.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: NodeStatus,
}

/// A list of nodes.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct NodeList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The nodes.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Node>>,
}

/// A finalizer that must run before a namespace is deleted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FinalizerName(pub String);

impl FinalizerName {
    /// The built-in finalizer that deletes the namespace's contents.
    pub const KUBERNETES: &'static str = "kubernetes";
}

/// What a namespace is configured with.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceSpec {
    /// Finalizers that must finish before the namespace is removed.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub finalizers: Vec<FinalizerName>,
}

/// The observed state of a namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceStatus {
    /// `Active` or `Terminating`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: NamespacePhase,
    /// Current observations about the namespace.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<NamespaceCondition>,
}

/// Where a namespace is in its lifecycle.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespacePhase(pub String);

impl NamespacePhase {
    /// In use.
    pub const ACTIVE: &'static str = "Active";
    /// Being deleted; nothing new may be created in it.
    pub const TERMINATING: &'static str = "Terminating";
}

/// The kind of a condition reported on a namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct NamespaceCondition {
    /// Kind of condition.
    #[kapi(proto = 1)]
    pub r#type: NamespaceConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the status last flipped.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// Short reason for the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// A scope for names, which divides a cluster among users and teams.
///
/// +genclient
/// +shortNames=ns
/// +genclient:nonNamespaced
/// +genclient:skipVerbs=deleteCollection
/// +genclient:method=Finalize,verb=update,subresource=finalize
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Namespace {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Finalizers of the namespace.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NamespaceSpec,
    /// Phase and conditions of the namespace.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: NamespaceStatus,
}

/// A list of namespaces.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct NamespaceList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The namespaces.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Namespace>>,
}

/// Ties one object to another, such as a pod to a node; deprecated in favour of the `binding` subresource.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Binding {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Object to bind to.
    #[kapi(proto = 2)]
    pub target: ObjectReference,
}

/// Conditions an operation requires to go ahead.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Preconditions {
    /// The target object's UID must equal this.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub uid: Option<String>,
}

/// Query options for reading a container's logs.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodLogOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Container to read; optional when the pod has just one.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container: String,
    /// Keep streaming as new lines arrive.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub follow: bool,
    /// Read the logs of the previous, terminated run.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub previous: bool,
    /// Only lines newer than this many seconds; excludes `since_time`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub since_seconds: Option<i64>,
    /// Only lines after this time; excludes `since_seconds`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub since_time: Option<Time>,
    /// Prefix every line with an RFC 3339 timestamp.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub timestamps: bool,
    /// Only this many lines from the end.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub tail_lines: Option<i64>,
    /// Stop after this many bytes, possibly mid-line.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub limit_bytes: Option<i64>,
    /// Skip verifying the kubelet's serving certificate; the logs could then be forged.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub insecure_skip_tls_verify_backend: bool,
    /// `All` (the default), `Stdout` or `Stderr`; only `All` with `tail_lines`.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub stream: Option<String>,
}

/// Query options for attaching to a running container.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.1
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodAttachOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Send standard input.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    /// Receive standard output.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub stdout: bool,
    /// Receive standard error.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stderr: bool,
    /// Use a terminal; needs stdin.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
    /// Container to attach to; optional when the pod has just one.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub container: String,
}

/// Query options for running a command in a container.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodExecOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Send standard input.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    /// Receive standard output.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub stdout: bool,
    /// Receive standard error.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stderr: bool,
    /// Use a terminal.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
    /// Container to run in; optional when the pod has just one.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub container: String,
    /// Command and arguments to run.
    #[kapi(proto = 6)]
    #[kapi(list_type = "atomic")]
    pub command: Option<Vec<String>>,
}

/// Query options for forwarding ports of a pod.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodPortForwardOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Pod ports to forward.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<i32>,
}

/// Query options for proxying to a pod.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodProxyOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Path to request on the pod.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

/// Query options for proxying to a node.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct NodeProxyOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Path to request on the node.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

/// Query options for proxying to a service.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct ServiceProxyOptions {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Path to request on the service.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

/// Points to any object, possibly a field within it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ObjectReference {
    /// Kind of the object.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub kind: String,
    /// Namespace of the object.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// Name of the object.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// UID of the object.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// API version of the object.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    /// Resource version the reference was taken at.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    /// Part of the object meant, such as `spec.containers{name}`; empty means the whole object.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub field_path: String,
}

/// Names an object in the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct LocalObjectReference {
    /// Name of the object; empty is allowed but almost never what you want.
    #[kapi(proto = 1, omitempty, default = "\"\"")]
    #[kapi(optional)]
    pub name: String,
}

/// Points to an object in the same namespace by group, kind and name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct TypedLocalObjectReference {
    /// Group of the object; empty means the core group.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    /// Kind of the object.
    #[kapi(proto = 2)]
    pub kind: String,
    /// Name of the object.
    #[kapi(proto = 3)]
    pub name: String,
}

/// An object reference wrapped as its own kind.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct SerializedReference {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The reference.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reference: ObjectReference,
}

/// The component that reported an event.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSource {
    /// Component name.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub component: String,
    /// Node name where the event happened.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host: String,
}

/// A report of something that happened in the cluster.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +shortNames=ev
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Event {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Object the event is about.
    #[kapi(proto = 2)]
    pub involved_object: ObjectReference,
    /// Short machine-readable reason, in CamelCase.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable description.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Component that reported the event.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub source: EventSource,
    /// When the event was first seen.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub first_timestamp: Time,
    /// When the event was last seen.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub last_timestamp: Time,
    /// How many times the event happened.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub count: i32,
    /// `Normal` or `Warning`; more may come.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub r#type: String,
    /// When the event first happened, with microsecond precision.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub event_time: MicroTime,
    /// Details about repeats of the event; unset for a single event.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub series: Option<EventSeries>,
    /// What was done or failed on the object.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub action: String,
    /// A second object involved, if any.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub related: Option<ObjectReference>,
    /// Controller that emitted the event, such as `kubernetes.io/kubelet`.
    #[kapi(proto = 14)]
    #[kapi(optional)]
    pub reporting_component: String,
    /// Instance of that controller, such as the kubelet's node.
    #[kapi(proto = 15)]
    #[kapi(optional)]
    pub reporting_instance: String,
}

/// Repeats of an event.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSeries {
    /// Times the event was seen up to the last heartbeat.
    #[kapi(proto = 1, omitempty)]
    pub count: i32,
    /// When the last repeat was seen.
    #[kapi(proto = 2, omitempty)]
    pub last_observed_time: MicroTime,
}

/// A list of events.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct EventList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The events.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Event>>,
}

/// What a limit range item applies to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct LimitRangeItem {
    /// Kind of object the bounds apply to.
    #[kapi(proto = 1)]
    pub r#type: LimitType,
    /// Most of each resource allowed.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max: BTreeMap<ResourceName, Quantity>,
    /// Least of each resource allowed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub min: BTreeMap<ResourceName, Quantity>,
    /// Limit applied when none is given.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub default: BTreeMap<ResourceName, Quantity>,
    /// Request applied when none is given.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_request: BTreeMap<ResourceName, Quantity>,
    /// Highest allowed ratio of limit to request for each resource.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub max_limit_request_ratio: BTreeMap<ResourceName, Quantity>,
}

/// The bounds a limit range enforces.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitRangeSpec {
    /// Bounds, one entry per kind of object.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub limits: Option<Vec<LimitRangeItem>>,
}

/// Resource bounds and defaults for objects of one namespace.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +shortNames=limits
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct LimitRange {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The bounds and defaults.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: LimitRangeSpec,
}

/// A list of limit ranges.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct LimitRangeList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The limit ranges.
    #[kapi(proto = 2)]
    pub items: Option<Vec<LimitRange>>,
}

/// A class of objects that a quota counts.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ResourceQuotaSpec {
    /// Most of each resource allowed in the namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub hard: BTreeMap<ResourceName, Quantity>,
    /// Classes an object must fall in to be counted; every one must match.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub scopes: Vec<ResourceQuotaScope>,
    /// More detailed scope conditions; every one must match.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub scope_selector: Option<ScopeSelector>,
}

/// Conditions on quota scopes, ANDed together.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ScopeSelector {
    /// The conditions.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_expressions: Vec<ScopedResourceSelectorRequirement>,
}

/// One condition on a quota scope.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScopedResourceSelectorRequirement {
    /// Scope the condition applies to.
    #[kapi(proto = 1)]
    pub scope_name: ResourceQuotaScope,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    #[kapi(proto = 2)]
    pub operator: ScopeSelectorOperator,
    /// Values to compare with; none for the existence operators.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

/// How a scope condition compares its values.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct ResourceQuotaStatus {
    /// Limits in force.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub hard: BTreeMap<ResourceName, Quantity>,
    /// What the namespace currently uses.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub used: BTreeMap<ResourceName, Quantity>,
}

/// Limits on the total resources in one namespace.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +shortNames=quota
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ResourceQuota {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The limits wanted.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ResourceQuotaSpec,
    /// The limits in force and current usage.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ResourceQuotaStatus,
}

/// A list of resource quotas.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ResourceQuotaList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The resource quotas.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceQuota>>,
}

/// Sensitive data, such as passwords or keys, kept under a name; values are at most 1 MiB in total.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Secret {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// When true, the data can no longer change, only the whole secret be deleted.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub immutable: Option<bool>,
    /// Keys and their raw values; keys are alphanumerics, `-`, `_` and `.`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub data: BTreeMap<String, Vec<u8>>,
    /// Write-only convenience: string values merged into `data` on write, winning over it.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub string_data: BTreeMap<String, String>,
    /// How the data is meant to be used, such as `Opaque` or `kubernetes.io/tls`.
    ///
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub r#type: SecretType,
}

/// How the data of a secret is meant to be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct SecretList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The secrets.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Secret>>,
}

/// Non-secret configuration data for pods, kept under a name.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +shortNames=cm
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ConfigMap {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// When true, the data can no longer change, only the whole config map be deleted.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub immutable: Option<bool>,
    /// Keys and UTF-8 string values; keys are alphanumerics, `-`, `_` and `.`, and may not repeat in `binary_data`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub data: BTreeMap<String, String>,
    /// Keys and binary values; keys may not repeat in `data`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub binary_data: BTreeMap<String, Vec<u8>>,
}

/// A list of config maps.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ConfigMapList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The config maps.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ConfigMap>>,
}

/// The kind of a condition reported on a component.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ComponentConditionType(pub String);

impl ComponentConditionType {
    /// The component is healthy.
    pub const HEALTHY: &'static str = "Healthy";
}

/// One observation about a control plane component.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ComponentCondition {
    /// Kind of condition; only `Healthy` exists.
    #[kapi(proto = 1)]
    pub r#type: ComponentConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// Details of the condition, such as a health check's output.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Error met while checking; empty on success.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

/// Deprecated: the health of a control plane component.
///
/// +genclient
/// +shortNames=cs
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ComponentStatus {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Current observations about the component.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ComponentCondition>,
}

/// Deprecated: a list of component statuses.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ComponentStatusList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The component statuses.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ComponentStatus>>,
}

/// Writes facts about the pod into a volume as files.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIVolumeSource {
    /// Files to write.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<DownwardAPIVolumeFile>,
    /// Permission bits of the files, between 0000 and 0777 (or 0 and 511 in decimal); 0644 when unset.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    /// Owner UID of the files when an item sets no `user`; alpha.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

/// One file holding a fact about the pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIVolumeFile {
    /// Relative file path; no `..` elements and not starting with `..`.
    #[kapi(proto = 1)]
    pub path: String,
    /// Pod field to write; only name, namespace, UID, labels and annotations.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub field_ref: Option<ObjectFieldSelector>,
    /// Container limit or request to write; only limits and requests of CPU and memory.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// Permission bits of this file, between 0000 and 0777; the volume's default when unset.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
    /// Owner UID of this file; takes precedence over the volume's default; alpha.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

/// Puts facts about the pod into a projected volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIProjection {
    /// Files to write.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<DownwardAPIVolumeFile>,
}

/// Security settings for one container, overriding the pod's where both are set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecurityContext {
    /// Capabilities to add or drop.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capabilities: Option<Capabilities>,
    /// Run privileged, much like root on the host; false by default.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub privileged: Option<bool>,
    /// SELinux context for the container; random when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings for the container.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// UID to run the process as; the image's when unset.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub run_as_user: Option<i64>,
    /// GID to run the process as; the runtime's default when unset.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub run_as_group: Option<i64>,
    /// Block the container from starting when it would run as UID 0.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub run_as_non_root: Option<bool>,
    /// Make the root filesystem read-only; false by default.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only_root_filesystem: Option<bool>,
    /// Whether processes may raise their privileges (no `no_new_privs`); on when privileged or with `CAP_SYS_ADMIN`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub allow_privilege_escalation: Option<bool>,
    /// `Default` or `Unmasked` masking of `/proc`; needs `host_users` false for `Unmasked`.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub proc_mount: Option<ProcMountType>,
    /// Seccomp profile; overrides the pod's.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub seccomp_profile: Option<SeccompProfile>,
    /// AppArmor profile; overrides the pod's.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub app_armor_profile: Option<AppArmorProfile>,
}

/// How much of `/proc` is masked in a container.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProcMountType(pub String);

impl ProcMountType {
    /// The runtime's usual read-only and masked paths.
    pub const DEFAULT: &'static str = "Default";
    /// Nothing is masked.
    pub const UNMASKED: &'static str = "Unmasked";
}

/// An SELinux label.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SELinuxOptions {
    /// SELinux user.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub user: String,
    /// SELinux role.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub role: String,
    /// SELinux type.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub r#type: String,
    /// SELinux level.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub level: String,
}

/// Windows-specific security settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WindowsSecurityContextOptions {
    /// Name of the GMSA credential spec to use.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub gmsa_credential_spec_name: Option<String>,
    /// The full credential spec for `gmsa_credential_spec_name`, inlined by an admission webhook.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gmsa_credential_spec: Option<String>,
    /// User to run the entry point as; the image's when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub run_as_user_name: Option<String>,
    /// Whether this is a host process container; if so, every container of the pod must be, with host networking.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub host_process: Option<bool>,
}

/// The state of an allocator over a range, such as service IPs or node ports; internal.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct RangeAllocation {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Range being allocated, such as a CIDR or port range.
    #[kapi(proto = 2)]
    pub range: String,
    /// Bitmap of what is allocated.
    #[kapi(proto = 3)]
    pub data: Option<Vec<u8>>,
}

/// A kernel parameter to set for a pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Sysctl {
    /// Parameter name.
    #[kapi(proto = 1)]
    pub name: String,
    /// Parameter value.
    #[kapi(proto = 2)]
    pub value: String,
}

/// The state of one service port on a load balancer entry point.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PortStatus {
    /// Port number.
    #[kapi(proto = 1)]
    pub port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    /// Problem with the port, as a CamelCase reason or `domain/CamelCase`; empty when fine.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

/// How traffic for a load balancer IP reaches a node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerIPMode(pub String);

impl LoadBalancerIPMode {
    /// Packets keep the load balancer's IP and port as destination.
    pub const V_IP: &'static str = "VIP";
    /// Packets are sent to the node or pod address directly, as a proxy would.
    pub const PROXY: &'static str = "Proxy";
}

/// An OCI image or artifact mounted read-only as a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageVolumeSource {
    /// Image or artifact reference, as for a container image.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reference: String,
    /// `Always`, `Never` or `IfNotPresent`; `Always` for the `latest` tag, else `IfNotPresent`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pull_policy: PullPolicy,
}

/// Node resources a pod gets through one resource claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableResourceClaimStatus {
    /// Claim of the pod that led to the allocation.
    ///
    /// +k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub resource_claim_name: String,
    /// Containers of the pod that use the claim.
    ///
    /// +k8s:optional
    /// +k8s:listType=set
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub containers: Vec<String>,
    /// Amounts from devices mapped to node resources, used by the kubelet for cgroups.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub mapping: Vec<NodeAllocatableMappedResources>,
    /// Overhead amounts from devices, used by the kubelet for cgroups.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub overhead: Vec<NodeAllocatableOverheadResources>,
}

/// An amount of a node resource allocated for a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableMappedResources {
    /// Resource name, such as `cpu` or `memory`.
    ///
    /// +k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    /// Amount for the whole claim, shared by the containers using it.
    ///
    /// +k8s:required
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub quantity: Option<Quantity>,
}

/// Overhead of a node resource charged for a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableOverheadResources {
    /// Resource name, such as `cpu` or `memory`.
    ///
    /// +k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    /// Fixed amount charged once per pod.
    ///
    /// +k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub per_pod: Option<Quantity>,
    /// Amount charged for each container using the claim.
    ///
    /// +k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub per_container: Option<Quantity>,
}
