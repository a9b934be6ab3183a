//! Printers of horizontal pod autoscalers, `autoscaling/v2` (the metrics) and `autoscaling/v1` (its CPU target).

use std::any::Any;

use super::{AGE, Column, NAME, Printed, age, col};
use crate::autoscaling::v2::{HorizontalPodAutoscaler, MetricSpec, MetricStatus};

const HPA: &[Column] = &[
    NAME,
    col("Reference", "string", "The kind and name of the scaled object."),
    col("Targets", "string", "Current and target values of the metrics."),
    col("MinPods", "string", "The fewest replicas."),
    col("MaxPods", "string", "The most replicas."),
    col("Replicas", "string", "The current number of replicas."),
    AGE,
];

fn quantity(q: Option<&kapi_machinery::types::Quantity>) -> String {
    q.map_or_else(|| "<unknown>".to_owned(), ToString::to_string)
}

fn percent(p: Option<i32>, unset: &str) -> String {
    p.map_or_else(|| unset.to_owned(), |p| format!("{p}%"))
}

/// One metric as upstream's `formatHPAMetrics` writes it: `cpu: 40%/80%`, `<unknown>` for a
/// current value not reported yet.
fn metric(spec: &MetricSpec, status: Option<&MetricStatus>) -> String {
    match spec.r#type.0.as_str() {
        "Resource" | "ContainerResource" => {
            let (name, target, current) = if let Some(r) = &spec.resource {
                (r.name.0.clone(), &r.target, status.and_then(|s| s.resource.as_ref()).map(|s| &s.current))
            } else if let Some(r) = &spec.container_resource {
                let current = status.and_then(|s| s.container_resource.as_ref()).map(|s| &s.current);
                (r.name.0.clone(), &r.target, current)
            } else {
                return "<unknown type>".into();
            };
            if let Some(avg) = &target.average_value {
                let current = quantity(current.and_then(|c| c.average_value.as_ref()));
                format!("{name}: {current}/{avg}")
            } else {
                let current = percent(current.and_then(|c| c.average_utilization), "<unknown>");
                format!("{name}: {current}/{}", percent(target.average_utilization, "<auto>"))
            }
        }
        "Pods" => {
            let Some(p) = &spec.pods else { return "<unknown type>".into() };
            let current = quantity(status.and_then(|s| s.pods.as_ref()).and_then(|s| s.current.average_value.as_ref()));
            format!("{current}/{}", quantity(p.target.average_value.as_ref()))
        }
        "Object" => {
            let Some(o) = &spec.object else { return "<unknown type>".into() };
            let current = status.and_then(|s| s.object.as_ref()).map(|s| &s.current);
            if let Some(avg) = &o.target.average_value {
                format!("{}/{avg} (avg)", quantity(current.and_then(|c| c.average_value.as_ref())))
            } else {
                format!("{}/{}", quantity(current.and_then(|c| c.value.as_ref())), quantity(o.target.value.as_ref()))
            }
        }
        "External" => {
            let Some(e) = &spec.external else { return "<unknown type>".into() };
            let current = status.and_then(|s| s.external.as_ref()).map(|s| &s.current);
            if let Some(avg) = &e.target.average_value {
                format!("{}/{avg} (avg)", quantity(current.and_then(|c| c.average_value.as_ref())))
            } else {
                format!("{}/{}", quantity(current.and_then(|c| c.value.as_ref())), quantity(e.target.value.as_ref()))
            }
        }
        _ => "<unknown type>".into(),
    }
}

/// The first two metrics and how many more there are; `<none>` without metrics.
fn metrics(specs: &[MetricSpec], statuses: &[MetricStatus]) -> String {
    if specs.is_empty() {
        return "<none>".into();
    }
    const MAX: usize = 2;
    let list: Vec<String> = specs.iter().take(MAX).enumerate().map(|(i, s)| metric(s, statuses.get(i))).collect();
    let text = list.join(", ");
    if specs.len() > MAX { format!("{text} + {} more...", specs.len() - MAX) } else { text }
}

fn cells(
    name: &str,
    kind: &str,
    target: &str,
    targets: String,
    min: Option<i32>,
    max: i32,
    current: i32,
) -> Vec<super::Cell> {
    vec![
        name.into(),
        format!("{kind}/{target}").into(),
        targets.into(),
        min.map_or_else(|| "<unset>".to_owned(), |m| m.to_string()).into(),
        i64::from(max).into(),
        i64::from(current).into(),
    ]
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    if let Some(o) = any.downcast_ref::<HorizontalPodAutoscaler>() {
        let targets = metrics(&o.spec.metrics, o.status.current_metrics.as_deref().unwrap_or_default());
        let r = &o.spec.scale_target_ref;
        let mut c = cells(
            &o.metadata.name,
            &r.kind,
            &r.name,
            targets,
            o.spec.min_replicas,
            o.spec.max_replicas,
            o.status.current_replicas,
        );
        c.push(age(&o.metadata, now));
        return Some(Printed::new(HPA, c));
    }
    if let Some(o) = any.downcast_ref::<crate::autoscaling::v1::HorizontalPodAutoscaler>() {
        // Upstream prints v1 through the internal (v2) form: the CPU target is a Resource metric.
        let targets = match o.spec.target_cpu_utilization_percentage {
            None => "<none>".to_owned(),
            Some(t) => format!("cpu: {}/{t}%", percent(o.status.current_cpu_utilization_percentage, "<unknown>")),
        };
        let r = &o.spec.scale_target_ref;
        let mut c = cells(
            &o.metadata.name,
            &r.kind,
            &r.name,
            targets,
            o.spec.min_replicas,
            o.spec.max_replicas,
            o.status.current_replicas,
        );
        c.push(age(&o.metadata, now));
        return Some(Printed::new(HPA, c));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoscaling::v2::{
        MetricSourceType, MetricTarget, MetricValueStatus, ResourceMetricSource, ResourceMetricStatus,
    };
    use crate::core::v1::ResourceName;

    fn cpu(target: Option<i32>) -> MetricSpec {
        MetricSpec {
            r#type: MetricSourceType("Resource".into()),
            resource: Some(ResourceMetricSource {
                name: ResourceName("cpu".into()),
                target: MetricTarget { average_utilization: target, ..Default::default() },
            }),
            ..Default::default()
        }
    }

    #[test]
    fn metrics_print_as_upstream() {
        assert_eq!(metrics(&[], &[]), "<none>");
        assert_eq!(metrics(&[cpu(Some(80))], &[]), "cpu: <unknown>/80%");
        let status = MetricStatus {
            r#type: MetricSourceType("Resource".into()),
            resource: Some(ResourceMetricStatus {
                name: ResourceName("cpu".into()),
                current: MetricValueStatus { average_utilization: Some(50), ..Default::default() },
            }),
            ..Default::default()
        };
        assert_eq!(metrics(&[cpu(Some(80))], &[status]), "cpu: 50%/80%");
        assert_eq!(
            metrics(&[cpu(None), cpu(Some(1)), cpu(Some(2))], &[]),
            "cpu: <unknown>/<auto>, cpu: <unknown>/1% + 1 more..."
        );
    }
}
