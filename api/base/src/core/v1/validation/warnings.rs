//! The `Warning` texts upstream's API server returns on writes of pods, pod templates and replication controllers (`pkg/api/pod/warnings.go` and the strategies' `WarningsOnCreate`/`WarningsOnUpdate`), shared with every kind that carries a pod template.
//!
//! Warnings never fail a request; they are the advice a v1.36 kube-apiserver adds as
//! `Warning: 299 - "…"` headers. The texts, field paths and conditions are upstream's, quirks
//! included: a replication controller's update warns about its *old* template, a stateful set's
//! update names its claim templates' `Spec` with a capital letter, and a pod's update warns about
//! nothing. Where upstream iterates a Go map or set, these functions use a fixed order (sorted
//! keys, first-inserted path), so the texts are upstream's and their order is stable.
//!
//! On update, upstream compares `metadata.generation` of the new object (already bumped by the
//! strategy's `PrepareForUpdate`) with the old one and warns about the pod template only when it
//! changed; the functions here expect the new object as it will be stored.
//!
//! The per-kind entry points (`warnings_for_pod`, …) are in `validation.rs` beside each
//! `validate_<kind>`, where the generator looks for them (it reads a package's own files only).

use std::collections::{BTreeSet, HashMap};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::content::is_dns1123_label;
use kapi_machinery::validation::{Path, go_quote};

use super::node_label_warnings::{deprecated_node_label, node_selector_term_warnings};
use crate::core::v1::{
    ContainerPort, EnvVar, PersistentVolumeClaimSpec, Pod, PodAffinityTerm, PodSpec, PodTemplate, PodTemplateSpec,
    ReplicationController, ResourceName, ResourceRequirements, SecurityContext, Volume, VolumeProjection,
    WeightedPodAffinityTerm,
};
use crate::meta::v1::ObjectMeta;

/// Upstream's `deprecatedAnnotations`, in its order.
const DEPRECATED_ANNOTATIONS: &[(&str, &str)] = &[
    (
        "scheduler.alpha.kubernetes.io/critical-pod",
        r#"non-functional in v1.16+; use the "priorityClassName" field instead"#,
    ),
    ("security.alpha.kubernetes.io/sysctls", r#"non-functional in v1.11+; use the "sysctls" field instead"#),
    ("security.alpha.kubernetes.io/unsafe-sysctls", r#"non-functional in v1.11+; use the "sysctls" field instead"#),
];

const SECCOMP_POD_ANNOTATION: &str = "seccomp.security.alpha.kubernetes.io/pod";
const SECCOMP_CONTAINER_ANNOTATION_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";
const APP_ARMOR_ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
const SECCOMP_DEPRECATED: &str = r#"non-functional in v1.27+; use the "seccompProfile" field instead"#;
const APP_ARMOR_DEPRECATED: &str = r#"deprecated since v1.30; use the "appArmorProfile" field instead"#;
const NULL_LABEL_SELECTOR: &str = "a null labelSelector results in matching no pod";
const FRACTIONAL_BYTES: &str = "is invalid, must be an integer";
const POD_NAME_ADVICE: &str = "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended";
const CONTROLLER_NAME_ADVICE: &str = "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended";

/// See [`super::warnings_for_pod`].
pub(super) fn pod(obj: &Pod, old: Option<&Pod>) -> Vec<String> {
    if old.is_some() {
        return Vec::new();
    }
    let mut warnings = Vec::new();
    let msgs = is_dns1123_label(&obj.metadata.name);
    if !msgs.is_empty() {
        warnings.push(format!("{POD_NAME_ADVICE}: {}", go_list(&msgs)));
    }
    warnings.extend(pod_spec_and_meta(None, &obj.spec, &obj.metadata));
    warnings
}

/// See [`super::warnings_for_pod_template`].
pub(super) fn pod_template(obj: &PodTemplate, old: Option<&PodTemplate>) -> Vec<String> {
    let path = Path::new("template");
    match old {
        None => warnings_for_pod_template_spec(&path, Some(&obj.template), None),
        Some(old) if obj.metadata.generation != old.metadata.generation => {
            warnings_for_pod_template_spec(&path, Some(&obj.template), Some(&old.template))
        }
        Some(_) => Vec::new(),
    }
}

/// See [`super::warnings_for_replication_controller`].
pub(super) fn replication_controller(obj: &ReplicationController, old: Option<&ReplicationController>) -> Vec<String> {
    let path = Path::new("spec").child("template");
    match old {
        None => {
            let mut warnings = controller_name_warnings(&obj.metadata.name);
            warnings.extend(warnings_for_pod_template_spec(&path, obj.spec.template.as_ref(), None));
            warnings
        }
        Some(old) if obj.metadata.generation != old.metadata.generation => {
            warnings_for_pod_template_spec(&path, old.spec.template.as_ref(), obj.spec.template.as_ref())
        }
        Some(_) => Vec::new(),
    }
}

/// Upstream's `GetWarningsForPodTemplate`: the warnings of a pod template at `path` (such as
/// `spec.template`). `old` is accepted as upstream's is and, as there, changes nothing: every
/// warning is repeated while the template keeps the thing warned about.
pub fn warnings_for_pod_template_spec(
    path: &Path,
    template: Option<&PodTemplateSpec>,
    old: Option<&PodTemplateSpec>,
) -> Vec<String> {
    let _ = old;
    match template {
        Some(t) => pod_spec_and_meta(Some(path), &t.spec, &t.metadata),
        None => Vec::new(),
    }
}

/// Upstream's `GetWarningsForPersistentVolumeClaimSpec`: fractional byte values of the storage
/// request and limit, under `path`.
pub fn warnings_for_persistent_volume_claim_spec(path: &Path, spec: &PersistentVolumeClaimSpec) -> Vec<String> {
    let mut warnings = Vec::new();
    for (list, values) in [("requests", &spec.resources.requests), ("limits", &spec.resources.limits)] {
        if let Some(q) = resource(values, ResourceName::STORAGE).filter(|q| fractional(q)) {
            let at = path.child("resources").child(list).key(ResourceName::STORAGE);
            warnings.push(format!("{at}: fractional byte value {} {FRACTIONAL_BYTES}", go_quote(&q.to_string())));
        }
    }
    warnings
}

/// The warning controllers' strategies (replication controllers, deployments, replica sets,
/// jobs, cron jobs) give on create when the name is not a DNS label, since pod names and
/// hostnames derive from it.
#[doc(hidden)]
pub fn controller_name_warnings(name: &str) -> Vec<String> {
    let msgs = is_dns1123_label(name);
    if msgs.is_empty() { Vec::new() } else { vec![format!("{CONTROLLER_NAME_ADVICE}: {}", go_list(&msgs))] }
}

/// Go's `%v` of a string slice: `[a b]`.
fn go_list(items: &[String]) -> String {
    format!("[{}]", items.join(" "))
}

fn resource<'a>(list: &'a std::collections::BTreeMap<ResourceName, Quantity>, name: &str) -> Option<&'a Quantity> {
    list.iter().find(|(k, _)| k.0 == name).map(|(_, q)| q)
}

/// Whether a byte amount has a fraction (`MilliValue() % 1000 != 0`).
fn fractional(q: &Quantity) -> bool {
    q.milli_value() % 1000 != 0
}

/// One container of any kind, as upstream's `VisitContainersWithPath` hands it over.
struct Ctr<'a> {
    name: &'a str,
    security_context: Option<&'a SecurityContext>,
    resources: &'a ResourceRequirements,
    env: &'a [EnvVar],
    ports: &'a [ContainerPort],
    path: Path,
}

/// Init containers, containers, then ephemeral containers, each with its path under `spec`.
fn containers<'a>(spec: &'a PodSpec, at: &Path) -> Vec<Ctr<'a>> {
    let mut all = Vec::new();
    let lists = [
        ("initContainers", spec.init_containers.as_slice()),
        ("containers", spec.containers.as_deref().unwrap_or_default()),
    ];
    for (list, items) in lists {
        for (i, c) in items.iter().enumerate() {
            all.push(Ctr {
                name: &c.name,
                security_context: c.security_context.as_deref(),
                resources: &c.resources,
                env: &c.env,
                ports: &c.ports,
                path: at.child(list).index(i),
            });
        }
    }
    for (i, e) in spec.ephemeral_containers.iter().enumerate() {
        let c = &e.ephemeral_container_common;
        all.push(Ctr {
            name: &c.name,
            security_context: c.security_context.as_deref(),
            resources: &c.resources,
            env: &c.env,
            ports: &c.ports,
            path: at.child("ephemeralContainers").index(i),
        });
    }
    all
}

/// A path under the template prefix, or from the root for a pod.
fn under(prefix: Option<&Path>, name: &str) -> Path {
    prefix.map_or_else(|| Path::new(name), |p| p.child(name))
}

/// Upstream's `warningsForPodSpecAndMeta`; `prefix` is `None` for a pod, the template's path
/// otherwise (only templates warn about AppArmor annotations here).
fn pod_spec_and_meta(prefix: Option<&Path>, spec: &PodSpec, meta: &ObjectMeta) -> Vec<String> {
    let mut warnings = Vec::new();
    let spec_path = under(prefix, "spec");
    let annotations = under(prefix, "metadata").child("annotations");

    // Deprecated node labels in node selectors, node affinity and topology spread constraints.
    for key in spec.node_selector.keys() {
        if let Some(msg) = deprecated_node_label(key) {
            warnings.push(format!("{}: {msg}", spec_path.child("nodeSelector").key(key)));
        }
    }
    if let Some(node) = spec.affinity.as_ref().and_then(|a| a.node_affinity.as_ref()) {
        if let Some(required) = &node.required_during_scheduling_ignored_during_execution {
            let at = spec_path
                .child("affinity")
                .child("nodeAffinity")
                .child("requiredDuringSchedulingIgnoredDuringExecution")
                .child("nodeSelectorTerms");
            for (i, term) in required.node_selector_terms.iter().flatten().enumerate() {
                warnings.extend(node_selector_term_warnings(term, &at.index(i)));
            }
        }
        let at =
            spec_path.child("affinity").child("nodeAffinity").child("preferredDuringSchedulingIgnoredDuringExecution");
        for (i, term) in node.preferred_during_scheduling_ignored_during_execution.iter().enumerate() {
            warnings.extend(node_selector_term_warnings(&term.preference, &at.index(i).child("preference")));
        }
    }
    for (i, t) in spec.topology_spread_constraints.iter().enumerate() {
        let at = spec_path.child("topologySpreadConstraints").index(i);
        if let Some(msg) = deprecated_node_label(&t.topology_key) {
            warnings.push(format!("{}: {} is {msg}", at.child("topologyKey"), t.topology_key));
        }
        if t.label_selector.is_none() {
            warnings.push(format!("{}: {NULL_LABEL_SELECTOR}", at.child("labelSelector")));
        }
    }

    for (key, msg) in DEPRECATED_ANNOTATIONS {
        if meta.annotations.contains_key(*key) {
            warnings.push(format!("{}: {msg}", annotations.key(key)));
        }
    }

    warnings.extend(volume_plugins(&spec.volumes, &spec_path));
    warnings.extend(overlapping_virtual_paths(&spec.volumes));

    // Duplicate host aliases and image pull secrets, and pull secrets without a name.
    let mut ips = BTreeSet::new();
    for (i, alias) in spec.host_aliases.iter().enumerate() {
        if !ips.insert(alias.ip.as_str()) {
            let at = spec_path.child("hostAliases").index(i).child("ip");
            warnings.push(format!("{at}: duplicate ip {}", go_quote(&alias.ip)));
        }
    }
    let mut names = BTreeSet::new();
    for (i, secret) in spec.image_pull_secrets.iter().enumerate() {
        if !names.insert(secret.name.as_str()) {
            let at = spec_path.child("imagePullSecrets").index(i).child("name");
            warnings.push(format!("{at}: duplicate name {}", go_quote(&secret.name)));
        }
    }
    for (i, secret) in spec.image_pull_secrets.iter().enumerate() {
        if secret.name.is_empty() {
            let at = spec_path.child("imagePullSecrets").index(i).child("name");
            warnings.push(format!("{at}: invalid empty name {}", go_quote(&secret.name)));
        }
    }

    for name in [ResourceName::MEMORY, ResourceName::RESOURCE_EPHEMERAL_STORAGE] {
        if let Some(q) = resource(&spec.overhead, name).filter(|q| fractional(q)) {
            let at = spec_path.child("overhead").key(name);
            warnings.push(format!("{at}: fractional byte value {} {FRACTIONAL_BYTES}", go_quote(&q.to_string())));
        }
    }

    let pod_context = spec.security_context.as_ref();
    if pod_context.and_then(|c| c.seccomp_profile.as_ref()).is_none()
        && meta.annotations.contains_key(SECCOMP_POD_ANNOTATION)
    {
        warnings.push(format!("{}: {SECCOMP_DEPRECATED}", annotations.key(SECCOMP_POD_ANNOTATION)));
    }
    let pod_app_armor = pod_context.and_then(|c| c.app_armor_profile.as_ref()).is_some();

    let all = containers(spec, &spec_path);
    for c in &all {
        if c.security_context.and_then(|s| s.seccomp_profile.as_ref()).is_none() {
            let key = format!("{SECCOMP_CONTAINER_ANNOTATION_PREFIX}{}", c.name);
            if meta.annotations.contains_key(&key) {
                warnings.push(format!("{}: {SECCOMP_DEPRECATED}", annotations.key(&key)));
            }
        }
        // Pods get this warning from their strategy (`applyAppArmorVersionSkew`) instead.
        let has_app_armor = pod_app_armor || c.security_context.and_then(|s| s.app_armor_profile.as_ref()).is_some();
        if prefix.is_some() && !has_app_armor {
            let key = format!("{APP_ARMOR_ANNOTATION_PREFIX}{}", c.name);
            if meta.annotations.contains_key(&key) {
                warnings.push(format!("{}: {APP_ARMOR_DEPRECATED}", annotations.key(&key)));
            }
        }
        for (list, values, name) in [
            ("limits", &c.resources.limits, ResourceName::MEMORY),
            ("requests", &c.resources.requests, ResourceName::MEMORY),
            ("limits", &c.resources.limits, ResourceName::RESOURCE_EPHEMERAL_STORAGE),
            ("requests", &c.resources.requests, ResourceName::RESOURCE_EPHEMERAL_STORAGE),
        ] {
            if let Some(q) = resource(values, name).filter(|q| fractional(q)) {
                let at = c.path.child("resources").child(list).key(name);
                warnings.push(format!("{at}: fractional byte value {} {FRACTIONAL_BYTES}", go_quote(&q.to_string())));
            }
        }
        warnings.extend(duplicate_env(c));
    }
    warnings.extend(ports(&all));

    if spec.termination_grace_period_seconds.is_some_and(|s| s < 0) {
        warnings.push(format!(
            "{}: must be >= 0; negative values are invalid and will be treated as 1",
            spec_path.child("terminationGracePeriodSeconds")
        ));
    }

    if let Some(affinity) = spec.affinity.as_deref() {
        let at = spec_path.child("affinity");
        if let Some(a) = &affinity.pod_affinity {
            let at = at.child("podAffinity");
            warnings.extend(null_selectors(&a.required_during_scheduling_ignored_during_execution, &at));
            warnings.extend(null_weighted_selectors(&a.preferred_during_scheduling_ignored_during_execution, &at));
        }
        if let Some(a) = &affinity.pod_anti_affinity {
            let at = at.child("podAntiAffinity");
            warnings.extend(null_selectors(&a.required_during_scheduling_ignored_during_execution, &at));
            warnings.extend(null_weighted_selectors(&a.preferred_during_scheduling_ignored_during_execution, &at));
        }
    }
    warnings
}

fn null_selectors(terms: &[PodAffinityTerm], at: &Path) -> Vec<String> {
    let at = at.child("requiredDuringSchedulingIgnoredDuringExecution");
    let nulls = terms.iter().enumerate().filter(|(_, t)| t.label_selector.is_none());
    nulls.map(|(i, _)| format!("{}: {NULL_LABEL_SELECTOR}", at.index(i).child("labelSelector"))).collect()
}

fn null_weighted_selectors(terms: &[WeightedPodAffinityTerm], at: &Path) -> Vec<String> {
    let at = at.child("preferredDuringSchedulingIgnoredDuringExecution");
    let nulls = terms.iter().enumerate().filter(|(_, t)| t.pod_affinity_term.label_selector.is_none());
    nulls
        .map(|(i, _)| format!("{}: {NULL_LABEL_SELECTOR}", at.index(i).child("podAffinityTerm").child("labelSelector")))
        .collect()
}

/// Deprecated and removed volume plugins, and fractional sizes in ephemeral claim templates.
fn volume_plugins(volumes: &[Volume], spec_path: &Path) -> Vec<String> {
    let mut warnings = Vec::new();
    for (i, v) in volumes.iter().enumerate() {
        let at = spec_path.child("volumes").index(i);
        let s = &v.volume_source;
        let mut plugin = |present: bool, name: &str, msg: &str| {
            if present {
                warnings.push(format!("{}: {msg}", at.child(name)));
            }
        };
        plugin(
            s.photon_persistent_disk.is_some(),
            "photonPersistentDisk",
            "deprecated in v1.11, non-functional in v1.16+",
        );
        plugin(s.git_repo.is_some(), "gitRepo", "deprecated in v1.11");
        plugin(s.scale_io.is_some(), "scaleIO", "deprecated in v1.16, non-functional in v1.22+");
        plugin(s.flocker.is_some(), "flocker", "deprecated in v1.22, non-functional in v1.25+");
        plugin(s.storageos.is_some(), "storageOS", "deprecated in v1.22, non-functional in v1.25+");
        plugin(s.quobyte.is_some(), "quobyte", "deprecated in v1.22, non-functional in v1.25+");
        plugin(s.glusterfs.is_some(), "glusterfs", "deprecated in v1.25, non-functional in v1.26+");
        if let Some(template) = s.ephemeral.as_ref().and_then(|e| e.volume_claim_template.as_ref()) {
            let claim = at.child("ephemeral").child("volumeClaimTemplate").child("spec");
            warnings.extend(warnings_for_persistent_volume_claim_spec(&claim, &template.spec));
        }
        let mut plugin = |present: bool, name: &str, msg: &str| {
            if present {
                warnings.push(format!("{}: {msg}", at.child(name)));
            }
        };
        plugin(s.cephfs.is_some(), "cephfs", "deprecated in v1.28, non-functional in v1.31+");
        plugin(s.rbd.is_some(), "rbd", "deprecated in v1.28, non-functional in v1.31+");
    }
    warnings
}

/// Upstream's `warningsForOverlappingVirtualPaths`: items of one config map, secret, downward
/// API or projected volume written to the same path, or one inside another.
///
/// Like upstream, a projected source that matches none of the kinds checked (a config map,
/// secret or downward API projection without items, a pod certificate) is checked again with the
/// previous source's paths and message, since upstream keeps those from one source to the next.
/// An empty `items` list counts as none: v1 objects here do not tell an empty list from a missing
/// one, which upstream's checks tell apart only in that case.
fn overlapping_virtual_paths(volumes: &[Volume]) -> Vec<String> {
    let mut warnings = Vec::new();
    for v in volumes {
        let s = &v.volume_source;
        let name = go_quote(&v.name);
        if let Some(cm) = s.config_map.as_deref().filter(|c| !c.items.is_empty()) {
            let paths: Vec<&str> = cm.items.iter().map(|i| i.path.as_str()).collect();
            let msg =
                format!("volume {name} (ConfigMap {}): overlapping paths", go_quote(&cm.local_object_reference.name));
            warnings.extend(mapping_overlaps(&paths, &msg));
        }
        if let Some(secret) = s.secret.as_deref().filter(|c| !c.items.is_empty()) {
            let paths: Vec<&str> = secret.items.iter().map(|i| i.path.as_str()).collect();
            let msg = format!("volume {name} (Secret {}): overlapping paths", go_quote(&secret.secret_name));
            warnings.extend(mapping_overlaps(&paths, &msg));
        }
        if let Some(api) = s.downward_api.as_deref().filter(|c| !c.items.is_empty()) {
            let paths: Vec<&str> = api.items.iter().map(|i| i.path.as_str()).collect();
            warnings.extend(mapping_overlaps(&paths, &format!("volume {name} (DownwardAPI): overlapping paths")));
        }
        let Some(projected) = s.projected.as_deref() else { continue };
        let mut source_paths: Vec<&str> = Vec::new();
        let mut msg = String::new();
        let mut all_paths: BTreeSet<&str> = BTreeSet::new();
        for source in projected.sources.iter().flatten() {
            if *source == VolumeProjection::default() {
                warnings.push(format!("volume {name} (Projected) has no sources provided"));
                continue;
            }
            if let Some(cm) = source.config_map.as_deref().filter(|c| !c.items.is_empty()) {
                source_paths = cm.items.iter().map(|i| i.path.as_str()).collect();
                msg = format!(
                    "volume {name} (Projected ConfigMap {}): overlapping paths",
                    go_quote(&cm.local_object_reference.name)
                );
            } else if let Some(secret) = source.secret.as_deref().filter(|c| !c.items.is_empty()) {
                source_paths = secret.items.iter().map(|i| i.path.as_str()).collect();
                msg = format!(
                    "volume {name} (Projected Secret {}): overlapping paths",
                    go_quote(&secret.local_object_reference.name)
                );
            } else if let Some(api) = source.downward_api.as_deref().filter(|c| !c.items.is_empty()) {
                source_paths = api.items.iter().map(|i| i.path.as_str()).collect();
                msg = format!("volume {name} (Projected DownwardAPI): overlapping paths");
            } else if let Some(token) = source.service_account_token.as_deref() {
                source_paths = vec![token.path.as_str()];
                msg = format!("volume {name} (Projected ServiceAccountToken): overlapping paths");
            } else if let Some(bundle) = source.cluster_trust_bundle.as_deref() {
                source_paths = vec![bundle.path.as_str()];
                // Validation requires a name or a signer name; upstream would dereference nil.
                let named = bundle.name.as_deref().or(bundle.signer_name.as_deref()).unwrap_or_default();
                msg = format!("volume {name} (Projected ClusterTrustBundle {}): overlapping paths", go_quote(named));
            }
            if source_paths.is_empty() {
                continue;
            }
            warnings.extend(mapping_overlaps(&source_paths, &msg));
            let unique: BTreeSet<&str> = source_paths.iter().copied().collect();
            let mut ordered: Vec<&str> = unique.iter().chain(all_paths.iter()).copied().collect();
            ordered.sort_unstable();
            warnings.extend(mapping_overlaps(&ordered, &msg));
            all_paths.extend(unique);
        }
    }
    warnings
}

/// Upstream's `checkVolumeMappingForOverlap`: each path, trailing slashes trimmed, against those
/// before it.
fn mapping_overlaps(paths: &[&str], msg: &str) -> Vec<String> {
    let mut warnings = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for path in paths {
        let normalized = path.trim_end_matches('/');
        if let Some(collision) = overlap(&seen, normalized) {
            warnings.push(format!("{msg}: {} with {}", go_quote(normalized), go_quote(collision)));
        }
        if !seen.contains(&normalized) {
            seen.push(normalized);
        }
    }
    warnings
}

/// Upstream's `checkForOverlap`, visiting `paths` in the order they were added where upstream
/// visits a set in no fixed order. Its prefix tests are upstream's too, so `test` also collides
/// with `testing`.
fn overlap<'a>(paths: &[&'a str], path: &str) -> Option<&'a str> {
    for item in paths {
        if item.is_empty() || path.is_empty() {
            return None;
        }
        if *item == path || format!("{item}/").starts_with(path) || format!("{path}/").starts_with(item) {
            return Some(item);
        }
    }
    None
}

/// Duplicate environment variable names that may lose a value under apply.
fn duplicate_env(c: &Ctr<'_>) -> Vec<String> {
    let mut warnings = Vec::new();
    if c.env.len() < 2 {
        return warnings;
    }
    let mut names = BTreeSet::new();
    for (i, item) in c.env.iter().enumerate() {
        if names.insert(item.name.as_str()) {
            continue;
        }
        let reference = format!("$({})", item.name);
        if item.value_from.is_some() || item.value == reference || !item.value.contains(&reference) {
            warnings.push(format!(
                "{}: hides previous definition of {}, which may be dropped when using apply",
                c.path.child("env").index(i),
                go_quote(&item.name)
            ));
        }
    }
    warnings
}

/// Host IPs without host ports, and container ports defined twice across all containers.
fn ports(all: &[Ctr<'_>]) -> Vec<String> {
    let mut warnings = Vec::new();
    let mut seen: HashMap<String, Vec<(Path, &ContainerPort)>> = HashMap::new();
    for c in all {
        for (i, port) in c.ports.iter().enumerate() {
            let at = c.path.child("ports").index(i);
            if !port.host_ip.is_empty() && port.host_port == 0 {
                warnings.push(format!(
                    "{at}: hostIP set without hostPort: {{Name:{} HostPort:{} ContainerPort:{} Protocol:{} HostIP:{}}}",
                    port.name, port.host_port, port.container_port, port.protocol.0, port.host_ip
                ));
            }
            let others = seen.entry(format!("{}/{}", port.container_port, port.protocol.0)).or_default();
            for (other_at, other) in others.iter() {
                let (a, b) = (port.host_ip.is_empty(), other.host_ip.is_empty());
                if port.host_ip == other.host_ip && port.host_port == other.host_port {
                    warnings.push(format!("{at}: duplicate port definition with {other_at}"));
                } else if port.host_port == 0 || other.host_port == 0 {
                    warnings.push(format!("{at}: overlapping port definition with {other_at}"));
                } else if port.host_port == other.host_port && a != b {
                    warnings.push(format!("{at}: dangerously ambiguous port definition with {other_at}"));
                }
            }
            others.push((at, port));
        }
    }
    warnings
}

#[cfg(test)]
#[path = "warnings_tests.rs"]
mod tests;
