//! Custom fuzzer functions for the internal `autoscaling` types (upstream's
//! `pkg/apis/autoscaling/fuzzer`): metrics and behavior in the shapes every version keeps, with the
//! CPU utilization last, where autoscaling/v1 puts it back.

use kapi_machinery::Fuzzer;
use kapi_machinery::types::Quantity;

use super::*;

fn quantity(f: &mut Fuzzer) -> Quantity {
    f.make::<Quantity>()
}

fn policies(f: &mut Fuzzer) -> Vec<HPAScalingPolicy> {
    [HPAScalingPolicyType::PODS, HPAScalingPolicyType::PERCENT]
        .into_iter()
        .map(|t| HPAScalingPolicy {
            r#type: t.into(),
            value: f.below(i32::MAX as u64) as i32,
            period_seconds: f.below(i32::MAX as u64) as i32,
        })
        .collect()
}

/// A selector in its string form, made from random labels.
pub fn fuzz_scale_status(obj: &mut ScaleStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let labels: std::collections::BTreeMap<String, String> = f.make();
    obj.selector =
        labels.iter().filter(|(k, _)| !k.is_empty()).map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
}

/// A pods, an object and (last) a CPU utilization metric, a minimum count and full behavior.
pub fn fuzz_horizontal_pod_autoscaler_spec(obj: &mut HorizontalPodAutoscalerSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.min_replicas = Some(f.below(i32::MAX as u64) as i32);
    let pod_metric: MetricIdentifier = f.make();
    let object_metric: MetricIdentifier = f.make();
    let average = quantity(f);
    let utilization = f.below(i32::MAX as u64) as i32;
    obj.metrics = vec![
        MetricSpec {
            r#type: MetricSourceType::PODS.into(),
            pods: Some(PodsMetricSource {
                metric: pod_metric,
                target: MetricTarget {
                    r#type: MetricTargetType::AVERAGE_VALUE.into(),
                    average_value: Some(average.clone()),
                    ..Default::default()
                },
            }),
            ..Default::default()
        },
        MetricSpec {
            r#type: MetricSourceType::OBJECT.into(),
            object: Some(ObjectMetricSource {
                metric: object_metric,
                target: MetricTarget {
                    r#type: MetricTargetType::VALUE.into(),
                    value: Some(average),
                    ..Default::default()
                },
                ..Default::default()
            }),
            ..Default::default()
        },
        MetricSpec {
            r#type: MetricSourceType::RESOURCE.into(),
            resource: Some(ResourceMetricSource {
                name: "cpu".into(),
                target: MetricTarget {
                    r#type: MetricTargetType::UTILIZATION.into(),
                    average_utilization: Some(utilization),
                    ..Default::default()
                },
            }),
            ..Default::default()
        },
    ];
    let window = Some(f.below(i32::MAX as u64) as i32);
    obj.behavior = Some(HorizontalPodAutoscalerBehavior {
        scale_up: Some(HPAScalingRules {
            stabilization_window_seconds: window,
            select_policy: Some(ScalingPolicySelect::MAX.into()),
            policies: policies(f),
            tolerance: None,
        }),
        scale_down: Some(HPAScalingRules {
            stabilization_window_seconds: window,
            select_policy: Some(ScalingPolicySelect::MIN.into()),
            policies: policies(f),
            tolerance: None,
        }),
    });
}

/// A pods reading and a CPU reading with both utilization and average.
pub fn fuzz_horizontal_pod_autoscaler_status(obj: &mut HorizontalPodAutoscalerStatus, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    let average = quantity(f);
    let utilization = f.below(i32::MAX as u64) as i32;
    let name = f.string();
    obj.current_metrics = vec![
        MetricStatus {
            r#type: MetricSourceType::PODS.into(),
            pods: Some(PodsMetricStatus {
                metric: MetricIdentifier { name, selector: None },
                current: MetricValueStatus { average_value: Some(average.clone()), ..Default::default() },
            }),
            ..Default::default()
        },
        MetricStatus {
            r#type: MetricSourceType::RESOURCE.into(),
            resource: Some(ResourceMetricStatus {
                name: "cpu".into(),
                current: MetricValueStatus {
                    average_utilization: Some(utilization),
                    average_value: Some(average),
                    ..Default::default()
                },
            }),
            ..Default::default()
        },
    ];
}
