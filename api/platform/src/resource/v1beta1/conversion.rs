//! Hand-written conversions of `resource.k8s.io/v1beta1`: the flat request fields ↔ the hub's
//! `exactly` request, the `basic` wrapper of a device ↔ the hub's flattened device, and a slice's
//! node name and all-nodes flag as plain values ↔ the hub's pointers.

use std::collections::BTreeMap;

use kapi_machinery::ConversionError;

use super::{
    BasicDevice, Device, DeviceRequest, ResourceSliceSpec, convert_capacity_requirements_from_internal,
    convert_capacity_requirements_to_internal, convert_device_allocation_mode_from_internal,
    convert_device_allocation_mode_to_internal, convert_device_attribute_from_internal,
    convert_device_attribute_to_internal, convert_device_capacity_from_internal, convert_device_capacity_to_internal,
    convert_device_counter_consumption_from_internal, convert_device_counter_consumption_to_internal,
    convert_device_selector_from_internal, convert_device_selector_to_internal, convert_device_taint_from_internal,
    convert_device_taint_to_internal, convert_device_toleration_from_internal, convert_device_toleration_to_internal,
    convert_node_allocatable_resource_from_internal, convert_node_allocatable_resource_to_internal,
};
use crate::resource as internal;

/// Converts every element, reporting a failure at `field[i]`.
fn each<A, B>(
    items: Vec<A>,
    field: &str,
    f: impl Fn(A) -> Result<B, ConversionError>,
) -> Result<Vec<B>, ConversionError> {
    items.into_iter().enumerate().map(|(i, v)| f(v).map_err(|e| e.in_index(i).in_field(field))).collect()
}

/// Converts every value of a map whose keys are string newtypes, reporting a failure at `field[key]`.
fn each_value<KA: std::fmt::Display, KB, A, B>(
    items: BTreeMap<KA, A>,
    field: &str,
    key: impl Fn(KA) -> KB,
    f: impl Fn(A) -> Result<B, ConversionError>,
) -> Result<BTreeMap<KB, B>, ConversionError>
where
    KB: Ord,
{
    items
        .into_iter()
        .map(|(k, v)| {
            let at = k.to_string();
            Ok((key(k), f(v).map_err(|e| e.in_key(&at).in_field(field))?))
        })
        .collect()
}

/// Whether any of the fields that v1 keeps under `exactly` is set (upstream's
/// `hasAnyMainRequestFieldsSet`): only then is an `exactly` request made, even one that validation
/// will refuse.
fn has_exact_fields(r: &DeviceRequest) -> bool {
    !r.device_class_name.is_empty()
        || !r.selectors.is_empty()
        || !r.allocation_mode.0.is_empty()
        || r.count != 0
        || r.admin_access.is_some()
        || !r.tolerations.is_empty()
        || r.capacity.is_some()
}

/// The flat fields become the `exactly` request when any is set; sub-requests pass through.
pub fn convert_device_request_to_internal(mut from: DeviceRequest) -> Result<internal::DeviceRequest, ConversionError> {
    let exact = has_exact_fields(&from);
    let class = std::mem::take(&mut from.device_class_name);
    let selectors = std::mem::take(&mut from.selectors);
    let mode = std::mem::take(&mut from.allocation_mode);
    let count = std::mem::take(&mut from.count);
    let admin_access = from.admin_access.take();
    let tolerations = std::mem::take(&mut from.tolerations);
    let capacity = from.capacity.take();
    let mut out = super::auto_convert_device_request_to_internal(from)?;
    if exact {
        out.exactly = Some(internal::ExactDeviceRequest {
            device_class_name: class,
            selectors: each(selectors, "selectors", convert_device_selector_to_internal)?,
            allocation_mode: convert_device_allocation_mode_to_internal(mode)?,
            count,
            admin_access,
            tolerations: each(tolerations, "tolerations", convert_device_toleration_to_internal)?,
            capacity: capacity
                .map(convert_capacity_requirements_to_internal)
                .transpose()
                .map_err(|e| e.in_field("capacity"))?,
        });
    }
    Ok(out)
}

/// The `exactly` request, when there is one, is spread over the flat fields.
pub fn convert_device_request_from_internal(
    mut from: internal::DeviceRequest,
) -> Result<DeviceRequest, ConversionError> {
    let exactly = from.exactly.take();
    let mut out = super::auto_convert_device_request_from_internal(from)?;
    if let Some(e) = exactly {
        let in_exactly = |err: ConversionError| err.in_field("exactly");
        out.device_class_name = e.device_class_name;
        out.selectors = each(e.selectors, "selectors", convert_device_selector_from_internal).map_err(in_exactly)?;
        out.allocation_mode = convert_device_allocation_mode_from_internal(e.allocation_mode).map_err(in_exactly)?;
        out.count = e.count;
        out.admin_access = e.admin_access;
        out.tolerations =
            each(e.tolerations, "tolerations", convert_device_toleration_from_internal).map_err(in_exactly)?;
        out.capacity = e
            .capacity
            .map(convert_capacity_requirements_from_internal)
            .transpose()
            .map_err(|err| in_exactly(err.in_field("capacity")))?;
    }
    Ok(out)
}

/// A basic device's fields become the flattened device's; a device without `basic` has only its name.
pub fn convert_device_to_internal(mut from: Device) -> Result<internal::Device, ConversionError> {
    let basic = from.basic.take();
    let mut out = super::auto_convert_device_to_internal(from)?;
    let Some(b) = basic else { return Ok(out) };
    let in_basic = |err: ConversionError| err.in_field("basic");
    out.attributes =
        each_value(b.attributes, "attributes", |k| internal::QualifiedName(k.0), convert_device_attribute_to_internal)
            .map_err(in_basic)?;
    out.capacity =
        each_value(b.capacity, "capacity", |k| internal::QualifiedName(k.0), convert_device_capacity_to_internal)
            .map_err(in_basic)?;
    out.consumes_counters =
        each(b.consumes_counters, "consumesCounters", convert_device_counter_consumption_to_internal)
            .map_err(in_basic)?;
    out.node_name = b.node_name;
    out.node_selector = b
        .node_selector
        .map(crate::core::v1::convert_node_selector_to_internal)
        .transpose()
        .map_err(|e| in_basic(e.in_field("nodeSelector")))?;
    out.all_nodes = b.all_nodes;
    out.taints = each(b.taints, "taints", convert_device_taint_to_internal).map_err(in_basic)?;
    out.binds_to_node = b.binds_to_node;
    out.binding_conditions = b.binding_conditions;
    out.binding_failure_conditions = b.binding_failure_conditions;
    out.allow_multiple_allocations = b.allow_multiple_allocations;
    out.node_allocatable_resources = each_value(
        b.node_allocatable_resources,
        "nodeAllocatableResources",
        |k| crate::core::ResourceName(k.0),
        convert_node_allocatable_resource_to_internal,
    )
    .map_err(in_basic)?;
    Ok(out)
}

/// Every device is written as a basic device.
pub fn convert_device_from_internal(mut from: internal::Device) -> Result<Device, ConversionError> {
    let attributes = std::mem::take(&mut from.attributes);
    let capacity = std::mem::take(&mut from.capacity);
    let consumes_counters = std::mem::take(&mut from.consumes_counters);
    let node_selector = from.node_selector.take();
    let taints = std::mem::take(&mut from.taints);
    let node_allocatable_resources = std::mem::take(&mut from.node_allocatable_resources);
    let basic = BasicDevice {
        attributes: each_value(
            attributes,
            "attributes",
            |k| super::QualifiedName(k.0),
            convert_device_attribute_from_internal,
        )?,
        capacity: each_value(
            capacity,
            "capacity",
            |k| super::QualifiedName(k.0),
            convert_device_capacity_from_internal,
        )?,
        consumes_counters: each(
            consumes_counters,
            "consumesCounters",
            convert_device_counter_consumption_from_internal,
        )?,
        node_name: from.node_name.take(),
        node_selector: node_selector
            .map(crate::core::v1::convert_node_selector_from_internal)
            .transpose()
            .map_err(|e| e.in_field("nodeSelector"))?,
        all_nodes: from.all_nodes.take(),
        taints: each(taints, "taints", convert_device_taint_from_internal)?,
        binds_to_node: from.binds_to_node.take(),
        binding_conditions: std::mem::take(&mut from.binding_conditions),
        binding_failure_conditions: std::mem::take(&mut from.binding_failure_conditions),
        allow_multiple_allocations: from.allow_multiple_allocations.take(),
        node_allocatable_resources: each_value(
            node_allocatable_resources,
            "nodeAllocatableResources",
            |k| crate::core::v1::ResourceName(k.0),
            convert_node_allocatable_resource_from_internal,
        )?,
    };
    let mut out = super::auto_convert_device_from_internal(from)?;
    out.basic = Some(basic);
    Ok(out)
}

/// An empty node name and a false all-nodes flag are unset in the hub.
pub fn convert_resource_slice_spec_to_internal(
    mut from: ResourceSliceSpec,
) -> Result<internal::ResourceSliceSpec, ConversionError> {
    let node_name = std::mem::take(&mut from.node_name);
    let all_nodes = std::mem::take(&mut from.all_nodes);
    let mut out = super::auto_convert_resource_slice_spec_to_internal(from)?;
    out.node_name = Some(node_name).filter(|n| !n.is_empty());
    out.all_nodes = Some(true).filter(|_| all_nodes);
    Ok(out)
}

/// Unset is empty and false.
pub fn convert_resource_slice_spec_from_internal(
    mut from: internal::ResourceSliceSpec,
) -> Result<ResourceSliceSpec, ConversionError> {
    let node_name = from.node_name.take();
    let all_nodes = from.all_nodes.take();
    let mut out = super::auto_convert_resource_slice_spec_from_internal(from)?;
    out.node_name = node_name.unwrap_or_default();
    out.all_nodes = all_nodes.unwrap_or(false);
    Ok(out)
}
