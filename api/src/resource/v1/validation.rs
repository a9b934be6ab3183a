//! Hand-written validation of resource.k8s.io/v1 device classes, with the checks, field paths and messages of upstream's `pkg/apis/resource/validation`.
//!
//! Only `DeviceClass` is ported. Its selectors' CEL expressions are checked for presence and
//! length, not compiled: upstream compiles them in the DRA environment (`device`, its
//! attributes and capacity) and bounds their estimated cost, which kapi-cel does not model.
//! The checks upstream marks covered by beta declarative rules (the name, list sizes, driver
//! names, the extended resource name) are the generated rules' while beta declarative
//! validation is on.

use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::RawExtension;
use kapi_machinery::validation::content::is_dns1123_subdomain;
use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::{DeviceClass, DeviceConfiguration, DeviceSelector};
use crate::core::v1::validation::is_extended_resource_name;
use crate::features::{Feature, enabled};

/// Upstream's `CELSelectorExpressionMaxLength`.
const CEL_SELECTOR_EXPRESSION_MAX_LENGTH: usize = 10 * 1024;
/// Upstream's `OpaqueParametersMaxLength`.
const OPAQUE_PARAMETERS_MAX_LENGTH: usize = 10 * 1024;
/// Upstream's `DeviceSelectorsMaxSize` and `DeviceConfigMaxSize`.
const MAX_ITEMS: usize = 32;
/// What upstream puts where a raw value would be.
const OMITTED: &str = "<value omitted>";

/// Validates a `DeviceClass` (upstream's `ValidateDeviceClass` and `…Update`): each selector has
/// a CEL expression of at most 10 KiB, each configuration an opaque driver configuration whose
/// parameters are a JSON object of at most 10 KiB (not re-checked for size when the
/// configuration is unchanged on update), and the extended resource name.
pub fn validate_device_class(obj: &DeviceClass, old: Option<&DeviceClass>) -> ErrorList {
    let beta = enabled(Feature::DeclarativeValidationBeta);
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    let sp = path.child("selectors");
    if spec.selectors.len() > MAX_ITEMS && !beta {
        errs.push(FieldError::too_many(&sp, spec.selectors.len(), MAX_ITEMS));
    }
    for (i, s) in spec.selectors.iter().enumerate() {
        errs.extend(validate_selector(s, &sp.index(i)));
    }
    // Unchanged configuration counts as stored: its size limit came later than the field.
    let stored = old.is_some_and(|o| o.spec.config == spec.config);
    let cp = path.child("config");
    if spec.config.len() > MAX_ITEMS && !beta {
        errs.push(FieldError::too_many(&cp, spec.config.len(), MAX_ITEMS));
    }
    for (i, c) in spec.config.iter().enumerate() {
        errs.extend(validate_device_configuration(&c.device_configuration, stored, beta, &cp.index(i)));
    }
    if let Some(name) = &spec.extended_resource_name
        && !beta
        && !is_extended_resource_name(name)
    {
        errs.push(FieldError::invalid(
            path.child("extendedResourceName"),
            name,
            "must be a valid extended resource name",
        ));
    }
    errs
}

fn validate_selector(s: &DeviceSelector, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match &s.cel {
        None => errs.push(FieldError::required(path.child("cel"), "")),
        Some(cel) if cel.expression.len() > CEL_SELECTOR_EXPRESSION_MAX_LENGTH => {
            errs.push(FieldError::too_long(path.child("cel").child("expression"), CEL_SELECTOR_EXPRESSION_MAX_LENGTH));
        }
        Some(_) => {}
    }
    errs
}

fn validate_device_configuration(c: &DeviceConfiguration, stored: bool, beta: bool, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(opaque) = &c.opaque else {
        errs.push(FieldError::required(path.child("opaque"), ""));
        return errs;
    };
    let op = path.child("opaque");
    if !beta {
        errs.extend(driver_name(&opaque.driver, &op.child("driver")));
    }
    errs.extend(raw_extension(&opaque.parameters, stored, OPAQUE_PARAMETERS_MAX_LENGTH, &op.child("parameters")));
    errs
}

/// Upstream's `ValidateCSIDriverName`, which driver names reuse.
fn driver_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path, ""));
    }
    if name.len() > 63 {
        errs.push(FieldError::too_long(path, 63));
    }
    errs.extend(is_dns1123_subdomain(&name.to_lowercase()).iter().map(|m| FieldError::invalid(path, name, m)));
    errs
}

/// Upstream's `validateRawExtension`: present, within `max` bytes unless stored, and a JSON
/// object. A parse error's text is kapi's decoder's, not Go's `encoding/json`'s.
fn raw_extension(raw: &RawExtension, stored: bool, max: usize, path: &Path) -> ErrorList {
    let bytes = raw.raw.as_deref().unwrap_or_default();
    let err = if bytes.is_empty() {
        FieldError::required(path, "")
    } else if !stored && bytes.len() > max {
        FieldError::too_long(path, max)
    } else {
        match value::parse(bytes) {
            Err(e) => FieldError::invalid(path, OMITTED, &format!("error parsing data as JSON: {e}")),
            Ok(Value::Null) => FieldError::required(path, ""),
            Ok(Value::Object(_)) => return ErrorList::new(),
            Ok(_) => FieldError::invalid(path, OMITTED, "parameters must be a valid JSON object"),
        }
    };
    vec![err]
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
