//! Type definitions of `storagemigration.k8s.io/v1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, GroupResource, ListMeta, ObjectMeta};

/// Rewrites every stored object of a resource so it is persisted in the current storage version.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", version = "v1")]
pub struct StorageVersionMigration {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The resource to migrate.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: StorageVersionMigrationSpec,
    /// Progress of the migration.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: StorageVersionMigrationStatus,
}

/// What a storage version migration acts on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionMigrationSpec {
    /// The group and resource whose objects are rewritten; immutable.
    #[kapi(proto = 1)]
    pub resource: GroupResource,
}

/// The kind of a storage version migration condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MigrationConditionType(pub String);

impl MigrationConditionType {
    /// The migration is in progress.
    pub const RUNNING: &'static str = "Running";
    /// The migration finished without error.
    pub const SUCCEEDED: &'static str = "Succeeded";
    /// The migration gave up.
    pub const FAILED: &'static str = "Failed";
}

/// Observed state of a storage version migration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionMigrationStatus {
    /// Conditions such as `Running`, `Succeeded` or `Failed`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    /// The resource's version when the controller first saw the migration, compared against its cache.
    #[kapi(proto = 2, omitempty)]
    pub resource_version: String,
}

/// A list of `StorageVersionMigration` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", version = "v1")]
pub struct StorageVersionMigrationList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The migrations.
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageVersionMigration>>,
}
