//! A service's load balancer and traffic fields (source ranges, `allocateLoadBalancerNodePorts`, `loadBalancerClass`, the traffic policies, `healthCheckNodePort`, `trafficDistribution`) and topology annotations, as upstream's `ValidateService` and `ValidateServiceUpdate` check them.

use kapi_machinery::validation::content::{is_qualified_name, is_valid_port_num};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::resources::legacy_cidr;
use crate::core::v1::{Service, externally_accessible};

const SOURCE_RANGES_ANNOTATION: &str = "service.beta.kubernetes.io/load-balancer-source-ranges";
const TOPOLOGY_HINTS_ANNOTATION: &str = "service.kubernetes.io/topology-aware-hints";
const TOPOLOGY_MODE_ANNOTATION: &str = "service.kubernetes.io/topology-mode";
const LOAD_BALANCER_ONLY: &str = "may only be used when `type` is 'LoadBalancer'";
const TRAFFIC_POLICIES: &[&str] = &["Cluster", "Local"];
/// `PreferSameZone` and `PreferSameNode` need `PreferSameTrafficDistribution`, GA and locked on
/// since 1.35, so the fixtures' release accepts all three.
const TRAFFIC_DISTRIBUTIONS: &[&str] = &["PreferClose", "PreferSameZone", "PreferSameNode"];

fn is_load_balancer(s: &Service) -> bool {
    s.spec.r#type.0 == "LoadBalancer"
}

/// Upstream's `NeedsHealthCheck`: a load balancer that keeps external traffic on the node.
fn needs_health_check(s: &Service) -> bool {
    is_load_balancer(s) && s.spec.external_traffic_policy.0 == "Local"
}

/// A `*string` as upstream prints it: the string, or `null`.
fn optional(value: Option<&str>) -> BadValue {
    value.map_or_else(|| BadValue::Json("null".into()), BadValue::from)
}

/// The deprecated topology hints annotation and its successor must agree when both are set.
pub(super) fn topology_annotations(s: &Service) -> ErrorList {
    let annotations = &s.metadata.annotations;
    match (annotations.get(TOPOLOGY_MODE_ANNOTATION), annotations.get(TOPOLOGY_HINTS_ANNOTATION)) {
        (Some(mode), Some(hints)) if mode != hints => vec![FieldError::invalid(
            Path::new("metadata").child("annotations").key(TOPOLOGY_MODE_ANNOTATION),
            mode,
            &format!("must match annotations[{TOPOLOGY_HINTS_ANNOTATION}] when both are specified"),
        )],
        _ => ErrorList::new(),
    }
}

/// The checks at the end of upstream's `ValidateService`, in its order; `old` is the stored
/// service on update.
pub(super) fn load_balancer_and_traffic(s: &Service, old: Option<&Service>) -> ErrorList {
    let mut errs = source_ranges(s, old);
    let spec_path = Path::new("spec");
    if s.spec.allocate_load_balancer_node_ports.is_some() && !is_load_balancer(s) {
        errs.push(FieldError::forbidden(spec_path.child("allocateLoadBalancerNodePorts"), LOAD_BALANCER_ONLY));
    }
    if is_load_balancer(s) && s.spec.allocate_load_balancer_node_ports.is_none() {
        // Upstream reports this one without the `spec.` prefix.
        errs.push(FieldError::required(Path::new("allocateLoadBalancerNodePorts"), ""));
    }
    errs.extend(load_balancer_class(s));
    errs.extend(external_traffic_policy(s));
    errs.extend(internal_traffic_policy(s));
    errs.extend(traffic_distribution(s));
    errs
}

/// Upstream's update-only checks: `loadBalancerClass` may not change while the service stays a
/// load balancer, nor `healthCheckNodePort` while it keeps needing one.
///
/// The class's own checks run here and again in [`load_balancer_and_traffic`], because upstream
/// calls `validateLoadBalancerClassField` from both `ValidateServiceUpdate` and `ValidateService`.
pub(super) fn update(new: &Service, old: &Service) -> ErrorList {
    let mut errs = ErrorList::new();
    let class_path = Path::new("spec").child("loadBalancerClass");
    if is_load_balancer(old) && is_load_balancer(new) && old.spec.load_balancer_class != new.spec.load_balancer_class {
        errs.push(FieldError::invalid_value(
            &class_path,
            optional(new.spec.load_balancer_class.as_deref()),
            "may not change once set",
        ));
    }
    errs.extend(load_balancer_class(new));
    if needs_health_check(old)
        && needs_health_check(new)
        && old.spec.health_check_node_port != new.spec.health_check_node_port
    {
        errs.push(FieldError::forbidden(Path::new("spec").child("healthCheckNodePort"), super::IMMUTABLE));
    }
    errs
}

/// `loadBalancerSourceRanges`, or when it is empty the older annotation (comma-separated): only
/// on load balancers, and legacy CIDR fields (sloppy parsing unless `StrictIPCIDRValidation`,
/// never a canonical-form check). Values may be padded with spaces, which upstream tolerates since
/// the field replaced the annotation. On update a range the stored service already had is not
/// checked again, nor an annotation left as it was (upstream ratchets these, as the accepted
/// CIDR forms were tightened).
fn source_ranges(s: &Service, old: Option<&Service>) -> ErrorList {
    let mut errs = ErrorList::new();
    if !s.spec.load_balancer_source_ranges.is_empty() {
        // Upstream names the field with a capital letter here.
        let path = Path::new("spec").child("LoadBalancerSourceRanges");
        if !is_load_balancer(s) {
            errs.push(FieldError::forbidden(&path, LOAD_BALANCER_ONLY));
        }
        let existing: Vec<&str> =
            old.map(|o| o.spec.load_balancer_source_ranges.iter().map(|r| r.trim()).collect()).unwrap_or_default();
        for (i, value) in s.spec.load_balancer_source_ranges.iter().enumerate() {
            errs.extend(legacy_cidr(&path.index(i), value.trim(), &existing));
        }
    } else if let Some(value) = s.metadata.annotations.get(SOURCE_RANGES_ANNOTATION) {
        let path = Path::new("metadata").child("annotations").key(SOURCE_RANGES_ANNOTATION);
        if !is_load_balancer(s) {
            errs.push(FieldError::forbidden(&path, LOAD_BALANCER_ONLY));
        }
        let unchanged = old.is_some_and(|o| o.metadata.annotations.get(SOURCE_RANGES_ANNOTATION) == Some(value));
        let value = value.trim();
        if !unchanged && !value.is_empty() {
            for cidr in value.split(',') {
                errs.extend(legacy_cidr::<&str>(&path, cidr.trim(), &[]));
            }
        }
    }
    errs
}

/// A qualified name on a load balancer; not set on any other type.
fn load_balancer_class(s: &Service) -> ErrorList {
    let path = Path::new("spec").child("loadBalancerClass");
    match s.spec.load_balancer_class.as_deref() {
        Some(class) if is_load_balancer(s) => {
            is_qualified_name(class).iter().map(|m| FieldError::invalid(&path, class, m)).collect()
        }
        Some(_) => vec![FieldError::forbidden(&path, LOAD_BALANCER_ONLY)],
        None => ErrorList::new(),
    }
}

/// `externalTrafficPolicy` is set exactly on externally accessible services (defaulting sets
/// it); `healthCheckNodePort` exactly on load balancers with the `Local` policy (the server
/// allocates it), and is a port number.
fn external_traffic_policy(s: &Service) -> ErrorList {
    let mut errs = ErrorList::new();
    let spec_path = Path::new("spec");
    let policy = s.spec.external_traffic_policy.0.as_str();
    let policy_path = spec_path.child("externalTrafficPolicy");
    if !externally_accessible(s) {
        if !policy.is_empty() {
            errs.push(FieldError::invalid_value(
                &policy_path,
                BadValue::named(policy),
                "may only be set for externally-accessible services",
            ));
        }
    } else if policy.is_empty() {
        errs.push(FieldError::required(&policy_path, ""));
    } else if !TRAFFIC_POLICIES.contains(&policy) {
        errs.push(FieldError::not_supported_value(&policy_path, BadValue::named(policy), TRAFFIC_POLICIES));
    }
    let port = s.spec.health_check_node_port;
    let port_path = spec_path.child("healthCheckNodePort");
    if !needs_health_check(s) {
        if port != 0 {
            errs.push(FieldError::invalid_value(
                &port_path,
                port,
                "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
            ));
        }
    } else if port == 0 {
        errs.push(FieldError::required(&port_path, ""));
    } else {
        errs.extend(is_valid_port_num(i64::from(port)).iter().map(|m| FieldError::invalid_value(&port_path, port, m)));
    }
    errs
}

/// `internalTrafficPolicy`: required on the types defaulting sets it for (upstream leaves it
/// optional on `ExternalName`, where objects stored before the check may have none), and
/// `Cluster` or `Local`.
fn internal_traffic_policy(s: &Service) -> ErrorList {
    let path = Path::new("spec").child("internalTrafficPolicy");
    match &s.spec.internal_traffic_policy {
        None if matches!(s.spec.r#type.0.as_str(), "NodePort" | "LoadBalancer" | "ClusterIP") => {
            vec![FieldError::required(path, "")]
        }
        Some(p) if !TRAFFIC_POLICIES.contains(&p.0.as_str()) => {
            vec![FieldError::not_supported_value(path, BadValue::named(&p.0), TRAFFIC_POLICIES)]
        }
        _ => ErrorList::new(),
    }
}

fn traffic_distribution(s: &Service) -> ErrorList {
    match s.spec.traffic_distribution.as_deref() {
        Some(d) if !TRAFFIC_DISTRIBUTIONS.contains(&d) => vec![FieldError::not_supported_value(
            Path::new("spec").child("trafficDistribution"),
            BadValue::from(d),
            TRAFFIC_DISTRIBUTIONS,
        )],
        _ => ErrorList::new(),
    }
}

#[cfg(test)]
#[path = "service_fields_tests.rs"]
mod tests;
