//! Hand-written validation of autoscaling/v1 horizontal pod autoscalers and their status updates, as upstream validates them after converting to its internal type (the rules are autoscaling/v2's).
//!
//! A v1 `targetCPUUtilizationPercentage` becomes upstream's first metric, a CPU resource metric
//! with a utilization target, so its error is reported at that metric's path
//! (`spec.metrics[0].resource.target.averageUtilization`), as a cluster reports it. Metrics
//! carried in the `autoscaling.alpha.kubernetes.io/metrics` annotation are not validated.

use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::HorizontalPodAutoscaler;
use crate::autoscaling::v2::validation::{min_replicas_lower_bound, replicas_and_target};
use crate::core::v1::validation::non_negative;

/// Validates an autoscaling/v1 `HorizontalPodAutoscaler` (upstream's
/// `ValidateHorizontalPodAutoscaler` and `ValidateHorizontalPodAutoscalerUpdate` on the
/// converted object): replicas, the scale target, and a CPU utilization target above 0.
pub fn validate_horizontal_pod_autoscaler(
    obj: &HorizontalPodAutoscaler,
    old: Option<&HorizontalPodAutoscaler>,
) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let bound = min_replicas_lower_bound(old.map(|o| o.spec.min_replicas));
    let r = &spec.scale_target_ref;
    let mut errs = replicas_and_target(spec.min_replicas, spec.max_replicas, &r.kind, &r.name, bound, &path);
    let metrics = path.child("metrics");
    if let Some(u) = spec.target_cpu_utilization_percentage
        && u < 1
    {
        let p = metrics.index(0).child("resource").child("target").child("averageUtilization");
        errs.push(FieldError::invalid_value(p, u, "must be greater than 0"));
    }
    // Upstream's scale-to-zero rule: without a CPU target there is no metric at all.
    if spec.min_replicas == Some(0) {
        errs.push(FieldError::forbidden(
            &metrics,
            "must specify at least one Object or External metric to support scaling to zero replicas",
        ));
    }
    errs
}

/// Validates an autoscaler's `/status` update (upstream's
/// `ValidateHorizontalPodAutoscalerStatusUpdate`): current and desired replicas not negative.
pub fn validate_horizontal_pod_autoscaler_status_update(
    obj: &HorizontalPodAutoscaler,
    _old: &HorizontalPodAutoscaler,
) -> ErrorList {
    let path = Path::new("status");
    let mut errs = non_negative(i64::from(obj.status.current_replicas), &path.child("currentReplicas"));
    errs.extend(non_negative(i64::from(obj.status.desired_replicas), &path.child("desiredReplicas")));
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
