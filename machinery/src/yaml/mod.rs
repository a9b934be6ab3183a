//! Temporary placeholder while the YAML module is written; replaced by the real implementation.

use crate::error::DecodeError;

/// Converts JSON to YAML.
pub fn json_to_yaml(_json: &[u8]) -> Result<Vec<u8>, DecodeError> {
    Err(DecodeError::invalid("yaml not yet available"))
}

/// Converts YAML to JSON.
pub fn yaml_to_json(_yaml: &[u8], _strict: bool) -> Result<Vec<u8>, DecodeError> {
    Err(DecodeError::invalid("yaml not yet available"))
}
