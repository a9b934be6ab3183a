//! Type definitions of `core/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, MicroTime, Quantity, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, OwnerReference};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Volume {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, inline)]
    pub volume_source: VolumeSource,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub host_path: Option<HostPathVolumeSource>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub empty_dir: Option<EmptyDirVolumeSource>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub git_repo: Option<GitRepoVolumeSource>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub secret: Option<SecretVolumeSource>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub nfs: Option<NFSVolumeSource>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub iscsi: Option<ISCSIVolumeSource>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub glusterfs: Option<GlusterfsVolumeSource>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_claim: Option<PersistentVolumeClaimVolumeSource>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub rbd: Option<RBDVolumeSource>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub flex_volume: Option<FlexVolumeSource>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub cinder: Option<CinderVolumeSource>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub cephfs: Option<CephFSVolumeSource>,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub flocker: Option<FlockerVolumeSource>,
    #[kapi(proto = 16, json = "downwardAPI", omitempty)]
    #[kapi(optional)]
    pub downward_api: Option<DownwardAPIVolumeSource>,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub fc: Option<FCVolumeSource>,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub azure_file: Option<AzureFileVolumeSource>,
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub config_map: Option<ConfigMapVolumeSource>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub quobyte: Option<QuobyteVolumeSource>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    #[kapi(proto = 23, omitempty)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    #[kapi(proto = 26, omitempty)]
    pub projected: Option<ProjectedVolumeSource>,
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    #[kapi(proto = 25, json = "scaleIO", omitempty)]
    #[kapi(optional)]
    pub scale_io: Option<ScaleIOVolumeSource>,
    #[kapi(proto = 27, omitempty)]
    #[kapi(optional)]
    pub storageos: Option<StorageOSVolumeSource>,
    #[kapi(proto = 28, omitempty)]
    #[kapi(optional)]
    pub csi: Option<CSIVolumeSource>,
    #[kapi(proto = 29, omitempty)]
    #[kapi(optional)]
    pub ephemeral: Option<EphemeralVolumeSource>,
    #[kapi(proto = 30, omitempty)]
    #[kapi(optional)]
    pub image: Option<ImageVolumeSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimVolumeSource {
    #[kapi(proto = 1)]
    pub claim_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub host_path: Option<HostPathVolumeSource>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub glusterfs: Option<GlusterfsPersistentVolumeSource>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub nfs: Option<NFSVolumeSource>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub rbd: Option<RBDPersistentVolumeSource>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub iscsi: Option<ISCSIPersistentVolumeSource>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub cinder: Option<CinderPersistentVolumeSource>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub cephfs: Option<CephFSPersistentVolumeSource>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub fc: Option<FCVolumeSource>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub flocker: Option<FlockerVolumeSource>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub flex_volume: Option<FlexPersistentVolumeSource>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub azure_file: Option<AzureFilePersistentVolumeSource>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub quobyte: Option<QuobyteVolumeSource>,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    #[kapi(proto = 17, omitempty)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    #[kapi(proto = 19, json = "scaleIO", omitempty)]
    #[kapi(optional)]
    pub scale_io: Option<ScaleIOPersistentVolumeSource>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub local: Option<LocalVolumeSource>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub storageos: Option<StorageOSPersistentVolumeSource>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub csi: Option<CSIPersistentVolumeSource>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolume {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PersistentVolumeSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PersistentVolumeStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, inline)]
    pub persistent_volume_source: PersistentVolumeSource,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, struct_type = "granular")]
    pub claim_ref: Option<ObjectReference>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_class_name: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mount_options: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub node_affinity: Option<VolumeNodeAffinity>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub volume_attributes_class_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeNodeAffinity {
    #[kapi(proto = 1, omitempty)]
    pub required: Option<NodeSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeReclaimPolicy(pub String);

impl PersistentVolumeReclaimPolicy {
    pub const RECYCLE: &'static str = "Recycle";
    pub const DELETE: &'static str = "Delete";
    pub const RETAIN: &'static str = "Retain";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeMode(pub String);

impl PersistentVolumeMode {
    pub const BLOCK: &'static str = "Block";
    pub const FILESYSTEM: &'static str = "Filesystem";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PersistentVolumePhase,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_phase_transition_time: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PersistentVolume>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeClaim {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PersistentVolumeClaimSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PersistentVolumeClaimStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PersistentVolumeClaimList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PersistentVolumeClaim>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resources: VolumeResourceRequirements,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub volume_name: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub storage_class_name: Option<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub data_source: Option<TypedLocalObjectReference>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub data_source_ref: Option<TypedObjectReference>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub volume_attributes_class_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TypedObjectReference {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    #[kapi(proto = 2)]
    pub kind: String,
    #[kapi(proto = 3)]
    pub name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimConditionType(pub String);

impl PersistentVolumeClaimConditionType {
    pub const RESIZING: &'static str = "Resizing";
    pub const FILE_SYSTEM_RESIZE_PENDING: &'static str = "FileSystemResizePending";
    pub const CONTROLLER_RESIZE_ERROR: &'static str = "ControllerResizeError";
    pub const NODE_RESIZE_ERROR: &'static str = "NodeResizeError";
    pub const MODIFY_VOLUME_ERROR: &'static str = "ModifyVolumeError";
    pub const MODIFYING_VOLUME: &'static str = "ModifyingVolume";
    pub const UNUSED: &'static str = "Unused";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClaimResourceStatus(pub String);

impl ClaimResourceStatus {
    pub const CONTROLLER_RESIZE_IN_PROGRESS: &'static str = "ControllerResizeInProgress";
    pub const CONTROLLER_RESIZE_INFEASIBLE: &'static str = "ControllerResizeInfeasible";
    pub const NODE_RESIZE_PENDING: &'static str = "NodeResizePending";
    pub const NODE_RESIZE_IN_PROGRESS: &'static str = "NodeResizeInProgress";
    pub const NODE_RESIZE_INFEASIBLE: &'static str = "NodeResizeInfeasible";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimModifyVolumeStatus(pub String);

impl PersistentVolumeClaimModifyVolumeStatus {
    pub const PENDING: &'static str = "Pending";
    pub const IN_PROGRESS: &'static str = "InProgress";
    pub const INFEASIBLE: &'static str = "Infeasible";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ModifyVolumeStatus {
    #[kapi(proto = 1, omitempty)]
    pub target_volume_attributes_class_name: String,
    #[kapi(proto = 2)]
    pub status: PersistentVolumeClaimModifyVolumeStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimCondition {
    #[kapi(proto = 1)]
    pub r#type: PersistentVolumeClaimConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeHealthStatusType(pub String);

impl VolumeHealthStatusType {
    pub const INACCESSIBLE: &'static str = "Inaccessible";
    pub const DATA_LOSS: &'static str = "DataLoss";
    pub const DEGRADED: &'static str = "Degraded";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeHealthCondition {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub status: VolumeHealthStatusType,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub reason: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeHealthStatus {
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
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodVolumeHealth {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
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
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PersistentVolumeClaimPhase,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PersistentVolumeClaimCondition>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(map_type = "granular", optional)]
    pub allocated_resource_statuses: BTreeMap<ResourceName, ClaimResourceStatus>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub current_volume_attributes_class_name: Option<String>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub modify_volume_status: Option<ModifyVolumeStatus>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub health_status: Option<VolumeHealthStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeAccessMode(pub String);

impl PersistentVolumeAccessMode {
    pub const READ_WRITE_ONCE: &'static str = "ReadWriteOnce";
    pub const READ_ONLY_MANY: &'static str = "ReadOnlyMany";
    pub const READ_WRITE_MANY: &'static str = "ReadWriteMany";
    pub const READ_WRITE_ONCE_POD: &'static str = "ReadWriteOncePod";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumePhase(pub String);

impl PersistentVolumePhase {
    pub const PENDING: &'static str = "Pending";
    pub const AVAILABLE: &'static str = "Available";
    pub const BOUND: &'static str = "Bound";
    pub const RELEASED: &'static str = "Released";
    pub const FAILED: &'static str = "Failed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimPhase(pub String);

impl PersistentVolumeClaimPhase {
    pub const PENDING: &'static str = "Pending";
    pub const BOUND: &'static str = "Bound";
    pub const LOST: &'static str = "Lost";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostPathType(pub String);

impl HostPathType {
    pub const HOST_PATH_UNSET: &'static str = "";
    pub const DIRECTORY_OR_CREATE: &'static str = "DirectoryOrCreate";
    pub const DIRECTORY: &'static str = "Directory";
    pub const FILE_OR_CREATE: &'static str = "FileOrCreate";
    pub const FILE: &'static str = "File";
    pub const SOCKET: &'static str = "Socket";
    pub const CHAR_DEVICE: &'static str = "CharDevice";
    pub const BLOCK_DEVICE: &'static str = "BlockDevice";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostPathVolumeSource {
    #[kapi(proto = 1)]
    pub path: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub r#type: Option<HostPathType>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EmptyDirVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub medium: StorageMedium,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub size_limit: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GlusterfsVolumeSource {
    #[kapi(proto = 1)]
    pub endpoints: String,
    #[kapi(proto = 2)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GlusterfsPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub endpoints: String,
    #[kapi(proto = 2)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub endpoints_namespace: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RBDVolumeSource {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    #[kapi(proto = 2)]
    pub image: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 4, omitempty, default = "\"rbd\"")]
    #[kapi(optional)]
    pub pool: String,
    #[kapi(proto = 5, omitempty, default = "\"admin\"")]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 6, omitempty, default = "\"/etc/ceph/keyring\"")]
    #[kapi(optional)]
    pub keyring: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RBDPersistentVolumeSource {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    #[kapi(proto = 2)]
    pub image: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 4, omitempty, default = "\"rbd\"")]
    #[kapi(optional)]
    pub pool: String,
    #[kapi(proto = 5, omitempty, default = "\"admin\"")]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 6, omitempty, default = "\"/etc/ceph/keyring\"")]
    #[kapi(optional)]
    pub keyring: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CinderVolumeSource {
    #[kapi(proto = 1)]
    pub volume_id: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CinderPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub volume_id: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CephFSVolumeSource {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_file: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct SecretReference {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CephFSPersistentVolumeSource {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub monitors: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_file: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlockerVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub dataset_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub dataset_uuid: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageMedium(pub String);

impl StorageMedium {
    pub const DEFAULT: &'static str = "";
    pub const MEMORY: &'static str = "Memory";
    pub const HUGE_PAGES: &'static str = "HugePages";
    pub const HUGE_PAGES_PREFIX: &'static str = "HugePages-";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Protocol(pub String);

impl Protocol {
    pub const TCP: &'static str = "TCP";
    pub const UDP: &'static str = "UDP";
    pub const SCTP: &'static str = "SCTP";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GCEPersistentDiskVolumeSource {
    #[kapi(proto = 1)]
    pub pd_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub partition: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QuobyteVolumeSource {
    #[kapi(proto = 1)]
    pub registry: String,
    #[kapi(proto = 2)]
    pub volume: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub group: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub tenant: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlexPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub driver: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub options: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FlexVolumeSource {
    #[kapi(proto = 1)]
    pub driver: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub options: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AWSElasticBlockStoreVolumeSource {
    #[kapi(proto = 1)]
    pub volume_id: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub partition: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GitRepoVolumeSource {
    #[kapi(proto = 1)]
    pub repository: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub revision: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub directory: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub secret_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretProjection {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NFSVolumeSource {
    #[kapi(proto = 1)]
    pub server: String,
    #[kapi(proto = 2)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ISCSIVolumeSource {
    #[kapi(proto = 1)]
    pub target_portal: String,
    #[kapi(proto = 2)]
    pub iqn: String,
    #[kapi(proto = 3)]
    pub lun: i32,
    #[kapi(proto = 4, omitempty, default = "\"default\"")]
    #[kapi(optional)]
    pub iscsi_interface: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub portals: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub chap_auth_discovery: bool,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub chap_auth_session: bool,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub initiator_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ISCSIPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub target_portal: String,
    #[kapi(proto = 2)]
    pub iqn: String,
    #[kapi(proto = 3)]
    pub lun: i32,
    #[kapi(proto = 4, omitempty, default = "\"default\"")]
    #[kapi(optional)]
    pub iscsi_interface: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub portals: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub chap_auth_discovery: bool,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub chap_auth_session: bool,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretReference>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub initiator_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FCVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub target_wwns: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lun: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub wwids: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureFileVolumeSource {
    #[kapi(proto = 1)]
    pub secret_name: String,
    #[kapi(proto = 2)]
    pub share_name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureFilePersistentVolumeSource {
    #[kapi(proto = 1)]
    pub secret_name: String,
    #[kapi(proto = 2)]
    pub share_name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub secret_namespace: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VsphereVirtualDiskVolumeSource {
    #[kapi(proto = 1)]
    pub volume_path: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub storage_policy_name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub storage_policy_id: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PhotonPersistentDiskVolumeSource {
    #[kapi(proto = 1)]
    pub pd_id: String,
    #[kapi(proto = 2, omitempty)]
    pub fs_type: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureDataDiskCachingMode(pub String);

impl AzureDataDiskCachingMode {
    pub const NONE: &'static str = "None";
    pub const READ_ONLY: &'static str = "ReadOnly";
    pub const READ_WRITE: &'static str = "ReadWrite";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureDataDiskKind(pub String);

impl AzureDataDiskKind {
    pub const SHARED: &'static str = "Shared";
    pub const DEDICATED: &'static str = "Dedicated";
    pub const MANAGED: &'static str = "Managed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AzureDiskVolumeSource {
    #[kapi(proto = 1)]
    pub disk_name: String,
    #[kapi(proto = 2)]
    pub disk_uri: String,
    #[kapi(proto = 3, omitempty, default = "\"ReadWrite\"")]
    #[kapi(optional)]
    pub caching_mode: Option<AzureDataDiskCachingMode>,
    #[kapi(proto = 4, omitempty, default = "\"ext4\"")]
    #[kapi(optional)]
    pub fs_type: Option<String>,
    #[kapi(proto = 5, omitempty, default = "false")]
    #[kapi(optional)]
    pub read_only: Option<bool>,
    #[kapi(proto = 6, omitempty, default = "\"Shared\"")]
    pub kind: Option<AzureDataDiskKind>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PortworxVolumeSource {
    #[kapi(proto = 1)]
    pub volume_id: String,
    #[kapi(proto = 2, omitempty)]
    pub fs_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleIOVolumeSource {
    #[kapi(proto = 1)]
    pub gateway: String,
    #[kapi(proto = 2)]
    pub system: String,
    #[kapi(proto = 3)]
    pub secret_ref: Option<LocalObjectReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ssl_enabled: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub protection_domain: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_pool: String,
    #[kapi(proto = 7, omitempty, default = "\"ThinProvisioned\"")]
    #[kapi(optional)]
    pub storage_mode: String,
    #[kapi(proto = 8, omitempty)]
    pub volume_name: String,
    #[kapi(proto = 9, omitempty, default = "\"xfs\"")]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleIOPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub gateway: String,
    #[kapi(proto = 2)]
    pub system: String,
    #[kapi(proto = 3)]
    pub secret_ref: Option<SecretReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ssl_enabled: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub protection_domain: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub storage_pool: String,
    #[kapi(proto = 7, omitempty, default = "\"ThinProvisioned\"")]
    #[kapi(optional)]
    pub storage_mode: String,
    #[kapi(proto = 8, omitempty)]
    pub volume_name: String,
    #[kapi(proto = 9, omitempty, default = "\"xfs\"")]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageOSVolumeSource {
    #[kapi(proto = 1, omitempty)]
    pub volume_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub volume_namespace: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<LocalObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageOSPersistentVolumeSource {
    #[kapi(proto = 1, omitempty)]
    pub volume_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub volume_namespace: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<ObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapVolumeSource {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapProjection {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<KeyToPath>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAccountTokenProjection {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub audience: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i64>,
    #[kapi(proto = 3)]
    pub path: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClusterTrustBundleProjection {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub signer_name: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
    #[kapi(proto = 4)]
    pub path: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateProjection {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub signer_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub key_type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub max_expiration_seconds: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub credential_bundle_path: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub key_path: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub certificate_chain_path: String,
    #[kapi(proto = 7, omitempty)]
    pub user_annotations: BTreeMap<String, String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProjectedVolumeSource {
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub sources: Option<Vec<VolumeProjection>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeProjection {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub secret: Option<SecretProjection>,
    #[kapi(proto = 2, json = "downwardAPI", omitempty)]
    #[kapi(optional)]
    pub downward_api: Option<DownwardAPIProjection>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub config_map: Option<ConfigMapProjection>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub service_account_token: Option<ServiceAccountTokenProjection>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub cluster_trust_bundle: Option<ClusterTrustBundleProjection>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_certificate: Option<PodCertificateProjection>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct KeyToPath {
    #[kapi(proto = 1)]
    pub key: String,
    #[kapi(proto = 2)]
    pub path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LocalVolumeSource {
    #[kapi(proto = 1)]
    pub path: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fs_type: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIPersistentVolumeSource {
    #[kapi(proto = 1)]
    pub driver: String,
    #[kapi(proto = 2)]
    pub volume_handle: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub fs_type: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_attributes: BTreeMap<String, String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub controller_publish_secret_ref: Option<SecretReference>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_stage_secret_ref: Option<SecretReference>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub node_publish_secret_ref: Option<SecretReference>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub controller_expand_secret_ref: Option<SecretReference>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub node_expand_secret_ref: Option<SecretReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIVolumeSource {
    #[kapi(proto = 1)]
    pub driver: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: Option<bool>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub fs_type: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub volume_attributes: BTreeMap<String, String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralVolumeSource {
    #[kapi(proto = 1, omitempty)]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PersistentVolumeClaimTemplate {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: PersistentVolumeClaimSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerPort {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host_port: i32,
    #[kapi(proto = 3)]
    pub container_port: i32,
    #[kapi(proto = 4, omitempty, default = "\"TCP\"")]
    #[kapi(optional)]
    pub protocol: Protocol,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub host_ip: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeMount {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    #[kapi(proto = 3)]
    pub mount_path: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub sub_path: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub mount_propagation: Option<MountPropagationMode>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub sub_path_expr: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub bind_mount_options: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BindMountOption(pub String);

impl BindMountOption {
    pub const NOEXEC: &'static str = "noexec";
    pub const NODEV: &'static str = "nodev";
    pub const NOSUID: &'static str = "nosuid";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MountPropagationMode(pub String);

impl MountPropagationMode {
    pub const NONE: &'static str = "None";
    pub const HOST_TO_CONTAINER: &'static str = "HostToContainer";
    pub const BIDIRECTIONAL: &'static str = "Bidirectional";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RecursiveReadOnlyMode(pub String);

impl RecursiveReadOnlyMode {
    pub const DISABLED: &'static str = "Disabled";
    pub const IF_POSSIBLE: &'static str = "IfPossible";
    pub const ENABLED: &'static str = "Enabled";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeDevice {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub device_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvVar {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value_from: Option<EnvVarSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvVarSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub field_ref: Option<ObjectFieldSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub config_map_key_ref: Option<ConfigMapKeySelector>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub secret_key_ref: Option<SecretKeySelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub file_key_ref: Option<FileKeySelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct FileKeySelector {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub volume_name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub path: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub key: String,
    #[kapi(proto = 4, omitempty, default = "false")]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ObjectFieldSelector {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    #[kapi(proto = 2)]
    pub field_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ResourceFieldSelector {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container_name: String,
    #[kapi(proto = 2)]
    pub resource: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub divisor: Quantity,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ConfigMapKeySelector {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2)]
    pub key: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct SecretKeySelector {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2)]
    pub key: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EnvFromSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub prefix: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub secret_ref: Option<SecretEnvSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapEnvSource {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretEnvSource {
    #[kapi(proto = 1, inline)]
    pub local_object_reference: LocalObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPHeader {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub value: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPProtocol(pub String);

impl HTTPProtocol {
    pub const HTTP1: &'static str = "HTTP1";
    pub const HTTP2: &'static str = "HTTP2";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HTTPGetAction {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 2)]
    pub port: IntOrString,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub host: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheme: URIScheme,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub http_headers: Vec<HTTPHeader>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub protocol: Option<HTTPProtocol>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct URIScheme(pub String);

impl URIScheme {
    pub const HTTP: &'static str = "HTTP";
    pub const HTTPS: &'static str = "HTTPS";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TCPSocketAction {
    #[kapi(proto = 1)]
    pub port: IntOrString,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GRPCAction {
    #[kapi(proto = 1)]
    pub port: i32,
    #[kapi(proto = 2, default = "\"\"")]
    #[kapi(optional)]
    pub service: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mode: Option<GRPCProbeMode>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GRPCProbeMode(pub String);

impl GRPCProbeMode {
    pub const PLAINTEXT: &'static str = "Plaintext";
    pub const TLS: &'static str = "TLS";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExecAction {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SleepAction {
    #[kapi(proto = 1)]
    pub seconds: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Probe {
    #[kapi(proto = 1, inline, proto_name = "handler")]
    pub probe_handler: ProbeHandler,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub initial_delay_seconds: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub period_seconds: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub success_threshold: i32,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub failure_threshold: i32,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub termination_grace_period_seconds: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PullPolicy(pub String);

impl PullPolicy {
    pub const ALWAYS: &'static str = "Always";
    pub const NEVER: &'static str = "Never";
    pub const IF_NOT_PRESENT: &'static str = "IfNotPresent";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceResizeRestartPolicy(pub String);

impl ResourceResizeRestartPolicy {
    pub const NOT_REQUIRED: &'static str = "NotRequired";
    pub const RESTART_CONTAINER: &'static str = "RestartContainer";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResizePolicy {
    #[kapi(proto = 1)]
    pub resource_name: ResourceName,
    #[kapi(proto = 2)]
    pub restart_policy: ResourceResizeRestartPolicy,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreemptionPolicy(pub String);

impl PreemptionPolicy {
    pub const PREEMPT_LOWER_PRIORITY: &'static str = "PreemptLowerPriority";
    pub const NEVER: &'static str = "Never";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TerminationMessagePolicy(pub String);

impl TerminationMessagePolicy {
    pub const FILE: &'static str = "File";
    pub const FALLBACK_TO_LOGS_ON_ERROR: &'static str = "FallbackToLogsOnError";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Capability(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Capabilities {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub add: Vec<Capability>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub drop: Vec<Capability>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceRequirements {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub limits: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub claims: Vec<ResourceClaim>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeResourceRequirements {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub limits: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<ResourceName, Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaim {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub request: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Container {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub image: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub args: Vec<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub working_dir: String,
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
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub env_from: Vec<EnvFromSource>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub env: Vec<EnvVar>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resources: ResourceRequirements,
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub restart_policy: Option<ContainerRestartPolicy>,
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMount>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "devicePath",
        patch_strategy = "merge",
        patch_merge_key = "devicePath"
    )]
    pub volume_devices: Vec<VolumeDevice>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub liveness_probe: Option<Probe>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub readiness_probe: Option<Probe>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub startup_probe: Option<Probe>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub lifecycle: Option<Lifecycle>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub termination_message_path: String,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub termination_message_policy: TerminationMessagePolicy,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub image_pull_policy: PullPolicy,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<SecurityContext>,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub stdin_once: bool,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProbeHandler {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub exec: Option<ExecAction>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub http_get: Option<HTTPGetAction>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub tcp_socket: Option<TCPSocketAction>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub grpc: Option<GRPCAction>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LifecycleHandler {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub exec: Option<ExecAction>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub http_get: Option<HTTPGetAction>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub tcp_socket: Option<TCPSocketAction>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub sleep: Option<SleepAction>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Signal(pub String);

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

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Lifecycle {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub post_start: Option<LifecycleHandler>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pre_stop: Option<LifecycleHandler>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stop_signal: Option<Signal>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    pub const TRUE: &'static str = "True";
    pub const FALSE: &'static str = "False";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStateWaiting {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStateRunning {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub started_at: Time,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStateTerminated {
    #[kapi(proto = 1)]
    pub exit_code: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub signal: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub started_at: Time,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub finished_at: Time,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_id: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerState {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub waiting: Option<ContainerStateWaiting>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub running: Option<ContainerStateRunning>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub terminated: Option<ContainerStateTerminated>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerStatus {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub state: ContainerState,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_state: ContainerState,
    #[kapi(proto = 4)]
    pub ready: bool,
    #[kapi(proto = 5)]
    pub restart_count: i32,
    #[kapi(proto = 6)]
    pub image: String,
    #[kapi(proto = 7)]
    pub image_id: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub container_id: String,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub started: Option<bool>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub resources: Option<ResourceRequirements>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMountStatus>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub user: Option<ContainerUser>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub allocated_resources_status: Vec<ResourceStatus>,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub stop_signal: Option<Signal>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceStatus {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "map", list_map_key = "resourceID")]
    pub resources: Vec<ResourceHealth>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceHealthStatus(pub String);

impl ResourceHealthStatus {
    pub const HEALTHY: &'static str = "Healthy";
    pub const UNHEALTHY: &'static str = "Unhealthy";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceID(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceHealth {
    #[kapi(proto = 1)]
    pub resource_id: ResourceID,
    #[kapi(proto = 2, omitempty)]
    pub health: ResourceHealthStatus,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerUser {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub linux: Option<LinuxContainerUser>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LinuxContainerUser {
    #[kapi(proto = 1)]
    pub uid: i64,
    #[kapi(proto = 2)]
    pub gid: i64,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub supplemental_groups: Vec<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodPhase(pub String);

impl PodPhase {
    pub const PENDING: &'static str = "Pending";
    pub const RUNNING: &'static str = "Running";
    pub const SUCCEEDED: &'static str = "Succeeded";
    pub const FAILED: &'static str = "Failed";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodConditionType(pub String);

impl PodConditionType {
    pub const CONTAINERS_READY: &'static str = "ContainersReady";
    pub const INITIALIZED: &'static str = "Initialized";
    pub const READY: &'static str = "Ready";
    pub const POD_SCHEDULED: &'static str = "PodScheduled";
    pub const DISRUPTION_TARGET: &'static str = "DisruptionTarget";
    pub const POD_READY_TO_START_CONTAINERS: &'static str = "PodReadyToStartContainers";
    pub const POD_RESIZE_PENDING: &'static str = "PodResizePending";
    pub const POD_RESIZE_IN_PROGRESS: &'static str = "PodResizeInProgress";
    pub const ALL_CONTAINERS_RESTARTING: &'static str = "AllContainersRestarting";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCondition {
    #[kapi(proto = 1)]
    pub r#type: PodConditionType,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_probe_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodResizeStatus(pub String);

impl PodResizeStatus {
    pub const IN_PROGRESS: &'static str = "InProgress";
    pub const DEFERRED: &'static str = "Deferred";
    pub const INFEASIBLE: &'static str = "Infeasible";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeMountStatus {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub mount_path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub read_only: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only: Option<RecursiveReadOnlyMode>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_status: Option<VolumeStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub image: Option<ImageVolumeStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageVolumeStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub image_ref: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RestartPolicy(pub String);

impl RestartPolicy {
    pub const ALWAYS: &'static str = "Always";
    pub const ON_FAILURE: &'static str = "OnFailure";
    pub const NEVER: &'static str = "Never";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartPolicy(pub String);

impl ContainerRestartPolicy {
    pub const ALWAYS: &'static str = "Always";
    pub const NEVER: &'static str = "Never";
    pub const ON_FAILURE: &'static str = "OnFailure";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub action: ContainerRestartRuleAction,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleAction(pub String);

impl ContainerRestartRuleAction {
    pub const RESTART: &'static str = "Restart";
    pub const RESTART_ALL_CONTAINERS: &'static str = "RestartAllContainers";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleOnExitCodes {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub operator: ContainerRestartRuleOnExitCodesOperator,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub values: Vec<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerRestartRuleOnExitCodesOperator(pub String);

impl ContainerRestartRuleOnExitCodesOperator {
    pub const IN: &'static str = "In";
    pub const NOT_IN: &'static str = "NotIn";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DNSPolicy(pub String);

impl DNSPolicy {
    pub const CLUSTER_FIRST_WITH_HOST_NET: &'static str = "ClusterFirstWithHostNet";
    pub const CLUSTER_FIRST: &'static str = "ClusterFirst";
    pub const DEFAULT: &'static str = "Default";
    pub const NONE: &'static str = "None";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct NodeSelector {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub node_selector_terms: Option<Vec<NodeSelectorTerm>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct NodeSelectorTerm {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_fields: Vec<NodeSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSelectorRequirement {
    #[kapi(proto = 1)]
    pub key: String,
    #[kapi(proto = 2)]
    pub operator: NodeSelectorOperator,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSelectorOperator(pub String);

impl NodeSelectorOperator {
    pub const IN: &'static str = "In";
    pub const NOT_IN: &'static str = "NotIn";
    pub const EXISTS: &'static str = "Exists";
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
    pub const GT: &'static str = "Gt";
    pub const LT: &'static str = "Lt";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct TopologySelectorTerm {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologySelectorLabelRequirement {
    #[kapi(proto = 1)]
    pub key: String,
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub values: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Affinity {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub node_affinity: Option<NodeAffinity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pod_affinity: Option<PodAffinity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAffinity {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAntiAffinity {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WeightedPodAffinityTerm {
    #[kapi(proto = 1)]
    pub weight: i32,
    #[kapi(proto = 2)]
    pub pod_affinity_term: PodAffinityTerm,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodAffinityTerm {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub namespaces: Vec<String>,
    #[kapi(proto = 3)]
    pub topology_key: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_keys: Vec<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mismatch_label_keys: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAffinity {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreferredSchedulingTerm {
    #[kapi(proto = 1)]
    pub weight: i32,
    #[kapi(proto = 2)]
    pub preference: NodeSelectorTerm,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Taint {
    #[kapi(proto = 1)]
    pub key: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    #[kapi(proto = 3)]
    pub effect: TaintEffect,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub time_added: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TaintEffect(pub String);

impl TaintEffect {
    pub const NO_SCHEDULE: &'static str = "NoSchedule";
    pub const PREFER_NO_SCHEDULE: &'static str = "PreferNoSchedule";
    pub const NO_EXECUTE: &'static str = "NoExecute";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Toleration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub key: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub operator: TolerationOperator,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub effect: TaintEffect,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub toleration_seconds: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TolerationOperator(pub String);

impl TolerationOperator {
    pub const EXISTS: &'static str = "Exists";
    pub const EQUAL: &'static str = "Equal";
    pub const LT: &'static str = "Lt";
    pub const GT: &'static str = "Gt";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodReadinessGate {
    #[kapi(proto = 1)]
    pub condition_type: PodConditionType,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub volumes: Vec<Volume>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub init_containers: Vec<Container>,
    #[kapi(proto = 2)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub containers: Option<Vec<Container>>,
    #[kapi(proto = 34, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub ephemeral_containers: Vec<EphemeralContainer>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub restart_policy: RestartPolicy,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub termination_grace_period_seconds: Option<i64>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub active_deadline_seconds: Option<i64>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub dns_policy: DNSPolicy,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub node_selector: BTreeMap<String, String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub service_account_name: String,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub service_account: String,
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub automount_service_account_token: Option<bool>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub node_name: String,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub host_network: bool,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub host_pid: bool,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub host_ipc: bool,
    #[kapi(proto = 27, omitempty)]
    #[kapi(optional)]
    pub share_process_namespace: Option<bool>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<PodSecurityContext>,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub subdomain: String,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub affinity: Option<Affinity>,
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub scheduler_name: String,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<Toleration>,
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "ip", patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_aliases: Vec<HostAlias>,
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub priority_class_name: String,
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional)]
    pub priority: Option<i32>,
    #[kapi(proto = 26, omitempty)]
    #[kapi(optional)]
    pub dns_config: Option<PodDNSConfig>,
    #[kapi(proto = 28, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub readiness_gates: Vec<PodReadinessGate>,
    #[kapi(proto = 29, omitempty)]
    #[kapi(optional)]
    pub runtime_class_name: Option<String>,
    #[kapi(proto = 30, omitempty)]
    #[kapi(optional)]
    pub enable_service_links: Option<bool>,
    #[kapi(proto = 31, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
    #[kapi(proto = 32, omitempty)]
    #[kapi(optional)]
    pub overhead: BTreeMap<ResourceName, Quantity>,
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
    #[kapi(proto = 35, json = "setHostnameAsFQDN", omitempty)]
    #[kapi(optional)]
    pub set_hostname_as_fqdn: Option<bool>,
    #[kapi(proto = 36, omitempty)]
    #[kapi(optional)]
    pub os: Option<PodOS>,
    #[kapi(proto = 37, omitempty)]
    #[kapi(optional)]
    pub host_users: Option<bool>,
    #[kapi(proto = 38, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub scheduling_gates: Vec<PodSchedulingGate>,
    #[kapi(proto = 39, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Vec<PodResourceClaim>,
    #[kapi(proto = 40, omitempty)]
    #[kapi(optional)]
    pub resources: Option<ResourceRequirements>,
    #[kapi(proto = 41, omitempty)]
    #[kapi(optional)]
    pub hostname_override: Option<String>,
    #[kapi(proto = 43, omitempty)]
    #[kapi(optional)]
    pub scheduling_group: Option<PodSchedulingGroup>,
    #[kapi(proto = 44, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub eviction_responders: Vec<EvictionResponder>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodResourceClaim {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 3, omitempty)]
    pub resource_claim_name: Option<String>,
    #[kapi(proto = 4, omitempty)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodResourceClaimStatus {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_claim_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodExtendedResourceClaimStatus {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub request_mappings: Option<Vec<ContainerExtendedResourceRequest>>,
    #[kapi(proto = 2)]
    pub resource_claim_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerExtendedResourceRequest {
    #[kapi(proto = 1)]
    pub container_name: String,
    #[kapi(proto = 2)]
    pub resource_name: String,
    #[kapi(proto = 3)]
    pub request_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct OSName(pub String);

impl OSName {
    pub const LINUX: &'static str = "linux";
    pub const WINDOWS: &'static str = "windows";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodOS {
    #[kapi(proto = 1)]
    pub name: OSName,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSchedulingGate {
    #[kapi(proto = 1)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct PodSchedulingGroup {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_group_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UnsatisfiableConstraintAction(pub String);

impl UnsatisfiableConstraintAction {
    pub const DO_NOT_SCHEDULE: &'static str = "DoNotSchedule";
    pub const SCHEDULE_ANYWAY: &'static str = "ScheduleAnyway";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeInclusionPolicy(pub String);

impl NodeInclusionPolicy {
    pub const IGNORE: &'static str = "Ignore";
    pub const HONOR: &'static str = "Honor";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TopologySpreadConstraint {
    #[kapi(proto = 1)]
    pub max_skew: i32,
    #[kapi(proto = 2)]
    pub topology_key: String,
    #[kapi(proto = 3)]
    pub when_unsatisfiable: UnsatisfiableConstraintAction,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub min_domains: Option<i32>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub node_affinity_policy: Option<NodeInclusionPolicy>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_taints_policy: Option<NodeInclusionPolicy>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_label_keys: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostAlias {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(list_type = "atomic")]
    pub hostnames: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodFSGroupChangePolicy(pub String);

impl PodFSGroupChangePolicy {
    pub const ON_ROOT_MISMATCH: &'static str = "OnRootMismatch";
    pub const ALWAYS: &'static str = "Always";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SupplementalGroupsPolicy(pub String);

impl SupplementalGroupsPolicy {
    pub const MERGE: &'static str = "Merge";
    pub const STRICT: &'static str = "Strict";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSELinuxChangePolicy(pub String);

impl PodSELinuxChangePolicy {
    pub const RECURSIVE: &'static str = "Recursive";
    pub const MOUNT_OPTION: &'static str = "MountOption";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSecurityContext {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub se_linux_options: Option<SELinuxOptions>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub run_as_user: Option<i64>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub run_as_group: Option<i64>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub run_as_non_root: Option<bool>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub supplemental_groups: Vec<i64>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub supplemental_groups_policy: Option<SupplementalGroupsPolicy>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_group: Option<i64>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub sysctls: Vec<Sysctl>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub fs_group_change_policy: Option<PodFSGroupChangePolicy>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub seccomp_profile: Option<SeccompProfile>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub app_armor_profile: Option<AppArmorProfile>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub se_linux_change_policy: Option<PodSELinuxChangePolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct SeccompProfile {
    #[kapi(proto = 1)]
    #[kapi(union_discriminator)]
    pub r#type: SeccompProfileType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub localhost_profile: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SeccompProfileType(pub String);

impl SeccompProfileType {
    pub const UNCONFINED: &'static str = "Unconfined";
    pub const RUNTIME_DEFAULT: &'static str = "RuntimeDefault";
    pub const LOCALHOST: &'static str = "Localhost";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct AppArmorProfile {
    #[kapi(proto = 1)]
    #[kapi(union_discriminator)]
    pub r#type: AppArmorProfileType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub localhost_profile: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AppArmorProfileType(pub String);

impl AppArmorProfileType {
    pub const UNCONFINED: &'static str = "Unconfined";
    pub const RUNTIME_DEFAULT: &'static str = "RuntimeDefault";
    pub const LOCALHOST: &'static str = "Localhost";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodQOSClass(pub String);

impl PodQOSClass {
    pub const GUARANTEED: &'static str = "Guaranteed";
    pub const BURSTABLE: &'static str = "Burstable";
    pub const BEST_EFFORT: &'static str = "BestEffort";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDNSConfig {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub nameservers: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub searches: Vec<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub options: Vec<PodDNSConfigOption>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodDNSConfigOption {
    #[kapi(proto = 1, omitempty)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodIP {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HostIP {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub ip: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralContainerCommon {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    pub image: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub command: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub args: Vec<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub working_dir: String,
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
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub env_from: Vec<EnvFromSource>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub env: Vec<EnvVar>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resources: ResourceRequirements,
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    #[kapi(proto = 24, omitempty)]
    #[kapi(optional)]
    pub restart_policy: Option<ContainerRestartPolicy>,
    #[kapi(proto = 25, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "mountPath",
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Vec<VolumeMount>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "devicePath",
        patch_strategy = "merge",
        patch_merge_key = "devicePath"
    )]
    pub volume_devices: Vec<VolumeDevice>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub liveness_probe: Option<Probe>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub readiness_probe: Option<Probe>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub startup_probe: Option<Probe>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub lifecycle: Option<Lifecycle>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub termination_message_path: String,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub termination_message_policy: TerminationMessagePolicy,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub image_pull_policy: PullPolicy,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub security_context: Option<SecurityContext>,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub stdin_once: bool,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EphemeralContainer {
    #[kapi(proto = 1, inline)]
    pub ephemeral_container_common: EphemeralContainerCommon,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_container_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EvictionResponder {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub priority: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodStatus {
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: PodPhase,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<PodCondition>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub nominated_node_name: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub host_ip: String,
    #[kapi(proto = 16, omitempty)]
    #[kapi(optional, list_type = "atomic", patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_ips: Vec<HostIP>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub pod_ip: String,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "ip", patch_strategy = "merge", patch_merge_key = "ip")]
    pub pod_ips: Vec<PodIP>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(list_type = "atomic")]
    pub init_container_statuses: Vec<ContainerStatus>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub container_statuses: Vec<ContainerStatus>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub qos_class: PodQOSClass,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ephemeral_container_statuses: Vec<ContainerStatus>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub resize: PodResizeStatus,
    #[kapi(proto = 15, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claim_statuses: Vec<PodResourceClaimStatus>,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional)]
    pub extended_resource_claim_status: Option<PodExtendedResourceClaimStatus>,
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional)]
    pub allocated_resources: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub resources: Option<ResourceRequirements>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "resourceClaimName",
        patch_strategy = "merge",
        patch_merge_key = "resourceClaimName"
    )]
    pub node_allocatable_resource_claim_statuses: Vec<NodeAllocatableResourceClaimStatus>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name")]
    pub volume_health: Vec<PodVolumeHealth>,
}

/// +genclient
/// +genclient:method=UpdateEphemeralContainers,verb=update,subresource=ephemeralcontainers
/// +genclient:method=UpdateResize,verb=update,subresource=resize
/// +genclient:method=Bind,verb=create,subresource=binding,input=Binding,result=crate::meta::v1::Status
/// +genclient:method=Evict,verb=create,subresource=eviction,input=crate::policy::v1::Eviction,result=crate::meta::v1::Status
/// +genclient:method=EvictV1beta1,verb=create,subresource=eviction,input=crate::policy::v1beta1::Eviction,result=crate::meta::v1::Status
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Pod {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Pod>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodTemplateSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: PodSpec,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodTemplate {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub template: PodTemplateSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct PodTemplateList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodTemplate>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerSpec {
    #[kapi(proto = 1, omitempty, default = "1")]
    #[kapi(optional)]
    pub replicas: Option<i32>,
    #[kapi(proto = 4, omitempty, default = "0")]
    #[kapi(optional)]
    pub min_ready_seconds: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub template: Option<PodTemplateSpec>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerStatus {
    #[kapi(proto = 1)]
    pub replicas: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub fully_labeled_replicas: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub ready_replicas: i32,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub available_replicas: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ReplicationControllerCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerConditionType(pub String);

impl ReplicationControllerConditionType {
    pub const REPLICA_FAILURE: &'static str = "ReplicaFailure";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ReplicationControllerCondition {
    #[kapi(proto = 1)]
    pub r#type: ReplicationControllerConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// +genclient
/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale
/// +genclient:method=UpdateScale,verb=update,subresource=scale,input=crate::autoscaling::v1::Scale,result=crate::autoscaling::v1::Scale
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ReplicationController {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ReplicationControllerSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ReplicationControllerStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ReplicationControllerList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ReplicationController>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceAffinity(pub String);

impl ServiceAffinity {
    pub const CLIENT_IP: &'static str = "ClientIP";
    pub const NONE: &'static str = "None";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SessionAffinityConfig {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub client_ip: Option<ClientIPConfig>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClientIPConfig {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceType(pub String);

impl ServiceType {
    pub const CLUSTER_IP: &'static str = "ClusterIP";
    pub const NODE_PORT: &'static str = "NodePort";
    pub const LOAD_BALANCER: &'static str = "LoadBalancer";
    pub const EXTERNAL_NAME: &'static str = "ExternalName";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceInternalTrafficPolicy(pub String);

impl ServiceInternalTrafficPolicy {
    pub const CLUSTER: &'static str = "Cluster";
    pub const LOCAL: &'static str = "Local";
}

pub type ServiceInternalTrafficPolicyType = ServiceInternalTrafficPolicy;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceExternalTrafficPolicy(pub String);

impl ServiceExternalTrafficPolicy {
    pub const CLUSTER: &'static str = "Cluster";
    pub const LOCAL: &'static str = "Local";
}

pub type ServiceExternalTrafficPolicyType = ServiceExternalTrafficPolicy;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub load_balancer: LoadBalancerStatus,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ingress: Vec<LoadBalancerIngress>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerIngress {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub ip: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub ip_mode: Option<LoadBalancerIPMode>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<PortStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPFamily(pub String);

impl IPFamily {
    pub const I_PV4: &'static str = "IPv4";
    pub const I_PV6: &'static str = "IPv6";
    pub const UNKNOWN: &'static str = "";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IPFamilyPolicy(pub String);

impl IPFamilyPolicy {
    pub const SINGLE_STACK: &'static str = "SingleStack";
    pub const PREFER_DUAL_STACK: &'static str = "PreferDualStack";
    pub const REQUIRE_DUAL_STACK: &'static str = "RequireDualStack";
}

pub type IPFamilyPolicyType = IPFamilyPolicy;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(
        list_type = "map",
        list_map_key = "port",
        list_map_key = "protocol",
        patch_strategy = "merge",
        patch_merge_key = "port"
    )]
    pub ports: Vec<ServicePort>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub selector: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub cluster_ip: String,
    #[kapi(proto = 18, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cluster_ips: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub r#type: ServiceType,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub external_ips: Vec<String>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub session_affinity: ServiceAffinity,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub load_balancer_ip: String,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub load_balancer_source_ranges: Vec<String>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub external_name: String,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub external_traffic_policy: ServiceExternalTrafficPolicy,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub health_check_node_port: i32,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub publish_not_ready_addresses: bool,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    #[kapi(proto = 19, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ip_families: Vec<IPFamily>,
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional)]
    pub ip_family_policy: Option<IPFamilyPolicy>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(optional)]
    pub allocate_load_balancer_node_ports: Option<bool>,
    #[kapi(proto = 21, omitempty)]
    #[kapi(optional)]
    pub load_balancer_class: Option<String>,
    #[kapi(proto = 22, omitempty)]
    #[kapi(optional)]
    pub internal_traffic_policy: Option<ServiceInternalTrafficPolicy>,
    #[kapi(proto = 23, omitempty)]
    #[kapi(optional)]
    pub traffic_distribution: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServicePort {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 2, omitempty, default = "\"TCP\"")]
    #[kapi(optional)]
    pub protocol: Protocol,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
    #[kapi(proto = 3)]
    pub port: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_port: IntOrString,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_port: i32,
}

/// +genclient
/// +genclient:skipVerbs=deleteCollection
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Service {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ServiceSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ServiceStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Service>>,
}

/// +genclient
/// +genclient:method=CreateToken,verb=create,subresource=token,input=crate::authentication::v1::TokenRequest,result=crate::authentication::v1::TokenRequest
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceAccount {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub secrets: Vec<ObjectReference>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub automount_service_account_token: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ServiceAccountList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ServiceAccount>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Endpoints {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subsets: Vec<EndpointSubset>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EndpointSubset {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub addresses: Vec<EndpointAddress>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub not_ready_addresses: Vec<EndpointAddress>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<EndpointPort>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EndpointAddress {
    #[kapi(proto = 1)]
    pub ip: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hostname: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_ref: Option<ObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct EndpointPort {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 2)]
    pub port: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub protocol: Protocol,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub app_protocol: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct EndpointsList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Endpoints>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_cidr: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "set", patch_strategy = "merge")]
    pub pod_cidrs: Vec<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub provider_id: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub unschedulable: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub taints: Vec<Taint>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub config_source: Option<NodeConfigSource>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub external_id: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub pod_preemption_policy: Option<NodePodPreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodePodPreemptionPolicy {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub disable_resize_preemption: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeConfigSource {
    #[kapi(proto = 2, omitempty)]
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapNodeConfigSource {
    #[kapi(proto = 1)]
    pub namespace: String,
    #[kapi(proto = 2)]
    pub name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    #[kapi(proto = 5)]
    pub kubelet_config_key: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DaemonEndpoint {
    #[kapi(proto = 1, json = "Port")]
    pub port: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeDaemonEndpoints {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub kubelet_endpoint: DaemonEndpoint,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeRuntimeHandlerFeatures {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub recursive_read_only_mounts: Option<bool>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user_namespaces: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeRuntimeHandler {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeFeatures {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub supplemental_groups_policy: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSystemInfo {
    #[kapi(proto = 1)]
    pub machine_id: String,
    #[kapi(proto = 2)]
    pub system_uuid: String,
    #[kapi(proto = 3)]
    pub boot_id: String,
    #[kapi(proto = 4)]
    pub kernel_version: String,
    #[kapi(proto = 5)]
    pub os_image: String,
    #[kapi(proto = 6)]
    pub container_runtime_version: String,
    #[kapi(proto = 7)]
    pub kubelet_version: String,
    #[kapi(proto = 8)]
    pub kube_proxy_version: String,
    #[kapi(proto = 9)]
    pub operating_system: String,
    #[kapi(proto = 10)]
    pub architecture: String,
    #[kapi(proto = 11, omitempty)]
    pub swap: Option<NodeSwapStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeSwapStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeConfigStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub assigned: Option<NodeConfigSource>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub active: Option<NodeConfigSource>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_known_good: Option<NodeConfigSource>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub allocatable: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub phase: NodePhase,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<NodeCondition>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub addresses: Vec<NodeAddress>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub node_info: NodeSystemInfo,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub images: Vec<ContainerImage>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volumes_in_use: Vec<UniqueVolumeName>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volumes_attached: Vec<AttachedVolume>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub config: Option<NodeConfigStatus>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub features: Option<NodeFeatures>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub declared_features: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UniqueVolumeName(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AttachedVolume {
    #[kapi(proto = 1)]
    pub name: UniqueVolumeName,
    #[kapi(proto = 2)]
    pub device_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AvoidPods {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub prefer_avoid_pods: Vec<PreferAvoidPodsEntry>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PreferAvoidPodsEntry {
    #[kapi(proto = 1)]
    pub pod_signature: PodSignature,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub eviction_time: Time,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodSignature {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_controller: Option<OwnerReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerImage {
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub names: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub size_bytes: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodePhase(pub String);

impl NodePhase {
    pub const PENDING: &'static str = "Pending";
    pub const RUNNING: &'static str = "Running";
    pub const TERMINATED: &'static str = "Terminated";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeConditionType(pub String);

impl NodeConditionType {
    pub const READY: &'static str = "Ready";
    pub const MEMORY_PRESSURE: &'static str = "MemoryPressure";
    pub const DISK_PRESSURE: &'static str = "DiskPressure";
    pub const PID_PRESSURE: &'static str = "PIDPressure";
    pub const NETWORK_UNAVAILABLE: &'static str = "NetworkUnavailable";
    pub const GRACEFUL_NODE_SHUTDOWN_IN_PROGRESS: &'static str = "GracefulNodeShutdownInProgress";
    pub const DRAIN_IN_PROGRESS: &'static str = "DrainInProgress";
    pub const DRAINED: &'static str = "Drained";
    pub const MAINTENANCE_PLANNED: &'static str = "MaintenancePlanned";
    pub const MAINTENANCE_IN_PROGRESS: &'static str = "MaintenanceInProgress";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeCondition {
    #[kapi(proto = 1)]
    pub r#type: NodeConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_heartbeat_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAddressType(pub String);

impl NodeAddressType {
    pub const HOSTNAME: &'static str = "Hostname";
    pub const INTERNAL_IP: &'static str = "InternalIP";
    pub const EXTERNAL_IP: &'static str = "ExternalIP";
    pub const INTERNAL_DNS: &'static str = "InternalDNS";
    pub const EXTERNAL_DNS: &'static str = "ExternalDNS";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAddress {
    #[kapi(proto = 1)]
    pub r#type: NodeAddressType,
    #[kapi(proto = 2)]
    pub address: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceName(pub String);

impl ResourceName {
    pub const CPU: &'static str = "cpu";
    pub const MEMORY: &'static str = "memory";
    pub const STORAGE: &'static str = "storage";
    pub const RESOURCE_EPHEMERAL_STORAGE: &'static str = "ephemeral-storage";
    pub const PODS: &'static str = "pods";
    pub const SERVICES: &'static str = "services";
    pub const REPLICATIONCONTROLLERS: &'static str = "replicationcontrollers";
    pub const RESOURCEQUOTAS: &'static str = "resourcequotas";
    pub const SECRETS: &'static str = "secrets";
    pub const CONFIGMAPS: &'static str = "configmaps";
    pub const PERSISTENTVOLUMECLAIMS: &'static str = "persistentvolumeclaims";
    pub const RESOURCE_SERVICES_NODE_PORTS: &'static str = "services.nodeports";
    pub const RESOURCE_SERVICES_LOAD_BALANCERS: &'static str = "services.loadbalancers";
    pub const RESOURCE_REQUESTS_CPU: &'static str = "requests.cpu";
    pub const RESOURCE_REQUESTS_MEMORY: &'static str = "requests.memory";
    pub const RESOURCE_REQUESTS_STORAGE: &'static str = "requests.storage";
    pub const RESOURCE_REQUESTS_EPHEMERAL_STORAGE: &'static str = "requests.ephemeral-storage";
    pub const RESOURCE_LIMITS_CPU: &'static str = "limits.cpu";
    pub const RESOURCE_LIMITS_MEMORY: &'static str = "limits.memory";
    pub const RESOURCE_LIMITS_EPHEMERAL_STORAGE: &'static str = "limits.ephemeral-storage";
}

pub type ResourceList = BTreeMap<ResourceName, Quantity>;

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Node {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NodeSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: NodeStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct NodeList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Node>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FinalizerName(pub String);

impl FinalizerName {
    pub const KUBERNETES: &'static str = "kubernetes";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub finalizers: Vec<FinalizerName>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub phase: NamespacePhase,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<NamespaceCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespacePhase(pub String);

impl NamespacePhase {
    pub const ACTIVE: &'static str = "Active";
    pub const TERMINATING: &'static str = "Terminating";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceConditionType(pub String);

impl NamespaceConditionType {
    pub const NAMESPACE_DELETION_DISCOVERY_FAILURE: &'static str = "NamespaceDeletionDiscoveryFailure";
    pub const NAMESPACE_DELETION_CONTENT_FAILURE: &'static str = "NamespaceDeletionContentFailure";
    pub const NAMESPACE_DELETION_GROUP_VERSION_PARSING_FAILURE: &'static str =
        "NamespaceDeletionGroupVersionParsingFailure";
    pub const NAMESPACE_CONTENT_REMAINING: &'static str = "NamespaceContentRemaining";
    pub const NAMESPACE_FINALIZERS_REMAINING: &'static str = "NamespaceFinalizersRemaining";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamespaceCondition {
    #[kapi(proto = 1)]
    pub r#type: NamespaceConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:skipVerbs=deleteCollection
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Namespace {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: NamespaceSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: NamespaceStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct NamespaceList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Namespace>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Binding {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub target: ObjectReference,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Preconditions {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub uid: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodLogOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub container: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub follow: bool,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub previous: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub since_seconds: Option<i64>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub since_time: Option<Time>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub timestamps: bool,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub tail_lines: Option<i64>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub limit_bytes: Option<i64>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub insecure_skip_tls_verify_backend: bool,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub stream: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodAttachOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub stdout: bool,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stderr: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub container: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodExecOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub stdin: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub stdout: bool,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stderr: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tty: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub container: String,
    #[kapi(proto = 6)]
    #[kapi(list_type = "atomic")]
    pub command: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodPortForwardOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ports: Vec<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PodProxyOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct NodeProxyOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct ServiceProxyOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ObjectReference {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub kind: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub field_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct LocalObjectReference {
    #[kapi(proto = 1, omitempty, default = "\"\"")]
    #[kapi(optional)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct TypedLocalObjectReference {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: Option<String>,
    #[kapi(proto = 2)]
    pub kind: String,
    #[kapi(proto = 3)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct SerializedReference {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reference: ObjectReference,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub component: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub host: String,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Event {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub involved_object: ObjectReference,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub source: EventSource,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub first_timestamp: Time,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub last_timestamp: Time,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub count: i32,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub r#type: String,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub event_time: MicroTime,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub series: Option<EventSeries>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub action: String,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub related: Option<ObjectReference>,
    #[kapi(proto = 14)]
    #[kapi(optional)]
    pub reporting_component: String,
    #[kapi(proto = 15)]
    #[kapi(optional)]
    pub reporting_instance: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSeries {
    #[kapi(proto = 1, omitempty)]
    pub count: i32,
    #[kapi(proto = 2, omitempty)]
    pub last_observed_time: MicroTime,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct EventList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Event>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitType(pub String);

impl LimitType {
    pub const POD: &'static str = "Pod";
    pub const CONTAINER: &'static str = "Container";
    pub const PERSISTENT_VOLUME_CLAIM: &'static str = "PersistentVolumeClaim";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitRangeItem {
    #[kapi(proto = 1)]
    pub r#type: LimitType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub min: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub default: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub default_request: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub max_limit_request_ratio: BTreeMap<ResourceName, Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LimitRangeSpec {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub limits: Option<Vec<LimitRangeItem>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct LimitRange {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: LimitRangeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct LimitRangeList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<LimitRange>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceQuotaScope(pub String);

impl ResourceQuotaScope {
    pub const TERMINATING: &'static str = "Terminating";
    pub const NOT_TERMINATING: &'static str = "NotTerminating";
    pub const BEST_EFFORT: &'static str = "BestEffort";
    pub const NOT_BEST_EFFORT: &'static str = "NotBestEffort";
    pub const PRIORITY_CLASS: &'static str = "PriorityClass";
    pub const CROSS_NAMESPACE_POD_AFFINITY: &'static str = "CrossNamespacePodAffinity";
    pub const VOLUME_ATTRIBUTES_CLASS: &'static str = "VolumeAttributesClass";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceQuotaSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub hard: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub scopes: Vec<ResourceQuotaScope>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub scope_selector: Option<ScopeSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ScopeSelector {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_expressions: Vec<ScopedResourceSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScopedResourceSelectorRequirement {
    #[kapi(proto = 1)]
    pub scope_name: ResourceQuotaScope,
    #[kapi(proto = 2)]
    pub operator: ScopeSelectorOperator,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScopeSelectorOperator(pub String);

impl ScopeSelectorOperator {
    pub const IN: &'static str = "In";
    pub const NOT_IN: &'static str = "NotIn";
    pub const EXISTS: &'static str = "Exists";
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceQuotaStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub hard: BTreeMap<ResourceName, Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub used: BTreeMap<ResourceName, Quantity>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ResourceQuota {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ResourceQuotaSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ResourceQuotaStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ResourceQuotaList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceQuota>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Secret {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub immutable: Option<bool>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub data: BTreeMap<String, Vec<u8>>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub string_data: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub r#type: SecretType,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecretType(pub String);

impl SecretType {
    pub const OPAQUE: &'static str = "Opaque";
    pub const SERVICE_ACCOUNT_TOKEN: &'static str = "kubernetes.io/service-account-token";
    pub const DOCKERCFG: &'static str = "kubernetes.io/dockercfg";
    pub const DOCKER_CONFIG_JSON: &'static str = "kubernetes.io/dockerconfigjson";
    pub const BASIC_AUTH: &'static str = "kubernetes.io/basic-auth";
    pub const SSH_AUTH: &'static str = "kubernetes.io/ssh-auth";
    pub const TLS: &'static str = "kubernetes.io/tls";
    pub const BOOTSTRAP_TOKEN: &'static str = "bootstrap.kubernetes.io/token";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct SecretList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Secret>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ConfigMap {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub immutable: Option<bool>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub data: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub binary_data: BTreeMap<String, Vec<u8>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ConfigMapList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ConfigMap>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ComponentConditionType(pub String);

impl ComponentConditionType {
    pub const HEALTHY: &'static str = "Healthy";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ComponentCondition {
    #[kapi(proto = 1)]
    pub r#type: ComponentConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ComponentStatus {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<ComponentCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct ComponentStatusList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ComponentStatus>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<DownwardAPIVolumeFile>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub default_mode: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub default_user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIVolumeFile {
    #[kapi(proto = 1)]
    pub path: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub field_ref: Option<ObjectFieldSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub mode: Option<i32>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub user: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DownwardAPIProjection {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub items: Vec<DownwardAPIVolumeFile>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SecurityContext {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capabilities: Option<Capabilities>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub privileged: Option<bool>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub se_linux_options: Option<SELinuxOptions>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub run_as_user: Option<i64>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub run_as_group: Option<i64>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub run_as_non_root: Option<bool>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub read_only_root_filesystem: Option<bool>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub allow_privilege_escalation: Option<bool>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub proc_mount: Option<ProcMountType>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub seccomp_profile: Option<SeccompProfile>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub app_armor_profile: Option<AppArmorProfile>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ProcMountType(pub String);

impl ProcMountType {
    pub const DEFAULT: &'static str = "Default";
    pub const UNMASKED: &'static str = "Unmasked";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SELinuxOptions {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub role: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub r#type: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub level: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WindowsSecurityContextOptions {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub gmsa_credential_spec_name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub gmsa_credential_spec: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub run_as_user_name: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub host_process: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct RangeAllocation {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub range: String,
    #[kapi(proto = 3)]
    pub data: Option<Vec<u8>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Sysctl {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub value: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PortStatus {
    #[kapi(proto = 1)]
    pub port: i32,
    #[kapi(proto = 2)]
    pub protocol: Protocol,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LoadBalancerIPMode(pub String);

impl LoadBalancerIPMode {
    pub const V_IP: &'static str = "VIP";
    pub const PROXY: &'static str = "Proxy";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageVolumeSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub reference: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pull_policy: PullPolicy,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableResourceClaimStatus {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub resource_claim_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub containers: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub mapping: Vec<NodeAllocatableMappedResources>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub overhead: Vec<NodeAllocatableOverheadResources>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableMappedResources {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub quantity: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableOverheadResources {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub per_pod: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub per_container: Option<Quantity>,
}
