//! Hand-written validation of resource.k8s.io/v1 kinds (device classes, resource claims and their templates, resource slices, device taint rules), with the checks, field paths and messages of upstream's `pkg/apis/resource/validation`.
//!
//! CEL selector expressions are checked for presence and length and compiled in the device
//! selectors' environment (`device`, its attributes and capacity; `selector_cel.rs`), their
//! estimated cost bounded as upstream's (`too complex, exceeds cost limit`). The checks
//! upstream marks covered by beta declarative rules (list sizes and uniqueness, driver and pool
//! names in allocation results, enumerations, required discriminators) are the generated rules'
//! while beta declarative validation is on, and run here only with it off. Object metadata is
//! checked by the server for every kind and is not repeated here; a claim template's embedded
//! metadata is.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Display;
use std::hash::Hash;
use std::net::IpAddr;

use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::{Quantity, RawExtension};
use kapi_machinery::validation::content::{
    is_dns1123_label, is_dns1123_subdomain, is_label_value, regex_error, validate_qualified_name,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    AllocatedDeviceStatus, AllocationResult, CapacityRequestPolicy, CapacityRequestPolicyRange, CounterSet, Device,
    DeviceAllocationConfiguration, DeviceAttribute, DeviceCapacity, DeviceClaim, DeviceClaimConfiguration, DeviceClass,
    DeviceConfiguration, DeviceConstraint, DeviceCounterConsumption, DeviceRequest, DeviceRequestAllocationResult,
    DeviceSelector, DeviceSubRequest, DeviceTaint, DeviceTaintRule, DeviceTaintSelector, DeviceToleration,
    ExactDeviceRequest, NetworkDeviceData, QualifiedName, ResourceClaim, ResourceClaimConsumerReference,
    ResourceClaimStatus, ResourceClaimTemplate, ResourcePool, ResourceSlice, ResourceSliceSpec,
};
use crate::core::v1::NodeSelector;
use crate::core::v1::validation::{IMMUTABLE, is_extended_resource_name, json_value, node_selector, parse_cidr_sloppy};
use crate::features::{self, Release};
use crate::meta::v1::validation::{validate_conditions, validate_labels};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

/// Upstream's `CELSelectorExpressionMaxLength`.
const CEL_SELECTOR_EXPRESSION_MAX_LENGTH: usize = 10 * 1024;
/// Upstream's `OpaqueParametersMaxLength`.
const OPAQUE_PARAMETERS_MAX_LENGTH: usize = 10 * 1024;
/// Upstream's `DeviceSelectorsMaxSize`, `DeviceConfigMaxSize`, `DeviceRequestsMaxSize`,
/// `DeviceConstraintsMaxSize` and `AllocationResultsMaxSize`.
const MAX_ITEMS: usize = 32;
/// Upstream's `FirstAvailableDeviceRequestMaxSize`.
const FIRST_AVAILABLE_MAX: usize = 8;
/// Upstream's `ResourceClaimReservedForMaxSize`.
const RESERVED_FOR_MAX: usize = 256;
/// Upstream's `PoolNameMaxLength`.
const POOL_NAME_MAX_LENGTH: usize = 253;
/// Upstream's `DriverNameMaxLength` (a CSI driver name's limit).
const DRIVER_NAME_MAX_LENGTH: usize = 63;
/// Upstream's `ResourceSliceMaxDevices`.
const MAX_DEVICES: usize = 128;
/// Upstream's `ResourceSliceMaxDevicesWithAdvancedFeatures` (taints, counters, list attributes).
const MAX_DEVICES_WITH_ADVANCED_FEATURES: usize = 64;
/// Upstream's `ResourceSliceMaxCounterSets`.
const MAX_COUNTER_SETS: usize = 8;
/// Upstream's `ResourceSliceMaxCountersPerCounterSet` and
/// `ResourceSliceMaxCountersPerDeviceCounterConsumption`.
const MAX_COUNTERS: usize = 32;
/// Upstream's `ResourceSliceMaxDeviceCounterConsumptionsPerDevice`.
const MAX_COUNTER_CONSUMPTIONS: usize = 2;
/// Upstream's `ResourceSliceMaxAttributesAndCapacitiesPerDevice`.
const MAX_ATTRIBUTES_AND_CAPACITIES: usize = 32;
/// Upstream's `DeviceMaxDomainLength`.
const MAX_DOMAIN_LENGTH: usize = 63;
/// Upstream's `DeviceMaxIDLength`.
const MAX_ID_LENGTH: usize = 32;
/// Upstream's `DeviceAttributeMaxValueLength`.
const ATTRIBUTE_MAX_VALUE_LENGTH: usize = 64;
/// Upstream's `DeviceTaintsMaxLength`.
const MAX_TAINTS: usize = 16;
/// Upstream's `BindingConditionsMaxSize` and `BindingFailureConditionsMaxSize`.
const MAX_BINDING_CONDITIONS: usize = 4;
/// Upstream's `AllocatedDeviceStatusMaxConditions` and `DeviceTaintRuleStatusMaxConditions`.
const MAX_CONDITIONS: usize = 8;
/// Upstream's `AllocatedDeviceStatusDataMaxLength`.
const STATUS_DATA_MAX_LENGTH: usize = 10 * 1024;
/// Upstream's `NetworkDeviceDataInterfaceNameMaxLength`.
const INTERFACE_NAME_MAX_LENGTH: usize = 256;
/// Upstream's `NetworkDeviceDataHardwareAddressMaxLength`.
const HARDWARE_ADDRESS_MAX_LENGTH: usize = 128;
/// Upstream's `NetworkDeviceDataMaxIPs`.
const MAX_IPS: usize = 16;
/// Upstream's `CapacityRequestPolicyDiscreteMaxOptions`.
const MAX_VALID_VALUES: usize = 10;
/// What upstream puts where a raw value would be.
const OMITTED: &str = "<value omitted>";
const REQUEST_REF: &str =
    "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";
const ALLOCATION_MODES: &[&str] = &["All", "ExactCount"];
const CONFIG_SOURCES: &[&str] = &["FromClaim", "FromClass"];
/// Upstream lists a set's members sorted.
const TAINT_EFFECTS: &[&str] = &["NoExecute", "NoSchedule", "None"];
const TOLERATION_OPERATORS: &[&str] = &["Equal", "Exists"];
const NODE_FIELDS: &str = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
const DEVICE_NODE_FIELDS: &str = "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec";
const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";
const C_IDENTIFIER_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";
/// Upstream's `TotalAnnotationSizeLimitB`.
const TOTAL_ANNOTATION_SIZE: usize = 256 * 1024;

/// Whether beta declarative validation runs: then the checks upstream marks covered by it are
/// the generated rules', not these.
fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

/// Keeps errors upstream marks covered by declarative validation only while it is off.
fn covered(beta: bool, errs: ErrorList) -> ErrorList {
    if beta { ErrorList::new() } else { errs }
}

fn invalid_each(path: &Path, value: &str, msgs: Vec<String>) -> ErrorList {
    msgs.iter().map(|m| FieldError::invalid(path, value, m)).collect()
}

/// Upstream's `validateSlice`/`validateSet` size check: over `max`, one `TooMany` error (covered
/// or not) stands for the whole list, as upstream stops there to bound the work.
fn too_many(len: usize, max: usize, size_covered: bool, beta: bool, path: &Path) -> Option<ErrorList> {
    (len > max).then(|| covered(size_covered && beta, vec![FieldError::too_many(path, len, max)]))
}

/// Upstream's `validateSet` duplicate check: `Duplicate` at each repeated key after the first.
fn duplicates<T, K: Hash + Eq>(
    items: &[T],
    key: impl Fn(&T) -> K,
    value: impl Fn(&K) -> BadValue,
    path: &Path,
) -> ErrorList {
    let mut seen = HashSet::new();
    let mut errs = ErrorList::new();
    for (i, item) in items.iter().enumerate() {
        let k = key(item);
        if seen.contains(&k) {
            errs.push(FieldError::duplicate(path.index(i), value(&k)));
        } else {
            seen.insert(k);
        }
    }
    errs
}

/// Upstream's `truncateIfTooLong`: a long map key shortened in the middle for the error path.
fn truncate_key(key: &str, max: usize) -> String {
    let max = max.max(16);
    if key.len() <= max || !key.is_ascii() {
        return key.to_owned();
    }
    let remaining = max - 3;
    format!("{}...{}", &key[..remaining.div_ceil(2)], &key[key.len() - remaining / 2..])
}

// ---------------------------------------------------------------------------------------------
// Names.

/// Upstream's `ValidateCSIDriverName`, which driver names reuse: required, at most 63 bytes, and
/// (lowercased) a DNS subdomain.
fn driver_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path, ""));
    }
    if name.len() > DRIVER_NAME_MAX_LENGTH {
        errs.push(FieldError::too_long(path, DRIVER_NAME_MAX_LENGTH));
    }
    errs.extend(invalid_each(path, name, is_dns1123_subdomain(&name.to_lowercase())));
    errs
}

/// Upstream's `validatePoolName`: required, at most 253 bytes, each `/`-separated part a DNS
/// subdomain.
fn pool_name(name: &str, path: &Path) -> ErrorList {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let mut errs = ErrorList::new();
    if name.len() > POOL_NAME_MAX_LENGTH {
        errs.push(FieldError::too_long(path, POOL_NAME_MAX_LENGTH));
    }
    for part in name.split('/') {
        errs.extend(invalid_each(path, part, is_dns1123_subdomain(part)));
    }
    errs
}

/// Upstream's `ValidateDNS1123Label`, used for device, request and counter names.
fn dns_label(name: &str, path: &Path) -> ErrorList {
    invalid_each(path, name, is_dns1123_label(name))
}

/// Upstream's `ValidateNodeName` for a node name in a slice or device.
fn node_name(name: &str, path: &Path) -> ErrorList {
    invalid_each(path, name, is_dns1123_subdomain(name))
}

/// Upstream's `validateCIdentifier`: at most 32 bytes and a C identifier.
fn c_identifier(id: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if id.len() > MAX_ID_LENGTH {
        errs.push(FieldError::too_long(path, MAX_ID_LENGTH));
    }
    let mut chars = id.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        let msg = regex_error(C_IDENTIFIER_MSG, C_IDENTIFIER_FMT, &["my_name", "MY_NAME", "MyName"]);
        errs.push(FieldError::invalid(path, id, &msg));
    }
    errs
}

/// Upstream's `validateQualifiedName`: a C identifier, or a driver-name domain and a C identifier
/// separated by a slash. Like upstream, a name with more than one slash is not checked.
fn qualified_name(name: &str, path: &Path) -> ErrorList {
    let parts: Vec<&str> = name.split('/').collect();
    let mut errs = ErrorList::new();
    match parts[..] {
        [id] => errs.extend(c_identifier(id, path)),
        [domain, id] => {
            if domain.is_empty() {
                errs.push(FieldError::invalid(path, "", "the domain must not be empty"));
            } else {
                errs.extend(driver_name(domain, path));
            }
            if id.is_empty() {
                errs.push(FieldError::invalid(path, "", "the name must not be empty"));
            } else {
                errs.extend(c_identifier(id, path));
            }
        }
        _ => {}
    }
    errs
}

/// Upstream's `validateFullyQualifiedName`: a qualified name that has a domain.
fn fully_qualified_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = qualified_name(name, path);
    if !name.contains('/') {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::named(name),
            "a fully qualified name must be a domain and a name separated by a slash",
        ));
    }
    errs
}

/// Upstream's `validateUID` of a share ID: a UUID in RFC 4122 normalized form.
fn share_id(uid: &str, path: &Path) -> ErrorList {
    if let Err(e) = parse_uuid(uid) {
        return vec![FieldError::invalid(path, uid, &format!("error validating uid: {e}"))];
    }
    if uid.len() != 36 || uid != uid.to_lowercase() {
        return vec![FieldError::invalid(
            path,
            uid,
            "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters",
        )];
    }
    ErrorList::new()
}

/// What `github.com/google/uuid`'s `Validate` accepts: the 36-character form, optionally in
/// braces or after `urn:uuid:`, or 32 hex digits; its error texts.
fn parse_uuid(s: &str) -> Result<(), String> {
    const FORMAT: &str = "invalid UUID format";
    let hex = |t: &str| t.bytes().all(|b| b.is_ascii_hexdigit());
    let dashed = |t: &str| {
        let b = t.as_bytes();
        [8, 13, 18, 23].iter().all(|&i| b[i] == b'-')
            && t.split('-').map(str::len).eq([8, 4, 4, 4, 12])
            && t.split('-').all(hex)
    };
    match s.len() {
        36 if dashed(s) => Ok(()),
        38 if s.starts_with('{') && s.ends_with('}') && dashed(&s[1..37]) => Ok(()),
        45 => {
            let (prefix, rest) = s.split_at(9);
            if !prefix.eq_ignore_ascii_case("urn:uuid:") {
                return Err(format!("invalid urn prefix: {}", kapi_machinery::validation::go_quote(prefix)));
            }
            if dashed(rest) { Ok(()) } else { Err(FORMAT.into()) }
        }
        32 if hex(s) => Ok(()),
        36 | 38 | 32 => Err(FORMAT.into()),
        n => Err(format!("invalid UUID length: {n}")),
    }
}

/// Upstream's `validateLabelValue`.
fn label_value(value: &str, path: &Path) -> ErrorList {
    invalid_each(path, value, is_label_value(value))
}

// ---------------------------------------------------------------------------------------------
// Selectors and configuration, shared by classes and claims.

/// `stored`: the selectors are the ones already stored (an update that left them as they were).
fn validate_selectors(selectors: &[DeviceSelector], stored: bool, beta: bool, path: &Path) -> ErrorList {
    if let Some(errs) = too_many(selectors.len(), MAX_ITEMS, true, beta, path) {
        return errs;
    }
    selectors.iter().enumerate().flat_map(|(i, s)| validate_selector(s, stored, &path.index(i))).collect()
}

/// Upstream's `validateSelector` and `validateCELSelector`: the expression at most 10 KiB, then
/// compiled in the device selectors' environment. A stored expression is not compiled again:
/// upstream compiles it in its stored-expressions environment, which declares everything a
/// release has (newer libraries, gated fields), so what was accepted once stays accepted; kapi
/// has the one environment and lets such expressions through instead. A new expression that
/// compiles must also stay within upstream's cost estimate limit.
fn validate_selector(s: &DeviceSelector, stored: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(cel) = &s.cel else {
        errs.push(FieldError::required(path.child("cel"), ""));
        return errs;
    };
    let ep = path.child("cel").child("expression");
    if cel.expression.len() > CEL_SELECTOR_EXPRESSION_MAX_LENGTH {
        // Too long to be worth compiling, as upstream.
        errs.push(FieldError::too_long(ep, CEL_SELECTOR_EXPRESSION_MAX_LENGTH));
    } else if !stored {
        match super::selector_cel::check_selector(&cel.expression) {
            Err(detail) => errs.push(FieldError::invalid(ep, &cel.expression, &detail)),
            Ok(cost) if cost > super::selector_cel::MAX_COST => {
                errs.push(FieldError::forbidden(ep, "too complex, exceeds cost limit"));
            }
            Ok(_) => {}
        }
    }
    errs
}

fn validate_device_configuration(c: &DeviceConfiguration, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(opaque) = &c.opaque else {
        errs.push(FieldError::required(path.child("opaque"), ""));
        return errs;
    };
    let op = path.child("opaque");
    errs.extend(covered(beta, driver_name(&opaque.driver, &op.child("driver"))));
    errs.extend(raw_extension(&opaque.parameters, stored, OPAQUE_PARAMETERS_MAX_LENGTH, &op.child("parameters")));
    errs
}

/// Upstream's `validateRawExtension`: present, within `max` bytes unless stored, and a JSON
/// object. A parse error's text is kapi's decoder's, not Go's `encoding/json`'s.
fn raw_extension(raw: &RawExtension, stored: bool, max: usize, path: &Path) -> ErrorList {
    let bytes = raw.raw.as_deref().unwrap_or_default();
    let err = if bytes.is_empty() {
        FieldError::required(path, "")
    } else if !stored && bytes.len() > max {
        FieldError::too_long(path, max)
    } else {
        match value::parse(bytes) {
            Err(e) => FieldError::invalid(path, OMITTED, &format!("error parsing data as JSON: {e}")),
            Ok(Value::Null) => FieldError::required(path, ""),
            Ok(Value::Object(_)) => return ErrorList::new(),
            Ok(_) => FieldError::invalid(path, OMITTED, "must be a valid JSON object"),
        }
    };
    vec![err]
}

fn validate_toleration(t: &DeviceToleration, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !t.key.is_empty() {
        errs.extend(covered(beta, validate_qualified_name(&path.child("key"), &t.key)));
    }
    match t.operator.0.as_str() {
        "Exists" if !t.value.is_empty() => {
            errs.push(FieldError::invalid(path.child("value"), &t.value, "must be empty for operator `Exists`"));
        }
        "Exists" => {}
        "Equal" => errs.extend(label_value(&t.value, &path.child("value"))),
        "" => errs.push(FieldError::required(path.child("operator"), "")),
        other => errs.extend(covered(
            beta,
            vec![FieldError::not_supported_value(path.child("operator"), BadValue::named(other), TOLERATION_OPERATORS)],
        )),
    }
    let effect = t.effect.0.as_str();
    if !effect.is_empty() && !TAINT_EFFECTS.contains(&effect) {
        errs.extend(covered(
            beta,
            vec![FieldError::not_supported_value(path.child("effect"), BadValue::named(effect), TAINT_EFFECTS)],
        ));
    }
    errs
}

fn validate_tolerations(tolerations: &[DeviceToleration], beta: bool, path: &Path) -> ErrorList {
    tolerations.iter().enumerate().flat_map(|(i, t)| validate_toleration(t, beta, &path.index(i))).collect()
}

/// Upstream's `validateDeviceTaint`; the effect is re-checked only when it changed.
fn validate_taint(taint: &DeviceTaint, old: Option<&DeviceTaint>, beta: bool, path: &Path) -> ErrorList {
    let mut errs = validate_qualified_name(&path.child("key"), &taint.key);
    if !taint.value.is_empty() {
        errs.extend(label_value(&taint.value, &path.child("value")));
    }
    if old.is_none_or(|o| o.effect != taint.effect) {
        let effect = taint.effect.0.as_str();
        if effect.is_empty() {
            errs.extend(covered(beta, vec![FieldError::required(path.child("effect"), "")]));
        } else if !TAINT_EFFECTS.contains(&effect) {
            errs.extend(covered(
                beta,
                vec![FieldError::not_supported_value(path.child("effect"), BadValue::named(effect), TAINT_EFFECTS)],
            ));
        }
    }
    errs
}

/// Upstream's `validateDeviceBindingParameters` (of devices and of allocation results).
fn binding_conditions(conditions: &[String], failure: &[String], beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let cp = path.child("bindingConditions");
    let fp = path.child("bindingFailureConditions");
    for (list, p) in [(conditions, &cp), (failure, &fp)] {
        match too_many(list.len(), MAX_BINDING_CONDITIONS, true, beta, p) {
            Some(e) => errs.extend(e),
            None => {
                for (i, c) in list.iter().enumerate() {
                    errs.extend(validate_qualified_name(&p.index(i), c));
                }
            }
        }
    }
    errs.extend(duplicates(conditions, |c| c.clone(), |c| BadValue::from(c), &cp));
    let all: BTreeSet<&String> = conditions.iter().collect();
    let mut seen = HashSet::new();
    for (i, c) in failure.iter().enumerate() {
        if !seen.insert(c) {
            errs.push(FieldError::duplicate(fp.index(i), c));
        }
        if all.contains(c) {
            errs.push(FieldError::invalid(
                fp.index(i),
                c,
                "bindingFailureConditions must not overlap with bindingConditions",
            ));
        }
    }
    if conditions.is_empty() && !failure.is_empty() {
        errs.push(FieldError::invalid_value(
            &cp,
            BadValue::string_list(conditions),
            "bindingConditions are required to use bindingFailureConditions",
        ));
    }
    if failure.is_empty() && !conditions.is_empty() {
        errs.push(FieldError::invalid_value(
            &fp,
            BadValue::string_list(failure),
            "bindingFailureConditions are required to use bindingConditions",
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// DeviceClass.

/// Validates a `DeviceClass` (upstream's `ValidateDeviceClass` and `…Update`): each selector has
/// a CEL expression of at most 10 KiB that compiles (not compiled again when the selectors are
/// unchanged on update), each configuration an opaque driver configuration whose
/// parameters are a JSON object of at most 10 KiB (not re-checked for size when the
/// configuration is unchanged on update), and the extended resource name.
pub fn validate_device_class(obj: &DeviceClass, old: Option<&DeviceClass>) -> ErrorList {
    let beta = declarative_beta();
    let spec = &obj.spec;
    let path = Path::new("spec");
    // Selectors exactly as before (in order) are stored: their expressions are not new.
    let stored_selectors = old.is_some_and(|o| o.spec.selectors == spec.selectors);
    let mut errs = validate_selectors(&spec.selectors, stored_selectors, beta, &path.child("selectors"));
    // Unchanged configuration counts as stored: its size limit came later than the field.
    let stored = old.is_some_and(|o| o.spec.config == spec.config);
    let cp = path.child("config");
    match too_many(spec.config.len(), MAX_ITEMS, true, beta, &cp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, c) in spec.config.iter().enumerate() {
                errs.extend(validate_device_configuration(&c.device_configuration, stored, beta, &cp.index(i)));
            }
        }
    }
    if let Some(name) = &spec.extended_resource_name
        && !beta
        && !is_extended_resource_name(name)
    {
        errs.push(FieldError::invalid(
            path.child("extendedResourceName"),
            name,
            "must be a valid extended resource name",
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// ResourceClaim and ResourceClaimTemplate.

/// The claim's request names, each with its subrequests' names (none for an exact request).
struct RequestNames(BTreeMap<String, Option<BTreeSet<String>>>);

impl RequestNames {
    fn of(claim: &DeviceClaim) -> RequestNames {
        let requests = claim.requests.as_deref().unwrap_or_default();
        RequestNames(
            requests
                .iter()
                .map(|r| {
                    let subs = (!r.first_available.is_empty())
                        .then(|| r.first_available.iter().map(|s| s.name.clone()).collect());
                    (r.name.clone(), subs)
                })
                .collect(),
        )
    }

    /// Whether `reference` names a request, or a request and one of its subrequests.
    fn has(&self, reference: &str) -> bool {
        let mut parts = reference.split('/');
        let (Some(request), sub, None) = (parts.next(), parts.next(), parts.next()) else { return false };
        match (self.0.get(request), sub) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(subs), Some(sub)) => subs.as_ref().is_some_and(|s| s.contains(sub)),
        }
    }
}

/// Validates a `ResourceClaim` (upstream's `ValidateResourceClaim` and `…Update`): on create the
/// device requests, constraints and configuration; on update only that the spec is unchanged, as
/// nothing else in it can change.
pub fn validate_resource_claim(obj: &ResourceClaim, old: Option<&ResourceClaim>) -> ErrorList {
    let beta = declarative_beta();
    match old {
        Some(old) if !beta && obj.spec != old.spec => {
            vec![FieldError::invalid_value("spec", json_value(&obj.spec), IMMUTABLE)]
        }
        Some(_) => ErrorList::new(),
        None => validate_device_claim(&obj.spec.devices, false, beta, &Path::new("spec").child("devices")),
    }
}

/// Validates a write to a `ResourceClaim`'s status (upstream's `ValidateResourceClaimStatusUpdate`):
/// the consumers it is reserved for, which may not grow while the claim is being deleted and
/// need an allocation, a new allocation (an existing one may not change), and the devices'
/// reported status.
pub fn validate_resource_claim_status_update(obj: &ResourceClaim, old: &ResourceClaim) -> ErrorList {
    let beta = declarative_beta();
    let names = RequestNames::of(&obj.spec.devices);
    let deleted = obj.metadata.deletion_timestamp.is_some();
    validate_claim_status(&obj.status, &old.status, deleted, &names, beta, &Path::new("status"))
}

/// Validates a `ResourceClaimTemplate` (upstream's `ValidateResourceClaimTemplate` and
/// `…Update`): the embedded claim's labels and annotations and its spec; on update only that the
/// spec is unchanged.
pub fn validate_resource_claim_template(obj: &ResourceClaimTemplate, old: Option<&ResourceClaimTemplate>) -> ErrorList {
    let path = Path::new("spec");
    if let Some(old) = old {
        if obj.spec != old.spec {
            return vec![FieldError::invalid_value(path, json_value(&obj.spec), IMMUTABLE)];
        }
        return ErrorList::new();
    }
    let beta = declarative_beta();
    let meta = &obj.spec.metadata;
    let mp = path.child("metadata");
    let mut errs = annotations(&meta.annotations, &mp.child("annotations"));
    errs.extend(validate_labels(&meta.labels, &mp.child("labels")));
    errs.extend(validate_device_claim(&obj.spec.spec.devices, false, beta, &path.child("spec").child("devices")));
    errs
}

/// Upstream's `ValidateAnnotations`: keys qualified names (lowercased), 256 KiB in all.
fn annotations(annotations: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut size = 0usize;
    for (k, v) in annotations {
        errs.extend(validate_qualified_name(path, &k.to_lowercase()));
        size += k.len() + v.len();
    }
    if size > TOTAL_ANNOTATION_SIZE {
        errs.push(FieldError::too_long(path, TOTAL_ANNOTATION_SIZE));
    }
    errs
}

fn validate_device_claim(claim: &DeviceClaim, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let names = RequestNames::of(claim);
    let mut errs = ErrorList::new();
    let requests = claim.requests.as_deref().unwrap_or_default();
    let rp = path.child("requests");
    match too_many(requests.len(), MAX_ITEMS, true, beta, &rp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, r) in requests.iter().enumerate() {
                errs.extend(validate_request(r, stored, beta, &rp.index(i)));
            }
            errs.extend(covered(beta, duplicates(requests, |r| r.name.clone(), |n| BadValue::from(n), &rp)));
        }
    }
    let cp = path.child("constraints");
    match too_many(claim.constraints.len(), MAX_ITEMS, true, beta, &cp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, c) in claim.constraints.iter().enumerate() {
                errs.extend(validate_constraint(c, &names, beta, &cp.index(i)));
            }
        }
    }
    let fp = path.child("config");
    match too_many(claim.config.len(), MAX_ITEMS, true, beta, &fp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, c) in claim.config.iter().enumerate() {
                errs.extend(validate_claim_config(c, &names, stored, beta, &fp.index(i)));
            }
        }
    }
    errs
}

fn validate_request(r: &DeviceRequest, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = dns_label(&r.name, &path.child("name"));
    match (&r.exactly, r.first_available.is_empty()) {
        (None, true) => {
            errs.push(FieldError::required(path, "exactly one of `exactly` or `firstAvailable` is required"));
        }
        (Some(_), false) => errs.push(FieldError::invalid_value(
            path,
            BadValue::Json("null".into()),
            "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set",
        )),
        (None, false) => {
            let fp = path.child("firstAvailable");
            match too_many(r.first_available.len(), FIRST_AVAILABLE_MAX, true, beta, &fp) {
                Some(e) => errs.extend(e),
                None => {
                    for (i, s) in r.first_available.iter().enumerate() {
                        errs.extend(validate_subrequest(s, stored, beta, &fp.index(i)));
                    }
                    errs.extend(covered(
                        beta,
                        duplicates(&r.first_available, |s| s.name.clone(), |n| BadValue::from(n), &fp),
                    ));
                }
            }
        }
        (Some(exactly), true) => errs.extend(validate_exact_request(exactly, stored, beta, &path.child("exactly"))),
    }
    errs
}

fn validate_exact_request(r: &ExactDeviceRequest, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = device_class_name(&r.device_class_name, &path.child("deviceClassName"));
    errs.extend(validate_selectors(&r.selectors, stored, beta, &path.child("selectors")));
    errs.extend(allocation_mode(&r.allocation_mode.0, r.count, beta, path));
    errs.extend(validate_tolerations(&r.tolerations, beta, &path.child("tolerations")));
    errs
}

fn validate_subrequest(r: &DeviceSubRequest, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = dns_label(&r.name, &path.child("name"));
    errs.extend(covered(beta, device_class_name(&r.device_class_name, &path.child("deviceClassName"))));
    errs.extend(validate_selectors(&r.selectors, stored, beta, &path.child("selectors")));
    errs.extend(allocation_mode(&r.allocation_mode.0, r.count, beta, path));
    errs.extend(validate_tolerations(&r.tolerations, beta, &path.child("tolerations")));
    errs
}

fn device_class_name(name: &str, path: &Path) -> ErrorList {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    invalid_each(path, name, is_dns1123_subdomain(name))
}

/// Upstream's `validateDeviceAllocationMode`: `All` without a count, `ExactCount` with a positive
/// one.
fn allocation_mode(mode: &str, count: i64, beta: bool, path: &Path) -> ErrorList {
    match mode {
        "All" if count != 0 => vec![FieldError::invalid_value(
            path.child("count"),
            count,
            "must not be specified when allocationMode is 'All'",
        )],
        "ExactCount" if count <= 0 => {
            vec![FieldError::invalid_value(path.child("count"), count, "must be greater than zero")]
        }
        "All" | "ExactCount" => ErrorList::new(),
        other => covered(
            beta,
            vec![FieldError::not_supported_value(
                path.child("allocationMode"),
                BadValue::named(other),
                ALLOCATION_MODES,
            )],
        ),
    }
}

fn validate_constraint(c: &DeviceConstraint, names: &RequestNames, beta: bool, path: &Path) -> ErrorList {
    let mut errs = request_refs(&c.requests, names, beta, &path.child("requests"));
    if let Some(m) = &c.match_attribute {
        errs.extend(covered(beta, fully_qualified_name(&m.0, &path.child("matchAttribute"))));
    } else if let Some(d) = &c.distinct_attribute {
        errs.extend(fully_qualified_name(&d.0, &path.child("distinctAttribute")));
    } else {
        // Upstream's text with DRAConsumableCapacity on (beta and on by default in the fixtures'
        // release, not a kapi gate), although neither field is set here.
        errs.push(FieldError::required(
            path,
            r#"exactly one of "matchAttribute" or "distinctAttribute" is required, but multiple fields are set"#,
        ));
    }
    errs
}

/// A list of request references: at most 32, unique, each naming a request or subrequest.
fn request_refs(refs: &[String], names: &RequestNames, beta: bool, path: &Path) -> ErrorList {
    if let Some(errs) = too_many(refs.len(), MAX_ITEMS, true, beta, path) {
        return errs;
    }
    let mut errs: ErrorList =
        refs.iter().enumerate().flat_map(|(i, r)| request_ref(r, names, &path.index(i))).collect();
    errs.extend(covered(beta, duplicates(refs, |r| r.clone(), |r| BadValue::from(r), path)));
    errs
}

/// Upstream's `validateRequestNameRef`.
fn request_ref(reference: &str, names: &RequestNames, path: &Path) -> ErrorList {
    let segments: Vec<&str> = reference.split('/').collect();
    if segments.len() > 2 {
        return vec![FieldError::invalid(path, reference, REQUEST_REF)];
    }
    let mut errs: ErrorList = segments.iter().flat_map(|s| dns_label(s, path)).collect();
    if !names.has(reference) {
        errs.push(FieldError::invalid(path, reference, REQUEST_REF));
    }
    errs
}

fn validate_claim_config(
    c: &DeviceClaimConfiguration,
    names: &RequestNames,
    stored: bool,
    beta: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = request_refs(&c.requests, names, beta, &path.child("requests"));
    errs.extend(validate_device_configuration(&c.device_configuration, stored, beta, path));
    errs
}

/// A device's identity in a claim's status: driver, pool, device and, if shared, the share ID,
/// written as upstream's `SharedDeviceID` prints itself.
fn shared_device_id(driver: &str, pool: &str, device: &str, share: Option<&str>) -> String {
    match share {
        Some(s) => format!("{driver}/{pool}/{device}/{s}"),
        None => format!("{driver}/{pool}/{device}"),
    }
}

fn validate_claim_status(
    status: &ResourceClaimStatus,
    old: &ResourceClaimStatus,
    deleted: bool,
    names: &RequestNames,
    beta: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let rp = path.child("reservedFor");
    match too_many(status.reserved_for.len(), RESERVED_FOR_MAX, true, beta, &rp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, r) in status.reserved_for.iter().enumerate() {
                errs.extend(consumer_reference(r, &rp.index(i)));
            }
            errs.extend(covered(
                beta,
                duplicates(&status.reserved_for, |r| r.uid.clone(), |u| BadValue::named(u), &rp),
            ));
        }
    }
    let allocated: HashSet<String> = status
        .allocation
        .iter()
        .flat_map(|a| &a.devices.results)
        .map(|r| shared_device_id(&r.driver, &r.pool, &r.device, r.share_id.as_deref()))
        .collect();
    let dp = path.child("devices");
    for (i, d) in status.devices.iter().enumerate() {
        errs.extend(validate_device_status(d, &allocated, beta, &dp.index(i)));
    }
    errs.extend(covered(
        beta,
        duplicates(
            &status.devices,
            |d| shared_device_id(&d.driver, &d.pool, &d.device, d.share_id.as_deref()),
            |id| BadValue::Json(id.clone()),
            &dp,
        ),
    ));
    if !status.reserved_for.is_empty() {
        if status.allocation.is_none() {
            errs.push(FieldError::forbidden(&rp, "may not be specified when `allocated` is not set"));
        } else if deleted && status.reserved_for.iter().any(|r| !old.reserved_for.contains(r)) {
            errs.push(FieldError::forbidden(
                &rp,
                "new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
            ));
        }
    }
    let ap = path.child("allocation");
    match (&status.allocation, &old.allocation) {
        // Only a new allocation is validated: the rules for new results are tighter than those
        // a stored one was written under.
        (Some(new), Some(stored)) => {
            if new != stored {
                errs.extend(covered(beta, vec![FieldError::invalid_value(&ap, json_value(new), IMMUTABLE)]));
            }
        }
        (Some(new), None) => errs.extend(validate_allocation(new, names, beta, &ap)),
        (None, _) => {}
    }
    errs
}

fn consumer_reference(r: &ResourceClaimConsumerReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (value, field) in [(&r.resource, "resource"), (&r.name, "name"), (&r.uid, "uid")] {
        if value.is_empty() {
            errs.push(FieldError::required(path.child(field), ""));
        }
    }
    errs
}

fn validate_allocation(a: &AllocationResult, names: &RequestNames, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let dp = path.child("devices");
    let rp = dp.child("results");
    match too_many(a.devices.results.len(), MAX_ITEMS, true, beta, &rp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, r) in a.devices.results.iter().enumerate() {
                errs.extend(validate_allocation_result(r, names, beta, &rp.index(i)));
            }
        }
    }
    let cp = dp.child("config");
    // A class's and a claim's configuration.
    match too_many(a.devices.config.len(), 2 * MAX_ITEMS, true, beta, &cp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, c) in a.devices.config.iter().enumerate() {
                errs.extend(validate_allocation_config(c, names, beta, &cp.index(i)));
            }
        }
    }
    if let Some(sel) = &a.node_selector {
        errs.extend(node_selector(sel, false, &path.child("nodeSelector")));
    }
    errs
}

fn validate_allocation_result(
    r: &DeviceRequestAllocationResult,
    names: &RequestNames,
    beta: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = request_ref(&r.request, names, &path.child("request"));
    errs.extend(covered(beta, driver_name(&r.driver, &path.child("driver"))));
    errs.extend(covered(beta, pool_name(&r.pool, &path.child("pool"))));
    errs.extend(dns_label(&r.device, &path.child("device")));
    errs.extend(binding_conditions(&r.binding_conditions, &r.binding_failure_conditions, beta, path));
    if let Some(id) = &r.share_id {
        errs.extend(covered(beta, share_id(id, &path.child("shareID"))));
    }
    errs
}

fn validate_allocation_config(
    c: &DeviceAllocationConfiguration,
    names: &RequestNames,
    beta: bool,
    path: &Path,
) -> ErrorList {
    let sp = path.child("source");
    let mut errs = match c.source.0.as_str() {
        "" => covered(beta, vec![FieldError::required(&sp, "")]),
        s if CONFIG_SOURCES.contains(&s) => ErrorList::new(),
        s => covered(beta, vec![FieldError::not_supported_value(&sp, BadValue::named(s), CONFIG_SOURCES)]),
    };
    errs.extend(request_refs(&c.requests, names, beta, &path.child("requests")));
    errs.extend(validate_device_configuration(&c.device_configuration, false, beta, path));
    errs
}

fn validate_device_status(
    d: &AllocatedDeviceStatus,
    allocated: &HashSet<String>,
    beta: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = driver_name(&d.driver, &path.child("driver"));
    errs.extend(pool_name(&d.pool, &path.child("pool")));
    errs.extend(dns_label(&d.device, &path.child("device")));
    if let Some(id) = &d.share_id {
        errs.extend(covered(beta, share_id(id, &path.child("shareID"))));
    }
    let id = shared_device_id(&d.driver, &d.pool, &d.device, d.share_id.as_deref());
    if !allocated.contains(&id) {
        errs.push(FieldError::invalid_value(path, BadValue::Json(id), "must be an allocated device in the claim"));
    }
    let conditions = d.conditions.as_deref().unwrap_or_default();
    let cp = path.child("conditions");
    if conditions.len() > MAX_CONDITIONS {
        errs.push(FieldError::too_many(&cp, conditions.len(), MAX_CONDITIONS));
    }
    errs.extend(validate_conditions(conditions, &cp));
    if let Some(data) = &d.data
        && data.raw.as_ref().is_some_and(|r| !r.is_empty())
    {
        errs.extend(raw_extension(data, false, STATUS_DATA_MAX_LENGTH, &path.child("data")));
    }
    if let Some(n) = &d.network_data {
        errs.extend(network_data(n, beta, &path.child("networkData")));
    }
    errs
}

fn network_data(n: &NetworkDeviceData, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if n.interface_name.len() > INTERFACE_NAME_MAX_LENGTH {
        errs.extend(covered(beta, vec![FieldError::too_long(path.child("interfaceName"), INTERFACE_NAME_MAX_LENGTH)]));
    }
    if n.hardware_address.len() > HARDWARE_ADDRESS_MAX_LENGTH {
        errs.extend(covered(
            beta,
            vec![FieldError::too_long(path.child("hardwareAddress"), HARDWARE_ADDRESS_MAX_LENGTH)],
        ));
    }
    let ip = path.child("ips");
    match too_many(n.ips.len(), MAX_IPS, true, beta, &ip) {
        Some(e) => errs.extend(e),
        None => {
            for (i, a) in n.ips.iter().enumerate() {
                errs.extend(interface_address(a, &ip.index(i)));
            }
            errs.extend(covered(beta, duplicates(&n.ips, |a| a.clone(), |a| BadValue::from(a), &ip)));
        }
    }
    errs
}

/// Upstream's `IsValidInterfaceAddress`: an address with its prefix length, in canonical form.
fn interface_address(value: &str, path: &Path) -> ErrorList {
    let Some(c) = parse_cidr_sloppy(value) else {
        return vec![FieldError::invalid(
            path,
            value,
            "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)",
        )];
    };
    // Go prints an IPv4-mapped address as IPv4, with the prefix length counted in IPv4 bits.
    let canonical = match c.ip {
        IpAddr::V6(a) if a.to_ipv4_mapped().is_some() => {
            let v4 = a.to_ipv4_mapped().expect("checked to be mapped");
            let bits = if c.bits > 32 { c.bits - 96 } else { c.bits };
            format!("{v4}/{bits}")
        }
        ip => format!("{ip}/{}", c.bits),
    };
    if value != canonical {
        let msg = format!("must be in canonical form ({})", kapi_machinery::validation::go_quote(&canonical));
        return vec![FieldError::invalid(path, value, &msg)];
    }
    ErrorList::new()
}

// ---------------------------------------------------------------------------------------------
// ResourceSlice.

/// Validates a `ResourceSlice` (upstream's `ValidateResourceSlice` and `…Update`): the driver and
/// pool (whose name, the driver and the node name may not change), exactly one way of selecting
/// nodes, the devices (names, attributes, capacities, taints, counter consumption, per-device node
/// selection, binding conditions) and the shared counter sets.
pub fn validate_resource_slice(obj: &ResourceSlice, old: Option<&ResourceSlice>) -> ErrorList {
    let beta = declarative_beta();
    let spec = &obj.spec;
    let old_spec = old.map(|o| &o.spec);
    let path = Path::new("spec");
    let mut errs = driver_name(&spec.driver, &path.child("driver"));
    errs.extend(validate_pool(&spec.pool, &path.child("pool")));
    if let Some(o) = old_spec {
        if spec.pool.name != o.pool.name {
            errs.push(FieldError::invalid(path.child("pool").child("name"), &spec.pool.name, IMMUTABLE));
        }
        if spec.driver != o.driver {
            errs.push(FieldError::invalid(path.child("driver"), &spec.driver, IMMUTABLE));
        }
        if spec.node_name != o.node_name {
            let value = spec.node_name.as_ref().map_or(BadValue::Json("null".into()), BadValue::from);
            errs.push(FieldError::invalid_value(path.child("nodeName"), value, IMMUTABLE));
        }
    }
    errs.extend(node_selection(spec, &path));
    if !spec.shared_counters.is_empty() && !spec.devices.is_empty() {
        errs.push(FieldError::invalid(&path, "", "only one of `sharedCounters` or `devices` is allowed"));
    }
    let max_devices =
        if spec.devices.iter().any(uses_advanced_features) { MAX_DEVICES_WITH_ADVANCED_FEATURES } else { MAX_DEVICES };
    let dp = path.child("devices");
    match too_many(spec.devices.len(), max_devices, false, beta, &dp) {
        Some(e) => errs.extend(e),
        None => {
            let per_device = spec.per_device_node_selection == Some(true);
            for (i, d) in spec.devices.iter().enumerate() {
                let old_device = old_spec.and_then(|o| o.devices.iter().find(|od| od.name == d.name));
                errs.extend(validate_device(d, old_device, per_device, beta, &dp.index(i)));
            }
            errs.extend(duplicates(&spec.devices, |d| d.name.clone(), |n| BadValue::from(n), &dp));
        }
    }
    let sp = path.child("sharedCounters");
    match too_many(spec.shared_counters.len(), MAX_COUNTER_SETS, true, beta, &sp) {
        Some(e) => errs.extend(e),
        None => {
            for (i, s) in spec.shared_counters.iter().enumerate() {
                errs.extend(validate_counter_set(s, beta, &sp.index(i)));
            }
            errs.extend(covered(
                beta,
                duplicates(&spec.shared_counters, |s| s.name.clone(), |n| BadValue::from(n), &sp),
            ));
        }
    }
    if let Some(attribute) = &spec.partition_type_attribute {
        errs.extend(partition_type_attribute(spec, &attribute.0, &path));
    }
    errs
}

/// The rules of upstream's tests of this release for `partitionTypeAttribute` (newer than the
/// stored `validation.go`; its format is the generated rules'): only in a slice whose devices
/// consume counters, and each such device has that attribute as a string. A bare attribute name
/// stands for the driver's domain; the full name wins where a device has both.
fn partition_type_attribute(spec: &ResourceSliceSpec, name: &str, path: &Path) -> ErrorList {
    let consumers: Vec<(usize, &Device)> =
        spec.devices.iter().enumerate().filter(|(_, d)| !d.consumes_counters.is_empty()).collect();
    if consumers.is_empty() {
        return vec![FieldError::invalid_value(
            path.child("partitionTypeAttribute"),
            BadValue::named(name),
            "may only be set on a slice which declares devices that consume counters",
        )];
    }
    let bare = name.strip_prefix(&format!("{}/", spec.driver));
    let mut errs = ErrorList::new();
    for (i, d) in consumers {
        let ap = path.child("devices").index(i).child("attributes").key(name);
        let found = d
            .attributes
            .get(&QualifiedName(name.to_owned()))
            .or_else(|| bare.and_then(|b| d.attributes.get(&QualifiedName(b.to_owned()))));
        match found {
            None => errs.push(FieldError::required(
                ap,
                "device consumes counters and `partitionTypeAttribute` names this attribute, so it must be set",
            )),
            Some(a) if a.string.is_none() => errs.push(FieldError::invalid_value(
                ap,
                json_value(a),
                "must be a string value because `partitionTypeAttribute` names this attribute",
            )),
            Some(_) => {}
        }
    }
    errs
}

fn validate_pool(pool: &ResourcePool, path: &Path) -> ErrorList {
    let mut errs = pool_name(&pool.name, &path.child("name"));
    if pool.resource_slice_count <= 0 {
        errs.push(FieldError::invalid_value(
            path.child("resourceSliceCount"),
            pool.resource_slice_count,
            "must be greater than zero",
        ));
    }
    if pool.generation < 0 {
        errs.push(FieldError::invalid_value(
            path.child("generation"),
            pool.generation,
            "must be greater than or equal to zero",
        ));
    }
    errs
}

/// Exactly one of `nodeName`, `nodeSelector` (with one term), `allNodes` and
/// `perDeviceNodeSelection`; the booleans only ever true.
fn node_selection(spec: &ResourceSliceSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut set = Vec::new();
    if let Some(name) = &spec.node_name {
        if name.is_empty() {
            errs.push(FieldError::invalid(
                path.child("nodeName"),
                "",
                "must be either unset or set to a non-empty string",
            ));
        } else {
            set.push("`nodeName`");
            errs.extend(node_name(name, &path.child("nodeName")));
        }
    }
    if let Some(sel) = &spec.node_selector {
        set.push("`nodeSelector`");
        errs.extend(slice_node_selector(sel, &path.child("nodeSelector")));
    }
    for (value, field, name) in [
        (spec.all_nodes, "allNodes", "`allNodes`"),
        (spec.per_device_node_selection, "perDeviceNodeSelection", "`perDeviceNodeSelection`"),
    ] {
        match value {
            Some(true) => set.push(name),
            Some(false) => {
                errs.push(FieldError::invalid_value(path.child(field), false, "must be either unset or set to true"));
            }
            None => {}
        }
    }
    match set.len() {
        0 => errs.push(FieldError::required(path, NODE_FIELDS)),
        1 => {}
        _ => errs.push(FieldError::invalid(
            path,
            &format!("{{{}}}", set.join(", ")),
            &format!("{NODE_FIELDS}, but multiple fields are set"),
        )),
    }
    errs
}

/// A slice's node selector: valid, and with exactly one term so that selectors of several
/// slices merge simply.
fn slice_node_selector(sel: &NodeSelector, path: &Path) -> ErrorList {
    let mut errs = node_selector(sel, false, path);
    let terms = sel.node_selector_terms.as_deref().unwrap_or_default();
    if terms.len() != 1 {
        let value = sel.node_selector_terms.as_ref().map_or(BadValue::Json("null".into()), json_value);
        errs.push(FieldError::invalid_value(
            path.child("nodeSelectorTerms"),
            value,
            "must have exactly one node selector term",
        ));
    }
    errs
}

fn validate_device(d: &Device, old: Option<&Device>, per_device: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = dns_label(&d.name, &path.child("name"));
    let n = d.attributes.len() + d.capacity.len();
    if n > MAX_ATTRIBUTES_AND_CAPACITIES {
        errs.push(FieldError::invalid_value(
            path,
            n,
            &format!("the total number of attributes and capacities must not exceed {MAX_ATTRIBUTES_AND_CAPACITIES}"),
        ));
    }
    let key_len = MAX_DOMAIN_LENGTH + 1 + MAX_ID_LENGTH;
    let ap = path.child("attributes");
    // A key's own errors point at the map, as in upstream's tests of this release; a value's
    // errors at its (truncated) key.
    for (name, attr) in &d.attributes {
        let kp = ap.key(&truncate_key(&name.0, key_len));
        errs.extend(qualified_name(&name.0, &ap));
        errs.extend(validate_attribute(attr, beta, &kp));
    }
    let multiple = d.allow_multiple_allocations == Some(true);
    let cp = path.child("capacity");
    for (name, cap) in &d.capacity {
        let kp = cp.key(&truncate_key(&name.0, key_len));
        errs.extend(qualified_name(&name.0, &cp));
        errs.extend(validate_capacity(cap, multiple, &kp));
    }
    // An unchanged list of taints is not checked again.
    if old.is_none_or(|o| o.taints != d.taints) {
        let tp = path.child("taints");
        match too_many(d.taints.len(), MAX_TAINTS, false, beta, &tp) {
            Some(e) => errs.extend(e),
            None => {
                for (i, t) in d.taints.iter().enumerate() {
                    errs.extend(validate_taint(t, None, beta, &tp.index(i)));
                }
            }
        }
    }
    let up = path.child("consumesCounters");
    match too_many(d.consumes_counters.len(), MAX_COUNTER_CONSUMPTIONS, true, beta, &up) {
        Some(e) => errs.extend(e),
        None => {
            for (i, c) in d.consumes_counters.iter().enumerate() {
                errs.extend(validate_counter_consumption(c, beta, &up.index(i)));
            }
            errs.extend(covered(
                beta,
                duplicates(&d.consumes_counters, |c| c.counter_set.clone(), |n| BadValue::from(n), &up),
            ));
        }
    }
    errs.extend(device_node_selection(d, per_device, path));
    errs.extend(binding_conditions(&d.binding_conditions, &d.binding_failure_conditions, beta, path));
    errs
}

fn device_node_selection(d: &Device, per_device: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !per_device {
        if d.node_name.is_some() || d.node_selector.is_some() || d.all_nodes.is_some() {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::Json("null".into()),
                "`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec",
            ));
        }
        return errs;
    }
    let mut set = Vec::new();
    if let Some(name) = &d.node_name {
        if name.is_empty() {
            errs.push(FieldError::invalid(path.child("nodeName"), "", "must not be empty"));
        } else {
            set.push("`nodeName`");
            errs.extend(node_name(name, &path.child("nodeName")));
        }
    }
    if let Some(sel) = &d.node_selector {
        set.push("`nodeSelector`");
        errs.extend(node_selector(sel, false, &path.child("nodeSelector")));
    }
    match d.all_nodes {
        Some(true) => set.push("`allNodes`"),
        Some(false) => {
            errs.push(FieldError::invalid_value(path.child("allNodes"), false, "must be either unset or set to true"))
        }
        None => {}
    }
    match set.len() {
        0 => errs.push(FieldError::required(path, DEVICE_NODE_FIELDS)),
        1 => {}
        _ => errs.push(FieldError::invalid(path, &format!("{{{}}}", set.join(", ")), DEVICE_NODE_FIELDS)),
    }
    errs
}

/// Upstream's `validateDeviceAttribute`: exactly one value, strings and versions at most 64 bytes,
/// versions semantic versions. kapi's types also have the list values of later releases, which
/// count as values; their items are the generated rules'.
fn validate_attribute(a: &DeviceAttribute, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(s) = &a.string
        && s.len() > ATTRIBUTE_MAX_VALUE_LENGTH
    {
        errs.push(FieldError::too_long(path.child("string"), ATTRIBUTE_MAX_VALUE_LENGTH));
    }
    if let Some(v) = &a.version {
        errs.extend(version_value(v, &path.child("version")));
    }
    // The lists' items as the single values; the string items' length is an alpha declarative
    // rule, so it stays here whatever the gate.
    let sp = path.child("strings");
    for (i, s) in a.strings.iter().enumerate() {
        if s.len() > ATTRIBUTE_MAX_VALUE_LENGTH {
            errs.push(FieldError::too_long(sp.index(i), ATTRIBUTE_MAX_VALUE_LENGTH));
        }
    }
    let vp = path.child("versions");
    for (i, v) in a.versions.iter().enumerate() {
        errs.extend(version_value(v, &vp.index(i)));
    }
    let n = [a.int.is_some(), a.bool.is_some(), a.string.is_some(), a.version.is_some()].iter().filter(|s| **s).count()
        + [a.ints.is_empty(), a.bools.is_empty(), a.strings.is_empty(), a.versions.is_empty()]
            .iter()
            .filter(|empty| !**empty)
            .count();
    match n {
        0 => errs.extend(covered(beta, vec![FieldError::invalid(path, "", "exactly one value must be specified")])),
        1 => {}
        _ => errs.extend(covered(
            beta,
            vec![FieldError::invalid_value(path, json_value(a), "exactly one value must be specified")],
        )),
    }
    errs
}

fn version_value(v: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !is_semver(v) {
        errs.push(FieldError::invalid(path, v, "must be a string compatible with semver.org spec 2.0.0"));
    }
    if v.len() > ATTRIBUTE_MAX_VALUE_LENGTH {
        errs.push(FieldError::too_long(path, ATTRIBUTE_MAX_VALUE_LENGTH));
    }
    errs
}

/// Whether a device uses what lowers a slice's device limit: taints, counters or list attributes.
fn uses_advanced_features(d: &Device) -> bool {
    !d.taints.is_empty()
        || !d.consumes_counters.is_empty()
        || d.attributes
            .values()
            .any(|a| !(a.ints.is_empty() && a.bools.is_empty() && a.strings.is_empty() && a.versions.is_empty()))
}

/// Whether `v` is a semantic version (semver.org 2.0.0): `MAJOR.MINOR.PATCH`, numbers without
/// leading zeros, optional dot-separated prerelease and build identifiers.
fn is_semver(v: &str) -> bool {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    let ident = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let (rest, build) = match v.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (v, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| numeric(p))
        && pre.is_none_or(|p| {
            p.split('.').all(|id| ident(id) && (numeric(id) || !id.bytes().all(|b| b.is_ascii_digit())))
        })
        && build.is_none_or(|b| b.split('.').all(ident))
}

/// Upstream's capacity checks: a request policy only for devices allowing multiple allocations.
fn validate_capacity(cap: &DeviceCapacity, multiple: bool, path: &Path) -> ErrorList {
    let Some(policy) = &cap.request_policy else { return ErrorList::new() };
    let pp = path.child("requestPolicy");
    if !multiple {
        return vec![FieldError::forbidden(pp, "allowMultipleAllocations must be true")];
    }
    if !policy.valid_values.is_empty() && policy.valid_range.is_some() {
        return vec![FieldError::forbidden(
            pp,
            r#"exactly one policy can be specified, cannot specify "validValues" and "validRange" at the same time"#,
        )];
    }
    request_policy(&cap.value, policy, &pp)
}

fn request_policy(max: &Quantity, policy: &CapacityRequestPolicy, path: &Path) -> ErrorList {
    if !policy.valid_values.is_empty() {
        return match &policy.default {
            None => vec![FieldError::required(path.child("default"), "required when validValues is defined")],
            Some(d) => valid_values(d, max, &policy.valid_values, &path.child("validValues")),
        };
    }
    if let Some(range) = &policy.valid_range {
        return match &policy.default {
            None => vec![FieldError::required(path.child("default"), "required when validRange is defined")],
            Some(d) => valid_range(d, max, range, &path.child("validRange")),
        };
    }
    ErrorList::new()
}

fn valid_values(default: &Quantity, max: &Quantity, values: &[Quantity], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, w) in values.windows(2).enumerate() {
        if w[0] > w[1] {
            errs.push(FieldError::invalid(
                path.index(i + 1),
                &w[1].to_string(),
                "values must be sorted in ascending order",
            ));
        }
    }
    if values.len() > MAX_VALID_VALUES {
        errs.push(FieldError::too_many(path, values.len(), MAX_VALID_VALUES));
        return errs;
    }
    let mut found = false;
    for (i, v) in values.iter().enumerate() {
        if v > max {
            errs.push(FieldError::invalid(
                path.index(i),
                &v.to_string(),
                &format!("option is larger than capacity value: {max}"),
            ));
        }
        found |= v == default;
    }
    errs.extend(duplicates(values, Quantity::value, |v| BadValue::from(v.to_string()), path));
    if !found {
        errs.push(FieldError::invalid(
            path,
            &default.to_string(),
            "default value is not valid according to the requestPolicy",
        ));
    }
    errs
}

fn valid_range(default: &Quantity, max: &Quantity, range: &CapacityRequestPolicyRange, path: &Path) -> ErrorList {
    let Some(min) = &range.min else {
        return vec![FieldError::required(path.child("min"), "required when validRange is defined")];
    };
    let mut errs = ErrorList::new();
    let minp = path.child("min");
    let maxp = path.child("max");
    if min > max {
        errs.push(invalid_quantity(&minp, min, format!("min is larger than capacity value: {max}")));
    }
    if default < min {
        errs.push(invalid_quantity(&minp, default, format!("default is less than min: {min}")));
    }
    if let Some(top) = &range.max {
        if min > top {
            errs.push(invalid_quantity(&maxp, min, format!("min is larger than max: {top}")));
        }
        if top > max {
            errs.push(invalid_quantity(&maxp, top, format!("max is larger than capacity value: {max}")));
        }
        if default > top {
            errs.push(invalid_quantity(&maxp, default, format!("default is more than max: {top}")));
        }
    }
    if let Some(step) = &range.step {
        let sp = path.child("step");
        let mut added = min.clone();
        added.add(step);
        if &added > max {
            errs.push(invalid_quantity(&sp, step, format!("one step {added} is larger than capacity value: {max}")));
        }
        errs.extend(range_step(default, min, step, &sp));
        if let Some(top) = &range.max {
            errs.extend(range_step(top, min, step, &sp));
        }
    }
    errs
}

fn invalid_quantity(path: &Path, q: &Quantity, msg: impl Display) -> FieldError {
    FieldError::invalid(path, &q.to_string(), &msg.to_string())
}

/// Upstream's `validateRequestPolicyRangeStep`: `value` is `min` plus a whole number of steps.
fn range_step(value: &Quantity, min: &Quantity, step: &Quantity, path: &Path) -> ErrorList {
    let step_value = step.value();
    let added = value.value().wrapping_sub(min.value());
    // Upstream divides by the step as is; a zero step would panic there, here it fails the check.
    if step_value == 0 || added % step_value != 0 {
        return vec![invalid_quantity(
            path,
            value,
            format!("value is not a multiple of a given step ({step}) from ({min})"),
        )];
    }
    ErrorList::new()
}

fn validate_counter_set(s: &CounterSet, beta: bool, path: &Path) -> ErrorList {
    let np = path.child("name");
    let mut errs = if s.name.is_empty() {
        covered(beta, vec![FieldError::required(&np, "")])
    } else {
        covered(beta, dns_label(&s.name, &np))
    };
    errs.extend(counters(&s.counters, &path.child("counters")));
    errs
}

fn validate_counter_consumption(c: &DeviceCounterConsumption, beta: bool, path: &Path) -> ErrorList {
    let np = path.child("counterSet");
    let mut errs = if c.counter_set.is_empty() {
        covered(beta, vec![FieldError::required(&np, "")])
    } else {
        covered(beta, dns_label(&c.counter_set, &np))
    };
    errs.extend(counters(&c.counters, &path.child("counters")));
    errs
}

/// A counter map: required, at most 32 entries, each keyed by a DNS label (any parsed quantity is
/// a valid counter); a key's errors point at the map.
fn counters<T>(counters: &BTreeMap<String, T>, path: &Path) -> ErrorList {
    if counters.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    if counters.len() > MAX_COUNTERS {
        return vec![FieldError::too_many(path, counters.len(), MAX_COUNTERS)];
    }
    counters.keys().flat_map(|k| dns_label(k, path)).collect()
}

// ---------------------------------------------------------------------------------------------
// DeviceTaintRule.

/// Validates a `DeviceTaintRule` (upstream's `ValidateDeviceTaintRule` and `…Update`): the
/// selector's driver, pool and device names and the taint (whose effect is re-checked only when
/// it changed).
pub fn validate_device_taint_rule(obj: &DeviceTaintRule, old: Option<&DeviceTaintRule>) -> ErrorList {
    let beta = declarative_beta();
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    if let Some(sel) = &obj.spec.device_selector {
        errs.extend(taint_selector(sel, &path.child("deviceSelector")));
    }
    errs.extend(validate_taint(&obj.spec.taint, old.map(|o| &o.spec.taint), beta, &path.child("taint")));
    errs
}

fn taint_selector(sel: &DeviceTaintSelector, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(d) = &sel.driver {
        errs.extend(driver_name(d, &path.child("driver")));
    }
    if let Some(p) = &sel.pool {
        errs.extend(pool_name(p, &path.child("pool")));
    }
    if let Some(d) = &sel.device {
        errs.extend(dns_label(d, &path.child("device")));
    }
    errs
}

/// Validates a write to a `DeviceTaintRule`'s status (upstream's
/// `ValidateDeviceTaintRuleStatusUpdate`): the conditions, at most 8.
pub fn validate_device_taint_rule_status_update(obj: &DeviceTaintRule, _old: &DeviceTaintRule) -> ErrorList {
    let path = Path::new("status").child("conditions");
    let mut errs = validate_conditions(&obj.status.conditions, &path);
    if obj.status.conditions.len() > MAX_CONDITIONS {
        errs.push(FieldError::too_many(path, obj.status.conditions.len(), MAX_CONDITIONS));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "validation_claim_tests.rs"]
mod claim_tests;

#[cfg(test)]
#[path = "validation_slice_tests.rs"]
mod slice_tests;
