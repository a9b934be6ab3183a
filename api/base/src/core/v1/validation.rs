//! Hand-written validation of core/v1 kinds (config maps, secrets, namespaces, services, pods, pod templates, replication controllers, persistent volumes and claims, nodes, endpoints, resource quotas, limit ranges, events), of writes to pods' `ephemeralcontainers` and `resize` subresources, and of their status updates (services, pods, replication controllers, namespaces, volumes and claims, nodes, quotas), with the checks, field paths and messages of upstream's `pkg/apis/core/validation`.
//!
//! Upstream validates its internal types after defaulting; these functions take the v1 types the
//! test server stores, also after defaulting, and report the same paths and messages. Object
//! metadata (names, labels, annotations) is checked by the server for every kind and is not
//! repeated here. Where upstream's pod validation depends on feature gates or options, the
//! defaults of the fixtures' release apply (see `api/base/src/features.rs`); the module docs of
//! `pod.rs` list them.
//!
//! The `warnings_for_<kind>` functions give the `Warning` texts upstream returns on writes of
//! pods, pod templates and replication controllers; `warnings.rs` holds their checks, which the
//! workload kinds share for their pod templates.

mod affinity;
mod cluster;
mod clusterips;
mod dns;
mod ephemeral;
mod ip_warnings;
mod node_annotations;
mod node_label_warnings;
mod pod;
mod pod_annotations;
mod pod_resources;
mod pod_status;
mod qos;
mod resize;
mod resources;
mod security;
mod service_fields;
mod signer;
mod spread;
mod status;
mod storage;
mod sysctl;
mod user_annotations;
mod volumes;
mod warnings;

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::json;
use kapi_machinery::validation::content::{
    is_dns1035_label, is_dns1123_label, is_dns1123_subdomain, is_qualified_name, is_valid_port_num,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    AppArmorProfile, ConfigMap, Endpoints, Event, LimitRange, Namespace, Node, PersistentVolume, PersistentVolumeClaim,
    Pod, PodTemplate, PodTemplateSpec, ReplicationController, ResourceQuota, Secret, Service, ServicePort,
};
use crate::meta::v1::object_meta_validation::validate_own_names;
use crate::meta::v1::validation::validate_labels;
use crate::meta::v1::{LabelSelector, LabelSelectorOperator, ObjectMeta};

pub use super::endpoints_warnings::warnings_for_endpoints;
pub use super::node_warnings::warnings_for_node;
pub use super::secret_warnings::warnings_for_secret;
pub use super::service_warnings::warnings_for_service;
pub use super::status_warnings::{warnings_for_pod_status_update, warnings_for_service_status_update};
pub use super::volume_warnings::{warnings_for_persistent_volume, warnings_for_persistent_volume_claim};
#[doc(hidden)]
pub use affinity::node_selector;
#[doc(hidden)]
pub use ip_warnings::{cidr_warnings, ip_warnings};
#[doc(hidden)]
pub use node_label_warnings::{deprecated_node_label, node_selector_term_warnings, node_selector_warnings};
pub use pod::{PodValidationOptions, validate_pod_spec, validate_pod_template_spec, validate_pod_template_spec_with};
#[doc(hidden)]
pub use pod::{pod_spec_changes, validate_pod_spec_with, validate_tolerations};
pub use qos::{compute_pod_qos, pod_qos};
#[doc(hidden)]
pub use resources::{
    Cidr, container_resource_name, is_extended_resource_name, is_valid_cidr, is_valid_cidr_for_legacy_field,
    is_valid_ip, is_valid_ip_for_legacy_field, legacy_cidr, legacy_ip, non_special_ip, parse_cidr_sloppy,
    quantity_value,
};
#[doc(hidden)]
pub use signer::{cluster_trust_bundle_name, is_kubernetes_signer_name, signer_name};
#[doc(hidden)]
pub use status::{non_negatives, not_above};
pub use storage::validate_inline_persistent_volume_spec;
pub use user_annotations::validate_user_annotations;
#[doc(hidden)]
pub use warnings::controller_name_warnings;
pub use warnings::{warnings_for_persistent_volume_claim_spec, warnings_for_pod_template_spec};

/// The path upstream's `field.NewPath("")` prints, `[]` (an element without a name prints as
/// its empty index), for an error about the whole object: a static pod's ephemeral containers or
/// resize, a Windows pod's resize.
fn whole_object() -> Path {
    Path::new("[]")
}

/// Upstream's `MaxSecretSize`: the limit on the total size of a secret's or config map's data.
pub const MAX_SECRET_SIZE: usize = 1024 * 1024;
/// The largest `sessionAffinityConfig.clientIP.timeoutSeconds` (one day).
const MAX_CLIENT_IP_AFFINITY_SECONDS: i32 = 86400;

#[doc(hidden)]
pub const NEGATIVE: &str = "must be greater than or equal to 0";
#[doc(hidden)]
pub const IMMUTABLE: &str = "field is immutable";
const IMMUTABLE_WHEN_SET: &str = "field is immutable when `immutable` is set";
const SELECTOR_MISMATCH: &str = "`selector` does not match template `labels`";

const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];
const SERVICE_TYPES: &[&str] = &["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"];
const SESSION_AFFINITIES: &[&str] = &["ClientIP", "None"];

// ---------------------------------------------------------------------------------------------
// Shared helpers, also used by apps/v1 and batch/v1.

/// A requested token lifetime in seconds (`expirationSeconds`), as upstream bounds it for a
/// projected service account token and for a CSI driver's token requests: at least 10 minutes,
/// at most 2^32 seconds.
pub fn token_expiration(seconds: i64, path: Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if seconds < 10 * 60 {
        errs.push(FieldError::invalid_value(path.clone(), seconds, "may not specify a duration less than 10 minutes"));
    }
    if seconds > 1 << 32 {
        errs.push(FieldError::invalid_value(path, seconds, "may not specify a duration larger than 2^32 seconds"));
    }
    errs
}

/// Upstream's `ValidateNonnegativeField`.
#[doc(hidden)]
pub fn non_negative(value: i64, path: &Path) -> ErrorList {
    if value < 0 { vec![FieldError::invalid_value(path, value, NEGATIVE)] } else { Vec::new() }
}

/// A value rendered as upstream renders a struct or pointer bad value: its JSON.
#[doc(hidden)]
pub fn json_value<T: json::JsonEncode + ?Sized>(v: &T) -> BadValue {
    match json::to_vec(v) {
        Ok(b) => BadValue::Json(String::from_utf8_lossy(&b).into_owned()),
        Err(_) => BadValue::Omitted,
    }
}

/// A `map[string]string` as upstream prints it in an error: JSON with sorted keys, `null` when nil.
#[doc(hidden)]
pub fn labels_value(labels: &BTreeMap<String, String>) -> BadValue {
    if labels.is_empty() {
        return BadValue::Json("null".into());
    }
    let mut s = String::from("{");
    for (i, (k, v)) in labels.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let BadValue::Json(k) = BadValue::named(k) else { unreachable!("named values are JSON") };
        let BadValue::Json(v) = BadValue::named(v) else { unreachable!("named values are JSON") };
        s.push_str(&k);
        s.push(':');
        s.push_str(&v);
    }
    s.push('}');
    BadValue::Json(s)
}

/// `field is immutable` unless the values are equal (upstream's `ValidateImmutableField`).
#[doc(hidden)]
pub fn immutable<T: PartialEq>(new: &T, old: &T, value: impl FnOnce() -> BadValue, path: &Path) -> ErrorList {
    if new == old { Vec::new() } else { vec![FieldError::invalid_value(path, value(), IMMUTABLE)] }
}

/// Upstream's `ValidateDNS1123Label`: each finding as an `Invalid` error.
#[doc(hidden)]
pub fn dns1123_label(value: &str, path: &Path) -> ErrorList {
    is_dns1123_label(value).into_iter().map(|m| FieldError::invalid(path, value, &m)).collect()
}

/// Upstream's `ValidateDNS1123Subdomain`.
#[doc(hidden)]
pub fn dns1123_subdomain(value: &str, path: &Path) -> ErrorList {
    is_dns1123_subdomain(value).into_iter().map(|m| FieldError::invalid(path, value, &m)).collect()
}

/// Upstream's `NameIsDNSSubdomain` with `prefix`: a trailing dash is allowed in a prefix.
#[doc(hidden)]
pub fn name_is_dns_subdomain(name: &str, prefix: bool) -> Vec<String> {
    if prefix {
        return is_dns1123_subdomain(&mask_trailing_dash(name));
    }
    is_dns1123_subdomain(name)
}

/// Upstream's `NameIsDNSLabel` with `prefix`: a trailing dash is allowed in a prefix.
#[doc(hidden)]
pub fn name_is_dns_label(name: &str, prefix: bool) -> Vec<String> {
    if prefix {
        return is_dns1123_label(&mask_trailing_dash(name));
    }
    is_dns1123_label(name)
}

/// Upstream's `NameIsDNS1035Label` with `prefix`: a trailing dash is allowed in a prefix.
#[doc(hidden)]
pub fn name_is_dns1035_label(name: &str, prefix: bool) -> Vec<String> {
    if prefix {
        return is_dns1035_label(&mask_trailing_dash(name));
    }
    is_dns1035_label(name)
}

/// Upstream's `maskTrailingDash`: a prefix of two or more bytes ending in `-` is checked with
/// its last *two* bytes replaced by `a` (upstream cuts two, so `a-.-` passes as `a-a`). A cut
/// inside a multi-byte character keeps the character's leading bytes as NULs, so the result has
/// Go's length and is as invalid as Go's broken UTF-8 (neither is a DNS character).
pub(crate) fn mask_trailing_dash(name: &str) -> std::borrow::Cow<'_, str> {
    if name.len() <= 1 || !name.ends_with('-') {
        return std::borrow::Cow::Borrowed(name);
    }
    let cut = name.len() - 2;
    let mut boundary = cut;
    while !name.is_char_boundary(boundary) {
        boundary -= 1;
    }
    let mut masked = String::with_capacity(cut + 1);
    masked.push_str(&name[..boundary]);
    masked.extend(std::iter::repeat_n('\0', cut - boundary));
    masked.push('a');
    std::borrow::Cow::Owned(masked)
}

pub use kapi_machinery::validation::content::is_config_map_key;

/// Upstream's `IsValidPortName`: an IANA service name.
pub fn is_valid_port_name(port: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if port.len() > 15 {
        errs.push(kapi_machinery::validation::content::max_len_error(15));
    }
    if port.is_empty() || !port.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-') {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_owned());
    }
    if !port.bytes().any(|c| c.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)".to_owned());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".to_owned());
    }
    if port.starts_with('-') || port.ends_with('-') {
        errs.push("must not begin or end with a hyphen".to_owned());
    }
    errs
}

/// Upstream's `ValidatePortNumOrName` for an `IntOrString` port.
#[doc(hidden)]
pub fn port_num_or_name(port: &kapi_machinery::types::IntOrString, path: &Path) -> ErrorList {
    use kapi_machinery::types::IntOrString;
    match port.ty {
        IntOrString::INT => is_valid_port_num(i64::from(port.int_val))
            .into_iter()
            .map(|m| FieldError::invalid_value(path, port.int_val, &m))
            .collect(),
        IntOrString::STRING => is_valid_port_name(&port.str_val)
            .into_iter()
            .map(|m| FieldError::invalid(path, &port.str_val, &m))
            .collect(),
        other => vec![FieldError::internal(path, &format!("unknown type: {other}"))],
    }
}

/// A label selector as upstream's `LabelSelectorAsSelector` reads it.
#[doc(hidden)]
pub enum Selector<'a> {
    /// A nil selector: matches nothing, and is not empty.
    Nothing,
    /// Requirements; none at all (`{}`) is the empty selector that matches everything.
    Requirements(&'a LabelSelector),
}

impl<'a> Selector<'a> {
    /// The selector, or `Err` where upstream's conversion fails (an unknown operator, `In` or
    /// `NotIn` without values, `Exists` with values, or a bad key or value).
    #[allow(
        clippy::result_unit_err,
        reason = "the validators only ask whether the conversion fails, as upstream's callers do"
    )]
    pub fn of(sel: Option<&'a LabelSelector>) -> Result<Selector<'a>, ()> {
        let Some(sel) = sel else { return Ok(Selector::Nothing) };
        let bad_key = |k: &str| !is_qualified_name(k).is_empty();
        let bad_value = |v: &str| !kapi_machinery::validation::content::is_label_value(v).is_empty();
        for (k, v) in &sel.match_labels {
            if bad_key(k) || bad_value(v) {
                return Err(());
            }
        }
        for req in &sel.match_expressions {
            let ok = match req.operator.0.as_str() {
                LabelSelectorOperator::IN | LabelSelectorOperator::NOT_IN => !req.values.is_empty(),
                LabelSelectorOperator::EXISTS | LabelSelectorOperator::DOES_NOT_EXIST => req.values.is_empty(),
                _ => false,
            };
            if !ok || bad_key(&req.key) || req.values.iter().any(|v| bad_value(v)) {
                return Err(());
            }
        }
        Ok(Selector::Requirements(sel))
    }

    /// Whether the selector selects nothing in particular (upstream's `Selector.Empty()`).
    pub fn is_empty(&self) -> bool {
        matches!(self, Selector::Requirements(s) if s.match_labels.is_empty() && s.match_expressions.is_empty())
    }

    /// Whether a set of labels is selected.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let Selector::Requirements(sel) = self else { return false };
        sel.match_labels.iter().all(|(k, v)| labels.get(k) == Some(v))
            && sel.match_expressions.iter().all(|r| {
                let got = labels.get(&r.key);
                match r.operator.0.as_str() {
                    LabelSelectorOperator::IN => got.is_some_and(|v| r.values.contains(v)),
                    LabelSelectorOperator::NOT_IN => got.is_none_or(|v| !r.values.contains(v)),
                    LabelSelectorOperator::EXISTS => got.is_some(),
                    LabelSelectorOperator::DOES_NOT_EXIST => got.is_none(),
                    _ => false,
                }
            })
    }
}

/// The `` `selector` does not match template `labels` `` error at `<template>.metadata.labels`.
#[doc(hidden)]
pub fn selector_mismatch(template: &PodTemplateSpec, template_path: &Path) -> FieldError {
    FieldError::invalid_value(
        template_path.child("metadata").child("labels"),
        labels_value(&template.metadata.labels),
        SELECTOR_MISMATCH,
    )
}

/// Upstream's `NotSupported` for a restart policy other than `Always` in a controller's template.
#[doc(hidden)]
pub fn restart_always(template: &PodTemplateSpec, template_path: &Path) -> ErrorList {
    let policy = template.spec.restart_policy.0.as_str();
    if policy == "Always" {
        return Vec::new();
    }
    vec![FieldError::not_supported_value(
        template_path.child("spec").child("restartPolicy"),
        BadValue::named(policy),
        &["Always"],
    )]
}

// ---------------------------------------------------------------------------------------------
// ConfigMap and Secret.

/// Validates a `ConfigMap` on create (`old` is `None`) or update: key names, no key in both
/// `data` and `binaryData`, at most 1 MiB in all, and nothing changed once `immutable` is set.
pub fn validate_config_map(obj: &ConfigMap, old: Option<&ConfigMap>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(old) = old
        && old.immutable == Some(true)
    {
        if obj.immutable != Some(true) {
            errs.push(FieldError::forbidden("immutable", IMMUTABLE_WHEN_SET));
        }
        if obj.data != old.data {
            errs.push(FieldError::forbidden("data", IMMUTABLE_WHEN_SET));
        }
        if obj.binary_data != old.binary_data {
            errs.push(FieldError::forbidden("binaryData", IMMUTABLE_WHEN_SET));
        }
    }
    let mut total = 0usize;
    let data = Path::new("data");
    for (key, value) in &obj.data {
        errs.extend(is_config_map_key(key).into_iter().map(|m| FieldError::invalid(data.key(key), key, &m)));
        total += value.len();
    }
    let binary = Path::new("binaryData");
    for (key, value) in &obj.binary_data {
        errs.extend(is_config_map_key(key).into_iter().map(|m| FieldError::invalid(binary.key(key), key, &m)));
        if obj.data.contains_key(key) {
            errs.push(FieldError::invalid(binary.key(key), key, "duplicate of key present in data"));
        }
        total += value.len();
    }
    if total > MAX_SECRET_SIZE {
        errs.push(FieldError::too_long(Path::root(), MAX_SECRET_SIZE));
    }
    errs
}

/// Validates a `Secret` on create or update: key names, at most 1 MiB of data, the keys each
/// built-in type requires, `type` unchanged, and nothing changed once `immutable` is set.
///
/// Upstream validates after `stringData` has been merged into `data`; here both are read
/// together, `stringData` winning, as the conversion does.
pub fn validate_secret(obj: &Secret, old: Option<&Secret>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(old) = old {
        errs.extend(immutable(&obj.r#type, &old.r#type, || BadValue::named(&obj.r#type.0), &Path::new("type")));
        if old.immutable == Some(true) {
            if obj.immutable != Some(true) {
                errs.push(FieldError::forbidden("immutable", IMMUTABLE_WHEN_SET));
            }
            if merged_data(obj) != merged_data(old) {
                errs.push(FieldError::forbidden("data", IMMUTABLE_WHEN_SET));
            }
        }
    }
    let data = merged_data(obj);
    let data_path = Path::new("data");
    let mut total = 0usize;
    for (key, value) in &data {
        errs.extend(is_config_map_key(key).into_iter().map(|m| FieldError::invalid(data_path.key(key), key, &m)));
        total += value.len();
    }
    if total > MAX_SECRET_SIZE {
        errs.push(FieldError::too_long(&data_path, MAX_SECRET_SIZE));
    }
    let required = |key: &str| FieldError::required(data_path.key(key), "");
    match obj.r#type.0.as_str() {
        "kubernetes.io/service-account-token" => {
            let key = "kubernetes.io/service-account.name";
            if obj.metadata.annotations.get(key).is_none_or(String::is_empty) {
                errs.push(FieldError::required(Path::new("metadata").child("annotations").key(key), ""));
            }
        }
        "kubernetes.io/dockercfg" | "kubernetes.io/dockerconfigjson" => {
            let key = if obj.r#type.0 == "kubernetes.io/dockercfg" { ".dockercfg" } else { ".dockerconfigjson" };
            match data.get(key) {
                None => errs.push(required(key)),
                Some(bytes) => {
                    if let Some(why) = not_a_json_object(bytes) {
                        errs.push(FieldError::invalid(data_path.key(key), "<secret contents redacted>", &why));
                    }
                }
            }
        }
        // The username or password may be empty, but one of them must be there.
        "kubernetes.io/basic-auth" if !data.contains_key("username") && !data.contains_key("password") => {
            errs.push(required("username"));
            errs.push(required("password"));
        }
        "kubernetes.io/ssh-auth" if data.get("ssh-privatekey").is_none_or(|v| v.is_empty()) => {
            errs.push(required("ssh-privatekey"));
        }
        "kubernetes.io/tls" => {
            for key in ["tls.crt", "tls.key"] {
                if !data.contains_key(key) {
                    errs.push(required(key));
                }
            }
        }
        _ => {}
    }
    errs
}

/// Upstream's name rule for a new Service, for its name and generate name: `NameIsDNSLabel` with
/// `RelaxedServiceNameValidation`, else `ValidateServiceName` (`NameIsDNS1035Label`). The name is
/// immutable, so an update does not check it again.
fn service_names(meta: &ObjectMeta) -> ErrorList {
    if crate::features::enabled(crate::features::Feature::RelaxedServiceNameValidation) {
        validate_own_names(meta, name_is_dns_label)
    } else {
        validate_own_names(meta, name_is_dns1035_label)
    }
}

/// A secret's `data` with `stringData` merged over it, as upstream's conversion merges them.
pub(crate) fn merged_data(s: &Secret) -> BTreeMap<&str, &[u8]> {
    let mut out: BTreeMap<&str, &[u8]> = s.data.iter().map(|(k, v)| (k.as_str(), v.as_slice())).collect();
    for (k, v) in &s.string_data {
        out.insert(k.as_str(), v.as_bytes());
    }
    out
}

/// Why a docker config does not decode into a JSON object (Go's `json.Unmarshal` into a map),
/// or `None` when it does; `null` decodes to an empty map.
fn not_a_json_object(bytes: &[u8]) -> Option<String> {
    use kapi_machinery::json::Value;
    match json::value::parse(bytes) {
        Err(e) => Some(e.to_string()),
        Ok(Value::Object(_) | Value::Null) => None,
        Ok(v) => {
            Some(format!("json: cannot unmarshal {} into Go value of type map[string]interface {{}}", v.go_kind_name()))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Namespace.

/// Validates a `Namespace`: each `spec.finalizers` entry a qualified name, and an unprefixed one
/// the standard `kubernetes`.
pub fn validate_namespace(obj: &Namespace, _old: Option<&Namespace>) -> ErrorList {
    // Upstream reports every finalizer at the list's path, without an index.
    let path = Path::new("spec").child("finalizers");
    obj.spec.finalizers.iter().flat_map(|f| finalizer_name(&f.0, &path)).collect()
}

/// Validates a write to a namespace's `finalize` subresource (upstream's
/// `ValidateNamespaceFinalizeUpdate`, past the metadata update rules every write runs): each
/// `spec.finalizers` entry as on create, reported here at its index.
pub fn validate_namespace_finalize_update(obj: &Namespace, _old: &Namespace) -> ErrorList {
    let path = Path::new("spec").child("finalizers");
    obj.spec.finalizers.iter().enumerate().flat_map(|(i, f)| finalizer_name(&f.0, &path.index(i))).collect()
}

/// Upstream's `validateFinalizerName` of core: a qualified name, and an unprefixed one the
/// standard `kubernetes`.
fn finalizer_name(name: &str, path: &Path) -> ErrorList {
    let mut errs: ErrorList =
        is_qualified_name(name).into_iter().map(|m| FieldError::invalid(path, name, &m)).collect();
    if !name.contains('/') && name != "kubernetes" {
        errs.push(FieldError::invalid(
            path,
            name,
            "name is neither a standard finalizer name nor is it fully qualified",
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Service.

/// Validates a `Service` on create or update: on create its name (upstream's
/// `ValidateServiceCreate`: a DNS-1035 label, or with `RelaxedServiceNameValidation` any DNS-1123
/// label; the kind is `+ownNameRule`, so a server leaves the name to this), ports (names required when there are several,
/// unique names and port/protocol pairs, protocols, target ports, node ports only off
/// `ClusterIP`), the type, the selector's labels, session affinity and its config,
/// `externalName` for `ExternalName`, headless rules, `clusterIP`/`clusterIPs`/`ipFamilies`/
/// `ipFamilyPolicy` consistency (`clusterips.rs`), external IPs, the load balancer and traffic
/// fields and topology annotations (`service_fields.rs`), and on update cluster IPs and IP
/// families that change only by adding or releasing the secondary one, a load balancer's class
/// and a health check node port that stay as they were.
///
/// Upstream validates after its strategy has normalised `clusterIPs` from `clusterIP` and
/// allocated the addresses; the test server does the same before calling this.
pub fn validate_service(obj: &Service, old: Option<&Service>) -> ErrorList {
    let mut errs = ErrorList::new();
    let spec = &obj.spec;
    let spec_path = Path::new("spec");
    let ty = spec.r#type.0.as_str();
    if old.is_none() {
        errs.extend(service_names(&obj.metadata));
    }
    if let Some(old) = old {
        errs.extend(clusterips::upgrade_downgrade_cluster_ips(old, obj));
        errs.extend(clusterips::upgrade_downgrade_ip_families(old, obj));
        errs.extend(service_fields::update(obj, old));
    }
    errs.extend(service_fields::topology_annotations(obj));
    let headless = clusterips::is_headless(obj);
    if spec.ports.is_empty() && !headless && ty != "ExternalName" {
        errs.push(FieldError::required(spec_path.child("ports"), ""));
    }
    match ty {
        "LoadBalancer" if headless => {
            errs.push(FieldError::invalid(
                spec_path.child("clusterIPs").index(0),
                "None",
                "may not be set to 'None' for LoadBalancer services",
            ));
        }
        "NodePort" if headless => {
            errs.push(FieldError::invalid(
                spec_path.child("clusterIPs").index(0),
                "None",
                "may not be set to 'None' for NodePort services",
            ));
        }
        "ExternalName" => {
            if !spec.cluster_ips.is_empty() {
                errs.push(FieldError::forbidden(
                    spec_path.child("clusterIPs"),
                    "may not be set for ExternalName services",
                ));
            }
            if !spec.ip_families.is_empty() {
                errs.push(FieldError::forbidden(
                    spec_path.child("ipFamilies"),
                    "may not be set for ExternalName services",
                ));
            }
            if spec.ip_family_policy.is_some() {
                errs.push(FieldError::forbidden(
                    spec_path.child("ipFamilyPolicy"),
                    "may not be set for ExternalName services",
                ));
            }
            // A trailing dot marks the name fully qualified.
            let cname = spec.external_name.strip_suffix('.').unwrap_or(&spec.external_name);
            if cname.is_empty() {
                errs.push(FieldError::required(spec_path.child("externalName"), ""));
            } else {
                errs.extend(dns1123_subdomain(cname, &spec_path.child("externalName")));
            }
        }
        _ => {}
    }
    let mut names = BTreeSet::new();
    for (i, p) in spec.ports.iter().enumerate() {
        errs.extend(validate_service_port(p, spec.ports.len() > 1, &mut names, &spec_path.child("ports").index(i)));
    }
    errs.extend(validate_labels(&spec.selector, &spec_path.child("selector")));
    let affinity = spec.session_affinity.0.as_str();
    if affinity.is_empty() {
        errs.push(FieldError::required(spec_path.child("sessionAffinity"), ""));
    } else if !SESSION_AFFINITIES.contains(&affinity) {
        errs.push(FieldError::not_supported_value(
            spec_path.child("sessionAffinity"),
            BadValue::named(affinity),
            SESSION_AFFINITIES,
        ));
    }
    let config_path = spec_path.child("sessionAffinityConfig");
    if affinity == "ClientIP" {
        let when = "when session affinity type is ClientIP";
        match &spec.session_affinity_config {
            None => errs.push(FieldError::required(&config_path, when)),
            Some(c) => match &c.client_ip {
                None => errs.push(FieldError::required(config_path.child("clientIP"), when)),
                Some(ip) => match ip.timeout_seconds {
                    None => {
                        errs.push(FieldError::required(config_path.child("clientIP").child("timeoutSeconds"), when))
                    }
                    Some(t) if t <= 0 || t > MAX_CLIENT_IP_AFFINITY_SECONDS => errs.push(FieldError::invalid_value(
                        config_path.child("clientIP").child("timeoutSeconds"),
                        t,
                        &format!("must be greater than 0 and less than {MAX_CLIENT_IP_AFFINITY_SECONDS}"),
                    )),
                    Some(_) => {}
                },
            },
        }
    } else if affinity == "None" && spec.session_affinity_config.is_some() {
        errs.push(FieldError::forbidden(&config_path, "must not be set when session affinity is None"));
    }
    errs.extend(clusterips::cluster_ips_related_fields(obj, old));
    // A legacy IP field: on update an address the stored service already had passes the format
    // check (upstream ratchets it, as the accepted forms may be tightened); the special ranges
    // are still refused.
    let existing_external = old.map_or(&[][..], |o| o.spec.external_ips.as_slice());
    for (i, ip) in spec.external_ips.iter().enumerate() {
        let p = spec_path.child("externalIPs").index(i);
        let ip_errs = legacy_ip(&p, ip, existing_external);
        if ip_errs.is_empty() {
            errs.extend(non_special_ip(ip, &p));
        } else {
            errs.extend(ip_errs);
        }
    }
    if ty.is_empty() {
        errs.push(FieldError::required(spec_path.child("type"), ""));
    } else if !SERVICE_TYPES.contains(&ty) {
        errs.push(FieldError::not_supported_value(spec_path.child("type"), BadValue::named(ty), SERVICE_TYPES));
    }
    if ty == "ClusterIP" {
        for (i, p) in spec.ports.iter().enumerate() {
            if p.node_port != 0 {
                errs.push(FieldError::forbidden(
                    spec_path.child("ports").index(i).child("nodePort"),
                    "may not be used when `type` is 'ClusterIP'",
                ));
            }
        }
    }
    let mut node_ports = BTreeSet::new();
    for (i, p) in spec.ports.iter().enumerate() {
        if p.node_port != 0 && !node_ports.insert((p.protocol.0.as_str(), p.node_port)) {
            errs.push(FieldError::duplicate(spec_path.child("ports").index(i).child("nodePort"), p.node_port));
        }
    }
    let mut ports = BTreeSet::new();
    for (i, p) in spec.ports.iter().enumerate() {
        if !ports.insert((p.protocol.0.as_str(), p.port)) {
            errs.push(FieldError::duplicate(spec_path.child("ports").index(i), port_key_value(p)));
        }
    }
    errs.extend(service_fields::load_balancer_and_traffic(obj, old));
    errs
}

/// Validates a service's `/status` update (upstream's `ValidateServiceStatusUpdate`): the load
/// balancer's ingress points only on `type: LoadBalancer`, their IPs (an IP the stored status
/// had is kept), `ipMode` (required with an IP, forbidden without, `VIP` or `Proxy`) and
/// hostnames (DNS subdomains, not IPs). Upstream checks nothing else of the status there, its
/// `conditions` included.
pub fn validate_service_status_update(obj: &Service, old: &Service) -> ErrorList {
    status::load_balancer_status(
        &obj.status.load_balancer,
        Some(&old.status.load_balancer),
        &Path::new("status").child("loadBalancer"),
        &obj.spec,
    )
}

/// The `(protocol, port)` key upstream reports a duplicate port with: an internal `ServicePort`
/// holding only those two fields, which has no JSON tags.
fn port_key_value(p: &ServicePort) -> BadValue {
    let BadValue::Json(proto) = BadValue::named(&p.protocol.0) else { unreachable!("named values are JSON") };
    BadValue::Json(format!(
        r#"{{"Name":"","Protocol":{proto},"AppProtocol":null,"Port":{},"TargetPort":0,"NodePort":0}}"#,
        p.port
    ))
}

fn validate_service_port(p: &ServicePort, require_name: bool, names: &mut BTreeSet<String>, path: &Path) -> ErrorList {
    let mut errs = port_name(&p.name, require_name, path);
    if !p.name.is_empty() && !names.insert(p.name.clone()) {
        errs.push(FieldError::duplicate(path.child("name"), p.name.as_str()));
    }
    errs.extend(port_and_protocol(p.port, &p.protocol.0, path));
    errs.extend(port_num_or_name(&p.target_port, &path.child("targetPort")));
    errs.extend(app_protocol(p.app_protocol.as_deref(), path));
    errs
}

/// A service's or an endpoint's port name: required when the object has several ports, and a
/// DNS label when set.
#[doc(hidden)]
pub fn port_name(name: &str, require_name: bool, path: &Path) -> ErrorList {
    if require_name && name.is_empty() {
        vec![FieldError::required(path.child("name"), "")]
    } else if !name.is_empty() {
        dns1123_label(name, &path.child("name"))
    } else {
        ErrorList::new()
    }
}

/// A port number in 1–65535 and a protocol (required) that upstream supports.
#[doc(hidden)]
pub fn port_and_protocol(port: i32, protocol: &str, path: &Path) -> ErrorList {
    let mut errs: ErrorList = is_valid_port_num(i64::from(port))
        .into_iter()
        .map(|m| FieldError::invalid_value(path.child("port"), port, &m))
        .collect();
    if protocol.is_empty() {
        errs.push(FieldError::required(path.child("protocol"), ""));
    } else if !PROTOCOLS.contains(&protocol) {
        errs.push(FieldError::not_supported_value(path.child("protocol"), BadValue::named(protocol), PROTOCOLS));
    }
    errs
}

/// An `appProtocol`, when set: a qualified name.
#[doc(hidden)]
pub fn app_protocol(app: Option<&str>, path: &Path) -> ErrorList {
    let Some(app) = app else { return ErrorList::new() };
    is_qualified_name(app).into_iter().map(|m| FieldError::invalid(path.child("appProtocol"), app, &m)).collect()
}

// ---------------------------------------------------------------------------------------------
// Pod, PodTemplate, ReplicationController.

/// Validates a `Pod`: its pod-specific annotations (mirror pod, tolerations, deletion cost,
/// seccomp and AppArmor), on create its whole spec (see [`validate_pod_spec`]), no ephemeral
/// containers and seccomp and AppArmor annotations that agree with the fields; on update the
/// spec again (keeping what the stored spec already had, see [`PodValidationOptions`]), no
/// AppArmor or mirror pod annotation added, changed or removed, and only the mutable fields
/// changed.
pub fn validate_pod(obj: &Pod, old: Option<&Pod>) -> ErrorList {
    let spec_path = Path::new("spec");
    let annotations = Path::new("metadata").child("annotations");
    let opts = PodValidationOptions::from_old_spec(old.map(|o| &o.spec));
    let allow_invalid_cost = old.is_some_and(pod_annotations::allow_invalid_cost);
    let mut errs =
        pod_annotations::pod_annotations(&obj.metadata.annotations, &obj.spec, allow_invalid_cost, &annotations);
    errs.extend(validate_pod_spec_with(&obj.spec, &spec_path, true, &opts));
    match old {
        None => {
            if !obj.spec.ephemeral_containers.is_empty() {
                errs.push(FieldError::forbidden(spec_path.child("ephemeralContainers"), "cannot be set on create"));
            }
            if !obj.spec.node_name.is_empty() && !obj.spec.scheduling_gates.is_empty() {
                errs.push(FieldError::forbidden(
                    spec_path.child("nodeName"),
                    "cannot be set until all schedulingGates have been cleared",
                ));
            }
            errs.extend(pod_annotations::annotations_match_fields(obj, &spec_path));
        }
        Some(old) => {
            errs.extend(pod_annotations::annotation_changes(obj, old, &annotations));
            errs.extend(pod_spec_changes(&obj.spec, &old.spec, &spec_path));
        }
    }
    errs
}

/// Validates a write to a pod's `ephemeralcontainers` subresource (upstream's
/// `ValidatePodEphemeralContainersUpdate`): the pod-specific annotations and their updates and
/// the whole new spec, with the stored spec's options, then, unless the pod is a static pod's
/// mirror (which refuses ephemeral containers alone), every stored ephemeral container still
/// there and unchanged.
pub fn validate_pod_ephemeral_containers_update(obj: &Pod, old: &Pod) -> ErrorList {
    let mut errs = pod_metadata_and_spec(obj, old);
    let annotations = Path::new("metadata").child("annotations");
    errs.extend(pod_annotations::annotation_changes(obj, old, &annotations));
    match ephemeral::ephemeral_containers_changes(obj, old) {
        Ok(changes) => errs.extend(changes),
        Err(only) => return vec![only],
    }
    errs
}

/// Validates a write to a pod's `resize` subresource (upstream's `ValidatePodResize`): the
/// pod-specific annotations and the whole new spec, with the stored spec's options, then the
/// resize rules of `resize.rs` (cpu and memory of the containers and of the pod alone, nothing
/// removed, the QoS class kept; a static pod's mirror and a Windows pod refuse any resize).
pub fn validate_pod_resize(obj: &Pod, old: &Pod) -> ErrorList {
    resize::pod_resize(obj, old, pod_metadata_and_spec(obj, old))
}

/// What a pod subresource write checks first (upstream's `validatePodMetadataAndSpec`): the
/// pod-specific annotations and the whole new spec, with the options the stored pod allows.
fn pod_metadata_and_spec(obj: &Pod, old: &Pod) -> ErrorList {
    let opts = PodValidationOptions::from_old_spec(Some(&old.spec));
    let annotations = Path::new("metadata").child("annotations");
    let allow_invalid_cost = pod_annotations::allow_invalid_cost(old);
    let mut errs =
        pod_annotations::pod_annotations(&obj.metadata.annotations, &obj.spec, allow_invalid_cost, &annotations);
    errs.extend(validate_pod_spec_with(&obj.spec, &Path::new("spec"), true, &opts));
    errs
}

/// Validates a pod's `/status` update (upstream's `ValidatePodStatusUpdate`): the pod-specific
/// annotations, custom condition types, `nodeName` and `qosClass` unchanged, the nominated node,
/// terminated containers that stay terminated unless the pod restarts them, resource claim
/// statuses, pod and host IPs, container users and allocated resource health (see
/// `pod_status.rs` for what is left out).
pub fn validate_pod_status_update(obj: &Pod, old: &Pod) -> ErrorList {
    pod_status::pod_status_update(obj, old)
}

/// Validates a `PodTemplate`: its template as every controller's (see
/// [`validate_pod_template_spec`]; on update with the stored template's options).
pub fn validate_pod_template(obj: &PodTemplate, old: Option<&PodTemplate>) -> ErrorList {
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.template));
    validate_pod_template_spec_with(&obj.template, &opts, &Path::new("template"))
}

/// Validates a `ReplicationController`: replicas and minReadySeconds not negative, a non-empty
/// selector that matches the template's labels, and a template that restarts `Always` and has
/// no `activeDeadlineSeconds`.
pub fn validate_replication_controller(obj: &ReplicationController, old: Option<&ReplicationController>) -> ErrorList {
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.and_then(|o| o.spec.template.as_ref()));
    let path = Path::new("spec");
    let mut errs = non_negative(i64::from(spec.min_ready_seconds), &path.child("minReadySeconds"));
    if spec.selector.is_empty() {
        errs.push(FieldError::required(path.child("selector"), ""));
    }
    errs.extend(non_negative(i64::from(spec.replicas.unwrap_or(1)), &path.child("replicas")));
    let tpath = path.child("template");
    match &spec.template {
        None => errs.push(FieldError::required(&tpath, "")),
        Some(t) => {
            if !spec.selector.is_empty() && !spec.selector.iter().all(|(k, v)| t.metadata.labels.get(k) == Some(v)) {
                errs.push(selector_mismatch(t, &tpath));
            }
            errs.extend(validate_pod_template_spec_with(t, &opts, &tpath));
            errs.extend(restart_always(t, &tpath));
            if t.spec.active_deadline_seconds.is_some() {
                errs.push(FieldError::forbidden(
                    tpath.child("spec").child("activeDeadlineSeconds"),
                    "activeDeadlineSeconds in ReplicationController is not Supported",
                ));
            }
        }
    }
    errs
}

/// Upstream's `ValidateAppArmorProfileField`: a profile's type and `localhostProfile` (`None`
/// is valid). The pod strategy asks it whether a deprecated AppArmor annotation names a profile
/// worth copying into the field.
pub fn validate_app_armor_profile_field(profile: Option<&AppArmorProfile>, path: &Path) -> ErrorList {
    security::app_armor_profile(profile, path)
}

/// The warnings of a pod write: on create, upstream's `podStrategy.WarningsOnCreate` (the name as
/// a hostname, then [`GetWarningsForPod`]'s checks); on update none, as upstream skips them on
/// the high-frequency pod update path. A pod's AppArmor annotations are warned about by its
/// strategy's `PrepareForCreate` (`applyAppArmorVersionSkew`), not here.
///
/// [`GetWarningsForPod`]: https://github.com/kubernetes/kubernetes/blob/master/pkg/api/pod/warnings.go
pub fn warnings_for_pod(obj: &Pod, old: Option<&Pod>) -> Vec<String> {
    warnings::pod(obj, old)
}

/// The warnings of a pod template write (`podTemplateStrategy`): the template's, on update only
/// when the generation changed.
pub fn warnings_for_pod_template(obj: &PodTemplate, old: Option<&PodTemplate>) -> Vec<String> {
    warnings::pod_template(obj, old)
}

/// The warnings of a replication controller write (`rcStrategy`): on create the name as a
/// hostname and the template's; on update, when the generation changed, the warnings of the
/// *old* template, since upstream passes the two templates swapped.
pub fn warnings_for_replication_controller(
    obj: &ReplicationController,
    old: Option<&ReplicationController>,
) -> Vec<String> {
    warnings::replication_controller(obj, old)
}

/// Validates a replication controller's `/status` update (upstream's
/// `ValidateReplicationControllerStatusUpdate`): counts and `observedGeneration` not negative,
/// fully labeled, ready and available replicas not above `replicas`, available not above ready.
pub fn validate_replication_controller_status_update(
    obj: &ReplicationController,
    _old: &ReplicationController,
) -> ErrorList {
    status::replication_controller_status(&obj.status, &Path::new("status"))
}

// ---------------------------------------------------------------------------------------------
// Volumes, nodes, endpoints, quotas, limit ranges and events (see the submodules).

/// Validates a `PersistentVolume` on create or update (upstream's `ValidatePersistentVolume`
/// and `ValidatePersistentVolumeUpdate`): access modes, a positive `storage` capacity, the
/// reclaim policy, node affinity, exactly one source, class names and volume mode; on update
/// the source, volume mode and node affinity unchanged.
pub fn validate_persistent_volume(obj: &PersistentVolume, old: Option<&PersistentVolume>) -> ErrorList {
    storage::persistent_volume(obj, old)
}

/// Validates a volume's `/status` update (upstream's `ValidatePersistentVolumeStatusUpdate`):
/// besides the metadata, which the server checks, only that the object has a resource version,
/// which the server always sets first. Upstream's status strategy also stamps
/// `lastPhaseTransitionTime`; that is not validation.
pub fn validate_persistent_volume_status_update(obj: &PersistentVolume, _old: &PersistentVolume) -> ErrorList {
    status::persistent_volume_status(obj)
}

/// Validates a `PersistentVolumeClaim` on create or update (upstream's
/// `ValidatePersistentVolumeClaim` and `ValidatePersistentVolumeClaimUpdate`): access modes,
/// selector, a positive `storage` request, class names, volume mode and data sources; on update
/// an unchanged spec except a first volume name, a storage class set from nil and, once bound,
/// the storage request (which may not drop to the recorded capacity).
pub fn validate_persistent_volume_claim(obj: &PersistentVolumeClaim, old: Option<&PersistentVolumeClaim>) -> ErrorList {
    storage::persistent_volume_claim(obj, old)
}

/// Validates a claim's `/status` update (upstream's
/// `ValidatePersistentVolumeClaimStatusUpdate`): access modes still set, capacity quantities,
/// allocated resources and their resize statuses.
pub fn validate_persistent_volume_claim_status_update(
    obj: &PersistentVolumeClaim,
    _old: &PersistentVolumeClaim,
) -> ErrorList {
    storage::persistent_volume_claim_status(obj)
}

/// Validates a `Node` on create or update (upstream's `ValidateNode` and `ValidateNodeUpdate`):
/// the `scheduler.alpha.kubernetes.io/taints` and `preferAvoidPods` annotations, taints, capacity and allocatable quantities, pod CIDRs; on update unique addresses, pod CIDRs
/// and provider ID unchanged once set, the config source and `externalID`.
pub fn validate_node(obj: &Node, old: Option<&Node>) -> ErrorList {
    cluster::node(obj, old)
}

/// Validates a node's `/status` update: upstream's node status strategy runs the update's
/// checks (`ValidateNodeUpdate`), so this is [`validate_node`] against the stored node.
pub fn validate_node_status_update(obj: &Node, old: &Node) -> ErrorList {
    validate_node(obj, Some(old))
}

/// Validates `Endpoints` (upstream's `ValidateEndpointsCreate` and `ValidateEndpointsUpdate`):
/// subsets with addresses, valid non-special IPs, hostnames, node names and ports. On update the
/// subsets' errors are dropped when the subsets equal the stored ones, as upstream ratchets
/// values older releases accepted (the whole list, not each address: any change to the subsets
/// has every subset checked again).
pub fn validate_endpoints(obj: &Endpoints, old: Option<&Endpoints>) -> ErrorList {
    let errs = cluster::endpoints(obj);
    // Upstream compares only once there is an error, since the subsets can be large.
    if !errs.is_empty() && old.is_some_and(|old| old.subsets == obj.subsets) {
        return ErrorList::new();
    }
    errs
}

/// Validates a `ResourceQuota` (upstream's `ValidateResourceQuota` and
/// `ValidateResourceQuotaUpdate`): resource names and non-negative (whole where counted)
/// quantities, scopes and the scope selector; on update the scopes unchanged.
pub fn validate_resource_quota(obj: &ResourceQuota, old: Option<&ResourceQuota>) -> ErrorList {
    cluster::resource_quota(obj, old)
}

/// Validates a quota's `/status` update (upstream's `ValidateResourceQuotaStatusUpdate`): the
/// names and quantities of `status.hard` and `status.used`.
pub fn validate_resource_quota_status_update(obj: &ResourceQuota, _old: &ResourceQuota) -> ErrorList {
    cluster::quota_status(obj)
}

/// Validates a `LimitRange` (upstream's `ValidateLimitRange`): limit types, resource names,
/// and min ≤ default request ≤ default ≤ max with sensible ratios.
pub fn validate_limit_range(obj: &LimitRange, _old: Option<&LimitRange>) -> ErrorList {
    cluster::limit_range(obj)
}

/// Validates a core/v1 `Event` on create or update (upstream's `ValidateEventCreate` and
/// `ValidateEventUpdate` for core/v1 requests, which run only the legacy checks).
pub fn validate_event(obj: &Event, _old: Option<&Event>) -> ErrorList {
    cluster::event(obj)
}

/// Validates a namespace's `/status` update (upstream's `ValidateNamespaceStatusUpdate`): the
/// phase `Active`, or `Terminating` once deletion has begun.
pub fn validate_namespace_status_update(obj: &Namespace, _old: &Namespace) -> ErrorList {
    cluster::namespace_status(obj)
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
