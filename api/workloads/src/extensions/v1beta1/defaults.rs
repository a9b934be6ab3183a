//! Hand-written defaults of `extensions/v1beta1` (upstream's `SetDefaults_*`): the old defaults,
//! unlike apps/v1's: selector and labels from the template, daemon sets `OnDelete`, deployments
//! one unavailable and one surge pod with no history limit or progress deadline.

use kapi_machinery::types::IntOrString;

use super::*;
use crate::meta::v1::{LabelSelector, ObjectMeta};

/// The selector and object labels default to the template's labels when it has any.
fn default_from_template_labels(
    template_labels: &std::collections::BTreeMap<String, String>,
    selector: &mut Option<LabelSelector>,
    metadata: &mut ObjectMeta,
) {
    // Upstream tests the template's labels for nil, which an empty map decodes to.
    if template_labels.is_empty() {
        return;
    }
    if selector.is_none() {
        *selector = Some(LabelSelector { match_labels: template_labels.clone(), ..Default::default() });
    }
    if metadata.labels.is_empty() {
        metadata.labels = template_labels.clone();
    }
}

/// Selector and labels from the template, the `OnDelete` strategy (a rolling update gets one
/// unavailable node and no surge default) and ten old revisions kept.
pub fn set_defaults_daemon_set(obj: &mut DaemonSet) {
    default_from_template_labels(&obj.spec.template.metadata.labels, &mut obj.spec.selector, &mut obj.metadata);
    let strategy = &mut obj.spec.update_strategy;
    if strategy.r#type.0.is_empty() {
        strategy.r#type = DaemonSetUpdateStrategyType::ON_DELETE.into();
    }
    if strategy.r#type.0 == DaemonSetUpdateStrategyType::ROLLING_UPDATE {
        let ru = strategy.rolling_update.get_or_insert_with(Default::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::int(1));
    }
    obj.spec.revision_history_limit.get_or_insert(10);
}

/// Selector and labels from the template, one replica, and a rolling update (also when only its
/// settings are given) of one unavailable and one surge pod.
pub fn set_defaults_deployment(obj: &mut Deployment) {
    default_from_template_labels(&obj.spec.template.metadata.labels, &mut obj.spec.selector, &mut obj.metadata);
    obj.spec.replicas.get_or_insert(1);
    let strategy = &mut obj.spec.strategy;
    if strategy.r#type.0.is_empty() {
        strategy.r#type = DeploymentStrategyType::ROLLING_UPDATE.into();
    }
    if strategy.r#type.0 == DeploymentStrategyType::ROLLING_UPDATE || strategy.rolling_update.is_some() {
        let ru = strategy.rolling_update.get_or_insert_with(Default::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::int(1));
        ru.max_surge.get_or_insert_with(|| IntOrString::int(1));
    }
}

/// Selector and labels from the template, and one replica.
pub fn set_defaults_replica_set(obj: &mut ReplicaSet) {
    default_from_template_labels(&obj.spec.template.metadata.labels, &mut obj.spec.selector, &mut obj.metadata);
    obj.spec.replicas.get_or_insert(1);
}

/// `Ingress` always, and `Egress` when egress rules are given, unless policy types are set.
/// Upstream's function also means to default port protocols to TCP, but it writes to copies of
/// the ports, so the protocols stay unset; that is the behavior kept here.
pub fn set_defaults_network_policy(obj: &mut NetworkPolicy) {
    if obj.spec.policy_types.is_empty() {
        obj.spec.policy_types.push(PolicyType::INGRESS.into());
        if !obj.spec.egress.is_empty() {
            obj.spec.policy_types.push(PolicyType::EGRESS.into());
        }
    }
}
