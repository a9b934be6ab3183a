//! Hand-written defaults of `resource.k8s.io/v1alpha3` (upstream's `v1alpha3/defaults.go`); a pool
//! status request's `limit: 100` is a `default` literal on the field.

use kapi_machinery::types::Time;

use super::types::*;

/// A taint without a time was added now (to the second).
pub fn set_defaults_device_taint(obj: &mut DeviceTaint) {
    obj.time_added.get_or_insert_with(Time::now);
}
