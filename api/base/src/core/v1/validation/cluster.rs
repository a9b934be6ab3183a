//! Validation of the cluster-level core kinds (nodes, endpoints, resource quotas, limit ranges, events) and of namespace status, with upstream's field paths and messages.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::content::{is_dns1123_subdomain, is_label_value, is_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::resources::{
    container_resource_name, is_standard_quota_resource, legacy_cidr, legacy_ip, non_special_ip, overcommit_allowed,
    parse_cidr_sloppy, quantity_json, quantity_value, quota_resource_name, resource_name,
};
use super::{app_protocol, dns1123_label, is_config_map_key, port_and_protocol, port_name};
use crate::core::v1::{
    ConfigMapNodeConfigSource, EndpointAddress, EndpointPort, Endpoints, Event, LimitRange, Namespace, Node,
    NodeConfigSource, ResourceQuota, ResourceQuotaSpec, Taint,
};

const TAINT_EFFECTS: &[&str] = &["NoSchedule", "PreferNoSchedule", "NoExecute"];
const LIMIT_TYPES: &[&str] = &["Pod", "Container", "PersistentVolumeClaim"];
/// Upstream's `IsStandardResourceQuotaScope`.
const QUOTA_SCOPES: &[&str] =
    &["Terminating", "NotTerminating", "BestEffort", "NotBestEffort", "PriorityClass", "CrossNamespacePodAffinity"];
const IMMUTABLE: &str = super::IMMUTABLE;

// ---------------------------------------------------------------------------------------------
// Node.

/// Upstream's `validateNodeTaints`: key, value and effect, and unique by key and effect.
///
/// Upstream puts node taints under `metadata.taints`, not `spec.taints`; the path is kept.
pub(super) fn node_taints(taints: &[Taint], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, t) in taints.iter().enumerate() {
        let item = path.index(i);
        errs.extend(is_qualified_name(&t.key).into_iter().map(|m| FieldError::invalid(item.child("key"), &t.key, &m)));
        let bad = is_label_value(&t.value);
        if !bad.is_empty() {
            errs.push(FieldError::invalid(item.child("value"), &t.value, &bad.join(";")));
        }
        let effect = t.effect.0.as_str();
        if effect.is_empty() {
            errs.push(FieldError::required(item.child("effect"), ""));
        } else if !TAINT_EFFECTS.contains(&effect) {
            errs.push(FieldError::not_supported_value(item.child("effect"), BadValue::named(effect), TAINT_EFFECTS));
        }
        if !seen.insert((effect, t.key.as_str())) {
            let mut e = FieldError::duplicate(&item, taint_value(t));
            e.detail = "taints must be unique by key and effect pair".into();
            errs.push(e);
        }
    }
    errs
}

/// A taint as upstream prints it: its internal type, which has no JSON tags.
fn taint_value(t: &Taint) -> BadValue {
    let s = |v: &str| match BadValue::named(v) {
        BadValue::Json(j) => j,
        _ => unreachable!("named values are JSON"),
    };
    let added = t.time_added.map_or_else(|| "null".to_owned(), |at| s(&at.format_rfc3339()));
    BadValue::Json(format!(
        r#"{{"Key":{},"Value":{},"Effect":{},"TimeAdded":{added}}}"#,
        s(&t.key),
        s(&t.value),
        s(&t.effect.0)
    ))
}

/// Upstream's `ValidateNodeResources`: capacity and allocatable quantities. The paths are
/// `status.capacity.<name>` (a child, not a key), as upstream builds them.
fn node_resources(node: &Node) -> ErrorList {
    let mut errs = ErrorList::new();
    for (field, list) in [("capacity", &node.status.capacity), ("allocatable", &node.status.allocatable)] {
        for (k, v) in list {
            errs.extend(quantity_value(&k.0, v, &Path::new("status").child(field).child(&k.0)));
        }
    }
    errs
}

/// Validates a `Node`: the taints and avoid-pods annotations, taints, capacity and allocatable quantities, pod CIDRs (valid, at most
/// one per IP family, no duplicates); on update also unique addresses, pod CIDRs and provider ID
/// unchanged once set, the config source, and `externalID` unchanged.
#[doc(hidden)]
pub fn node(obj: &Node, old: Option<&Node>) -> ErrorList {
    let mut errs = super::node_annotations::node_specific_annotations(
        &obj.metadata.annotations,
        &Path::new("metadata").child("annotations"),
    );
    let taints_path = Path::new("metadata").child("taints");
    let Some(old) = old else {
        if !obj.spec.taints.is_empty() {
            errs.extend(node_taints(&obj.spec.taints, &taints_path));
        }
        errs.extend(node_resources(obj));
        errs.extend(pod_cidrs(&obj.spec.pod_cidrs));
        return errs;
    };
    errs.extend(node_resources(obj));
    let mut addresses = BTreeSet::new();
    for (i, a) in obj.status.addresses.iter().enumerate() {
        if !addresses.insert((a.r#type.0.as_str(), a.address.as_str())) {
            let v = format!(r#"{{"Type":{},"Address":{}}}"#, json_str(&a.r#type.0), json_str(&a.address));
            errs.push(FieldError::duplicate(Path::new("status").child("addresses").index(i), BadValue::Json(v)));
        }
    }
    let cidr_msg = "node updates may not change podCIDR except from \"\" to valid";
    if !old.spec.pod_cidrs.is_empty() {
        if old.spec.pod_cidrs.len() != obj.spec.pod_cidrs.len() {
            errs.push(FieldError::forbidden(Path::new("spec").child("podCIDRs"), cidr_msg));
        } else {
            for (o, n) in old.spec.pod_cidrs.iter().zip(&obj.spec.pod_cidrs) {
                if o != n {
                    errs.push(FieldError::forbidden(Path::new("spec").child("podCIDRs"), cidr_msg));
                }
            }
        }
    }
    if !old.spec.provider_id.is_empty() && old.spec.provider_id != obj.spec.provider_id {
        errs.push(FieldError::forbidden(
            Path::new("spec").child("providerID"),
            "node updates may not change providerID except from \"\" to valid",
        ));
    }
    if let Some(src) = &obj.spec.config_source {
        errs.extend(config_source_spec(src, &Path::new("spec").child("configSource")));
    }
    if let Some(cfg) = &obj.status.config {
        let path = Path::new("status").child("config");
        for (name, src) in
            [("assigned", &cfg.assigned), ("active", &cfg.active), ("lastKnownGood", &cfg.last_known_good)]
        {
            if let Some(src) = src {
                errs.extend(config_source_status(src, &path.child(name)));
            }
        }
    }
    if !obj.spec.taints.is_empty() {
        errs.extend(node_taints(&obj.spec.taints, &taints_path));
    }
    if obj.spec.external_id != old.spec.external_id {
        errs.push(FieldError::forbidden(Path::new("spec").child("externalID"), "may not be updated"));
    }
    errs
}

fn json_str(s: &str) -> String {
    match BadValue::named(s) {
        BadValue::Json(j) => j,
        _ => unreachable!("named values are JSON"),
    }
}

/// The pod CIDRs of a new node: each a legacy CIDR field (sloppy parsing unless
/// `StrictIPCIDRValidation`), and when several, one per IP family and no repeats.
fn pod_cidrs(cidrs: &[String]) -> ErrorList {
    let mut errs = ErrorList::new();
    if cidrs.is_empty() {
        return errs;
    }
    let path = Path::new("spec").child("podCIDRs");
    for (i, c) in cidrs.iter().enumerate() {
        errs.extend(legacy_cidr::<&str>(&path.index(i), c, &[]));
    }
    if cidrs.len() > 1 {
        // Upstream's `IsDualStackCIDRStrings`: one IPv4 and one IPv6 network among them.
        let parsed: Vec<_> = cidrs.iter().map(|c| (c, parse_cidr_sloppy(c))).collect();
        let mut dual = false;
        if let Some((bad, _)) = parsed.iter().find(|(_, p)| p.is_none()) {
            errs.push(FieldError::internal(
                &path,
                &format!("invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR address: {bad}"),
            ));
        } else {
            let v4 = parsed.iter().filter(|(_, p)| p.as_ref().is_some_and(|c| c.is_v4())).count();
            dual = v4 > 0 && v4 < parsed.len();
        }
        if !dual || cidrs.len() > 2 {
            errs.push(FieldError::invalid_value(
                &path,
                BadValue::string_list(cidrs),
                "may specify no more than one CIDR for each IP family",
            ));
        }
        let mut seen = BTreeSet::new();
        for (i, c) in cidrs.iter().enumerate() {
            if !seen.insert(c.as_str()) {
                errs.push(FieldError::duplicate(path.index(i), c.as_str()));
            }
        }
    }
    errs
}

/// A config source without a reference, printed as upstream prints its internal type.
fn no_reference(path: &Path) -> FieldError {
    FieldError::invalid_value(
        path,
        BadValue::Json(r#"{"ConfigMap":null}"#.into()),
        "exactly one reference subfield must be non-nil",
    )
}

fn config_source_spec(src: &NodeConfigSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match &src.config_map {
        Some(cm) => {
            let p = path.child("configMap");
            if !cm.uid.is_empty() {
                errs.push(FieldError::forbidden(p.child("uid"), "uid must not be set in spec"));
            }
            if !cm.resource_version.is_empty() {
                errs.push(FieldError::forbidden(p.child("resourceVersion"), "resourceVersion must not be set in spec"));
            }
            errs.extend(config_map_source(cm, &p));
        }
        None => errs.push(no_reference(path)),
    }
    errs
}

fn config_source_status(src: &NodeConfigSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match &src.config_map {
        Some(cm) => {
            let p = path.child("configMap");
            if cm.uid.is_empty() {
                errs.push(FieldError::required(p.child("uid"), "uid must be set in status"));
            }
            if cm.resource_version.is_empty() {
                errs.push(FieldError::required(p.child("resourceVersion"), "resourceVersion must be set in status"));
            }
            errs.extend(config_map_source(cm, &p));
        }
        None => errs.push(no_reference(path)),
    }
    errs
}

fn config_map_source(cm: &ConfigMapNodeConfigSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if cm.namespace.is_empty() {
        errs.push(FieldError::required(path.child("namespace"), "namespace must be set"));
    } else {
        errs.extend(dns1123_label(&cm.namespace, &path.child("namespace")));
    }
    if cm.name.is_empty() {
        errs.push(FieldError::required(path.child("name"), "name must be set"));
    } else {
        errs.extend(
            is_dns1123_subdomain(&cm.name).into_iter().map(|m| FieldError::invalid(path.child("name"), &cm.name, &m)),
        );
    }
    if cm.kubelet_config_key.is_empty() {
        errs.push(FieldError::required(path.child("kubeletConfigKey"), "kubeletConfigKey must be set"));
    } else {
        errs.extend(
            is_config_map_key(&cm.kubelet_config_key)
                .into_iter()
                .map(|m| FieldError::invalid(path.child("kubeletConfigKey"), &cm.kubelet_config_key, &m)),
        );
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Endpoints.

/// Validates `Endpoints`: every subset has addresses (ready or not), each address a valid,
/// non-special IP with a DNS-label hostname and a DNS-subdomain node name, and each port named
/// (when there are several), numbered and with a supported protocol.
#[doc(hidden)]
pub fn endpoints(obj: &Endpoints) -> ErrorList {
    let mut errs = ErrorList::new();
    let path = Path::new("subsets");
    for (i, ss) in obj.subsets.iter().enumerate() {
        let item = path.index(i);
        if ss.addresses.is_empty() && ss.not_ready_addresses.is_empty() {
            errs.push(FieldError::required(&item, "must specify `addresses` or `notReadyAddresses`"));
        }
        for (j, a) in ss.addresses.iter().enumerate() {
            errs.extend(endpoint_address(a, &item.child("addresses").index(j)));
        }
        for (j, a) in ss.not_ready_addresses.iter().enumerate() {
            errs.extend(endpoint_address(a, &item.child("notReadyAddresses").index(j)));
        }
        for (j, p) in ss.ports.iter().enumerate() {
            errs.extend(endpoint_port(p, ss.ports.len() > 1, &item.child("ports").index(j)));
        }
    }
    errs
}

fn endpoint_address(a: &EndpointAddress, path: &Path) -> ErrorList {
    let mut errs = legacy_ip::<&str>(&path.child("ip"), &a.ip, &[]);
    if !a.hostname.is_empty() {
        errs.extend(dns1123_label(&a.hostname, &path.child("hostname")));
    }
    if let Some(node) = &a.node_name {
        errs.extend(
            is_dns1123_subdomain(node).into_iter().map(|m| FieldError::invalid(path.child("nodeName"), node, &m)),
        );
    }
    errs.extend(non_special_ip(&a.ip, &path.child("ip")));
    errs
}

fn endpoint_port(p: &EndpointPort, require_name: bool, path: &Path) -> ErrorList {
    let mut errs = port_name(&p.name, require_name, path);
    errs.extend(port_and_protocol(p.port, &p.protocol.0, path));
    errs.extend(app_protocol(p.app_protocol.as_deref(), path));
    errs
}

// ---------------------------------------------------------------------------------------------
// ResourceQuota.

/// Upstream's `IsResourceQuotaScopeValidForResource`.
fn scope_valid_for(scope: &str, resource: &str) -> bool {
    const COMPUTE: &[&str] = &["cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"];
    match scope {
        "Terminating" | "NotTerminating" | "NotBestEffort" => resource == "pods" || COMPUTE.contains(&resource),
        "BestEffort" => resource == "pods",
        _ => true,
    }
}

/// The conflicting scope pairs (`conflicting scopes`).
fn conflicting(scopes: &BTreeSet<&str>) -> usize {
    [("BestEffort", "NotBestEffort"), ("Terminating", "NotTerminating")]
        .iter()
        .filter(|(a, b)| scopes.contains(a) && scopes.contains(b))
        .count()
}

fn resource_list(list: &BTreeMap<crate::core::v1::ResourceName, Quantity>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (k, v) in list {
        let p = path.key(&k.0);
        errs.extend(quota_resource_name(&k.0, &p));
        errs.extend(quantity_value(&k.0, v, &p));
    }
    errs
}

/// Upstream's `ValidateResourceQuotaSpec`: hard limits, scopes and the scope selector.
fn quota_spec(spec: &ResourceQuotaSpec, path: &Path) -> ErrorList {
    let mut errs = resource_list(&spec.hard, &path.child("hard"));
    let scope_names: Vec<&str> = spec.scopes.iter().map(|s| s.0.as_str()).collect();
    if !spec.scopes.is_empty() {
        let scopes_path = path.child("scopes");
        let value = || BadValue::string_list(&scope_names);
        let mut set = BTreeSet::new();
        for scope in &scope_names {
            if !QUOTA_SCOPES.contains(scope) {
                errs.push(FieldError::invalid_value(&scopes_path, value(), "unsupported scope"));
            }
            for k in spec.hard.keys() {
                if is_standard_quota_resource(&k.0) && !scope_valid_for(scope, &k.0) {
                    errs.push(FieldError::invalid_value(
                        &scopes_path,
                        value(),
                        "unsupported scope applied to resource",
                    ));
                }
            }
            set.insert(*scope);
        }
        for _ in 0..conflicting(&set) {
            errs.push(FieldError::invalid_value(&scopes_path, value(), "conflicting scopes"));
        }
    }
    if let Some(sel) = &spec.scope_selector {
        let path = path.child("scopeSelector").child("matchExpressions");
        let mut set = BTreeSet::new();
        for req in &sel.match_expressions {
            let scope = req.scope_name.0.as_str();
            if !QUOTA_SCOPES.contains(&scope) {
                errs.push(FieldError::invalid_value(
                    path.child("scopeName"),
                    BadValue::named(scope),
                    "unsupported scope",
                ));
            }
            for k in spec.hard.keys() {
                if is_standard_quota_resource(&k.0) && !scope_valid_for(scope, &k.0) {
                    errs.push(FieldError::invalid_value(
                        &path,
                        scope_selector_value(spec),
                        "unsupported scope applied to resource",
                    ));
                }
            }
            let op = req.operator.0.as_str();
            if matches!(
                scope,
                "BestEffort" | "NotBestEffort" | "Terminating" | "NotTerminating" | "CrossNamespacePodAffinity"
            ) && op != "Exists"
            {
                errs.push(FieldError::invalid_value(
                    path.child("operator"),
                    BadValue::named(op),
                    "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
                ));
            }
            match op {
                "In" | "NotIn" => {
                    if req.values.is_empty() {
                        errs.push(FieldError::required(
                            path.child("values"),
                            "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
                        ));
                    }
                }
                "Exists" | "DoesNotExist" => {
                    if !req.values.is_empty() {
                        errs.push(FieldError::invalid_value(
                            path.child("values"),
                            BadValue::string_list(&req.values),
                            "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
                        ));
                    }
                }
                _ => errs.push(FieldError::invalid_value(
                    path.child("operator"),
                    BadValue::named(op),
                    "not a valid selector operator",
                )),
            }
            set.insert(scope);
        }
        // Upstream reports selector conflicts with the `scopes` list as the value.
        for _ in 0..conflicting(&set) {
            errs.push(FieldError::invalid_value(&path, BadValue::string_list(&scope_names), "conflicting scopes"));
        }
    }
    errs
}

/// The scope selector as upstream prints it: its internal type, which has no JSON tags.
fn scope_selector_value(spec: &ResourceQuotaSpec) -> BadValue {
    let Some(sel) = &spec.scope_selector else { return BadValue::Json("null".into()) };
    let reqs: Vec<String> = sel
        .match_expressions
        .iter()
        .map(|r| {
            let values = match BadValue::string_list(&r.values) {
                BadValue::Json(j) => j,
                _ => unreachable!("lists are JSON"),
            };
            format!(
                r#"{{"ScopeName":{},"Operator":{},"Values":{values}}}"#,
                json_str(&r.scope_name.0),
                json_str(&r.operator.0)
            )
        })
        .collect();
    let list = if sel.match_expressions.is_empty() { "null".to_owned() } else { format!("[{}]", reqs.join(",")) };
    BadValue::Json(format!(r#"{{"MatchExpressions":{list}}}"#))
}

/// Validates a `ResourceQuota`: resource names and quantities in `spec.hard`, `status.hard`
/// and `status.used`, scopes (known, valid for the limited resources, not conflicting) and the
/// scope selector; on update the scopes unchanged and the status not re-validated.
#[doc(hidden)]
pub fn resource_quota(obj: &ResourceQuota, old: Option<&ResourceQuota>) -> ErrorList {
    let mut errs = quota_spec(&obj.spec, &Path::new("spec"));
    match old {
        None => errs.extend(quota_status(obj)),
        Some(old) => {
            let new_scopes: BTreeSet<&str> = obj.spec.scopes.iter().map(|s| s.0.as_str()).collect();
            let old_scopes: BTreeSet<&str> = old.spec.scopes.iter().map(|s| s.0.as_str()).collect();
            if new_scopes != old_scopes {
                let names: Vec<&str> = obj.spec.scopes.iter().map(|s| s.0.as_str()).collect();
                errs.push(FieldError::invalid_value(
                    Path::new("spec").child("scopes"),
                    BadValue::string_list(&names),
                    IMMUTABLE,
                ));
            }
        }
    }
    errs
}

/// Upstream's `ValidateResourceQuotaStatus` (also its status update's checks).
#[doc(hidden)]
pub fn quota_status(obj: &ResourceQuota) -> ErrorList {
    let mut errs = resource_list(&obj.status.hard, &Path::new("status").child("hard"));
    errs.extend(resource_list(&obj.status.used, &Path::new("status").child("used")));
    errs
}

// ---------------------------------------------------------------------------------------------
// LimitRange.

fn limit_resource_name(ty: &str, name: &str, path: &Path) -> ErrorList {
    match ty {
        "Pod" | "Container" => container_resource_name(name, path),
        _ => resource_name(name, path),
    }
}

/// Validates a `LimitRange`: each limit's type (standard or qualified, no repeats), resource
/// names, no defaults for `Pod`, min or max storage for `PersistentVolumeClaim`, and per
/// resource min ≤ default request ≤ default ≤ max, ratios at least 1 and at most max/min, and
/// default equal to default request for resources that cannot be overcommitted.
#[doc(hidden)]
pub fn limit_range(obj: &LimitRange) -> ErrorList {
    let mut errs = ErrorList::new();
    let path = Path::new("spec").child("limits");
    let mut types = BTreeSet::new();
    for (i, limit) in obj.spec.limits.iter().flatten().enumerate() {
        let item = path.index(i);
        let ty = limit.r#type.0.as_str();
        let ty_errs: ErrorList = is_qualified_name(ty)
            .into_iter()
            .map(|m| FieldError::invalid_value(item.child("type"), BadValue::named(ty), &m))
            .collect();
        if ty_errs.is_empty() && !ty.contains('/') && !LIMIT_TYPES.contains(&ty) {
            errs.push(FieldError::invalid_value(
                item.child("type"),
                BadValue::named(ty),
                "must be a standard limit type or fully qualified",
            ));
        }
        errs.extend(ty_errs);
        if !types.insert(ty) {
            errs.push(FieldError::duplicate(item.child("type"), BadValue::named(ty)));
        }
        let mut keys = BTreeSet::new();
        for (field, list) in [("max", &limit.max), ("min", &limit.min)] {
            for k in list.keys() {
                errs.extend(limit_resource_name(ty, &k.0, &item.child(field).key(&k.0)));
                keys.insert(k.0.as_str());
            }
        }
        let (mut defaults, mut default_requests) = (BTreeMap::new(), BTreeMap::new());
        if ty == "Pod" {
            if !limit.default.is_empty() {
                errs.push(FieldError::forbidden(item.child("default"), "may not be specified when `type` is 'Pod'"));
            }
            if !limit.default_request.is_empty() {
                errs.push(FieldError::forbidden(
                    item.child("defaultRequest"),
                    "may not be specified when `type` is 'Pod'",
                ));
            }
        } else {
            for (field, list, into) in [
                ("default", &limit.default, &mut defaults),
                ("defaultRequest", &limit.default_request, &mut default_requests),
            ] {
                for (k, q) in list {
                    errs.extend(limit_resource_name(ty, &k.0, &item.child(field).key(&k.0)));
                    keys.insert(k.0.as_str());
                    into.insert(k.0.as_str(), q);
                }
            }
        }
        if ty == "PersistentVolumeClaim" {
            let has = |m: &BTreeMap<crate::core::v1::ResourceName, Quantity>| m.keys().any(|k| k.0 == "storage");
            if !has(&limit.min) && !has(&limit.max) {
                errs.push(FieldError::required(
                    item.child("limits"),
                    "either minimum or maximum storage value is required, but neither was provided",
                ));
            }
        }
        for k in limit.max_limit_request_ratio.keys() {
            errs.extend(limit_resource_name(ty, &k.0, &item.child("maxLimitRequestRatio").key(&k.0)));
            keys.insert(k.0.as_str());
        }
        let get = |m: &'_ BTreeMap<crate::core::v1::ResourceName, Quantity>, k: &str| {
            m.iter().find(|(n, _)| n.0 == k).map(|(_, q)| q.clone())
        };
        for k in keys {
            let min = get(&limit.min, k);
            let max = get(&limit.max, k);
            let def = defaults.get(k).map(|q| (*q).clone());
            let req = default_requests.get(k).map(|q| (*q).clone());
            let ratio = get(&limit.max_limit_request_ratio, k);
            if let (Some(min), Some(max)) = (&min, &max)
                && min > max
            {
                errs.push(FieldError::invalid_value(
                    item.child("min").key(k),
                    quantity_json(min),
                    &format!("min value {min} is greater than max value {max}"),
                ));
            }
            if let (Some(req), Some(min)) = (&req, &min)
                && min > req
            {
                errs.push(FieldError::invalid_value(
                    item.child("defaultRequest").key(k),
                    quantity_json(req),
                    &format!("min value {min} is greater than default request value {req}"),
                ));
            }
            if let (Some(req), Some(max)) = (&req, &max)
                && req > max
            {
                errs.push(FieldError::invalid_value(
                    item.child("defaultRequest").key(k),
                    quantity_json(req),
                    &format!("default request value {req} is greater than max value {max}"),
                ));
            }
            if let (Some(req), Some(def)) = (&req, &def)
                && req > def
            {
                errs.push(FieldError::invalid_value(
                    item.child("defaultRequest").key(k),
                    quantity_json(req),
                    &format!("default request value {req} is greater than default limit value {def}"),
                ));
            }
            if let (Some(def), Some(min)) = (&def, &min)
                && min > def
            {
                errs.push(FieldError::invalid_value(
                    item.child("default").key(k),
                    quantity_json(min),
                    &format!("min value {min} is greater than default value {def}"),
                ));
            }
            if let (Some(def), Some(max)) = (&def, &max)
                && def > max
            {
                errs.push(FieldError::invalid_value(
                    item.child("default").key(k),
                    quantity_json(max),
                    &format!("default value {def} is greater than max value {max}"),
                ));
            }
            if let Some(ratio) = &ratio {
                if *ratio < Quantity::from(1) {
                    errs.push(FieldError::invalid_value(
                        item.child("maxLimitRequestRatio").key(k),
                        quantity_json(ratio),
                        &format!("ratio {ratio} is less than 1"),
                    ));
                }
                if let (Some(min), Some(max)) = (&min, &max) {
                    errs.extend(ratio_above_max_over_min(ratio, min, max, &item.child("maxLimitRequestRatio").key(k)));
                }
            }
            if !overcommit_allowed(k)
                && let (Some(def), Some(req)) = (&def, &req)
                && def != req
            {
                errs.push(FieldError::invalid_value(
                    item.child("defaultRequest").key(k),
                    quantity_json(req),
                    &format!("default value {def} must equal to defaultRequest value {req} in {k}"),
                ));
            }
        }
    }
    errs
}

/// `ratio … is greater than max/min = …`, computed in milli-units unless a value is too large
/// for them, as upstream does (a zero min gives Go's `+Inf`, which no ratio exceeds).
fn ratio_above_max_over_min(ratio: &Quantity, min: &Quantity, max: &Quantity, path: &Path) -> ErrorList {
    // Upstream's `resource.MaxMilliValue`: the largest value whose milli-value fits an int64.
    const MAX_MILLI_VALUE: i64 = i64::MAX / 1000;
    #[allow(clippy::cast_precision_loss, reason = "upstream compares these as float64 too")]
    let (ratio_value, min_value, max_value) =
        if ratio.value() < MAX_MILLI_VALUE && min.value() < MAX_MILLI_VALUE && max.value() < MAX_MILLI_VALUE {
            (ratio.milli_value() as f64 / 1000.0, min.milli_value() as f64, max.milli_value() as f64)
        } else {
            (ratio.value() as f64, min.value() as f64, max.value() as f64)
        };
    let limit = max_value / min_value;
    if ratio_value > limit {
        return vec![FieldError::invalid_value(
            path,
            quantity_json(ratio),
            &format!("ratio {ratio} is greater than max/min = {}", go_float_f(limit)),
        )];
    }
    Vec::new()
}

/// Go's `%f`: six decimals, with `NaN` and `+Inf` spelled as Go spells them.
fn go_float_f(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "+Inf".into() } else { "-Inf".into() }
    } else {
        format!("{v:.6}")
    }
}

// ---------------------------------------------------------------------------------------------
// Event (core/v1, whose requests get upstream's legacy checks only).

/// Limits on an event's fields (upstream's `ReportingInstanceLengthLimit` and friends).
const REPORTING_INSTANCE_LIMIT: usize = 128;
const ACTION_LIMIT: usize = 128;
const REASON_LIMIT: usize = 128;
const NOTE_LIMIT: usize = 1024;

/// Validates a core/v1 `Event` as upstream's `legacyValidateEvent`: the involved object's
/// namespace agrees with the event's; an event with `eventTime` also needs a qualified
/// `reportingComponent`, a reporting instance, action and reason within their limits and a
/// message of at most 1024 bytes; the namespace is a DNS subdomain.
#[doc(hidden)]
pub fn event(obj: &Event) -> ErrorList {
    let mut errs = ErrorList::new();
    let ns = obj.metadata.namespace.as_str();
    let involved_ns = obj.involved_object.namespace.as_str();
    let mismatch = || {
        FieldError::invalid(
            Path::new("involvedObject").child("namespace"),
            involved_ns,
            "does not match event.namespace",
        )
    };
    if obj.event_time == kapi_machinery::types::MicroTime::ZERO {
        if involved_ns.is_empty() {
            if !ns.is_empty() && ns != "default" {
                errs.push(mismatch());
            }
        } else if ns != involved_ns {
            errs.push(mismatch());
        }
    } else {
        if involved_ns.is_empty() && ns != "default" && ns != "kube-system" {
            errs.push(mismatch());
        }
        // Upstream's internal field is `ReportingController`, and its errors carry that name.
        let controller = obj.reporting_component.as_str();
        if controller.is_empty() {
            errs.push(FieldError::required("reportingController", ""));
        }
        errs.extend(
            is_qualified_name(controller)
                .into_iter()
                .map(|m| FieldError::invalid("reportingController", controller, &m)),
        );
        for (field, value, limit) in [
            ("reportingInstance", &obj.reporting_instance, REPORTING_INSTANCE_LIMIT),
            ("action", &obj.action, ACTION_LIMIT),
            ("reason", &obj.reason, REASON_LIMIT),
        ] {
            if value.is_empty() {
                errs.push(FieldError::required(field, ""));
            }
            if value.len() > limit {
                errs.push(FieldError::invalid(field, "", &format!("can have at most {limit} characters")));
            }
        }
        if obj.message.len() > NOTE_LIMIT {
            errs.push(FieldError::invalid("message", "", &format!("can have at most {NOTE_LIMIT} characters")));
        }
    }
    errs.extend(is_dns1123_subdomain(ns).into_iter().map(|m| FieldError::invalid("namespace", ns, &m)));
    errs
}

// ---------------------------------------------------------------------------------------------
// Namespace status.

/// Upstream's `ValidateNamespaceStatusUpdate`: `Active` unless deletion has begun, then
/// `Terminating` (the path's `Phase` is upstream's spelling).
#[doc(hidden)]
pub fn namespace_status(obj: &Namespace) -> ErrorList {
    let phase = obj.status.phase.0.as_str();
    let path = Path::new("status").child("Phase");
    if obj.metadata.deletion_timestamp.is_none() {
        if phase != "Active" {
            return vec![FieldError::invalid_value(
                path,
                BadValue::named(phase),
                "may only be 'Active' if `deletionTimestamp` is empty",
            )];
        }
    } else if phase != "Terminating" {
        return vec![FieldError::invalid_value(
            path,
            BadValue::named(phase),
            "may only be 'Terminating' if `deletionTimestamp` is not empty",
        )];
    }
    Vec::new()
}

#[cfg(test)]
#[path = "cluster_tests.rs"]
mod tests;
