//! Type definitions of `resource.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, RawExtension, Time};

use crate::Kapi;
use crate::core::v1::{NodeSelector, ResourceName};
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// A driver-published description of some devices, or of counters they share, in one resource pool.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceSlice {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The devices and the pool they belong to.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: ResourceSliceSpec,
}

/// The devices a slice publishes, the pool they belong to and the nodes that can reach them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceSliceSpec {
    /// Name of the DRA driver publishing the slice, a DNS subdomain; immutable.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    /// The pool this slice is part of.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pool: ResourcePool,
    /// The one node providing the devices; immutable; exactly one node-selection field must be set.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_name: String,
    /// The nodes that can reach the devices, with exactly one term.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    /// Set when every node can reach the devices.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub all_nodes: bool,
    /// Some or all of the pool's devices; at most 128, or 64 when taints or counters are used.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub devices: Vec<Device>,
    /// When true, each device states its own node selection instead of the slice.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub per_device_node_selection: Option<bool>,
    /// Counter sets the pool's devices draw from; at most 8, and not together with `devices`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=8
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub shared_counters: Vec<CounterSet>,
    /// A string device attribute whose value gives each partitionable device its partition type.
    ///
    /// +k8s:ifDisabled(DRAPartitionableDevicesType)=+k8s:forbidden
    /// +k8s:ifEnabled(DRAPartitionableDevicesType)=+k8s:optional
    /// +k8s:ifEnabled(DRAPartitionableDevicesType)=+k8s:format=k8s-resource-fully-qualified-name
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub partition_type_attribute: Option<FullyQualifiedName>,
    /// Node-side driver calls that can be left out for these devices.
    ///
    /// +k8s:listType=set
    /// +k8s:optional
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

/// A node-side driver call (gRPC) that may be skipped for a device.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct CounterSet {
    /// Name of the set, a DNS label unique in the pool.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-short-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// The counters, keyed by a DNS label name; at most 32.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:eachKey=+k8s:format=k8s-short-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub counters: BTreeMap<String, Counter>,
}

/// An amount held by a counter.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Counter {
    /// The amount.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub value: Quantity,
}

/// Identifies the pool a slice belongs to and the pool's current generation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourcePool {
    /// Name of the pool, often the node name for node-local devices; immutable.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Raised by the driver whenever the pool changes; only the highest generation counts.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub generation: i64,
    /// How many slices make up the pool at this generation; positive.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub resource_slice_count: i64,
}

/// One device that requests can select by its attributes and capacities.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Device {
    /// Name of the device, a DNS label unique within the driver's pool.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// The device's details.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub basic: Option<BasicDevice>,
}

/// The attributes, capacities, counters and node placement of a device.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BasicDevice {
    /// Attributes by name; at most 32 attributes and capacities together.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub attributes: BTreeMap<QualifiedName, DeviceAttribute>,
    /// Capacities by name; at most 32 attributes and capacities together.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub capacity: BTreeMap<QualifiedName, DeviceCapacity>,
    /// Counters the device takes from the slice's counter sets; at most 2 entries.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=counterSet
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=2
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub consumes_counters: Vec<DeviceCounterConsumption>,
    /// The node holding the device; only with per-device node selection.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub node_name: Option<String>,
    /// The nodes that can reach the device; only with per-device node selection.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    /// Set when every node can reach the device; only with per-device node selection.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub all_nodes: Option<bool>,
    /// Taints set by the driver; at most 16.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub taints: Vec<DeviceTaint>,
    /// When true, use of an allocation is pinned to the node chosen when allocating.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub binds_to_node: Option<bool>,
    /// Condition types that must all be True in the device status before a pod is bound; at most 4.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_conditions: Vec<String>,
    /// Condition types that mean binding failed when one is True; at most 4.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_failure_conditions: Vec<String>,
    /// When true, several allocations can share the device and consume its capacity.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub allow_multiple_allocations: Option<bool>,
    /// How allocating the device counts against node resources such as `cpu` or `memory`.
    ///
    /// +k8s:optional
    /// +featureGate=DRANodeAllocatableResources
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub node_allocatable_resources: BTreeMap<ResourceName, NodeAllocatableResource>,
}

/// How an allocation of a device counts against one node-allocatable resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableResource {
    /// Used when the device itself stands for the resource; counted once per claim.
    ///
    /// +k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub mapping: Option<NodeAllocatableMapping>,
    /// Extra amount used by pods and containers of the claim; always taken from the node.
    ///
    /// +k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub overhead: Option<NodeAllocatableOverhead>,
}

/// Turns an allocation into an amount of a node resource, from device count or consumed capacity.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableMapping {
    /// A device capacity whose consumed amount, times `capacity_multiplier`, gives the resource amount.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("capacityMultiplier")
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub capacity_key: Option<QualifiedName>,
    /// Factor applied to the capacity named by `capacity_key`.
    ///
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("capacityKey")
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub capacity_multiplier: Option<Quantity>,
    /// Resource amount per allocated device; not combined with the capacity fields.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub device_multiplier: Option<Quantity>,
}

/// Additional node resource used by pods and containers that reference a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NodeAllocatableOverhead {
    /// Charged once for each pod that references the claim.
    ///
    /// +k8s:optional
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub per_pod: Option<Quantity>,
    /// Charged for each container that references the claim.
    ///
    /// +k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub per_container: Option<Quantity>,
}

/// The counters a device takes from one counter set while it is allocated.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceCounterConsumption {
    /// Name of the counter set to take from.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-short-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub counter_set: String,
    /// Amounts taken, by counter name; at most 32.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:eachKey=+k8s:format=k8s-short-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub counters: BTreeMap<String, Counter>,
}

/// An amount a device provides and how requests may use it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceCapacity {
    /// The device's total amount; consumption does not change it.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub value: Quantity,
    /// How shared allocations consume the capacity; needs `allow_multiple_allocations`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub request_policy: Option<CapacityRequestPolicy>,
}

/// Rules for how much of a shared device's capacity one request consumes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequestPolicy {
    /// Amount consumed by a request that does not ask for this capacity.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub default: Option<Quantity>,
    /// The only amounts a request may consume, ascending, at most 10; requests round up to one.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub valid_values: Vec<Quantity>,
    /// The range of amounts a request may consume.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub valid_range: Option<CapacityRequestPolicyRange>,
}

/// A range, with an optional step, of the amounts a request may consume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequestPolicyRange {
    /// Smallest amount; smaller requests are raised to it.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub min: Option<Quantity>,
    /// Largest amount; a request above it cannot use the device.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub max: Option<Quantity>,
    /// Granularity above `min`; requests round up to the next step.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub step: Option<Quantity>,
}

/// Name of a device attribute or capacity: an identifier, optionally after a domain and a slash.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct QualifiedName(pub String);

/// Name of a device attribute or capacity that includes its domain.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FullyQualifiedName(pub String);

/// The value of a device attribute; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAttribute {
    /// An integer.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub int: Option<i64>,
    /// A boolean.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub bool: Option<bool>,
    /// A string of at most 64 characters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub string: Option<String>,
    /// A semantic version (semver 2.0.0) of at most 64 characters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub version: Option<String>,
    /// A non-empty list of integers.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    /// +featureGate=DRAListTypeAttributes
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ints: Vec<i64>,
    /// A non-empty list of booleans.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    /// +featureGate=DRAListTypeAttributes
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub bools: Vec<bool>,
    /// A non-empty list of strings, each at most 64 characters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:maxBytes=64
    /// +featureGate=DRAListTypeAttributes
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub strings: Vec<String>,
    /// A non-empty list of semantic versions, each at most 64 characters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:unionMember
    /// +featureGate=DRAListTypeAttributes
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub versions: Vec<String>,
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

/// A list of ResourceSlice objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceSliceList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ResourceSlice objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceSlice>>,
}

/// A request for devices on behalf of workloads, with what was allocated for it.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceClaim {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What is requested; immutable.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimSpec,
    /// Allocation, reservations and device status.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ResourceClaimStatus,
}

/// What a claim asks for and how the devices are to be configured.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimSpec {
    /// The device requests.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub devices: DeviceClaim,
}

/// The device requests, constraints and configuration of a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClaim {
    /// Requests that must all be met; empty means nothing is allocated.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Option<Vec<DeviceRequest>>,
    /// Conditions the allocated devices must meet together.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub constraints: Vec<DeviceConstraint>,
    /// Configuration for the drivers; ignored while allocating.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceClaimConfiguration>,
}

/// One named request for devices in a claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceRequest {
    /// Name of the request, a DNS label, used by containers and constraints to refer to it.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// The DeviceClass to use; required unless `first_available` is set.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub device_class_name: String,
    /// Extra criteria every device must meet.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (the default) or `All` matching devices of a pool.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub allocation_mode: DeviceAllocationMode,
    /// Number of devices for `ExactCount`; defaults to 1.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub count: i64,
    /// When true, asks for administrative access that ignores ordinary allocations.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub admin_access: Option<bool>,
    /// Alternatives tried in order; the first one that can be met is used.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=8
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub first_available: Vec<DeviceSubRequest>,
    /// Device taints the request tolerates; at most 16.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    /// Capacity each allocated device must provide; otherwise the capacity's policy applies.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<CapacityRequirements>,
}

/// One alternative in a request's ordered `first_available` list.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceSubRequest {
    /// Name of the alternative, a DNS label; referred to as `<request>/<subrequest>`.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// The DeviceClass whose selectors and configuration the request inherits.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub device_class_name: String,
    /// Extra criteria every device must meet.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (the default) or `All` matching devices of a pool.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub allocation_mode: DeviceAllocationMode,
    /// Number of devices for `ExactCount`; defaults to 1.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub count: i64,
    /// Device taints the request tolerates; at most 16.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    /// Capacity each allocated device must provide; otherwise the capacity's policy applies.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<CapacityRequirements>,
}

/// The amounts of device capacity a request needs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CapacityRequirements {
    /// Least amount needed per capacity name; raised to a value the capacity's policy allows.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub requests: BTreeMap<QualifiedName, Quantity>,
}

/// How many devices a request wants: `ExactCount` or `All`.
///
/// +enum
/// +k8s:beta(since: "1.37")=+k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationMode(pub String);

impl DeviceAllocationMode {
    /// The request wants exactly `count` devices.
    pub const EXACT_COUNT: &'static str = "ExactCount";
    /// The request wants every matching device in the pool.
    pub const ALL: &'static str = "All";
}

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

/// A condition that the devices of several requests must meet together.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceConstraint {
    /// Requests (or `<request>/<subrequest>`) the constraint covers; empty means all.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    /// An attribute that must have the same value on all the devices.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-resource-fully-qualified-name
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub match_attribute: Option<FullyQualifiedName>,
    /// An attribute that must have a different value on each of the devices.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub distinct_attribute: Option<FullyQualifiedName>,
}

/// Configuration given in a claim for some or all of its requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClaimConfiguration {
    /// Requests (or `<request>/<subrequest>`) it applies to; empty means all.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    /// The configuration.
    #[kapi(proto = 2, inline)]
    pub device_configuration: DeviceConfiguration,
}

/// Device configuration; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceConfiguration {
    /// Parameters handed to a driver unchanged.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Parameters for one driver, in a format that driver defines.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct OpaqueDeviceConfiguration {
    /// The driver whose kubelet plugin receives the parameters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name-caseless
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    /// Driver-defined data, at most 10 Ki.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub parameters: RawExtension,
}

/// Lets a claim use devices that carry a matching taint.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceToleration {
    /// Taint key to match; empty together with `Exists` matches every taint.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-label-key
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub key: String,
    /// `Equal` (the default) or `Exists`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty, default = "\"Equal\"")]
    #[kapi(optional)]
    pub operator: DeviceTolerationOperator,
    /// Taint value to match; empty with `Exists`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub value: String,
    /// Taint effect to match; empty matches every effect.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub effect: DeviceTaintEffect,
    /// For `NoExecute`, seconds the taint is tolerated before eviction; unset means forever.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub toleration_seconds: Option<i64>,
}

/// How a toleration compares its value with a taint's.
///
/// +enum
/// +k8s:beta(since: "1.37")=+k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceTolerationOperator(pub String);

impl DeviceTolerationOperator {
    /// Any value of the key matches.
    pub const EXISTS: &'static str = "Exists";
    /// Only the same value matches.
    pub const EQUAL: &'static str = "Equal";
}

/// Whether a claim is allocated, who may use it, and how its devices are doing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimStatus {
    /// Set once devices have been allocated.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:update=NoModify
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub allocation: Option<AllocationResult>,
    /// Consumers currently allowed to use the claim; at most 256.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=uid
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=256
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "uid", patch_strategy = "merge", patch_merge_key = "uid")]
    pub reserved_for: Vec<ResourceClaimConsumerReference>,
    /// Status of each allocated device, written by its driver.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=driver
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=device
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=pool
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=shareID
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

/// Points to an object in the claim's namespace, usually a pod, that uses the claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimConsumerReference {
    /// API group of the consumer; empty for the core group.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub api_group: String,
    /// Resource type of the consumer, such as `pods`.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub resource: String,
    /// Name of the consumer.
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub name: String,
    /// UID of the consumer.
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub uid: String,
}

/// What was allocated for a claim and where it can be used.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocationResult {
    /// The allocated devices.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub devices: DeviceAllocationResult,
    /// Nodes where the allocation can be used; unset means all.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub node_selector: Option<NodeSelector>,
    /// When the allocation was made, if known.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub allocation_timestamp: Option<Time>,
}

/// The devices allocated for a claim and the configuration that goes with them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationResult {
    /// One entry per allocated device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub results: Vec<DeviceRequestAllocationResult>,
    /// Configuration from the classes and the claim, handed to the drivers.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=64
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceAllocationConfiguration>,
}

/// One device allocated for one request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceRequestAllocationResult {
    /// The request (or `<request>/<subrequest>`) the device was allocated for.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub request: String,
    /// The driver whose kubelet plugin prepares the device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name-caseless
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub driver: String,
    /// The pool the device belongs to.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-resource-pool-name
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub pool: String,
    /// Name of the device in its pool.
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub device: String,
    /// Whether the device was allocated for administrative access.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub admin_access: Option<bool>,
    /// The request's tolerations at allocation time.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<DeviceToleration>,
    /// The device's binding conditions at allocation time.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_conditions: Vec<String>,
    /// The device's binding failure conditions at allocation time.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub binding_failure_conditions: Vec<String>,
    /// Identifies this share of a device that allows multiple allocations.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-uuid
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub share_id: Option<String>,
    /// Capacity this allocation uses of a shared device, rounded up by its policy.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub consumed_capacity: BTreeMap<QualifiedName, Quantity>,
    /// The slice's skipped node calls at allocation time.
    ///
    /// +k8s:listType=set
    /// +k8s:optional
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "set")]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

/// Configuration stored with an allocation, from a class or the claim.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceAllocationConfiguration {
    /// Whether the configuration came from a class or from the claim.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub source: AllocationConfigSource,
    /// Requests (or `<request>/<subrequest>`) it applies to; empty means all.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requests: Vec<String>,
    /// The configuration.
    #[kapi(proto = 3, inline)]
    pub device_configuration: DeviceConfiguration,
}

/// Where a piece of allocation configuration came from.
///
/// +enum
/// +k8s:beta(since: "1.37")=+k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocationConfigSource(pub String);

impl AllocationConfigSource {
    /// From a device class.
    pub const FROM_CLASS: &'static str = "FromClass";
    /// From the claim.
    pub const FROM_CLAIM: &'static str = "FromClaim";
}

/// A list of ResourceClaim objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceClaimList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ResourceClaim objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceClaim>>,
}

/// A cluster-wide preset of device selectors and configuration that requests refer to by name.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct DeviceClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Selectors and configuration; may change at any time.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: DeviceClassSpec,
}

/// The selectors and configuration a device class adds to requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClassSpec {
    /// Criteria every device claimed through the class must meet.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectors: Vec<DeviceSelector>,
    /// Configuration for every device claimed through the class; not used when allocating.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub config: Vec<DeviceClassConfiguration>,
    /// An extended resource name pods can request to get devices of this class.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-extended-resource-name
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub extended_resource_name: Option<String>,
}

/// Configuration a class applies to the devices claimed through it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeviceClassConfiguration {
    /// The configuration.
    #[kapi(proto = 1, inline)]
    pub device_configuration: DeviceConfiguration,
}

/// A list of DeviceClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct DeviceClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The DeviceClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<DeviceClass>>,
}

/// A blueprint the control plane uses to create ResourceClaim objects for pods.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceClaimTemplate {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The claim to create; immutable.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimTemplateSpec,
}

/// The metadata and spec copied into each claim made from a template.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceClaimTemplateSpec {
    /// Labels and annotations for the created claim; other fields are rejected.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Copied unchanged into the created claim.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ResourceClaimSpec,
}

/// A list of ResourceClaimTemplate objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "resource.k8s.io", version = "v1beta1")]
pub struct ResourceClaimTemplateList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The ResourceClaimTemplate objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ResourceClaimTemplate>>,
}

/// The status of one allocated device, as reported by its driver.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AllocatedDeviceStatus {
    /// The driver of the device.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub driver: String,
    /// The pool of the device.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pool: String,
    /// Name of the device in its pool.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub device: String,
    /// The allocation share, for devices that allow multiple allocations.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-uuid
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub share_id: Option<String>,
    /// The device's state, such as `Ready`; at most 8.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 4)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Option<Vec<Condition>>,
    /// Driver-specific data, at most 10 Ki.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub data: Option<RawExtension>,
    /// Network details of the device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub network_data: Option<NetworkDeviceData>,
}

/// Network details of an allocated device, such as its interface and addresses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NetworkDeviceData {
    /// Name of the network interface in the pod; at most 256 bytes.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxBytes=256
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub interface_name: String,
    /// Addresses of the interface in CIDR notation, IPv4 or IPv6.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=16
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ips: Vec<String>,
    /// Hardware (for example MAC) address of the interface; at most 128 bytes.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxBytes=128
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub hardware_address: String,
}
