//! Type definitions of `resource.k8s.io/v1alpha3`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceSelector {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub cel: Option<CELDeviceSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CELDeviceSelector {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub expression: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaint {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub key: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub effect: DeviceTaintEffect,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub time_added: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintEffect(pub String);

impl DeviceTaintEffect {
    pub const NONE: &'static str = "None";
    pub const NO_SCHEDULE: &'static str = "NoSchedule";
    pub const NO_EXECUTE: &'static str = "NoExecute";
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct DeviceTaintRule {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: DeviceTaintRuleSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DeviceTaintRuleStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintRuleSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub device_selector: Option<DeviceTaintSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub taint: DeviceTaint,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintSelector {
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub driver: Option<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pool: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub device: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintRuleStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct DeviceTaintRuleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<DeviceTaintRule>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct ResourcePoolStatusRequest {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: ResourcePoolStatusRequestSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: Option<ResourcePoolStatusRequestStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePoolStatusRequestSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pool_name: Option<String>,
    #[kapi(proto = 3, omitempty, default = "100")]
    #[kapi(optional)]
    pub limit: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub default_partition_type_attribute: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePoolStatusRequestStatus {
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub pool_count: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub pools: Vec<PoolStatus>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PoolStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub pool_name: String,
    #[kapi(proto = 9)]
    #[kapi(required)]
    pub generation: i64,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resource_slice_count: Option<i32>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub total_devices: Option<i32>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocated_devices: Option<i32>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub available_devices: Option<i32>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub unavailable_devices: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub validation_error: Option<String>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub partition_summary: Vec<PartitionTypeStatus>,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub shareable_summary: Option<ShareableSummaryStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PartitionTypeStatus {
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub attribute: String,
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub total: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(required)]
    pub allocatable: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ShareableSummaryStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub fully_available_devices: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub partially_available_devices: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub capacity: Vec<ShareableCapacityStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ShareableCapacityStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub total: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(required)]
    pub consumed: Option<Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub available: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct ResourcePoolStatusRequestList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourcePoolStatusRequest>>,
}
