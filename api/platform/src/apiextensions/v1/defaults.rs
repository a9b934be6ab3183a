//! Hand-written defaults of `apiextensions.k8s.io/v1` (upstream's `v1/defaults.go`).

use super::types::*;

/// The spec's defaults (run first, as upstream's function calls them itself), then the storage
/// version recorded as stored when no stored version is.
pub fn set_defaults_custom_resource_definition(obj: &mut CustomResourceDefinition) {
    set_defaults_custom_resource_definition_spec(&mut obj.spec);
    if obj.status.stored_versions.as_ref().is_none_or(|s| s.is_empty())
        && let Some(v) = obj.spec.versions.iter().flatten().find(|v| v.storage)
    {
        obj.status.stored_versions.get_or_insert_with(Vec::new).push(v.name.clone());
    }
}

/// The singular name is the lower-cased kind, the list kind `<kind>List`, and conversion is `None`.
pub fn set_defaults_custom_resource_definition_spec(obj: &mut CustomResourceDefinitionSpec) {
    if obj.names.singular.is_empty() {
        obj.names.singular = crate::apiextensions::go_lower(&obj.names.kind);
    }
    if obj.names.list_kind.is_empty() && !obj.names.kind.is_empty() {
        obj.names.list_kind = format!("{}List", obj.names.kind);
    }
    obj.conversion.get_or_insert_with(|| CustomResourceConversion {
        strategy: ConversionStrategyType::from(ConversionStrategyType::NONE),
        webhook: None,
    });
}

/// Services are called on port 443.
pub fn set_defaults_service_reference(obj: &mut ServiceReference) {
    obj.port.get_or_insert(443);
}
