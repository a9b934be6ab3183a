//! The prost oracle: `build.rs` compiles the emitted `generated.proto` files (and the hand-written
//! apimachinery ones in `codegen/proto/`) with protox and prost-build, and `tests/oracle.rs` checks
//! that the prost types read what kapi's codec writes and write back the same meaning. This
//! library only maps kinds to their protobuf messages.

use kapi_machinery::GroupVersionKind;

/// The protobuf package of meta/v1, home of the option kinds, `Status`, `List` and discovery.
pub const META_V1_PACKAGE: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

/// The protobuf package and message of a kind's home type (`Object::registered_gvk`): meta/v1 for
/// the core and `meta.k8s.io` kinds, `k8s.io.api.<group>.<version>` for an API group, named after
/// the group's first label as the package path under `api/src` is.
pub fn proto_message_of(home: &GroupVersionKind) -> (String, String) {
    let package = if home.group.is_empty() || home.group == "meta.k8s.io" {
        META_V1_PACKAGE.to_owned()
    } else {
        let short = home.group.split('.').next().unwrap_or_default();
        format!("k8s.io.api.{short}.{}", home.version)
    };
    (package, home.kind.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_map_to_their_packages() {
        let g = |g: &str, v: &str, k: &str| proto_message_of(&GroupVersionKind::new(g, v, k));
        assert_eq!(
            g("admissionregistration.k8s.io", "v1beta1", "ValidatingWebhookConfiguration"),
            ("k8s.io.api.admissionregistration.v1beta1".to_owned(), "ValidatingWebhookConfiguration".to_owned())
        );
        assert_eq!(g("", "v1", "DeleteOptions").0, META_V1_PACKAGE);
    }
}
