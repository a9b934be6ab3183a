//! The internal (hub) types of `storagemigration.k8s.io`, which v1 and v1beta1 convert to and from.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, GroupResource, ListMeta, ObjectMeta};

/// Rewrites every stored object of a resource so it is persisted in the current storage version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", internal)]
pub struct StorageVersionMigration {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The resource to migrate.
    pub spec: StorageVersionMigrationSpec,
    /// Progress of the migration.
    pub status: StorageVersionMigrationStatus,
}

/// What a storage version migration acts on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageVersionMigrationSpec {
    /// The group and resource whose objects are rewritten; immutable.
    pub resource: GroupResource,
}

/// The kind of a storage version migration condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct StorageVersionMigrationStatus {
    /// Conditions such as `Running`, `Succeeded` or `Failed`.
    pub conditions: Vec<Condition>,
    /// The resource's version when the controller first saw the migration, compared against its cache.
    pub resource_version: String,
}

/// A list of `StorageVersionMigration` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storagemigration.k8s.io", internal)]
pub struct StorageVersionMigrationList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The migrations.
    pub items: Option<Vec<StorageVersionMigration>>,
}
