//! Upstream's autoscaling defaults and conversions as facts (`v1/conversion_test.go`,
//! `v2/defaults_test.go`): autoscaling/v1 keeps what it cannot hold in annotations, v2 completes
//! scaling rules; and minimal autoscalers decoded into the internal version and served back out.

use kapi_machinery::Scheme;
use kapi_machinery::types::Quantity;

use crate::autoscaling as internal;
use crate::autoscaling::{v1, v2};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::autoscaling::install(&mut s).unwrap();
    s
}

fn cpu(utilization: i32) -> internal::MetricSpec {
    internal::MetricSpec {
        r#type: internal::MetricSourceType::RESOURCE.into(),
        resource: Some(internal::ResourceMetricSource {
            name: "cpu".into(),
            target: internal::MetricTarget {
                r#type: internal::MetricTargetType::UTILIZATION.into(),
                average_utilization: Some(utilization),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

fn pods(name: &str, average: &str) -> internal::MetricSpec {
    internal::MetricSpec {
        r#type: internal::MetricSourceType::PODS.into(),
        pods: Some(internal::PodsMetricSource {
            metric: internal::MetricIdentifier { name: name.into(), selector: None },
            target: internal::MetricTarget {
                r#type: internal::MetricTargetType::AVERAGE_VALUE.into(),
                average_value: Some(average.parse::<Quantity>().unwrap()),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

#[test]
fn v1_keeps_other_metrics_conditions_and_behavior_in_annotations() {
    let mut hpa = internal::HorizontalPodAutoscaler::default();
    hpa.metadata.annotations.insert("keep".into(), "me".into());
    hpa.spec.metrics = vec![pods("qps", "10"), cpu(50)];
    hpa.spec.behavior = Some(internal::HorizontalPodAutoscalerBehavior {
        scale_up: Some(internal::HPAScalingRules {
            stabilization_window_seconds: Some(5),
            select_policy: Some(internal::ScalingPolicySelect::MAX.into()),
            policies: vec![internal::HPAScalingPolicy { r#type: "Pods".into(), value: 4, period_seconds: 15 }],
            tolerance: Some("10m".parse().unwrap()),
        }),
        scale_down: None,
    });
    hpa.status.conditions = vec![internal::HorizontalPodAutoscalerCondition {
        r#type: "AbleToScale".into(),
        status: "True".into(),
        reason: "ok".into(),
        ..Default::default()
    }];
    let out = v1::convert_horizontal_pod_autoscaler_from_internal(hpa.clone()).unwrap();
    assert_eq!(out.spec.target_cpu_utilization_percentage, Some(50));
    let a = &out.metadata.annotations;
    assert_eq!(
        a["autoscaling.alpha.kubernetes.io/metrics"],
        r#"[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"10"}}]"#
    );
    assert_eq!(
        a["autoscaling.alpha.kubernetes.io/conditions"],
        r#"[{"type":"AbleToScale","status":"True","lastTransitionTime":null,"reason":"ok"}]"#
    );
    // Go's JSON of the internal type: field names, nulls for what is unset.
    assert_eq!(
        a["autoscaling.alpha.kubernetes.io/behavior"],
        r#"{"ScaleUp":{"StabilizationWindowSeconds":5,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}],"Tolerance":"10m"},"ScaleDown":null}"#
    );
    assert_eq!(a["keep"], "me");
    assert!(!a.contains_key("autoscaling.alpha.kubernetes.io/current-metrics"));

    let back = v1::convert_horizontal_pod_autoscaler_to_internal(out).unwrap();
    assert_eq!(back.spec.metrics, hpa.spec.metrics);
    assert_eq!(back.spec.behavior, hpa.spec.behavior);
    assert_eq!(back.status.conditions, hpa.status.conditions);
    assert_eq!(back.metadata.annotations.len(), 1);
}

#[test]
fn v1_without_metrics_targets_80_percent_cpu() {
    let back = v1::convert_horizontal_pod_autoscaler_to_internal(v1::HorizontalPodAutoscaler::default()).unwrap();
    assert_eq!(back.spec.metrics, vec![cpu(80)]);
    let mut v = v1::HorizontalPodAutoscaler::default();
    v.spec.target_cpu_utilization_percentage = Some(30);
    let back = v1::convert_horizontal_pod_autoscaler_to_internal(v).unwrap();
    assert_eq!(back.spec.metrics, vec![cpu(30)]);
}

#[test]
fn v1_annotations_that_do_not_parse() {
    let mut v = v1::HorizontalPodAutoscaler::default();
    v.metadata.annotations.insert("autoscaling.alpha.kubernetes.io/metrics".into(), "[{".into());
    let err = v1::convert_horizontal_pod_autoscaler_to_internal(v).unwrap_err().to_string();
    assert!(err.contains("autoscaling.alpha.kubernetes.io/metrics"), "{err}");
    // Malformed behavior is ignored and dropped, as upstream's is.
    let mut v = v1::HorizontalPodAutoscaler::default();
    v.metadata.annotations.insert("autoscaling.alpha.kubernetes.io/behavior".into(), "{\"ScaleUp\":7}".into());
    let back = v1::convert_horizontal_pod_autoscaler_to_internal(v).unwrap();
    assert_eq!(back.spec.behavior, None);
    assert!(back.metadata.annotations.is_empty());
}

#[test]
fn v1_status_cpu_reading_and_current_metrics() {
    let mut hpa = internal::HorizontalPodAutoscaler::default();
    hpa.status.current_metrics = vec![internal::MetricStatus {
        r#type: "Resource".into(),
        resource: Some(internal::ResourceMetricStatus {
            name: "cpu".into(),
            current: internal::MetricValueStatus {
                average_utilization: Some(40),
                average_value: Some("200m".parse().unwrap()),
                ..Default::default()
            },
        }),
        ..Default::default()
    }];
    let out = v1::convert_horizontal_pod_autoscaler_from_internal(hpa.clone()).unwrap();
    assert_eq!(out.status.current_cpu_utilization_percentage, Some(40));
    assert_eq!(
        out.metadata.annotations["autoscaling.alpha.kubernetes.io/current-metrics"],
        r#"[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":40,"currentAverageValue":"200m"}}]"#
    );
    let back = v1::convert_horizontal_pod_autoscaler_to_internal(out).unwrap();
    assert_eq!(back.status.current_metrics, hpa.status.current_metrics);
}

#[test]
fn v2_drops_v1_annotations_both_ways() {
    let mut v = v2::HorizontalPodAutoscaler::default();
    v.metadata.annotations.insert("autoscaling.alpha.kubernetes.io/conditions".into(), "[]".into());
    assert!(v2::convert_horizontal_pod_autoscaler_to_internal(v).unwrap().metadata.annotations.is_empty());
}

#[test]
fn v2_defaults_complete_the_behavior() {
    let mut h = v2::HorizontalPodAutoscaler::default();
    v2::set_object_defaults_horizontal_pod_autoscaler(&mut h);
    assert_eq!(h.spec.min_replicas, Some(1));
    assert_eq!(h.spec.metrics.len(), 1);
    assert_eq!(h.spec.metrics[0].resource.as_ref().unwrap().target.average_utilization, Some(80));
    assert_eq!(h.spec.behavior, None);

    // A partial scale-up rule keeps what it sets and takes the rest from the built-in rules.
    let mut h = v2::HorizontalPodAutoscaler::default();
    h.spec.behavior = Some(v2::HorizontalPodAutoscalerBehavior {
        scale_up: Some(v2::HPAScalingRules { stabilization_window_seconds: Some(25), ..Default::default() }),
        scale_down: None,
    });
    v2::set_object_defaults_horizontal_pod_autoscaler(&mut h);
    let b = h.spec.behavior.unwrap();
    let up = b.scale_up.unwrap();
    assert_eq!(up.stabilization_window_seconds, Some(25));
    assert_eq!(up.select_policy.unwrap().0, "Max");
    assert_eq!(up.policies, v2::default_scale_up_rules().policies);
    let down = b.scale_down.unwrap();
    assert_eq!(down, v2::default_scale_down_rules());
    assert_eq!(down.stabilization_window_seconds, None);
}

#[test]
fn a_minimal_v1_autoscaler_is_served_back_in_both_versions() {
    let body = r#"{"apiVersion":"autoscaling/v1","kind":"HorizontalPodAutoscaler","metadata":{"name":"web","namespace":"ns"},"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"maxReplicas":5}}"#;
    let s = scheme();
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"HorizontalPodAutoscaler","apiVersion":"autoscaling/v1","metadata":{"name":"web","namespace":"ns"},"spec":{"scaleTargetRef":{"kind":"Deployment","name":"web","apiVersion":"apps/v1"},"minReplicas":1,"maxReplicas":5,"targetCPUUtilizationPercentage":80},"status":{"currentReplicas":0,"desiredReplicas":0}}"#
    );
    let v2 = served_as(&s, body, "v2");
    assert!(
        v2.contains(r#""metrics":[{"type":"Resource","resource":{"name":"cpu","target":{"type":"Utilization","averageUtilization":80}}}]"#),
        "{v2}"
    );
}
