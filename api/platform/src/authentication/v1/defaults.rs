//! Hand-written defaults of `authentication.k8s.io/v1` (upstream's `SetDefaults_*`).

use super::types::*;

/// A token request without a validity asks for one hour.
pub fn set_defaults_token_request_spec(obj: &mut TokenRequestSpec) {
    obj.expiration_seconds.get_or_insert(60 * 60);
}
