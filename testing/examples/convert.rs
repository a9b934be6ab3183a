//! Conversion between API versions with the scheme: an `autoscaling/v2` HorizontalPodAutoscaler goes to `autoscaling/v1` and back, through the internal version, as the API server converts it.
//!
//! ```text
//! cargo run -p kapi-testing --example convert
//! ```

use kapi_api::autoscaling::{v1, v2};
use kapi_api::core::v1::ResourceName;
use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::types::Quantity;
use kapi_machinery::{Format, Options, Scheme, Serializer};

fn metric(resource: &str, target: v2::MetricTarget) -> v2::MetricSpec {
    v2::MetricSpec {
        r#type: v2::MetricSourceType(v2::MetricSourceType::RESOURCE.into()),
        resource: Some(v2::ResourceMetricSource { name: ResourceName(resource.into()), target }),
        ..Default::default()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The meta kinds and the one group converted here, with the conversions and defaults kapi-api
    // generates for it. Not `kapi_api::scheme()`: registrations, codecs and conversions are
    // `#[inline]` (docs/type-language.md, "Where the code is compiled"), so registering every
    // group would compile every kind's code into this program, for kinds it never touches.
    let mut scheme = Scheme::new();
    kapi_api::meta::add_to_scheme(&mut scheme)?;
    kapi_api::autoscaling::install(&mut scheme)?;
    let hpa = v2::HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: v2::HorizontalPodAutoscalerSpec {
            scale_target_ref: v2::CrossVersionObjectReference {
                api_version: "apps/v1".into(),
                kind: "Deployment".into(),
                name: "web".into(),
            },
            min_replicas: Some(2),
            max_replicas: 10,
            metrics: vec![
                metric(
                    ResourceName::CPU,
                    v2::MetricTarget {
                        r#type: v2::MetricTargetType(v2::MetricTargetType::UTILIZATION.into()),
                        average_utilization: Some(70),
                        ..Default::default()
                    },
                ),
                metric(
                    ResourceName::MEMORY,
                    v2::MetricTarget {
                        r#type: v2::MetricTargetType(v2::MetricTargetType::AVERAGE_VALUE.into()),
                        average_value: Some("500Mi".parse::<Quantity>()?),
                        ..Default::default()
                    },
                ),
            ],
            ..Default::default()
        },
        ..Default::default()
    };

    // v1 has one field for a CPU target; what it cannot hold (the memory metric) travels in an
    // annotation, so that converting back loses nothing, as upstream's conversion does.
    let old = scheme.convert_to_version(&hpa, "v1")?;
    let old = old.downcast_ref::<v1::HorizontalPodAutoscaler>().ok_or("not an autoscaling/v1 HPA")?;
    println!(
        "v1: targetCPUUtilizationPercentage={:?}, annotations: {:?}",
        old.spec.target_cpu_utilization_percentage,
        old.metadata.annotations.keys().collect::<Vec<_>>()
    );
    let json = Serializer::new(&scheme, Format::Json, Options::default()).encode(old)?;
    println!("v1 as JSON: {}", String::from_utf8_lossy(&json));

    let back = scheme.convert_to_version(old, "v2")?;
    let back = back.downcast_ref::<v2::HorizontalPodAutoscaler>().ok_or("not an autoscaling/v2 HPA")?;
    let metrics: Vec<String> = back
        .spec
        .metrics
        .iter()
        .filter_map(|m| m.resource.as_ref())
        .map(|r| format!("{}:{}", r.name.0, r.target.r#type.0))
        .collect();
    println!("back to v2: metrics {}", metrics.join(", "));
    // Upstream's conversion puts the annotation's metrics before the CPU target, so the order
    // may change; every metric must come back unchanged.
    let kept = back.spec.metrics.len() == hpa.spec.metrics.len()
        && hpa.spec.metrics.iter().all(|m| back.spec.metrics.contains(m));
    if !kept {
        return Err("the metrics changed on the way through v1".into());
    }
    println!("v2 -> v1 -> v2 kept every metric");
    Ok(())
}
