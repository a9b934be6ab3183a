//! Hand-written conversions of `apiextensions.k8s.io/v1beta1`: `JSON` bytes to and from the
//! internal value, a nil internal default or example dropped, and the service port's pointer.

use kapi_machinery::ConversionError;

use super::{JSON, JSONSchemaProps, ServiceReference};
use crate::apiextensions as internal;
use crate::apiextensions::value::{json_from_internal, json_to_internal};

/// The bytes are read as upstream reads them into an `interface{}` (see `internal::JSON`).
pub fn convert_json_to_internal(from: JSON) -> Result<internal::JSON, ConversionError> {
    json_to_internal(from.raw)
}

/// A nil value becomes nil bytes.
pub fn convert_json_from_internal(from: internal::JSON) -> Result<JSON, ConversionError> {
    Ok(JSON { raw: json_from_internal(from) })
}

/// A default or example holding nil is no default or example at all.
pub fn convert_json_schema_props_from_internal(
    from: internal::JSONSchemaProps,
) -> Result<JSONSchemaProps, ConversionError> {
    let nil = |j: &Option<internal::JSON>| matches!(j, Some(j) if j.value.is_none());
    let (nil_default, nil_example) = (nil(&from.default), nil(&from.example));
    let mut out = super::auto_convert_json_schema_props_from_internal(from)?;
    if nil_default {
        out.default = None;
    }
    if nil_example {
        out.example = None;
    }
    Ok(out)
}

/// An unset port is 0 internally (defaulting sets 443 before any conversion).
pub fn convert_service_reference_to_internal(
    mut from: ServiceReference,
) -> Result<internal::ServiceReference, ConversionError> {
    let port = from.port.take().unwrap_or(0);
    let mut out = super::auto_convert_service_reference_to_internal(from)?;
    out.port = port;
    Ok(out)
}

/// The port is always written.
pub fn convert_service_reference_from_internal(
    from: internal::ServiceReference,
) -> Result<ServiceReference, ConversionError> {
    let port = from.port;
    let mut out = super::auto_convert_service_reference_from_internal(from)?;
    out.port = Some(port);
    Ok(out)
}
