//! Hand-written defaults of `autoscaling/v1` (upstream's `SetDefaults_*`); the 80% CPU target is
//! applied by conversion instead, which can see the metrics kept in annotations.

use super::*;

/// At least one replica.
pub fn set_defaults_horizontal_pod_autoscaler(obj: &mut HorizontalPodAutoscaler) {
    obj.spec.min_replicas.get_or_insert(1);
}
