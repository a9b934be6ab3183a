//! Pod and container security contexts as upstream's `validatePodSpecSecurityContext`, `ValidateSecurityContext`, seccomp and AppArmor profile fields, Windows options and host-process pods, `hostUsers`, and the fields a pod's `os` forbids.
//!
//! The v1 pod spec keeps `hostNetwork`, `hostPID`, `hostIPC` and `shareProcessNamespace` beside
//! the security context; upstream's internal type moves them into it, so the share-process check
//! is reported under `securityContext` as upstream reports it. Privileged and host-process
//! containers are taken as allowed (kube-apiserver's `--allow-privileged`, as kind and kubeadm
//! set it), and the `SELinuxChangePolicy` gate as on (any supported value).

use kapi_machinery::validation::content::{inclusive_range_error, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::json_value;
use super::pod::local_descending_path;
use crate::core::v1::{
    AppArmorProfile, Container, PodSecurityContext, PodSpec, SeccompProfile, SecurityContext,
    WindowsSecurityContextOptions,
};

const MAX_ID: i64 = i32::MAX as i64;
const WINDOWS: &str = "cannot be set for a windows pod";
const HOST_USERS: &str = "when `pod.Spec.HostUsers` is false";
/// PATH_MAX - 1.
const MAX_LOCALHOST_PROFILE_LENGTH: usize = 4095;
const MAX_GMSA_CREDENTIAL_SPEC_KIB: usize = 64;
const MAX_RUN_AS_USER_NAME_DOMAIN_LENGTH: usize = 256;
const MAX_RUN_AS_USER_NAME_USER_LENGTH: usize = 104;

/// Every container of a pod spec with its path: init containers, containers, then ephemeral
/// containers (upstream's `VisitContainersWithPath`), as `(name, security context, path)`.
pub(super) fn containers<'a>(spec: &'a PodSpec, path: &Path) -> Vec<(&'a str, Option<&'a SecurityContext>, Path)> {
    let regular = spec.containers.as_deref().unwrap_or_default();
    let mut all: Vec<(&str, Option<&SecurityContext>, Path)> = Vec::new();
    let each = |list: &'a [Container], name: &str, all: &mut Vec<(&'a str, Option<&'a SecurityContext>, Path)>| {
        for (i, c) in list.iter().enumerate() {
            all.push((c.name.as_str(), c.security_context.as_deref(), path.child(name).index(i)));
        }
    };
    each(&spec.init_containers, "initContainers", &mut all);
    each(regular, "containers", &mut all);
    for (i, c) in spec.ephemeral_containers.iter().enumerate() {
        let common = &c.ephemeral_container_common;
        all.push((
            common.name.as_str(),
            common.security_context.as_deref(),
            path.child("ephemeralContainers").index(i),
        ));
    }
    all
}

/// Whether the pod shares the host's user namespace (`hostUsers` unset or true).
pub(super) fn host_users(spec: &PodSpec) -> bool {
    spec.host_users != Some(false)
}

fn id(v: Option<i64>, path: &Path, errs: &mut ErrorList) {
    if let Some(id) = v
        && !(0..=MAX_ID).contains(&id)
    {
        errs.push(FieldError::invalid_value(path, id, &inclusive_range_error(0, MAX_ID)));
    }
}

/// Upstream's `validatePodSpecSecurityContext`, with the sysctls of `sysctl.rs` in its order;
/// `allow_host_sysctls` is the update relaxation for namespaced sysctls of host-namespace pods.
pub(super) fn pod_security_context(spec: &PodSpec, allow_host_sysctls: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let sc = spec.security_context.as_ref();
    if let Some(sc) = sc {
        id(sc.fs_group, &path.child("fsGroup"), &mut errs);
        id(sc.run_as_user, &path.child("runAsUser"), &mut errs);
        id(sc.run_as_group, &path.child("runAsGroup"), &mut errs);
        for (i, g) in sc.supplemental_groups.iter().enumerate() {
            id(Some(*g), &path.child("supplementalGroups").index(i), &mut errs);
        }
    }
    if spec.host_pid && spec.share_process_namespace == Some(true) {
        errs.push(FieldError::invalid_value(
            path.child("shareProcessNamespace"),
            true,
            "ShareProcessNamespace and HostPID cannot both be enabled",
        ));
    }
    let Some(sc) = sc else { return errs };
    errs.extend(super::sysctl::sysctls(
        &sc.sysctls,
        spec.host_network,
        spec.host_ipc,
        allow_host_sysctls,
        &path.child("sysctls"),
    ));
    if let Some(p) = &sc.fs_group_change_policy
        && !["Always", "OnRootMismatch"].contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("fsGroupChangePolicy"),
            BadValue::named(&p.0),
            &["Always", "OnRootMismatch"],
        ));
    }
    errs.extend(seccomp_profile(sc.seccomp_profile.as_ref(), &path.child("seccompProfile")));
    errs.extend(windows_options(sc.windows_options.as_ref(), &path.child("windowsOptions")));
    errs.extend(app_armor_profile(sc.app_armor_profile.as_ref(), &path.child("appArmorProfile")));
    if let Some(p) = &sc.supplemental_groups_policy
        && !["Merge", "Strict"].contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("supplementalGroupsPolicy"),
            BadValue::named(&p.0),
            &["Merge", "Strict"],
        ));
    }
    if let Some(p) = &sc.se_linux_change_policy
        && !["MountOption", "Recursive"].contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("seLinuxChangePolicy"),
            BadValue::named(&p.0),
            &["MountOption", "Recursive"],
        ));
    }
    errs
}

/// Upstream's `ValidateSecurityContext` for one container (`hostUsers` from the pod).
pub(super) fn container_security_context(sc: &SecurityContext, host_users: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    id(sc.run_as_user, &path.child("runAsUser"), &mut errs);
    id(sc.run_as_group, &path.child("runAsGroup"), &mut errs);
    if let Some(pm) = &sc.proc_mount {
        let p = path.child("procMount");
        if !["Default", "Unmasked"].contains(&pm.0.as_str()) {
            errs.push(FieldError::not_supported_value(&p, BadValue::named(&pm.0), &["Default", "Unmasked"]));
        }
        if host_users && pm.0 == "Unmasked" {
            errs.push(FieldError::invalid_value(
                &p,
                BadValue::named(&pm.0),
                "`hostUsers` must be false to use `Unmasked`",
            ));
        }
    }
    errs.extend(seccomp_profile(sc.seccomp_profile.as_ref(), &path.child("seccompProfile")));
    if sc.allow_privilege_escalation == Some(false) {
        if sc.privileged == Some(true) {
            errs.push(FieldError::invalid_value(
                path,
                json_value(sc),
                "cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
            ));
        }
        if let Some(caps) = &sc.capabilities {
            for cap in &caps.add {
                if cap.0 == "CAP_SYS_ADMIN" {
                    errs.push(FieldError::invalid_value(
                        path,
                        json_value(sc),
                        "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN",
                    ));
                }
            }
        }
    }
    errs.extend(windows_options(sc.windows_options.as_ref(), &path.child("windowsOptions")));
    errs.extend(app_armor_profile(sc.app_armor_profile.as_ref(), &path.child("appArmorProfile")));
    errs
}

/// Upstream's `validateSeccompProfileField`.
fn seccomp_profile(sp: Option<&SeccompProfile>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(sp) = sp else { return errs };
    const TYPES: &[&str] = &["Localhost", "RuntimeDefault", "Unconfined"];
    match sp.r#type.0.as_str() {
        "" => errs.push(FieldError::required(path.child("type"), "type is required when seccompProfile is set")),
        t if !TYPES.contains(&t) => {
            errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(t), TYPES));
        }
        _ => {}
    }
    let lp = path.child("localhostProfile");
    if sp.r#type.0 == "Localhost" {
        match &sp.localhost_profile {
            None => errs.push(FieldError::required(&lp, "must be set when seccomp type is Localhost")),
            Some(p) => errs.extend(local_descending_path(p, &lp)),
        }
    } else if sp.localhost_profile.is_some() {
        errs.push(FieldError::invalid_value(&lp, json_value(sp), "can only be set when seccomp type is Localhost"));
    }
    errs
}

/// Upstream's `ValidateAppArmorProfileField`.
pub(super) fn app_armor_profile(profile: Option<&AppArmorProfile>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(profile) = profile else { return errs };
    let lp = path.child("localhostProfile");
    match profile.r#type.0.as_str() {
        "Localhost" => match &profile.localhost_profile {
            None => errs.push(FieldError::required(&lp, "must be set when AppArmor type is Localhost")),
            Some(p) => {
                // Go's `strings.TrimSpace` trims Unicode white space.
                let trimmed = p.trim();
                if trimmed != p {
                    errs.push(FieldError::invalid(&lp, p, "must not be padded with whitespace"));
                } else if trimmed.is_empty() {
                    errs.push(FieldError::required(&lp, "must be set when AppArmor type is Localhost"));
                }
                if p.len() > MAX_LOCALHOST_PROFILE_LENGTH {
                    errs.push(FieldError::too_long(&lp, MAX_LOCALHOST_PROFILE_LENGTH));
                }
            }
        },
        "RuntimeDefault" | "Unconfined" => {
            if let Some(p) = &profile.localhost_profile {
                errs.push(FieldError::invalid(&lp, p, "can only be set when AppArmor type is Localhost"));
            }
        }
        "" => errs.push(FieldError::required(path.child("type"), "type is required when appArmorProfile is set")),
        other => errs.push(FieldError::not_supported_value(
            path.child("type"),
            BadValue::named(other),
            &["Localhost", "RuntimeDefault", "Unconfined"],
        )),
    }
    errs
}

/// A NetBIOS domain: 1–15 characters, none of `\ / : * ? " < > |`, not starting with a dot.
fn is_netbios_domain(domain: &str) -> bool {
    const BAD: &[char] = &['\\', '/', ':', '*', '?', '"', '<', '>', '|'];
    let mut chars = domain.chars();
    let Some(first) = chars.next() else { return false };
    !BAD.contains(&first) && first != '.' && domain.chars().count() <= 15 && chars.all(|c| !BAD.contains(&c))
}

/// A DNS domain as upstream's Windows user check reads it: dot-separated labels of ASCII
/// letters, digits and inner hyphens, at most 63 characters each.
fn is_windows_dns_domain(domain: &str) -> bool {
    domain.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    })
}

/// Upstream's `validateWindowsSecurityContextOptions`.
fn windows_options(opts: Option<&WindowsSecurityContextOptions>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(opts) = opts else { return errs };
    if let Some(name) = &opts.gmsa_credential_spec_name {
        let p = path.child("gmsaCredentialSpecName");
        errs.extend(is_dns1123_subdomain(name).iter().map(|m| FieldError::invalid(&p, name, m)));
    }
    if let Some(spec) = &opts.gmsa_credential_spec {
        let p = path.child("gmsaCredentialSpec");
        if spec.is_empty() {
            errs.push(FieldError::invalid(&p, spec, "gmsaCredentialSpec cannot be an empty string"));
        } else if spec.len() > MAX_GMSA_CREDENTIAL_SPEC_KIB * 1024 {
            errs.push(FieldError::invalid(
                &p,
                spec,
                &format!("gmsaCredentialSpec size must be under {MAX_GMSA_CREDENTIAL_SPEC_KIB} KiB"),
            ));
        }
    }
    if let Some(name) = &opts.run_as_user_name {
        let p = path.child("runAsUserName");
        let mut bad = |msg: &str| errs.push(FieldError::invalid(&p, name, msg));
        let parts: Vec<&str> = name.split('\\').collect();
        if name.is_empty() {
            bad("runAsUserName cannot be an empty string");
        } else if name.chars().any(|c| c.is_ascii_control()) {
            bad("runAsUserName cannot contain control characters");
        } else if parts.len() > 2 {
            bad("runAsUserName cannot contain more than one backslash");
        } else {
            let (domain, user) = if parts.len() == 1 { (None, parts[0]) } else { (Some(parts[0]), parts[1]) };
            if domain.is_some_and(|d| d.len() >= MAX_RUN_AS_USER_NAME_DOMAIN_LENGTH) {
                bad(&format!(
                    "runAsUserName's Domain length must be under {MAX_RUN_AS_USER_NAME_DOMAIN_LENGTH} characters"
                ));
            }
            if let Some(d) = domain
                && !(is_netbios_domain(d) || is_windows_dns_domain(d))
            {
                bad("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
            }
            if user.is_empty() {
                bad("runAsUserName's User cannot be empty");
            } else if user.len() > MAX_RUN_AS_USER_NAME_USER_LENGTH {
                bad(&format!(
                    "runAsUserName's User length must not be longer than {MAX_RUN_AS_USER_NAME_USER_LENGTH} characters"
                ));
            }
            if !user.is_empty() && user.chars().all(|c| c == '.' || c == ' ') {
                bad("runAsUserName's User cannot contain only periods or spaces");
            }
            if user.chars().any(|c| "\"/\\:;|=,+*?<>@[]".contains(c)) {
                bad(r#"runAsUserName's User cannot contain the following characters: "/\:;|=,+*?<>@[]"#);
            }
        }
    }
    errs
}

/// Upstream's `validateWindowsHostProcessPod`: a pod's and its containers' `hostProcess`
/// agree, and a pod with any host-process container has only those and `hostNetwork`.
pub(super) fn windows_host_process_pod(spec: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let pod_hp = spec.security_context.as_ref().and_then(|sc| sc.windows_options.as_ref()).and_then(|w| w.host_process);
    let all = containers(spec, path);
    let mut host_process = 0;
    for (_, sc, cpath) in &all {
        let c_hp = sc.and_then(|sc| sc.windows_options.as_ref()).and_then(|w| w.host_process);
        if let (Some(p), Some(c)) = (pod_hp, c_hp)
            && p != c
        {
            errs.push(FieldError::invalid_value(
                cpath.child("securityContext").child("windowsOptions").child("hostProcess"),
                c,
                &format!("pod hostProcess value must be identical if both are specified, was {p}"),
            ));
        }
        if c_hp == Some(true) || (c_hp.is_none() && pod_hp == Some(true)) {
            host_process += 1;
        }
    }
    if host_process > 0 {
        if host_process != all.len() {
            errs.push(FieldError::invalid(
                path,
                "",
                "If pod contains any hostProcess containers then all containers must be HostProcess containers",
            ));
        }
        if !spec.host_network {
            errs.push(FieldError::invalid_value(
                path.child("hostNetwork"),
                false,
                "hostNetwork must be true if pod contains any hostProcess containers",
            ));
        }
    }
    errs
}

/// Upstream's `validateHostUsers`: a pod in its own user namespace shares no other host
/// namespace (the capitalised paths are upstream's).
pub(super) fn host_users_deps(spec: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if host_users(spec) {
        return errs;
    }
    for (set, name) in [(spec.host_network, "hostNetwork"), (spec.host_pid, "HostPID"), (spec.host_ipc, "HostIPC")] {
        if set {
            errs.push(FieldError::forbidden(path.child(name), HOST_USERS));
        }
    }
    errs
}

/// Upstream's `validateOS` and then, for a known OS, `validateLinux` or `validateWindows`.
pub(super) fn os(spec: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(os) = &spec.os else { return errs };
    let os_path = path.child("os");
    match os.name.0.as_str() {
        "" => errs.push(FieldError::required(os_path.child("name"), "cannot be empty")),
        "linux" => errs.extend(linux(spec, path)),
        "windows" => errs.extend(windows(spec, path)),
        other => errs.push(FieldError::not_supported_value(&os_path, BadValue::named(other), &["linux", "windows"])),
    }
    errs
}

fn linux(spec: &PodSpec, path: &Path) -> ErrorList {
    let msg = "windows options cannot be set for a linux pod";
    let mut errs = ErrorList::new();
    if spec.security_context.as_ref().is_some_and(|sc| sc.windows_options.is_some()) {
        errs.push(FieldError::forbidden(path.child("securityContext").child("windowsOptions"), msg));
    }
    for (_, sc, cpath) in containers(spec, path) {
        if sc.is_some_and(|sc| sc.windows_options.is_some()) {
            errs.push(FieldError::forbidden(cpath.child("securityContext").child("windowsOptions"), msg));
        }
    }
    errs
}

fn windows(spec: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let scp = path.child("securityContext");
    let sc: Option<&PodSecurityContext> = spec.security_context.as_ref();
    let in_sc = |f: fn(&PodSecurityContext) -> bool| sc.is_some_and(f);
    // Upstream's internal security context holds the host namespace fields, so each is
    // checked, in its order, at the path it reports.
    let checks: [(bool, Path); 15] = [
        (in_sc(|s| s.app_armor_profile.is_some()), scp.child("appArmorProfile")),
        (in_sc(|s| s.se_linux_options.is_some()), scp.child("seLinuxOptions")),
        (spec.host_users.is_some(), path.child("hostUsers")),
        (spec.host_pid, path.child("hostPID")),
        (spec.host_ipc, path.child("hostIPC")),
        (in_sc(|s| s.seccomp_profile.is_some()), scp.child("seccompProfile")),
        (in_sc(|s| s.fs_group.is_some()), scp.child("fsGroup")),
        (in_sc(|s| s.fs_group_change_policy.is_some()), scp.child("fsGroupChangePolicy")),
        (in_sc(|s| !s.sysctls.is_empty()), scp.child("sysctls")),
        (spec.share_process_namespace.is_some(), path.child("shareProcessNamespace")),
        (in_sc(|s| s.run_as_user.is_some()), scp.child("runAsUser")),
        (in_sc(|s| s.run_as_group.is_some()), scp.child("runAsGroup")),
        (in_sc(|s| !s.supplemental_groups.is_empty()), scp.child("supplementalGroups")),
        (in_sc(|s| s.supplemental_groups_policy.is_some()), scp.child("supplementalGroupsPolicy")),
        (in_sc(|s| s.se_linux_change_policy.is_some()), scp.child("seLinuxChangePolicy")),
    ];
    errs.extend(checks.into_iter().filter(|(set, _)| *set).map(|(_, p)| FieldError::forbidden(p, WINDOWS)));
    for (_, sc, cpath) in containers(spec, path) {
        let Some(sc) = sc else { continue };
        let p = cpath.child("securityContext");
        let checks = [
            (sc.app_armor_profile.is_some(), "appArmorProfile"),
            (sc.se_linux_options.is_some(), "seLinuxOptions"),
            (sc.seccomp_profile.is_some(), "seccompProfile"),
            (sc.capabilities.is_some(), "capabilities"),
            (sc.read_only_root_filesystem.is_some(), "readOnlyRootFilesystem"),
            (sc.privileged.is_some(), "privileged"),
            (sc.allow_privilege_escalation.is_some(), "allowPrivilegeEscalation"),
            (sc.proc_mount.is_some(), "procMount"),
            (sc.run_as_user.is_some(), "runAsUser"),
            (sc.run_as_group.is_some(), "runAsGroup"),
        ];
        errs.extend(
            checks.into_iter().filter(|(set, _)| *set).map(|(_, n)| FieldError::forbidden(p.child(n), WINDOWS)),
        );
    }
    errs
}

#[cfg(test)]
#[path = "security_tests.rs"]
mod tests;
