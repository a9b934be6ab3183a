//! Type definitions of `internal.apiserver.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", version = "v1alpha1")]
pub struct StorageVersion {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: StorageVersionSpec,
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub status: StorageVersionStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionSpec {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "apiServerID")]
    pub storage_versions: Vec<ServerStorageVersion>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub common_encoding_version: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<StorageVersionCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServerStorageVersion {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub api_server_id: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub encoding_version: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(required, list_type = "set")]
    pub decodable_versions: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub served_versions: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionConditionType(pub String);

impl StorageVersionConditionType {
    pub const ALL_ENCODING_VERSIONS_EQUAL: &'static str = "AllEncodingVersionsEqual";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    pub const TRUE: &'static str = "True";
    pub const FALSE: &'static str = "False";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StorageVersionCondition {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub r#type: StorageVersionConditionType,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub reason: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "internal.apiserver.k8s.io", version = "v1alpha1")]
pub struct StorageVersionList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<StorageVersion>>,
}
