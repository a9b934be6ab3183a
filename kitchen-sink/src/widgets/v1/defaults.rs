//! Hand-written defaults of the kitchen sink.

use super::types::Part;

/// Parts listen on 8080.
pub fn set_defaults_part(obj: &mut Part) {
    obj.port.get_or_insert(8080);
}
