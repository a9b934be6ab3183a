//! The prost oracle: `build.rs` compiles the emitted `generated.proto` files (and the hand-written
//! apimachinery ones in `codegen/proto/`) with protox and prost-build, and `tests/oracle.rs` checks
//! that the prost types read what kapi's codec writes and write back the same meaning. This
//! library only maps kinds to their protobuf messages.

use kapi_machinery::GroupVersionKind;

/// The protobuf package of meta/v1, home of the option kinds, `Status`, `List` and discovery.
pub const META_V1_PACKAGE: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

/// The kinds whose home type is meta/v1's although they are registered in the core group.
const META_KINDS: &[&str] = &[
    "APIGroup",
    "APIGroupList",
    "APIResourceList",
    "APIVersions",
    "CreateOptions",
    "DeleteOptions",
    "GetOptions",
    "ListOptions",
    "PatchOptions",
    "Status",
    "UpdateOptions",
    "WatchEvent",
];

/// The protobuf package and message of a kind's home type (`Object::registered_gvk`): meta/v1 for
/// the common kinds and `meta.k8s.io`, the Go package of the group's types otherwise
/// (`k8s.io/api/<group>/<version>`, where the group directory is the group's first label, except
/// for the groups that live in other repositories or under another directory name).
pub fn proto_message_of(home: &GroupVersionKind) -> (String, String) {
    let v = &home.version;
    let package = match home.group.as_str() {
        "" if META_KINDS.contains(&home.kind.as_str()) => META_V1_PACKAGE.to_owned(),
        "meta.k8s.io" => META_V1_PACKAGE.to_owned(),
        "" => format!("k8s.io.api.core.{v}"),
        "internal.apiserver.k8s.io" => format!("k8s.io.api.apiserverinternal.{v}"),
        "apiextensions.k8s.io" => format!("k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.{v}"),
        "apiregistration.k8s.io" => format!("k8s.io.kube_aggregator.pkg.apis.apiregistration.{v}"),
        group => format!("k8s.io.api.{}.{v}", group.split('.').next().unwrap_or_default()),
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
        assert_eq!(g("", "v1", "Pod").0, "k8s.io.api.core.v1");
        assert_eq!(
            g("internal.apiserver.k8s.io", "v1alpha1", "StorageVersion").0,
            "k8s.io.api.apiserverinternal.v1alpha1"
        );
        assert_eq!(
            g("apiextensions.k8s.io", "v1", "CustomResourceDefinition").0,
            "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1"
        );
    }
}
