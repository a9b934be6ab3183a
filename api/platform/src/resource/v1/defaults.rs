//! Hand-written defaults of `resource.k8s.io/v1` (upstream's `v1/defaults.go`); tolerations'
//! `operator: Equal` is a `default` literal on the field.

use kapi_machinery::types::Time;

use super::types::*;

/// A request for exactly some devices asks for an exact count, of one device unless said otherwise.
pub fn set_defaults_exact_device_request(obj: &mut ExactDeviceRequest) {
    default_count(&mut obj.allocation_mode, &mut obj.count);
}

/// As for an exact request.
pub fn set_defaults_device_sub_request(obj: &mut DeviceSubRequest) {
    default_count(&mut obj.allocation_mode, &mut obj.count);
}

/// A taint without a time was added now (to the second).
pub fn set_defaults_device_taint(obj: &mut DeviceTaint) {
    obj.time_added.get_or_insert_with(Time::now);
}

fn default_count(mode: &mut DeviceAllocationMode, count: &mut i64) {
    if mode.0.is_empty() {
        *mode = DeviceAllocationMode::from("ExactCount");
    }
    if mode.0 == "ExactCount" && *count == 0 {
        *count = 1;
    }
}
