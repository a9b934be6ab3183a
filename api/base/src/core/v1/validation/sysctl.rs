//! A pod security context's sysctls, as upstream's `validateSysctls` and `ValidateHostSysctl`.

use std::collections::BTreeSet;

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use crate::core::v1::Sysctl;

const MAX_LENGTH: usize = 253;
/// Upstream's `sysctlContainSlashRegexp`, as its message prints it.
const NAME_REGEX: &str = r"^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";
/// The sysctls known to belong to the IPC namespace (component-helpers' `nameToNamespace`).
const IPC_NAMES: &[&str] = &[
    "kernel.msg",
    "kernel.msgmax",
    "kernel.msgmnb",
    "kernel.msgmni",
    "kernel.sem",
    "kernel.shm",
    "kernel.shm_rmid_forced",
    "kernel.shmall",
    "kernel.shmmax",
    "kernel.shmmni",
];

#[derive(PartialEq)]
enum Namespace {
    Ipc,
    Net,
    Unknown,
}

/// Upstream's `validateSysctls` at `path` (`spec.securityContext.sysctls`): named, valid and
/// unique names, and (unless `allow_host_conflicts`, which an update sets when the stored pod
/// already had one) no namespaced sysctl the pod shares with the host.
pub(super) fn sysctls(
    sysctls: &[Sysctl],
    host_network: bool,
    host_ipc: bool,
    allow_host_conflicts: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, s) in sysctls.iter().enumerate() {
        let p = path.index(i).child("name");
        if s.name.is_empty() {
            errs.push(FieldError::required(&p, ""));
        } else if !is_valid_sysctl_name(&s.name) {
            errs.push(FieldError::invalid(
                &p,
                &s.name,
                &format!("must have at most {MAX_LENGTH} characters and match regex {NAME_REGEX}"),
            ));
        } else if names.contains(s.name.as_str()) {
            errs.push(FieldError::duplicate(&p, s.name.as_str()));
        }
        if !allow_host_conflicts && let Some(message) = host_conflict(&s.name, host_network, host_ipc) {
            errs.push(FieldError::invalid(&p, &s.name, message));
        }
        names.insert(s.name.as_str());
    }
    errs
}

/// Upstream's `ValidateHostSysctl`: why a sysctl cannot be set in a pod that shares the named
/// namespace with the host, if it cannot.
fn host_conflict(name: &str, host_network: bool, host_ipc: bool) -> Option<&'static str> {
    match namespace_of(name) {
        Namespace::Net if host_network => Some("may not be specified when 'hostNetwork' is true"),
        Namespace::Ipc if host_ipc => Some("may not be specified when 'hostIPC' is true"),
        _ => None,
    }
}

/// Whether a stored pod spec already sets a sysctl that conflicts with its host namespaces (what
/// upstream's `AllowNamespacedSysctlsForHostNetAndHostIPC` is derived from).
pub(super) fn has_host_conflict(spec: &crate::core::v1::PodSpec) -> bool {
    spec.security_context
        .as_ref()
        .is_some_and(|sc| sc.sysctls.iter().any(|s| host_conflict(&s.name, spec.host_network, spec.host_ipc).is_some()))
}

/// Segments of `[a-z0-9]([-_a-z0-9]*[a-z0-9])?` separated by `.` or `/`, at most 253 bytes.
fn is_valid_sysctl_name(name: &str) -> bool {
    let segment_ok = |s: &str| {
        let b = s.as_bytes();
        let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        match (b.first(), b.last()) {
            (Some(f), Some(e)) => alnum(f) && alnum(e) && b.iter().all(|c| alnum(c) || *c == b'-' || *c == b'_'),
            _ => false,
        }
    };
    name.len() <= MAX_LENGTH && name.split(['.', '/']).all(segment_ok)
}

/// component-helpers' `GetNamespace`: the name with `/` as its first separator has `.` and `/`
/// swapped, is cut at the first `*`, and is looked up by name, then by `net.` or `fs.mqueue.`.
fn namespace_of(name: &str) -> Namespace {
    let normalized: String = match name.find(['.', '/']) {
        Some(i) if name.as_bytes()[i] == b'/' => name
            .chars()
            .map(|c| match c {
                '.' => '/',
                '/' => '.',
                c => c,
            })
            .collect(),
        _ => name.to_owned(),
    };
    let key = normalized.split('*').next().unwrap_or_default();
    if IPC_NAMES.contains(&key) {
        Namespace::Ipc
    } else if key.starts_with("net.") {
        Namespace::Net
    } else if key.starts_with("fs.mqueue.") {
        Namespace::Ipc
    } else {
        Namespace::Unknown
    }
}
