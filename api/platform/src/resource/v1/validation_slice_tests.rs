//! Upstream's `ValidateResourceSlice`, `ValidateDeviceTaintRule` and their update cases (`validation_resourceslice_test.go`, `validation_devicetaintrule_test.go`) pinned against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::core::v1::{NodeSelectorRequirement, NodeSelectorTerm};
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::{Condition, ObjectMeta};
use crate::resource::v1::{Counter, DeviceTaintEffect, DeviceTaintRuleSpec, QualifiedName};

const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const C_ID_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
const BAD_NAME: &str = "!@#$%^";
const NODE_FIELDS: &str = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn gate_off<R>(f: impl FnOnce() -> R) -> R {
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), f)
}

fn q(s: &str) -> Quantity {
    Quantity::parse(s).expect("a valid quantity")
}

fn attr(f: impl FnOnce(&mut DeviceAttribute)) -> DeviceAttribute {
    let mut a = DeviceAttribute::default();
    f(&mut a);
    a
}

/// Upstream's `testAttributes` and `testCapacity`.
fn device(name: &str) -> Device {
    Device {
        name: name.into(),
        attributes: [
            ("int", attr(|a| a.int = Some(42))),
            ("string", attr(|a| a.string = Some("hello world".into()))),
            ("version", attr(|a| a.version = Some("1.2.3".into()))),
            ("bool", attr(|a| a.bool = Some(true))),
        ]
        .into_iter()
        .map(|(k, v)| (QualifiedName(k.into()), v))
        .collect(),
        capacity: [(QualifiedName("memory".into()), DeviceCapacity { value: q("1Gi"), request_policy: None })]
            .into_iter()
            .collect(),
        ..Device::default()
    }
}

/// Upstream's `testResourceSlice`.
fn slice(node: &str, driver: &str, devices: usize) -> ResourceSlice {
    ResourceSlice {
        metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() },
        spec: ResourceSliceSpec {
            node_name: Some(node.into()),
            driver: driver.into(),
            pool: ResourcePool { name: node.into(), resource_slice_count: 1, generation: 0 },
            devices: (0..devices).map(|d| device(&format!("device-{d}"))).collect(),
            ..ResourceSliceSpec::default()
        },
        ..ResourceSlice::default()
    }
}

fn counters(names: &[&str]) -> BTreeMap<String, Counter> {
    names.iter().map(|n| ((*n).to_owned(), Counter { value: q("1Gi") })).collect()
}

/// Checks `obj` as 1.37, whose declarative rules take over the hand-written checks they cover
/// while `DeclarativeValidationBeta` is on (a 1.36 server keeps the hand-written ones).
#[track_caller]
fn expect(obj: &ResourceSlice, want: &[&str]) {
    at_release(Release::new(1, 37), || assert_eq!(texts(&validate_resource_slice(obj, None)), want));
}

#[test]
fn device_counts() {
    expect(&slice("foo", "test.example.com", 128), &[]);
    expect(&slice("foo", "foo", 129), &["spec.devices: Too many: 129: must have at most 128 items"]);
    let tainted = |n: usize| {
        let mut s = slice("foo", "foo", n);
        for d in &mut s.spec.devices {
            d.taints = vec![DeviceTaint {
                key: "example.com/taint".into(),
                effect: DeviceTaintEffect("NoExecute".into()),
                ..DeviceTaint::default()
            }];
        }
        s
    };
    expect(&tainted(64), &[]);
    expect(&tainted(65), &["spec.devices: Too many: 65: must have at most 64 items"]);
}

#[test]
fn names_and_pools() {
    expect(
        &slice(BAD_NAME, "test.example.com", 1),
        &[
            &format!("spec.pool.name: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}"),
            &format!("spec.nodeName: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}"),
        ],
    );
    let multi = format!("{BAD_NAME}/{BAD_NAME}");
    expect(
        &slice(&multi, "test.example.com", 1),
        &[
            &format!("spec.pool.name: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}"),
            &format!("spec.pool.name: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}"),
            &format!("spec.nodeName: Invalid value: \"!@#$%^/!@#$%^\": {SUBDOMAIN_MSG}"),
        ],
    );
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.pool.name = "x".repeat(253);
    expect(&s, &[]);
    s.spec.pool.name = format!("{}xy", "x/".repeat(253 / 2));
    s.spec.pool.resource_slice_count = 0;
    s.spec.pool.generation = -1;
    expect(
        &s,
        &[
            "spec.pool.name: Too long: may not be more than 253 bytes",
            "spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero",
            "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero",
        ],
    );
    s = slice("foo", "test.example.com", 1);
    s.spec.pool.name = String::new();
    expect(&s, &["spec.pool.name: Required value"]);
    expect(&slice("foo", BAD_NAME, 1), &[&format!("spec.driver: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}")]);
    let mut s = slice("foo", "foo", 3);
    s.spec.devices[1].name = BAD_NAME.into();
    expect(&s, &[&format!("spec.devices[1].name: Invalid value: \"!@#$%^\": {LABEL_MSG}")]);
    s.spec.devices[1].name = "device-0".into();
    expect(&s, &["spec.devices[1]: Duplicate value: \"device-0\""]);
}

#[test]
fn node_selection() {
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.node_name = None;
    s.spec.node_selector = Some(NodeSelector::default());
    expect(
        &s,
        &[
            "spec.nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term",
            "spec.nodeSelector.nodeSelectorTerms: Invalid value: null: must have exactly one node selector term",
        ],
    );
    let term = NodeSelectorTerm {
        match_fields: vec![NodeSelectorRequirement {
            key: "metadata.name".into(),
            operator: crate::core::v1::NodeSelectorOperator("In".into()),
            values: vec!["worker".into()],
        }],
        ..NodeSelectorTerm::default()
    };
    s.spec.node_name = Some("worker".into());
    s.spec.node_selector = Some(NodeSelector { node_selector_terms: Some(vec![term]) });
    expect(
        &s,
        &[&format!(
            "spec: Invalid value: \"{{`nodeName`, `nodeSelector`}}\": {NODE_FIELDS}, but multiple fields are set"
        )],
    );
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.all_nodes = Some(true);
    expect(
        &s,
        &[&format!("spec: Invalid value: \"{{`nodeName`, `allNodes`}}\": {NODE_FIELDS}, but multiple fields are set")],
    );
    s.spec.node_name = None;
    expect(&s, &[]);
    s.spec.all_nodes = None;
    expect(&s, &[&format!("spec: Required value: {NODE_FIELDS}")]);
    s.spec.all_nodes = Some(false);
    s.spec.node_name = Some(String::new());
    expect(
        &s,
        &[
            "spec.nodeName: Invalid value: \"\": must be either unset or set to a non-empty string",
            "spec.allNodes: Invalid value: false: must be either unset or set to true",
            &format!("spec: Required value: {NODE_FIELDS}"),
        ],
    );
}

#[test]
fn per_device_node_selection() {
    let mut s = slice("foo", "test.example.com", 3);
    s.spec.node_name = None;
    s.spec.per_device_node_selection = Some(true);
    s.spec.devices[0].node_name = Some("worker".into());
    s.spec.devices[1].all_nodes = Some(true);
    s.spec.devices[1].node_name = Some("worker".into());
    let which = "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec";
    expect(
        &s,
        &[
            &format!("spec.devices[1]: Invalid value: \"{{`nodeName`, `allNodes`}}\": {which}"),
            &format!("spec.devices[2]: Required value: {which}"),
        ],
    );
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.devices[0].all_nodes = Some(true);
    expect(
        &s,
        &[
            "spec.devices[0]: Invalid value: null: `nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec",
        ],
    );
}

#[test]
fn shared_counters() {
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.shared_counters = vec![CounterSet { name: "counterset".into(), counters: counters(&["memory"]) }];
    expect(&s, &["spec: Invalid value: \"\": only one of `sharedCounters` or `devices` is allowed"]);
    s.spec.devices.clear();
    expect(&s, &[]);
    s.spec.shared_counters = vec![
        CounterSet { name: BAD_NAME.into(), counters: counters(&["memory", BAD_NAME]) },
        CounterSet { name: "counterset".into(), counters: BTreeMap::new() },
        CounterSet { name: "counterset".into(), counters: counters(&["memory"]) },
    ];
    let p = "spec.sharedCounters";
    let base = [
        format!("{p}[0].counters: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
        format!("{p}[1].counters: Required value"),
    ];
    expect(&s, &base.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        expect(
            &s,
            &[
                &format!("{p}[0].name: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
                &base[0],
                &base[1],
                &format!("{p}[2]: Duplicate value: \"counterset\""),
            ],
        );
    });
    let many: Vec<String> = (0..33).map(|i| format!("memory-{i}")).collect();
    s.spec.shared_counters =
        vec![CounterSet { name: "a".into(), counters: counters(&many.iter().map(String::as_str).collect::<Vec<_>>()) }];
    expect(&s, &[&format!("{p}[0].counters: Too many: 33: must have at most 32 items")]);
    s.spec.shared_counters = (0..9).map(|i| CounterSet { name: format!("s{i}"), counters: counters(&["a"]) }).collect();
    gate_off(|| expect(&s, &[&format!("{p}: Too many: 9: must have at most 8 items")]));
}

#[test]
fn counter_consumption() {
    let mut s = slice("foo", "test.example.com", 1);
    let consume =
        |set: &str, names: &[&str]| DeviceCounterConsumption { counter_set: set.into(), counters: counters(names) };
    s.spec.devices[0].consumes_counters = vec![consume("a", &["memory"]), consume("a", &[])];
    let p = "spec.devices[0].consumesCounters";
    expect(&s, &[&format!("{p}[1].counters: Required value")]);
    gate_off(|| expect(&s, &[&format!("{p}[1].counters: Required value"), &format!("{p}[1]: Duplicate value: \"a\"")]));
    s.spec.devices[0].consumes_counters = vec![consume("a", &["m"]), consume("b", &["m"]), consume("c", &["m"])];
    gate_off(|| expect(&s, &[&format!("{p}: Too many: 3: must have at most 2 items")]));
}

#[test]
fn attributes() {
    let mut s = slice("foo", "foo", 5);
    s.spec.devices[1].attributes = [(QualifiedName(BAD_NAME.into()), DeviceAttribute::default())].into_iter().collect();
    s.spec.devices[2].attributes = [(
        QualifiedName("foo".into()),
        attr(|a| {
            a.string = Some("x".into());
            a.version = Some("1.2.3".into());
        }),
    )]
    .into_iter()
    .collect();
    let long = "x".repeat(65);
    s.spec.devices[3].attributes =
        [(QualifiedName("foo".into()), attr(|a| a.version = Some(long.clone())))].into_iter().collect();
    s.spec.devices[4].attributes =
        [(QualifiedName("foo".into()), attr(|a| a.string = Some(long.clone())))].into_iter().collect();
    let p = "spec.devices";
    let version = format!("{p}[3].attributes[foo].version");
    let base = [
        format!("{p}[1].attributes: Invalid value: \"!@#$%^\": {C_ID_MSG}"),
        format!("{version}: Invalid value: \"{long}\": must be a string compatible with semver.org spec 2.0.0"),
        format!("{version}: Too long: may not be more than 64 bytes"),
        format!("{p}[4].attributes[foo].string: Too long: may not be more than 64 bytes"),
    ];
    expect(&s, &base.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        expect(
            &s,
            &[
                &base[0],
                &format!("{p}[1].attributes[!@#$%^]: Invalid value: \"\": exactly one value must be specified"),
                &format!(
                    "{p}[2].attributes[foo]: Invalid value: {{\"string\":\"x\",\"version\":\"1.2.3\"}}: exactly one value must be specified"
                ),
                &base[1],
                &base[2],
                &base[3],
            ],
        );
    });
    // Qualified names: a domain that is a driver name, and at most 32 bytes after it.
    let mut s = slice("foo", "foo", 1);
    let id = "a".repeat(33);
    s.spec.devices[0].attributes = [
        (QualifiedName("dra.example.com/model".into()), attr(|a| a.int = Some(1))),
        (QualifiedName("/model".into()), attr(|a| a.int = Some(1))),
        (QualifiedName("dra.example.com/".into()), attr(|a| a.int = Some(1))),
        (QualifiedName(id.clone()), attr(|a| a.int = Some(1))),
    ]
    .into_iter()
    .collect();
    let ap = "spec.devices[0].attributes";
    expect(
        &s,
        &[
            &format!("{ap}: Invalid value: \"\": the domain must not be empty"),
            &format!("{ap}: Too long: may not be more than 32 bytes"),
            &format!("{ap}: Invalid value: \"\": the name must not be empty"),
        ],
    );
    // Attributes and capacities together: at most 32.
    let mut s = slice("foo", "foo", 1);
    s.spec.devices[0].attributes =
        (0..32).map(|i| (QualifiedName(format!("a{i}")), attr(|a| a.int = Some(1)))).collect();
    expect(
        &s,
        &["spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must not exceed 32"],
    );
}

#[test]
fn semantic_versions() {
    for good in ["1.2.3", "0.0.0", "1.2.3-alpha.1", "1.2.3-0.x-y", "1.2.3+build.20240305", "10.20.30-rc.1+sha.5114f85"]
    {
        assert!(is_semver(good), "{good}");
    }
    for bad in ["1.2", "01.2.3", "1.2.3-", "1.2.3-01", "1.2.3+", "1.2.3-a..b", "v1.2.3", "1.2.3-a_b"] {
        assert!(!is_semver(bad), "{bad}");
    }
}

#[test]
fn capacity_request_policies() {
    let with_policy = |multiple: bool, policy: CapacityRequestPolicy| {
        let mut s = slice("foo", "foo", 1);
        s.spec.devices[0].allow_multiple_allocations = Some(multiple);
        s.spec.devices[0].capacity =
            [(QualifiedName("a".into()), DeviceCapacity { value: q("100"), request_policy: Some(policy) })]
                .into_iter()
                .collect();
        s
    };
    let values = |default: &str, vs: &[&str]| CapacityRequestPolicy {
        default: Some(q(default)),
        valid_values: vs.iter().map(|v| q(v)).collect(),
        valid_range: None,
    };
    let p = "spec.devices[0].capacity[a].requestPolicy";
    expect(&with_policy(true, values("10", &["5", "10", "100"])), &[]);
    expect(
        &with_policy(false, values("10", &["5", "10", "100"])),
        &[&format!("{p}: Forbidden: allowMultipleAllocations must be true")],
    );
    expect(
        &with_policy(true, values("7", &["10", "5", "200"])),
        &[
            &format!("{p}.validValues[1]: Invalid value: \"5\": values must be sorted in ascending order"),
            &format!("{p}.validValues[2]: Invalid value: \"200\": option is larger than capacity value: 100"),
            &format!(
                "{p}.validValues: Invalid value: \"7\": default value is not valid according to the requestPolicy"
            ),
        ],
    );
    // `spellFirstValidValueTwice`: 5 and 5.0 are one option.
    expect(
        &with_policy(true, values("5", &["5", "5.0", "100"])),
        &[&format!("{p}.validValues[1]: Duplicate value: \"5\"")],
    );
    let mut no_default = values("5", &["5"]);
    no_default.default = None;
    expect(
        &with_policy(true, no_default),
        &[&format!("{p}.default: Required value: required when validValues is defined")],
    );
    let range = |default: &str, min: Option<&str>, max: Option<&str>, step: Option<&str>| CapacityRequestPolicy {
        default: Some(q(default)),
        valid_values: Vec::new(),
        valid_range: Some(CapacityRequestPolicyRange { min: min.map(q), max: max.map(q), step: step.map(q) }),
    };
    expect(&with_policy(true, range("10", Some("10"), Some("50"), Some("10"))), &[]);
    expect(
        &with_policy(true, range("10", None, None, None)),
        &[&format!("{p}.validRange.min: Required value: required when validRange is defined")],
    );
    let r = format!("{p}.validRange");
    expect(
        &with_policy(true, range("5", Some("200"), Some("150"), None)),
        &[
            &format!("{r}.min: Invalid value: \"200\": min is larger than capacity value: 100"),
            &format!("{r}.min: Invalid value: \"5\": default is less than min: 200"),
            &format!("{r}.max: Invalid value: \"200\": min is larger than max: 150"),
            &format!("{r}.max: Invalid value: \"150\": max is larger than capacity value: 100"),
        ],
    );
    expect(
        &with_policy(true, range("15", Some("10"), Some("55"), Some("100"))),
        &[
            &format!("{r}.step: Invalid value: \"100\": one step 110 is larger than capacity value: 100"),
            &format!("{r}.step: Invalid value: \"15\": value is not a multiple of a given step (100) from (10)"),
            &format!("{r}.step: Invalid value: \"55\": value is not a multiple of a given step (100) from (10)"),
        ],
    );
    let mut both = values("5", &["5"]);
    both.valid_range = Some(CapacityRequestPolicyRange { min: Some(q("1")), ..CapacityRequestPolicyRange::default() });
    expect(
        &with_policy(true, both),
        &[&format!(
            "{p}: Forbidden: exactly one policy can be specified, cannot specify \"validValues\" and \"validRange\" at the same time"
        )],
    );
}

#[test]
fn binding_conditions() {
    let mut s = slice("foo", "foo", 1);
    s.spec.devices[0].binding_conditions = vec!["a".into(), "a".into(), "b".into()];
    s.spec.devices[0].binding_failure_conditions = vec!["b".into(), "c".into(), "c".into()];
    let p = "spec.devices[0]";
    expect(
        &s,
        &[
            &format!("{p}.bindingConditions[1]: Duplicate value: \"a\""),
            &format!(
                "{p}.bindingFailureConditions[0]: Invalid value: \"b\": bindingFailureConditions must not overlap with bindingConditions"
            ),
            &format!("{p}.bindingFailureConditions[2]: Duplicate value: \"c\""),
        ],
    );
    s.spec.devices[0].binding_conditions.clear();
    s.spec.devices[0].binding_failure_conditions = vec!["c".into()];
    expect(
        &s,
        &[&format!(
            "{p}.bindingConditions: Invalid value: null: bindingConditions are required to use bindingFailureConditions"
        )],
    );
    s.spec.devices[0].binding_conditions = (0..5).map(|i| format!("c{i}")).collect();
    gate_off(|| expect(&s, &[&format!("{p}.bindingConditions: Too many: 5: must have at most 4 items")]));
}

#[test]
fn taints() {
    let mut s = slice("foo", "foo", 1);
    s.spec.devices[0].taints = vec![
        DeviceTaint { key: BAD_NAME.into(), value: "spaces not allowed".into(), ..DeviceTaint::default() },
        DeviceTaint { key: "a".into(), effect: DeviceTaintEffect("Sometimes".into()), ..DeviceTaint::default() },
    ];
    let p = "spec.devices[0].taints";
    let key = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    let value = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    let base = [
        format!("{p}[0].key: Invalid value: \"!@#$%^\": {key}"),
        format!("{p}[0].value: Invalid value: \"spaces not allowed\": {value}"),
    ];
    expect(&s, &base.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        expect(
            &s,
            &[
                &base[0],
                &base[1],
                &format!("{p}[0].effect: Required value"),
                &format!(
                    "{p}[1].effect: Unsupported value: \"Sometimes\": supported values: \"NoExecute\", \"NoSchedule\", \"None\""
                ),
            ],
        );
        // Unchanged taints of a device are not checked again.
        assert_eq!(texts(&validate_resource_slice(&s, Some(&s))), Vec::<String>::new());
    });
    s.spec.devices[0].taints = (0..17)
        .map(|i| DeviceTaint {
            key: format!("k{i}"),
            effect: DeviceTaintEffect("None".into()),
            ..DeviceTaint::default()
        })
        .collect();
    expect(&s, &[&format!("{p}: Too many: 17: must have at most 16 items")]);
}

#[test]
fn updates() {
    let old = slice("foo", "test.example.com", 1);
    assert_eq!(texts(&validate_resource_slice(&old, Some(&old))), Vec::<String>::new());
    let mut new = old.clone();
    new.spec.pool.name = "bar".into();
    new.spec.driver = "other.example.com".into();
    new.spec.node_name = Some("bar".into());
    new.spec.pool.generation = 1;
    assert_eq!(
        texts(&validate_resource_slice(&new, Some(&old))),
        [
            "spec.pool.name: Invalid value: \"bar\": field is immutable",
            "spec.driver: Invalid value: \"other.example.com\": field is immutable",
            "spec.nodeName: Invalid value: \"bar\": field is immutable",
        ]
    );
    let mut all = old.clone();
    all.spec.node_name = None;
    all.spec.all_nodes = Some(true);
    assert_eq!(
        texts(&validate_resource_slice(&all, Some(&old))),
        ["spec.nodeName: Invalid value: null: field is immutable"]
    );
}

fn rule(spec: DeviceTaintRuleSpec) -> DeviceTaintRule {
    DeviceTaintRule {
        metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() },
        spec,
        ..DeviceTaintRule::default()
    }
}

fn valid_rule_spec() -> DeviceTaintRuleSpec {
    DeviceTaintRuleSpec {
        device_selector: Some(DeviceTaintSelector {
            driver: Some("test.example.com".into()),
            pool: Some("foo".into()),
            device: Some("foo".into()),
        }),
        taint: DeviceTaint {
            key: "example.com/taint".into(),
            value: "tainted".into(),
            effect: DeviceTaintEffect("NoSchedule".into()),
            ..DeviceTaint::default()
        },
    }
}

#[test]
fn device_taint_rules() {
    let check = |spec: DeviceTaintRuleSpec| texts(&validate_device_taint_rule(&rule(spec), None));
    assert_eq!(check(valid_rule_spec()), Vec::<String>::new());
    let sel = |f: fn(&mut DeviceTaintSelector)| {
        let mut spec = valid_rule_spec();
        f(spec.device_selector.as_mut().expect("set"));
        spec
    };
    assert_eq!(
        check(sel(|s| s.driver = Some(BAD_NAME.into()))),
        [format!("spec.deviceSelector.driver: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}")]
    );
    assert_eq!(
        check(sel(|s| s.pool = Some(BAD_NAME.into()))),
        [format!("spec.deviceSelector.pool: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}")]
    );
    assert_eq!(
        check(sel(|s| s.device = Some(BAD_NAME.into()))),
        [format!("spec.deviceSelector.device: Invalid value: \"!@#$%^\": {LABEL_MSG}")]
    );
    let mut valid = valid_rule_spec();
    valid.taint = DeviceTaint {
        key: "foo".into(),
        value: "foo".into(),
        effect: DeviceTaintEffect("NoExecute".into()),
        ..DeviceTaint::default()
    };
    assert_eq!(check(valid), Vec::<String>::new());
    let mut invalid = valid_rule_spec();
    invalid.taint.effect = DeviceTaintEffect::default();
    let stored = rule(invalid.clone());
    gate_off(|| {
        assert_eq!(check(invalid.clone()), ["spec.taint.effect: Required value"]);
        // An effect that did not change is not checked again.
        assert_eq!(texts(&validate_device_taint_rule(&stored, Some(&stored))), Vec::<String>::new());
    });
    // With the gate on the required effect is the declarative rules'.
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let got = texts(&scheme.validate(&stored, None));
    assert!(got.contains(&"spec.taint.effect: Required value".to_owned()), "{got:?}");
}

#[test]
fn device_taint_rule_status() {
    let old = rule(valid_rule_spec());
    let mut new = old.clone();
    let condition = |t: &str| Condition {
        r#type: t.into(),
        status: crate::meta::v1::ConditionStatus("True".into()),
        reason: "Reason".into(),
        last_transition_time: kapi_machinery::types::Time::now(),
        ..Condition::default()
    };
    new.status.conditions = (0..9).map(|i| condition(&format!("C{i}"))).collect();
    assert_eq!(
        texts(&validate_device_taint_rule_status_update(&new, &old)),
        ["status.conditions: Too many: 9: must have at most 8 items"]
    );
    new.status.conditions = vec![condition("A"), condition("A")];
    assert_eq!(
        texts(&validate_device_taint_rule_status_update(&new, &old)),
        ["status.conditions[1].type: Duplicate value: \"A\""]
    );
}

#[test]
fn the_scheme_runs_them() {
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let mut s = slice("foo", "test.example.com", 1);
    s.spec.pool.resource_slice_count = 0;
    assert_eq!(
        texts(&scheme.validate(&s, None)),
        ["spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero"]
    );
    let mut r = rule(valid_rule_spec());
    r.spec.device_selector.as_mut().expect("set").device = Some(BAD_NAME.into());
    assert_eq!(
        texts(&scheme.validate(&r, None)),
        [format!("spec.deviceSelector.device: Invalid value: \"!@#$%^\": {LABEL_MSG}")]
    );
}

#[test]
fn list_attributes() {
    // `max-devices-with-list-of-*-attributes`: a list attribute lowers the device limit as taints do.
    let mut s = slice("foo", "foo", 64);
    for d in &mut s.spec.devices {
        d.attributes.insert(QualifiedName("ints".into()), attr(|a| a.ints = vec![1, 2, 3]));
    }
    expect(&s, &[]);
    let mut s = slice("foo", "foo", 65);
    s.spec.devices[0].attributes.insert(QualifiedName("strings".into()), attr(|a| a.strings = vec!["a".into()]));
    expect(&s, &["spec.devices: Too many: 65: must have at most 64 items"]);
    // `bad-list-attribute`: items as the single values, and one kind of value.
    let long = "x".repeat(65);
    let mut s = slice("foo", "foo", 3);
    let mixed = attr(|a| {
        a.ints = vec![1];
        a.bools = vec![true];
    });
    s.spec.devices[0].attributes = [(QualifiedName("foo".into()), mixed)].into_iter().collect();
    s.spec.devices[1].attributes =
        [(QualifiedName("foo".into()), attr(|a| a.strings = vec![long.clone()]))].into_iter().collect();
    s.spec.devices[2].attributes =
        [(QualifiedName("foo".into()), attr(|a| a.versions = vec![long.clone()]))].into_iter().collect();
    let p = "spec.devices";
    let base = [
        format!("{p}[1].attributes[foo].strings[0]: Too long: may not be more than 64 bytes"),
        format!(
            "{p}[2].attributes[foo].versions[0]: Invalid value: \"{long}\": must be a string compatible with semver.org spec 2.0.0"
        ),
        format!("{p}[2].attributes[foo].versions[0]: Too long: may not be more than 64 bytes"),
    ];
    expect(&s, &base.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        let mut want = vec![format!(
            "{p}[0].attributes[foo]: Invalid value: {{\"ints\":[1],\"bools\":[true]}}: exactly one value must be specified"
        )];
        want.extend(base.iter().cloned());
        assert_eq!(texts(&validate_resource_slice(&s, None)), want);
    });
}

#[test]
fn partition_type_attribute() {
    let driver = "test.example.com";
    let consuming = |n: usize| {
        let mut s = slice("foo", driver, n);
        s.spec.devices[0].consumes_counters =
            vec![DeviceCounterConsumption { counter_set: "set".into(), counters: counters(&["memory"]) }];
        s
    };
    let with = |mut s: ResourceSlice, name: &str| {
        s.spec.partition_type_attribute = Some(crate::resource::v1::FullyQualifiedName(name.into()));
        s
    };
    // A bare attribute name stands for the driver's domain; devices consuming nothing are exempt.
    expect(&with(consuming(1), "test.example.com/string"), &[]);
    let mut exempt = consuming(2);
    exempt.spec.devices[1].attributes.clear();
    expect(&with(exempt, "test.example.com/string"), &[]);
    let only = "may only be set on a slice which declares devices that consume counters";
    expect(
        &with(slice("foo", driver, 1), "test.example.com/string"),
        &[&format!("spec.partitionTypeAttribute: Invalid value: \"test.example.com/string\": {only}")],
    );
    expect(
        &with(consuming(1), "gpu.example.com/profile"),
        &[
            "spec.devices[0].attributes[gpu.example.com/profile]: Required value: device consumes counters and `partitionTypeAttribute` names this attribute, so it must be set",
        ],
    );
    let not_string = "must be a string value because `partitionTypeAttribute` names this attribute";
    expect(
        &with(consuming(1), "test.example.com/int"),
        &[&format!("spec.devices[0].attributes[test.example.com/int]: Invalid value: {{\"int\":42}}: {not_string}")],
    );
    // The full name wins over the bare one.
    let mut both = consuming(1);
    both.spec.devices[0].attributes.insert(QualifiedName("test.example.com/string".into()), attr(|a| a.int = Some(1)));
    expect(
        &with(both, "test.example.com/string"),
        &[&format!("spec.devices[0].attributes[test.example.com/string]: Invalid value: {{\"int\":1}}: {not_string}")],
    );
}
