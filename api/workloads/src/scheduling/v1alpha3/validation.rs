//! Hand-written validation of `CompositePodGroup`, which only v1alpha3 serves (upstream's `ValidateCompositePodGroupStatusUpdate`); workloads and pod groups written here get v1beta1's rules after conversion.

use kapi_machinery::validation::{ErrorList, Path};

use super::CompositePodGroup;
use crate::meta::v1::validation::validate_conditions;

/// Validates a `CompositePodGroup`'s `/status` write: the conditions as
/// `metav1.ValidateConditions` checks them. (Upstream's create and update rules check only
/// metadata, which the server checks for every kind.)
pub fn validate_composite_pod_group_status_update(obj: &CompositePodGroup, _old: &CompositePodGroup) -> ErrorList {
    validate_conditions(&obj.status.conditions, &Path::new("status").child("conditions"))
}
