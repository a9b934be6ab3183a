//! autoscaling/v1 autoscalers validated as upstream validates them after conversion: the shared replica and target rules, and the CPU target reported at its converted metric's path.

use super::*;
use crate::autoscaling::v1::{CrossVersionObjectReference, HorizontalPodAutoscalerSpec};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn hpa(min: Option<i32>, max: i32, cpu: Option<i32>) -> HorizontalPodAutoscaler {
    HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: "myautoscaler".into(), namespace: "default".into(), ..Default::default() },
        spec: HorizontalPodAutoscalerSpec {
            scale_target_ref: CrossVersionObjectReference {
                kind: "Deployment".into(),
                name: "web".into(),
                api_version: "apps/v1".into(),
            },
            min_replicas: min,
            max_replicas: max,
            target_cpu_utilization_percentage: cpu,
        },
        ..Default::default()
    }
}

#[test]
fn v1_autoscalers() {
    assert!(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, Some(80)), None).is_empty());
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler(&hpa(Some(3), 2, Some(0)), None)),
        [
            "spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`",
            "spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
        ]
    );
    let mut s = kapi_machinery::Scheme::new();
    crate::autoscaling::install(&mut s).expect("autoscaling installs");
    assert_eq!(s.validate(&hpa(Some(3), 2, None), None).len(), 1);
    let old = hpa(Some(1), 5, None);
    let mut new = old.clone();
    new.status.desired_replicas = -1;
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler_status_update(&new, &old)),
        ["status.desiredReplicas: Invalid value: -1: must be greater than or equal to 0"]
    );
}
