//! Custom fuzzer functions for the internal `resource` types: objects as every version's defaulting
//! and v1beta1's flattened forms leave them, so that each survives a trip through every version.

use kapi_machinery::Fuzzer;

use super::*;

/// An allocation mode (`ExactCount` with at least one device, or `All`), as defaulting leaves it.
fn allocation(mode: &mut DeviceAllocationMode, count: &mut i64, f: &mut Fuzzer) {
    if f.bool() {
        *mode = DeviceAllocationMode::from("ExactCount");
        *count = 1 + f.below(8) as i64;
    } else {
        *mode = DeviceAllocationMode::from("All");
    }
}

/// An exact request with its mode and count set.
pub fn fuzz_exact_device_request(obj: &mut ExactDeviceRequest, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    allocation(&mut obj.allocation_mode, &mut obj.count, f);
}

/// A sub-request with its mode and count set.
pub fn fuzz_device_sub_request(obj: &mut DeviceSubRequest, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    allocation(&mut obj.allocation_mode, &mut obj.count, f);
}

/// A taint with the time it was added (defaulting would otherwise set the current time).
pub fn fuzz_device_taint(obj: &mut DeviceTaint, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.time_added.is_none() {
        obj.time_added = Some(f.make());
    }
}

/// A toleration with an operator (`Equal` by default).
pub fn fuzz_device_toleration(obj: &mut DeviceToleration, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.operator.0.is_empty() {
        obj.operator = DeviceTolerationOperator::from(DeviceTolerationOperator::EQUAL);
    }
}

/// v1beta1 has no pointer for a slice's node name or all-nodes flag: empty and false are unset.
pub fn fuzz_resource_slice_spec(obj: &mut ResourceSliceSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.node_name.as_deref() == Some("") {
        obj.node_name = None;
    }
    if obj.all_nodes == Some(false) {
        obj.all_nodes = None;
    }
}

/// A pool status request with its limit (100 by default).
pub fn fuzz_resource_pool_status_request_spec(obj: &mut ResourcePoolStatusRequestSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.limit.get_or_insert(100);
}
