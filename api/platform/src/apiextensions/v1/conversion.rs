//! Hand-written conversions of `apiextensions.k8s.io/v1`: v1beta1's definition-wide version,
//! schema, subresources, columns and selectable fields (which the internal form keeps) spread over
//! and gathered from the per-version entries, the webhook settings nested under `webhook`,
//! `preserveUnknownFields` as a plain boolean, `JSON` bytes to and from the internal value, a nil
//! internal default or example dropped, and the service port's pointer.

use kapi_machinery::ConversionError;

use super::{
    CustomResourceConversion, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion, JSON, JSONSchemaProps,
    ServiceReference, WebhookConversion,
};
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

/// The first version names the definition's `version`; what every version has alike (compared
/// semantically, as upstream does) moves to the definition-wide field and leaves the versions.
pub fn convert_custom_resource_definition_spec_to_internal(
    from: CustomResourceDefinitionSpec,
) -> Result<internal::CustomResourceDefinitionSpec, ConversionError> {
    let preserve = from.preserve_unknown_fields;
    let mut out = super::auto_convert_custom_resource_definition_spec_to_internal(from)?;
    out.preserve_unknown_fields = Some(preserve);
    let Some(first) = out.versions.first() else { return Ok(out) };
    out.version = first.name.clone();
    let all_alike = |same: &dyn Fn(&internal::CustomResourceDefinitionVersion) -> bool| out.versions.iter().all(same);
    let subresources = all_alike(&|v| v.subresources == first.subresources);
    let schema = all_alike(&|v| v.schema == first.schema);
    let columns = all_alike(&|v| v.additional_printer_columns == first.additional_printer_columns);
    let fields = all_alike(&|v| v.selectable_fields == first.selectable_fields);
    let first = first.clone();
    if subresources {
        out.subresources = first.subresources;
    }
    if schema {
        out.validation = first.schema;
    }
    if columns {
        out.additional_printer_columns = first.additional_printer_columns;
    }
    if fields {
        out.selectable_fields = first.selectable_fields;
    }
    for v in &mut out.versions {
        if subresources {
            v.subresources = None;
        }
        if schema {
            v.schema = None;
        }
        if columns {
            v.additional_printer_columns = Vec::new();
        }
        if fields {
            v.selectable_fields = Vec::new();
        }
    }
    Ok(out)
}

/// A definition with only v1beta1's `version` gets one served, stored version of that name; the
/// definition-wide schema, subresources, columns and selectable fields are copied into every
/// version, replacing the versions' own; an unset `preserveUnknownFields` is false.
pub fn convert_custom_resource_definition_spec_from_internal(
    mut from: internal::CustomResourceDefinitionSpec,
) -> Result<CustomResourceDefinitionSpec, ConversionError> {
    let version = std::mem::take(&mut from.version);
    let subresources = from.subresources.take();
    let validation = from.validation.take();
    let columns = std::mem::take(&mut from.additional_printer_columns);
    let fields = std::mem::take(&mut from.selectable_fields);
    let preserve = from.preserve_unknown_fields.unwrap_or(false);
    let mut out = super::auto_convert_custom_resource_definition_spec_from_internal(from)?;
    out.preserve_unknown_fields = preserve;
    let versions = out.versions.get_or_insert_with(Vec::new);
    if versions.is_empty() && !version.is_empty() {
        versions.push(CustomResourceDefinitionVersion {
            name: version,
            served: true,
            storage: true,
            ..Default::default()
        });
    }
    if let Some(s) = subresources {
        let s = super::convert_custom_resource_subresources_from_internal(s).map_err(|e| e.in_field("subresources"))?;
        versions.iter_mut().for_each(|v| v.subresources = Some(s.clone()));
    }
    if let Some(s) = validation {
        let s = super::convert_custom_resource_validation_from_internal(s).map_err(|e| e.in_field("validation"))?;
        versions.iter_mut().for_each(|v| v.schema = Some(s.clone()));
    }
    if !columns.is_empty() {
        let c = columns
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                super::convert_custom_resource_column_definition_from_internal(c)
                    .map_err(|e| e.in_index(i).in_field("additionalPrinterColumns"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        versions.iter_mut().for_each(|v| v.additional_printer_columns = c.clone());
    }
    if !fields.is_empty() {
        let f = fields
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                super::convert_selectable_field_from_internal(f).map_err(|e| e.in_index(i).in_field("selectableFields"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        versions.iter_mut().for_each(|v| v.selectable_fields = f.clone());
    }
    if versions.is_empty() {
        out.versions = None;
    }
    Ok(out)
}

/// The webhook's client configuration and review versions come out of `webhook`.
pub fn convert_custom_resource_conversion_to_internal(
    mut from: CustomResourceConversion,
) -> Result<internal::CustomResourceConversion, ConversionError> {
    let webhook = from.webhook.take();
    let mut out = super::auto_convert_custom_resource_conversion_to_internal(from)?;
    if let Some(w) = webhook {
        out.conversion_review_versions = w.conversion_review_versions.unwrap_or_default();
        out.webhook_client_config = w
            .client_config
            .map(super::convert_webhook_client_config_to_internal)
            .transpose()
            .map_err(|e| e.in_field("clientConfig").in_field("webhook"))?;
    }
    Ok(out)
}

/// `webhook` is written when there is a client configuration or a review version.
pub fn convert_custom_resource_conversion_from_internal(
    mut from: internal::CustomResourceConversion,
) -> Result<CustomResourceConversion, ConversionError> {
    let client_config = from.webhook_client_config.take();
    let review_versions = std::mem::take(&mut from.conversion_review_versions);
    let mut out = super::auto_convert_custom_resource_conversion_from_internal(from)?;
    if client_config.is_some() || !review_versions.is_empty() {
        out.webhook = Some(WebhookConversion {
            client_config: client_config
                .map(super::convert_webhook_client_config_from_internal)
                .transpose()
                .map_err(|e| e.in_field("webhookClientConfig"))?,
            conversion_review_versions: Some(review_versions).filter(|v| !v.is_empty()),
        });
    }
    Ok(out)
}
