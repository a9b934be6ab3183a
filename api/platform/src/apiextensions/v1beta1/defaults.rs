//! Hand-written defaults of `apiextensions.k8s.io/v1beta1` (upstream's `v1beta1/defaults.go`).

use super::types::*;

/// The spec's defaults (run first, as upstream's function calls them itself), then the storage
/// version recorded as stored when no stored version is.
pub fn set_defaults_custom_resource_definition(obj: &mut CustomResourceDefinition) {
    set_defaults_custom_resource_definition_spec(&mut obj.spec);
    if obj.status.stored_versions.as_ref().is_none_or(|s| s.is_empty())
        && let Some(v) = obj.spec.versions.iter().find(|v| v.storage)
    {
        obj.status.stored_versions.get_or_insert_with(Vec::new).push(v.name.clone());
    }
}

/// Namespaced scope; singular and list kind from the kind; one served, stored version from
/// `version` when `versions` is empty, and `version` from the first of `versions` when it is
/// unset; conversion `None`, a webhook speaking `v1beta1` reviews; unknown fields preserved.
pub fn set_defaults_custom_resource_definition_spec(obj: &mut CustomResourceDefinitionSpec) {
    if obj.scope.0.is_empty() {
        obj.scope = ResourceScope::from(ResourceScope::NAMESPACED);
    }
    if obj.names.singular.is_empty() {
        obj.names.singular = crate::apiextensions::go_lower(&obj.names.kind);
    }
    if obj.names.list_kind.is_empty() && !obj.names.kind.is_empty() {
        obj.names.list_kind = format!("{}List", obj.names.kind);
    }
    if obj.versions.is_empty() && !obj.version.is_empty() {
        obj.versions = vec![CustomResourceDefinitionVersion {
            name: obj.version.clone(),
            served: true,
            storage: true,
            ..Default::default()
        }];
    }
    if obj.version.is_empty()
        && let Some(first) = obj.versions.first()
    {
        obj.version = first.name.clone();
    }
    let conversion = obj.conversion.get_or_insert_with(|| CustomResourceConversion {
        strategy: ConversionStrategyType::from(ConversionStrategyType::NONE),
        ..Default::default()
    });
    if conversion.strategy.0 == ConversionStrategyType::WEBHOOK && conversion.conversion_review_versions.is_empty() {
        conversion.conversion_review_versions = vec!["v1beta1".to_owned()];
    }
    obj.preserve_unknown_fields.get_or_insert(true);
}

/// Services are called on port 443.
pub fn set_defaults_service_reference(obj: &mut ServiceReference) {
    obj.port.get_or_insert(443);
}
