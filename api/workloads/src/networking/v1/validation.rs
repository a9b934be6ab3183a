//! Hand-written validation of networking.k8s.io/v1 kinds (ingresses, ingress classes, network policies, IP addresses and service CIDRs), with the checks, field paths and messages of upstream's `pkg/apis/networking/validation`.
//!
//! Rules upstream marks as covered by declarative validation are left to the generated
//! `validate_declarative_*` functions where kapi generates them (IP address parent references,
//! an IP block's `cidr`, an ingress class parameter's `kind` and `name`), so that their update
//! ratcheting holds; the others are made here.

use std::net::IpAddr;

use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::content::{
    is_dns1035_label, is_dns1123_label, is_dns1123_subdomain, is_valid_port_num, max_len_error, regex_error,
};
use kapi_machinery::validation::prefixed::domain_prefixed_path;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    HTTPIngressPath, HTTPIngressRuleValue, IPAddress, IPBlock, Ingress, IngressBackend, IngressClass,
    IngressClassParametersReference, IngressRuleValue, IngressSpec, NetworkPolicy, NetworkPolicyPeer,
    NetworkPolicyPort, ServiceCIDR, ServiceCIDRSpec,
};
use crate::core::v1::TypedLocalObjectReference;
use crate::core::v1::validation::{
    IMMUTABLE, immutable, is_valid_cidr, is_valid_ip, is_valid_port_name, json_value, legacy_cidr, legacy_ip,
    parse_cidr_sloppy,
};
use crate::features::{self, Feature, Release, enabled};
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

pub use super::ingress_warnings::warnings_for_ingress;
pub use super::network_policy_warnings::warnings_for_network_policy;

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";
const MAX_CONTROLLER_LEN: usize = 250;
const PATH_TYPES: &[&str] = &["Exact", "ImplementationSpecific", "Prefix"];
const INVALID_PATH_SEQUENCES: &[&str] = &["//", "/./", "/../", "%2f", "%2F"];
const INVALID_PATH_SUFFIXES: &[&str] = &["/..", "/."];
const PARAMETER_SCOPES: &[&str] = &["Cluster", "Namespace"];
const PROTOCOLS: &[&str] = &["TCP", "UDP", "SCTP"];
const POLICY_TYPES: &[&str] = &["Ingress", "Egress"];
const NOT_AN_IP: &str = "must be a DNS name, not an IP address";
const WILDCARD_FMT: &str = "\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const WILDCARD_MSG: &str = "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";

/// Whether the generated declarative rules enforce what upstream marks `MarkCoveredByDeclarative`
/// for beta tags: then upstream drops the hand-written error and keeps the declarative one.
fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

/// `netutils.ParseIPSloppy`: the address if the text is one (leading zeros allowed).
fn parse_ip(value: &str) -> Option<IpAddr> {
    if value.contains('/') {
        return None;
    }
    parse_cidr_sloppy(&format!("{value}/0")).map(|c| c.ip)
}

/// Upstream's `IsWildcardDNS1123Subdomain`.
fn wildcard_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    let shape = value.strip_prefix("*.").is_some_and(|rest| {
        let long = max_len_error(253);
        is_dns1123_subdomain(rest).iter().all(|m| *m == long)
    });
    if !shape {
        errs.push(regex_error(WILDCARD_MSG, WILDCARD_FMT, &["*.example.com"]));
    }
    errs
}

/// Upstream's `content.IsPathSegmentName`.
fn path_segment(name: &str) -> Vec<String> {
    for bad in [".", ".."] {
        if name == bad {
            return vec![format!("may not be '{bad}'")];
        }
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

fn each(errs: &mut ErrorList, msgs: Vec<String>, path: &Path, value: &str) {
    errs.extend(msgs.iter().map(|m| FieldError::invalid(path, value, m)));
}

// ---------------------------------------------------------------------------------------------
// NetworkPolicy.

/// Validates a `NetworkPolicy` (upstream's `ValidateNetworkPolicy` and
/// `ValidateNetworkPolicyUpdate`): the pod selector, each rule's ports and peers, and the policy
/// types. On update, selector expression values and CIDRs the stored policy already had are
/// accepted again, as upstream's options derived from the old object allow.
pub fn validate_network_policy(obj: &NetworkPolicy, old: Option<&NetworkPolicy>) -> ErrorList {
    let allow_invalid_values = old.is_some_and(|o| !is_valid_label_selector(&o.spec.pod_selector));
    let mut old_cidrs: Vec<&str> = Vec::new();
    if let Some(old) = old {
        let peers = old.spec.ingress.iter().flat_map(|r| &r.from).chain(old.spec.egress.iter().flat_map(|r| &r.to));
        for b in peers.filter_map(|p| p.ip_block.as_ref()) {
            old_cidrs.push(&b.cidr);
            old_cidrs.extend(b.except.iter().map(String::as_str));
        }
    }
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = validate_label_selector_with(&spec.pod_selector, allow_invalid_values, &path.child("podSelector"));
    let rules = spec
        .ingress
        .iter()
        .enumerate()
        .map(|(i, r)| (path.child("ingress").index(i), &r.ports, &r.from, "from"))
        .chain(spec.egress.iter().enumerate().map(|(i, r)| (path.child("egress").index(i), &r.ports, &r.to, "to")));
    for (rule_path, ports, peers, peer_field) in rules {
        for (i, port) in ports.iter().enumerate() {
            errs.extend(network_policy_port(port, &rule_path.child("ports").index(i)));
        }
        for (i, peer) in peers.iter().enumerate() {
            errs.extend(network_policy_peer(
                peer,
                allow_invalid_values,
                &old_cidrs,
                &rule_path.child(peer_field).index(i),
            ));
        }
    }
    let types_path = path.child("policyTypes");
    if spec.policy_types.len() > POLICY_TYPES.len() {
        errs.push(FieldError::invalid_value(
            &types_path,
            json_value(&spec.policy_types),
            "may not specify more than two policyTypes",
        ));
        return errs;
    }
    for (i, t) in spec.policy_types.iter().enumerate() {
        if !POLICY_TYPES.contains(&t.0.as_str()) {
            errs.push(FieldError::not_supported_value(types_path.index(i), BadValue::named(&t.0), POLICY_TYPES));
        }
    }
    errs
}

fn network_policy_port(port: &NetworkPolicyPort, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(p) = &port.protocol
        && !PROTOCOLS.contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(path.child("protocol"), BadValue::named(&p.0), PROTOCOLS));
    }
    let end = path.child("endPort");
    match &port.port {
        Some(p) if p.ty == IntOrString::INT => {
            for m in is_valid_port_num(i64::from(p.int_val)) {
                errs.push(FieldError::invalid_value(path.child("port"), p.int_val, &m));
            }
            if let Some(e) = port.end_port {
                if e < p.int_val {
                    errs.push(FieldError::invalid_value(&end, e, "must be greater than or equal to `port`"));
                }
                for m in is_valid_port_num(i64::from(e)) {
                    errs.push(FieldError::invalid_value(&end, e, &m));
                }
            }
        }
        Some(p) => {
            if let Some(e) = port.end_port {
                errs.push(FieldError::invalid_value(&end, e, "may not be specified when `port` is non-numeric"));
            }
            each(&mut errs, is_valid_port_name(&p.str_val), &path.child("port"), &p.str_val);
        }
        None => {
            if let Some(e) = port.end_port {
                errs.push(FieldError::invalid_value(&end, e, "may not be specified when `port` is not specified"));
            }
        }
    }
    errs
}

fn network_policy_peer(
    peer: &NetworkPolicyPeer,
    allow_invalid_values: bool,
    old_cidrs: &[&str],
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut n = 0;
    if let Some(s) = &peer.pod_selector {
        n += 1;
        errs.extend(validate_label_selector_with(s, allow_invalid_values, &path.child("podSelector")));
    }
    if let Some(s) = &peer.namespace_selector {
        n += 1;
        errs.extend(validate_label_selector_with(s, allow_invalid_values, &path.child("namespaceSelector")));
    }
    if let Some(b) = &peer.ip_block {
        n += 1;
        errs.extend(ip_block(b, old_cidrs, &path.child("ipBlock")));
    }
    if n == 0 {
        errs.push(FieldError::required(path, "must specify a peer"));
    } else if n > 1 && peer.ip_block.is_some() {
        errs.push(FieldError::forbidden(path, "may not specify both ipBlock and another peer"));
    }
    errs
}

/// The network address and prefix length of a CIDR as 128-bit numbers (IPv4 in the low bits).
fn network(c: &crate::core::v1::validation::Cidr) -> (bool, u128, u8) {
    let (v4, raw, width) = match c.ip {
        IpAddr::V4(a) => (true, u128::from(u32::from(a)), 32u32),
        IpAddr::V6(a) => (false, u128::from(a), 128u32),
    };
    let host_bits = width - u32::from(c.bits);
    let mask = if host_bits >= 128 { 0 } else { u128::MAX << host_bits };
    (v4, raw & mask, c.bits)
}

fn ip_block(b: &IPBlock, old_cidrs: &[&str], path: &Path) -> ErrorList {
    if b.cidr.is_empty() {
        // Covered by the generated rule while beta declarative validation is on.
        return if declarative_beta() { Vec::new() } else { vec![FieldError::required(path.child("cidr"), "")] };
    }
    let mut errs = legacy_cidr(&path.child("cidr"), &b.cidr, old_cidrs);
    let Some(cidr) = parse_cidr_sloppy(&b.cidr) else { return errs };
    let (v4, net, bits) = network(&cidr);
    for (i, e) in b.except.iter().enumerate() {
        let p = path.child("except").index(i);
        errs.extend(legacy_cidr(&p, e, old_cidrs));
        let Some(except) = parse_cidr_sloppy(e) else { continue };
        let (ev4, enet, ebits) = network(&except);
        let width = if v4 { 32 } else { 128 };
        let host_bits = width - u32::from(bits);
        let mask = if host_bits >= 128 { 0 } else { u128::MAX << host_bits };
        let contains = v4 == ev4 && enet & mask == net;
        if !contains || bits >= ebits {
            errs.push(FieldError::invalid(&p, e, "must be a strict subset of `cidr`"));
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Ingress.

/// What an update accepts because the stored ingress already had it (upstream's
/// `IngressValidationOptions`).
#[derive(Default)]
struct IngressOptions {
    invalid_secret_name: bool,
    invalid_wildcard_host_rule: bool,
    relaxed_service_name: bool,
}

impl IngressOptions {
    /// Upstream's options for a create (`old` absent) or an update. `RelaxedServiceNameValidation`
    /// relaxes service names on both; an update also keeps them relaxed when the stored ingress
    /// had a service name that is a DNS label but no DNS-1035 label (the two combined by "or" is
    /// inferred: upstream's `ValidateIngressUpdate` source was not available).
    fn from_old(old: Option<&Ingress>) -> IngressOptions {
        let gate = enabled(Feature::RelaxedServiceNameValidation);
        let Some(old) = old else { return IngressOptions { relaxed_service_name: gate, ..IngressOptions::default() } };
        let relaxed = |name: &str| is_dns1123_label(name).is_empty() && !is_dns1035_label(name).is_empty();
        let default_relaxed =
            old.spec.default_backend.as_ref().and_then(|b| b.service.as_ref()).is_some_and(|s| relaxed(&s.name));
        let paths_relaxed = old
            .spec
            .rules
            .iter()
            .filter_map(|r| r.ingress_rule_value.http.as_ref())
            .flat_map(|h| h.paths.iter().flatten())
            .filter_map(|p| p.backend.service.as_ref())
            .any(|s| relaxed(&s.name));
        IngressOptions {
            invalid_secret_name: old
                .spec
                .tls
                .iter()
                .any(|t| !t.secret_name.is_empty() && !is_dns1123_subdomain(&t.secret_name).is_empty()),
            invalid_wildcard_host_rule: old.spec.rules.iter().any(|r| {
                r.host.contains('*')
                    && !rule_value(&r.ingress_rule_value, &Path::root(), &IngressOptions::default()).is_empty()
            }),
            relaxed_service_name: gate || default_relaxed || paths_relaxed,
        }
    }
}

/// Validates an `Ingress` (upstream's `ValidateIngressCreate` and `ValidateIngressUpdate`): a
/// default backend or rules, each rule's host and paths (path types, absolute paths, backends),
/// TLS hosts and secret names, the class name; on create, the `kubernetes.io/ingress.class`
/// annotation agreeing with `ingressClassName`. An update keeps the invalid secret names,
/// wildcard-host rules and DNS-label service names the stored ingress had.
pub fn validate_ingress(obj: &Ingress, old: Option<&Ingress>) -> ErrorList {
    let opts = IngressOptions::from_old(old);
    let mut errs = ingress_spec(&obj.spec, &Path::new("spec"), &opts);
    if old.is_none()
        && let Some(annotation) = obj.metadata.annotations.get(INGRESS_CLASS_ANNOTATION)
        && let Some(class) = &obj.spec.ingress_class_name
        && annotation != class
    {
        errs.push(FieldError::invalid(
            Path::new("annotations").child(INGRESS_CLASS_ANNOTATION),
            annotation,
            "must match `ingressClassName` when both are specified",
        ));
    }
    errs
}

fn ingress_spec(spec: &IngressSpec, path: &Path, opts: &IngressOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.rules.is_empty() && spec.default_backend.is_none() {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::Json("null".into()),
            "either `defaultBackend` or `rules` must be specified",
        ));
    }
    if let Some(b) = &spec.default_backend {
        errs.extend(ingress_backend(b, &path.child("defaultBackend"), opts));
    }
    for (i, rule) in spec.rules.iter().enumerate() {
        let rp = path.child("rules").index(i);
        let mut wildcard = false;
        if !rule.host.is_empty() {
            let hp = rp.child("host");
            if parse_ip(&rule.host).is_some() {
                errs.push(FieldError::invalid(&hp, &rule.host, NOT_AN_IP));
            }
            if rule.host.contains('*') {
                each(&mut errs, wildcard_subdomain(&rule.host), &hp, &rule.host);
                wildcard = true;
            } else {
                each(&mut errs, is_dns1123_subdomain(&rule.host), &hp, &rule.host);
            }
        }
        if !wildcard || !opts.invalid_wildcard_host_rule {
            errs.extend(rule_value(&rule.ingress_rule_value, &rp, opts));
        }
    }
    for (i, tls) in spec.tls.iter().enumerate() {
        let tp = path.child("tls").index(i);
        for (j, host) in tls.hosts.iter().enumerate() {
            let msgs = if host.contains('*') { wildcard_subdomain(host) } else { is_dns1123_subdomain(host) };
            each(&mut errs, msgs, &tp.child("hosts").index(j), host);
        }
        if !opts.invalid_secret_name && !tls.secret_name.is_empty() {
            each(&mut errs, is_dns1123_subdomain(&tls.secret_name), &tp.child("secretName"), &tls.secret_name);
        }
    }
    if let Some(class) = &spec.ingress_class_name {
        each(&mut errs, is_dns1123_subdomain(class), &path.child("ingressClassName"), class);
    }
    errs
}

fn rule_value(value: &IngressRuleValue, path: &Path, opts: &IngressOptions) -> ErrorList {
    value.http.as_ref().map(|h| http_rule(h, &path.child("http"), opts)).unwrap_or_default()
}

fn http_rule(h: &HTTPIngressRuleValue, path: &Path, opts: &IngressOptions) -> ErrorList {
    let paths = h.paths.as_deref().unwrap_or_default();
    let mut errs = ErrorList::new();
    if paths.is_empty() {
        errs.push(FieldError::required(path.child("paths"), ""));
    }
    for (i, p) in paths.iter().enumerate() {
        errs.extend(http_path(p, &path.child("paths").index(i), opts));
    }
    errs
}

fn http_path(p: &HTTPIngressPath, path: &Path, opts: &IngressOptions) -> ErrorList {
    let Some(path_type) = &p.path_type else {
        return vec![FieldError::required(path.child("pathType"), "pathType must be specified")];
    };
    let mut errs = ErrorList::new();
    let pp = path.child("path");
    let absolute = |errs: &mut ErrorList| {
        if !p.path.starts_with('/') {
            errs.push(FieldError::invalid(&pp, &p.path, "must be an absolute path"));
        }
    };
    match path_type.0.as_str() {
        "Exact" | "Prefix" => {
            absolute(&mut errs);
            for seq in INVALID_PATH_SEQUENCES {
                if p.path.contains(seq) {
                    errs.push(FieldError::invalid(&pp, &p.path, &format!("must not contain '{seq}'")));
                }
            }
            for suffix in INVALID_PATH_SUFFIXES {
                if p.path.ends_with(suffix) {
                    errs.push(FieldError::invalid(&pp, &p.path, &format!("cannot end with '{suffix}'")));
                }
            }
        }
        "ImplementationSpecific" => {
            if !p.path.is_empty() {
                absolute(&mut errs);
            }
        }
        other => errs.push(FieldError::not_supported_value(path.child("pathType"), BadValue::named(other), PATH_TYPES)),
    }
    errs.extend(ingress_backend(&p.backend, &path.child("backend"), opts));
    errs
}

fn ingress_backend(b: &IngressBackend, path: &Path, opts: &IngressOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    match (&b.resource, &b.service) {
        (Some(_), Some(_)) => errs.push(FieldError::invalid(path, "", "cannot set both resource and service backends")),
        (Some(r), None) => errs.extend(typed_local_reference(r, &path.child("resource"))),
        (None, Some(s)) => {
            let np = path.child("service").child("name");
            if s.name.is_empty() {
                errs.push(FieldError::required(&np, ""));
            } else {
                let msgs =
                    if opts.relaxed_service_name { is_dns1123_label(&s.name) } else { is_dns1035_label(&s.name) };
                each(&mut errs, msgs, &np, &s.name);
            }
            let port = path.child("service").child("port");
            match (s.port.name.is_empty(), s.port.number != 0) {
                (false, true) => errs.push(FieldError::invalid(path, "", "cannot set both port name & port number")),
                (false, false) => each(&mut errs, is_valid_port_name(&s.port.name), &port.child("name"), &s.port.name),
                (true, true) => {
                    for m in is_valid_port_num(i64::from(s.port.number)) {
                        errs.push(FieldError::invalid_value(port.child("number"), s.port.number, &m));
                    }
                }
                (true, false) => errs.push(FieldError::required(path, "port name or number is required")),
            }
        }
        (None, None) => errs.push(FieldError::invalid(path, "", "resource or service backend is required")),
    }
    errs
}

fn typed_local_reference(r: &TypedLocalObjectReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(g) = &r.api_group {
        each(&mut errs, is_dns1123_subdomain(g), &path.child("apiGroup"), g);
    }
    for (value, field) in [(&r.kind, "kind"), (&r.name, "name")] {
        if value.is_empty() {
            errs.push(FieldError::required(path.child(field), ""));
        } else {
            each(&mut errs, path_segment(value), &path.child(field), value);
        }
    }
    errs
}

/// Validates an ingress's `/status` update (upstream's `ValidateIngressStatusUpdate`): each load
/// balancer ingress's IP (any IP the stored status had is accepted again) and hostname.
pub fn validate_ingress_status_update(obj: &Ingress, old: &Ingress) -> ErrorList {
    let old_ips: Vec<&str> =
        old.status.load_balancer.ingress.iter().filter(|i| !i.ip.is_empty()).map(|i| i.ip.as_str()).collect();
    let path = Path::new("status").child("loadBalancer").child("ingress");
    let mut errs = ErrorList::new();
    for (i, ing) in obj.status.load_balancer.ingress.iter().enumerate() {
        let ip = path.index(i);
        if !ing.ip.is_empty() {
            // A legacy IP field, ratcheting the stored status's addresses.
            errs.extend(legacy_ip(&ip.child("ip"), &ing.ip, &old_ips));
        }
        if !ing.hostname.is_empty() {
            let hp = ip.child("hostname");
            each(&mut errs, is_dns1123_subdomain(&ing.hostname), &hp, &ing.hostname);
            if parse_ip(&ing.hostname).is_some() {
                errs.push(FieldError::invalid(&hp, &ing.hostname, NOT_AN_IP));
            }
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// IngressClass.

/// Validates an `IngressClass` (upstream's `ValidateIngressClass` and
/// `ValidateIngressClassUpdate`): a domain-prefixed `controller` of at most 250 bytes,
/// immutable on update, and the parameters reference.
pub fn validate_ingress_class(obj: &IngressClass, old: Option<&IngressClass>) -> ErrorList {
    let path = Path::new("spec");
    let cp = path.child("controller");
    let mut errs = ErrorList::new();
    if let Some(old) = old {
        errs.extend(immutable(
            &obj.spec.controller,
            &old.spec.controller,
            || BadValue::Str(obj.spec.controller.clone()),
            &cp,
        ));
    }
    let controller = &obj.spec.controller;
    if controller.is_empty() {
        errs.push(FieldError::required(&cp, ""));
    } else {
        if controller.len() > MAX_CONTROLLER_LEN {
            errs.push(FieldError::too_long(&cp, MAX_CONTROLLER_LEN));
        }
        errs.extend(domain_prefixed_path(&cp, controller));
    }
    if let Some(p) = &obj.spec.parameters {
        errs.extend(parameters_reference(p, &path.child("parameters")));
    }
    errs
}

fn parameters_reference(p: &IngressClassParametersReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(g) = &p.api_group {
        each(&mut errs, is_dns1123_subdomain(g), &path.child("apiGroup"), g);
    }
    for (value, field) in [(&p.kind, "kind"), (&p.name, "name")] {
        if value.is_empty() {
            if !declarative_beta() {
                errs.push(FieldError::required(path.child(field), ""));
            }
        } else {
            each(&mut errs, path_segment(value), &path.child(field), value);
        }
    }
    let sp = path.child("scope");
    let Some(scope) = &p.scope else {
        errs.push(FieldError::required(&sp, ""));
        return errs;
    };
    let np = path.child("namespace");
    match scope.as_str() {
        "Namespace" => match &p.namespace {
            None => errs.push(FieldError::required(&np, "`parameters.scope` is set to 'Namespace'")),
            Some(ns) => each(&mut errs, is_dns1123_label(ns), &np, ns),
        },
        "Cluster" => {
            if p.namespace.is_some() {
                errs.push(FieldError::forbidden(&np, "`parameters.scope` is set to 'Cluster'"));
            }
        }
        other => errs.push(FieldError::not_supported_value(&sp, BadValue::Str(other.to_owned()), PARAMETER_SCOPES)),
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// IPAddress and ServiceCIDR.

/// Validates an `IPAddress` (upstream's `ValidateIPAddress`, and on update also
/// `ValidateIPAddressUpdate`, as upstream's strategy runs both): a name that is an IP address in
/// canonical form, the parent reference's group, resource, name and namespace, and on update an
/// unchanged reference (its presence and, with beta declarative validation on, its immutability
/// are the generated rules').
pub fn validate_ip_address(obj: &IPAddress, old: Option<&IPAddress>) -> ErrorList {
    // Upstream's `ValidateObjectMeta` with `ValidateIPAddressName` (the kind is `+ownNameRule`, so
    // the server leaves both names to this): the generate name too is held to an IP address, so
    // no generated name is valid; an empty name is the server's to report.
    let mut errs = ErrorList::new();
    let meta = Path::new("metadata");
    if !obj.metadata.generate_name.is_empty() {
        errs.extend(is_valid_ip(&meta.child("generateName"), &obj.metadata.generate_name));
    }
    if !obj.metadata.name.is_empty() {
        errs.extend(is_valid_ip(&meta.child("name"), &obj.metadata.name));
    }
    let path = Path::new("spec").child("parentRef");
    match &obj.spec.parent_ref {
        None => {
            if !declarative_beta() {
                errs.push(FieldError::required(&path, ""));
            }
        }
        Some(r) => {
            if !r.group.is_empty() {
                each(&mut errs, is_dns1123_subdomain(&r.group), &path.child("group"), &r.group);
            }
            for (value, field) in [(&r.resource, "resource"), (&r.name, "name")] {
                if value.is_empty() {
                    if !declarative_beta() {
                        errs.push(FieldError::required(path.child(field), ""));
                    }
                } else {
                    each(&mut errs, path_segment(value), &path.child(field), value);
                }
            }
            if !r.namespace.is_empty() {
                each(&mut errs, path_segment(&r.namespace), &path.child("namespace"), &r.namespace);
            }
        }
    }
    if let Some(old) = old
        && !declarative_beta()
        && old.spec.parent_ref != obj.spec.parent_ref
    {
        errs.push(FieldError::invalid_value(&path, json_value(&obj.spec.parent_ref), IMMUTABLE));
    }
    errs
}

/// Validates a `ServiceCIDR` (upstream's `ValidateServiceCIDR`, and on update also
/// `ValidateServiceCIDRUpdate`, as upstream's strategy runs both): one or two CIDRs in strict
/// form, one per IP family; on update the CIDRs may not change, except that a single-stack CIDR
/// may gain a second of the other family.
pub fn validate_service_cidr(obj: &ServiceCIDR, old: Option<&ServiceCIDR>) -> ErrorList {
    let path = Path::new("spec").child("cidrs");
    let mut errs = service_cidr_spec(&obj.spec, &path);
    let Some(old) = old else { return errs };
    let (new, prev) = (&obj.spec.cidrs, &old.spec.cidrs);
    if new.len() == prev.len() {
        for (i, (n, o)) in new.iter().zip(prev).enumerate() {
            if n != o {
                errs.push(FieldError::invalid(path.index(i), n, IMMUTABLE));
            }
        }
    } else if prev.len() == 1 && new.len() == 2 {
        if new[0] != prev[0] {
            errs.push(FieldError::invalid(path.index(0), &new[0], IMMUTABLE));
        }
        errs.extend(service_cidr_spec(&obj.spec, &path));
    } else {
        errs.push(FieldError::invalid_value(&path, BadValue::string_list(new), IMMUTABLE));
    }
    errs
}

fn service_cidr_spec(spec: &ServiceCIDRSpec, path: &Path) -> ErrorList {
    if spec.cidrs.is_empty() {
        return vec![FieldError::required(path, "at least one CIDR required")];
    }
    if spec.cidrs.len() > 2 {
        return vec![FieldError::invalid_value(path, json_value(spec), "may only hold up to 2 values")];
    }
    let mut errs = ErrorList::new();
    for (i, c) in spec.cidrs.iter().enumerate() {
        errs.extend(is_valid_cidr(&path.index(i), c));
    }
    if let [a, b] = spec.cidrs.as_slice() {
        let family = |c: &str| parse_cidr_sloppy(c).map(|c| c.is_v4());
        if family(a).is_some() && family(a) == family(b) {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::string_list(&spec.cidrs),
                "may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64",
            ));
        }
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
