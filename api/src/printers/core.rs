//! Printers of the core group's kinds: pods, services, replication controllers, nodes and the rest `kubectl get` shows from `v1`.

use std::any::Any;

use super::{AGE, Cell, Column, NAME, Printed, RowCondition, age, col, count, format_labels, since, wide};
use crate::core::v1::{
    ConfigMap, Container, ContainerStatus, Endpoints, Event, Namespace, Node, Pod, PodTemplate, ReplicationController,
    Secret, Service, ServiceAccount, ServicePort,
};

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    if let Some(o) = any.downcast_ref::<Pod>() {
        return Some(pod(o, now));
    }
    if let Some(o) = any.downcast_ref::<Service>() {
        return Some(service(o, now));
    }
    if let Some(o) = any.downcast_ref::<ReplicationController>() {
        let (names, images) = containers(o.spec.template.as_ref().and_then(|t| t.spec.containers.as_deref()));
        let cells = vec![
            o.metadata.name.clone().into(),
            count(o.spec.replicas).into(),
            o.status.replicas.into(),
            o.status.ready_replicas.into(),
            age(&o.metadata, now),
            names.into(),
            images.into(),
            format_labels(&o.spec.selector).into(),
        ];
        return Some(Printed::new(REPLICATION_CONTROLLER, cells));
    }
    if let Some(o) = any.downcast_ref::<PodTemplate>() {
        let (names, images) = containers(o.template.spec.containers.as_deref());
        let cells = vec![
            o.metadata.name.clone().into(),
            names.into(),
            images.into(),
            format_labels(&o.template.metadata.labels).into(),
        ];
        return Some(Printed::new(POD_TEMPLATE, cells));
    }
    if let Some(o) = any.downcast_ref::<Endpoints>() {
        let cells = vec![o.metadata.name.clone().into(), endpoints(o).into(), age(&o.metadata, now)];
        return Some(Printed::new(ENDPOINTS, cells));
    }
    if let Some(o) = any.downcast_ref::<Node>() {
        return Some(node(o, now));
    }
    if let Some(o) = any.downcast_ref::<Namespace>() {
        let cells = vec![o.metadata.name.clone().into(), o.status.phase.0.clone().into(), age(&o.metadata, now)];
        return Some(Printed::new(NAMESPACE, cells));
    }
    if let Some(o) = any.downcast_ref::<Secret>() {
        let cells = vec![
            o.metadata.name.clone().into(),
            o.r#type.0.clone().into(),
            (o.data.len() as i64).into(),
            age(&o.metadata, now),
        ];
        return Some(Printed::new(SECRET, cells));
    }
    if let Some(o) = any.downcast_ref::<ServiceAccount>() {
        let cells = vec![o.metadata.name.clone().into(), (o.secrets.len() as i64).into(), age(&o.metadata, now)];
        return Some(Printed::new(SERVICE_ACCOUNT, cells));
    }
    if let Some(o) = any.downcast_ref::<ConfigMap>() {
        let n = (o.data.len() + o.binary_data.len()) as i64;
        let cells = vec![o.metadata.name.clone().into(), n.into(), age(&o.metadata, now)];
        return Some(Printed::new(CONFIG_MAP, cells));
    }
    if let Some(o) = any.downcast_ref::<Event>() {
        return Some(event(o, now));
    }
    // `events.k8s.io` events are stored as core events upstream, so they print as those.
    #[cfg(feature = "events")]
    {
        macro_rules! as_core_event {
            ($($m:ident),*) => {$(
                if let Some(o) = any.downcast_ref::<crate::events::$m::Event>() {
                    let core = Event {
                        metadata: o.metadata.clone(),
                        involved_object: o.regarding.clone(),
                        reason: o.reason.clone(),
                        message: o.note.clone(),
                        source: o.deprecated_source.clone(),
                        first_timestamp: o.deprecated_first_timestamp.clone(),
                        last_timestamp: o.deprecated_last_timestamp.clone(),
                        count: o.deprecated_count,
                        r#type: o.r#type.clone(),
                        event_time: o.event_time.clone(),
                        series: o.series.as_ref().map(|s| crate::core::v1::EventSeries {
                            count: s.count,
                            last_observed_time: s.last_observed_time.clone(),
                        }),
                        action: o.action.clone(),
                        related: o.related.clone(),
                        reporting_component: o.reporting_controller.clone(),
                        reporting_instance: o.reporting_instance.clone(),
                        ..Event::default()
                    };
                    return Some(event(&core, now));
                }
            )*};
        }
        as_core_event!(v1, v1beta1);
    }
    None
}

const POD: &[Column] = &[
    NAME,
    col("Ready", "string", "How many of the pod's containers are ready."),
    col("Status", "string", "The pod's phase, or why its containers are not running."),
    col("Restarts", "string", "How often the pod's containers restarted, and how long ago the last restart was."),
    AGE,
    wide("IP", "string", "The pod's IP address."),
    wide("Node", "string", "The node the pod runs on."),
    wide("Nominated Node", "string", "The node the scheduler nominated for the pod after preempting others."),
    wide("Readiness Gates", "string", "How many of the pod's readiness gates are true."),
];

const POD_TEMPLATE: &[Column] = &[
    NAME,
    col("Containers", "string", "The names of the template's containers."),
    col("Images", "string", "The images of the template's containers."),
    col("Pod Labels", "string", "The labels of the template's pods."),
];

const REPLICATION_CONTROLLER: &[Column] = &[
    NAME,
    col("Desired", "integer", "The number of pods wanted."),
    col("Current", "integer", "The number of pods there are."),
    col("Ready", "integer", "The number of ready pods."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
    wide("Selector", "string", "The label selector of the pods."),
];

const SERVICE: &[Column] = &[
    NAME,
    col("Type", "string", "How the service is exposed."),
    col("Cluster-IP", "string", "The service's cluster IP address."),
    col("External-IP", "string", "The addresses the service is reachable at from outside the cluster."),
    col("Port(s)", "string", "The service's ports."),
    AGE,
    wide("Selector", "string", "The labels of the pods the service routes to."),
];

const ENDPOINTS: &[Column] =
    &[NAME, col("Endpoints", "string", "The first addresses and ports of the endpoints."), AGE];

const NODE: &[Column] = &[
    NAME,
    col("Status", "string", "Whether the node is ready and schedulable."),
    col("Roles", "string", "The node's roles, from its labels."),
    AGE,
    col("Version", "string", "The kubelet's version."),
    wide("Internal-IP", "string", "The node's internal IP address."),
    wide("External-IP", "string", "The node's external IP address."),
    wide("OS-Image", "string", "The operating system image."),
    wide("Kernel-Version", "string", "The kernel version."),
    wide("Container-Runtime", "string", "The container runtime and its version."),
];

const NAMESPACE: &[Column] = &[NAME, col("Status", "string", "The namespace's phase."), AGE];

const SECRET: &[Column] =
    &[NAME, col("Type", "string", "The secret's type."), col("Data", "string", "The number of data entries."), AGE];

const SERVICE_ACCOUNT: &[Column] =
    &[NAME, col("Secrets", "string", "The number of secrets listed in the service account."), AGE];

const CONFIG_MAP: &[Column] = &[NAME, col("Data", "string", "The number of data entries."), AGE];

const EVENT: &[Column] = &[
    col("Last Seen", "string", "How long ago the event was last seen."),
    col("Type", "string", "Normal or Warning."),
    col("Reason", "string", "Why the event happened."),
    col("Object", "string", "The object the event is about."),
    wide("Subobject", "string", "The part of the object the event is about."),
    wide("Source", "string", "The component that reported the event."),
    col("Message", "string", "What happened."),
    wide("First Seen", "string", "How long ago the event was first seen."),
    wide("Count", "string", "How often the event was seen."),
    Column { priority: 1, ..NAME },
];

/// The names and images of containers, comma-separated (upstream's `layoutContainerCells`).
pub(super) fn containers(list: Option<&[Container]>) -> (String, String) {
    let list = list.unwrap_or_default();
    let names: Vec<&str> = list.iter().map(|c| c.name.as_str()).collect();
    let images: Vec<&str> = list.iter().map(|c| c.image.as_str()).collect();
    (names.join(","), images.join(","))
}

fn is_sidecar(c: Option<&Container>) -> bool {
    c.and_then(|c| c.restart_policy.as_ref()).is_some_and(|p| p.0 == "Always")
}

/// The later of a restart time so far and a container's last termination.
fn later_restart(last: &mut Option<i64>, c: &ContainerStatus) {
    if let Some(t) = &c.last_state.terminated
        && !t.finished_at.is_zero()
    {
        let at = t.finished_at.unix_seconds();
        if last.is_none_or(|l| l < at) {
            *last = Some(at);
        }
    }
}

/// Upstream's `printPod`: the status is the phase (or the pod's reason), overridden by what
/// the init containers and then the containers (the first one listed wins) are waiting for or
/// terminated with.
fn pod(o: &Pod, now: i64) -> Printed {
    let (spec, status) = (&o.spec, &o.status);
    let phase = status.phase.0.as_str();
    let mut reason = if status.reason.is_empty() { phase.to_owned() } else { status.reason.clone() };
    if status.conditions.iter().any(|c| c.r#type.0 == "PodScheduled" && c.reason == "SchedulingGated") {
        reason = "SchedulingGated".into();
    }
    let mut conditions = Vec::new();
    match phase {
        "Succeeded" => conditions.push(RowCondition {
            r#type: "Completed",
            status: "True",
            reason: "Succeeded".into(),
            message: "The pod has completed successfully.",
        }),
        "Failed" => conditions.push(RowCondition {
            r#type: "Completed",
            status: "True",
            reason: "Failed".into(),
            message: "The pod failed.",
        }),
        _ => {}
    }
    let init_spec = |name: &str| spec.init_containers.iter().find(|c| c.name == name);
    let total = spec.containers.as_ref().map_or(0, Vec::len)
        + spec.init_containers.iter().filter(|c| is_sidecar(Some(c))).count();
    let mut ready = 0;
    let (mut restarts, mut sidecar_restarts) = (0_i64, 0_i64);
    let (mut last_restart, mut last_sidecar_restart) = (None, None);
    let mut initializing = false;
    for (i, c) in status.init_container_statuses.iter().enumerate() {
        restarts += i64::from(c.restart_count);
        later_restart(&mut last_restart, c);
        let sidecar = is_sidecar(init_spec(&c.name));
        if sidecar {
            sidecar_restarts += i64::from(c.restart_count);
            later_restart(&mut last_sidecar_restart, c);
        }
        match (&c.state.terminated, &c.state.waiting) {
            (Some(t), _) if t.exit_code == 0 => continue,
            _ if sidecar && c.started == Some(true) => {
                if c.ready {
                    ready += 1;
                }
                continue;
            }
            (Some(t), _) => {
                reason = if !t.reason.is_empty() {
                    format!("Init:{}", t.reason)
                } else if t.signal != 0 {
                    format!("Init:Signal:{}", t.signal)
                } else {
                    format!("Init:ExitCode:{}", t.exit_code)
                };
            }
            (None, Some(w)) if !w.reason.is_empty() && w.reason != "PodInitializing" => {
                reason = format!("Init:{}", w.reason);
            }
            _ => reason = format!("Init:{i}/{}", spec.init_containers.len()),
        }
        initializing = true;
        break;
    }
    let initialized = status.conditions.iter().any(|c| c.r#type.0 == "Initialized" && c.status.0 == "True");
    if !initializing || initialized {
        restarts = sidecar_restarts;
        last_restart = last_sidecar_restart;
        let mut running = false;
        for c in status.container_statuses.iter().rev() {
            restarts += i64::from(c.restart_count);
            later_restart(&mut last_restart, c);
            match (&c.state.waiting, &c.state.terminated) {
                (Some(w), _) if !w.reason.is_empty() => reason = w.reason.clone(),
                (_, Some(t)) if !t.reason.is_empty() => reason = t.reason.clone(),
                (_, Some(t)) if t.signal != 0 => reason = format!("Signal:{}", t.signal),
                (_, Some(t)) => reason = format!("ExitCode:{}", t.exit_code),
                _ if c.ready && c.state.running.is_some() => {
                    running = true;
                    ready += 1;
                }
                _ => {}
            }
        }
        if reason == "Completed" && running {
            let pod_ready = status.conditions.iter().any(|c| c.r#type.0 == "Ready" && c.status.0 == "True");
            reason = if pod_ready { "Running" } else { "NotReady" }.into();
        }
    }
    if o.metadata.deletion_timestamp.is_some() {
        if status.reason == "NodeLost" {
            reason = "Unknown".into();
        } else if !matches!(phase, "Succeeded" | "Failed") {
            reason = "Terminating".into();
        }
    }
    let restarts = match last_restart {
        Some(at) if restarts != 0 => format!("{restarts} ({} ago)", super::human_duration(now.saturating_sub(at))),
        _ => restarts.to_string(),
    };
    let or_none = |s: &str| if s.is_empty() { "<none>".to_owned() } else { s.to_owned() };
    let ip = status.pod_ips.first().map(|p| p.ip.as_str()).unwrap_or_default();
    let gates = if spec.readiness_gates.is_empty() {
        "<none>".to_owned()
    } else {
        let true_gates = spec
            .readiness_gates
            .iter()
            .filter(|g| {
                status.conditions.iter().find(|c| c.r#type == g.condition_type).is_some_and(|c| c.status.0 == "True")
            })
            .count();
        format!("{true_gates}/{}", spec.readiness_gates.len())
    };
    let cells = vec![
        o.metadata.name.clone().into(),
        format!("{ready}/{total}").into(),
        reason.into(),
        restarts.into(),
        age(&o.metadata, now),
        or_none(ip).into(),
        or_none(&spec.node_name).into(),
        or_none(&status.nominated_node_name).into(),
        gates.into(),
    ];
    Printed { columns: POD, cells, conditions }
}

/// Ports as `80/TCP` or `80:30080/TCP`, comma-separated (upstream's `makePortString`).
fn ports(ports: &[ServicePort]) -> String {
    let pieces: Vec<String> = ports
        .iter()
        .map(|p| {
            if p.node_port > 0 {
                format!("{}:{}/{}", p.port, p.node_port, p.protocol.0)
            } else {
                format!("{}/{}", p.port, p.protocol.0)
            }
        })
        .collect();
    pieces.join(",")
}

/// The load balancer's addresses, comma-separated; upstream cuts them at 16 characters outside
/// wide output, but the server always prints wide (`loadBalancerStatusStringer`).
pub(super) fn load_balancer(ingress: &[crate::core::v1::LoadBalancerIngress]) -> String {
    let addrs: Vec<&str> = ingress
        .iter()
        .filter_map(|i| {
            if !i.ip.is_empty() {
                Some(i.ip.as_str())
            } else if !i.hostname.is_empty() {
                Some(i.hostname.as_str())
            } else {
                None
            }
        })
        .collect();
    addrs.join(",")
}

fn external_ip(o: &Service) -> String {
    let external = &o.spec.external_ips;
    match o.spec.r#type.0.as_str() {
        "ClusterIP" | "NodePort" => {
            if external.is_empty() {
                "<none>".into()
            } else {
                external.join(",")
            }
        }
        "LoadBalancer" => {
            let lb = load_balancer(&o.status.load_balancer.ingress);
            if !external.is_empty() {
                let mut all = external.clone();
                if !lb.is_empty() {
                    all.push(lb);
                }
                all.join(",")
            } else if !lb.is_empty() {
                lb
            } else {
                "<pending>".into()
            }
        }
        "ExternalName" => o.spec.external_name.clone(),
        _ => "<unknown>".into(),
    }
}

fn service(o: &Service, now: i64) -> Printed {
    let cluster_ip = o.spec.cluster_ips.first().cloned().unwrap_or_else(|| "<none>".into());
    let ports = ports(&o.spec.ports);
    let cells = vec![
        o.metadata.name.clone().into(),
        o.spec.r#type.0.clone().into(),
        cluster_ip.into(),
        external_ip(o).into(),
        (if ports.is_empty() { "<none>".into() } else { ports }).into(),
        age(&o.metadata, now),
        format_labels(&o.spec.selector).into(),
    ];
    Printed::new(SERVICE, cells)
}

/// The first three `ip:port` endpoints and how many more there are (upstream's
/// `formatEndpoints`), `<none>` without subsets.
fn endpoints(o: &Endpoints) -> String {
    if o.subsets.is_empty() {
        return "<none>".into();
    }
    const MAX: usize = 3;
    let (mut list, mut n) = (Vec::new(), 0_usize);
    for ss in &o.subsets {
        if ss.ports.is_empty() {
            for a in &ss.addresses {
                if list.len() < MAX {
                    list.push(a.ip.clone());
                }
                n += 1;
            }
        } else {
            for p in &ss.ports {
                for a in &ss.addresses {
                    if list.len() < MAX {
                        let host = if a.ip.contains(':') { format!("[{}]", a.ip) } else { a.ip.clone() };
                        list.push(format!("{host}:{}", p.port));
                    }
                    n += 1;
                }
            }
        }
    }
    let text = list.join(",");
    if n > MAX { format!("{text} + {} more...", n - MAX) } else { text }
}

fn node(o: &Node, now: i64) -> Printed {
    let mut status: Vec<&str> = Vec::new();
    match o.status.conditions.iter().find(|c| c.r#type.0 == "Ready") {
        Some(c) if c.status.0 == "True" => status.push("Ready"),
        Some(_) => status.push("NotReady"),
        None => status.push("Unknown"),
    }
    if o.spec.unschedulable {
        status.push("SchedulingDisabled");
    }
    let mut roles = std::collections::BTreeSet::new();
    for (k, v) in &o.metadata.labels {
        if let Some(role) = k.strip_prefix("node-role.kubernetes.io/") {
            if !role.is_empty() {
                roles.insert(role.to_owned());
            }
        } else if k == "kubernetes.io/role" && !v.is_empty() {
            roles.insert(v.clone());
        }
    }
    let roles = if roles.is_empty() { "<none>".to_owned() } else { roles.into_iter().collect::<Vec<_>>().join(",") };
    let address = |ty: &str| {
        o.status.addresses.iter().find(|a| a.r#type.0 == ty).map_or_else(|| "<none>".to_owned(), |a| a.address.clone())
    };
    let info = &o.status.node_info;
    let or_unknown = |s: &str| if s.is_empty() { "<unknown>".to_owned() } else { s.to_owned() };
    let cells = vec![
        o.metadata.name.clone().into(),
        status.join(",").into(),
        roles.into(),
        age(&o.metadata, now),
        info.kubelet_version.clone().into(),
        address("InternalIP").into(),
        address("ExternalIP").into(),
        or_unknown(&info.os_image).into(),
        or_unknown(&info.kernel_version).into(),
        or_unknown(&info.container_runtime_version).into(),
    ];
    Printed::new(NODE, cells)
}

/// Upstream's `printEvent`: times fall back from the legacy fields to the `events.k8s.io` ones,
/// and a series carries the last time and the count.
fn event(o: &Event, now: i64) -> Printed {
    let first =
        if o.first_timestamp.is_zero() { micro_since(&o.event_time, now) } else { since(&o.first_timestamp, now) };
    let mut last = if o.last_timestamp.is_zero() { first.clone() } else { since(&o.last_timestamp, now) };
    let mut count = o.count;
    if let Some(series) = &o.series {
        last = micro_since(&series.last_observed_time, now);
        count = series.count;
    } else if count == 0 {
        count = 1;
    }
    let obj = &o.involved_object;
    let target = if obj.name.is_empty() {
        obj.kind.to_ascii_lowercase()
    } else {
        format!("{}/{}", obj.kind.to_ascii_lowercase(), obj.name)
    };
    let first_set = |a: &str, b: &str| if a.is_empty() { b.to_owned() } else { a.to_owned() };
    let component = first_set(&o.source.component, &o.reporting_component);
    let instance = first_set(&o.source.host, &o.reporting_instance);
    let source = if instance.is_empty() { component } else { format!("{component}, {instance}") };
    let cells = vec![
        last.into(),
        o.r#type.clone().into(),
        o.reason.clone().into(),
        target.into(),
        obj.field_path.clone().into(),
        source.into(),
        o.message.trim().to_owned().into(),
        first.into(),
        Cell::Int(i64::from(count)),
        o.metadata.name.clone().into(),
    ];
    Printed::new(EVENT, cells)
}

fn micro_since(t: &kapi_machinery::types::MicroTime, now: i64) -> String {
    if t.is_zero() { "<unknown>".into() } else { super::human_duration(now.saturating_sub(t.unix_seconds())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::v1::ConditionStatus;
    use crate::core::v1::{
        ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, PodCondition,
        PodConditionType, PodIP, PodPhase, PodReadinessGate, PodSpec, PodStatus, Protocol, ServiceSpec, ServiceStatus,
        ServiceType,
    };
    use crate::meta::v1::ObjectMeta;
    use kapi_machinery::types::Time;

    const NOW: i64 = 1_700_000_000;

    fn strs(p: &Printed, n: usize) -> Vec<String> {
        p.cells[..n]
            .iter()
            .map(|c| match c {
                Cell::Str(s) => s.clone(),
                Cell::Int(i) => i.to_string(),
                Cell::Float(f) => f.to_string(),
                Cell::Bool(b) => b.to_string(),
                Cell::Null => "null".into(),
            })
            .collect()
    }

    fn running(ready: bool, restarts: i32) -> ContainerStatus {
        ContainerStatus {
            ready,
            restart_count: restarts,
            state: ContainerState { running: Some(ContainerStateRunning::default()), ..Default::default() },
            ..Default::default()
        }
    }

    fn pod_with(name: &str, phase: &str, reason: &str, statuses: Vec<ContainerStatus>) -> Pod {
        Pod {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            spec: PodSpec { containers: Some(vec![Container::default(), Container::default()]), ..Default::default() },
            status: PodStatus {
                phase: PodPhase(phase.into()),
                reason: reason.into(),
                container_statuses: statuses,
                ..Default::default()
            },
            ..Default::default()
        }
    }

    fn waiting(reason: &str) -> ContainerState {
        ContainerState {
            waiting: Some(ContainerStateWaiting { reason: reason.into(), ..Default::default() }),
            ..Default::default()
        }
    }

    fn terminated(reason: &str, exit_code: i32) -> ContainerState {
        ContainerState {
            terminated: Some(ContainerStateTerminated { reason: reason.into(), exit_code, ..Default::default() }),
            ..Default::default()
        }
    }

    #[test]
    fn pods_print_as_upstream() {
        // Upstream's printers_test.go `TestPrintPod` cases.
        let cases = [
            (
                pod_with(
                    "test1",
                    "podPhase",
                    "",
                    vec![running(true, 3), ContainerStatus { restart_count: 3, ..Default::default() }],
                ),
                ["test1", "1/2", "podPhase", "6", "<unknown>"],
            ),
            (
                pod_with(
                    "test2",
                    "podPhase",
                    "",
                    vec![
                        running(true, 3),
                        ContainerStatus {
                            state: waiting("ContainerWaitingReason"),
                            restart_count: 3,
                            ..Default::default()
                        },
                    ],
                ),
                ["test2", "1/2", "ContainerWaitingReason", "6", "<unknown>"],
            ),
            (
                pod_with(
                    "test3",
                    "podPhase",
                    "",
                    vec![
                        ContainerStatus {
                            state: waiting("ContainerWaitingReason"),
                            restart_count: 3,
                            ..Default::default()
                        },
                        ContainerStatus {
                            state: terminated("ContainerTerminatedReason", 0),
                            restart_count: 3,
                            ..Default::default()
                        },
                    ],
                ),
                ["test3", "0/2", "ContainerWaitingReason", "6", "<unknown>"],
            ),
            (
                pod_with(
                    "test4",
                    "podPhase",
                    "",
                    vec![ContainerStatus { ready: true, restart_count: 3, ..Default::default() }, running(true, 3)],
                ),
                ["test4", "1/2", "podPhase", "6", "<unknown>"],
            ),
            (
                pod_with(
                    "test5",
                    "podPhase",
                    "podReason",
                    vec![ContainerStatus { ready: true, restart_count: 3, ..Default::default() }, running(true, 3)],
                ),
                ["test5", "1/2", "podReason", "6", "<unknown>"],
            ),
            (
                pod_with(
                    "test6",
                    "Running",
                    "",
                    vec![
                        ContainerStatus {
                            ready: true,
                            restart_count: 3,
                            state: terminated("Completed", 0),
                            ..Default::default()
                        },
                        running(true, 3),
                    ],
                ),
                ["test6", "1/2", "NotReady", "6", "<unknown>"],
            ),
        ];
        for (pod, want) in cases {
            let p = print(&pod, NOW).expect("pods have a printer");
            assert_eq!(p.columns, POD);
            assert_eq!(strs(&p, 5), want, "{}", pod.metadata.name);
        }
        // With the Ready condition, a completed container next to a running one reads Running.
        let mut ready = pod_with(
            "test7",
            "Running",
            "",
            vec![
                ContainerStatus {
                    ready: true,
                    restart_count: 3,
                    state: terminated("Completed", 0),
                    ..Default::default()
                },
                running(true, 3),
            ],
        );
        ready.status.conditions.push(PodCondition {
            r#type: PodConditionType("Ready".into()),
            status: ConditionStatus("True".into()),
            ..Default::default()
        });
        assert_eq!(strs(&print(&ready, NOW).unwrap(), 5), ["test7", "1/2", "Running", "6", "<unknown>"]);
    }

    #[test]
    fn pod_restarts_say_how_long_ago_and_wide_cells_fill_in() {
        let mut pod = pod_with("web", "Running", "", vec![running(true, 2)]);
        pod.metadata.creation_timestamp = Time::from_unix(NOW - 3600);
        pod.status.container_statuses[0].last_state = terminated("Error", 1);
        if let Some(t) = pod.status.container_statuses[0].last_state.terminated.as_mut() {
            t.finished_at = Time::from_unix(NOW - 300);
        }
        pod.status.pod_ips = vec![PodIP { ip: "10.0.0.5".into() }];
        pod.spec.node_name = "node-1".into();
        pod.spec.readiness_gates =
            vec![PodReadinessGate { condition_type: PodConditionType("example.com/gate".into()) }];
        let p = print(&pod, NOW).unwrap();
        assert_eq!(strs(&p, 9), ["web", "1/2", "Running", "2 (5m ago)", "60m", "10.0.0.5", "node-1", "<none>", "0/1"]);
        // Deleted pods are Terminating, finished ones keep their phase and get a row condition.
        pod.metadata.deletion_timestamp = Some(Time::from_unix(NOW));
        assert_eq!(strs(&print(&pod, NOW).unwrap(), 3)[2], "Terminating");
        pod.status.phase = PodPhase("Succeeded".into());
        pod.status.container_statuses.clear();
        let p = print(&pod, NOW).unwrap();
        assert_eq!(strs(&p, 3)[2], "Succeeded");
        assert_eq!(p.conditions[0].reason, "Succeeded");
        // Init containers: the first unfinished one names the status.
        let mut init = pod_with("init", "Pending", "", vec![]);
        init.spec.init_containers = vec![Container { name: "a".into(), ..Default::default() }];
        init.status.init_container_statuses =
            vec![ContainerStatus { name: "a".into(), state: waiting("PodInitializing"), ..Default::default() }];
        assert_eq!(strs(&print(&init, NOW).unwrap(), 3)[2], "Init:0/1");
        init.status.init_container_statuses[0].state = terminated("", 2);
        assert_eq!(strs(&print(&init, NOW).unwrap(), 3)[2], "Init:ExitCode:2");
    }

    fn svc(name: &str, ty: &str, ports: Vec<ServicePort>, external: Vec<String>) -> Service {
        Service {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            spec: ServiceSpec {
                r#type: ServiceType(ty.into()),
                ports,
                cluster_ips: vec!["10.9.8.7".into()],
                external_ips: external,
                selector: [("foo".to_owned(), "bar".to_owned())].into(),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    fn port(port: i32, node_port: i32) -> ServicePort {
        ServicePort { protocol: Protocol("tcp".into()), port, node_port, ..Default::default() }
    }

    #[test]
    fn services_print_as_upstream() {
        // Upstream's printers_test.go `TestPrintService` cases.
        let p = print(&svc("test1", "ClusterIP", vec![port(2233, 0)], vec![]), NOW).unwrap();
        assert_eq!(strs(&p, 7), ["test1", "ClusterIP", "10.9.8.7", "<none>", "2233/tcp", "<unknown>", "foo=bar"]);
        let p = print(&svc("test2", "NodePort", vec![port(8888, 9999)], vec![]), NOW).unwrap();
        assert_eq!(strs(&p, 6), ["test2", "NodePort", "10.9.8.7", "<none>", "8888:9999/tcp", "<unknown>"]);
        let p = print(&svc("test3", "LoadBalancer", vec![port(8888, 0)], vec![]), NOW).unwrap();
        assert_eq!(strs(&p, 6), ["test3", "LoadBalancer", "10.9.8.7", "<pending>", "8888/tcp", "<unknown>"]);
        let mut lb = svc("test4", "LoadBalancer", vec![port(8888, 0)], vec!["80.11.12.10".into()]);
        assert_eq!(strs(&print(&lb, NOW).unwrap(), 4)[3], "80.11.12.10");
        lb.status = ServiceStatus {
            load_balancer: crate::core::v1::LoadBalancerStatus {
                ingress: vec![crate::core::v1::LoadBalancerIngress { ip: "3.4.5.6".into(), ..Default::default() }],
            },
            ..Default::default()
        };
        assert_eq!(strs(&print(&lb, NOW).unwrap(), 4)[3], "80.11.12.10,3.4.5.6");
        let mut ext = svc("test5", "ExternalName", vec![], vec![]);
        ext.spec.cluster_ips.clear();
        ext.spec.external_name = "my.database.example.com".into();
        let p = print(&ext, NOW).unwrap();
        assert_eq!(strs(&p, 6), ["test5", "ExternalName", "<none>", "my.database.example.com", "<none>", "<unknown>"]);
    }

    #[test]
    fn endpoints_show_three_and_count_the_rest() {
        use crate::core::v1::{EndpointAddress, EndpointPort, EndpointSubset};
        let addr = |ip: &str| EndpointAddress { ip: ip.into(), ..Default::default() };
        let ep = Endpoints {
            subsets: vec![EndpointSubset {
                addresses: vec![addr("1.1.1.1"), addr("2.2.2.2"), addr("3.3.3.3"), addr("4.4.4.4")],
                ports: vec![EndpointPort { port: 80, ..Default::default() }],
                ..Default::default()
            }],
            ..Default::default()
        };
        assert_eq!(endpoints(&ep), "1.1.1.1:80,2.2.2.2:80,3.3.3.3:80 + 1 more...");
        assert_eq!(endpoints(&Endpoints::default()), "<none>");
    }
}
