//! Hand-written defaults of `apps/v1beta2` (upstream's `SetDefaults_*`): one replica, rolling updates,
//! ten revisions kept; a stateful set's `maxUnavailable` and claim retention behind feature gates.

use kapi_machinery::types::IntOrString;

use super::*;
use crate::features::{self, Feature};

/// One replica, a rolling update of 25% unavailable and 25% surge, ten old replica sets kept and
/// a progress deadline of 600 seconds.
pub fn set_defaults_deployment(obj: &mut Deployment) {
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
    obj.spec.revision_history_limit.get_or_insert(10);
    obj.spec.progress_deadline_seconds.get_or_insert(600);
}

/// A rolling update of one unavailable node and no surge, and ten old revisions kept.
pub fn set_defaults_daemon_set(obj: &mut DaemonSet) {
    let strategy = &mut obj.spec.update_strategy;
    if strategy.r#type.0.is_empty() {
        strategy.r#type = DaemonSetUpdateStrategyType::ROLLING_UPDATE.into();
    }
    if strategy.r#type.0 == DaemonSetUpdateStrategyType::ROLLING_UPDATE {
        let ru = strategy.rolling_update.get_or_insert_with(Default::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::int(1));
        ru.max_surge.get_or_insert_with(|| IntOrString::int(0));
    }
    obj.spec.revision_history_limit.get_or_insert(10);
}

/// Ordered pod management, a rolling update from partition 0 (with one unavailable pod when
/// `MaxUnavailableStatefulSet` is on), claims retained (when `StatefulSetAutoDeletePVC` is on),
/// one replica and ten old revisions kept.
pub fn set_defaults_stateful_set(obj: &mut StatefulSet) {
    let spec = &mut obj.spec;
    if spec.pod_management_policy.0.is_empty() {
        spec.pod_management_policy = PodManagementPolicyType::ORDERED_READY.into();
    }
    if spec.update_strategy.r#type.0.is_empty() {
        spec.update_strategy.r#type = StatefulSetUpdateStrategyType::ROLLING_UPDATE.into();
        // Filled in just below.
        spec.update_strategy.rolling_update.get_or_insert_with(Default::default);
    }
    if spec.update_strategy.r#type.0 == StatefulSetUpdateStrategyType::ROLLING_UPDATE
        && let Some(ru) = spec.update_strategy.rolling_update.as_mut()
    {
        ru.partition.get_or_insert(0);
        if features::enabled(Feature::MaxUnavailableStatefulSet) {
            ru.max_unavailable.get_or_insert_with(|| IntOrString::int(1));
        }
    }
    if features::enabled(Feature::StatefulSetAutoDeletePVC) {
        let policy = spec.persistent_volume_claim_retention_policy.get_or_insert_with(Default::default);
        if policy.when_deleted.0.is_empty() {
            policy.when_deleted = PersistentVolumeClaimRetentionPolicyType::RETAIN.into();
        }
        if policy.when_scaled.0.is_empty() {
            policy.when_scaled = PersistentVolumeClaimRetentionPolicyType::RETAIN.into();
        }
    }
    spec.replicas.get_or_insert(1);
    spec.revision_history_limit.get_or_insert(10);
}

/// One replica.
pub fn set_defaults_replica_set(obj: &mut ReplicaSet) {
    obj.spec.replicas.get_or_insert(1);
}
