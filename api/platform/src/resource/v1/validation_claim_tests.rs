//! Upstream's `ValidateResourceClaim`, `…StatusUpdate` and `ValidateResourceClaimTemplate` cases (`validation_resourceclaim_test.go`, `validation_resourceclaimtemplate_test.go`) pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::types::Time;

use super::*;
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::ObjectMeta;
use crate::resource::v1::{
    AllocationConfigSource, CELDeviceSelector, DeviceAllocationMode, DeviceAllocationResult, DeviceTaintEffect,
    DeviceTolerationOperator, FullyQualifiedName, OpaqueDeviceConfiguration, ResourceClaimSpec,
    ResourceClaimTemplateSpec,
};

const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const C_ID_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
const BAD_NAME: &str = "!@#$%^";
const REF_MSG: &str =
    "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn gate_off<R>(f: impl FnOnce() -> R) -> R {
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), f)
}

fn exact(class: &str, mode: &str, count: i64) -> ExactDeviceRequest {
    ExactDeviceRequest {
        device_class_name: class.into(),
        allocation_mode: DeviceAllocationMode(mode.into()),
        count,
        ..ExactDeviceRequest::default()
    }
}

fn request(name: &str) -> DeviceRequest {
    DeviceRequest { name: name.into(), exactly: Some(exact("foo", "ExactCount", 1)), ..DeviceRequest::default() }
}

fn subrequest(name: &str) -> DeviceSubRequest {
    DeviceSubRequest {
        name: name.into(),
        device_class_name: "foo".into(),
        allocation_mode: DeviceAllocationMode("ExactCount".into()),
        count: 1,
        ..DeviceSubRequest::default()
    }
}

/// Upstream's `validClaimSpecWithFirstAvailable`: request `foo` with subrequests `foo` and `bar`.
fn first_available() -> DeviceRequest {
    DeviceRequest {
        name: "foo".into(),
        first_available: vec![subrequest("foo"), subrequest("bar")],
        ..DeviceRequest::default()
    }
}

fn claim(requests: Vec<DeviceRequest>) -> ResourceClaim {
    ResourceClaim {
        metadata: ObjectMeta { name: "foo".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec: ResourceClaimSpec { devices: DeviceClaim { requests: Some(requests), ..DeviceClaim::default() } },
        ..ResourceClaim::default()
    }
}

fn opaque(parameters: &str) -> DeviceConfiguration {
    DeviceConfiguration {
        opaque: Some(OpaqueDeviceConfiguration {
            driver: "dra.example.com".into(),
            parameters: RawExtension { raw: Some(parameters.as_bytes().to_vec()) },
        }),
    }
}

fn config(requests: &[&str]) -> DeviceClaimConfiguration {
    DeviceClaimConfiguration {
        requests: requests.iter().map(|r| (*r).to_owned()).collect(),
        device_configuration: opaque(r#"{"kind": "foo", "apiVersion": "dra.example.com/v1"}"#),
    }
}

fn constraint(requests: &[&str], attribute: Option<&str>) -> DeviceConstraint {
    DeviceConstraint {
        requests: requests.iter().map(|r| (*r).to_owned()).collect(),
        match_attribute: attribute.map(|a| FullyQualifiedName(a.into())),
        ..DeviceConstraint::default()
    }
}

/// Checks `obj` as 1.37, whose declarative rules take over the hand-written checks they cover
/// while `DeclarativeValidationBeta` is on (a 1.36 server keeps the hand-written ones).
#[track_caller]
fn expect(obj: &ResourceClaim, want: &[&str]) {
    at_release(Release::new(1, 37), || assert_eq!(texts(&validate_resource_claim(obj, None)), want));
}

#[test]
fn good_claims() {
    expect(&claim(vec![request("foo")]), &[]);
    expect(&claim(vec![first_available()]), &[]);
    // `valid-request`: every list at its limit.
    let mut c = claim((0..32).map(|i| request(&format!("foo{i}"))).collect());
    c.spec.devices.constraints = (0..32).map(|_| constraint(&[], Some("foo/bar"))).collect();
    c.spec.devices.config = (0..32).map(|_| config(&[])).collect();
    gate_off(|| expect(&c, &[]));
}

#[test]
fn class_names() {
    let mut c = claim(vec![request("foo")]);
    c.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").device_class_name =
        BAD_NAME.into();
    expect(
        &c,
        &[&format!("spec.devices.requests[0].exactly.deviceClassName: Invalid value: \"!@#$%^\": {SUBDOMAIN_MSG}")],
    );
    c.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").device_class_name = String::new();
    expect(&c, &["spec.devices.requests[0].exactly.deviceClassName: Required value"]);
}

#[test]
fn invalid_request() {
    let mut c = claim(vec![request("foo")]);
    c.spec.devices.constraints =
        vec![constraint(&["foo", BAD_NAME], Some("missing-domain")), constraint(&[], Some("")), constraint(&[], None)];
    c.spec.devices.config = vec![config(&["foo", BAD_NAME])];
    let p = "spec.devices";
    let fqn = "a fully qualified name must be a domain and a name separated by a slash";
    let spec_errors = [
        format!("{p}.constraints[0].requests[1]: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
        format!("{p}.constraints[0].requests[1]: Invalid value: \"!@#$%^\": {REF_MSG}"),
        format!("{p}.constraints[0].matchAttribute: Invalid value: \"missing-domain\": {C_ID_MSG}"),
        format!("{p}.constraints[0].matchAttribute: Invalid value: \"missing-domain\": {fqn}"),
        format!("{p}.constraints[1].matchAttribute: Invalid value: \"\": {C_ID_MSG}"),
        format!("{p}.constraints[1].matchAttribute: Invalid value: \"\": {fqn}"),
        format!(
            "{p}.constraints[2]: Required value: exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but multiple fields are set"
        ),
        format!("{p}.config[0].requests[1]: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
        format!("{p}.config[0].requests[1]: Invalid value: \"!@#$%^\": {REF_MSG}"),
    ];
    // `invalid-spec`: the match attribute's format is the declarative rules' as 1.37 with the gate
    // on; a 1.36 server, in which they were alpha, and the gate off check it by hand.
    assert_eq!(texts(&validate_resource_claim(&c, None)), spec_errors);
    gate_off(|| assert_eq!(texts(&validate_resource_claim(&c, None)), spec_errors));
    let on: Vec<String> = spec_errors.iter().filter(|e| !e.contains(".matchAttribute:")).cloned().collect();
    expect(&c, &on.iter().map(String::as_str).collect::<Vec<_>>());
    // Over each limit, one error stands for the list.
    let mut c = claim((0..33).map(|i| request(&format!("foo{i}"))).collect());
    c.spec.devices.constraints = (0..33).map(|_| constraint(&[], Some("foo/bar"))).collect();
    c.spec.devices.config = (0..33).map(|_| config(&[])).collect();
    gate_off(|| {
        assert_eq!(
            texts(&validate_resource_claim(&c, None)),
            [
                "spec.devices.requests: Too many: 33: must have at most 32 items",
                "spec.devices.constraints: Too many: 33: must have at most 32 items",
                "spec.devices.config: Too many: 33: must have at most 32 items",
            ]
        );
    });
    expect(&c, &[]);
}

#[test]
fn allocation_mode() {
    let mut all = request("foo2");
    all.exactly = Some(exact("foo", "All", 0));
    let mut negative = request("foo3");
    negative.exactly = Some(exact("foo", "ExactCount", -1));
    let mut other = request("foo4");
    other.exactly = Some(exact("foo", "other", 1));
    let mut all_count = request("foo5");
    all_count.exactly = Some(exact("foo", "All", 2));
    let c = claim(vec![request("foo"), all, negative, other, all_count, request("foo")]);
    let p = "spec.devices.requests";
    gate_off(|| {
        assert_eq!(
            texts(&validate_resource_claim(&c, None)),
            [
                format!("{p}[2].exactly.count: Invalid value: -1: must be greater than zero"),
                format!(
                    "{p}[3].exactly.allocationMode: Unsupported value: \"other\": supported values: \"All\", \"ExactCount\""
                ),
                format!("{p}[4].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'"),
                format!("{p}[5]: Duplicate value: \"foo\""),
            ]
        );
    });
    // The enumeration and the uniqueness are the declarative rules' with the gate on.
    expect(
        &c,
        &[
            &format!("{p}[2].exactly.count: Invalid value: -1: must be greater than zero"),
            &format!("{p}[4].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'"),
        ],
    );
}

#[test]
fn configuration() {
    let mut c = claim(vec![request("foo")]);
    let fits = format!(r#"{{"str": "{}"}}"#, "x".repeat(10 * 1024 - 9 - 2));
    let over = format!(r#"{{"str": "{}"}}"#, "x".repeat(10 * 1024 - 9 - 2 + 1));
    c.spec.devices.config = ["", "\"hello-world\"", "null", &fits, &over]
        .iter()
        .map(|raw| DeviceClaimConfiguration { requests: Vec::new(), device_configuration: opaque(raw) })
        .collect();
    let p = "spec.devices.config";
    expect(
        &c,
        &[
            &format!("{p}[0].opaque.parameters: Required value"),
            &format!("{p}[1].opaque.parameters: Invalid value: \"<value omitted>\": must be a valid JSON object"),
            &format!("{p}[2].opaque.parameters: Required value"),
            &format!("{p}[4].opaque.parameters: Too long: may not be more than 10240 bytes"),
        ],
    );
    c.spec.devices.config = vec![DeviceClaimConfiguration::default()];
    expect(&c, &[&format!("{p}[0].opaque: Required value")]);
}

#[test]
fn cel_selectors() {
    let expression = r#"device.driver == """#;
    let fill = |n: usize| expression.replace(r#""""#, &format!("\"{}\"", "x".repeat(n)));
    let mut second = request("foo-2");
    second.exactly.as_mut().expect("set").selectors = vec![
        DeviceSelector { cel: Some(CELDeviceSelector { expression: fill(10 * 1024 - expression.len()) }) },
        DeviceSelector { cel: Some(CELDeviceSelector { expression: fill(10 * 1024 - expression.len() + 1) }) },
        DeviceSelector { cel: None },
    ];
    expect(
        &claim(vec![request("foo"), second]),
        &[
            "spec.devices.requests[1].exactly.selectors[1].cel.expression: Too long: may not be more than 10240 bytes",
            "spec.devices.requests[1].exactly.selectors[2].cel: Required value",
        ],
    );
}

/// Upstream's `CEL-compile-errors`: each selector compiled in the device environment, in
/// `exactly`, in `firstAvailable` and in a template.
#[test]
fn cel_compile_errors() {
    const BAD: &str = "device.attributes[true].someBoolean";
    const DETAIL: &str = "compilation failed: ERROR: <input>:1:18: found no matching overload for '_[_]' applied to '(map(string, map(string, any)), bool)'\n | device.attributes[true].someBoolean\n | .................^";
    let selectors = || {
        vec![
            DeviceSelector {
                cel: Some(CELDeviceSelector { expression: r#"device.driver == "dra.example.com""#.into() }),
            },
            DeviceSelector { cel: Some(CELDeviceSelector { expression: BAD.into() }) },
        ]
    };
    let mut second = request("foo-2");
    second.exactly.as_mut().expect("set").selectors = selectors();
    let c = claim(vec![request("foo"), second]);
    expect(
        &c,
        &[&format!("spec.devices.requests[1].exactly.selectors[1].cel.expression: Invalid value: \"{BAD}\": {DETAIL}")],
    );
    let mut prioritized = first_available();
    prioritized.first_available[1].selectors = selectors();
    expect(
        &claim(vec![prioritized]),
        &[&format!(
            "spec.devices.requests[0].firstAvailable[1].selectors[1].cel.expression: Invalid value: \"{BAD}\": {DETAIL}"
        )],
    );
    let t = template(ResourceClaimTemplateSpec { spec: c.spec.clone(), ..ResourceClaimTemplateSpec::default() });
    assert_eq!(
        texts(&validate_resource_claim_template(&t, None)),
        [format!(
            "spec.spec.devices.requests[1].exactly.selectors[1].cel.expression: Invalid value: \"{BAD}\": {DETAIL}"
        )]
    );
    // A claim's spec is immutable: an update checks only that, so nothing is compiled again.
    assert_eq!(texts(&validate_resource_claim(&c, Some(&c))), Vec::<String>::new());
}

#[test]
fn prioritized_lists() {
    let p = "spec.devices.requests[0]";
    // Both `exactly` and `firstAvailable`, and neither.
    let mut both = first_available();
    both.exactly = Some(exact("foo", "ExactCount", 2));
    expect(
        &claim(vec![both]),
        &[&format!(
            "{p}: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"
        )],
    );
    let neither = DeviceRequest { name: "foo".into(), ..DeviceRequest::default() };
    expect(
        &claim(vec![neither]),
        &[&format!("{p}: Required value: exactly one of `exactly` or `firstAvailable` is required")],
    );
    // `prioritized-list-invalid-nested-request`: the class name and mode are declarative with the gate on.
    let mut nested = first_available();
    nested.first_available[0] = DeviceSubRequest { name: BAD_NAME.into(), ..DeviceSubRequest::default() };
    let c = claim(vec![nested]);
    expect(&c, &[&format!("{p}.firstAvailable[0].name: Invalid value: \"!@#$%^\": {LABEL_MSG}")]);
    gate_off(|| {
        assert_eq!(
            texts(&validate_resource_claim(&c, None)),
            [
                format!("{p}.firstAvailable[0].name: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
                format!("{p}.firstAvailable[0].deviceClassName: Required value"),
                format!(
                    "{p}.firstAvailable[0].allocationMode: Unsupported value: \"\": supported values: \"All\", \"ExactCount\""
                ),
            ]
        );
    });
    let mut same = first_available();
    same.first_available[1].name = "foo".into();
    gate_off(|| {
        assert_eq!(
            texts(&validate_resource_claim(&claim(vec![same]), None)),
            [format!("{p}.firstAvailable[1]: Duplicate value: \"foo\"")]
        );
    });
    let many = DeviceRequest {
        name: "foo".into(),
        first_available: (0..=8).map(|i| subrequest(&format!("subreq-{i}"))).collect(),
        ..DeviceRequest::default()
    };
    gate_off(|| {
        assert_eq!(
            texts(&validate_resource_claim(&claim(vec![many]), None)),
            [format!("{p}.firstAvailable: Too many: 9: must have at most 8 items")]
        );
    });
}

#[test]
fn request_references() {
    for good in ["foo/bar", "foo"] {
        let mut c = claim(vec![first_available()]);
        c.spec.devices.config = vec![config(&[good])];
        c.spec.devices.constraints = vec![constraint(&[good], Some("dra.example.com/driverVersion"))];
        expect(&c, &[]);
    }
    let mut c = claim(vec![first_available()]);
    c.spec.devices.config = vec![config(&["foo/baz"])];
    c.spec.devices.constraints = vec![constraint(&["foo/baz"], Some("dra.example.com/driverVersion"))];
    expect(
        &c,
        &[
            &format!("spec.devices.constraints[0].requests[0]: Invalid value: \"foo/baz\": {REF_MSG}"),
            &format!("spec.devices.config[0].requests[0]: Invalid value: \"foo/baz\": {REF_MSG}"),
        ],
    );
    // More than one slash can name nothing; an exact request has no subrequests.
    let mut c = claim(vec![request("foo")]);
    c.spec.devices.config = vec![config(&["foo/foo/foo", "foo/bar"])];
    expect(
        &c,
        &[
            &format!("spec.devices.config[0].requests[0]: Invalid value: \"foo/foo/foo\": {REF_MSG}"),
            &format!("spec.devices.config[0].requests[1]: Invalid value: \"foo/bar\": {REF_MSG}"),
        ],
    );
}

#[test]
fn tolerations() {
    let mut r = request("foo");
    r.exactly.as_mut().expect("set").tolerations = vec![
        DeviceToleration {
            key: "example.com/a".into(),
            operator: DeviceTolerationOperator("Exists".into()),
            value: "x".into(),
            ..DeviceToleration::default()
        },
        DeviceToleration {
            operator: DeviceTolerationOperator("Equal".into()),
            value: "spaces not allowed".into(),
            ..DeviceToleration::default()
        },
        DeviceToleration::default(),
        DeviceToleration {
            key: "a".into(),
            operator: DeviceTolerationOperator("Sometimes".into()),
            effect: DeviceTaintEffect("Bad".into()),
            ..DeviceToleration::default()
        },
    ];
    let p = "spec.devices.requests[0].exactly.tolerations";
    let value_msg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    let c = claim(vec![r]);
    let common = [
        format!("{p}[0].value: Invalid value: \"x\": must be empty for operator `Exists`"),
        format!("{p}[1].value: Invalid value: \"spaces not allowed\": {value_msg}"),
        format!("{p}[2].operator: Required value"),
    ];
    expect(&c, &common.iter().map(String::as_str).collect::<Vec<_>>());
    let hand_written = || {
        let mut want = common.to_vec();
        want.push(format!(
            "{p}[3].operator: Unsupported value: \"Sometimes\": supported values: \"Equal\", \"Exists\""
        ));
        want.push(format!(
            "{p}[3].effect: Unsupported value: \"Bad\": supported values: \"NoExecute\", \"NoSchedule\", \"None\""
        ));
        assert_eq!(texts(&validate_resource_claim(&c, None)), want);
    };
    hand_written();
    gate_off(hand_written);
}

#[test]
fn spec_is_immutable() {
    let old = claim(vec![request("foo")]);
    let mut new = old.clone();
    new.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").count = 2;
    gate_off(|| {
        let errs = texts(&validate_resource_claim(&new, Some(&old)));
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(errs[0].starts_with("spec: Invalid value: {\"devices\":"), "{errs:?}");
        assert!(errs[0].ends_with(": field is immutable"), "{errs:?}");
    });
    // An unchanged spec is not validated again, even one that would not pass today.
    let mut stored = claim(vec![request("foo")]);
    stored.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").device_class_name =
        BAD_NAME.into();
    gate_off(|| assert_eq!(texts(&validate_resource_claim(&stored, Some(&stored))), Vec::<String>::new()));
    // With the gate on, the generated rules report the change.
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let got = texts(&scheme.validate(&new, Some(&old)));
    assert!(got.iter().any(|e| e.starts_with("spec: ") && e.contains("immutable")), "{got:?}");
}

fn consumer(uid: &str) -> ResourceClaimConsumerReference {
    ResourceClaimConsumerReference {
        resource: "pods".into(),
        name: "foo".into(),
        uid: uid.into(),
        ..ResourceClaimConsumerReference::default()
    }
}

fn allocation(results: Vec<DeviceRequestAllocationResult>) -> AllocationResult {
    AllocationResult {
        devices: DeviceAllocationResult { results, ..DeviceAllocationResult::default() },
        ..AllocationResult::default()
    }
}

fn result(request: &str) -> DeviceRequestAllocationResult {
    DeviceRequestAllocationResult {
        request: request.into(),
        driver: "dra.example.com".into(),
        pool: "pool-1".into(),
        device: "device-1".into(),
        ..DeviceRequestAllocationResult::default()
    }
}

/// Checks `obj` as 1.37, whose declarative rules take over the hand-written checks they cover
/// while `DeclarativeValidationBeta` is on (a 1.36 server keeps the hand-written ones).
#[track_caller]
fn expect_status(new: &ResourceClaim, old: &ResourceClaim, want: &[&str]) {
    at_release(Release::new(1, 37), || assert_eq!(texts(&validate_resource_claim_status_update(new, old)), want));
}

#[test]
fn status_reserved_for() {
    let old = claim(vec![request("foo")]);
    let mut new = old.clone();
    new.status.allocation = Some(allocation(vec![result("foo")]));
    expect_status(&new, &old, &[]);
    // Consumers need an allocation and every field.
    let mut unallocated = old.clone();
    unallocated.status.reserved_for = vec![consumer("1")];
    expect_status(
        &unallocated,
        &old,
        &["status.reservedFor: Forbidden: may not be specified when `allocated` is not set"],
    );
    let mut missing = new.clone();
    missing.status.reserved_for = vec![ResourceClaimConsumerReference::default()];
    expect_status(
        &missing,
        &new,
        &[
            "status.reservedFor[0].resource: Required value",
            "status.reservedFor[0].name: Required value",
            "status.reservedFor[0].uid: Required value",
        ],
    );
    // Duplicate consumers and too many of them are the declarative rules' with the gate on.
    let mut twice = new.clone();
    twice.status.reserved_for = vec![consumer("1"), consumer("1")];
    gate_off(|| expect_status(&twice, &new, &["status.reservedFor[1]: Duplicate value: \"1\""]));
    expect_status(&twice, &new, &[]);
    let mut many = new.clone();
    many.status.reserved_for = (0..257).map(|i| consumer(&i.to_string())).collect();
    gate_off(|| expect_status(&many, &new, &["status.reservedFor: Too many: 257: must have at most 256 items"]));
    // While the claim is being deleted consumers may go but not come.
    let mut reserved = new.clone();
    reserved.status.reserved_for = vec![consumer("1")];
    reserved.metadata.deletion_timestamp = Some(Time::now());
    let mut added = reserved.clone();
    added.status.reserved_for.push(consumer("2"));
    expect_status(
        &added,
        &reserved,
        &[
            "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
        ],
    );
    let mut kept = reserved.clone();
    kept.status.reserved_for.push(consumer("2"));
    expect_status(&reserved, &kept, &[]);
}

#[test]
fn status_allocation() {
    let old = claim(vec![first_available()]);
    let mut new = old.clone();
    new.status.allocation = Some(allocation(vec![result("foo/bar"), result("foo/baz"), result(BAD_NAME)]));
    let p = "status.allocation.devices.results";
    expect_status(
        &new,
        &old,
        &[
            &format!("{p}[1].request: Invalid value: \"foo/baz\": {REF_MSG}"),
            &format!("{p}[2].request: Invalid value: \"!@#$%^\": {LABEL_MSG}"),
            &format!("{p}[2].request: Invalid value: \"!@#$%^\": {REF_MSG}"),
        ],
    );
    // A stored allocation may not change, and is not validated again.
    let mut stored = old.clone();
    stored.status.allocation = Some(allocation(vec![result(BAD_NAME)]));
    expect_status(&stored, &stored, &[]);
    let mut changed = stored.clone();
    changed.status.allocation = Some(allocation(vec![result("foo/bar")]));
    gate_off(|| {
        let errs = texts(&validate_resource_claim_status_update(&changed, &stored));
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(errs[0].starts_with("status.allocation: Invalid value: {") && errs[0].ends_with("field is immutable"));
    });
    // Share IDs, binding conditions, the configuration's source and the node selector.
    let mut r = result("foo/bar");
    r.share_id = Some("ABC".into());
    r.binding_conditions = vec!["a".into(), "a".into()];
    let mut alloc = allocation(vec![r]);
    alloc.devices.config = vec![DeviceAllocationConfiguration {
        source: AllocationConfigSource("FromSomewhere".into()),
        requests: vec!["foo".into()],
        device_configuration: opaque("{}"),
    }];
    alloc.node_selector = Some(NodeSelector::default());
    let mut new = old.clone();
    new.status.allocation = Some(alloc);
    let base = [
        format!("{p}[0].bindingConditions[1]: Duplicate value: \"a\""),
        format!(
            "{p}[0].bindingFailureConditions: Invalid value: null: bindingFailureConditions are required to use bindingConditions"
        ),
    ];
    let selector =
        "status.allocation.nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term";
    let mut want: Vec<String> = base.to_vec();
    want.push(selector.into());
    expect_status(&new, &old, &want.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        let mut want = base.to_vec();
        want.push(format!("{p}[0].shareID: Invalid value: \"ABC\": error validating uid: invalid UUID length: 3"));
        want.push(
            "status.allocation.devices.config[0].source: Unsupported value: \"FromSomewhere\": supported values: \"FromClaim\", \"FromClass\""
                .into(),
        );
        want.push(selector.into());
        assert_eq!(texts(&validate_resource_claim_status_update(&new, &old)), want);
    });
}

#[test]
fn status_devices() {
    let old = claim(vec![request("foo")]);
    let mut new = old.clone();
    let mut r = result("foo");
    r.share_id = Some("ac051fac-2ead-46d9-b8b4-4e0fbeb7455d".into());
    new.status.allocation = Some(allocation(vec![r]));
    let device = |device: &str, share: Option<&str>| AllocatedDeviceStatus {
        driver: "dra.example.com".into(),
        pool: "pool-1".into(),
        device: device.into(),
        share_id: share.map(Into::into),
        ..AllocatedDeviceStatus::default()
    };
    let share = "ac051fac-2ead-46d9-b8b4-4e0fbeb7455d";
    new.status.devices = vec![device("device-1", Some(share))];
    expect_status(&new, &old, &[]);
    // Only allocated devices may report status, each once.
    let mut other = new.clone();
    other.status.devices =
        vec![device("device-1", None), device("device-1", Some(share)), device("device-1", Some(share))];
    let unallocated =
        "status.devices[0]: Invalid value: dra.example.com/pool-1/device-1: must be an allocated device in the claim";
    gate_off(|| {
        expect_status(
            &other,
            &old,
            &[
                unallocated,
                "status.devices[2]: Duplicate value: dra.example.com/pool-1/device-1/ac051fac-2ead-46d9-b8b4-4e0fbeb7455d",
            ],
        );
    });
    // Data is a JSON object of at most 10 KiB; network data within its limits.
    let mut data = new.clone();
    let mut d = device("device-1", Some(share));
    d.data = Some(RawExtension { raw: Some(b"[]".to_vec()) });
    d.conditions = Some(Vec::new());
    d.network_data = Some(NetworkDeviceData {
        interface_name: "x".repeat(257),
        ips: vec!["10.9.8.7/24".into(), "1.2.3.4".into(), "2001:db8:0::1/64".into()],
        hardware_address: "x".repeat(129),
    });
    data.status.devices = vec![d];
    let nd = "status.devices[0].networkData";
    let base = [
        "status.devices[0].data: Invalid value: \"<value omitted>\": must be a valid JSON object".to_owned(),
        format!(
            "{nd}.ips[1]: Invalid value: \"1.2.3.4\": must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)"
        ),
        format!("{nd}.ips[2]: Invalid value: \"2001:db8:0::1/64\": must be in canonical form (\"2001:db8::1/64\")"),
    ];
    expect_status(&data, &old, &base.iter().map(String::as_str).collect::<Vec<_>>());
    gate_off(|| {
        let mut want = base.to_vec();
        want.insert(1, format!("{nd}.interfaceName: Too long: may not be more than 256 bytes"));
        want.insert(2, format!("{nd}.hardwareAddress: Too long: may not be more than 128 bytes"));
        assert_eq!(texts(&validate_resource_claim_status_update(&data, &old)), want);
    });
}

#[test]
fn share_ids() {
    let p = Path::new("shareID");
    assert!(share_id("ac051fac-2ead-46d9-b8b4-4e0fbeb7455d", &p).is_empty());
    let normalized = "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters";
    for (uid, want) in [
        ("AC051FAC-2EAD-46D9-B8B4-4E0FBEB7455D", normalized.to_owned()),
        ("{ac051fac-2ead-46d9-b8b4-4e0fbeb7455d}", normalized.to_owned()),
        ("ac051fac2ead46d9b8b44e0fbeb7455d", normalized.to_owned()),
        ("ac051fac-2ead-46d9-b8b4-4e0fbeb7455x", "error validating uid: invalid UUID format".to_owned()),
        (
            "urn:uuix:ac051fac-2ead-46d9-b8b4-4e0fbeb7455d",
            "error validating uid: invalid urn prefix: \"urn:uuix:\"".to_owned(),
        ),
    ] {
        assert_eq!(
            texts(&share_id(uid, &p)),
            [format!("shareID: Invalid value: {}: {want}", kapi_machinery::validation::go_quote(uid))]
        );
    }
}

fn template(spec: ResourceClaimTemplateSpec) -> ResourceClaimTemplate {
    ResourceClaimTemplate {
        metadata: ObjectMeta { name: "foo".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec,
        ..ResourceClaimTemplate::default()
    }
}

#[test]
fn templates() {
    let good = template(ResourceClaimTemplateSpec {
        spec: claim(vec![request("foo")]).spec,
        ..ResourceClaimTemplateSpec::default()
    });
    assert_eq!(texts(&validate_resource_claim_template(&good, None)), Vec::<String>::new());
    let mut bad = good.clone();
    bad.spec.metadata.labels.insert("hello-world".into(), "spaces not allowed".into());
    bad.spec.metadata.annotations.insert(BAD_NAME.into(), "hello world".into());
    bad.spec.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").device_class_name =
        String::new();
    assert_eq!(
        texts(&validate_resource_claim_template(&bad, None)),
        [
            "spec.metadata.annotations: Invalid value: \"!@#$%^\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            "spec.metadata.labels: Invalid value: \"spaces not allowed\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
            "spec.spec.devices.requests[0].exactly.deviceClassName: Required value",
        ]
    );
    // On update only the spec's immutability counts.
    assert_eq!(texts(&validate_resource_claim_template(&bad, Some(&bad))), Vec::<String>::new());
    let errs = texts(&validate_resource_claim_template(&good, Some(&bad)));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with("spec: Invalid value: {") && errs[0].ends_with(": field is immutable"), "{errs:?}");
}

#[test]
fn the_scheme_runs_them() {
    let mut scheme = Scheme::new();
    crate::resource::install(&mut scheme).expect("resource installs");
    let mut c = claim(vec![request("foo")]);
    c.spec.devices.requests.as_mut().expect("set")[0].exactly.as_mut().expect("set").count = 0;
    assert_eq!(
        texts(&scheme.validate(&c, None)),
        ["spec.devices.requests[0].exactly.count: Invalid value: 0: must be greater than zero"]
    );
    let mut unallocated = c.clone();
    unallocated.status.reserved_for = vec![consumer("1")];
    assert_eq!(
        texts(&scheme.validate_status(&unallocated, &c)),
        ["status.reservedFor: Forbidden: may not be specified when `allocated` is not set"]
    );
    let t = template(ResourceClaimTemplateSpec { spec: c.spec.clone(), ..ResourceClaimTemplateSpec::default() });
    assert_eq!(
        texts(&scheme.validate(&t, None)),
        ["spec.spec.devices.requests[0].exactly.count: Invalid value: 0: must be greater than zero"]
    );
}
