//! Type definitions of `apiregistration.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiregistration.k8s.io", version = "v1")]
pub struct APIServiceList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<APIService>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceReference {
    #[kapi(proto = 1, omitempty)]
    pub namespace: String,
    #[kapi(proto = 2, omitempty)]
    pub name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub port: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service: Option<ServiceReference>,
    #[kapi(proto = 2, omitempty)]
    pub group: String,
    #[kapi(proto = 3, omitempty)]
    pub version: String,
    #[kapi(proto = 4, omitempty)]
    pub insecure_skip_tls_verify: bool,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ca_bundle: Vec<u8>,
    #[kapi(proto = 7)]
    pub group_priority_minimum: i32,
    #[kapi(proto = 8)]
    pub version_priority: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    pub const TRUE: &'static str = "True";
    pub const FALSE: &'static str = "False";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceConditionType(pub String);

impl APIServiceConditionType {
    pub const AVAILABLE: &'static str = "Available";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceCondition {
    #[kapi(proto = 1)]
    pub r#type: APIServiceConditionType,
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

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<APIServiceCondition>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiregistration.k8s.io", version = "v1")]
pub struct APIService {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: APIServiceSpec,
    #[kapi(proto = 3, omitempty)]
    pub status: APIServiceStatus,
}
