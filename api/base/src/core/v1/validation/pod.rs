//! Pod spec validation shared by pods and every pod template, as upstream's `ValidatePodSpec` and `ValidatePodUpdate`.
//!
//! Options and gates follow the fixtures' release defaults: relaxed environment variable names
//! (`RelaxedEnvironmentVariableValidation`, on), sidecar init containers with
//! `restartPolicy: Always` (`SidecarContainers`, on), init containers' resize policies
//! (`InPlacePodVerticalScaling`, on, allows them), no per-container restart rules
//! (`ContainerRestartRules`, off), relaxed DNS search domains (`RelaxedDNSSearchValidation`,
//! on). Affinity (`affinity.rs`), topology spread constraints (`spread.rs`), DNS config and
//! host aliases (`dns.rs`), sysctls (`sysctl.rs`), readiness gates and scheduling gates are
//! checked; on update, [`PodValidationOptions`] relaxes label values in affinity selectors,
//! required node affinity and topology spread selectors, and namespaced sysctls of pods sharing
//! the host's network or IPC, where the stored spec already had them. Security contexts, Windows
//! options and the pod's `os` (`security.rs`), resource claims, resize policies and pod-level
//! resources (`pod_resources.rs`) and volume sources (`volumes.rs`) are checked too, and so are
//! volume mounts (with their propagation and recursive read-only modes) and volume devices.
//! Ephemeral containers are checked in `ephemeral.rs`.

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::content::{
    inclusive_range_error, is_label_value, is_qualified_name, is_valid_port_num,
};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::spread::MatchLabelKeysRule;
use super::{dns1123_label, json_value, name_is_dns_subdomain, non_negative, port_num_or_name};
use crate::core::v1::{
    Container, EnvFromSource, EnvVar, HTTPGetAction, LifecycleHandler, PodSpec, PodTemplateSpec, Probe, ProbeHandler,
    ResourceName, ResourceRequirements, Toleration, Volume, VolumeMount, VolumeSource,
};
use crate::features::{self, Feature};
use crate::meta::v1::validation::validate_labels;

const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];
const PULL_POLICIES: &[&str] = &["Always", "IfNotPresent", "Never"];
const TERMINATION_MESSAGE_POLICIES: &[&str] = &["File", "FallbackToLogsOnError"];
const RESTART_POLICIES: &[&str] = &["Always", "OnFailure", "Never"];
const DNS_POLICIES: &[&str] = &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"];
const HTTP_SCHEMES: &[&str] = &["HTTP", "HTTPS"];
const MOUNT_PROPAGATIONS: &[&str] = &["Bidirectional", "HostToContainer", "None"];
const RECURSIVE_READ_ONLY_MODES: &[&str] = &["Disabled", "Enabled", "IfPossible"];
const TAINT_EFFECTS: &[&str] = &["NoSchedule", "PreferNoSchedule", "NoExecute"];
const TOLERATION_OPERATORS: &[&str] = &["Equal", "Exists"];
/// The downward API fields an environment variable may read (upstream's
/// `validEnvDownwardAPIFieldPathExpressions`), sorted.
const ENV_FIELD_PATHS: &[&str] = &[
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];
/// The pod fields the v1 downward API converts (upstream's `ConvertDownwardAPIFieldLabel`).
const DOWNWARD_API_FIELDS: &[&str] = &[
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.serviceAccountName",
    "spec.schedulerName",
    "status.phase",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];
const MAX_INT32: i64 = i32::MAX as i64;
const FILE_MODE_MSG: &str = "must be a number between 0 and 0777 (octal), both inclusive";
const NOT_FOR_INIT: &str = "may not be set for init containers without restartPolicy=Always";
const RELAXED_ENV_MSG: &str =
    "a valid environment variable name must consist only of printable ASCII characters other than '='";
/// Upstream's list of what a pod update may change, joined as its message joins it.
const UPDATABLE_POD_FIELDS: &[&str] = &[
    "`spec.containers[*].image`",
    "`spec.initContainers[*].image`",
    "`spec.activeDeadlineSeconds`",
    "`spec.tolerations` (only additions to existing tolerations)",
    "`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
];

/// What an update may keep that a new pod spec may not have: upstream's `PodValidationOptions`
/// that `GetValidationOptionsFromPodSpecAndMeta` derives from the stored spec. Each is on only
/// when the stored spec already breaks the strict rule, so that an object written under an
/// older, looser release can still be updated; the default (all off) is a create.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PodValidationOptions {
    /// Pod affinity and anti-affinity selectors may have expression values that are not label
    /// values (`AllowInvalidLabelValueInSelector`).
    pub allow_invalid_label_value_in_selector: bool,
    /// Required node affinity may have such values (`AllowInvalidLabelValueInRequiredNodeAffinity`).
    pub allow_invalid_label_value_in_required_node_affinity: bool,
    /// Topology spread constraint selectors may have such values
    /// (`AllowInvalidTopologySpreadConstraintLabelSelector`).
    pub allow_invalid_topology_spread_constraint_label_selector: bool,
    /// Network sysctls with `hostNetwork` and IPC sysctls with `hostIPC` are allowed
    /// (`AllowNamespacedSysctlsForHostNetAndHostIPC`).
    pub allow_namespaced_sysctls_for_host_net_and_host_ipc: bool,
    /// Init containers may have a `resizePolicy` because a stored sidecar had one
    /// (`AllowSidecarResizePolicy`, which the `InPlacePodVerticalScaling` gate also turns on).
    pub allow_sidecar_resize_policy: bool,
    /// The stored pod's topology spread constraints fail the rule for `matchLabelKeys` merged
    /// into the selector, so the legacy rule is kept for them
    /// (`OldPodViolatesMatchLabelKeysValidation`, set while the merge gate is on).
    pub old_pod_violates_match_label_keys_validation: bool,
    /// The stored pod's constraints fail the legacy rule, so the merged form's is taken
    /// (`OldPodViolatesLegacyMatchLabelKeysValidation`, set while the merge gate is off).
    pub old_pod_violates_legacy_match_label_keys_validation: bool,
}

impl PodValidationOptions {
    /// The options for an update of a pod spec whose stored version is `old` (none: a create).
    pub fn from_old_spec(old: Option<&PodSpec>) -> PodValidationOptions {
        let Some(old) = old else { return PodValidationOptions::default() };
        let spread_keys = features::enabled(Feature::MatchLabelKeysInPodTopologySpread);
        let merge = features::enabled(Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge);
        PodValidationOptions {
            allow_invalid_label_value_in_selector: super::affinity::has_invalid_affinity_selector(
                old.affinity.as_deref(),
            ),
            allow_invalid_label_value_in_required_node_affinity: super::affinity::has_invalid_required_node_affinity(
                old.affinity.as_deref(),
            ),
            allow_invalid_topology_spread_constraint_label_selector: super::spread::has_invalid_selector(
                &old.topology_spread_constraints,
            ),
            allow_namespaced_sysctls_for_host_net_and_host_ipc: super::sysctl::has_host_conflict(old),
            allow_sidecar_resize_policy: old
                .init_containers
                .iter()
                .any(|c| is_sidecar(c) && !c.resize_policy.is_empty()),
            old_pod_violates_match_label_keys_validation: spread_keys
                && merge
                && super::spread::violates(&old.topology_spread_constraints, MatchLabelKeysRule::Merged),
            old_pod_violates_legacy_match_label_keys_validation: spread_keys
                && !merge
                && super::spread::violates(&old.topology_spread_constraints, MatchLabelKeysRule::Legacy),
        }
    }

    /// Which rule checks topology spread constraints' `matchLabelKeys`, as upstream's
    /// `validateTopologySpreadConstraints` picks it: the merged form's while the merge gate is on,
    /// the legacy one while it is off, each unless the stored pod fails it.
    pub(super) fn match_label_keys_rule(&self) -> MatchLabelKeysRule {
        if !features::enabled(Feature::MatchLabelKeysInPodTopologySpread) {
            return MatchLabelKeysRule::Legacy;
        }
        let merged = if features::enabled(Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge) {
            !self.old_pod_violates_match_label_keys_validation
        } else {
            self.old_pod_violates_legacy_match_label_keys_validation
        };
        if merged { MatchLabelKeysRule::Merged } else { MatchLabelKeysRule::Legacy }
    }

    /// The options for an update of a pod template whose stored version is `old` (upstream's
    /// `GetValidationOptionsFromPodTemplate`).
    pub fn from_old_template(old: Option<&PodTemplateSpec>) -> PodValidationOptions {
        PodValidationOptions::from_old_spec(old.map(|t| &t.spec))
    }
}

/// Upstream's `ValidatePodTemplateSpec`: the template's labels (reported at `<path>.labels`, as
/// upstream does), its pod spec, and no ephemeral containers.
pub fn validate_pod_template_spec(t: &PodTemplateSpec, path: &Path) -> ErrorList {
    validate_pod_template_spec_with(t, &PodValidationOptions::default(), path)
}

/// [`validate_pod_template_spec`] with the options of an update (see
/// [`PodValidationOptions::from_old_template`]).
pub fn validate_pod_template_spec_with(t: &PodTemplateSpec, opts: &PodValidationOptions, path: &Path) -> ErrorList {
    let mut errs = validate_labels(&t.metadata.labels, &path.child("labels"));
    errs.extend(validate_pod_spec_with(&t.spec, &path.child("spec"), false, opts));
    if !t.spec.ephemeral_containers.is_empty() {
        errs.push(FieldError::forbidden(
            path.child("spec").child("ephemeralContainers"),
            "ephemeral containers not allowed in pod template",
        ));
    }
    errs
}

/// Upstream's `ValidatePodSpec` for a pod's or a template's spec at `path`.
pub fn validate_pod_spec(spec: &PodSpec, path: &Path) -> ErrorList {
    validate_pod_spec_with(spec, path, false, &PodValidationOptions::default())
}

/// [`validate_pod_spec`], with the checks only pods get (no whitespace around images) when
/// `for_pod`, and what an update may keep (`opts`).
#[doc(hidden)]
pub fn validate_pod_spec_with(spec: &PodSpec, path: &Path, for_pod: bool, opts: &PodValidationOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    let volumes = validate_volumes(&spec.volumes, &path.child("volumes"), for_pod, &mut errs);
    let containers = spec.containers.as_deref().unwrap_or_default();
    let restart_policy = spec.restart_policy.0.as_str();
    errs.extend(super::pod_resources::pod_resource_claims(&spec.resource_claims, &path.child("resourceClaims")));
    let ctx = PodCtx {
        volumes,
        claims: super::pod_resources::claim_names(&spec.resource_claims),
        host_users: super::security::host_users(spec),
        restart_policy: spec.restart_policy.0.as_str(),
        grace_period: spec.termination_grace_period_seconds,
        allow_init_resize_policy: opts.allow_sidecar_resize_policy
            || crate::features::enabled(crate::features::Feature::InPlacePodVerticalScaling),
    };
    errs.extend(validate_containers(containers, &ctx, &path.child("containers")));
    errs.extend(validate_init_containers(&spec.init_containers, containers, &ctx, &path.child("initContainers")));
    errs.extend(super::ephemeral::ephemeral_containers(
        &spec.ephemeral_containers,
        containers,
        &spec.init_containers,
        &ctx,
        &path.child("ephemeralContainers"),
    ));
    if crate::features::enabled(crate::features::Feature::PodLevelResources) {
        errs.extend(super::pod_resources::pod_resources(spec, &ctx.claims, &path.child("resources")));
    }
    if spec.host_network {
        errs.extend(host_network_ports(containers, &path.child("containers")));
        errs.extend(host_network_ports(&spec.init_containers, &path.child("initContainers")));
    }
    match restart_policy {
        "" => errs.push(FieldError::required(path.child("restartPolicy"), "")),
        p if !RESTART_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(
                path.child("restartPolicy"),
                BadValue::named(p),
                RESTART_POLICIES,
            ));
        }
        _ => {}
    }
    match spec.dns_policy.0.as_str() {
        "" => errs.push(FieldError::required(path.child("dnsPolicy"), "")),
        p if !DNS_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(path.child("dnsPolicy"), BadValue::named(p), DNS_POLICIES));
        }
        _ => {}
    }
    errs.extend(validate_labels(&spec.node_selector, &path.child("nodeSelector")));
    errs.extend(super::security::pod_security_context(
        spec,
        opts.allow_namespaced_sysctls_for_host_net_and_host_ipc,
        &path.child("securityContext"),
    ));
    for (i, s) in spec.image_pull_secrets.iter().enumerate() {
        if s.name.is_empty() {
            errs.push(FieldError::required(path.child("imagePullSecrets").index(i).child("name"), ""));
        }
    }
    if let Some(a) = &spec.affinity {
        errs.extend(super::affinity::affinity(a, opts, &path.child("affinity")));
    }
    errs.extend(super::dns::dns_config(spec.dns_config.as_deref(), &spec.dns_policy.0, &path.child("dnsConfig")));
    for (i, g) in spec.readiness_gates.iter().enumerate() {
        let p = path.child("readinessGates").index(i).child("conditionType");
        errs.extend(kapi_machinery::validation::content::validate_qualified_name(&p, &g.condition_type.0));
    }
    let mut gates = BTreeSet::new();
    for (i, g) in spec.scheduling_gates.iter().enumerate() {
        let p = path.child("schedulingGates").index(i);
        errs.extend(kapi_machinery::validation::content::validate_qualified_name(&p, &g.name));
        if !gates.insert(g.name.as_str()) {
            errs.push(FieldError::duplicate(&p, g.name.as_str()));
        }
    }
    errs.extend(super::spread::topology_spread_constraints(
        &spec.topology_spread_constraints,
        opts.allow_invalid_topology_spread_constraint_label_selector,
        opts.match_label_keys_rule(),
        &path.child("topologySpreadConstraints"),
    ));
    errs.extend(super::security::windows_host_process_pod(spec, path));
    errs.extend(super::security::host_users_deps(spec, path));
    if !spec.service_account_name.is_empty() {
        let p = path.child("serviceAccountName");
        errs.extend(
            name_is_dns_subdomain(&spec.service_account_name, false)
                .into_iter()
                .map(|m| FieldError::invalid(&p, &spec.service_account_name, &m)),
        );
    }
    if !spec.node_name.is_empty() {
        let p = path.child("nodeName");
        errs.extend(
            name_is_dns_subdomain(&spec.node_name, false)
                .into_iter()
                .map(|m| FieldError::invalid(&p, &spec.node_name, &m)),
        );
    }
    if let Some(v) = spec.active_deadline_seconds
        && !(1..=MAX_INT32).contains(&v)
    {
        errs.push(FieldError::invalid_value(
            path.child("activeDeadlineSeconds"),
            v,
            &inclusive_range_error(1, MAX_INT32),
        ));
    }
    if !spec.hostname.is_empty() {
        errs.extend(dns1123_label(&spec.hostname, &path.child("hostname")));
    }
    if !spec.subdomain.is_empty() {
        errs.extend(dns1123_label(&spec.subdomain, &path.child("subdomain")));
    }
    errs.extend(validate_tolerations(&spec.tolerations, &path.child("tolerations")));
    errs.extend(super::dns::host_aliases(&spec.host_aliases, &path.child("hostAliases")));
    if !spec.priority_class_name.is_empty() {
        let p = path.child("priorityClassName");
        errs.extend(
            name_is_dns_subdomain(&spec.priority_class_name, false)
                .into_iter()
                .map(|m| FieldError::invalid(&p, &spec.priority_class_name, &m)),
        );
    }
    if let Some(name) = &spec.runtime_class_name {
        let p = path.child("runtimeClassName");
        errs.extend(name_is_dns_subdomain(name, false).into_iter().map(|m| FieldError::invalid(&p, name, &m)));
    }
    if let Some(p) = &spec.preemption_policy
        && !["Never", "PreemptLowerPriority"].contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("preemptionPolicy"),
            BadValue::named(&p.0),
            &["Never", "PreemptLowerPriority"],
        ));
    }
    errs.extend(super::security::os(spec, path));
    if for_pod {
        // Upstream's `validateContainersOnlyForPod`, for regular containers, then init ones.
        for (name, list) in [("containers", containers), ("initContainers", &spec.init_containers[..])] {
            for (i, c) in list.iter().enumerate() {
                if c.image.trim() != c.image {
                    errs.push(FieldError::invalid(
                        path.child(name).index(i).child("image"),
                        &c.image,
                        "must not have leading or trailing whitespace",
                    ));
                }
            }
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Volumes.

/// Upstream's `ValidateVolumes`: unique DNS-label names and one source each; returns the volumes
/// that passed by name, which mounts and devices may refer to.
fn validate_volumes<'a>(
    volumes: &'a [Volume],
    path: &Path,
    for_pod: bool,
    errs: &mut ErrorList,
) -> BTreeMap<&'a str, &'a VolumeSource> {
    let mut ok = BTreeMap::new();
    for (i, v) in volumes.iter().enumerate() {
        let item = path.index(i);
        let name_path = item.child("name");
        let mut found = super::volumes::volume_source(&v.volume_source, &v.name, &item, for_pod);
        if v.name.is_empty() {
            found.push(FieldError::required(&name_path, ""));
        } else {
            found.extend(dns1123_label(&v.name, &name_path));
        }
        if ok.contains_key(v.name.as_str()) {
            found.push(FieldError::duplicate(&name_path, v.name.as_str()));
        }
        if found.is_empty() {
            ok.insert(v.name.as_str(), &v.volume_source);
        } else {
            errs.extend(found);
        }
    }
    ok
}

pub(super) fn file_mode(mode: Option<i32>, path: &Path) -> ErrorList {
    match mode {
        Some(m) if !(0..=0o777).contains(&m) => vec![FieldError::invalid_value(path, m, FILE_MODE_MSG)],
        _ => Vec::new(),
    }
}

pub(super) fn key_to_paths(items: &[crate::core::v1::KeyToPath], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, kp) in items.iter().enumerate() {
        let item = path.index(i);
        if kp.key.is_empty() {
            errs.push(FieldError::required(item.child("key"), ""));
        }
        if kp.path.is_empty() {
            errs.push(FieldError::required(item.child("path"), ""));
        }
        errs.extend(local_non_reserved_path(&kp.path, &item.child("path")));
        errs.extend(file_mode(kp.mode, &item.child("mode")));
    }
    errs
}

/// Upstream's `validateLocalDescendingPath`: relative and without `..` steps.
pub(super) fn local_descending_path(target: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if target.starts_with('/') {
        errs.push(FieldError::invalid(path, target, "must be a relative path"));
    }
    if target.split('/').any(|s| s == "..") {
        errs.push(FieldError::invalid(path, target, "must not contain '..'"));
    }
    errs
}

/// Upstream's `validateLocalNonReservedPath`: a local descending path not starting with `..`.
pub(super) fn local_non_reserved_path(target: &str, path: &Path) -> ErrorList {
    let mut errs = local_descending_path(target, path);
    if target.starts_with("..") && !target.starts_with("../") {
        errs.push(FieldError::invalid(path, target, "must not start with '..'"));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Containers.

fn validate_containers(containers: &[Container], ctx: &PodCtx<'_>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if containers.is_empty() {
        errs.push(FieldError::required(path, ""));
        return errs;
    }
    let mut names = BTreeSet::new();
    for (i, c) in containers.iter().enumerate() {
        let item = path.index(i);
        errs.extend(container_common(c, ctx, &item));
        if !names.insert(c.name.as_str()) {
            errs.push(FieldError::duplicate(item.child("name"), c.name.as_str()));
        }
        if let Some(l) = &c.lifecycle {
            errs.extend(lifecycle(l, ctx.grace_period, &item.child("lifecycle")));
        }
        errs.extend(probes(c, &item));
        if c.restart_policy.is_some() {
            errs.push(FieldError::forbidden(item.child("restartPolicy"), "may not be set for non-init containers"));
        }
    }
    errs.extend(unique_host_ports(containers, path, &mut BTreeSet::new()));
    errs
}

fn validate_init_containers(init: &[Container], regular: &[Container], ctx: &PodCtx<'_>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names: BTreeSet<&str> = regular.iter().map(|c| c.name.as_str()).collect();
    for (i, c) in init.iter().enumerate() {
        let item = path.index(i);
        errs.extend(container_common(c, ctx, &item));
        let sidecar = match c.restart_policy.as_ref().map(|p| p.0.as_str()) {
            None => false,
            Some("Always") => true,
            Some(other) => {
                errs.push(FieldError::not_supported_value(
                    item.child("restartPolicy"),
                    BadValue::named(other),
                    &["Always"],
                ));
                false
            }
        };
        if names.contains(c.name.as_str()) {
            errs.push(FieldError::duplicate(item.child("name"), c.name.as_str()));
        } else if !c.name.is_empty() {
            names.insert(c.name.as_str());
        }
        // Init containers run one at a time, so each is checked for host port clashes alone.
        errs.extend(unique_host_ports(std::slice::from_ref(c), path, &mut BTreeSet::new()));
        if sidecar {
            if let Some(l) = &c.lifecycle {
                errs.extend(lifecycle(l, ctx.grace_period, &item.child("lifecycle")));
            }
            errs.extend(probes(c, &item));
        } else {
            for (set, name) in [
                (c.lifecycle.is_some(), "lifecycle"),
                (c.liveness_probe.is_some(), "livenessProbe"),
                (c.readiness_probe.is_some(), "readinessProbe"),
                (c.startup_probe.is_some(), "startupProbe"),
            ] {
                if set {
                    errs.push(FieldError::forbidden(item.child(name), NOT_FOR_INIT));
                }
            }
        }
        // Upstream's option is all or nothing: with it any init container may have a resize
        // policy (only sidecars are resized), without it none may.
        if !ctx.allow_init_resize_policy && !c.resize_policy.is_empty() {
            errs.push(FieldError::invalid_value(
                item.child("resizePolicy"),
                super::json_value(&c.resize_policy),
                "must not be set for init containers",
            ));
        }
    }
    errs
}

/// Upstream's `validateContainerCommon` and the per-container checks every kind of container gets.
/// What the checks of each container need from its pod.
pub(super) struct PodCtx<'a> {
    /// The pod's valid volumes by name, which mounts and devices may name.
    volumes: BTreeMap<&'a str, &'a VolumeSource>,
    /// The names of the pod's resource claims, which containers' `resources.claims` may name.
    claims: BTreeSet<&'a str>,
    /// Whether the pod shares the host's user namespace.
    host_users: bool,
    /// The pod's restart policy.
    restart_policy: &'a str,
    /// The pod's `terminationGracePeriodSeconds`, which bounds a lifecycle hook's sleep.
    grace_period: Option<i64>,
    /// Whether init containers may have a `resizePolicy` (upstream's `AllowSidecarResizePolicy`).
    allow_init_resize_policy: bool,
}

/// Upstream's `isRestartableInitContainer`: an init container that keeps running (a sidecar).
fn is_sidecar(c: &Container) -> bool {
    c.restart_policy.as_ref().is_some_and(|p| p.0 == "Always")
}

pub(super) fn container_common(c: &Container, ctx: &PodCtx<'_>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let name_path = path.child("name");
    if c.name.is_empty() {
        errs.push(FieldError::required(&name_path, ""));
    } else {
        errs.extend(dns1123_label(&c.name, &name_path));
    }
    if c.image.is_empty() {
        errs.push(FieldError::required(path.child("image"), ""));
    }
    match c.termination_message_policy.0.as_str() {
        "" => errs.push(FieldError::required(path.child("terminationMessagePolicy"), "")),
        p if !TERMINATION_MESSAGE_POLICIES.contains(&p) => errs.push(FieldError::not_supported_value(
            path.child("terminationMessagePolicy"),
            BadValue::named(p),
            TERMINATION_MESSAGE_POLICIES,
        )),
        _ => {}
    }
    errs.extend(container_ports(c, &path.child("ports")));
    errs.extend(env(&c.env, &path.child("env")));
    errs.extend(env_from(&c.env_from, &path.child("envFrom")));
    errs.extend(volume_mounts(c, &ctx.volumes, &path.child("volumeMounts")));
    errs.extend(volume_devices(c, &ctx.volumes, &path.child("volumeDevices")));
    match c.image_pull_policy.0.as_str() {
        "" => errs.push(FieldError::required(path.child("imagePullPolicy"), "")),
        p if !PULL_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(
                path.child("imagePullPolicy"),
                BadValue::named(p),
                PULL_POLICIES,
            ));
        }
        _ => {}
    }
    errs.extend(resource_requirements(&c.resources, resource_name, &ctx.claims, &path.child("resources")));
    errs.extend(super::pod_resources::resize_policy(&c.resize_policy, ctx.restart_policy, &path.child("resizePolicy")));
    if let Some(sc) = &c.security_context {
        errs.extend(super::security::container_security_context(sc, ctx.host_users, &path.child("securityContext")));
    }
    errs
}

fn container_ports(c: &Container, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, p) in c.ports.iter().enumerate() {
        let item = path.index(i);
        if !p.name.is_empty() {
            let msgs = super::is_valid_port_name(&p.name);
            if !msgs.is_empty() {
                errs.extend(msgs.into_iter().map(|m| FieldError::invalid(item.child("name"), &p.name, &m)));
            } else if !names.insert(p.name.as_str()) {
                errs.push(FieldError::duplicate(item.child("name"), p.name.as_str()));
            }
        }
        if p.container_port == 0 {
            errs.push(FieldError::required(item.child("containerPort"), ""));
        } else {
            errs.extend(
                is_valid_port_num(i64::from(p.container_port))
                    .into_iter()
                    .map(|m| FieldError::invalid_value(item.child("containerPort"), p.container_port, &m)),
            );
        }
        if p.host_port != 0 {
            errs.extend(
                is_valid_port_num(i64::from(p.host_port))
                    .into_iter()
                    .map(|m| FieldError::invalid_value(item.child("hostPort"), p.host_port, &m)),
            );
        }
        match p.protocol.0.as_str() {
            "" => errs.push(FieldError::required(item.child("protocol"), "")),
            proto if !PROTOCOLS.contains(&proto) => {
                errs.push(FieldError::not_supported_value(item.child("protocol"), BadValue::named(proto), PROTOCOLS));
            }
            _ => {}
        }
    }
    errs
}

/// Upstream's `AccumulateUniqueHostPorts`: one `protocol/hostIP/hostPort` per pod.
fn unique_host_ports(containers: &[Container], path: &Path, seen: &mut BTreeSet<String>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (ci, c) in containers.iter().enumerate() {
        for (pi, p) in c.ports.iter().enumerate() {
            if p.host_port == 0 {
                continue;
            }
            let key = format!("{}/{}/{}", p.protocol.0, p.host_ip, p.host_port);
            if seen.contains(&key) {
                errs.push(FieldError::duplicate(path.index(ci).child("ports").index(pi).child("hostPort"), key));
            } else {
                seen.insert(key);
            }
        }
    }
    errs
}

/// With `hostNetwork`, a container's port is the host's: `containerPort` must equal `hostPort`.
fn host_network_ports(containers: &[Container], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (ci, c) in containers.iter().enumerate() {
        for (pi, p) in c.ports.iter().enumerate() {
            if p.host_port != p.container_port {
                errs.push(FieldError::invalid_value(
                    path.index(ci).child("ports").index(pi).child("containerPort"),
                    p.container_port,
                    "must match `hostPort` when `hostNetwork` is true",
                ));
            }
        }
    }
    errs
}

/// Upstream's `IsRelaxedEnvVarName`.
fn relaxed_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.is_empty() {
        errs.push("environment variable name must be non-empty".to_owned());
    }
    if value.chars().any(|c| !c.is_ascii() || c.is_ascii_control() || c == '=') {
        errs.push(RELAXED_ENV_MSG.to_owned());
    }
    errs
}

fn env(vars: &[EnvVar], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, ev) in vars.iter().enumerate() {
        let item = path.index(i);
        if ev.name.is_empty() {
            errs.push(FieldError::required(item.child("name"), ""));
        } else {
            errs.extend(
                relaxed_env_var_name(&ev.name)
                    .into_iter()
                    .map(|m| FieldError::invalid(item.child("name"), &ev.name, &m)),
            );
        }
        let Some(from) = &ev.value_from else { continue };
        let from_path = item.child("valueFrom");
        let mut sources = 0;
        if let Some(f) = &from.field_ref {
            sources += 1;
            errs.extend(object_field_selector(
                &f.api_version,
                &f.field_path,
                ENV_FIELD_PATHS,
                &from_path.child("fieldRef"),
            ));
        }
        if let Some(r) = &from.resource_field_ref {
            sources += 1;
            if r.resource.is_empty() {
                errs.push(FieldError::required(from_path.child("resourceFieldRef").child("resource"), ""));
            }
        }
        if let Some(k) = &from.config_map_key_ref {
            sources += 1;
            errs.extend(key_selector(&k.local_object_reference.name, &k.key, &from_path.child("configMapKeyRef")));
        }
        if let Some(k) = &from.secret_key_ref {
            sources += 1;
            errs.extend(key_selector(&k.local_object_reference.name, &k.key, &from_path.child("secretKeyRef")));
        }
        if from.file_key_ref.is_some() {
            sources += 1;
        }
        if sources == 0 {
            errs.push(FieldError::invalid(
                &from_path,
                "",
                "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
            ));
        } else if !ev.value.is_empty() {
            errs.push(FieldError::invalid(&from_path, "", "may not be specified when `value` is not empty"));
        } else if sources > 1 {
            errs.push(FieldError::invalid(&from_path, "", "may not have more than one field specified at a time"));
        }
    }
    errs
}

/// Upstream's `validateObjectFieldSelector` with the field paths `allowed` (sorted).
pub(super) fn object_field_selector(api_version: &str, field_path: &str, allowed: &[&str], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if api_version.is_empty() {
        errs.push(FieldError::required(path.child("apiVersion"), ""));
        return errs;
    }
    if field_path.is_empty() {
        errs.push(FieldError::required(path.child("fieldPath"), ""));
        return errs;
    }
    let fp = path.child("fieldPath");
    if api_version != "v1" {
        errs.push(FieldError::invalid(
            &fp,
            field_path,
            &format!("error converting fieldPath: unsupported pod version: {api_version}"),
        ));
        return errs;
    }
    let subscript = ["metadata.annotations[", "metadata.labels["]
        .iter()
        .find_map(|p| field_path.strip_prefix(p).and_then(|rest| rest.strip_suffix(']')));
    if let Some(key) = subscript {
        if field_path.starts_with("metadata.labels[") {
            errs.extend(is_qualified_name(key).into_iter().map(|m| FieldError::invalid(&fp, key, &m)));
        }
        return errs;
    }
    if !DOWNWARD_API_FIELDS.contains(&field_path) {
        errs.push(FieldError::invalid(
            &fp,
            field_path,
            &format!("error converting fieldPath: field label not supported: {field_path}"),
        ));
    } else if !allowed.contains(&field_path) {
        errs.push(FieldError::not_supported_value(&fp, BadValue::from(field_path), allowed));
    }
    errs
}

fn key_selector(name: &str, key: &str, path: &Path) -> ErrorList {
    let mut errs: ErrorList = name_is_dns_subdomain(name, false)
        .into_iter()
        .map(|m| FieldError::invalid(path.child("name"), name, &m))
        .collect();
    if key.is_empty() {
        errs.push(FieldError::required(path.child("key"), ""));
    } else {
        errs.extend(super::is_config_map_key(key).into_iter().map(|m| FieldError::invalid(path.child("key"), key, &m)));
    }
    errs
}

fn env_from(sources: &[EnvFromSource], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, s) in sources.iter().enumerate() {
        let item = path.index(i);
        if !s.prefix.is_empty() {
            errs.extend(
                relaxed_env_var_name(&s.prefix)
                    .into_iter()
                    .map(|m| FieldError::invalid(item.child("prefix"), &s.prefix, &m)),
            );
        }
        let mut n = 0;
        for (name, r) in [
            ("configMapRef", s.config_map_ref.as_ref().map(|r| &r.local_object_reference.name)),
            ("secretRef", s.secret_ref.as_ref().map(|r| &r.local_object_reference.name)),
        ] {
            let Some(r) = r else { continue };
            n += 1;
            let p = item.child(name).child("name");
            if r.is_empty() {
                errs.push(FieldError::required(&p, ""));
            } else {
                errs.extend(name_is_dns_subdomain(r, true).into_iter().map(|m| FieldError::invalid(&p, r, &m)));
            }
        }
        // Upstream reports these two at the list, not the item.
        if n == 0 {
            errs.push(FieldError::invalid(path, "", "must specify one of: `configMapRef` or `secretRef`"));
        } else if n > 1 {
            errs.push(FieldError::invalid(path, "", "may not have more than one field specified at a time"));
        }
    }
    errs
}

fn volume_mounts(c: &Container, volumes: &BTreeMap<&str, &VolumeSource>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut points = BTreeSet::new();
    let devices = by_name(c.volume_devices.iter().map(|d| (d.name.as_str(), d.device_path.as_str())));
    for (i, m) in c.volume_mounts.iter().enumerate() {
        let item = path.index(i);
        if m.name.is_empty() {
            errs.push(FieldError::required(item.child("name"), ""));
        }
        if !volumes.contains_key(m.name.as_str()) {
            errs.push(FieldError::not_found(item.child("name"), m.name.as_str()));
        }
        if m.mount_path.is_empty() {
            errs.push(FieldError::required(item.child("mountPath"), ""));
        }
        if !points.insert(m.mount_path.as_str()) {
            errs.push(FieldError::invalid(item.child("mountPath"), &m.mount_path, "must be unique"));
        }
        // A volume is either mounted or attached as a block device, never both.
        if devices.contains_key(m.name.as_str()) {
            errs.push(FieldError::invalid(item.child("name"), &m.name, "must not already exist in volumeDevices"));
        }
        if devices.values().any(|p| *p == m.mount_path) {
            errs.push(FieldError::invalid(
                item.child("mountPath"),
                &m.mount_path,
                "must not already exist as a path in volumeDevices",
            ));
        }
        if volumes.get(m.name.as_str()).is_some_and(|v| v.image.is_some()) {
            for (value, name) in [(&m.sub_path, "subPath"), (&m.sub_path_expr, "subPathExpr")] {
                if !value.is_empty() {
                    errs.push(FieldError::invalid(item.child(name), value, "not allowed in image volume sources"));
                }
            }
        }
        // Upstream reports subPath findings at the list's path, not the item's, and so the
        // propagation and recursive read-only ones below.
        if !m.sub_path.is_empty() {
            errs.extend(local_descending_path(&m.sub_path, &path.child("subPath")));
        }
        if !m.sub_path_expr.is_empty() {
            if !m.sub_path.is_empty() {
                errs.push(FieldError::invalid(
                    item.child("subPathExpr"),
                    &m.sub_path_expr,
                    "subPathExpr and subPath are mutually exclusive",
                ));
            }
            errs.extend(local_descending_path(&m.sub_path_expr, &path.child("subPathExpr")));
        }
        if let Some(mode) = &m.mount_propagation {
            errs.extend(mount_propagation(&mode.0, c, &path.child("mountPropagation")));
        }
        errs.extend(recursive_read_only(m, &path.child("recursiveReadOnly")));
    }
    errs
}

/// Upstream's `GetVolumeMountMap` and `GetVolumeDeviceMap`: paths by name, the last of a name
/// winning, which decides what the overlap checks between mounts and devices see.
fn by_name<'a>(items: impl Iterator<Item = (&'a str, &'a str)>) -> BTreeMap<&'a str, &'a str> {
    items.collect()
}

/// A known propagation mode; `Bidirectional` shares mounts back with the host, so only a
/// privileged container may ask for it.
fn mount_propagation(mode: &str, c: &Container, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !MOUNT_PROPAGATIONS.contains(&mode) {
        errs.push(FieldError::not_supported_value(path, BadValue::named(mode), MOUNT_PROPAGATIONS));
    }
    let privileged = c.security_context.as_ref().and_then(|sc| sc.privileged) == Some(true);
    if mode == "Bidirectional" && !privileged {
        errs.push(FieldError::forbidden(
            path,
            "Bidirectional mount propagation is available only to privileged containers",
        ));
    }
    errs
}

/// `recursiveReadOnly`: a known mode; `Enabled` and `IfPossible` only on a read-only mount
/// that does not propagate mounts.
fn recursive_read_only(m: &VolumeMount, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(mode) = &m.recursive_read_only else { return errs };
    match mode.0.as_str() {
        "Disabled" => {}
        "Enabled" | "IfPossible" => {
            if !m.read_only {
                errs.push(FieldError::forbidden(path, "may only be specified when readOnly is true"));
            }
            if m.mount_propagation.as_ref().is_some_and(|p| p.0 != "None") {
                errs.push(FieldError::forbidden(
                    path,
                    "may only be specified when mountPropagation is None or not specified",
                ));
            }
        }
        other => errs.push(FieldError::not_supported_value(path, BadValue::named(other), RECURSIVE_READ_ONLY_MODES)),
    }
    errs
}

/// Upstream's `ValidateVolumeDevices`: block devices of claims (or ephemeral volumes, which make
/// claims), unique names and paths without backsteps, none also mounted.
fn volume_devices(c: &Container, volumes: &BTreeMap<&str, &VolumeSource>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut paths = BTreeSet::new();
    let mut names = BTreeSet::new();
    let mounts = by_name(c.volume_mounts.iter().map(|m| (m.name.as_str(), m.mount_path.as_str())));
    for (i, d) in c.volume_devices.iter().enumerate() {
        let item = path.index(i);
        let source = volumes.get(d.name.as_str());
        if d.name.is_empty() {
            errs.push(FieldError::required(item.child("name"), ""));
        }
        if names.contains(d.name.as_str()) {
            errs.push(FieldError::invalid(item.child("name"), &d.name, "must be unique"));
        }
        match source {
            Some(v) if v.persistent_volume_claim.is_none() && v.ephemeral.is_none() => {
                errs.push(FieldError::invalid(
                    item.child("name"),
                    &d.name,
                    "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode",
                ));
            }
            Some(_) => {}
            None => errs.push(FieldError::not_found(item.child("name"), d.name.as_str())),
        }
        if d.device_path.is_empty() {
            errs.push(FieldError::required(item.child("devicePath"), ""));
        }
        if paths.contains(d.device_path.as_str()) {
            errs.push(FieldError::invalid(item.child("devicePath"), &d.device_path, "must be unique"));
        }
        if !d.device_path.is_empty() && !super::volumes::no_backsteps(&d.device_path, path).is_empty() {
            errs.push(FieldError::invalid(
                item.child("devicePath"),
                &d.device_path,
                "can not contain backsteps ('..')",
            ));
        } else {
            // A path with backsteps is reported once, not again as a duplicate.
            paths.insert(d.device_path.as_str());
        }
        if mounts.contains_key(d.name.as_str()) {
            errs.push(FieldError::invalid(item.child("name"), &d.name, "must not already exist in volumeMounts"));
        }
        if mounts.values().any(|p| *p == d.device_path) {
            errs.push(FieldError::invalid(
                item.child("devicePath"),
                &d.device_path,
                "must not already exist as a path in volumeMounts",
            ));
        }
        if !d.name.is_empty() {
            names.insert(d.name.as_str());
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Resources.

fn is_extended_resource(name: &str) -> bool {
    let Some((domain, _)) = name.split_once('/') else { return false };
    !(domain == "kubernetes.io" || domain.ends_with(".kubernetes.io") || name.starts_with("requests."))
}

fn is_hugepages(name: &str) -> bool {
    name.starts_with("hugepages-")
}

/// Upstream's `IsOvercommitAllowed`: native resources other than huge pages.
fn overcommit_allowed(name: &str) -> bool {
    !is_extended_resource(name) && !is_hugepages(name)
}

fn resource_name(name: &str, path: &Path) -> ErrorList {
    let mut errs: ErrorList = is_qualified_name(name)
        .into_iter()
        .map(|m| FieldError::invalid_value(path, BadValue::named(name), &m))
        .collect();
    if !name.contains('/') {
        if !["cpu", "memory", "ephemeral-storage"].contains(&name) && !is_hugepages(name) {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::named(name),
                "must be a standard resource for containers",
            ));
        }
    } else if !name.starts_with("kubernetes.io/") && !is_extended_resource(name) {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::named(name),
            "doesn't follow extended resource name standard",
        ));
    }
    errs
}

fn quantity_value(name: &str, q: &Quantity, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if q.sign() < 0 {
        errs.push(FieldError::invalid(path, &q.to_string(), super::NEGATIVE));
    }
    if is_extended_resource(name) && q.milli_value() % 1000 != 0 {
        errs.push(FieldError::invalid_value(path, BadValue::Json(format!("\"{q}\"")), "must be an integer"));
    }
    errs
}

/// Upstream's `validateResourceRequirements`: names (`name_check`: a container's or the pod's),
/// non-negative (and, for extended resources, integral) quantities, requests not above limits,
/// requests equal to limits for resources that cannot be overcommitted, huge pages only with
/// cpu or memory, and claims naming the pod's (`pod_claims`).
pub(super) fn resource_requirements(
    r: &ResourceRequirements,
    name_check: fn(&str, &Path) -> ErrorList,
    pod_claims: &BTreeSet<&str>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let (lim_path, req_path) = (path.child("limits"), path.child("requests"));
    let cpu_or_memory = |name: &ResourceName| name.0 == "cpu" || name.0 == "memory";
    for (name, q) in &r.limits {
        let p = lim_path.key(&name.0);
        errs.extend(name_check(&name.0, &p));
        errs.extend(quantity_value(&name.0, q, &p));
    }
    for (name, q) in &r.requests {
        let p = req_path.key(&name.0);
        errs.extend(name_check(&name.0, &p));
        errs.extend(quantity_value(&name.0, q, &p));
        match r.limits.get(name) {
            Some(limit) => {
                let ord = q.partial_cmp(limit).unwrap_or(std::cmp::Ordering::Equal);
                if ord != std::cmp::Ordering::Equal && !overcommit_allowed(&name.0) {
                    errs.push(FieldError::invalid(
                        &req_path,
                        &q.to_string(),
                        &format!("must be equal to {} limit of {limit}", name.0),
                    ));
                } else if ord == std::cmp::Ordering::Greater {
                    errs.push(FieldError::invalid(
                        &req_path,
                        &q.to_string(),
                        &format!("must be less than or equal to {} limit of {limit}", name.0),
                    ));
                }
            }
            None if !overcommit_allowed(&name.0) => {
                errs.push(FieldError::required(&lim_path, "Limit must be set for non overcommitable resources"));
            }
            None => {}
        }
    }
    let names = || r.limits.keys().chain(r.requests.keys());
    if names().any(|n| is_hugepages(&n.0)) && !names().any(cpu_or_memory) {
        errs.push(FieldError::forbidden(path, "HugePages require cpu or memory"));
    }
    errs.extend(super::pod_resources::resource_claim_names(&r.claims, pod_claims, &path.child("claims")));
    errs
}

// ---------------------------------------------------------------------------------------------
// Probes and lifecycle handlers.

fn probes(c: &Container, item: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(p) = &c.liveness_probe {
        let path = item.child("livenessProbe");
        errs.extend(probe(p, &path));
        if p.success_threshold != 1 {
            errs.push(FieldError::invalid_value(path.child("successThreshold"), p.success_threshold, "must be 1"));
        }
    }
    if let Some(p) = &c.readiness_probe {
        let path = item.child("readinessProbe");
        errs.extend(probe(p, &path));
        if let Some(t) = p.termination_grace_period_seconds {
            errs.push(FieldError::invalid_value(
                path.child("terminationGracePeriodSeconds"),
                t,
                "must not be set for readinessProbes",
            ));
        }
    }
    if let Some(p) = &c.startup_probe {
        let path = item.child("startupProbe");
        errs.extend(probe(p, &path));
        if p.success_threshold != 1 {
            errs.push(FieldError::invalid_value(path.child("successThreshold"), p.success_threshold, "must be 1"));
        }
    }
    errs
}

fn probe(p: &Probe, path: &Path) -> ErrorList {
    let mut errs = probe_handler(&p.probe_handler, path);
    for (v, name) in [
        (p.initial_delay_seconds, "initialDelaySeconds"),
        (p.timeout_seconds, "timeoutSeconds"),
        (p.period_seconds, "periodSeconds"),
        (p.success_threshold, "successThreshold"),
        (p.failure_threshold, "failureThreshold"),
    ] {
        errs.extend(non_negative(i64::from(v), &path.child(name)));
    }
    if let Some(t) = p.termination_grace_period_seconds
        && t <= 0
    {
        errs.push(FieldError::invalid_value(path.child("terminationGracePeriodSeconds"), t, "must be greater than 0"));
    }
    errs
}

/// One handler of the kinds given, each checked; `more than 1` for the second and later.
fn one_handler(kinds: &[(&str, bool)], path: &Path, mut check: impl FnMut(&str, &Path) -> ErrorList) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut n = 0;
    for (name, set) in kinds {
        if !set {
            continue;
        }
        if n > 0 {
            errs.push(FieldError::forbidden(path.child(name), "may not specify more than 1 handler type"));
        } else {
            n += 1;
            errs.extend(check(name, &path.child(name)));
        }
    }
    if n == 0 {
        errs.push(FieldError::required(path, "must specify a handler type"));
    }
    errs
}

fn probe_handler(h: &ProbeHandler, path: &Path) -> ErrorList {
    let kinds = [
        ("exec", h.exec.is_some()),
        ("httpGet", h.http_get.is_some()),
        ("tcpSocket", h.tcp_socket.is_some()),
        ("grpc", h.grpc.is_some()),
    ];
    one_handler(&kinds, path, |name, p| match name {
        "exec" => exec(h.exec.as_ref().map(|e| e.command.len()), p),
        "httpGet" => h.http_get.as_ref().map(|g| http_get(g, p)).unwrap_or_default(),
        "tcpSocket" => h.tcp_socket.as_ref().map(|t| port_num_or_name(&t.port, &p.child("port"))).unwrap_or_default(),
        _ => h
            .grpc
            .as_ref()
            .map(|g| {
                is_valid_port_num(i64::from(g.port))
                    .into_iter()
                    .map(|m| FieldError::invalid_value(p.child("port"), g.port, &m))
                    .collect()
            })
            .unwrap_or_default(),
    })
}

fn lifecycle_handler(h: &LifecycleHandler, grace_period: Option<i64>, path: &Path) -> ErrorList {
    let kinds = [
        ("exec", h.exec.is_some()),
        ("httpGet", h.http_get.is_some()),
        ("tcpSocket", h.tcp_socket.is_some()),
        ("sleep", h.sleep.is_some()),
    ];
    one_handler(&kinds, path, |name, p| match name {
        "exec" => exec(h.exec.as_ref().map(|e| e.command.len()), p),
        "httpGet" => h.http_get.as_ref().map(|g| http_get(g, p)).unwrap_or_default(),
        "tcpSocket" => h.tcp_socket.as_ref().map(|t| port_num_or_name(&t.port, &p.child("port"))).unwrap_or_default(),
        _ => h.sleep.as_ref().map(|s| sleep(s.seconds, grace_period, p)).unwrap_or_default(),
    })
}

/// A sleep may last from 0 (`PodLifecycleSleepActionAllowZero`, GA in 1.34) up to the pod's
/// grace period. Without a grace period nothing is checked: that is the pod's own error, which
/// upstream does not report twice.
fn sleep(seconds: i64, grace_period: Option<i64>, path: &Path) -> ErrorList {
    match grace_period {
        Some(grace) if seconds < 0 || seconds > grace => vec![FieldError::invalid_value(
            path,
            seconds,
            &format!("must be non-negative and less than terminationGracePeriodSeconds ({grace})"),
        )],
        _ => ErrorList::new(),
    }
}

fn lifecycle(l: &crate::core::v1::Lifecycle, grace_period: Option<i64>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(h) = &l.post_start {
        errs.extend(lifecycle_handler(h, grace_period, &path.child("postStart")));
    }
    if let Some(h) = &l.pre_stop {
        errs.extend(lifecycle_handler(h, grace_period, &path.child("preStop")));
    }
    errs
}

fn exec(commands: Option<usize>, path: &Path) -> ErrorList {
    if commands == Some(0) { vec![FieldError::required(path.child("command"), "")] } else { Vec::new() }
}

fn http_get(g: &HTTPGetAction, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if g.path.is_empty() {
        errs.push(FieldError::required(path.child("path"), ""));
    }
    errs.extend(port_num_or_name(&g.port, &path.child("port")));
    if !HTTP_SCHEMES.contains(&g.scheme.0.as_str()) {
        errs.push(FieldError::not_supported_value(path.child("scheme"), BadValue::named(&g.scheme.0), HTTP_SCHEMES));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Security contexts.

// Security contexts are checked in `security.rs`.

// ---------------------------------------------------------------------------------------------
// Tolerations.

/// Upstream's `ValidateTolerations`.
#[doc(hidden)]
pub fn validate_tolerations(tolerations: &[Toleration], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, t) in tolerations.iter().enumerate() {
        let item = path.index(i);
        let op = t.operator.0.as_str();
        if !t.key.is_empty() {
            errs.extend(
                is_qualified_name(&t.key).into_iter().map(|m| FieldError::invalid(item.child("key"), &t.key, &m)),
            );
        }
        if t.key.is_empty() && op != "Exists" {
            errs.push(FieldError::invalid_value(
                item.child("operator"),
                BadValue::named(op),
                "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            ));
        }
        if t.toleration_seconds.is_some() && t.effect.0 != "NoExecute" {
            errs.push(FieldError::invalid_value(
                item.child("effect"),
                BadValue::named(&t.effect.0),
                "effect must be 'NoExecute' when `tolerationSeconds` is set",
            ));
        }
        match op {
            "Equal" | "" => {
                let found = is_label_value(&t.value);
                if !found.is_empty() {
                    errs.push(FieldError::invalid(item.child("operator"), &t.value, &found.join(";")));
                }
            }
            "Exists" => {
                if !t.value.is_empty() {
                    errs.push(FieldError::invalid_value(
                        item.child("operator"),
                        json_value(t),
                        "value must be empty when `operator` is 'Exists'",
                    ));
                }
            }
            other => errs.push(FieldError::not_supported_value(
                item.child("operator"),
                BadValue::named(other),
                TOLERATION_OPERATORS,
            )),
        }
        if !t.effect.0.is_empty() && !TAINT_EFFECTS.contains(&t.effect.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                item.child("effect"),
                BadValue::named(&t.effect.0),
                TAINT_EFFECTS,
            ));
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Pod updates.

/// Upstream's `ValidatePodUpdate` rules on the spec: the same containers, an
/// `activeDeadlineSeconds` that only appears or shrinks, only added tolerations, and nothing
/// else changed but images, that deadline, tolerations and a negative grace period set to 1.
#[doc(hidden)]
pub fn pod_spec_changes(new: &PodSpec, old: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let (new_c, old_c) = (new.containers.as_deref().unwrap_or_default(), old.containers.as_deref().unwrap_or_default());
    if new_c.len() != old_c.len() {
        errs.push(FieldError::forbidden(path.child("containers"), "pod updates may not add or remove containers"));
        return errs;
    }
    let deadline = path.child("activeDeadlineSeconds");
    match (new.active_deadline_seconds, old.active_deadline_seconds) {
        (Some(n), _) if !(0..=MAX_INT32).contains(&n) => {
            errs.push(FieldError::invalid_value(&deadline, n, &inclusive_range_error(0, MAX_INT32)));
            return errs;
        }
        (Some(n), Some(o)) if o < n => {
            errs.push(FieldError::invalid_value(&deadline, n, "must be less than or equal to previous value"));
            return errs;
        }
        (None, Some(_)) => errs.push(FieldError::invalid_value(
            &deadline,
            BadValue::Json("null".into()),
            "must not update from a positive integer to nil value",
        )),
        _ => {}
    }
    errs.extend(only_added_tolerations(&new.tolerations, &old.tolerations, &path.child("tolerations")));
    let mut munged = new.clone();
    if let Some(cs) = munged.containers.as_mut() {
        for (c, o) in cs.iter_mut().zip(old_c) {
            c.image.clone_from(&o.image);
        }
    }
    if munged.init_containers.len() == old.init_containers.len() {
        for (c, o) in munged.init_containers.iter_mut().zip(&old.init_containers) {
            c.image.clone_from(&o.image);
        }
    }
    munged.active_deadline_seconds = old.active_deadline_seconds;
    munged.scheduling_gates.clone_from(&old.scheduling_gates);
    munged.tolerations.clone_from(&old.tolerations);
    if old.termination_grace_period_seconds.is_some_and(|g| g < 0) && munged.termination_grace_period_seconds == Some(1)
    {
        munged.termination_grace_period_seconds = old.termination_grace_period_seconds;
    }
    if munged != *old {
        errs.push(FieldError::forbidden(
            path,
            &format!(
                "pod updates may not change fields other than {}\n{}",
                UPDATABLE_POD_FIELDS.join(","),
                spec_diff(old, &munged)
            ),
        ));
    }
    errs
}

/// The spec's top-level fields that differ, one line each (upstream prints a Go `cmp.Diff` of its
/// internal type here, which this does not reproduce).
fn spec_diff(old: &PodSpec, new: &PodSpec) -> String {
    use kapi_machinery::json::Value;
    let parse =
        |s: &PodSpec| kapi_machinery::json::to_vec(s).ok().and_then(|b| kapi_machinery::json::value::parse(&b).ok());
    let (Some(Value::Object(a)), Some(Value::Object(b))) = (parse(old), parse(new)) else { return String::new() };
    let a: BTreeMap<&str, &Value> = a.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let b: BTreeMap<&str, &Value> = b.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let keys: BTreeSet<&str> = a.keys().chain(b.keys()).copied().collect();
    let mut out = String::new();
    for k in keys {
        if a.get(k) != b.get(k) {
            out.push_str(&format!("  spec.{k}: changed\n"));
        }
    }
    out
}

/// Upstream's `validateOnlyAddedTolerations`: every old toleration is still there, with any
/// `tolerationSeconds`. The new ones go into a set by [`toleration_key`] once, so the check is
/// linear in both lists (comparing every old one with every new one was quadratic).
fn only_added_tolerations(new: &[Toleration], old: &[Toleration], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let kept: BTreeSet<_> = new.iter().map(toleration_key).collect();
    for o in old {
        if !kept.contains(&toleration_key(o)) {
            errs.push(FieldError::forbidden(
                path,
                "existing toleration can not be modified except its tolerationSeconds",
            ));
            return errs;
        }
    }
    errs.extend(validate_tolerations(new, path));
    errs
}

/// What must stay the same of a toleration on update: every field but `tolerationSeconds`. The
/// struct is taken apart in full, so a field added to `Toleration` has to be placed here.
fn toleration_key(t: &Toleration) -> (&str, &str, &str, &str) {
    let Toleration { key, operator, value, effect, toleration_seconds: _ } = t;
    (key, &operator.0, value, &effect.0)
}

#[cfg(test)]
#[path = "pod_tests.rs"]
mod tests;
