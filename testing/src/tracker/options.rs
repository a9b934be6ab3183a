//! Validation of request options as upstream's `ValidateCreateOptions`, `ValidateListOptions`
//! and friends do it: failures are `422 Invalid` statuses on the options kind
//! (`CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: …`).

use kapi_api::meta::errors::{FieldError, Path, invalid_options};
use kapi_api::meta::v1::object_meta_validation::validate_field_manager;
use kapi_api::meta::v1::{
    CreateOptions, DRY_RUN_ALL, DeleteOptions, DeletionPropagation, FIELD_VALIDATION_IGNORE, FIELD_VALIDATION_STRICT,
    FIELD_VALIDATION_WARN, ListOptions, PatchOptions, ResourceVersionMatch, UpdateOptions,
};

use super::Result;

/// How unknown and duplicate fields in a request body are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FieldValidation {
    /// Drop them silently.
    Ignore,
    /// Drop them and warn (the default).
    #[default]
    Warn,
    /// Reject the request.
    Strict,
}

fn dry_run_errors(values: &[String]) -> Vec<FieldError> {
    if values.iter().all(|v| v == DRY_RUN_ALL) {
        return Vec::new();
    }
    let shown: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    vec![FieldError::not_supported("dryRun", format!("[]string{{{}}}", shown.join(", ")), &[DRY_RUN_ALL])]
}

/// Upstream's `ValidateFieldManager` on the query's `fieldManager`.
fn field_manager_errors(manager: &str) -> Vec<FieldError> {
    validate_field_manager(manager, &Path::new("fieldManager"))
}

fn field_validation(value: &str, errors: &mut Vec<FieldError>) -> FieldValidation {
    match value {
        "" | FIELD_VALIDATION_WARN => FieldValidation::Warn,
        FIELD_VALIDATION_IGNORE => FieldValidation::Ignore,
        FIELD_VALIDATION_STRICT => FieldValidation::Strict,
        other => {
            errors.push(FieldError::not_supported(
                "fieldValidation",
                format!("{other:?}"),
                &["", FIELD_VALIDATION_IGNORE, FIELD_VALIDATION_STRICT, FIELD_VALIDATION_WARN],
            ));
            FieldValidation::Warn
        }
    }
}

/// What a write request asked for, once its options are validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// `dryRun=All`: run everything but persist nothing.
    pub dry_run: bool,
    /// The field validation directive.
    pub field_validation: FieldValidation,
}

fn finish(kind: &str, errors: Vec<FieldError>, dry_run: &[String], fv: FieldValidation) -> Result<WriteOptions> {
    if errors.is_empty() {
        Ok(WriteOptions { dry_run: !dry_run.is_empty(), field_validation: fv })
    } else {
        Err(invalid_options(kind, &errors))
    }
}

/// Validates create options.
pub fn validate_create(o: &CreateOptions) -> Result<WriteOptions> {
    let mut errors = field_manager_errors(&o.field_manager);
    errors.extend(dry_run_errors(&o.dry_run));
    let fv = field_validation(&o.field_validation, &mut errors);
    finish("CreateOptions", errors, &o.dry_run, fv)
}

/// Validates update options.
pub fn validate_update(o: &UpdateOptions) -> Result<WriteOptions> {
    let mut errors = field_manager_errors(&o.field_manager);
    errors.extend(dry_run_errors(&o.dry_run));
    let fv = field_validation(&o.field_validation, &mut errors);
    finish("UpdateOptions", errors, &o.dry_run, fv)
}

/// Validates patch options; `apply` additionally requires a field manager and refuses `force`
/// for other patch types, as upstream does.
pub fn validate_patch(o: &PatchOptions, apply: bool) -> Result<WriteOptions> {
    let mut errors = Vec::new();
    if apply && o.field_manager.is_empty() {
        errors.push(FieldError::required("fieldManager", "is required for apply requests"));
    }
    if !apply && o.force.is_some() {
        errors.push(FieldError::forbidden("force", "may not be specified for non-apply patch"));
    }
    errors.extend(field_manager_errors(&o.field_manager));
    errors.extend(dry_run_errors(&o.dry_run));
    let fv = field_validation(&o.field_validation, &mut errors);
    finish("PatchOptions", errors, &o.dry_run, fv)
}

/// Validates delete options and returns whether it is a dry run.
pub fn validate_delete(o: &DeleteOptions) -> Result<bool> {
    let mut errors = Vec::new();
    if let (Some(_), Some(p)) = (&o.orphan_dependents, &o.propagation_policy) {
        errors.push(FieldError::invalid(
            "propagationPolicy",
            &p.0,
            "orphanDependents and deletionPropagation cannot be both set",
        ));
    }
    if let Some(p) = &o.propagation_policy
        && ![DeletionPropagation::FOREGROUND, DeletionPropagation::BACKGROUND, DeletionPropagation::ORPHAN]
            .contains(&p.0.as_str())
    {
        errors.push(FieldError::not_supported(
            "propagationPolicy",
            format!("{:?}", p.0),
            &[DeletionPropagation::FOREGROUND, DeletionPropagation::BACKGROUND, DeletionPropagation::ORPHAN, "nil"],
        ));
    }
    errors.extend(dry_run_errors(&o.dry_run));
    if errors.is_empty() { Ok(!o.dry_run.is_empty()) } else { Err(invalid_options("DeleteOptions", &errors)) }
}

/// Validates list options (`watch` unset), as upstream's `ValidateListOptions`.
pub fn validate_list(o: &ListOptions) -> Result<()> {
    let mut errors = Vec::new();
    let m = o.resource_version_match.0.as_str();
    if !m.is_empty() {
        if o.resource_version.is_empty() {
            errors.push(FieldError::forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden unless resourceVersion is provided",
            ));
        }
        if !o.continue_.is_empty() {
            errors.push(FieldError::forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden when continue is provided",
            ));
        }
        if m != ResourceVersionMatch::EXACT && m != ResourceVersionMatch::NOT_OLDER_THAN {
            errors.push(FieldError::not_supported(
                "resourceVersionMatch",
                format!("{m:?}"),
                &[ResourceVersionMatch::EXACT, ResourceVersionMatch::NOT_OLDER_THAN, ""],
            ));
        }
        if m == ResourceVersionMatch::EXACT && o.resource_version == "0" {
            errors.push(FieldError::forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"",
            ));
        }
    }
    if o.send_initial_events.is_some() {
        errors.push(FieldError::forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list"));
    }
    if errors.is_empty() { Ok(()) } else { Err(invalid_options("ListOptions", &errors)) }
}

/// Validates watch options, as upstream's `validateWatchOptions` (with the watch-list feature on).
pub fn validate_watch(o: &ListOptions) -> Result<()> {
    let mut errors = Vec::new();
    let m = o.resource_version_match.0.as_str();
    if o.send_initial_events.is_some() && m != ResourceVersionMatch::NOT_OLDER_THAN {
        errors.push(FieldError::forbidden(
            "resourceVersionMatch",
            "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan",
        ));
    }
    if !m.is_empty() {
        if o.send_initial_events.is_none() {
            errors.push(FieldError::forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided",
            ));
        }
        if m != ResourceVersionMatch::NOT_OLDER_THAN {
            errors.push(FieldError::not_supported(
                "resourceVersionMatch",
                format!("{m:?}"),
                &[ResourceVersionMatch::NOT_OLDER_THAN],
            ));
        }
        if !o.continue_.is_empty() {
            errors.push(FieldError::forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden when continue is provided",
            ));
        }
    }
    if errors.is_empty() { Ok(()) } else { Err(invalid_options("ListOptions", &errors)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dry_run_values() {
        let ok = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
        assert!(validate_create(&ok).unwrap().dry_run);
        assert!(!validate_create(&CreateOptions::default()).unwrap().dry_run);
        let bad = CreateOptions { dry_run: vec!["foo".into()], ..Default::default() };
        let err = validate_create(&bad).unwrap_err();
        assert_eq!(
            err.to_string(),
            "CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"foo\"}: supported values: \"All\""
        );
        assert!(err.is_invalid());
    }

    #[test]
    fn field_validation_values() {
        let o = UpdateOptions { field_validation: "Strict".into(), ..Default::default() };
        assert_eq!(validate_update(&o).unwrap().field_validation, FieldValidation::Strict);
        assert_eq!(validate_update(&UpdateOptions::default()).unwrap().field_validation, FieldValidation::Warn);
        let o = UpdateOptions { field_validation: "strict".into(), ..Default::default() };
        assert!(validate_update(&o).is_err());
    }

    #[test]
    fn field_managers_as_upstreams_validate_field_manager() {
        // Every character Go's `unicode.IsPrint` refuses is named, with its byte position; a
        // too-long name is reported beside them.
        let o = CreateOptions { field_manager: "kube\u{ad}ctl\t".into(), ..Default::default() };
        assert_eq!(
            validate_create(&o).unwrap_err().to_string(),
            "CreateOptions.meta.k8s.io \"\" is invalid: [fieldManager: Invalid value: \"kube\\u00adctl\\t\": invalid \
             character U+00AD (at position 4), fieldManager: Invalid value: \"kube\\u00adctl\\t\": invalid character U+0009 \
             (at position 9)]"
        );
        let o = UpdateOptions { field_manager: format!("{}\u{0}", "m".repeat(128)), ..Default::default() };
        let err = validate_update(&o).unwrap_err().to_string();
        assert!(err.contains("fieldManager: Too long: may not be more than 128 bytes"), "{err}");
        assert!(err.contains("invalid character U+0000 (at position 128)"), "{err}");
        let o = UpdateOptions { field_manager: "kübectl 🚀".into(), ..Default::default() };
        assert!(validate_update(&o).is_ok());
    }

    #[test]
    fn apply_needs_a_manager() {
        let err = validate_patch(&PatchOptions::default(), true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply requests"
        );
        let o = PatchOptions { force: Some(true), ..Default::default() };
        assert!(validate_patch(&o, false).is_err());
    }

    #[test]
    fn list_and_watch_options() {
        let o = ListOptions { resource_version_match: ResourceVersionMatch("Exact".into()), ..Default::default() };
        assert!(validate_list(&o).is_err());
        let o = ListOptions { send_initial_events: Some(true), ..Default::default() };
        assert!(validate_list(&o).is_err());
        assert!(validate_watch(&o).is_err());
        let o = ListOptions {
            send_initial_events: Some(true),
            resource_version_match: ResourceVersionMatch("NotOlderThan".into()),
            ..Default::default()
        };
        assert!(validate_watch(&o).is_ok());
    }

    #[test]
    fn delete_options() {
        let o =
            DeleteOptions { propagation_policy: Some(DeletionPropagation("Sideways".into())), ..Default::default() };
        let err = validate_delete(&o).unwrap_err();
        assert!(err.to_string().contains("propagationPolicy: Unsupported value: \"Sideways\""), "{err}");
        let o = DeleteOptions {
            propagation_policy: Some(DeletionPropagation("Orphan".into())),
            orphan_dependents: Some(true),
            ..Default::default()
        };
        assert!(validate_delete(&o).is_err());
        assert!(validate_delete(&DeleteOptions { dry_run: vec!["All".into()], ..Default::default() }).unwrap());
    }
}
