//! Hand-written defaults of `autoscaling/v2` (upstream's `SetDefaults_*`): one replica, 80% CPU
//! without metrics, and scaling rules completed from the built-in ones.

use super::*;

/// The built-in scale-up rules: no stabilization, the larger of 4 pods or 100% per 15 seconds.
pub fn default_scale_up_rules() -> HPAScalingRules {
    HPAScalingRules {
        stabilization_window_seconds: Some(0),
        select_policy: Some(ScalingPolicySelect::MAX.into()),
        policies: vec![
            HPAScalingPolicy { r#type: HPAScalingPolicyType::PODS.into(), value: 4, period_seconds: 15 },
            HPAScalingPolicy { r#type: HPAScalingPolicyType::PERCENT.into(), value: 100, period_seconds: 15 },
        ],
        tolerance: None,
    }
}

/// The built-in scale-down rules: 100% per 15 seconds; the stabilization window stays unset, for
/// the controller's command-line setting (300 seconds unless changed) to apply.
pub fn default_scale_down_rules() -> HPAScalingRules {
    HPAScalingRules {
        stabilization_window_seconds: None,
        select_policy: Some(ScalingPolicySelect::MAX.into()),
        policies: vec![HPAScalingPolicy {
            r#type: HPAScalingPolicyType::PERCENT.into(),
            value: 100,
            period_seconds: 15,
        }],
        tolerance: None,
    }
}

/// Set fields of `from` over `defaults` (upstream's `copyHPAScalingRules`; an empty policy list
/// counts as unset, as a JSON `[]` and `null` both decode to it here).
fn complete_rules(from: Option<HPAScalingRules>, mut defaults: HPAScalingRules) -> HPAScalingRules {
    let Some(from) = from else { return defaults };
    if from.select_policy.is_some() {
        defaults.select_policy = from.select_policy;
    }
    if from.stabilization_window_seconds.is_some() {
        defaults.stabilization_window_seconds = from.stabilization_window_seconds;
    }
    if !from.policies.is_empty() {
        defaults.policies = from.policies;
    }
    if from.tolerance.is_some() {
        defaults.tolerance = from.tolerance;
    }
    defaults
}

/// One replica, an 80% CPU utilization target when no metric is given, and both scaling rules
/// completed when a behavior is given.
pub fn set_defaults_horizontal_pod_autoscaler(obj: &mut HorizontalPodAutoscaler) {
    obj.spec.min_replicas.get_or_insert(1);
    if obj.spec.metrics.is_empty() {
        obj.spec.metrics = vec![MetricSpec {
            r#type: MetricSourceType::RESOURCE.into(),
            resource: Some(ResourceMetricSource {
                name: "cpu".into(),
                target: MetricTarget {
                    r#type: MetricTargetType::UTILIZATION.into(),
                    average_utilization: Some(80),
                    ..Default::default()
                },
            }),
            ..Default::default()
        }];
    }
    if let Some(b) = obj.spec.behavior.as_mut() {
        b.scale_up = Some(complete_rules(b.scale_up.take(), default_scale_up_rules()));
        b.scale_down = Some(complete_rules(b.scale_down.take(), default_scale_down_rules()));
    }
}
