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

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct StorageClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub provisioner: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub parameters: BTreeMap<String, String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reclaim_policy: Option<PersistentVolumeReclaimPolicy>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mount_options: Vec<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub allow_volume_expansion: Option<bool>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub volume_binding_mode: Option<VolumeBindingMode>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub allowed_topologies: Vec<TopologySelectorTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct StorageClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageClass>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeBindingMode(pub String);

impl VolumeBindingMode {
    pub const IMMEDIATE: &'static str = "Immediate";
    pub const WAIT_FOR_FIRST_CONSUMER: &'static str = "WaitForFirstConsumer";
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttachment {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: VolumeAttachmentSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: VolumeAttachmentStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttachmentList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttachment>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub attacher: String,
    #[kapi(proto = 2)]
    pub source: VolumeAttachmentSource,
    #[kapi(proto = 3)]
    pub node_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentStatus {
    #[kapi(proto = 1)]
    pub attached: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub attachment_metadata: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub attach_error: Option<VolumeError>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub detach_error: Option<VolumeError>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeError {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub time: Time,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error_code: Option<i32>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIDriver {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: CSIDriverSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIDriverList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIDriver>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSIDriverSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub attach_required: Option<bool>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pod_info_on_mount: Option<bool>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub volume_lifecycle_modes: Vec<VolumeLifecycleMode>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub storage_capacity: Option<bool>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub fs_group_policy: Option<FSGroupPolicy>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub token_requests: Vec<TokenRequest>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub requires_republish: Option<bool>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub se_linux_mount: Option<bool>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub node_allocatable_update_period_seconds: Option<i64>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub service_account_token_in_secrets: Option<bool>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub prevent_pod_scheduling_if_missing: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FSGroupPolicy(pub String);

impl FSGroupPolicy {
    pub const READ_WRITE_ONCE_WITH_FS_TYPE: &'static str = "ReadWriteOnceWithFSType";
    pub const FILE: &'static str = "File";
    pub const NONE: &'static str = "None";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeLifecycleMode(pub String);

impl VolumeLifecycleMode {
    pub const PERSISTENT: &'static str = "Persistent";
    pub const EPHEMERAL: &'static str = "Ephemeral";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenRequest {
    #[kapi(proto = 1)]
    pub audience: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i64>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSINode {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: CSINodeSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CSINodeStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeSpec {
    #[kapi(proto = 1)]
    #[kapi(list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub drivers: Option<Vec<CSINodeDriver>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeDriver {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub node_id: String,
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub topology_keys: Option<Vec<String>>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub allocatable: Option<VolumeNodeResources>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeNodeResources {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealthStatusType(pub String);

impl StorageHealthStatusType {
    pub const STORAGE_UNREACHABLE: &'static str = "StorageUnreachable";
    pub const STORAGE_DEGRADED: &'static str = "StorageDegraded";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealthCondition {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub status: StorageHealthStatusType,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub reason: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub access_mode: Option<PersistentVolumeAccessMode>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub volume_mode: Option<PersistentVolumeMode>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageHealth {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub health_conditions: Vec<StorageHealthCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CSINodeStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub storage_health: Vec<StorageHealth>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSINodeList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSINode>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIStorageCapacity {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub node_topology: Option<LabelSelector>,
    #[kapi(proto = 3)]
    pub storage_class_name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<Quantity>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub maximum_volume_size: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct CSIStorageCapacityList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIStorageCapacity>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttributesClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub driver_name: String,
    #[kapi(proto = 3, omitempty)]
    pub parameters: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1beta1")]
pub struct VolumeAttributesClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttributesClass>>,
}
