//! Hand-written conversions of `policy/v1`: the marker label of v1beta1's empty-selector meaning
//! never reaches the internal version from a v1 object, except in the two selectors that carry it.

use kapi_machinery::ConversionError;

use super::PodDisruptionBudget;
use crate::policy as internal;

/// Keeps the exact match-none and match-all selectors; strips the marker label from any other.
pub fn convert_pod_disruption_budget_to_internal(
    from: PodDisruptionBudget,
) -> Result<internal::PodDisruptionBudget, ConversionError> {
    let keep = from.spec.selector.as_ref().is_some_and(|s| {
        *s == internal::non_v1beta1_match_none_selector() || *s == internal::non_v1beta1_match_all_selector()
    });
    let mut out = super::auto_convert_pod_disruption_budget_to_internal(from)?;
    if !keep {
        internal::strip_pdb_v1beta1_label(out.spec.selector.as_mut());
    }
    Ok(out)
}
