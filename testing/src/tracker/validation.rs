//! The tracker's hook for object validation: a function the test server installs (from its scheme's registered `validate_<kind>` functions) that every create and update of the main resource runs before anything is stored.

use std::sync::Arc;

use kapi_client::api_errors::FieldError;
use kapi_machinery::Object;

/// Validates a new object (and, on update, against the stored one), returning every failure.
pub type Validator = Arc<dyn Fn(&dyn Object, Option<&dyn Object>) -> Vec<FieldError> + Send + Sync>;

/// A validator that runs the validation functions registered in a scheme behind a lock (the
/// test server's, which can gain kinds after the tracker has the hook).
pub fn from_scheme(scheme: Arc<std::sync::RwLock<kapi_machinery::Scheme>>) -> Validator {
    Arc::new(move |obj, old| scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).validate(obj, old))
}
