//! Hand-written validation of apiextensions.k8s.io/v1 custom resource definitions, with the checks, field paths and messages of upstream's `apiextensions-apiserver/pkg/apis/apiextensions/validation`.
//!
//! Upstream validates the internal form, where what every version has alike (the schema, the
//! subresources, the printer columns) sits once in a definition-wide field. So the errors of a
//! part all versions share are reported where upstream reports them (`spec.validation`,
//! `spec.subresources`, `spec.additionalPrinterColumns`), those of a part that differs under its
//! version. The server's generic metadata checks stay the server's; the name rule of this kind
//! (`<plural>.<group>`) is checked here.
//!
//! A schema is checked in its JSON form (what [`JSONSchemaProps`] encodes to), as upstream's
//! structural schema checks read the fields that are set.

use std::borrow::Cow;

use kapi_cel::schema::{Problem, RulePlace, Step, flag, properties, sub_schema, text};
pub use kapi_cel::schema::{Rule, rules_of};
// The cost tests estimate single rules in the environment the check gives them.
#[cfg(test)]
use kapi_cel::schema::{RULE_VARS, rule_types};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::validation::content::{is_dns1035_label, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, ErrorType, FieldError, Path, go_quote, is_go_print};

use super::{
    ConditionStatus, ConversionStrategyType, CustomResourceColumnDefinition, CustomResourceConversion,
    CustomResourceDefinition, CustomResourceDefinitionConditionType, CustomResourceDefinitionNames,
    CustomResourceDefinitionSpec, CustomResourceDefinitionVersion, CustomResourceSubresources, JSONSchemaProps,
    ResourceScope, SelectableField,
};

#[path = "default_values.rs"]
mod default_values;

/// Upstream's printer column types, sorted as its `sets.String.List` prints them.
const COLUMN_TYPES: &[&str] = &["boolean", "date", "integer", "number", "string"];
/// Upstream's printer column formats, sorted.
const COLUMN_FORMATS: &[&str] = &["byte", "date", "date-time", "double", "float", "int32", "int64", "password"];
/// The types of OpenAPI v3, sorted.
const OPENAPI_TYPES: &[&str] = &["array", "boolean", "integer", "number", "object", "string"];
/// The `ConversionReview` versions a server understands, sorted.
const CONVERSION_REVIEW_VERSIONS: &[&str] = &["v1", "v1beta1"];
/// The reasons a validation rule may give, sorted as upstream lists them.
const RULE_REASONS: &[&str] =
    &["FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"];
/// The annotation that records the API review of a definition in a Kubernetes-owned group.
const API_APPROVED: &str = "api-approved.kubernetes.io";
/// Schemas deeper than this are not looked into (requests are bounded the same way).
const MAX_SCHEMA_DEPTH: usize = 64;

/// What upstream's update loosens or tightens, from the stored definition (`validationOptions`).
struct Options {
    /// Every version must have a schema (not on an update of a definition stored without one).
    require_schema: bool,
    /// The webhook must accept a `ConversionReview` version the server knows.
    require_recognized_review_version: bool,
    /// Scope and kind are fixed once the definition is established.
    require_immutable_names: bool,
    /// Every `type` is one of OpenAPI's (not on an update of a definition stored with others).
    require_valid_type: bool,
    /// The items of a `set` list are atomic (not on an update of a definition stored with
    /// other items).
    require_atomic_set: bool,
    /// Map list keys are required or defaulted and not nullable, and the items of `map` and
    /// `set` lists not nullable (not on an update of a definition stored otherwise).
    require_map_keys: bool,
    /// The versions (`""`: the definition-wide list) that may keep more selectable fields than
    /// upstream allows, as stored.
    allow_too_many_fields: Vec<String>,
    /// A conversion webhook's CA bundle may be invalid: on create, before the definition is
    /// established, and while the stored bundle is invalid too (a definition cannot serve yet,
    /// so nothing calls the webhook).
    allow_invalid_ca_bundle: bool,
    /// Defaults must hold only fields their schema keeps (not on an update of a definition
    /// stored with others).
    require_pruned_defaults: bool,
}

/// Validates a `CustomResourceDefinition` as upstream's `ValidateCustomResourceDefinition`
/// (create) and `ValidateCustomResourceDefinitionUpdate` (with `old`) do: the name
/// `<plural>.<group>`, the group, scope, names, versions (one stored, unique names), each
/// schema's structural rules and CEL rules, subresources, printer columns, conversion, the
/// accepted names and stored versions of the status, the API approval annotation of Kubernetes'
/// own groups and `preserveUnknownFields`; on update the group and plural stay, and the scope and
/// kind too once the definition is established.
pub fn validate_custom_resource_definition(
    obj: &CustomResourceDefinition,
    old: Option<&CustomResourceDefinition>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let spec = &obj.spec;
    let opts = match old {
        None => Options {
            require_schema: true,
            require_recognized_review_version: true,
            require_immutable_names: false,
            require_valid_type: true,
            require_atomic_set: true,
            require_map_keys: true,
            allow_too_many_fields: Vec::new(),
            allow_invalid_ca_bundle: true,
            require_pruned_defaults: true,
        },
        Some(old) => Options {
            require_schema: old.spec.versions.iter().flatten().all(|v| schema_of(v).is_some()),
            require_recognized_review_version: old
                .spec
                .conversion
                .as_ref()
                .and_then(|c| c.webhook.as_ref())
                .and_then(|w| w.conversion_review_versions.as_deref())
                .is_none_or(|vs| vs.is_empty() || vs.iter().any(|v| CONVERSION_REVIEW_VERSIONS.contains(&v.as_str()))),
            require_immutable_names: established(old),
            require_valid_type: !any_stored_schema(old, &|n| !valid_type(text(n, "type"))),
            require_atomic_set: !any_stored_schema(old, &|n| !atomic_set_errors(n, &Path::root()).is_empty()),
            require_map_keys: !any_stored_schema(old, &|n| !map_set_errors(n, &Path::root()).is_empty()),
            allow_too_many_fields: too_many_fields_kept(obj, old),
            require_pruned_defaults: !any_unpruned_default(old),
            allow_invalid_ca_bundle: !established(old) || {
                let stored = old
                    .spec
                    .conversion
                    .as_ref()
                    .and_then(|c| c.webhook.as_ref())
                    .and_then(|w| w.client_config.as_ref());
                stored.is_some_and(|cc| !cc.ca_bundle.is_empty() && !crate::cabundle::is_valid_ca_bundle(&cc.ca_bundle))
            },
        },
    };
    // Upstream's name rule runs with the create's metadata checks only; a name never changes.
    let name = &obj.metadata.name;
    if old.is_none() && !name.is_empty() && *name != format!("{}.{}", spec.names.plural, spec.group) {
        errs.push(FieldError::invalid(
            Path::new("metadata").child("name"),
            name,
            "must be spec.names.plural+\".\"+spec.group",
        ));
    }
    validate_spec(spec, &opts, &mut errs);
    if let Some(old) = old {
        let sp = Path::new("spec");
        if opts.require_immutable_names {
            // These decide how the objects are stored.
            immutable(&mut errs, sp.child("scope"), &spec.scope.0, &old.spec.scope.0);
            immutable(&mut errs, sp.child("names").child("kind"), &spec.names.kind, &old.spec.names.kind);
        }
        // These make the definition's name, which never changes.
        immutable(&mut errs, sp.child("group"), &spec.group, &old.spec.group);
        immutable(&mut errs, sp.child("names").child("plural"), &spec.names.plural, &old.spec.names.plural);
    }
    let status = Path::new("status");
    validate_names(&obj.status.accepted_names, &status.child("acceptedNames"), &mut errs);
    validate_stored_versions(obj, &status.child("storedVersions"), &mut errs);
    validate_api_approval(obj, old, &mut errs);
    // A definition stored with it keeps it, for the data stored so.
    if spec.preserve_unknown_fields && !old.is_some_and(|o| o.spec.preserve_unknown_fields) {
        errs.push(FieldError::invalid_value(
            Path::new("spec").child("preserveUnknownFields"),
            true,
            "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
        ));
    }
    errs
}

/// Validates a write to a definition's `status` (upstream's
/// `ValidateUpdateCustomResourceDefinitionStatus`): the accepted names.
pub fn validate_custom_resource_definition_status_update(
    obj: &CustomResourceDefinition,
    _old: &CustomResourceDefinition,
) -> ErrorList {
    let mut errs = ErrorList::new();
    validate_names(&obj.status.accepted_names, &Path::new("status").child("acceptedNames"), &mut errs);
    errs
}

fn established(crd: &CustomResourceDefinition) -> bool {
    crd.status.conditions.iter().flatten().any(|c| {
        c.r#type.0 == CustomResourceDefinitionConditionType::ESTABLISHED && c.status.0 == ConditionStatus::TRUE
    })
}

/// Upstream's `ValidateImmutableField`: the new value is shown.
fn immutable(errs: &mut ErrorList, path: Path, new: &str, old: &str) {
    if new != old {
        errs.push(FieldError::invalid(path, new, "field is immutable"));
    }
}

fn schema_of(v: &CustomResourceDefinitionVersion) -> Option<&JSONSchemaProps> {
    v.schema.as_ref().and_then(|s| s.open_apiv3_schema.as_deref())
}

/// Whether every version has the same value of a part, so that upstream's internal form holds
/// it once, definition-wide (as the conversion to it decides; no versions hold nothing alike).
fn all_alike<T: PartialEq>(
    versions: &[CustomResourceDefinitionVersion],
    part: impl Fn(&CustomResourceDefinitionVersion) -> T,
) -> bool {
    let Some(first) = versions.first() else { return false };
    let first = part(first);
    versions.iter().all(|v| part(v) == first)
}

fn validate_spec(spec: &CustomResourceDefinitionSpec, opts: &Options, errs: &mut ErrorList) {
    let sp = Path::new("spec");
    if spec.group.is_empty() {
        errs.push(FieldError::required(sp.child("group"), ""));
    } else {
        let found = is_dns1123_subdomain(&spec.group);
        if !found.is_empty() {
            errs.push(FieldError::invalid(sp.child("group"), &spec.group, &found.join(",")));
        } else if !spec.group.contains('.') {
            errs.push(FieldError::invalid(sp.child("group"), &spec.group, "should be a domain with at least one dot"));
        }
    }
    enum_string(errs, sp.child("scope"), &spec.scope.0, &[ResourceScope::CLUSTER, ResourceScope::NAMESPACED]);

    let versions = spec.versions.as_deref().unwrap_or_default();
    let shared_schema = all_alike(versions, |v| v.schema.clone());
    let shared_subresources = all_alike(versions, |v| v.subresources.clone());
    let shared_columns = all_alike(versions, |v| v.additional_printer_columns.clone());
    let shared_fields = all_alike(versions, |v| v.selectable_fields.clone());
    let any_status = versions.iter().any(|v| v.subresources.as_ref().is_some_and(|s| s.status.is_some()));
    for (i, v) in versions.iter().enumerate() {
        let at = sp.child("versions").index(i).child("schema").child("openAPIV3Schema");
        if schema_of(v).is_some() {
            continue;
        }
        if opts.require_schema {
            errs.push(FieldError::required(at, ""));
        } else if !spec.preserve_unknown_fields && v.served {
            // A definition stored without schemas may keep unserved versions without one.
            errs.push(FieldError::required(at, "because otherwise all fields are pruned"));
        }
    }
    if spec.preserve_unknown_fields && versions.iter().filter_map(schema_of).any(has_default) {
        errs.push(FieldError::invalid_value(
            sp.child("preserveUnknownFields"),
            true,
            "must be false in order to use defaults in the schema",
        ));
    }
    let mut names: Vec<&str> = Vec::new();
    let mut unique = true;
    for (i, v) in versions.iter().enumerate() {
        let vp = sp.child("versions").index(i);
        if names.contains(&v.name.as_str()) {
            unique = false;
        } else {
            names.push(&v.name);
        }
        let found = is_dns1035_label(&v.name);
        if !found.is_empty() {
            errs.push(FieldError::invalid(vp.child("name"), &v.name, &found.join(",")));
        }
        for e in deprecation_warning(v.deprecated, v.deprecation_warning.as_deref()) {
            let shown = v.deprecation_warning.as_deref().map_or(BadValue::Json("null".into()), BadValue::from);
            errs.push(FieldError::invalid_value(vp.child("deprecationWarning"), shown, &e));
        }
        if !shared_schema && let Some(s) = schema_of(v) {
            let status = v.subresources.as_ref().is_some_and(|s| s.status.is_some());
            validate_schema(s, status, opts, &vp.child("schema"), errs);
        }
        if !shared_subresources {
            validate_subresources(v.subresources.as_ref(), &vp.child("subresources"), errs);
        }
        if !shared_columns {
            for (j, c) in v.additional_printer_columns.iter().enumerate() {
                validate_column(c, &vp.child("additionalPrinterColumns").index(j), errs);
            }
        }
        if !shared_fields && !v.selectable_fields.is_empty() {
            let fp = vp.child("selectableFields");
            // A schema all versions share is not the version's in upstream's internal form, so
            // upstream refuses per-version fields beside it, with this message.
            match schema_of(v).filter(|_| !shared_schema) {
                None => errs.push(FieldError::invalid(
                    fp,
                    "",
                    "may only be set when `version.schema.openAPIV3Schema` is not included",
                )),
                Some(s) => {
                    let allow = opts.allow_too_many_fields.contains(&v.name);
                    validate_selectable_fields(&v.selectable_fields, s, allow, &fp, errs);
                }
            }
        }
    }
    // The bad value upstream shows is the whole list, which is left out here.
    if !unique {
        errs.push(FieldError::invalid(sp.child("versions"), "", "must contain unique version names"));
    }
    if versions.iter().filter(|v| v.storage).count() != 1 {
        errs.push(FieldError::invalid(
            sp.child("versions"),
            "",
            "must have exactly one version marked as storage version",
        ));
    }

    let names = &spec.names;
    let np = sp.child("names");
    for (value, field) in [
        (&names.plural, "plural"),
        (&names.singular, "singular"),
        (&names.kind, "kind"),
        (&names.list_kind, "listKind"),
    ] {
        if value.is_empty() {
            errs.push(FieldError::required(np.child(field), ""));
        }
    }
    validate_names(names, &np, errs);

    if shared_schema && let Some(s) = versions.first().and_then(schema_of) {
        validate_schema(s, any_status, opts, &sp.child("validation"), errs);
    }
    if shared_subresources && let Some(first) = versions.first() {
        validate_subresources(first.subresources.as_ref(), &sp.child("subresources"), errs);
    }
    if shared_columns && let Some(first) = versions.first() {
        for (j, c) in first.additional_printer_columns.iter().enumerate() {
            validate_column(c, &sp.child("additionalPrinterColumns").index(j), errs);
        }
    }
    if shared_fields && let Some(first) = versions.first().filter(|v| !v.selectable_fields.is_empty()) {
        let fp = sp.child("selectableFields");
        // Upstream's internal form holds the fields definition-wide; without a schema there
        // too (the versions' differ), it refuses them.
        match schema_of(first).filter(|_| shared_schema) {
            None => errs.push(FieldError::invalid(fp, "", "may only be set when validations.schema is included")),
            Some(s) => {
                let allow = opts.allow_too_many_fields.iter().any(String::is_empty);
                validate_selectable_fields(&first.selectable_fields, s, allow, &fp, errs);
            }
        }
    }
    if let Some(conv) = &spec.conversion {
        if conv.strategy.0 != ConversionStrategyType::NONE && spec.preserve_unknown_fields {
            errs.push(FieldError::invalid(
                sp.child("conversion").child("strategy"),
                &conv.strategy.0,
                "must be None if spec.preserveUnknownFields is true",
            ));
        }
        validate_conversion(conv, opts, &sp.child("conversion"), errs);
    }
}

/// Upstream's `findTooManySelectableFieldsAllowed`: the versions (`""` for the definition-wide
/// list) whose stored selectable fields were already more than upstream allows and are
/// unchanged.
fn too_many_fields_kept(obj: &CustomResourceDefinition, old: &CustomResourceDefinition) -> Vec<String> {
    let (new_versions, old_versions) =
        (obj.spec.versions.as_deref().unwrap_or_default(), old.spec.versions.as_deref().unwrap_or_default());
    let mut out = Vec::new();
    let shared = |vs: &[CustomResourceDefinitionVersion]| {
        all_alike(vs, |v| v.selectable_fields.clone()).then(|| vs.first().map(|v| v.selectable_fields.clone()))
    };
    if let Some(Some(old_fields)) = shared(old_versions)
        && old_fields.len() > MAX_SELECTABLE_FIELDS
        && shared(new_versions) == Some(Some(old_fields))
    {
        out.push(String::new());
    }
    for v in new_versions {
        if let Some(o) = old_versions.iter().find(|o| o.name == v.name)
            && o.selectable_fields.len() > MAX_SELECTABLE_FIELDS
            && o.selectable_fields == v.selectable_fields
        {
            out.push(v.name.clone());
        }
    }
    out
}

/// Upstream's `validateEnumStrings`: empty is missing, anything else must be one of `accepted`.
fn enum_string(errs: &mut ErrorList, path: Path, value: &str, accepted: &[&str]) {
    if value.is_empty() {
        errs.push(FieldError::required(path, ""));
    } else if !accepted.contains(&value) {
        errs.push(FieldError::not_supported(path, go_quote(value), accepted));
    }
}

/// Upstream's `validateDeprecationWarning`: the problems of a version's warning.
fn deprecation_warning(deprecated: bool, warning: Option<&str>) -> Vec<String> {
    if !deprecated && warning.is_some() {
        return vec!["can only be set for deprecated versions".into()];
    }
    let Some(w) = warning else { return Vec::new() };
    let mut out = Vec::new();
    if w.len() > 256 {
        out.push("must be <= 256 characters long".into());
    }
    if w.is_empty() {
        out.push("must not be an empty string".into());
    }
    // Go's index is the byte offset of the character, as `char_indices` gives. Upstream checks
    // for control characters after this, which no control character reaches: none is printable.
    if let Some((i, _)) = w.char_indices().find(|&(_, c)| !is_go_print(c)) {
        out.push(format!("must only contain printable UTF-8 characters; non-printable character found at index {i}"));
    }
    out
}

/// Upstream's `ValidateCustomResourceDefinitionNames`, for the spec's names and the accepted ones.
fn validate_names(names: &CustomResourceDefinitionNames, path: &Path, errs: &mut ErrorList) {
    for (value, field) in [(&names.plural, "plural"), (&names.singular, "singular")] {
        let found = is_dns1035_label(value);
        if !value.is_empty() && !found.is_empty() {
            errs.push(FieldError::invalid(path.child(field), value, &found.join(",")));
        }
    }
    for (value, field) in [(&names.kind, "kind"), (&names.list_kind, "listKind")] {
        let found = is_dns1035_label(&value.to_lowercase());
        if !value.is_empty() && !found.is_empty() {
            let detail = format!("may have mixed case, but should otherwise match: {}", found.join(","));
            errs.push(FieldError::invalid(path.child(field), value, &detail));
        }
    }
    for (i, s) in names.short_names.iter().enumerate() {
        let found = is_dns1035_label(s);
        if !found.is_empty() {
            errs.push(FieldError::invalid(path.child("shortNames").index(i), s, &found.join(",")));
        }
    }
    // Parsing a kind would be ambiguous.
    if !names.kind.is_empty() && names.kind == names.list_kind {
        errs.push(FieldError::invalid(
            path.child("listKind"),
            &names.list_kind,
            "kind and listKind may not be the same",
        ));
    }
    for (i, s) in names.categories.iter().enumerate() {
        let found = is_dns1035_label(s);
        if !found.is_empty() {
            errs.push(FieldError::invalid(path.child("categories").index(i), s, &found.join(",")));
        }
    }
}

/// Upstream's `ValidateCustomResourceDefinitionStoredVersions`: at least one, the storage
/// version among them, and each still in `spec.versions` (its data may still be stored so).
fn validate_stored_versions(obj: &CustomResourceDefinition, path: &Path, errs: &mut ErrorList) {
    let stored = obj.status.stored_versions.as_deref().unwrap_or_default();
    if stored.is_empty() {
        errs.push(FieldError::invalid_value(
            path,
            BadValue::string_list(stored),
            "must have at least one stored version",
        ));
        return;
    }
    let versions = obj.spec.versions.as_deref().unwrap_or_default();
    for v in versions {
        if v.storage && !stored.contains(&v.name) {
            errs.push(FieldError::invalid_value(
                path,
                BadValue::string_list(stored),
                &format!("must have the storage version {}", v.name),
            ));
        }
    }
    // Upstream walks a map, in no set order; here the first place of each missing name, in order.
    for (i, s) in stored.iter().enumerate() {
        if !versions.iter().any(|v| v.name == *s) && !stored[..i].contains(s) {
            errs.push(FieldError::invalid(
                path.index(i),
                s,
                &format!(
                    "missing from spec.versions; {s} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {s} and removes {s} from status.storedVersions"
                ),
            ));
        }
    }
}

/// Upstream's `validateAPIApproval`: a definition in a group Kubernetes owns (`k8s.io`,
/// `kubernetes.io` and their subdomains) carries the approval annotation, naming the review's
/// URL or saying it is unapproved; an update that leaves the state as it was is not judged.
fn validate_api_approval(obj: &CustomResourceDefinition, old: Option<&CustomResourceDefinition>, errs: &mut ErrorList) {
    let group = &obj.spec.group;
    let protected = ["k8s.io", "kubernetes.io"].iter().any(|d| group == d || group.ends_with(&format!(".{d}")));
    if !protected {
        return;
    }
    let new = approval_state(obj);
    if old.is_some_and(|o| approval_state(o).0 == new.0) {
        return;
    }
    let path = Path::new("metadata").child("annotations").key(API_APPROVED);
    let value = obj.metadata.annotations.get(API_APPROVED).map(String::as_str).unwrap_or_default();
    match new.0 {
        Approval::Approved | Approval::Bypassed => {}
        Approval::Missing => errs.push(FieldError::required(path, &new.1)),
        Approval::Invalid => errs.push(FieldError::invalid(path, value, &new.1)),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Approval {
    Approved,
    Bypassed,
    Missing,
    Invalid,
}

/// Upstream's `GetAPIApprovalState`: the state and the reason given for it.
fn approval_state(obj: &CustomResourceDefinition) -> (Approval, String) {
    let Some(value) = obj.metadata.annotations.get(API_APPROVED) else {
        return (
            Approval::Missing,
            format!(
                "protected groups must have approval annotation {}, see https://github.com/kubernetes/enhancements/pull/1111",
                go_quote(API_APPROVED)
            ),
        );
    };
    if value.starts_with("unapproved") {
        return (Approval::Bypassed, String::new());
    }
    // The review's URL: one with a scheme, a host and a path (as Go's `url.Parse` reads it).
    let is_url = value.split_once("://").is_some_and(|(scheme, rest)| {
        !scheme.is_empty() && rest.split_once('/').is_some_and(|(host, _)| !host.is_empty())
    });
    if is_url {
        (Approval::Approved, String::new())
    } else {
        (
            Approval::Invalid,
            format!(
                "protected groups must have approval annotation {}, with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111",
                go_quote(API_APPROVED)
            ),
        )
    }
}

/// Upstream's `ValidateCustomResourceDefinitionSubresources`: the scale paths.
fn validate_subresources(sub: Option<&CustomResourceSubresources>, path: &Path, errs: &mut ErrorList) {
    let Some(scale) = sub.and_then(|s| s.scale.as_ref()) else { return };
    // Upstream names these children with a dot in one segment.
    let spec_path = path.child("scale.specReplicasPath");
    if scale.spec_replicas_path.is_empty() {
        errs.push(FieldError::required(spec_path, ""));
    } else if !simple_json_path(&scale.spec_replicas_path, &spec_path, errs)
        && !scale.spec_replicas_path.starts_with(".spec.")
    {
        errs.push(FieldError::invalid(spec_path, &scale.spec_replicas_path, "should be a json path under .spec"));
    }
    let status_path = path.child("scale.statusReplicasPath");
    if scale.status_replicas_path.is_empty() {
        errs.push(FieldError::required(status_path, ""));
    } else if !simple_json_path(&scale.status_replicas_path, &status_path, errs)
        && !scale.status_replicas_path.starts_with(".status.")
    {
        errs.push(FieldError::invalid(status_path, &scale.status_replicas_path, "should be a json path under .status"));
    }
    if let Some(sel) = scale.label_selector_path.as_deref().filter(|s| !s.is_empty()) {
        let sel_path = path.child("scale.labelSelectorPath");
        if !simple_json_path(sel, &sel_path, errs) && !sel.starts_with(".spec.") && !sel.starts_with(".status.") {
            errs.push(FieldError::invalid(sel_path, sel, "should be a json path under either .spec or .status"));
        }
    }
}

/// Upstream's `validateSimpleJSONPath`; whether it reported an error.
fn simple_json_path(s: &str, path: &Path, errs: &mut ErrorList) -> bool {
    let detail = match s.as_bytes().first() {
        None => "must not be empty",
        Some(b'.') => return false,
        Some(_) => "must be a simple json path starting with .",
    };
    errs.push(FieldError::invalid(path, s, detail));
    true
}

/// Upstream's `ValidateCustomResourceColumnDefinition`.
fn validate_column(col: &CustomResourceColumnDefinition, path: &Path, errs: &mut ErrorList) {
    if col.name.is_empty() {
        errs.push(FieldError::required(path.child("name"), ""));
    }
    let types = format!("must be one of {}", COLUMN_TYPES.join(","));
    if col.r#type.is_empty() {
        errs.push(FieldError::required(path.child("type"), &types));
    } else if !COLUMN_TYPES.contains(&col.r#type.as_str()) {
        errs.push(FieldError::invalid(path.child("type"), &col.r#type, &types));
    }
    if !col.format.is_empty() && !COLUMN_FORMATS.contains(&col.format.as_str()) {
        let detail = format!("must be one of {}", COLUMN_FORMATS.join(","));
        errs.push(FieldError::invalid(path.child("format"), &col.format, &detail));
    }
    // Upstream spells this child in capitals.
    if col.json_path.is_empty() {
        errs.push(FieldError::required(path.child("JSONPath"), ""));
    } else {
        simple_json_path(&col.json_path, &path.child("JSONPath"), errs);
    }
}

/// Upstream's `validateCustomResourceConversion`: the strategy, a webhook's address, CA bundle
/// (see [`Options::allow_invalid_ca_bundle`]) and review versions.
fn validate_conversion(conv: &CustomResourceConversion, opts: &Options, path: &Path, errs: &mut ErrorList) {
    enum_string(
        errs,
        path.child("strategy"),
        &conv.strategy.0,
        &[ConversionStrategyType::NONE, ConversionStrategyType::WEBHOOK],
    );
    let webhook = conv.webhook.as_ref();
    let client_config = webhook.and_then(|w| w.client_config.as_ref());
    let review_versions = webhook.and_then(|w| w.conversion_review_versions.as_deref()).unwrap_or_default();
    // The internal form holds the client config and review versions directly under `conversion`.
    if conv.strategy.0 == ConversionStrategyType::WEBHOOK {
        match client_config {
            None => errs.push(FieldError::required(
                path.child("webhookClientConfig"),
                "required when strategy is set to Webhook",
            )),
            Some(cc) => {
                let cp = path.child("webhookClientConfig");
                match (&cc.url, &cc.service) {
                    (Some(url), None) => errs.extend(crate::webhook::validate_webhook_url(&cp.child("url"), url)),
                    (None, Some(svc)) => errs.extend(crate::webhook::validate_webhook_service(
                        &cp.child("service"),
                        // Upstream passes the name where the namespace goes and the reverse; the
                        // messages and paths follow it.
                        &svc.name,
                        &svc.namespace,
                        svc.path.as_deref(),
                        // Unset is 0 internally (defaulting sets 443 before).
                        svc.port.unwrap_or(0),
                    )),
                    _ => errs.push(FieldError::required(&cp, "exactly one of url or service is required")),
                }
                if !cc.ca_bundle.is_empty() && !opts.allow_invalid_ca_bundle {
                    errs.extend(crate::cabundle::validate_ca_bundle(&cp.child("caBundle"), &cc.ca_bundle));
                }
            }
        }
        let vp = path.child("conversionReviewVersions");
        if review_versions.is_empty() {
            errs.push(FieldError::required(vp, ""));
            return;
        }
        let mut seen: Vec<&str> = Vec::new();
        for (i, v) in review_versions.iter().enumerate() {
            if seen.contains(&v.as_str()) {
                errs.push(FieldError::invalid(vp.index(i), v, "duplicate version"));
                continue;
            }
            seen.push(v);
            for e in is_dns1035_label(v) {
                errs.push(FieldError::invalid(vp.index(i), v, &e));
            }
        }
        if opts.require_recognized_review_version
            && !review_versions.iter().any(|v| CONVERSION_REVIEW_VERSIONS.contains(&v.as_str()))
        {
            errs.push(FieldError::invalid_value(
                vp,
                BadValue::string_list(review_versions),
                &format!("must include at least one of {}", CONVERSION_REVIEW_VERSIONS.join(", ")),
            ));
        }
    } else {
        if client_config.is_some() {
            errs.push(FieldError::forbidden(
                path.child("webhookClientConfig"),
                "should not be set when strategy is not set to Webhook",
            ));
        }
        if !review_versions.is_empty() {
            errs.push(FieldError::forbidden(
                path.child("conversionReviewVersions"),
                "should not be set when strategy is not set to Webhook",
            ));
        }
    }
}

// ---- Selectable fields ----

/// Upstream's limit on the selectable fields of a version.
const MAX_SELECTABLE_FIELDS: usize = 8;

/// Upstream's `ValidateCustomResourceSelectableFields`: each a dot path (no array notation) to a
/// string, boolean or integer field outside `metadata`, each once, at most eight unless the
/// stored definition already had more, unchanged.
fn validate_selectable_fields(
    fields: &[SelectableField],
    props: &JSONSchemaProps,
    allow_too_many: bool,
    path: &Path,
    errs: &mut ErrorList,
) {
    let Some(schema) = to_schema(props) else { return };
    let mut unique: Vec<String> = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let jp = path.index(i).child("jsonPath");
        if f.json_path.is_empty() {
            errs.push(FieldError::required(jp, ""));
            continue;
        }
        let FoundPath { segments, schema: found } = match field_path(&f.json_path, &schema, false) {
            Ok(found) => found,
            Err(e) => {
                errs.push(FieldError::invalid(jp, &f.json_path, &format!("is an invalid path: {e}")));
                continue;
            }
        };
        if segments.first().is_some_and(|(named, s)| *named && *s == "metadata") {
            errs.push(FieldError::invalid(&jp, &f.json_path, "must not point to fields in metadata"));
        }
        if !found.is_some_and(|s| matches!(text(s, "type"), "string" | "boolean" | "integer")) {
            errs.push(FieldError::invalid(
                &jp,
                &f.json_path,
                "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.",
            ));
        }
        // The field path as upstream prints it: named fields joined with dots, keys in brackets.
        let mut key = String::new();
        for (named, s) in &segments {
            if *named {
                if !key.is_empty() {
                    key.push('.');
                }
                key.push_str(s);
            } else {
                key.push_str(&format!("[{s}]"));
            }
        }
        if unique.contains(&key) {
            errs.push(FieldError::duplicate(jp, f.json_path.as_str()));
        } else {
            unique.push(key);
        }
    }
    if unique.len() > MAX_SELECTABLE_FIELDS && !allow_too_many {
        errs.push(FieldError::too_many(path, unique.len(), MAX_SELECTABLE_FIELDS));
    }
}

/// The tokens upstream's field path scanner splits a path into: `.`, `[` and `]` alone, a
/// single-quoted string (to its closing quote, or the end), or the text between them.
fn path_tokens(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let end = if b[i] == b'\'' {
            (i + 1..b.len()).find(|&j| b[j] == b'\'' && b[j - 1] != b'\\').map_or(b.len(), |j| j + 1)
        } else if matches!(b[i], b'.' | b'[' | b']') {
            i + 1
        } else {
            (i..b.len()).find(|&j| matches!(b[j], b'.' | b'[' | b']')).unwrap_or(b.len())
        };
        // Every boundary is an ASCII byte or the end, so each token is whole UTF-8.
        out.push(s.get(i..end).unwrap_or_default());
        i = end;
    }
    out
}

/// Where a field path leads.
struct FoundPath<'a, 's> {
    /// Each segment: a named field (`true`) or a map key.
    segments: Vec<(bool, Cow<'a, str>)>,
    /// The schema reached (none past an `additionalProperties` without a schema).
    schema: Option<&'s Schema>,
}

/// Upstream's `ValidFieldPath`: `.name` and, with `allow_array`, `['name']` steps through
/// properties, or through `additionalProperties` as map keys.
fn field_path<'a, 's>(json_path: &'a str, schema: &'s Schema, allow_array: bool) -> Result<FoundPath<'a, 's>, String> {
    let mut segments = Vec::new();
    let mut cur = Some(schema);
    let mut tokens = path_tokens(json_path).into_iter();
    let mut step = |name: Cow<'a, str>, cur: &mut Option<&'s Schema>| -> Result<(), String> {
        // Past an `additionalProperties` without a schema there is no field (upstream would
        // dereference nothing here).
        let Some(s) = *cur else { return Err("does not refer to a valid field".into()) };
        if s.get("properties").is_some() {
            let Some((_, p)) = properties(s).iter().find(|(k, _)| *k == name) else {
                return Err("does not refer to a valid field".into());
            };
            *cur = Some(p);
            segments.push((true, name));
        } else if s.get("additionalProperties").is_some() {
            *cur = sub_schema(s, "additionalProperties");
            segments.push((false, name));
        } else {
            return Err("does not refer to a valid field".into());
        }
        Ok(())
    };
    while let Some(tok) = tokens.next() {
        match tok {
            "[" => {
                if !allow_array {
                    return Err("array notation is not allowed".into());
                }
                let Some(quoted) = tokens.next() else { return Err("unexpected end of JSON path".into()) };
                let inner = quoted
                    .strip_prefix('\'')
                    .and_then(|q| q.strip_suffix('\''))
                    .filter(|_| quoted.len() >= 2)
                    .ok_or_else(|| format!("expected single quoted string but got {quoted}"))?;
                let name = unescape_single_quoted(inner).map_err(|e| format!("invalid string literal: {e}"))?;
                step(name, &mut cur)?;
                match tokens.next() {
                    Some("]") => {}
                    Some(other) => return Err(format!("expected ] but got {other}")),
                    None => return Err("unexpected end of JSON path".into()),
                }
            }
            "." => {
                let Some(name) = tokens.next() else { return Err("unexpected end of JSON path".into()) };
                step(Cow::Borrowed(name), &mut cur)?;
            }
            other => return Err(format!("expected [ or . but got: {other}")),
        }
    }
    Ok(FoundPath { segments, schema: cur })
}

/// A single-quoted path segment's escapes (`\'`, `\\`, `\n` and the other C escapes).
fn unescape_single_quoted(s: &str) -> Result<Cow<'_, str>, String> {
    if !s.contains('\\') {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        // Go's matcher is `\\.`, and `.` does not match a newline: such a backslash stays.
        match chars.next() {
            None => out.push('\\'),
            Some('\n') => out.push_str("\\\n"),
            Some(d) => out.push(match d {
                'a' => '\u{7}',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                'v' => '\u{b}',
                '\'' => '\'',
                '\\' => '\\',
                other => return Err(format!("invalid escape char \\{other}")),
            }),
        }
    }
    Ok(Cow::Owned(out))
}

// ---- Schemas ----

/// A schema node: the JSON of a `JSONSchemaProps`.
type Schema = Value;

fn to_schema(props: &JSONSchemaProps) -> Option<Schema> {
    let bytes = kapi_machinery::json::to_vec(props).ok()?;
    value::parse(&bytes).ok()
}

fn has_default(props: &JSONSchemaProps) -> bool {
    to_schema(props).is_some_and(|s| any_default(&s, 0))
}

fn any_default(s: &Schema, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return false;
    }
    s.get("default").is_some()
        || properties(s).iter().any(|(_, p)| any_default(p, depth + 1))
        || ["items", "additionalProperties"].iter().any(|k| sub_schema(s, k).is_some_and(|p| any_default(p, depth + 1)))
}

/// Upstream's `validateCustomResourceDefinitionValidation` at `path` (`spec.validation` or a
/// version's `schema`): the root's restrictions with a status subresource, the structural
/// rules, and every CEL rule compiling.
fn validate_schema(props: &JSONSchemaProps, status_enabled: bool, opts: &Options, path: &Path, errs: &mut ErrorList) {
    let Some(s) = to_schema(props) else { return };
    let root = path.child("openAPIV3Schema");
    if status_enabled {
        root_with_status(&s, &root, errs);
    }
    let before = errs.len();
    let mut soft = Vec::new();
    structural(&s, Level::Root, opts, &root, 0, errs, &mut soft);
    // Upstream checks the defaults of a structural schema only, and compiles the rules only when
    // the defaults are valid too (`requireStructuralSchema`); its other OpenAPI checks keep only
    // the rules of a node whose rule entries themselves are wrong from compiling.
    if errs.len() - before == soft.len() {
        default_values::validate_defaults(&s, &root, opts.require_pruned_defaults, errs);
        if errs.len() - before == soft.len() {
            compile_rules(&s, &root, errs);
        }
    }
    default_values::forbidden_defaults(&s, &root, true, false, None, 0, errs);
}

/// Whether pruning a node's default keeps all of it.
fn default_is_pruned(s: &Schema, d: &Value) -> bool {
    default_values::pruning_keeps(d, s, flag(s, "x-kubernetes-embedded-resource"), 0)
}

/// A JSON value as Go's `json.Marshal` writes a decoded one: object members sorted by name.
fn go_json(v: &Value) -> String {
    let mut sorted = v.clone();
    super::schema::sort_members(&mut sorted);
    String::from_utf8(sorted.to_compact_vec()).unwrap_or_default()
}

/// Whether a stored definition has a default that pruning would change (upstream's
/// `schemaHasUnprunedDefaults`): its definitions may keep such defaults.
fn any_unpruned_default(old: &CustomResourceDefinition) -> bool {
    any_stored_schema(old, &|n| n.get("default").is_some_and(|d| !matches!(d, Value::Null) && !default_is_pruned(n, d)))
}

/// Whether a `type` is unset or one of OpenAPI's.
fn valid_type(ty: &str) -> bool {
    ty.is_empty() || OPENAPI_TYPES.contains(&ty)
}

/// Whether a schema node of the stored definition (any version's) satisfies `pred`.
fn any_stored_schema(old: &CustomResourceDefinition, pred: &dyn Fn(&Schema) -> bool) -> bool {
    old.spec.versions.iter().flatten().filter_map(schema_of).filter_map(to_schema).any(|s| any_node(&s, pred, 0))
}

fn any_node(s: &Schema, pred: &dyn Fn(&Schema) -> bool, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return false;
    }
    pred(s)
        || properties(s).iter().any(|(_, p)| any_node(p, pred, depth + 1))
        || ["items", "additionalProperties"]
            .iter()
            .any(|k| sub_schema(s, k).is_some_and(|p| any_node(p, pred, depth + 1)))
}

/// Upstream's rule that the items of a `set` list are atomic: lists of list type `atomic`,
/// objects of map type `atomic`.
fn atomic_set_errors(s: &Schema, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let is_set = s.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("set");
    let Some(items) = sub_schema(s, "items").filter(|_| is_set && text(s, "type") == "array") else { return errs };
    let detail = "must be atomic as item of a list with x-kubernetes-list-type=set";
    let list_type = items.get("x-kubernetes-list-type").and_then(Value::as_str);
    match text(items, "type") {
        "array" => {
            if let Some(lt) = list_type.filter(|lt| *lt != "atomic") {
                let at = path.child("items").child("x-kubernetes-list-type");
                errs.push(FieldError::new(ErrorType::Invalid, at, BadValue::named(lt), detail));
            }
        }
        "object" if items.get("x-kubernetes-map-type").and_then(Value::as_str) != Some("atomic") => {
            // Upstream shows the items' list type here, which objects mostly leave unset.
            let shown = list_type.map_or(BadValue::Json("null".into()), BadValue::named);
            let at = path.child("items").child("x-kubernetes-map-type");
            errs.push(FieldError::new(ErrorType::Invalid, at, shown, detail));
        }
        _ => {}
    }
    errs
}

/// Upstream's `validateMapListKeysMapSet`: the items of `map` and `set` lists are not nullable,
/// and a `map` list's keys are required or defaulted, and not nullable.
fn map_set_errors(s: &Schema, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let list_type = s.get("x-kubernetes-list-type").and_then(Value::as_str);
    let Some(lt) = list_type.filter(|lt| matches!(*lt, "set" | "map")) else { return errs };
    let Some(items) = sub_schema(s, "items") else { return errs };
    let ip = path.child("items");
    if flag(items, "nullable") {
        let detail = format!("cannot be nullable when x-kubernetes-list-type is {lt}");
        errs.push(FieldError::forbidden(ip.child("nullable"), &detail));
    }
    if lt != "map" {
        return errs;
    }
    let required: Vec<&str> = match items.get("required") {
        Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    for k in list_map_keys(s) {
        // A key that is not a property is reported with the other list checks.
        let Some((_, key)) = properties(items).iter().find(|(name, _)| name == k) else { continue };
        let kp = ip.child("properties").key(k);
        if !required.contains(&k) && key.get("default").is_none() {
            errs.push(FieldError::required(
                kp.child("default"),
                "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
            ));
        }
        if flag(key, "nullable") {
            errs.push(FieldError::forbidden(
                kp.child("nullable"),
                "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
            ));
        }
    }
    errs
}

fn list_map_keys(s: &Schema) -> Vec<&str> {
    match s.get("x-kubernetes-list-map-keys") {
        Some(Value::Array(k)) => k.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Upstream's rules of a `map` list's items: one object schema whose keys are scalar
/// properties, each named once.
fn map_list_errors(s: &Schema, path: &Path, errs: &mut ErrorList) {
    let ip = path.child("items");
    let items = match s.get("items") {
        None => {
            errs.push(FieldError::required(ip, "must have a schema if x-kubernetes-list-type is map"));
            return;
        }
        Some(items @ Value::Object(_)) => items,
        Some(other) => {
            let shown = BadValue::Json(String::from_utf8_lossy(&other.to_compact_vec()).into_owned());
            let detail = "must only have a single schema if x-kubernetes-list-type is map";
            errs.push(FieldError::new(ErrorType::Invalid, ip, shown, detail));
            return;
        }
    };
    let ty = text(items, "type");
    if ty != "object" {
        errs.push(FieldError::invalid(
            ip.child("type"),
            ty,
            "must be object if parent array's x-kubernetes-list-type is map",
        ));
        return;
    }
    let keys = list_map_keys(s);
    let shown = || BadValue::string_list(&keys);
    let kp = path.child("x-kubernetes-list-map-keys");
    for (i, k) in keys.iter().enumerate() {
        match properties(items).iter().find(|(name, _)| name == k) {
            // Upstream shows the items' type, not the key's.
            Some((_, p)) if matches!(text(p, "type"), "array" | "object") => errs.push(FieldError::invalid(
                ip.child("properties").key(k).child("type"),
                ty,
                "must be a scalar type if parent array's x-kubernetes-list-type is map",
            )),
            Some(_) => {}
            None => errs.push(FieldError::invalid_value(&kp, shown(), "entries must all be names of item properties")),
        }
        if keys[..i].contains(k) {
            errs.push(FieldError::invalid_value(&kp, shown(), "must not contain duplicate entries"));
        }
    }
}

/// The fields a root schema may set when status is a subresource (status is validated as
/// `properties[status]` alone, so nothing at the root may constrain it), as JSON names.
const ROOT_FIELDS_WITH_STATUS: &[&str] = &[
    "description",
    "type",
    "format",
    "title",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "required",
    "items",
    "properties",
    "externalDocs",
    "example",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-validations",
];

fn root_with_status(s: &Schema, root: &Path, errs: &mut ErrorList) {
    let Value::Object(members) = s else { return };
    // Upstream stops at the first offending field, walking them in declaration order; the
    // type comes before all but `id`, `$schema`, `$ref` and `description`.
    let ty = text(s, "type");
    if !ty.is_empty() && ty != "object" {
        errs.push(FieldError::invalid(
            root.child("type"),
            ty,
            "only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
        ));
        return;
    }
    if members.iter().any(|(k, _)| !ROOT_FIELDS_WITH_STATUS.contains(&k.as_str())) {
        let fields = [
            "Description",
            "Type",
            "Format",
            "Title",
            "Maximum",
            "ExclusiveMaximum",
            "Minimum",
            "ExclusiveMinimum",
            "MaxLength",
            "MinLength",
            "Pattern",
            "MaxItems",
            "MinItems",
            "UniqueItems",
            "MultipleOf",
            "Required",
            "Items",
            "Properties",
            "ExternalDocs",
            "Example",
            "XPreserveUnknownFields",
            "XValidations",
        ];
        // Upstream shows the whole schema as the bad value; it is left out here.
        errs.push(FieldError::new(
            ErrorType::Invalid,
            root,
            BadValue::Omitted,
            format!(
                "only [{}] fields are allowed at the root of the schema if the status subresource is enabled",
                fields.join(" ")
            ),
        ));
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Items,
    Field,
}

/// Upstream's structural schema rules (`pkg/apiserver/schema/validation.go` and
/// `complete.go`, the junctors included) and those of its OpenAPI schema walk that read one
/// node.
fn structural(
    s: &Schema,
    lvl: Level,
    opts: &Options,
    path: &Path,
    depth: usize,
    errs: &mut ErrorList,
    soft: &mut Vec<usize>,
) {
    // The OpenAPI checks upstream makes beside the structural ones (its `ssv` and list/map
    // checks) do not stop rules from compiling: their places in `errs` are marked soft.
    let mark = |soft: &mut Vec<usize>, from: usize, errs: &ErrorList| soft.extend(from..errs.len());
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    let ty = text(s, "type");
    let from = errs.len();
    if opts.require_valid_type && !valid_type(ty) {
        errs.push(FieldError::not_supported(path.child("type"), go_quote(ty), OPENAPI_TYPES));
    }
    if flag(s, "uniqueItems") {
        errs.push(FieldError::forbidden(
            path.child("uniqueItems"),
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
        ));
    }
    mark(soft, from, errs);
    if ty == "array" && s.get("items").is_none() {
        errs.push(FieldError::required(path.child("items"), "must be specified"));
    }
    if let Some(is) = sub_schema(s, "items") {
        structural(is, Level::Items, opts, &path.child("items"), depth + 1, errs, soft);
    }
    for (k, ps) in properties(s) {
        structural(ps, Level::Field, opts, &path.child("properties").key(k), depth + 1, errs, soft);
    }
    if let Some(a) = s.get("additionalProperties") {
        if lvl == Level::Root {
            errs.push(FieldError::forbidden(path.child("additionalProperties"), "must not be used at the root"));
        }
        if matches!(a, Value::Object(_)) {
            structural(a, Level::Field, opts, &path.child("additionalProperties"), depth + 1, errs, soft);
        }
        // `additionalProperties: true` beside properties says nothing more.
        if !properties(s).is_empty() && !matches!(a, Value::Bool(true)) {
            soft.push(errs.len());
            errs.push(FieldError::forbidden(
                path.child("additionalProperties"),
                "additionalProperties and properties are mutual exclusive",
            ));
        }
    }
    if let Some(Value::Bool(false)) = s.get("x-kubernetes-preserve-unknown-fields") {
        soft.push(errs.len());
        errs.push(FieldError::invalid_value(
            path.child("x-kubernetes-preserve-unknown-fields"),
            false,
            "must be true or undefined",
        ));
    }
    let int_or_string = flag(s, "x-kubernetes-int-or-string");
    let embedded = flag(s, "x-kubernetes-embedded-resource");
    let preserve = flag(s, "x-kubernetes-preserve-unknown-fields");
    if int_or_string && preserve {
        errs.push(FieldError::invalid_value(
            path.child("x-kubernetes-preserve-unknown-fields"),
            true,
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
    if embedded && ty != "object" {
        let detail = "must be object if x-kubernetes-embedded-resource is true";
        errs.push(if ty.is_empty() {
            FieldError::required(path.child("type"), detail)
        } else {
            FieldError::invalid(path.child("type"), ty, detail)
        });
    } else if ty.is_empty() && !int_or_string && !preserve {
        let detail = match lvl {
            Level::Root => "must not be empty at the root",
            Level::Items => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        errs.push(FieldError::required(path.child("type"), detail));
    }
    if embedded && s.get("additionalProperties").is_some() {
        errs.push(FieldError::forbidden(
            path.child("additionalProperties"),
            "must not be used if x-kubernetes-embedded-resource is set",
        ));
    }
    if lvl == Level::Root && !ty.is_empty() && ty != "object" {
        errs.push(FieldError::invalid(path.child("type"), ty, "must be object at the root"));
    }
    resource_root_fields(s, lvl, embedded, path, errs);
    if embedded && !preserve && properties(s).is_empty() {
        errs.push(FieldError::required(
            path.child("properties"),
            "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
        ));
    }
    if lvl == Level::Root && flag(s, "nullable") {
        errs.push(FieldError::forbidden(path.child("nullable"), "nullable cannot be true at the root"));
    }
    let from = errs.len();
    if let Some(mt) = s.get("x-kubernetes-map-type").and_then(Value::as_str) {
        if ty != "object" {
            let detail = "must be object if x-kubernetes-map-type is specified";
            errs.push(if ty.is_empty() {
                FieldError::required(path.child("type"), detail)
            } else {
                FieldError::invalid(path.child("type"), ty, detail)
            });
        }
        if !matches!(mt, "atomic" | "granular") {
            errs.push(FieldError::not_supported(
                path.child("x-kubernetes-map-type"),
                go_quote(mt),
                &["atomic", "granular"],
            ));
        }
    }
    let list_type = s.get("x-kubernetes-list-type").and_then(Value::as_str);
    if let Some(lt) = list_type {
        if ty != "array" {
            let detail = "must be array if x-kubernetes-list-type is specified";
            errs.push(if ty.is_empty() {
                FieldError::required(path.child("type"), detail)
            } else {
                FieldError::invalid(path.child("type"), ty, detail)
            });
        }
        if !matches!(lt, "atomic" | "set" | "map") {
            errs.push(FieldError::not_supported(
                path.child("x-kubernetes-list-type"),
                go_quote(lt),
                &["atomic", "set", "map"],
            ));
        }
    }
    let has_keys = matches!(s.get("x-kubernetes-list-map-keys"), Some(Value::Array(k)) if !k.is_empty());
    if has_keys {
        let detail = "must be map if x-kubernetes-list-map-keys is non-empty";
        match list_type {
            None => errs.push(FieldError::required(path.child("x-kubernetes-list-type"), detail)),
            Some("map") => {}
            Some(lt) => errs.push(FieldError::invalid(path.child("x-kubernetes-list-type"), lt, detail)),
        }
    }
    if list_type == Some("map") {
        if !has_keys {
            errs.push(FieldError::required(
                path.child("x-kubernetes-list-map-keys"),
                "must not be empty if x-kubernetes-list-type is map",
            ));
        }
        map_list_errors(s, path, errs);
    }
    if opts.require_atomic_set {
        errs.extend(atomic_set_errors(s, path));
    }
    if opts.require_map_keys {
        errs.extend(map_set_errors(s, path));
    }
    rule_fields(s, path, errs);
    pattern_compiles(s, path, errs);
    mark(soft, from, errs);
    junctors(s, int_or_string_any_of(s), int_or_string_all_of(s), path, depth, errs);
    if lvl == Level::Root {
        junctors_complete(s, Some(s), path, path, depth, errs);
    }
}

/// Upstream's rules for the fields every resource has, at the root and at an embedded
/// resource: `kind` and `apiVersion` strings, `metadata` an object, and at the root a
/// `metadata` that says nothing but its type, a default and the schemas of `name` and
/// `generateName` (the server owns the rest).
fn resource_root_fields(s: &Schema, lvl: Level, embedded: bool, path: &Path, errs: &mut ErrorList) {
    let check = lvl == Level::Root || embedded;
    let props = properties(s);
    let field = |k: &str| props.iter().find(|(n, _)| n == k).map(|(_, v)| v);
    for k in ["kind", "apiVersion"] {
        if let Some(f) = field(k).filter(|_| check)
            && text(f, "type") != "string"
        {
            errs.push(FieldError::invalid(
                path.child("properties").key(k).child("type"),
                text(f, "type"),
                "must be string",
            ));
        }
    }
    let Some(meta) = field("metadata") else { return };
    let mp = path.child("properties").key("metadata");
    if check && text(meta, "type") != "object" {
        errs.push(FieldError::invalid(mp.child("type"), text(meta, "type"), "must be object"));
    }
    if lvl == Level::Root && !metadata_says_only_names(meta) {
        errs.push(FieldError::forbidden(
            mp,
            "must not specify anything other than name and generateName, but metadata is implicitly specified",
        ));
    }
}

/// Whether a root `metadata` schema holds nothing but `type`, `default` and properties that are
/// `name`, `generateName` or both (unset, false and empty values count as absent, as in the
/// structural form upstream compares).
fn metadata_says_only_names(meta: &Schema) -> bool {
    let Value::Object(m) = meta else { return true };
    m.iter().all(|(k, v)| match k.as_str() {
        "type" | "default" => true,
        "properties" => match v {
            Value::Object(ps) => ps.iter().all(|(n, _)| n == "name" || n == "generateName"),
            _ => true,
        },
        _ => {
            matches!(v, Value::Null | Value::Bool(false))
                || matches!(v, Value::String(t) if t.is_empty())
                || matches!(v, Value::Array(a) if a.is_empty())
                || matches!(v, Value::Object(o) if o.is_empty())
        }
    })
}

fn pattern_compiles(s: &Schema, path: &Path, errs: &mut ErrorList) {
    let pattern = text(s, "pattern");
    if !pattern.is_empty()
        && let Err(e) = regex::Regex::new(pattern)
    {
        errs.push(FieldError::invalid(
            path.child("pattern"),
            pattern,
            &format!("must be a valid regular expression, but isn't: {e}"),
        ));
    }
}

// ---- `anyOf`, `allOf`, `oneOf` and `not` ----

/// The schemas a junctor keyword lists (`not` holds one).
fn junctor<'a>(s: &'a Schema, key: &str) -> &'a [Value] {
    match s.get(key) {
        Some(Value::Array(a)) => a,
        Some(v @ Value::Object(_)) if key == "not" => std::slice::from_ref(v),
        _ => &[],
    }
}

fn junctor_path(path: &Path, key: &str, i: usize) -> Path {
    if key == "not" { path.child("not") } else { path.child(key).index(i) }
}

/// `anyOf: [{type: integer}, {type: string}]` exactly: the one way a structural schema may
/// say int-or-string with a junctor.
fn int_or_string_any_of(s: &Schema) -> bool {
    let only_type = |v: &Value, t: &str| matches!(v, Value::Object(m) if m.len() == 1 && text(v, "type") == t);
    matches!(junctor(s, "anyOf"), [a, b] if only_type(a, "integer") && only_type(b, "string"))
}

/// The same pattern as the first of `allOf`.
fn int_or_string_all_of(s: &Schema) -> bool {
    junctor(s, "allOf").first().is_some_and(int_or_string_any_of)
}

/// Upstream's `validateValueValidation`: what the junctors of a node may hold (only value
/// validations: what gives a value its shape belongs to the structural part), and their
/// patterns.
fn junctors(
    s: &Schema,
    skip_any_of: bool,
    skip_first_all_of_any_of: bool,
    path: &Path,
    depth: usize,
    errs: &mut ErrorList,
) {
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    for key in ["anyOf", "allOf", "oneOf", "not"] {
        if key == "anyOf" && skip_any_of {
            continue;
        }
        for (i, n) in junctor(s, key).iter().enumerate() {
            let skip = key == "allOf" && i == 0 && skip_first_all_of_any_of;
            nested(n, skip, &junctor_path(path, key, i), depth + 1, errs);
        }
    }
}

/// Upstream's `validateNestedValueValidation`: a schema under a junctor (or below one).
fn nested(v: &Schema, skip_any_of: bool, path: &Path, depth: usize, errs: &mut ErrorList) {
    if depth > MAX_SCHEMA_DEPTH || !matches!(v, Value::Object(_)) {
        return;
    }
    junctors(v, skip_any_of, false, path, depth, errs);
    pattern_compiles(v, path, errs);
    if let Some(items) = sub_schema(v, "items") {
        nested(items, false, &path.child("items"), depth + 1, errs);
    }
    for (k, p) in properties(v) {
        nested(p, false, &path.child("properties").key(k), depth + 1, errs);
    }
    let structural_only = "must be empty to be structural";
    if !text(v, "type").is_empty() {
        errs.push(FieldError::forbidden(path.child("type"), structural_only));
    }
    // `additionalProperties: false` says nothing upstream keeps.
    if matches!(v.get("additionalProperties"), Some(Value::Object(_) | Value::Bool(true))) {
        errs.push(FieldError::forbidden(path.child("additionalProperties"), "must be undefined to be structural"));
    }
    if !matches!(v.get("default"), None | Some(Value::Null)) {
        errs.push(FieldError::forbidden(path.child("default"), "must be undefined to be structural"));
    }
    for key in ["title", "description"] {
        if !text(v, key).is_empty() {
            errs.push(FieldError::forbidden(path.child(key), structural_only));
        }
    }
    for key in [
        "nullable",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-embedded-resource",
        "x-kubernetes-int-or-string",
    ] {
        if flag(v, key) {
            errs.push(FieldError::forbidden(path.child(key), "must be false to be structural"));
        }
    }
    if matches!(v.get("x-kubernetes-list-map-keys"), Some(Value::Array(k)) if !k.is_empty()) {
        errs.push(FieldError::forbidden(path.child("x-kubernetes-list-map-keys"), structural_only));
    }
    for key in ["x-kubernetes-list-type", "x-kubernetes-map-type"] {
        if matches!(v.get(key), Some(Value::String(_))) {
            errs.push(FieldError::forbidden(path.child(key), "must be undefined to be structural"));
        }
    }
    if matches!(v.get("x-kubernetes-validations"), Some(Value::Array(r)) if !r.is_empty()) {
        errs.push(FieldError::forbidden(path.child("x-kubernetes-validations"), structural_only));
    }
    // Reasoning about `metadata` could restrict what the server itself sets there.
    if properties(v).iter().any(|(k, _)| k == "metadata") {
        errs.push(FieldError::forbidden(
            path.child("properties").key("metadata"),
            "must not be specified in a nested context",
        ));
    }
}

/// Upstream's `validateStructuralCompleteness`, from the root's junctors: every property and
/// item a junctor constrains must exist in the structural part at the same place (`s`, at
/// `s_path`), so each value validation applies to a value whose schema is known.
fn junctors_complete(v: &Schema, s: Option<&Schema>, s_path: &Path, v_path: &Path, depth: usize, errs: &mut ErrorList) {
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    for key in ["not", "allOf", "anyOf", "oneOf"] {
        for (i, n) in junctor(v, key).iter().enumerate() {
            nested_complete(n, s, s_path, &junctor_path(v_path, key, i), depth + 1, errs);
        }
    }
}

fn nested_complete(v: &Schema, s: Option<&Schema>, s_path: &Path, v_path: &Path, depth: usize, errs: &mut ErrorList) {
    let Some(s) = s else {
        errs.push(FieldError::required(s_path, &format!("because it is defined in {}", v_path.as_str())));
        return;
    };
    if depth > MAX_SCHEMA_DEPTH || !matches!(v, Value::Object(_)) {
        return;
    }
    junctors_complete(v, Some(s), s_path, v_path, depth, errs);
    if let Some(items) = sub_schema(v, "items") {
        nested_complete(items, sub_schema(s, "items"), &s_path.child("items"), &v_path.child("items"), depth + 1, errs);
    }
    for (k, vp) in properties(v) {
        let sp = s_path.child("properties").key(k);
        let vpp = v_path.child("properties").key(k);
        match properties(s).iter().find(|(n, _)| n == k) {
            Some((_, sf)) => nested_complete(vp, Some(sf), &sp, &vpp, depth + 1, errs),
            None => errs.push(FieldError::required(sp, &format!("because it is defined in {}", vpp.as_str()))),
        }
    }
}

/// Upstream's checks of the fields of each `x-kubernetes-validations` rule at a node, beside
/// compiling it: a rule, a message that is not blank and has no line breaks (and is given when
/// the rule has them), a message expression that is not blank, a known reason, and a field
/// path that is not blank and has no line breaks.
fn rule_fields(s: &Schema, path: &Path, errs: &mut ErrorList) {
    for (i, r) in rules_of(s).iter().enumerate() {
        let at = path.child("x-kubernetes-validations").index(i);
        let (rule, message) = (r.rule.trim(), r.message.trim());
        if rule.is_empty() {
            errs.push(FieldError::required(at.child("rule"), "rule is not specified"));
        } else if !r.message.is_empty() && message.is_empty() {
            errs.push(FieldError::invalid(at.child("message"), r.message, "must be non-empty if specified"));
        } else if message.contains('\n') {
            errs.push(FieldError::invalid(at.child("message"), r.message, "must not contain line breaks"));
        } else if rule.contains('\n') && message.is_empty() {
            errs.push(FieldError::required(
                at.child("message"),
                "message must be specified if rule contains line breaks",
            ));
        }
        if !r.message_expression.is_empty() && r.message_expression.trim().is_empty() {
            errs.push(FieldError::required(
                at.child("messageExpression"),
                "messageExpression must be non-empty if specified",
            ));
        }
        if !r.reason.is_empty() && !RULE_REASONS.contains(&r.reason) {
            errs.push(FieldError::not_supported_value(at.child("reason"), BadValue::named(r.reason), RULE_REASONS));
        }
        if !r.field_path.is_empty() && r.field_path.trim().is_empty() {
            errs.push(FieldError::invalid(at.child("fieldPath"), r.field_path, "must be non-empty if specified"));
        }
        if r.field_path.contains('\n') {
            errs.push(FieldError::invalid(at.child("fieldPath"), r.field_path, "must not contain line breaks"));
        }
        if !r.field_path.is_empty() && field_path(r.field_path, s, true).is_err() {
            errs.push(FieldError::invalid(at.child("fieldPath"), r.field_path, "must be a valid path"));
        }
    }
}

/// The CEL rules of a schema, each at its place (kapi-cel's `check_rules`, upstream's
/// compilation): every rule and message expression must compile with the types of its node,
/// with upstream's paths (`...properties[spec].x-kubernetes-validations[0].rule`), and their
/// estimated costs stay within upstream's limits. `root` is the schema's path.
fn compile_rules(s: &Schema, root: &Path, errs: &mut ErrorList) {
    // Upstream compiles no rule of a node whose rule entries have errors (a blank rule, a bad
    // message): those are reported already.
    let entries_ok = |node: &Schema| {
        let mut entry_errs = ErrorList::new();
        rule_fields(node, root, &mut entry_errs);
        entry_errs.is_empty()
    };
    let checked = kapi_cel::schema::check_rules(s, &entries_ok);
    for p in &checked.problems {
        let at = rule_path(root, &p.at);
        let error = match &p.problem {
            Problem::Cost(message) => FieldError::forbidden(at, message),
            Problem::Uncorrelatable(within) => {
                let detail = format!(
                    "oldSelf cannot be used on the uncorrelatable portion of the schema within {}",
                    node_path(root, within).as_str()
                );
                FieldError::invalid(at, p.rule.rule, &detail)
            }
            Problem::OptionalOldSelfUnused(optional) => {
                FieldError::invalid_value(at, *optional, "may not be set if oldSelf is not used in rule")
            }
            // Upstream shows the whole rule as the bad value.
            other => {
                let detail = other.detail(p.at.field).unwrap_or_default();
                FieldError::new(ErrorType::Invalid, at, BadValue::Json(rule_value(&p.rule)), detail)
            }
        };
        errs.push(error);
    }
    if let Some(total) = &checked.total {
        for at in &total.most_expensive {
            errs.push(FieldError::forbidden(rule_path(root, at), kapi_cel::schema::CONTRIBUTED_TO_TOTAL));
        }
        errs.push(FieldError::forbidden(root.clone(), &total.message));
    }
}

/// The path of a schema node below `root`.
fn node_path(root: &Path, steps: &[Step<'_>]) -> Path {
    steps.iter().fold(root.clone(), |p, step| match step {
        Step::Property(k) => p.child("properties").key(k),
        Step::Items => p.child("items"),
        Step::AdditionalProperties => p.child("additionalProperties"),
    })
}

/// The path of a field of a rule entry below `root`.
fn rule_path(root: &Path, at: &RulePlace<'_>) -> Path {
    node_path(root, &at.node).child("x-kubernetes-validations").index(at.index).child(at.field.json_name())
}

/// A rule as Go's `%#v` prints the internal `ValidationRule` upstream reports: unset pointer
/// fields as nil; a set one (where Go prints an address) with its value.
fn rule_value(r: &Rule<'_>) -> String {
    let reason = match r.reason {
        "" => "(*apiextensions.FieldValueErrorReason)(nil)".to_owned(),
        set => format!("(*apiextensions.FieldValueErrorReason)({})", go_quote(set)),
    };
    let optional = match r.optional_old_self {
        None => "(*bool)(nil)".to_owned(),
        Some(b) => format!("(*bool)({b})"),
    };
    format!(
        "apiextensions.ValidationRule{{Rule:{}, Message:{}, MessageExpression:{}, Reason:{reason}, FieldPath:{}, OptionalOldSelf:{optional}}}",
        go_quote(r.rule),
        go_quote(r.message),
        go_quote(r.message_expression),
        go_quote(r.field_path),
    )
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "validation_cost_tests.rs"]
mod cost_tests;
