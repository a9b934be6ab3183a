//! The internal (hub) types of `internal.apiserver.k8s.io`, which v1alpha1 converts to and from.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// The storage versions API server instances use for one resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", internal)]
pub struct StorageVersion {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is `<group>.<resource>`.
    pub metadata: ObjectMeta,
    /// Always empty.
    pub spec: StorageVersionSpec,
    /// What each API server decodes and encodes for this resource.
    pub status: StorageVersionStatus,
}

/// An empty spec, present only to follow API conventions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageVersionSpec {}

/// The encoding and decoding versions reported by each API server.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageVersionStatus {
    /// One entry per API server instance.
    pub storage_versions: Vec<ServerStorageVersion>,
    /// The encoding version, when every API server uses the same one; unset otherwise.
    pub common_encoding_version: Option<String>,
    /// Current conditions of the storage version.
    pub conditions: Vec<StorageVersionCondition>,
}

/// The versions one API server instance writes and reads for a resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServerStorageVersion {
    /// ID of the reporting API server.
    pub api_server_id: String,
    /// The version objects are written to storage in.
    pub encoding_version: String,
    /// Versions the server can read from storage; includes the encoding version.
    pub decodable_versions: Vec<String>,
    /// Versions the server serves; all must be decodable.
    pub served_versions: Vec<String>,
}

/// The kind of a storage version condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageVersionConditionType(pub String);

impl StorageVersionConditionType {
    /// Every API server reports the same encoding version.
    pub const ALL_ENCODING_VERSIONS_EQUAL: &'static str = "AllEncodingVersionsEqual";
}

/// The status of a condition: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// Whether the condition holds is not known.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// One observed condition of a storage version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct StorageVersionCondition {
    /// The kind of condition.
    pub r#type: StorageVersionConditionType,
    /// `True`, `False` or `Unknown`.
    pub status: ConditionStatus,
    /// The `metadata.generation` the condition was computed from.
    pub observed_generation: i64,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    pub reason: String,
    /// A human-readable explanation of the last change.
    pub message: String,
}

/// A list of `StorageVersion` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", internal)]
pub struct StorageVersionList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The storage versions.
    pub items: Option<Vec<StorageVersion>>,
}
