//! Type definitions of `resource.k8s.io/v1alpha3`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// A criterion a device must satisfy; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceSelector {
    /// A CEL expression.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub cel: Option<CELDeviceSelector>,
}

/// Selects devices with a CEL expression.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CELDeviceSelector {
    /// CEL over the `device` variable that is true for suitable devices; at most 10 Ki long.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub expression: String,
}

/// A mark on a device that acts on claims lacking a matching toleration, and on their pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaint {
    /// The taint key, a label name.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub key: String,
    /// The taint value, a label value.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: String,
    /// What happens to claims without a matching toleration; unknown effects act like `None`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub effect: DeviceTaintEffect,
    /// Time of adding the taint or last changing its effect; set automatically when empty.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub time_added: Option<Time>,
}

/// What a device taint does to claims and pods without a matching toleration.
///
/// +enum
/// +k8s:beta(since: "1.37")=+k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintEffect(pub String);

impl DeviceTaintEffect {
    /// Only informs; nothing happens to claims or pods.
    pub const NONE: &'static str = "None";
    /// New pods using the device are not scheduled; running pods stay.
    pub const NO_SCHEDULE: &'static str = "NoSchedule";
    /// Running pods using the device are evicted as well.
    pub const NO_EXECUTE: &'static str = "NoExecute";
}

/// Taints every device a selector matches, as if the driver had published the taint.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.33
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct DeviceTaintRule {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The selector and the taint; changes raise the generation.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: DeviceTaintRuleSpec,
    /// Progress of the evictions the rule causes.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: DeviceTaintRuleStatus,
}

/// The devices a rule taints and the taint it applies.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintRuleSpec {
    /// The devices to taint; unset matches none, empty matches all.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub device_selector: Option<DeviceTaintSelector>,
    /// The taint to apply.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub taint: DeviceTaint,
}

/// Narrows the devices a taint rule applies to; every set field must match.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintSelector {
    /// Only devices of this driver.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub driver: Option<String>,
    /// Only devices in pools of this name.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pool: Option<String>,
    /// Only devices of this name.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub device: Option<String>,
}

/// The state of a taint rule, such as pending evictions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTaintRuleStatus {
    /// Conditions such as `EvictionInProgress`; at most 8.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// A list of DeviceTaintRule objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.33
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct DeviceTaintRuleList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The DeviceTaintRule objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<DeviceTaintRule>>,
}

/// Asks for a one-off summary of resource pools; recreate it to get fresh numbers.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.36
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct ResourcePoolStatusRequest {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub metadata: ObjectMeta,
    /// Which pools to summarize; immutable.
    ///
    /// +k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: ResourcePoolStatusRequestSpec,
    /// The summary; once set, the object no longer changes.
    ///
    /// +k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: Option<ResourcePoolStatusRequestStatus>,
}

/// Which pools a status request covers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePoolStatusRequestSpec {
    /// Only pools of this driver.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-long-name-caseless
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    /// Only the pool of this name; unset means all of the driver's pools.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-resource-pool-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub pool_name: Option<String>,
    /// Most pools to report, 1 to 1000; defaults to 100.
    ///
    /// +k8s:optional
    /// +k8s:minimum=1
    /// +k8s:maximum=1000
    #[kapi(proto = 3, omitempty, default = "100")]
    #[kapi(optional)]
    pub limit: Option<i32>,
    /// Attribute to group partitionable devices by when their slice names none.
    ///
    /// +k8s:ifDisabled(DRAPartitionableDevicesType)=+k8s:forbidden
    /// +k8s:ifEnabled(DRAPartitionableDevicesType)=+k8s:optional
    /// +k8s:ifEnabled(DRAPartitionableDevicesType)=+k8s:format=k8s-resource-fully-qualified-name
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub default_partition_type_attribute: Option<String>,
}

/// The pool summaries computed for a status request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePoolStatusRequestStatus {
    /// How many pools matched, before the limit.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub pool_count: Option<i32>,
    /// Up to `limit` matching pools, ordered by driver, then pool name.
    ///
    /// +k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:maxItems=1000
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub pools: Vec<PoolStatus>,
    /// `Complete` or `Failed` once the request is processed.
    ///
    /// +k8s:optional
    /// +k8s:maxItems=10
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
}

/// Device counts and summaries for one resource pool.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PoolStatus {
    /// The pool's driver.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-long-name-caseless
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub driver: String,
    /// The pool's name.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-resource-pool-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub pool_name: String,
    /// The latest generation seen for the pool.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 9)]
    #[kapi(required)]
    pub generation: i64,
    /// How many slices make up the pool.
    ///
    /// +k8s:optional
    /// +k8s:minimum=1
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub resource_slice_count: Option<i32>,
    /// All devices in the pool.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub total_devices: Option<i32>,
    /// Devices allocated to claims.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocated_devices: Option<i32>,
    /// Devices that can still be allocated.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub available_devices: Option<i32>,
    /// Unallocated devices that cannot be used, for example because of taints.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub unavailable_devices: Option<i32>,
    /// The node the pool belongs to, if any.
    ///
    /// +k8s:optional
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    /// Why the pool could not be fully checked; counts may then be missing.
    ///
    /// +k8s:optional
    /// +k8s:maxBytes=256
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub validation_error: Option<String>,
    /// Allocatable devices per partition type, for pools with shared counters.
    ///
    /// +k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=attribute
    /// +k8s:listMapKey=type
    /// +k8s:maxItems=32
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub partition_summary: Vec<PartitionTypeStatus>,
    /// Usage of devices that allow multiple allocations, if the pool has any.
    ///
    /// +k8s:optional
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub shareable_summary: Option<ShareableSummaryStatus>,
}

/// How many devices of one partition type a pool has and can still allocate.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PartitionTypeStatus {
    /// The attribute whose value defines the partition type.
    ///
    /// +k8s:required
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub attribute: String,
    /// The partition type value, e.g. `Full` or `Half`.
    ///
    /// +k8s:required
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub r#type: String,
    /// Devices of this type in the pool.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub total: Option<i32>,
    /// How many more devices of this type can be allocated now.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 3, omitempty)]
    #[kapi(required)]
    pub allocatable: Option<i32>,
}

/// Totals for the devices of a pool that allow multiple allocations.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ShareableSummaryStatus {
    /// Shareable devices with nothing consumed.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub fully_available_devices: Option<i32>,
    /// Shareable devices with part of their capacity consumed.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub partially_available_devices: Option<i32>,
    /// Totals per shareable capacity.
    ///
    /// +k8s:optional
    /// +k8s:maxItems=32
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub capacity: Vec<ShareableCapacityStatus>,
}

/// Total, consumed and free amounts of one shareable capacity across a pool.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ShareableCapacityStatus {
    /// Name of the capacity.
    ///
    /// +k8s:required
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub name: String,
    /// Sum over the pool's shareable devices.
    ///
    /// +k8s:required
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub total: Option<Quantity>,
    /// Amount used by current allocations.
    ///
    /// +k8s:required
    #[kapi(proto = 3, omitempty)]
    #[kapi(required)]
    pub consumed: Option<Quantity>,
    /// Amount still free.
    ///
    /// +k8s:required
    #[kapi(proto = 4, omitempty)]
    #[kapi(required)]
    pub available: Option<Quantity>,
}

/// A list of ResourcePoolStatusRequest objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.36
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1alpha3")]
pub struct ResourcePoolStatusRequestList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ResourcePoolStatusRequest objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourcePoolStatusRequest>>,
}
