//! Upstream's resource.k8s.io validation rules (the cases of its `validation_deviceclass_test.go`, `validation_resourceclaim_test.go`, `validation_resourceclaimtemplate_test.go`, `validation_resourceslice_test.go` and `validation_devicetaintrule_test.go`) pinned case by case against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
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
    // A selector of exactly 10 KiB compiles; one byte more is too long and not compiled.
    let sized = |n: usize| format!("device.driver == \"{}\"", "x".repeat(n - r#"device.driver == """#.len()));
    let long = sized(10 * 1024 + 1);
    expect(
        &class(DeviceClassSpec { selectors: vec![selector(Some(&long))], ..DeviceClassSpec::default() }),
        None,
        "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes",
    );
    let exact = sized(10 * 1024);
    expect(&class(DeviceClassSpec { selectors: vec![selector(Some(&exact))], ..DeviceClassSpec::default() }), None, "");
    let too_long_garbage = "x".repeat(10 * 1024 + 1);
    expect(
        &class(DeviceClassSpec { selectors: vec![selector(Some(&too_long_garbage))], ..DeviceClassSpec::default() }),
        None,
        "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes",
    );
}

/// Upstream's `selectors` case: 32 selectors, the second without CEL, the third not compiling.
#[test]
fn selectors_compile() {
    let mut selectors = vec![selector(Some("true")), selector(None), selector(Some("noSuchVar"))];
    selectors.resize(32, selector(Some("true")));
    let obj = class(DeviceClassSpec { selectors, ..DeviceClassSpec::default() });
    let errs = validate_device_class(&obj, None);
    assert_eq!(errs.len(), 2, "{}", message(&errs));
    assert_eq!(errs[0].to_string(), "spec.selectors[1].cel: Required value");
    assert_eq!(
        errs[1].to_string(),
        "spec.selectors[2].cel.expression: Invalid value: \"noSuchVar\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'noSuchVar' (in container '')\n | noSuchVar\n | ^"
    );
    let not_bool =
        class(DeviceClassSpec { selectors: vec![selector(Some("device.driver"))], ..DeviceClassSpec::default() });
    expect(
        &not_bool,
        None,
        "spec.selectors[0].cel.expression: Invalid value: \"device.driver\": must evaluate to bool or the unknown type, not string",
    );
}

/// Selectors unchanged on update are stored: not compiled again, as upstream does not refuse
/// what it once stored. Any change (reordering too) makes them new.
#[test]
fn stored_selectors_are_not_compiled_again() {
    let stored = class(DeviceClassSpec {
        selectors: vec![selector(Some("true")), selector(Some("device.noSuchField"))],
        ..DeviceClassSpec::default()
    });
    expect(&stored, Some(&stored), "");
    let mut relabelled = stored.clone();
    relabelled.metadata.labels.insert("a".into(), "b".into());
    expect(&relabelled, Some(&stored), "");
    let mut reordered = stored.clone();
    reordered.spec.selectors.reverse();
    let want = "spec.selectors[0].cel.expression: Invalid value: \"device.noSuchField\": compilation failed: ERROR: <input>:1:7: undefined field 'noSuchField'\n | device.noSuchField\n | ......^";
    expect(&reordered, Some(&stored), want);
    let mut added = stored.clone();
    added.spec.selectors.insert(0, selector(Some("false")));
    assert!(
        message(&validate_device_class(&added, Some(&stored)))
            .contains("spec.selectors[2].cel.expression: Invalid value")
    );
    // Stored or not, the length limit holds.
    let long = class(DeviceClassSpec {
        selectors: vec![selector(Some(&"x".repeat(10 * 1024 + 1)))],
        ..DeviceClassSpec::default()
    });
    expect(&long, Some(&long), "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes");
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
    // As 1.37 with the gate on (its default) these are the generated rules'.
    at_release(Release::new(1, 37), || expect(&obj, None, ""));
    // A 1.36 server, in which those rules were alpha, answers with these, as the gate off does.
    let hand_written = || {
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
    };
    hand_written();
    gate_off(hand_written);
}

#[test]
fn the_scheme_runs_it() {
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let obj = class(DeviceClassSpec { selectors: vec![selector(None)], ..DeviceClassSpec::default() });
    assert_eq!(message(&scheme.validate(&obj, None)), "spec.selectors[0].cel: Required value");
}

/// A selector that compiles but whose estimated cost is over upstream's limit is forbidden.
#[test]
fn selectors_over_the_cost_limit_are_forbidden() {
    let nested =
        "device.attributes.all(a, device.attributes.all(b, device.capacity.all(c, device.capacity.all(d, true))))";
    let obj = class(DeviceClassSpec { selectors: vec![selector(Some(nested))], ..DeviceClassSpec::default() });
    expect(&obj, None, "spec.selectors[0].cel.expression: Forbidden: too complex, exceeds cost limit");
}
