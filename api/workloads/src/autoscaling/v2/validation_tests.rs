//! Upstream's autoscaling validation test cases (`TestValidateHorizontalPodAutoscaler` success and failure cases with their messages, `TestValidateBehavior`, `TestValidateHorizontalPodAutoscalerScaleToZero...`, `...ConfigurableTolerance...`), its strategy's tolerance dropping and validation options (`TestValidationOptionsForHorizontalPodAutoscaler`), pinned against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::autoscaling::v2::{
    ContainerResourceMetricSource, ExternalMetricSource, HPAScalingPolicyType, HorizontalPodAutoscalerSpec,
    MetricSourceType, MetricTargetType, ObjectMetricSource, PodsMetricSource, ResourceMetricSource,
    ScalingPolicySelect,
};
use crate::core::v1::ResourceName;
use crate::features::{FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn gate_off() -> FeatureGates {
    FeatureGates::default().with(Feature::DeclarativeValidationBeta, false)
}

fn utilization(u: i32) -> MetricTarget {
    MetricTarget { r#type: MetricTargetType("Utilization".into()), average_utilization: Some(u), ..Default::default() }
}

fn cpu(target: MetricTarget) -> MetricSpec {
    MetricSpec {
        r#type: MetricSourceType("Resource".into()),
        resource: Some(ResourceMetricSource { name: ResourceName("cpu".into()), target }),
        ..Default::default()
    }
}

fn hpa(min: Option<i32>, max: i32, metrics: Vec<MetricSpec>) -> HorizontalPodAutoscaler {
    HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: "myautoscaler".into(), namespace: "default".into(), ..Default::default() },
        spec: HorizontalPodAutoscalerSpec {
            scale_target_ref: CrossVersionObjectReference {
                kind: "ReplicationController".into(),
                name: "myrc".into(),
                ..Default::default()
            },
            min_replicas: min,
            max_replicas: max,
            metrics,
            behavior: None,
        },
        ..Default::default()
    }
}

/// A `Pods` metric of `name` with an average value target of `value`.
fn pods_metric(name: &str, value: &str) -> MetricSpec {
    MetricSpec {
        r#type: MetricSourceType("Pods".into()),
        pods: Some(PodsMetricSource {
            metric: MetricIdentifier { name: name.into(), ..Default::default() },
            target: MetricTarget {
                r#type: MetricTargetType("AverageValue".into()),
                average_value: Some(Quantity::parse(value).expect("a test quantity parses")),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

#[test]
fn success_cases() {
    assert!(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![cpu(utilization(70))]), None).is_empty());
    let pods = pods_metric("somemetric", "100");
    assert!(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![pods]), None).is_empty());
}

#[test]
fn replica_failures_as_upstream() {
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler(&hpa(Some(7), 5, vec![]), None)),
        ["spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`"]
    );
    // The declarative rules report the lower bounds while beta declarative validation is on.
    let mut s = Scheme::new();
    crate::autoscaling::install(&mut s).expect("autoscaling installs");
    let got = strings(&s.validate(&hpa(Some(-1), 0, vec![]), None));
    assert!(
        got.contains(&"spec.minReplicas: Invalid value: -1: must be greater than or equal to 1".to_owned()),
        "{got:?}"
    );
    with_gates(gate_off(), || {
        assert_eq!(
            strings(&validate_horizontal_pod_autoscaler(&hpa(Some(-1), 0, vec![]), None)),
            [
                "spec.minReplicas: Invalid value: -1: must be greater than or equal to 1",
                "spec.maxReplicas: Invalid value: 0: must be greater than 0",
            ]
        );
        // A stored minReplicas of 0 lowers the bound to 0.
        let zero = hpa(Some(0), 5, vec![]);
        assert_eq!(validate_horizontal_pod_autoscaler(&zero, None)[0].field, "spec.minReplicas");
        assert!(!validate_horizontal_pod_autoscaler(&zero, Some(&zero)).iter().any(|e| e.field == "spec.minReplicas"));
    });
    let mut h = hpa(Some(1), 5, vec![]);
    h.spec.scale_target_ref =
        CrossVersionObjectReference { kind: "..".into(), name: String::new(), ..Default::default() };
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler(&h, None)),
        [
            "spec.scaleTargetRef.kind: Invalid value: \"..\": may not be '..'",
            "spec.scaleTargetRef.name: Required value",
            "spec.scaleTargetRef.apiVersion: Invalid value: \"\": apiVersion must specify API group",
        ]
    );
}

#[test]
fn metric_failures_as_upstream() {
    let at = |errs: ErrorList| strings(&errs);
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![cpu(utilization(-10))]), None)),
        ["spec.metrics[0].resource.target.averageUtilization: Invalid value: -10: must be greater than 0"]
    );
    let both = MetricTarget { average_value: Some(Quantity::parse("100").unwrap()), ..utilization(70) };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![cpu(both)]), None)),
        [
            "spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization"
        ]
    );
    let neither = MetricTarget { r#type: MetricTargetType("Utilization".into()), ..Default::default() };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![cpu(neither)]), None)),
        [
            "spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization"
        ]
    );
    let wrong_type = MetricSpec { r#type: MetricSourceType("Pods".into()), ..cpu(utilization(70)) };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![wrong_type]), None)),
        ["spec.metrics[0].pods: Required value: must populate information for the given metric source"]
    );
    // Two sources: the one the type names is kept, the other forbidden.
    let two = MetricSpec { pods: Some(PodsMetricSource::default()), ..cpu(utilization(70)) };
    let got = at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![two]), None));
    assert_eq!(
        got.last().map(String::as_str),
        Some("spec.metrics[0].pods: Forbidden: must populate the given metric source only"),
        "{got:?}"
    );
    let unknown = MetricSpec { r#type: MetricSourceType("boogity".into()), ..cpu(utilization(70)) };
    let got = at(s_validate(&hpa(Some(1), 5, vec![unknown])));
    assert_eq!(
        got,
        [
            r#"spec.metrics[0].type: Unsupported value: "boogity": supported values: "ContainerResource", "External", "Object", "Pods", "Resource""#
        ]
    );
    let object = MetricSpec {
        r#type: MetricSourceType("Object".into()),
        object: Some(ObjectMetricSource {
            described_object: CrossVersionObjectReference {
                kind: "ReplicationController".into(),
                name: "myrc".into(),
                ..Default::default()
            },
            metric: MetricIdentifier { name: "some/metric".into(), ..Default::default() },
            target: MetricTarget {
                r#type: MetricTargetType("Value".into()),
                value: Some(Quantity::parse("-1").unwrap()),
                ..Default::default()
            },
        }),
        ..Default::default()
    };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![object]), None)),
        [
            "spec.metrics[0].object.metric.name: Invalid value: \"some/metric\": may not contain '/'",
            "spec.metrics[0].object.target.value: Invalid value: \"-1\": must be positive",
        ]
    );
    let external = MetricSpec {
        r#type: MetricSourceType("External".into()),
        external: Some(ExternalMetricSource {
            metric: MetricIdentifier { name: "queue".into(), ..Default::default() },
            target: MetricTarget { r#type: MetricTargetType("Bogus".into()), ..Default::default() },
        }),
        ..Default::default()
    };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![external]), None)),
        [
            r#"spec.metrics[0].external.target.type: Invalid value: "Bogus": must be either Utilization, Value, or AverageValue"#,
            "spec.metrics[0].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target",
        ]
    );
    let container = MetricSpec {
        r#type: MetricSourceType("ContainerResource".into()),
        container_resource: Some(ContainerResourceMetricSource {
            name: ResourceName("cpu".into()),
            container: String::new(),
            target: utilization(50),
        }),
        ..Default::default()
    };
    assert_eq!(
        at(validate_horizontal_pod_autoscaler(&hpa(Some(1), 5, vec![container]), None)),
        ["spec.metrics[0].containerResource.container: Required value: must specify a container"]
    );
}

fn s_validate(h: &HorizontalPodAutoscaler) -> ErrorList {
    let mut s = Scheme::new();
    crate::autoscaling::install(&mut s).expect("autoscaling installs");
    s.validate(h, None)
}

#[test]
fn behavior_as_upstream() {
    let policy = |ty: &str, value: i32, period: i32| HPAScalingPolicy {
        r#type: HPAScalingPolicyType(ty.into()),
        value,
        period_seconds: period,
    };
    let mut h = hpa(Some(1), 5, vec![cpu(utilization(70))]);
    h.spec.behavior = Some(HorizontalPodAutoscalerBehavior {
        scale_up: Some(HPAScalingRules {
            stabilization_window_seconds: Some(3601),
            select_policy: Some(ScalingPolicySelect("Sideways".into())),
            policies: vec![policy("Pods", 0, 1801), policy("Nodes", 1, 0)],
            ..Default::default()
        }),
        scale_down: Some(HPAScalingRules { stabilization_window_seconds: Some(-1), ..Default::default() }),
    });
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler(&h, None)),
        [
            "spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600",
            r#"spec.behavior.scaleUp.selectPolicy: Unsupported value: "Sideways": supported values: "Disabled", "Max", "Min""#,
            "spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero",
            "spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800",
            r#"spec.behavior.scaleUp.policies[1].type: Unsupported value: "Nodes": supported values: "Percent", "Pods""#,
            "spec.behavior.scaleUp.policies[1].periodSeconds: Invalid value: 0: must be greater than zero",
            "spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero",
            "spec.behavior.scaleDown.policies: Required value: must specify at least one Policy",
        ]
    );
}

#[test]
fn scale_to_zero_and_status() {
    with_gates(FeatureGates::default().with(Feature::HPAScaleToZero, true), || {
        assert_eq!(
            strings(&validate_horizontal_pod_autoscaler(&hpa(Some(0), 5, vec![cpu(utilization(70))]), None)),
            [
                "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas"
            ]
        );
    });
    let old = hpa(Some(1), 5, vec![]);
    let mut new = old.clone();
    new.status.current_replicas = -1;
    new.status.desired_replicas = -2;
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler_status_update(&new, &old)),
        [
            "status.currentReplicas: Invalid value: -1: must be greater than or equal to 0",
            "status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0",
        ]
    );
}

/// The base of upstream's `prepareHPAWithBehavior`: a valid autoscaler with the given behavior.
fn with_behavior(b: HorizontalPodAutoscalerBehavior) -> HorizontalPodAutoscaler {
    let mut h = hpa(Some(1), 5, vec![cpu(utilization(70))]);
    h.spec.behavior = Some(b);
    h
}

fn pods_1800() -> Vec<HPAScalingPolicy> {
    vec![HPAScalingPolicy { r#type: HPAScalingPolicyType("Pods".into()), value: 1, period_seconds: 1800 }]
}

fn rules(tolerance: Option<&str>, window: Option<i32>, policies: Vec<HPAScalingPolicy>) -> HPAScalingRules {
    HPAScalingRules {
        stabilization_window_seconds: window,
        policies,
        tolerance: tolerance.map(|t| Quantity::parse(t).expect("a quantity")),
        ..Default::default()
    }
}

/// Upstream's `TestValidateHorizontalPodAutoscalerConfigurableToleranceEnabled`: any tolerance
/// from zero up passes; a negative one, or rules without policies, is the only error.
#[test]
fn tolerance_as_upstream() {
    for t in [Some("0.1"), Some("10"), Some("0"), Some("100m"), Some("1m"), None] {
        let h = with_behavior(HorizontalPodAutoscalerBehavior {
            scale_down: Some(rules(t, None, pods_1800())),
            scale_up: None,
        });
        assert!(validate_horizontal_pod_autoscaler(&h, None).is_empty(), "{t:?}");
    }
    let cases = [
        (rules(None, None, vec![]), "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy"),
        (
            rules(Some("-0.001"), None, pods_1800()),
            r#"spec.behavior.scaleUp.tolerance: Invalid value: "-1m": must be greater or equal to zero"#,
        ),
        (
            rules(Some("-10m"), None, pods_1800()),
            r#"spec.behavior.scaleUp.tolerance: Invalid value: "-10m": must be greater or equal to zero"#,
        ),
        (
            rules(None, Some(60), vec![]),
            "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy",
        ),
        (
            rules(Some("1m"), Some(60), vec![]),
            "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy",
        ),
    ];
    for (r, want) in cases {
        let h = with_behavior(HorizontalPodAutoscalerBehavior { scale_up: Some(r), scale_down: None });
        assert_eq!(strings(&validate_horizontal_pod_autoscaler(&h, None)), [want]);
    }
    // Validation does not read the gate: with it off the strategy has already dropped the field,
    // or kept it because the stored autoscaler had one, and then it is checked as usual.
    with_gates(FeatureGates::default().with(Feature::HPAConfigurableTolerance, false), || {
        let h = with_behavior(HorizontalPodAutoscalerBehavior {
            scale_up: Some(rules(Some("10m"), None, pods_1800())),
            scale_down: None,
        });
        assert!(validate_horizontal_pod_autoscaler(&h, Some(&h)).is_empty());
    });
}

/// Upstream's strategy tests (`TestPrepareForCreate…`/`TestPrepareForUpdateConfigurableTolerance…`):
/// with the gate off a write loses its tolerances unless the stored autoscaler set one.
#[test]
fn tolerance_is_dropped_while_the_gate_is_off() {
    let mut s = Scheme::new();
    crate::autoscaling::install(&mut s).expect("autoscaling installs");
    let gate = Feature::HPAConfigurableTolerance.name();
    let off = |name: &str| name != gate;
    let with = with_behavior(HorizontalPodAutoscalerBehavior {
        scale_up: Some(rules(Some("10m"), None, pods_1800())),
        scale_down: None,
    });
    let without = with_behavior(HorizontalPodAutoscalerBehavior {
        scale_up: Some(rules(None, None, pods_1800())),
        scale_down: None,
    });
    let tolerance = |h: &HorizontalPodAutoscaler| {
        h.spec.behavior.as_ref().and_then(|b| b.scale_up.as_ref()).and_then(|r| r.tolerance.clone())
    };

    let mut created = with.clone();
    s.drop_disabled_fields(&mut created, None, &off);
    assert_eq!(tolerance(&created), None);
    let mut kept = with.clone();
    s.drop_disabled_fields(&mut kept, None, &|_| true);
    assert!(tolerance(&kept).is_some());

    let mut updated = with.clone();
    s.drop_disabled_fields(&mut updated, Some(&without), &off);
    assert_eq!(tolerance(&updated), None);
    let mut updated = with.clone();
    s.drop_disabled_fields(&mut updated, Some(&with), &off);
    assert!(tolerance(&updated).is_some());
    assert!(Feature::HPAConfigurableTolerance.default_enabled());
}

/// Upstream's strategy test `TestValidationOptionsForHorizontalPodAutoscaler`: the options a
/// create or an update is validated with.
#[test]
fn validation_options_as_upstream() {
    let target = |min: i32, api_version: &str, kind: &str, metrics: Vec<MetricSpec>| {
        let mut h = hpa(Some(min), 5, metrics);
        h.spec.scale_target_ref =
            CrossVersionObjectReference { kind: kind.into(), name: "name".into(), api_version: api_version.into() };
        h
    };
    let pods = pods_metric("my-metric", "10");
    let nil_object = MetricSpec { r#type: MetricSourceType("Object".into()), ..Default::default() };
    let opts = |invalid: bool, empty: bool| ReferenceOptions {
        allow_invalid_api_version: invalid,
        allow_empty_api_group: empty,
    };
    /// Name, new and old autoscaler, `HPAScaleToZero`, and the options expected.
    type Case = (
        &'static str,
        HorizontalPodAutoscaler,
        Option<HorizontalPodAutoscaler>,
        bool,
        i32,
        ReferenceOptions,
        ReferenceOptions,
    );
    #[rustfmt::skip]
    let cases: Vec<Case> = vec![
        ("scale to zero disabled, no old hpa", target(1, "apps/v1", "Deployment", vec![]), None, false, 1, opts(false, false), opts(false, true)),
        ("scale to zero disabled, old hpa has minReplicas=1", target(1, "apps/v1", "Deployment", vec![]), Some(target(1, "apps/v1", "Deployment", vec![])), false, 1, opts(true, false), opts(false, true)),
        ("scale to zero disabled, old hpa has minReplicas=0", target(0, "apps/v1", "Deployment", vec![]), Some(target(0, "apps/v1", "Deployment", vec![])), false, 0, opts(true, false), opts(false, true)),
        ("scale to zero enabled", target(0, "apps/v1", "Deployment", vec![]), None, true, 0, opts(false, false), opts(false, true)),
        ("ReplicationController with the legacy API Version", target(1, "", "ReplicationController", vec![]), None, false, 1, opts(false, true), opts(false, true)),
        ("scale target ref api version changed", target(1, "apps/v1", "Deployment", vec![]), Some(target(1, "extensions/v1beta1", "RandomCR", vec![])), false, 1, opts(false, false), opts(false, true)),
        ("scale target ref api version unchanged", target(1, "apps/v1", "", vec![]), Some(target(1, "apps/v1", "", vec![])), false, 1, opts(true, false), opts(false, true)),
        ("scale target ref api and Kind are changed to ReplicationController", target(1, "", "ReplicationController", vec![]), Some(target(1, "apps/v1", "Deployment", vec![])), false, 1, opts(false, true), opts(false, true)),
        ("Kind changed", target(1, "apps/v1", "CronJobs", vec![]), Some(target(1, "apps/v1", "Deployment", vec![])), false, 1, opts(false, false), opts(false, true)),
        ("no metrics", target(1, "apps/v1", "Deployment", vec![]), None, false, 1, opts(false, false), opts(false, true)),
        ("non-object metric", target(1, "", "", vec![pods]), None, false, 1, opts(false, false), opts(false, true)),
        ("new object metric with valid api version", target(1, "", "", vec![object_metric("apps/v1")]), None, false, 1, opts(false, false), opts(false, true)),
        ("old object metric with invalid api version", target(1, "apps/v1", "Deployment", vec![object_metric("apps/v1/v3")]), Some(target(2, "apps/v1", "Deployment", vec![object_metric("apps/v1/v2")])), false, 1, opts(true, false), opts(true, true)),
        ("new object metric with invalid api version", target(1, "", "", vec![object_metric("apps/v1/v2")]), None, false, 1, opts(false, false), opts(false, true)),
        ("nil object Metrics", target(1, "", "", vec![nil_object]), None, false, 1, opts(false, false), opts(false, true)),
    ];
    for (name, new, old, scale_to_zero, lower, scale_target_ref, object_metrics) in cases {
        with_gates(FeatureGates::default().with(Feature::HPAScaleToZero, scale_to_zero), || {
            let got = ValidationOptions::for_autoscaler(&new, old.as_ref());
            assert_eq!(
                got,
                ValidationOptions { min_replicas_lower_bound: lower, scale_target_ref, object_metrics },
                "{name}"
            );
        });
    }
}

/// An object metric of a deployment's `my-metric`, described with this `apiVersion` (upstream's
/// `objectMetric` in its strategy test).
fn object_metric(api_version: &str) -> MetricSpec {
    MetricSpec {
        r#type: MetricSourceType("Object".into()),
        object: Some(ObjectMetricSource {
            described_object: CrossVersionObjectReference {
                kind: "Deployment".into(),
                name: "mydeployment".into(),
                api_version: api_version.into(),
            },
            metric: MetricIdentifier { name: "my-metric".into(), ..Default::default() },
            target: MetricTarget {
                r#type: MetricTargetType("Value".into()),
                value: Some(Quantity::parse("10").unwrap()),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

/// The `apiVersion` checks and their messages: `schema.ParseGroupVersion`'s error, or a missing
/// group where the options want one, at the reference's `apiVersion`.
#[test]
fn api_versions_as_upstream() {
    let targeting = |kind: &str, api_version: &str, metrics: Vec<MetricSpec>| {
        let mut h = hpa(Some(1), 5, metrics);
        h.spec.scale_target_ref =
            CrossVersionObjectReference { kind: kind.into(), name: "web".into(), api_version: api_version.into() };
        h
    };
    let create = |h: &HorizontalPodAutoscaler| strings(&validate_horizontal_pod_autoscaler(h, None));
    let no_group =
        |v: &str| format!(r#"spec.scaleTargetRef.apiVersion: Invalid value: "{v}": apiVersion must specify API group"#);
    // Only a replication controller may be in the core group.
    assert!(create(&targeting("ReplicationController", "", vec![])).is_empty());
    assert!(create(&targeting("ReplicationController", "v1", vec![])).is_empty());
    assert!(create(&targeting("Deployment", "apps/v1", vec![])).is_empty());
    assert_eq!(create(&targeting("Deployment", "", vec![])), [no_group("")]);
    assert_eq!(create(&targeting("Deployment", "v1", vec![])), [no_group("v1")]);
    assert_eq!(create(&targeting("Deployment", "/", vec![])), [no_group("/")]);
    assert_eq!(create(&targeting("Deployment", "/v1", vec![])), [no_group("/v1")]);
    // A group without a version parses.
    assert!(create(&targeting("Deployment", "apps/", vec![])).is_empty());
    assert_eq!(
        create(&targeting("ReplicationController", "apps/v1/v2", vec![])),
        [r#"spec.scaleTargetRef.apiVersion: Invalid value: "apps/v1/v2": unexpected GroupVersion string: apps/v1/v2"#]
    );
    // After the kind and the name.
    let mut h = targeting("", "", vec![]);
    h.spec.scale_target_ref.name = String::new();
    assert_eq!(
        create(&h),
        ["spec.scaleTargetRef.kind: Required value", "spec.scaleTargetRef.name: Required value", &no_group("")]
    );

    // An update that keeps the target's kind and apiVersion is not checked; one that changes either is.
    let stored = targeting("Deployment", "v1", vec![]);
    assert!(validate_horizontal_pod_autoscaler(&stored, Some(&stored)).is_empty());
    let renamed = targeting("StatefulSet", "v1", vec![]);
    assert_eq!(strings(&validate_horizontal_pod_autoscaler(&renamed, Some(&stored))), [no_group("v1")]);

    // Described objects may be in the core group, and come after the kind and name, before the metric.
    assert!(create(&targeting("Deployment", "apps/v1", vec![object_metric("")])).is_empty());
    assert!(create(&targeting("Deployment", "apps/v1", vec![object_metric("v1")])).is_empty());
    let mut bad = object_metric("apps/v1/v2");
    if let Some(o) = bad.object.as_mut() {
        o.described_object.name = "a/b".into();
        o.metric.name = String::new();
    }
    assert_eq!(
        create(&targeting("Deployment", "apps/v1", vec![bad.clone()])),
        [
            r#"spec.metrics[0].object.describedObject.name: Invalid value: "a/b": may not contain '/'"#,
            r#"spec.metrics[0].object.describedObject.apiVersion: Invalid value: "apps/v1/v2": unexpected GroupVersion string: apps/v1/v2"#,
            "spec.metrics[0].object.metric.name: Required value: must specify a metric name",
        ]
    );
    // Once the stored autoscaler has a described object with an invalid apiVersion, none is checked.
    let stored = targeting("Deployment", "apps/v1", vec![object_metric("a/b/c")]);
    let new = targeting("Deployment", "apps/v1", vec![object_metric("apps/v1/v2"), object_metric("x/y/z")]);
    assert!(validate_horizontal_pod_autoscaler(&new, Some(&stored)).is_empty());
    let stored = targeting("Deployment", "apps/v1", vec![object_metric("apps/v1")]);
    assert_eq!(
        strings(&validate_horizontal_pod_autoscaler(&new, Some(&stored))),
        [
            r#"spec.metrics[0].object.describedObject.apiVersion: Invalid value: "apps/v1/v2": unexpected GroupVersion string: apps/v1/v2"#,
            r#"spec.metrics[1].object.describedObject.apiVersion: Invalid value: "x/y/z": unexpected GroupVersion string: x/y/z"#,
        ]
    );
}
