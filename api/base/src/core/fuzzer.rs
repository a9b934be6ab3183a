//! Custom fuzzer functions for the internal core types (upstream's `pkg/apis/core/fuzzer`): values
//! that v1's defaults and conversions leave unchanged, so that internal → v1 → internal is exact.

use kapi_machinery::Fuzzer;
use kapi_machinery::types::quantity::Format;
use kapi_machinery::types::{IntOrString, Quantity};

use super::*;

/// A whole number below 1000, as upstream's quantity fuzzer makes: rounding up to milli-units
/// (a default of every resource list) must not change it.
fn whole_quantity(f: &mut Fuzzer) -> Quantity {
    Quantity::new(f.below(1000) as i64, Format::DecimalExponent)
}

/// Replaces every quantity of a resource list by a whole one.
fn whole_quantities(list: &mut ResourceList, f: &mut Fuzzer) {
    for q in list.values_mut() {
        *q = whole_quantity(f);
    }
}

/// Whole quantities.
pub fn fuzz_volume_resource_requirements(obj: &mut VolumeResourceRequirements, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.limits, f);
    whole_quantities(&mut obj.requests, f);
}

/// Whole quantities.
pub fn fuzz_persistent_volume_spec(obj: &mut PersistentVolumeSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.capacity, f);
}

/// Whole quantities.
pub fn fuzz_persistent_volume_claim_status(obj: &mut PersistentVolumeClaimStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.capacity, f);
    whole_quantities(&mut obj.allocated_resources, f);
}

/// Whole quantities.
pub fn fuzz_container_status(obj: &mut ContainerStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.allocated_resources, f);
}

/// Whole quantities.
pub fn fuzz_pod_status(obj: &mut PodStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.allocated_resources, f);
}

/// Whole quantities.
pub fn fuzz_resource_quota_spec(obj: &mut ResourceQuotaSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.hard, f);
}

/// Whole quantities.
pub fn fuzz_resource_quota_status(obj: &mut ResourceQuotaStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.hard, f);
    whole_quantities(&mut obj.used, f);
}

/// A pod spec as defaulting leaves it: a grace period, a security context, a scheduler and service
/// links.
pub fn fuzz_pod_spec(obj: &mut PodSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.overhead, f);
    obj.termination_grace_period_seconds = Some(if f.bool() { 30 } else { f.below(u64::from(u32::MAX)) as i64 });
    obj.security_context.get_or_insert_with(Default::default);
    obj.affinity.get_or_insert_with(Default::default);
    if obj.scheduler_name.is_empty() {
        obj.scheduler_name = "default-scheduler".into();
    }
    obj.enable_service_links.get_or_insert(true);
}

/// Under host networking every container port is also a host port, as pod defaulting makes it.
pub fn fuzz_pod(obj: &mut Pod, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.spec.security_context.as_ref().is_some_and(|sc| sc.host_network) {
        let spec = &mut obj.spec;
        let containers = spec.containers.iter_mut().flatten().chain(spec.init_containers.iter_mut());
        for port in containers.flat_map(|c| c.ports.iter_mut()) {
            if port.host_port == 0 {
                port.host_port = port.container_port;
            }
        }
    }
}

/// Selector and labels come from the template's labels where they are empty, as defaulting does.
pub fn fuzz_replication_controller(obj: &mut ReplicationController, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if let Some(labels) = obj.spec.template.as_ref().map(|t| t.metadata.labels.clone()) {
        if obj.metadata.labels.is_empty() {
            obj.metadata.labels = labels.clone();
        }
        if obj.spec.selector.is_empty() {
            obj.spec.selector = labels;
        }
    }
}

/// CPU, memory and storage with requests equal to limits: a pod's requests default from its
/// limits, and pod-level requests from both.
pub fn fuzz_resource_requirements(obj: &mut ResourceRequirements, f: &mut Fuzzer) {
    f.fuzz_no_custom(&mut obj.claims);
    obj.limits.clear();
    obj.requests.clear();
    for name in [ResourceName::CPU, ResourceName::MEMORY, ResourceName::STORAGE] {
        let q = whole_quantity(f);
        obj.limits.insert(ResourceName(name.into()), q.clone());
        obj.requests.insert(ResourceName(name.into()), q);
    }
}

/// A container limit range with every bound set to one CPU amount.
pub fn fuzz_limit_range_item(obj: &mut LimitRangeItem, f: &mut Fuzzer) {
    let cpu = whole_quantity(f);
    let one = |q: Quantity| [(ResourceName(ResourceName::CPU.into()), q)].into_iter().collect();
    *obj = LimitRangeItem {
        r#type: LimitType("Container".into()),
        max: one(cpu.clone()),
        min: one(cpu.clone()),
        default: one(cpu.clone()),
        default_request: one(cpu),
        max_limit_request_ratio: one(Quantity::new(10, Format::DecimalSI)),
    };
}

/// One of the three pull policies.
pub fn fuzz_pull_policy(obj: &mut PullPolicy, f: &mut Fuzzer) {
    *obj = PullPolicy((*f.pick(&["Always", "Never", "IfNotPresent"])).into());
}

/// One of the three pod restart policies.
pub fn fuzz_restart_policy(obj: &mut RestartPolicy, f: &mut Fuzzer) {
    *obj = RestartPolicy((*f.pick(&["Always", "Never", "OnFailure"])).into());
}

/// `ClusterFirst` or `Default`.
pub fn fuzz_dns_policy(obj: &mut DNSPolicy, f: &mut Fuzzer) {
    *obj = DNSPolicy((*f.pick(&["ClusterFirst", "Default"])).into());
}

/// TCP, UDP or SCTP.
pub fn fuzz_protocol(obj: &mut Protocol, f: &mut Fuzzer) {
    *obj = Protocol((*f.pick(&["TCP", "UDP", "SCTP"])).into());
}

/// A service type that the defaults keep as it is (never empty).
pub fn fuzz_service_type(obj: &mut ServiceType, f: &mut Fuzzer) {
    *obj = ServiceType((*f.pick(&["ClusterIP", "NodePort", "LoadBalancer"])).into());
}

/// `Cluster` or `Local`.
pub fn fuzz_service_external_traffic_policy(obj: &mut ServiceExternalTrafficPolicy, f: &mut Fuzzer) {
    *obj = ServiceExternalTrafficPolicy((*f.pick(&["Cluster", "Local"])).into());
}

/// `Cluster` or `Local`.
pub fn fuzz_service_internal_traffic_policy(obj: &mut ServiceInternalTrafficPolicy, f: &mut Fuzzer) {
    *obj = ServiceInternalTrafficPolicy((*f.pick(&["Cluster", "Local"])).into());
}

/// File mode 0–0777, always set.
fn volume_mode(f: &mut Fuzzer) -> Option<i32> {
    Some(f.below(0o1000) as i32)
}

/// The file mode is always set, as defaulting sets it.
pub fn fuzz_secret_volume_source(obj: &mut SecretVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.default_mode = volume_mode(f);
}

/// The file mode is always set, as defaulting sets it.
pub fn fuzz_config_map_volume_source(obj: &mut ConfigMapVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.default_mode = volume_mode(f);
}

/// The file mode is always set, as defaulting sets it.
pub fn fuzz_downward_api_volume_source(obj: &mut DownwardAPIVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.default_mode = volume_mode(f);
}

/// The file mode is always set, as defaulting sets it.
pub fn fuzz_projected_volume_source(obj: &mut ProjectedVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.default_mode = volume_mode(f);
}

/// At least one source, since a volume without one becomes an empty directory (upstream picks
/// exactly one; more do not matter to the round trip).
pub fn fuzz_volume_source(obj: &mut VolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if *obj == VolumeSource::default() {
        obj.empty_dir = Some(f.make());
    }
}

/// A non-empty interface name.
pub fn fuzz_iscsi_volume_source(obj: &mut ISCSIVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.iscsi_interface.is_empty() {
        obj.iscsi_interface = "default".into();
    }
}

/// A non-empty interface name.
pub fn fuzz_iscsi_persistent_volume_source(obj: &mut ISCSIPersistentVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.iscsi_interface.is_empty() {
        obj.iscsi_interface = "default".into();
    }
}

/// Pool, user and keyring are never empty.
pub fn fuzz_rbd_volume_source(obj: &mut RBDVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    for (field, default) in [(&mut obj.pool, "rbd"), (&mut obj.user, "admin"), (&mut obj.keyring, "/etc/ceph/keyring")]
    {
        if field.is_empty() {
            *field = default.into();
        }
    }
}

/// Pool, user and keyring are never empty.
pub fn fuzz_rbd_persistent_volume_source(obj: &mut RBDPersistentVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    for (field, default) in [(&mut obj.pool, "rbd"), (&mut obj.user, "admin"), (&mut obj.keyring, "/etc/ceph/keyring")]
    {
        if field.is_empty() {
            *field = default.into();
        }
    }
}

/// Storage mode and filesystem are never empty.
pub fn fuzz_scale_io_volume_source(obj: &mut ScaleIOVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.storage_mode.is_empty() {
        obj.storage_mode = "ThinProvisioned".into();
    }
    if obj.fs_type.is_empty() {
        obj.fs_type = "xfs".into();
    }
}

/// Storage mode and filesystem are never empty.
pub fn fuzz_scale_io_persistent_volume_source(obj: &mut ScaleIOPersistentVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.storage_mode.is_empty() {
        obj.storage_mode = "ThinProvisioned".into();
    }
    if obj.fs_type.is_empty() {
        obj.fs_type = "xfs".into();
    }
}

/// Caching mode, kind, filesystem and read-only flag are always set.
pub fn fuzz_azure_disk_volume_source(obj: &mut AzureDiskVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.caching_mode.get_or_insert_with(|| AzureDataDiskCachingMode("ReadWrite".into()));
    obj.kind.get_or_insert_with(|| AzureDataDiskKind("Shared".into()));
    obj.fs_type.get_or_insert_with(|| "ext4".into());
    obj.read_only.get_or_insert(false);
}

/// The type is always set (the empty type checks nothing).
pub fn fuzz_host_path_volume_source(obj: &mut HostPathVolumeSource, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.r#type.get_or_insert_with(|| HostPathType(String::new()));
}

/// A claim always names its volume mode.
pub fn fuzz_persistent_volume_claim_spec(obj: &mut PersistentVolumeClaimSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.volume_mode = Some(PersistentVolumeMode((*f.pick(&["Filesystem", "Block"])).into()));
}

/// A volume in one of its phases, with a reclaim policy and a volume mode.
pub fn fuzz_persistent_volume(obj: &mut PersistentVolume, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let phases = ["Available", "Pending", "Bound", "Released", "Failed"];
    obj.status.phase = PersistentVolumePhase((*f.pick(&phases)).into());
    obj.spec.persistent_volume_reclaim_policy = PersistentVolumeReclaimPolicy((*f.pick(&["Recycle", "Retain"])).into());
    obj.spec.volume_mode = Some(PersistentVolumeMode((*f.pick(&["Filesystem", "Block"])).into()));
}

/// A claim in one of its phases.
pub fn fuzz_persistent_volume_claim(obj: &mut PersistentVolumeClaim, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.status.phase = PersistentVolumeClaimPhase((*f.pick(&["Bound", "Pending", "Lost"])).into());
}

/// Termination message file and policy set, and a resize policy for the CPU and memory it
/// requests (pod defaulting adds `NotRequired` ones under `InPlacePodVerticalScaling`).
pub fn fuzz_container(obj: &mut Container, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.termination_message_path = format!("/{}", obj.termination_message_path);
    obj.termination_message_policy = TerminationMessagePolicy("File".into());
    for name in [ResourceName::CPU, ResourceName::MEMORY] {
        let requested = obj.resources.requests.contains_key(&ResourceName(name.into()));
        if requested && !obj.resize_policy.iter().any(|p| p.resource_name.0 == name) {
            obj.resize_policy.push(ContainerResizePolicy {
                resource_name: ResourceName(name.into()),
                restart_policy: ResourceResizeRestartPolicy("NotRequired".into()),
            });
        }
    }
}

/// Termination message file and policy set.
pub fn fuzz_ephemeral_container(obj: &mut EphemeralContainer, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let c = &mut obj.ephemeral_container_common;
    c.termination_message_path = format!("/{}", c.termination_message_path);
    c.termination_message_policy = TerminationMessagePolicy("File".into());
}

/// Timeouts, periods and thresholds are never zero, which defaulting would replace.
pub fn fuzz_probe(obj: &mut Probe, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    for field in
        [&mut obj.timeout_seconds, &mut obj.period_seconds, &mut obj.success_threshold, &mut obj.failure_threshold]
    {
        if *field == 0 {
            *field = 1;
        }
    }
}

/// An `Opaque` secret.
pub fn fuzz_secret(obj: &mut Secret, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.r#type = SecretType("Opaque".into());
}

/// The token's lifetime is always set.
pub fn fuzz_service_account_token_projection(obj: &mut ServiceAccountTokenProjection, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.expiration_seconds.get_or_insert(3600);
}

/// A named namespace carries its name label, as defaulting adds it.
pub fn fuzz_namespace(obj: &mut Namespace, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if !obj.metadata.name.is_empty() {
        obj.metadata.labels.insert("kubernetes.io/metadata.name".into(), obj.metadata.name.clone());
    }
}

/// An active namespace.
pub fn fuzz_namespace_status(obj: &mut NamespaceStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.phase = NamespacePhase("Active".into());
}

/// Path and scheme are never blank.
pub fn fuzz_http_get_action(obj: &mut HTTPGetAction, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.path = format!("/{}", obj.path);
    obj.scheme = URIScheme(format!("x{}", obj.scheme.0));
}

/// At least one port with a non-zero target, a session affinity with the config it implies, and
/// the traffic policies and node-port allocation that defaulting would add.
pub fn fuzz_service_spec(obj: &mut ServiceSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.ports.is_empty() {
        obj.ports.push(f.make());
    }
    for port in &mut obj.ports {
        let t = &mut port.target_port;
        if t.ty == IntOrString::INT {
            t.int_val = 1 + t.int_val.rem_euclid(65535);
        } else {
            t.str_val = format!("x{}", t.str_val);
        }
    }
    if f.bool() {
        obj.session_affinity = ServiceAffinity("None".into());
        obj.session_affinity_config = None;
    } else {
        obj.session_affinity = ServiceAffinity("ClientIP".into());
        let timeout = f.below(86400) as i32;
        obj.session_affinity_config =
            Some(SessionAffinityConfig { client_ip: Some(ClientIPConfig { timeout_seconds: Some(timeout) }) });
    }
    obj.allocate_load_balancer_node_ports.get_or_insert(true);
    if obj.internal_traffic_policy.is_none() {
        obj.internal_traffic_policy = Some(f.make());
    }
}

/// All capacity is allocatable; whole quantities.
pub fn fuzz_node_status(obj: &mut NodeStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    whole_quantities(&mut obj.capacity, f);
    obj.allocatable = obj.capacity.clone();
}

/// The service name is always set, if empty.
pub fn fuzz_grpc_action(obj: &mut GRPCAction, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.service.get_or_insert_with(String::new);
}

/// Every ingress names its IP mode.
pub fn fuzz_load_balancer_status(obj: &mut LoadBalancerStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    for ingress in &mut obj.ingress {
        ingress.ip_mode.get_or_insert_with(|| LoadBalancerIPMode("VIP".into()));
    }
}

/// A field path names the version it reads.
pub fn fuzz_object_field_selector(obj: &mut ObjectFieldSelector, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.api_version.is_empty() {
        obj.api_version = "v1".into();
    }
}

/// Whether the file is optional is always said.
pub fn fuzz_file_key_selector(obj: &mut FileKeySelector, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.optional.get_or_insert(false);
}
