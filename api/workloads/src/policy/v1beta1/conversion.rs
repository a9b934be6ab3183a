//! Hand-written conversions of `policy/v1beta1`: an empty v1beta1 selector matches no pod, where
//! an empty internal (and v1) selector matches every pod, so each side's form of "none" and "all"
//! is swapped for the other's.

use kapi_machinery::ConversionError;

use super::PodDisruptionBudget;
use crate::policy as internal;

/// v1beta1's match-none (empty) and match-all selectors become the internal ones; the marker label
/// is stripped from any other selector.
pub fn convert_pod_disruption_budget_to_internal(
    from: PodDisruptionBudget,
) -> Result<internal::PodDisruptionBudget, ConversionError> {
    let selector = from.spec.selector.clone();
    let mut out = super::auto_convert_pod_disruption_budget_to_internal(from)?;
    match selector {
        Some(s) if s == internal::v1beta1_match_none_selector() => {
            out.spec.selector = Some(internal::non_v1beta1_match_none_selector());
        }
        Some(s) if s == internal::v1beta1_match_all_selector() => {
            out.spec.selector = Some(internal::non_v1beta1_match_all_selector());
        }
        _ => internal::strip_pdb_v1beta1_label(out.spec.selector.as_mut()),
    }
    Ok(out)
}

/// The internal match-none and match-all selectors become v1beta1's; others pass unchanged.
pub fn convert_pod_disruption_budget_from_internal(
    from: internal::PodDisruptionBudget,
) -> Result<PodDisruptionBudget, ConversionError> {
    let selector = from.spec.selector.clone();
    let mut out = super::auto_convert_pod_disruption_budget_from_internal(from)?;
    match selector {
        Some(s) if s == internal::non_v1beta1_match_none_selector() => {
            out.spec.selector = Some(internal::v1beta1_match_none_selector());
        }
        Some(s) if s == internal::non_v1beta1_match_all_selector() => {
            out.spec.selector = Some(internal::v1beta1_match_all_selector());
        }
        _ => {}
    }
    Ok(out)
}
