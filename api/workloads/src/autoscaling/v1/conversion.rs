//! Hand-written conversions of `autoscaling/v1` to the v2-shaped internal autoscaler: the CPU
//! target maps to a resource metric, and what v1 cannot hold (other metrics, readings, conditions,
//! behavior) travels as JSON in annotations.

use std::collections::BTreeMap;

use kapi_machinery::ConversionError;
use kapi_machinery::json::{self, Value};
use kapi_machinery::types::Quantity;

use super::*;
use crate::autoscaling as internal;

const CPU: &str = "cpu";

fn identifier(name: String, selector: Option<crate::meta::v1::LabelSelector>) -> internal::MetricIdentifier {
    internal::MetricIdentifier { name, selector }
}

fn target_type(t: &str) -> internal::MetricTargetType {
    internal::MetricTargetType(t.to_owned())
}

/// A `Value` target unless only an average is given.
pub fn convert_external_metric_source_to_internal(
    from: ExternalMetricSource,
) -> Result<internal::ExternalMetricSource, ConversionError> {
    let ty = if from.target_value.is_none() {
        internal::MetricTargetType::AVERAGE_VALUE
    } else {
        internal::MetricTargetType::VALUE
    };
    Ok(internal::ExternalMetricSource {
        metric: identifier(from.metric_name, from.metric_selector),
        target: internal::MetricTarget {
            r#type: target_type(ty),
            value: from.target_value,
            average_value: from.target_average_value,
            average_utilization: None,
        },
    })
}

/// The target's type and utilization have no place in v1.
pub fn convert_external_metric_source_from_internal(
    from: internal::ExternalMetricSource,
) -> Result<ExternalMetricSource, ConversionError> {
    Ok(ExternalMetricSource {
        metric_name: from.metric.name,
        metric_selector: from.metric.selector,
        target_value: from.target.value,
        target_average_value: from.target.average_value,
    })
}

/// An `AverageValue` target when an average is given, else a `Value` one.
pub fn convert_object_metric_source_to_internal(
    from: ObjectMetricSource,
) -> Result<internal::ObjectMetricSource, ConversionError> {
    let ty = if from.average_value.is_none() {
        internal::MetricTargetType::VALUE
    } else {
        internal::MetricTargetType::AVERAGE_VALUE
    };
    Ok(internal::ObjectMetricSource {
        described_object: convert_cross_version_object_reference_to_internal(from.target)?,
        target: internal::MetricTarget {
            r#type: target_type(ty),
            value: Some(from.target_value),
            average_value: from.average_value,
            average_utilization: None,
        },
        metric: identifier(from.metric_name, from.selector),
    })
}

/// An unset target value is written as zero.
pub fn convert_object_metric_source_from_internal(
    from: internal::ObjectMetricSource,
) -> Result<ObjectMetricSource, ConversionError> {
    Ok(ObjectMetricSource {
        target: convert_cross_version_object_reference_from_internal(from.described_object)?,
        metric_name: from.metric.name,
        target_value: from.target.value.unwrap_or_default(),
        selector: from.metric.selector,
        average_value: from.target.average_value,
    })
}

/// Always an `AverageValue` target.
pub fn convert_pods_metric_source_to_internal(
    from: PodsMetricSource,
) -> Result<internal::PodsMetricSource, ConversionError> {
    Ok(internal::PodsMetricSource {
        metric: identifier(from.metric_name, from.selector),
        target: internal::MetricTarget {
            r#type: target_type(internal::MetricTargetType::AVERAGE_VALUE),
            average_value: Some(from.target_average_value),
            ..Default::default()
        },
    })
}

/// Only the average survives.
pub fn convert_pods_metric_source_from_internal(
    from: internal::PodsMetricSource,
) -> Result<PodsMetricSource, ConversionError> {
    Ok(PodsMetricSource {
        metric_name: from.metric.name,
        target_average_value: from.target.average_value.unwrap_or_default(),
        selector: from.metric.selector,
    })
}

fn resource_target(utilization: Option<i32>, average: Option<Quantity>) -> internal::MetricTarget {
    let ty = if utilization.is_none() {
        internal::MetricTargetType::AVERAGE_VALUE
    } else {
        internal::MetricTargetType::UTILIZATION
    };
    internal::MetricTarget {
        r#type: target_type(ty),
        value: None,
        average_value: average,
        average_utilization: utilization,
    }
}

/// A `Utilization` target when a utilization is given, else an `AverageValue` one.
pub fn convert_resource_metric_source_to_internal(
    from: ResourceMetricSource,
) -> Result<internal::ResourceMetricSource, ConversionError> {
    Ok(internal::ResourceMetricSource {
        name: internal_resource_name(from.name),
        target: resource_target(from.target_average_utilization, from.target_average_value),
    })
}

/// Utilization and average survive.
pub fn convert_resource_metric_source_from_internal(
    from: internal::ResourceMetricSource,
) -> Result<ResourceMetricSource, ConversionError> {
    Ok(ResourceMetricSource {
        name: versioned_resource_name(from.name),
        target_average_utilization: from.target.average_utilization,
        target_average_value: from.target.average_value,
    })
}

/// As a resource metric, for one container.
pub fn convert_container_resource_metric_source_to_internal(
    from: ContainerResourceMetricSource,
) -> Result<internal::ContainerResourceMetricSource, ConversionError> {
    Ok(internal::ContainerResourceMetricSource {
        name: internal_resource_name(from.name),
        target: resource_target(from.target_average_utilization, from.target_average_value),
        container: from.container,
    })
}

/// As a resource metric, for one container.
pub fn convert_container_resource_metric_source_from_internal(
    from: internal::ContainerResourceMetricSource,
) -> Result<ContainerResourceMetricSource, ConversionError> {
    Ok(ContainerResourceMetricSource {
        name: versioned_resource_name(from.name),
        target_average_utilization: from.target.average_utilization,
        target_average_value: from.target.average_value,
        container: from.container,
    })
}

/// The reading's value is always set.
pub fn convert_external_metric_status_to_internal(
    from: ExternalMetricStatus,
) -> Result<internal::ExternalMetricStatus, ConversionError> {
    Ok(internal::ExternalMetricStatus {
        metric: identifier(from.metric_name, from.metric_selector),
        current: internal::MetricValueStatus {
            value: Some(from.current_value),
            average_value: from.current_average_value,
            average_utilization: None,
        },
    })
}

/// An unset value is written as zero.
pub fn convert_external_metric_status_from_internal(
    from: internal::ExternalMetricStatus,
) -> Result<ExternalMetricStatus, ConversionError> {
    Ok(ExternalMetricStatus {
        metric_name: from.metric.name,
        metric_selector: from.metric.selector,
        current_value: from.current.value.unwrap_or_default(),
        current_average_value: from.current.average_value,
    })
}

/// The reading's value is always set.
pub fn convert_object_metric_status_to_internal(
    from: ObjectMetricStatus,
) -> Result<internal::ObjectMetricStatus, ConversionError> {
    Ok(internal::ObjectMetricStatus {
        metric: identifier(from.metric_name, from.selector),
        current: internal::MetricValueStatus {
            value: Some(from.current_value),
            average_value: from.average_value,
            average_utilization: None,
        },
        described_object: convert_cross_version_object_reference_to_internal(from.target)?,
    })
}

/// An unset value is written as zero.
pub fn convert_object_metric_status_from_internal(
    from: internal::ObjectMetricStatus,
) -> Result<ObjectMetricStatus, ConversionError> {
    Ok(ObjectMetricStatus {
        target: convert_cross_version_object_reference_from_internal(from.described_object)?,
        metric_name: from.metric.name,
        current_value: from.current.value.unwrap_or_default(),
        selector: from.metric.selector,
        average_value: from.current.average_value,
    })
}

/// The average is always set.
pub fn convert_pods_metric_status_to_internal(
    from: PodsMetricStatus,
) -> Result<internal::PodsMetricStatus, ConversionError> {
    Ok(internal::PodsMetricStatus {
        metric: identifier(from.metric_name, from.selector),
        current: internal::MetricValueStatus { average_value: Some(from.current_average_value), ..Default::default() },
    })
}

/// An unset average is written as zero.
pub fn convert_pods_metric_status_from_internal(
    from: internal::PodsMetricStatus,
) -> Result<PodsMetricStatus, ConversionError> {
    Ok(PodsMetricStatus {
        metric_name: from.metric.name,
        current_average_value: from.current.average_value.unwrap_or_default(),
        selector: from.metric.selector,
    })
}

/// The average is always set.
pub fn convert_resource_metric_status_to_internal(
    from: ResourceMetricStatus,
) -> Result<internal::ResourceMetricStatus, ConversionError> {
    Ok(internal::ResourceMetricStatus {
        name: internal_resource_name(from.name),
        current: internal::MetricValueStatus {
            value: None,
            average_value: Some(from.current_average_value),
            average_utilization: from.current_average_utilization,
        },
    })
}

/// An unset average is written as zero.
pub fn convert_resource_metric_status_from_internal(
    from: internal::ResourceMetricStatus,
) -> Result<ResourceMetricStatus, ConversionError> {
    Ok(ResourceMetricStatus {
        name: versioned_resource_name(from.name),
        current_average_utilization: from.current.average_utilization,
        current_average_value: from.current.average_value.unwrap_or_default(),
    })
}

/// As a resource reading, for one container.
pub fn convert_container_resource_metric_status_to_internal(
    from: ContainerResourceMetricStatus,
) -> Result<internal::ContainerResourceMetricStatus, ConversionError> {
    Ok(internal::ContainerResourceMetricStatus {
        name: internal_resource_name(from.name),
        current: internal::MetricValueStatus {
            value: None,
            average_value: Some(from.current_average_value),
            average_utilization: from.current_average_utilization,
        },
        container: from.container,
    })
}

/// As a resource reading, for one container.
pub fn convert_container_resource_metric_status_from_internal(
    from: internal::ContainerResourceMetricStatus,
) -> Result<ContainerResourceMetricStatus, ConversionError> {
    Ok(ContainerResourceMetricStatus {
        name: versioned_resource_name(from.name),
        current_average_utilization: from.current.average_utilization,
        current_average_value: from.current.average_value.unwrap_or_default(),
        container: from.container,
    })
}

fn internal_resource_name(name: crate::core::v1::ResourceName) -> crate::core::ResourceName {
    crate::core::ResourceName(name.0)
}

fn versioned_resource_name(name: crate::core::ResourceName) -> crate::core::v1::ResourceName {
    crate::core::v1::ResourceName(name.0)
}

fn cpu_utilization_metric(utilization: i32) -> internal::MetricSpec {
    internal::MetricSpec {
        r#type: internal::MetricSourceType(internal::MetricSourceType::RESOURCE.to_owned()),
        resource: Some(internal::ResourceMetricSource {
            name: crate::core::ResourceName(CPU.to_owned()),
            target: internal::MetricTarget {
                r#type: target_type(internal::MetricTargetType::UTILIZATION),
                average_utilization: Some(utilization),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

fn is_cpu_resource(ty: &internal::MetricSourceType, name: Option<&crate::core::ResourceName>) -> bool {
    ty.0 == internal::MetricSourceType::RESOURCE && name.is_some_and(|n| n.0 == CPU)
}

/// The CPU target becomes a CPU utilization metric; other metrics come from the annotation.
pub fn convert_horizontal_pod_autoscaler_spec_to_internal(
    from: HorizontalPodAutoscalerSpec,
) -> Result<internal::HorizontalPodAutoscalerSpec, ConversionError> {
    Ok(internal::HorizontalPodAutoscalerSpec {
        scale_target_ref: convert_cross_version_object_reference_to_internal(from.scale_target_ref)
            .map_err(|e| e.in_field("scaleTargetRef"))?,
        min_replicas: from.min_replicas,
        max_replicas: from.max_replicas,
        metrics: from.target_cpu_utilization_percentage.map(cpu_utilization_metric).into_iter().collect(),
        behavior: None,
    })
}

/// The first CPU resource metric gives the CPU target, if it is a utilization.
pub fn convert_horizontal_pod_autoscaler_spec_from_internal(
    from: internal::HorizontalPodAutoscalerSpec,
) -> Result<HorizontalPodAutoscalerSpec, ConversionError> {
    let cpu = from
        .metrics
        .iter()
        .find(|m| is_cpu_resource(&m.r#type, m.resource.as_ref().map(|r| &r.name)))
        .and_then(|m| m.resource.as_ref().and_then(|r| r.target.average_utilization));
    Ok(HorizontalPodAutoscalerSpec {
        scale_target_ref: convert_cross_version_object_reference_from_internal(from.scale_target_ref)
            .map_err(|e| e.in_field("scaleTargetRef"))?,
        min_replicas: from.min_replicas,
        max_replicas: from.max_replicas,
        target_cpu_utilization_percentage: cpu,
    })
}

/// The CPU reading becomes a CPU resource metric reading; the rest come from annotations.
pub fn convert_horizontal_pod_autoscaler_status_to_internal(
    from: HorizontalPodAutoscalerStatus,
) -> Result<internal::HorizontalPodAutoscalerStatus, ConversionError> {
    let current_metrics = from
        .current_cpu_utilization_percentage
        .map(|u| internal::MetricStatus {
            r#type: internal::MetricSourceType(internal::MetricSourceType::RESOURCE.to_owned()),
            resource: Some(internal::ResourceMetricStatus {
                name: crate::core::ResourceName(CPU.to_owned()),
                current: internal::MetricValueStatus { average_utilization: Some(u), ..Default::default() },
            }),
            ..Default::default()
        })
        .into_iter()
        .collect();
    Ok(internal::HorizontalPodAutoscalerStatus {
        observed_generation: from.observed_generation,
        last_scale_time: from.last_scale_time,
        current_replicas: from.current_replicas,
        desired_replicas: from.desired_replicas,
        current_metrics,
        conditions: Vec::new(),
    })
}

/// The last CPU resource reading with a utilization gives the CPU reading.
pub fn convert_horizontal_pod_autoscaler_status_from_internal(
    from: internal::HorizontalPodAutoscalerStatus,
) -> Result<HorizontalPodAutoscalerStatus, ConversionError> {
    let mut cpu = None;
    for m in &from.current_metrics {
        if is_cpu_resource(&m.r#type, m.resource.as_ref().map(|r| &r.name))
            && let Some(u) = m.resource.as_ref().and_then(|r| r.current.average_utilization)
        {
            cpu = Some(u);
        }
    }
    Ok(HorizontalPodAutoscalerStatus {
        observed_generation: from.observed_generation,
        last_scale_time: from.last_scale_time,
        current_replicas: from.current_replicas,
        desired_replicas: from.desired_replicas,
        current_cpu_utilization_percentage: cpu,
    })
}

fn annotation_error(key: &str, e: impl std::fmt::Display) -> ConversionError {
    ConversionError::new(e.to_string()).in_key(key).in_field("annotations").in_field("metadata")
}

fn encode_annotation<T: json::JsonEncode + ?Sized>(key: &str, v: &T) -> Result<String, ConversionError> {
    let bytes = json::to_vec(v).map_err(|e| annotation_error(key, e))?;
    String::from_utf8(bytes).map_err(|e| annotation_error(key, e))
}

/// Metrics other than CPU utilization, every reading, the conditions and the behavior go out as
/// annotations; stale ones from an earlier conversion are dropped first.
pub fn convert_horizontal_pod_autoscaler_from_internal(
    from: internal::HorizontalPodAutoscaler,
) -> Result<HorizontalPodAutoscaler, ConversionError> {
    let other_metrics: Vec<internal::MetricSpec> = from
        .spec
        .metrics
        .iter()
        .filter(|m| {
            !(is_cpu_resource(&m.r#type, m.resource.as_ref().map(|r| &r.name))
                && m.resource.as_ref().is_some_and(|r| r.target.average_utilization.is_some()))
        })
        .cloned()
        .collect();
    let current_metrics = from.status.current_metrics.clone();
    let conditions = from.status.conditions.clone();
    let behavior = from.spec.behavior.clone();
    let mut out = super::auto_convert_horizontal_pod_autoscaler_from_internal(from)?;
    let annotations = &mut out.metadata.annotations;
    internal::drop_round_trip_annotations(annotations);
    if !other_metrics.is_empty() {
        let v1: Vec<MetricSpec> =
            other_metrics.into_iter().map(convert_metric_spec_from_internal).collect::<Result<_, _>>()?;
        annotations.insert(
            internal::METRIC_SPECS_ANNOTATION.to_owned(),
            encode_annotation(internal::METRIC_SPECS_ANNOTATION, &v1)?,
        );
    }
    if !current_metrics.is_empty() {
        let v1: Vec<MetricStatus> =
            current_metrics.into_iter().map(convert_metric_status_from_internal).collect::<Result<_, _>>()?;
        annotations.insert(
            internal::METRIC_STATUSES_ANNOTATION.to_owned(),
            encode_annotation(internal::METRIC_STATUSES_ANNOTATION, &v1)?,
        );
    }
    if !conditions.is_empty() {
        let v1: Vec<HorizontalPodAutoscalerCondition> = conditions
            .into_iter()
            .map(convert_horizontal_pod_autoscaler_condition_from_internal)
            .collect::<Result<_, _>>()?;
        annotations.insert(
            internal::CONDITIONS_ANNOTATION.to_owned(),
            encode_annotation(internal::CONDITIONS_ANNOTATION, &v1)?,
        );
    }
    if let Some(b) = behavior {
        annotations.insert(internal::BEHAVIOR_SPECS_ANNOTATION.to_owned(), behavior_to_go_json(&b));
    }
    Ok(out)
}

fn decode_annotation<T: json::JsonDecode + Default>(key: &str, text: &str) -> Result<T, ConversionError> {
    json::from_slice::<T>(text.as_bytes()).map_err(|e| annotation_error(key, e))
}

/// Metrics, readings, conditions and behavior come back from their annotations, which are then
/// dropped; an autoscaler left without metrics aims for 80% CPU, as v1's controller always did.
pub fn convert_horizontal_pod_autoscaler_to_internal(
    from: HorizontalPodAutoscaler,
) -> Result<internal::HorizontalPodAutoscaler, ConversionError> {
    let mut out = super::auto_convert_horizontal_pod_autoscaler_to_internal(from)?;
    let annotations: BTreeMap<String, String> = out.metadata.annotations.clone();
    if let Some(text) = annotations.get(internal::METRIC_SPECS_ANNOTATION) {
        let v1: Vec<MetricSpec> = decode_annotation(internal::METRIC_SPECS_ANNOTATION, text)?;
        let mut metrics: Vec<internal::MetricSpec> =
            v1.into_iter().map(convert_metric_spec_to_internal).collect::<Result<_, _>>()?;
        // The CPU target, if v1 had one, goes after the others.
        metrics.extend(out.spec.metrics.drain(..).take(1));
        out.spec.metrics = metrics;
    }
    if let Some(text) = annotations.get(internal::METRIC_STATUSES_ANNOTATION) {
        // The annotation has more than the CPU reading: it replaces it.
        let v1: Vec<MetricStatus> = decode_annotation(internal::METRIC_STATUSES_ANNOTATION, text)?;
        out.status.current_metrics = v1.into_iter().map(convert_metric_status_to_internal).collect::<Result<_, _>>()?;
    }
    if out.spec.metrics.is_empty() {
        out.spec.metrics = vec![cpu_utilization_metric(internal::DEFAULT_CPU_UTILIZATION)];
    }
    if let Some(text) = annotations.get(internal::CONDITIONS_ANNOTATION) {
        let v1: Vec<HorizontalPodAutoscalerCondition> = decode_annotation(internal::CONDITIONS_ANNOTATION, text)?;
        out.status.conditions =
            v1.into_iter().map(convert_horizontal_pod_autoscaler_condition_to_internal).collect::<Result<_, _>>()?;
    }
    if let Some(text) = annotations.get(internal::BEHAVIOR_SPECS_ANNOTATION) {
        // Only well-formed, non-empty behavior moves into the field, as upstream's does.
        if let Some(b) =
            behavior_from_go_json(text).filter(|b| *b != internal::HorizontalPodAutoscalerBehavior::default())
        {
            out.spec.behavior = Some(b);
        }
    }
    internal::drop_round_trip_annotations(&mut out.metadata.annotations);
    Ok(out)
}

/// The behavior as upstream writes it: Go's JSON of the internal type, whose fields have no JSON
/// names, so members are Go's field names, absent pointers and slices are `null`.
pub fn behavior_to_go_json(b: &internal::HorizontalPodAutoscalerBehavior) -> String {
    fn opt_int(v: Option<i32>) -> Value {
        v.map_or(Value::Null, |v| Value::Number(v.to_string()))
    }
    fn rules(r: Option<&internal::HPAScalingRules>) -> Value {
        let Some(r) = r else { return Value::Null };
        let policies = if r.policies.is_empty() {
            Value::Null
        } else {
            Value::Array(
                r.policies
                    .iter()
                    .map(|p| {
                        Value::Object(vec![
                            ("Type".to_owned(), Value::String(p.r#type.0.clone())),
                            ("Value".to_owned(), Value::Number(p.value.to_string())),
                            ("PeriodSeconds".to_owned(), Value::Number(p.period_seconds.to_string())),
                        ])
                    })
                    .collect(),
            )
        };
        Value::Object(vec![
            ("StabilizationWindowSeconds".to_owned(), opt_int(r.stabilization_window_seconds)),
            ("SelectPolicy".to_owned(), r.select_policy.as_ref().map_or(Value::Null, |s| Value::String(s.0.clone()))),
            ("Policies".to_owned(), policies),
            ("Tolerance".to_owned(), r.tolerance.as_ref().map_or(Value::Null, |q| Value::String(q.to_string()))),
        ])
    }
    let v = Value::Object(vec![
        ("ScaleUp".to_owned(), rules(b.scale_up.as_ref())),
        ("ScaleDown".to_owned(), rules(b.scale_down.as_ref())),
    ]);
    let mut out = Vec::new();
    v.write_compact(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads [`behavior_to_go_json`]'s form as Go's decoder does (member names matched without regard
/// to case, unknown members skipped); `None` for anything malformed.
pub fn behavior_from_go_json(text: &str) -> Option<internal::HorizontalPodAutoscalerBehavior> {
    fn member<'a>(members: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
        // Go prefers an exact match, then the last case-insensitive one wins by overwriting.
        members.iter().rev().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v)
    }
    fn int(v: Option<&Value>) -> Option<Option<i32>> {
        match v {
            None | Some(Value::Null) => Some(None),
            Some(Value::Number(n)) => n.parse::<i32>().ok().map(Some),
            _ => None,
        }
    }
    fn string(v: Option<&Value>) -> Option<Option<String>> {
        match v {
            None | Some(Value::Null) => Some(None),
            Some(Value::String(s)) => Some(Some(s.clone())),
            _ => None,
        }
    }
    fn rules(v: Option<&Value>) -> Option<Option<internal::HPAScalingRules>> {
        let members = match v {
            None | Some(Value::Null) => return Some(None),
            Some(Value::Object(m)) => m,
            _ => return None,
        };
        let policies = match member(members, "Policies") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|p| {
                    let Value::Object(pm) = p else { return None };
                    Some(internal::HPAScalingPolicy {
                        r#type: internal::HPAScalingPolicyType(string(member(pm, "Type"))?.unwrap_or_default()),
                        value: int(member(pm, "Value"))?.unwrap_or_default(),
                        period_seconds: int(member(pm, "PeriodSeconds"))?.unwrap_or_default(),
                    })
                })
                .collect::<Option<Vec<_>>>()?,
            _ => return None,
        };
        let tolerance = match string(member(members, "Tolerance"))? {
            None => None,
            Some(s) => Some(s.parse::<Quantity>().ok()?),
        };
        Some(Some(internal::HPAScalingRules {
            stabilization_window_seconds: int(member(members, "StabilizationWindowSeconds"))?,
            select_policy: string(member(members, "SelectPolicy"))?.map(internal::ScalingPolicySelect),
            policies,
            tolerance,
        }))
    }
    let Ok(Value::Object(members)) = json::value::parse(text.as_bytes()) else { return None };
    Some(internal::HorizontalPodAutoscalerBehavior {
        scale_up: rules(member(&members, "ScaleUp"))?,
        scale_down: rules(member(&members, "ScaleDown"))?,
    })
}
