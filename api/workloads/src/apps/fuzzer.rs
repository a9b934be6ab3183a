//! Custom fuzzer functions for the internal `apps` types (upstream's `pkg/apis/apps/fuzzer`): values
//! that defaulting in v1, v1beta1 and v1beta2 would change are set as defaulting leaves them.

use kapi_machinery::types::{IntOrString, RawExtension};
use kapi_machinery::{Fuzzer, TypeMeta};

use super::*;
use crate::core::PodTemplateSpec;
use crate::meta::v1::LabelSelector;

/// v1beta1 and extensions/v1beta1 take a missing selector and empty labels from the template.
fn template_labels_as_defaulted(
    template: &PodTemplateSpec,
    selector: &mut Option<LabelSelector>,
    metadata: &mut crate::meta::v1::ObjectMeta,
) {
    let labels = &template.metadata.labels;
    if selector.is_none() {
        *selector = Some(LabelSelector { match_labels: labels.clone(), ..Default::default() });
    }
    if metadata.labels.is_empty() {
        metadata.labels = labels.clone();
    }
}

/// Fixed raw JSON, as upstream's fuzzer sets it: random bytes are not a JSON document.
pub fn fuzz_controller_revision(obj: &mut ControllerRevision, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.data =
        RawExtension::from_json(r#"{"apiVersion":"unknown.group/unknown","kind":"Something","someKey":"someValue"}"#);
}

/// Policies, strategy, retention and counts set, as every version's defaulting sets them.
pub fn fuzz_stateful_set(obj: &mut StatefulSet, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let spec = &mut obj.spec;
    if spec.pod_management_policy.0.is_empty() {
        spec.pod_management_policy = PodManagementPolicyType::ORDERED_READY.into();
    }
    if spec.update_strategy.r#type.0.is_empty() {
        spec.update_strategy.r#type = StatefulSetUpdateStrategyType::ROLLING_UPDATE.into();
    }
    if spec.update_strategy.r#type.0 == StatefulSetUpdateStrategyType::ROLLING_UPDATE {
        let ru = spec.update_strategy.rolling_update.get_or_insert_with(Default::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::int(1));
    }
    let policy = spec.persistent_volume_claim_retention_policy.get_or_insert_with(Default::default);
    if policy.when_deleted.0.is_empty() {
        policy.when_deleted = PersistentVolumeClaimRetentionPolicyType::RETAIN.into();
    }
    if policy.when_scaled.0.is_empty() {
        policy.when_scaled = PersistentVolumeClaimRetentionPolicyType::RETAIN.into();
    }
    spec.revision_history_limit.get_or_insert(10);
    for t in &mut spec.volume_claim_templates {
        t.type_meta = TypeMeta::default();
    }
    obj.status.observed_generation.get_or_insert(0);
    template_labels_as_defaulted(&obj.spec.template, &mut obj.spec.selector, &mut obj.metadata);
}

/// Selector and labels as v1beta1 defaults them.
pub fn fuzz_deployment(obj: &mut Deployment, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    template_labels_as_defaulted(&obj.spec.template, &mut obj.spec.selector, &mut obj.metadata);
}

/// A history limit and progress deadline are always set after defaulting.
pub fn fuzz_deployment_spec(obj: &mut DeploymentSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.revision_history_limit = Some(f.below(i32::MAX as u64) as i32);
    obj.progress_deadline_seconds = Some(f.below(i32::MAX as u64) as i32);
}

/// A valid strategy, with rolling-update settings exactly when it is `RollingUpdate`.
pub fn fuzz_deployment_strategy(obj: &mut DeploymentStrategy, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let kinds = [DeploymentStrategyType::RECREATE, DeploymentStrategyType::ROLLING_UPDATE];
    obj.r#type = (*f.pick(&kinds)).into();
    obj.rolling_update = (obj.r#type.0 == DeploymentStrategyType::ROLLING_UPDATE).then(|| {
        if f.bool() {
            RollingUpdateDeployment {
                max_unavailable: IntOrString::int(f.below(i32::MAX as u64) as i32),
                max_surge: IntOrString::int(f.below(i32::MAX as u64) as i32),
            }
        } else {
            RollingUpdateDeployment {
                max_unavailable: IntOrString::default(),
                max_surge: IntOrString::string(format!("{}%", f.below(i32::MAX as u64))),
            }
        }
    });
}

/// Labels as extensions/v1beta1 defaults them.
pub fn fuzz_daemon_set(obj: &mut DaemonSet, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    template_labels_as_defaulted(&obj.spec.template, &mut obj.spec.selector, &mut obj.metadata);
}

/// A history limit is always set after defaulting.
pub fn fuzz_daemon_set_spec(obj: &mut DaemonSetSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.revision_history_limit = Some(f.below(i32::MAX as u64) as i32);
}

/// A valid strategy, with rolling-update settings exactly when it is `RollingUpdate`.
pub fn fuzz_daemon_set_update_strategy(obj: &mut DaemonSetUpdateStrategy, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let kinds = [DaemonSetUpdateStrategyType::ROLLING_UPDATE, DaemonSetUpdateStrategyType::ON_DELETE];
    obj.r#type = (*f.pick(&kinds)).into();
    obj.rolling_update = (obj.r#type.0 == DaemonSetUpdateStrategyType::ROLLING_UPDATE).then(|| {
        let mut ru = RollingUpdateDaemonSet::default();
        if f.bool() {
            if f.bool() {
                ru.max_unavailable = IntOrString::int(f.below(i32::MAX as u64) as i32);
                ru.max_surge = IntOrString::int(f.below(i32::MAX as u64) as i32);
            } else {
                ru.max_surge = IntOrString::string(format!("{}%", f.below(i32::MAX as u64)));
            }
        }
        ru
    });
}

/// Selector and labels as extensions/v1beta1 defaults them.
pub fn fuzz_replica_set(obj: &mut ReplicaSet, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    template_labels_as_defaulted(&obj.spec.template, &mut obj.spec.selector, &mut obj.metadata);
}
