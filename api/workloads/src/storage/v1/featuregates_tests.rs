//! The generated drop of a CSI driver's `preventPodSchedulingIfMissing` (`VolumeLimitScaling`, alpha and off in 1.36), k8s.io/api's `+featureGate` marker rule.

use kapi_machinery::DropDisabledFields;

use super::*;
use crate::features::{Feature, FeatureGates};

fn driver(prevent: Option<bool>) -> CSIDriver {
    CSIDriver {
        spec: CSIDriverSpec {
            attach_required: Some(true),
            prevent_pod_scheduling_if_missing: prevent,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The gates as a server with the 1.36 defaults answers them.
fn defaults(name: &str) -> bool {
    FeatureGates::default().enabled_by_name(name).unwrap_or(false)
}

#[test]
fn the_gate_is_alpha_and_off_in_1_36() {
    assert!(!Feature::VolumeLimitScaling.default_enabled());
    assert!(!Feature::VolumeLimitScaling.locked());
    assert_eq!(CSIDriver::FEATURE_GATES, ["VolumeLimitScaling"]);
}

#[test]
fn a_new_driver_loses_the_field_with_the_defaults_and_keeps_it_with_the_gate_on() {
    let mut d = driver(Some(true));
    d.drop_disabled_fields(None, &defaults);
    assert_eq!(d, driver(None));
    // `false` is a value too: upstream drops a set pointer whatever it points at.
    let mut d = driver(Some(false));
    d.drop_disabled_fields(None, &defaults);
    assert_eq!(d, driver(None));
    let mut d = driver(Some(true));
    d.drop_disabled_fields(None, &|g| g == "VolumeLimitScaling");
    assert_eq!(d, driver(Some(true)));
}

#[test]
fn an_update_keeps_it_when_the_stored_driver_sets_it() {
    let stored = driver(Some(false));
    let mut d = driver(Some(true));
    d.drop_disabled_fields(Some(&stored), &defaults);
    assert_eq!(d, driver(Some(true)));
    let mut d = driver(Some(true));
    d.drop_disabled_fields(Some(&driver(None)), &defaults);
    assert_eq!(d, driver(None));
}
