//! Type definitions of `internal.apiserver.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// The storage versions API server instances use for one resource.
///
/// +genclient
/// +ownNameRule
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", version = "v1alpha1")]
pub struct StorageVersion {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name is `<group>.<resource>`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub metadata: ObjectMeta,
    /// Always empty.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: StorageVersionSpec,
    /// What each API server decodes and encodes for this resource.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub status: StorageVersionStatus,
}

/// An empty spec, present only to follow API conventions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionSpec {}

/// The encoding and decoding versions reported by each API server.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionStatus {
    /// One entry per API server instance.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "apiServerID")]
    pub storage_versions: Vec<ServerStorageVersion>,
    /// The encoding version, when every API server uses the same one; unset otherwise.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub common_encoding_version: Option<String>,
    /// Current conditions of the storage version.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<StorageVersionCondition>,
}

/// The versions one API server instance writes and reads for a resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServerStorageVersion {
    /// ID of the reporting API server.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub api_server_id: String,
    /// The version objects are written to storage in.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub encoding_version: String,
    /// Versions the server can read from storage; includes the encoding version.
    #[kapi(proto = 3, omitempty)]
    #[kapi(required, list_type = "set")]
    pub decodable_versions: Vec<String>,
    /// Versions the server serves; all must be decodable.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub served_versions: Vec<String>,
}

/// The kind of a storage version condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionConditionType(pub String);

impl StorageVersionConditionType {
    /// Every API server reports the same encoding version.
    pub const ALL_ENCODING_VERSIONS_EQUAL: &'static str = "AllEncodingVersionsEqual";
}

/// The status of a condition: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct StorageVersionCondition {
    /// The kind of condition.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub r#type: StorageVersionConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub status: ConditionStatus,
    /// The `metadata.generation` the condition was computed from.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// When the status last changed.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub reason: String,
    /// A human-readable explanation of the last change.
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub message: String,
}

/// A list of `StorageVersion` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", version = "v1alpha1")]
pub struct StorageVersionList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The storage versions.
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageVersion>>,
}
