//! Hand-written conversions of `flowcontrol.apiserver.k8s.io/v1beta1`: `assuredConcurrencyShares` is
//! called `nominalConcurrencyShares` from v1beta3 on.

use kapi_machinery::ConversionError;

use super::LimitedPriorityLevelConfiguration;
use crate::flowcontrol as internal;

/// The assured shares become the nominal shares.
pub fn convert_limited_priority_level_configuration_to_internal(
    from: LimitedPriorityLevelConfiguration,
) -> Result<internal::LimitedPriorityLevelConfiguration, ConversionError> {
    let shares = from.assured_concurrency_shares;
    let mut out = super::auto_convert_limited_priority_level_configuration_to_internal(from)?;
    out.nominal_concurrency_shares = Some(shares);
    Ok(out)
}

/// The nominal shares become the assured shares; unset is 0.
pub fn convert_limited_priority_level_configuration_from_internal(
    from: internal::LimitedPriorityLevelConfiguration,
) -> Result<LimitedPriorityLevelConfiguration, ConversionError> {
    let shares = from.nominal_concurrency_shares.unwrap_or(0);
    let mut out = super::auto_convert_limited_priority_level_configuration_from_internal(from)?;
    out.assured_concurrency_shares = shares;
    Ok(out)
}
