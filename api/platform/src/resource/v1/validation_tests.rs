//! Upstream's resource.k8s.io validation rules (the cases of its `validation_deviceclass_test.go`, `validation_resourceclaim_test.go`, `validation_resourceclaimtemplate_test.go`, `validation_resourceslice_test.go` and `validation_devicetaintrule_test.go`) pinned case by case against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::features::{FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;
use crate::resource::v1::{CELDeviceSelector, DeviceClassConfiguration, DeviceClassSpec, OpaqueDeviceConfiguration};

fn message(errs: &ErrorList) -> String {
    kapi_machinery::validation::aggregate(errs).unwrap_or_default()
}

fn gate_off<R>(f: impl FnOnce() -> R) -> R {
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), f)
}

fn selector(expression: Option<&str>) -> DeviceSelector {
    DeviceSelector { cel: expression.map(|e| CELDeviceSelector { expression: e.into() }) }
}

fn config(driver: &str, parameters: Option<&str>) -> DeviceClassConfiguration {
    DeviceClassConfiguration {
        device_configuration: DeviceConfiguration {
            opaque: Some(OpaqueDeviceConfiguration {
                driver: driver.into(),
                parameters: RawExtension { raw: parameters.map(|p| p.as_bytes().to_vec()) },
            }),
        },
    }
}

fn class(spec: DeviceClassSpec) -> DeviceClass {
    DeviceClass { metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() }, spec, ..DeviceClass::default() }
}

#[track_caller]
fn expect(obj: &DeviceClass, old: Option<&DeviceClass>, want: &str) {
    assert_eq!(message(&validate_device_class(obj, old)), want);
}

#[test]
fn selectors() {
    let ok = class(DeviceClassSpec {
        selectors: vec![selector(Some("device.driver == \"dra.example.com\""))],
        ..DeviceClassSpec::default()
    });
    expect(&ok, None, "");
    expect(
        &class(DeviceClassSpec {
            selectors: vec![selector(Some("true")), selector(None)],
            ..DeviceClassSpec::default()
        }),
        None,
        "spec.selectors[1].cel: Required value",
    );
    let long = "x".repeat(10 * 1024 + 1);
    expect(
        &class(DeviceClassSpec { selectors: vec![selector(Some(&long))], ..DeviceClassSpec::default() }),
        None,
        "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes",
    );
    let exact = "x".repeat(10 * 1024);
    expect(&class(DeviceClassSpec { selectors: vec![selector(Some(&exact))], ..DeviceClassSpec::default() }), None, "");
}

#[test]
fn configurations() {
    let with = |c: Vec<DeviceClassConfiguration>| class(DeviceClassSpec { config: c, ..DeviceClassSpec::default() });
    expect(&with(vec![config("dra.example.com", Some(r#"{"a":1}"#))]), None, "");
    let no_opaque = DeviceClassConfiguration { device_configuration: DeviceConfiguration { opaque: None } };
    expect(&with(vec![no_opaque]), None, "spec.config[0].opaque: Required value");
    for (raw, want) in [
        (None, "spec.config[0].opaque.parameters: Required value"),
        (Some("null"), "spec.config[0].opaque.parameters: Required value"),
        (
            Some("[1]"),
            r#"spec.config[0].opaque.parameters: Invalid value: "<value omitted>": must be a valid JSON object"#,
        ),
        (
            Some(r#""text""#),
            r#"spec.config[0].opaque.parameters: Invalid value: "<value omitted>": must be a valid JSON object"#,
        ),
    ] {
        expect(&with(vec![config("dra.example.com", raw)]), None, want);
    }
    let got = message(&validate_device_class(&with(vec![config("dra.example.com", Some("{"))]), None));
    assert!(
        got.starts_with(
            r#"spec.config[0].opaque.parameters: Invalid value: "<value omitted>": error parsing data as JSON: "#
        ),
        "{got}"
    );
    // Over 10 KiB on create; an unchanged configuration is stored and keeps its size.
    let big = format!(r#"{{"a":"{}"}}"#, "x".repeat(10 * 1024));
    let big_class = with(vec![config("dra.example.com", Some(&big))]);
    expect(&big_class, None, "spec.config[0].opaque.parameters: Too long: may not be more than 10240 bytes");
    expect(&big_class, Some(&big_class), "");
    let mut changed = big_class.clone();
    changed.spec.config.push(config("dra.example.com", Some("{}")));
    expect(&changed, Some(&big_class), "spec.config[0].opaque.parameters: Too long: may not be more than 10240 bytes");
}

#[test]
fn covered_rules_follow_the_declarative_gate() {
    let mut spec = DeviceClassSpec {
        config: vec![config("Not_A_Driver", Some("{}"))],
        extended_resource_name: Some("cpu".into()),
        ..DeviceClassSpec::default()
    };
    spec.selectors = (0..33).map(|_| selector(Some("true"))).collect();
    let obj = class(spec);
    // With the gate on (the default) these are the generated rules'.
    expect(&obj, None, "");
    gate_off(|| {
        let got = message(&validate_device_class(&obj, None));
        assert!(got.contains("spec.selectors: Too many: 33: must have at most 32 items"), "{got}");
        assert!(
            got.contains(
                r#"spec.config[0].opaque.driver: Invalid value: "Not_A_Driver": a lowercase RFC 1123 subdomain"#
            ),
            "{got}"
        );
        assert!(
            got.contains(r#"spec.extendedResourceName: Invalid value: "cpu": must be a valid extended resource name"#),
            "{got}"
        );
        let ok = class(DeviceClassSpec {
            config: vec![config("dra.example.com", Some("{}"))],
            extended_resource_name: Some("example.com/gpu".into()),
            ..DeviceClassSpec::default()
        });
        expect(&ok, None, "");
        let long = class(DeviceClassSpec {
            config: vec![config(&format!("{}.com", "a".repeat(60)), Some("{}"))],
            ..DeviceClassSpec::default()
        });
        expect(&long, None, "spec.config[0].opaque.driver: Too long: may not be more than 63 bytes");
    });
}

#[test]
fn the_scheme_runs_it() {
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let obj = class(DeviceClassSpec { selectors: vec![selector(None)], ..DeviceClassSpec::default() });
    assert_eq!(message(&scheme.validate(&obj, None)), "spec.selectors[0].cel: Required value");
}
