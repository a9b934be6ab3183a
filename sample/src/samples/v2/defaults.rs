//! Hand-written defaults of v2.

use super::types::Foo;

/// A Foo's deployment is named after the Foo unless the spec names it (as in v1).
pub fn set_defaults_foo(obj: &mut Foo) {
    if obj.spec.deployment_name.is_empty() {
        obj.spec.deployment_name.clone_from(&obj.metadata.name);
    }
}
