//! autoscaling/v1 writes get autoscaling/v2's hand-written validation after conversion, as upstream validates the internal object: the CPU target and the metrics and behavior v1 keeps in annotations are checked at the converted paths.

use kapi_machinery::Scheme;

use crate::autoscaling::v1;
use crate::features::{Feature, FeatureGates, with_gates};
use crate::testing::{decoded, printed};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::autoscaling::install(&mut s).expect("autoscaling installs");
    s
}

/// A v1 autoscaler of a deployment with the given spec fields and annotations (raw JSON each).
fn hpa(s: &Scheme, spec: &str, annotations: &[(&str, &str)]) -> v1::HorizontalPodAutoscaler {
    let annotations: Vec<String> = annotations
        .iter()
        .map(|(k, v)| format!(r#""autoscaling.alpha.kubernetes.io/{k}":"{}""#, v.replace('"', "\\\"")))
        .collect();
    decoded(
        s,
        &format!(
            r#"{{"apiVersion":"autoscaling/v1","kind":"HorizontalPodAutoscaler","metadata":{{"name":"a","namespace":"ns","resourceVersion":"1","annotations":{{{}}}}},"spec":{{"scaleTargetRef":{{"apiVersion":"apps/v1","kind":"Deployment","name":"web"}},{spec}}}}}"#,
            annotations.join(",")
        ),
    )
}

#[test]
fn the_cpu_target_and_replicas_as_upstream() {
    let s = scheme();
    let good = hpa(&s, r#""minReplicas":1,"maxReplicas":5,"targetCPUUtilizationPercentage":80"#, &[]);
    assert!(s.validates(&good));
    assert_eq!(printed(&s.validate(&good, None)), Vec::<String>::new());
    let bad = hpa(&s, r#""minReplicas":3,"maxReplicas":2,"targetCPUUtilizationPercentage":0"#, &[]);
    assert_eq!(
        printed(&s.validate(&bad, None)),
        [
            "spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`",
            "spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
        ]
    );
}

/// Upstream's conversion puts the annotation's metrics first and the CPU target after them, so
/// the target's error moves to the index after the last of them.
#[test]
fn annotation_metrics_are_validated_before_the_cpu_target() {
    let s = scheme();
    let h = hpa(
        &s,
        r#""minReplicas":1,"maxReplicas":5,"targetCPUUtilizationPercentage":0"#,
        &[("metrics", r#"[{"type":"Pods","pods":{"metricName":"qps/s","targetAverageValue":"0"}}]"#)],
    );
    assert_eq!(
        printed(&s.validate(&h, None)),
        [
            r#"spec.metrics[0].pods.metric.name: Invalid value: "qps/s": may not contain '/'"#,
            r#"spec.metrics[0].pods.target.averageValue: Invalid value: "0": must be positive"#,
            "spec.metrics[1].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
        ]
    );
}

#[test]
fn annotation_behavior_is_validated_with_its_tolerance() {
    let s = scheme();
    let behavior = r#"{"ScaleUp":{"StabilizationWindowSeconds":3601,"SelectPolicy":null,"Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":15}],"Tolerance":"-10m"},"ScaleDown":null}"#;
    let h = hpa(&s, r#""minReplicas":1,"maxReplicas":5"#, &[("behavior", behavior)]);
    assert_eq!(
        printed(&s.validate(&h, None)),
        [
            "spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600",
            r#"spec.behavior.scaleUp.tolerance: Invalid value: "-10m": must be greater or equal to zero"#,
        ]
    );
}

/// Scaling to zero needs an Object or External metric, which only the annotation can hold; a
/// v1 autoscaler without metrics converts to the 80% CPU default, which is neither.
#[test]
fn scale_to_zero_counts_the_annotation_metrics() {
    let s = scheme();
    let external = r#"[{"type":"External","external":{"metricName":"queue","targetAverageValue":"10"}}]"#;
    with_gates(FeatureGates::default().with(Feature::HPAScaleToZero, true), || {
        let bare = hpa(&s, r#""minReplicas":0,"maxReplicas":5"#, &[]);
        assert_eq!(
            printed(&s.validate(&bare, None)),
            [
                "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas"
            ]
        );
        let queued = hpa(&s, r#""minReplicas":0,"maxReplicas":5"#, &[("metrics", external)]);
        assert_eq!(printed(&s.validate(&queued, None)), Vec::<String>::new());
    });
    // With the gate off a stored 0 is kept: the old object is converted as well.
    let queued = hpa(&s, r#""minReplicas":0,"maxReplicas":5"#, &[("metrics", external)]);
    let one = hpa(&s, r#""minReplicas":1,"maxReplicas":5"#, &[("metrics", external)]);
    assert!(printed(&s.validate(&queued, Some(&one))).iter().any(|e| e.starts_with("spec.minReplicas")));
    assert_eq!(printed(&s.validate(&queued, Some(&queued))), Vec::<String>::new());
}

#[test]
fn status_writes_get_v2s_status_checks() {
    let s = scheme();
    let old = hpa(&s, r#""minReplicas":1,"maxReplicas":5"#, &[]);
    let mut new = old.clone();
    new.status.desired_replicas = -1;
    assert_eq!(
        printed(&s.validate_status(&new, &old)),
        ["status.desiredReplicas: Invalid value: -1: must be greater than or equal to 0"]
    );
}

/// A v1 write's scale target, and the described objects of the annotation's Object metrics
/// (v1's `target`), get v2's `apiVersion` checks; an update keeping the target is not checked.
#[test]
fn api_versions_of_the_target_and_the_annotation_objects() {
    let s = scheme();
    let core_target = |name: &str| {
        let mut h = hpa(&s, r#""minReplicas":1,"maxReplicas":5"#, &[]);
        h.spec.scale_target_ref.api_version = "v1".into();
        h.metadata.name = name.into();
        h
    };
    let stored = core_target("a");
    assert_eq!(
        printed(&s.validate(&stored, None)),
        [r#"spec.scaleTargetRef.apiVersion: Invalid value: "v1": apiVersion must specify API group"#]
    );
    assert_eq!(printed(&s.validate(&stored, Some(&stored))), Vec::<String>::new());
    let object = r#"[{"type":"Object","object":{"target":{"kind":"Service","name":"web","apiVersion":"a/b/c"},"metricName":"qps","targetValue":"10"}}]"#;
    let h = hpa(&s, r#""minReplicas":1,"maxReplicas":5"#, &[("metrics", object)]);
    assert_eq!(
        printed(&s.validate(&h, None)),
        [
            r#"spec.metrics[0].object.describedObject.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c"#
        ]
    );
}
