//! Hand-written conversions of `events.k8s.io/v1beta1` to and from core's internal `Event`, whose fields
//! carry older names: `regarding` is `involved_object`, `note` is `message`, the `deprecated_*`
//! fields are `source`, `first_timestamp`, `last_timestamp` and `count`, and
//! `reporting_controller` is `reporting_component`.

use kapi_machinery::ConversionError;

use super::Event;
use crate::core as internal;

/// Moves the renamed fields to their internal names after the fields that share a name.
pub fn convert_event_to_internal(mut from: Event) -> Result<internal::Event, ConversionError> {
    let regarding = std::mem::take(&mut from.regarding);
    let source = std::mem::take(&mut from.deprecated_source);
    let note = std::mem::take(&mut from.note);
    let reporting = std::mem::take(&mut from.reporting_controller);
    let (first, last, count) = (
        std::mem::take(&mut from.deprecated_first_timestamp),
        std::mem::take(&mut from.deprecated_last_timestamp),
        from.deprecated_count,
    );
    let mut out = super::auto_convert_event_to_internal(from)?;
    out.involved_object =
        crate::core::v1::convert_object_reference_to_internal(regarding).map_err(|e| e.in_field("regarding"))?;
    out.source =
        crate::core::v1::convert_event_source_to_internal(source).map_err(|e| e.in_field("deprecatedSource"))?;
    out.message = note;
    out.reporting_component = reporting;
    out.first_timestamp = first;
    out.last_timestamp = last;
    out.count = count;
    Ok(out)
}

/// Moves the internal fields to their `events.k8s.io` names.
pub fn convert_event_from_internal(mut from: internal::Event) -> Result<Event, ConversionError> {
    let involved = std::mem::take(&mut from.involved_object);
    let source = std::mem::take(&mut from.source);
    let message = std::mem::take(&mut from.message);
    let reporting = std::mem::take(&mut from.reporting_component);
    let (first, last, count) =
        (std::mem::take(&mut from.first_timestamp), std::mem::take(&mut from.last_timestamp), from.count);
    let mut out = super::auto_convert_event_from_internal(from)?;
    out.regarding =
        crate::core::v1::convert_object_reference_from_internal(involved).map_err(|e| e.in_field("regarding"))?;
    out.deprecated_source =
        crate::core::v1::convert_event_source_from_internal(source).map_err(|e| e.in_field("deprecatedSource"))?;
    out.note = message;
    out.reporting_controller = reporting;
    out.deprecated_first_timestamp = first;
    out.deprecated_last_timestamp = last;
    out.deprecated_count = count;
    Ok(out)
}
