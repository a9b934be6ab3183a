//! Hand-written conversions of `core/v1` (upstream's `pkg/apis/core/v1/conversion.go`): v1's
//! single-value and alias fields that the internal version folds into their plural or new forms.

use std::collections::BTreeMap;

use kapi_machinery::ConversionError;

use super::types::*;
use crate::core as internal;

/// Annotations that carried init containers before they became a field; pods still sent by very
/// old clients must not see them take effect, so conversions in both directions drop them.
const INIT_CONTAINER_ANNOTATIONS: [&str; 4] = [
    "pod.beta.kubernetes.io/init-containers",
    "pod.alpha.kubernetes.io/init-containers",
    "pod.beta.kubernetes.io/init-container-statuses",
    "pod.alpha.kubernetes.io/init-container-statuses",
];

/// Removes the init-container annotations, leaving the map untouched when none is present.
fn drop_init_container_annotations(annotations: &mut BTreeMap<String, String>) {
    for key in INIT_CONTAINER_ANNOTATIONS {
        annotations.remove(key);
    }
}

/// A pod's negative grace period reads as 1 second in both directions (only for pods: a template's
/// value is kept as written).
fn clamp_grace_period(seconds: &mut Option<i64>) {
    if seconds.is_some_and(|s| s < 0) {
        *seconds = Some(1);
    }
}

/// Drops the init-container annotations and clamps a negative grace period.
pub fn convert_pod_to_internal(from: Pod) -> Result<internal::Pod, ConversionError> {
    let mut out = super::auto_convert_pod_to_internal(from)?;
    drop_init_container_annotations(&mut out.metadata.annotations);
    clamp_grace_period(&mut out.spec.termination_grace_period_seconds);
    Ok(out)
}

/// As [`convert_pod_to_internal`], toward v1.
pub fn convert_pod_from_internal(from: internal::Pod) -> Result<Pod, ConversionError> {
    let mut out = super::auto_convert_pod_from_internal(from)?;
    drop_init_container_annotations(&mut out.metadata.annotations);
    clamp_grace_period(&mut out.spec.termination_grace_period_seconds);
    Ok(out)
}

/// Drops the init-container annotations of a template.
pub fn convert_pod_template_spec_to_internal(
    from: PodTemplateSpec,
) -> Result<internal::PodTemplateSpec, ConversionError> {
    let mut out = super::auto_convert_pod_template_spec_to_internal(from)?;
    drop_init_container_annotations(&mut out.metadata.annotations);
    Ok(out)
}

/// As [`convert_pod_template_spec_to_internal`], toward v1.
pub fn convert_pod_template_spec_from_internal(
    from: internal::PodTemplateSpec,
) -> Result<PodTemplateSpec, ConversionError> {
    let mut out = super::auto_convert_pod_template_spec_from_internal(from)?;
    drop_init_container_annotations(&mut out.metadata.annotations);
    Ok(out)
}

/// `serviceAccount` is an alias of `serviceAccountName`, which wins when both are set; the host
/// namespace fields move into the (then always present) pod security context.
pub fn convert_pod_spec_to_internal(mut from: PodSpec) -> Result<internal::PodSpec, ConversionError> {
    let alias = std::mem::take(&mut from.service_account);
    let (host_network, host_pid, host_ipc) = (from.host_network, from.host_pid, from.host_ipc);
    let share_process_namespace = from.share_process_namespace.take();
    let host_users = from.host_users.take();
    let mut out = super::auto_convert_pod_spec_to_internal(from)?;
    if out.service_account_name.is_empty() {
        out.service_account_name = alias;
    }
    let sc = out.security_context.get_or_insert_with(Default::default);
    sc.host_network = host_network;
    sc.host_pid = host_pid;
    sc.host_ipc = host_ipc;
    sc.share_process_namespace = share_process_namespace;
    sc.host_users = host_users;
    Ok(out)
}

/// Writes the alias `serviceAccount` and takes the host namespace fields out of the security context.
pub fn convert_pod_spec_from_internal(from: internal::PodSpec) -> Result<PodSpec, ConversionError> {
    let host = from
        .security_context
        .as_ref()
        .map(|sc| (sc.host_network, sc.host_pid, sc.host_ipc, sc.share_process_namespace, sc.host_users));
    let mut out = super::auto_convert_pod_spec_from_internal(from)?;
    out.service_account = out.service_account_name.clone();
    if let Some((network, pid, ipc, share, users)) = host {
        out.host_network = network;
        out.host_pid = pid;
        out.host_ipc = ipc;
        out.share_process_namespace = share;
        out.host_users = users;
    }
    Ok(out)
}

/// The host namespace fields are not part of v1's pod security context; the pod spec's
/// conversion fills them.
pub fn convert_pod_security_context_to_internal(
    from: PodSecurityContext,
) -> Result<internal::PodSecurityContext, ConversionError> {
    super::auto_convert_pod_security_context_to_internal(from)
}

/// The host namespace fields go to the pod spec, through its conversion.
pub fn convert_pod_security_context_from_internal(
    from: internal::PodSecurityContext,
) -> Result<PodSecurityContext, ConversionError> {
    super::auto_convert_pod_security_context_from_internal(from)
}

/// The single `podIP`/`hostIP` fields are authoritative when they disagree with the first of their
/// lists (older clients set only them), and fill an empty list.
pub fn convert_pod_status_to_internal(mut from: PodStatus) -> Result<internal::PodStatus, ConversionError> {
    let pod_ip = std::mem::take(&mut from.pod_ip);
    let host_ip = std::mem::take(&mut from.host_ip);
    let mut out = super::auto_convert_pod_status_to_internal(from)?;
    if !pod_ip.is_empty() && out.pod_ips.first().is_none_or(|first| first.ip != pod_ip) {
        out.pod_ips = vec![internal::PodIP { ip: pod_ip }];
    }
    if !host_ip.is_empty() && out.host_ips.first().is_none_or(|first| first.ip != host_ip) {
        out.host_ips = vec![internal::HostIP { ip: host_ip }];
    }
    Ok(out)
}

/// `podIP` and `hostIP` are the first entries of their lists.
pub fn convert_pod_status_from_internal(from: internal::PodStatus) -> Result<PodStatus, ConversionError> {
    let mut out = super::auto_convert_pod_status_from_internal(from)?;
    if let Some(first) = out.pod_ips.first() {
        out.pod_ip = first.ip.clone();
    }
    if let Some(first) = out.host_ips.first() {
        out.host_ip = first.ip.clone();
    }
    Ok(out)
}

/// `podCIDR` is authoritative when it disagrees with the first of `podCIDRs`, and fills an empty list.
pub fn convert_node_spec_to_internal(mut from: NodeSpec) -> Result<internal::NodeSpec, ConversionError> {
    let pod_cidr = std::mem::take(&mut from.pod_cidr);
    let mut out = super::auto_convert_node_spec_to_internal(from)?;
    if !pod_cidr.is_empty() && out.pod_cidrs.first().is_none_or(|first| *first != pod_cidr) {
        out.pod_cidrs = vec![pod_cidr];
    }
    Ok(out)
}

/// `podCIDR` is the first of `podCIDRs`.
pub fn convert_node_spec_from_internal(from: internal::NodeSpec) -> Result<NodeSpec, ConversionError> {
    let mut out = super::auto_convert_node_spec_from_internal(from)?;
    if let Some(first) = out.pod_cidrs.first() {
        out.pod_cidr = first.clone();
    }
    Ok(out)
}

/// `stringData` is written into `data`, its values winning over the same keys there.
pub fn convert_secret_to_internal(mut from: Secret) -> Result<internal::Secret, ConversionError> {
    let string_data = std::mem::take(&mut from.string_data);
    let mut out = super::auto_convert_secret_to_internal(from)?;
    for (k, v) in string_data {
        out.data.insert(k, v.into_bytes());
    }
    Ok(out)
}

/// The internal secret has no `stringData`: it was merged into `data` on the way in.
pub fn convert_secret_from_internal(from: internal::Secret) -> Result<Secret, ConversionError> {
    super::auto_convert_secret_from_internal(from)
}

/// An unset replica count reads as 0, as upstream's pointer-to-value conversion does (defaulting
/// sets it to 1 before a decoded object gets here).
pub fn convert_replication_controller_spec_to_internal(
    mut from: ReplicationControllerSpec,
) -> Result<internal::ReplicationControllerSpec, ConversionError> {
    let replicas = from.replicas.take().unwrap_or_default();
    let mut out = super::auto_convert_replication_controller_spec_to_internal(from)?;
    out.replicas = replicas;
    Ok(out)
}

/// The replica count is always written.
pub fn convert_replication_controller_spec_from_internal(
    from: internal::ReplicationControllerSpec,
) -> Result<ReplicationControllerSpec, ConversionError> {
    let replicas = from.replicas;
    let mut out = super::auto_convert_replication_controller_spec_from_internal(from)?;
    out.replicas = Some(replicas);
    Ok(out)
}
