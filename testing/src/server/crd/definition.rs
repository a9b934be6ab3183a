//! The checks upstream makes of a `CustomResourceDefinition` that are cheap to make here: its name, group, names, scope, versions (exactly one storage version), conversion, and the structural schema rules (types where required, extensions used as upstream allows).

use kapi_api::apiextensions::v1::{ConversionStrategyType, CustomResourceDefinition, ResourceScope};
use kapi_api::meta::errors::FieldError;
use kapi_machinery::json::value::Value;

use super::rules;
use super::schema::{self, Schema};
use crate::tracker::meta::{validate_label, validate_subdomain};

/// Field errors of a definition, with upstream's paths and messages.
pub(crate) fn validate(crd: &CustomResourceDefinition) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &crd.spec;
    let names = &spec.names;
    let expected = format!("{}.{}", names.plural, spec.group);
    if crd.metadata.name != expected {
        errs.push(FieldError::invalid(
            "metadata.name",
            &crd.metadata.name,
            "must be spec.names.plural+\".\"+spec.group",
        ));
    }
    if spec.group.is_empty() {
        errs.push(FieldError::required("spec.group", ""));
    } else {
        let found = validate_subdomain("spec.group", &spec.group);
        if let Some(first) = found.into_iter().next() {
            errs.push(first);
        } else if !spec.group.contains('.') {
            errs.push(FieldError::invalid("spec.group", &spec.group, "should be a domain with at least one dot"));
        }
    }
    match spec.scope.0.as_str() {
        ResourceScope::CLUSTER | ResourceScope::NAMESPACED => {}
        "" => errs.push(FieldError::required("spec.scope", "")),
        other => errs.push(FieldError::not_supported(
            "spec.scope",
            format!("{other:?}"),
            &[ResourceScope::CLUSTER, ResourceScope::NAMESPACED],
        )),
    }
    validate_names(crd, &mut errs);
    let versions = spec.versions.as_deref().unwrap_or_default();
    if versions.is_empty() {
        errs.push(FieldError::required("spec.versions", "must have exactly one version marked as storage version"));
    }
    let mut seen: Vec<&str> = Vec::new();
    for (i, v) in versions.iter().enumerate() {
        let path = format!("spec.versions[{i}]");
        if seen.contains(&v.name.as_str()) {
            errs.push(FieldError::invalid("spec.versions", "", "must contain unique version names"));
        }
        seen.push(&v.name);
        for e in validate_label(&format!("{path}.name"), &v.name) {
            errs.push(e);
        }
        match v.schema.as_ref().and_then(|s| s.open_apiv3_schema.as_deref()) {
            None => errs.push(FieldError::required(format!("{path}.schema.openAPIV3Schema"), "")),
            Some(props) => {
                if let Some(s) = schema::to_schema(props) {
                    structural(&s, Level::Root, &format!("{path}.schema.openAPIV3Schema"), &mut errs);
                }
            }
        }
    }
    // Every CEL rule must compile. Upstream reports a schema all versions share under
    // `spec.validation` (its internal form holds it once), a per-version one under its version.
    let schemas: Vec<Option<Schema>> = versions
        .iter()
        .map(|v| v.schema.as_ref().and_then(|s| s.open_apiv3_schema.as_deref()).and_then(schema::to_schema))
        .collect();
    if !schemas.is_empty() && schemas.windows(2).all(|w| w[0] == w[1]) {
        if let Some(Some(s)) = schemas.first() {
            rules::check_schema(s, "spec.validation.openAPIV3Schema", &mut errs);
        }
    } else {
        for (i, s) in schemas.iter().enumerate() {
            if let Some(s) = s {
                rules::check_schema(s, &format!("spec.versions[{i}].schema.openAPIV3Schema"), &mut errs);
            }
        }
    }
    if !versions.is_empty() && versions.iter().filter(|v| v.storage).count() != 1 {
        errs.push(FieldError::invalid("spec.versions", "", "must have exactly one version marked as storage version"));
    }
    if let Some(conv) = &spec.conversion {
        match conv.strategy.0.as_str() {
            ConversionStrategyType::NONE => {
                if conv.webhook.is_some() {
                    errs.push(FieldError::forbidden(
                        "spec.conversion.webhookClientConfig",
                        "should not be set when strategy is not set to Webhook",
                    ));
                }
            }
            // Upstream calls the webhook to convert between versions; the test server serves
            // each version on its own and cannot, so it refuses such definitions.
            ConversionStrategyType::WEBHOOK => errs.push(FieldError::forbidden(
                "spec.conversion.strategy",
                "the test server does not call conversion webhooks; use strategy None",
            )),
            other => errs.push(FieldError::not_supported(
                "spec.conversion.strategy",
                format!("{other:?}"),
                &[ConversionStrategyType::NONE, ConversionStrategyType::WEBHOOK],
            )),
        }
    }
    if spec.preserve_unknown_fields {
        errs.push(FieldError::invalid(
            "spec.preserveUnknownFields",
            "true",
            "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
        ));
    }
    errs
}

fn validate_names(crd: &CustomResourceDefinition, errs: &mut Vec<FieldError>) {
    let names = &crd.spec.names;
    if names.plural.is_empty() {
        errs.push(FieldError::required("spec.names.plural", ""));
    } else if !validate_label("spec.names.plural", &names.plural).is_empty() {
        errs.extend(validate_label("spec.names.plural", &names.plural));
    }
    if names.singular.is_empty() {
        errs.push(FieldError::required("spec.names.singular", ""));
    } else {
        errs.extend(validate_label("spec.names.singular", &names.singular));
    }
    if names.kind.is_empty() {
        errs.push(FieldError::required("spec.names.kind", ""));
    }
    if names.list_kind.is_empty() {
        errs.push(FieldError::required("spec.names.listKind", ""));
    } else if names.list_kind == names.kind {
        errs.push(FieldError::invalid(
            "spec.names.listKind",
            &names.list_kind,
            "kind and listKind may not be the same",
        ));
    }
    for (i, s) in names.short_names.iter().enumerate() {
        errs.extend(validate_label(&format!("spec.names.shortNames[{i}]"), s));
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Items,
    Field,
}

fn text<'a>(s: &'a Schema, key: &str) -> &'a str {
    s.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn flag(s: &Schema, key: &str) -> bool {
    matches!(s.get(key), Some(Value::Bool(true)))
}

/// Upstream's structural schema invariants (pkg/apiserver/schema/validation.go), as far as they
/// go without `anyOf`/`allOf` analysis: those keywords are accepted unchecked.
fn structural(s: &Schema, lvl: Level, path: &str, errs: &mut Vec<FieldError>) {
    let ty = text(s, "type");
    if ty == "array" && s.get("items").is_none() {
        errs.push(FieldError::required(format!("{path}.items"), "must be specified"));
    }
    if let Some(is @ Value::Object(_)) = s.get("items") {
        structural(is, Level::Items, &format!("{path}.items"), errs);
    }
    if let Some(Value::Object(props)) = s.get("properties") {
        for (k, ps) in props {
            structural(ps, Level::Field, &format!("{path}.properties[{k}]"), errs);
        }
    }
    if let Some(a) = s.get("additionalProperties") {
        if lvl == Level::Root {
            errs.push(FieldError::forbidden(format!("{path}.additionalProperties"), "must not be used at the root"));
        }
        if matches!(a, Value::Object(_)) {
            structural(a, Level::Field, &format!("{path}.additionalProperties"), errs);
        }
        if s.get("properties").is_some() {
            errs.push(FieldError::forbidden(
                format!("{path}.additionalProperties"),
                "additionalProperties and properties are mutual exclusive",
            ));
        }
    }
    if let Some(Value::Bool(false)) = s.get("x-kubernetes-preserve-unknown-fields") {
        errs.push(FieldError::invalid(
            format!("{path}.x-kubernetes-preserve-unknown-fields"),
            "false",
            "must be true or undefined",
        ));
    }
    let int_or_string = flag(s, "x-kubernetes-int-or-string");
    let embedded = flag(s, "x-kubernetes-embedded-resource");
    if int_or_string && flag(s, "x-kubernetes-preserve-unknown-fields") {
        errs.push(FieldError::invalid(
            format!("{path}.x-kubernetes-preserve-unknown-fields"),
            "true",
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
    if embedded && ty != "object" {
        if ty.is_empty() {
            errs.push(FieldError::required(
                format!("{path}.type"),
                "must be object if x-kubernetes-embedded-resource is true",
            ));
        } else {
            errs.push(FieldError::invalid(
                format!("{path}.type"),
                ty,
                "must be object if x-kubernetes-embedded-resource is true",
            ));
        }
    } else if ty.is_empty() && !int_or_string && !flag(s, "x-kubernetes-preserve-unknown-fields") {
        let detail = match lvl {
            Level::Root => "must not be empty at the root",
            Level::Items => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        errs.push(FieldError::required(format!("{path}.type"), detail));
    }
    if lvl == Level::Root && !ty.is_empty() && ty != "object" {
        errs.push(FieldError::invalid(format!("{path}.type"), ty, "must be object at the root"));
    }
    if lvl == Level::Root && flag(s, "nullable") {
        errs.push(FieldError::forbidden(format!("{path}.nullable"), "nullable cannot be true at the root"));
    }
    if let Some(mt) = s.get("x-kubernetes-map-type").and_then(Value::as_str) {
        if !matches!(mt, "atomic" | "granular") {
            errs.push(FieldError::not_supported(
                format!("{path}.x-kubernetes-map-type"),
                format!("{mt:?}"),
                &["atomic", "granular"],
            ));
        }
        if ty != "object" {
            errs.push(if ty.is_empty() {
                FieldError::required(format!("{path}.type"), "must be object if x-kubernetes-map-type is specified")
            } else {
                FieldError::invalid(format!("{path}.type"), ty, "must be object if x-kubernetes-map-type is specified")
            });
        }
    }
    if let Some(lt) = s.get("x-kubernetes-list-type").and_then(Value::as_str) {
        if !matches!(lt, "atomic" | "set" | "map") {
            errs.push(FieldError::not_supported(
                format!("{path}.x-kubernetes-list-type"),
                format!("{lt:?}"),
                &["atomic", "set", "map"],
            ));
        }
        if ty != "array" {
            errs.push(if ty.is_empty() {
                FieldError::required(format!("{path}.type"), "must be array if x-kubernetes-list-type is specified")
            } else {
                FieldError::invalid(format!("{path}.type"), ty, "must be array if x-kubernetes-list-type is specified")
            });
        }
        if lt == "map" && !matches!(s.get("x-kubernetes-list-map-keys"), Some(Value::Array(k)) if !k.is_empty()) {
            errs.push(FieldError::required(
                format!("{path}.x-kubernetes-list-map-keys"),
                "must not be empty if x-kubernetes-list-type is map",
            ));
        }
    }
    let pattern = text(s, "pattern");
    if !pattern.is_empty()
        && let Err(e) = regex::Regex::new(pattern)
    {
        errs.push(FieldError::invalid(
            format!("{path}.pattern"),
            pattern,
            &format!("must be a valid regular expression, but isn't: {e}"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_api::apiextensions::v1::*;

    fn crd(schema: &str) -> CustomResourceDefinition {
        let props: JSONSchemaProps = kapi_machinery::json::from_slice(schema.as_bytes()).expect("schema JSON");
        let mut crd = CustomResourceDefinition::default();
        crd.metadata.name = "widgets.example.com".into();
        crd.spec.group = "example.com".into();
        crd.spec.scope = ResourceScope(ResourceScope::NAMESPACED.into());
        crd.spec.names = CustomResourceDefinitionNames {
            plural: "widgets".into(),
            singular: "widget".into(),
            kind: "Widget".into(),
            list_kind: "WidgetList".into(),
            ..Default::default()
        };
        crd.spec.versions = Some(vec![CustomResourceDefinitionVersion {
            name: "v1".into(),
            served: true,
            storage: true,
            schema: Some(CustomResourceValidation { open_apiv3_schema: Some(Box::new(props)) }),
            ..Default::default()
        }]);
        crd
    }

    fn messages(crd: &CustomResourceDefinition) -> Vec<String> {
        validate(crd).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_structural_definition_passes() {
        assert!(messages(&crd(r#"{"type":"object","properties":{"spec":{"type":"object"}}}"#)).is_empty());
    }

    #[test]
    fn missing_types_and_preserve_false_are_reported() {
        let found = messages(&crd(
            r#"{"type":"object","properties":{"spec":{"properties":{"a":{"type":"string"}}},"x":{"type":"object","x-kubernetes-preserve-unknown-fields":false}}}"#,
        ));
        assert_eq!(
            found,
            [
                "spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields",
                "spec.versions[0].schema.openAPIV3Schema.properties[x].x-kubernetes-preserve-unknown-fields: Invalid value: \"false\": must be true or undefined",
            ]
        );
    }

    #[test]
    fn names_and_storage_versions_are_checked() {
        let mut c = crd(r#"{"type":"object"}"#);
        c.metadata.name = "gadgets.example.com".into();
        if let Some(v) = c.spec.versions.as_mut() {
            v[0].storage = false;
        }
        assert_eq!(
            messages(&c),
            [
                "metadata.name: Invalid value: \"gadgets.example.com\": must be spec.names.plural+\".\"+spec.group",
                "spec.versions: Invalid value: \"\": must have exactly one version marked as storage version",
            ]
        );
    }
}
