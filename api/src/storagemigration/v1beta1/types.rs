//! Type definitions of `storagemigration.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, GroupResource, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", version = "v1beta1")]
pub struct StorageVersionMigration {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: StorageVersionMigrationSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: StorageVersionMigrationStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionMigrationSpec {
    #[kapi(proto = 1)]
    pub resource: GroupResource,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MigrationConditionType(pub String);

impl MigrationConditionType {
    pub const RUNNING: &'static str = "Running";
    pub const SUCCEEDED: &'static str = "Succeeded";
    pub const FAILED: &'static str = "Failed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionMigrationStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    #[kapi(proto = 2, omitempty)]
    pub resource_version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", version = "v1beta1")]
pub struct StorageVersionMigrationList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageVersionMigration>>,
}
