//! Hand-written conversions of `autoscaling/v2`: the annotations autoscaling/v1 keeps its extra
//! fields in never pass through v2, which holds those fields itself.

use kapi_machinery::ConversionError;

use super::HorizontalPodAutoscaler;
use crate::autoscaling as internal;

/// Drops v1's round-trip annotations.
pub fn convert_horizontal_pod_autoscaler_to_internal(
    from: HorizontalPodAutoscaler,
) -> Result<internal::HorizontalPodAutoscaler, ConversionError> {
    let mut out = super::auto_convert_horizontal_pod_autoscaler_to_internal(from)?;
    internal::drop_round_trip_annotations(&mut out.metadata.annotations);
    Ok(out)
}

/// Drops v1's round-trip annotations.
pub fn convert_horizontal_pod_autoscaler_from_internal(
    from: internal::HorizontalPodAutoscaler,
) -> Result<HorizontalPodAutoscaler, ConversionError> {
    let mut out = super::auto_convert_horizontal_pod_autoscaler_from_internal(from)?;
    internal::drop_round_trip_annotations(&mut out.metadata.annotations);
    Ok(out)
}
