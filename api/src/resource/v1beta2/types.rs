//! Type definitions of `resource.k8s.io/v1beta2`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, RawExtension, Time};

use crate::Kapi;
use crate::core::v1::{NodeSelector, ResourceName};
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceSlice {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: ResourceSliceSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceSliceSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pool: ResourcePool,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub all_nodes: Option<bool>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub devices: Vec<Device>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub per_device_node_selection: Option<bool>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub shared_counters: Vec<CounterSet>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub partition_type_attribute: Option<FullyQualifiedName>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SkipNodeOperation(pub String);

impl SkipNodeOperation {
    pub const NODE_PREPARE_RESOURCES: &'static str = "NodePrepareResources";
    pub const NODE_UNPREPARE_RESOURCES: &'static str = "NodeUnprepareResources";
    pub const ALL: &'static str = "*";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CounterSet {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub counters: BTreeMap<String, Counter>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePool {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub generation: i64,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub resource_slice_count: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Device {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub attributes: BTreeMap<QualifiedName, DeviceAttribute>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<QualifiedName, DeviceCapacity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub consumes_counters: Vec<DeviceCounterConsumption>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub all_nodes: Option<bool>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub taints: Vec<DeviceTaint>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub binds_to_node: Option<bool>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_conditions: Vec<String>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_failure_conditions: Vec<String>,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub allow_multiple_allocations: Option<bool>,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub node_allocatable_resources: BTreeMap<ResourceName, NodeAllocatableResource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableResource {
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mapping: Option<NodeAllocatableMapping>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub overhead: Option<NodeAllocatableOverhead>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableMapping {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity_key: Option<QualifiedName>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub capacity_multiplier: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub device_multiplier: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableOverhead {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub per_pod: Option<Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub per_container: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceCounterConsumption {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub counter_set: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub counters: BTreeMap<String, Counter>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceCapacity {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub value: Quantity,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub request_policy: Option<CapacityRequestPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Counter {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub value: Quantity,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequestPolicy {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub default: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub valid_values: Vec<Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub valid_range: Option<CapacityRequestPolicyRange>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequestPolicyRange {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub min: Option<Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub step: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QualifiedName(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FullyQualifiedName(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAttribute {
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub int: Option<i64>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub bool: Option<bool>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub string: Option<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub version: Option<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ints: Vec<i64>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub bools: Vec<bool>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub strings: Vec<String>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub versions: Vec<String>,
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
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
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
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct DeviceTaintRuleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<DeviceTaintRule>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceSliceList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceSlice>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceClaim {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ResourceClaimStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimSpec {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub devices: DeviceClaim,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClaim {
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Option<Vec<DeviceRequest>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub constraints: Vec<DeviceConstraint>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceClaimConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceRequest {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub exactly: Option<ExactDeviceRequest>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub first_available: Vec<DeviceSubRequest>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExactDeviceRequest {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub device_class_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub allocation_mode: DeviceAllocationMode,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub count: i64,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub admin_access: Option<bool>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<CapacityRequirements>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceSubRequest {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub device_class_name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub allocation_mode: DeviceAllocationMode,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub count: i64,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<CapacityRequirements>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequirements {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<QualifiedName, Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationMode(pub String);

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
pub struct DeviceConstraint {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub match_attribute: Option<FullyQualifiedName>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub distinct_attribute: Option<FullyQualifiedName>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClaimConfiguration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    #[kapi(proto = 2, inline)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceConfiguration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct OpaqueDeviceConfiguration {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub parameters: RawExtension,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceToleration {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub key: String,
    #[kapi(proto = 2, omitempty, default = "\"Equal\"")]
    #[kapi(optional)]
    pub operator: DeviceTolerationOperator,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub effect: DeviceTaintEffect,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub toleration_seconds: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTolerationOperator(pub String);

impl DeviceTolerationOperator {
    pub const EXISTS: &'static str = "Exists";
    pub const EQUAL: &'static str = "Equal";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub allocation: Option<AllocationResult>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "uid", patch_strategy = "merge", patch_merge_key = "uid")]
    pub reserved_for: Vec<ResourceClaimConsumerReference>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(
        optional,
        list_type = "map",
        list_map_key = "driver",
        list_map_key = "device",
        list_map_key = "pool",
        list_map_key = "shareID"
    )]
    pub devices: Vec<AllocatedDeviceStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimConsumerReference {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_group: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub resource: String,
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub uid: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocationResult {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub devices: DeviceAllocationResult,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocation_timestamp: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationResult {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub results: Vec<DeviceRequestAllocationResult>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceAllocationConfiguration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceRequestAllocationResult {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub request: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub pool: String,
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub device: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub admin_access: Option<bool>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_conditions: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_failure_conditions: Vec<String>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub share_id: Option<String>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub consumed_capacity: BTreeMap<QualifiedName, Quantity>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationConfiguration {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub source: AllocationConfigSource,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    #[kapi(proto = 3, inline)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocationConfigSource(pub String);

impl AllocationConfigSource {
    pub const FROM_CLASS: &'static str = "FromClass";
    pub const FROM_CLAIM: &'static str = "FromClaim";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceClaimList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceClaim>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct DeviceClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: DeviceClassSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClassSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceClassConfiguration>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub extended_resource_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClassConfiguration {
    #[kapi(proto = 1, inline)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct DeviceClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<DeviceClass>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceClaimTemplate {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimTemplateSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimTemplateSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta2")]
pub struct ResourceClaimTemplateList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceClaimTemplate>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocatedDeviceStatus {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pool: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub device: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub share_id: Option<String>,
    #[kapi(proto = 4)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Option<Vec<Condition>>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub data: Option<RawExtension>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub network_data: Option<NetworkDeviceData>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkDeviceData {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub interface_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ips: Vec<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hardware_address: String,
}
