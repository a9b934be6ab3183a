//! The tracker's hooks for object validation and write warnings: functions the test server installs (from its scheme's registered `validate_<kind>`, `validate_<kind>_status_update`, `warnings_for_<kind>` and `warnings_for_<kind>_status_update` functions, pods' `ephemeralcontainers` and `resize` rules, certificate signing requests' `approval` rules and namespaces' `finalize` rules) that every create and update of the main resource, every status write and every validated subresource write runs before anything is stored.

use std::sync::Arc;

use kapi_api::meta::errors::FieldError;
use kapi_machinery::Object;

/// Validates a new object (and, on update, against the stored one), returning every failure.
pub type Validator = Arc<dyn Fn(&dyn Object, Option<&dyn Object>) -> Vec<FieldError> + Send + Sync>;

/// The warnings of a valid create (no stored object) or update of a main resource.
pub type Warner = Arc<dyn Fn(&dyn Object, Option<&dyn Object>) -> Vec<String> + Send + Sync>;

/// Whether a validator has rules for an object's kind (its version's own, or another version's
/// that the scheme converts it to).
pub type Validates = Arc<dyn Fn(&dyn Object) -> bool + Send + Sync>;

/// Whether the scheme behind a lock has validation functions for an object's kind.
pub fn validates_from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Validates {
    Arc::new(move |obj| scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).validates(obj))
}

/// A validator that runs the validation functions registered in a scheme behind a lock (the
/// test server's, which can gain kinds after the tracker has the hook).
pub fn from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Validator {
    Arc::new(move |obj, old| scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).validate(obj, old))
}

/// The warnings registered in a scheme behind a lock (its kinds' `warnings_for_<kind>`).
pub fn warnings_from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Warner {
    Arc::new(move |obj, old| scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).warnings(obj, old))
}

/// The warnings of status writes registered in a scheme behind a lock (its kinds'
/// `warnings_for_<kind>_status_update`); without a stored object there are none.
pub fn status_warnings_from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Warner {
    Arc::new(move |obj, old| match old {
        Some(old) => scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).status_warnings(obj, old),
        None => Vec::new(),
    })
}

/// A validator for status writes that runs the status validation functions registered in a
/// scheme behind a lock; without a stored object there is nothing to check.
pub fn status_from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Validator {
    Arc::new(move |obj, old| match old {
        Some(old) => scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).validate_status(obj, old),
        None => Vec::new(),
    })
}

/// A validator running `rule` on a write of kind `T` and the stored object, as the subresource
/// strategies below do; anything else (another version, no stored object) has nothing to check.
fn typed_update<T: Object + 'static>(rule: fn(&T, &T) -> Vec<FieldError>) -> Validator {
    Arc::new(move |obj, old| {
        let new = obj.as_any().downcast_ref::<T>();
        let old = old.and_then(|o| o.as_any().downcast_ref::<T>());
        match (new, old) {
            (Some(new), Some(old)) => rule(new, old),
            _ => Vec::new(),
        }
    })
}

/// A validator for writes to pods' `ephemeralcontainers` subresource (upstream's
/// `ValidatePodEphemeralContainersUpdate`); pods are stored as v1 only.
pub fn pod_ephemeral_containers() -> Validator {
    typed_update(kapi_api::core::v1::validation::validate_pod_ephemeral_containers_update)
}

/// A validator for writes to pods' `resize` subresource (upstream's `ValidatePodResize`), on the
/// stored pod with the written resources merged in; pods are stored as v1 only.
pub fn pod_resize() -> Validator {
    typed_update(kapi_api::core::v1::validation::validate_pod_resize)
}

/// A validator for writes to namespaces' `finalize` subresource (upstream's
/// `ValidateNamespaceFinalizeUpdate`); namespaces are v1 only.
pub fn namespace_finalize() -> Validator {
    typed_update(kapi_api::core::v1::validation::validate_namespace_finalize_update)
}

/// A validator for writes to certificate signing requests' `approval` subresource: upstream's
/// `ValidateCertificateSigningRequestApprovalUpdate`, then the kind's declarative rules, as its
/// approval strategy runs them (an error both report is kept once). Only v1 serves `approval`.
pub fn csr_approval() -> Validator {
    use kapi_api::certificates::v1::{self as certificates, CertificateSigningRequest};
    typed_update(|new: &CertificateSigningRequest, old: &CertificateSigningRequest| {
        let mut errs = certificates::validation::validate_certificate_signing_request_approval_update(new, old);
        let declarative = certificates::validate_declarative_certificate_signing_request(new, Some(old));
        let seen: std::collections::HashSet<FieldError> = errs.iter().cloned().collect();
        errs.extend(declarative.into_iter().filter(|e| !seen.contains(e)));
        errs
    })
}
