//! Hand-written defaults of `core/v1` (upstream's `SetDefaults_*` in `pkg/apis/core/v1/defaults.go`);
//! the ones that depend on a feature gate read it through [`crate::features::enabled`].

use std::collections::BTreeMap;

use kapi_machinery::types::{IntOrString, Quantity};

use super::types::*;
use crate::features::{self, Feature};

/// Scheduler of pods that name none.
pub const DEFAULT_SCHEDULER_NAME: &str = "default-scheduler";
/// Seconds between the stop signal and the kill, when a pod spec gives none.
pub const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS: i64 = 30;
/// Where a container writes its termination message, when it names no file.
pub const TERMINATION_MESSAGE_PATH_DEFAULT: &str = "/dev/termination-log";
/// File mode (0644) of the files of secret, config map, downward API and projected volumes.
pub const VOLUME_SOURCE_DEFAULT_MODE: i32 = 0o644;
/// Seconds a `ClientIP` session sticks to one endpoint (three hours).
pub const DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS: i32 = 10800;
/// Lifetime of a projected service account token, in seconds (one hour).
pub const DEFAULT_TOKEN_EXPIRATION_SECONDS: i64 = 3600;

/// Rounds every quantity up to a whole thousandth, as the API always has (upstream means to
/// reject such values one day instead).
fn round_up_resource_list(list: &mut BTreeMap<ResourceName, Quantity>) {
    for q in list.values_mut() {
        q.round_up(-3);
    }
}

/// Quantities of a resource requirement are rounded up to milli-units.
pub fn set_defaults_resource_requirements(obj: &mut ResourceRequirements) {
    round_up_resource_list(&mut obj.limits);
    round_up_resource_list(&mut obj.requests);
}

/// As [`set_defaults_resource_requirements`].
pub fn set_defaults_volume_resource_requirements(obj: &mut VolumeResourceRequirements) {
    round_up_resource_list(&mut obj.limits);
    round_up_resource_list(&mut obj.requests);
}

/// Capacity quantities are rounded up to milli-units.
pub fn set_defaults_persistent_volume_spec(obj: &mut PersistentVolumeSpec) {
    round_up_resource_list(&mut obj.capacity);
}

/// Capacity and allocated quantities are rounded up to milli-units.
pub fn set_defaults_persistent_volume_claim_status(obj: &mut PersistentVolumeClaimStatus) {
    round_up_resource_list(&mut obj.capacity);
    round_up_resource_list(&mut obj.allocated_resources);
}

/// Allocated quantities are rounded up to milli-units.
pub fn set_defaults_container_status(obj: &mut ContainerStatus) {
    round_up_resource_list(&mut obj.allocated_resources);
}

/// Allocated quantities are rounded up to milli-units.
pub fn set_defaults_pod_status(obj: &mut PodStatus) {
    round_up_resource_list(&mut obj.allocated_resources);
}

/// Quota quantities are rounded up to milli-units.
pub fn set_defaults_resource_quota_spec(obj: &mut ResourceQuotaSpec) {
    round_up_resource_list(&mut obj.hard);
}

/// Quota quantities are rounded up to milli-units.
pub fn set_defaults_resource_quota_status(obj: &mut ResourceQuotaStatus) {
    round_up_resource_list(&mut obj.hard);
    round_up_resource_list(&mut obj.used);
}

/// A replication controller's selector and labels come from its template's labels when unset, and
/// it wants one replica unless told otherwise.
pub fn set_defaults_replication_controller(obj: &mut ReplicationController) {
    if let Some(labels) = obj.spec.template.as_ref().map(|t| &t.metadata.labels).filter(|l| !l.is_empty()) {
        if obj.spec.selector.is_empty() {
            obj.spec.selector = labels.clone();
        }
        if obj.metadata.labels.is_empty() {
            obj.metadata.labels = labels.clone();
        }
    }
    obj.spec.replicas.get_or_insert(1);
}

/// A volume with no source is an empty directory.
pub fn set_defaults_volume(obj: &mut Volume) {
    if obj.volume_source == VolumeSource::default() {
        obj.volume_source.empty_dir = Some(Box::default());
    }
}

/// Whether an image reference pulls `latest`: its tag is `latest`, or it has neither tag nor
/// digest. A reference that does not parse (empty, blank, upper-case repository) pulls nothing
/// by that rule, as upstream ignores the parse error and finds no tag.
fn pulls_latest(image: &str) -> bool {
    if image.is_empty() || image.chars().any(char::is_whitespace) {
        return false;
    }
    let (name, digest) = match image.split_once('@') {
        Some((n, d)) => (n, Some(d)),
        None => (image, None),
    };
    let last_slash = name.rfind('/').map_or(0, |i| i + 1);
    let (repo, tag) = match name[last_slash..].rfind(':') {
        Some(i) => (&name[..last_slash + i], Some(&name[last_slash + i + 1..])),
        None => (name, None),
    };
    // The first component is a registry when it has a dot or a port, or is `localhost`; the path
    // after it must be lower case.
    let path = match repo.split_once('/') {
        Some((first, rest)) if first.contains(['.', ':']) || first == "localhost" => rest,
        _ => repo,
    };
    if path.is_empty() || path.chars().any(|c| c.is_ascii_uppercase()) {
        return false;
    }
    match (tag, digest) {
        (Some(t), _) => t == "latest",
        (None, Some(_)) => false,
        (None, None) => true,
    }
}

/// Pull policy from the image's tag, and the termination message's file and policy.
pub fn set_defaults_container(obj: &mut Container) {
    if obj.image_pull_policy.0.is_empty() {
        let policy = if pulls_latest(&obj.image) { "Always" } else { "IfNotPresent" };
        obj.image_pull_policy = PullPolicy(policy.into());
    }
    if obj.termination_message_path.is_empty() {
        obj.termination_message_path = TERMINATION_MESSAGE_PATH_DEFAULT.into();
    }
    if obj.termination_message_policy.0.is_empty() {
        obj.termination_message_policy = TerminationMessagePolicy("File".into());
    }
}

/// An ephemeral container defaults like a container.
pub fn set_defaults_ephemeral_container(obj: &mut EphemeralContainer) {
    let c = &mut obj.ephemeral_container_common;
    if c.image_pull_policy.0.is_empty() {
        let policy = if pulls_latest(&c.image) { "Always" } else { "IfNotPresent" };
        c.image_pull_policy = PullPolicy(policy.into());
    }
    if c.termination_message_path.is_empty() {
        c.termination_message_path = TERMINATION_MESSAGE_PATH_DEFAULT.into();
    }
    if c.termination_message_policy.0.is_empty() {
        c.termination_message_policy = TerminationMessagePolicy("File".into());
    }
}

/// Upstream's `ExternallyAccessible`: node ports, load balancers, and cluster IPs with external
/// IPs, the services that take traffic from outside the cluster.
pub(crate) fn externally_accessible(s: &Service) -> bool {
    match s.spec.r#type.0.as_str() {
        "LoadBalancer" | "NodePort" => true,
        "ClusterIP" => !s.spec.external_ips.is_empty(),
        _ => false,
    }
}

/// Session affinity `None` (with no config) or a three-hour `ClientIP` timeout; type `ClusterIP`;
/// ports TCP with the target port the port itself; traffic policies `Cluster` (the external one
/// where the service is externally accessible); load balancers allocate node ports; ingress IPs
/// of load balancers are `VIP` (gate `LoadBalancerIPMode`).
pub fn set_defaults_service(obj: &mut Service) {
    let spec = &mut obj.spec;
    if spec.session_affinity.0.is_empty() {
        spec.session_affinity = ServiceAffinity("None".into());
    }
    match spec.session_affinity.0.as_str() {
        "None" => spec.session_affinity_config = None,
        "ClientIP" => {
            let has_timeout = spec
                .session_affinity_config
                .as_ref()
                .and_then(|c| c.client_ip.as_ref())
                .is_some_and(|c| c.timeout_seconds.is_some());
            if !has_timeout {
                spec.session_affinity_config = Some(SessionAffinityConfig {
                    client_ip: Some(ClientIPConfig {
                        timeout_seconds: Some(DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS),
                    }),
                });
            }
        }
        _ => {}
    }
    if spec.r#type.0.is_empty() {
        spec.r#type = ServiceType("ClusterIP".into());
    }
    for port in &mut spec.ports {
        if port.protocol.0.is_empty() {
            port.protocol = Protocol("TCP".into());
        }
        if port.target_port == IntOrString::int(0) || port.target_port == IntOrString::string("") {
            port.target_port = IntOrString::int(port.port);
        }
    }
    if externally_accessible(obj) && obj.spec.external_traffic_policy.0.is_empty() {
        obj.spec.external_traffic_policy = ServiceExternalTrafficPolicy("Cluster".into());
    }
    let spec = &mut obj.spec;
    let ty = spec.r#type.0.as_str();
    if spec.internal_traffic_policy.is_none() && matches!(ty, "NodePort" | "LoadBalancer" | "ClusterIP") {
        spec.internal_traffic_policy = Some(ServiceInternalTrafficPolicy("Cluster".into()));
    }
    if ty == "LoadBalancer" {
        spec.allocate_load_balancer_node_ports.get_or_insert(true);
        if features::enabled(Feature::LoadBalancerIPMode) {
            for ingress in &mut obj.status.load_balancer.ingress {
                if !ingress.ip.is_empty() && ingress.ip_mode.is_none() {
                    ingress.ip_mode = Some(LoadBalancerIPMode("VIP".into()));
                }
            }
        }
    }
}

/// Requests of a container default to its limits (in pods only, not templates).
fn default_requests_from_limits(resources: &mut ResourceRequirements) {
    for (name, limit) in &resources.limits {
        resources.requests.entry(name.clone()).or_insert_with(|| limit.clone());
    }
}

/// Appends a `NotRequired` resize policy for CPU and memory where the container requests them and
/// names no policy of its own.
fn default_resize_policy(c: &mut Container) {
    for name in [ResourceName::CPU, ResourceName::MEMORY] {
        let requested = c.resources.requests.contains_key(&ResourceName(name.into()));
        let named = c.resize_policy.iter().any(|p| p.resource_name.0 == name);
        if requested && !named {
            c.resize_policy.push(ContainerResizePolicy {
                resource_name: ResourceName(name.into()),
                restart_policy: ResourceResizeRestartPolicy("NotRequired".into()),
            });
        }
    }
}

/// Whether an init container keeps running beside the others (a sidecar).
fn is_restartable_init_container(c: &Container) -> bool {
    c.restart_policy.as_ref().is_some_and(|p| p.0 == "Always")
}

/// Adds `b` into `a`, resource by resource.
fn add_resource_list(a: &mut BTreeMap<ResourceName, Quantity>, b: &BTreeMap<ResourceName, Quantity>) {
    for (name, q) in b {
        match a.get_mut(name) {
            Some(sum) => sum.add(q),
            None => {
                a.insert(name.clone(), q.clone());
            }
        }
    }
}

/// Raises each resource of `a` to at least its value in `b`.
fn max_resource_list(a: &mut BTreeMap<ResourceName, Quantity>, b: &BTreeMap<ResourceName, Quantity>) {
    for (name, q) in b {
        match a.get_mut(name) {
            Some(cur) if *cur >= *q => {}
            _ => {
                a.insert(name.clone(), q.clone());
            }
        }
    }
}

/// What the containers of a pod request together: the regular containers and sidecars add up; an
/// ordinary init container runs alone beside the sidecars started before it, so the pod needs the
/// larger of the two.
fn aggregate_container_requests(spec: &PodSpec) -> BTreeMap<ResourceName, Quantity> {
    let mut reqs = BTreeMap::new();
    for c in spec.containers.iter().flatten() {
        add_resource_list(&mut reqs, &c.resources.requests);
    }
    let mut sidecars = BTreeMap::new();
    let mut init_peak = BTreeMap::new();
    for c in &spec.init_containers {
        let mut need = c.resources.requests.clone();
        if is_restartable_init_container(c) {
            add_resource_list(&mut reqs, &need);
            add_resource_list(&mut sidecars, &need);
            need = sidecars.clone();
        } else {
            add_resource_list(&mut need, &sidecars);
        }
        max_resource_list(&mut init_peak, &need);
    }
    max_resource_list(&mut reqs, &init_peak);
    reqs
}

/// Resources that may be set at the pod level.
fn is_supported_pod_level_resource(name: &ResourceName) -> bool {
    name.0 == ResourceName::CPU || name.0 == ResourceName::MEMORY || name.0.starts_with("hugepages-")
}

/// Pod-level requests, where the pod has pod-level limits: each supported resource first from what
/// the containers request together, then from the pod's limit.
fn default_pod_requests(spec: &mut PodSpec) {
    let Some(resources) = &spec.resources else { return };
    if resources.limits.is_empty() {
        return;
    }
    let aggregated = aggregate_container_requests(spec);
    let Some(resources) = &mut spec.resources else { return };
    let mut requests = std::mem::take(&mut resources.requests);
    for (name, q) in aggregated.iter().chain(resources.limits.iter()) {
        if is_supported_pod_level_resource(name) && !requests.contains_key(name) {
            requests.insert(name.clone(), q.clone());
        }
    }
    resources.requests = requests;
}

/// With host networking, a container port's host port is the container port.
fn default_host_network_ports(containers: &mut [Container]) {
    for port in containers.iter_mut().flat_map(|c| c.ports.iter_mut()) {
        if port.host_port == 0 {
            port.host_port = port.container_port;
        }
    }
}

/// Pod-only defaults: container requests from limits, resize policies (gate
/// `InPlacePodVerticalScaling`, for sidecars also `SidecarContainers`), pod-level requests (gate
/// `PodLevelResources`), service links on, and host ports under host networking.
pub fn set_defaults_pod(obj: &mut Pod) {
    let resize = features::enabled(Feature::InPlacePodVerticalScaling);
    let sidecars = features::enabled(Feature::SidecarContainers);
    let spec = &mut obj.spec;
    for c in spec.containers.iter_mut().flatten() {
        default_requests_from_limits(&mut c.resources);
        if resize && !c.resources.requests.is_empty() {
            default_resize_policy(c);
        }
    }
    for c in &mut spec.init_containers {
        default_requests_from_limits(&mut c.resources);
        if resize && sidecars && is_restartable_init_container(c) && !c.resources.requests.is_empty() {
            default_resize_policy(c);
        }
    }
    if features::enabled(Feature::PodLevelResources) {
        default_pod_requests(spec);
    }
    spec.enable_service_links.get_or_insert(true);
    if spec.host_network {
        if let Some(containers) = &mut spec.containers {
            default_host_network_ports(containers);
        }
        default_host_network_ports(&mut spec.init_containers);
    }
}

/// DNS policy `ClusterFirst`, restart policy `Always`, an empty security context, a 30-second grace
/// period and the default scheduler; templates get these too.
pub fn set_defaults_pod_spec(obj: &mut PodSpec) {
    if obj.dns_policy.0.is_empty() {
        obj.dns_policy = DNSPolicy("ClusterFirst".into());
    }
    if obj.restart_policy.0.is_empty() {
        obj.restart_policy = RestartPolicy("Always".into());
    }
    obj.security_context.get_or_insert_with(Default::default);
    obj.termination_grace_period_seconds.get_or_insert(DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
    if obj.scheduler_name.is_empty() {
        obj.scheduler_name = DEFAULT_SCHEDULER_NAME.into();
    }
    round_up_resource_list(&mut obj.overhead);
}

/// A probe times out after 1 second, runs every 10, and needs 1 success or 3 failures.
pub fn set_defaults_probe(obj: &mut Probe) {
    for (field, default) in [
        (&mut obj.timeout_seconds, 1),
        (&mut obj.period_seconds, 10),
        (&mut obj.success_threshold, 1),
        (&mut obj.failure_threshold, 3),
    ] {
        if *field == 0 {
            *field = default;
        }
    }
}

/// Files of a secret volume are mode 0644.
pub fn set_defaults_secret_volume_source(obj: &mut SecretVolumeSource) {
    obj.default_mode.get_or_insert(VOLUME_SOURCE_DEFAULT_MODE);
}

/// Files of a config map volume are mode 0644.
pub fn set_defaults_config_map_volume_source(obj: &mut ConfigMapVolumeSource) {
    obj.default_mode.get_or_insert(VOLUME_SOURCE_DEFAULT_MODE);
}

/// Files of a downward API volume are mode 0644.
pub fn set_defaults_downward_api_volume_source(obj: &mut DownwardAPIVolumeSource) {
    obj.default_mode.get_or_insert(VOLUME_SOURCE_DEFAULT_MODE);
}

/// Files of a projected volume are mode 0644.
pub fn set_defaults_projected_volume_source(obj: &mut ProjectedVolumeSource) {
    obj.default_mode.get_or_insert(VOLUME_SOURCE_DEFAULT_MODE);
}

/// A secret without a type is `Opaque`.
pub fn set_defaults_secret(obj: &mut Secret) {
    if obj.r#type.0.is_empty() {
        obj.r#type = SecretType("Opaque".into());
    }
}

/// A projected token lives an hour.
pub fn set_defaults_service_account_token_projection(obj: &mut ServiceAccountTokenProjection) {
    obj.expiration_seconds.get_or_insert(DEFAULT_TOKEN_EXPIRATION_SECONDS);
}

/// A new volume is `Pending`, retained when released, and holds a filesystem.
pub fn set_defaults_persistent_volume(obj: &mut PersistentVolume) {
    if obj.status.phase.0.is_empty() {
        obj.status.phase = PersistentVolumePhase("Pending".into());
    }
    if obj.spec.persistent_volume_reclaim_policy.0.is_empty() {
        obj.spec.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy("Retain".into());
    }
    obj.spec.volume_mode.get_or_insert_with(|| PersistentVolumeMode("Filesystem".into()));
}

/// A new claim is `Pending`.
pub fn set_defaults_persistent_volume_claim(obj: &mut PersistentVolumeClaim) {
    if obj.status.phase.0.is_empty() {
        obj.status.phase = PersistentVolumeClaimPhase("Pending".into());
    }
}

/// A claim (also in a template) asks for a filesystem.
pub fn set_defaults_persistent_volume_claim_spec(obj: &mut PersistentVolumeClaimSpec) {
    obj.volume_mode.get_or_insert_with(|| PersistentVolumeMode("Filesystem".into()));
}

/// Endpoint ports are TCP unless told otherwise.
pub fn set_defaults_endpoints(obj: &mut Endpoints) {
    for port in obj.subsets.iter_mut().flat_map(|s| s.ports.iter_mut()) {
        if port.protocol.0.is_empty() {
            port.protocol = Protocol("TCP".into());
        }
    }
}

/// An HTTP check gets `/` over plain HTTP.
pub fn set_defaults_http_get_action(obj: &mut HTTPGetAction) {
    if obj.path.is_empty() {
        obj.path = "/".into();
    }
    if obj.scheme.0.is_empty() {
        obj.scheme = URIScheme("HTTP".into());
    }
}

/// A named namespace carries its name in the label `kubernetes.io/metadata.name`.
pub fn set_defaults_namespace(obj: &mut Namespace) {
    if !obj.metadata.name.is_empty() {
        obj.metadata.labels.insert("kubernetes.io/metadata.name".into(), obj.metadata.name.clone());
    }
}

/// A namespace is `Active` until it is deleted.
pub fn set_defaults_namespace_status(obj: &mut NamespaceStatus) {
    if obj.phase.0.is_empty() {
        obj.phase = NamespacePhase("Active".into());
    }
}

/// Without an allocatable amount, all the capacity is allocatable; quantities round up to milli-units.
pub fn set_defaults_node_status(obj: &mut NodeStatus) {
    if obj.allocatable.is_empty() && !obj.capacity.is_empty() {
        obj.allocatable = obj.capacity.clone();
    }
    round_up_resource_list(&mut obj.capacity);
    round_up_resource_list(&mut obj.allocatable);
}

/// A field path is read from the v1 form of the object.
pub fn set_defaults_object_field_selector(obj: &mut ObjectFieldSelector) {
    if obj.api_version.is_empty() {
        obj.api_version = "v1".into();
    }
}

/// For containers: the default limit from the maximum, the default request from the default limit,
/// then from the minimum; all quantities round up to milli-units.
pub fn set_defaults_limit_range_item(obj: &mut LimitRangeItem) {
    if obj.r#type.0 == "Container" {
        for (name, q) in &obj.max {
            obj.default.entry(name.clone()).or_insert_with(|| q.clone());
        }
        for (name, q) in &obj.default {
            obj.default_request.entry(name.clone()).or_insert_with(|| q.clone());
        }
        for (name, q) in &obj.min {
            obj.default_request.entry(name.clone()).or_insert_with(|| q.clone());
        }
    }
    for list in
        [&mut obj.max, &mut obj.min, &mut obj.default, &mut obj.default_request, &mut obj.max_limit_request_ratio]
    {
        round_up_resource_list(list);
    }
}

/// A host path volume without a type checks nothing before mounting (the empty type).
pub fn set_defaults_host_path_volume_source(obj: &mut HostPathVolumeSource) {
    obj.r#type.get_or_insert_with(|| HostPathType(String::new()));
}
