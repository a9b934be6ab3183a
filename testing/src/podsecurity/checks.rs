//! The Pod Security Standards' checks, each at the policy versions upstream gives it (`policy/check_*.go`), with upstream's reasons and details.
//!
//! Facts from upstream: the checks and their IDs, levels, minimum versions and overrides; the
//! values each allows; the words of every reason and detail, including which lists are sorted
//! (sets) and which keep the pod's order. Containers are visited as upstream's visitor does:
//! init containers, containers, then ephemeral containers. Versions after v1.36 are left out
//! (kube-apiserver v1.36 does not have them).

use std::collections::BTreeSet;

use kapi_api::core::v1::{
    AppArmorProfileType, ContainerPort, Lifecycle, LifecycleHandler, OSName, Probe, ProcMountType, SeccompProfileType,
    SecurityContext,
};

use kapi_machinery::validation::go_quote;

use super::{Level, PodView, Violation};

/// A check at one version: `None` when the pod passes.
type CheckFn = fn(&PodView<'_>) -> Option<Violation>;

/// One check: its ID, level and versions (minimum minor, function, baseline checks it replaces).
pub(crate) struct Check {
    /// Upstream's check ID.
    pub id: &'static str,
    /// The level it belongs to.
    pub level: Level,
    /// Its versions, by increasing minimum minor version.
    pub versions: &'static [(u32, CheckFn, &'static [&'static str])],
}

/// Every check, in upstream's evaluation order: baseline IDs sorted, then restricted IDs sorted.
pub(crate) const CHECKS: &[Check] = &[
    Check { id: "appArmorProfile", level: Level::Baseline, versions: &[(0, app_armor_profile, &[])] },
    Check { id: "capabilities_baseline", level: Level::Baseline, versions: &[(0, capabilities_baseline, &[])] },
    Check { id: "hostNamespaces", level: Level::Baseline, versions: &[(0, host_namespaces, &[])] },
    Check { id: "hostPathVolumes", level: Level::Baseline, versions: &[(0, host_path_volumes, &[])] },
    Check { id: "hostPorts", level: Level::Baseline, versions: &[(0, host_ports, &[])] },
    Check {
        id: "hostProbesAndHostLifecycle",
        level: Level::Baseline,
        versions: &[(34, host_probes_and_lifecycle, &[])],
    },
    Check { id: "privileged", level: Level::Baseline, versions: &[(0, privileged, &[])] },
    Check { id: "procMount", level: Level::Baseline, versions: &[(0, proc_mount, &[]), (35, proc_mount_1_35, &[])] },
    Check {
        id: "seLinuxOptions",
        level: Level::Baseline,
        versions: &[(0, se_linux_options_1_0, &[]), (31, se_linux_options_1_31, &[])],
    },
    Check {
        id: "seccompProfile_baseline",
        level: Level::Baseline,
        versions: &[(0, seccomp_baseline_1_0, &[]), (19, seccomp_baseline_1_19, &[])],
    },
    Check {
        id: "sysctls",
        level: Level::Baseline,
        versions: &[(0, sysctls_1_0, &[]), (27, sysctls_1_27, &[]), (29, sysctls_1_29, &[]), (32, sysctls_1_32, &[])],
    },
    Check { id: "windowsHostProcess", level: Level::Baseline, versions: &[(0, windows_host_process, &[])] },
    Check {
        id: "allowPrivilegeEscalation",
        level: Level::Restricted,
        versions: &[(8, allow_privilege_escalation_1_8, &[]), (25, allow_privilege_escalation_1_25, &[])],
    },
    Check {
        id: "capabilities_restricted",
        level: Level::Restricted,
        versions: &[
            (22, capabilities_restricted_1_22, &["capabilities_baseline"]),
            (25, capabilities_restricted_1_25, &["capabilities_baseline"]),
        ],
    },
    Check { id: "procMount_restricted", level: Level::Restricted, versions: &[(35, proc_mount, &["procMount"])] },
    Check {
        id: "restrictedVolumes",
        level: Level::Restricted,
        versions: &[(0, restricted_volumes, &["hostPathVolumes"])],
    },
    Check {
        id: "runAsNonRoot",
        level: Level::Restricted,
        versions: &[(0, run_as_non_root, &[]), (35, run_as_non_root_1_35, &[])],
    },
    Check {
        id: "runAsUser",
        level: Level::Restricted,
        versions: &[(23, run_as_user, &[]), (35, run_as_user_1_35, &[])],
    },
    Check {
        id: "seccompProfile_restricted",
        level: Level::Restricted,
        versions: &[
            (19, seccomp_restricted_1_19, &["seccompProfile_baseline"]),
            (25, seccomp_restricted_1_25, &["seccompProfile_baseline"]),
        ],
    },
];

/// The version of a check in force at a minor version, if any.
fn at(check: &Check, minor: u32) -> Option<(CheckFn, &'static [&'static str])> {
    check.versions.iter().rev().find(|(min, _, _)| *min <= minor).map(|&(_, f, o)| (f, o))
}

/// The functions a level runs at a minor version, in evaluation order.
pub(super) fn for_level(level: Level, minor: u32) -> Vec<CheckFn> {
    let overridden: BTreeSet<&str> = if level == Level::Restricted {
        CHECKS
            .iter()
            .filter(|c| c.level == Level::Restricted)
            .filter_map(|c| at(c, minor))
            .flat_map(|(_, o)| o.iter().copied())
            .collect()
    } else {
        BTreeSet::new()
    };
    CHECKS
        .iter()
        .filter(|c| c.level == Level::Baseline || level == Level::Restricted)
        .filter(|c| !overridden.contains(c.id))
        .filter_map(|c| at(c, minor).map(|(f, _)| f))
        .collect()
}

/// What the checks read of a container, for regular, init and ephemeral containers alike.
struct Container<'a> {
    name: &'a str,
    ports: &'a [ContainerPort],
    security_context: Option<&'a SecurityContext>,
    probes: [Option<&'a Probe>; 3],
    lifecycle: Option<&'a Lifecycle>,
}

/// The pod's containers in upstream's visiting order: init, regular, ephemeral.
fn containers<'a>(pod: &PodView<'a>) -> Vec<Container<'a>> {
    let spec = pod.spec;
    let mut out = Vec::new();
    for c in spec.init_containers.iter().chain(spec.containers.iter().flatten()) {
        out.push(Container {
            name: &c.name,
            ports: &c.ports,
            security_context: c.security_context.as_deref(),
            probes: [c.liveness_probe.as_deref(), c.readiness_probe.as_deref(), c.startup_probe.as_deref()],
            lifecycle: c.lifecycle.as_deref(),
        });
    }
    for e in &spec.ephemeral_containers {
        let c = &e.ephemeral_container_common;
        out.push(Container {
            name: &c.name,
            ports: &c.ports,
            security_context: c.security_context.as_deref(),
            probes: [c.liveness_probe.as_deref(), c.readiness_probe.as_deref(), c.startup_probe.as_deref()],
            lifecycle: c.lifecycle.as_deref(),
        });
    }
    out
}

/// The names of the containers whose security context `bad` finds at fault.
fn bad_containers<'a>(pod: &PodView<'a>, mut bad: impl FnMut(&SecurityContext) -> bool) -> Vec<&'a str> {
    containers(pod).into_iter().filter(|c| c.security_context.is_some_and(&mut bad)).map(|c| c.name).collect()
}

/// `"a", "b"`; empty for none.
fn join_quote<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let items: Vec<String> = items.into_iter().map(|s| format!("\"{}\"", s.as_ref())).collect();
    items.join(", ")
}

fn pluralize<'a>(singular: &'a str, plural: &'a str, n: usize) -> &'a str {
    if n == 1 { singular } else { plural }
}

/// `container "a"` or `containers "a", "b"`.
fn containers_named(names: &[&str]) -> String {
    format!("{} {}", pluralize("container", "containers", names.len()), join_quote(names))
}

fn violation(reason: &str, detail: String) -> Option<Violation> {
    Some(Violation { reason: reason.into(), detail })
}

/// Whether the pod runs in a user namespace (`hostUsers: false`), which relaxes some checks from v1.35.
fn user_namespaced(pod: &PodView<'_>) -> bool {
    pod.spec.host_users == Some(false)
}

fn windows(pod: &PodView<'_>) -> bool {
    pod.spec.os.as_ref().is_some_and(|os| os.name.0 == OSName::WINDOWS)
}

fn app_armor_profile(pod: &PodView<'_>) -> Option<Violation> {
    const ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
    let allowed =
        |t: &AppArmorProfileType| t.0 == AppArmorProfileType::RUNTIME_DEFAULT || t.0 == AppArmorProfileType::LOCALHOST;
    let mut setters = Vec::new();
    let mut values = BTreeSet::new();
    if let Some(p) = pod.spec.security_context.as_ref().and_then(|sc| sc.app_armor_profile.as_ref())
        && !allowed(&p.r#type)
    {
        setters.push("pod".to_owned());
        values.insert(p.r#type.0.clone());
    }
    let bad: Vec<&str> = containers(pod)
        .into_iter()
        .filter(|c| {
            let p = c.security_context.and_then(|sc| sc.app_armor_profile.as_ref());
            if let Some(p) = p
                && !allowed(&p.r#type)
            {
                values.insert(p.r#type.0.clone());
                return true;
            }
            false
        })
        .map(|c| c.name)
        .collect();
    if !bad.is_empty() {
        setters.push(containers_named(&bad));
    }
    let mut values: Vec<String> = values.into_iter().collect();
    let annotations: Vec<String> = pod
        .annotations
        .iter()
        .filter(|(k, v)| {
            k.starts_with(ANNOTATION_PREFIX)
                && !(v.is_empty() || v.as_str() == "runtime/default" || v.starts_with("localhost/"))
        })
        .map(|(k, v)| format!("{k}={}", go_quote(v)))
        .collect();
    if !annotations.is_empty() {
        setters.push(pluralize("annotation", "annotations", annotations.len()).to_owned());
        values.extend(annotations);
    }
    if setters.is_empty() {
        return None;
    }
    violation(
        pluralize("forbidden AppArmor profile", "forbidden AppArmor profiles", values.len()),
        format!("{} must not set AppArmor profile type to {}", setters.join(" and "), join_quote(&values)),
    )
}

/// The capabilities a baseline container may add.
const DEFAULT_CAPABILITIES: [&str; 13] = [
    "AUDIT_WRITE",
    "CHOWN",
    "DAC_OVERRIDE",
    "FOWNER",
    "FSETID",
    "KILL",
    "MKNOD",
    "NET_BIND_SERVICE",
    "SETFCAP",
    "SETGID",
    "SETPCAP",
    "SETUID",
    "SYS_CHROOT",
];

fn capabilities_baseline(pod: &PodView<'_>) -> Option<Violation> {
    let mut forbidden = BTreeSet::new();
    let bad = bad_containers(pod, |sc| {
        let mut found = false;
        for cap in sc.capabilities.iter().flat_map(|c| &c.add) {
            if !DEFAULT_CAPABILITIES.contains(&cap.0.as_str()) {
                forbidden.insert(cap.0.clone());
                found = true;
            }
        }
        found
    });
    if bad.is_empty() {
        return None;
    }
    violation(
        "non-default capabilities",
        format!(
            "{} must not include {} in securityContext.capabilities.add",
            containers_named(&bad),
            join_quote(&forbidden)
        ),
    )
}

fn host_namespaces(pod: &PodView<'_>) -> Option<Violation> {
    let s = pod.spec;
    let set: Vec<&str> =
        [(s.host_network, "hostNetwork=true"), (s.host_pid, "hostPID=true"), (s.host_ipc, "hostIPC=true")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
    if set.is_empty() {
        return None;
    }
    violation("host namespaces", set.join(", "))
}

fn host_path_volumes(pod: &PodView<'_>) -> Option<Violation> {
    let names: Vec<&str> =
        pod.spec.volumes.iter().filter(|v| v.volume_source.host_path.is_some()).map(|v| v.name.as_str()).collect();
    if names.is_empty() {
        return None;
    }
    violation("hostPath volumes", format!("{} {}", pluralize("volume", "volumes", names.len()), join_quote(&names)))
}

fn host_ports(pod: &PodView<'_>) -> Option<Violation> {
    let mut ports = BTreeSet::new();
    let mut bad = Vec::new();
    for c in containers(pod) {
        let mut found = false;
        for p in c.ports.iter().filter(|p| p.host_port != 0) {
            ports.insert(p.host_port.to_string());
            found = true;
        }
        if found {
            bad.push(c.name);
        }
    }
    if bad.is_empty() {
        return None;
    }
    violation(
        "hostPort",
        format!(
            "{} {} {} {}",
            containers_named(&bad),
            pluralize("uses", "use", bad.len()),
            pluralize("hostPort", "hostPorts", ports.len()),
            ports.into_iter().collect::<Vec<_>>().join(", ")
        ),
    )
}

fn host_probes_and_lifecycle(pod: &PodView<'_>) -> Option<Violation> {
    let mut bad = BTreeSet::new();
    let mut hosts = BTreeSet::new();
    let handler_hosts = |h: Option<&LifecycleHandler>| -> Vec<String> {
        let Some(h) = h else { return Vec::new() };
        let http = h.http_get.as_ref().map(|a| &a.host);
        let tcp = h.tcp_socket.as_ref().map(|a| &a.host);
        http.into_iter().chain(tcp).filter(|h| !h.is_empty()).cloned().collect()
    };
    for c in containers(pod) {
        let mut found: Vec<String> = Vec::new();
        for p in c.probes.into_iter().flatten() {
            let h = &p.probe_handler;
            let http = h.http_get.as_ref().map(|a| &a.host);
            let tcp = h.tcp_socket.as_ref().map(|a| &a.host);
            found.extend(http.into_iter().chain(tcp).filter(|h| !h.is_empty()).cloned());
        }
        if let Some(l) = c.lifecycle {
            found.extend(handler_hosts(l.post_start.as_ref()));
            found.extend(handler_hosts(l.pre_stop.as_ref()));
        }
        if !found.is_empty() {
            bad.insert(c.name);
            hosts.extend(found);
        }
    }
    if bad.is_empty() {
        return None;
    }
    let bad: Vec<&str> = bad.into_iter().collect();
    violation(
        "probe or lifecycle host",
        format!(
            "{} {} {} {}",
            containers_named(&bad),
            pluralize("uses", "use", bad.len()),
            pluralize("probe or lifecycle host", "probe or lifecycle hosts", hosts.len()),
            join_quote(&hosts)
        ),
    )
}

fn privileged(pod: &PodView<'_>) -> Option<Violation> {
    let bad = bad_containers(pod, |sc| sc.privileged == Some(true));
    if bad.is_empty() {
        return None;
    }
    violation("privileged", format!("{} must not set securityContext.privileged=true", containers_named(&bad)))
}

fn proc_mount(pod: &PodView<'_>) -> Option<Violation> {
    let mut types = BTreeSet::new();
    let bad = bad_containers(pod, |sc| match &sc.proc_mount {
        Some(t) if t.0 != ProcMountType::DEFAULT => {
            types.insert(t.0.clone());
            true
        }
        _ => false,
    });
    if bad.is_empty() {
        return None;
    }
    violation(
        "procMount",
        format!("{} must not set securityContext.procMount to {}", containers_named(&bad), join_quote(&types)),
    )
}

fn proc_mount_1_35(pod: &PodView<'_>) -> Option<Violation> {
    if user_namespaced(pod) { None } else { proc_mount(pod) }
}

fn se_linux_options_1_0(pod: &PodView<'_>) -> Option<Violation> {
    se_linux_options(pod, &["", "container_t", "container_init_t", "container_kvm_t"])
}

fn se_linux_options_1_31(pod: &PodView<'_>) -> Option<Violation> {
    se_linux_options(pod, &["", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"])
}

fn se_linux_options(pod: &PodView<'_>, allowed: &[&str]) -> Option<Violation> {
    let mut types = BTreeSet::new();
    let (mut user, mut role) = (false, false);
    let mut valid = |o: &kapi_api::core::v1::SELinuxOptions| {
        let mut ok = true;
        if !allowed.contains(&o.r#type.as_str()) {
            ok = false;
            types.insert(o.r#type.clone());
        }
        if !o.user.is_empty() {
            ok = false;
            user = true;
        }
        if !o.role.is_empty() {
            ok = false;
            role = true;
        }
        ok
    };
    let mut setters = Vec::new();
    if let Some(o) = pod.spec.security_context.as_ref().and_then(|sc| sc.se_linux_options.as_ref())
        && !valid(o)
    {
        setters.push("pod".to_owned());
    }
    let bad: Vec<&str> = containers(pod)
        .into_iter()
        .filter(|c| c.security_context.and_then(|sc| sc.se_linux_options.as_ref()).is_some_and(|o| !valid(o)))
        .map(|c| c.name)
        .collect();
    if !bad.is_empty() {
        setters.push(containers_named(&bad));
    }
    if setters.is_empty() {
        return None;
    }
    let mut data = Vec::new();
    if !types.is_empty() {
        data.push(format!("{} {}", pluralize("type", "types", types.len()), join_quote(&types)));
    }
    if user {
        data.push("user may not be set".to_owned());
    }
    if role {
        data.push("role may not be set".to_owned());
    }
    violation(
        "seLinuxOptions",
        format!("{} set forbidden securityContext.seLinuxOptions: {}", setters.join(" and "), data.join("; ")),
    )
}

fn valid_seccomp(t: &SeccompProfileType) -> bool {
    t.0 == SeccompProfileType::LOCALHOST || t.0 == SeccompProfileType::RUNTIME_DEFAULT
}

fn seccomp_baseline_1_0(pod: &PodView<'_>) -> Option<Violation> {
    const POD_KEY: &str = "seccomp.security.alpha.kubernetes.io/pod";
    const CONTAINER_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";
    let valid = |v: &str| v == "runtime/default" || v == "docker/default" || v.starts_with("localhost/");
    let mut forbidden = BTreeSet::new();
    if let Some(v) = pod.annotations.get(POD_KEY)
        && !valid(v)
    {
        forbidden.insert(format!("{POD_KEY}={}", go_quote(v)));
    }
    for c in containers(pod) {
        let key = format!("{CONTAINER_PREFIX}{}", c.name);
        if let Some(v) = pod.annotations.get(&key)
            && !valid(v)
        {
            forbidden.insert(format!("{key}={}", go_quote(v)));
        }
    }
    if forbidden.is_empty() {
        return None;
    }
    violation(
        "seccompProfile",
        format!(
            "forbidden {} {}",
            pluralize("annotation", "annotations", forbidden.len()),
            forbidden.into_iter().collect::<Vec<_>>().join(", ")
        ),
    )
}

fn seccomp_baseline_1_19(pod: &PodView<'_>) -> Option<Violation> {
    let mut setters = Vec::new();
    let mut values = BTreeSet::new();
    if let Some(p) = pod.spec.security_context.as_ref().and_then(|sc| sc.seccomp_profile.as_ref())
        && !valid_seccomp(&p.r#type)
    {
        setters.push("pod".to_owned());
        values.insert(p.r#type.0.clone());
    }
    let bad = bad_containers(pod, |sc| match &sc.seccomp_profile {
        Some(p) if !valid_seccomp(&p.r#type) => {
            values.insert(p.r#type.0.clone());
            true
        }
        _ => false,
    });
    if !bad.is_empty() {
        setters.push(containers_named(&bad));
    }
    if setters.is_empty() {
        return None;
    }
    violation(
        "seccompProfile",
        format!(
            "{} must not set securityContext.seccompProfile.type to {}",
            setters.join(" and "),
            join_quote(&values)
        ),
    )
}

const SYSCTLS_1_0: [&str; 5] = [
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_unprivileged_port_start",
];
const SYSCTLS_1_27: [&str; 1] = ["net.ipv4.ip_local_reserved_ports"];
const SYSCTLS_1_29: [&str; 4] = [
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
];
const SYSCTLS_1_32: [&str; 2] = ["net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem"];

fn sysctls_1_0(pod: &PodView<'_>) -> Option<Violation> {
    sysctls(pod, &[&SYSCTLS_1_0])
}

fn sysctls_1_27(pod: &PodView<'_>) -> Option<Violation> {
    sysctls(pod, &[&SYSCTLS_1_0, &SYSCTLS_1_27])
}

fn sysctls_1_29(pod: &PodView<'_>) -> Option<Violation> {
    sysctls(pod, &[&SYSCTLS_1_0, &SYSCTLS_1_27, &SYSCTLS_1_29])
}

fn sysctls_1_32(pod: &PodView<'_>) -> Option<Violation> {
    sysctls(pod, &[&SYSCTLS_1_0, &SYSCTLS_1_27, &SYSCTLS_1_29, &SYSCTLS_1_32])
}

fn sysctls(pod: &PodView<'_>, allowed: &[&[&str]]) -> Option<Violation> {
    let forbidden: Vec<&str> = pod
        .spec
        .security_context
        .iter()
        .flat_map(|sc| &sc.sysctls)
        .map(|s| s.name.as_str())
        .filter(|name| !allowed.iter().any(|set| set.contains(name)))
        .collect();
    if forbidden.is_empty() {
        return None;
    }
    violation("forbidden sysctls", forbidden.join(", "))
}

fn windows_host_process(pod: &PodView<'_>) -> Option<Violation> {
    let host_process =
        |w: Option<&kapi_api::core::v1::WindowsSecurityContextOptions>| w.and_then(|w| w.host_process) == Some(true);
    let bad = bad_containers(pod, |sc| host_process(sc.windows_options.as_ref()));
    let mut setters = Vec::new();
    if host_process(pod.spec.security_context.as_ref().and_then(|sc| sc.windows_options.as_ref())) {
        setters.push("pod".to_owned());
    }
    if !bad.is_empty() {
        setters.push(containers_named(&bad));
    }
    if setters.is_empty() {
        return None;
    }
    violation(
        "hostProcess",
        format!("{} must not set securityContext.windowsOptions.hostProcess=true", setters.join(" and ")),
    )
}

fn allow_privilege_escalation_1_8(pod: &PodView<'_>) -> Option<Violation> {
    let bad: Vec<&str> = containers(pod)
        .into_iter()
        .filter(|c| c.security_context.and_then(|sc| sc.allow_privilege_escalation) != Some(false))
        .map(|c| c.name)
        .collect();
    if bad.is_empty() {
        return None;
    }
    violation(
        "allowPrivilegeEscalation != false",
        format!("{} must set securityContext.allowPrivilegeEscalation=false", containers_named(&bad)),
    )
}

fn allow_privilege_escalation_1_25(pod: &PodView<'_>) -> Option<Violation> {
    if windows(pod) { None } else { allow_privilege_escalation_1_8(pod) }
}

fn capabilities_restricted_1_22(pod: &PodView<'_>) -> Option<Violation> {
    let mut missing_drop_all = Vec::new();
    let mut adding = Vec::new();
    let mut forbidden = BTreeSet::new();
    for c in containers(pod) {
        let Some(caps) = c.security_context.and_then(|sc| sc.capabilities.as_ref()) else {
            missing_drop_all.push(c.name);
            continue;
        };
        if !caps.drop.iter().any(|d| d.0 == "ALL") {
            missing_drop_all.push(c.name);
        }
        let mut added = false;
        for a in caps.add.iter().filter(|a| a.0 != "NET_BIND_SERVICE") {
            forbidden.insert(a.0.clone());
            added = true;
        }
        if added {
            adding.push(c.name);
        }
    }
    let mut details = Vec::new();
    if !missing_drop_all.is_empty() {
        details.push(format!(
            r#"{} must set securityContext.capabilities.drop=["ALL"]"#,
            containers_named(&missing_drop_all)
        ));
    }
    if !adding.is_empty() {
        details.push(format!(
            "{} must not include {} in securityContext.capabilities.add",
            containers_named(&adding),
            join_quote(&forbidden)
        ));
    }
    if details.is_empty() {
        return None;
    }
    violation("unrestricted capabilities", details.join("; "))
}

fn capabilities_restricted_1_25(pod: &PodView<'_>) -> Option<Violation> {
    if windows(pod) { None } else { capabilities_restricted_1_22(pod) }
}

fn restricted_volumes(pod: &PodView<'_>) -> Option<Violation> {
    let mut bad = Vec::new();
    let mut types = BTreeSet::new();
    for v in &pod.spec.volumes {
        let s = &v.volume_source;
        let allowed = s.config_map.is_some()
            || s.csi.is_some()
            || s.downward_api.is_some()
            || s.empty_dir.is_some()
            || s.ephemeral.is_some()
            || s.image.is_some()
            || s.persistent_volume_claim.is_some()
            || s.projected.is_some()
            || s.secret.is_some();
        if allowed {
            continue;
        }
        bad.push(v.name.as_str());
        let kind = [
            (s.host_path.is_some(), "hostPath"),
            (s.gce_persistent_disk.is_some(), "gcePersistentDisk"),
            (s.aws_elastic_block_store.is_some(), "awsElasticBlockStore"),
            (s.git_repo.is_some(), "gitRepo"),
            (s.nfs.is_some(), "nfs"),
            (s.iscsi.is_some(), "iscsi"),
            (s.glusterfs.is_some(), "glusterfs"),
            (s.rbd.is_some(), "rbd"),
            (s.flex_volume.is_some(), "flexVolume"),
            (s.cinder.is_some(), "cinder"),
            (s.cephfs.is_some(), "cephfs"),
            (s.flocker.is_some(), "flocker"),
            (s.fc.is_some(), "fc"),
            (s.azure_file.is_some(), "azureFile"),
            (s.vsphere_volume.is_some(), "vsphereVolume"),
            (s.quobyte.is_some(), "quobyte"),
            (s.azure_disk.is_some(), "azureDisk"),
            (s.photon_persistent_disk.is_some(), "photonPersistentDisk"),
            (s.portworx_volume.is_some(), "portworxVolume"),
            (s.scale_io.is_some(), "scaleIO"),
            (s.storageos.is_some(), "storageos"),
        ]
        .into_iter()
        .find_map(|(set, name)| set.then_some(name))
        .unwrap_or("unknown");
        types.insert(kind);
    }
    if bad.is_empty() {
        return None;
    }
    violation(
        "restricted volume types",
        format!(
            "{} {} {} {} {}",
            pluralize("volume", "volumes", bad.len()),
            join_quote(&bad),
            pluralize("uses", "use", bad.len()),
            pluralize("restricted volume type", "restricted volume types", types.len()),
            join_quote(&types)
        ),
    )
}

fn run_as_non_root(pod: &PodView<'_>) -> Option<Violation> {
    let mut setters = Vec::new();
    let mut pod_non_root = false;
    match pod.spec.security_context.as_ref().and_then(|sc| sc.run_as_non_root) {
        Some(false) => setters.push("pod".to_owned()),
        Some(true) => pod_non_root = true,
        None => {}
    }
    let mut explicit = Vec::new();
    let mut implicit = Vec::new();
    for c in containers(pod) {
        match c.security_context.and_then(|sc| sc.run_as_non_root) {
            Some(false) => explicit.push(c.name),
            Some(true) => {}
            None if !pod_non_root => implicit.push(c.name),
            None => {}
        }
    }
    if !explicit.is_empty() {
        setters.push(containers_named(&explicit));
    }
    if !setters.is_empty() {
        return violation(
            "runAsNonRoot != true",
            format!("{} must not set securityContext.runAsNonRoot=false", setters.join(" and ")),
        );
    }
    if implicit.is_empty() {
        return None;
    }
    violation(
        "runAsNonRoot != true",
        format!("pod or {} must set securityContext.runAsNonRoot=true", containers_named(&implicit)),
    )
}

fn run_as_non_root_1_35(pod: &PodView<'_>) -> Option<Violation> {
    if user_namespaced(pod) { None } else { run_as_non_root(pod) }
}

fn run_as_user(pod: &PodView<'_>) -> Option<Violation> {
    let mut setters = Vec::new();
    if pod.spec.security_context.as_ref().and_then(|sc| sc.run_as_user) == Some(0) {
        setters.push("pod".to_owned());
    }
    let bad = bad_containers(pod, |sc| sc.run_as_user == Some(0));
    if !bad.is_empty() {
        setters.push(containers_named(&bad));
    }
    if setters.is_empty() {
        return None;
    }
    violation("runAsUser=0", format!("{} must not set runAsUser=0", setters.join(" and ")))
}

fn run_as_user_1_35(pod: &PodView<'_>) -> Option<Violation> {
    if user_namespaced(pod) { None } else { run_as_user(pod) }
}

fn seccomp_restricted_1_19(pod: &PodView<'_>) -> Option<Violation> {
    let mut setters = Vec::new();
    let mut values = BTreeSet::new();
    let mut pod_set = false;
    if let Some(p) = pod.spec.security_context.as_ref().and_then(|sc| sc.seccomp_profile.as_ref()) {
        if valid_seccomp(&p.r#type) {
            pod_set = true;
        } else {
            setters.push("pod".to_owned());
            values.insert(p.r#type.0.clone());
        }
    }
    let mut explicit = Vec::new();
    let mut implicit = Vec::new();
    for c in containers(pod) {
        match c.security_context.and_then(|sc| sc.seccomp_profile.as_ref()) {
            Some(p) if !valid_seccomp(&p.r#type) => {
                explicit.push(c.name);
                values.insert(p.r#type.0.clone());
            }
            Some(_) => {}
            None if !pod_set => implicit.push(c.name),
            None => {}
        }
    }
    if !explicit.is_empty() {
        setters.push(containers_named(&explicit));
    }
    if !setters.is_empty() {
        return violation(
            "seccompProfile",
            format!(
                "{} must not set securityContext.seccompProfile.type to {}",
                setters.join(" and "),
                join_quote(&values)
            ),
        );
    }
    if implicit.is_empty() {
        return None;
    }
    violation(
        "seccompProfile",
        format!(
            r#"pod or {} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost""#,
            containers_named(&implicit)
        ),
    )
}

fn seccomp_restricted_1_25(pod: &PodView<'_>) -> Option<Violation> {
    if windows(pod) { None } else { seccomp_restricted_1_19(pod) }
}
