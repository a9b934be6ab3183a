//! Hand-written defaults of `apps/v1beta1` (upstream's `SetDefaults_*`): unlike v1, the selector
//! and labels come from the pod template, stateful sets update `OnDelete` and deployments keep two
//! old replica sets.

use kapi_machinery::types::IntOrString;

use super::*;
use crate::meta::v1::{LabelSelector, ObjectMeta};

/// v1beta1's selector and object labels default to the template's labels when it has any.
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

/// Ordered pod management, the `OnDelete` strategy, selector and labels from the template, one
/// replica, ten old revisions kept and partition 0 for a rolling update.
pub fn set_defaults_stateful_set(obj: &mut StatefulSet) {
    if obj.spec.pod_management_policy.0.is_empty() {
        obj.spec.pod_management_policy = PodManagementPolicyType::ORDERED_READY.into();
    }
    if obj.spec.update_strategy.r#type.0.is_empty() {
        obj.spec.update_strategy.r#type = StatefulSetUpdateStrategyType::ON_DELETE.into();
    }
    default_from_template_labels(&obj.spec.template.metadata.labels, &mut obj.spec.selector, &mut obj.metadata);
    obj.spec.replicas.get_or_insert(1);
    obj.spec.revision_history_limit.get_or_insert(10);
    if obj.spec.update_strategy.r#type.0 == StatefulSetUpdateStrategyType::ROLLING_UPDATE
        && let Some(ru) = obj.spec.update_strategy.rolling_update.as_mut()
    {
        ru.partition.get_or_insert(0);
    }
}

/// Selector and labels from the template, one replica, a rolling update of 25% unavailable and
/// 25% surge, two old replica sets kept and a progress deadline of 600 seconds.
pub fn set_defaults_deployment(obj: &mut Deployment) {
    default_from_template_labels(&obj.spec.template.metadata.labels, &mut obj.spec.selector, &mut obj.metadata);
    obj.spec.replicas.get_or_insert(1);
    let strategy = &mut obj.spec.strategy;
    if strategy.r#type.0.is_empty() {
        strategy.r#type = DeploymentStrategyType::ROLLING_UPDATE.into();
    }
    if strategy.r#type.0 == DeploymentStrategyType::ROLLING_UPDATE {
        let ru = strategy.rolling_update.get_or_insert_with(Default::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::string("25%"));
        ru.max_surge.get_or_insert_with(|| IntOrString::string("25%"));
    }
    obj.spec.revision_history_limit.get_or_insert(2);
    obj.spec.progress_deadline_seconds.get_or_insert(600);
}
