//! Upstream's resource cases as facts (`v1beta1/conversion_test.go`, the versions' `defaults_test.go`
//! and field-label functions): v1beta1's flat request and basic device against the hub's `exactly`
//! request and flattened device, the request and taint defaults, and minimal objects decoded into the
//! internal version and served back out.

use kapi_machinery::Scheme;
use kapi_machinery::json::{from_slice, to_vec};

use crate::resource::{v1, v1alpha3, v1beta1, v1beta2};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::resource::install(&mut s).unwrap();
    s
}

const SELECTOR: &str = r#"[{"cel":{"expression":"device.attributes[\"driver-a\"].exists"}}]"#;

fn claim(version: &str, request: &str) -> String {
    format!(
        r#"{{"apiVersion":"resource.k8s.io/{version}","kind":"ResourceClaim","metadata":{{"name":"c","namespace":"ns"}},"spec":{{"devices":{{"requests":[{request}]}}}}}}"#
    )
}

fn served_claim(version: &str, request: &str) -> String {
    format!(
        r#"{{"kind":"ResourceClaim","apiVersion":"resource.k8s.io/{version}","metadata":{{"name":"c","namespace":"ns"}},"spec":{{"devices":{{"requests":[{request}]}}}},"status":{{}}}}"#
    )
}

#[test]
fn a_flat_v1beta1_request_is_the_hubs_exact_request() {
    let s = scheme();
    let flat = format!(
        r#"{{"name":"foo","deviceClassName":"class-a","selectors":{SELECTOR},"allocationMode":"ExactCount","count":2}}"#
    );
    let exact = format!(
        r#"{{"name":"foo","exactly":{{"deviceClassName":"class-a","selectors":{SELECTOR},"allocationMode":"ExactCount","count":2}}}}"#
    );
    assert_eq!(served_as(&s, &claim("v1beta1", &flat), "v1"), served_claim("v1", &exact));
    assert_eq!(served_as(&s, &claim("v1", &exact), "v1beta1"), served_claim("v1beta1", &flat));
    assert_eq!(served_as(&s, &claim("v1beta2", &exact), "v1beta1"), served_claim("v1beta1", &flat));
}

#[test]
fn v1beta1_alternatives_stay_alternatives() {
    let s = scheme();
    let subs = format!(
        r#"[{{"name":"sub-1","deviceClassName":"class-a","selectors":{SELECTOR},"allocationMode":"ExactCount","count":2}},{{"name":"sub-2","deviceClassName":"class-a","selectors":{SELECTOR},"allocationMode":"ExactCount","count":1}}]"#
    );
    let request = format!(r#"{{"name":"foo","firstAvailable":{subs}}}"#);
    // No flat field is set, so there is no `exactly` request; v1beta1 always writes the class name.
    let beta = format!(r#"{{"name":"foo","deviceClassName":"","firstAvailable":{subs}}}"#);
    assert_eq!(served_as(&s, &claim("v1beta1", &request), "v1"), served_claim("v1", &request));
    assert_eq!(served_as(&s, &claim("v1", &request), "v1beta1"), served_claim("v1beta1", &beta));
}

#[test]
fn hub_requests_convert_as_upstream_pins_them() {
    // Any flat field makes an `exactly` request, even one validation refuses.
    let r = v1beta1::DeviceRequest { name: "r".into(), count: 3, ..Default::default() };
    let hub = v1beta1::convert_device_request_to_internal(r).unwrap();
    let exactly = hub.exactly.expect("a count alone makes an exact request");
    assert_eq!((exactly.count, exactly.device_class_name.as_str()), (3, ""));
    let r = v1beta1::DeviceRequest { name: "r".into(), ..Default::default() };
    assert_eq!(v1beta1::convert_device_request_to_internal(r).unwrap().exactly, None);
}

fn slice(version: &str, device: &str, node: &str) -> String {
    format!(
        r#"{{"apiVersion":"resource.k8s.io/{version}","kind":"ResourceSlice","metadata":{{"name":"s"}},"spec":{{"driver":"gpu.example.com","pool":{{"name":"p","generation":1,"resourceSliceCount":1}},{node},"devices":[{device}]}}}}"#
    )
}

#[test]
fn a_basic_device_is_the_hubs_flattened_device() {
    let s = scheme();
    let attrs = r#""attributes":{"model":{"string":"a100"}},"capacity":{"memory":{"value":"40Gi"}}"#;
    let beta = slice("v1beta1", &format!(r#"{{"name":"gpu-0","basic":{{{attrs}}}}}"#), r#""nodeName":"node-a""#);
    let got = served_as(&s, &beta, "v1");
    assert!(got.contains(&format!(r#""devices":[{{"name":"gpu-0",{attrs}}}]"#)), "{got}");
    assert!(got.contains(r#""nodeName":"node-a""#), "{got}");
    // And back: every device is basic, a device without attributes too.
    let v1 = slice("v1", r#"{"name":"gpu-1"}"#, r#""allNodes":true"#);
    let got = served_as(&s, &v1, "v1beta1");
    assert!(got.contains(r#""allNodes":true,"devices":[{"name":"gpu-1","basic":{}}]"#), "{got}");
}

#[test]
fn v1beta1_node_name_and_all_nodes_are_unset_when_empty_and_false() {
    let spec = v1beta1::ResourceSliceSpec { driver: "d".into(), ..Default::default() };
    let hub = v1beta1::convert_resource_slice_spec_to_internal(spec).unwrap();
    assert_eq!((hub.node_name, hub.all_nodes), (None, None));
    let spec = v1beta1::ResourceSliceSpec { node_name: "n".into(), all_nodes: true, ..Default::default() };
    let hub = v1beta1::convert_resource_slice_spec_to_internal(spec).unwrap();
    assert_eq!((hub.node_name.as_deref(), hub.all_nodes), (Some("n"), Some(true)));
}

#[test]
fn exact_and_sub_requests_default_to_one_device() {
    let body = r#"{"spec":{"devices":{"requests":[{"name":"a","exactly":{"deviceClassName":"c","tolerations":[{"key":"k"}]}},{"name":"b","exactly":{"deviceClassName":"c","allocationMode":"All"}},{"name":"s","firstAvailable":[{"name":"x","deviceClassName":"c"},{"name":"y","deviceClassName":"c","count":4}]}]}}}"#;
    let want = r#""requests":[{"name":"a","exactly":{"deviceClassName":"c","allocationMode":"ExactCount","count":1,"tolerations":[{"key":"k","operator":"Equal"}]}},{"name":"b","exactly":{"deviceClassName":"c","allocationMode":"All"}},{"name":"s","firstAvailable":[{"name":"x","deviceClassName":"c","allocationMode":"ExactCount","count":1},{"name":"y","deviceClassName":"c","allocationMode":"ExactCount","count":4}]}]"#;
    let mut c: v1::ResourceClaim = from_slice(body.as_bytes()).unwrap();
    v1::set_object_defaults_resource_claim(&mut c);
    let got = String::from_utf8(to_vec(&c).unwrap()).unwrap();
    assert!(got.contains(want), "v1: {got}");
    let mut c: v1beta2::ResourceClaim = from_slice(body.as_bytes()).unwrap();
    v1beta2::set_object_defaults_resource_claim(&mut c);
    let got = String::from_utf8(to_vec(&c).unwrap()).unwrap();
    assert!(got.contains(want), "v1beta2: {got}");
}

#[test]
fn v1beta1_requests_get_a_mode_only_with_a_device_class() {
    let body = r#"{"spec":{"devices":{"requests":[{"name":"a","deviceClassName":"c"},{"name":"b","firstAvailable":[{"name":"x","deviceClassName":"c"}]}]}}}"#;
    let mut c: v1beta1::ResourceClaim = from_slice(body.as_bytes()).unwrap();
    v1beta1::set_object_defaults_resource_claim(&mut c);
    let got = String::from_utf8(to_vec(&c).unwrap()).unwrap();
    assert!(
        got.contains(r#""requests":[{"name":"a","deviceClassName":"c","allocationMode":"ExactCount","count":1},{"name":"b","deviceClassName":"","firstAvailable":[{"name":"x","deviceClassName":"c","allocationMode":"ExactCount","count":1}]}]"#),
        "{got}"
    );
}

#[test]
fn taints_without_a_time_are_stamped_now() {
    let before = kapi_machinery::types::Time::now();
    let mut rule: v1alpha3::DeviceTaintRule =
        from_slice(br#"{"spec":{"taint":{"key":"k","effect":"NoSchedule"}}}"#).unwrap();
    v1alpha3::set_object_defaults_device_taint_rule(&mut rule);
    let added = rule.spec.taint.time_added.expect("defaulted");
    assert!(added >= before && added <= kapi_machinery::types::Time::now());
    // A time already set stays.
    let mut rule: v1::DeviceTaintRule =
        from_slice(br#"{"spec":{"taint":{"key":"k","effect":"NoSchedule","timeAdded":"2024-01-02T03:04:05Z"}}}"#)
            .unwrap();
    v1::set_object_defaults_device_taint_rule(&mut rule);
    assert_eq!(rule.spec.taint.time_added.unwrap().format_rfc3339(), "2024-01-02T03:04:05Z");
}

#[test]
fn pool_status_requests_default_to_a_limit_of_100() {
    let s = scheme();
    let body = r#"{"apiVersion":"resource.k8s.io/v1alpha3","kind":"ResourcePoolStatusRequest","metadata":{"name":"r"},"spec":{"driver":"gpu.example.com"}}"#;
    assert_eq!(
        served_as(&s, body, "v1alpha3"),
        r#"{"kind":"ResourcePoolStatusRequest","apiVersion":"resource.k8s.io/v1alpha3","metadata":{"name":"r"},"spec":{"driver":"gpu.example.com","limit":100}}"#
    );
}

#[test]
fn resource_slices_are_selected_by_node_and_driver() {
    let s = scheme();
    for version in ["v1", "v1beta2", "v1beta1"] {
        let gvk = kapi_machinery::GroupVersionKind::new("resource.k8s.io", version, "ResourceSlice");
        for label in ["metadata.name", "spec.nodeName", "spec.driver"] {
            assert_eq!(s.convert_field_label(&gvk, label, "x").unwrap(), (label.to_owned(), "x".to_owned()));
        }
        let e = crate::field_labels::convert_field_label_in(
            crate::resource::v1::FIELD_LABELS
                .iter()
                .chain(crate::resource::v1beta2::FIELD_LABELS)
                .chain(crate::resource::v1beta1::FIELD_LABELS),
            "resource.k8s.io",
            version,
            "ResourceSlice",
            "spec.pool",
            "x",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("field label not supported for resource.k8s.io/{version}, Kind=ResourceSlice: spec.pool")
        );
    }
}
