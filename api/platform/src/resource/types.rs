//! The internal (hub) types of `resource.k8s.io`, in v1's shape, which v1, v1beta2, v1beta1 and v1alpha3 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, RawExtension, Time};

use crate::Kapi;
use crate::core::{NodeSelector, ResourceName};
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// A driver-published description of some devices, or of counters they share, in one resource pool.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceSlice {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The devices and the pool they belong to.
    pub spec: ResourceSliceSpec,
}

/// The devices a slice publishes, the pool they belong to and the nodes that can reach them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceSliceSpec {
    /// Name of the DRA driver publishing the slice, a DNS subdomain; immutable.
    pub driver: String,
    /// The pool this slice is part of.
    pub pool: ResourcePool,
    /// The one node providing the devices; immutable; exactly one node-selection field must be set.
    pub node_name: Option<String>,
    /// The nodes that can reach the devices, with exactly one term.
    pub node_selector: Option<NodeSelector>,
    /// Set when every node can reach the devices.
    pub all_nodes: Option<bool>,
    /// Some or all of the pool's devices; at most 128, or 64 when taints or counters are used.
    pub devices: Vec<Device>,
    /// When true, each device states its own node selection instead of the slice.
    pub per_device_node_selection: Option<bool>,
    /// Counter sets the pool's devices draw from; at most 8, and not together with `devices`.
    pub shared_counters: Vec<CounterSet>,
    /// A string device attribute whose value gives each partitionable device its partition type.
    pub partition_type_attribute: Option<FullyQualifiedName>,
    /// Node-side driver calls that can be left out for these devices.
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

/// A node-side driver call (gRPC) that may be skipped for a device.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SkipNodeOperation(pub String);

impl SkipNodeOperation {
    /// Skip NodePrepareResources; only allowed together with skipping the unprepare call.
    pub const NODE_PREPARE_RESOURCES: &'static str = "NodePrepareResources";
    /// Skip NodeUnprepareResources.
    pub const NODE_UNPREPARE_RESOURCES: &'static str = "NodeUnprepareResources";
    /// Skip every node-side call.
    pub const ALL: &'static str = "*";
}

/// A named group of counters that devices in a pool consume while allocated.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CounterSet {
    /// Name of the set, a DNS label unique in the pool.
    pub name: String,
    /// The counters, keyed by a DNS label name; at most 32.
    pub counters: BTreeMap<String, Counter>,
}

/// Identifies the pool a slice belongs to and the pool's current generation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourcePool {
    /// Name of the pool, often the node name for node-local devices; immutable.
    pub name: String,
    /// Raised by the driver whenever the pool changes; only the highest generation counts.
    pub generation: i64,
    /// How many slices make up the pool at this generation; positive.
    pub resource_slice_count: i64,
}

/// One device that requests can select by its attributes and capacities.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Device {
    /// Name of the device, a DNS label unique within the driver's pool.
    pub name: String,
    /// Attributes by name; at most 32 attributes and capacities together.
    pub attributes: BTreeMap<QualifiedName, DeviceAttribute>,
    /// Capacities by name; at most 32 attributes and capacities together.
    pub capacity: BTreeMap<QualifiedName, DeviceCapacity>,
    /// Counters the device takes from the slice's counter sets; at most 2 entries.
    pub consumes_counters: Vec<DeviceCounterConsumption>,
    /// The node holding the device; only with per-device node selection.
    pub node_name: Option<String>,
    /// The nodes that can reach the device; only with per-device node selection.
    pub node_selector: Option<NodeSelector>,
    /// Set when every node can reach the device; only with per-device node selection.
    pub all_nodes: Option<bool>,
    /// Taints set by the driver; at most 16.
    pub taints: Vec<DeviceTaint>,
    /// When true, use of an allocation is pinned to the node chosen when allocating.
    pub binds_to_node: Option<bool>,
    /// Condition types that must all be True in the device status before a pod is bound; at most 4.
    pub binding_conditions: Vec<String>,
    /// Condition types that mean binding failed when one is True; at most 4.
    pub binding_failure_conditions: Vec<String>,
    /// When true, several allocations can share the device and consume its capacity.
    pub allow_multiple_allocations: Option<bool>,
    /// How allocating the device counts against node resources such as `cpu` or `memory`.
    pub node_allocatable_resources: BTreeMap<ResourceName, NodeAllocatableResource>,
}

/// How an allocation of a device counts against one node-allocatable resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableResource {
    /// Used when the device itself stands for the resource; counted once per claim.
    pub mapping: Option<NodeAllocatableMapping>,
    /// Extra amount used by pods and containers of the claim; always taken from the node.
    pub overhead: Option<NodeAllocatableOverhead>,
}

/// Turns an allocation into an amount of a node resource, from device count or consumed capacity.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableMapping {
    /// A device capacity whose consumed amount, times `capacity_multiplier`, gives the resource amount.
    pub capacity_key: Option<QualifiedName>,
    /// Factor applied to the capacity named by `capacity_key`.
    pub capacity_multiplier: Option<Quantity>,
    /// Resource amount per allocated device; not combined with the capacity fields.
    pub device_multiplier: Option<Quantity>,
}

/// Additional node resource used by pods and containers that reference a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NodeAllocatableOverhead {
    /// Charged once for each pod that references the claim.
    pub per_pod: Option<Quantity>,
    /// Charged for each container that references the claim.
    pub per_container: Option<Quantity>,
}

/// The counters a device takes from one counter set while it is allocated.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceCounterConsumption {
    /// Name of the counter set to take from.
    pub counter_set: String,
    /// Amounts taken, by counter name; at most 32.
    pub counters: BTreeMap<String, Counter>,
}

/// An amount a device provides and how requests may use it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceCapacity {
    /// The device's total amount; consumption does not change it.
    pub value: Quantity,
    /// How shared allocations consume the capacity; needs `allow_multiple_allocations`.
    pub request_policy: Option<CapacityRequestPolicy>,
}

/// An amount held by a counter.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Counter {
    /// The amount.
    pub value: Quantity,
}

/// Rules for how much of a shared device's capacity one request consumes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CapacityRequestPolicy {
    /// Amount consumed by a request that does not ask for this capacity.
    pub default: Option<Quantity>,
    /// The only amounts a request may consume, ascending, at most 10; requests round up to one.
    pub valid_values: Vec<Quantity>,
    /// The range of amounts a request may consume.
    pub valid_range: Option<CapacityRequestPolicyRange>,
}

/// A range, with an optional step, of the amounts a request may consume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CapacityRequestPolicyRange {
    /// Smallest amount; smaller requests are raised to it.
    pub min: Option<Quantity>,
    /// Largest amount; a request above it cannot use the device.
    pub max: Option<Quantity>,
    /// Granularity above `min`; requests round up to the next step.
    pub step: Option<Quantity>,
}

/// Name of a device attribute or capacity: an identifier, optionally after a domain and a slash.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct QualifiedName(pub String);

/// Name of a device attribute or capacity that includes its domain.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FullyQualifiedName(pub String);

/// The value of a device attribute; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceAttribute {
    /// An integer.
    pub int: Option<i64>,
    /// A boolean.
    pub bool: Option<bool>,
    /// A string of at most 64 characters.
    pub string: Option<String>,
    /// A semantic version (semver 2.0.0) of at most 64 characters.
    pub version: Option<String>,
    /// A non-empty list of integers.
    pub ints: Vec<i64>,
    /// A non-empty list of booleans.
    pub bools: Vec<bool>,
    /// A non-empty list of strings, each at most 64 characters.
    pub strings: Vec<String>,
    /// A non-empty list of semantic versions, each at most 64 characters.
    pub versions: Vec<String>,
}

/// A mark on a device that acts on claims lacking a matching toleration, and on their pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceTaint {
    /// The taint key, a label name.
    pub key: String,
    /// The taint value, a label value.
    pub value: String,
    /// What happens to claims without a matching toleration; unknown effects act like `None`.
    pub effect: DeviceTaintEffect,
    /// Time of adding the taint or last changing its effect; set automatically when empty.
    pub time_added: Option<Time>,
}

/// What a device taint does to claims and pods without a matching toleration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct DeviceTaintRule {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The selector and the taint; changes raise the generation.
    pub spec: DeviceTaintRuleSpec,
    /// Progress of the evictions the rule causes.
    pub status: DeviceTaintRuleStatus,
}

/// The devices a rule taints and the taint it applies.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceTaintRuleSpec {
    /// The devices to taint; unset matches none, empty matches all.
    pub device_selector: Option<DeviceTaintSelector>,
    /// The taint to apply.
    pub taint: DeviceTaint,
}

/// Narrows the devices a taint rule applies to; every set field must match.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceTaintSelector {
    /// Only devices of this driver.
    pub driver: Option<String>,
    /// Only devices in pools of this name.
    pub pool: Option<String>,
    /// Only devices of this name.
    pub device: Option<String>,
}

/// The state of a taint rule, such as pending evictions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceTaintRuleStatus {
    /// Conditions such as `EvictionInProgress`; at most 8.
    pub conditions: Vec<Condition>,
}

/// A list of DeviceTaintRule objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct DeviceTaintRuleList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The DeviceTaintRule objects.
    pub items: Option<Vec<DeviceTaintRule>>,
}

/// A list of ResourceSlice objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceSliceList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ResourceSlice objects.
    pub items: Option<Vec<ResourceSlice>>,
}

/// A request for devices on behalf of workloads, with what was allocated for it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceClaim {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What is requested; immutable.
    pub spec: ResourceClaimSpec,
    /// Allocation, reservations and device status.
    pub status: ResourceClaimStatus,
}

/// What a claim asks for and how the devices are to be configured.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceClaimSpec {
    /// The device requests.
    pub devices: DeviceClaim,
}

/// The device requests, constraints and configuration of a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceClaim {
    /// Requests that must all be met; empty means nothing is allocated.
    pub requests: Option<Vec<DeviceRequest>>,
    /// Conditions the allocated devices must meet together.
    pub constraints: Vec<DeviceConstraint>,
    /// Configuration for the drivers; ignored while allocating.
    pub config: Vec<DeviceClaimConfiguration>,
}

/// One named request for devices in a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceRequest {
    /// Name of the request, a DNS label, used by containers and constraints to refer to it.
    pub name: String,
    /// A request that must be met as written; exclusive with `first_available`.
    pub exactly: Option<ExactDeviceRequest>,
    /// Alternatives tried in order; the first one that can be met is used.
    pub first_available: Vec<DeviceSubRequest>,
}

/// Asks for one or more devices of a single class that satisfy given criteria.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExactDeviceRequest {
    /// The DeviceClass whose selectors and configuration the request inherits.
    pub device_class_name: String,
    /// Extra criteria every device must meet.
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (the default) or `All` matching devices of a pool.
    pub allocation_mode: DeviceAllocationMode,
    /// Number of devices for `ExactCount`; defaults to 1.
    pub count: i64,
    /// When true, asks for administrative access that ignores ordinary allocations.
    pub admin_access: Option<bool>,
    /// Device taints the request tolerates; at most 16.
    pub tolerations: Vec<DeviceToleration>,
    /// Capacity each allocated device must provide; otherwise the capacity's policy applies.
    pub capacity: Option<CapacityRequirements>,
}

/// One alternative in a request's ordered `first_available` list.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceSubRequest {
    /// Name of the alternative, a DNS label; referred to as `<request>/<subrequest>`.
    pub name: String,
    /// The DeviceClass whose selectors and configuration the request inherits.
    pub device_class_name: String,
    /// Extra criteria every device must meet.
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (the default) or `All` matching devices of a pool.
    pub allocation_mode: DeviceAllocationMode,
    /// Number of devices for `ExactCount`; defaults to 1.
    pub count: i64,
    /// Device taints the request tolerates; at most 16.
    pub tolerations: Vec<DeviceToleration>,
    /// Capacity each allocated device must provide; otherwise the capacity's policy applies.
    pub capacity: Option<CapacityRequirements>,
}

/// The amounts of device capacity a request needs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CapacityRequirements {
    /// Least amount needed per capacity name; raised to a value the capacity's policy allows.
    pub requests: BTreeMap<QualifiedName, Quantity>,
}

/// How many devices a request wants: `ExactCount` or `All`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceAllocationMode(pub String);

/// A criterion a device must satisfy; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceSelector {
    /// A CEL expression.
    pub cel: Option<CELDeviceSelector>,
}

/// Selects devices with a CEL expression.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CELDeviceSelector {
    /// CEL over the `device` variable that is true for suitable devices; at most 10 Ki long.
    pub expression: String,
}

/// A condition that the devices of several requests must meet together.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceConstraint {
    /// Requests (or `<request>/<subrequest>`) the constraint covers; empty means all.
    pub requests: Vec<String>,
    /// An attribute that must have the same value on all the devices.
    pub match_attribute: Option<FullyQualifiedName>,
    /// An attribute that must have a different value on each of the devices.
    pub distinct_attribute: Option<FullyQualifiedName>,
}

/// Configuration given in a claim for some or all of its requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceClaimConfiguration {
    /// Requests (or `<request>/<subrequest>`) it applies to; empty means all.
    pub requests: Vec<String>,
    /// The configuration.
    pub device_configuration: DeviceConfiguration,
}

/// Device configuration; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceConfiguration {
    /// Parameters handed to a driver unchanged.
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Parameters for one driver, in a format that driver defines.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct OpaqueDeviceConfiguration {
    /// The driver whose kubelet plugin receives the parameters.
    pub driver: String,
    /// Driver-defined data, at most 10 Ki.
    pub parameters: RawExtension,
}

/// Lets a claim use devices that carry a matching taint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceToleration {
    /// Taint key to match; empty together with `Exists` matches every taint.
    pub key: String,
    /// `Equal` (the default) or `Exists`.
    pub operator: DeviceTolerationOperator,
    /// Taint value to match; empty with `Exists`.
    pub value: String,
    /// Taint effect to match; empty matches every effect.
    pub effect: DeviceTaintEffect,
    /// For `NoExecute`, seconds the taint is tolerated before eviction; unset means forever.
    pub toleration_seconds: Option<i64>,
}

/// How a toleration compares its value with a taint's.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceTolerationOperator(pub String);

impl DeviceTolerationOperator {
    /// Any value of the key matches.
    pub const EXISTS: &'static str = "Exists";
    /// Only the same value matches.
    pub const EQUAL: &'static str = "Equal";
}

/// Whether a claim is allocated, who may use it, and how its devices are doing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceClaimStatus {
    /// Set once devices have been allocated.
    pub allocation: Option<AllocationResult>,
    /// Consumers currently allowed to use the claim; at most 256.
    pub reserved_for: Vec<ResourceClaimConsumerReference>,
    /// Status of each allocated device, written by its driver.
    pub devices: Vec<AllocatedDeviceStatus>,
}

/// Points to an object in the claim's namespace, usually a pod, that uses the claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceClaimConsumerReference {
    /// API group of the consumer; empty for the core group.
    pub api_group: String,
    /// Resource type of the consumer, such as `pods`.
    pub resource: String,
    /// Name of the consumer.
    pub name: String,
    /// UID of the consumer.
    pub uid: String,
}

/// What was allocated for a claim and where it can be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AllocationResult {
    /// The allocated devices.
    pub devices: DeviceAllocationResult,
    /// Nodes where the allocation can be used; unset means all.
    pub node_selector: Option<NodeSelector>,
    /// When the allocation was made, if known.
    pub allocation_timestamp: Option<Time>,
}

/// The devices allocated for a claim and the configuration that goes with them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceAllocationResult {
    /// One entry per allocated device.
    pub results: Vec<DeviceRequestAllocationResult>,
    /// Configuration from the classes and the claim, handed to the drivers.
    pub config: Vec<DeviceAllocationConfiguration>,
}

/// One device allocated for one request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceRequestAllocationResult {
    /// The request (or `<request>/<subrequest>`) the device was allocated for.
    pub request: String,
    /// The driver whose kubelet plugin prepares the device.
    pub driver: String,
    /// The pool the device belongs to.
    pub pool: String,
    /// Name of the device in its pool.
    pub device: String,
    /// Whether the device was allocated for administrative access.
    pub admin_access: Option<bool>,
    /// The request's tolerations at allocation time.
    pub tolerations: Vec<DeviceToleration>,
    /// The device's binding conditions at allocation time.
    pub binding_conditions: Vec<String>,
    /// The device's binding failure conditions at allocation time.
    pub binding_failure_conditions: Vec<String>,
    /// Identifies this share of a device that allows multiple allocations.
    pub share_id: Option<String>,
    /// Capacity this allocation uses of a shared device, rounded up by its policy.
    pub consumed_capacity: BTreeMap<QualifiedName, Quantity>,
    /// The slice's skipped node calls at allocation time.
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

/// Configuration stored with an allocation, from a class or the claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceAllocationConfiguration {
    /// Whether the configuration came from a class or from the claim.
    pub source: AllocationConfigSource,
    /// Requests (or `<request>/<subrequest>`) it applies to; empty means all.
    pub requests: Vec<String>,
    /// The configuration.
    pub device_configuration: DeviceConfiguration,
}

/// Where a piece of allocation configuration came from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AllocationConfigSource(pub String);

impl AllocationConfigSource {
    /// From a device class.
    pub const FROM_CLASS: &'static str = "FromClass";
    /// From the claim.
    pub const FROM_CLAIM: &'static str = "FromClaim";
}

/// A list of ResourceClaim objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceClaimList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ResourceClaim objects.
    pub items: Option<Vec<ResourceClaim>>,
}

/// A cluster-wide preset of device selectors and configuration that requests refer to by name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct DeviceClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Selectors and configuration; may change at any time.
    pub spec: DeviceClassSpec,
}

/// The selectors and configuration a device class adds to requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceClassSpec {
    /// Criteria every device claimed through the class must meet.
    pub selectors: Vec<DeviceSelector>,
    /// Configuration for every device claimed through the class; not used when allocating.
    pub config: Vec<DeviceClassConfiguration>,
    /// An extended resource name pods can request to get devices of this class.
    pub extended_resource_name: Option<String>,
}

/// Configuration a class applies to the devices claimed through it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct DeviceClassConfiguration {
    /// The configuration.
    pub device_configuration: DeviceConfiguration,
}

/// A list of DeviceClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct DeviceClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The DeviceClass objects.
    pub items: Option<Vec<DeviceClass>>,
}

/// A blueprint the control plane uses to create ResourceClaim objects for pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceClaimTemplate {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The claim to create; immutable.
    pub spec: ResourceClaimTemplateSpec,
}

/// The metadata and spec copied into each claim made from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceClaimTemplateSpec {
    /// Labels and annotations for the created claim; other fields are rejected.
    pub metadata: ObjectMeta,
    /// Copied unchanged into the created claim.
    pub spec: ResourceClaimSpec,
}

/// A list of ResourceClaimTemplate objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourceClaimTemplateList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ResourceClaimTemplate objects.
    pub items: Option<Vec<ResourceClaimTemplate>>,
}

/// The status of one allocated device, as reported by its driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AllocatedDeviceStatus {
    /// The driver of the device.
    pub driver: String,
    /// The pool of the device.
    pub pool: String,
    /// Name of the device in its pool.
    pub device: String,
    /// The allocation share, for devices that allow multiple allocations.
    pub share_id: Option<String>,
    /// The device's state, such as `Ready`; at most 8.
    pub conditions: Option<Vec<Condition>>,
    /// Driver-specific data, at most 10 Ki.
    pub data: Option<RawExtension>,
    /// Network details of the device.
    pub network_data: Option<NetworkDeviceData>,
}

/// Network details of an allocated device, such as its interface and addresses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NetworkDeviceData {
    /// Name of the network interface in the pod; at most 256 bytes.
    pub interface_name: String,
    /// Addresses of the interface in CIDR notation, IPv4 or IPv6.
    pub ips: Vec<String>,
    /// Hardware (for example MAC) address of the interface; at most 128 bytes.
    pub hardware_address: String,
}

/// Asks for a one-off summary of resource pools; recreate it to get fresh numbers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourcePoolStatusRequest {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Which pools to summarize; immutable.
    pub spec: ResourcePoolStatusRequestSpec,
    /// The summary; once set, the object no longer changes.
    pub status: Option<ResourcePoolStatusRequestStatus>,
}

/// Which pools a status request covers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourcePoolStatusRequestSpec {
    /// Only pools of this driver.
    pub driver: String,
    /// Only the pool of this name; unset means all of the driver's pools.
    pub pool_name: Option<String>,
    /// Most pools to report, 1 to 1000; defaults to 100.
    pub limit: Option<i32>,
    /// Attribute to group partitionable devices by when their slice names none.
    pub default_partition_type_attribute: Option<String>,
}

/// The pool summaries computed for a status request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourcePoolStatusRequestStatus {
    /// How many pools matched, before the limit.
    pub pool_count: Option<i32>,
    /// Up to `limit` matching pools, ordered by driver, then pool name.
    pub pools: Vec<PoolStatus>,
    /// `Complete` or `Failed` once the request is processed.
    pub conditions: Vec<Condition>,
}

/// Device counts and summaries for one resource pool.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PoolStatus {
    /// The pool's driver.
    pub driver: String,
    /// The pool's name.
    pub pool_name: String,
    /// The latest generation seen for the pool.
    pub generation: i64,
    /// How many slices make up the pool.
    pub resource_slice_count: Option<i32>,
    /// All devices in the pool.
    pub total_devices: Option<i32>,
    /// Devices allocated to claims.
    pub allocated_devices: Option<i32>,
    /// Devices that can still be allocated.
    pub available_devices: Option<i32>,
    /// Unallocated devices that cannot be used, for example because of taints.
    pub unavailable_devices: Option<i32>,
    /// The node the pool belongs to, if any.
    pub node_name: Option<String>,
    /// Why the pool could not be fully checked; counts may then be missing.
    pub validation_error: Option<String>,
    /// Allocatable devices per partition type, for pools with shared counters.
    pub partition_summary: Vec<PartitionTypeStatus>,
    /// Usage of devices that allow multiple allocations, if the pool has any.
    pub shareable_summary: Option<ShareableSummaryStatus>,
}

/// How many devices of one partition type a pool has and can still allocate.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PartitionTypeStatus {
    /// The attribute whose value defines the partition type.
    pub attribute: String,
    /// The partition type value, e.g. `Full` or `Half`.
    pub r#type: String,
    /// Devices of this type in the pool.
    pub total: Option<i32>,
    /// How many more devices of this type can be allocated now.
    pub allocatable: Option<i32>,
}

/// Totals for the devices of a pool that allow multiple allocations.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ShareableSummaryStatus {
    /// Shareable devices with nothing consumed.
    pub fully_available_devices: Option<i32>,
    /// Shareable devices with part of their capacity consumed.
    pub partially_available_devices: Option<i32>,
    /// Totals per shareable capacity.
    pub capacity: Vec<ShareableCapacityStatus>,
}

/// Total, consumed and free amounts of one shareable capacity across a pool.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ShareableCapacityStatus {
    /// Name of the capacity.
    pub name: String,
    /// Sum over the pool's shareable devices.
    pub total: Option<Quantity>,
    /// Amount used by current allocations.
    pub consumed: Option<Quantity>,
    /// Amount still free.
    pub available: Option<Quantity>,
}

/// A list of ResourcePoolStatusRequest objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", internal)]
pub struct ResourcePoolStatusRequestList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The ResourcePoolStatusRequest objects.
    pub items: Option<Vec<ResourcePoolStatusRequest>>,
}
