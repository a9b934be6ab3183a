//! Hand-written defaults of `resource.k8s.io/v1beta1` (upstream's `v1beta1/defaults.go`); tolerations'
//! `operator: Equal` is a `default` literal on the field.

use kapi_machinery::types::Time;

use super::types::*;

/// A request naming a device class asks for an exact count, of one device unless said otherwise;
/// one without a class lists sub-requests and gets no mode or count.
pub fn set_defaults_device_request(obj: &mut DeviceRequest) {
    if obj.device_class_name.is_empty() {
        return;
    }
    default_count(&mut obj.allocation_mode, &mut obj.count);
}

/// A sub-request asks for an exact count, of one device unless said otherwise.
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
