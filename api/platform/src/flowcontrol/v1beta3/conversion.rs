//! Hand-written conversions of `flowcontrol.apiserver.k8s.io/v1beta3`: its `nominalConcurrencyShares`
//! is a plain number where the internal one is optional, and an annotation carries an explicit 0.

use kapi_machinery::ConversionError;

use super::{
    LimitedPriorityLevelConfiguration, PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY, PriorityLevelConfiguration,
};
use crate::flowcontrol as internal;

/// The shares are always set internally.
pub fn convert_limited_priority_level_configuration_to_internal(
    from: LimitedPriorityLevelConfiguration,
) -> Result<internal::LimitedPriorityLevelConfiguration, ConversionError> {
    let shares = from.nominal_concurrency_shares;
    let mut out = super::auto_convert_limited_priority_level_configuration_to_internal(from)?;
    out.nominal_concurrency_shares = Some(shares);
    Ok(out)
}

/// Unset shares are 0 in v1beta3.
pub fn convert_limited_priority_level_configuration_from_internal(
    from: internal::LimitedPriorityLevelConfiguration,
) -> Result<LimitedPriorityLevelConfiguration, ConversionError> {
    let shares = from.nominal_concurrency_shares.unwrap_or(0);
    let mut out = super::auto_convert_limited_priority_level_configuration_from_internal(from)?;
    out.nominal_concurrency_shares = shares;
    Ok(out)
}

/// The zero-shares annotation is v1beta3's alone: the internal object never has it.
pub fn convert_priority_level_configuration_to_internal(
    from: PriorityLevelConfiguration,
) -> Result<internal::PriorityLevelConfiguration, ConversionError> {
    let mut out = super::auto_convert_priority_level_configuration_to_internal(from)?;
    out.metadata.annotations.remove(PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY);
    Ok(out)
}

/// A limited level with shares of exactly 0 gets the annotation (an existing value is kept), so the
/// default of 30 does not replace the 0 when the object is read back.
pub fn convert_priority_level_configuration_from_internal(
    from: internal::PriorityLevelConfiguration,
) -> Result<PriorityLevelConfiguration, ConversionError> {
    let zero = from.spec.limited.as_ref().is_some_and(|l| l.nominal_concurrency_shares == Some(0));
    let mut out = super::auto_convert_priority_level_configuration_from_internal(from)?;
    if zero {
        out.metadata.annotations.entry(PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY.to_owned()).or_default();
    }
    Ok(out)
}
