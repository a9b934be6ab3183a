//! The generated drops of a resource slice device's gated fields: `nodeAllocatableResources` (`DRANodeAllocatableResources`, alpha and off in 1.36) beside the list-valued attributes (`DRAListTypeAttributes`), each by k8s.io/api's `+featureGate` marker rule.

use std::collections::BTreeMap;

use kapi_machinery::DropDisabledFields;

use super::*;
use crate::core::v1::ResourceName;
use crate::features::{Feature, FeatureGates};

fn node_allocatable() -> BTreeMap<ResourceName, NodeAllocatableResource> {
    let mapping = NodeAllocatableMapping { device_multiplier: Some("1".parse().unwrap()), ..Default::default() };
    [(ResourceName("cpu".into()), NodeAllocatableResource { mapping: Some(mapping), ..Default::default() })].into()
}

fn slice(devices: Vec<Device>) -> ResourceSlice {
    ResourceSlice { spec: ResourceSliceSpec { devices, ..Default::default() }, ..Default::default() }
}

fn device(name: &str, allocatable: bool) -> Device {
    Device {
        name: name.into(),
        node_allocatable_resources: if allocatable { node_allocatable() } else { BTreeMap::new() },
        ..Default::default()
    }
}

/// The gates as a server with the 1.36 defaults answers them.
fn defaults(name: &str) -> bool {
    FeatureGates::default().enabled_by_name(name).unwrap_or(false)
}

#[test]
fn the_gate_is_alpha_and_off_in_1_36() {
    assert!(!Feature::DRANodeAllocatableResources.default_enabled());
    assert!(ResourceSlice::FEATURE_GATES.contains(&"DRANodeAllocatableResources"));
}

#[test]
fn a_new_slice_loses_node_allocatable_resources_with_the_defaults() {
    let mut s = slice(vec![device("a", true), device("b", false)]);
    s.drop_disabled_fields(None, &defaults);
    assert_eq!(s, slice(vec![device("a", false), device("b", false)]));
    let mut s = slice(vec![device("a", true)]);
    s.drop_disabled_fields(None, &|g| g == "DRANodeAllocatableResources");
    assert_eq!(s, slice(vec![device("a", true)]));
}

/// The marker rule keeps the field on every device once any device of the stored slice uses it.
#[test]
fn an_update_keeps_them_when_the_stored_slice_uses_them() {
    let stored = slice(vec![device("a", true), device("b", false)]);
    let mut s = slice(vec![device("a", true), device("b", true)]);
    s.drop_disabled_fields(Some(&stored), &defaults);
    assert_eq!(s, slice(vec![device("a", true), device("b", true)]));
    let mut s = slice(vec![device("a", true)]);
    s.drop_disabled_fields(Some(&slice(vec![device("a", false)])), &defaults);
    assert_eq!(s, slice(vec![device("a", false)]));
}
